/*
 * AnimationClip.toJSON: one clip as a JSON object, each track named by the
 * caller's namer and the property of its kind (clip_json_internal.h), with
 * KeyframeTrack.toJSON's fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/clip_json_internal.h"
#include "io/clip_user_data.h"

static int interpolation_code(ta_interpolation interp)
{
    switch (interp) {
    case TA_INTERPOLATION_STEP: return TA__INTERPOLATE_DISCRETE;
    case TA_INTERPOLATION_SMOOTH: return TA__INTERPOLATE_SMOOTH;
    case TA_INTERPOLATION_BEZIER: return TA__INTERPOLATE_BEZIER;
    default: return TA__INTERPOLATE_LINEAR;
    }
}

static json_t *float_array(const float *v, uint32_t n)
{
    json_t *a = json_array();
    if (a == NULL) return NULL;
    for (uint32_t i = 0; i < n; ++i)
        if (!ta__jpush(a, ta__jreal((double)v[i]))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static ta_result track_to_json(const ta_track *track, uint32_t index, ta_target_namer namer, void *namer_user,
                               json_t **out, ta_error *err)
{
    ta_track_target target = ta_track_target_of(track);
    ta_interpolation interp = ta_track_interpolation(track);
    if (interp == TA_INTERPOLATION_CUBIC_SPLINE)
        return ta__fail(err, TA_ERROR_UNSUPPORTED,
                        "tracks[%u]: a CUBIC_SPLINE track has no three.js JSON form (three.js reads cubic splines "
                        "only from glTF)",
                        index);
    ta_target_owner owner = {NULL, -1};
    ta_result r = namer(namer_user, &target, &owner, err);
    if (r != TA_OK) {
        ta__jpath p;
        ta__jpath_init(&p, NULL);
        ta__jpath_key(&p, "tracks");
        ta__jpath_index(&p, index);
        return ta__prefix(err, r, "%s", ta__jpath_str(&p));
    }
    if (owner.node == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "tracks[%u]: the namer gave no node", index);
    /* The name is made where every caller makes it, which also refuses an
     * owner that would not parse back to itself (three.js would bind
     * something else). */
    size_t path_len = 0;
    if ((r = ta_track_name_format(&target, &owner, NULL, NULL, 0, &path_len, err)) != TA_OK) {
        char message[TA_ERROR_MESSAGE_SIZE];
        snprintf(message, sizeof message, "%s", err ? err->message : "");
        return ta__fail(err, r, "tracks[%u]: %s", index, message);
    }
    char small[256];
    char *path = path_len + 1 <= sizeof small ? small : (char *)malloc(path_len + 1);
    if (path == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "tracks[%u]: out of memory naming the track", index);
    r = ta_track_name_format(&target, &owner, NULL, path, path_len + 1, NULL, err);
    json_t *j = r == TA_OK ? json_object() : NULL;
    bool ok = j != NULL;
    ok = ok && ta__jset(j, "name", json_string(path));
    if (path != small) free(path);
    if (r != TA_OK) return r;
    uint32_t keys = ta_track_key_count(track), vsize = ta_track_value_size(track);
    ok = ok && ta__jset(j, "times", float_array(ta_track_times(track), keys));
    ta__jtrack_type type = ta__kind_jtrack_type(target.kind);
    if (type == TA__JT_STRING || type == TA__JT_BOOL) {
        json_t *values = json_array();
        bool vok = values != NULL;
        for (uint32_t k = 0; vok && k < keys; ++k) {
            float v = ta_track_values(track)[k];
            /* A string track's values are places in its list of strings. */
            vok = ta__jpush(values, type == TA__JT_BOOL ? json_boolean(v != 0)
                                                        : json_string(ta_track_string(track, (uint32_t)v)));
        }
        if (!vok || !ok) {
            json_decref(values);
            ok = false;
        } else {
            ok = ta__jset(j, "values", values);
        }
    } else {
        ok = ok && ta__jset(j, "values", float_array(ta_track_values(track), keys * vsize));
    }
    /* Flags and strings are always discrete, their default; others default to linear. */
    bool discrete_default = type == TA__JT_BOOL || type == TA__JT_STRING;
    if (ok && !discrete_default && interp != TA_INTERPOLATION_LINEAR)
        ok = ta__jset(j, "interpolation", json_integer(interpolation_code(interp)));
    if (ok && interp == TA_INTERPOLATION_BEZIER) {
        json_t *settings = json_object();
        ok = settings != NULL && ta__jset(j, "settings", settings);
        ok = ok && ta__jset(settings, "inTangents", float_array(ta_track_in_tangents(track), ta_track_tangent_count(track)));
        ok = ok && ta__jset(settings, "outTangents", float_array(ta_track_out_tangents(track), ta_track_tangent_count(track)));
    }
    ok = ok && ta__jset(j, "type", json_string(ta__jtrack_type_name(type)));
    if (!ok) {
        json_decref(j);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "tracks[%u]: out of memory writing the track", index);
    }
    *out = j;
    return TA_OK;
}

ta_result ta__clip_to_json(const ta_clip *clip, ta_target_namer namer, void *namer_user, json_t **out_json,
                           ta_error *err)
{
    json_t *j = json_object();
    json_t *tracks = json_array();
    bool ok = j != NULL && tracks != NULL;
    ok = ok && ta__jset(j, "name", json_string(ta_clip_name(clip)));
    ok = ok && ta__jset(j, "duration", ta__jreal(ta_clip_duration(clip).seconds));
    ok = ok && json_object_set(j, "tracks", tracks) == 0;
    ok = ok && ta__jset(j, "uuid", json_string(ta_clip_uuid(clip)));
    ok = ok && ta__jset(j, "blendMode", json_integer(ta_clip_blend_mode(clip) == TA_BLEND_MODE_ADDITIVE
                                                          ? TA__ADDITIVE_BLEND_MODE
                                                          : TA__NORMAL_BLEND_MODE));
    if (!ok) {
        json_decref(tracks);
        json_decref(j);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing a clip");
    }
    /* The user data with the markers in it, as the readers split them. */
    json_t *user = NULL;
    ta_result r = ta__user_data_to_json(clip, &user, err);
    if (r == TA_OK && !ta__jset(j, "userData", user))
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing a clip");
    for (uint32_t i = 0; i < ta_clip_track_count(clip) && r == TA_OK; ++i) {
        json_t *t = NULL;
        r = track_to_json(ta_clip_track(clip, i), i, namer, namer_user, &t, err);
        if (r == TA_OK && !ta__jpush(tracks, t))
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "tracks[%u]: out of memory writing the track", i);
    }
    json_decref(tracks);
    if (r != TA_OK) {
        json_decref(j);
        return r;
    }
    *out_json = j;
    return TA_OK;
}

ta_result ta_clip_write(const ta_clip *clip, const ta_clip_write_options *options, char **out_text, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: is NULL");
    if (out_text == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_text: is NULL");
    if (options == NULL || options->namer == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.namer: is NULL; a clip's targets need names");
    if (options->indent < 0 || options->indent > 31)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.indent: %d is not in [0, 31]", options->indent);
    json_t *j;
    ta_result r = ta__clip_to_json(clip, options->namer, options->namer_user, &j, err);
    if (r != TA_OK) return r;
    r = ta__json_dump(j, options->allocator, options->indent, out_text, err);
    json_decref(j);
    return r;
}
