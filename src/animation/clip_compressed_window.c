/* A compressed clip's window: the clip of two keys a track a mixer plays, its
 * keys decoded from the compressed clip around each update's time. See
 * clip_compressed.h and threeanim/clip_compress.h. */
#include <math.h>
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/fused_kernels.h"
#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "animation/slerp_constants.h"
#include "animation/track_internal.h"

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

/* Whether a moving track's keys go to its rotation lane as read (x y z, or x y z w) and are
 * made whole there, all lanes at once (rot_finish): a rotation whose every sample is kept, in
 * quantized numbers, with a lane. The others are decoded whole, a track at a time. */
static bool raw_rotation(const ta__cc_track *t, uint32_t lane)
{
    return t->kind == TA__CC_R && t->kept_bits == NULL && t->bits != 32 && lane != UINT32_MAX;
}

/* Whether a moving track is a reduced LINEAR rotation with a lane: its samples between two kept
 * keys mixed, their normalisation left to rot_finish when it runs. */
static bool mixed_rotation(const ta__cc_track *t, uint32_t lane)
{
    return t->kind == TA__CC_R && t->kept_bits != NULL && t->mode == TA__CC_LINEAR && lane != UINT32_MAX;
}

/* uint32_t (and float) words a lane's reads keep: off bit every active, 3 each of cbits rbits
 * qmask dmask dsign q step, 3 each of min and scale */
enum { TA__CC_LANE_WORDS = 4 + 7 * 3 + 2 * 3 };

/* Whether a raw rotation is read in lanes (cc_keys): three components over one range. */
static bool lane_read(const ta__cc_track *t, uint32_t lane)
{
    return raw_rotation(t, lane) && t->comps == 3 && t->segments == NULL;
}

/* Lane l of the lane reads made track t's (nothing read: all zero, inactive). */
static void lane_setup(ta__cc_lanes *st, uint32_t l, const ta__cc_track *t, const unsigned char *block)
{
    const uint32_t n = st->n;
    st->active[l] = t != NULL;
    st->off[l] = t != NULL ? (uint32_t)(t->keys - block) : 0;
    st->bit[l] = 0;
    st->every[l] = t != NULL && t->every != 0 ? t->every - 1 : 0;
    for (uint32_t c = 0; c < 3; ++c) {
        const size_t j = (size_t)c * n + l;
        const uint32_t cb = t != NULL ? t->cbits[c] : 0, rb = t != NULL && t->every != 0 ? t->rbits[c] : 0;
        st->cbits[j] = cb;
        st->rbits[j] = rb;
        st->qmask[j] = (1u << cb) - 1;
        st->dmask[j] = (1u << rb) - 1;
        st->dsign[j] = rb > 0 ? 1u << (rb - 1) : 0;
        st->q[j] = st->step[j] = 0;
        /* cursor_segment's numbers for a track of one range */
        st->min[j] = t != NULL ? t->min[c] : 0;
        st->scale[j] = t == NULL || cb == 0 ? -0.0f : t->extent[c] / (float)((1u << cb) - 1);
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
    /* the lane kernels take the lanes up to the last moving rotation's: the window's moving
     * tracks come first (ta_compressed_clip_window), so its constants' lanes are past them */
    uint32_t raw = 0, turning = 0, mixed = 0, used = 0;
    for (uint32_t m = 0; m < w->moving; ++m) {
        raw += raw_rotation(&w->tracks[m], w->lane[m]);
        mixed += mixed_rotation(&w->tracks[m], w->lane[m]);
        if (w->tracks[m].kind != TA__CC_R || w->lane[m] == UINT32_MAX) continue;
        turning++;
        if (w->lane[m] + 1 > used) used = w->lane[m] + 1;
    }
    /* whole vectors of 16 (the planes' padding): a loop's tail goes lane by lane */
    w->rot_last = used;
    used = (used + 15) / 16 * 16;
    if (f != NULL && f->group_count == 1 && used > f->groups[0].rot_lanes) used = f->groups[0].rot_lanes;
    w->rot_used = used;
    /* rot_constants takes every lane of those: worth it from a quarter of them */
    w->lane_constants = f != NULL && f->group_count == 1 && used > 0 && 4 * turning >= used;
    /* rot_finish takes every lane of those: worth it when the rotations it makes whole (raw, or a
     * reduced one's mixes) are half of them or more (the Fox's Survey: 2 raw and 16 reduced of 18) */
    w->raw_mapped = f != NULL && w->rot_drop != NULL && f->group_count == 1 && f->groups[0].rot_lanes <= w->rot_drop_count &&
                    used > 0 && 2 * (raw + mixed) >= used;
    w->mixed = w->raw_mapped ? mixed : 0;
    w->lane_reads = 0;
    if (w->raw_mapped) {
        const unsigned char *block = ta__cc_block(w->source);
        const uint32_t rl = w->rot_drop_count;
        w->lanes.keys = block;
        w->lanes.n = used;
        for (uint32_t l = 0; l < rl * (TA__CC_SPAN + 1); ++l) w->rot_drop[l] = TA__CC_KEEP;
        for (uint32_t l = 0; l < w->lanes.n; ++l) lane_setup(&w->lanes, l, NULL, block);
        uint32_t reads = 0;
        for (uint32_t m = 0; m < w->moving; ++m) {
            if (raw_rotation(&w->tracks[m], w->lane[m]))
                for (uint32_t k = 0; k <= TA__CC_SPAN; ++k) w->rot_drop[k * rl + w->lane[m]] = w->tracks[m].drop;
            reads += lane_read(&w->tracks[m], w->lane[m]);
        }
        /* cc_keys reads every lane too: from a fifth of them (the Survey compressed with
         * `smallest`, whose 2 of 32 were slower read in lanes, has 7) */
        for (uint32_t m = 0; 5 * reads >= w->lanes.n && m < w->moving; ++m)
            if (lane_read(&w->tracks[m], w->lane[m])) {
                lane_setup(&w->lanes, w->lane[m], &w->tracks[m], block);
                w->lane_reads++;
            }
        /* the drops stay as set here unless a reduced rotation's mixes write TA__CC_ALL */
        w->drop_three = w->mixed == 0;
        for (uint32_t l = 0; w->drop_three && l < rl * (TA__CC_SPAN + 1); ++l) w->drop_three = w->rot_drop[l] != TA__CC_ALL;
    }
    /* a refill in place: the tracks decoded one by one first, then those the lanes read */
    w->order_decoded = 0;
    for (uint32_t pass = 0, j = 0; pass < 2; ++pass)
        for (uint32_t m = 0; m < w->moving; ++m) {
            const bool lanes = w->lane_reads > 0 && lane_read(&w->tracks[m], w->lane[m]);
            if (lanes != (pass == 1)) continue;
            w->order[j++] = m;
            w->order_decoded += !lanes;
        }
    w->lanes_at = UINT32_MAX;
    w->mapped_plan = p;
    w->mapped_fused = f;
}

/* ta__cc_window's keep_from and keep_below for its keys from w->first. */
static void keep_bounds(ta__cc_window *w)
{
    const ta__cc_header *h = &w->header;
    const bool grid = h->times == NULL && h->offsets == NULL;
    w->keep_from = w->first == 0 ? -INFINITY : w->from; /* before the first key: held at it */
    w->keep_below = w->first + w->span >= h->samples - 1 ? INFINITY /* past the last: held at it */
                    : grid                                 ? w->to - 8e-7 * fmax(1, fabs(w->to))
                                                           : w->to;
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

/* Keys r to r + n - 1 of a plain track (not PREDICTED, not float32), all in the segment the
 * cursor holds: cursor_key's reads, one after another, their x y z (w) to out, 4 floats a key.
 * comps is the track's, a constant where inlined: the loop over components unrolled. */
static inline void read_plain(const unsigned char *keys, const ta__cc_cursor *c, uint32_t comps, uint32_t r, uint32_t n, float *out)
{
    /* the cursor's numbers in locals: out may alias them as far as the compiler knows */
    uint32_t cbits[4], qmask[4];
    float min[4], scale[4];
    for (uint32_t x = 0; x < comps; ++x) {
        cbits[x] = c->cbits[x];
        qmask[x] = c->qmask[x];
        min[x] = c->min[x];
        scale[x] = c->scale[x];
    }
    size_t bit = c->bit + (size_t)(r - c->before) * c->key_bits;
    for (uint32_t k = 0; k < n; ++k, out += 4)
        for (uint32_t x = 0; x < comps; ++x) {
            uint32_t word = 0;
            if (cbits[x] > 0) memcpy(&word, keys + bit / 8, 4); /* the block's tail keeps this inside; 0 bits read nothing */
            const uint32_t q = (word >> (bit % 8)) & qmask[x];
            bit += cbits[x];
            out[x] = min[x] + (float)q * scale[x];
        }
}

/* Keys r to r + n - 1 of a PREDICTED track, in the segment the cursor holds: cursor_key's reads,
 * one after another (the first from ta__cc_pred_read when the reading stands elsewhere). The
 * line 2 q1 - q0 is carried as q1 plus the step q1 - q0, each modulo 2^32: the same numbers
 * modulo 2^bits, which is all the mask keeps. */
static void read_predicted(const ta__cc_track *t, ta__cc_cursor *c, uint32_t r, uint32_t n, float *out)
{
    ta__cc_pred *p = &c->pred;
    uint32_t k = 0;
    if (p->r + 1 != r || p->r == UINT32_MAX) {
        uint32_t q[4];
        ta__cc_pred_read(t, p, r, q);
        for (uint32_t x = 0; x < 3; ++x) out[x] = c->min[x] + (float)q[x] * c->scale[x];
        k = 1;
        out += 4;
    }
    uint32_t q[3], step[3], cbits[3], rbits[3], qmask[3], dmask[3], dsign[3];
    float min[3], scale[3];
    for (uint32_t x = 0; x < 3; ++x) {
        q[x] = p->q[1][x];
        step[x] = p->q[1][x] - p->q[0][x];
        cbits[x] = c->cbits[x];
        rbits[x] = t->rbits[x];
        qmask[x] = c->qmask[x];
        dmask[x] = c->dmask[x];
        dsign[x] = c->dsign[x];
        min[x] = c->min[x];
        scale[x] = c->scale[x];
    }
    const unsigned char *keys = t->keys;
    size_t bit = p->bit;
    const uint32_t mask = t->every - 1;
    for (; k < n; ++k, out += 4) {
        if (((r + k) & mask) < 2) { /* a whole key */
            for (uint32_t x = 0; x < 3; ++x) {
                uint32_t word = 0;
                if (cbits[x] > 0) memcpy(&word, keys + bit / 8, 4); /* 0 bits read nothing (they may sit at the end) */
                const uint32_t v = (word >> (bit % 8)) & qmask[x];
                bit += cbits[x];
                step[x] = v - q[x];
                q[x] = v;
                out[x] = min[x] + (float)v * scale[x];
            }
        } else { /* a difference from the line */
            for (uint32_t x = 0; x < 3; ++x) {
                uint32_t word = 0;
                if (rbits[x] > 0) memcpy(&word, keys + bit / 8, 4);
                const uint32_t d = (word >> (bit % 8)) & dmask[x];
                bit += rbits[x];
                step[x] += (d ^ dsign[x]) - dsign[x];
                const uint32_t v = (q[x] + step[x]) & qmask[x];
                step[x] = v - q[x];
                q[x] = v;
                out[x] = min[x] + (float)v * scale[x];
            }
        }
    }
    for (uint32_t x = 0; x < 3; ++x) {
        p->q[0][x] = (q[x] - step[x]) & qmask[x];
        p->q[1][x] = q[x];
    }
    p->r = r + n - 1;
    p->bit = bit;
}

/* n kept keys' x y z (w), 4 floats each, made rotations in place as ta__cc_rotation makes them;
 * inlined with drop a constant, so that the loop has no selects on it. */
static inline void finish_rotations(float *v, uint32_t n, uint8_t drop)
{
    for (uint32_t k = 0; k < n; ++k, v += 4) ta__cc_rotation(v, drop, v); /* in place: it reads all before it writes */
}

/* Samples s to s + n - 1 of a track that keeps every sample (the r-th kept key is sample r), as
 * cursor_key reads them one by one: a segment at a time (read_kept: as read, x y z or x y z w),
 * then made values (decode_kept: finish_key's numbers). The branches on the track's form taken
 * once a run, not once a key. */
static void read_kept(const ta__cc_track *t, ta__cc_cursor *c, uint32_t s, uint32_t n, float *out)
{
    for (uint32_t done = 0; done < n;) {
        const uint32_t at = s + done, g = t->segments != NULL ? at / TA__CC_SEGMENT : 0;
        uint32_t m = n - done;
        if (t->segments != NULL && (g + 1) * TA__CC_SEGMENT - at < m) m = (g + 1) * TA__CC_SEGMENT - at;
        if (c->seg != g + 1) cursor_segment(t, c, at, at, g);
        float *o = out + 4 * (size_t)done;
        if (t->every != 0)
            read_predicted(t, c, at, m, o);
        else if (t->comps == 3)
            read_plain(t->keys, c, 3, at, m, o);
        else
            read_plain(t->keys, c, 4, at, m, o);
        done += m;
    }
}

static void decode_kept(const ta__cc_track *t, ta__cc_cursor *c, uint32_t s, uint32_t n, float *out)
{
    if (t->bits == 32) {
        for (uint32_t k = 0; k < n; ++k) {
            float v[4];
            ta__cc_key_walk(t, s + k, s + k, &c->walk, v);
            finish_key(t, v, out + 4 * (size_t)k);
        }
        return;
    }
    read_kept(t, c, s, n, out);
    if (t->kind != TA__CC_R) {
        for (uint32_t k = 0; k < n; ++k) out[4 * k + 3] = 0;
        return;
    }
    switch (t->drop) { /* the dropped component a constant in each loop */
    case 0: finish_rotations(out, n, 0); break;
    case 1: finish_rotations(out, n, 1); break;
    case 2: finish_rotations(out, n, 2); break;
    case 3: finish_rotations(out, n, 3); break;
    default: finish_rotations(out, n, TA__CC_ALL); break;
    }
}

/* Whether sample s is kept, of a track that keeps a bitset (ta__cc_kept's bit). */
static inline bool kept_in(const unsigned char *bits, uint32_t s)
{
    return (bits[s / 8] >> (s % 8)) & 1;
}

/* Where a reduced rotation's samples go when rot_finish makes its mixes unit: its lane of the
 * fused rotation planes (a component `lanes` floats apart, a key 4 * lanes), and its column of
 * the window's drops (a key `drops` apart). */
typedef struct lane_out {
    float *plane;
    size_t lanes;
    uint32_t *drop;
    size_t drops;
} lane_out;

/* Samples s to s + n - 1 of a moving track in order (4 floats each, as ta__cc_decode gives
 * them), from its cursor: the kept keys around a sample read only when the samples leave them
 * (on from the last one read; a first sample before them, or the first ever, starts again from
 * its rank). With lo (a reduced LINEAR rotation with a lane, rot_finish to run): to its lane
 * instead of out, each mix between two kept keys left to be made unit (drop TA__CC_ALL: the
 * normalisation of ta__cc_nlerp_at, whose mix is made here), the others as they are (TA__CC_KEEP).
 * The cursor's numbers in locals for the loop (out may alias them as far as the compiler knows). */
static void decode_run(const ta__cc_track *t, ta__cc_cursor *c, uint32_t samples, uint32_t s, uint32_t n, float *out,
                       const lane_out *lo)
{
    if (t->kept_bits == NULL) { /* every sample kept */
        decode_kept(t, c, s, n, out);
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
    const bool rotation = t->kind == TA__CC_R, step = t->mode == TA__CC_STEP;
    const unsigned char *bits = t->kept_bits;
    uint32_t i = c->i, j = c->j, r = c->r, di = c->di, dj = c->dj;
    float a[4], b[4], d[4];
    memcpy(a, c->a, sizeof a);
    memcpy(b, c->b, sizeof b);
    memcpy(d, c->d, sizeof d);
    const size_t cs = lo != NULL ? lo->lanes : 1, ks = lo != NULL ? 4 * lo->lanes : 4;
    float *o = lo != NULL ? lo->plane : out;
    uint32_t *drop = lo != NULL ? lo->drop : NULL;
    for (uint32_t k = 0; k < n;) {
        while ((s > j || j == i) && j != samples - 1) { /* the next kept key (the last sample is always kept) */
            if (j != i) {
                i = j;
                r++;
                memcpy(a, b, sizeof a);
            }
            j = i + 1;
            while (!kept_in(bits, j)) j++;
            float v[4];
            cursor_key(t, c, r + 1, j, v);
            finish_key(t, v, b);
        }
        const float *held = s == i || step ? a : s == j ? b : NULL;
        if (held != NULL) {
            if (drop != NULL) drop[k * lo->drops] = TA__CC_KEEP;
            for (int x = 0; x < 4; ++x) o[x * cs] = held[x];
            ++k, ++s, o += ks;
            continue;
        }
        if (di != i || dj != j) { /* the mix's difference, once an interval */
            if (rotation)
                ta__cc_nlerp_difference(a, b, d);
            else
                for (int x = 0; x < 4; ++x) d[x] = b[x] - a[x];
            di = i;
            dj = j;
        }
        /* the samples of this interval between its keys, i < s < j: a run with no branch on the
         * keys, a and d in registers */
        const uint32_t run = j - s < n - k ? j - s : n - k;
        const float span = (float)(j - i);
        if (rotation && drop != NULL) { /* ta__cc_nlerp_at's mix; its normalisation, rot_finish's */
            for (uint32_t e = 0; e < run; ++e, o += ks) {
                const float u = (float)(s + e - i) / span;
                for (int x = 0; x < 4; ++x) o[x * cs] = a[x] + d[x] * u;
                drop[(k + e) * lo->drops] = TA__CC_ALL;
            }
        } else {
            for (uint32_t e = 0; e < run; ++e, o += ks) {
                const float u = (float)(s + e - i) / span;
                if (rotation)
                    ta__cc_nlerp_at(a, d, u, o); /* ta__cc_nlerp's numbers */
                else
                    for (int x = 0; x < 4; ++x) o[x] = x < 3 ? a[x] + d[x] * u : 0;
            }
        }
        k += run;
        s += run;
    }
    c->i = i;
    c->j = j;
    c->r = r;
    c->di = di;
    c->dj = dj;
    memcpy(c->a, a, sizeof a);
    memcpy(c->b, b, sizeof b);
    memcpy(c->d, d, sizeof d);
}

/* n rotation keys (4 floats each) to a lane of the fused planes, from its first key's x there
 * (lanes floats apart a component, 4 * lanes a key). */
static void to_lane(float *plane, size_t lanes, const float *v, uint32_t n)
{
    for (uint32_t k = 0; k < n; ++k, plane += 4 * lanes, v += 4) {
        plane[0] = v[0];
        plane[lanes] = v[1];
        plane[2 * lanes] = v[2];
        plane[3 * lanes] = v[3];
    }
}

/* Lane l made to read track t's keys from sample r on: where the key before r ends, and (PREDICTED)
 * that key's number and step, from the track's cursor (read on to r - 1 when it stands elsewhere). */
static void lane_start(ta__cc_lanes *st, uint32_t l, const ta__cc_track *t, ta__cc_cursor *c, uint32_t r)
{
    const uint32_t n = st->n;
    if (t->every == 0) { /* every key whole and as long: its place from r */
        st->bit[l] = r * t->key_bits;
        return;
    }
    ta__cc_pred *p = &c->pred;
    if (r == 0) { /* the first two keys are whole: nothing before them counts */
        st->bit[l] = 0;
        for (uint32_t x = 0; x < 3; ++x) st->q[x * n + l] = st->step[x * n + l] = 0;
        return;
    }
    if (p->r != r - 1) {
        uint32_t q[4];
        ta__cc_pred_read(t, p, r - 1, q);
    }
    st->bit[l] = (uint32_t)p->bit;
    for (uint32_t x = 0; x < 3; ++x) {
        st->q[x * n + l] = p->q[1][x];
        st->step[x * n + l] = p->q[1][x] - p->q[0][x];
    }
}

/* The cursor of a PREDICTED track read in lane l made to stand at key r, the last the lane read. */
static void lane_end(const ta__cc_lanes *st, uint32_t l, const ta__cc_track *t, ta__cc_cursor *c, uint32_t r)
{
    if (t->every == 0) return; /* its reads need no cursor */
    const uint32_t n = st->n;
    ta__cc_pred *p = &c->pred;
    p->r = r;
    p->bit = st->bit[l];
    for (uint32_t x = 0; x < 3; ++x) {
        const uint32_t q = st->q[x * n + l];
        p->q[1][x] = q;
        p->q[0][x] = (q - st->step[x * n + l]) & st->qmask[x * n + l];
    }
}

/* The window's keys made samples first to first + span, written where the mixer reads them: the
 * times of every track; each moving track's keys in its track and, in place, its lane of the fused
 * planes and, for a LINEAR rotation, its intervals' slerp constants in the plan and the fused
 * planes. The keys the old window shares with the new one (a step forward: its last key is the new
 * first) are moved down, in the planes a block at once (a constant's keys are all equal), and only
 * the others decoded, on from each track's cursor. In place, when the rotations whose every sample
 * is kept and the reduced ones' mixes are half the lanes the kernels take or more (map_lanes): the
 * former go to their lanes as read (three components of one range read in lanes by the kernels'
 * cc_keys when they are a fifth of those lanes; the others a track at a time), the latter mixed
 * into their lanes, all made whole there all lanes at once (rot_finish) and copied to their
 * tracks; and the intervals' constants are made all lanes at once (rot_constants) when the moving
 * rotations are a quarter of the lanes or more: every kernel set gives the scalar decoder's
 * numbers. Then (lazy) the tracks of lanes and their plan constants are not written at all: the
 * fused path reads the planes alone, and ta__cc_window_sync copies them out when anything else
 * reads the clip. Not in place (the clip's plan or fused
 * copy is not the one the lanes were mapped for): the tracks only, then the plan's and fused
 * planes' refills of the moving tracks. */
static void refill(const ta_clip *clip, const ta__cc_header *h, ta__cc_window *w, uint32_t first, bool in_place,
                   const ta__fused_kernels *kern)
{
    const uint32_t span = w->span, keys = span + 1;
    const uint32_t d = w->first != UINT32_MAX && first > w->first && first - w->first <= span ? first - w->first : 0;
    const uint32_t kept = d > 0 ? keys - d : 0; /* keys d to span become 0 to kept - 1 */
    const ta__clip_plan *p = clip->plan;
    ta__clip_fused *f = in_place ? clip->fused : NULL;
    ta__fused_group *gr = f != NULL ? &f->groups[0] : NULL;
    const size_t vl = gr != NULL ? gr->vec_lanes : 0, rl = gr != NULL ? gr->rot_lanes : 0;
    float *rot_const = gr != NULL ? gr->rot_const : NULL;
    /* lazy: the tracks of lanes are left to ta__cc_window_sync (their keys and constants in the
     * planes alone); the times the fused group reads, its first track's, written now */
    const bool lazy = in_place && rot_const != NULL && w->lane_constants;
    if (!lazy) ta__cc_window_sync(clip); /* the kept keys moved below are the tracks' own */
    float times[TA__CC_SPAN + 1];
    ta__cc_times(h, first, keys, times);
    const uint32_t timed = lazy ? 1 : h->tracks; /* a window's tracks share one time group, the first track's */
    if (keys == TA__CC_SPAN + 1) /* a copy of a known size: a few moves a track */
        for (uint32_t i = 0; i < timed; ++i) memcpy(clip->tracks[i]->times, times, sizeof times);
    else
        for (uint32_t i = 0; i < timed; ++i) memcpy(clip->tracks[i]->times, times, sizeof(float) * keys);
    /* raw rotations: read into their lanes, made whole and their constants made all lanes at once */
    const bool raw = gr != NULL && w->raw_mapped;
    if (kept > 0 && vl > 0) memmove(gr->vec, gr->vec + 3 * vl * d, sizeof(float) * 3 * vl * kept);
    if (kept > 0 && rl > 0) memmove(gr->rot, gr->rot + 4 * rl * d, sizeof(float) * 4 * rl * kept);
    if (kept > 1 && rl > 0 && rot_const != NULL) memmove(rot_const, rot_const + 2 * rl * d, sizeof(float) * 2 * rl * (kept - 1));
    /* lazy: only the tracks decoded one by one (w->order's first), the lane reads going on from
     * where the last refill's stopped, or started from their cursors */
    const uint32_t visit = lazy ? w->order_decoded : w->moving;
    const bool go_on = lazy && w->lanes_at == first + kept;
    for (uint32_t j = visit; lazy && !go_on && j < w->moving; ++j) {
        const uint32_t m = w->order[j];
        lane_start(&w->lanes, w->lane[m], &w->tracks[m], &w->cursor[m], first + kept);
    }
    for (uint32_t j = 0; j < visit; ++j) {
        const uint32_t m = lazy ? w->order[j] : j;
        const ta__cc_track *t = &w->tracks[m];
        float *values = clip->tracks[w->index[m]]->values;
        const uint32_t lane = gr != NULL ? w->lane[m] : UINT32_MAX;
        const bool own = !lazy || lane == UINT32_MAX; /* its track's values written here */
        float key[4 * (TA__CC_SPAN + 1)];
        const uint32_t size = t->kind == TA__CC_R ? 4 : 3;
        if (own && kept > 0) memmove(values, values + size * (size_t)d, sizeof(float) * size * kept);
        if (t->kind == TA__CC_R && raw && w->lane_reads > 0 && lane_read(t, lane)) { /* read in lanes below */
            lane_start(&w->lanes, lane, t, &w->cursor[m], first + kept);
        } else if (t->kind == TA__CC_R && raw && raw_rotation(t, lane)) {
            read_kept(t, &w->cursor[m], first + kept, keys - kept, key);
            to_lane(gr->rot + 4 * rl * kept + lane, rl, key, keys - kept);
        } else if (t->kind == TA__CC_R) { /* decoded in place: a key is 4 floats there too */
            if (raw && w->mixed > 0 && mixed_rotation(t, lane)) { /* to its lane; its mixes made unit below */
                const lane_out lo = {gr->rot + 4 * rl * kept + lane, rl, w->rot_drop + w->rot_drop_count * kept + lane, w->rot_drop_count};
                decode_run(t, &w->cursor[m], h->samples, first + kept, keys - kept, NULL, &lo);
            } else {
                float *out = own ? values + 4 * (size_t)kept : key;
                decode_run(t, &w->cursor[m], h->samples, first + kept, keys - kept, out, NULL);
                if (lane != UINT32_MAX) to_lane(gr->rot + 4 * rl * kept + lane, rl, out, keys - kept);
            }
        } else {
            decode_run(t, &w->cursor[m], h->samples, first + kept, keys - kept, key, NULL);
            if (own)
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
    }
    if (raw && w->lane_reads > 0) { /* the lane reads: every lane key after key, then where each stands */
        kern->cc_keys(&w->lanes, first + kept, keys - kept, gr->rot + 4 * rl * kept, 4 * rl, rl);
        /* lazy: the lanes stand before first + keys, where the next step forward reads on; the
         * cursors keep an older key of their own, from which lane_start reads on when it must */
        for (uint32_t m = 0; !lazy && m < w->moving; ++m)
            if (lane_read(&w->tracks[m], w->lane[m])) lane_end(&w->lanes, w->lane[m], &w->tracks[m], &w->cursor[m], first + keys - 1);
        w->lanes_at = lazy ? first + keys : UINT32_MAX;
    }
    /* rot_finish's and rot_constants' lanes: up to the last moving rotation's, in the kernels'
     * vectors (the lanes past it are constants: kept, their constants 0 0) */
    const uint32_t kl = (w->rot_last + kern->width - 1) / kern->width * kern->width;
    const uint32_t kn = kl < w->rot_used ? kl : w->rot_used;
    if (raw) { /* the raw rotations (and reduced ones' mixes) made whole, then (not lazy) copied to their tracks */
        for (uint32_t k = kept; k < keys; ++k)
            (w->drop_three ? kern->rot_finish3 : kern->rot_finish)(gr->rot + 4 * rl * k, rl, w->rot_drop + w->rot_drop_count * k, kn);
        for (uint32_t m = 0; !lazy && m < w->moving; ++m)
            if (raw_rotation(&w->tracks[m], w->lane[m]) || (w->mixed > 0 && mixed_rotation(&w->tracks[m], w->lane[m])))
                ta__cc_from_lane(clip->tracks[w->index[m]]->values + 4 * (size_t)kept, gr->rot + 4 * rl * kept + w->lane[m], rl, keys - kept);
    }
    /* the constants of the intervals to a new key: in the fused planes all lanes at once (a
     * constant's keys are equal, its constants 0 0 as they were), then each moving rotation's
     * slot of the plan's from its lane; without the planes, a track at a time */
    const uint32_t from = kept > 0 ? kept - 1 : 0;
    const bool lanes = in_place && rot_const != NULL && w->lane_constants;
    if (lanes)
        for (uint32_t k = from; k < span; ++k) {
            float *theta = rot_const + 2 * k * rl, *kk = rot_const + (2 * k + 1) * rl;
            const float *a = gr->rot + 4 * rl * k, *b = gr->rot + 4 * rl * (k + 1);
            if (w->screen_skip > 0) {
                w->screen_skip--;
            } else if (kern->rot_settle(theta, kk, a, b, rl, kn)) {
                w->screen_fails = 0;
                continue;
            } else {
                if (w->screen_fails < 6) w->screen_fails++;
                w->screen_skip = (uint8_t)((1u << w->screen_fails) - 1);
            }
            kern->rot_constants(theta, kk, a, b, rl, kn);
        }
    for (uint32_t j = 0; in_place && j < visit; ++j) { /* lazy: the lanes' constants are ta__cc_window_sync's */
        const uint32_t m = lazy ? w->order[j] : j;
        if (w->slot[m] == UINT32_MAX) continue;
        const float *values = clip->tracks[w->index[m]]->values;
        const uint32_t lane = gr != NULL ? w->lane[m] : UINT32_MAX;
        if (lazy && lane != UINT32_MAX) continue; /* ta__cc_window_sync's */
        float *constants = (float *)(uintptr_t)p->slerp_constants[w->slot[m]]; /* the plan's own block */
        if (kept > 1) memmove(constants, constants + 2 * (size_t)d, sizeof(float) * 2 * (kept - 1));
        if (lanes && lane != UINT32_MAX) { /* from its lane: theta's plane then k's, a key interval 2 * rl */
            const float *lc = rot_const + (2 * (size_t)from) * rl + lane;
            for (uint32_t k = from; k < span; ++k, lc += 2 * rl) {
                constants[2 * k] = lc[0];
                constants[2 * k + 1] = lc[rl];
            }
            continue;
        }
        for (uint32_t k = from; k < span; ++k) {
            ta__slerp_constants_fast(values + 4 * (size_t)k, values + 4 * (size_t)k + 4, &constants[2 * k], &constants[2 * k + 1]);
            if (lane != UINT32_MAX && rot_const != NULL) {
                rot_const[2 * k * rl + lane] = constants[2 * k];
                rot_const[(2 * k + 1) * rl + lane] = constants[2 * k + 1];
            }
        }
    }
    if (!in_place) {
        ta__clip_plan_refill(clip, w->changes);
        ta__clip_fused_refill(clip, w->changes);
    }
    w->behind = lazy;
}

/* Track i's mode, from its three bytes, and whether it moves (its keys are not one constant). */
static uint8_t mode_of(const unsigned char *d, uint32_t i)
{
    return d[(size_t)TA__CC_TRACK * i + 2] >> 2 & 3;
}
static bool moves(uint8_t mode)
{
    return mode == TA__CC_LINEAR || mode == TA__CC_STEP;
}

/* The window's key intervals (ta__cc_window's span). */
static uint32_t span_of(const ta_compressed_clip *clip, const ta__cc_header *h)
{
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), h);
    if (h->times == NULL && h->offsets == NULL)
        for (uint32_t i = 0; i < h->tracks; ++i)
            if (mode_of(d, i) == TA__CC_STEP) return 1;
    return h->samples - 1 < TA__CC_SPAN ? h->samples - 1 : TA__CC_SPAN;
}

/* The window's own part: its moving tracks read once, their cursors, the refills' list. */
static ta_result make_window(ta_clip *out, const ta_compressed_clip *clip, const ta__cc_header *h, uint32_t span, ta_error *err)
{
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), h), *data = d + (size_t)TA__CC_TRACK * h->tracks;
    uint32_t moving = 0;
    for (uint32_t i = 0; i < h->tracks; ++i) moving += moves(mode_of(d, i));
    const ta__clip_fused *f = out->fused;
    const uint32_t rot_lanes = f != NULL && f->group_count == 1 ? f->groups[0].rot_lanes : 0;
    const size_t bytes =
        sizeof(ta__cc_window) + (size_t)moving * (sizeof(ta__cc_track) + sizeof(ta__cc_cursor) + 4 * sizeof(uint32_t)) +
        sizeof(uint32_t) * rot_lanes * (TA__CC_SPAN + 1 + TA__CC_LANE_WORDS) + h->tracks;
    unsigned char *block = (unsigned char *)ta__calloc(&out->mem, 1, bytes);
    if (block == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_window: out of memory");
    ta__cc_window *w = (ta__cc_window *)(void *)block;
    w->tracks = (ta__cc_track *)(void *)(w + 1);
    w->cursor = (ta__cc_cursor *)(void *)(w->tracks + moving);
    w->index = (uint32_t *)(void *)(w->cursor + moving);
    w->lane = w->index + moving;
    w->slot = w->lane + moving;
    w->rot_drop = rot_lanes > 0 ? w->slot + moving : NULL;
    uint32_t *words = w->slot + moving + rot_lanes * (TA__CC_SPAN + 1); /* the lane reads' arrays */
    ta__cc_lanes *st = &w->lanes;
    uint32_t **u32[] = {&st->off, &st->bit, &st->every, &st->active, &st->cbits, &st->rbits, &st->qmask, &st->dmask, &st->dsign, &st->q, &st->step};
    const uint32_t rows[] = {1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3};
    for (size_t a = 0; a < sizeof u32 / sizeof u32[0]; ++a, words += rows[a - 1] * rot_lanes) *u32[a] = words;
    st->min = (float *)(void *)words;
    st->scale = st->min + 3 * (size_t)rot_lanes;
    w->order = w->slot + moving + rot_lanes * (TA__CC_SPAN + 1 + TA__CC_LANE_WORDS);
    w->changes = (uint8_t *)(w->order + moving);
    w->rot_drop_count = rot_lanes;
    w->bytes = bytes;
    w->source = clip;
    w->span = span;
    w->first = 0;
    w->header = *h;
    w->from = ta__cc_time(h, 0);
    w->to = ta__cc_time(h, span);
    keep_bounds(w);
    for (uint32_t i = 0, m = 0; i < h->tracks; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h->samples, &t);
        data += t.data_bytes;
        if (!moves(t.mode)) continue;
        w->tracks[m] = t;
        w->cursor[m].r = UINT32_MAX;
        w->cursor[m].pred.r = UINT32_MAX;
        w->cursor[m].di = UINT32_MAX;
        w->index[m] = m; /* the window's first tracks, in order (ta_compressed_clip_window) */
        w->changes[m++] = 1;
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
    ta__cc_times(&h, 0, keys, times);
    /* the moving tracks first, then the constants, each in the clip's order: so the fused
     * planes' lanes of moving rotations are the first, and the refill's lane kernels stop at
     * the last of them (make_window) */
    uint32_t moving = 0, at_moving = 0, at_constant;
    for (uint32_t i = 0; i < h.tracks; ++i) moving += moves(mode_of(d, i));
    at_constant = moving;
    for (uint32_t i = 0; i < h.tracks && r == TA_OK; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h.samples, &t);
        data += t.data_bytes;
        const uint32_t made = moves(t.mode) ? at_moving++ : at_constant++;
        const uint32_t size = t.kind == TA__CC_R ? 4 : 3;
        float values[4 * (TA__CC_SPAN + 1)], v[4];
        for (uint32_t k = 0; k < keys; ++k) {
            if (k == 0 || moves(t.mode)) ta__cc_decode(&t, h.samples, k, v); /* a constant's once */
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
        for (uint32_t i = 0; i < h.tracks; ++i)
            if (tracks[i] != NULL) ta_track_destroy(tracks[i]);
    ta__free(&mem, tracks, sizeof(ta_track *) * h.tracks);
    if (r == TA_OK) *out_clip = out;
    return r;
}

void ta__cc_window_seek(const ta_clip *clip, double time, const ta__fused_kernels *kernels)
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
           w->first != UINT32_MAX && w->mapped_plan == clip->plan && w->mapped_fused == f && (f == NULL || f->group_count == 1),
           kernels != NULL ? kernels : ta__fused_kernels_for(TA__SIMD_SCALAR));
    w->first = first;
    w->from = ta__cc_time(&h, first);
    w->to = ta__cc_time(&h, first + w->span);
    keep_bounds(w);
}
