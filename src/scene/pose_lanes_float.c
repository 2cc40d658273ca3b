/* The float lane pass (pose_internal.h): the lane pass of pose_lanes.c in
 * float with FMA, eight lanes (on AVX2 and on AVX-512: sixteen lanes' scratch
 * of a 64-node rig, 48 KB, filled the first-level cache and ran slower than
 * eight, docs/performance.md "Float lanes") and half the bytes of scratch a
 * lane. Its numbers are not the column loops':
 * each world matrix is its parent's float times the node's float local
 * matrix, so the rounding of every product stays in (about 6e-8 of the
 * matrix's largest element a level of the tree), within the frame's bound of
 * 1e-6 of three.js's largest element on the rigs of conformance_skinning.
 * The file is built with -ffp-contract=fast: every multiply and add of the
 * shared bodies (pose_lanes_body.h) may become one FMA. The WebAssembly SIMD
 * module has it too, four lanes of f32x4 without FMA (at the end). */
#include <stddef.h>
#include <stdint.h>

#include "scene/pose_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
/* Past the caches (TA__LANES_STREAM), the float matrices of a lane whose array starts on a
 * line are streamed, a fence after the pass (pose_lanes.c's). */
#define TA__WORLD_STREAM_CASES(BODY) TA__STREAM_CASE(BODY, TA__LANES_FLOATS)
#define TA__WORLD_FENCE(out) TA__STREAM_FENCE(out)
#include "scene/pose_lanes_body.h"

#define TA__FMA __attribute__((target("avx2,fma")))
#define TA__SAME(x) (x)

/* ---- AVX2 and FMA: eight lanes ---- */

/* Node's world for lanes[0 .. 8) from m (column c's rows at c * 3, across the lanes) into each
 * lane's floats: a 4x4 column-major matrix as a bone of the 4x4 palette is, so store_bone8's
 * 256-bit transposes write it (32 shuffles for the eight lanes, where two groups of four in
 * 128-bit registers took 64 and 12 extracts), a lane's matrix after the other, streamed where the
 * lane's array starts on a line (TA__LANES_STREAM, as the double pass's floats). */
TA__FMA TA__INLINE void store_world8f(const ta__pose_lane *lanes, uint32_t node, const __m256 *m, int out)
{
    __m256 f[4][4];
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 3; ++r) f[c][r] = m[c * 3 + r];
        f[c][3] = c == 3 ? _mm256_set1_ps(1.0f) : _mm256_setzero_ps();
    }
    float *o[8];
    for (int L = 0; L < 8; ++L) o[L] = lanes[L].out[node].m;
    store_bone8(o, 0, f, (out & TA__LANES_STREAM) ? TA__BONES_STREAM : 0);
}

TA__FMA TA__INLINE void world8_body(const ta__pose_lane *lanes, uint32_t node_count, float *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const __m256 one = _mm256_set1_ps(1.0f);
#define TA__F8(node, t) fetch8_ps(lanes, node, t)
#define TA__S8(m, node)                                                                                           \
    if (out & TA__LANES_FLOATS) /* the float pass writes no doubles */                                            \
        store_world8f(lanes, node, m, out);
    TA__WORLD_BODY(__m256, 8u, TA__F8, TA__S8)
#undef TA__F8
#undef TA__S8
}

TA__WORLD_SET(8, TA__FMA, float)

TA__BONES_SET(8, TA__FMA, __m256, float, __m256, TA__SAME, _mm256_set1_ps, store_bone8)

uint32_t ta__lanes_float_width(int level)
{
    if (level < TA__POSE_AVX2 || !__builtin_cpu_supports("fma")) return 0;
    return 8; /* AVX-512 too: see the top */
}

/* (out & TA__LANES_DOUBLES never comes: the frame asks this pass for floats or nothing) */
TA__LANES_ENTRIES(_float, float, 8, 8)

#elif defined(__clang__) && defined(__wasm_simd128__)
/* ---- WebAssembly SIMD (threeanim-simd.wasm): four lanes of f32x4 ----
 * No FMA (relaxed SIMD is not assumed): each product rounded, then each sum;
 * within the same bound, as conformance_skinning's native float lanes are
 * (tests/js/crowd.test.mjs holds the crowd's bone matrices to three.js's). */
#include <string.h>

#include "scene/pose_lanes_body.h"

typedef float ta__f4 __attribute__((vector_size(16)));

#define TA__SPLAT4(x) ((ta__f4){(x), (x), (x), (x)})
#define TA__SAME(x) (x)

/* v[0 .. 4) transposed in place: row i of the result is lane i's four. */
TA__INLINE void transpose4(ta__f4 v[4])
{
    ta__f4 t0 = __builtin_shufflevector(v[0], v[1], 0, 4, 1, 5), t1 = __builtin_shufflevector(v[2], v[3], 0, 4, 1, 5);
    ta__f4 t2 = __builtin_shufflevector(v[0], v[1], 2, 6, 3, 7), t3 = __builtin_shufflevector(v[2], v[3], 2, 6, 3, 7);
    v[0] = __builtin_shufflevector(t0, t1, 0, 1, 4, 5);
    v[1] = __builtin_shufflevector(t0, t1, 2, 3, 6, 7);
    v[2] = __builtin_shufflevector(t2, t3, 0, 1, 4, 5);
    v[3] = __builtin_shufflevector(t2, t3, 2, 3, 6, 7);
}

/* The ten floats of node of lanes[0 .. 4), across the lanes (fetch4_ps's). */
TA__INLINE void fetch4_wasm(const ta__pose_lane *lanes, uint32_t node, ta__f4 t[10])
{
    ta__f4 a[4], b[4];
    float c[4][2];
    for (int L = 0; L < 4; ++L) {
        const float *f = &lanes[L].nodes[node].position.x;
        memcpy(&a[L], f, sizeof a[L]);     /* px py pz qx */
        memcpy(&b[L], f + 4, sizeof b[L]); /* qy qz qw sx */
        memcpy(c[L], f + 8, sizeof c[L]);  /* sy sz */
    }
    transpose4(a);
    transpose4(b);
    for (int i = 0; i < 4; ++i) t[i] = a[i], t[4 + i] = b[i];
    t[8] = (ta__f4){c[0][0], c[1][0], c[2][0], c[3][0]};
    t[9] = (ta__f4){c[0][1], c[1][1], c[2][1], c[3][1]};
}

/* Column c of node's world for lanes[0 .. 4): rows r0..r2 across the lanes. A column across
 * the lanes at a time, not a lane's matrix after the other as the x86 passes write them: that
 * order was no faster here (1.02 and 1.00 of the crowd's time, docs/performance.md). */
TA__INLINE void store_column4w(const ta__pose_lane *lanes, uint32_t node, int c, ta__f4 r0, ta__f4 r1, ta__f4 r2)
{
    ta__f4 v[4] = {r0, r1, r2, c == 3 ? TA__SPLAT4(1.0f) : TA__SPLAT4(0.0f)};
    transpose4(v);
    for (int L = 0; L < 4; ++L) memcpy(lanes[L].out[node].m + c * 4, &v[L], sizeof v[L]);
}

TA__INLINE void world4_body(const ta__pose_lane *lanes, uint32_t node_count, float *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const ta__f4 one = TA__SPLAT4(1.0f);
#define TA__F4W(node, t) fetch4_wasm(lanes, node, t)
#define TA__S4W(m, node)                                                                                          \
    if (out & TA__LANES_FLOATS)                                                                                   \
        for (int c = 0; c < 4; ++c) store_column4w(lanes, node, c, m[c * 3], m[c * 3 + 1], m[c * 3 + 2])
    TA__WORLD_BODY(ta__f4, 4u, TA__F4W, TA__S4W)
#undef TA__F4W
#undef TA__S4W
}

TA__WORLD_SET(4, , float)

/* The skinning pass of four lanes (TA__BONES_BODY's numbers: each element's four products summed
 * in the same order), a 4x4 bone a column at a time, each column transposed and stored as it is
 * made: the shared body's bone of sixteen vectors, handed whole to a store, stayed in the
 * module's stack in linear memory (256 bytes stored and loaded again a bone, clang 14), where
 * one column's four live in locals. A 3x4 bone keeps its twelve in locals too. */
TA__INLINE void bones4_body(const float *scratch, const ta_node_id *joints, const ta_mat4 *ib, const float *last,
                            uint32_t n, float *const *out, bool rows)
{
    for (uint32_t i = 0; i < n; ++i) {
        const ta__f4 *a = (const ta__f4 *)(const void *)(scratch + (size_t)joints[i].index * 12 * 4);
        const float *b = ib[i].m;
        ta__f4 e[4][3]; /* column c's rows, for the 3x4 layout */
        for (int c = 0; c < 4; ++c) {
            const float b0 = b[c * 4], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2], b3 = b[c * 4 + 3];
            ta__f4 v[4];
            for (int r = 0; r < 3; ++r) v[r] = a[r] * b0 + a[3 + r] * b1 + a[6 + r] * b2 + a[9 + r] * b3;
            if (rows) {
                for (int r = 0; r < 3; ++r) e[c][r] = v[r];
                continue;
            }
            v[3] = TA__SPLAT4(last[i * 4 + c]);
            transpose4(v);
            for (int L = 0; L < 4; ++L) memcpy(out[L] + (size_t)i * 16 + c * 4, &v[L], sizeof v[L]);
        }
        if (rows)
            for (int r = 0; r < 3; ++r) {
                ta__f4 v[4] = {e[0][r], e[1][r], e[2][r], e[3][r]};
                transpose4(v);
                for (int L = 0; L < 4; ++L) memcpy(out[L] + (size_t)i * 12 + r * 4, &v[L], sizeof v[L]);
            }
    }
}

static void bones4(const float *scratch, const ta_node_id *joints, const ta_mat4 *ib, const float *last,
                   uint32_t n, float *const *out, int form)
{
    /* nothing streams here (TA__BONES_STREAM is never asked: TA__LANES_CAN_STREAM) */
    if (form & TA__BONES_ROWS)
        bones4_body(scratch, joints, ib, last, n, out, true);
    else
        bones4_body(scratch, joints, ib, last, n, out, false);
}

uint32_t ta__lanes_float_width(int level)
{
    (void)level; /* the module's one level: this pass is in the SIMD module alone */
    return 4;
}

void ta__lanes_world_float(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, float *scratch, int out)
{
    (void)width; /* 4, the one width */
    world4(lanes, node_count, scratch, out);
}

void ta__lanes_bones_float(const float *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,
                           const float *last, uint32_t n, float *const *out, int form)
{
    (void)width;
    bones4(scratch, joints, ib, last, n, out, form);
}
#endif
