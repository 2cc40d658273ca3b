/* The ATTRIBUTES bitstream of KHR_meshopt_compression (Appendix A, mode 0),
 * versions 0 and 1, decoded from the specification; meshopt_decode.c uses it
 * for version 1, which Debian's libmeshoptimizer (0.18) predates.
 *
 * Every read is checked against the end of the stream before it is made, and
 * every write stays in the destination or the block buffer below, so a
 * hostile stream is refused, never read past. A stream is refused where the
 * specification calls it invalid: a wrong header, too short for its tail, a
 * block that runs into the tail, bytes left between the last block and the
 * tail, a channel mode of 3 or more, or rotation bits on a channel mode that
 * takes none. */
#include "io/meshopt_decode.h"

#include <string.h>

enum {
    BLOCK_BYTES = 8192, /* an attribute block holds at most this many bytes of elements */
    BLOCK_MAX = 256,    /* and at most this many elements */
    GROUP = 16          /* elements share a delta encoding mode in groups of 16 */
};

/* Bit lengths by header bits: version 0, then version 1 by control mode 0
 * and 1 (8 is a byte stored as is, 0 a delta of zero). */
static const int bits_v0[4] = {0, 2, 4, 8};
static const int bits_v1[2][4] = {{0, 1, 2, 4}, {1, 2, 4, 8}};

typedef struct reader {
    const uint8_t *p, *end; /* end: where the tail (and its padding) starts */
} reader;

/* n bytes stored as they are; false when the stream ends first. */
static bool take(reader *r, uint8_t *out, size_t n)
{
    if ((size_t)(r->end - r->p) < n) return false;
    memcpy(out, r->p, n);
    r->p += n;
    return true;
}

/* One group of 16 deltas stored with `bits` bits each and sentinel bytes
 * after; false when the stream ends first. */
static bool read_group(reader *r, uint8_t out[GROUP], int bits)
{
    if (bits == 0) {
        memset(out, 0, GROUP);
        return true;
    }
    if (bits == 8) return take(r, out, GROUP);
    size_t packed = (size_t)(GROUP * bits / 8);
    if ((size_t)(r->end - r->p) < packed) return false;
    const uint8_t *codes = r->p;
    r->p += packed;
    unsigned sentinel = (1u << bits) - 1;
    int per_byte = 8 / bits;
    for (int m = 0; m < GROUP; ++m) {
        uint8_t byte = codes[m / per_byte];
        /* 1-bit codes run from the low bit up; 2- and 4-bit ones from the
         * high bits down. */
        int shift = bits == 1 ? m % 8 : 8 - bits * (m % per_byte + 1);
        unsigned code = (byte >> shift) & sentinel;
        if (code == sentinel) {
            if (r->p == r->end) return false;
            code = *r->p++;
        }
        out[m] = (uint8_t)code;
    }
    return true;
}

/* The deltas of one byte position of a block: `count` of them into out
 * (room for count rounded up to 16). */
static bool read_byte_deltas(reader *r, uint8_t *out, size_t count, int version, int control)
{
    if (control == 2) {
        memset(out, 0, count);
        return true;
    }
    if (control == 3) return take(r, out, count);
    size_t groups = (count + GROUP - 1) / GROUP;
    size_t header_size = (groups + 3) / 4;
    if ((size_t)(r->end - r->p) < header_size) return false;
    const uint8_t *header = r->p;
    r->p += header_size;
    for (size_t g = 0; g < groups; ++g) {
        int mode = (header[g / 4] >> (g % 4 * 2)) & 3;
        int bits = version == 0 ? bits_v0[mode] : bits_v1[control][mode];
        if (!read_group(r, out + g * GROUP, bits)) return false;
    }
    return true;
}

static uint32_t unzigzag(uint32_t v) { return (v >> 1) ^ (0u - (v & 1)); }

const char *ta__meshopt_decode_vertex(uint8_t *dst, size_t count, size_t stride, const uint8_t *src, size_t size)
{
    if (stride < 4 || stride > 256 || stride % 4 != 0) return "the element size is not 4 to 256, a multiple of 4";
    if (size < 1 || (src[0] & 0xF0) != 0xA0) return "the vertex stream's header byte is not 0xA0 or 0xA1";
    int version = src[0] & 0x0F;
    if (version > 1) return "the vertex stream is of a codec version past 1";
    size_t tail = stride + (version == 0 ? 0 : stride / 4);
    size_t tail_padded = tail < (version == 0 ? 32u : 24u) ? (version == 0 ? 32u : 24u) : tail;
    if (size - 1 < tail_padded) return "the vertex stream is shorter than its tail";
    const uint8_t *tail_at = src + size - tail;
    const uint8_t *channels = version == 0 ? NULL : tail_at + stride;
    for (size_t c = 0; channels != NULL && c < stride / 4; ++c) {
        unsigned mode = channels[c] & 0x0F;
        if (mode > 2 || (mode != 2 && (channels[c] >> 4) != 0))
            return "the vertex stream has a channel mode the specification does not define";
    }
    uint8_t last[256];
    memcpy(last, tail_at, stride);
    reader r = {src + 1, src + size - tail_padded};
    size_t block_max = (BLOCK_BYTES / stride) & ~(size_t)(GROUP - 1);
    if (block_max > BLOCK_MAX) block_max = BLOCK_MAX;
    /* One block's deltas for 4 byte positions, each padded to whole groups. */
    uint8_t deltas[4][BLOCK_MAX];
    for (size_t base = 0; base < count; base += block_max) {
        size_t n = count - base < block_max ? count - base : block_max;
        const uint8_t *control = r.p;
        if (version != 0) {
            if ((size_t)(r.end - r.p) < stride / 4) return "the vertex stream ends inside a block";
            r.p += stride / 4;
        }
        for (size_t k = 0; k < stride; k += 4) {
            for (size_t j = 0; j < 4; ++j) {
                int ctrl = version == 0 ? 0 : (control[k / 4] >> (j * 2)) & 3;
                if (!read_byte_deltas(&r, deltas[j], n, version, ctrl)) return "the vertex stream ends inside a block";
            }
            unsigned channel = version == 0 ? 0 : channels[k / 4];
            uint8_t *out = dst + base * stride + k;
            for (size_t i = 0; i < n; ++i, out += stride) {
                switch (channel & 3) {
                case 0:
                    for (size_t j = 0; j < 4; ++j) out[j] = last[k + j] = (uint8_t)(last[k + j] + unzigzag(deltas[j][i]));
                    break;
                case 1:
                    for (size_t j = 0; j < 4; j += 2) {
                        uint32_t d = unzigzag((uint32_t)deltas[j][i] | (uint32_t)deltas[j + 1][i] << 8) & 0xFFFF;
                        uint32_t v = ((uint32_t)last[k + j] | (uint32_t)last[k + j + 1] << 8) + d;
                        out[j] = last[k + j] = (uint8_t)v;
                        out[j + 1] = last[k + j + 1] = (uint8_t)(v >> 8);
                    }
                    break;
                default: {
                    uint32_t d = (uint32_t)deltas[0][i] | (uint32_t)deltas[1][i] << 8 | (uint32_t)deltas[2][i] << 16 |
                                 (uint32_t)deltas[3][i] << 24;
                    unsigned rot = channel >> 4;
                    /* The encoder rotated left by rot; undo it. */
                    if (rot != 0) d = d >> rot | d << (32 - rot);
                    for (size_t j = 0; j < 4; ++j) out[j] = last[k + j] = (uint8_t)(last[k + j] ^ (d >> (8 * j)));
                    break;
                }
                }
            }
        }
    }
    if (r.p != r.end) return "the vertex stream has bytes left between its blocks and its tail";
    return NULL;
}
