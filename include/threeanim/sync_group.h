/**
 * @file
 * threeanim/sync_group.h -- sync groups: actions that keep one phase, so that
 * a walk and a run blended at any weight put their feet down together, as
 * Unreal's sync groups and Godot's BlendSpace "sync" do.
 *
 * The phase. Each member's clip is cut into cycles at its sync markers: the
 * clip's markers named desc.marker_name (all its markers when that is NULL),
 * taken on a loop (a marker at the clip's end is the one at 0). With markers
 * m0 < m1 < ... < m(n-1), the phase runs from k to k + 1 between marker k and
 * marker k + 1 (the last to the first of the next loop), linearly in time, and
 * counts loops: phase k means "marker k is down". Every member must have the
 * same number n of sync markers, and marker k of one clip means the same event
 * as marker k of another (the left foot first, then the right). By
 * normalised time (TA_SYNC_MODE_NORMALIZED_TIME), the clip's start is the one
 * marker: the phase is the time over the duration.
 *
 * The leader. ta_sync_group_prepare, called just before each ta_mixer_update
 * with the same delta, picks the member of the highest effective weight
 * (ta_action_effective_weight; the first added on a tie) as the leader. The
 * leader plays at its own time scale; each other member is given the effective
 * time scale that brings it, at the end of that update, to the phase the
 * leader reaches then (the nearest such place ahead or behind its own
 * advance). Followers so move on continuously, report their markers through
 * the mixer as ever (in the same update as the leader's), and hold the phase
 * whatever the weights do, the leader changing included: a new leader is at
 * the old one's phase already and plays on from there at its own time scale,
 * the one it had when it was added (or ta_sync_group_set_time_scale's).
 *
 *     ta_sync_group_desc d = {TA_SYNC_MODE_MARKERS, "foot"};
 *     ta_sync_group *g;
 *     ta_sync_group_create(&d, NULL, &g, &err);
 *     ta_sync_group_add(g, walk, &err);
 *     ta_sync_group_add(g, run, &err);
 *     ... each frame: set the weights (a blend space), then
 *     ta_sync_group_prepare(g, mixer, dt, &err);
 *     ta_mixer_update(mixer, scene, dt, &err);
 *
 * The group owns its members' time scales: it writes them with
 * ta_action_set_effective_time_scale (which stops a warp), and gives each back
 * its own when it is removed. The leader's advance is read as its effective
 * time scale times the delta and the mixer's time scale: a leader that warps
 * or fades its time scale is followed a frame late. A member's phase is read
 * from ta_action_time, the time within one run of the clip: the group is meant
 * for actions of TA_LOOP_REPEAT.
 *
 * What is refused. A marker mode whose clip has no sync marker, a member whose
 * count of sync markers differs from the first member's, more than
 * TA_SYNC_GROUP_MAX_MARKERS of them, an action already in the group, more than
 * TA_SYNC_GROUP_MAX_ACTIONS members, a clip of duration 0; a delta that is not
 * finite, and a follower's time scale past a float (a delta near 0). A refused
 * call changes nothing.
 *
 * Ownership: the caller owns the group (ta_sync_group_destroy) and its
 * actions, which must outlive their membership; the group copies the marker
 * times (a held clip's markers cannot change) and the marker name.
 */
#ifndef THREEANIM_SYNC_GROUP_H
#define THREEANIM_SYNC_GROUP_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_action.h"
#include "threeanim/animation_mixer.h"
#include "threeanim/export.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The most actions a sync group holds. */
#define TA_SYNC_GROUP_MAX_ACTIONS 16u
/** The most sync markers a member's clip may have. */
#define TA_SYNC_GROUP_MAX_MARKERS 64u

/** What the phase is made of. */
typedef enum ta_sync_mode {
    TA_SYNC_MODE_MARKERS = 0,        /**< the clip's sync markers cut it into cycles */
    TA_SYNC_MODE_NORMALIZED_TIME = 1 /**< the time over the clip's duration */
} ta_sync_mode;

/** How to make a sync group. */
typedef struct ta_sync_group_desc {
    ta_sync_mode mode;       /**< how the members' cycles are cut (0: TA_SYNC_MODE_MARKERS) */
    const char *marker_name; /**< TA_SYNC_MODE_MARKERS: the markers of this name; NULL: every marker */
} ta_sync_group_desc;

/** A sync group (opaque). */
typedef struct ta_sync_group ta_sync_group;

/**
 * Makes an empty sync group.
 *
 * @ownership The caller owns *out; desc is copied (the name too).
 * @errors TA_ERROR_INVALID_ARGUMENT (desc or out NULL), TA_ERROR_OUT_OF_RANGE (a mode not of
 * ta_sync_mode), TA_ERROR_OUT_OF_MEMORY. *out is left as it was on a refusal.
 * @threejs None: three.js has no sync groups.
 */
TA_API ta_result ta_sync_group_create(const ta_sync_group_desc *desc, const ta_allocator *alloc,
                                      ta_sync_group **out, ta_error *err);

/**
 * Frees the group; its members keep the time scales they have. NULL does nothing.
 *
 * @ownership Frees group.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_sync_group_destroy(ta_sync_group *group);

/**
 * Adds an action; its time scale now (ta_action_time_scale) is its own, the one it plays at when it
 * leads.
 *
 * @ownership Keeps a pointer to action (not owned).
 * @errors TA_ERROR_INVALID_ARGUMENT (group or action NULL, action already a member, a clip without
 * sync markers, a count of sync markers not the first member's), TA_ERROR_OUT_OF_RANGE (a clip of
 * duration 0), TA_ERROR_LIMIT_EXCEEDED (the group full, more than TA_SYNC_GROUP_MAX_MARKERS sync
 * markers). A refused call changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_sync_group_add(ta_sync_group *group, ta_action *action, ta_error *err);

/**
 * Takes an action out of the group and gives it back its own time scale.
 *
 * @ownership Changes group and action.
 * @errors TA_ERROR_INVALID_ARGUMENT (group or action NULL, action not a member). A refused call
 * changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_sync_group_remove(ta_sync_group *group, ta_action *action, ta_error *err);

/**
 * Sets a member's own time scale (the rate it plays at when it leads); a leader takes it at once.
 *
 * @ownership Changes group, and action if it leads.
 * @errors TA_ERROR_INVALID_ARGUMENT (group or action NULL, action not a member),
 * TA_ERROR_NOT_A_NUMBER (time_scale not finite). A refused call changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_sync_group_set_time_scale(ta_sync_group *group, ta_action *action, float time_scale,
                                              ta_error *err);

/**
 * Picks the leader and sets every follower's effective time scale for the next
 * ta_mixer_update(mixer, ..., delta): call it just before that update. A delta of 0 sets each
 * follower's time to the leader's phase instead. An empty group does nothing.
 *
 * @ownership Changes the members' time scales (or times); reads mixer.
 * @errors TA_ERROR_INVALID_ARGUMENT (group or mixer NULL), TA_ERROR_NOT_A_NUMBER (delta not
 * finite), TA_ERROR_OUT_OF_RANGE (a follower's time scale or time past a float). A refused call
 * changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_sync_group_prepare(ta_sync_group *group, const ta_mixer *mixer, ta_duration delta,
                                       ta_error *err);

/**
 * How many actions the group holds; 0 for NULL.
 *
 * @ownership None.
 * @errors None.
 * @threejs None: three.js has no sync groups.
 */
TA_API uint32_t ta_sync_group_count(const ta_sync_group *group);

/**
 * The member at index (in the order added); NULL past the end or for NULL.
 *
 * @ownership The action stays its mixer's; the group holds no reference.
 * @errors None (NULL past the end).
 * @threejs None: three.js has no sync groups.
 */
TA_API ta_action *ta_sync_group_action(const ta_sync_group *group, uint32_t index);

/**
 * The leader the last ta_sync_group_prepare picked, as a member index; -1 before any, or for NULL.
 *
 * @ownership None.
 * @errors None (-1).
 * @threejs None: three.js has no sync groups.
 */
TA_API int32_t ta_sync_group_leader(const ta_sync_group *group);

/**
 * The member's phase now, in [0, n) for n sync markers (in [0, 1) by normalised time): marker k
 * is down at k. NaN past the end or for NULL.
 *
 * @ownership Reads group and the member.
 * @errors None.
 * @threejs None.
 */
TA_API double ta_sync_group_phase(const ta_sync_group *group, uint32_t index);

#ifdef __cplusplus
}
#endif

#endif
