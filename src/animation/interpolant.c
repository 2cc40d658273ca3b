/* The interval seek and the five interpolations, ported from three.js 0.186.0
 * (Interpolant.evaluate and the interpolants; GLTFCubicSplineInterpolant from
 * its GLTFLoader). */
#include <math.h>

#include "animation/interpolant.h"
#include "animation/track_internal.h"

/* The first j in [lo, hi) with t < times[j], or hi if there is none. The
 * halving has no branch on the comparison (a conditional move), since a
 * random time mispredicts half of them: about six times faster on 1000 keys. */
static uint32_t upper_bound(const float *times, uint32_t lo, uint32_t hi, double t)
{
    uint32_t n = hi - lo;
    if (n == 0) return lo;
    const float *base = times + lo;
    while (n > 1) {
        uint32_t half = n / 2;
        base = base[half] <= t ? base + half : base;
        n -= half;
    }
    return (uint32_t)(base - times) + (base[0] <= t);
}

uint32_t ta__seek(const float *times, uint32_t key_count, uint32_t *cursor, double t)
{
    uint32_t i = *cursor;
    if (i > key_count) i = key_count;
    if (TA_LIKELY(i == 0 || times[i - 1] <= t)) {
        /* At or after the cached interval's start: it, or one of the next two. */
        for (uint32_t give_up = i + 2; i <= give_up; ++i)
            if (i == key_count || t < times[i]) goto found;
        /* times[i - 1] <= t, so the interval is further on. */
        i = upper_bound(times, i, key_count, t);
    } else if (i >= 2 && times[i - 2] <= t) {
        i = i - 1; /* the previous interval: playing backward */
    } else {
        i = upper_bound(times, 0, i - 1, t);
    }
found:
    *cursor = i;
    return i;
}

void ta__slerp_key(const float *values, uint32_t i1, uint32_t n, double alpha, double *out)
{
    const float *v1 = values + (size_t)i1 * n, *v0 = v1 - n;
    for (uint32_t q = 0; q < n; q += 4) {
        double a[4] = {v0[q], v0[q + 1], v0[q + 2], v0[q + 3]};
        double b[4] = {v1[q], v1[q + 1], v1[q + 2], v1[q + 3]};
        ta_quat_slerp_flat(out + q, a, b, alpha);
    }
}

void ta__smooth_setup(const float *times, uint32_t key_count, uint32_t i1, ta_ending start, ta_ending end,
                      ta__smooth *out)
{
    double t0 = times[i1 - 1], t1 = times[i1];
    uint32_t prev, next;
    double t_prev, t_next;
    if (i1 >= 2) {
        prev = i1 - 2;
        t_prev = times[prev];
    } else if (start == TA_ENDING_ZERO_SLOPE) {
        /* f'(t0) = 0 */
        prev = i1;
        t_prev = 2 * t0 - t1;
    } else if (start == TA_ENDING_WRAP_AROUND) {
        /* use the other end of the curve */
        prev = key_count - 2;
        t_prev = t0 + (double)times[prev] - (double)times[prev + 1];
    } else {
        /* f''(t0) = 0, a natural spline */
        prev = i1;
        t_prev = t1;
    }
    if (i1 + 1 < key_count) {
        next = i1 + 1;
        t_next = times[next];
    } else if (end == TA_ENDING_ZERO_SLOPE) {
        next = i1;
        t_next = 2 * t1 - t0;
    } else if (end == TA_ENDING_WRAP_AROUND) {
        next = 1;
        t_next = t1 + (double)times[1] - (double)times[0];
    } else {
        next = i1 - 1;
        t_next = t0;
    }
    /* A wrap whose step from the other end rounds to nothing beside a key's time (times past about
     * 1e14 s with keys a hundredth apart) puts the neighbour at that key's own time: three.js divides
     * by zero there and its sample is NaN. That side takes the natural spline's end instead (the
     * differences list); key times strictly rise, so no other neighbour sits on its key. */
    if (!(t0 - t_prev != 0)) {
        prev = i1;
        t_prev = t1;
    }
    if (!(t_next - t1 != 0)) {
        next = i1 - 1;
        t_next = t0;
    }
    double half_dt = (t1 - t0) * 0.5;
    out->prev = prev;
    out->next = next;
    out->weight_prev = half_dt / (t0 - t_prev);
    out->weight_next = half_dt / (t_next - t1);
}

void ta__smooth_key(const float *times, const float *values, uint32_t i1, uint32_t n, const ta__smooth *s, double t,
                    double *out)
{
    const float *v1 = values + (size_t)i1 * n, *v0 = v1 - n;
    const float *vp = values + (size_t)s->prev * n, *vn = values + (size_t)s->next * n;
    double w[4];
    ta__smooth_weights(s, ta__alpha(times, i1, t), w);
    for (uint32_t i = 0; i < n; ++i) out[i] = ta__smooth_number(w, vp[i], v0[i], v1[i], vn[i]);
}

void ta__cubic_spline_key(const float *times, const float *values, const float *in_tangents,
                          const float *out_tangents, uint32_t i1, uint32_t n, double t, double *out)
{
    double s[4];
    double td = ta__cubic_spline_weights(times, i1, t, s);
    size_t o1 = (size_t)i1 * n, o0 = o1 - n;
    for (uint32_t i = 0; i < n; ++i)
        out[i] = ta__cubic_spline_number(s, td, values[o0 + i], out_tangents[o0 + i], values[o1 + i], in_tangents[o1 + i]);
}

double ta__bezier_parameter(double x, double x0, double x1, double x2, double x3)
{
    double s = (x - x0) / (x3 - x0);
    for (int i = 0; i < TA__BEZIER_STEPS; ++i) {
        double error = ta__cubic_bezier(s, x0, x1, x2, x3) - x;
        if (fabs(error) < TA__BEZIER_EPSILON) break;
        double slope = ta__cubic_bezier_slope(s, x0, x1, x2, x3);
        if (fabs(slope) < TA__BEZIER_EPSILON) break;
        double next = s - error / slope;
        /* Math.max(0, Math.min(1, next)), NaN passing through */
        s = next > 1 ? 1 : next < 0 ? 0 : next;
    }
    return s;
}

void ta__bezier_key(const float *times, const float *values, const float *in_points, const float *out_points,
                    uint32_t i1, uint32_t n, double t, double *out)
{
    double t0 = times[i1 - 1], t1 = times[i1];
    size_t o1 = (size_t)i1 * n, o0 = o1 - n;
    const float *c0 = out_points + 2 * o0; /* the out control points of key i1 - 1 */
    const float *c1 = in_points + 2 * o1;  /* the in control points of key i1 */
    for (uint32_t i = 0; i < n; ++i) {
        double s = ta__bezier_parameter(t, t0, c0[2 * i], c1[2 * i], t1);
        out[i] = ta__cubic_bezier(s, values[o0 + i], c0[2 * i + 1], c1[2 * i + 1], values[o1 + i]);
    }
}

void ta__normalize_quat(double *q)
{
    double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (l == 0) {
        q[0] = q[1] = q[2] = 0;
        q[3] = 1;
    } else {
        l = 1 / l;
        q[0] *= l;
        q[1] *= l;
        q[2] *= l;
        q[3] *= l;
    }
}

void ta__track_evaluate(const ta_track *track, uint32_t i1, double t, ta_ending start, ta_ending end, double *out)
{
    uint32_t n = track->value_size, keys = track->key_count;
    const float *times = track->times, *values = track->values;
    bool rotation = track->value_type == TA_VALUE_TYPE_ROTATION;
    if (i1 == 0 || i1 >= keys) {
        ta__copy_key(values, i1 == 0 ? 0 : keys - 1, n, out);
        /* A CUBIC_SPLINE rotation key need not be of unit length (see
         * track_check.c); one that is not is made so when it is held. */
        if (rotation && track->interpolation == TA_INTERPOLATION_CUBIC_SPLINE)
            for (uint32_t q = 0; q < n; q += 4) {
                double *v = out + q, len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
                if (!(fabs(len - 1) <= 1e-3)) ta__normalize_quat(v);
            }
        return;
    }
    switch (track->interpolation) {
    case TA_INTERPOLATION_STEP:
        ta__copy_key(values, i1 - 1, n, out);
        break;
    case TA_INTERPOLATION_SMOOTH: {
        ta__smooth s;
        ta__smooth_setup(times, keys, i1, start, end, &s);
        ta__smooth_key(times, values, i1, n, &s, t, out);
        break;
    }
    case TA_INTERPOLATION_CUBIC_SPLINE:
        ta__cubic_spline_key(times, values, track->in_tangents, track->out_tangents, i1, n, t, out);
        if (rotation)
            for (uint32_t q = 0; q < n; q += 4) ta__normalize_quat(out + q);
        break;
    case TA_INTERPOLATION_BEZIER:
        ta__bezier_key(times, values, track->in_tangents, track->out_tangents, i1, n, t, out);
        if (rotation)
            for (uint32_t q = 0; q < n; q += 4) ta__normalize_quat(out + q);
        break;
    default: /* LINEAR */
        if (rotation)
            ta__slerp_key(values, i1, n, ta__alpha(times, i1, t), out);
        else
            ta__lerp_key(values, i1, n, ta__alpha(times, i1, t), out);
        break;
    }
}
