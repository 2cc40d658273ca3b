/*
 * threeanim/animation_action.h -- an action: one clip being played
 * (three.js AnimationAction).
 *
 * An action carries a clock over its clip: a phase (float32; for PING_PONG it
 * runs to twice the clip's length and the read time folds out of it), a loop
 * mode with a number of repetitions, a weight and a time scale, each with an
 * optional ramp (fade, warp) that runs on the mixer's clock, a start time, and
 * the flags enabled, paused and clamp_when_finished. It is made on a clip and
 * then given to a mixer, which files it under an index; every call below that
 * needs the mixer's clock (play, fades, warps) is refused before that.
 *
 *     ta_action *walk;
 *     ta_action_create(walk_clip, NULL, &walk, &err);
 *     uint32_t index;
 *     ta_mixer_add(mixer, walk, ta_no_parent(), &index, &err); // the mixer owns walk now
 *     ta_action_play(walk, &err);
 *     ta_action_fade_in(walk, ta_seconds(0.5), &err);
 *
 * States. "active" (ta_action_is_active) means the action contributes to the
 * pose: it has been played (and not stopped) and it is enabled. A paused
 * action still contributes; its clock stands. play makes an action active
 * (and enabled); reset rewinds but does not make it active (a listed
 * difference: three.js's reset sets enabled). A ONCE action that reaches an
 * end pauses if clamp_when_finished, or else stops contributing.
 *
 * Ownership: ta_action_create retains the clip (the caller keeps its own
 * reference). Until it is added to a mixer the caller owns the action and
 * frees it with ta_action_destroy; a successful ta_mixer_add gives it to the
 * mixer, which frees it with itself (a refused add leaves it with the caller).
 * A pointer to an added action stays valid while the mixer lives, uncached or
 * not; after an uncache, ta_mixer_action refuses its index.
 */
#ifndef THREEANIM_ANIMATION_ACTION_H
#define THREEANIM_ANIMATION_ACTION_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_object_group.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ta_loop_mode {
    TA_LOOP_MODE_DEFAULT = 0, /* in options: REPEAT */
    TA_ONCE,                  /* three.js LoopOnce: stop at the end */
    TA_REPEAT,                /* LoopRepeat: start over */
    TA_PING_PONG,             /* LoopPingPong: run back the way it came */
    TA_LOOP_MODE_COUNT
} ta_loop_mode;

/* Repetitions without end, three.js's Infinity. */
#define TA_ENDLESS INT64_MAX

typedef struct ta_action ta_action;

typedef struct ta_action_options {
    const ta_allocator *allocator; /* NULL: the C library's */
    ta_blend_mode blend_mode;      /* 0: the clip's */
} ta_action_options;

TA_API const char *ta_loop_mode_name(ta_loop_mode mode); /* "ONCE", ...; "?" */

/* Refuses a NULL clip and a blend mode not named. */
TA_API ta_result ta_action_create(const ta_clip *clip, const ta_action_options *options, ta_action **out_action,
                                  ta_error *err);
/* Frees an action that no mixer owns (one that was never added). */
TA_API void ta_action_destroy(ta_action *action);

/* ---- playing -------------------------------------------------------------------- */

/* Makes the action active (and enabled): it contributes from the next update. */
TA_API ta_result ta_action_play(ta_action *action, ta_error *err);
/* Sets paused: the clock stands, the pose stays. */
TA_API void ta_action_pause(ta_action *action);
TA_API void ta_action_unpause(ta_action *action);
/* Stops contributing, and resets. The nodes it drove go back to their
 * originals at the next update unless something else drives them. */
TA_API ta_result ta_action_stop(ta_action *action, ta_error *err);
/* Rewinds to phase 0 and forgets the loops, the fade, the warp, the start time
 * and the pause. Does not make the action active. */
TA_API void ta_action_reset(ta_action *action);
/* mode: ONCE, REPEAT or PING_PONG; repetitions >= 0, or TA_ENDLESS. */
TA_API ta_result ta_action_set_loop(ta_action *action, ta_loop_mode mode, int64_t repetitions, ta_error *err);
TA_API ta_loop_mode ta_action_loop(const ta_action *action);
TA_API int64_t ta_action_repetitions(const ta_action *action);
/* Sets the time scale so that one run through the clip lasts duration (not 0,
 * finite), and stops the warp. */
TA_API ta_result ta_action_set_duration(ta_action *action, ta_duration duration, ta_error *err);
/* Takes other's phase and time scale, and stops the warp. */
TA_API ta_result ta_action_sync_with(ta_action *action, const ta_action *other, ta_error *err);
TA_API bool ta_action_is_active(const ta_action *action);
TA_API bool ta_action_is_playing(const ta_action *action);
/* How far into the clip the action reads now (the folded phase). */
TA_API ta_duration ta_action_at(const ta_action *action);
/* The stored phase (for PING_PONG, up to twice the clip's length). */
TA_API float ta_action_phase(const ta_action *action);
/* Completed repetitions; -1 before the clock first moves. */
TA_API int64_t ta_action_loop_count(const ta_action *action);

/* ---- fields ----------------------------------------------------------------------- */

/* weight >= 0 and finite (three.js .weight = w). */
TA_API ta_result ta_action_set_weight(ta_action *action, float weight, ta_error *err);
TA_API float ta_action_weight(const ta_action *action);
/* Finite; negative runs the clip backward (three.js .timeScale = s). */
TA_API ta_result ta_action_set_time_scale(ta_action *action, float time_scale, ta_error *err);
TA_API float ta_action_time_scale(const ta_action *action);
TA_API void ta_action_set_enabled(ta_action *action, bool enabled);
TA_API bool ta_action_enabled(const ta_action *action);
TA_API bool ta_action_paused(const ta_action *action);
TA_API void ta_action_set_clamp_when_finished(ta_action *action, bool clamp);
TA_API bool ta_action_clamp_when_finished(const ta_action *action);
TA_API void ta_action_set_zero_slope_at_start(ta_action *action, bool zero_slope);
TA_API void ta_action_set_zero_slope_at_end(ta_action *action, bool zero_slope);
TA_API ta_result ta_action_set_blend_mode(ta_action *action, ta_blend_mode mode, ta_error *err);
TA_API ta_blend_mode ta_action_blend_mode(const ta_action *action);
TA_API const ta_clip *ta_action_clip(const ta_action *action);

/* ---- weights and time scales ------------------------------------------------------- */

/* The weight of the last update, with the fade applied (0 if not enabled). */
TA_API float ta_action_get_effective_weight(const ta_action *action);
/* Sets the weight, and the effective weight, and stops the fade. */
TA_API ta_result ta_action_set_effective_weight(ta_action *action, float weight, ta_error *err);
TA_API float ta_action_get_effective_time_scale(const ta_action *action);
TA_API ta_result ta_action_set_effective_time_scale(ta_action *action, float time_scale, ta_error *err);
/* Ramps the weight from 0 to 1 (fade_in) or 1 to 0 (fade_out) times .weight,
 * over duration >= 0 of the mixer's clock, from now. */
TA_API ta_result ta_action_fade_in(ta_action *action, ta_duration duration, ta_error *err);
TA_API ta_result ta_action_fade_out(ta_action *action, ta_duration duration, ta_error *err);
TA_API void ta_action_stop_fading(ta_action *action);
/* Ramps the time scale from start to end over duration >= 0; refused on an
 * action whose time scale is zero. */
TA_API ta_result ta_action_warp(ta_action *action, float start_time_scale, float end_time_scale,
                                ta_duration duration, ta_error *err);
/* Warps from the effective time scale down to 0, then pauses. */
TA_API ta_result ta_action_halt(ta_action *action, ta_duration duration, ta_error *err);
TA_API void ta_action_stop_warping(ta_action *action);
/* Holds the clock until the mixer's clock reaches time (finite). */
TA_API ta_result ta_action_start_at(ta_action *action, ta_duration time, ta_error *err);

/* ---- groups ------------------------------------------------------------------------- */

/* Plays every track on every member of a copy of group (NULL: stop using one). */
TA_API ta_result ta_action_use_group(ta_action *action, const ta_animation_object_group *group, ta_error *err);
/* The action's own group, to edit its members; NULL if it uses none. */
TA_API ta_animation_object_group *ta_action_group(ta_action *action);

#ifdef __cplusplus
}
#endif

#endif
