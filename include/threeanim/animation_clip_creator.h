/**
 * @file
 * threeanim/animation_clip_creator.h -- ready-made clips.
 *
 * three.js's AnimationClipCreator (examples/jsm/animation). Each function
 * returns a clip of one track, with no name, that lasts the period or
 * duration given:
 *
 *     ta_clip *spin, *shake;
 *     ta_clip_create_rotation_animation(ta_node_at(0), ta_duration_from_seconds(2), 1, NULL, &spin, &err);
 *     ta_seeded_random rng = ta_seeded_random_make(7);
 *     ta_vec3 amount = {0.1f, 0.1f, 0};
 *     ta_clip_create_shake_animation(ta_node_at(0), ta_duration_from_seconds(3), amount, &rng, NULL, &shake, &err);
 *
 * The rotation runs from 0 to 360 radians, as three.js's does: three.js
 * writes 360 and reads it as radians. Shake and pulsation draw their numbers
 * from the caller's ta_seeded_random in place of Math.random, in three.js's
 * order (x, y, z of each key in turn), so the same seed makes the same clip;
 * they make a key every tenth of a second while i / 10 is before the
 * duration, which is ceil(duration * 10) keys, worked out without counting.
 *
 * Ownership: the clip is the caller's, with one reference (ta_clip_release),
 * made with the allocator given (NULL: the C library's).
 *
 * Refused, before anything is made and before the generator draws: a period
 * or duration that is NaN or infinite (TA_ERROR_NOT_A_NUMBER), below zero
 * (TA_ERROR_OUT_OF_RANGE) or zero (TA_ERROR_EMPTY_CLIP: a clip must last
 * longer than no time); an axis above 2 (TA_ERROR_OUT_OF_RANGE); a shake or
 * pulse scale or a color that is not finite (TA_ERROR_NOT_A_NUMBER), a pulse
 * scale past the largest float (TA_ERROR_OUT_OF_RANGE); no colors
 * (TA_ERROR_NO_KEYS);
 * and for shake and pulsation a key count above TA_CLIP_CREATOR_MAX_KEYS
 * (TA_ERROR_OUT_OF_RANGE): up to it, key times a tenth of a second apart stay
 * distinct in float32; soon after it they no longer do. A refused call leaves
 * the generator as it was.
 */
#ifndef THREEANIM_ANIMATION_CLIP_CREATOR_H
#define THREEANIM_ANIMATION_CLIP_CREATOR_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/random.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The most keys shake and pulsation make: key times i / 10 stay distinct in float32 below 2^20
 * seconds, so 10 * 2^20 keys.
 */
#define TA_CLIP_CREATOR_MAX_KEYS 10485760u

/**
 * A clip of one ROTATION_ELEMENT track of axis (0 x, 1 y, 2 z): 0 at 0, 360 at period. The 360 is
 * three.js's, which a rotation reads as radians.
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL, a bad allocator), TA_ERROR_NOT_A_NUMBER (period
 * NaN or infinite), TA_ERROR_OUT_OF_RANGE (period below zero), TA_ERROR_EMPTY_CLIP (period zero),
 * TA_ERROR_OUT_OF_RANGE (an axis above 2), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreateRotationAnimation(period, axis).
 */
TA_API ta_result ta_clip_create_rotation_animation(ta_node_id node, ta_duration period, uint32_t axis,
                                              const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

/**
 * A clip of one SCALE_ELEMENT track of axis: 0 at 0, 1 at period.
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL, a bad allocator), TA_ERROR_NOT_A_NUMBER (period
 * NaN or infinite), TA_ERROR_OUT_OF_RANGE (period below zero), TA_ERROR_EMPTY_CLIP (period zero),
 * TA_ERROR_OUT_OF_RANGE (an axis above 2), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreateScaleAxisAnimation(period, axis).
 */
TA_API ta_result ta_clip_create_scale_axis_animation(ta_node_id node, ta_duration period, uint32_t axis,
                                                const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

/**
 * A clip of one POSITION track: at each i / 10 before duration, (2u - 1) * shake_scale per axis, u
 * drawn from random in three.js's order (x, y, z of each key in turn).
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's). random is the caller's and moves on by three draws a key; a
 * refused call does not draw.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip or random NULL), TA_ERROR_NOT_A_NUMBER (duration NaN
 * or infinite), TA_ERROR_OUT_OF_RANGE (duration below zero), TA_ERROR_EMPTY_CLIP (duration zero),
 * TA_ERROR_OUT_OF_RANGE (more than TA_CLIP_CREATOR_MAX_KEYS keys), TA_ERROR_NOT_A_NUMBER (a shake
 * scale that is not finite), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreateShakeAnimation(duration, shakeScale), with Math.random.
 */
TA_API ta_result ta_clip_create_shake_animation(ta_node_id node, ta_duration duration, ta_vec3 shake_scale,
                                           ta_seeded_random *random, const ta_allocator *allocator,
                                           ta_clip **out_clip, ta_error *err);

/**
 * A clip of one SCALE track: at each i / 10 before duration, (s, s, s) with s = u * pulse_scale, u
 * drawn from random.
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's). random moves on by one draw a key; a refused call does not
 * draw.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip or random NULL), TA_ERROR_NOT_A_NUMBER (duration NaN
 * or infinite), TA_ERROR_OUT_OF_RANGE (duration below zero), TA_ERROR_EMPTY_CLIP (duration zero),
 * TA_ERROR_OUT_OF_RANGE (more than TA_CLIP_CREATOR_MAX_KEYS keys, or a pulse scale past the largest
 * float), TA_ERROR_NOT_A_NUMBER (a pulse scale that is not finite), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreatePulsationAnimation(duration, pulseScale), with Math.random.
 */
TA_API ta_result ta_clip_create_pulsation_animation(ta_node_id node, ta_duration duration, double pulse_scale,
                                               ta_seeded_random *random, const ta_allocator *allocator,
                                               ta_clip **out_clip, ta_error *err);

/**
 * A clip of one VISIBLE track: shown at 0, hidden at duration / 2, shown at duration.
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL, a bad allocator), TA_ERROR_NOT_A_NUMBER
 * (duration NaN or infinite), TA_ERROR_OUT_OF_RANGE (duration below zero), TA_ERROR_EMPTY_CLIP
 * (duration zero), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreateVisibilityAnimation(duration).
 */
TA_API ta_result ta_clip_create_visibility_animation(ta_node_id node, ta_duration duration,
                                                const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

/**
 * A clip of one MATERIAL_COLOR track: color i at i * duration / (color_count - 1), or the one color
 * at 0. colors holds color_count colors of three linear channels each.
 *
 * @ownership The caller holds the new clip's one reference (ta_clip_release); it is made with
 * allocator (NULL: the C library's). colors is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL, a bad allocator), TA_ERROR_NOT_A_NUMBER
 * (duration NaN or infinite), TA_ERROR_OUT_OF_RANGE (duration below zero), TA_ERROR_EMPTY_CLIP
 * (duration zero), TA_ERROR_NO_KEYS (no colors, or colors NULL), TA_ERROR_NOT_A_NUMBER (a channel
 * that is not finite), TA_ERROR_OUT_OF_RANGE (more colors than a track holds),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClipCreator.CreateMaterialColorAnimation(duration, colors).
 */
TA_API ta_result ta_clip_create_material_color_animation(ta_material_id material, ta_duration duration,
                                                    const float *colors, uint32_t color_count,
                                                    const ta_allocator *allocator, ta_clip **out_clip,
                                                    ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
