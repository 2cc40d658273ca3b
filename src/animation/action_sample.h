/*
 * src/animation/action_sample.h -- one track of an action read at the update's time, in double,
 * from the interval its time group's cursor holds. Not public.
 *
 * After the update sought the action's time groups (the general path's seek_groups, the fused
 * path's seek_group: the clip plan numbers the groups for both, clip_fused.h), a->cursors and
 * a->alphas hold each group's interval; these read a track there as the general path mixes it.
 * The fused path reads the root's tracks with them for root motion (mixer_fused.c), so that both
 * paths give the root the same numbers.
 */
#ifndef THREEANIM_SRC_ANIMATION_ACTION_SAMPLE_H
#define THREEANIM_SRC_ANIMATION_ACTION_SAMPLE_H

#include "animation/fast_slerp.h"
#include "animation/interpolant.h"
#include "animation/mixer_internal.h"

static inline void ta__sample_lerp(const ta_action *a, uint32_t track, double *out)
{
    const ta_track *tr = a->clip->tracks[track];
    uint32_t g = a->plan->track_group[track], i1 = a->cursors[g], n = tr->value_size;
    if (i1 == 0)
        ta__copy_key(tr->values, 0, n, out);
    else if (i1 == tr->key_count)
        ta__copy_key(tr->values, i1 - 1, n, out);
    else
        ta__lerp_key(tr->values, i1, n, a->alphas[g], out);
}

static inline void ta__sample_slerp(const ta_action *a, uint32_t track, double *out)
{
    const ta_track *tr = a->clip->tracks[track];
    uint32_t g = a->plan->track_group[track], i1 = a->cursors[g];
    if (i1 == 0) {
        ta__copy_key(tr->values, 0, 4, out);
    } else if (i1 == tr->key_count) {
        ta__copy_key(tr->values, i1 - 1, 4, out);
    } else {
        const float *k1 = tr->values + (size_t)i1 * 4, *k0 = k1 - 4;
        double q0[4] = {k0[0], k0[1], k0[2], k0[3]}, q1[4] = {k1[0], k1[1], k1[2], k1[3]};
        ta__fast_slerp(out, q0, q1, a->alphas[g]);
    }
}

/* Out of line, as it was in the general path's file: inlined into its loops it costs the masked
 * update some 200 instructions (callgrind). */
#if defined(__GNUC__)
#define TA__SAMPLE_OUT_OF_LINE __attribute__((noinline, unused))
#else
#define TA__SAMPLE_OUT_OF_LINE
#endif

/* Any track at t (the action's read time), with this update's endings for SMOOTH. */
TA__SAMPLE_OUT_OF_LINE static void ta__sample_any(const ta_action *a, uint32_t track, double t, double *out)
{
    const ta_track *tr = a->clip->tracks[track];
    if (tr->interpolation == TA_INTERPOLATION_LINEAR) {
        if (tr->value_type == TA_VALUE_TYPE_ROTATION) {
            ta__sample_slerp(a, track, out);
            return;
        }
        if (tr->value_type == TA_VALUE_TYPE_NUMBER || tr->value_type == TA_VALUE_TYPE_COLOR) {
            ta__sample_lerp(a, track, out);
            return;
        }
    }
    /* The endings of this update: the ones of the clock about to be committed. */
    uint32_t i1 = a->cursors[a->plan->track_group[track]];
    ta__track_evaluate(tr, i1, t, a->step->next.clock.ending_start, a->step->next.clock.ending_end, out);
}

#endif
