/* The public sampling calls: checks, then the kernels of interpolant.h. */
#include <math.h>

#include "animation/interpolant.h"
#include "animation/track_rules.h"

/* The largest key: a QUATERNION's four numbers. */
#define MAX_VALUE_SIZE 4

static ta_result check_time(double at, ta_error *err)
{
    if (isnan(at)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "at: time %g is not a number", at);
    return TA_OK;
}

static ta_result check_ending(const char *field, ta_ending ending, ta_error *err)
{
    if ((int)ending < 0 || ending >= TA_ENDING_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "%s: ending %d is not an ending", field, (int)ending);
    return TA_OK;
}

static ta_result sample_doubles(const ta_track *track, uint32_t *cursor, double at, ta_ending start, ta_ending end,
                                double *out, ta_error *err)
{
    ta_result r = check_time(at, err);
    if (r == TA_OK) r = check_ending("start", start, err);
    if (r == TA_OK) r = check_ending("end", end, err);
    if (r != TA_OK) return r;
    uint32_t i1 = ta__seek(track->times, track->key_count, cursor, at);
    ta__track_evaluate(track, i1, at, start, end, out);
    return TA_OK;
}

ta_result ta_track_sample_with(const ta_track *track, ta_sampler *sampler, double at, ta_ending start, ta_ending end,
                               float *out, uint32_t out_count, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (sampler == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "sampler: is NULL");
    if (out == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out: is NULL");
    if (out_count < track->value_size)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_count: %u is less than the value size %u of a %s track",
                        out_count, track->value_size, ta_track_kind_name(track->target.kind));
    double value[MAX_VALUE_SIZE];
    ta_result r = sample_doubles(track, &sampler->cursor, at, start, end, value, err);
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < track->value_size; ++i) out[i] = (float)value[i];
    return TA_OK;
}

ta_result ta_track_sample(const ta_track *track, double at, ta_ending start, ta_ending end, float *out,
                          uint32_t out_count, ta_error *err)
{
    ta_sampler cold = {0};
    return ta_track_sample_with(track, &cold, at, start, end, out, out_count, err);
}

ta_result ta_track_sample_vector3(const ta_track *track, double at, ta_ending start, ta_ending end, ta_vec3 *out,
                                  ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (out == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out: is NULL");
    if (track->value_size != 3)
        return ta__fail(err, TA_ERROR_WRONG_KIND, "track: a %s track holds %u numbers a key, not a vector of 3",
                        ta_track_kind_name(track->target.kind), track->value_size);
    float v[3];
    ta_result r = ta_track_sample(track, at, start, end, v, 3, err);
    if (r != TA_OK) return r;
    *out = ta_vec3_make(v[0], v[1], v[2]);
    return TA_OK;
}

ta_result ta_track_sample_quaternion(const ta_track *track, double at, ta_quat *out, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (out == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out: is NULL");
    if (track->value_type != TA_VALUE_TYPE_ROTATION)
        return ta__fail(err, TA_ERROR_WRONG_KIND, "track: a %s track holds no rotation",
                        ta_track_kind_name(track->target.kind));
    float q[4];
    ta_result r = ta_track_sample(track, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, q, 4, err);
    if (r != TA_OK) return r;
    *out = ta_quat_make(q[0], q[1], q[2], q[3]);
    return TA_OK;
}

static ta_result check_string_track(const ta_track *track, const void *out, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (out == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out: is NULL");
    if (track->value_type != TA_VALUE_TYPE_STRING)
        return ta__fail(err, TA_ERROR_WRONG_KIND, "track: a %s track holds no strings",
                        ta_track_kind_name(track->target.kind));
    return TA_OK;
}

ta_result ta_track_sample_string(const ta_track *track, double at, const char **out, ta_error *err)
{
    ta_result r = check_string_track(track, out, err);
    if (r != TA_OK) return r;
    uint32_t cursor = 0;
    double index;
    r = sample_doubles(track, &cursor, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &index, err);
    if (r != TA_OK) return r;
    *out = track->strings[(uint32_t)index];
    return TA_OK;
}

ta_result ta_track_key_strings(const ta_track *track, const char **out, uint32_t out_count, ta_error *err)
{
    ta_result r = check_string_track(track, out, err);
    if (r != TA_OK) return r;
    if (out_count < track->key_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_count: %u is less than the key count %u", out_count,
                        track->key_count);
    for (uint32_t k = 0; k < track->key_count; ++k) out[k] = track->strings[(uint32_t)track->values[k]];
    return TA_OK;
}
