/*
 * src/animation/slerp_constants.h -- a key interval's slerp with what does
 * not depend on t worked out when the clip is made, and the float32 lane
 * that finishes it at each update (the general path's batch, quat_batch.c,
 * and the fused path's planes, fused_kernels.c, both inline this lane, so
 * that the two paths give the same numbers bit for bit). Not public.
 *
 * three.js's slerpFlat between two keys takes the shorter arc and, below a
 * dot product of 0.9995, the weights sin(s theta) / sin(theta) and
 * sin(t theta) / sin(theta), s = 1 - t, theta = acos(dot). The dot, theta and
 * sin(theta) are the interval's, not the update's, so an interval keeps two
 * floats, made in double from the keys as three.js reads them (its branch
 * tests are then three.js's exactly):
 *
 *   theta  acos(dot), rounded to float;
 *   k      sign / sin(theta of the float), sign -1 where the shorter arc
 *          turns the second key over: the weights are sin(s theta) |k| and
 *          sin(t theta) k, and are 1 at their own end up to the polynomial.
 *
 * The other two branches are written into the same two numbers, so that a
 * lane has no branch and a vector loop takes every interval alike:
 *
 *   near (dot >= 0.9995)  theta = 2^-12, k = +-2^12: the polynomial below is
 *                         x itself for x <= 2^-12 and a power of two scales
 *                         exactly, so the weights are s and +-t to the bit,
 *                         slerpFlat's lerp; these lanes (theta exactly 2^-12,
 *                         far below acos(0.9995) = 0.0316) are then
 *                         normalized, as slerpFlat does;
 *   equal keys            theta = 0, k = 0: the first key as it is.
 *
 * At t exactly 0 or 1 (an action read at a key, the first frame of a clip)
 * slerpFlat's weights are exactly 1 and 0, and its lerp is normalized in
 * double, so three.js returns the key (the second turned over where the
 * shorter arc turns it) as it rounds it, to the bit; the polynomial's weights
 * and a float32 normalization are a step or two off. Every caller takes
 * those lanes from ta__slerp_end's numbers instead of the lane below (the
 * fused path through its set's rot_end, on the one t of a group; the general
 * path's batch lane by lane), which are three.js's with no acos or sine
 * (ta__slerp_end_lane).
 *
 * An update then costs two short polynomials per rotation, with no series
 * and no lane left for double: theta is at most pi/2 (the shorter arc), where
 * the polynomial's relative error is 1.1e-8 in exact arithmetic and 1.2e-7
 * evaluated in float32. A slerped key is within 3e-7 of slerpFlat's in
 * double (test_slerp_constants: 2.1e-7 at worst over random pairs of every
 * branch; the series and the double redo it replaces gave 4e-7).
 */
#ifndef THREEANIM_SRC_ANIMATION_SLERP_CONSTANTS_H
#define THREEANIM_SRC_ANIMATION_SLERP_CONSTANTS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "animation/fast_slerp.h"
#include "animation/lane_inline.h"

/* theta of the near branch, and the scale that undoes it */
#define TA__SLERP_NEAR_THETA 0x1p-12f
#define TA__SLERP_NEAR_SCALE 0x1p12f

/* The constants of the interval from key a to key b (four floats each). */
void ta__slerp_constants(const float *a, const float *b, float *theta, float *k);
/* The constants of every interval of a rotation track's keys (4 floats a
 * key): interval i's at theta[i * stride] and k[i * stride]; made by
 * ta__slerp_constants_fast where fast (a clip whose slerp_fast is set). */
void ta__slerp_constants_track(const float *values, uint32_t keys, float *theta, float *k, size_t stride, bool fast);

/* Whether a key pair read at t takes ta__slerp_end rather than the lane. */
static inline bool ta__slerp_at_end(float t)
{
    return t == 0 || t == 1;
}

/* out = slerpFlat(a, b, t) in double, rounded to float (four floats each):
 * three.js's numbers, for a pair read at an end (ta__slerp_at_end: t is 0,
 * -0 or 1; ta__slerp_end_lane). */
void ta__slerp_end(const float *a, const float *b, float t, float *out);

/* One lane of ta__slerp_end, with s = 1 - t, branch-free so that a loop over
 * lanes vectorises (each set's rot_end). At an end slerpFlat's weights are s
 * and t exactly in both of its branches: in the far one sin(theta) over itself
 * is 1 and sin(+-0 theta) is +-0 over a positive sine (ta_quat_slerp_flat), so
 * that no acos or sine is left: its begin (the pair turned to the shorter arc),
 * the lerp by s and t, normalised where the dot is 0.9995 or more (or not a
 * number), and the first key as it is where the two are equal, each in
 * slerpFlat's order. */
TA__LANE_INLINE void ta__slerp_end_lane(float ax, float ay, float az, float aw, float bx, float by, float bz,
                                        float bw, double s, double t, float *ox, float *oy, float *oz, float *ow)
{
    const double x0 = ax, y0 = ay, z0 = az, w0 = aw;
    double x1 = bx, y1 = by, z1 = bz, w1 = bw, d;
    const bool same = ta__slerp_begin_lane(x0, y0, z0, w0, &x1, &y1, &z1, &w1, &d);
    double x = x0 * s + x1 * t, y = y0 * s + y1 * t, z = z0 * s + z1 * t, w = w0 * s + w1 * t;
    const double f = 1 / sqrt(x * x + y * y + z * z + w * w);
    const bool near = !(d < 0.9995);
    x = near ? x * f : x;
    y = near ? y * f : y;
    z = near ? z * f : z;
    w = near ? w * f : w;
    *ox = (float)(same ? x0 : x);
    *oy = (float)(same ? y0 : y);
    *oz = (float)(same ? z0 : z);
    *ow = (float)(same ? w0 : w);
}

/* sin(x) for x in [0, pi/2]: x + x^3 (c3 + c5 x^2 + c7 x^4 + c9 x^6), a
 * minimax fit of the relative error with the first coefficient held at 1,
 * so that it is x to the bit for x <= 2^-12 (x^3/6 is below half an ulp). */
TA__LANE_INLINE float ta__slerp_sin(float x)
{
    float x2 = x * x;
    float p = 2.60516663e-06f;
    p = p * x2 + -0.000198099558f;
    p = p * x2 + 0.00833308417f;
    p = p * x2 + -0.166666612f;
    return x + x * (x2 * p);
}

/* What both makers take as three.js's slerpFlat takes it: equal keys (0, 0), and the dot in
 * double, the shorter arc's sign and the near branch. Returns whether *theta and *k are made;
 * if not, *dot (in [0, 0.9995)) and *sign are the far branch's. */
static inline bool ta__slerp_constants_branch(const float *a, const float *b, float *theta, float *k, double *dot,
                                              double *sign)
{
    if (a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]) {
        *theta = 0;
        *k = 0;
        return true;
    }
    double d = (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3];
    *sign = 1;
    if (d < 0) {
        d = -d;
        *sign = -1;
    }
    *dot = d;
    if (d >= 0.9995) {
        *theta = TA__SLERP_NEAR_THETA;
        *k = (float)(*sign * TA__SLERP_NEAR_SCALE);
        return true;
    }
    return false;
}

/* acos(d) for d in [0, 1], the fast constants' theta: Abramowitz and Stegun's 4.4.46 in float32
 * (sqrt(1 - d) times a polynomial), the one both the key's and the lane's makers take. */
static inline float ta__slerp_theta(float d)
{
    float p = -0.0012624911f;
    p = p * d + 0.0066700901f;
    p = p * d + -0.0170881256f;
    p = p * d + 0.0308918810f;
    p = p * d + -0.0501743046f;
    p = p * d + 0.0889789874f;
    p = p * d + -0.2145988016f;
    p = p * d + 1.5707963050f;
    return sqrtf(1 - d) * p;
}

/* The constants of a compressed clip's window (clip_compressed_window.c),
 * which makes them for every key interval it decodes, some eight a track
 * every few updates: ta__slerp_constants' numbers in float32 and without
 * acos and sin in double (libm's were about a fifth of the compressed
 * window's update on CesiumMan, docs/compression.md). The dot and the
 * branches are ta__slerp_constants' (three.js's), in double: a dot within an
 * ulp of 0 turns the second key over or not as three.js does. theta is
 * Abramowitz and Stegun's 4.4.46 in float32,
 * sqrt(1 - dot) times a polynomial of degree 7 (2e-8 in exact arithmetic),
 * and k is 1 / ta__slerp_sin(theta), the lane's own sine, so that the weight
 * of a key at its own end is 1 to an ulp. A slerped key is within 4e-7 of
 * slerpFlat's in double (test_slerp_constants), where the double constants
 * give 3e-7: far below a compressed clip's error (its keys are quantized),
 * but not three.js's numbers bit for bit, which a compressed clip never
 * was. */
static inline void ta__slerp_constants_fast(const float *a, const float *b, float *theta, float *k)
{
    double dot, sign;
    if (ta__slerp_constants_branch(a, b, theta, k, &dot, &sign)) return;
    const float th = ta__slerp_theta((float)dot);
    *theta = th;
    *k = (float)sign / ta__slerp_sin(th);
}

/* ta__slerp_constants_fast's numbers for one lane of key pairs, without a branch: both sides
 * computed and one kept, so that a loop over lanes vectorises (fused_kernels.h's
 * rot_constants, which a window's refill calls over its rotation planes). A lane takes
 * the operations of ta__slerp_constants_fast in the same order: the same numbers, bit for
 * bit (test_slerp_constants). */
static inline void ta__slerp_constants_lane(float ax, float ay, float az, float aw, float bx, float by, float bz,
                                            float bw, float *theta, float *k)
{
    const bool equal = (ax == bx) & (ay == by) & (az == bz) & (aw == bw);
    double d = (double)ax * bx + (double)ay * by + (double)az * bz + (double)aw * bw;
    const bool turn = d < 0;
    d = turn ? -d : d;
    const bool near = d >= 0.9995;
    const float th = ta__slerp_theta((float)d); /* NaN past 1, in a lane the near branch keeps */
    const float sign = turn ? -1.0f : 1.0f;
    const float far_k = sign / ta__slerp_sin(th);
    *theta = equal ? 0.0f : near ? TA__SLERP_NEAR_THETA : th;
    *k = equal ? 0.0f : near ? sign * TA__SLERP_NEAR_SCALE : far_k;
}

/* The lanes rot_constants can settle without ta__slerp_constants_lane's double dot and its two
 * polynomials: an equal pair, and a pair surely in the near branch. Returns whether the lane is
 * one of those, whose constants it wrote (the lane's numbers, bit for bit); if not, the caller
 * makes them with ta__slerp_constants_lane. The dot is float32 here: each product and sum
 * rounds by at most 2^-24 of the sum of the products' sizes s, so the double dot is within
 * 4 * 2^-24 * s of it, and a float dot at least 0.9995 + 2^-20 * s in size is at least 0.9995 in
 * double, of the same sign (the margin is four times that bound, for the rounding of the test
 * itself). Lanes at the threshold go to the double dot, as do any with a NaN. In the Fox's Survey,
 * 99% of the window's intervals are equal or near; in its Run, 39%. */
static inline bool ta__slerp_constants_settled(float ax, float ay, float az, float aw, float bx, float by, float bz,
                                               float bw, float *theta, float *k)
{
    const bool equal = (ax == bx) & (ay == by) & (az == bz) & (aw == bw);
    const float px = ax * bx, py = ay * by, pz = az * bz, pw = aw * bw;
    const float d = (px + py) + (pz + pw);
    const float s = (fabsf(px) + fabsf(py)) + (fabsf(pz) + fabsf(pw));
    const bool near = fabsf(d) - s * 0x1p-20f >= 0.99950004f; /* the float above 0.9995 */
    *theta = equal ? 0.0f : TA__SLERP_NEAR_THETA;
    *k = equal ? 0.0f : d < 0 ? -TA__SLERP_NEAR_SCALE : TA__SLERP_NEAR_SCALE;
    return equal | near;
}

/* out = slerpFlat(a, b, t) for an interval of constants theta, k (t in (0, 1):
 * at the ends, ta__slerp_end).
 * The operations and their order are the same for every caller: keep them so. */
TA__LANE_INLINE void ta__slerp_key_lane(float x0, float y0, float z0, float w0, float x1, float y1, float z1,
                                        float w1, float theta, float k, float t, float *ox, float *oy, float *oz,
                                        float *ow)
{
    float s = 1 - t;
    float a = ta__slerp_sin(s * theta) * fabsf(k);
    float b = ta__slerp_sin(t * theta) * k;
    float rx = x0 * a + x1 * b, ry = y0 * a + y1 * b, rz = z0 * a + z1 * b, rw = w0 * a + w1 * b;
    /* Selects, not branches: a vector loop computes both sides for all lanes
     * (a root of zero for an equal pair, then dropped) and keeps one. */
    float len2 = rx * rx + ry * ry + rz * rz + rw * rw;
    float f = theta == TA__SLERP_NEAR_THETA ? 1 / sqrtf(len2) : 1.0f;
    bool same = theta == 0;
    *ox = same ? x0 : rx * f;
    *oy = same ? y0 : ry * f;
    *oz = same ? z0 : rz * f;
    *ow = same ? w0 : rw * f;
}

#endif
