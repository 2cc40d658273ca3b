/* A clip's markers: kept in its user data's "markers" key, so that the JSON
 * and glTF readers and writers carry them with no field of their own; read
 * into a sorted array when the clip is made. See animation_markers.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animation/clip_internal.h"
#include "core/json_text.h"
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
    ta__json_span list;
    if (!ta__json_text_get(user_data, ta__json_text_root(user_data), "markers", &list)) return TA_OK;
    if (ta__json_text_kind(user_data, list) != '[')
        return ta__fail(err, TA_ERROR_PARSE, "user_data.markers: not an array of {\"name\", \"time\"}");
    size_t n = 0, cursor = 0;
    ta__json_span item;
    while (ta__json_text_next_item(user_data, list, &cursor, &item)) ++n;
    if (n > UINT32_MAX / 2) return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "user_data.markers: %zu markers", n);
    char **names = (char **)ta__calloc(mem, n ? n : 1, sizeof *names);
    double *times = (double *)ta__calloc(mem, n ? n : 1, sizeof *times);
    ta_result r = TA_OK;
    if (names == NULL || times == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %zu markers", n);
    cursor = 0;
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        ta__json_text_next_item(user_data, list, &cursor, &item);
        ta__json_span name, time;
        if (!ta__json_text_get(user_data, item, "name", &name) || !ta__json_text_get(user_data, item, "time", &time) ||
            ta__json_text_kind(user_data, name) != '"' || ta__json_text_kind(user_data, time) != '0') {
            r = ta__fail(err, TA_ERROR_PARSE, "user_data.markers[%zu]: not {\"name\": string, \"time\": number}", i);
            break;
        }
        names[i] = ta__json_text_string_dup(mem, user_data, name);
        if (names[i] == NULL) {
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for marker %zu", i);
            break;
        }
        times[i] = ta__json_text_number(user_data, time);
        r = check_time("user_data.markers", (uint32_t)i, times[i], duration, err);
    }
    if (r == TA_OK) {
        r = make_list(mem, (const char *const *)names, times, (uint32_t)n, out, err);
        if (r == TA_OK) *out_count = (uint32_t)n;
    }
    if (names != NULL)
        for (size_t i = 0; i < n; ++i) ta__free_str(mem, names[i]);
    ta__free(mem, names, sizeof *names * (n ? n : 1));
    ta__free(mem, times, sizeof *times * (n ? n : 1));
    return r;
}

static void write_markers(ta__json_out *o, const ta_clip_marker *markers, uint32_t count)
{
    static const char head[] = "\"markers\":[", name[] = "{\"name\":", time[] = ",\"time\":";
    ta__json_out_raw(o, head, sizeof head - 1);
    for (uint32_t i = 0; i < count; ++i) {
        if (i > 0) ta__json_out_raw(o, ",", 1);
        ta__json_out_raw(o, name, sizeof name - 1);
        ta__json_out_string(o, markers[i].name);
        ta__json_out_raw(o, time, sizeof time - 1);
        ta__json_out_real(o, markers[i].time.seconds);
        ta__json_out_raw(o, "}", 1);
    }
    ta__json_out_raw(o, "]", 1);
}

/* The user data with its "markers" key replaced (removed when count is 0),
 * written compact: the other keys keep their order, the markers take the
 * old key's place or come last. An object left empty is no user data at all. */
static ta_result new_user_data(const ta_clip *clip, const ta_clip_marker *markers, uint32_t count, char **out,
                               ta_error *err)
{
    *out = NULL;
    const char *old = clip->user_data;
    ta__json_out o = {&clip->mem, NULL, 0, 0, false};
    bool written = false, any = false;
    ta__json_out_raw(&o, "{", 1);
    ta__json_span root = old != NULL ? ta__json_text_root(old) : (ta__json_span){0, 0};
    size_t cursor = 0;
    ta__json_span k, v;
    while (old != NULL && ta__json_text_next_member(old, root, &cursor, &k, &v)) {
        if (ta__json_text_key_repeats_earlier(old, root, k)) continue;
        bool is_markers = ta__json_text_string_is(old, k, "markers");
        if (is_markers && count == 0) continue;
        if (any) ta__json_out_raw(&o, ",", 1);
        any = true;
        if (is_markers) {
            write_markers(&o, markers, count);
            written = true;
        } else {
            ta__json_out_member(&o, old, root, k);
        }
    }
    if (count > 0 && !written) {
        if (any) ta__json_out_raw(&o, ",", 1);
        write_markers(&o, markers, count);
        any = true;
    }
    ta__json_out_raw(&o, "}", 1);
    bool names_ok = true;
    for (uint32_t i = 0; i < count; ++i) names_ok = names_ok && ta__json_text_utf8_valid(markers[i].name);
    if (!any || !names_ok || o.failed) {
        bool failed = o.failed || !names_ok;
        ta__json_out_drop(&o);
        if (failed) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the markers into the user data");
        return TA_OK;
    }
    *out = ta__json_out_take(&o);
    if (*out == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying the user data");
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
