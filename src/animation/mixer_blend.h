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
 * The rule itself, one lane at a time (the running total and a value's share
 * of it, the rest toward the original, the additive step), is the first
 * section, which the fused path (mixer_fused.c) calls too: it keeps one total
 * for all its lanes and its piles in planes, and its vector kernels
 * (fused_kernels.c) do the lerps. The order of the arithmetic is three.js's
 * and stays as it is: the fused path gives this path's numbers bit for bit,
 * and a test compares them.
 */
#ifndef THREEANIM_SRC_ANIMATION_MIXER_BLEND_H
#define THREEANIM_SRC_ANIMATION_MIXER_BLEND_H

#include <math.h>

#include "animation/fast_slerp.h"
#include "animation/lerp_lane.h"
#include "animation/mixer_internal.h"

/* ---- the rule, lane by lane: both paths ---------------------------------------------- */

/* Adds weight to a pile's running total (a float, as three.js's weights are:
 * a binding's, or the fused path's one for all its lanes). False when the
 * total was zero (the value is then copied); else true, with the share of the
 * new total the value takes. */
static inline bool ta__blend_share_of(float *total, double weight, double *out_share)
{
    if (*total == 0) {
        *total = (float)weight;
        return false;
    }
    *total = (float)(*total + weight);
    *out_share = weight / *total;
    return true;
}

/* Adds weight to an additive pile's total. True when it was zero: the pile
 * then starts from no change (zero, the identity). */
static inline bool ta__blend_add_start(float *total, double weight)
{
    const bool start = *total == 0;
    *total = (float)(*total + weight);
    return start;
}

/* A number of an additive pile after a value of weight: value times weight added. */
static inline float ta__blend_add_number(float add, double value, double weight)
{
    return (float)(add + value * weight);
}

/* A mixed number with its additive pile on top. */
static inline float ta__blend_number_on_top(float mixed, float add)
{
    return (float)((double)mixed + add);
}

/* What the commit does with a pile of normal weight `total`: nothing (one or
 * more), the original whole (none), or a move toward the original by the
 * weight it lacks (*out_rest). */
typedef enum ta__blend_rest {
    TA__BLEND_REST_NONE,
    TA__BLEND_REST_ALL,
    TA__BLEND_REST_PART
} ta__blend_rest;

static inline ta__blend_rest ta__blend_rest_of(float total, double *out_rest)
{
    if (!(total < 1)) return TA__BLEND_REST_NONE;
    if (total == 0) return TA__BLEND_REST_ALL;
    *out_rest = 1 - (double)total;
    return TA__BLEND_REST_PART;
}

/* An additive rotation's accumulation (three.js PropertyMixer's
 * _slerpAdditive): cur moved toward cur x in by weight. */
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

/* The same on an additive pile's rotation, its four numbers `stride` apart
 * (1 in a binding's slot, the lane count in the fused path's planes); start:
 * the pile starts from the identity. */
static inline void ta__blend_add_rotation_at(float *add, size_t stride, const double in[4], double weight, bool start)
{
    double cur[4], r[4];
    for (uint32_t c = 0; c < 4; ++c) cur[c] = start ? (c == 3 ? 1.0 : 0.0) : add[c * stride];
    ta__blend_add_rotation(r, cur, in, weight);
    for (uint32_t c = 0; c < 4; ++c) add[c * stride] = (float)r[c];
}

/* The additive pile on top of a mixed rotation, both four numbers `stride`
 * apart: cur x add, through the same slerp at 1 as three.js's
 * PropertyMixer.apply (which is not quite a copy). */
static inline void ta__blend_rotation_on_top_at(float *p, const float *add, size_t stride)
{
    double cur[4], ad[4], work[4], r[4];
    for (uint32_t c = 0; c < 4; ++c) {
        cur[c] = p[c * stride];
        ad[c] = add[c * stride];
    }
    ta_quat_multiply_flat(work, cur, ad);
    ta__fast_slerp(r, cur, work, 1);
    for (uint32_t c = 0; c < 4; ++c) p[c * stride] = (float)r[c];
}

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

/* Adds weight to b's total (ta__blend_share_of). */
static inline bool ta__blend_share(ta__binding *b, double weight, double *out_share)
{
    return ta__blend_share_of(&b->weight, weight, out_share);
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

static inline void ta__blend_accumulate_additive(ta_mixer *m, ta__binding *b, const double *in, const char *in_str,
                                                 double weight)
{
    float *add = ta__blend_slot(m->add, b->offset);
    const bool start = ta__blend_add_start(&b->add_weight, weight);
    switch (b->target.type) {
    case TA_VALUE_TYPE_ROTATION: ta__blend_add_rotation_at(add, 1, in, weight, start); break;
    case TA_VALUE_TYPE_FLAG:
        if (start) add[0] = m->orig[b->offset];
        if (weight >= 0.5) add[0] = (float)in[0];
        break;
    case TA_VALUE_TYPE_STRING:
        if (start) m->str_add[b->offset] = m->str_orig[b->offset];
        if (weight >= 0.5) m->str_add[b->offset] = in_str;
        break;
    default:
        for (uint32_t i = 0; i < b->size; ++i) add[i] = ta__blend_add_number(start ? 0.0f : add[i], in[i], weight);
        break;
    }
}

/* ---- at the commit ---------------------------------------------------------------------- */

/* The pile rested toward the original by the missing weight, then the additive pile on top. */
static inline void ta__blend_apply(ta_mixer *m, ta__binding *b)
{
    float *p = ta__blend_slot(m->pile, b->offset);
    const float *o = ta__blend_slot(m->orig, b->offset);
    const bool is_string = b->target.type == TA_VALUE_TYPE_STRING;
    double t;
    switch (ta__blend_rest_of(b->weight, &t)) {
    case TA__BLEND_REST_ALL:
        if (is_string)
            m->str_pile[b->offset] = m->str_orig[b->offset];
        else
            for (uint32_t i = 0; i < b->size; ++i) p[i] = o[i];
        break;
    case TA__BLEND_REST_PART: {
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
        break;
    }
    case TA__BLEND_REST_NONE: break;
    }
    if (b->add_weight > 0) {
        const float *add = ta__blend_slot(m->add, b->offset);
        switch (b->target.type) {
        case TA_VALUE_TYPE_ROTATION: ta__blend_rotation_on_top_at(p, add, 1); break;
        case TA_VALUE_TYPE_FLAG: p[0] = add[0]; break;
        case TA_VALUE_TYPE_STRING: m->str_pile[b->offset] = m->str_add[b->offset]; break;
        default:
            for (uint32_t i = 0; i < b->size; ++i) p[i] = ta__blend_number_on_top(p[i], add[i]);
            break;
        }
    }
}

#endif
