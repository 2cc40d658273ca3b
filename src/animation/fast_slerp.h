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
 * where that series converges slowly, acos and sin as three.js. The series
 * holds for t in [0, 1] only: extrapolate with ta_slerp_flat.
 */
#ifndef THREEANIM_SRC_ANIMATION_FAST_SLERP_H
#define THREEANIM_SRC_ANIMATION_FAST_SLERP_H

#include <math.h>

#include "threeanim/math.h"

static inline void ta__fast_slerp(double *dst, const double *src0, const double *src1, double t)
{
    double x0 = src0[0], y0 = src0[1], z0 = src0[2], w0 = src0[3];
    double x1 = src1[0], y1 = src1[1], z1 = src1[2], w1 = src1[3];
    if (w0 != w1 || x0 != x1 || y0 != y1 || z0 != z1) {
        double dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        if (dot < 0) {
            x1 = -x1;
            y1 = -y1;
            z1 = -z1;
            w1 = -w1;
            dot = -dot;
        }
        double s = 1 - t;
        if (dot >= 0.9995) {
            x0 = x0 * s + x1 * t;
            y0 = y0 * s + y1 * t;
            z0 = z0 * s + z1 * t;
            w0 = w0 * s + w1 * t;
            double f = 1 / sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0);
            x0 *= f;
            y0 *= f;
            z0 *= f;
            w0 *= f;
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
                double theta = acos(dot), sin_theta = sin(theta);
                a = sin(s * theta) / sin_theta;
                b = sin(t * theta) / sin_theta;
            }
            x0 = x0 * a + x1 * b;
            y0 = y0 * a + y1 * b;
            z0 = z0 * a + z1 * b;
            w0 = w0 * a + w1 * b;
        }
    }
    dst[0] = x0;
    dst[1] = y0;
    dst[2] = z0;
    dst[3] = w0;
}

#endif
