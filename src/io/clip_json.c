/*
 * AnimationClip.parse: one clip from a JSON object, and ta_clip_read.
 * (AnimationClip.toJSON is in clip_json_write.c.)
 *
 * Reading checks the JSON (types, counts, limits) with the JSON path of each
 * fault, binds each track name through the caller's resolver, and leaves the
 * rest of the checking to ta_track_create and ta_clip_create, whose messages
 * get the track's path in front.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/clip_json_internal.h"
#include "io/clip_user_data.h"

/* One JSON track, read but not yet bound. */
typedef struct json_track {
    const char *name;
    ta__jtrack_type type;
    ta_interpolation interpolation;
    uint32_t key_count;
    uint32_t value_count;
    float *times;
    float *values;           /* NULL for a string track */
    const char **strings;    /* a string track: value_count strings (owned by the JSON) */
    uint32_t tangent_count;  /* of each */
    float *in_tangents;
    float *out_tangents;
} json_track;

static void json_track_free(const ta__mem *mem, json_track *t)
{
    ta__free(mem, t->times, sizeof(float) * t->key_count);
    ta__free(mem, t->values, sizeof(float) * t->value_count);
    ta__free(mem, (void *)t->strings, sizeof(char *) * t->value_count);
    ta__free(mem, t->in_tangents, sizeof(float) * t->tangent_count);
    ta__free(mem, t->out_tangents, sizeof(float) * t->tangent_count);
    memset(t, 0, sizeof *t);
}

static ta_result read_floats(const ta__mem *mem, const json_t *array, ta__jpath *path, float **out, ta_error *err)
{
    size_t n = json_array_size(array);
    *out = NULL;
    if (n == 0) return TA_OK;
    float *v = (float *)ta__calloc(mem, n, sizeof(float));
    if (v == NULL) return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory for %zu numbers", n);
    for (size_t i = 0; i < n; ++i) {
        size_t mark = ta__jpath_index(path, i);
        ta_result r = ta__jvalue_float(err, json_array_get(array, i), path->text, &v[i]);
        ta__jpath_pop(path, mark);
        if (r != TA_OK) {
            ta__free(mem, v, sizeof(float) * n);
            return r;
        }
    }
    *out = v;
    return TA_OK;
}

static ta_result read_interpolation(const json_t *track, ta__jpath *path, ta_interpolation *out, ta_error *err)
{
    const json_t *v = json_object_get(track, "interpolation");
    *out = TA_INTERPOLATION_DEFAULT;
    /* interpolation || DefaultInterpolation: absent, null and 0 mean the default. */
    if (v == NULL || json_is_null(v)) return TA_OK;
    size_t mark = ta__jpath_key(path, "interpolation");
    ta_result r = TA_OK;
    if (json_is_string(v)) {
        if (strcasecmp(json_string_value(v), "CUBICSPLINE") == 0)
            r = ta__jfail(err, TA_ERROR_UNSUPPORTED, path->text,
                          "cubic spline tracks have no three.js JSON form (three.js reads them only from glTF)");
        else
            r = ta__jfail(err, TA_ERROR_UNKNOWN_ENUM, path->text,
                          "\"%s\" is not an interpolation (2300 discrete, 2301 linear, 2302 smooth, 2303 bezier)",
                          json_string_value(v));
    } else if (!json_is_number(v)) {
        r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a number", ta__jtype(v));
    } else {
        double d = json_number_value(v);
        if (d == 0) *out = TA_INTERPOLATION_DEFAULT;
        else if (d == TA__INTERPOLATE_DISCRETE) *out = TA_INTERPOLATION_STEP;
        else if (d == TA__INTERPOLATE_LINEAR) *out = TA_INTERPOLATION_LINEAR;
        else if (d == TA__INTERPOLATE_SMOOTH) *out = TA_INTERPOLATION_SMOOTH;
        else if (d == TA__INTERPOLATE_BEZIER) *out = TA_INTERPOLATION_BEZIER;
        else
            r = ta__jfail(err, TA_ERROR_UNKNOWN_ENUM, path->text,
                          "%.17g is not an interpolation (2300 discrete, 2301 linear, 2302 smooth, 2303 bezier)", d);
    }
    ta__jpath_pop(path, mark);
    return r;
}

static ta_result read_values(const ta__mem *mem, const json_t *values, ta__jtrack_type type, ta__jpath *path,
                             json_track *t, ta_error *err)
{
    size_t n = json_array_size(values);
    t->value_count = (uint32_t)n;
    if (type == TA__JT_STRING) {
        if (n == 0) return TA_OK;
        t->strings = (const char **)ta__calloc(mem, n, sizeof(char *));
        if (t->strings == NULL)
            return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory for %zu strings", n);
        for (size_t i = 0; i < n; ++i) {
            const json_t *v = json_array_get(values, i);
            if (!json_is_string(v)) {
                size_t mark = ta__jpath_index(path, i);
                ta_result r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a string", ta__jtype(v));
                ta__jpath_pop(path, mark);
                return r;
            }
            t->strings[i] = json_string_value(v);
        }
        return TA_OK;
    }
    if (type != TA__JT_BOOL) return read_floats(mem, values, path, &t->values, err);
    if (n == 0) return TA_OK;
    t->values = (float *)ta__calloc(mem, n, sizeof(float));
    if (t->values == NULL) return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory for %zu flags", n);
    for (size_t i = 0; i < n; ++i) {
        const json_t *v = json_array_get(values, i);
        double d = -1;
        if (json_is_boolean(v)) d = json_is_true(v) ? 1 : 0;
        else if (json_is_number(v)) d = json_number_value(v);
        if (d != 0 && d != 1) {
            size_t mark = ta__jpath_index(path, i);
            ta_result r;
            if (json_is_number(v))
                r = ta__jfail(err, TA_ERROR_BAD_KEY_VALUE, path->text,
                              "a flag key is true or false (or 0 or 1), not %.17g", d);
            else
                r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a boolean", ta__jtype(v));
            ta__jpath_pop(path, mark);
            return r;
        }
        t->values[i] = (float)d;
    }
    return TA_OK;
}

/* Reads one track object's JSON (path is the track's). */
static ta_result read_json_track(const ta__clip_reader *rd, const json_t *track, ta__jpath *path, json_track *t,
                                 ta_error *err)
{
    const ta__mem *mem = rd->mem;
    memset(t, 0, sizeof *t);
    if (!json_is_object(track))
        return ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(track));
    const char *type_name;
    ta_result r = ta__jget_string(err, track, path->text, "type", true, &type_name);
    if (r != TA_OK) return r;
    if (!ta__jtrack_type_lookup(type_name, &t->type)) {
        size_t mark = ta__jpath_key(path, "type");
        r = ta__jfail(err, TA_ERROR_UNKNOWN_ENUM, path->text,
                      "\"%s\" is not a track type (number, vector, color, quaternion, bool, string)", type_name);
        ta__jpath_pop(path, mark);
        return r;
    }
    if ((r = ta__jget_string(err, track, path->text, "name", true, &t->name)) != TA_OK) return r;
    const json_t *times;
    if (json_object_get(track, "times") == NULL && json_object_get(track, "keys") != NULL) {
        size_t mark = ta__jpath_key(path, "keys");
        r = ta__jfail(err, TA_ERROR_UNSUPPORTED, path->text,
                      "the older keys form is not read; give the track times and values");
        ta__jpath_pop(path, mark);
        return r;
    }
    if ((r = ta__jget_member(err, track, path->text, "times", JSON_ARRAY, true, &times)) != TA_OK) return r;
    size_t key_count = json_array_size(times);
    size_t mark = ta__jpath_key(path, "times");
    if (key_count == 0)
        r = ta__jfail(err, TA_ERROR_NO_KEYS, path->text, "a track needs at least one key");
    else if (key_count > UINT32_MAX / 64)
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text, "%zu keys is too many", key_count);
    if (r != TA_OK) {
        ta__jpath_pop(path, mark);
        return r;
    }
    ta__clip_budget *budget = rd->budget;
    budget->keys += key_count;
    if (budget->keys > budget->limits.max_total_keys) {
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text,
                      "%zu more keys pass the limit of %llu keys over all tracks (limits.max_total_keys)", key_count,
                      (unsigned long long)budget->limits.max_total_keys);
        ta__jpath_pop(path, mark);
        return r;
    }
    t->key_count = (uint32_t)key_count;
    r = read_floats(mem, times, path, &t->times, err);
    ta__jpath_pop(path, mark);
    if (r != TA_OK) return r;

    const json_t *values;
    if ((r = ta__jget_member(err, track, path->text, "values", JSON_ARRAY, true, &values)) != TA_OK) return r;
    mark = ta__jpath_key(path, "values");
    r = read_values(mem, values, t->type, path, t, err);
    ta__jpath_pop(path, mark);
    if (r != TA_OK) return r;

    if ((r = read_interpolation(track, path, &t->interpolation, err)) != TA_OK) return r;
    const json_t *settings;
    if ((r = ta__jget_member(err, track, path->text, "settings", JSON_OBJECT, false, &settings)) != TA_OK) return r;
    /* AnimationUtils.hasTangents: both lists, or the settings are not tangents. */
    if (settings != NULL && json_object_get(settings, "inTangents") != NULL &&
        json_object_get(settings, "outTangents") != NULL) {
        size_t smark = ta__jpath_key(path, "settings");
        if (t->interpolation != TA_INTERPOLATION_BEZIER) {
            r = ta__jfail(err, TA_ERROR_UNSUPPORTED, path->text,
                          "tangents on a track that is not BEZIER (interpolation 2303)");
        } else {
            const json_t *in, *out;
            if ((r = ta__jget_member(err, settings, path->text, "inTangents", JSON_ARRAY, true, &in)) == TA_OK &&
                (r = ta__jget_member(err, settings, path->text, "outTangents", JSON_ARRAY, true, &out)) == TA_OK) {
                size_t n = json_array_size(in);
                if (n != json_array_size(out) || n != (size_t)2 * t->value_count) {
                    r = ta__jfail(err, TA_ERROR_BAD_TANGENTS, path->text,
                                  "inTangents holds %zu numbers and outTangents %zu; a BEZIER track of %u values "
                                  "takes %zu in each (a time and a value for each)",
                                  n, json_array_size(out), t->value_count, (size_t)2 * t->value_count);
                } else {
                    t->tangent_count = (uint32_t)n;
                    size_t m2 = ta__jpath_key(path, "inTangents");
                    r = read_floats(mem, in, path, &t->in_tangents, err);
                    ta__jpath_pop(path, m2);
                    if (r == TA_OK) {
                        m2 = ta__jpath_key(path, "outTangents");
                        r = read_floats(mem, out, path, &t->out_tangents, err);
                        ta__jpath_pop(path, m2);
                    }
                }
            }
        }
        ta__jpath_pop(path, smark);
    }
    return r;
}

/* Builds the track for one target; for values split among targets (a whole
 * morphTargetInfluences), column part of keys of stride numbers. */
static ta_result make_track(const ta__clip_reader *rd, const json_track *t, ta_track_target target, uint32_t part,
                            uint32_t stride, double frame_time, ta__jpath *path, ta_track **out, ta_error *err)
{
    const ta__mem *mem = rd->mem;
    ta_track_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.target = target;
    desc.interpolation = t->interpolation;
    desc.times = t->times;
    desc.key_count = t->key_count;
    float *column = NULL, *in_column = NULL, *out_column = NULL;
    uint32_t column_count = 0;
    uint32_t count = stride; /* 0: not split */
    if (count > 0) {
        column_count = t->key_count;
        column = (float *)ta__calloc(mem, column_count ? column_count : 1, sizeof(float));
        if (t->tangent_count > 0) {
            in_column = (float *)ta__calloc(mem, (size_t)2 * column_count, sizeof(float));
            out_column = (float *)ta__calloc(mem, (size_t)2 * column_count, sizeof(float));
        }
        if (column == NULL || (t->tangent_count > 0 && (in_column == NULL || out_column == NULL))) {
            ta__free(mem, column, sizeof(float) * (column_count ? column_count : 1));
            ta__free(mem, in_column, sizeof(float) * 2 * column_count);
            ta__free(mem, out_column, sizeof(float) * 2 * column_count);
            return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory splitting morph values");
        }
        for (uint32_t k = 0; k < column_count; ++k) {
            column[k] = t->values[(size_t)k * count + part];
            if (in_column != NULL) {
                for (int c = 0; c < 2; ++c) {
                    in_column[2 * k + (uint32_t)c] = t->in_tangents[((size_t)k * count + part) * 2 + (uint32_t)c];
                    out_column[2 * k + (uint32_t)c] = t->out_tangents[((size_t)k * count + part) * 2 + (uint32_t)c];
                }
            }
        }
        desc.values = column;
        desc.value_count = column_count;
        desc.in_tangents = in_column;
        desc.out_tangents = out_column;
        desc.tangent_count = in_column != NULL ? 2 * column_count : 0;
    } else if (t->type == TA__JT_STRING) {
        desc.strings = t->strings;
        /* A string track takes one string a key, and no numbers. */
        if (t->value_count != t->key_count) {
            return ta__jfail(err, TA_ERROR_BAD_VALUE_COUNT, path->text,
                             "values: %u strings for %u keys; a string track takes one a key", t->value_count,
                             t->key_count);
        }
    } else {
        desc.values = t->values;
        desc.value_count = t->value_count;
        desc.in_tangents = t->in_tangents;
        desc.out_tangents = t->out_tangents;
        desc.tangent_count = t->tangent_count;
    }
    ta_track *track = NULL;
    ta_result r = ta_track_create(&desc, &mem->a, &track, err);
    if (r == TA_OK && frame_time != 1.0) {
        r = ta_track_scale(track, frame_time, err);
        if (r != TA_OK) ta_track_destroy(track);
    }
    if (count > 0) {
        ta__free(mem, column, sizeof(float) * (column_count ? column_count : 1));
        ta__free(mem, in_column, sizeof(float) * 2 * column_count);
        ta__free(mem, out_column, sizeof(float) * 2 * column_count);
    }
    if (r != TA_OK) return ta__prefix(err, r, "%s", ta__jpath_str(path));
    *out = track;
    return TA_OK;
}

static void destroy_tracks(ta_track **tracks, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i) ta_track_destroy(tracks[i]);
}

static ta_result read_clip_header(const json_t *json, ta__jpath *path, ta_clip_options *opts, const char **name,
                                  double *frame_time, bool *zero_duration, ta_error *err)
{
    ta_result r;
    if ((r = ta__jget_string(err, json, path->text, "name", false, name)) != TA_OK) return r;
    if (*name == NULL) *name = "";
    double duration = -1, fps = 1, mode = TA__NORMAL_BLEND_MODE;
    bool has_duration, has_fps, has_mode;
    if ((r = ta__jget_number(err, json, path->text, "duration", false, -1, &duration, &has_duration)) != TA_OK)
        return r;
    if ((r = ta__jget_number(err, json, path->text, "fps", false, 1, &fps, &has_fps)) != TA_OK) return r;
    if ((r = ta__jget_number(err, json, path->text, "blendMode", false, TA__NORMAL_BLEND_MODE, &mode, &has_mode)) !=
        TA_OK)
        return r;
    size_t mark;
    /* A negative duration asks for the longest track's, as in three.js; so
     * does 0 here (ta_clip_options), which three.js keeps as it is: the two
     * agree when every key is at 0, a pose clip of no length, which three.js
     * makes (AnimationClip.parse, then resetDuration for -1) and so does this
     * reader. A 0 over longer tracks is refused once they are read. */
    *zero_duration = has_duration && duration == 0;
    opts->duration = has_duration && duration > 0 ? duration : 0;
    opts->allow_empty = true;
    if (has_fps && !(fps > 0)) {
        mark = ta__jpath_key(path, "fps");
        r = ta__jfail(err, TA_ERROR_OUT_OF_RANGE, path->text, "%.17g frames a second is not above zero", fps);
        ta__jpath_pop(path, mark);
        return r;
    }
    *frame_time = has_fps ? 1.0 / fps : 1.0;
    if (mode == TA__NORMAL_BLEND_MODE) {
        opts->blend_mode = TA_BLEND_MODE_NORMAL;
    } else if (mode == TA__ADDITIVE_BLEND_MODE) {
        opts->blend_mode = TA_BLEND_MODE_ADDITIVE;
    } else {
        mark = ta__jpath_key(path, "blendMode");
        r = ta__jfail(err, TA_ERROR_UNKNOWN_ENUM, path->text, "%.17g is not a blend mode (2500 normal, 2501 additive)",
                      mode);
        ta__jpath_pop(path, mark);
        return r;
    }
    if ((r = ta__jget_string(err, json, path->text, "uuid", false, &opts->uuid)) != TA_OK) return r;
    if ((r = ta__jget_string(err, json, path->text, "userData", false, &opts->user_data)) != TA_OK) return r;
    if (opts->user_data != NULL) {
        json_error_t jerr;
        json_t *ud = json_loads(opts->user_data, JSON_DECODE_ANY, &jerr);
        bool object = ud != NULL && json_is_object(ud);
        json_decref(ud);
        if (!object) {
            mark = ta__jpath_key(path, "userData");
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is not the text of a JSON object");
            ta__jpath_pop(path, mark);
            return r;
        }
        /* JSON.parse('{}') is no user data worth keeping. */
        if (strspn(opts->user_data, " \t\r\n{}") == strlen(opts->user_data)) opts->user_data = NULL;
    }
    return TA_OK;
}

ta_result ta__clip_from_json(const json_t *json, ta__jpath *path, const ta__clip_reader *rd, ta_clip **out_clip,
                             ta_error *err)
{
    const ta__mem *mem = rd->mem;
    *out_clip = NULL;
    if (!json_is_object(json))
        return ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(json));
    ta_clip_options opts;
    memset(&opts, 0, sizeof opts);
    opts.allocator = &mem->a;
    const char *name;
    double frame_time = 1;
    bool zero_duration = false;
    ta_result r = read_clip_header(json, path, &opts, &name, &frame_time, &zero_duration, err);
    if (r != TA_OK) return r;
    const json_t *jtracks;
    if ((r = ta__jget_member(err, json, path->text, "tracks", JSON_ARRAY, true, &jtracks)) != TA_OK) return r;
    size_t n = json_array_size(jtracks);
    size_t tmark = ta__jpath_key(path, "tracks");
    ta__clip_budget *budget = rd->budget;
    if (n > budget->limits.max_tracks || budget->tracks > budget->limits.max_tracks - n) {
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text,
                      "%zu more tracks pass the limit of %u over all clips (limits.max_tracks)", n,
                      budget->limits.max_tracks);
        ta__jpath_pop(path, tmark);
        return r;
    }
    budget->tracks += (uint32_t)n;
    ta_track **tracks = NULL;
    uint32_t cap = 0, made = 0;
    char buffer_small[256];
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        size_t imark = ta__jpath_index(path, i);
        json_track t;
        r = read_json_track(rd, json_array_get(jtracks, i), path, &t, err);
        ta_track_name parsed;
        char *buffer = buffer_small;
        size_t need = r == TA_OK ? TA_TRACK_NAME_BUFFER_SIZE(strlen(t.name)) : 0;
        if (r == TA_OK && need > sizeof buffer_small) {
            buffer = (char *)ta__alloc(mem, need);
            if (buffer == NULL)
                r = ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory parsing the name");
        }
        ta_track_binding binding;
        if (r == TA_OK) {
            size_t nmark = ta__jpath_key(path, "name");
            r = ta_track_name_parse(t.name, &parsed, buffer, need, err);
            if (r == TA_OK) r = rd->resolve(rd->resolve_user, t.name, &parsed, &binding, err);
            if (r != TA_OK) r = ta__prefix(err, r, "%s", ta__jpath_str(path));
            ta__jpath_pop(path, nmark);
        }
        if (r == TA_OK && binding.target_count == 0) {
            if (rd->warn != NULL) {
                char line[512];
                snprintf(line, sizeof line, "%s: left out: %s", ta__jpath_str(path), binding.reason);
                rd->warn(rd->warn_user, line);
            }
        } else if (r == TA_OK && binding.target_count > TA_MAX_MORPH_TARGETS) {
            size_t m2 = ta__jpath_key(path, "name");
            r = ta__jfail(err, TA_ERROR_INVALID_ARGUMENT, path->text,
                          "the resolver gave %u targets; a binding holds at most %d", binding.target_count,
                          TA_MAX_MORPH_TARGETS);
            ta__jpath_pop(path, m2);
        } else if (r == TA_OK) {
            uint32_t count = binding.target_count, stride = 0;
            ta__jtrack_type want = binding.split ? TA__JT_NUMBER : ta__kind_jtrack_type(binding.targets[0].kind);
            if (t.type != want) {
                size_t m2 = ta__jpath_key(path, "type");
                r = ta__jfail(err, TA_ERROR_WRONG_KIND, path->text, "\"%s\" is not the type of \"%s\", which is \"%s\"",
                              ta__jtrack_type_name(t.type), t.name, ta__jtrack_type_name(want));
                ta__jpath_pop(path, m2);
            } else if (binding.split) {
                /* three.js copies the first count numbers of each key to the array. */
                stride = t.value_count / t.key_count;
                if (t.value_count % t.key_count != 0 || stride < count) {
                    size_t m2 = ta__jpath_key(path, "values");
                    r = ta__jfail(err, TA_ERROR_BAD_VALUE_COUNT, path->text,
                                  "%u values for %u keys; \"%s\" takes at least %u a key, one for each morph target",
                                  t.value_count, t.key_count, t.name, count);
                    ta__jpath_pop(path, m2);
                }
            }
            /* A whole morphTargetInfluences makes one track per morph target. */
            if (r == TA_OK && made + count > cap) {
                r = ta__reserve(mem, (void **)&tracks, &cap, made + count, sizeof(ta_track *), err);
                if (r != TA_OK) r = ta__prefix(err, r, "%s", ta__jpath_str(path));
            }
            for (uint32_t k = 0; k < count && r == TA_OK; ++k) {
                ta_track *made_track = NULL;
                r = make_track(rd, &t, binding.targets[k], k, stride, frame_time, path, &made_track, err);
                if (r == TA_OK) tracks[made++] = made_track;
            }
        }
        if (buffer != buffer_small) ta__free(mem, buffer, need);
        json_track_free(mem, &t);
        ta__jpath_pop(path, imark);
    }
    ta__jpath_pop(path, tmark);
    if (r == TA_OK && made > 0) {
        /* The markers ride in userData; the clip keeps them apart from it. */
        ta__user_data_split split;
        r = ta__user_data_split_text(mem, opts.user_data, &rd->budget->limits, &rd->budget->markers, &split, err);
        if (r == TA_OK) {
            opts.user_data = split.user_data;
            opts.markers = split.markers;
            opts.marker_count = split.marker_count;
            r = ta__user_data_name_markers(ta_clip_create(name, tracks, made, &opts, out_clip, err), err);
            ta__user_data_split_free(mem, &split);
            if (r == TA_OK) made = 0; /* the clip owns them */
        }
        if (r == TA_OK && zero_duration && ta_clip_duration(*out_clip).seconds > 0) {
            size_t mark = ta__jpath_key(path, "duration");
            r = ta__jfail(err, TA_ERROR_OUT_OF_RANGE, path->text,
                          "0, but the tracks run to %.9g s: three.js would hold them in a clip of no length, which "
                          "plays its keys at 0 only",
                          ta_clip_duration(*out_clip).seconds);
            ta__jpath_pop(path, mark);
            ta_clip_release(*out_clip);
            *out_clip = NULL;
        } else if (r != TA_OK) {
            r = ta__prefix(err, r, "%s", ta__jpath_str(path));
        }
    }
    destroy_tracks(tracks, made);
    ta__free(mem, tracks, sizeof(ta_track *) * cap);
    return r;
}

typedef struct first_warning {
    ta_warning_receiver warn;
    void *user;
    char first[512];
} first_warning;

static void keep_first_warning(void *user, const char *message)
{
    first_warning *fw = (first_warning *)user;
    if (fw->first[0] == '\0') snprintf(fw->first, sizeof fw->first, "%s", message);
    if (fw->warn != NULL) fw->warn(fw->user, message);
}

ta_result ta_clip_read(const char *text, size_t length, const ta_clip_read_options *options, ta_clip **out_clip,
                       ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: is NULL");
    if (options == NULL || options->resolver == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.resolver: is NULL; a clip's track names need one");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options->allocator, err);
    if (r != TA_OK) return r;
    ta__clip_budget budget;
    memset(&budget, 0, sizeof budget);
    budget.limits = ta__limits_resolve(&options->limits);
    json_t *root;
    if ((r = ta__json_parse(text, length, &budget.limits, &root, err)) != TA_OK) return r;
    first_warning fw;
    fw.warn = options->warn;
    fw.user = options->warn_user;
    fw.first[0] = '\0';
    ta__clip_reader rd = {&mem, options->resolver, options->resolver_user, keep_first_warning, &fw, &budget};
    ta__jpath path;
    ta__jpath_init(&path, NULL);
    ta_clip *clip = NULL;
    r = ta__clip_from_json(root, &path, &rd, &clip, err);
    json_decref(root);
    if (r != TA_OK) return r;
    if (clip == NULL) {
        if (fw.first[0] != '\0')
            return ta__fail(err, TA_ERROR_EMPTY_CLIP, "tracks: every track was left out; the first: %s", fw.first);
        return ta__fail(err, TA_ERROR_EMPTY_CLIP, "tracks: the clip has no tracks");
    }
    *out_clip = clip;
    return TA_OK;
}
