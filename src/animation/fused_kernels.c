/* The fused path's loops, once per instruction set. See fused_kernels.h. */
#include <stddef.h>
#include <string.h>

#include "animation/clip_compressed_rotation.h"
#include "animation/far_slerp_lane.h"
#include "animation/fast_slerp.h"
#include "animation/fused_kernels.h"
#include "animation/interpolant.h"
#include "animation/lerp_lane.h"
#include "animation/mask_share.h"
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

/* The bits of x - x: 0 for a finite x (x - x is +0), a NaN's (never 0) for the others; OR-ed
 * over a loop, nonzero when a number was not finite, in two vector operations a register (a
 * compare's 0 or 1 took four). */
static inline uint32_t nan_bits(float x)
{
    const float d = x - x;
    uint32_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* rot_NAME_SUF: a window's rotation key planes made whole by LANE (clip_compressed_rotation.h:
 * ta__cc_rotation_lane, or ta__cc_rotation_lane3 where no lane takes four components), a lane at
 * a time; the planes apart as restrict parameters, which the vectoriser takes (restrict locals it
 * versions against). */
#define TA__FINISH(SUF, ATTR, NAME, LANE)                                                                         \
    ATTR TA__NOINLINE static void NAME##_planes_##SUF(float *restrict x, float *restrict y, float *restrict z,    \
                                                      float *restrict w, const uint32_t *restrict drop,          \
                                                      uint32_t n)                                                \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) LANE(&x[i], &y[i], &z[i], &w[i], drop[i]);                              \
    }                                                                                                             \
    ATTR static void rot_##NAME##_##SUF(float *p, size_t s, const uint32_t *drop, uint32_t n)                    \
    {                                                                                                             \
        NAME##_planes_##SUF(p, p + s, p + 2 * s, p + 3 * s, drop, n);                                             \
    }

/* On WebAssembly SIMD the slerp loops take two vectors an iteration: V8 compiles a loop as it is
 * written, and with one vector an iteration each lane group's square root and the division after it
 * held the next one back (0.968 to 0.987 of the float crowd's time, docs/performance.md); the
 * numbers are the same, lane by lane. */
#if defined(__clang__) && defined(__wasm_simd128__)
#define TA__WASM_INTERLEAVE _Pragma("clang loop interleave_count(2)")
#else
#define TA__WASM_INTERLEAVE
#endif
/* The slerp loops (rot_slerp's, rot_two's), NAME over a SLOW_T a lane for the slow marks (below). */
#define TA__SLERP_PLANES(NAME, ATTR, SLOW_T)                                                                \
    ATTR TA__NOINLINE static uint32_t NAME(                                                         \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict ax, \
        const float *restrict ay, const float *restrict az, const float *restrict aw, const float *restrict bx,   \
        const float *restrict by, const float *restrict bz, const float *restrict bw, uint32_t n, float t,        \
        SLOW_T *restrict slow)                                                                                   \
    {                                                                                                             \
        uint32_t count = 0;                                                                                       \
        TA__WASM_INTERLEAVE                                                                                       \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            bool s = ta__slerp_lane(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i], bw[i], t, &ox[i], &oy[i],    \
                                    &oz[i], &ow[i]);                                                              \
            slow[i] = (SLOW_T)s;                                                                                 \
            count += (uint32_t)s;                                                                                 \
        }                                                                                                         \
        return count;                                                                                             \
    }
#define TA__TWO_PLANES(NAME, ATTR, SLOW_T)                                                                \
    ATTR TA__NOINLINE static uint32_t NAME(                                                          \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict a0,  \
        const float *restrict a1, const float *restrict ca, const float *restrict b0, const float *restrict b1,   \
        const float *restrict cb, uint32_t n, size_t l, float ta, float tb, float mix, SLOW_T *restrict slow,    \
        uint32_t *restrict out_bad)                                                                               \
    {                                                                                                             \
        /* the inputs' planes l apart from six bases: four pointers a plane, twenty of them, left too \
         * few registers for the numbers */                                                           \
        uint32_t count = 0, bad = 0;                                                                              \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            float px, py, pz, pw, qx, qy, qz, qw, rx, ry, rz, rw;                                                 \
            ta__slerp_key_lane(a0[i], a0[l + i], a0[2 * l + i], a0[3 * l + i], a1[i], a1[l + i], a1[2 * l + i],   \
                               a1[3 * l + i], ca[i], ca[l + i], ta, &px, &py, &pz, &pw);                          \
            ta__slerp_key_lane(b0[i], b0[l + i], b0[2 * l + i], b0[3 * l + i], b1[i], b1[l + i], b1[2 * l + i],   \
                               b1[3 * l + i], cb[i], cb[l + i], tb, &qx, &qy, &qz, &qw);                          \
            const bool s = ta__slerp_lane(px, py, pz, pw, qx, qy, qz, qw, mix, &rx, &ry, &rz, &rw);               \
            ox[i] = rx;                                                                                           \
            oy[i] = ry;                                                                                           \
            oz[i] = rz;                                                                                           \
            ow[i] = rw;                                                                                           \
            slow[i] = (SLOW_T)s;                                                                                 \
            count += (uint32_t)s;                                                                                 \
            bad |= nan_bits(rx) | nan_bits(ry) | nan_bits(rz) | nan_bits(rw);                                     \
        }                                                                                                         \
        *out_bad = bad;                                                                                           \
        return count;                                                                                             \
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
    TA__SLERP_PLANES(slerp_planes_##SUF, ATTR, uint8_t)                                                      \
    ATTR TA__UNUSED static uint32_t rot_slerp_##SUF(float *out, const float *a, const float *b, uint32_t n, float t, \
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
        TA__WASM_INTERLEAVE                                                                                       \
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
    ATTR TA__NOINLINE static void end_planes_##SUF(                                                             \
        float *restrict ox, float *restrict oy, float *restrict oz, float *restrict ow, const float *restrict ax, \
        const float *restrict ay, const float *restrict az, const float *restrict aw, const float *restrict bx,   \
        const float *restrict by, const float *restrict bz, const float *restrict bw, uint32_t n, double s,       \
        double t)                                                                                                 \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            ta__slerp_end_lane(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i], bw[i], s, t, &ox[i], &oy[i],     \
                               &oz[i], &ow[i]);                                                                   \
    }                                                                                                             \
    ATTR static void rot_end_##SUF(float *out, const float *a, const float *b, uint32_t n, float t)              \
    {                                                                                                             \
        const double td = t;                                                                                      \
        end_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a, a + n, a + 2 * n, a + 3 * n, b, b + n,        \
                         b + 2 * n, b + 3 * n, n, 1 - td, td);                                                    \
    }                                                                                                             \
    /* two actions' LINEAR intervals mixed in one pass, for a blend's usual update: vec_first's      \
     * numbers for a, then vec_mix's toward b; rot_keys' for each, then rot_slerp's, the slow lanes  \
     * marked and counted as its. Nonzero (bad) where a number written is not finite, as not_finite   \
     * over the pile (the slow lanes' numbers here, before they are redone). */                     \
    ATTR static uint32_t vec_two_##SUF(float *restrict pile, const float *restrict a0, const float *restrict a1,  \
                                       const float *restrict b0, const float *restrict b1, uint32_t n, float ta,  \
                                       float tb, float mix)                                                       \
    {                                                                                                             \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const float v = ta__lerp_lane(ta__lerp_lane(a0[i], a1[i], ta), ta__lerp_lane(b0[i], b1[i], tb), mix); \
            pile[i] = v;                                                                                          \
            bad |= nan_bits(v);                                                                                   \
        }                                                                                                         \
        return bad;                                                                                               \
    }                                                                                                             \
    TA__TWO_PLANES(two_planes_##SUF, ATTR, uint8_t)                                                          \
    ATTR TA__UNUSED static uint32_t rot_two_##SUF(float *out, const float *a0, const float *a1, const float *ca, \
                                       const float *b0, const float *b1, const float *cb, uint32_t n, float ta,   \
                                       float tb, float mix, uint8_t *slow, uint32_t *bad)                         \
    {                                                                                                             \
        return two_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a0, a1, ca, b0, b1, cb, n, n, ta, tb, mix, \
                                slow, bad);                                                                       \
    }                                                                                                             \
    /* a compressed window's rotation key planes made whole (TA__FINISH) and its intervals'      \
     * constants (slerp_constants.h), a lane at a time; the planes apart as restrict parameters,   \
     * which the vectoriser takes (restrict locals it versions against) */                          \
    TA__FINISH(SUF, ATTR, finish, ta__cc_rotation_lane)                                                          \
    TA__FINISH(SUF, ATTR, finish3, ta__cc_rotation_lane3)                                                        \
    ATTR TA__NOINLINE static void constants_planes_##SUF(                                                       \
        float *restrict theta, float *restrict k, const float *restrict ax, const float *restrict ay,            \
        const float *restrict az, const float *restrict aw, const float *restrict bx, const float *restrict by,  \
        const float *restrict bz, const float *restrict bw, uint32_t n)                                         \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            ta__slerp_constants_lane(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i], bw[i], &theta[i], &k[i]);   \
    }                                                                                                             \
    ATTR TA__NOINLINE static uint32_t settle_planes_##SUF(                                                      \
        float *restrict theta, float *restrict k, const float *restrict ax, const float *restrict ay,            \
        const float *restrict az, const float *restrict aw, const float *restrict bx, const float *restrict by,  \
        const float *restrict bz, const float *restrict bw, uint32_t n)                                         \
    {                                                                                                             \
        uint32_t open = 0;                                                                                        \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            open |= (uint32_t)!ta__slerp_constants_settled(ax[i], ay[i], az[i], aw[i], bx[i], by[i], bz[i],      \
                                                           bw[i], &theta[i], &k[i]);                              \
        return open;                                                                                              \
    }                                                                                                             \
    ATTR static void rot_constants_##SUF(float *theta, float *k, const float *a, const float *b, size_t s,        \
                                         uint32_t n)                                                              \
    {                                                                                                             \
        constants_planes_##SUF(theta, k, a, a + s, a + 2 * s, a + 3 * s, b, b + s, b + 2 * s, b + 3 * s, n);      \
    }                                                                                                             \
    ATTR static bool rot_settle_##SUF(float *theta, float *k, const float *a, const float *b, size_t s, uint32_t n) \
    {                                                                                                             \
        return settle_planes_##SUF(theta, k, a, a + s, a + 2 * s, a + 3 * s, b, b + s, b + 2 * s, b + 3 * s, n) == 0; \
    }                                                                                                             \
    ATTR TA__UNUSED static void cc_keys_##SUF(const ta__cc_lanes *st, uint32_t r, uint32_t count, float *out,     \
                                              size_t key_stride, size_t stride)                                   \
    {                                                                                                             \
        for (uint32_t i = 0; i < st->n; ++i) ta__cc_lane_keys(st, i, r, count, out, key_stride, stride);          \
    }                                                                                                             \
    ATTR TA__UNUSED static uint32_t not_finite_##SUF(const float *v, uint32_t n)                                             \
    {                                                                                                             \
        /* v - v is 0 for a finite number and NaN for the others: an OR of compares, which vectorises */          \
        uint32_t bad = 0;                                                                                         \
        for (uint32_t i = 0; i < n; ++i) bad |= (uint32_t)(v[i] - v[i] != 0);                                     \
        return bad;                                                                                               \
    }                                                                                                             \
    /* the scalar commit, which the x86 sets and threeanim-simd.wasm replace     \
     * with commit_*_t: a lane differing from the last written goes to its     \
     * node, then last := pile */                                               \
    ATTR TA__UNUSED static void commit_vec_##SUF(float *base, const uint32_t *off, const float *pile,           \
                                                 float *last, uint32_t lanes, uint32_t n)                        \
    {                                                                                                             \
        const float *px = pile, *py = pile + lanes, *pz = pile + 2 * lanes;                                       \
        if (last == NULL) { /* every lane, nothing kept */                                                     \
            for (uint32_t i = 0; i < n; ++i) store3(base + off[i], px, py, pz, i);                                \
            return;                                                                                               \
        }                                                                                                         \
        const float *lx = last, *ly = last + lanes, *lz = last + 2 * lanes;                                       \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            if ((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i])) store3(base + off[i], px, py, pz, i);     \
        memcpy(last, pile, sizeof(float) * 3 * lanes);                                                            \
    }                                                                                                             \
    ATTR TA__UNUSED static void commit_rot_##SUF(float *base, const uint32_t *off, const float *pile,           \
                                                 float *last, uint32_t lanes, uint32_t n)                        \
    {                                                                                                             \
        const float *px = pile, *py = pile + lanes, *pz = pile + 2 * lanes, *pw = pile + 3 * lanes;               \
        if (last == NULL) {                                                                                       \
            for (uint32_t i = 0; i < n; ++i) store4(base + off[i], px, py, pz, pw, i);                            \
            return;                                                                                               \
        }                                                                                                         \
        const float *lx = last, *ly = last + lanes, *lz = last + 2 * lanes, *lw = last + 3 * lanes;               \
        for (uint32_t i = 0; i < n; ++i)                                                                          \
            if ((px[i] != lx[i]) | (py[i] != ly[i]) | (pz[i] != lz[i]) | (pw[i] != lw[i]))                       \
                store4(base + off[i], px, py, pz, pw, i);                                                         \
        memcpy(last, pile, sizeof(float) * 4 * lanes);                                                            \
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
                                       const double *restrict q, uint32_t n, double t, uint32_t *restrict slow)   \
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
            slow[i] = (uint32_t)s;                                                                                \
            count += (uint32_t)s;                                                                                 \
        }                                                                                                         \
        return count;                                                                                             \
    }                                                                                                             \
    ATTR static uint32_t far_slerp_##SUF(double *restrict r, const double *restrict a, const double *restrict b,  \
                                         uint32_t n, double t, uint32_t *restrict left)                           \
    {                                                                                                             \
        const size_t c = TA__FAR_LANES;                                                                           \
        uint32_t count = 0;                                                                                       \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const bool done = ta__far_slerp_lane(a[i], a[c + i], a[2 * c + i], a[3 * c + i], b[i], b[c + i],       \
                                                 b[2 * c + i], b[3 * c + i], t, &r[i], &r[c + i], &r[2 * c + i],   \
                                                 &r[3 * c + i]);                                                  \
            left[i] = (uint32_t)!done;                                                                            \
            count += (uint32_t)!done;                                                                             \
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
    ATTR static void mask_vec_##SUF(float *restrict px, float *restrict py, float *restrict pz,                    \
                                    const float *restrict vx, const float *restrict vy, const float *restrict vz, \
                                    float *restrict total, const float *restrict mw, double weight, uint32_t n,   \
                                    int first)                                                                    \
    {                                                                                                             \
        if (first) /* every total is 0: the values copied where the lane takes part, no share made */          \
            for (uint32_t i = 0; i < n; ++i) {                                                                    \
                const bool on = ta__mask_first_on(weight, mw[i], &total[i]);                                      \
                px[i] = on ? vx[i] : px[i];                                                                       \
                py[i] = on ? vy[i] : py[i];                                                                       \
                pz[i] = on ? vz[i] : pz[i];                                                                       \
            }                                                                                                     \
        else                                                                                                      \
            for (uint32_t i = 0; i < n; ++i) {                                                                    \
                const ta__mask_share s = ta__mask_share_of(weight, mw[i], total[i]);                              \
                px[i] = ta__mask_mix(s, px[i], vx[i]);                                                            \
                py[i] = ta__mask_mix(s, py[i], vy[i]);                                                            \
                pz[i] = ta__mask_mix(s, pz[i], vz[i]);                                                            \
                total[i] = s.total;                                                                               \
            }                                                                                                     \
    }                                                                                                             \
    ATTR static uint32_t mask_rot_##SUF(float *restrict px, float *restrict py, float *restrict pz,               \
                                        float *restrict pw, const float *restrict vx, const float *restrict vy,   \
                                        const float *restrict vz, const float *restrict vw,                       \
                                        float *restrict total, const float *restrict mw, double weight,           \
                                        uint32_t n, int first, float *restrict t, uint32_t *restrict slerp)       \
    {                                                                                                             \
        if (first) { /* every total is 0: copies alone */                                                         \
            for (uint32_t i = 0; i < n; ++i) {                                                                    \
                const bool on = ta__mask_first_on(weight, mw[i], &total[i]);                                      \
                px[i] = on ? vx[i] : px[i];                                                                       \
                py[i] = on ? vy[i] : py[i];                                                                       \
                pz[i] = on ? vz[i] : pz[i];                                                                       \
                pw[i] = on ? vw[i] : pw[i];                                                                       \
            }                                                                                                     \
            return 0;                                                                                             \
        }                                                                                                         \
        uint32_t slerps = 0;                                                                                      \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const ta__mask_share s = ta__mask_share_of(weight, mw[i], total[i]);                                  \
            const bool copy = s.on & s.first;                                                                     \
            px[i] = copy ? vx[i] : px[i];                                                                         \
            py[i] = copy ? vy[i] : py[i];                                                                         \
            pz[i] = copy ? vz[i] : pz[i];                                                                         \
            pw[i] = copy ? vw[i] : pw[i];                                                                         \
            total[i] = s.total;                                                                                   \
            t[i] = s.t;                                                                                           \
            slerp[i] = (uint32_t)(s.on & !s.first);                                                               \
            slerps += slerp[i];                                                                                   \
        }                                                                                                         \
        return slerps;                                                                                            \
    }                                                                                                             \
    ATTR static uint32_t mask_slerp_##SUF(float *restrict px, float *restrict py, float *restrict pz,             \
                                          float *restrict pw, const float *restrict vx, const float *restrict vy, \
                                          const float *restrict vz, const float *restrict vw,                     \
                                          const float *restrict t, uint32_t *restrict slerp, uint32_t n)          \
    {                                                                                                             \
        uint32_t left = 0;                                                                                        \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            float x, y, z, w;                                                                                     \
            const bool slow = ta__slerp_lane(px[i], py[i], pz[i], pw[i], vx[i], vy[i], vz[i], vw[i], t[i], &x, &y, \
                                             &z, &w);                                                             \
            const bool take = (slerp[i] != 0) & !slow;                                                            \
            px[i] = take ? x : px[i];                                                                             \
            py[i] = take ? y : py[i];                                                                             \
            pz[i] = take ? z : pz[i];                                                                             \
            pw[i] = take ? w : pw[i];                                                                             \
            slerp[i] = (uint32_t)((slerp[i] != 0) & slow);                                                        \
            left += slerp[i];                                                                                     \
        }                                                                                                         \
        return left;                                                                                              \
    }                                                                                                             \
    ATTR static uint32_t mask_rest_rot_##SUF(float *restrict px, float *restrict py, float *restrict pz,           \
                                             float *restrict pw, const float *restrict ox,                        \
                                             const float *restrict oy, const float *restrict oz,                  \
                                             const float *restrict ow, const float *restrict total, uint32_t n,   \
                                             uint32_t *restrict part)                                             \
    {                                                                                                             \
        uint32_t parts = 0;                                                                                       \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const float w = total[i];                                                                             \
            const bool all = w == 0;                                                                              \
            px[i] = all ? ox[i] : px[i];                                                                          \
            py[i] = all ? oy[i] : py[i];                                                                          \
            pz[i] = all ? oz[i] : pz[i];                                                                          \
            pw[i] = all ? ow[i] : pw[i];                                                                          \
            part[i] = (uint32_t)((w < 1) & !all);                                                                 \
            parts += part[i];                                                                                     \
        }                                                                                                         \
        return parts;                                                                                             \
    }                                                                                                             \
    ATTR static void mask_rest_vec_##SUF(float *restrict px, float *restrict py, float *restrict pz,               \
                                     const float *restrict ox, const float *restrict oy, const float *restrict oz, \
                                     const float *restrict total, uint32_t n)                                     \
    {                                                                                                             \
        for (uint32_t i = 0; i < n; ++i) {                                                                        \
            const float w = total[i];                                                                             \
            px[i] = ta__mask_rest(w, px[i], ox[i]);                                                               \
            py[i] = ta__mask_rest(w, py[i], oy[i]);                                                               \
            pz[i] = ta__mask_rest(w, pz[i], oz[i]);                                                               \
        }                                                                                                         \
    }                                                                                                             \

#define TA__KERNEL_SET(SUF, WRITE, WIDTH)                                                                         \
    static const ta__fused_kernels kernels_##SUF = {.width = WIDTH, .vec_first = vec_first_##SUF, .vec_mix = vec_mix_##SUF, \
        .vec_rest = vec_rest_##SUF, .rot_slerp = TA__ROT_SLERP_##SUF, .rot_keys = rot_keys_##SUF,                 \
        .rot_end = rot_end_##SUF,                                                                                 \
        .vec_two = vec_two_##SUF, .rot_two = TA__ROT_TWO_##SUF,                                                   \
        .rot_finish = rot_finish_##SUF, .rot_finish3 = rot_finish3_##SUF, .rot_constants = rot_constants_##SUF,    \
        .rot_settle = rot_settle_##SUF, .cc_keys = TA__CC_KEYS_##SUF,                                             \
        .not_finite = not_finite_##WRITE, .commit_vec = commit_vec_##WRITE, .commit_rot = commit_rot_##WRITE,        \
        .curve_smooth = curve_smooth_##SUF,                                                                       \
        .curve_cubic = curve_cubic_##SUF, .curve_bezier = curve_bezier_##SUF,                                     \
        .curve_bezier_at = curve_bezier_at_##SUF, .rot_mix = rot_mix_##SUF, .mix_doubles = mix_doubles_##SUF,     \
        .lerp_doubles = lerp_doubles_##SUF, .normalize = normalize_##SUF, .far_slerp = far_slerp_##SUF,         \
        .mask_vec = mask_vec_##SUF, .mask_rot = mask_rot_##SUF, .mask_rest_vec = mask_rest_vec_##SUF,                    \
        .mask_rest_rot = mask_rest_rot_##SUF, .mask_slerp = mask_slerp_##SUF};

/* The slerp loops of each set; AVX2's and AVX-512's split where GCC's loop would leave lanes one by one (below) */
#define TA__ROT_SLERP_scalar rot_slerp_scalar
#define TA__ROT_SLERP_sse2 rot_slerp_sse2
#define TA__ROT_SLERP_avx2 rot_slerp_split_avx2
#define TA__ROT_SLERP_avx512 rot_slerp_split_avx512
#define TA__ROT_TWO_scalar rot_two_scalar
#define TA__ROT_TWO_sse2 rot_two_sse2
#define TA__ROT_TWO_avx2 rot_two_split_avx2
#define TA__ROT_TWO_avx512 rot_two_split_avx512

/* The compressed window's key reads: lane by lane but where a gather takes eight (below) */
#define TA__CC_KEYS_scalar cc_keys_scalar
#define TA__CC_KEYS_sse2 cc_keys_sse2
#define TA__CC_KEYS_avx2 cc_keys_x8_avx2
#define TA__CC_KEYS_avx512 cc_keys_x8_avx512

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
#include <immintrin.h>
#elif defined(__clang__) && defined(__wasm_simd128__)
/* threeanim-simd.wasm: its one set (the scalar one, which clang vectorises)
 * commits and checks with the 128-bit shapes below, in wasm_simd128.h's f32x4 */
#define TA__WASM128 1
#include <wasm_simd128.h>
#endif

#if defined(TA__X86) || defined(TA__WASM128)
/* The commit by blocks of lanes: a block's change mask from one compare per
 * plane with the last written values (float !=, as three.js's apply), the
 * pile stored as the new last values, and where every lane of the block
 * changed the planes transposed in registers, so that a rotation goes to its
 * node in one 16-byte store and a vector in an 8-byte and a 4-byte one (the
 * float after it is another field); other blocks lane by lane. */
/* The changed lanes of mask m, one by one. */
#define TA__COMMIT_LANES(m, i, STORE)                                                                             \
    while (m != 0) {                                                                                              \
        const uint32_t j = (i) + (uint32_t)__builtin_ctz(m);                                                      \
        STORE;                                                                                                    \
        m &= m - 1;                                                                                               \
    }
/* The mask of lanes [i, i + w) below n. */
static inline uint32_t below_n(uint32_t m, uint32_t i, uint32_t w, uint32_t n)
{
    return i + w <= n ? m : i >= n ? 0 : m & ((1u << (n - i)) - 1);
}

/* The head of a block of W lanes at i of a commit (FULL: W ones), over the
 * planes x, y, z (PLANES 3) or x, y, z, w (4) of an instruction set's
 * operations, OPS (VEC, LOAD, STORE, NE, OR, MASK): NE the float != compare
 * (all bits set where true), MASK its lanes' bits. m, the lanes to write: those
 * that differ from last's, the planes then stored as the new last values (every
 * lane where last is NULL), those past n dropped; a block of which not every
 * lane is written goes lane by lane (STORE_LANE, of lane j) and the loop goes on. */
#define TA__COMMIT_HEAD(W, FULL, PLANES, OPS, STORE_LANE)                                                        \
    uint32_t m = FULL;                                                                                            \
    if (last != NULL) TA__CHANGED##PLANES OPS;                                                                    \
    m = below_n(m, i, W, n);                                                                                      \
    if (m != FULL) {                                                                                              \
        TA__COMMIT_LANES(m, i, STORE_LANE)                                                                        \
        continue;                                                                                                 \
    }
#define TA__CHANGED3(VEC, LOAD, STORE, NE, OR, MASK)                                                              \
    do {                                                                                                          \
        const VEC ne_ = OR(OR(NE(x, LOAD(last + i)), NE(y, LOAD(last + lanes + i))),                             \
                           NE(z, LOAD(last + 2 * lanes + i)));                                                    \
        STORE(last + i, x);                                                                                       \
        STORE(last + lanes + i, y);                                                                               \
        STORE(last + 2 * lanes + i, z);                                                                           \
        m = (uint32_t)MASK(ne_);                                                                                  \
    } while (0)
#define TA__CHANGED4(VEC, LOAD, STORE, NE, OR, MASK)                                                              \
    do {                                                                                                          \
        const VEC ne_ = OR(OR(NE(x, LOAD(last + i)), NE(y, LOAD(last + lanes + i))),                             \
                           OR(NE(z, LOAD(last + 2 * lanes + i)), NE(w, LOAD(last + 3 * lanes + i))));             \
        STORE(last + i, x);                                                                                       \
        STORE(last + lanes + i, y);                                                                               \
        STORE(last + 2 * lanes + i, z);                                                                           \
        STORE(last + 3 * lanes + i, w);                                                                           \
        m = (uint32_t)MASK(ne_);                                                                                  \
    } while (0)

/* The commit of PLANES planes by blocks of W lanes (FULL: W ones): commit_vec_t_SUF
 * for 3 (a vector a lane), commit_rot_t_SUF for 4 (a rotation), VEC and LOAD
 * the set's vector and unaligned load, OPS as TA__COMMIT_HEAD's; a block of
 * which every lane is written goes by BLOCK, from its planes x y z (w) in
 * registers. */
#define TA__COMMIT_T(KIND, SUF, ATTR, W, FULL, PLANES, OPS, VEC, LOAD, BLOCK)                                     \
    ATTR static void commit_##KIND##_t_##SUF(float *base, const uint32_t *off, const float *pile, float *last,    \
                                             uint32_t lanes, uint32_t n)                                          \
    {                                                                                                             \
        const float *px = pile, *py = pile + lanes, *pz = pile + 2 * lanes, *pw = pile + 3 * lanes;               \
        for (uint32_t i = 0; i < lanes; i += W) {                                                                 \
            VEC x = LOAD(px + i), y = LOAD(py + i), z = LOAD(pz + i), w = PLANES == 4 ? LOAD(pw + i) : z;         \
            (void)w;                                                                                              \
            TA__COMMIT_HEAD(W, FULL, PLANES, OPS, TA__STORE_LANE##PLANES)                                         \
            BLOCK                                                                                                 \
        }                                                                                                         \
    }
#define TA__STORE_LANE3 store3(base + off[j], px, py, pz, j)
#define TA__STORE_LANE4 store4(base + off[j], px, py, pz, pw, j)

/* Four lanes a block, over a 128-bit set: a vector to its node in an 8-byte
 * store of x y (STOREL and STOREH: a vector's low or high 8 bytes, of LO and HI,
 * the interleaves of the low and high halves of two vectors) and z's float; a
 * rotation in one 16-byte STORE after T4, a 4x4 transpose in place. */
#define TA__VEC_BLOCK4(LO, HI, STOREL, STOREH)                                                                    \
    {                                                                                                             \
        const __typeof__(x) lo = LO(x, y), hi = HI(x, y);                                                         \
        float *d0 = base + off[i], *d1 = base + off[i + 1], *d2 = base + off[i + 2], *d3 = base + off[i + 3];     \
        STOREL(d0, lo);                                                                                           \
        STOREH(d1, lo);                                                                                           \
        STOREL(d2, hi);                                                                                           \
        STOREH(d3, hi);                                                                                           \
        d0[2] = pz[i];                                                                                            \
        d1[2] = pz[i + 1];                                                                                        \
        d2[2] = pz[i + 2];                                                                                        \
        d3[2] = pz[i + 3];                                                                                        \
    }
#define TA__ROT_BLOCK4(STORE, T4)                                                                                 \
    {                                                                                                             \
        T4(x, y, z, w);                                                                                           \
        STORE(base + off[i], x);                                                                                  \
        STORE(base + off[i + 1], y);                                                                              \
        STORE(base + off[i + 2], z);                                                                              \
        STORE(base + off[i + 3], w);                                                                              \
    }
#define TA__COMMIT_T4(SUF, ATTR, OPS, VEC, LOAD, STORE, LO, HI, STOREL, STOREH, T4)                               \
    TA__COMMIT_T(vec, SUF, ATTR, 4, 0xfu, 3, OPS, VEC, LOAD, TA__VEC_BLOCK4(LO, HI, STOREL, STOREH))              \
    TA__COMMIT_T(rot, SUF, ATTR, 4, 0xfu, 4, OPS, VEC, LOAD, TA__ROT_BLOCK4(STORE, T4))

/* Whether a number of v is not finite, a vector at a time: v - v is +0 for a
 * finite v and NaN for the others, so the OR of their bits is NaN in a lane
 * where any was not finite; one unordered compare at the end. */
#define TA__NOT_FINITE_T(SUF, ATTR, VEC, W, ZERO, LOAD, SUB, OR, UNORD)                                           \
    ATTR static uint32_t not_finite_t_##SUF(const float *v, uint32_t n)                                          \
    {                                                                                                             \
        VEC a0 = ZERO(), a1 = ZERO();                                                                             \
        const uint32_t whole = n - n % (2 * (W));                                                                 \
        for (const float *p = v, *end = v + whole; p != end; p += 2 * (W)) {                                      \
            const VEC x = LOAD(p), y = LOAD(p + (W));                                                             \
            a0 = OR(a0, SUB(x, x));                                                                               \
            a1 = OR(a1, SUB(y, y));                                                                               \
        }                                                                                                         \
        uint32_t bad = UNORD(OR(a0, a1)) != 0;                                                                    \
        for (uint32_t i = whole; i < n; ++i) bad |= (uint32_t)(v[i] - v[i] != 0);                                 \
        return bad;                                                                                               \
    }
#endif

#ifdef TA__WASM128
#define TA__W_LOAD(p) wasm_v128_load(p)
#define TA__W_STORE(p, v) wasm_v128_store(p, v)
#define TA__W_LO(a, b) wasm_i32x4_shuffle(a, b, 0, 4, 1, 5)
#define TA__W_HI(a, b) wasm_i32x4_shuffle(a, b, 2, 6, 3, 7)
#define TA__W_STOREL(d, v) wasm_v128_store64_lane(d, v, 0)
#define TA__W_STOREH(d, v) wasm_v128_store64_lane(d, v, 1)
#define TA__W_ZERO() wasm_f32x4_const_splat(0.0f)
#define TA__W_UNORD(a) wasm_i32x4_bitmask(wasm_f32x4_ne(a, a))
#define TA__W_T4(x, y, z, w)                                                                                      \
    do {                                                                                                          \
        const v128_t t0_ = TA__W_LO(x, y), t1_ = TA__W_HI(x, y), t2_ = TA__W_LO(z, w), t3_ = TA__W_HI(z, w);      \
        x = wasm_i64x2_shuffle(t0_, t2_, 0, 2);                                                                   \
        y = wasm_i64x2_shuffle(t0_, t2_, 1, 3);                                                                   \
        z = wasm_i64x2_shuffle(t1_, t3_, 0, 2);                                                                   \
        w = wasm_i64x2_shuffle(t1_, t3_, 1, 3);                                                                   \
    } while (0)
TA__COMMIT_T4(simd128, , (v128_t, TA__W_LOAD, TA__W_STORE, wasm_f32x4_ne, wasm_v128_or, wasm_i32x4_bitmask), v128_t,
              TA__W_LOAD, TA__W_STORE, TA__W_LO, TA__W_HI, TA__W_STOREL, TA__W_STOREH, TA__W_T4)
TA__NOT_FINITE_T(simd128, , v128_t, 4, TA__W_ZERO, TA__W_LOAD, wasm_f32x4_sub, wasm_v128_or,
                 TA__W_UNORD)
/* Two actions' rotations in three passes over a block of lanes (each action's key slerps into a
 * block on the stack, then the slerp of the two), not rot_two's one: V8 gives WebAssembly's
 * locals sixteen vector registers, and the one pass's twenty plane pointers and live numbers
 * went to the stack and back on every step (docs/performance.md). The same lanes' functions
 * on the same numbers: rot_two's numbers, slow marks and check, bit for bit. */
#define TA__TWO_BLOCK 32u
static uint32_t rot_two_staged(float *out, const float *a0, const float *a1, const float *ca, const float *b0,
                               const float *b1, const float *cb, uint32_t n, float ta, float tb, float mix,
                               uint8_t *slow, uint32_t *out_bad)
{
    float pa[4][TA__TWO_BLOCK], pb[4][TA__TWO_BLOCK];
    uint32_t count = 0;
    const size_t l = n;
    for (uint32_t lo = 0; lo < n; lo += TA__TWO_BLOCK) {
        const uint32_t m = n - lo < TA__TWO_BLOCK ? n - lo : TA__TWO_BLOCK;
        slerp_keys_planes_scalar(pa[0], pa[1], pa[2], pa[3], a0 + lo, a0 + l + lo, a0 + 2 * l + lo, a0 + 3 * l + lo,
                                 a1 + lo, a1 + l + lo, a1 + 2 * l + lo, a1 + 3 * l + lo, ca + lo, ca + l + lo, m, ta);
        slerp_keys_planes_scalar(pb[0], pb[1], pb[2], pb[3], b0 + lo, b0 + l + lo, b0 + 2 * l + lo, b0 + 3 * l + lo,
                                 b1 + lo, b1 + l + lo, b1 + 2 * l + lo, b1 + 3 * l + lo, cb + lo, cb + l + lo, m, tb);
        count += slerp_planes_scalar(out + lo, out + l + lo, out + 2 * l + lo, out + 3 * l + lo, pa[0], pa[1], pa[2],
                                     pa[3], pb[0], pb[1], pb[2], pb[3], m, mix, slow + lo);
    }
    uint32_t bad = 0;
    for (size_t i = 0; i < 4 * l; ++i) bad |= nan_bits(out[i]);
    *out_bad = bad;
    return count;
}
#undef TA__ROT_TWO_scalar
#define TA__ROT_TWO_scalar rot_two_staged
TA__KERNEL_SET(scalar, t_simd128, 4) /* SIMD128: clang's vectors of four */
#else
TA__KERNEL_SET(scalar, scalar, 4) /* the baseline's SSE2, where GCC vectorises */
#endif

#ifdef TA__X86
#define TA__SSE_STOREL(d, v) _mm_storel_pi((__m64 *)(void *)(d), v)
#define TA__SSE_STOREH(d, v) _mm_storeh_pi((__m64 *)(void *)(d), v)
TA__COMMIT_T4(sse2, __attribute__((target("sse2"))),
              (__m128, _mm_loadu_ps, _mm_storeu_ps, _mm_cmpneq_ps, _mm_or_ps, _mm_movemask_ps), __m128, _mm_loadu_ps,
              _mm_storeu_ps, _mm_unpacklo_ps, _mm_unpackhi_ps, TA__SSE_STOREL, TA__SSE_STOREH, _MM_TRANSPOSE4_PS)

/* A vector lane's node: x y (an 8-byte half of xy) and z (lane k of z4),
 * stored from the registers. */
#define TA__VEC3_AT(d, STORE_XY, xy, z4, k)                                                                      \
    do {                                                                                                          \
        float *d_ = (d);                                                                                          \
        STORE_XY((__m64 *)(void *)d_, xy);                                                                        \
        const int z_ = _mm_extract_ps(z4, k);                                                                     \
        memcpy(d_ + 2, &z_, sizeof z_);                                                                           \
    } while (0)

#define TA__NE_256(a, b) _mm256_cmp_ps(a, b, _CMP_NEQ_UQ)
#define TA__OPS_256 (__m256, _mm256_loadu_ps, _mm256_storeu_ps, TA__NE_256, _mm256_or_ps, _mm256_movemask_ps)
/* Eight lanes a block, for AVX2 and AVX-512 (whose 16-lane masks gain
 * nothing here: the stores are per node). A vector: x y pairs by unpacking, z
 * from its register, each node's place read once; a rotation: a 4x4
 * transpose in each 128-bit half (lanes i..i+3 low, i+4..i+7 high). */
#define TA__VEC_BLOCK8                                                                                            \
    {                                                                                                             \
        const __m256 lo = _mm256_unpacklo_ps(x, y), hi = _mm256_unpackhi_ps(x, y);                                \
        const __m128 l0 = _mm256_castps256_ps128(lo), l1 = _mm256_extractf128_ps(lo, 1);                          \
        const __m128 h0 = _mm256_castps256_ps128(hi), h1 = _mm256_extractf128_ps(hi, 1);                          \
        const __m128 z0 = _mm256_castps256_ps128(z), z1 = _mm256_extractf128_ps(z, 1);                            \
        const uint32_t *o = off + i;                                                                              \
        TA__VEC3_AT(base + o[0], _mm_storel_pi, l0, z0, 0);                                                       \
        TA__VEC3_AT(base + o[1], _mm_storeh_pi, l0, z0, 1);                                                       \
        TA__VEC3_AT(base + o[2], _mm_storel_pi, h0, z0, 2);                                                       \
        TA__VEC3_AT(base + o[3], _mm_storeh_pi, h0, z0, 3);                                                       \
        TA__VEC3_AT(base + o[4], _mm_storel_pi, l1, z1, 0);                                                       \
        TA__VEC3_AT(base + o[5], _mm_storeh_pi, l1, z1, 1);                                                       \
        TA__VEC3_AT(base + o[6], _mm_storel_pi, h1, z1, 2);                                                       \
        TA__VEC3_AT(base + o[7], _mm_storeh_pi, h1, z1, 3);                                                       \
    }
#define TA__ROT_BLOCK8                                                                                            \
    {                                                                                                             \
        const __m256 t0 = _mm256_unpacklo_ps(x, y), t1 = _mm256_unpackhi_ps(x, y);                                \
        const __m256 t2 = _mm256_unpacklo_ps(z, w), t3 = _mm256_unpackhi_ps(z, w);                                \
        const __m256 r0 = _mm256_shuffle_ps(t0, t2, 0x44), r1 = _mm256_shuffle_ps(t0, t2, 0xee);                  \
        const __m256 r2 = _mm256_shuffle_ps(t1, t3, 0x44), r3 = _mm256_shuffle_ps(t1, t3, 0xee);                  \
        const uint32_t *o = off + i;                                                                              \
        _mm_storeu_ps(base + o[0], _mm256_castps256_ps128(r0));                                                   \
        _mm_storeu_ps(base + o[1], _mm256_castps256_ps128(r1));                                                   \
        _mm_storeu_ps(base + o[2], _mm256_castps256_ps128(r2));                                                   \
        _mm_storeu_ps(base + o[3], _mm256_castps256_ps128(r3));                                                   \
        _mm_storeu_ps(base + o[4], _mm256_extractf128_ps(r0, 1));                                                 \
        _mm_storeu_ps(base + o[5], _mm256_extractf128_ps(r1, 1));                                                 \
        _mm_storeu_ps(base + o[6], _mm256_extractf128_ps(r2, 1));                                                 \
        _mm_storeu_ps(base + o[7], _mm256_extractf128_ps(r3, 1));                                                 \
    }
#define TA__COMMIT_T8(SUF, ATTR)                                                                                  \
    TA__COMMIT_T(vec, SUF, ATTR, 8, 0xffu, 3, TA__OPS_256, __m256, _mm256_loadu_ps, TA__VEC_BLOCK8)               \
    TA__COMMIT_T(rot, SUF, ATTR, 8, 0xffu, 4, TA__OPS_256, __m256, _mm256_loadu_ps, TA__ROT_BLOCK8)

#define TA__UNORD_128(a) _mm_movemask_ps(_mm_cmpunord_ps(a, a))
#define TA__UNORD_256(a) _mm256_movemask_ps(_mm256_cmp_ps(a, a, _CMP_UNORD_Q))
#define TA__UNORD_512(a) _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q)
TA__NOT_FINITE_T(sse2, __attribute__((target("sse2"))), __m128, 4, _mm_setzero_ps, _mm_loadu_ps, _mm_sub_ps, _mm_or_ps,
                 TA__UNORD_128)
TA__NOT_FINITE_T(avx2, __attribute__((target("avx2"))), __m256, 8, _mm256_setzero_ps, _mm256_loadu_ps, _mm256_sub_ps,
                 _mm256_or_ps, TA__UNORD_256)
TA__NOT_FINITE_T(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))), __m512, 16, _mm512_setzero_ps,
                 _mm512_loadu_ps, _mm512_sub_ps, _mm512_or_ps, TA__UNORD_512)

TA__KERNELS(sse2, __attribute__((target("sse2"))))
TA__KERNEL_SET(sse2, t_sse2, 4)
/* ta__cc_lane_key for eight lanes at once, key after key: each component's 32 bits gathered from
 * where its lane stands (lanes of 0 bits gather nothing), shifted, masked, and the whole key or the
 * step added chosen by lane; the same integer operations and the one float multiply and add, so the
 * same numbers. A group of eight keeps where it stands, its numbers and steps in registers over the
 * count keys (the state's arrays read once and written once a call). Lanes past the last multiple of
 * eight, lane by lane. */
#define TA__CC_KEYS_X8(SUF, ATTR)                                                                                 \
    ATTR static void cc_keys_x8_##SUF(const ta__cc_lanes *st, uint32_t r, uint32_t count, float *out,            \
                                      size_t key_stride, size_t stride)                                           \
    {                                                                                                             \
        const uint32_t n = st->n;                                                                                 \
        const int *const keys = (const int *)(const void *)st->keys;                                              \
        const uint32_t *const act = st->active, *const evy = st->every, *const offs = st->off;                    \
        const uint32_t *const cbits = st->cbits, *const rbits = st->rbits, *const qmasks = st->qmask;             \
        const uint32_t *const dmasks = st->dmask, *const dsigns = st->dsign;                                      \
        const float *const mins = st->min, *const scales = st->scale;                                             \
        uint32_t *const bits = st->bit, *const qs = st->q, *const steps = st->step;                               \
        const __m256i two = _mm256_set1_epi32(2), seven = _mm256_set1_epi32(7), zero = _mm256_setzero_si256();    \
        uint32_t i = 0;                                                                                           \
        for (; i + 8 <= n; i += 8) {                                                                              \
            const __m256i active = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)(act + i)), zero);     \
            if (_mm256_movemask_epi8(active) == 0) continue;                                                      \
            const __m256i every = _mm256_loadu_si256((const __m256i *)(evy + i));                                 \
            const __m256i off = _mm256_loadu_si256((const __m256i *)(offs + i));                                  \
            __m256i bit = _mm256_loadu_si256((const __m256i *)(bits + i));                                        \
            /* the group's numbers in locals, where the loop reads them off one base */                          \
            __m256i q[3], step[3], cb[3], rb[3], qm[3], dm[3], ds[3];                                              \
            __m256 mn[3], sc[3];                                                                                  \
            for (uint32_t c = 0; c < 3; ++c) {                                                                    \
                const size_t j = (size_t)c * n + i;                                                               \
                q[c] = _mm256_loadu_si256((const __m256i *)(qs + j));                                             \
                step[c] = _mm256_loadu_si256((const __m256i *)(steps + j));                                       \
                cb[c] = _mm256_loadu_si256((const __m256i *)(cbits + j));                                         \
                rb[c] = _mm256_loadu_si256((const __m256i *)(rbits + j));                                         \
                qm[c] = _mm256_loadu_si256((const __m256i *)(qmasks + j));                                        \
                dm[c] = _mm256_loadu_si256((const __m256i *)(dmasks + j));                                        \
                ds[c] = _mm256_loadu_si256((const __m256i *)(dsigns + j));                                        \
                mn[c] = _mm256_loadu_ps(mins + j);                                                                \
                sc[c] = _mm256_loadu_ps(scales + j);                                                              \
            }                                                                                                     \
            for (uint32_t k = 0; k < count; ++k) {                                                                \
                const __m256i whole = _mm256_cmpgt_epi32(two, _mm256_and_si256(_mm256_set1_epi32((int)(r + k)), every)); \
                float *o = out + k * key_stride + i;                                                              \
                for (uint32_t c = 0; c < 3; ++c, o += stride) {                                                   \
                    const __m256i nb = _mm256_blendv_epi8(rb[c], cb[c], whole), qmask = qm[c];                    \
                    const __m256i mask = _mm256_blendv_epi8(dm[c], qmask, whole);                                 \
                    const __m256i at = _mm256_add_epi32(off, _mm256_srli_epi32(bit, 3));                          \
                    const __m256i word = _mm256_mask_i32gather_epi32(zero, keys, at, _mm256_cmpgt_epi32(nb, zero), 1); \
                    const __m256i d = _mm256_and_si256(_mm256_srlv_epi32(word, _mm256_and_si256(bit, seven)), mask); \
                    bit = _mm256_add_epi32(bit, nb);                                                              \
                    const __m256i sign = ds[c];                                                                   \
                    const __m256i s1 = _mm256_add_epi32(step[c], _mm256_sub_epi32(_mm256_xor_si256(d, sign), sign)); \
                    const __m256i q1 = _mm256_blendv_epi8(_mm256_and_si256(_mm256_add_epi32(q[c], s1), qmask), d, whole); \
                    step[c] = _mm256_sub_epi32(q1, q[c]);                                                         \
                    q[c] = q1;                                                                                    \
                    const __m256 v = _mm256_add_ps(mn[c], _mm256_mul_ps(_mm256_cvtepi32_ps(q1), sc[c]));          \
                    _mm256_storeu_ps(o, _mm256_blendv_ps(_mm256_loadu_ps(o), v, _mm256_castsi256_ps(active)));    \
                }                                                                                                 \
            }                                                                                                     \
            _mm256_storeu_si256((__m256i *)(bits + i), bit);                                                      \
            for (uint32_t c = 0; c < 3; ++c) {                                                                    \
                _mm256_storeu_si256((__m256i *)(qs + c * n + i), q[c]);                                           \
                _mm256_storeu_si256((__m256i *)(steps + c * n + i), step[c]);                                     \
            }                                                                                                     \
        }                                                                                                         \
        for (; i < n; ++i) ta__cc_lane_keys(st, i, r, count, out, key_stride, stride);                            \
    }
TA__CC_KEYS_X8(avx2, __attribute__((target("avx2"))))
TA__CC_KEYS_X8(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))

/* The slerp loops write a byte a lane (slow), and GCC takes such a loop a vector of bytes a step: 64
 * lanes on AVX-512 (with a last step of 32), 32 on AVX2, so that a group's lanes past the last
 * multiple of 32 went one by one: on AVX-512 a rig whose group has 16, 48 or 80 rotation lanes took
 * two to three times as long to mix as one of 32 or 64, and on AVX2 every rig of fewer than 32
 * (docs/performance.md). Those lanes go through the same loop over a word a lane (a step of one
 * vector: 16 lanes, 8), its marks then written as bytes: the same numbers. A word a lane
 * everywhere ran the 64 lanes of the benchmark's rig an eighth slower (its steps of one vector
 * overlap less). */
enum { TA__STEP_BYTES = 32 };
#define TA__SLERP_SPLIT(SUF, ATTR)                                                                                \
    TA__SLERP_PLANES(slerp_planes32_##SUF, ATTR, uint32_t)                                                        \
    TA__TWO_PLANES(two_planes32_##SUF, ATTR, uint32_t)                                                            \
    static uint32_t rot_slerp_split_##SUF(float *out, const float *a, const float *b, uint32_t n, float t,       \
                                          uint8_t *slow)                                                          \
    {                                                                                                             \
        const uint32_t m = n & ~(uint32_t)(TA__STEP_BYTES - 1);                                                   \
        uint32_t count = 0;                                                                                       \
        if (m > 0)                                                                                                \
            count += slerp_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a, a + n, a + 2 * n, a + 3 * n, b, \
                                        b + n, b + 2 * n, b + 3 * n, m, t, slow);                                 \
        if (n > m) {                                                                                              \
            uint32_t marks[TA__STEP_BYTES];                                                                       \
            count += slerp_planes32_##SUF(out + m, out + n + m, out + 2 * n + m, out + 3 * n + m, a + m,          \
                                          a + n + m, a + 2 * n + m, a + 3 * n + m, b + m, b + n + m,              \
                                          b + 2 * n + m, b + 3 * n + m, n - m, t, marks);                         \
            for (uint32_t i = 0; i < n - m; ++i) slow[m + i] = (uint8_t)marks[i];                                 \
        }                                                                                                         \
        return count;                                                                                             \
    }                                                                                                             \
    static uint32_t rot_two_split_##SUF(float *out, const float *a0, const float *a1, const float *ca,           \
                                        const float *b0, const float *b1, const float *cb, uint32_t n, float ta,  \
                                        float tb, float mix, uint8_t *slow, uint32_t *bad)                        \
    {                                                                                                             \
        const uint32_t m = n & ~(uint32_t)(TA__STEP_BYTES - 1);                                                   \
        uint32_t count = 0, bad_m = 0, bad_t = 0;                                                                 \
        if (m > 0)                                                                                                \
            count += two_planes_##SUF(out, out + n, out + 2 * n, out + 3 * n, a0, a1, ca, b0, b1, cb, m, n, ta,   \
                                      tb, mix, slow, &bad_m);                                                     \
        if (n > m) {                                                                                              \
            uint32_t marks[TA__STEP_BYTES];                                                                       \
            count += two_planes32_##SUF(out + m, out + n + m, out + 2 * n + m, out + 3 * n + m, a0 + m, a1 + m,   \
                                        ca + m, b0 + m, b1 + m, cb + m, n - m, n, ta, tb, mix, marks, &bad_t);    \
            for (uint32_t i = 0; i < n - m; ++i) slow[m + i] = (uint8_t)marks[i];                                 \
        }                                                                                                         \
        *bad = bad_m | bad_t;                                                                                     \
        return count;                                                                                             \
    }
TA__KERNELS(avx2, __attribute__((target("avx2"))))
TA__COMMIT_T8(avx2, __attribute__((target("avx2"))))
TA__SLERP_SPLIT(avx2, __attribute__((target("avx2"))))
TA__KERNEL_SET(avx2, t_avx2, 8)
TA__KERNELS(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))
TA__COMMIT_T8(avx512, __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw"))))

#define TA__AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw")))
TA__SLERP_SPLIT(avx512, TA__AVX512)
#undef TA__AVX512
TA__KERNEL_SET(avx512, t_avx512, 16)
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
