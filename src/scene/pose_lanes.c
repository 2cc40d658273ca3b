/* The lane pass: the world and skinning loops across characters of one rig,
 * a character a lane (pose_internal.h). Each lane does the column loops'
 * operations in their order, in double, so the numbers are theirs bit for bit;
 * what changes is that a node's arithmetic is done once for four characters,
 * and the loads and stores become gathers and transposes. */
#include <stddef.h>
#include <stdint.h>

#include "scene/pose_internal.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#define TA__AVX2 __attribute__((target("avx2")))

/* Lane L's float at byte off of its node, for the four lanes: delta holds
 * each lane's nodes array less lane 0's, in bytes. */
TA__AVX2 static inline __m256d gather(const ta_node *node0, size_t off, __m256i delta)
{
    const float *base = (const float *)(const void *)((const char *)node0 + off);
    return _mm256_cvtps_pd(_mm256_i64gather_ps(base, delta, 1));
}

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

TA__AVX2 void ta__lanes_world(const ta__pose_lane *lanes, uint32_t node_count, double *scratch)
{
    const ta_node *nodes0 = lanes[0].nodes;
    const ta_node_id *order = lanes[0].order;
    __m256i delta = _mm256_set_epi64x((long long)((uintptr_t)lanes[3].nodes - (uintptr_t)nodes0),
                                      (long long)((uintptr_t)lanes[2].nodes - (uintptr_t)nodes0),
                                      (long long)((uintptr_t)lanes[1].nodes - (uintptr_t)nodes0), 0);
    const __m256d one = _mm256_set1_pd(1.0), zero = _mm256_setzero_pd();
    for (uint32_t k = 0; k < node_count; ++k) {
        uint32_t node = order[k].index;
        const ta_node *n0 = &nodes0[node];
        /* compose (pose_simd.c), a lane per character */
        __m256d x = gather(n0, offsetof(ta_node, quaternion.x), delta);
        __m256d y = gather(n0, offsetof(ta_node, quaternion.y), delta);
        __m256d z = gather(n0, offsetof(ta_node, quaternion.z), delta);
        __m256d w = gather(n0, offsetof(ta_node, quaternion.w), delta);
        __m256d x2 = _mm256_add_pd(x, x), y2 = _mm256_add_pd(y, y), z2 = _mm256_add_pd(z, z);
        __m256d xx = _mm256_mul_pd(x, x2), xy = _mm256_mul_pd(x, y2), xz = _mm256_mul_pd(x, z2);
        __m256d yy = _mm256_mul_pd(y, y2), yz = _mm256_mul_pd(y, z2), zz = _mm256_mul_pd(z, z2);
        __m256d wx = _mm256_mul_pd(w, x2), wy = _mm256_mul_pd(w, y2), wz = _mm256_mul_pd(w, z2);
        __m256d sx = gather(n0, offsetof(ta_node, scale.x), delta);
        __m256d sy = gather(n0, offsetof(ta_node, scale.y), delta);
        __m256d sz = gather(n0, offsetof(ta_node, scale.z), delta);
        __m256d l[12];
        l[0] = _mm256_mul_pd(_mm256_sub_pd(one, _mm256_add_pd(yy, zz)), sx);
        l[1] = _mm256_mul_pd(_mm256_add_pd(xy, wz), sx);
        l[2] = _mm256_mul_pd(_mm256_sub_pd(xz, wy), sx);
        l[3] = _mm256_mul_pd(_mm256_sub_pd(xy, wz), sy);
        l[4] = _mm256_mul_pd(_mm256_sub_pd(one, _mm256_add_pd(xx, zz)), sy);
        l[5] = _mm256_mul_pd(_mm256_add_pd(yz, wx), sy);
        l[6] = _mm256_mul_pd(_mm256_add_pd(xz, wy), sz);
        l[7] = _mm256_mul_pd(_mm256_sub_pd(yz, wx), sz);
        l[8] = _mm256_mul_pd(_mm256_sub_pd(one, _mm256_add_pd(xx, yy)), sz);
        l[9] = gather(n0, offsetof(ta_node, position.x), delta);
        l[10] = gather(n0, offsetof(ta_node, position.y), delta);
        l[11] = gather(n0, offsetof(ta_node, position.z), delta);
        double *s = scratch + (size_t)node * 48;
        __m256d m[12]; /* kept in registers for the transposes, and in scratch for the children and the bones */
        if (ta_node_is_none(n0->parent)) {
            for (int e = 0; e < 12; ++e) m[e] = l[e];
        } else {
            const double *p = scratch + (size_t)n0->parent.index * 48;
            for (int r = 0; r < 3; ++r) {
                __m256d p0 = _mm256_load_pd(p + r * 4), p1 = _mm256_load_pd(p + (3 + r) * 4);
                __m256d p2 = _mm256_load_pd(p + (6 + r) * 4), p3 = _mm256_load_pd(p + (9 + r) * 4);
                for (int c = 0; c < 4; ++c) {
                    __m256d v = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(p0, l[c * 3]), _mm256_mul_pd(p1, l[c * 3 + 1])),
                                              _mm256_mul_pd(p2, l[c * 3 + 2]));
                    m[c * 3 + r] = c == 3 ? _mm256_add_pd(v, p3) : v;
                }
            }
        }
        for (int e = 0; e < 12; ++e) _mm256_store_pd(s + e * 4, m[e]);
        /* each lane's columns, the last row three.js's exact zeros and one */
        for (int c = 0; c < 4; ++c) {
            __m256d r0 = m[c * 3], r1 = m[c * 3 + 1], r2 = m[c * 3 + 2], r3 = c == 3 ? one : zero;
            TA__TRANSPOSE4(r0, r1, r2, r3);
            __m256d col[4] = {r0, r1, r2, r3};
            for (int L = 0; L < 4; ++L) {
                _mm256_storeu_pd(lanes[L].world + (size_t)node * 16 + c * 4, col[L]);
                _mm_storeu_ps(lanes[L].out[node].m + c * 4, _mm256_cvtpd_ps(col[L]));
            }
        }
        for (int L = 0; L < 4; ++L) lanes[L].stamp[node] = lanes[L].generation;
    }
}

TA__AVX2 static inline __attribute__((always_inline)) void bones(const double *scratch, const ta_node_id *joints,
                                                                 const ta_mat4 *ib, uint32_t n, float *const *out,
                                                                 int rows)
{
    for (uint32_t i = 0; i < n; ++i) {
        const double *a = scratch + (size_t)joints[i].index * 48;
        const float *b = ib[i].m;
        __m256d a0[3], a1[3], a2[3], a3[3];
        for (int r = 0; r < 3; ++r) {
            a0[r] = _mm256_load_pd(a + r * 4);
            a1[r] = _mm256_load_pd(a + (3 + r) * 4);
            a2[r] = _mm256_load_pd(a + (6 + r) * 4);
            a3[r] = _mm256_load_pd(a + (9 + r) * 4);
        }
        __m128 f[4][4]; /* column, row: across the lanes */
        for (int c = 0; c < 4; ++c) {
            /* the column of the inverse bind in double, each number then spread over the lanes */
            __m256d bc = _mm256_cvtps_pd(_mm_loadu_ps(b + c * 4));
            __m256d b0 = _mm256_permute4x64_pd(bc, 0x00), b1 = _mm256_permute4x64_pd(bc, 0x55);
            __m256d b2 = _mm256_permute4x64_pd(bc, 0xaa), b3 = _mm256_permute4x64_pd(bc, 0xff);
            for (int r = 0; r < 3; ++r)
                f[c][r] = _mm256_cvtpd_ps(_mm256_add_pd(
                    _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(a0[r], b0), _mm256_mul_pd(a1[r], b1)),
                                  _mm256_mul_pd(a2[r], b2)),
                    _mm256_mul_pd(a3[r], b3)));
            /* the last row: the world's zeros and one times the column, as the column loops add it */
            f[c][3] = _mm_set1_ps((float)(0.0 * (double)b[c * 4] + 0.0 * (double)b[c * 4 + 1] +
                                          0.0 * (double)b[c * 4 + 2] + 1.0 * (double)b[c * 4 + 3]));
        }
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
}

TA__AVX2 void ta__lanes_bones(const double *scratch, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,
                              float *const *out, int rows)
{
    if (rows)
        bones(scratch, joints, ib, n, out, 1);
    else
        bones(scratch, joints, ib, n, out, 0);
}

#else
/* No lane pass in this build: the frame never asks for one (no pose runs AVX2). */
void ta__lanes_world(const ta__pose_lane *lanes, uint32_t node_count, double *scratch)
{
    (void)lanes, (void)node_count, (void)scratch;
}

void ta__lanes_bones(const double *scratch, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,
                     float *const *out, int rows)
{
    (void)scratch, (void)joints, (void)ib, (void)n, (void)out, (void)rows;
}
#endif
