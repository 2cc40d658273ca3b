/*
 * src/animation/fast_slerp.h -- three.js's Quaternion.slerpFlat without the
 * trigonometry on the common path, for the mixer's inner loops. Not public.
 *
 * slerpFlat takes the shorter arc and, when the two are within a dot product
 * of 0.9995, lerps and normalizes; that branch is kept as it is. Between 0.7
 * and 0.9995 the weights sin((1-t)a)/sin(a) and sin(ta)/sin(a) come from
 * David Eberly's polynomial ("A Fast and Accurate Algorithm for Computing
 * SLERP", 2011: the series in cos(a) - 1 with eight terms and his correction
 * of the last), which is within 4e-8 of the exact weights there. Below 0.7,
 * where that series converges slowly, acos and sin as three.js (the
 * library's own: core/elementary.h; far_slerp_lane.h does those pairs in
 * vector lanes, to the same bits). The series
 * holds for t in [0, 1] only: extrapolate with ta_quat_slerp_flat.
 */
#ifndef THREEANIM_SRC_ANIMATION_FAST_SLERP_H
#define THREEANIM_SRC_ANIMATION_FAST_SLERP_H

#include <math.h>
#include <stdbool.h>

#include "animation/eberly_terms.h"
#include "animation/lane_inline.h"
#include "core/elementary.h"
#include "core/slerp_internal.h"
#include "threeanim/math.h"

static inline void ta__fast_slerp(double *dst, const double *src0, const double *src1, double t)
{
    double q0[4], q1[4], dot;
    if (ta__slerp_begin(src0, src1, q0, q1, &dot)) {
        double s = 1 - t;
        if (dot >= 0.9995) {
            ta__slerp_near(q0, q1, s, t);
        } else {
            double a, b;
            if (dot >= 0.7) {
                static const double u[8] = {1. / (1 * 3), 1. / (2 * 5),  1. / (3 * 7),  1. / (4 * 9),
                                            1. / (5 * 11), 1. / (6 * 13), 1. / (7 * 15),
                                            1.90110745351730037 / (8 * 17)};
                static const double v[8] = {1. / 3,  2. / 5,  3. / 7,  4. / 9,
                                            5. / 11, 6. / 13, 7. / 15, 1.90110745351730037 * 8 / 17};
                double xm1 = dot - 1, tt = t * t, ss = s * s, ct = 1, cs = 1;
                for (int i = 7; i >= 0; --i) {
                    ct = 1 + (u[i] * tt - v[i]) * xm1 * ct;
                    cs = 1 + (u[i] * ss - v[i]) * xm1 * cs;
                }
                a = s * cs;
                b = t * ct;
            } else {
                double theta = ta__acos(dot), sin_theta = ta__sin(theta);
                a = ta__sin(s * theta) / sin_theta;
                b = ta__sin(t * theta) / sin_theta;
            }
            ta__slerp_mix(q0, q1, a, b);
        }
    }
    for (int i = 0; i < 4; ++i) dst[i] = q0[i];
}

/* ta__slerp_begin for one lane, without a branch: whether the pair is equal (its !(a != b ||
 * ...)), the dot in its order, and the second quaternion and the dot turned to the shorter arc. */
TA__LANE_INLINE bool ta__slerp_begin_lane(double x0, double y0, double z0, double w0, double *x1, double *y1,
                                          double *z1, double *w1, double *out_dot)
{
    const bool same = (w0 == *w1) & (x0 == *x1) & (y0 == *y1) & (z0 == *z1);
    const double dot = x0 * *x1 + y0 * *y1 + z0 * *z1 + w0 * *w1;
    const bool flip = dot < 0;
    *x1 = flip ? -*x1 : *x1;
    *y1 = flip ? -*y1 : *y1;
    *z1 = flip ? -*z1 : *z1;
    *w1 = flip ? -*w1 : *w1;
    *out_dot = flip ? -dot : dot;
    return same;
}

/* One lane of ta__fast_slerp without branches, so that a loop over lanes
 * vectorises: the same operations in the same order, both branches worked
 * out and one taken. Returns true for a lane below a dot of 0.7 whose pair is
 * not equal: its result is not this one's, and the caller redoes it with
 * ta__fast_slerp. */
static inline bool ta__fast_slerp_lane(double x0, double y0, double z0, double w0, double x1, double y1, double z1,
                                       double w1, double t, double *ox, double *oy, double *oz, double *ow)
{
    double dot;
    const bool same = ta__slerp_begin_lane(x0, y0, z0, w0, &x1, &y1, &z1, &w1, &dot);
    const double s = 1 - t;
    /* within 0.9995: lerp and normalize (ta__slerp_near) */
    double nx = x0 * s + x1 * t, ny = y0 * s + y1 * t, nz = z0 * s + z1 * t, nw = w0 * s + w1 * t;
    const double f = 1 / sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
    nx *= f;
    ny *= f;
    nz *= f;
    nw *= f;
    /* Eberly's series, as ta__fast_slerp's loop from the last term to the first */
    const double xm1 = dot - 1, tt = t * t, ss = s * s;
    double ct = 1, cs = 1;
    TA__EBERLY_TERMS()
    const double a = s * cs, b = t * ct;
    const double ex = x0 * a + x1 * b, ey = y0 * a + y1 * b, ez = z0 * a + z1 * b, ew = w0 * a + w1 * b;
    const bool near = dot >= 0.9995;
    *ox = same ? x0 : near ? nx : ex;
    *oy = same ? y0 : near ? ny : ey;
    *oz = same ? z0 : near ? nz : ez;
    *ow = same ? w0 : near ? nw : ew;
    return !same && !near && !(dot >= 0.7);
}

#endif
