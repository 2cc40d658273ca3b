/* slerpFlat over a batch of pairs, vectorised. See quat_batch.h. */
#include <math.h>

#include "animation/fast_slerp.h"
#include "animation/quat_batch.h"

/* Not under ThreadSanitizer: the clones' resolver runs while the program is
 * relocated, before TSan's runtime is up, and its instrumented code crashes. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define TA__CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TA__CLONES
#endif

/* Lanes whose dot product is below 0.7 are marked and done after. */
TA__CLONES
static uint32_t batch_kernel(ta__quat_batch *q, uint32_t n, uint8_t *slow)
{
    /* fast_slerp.h's coefficients, so that a lane computes what it computes */
    static const double u[8] = {1. / (1 * 3), 1. / (2 * 5),  1. / (3 * 7),  1. / (4 * 9),
                                1. / (5 * 11), 1. / (6 * 13), 1. / (7 * 15), 1.90110745351730037 / (8 * 17)};
    static const double v[8] = {1. / 3,  2. / 5,  3. / 7,  4. / 9,
                                5. / 11, 6. / 13, 7. / 15, 1.90110745351730037 * 8 / 17};
    uint32_t slow_count = 0;
    for (uint32_t i = 0; i < n; ++i) {
        double x0 = q->ax[i], y0 = q->ay[i], z0 = q->az[i], w0 = q->aw[i];
        double x1 = q->bx[i], y1 = q->by[i], z1 = q->bz[i], w1 = q->bw[i];
        double t = q->t[i];
        double dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        double sign = copysign(1.0, dot);
        dot *= sign;
        double s = 1 - t;
        double xm1 = dot - 1, tt = t * t, ss = s * s, ct = 1, cs = 1;
#define TA__TERM(k)                                     \
    ct = 1 + (u[k] * tt - v[k]) * xm1 * ct;             \
    cs = 1 + (u[k] * ss - v[k]) * xm1 * cs;
        TA__TERM(7) TA__TERM(6) TA__TERM(5) TA__TERM(4) TA__TERM(3) TA__TERM(2) TA__TERM(1) TA__TERM(0)
#undef TA__TERM
        /* branch-free, so that the loop vectorises: near lanes lerp and
         * normalize, the others take the series; equal pairs keep a. */
        double near = (double)(dot >= 0.9995);
        double a = near * s + (1 - near) * (s * cs);
        double b = (near * t + (1 - near) * (t * ct)) * sign;
        double rx = x0 * a + x1 * b, ry = y0 * a + y1 * b, rz = z0 * a + z1 * b, rw = w0 * a + w1 * b;
        double len2 = rx * rx + ry * ry + rz * rz + rw * rw;
        double f = near / sqrt(len2 + (1 - near)) + (1 - near);
        double same = (double)((x0 == x1) & (y0 == y1) & (z0 == z1) & (w0 == w1));
        q->ax[i] = same * x0 + (1 - same) * (rx * f);
        q->ay[i] = same * y0 + (1 - same) * (ry * f);
        q->az[i] = same * z0 + (1 - same) * (rz * f);
        q->aw[i] = same * w0 + (1 - same) * (rw * f);
        int is_slow = (same == 0) & (dot < 0.7);
        slow[i] = (uint8_t)is_slow;
        slow_count += (uint32_t)is_slow;
    }
    return slow_count;
}

void ta__quat_batch_slerp(ta__quat_batch *q, uint32_t n)
{
    /* the kernel overwrites a, so keep the inputs of lanes it cannot finish */
    uint8_t slow[TA__QUAT_BATCH];
    double keep[TA__QUAT_BATCH][4];
    for (uint32_t i = 0; i < n; ++i) {
        keep[i][0] = q->ax[i];
        keep[i][1] = q->ay[i];
        keep[i][2] = q->az[i];
        keep[i][3] = q->aw[i];
    }
    if (batch_kernel(q, n, slow) == 0) return;
    for (uint32_t i = 0; i < n; ++i) {
        if (!slow[i]) continue;
        double b[4] = {q->bx[i], q->by[i], q->bz[i], q->bw[i]}, r[4];
        ta__fast_slerp(r, keep[i], b, q->t[i]);
        q->ax[i] = r[0];
        q->ay[i] = r[1];
        q->az[i] = r[2];
        q->aw[i] = r[3];
    }
}
