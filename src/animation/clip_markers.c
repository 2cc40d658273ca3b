/* A clip's markers: checked against its duration, copied and kept sorted by
 * time. See animation_markers.h. The JSON form they take in files is the
 * loaders' and writers' business (src/io). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "animation/clip_internal.h"
#include "threeanim/animation_markers.h"

/* Past it the byte count of the list could overflow on a 32-bit size_t. */
#define MAX_MARKERS (UINT32_MAX / 2)

void ta__clip_markers_free(const ta__mem *mem, ta_clip_marker *markers, uint32_t count)
{
    if (markers == NULL) return;
    /* The names were copied in by make_list, so they are the clip's to free. */
    for (uint32_t i = 0; i < count; ++i) ta__free_str(mem, (char *)(uintptr_t)markers[i].name);
    ta__free(mem, markers, sizeof(ta_clip_marker) * count);
}

/* Whether t is past the clip's end, in the clip's own time, float32: keys at
 * 0.35 and 0.7 make a clip of 0.699999988 s, and a marker written 0.7 is on
 * its last key. (The mixer reads such a marker at the end: marker_events.c.) */
static bool past_end(double t, double duration)
{
    if (t <= duration) return false;
    float ft = (float)t;
    return !(isfinite(ft) && ft == (float)duration);
}

ta_result ta__clip_markers_check(const ta_clip_marker *markers, uint32_t count, double duration, ta_error *err)
{
    if (count > MAX_MARKERS)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "markers: %u markers, more than the %u a clip holds", count,
                        MAX_MARKERS);
    if (markers == NULL && count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "markers: NULL with count %u", count);
    for (uint32_t i = 0; i < count; ++i) {
        double t = markers[i].time.seconds;
        if (markers[i].name == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "markers[%u].name: NULL", i);
        if (!isfinite(t))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "markers[%u].time: %g is not a finite number", i, t);
        if (t < 0 || past_end(t, duration))
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "markers[%u].time: %.9g s is outside the clip's [0, %.9g s]", i, t,
                            duration);
    }
    return TA_OK;
}

/* Merges the sorted runs a[lo, mid) and a[mid, hi) into to[lo, hi), the
 * left run first at equal times: that keeps the sort stable. */
static void merge(const ta_clip_marker *a, ta_clip_marker *to, uint32_t lo, uint32_t mid, uint32_t hi)
{
    uint32_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) to[k++] = a[j].time.seconds < a[i].time.seconds ? a[j++] : a[i++];
    while (i < mid) to[k++] = a[i++];
    while (j < hi) to[k++] = a[j++];
}

/* Sorts m by time, stably (equal times keep their order), in O(n log n): a
 * file may hold a million markers in any order. scratch holds n. Returns the
 * list the result is in, m or scratch. */
static ta_clip_marker *sort_by_time(ta_clip_marker *m, ta_clip_marker *scratch, uint32_t n)
{
    ta_clip_marker *from = m, *to = scratch;
    for (uint64_t width = 1; width < n; width *= 2) {
        for (uint64_t lo = 0; lo < n; lo += 2 * width) {
            uint64_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            merge(from, to, (uint32_t)lo, (uint32_t)mid, (uint32_t)hi);
        }
        ta_clip_marker *t = from;
        from = to;
        to = t;
    }
    return from;
}

static bool sorted_by_time(const ta_clip_marker *m, uint32_t n)
{
    for (uint32_t i = 1; i < n; ++i)
        if (m[i].time.seconds < m[i - 1].time.seconds) return false;
    return true;
}

ta_result ta__clip_markers_make(const ta__mem *mem, const ta_clip_marker *markers, uint32_t count,
                                ta_clip_marker **out, ta_error *err)
{
    *out = NULL;
    if (count == 0) return TA_OK;
    /* The sort's room first, so that running out of memory frees no names. */
    bool in_order = sorted_by_time(markers, count);
    ta_clip_marker *m = (ta_clip_marker *)ta__calloc(mem, count, sizeof *m);
    ta_clip_marker *scratch = in_order ? NULL : (ta_clip_marker *)ta__calloc(mem, count, sizeof *scratch);
    if (m == NULL || (!in_order && scratch == NULL)) {
        ta__free(mem, m, sizeof *m * count);
        ta__free(mem, scratch, sizeof *scratch * count);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u markers", count);
    }
    for (uint32_t i = 0; i < count; ++i) {
        m[i].name = ta__strdup(mem, markers[i].name);
        m[i].time = markers[i].time;
        if (m[i].name == NULL) {
            ta__clip_markers_free(mem, m, count);
            ta__free(mem, scratch, sizeof *scratch * count);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for marker %u", i);
        }
    }
    if (!in_order) {
        ta_clip_marker *sorted = sort_by_time(m, scratch, count);
        if (sorted != m) memcpy(m, sorted, sizeof *m * count);
        ta__free(mem, scratch, sizeof *scratch * count);
    }
    *out = m;
    return TA_OK;
}

ta_result ta_clip_set_markers(ta_clip *clip, const ta_clip_marker *markers, uint32_t count, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    ta_result r = ta__clip_markers_check(markers, count, clip->duration, err);
    if (r != TA_OK) return r;
    if (ta__clip_refs(clip) != 1)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "clip \"%s\": held by an action or another reference; set markers before sharing it",
                        clip->name);
    ta_clip_marker *list = NULL;
    r = ta__clip_markers_make(&clip->mem, markers, count, &list, err);
    if (r != TA_OK) return r;
    ta__clip_markers_free(&clip->mem, clip->markers, clip->marker_count);
    clip->markers = list;
    clip->marker_count = count;
    return TA_OK;
}

uint32_t ta_clip_marker_count(const ta_clip *clip) { return clip != NULL ? clip->marker_count : 0; }

ta_clip_marker ta_clip_marker_at(const ta_clip *clip, uint32_t index)
{
    ta_clip_marker m = {NULL, {0.0}};
    if (clip == NULL || index >= clip->marker_count) return m;
    return clip->markers[index];
}

const ta_clip_marker *ta_clip_markers(const ta_clip *clip) { return clip != NULL ? clip->markers : NULL; }
