/**
 * @file
 * threeanim/animation_seek.h -- seeks that say what they skipped: the
 * markers, loop ends and root motion of the time a jump passes over.
 *
 * three.js's setTime (ta_mixer_set_time) rewinds every action to its start
 * and runs them forward by the time given, in one step; it reports the
 * clock's "loop" and "finished" events of that step and nothing else. A game
 * that jumps a cut-scene forward may want the footsteps and hits it jumped
 * over, or may want none of them: it chooses.
 *
 *     ta_mixer_set_seek_reports(mixer, true);   // set_time reports what it skips
 *     ta_mixer_set_time(mixer, &targets, ta_duration_from_seconds(12.0), &err);
 *     // one action alone, 3 s on, with its markers and loop events:
 *     ta_mixer_seek_action(mixer, walk, ta_duration_from_seconds(3.0), true, &err);
 *
 * What a seek reports follows the rules of animation_markers.h (markers) and
 * root_motion.h (motion) for a move from where the seek starts to where it
 * lands: for set_time, from each action's start; for ta_mixer_seek_action,
 * from where the action stands. A seek that does not report still counts the
 * repetitions it passes, so the markers after it carry the right loop.
 */
#ifndef THREEANIM_ANIMATION_SEEK_H
#define THREEANIM_ANIMATION_SEEK_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/animation_mixer.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Whether ta_mixer_set_time reports the markers its actions pass (from their start to where they
 * land) and, with root motion, the motion. Off by default: three.js's setTime reports neither. The
 * clock's LOOPED and FINISHED events are reported either way, as three.js dispatches them.
 *
 * @ownership Changes mixer only; NULL does nothing.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_mixer_set_seek_reports(ta_mixer *mixer, bool report);

/**
 * Moves one action's clock by `by` seconds of clip time (negative: back), as its own update would
 * with a time scale of one, leaving the mixer's clock, the other actions and the pose alone (the
 * next update writes the pose). With report, the event list is replaced by the action's markers
 * passed, then its LOOPED or FINISHED event, and ta_mixer_root_motion reports its motion; without,
 * the list is emptied and the motion is zero. A ONCE action that reaches an end finishes, as in
 * an update.
 *
 * @ownership Changes the action and the mixer's event list.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NO_SUCH_ACTION (index),
 * TA_ERROR_NOT_A_NUMBER (by not finite), TA_ERROR_BAD_STATE (the action is not active: play it
 * first), TA_ERROR_CLOCK_RANGE (a move the clock cannot represent). A refused call changes
 * nothing.
 * @threejs None: action.time = t sets the time without passing anything.
 */
TA_API ta_result ta_mixer_seek_action(ta_mixer *mixer, uint32_t index, ta_duration by, bool report, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
