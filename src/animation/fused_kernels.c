/* The fused path's loops, once per instruction set. See fused_kernels.h. */
#include <stddef.h>

#include "animation/fast_slerp.h"
#include "animation/fused_kernels.h"
#include "animation/interpolant.h"
#include "animation/lerp_lane.h"
#include "animation/slerp_constants.h"
#include "animation/slerp_lane.h"

/* The plane slerp keeps its own frame: inlined, its restrict parameters
 * would be lost, and with them the proof that the planes do not overlap. */
#if defined(__GNUC__)
#define TA__NOINLINE __attribute__((noinline))
#define TA__UNUSED __attribute__((unused)) /* the x86 sets write with write_*_t */
#else
#define TA__NOINLINE
#define TA__UNUSED
#endif

/* One lane's value to its node: the planes' numbers of lane j, side by side. */
static inline void store3(float *d, const float *px, const float *py, const float *pz, uint32_t j)
{
    d[0] = px[j];
    d[1] = py[j];
    d[2] = pz[j];
}

static inline void store4(float *d, const float *px, const float *py, const float *pz, const float *pw, uint32_t j)
{
    store3(d, px, py, pz, j);
    d[3] = pw[j];
}

#define TA__KERNELS(SUF, ATTR)                                                                                    \
    ATTR static void vec_first_##SUF(float *pile, const float *k0, const float *k1, uint32_t n, float t)          \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) pile[i] = ta__lerp_lane(k0[i], k1[i], t);                             \
    }                                                                                                             \
    ATTR static void vec_mix_##SUF(float *pile, const float *k0, const float *k1, uint32_t n, float t, float mix)  \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) pile[i] = ta__lerp_lane(pile[i], ta__lerp_lane(k0[i], k1[i], t), mix); \
    }                                                                                                             \
    ATTR static void vec_rest_##SUF(float *pile, const float *orig, uint32_t n, double s, double t)               \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) pile[i] = (float)(pile[i] * s + orig[i] * t);                            \
    }                                                                                                             \
    ATTR TA__NOINLINE static uint32_t slerp_planes_##SUF(                                                         \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict ax, \
        const float *restrict ay, const float *restrict az, const float *restrict aw, const float *restrict bx,   \
        const float *restrict by, const float *restrict bz, const float *restrict bw, uint32_t n, float t,        \
        uint8_t *restrict slow)                                                                                   \
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
    ATTR TA__NOINLINE static void slerp_keys_planes_##SUF(                                                        \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict ax, \
        const float *restrict ay, const float *restrict az, const float *restrict aw, const float *restrict bx,   \
        const float *restrict by, const float *restrict bz, const float *restrict bw,                             \
        const float *restrict theta, const float *restrict k, uint32_t n, float t)                                \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            ta__slerp_key_lane(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i], bw[i], theta[i], k[i], t, &ox[i], \
                               &oy[i], &oz[i], &ow[i]);                                                           \
    }                                                                                                             \
    ATTR static void rot_keys_##SUF(float *out, const float *a, const float *b, const float *c, uint32_t n,       \
                                    float t)                                                                      \
    {                                                                                                             \
        slerp_keys_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a, a + n, a + 2 * n, a + 3 * n, b, b + n, \
                                b + 2 * n, b + 3 * n, c, c + n, n, t);                                            \
    }                                                                                                             \
    ATTR static uint32_t not_finite_##SUF(const float *v, uint32_t n)                                             \
    {                                                                                                             \
        /* v - v is 0 for a finite number and NaN for the others: an OR of compares, which vectorises */          \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) bad |= (uint32_t)(v[i] - v[i] != 0);                                     \
        return bad;                                                                                               \
    }                                                                                                             \
    /* which lanes changed, and whether all is finite (v - v is 0 only for a finite v), in one vector pass */     \
    ATTR TA__NOINLINE static uint32_t changed3_##SUF(uint8_t *restrict ch, const float *restrict px,              \
                                                     const float *restrict py, const float *restrict pz,          \
                                                     const float *restrict lx, const float *restrict ly,          \
                                                     const float *restrict lz, uint32_t n)                        \
    {                                                                                                             \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            ch[i] = (uint8_t)((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i]));                            \
            bad |= (uint32_t)((px[i] - px[i] != 0) | (py[i] - py[i] != 0) | (pz[i] - pz[i] != 0));                \
        }                                                                                                         \
        return bad;                                                                                               \
    }                                                                                                             \
    ATTR TA__NOINLINE static uint32_t changed4_##SUF(                                                             \
        uint8_t *restrict ch, const float *restrict px, const float *restrict py, const float *restrict pz,       \
        const float *restrict pw, const float *restrict lx, const float *restrict ly, const float *restrict lz,   \
        const float *restrict lw, uint32_t n)                                                                     \
    {                                                                                                             \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            ch[i] = (uint8_t)((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i]) | (pw[i] != lw[i]));         \
            bad |= (uint32_t)((px[i] - px[i] != 0) | (py[i] - py[i] != 0) | (pz[i] - pz[i] != 0) |                \
                              (pw[i] - pw[i] != 0));                                                              \
        }                                                                                                         \
        return bad;                                                                                               \
    }                                                                                                             \
    ATTR static uint32_t changed_vec_##SUF(uint8_t *ch, const float *pile, const float *last, uint32_t lanes)     \
    {                                                                                                             \
        return changed3_##SUF(ch, pile, pile + lanes, pile + 2 * lanes, last, last + lanes, last + 2 * lanes,     \
                              lanes);                                                                             \
    }                                                                                                             \
    ATTR static uint32_t changed_rot_##SUF(uint8_t *ch, const float *pile, const float *last, uint32_t lanes)     \
    {                                                                                                             \
        return changed4_##SUF(ch, pile, pile + lanes, pile + 2 * lanes, pile + 3 * lanes, last, last + lanes,     \
                              last + 2 * lanes, last + 3 * lanes, lanes);                                         \
    }                                                                                                             \
    ATTR TA__UNUSED static void write_vec_##SUF(float *base, const uint32_t *off, const float *pile,              \
                                                uint32_t lanes, uint32_t n, const uint8_t *ch)                    \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            if (ch[i]) store3(base + off[i], pile, pile + lanes, pile + 2 * lanes, i);                            \
    }                                                                                                             \
    ATTR TA__UNUSED static void write_rot_##SUF(float *base, const uint32_t *off, const float *pile,              \
                                                uint32_t lanes, uint32_t n, const uint8_t *ch)                    \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            if (ch[i]) store4(base + off[i], pile, pile + lanes, pile + 2 * lanes, pile + 3 * lanes, i);          \
    }                                                                                                             \
    ATTR static void curve_smooth_##SUF(double *restrict out, const float *restrict vp, const float *restrict v0,  \
                                        const float *restrict v1, const float *restrict vn, uint32_t n,            \
                                        const double w[4])                                                         \
    {                                                                                                             \
        const double wk[4] = {w[0], w[1], w[2], w[3]};                                                            \
        for (uint32_t i = 0; i < n; ++i) out[i] = ta__smooth_number(wk, vp[i], v0[i], v1[i], vn[i]);              \
    }                                                                                                             \
    ATTR static void curve_cubic_##SUF(double *restrict out, const float *restrict p0, const float *restrict m0,   \
                                       const float *restrict p1, const float *restrict m1, uint32_t n,             \
                                       const double s[4], double td)                                              \
    {                                                                                                             \
        const double sk[4] = {s[0], s[1], s[2], s[3]};                                                            \
        for (uint32_t i = 0; i < n; ++i) out[i] = ta__cubic_spline_number(sk, td, p0[i], m0[i], p1[i], m1[i]);    \
    }                                                                                                             \
    /* Newton's steps for every lane together: a lane that has stopped keeps   \
     * its parameter, as the one-number solve breaks out of its loop */         \
    ATTR static void curve_bezier_##SUF(double *restrict out, const float *restrict v0, const float *restrict c0t, \
                                        const float *restrict c0v, const float *restrict c1t,                     \
                                        const float *restrict c1v, const float *restrict v1, uint32_t n, double x, \
                                        double x0, double x3)                                                      \
    {                                                                                                             \
        double s[TA__FUSED_CHUNK];                                                                                \
        int64_t live[TA__FUSED_CHUNK];                                                                            \
        const double start = (x - x0) / (x3 - x0);                                                                \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            s[i] = start;                                                                                         \
            live[i] = 1;                                                                                          \
        }                                                                                                         \
        for (int step = 0; step < TA__BEZIER_STEPS; ++step) {                                                     \
            int64_t any = 0;                                                                                      \
            for (uint32_t i = 0; i < n; ++i) {                                                                    \
                const double si = s[i], x1 = c0t[i], x2 = c1t[i];                                                 \
                const double error = ta__cubic_bezier(si, x0, x1, x2, x3) - x;                                    \
                const double slope = ta__cubic_bezier_slope(si, x0, x1, x2, x3);                                  \
                const int64_t go = live[i] & (int64_t) !(fabs(error) < TA__BEZIER_EPSILON) &                       \
                                   (int64_t) !(fabs(slope) < TA__BEZIER_EPSILON);                                 \
                double next = si - error / slope;                                                                 \
                next = next > 1 ? 1 : next < 0 ? 0 : next;                                                        \
                s[i] = go ? next : si;                                                                            \
                live[i] = go;                                                                                     \
                any |= go;                                                                                        \
            }                                                                                                     \
            if (!any) break;                                                                                      \
        }                                                                                                         \
        for (uint32_t i = 0; i < n; ++i) out[i] = ta__cubic_bezier(s[i], v0[i], c0v[i], c1v[i], v1[i]);           \
    }                                                                                                             \
    ATTR static void curve_bezier_at_##SUF(double *restrict out, const float *restrict v0,                        \
                                           const float *restrict c0v, const float *restrict c1v,                  \
                                           const float *restrict v1, uint32_t n, double s)                        \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) out[i] = ta__cubic_bezier(s, v0[i], c0v[i], c1v[i], v1[i]);              \
    }                                                                                                             \
    ATTR static uint32_t rot_mix_##SUF(float *restrict out, const float *restrict pile, uint32_t lanes,           \
                                       const double *restrict q, uint32_t n, double t, uint8_t *restrict slow)    \
    {                                                                                                             \
        const size_t l = lanes, c = TA__FUSED_CHUNK;                                                              \
        uint32_t count = 0;                                                                                       \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            double x, y, z, w;                                                                                    \
            const bool s = ta__fast_slerp_lane(pile[i], pile[l + i], pile[2 * l + i], pile[3 * l + i], q[i],       \
                                               q[c + i], q[2 * c + i], q[3 * c + i], t, &x, &y, &z, &w);          \
            out[i] = (float)x;                                                                                    \
            out[l + i] = (float)y;                                                                                \
            out[2 * l + i] = (float)z;                                                                            \
            out[3 * l + i] = (float)w;                                                                            \
            slow[i] = (uint8_t)s;                                                                                 \
            count += (uint32_t)s;                                                                                 \
        }                                                                                                         \
        return count;                                                                                             \
    }                                                                                                             \
    ATTR static void lerp_doubles_##SUF(double *restrict out, const float *restrict v0, const float *restrict v1,  \
                                        uint32_t n, double w0, double w1)                                         \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) out[i] = v0[i] * w0 + v1[i] * w1;                                        \
    }                                                                                                             \
    ATTR static void mix_doubles_##SUF(float *restrict pile, const double *restrict v, uint32_t n, double keep,    \
                                       double mix, int first)                                                     \
    {                                                                                                             \
        if (first)                                                                                                \
            for (uint32_t i = 0; i < n; ++i) pile[i] = (float)v[i];                                               \
        else                                                                                                      \
            for (uint32_t i = 0; i < n; ++i) pile[i] = (float)(pile[i] * keep + v[i] * mix);                      \
    }                                                                                                             \
    ATTR static void normalize_##SUF(double *restrict x, double *restrict y, double *restrict z,                  \
                                     double *restrict w, uint32_t n)                                              \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const double l = sqrt(x[i] * x[i] + y[i] * y[i] + z[i] * z[i] + w[i] * w[i]);                         \
            const bool zero = l == 0;                                                                             \
            const double inv = 1 / l;                                                                             \
            x[i] = zero ? 0 : x[i] * inv;                                                                         \
            y[i] = zero ? 0 : y[i] * inv;                                                                         \
            z[i] = zero ? 0 : z[i] * inv;                                                                         \
            w[i] = zero ? 1 : w[i] * inv;                                                                         \
        }                                                                                                         \
    }                                                                                                             \

#define TA__KERNEL_SET(SUF, WRITE)                                                                                \
    static const ta__fused_kernels kernels_##SUF = {.vec_first = vec_first_##SUF, .vec_mix = vec_mix_##SUF,       \
        .vec_rest = vec_rest_##SUF, .rot_slerp = rot_slerp_##SUF, .rot_keys = rot_keys_##SUF,                     \
        .not_finite = not_finite_##SUF, .changed_vec = changed_vec_##SUF, .changed_rot = changed_rot_##SUF,       \
        .write_vec = write_vec_##WRITE, .write_rot = write_rot_##WRITE, .curve_smooth = curve_smooth_##SUF,       \
        .curve_cubic = curve_cubic_##SUF, .curve_bezier = curve_bezier_##SUF,                                     \
        .curve_bezier_at = curve_bezier_at_##SUF, .rot_mix = rot_mix_##SUF, .mix_doubles = mix_doubles_##SUF,     \
        .lerp_doubles = lerp_doubles_##SUF, .normalize = normalize_##SUF};

/* The scalar set is the reference the vector sets are tested against: kept
 * out of the vectoriser where the compiler allows. */
#if defined(__GNUC__) && !defined(__clang__)
#define TA__SCALAR_ATTR __attribute__((optimize("no-tree-vectorize")))
#else
#define TA__SCALAR_ATTR
#endif
TA__KERNELS(scalar, TA__SCALAR_ATTR)
TA__KERNEL_SET(scalar, scalar)

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__SANITIZE_THREAD__)
#define TA__X86 1
#include <immintrin.h>
#include <string.h>

/* The node writes by blocks of four lanes: where all four changed (the rule
 * of the lane-by-lane loop, which takes the other blocks), the planes are
 * transposed in registers, so that a rotation goes to its node in one
 * 16-byte store and a vector in an 8-byte and a 4-byte one (the float after
 * it is another field), not one scattered store per number. */
/* Whether the four change flags at ch are all set. */
static inline bool all_four(const uint8_t *ch)
{
    uint32_t all;
    memcpy(&all, ch, sizeof all);
    return all == 0x01010101u;
}

#define TA__WRITES_T(SUF, ATTR)                                                                                   \
    ATTR static void write_vec_t_##SUF(float *base, const uint32_t *off, const float *pile, uint32_t lanes,       \
                                       uint32_t n, const uint8_t *ch)                                             \
    {                                                                                                             \
        const float *px = pile, *py = pile + lanes, *pz = pile + 2 * lanes;                                       \
        uint32_t i = 0;                                                                                           \
        for (; i + 4 <= n; i += 4) {                                                                              \
            if (!all_four(ch + i)) {                                                                              \
                for (uint32_t j = i; j < i + 4; ++j)                                                              \
                    if (ch[j]) store3(base + off[j], px, py, pz, j);                                              \
                continue;                                                                                         \
            }                                                                                                     \
            const __m128 x = _mm_loadu_ps(px + i), y = _mm_loadu_ps(py + i);                                      \
            const __m128 lo = _mm_unpacklo_ps(x, y), hi = _mm_unpackhi_ps(x, y);                                  \
            float *d0 = base + off[i], *d1 = base + off[i + 1], *d2 = base + off[i + 2], *d3 = base + off[i + 3]; \
            _mm_storel_pi((__m64 *)(void *)d0, lo);                                                               \
            _mm_storeh_pi((__m64 *)(void *)d1, lo);                                                               \
            _mm_storel_pi((__m64 *)(void *)d2, hi);                                                               \
            _mm_storeh_pi((__m64 *)(void *)d3, hi);                                                               \
            d0[2] = pz[i];                                                                                        \
            d1[2] = pz[i + 1];                                                                                    \
            d2[2] = pz[i + 2];                                                                                    \
            d3[2] = pz[i + 3];                                                                                    \
        }                                                                                                         \
        for (; i < n; ++i)                                                                                        \
            if (ch[i]) store3(base + off[i], px, py, pz, i);                                                      \
    }                                                                                                             \
    ATTR static void write_rot_t_##SUF(float *base, const uint32_t *off, const float *pile, uint32_t lanes,       \
                                       uint32_t n, const uint8_t *ch)                                             \
    {                                                                                                             \
        const float *px = pile, *py = pile + lanes, *pz = pile + 2 * lanes, *pw = pile + 3 * lanes;               \
        uint32_t i = 0;                                                                                           \
        for (; i + 4 <= n; i += 4) {                                                                              \
            if (!all_four(ch + i)) {                                                                              \
                for (uint32_t j = i; j < i + 4; ++j)                                                              \
                    if (ch[j]) store4(base + off[j], px, py, pz, pw, j);                                          \
                continue;                                                                                         \
            }                                                                                                     \
            __m128 x = _mm_loadu_ps(px + i), y = _mm_loadu_ps(py + i), z = _mm_loadu_ps(pz + i),                  \
                   w = _mm_loadu_ps(pw + i);                                                                      \
            _MM_TRANSPOSE4_PS(x, y, z, w);                                                                        \
            _mm_storeu_ps(base + off[i], x);                                                                      \
            _mm_storeu_ps(base + off[i + 1], y);                                                                  \
            _mm_storeu_ps(base + off[i + 2], z);                                                                  \
            _mm_storeu_ps(base + off[i + 3], w);                                                                  \
        }                                                                                                         \
        for (; i < n; ++i)                                                                                        \
            if (ch[i]) store4(base + off[i], px, py, pz, pw, i);                                                  \
    }

TA__KERNELS(sse2, __attribute__((target("sse2"))))
TA__WRITES_T(sse2, __attribute__((target("sse2"))))
TA__KERNEL_SET(sse2, t_sse2)
TA__KERNELS(avx2, __attribute__((target("avx2"))))
TA__WRITES_T(avx2, __attribute__((target("avx2"))))
TA__KERNEL_SET(avx2, t_avx2)
TA__KERNELS(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))
TA__WRITES_T(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))
TA__KERNEL_SET(avx512, t_avx512)
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
