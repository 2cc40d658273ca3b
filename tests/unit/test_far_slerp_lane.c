/* The far pairs' slerp in lanes (src/animation/far_slerp_lane.h, each instruction set's
 * far_slerp kernel): for a pair below a dot of 0.7 it gives ta__fast_slerp's numbers bit for
 * bit (the library's own acos and sines, core/elementary.c), over random pairs at every angle
 * of that range, t from 0 to 1 with its ends and tiny weights, signed zeros and unnormalised
 * quaternions; the lanes it leaves to ta__fast_slerp are only those its header names (an equal
 * pair, a dot from 0.7 up, a number not finite, t outside [0, 1], a sine's argument within
 * 2^-20 of pi/2), and few of them. (test_mixer_fused holds the updates that take it, far
 * poses blended and rested toward the originals, to the general path's numbers.) */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"

#include "animation/far_slerp_lane.h"
#include "animation/fast_slerp.h"
#include "animation/fused_kernels.h"
#include "core/elementary.h"
#include "core/slerp_internal.h"

enum { N = TA__FAR_LANES };

/* a unit quaternion in double, and one at the given 4D angle from it, turned over half the time */
static void far_pair(ta_test_rng *r, double angle, double a[4], double b[4])
{
    const double flip = ta_test_uniform(r) < 0.5 ? -1 : 1;
    ta_test_quat_pair(r, angle, a, b);
    for (int c = 0; c < 4; ++c) b[c] *= flip;
}

/* Whether a lane is one the kernel may leave (far_slerp_lane.h): an equal pair, a dot from 0.7
 * up after the turn, a number not finite, t outside [0, 1], or a sine's argument near pi/2 (the
 * kernel's 2^-20, with room for the remainder's rounding) or at pi/4. */
static bool may_leave(const double qa[4], const double qb[4], double t)
{
    double a[4], b[4], d;
    if (!ta__slerp_begin(qa, qb, a, b, &d)) return true;
    for (int c = 0; c < 4; ++c)
        if (!isfinite(a[c]) || !isfinite(b[c])) return true;
    if (!(d < 0.7) || !(t >= 0 && t <= 1)) return true;
    const double theta = ta__acos(d), args[3] = {theta, (1 - t) * theta, t * theta};
    for (int i = 0; i < 3; ++i)
        if (fabs(args[i] - 1.5707963267948966) <= 0x1p-19 || fabs(args[i] - 0.78539816339744828) <= 0x1p-40)
            return true;
    return false;
}

/* The kernel of set s over n pairs at t against ta__fast_slerp; returns how many lanes it left. */
static uint32_t check_set(ta__simd s, const double a[4][N], const double b[4][N], uint32_t n, double t)
{
    const ta__fused_kernels *k = ta__fused_kernels_for(s);
    double got[4][N];
    uint32_t left[N];
    memset(got, 0, sizeof got);
    const uint32_t count = k->far_slerp(&got[0][0], &a[0][0], &b[0][0], n, t, left);
    uint32_t seen = 0;
    for (uint32_t i = 0; i < n; ++i) {
        seen += left[i];
        const double qa[4] = {a[0][i], a[1][i], a[2][i], a[3][i]}, qb[4] = {b[0][i], b[1][i], b[2][i], b[3][i]};
        if (left[i]) {
            if (!may_leave(qa, qb, t)) fail_msg("%s, lane %u, t %.17g: left, not one to leave", ta__simd_name(s), i, t);
            continue;
        }
        double want[4];
        ta__fast_slerp(want, qa, qb, t);
        const double mine[4] = {got[0][i], got[1][i], got[2][i], got[3][i]};
        if (memcmp(mine, want, sizeof want) != 0)
            fail_msg("%s, lane %u, t %.17g: %.17g %.17g %.17g %.17g, ta__fast_slerp %.17g %.17g %.17g %.17g",
                     ta__simd_name(s), i, t, mine[0], mine[1], mine[2], mine[3], want[0], want[1], want[2], want[3]);
    }
    assert_int_equal(count, seen);
    return seen;
}

static void test_every_set_is_fast_slerp_to_the_bit(void **state)
{
    (void)state;
    ta_test_rng r = {2026};
    const double ts[] = {0, 1, 0x1p-40, 6e-8, 0.5, 1 - 0x1p-53, 0.25, 0.999999};
    uint64_t lanes = 0, left = 0;
    int sets = 0;
    for (int round = 0; round < 400; ++round) {
        double a[4][N], b[4][N];
        for (uint32_t i = 0; i < N; ++i) {
            double qa[4], qb[4];
            /* 4D angles whose dot is below 0.7 in size (acos(0.7) = 0.7954), either side of a right
             * angle: past it the pair is turned over (the shorter arc) */
            const double angle = 0.7956 + (3.14159265358979323846 - 2 * 0.7956) * ta_test_uniform(&r);
            far_pair(&r, angle, qa, qb);
            if (i % 7 == 3) /* unnormalised, as a pile mixed in float32 is a little */
                for (int c = 0; c < 4; ++c) qb[c] *= 1 + (ta_test_uniform(&r) - 0.5) * 1e-6;
            if (i % 11 == 5) qa[2] = round % 2 ? 0.0 : -0.0;
            for (int c = 0; c < 4; ++c) {
                a[c][i] = round % 3 == 0 ? (double)(float)qa[c] : qa[c]; /* the float32 lanes' inputs too */
                b[c][i] = round % 3 == 0 ? (double)(float)qb[c] : qb[c];
            }
        }
        const double t = round < 8 ? ts[round] : ta_test_uniform(&r);
        for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
            if (ta__fused_kernels_for((ta__simd)s) == NULL) continue;
            left += check_set((ta__simd)s, (const double(*)[N])a, (const double(*)[N])b, N, t);
            lanes += N;
            sets += round == 0;
        }
    }
    printf("# %d sets, %llu far lanes, %llu left to ta__fast_slerp\n", sets, (unsigned long long)lanes,
           (unsigned long long)left);
    assert_true(sets >= 1);
    /* the pairs drawn are far but for a few that a signed zero put at a dot from 0.7 up, or
     * whose sine's argument fell near pi/2: the kernel left few (every one of them one to
     * leave, above) */
    assert_true(left * 100 < lanes);
}

/* The lanes the kernel leaves: each one its header names, and those only where they are. */
static void test_lanes_left(void **state)
{
    (void)state;
    double a[4][N], b[4][N];
    ta_test_rng r = {7};
    for (uint32_t i = 0; i < N; ++i) {
        double qa[4], qb[4];
        far_pair(&r, 1.5, qa, qb);
        for (int c = 0; c < 4; ++c) a[c][i] = qa[c], b[c][i] = qb[c];
    }
    for (int c = 0; c < 4; ++c) b[c][0] = a[c][0];             /* equal */
    {
        double qa[4], qb[4];
        far_pair(&r, 0.3, qa, qb); /* a dot of 0.955: the series' branch */
        for (int c = 0; c < 4; ++c) a[c][1] = qa[c], b[c][1] = qb[c];
    }
    a[2][2] = NAN;                          /* not finite */
    b[1][3] = INFINITY;                     /* not finite */
    /* orthogonal: theta = pi/2, its sine's argument pi/2 itself */
    a[0][4] = 1, a[1][4] = 0, a[2][4] = 0, a[3][4] = 0;
    b[0][4] = 0, b[1][4] = 1, b[2][4] = 0, b[3][4] = 0;
    for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
        const ta__fused_kernels *k = ta__fused_kernels_for((ta__simd)s);
        if (k == NULL) continue;
        double got[4][N];
        uint32_t left[N];
        const uint32_t count = k->far_slerp(&got[0][0], &a[0][0], &b[0][0], N, 0.3, left);
        for (uint32_t i = 0; i < N; ++i)
            if ((left[i] != 0) != (i <= 4)) fail_msg("%s: lane %u left %u", ta__simd_name((ta__simd)s), i, left[i]);
        assert_int_equal(count, 5);
        /* t outside [0, 1]: every lane left */
        assert_int_equal(k->far_slerp(&got[0][0], &a[0][0], &b[0][0], N, 1.5, left), N);
        assert_int_equal(k->far_slerp(&got[0][0], &a[0][0], &b[0][0], N, -0.25, left), N);
        assert_int_equal(k->far_slerp(&got[0][0], &a[0][0], &b[0][0], N, NAN, left), N);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_set_is_fast_slerp_to_the_bit),
        cmocka_unit_test(test_lanes_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
