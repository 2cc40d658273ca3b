/* The lane pass: the world and skinning loops across characters of one rig,
 * a character a lane (pose_internal.h). Each lane does the column loops'
 * operations in their order, in double, so the numbers are theirs bit for bit;
 * what changes is that a node's arithmetic is done once for four (AVX2) or
 * eight (AVX-512) characters, and the loads and stores become transposes
 * (plain loads, not gathers: those cost more than they save on some CPUs).
 * The arithmetic is written once (pose_lanes_body.h, which the float lane
 * pass, pose_lanes_float.c, builds in float with FMA), with GCC's vector
 * operators (never contracted here: the file is built with -ffp-contract=off),
 * for both widths; the transposes are AVX2's, on each half of an AVX-512
 * vector, but AVX-512's node stores (store_node8), which transpose in its
 * 512-bit registers. */
#include <stddef.h>
#include <stdint.h>

#include "scene/pose_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
/* Past the caches (TA__LANES_STREAM), the matrices go out in whole lines without being read
 * first, and nothing of the frame reads them back: a fence, then, before anyone may. */
#define TA__WORLD_STREAM_CASES(BODY)                                                                              \
    TA__STREAM_CASE(BODY, TA__LANES_DOUBLES | TA__LANES_FLOATS)                                                   \
    TA__STREAM_CASE(BODY, TA__LANES_DOUBLES)                                                                      \
    TA__STREAM_CASE(BODY, TA__LANES_FLOATS)
#define TA__WORLD_FENCE(out) TA__STREAM_FENCE(out)
#include "scene/pose_lanes_body.h"

/* Four element vectors (one a row, across the lanes) turned into each lane's four; r3, a matrix's
 * last row, is the same in every lane, so that its pairing with r2's even lanes is a blend (no
 * shuffle). */
#define TA__TRANSPOSE4(r0, r1, r2, r3)                                                                            \
    do {                                                                                                          \
        __m256d t0_ = _mm256_unpacklo_pd(r0, r1), t1_ = _mm256_unpackhi_pd(r0, r1);                                \
        __m256d t2_ = _mm256_blend_pd(r2, r3, 0xa), t3_ = _mm256_unpackhi_pd(r2, r3);                              \
        r0 = _mm256_permute2f128_pd(t0_, t2_, 0x20);                                                              \
        r1 = _mm256_permute2f128_pd(t1_, t3_, 0x20);                                                              \
        r2 = _mm256_permute2f128_pd(t0_, t2_, 0x31);                                                              \
        r3 = _mm256_permute2f128_pd(t1_, t3_, 0x31);                                                              \
    } while (0)

/* Node's world for lanes[0 .. 4): m its rows across the lanes (column c's
 * rows at c * 3), the last row the exact zero (or one) three.js's has; into
 * each lane's doubles and floats, as out (TA__LANES_DOUBLES, TA__LANES_FLOATS)
 * asks, a lane's matrix after the other, so that each of its lines is written
 * whole in a row: streamed (TA__LANES_STREAM), the doubles, and the floats
 * where the lane's float array starts on a line. */
TA__AVX2 TA__INLINE void store_node4(const ta__pose_lane *lanes, uint32_t node, const __m256d *m, int out)
{
    __m256d col[4][4];
    TA__NODE_COLUMNS4(__m256d, m, col, _mm256_set1_pd(1.0), _mm256_setzero_pd(), TA__TRANSPOSE4)
    for (int L = 0; L < 4; ++L) {
        if (out & TA__LANES_DOUBLES) {
            double *d = lanes[L].world + (size_t)node * 16;
            for (int c = 0; c < 4; ++c) {
                if (out & TA__LANES_STREAM)
                    _mm256_stream_pd(d + c * 4, col[c][L]);
                else
                    _mm256_storeu_pd(d + c * 4, col[c][L]);
            }
        }
        if (out & TA__LANES_FLOATS) {
            const __m128 f[4] = {_mm256_cvtpd_ps(col[0][L]), _mm256_cvtpd_ps(col[1][L]), _mm256_cvtpd_ps(col[2][L]),
                                 _mm256_cvtpd_ps(col[3][L])};
            store_floats1(&lanes[L], node, f, out);
        }
    }
}

/* ---- AVX2: four lanes ---- */

/* fetch4_ps's values in double. */
TA__AVX2 TA__INLINE void fetch4(const ta__pose_lane *lanes, uint32_t node, __m256d t[10])
{
    __m128 f[10];
    fetch4_ps(lanes, node, f);
    for (int i = 0; i < 10; ++i) t[i] = _mm256_cvtps_pd(f[i]);
}

TA__AVX2 TA__INLINE void world4_body(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const __m256d one = _mm256_set1_pd(1.0);
#define TA__F4(node, t) fetch4(lanes, node, t)
#define TA__S4(m, node) store_node4(lanes, node, m, out)
    TA__WORLD_BODY(__m256d, 4u, TA__F4, TA__S4)
#undef TA__F4
#undef TA__S4
}

TA__WORLD_SET(4, TA__AVX2, double)

TA__BONES_SET(4, TA__AVX2, __m256d, double, __m128, _mm256_cvtpd_ps, _mm_set1_ps, store_bone4)

/* ---- AVX-512: eight lanes ---- */

/* Node's world for lanes[0 .. 8), as store_node4 writes it, from m (its rows across the eight
 * lanes, column c's at c * 3), transposed in 512-bit registers: each column's rows paired by
 * unpacks and two-source permutes into two lanes' columns a register, then each lane's two
 * halves of its matrix (columns 0 and 1, 2 and 3) a register, one 64-byte line of its doubles:
 * 48 shuffles for the eight lanes where store_node4's 256-bit transposes took 76, and a
 * conversion to float of two columns at a time, half as many. The same numbers: moves alone. */
TA__AVX512 TA__INLINE void store_node8(const ta__pose_lane *lanes, uint32_t node, const __m512d *m, int out)
{
    /* pair[c][q]: column c of lanes (q, q + 2) for q 0, 1 and (q + 2, q + 4) for q 2, 3, as set below */
    __m512d pair[4][4];
    const __m512i near = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0); /* chunks 0 and 1 of a and b, interleaved */
    const __m512i far = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4); /* chunks 2 and 3 */
    for (int c = 0; c < 4; ++c) {
        const __m512d r3 = c == 3 ? _mm512_set1_pd(1.0) : _mm512_setzero_pd();
        const __m512d t0 = _mm512_unpacklo_pd(m[c * 3], m[c * 3 + 1]); /* even lanes' rows 0 and 1 */
        const __m512d t1 = _mm512_unpackhi_pd(m[c * 3], m[c * 3 + 1]); /* odd lanes' */
        const __m512d t2 = _mm512_mask_blend_pd(0xaa, m[c * 3 + 2], r3); /* even lanes' rows 2 and 3 (r3 the
                                                                            same in every lane: a blend) */
        const __m512d t3 = _mm512_unpackhi_pd(m[c * 3 + 2], r3);
        pair[c][0] = _mm512_permutex2var_pd(t0, near, t2); /* lanes 0 | 2 */
        pair[c][1] = _mm512_permutex2var_pd(t1, near, t3); /* lanes 1 | 3 */
        pair[c][2] = _mm512_permutex2var_pd(t0, far, t2);  /* lanes 4 | 6 */
        pair[c][3] = _mm512_permutex2var_pd(t1, far, t3);  /* lanes 5 | 7 */
    }
    static const uint8_t first[4] = {0, 1, 4, 5}; /* pair q's low lane; its high one is 2 more */
    for (int q = 0; q < 4; ++q)
        for (int hi = 0; hi < 2; ++hi) {
            const ta__pose_lane *lane = &lanes[first[q] + 2 * hi];
            /* the lane's columns 0 and 1, then 2 and 3 */
            const __m512d h0 = hi ? _mm512_shuffle_f64x2(pair[0][q], pair[1][q], 0xee)
                                  : _mm512_shuffle_f64x2(pair[0][q], pair[1][q], 0x44);
            const __m512d h1 = hi ? _mm512_shuffle_f64x2(pair[2][q], pair[3][q], 0xee)
                                  : _mm512_shuffle_f64x2(pair[2][q], pair[3][q], 0x44);
            if (out & TA__LANES_DOUBLES) {
                double *d = lane->world + (size_t)node * 16; /* on a line: the pose's doubles are */
                if (out & TA__LANES_STREAM) {
                    _mm512_stream_pd(d, h0);
                    _mm512_stream_pd(d + 8, h1);
                } else {
                    _mm512_storeu_pd(d, h0);
                    _mm512_storeu_pd(d + 8, h1);
                }
            }
            if (out & TA__LANES_FLOATS)
                store_matrix4f2(lane->out[node].m, _mm512_cvtpd_ps(h0), _mm512_cvtpd_ps(h1),
                                (out & TA__LANES_STREAM) != 0);
        }
}

TA__AVX512 TA__INLINE void world8_body(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const __m512d one = _mm512_set1_pd(1.0);
#define TA__F8(node, t)                                                                                           \
    do {                                                                                                          \
        __m256 f_[10];                                                                                            \
        fetch8_ps(lanes, node, f_);                                                                               \
        for (int i_ = 0; i_ < 10; ++i_) t[i_] = _mm512_cvtps_pd(f_[i_]);                                          \
    } while (0)
#define TA__S8(m, node) store_node8(lanes, node, m, out)
    TA__WORLD_BODY(__m512d, 8u, TA__F8, TA__S8)
#undef TA__F8
#undef TA__S8
}

TA__WORLD_SET(8, TA__AVX512, double)

TA__BONES_SET(8, TA__AVX512, __m512d, double, __m256, _mm512_cvtpd_ps, _mm256_set1_ps, store_bone8)

uint32_t ta__lanes_width(int level)
{
    return level >= TA__POSE_AVX512 ? 8 : level == TA__POSE_AVX2 ? 4 : 0;
}

TA__LANES_ENTRIES(, double, 8, 4)

#else
/* No double lane pass in this build, nor a float one but on WebAssembly SIMD: the frame never asks
 * for one (width 0). */
uint32_t ta__lanes_width(int level)
{
    (void)level;
    return 0;
}

#if !(defined(__clang__) && defined(__wasm_simd128__)) /* WebAssembly SIMD has the float pass (pose_lanes_float.c) */
uint32_t ta__lanes_float_width(int level)
{
    (void)level;
    return 0;
}

void ta__lanes_world_float(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, float *scratch, int out)
{
    ta__lanes_world(lanes, width, node_count, (double *)(void *)scratch, out);
}

void ta__lanes_bones_float(const float *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,
                           const float *last, uint32_t n, float *const *out, int form)
{
    ta__lanes_bones((const double *)(const void *)scratch, width, joints, ib, last, n, out, form);
}
#endif

void ta__lanes_world(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, double *scratch, int out)
{
    (void)lanes, (void)width, (void)node_count, (void)scratch, (void)out;
}

void ta__lanes_bones(const double *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,
                     const float *last, uint32_t n, float *const *out, int form)
{
    (void)scratch, (void)width, (void)joints, (void)ib, (void)last, (void)n, (void)out, (void)form;
}
#endif
