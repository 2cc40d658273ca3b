/* Keys before time 0, which exporters write when keys sit before the scene's
 * start frame. A track refuses them; three.js keeps them, and since an action's
 * time never goes below 0 it only ever reads the curve from 0 on: between the
 * last key before 0 and the first after, then on as usual. So the keys before 0
 * go and a key at exactly 0 takes their place, holding the curve's value there:
 *
 *   STEP         the value of the last key before 0;
 *   LINEAR       the lerp (or, for rotations, the slerp) at 0: a straight
 *                segment (or great arc) cut short is the same segment;
 *   CUBICSPLINE  the Hermite curve's value at 0, with in- and out-tangents equal
 *                to its slope there: a cubic cut at a point is the cubic through
 *                the two ends with their slopes, so every sample after 0 is the
 *                one three.js reads. A rotation's cut value is rarely of unit
 *                length; it is kept as it is, since the samples of a cubic
 *                spline rotation are made of unit length after the curve.
 *
 * A track whose keys all lie before 0 becomes one key at 0 holding the last
 * value: what three.js reads after a track's end. */
#include <math.h>
#include <string.h>

#include "animation/interpolant.h"
#include "io/gltf_internal.h"

/* The slope (per second) of the cubic spline between keys i1 - 1 and i1 at t,
 * in GLTFCubicSplineInterpolant's form (tangents scaled by the interval). */
static void cubic_slope(const float *times, const float *values, const float *in_t, const float *out_t, uint32_t i1,
                        uint32_t n, double t, double *out)
{
    double t0 = times[i1 - 1], t1 = times[i1], td = t1 - t0, p = (t - t0) / td, pp = p * p;
    double d00 = 6 * pp - 6 * p, d10 = 3 * pp - 4 * p + 1, d01 = -6 * pp + 6 * p, d11 = 3 * pp - 2 * p;
    const float *v0 = values + (size_t)(i1 - 1) * n, *v1 = values + (size_t)i1 * n;
    const float *m0 = out_t + (size_t)(i1 - 1) * n, *m1 = in_t + (size_t)i1 * n;
    for (uint32_t i = 0; i < n; ++i)
        out[i] = (d00 * v0[i] + d10 * m0[i] * td + d01 * v1[i] + d11 * m1[i] * td) / td;
}

ta_result ta__gltf_cut_at_zero(gltf_ctx *g, gltf_cut *c, const char *channel_path)
{
    uint32_t K = c->key_count, S = c->value_size, first = 0;
    while (first < K && c->times[first] < 0) ++first;
    if (first == 0) return TA_OK;
    bool cubic = c->in_tangents != NULL, rotation = c->rotation;
    bool exact = first < K && c->times[first] == 0;
    uint32_t keep = K - first, nk = exact || first == K ? (keep > 0 ? keep : 1) : keep + 1;
    float *times = (float *)ta__gltf_arena_alloc(&g->arena, nk, sizeof(float));
    float *values = (float *)ta__gltf_arena_alloc(&g->arena, (size_t)nk * S, sizeof(float));
    float *in_t = cubic ? (float *)ta__gltf_arena_alloc(&g->arena, (size_t)nk * S, sizeof(float)) : NULL;
    float *out_t = cubic ? (float *)ta__gltf_arena_alloc(&g->arena, (size_t)nk * S, sizeof(float)) : NULL;
    double *at0 = (double *)ta__gltf_arena_alloc(&g->arena, (size_t)S * 2, sizeof(double));
    if (!times || !values || !at0 || (cubic && (!in_t || !out_t))) return ta__gltf_oom(g, channel_path);
    uint32_t o = nk - keep; /* where the kept keys start: 1 with a new key at 0, else 0 */
    if (keep == 0) {
        /* every key before 0: three.js holds the last one */
        times[0] = 0;
        memcpy(values, c->values + (size_t)(K - 1) * S, sizeof(float) * S);
    } else if (o == 1) {
        times[0] = 0;
        double *slope = at0 + S;
        switch (c->interpolation) {
        case TA_INTERPOLATION_STEP:
            for (uint32_t i = 0; i < S; ++i) at0[i] = c->values[(size_t)(first - 1) * S + i];
            break;
        case TA_INTERPOLATION_CUBIC_SPLINE:
            ta__cubic_spline_key(c->times, c->values, c->in_tangents, c->out_tangents, first, S, 0.0, at0);
            cubic_slope(c->times, c->values, c->in_tangents, c->out_tangents, first, S, 0.0, slope);
            for (uint32_t i = 0; i < S; ++i) in_t[i] = out_t[i] = (float)slope[i];
            break;
        default:
            if (rotation)
                ta__slerp_key(c->values, first, S, ta__alpha(c->times, first, 0.0), at0);
            else
                ta__lerp_key(c->values, first, S, ta__alpha(c->times, first, 0.0), at0);
            break;
        }
        for (uint32_t i = 0; i < S; ++i) values[i] = (float)at0[i];
    }
    if (keep > 0) {
        memcpy(times + o, c->times + first, sizeof(float) * keep);
        memcpy(values + (size_t)o * S, c->values + (size_t)first * S, sizeof(float) * keep * S);
        if (cubic) {
            memcpy(in_t + (size_t)o * S, c->in_tangents + (size_t)first * S, sizeof(float) * keep * S);
            memcpy(out_t + (size_t)o * S, c->out_tangents + (size_t)first * S, sizeof(float) * keep * S);
        }
    }
    c->times = times;
    c->values = values;
    c->in_tangents = in_t;
    c->out_tangents = out_t;
    c->key_count = nk;
    return TA_OK;
}
