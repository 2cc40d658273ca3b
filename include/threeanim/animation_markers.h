/**
 * @file
 * threeanim/animation_markers.h -- named times in a clip (a footstep, a hit
 * frame), and the TA_EVENT_KIND_MARKER events the mixer reports when an action passes
 * them.
 *
 * A clip's markers are its own data, each a name and a time in [0, duration],
 * the end compared in the clip's own float32 time (keys at 0.35 and 0.7 make a
 * clip of 0.699999988 s, and a marker written 0.7 is on its last key; the
 * mixer reads it there):
 * given to ta_clip_create in ta_clip_options.markers, replaced by
 * ta_clip_set_markers on a clip nobody else holds, and carried by every call
 * that makes a clip from another (copy, subclip, make_clip_additive, rebind).
 * The user data text does not hold them, and "markers" put there by a caller
 * makes no markers. In files they travel in JSON, as an array of
 * {"name": string, "time": seconds} under the key "markers": in a three.js
 * JSON clip's "userData", and in a glTF animation's "extras". The readers take
 * that key out of the user data into the clip's markers (and refuse a
 * malformed one, and more than ta_load_limits.max_markers over a file, before
 * allocating them); the three.js JSON writers put the markers back under it,
 * after the user data's other keys. Sorting them takes O(n log n), however
 * they are ordered.
 *
 *     ta_clip_marker steps[2] = {{"left", {0.0}}, {"right", {0.5}}};
 *     ta_clip_set_markers(walk_clip, steps, 2, &err);
 *     ... play an action on walk_clip, update ...
 *     ta_animation_event ev;
 *     while (ta_mixer_drain_events(mixer, &ev, 1) == 1)
 *         if (ev.kind == TA_EVENT_KIND_MARKER) puts(ta_clip_marker_at(walk_clip, ev.marker).name);
 *
 * When a marker is passed. Think of the clip laid end to end once per
 * repetition along the action's own time line (for PING_PONG, a forward leg
 * then a backward one). On that line a marker at time t of repetition k sits
 * at one point; the end of repetition k comes just before the start of
 * repetition k + 1, so a marker at 0 and one at the clip's length are two
 * points. An update moves the action from point a to point b and reports the
 * markers in the half-open span:
 *   - moving forward, every marker m with a <= m < b;
 *   - moving backward, every marker m with b < m <= a;
 *   - an action that finishes (ONCE, or a finite repetition count run out)
 *     also reports the markers on the end point where it stops.
 * Spans of successive updates touch without overlapping, so every marker is
 * reported exactly once per pass, however the time is cut into updates; a
 * marker exactly where the action stands is reported by the move that leaves
 * it (and on a new action, by the first move). A step of zero, a paused
 * action and one waiting for its start_at time report nothing.
 *
 * Each event gives the action, the marker's index in the clip (markers sorted
 * by time, in the order given when equal), the direction the clip was read in
 * (for PING_PONG's backward leg, the opposite of the action's; a marker on an
 * end of the clip takes the leg the action turns into there, or, where an
 * action that runs out of repetitions stops, the last leg it ran, as REPEAT
 * reports its last loop's end), the repetition
 * in which it was passed (counted from 0 at the action's reset, negative when
 * running backward before it; for PING_PONG each leg is one) and a count. An update that runs through whole repetitions reports each
 * marker of those once, with count the number of repetitions and loop the
 * first of them (for PING_PONG, forward and backward legs apart): the list
 * stays bounded (six events per marker per action and update at most) and no
 * pass is lost. Within an action, events are in time order (the aggregated
 * ones at the place of their first pass), and the action's LOOPED or FINISHED
 * event follows its markers. A three.js quirk kept: a new PING_PONG action
 * run backward starts, as three.js reads its loop count of -1, at the end of
 * its clip, and passes its markers from there.
 *
 * Seeks (ta_mixer_set_time, ta_mixer_seek_action) report no marker unless
 * asked (animation_seek.h).
 *
 * Ownership: the names are copied into the clip; the pointers
 * ta_clip_marker_at returns live as long as the clip and its markers.
 */
#ifndef THREEANIM_ANIMATION_MARKERS_H
#define THREEANIM_ANIMATION_MARKERS_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/animation_clip.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ta_clip_marker, a name and a time, is in animation_clip.h: ta_clip_options holds them. */

/**
 * Replaces the clip's markers with a copy of markers (count may be 0: none), sorted by time as
 * ta_clip_create sorts them. The user data is left as it is.
 *
 * @ownership Copies the names; markers stays the caller's.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip NULL, markers NULL with count above 0, a name NULL),
 * TA_ERROR_NOT_A_NUMBER (a time not finite), TA_ERROR_OUT_OF_RANGE (a time below 0 or past the
 * duration), TA_ERROR_BAD_STATE (someone else holds the clip: an action, or another reference),
 * TA_ERROR_LIMIT_EXCEEDED (more than 2^31 markers), TA_ERROR_OUT_OF_MEMORY. A refused call
 * changes nothing.
 * @threejs None: three.js clips have no markers (in files, userData carries them).
 */
TA_API ta_result ta_clip_set_markers(ta_clip *clip, const ta_clip_marker *markers, uint32_t count, ta_error *err);

/**
 * How many markers the clip has; 0 for NULL.
 *
 * @ownership Reads clip only.
 * @errors None.
 * @threejs None.
 */
TA_API uint32_t ta_clip_marker_count(const ta_clip *clip);

/**
 * The marker at index (sorted by time); {NULL, 0} past the end or for NULL.
 *
 * @ownership The name points into the clip: valid while the clip lives and keeps its markers.
 * @errors None.
 * @threejs None.
 */
TA_API ta_clip_marker ta_clip_marker_at(const ta_clip *clip, uint32_t index);

/**
 * All the clip's markers, sorted by time, ta_clip_marker_count of them; NULL when it has none (and
 * for NULL). Give them with that count as ta_clip_options.markers to make a clip from this one.
 *
 * @ownership Points into the clip: valid while the clip lives and keeps its markers.
 * @errors None.
 * @threejs None.
 */
TA_API const ta_clip_marker *ta_clip_markers(const ta_clip *clip);

#ifdef __cplusplus
}
#endif

#endif
