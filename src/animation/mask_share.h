/*
 * src/animation/mask_share.h -- a masked update's share of one lane, with no branch, for the
 * fused path's kernels (fused_kernels.c's mask_vec, mask_rot and mask_rest_vec). Not public.
 *
 * A mask gives each lane its own cumulative weight, as the general path's bindings have theirs:
 * ta__mask_share_of is mixer_blend.h's ta__blend_share_of on one lane, written as selects so that
 * a loop over lanes vectorises, with the same numbers: the new total a float, the share the
 * weight over it in double, rounded to float32 for the lerp or slerp (ta__mask_first_on, the
 * same where the total is still 0); ta__mask_mix and ta__mask_rest mix and rest a number as the
 * general path does, the same way.
 */
#ifndef THREEANIM_SRC_ANIMATION_MASK_SHARE_H
#define THREEANIM_SRC_ANIMATION_MASK_SHARE_H

#include <stdbool.h>

#include "animation/lerp_lane.h"

typedef struct ta__mask_share {
    bool on;     /* the lane's weight is above 0: it takes part */
    bool first;  /* its total was 0: the values are copied */
    float total; /* the lane's cumulative weight after (as before where not on) */
    float t;     /* the share, past the first */
} ta__mask_share;

/* Lane weight: the action's weight times the mask's on the lane, mask (1 without a mask: the
 * action's weight itself); total: the lane's cumulative weight so far. */
static inline ta__mask_share ta__mask_share_of(double weight, float mask, float total)
{
    const double w = weight * mask;
    ta__mask_share s;
    s.on = w > 0;
    s.first = total == 0;
    const float alone = (float)w, summed = (float)(total + w); /* both made: selects, not branches */
    const float after = s.first ? alone : summed;
    s.t = (float)(w / after); /* unused where first */
    s.total = s.on ? after : total;
    return s;
}

/* The first action's lane (every total still 0): whether it takes part, and its total made its
 * weight where it does (ta__mask_share_of's numbers where the total is 0, with no share). */
static inline bool ta__mask_first_on(double weight, float mask, float *total)
{
    const double w = weight * mask;
    const bool on = w > 0;
    *total = on ? (float)w : *total;
    return on;
}

/* A pile's number x after a value y of the lane's share s: x where the lane takes no part, y where
 * it is the lane's first, else lerped in float32 (mix_action's LINEAR vectors). */
static inline float ta__mask_mix(ta__mask_share s, float x, float y)
{
    const float lerped = ta__lerp_lane(x, y, s.t), r = s.first ? y : lerped;
    return s.on ? r : x;
}

/* A pile's number p rested toward its original o by the lane's missing weight, 1 - total
 * (ta__blend_rest_of and ta__blend_lerp, in double): none of it at a total of 1 or more (or
 * NaN), all of it (o) at 0. */
static inline float ta__mask_rest(float total, float p, float o)
{
    const double t = 1 - (double)total, s = 1 - t;
    const float part = (float)(p * s + (double)o * t), r = total == 0 ? o : part;
    return total < 1 ? r : p;
}

#endif
