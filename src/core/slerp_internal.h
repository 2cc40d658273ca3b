/*
 * src/core/slerp_internal.h -- the steps every slerp of the library shares
 * (three.js's Quaternion.slerpFlat: ta_quat_slerp_flat, and the mixer's
 * ta__fast_slerp), so that each is written once. Not public.
 *
 *     double q0[4], q1[4], dot;
 *     if (ta__slerp_begin(src0, src1, q0, q1, &dot)) {
 *         ... weights a and b from dot and t ...
 *         ta__slerp_mix(q0, q1, a, b);
 *     }
 *     dst[0..3] = q0
 *
 * The arithmetic is slerpFlat's, in its order, so results match it to the bit.
 */
#ifndef THREEANIM_SRC_CORE_SLERP_INTERNAL_H
#define THREEANIM_SRC_CORE_SLERP_INTERNAL_H

#include <math.h>
#include <stdbool.h>

/* Loads both quaternions and turns q1 to the shorter arc (a negative dot
 * product flips it). False when the two are equal: q0 is then the answer. */
static inline bool ta__slerp_begin(const double *src0, const double *src1, double q0[4], double q1[4], double *dot)
{
    for (int i = 0; i < 4; ++i) {
        q0[i] = src0[i];
        q1[i] = src1[i];
    }
    if (!(q0[3] != q1[3] || q0[0] != q1[0] || q0[1] != q1[1] || q0[2] != q1[2])) return false;
    double d = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
    if (d < 0) {
        for (int i = 0; i < 4; ++i) q1[i] = -q1[i];
        d = -d;
    }
    *dot = d;
    return true;
}

/* q0 = q0 * a + q1 * b. */
static inline void ta__slerp_mix(double q0[4], const double q1[4], double a, double b)
{
    for (int i = 0; i < 4; ++i) q0[i] = q0[i] * a + q1[i] * b;
}

/* slerpFlat's branch for two quaternions within a dot product of 0.9995:
 * lerp, then normalize. */
static inline void ta__slerp_near(double q0[4], const double q1[4], double s, double t)
{
    ta__slerp_mix(q0, q1, s, t);
    double f = 1 / sqrt(q0[0] * q0[0] + q0[1] * q0[1] + q0[2] * q0[2] + q0[3] * q0[3]);
    for (int i = 0; i < 4; ++i) q0[i] *= f;
}

#endif
