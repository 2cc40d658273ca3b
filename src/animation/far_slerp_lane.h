/*
 * src/animation/far_slerp_lane.h -- one lane of ta__fast_slerp's far branch
 * (fast_slerp.h: a pair more than a dot of 0.7 apart, whose weights take
 * acos and three sines), without branches, so that a loop over lanes
 * vectorises (fused_kernels.h's far_slerp). Not public.
 *
 * The float32 slerp lanes and the double ones leave such pairs to
 * ta__fast_slerp, a lane at a time: about 80 ns each in the library's own
 * acos and sin (core/elementary.c), so that a blend of two clips whose poses
 * are far apart, or a cross-fade resting toward a bind pose far from the
 * clips', took several times the update of near ones (docs/performance.md).
 *
 * Same bits: ta__acos and ta__sin are plain double arithmetic in a fixed
 * order (core/elementary_kernels.h holds their constants and polynomials);
 * the lane below takes the branches they take on the arguments a far lane
 * gives them, with the same operations in the same order, and selects where
 * they branch. Its arguments: a dot d in [0, 0.7) after the shorter arc's
 * turn, so acos's atan2(sqrt(1 - d), sqrt(1 + d)) is atan_unit(t) for t in
 * [0.42, 1] (its eighth k from 3 to 8); theta = acos(d) in (0.79, pi/2]; the
 * sines' arguments theta, (1 - t) theta and t theta in [0, pi/2] for t in
 * [0, 1]: below pi/4 ta__sin keeps its argument whole, past it its reduction
 * takes n = 1 and, but for an argument within 2^-20 of pi/2, stops after
 * pi/2's first part. A lane outside that (an equal pair, a dot from 0.7 up,
 * a number not finite, t outside [0, 1], a sine's argument near pi/2) is not
 * done: the caller gives it to ta__fast_slerp. test_far_slerp_lane holds
 * every instruction set to ta__fast_slerp bit for bit.
 */
#ifndef THREEANIM_SRC_ANIMATION_FAR_SLERP_LANE_H
#define THREEANIM_SRC_ANIMATION_FAR_SLERP_LANE_H

#include <math.h>
#include <stdbool.h>

#include "animation/fast_slerp.h"
#include "animation/lane_inline.h"
#include "core/elementary_kernels.h"

/* ta__sin(x) for x from pi/4 whose reduction takes n = 1 and ends after pi/2's first part (x
 * more than 2^-20 from pi/2): cos_k of the remainder. *done false where x is not such (x near
 * pi/2, or past 2; and where n rounds to 0 just past pi/4): the caller leaves the lane. */
TA__LANE_INLINE double ta__far_sin_reduced(double x, bool *done)
{
    const double n = 1.0;
    double hi = x - n * TA__PIO2_PARTS[0];
    double lo = 0;
    const double t = n * TA__PIO2_PARTS[1], s = hi - t, b = s - hi;
    lo += (hi - (s - b)) + (-t - b);
    hi = s;
    *done = (fabs(hi) > 0x1p-20) & (x * TA__TWO_OVER_PI + 0.5 >= 1) & (x < 2);
    lo -= n * TA__PIO2_TAIL;
    const double sum = hi + lo;
    return ta__cos_k(sum, lo - (sum - hi));
}

/* ta__sin(x) for x in [0, 2): below 2^-26 x itself, below pi/4 sin_k of x whole (reduce keeps
 * it: n = 0, lo = 0), past it ta__far_sin_reduced; *done as there. */
TA__LANE_INLINE double ta__far_sin(double x, bool *done)
{
    bool reduced_done;
    const double reduced = ta__far_sin_reduced(x, &reduced_done);
    const double whole = ta__sin_k(x, 0);
    const bool small = x < TA__PIO4;
    *done = small | reduced_done;
    return x < 0x1p-26 ? x : small ? whole : reduced;
}

/* ta__acos(d) for d in [-0, 0.7): 2 atan2(sqrt(1 - d), sqrt(1 + d)), atan_unit's eighths 3 to 8. */
TA__LANE_INLINE double ta__far_acos(double d)
{
    const double y = sqrt(1 - d), x = sqrt(1 + d);
    const double t = y / x;
    const double w = t * 8 + 0.5;
    const double k = 3.0 + (w >= 4) + (w >= 5) + (w >= 6) + (w >= 7) + (w >= 8); /* (int)w */
    const double c = k * 0.125, u = (t - c) / (1 + t * c);
    /* the eighth's atan, selected in steps (a chain of selects by k became a jump table) */
    double e0 = TA__ATAN_EIGHTHS[3][0], e1 = TA__ATAN_EIGHTHS[3][1];
    e0 = w >= 4 ? TA__ATAN_EIGHTHS[4][0] : e0;
    e1 = w >= 4 ? TA__ATAN_EIGHTHS[4][1] : e1;
    e0 = w >= 5 ? TA__ATAN_EIGHTHS[5][0] : e0;
    e1 = w >= 5 ? TA__ATAN_EIGHTHS[5][1] : e1;
    e0 = w >= 6 ? TA__ATAN_EIGHTHS[6][0] : e0;
    e1 = w >= 6 ? TA__ATAN_EIGHTHS[6][1] : e1;
    e0 = w >= 7 ? TA__ATAN_EIGHTHS[7][0] : e0;
    e1 = w >= 7 ? TA__ATAN_EIGHTHS[7][1] : e1;
    e0 = w >= 8 ? TA__ATAN_EIGHTHS[8][0] : e0;
    e1 = w >= 8 ? TA__ATAN_EIGHTHS[8][1] : e1;
    return 2 * (e0 + (u + (ta__atan_tail(u) + e1)));
}

/* slerpFlat(q0, q1, t) as ta__fast_slerp gives it for a far pair. Returns false where the lane is
 * not one it covers (above): its outputs are then not the answer. */
TA__LANE_INLINE bool ta__far_slerp_lane(double x0, double y0, double z0, double w0, double x1, double y1,
                                        double z1, double w1, double t, double *ox, double *oy, double *oz,
                                        double *ow)
{
    double d;
    const bool same = ta__slerp_begin_lane(x0, y0, z0, w0, &x1, &y1, &z1, &w1, &d);
    const bool finite = (x0 - x0 == 0) & (y0 - y0 == 0) & (z0 - z0 == 0) & (w0 - w0 == 0) & (x1 - x1 == 0) &
                        (y1 - y1 == 0) & (z1 - z1 == 0) & (w1 - w1 == 0);
    const bool covered = !same & finite & (d < 0.7) & (t >= 0) & (t <= 1);
    /* ta__fast_slerp's far branch; d kept in range where the lane is not covered */
    const double s = 1 - t;
    bool done_theta, done_a, done_b;
    const double theta = ta__far_acos(covered ? d : 0.5);
    const double sin_theta = ta__far_sin_reduced(theta, &done_theta); /* theta > 0.79 > pi/4 */
    const double a = ta__far_sin(s * theta, &done_a) / sin_theta;
    const double b = ta__far_sin(t * theta, &done_b) / sin_theta;
    *ox = x0 * a + x1 * b;
    *oy = y0 * a + y1 * b;
    *oz = z0 * a + z1 * b;
    *ow = w0 * a + w1 * b;
    return covered & done_theta & done_a & done_b;
}

#endif
