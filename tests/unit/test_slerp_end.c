/* slerpFlat read at an end (t 0, -0 or 1: an action at a key, a paused one held there) without
 * acos or sines: ta__slerp_end_lane (slerp_constants.h), ta__slerp_end, each instruction set's
 * rot_end kernel and ta_quat_slerp_flat give there the numbers of slerpFlat's whole formula (the
 * library's own acos and sines, core/elementary.c) bit for bit, over pairs at every 4D angle,
 * turned over half the time, unnormalised, with signed zeros, equal pairs, pairs within a dot of
 * 0.9995 (the lerp that is normalised) and numbers not finite. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"

#include "animation/fused_kernels.h"
#include "animation/slerp_constants.h"
#include "core/elementary.h"
#include "core/slerp_internal.h"
#include "threeanim/math.h"

enum { N = 67 }; /* lanes a kernel call: past two of AVX-512's widths, and a tail */

/* slerpFlat as three.js writes it: its weights from acos and three sines in the far branch. */
static void slerp_flat_whole(const double a[4], const double b[4], double t, double out[4])
{
    double q0[4], q1[4], dot;
    if (ta__slerp_begin(a, b, q0, q1, &dot)) {
        const double s = 1 - t;
        if (dot < 0.9995) {
            const double theta = ta__acos(dot), sin_theta = ta__sin(theta);
            ta__slerp_mix(q0, q1, ta__sin(s * theta) / sin_theta, ta__sin(t * theta) / sin_theta);
        } else {
            ta__slerp_near(q0, q1, s, t);
        }
    }
    memcpy(out, q0, sizeof q0);
}

/* The same numbers: the same bits, or both not a number. */
static bool same_f(float x, float y)
{
    return memcmp(&x, &y, sizeof x) == 0 || (isnan(x) && isnan(y));
}

static bool same_d(double x, double y)
{
    return memcmp(&x, &y, sizeof x) == 0 || (isnan(x) && isnan(y));
}

typedef struct kinds {
    uint32_t far, near, equal, turned, not_finite;
} kinds;

/* Pair i of a round, in float: its kind counted. */
static void make_pair(ta_test_rng *r, uint32_t i, float a[4], float b[4], kinds *seen)
{
    double qa[4], qb[4];
    const double u = ta_test_uniform(r);
    /* a quarter within a dot of 0.9995 (a 4D angle below 0.0316), the rest at any angle */
    const double angle = i % 4 == 1 ? 0.04 * u : 3.14159265358979323846 * u;
    ta_test_quat_pair(r, angle, qa, qb);
    if (ta_test_uniform(r) < 0.5)
        for (int c = 0; c < 4; ++c) qb[c] = -qb[c];
    if (i % 5 == 2) /* unnormalised, as a mixed pile is a little, or a key written by hand */
        for (int c = 0; c < 4; ++c) qb[c] *= 1 + (ta_test_uniform(r) - 0.5) * 1e-3;
    for (int c = 0; c < 4; ++c) a[c] = (float)qa[c], b[c] = (float)qb[c];
    if (i % 7 == 3) a[1] = -0.0f, b[1] = i % 2 ? 0.0f : -0.0f; /* signed zeros */
    if (i % 9 == 4) a[3] = -0.0f;
    if (i % 11 == 6) memcpy(b, a, sizeof(float) * 4); /* equal: the first key as it is */
    if (i % 13 == 7) memset(a, 0, sizeof(float) * 4);  /* a zero quaternion */
    if (i == 8) b[2] = NAN;
    if (i == 9) a[0] = INFINITY;
    double da[4], db[4], q0[4], q1[4], dot;
    for (int c = 0; c < 4; ++c) da[c] = a[c], db[c] = b[c];
    if (!isfinite(da[0] + da[1] + da[2] + da[3] + db[0] + db[1] + db[2] + db[3]))
        seen->not_finite++;
    else if (!ta__slerp_begin(da, db, q0, q1, &dot))
        seen->equal++;
    else if (dot < 0.9995)
        seen->far++;
    else
        seen->near++;
    seen->turned += da[0] * db[0] + da[1] * db[1] + da[2] * db[2] + da[3] * db[3] < 0;
}

static void test_the_ends_are_slerp_flat_to_the_bit(void **state)
{
    (void)state;
    const float ends[] = {0.0f, -0.0f, 1.0f};
    ta_test_rng r = {4242};
    kinds seen = {0};
    uint64_t lanes = 0;
    int sets = 0;
    for (int round = 0; round < 300; ++round) {
        float a[4][N], b[4][N];
        for (uint32_t i = 0; i < N; ++i) {
            float qa[4], qb[4];
            make_pair(&r, i, qa, qb, &seen);
            for (int c = 0; c < 4; ++c) a[c][i] = qa[c], b[c][i] = qb[c];
        }
        for (int e = 0; e < 3; ++e) {
            const float t = ends[e];
            float want[4][N];
            for (uint32_t i = 0; i < N; ++i) {
                const double qa[4] = {a[0][i], a[1][i], a[2][i], a[3][i]};
                const double qb[4] = {b[0][i], b[1][i], b[2][i], b[3][i]};
                double whole[4], flat[4];
                slerp_flat_whole(qa, qb, t, whole);
                ta_quat_slerp_flat(flat, qa, qb, t);
                const float fa[4] = {a[0][i], a[1][i], a[2][i], a[3][i]};
                const float fb[4] = {b[0][i], b[1][i], b[2][i], b[3][i]};
                float end[4];
                ta__slerp_end(fa, fb, t, end);
                for (int c = 0; c < 4; ++c) {
                    want[c][i] = (float)whole[c];
                    if (!same_d(flat[c], whole[c]))
                        fail_msg("ta_quat_slerp_flat, round %d lane %u t %g component %d: %.17g, the whole "
                                 "formula %.17g",
                                 round, i, t, c, flat[c], whole[c]);
                    if (!same_f(end[c], want[c][i]))
                        fail_msg("ta__slerp_end, round %d lane %u t %g component %d: %.9g, the whole formula %.9g",
                                 round, i, t, c, end[c], want[c][i]);
                }
            }
            for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
                const ta__fused_kernels *k = ta__fused_kernels_for((ta__simd)s);
                if (k == NULL) continue;
                float got[4][N];
                memset(got, 0, sizeof got);
                k->rot_end(&got[0][0], &a[0][0], &b[0][0], N, t);
                for (uint32_t i = 0; i < N; ++i)
                    for (int c = 0; c < 4; ++c)
                        if (!same_f(got[c][i], want[c][i]))
                            fail_msg("%s rot_end, round %d lane %u t %g component %d: %.9g, the whole formula %.9g",
                                     ta__simd_name((ta__simd)s), round, i, t, c, got[c][i], want[c][i]);
                lanes += N;
                sets += round == 0 && e == 0;
            }
        }
    }
    printf("# %d sets, %llu lanes; pairs: %u far, %u near, %u equal, %u turned over, %u not finite\n", sets,
           (unsigned long long)lanes, seen.far, seen.near, seen.equal, seen.turned, seen.not_finite);
    assert_true(sets >= 1);
    /* every branch taken many times */
    assert_true(seen.far > 1000 && seen.near > 1000 && seen.equal > 100 && seen.turned > 1000);
    assert_true(seen.not_finite >= 600);
}

/* At a point between the ends the weights are the sines' again: the shortcut is for the ends alone. */
static void test_between_the_ends_the_sines(void **state)
{
    (void)state;
    ta_test_rng r = {99};
    for (int i = 0; i < 1000; ++i) {
        double qa[4], qb[4], flat[4], whole[4];
        ta_test_quat_pair(&r, 0.5 + 2.5 * ta_test_uniform(&r), qa, qb);
        const double t = i % 2 ? 0x1p-30 : 1 - 0x1p-53;
        ta_quat_slerp_flat(flat, qa, qb, t);
        slerp_flat_whole(qa, qb, t, whole);
        assert_memory_equal(flat, whole, sizeof flat);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_ends_are_slerp_flat_to_the_bit),
        cmocka_unit_test(test_between_the_ends_the_sines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
