/*
 * src/animation/clip_compressed_lanes.h -- a compressed window's rotations read
 * key by key in lanes: each lane a track whose every sample is kept, in
 * quantized numbers of three components (PREDICTED or not, one range for all
 * its keys), read on from where its last key ended. fused_kernels.h's cc_keys
 * reads one key of every lane (gathers on AVX2 and AVX-512, this lane by lane
 * elsewhere); clip_compressed_window.c sets the lanes up and takes their
 * numbers back. Not public; a leaf, so that the kernels can take it.
 *
 * A lane reads the numbers clip_compressed_window.c's cursor reads, by the same
 * operations: a key whole (bits `cbits` a component) when the sample's place
 * among the PREDICTED track's whole keys says so ((r & every) < 2; every 0: not
 * PREDICTED, every key whole), else a difference (bits `rbits`, two's
 * complement) added to the step from the key before; q is the key's number,
 * step its difference from the one before, modulo 2^32 (modulo 2^bits is all
 * the mask keeps). The value is min + q * scale in float32 (test_clip_compress
 * holds every path to the window's decoders bit for bit).
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_LANES_H
#define THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_LANES_H

#include <stdint.h>
#include <string.h>

/* n lanes' state, each array n long (three: component c of lane i at c * n + i). A lane that is
 * not read (active 0) has every bit count 0: it reads nothing, and cc_keys writes nothing of it. */
typedef struct ta__cc_lanes {
    const unsigned char *keys; /* the block: each lane's keys start off[i] bytes into it */
    uint32_t n;
    uint32_t *off, *bit, *every, *active; /* bit: where the next key starts; every: a PREDICTED track's every - 1 */
    uint32_t *cbits, *rbits, *qmask, *dmask, *dsign, *q, *step; /* three each */
    float *min, *scale;                                          /* three each */
} ta__cc_lanes;

/* Lane i's key at sample r (the one after the key it read last): its three values to x y z. */
static inline void ta__cc_lane_key(const ta__cc_lanes *st, uint32_t i, uint32_t r, float *x, float *y, float *z)
{
    const uint32_t n = st->n;
    const int whole = (r & st->every[i]) < 2;
    uint32_t bit = st->bit[i];
    float v[3];
    for (uint32_t c = 0; c < 3; ++c) {
        const uint32_t j = c * n + i, nb = whole ? st->cbits[j] : st->rbits[j];
        uint32_t word = 0;
        if (nb > 0) memcpy(&word, st->keys + st->off[i] + bit / 8, 4); /* the block's tail keeps this inside; 0 bits read nothing */
        const uint32_t d = (word >> (bit % 8)) & (whole ? st->qmask[j] : st->dmask[j]);
        bit += nb;
        uint32_t q;
        if (whole) {
            q = d;
        } else {
            st->step[j] += (d ^ st->dsign[j]) - st->dsign[j];
            q = (st->q[j] + st->step[j]) & st->qmask[j];
        }
        st->step[j] = q - st->q[j];
        st->q[j] = q;
        v[c] = st->min[j] + (float)q * st->scale[j];
    }
    st->bit[i] = bit;
    *x = v[0];
    *y = v[1];
    *z = v[2];
}

/* Lane i's keys at samples r to r + count - 1 (ta__cc_lane_key, key after key): key k's three
 * values to out + k * key_stride + i, stride floats apart. An inactive lane's left as it was. */
static inline void ta__cc_lane_keys(const ta__cc_lanes *st, uint32_t i, uint32_t r, uint32_t count, float *out,
                                    size_t key_stride, size_t stride)
{
    for (uint32_t k = 0; st->active[i] && k < count; ++k) {
        float *o = out + k * key_stride + i;
        ta__cc_lane_key(st, i, r + k, &o[0], &o[stride], &o[2 * stride]);
    }
}

#endif
