/* The fused path's loops, once per instruction set. See fused_kernels.h. */
#include <stddef.h>

#include "animation/fused_kernels.h"
#include "animation/slerp_lane.h"

/* The plane slerp keeps its own frame: inlined, its restrict parameters
 * would be lost, and with them the proof that the planes do not overlap. */
#if defined(__GNUC__)
#define TA__NOINLINE __attribute__((noinline))
#else
#define TA__NOINLINE
#endif

#define TA__KERNELS(SUF, ATTR)                                                                                    \
    ATTR static void vec_first_##SUF(float *pile, const float *k0, const float *k1, uint32_t n, double w0,        \
                                     double w1)                                                                   \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) pile[i] = (float)(k0[i] * w0 + k1[i] * w1);                              \
    }                                                                                                             \
    ATTR static void vec_mix_##SUF(float *pile, const float *k0, const float *k1, uint32_t n, double w0,          \
                                   double w1, double keep, double mix)                                            \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            double v = k0[i] * w0 + k1[i] * w1;                                                                   \
            pile[i] = (float)(pile[i] * keep + v * mix);                                                          \
        }                                                                                                         \
    }                                                                                                             \
    ATTR static void vec_rest_##SUF(float *pile, const float *orig, uint32_t n, double s, double t)               \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) pile[i] = (float)(pile[i] * s + orig[i] * t);                            \
    }                                                                                                             \
    ATTR TA__NOINLINE static uint32_t slerp_planes_##SUF(                                                               \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict ax,   \
        const float *restrict ay, const float *restrict az, const float *restrict aw, const float *restrict bx,     \
        const float *restrict by, const float *restrict bz, const float *restrict bw, uint32_t n, float t,         \
        uint8_t *restrict slow)                                                                                    \
    {                                                                                                             \
        uint32_t count = 0;                                                                                       \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            bool s = ta__slerp_lane(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i], bw[i], t, &ox[i], &oy[i],    \
                                    &oz[i], &ow[i]);                                                              \
            slow[i] = (uint8_t)s;                                                                                 \
            count += (uint32_t)s;                                                                                 \
        }                                                                                                         \
        return count;                                                                                             \
    }                                                                                                             \
    ATTR static uint32_t rot_slerp_##SUF(float *out, const float *a, const float *b, uint32_t n, float t,         \
                                         uint8_t *slow)                                                           \
    {                                                                                                             \
        return slerp_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a, a + n, a + 2 * n, a + 3 * n, b,      \
                                  b + n, b + 2 * n, b + 3 * n, n, t, slow);                                       \
    }                                                                                                             \
    ATTR static uint32_t not_finite_##SUF(const float *v, uint32_t n)                                            \
    {                                                                                                             \
        /* v - v is 0 for a finite number and NaN for the others: an OR of compares, which vectorises */          \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) bad |= (uint32_t)(v[i] - v[i] != 0);                                    \
        return bad;                                                                                               \
    }                                                                                                             \
    /* which lanes changed, in one vector pass; then the stores, lane by lane */                                  \
    ATTR TA__NOINLINE static void changed3_##SUF(uint8_t *restrict ch, const float *restrict px,                 \
                                                 const float *restrict py, const float *restrict pz,              \
                                                 const float *restrict lx, const float *restrict ly,              \
                                                 const float *restrict lz, uint32_t n)                            \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) ch[i] = (uint8_t)((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i])); \
    }                                                                                                             \
    ATTR TA__NOINLINE static void changed4_##SUF(                                                                \
        uint8_t *restrict ch, const float *restrict px, const float *restrict py, const float *restrict pz,       \
        const float *restrict pw, const float *restrict lx, const float *restrict ly, const float *restrict lz,    \
        const float *restrict lw, uint32_t n)                                                                     \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            ch[i] = (uint8_t)((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i]) | (pw[i] != lw[i]));         \
    }                                                                                                             \
    ATTR static void write_vec_##SUF(float *base, const uint32_t *off, const float *pile, const float *last,     \
                                     uint32_t lanes, uint32_t n, uint8_t *ch)                                     \
    {                                                                                                             \
        changed3_##SUF(ch, pile, pile + lanes, pile + 2 * lanes, last, last + lanes, last + 2 * lanes, lanes);    \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            if (!ch[i]) continue;                                                                                 \
            float *d = base + off[i];                                                                             \
            d[0] = pile[i];                                                                                       \
            d[1] = pile[lanes + i];                                                                               \
            d[2] = pile[2 * lanes + i];                                                                           \
        }                                                                                                         \
    }                                                                                                             \
    ATTR static void write_rot_##SUF(float *base, const uint32_t *off, const float *pile, const float *last,     \
                                     uint32_t lanes, uint32_t n, uint8_t *ch)                                     \
    {                                                                                                             \
        changed4_##SUF(ch, pile, pile + lanes, pile + 2 * lanes, pile + 3 * lanes, last, last + lanes,            \
                       last + 2 * lanes, last + 3 * lanes, lanes);                                                \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            if (!ch[i]) continue;                                                                                 \
            float *d = base + off[i];                                                                             \
            d[0] = pile[i];                                                                                       \
            d[1] = pile[lanes + i];                                                                               \
            d[2] = pile[2 * lanes + i];                                                                           \
            d[3] = pile[3 * lanes + i];                                                                           \
        }                                                                                                         \
    }                                                                                                             \
    static const ta__fused_kernels kernels_##SUF = {vec_first_##SUF, vec_mix_##SUF, vec_rest_##SUF,               \
                                                    rot_slerp_##SUF, not_finite_##SUF,   \
                                                    write_vec_##SUF, write_rot_##SUF};

/* The scalar set is the reference the vector sets are tested against: kept
 * out of the vectoriser where the compiler allows. */
#if defined(__GNUC__) && !defined(__clang__)
#define TA__SCALAR_ATTR __attribute__((optimize("no-tree-vectorize")))
#else
#define TA__SCALAR_ATTR
#endif
TA__KERNELS(scalar, TA__SCALAR_ATTR)

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__SANITIZE_THREAD__)
#define TA__X86 1
TA__KERNELS(sse2, __attribute__((target("sse2"))))
TA__KERNELS(avx2, __attribute__((target("avx2"))))
TA__KERNELS(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))
#endif

const ta__fused_kernels *ta__fused_kernels_for(ta__simd simd)
{
    switch (simd) {
    case TA__SIMD_SCALAR: return &kernels_scalar;
#ifdef TA__X86
    case TA__SIMD_SSE2: return &kernels_sse2;
    case TA__SIMD_AVX2: return __builtin_cpu_supports("avx2") ? &kernels_avx2 : NULL;
    case TA__SIMD_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                       __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw")
                   ? &kernels_avx512
                   : NULL;
#endif
    default: return NULL;
    }
}

ta__simd ta__simd_best(void)
{
    for (int s = TA__SIMD_AVX512; s > TA__SIMD_SCALAR; --s)
        if (ta__fused_kernels_for((ta__simd)s) != NULL) return (ta__simd)s;
    return TA__SIMD_SCALAR;
}

const char *ta__simd_name(ta__simd simd)
{
    static const char *const names[TA__SIMD_COUNT] = {"general", "scalar", "sse2", "avx2", "avx512"};
    return (unsigned)simd < TA__SIMD_COUNT ? names[simd] : "?";
}
