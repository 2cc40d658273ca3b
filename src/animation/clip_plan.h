/*
 * src/animation/clip_plan.h -- how the mixer reads a clip fast, worked out
 * once per clip and shared by every action on it. Not public.
 *
 * Tracks whose key times are the same (glTF channels sharing an input
 * accessor, a rig baked at one rate) form a time group: an action finds the
 * interval once per group per update, not once per track. Tracks are also
 * sorted by the kernel that reads them, so the mixer runs tight loops over
 * plain LINEAR vectors and LINEAR rotations, and the general path for the
 * rest. A LINEAR rotation's key intervals come with their slerp constants
 * (slerp_constants.h), so that an update does not work out an angle.
 *
 * The plan is made with the clip (ta_clip_create and everything that makes
 * a clip go through one function, which refuses when it cannot be made), and
 * made again by an edit, which is possible only while the clip is unshared.
 * So from the moment a clip is shared its plan only is read: actions on any
 * number of threads read it with no synchronisation beyond the one that
 * handed them the clip.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_PLAN_H
#define THREEANIM_SRC_ANIMATION_CLIP_PLAN_H

#include "animation/clip_internal.h"

typedef struct ta__clip_plan {
    uint32_t group_count;
    uint32_t *track_group;     /* per track */
    const float **group_times; /* per group: the times of its first track */
    uint32_t *group_keys;      /* per group: the key count */
    uint32_t *lerp;            /* LINEAR tracks of numbers (not rotations, flags or strings) */
    uint32_t lerp_count;
    uint32_t *slerp;           /* LINEAR rotations */
    uint32_t slerp_count;
    /* per LINEAR rotation (as slerp): its intervals' constants, theta at
     * [2 i] and k at [2 i + 1] for the keys i and i + 1 */
    const float **slerp_constants;
    bool slerp_targets_unique; /* no two rotation tracks name one target: they can share a batch */
    uint32_t *other;           /* everything else: the general kernels */
    uint32_t other_count;
    size_t bytes;
} ta__clip_plan;

/* A plan for the clip's tracks as they are now, in the clip's memory; NULL
 * when out of memory. Only reads the clip: the caller puts the plan in. */
ta__clip_plan *ta__clip_plan_build(const ta_clip *clip);
/* Frees a plan ta__clip_plan_build made for clip; NULL does nothing. */
void ta__clip_plan_free(const ta_clip *clip, ta__clip_plan *plan);

/* The slerp constants made again from the tracks' keys, which changed in place
 * (a compressed clip's window): of the tracks whose changes[i] is set, or all
 * when changes is NULL; allocates nothing. */
void ta__clip_plan_refill(const ta_clip *clip, const uint8_t *changes);

/* The clip's plan: never NULL for a clip that was made. */
static inline const ta__clip_plan *ta__clip_plan_get(const ta_clip *clip)
{
    return clip->plan;
}

#endif
