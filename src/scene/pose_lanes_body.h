/*
 * src/scene/pose_lanes_body.h -- the loops of the lane passes written once
 * for every lane type: pose_lanes.c instantiates them in double (bit for bit
 * with the column loops), pose_lanes_float.c in float with FMA (within 1e-6
 * of the largest element, twice the lanes) on x86-64, and in float on
 * WebAssembly SIMD. Not public; GCC's vector operators (GCC or clang): the
 * bodies below are generic, the loads, transposes and stores of x86-64 under
 * its test.
 */
#ifndef THREEANIM_SRC_SCENE_POSE_LANES_BODY_H
#define THREEANIM_SRC_SCENE_POSE_LANES_BODY_H

#include <stddef.h>
#include <stdint.h>

#include "scene/pose_internal.h"

#define TA__INLINE static inline __attribute__((always_inline))

/* The lanes' loads read a node's position, quaternion and scale as ten floats from its start. */
_Static_assert(offsetof(ta_node, quaternion.x) == 3 * sizeof(float) &&
                   offsetof(ta_node, quaternion.w) == 6 * sizeof(float) &&
                   offsetof(ta_node, scale.x) == 7 * sizeof(float) && offsetof(ta_node, scale.z) == 9 * sizeof(float),
               "a node's position, quaternion and scale are ten floats in a row");

#if defined(__x86_64__)
#include <immintrin.h>

#define TA__AVX2 __attribute__((target("avx2")))
#define TA__AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw")))
/* A world pass's loop for outputs OUT streamed (TA__WORLD_STREAM_CASES of a file that streams),
 * and the fence after a pass (world or skinning) that streamed: its stores seen before anyone reads. */
#define TA__STREAM_CASE(BODY, OUT)                                                                                \
    case (OUT) | TA__LANES_STREAM: BODY(lanes, node_count, scratch, (OUT) | TA__LANES_STREAM); break;
#define TA__STREAM_FENCE(out)                                                                                     \
    do {                                                                                                          \
        if ((out) & TA__LANES_STREAM) _mm_sfence();                                                               \
    } while (0)
#define TA__BONES_FENCE(form)                                                                                     \
    do {                                                                                                          \
        if ((form) & TA__BONES_STREAM) _mm_sfence();                                                              \
    } while (0)

/* A 4x4 float matrix's four columns to d, its 64 bytes in a row: streamed
 * where stream and d starts on a line (one line, written whole), else stored. */
TA__AVX2 TA__INLINE void store_matrix4f(float *d, const __m128 col[4], bool stream)
{
    if (stream && ((uintptr_t)d & 63) == 0)
        for (int c = 0; c < 4; ++c) _mm_stream_ps(d + c * 4, col[c]);
    else
        for (int c = 0; c < 4; ++c) _mm_storeu_ps(d + c * 4, col[c]);
}

/* v0..v3 (an element each, across eight lanes) turned, in each 128-bit half,
 * into lanes' fours: vk's low half is lane k's, its high half lane k + 4's. */
#define TA__TRANSPOSE8X4(v0, v1, v2, v3)                                                                          \
    do {                                                                                                          \
        const __m256 a_ = _mm256_unpacklo_ps(v0, v1), b_ = _mm256_unpackhi_ps(v0, v1);                            \
        const __m256 c_ = _mm256_unpacklo_ps(v2, v3), d_ = _mm256_unpackhi_ps(v2, v3);                            \
        v0 = _mm256_shuffle_ps(a_, c_, 0x44);                                                                     \
        v1 = _mm256_shuffle_ps(a_, c_, 0xee);                                                                     \
        v2 = _mm256_shuffle_ps(b_, d_, 0x44);                                                                     \
        v3 = _mm256_shuffle_ps(b_, d_, 0xee);                                                                     \
    } while (0)

/* Lane k's four (k < 4) or lane k + 4's of a TA__TRANSPOSE8X4 result. */
#define TA__HALF8(v, hi) ((hi) ? _mm256_extractf128_ps(v, 1) : _mm256_castps256_ps128(v))

/* A 4x4 float matrix's columns to d, two a register (lo: 0 and 1, hi: 2 and 3), its 64 bytes in a
 * row, as store_matrix4f. */
TA__AVX2 TA__INLINE void store_matrix4f2(float *d, __m256 lo, __m256 hi, bool stream)
{
    if (stream && ((uintptr_t)d & 63) == 0) {
        _mm256_stream_ps(d, lo);
        _mm256_stream_ps(d + 8, hi);
    } else {
        _mm256_storeu_ps(d, lo);
        _mm256_storeu_ps(d + 8, hi);
    }
}

/* Bone i for out[0 .. 4) from f[column][row] across the lanes (row 3: the
 * same for every lane): 4x4 column-major, or with TA__BONES_ROWS in form the
 * top three rows; two columns (or rows) of the four lanes a 256-bit register,
 * by an 8x4 transpose; a lane's matrix after the other, so that its lines are
 * written whole in a row, and with TA__BONES_STREAM a 4x4 one streamed where
 * the lane's bones start on a 64-byte line (a bone a line). */
TA__AVX2 TA__INLINE void store_bone4(float *const *out, uint32_t i, __m128 f[4][4], int form)
{
    if (form & TA__BONES_ROWS) {
        __m256 v0 = _mm256_set_m128(f[0][1], f[0][0]), v1 = _mm256_set_m128(f[1][1], f[1][0]);
        __m256 v2 = _mm256_set_m128(f[2][1], f[2][0]), v3 = _mm256_set_m128(f[3][1], f[3][0]);
        TA__TRANSPOSE8X4(v0, v1, v2, v3); /* vk: lane k's rows 0 and 1 */
        __m128 u0 = f[0][2], u1 = f[1][2], u2 = f[2][2], u3 = f[3][2];
        _MM_TRANSPOSE4_PS(u0, u1, u2, u3);
        const __m256 v[4] = {v0, v1, v2, v3};
        const __m128 u[4] = {u0, u1, u2, u3};
        for (int L = 0; L < 4; ++L) {
            _mm256_storeu_ps(out[L] + (size_t)i * 12, v[L]);
            _mm_storeu_ps(out[L] + (size_t)i * 12 + 8, u[L]);
        }
        return;
    }
    __m256 v[2][4];
    for (int p = 0; p < 2; ++p) {
        __m256 v0 = _mm256_set_m128(f[2 * p + 1][0], f[2 * p][0]), v1 = _mm256_set_m128(f[2 * p + 1][1], f[2 * p][1]);
        __m256 v2 = _mm256_set_m128(f[2 * p + 1][2], f[2 * p][2]), v3 = _mm256_set_m128(f[2 * p + 1][3], f[2 * p][3]);
        TA__TRANSPOSE8X4(v0, v1, v2, v3); /* vk: lane k's columns 2p and 2p + 1 */
        v[p][0] = v0, v[p][1] = v1, v[p][2] = v2, v[p][3] = v3;
    }
    for (int L = 0; L < 4; ++L)
        store_matrix4f2(out[L] + (size_t)i * 16, v[0][L], v[1][L], (form & TA__BONES_STREAM) != 0);
}

/* Node's world matrix for lanes[0 .. 4) as columns: m its rows across the
 * lanes (column c's at c * 3), col[c][L] lane L's column c, the last row the
 * exact zero (or one) three.js's has; T the vector type, ONE and ZERO its
 * constants, TRANSPOSE its 4x4 transpose in place. */
#define TA__NODE_COLUMNS4(T, m, col, ONE, ZERO, TRANSPOSE)                                                        \
    for (int c_ = 0; c_ < 4; ++c_) {                                                                              \
        T r0_ = (m)[c_ * 3], r1_ = (m)[c_ * 3 + 1], r2_ = (m)[c_ * 3 + 2], r3_ = c_ == 3 ? (ONE) : (ZERO);         \
        TRANSPOSE(r0_, r1_, r2_, r3_);                                                                            \
        (col)[c_][0] = r0_, (col)[c_][1] = r1_, (col)[c_][2] = r2_, (col)[c_][3] = r3_;                           \
    }

/* A lane's float world matrix of node from its four columns (store_matrix4f,
 * streamed with TA__LANES_STREAM). */
TA__AVX2 TA__INLINE void store_floats1(const ta__pose_lane *lane, uint32_t node, const __m128 col[4], int out)
{
    store_matrix4f(lane->out[node].m, col, (out & TA__LANES_STREAM) != 0);
}

/* store_bone4's stores for eight lanes, transposed in 256-bit registers (both halves at once, half
 * the shuffles of two store_bone4 calls), then written a lane's matrix after the other: its lines
 * whole in a row, which the stores of a column across the lanes were slower than. */
TA__AVX2 TA__INLINE void store_bone8(float *const *out, uint32_t i, __m256 f[4][4], int form)
{
    if (form & TA__BONES_ROWS) {
        __m256 v[3][4];
        for (int r = 0; r < 3; ++r) {
            __m256 v0 = f[0][r], v1 = f[1][r], v2 = f[2][r], v3 = f[3][r];
            TA__TRANSPOSE8X4(v0, v1, v2, v3);
            v[r][0] = v0, v[r][1] = v1, v[r][2] = v2, v[r][3] = v3;
        }
        for (int L = 0; L < 8; ++L)
            for (int r = 0; r < 3; ++r) _mm_storeu_ps(out[L] + (size_t)i * 12 + r * 4, TA__HALF8(v[r][L & 3], L >> 2));
        return;
    }
    __m256 v[4][4];
    for (int c = 0; c < 4; ++c) {
        __m256 v0 = f[c][0], v1 = f[c][1], v2 = f[c][2], v3 = f[c][3];
        TA__TRANSPOSE8X4(v0, v1, v2, v3);
        v[c][0] = v0, v[c][1] = v1, v[c][2] = v2, v[c][3] = v3;
    }
    for (int L = 0; L < 8; ++L) {
        const __m128 col[4] = {TA__HALF8(v[0][L & 3], L >> 2), TA__HALF8(v[1][L & 3], L >> 2),
                               TA__HALF8(v[2][L & 3], L >> 2), TA__HALF8(v[3][L & 3], L >> 2)};
        store_matrix4f(out[L] + (size_t)i * 16, col, (form & TA__BONES_STREAM) != 0);
    }
}

/* The ten floats of node (position, quaternion, scale: contiguous from its
 * start) of lanes[0 .. 4), across the lanes: three loads a lane and
 * transposes (the loads of a gather, without its cost on every CPU). */
TA__AVX2 TA__INLINE void fetch4_ps(const ta__pose_lane *lanes, uint32_t node, __m128 t[10])
{
    __m128 a[4], b[4], c[4];
    for (int L = 0; L < 4; ++L) {
        const float *f = &lanes[L].nodes[node].position.x;
        a[L] = _mm_loadu_ps(f);                                   /* px py pz qx */
        b[L] = _mm_loadu_ps(f + 4);                               /* qy qz qw sx */
        c[L] = _mm_castpd_ps(_mm_load_sd((const double *)(const void *)(f + 8))); /* sy sz */
    }
    _MM_TRANSPOSE4_PS(a[0], a[1], a[2], a[3]);
    _MM_TRANSPOSE4_PS(b[0], b[1], b[2], b[3]);
    __m128 c01 = _mm_unpacklo_ps(c[0], c[1]), c23 = _mm_unpacklo_ps(c[2], c[3]);
    for (int i = 0; i < 4; ++i) t[i] = a[i], t[4 + i] = b[i];
    t[8] = _mm_movelh_ps(c01, c23);
    t[9] = _mm_movehl_ps(c23, c01);
}

/* fetch4_ps for lanes[0 .. 8): a load of eight floats a lane (position, quaternion, scale x) and an
 * 8x8 transpose, the scales' y z by pairs; t[i]'s lane L is lanes[L]'s (what two fetch4_ps calls and
 * their halves joined give, in fewer shuffles). */
TA__AVX2 TA__INLINE void fetch8_ps(const ta__pose_lane *lanes, uint32_t node, __m256 t[10])
{
    __m256 r[8];
    __m128 c[8];
    for (int L = 0; L < 8; ++L) {
        const float *f = &lanes[L].nodes[node].position.x;
        r[L] = _mm256_loadu_ps(f); /* px py pz qx qy qz qw sx */
        c[L] = _mm_castpd_ps(_mm_load_sd((const double *)(const void *)(f + 8))); /* sy sz */
    }
    __m256 u[8], s4[8];
    for (int k = 0; k < 4; ++k) {
        u[2 * k] = _mm256_unpacklo_ps(r[2 * k], r[2 * k + 1]);
        u[2 * k + 1] = _mm256_unpackhi_ps(r[2 * k], r[2 * k + 1]);
    }
    for (int h = 0; h < 2; ++h) { /* lanes 0..3 (h 0) and 4..7 */
        const __m256 a = u[4 * h], b = u[4 * h + 1], cc = u[4 * h + 2], d = u[4 * h + 3];
        s4[4 * h] = _mm256_shuffle_ps(a, cc, 0x44);     /* elements 0 | 4 */
        s4[4 * h + 1] = _mm256_shuffle_ps(a, cc, 0xee); /* 1 | 5 */
        s4[4 * h + 2] = _mm256_shuffle_ps(b, d, 0x44);  /* 2 | 6 */
        s4[4 * h + 3] = _mm256_shuffle_ps(b, d, 0xee);  /* 3 | 7 */
    }
    for (int e = 0; e < 4; ++e) {
        t[e] = _mm256_permute2f128_ps(s4[e], s4[4 + e], 0x20);
        t[4 + e] = _mm256_permute2f128_ps(s4[e], s4[4 + e], 0x31);
    }
    const __m128 c01 = _mm_unpacklo_ps(c[0], c[1]), c23 = _mm_unpacklo_ps(c[2], c[3]);
    const __m128 c45 = _mm_unpacklo_ps(c[4], c[5]), c67 = _mm_unpacklo_ps(c[6], c[7]);
    t[8] = _mm256_set_m128(_mm_movelh_ps(c45, c67), _mm_movelh_ps(c01, c23));
    t[9] = _mm256_set_m128(_mm_movehl_ps(c67, c45), _mm_movehl_ps(c23, c01));
}
#endif /* __x86_64__ */

/* The world pass of W lanes, V a vector of W doubles (or floats): FETCH(node, t) gives
 * each lane's position, quaternion and scale of node, in V's type, across the
 * lanes (t[0..9]: px py pz qx qy qz qw sx sy sz); STORE(m, node) writes
 * node's world m[12] (element c * 3 + r: column c, row r) out to the lanes.
 * Element e of node's world across the lanes is at scratch + (node * 12 + e) * W. */
#define TA__WORLD_BODY(V, W, FETCH, STORE)                                                                        \
    for (uint32_t k = 0; k < node_count; ++k) {                                                                   \
        uint32_t node = order[k].index;                                                                           \
        const ta_node *n0 = &lanes[0].nodes[node];                                                                \
        V t[10];                                                                                                  \
        FETCH(node, t);                                                                                           \
        V x = t[3], y = t[4], z = t[5], w = t[6];                                                                 \
        V x2 = x + x, y2 = y + y, z2 = z + z;                                                                     \
        V xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;                           \
        V wx = w * x2, wy = w * y2, wz = w * z2;                                                                  \
        V sx = t[7], sy = t[8], sz = t[9];                                                                        \
        V l[12] = {(one - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx,                                        \
                   (xy - wz) * sy,         (one - (xx + zz)) * sy, (yz + wx) * sy,                                \
                   (xz + wy) * sz,         (yz - wx) * sz, (one - (xx + yy)) * sz,                                \
                   t[0],                   t[1],                   t[2]};                                         \
        V m[12];                                                                                                  \
        if (ta_node_is_none(n0->parent)) {                                                                        \
            for (int e = 0; e < 12; ++e) m[e] = l[e];                                                             \
        } else {                                                                                                  \
            const V *p = (const V *)(const void *)(scratch + (size_t)n0->parent.index * 12 * W);                  \
            for (int c = 0; c < 4; ++c)                                                                           \
                for (int r = 0; r < 3; ++r) {                                                                     \
                    V v = p[r] * l[c * 3] + p[3 + r] * l[c * 3 + 1] + p[6 + r] * l[c * 3 + 2];                    \
                    if (c == 3) v = v + p[9 + r];                                                                 \
                    m[c * 3 + r] = v;                                                                             \
                }                                                                                                 \
        }                                                                                                         \
        V *s = (V *)(void *)(scratch + (size_t)node * 12 * W);                                                    \
        for (int e = 0; e < 12; ++e) s[e] = m[e];                                                                 \
        STORE(m, node);                                                                                           \
    }

#ifndef TA__BONES_FENCE
#define TA__BONES_FENCE(form) ((void)0)
#endif

/* The skinning pass of W lanes: bone i's elements across the lanes, then
 * STORE_BONE(out, i, f, form) with f[column][row] as float vectors F of W
 * lanes (CVT from V, SET1 from a float); S is the scalar of V. The last row,
 * the same for every lane, is the skin's (last: ta__skin_last_rows). */
#define TA__BONES_BODY(V, W, S, F, CVT, SET1, STORE_BONE)                                                            \
    for (uint32_t i = 0; i < n; ++i) {                                                                            \
        const V *a = (const V *)(const void *)(scratch + (size_t)joints[i].index * 12 * W);                       \
        const float *b = ib[i].m;                                                                                 \
        F f[4][4];                                                                                                \
        for (int c = 0; c < 4; ++c) {                                                                             \
            S b0 = b[c * 4], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2], b3 = b[c * 4 + 3];                             \
            for (int r = 0; r < 3; ++r) f[c][r] = CVT(a[r] * b0 + a[3 + r] * b1 + a[6 + r] * b2 + a[9 + r] * b3);   \
            f[c][3] = SET1(last[i * 4 + c]); /* used by the 4x4 layout alone */                                   \
        }                                                                                                         \
        STORE_BONE(out, i, f, form);                                                                              \
    }

/* bonesW (or bonesW##f for float lanes): the skinning pass of W lanes, a loop of its own for each form
 * (TA__BONES_ROWS, TA__BONES_STREAM: a constant where the body is inlined). */
#define TA__BONES_SET(W, ATTR, V, S, F, CVT, SET1, STORE4)                                                        \
    ATTR TA__INLINE void bones##W##_body(const S *scratch, const ta_node_id *joints, const ta_mat4 *ib,           \
                                         const float *last, uint32_t n, float *const *out, int form)              \
    {                                                                                                             \
        TA__BONES_BODY(V, W##u, S, F, CVT, SET1, STORE4)                                                          \
    }                                                                                                             \
    ATTR static void bones##W(const S *scratch, const ta_node_id *joints, const ta_mat4 *ib, const float *last,     \
                              uint32_t n, float *const *out, int form)                                            \
    {                                                                                                             \
        switch (form) {                                                                                           \
        case TA__BONES_ROWS: bones##W##_body(scratch, joints, ib, last, n, out, TA__BONES_ROWS); break;           \
        case TA__BONES_STREAM: bones##W##_body(scratch, joints, ib, last, n, out, TA__BONES_STREAM); break;       \
        case TA__BONES_ROWS | TA__BONES_STREAM:                                                                   \
            bones##W##_body(scratch, joints, ib, last, n, out, TA__BONES_ROWS | TA__BONES_STREAM);                \
            break;                                                                                                \
        default: bones##W##_body(scratch, joints, ib, last, n, out, 0); break;                                    \
        }                                                                                                         \
        TA__BONES_FENCE(form);                                                                                    \
    }

/* A loop for each choice of outputs (out a constant where the body is inlined); a file whose
 * pass streams its doubles (TA__LANES_STREAM) adds the loops and the fence after them. */
#ifndef TA__WORLD_STREAM_CASES
#define TA__WORLD_STREAM_CASES(BODY)
#define TA__WORLD_FENCE(out) ((void)0)
#endif
#define TA__WORLD_LOOPS(BODY)                                                                                     \
    switch (out) {                                                                                                \
    case TA__LANES_DOUBLES | TA__LANES_FLOATS: BODY(lanes, node_count, scratch, 3); break;                        \
    case TA__LANES_DOUBLES: BODY(lanes, node_count, scratch, TA__LANES_DOUBLES); break;                           \
    case TA__LANES_FLOATS: BODY(lanes, node_count, scratch, TA__LANES_FLOATS); break;                             \
    TA__WORLD_STREAM_CASES(BODY)                                                                                  \
    default: BODY(lanes, node_count, scratch, 0); break;                                                          \
    }

/* worldW over worldW_body, S its scratch's type. */
#define TA__WORLD_SET(W, ATTR, S)                                                                                 \
    ATTR static void world##W(const ta__pose_lane *lanes, uint32_t node_count, S *scratch, int out)              \
    {                                                                                                             \
        TA__WORLD_LOOPS(world##W##_body)                                                                          \
        TA__WORLD_FENCE(out);                                                                                     \
    }

/* A file's entry points ta__lanes_world##SUFFIX and ta__lanes_bones##SUFFIX
 * (pose_internal.h) over its loops worldW and bonesW, S its scratch's type:
 * width WIDE runs the wide ones, any other the narrow. */
#define TA__LANES_ENTRIES(SUFFIX, S, WIDE, NARROW)                                                                \
    void ta__lanes_world##SUFFIX(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, S *scratch,      \
                                 int out)                                                                         \
    {                                                                                                             \
        if (width == WIDE)                                                                                        \
            world##WIDE(lanes, node_count, scratch, out);                                                         \
        else                                                                                                      \
            world##NARROW(lanes, node_count, scratch, out);                                                       \
    }                                                                                                             \
    void ta__lanes_bones##SUFFIX(const S *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,   \
                                 const float *last, uint32_t n, float *const *out, int form)                      \
    {                                                                                                             \
        if (width == WIDE)                                                                                        \
            bones##WIDE(scratch, joints, ib, last, n, out, form);                                                 \
        else                                                                                                      \
            bones##NARROW(scratch, joints, ib, last, n, out, form);                                               \
    }

#endif
