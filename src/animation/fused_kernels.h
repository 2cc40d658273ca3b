/*
 * src/animation/fused_kernels.h -- the vector loops of the mixer's fused path,
 * built once per instruction set and chosen per mixer when it is made. Not
 * public.
 *
 * Every variant computes the same numbers bit for bit as the general path:
 * the same operations in the same order and precision (LINEAR vec3 lerps in float32,
 * rotations in float32 through slerp_lane.h and slerp_constants.h, no
 * contraction into FMA), only
 * more lanes at a time. Planes are arrays of n floats, n a multiple of
 * TA__FUSED_WIDTH.
 *
 * The curves (SMOOTH, CUBIC_SPLINE, BEZIER) are read into doubles, one
 * component plane of at most TA__FUSED_CHUNK lanes at a time, with
 * interpolant.h's per-number formulas, then mixed into the float piles.
 */
#ifndef THREEANIM_SRC_ANIMATION_FUSED_KERNELS_H
#define THREEANIM_SRC_ANIMATION_FUSED_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "animation/clip_compressed_lanes.h"

/* Lanes a curve kernel reads at a time: its doubles stay in a few KiB of stack. */
#define TA__FUSED_CHUNK 64u
/* Far pairs (far_slerp) a kernel call takes at most. */
#define TA__FAR_LANES 32u

typedef enum ta__simd {
    TA__SIMD_GENERAL = 0, /* the fused path off: every update takes the general path */
    TA__SIMD_SCALAR,
    TA__SIMD_SSE2,
    TA__SIMD_AVX2,
    TA__SIMD_AVX512,
    TA__SIMD_COUNT
} ta__simd;

typedef struct ta__fused_kernels {
    /* pile = lerp(k0, k1, t), in float32 (ta__blend_lerp_f) */
    void (*vec_first)(float *pile, const float *k0, const float *k1, uint32_t n, float t);
    /* pile = lerp(pile, lerp(k0, k1, t), mix), in float32 */
    void (*vec_mix)(float *pile, const float *k0, const float *k1, uint32_t n, float t, float mix);
    /* pile = (float)(pile s + orig t), in double */
    void (*vec_rest)(float *pile, const float *orig, uint32_t n, double s, double t);
    /* out = slerp(a, b, t) over four planes of n lanes (out is neither a nor b); slow[i]
     * marks lanes to redo in double; returns how many */
    uint32_t (*rot_slerp)(float *out, const float *a, const float *b, uint32_t n, float t, uint8_t *slow);
    /* out = slerp(a, b, t) over four planes of n lanes for key pairs, from
     * their interval's constants c (theta's plane, then k's: slerp_constants.h) */
    void (*rot_keys)(float *out, const float *a, const float *b, const float *c, uint32_t n, float t);
    /* out = slerpFlat(a, b, t) over four planes of n lanes for key pairs read at an end (t 0, -0
     * or 1: ta__slerp_at_end), as ta__slerp_end gives it: three.js's numbers, which rot_keys' are
     * a step off there (slerp_constants.h) */
    void (*rot_end)(float *out, const float *a, const float *b, uint32_t n, float t);
    /* Two normal actions' LINEAR intervals in one pass (a blend's usual update): pile = vec_first's
     * numbers for a0, a1 at ta, then vec_mix's toward b0, b1 at tb by mix; out = rot_keys' numbers
     * for each pair (ca, cb their constants), then rot_slerp's by mix, slow as rot_slerp's (the count
     * returned; those lanes redone by the caller). Each returns (vec_two) or sets *bad (rot_two)
     * nonzero when a number it wrote is not finite, as not_finite over the pile. */
    uint32_t (*vec_two)(float *pile, const float *a0, const float *a1, const float *b0, const float *b1, uint32_t n,
                        float ta, float tb, float mix);
    uint32_t (*rot_two)(float *out, const float *a0, const float *a1, const float *ca, const float *b0, const float *b1,
                        const float *cb, uint32_t n, float ta, float tb, float mix, uint8_t *slow, uint32_t *bad);
    /* A compressed window's rotation keys (clip_compressed_window.c): the first n lanes of four
     * planes (stride floats apart: the planes' lanes, n or more) made whole in place as
     * ta__cc_rotation_lane makes them, lane i by drop[i]; and the constants of the intervals
     * from key planes a to b (as far apart), theta's plane and k's, as ta__slerp_constants_lane
     * makes them (ta__slerp_constants_fast's numbers); rot_settle, the same by a float dot where
     * it can (ta__slerp_constants_settled): true when it settled every lane, else the lanes it
     * did not settle hold what rot_constants must make again */
    void (*rot_finish)(float *planes, size_t stride, const uint32_t *drop, uint32_t n);
    /* rot_finish's numbers where no drop is TA__CC_ALL (ta__cc_rotation_lane3) */
    void (*rot_finish3)(float *planes, size_t stride, const uint32_t *drop, uint32_t n);
    void (*rot_constants)(float *theta, float *k, const float *a, const float *b, size_t stride, uint32_t n);
    bool (*rot_settle)(float *theta, float *k, const float *a, const float *b, size_t stride, uint32_t n);
    /* the floats a vector of this set takes (what a count of lanes is best rounded up to) */
    uint32_t width;
    /* and its rotations' quantized keys at samples r to r + count - 1, one a lane
     * (clip_compressed_lanes.h): key k's three components to out + k * key_stride, stride floats
     * apart (each st->n lanes; an inactive lane's left as it was) */
    void (*cc_keys)(const ta__cc_lanes *st, uint32_t r, uint32_t count, float *out, size_t key_stride, size_t stride);
    /* nonzero when a number of v is not finite */
    uint32_t (*not_finite)(const float *v, uint32_t n);
    /* The commit of a 3- or 4-plane pile of `lanes` lanes (all finite): each
     * of the first n lanes that differs from last's (float !=, three.js's
     * PropertyMixer.apply) goes to base[off[i] + c] (a node's field, as
     * floats from the first node); then last := pile, every lane. last
     * NULL: each of the first n lanes is written, with no comparison, and
     * nothing is kept (the mixer's write_always). */
    void (*commit_vec)(float *base, const uint32_t *off, const float *pile, float *last, uint32_t lanes, uint32_t n);
    void (*commit_rot)(float *base, const uint32_t *off, const float *pile, float *last, uint32_t lanes, uint32_t n);
    /* out[i] = one number of a curve at lane i, as ta__smooth_number,
     * ta__cubic_spline_number and ta__bezier_key (interpolant.h) give it;
     * n <= TA__FUSED_CHUNK */
    void (*curve_smooth)(double *out, const float *vp, const float *v0, const float *v1, const float *vn, uint32_t n,
                         const double w[4]);
    void (*curve_cubic)(double *out, const float *p0, const float *m0, const float *p1, const float *m1, uint32_t n,
                        const double s[4], double td);
    /* the key values v0 and v1 at times x0 and x3, their control points
     * (c0t, c0v) and (c1t, c1v), read at time x */
    void (*curve_bezier)(double *out, const float *v0, const float *c0t, const float *c0v, const float *c1t,
                         const float *c1v, const float *v1, uint32_t n, double x, double x0, double x3);
    /* the same curve at a parameter s already solved (one control time for all lanes) */
    void (*curve_bezier_at)(double *out, const float *v0, const float *c0v, const float *c1v, const float *v1,
                            uint32_t n, double s);
    /* out = slerpFlat(pile, q, t) as ta__fast_slerp gives it, over four planes
     * of n lanes (lanes apart in pile and out, TA__FUSED_CHUNK apart in q;
     * out is not pile); slow[i] marks lanes to redo with ta__fast_slerp (a dot
     * below 0.7); returns how many */
    uint32_t (*rot_mix)(float *out, const float *pile, uint32_t lanes, const double *q, uint32_t n, double t,
                        uint32_t *slow);
    /* r = slerpFlat(a, b, t) as ta__fast_slerp gives it, over four planes of n <= TA__FAR_LANES
     * lanes (TA__FAR_LANES apart) of pairs a dot below 0.7 apart (far_slerp_lane.h); left[i]
     * marks a lane it does not do, for ta__fast_slerp; returns how many */
    uint32_t (*far_slerp)(double *r, const double *a, const double *b, uint32_t n, double t, uint32_t *left);
    /* out = v0 w0 + v1 w1, in double (ta__lerp_key's LINEAR numbers) */
    void (*lerp_doubles)(double *out, const float *v0, const float *v1, uint32_t n, double w0, double w1);
    /* pile = (float)v when first, else (float)(pile keep + v mix), in double */
    void (*mix_doubles)(float *pile, const double *v, uint32_t n, double keep, double mix, int first);
    /* three.js Quaternion.normalize (ta__normalize_quat) over four planes */
    void (*normalize)(double *x, double *y, double *z, double *w, uint32_t n);
    /* A masked update's lanes (mixer_fused.c's mix_masked), with no branch a lane, each plane its
     * own array (so that nothing may overlap and the loops vectorise): n vector lanes of one
     * action's values v into the pile p, each by its weight, the action's times mw[i]
     * (ta__mask_share_of), total[i] its lane's cumulative weight: copied where first, else lerped
     * in float32 by the share; first: every total is 0 (the update's first action with a
     * weight), so that no share is made */
    void (*mask_vec)(float *px, float *py, float *pz, const float *vx, const float *vy, const float *vz,
                     float *total, const float *mw, double weight, uint32_t n, int first);
    /* the same for n rotation lanes: the first copied; the others' shares into t, marked in slerp,
     * for mask_slerp; returns how many are marked (none where first) */
    uint32_t (*mask_rot)(float *px, float *py, float *pz, float *pw, const float *vx, const float *vy,
                         const float *vz, const float *vw, float *total, const float *mw, double weight, uint32_t n,
                         int first, float *t, uint32_t *slerp);
    /* the marked lanes of mask_rot slerped in place, p toward v by t[i] (ta__slerp_lane, as
     * ta__quat_batch_slerp's lanes); the pairs that lane leaves (a dot below 0.7) stay as they
     * were, still marked, for the caller's batch; returns how many */
    uint32_t (*mask_slerp)(float *px, float *py, float *pz, float *pw, const float *vx, const float *vy,
                           const float *vz, const float *vw, const float *t, uint32_t *slerp, uint32_t n);
    /* n vector lanes of p rested toward their originals o by each lane's missing weight, 1 -
     * total[i] (ta__mask_rest) */
    void (*mask_rest_vec)(float *px, float *py, float *pz, const float *ox, const float *oy, const float *oz,
                          const float *total, uint32_t n);
    /* n rotation lanes of p where total[i] is 0 set to their originals o; the lanes rested by part
     * of their weight (0 < total < 1) marked in part, for the caller's slerps; returns how many */
    uint32_t (*mask_rest_rot)(float *px, float *py, float *pz, float *pw, const float *ox, const float *oy,
                              const float *oz, const float *ow, const float *total, uint32_t n, uint32_t *part);
} ta__fused_kernels;

/* The kernels of simd (not GENERAL); NULL when this build or CPU lacks them. */
const ta__fused_kernels *ta__fused_kernels_for(ta__simd simd);
/* The best set this CPU runs. */
ta__simd ta__simd_best(void);
/* "general", "scalar", "sse2", "avx2", "avx512". */
const char *ta__simd_name(ta__simd simd);

#endif
