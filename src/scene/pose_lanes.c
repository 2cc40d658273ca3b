/* The lane pass: the world and skinning loops across characters of one rig,
 * a character a lane (pose_internal.h). Each lane does the column loops'
 * operations in their order, in double, so the numbers are theirs bit for bit;
 * what changes is that a node's arithmetic is done once for four (AVX2) or
 * eight (AVX-512) characters, and the loads and stores become transposes
 * (plain loads, not gathers: those cost more than they save on some CPUs).
 * The arithmetic is written once, with GCC's vector operators (never
 * contracted: the file is built with -ffp-contract=off), for both widths; the
 * transposes are AVX2's, on each half of an AVX-512 vector. */
#include <stddef.h>
#include <stdint.h>

#include "scene/pose_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#define TA__AVX2 __attribute__((target("avx2")))
#define TA__AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw")))
#define TA__INLINE static inline __attribute__((always_inline))

/* Four element vectors (one a row, across the lanes) turned into each lane's four. */
#define TA__TRANSPOSE4(r0, r1, r2, r3)                                                                            \
    do {                                                                                                          \
        __m256d t0_ = _mm256_unpacklo_pd(r0, r1), t1_ = _mm256_unpackhi_pd(r0, r1);                                \
        __m256d t2_ = _mm256_unpacklo_pd(r2, r3), t3_ = _mm256_unpackhi_pd(r2, r3);                                \
        r0 = _mm256_permute2f128_pd(t0_, t2_, 0x20);                                                              \
        r1 = _mm256_permute2f128_pd(t1_, t3_, 0x20);                                                              \
        r2 = _mm256_permute2f128_pd(t0_, t2_, 0x31);                                                              \
        r3 = _mm256_permute2f128_pd(t1_, t3_, 0x31);                                                              \
    } while (0)

/* Column c of node's world for lanes[0 .. 4): rows r0..r2 across the lanes,
 * the last row the exact zero (or one) three.js's has; into each lane's
 * doubles and floats, as out (TA__LANES_DOUBLES, TA__LANES_FLOATS) asks. */
TA__AVX2 TA__INLINE void store_column4(const ta__pose_lane *lanes, uint32_t node, int c, __m256d r0, __m256d r1,
                                       __m256d r2, int out)
{
    __m256d r3 = c == 3 ? _mm256_set1_pd(1.0) : _mm256_setzero_pd();
    TA__TRANSPOSE4(r0, r1, r2, r3);
    __m256d col[4] = {r0, r1, r2, r3};
    for (int L = 0; L < 4; ++L) {
        if (out & TA__LANES_DOUBLES) _mm256_storeu_pd(lanes[L].world + (size_t)node * 16 + c * 4, col[L]);
        if (out & TA__LANES_FLOATS) _mm_storeu_ps(lanes[L].out[node].m + c * 4, _mm256_cvtpd_ps(col[L]));
    }
}

/* Bone i for out[0 .. 4) from f[column][row] across the lanes (row 3: the
 * same for every lane): 4x4 column-major, or with rows the top three rows. */
TA__AVX2 TA__INLINE void store_bone4(float *const *out, uint32_t i, __m128 f[4][4], int rows)
{
    if (rows) {
        for (int r = 0; r < 3; ++r) {
            __m128 v0 = f[0][r], v1 = f[1][r], v2 = f[2][r], v3 = f[3][r];
            _MM_TRANSPOSE4_PS(v0, v1, v2, v3);
            _mm_storeu_ps(out[0] + (size_t)i * 12 + r * 4, v0);
            _mm_storeu_ps(out[1] + (size_t)i * 12 + r * 4, v1);
            _mm_storeu_ps(out[2] + (size_t)i * 12 + r * 4, v2);
            _mm_storeu_ps(out[3] + (size_t)i * 12 + r * 4, v3);
        }
    } else {
        for (int c = 0; c < 4; ++c) {
            __m128 v0 = f[c][0], v1 = f[c][1], v2 = f[c][2], v3 = f[c][3];
            _MM_TRANSPOSE4_PS(v0, v1, v2, v3);
            _mm_storeu_ps(out[0] + (size_t)i * 16 + c * 4, v0);
            _mm_storeu_ps(out[1] + (size_t)i * 16 + c * 4, v1);
            _mm_storeu_ps(out[2] + (size_t)i * 16 + c * 4, v2);
            _mm_storeu_ps(out[3] + (size_t)i * 16 + c * 4, v3);
        }
    }
}

/* The last row of a bone's column c: the world's zeros and one times the
 * inverse bind's column, added as the column loops add it. */
TA__INLINE float bone_last_row(const float *b, int c)
{
    return (float)(0.0 * (double)b[c * 4] + 0.0 * (double)b[c * 4 + 1] + 0.0 * (double)b[c * 4 + 2] +
                   1.0 * (double)b[c * 4 + 3]);
}

/* The world pass of W lanes, V a vector of W doubles: FETCH(node, t) gives
 * each lane's position, quaternion and scale of node, in double, across the
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
            for (int r = 0; r < 3; ++r)                                                                           \
                for (int c = 0; c < 4; ++c) {                                                                     \
                    V v = p[r] * l[c * 3] + p[3 + r] * l[c * 3 + 1] + p[6 + r] * l[c * 3 + 2];                    \
                    if (c == 3) v = v + p[9 + r];                                                                 \
                    m[c * 3 + r] = v;                                                                             \
                }                                                                                                 \
        }                                                                                                         \
        V *s = (V *)(void *)(scratch + (size_t)node * 12 * W);                                                    \
        for (int e = 0; e < 12; ++e) s[e] = m[e];                                                                 \
        STORE(m, node);                                                                                           \
    }

/* The skinning pass of W lanes: bone i's elements across the lanes, then
 * STORE_BONE(out, i, f, rows) with f[column][row] as float vectors F of W
 * lanes (CVT from V, SET1 from a float). */
#define TA__BONES_BODY(V, W, F, CVT, SET1, STORE_BONE)                                                            \
    for (uint32_t i = 0; i < n; ++i) {                                                                            \
        const V *a = (const V *)(const void *)(scratch + (size_t)joints[i].index * 12 * W);                       \
        const float *b = ib[i].m;                                                                                 \
        F f[4][4];                                                                                                \
        for (int c = 0; c < 4; ++c) {                                                                             \
            double b0 = b[c * 4], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2], b3 = b[c * 4 + 3];                        \
            for (int r = 0; r < 3; ++r) f[c][r] = CVT(a[r] * b0 + a[3 + r] * b1 + a[6 + r] * b2 + a[9 + r] * b3);   \
            f[c][3] = SET1(bone_last_row(b, c)); /* used by the 4x4 layout alone */                               \
        }                                                                                                         \
        STORE_BONE(out, i, f, rows);                                                                              \
    }

/* bonesW: the skinning pass of W lanes, a loop of its own for each layout
 * (rows a constant where the body is inlined). */
#define TA__BONES_SET(W, ATTR, V, F, CVT, SET1, STORE4)                                                           \
    ATTR TA__INLINE void bones##W##_body(const double *scratch, const ta_node_id *joints, const ta_mat4 *ib,      \
                                         uint32_t n, float *const *out, int rows)                                 \
    {                                                                                                             \
        TA__BONES_BODY(V, W##u, F, CVT, SET1, STORE4)                                                             \
    }                                                                                                             \
    ATTR static void bones##W(const double *scratch, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,     \
                              float *const *out, int rows)                                                        \
    {                                                                                                             \
        if (rows)                                                                                                 \
            bones##W##_body(scratch, joints, ib, n, out, 1);                                                      \
        else                                                                                                      \
            bones##W##_body(scratch, joints, ib, n, out, 0);                                                      \
    }

/* ---- AVX2: four lanes ---- */

/* The ten floats of node (position, quaternion, scale: contiguous from its
 * start) of lanes[0 .. 4), across the lanes in double: three loads a lane
 * and transposes (the loads of a gather, without its cost on every CPU). */
_Static_assert(offsetof(ta_node, quaternion.x) == 3 * sizeof(float) &&
                   offsetof(ta_node, quaternion.w) == 6 * sizeof(float) &&
                   offsetof(ta_node, scale.x) == 7 * sizeof(float) && offsetof(ta_node, scale.z) == 9 * sizeof(float),
               "fetch4 reads a node's position, quaternion and scale as ten floats in a row");
TA__AVX2 TA__INLINE void fetch4(const ta__pose_lane *lanes, uint32_t node, __m256d t[10])
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
    for (int i = 0; i < 4; ++i) t[i] = _mm256_cvtps_pd(a[i]), t[4 + i] = _mm256_cvtps_pd(b[i]);
    t[8] = _mm256_cvtps_pd(_mm_movelh_ps(c01, c23));
    t[9] = _mm256_cvtps_pd(_mm_movehl_ps(c23, c01));
}

TA__AVX2 TA__INLINE void world4_body(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const __m256d one = _mm256_set1_pd(1.0);
#define TA__F4(node, t) fetch4(lanes, node, t)
#define TA__S4(m, node)                                                                                           \
    for (int c = 0; c < 4; ++c) store_column4(lanes, node, c, m[c * 3], m[c * 3 + 1], m[c * 3 + 2], out)
    TA__WORLD_BODY(__m256d, 4u, TA__F4, TA__S4)
#undef TA__F4
#undef TA__S4
}

/* A loop for each choice of outputs (out a constant where the body is inlined). */
#define TA__WORLD_LOOPS(BODY)                                                                                     \
    switch (out) {                                                                                                \
    case TA__LANES_DOUBLES | TA__LANES_FLOATS: BODY(lanes, node_count, scratch, 3); break;                        \
    case TA__LANES_DOUBLES: BODY(lanes, node_count, scratch, TA__LANES_DOUBLES); break;                           \
    case TA__LANES_FLOATS: BODY(lanes, node_count, scratch, TA__LANES_FLOATS); break;                             \
    default: BODY(lanes, node_count, scratch, 0); break;                                                          \
    }

TA__AVX2 static void world4(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    TA__WORLD_LOOPS(world4_body)
}

TA__BONES_SET(4, TA__AVX2, __m256d, __m128, _mm256_cvtpd_ps, _mm_set1_ps, store_bone4)

/* ---- AVX-512: eight lanes, written out as two halves of four ---- */

TA__AVX512 TA__INLINE void world8_body(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    const ta_node_id *order = lanes[0].order;
    const __m512d one = _mm512_set1_pd(1.0);
#define TA__F8(node, t)                                                                                           \
    do {                                                                                                          \
        __m256d lo_[10], hi_[10];                                                                                 \
        fetch4(lanes, node, lo_);                                                                                 \
        fetch4(lanes + 4, node, hi_);                                                                             \
        for (int i_ = 0; i_ < 10; ++i_) t[i_] = _mm512_insertf64x4(_mm512_castpd256_pd512(lo_[i_]), hi_[i_], 1);  \
    } while (0)
#define TA__S8(m, node)                                                                                           \
    for (int c = 0; c < 4; ++c) {                                                                                 \
        store_column4(lanes, node, c, _mm512_castpd512_pd256(m[c * 3]), _mm512_castpd512_pd256(m[c * 3 + 1]),    \
                      _mm512_castpd512_pd256(m[c * 3 + 2]), out);                                                 \
        store_column4(lanes + 4, node, c, _mm512_extractf64x4_pd(m[c * 3], 1),                                    \
                      _mm512_extractf64x4_pd(m[c * 3 + 1], 1), _mm512_extractf64x4_pd(m[c * 3 + 2], 1), out);     \
    }
    TA__WORLD_BODY(__m512d, 8u, TA__F8, TA__S8)
#undef TA__F8
#undef TA__S8
}

TA__AVX512 static void world8(const ta__pose_lane *lanes, uint32_t node_count, double *scratch, int out)
{
    TA__WORLD_LOOPS(world8_body)
}

TA__AVX512 TA__INLINE void store_bone8(float *const *out, uint32_t i, __m256 f[4][4], int rows)
{
    __m128 lo[4][4], hi[4][4];
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            lo[c][r] = _mm256_castps256_ps128(f[c][r]);
            hi[c][r] = _mm256_extractf128_ps(f[c][r], 1);
        }
    store_bone4(out, i, lo, rows);
    store_bone4(out + 4, i, hi, rows);
}

TA__BONES_SET(8, TA__AVX512, __m512d, __m256, _mm512_cvtpd_ps, _mm256_set1_ps, store_bone8)

uint32_t ta__lanes_width(int level)
{
    return level >= TA__POSE_AVX512 ? 8 : level == TA__POSE_AVX2 ? 4 : 0;
}

void ta__lanes_world(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, double *scratch, int out)
{
    if (width == 8)
        world8(lanes, node_count, scratch, out);
    else
        world4(lanes, node_count, scratch, out);
}

void ta__lanes_bones(const double *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,
                     float *const *out, int rows)
{
    if (width == 8)
        bones8(scratch, joints, ib, n, out, rows);
    else
        bones4(scratch, joints, ib, n, out, rows);
}

#else
/* No lane pass in this build: the frame never asks for one (width 0). */
uint32_t ta__lanes_width(int level)
{
    (void)level;
    return 0;
}

void ta__lanes_world(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, double *scratch, int out)
{
    (void)lanes, (void)width, (void)node_count, (void)scratch, (void)out;
}

void ta__lanes_bones(const double *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,
                     float *const *out, int rows)
{
    (void)scratch, (void)width, (void)joints, (void)ib, (void)n, (void)out, (void)rows;
}
#endif
