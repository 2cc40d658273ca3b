/* Reading a compressed clip's block: its header, its tracks, a pose. See clip_compressed.h. */
#include <math.h>
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "threeanim/math.h"

static uint32_t u32_at(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static float f32_at(const unsigned char *p)
{
    float v;
    memcpy(&v, p, 4);
    return v;
}

static int popcount8(unsigned v);
static uint32_t rank(const unsigned char *bits, uint32_t s);

const unsigned char *ta__cc_block(const ta_compressed_clip *clip)
{
    return (const unsigned char *)(clip + 1);
}

size_t ta__cc_block_bytes(const ta_compressed_clip *clip)
{
    return u32_at(ta__cc_block(clip) + 8);
}

ta_compressed_clip *ta__cc_clip_make(const ta__mem *mem, const unsigned char *block, size_t bytes)
{
    ta_compressed_clip *clip = (ta_compressed_clip *)ta__alloc(mem, sizeof *clip + bytes);
    if (clip == NULL) return NULL;
    clip->mem = *mem;
    memcpy(clip + 1, block, bytes);
    return clip;
}

void ta__cc_read_header(const unsigned char *block, ta__cc_header *h)
{
    uint16_t flags;
    memcpy(&flags, block + 6, 2);
    h->flags = flags;
    h->bytes = u32_at(block + 8);
    uint16_t samples, bones;
    memcpy(&samples, block + 12, 2);
    memcpy(&bones, block + 14, 2);
    h->samples = samples;
    h->bones = bones;
    h->tracks = u32_at(block + 16);
    h->duration = f32_at(block + 20);
    h->first = f32_at(block + 24);
    h->step = f32_at(block + 28);
    h->times = (flags & (TA__CC_UNIFORM | TA__CC_NEAR | TA__CC_RUNS)) ? NULL : (const float *)(const void *)(block + TA__CC_HEADER);
    h->offsets = (flags & TA__CC_NEAR) ? block + TA__CC_HEADER : NULL;
    h->runs = NULL;
    h->run_count = 0;
    if (flags & TA__CC_RUNS) {
        uint16_t runs;
        memcpy(&runs, block + TA__CC_HEADER, 2);
        h->runs = block + TA__CC_HEADER + 2;
        h->run_count = runs;
    }
}

double ta__cc_time(const ta__cc_header *h, uint32_t k)
{
    if (h->times != NULL) return h->times[k];
    if (h->offsets != NULL) { /* the float32 time the encoder was given */
        int16_t off;
        memcpy(&off, h->offsets + 2 * (size_t)k, 2);
        return (float)((double)h->first + (double)h->step * (k + off / 16777216.0));
    }
    for (uint32_t r = 0; h->runs != NULL && r < h->run_count; ++r) { /* the run k is in */
        const unsigned char *run = h->runs + (size_t)TA__CC_RUN * r;
        uint16_t count;
        memcpy(&count, run + 4, 2);
        if (k < count || r + 1 == h->run_count) return (double)f32_at(run) + (double)h->step * k;
        k -= count;
    }
    return (double)h->first + (double)h->step * k;
}

void ta__cc_times(const ta__cc_header *h, uint32_t k, uint32_t n, float *out)
{
    if (h->runs == NULL || h->times != NULL || h->offsets != NULL) {
        for (uint32_t i = 0; i < n; ++i) out[i] = (float)ta__cc_time(h, k + i);
        return;
    }
    /* ta__cc_time's run found once (k then counts from its start), then walked on */
    const unsigned char *run = h->runs;
    uint32_t r = 0;
    uint16_t count;
    memcpy(&count, run + 4, 2);
    for (; k >= count && r + 1 < h->run_count; run += TA__CC_RUN, memcpy(&count, run + 4, 2)) k -= count, r++;
    for (uint32_t i = 0; i < n; ++i) {
        out[i] = (float)((double)f32_at(run) + (double)h->step * k);
        if (++k >= count && r + 1 < h->run_count) {
            k = 0, r++, run += TA__CC_RUN;
            memcpy(&count, run + 4, 2);
        }
    }
}

const unsigned char *ta__cc_tracks_at(const unsigned char *block, const ta__cc_header *h)
{
    return block + TA__CC_HEADER + (h->times != NULL     ? sizeof(float) * (size_t)h->samples
                                    : h->offsets != NULL ? 2 * (size_t)h->samples
                                    : h->runs != NULL    ? 2 + (size_t)TA__CC_RUN * h->run_count
                                                         : 0);
}

float ta__cc_b16(uint16_t h)
{
    const uint32_t bits = (uint32_t)h << 16;
    float v;
    memcpy(&v, &bits, 4);
    return v;
}

uint16_t ta__cc_to_b16(float x, bool up)
{
    uint32_t bits;
    memcpy(&bits, &x, 4);
    uint16_t h = (uint16_t)(bits >> 16); /* toward 0: one further from it when that is the wrong way */
    const float v = ta__cc_b16(h);
    if (up ? v < x : v > x) h++;
    return h;
}

uint32_t ta__cc_to_f24(float x)
{
    uint32_t bits;
    memcpy(&bits, &x, 4);
    const uint32_t v = (bits >> 8) + ((bits >> 7) & 1);
    return (v >> 23 & 0xff) == 0xff ? bits >> 8 : v & 0xffffffu; /* not rounded into inf */
}

float ta__cc_f24(uint32_t v)
{
    const uint32_t bits = (v & 0xffffffu) << 8;
    float x;
    memcpy(&x, &bits, 4);
    return x;
}

uint8_t ta__cc_code_bits(uint8_t code)
{
    return (uint8_t)((code & TA__CC_BITS) + 1);
}

size_t ta__cc_range_bytes(unsigned form, size_t mins, size_t extents)
{
    const size_t n = mins + extents;
    return form == TA__CC_RANGE32 ? 4 * n : form == TA__CC_RANGE16 ? 2 * n : form == TA__CC_RANGE8 ? n : 0;
}

/* Bytes of the components' bits and of the range, before the kept keys' bitset. */
static size_t head_bytes(uint8_t code, size_t comps, size_t zero)
{
    const unsigned form = code >> TA__CC_RANGE_SHIFT & 3;
    return ta__cc_range_bytes(form, comps, comps - zero) + (ta__cc_code_bits(code) == 32 || (code & TA__CC_SEGMENTED) ? 0 : (comps * 4 + 7) / 8);
}

static bool kept_at(const unsigned char *bits, uint32_t s)
{
    return (bits[s / 8] >> (s % 8)) & 1;
}

uint64_t ta__cc_segmented_bits(const unsigned char *segments, const unsigned char *kept_bits, uint32_t samples)
{
    uint64_t bits = 0;
    for (uint32_t g = 0; g < ta__cc_segments(samples); ++g) {
        const unsigned char *seg = segments + TA__CC_SEG_BYTES * (size_t)g;
        uint32_t kept = 0;
        for (uint32_t s = g * TA__CC_SEGMENT; s < samples && s < (g + 1) * TA__CC_SEGMENT; ++s) kept += kept_bits == NULL || kept_at(kept_bits, s);
        bits += (uint64_t)kept * (uint32_t)(seg[6] + seg[7] + seg[8]);
    }
    return bits;
}

size_t ta__cc_data_bytes(uint8_t mode, uint8_t code, uint8_t drop, uint32_t kept, uint32_t samples, uint64_t key_bits, uint32_t zero,
                         bool predicted)
{
    if (mode == TA__CC_CONSTANT) return drop == TA__CC_REST ? 0 : code == TA__CC_CONST24 ? 9 : code == TA__CC_CONST16 ? 7 : 3 * sizeof(float);
    if (mode == TA__CC_CONSTANT16) return 3 * sizeof(uint16_t);
    const size_t comps = drop == TA__CC_ALL ? 4 : 3;
    size_t bytes = 1 + head_bytes(code, comps, zero); /* the bits byte first */
    if (kept < samples) bytes += (samples + 7) / 8;
    if (code & TA__CC_SEGMENTED) return bytes + TA__CC_SEG_BYTES * (size_t)ta__cc_segments(samples) + (size_t)((key_bits + 7) / 8);
    if (predicted) return bytes + 2 + (size_t)((key_bits + 7) / 8);
    return bytes + (size_t)(((uint64_t)kept * key_bits + 7) / 8);
}

uint64_t ta__cc_predicted_bit(uint32_t r, uint32_t every, uint32_t whole_bits, uint32_t diff_bits)
{
    const uint64_t j = r % every;
    return (uint64_t)(r / every) * (2 * (uint64_t)whole_bits + (uint64_t)(every - 2) * diff_bits) +
           (j < 2 ? j * whole_bits : 2 * (uint64_t)whole_bits + (j - 2) * diff_bits);
}

void ta__cc_pred_read(const ta__cc_track *t, ta__cc_pred *p, uint32_t r, uint32_t q[4])
{
    const uint32_t mask = t->every - 1; /* a power of 2 */
    uint32_t k = r & ~mask;             /* the whole key before it */
    size_t bit;
    if (p->r != UINT32_MAX && p->r <= r && p->r >= k) {
        k = p->r + 1;
        bit = p->bit;
    } else {
        bit = (size_t)ta__cc_predicted_bit(k, t->every, t->key_bits, t->res_bits);
    }
    for (; k <= r; ++k) {
        const bool whole = (k & mask) < 2;
        for (uint32_t c = 0; c < 3; ++c) {
            const uint8_t nb = whole ? t->cbits[c] : t->rbits[c];
            /* the block's tail keeps this inside; 0 bits read nothing (they may sit at the end) */
            const uint32_t v = nb == 0 ? 0 : (u32_at(t->keys + bit / 8) >> (bit % 8)) & ((1u << nb) - 1);
            bit += nb;
            const uint32_t x = whole ? v : ta__cc_predict(p->q[0][c], p->q[1][c], v, nb, t->cbits[c]);
            p->q[0][c] = p->q[1][c];
            p->q[1][c] = x;
        }
        p->r = k;
        p->bit = bit;
    }
    memcpy(q, p->q[1], sizeof p->q[1]);
}

uint32_t ta__cc_track_node(const unsigned char *d)
{
    uint16_t node;
    memcpy(&node, d, 2);
    return node;
}

uint8_t ta__cc_track_code(const unsigned char *d, const unsigned char *data)
{
    const uint8_t kind = d[2] & 3, mode = d[2] >> 2 & 3, drop = d[2] >> 4 & 7;
    if (mode == TA__CC_LINEAR || mode == TA__CC_STEP) return data[0];
    if (mode != TA__CC_CONSTANT || drop == TA__CC_REST) return 0;
    return kind == TA__CC_R ? (d[2] & TA__CC_REDUCED ? (uint8_t)TA__CC_CONST24 : 0) : drop;
}

void ta__cc_read_track(const unsigned char *d, const unsigned char *data, uint32_t samples, ta__cc_track *t)
{
    const uint8_t code = ta__cc_track_code(d, data);
    t->node = ta__cc_track_node(d);
    t->kind = d[2] & 3;
    t->mode = d[2] >> 2 & 3;
    t->drop = d[2] >> 4 & 7;
    if (t->mode == TA__CC_CONSTANT && t->kind != TA__CC_R && t->drop != TA__CC_REST) t->drop = 0; /* it held the code */
    t->bits = (t->mode == TA__CC_LINEAR || t->mode == TA__CC_STEP) ? ta__cc_code_bits(code) : code; /* a constant's: its code */
    t->form = code >> TA__CC_RANGE_SHIFT & 3;
    t->comps = t->drop == TA__CC_ALL ? 4 : 3;
    t->range = data;
    t->segments = NULL;
    t->key_bits = 0;
    t->every = 0;
    t->res_bits = 0;
    memset(t->rbits, 0, sizeof t->rbits);
    const bool animated = t->mode == TA__CC_LINEAR || t->mode == TA__CC_STEP;
    t->kept = samples;
    t->kept_bits = NULL;
    t->keys = data;
    uint32_t zero = 0; /* components of 0 bits */
    if (animated) {
        const unsigned char *p = data + 1;
        const bool nibbles = t->bits != 32 && !(code & TA__CC_SEGMENTED);
        for (uint32_t c = 0; c < t->comps; ++c) {
            const unsigned less = nibbles ? (unsigned)(p[c / 2] >> (4 * (c % 2)) & 15) : 0;
            t->cbits[c] = (uint8_t)(t->bits - less);
            t->key_bits += t->cbits[c];
            zero += t->cbits[c] == 0;
        }
        if (nibbles && t->comps == 3 && (p[1] >> 4) != 0) { /* PREDICTED: the differences' bits follow */
            t->every = 2u << (p[1] >> 4);
            for (uint32_t c = 0; c < 3; ++c) {
                t->rbits[c] = (uint8_t)(p[2 + c / 2] >> (4 * (c % 2)) & 15);
                t->res_bits += t->rbits[c];
            }
            p += 2;
        }
        if (nibbles) p += (t->comps * 4 + 7) / 8;
        /* the mins of all, then the extents of those of more than 0 bits (e: its place) */
        for (uint32_t c = 0, e = t->comps; c < t->comps; ++c) {
            const bool has = t->cbits[c] > 0;
            if (t->form == TA__CC_RANGE32) {
                t->min[c] = f32_at(p + 4 * c);
                t->extent[c] = has ? f32_at(p + 4 * e) : 0.0f;
            } else if (t->form == TA__CC_RANGE16) {
                uint16_t lo, ext = 0;
                memcpy(&lo, p + 2 * c, 2);
                if (has) memcpy(&ext, p + 2 * e, 2);
                t->min[c] = ta__cc_b16(lo);
                t->extent[c] = ta__cc_b16(ext);
            } else if (t->form == TA__CC_RANGE8) {
                ta__cc_segment_range(-1.0f, 2.0f, p[c], has ? p[e] : p[c], &t->min[c], &t->extent[c]);
            } else {
                t->min[c] = -1.0f;
                t->extent[c] = 2.0f;
            }
            e += has;
        }
        p += ta__cc_range_bytes(t->form, t->comps, t->comps - zero);
        t->keys = p;
        if (d[2] & TA__CC_REDUCED) { /* the last sample is kept */
            t->kept_bits = t->keys;
            t->kept = rank(t->kept_bits, samples - 1) + 1;
            t->keys += (samples + 7) / 8;
        }
        if (code & TA__CC_SEGMENTED) {
            t->segments = t->keys;
            t->keys += TA__CC_SEG_BYTES * (size_t)ta__cc_segments(samples);
        }
    }
    const uint64_t key_bits = t->segments != NULL ? ta__cc_segmented_bits(t->segments, t->kept_bits, samples)
                              : t->every != 0     ? ta__cc_predicted_bit(t->kept, t->every, t->key_bits, t->res_bits)
                                                  : t->key_bits;
    t->data_bytes = ta__cc_data_bytes(t->mode, code, t->drop, t->kept, samples, key_bits, zero, t->every != 0);
}

float ta__cc_const16(int16_t q, int8_t e)
{
    return ldexpf((float)q, e);
}

float ta__cc_unit16(uint16_t q)
{
    return -1.0f + (float)q * (2.0f / 65535.0f);
}

uint32_t ta__cc_quantize(float v, float min, float extent, uint8_t bits)
{
    const uint32_t top = (1u << bits) - 1;
    if (!(extent > 0)) return 0;
    const float x = (v - min) / extent * (float)top + 0.5f;
    if (!(x > 0)) return 0;
    return x >= (float)top ? top : (uint32_t)x;
}

float ta__cc_dequantize(uint32_t q, float min, float extent, uint8_t bits)
{
    const uint32_t top = (1u << bits) - 1;
    return top == 0 ? min : min + (float)q * (extent / (float)top); /* 0 bits: min */
}

uint32_t ta__cc_segments(uint32_t samples)
{
    return (samples + TA__CC_SEGMENT - 1) / TA__CC_SEGMENT;
}

void ta__cc_segment_range(float min, float extent, uint8_t qmin, uint8_t qmax, float *out_min, float *out_extent)
{
    const float unit = extent / 255.0f;
    *out_min = min + (float)qmin * unit;
    *out_extent = (float)(qmax - qmin) * unit;
}

/* A key's x y z from its first bit, its components' bits and its segment (NULL: none). */
static void read_key(const ta__cc_track *t, size_t bit, const unsigned char *seg, const uint8_t *cbits, float out[4])
{
    for (uint32_t c = 0; c < t->comps; ++c) {
        /* the block's tail keeps this inside; a component of 0 bits reads nothing (it may sit at the end) */
        const uint32_t q = cbits[c] == 0 ? 0 : (u32_at(t->keys + bit / 8) >> (bit % 8)) & ((1u << cbits[c]) - 1);
        bit += cbits[c];
        float min = t->min[c], extent = t->extent[c];
        if (seg != NULL) ta__cc_segment_range(min, extent, seg[c], seg[3 + c], &min, &extent);
        out[c] = ta__cc_dequantize(q, min, extent, cbits[c]);
    }
}

/* Kept keys of a whole segment k (not the last). */
static uint32_t segment_kept(const ta__cc_track *t, uint32_t k)
{
    return t->kept_bits == NULL ? TA__CC_SEGMENT : (uint32_t)(popcount8(t->kept_bits[2 * k]) + popcount8(t->kept_bits[2 * k + 1]));
}

static uint32_t segment_bits(const unsigned char *seg)
{
    return (uint32_t)(seg[6] + seg[7] + seg[8]);
}

/* The r-th kept key's x y z (sample s). */
static void key_at(const ta__cc_track *t, uint32_t r, uint32_t s, float out[4])
{
    if (t->bits == 32) {
        memcpy(out, t->keys + 4 * t->comps * (size_t)r, 4 * (size_t)t->comps);
        return;
    }
    if (t->every != 0) { /* from the whole key before it */
        ta__cc_pred p;
        uint32_t q[4];
        p.r = UINT32_MAX;
        ta__cc_pred_read(t, &p, r, q);
        for (uint32_t c = 0; c < 3; ++c) out[c] = ta__cc_dequantize(q[c], t->min[c], t->extent[c], t->cbits[c]);
        return;
    }
    if (t->segments == NULL) {
        read_key(t, (size_t)r * t->key_bits, NULL, t->cbits, out);
        return;
    }
    /* the segments before its own: their kept keys at their bits */
    const uint32_t g = s / TA__CC_SEGMENT;
    uint32_t before = 0;
    size_t bit = 0;
    for (uint32_t k = 0; k < g; ++k) {
        const uint32_t kept = segment_kept(t, k);
        bit += (size_t)kept * segment_bits(t->segments + TA__CC_SEG_BYTES * (size_t)k);
        before += kept;
    }
    const unsigned char *seg = t->segments + TA__CC_SEG_BYTES * (size_t)g;
    read_key(t, bit + (size_t)(r - before) * segment_bits(seg), seg, seg + 6, out);
}

void ta__cc_key_walk(const ta__cc_track *t, uint32_t r, uint32_t s, ta__cc_walk *walk, float out[4])
{
    if (t->bits == 32 || t->segments == NULL || t->every != 0) {
        key_at(t, r, s, out);
        return;
    }
    const uint32_t g = s / TA__CC_SEGMENT;
    if (g < walk->segment) memset(walk, 0, sizeof *walk);
    for (; walk->segment < g; walk->segment++) {
        const uint32_t kept = segment_kept(t, walk->segment);
        walk->bit += (size_t)kept * segment_bits(t->segments + TA__CC_SEG_BYTES * (size_t)walk->segment);
        walk->before += kept;
    }
    const unsigned char *seg = t->segments + TA__CC_SEG_BYTES * (size_t)g;
    read_key(t, walk->bit + (size_t)(r - walk->before) * segment_bits(seg), seg, seg + 6, out);
}

static int popcount8(unsigned v)
{
    int n = 0;
    for (; v != 0; v &= v - 1) n++;
    return n;
}

/* Kept samples before s. */
static uint32_t rank(const unsigned char *bits, uint32_t s)
{
    uint32_t n = 0, byte = s / 8;
    for (uint32_t i = 0; i < byte; ++i) n += (uint32_t)popcount8(bits[i]);
    return n + (uint32_t)popcount8(bits[byte] & ((1u << (s % 8)) - 1));
}


static void finish(const ta__cc_track *t, const float xyz[4], float out[4])
{
    if (t->kind == TA__CC_R)
        ta__cc_rotation(xyz, t->drop, out);
    else
        out[0] = xyz[0], out[1] = xyz[1], out[2] = xyz[2], out[3] = 0;
}

void ta__cc_decode(const ta__cc_track *t, uint32_t samples, uint32_t s, float out[4])
{
    float a[4] = {0, 0, 0, 0};
    if (t->mode == TA__CC_CONSTANT && t->drop == TA__CC_REST) { /* the kind's identity */
        out[0] = out[1] = out[2] = t->kind == TA__CC_S ? 1.0f : 0.0f;
        out[3] = t->kind == TA__CC_R ? 1.0f : 0.0f;
        return;
    }
    if (t->mode == TA__CC_CONSTANT && t->bits == TA__CC_CONST24) {
        for (int c = 0; c < 3; ++c) {
            uint32_t v = 0;
            memcpy(&v, t->range + 3 * c, 3);
            a[c] = ta__cc_f24(v);
        }
        finish(t, a, out);
        return;
    }
    if (t->mode == TA__CC_CONSTANT && t->bits == TA__CC_CONST16) {
        for (int c = 0; c < 3; ++c) {
            int16_t q;
            memcpy(&q, t->range + 1 + 2 * c, 2);
            a[c] = ta__cc_const16(q, (int8_t)t->range[0]);
        }
        finish(t, a, out);
        return;
    }
    if (t->mode == TA__CC_CONSTANT) {
        memcpy(a, t->range, 12);
        finish(t, a, out);
        return;
    }
    if (t->mode == TA__CC_CONSTANT16) {
        for (int c = 0; c < 3; ++c) {
            uint16_t q;
            memcpy(&q, t->range + 2 * c, 2);
            a[c] = ta__cc_unit16(q);
        }
        finish(t, a, out);
        return;
    }
    if (t->kept_bits == NULL || kept_at(t->kept_bits, s)) {
        key_at(t, t->kept_bits == NULL ? s : rank(t->kept_bits, s), s, a);
        finish(t, a, out);
        return;
    }
    /* between two kept keys (the first and last samples are always kept) */
    uint32_t i = s, j = s;
    while (!kept_at(t->kept_bits, i)) i--;
    while (j < samples - 1 && !kept_at(t->kept_bits, j)) j++;
    const uint32_t r = rank(t->kept_bits, s);
    float b[4] = {0, 0, 0, 0};
    key_at(t, r - 1, i, a);
    if (t->mode == TA__CC_STEP) { /* held: never made by the encoder, read as the key before */
        finish(t, a, out);
        return;
    }
    key_at(t, r, j, b);
    ta__cc_mix(t->kind, t->drop, a, b, (float)(s - i) / (float)(j - i), out);
}

/* The r-th kept key (sample s), a PREDICTED track's read on from where p stands. */
static void key_on(const ta__cc_track *t, ta__cc_pred *p, uint32_t r, uint32_t s, float out[4])
{
    if (t->every == 0) {
        key_at(t, r, s, out);
        return;
    }
    uint32_t q[4];
    ta__cc_pred_read(t, p, r, q);
    for (uint32_t c = 0; c < 3; ++c) out[c] = ta__cc_dequantize(q[c], t->min[c], t->extent[c], t->cbits[c]);
}

void ta__cc_decode_all(const ta__cc_track *t, uint32_t samples, float *out)
{
    if ((t->mode != TA__CC_LINEAR && t->mode != TA__CC_STEP) || (t->kept_bits == NULL && t->every == 0)) {
        for (uint32_t s = 0; s < samples; ++s) ta__cc_decode(t, samples, s, out + 4 * (size_t)s);
        return;
    }
    /* kept keys in order, the ones between mixed from the two around them */
    float a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    ta__cc_pred p;
    p.r = UINT32_MAX;
    key_on(t, &p, 0, 0, a);
    finish(t, a, out);
    for (uint32_t s = 1, prev = 0, r = 0; s < samples; ++s) {
        if (t->kept_bits != NULL && !kept_at(t->kept_bits, s)) continue;
        key_on(t, &p, ++r, s, b);
        for (uint32_t u = prev + 1; u < s; ++u) {
            if (t->mode == TA__CC_STEP)
                finish(t, a, out + 4 * (size_t)u);
            else
                ta__cc_mix(t->kind, t->drop, a, b, (float)(u - prev) / (float)(s - prev), out + 4 * (size_t)u);
        }
        finish(t, b, out + 4 * (size_t)s);
        memcpy(a, b, sizeof a);
        prev = s;
    }
}

void ta__cc_mix(uint8_t kind, uint8_t drop, const float a[4], const float b[4], float u, float out[4])
{
    if (kind != TA__CC_R) {
        for (int c = 0; c < 3; ++c) out[c] = a[c] + (b[c] - a[c]) * u;
        out[3] = 0;
        return;
    }
    float qa[4], qb[4];
    ta__cc_rotation(a, drop, qa);
    ta__cc_rotation(b, drop, qb);
    ta__cc_nlerp(qa, qb, u, out);
}

void ta__cc_nlerp(const float qa[4], const float qb[4], float u, float out[4])
{
    float d[4];
    ta__cc_nlerp_difference(qa, qb, d);
    ta__cc_nlerp_at(qa, d, u, out);
}

/* On a grid or runs, a key time is kept within 4e-7 of itself: a time that near it is at it, where a
 * STEP key changes (the float clip's key time may be that much before the grid's). */
bool ta__cc_at_next_key(const ta__cc_header *h, double t1, double time)
{
    return h->times == NULL && h->offsets == NULL && t1 - time <= 4e-7 * fmax(1, fabs(t1));
}

void ta__cc_interval(const ta__cc_header *h, double time, uint32_t *s0, uint32_t *s1, double *alpha)
{
    const uint32_t n = h->samples;
    *alpha = 0;
    const double first = ta__cc_time(h, 0), last = ta__cc_time(h, n - 1);
    if (n == 1 || !(time > first)) {
        *s0 = *s1 = 0;
        return;
    }
    if (time >= last) {
        *s0 = *s1 = n - 1;
        return;
    }
    uint32_t lo;
    if (h->times == NULL) { /* on the grid, or off it by less than half a step (runs: by their gaps) */
        const double at = (time - first) / h->step;
        lo = at > n - 2 ? n - 2 : (uint32_t)at;
        while (lo > 0 && ta__cc_time(h, lo) > time) lo--;
        while (lo < n - 2 && ta__cc_time(h, lo + 1) <= time) lo++;
    } else {
        uint32_t a = 0, b = n - 1; /* times[a] <= time < times[b] */
        while (b - a > 1) {
            const uint32_t m = a + (b - a) / 2;
            if (h->times[m] <= time) a = m; else b = m;
        }
        lo = a;
    }
    const double t0 = ta__cc_time(h, lo), t1 = ta__cc_time(h, lo + 1);
    if (ta__cc_at_next_key(h, t1, time)) {
        *s0 = *s1 = lo + 1;
        return;
    }
    *s0 = lo;
    *s1 = lo + 1;
    *alpha = (time - t0) / (t1 - t0);
    if (*alpha < 0) *alpha = 0;
    if (*alpha > 1) *alpha = 1;
}

ta_result ta_compressed_clip_sample(const ta_compressed_clip *clip, double time, ta_scene *scene, ta_error *err)
{
    if (clip == NULL || scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_sample: %s is NULL", clip == NULL ? "clip" : "scene");
    if (!isfinite(time)) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_sample: time %g is not finite", time);
    ta__cc_header h;
    ta__cc_read_header(ta__cc_block(clip), &h);
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), &h), *data = d + (size_t)TA__CC_TRACK * h.tracks;
    for (uint32_t i = 0; i < h.tracks; ++i) {
        const uint32_t node = ta__cc_track_node(d + (size_t)TA__CC_TRACK * i);
        if (node >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "ta_compressed_clip_sample: track %u: node %u is not in the scene (%u nodes)",
                            i, node, scene->node_count);
    }
    uint32_t s0, s1;
    double alpha;
    ta__cc_interval(&h, time, &s0, &s1, &alpha);
    for (uint32_t i = 0; i < h.tracks; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, h.samples, &t);
        data += t.data_bytes;
        float a[4], b[4];
        ta__cc_decode(&t, h.samples, s0, a);
        if (s1 != s0 && t.mode != TA__CC_STEP) {
            ta__cc_decode(&t, h.samples, s1, b);
            if (t.kind == TA__CC_R) {
                double qa[4] = {a[0], a[1], a[2], a[3]}, qb[4] = {b[0], b[1], b[2], b[3]}, r[4];
                ta_quat_slerp_flat(r, qa, qb, alpha);
                for (int c = 0; c < 4; ++c) a[c] = (float)r[c];
            } else {
                for (int c = 0; c < 3; ++c) a[c] = (float)(a[c] + (b[c] - a[c]) * alpha);
            }
        }
        ta_node *n = &scene->nodes[t.node];
        if (t.kind == TA__CC_T) n->position = (ta_vec3){a[0], a[1], a[2]};
        else if (t.kind == TA__CC_S) n->scale = (ta_vec3){a[0], a[1], a[2]};
        else n->quaternion = (ta_quat){a[0], a[1], a[2], a[3]};
    }
    return TA_OK;
}

void ta__cc_window_free(ta_clip *clip)
{
    if (clip->window == NULL) return;
    ta__free(&clip->mem, clip->window, clip->window->bytes);
    clip->window = NULL;
}

/* Here, below the clip's own calls (animation_clip.c's layer), which call it. */
void ta__cc_window_sync(const ta_clip *clip)
{
    ta__cc_window *w = clip != NULL ? clip->window : NULL;
    if (w == NULL || !w->behind) return;
    /* behind only after a refill in place, whose plan and fused copy the window still maps */
    const ta__clip_fused *f = clip->fused;
    const ta__fused_group *gr = &f->groups[0];
    const size_t vl = gr->vec_lanes, rl = gr->rot_lanes;
    const uint32_t keys = w->span + 1;
    const float *times = clip->tracks[0]->times;
    for (uint32_t i = 1; i < w->header.tracks; ++i) memcpy(clip->tracks[i]->times, times, sizeof(float) * keys);
    for (uint32_t m = 0; m < w->moving; ++m) {
        const uint32_t lane = w->lane[m];
        if (lane == UINT32_MAX) continue; /* its values written by the refill */
        float *values = clip->tracks[w->index[m]]->values;
        if (w->tracks[m].kind == TA__CC_R) {
            ta__cc_from_lane(values, gr->rot + lane, rl, keys);
        } else {
            const float *plane = gr->vec + lane;
            for (uint32_t k = 0; k < keys; ++k, plane += 3 * vl, values += 3) {
                values[0] = plane[0];
                values[1] = plane[vl];
                values[2] = plane[2 * vl];
            }
        }
        if (w->slot[m] == UINT32_MAX) continue;
        float *constants = (float *)(uintptr_t)clip->plan->slerp_constants[w->slot[m]]; /* the plan's own block */
        const float *lc = gr->rot_const + lane;
        for (uint32_t k = 0; k < w->span; ++k, lc += 2 * rl) {
            constants[2 * k] = lc[0];
            constants[2 * k + 1] = lc[rl];
        }
    }
    w->behind = false;
}

void ta__cc_finish(const ta__cc_track *t, const float xyz[4], float out[4])
{
    finish(t, xyz, out);
}

bool ta__cc_kept(const ta__cc_track *t, uint32_t s)
{
    return t->kept_bits == NULL || kept_at(t->kept_bits, s);
}

uint32_t ta__cc_rank(const ta__cc_track *t, uint32_t s)
{
    return t->kept_bits == NULL ? s : rank(t->kept_bits, s);
}
