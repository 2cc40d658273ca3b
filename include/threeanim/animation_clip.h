/**
 * @file
 * threeanim/animation_clip.h -- clips: tracks played together.
 *
 * A clip is a name, a list of tracks, a blend mode, a duration (the longest
 * track's unless given), markers (named times: animation_markers.h), user data
 * (text kept for the caller and the writers, never read here) and a uuid.
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
 * otherwise. Everything a player needs from a clip is made with it (a refused
 * ta_clip_create makes nothing), so threads sharing a clip only read it.
 *
 * Why retain and release take a const clip: holding a reference does not
 * change the clip, and a program that was handed a const clip (by an action,
 * say) may keep it. The count is kept outside the clip's own fields, so no
 * field of a const clip is ever written.
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

/** How a clip's values go into the pose: mixed as a weighted mean, or added on top. */
typedef enum ta_blend_mode {
    TA_BLEND_MODE_DEFAULT = 0, /**< in options: NORMAL for a clip, the clip's for an action */
    TA_BLEND_MODE_NORMAL,      /**< three.js NormalAnimationBlendMode */
    TA_BLEND_MODE_ADDITIVE,    /**< three.js AdditiveAnimationBlendMode */
    TA_BLEND_MODE_COUNT        /**< the number of modes; not a mode */
} ta_blend_mode;

/**
 * The mode's name: "NORMAL_BLEND_MODE", "ADDITIVE_BLEND_MODE" ("DEFAULT" for 0); "?" for one that
 * is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs NormalAnimationBlendMode (2500), AdditiveAnimationBlendMode (2501).
 */
TA_API const char *ta_blend_mode_name(ta_blend_mode mode);

/** A clip (opaque, reference counted, never changed once shared). */
typedef struct ta_clip ta_clip;

/** A named time in a clip: a footstep, a hit frame (animation_markers.h). */
typedef struct ta_clip_marker {
    const char *name; /**< not NULL */
    ta_duration time; /**< in [0, the clip's duration], compared as float32 (animation_markers.h) */
} ta_clip_marker;

/** How to make a clip; zeroed (or NULL) means the defaults. */
typedef struct ta_clip_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    double duration;               /**< 0: the longest track's (three.js resetDuration) */
    ta_blend_mode blend_mode;      /**< 0: TA_BLEND_MODE_NORMAL */
    const char *user_data;         /**< NULL: none; else kept as given (see ta_clip_user_data) */
    const char *uuid;              /**< NULL: one made from the clip's contents */
    bool allow_empty;              /**< false: refuse a clip with no tracks or no length; true: make it */
    const ta_clip_marker *markers; /**< NULL: no markers; else marker_count of them, in any order */
    uint32_t marker_count;         /**< 0: no markers */
} ta_clip_options;

/**
 * A clip of name (NULL: "") playing tracks together. It lasts options->duration, or when that is 0
 * as long as its longest track (three.js resetDuration). The uuid made when none is given is a hash
 * of the contents, in the layout of a v4 uuid: no random state is read. options may be NULL.
 *
 * Refused: no tracks, a NULL track, the same track twice, a duration that is negative, NaN or
 * infinite, a clip that lasts no time (every key at 0 and no duration given), a blend mode not
 * named, a marker with a NULL name or a time not in [0, the clip's duration] (the argument named
 * markers[i], i in the order given). The markers are kept sorted by time, those at one time in the
 * order given (animation_markers.h). user_data is not read: it is kept as given.
 *
 * With options->allow_empty, a clip with no tracks (tracks may then be NULL) or of no length is
 * made instead, as three.js makes them (the glTF loader makes them so that animation i of a file
 * stays clip i). A clip of no length is a pose clip: its tracks are read at time 0 only. Its
 * action holds that pose: played with TA_LOOP_MODE_ONCE it finishes at its first step, as three.js's does;
 * played with TA_LOOP_MODE_REPEAT or TA_LOOP_MODE_PING_PONG its time stays 0 and it sends no "loop" event (three.js
 * sends one whose loopDelta is Infinity and its action's time becomes NaN).
 *
 * @ownership When it succeeds the clip takes the tracks (the caller must not destroy or edit them
 * afterwards) and the caller holds the clip's one reference (ta_clip_release); when it is refused
 * the caller still owns the tracks. name, user_data, uuid and the markers (with their names) are
 * copied.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip NULL, a NULL or repeated track, a bad allocator,
 * markers NULL with marker_count above 0, a marker's name NULL), TA_ERROR_EMPTY_CLIP (no tracks, no
 * length), TA_ERROR_NOT_A_NUMBER and TA_ERROR_OUT_OF_RANGE (the duration, a marker's time),
 * TA_ERROR_UNKNOWN_ENUM (the blend mode), TA_ERROR_LIMIT_EXCEEDED (more than 2^31 markers),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs new AnimationClip(name, duration, tracks, blendMode) (duration -1: the longest track's).
 */
TA_API ta_result ta_clip_create(const char *name, ta_track *const *tracks, uint32_t track_count,
                                const ta_clip_options *options, ta_clip **out_clip, ta_error *err);

/**
 * A deep copy with the same name, tracks, duration, blend mode, user data and markers, and a new
 * uuid, made with allocator (NULL: the C library's).
 *
 * @ownership clip is only read. The caller holds the copy's one reference (ta_clip_release); it is
 * not shared, so it can be edited.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip or out_clip NULL, a bad allocator),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClip.clone.
 */
TA_API ta_result ta_clip_copy(const ta_clip *clip, const ta_allocator *allocator, ta_clip **out_clip,
                              ta_error *err);

/**
 * Adds a reference (atomically: any thread may retain and release a shared clip). NULL does
 * nothing.
 *
 * @ownership The caller now holds one more reference, to give back with ta_clip_release.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_clip_retain(const ta_clip *clip);

/**
 * Drops a reference, and frees the clip (with its tracks) with the last one. NULL does nothing.
 *
 * @ownership Gives back one reference the caller held.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_clip_release(const ta_clip *clip);

/**
 * The clip's name (NULL for a NULL clip).
 *
 * @ownership Points into the clip: valid while the clip lives.
 * @errors None.
 * @threejs AnimationClip.name.
 */
TA_API const char *ta_clip_name(const ta_clip *clip);

/**
 * The clip's uuid (NULL for a NULL clip).
 *
 * @ownership Points into the clip: valid while the clip lives.
 * @errors None.
 * @threejs AnimationClip.uuid.
 */
TA_API const char *ta_clip_uuid(const ta_clip *clip);

/**
 * The clip's user data as it was given: the text of a JSON object; NULL if none (and for a NULL
 * clip). The runtime does not read it. The three.js JSON readers give a clip's userData here, its
 * "markers" key taken out into the clip's markers (the glTF loader gives none: an animation's
 * extras give only markers); the writers refuse user data that is not the text of a JSON object,
 * and write the markers back into userData under "markers".
 *
 * @ownership Points into the clip: valid while the clip lives.
 * @errors None.
 * @threejs AnimationClip.userData, as JSON.stringify writes it, less its "markers" key.
 */
TA_API const char *ta_clip_user_data(const ta_clip *clip);

/**
 * TA_BLEND_MODE_NORMAL or TA_BLEND_MODE_ADDITIVE (TA_BLEND_MODE_DEFAULT for a NULL clip).
 *
 * @ownership Reads clip only.
 * @errors None.
 * @threejs AnimationClip.blendMode.
 */
TA_API ta_blend_mode ta_clip_blend_mode(const ta_clip *clip);

/**
 * How long the clip runs (0 for a NULL clip).
 *
 * @ownership Reads clip only.
 * @errors None.
 * @threejs AnimationClip.duration.
 */
TA_API ta_duration ta_clip_duration(const ta_clip *clip);

/**
 * How many tracks the clip plays (0 for a NULL clip).
 *
 * @ownership Reads clip only.
 * @errors None.
 * @threejs AnimationClip.tracks.length.
 */
TA_API uint32_t ta_clip_track_count(const ta_clip *clip);

/**
 * The track at index, read-only; NULL past the end or for a NULL clip.
 *
 * @ownership Points into the clip: valid while the clip lives; never edit it.
 * @errors None.
 * @threejs AnimationClip.tracks[index].
 */
TA_API const ta_track *ta_clip_track(const ta_clip *clip, uint32_t index);

/**
 * Sets the duration to the longest track's.
 *
 * @ownership Edits the clip in place: only while the caller holds its only reference.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip NULL), TA_ERROR_BAD_STATE (the clip is shared: an action,
 * a model or another holder has a reference), TA_ERROR_EMPTY_CLIP (every track's last key is at 0).
 * A refused call changes nothing.
 * @threejs AnimationClip.resetDuration.
 */
TA_API ta_result ta_clip_reset_duration(ta_clip *clip, ta_error *err);

/**
 * Trims every track to the clip's duration (ta_track_trim from 0 to the duration).
 *
 * @ownership Edits the clip in place: only while the caller holds its only reference.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip NULL), TA_ERROR_BAD_STATE (shared),
 * TA_ERROR_OUT_OF_MEMORY, and a track's refusal with "track N" in front. The tracks are edited as
 * copies and swapped in together, so a refused call changes nothing.
 * @threejs AnimationClip.trim.
 */
TA_API ta_result ta_clip_trim(ta_clip *clip, ta_error *err);

/**
 * Optimizes every track (ta_track_optimize).
 *
 * @ownership Edits the clip in place: only while the caller holds its only reference.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip NULL), TA_ERROR_BAD_STATE (shared),
 * TA_ERROR_OUT_OF_MEMORY. A refused call changes nothing.
 * @threejs AnimationClip.optimize.
 */
TA_API ta_result ta_clip_optimize(ta_clip *clip, ta_error *err);

/**
 * True if the clip has tracks, a finite length above zero, a named blend mode and every track is
 * valid (ta_track_is_valid); false for NULL.
 *
 * @ownership Reads clip only.
 * @errors None.
 * @threejs AnimationClip.validate.
 */
TA_API bool ta_clip_is_valid(const ta_clip *clip);

/**
 * The place of the first clip named name among clip_count clips (NULL entries are skipped); false
 * if none, or if clips or name is NULL. out_index may be NULL.
 *
 * @ownership Reads the clips only.
 * @errors None.
 * @threejs AnimationClip.findByName(clips, name).
 */
TA_API bool ta_clip_find_by_name(const ta_clip *const *clips, uint32_t clip_count, const char *name,
                                 uint32_t *out_index);

#ifdef __cplusplus
}
#endif

#endif
