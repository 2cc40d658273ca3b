/*
 * src/animation/clip_plan.h -- how the mixer reads a clip fast, worked out
 * once per clip and shared by every action on it. Not public.
 *
 * Tracks whose key times are the same (glTF channels sharing an input
 * accessor, a rig baked at one rate) form a time group: an action finds the
 * interval once per group per update, not once per track. Tracks are also
 * sorted by the kernel that reads them, so the mixer runs tight loops over
 * plain LINEAR vectors and LINEAR rotations, and the general path for the
 * rest.
 *
 * The plan is made by the first action on the clip and published into the
 * clip with a compare-and-swap, so actions on other threads may race to make
 * it; losers free theirs. Editing a clip (possible only while unshared) drops
 * the plan.
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
    bool slerp_targets_unique; /* no two rotation tracks name one target: they can share a batch */
    uint32_t *other;           /* everything else: the general kernels */
    uint32_t other_count;
    size_t bytes;
} ta__clip_plan;

/* The clip's plan, made now if it has none; NULL when out of memory. */
const ta__clip_plan *ta__clip_plan_get(const ta_clip *clip);
/* Frees the clip's plan (the clip is unshared, or being freed). */
void ta__clip_plan_drop(ta_clip *clip);

#endif
