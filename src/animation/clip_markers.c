/* A clip's markers: kept in its user data's "markers" key, so that the JSON
 * and glTF readers and writers carry them with no field of their own; read
 * into a sorted array when the clip is made. See animation_markers.h. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animation/clip_internal.h"
#include "threeanim/animation_markers.h"

void ta__clip_markers_free(const ta__mem *mem, ta__marker *markers, uint32_t count)
{
    if (markers == NULL) return;
    for (uint32_t i = 0; i < count; ++i) ta__free_str(mem, markers[i].name);
    ta__free(mem, markers, sizeof(ta__marker) * count);
}

static ta_result check_time(const char *where, uint32_t i, double t, double duration, ta_error *err)
{
    if (!isfinite(t)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s[%u].time: %g is not a finite number", where, i, t);
    if (t < 0 || t > duration)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s[%u].time: %g s is outside the clip's [0, %g s]", where, i, t,
                        duration);
    return TA_OK;
}

/* Insertion sort: stable (equal times keep their order), and marker lists are short. */
static void sort_by_time(ta__marker *m, uint32_t n)
{
    for (uint32_t i = 1; i < n; ++i) {
        ta__marker x = m[i];
        uint32_t j = i;
        while (j > 0 && m[j - 1].time > x.time) {
            m[j] = m[j - 1];
            --j;
        }
        m[j] = x;
    }
}

/* Copies names and times into a new sorted array. */
static ta_result make_list(const ta__mem *mem, const char *const *names, const double *times, uint32_t n,
                           ta__marker **out, ta_error *err)
{
    *out = NULL;
    if (n == 0) return TA_OK;
    ta__marker *m = (ta__marker *)ta__calloc(mem, n, sizeof *m);
    if (m == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u markers", n);
    for (uint32_t i = 0; i < n; ++i) {
        m[i].name = ta__strdup(mem, names[i]);
        m[i].time = times[i];
        if (m[i].name == NULL) {
            ta__clip_markers_free(mem, m, n);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for marker %u", i);
        }
    }
    sort_by_time(m, n);
    *out = m;
    return TA_OK;
}

ta_result ta__clip_markers_read(const ta__mem *mem, const char *user_data, double duration, ta__marker **out,
                                uint32_t *out_count, ta_error *err)
{
    *out = NULL;
    *out_count = 0;
    if (user_data == NULL) return TA_OK;
    json_t *doc = json_loads(user_data, 0, NULL);
    json_t *list = json_object_get(doc, "markers");
    ta_result r = TA_OK;
    if (list == NULL) goto done;
    if (!json_is_array(list)) {
        r = ta__fail(err, TA_ERROR_PARSE, "user_data.markers: not an array of {\"name\", \"time\"}");
        goto done;
    }
    size_t n = json_array_size(list);
    if (n > UINT32_MAX / 2) {
        r = ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "user_data.markers: %zu markers", n);
        goto done;
    }
    const char **names = (const char **)ta__calloc(mem, n ? n : 1, sizeof *names);
    double *times = (double *)ta__calloc(mem, n ? n : 1, sizeof *times);
    if (names == NULL || times == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %zu markers", n);
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        json_t *e = json_array_get(list, i);
        json_t *name = json_object_get(e, "name"), *time = json_object_get(e, "time");
        if (!json_is_string(name) || !json_is_number(time)) {
            r = ta__fail(err, TA_ERROR_PARSE, "user_data.markers[%zu]: not {\"name\": string, \"time\": number}", i);
            break;
        }
        names[i] = json_string_value(name);
        times[i] = json_number_value(time);
        r = check_time("user_data.markers", (uint32_t)i, times[i], duration, err);
    }
    if (r == TA_OK) {
        r = make_list(mem, names, times, (uint32_t)n, out, err);
        if (r == TA_OK) *out_count = (uint32_t)n;
    }
    ta__free(mem, names, sizeof *names * (n ? n : 1));
    ta__free(mem, times, sizeof *times * (n ? n : 1));
done:
    json_decref(doc);
    return r;
}

/* The user data with its "markers" key replaced (removed when count is 0). */
static ta_result new_user_data(const ta_clip *clip, const ta_clip_marker *markers, uint32_t count, char **out,
                               ta_error *err)
{
    json_t *doc = clip->user_data != NULL ? json_loads(clip->user_data, 0, NULL) : json_object();
    json_t *list = json_array();
    bool ok = doc != NULL && list != NULL;
    for (uint32_t i = 0; i < count && ok; ++i)
        ok = json_array_append_new(list, json_pack("{s:s, s:f}", "name", markers[i].name, "time",
                                                   markers[i].time.seconds)) == 0;
    if (ok) {
        if (count == 0)
            json_object_del(doc, "markers");
        else
            ok = json_object_set(doc, "markers", list) == 0;
    }
    /* An object left empty is no user data at all. */
    bool want_text = ok && json_object_size(doc) > 0;
    char *text = want_text ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(list);
    json_decref(doc);
    *out = NULL;
    if (!ok || (want_text && text == NULL))
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the markers into the user data");
    if (text != NULL) {
        *out = ta__strdup(&clip->mem, text);
        free(text);
        if (*out == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying the user data");
    }
    return TA_OK;
}

ta_result ta_clip_set_markers(ta_clip *clip, const ta_clip_marker *markers, uint32_t count, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    if (markers == NULL && count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "markers: NULL with count %u", count);
    for (uint32_t i = 0; i < count; ++i) {
        if (markers[i].name == NULL)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "markers[%u].name: NULL", i);
        ta_result r = check_time("markers", i, markers[i].time.seconds, clip->duration, err);
        if (r != TA_OK) return r;
    }
    if (ta__clip_refs(clip) != 1)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "clip \"%s\": held by an action or another reference; set markers before sharing it",
                        clip->name);
    const char **names = (const char **)ta__calloc(&clip->mem, count ? count : 1, sizeof *names);
    double *times = (double *)ta__calloc(&clip->mem, count ? count : 1, sizeof *times);
    ta_result r = names && times ? TA_OK : ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u markers", count);
    for (uint32_t i = 0; i < count && r == TA_OK; ++i) {
        names[i] = markers[i].name;
        times[i] = markers[i].time.seconds;
    }
    ta__marker *list = NULL;
    char *text = NULL;
    if (r == TA_OK) r = make_list(&clip->mem, names, times, count, &list, err);
    if (r == TA_OK) {
        r = new_user_data(clip, markers, count, &text, err);
        if (r != TA_OK) ta__clip_markers_free(&clip->mem, list, count);
    }
    ta__free(&clip->mem, names, sizeof *names * (count ? count : 1));
    ta__free(&clip->mem, times, sizeof *times * (count ? count : 1));
    if (r != TA_OK) return r;
    ta__clip_markers_free(&clip->mem, clip->markers, clip->marker_count);
    ta__free_str(&clip->mem, clip->user_data);
    clip->markers = list;
    clip->marker_count = count;
    clip->user_data = text;
    return TA_OK;
}

uint32_t ta_clip_marker_count(const ta_clip *clip) { return clip != NULL ? clip->marker_count : 0; }

ta_clip_marker ta_clip_marker_at(const ta_clip *clip, uint32_t index)
{
    ta_clip_marker m = {NULL, {0.0}};
    if (clip == NULL || index >= clip->marker_count) return m;
    m.name = clip->markers[index].name;
    m.time = ta_seconds(clip->markers[index].time);
    return m;
}
