/* A compressed clip's window: the clip of two keys a track a mixer plays, its
 * keys decoded from the compressed clip around each update's time. See
 * clip_compressed.h and threeanim/clip_compress.h. */
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "animation/slerp_constants.h"
#include "animation/track_internal.h"

static float time_of(const ta__cc_header *h, uint32_t s)
{
    return (float)ta__cc_time(h, s);
}

/* The cursor moved to segment g (s's, the r-th kept key's): where its kept keys start, their
 * bits, each component's bits, mask, least value and step. Out of the key read's line: once a
 * segment, and inlined it cost every key its registers (callgrind). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void cursor_segment(const ta__cc_track *t, ta__cc_cursor *c, uint32_t r, uint32_t s, uint32_t g)
{
    const unsigned char *seg = t->segments != NULL ? t->segments + TA__CC_SEG_BYTES * (size_t)g : NULL;
    if (seg != NULL) {
        float key[4];
        ta__cc_key_walk(t, r, s, &c->walk, key); /* the walk moved to s's segment */
        c->before = c->walk.before;
        c->bit = c->walk.bit;
        c->key_bits = (uint32_t)(seg[6] + seg[7] + seg[8]);
    } else {
        c->before = 0;
        c->bit = 0;
        c->key_bits = t->key_bits;
    }
    for (uint32_t k = 0; k < t->comps; ++k) {
        float min = t->min[k], extent = t->extent[k];
        if (seg != NULL) ta__cc_segment_range(t->min[k], t->extent[k], seg[k], seg[3 + k], &min, &extent);
        c->cbits[k] = seg != NULL ? seg[6 + k] : t->cbits[k];
        c->min[k] = min;
        /* ta__cc_dequantize's step; 0 bits: min + 0 * -0, min itself (even -0) */
        c->scale[k] = c->cbits[k] == 0 ? -0.0f : extent / (float)((1u << c->cbits[k]) - 1);
        c->qmask[k] = (1u << c->cbits[k]) - 1;
    }
    for (uint32_t k = 0; k < 3; ++k) {
        c->dmask[k] = (1u << t->rbits[k]) - 1;
        c->dsign[k] = t->rbits[k] > 0 ? 1u << (t->rbits[k] - 1) : 0;
    }
    c->seg = g + 1;
}

/* The r-th kept key's x y z (sample s's), as ta__cc_key_walk reads it: its segment's range and
 * steps worked out once a segment (the same operations: the same numbers); a PREDICTED track's
 * next key read on from the one before, the line and the difference as ta__cc_pred_read makes
 * them. */
static inline void cursor_key(const ta__cc_track *t, ta__cc_cursor *c, uint32_t r, uint32_t s, float out[4])
{
    if (t->bits == 32) {
        ta__cc_key_walk(t, r, s, &c->walk, out);
        return;
    }
    const uint32_t g = t->segments != NULL ? s / TA__CC_SEGMENT : 0;
    if (c->seg != g + 1) cursor_segment(t, c, r, s, g);
    if (t->every != 0) { /* PREDICTED: on from the key read last */
        ta__cc_pred *p = &c->pred;
        if (p->r + 1 != r || p->r == UINT32_MAX) {
            uint32_t q[4];
            ta__cc_pred_read(t, p, r, q);
            for (uint32_t k = 0; k < 3; ++k) out[k] = c->min[k] + (float)q[k] * c->scale[k];
            return;
        }
        const bool whole = (r & (t->every - 1)) < 2; /* a whole key, or a difference from the line */
        size_t bit = p->bit;
        for (uint32_t k = 0; k < 3; ++k) {
            const uint8_t nb = whole ? c->cbits[k] : t->rbits[k];
            uint32_t word = 0;
            if (nb > 0) memcpy(&word, t->keys + bit / 8, 4); /* 0 bits read nothing (they may sit at the end) */
            uint32_t q = (word >> (bit % 8)) & (whole ? c->qmask[k] : c->dmask[k]);
            if (!whole) q = (2u * p->q[1][k] - p->q[0][k] + ((q ^ c->dsign[k]) - c->dsign[k])) & c->qmask[k];
            bit += nb;
            p->q[0][k] = p->q[1][k];
            p->q[1][k] = q;
            out[k] = c->min[k] + (float)q * c->scale[k];
        }
        p->r = r;
        p->bit = bit;
        return;
    }
    size_t bit = c->bit + (size_t)(r - c->before) * c->key_bits;
    for (uint32_t k = 0; k < t->comps; ++k) {
        uint32_t word = 0;
        if (c->cbits[k] > 0) memcpy(&word, t->keys + bit / 8, 4); /* the block's tail keeps this inside; 0 bits read nothing */
        const uint32_t q = (word >> (bit % 8)) & c->qmask[k];
        bit += c->cbits[k];
        out[k] = c->min[k] + (float)q * c->scale[k];
    }
}

/* Each moving track's lane in the fused planes and slot in the plan's slerp constants, for the
 * step forward (step) to write them directly; the plan and fused copy they hold for named. */
static void map_lanes(const ta_clip *clip, ta__cc_window *w)
{
    const ta__clip_plan *p = clip->plan;
    const ta__clip_fused *f = clip->fused;
    for (uint32_t m = 0; m < w->moving; ++m) {
        const uint32_t i = w->index[m];
        w->lane[m] = w->slot[m] = UINT32_MAX;
        for (uint32_t k = 0; k < p->slerp_count; ++k)
            if (p->slerp[k] == i) w->slot[m] = k;
        if (f == NULL) continue;
        const uint32_t *track = w->tracks[m].kind == TA__CC_R ? f->rot_track : f->vec_track;
        const uint32_t lanes = w->tracks[m].kind == TA__CC_R ? f->rot_lanes : f->vec_lanes;
        for (uint32_t l = 0; l < lanes; ++l)
            if (track[l] == i) w->lane[m] = l;
    }
    w->mapped_plan = p;
    w->mapped_fused = f;
}

/* A kept key's x y z made its value (ta__cc_finish's numbers, without its call). */
static inline void finish_key(const ta__cc_track *t, const float v[4], float out[4])
{
    if (t->kind == TA__CC_R) {
        ta__cc_rotation(v, t->drop, out);
        return;
    }
    out[0] = v[0];
    out[1] = v[1];
    out[2] = v[2];
    out[3] = 0;
}

/* Whether sample s is kept, of a track that keeps a bitset (ta__cc_kept's bit). */
static inline bool kept_in(const unsigned char *bits, uint32_t s)
{
    return (bits[s / 8] >> (s % 8)) & 1;
}

/* Samples s to s + n - 1 of a moving track in order (4 floats each, as ta__cc_decode gives
 * them), from its cursor: the kept keys around a sample read only when the samples leave them
 * (on from the last one read; a first sample before them, or the first ever, starts again from
 * its rank). */
static void decode_run(const ta__cc_track *t, ta__cc_cursor *c, uint32_t samples, uint32_t s, uint32_t n, float *out)
{
    if (t->kept_bits == NULL) { /* every sample kept */
        for (uint32_t k = 0; k < n; ++k) {
            float v[4];
            cursor_key(t, c, s + k, s + k, v);
            finish_key(t, v, out + 4 * (size_t)k);
        }
        return;
    }
    if (s < c->i || c->r == UINT32_MAX) { /* back, or the first time: from its rank */
        uint32_t i = s;
        while (!kept_in(t->kept_bits, i)) i--;
        c->i = i;
        c->r = ta__cc_rank(t, i);
        float v[4];
        cursor_key(t, c, c->r, i, v);
        finish_key(t, v, c->a);
        c->j = i;
        memcpy(c->b, c->a, sizeof c->a);
    }
    for (uint32_t k = 0; k < n; ++k, ++s) {
        float *o = out + 4 * (size_t)k;
        while (s > c->j || c->j == c->i) { /* the next kept key (the last sample is always kept) */
            if (c->j == samples - 1) break;
            if (c->j != c->i) {
                c->i = c->j;
                c->r++;
                memcpy(c->a, c->b, sizeof c->a);
            }
            uint32_t j = c->i + 1;
            while (!kept_in(t->kept_bits, j)) j++;
            c->j = j;
            float v[4];
            cursor_key(t, c, c->r + 1, j, v);
            finish_key(t, v, c->b);
        }
        if (s == c->i || t->mode == TA__CC_STEP) {
            memcpy(o, c->a, sizeof c->a);
        } else if (s == c->j) {
            memcpy(o, c->b, sizeof c->b);
        } else {
            const float u = (float)(s - c->i) / (float)(c->j - c->i); /* i < s < j */
            if (t->kind == TA__CC_R)
                ta__cc_nlerp(c->a, c->b, u, o);
            else
                for (int x = 0; x < 4; ++x) o[x] = x < 3 ? c->a[x] + (c->b[x] - c->a[x]) * u : 0;
        }
    }
}

/* The window's keys made samples first to first + span, written where the mixer reads them: the
 * times of every track; each moving track's keys in its track and, in place, its lane of the fused
 * planes and, for a LINEAR rotation, its intervals' slerp constants in the plan and the fused
 * planes. The keys the old window shares with the new one (a step forward: its last key is the new
 * first) are moved down, in the planes a block at once (a constant's keys are all equal), and only
 * the others decoded, on from each track's cursor. Not in place (the clip's plan or fused copy is
 * not the one the lanes were mapped for): the tracks only, then the plan's and fused planes'
 * refills of the moving tracks. */
static void refill(const ta_clip *clip, const ta__cc_header *h, ta__cc_window *w, uint32_t first, bool in_place)
{
    const uint32_t span = w->span, keys = span + 1;
    const uint32_t d = w->first != UINT32_MAX && first > w->first && first - w->first <= span ? first - w->first : 0;
    const uint32_t kept = d > 0 ? keys - d : 0; /* keys d to span become 0 to kept - 1 */
    float times[TA__CC_SPAN + 1];
    for (uint32_t k = 0; k < keys; ++k) times[k] = time_of(h, first + k);
    if (keys == TA__CC_SPAN + 1) /* a copy of a known size: a few moves a track */
        for (uint32_t i = 0; i < h->tracks; ++i) memcpy(clip->tracks[i]->times, times, sizeof times);
    else
        for (uint32_t i = 0; i < h->tracks; ++i) memcpy(clip->tracks[i]->times, times, sizeof(float) * keys);
    const ta__clip_plan *p = clip->plan;
    ta__clip_fused *f = in_place ? clip->fused : NULL;
    ta__fused_group *gr = f != NULL ? &f->groups[0] : NULL;
    const size_t vl = gr != NULL ? gr->vec_lanes : 0, rl = gr != NULL ? gr->rot_lanes : 0;
    float *rot_const = gr != NULL ? gr->rot_const : NULL;
    if (kept > 0 && vl > 0) memmove(gr->vec, gr->vec + 3 * vl * d, sizeof(float) * 3 * vl * kept);
    if (kept > 0 && rl > 0) memmove(gr->rot, gr->rot + 4 * rl * d, sizeof(float) * 4 * rl * kept);
    if (kept > 1 && rl > 0 && rot_const != NULL) memmove(rot_const, rot_const + 2 * rl * d, sizeof(float) * 2 * rl * (kept - 1));
    for (uint32_t m = 0; m < w->moving; ++m) {
        const ta__cc_track *t = &w->tracks[m];
        float *values = clip->tracks[w->index[m]]->values;
        const uint32_t lane = gr != NULL ? w->lane[m] : UINT32_MAX;
        if (t->kind == TA__CC_R) { /* decoded in place: a key is 4 floats there too */
            if (kept > 0) memmove(values, values + 4 * (size_t)d, sizeof(float) * 4 * kept);
            decode_run(t, &w->cursor[m], h->samples, first + kept, keys - kept, values + 4 * (size_t)kept);
            if (lane != UINT32_MAX) {
                float *plane = gr->rot + 4 * rl * kept + lane;
                for (uint32_t k = kept; k < keys; ++k, plane += 4 * rl) {
                    const float *v = values + 4 * (size_t)k;
                    plane[0] = v[0];
                    plane[rl] = v[1];
                    plane[2 * rl] = v[2];
                    plane[3 * rl] = v[3];
                }
            }
        } else {
            float key[4 * (TA__CC_SPAN + 1)];
            decode_run(t, &w->cursor[m], h->samples, first + kept, keys - kept, key);
            if (kept > 0) memmove(values, values + 3 * (size_t)d, sizeof(float) * 3 * kept);
            for (uint32_t k = kept; k < keys; ++k) memcpy(values + 3 * (size_t)k, key + 4 * (size_t)(k - kept), sizeof(float) * 3);
            if (lane != UINT32_MAX) {
                float *plane = gr->vec + 3 * vl * kept + lane;
                for (uint32_t k = kept; k < keys; ++k, plane += 3 * vl) {
                    const float *v = key + 4 * (size_t)(k - kept);
                    plane[0] = v[0];
                    plane[vl] = v[1];
                    plane[2 * vl] = v[2];
                }
            }
        }
        if (!in_place || w->slot[m] == UINT32_MAX) continue;
        float *constants = (float *)(uintptr_t)p->slerp_constants[w->slot[m]]; /* the plan's own block */
        if (kept > 1) memmove(constants, constants + 2 * (size_t)d, sizeof(float) * 2 * (kept - 1));
        for (uint32_t k = kept > 0 ? kept - 1 : 0; k < span; ++k) { /* the intervals to a new key */
            float theta, kk;
            ta__slerp_constants_fast(values + 4 * (size_t)k, values + 4 * (size_t)k + 4, &theta, &kk);
            constants[2 * k] = theta;
            constants[2 * k + 1] = kk;
            if (lane != UINT32_MAX && rot_const != NULL) {
                rot_const[2 * k * rl + lane] = theta;
                rot_const[(2 * k + 1) * rl + lane] = kk;
            }
        }
    }
    if (!in_place) {
        ta__clip_plan_refill(clip, w->changes);
        ta__clip_fused_refill(clip, w->changes);
    }
}

/* The window's key intervals (ta__cc_window's span). */
static uint32_t span_of(const ta_compressed_clip *clip, const ta__cc_header *h)
{
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), h);
    if (h->times == NULL && h->offsets == NULL)
        for (uint32_t i = 0; i < h->tracks; ++i)
            if ((d[(size_t)TA__CC_TRACK * i + 2] >> 2 & 3) == TA__CC_STEP) return 1;
    return h->samples - 1 < TA__CC_SPAN ? h->samples - 1 : TA__CC_SPAN;
}

/* The window's own part: its moving tracks read once, their cursors, the refills' list. */
static ta_result make_window(ta_clip *out, const ta_compressed_clip *clip, const ta__cc_header *h, uint32_t span, ta_error *err)
{
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), h), *data = d + (size_t)TA__CC_TRACK * h->tracks;
    uint32_t moving = 0;
    for (uint32_t i = 0; i < h->tracks; ++i) {
        const uint8_t mode = d[(size_t)TA__CC_TRACK * i + 2] >> 2 & 3;
        moving += mode == TA__CC_LINEAR || mode == TA__CC_STEP;
    }
    const size_t bytes = sizeof(ta__cc_window) + (size_t)moving * (sizeof(ta__cc_track) + sizeof(ta__cc_cursor) + 3 * sizeof(uint32_t)) + h->tracks;
    unsigned char *block = (unsigned char *)ta__calloc(&out->mem, 1, bytes);
    if (block == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_window: out of memory");
    ta__cc_window *w = (ta__cc_window *)(void *)block;
    w->tracks = (ta__cc_track *)(void *)(w + 1);
    w->cursor = (ta__cc_cursor *)(void *)(w->tracks + moving);
    w->index = (uint32_t *)(void *)(w->cursor + moving);
    w->lane = w->index + moving;
    w->slot = w->lane + moving;
    w->changes = (uint8_t *)(w->slot + moving);
    w->bytes = bytes;
    w->source = clip;
    w->span = span;
    w->first = 0;
    w->header = *h;
    w->from = ta__cc_time(h, 0);
    w->to = ta__cc_time(h, span);
    for (uint32_t i = 0, m = 0; i < h->tracks; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h->samples, &t);
        data += t.data_bytes;
        if (t.mode != TA__CC_LINEAR && t.mode != TA__CC_STEP) continue;
        w->tracks[m] = t;
        w->cursor[m].r = UINT32_MAX;
        w->cursor[m].pred.r = UINT32_MAX;
        w->index[m++] = i;
        w->changes[i] = 1;
    }
    w->moving = moving;
    map_lanes(out, w);
    out->window = w;
    /* the first keys' constants again, as every refill makes them (its tracks share their
     * times: one fused group, which ta__clip_fused_refill takes) */
    out->slerp_fast = true;
    ta__clip_plan_refill(out, NULL);
    ta__clip_fused_refill(out, NULL);
    return TA_OK;
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
    const uint32_t span = span_of(clip, &h), keys = span + 1;
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_track **tracks = (ta_track **)ta__calloc(&mem, h.tracks, sizeof(ta_track *));
    if (tracks == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_window: out of memory");
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), &h), *data = d + (size_t)TA__CC_TRACK * h.tracks;
    static const ta_track_kind kinds[3] = {TA_TRACK_KIND_POSITION, TA_TRACK_KIND_QUATERNION, TA_TRACK_KIND_SCALE};
    float times[TA__CC_SPAN + 1];
    for (uint32_t k = 0; k < keys; ++k) times[k] = time_of(&h, k);
    uint32_t made = 0;
    for (; made < h.tracks && r == TA_OK; ++made, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h.samples, &t);
        data += t.data_bytes;
        const uint32_t size = t.kind == TA__CC_R ? 4 : 3;
        float values[4 * (TA__CC_SPAN + 1)], v[4];
        for (uint32_t k = 0; k < keys; ++k) {
            if (k == 0 || t.mode == TA__CC_LINEAR || t.mode == TA__CC_STEP) ta__cc_decode(&t, h.samples, k, v); /* a constant's once */
            memcpy(values + size * k, v, sizeof(float) * size);
        }
        ta_track_desc desc;
        memset(&desc, 0, sizeof desc);
        if ((r = ta_track_target_node(ta_node_at(t.node), kinds[t.kind], &desc.target, err)) != TA_OK) break;
        desc.interpolation = t.mode == TA__CC_STEP ? TA_INTERPOLATION_STEP : TA_INTERPOLATION_LINEAR;
        desc.times = times;
        desc.key_count = keys;
        desc.values = values;
        desc.value_count = size * keys;
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
    if (r == TA_OK && (r = make_window(out, clip, &h, span, err)) != TA_OK) {
        ta_clip_release(out);
        ta__free(&mem, tracks, sizeof(ta_track *) * h.tracks);
        return r;
    }
    if (r != TA_OK)
        for (uint32_t i = 0; i < made; ++i) ta_track_destroy(tracks[i]);
    ta__free(&mem, tracks, sizeof(ta_track *) * h.tracks);
    if (r == TA_OK) *out_clip = out;
    return r;
}

void ta__cc_window_seek(const ta_clip *clip, double time)
{
    ta__cc_window *w = clip->window;
    /* in [from, to), and not at `to` by ta__cc_interval's rule: one of the window's intervals */
    if (w == NULL || (time >= w->from && time < w->to && !ta__cc_at_next_key(&w->header, w->to, time))) return;
    const ta__cc_header h = w->header;
    uint32_t s0, s1;
    double alpha;
    ta__cc_interval(&h, time, &s0, &s1, &alpha);
    /* held before the first key or past the last: the interval at that end */
    const uint32_t s = s0 < h.samples - 1 ? s0 : h.samples - 2;
    if (w->first != UINT32_MAX && s >= w->first && s - w->first < w->span) return; /* its own: read clamped */
    const uint32_t last = h.samples - 1 - w->span, first = s < last ? s : last;
    const ta__clip_fused *f = clip->fused;
    refill(clip, &h, w, first,
           w->first != UINT32_MAX && w->mapped_plan == clip->plan && w->mapped_fused == f && (f == NULL || f->group_count == 1));
    w->first = first;
    w->from = ta__cc_time(&h, first);
    w->to = ta__cc_time(&h, first + w->span);
}
