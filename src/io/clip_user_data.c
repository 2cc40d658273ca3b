/* A clip's user data and markers in the files' JSON (clip_user_data.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/clip_user_data.h"

/* The object user_data is the text of, or the refusal ta__user_data_check makes. */
static ta_result parse_object(const char *user_data, json_t **out, ta_error *err)
{
    json_error_t jerr;
    json_t *doc = json_loads(user_data, 0, &jerr);
    *out = NULL;
    if (doc == NULL)
        return ta__fail(err, TA_ERROR_PARSE, "user_data: not the text of a JSON object (line %d column %d: %s)",
                        jerr.line, jerr.column, jerr.text);
    if (!json_is_object(doc)) {
        json_decref(doc);
        return ta__fail(err, TA_ERROR_PARSE, "user_data: the text of a JSON %s, not of an object",
                        user_data[strspn(user_data, " \t\r\n")] == '[' ? "array" : "value");
    }
    *out = doc;
    return TA_OK;
}

ta_result ta__user_data_check(const char *user_data, ta_error *err)
{
    if (user_data == NULL) return TA_OK;
    json_t *doc;
    ta_result r = parse_object(user_data, &doc, err);
    json_decref(doc);
    return r;
}

void ta__markers_free(const ta__mem *mem, ta_clip_marker *markers, uint32_t count)
{
    ta__free(mem, markers, sizeof *markers * count);
}

ta_result ta__markers_from_json(const ta__mem *mem, const json_t *list, const ta_load_limits *limits,
                                uint32_t *read, ta_clip_marker **out, uint32_t *out_count, ta_error *err)
{
    *out = NULL;
    *out_count = 0;
    if (!json_is_array(list))
        return ta__fail(err, TA_ERROR_PARSE, "user_data.markers: not an array of {\"name\", \"time\"}");
    size_t n = json_array_size(list);
    if (n > limits->max_markers - *read)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED,
                        "user_data.markers: %zu markers pass the limit of %u over all clips (limits.max_markers), "
                        "%u read before",
                        n, limits->max_markers, *read);
    for (size_t i = 0; i < n; ++i) {
        const json_t *e = json_array_get(list, i);
        if (!json_is_string(json_object_get(e, "name")) || !json_is_number(json_object_get(e, "time")))
            return ta__fail(err, TA_ERROR_PARSE, "user_data.markers[%zu]: not {\"name\": string, \"time\": number}",
                            i);
    }
    if (n == 0) return TA_OK;
    ta_clip_marker *m = (ta_clip_marker *)ta__calloc(mem, n, sizeof *m);
    if (m == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %zu markers", n);
    for (size_t i = 0; i < n; ++i) {
        const json_t *e = json_array_get(list, i);
        m[i].name = json_string_value(json_object_get(e, "name"));
        m[i].time = ta_duration_from_seconds(json_number_value(json_object_get(e, "time")));
    }
    *out = m;
    *out_count = (uint32_t)n;
    *read += (uint32_t)n;
    return TA_OK;
}

ta_result ta__user_data_split_text(const ta__mem *mem, const char *user_data, const ta_load_limits *limits,
                                   uint32_t *markers_read, ta__user_data_split *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    out->user_data = user_data;
    if (user_data == NULL) return TA_OK;
    json_t *doc;
    ta_result r = parse_object(user_data, &doc, err);
    if (r != TA_OK) return r;
    json_t *list = json_object_get(doc, "markers");
    if (list == NULL) {
        json_decref(doc); /* no markers: the text goes on as it was written */
        return TA_OK;
    }
    r = ta__markers_from_json(mem, list, limits, markers_read, &out->markers, &out->marker_count, err);
    if (r == TA_OK) {
        /* The names point into the list: it outlives its key. */
        out->doc = json_incref(list);
        json_object_del(doc, "markers");
        /* An object left empty is no user data at all, as "{}" in a file is none. */
        if (json_object_size(doc) > 0) {
            out->rest = json_dumps(doc, JSON_COMPACT | JSON_REAL_PRECISION(17));
            if (out->rest == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for the user data");
        }
        out->user_data = out->rest;
    }
    json_decref(doc);
    if (r != TA_OK) ta__user_data_split_free(mem, out);
    return r;
}

void ta__user_data_split_free(const ta__mem *mem, ta__user_data_split *split)
{
    ta__markers_free(mem, split->markers, split->marker_count);
    json_decref(split->doc);
    free(split->rest);
    memset(split, 0, sizeof *split);
}

ta_result ta__user_data_name_markers(ta_result r, ta_error *err)
{
    if (r == TA_OK || err == NULL || strncmp(err->message, "markers[", 8) != 0) return r;
    char message[TA_ERROR_MESSAGE_SIZE];
    snprintf(message, sizeof message, "%s", err->message);
    return ta__fail(err, r, "user_data.%s", message);
}

/* {"name": ..., "time": ...} for marker i; a name JSON cannot hold is refused. */
static ta_result marker_json(ta_clip_marker m, uint32_t i, json_t **out, ta_error *err)
{
    json_t *name = json_string(m.name);
    if (name == NULL) {
        /* json_string refuses text that is not UTF-8, and fails when memory runs out: tell them apart. */
        json_t *raw = json_stringn_nocheck(m.name, strlen(m.name));
        json_decref(raw);
        if (raw != NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "markers[%u].name: not UTF-8 text", i);
    }
    json_t *e = json_object();
    bool ok = name != NULL && e != NULL && json_object_set_new(e, "name", name) == 0;
    if (!ok) json_decref(name);
    ok = ok && json_object_set_new(e, "time", json_real(m.time.seconds)) == 0;
    if (!ok) {
        json_decref(e);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "markers[%u]: out of memory writing the marker", i);
    }
    *out = e;
    return TA_OK;
}

ta_result ta__user_data_to_json(const ta_clip *clip, json_t **out, ta_error *err)
{
    *out = NULL;
    const char *ud = ta_clip_user_data(clip);
    json_t *doc = NULL;
    ta_result r = ud != NULL ? parse_object(ud, &doc, err) : TA_OK;
    if (r != TA_OK) return r;
    uint32_t n = ta_clip_marker_count(clip);
    if (n == 0 && json_object_get(doc, "markers") == NULL) {
        /* Nothing to add: the text as it was given. */
        json_decref(doc);
        *out = json_string(ud != NULL ? ud : "{}");
        return *out != NULL ? TA_OK : ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "user_data: out of memory writing it");
    }
    /* "markers" is the clip's markers, whatever the text held under that key. */
    if (doc == NULL) doc = json_object();
    json_t *list = json_array();
    if (doc == NULL || list == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "user_data: out of memory writing it");
    if (r == TA_OK) json_object_del(doc, "markers");
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        json_t *e = NULL;
        r = marker_json(ta_clip_marker_at(clip, i), i, &e, err);
        if (r == TA_OK && json_array_append_new(list, e) != 0)
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "markers[%u]: out of memory writing the marker", i);
    }
    if (r == TA_OK && n > 0 && json_object_set(doc, "markers", list) != 0)
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "user_data: out of memory writing the markers");
    char *text = NULL;
    if (r == TA_OK) {
        text = json_dumps(doc, JSON_COMPACT | JSON_REAL_PRECISION(17));
        if (text == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "user_data: out of memory writing it");
    }
    if (r == TA_OK) {
        *out = json_string(text);
        if (*out == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "user_data: out of memory writing it");
    }
    free(text);
    json_decref(list);
    json_decref(doc);
    return r;
}
