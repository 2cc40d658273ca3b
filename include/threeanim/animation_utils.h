/**
 * @file
 * threeanim/animation_utils.h -- making clips from clips, and key ordering.
 *
 * three.js: AnimationUtils.subclip, makeClipAdditive, getKeyframeOrder and
 * sortedArray, and AnimationClip.CreateFromMorphTargetSequence and
 * CreateClipsFromMorphTargetSequences.
 *
 *     ta_clip *wave, *nod;
 *     ta_clip_subclip(everything, "wave", 30, 60, 30, NULL, &wave, &err);   // frames [30, 60) at 30 fps
 *     ta_clip_make_additive(nod_clip, 0, NULL, 30, NULL, &nod, &err);   // frame 0 of itself
 *
 * Ownership: every call that makes a clip returns a new clip with one
 * reference, owned by the caller (ta_clip_release), made with the allocator
 * given (NULL: the C library's). The clips given are only read: unlike
 * three.js's makeClipAdditive, ta_clip_make_additive never changes its input.
 *
 * Frame rates and frames. A frame rate must be above zero (three.js puts 30
 * in place of a rate of zero or less; this port refuses it) and a frame must
 * not be below zero. TA_CLIP_DEFAULT_FPS is three.js's default rate.
 */
#ifndef THREEANIM_ANIMATION_UTILS_H
#define THREEANIM_ANIMATION_UTILS_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** three.js's default frame rate for subclip and makeClipAdditive. */
#define TA_CLIP_DEFAULT_FPS 30.0

/**
 * The part of clip between two frames. A key stays if its frame (its time times fps) is at
 * start_frame or after it and before end_frame; no key is made at the cut. The kept keys move back
 * so that the earliest one, over all tracks, is at zero. A track with no key in the range is left
 * out. Tangents and Bezier control points of kept keys are kept (control times move with their
 * keys); the blend mode, user data and markers are kept (the markers at their times: they do not
 * move with the keys); the duration is the longest kept track's. name may be NULL ("").
 *
 * @ownership clip is only read. The caller holds the new clip's one reference (ta_clip_release); it
 * is made with allocator (NULL: the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (clip or out_clip NULL), TA_ERROR_OUT_OF_RANGE (fps not above
 * zero, a frame below zero, end_frame before start_frame), TA_ERROR_NOT_A_NUMBER (NaN or an
 * infinity), TA_ERROR_EMPTY_CLIP (a range that keeps no key, or keeps keys at one time only, so
 * that the subclip would last no time; three.js returns a clip of no length),
 * TA_ERROR_OUT_OF_RANGE (a marker of clip past the subclip's end: "markers[i].time: ..."),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationUtils.subclip(clip, name, startFrame, endFrame, fps).
 */
TA_API ta_result ta_clip_subclip(const ta_clip *clip, const char *name, double start_frame, double end_frame, double fps,
                            const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

/**
 * A new clip holding the changes of clip from a reference pose, with ADDITIVE_BLEND_MODE. The
 * reference is reference_clip (NULL: clip itself) read at reference_frame / fps: before its first
 * key the first key's value, after the last the last's, between keys the track's value there (for a
 * CUBIC_SPLINE reference, the curve's; three.js reads numbers that are not there). Each reference
 * track changes the first track of clip with the same target: numbers and colors become the key
 * minus the reference, rotations conjugate(reference) * key; flag and string tracks are left as
 * they are. Tangents and control points are kept as they are, as three.js keeps them. The name,
 * duration, user data and markers are clip's.
 *
 * @ownership clip and reference_clip are only read: unlike three.js, the input never changes. The
 * caller holds the new clip's one reference, made with allocator (NULL: the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (clip or out_clip NULL), TA_ERROR_OUT_OF_RANGE (fps not above
 * zero, a frame below zero), TA_ERROR_NOT_A_NUMBER (NaN or an infinity, or a key that the
 * subtraction takes past the largest float), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationUtils.makeClipAdditive(targetClip, referenceFrame, referenceClip, fps), which
 * changes targetClip in place and returns it.
 */
TA_API ta_result ta_clip_make_additive(const ta_clip *clip, double reference_frame, const ta_clip *reference_clip,
                                       double fps, const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

/**
 * The order that sorts count times, earliest first; keys at one time keep their order (three.js's
 * sort is stable). out_order receives count indices.
 *
 * @ownership Writes out_order only.
 * @errors TA_ERROR_INVALID_ARGUMENT (times or out_order NULL with a count), TA_ERROR_NOT_A_NUMBER
 * (a NaN time).
 * @threejs AnimationUtils.getKeyframeOrder(times).
 */
TA_API ta_result ta_keyframe_compute_order(const float *times, uint32_t count, uint32_t *out_order, ta_error *err);

/**
 * values (value_count numbers, stride per key) put in order: out_values' key i is values' key
 * order[i]. order_count must be value_count / stride and every index below it; out_values
 * (value_count numbers) must not be values.
 *
 * @ownership Writes out_values only.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL array, out_values the same as values),
 * TA_ERROR_OUT_OF_RANGE (stride 0, an index past the keys), TA_ERROR_BAD_VALUE_COUNT (values that
 * do not divide into keys, order_count not the key count). A refused call writes nothing.
 * @threejs AnimationUtils.sortedArray(values, stride, order).
 */
TA_API ta_result ta_keyframe_apply_order(const float *values, uint32_t value_count, uint32_t stride, const uint32_t *order,
                                 uint32_t order_count, float *out_values, ta_error *err);

/**
 * A clip that shows each morph target in turn, one frame each at fps. targets are MORPH_INFLUENCE
 * or SKINNED_MORPH_INFLUENCE targets (ta_track_target_morph, ta_track_target_skinned_morph); track i drives
 * targets[i]: 1 at frame i, 0 at the frames on each side, and unless no_loop a last key at frame
 * target_count repeating the first, for a loop. With one or two targets three.js makes two keys at
 * one time; here only the later is kept, which reads the same. name may be NULL ("").
 *
 * @ownership The caller holds the new clip's one reference, made with allocator (NULL: the C
 * library's); targets is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL), TA_ERROR_EMPTY_CLIP (no targets, or one target
 * with no_loop, whose clip would last no time), TA_ERROR_WRONG_KIND (a target of another kind),
 * TA_ERROR_OUT_OF_RANGE and TA_ERROR_NOT_A_NUMBER (fps not above zero, or not finite),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClip.CreateFromMorphTargetSequence(name, morphTargets, fps, noLoop), which
 * takes the targets' names (and puts 30 in place of an fps of zero or less).
 */
TA_API ta_result ta_clip_create_from_morph_target_sequence(const char *name, const ta_track_target *targets,
                                                      uint32_t target_count, double fps, bool no_loop,
                                                      const ta_allocator *allocator, ta_clip **out_clip,
                                                      ta_error *err);

/**
 * One clip per animation that the names hold. names[i] is the name of targets[i] (a target does not
 * carry its geometry's morph names). A name of letters, digits, '_' and '-' that ends in digits,
 * such as Walk_001, belongs to the animation named by what comes before its last digits (Walk_);
 * other names are left out. Each animation becomes ta_clip_create_from_morph_target_sequence (its name,
 * its targets in the order given), in the order the animations first appear. out_clips has room for
 * target_count clips; *out_clip_count receives how many were made (0 when no name matches).
 *
 * @ownership The caller holds one reference to each of the *out_clip_count clips written.
 * @errors As ta_clip_create_from_morph_target_sequence, and TA_ERROR_INVALID_ARGUMENT for NULL names, a
 * NULL name, or NULL out_clips or out_clip_count. Nothing is made when any is refused.
 * @threejs AnimationClip.CreateClipsFromMorphTargetSequences(morphTargets, fps, noLoop).
 */
TA_API ta_result ta_clip_create_clips_from_morph_target_sequences(const char *const *names,
                                                             const ta_track_target *targets, uint32_t target_count,
                                                             double fps, bool no_loop,
                                                             const ta_allocator *allocator, ta_clip **out_clips,
                                                             uint32_t *out_clip_count, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
