/*
 * src/animation/root_motion_internal.h -- the mixer's hooks for root motion
 * (root_motion.h). Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_ROOT_MOTION_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_ROOT_MOTION_INTERNAL_H

#include "animation/action_span.h"
#include "animation/mixer_internal.h"

/* The action's track on the root's position (TA_NONE: none, or root motion
 * off, or a group action), found once per setting. */
uint32_t ta__root_track(const ta_mixer *m, ta_action *a);
/* Puts the clip's start back on the extracted axes of a sampled root position. */
void ta__root_in_place(const ta_mixer *m, const ta_action *a, uint32_t track, double *value);
/* Clears the sums before an update's commit. */
void ta__root_motion_begin(ta_mixer *m);
/* Adds a's share of this update's motion: its move from before to a->next. */
void ta__root_motion_add(ta_mixer *m, ta_action *a, const ta__clock_state *before, const ta__span *s);

#endif
