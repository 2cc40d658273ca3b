/*
 * src/animation/interpolant.h -- the sampling kernels: finding a time's
 * interval among a track's keys, and mixing the two keys of an interval.
 * Not public; the public ta_track_sample* calls and the mixer call these.
 *
 * Two steps, as three.js's Interpolant.evaluate does them:
 *
 *   1. i1 = ta__seek(times, key_count, &cursor, t)
 *      i1 is the count of keys at or before t, in [0, key_count]:
 *        i1 == 0          t is before the first key: the value is key 0's;
 *        i1 == key_count  t is at or after the last key: the value is the
 *                         last key's (a track of one key is always one of
 *                         these two);
 *        otherwise        times[i1 - 1] <= t < times[i1]: t is inside the
 *                         interval from key i1 - 1 to key i1.
 *      These are exactly the intervals three.js picks (a time on a key starts
 *      that key's interval, the last key's time is "after the end"), since a
 *      track's times rise strictly. cursor is the i1 of the previous call (any
 *      number works; 0 to start): the cached interval is checked first, then
 *      the next two and the previous one, so playing forward or backward costs
 *      O(1); anything else is a binary search. A NaN t gives some i1 in range;
 *      callers refuse NaN first.
 *
 *   2. ta__track_evaluate(track, i1, t, start, end, out)
 *      writes value_size doubles. Keys are float32; all arithmetic is in
 *      double from the float32 keys and times, with the same operations in the
 *      same order as three.js 0.186.0, so a double result matches three.js's
 *      Float64Array result buffer (what its PropertyMixer uses) up to the last
 *      bits of sin and cos (core/elementary.h's, not V8's). The endings are
 *      read on every call (three.js reads them only when the interval changes;
 *      here every call reads them, by design).
 *
 * The kernels below work on flat arrays, so a caller that has already
 * dispatched on the interpolation (the mixer, per binding) can call one
 * directly. Each takes i1 of an interval (1 <= i1 < key_count) and n, the
 * numbers per key (value_size):
 *
 *   ta__alpha           (t - t0) / (t1 - t0), the place in the interval
 *   ta__copy_key        a key's value (STEP: key i1 - 1; the two ends)
 *   ta__lerp_key        LinearInterpolant
 *   ta__slerp_key       QuaternionLinearInterpolant (ta_quat_slerp_flat per 4 numbers)
 *   ta__smooth_setup    CubicInterpolant.intervalChanged_: the neighbour keys
 *                       and weights, from the endings; cacheable per
 *                       (interval, endings)
 *   ta__smooth_key      CubicInterpolant.interpolate_ with that setup
 *   ta__cubic_spline_key GLTFCubicSplineInterpolant (tangents in their own
 *                       arrays, laid out as values)
 *   ta__bezier_key      BezierInterpolant (control points (time, value) per
 *                       number, 8 Newton steps)
 *   ta__normalize_quat  three.js Quaternion.normalize, for CUBIC_SPLINE and
 *                       BEZIER rotations
 *
 * The weights and the per-number formulas of SMOOTH, CUBIC_SPLINE and BEZIER
 * are inline functions below, so that the mixer's fused path, which reads
 * keys lane by lane, evaluates the same expressions and gives these kernels'
 * numbers bit for bit.
 *
 * One of the few internal headers the loaders (io) share with the runtime
 * (cmake/Layers.cmake, TA_LAYER_SHARED_HEADERS): the glTF loader cuts a
 * sampler at time 0 with these kernels, so it includes only public headers,
 * never a track's own layout (track_internal.h).
 */
#ifndef THREEANIM_SRC_ANIMATION_INTERPOLANT_H
#define THREEANIM_SRC_ANIMATION_INTERPOLANT_H

#include <stdint.h>

#include "threeanim/keyframe_track.h"

uint32_t ta__seek(const float *times, uint32_t key_count, uint32_t *cursor, double t);

void ta__track_evaluate(const ta_track *track, uint32_t i1, double t, ta_ending start, ta_ending end, double *out);

/* ---- kernels -------------------------------------------------------------------- */

static inline double ta__alpha(const float *times, uint32_t i1, double t)
{
    double t0 = times[i1 - 1], t1 = times[i1];
    return (t - t0) / (t1 - t0);
}

static inline void ta__copy_key(const float *values, uint32_t key, uint32_t n, double *out)
{
    const float *v = values + (size_t)key * n;
    for (uint32_t i = 0; i < n; ++i) out[i] = v[i];
}

static inline void ta__lerp_key(const float *values, uint32_t i1, uint32_t n, double alpha, double *out)
{
    const float *v1 = values + (size_t)i1 * n, *v0 = v1 - n;
    double w1 = alpha, w0 = 1 - w1;
    for (uint32_t i = 0; i < n; ++i) out[i] = v0[i] * w0 + v1[i] * w1;
}

/* n is a multiple of 4. */
void ta__slerp_key(const float *values, uint32_t i1, uint32_t n, double alpha, double *out);

typedef struct ta__smooth {
    uint32_t prev;      /* the key before the interval, or the one an ending stands in with */
    uint32_t next;      /* the key after it, likewise */
    double weight_prev; /* three.js _weightPrev */
    double weight_next; /* three.js _weightNext */
} ta__smooth;

void ta__smooth_setup(const float *times, uint32_t key_count, uint32_t i1, ta_ending start, ta_ending end,
                      ta__smooth *out);
/* CubicInterpolant.interpolate_'s weights of the keys prev, i1 - 1, i1 and
 * next at p, the place in the interval. */
static inline void ta__smooth_weights(const ta__smooth *s, double p, double w[4])
{
    double wp = s->weight_prev, wn = s->weight_next, pp = p * p, ppp = pp * p;
    w[0] = -wp * ppp + 2 * wp * pp - wp * p;
    w[1] = (1 + wp) * ppp + (-1.5 - 2 * wp) * pp + (-0.5 + wp) * p + 1;
    w[2] = (-1 - wn) * ppp + (1.5 + wn) * pp + 0.5 * p;
    w[3] = wn * ppp - wn * pp;
}

static inline double ta__smooth_number(const double w[4], float vp, float v0, float v1, float vn)
{
    return w[0] * vp + w[1] * v0 + w[2] * v1 + w[3] * vn;
}

/* GLTFCubicSplineInterpolant's Hermite weights of p0, m0, p1, m1 at t in the
 * interval of key i1; returns the interval's length, which scales the tangents. */
static inline double ta__cubic_spline_weights(const float *times, uint32_t i1, double t, double s[4])
{
    double t0 = times[i1 - 1], t1 = times[i1];
    double td = t1 - t0;
    double p = (t - t0) / td, pp = p * p, ppp = pp * p;
    s[2] = -2 * ppp + 3 * pp;
    s[3] = ppp - pp;
    s[0] = 1 - s[2];
    s[1] = s[3] - pp + p;
    return td;
}

/* One number: p0 and its out tangent m0 at the interval's start, p1 and its
 * in tangent m1 at its end. */
static inline double ta__cubic_spline_number(const double s[4], double td, float p0, float m0, float p1, float m1)
{
    return s[0] * p0 + s[1] * (m0 * td) + s[2] * p1 + s[3] * (m1 * td);
}

/* BezierInterpolant: a cubic Bezier's coordinate at s, and its slope. */
static inline double ta__cubic_bezier(double s, double p0, double p1, double p2, double p3)
{
    double k = 1 - s;
    return k * k * k * p0 + 3 * k * k * s * p1 + 3 * k * s * s * p2 + s * s * s * p3;
}

static inline double ta__cubic_bezier_slope(double s, double p0, double p1, double p2, double p3)
{
    double k = 1 - s;
    return 3 * k * k * (p1 - p0) + 6 * k * s * (p2 - p1) + 3 * s * s * (p3 - p2);
}

/* Newton's method for the curve parameter stops at most after this many
 * steps, or when the time or the slope is within this of zero (three.js's
 * solveBezierParameter). */
#define TA__BEZIER_STEPS 8
#define TA__BEZIER_EPSILON 1e-10

/* The curve parameter s in [0, 1] where a Bezier's time coordinate (x0, x1,
 * x2, x3 its control points' times) is x: Newton's method, as three.js's
 * solveBezierParameter. */
double ta__bezier_parameter(double x, double x0, double x1, double x2, double x3);

void ta__smooth_key(const float *times, const float *values, uint32_t i1, uint32_t n, const ta__smooth *s, double t,
                    double *out);

void ta__cubic_spline_key(const float *times, const float *values, const float *in_tangents,
                          const float *out_tangents, uint32_t i1, uint32_t n, double t, double *out);

/* in_points and out_points hold 2 * n numbers per key: (time, value) per number. */
void ta__bezier_key(const float *times, const float *values, const float *in_points, const float *out_points,
                    uint32_t i1, uint32_t n, double t, double *out);

void ta__normalize_quat(double *q);

#endif
