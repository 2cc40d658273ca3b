/* A compressed clip's window: the clip of two keys a track a mixer plays, its
 * keys decoded from the compressed clip around each update's time. See
 * clip_compressed.h and threeanim/clip_compress.h. */
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "animation/track_internal.h"

static float time_of(const ta__cc_header *h, uint32_t s)
{
    return (float)ta__cc_time(h, s);
}

/* Keys first and first + 1 of every track into the window's tracks, in track order. A constant's
 * keys never change; a step forward keeps the old second key as the new first. */
static void fill(const ta_clip *clip, const ta__cc_header *h, const unsigned char *block, uint32_t first, uint32_t was)
{
    const unsigned char *d = ta__cc_tracks_at(block, h), *data = d + (size_t)TA__CC_TRACK * h->tracks;
    const bool forward = was != UINT32_MAX && first == was + 1;
    for (uint32_t i = 0; i < h->tracks; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h->samples, &t);
        data += t.data_bytes;
        ta_track *tr = clip->tracks[i];
        tr->times[0] = time_of(h, first);
        tr->times[1] = time_of(h, first + 1);
        if (t.mode != TA__CC_LINEAR && t.mode != TA__CC_STEP) continue;
        const uint32_t size = t.kind == TA__CC_R ? 4 : 3;
        float v[4];
        if (forward) {
            memcpy(tr->values, tr->values + size, sizeof(float) * size);
        } else {
            ta__cc_decode(&t, h->samples, first, v);
            memcpy(tr->values, v, sizeof(float) * size);
        }
        ta__cc_decode(&t, h->samples, first + 1, v);
        memcpy(tr->values + size, v, sizeof(float) * size);
    }
}

ta_result ta_compressed_clip_window(const ta_compressed_clip *clip, const ta_allocator *allocator, ta_clip **out_clip,
                                    ta_error *err)
{
    if (clip == NULL || out_clip == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_window: %s is NULL", clip == NULL ? "clip" : "out_clip");
    *out_clip = NULL;
    ta__cc_header h;
    ta__cc_read_header(ta__cc_block(clip), &h);
    if (h.samples < 2)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_window: clip: %u key time, a window needs two", h.samples);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_track **tracks = (ta_track **)ta__calloc(&mem, h.tracks, sizeof(ta_track *));
    if (tracks == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_window: out of memory");
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), &h), *data = d + (size_t)TA__CC_TRACK * h.tracks;
    static const ta_track_kind kinds[3] = {TA_TRACK_KIND_POSITION, TA_TRACK_KIND_QUATERNION, TA_TRACK_KIND_SCALE};
    uint32_t made = 0;
    for (; made < h.tracks && r == TA_OK; ++made, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h.samples, &t);
        data += t.data_bytes;
        float times[2] = {time_of(&h, 0), time_of(&h, 1)}, values[8];
        ta__cc_decode(&t, h.samples, 0, values);
        ta__cc_decode(&t, h.samples, 1, values + (t.kind == TA__CC_R ? 4 : 3));
        ta_track_desc desc;
        memset(&desc, 0, sizeof desc);
        if ((r = ta_track_target_node(ta_node_at(t.node), kinds[t.kind], &desc.target, err)) != TA_OK) break;
        desc.interpolation = t.mode == TA__CC_STEP ? TA_INTERPOLATION_STEP : TA_INTERPOLATION_LINEAR;
        desc.times = times;
        desc.key_count = 2;
        desc.values = values;
        desc.value_count = t.kind == TA__CC_R ? 8 : 6;
        r = ta_track_create(&desc, allocator, &tracks[made], err);
    }
    ta_clip *out = NULL;
    if (r == TA_OK) {
        ta_clip_options o;
        memset(&o, 0, sizeof o);
        o.allocator = allocator;
        o.duration = h.duration > 0 ? h.duration : 0;
        r = ta_clip_create("compressed", tracks, h.tracks, &o, &out, err);
    }
    if (r == TA_OK) {
        out->window = (ta__cc_window *)ta__calloc(&out->mem, 1, sizeof *out->window);
        if (out->window == NULL) {
            ta_clip_release(out);
            ta__free(&mem, tracks, sizeof(ta_track *) * h.tracks);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_window: out of memory");
        }
        out->window->source = clip;
        out->window->first = 0;
    } else {
        for (uint32_t i = 0; i < made; ++i) ta_track_destroy(tracks[i]);
    }
    ta__free(&mem, tracks, sizeof(ta_track *) * h.tracks);
    if (r == TA_OK) *out_clip = out;
    return r;
}

void ta__cc_window_seek(const ta_clip *clip, double time)
{
    ta__cc_window *w = clip->window;
    if (w == NULL) return;
    ta__cc_header h;
    ta__cc_read_header(ta__cc_block(w->source), &h);
    uint32_t s0, s1;
    double alpha;
    ta__cc_interval(&h, time, &s0, &s1, &alpha);
    /* held before the first key or past the last: the interval at that end, read clamped */
    uint32_t first = s0 < h.samples - 1 ? s0 : h.samples - 2;
    if (first == w->first) return;
    fill(clip, &h, ta__cc_block(w->source), first, w->first);
    ta__clip_plan_refill(clip);
    ta__clip_fused_refill(clip);
    w->first = first;
}
