/* slerpFlat over a batch of pairs, vectorised. See quat_batch.h. */
#include <math.h>

#include "animation/far_slerp_lane.h"
#include "animation/fast_slerp.h"
#include "animation/quat_batch.h"
#include "animation/slerp_constants.h"
#include "animation/slerp_lane.h"

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
    uint32_t slow_count = 0;
    for (uint32_t i = 0; i < n; ++i) {
        bool is_slow = ta__slerp_lane(q->ax[i], q->ay[i], q->az[i], q->aw[i], q->bx[i], q->by[i], q->bz[i], q->bw[i],
                                      q->t[i], &q->ax[i], &q->ay[i], &q->az[i], &q->aw[i]);
        slow[i] = (uint8_t)is_slow;
        slow_count += (uint32_t)is_slow;
    }
    return slow_count;
}

/* The far pairs (slow) in lanes, each at its own t (far_slerp_lane.h: ta__fast_slerp's bits);
 * left[j] marks a pair the lane does not cover. */
TA__CLONES
static uint32_t far_kernel(double r[4][TA__QUAT_BATCH], const double a[4][TA__QUAT_BATCH],
                           const double b[4][TA__QUAT_BATCH], const double *t, uint32_t m, uint32_t *left)
{
    uint32_t count = 0;
    for (uint32_t j = 0; j < m; ++j) {
        const bool done = ta__far_slerp_lane(a[0][j], a[1][j], a[2][j], a[3][j], b[0][j], b[1][j], b[2][j], b[3][j],
                                             t[j], &r[0][j], &r[1][j], &r[2][j], &r[3][j]);
        left[j] = (uint32_t)!done;
        count += (uint32_t)!done;
    }
    return count;
}

/* The lanes batch_kernel left, from their inputs (keep, b): in far_kernel's lanes when there are
 * a vector's worth, else (and for the lanes it leaves) one by one. */
static void finish_slow(ta__quat_batch *q, uint32_t n, const uint8_t *slow, const double keep[][4])
{
    double a[4][TA__QUAT_BATCH], b[4][TA__QUAT_BATCH], r[4][TA__QUAT_BATCH], t[TA__QUAT_BATCH];
    uint32_t at[TA__QUAT_BATCH], left[TA__QUAT_BATCH], m = 0;
    for (uint32_t i = 0; i < n; ++i) {
        if (!slow[i]) continue;
        for (int c = 0; c < 4; ++c) a[c][m] = keep[i][c];
        b[0][m] = q->bx[i], b[1][m] = q->by[i], b[2][m] = q->bz[i], b[3][m] = q->bw[i];
        t[m] = q->t[i];
        at[m++] = i;
    }
    const bool one_by_one = m < 4;
    if (one_by_one || far_kernel(r, (const double(*)[TA__QUAT_BATCH])a, (const double(*)[TA__QUAT_BATCH])b, t, m,
                                 left) > 0)
        for (uint32_t j = 0; j < m; ++j) {
            if (!one_by_one && !left[j]) continue;
            const double qa[4] = {a[0][j], a[1][j], a[2][j], a[3][j]}, qb[4] = {b[0][j], b[1][j], b[2][j], b[3][j]};
            double o[4];
            ta__fast_slerp(o, qa, qb, t[j]);
            for (int c = 0; c < 4; ++c) r[c][j] = o[c];
        }
    for (uint32_t j = 0; j < m; ++j) {
        const uint32_t i = at[j];
        q->ax[i] = (float)r[0][j];
        q->ay[i] = (float)r[1][j];
        q->az[i] = (float)r[2][j];
        q->aw[i] = (float)r[3][j];
    }
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
    finish_slow(q, n, slow, (const double(*)[4])keep);
}

/* Static, as batch_kernel: a cloned function gets a resolver, which the
 * shared library would export. */
TA__CLONES
static void keys_kernel(ta__quat_batch *q, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i) {
        float x, y, z, w;
        ta__slerp_key_lane(q->ax[i], q->ay[i], q->az[i], q->aw[i], q->bx[i], q->by[i], q->bz[i], q->bw[i], q->theta[i],
                           q->k[i], q->t[i], &x, &y, &z, &w);
        q->ax[i] = x;
        q->ay[i] = y;
        q->az[i] = z;
        q->aw[i] = w;
    }
}

void ta__quat_batch_slerp_keys(ta__quat_batch *q, uint32_t n)
{
    /* pairs read at an end take three.js's numbers (slerp_constants.h); the
     * kernel overwrites a, so those are worked out first and put back after */
    float end[TA__QUAT_BATCH][4];
    uint8_t at_end[TA__QUAT_BATCH];
    uint32_t ends = 0;
    for (uint32_t i = 0; i < n; ++i) {
        at_end[i] = ta__slerp_at_end(q->t[i]);
        if (!at_end[i]) continue;
        const float a[4] = {q->ax[i], q->ay[i], q->az[i], q->aw[i]}, b[4] = {q->bx[i], q->by[i], q->bz[i], q->bw[i]};
        ta__slerp_end(a, b, q->t[i], end[i]);
        ends++;
    }
    keys_kernel(q, n);
    for (uint32_t i = 0; i < n && ends > 0; ++i) {
        if (!at_end[i]) continue;
        q->ax[i] = end[i][0];
        q->ay[i] = end[i][1];
        q->az[i] = end[i][2];
        q->aw[i] = end[i][3];
    }
}
