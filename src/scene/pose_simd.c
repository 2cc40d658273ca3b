/* The world and skinning loops, once per instruction set. See pose_internal.h. */
#include <stddef.h>
#include <string.h>

#include "scene/pose_internal.h"

/* A node's local matrix as three.js's Matrix4.compose makes it, in double
 * from its float fields: the 3x3 part in l[0..8] by column, the translation
 * in t[0..2]. */
static inline void compose(const ta_node *n, double l[9], double t[3])
{
    double x = n->quaternion.x, y = n->quaternion.y, z = n->quaternion.z, w = n->quaternion.w;
    double x2 = x + x, y2 = y + y, z2 = z + z;
    double xx = x * x2, xy = x * y2, xz = x * z2;
    double yy = y * y2, yz = y * z2, zz = z * z2;
    double wx = w * x2, wy = w * y2, wz = w * z2;
    double sx = n->scale.x, sy = n->scale.y, sz = n->scale.z;
    l[0] = (1 - (yy + zz)) * sx;
    l[1] = (xy + wz) * sx;
    l[2] = (xz - wy) * sx;
    l[3] = (xy - wz) * sy;
    l[4] = (1 - (xx + zz)) * sy;
    l[5] = (yz + wx) * sy;
    l[6] = (xz + wy) * sz;
    l[7] = (yz - wx) * sz;
    l[8] = (1 - (xx + yy)) * sz;
    t[0] = n->position.x;
    t[1] = n->position.y;
    t[2] = n->position.z;
}

/* The reference: one number at a time. */
static void world_scalar(const ta_node *nodes, const ta_node_id *order, uint32_t begin, uint32_t end, double *world,
                         ta_mat4 *out, uint32_t *stamp, uint32_t gen)
{
    for (uint32_t k = begin; k < end; ++k) {
        uint32_t node = order[k].index;
        const ta_node *n = &nodes[node];
        double l[9], t[3], *w = &world[(size_t)node * 16];
        compose(n, l, t);
        if (ta_node_is_none(n->parent)) {
            for (int c = 0; c < 3; ++c) {
                for (int r = 0; r < 3; ++r) w[c * 4 + r] = l[c * 3 + r];
                w[c * 4 + 3] = 0;
            }
            for (int r = 0; r < 3; ++r) w[12 + r] = t[r];
        } else {
            const double *p = &world[(size_t)n->parent.index * 16];
            for (int c = 0; c < 3; ++c) {
                for (int r = 0; r < 3; ++r) w[c * 4 + r] = p[r] * l[c * 3] + p[4 + r] * l[c * 3 + 1] + p[8 + r] * l[c * 3 + 2];
                w[c * 4 + 3] = 0;
            }
            for (int r = 0; r < 3; ++r) w[12 + r] = p[r] * t[0] + p[4 + r] * t[1] + p[8 + r] * t[2] + p[12 + r];
        }
        w[15] = 1;
        if (out != NULL)
            for (int i = 0; i < 16; ++i) out[node].m[i] = (float)w[i];
        stamp[node] = gen;
    }
}

/* rows: the top three rows of each, row-major (12 floats a bone), else the
 * whole matrix column-major (16). */
static void bones_scalar(const double *world, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n, float *out,
                         int rows)
{
    for (uint32_t i = 0; i < n; ++i) {
        const double *a = &world[(size_t)joints[i].index * 16];
        const float *b = ib[i].m;
        float *o = out + (size_t)i * (rows ? 12 : 16);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < (rows ? 3 : 4); ++r)
                o[rows ? r * 4 + c : c * 4 + r] =
                    (float)(a[r] * (double)b[c * 4] + a[4 + r] * (double)b[c * 4 + 1] + a[8 + r] * (double)b[c * 4 + 2] +
                            a[12 + r] * (double)b[c * 4 + 3]);
    }
}

#if defined(__GNUC__) && defined(__x86_64__)
#define TA__POSE_X86 1
#include <immintrin.h>
#endif
/* WebAssembly SIMD (threeanim-simd.wasm): the same loops over 128-bit lanes, as the one set of
 * the scalar level there, since a wasm module cannot ask what its host runs. */
#if defined(__clang__) && defined(__wasm_simd128__)
#define TA__POSE_WASM 1
#endif

#if defined(TA__POSE_X86) || defined(TA__POSE_WASM)
/* A column of four doubles; unaligned loads and stores go through memcpy. */
typedef double v4d __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef long long v4di __attribute__((vector_size(32)));

/* Macros, not functions: a function of the SSE2 set returning a v4d would
 * change the ABI (GCC's -Wpsabi). */
#define TA__LOAD(p)                                                                                               \
    __extension__({                                                                                               \
        v4d v_;                                                                                                   \
        memcpy(&v_, (p), sizeof v_);                                                                              \
        v_;                                                                                                       \
    })
#define TA__STORE(d, f, at, v)                                                                                    \
    do {                                                                                                          \
        v4d s_ = (v);                                                                                             \
        memcpy((d) + (at), &s_, sizeof s_);                                                                       \
        if ((f) != NULL) { /* NULL: no float copy wanted */                                                       \
            v4f g_ = __builtin_convertvector(s_, v4f);                                                            \
            memcpy((f) + (at), &g_, sizeof g_);                                                                   \
        }                                                                                                         \
    } while (0)

/* A block of the world pass: its nodes' local matrices first, four nodes a step in the lanes of
 * v4d (compose()'s expressions, element for element: the same numbers), into twelve planes of
 * TA__WORLD_BLOCK; then node by node, in order, each column of the product a sum of the parent's
 * columns times numbers read from the planes (a tree's top, once a tree, composed on its own).
 * The locals do not wait on the parents, and take fewer instructions four at a time than one at
 * a time (docs/performance.md, "A lone character's passes"). */
enum { TA__WORLD_BLOCK = 64 };
/* Four floats from p (memcpy: unaligned, and no aliasing rule broken). A node's position and
 * scale are read with the float after them (the quaternion's x, the node's next field), which
 * lane 3 drops. */
#define TA__LOAD4F(p)                                                                                             \
    __extension__({                                                                                               \
        v4f f_;                                                                                                   \
        memcpy(&f_, (p), sizeof f_);                                                                              \
        f_;                                                                                                       \
    })
/* The float after a node's scale is still the node's (lane 3 of its load, dropped). */
_Static_assert(offsetof(ta_node, scale) + 4 * sizeof(float) <= sizeof(ta_node), "a node's scale is read 16 bytes wide");
/* Lane i of v in every lane. */
#define TA__SPLAT(v, i) __builtin_shufflevector((v), (v), i, i, i, i)
#define TA__PUT4(d, v)                                                                                            \
    do {                                                                                                          \
        const v4d put_ = (v);                                                                                     \
        memcpy((d), &put_, sizeof put_);                                                                          \
    } while (0)
/* The 4x4 transpose of a, b, c, d (rows) into x, y, z, w (columns), widened to v4d. */
#define TA__TRANSPOSE4(a, b, c, d, x, y, z, w)                                                                    \
    do {                                                                                                          \
        const v4f ab0_ = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab1_ = __builtin_shufflevector(a, b, 2, 6, 3, 7); \
        const v4f cd0_ = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd1_ = __builtin_shufflevector(c, d, 2, 6, 3, 7); \
        x = TA__WIDEN(__builtin_shufflevector(ab0_, cd0_, 0, 1, 4, 5));                                           \
        y = TA__WIDEN(__builtin_shufflevector(ab0_, cd0_, 2, 3, 6, 7));                                           \
        z = TA__WIDEN(__builtin_shufflevector(ab1_, cd1_, 0, 1, 4, 5));                                           \
        w = TA__WIDEN(__builtin_shufflevector(ab1_, cd1_, 2, 3, 6, 7));                                           \
    } while (0)
#define TA__COMPOSE4(nodes, order, k, m, i, L)                                                                    \
    do {                                                                                                          \
        const ta_node *n0_ = &nodes[order[k + i].index];                                                          \
        const ta_node *n1_ = &nodes[order[k + ((i) + 1 < (m) ? (i) + 1 : (i))].index];                            \
        const ta_node *n2_ = &nodes[order[k + ((i) + 2 < (m) ? (i) + 2 : (i))].index];                            \
        const ta_node *n3_ = &nodes[order[k + ((i) + 3 < (m) ? (i) + 3 : (i))].index];                            \
        v4d x, y, z, w, px, py, pz, sx, sy, sz, unused_;                                                          \
        TA__TRANSPOSE4(TA__LOAD4F(&n0_->quaternion), TA__LOAD4F(&n1_->quaternion), TA__LOAD4F(&n2_->quaternion),  \
                       TA__LOAD4F(&n3_->quaternion), x, y, z, w);                                                 \
        TA__TRANSPOSE4(TA__LOAD4F(&n0_->position), TA__LOAD4F(&n1_->position), TA__LOAD4F(&n2_->position),        \
                       TA__LOAD4F(&n3_->position), px, py, pz, unused_);                                          \
        TA__TRANSPOSE4(TA__LOAD4F(&n0_->scale), TA__LOAD4F(&n1_->scale), TA__LOAD4F(&n2_->scale),                 \
                       TA__LOAD4F(&n3_->scale), sx, sy, sz, unused_);                                             \
        (void)unused_;                                                                                            \
        const v4d x2 = x + x, y2 = y + y, z2 = z + z;                                                             \
        const v4d xx = x * x2, xy = x * y2, xz = x * z2;                                                          \
        const v4d yy = y * y2, yz = y * z2, zz = z * z2;                                                          \
        const v4d wx = w * x2, wy = w * y2, wz = w * z2;                                                          \
        const v4d one = {1, 1, 1, 1};                                                                             \
        TA__PUT4(L[0] + i, (one - (yy + zz)) * sx);                                                               \
        TA__PUT4(L[1] + i, (xy + wz) * sx);                                                                       \
        TA__PUT4(L[2] + i, (xz - wy) * sx);                                                                       \
        TA__PUT4(L[3] + i, (xy - wz) * sy);                                                                       \
        TA__PUT4(L[4] + i, (one - (xx + zz)) * sy);                                                               \
        TA__PUT4(L[5] + i, (yz + wx) * sy);                                                                       \
        TA__PUT4(L[6] + i, (xz + wy) * sz);                                                                       \
        TA__PUT4(L[7] + i, (yz - wx) * sz);                                                                       \
        TA__PUT4(L[8] + i, (one - (xx + yy)) * sz);                                                               \
        TA__PUT4(L[9] + i, px);                                                                                   \
        TA__PUT4(L[10] + i, py);                                                                                  \
        TA__PUT4(L[11] + i, pz);                                                                                  \
    } while (0)

/* A tree's top: its world matrix is its local one, the last row three.js's 0 0 0 1. */
#define TA__TOP_COLUMNS(l, t, c0, c1, c2, c3)                                                                     \
    do {                                                                                                          \
        c0 = (v4d){l[0], l[1], l[2], 0};                                                                          \
        c1 = (v4d){l[3], l[4], l[5], 0};                                                                          \
        c2 = (v4d){l[6], l[7], l[8], 0};                                                                          \
        c3 = (v4d){t[0], t[1], t[2], 1};                                                                          \
    } while (0)
/* A node's four columns to its doubles w and its floats f (NULL: none). */
#define TA__STORE4(w, f, c0, c1, c2, c3)                                                                          \
    do {                                                                                                          \
        TA__STORE(w, f, 0, c0);                                                                                   \
        TA__STORE(w, f, 4, c1);                                                                                   \
        TA__STORE(w, f, 8, c2);                                                                                   \
        TA__STORE(w, f, 12, c3);                                                                                  \
    } while (0)

/* The world pass node by node, each composed on its own (WebAssembly's set: V8 runs the blocks'
 * transposes and lanes of v4d slower than this, docs/performance.md). */
#define TA__WORLD_NODES(nodes, order, begin, end, world, out, stamp, gen)                                         \
    for (uint32_t k = begin; k < end; ++k) {                                                                      \
        uint32_t node = order[k].index;                                                                           \
        const ta_node *n = &nodes[node];                                                                          \
        double l[9], t[3], *w = &world[(size_t)node * 16];                                                        \
        float *f = out ? out[node].m : NULL;                                                                      \
        compose(n, l, t);                                                                                         \
        v4d c0, c1, c2, c3;                                                                                       \
        if (ta_node_is_none(n->parent)) {                                                                         \
            TA__TOP_COLUMNS(l, t, c0, c1, c2, c3);                                                                \
        } else {                                                                                                  \
            const double *p = &world[(size_t)n->parent.index * 16];                                               \
            v4d p0 = TA__LOAD(p), p1 = TA__LOAD(p + 4), p2 = TA__LOAD(p + 8), p3 = TA__LOAD(p + 12);              \
            c0 = p0 * l[0] + p1 * l[1] + p2 * l[2];                                                               \
            c1 = p0 * l[3] + p1 * l[4] + p2 * l[5];                                                               \
            c2 = p0 * l[6] + p1 * l[7] + p2 * l[8];                                                               \
            c3 = p0 * t[0] + p1 * t[1] + p2 * t[2] + p3;                                                          \
            /* the last row as three.js's: its terms are exact zeros (and a one) */                               \
            c0[3] = 0, c1[3] = 0, c2[3] = 0, c3[3] = 1;                                                           \
        }                                                                                                         \
        TA__STORE4(w, f, c0, c1, c2, c3);                                                                         \
        stamp[node] = gen;                                                                                        \
    }

/* One set: each column of a product is a sum of columns of the left matrix
 * times numbers of the right one, added in three.js's order. */
#define TA__POSE_SET(SUF, ATTR, BLOCKS, BONES)                                                                    \
    ATTR static void world_##SUF(const ta_node *nodes, const ta_node_id *order, uint32_t begin, uint32_t end,     \
                                 double *world, ta_mat4 *out, uint32_t *stamp, uint32_t gen)                      \
    {                                                                                                             \
        if (!(BLOCKS)) {                                                                                          \
            TA__WORLD_NODES(nodes, order, begin, end, world, out, stamp, gen);                                    \
            return;                                                                                               \
        }                                                                                                         \
        _Alignas(32) double L[12][TA__WORLD_BLOCK];                                                               \
        for (uint32_t k = begin; k < end; k += TA__WORLD_BLOCK) {                                                 \
            const uint32_t m = end - k < TA__WORLD_BLOCK ? end - k : TA__WORLD_BLOCK;                             \
            for (uint32_t i = 0; i < m; i += 4) TA__COMPOSE4(nodes, order, k, m, i, L);                           \
            for (uint32_t i = 0; i < m; ++i) {                                                                    \
                const uint32_t node = order[k + i].index;                                                         \
                const ta_node *n = &nodes[node];                                                                  \
                double *w = &world[(size_t)node * 16];                                                            \
                float *f = out ? out[node].m : NULL;                                                              \
                v4d c0, c1, c2, c3;                                                                               \
                if (ta_node_is_none(n->parent)) {                                                                 \
                    double l[9], t[3];                                                                            \
                    compose(n, l, t);                                                                             \
                    TA__TOP_COLUMNS(l, t, c0, c1, c2, c3);                                                        \
                } else {                                                                                          \
                    const double *p = &world[(size_t)n->parent.index * 16];                                       \
                    v4d p0 = TA__LOAD(p), p1 = TA__LOAD(p + 4), p2 = TA__LOAD(p + 8), p3 = TA__LOAD(p + 12);      \
                    c0 = p0 * L[0][i] + p1 * L[1][i] + p2 * L[2][i];                                              \
                    c1 = p0 * L[3][i] + p1 * L[4][i] + p2 * L[5][i];                                              \
                    c2 = p0 * L[6][i] + p1 * L[7][i] + p2 * L[8][i];                                              \
                    c3 = p0 * L[9][i] + p1 * L[10][i] + p2 * L[11][i] + p3;                                       \
                    /* the last row as three.js's: its terms are exact zeros (and a one), by masks */             \
                    const v4di keep = {-1, -1, -1, 0}, w1 = {0, 0, 0, 0x3ff0000000000000LL}; /* 1.0's bits */     \
                    c0 = (v4d)((v4di)c0 & keep), c1 = (v4d)((v4di)c1 & keep), c2 = (v4d)((v4di)c2 & keep);        \
                    c3 = (v4d)(((v4di)c3 & keep) | w1);                                                           \
                }                                                                                                 \
                TA__STORE4(w, f, c0, c1, c2, c3);                                                                 \
                stamp[node] = gen;                                                                                \
            }                                                                                                     \
        }                                                                                                         \
    }                                                                                                             \
    /* one bone; rows is a constant where it is inlined, so each layout has a loop of its own */          \
    ATTR static inline __attribute__((always_inline)) void bone_##SUF(const double *a, const float *b, float *o,  \
                                                                     int rows)                                    \
    {                                                                                                             \
        v4d a0 = TA__LOAD(a), a1 = TA__LOAD(a + 4), a2 = TA__LOAD(a + 8), a3 = TA__LOAD(a + 12);                  \
        for (int c = 0; c < 4; ++c) {                                                                             \
            /* the inverse bind's column widened at once, its numbers then spread over the lanes */               \
            v4d col;                                                                                              \
            if (BLOCKS) {                                                                                         \
                const v4d bc = TA__WIDEN(TA__LOAD4F(b + c * 4));                                                  \
                col = a0 * TA__SPLAT(bc, 0) + a1 * TA__SPLAT(bc, 1) + a2 * TA__SPLAT(bc, 2) + a3 * TA__SPLAT(bc, 3); \
            } else {                                                                                              \
                col = a0 * (double)b[c * 4] + a1 * (double)b[c * 4 + 1] + a2 * (double)b[c * 4 + 2] +            \
                      a3 * (double)b[c * 4 + 3];                                                                  \
            }                                                                                                     \
            v4f g = __builtin_convertvector(col, v4f);                                                            \
            if (rows)                                                                                             \
                o[c] = g[0], o[4 + c] = g[1], o[8 + c] = g[2];                                                    \
            else                                                                                                  \
                memcpy(o + c * 4, &g, sizeof g);                                                                  \
        }                                                                                                         \
    }                                                                                                             \
    ATTR static void bones_##SUF(const double *world, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,    \
                                 float *out, int rows)                                                            \
    {                                                                                                             \
        if (rows)                                                                                                 \
            for (uint32_t i = 0; i < n; ++i)                                                                      \
                bone_##SUF(&world[(size_t)joints[i].index * 16], ib[i].m, out + (size_t)i * 12, 1);               \
        else                                                                                                      \
            for (uint32_t i = 0; i < n; ++i)                                                                      \
                bone_##SUF(&world[(size_t)joints[i].index * 16], ib[i].m, out + (size_t)i * 16, 0);               \
    }                                                                                                             \
    static const ta__pose_kernels kernels_##SUF = {world_##SUF, BONES};

#endif
#ifdef TA__POSE_X86
/* GCC widens a generic v4f to v4d two lanes at a time through memory, even in a function built
 * for AVX2: the wider sets say the one instruction it is. */
#define TA__WIDEN(v) __builtin_convertvector((v), v4d)
TA__POSE_SET(sse2, , 1, bones_sse2)
#undef TA__WIDEN
#define TA__WIDEN(v) ((v4d)_mm256_cvtps_pd((__m128)(v)))
TA__POSE_SET(avx2, __attribute__((target("avx2"))), 1, bones_avx2)
/* AVX-512's 4x4 bones two columns a register: the joint's world matrix in both halves, two
 * inverse-bind columns widened at once, each number spread over its half; the same products and
 * sums, element for element. */
#define TA__AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw")))
static void bones_avx512_pairs(const double *world, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n,
                               float *out, int rows);
TA__POSE_SET(avx512, TA__AVX512, 1, bones_avx512_pairs)
TA__AVX512 static void bones_avx512_pairs(const double *world, const ta_node_id *joints, const ta_mat4 *ib,
                                          uint32_t n, float *out, int rows)
{
    if (rows) {
        bones_avx512(world, joints, ib, n, out, 1);
        return;
    }
    const __m512i i0 = _mm512_set_epi64(4, 4, 4, 4, 0, 0, 0, 0), i1 = _mm512_set_epi64(5, 5, 5, 5, 1, 1, 1, 1);
    const __m512i i2 = _mm512_set_epi64(6, 6, 6, 6, 2, 2, 2, 2), i3 = _mm512_set_epi64(7, 7, 7, 7, 3, 3, 3, 3);
    for (uint32_t i = 0; i < n; ++i) {
        const double *a = &world[(size_t)joints[i].index * 16];
        const __m512d a0 = _mm512_broadcast_f64x4(_mm256_loadu_pd(a));
        const __m512d a1 = _mm512_broadcast_f64x4(_mm256_loadu_pd(a + 4));
        const __m512d a2 = _mm512_broadcast_f64x4(_mm256_loadu_pd(a + 8));
        const __m512d a3 = _mm512_broadcast_f64x4(_mm256_loadu_pd(a + 12));
        for (int c = 0; c < 4; c += 2) {
            const __m512d b = _mm512_cvtps_pd(_mm256_loadu_ps(ib[i].m + c * 4));
            __m512d col = _mm512_mul_pd(a0, _mm512_permutexvar_pd(i0, b));
            col = _mm512_add_pd(col, _mm512_mul_pd(a1, _mm512_permutexvar_pd(i1, b)));
            col = _mm512_add_pd(col, _mm512_mul_pd(a2, _mm512_permutexvar_pd(i2, b)));
            col = _mm512_add_pd(col, _mm512_mul_pd(a3, _mm512_permutexvar_pd(i3, b)));
            _mm256_storeu_ps(out + (size_t)i * 16 + c * 4, _mm512_cvtpd_ps(col));
        }
    }
}
#undef TA__AVX512
#undef TA__WIDEN
#endif

#ifdef TA__POSE_WASM
#define TA__WIDEN(v) __builtin_convertvector((v), v4d)
TA__POSE_SET(simd128, , 0, bones_simd128)
#undef TA__WIDEN
#endif

static const ta__pose_kernels kernels_scalar = {world_scalar, bones_scalar};

const ta__pose_kernels *ta__pose_kernels_for(int level)
{
    switch (level) {
#ifdef TA__POSE_WASM
    /* the loops over lanes give the scalar ones' numbers bit for bit (each sum in the same order,
     * no FMA: tests/js/simd.test.mjs compares the two modules) */
    case TA__POSE_SCALAR: return (void)kernels_scalar, &kernels_simd128;
#else
    case TA__POSE_SCALAR: return &kernels_scalar;
#endif
#ifdef TA__POSE_X86
    case TA__POSE_SSE2: return &kernels_sse2;
    case TA__POSE_AVX2: return &kernels_avx2;
    case TA__POSE_AVX512: return &kernels_avx512;
#endif
    default: return NULL;
    }
}

int ta__pose_baseline_level(void)
{
#ifdef TA__POSE_X86
    return TA__POSE_SSE2;
#else
    return TA__POSE_SCALAR;
#endif
}
