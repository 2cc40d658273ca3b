/* A clip's markers: checked against its duration, copied and kept sorted by
 * time. See animation_markers.h. The JSON form they take in files is the
 * loaders' and writers' business (src/io). */
#include <math.h>
#include <stdint.h>

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
        if (t < 0 || t > duration)
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "markers[%u].time: %g s is outside the clip's [0, %g s]", i, t,
                            duration);
    }
    return TA_OK;
}

/* Insertion sort: stable (equal times keep their order), and marker lists are short. */
static void sort_by_time(ta_clip_marker *m, uint32_t n)
{
    for (uint32_t i = 1; i < n; ++i) {
        ta_clip_marker x = m[i];
        uint32_t j = i;
        while (j > 0 && m[j - 1].time.seconds > x.time.seconds) {
            m[j] = m[j - 1];
            --j;
        }
        m[j] = x;
    }
}

ta_result ta__clip_markers_make(const ta__mem *mem, const ta_clip_marker *markers, uint32_t count,
                                ta_clip_marker **out, ta_error *err)
{
    *out = NULL;
    if (count == 0) return TA_OK;
    ta_clip_marker *m = (ta_clip_marker *)ta__calloc(mem, count, sizeof *m);
    if (m == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u markers", count);
    for (uint32_t i = 0; i < count; ++i) {
        m[i].name = ta__strdup(mem, markers[i].name);
        m[i].time = markers[i].time;
        if (m[i].name == NULL) {
            ta__clip_markers_free(mem, m, count);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for marker %u", i);
        }
    }
    sort_by_time(m, count);
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
