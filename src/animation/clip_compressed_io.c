/* A compressed clip's binary form: its block, written as it is and read back
 * checked. See clip_compressed.h for the layout, docs/compression.md for the form. */
#include <math.h>
#include <string.h>

#include "animation/clip_compressed.h"

const void *ta_compressed_clip_data(const ta_compressed_clip *clip, size_t *out_size)
{
    if (out_size != NULL) *out_size = clip != NULL ? ta__cc_block_bytes(clip) : 0;
    return clip != NULL ? ta__cc_block(clip) : NULL;
}

uint32_t ta_compressed_clip_track_count(const ta_compressed_clip *clip)
{
    if (clip == NULL) return 0;
    ta__cc_header h;
    ta__cc_read_header(ta__cc_block(clip), &h);
    return h.tracks;
}

ta_result ta_compressed_clip_track(const ta_compressed_clip *clip, uint32_t index, ta_compressed_track_info *out_info,
                                   float *out_times, float *out_values, ta_error *err)
{
    if (clip == NULL || out_info == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_track: %s is NULL", clip == NULL ? "clip" : "out_info");
    ta__cc_header h;
    ta__cc_read_header(ta__cc_block(clip), &h);
    if (index >= h.tracks)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_track: index %u is past the clip's %u tracks", index,
                        h.tracks);
    const unsigned char *d = ta__cc_tracks_at(ta__cc_block(clip), &h), *data = d + (size_t)TA__CC_TRACK * h.tracks;
    ta__cc_track t;
    for (uint32_t i = 0;; ++i) { /* a track's data starts where the one before it ends */
        ta__cc_read_track(d + (size_t)TA__CC_TRACK * i, data, h.samples, &t);
        if (i == index) break;
        data += t.data_bytes;
    }
    const bool moving = t.mode == TA__CC_LINEAR || t.mode == TA__CC_STEP;
    static const ta_track_kind kinds[3] = {TA_TRACK_KIND_POSITION, TA_TRACK_KIND_QUATERNION, TA_TRACK_KIND_SCALE};
    *out_info = (ta_compressed_track_info){
        .node = {t.node},
        .kind = kinds[t.kind],
        .interpolation = t.mode == TA__CC_STEP ? TA_INTERPOLATION_STEP : TA_INTERPOLATION_LINEAR,
        .constant = !moving,
        .keys = moving ? t.kept : 1,
        .components = t.kind == TA__CC_R ? 4u : 3u,
    };
    for (uint32_t s = 0, k = 0; s < h.samples && k < out_info->keys; ++s) {
        if (moving && !ta__cc_kept(&t, s)) continue;
        if (out_times != NULL) out_times[k] = (float)ta__cc_time(&h, s);
        if (out_values != NULL) {
            float v[4];
            ta__cc_decode(&t, h.samples, s, v);
            memcpy(out_values + (size_t)k * out_info->components, v, sizeof(float) * out_info->components);
        }
        k++;
    }
    return TA_OK;
}

static float f32_at(const unsigned char *p)
{
    float v;
    memcpy(&v, p, 4);
    return v;
}

static bool kept_at(const unsigned char *bits, uint32_t s)
{
    return (bits[s / 8] >> (s % 8)) & 1;
}

/* Track i's descriptor and data checked; *used: its data's bytes. */
static ta_result check_track(const unsigned char *d, const unsigned char *whole, size_t whole_left, uint32_t samples,
                             uint32_t max_nodes, uint32_t i, size_t *used, ta_error *err)
{
    const uint32_t node = ta__cc_track_node(d);
    const uint8_t kind = d[2] & 3, mode = d[2] >> 2 & 3, flag_drop = d[2] >> 4 & 7;
    const bool animated = mode == TA__CC_LINEAR || mode == TA__CC_STEP, flag7 = (d[2] & TA__CC_REDUCED) != 0;
    if (node >= max_nodes)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "ta_compressed_clip_read: tracks[%u].node %u is past max_nodes %u", i, node, max_nodes);
    if (kind > TA__CC_S) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u].kind %u is none of 0, 1, 2", i, kind);
    if (mode == TA__CC_CONSTANT16 && kind != TA__CC_R)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u].mode CONSTANT16 is for rotations, its kind is %u", i, kind);
    if (animated && whole_left < 1) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its bits byte passes the end of the data", i);
    /* a moving track's data starts with its bits byte (code); a constant's code is in its descriptor */
    const uint8_t code = ta__cc_track_code(d, whole);
    const unsigned char *data = whole + animated;
    const size_t left = whole_left - animated;
    /* a position's or scale's constant keeps its code where `dropped` is */
    const bool coded = mode == TA__CC_CONSTANT && kind != TA__CC_R && flag_drop != TA__CC_REST;
    const uint8_t drop = coded ? 0 : flag_drop, bits = ta__cc_code_bits(code), form = code >> TA__CC_RANGE_SHIFT & 3;
    const bool reduced = animated && flag7, segmented = animated && (code & TA__CC_SEGMENTED) != 0;
    const bool drop_ok = mode == TA__CC_CONSTANT ? drop == TA__CC_REST || drop == (kind == TA__CC_R ? drop % 4 : 0)
                         : kind == TA__CC_R       ? drop <= TA__CC_ALL
                                                  : drop == 0;
    if (!drop_ok || (drop == TA__CC_ALL && mode == TA__CC_CONSTANT16))
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u].dropped %u does not go with kind %u and mode %u", i,
                        drop, kind, mode);
    /* a constant's code: a position's or scale's 0, CONST24 or CONST16; a rotation's CONST24 flag only with a value */
    const bool code_ok = coded ? code <= TA__CC_CONST16 && !flag7 : mode == TA__CC_CONSTANT && kind == TA__CC_R ? !flag7 || drop != TA__CC_REST : !flag7;
    if (!animated && !code_ok)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: a constant of kind %u with flags 0x%x", i, kind,
                        (unsigned)d[2]);
    if (animated && !(bits <= 24 || bits == 32))
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u].bits %u is not 1 to 24 or 32", i, bits);
    if (animated && (((form == TA__CC_RANGE_UNIT || form == TA__CC_RANGE8) && kind != TA__CC_R) || (bits == 32 && form != TA__CC_RANGE32)))
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: range form %u with kind %u and bits %u", i, form, kind, bits);
    if (segmented && (bits == 32 || drop == TA__CC_ALL))
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: segments with bits %u, dropped %u", i, bits, drop);
    if (reduced && samples < 3) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: keys dropped of %u", i, samples);
    /* the components' bits, then the range, then the kept keys, come before the size can be known */
    const uint32_t comps = drop == TA__CC_ALL ? 4 : 3;
    const bool nibbles = animated && bits != 32 && !segmented;
    size_t nib = nibbles ? (comps * 4 + 7) / 8 : 0;
    if (left < nib) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its bits pass the end of the data", i);
    uint64_t key_bits = 0;
    uint32_t zero = 0;
    uint8_t cbits[4] = {bits, bits, bits, bits};
    for (uint32_t c = 0; c < comps && nibbles; ++c) {
        const unsigned less = (unsigned)(data[c / 2] >> (4 * (c % 2)) & 15);
        if (less > bits)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: component %u takes %u bits fewer than %u", i, c, less, bits);
        cbits[c] = (uint8_t)(bits - less);
        zero += cbits[c] == 0;
    }
    uint8_t widest = 0;
    for (uint32_t c = 0; c < comps && animated && !segmented; ++c) {
        key_bits += cbits[c];
        widest = cbits[c] > widest ? cbits[c] : widest;
    }
    if (nibbles && widest != bits) /* as the encoder writes them: `bits` is the most a component takes */
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its components take at most %u bits, not its %u", i, widest, bits);
    /* PREDICTED: the fourth nibble of three components', then the differences' bits */
    const unsigned predict = nibbles && comps == 3 ? (unsigned)(data[1] >> 4) : 0u;
    uint32_t res_bits = 0;
    if (predict > TA__CC_PREDICT_MAX)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its bits' last nibble is %u, not 0 to %u", i, predict,
                        (unsigned)TA__CC_PREDICT_MAX);
    if (predict != 0) {
        if (left < nib + 2)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its differences' bits pass the end of the data", i);
        for (uint32_t c = 0; c < 4; ++c) {
            const unsigned rb = (unsigned)(data[nib + c / 2] >> (4 * (c % 2)) & 15);
            if (c < 3 ? rb > cbits[c] : rb != 0)
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: component %u's differences take %u bits, past its %u",
                                i, c, rb, c < 3 ? cbits[c] : 0u);
            res_bits += c < 3 ? rb : 0;
        }
        nib += 2;
    }
    const size_t head = nib + (!animated ? 0 : ta__cc_range_bytes(form, comps, comps - zero));
    if (left < head) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its range passes the end of the data", i);
    for (uint32_t c = 0, e = comps; c < comps && animated && form == TA__CC_RANGE8; ++c) {
        if (cbits[c] == 0) continue;
        if (data[nib + c] > data[nib + e++])
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its range's component %u starts past its end", i, c);
    }
    uint32_t kept = samples;
    if (reduced) {
        if (left < head + (samples + 7) / 8)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its keys pass the end of the data", i);
        const unsigned char *bitset = data + head;
        kept = 0;
        for (uint32_t s = 0; s < samples; ++s) kept += kept_at(bitset, s);
        const unsigned pad = samples % 8 != 0 ? (unsigned)(bitset[samples / 8] >> (samples % 8)) : 0u;
        if (kept >= samples || pad != 0 || !kept_at(bitset, 0) || !kept_at(bitset, samples - 1))
            return ta__fail(err, TA_ERROR_PARSE,
                            "ta_compressed_clip_read: tracks[%u]: %u kept keys of %u samples, the bits past them 0x%x, the first and last %s",
                            i, kept, samples, pad, kept_at(bitset, 0) && kept_at(bitset, samples - 1) ? "kept" : "not both kept");
    }
    if (segmented) { /* each segment's part of the range and bits, before its keys' size can be known */
        const size_t at = head + (reduced ? (samples + 7) / 8 : 0), nseg = ta__cc_segments(samples);
        if (left < at || (left - at) / TA__CC_SEG_BYTES < nseg)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its segments pass the end of the data", i);
        const unsigned char *seg = data + at;
        for (uint32_t g = 0; g < nseg; ++g, seg += TA__CC_SEG_BYTES)
            for (int c = 0; c < 3; ++c) {
                if (seg[c] > seg[3 + c])
                    return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: segment %u's part starts past its end", i, g);
                if (seg[6 + c] < 1 || seg[6 + c] > bits)
                    return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: segment %u's component %d takes %u bits, not 1 to %u",
                                    i, g, c, seg[6 + c], bits);
            }
        key_bits = ta__cc_segmented_bits(data + at, reduced ? data + head : NULL, samples);
    }
    if (predict != 0) key_bits = ta__cc_predicted_bit(kept, 2u << predict, (uint32_t)key_bits, res_bits);
    const size_t bytes = ta__cc_data_bytes(mode, code, drop, kept, samples, key_bits, zero, predict != 0);
    if (bytes > whole_left) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: %zu bytes pass the end of the data", i, bytes);
    /* its numbers finite: a range (read as the decoder reads it), a constant; float32 keys are decoded below */
    if (animated) {
        ta__cc_track t;
        ta__cc_read_track(d, whole, samples, &t);
        for (uint32_t c = 0; c < comps; ++c)
            if (!isfinite(t.min[c]) || !isfinite(t.extent[c]) || fabsf(t.min[c]) > 1e30f || fabsf(t.extent[c]) > 1e30f)
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its range's component %u is %g, %g", i, c,
                                (double)t.min[c], (double)t.extent[c]);
    }
    if (mode == TA__CC_CONSTANT && drop != TA__CC_REST && code == TA__CC_CONST16 &&
        ((int8_t)data[0] < TA__CC_EXP_MIN || (int8_t)data[0] > TA__CC_EXP_MAX))
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: its exponent %d is not %d to %d", i, (int8_t)data[0],
                        TA__CC_EXP_MIN, TA__CC_EXP_MAX);
    size_t floats = mode == TA__CC_CONSTANT && drop != TA__CC_REST && code == 0 ? 3 : 0;
    for (size_t f = 0; f < floats; ++f)
        if (!isfinite(f32_at(data + 4 * f)) || fabsf(f32_at(data + 4 * f)) > 1e30f)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u]: number %zu is %g", i, f, (double)f32_at(data + 4 * f));
    *used = bytes;
    return TA_OK;
}

static ta_result check_block(const unsigned char *b, size_t size, const ta_compressed_read_options *o, ta_error *err)
{
    const uint64_t max_bytes = o != NULL && o->max_bytes ? o->max_bytes : (uint64_t)1 << 30;
    const uint32_t max_tracks = o != NULL && o->max_tracks ? o->max_tracks : 1u << 20;
    const uint64_t max_keys = o != NULL && o->max_total_keys ? o->max_total_keys : (uint64_t)1 << 26;
    const uint32_t max_nodes = o != NULL && o->max_nodes ? o->max_nodes : 1u << 16;
    if (size > max_bytes)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "ta_compressed_clip_read: %zu bytes pass max_bytes %llu", size, (unsigned long long)max_bytes);
    if (size < TA__CC_HEADER + TA__CC_TAIL)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %zu bytes, fewer than a header's %u", size, TA__CC_HEADER + TA__CC_TAIL);
    uint32_t magic;
    uint16_t version;
    memcpy(&magic, b, 4);
    memcpy(&version, b + 4, 2);
    if (magic != TA__CC_MAGIC) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: magic 0x%08x is not \"TAC1\"", magic);
    if (version != TA__CC_VERSION)
        return ta__fail(err, TA_ERROR_UNSUPPORTED, "ta_compressed_clip_read: version %u; this library reads version %u", version, TA__CC_VERSION);
    ta__cc_header h;
    ta__cc_read_header(b, &h);
    if ((h.flags & ~(uint32_t)(TA__CC_UNIFORM | TA__CC_NEAR | TA__CC_RUNS)) || (h.flags & (h.flags - 1)) != 0)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: flags 0x%x", h.flags);
    if (h.bytes != size) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: bytes %u, but the data has %zu", h.bytes, size);
    if (h.samples == 0 || h.samples > TA__CC_MAX_SAMPLES)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: samples %u is not 1 to %u", h.samples, TA__CC_MAX_SAMPLES);
    if (h.tracks == 0 || h.tracks > max_tracks)
        return ta__fail(err, h.tracks == 0 ? TA_ERROR_PARSE : TA_ERROR_LIMIT_EXCEEDED, "ta_compressed_clip_read: tracks %u is not 1 to max_tracks %u",
                        h.tracks, max_tracks);
    if ((uint64_t)h.samples * h.tracks > max_keys)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "ta_compressed_clip_read: %u samples of %u tracks pass max_total_keys %llu", h.samples,
                        h.tracks, (unsigned long long)max_keys);
    if (h.bones == 0 || h.bones > h.tracks)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: bones %u is not 1 to its %u tracks", h.bones, h.tracks);
    if (!isfinite(h.duration) || h.duration < 0)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: duration %g", (double)h.duration);
    size_t at = TA__CC_HEADER;
    if (h.times == NULL) {
        if (!isfinite(h.first) || !isfinite(h.step) || (h.samples > 1 && !(h.step > 0)) || !isfinite(h.first + (double)h.step * h.samples))
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: first time %g, step %g", (double)h.first, (double)h.step);
    }
    if (h.offsets != NULL) {
        if ((size - TA__CC_HEADER - TA__CC_TAIL) / 2 < h.samples)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %u time offsets pass the end of the data", h.samples);
        for (uint32_t s = 1; s < h.samples; ++s)
            if (!(ta__cc_time(&h, s) > ta__cc_time(&h, s - 1)))
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: time %u (%g) is not past the one before", s, ta__cc_time(&h, s));
        at += 2 * (size_t)h.samples;
    } else if (h.runs != NULL) {
        if (size - TA__CC_HEADER - TA__CC_TAIL < 2 || (size - TA__CC_HEADER - TA__CC_TAIL - 2) / TA__CC_RUN < h.run_count)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %u runs of key times pass the end of the data", h.run_count);
        uint32_t total = 0;
        double last = -INFINITY; /* the run before's last time: each run starts past it */
        for (uint32_t r = 0; r < h.run_count; ++r) {
            const unsigned char *run = h.runs + (size_t)TA__CC_RUN * r;
            uint16_t count;
            memcpy(&count, run + 4, 2);
            const double first = f32_at(run);
            if (count == 0 || !isfinite(first) || !isfinite(first + (double)h.step * count) || !(first > last))
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: run %u of key times: first %g, count %u, after %g", r, first,
                                count, last);
            last = first + (double)h.step * (count - 1);
            total += count;
        }
        /* as the encoder makes them: two runs or more, cheaper than the float32 times */
        if (h.run_count < 2 || total != h.samples || f32_at(h.runs) != h.first || 2 + (size_t)TA__CC_RUN * h.run_count >= 4 * (size_t)h.samples)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %u runs of %u key times, first %g, for %u samples from %g",
                            h.run_count, total, (double)f32_at(h.runs), h.samples, (double)h.first);
        at += 2 + (size_t)TA__CC_RUN * h.run_count;
    } else if (h.times != NULL) {
        if ((size - TA__CC_HEADER - TA__CC_TAIL) / sizeof(float) < h.samples)
            return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %u times pass the end of the data", h.samples);
        for (uint32_t s = 0; s < h.samples; ++s) {
            const float t = f32_at(b + at + 4 * (size_t)s);
            if (!isfinite(t) || (s > 0 && !(t > f32_at(b + at + 4 * (size_t)(s - 1)))))
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: times[%u] %g is not finite and past the one before", s, (double)t);
        }
        at += 4 * (size_t)h.samples;
    }
    if ((size - at - TA__CC_TAIL) / TA__CC_TRACK < h.tracks)
        return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %u tracks pass the end of the data", h.tracks);
    const unsigned char *d = b + at, *data = d + (size_t)TA__CC_TRACK * h.tracks;
    size_t left = size - TA__CC_TAIL - (size_t)(data - b);
    for (uint32_t i = 0; i < h.tracks; ++i) {
        size_t used = 0;
        ta_result r = check_track(d + (size_t)TA__CC_TRACK * i, data, left, h.samples, max_nodes, i, &used, err);
        if (r != TA_OK) return r;
        data += used;
        left -= used;
    }
    if (left != 0) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: %zu bytes after the last track", left);
    for (size_t k = 0; k < TA__CC_TAIL; ++k)
        if (b[size - TA__CC_TAIL + k] != 0) return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: the tail's byte %zu is not 0", k);
    /* every key decodes to finite numbers (a rotation of four quantized components could be 0 0 0 0) */
    data = d + (size_t)TA__CC_TRACK * h.tracks;
    for (uint32_t i = 0; i < h.tracks; ++i) {
        ta__cc_track t;
        ta__cc_read_track(d + (size_t)TA__CC_TRACK * i, data, h.samples, &t);
        data += t.data_bytes;
        for (uint32_t s = 0; s < h.samples; ++s) {
            float v[4];
            ta__cc_decode(&t, h.samples, s, v);
            if (!isfinite(v[0]) || !isfinite(v[1]) || !isfinite(v[2]) || !isfinite(v[3]))
                return ta__fail(err, TA_ERROR_PARSE, "ta_compressed_clip_read: tracks[%u] sample %u does not decode to finite numbers", i, s);
        }
    }
    return TA_OK;
}

ta_result ta_compressed_clip_read(const void *data, size_t size, const ta_compressed_read_options *options,
                                  ta_compressed_clip **out_clip, ta_error *err)
{
    if (data == NULL || out_clip == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_compressed_clip_read: %s is NULL", data == NULL ? "data" : "out_clip");
    *out_clip = NULL;
    ta_result r = check_block((const unsigned char *)data, size, options, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    if ((r = ta__mem_init(&mem, options != NULL ? options->allocator : NULL, err)) != TA_OK) return r;
    ta_compressed_clip *cc = ta__cc_clip_make(&mem, (const unsigned char *)data, size);
    if (cc == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_compressed_clip_read: out of memory for %zu bytes", size);
    *out_clip = cc;
    return TA_OK;
}
