/* Editing a track in place: shift, scale, trim, optimize (three.js's
 * KeyframeTrack methods, with this port's changes for tangents and control
 * points). Each edit checks everything first and changes the track only once
 * nothing can fail, so a refused edit, or one that runs out of memory, leaves
 * the track as it was. */
#include <math.h>
#include <string.h>

#include "animation/track_rules.h"

/* Numbers of in_tangents (and of out_tangents) per key. */
static uint32_t tangents_per_key(const ta_track *t)
{
    if (t->interpolation == TA_INTERPOLATION_CUBIC_SPLINE) return t->value_size;
    if (t->interpolation == TA_INTERPOLATION_BEZIER) return 2 * t->value_size;
    return 0;
}

/* The new time of each key and what refuses it: not finite in float32, before
 * zero, or no longer after the key before (two keys rounded to one float). */
typedef double (*time_map)(double time, double arg);

static double shifted(double time, double offset)
{
    return time + offset;
}

static double scaled(double time, double factor)
{
    return time * factor;
}

static ta_result check_new_times(const ta_track *t, time_map map, double arg, const char *field, ta_error *err)
{
    float before = 0;
    for (uint32_t k = 0; k < t->key_count; ++k) {
        double exact = map(t->times[k], arg);
        float now = (float)exact;
        if (exact < 0)
            return ta__fail(err, TA_ERROR_BAD_TIMES, "%s: %.9g moves key %u from time %.9g to %.9g, before zero", field,
                            arg, k, (double)t->times[k], exact);
        if (!isfinite(now))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %.9g moves key %u from time %.9g to %.9g, past a float",
                            field, arg, k, (double)t->times[k], exact);
        if (k > 0 && !(now > before))
            return ta__fail(err, TA_ERROR_BAD_TIMES,
                            "%s: %.9g moves key %u (time %.9g) to %.9g, not after key %u (time %.9g) at %.9g", field,
                            arg, k, (double)t->times[k], (double)now, k - 1, (double)t->times[k - 1], (double)before);
        before = now;
    }
    return TA_OK;
}

/* Bezier control point times (every second number of the two arrays). */
static ta_result check_new_control_times(const ta_track *t, time_map map, double arg, const char *field,
                                         ta_error *err)
{
    const float *arrays[2] = {t->in_tangents, t->out_tangents};
    const char *names[2] = {"in", "out"};
    for (int a = 0; a < 2; ++a)
        for (uint32_t i = 0; i < t->tangent_count; i += 2)
            if (!isfinite((float)map(arrays[a][i], arg)))
                return ta__fail(err, TA_ERROR_NOT_A_NUMBER,
                                "%s: %.9g moves the %s control point of key %u number %u from time %.9g past a float",
                                field, arg, names[a], i / (2 * t->value_size), (i / 2) % t->value_size,
                                (double)arrays[a][i]);
    return TA_OK;
}

static void map_times(ta_track *t, time_map map, double arg)
{
    for (uint32_t k = 0; k < t->key_count; ++k) t->times[k] = (float)map(t->times[k], arg);
    if (t->interpolation == TA_INTERPOLATION_BEZIER)
        for (uint32_t i = 0; i < t->tangent_count; i += 2) {
            t->in_tangents[i] = (float)map(t->in_tangents[i], arg);
            t->out_tangents[i] = (float)map(t->out_tangents[i], arg);
        }
}

static ta_result check_finite_arg(const char *field, double value, ta_error *err)
{
    if (!isfinite(value)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g is not a finite number", field, value);
    return TA_OK;
}

ta_result ta_track_shift(ta_track *track, double offset, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    ta_result r = check_finite_arg("offset", offset, err);
    if (r != TA_OK) return r;
    if (offset == 0) return TA_OK; /* as three.js: nothing moves */
    if ((r = check_new_times(track, shifted, offset, "offset", err)) != TA_OK) return r;
    if (track->interpolation == TA_INTERPOLATION_BEZIER &&
        (r = check_new_control_times(track, shifted, offset, "offset", err)) != TA_OK)
        return r;
    map_times(track, shifted, offset);
    return TA_OK;
}

ta_result ta_track_scale(ta_track *track, double factor, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    ta_result r = check_finite_arg("factor", factor, err);
    if (r != TA_OK) return r;
    if (!(factor > 0)) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "factor: %.9g is not above zero", factor);
    if (factor == 1) return TA_OK; /* as three.js */
    if ((r = check_new_times(track, scaled, factor, "factor", err)) != TA_OK) return r;
    if (track->interpolation == TA_INTERPOLATION_BEZIER &&
        (r = check_new_control_times(track, scaled, factor, "factor", err)) != TA_OK)
        return r;
    if (track->interpolation == TA_INTERPOLATION_CUBIC_SPLINE) {
        /* A tangent is value per second: stretching time by factor divides it. */
        const float *arrays[2] = {track->in_tangents, track->out_tangents};
        for (int a = 0; a < 2; ++a)
            for (uint32_t i = 0; i < track->tangent_count; ++i)
                if (!isfinite((float)(arrays[a][i] / factor)))
                    return ta__fail(err, TA_ERROR_NOT_A_NUMBER,
                                    "factor: %.9g makes the %s-tangent of key %u number %u (%.9g) %.9g, past a float",
                                    factor, a == 0 ? "in" : "out", i / track->value_size, i % track->value_size,
                                    (double)arrays[a][i], arrays[a][i] / factor);
        for (uint32_t i = 0; i < track->tangent_count; ++i) {
            track->in_tangents[i] = (float)(track->in_tangents[i] / factor);
            track->out_tangents[i] = (float)(track->out_tangents[i] / factor);
        }
    }
    map_times(track, scaled, factor);
    return TA_OK;
}

/* Replaces the track's keys with the keys listed in keep (rising, count of
 * them), with their values and tangents; a string track keeps only the
 * strings its kept keys use. Allocates everything first: on failure the track
 * is as it was. */
static ta_result keep_keys(ta_track *t, const uint32_t *keep, uint32_t count, ta_error *err)
{
    const ta__mem *mem = &t->mem;
    uint32_t n = t->value_size, tn = tangents_per_key(t);
    float *times = (float *)ta__alloc(mem, (size_t)count * sizeof(float));
    float *values = (float *)ta__alloc(mem, (size_t)count * n * sizeof(float));
    float *in = tn != 0 ? (float *)ta__alloc(mem, (size_t)count * tn * sizeof(float)) : NULL;
    float *out = tn != 0 ? (float *)ta__alloc(mem, (size_t)count * tn * sizeof(float)) : NULL;
    uint32_t *remap = NULL;
    char **strings = NULL;
    uint32_t string_count = 0;
    bool ok = times != NULL && values != NULL && (tn == 0 || (in != NULL && out != NULL));
    if (ok && t->value_type == TA_VALUE_TYPE_STRING) {
        remap = (uint32_t *)ta__alloc(mem, (size_t)t->string_count * sizeof(uint32_t));
        ok = remap != NULL;
        if (ok) {
            for (uint32_t i = 0; i < t->string_count; ++i) remap[i] = UINT32_MAX;
            for (uint32_t j = 0; j < count; ++j) {
                uint32_t old = (uint32_t)t->values[keep[j]];
                if (remap[old] == UINT32_MAX) remap[old] = string_count++;
            }
            strings = (char **)ta__alloc(mem, (size_t)string_count * sizeof(char *));
            ok = strings != NULL;
        }
    }
    if (!ok) {
        ta__free(mem, times, (size_t)count * sizeof(float));
        ta__free(mem, values, (size_t)count * n * sizeof(float));
        ta__free(mem, in, (size_t)count * tn * sizeof(float));
        ta__free(mem, out, (size_t)count * tn * sizeof(float));
        if (remap != NULL) ta__free(mem, remap, (size_t)t->string_count * sizeof(uint32_t));
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory keeping %u keys of a %s track", count,
                        ta_track_kind_name(t->target.kind));
    }
    for (uint32_t j = 0; j < count; ++j) {
        uint32_t k = keep[j];
        times[j] = t->times[k];
        memcpy(values + (size_t)j * n, t->values + (size_t)k * n, n * sizeof(float));
        if (tn != 0) {
            memcpy(in + (size_t)j * tn, t->in_tangents + (size_t)k * tn, tn * sizeof(float));
            memcpy(out + (size_t)j * tn, t->out_tangents + (size_t)k * tn, tn * sizeof(float));
        }
    }
    if (remap != NULL) {
        for (uint32_t j = 0; j < count; ++j) values[j] = (float)remap[(uint32_t)values[j]];
        for (uint32_t i = 0; i < t->string_count; ++i) {
            if (remap[i] == UINT32_MAX)
                ta__free_str(mem, t->strings[i]);
            else
                strings[remap[i]] = t->strings[i];
        }
        ta__free(mem, remap, (size_t)t->string_count * sizeof(uint32_t));
        ta__free(mem, t->strings, (size_t)t->string_count * sizeof(char *));
        t->strings = strings;
        t->string_count = string_count;
    }
    ta__free(mem, t->times, (size_t)t->key_count * sizeof(float));
    ta__free(mem, t->values, ta__track_values_bytes(t));
    ta__free(mem, t->in_tangents, (size_t)t->tangent_count * sizeof(float));
    ta__free(mem, t->out_tangents, (size_t)t->tangent_count * sizeof(float));
    t->times = times;
    t->values = values;
    t->in_tangents = in;
    t->out_tangents = out;
    t->key_count = count;
    t->tangent_count = count * tn;
    return TA_OK;
}

/* keep_keys with a temporary list of the kept keys, made for as many keys as
 * the track had, which it frees. */
static ta_result keep_listed(ta_track *t, uint32_t *keep, uint32_t count, ta_error *err)
{
    size_t bytes = (size_t)t->key_count * sizeof(uint32_t);
    ta__mem mem = t->mem;
    ta_result r = keep_keys(t, keep, count, err);
    ta__free(&mem, keep, bytes);
    return r;
}

ta_result ta_track_trim(ta_track *track, double start, double end, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (isnan(start)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "start: %g is not a number", start);
    if (isnan(end)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "end: %g is not a number", end);
    /* three.js trim: the first key not before start, the last not after end. */
    uint32_t keys = track->key_count, from = 0, to = keys;
    while (from != keys && track->times[from] < start) ++from;
    while (to != 0 && track->times[to - 1] > end) --to;
    if (from == 0 && to == keys) return TA_OK;
    if (from >= to) {
        /* empty tracks are forbidden, so keep at least one key */
        if (to < 1) to = 1;
        from = to - 1;
    }
    uint32_t *keep = (uint32_t *)ta__alloc(&track->mem, (size_t)keys * sizeof(uint32_t));
    if (keep == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory trimming a track");
    for (uint32_t k = from; k < to; ++k) keep[k - from] = k;
    return keep_listed(track, keep, to - from, err);
}

/* True when every number of key a equals key b's. */
static bool same_numbers(const float *v, uint32_t n, uint32_t a, uint32_t b)
{
    for (uint32_t j = 0; j < n; ++j)
        if (v[(size_t)a * n + j] != v[(size_t)b * n + j]) return false;
    return true;
}

static bool zero_numbers(const float *v, uint32_t n, uint32_t key)
{
    for (uint32_t j = 0; j < n; ++j)
        if (v[(size_t)key * n + j] != 0) return false;
    return true;
}

ta_result ta_track_optimize(ta_track *track, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    /* The curve of a SMOOTH or BEZIER key depends on more than its value. */
    if (track->interpolation == TA_INTERPOLATION_SMOOTH || track->interpolation == TA_INTERPOLATION_BEZIER) return TA_OK;
    uint32_t keys = track->key_count, n = track->value_size;
    if (keys <= 2) return TA_OK;
    uint32_t *keep = (uint32_t *)ta__alloc(&track->mem, (size_t)keys * sizeof(uint32_t));
    if (keep == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory optimizing a track");
    bool spline = track->interpolation == TA_INTERPOLATION_CUBIC_SPLINE;
    uint32_t count = 0;
    keep[count++] = 0;
    for (uint32_t i = 1; i + 1 < keys; ++i) {
        /* three.js also drops keys at one time as their neighbour; times here rise strictly. */
        bool same = same_numbers(track->values, n, i, i - 1) && same_numbers(track->values, n, i, i + 1);
        if (same && spline)
            for (uint32_t k = i - 1; k <= i + 1 && same; ++k)
                same = zero_numbers(track->in_tangents, n, k) && zero_numbers(track->out_tangents, n, k);
        if (!same) keep[count++] = i;
    }
    keep[count++] = keys - 1;
    if (count == keys) {
        ta__free(&track->mem, keep, (size_t)keys * sizeof(uint32_t));
        return TA_OK;
    }
    return keep_listed(track, keep, count, err);
}
