/**
 * @file
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
 *     ta_mixer_add(mixer, walk, ta_node_none(), &index, &err); // the mixer owns walk now
 *     ta_action_play(walk, &err);
 *     ta_action_fade_in(walk, ta_duration_from_seconds(0.5), &err);
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

/** What an action does at an end of its clip. */
typedef enum ta_loop_mode {
    TA_LOOP_MODE_DEFAULT = 0, /**< in options: REPEAT */
    TA_LOOP_MODE_ONCE,                  /**< three.js LoopOnce: stop at the end */
    TA_LOOP_MODE_REPEAT,                /**< LoopRepeat: start over */
    TA_LOOP_MODE_PING_PONG,             /**< LoopPingPong: run back the way it came */
    TA_LOOP_MODE_COUNT        /**< the number of modes; not a mode */
} ta_loop_mode;

/**
 * Repetitions without end, three.js's Infinity. It is a value no count can take (counts are >= 0),
 * so every count up to INT64_MAX stays a finite number of repetitions; any other negative count is
 * refused.
 */
#define TA_ACTION_ENDLESS INT64_MIN

/** An action (opaque): one clip being played, owned by its mixer once added. */
typedef struct ta_action ta_action;

/** How to make an action; zeroed (or NULL) means the defaults. */
typedef struct ta_action_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    ta_blend_mode blend_mode;      /**< 0: the clip's */
} ta_action_options;

/**
 * The mode's name: "ONCE", "REPEAT", "PING_PONG" ("DEFAULT" for 0); "?" for one that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs LoopOnce (2200), LoopRepeat (2201), LoopPingPong (2202).
 */
TA_API const char *ta_loop_mode_name(ta_loop_mode mode);

/**
 * An action on clip: REPEAT without end, weight 1, time scale 1, enabled, not playing, the clip's
 * blend mode unless options->blend_mode names another. options may be NULL. Give it to a mixer
 * (ta_mixer_add) before play, fades and warps.
 *
 * @ownership The action retains the clip (the caller keeps its own reference). The caller owns the
 * action until a successful ta_mixer_add gives it to the mixer; before that, free it with
 * ta_action_destroy.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip or out_action NULL, a bad allocator),
 * TA_ERROR_UNKNOWN_ENUM (the blend mode), TA_ERROR_BAD_STATE (clip is a compressed clip's window
 * that another action plays: ta_compressed_clip_window), TA_ERROR_OUT_OF_MEMORY.
 * @threejs mixer.clipAction(clip, root, blendMode), in two steps: make it here, file it with
 * ta_mixer_add.
 */
TA_API ta_result ta_action_create(const ta_clip *clip, const ta_action_options *options, ta_action **out_action,
                                  ta_error *err);

/**
 * Frees an action that no mixer owns (one that was never added, or whose add was refused), and
 * releases its clip. NULL, and an action a mixer owns, do nothing.
 *
 * @ownership Frees the action.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_action_destroy(ta_action *action);

/* ---- playing -------------------------------------------------------------------- */

/**
 * Makes the action active and enabled: it contributes from the next update. Playing an active
 * action again changes nothing but enabled.
 *
 * @ownership Changes the action and the mixer's bindings (made here, resolved at update).
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_BAD_STATE (not yet added to a mixer),
 * TA_ERROR_NO_SUCH_ACTION (uncached), TA_ERROR_OUT_OF_MEMORY (binding a clip, which may make the
 * mixer's piles and binding records again; the action then does not play).
 * @threejs AnimationAction.play, which does not set enabled (a listed difference).
 */
TA_API ta_result ta_action_play(ta_action *action, ta_error *err);

/**
 * Sets paused: the clock stands and the pose stays; a paused action still contributes.
 *
 * @ownership Changes action only; NULL does nothing.
 * @errors None.
 * @threejs action.paused = true.
 */
TA_API void ta_action_pause(ta_action *action);

/**
 * Clears paused: the clock runs again from where it stood.
 *
 * @ownership Changes action only; NULL does nothing.
 * @errors None.
 * @threejs action.paused = false.
 */
TA_API void ta_action_unpause(ta_action *action);

/**
 * Stops contributing, and resets (ta_action_reset). The properties it drove go back to their
 * originals at the next update unless something else drives them (the mixer keeps no scene between
 * calls); to have them back now, as three.js does, call ta_mixer_restore_stopped right after
 * (animation_mixer.h). enabled is left as it is.
 *
 * @ownership Changes the action and the mixer's use of its bindings.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL).
 * @threejs AnimationAction.stop, which also sets enabled (through reset) and writes the originals
 * in the call (both listed differences).
 */
TA_API ta_result ta_action_stop(ta_action *action, ta_error *err);

/**
 * Rewinds to phase 0 and forgets the loops, the fade, the warp, the start time and the pause. Does
 * not make the action active (play does), and leaves enabled as it is.
 *
 * @ownership Changes action only; NULL does nothing.
 * @errors None.
 * @threejs AnimationAction.reset, which also sets enabled to true (a listed difference).
 */
TA_API void ta_action_reset(ta_action *action);

/**
 * The loop mode and how many times it repeats (repetitions >= 0, up to INT64_MAX, or TA_ACTION_ENDLESS).
 * A PING_PONG leg is one repetition.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_UNKNOWN_ENUM (a mode that is not ONCE,
 * REPEAT or PING_PONG), TA_ERROR_OUT_OF_RANGE (repetitions below zero, other than TA_ACTION_ENDLESS). A
 * refused call changes nothing.
 * @threejs AnimationAction.setLoop(mode, repetitions) (Infinity is TA_ACTION_ENDLESS).
 */
TA_API ta_result ta_action_set_loop(ta_action *action, ta_loop_mode mode, int64_t repetitions, ta_error *err);

/**
 * The loop mode.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.loop.
 */
TA_API ta_loop_mode ta_action_loop(const ta_action *action);

/**
 * How many times the action repeats; TA_ACTION_ENDLESS for no end.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.repetitions.
 */
TA_API int64_t ta_action_repetitions(const ta_action *action);

/**
 * Sets the time scale so that one run through the clip lasts duration (negative runs it backward),
 * and stops the warp.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_NOT_A_NUMBER (duration not finite),
 * TA_ERROR_OUT_OF_RANGE (a duration of 0, or one so small the time scale is not finite).
 * @threejs AnimationAction.setDuration.
 */
TA_API ta_result ta_action_set_duration(ta_action *action, ta_duration duration, ta_error *err);

/**
 * Takes other's phase and time scale, and stops the warp. For PING_PONG the phase also says which
 * leg the action is on (three.js copies the time, and each action keeps its own leg).
 *
 * @ownership Changes action; other is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (action or other NULL).
 * @threejs AnimationAction.syncWith.
 */
TA_API ta_result ta_action_sync_with(ta_action *action, const ta_action *other, ta_error *err);

/**
 * Fades action in and from out over duration (>= 0), as ta_mixer_cross_fade_from does, for two
 * actions of any mixers (three.js's crossFadeFrom takes an action of any mixer): each fades, and
 * with warp ramps its pace toward the other clip's and gets its time scale back at the end, on its
 * own mixer's clock from that mixer's time now.
 *
 * @ownership Changes the two actions.
 * @errors TA_ERROR_INVALID_ARGUMENT (action or from NULL), TA_ERROR_BAD_STATE (either not added to a
 * mixer, the two the same action, or a warp on an action whose time scale is 0),
 * TA_ERROR_NO_SUCH_ACTION (either uncached), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE (a duration
 * below zero). A refused call changes neither action.
 * @threejs action.crossFadeFrom(from, duration, warp).
 */
TA_API ta_result ta_action_cross_fade_from(ta_action *action, ta_action *from, ta_duration duration, bool warp,
                                           ta_error *err);

/**
 * True if the action contributes to the pose: played (not stopped), enabled and not uncached. False
 * for NULL.
 *
 * @ownership Reads action only.
 * @errors None.
 * @threejs AnimationAction.isScheduled() && enabled (isRunning without the time checks).
 */
TA_API bool ta_action_is_active(const ta_action *action);

/**
 * True if the action has been played and not stopped (nor uncached), enabled or not: three.js's
 * isScheduled, which a disabled action (faded out, finished, or enabled set false) still answers
 * true while its mixer keeps it among the active ones. False for NULL.
 *
 * @ownership Reads action only.
 * @errors None.
 * @threejs AnimationAction.isScheduled.
 */
TA_API bool ta_action_is_scheduled(const ta_action *action);

/**
 * True if the action's clock runs, as three.js says it: it is active, not paused, no start time
 * (ta_action_start_at) is still holding it, and the time scale set (ta_action_time_scale) is not 0.
 * A warp is not read: an action warping from or to 0 is playing until its warp ends (one that ends
 * at 0 is then paused, and no longer playing). False for NULL.
 *
 * @ownership Reads action only.
 * @errors None.
 * @threejs AnimationAction.isRunning.
 */
TA_API bool ta_action_is_playing(const ta_action *action);

/**
 * How far into the clip the action reads now, in seconds: the phase folded to one run (for
 * PING_PONG, back along the return leg).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.time, but on PING_PONG's return leg three.js's time runs forward from
 * 0 while the clip is read at its duration minus it: there three.js's is ta_action_phase less the
 * clip's duration (js/'s drop-in answers that).
 */
TA_API ta_duration ta_action_time(const ta_action *action);

/**
 * Sets how far into the clip the action is, as three.js's action.time = t: nothing else changes (the
 * loop count, the weight, the warp, the mixer's time and events), nothing is reported, and the pose
 * follows at the next update, which moves on from t and wraps, loops or finishes from there as it
 * would from any time (a t past the clip's end wraps then). For PING_PONG, t is the time along the
 * leg the action is on: on the backward leg the clip is read at its duration minus t, as three.js
 * reads it (ta_action_time then answers that). The time is kept as a float32, as the phase is.
 * To move an action by an amount and hear the markers it passes, use ta_mixer_seek_action.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_NOT_A_NUMBER (time not finite),
 * TA_ERROR_OUT_OF_RANGE (a time a float cannot hold). A refused call changes nothing.
 * @threejs AnimationAction.time = t.
 */
TA_API ta_result ta_action_set_time(ta_action *action, ta_duration time, ta_error *err);

/**
 * The stored phase, a float32 (for PING_PONG it runs to twice the clip's length).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs None: three.js stores the folded time, and which leg in _loopCount.
 */
TA_API float ta_action_phase(const ta_action *action);

/**
 * Completed repetitions; -1 before the clock first moves.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction._loopCount.
 */
TA_API int64_t ta_action_loop_count(const ta_action *action);

/* ---- fields ----------------------------------------------------------------------- */

/**
 * How much of the action goes into the pose (weight >= 0 and finite). A fade multiplies it.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE
 * (below zero). A refused call changes nothing.
 * @threejs action.weight = weight.
 */
TA_API ta_result ta_action_set_weight(ta_action *action, float weight, ta_error *err);

/**
 * The weight set (without the fade).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.weight.
 */
TA_API float ta_action_weight(const ta_action *action);

/**
 * How fast the action runs (finite; negative runs the clip backward; 0 stands it still). A warp
 * multiplies it.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_NOT_A_NUMBER.
 * @threejs action.timeScale = timeScale.
 */
TA_API ta_result ta_action_set_time_scale(ta_action *action, float time_scale, ta_error *err);

/**
 * The time scale set (without the warp).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.timeScale.
 */
TA_API float ta_action_time_scale(const ta_action *action);

/**
 * Sets enabled: a disabled action stays scheduled but contributes nothing (its effective weight is
 * 0).
 *
 * @ownership Changes action only; action must not be NULL.
 * @errors None.
 * @threejs action.enabled = enabled.
 */
TA_API void ta_action_set_enabled(ta_action *action, bool enabled);

/**
 * Whether the action is enabled.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.enabled.
 */
TA_API bool ta_action_enabled(const ta_action *action);

/**
 * Whether the action is paused (by pause, by a halt that ended, or by a ONCE action that finished
 * with clamp_when_finished).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.paused.
 */
TA_API bool ta_action_paused(const ta_action *action);

/**
 * Whether a finished ONCE action (or one whose repetitions ran out) holds its last frame (pauses)
 * instead of letting go of its properties. False by default, as in three.js.
 *
 * @ownership Changes action only; action must not be NULL.
 * @errors None.
 * @threejs action.clampWhenFinished = clamp.
 */
TA_API void ta_action_set_clamp_when_finished(ta_action *action, bool clamp);

/**
 * Whether a finished action holds its last frame.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.clampWhenFinished.
 */
TA_API bool ta_action_clamp_when_finished(const ta_action *action);

/**
 * Whether a SMOOTH track starts flat (ZERO_SLOPE_ENDING) where the loop mode does not wrap; false
 * uses ZERO_CURVATURE_ENDING. True by default.
 *
 * @ownership Changes action only; action must not be NULL.
 * @errors None.
 * @threejs action.zeroSlopeAtStart = zero_slope.
 */
TA_API void ta_action_set_zero_slope_at_start(ta_action *action, bool zero_slope);

/**
 * Whether a SMOOTH track ends flat where the loop mode does not wrap. True by default.
 *
 * @ownership Changes action only; action must not be NULL.
 * @errors None.
 * @threejs action.zeroSlopeAtEnd = zero_slope.
 */
TA_API void ta_action_set_zero_slope_at_end(ta_action *action, bool zero_slope);

/**
 * NORMAL (mixed as a weighted mean) or ADDITIVE (added on top). TA_BLEND_MODE_DEFAULT is refused
 * here: it only means "the clip's" in ta_action_options.
 *
 * @ownership Changes action; an action in a mixer that turns additive makes the mixer's additive
 * piles if it has none yet.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_UNKNOWN_ENUM (a mode other than NORMAL
 * or ADDITIVE), TA_ERROR_OUT_OF_MEMORY (the additive piles). A refused call changes nothing.
 * @threejs action.blendMode = mode.
 */
TA_API ta_result ta_action_set_blend_mode(ta_action *action, ta_blend_mode mode, ta_error *err);

/**
 * The blend mode the action plays with.
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.blendMode.
 */
TA_API ta_blend_mode ta_action_blend_mode(const ta_action *action);

/**
 * The clip the action plays; NULL once its mixer uncached it (ta_mixer_uncache_action), which
 * gives the action's reference back.
 *
 * @ownership The action holds a reference; ta_clip_retain it to keep it past the action or its
 * uncache.
 * @errors None; action must not be NULL.
 * @threejs AnimationAction.getClip.
 */
TA_API const ta_clip *ta_action_clip(const ta_action *action);

/* ---- weights and time scales ------------------------------------------------------- */

/**
 * The weight of the last update, with the fade applied (0 if not enabled).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.getEffectiveWeight.
 */
TA_API float ta_action_effective_weight(const ta_action *action);

/**
 * Sets the weight, and the effective weight (0 while not enabled), and stops the fade.
 *
 * @ownership Changes action only.
 * @errors As ta_action_set_weight.
 * @threejs AnimationAction.setEffectiveWeight.
 */
TA_API ta_result ta_action_set_effective_weight(ta_action *action, float weight, ta_error *err);

/**
 * The time scale of the last update, with the warp applied (0 while paused).
 *
 * @ownership Reads action, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationAction.getEffectiveTimeScale.
 */
TA_API float ta_action_effective_time_scale(const ta_action *action);

/**
 * Sets the time scale, and the effective time scale (0 while paused), and stops the warp.
 *
 * @ownership Changes action only.
 * @errors As ta_action_set_time_scale.
 * @threejs AnimationAction.setEffectiveTimeScale.
 */
TA_API ta_result ta_action_set_effective_time_scale(ta_action *action, float time_scale, ta_error *err);

/**
 * Ramps the weight from 0 to 1 times .weight over duration (>= 0) of the mixer's clock, from the
 * mixer's time now. It does not play the action: call play as well.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_BAD_STATE (not yet added to a mixer),
 * TA_ERROR_NO_SUCH_ACTION (uncached), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE (a duration
 * below zero).
 * @threejs AnimationAction.fadeIn.
 */
TA_API ta_result ta_action_fade_in(ta_action *action, ta_duration duration, ta_error *err);

/**
 * Ramps the weight from 1 to 0 times .weight over duration (>= 0); at the end the action stops
 * contributing (enabled becomes false).
 *
 * @ownership Changes action only.
 * @errors As ta_action_fade_in.
 * @threejs AnimationAction.fadeOut.
 */
TA_API ta_result ta_action_fade_out(ta_action *action, ta_duration duration, ta_error *err);

/**
 * Drops the fade: the weight is used as it is.
 *
 * @ownership Changes action only; NULL does nothing.
 * @errors None.
 * @threejs AnimationAction.stopFading.
 */
TA_API void ta_action_stop_fading(ta_action *action);

/**
 * Ramps the time scale from start_time_scale to end_time_scale over duration (>= 0) of the mixer's
 * clock; at the end the time scale becomes end_time_scale. The two are kept as shares of the time
 * scale at the call, as three.js keeps them. So a time scale set during the warp scales its end too:
 * an update at whose time the warp ends with a time scale a float cannot hold (or one a float reads
 * as 0) is refused with TA_ERROR_CLOCK_RANGE and changes nothing.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_BAD_STATE (not yet added to a mixer),
 * TA_ERROR_NO_SUCH_ACTION (uncached), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE (a duration
 * below zero), TA_ERROR_BAD_STATE (a time scale of zero: no share of it can be kept). A refused
 * call changes nothing.
 * @threejs AnimationAction.warp.
 */
TA_API ta_result ta_action_warp(ta_action *action, float start_time_scale, float end_time_scale,
                                ta_duration duration, ta_error *err);

/**
 * Warps from the effective time scale down to 0 over duration, then pauses.
 *
 * @ownership Changes action only.
 * @errors As ta_action_warp.
 * @threejs AnimationAction.halt.
 */
TA_API ta_result ta_action_halt(ta_action *action, ta_duration duration, ta_error *err);

/**
 * Drops the warp: the time scale is used as it is.
 *
 * @ownership Changes action only; NULL does nothing.
 * @errors None.
 * @threejs AnimationAction.stopWarping.
 */
TA_API void ta_action_stop_warping(ta_action *action);

/**
 * Holds the action's clock until the mixer's clock reaches time (finite, in the mixer's time). The
 * action contributes its pose while it waits; the update that passes time runs only the part after
 * it.
 *
 * @ownership Changes action only.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_NOT_A_NUMBER.
 * @threejs AnimationAction.startAt.
 */
TA_API ta_result ta_action_start_at(ta_action *action, ta_duration time, ta_error *err);

/* ---- groups ------------------------------------------------------------------------- */

/**
 * Plays every track on every member of a copy of group instead of on the index each track names
 * (NULL: stop using one). Change it only while the action is not playing (three.js allows it while
 * playing, a listed difference); the members can change while it plays, through ta_action_group.
 * An update finds which targets the members carry (a mesh track drives the meshes on a member, a
 * material track their materials, a light or camera track the lights and cameras on it) and keeps
 * them while the members, the scene's node count and the nodes and materials of the lists the
 * clip's tracks read are the same: a mesh or camera moved to another node, in the same scene or
 * in a scene made in another's place, is found again.
 *
 * @ownership The action copies the members (with its own allocator); group stays the caller's, and
 * later changes to it do not reach the action (edit ta_action_group instead).
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_BAD_STATE (the action is playing: stop
 * it first), TA_ERROR_OUT_OF_MEMORY.
 * @threejs mixer.clipAction(clip, group): the group as the root (three.js shares one group between
 * actions; a listed difference).
 */
TA_API ta_result ta_action_set_group(ta_action *action, const ta_object_group *group, ta_error *err);

/**
 * The action's own group, to add or remove members while it plays; NULL if it uses none (or action
 * is NULL).
 *
 * @ownership Points into the action: valid while the action lives and until the next
 * ta_action_set_group. Change it only with the ta_object_group_ calls.
 * @errors None.
 * @threejs The AnimationObjectGroup the action was made on.
 */
TA_API ta_object_group *ta_action_group(ta_action *action);

#ifdef __cplusplus
}
#endif

#endif
