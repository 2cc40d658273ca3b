/*
 * threeanim/animation_clip.h -- clips: tracks played together.
 *
 * A clip is a name, a list of tracks, a blend mode, a duration (the longest
 * track's unless given), user data (the text of a JSON object) and a uuid.
 * Nothing in a clip says which node it drives: each track says that itself, so
 * one clip can move a whole rig. three.js: AnimationClip.
 *
 *     ta_track *tracks[2] = {slide, fade};
 *     ta_clip *clip;
 *     if (ta_clip_create("slide", tracks, 2, NULL, &clip, &err) != TA_OK) ...
 *     // the clip now owns slide and fade
 *     ta_action_create(clip, NULL, &action, &err);  // the action holds a reference
 *     ta_clip_release(clip);                         // drop ours; the action keeps it
 *
 * Ownership and sharing. ta_clip_create takes the tracks it is given when it
 * succeeds (the caller must not destroy them afterwards); when it is refused
 * the caller still owns them. A clip is reference counted: it starts with one
 * reference, ta_clip_retain adds one, ta_clip_release drops one and frees the
 * clip with the last. Actions retain the clip they play, so any number of
 * actions in any number of mixers, on any threads, share one clip without
 * copying its keys; the count is atomic. A shared clip never changes: the
 * editing calls (trim, optimize, reset_duration) work in place only while the
 * caller holds the only reference, and are refused (TA_ERROR_BAD_STATE)
 * otherwise.
 */
#ifndef THREEANIM_ANIMATION_CLIP_H
#define THREEANIM_ANIMATION_CLIP_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ta_blend_mode {
    TA_BLEND_MODE_DEFAULT = 0, /* in options: NORMAL for a clip, the clip's for an action */
    TA_NORMAL_BLEND_MODE,      /* three.js NormalAnimationBlendMode */
    TA_ADDITIVE_BLEND_MODE,    /* three.js AdditiveAnimationBlendMode */
    TA_BLEND_MODE_COUNT
} ta_blend_mode;

TA_API const char *ta_blend_mode_name(ta_blend_mode mode); /* "NORMAL_BLEND_MODE", ...; "?" */

typedef struct ta_clip ta_clip;

typedef struct ta_clip_options {
    const ta_allocator *allocator; /* NULL: the C library's */
    double duration;               /* 0: the longest track's (three.js resetDuration) */
    ta_blend_mode blend_mode;      /* 0: TA_NORMAL_BLEND_MODE */
    const char *user_data;         /* NULL: none; else the text of a JSON object */
    const char *uuid;              /* NULL: one made from the clip's contents */
} ta_clip_options;

/* Refused: no tracks, a NULL track, the same track twice, a duration that is
 * negative, NaN or infinite, a clip that lasts no time (every key at 0 and no
 * duration given), a blend mode not named, user data that is not a JSON
 * object. The uuid made when none is given is a hash of the contents, in the
 * layout of a v4 uuid: no random state is read. */
TA_API ta_result ta_clip_create(const char *name, ta_track *const *tracks, uint32_t track_count,
                                const ta_clip_options *options, ta_clip **out_clip, ta_error *err);
/* A deep copy with the same name, tracks, duration, blend mode and user data,
 * and a new uuid, owned by the caller (one reference). three.js clone. */
TA_API ta_result ta_clip_copy(const ta_clip *clip, const ta_allocator *allocator, ta_clip **out_clip,
                              ta_error *err);
TA_API void ta_clip_retain(const ta_clip *clip);
TA_API void ta_clip_release(const ta_clip *clip);

TA_API const char *ta_clip_name(const ta_clip *clip);
TA_API const char *ta_clip_uuid(const ta_clip *clip);
TA_API const char *ta_clip_user_data(const ta_clip *clip); /* NULL if none */
TA_API ta_blend_mode ta_clip_blend_mode(const ta_clip *clip);
TA_API ta_duration ta_clip_duration(const ta_clip *clip);
TA_API uint32_t ta_clip_track_count(const ta_clip *clip);
TA_API const ta_track *ta_clip_track(const ta_clip *clip, uint32_t index); /* NULL past the end */

/* In place, only while the caller holds the only reference. */
TA_API ta_result ta_clip_reset_duration(ta_clip *clip, ta_error *err);
TA_API ta_result ta_clip_trim(ta_clip *clip, ta_error *err);
TA_API ta_result ta_clip_optimize(ta_clip *clip, ta_error *err);
/* True if every track is valid (ta_track_validate). */
TA_API bool ta_clip_validate(const ta_clip *clip);

/* The place of the first clip with that name; false if none (three.js
 * AnimationClip.findByName). */
TA_API bool ta_clip_find_by_name(const ta_clip *const *clips, uint32_t clip_count, const char *name,
                                 uint32_t *out_index);

#ifdef __cplusplus
}
#endif

#endif
