/*
 * src/animation/clip_compressed.h -- a compressed clip's block, its decoder
 * and the error metric its encoder keeps under. Not public
 * (threeanim/clip_compress.h is).
 *
 * The block is the clip, and the binary form is the block (docs/compression.md):
 *
 *   header (32 bytes): magic "TAC1", version, flags (uint16), bytes (uint32), samples,
 *     bones (uint16), tracks (uint32), duration, first time, step (float32; UNIFORM: time k is
 *     first + k * step, the clip's own within 4e-7 or, where the encoder put them on the grid,
 *     1/4096 of a step; NEAR: int16 offsets[samples] follow the header, time k being
 *     first + (k + offsets[k] / 2^24) * step rounded to float32; RUNS: uint16 runs follow, then
 *     per run float32 first and uint16 count, time k being the first of its run + j * step, j its
 *     place in the run (the Fox's Run: two runs of 1/24 s, a gap of 0.2 s between them); else
 *     float32 times[samples] follow)
 *   tracks * 3 bytes: uint16 node, kind | mode << 2 | dropped << 4 | REDUCED (a constant's
 *     code: a position's or scale's in `dropped`, 0 float32, 1 CONST24, 2 CONST16; a rotation's
 *     CONST24 in the REDUCED bit)
 *   each track's data, in track order, not aligned:
 *     CONSTANT: float32 x y z (a rotation's: its components but the dropped one, which is
 *       made from them, >= 0); CONST24: each the high 3 bytes of a float32; CONST16 (positions,
 *       scales): int8 e, then int16 x y z, each q * 2^e (dropped REST: the kind's identity, no
 *       data)
 *     CONSTANT16 (rotations): the same as uint16 q, -1 + q * 2 / 65535
 *     LINEAR or STEP: the bits byte, bits - 1 | range form << 5 | SEGMENTED (bits: the most a
 *       component takes, 1 to 24 or 32); unless bits is 32 or SEGMENTED, a nibble a component: how many bits fewer
 *       than `bits` it takes (low nibble first, in 2 bytes; 0 bits: its min at every key); of three
 *       components, the fourth nibble P: 0, or 1 to 5 when the keys are PREDICTED (every 2^(P+1)-th
 *       kept key and the one after it whole, each other one its difference from the line through
 *       the two before it, 2 q1 - q0, modulo 2^bits), then 2 bytes of a nibble a component: the
 *       bits of its difference (0 to 15, at most the component's; the fourth nibble 0); the
 *       range, min[c] of every component then extent[c] of those of more than 0 bits: float32
 *       (form RANGE32), bfloat16 (the high half of a float32, form RANGE16), none (RANGE_UNIT,
 *       rotations: -1 and 2) or, for rotations, uint8 min[c] then max[c] in 255ths of -1..1
 *       (RANGE8, as a segment's part); when REDUCED a bitset of samples bits, bit s set when
 *       sample s is kept (the first and the last are), the bits past the samples 0; when
 *       SEGMENTED, per 16 samples uint8 min[3] and max[3]: the part of the range
 *       the segment's keys are quantized over (min + extent * q / 255), as ACL
 *       does, and uint8 bits[3], its keys' bits a component (1 to `bits`); then the kept keys'
 *       x y z, each its bits (PREDICTED: a difference its difference's bits, two's complement),
 *       little end first (bits 32: float32 as they are, and a rotation of dropped TA__CC_ALL all four)
 *   3 bytes of zero, so that a 32-bit read of the last key stays inside
 *
 * A rotation is kept as three of its components, the one dropped made >= 0
 * (q and -q are one rotation): the track's largest over its samples, so that
 * the square root that makes it again stays well conditioned (w, dropped
 * always, loses precision near a half turn). A
 * sample that is not kept is the two kept keys around it mixed (lerp, a
 * rotation's lerp made unit): the encoder checks its error through this very
 * decoder, so what it measured is what plays.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_H
#define THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "animation/clip_compressed_lanes.h"
#include "animation/clip_compressed_rotation.h"
#include "core/internal.h"
#include "threeanim/clip_compress.h"

#define TA__CC_MAGIC 0x31434154u /* "TAC1" */
#define TA__CC_VERSION 5u
#define TA__CC_HEADER 32u
#define TA__CC_TRACK 3u
#define TA__CC_TAIL 3u
#define TA__CC_MAX_SAMPLES 65535u

enum { TA__CC_UNIFORM = 1, TA__CC_NEAR = 2, TA__CC_RUNS = 4 };  /* header flags: one of them or none */
enum { TA__CC_RUN = 6 }; /* a run of key times: float32 first, uint16 count */
enum { TA__CC_T = 0, TA__CC_R = 1, TA__CC_S = 2 };             /* kinds */
enum { TA__CC_CONSTANT = 0, TA__CC_LINEAR = 1, TA__CC_STEP = 2, TA__CC_CONSTANT16 = 3 }; /* modes */
enum { TA__CC_REDUCED = 0x80 };
/* the bits byte: bits - 1, the range form, a flag; samples a segment */
enum { TA__CC_SEGMENTED = 0x80, TA__CC_BITS = 0x1f, TA__CC_SEGMENT = 16, TA__CC_SEG_BYTES = 9 };
enum { TA__CC_RANGE32 = 0, TA__CC_RANGE16 = 1, TA__CC_RANGE_UNIT = 2, TA__CC_RANGE8 = 3, TA__CC_RANGE_SHIFT = 5 }; /* range forms */
/* a CONSTANT's bits byte: its numbers in 24 bits, a float32's high three bytes; or (positions and
 * scales) an int8 exponent e and three int16 q, each q * 2^e */
enum { TA__CC_CONST24 = 1, TA__CC_CONST16 = 2 };
enum { TA__CC_EXP_MIN = -120, TA__CC_EXP_MAX = 80 }; /* CONST16's exponents: 32767 * 2^80 stays below 1e30 */
/* PREDICTED keys: a whole key (and the one after it) every 2^(P+1) kept keys, P 1 to this: a key
 * is read by at most 63 differences from the whole one before it */
enum { TA__CC_PREDICT_MAX = 5 };
enum { TA__CC_REST = 7 }; /* a CONSTANT's `dropped` when it is the identity (0 0 0, 0 0 0 1, 1 1 1): no data */

/* The handle, the block right after it in the same allocation. */
struct ta_compressed_clip {
    ta__mem mem;
};

/* A clip's block and its bytes (the header's). */
const unsigned char *ta__cc_block(const ta_compressed_clip *clip);
size_t ta__cc_block_bytes(const ta_compressed_clip *clip);
/* A clip of block (bytes long) copied after its handle; NULL when out of memory. */
ta_compressed_clip *ta__cc_clip_make(const ta__mem *mem, const unsigned char *block, size_t bytes);

typedef struct ta__cc_header {
    uint32_t samples, tracks, bones, flags, bytes;
    float duration, first, step;
    const float *times; /* NULL when UNIFORM or NEAR */
    const unsigned char *offsets; /* NEAR: int16 a sample, in 2^-24ths of the step; else NULL */
    const unsigned char *runs;    /* RUNS: run_count runs of TA__CC_RUN bytes; else NULL */
    uint32_t run_count;
} ta__cc_header;

/* One track as the decoder reads it. */
typedef struct ta__cc_track {
    uint32_t node;
    uint8_t kind, mode, bits, drop;  /* bits: the most a component takes (32: float32) */
    uint8_t comps, form;             /* components stored; range form */
    uint8_t cbits[4];                /* each component's bits */
    uint32_t key_bits;               /* a key's: the sum of cbits (SEGMENTED: each segment's own) */
    uint32_t every;                  /* PREDICTED: a whole key every this many kept keys (4 to 64); 0: not */
    uint8_t rbits[4];                /* PREDICTED: each component's difference's bits */
    uint32_t res_bits;               /* PREDICTED: the sum of rbits */
    uint32_t kept;
    float min[4], extent[4];         /* the range, read */
    const unsigned char *range;      /* the data (CONSTANT: the value) */
    const unsigned char *kept_bits; /* NULL: every sample kept */
    const unsigned char *segments;  /* NULL, or per segment the range's part: uint8 min[3], max[3] of 255 */
    const unsigned char *keys;
    size_t data_bytes;          /* from range to the next track's */
} ta__cc_track;

/* Bytes of a track's data (code: the descriptor's bits byte; key_bits: a key's bits, the sum
 * over its components, or when predicted all its keys' bits; zero: its components of 0 bits,
 * whose range has no extent; predicted: its keys PREDICTED, the differences' bits' 2 bytes). */
size_t ta__cc_data_bytes(uint8_t mode, uint8_t code, uint8_t drop, uint32_t kept, uint32_t samples, uint64_t key_bits, uint32_t zero,
                         bool predicted);
/* Bits before the r-th kept key of a PREDICTED track (whole keys of whole_bits, a whole one and the
 * one after it every `every`, the others diff_bits): at r = kept, all its keys' bits. */
uint64_t ta__cc_predicted_bit(uint32_t r, uint32_t every, uint32_t whole_bits, uint32_t diff_bits);
/* The next quantized number of a PREDICTED component: the line through q0 and q1 (2 q1 - q0) and
 * the difference d of dbits (two's complement), modulo 2^bits. Unsigned: it wraps modulo 2^32,
 * then 2^bits, so that what any bytes give is a number of `bits`. Inline: the window's step
 * reads one a component. */
static inline uint32_t ta__cc_predict(uint32_t q0, uint32_t q1, uint32_t d, uint8_t dbits, uint8_t bits)
{
    const uint32_t sign = dbits > 0 ? (d >> (dbits - 1)) << dbits : 0u;
    return (2u * q1 - q0 + d - sign) & ((1u << bits) - 1);
}
/* A segmented track's keys' bits: each segment's kept keys times its bits (kept_bits NULL: all kept). */
uint64_t ta__cc_segmented_bits(const unsigned char *segments, const unsigned char *kept_bits, uint32_t samples);
/* Bytes of a range in `form` of `mins` components' mins and `extents` extents. */
size_t ta__cc_range_bytes(unsigned form, size_t mins, size_t extents);
/* A descriptor's bits byte read: the most bits, the range form. */
uint8_t ta__cc_code_bits(uint8_t code);
/* bfloat16: a float32's high half, and one rounded toward +inf (up) or -inf. */
float ta__cc_b16(uint16_t h);
/* A float32's high 24 bits, rounded to the nearest (low 3 bytes of the result), and back. */
uint32_t ta__cc_to_f24(float x);
float ta__cc_f24(uint32_t v);
uint16_t ta__cc_to_b16(float x, bool up);
void ta__cc_read_header(const unsigned char *block, ta__cc_header *h);
/* Track i's descriptor at d (the block's track table) and its data at data. */
void ta__cc_read_track(const unsigned char *d, const unsigned char *data, uint32_t samples, ta__cc_track *t);
/* Segments of a track of `samples`, and the range a segment's keys are quantized over. */
uint32_t ta__cc_segments(uint32_t samples);
void ta__cc_segment_range(float min, float extent, uint8_t qmin, uint8_t qmax, float *out_min, float *out_extent);
/* A descriptor's node; its code (a moving track's bits byte, the first of its data; a constant's
 * CONST24, CONST16 or 0). */
uint32_t ta__cc_track_node(const unsigned char *d);
uint8_t ta__cc_track_code(const unsigned char *d, const unsigned char *data);
/* A CONSTANT16 number; a CONST16 number (q * 2^e). */
float ta__cc_unit16(uint16_t q);
float ta__cc_const16(int16_t q, int8_t e);
/* Where the track table and the first track's data are. */
const unsigned char *ta__cc_tracks_at(const unsigned char *block, const ta__cc_header *h);
/* Every sample of a track, in order (out: samples * 4), as ta__cc_decode gives them. */
void ta__cc_decode_all(const ta__cc_track *t, uint32_t samples, float *out);
/* Sample s of a track (x y z, or x y z w for a rotation). */
void ta__cc_decode(const ta__cc_track *t, uint32_t samples, uint32_t s, float out[4]);
/* Sample u of the way from kept key a to kept key b (x y z each), as the decoder mixes them. */
void ta__cc_mix(uint8_t kind, uint8_t drop, const float a[4], const float b[4], float u, float out[4]);
/* Key time k of the clip. */
double ta__cc_time(const ta__cc_header *h, uint32_t k);
/* (float)ta__cc_time of samples k to k + n - 1, into out: the run found once. */
void ta__cc_times(const ta__cc_header *h, uint32_t k, uint32_t n, float *out);
/* Two rotations (unit, x y z w) mixed as the decoder mixes them: a lerp made unit, the shorter way. */
void ta__cc_nlerp(const float qa[4], const float qb[4], float u, float out[4]);
/* ta__cc_nlerp in two parts, for a caller that mixes one pair at many u (the window): the
 * difference qb - qa, qb turned to qa's side first; and qa plus u times it, made unit. */
static inline void ta__cc_nlerp_difference(const float qa[4], const float qb[4], float d[4])
{
    const float sign = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3] < 0 ? -1.0f : 1.0f;
    for (int c = 0; c < 4; ++c) d[c] = sign * qb[c] - qa[c];
}
static inline void ta__cc_nlerp_at(const float qa[4], const float d[4], float u, float out[4])
{
    float len = 0;
    for (int c = 0; c < 4; ++c) {
        out[c] = qa[c] + d[c] * u;
        len += out[c] * out[c];
    }
    len = 1 / sqrtf(len);
    for (int c = 0; c < 4; ++c) out[c] *= len;
}
/* The grid sample interval of time: *s0 and *s1 (equal when held) and alpha in [0, 1]. */
/* Whether time, before the key time t1, counts as at t1 (ta__cc_interval's rule). */
bool ta__cc_at_next_key(const ta__cc_header *h, double t1, double time);
void ta__cc_interval(const ta__cc_header *h, double time, uint32_t *s0, uint32_t *s1, double *alpha);
/* q quantized to `bits` (1..16) over [min, min + extent], and back: the decoder's numbers. */
uint32_t ta__cc_quantize(float v, float min, float extent, uint8_t bits);
float ta__cc_dequantize(uint32_t q, float min, float extent, uint8_t bits);
/* A track's kept keys, one at a time: a kept key's x y z made a value (finish), whether
 * sample s is kept, and how many are kept before s (ta__cc_key_walk reads one). */
void ta__cc_finish(const ta__cc_track *t, const float xyz[4], float out[4]);
bool ta__cc_kept(const ta__cc_track *t, uint32_t s);
uint32_t ta__cc_rank(const ta__cc_track *t, uint32_t s);

/* Where a reading of a PREDICTED track's keys stands: the kept key r last read (UINT32_MAX: none),
 * the bit after it, and the quantized numbers of it (q[1]) and of the one before (q[0]). */
typedef struct ta__cc_pred {
    uint32_t r;
    size_t bit;
    uint32_t q[2][4];
} ta__cc_pred;

/* The r-th kept key's quantized numbers of a PREDICTED track, read on from where p stands (from
 * the whole key before r when r is behind it or past the next whole one), p moved to r. */
void ta__cc_pred_read(const ta__cc_track *t, ta__cc_pred *p, uint32_t r, uint32_t q[4]);

/* Where a walk through a segmented track's keys stands: the first segment not summed, the bit
 * it starts at and the kept keys before it. Zeroed: at the start. */
typedef struct ta__cc_walk {
    uint32_t segment, before;
    size_t bit;
} ta__cc_walk;

/* The r-th kept key's x y z (sample s's), the segments before s's summed from where walk
 * stands (from the start when s's is before it), walk moved to s's: a walk forward reads each
 * segment's size once. */
void ta__cc_key_walk(const ta__cc_track *t, uint32_t r, uint32_t s, ta__cc_walk *walk, float out[4]);

/* ---- a window: a clip of span + 1 keys a track the mixer plays (clip_compressed_window.c) ---- */

/* A window's key intervals: its keys are those of span + 1 grid samples, refilled once the time
 * leaves them (fewer in a clip of fewer samples; one in a clip with a moving STEP track on a grid or
 * runs, see ta__cc_window). Eight: a refill's own cost (the times of every track, the planes moved,
 * the calls) is paid once for eight samples, and the mixer reads the interval inside as a float
 * clip's. */
enum { TA__CC_SPAN = 8 };

/* Where a moving track's decoding stands: kept keys i <= j around the last sample asked for
 * (the r-th and the next), as values (a rotation made whole). */
typedef struct ta__cc_cursor {
    uint32_t i, j, r;
    float a[4], b[4];
    float d[4]; /* b - a (a rotation's b turned to a's side first): the mixes' differences, */
    uint32_t di, dj; /* of the kept keys di and dj (di UINT32_MAX: none yet) */
    ta__cc_walk walk;
    /* the segment its keys were last read in (its number + 1; 0: none, and always 1 for a track
     * without segments): where its kept keys start, their bits, each component's bits, least
     * value and step, so that a key is read without summing the segments or a division */
    uint32_t seg, before, key_bits;
    size_t bit;
    uint8_t cbits[4];
    float min[4], scale[4];  /* scale -0 for a component of 0 bits: min + 0 * -0 is min, -0 too */
    uint32_t qmask[4];       /* each component's bits' mask */
    /* PREDICTED: each difference's bits' mask and its sign bit (0 for 0 bits): (d ^ sign) - sign
     * is d as a two's complement number, ta__cc_predict's d - sign */
    uint32_t dmask[3], dsign[3];
    ta__cc_pred pred; /* a PREDICTED track's */
} ta__cc_cursor;

typedef struct ta__cc_window {
    const ta_compressed_clip *source;
    /* key intervals (1 to TA__CC_SPAN): keys span + 1 a track. 1 when a moving track is STEP and
     * the key times are a grid or runs: a time just before a key time is at it there
     * (ta__cc_at_next_key), which a window of one interval gives (the time reads before its
     * first key: that key) and the mixer's own seek inside a wider one does not */
    uint32_t span;
    uint32_t first;          /* the grid sample its first key holds; UINT32_MAX: none yet */
    uint32_t moving;         /* tracks whose keys change (not constants) */
    ta__cc_track *tracks;    /* moving: each read once */
    uint32_t *index;         /* moving: its track in the window */
    ta__cc_cursor *cursor;   /* moving */
    uint8_t *changes;        /* the window's tracks: 1 when its keys change (what the refills redo) */
    /* moving: its lane in the fused group's vector or rotation planes, and its slot in the plan's
     * slerp constants (UINT32_MAX: none), valid for the plan and fused copy named beside them */
    uint32_t *lane, *slot;
    /* per key of the window (span + 1 rows) and lane of the fused rotation planes
     * (rot_drop_count of them, those of the fused copy made with the window): the drop
     * rot_finish makes that key whole by: a raw rotation's, the same in every row; TA__CC_ALL
     * for a reduced rotation's mix between two kept keys, whose normalisation is left to it
     * (mixed: how many such rotations); else TA__CC_KEEP. raw_mapped: rot_finish runs, set for
     * the plan and fused copy named below */
    uint32_t *rot_drop;
    uint32_t rot_drop_count, mixed;
    bool drop_three; /* no drop is TA__CC_ALL (none mixed, no raw rotation of four): rot_finish3 */
    /* the lanes up to the last moving rotation's (rot_last), in vectors of 16: what the lane
     * reads take (rot_finish and rot_constants: rot_last in the kernels' own vectors) */
    uint32_t rot_used, rot_last;
    bool raw_mapped;
    bool lane_constants; /* the refill makes the intervals' constants all lanes at once (rot_constants) */
    /* an interval's constants are first tried by rot_settle (a float dot), worth it where every
     * lane is equal or near (the Fox's Survey: 85% of its intervals) and wasted where not (its
     * Run, CesiumMan: almost never): after an interval it did not settle, the next 2^f - 1 go
     * straight to rot_constants, f the intervals in a row it did not settle (up to 6) */
    uint8_t screen_skip, screen_fails;
    /* the raw rotations read in lanes (cc_keys): those of three components and one range (no
     * segments), rot_drop_count lanes; lane_reads: how many of them, 0 when none is */
    ta__cc_lanes lanes;
    uint32_t lane_reads;
    const void *mapped_plan, *mapped_fused;
    /* the tracks of lanes (values and times) and their slots of the plan's slerp constants lag the
     * fused planes, which a refill in place wrote alone (the fused path reads only those and the
     * first track's times): ta__cc_window_sync brings them up before anything else reads them */
    bool behind;
    /* the moving tracks a refill in place decodes a track at a time (order_decoded of them), then
     * those read in lanes; and the sample the lane reads stand before (UINT32_MAX: none), where a
     * refill that goes on from the last one's keys needs no lane_start */
    uint32_t *order, order_decoded, lanes_at;
    ta__cc_header header;    /* the source's, read once */
    double from, to;         /* key times first and first + span: a time in [from, to) keeps the window */
    /* a time in [keep_from, keep_below) keeps the window by ta__cc_window_seek's rule, tested
     * without a call (ta__cc_window_keeps): the first window's from and the last's to open, the
     * others' to less twice the margin of a time at the next key (ta__cc_at_next_key) */
    double keep_from, keep_below;
    size_t bytes;            /* of the block tracks to changes point into */
    /* the one action that plays it (its keys are that action's time's): set by ta_action_create,
     * cleared when that action is freed; NULL: none yet */
    const struct ta_action *player;
} ta__cc_window;

/* The window's keys made those of span + 1 grid samples from the interval around time (and the
 * fused planes and plan constants with them), when that interval is not among its own, with the
 * mixer's kernels (NULL: the scalar set; every set gives the same numbers). Allocates nothing; a
 * clip without a window is left alone. */
struct ta__fused_kernels;
void ta__cc_window_seek(const struct ta_clip *clip, double time, const struct ta__fused_kernels *kernels);
/* Whether the window keeps its keys at time for certain (ta__cc_window_seek would leave it):
 * the mixer's test before the call. False near its ends, where the seek decides. */
static inline bool ta__cc_window_keeps(const ta__cc_window *w, double time)
{
    return time >= w->keep_from && time < w->keep_below;
}
/* The window's tracks and plan constants made its fused planes' again, when a refill left them
 * behind (ta__cc_window's `behind`): before the mixer's general path reads the clip, and before
 * any call that reads a clip's tracks (ta_clip_track, copies, edits, subclips, compression).
 * Allocates nothing; a clip without a window, or one not behind, is left alone. */
void ta__cc_window_sync(const struct ta_clip *clip);
void ta__cc_window_free(struct ta_clip *clip);
/* A lane of the fused rotation planes back to n keys, 4 floats a key (to_lane's inverse, clip_compressed_window.c). */
static inline void ta__cc_from_lane(float *v, const float *plane, size_t lanes, uint32_t n)
{
    for (uint32_t k = 0; k < n; ++k, plane += 4 * lanes, v += 4) {
        v[0] = plane[0];
        v[1] = plane[lanes];
        v[2] = plane[2 * lanes];
        v[3] = plane[3 * lanes];
    }
}

/* ---- the error metric (clip_compress_error.c) ---------------------------------------- */

/* The hierarchy the error is measured over: the clip's bones and the nodes
 * between them, parents first, each node's parent an earlier entry or -1
 * (object space: the parent of a topmost bone). A node that is not a bone
 * keeps the scene's values. */
typedef struct ta__cc_rig {
    uint32_t count;       /* nodes */
    uint32_t bones;       /* of them, the clip's: bone b is node bone_node[b] of this list */
    uint32_t *scene_node; /* count */
    int32_t *parent;      /* count */
    int32_t *bone_of;     /* count: the bone it is, -1 for a node between */
    uint32_t *bone_node;  /* bones */
    double *rest;         /* count * 10: T R S of every node, from the scene */
    double top_scale;     /* the largest scale of the space the topmost bones sit in, from the scene */
    size_t bytes;
} ta__cc_rig;

/* bones: scene node indices of the clip's bones (distinct). */
ta_result ta__cc_rig_make(const ta__mem *mem, const ta_scene *scene, const uint32_t *bones, uint32_t bone_count,
                          ta__cc_rig *rig, ta_error *err);
void ta__cc_rig_free(const ta__mem *mem, ta__cc_rig *rig);
/* Object-space 3x4 matrices (row-major, 12 doubles each) of every rig node,
 * the bones taking pose[b * 10 ...] (T R S), the others their rest. */
void ta__cc_object(const ta__cc_rig *rig, const double *pose, double *out);
/* Per bone, the error of lossy against raw at one sample: the largest distance
 * between the places the two poses give the three points at `shell` on the
 * bone's axes. work: 24 * rig->count doubles. */
void ta__cc_pose_error(const ta__cc_rig *rig, const double *raw, const double *lossy, double shell, double *work,
                       double *out);

#endif
