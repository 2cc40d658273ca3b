/* CUBIC_SPLINE tracks sampled into LINEAR keys (resample.h). */
#include "resample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Points checked between two new keys: the error of a straight piece against
 * a cubic is largest inside it, and 8 parts find its peak to within a few
 * percent. */
#define CHECKS_PER_KEY 8


static bool is_rotation(const ta_track *t)
{
    return ta_track_kind_value_type(ta_track_target_of(t).kind) == TA_VALUE_TYPE_ROTATION;
}

/* The new key times: t0 + k / fps while below the last key, then the last. */
static ta_result key_times(const ta_track *t, double fps, float **out, uint32_t *count, ta_error *err)
{
    const float *times = ta_track_times(t);
    uint32_t n = ta_track_key_count(t);
    double t0 = times[0], t1 = times[n - 1];
    double steps = floor((t1 - t0) * fps);
    if (steps + 2 > RESAMPLE_MAX_KEYS)
        return cli_fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "--resample: %.0f keys for a track of %g s is more than %u; choose a lower rate", steps + 2,
                        t1 - t0, RESAMPLE_MAX_KEYS);
    float *k = malloc(sizeof *k * ((size_t)steps + 2));
    if (k == NULL) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory resampling a track");
    uint32_t c = 0;
    for (double i = 0; i <= steps; ++i) {
        float at = (float)(t0 + i / fps);
        if (at >= (float)t1) break;
        if (c > 0 && at <= k[c - 1]) continue; /* float32 keeps fewer times than a fast rate asks */
        k[c++] = at;
    }
    if (c == 0 || k[c - 1] < (float)t1) k[c++] = (float)t1;
    *out = k;
    *count = c;
    return TA_OK;
}

static double angle_degrees(const float *a, const float *b)
{
    double dot = fabs((double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3]);
    return 2.0 * acos(dot < 1.0 ? dot : 1.0) * 180.0 / 3.14159265358979323846;
}

/* How far made strays from t between its keys: the largest, and where. */
static ta_result measure(const ta_track *t, const ta_track *made, double *worst, double *worst_at, ta_error *err)
{
    uint32_t size = ta_track_value_size(t);
    float *a = malloc(sizeof *a * size * 2u);
    if (a == NULL) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory resampling a track");
    float *b = a + size;
    const float *k = ta_track_times(made);
    uint32_t n = ta_track_key_count(made);
    bool rotation = is_rotation(t);
    ta_sampler sa = {0}, sb = {0};
    ta_result r = TA_OK;
    *worst = 0;
    *worst_at = k[0];
    for (uint32_t i = 0; i + 1 < n && r == TA_OK; ++i) {
        for (int j = 1; j < CHECKS_PER_KEY && r == TA_OK; ++j) {
            double at = k[i] + (k[i + 1] - (double)k[i]) * j / CHECKS_PER_KEY;
            r = ta_track_sample_with(t, &sa, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, a, size, err);
            if (r == TA_OK)
                r = ta_track_sample_with(made, &sb, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, b, size, err);
            if (r != TA_OK) break;
            double d = 0;
            if (rotation) {
                d = angle_degrees(a, b);
            } else {
                for (uint32_t c = 0; c < size; ++c) d = fmax(d, fabs((double)a[c] - b[c]));
            }
            if (d > *worst) {
                *worst = d;
                *worst_at = at;
            }
        }
    }
    free(a);
    return r;
}

static ta_result resample_track(const ta_track *t, double fps, ta_track **out, ta_error *err)
{
    float *times = NULL;
    uint32_t n = 0;
    ta_result r = key_times(t, fps, &times, &n, err);
    if (r != TA_OK) return r;
    uint32_t size = ta_track_value_size(t);
    float *values = malloc(sizeof *values * (size_t)n * size);
    if (values == NULL) {
        free(times);
        return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory resampling a track");
    }
    ta_sampler s = {0};
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        float *v = values + (size_t)i * size;
        r = ta_track_sample_with(t, &s, times[i], TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, v, size, err);
        if (r == TA_OK && is_rotation(t)) {
            /* the spline's own value is normalized when played; keep it so as a key */
            double len = sqrt((double)v[0] * v[0] + (double)v[1] * v[1] + (double)v[2] * v[2] + (double)v[3] * v[3]);
            if (len > 0)
                for (int c = 0; c < 4; ++c) v[c] = (float)(v[c] / len);
        }
    }
    if (r == TA_OK) {
        ta_track_desc d = {0};
        d.target = ta_track_target_of(t);
        d.interpolation = TA_INTERPOLATION_LINEAR;
        d.times = times;
        d.key_count = n;
        d.values = values;
        d.value_count = n * size;
        r = ta_track_create(&d, NULL, out, err);
    }
    free(times);
    free(values);
    return r;
}

ta_result resample_clip(const ta_clip *clip, double fps, ta_clip **out, resample_report *report, ta_error *err)
{
    memset(report, 0, sizeof *report);
    *out = NULL;
    uint32_t n = ta_clip_track_count(clip);
    uint32_t cubic = 0;
    for (uint32_t i = 0; i < n; ++i) cubic += ta_track_interpolation(ta_clip_track(clip, i)) == TA_INTERPOLATION_CUBIC_SPLINE;
    if (cubic == 0) return TA_OK;
    ta_track **tracks = calloc(n, sizeof *tracks);
    if (tracks == NULL) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory resampling a track");
    ta_result r = TA_OK;
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        if (ta_track_interpolation(t) != TA_INTERPOLATION_CUBIC_SPLINE) {
            r = ta_track_copy(t, NULL, &tracks[i], err);
            continue;
        }
        r = resample_track(t, fps, &tracks[i], err);
        double worst = 0, at = 0;
        if (r == TA_OK) r = measure(t, tracks[i], &worst, &at, err);
        if (r != TA_OK) break;
        report->tracks++;
        if (is_rotation(t) && worst >= report->rotation_degrees) {
            report->rotation_degrees = worst;
            report->rotation_track = i;
            report->rotation_at = at;
        } else if (!is_rotation(t) && worst >= report->value) {
            report->value = worst;
            report->value_track = i;
            report->value_at = at;
        }
    }
    if (r == TA_OK) {
        /* The resampled clip is the same clip in other keys: a pose clip stays one. */
        ta_clip_options co = {NULL,
                              ta_clip_duration(clip).seconds,
                              ta_clip_blend_mode(clip),
                              ta_clip_user_data(clip),
                              ta_clip_uuid(clip),
                              true,
                              ta_clip_markers(clip),
                              ta_clip_marker_count(clip)};
        r = ta_clip_create(ta_clip_name(clip), tracks, n, &co, out, err);
    }
    if (r != TA_OK)
        for (uint32_t i = 0; i < n; ++i) ta_track_destroy(tracks[i]);
    free(tracks);
    return r;
}
