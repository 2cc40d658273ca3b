/* The one check of a track, run on a description before ta_track_create
 * allocates anything, and on a built track by ta_track_check. */
#include <math.h>

#include "animation/track_rules.h"

static ta_result check_interpolation(const ta__track_parts *p, ta_interpolation *out, ta_error *err)
{
    ta_track_kind kind = p->target.kind;
    const char *name = ta_track_kind_name(kind);
    ta_value_type type = ta_track_kind_value_type(kind);
    ta_interpolation interp = p->interpolation;
    if ((int)interp < 0 || interp >= TA_INTERPOLATION_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "interpolation: %d is not an interpolation", (int)interp);
    if (interp == TA_INTERPOLATION_DEFAULT) interp = ta__default_interpolation(kind);
    if ((type == TA_VALUE_TYPE_FLAG || type == TA_VALUE_TYPE_STRING) && interp != TA_INTERPOLATION_STEP)
        return ta__fail(err, TA_ERROR_BAD_INTERPOLATION, "interpolation: a %s track is STEP, not %s", name,
                        ta_interpolation_name(interp));
    if (type == TA_VALUE_TYPE_ROTATION && interp == TA_INTERPOLATION_SMOOTH)
        return ta__fail(err, TA_ERROR_BAD_INTERPOLATION,
                        "interpolation: a %s track cannot be SMOOTH (three.js falls back to LINEAR; "
                        "ask for LINEAR, CUBIC_SPLINE or BEZIER)",
                        name);
    *out = interp;
    return TA_OK;
}

static ta_result check_times(const ta__track_parts *p, ta_error *err)
{
    if (p->key_count == 0 || p->times == NULL)
        return ta__fail(err, TA_ERROR_NO_KEYS, "times: a track needs at least one key, got %s",
                        p->times == NULL ? "no times" : "key_count 0");
    for (uint32_t k = 0; k < p->key_count; ++k) {
        float t = p->times[k];
        if (!isfinite(t))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "times: key %u time %g is not a finite number", k,
                            (double)t);
        if (t < 0)
            return ta__fail(err, TA_ERROR_BAD_TIMES, "times: key %u time %.9g is negative", k, (double)t);
        if (k > 0 && !(t > p->times[k - 1]))
            return ta__fail(err, TA_ERROR_BAD_TIMES, "times: key %u time %.9g is not after key %u time %.9g", k,
                            (double)t, k - 1, (double)p->times[k - 1]);
    }
    return TA_OK;
}

/* values (or, for a string track, strings) hold one key of the kind's size per time. */
static ta_result check_value_count(const ta__track_parts *p, ta_error *err)
{
    ta_track_kind kind = p->target.kind;
    const char *name = ta_track_kind_name(kind);
    uint32_t size = ta_track_kind_value_size(kind);
    uint64_t want = (uint64_t)p->key_count * size;
    if (ta_track_kind_value_type(kind) == TA_VALUE_TYPE_STRING && !p->built) {
        if (p->values != NULL || p->value_count != 0)
            return ta__fail(err, TA_ERROR_WRONG_KIND,
                            "values: a %s track takes its keys as strings, not %u numbers", name, p->value_count);
        if (p->strings == NULL)
            return ta__fail(err, TA_ERROR_BAD_VALUE_COUNT, "strings: a %s track needs %u strings, got none", name,
                            p->key_count);
        if (p->key_count > TA__STRING_LIMIT)
            return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "strings: %u keys are more than a string track holds (%u)",
                            p->key_count, TA__STRING_LIMIT);
        for (uint32_t k = 0; k < p->key_count; ++k)
            if (p->strings[k] == NULL)
                return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "strings: key %u string is NULL", k);
        return TA_OK;
    }
    if (p->strings != NULL)
        return ta__fail(err, TA_ERROR_WRONG_KIND, "strings: a %s track takes numbers, not strings", name);
    if (p->values == NULL && p->value_count != 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "values: is NULL with value_count %u", p->value_count);
    if (p->values == NULL || p->value_count != want)
        return ta__fail(err, TA_ERROR_BAD_VALUE_COUNT,
                        "values: %u numbers are not one %s key of %u numbers for each of %u keys (want %llu)",
                        p->values == NULL ? 0u : p->value_count, name, size, p->key_count, (unsigned long long)want);
    return TA_OK;
}

static ta_result check_values(const ta__track_parts *p, ta_error *err)
{
    ta_track_kind kind = p->target.kind;
    ta_value_type type = ta_track_kind_value_type(kind);
    uint32_t size = ta_track_kind_value_size(kind);
    if (type == TA_VALUE_TYPE_STRING && !p->built) return TA_OK;
    for (uint32_t i = 0; i < p->value_count; ++i)
        if (!isfinite(p->values[i]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "values: key %u number %u is %g, not a finite number",
                            i / size, i % size, (double)p->values[i]);
    for (uint32_t k = 0; k < p->key_count; ++k) {
        const float *v = p->values + (size_t)k * size;
        if (type == TA_VALUE_TYPE_ROTATION) {
            double x = v[0], y = v[1], z = v[2], w = v[3];
            double length = sqrt(x * x + y * y + z * z + w * w);
            /* A cubic spline's samples are made of unit length after the curve
             * (GLTFCubicSplineQuaternionInterpolant), so its keys need only a
             * direction: a curve cut between two keys has its cut point there. */
            if (p->interpolation == TA_INTERPOLATION_CUBIC_SPLINE) {
                if (!(length > 1e-6))
                    return ta__fail(err, TA_ERROR_BAD_KEY_VALUE,
                                    "values: rotation key %u (%.9g, %.9g, %.9g, %.9g) of a CUBIC_SPLINE track has "
                                    "length %.9g, which has no direction",
                                    k, x, y, z, w, length);
            } else if (!(fabs(length - 1) <= TA__ROTATION_UNIT_TOLERANCE))
                return ta__fail(err, TA_ERROR_BAD_KEY_VALUE,
                                "values: rotation key %u (%.9g, %.9g, %.9g, %.9g) has length %.9g, not 1 within %g", k,
                                x, y, z, w, length, TA__ROTATION_UNIT_TOLERANCE);
        } else if (type == TA_VALUE_TYPE_FLAG) {
            if (v[0] != 0 && v[0] != 1)
                return ta__fail(err, TA_ERROR_BAD_KEY_VALUE, "values: flag key %u is %.9g, not 0 or 1", k,
                                (double)v[0]);
        } else if (type == TA_VALUE_TYPE_STRING) {
            /* A built string track: each value is the place of its string. */
            if (!(v[0] >= 0 && v[0] < (float)p->string_count && v[0] == floorf(v[0])))
                return ta__fail(err, TA_ERROR_BAD_KEY_VALUE, "values: string key %u is %.9g, not an index below %u",
                                k, (double)v[0], p->string_count);
        }
    }
    return TA_OK;
}

static ta_result check_tangent_numbers(const char *field, const float *tangents, uint32_t count, uint32_t size,
                                       bool bezier, ta_error *err)
{
    for (uint32_t i = 0; i < count; ++i) {
        if (isfinite(tangents[i])) continue;
        if (bezier)
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: key %u number %u control point %s is %g, not a finite number",
                            field, i / (2 * size), (i / 2) % size, i % 2 == 0 ? "time" : "value",
                            (double)tangents[i]);
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: key %u number %u is %g, not a finite number", field,
                        i / size, i % size, (double)tangents[i]);
    }
    return TA_OK;
}

static ta_result check_tangents(const ta__track_parts *p, ta_interpolation interp, ta_error *err)
{
    const char *name = ta_track_kind_name(p->target.kind);
    uint32_t size = ta_track_kind_value_size(p->target.kind);
    if (interp != TA_INTERPOLATION_CUBIC_SPLINE && interp != TA_INTERPOLATION_BEZIER) {
        if (p->in_tangents != NULL || p->out_tangents != NULL || p->tangent_count != 0)
            return ta__fail(err, TA_ERROR_BAD_TANGENTS,
                            "in_tangents: a %s %s track takes no tangents, got %u (in %s, out %s)",
                            ta_interpolation_name(interp), name, p->tangent_count,
                            p->in_tangents != NULL ? "given" : "NULL", p->out_tangents != NULL ? "given" : "NULL");
        return TA_OK;
    }
    bool bezier = interp == TA_INTERPOLATION_BEZIER;
    const char *what = bezier ? "control points" : "tangents";
    if (p->in_tangents == NULL || p->out_tangents == NULL)
        return ta__fail(err, TA_ERROR_BAD_TANGENTS, "%s: a %s track needs in- and out-%s, %s is NULL",
                        p->in_tangents == NULL ? "in_tangents" : "out_tangents", ta_interpolation_name(interp), what,
                        p->in_tangents == NULL ? "in_tangents" : "out_tangents");
    uint64_t want = (uint64_t)p->value_count * (bezier ? 2u : 1u);
    if (p->tangent_count != want)
        return ta__fail(err, TA_ERROR_BAD_TANGENTS,
                        "tangent_count: %u numbers for %u values, but a %s track takes %s (want %llu)",
                        p->tangent_count, p->value_count, ta_interpolation_name(interp),
                        bezier ? "two per value, a control point of time and value" : "one tangent per value",
                        (unsigned long long)want);
    ta_result r = check_tangent_numbers("in_tangents", p->in_tangents, p->tangent_count, size, bezier, err);
    if (r != TA_OK) return r;
    return check_tangent_numbers("out_tangents", p->out_tangents, p->tangent_count, size, bezier, err);
}

ta_result ta__track_check_parts(const ta__track_parts *p, ta_interpolation *out_interpolation, ta_error *err)
{
    ta_result r = ta__check_target(p->target, "target", err);
    if (r != TA_OK) return r;
    ta_interpolation interp;
    if ((r = check_interpolation(p, &interp, err)) != TA_OK) return r;
    if ((r = check_times(p, err)) != TA_OK) return r;
    if ((r = check_value_count(p, err)) != TA_OK) return r;
    if ((r = check_values(p, err)) != TA_OK) return r;
    if ((r = check_tangents(p, interp, err)) != TA_OK) return r;
    if (out_interpolation != NULL) *out_interpolation = interp;
    return TA_OK;
}
