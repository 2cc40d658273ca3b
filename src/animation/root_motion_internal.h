/*
 * src/animation/root_motion_internal.h -- the mixer's hooks for root motion
 * (root_motion.h). Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_ROOT_MOTION_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_ROOT_MOTION_INTERNAL_H

#include "animation/action_span.h"
#include "animation/mixer_internal.h"

/* Whether the action drives the root's position (or, with yaw, rotation):
 * false when root motion is off and for group actions. Finds the tracks
 * (a->root_track, a->root_rot_track) once per setting. */
bool ta__root_drives(const ta_mixer *m, ta_action *a);
/* TA_OK, or TA_ERROR_UNSUPPORTED naming action `index` when it plays a compressed clip's window
 * with a track that root motion on node would read (its position; its rotation with yaw): the
 * window holds only the keys around its action's time, and root motion reads the clip at its
 * start and end. */
ta_result ta__root_motion_check_window(const ta_action *a, uint32_t index, uint32_t node, bool yaw, ta_error *err);
/* Keeps the root in place in a sampled value of track (root_motion.h's pose
 * rule); other tracks are left alone. */
void ta__root_in_place(const ta_mixer *m, const ta_action *a, uint32_t track, double *value);
/* Clears the sums before an update's commit. */
void ta__root_motion_begin(ta_mixer *m);
/* Adds a's share of this update's motion: its move from before to a->next. */
void ta__root_motion_add(ta_mixer *m, ta_action *a, const ta__clock_state *before, const ta__span *s);

#endif
