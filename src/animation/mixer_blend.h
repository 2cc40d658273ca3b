/*
 * src/animation/mixer_blend.h -- the blend rule of the mixer's general path,
 * written once for every loop of mixer_update.c. Not public.
 *
 * Normal actions: a binding's pile holds the running weighted mean of the
 * values mixed into it this update. The first value is copied; each later one
 * moves the pile toward itself by its share of the weight so far (its weight
 * over the running total). At the commit the pile rests toward the original
 * value by the weight it lacks (one minus the total, when that is below one),
 * and the additive pile goes on top. Additive actions: the additive pile
 * starts at no change and adds each value times its weight. How a value moves
 * toward another depends on its type: numbers lerp, rotations slerp, flags and
 * strings are taken whole when the share is at least a half. three.js:
 * PropertyMixer (accumulate, accumulateAdditive, apply).
 *
 * Usage: ta__blend_accumulate (or its typed forms in the tight loops) for each
 * value of a normal action, ta__blend_accumulate_additive for an additive one,
 * then ta__blend_apply once per driven binding.
 *
 * The order of the arithmetic is three.js's and stays as it is: the fused
 * path (mixer_fused.c) gives this path's numbers bit for bit, and a test
 * compares them.
 */
#ifndef THREEANIM_SRC_ANIMATION_MIXER_BLEND_H
#define THREEANIM_SRC_ANIMATION_MIXER_BLEND_H

#include <math.h>

#include "animation/fast_slerp.h"
#include "animation/lerp_lane.h"
#include "animation/mixer_internal.h"

/* A binding's slot in one of the float arrays; NULL when the array is not
 * made (only string bindings, whose values live in the string arrays). */
static inline float *ta__blend_slot(float *base, uint32_t offset)
{
    return base != NULL ? base + offset : NULL;
}

/* ---- moving one value toward another ------------------------------------------------- */

/* Values hold at most four numbers: unrolled, a loop of a known count (three,
 * the common case, in the tight loop) is straight code, as it is written out
 * at -O3 but not at -O2 (measured with callgrind). */
#if defined(__GNUC__)
#define TA__BLEND_UNROLL _Pragma("GCC unroll 4")
#else
#define TA__BLEND_UNROLL
#endif

static inline void ta__blend_copy(float *dst, const double *src, uint32_t n)
{
    TA__BLEND_UNROLL
    for (uint32_t i = 0; i < n; ++i) dst[i] = (float)src[i];
}

static inline void ta__blend_lerp(float *dst, const double *src, uint32_t n, double t)
{
    double s = 1 - t;
    TA__BLEND_UNROLL
    for (uint32_t i = 0; i < n; ++i) dst[i] = (float)(dst[i] * s + src[i] * t);
}

/* The slerp stays out of line: inlined into every loop that uses it, it
 * crowds their registers (measured with callgrind). */
#if defined(__GNUC__)
#define TA__BLEND_OUT_OF_LINE __attribute__((noinline, unused)) /* unused: for a file that includes this and mixes nothing */
#else
#define TA__BLEND_OUT_OF_LINE
#endif

TA__BLEND_OUT_OF_LINE static void ta__blend_slerp(float *dst, const double *src, double t)
{
    double a[4] = {dst[0], dst[1], dst[2], dst[3]}, r[4];
    ta__fast_slerp(r, a, src, t);
    for (int i = 0; i < 4; ++i) dst[i] = (float)r[i];
}

/* b's pile (p, its slot) moved toward in (in_str for a string) by t, as b's type moves. */
static inline void ta__blend_toward(ta_mixer *m, const ta__binding *b, float *p, const double *in, const char *in_str,
                                    double t)
{
    switch (b->target.type) {
    case TA_VALUE_TYPE_ROTATION: ta__blend_slerp(p, in, t); break;
    case TA_VALUE_TYPE_FLAG:
        if (t >= 0.5) p[0] = (float)in[0];
        break;
    case TA_VALUE_TYPE_STRING:
        if (t >= 0.5) m->str_pile[b->offset] = in_str;
        break;
    default: ta__blend_lerp(p, in, b->size, t); break;
    }
}

/* ---- normal actions: the running weighted mean -------------------------------------- */

/* Adds weight to b's total. False when the pile was empty (the value is then
 * copied); else true, with the share of the new total the value takes. */
static inline bool ta__blend_share(ta__binding *b, double weight, double *out_share)
{
    if (b->weight == 0) {
        b->weight = weight;
        return false;
    }
    b->weight += weight;
    *out_share = weight / b->weight;
    return true;
}

/* A value of any type into b's pile. */
static inline void ta__blend_accumulate(ta_mixer *m, ta__binding *b, const double *in, const char *in_str,
                                        double weight)
{
    float *p = ta__blend_slot(m->pile, b->offset);
    double share;
    if (ta__blend_share(b, weight, &share))
        ta__blend_toward(m, b, p, in, in_str, share);
    else if (b->target.type == TA_VALUE_TYPE_STRING)
        m->str_pile[b->offset] = in_str;
    else
        ta__blend_copy(p, in, b->size);
}

/* n numbers into b's pile (b is not a rotation, flag or string). */
static inline void ta__blend_accumulate_numbers(ta_mixer *m, ta__binding *b, const double *in, uint32_t n,
                                                double weight)
{
    double share;
    if (ta__blend_share(b, weight, &share))
        ta__blend_lerp(m->pile + b->offset, in, n, share);
    else
        ta__blend_copy(m->pile + b->offset, in, n);
}

/* A LINEAR node vector (three numbers, float32) into b's pile, in float32
 * (lerp_lane.h), as the fused path mixes it. */
static inline void ta__blend_accumulate_vec3f(ta_mixer *m, ta__binding *b, const float *in, double weight)
{
    float *p = m->pile + b->offset;
    double share;
    if (!ta__blend_share(b, weight, &share)) {
        p[0] = in[0];
        p[1] = in[1];
        p[2] = in[2];
        return;
    }
    const float t = (float)share;
    p[0] = ta__lerp_lane(p[0], in[0], t);
    p[1] = ta__lerp_lane(p[1], in[1], t);
    p[2] = ta__lerp_lane(p[2], in[2], t);
}

/* A rotation into b's pile. */
static inline void ta__blend_accumulate_rotation(ta_mixer *m, ta__binding *b, const double *in, double weight)
{
    double share;
    if (ta__blend_share(b, weight, &share))
        ta__blend_slerp(m->pile + b->offset, in, share);
    else
        ta__blend_copy(m->pile + b->offset, in, 4);
}

/* ---- additive actions ------------------------------------------------------------------ */

/* An additive rotation's accumulation (three.js PropertyMixer's
 * _slerpAdditive): cur moved toward cur x in by weight. The general path and
 * the fused path both call it, so that they agree to the bit. */
static inline void ta__blend_add_rotation(double r[4], const double cur[4], const double in[4], double weight)
{
    double work[4];
    ta_quat_multiply_flat(work, cur, in);
    /* A weight above one extrapolates, which the fast slerp's series does
     * not (it holds for t in [0, 1]): three.js's slerpFlat there. */
    if (weight <= 1)
        ta__fast_slerp(r, cur, work, weight);
    else
        ta_quat_slerp_flat(r, cur, work, weight);
    if (weight > 0x1p20) {
        /* Past a weight of about a million the extrapolating slerp's
         * rounding shows in the length (from 2**53 on 1 - weight is
         * -weight, and the result is no rotation at all): keep it one.
         * Below, the result is three.js's, length and all. */
        double len = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
        if (len > 0 && isfinite(len))
            for (int i = 0; i < 4; ++i) r[i] /= len;
    }
}

/* The additive pile on top of the mixed rotation: cur x add, through the same
 * slerp at 1 as three.js's PropertyMixer.apply (which is not quite a copy). */
static inline void ta__blend_rotation_on_top(double r[4], const double cur[4], const double add[4])
{
    double work[4];
    ta_quat_multiply_flat(work, cur, add);
    ta__fast_slerp(r, cur, work, 1);
}

static inline void ta__blend_accumulate_additive(ta_mixer *m, ta__binding *b, const double *in, const char *in_str,
                                                 double weight)
{
    float *add = ta__blend_slot(m->add, b->offset);
    if (b->add_weight == 0) {
        switch (b->target.type) {
        case TA_VALUE_TYPE_ROTATION:
            add[0] = add[1] = add[2] = 0;
            add[3] = 1;
            break;
        case TA_VALUE_TYPE_FLAG: add[0] = m->orig[b->offset]; break;
        case TA_VALUE_TYPE_STRING: m->str_add[b->offset] = m->str_orig[b->offset]; break;
        default:
            for (uint32_t i = 0; i < b->size; ++i) add[i] = 0;
            break;
        }
    }
    switch (b->target.type) {
    case TA_VALUE_TYPE_ROTATION: {
        double cur[4] = {add[0], add[1], add[2], add[3]}, r[4];
        ta__blend_add_rotation(r, cur, in, weight);
        for (int i = 0; i < 4; ++i) add[i] = (float)r[i];
        break;
    }
    case TA_VALUE_TYPE_FLAG:
        if (weight >= 0.5) add[0] = (float)in[0];
        break;
    case TA_VALUE_TYPE_STRING:
        if (weight >= 0.5) m->str_add[b->offset] = in_str;
        break;
    default:
        for (uint32_t i = 0; i < b->size; ++i) add[i] = (float)(add[i] + in[i] * weight);
        break;
    }
    b->add_weight += weight;
}

/* ---- at the commit ---------------------------------------------------------------------- */

/* The pile rested toward the original by the missing weight, then the additive pile on top. */
static inline void ta__blend_apply(ta_mixer *m, ta__binding *b)
{
    float *p = ta__blend_slot(m->pile, b->offset);
    const float *o = ta__blend_slot(m->orig, b->offset);
    double w = b->weight;
    if (w < 1) {
        double t = 1 - w;
        bool is_string = b->target.type == TA_VALUE_TYPE_STRING;
        if (w == 0) {
            if (is_string)
                m->str_pile[b->offset] = m->str_orig[b->offset];
            else
                for (uint32_t i = 0; i < b->size; ++i) p[i] = o[i];
        } else {
            /* the original as the value it rests toward */
            double od[4] = {0, 0, 0, 0};
            if (b->target.type == TA_VALUE_TYPE_ROTATION) {
                od[0] = o[0];
                od[1] = o[1];
                od[2] = o[2];
                od[3] = o[3];
            } else if (!is_string) {
                TA__BLEND_UNROLL
                for (uint32_t i = 0; i < b->size; ++i) od[i] = o[i];
            }
            ta__blend_toward(m, b, p, od, is_string ? m->str_orig[b->offset] : NULL, t);
        }
    }
    if (b->add_weight > 0) {
        const float *add = ta__blend_slot(m->add, b->offset);
        switch (b->target.type) {
        case TA_VALUE_TYPE_ROTATION: {
            double cur[4] = {p[0], p[1], p[2], p[3]}, ad[4] = {add[0], add[1], add[2], add[3]}, r[4];
            ta__blend_rotation_on_top(r, cur, ad);
            for (int i = 0; i < 4; ++i) p[i] = (float)r[i];
            break;
        }
        case TA_VALUE_TYPE_FLAG: p[0] = add[0]; break;
        case TA_VALUE_TYPE_STRING: m->str_pile[b->offset] = m->str_add[b->offset]; break;
        default:
            for (uint32_t i = 0; i < b->size; ++i) p[i] = (float)((double)p[i] + add[i]);
            break;
        }
    }
}

#endif
