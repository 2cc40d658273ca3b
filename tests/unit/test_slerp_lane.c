/* The float32 slerp that mixes a pile toward a value (src/animation/slerp_lane.h,
 * the mixer's second action and rest toward the originals): within TOL of
 * three.js's slerpFlat in double over each of its branches; equal pairs kept
 * to the bit (a -0 too, as slerpFlat keeps its first quaternion); within a dot
 * of 0.9995 the lerp and normalize to the bit; lanes below 0.7 marked for the
 * double path; and the same numbers, bit for bit, from every instruction set's
 * kernel of the fused path (rot_slerp) and from the general path's batch. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"

#include "animation/fast_slerp.h"
#include "animation/fused_kernels.h"
#include "animation/quat_batch.h"
#include "animation/slerp_lane.h"
#include "threeanim/threeanim.h"

/* The claim for lanes at a dot of 0.7 or more (below, the double path answers).
 * Measured: 1.5e-7 (the run prints it). */
#define TOL 3e-7
#define LANES 29 /* not a multiple of any vector's width */

/* A unit a and b at an angle (radians, of the 4D arc) drawn for the branch
 * kind: 0 near (dot over 0.9995), 1 between 0.7 and 0.9995, 2 below 0.7;
 * b turned over half the time (a negative dot: the shorter arc). */
static void make_pair(ta_test_rng *r, int kind, float fa[4], float fb[4])
{
    const double lo[3] = {0.0, acos(0.9994), acos(0.6999)}, hi[3] = {acos(0.99951), acos(0.7001), 3.1};
    const double angle = lo[kind] + (hi[kind] - lo[kind]) * ta_test_uniform(r);
    const double flip = ta_test_uniform(r) < 0.5 ? -1 : 1;
    double a[4], b[4];
    ta_test_quat_pair(r, angle, a, b);
    for (int c = 0; c < 4; ++c) {
        fa[c] = (float)a[c];
        fb[c] = (float)(flip * b[c]);
    }
}

static bool lane(const float a[4], const float b[4], float t, float out[4])
{
    return ta__slerp_lane(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], t, &out[0], &out[1], &out[2], &out[3]);
}

static void test_within_tol_of_slerp_flat(void **state)
{
    (void)state;
    ta_test_rng r = {11};
    double worst = 0;
    for (int kind = 0; kind < 2; ++kind)
        for (int i = 0; i < 20000; ++i) {
            float a[4], b[4], got[4];
            make_pair(&r, kind, a, b);
            const float t = (float)ta_test_uniform(&r);
            assert_false(lane(a, b, t, got));
            const double da[4] = {a[0], a[1], a[2], a[3]}, db[4] = {b[0], b[1], b[2], b[3]};
            double want[4];
            ta_quat_slerp_flat(want, da, db, (double)t);
            for (int c = 0; c < 4; ++c) {
                const double e = fabs((double)got[c] - want[c]);
                if (e > worst) worst = e;
                if (!(e <= TOL)) fail_msg("pair %d (kind %d), t %.9g, component %d: %.9g, slerpFlat %.9g", i, kind,
                                          (double)t, c, (double)got[c], want[c]);
            }
        }
    printf("# the pile's slerp: worst %.3g of slerpFlat's in double\n", worst);
}

/* Equal pairs: the first as it is, a -0 included (-0 equals 0, as in three.js's test). */
static void test_equal_pairs_kept(void **state)
{
    (void)state;
    const float pairs[3][2][4] = {{{0.1f, -0.2f, 3.0f, 0.5f}, {0.1f, -0.2f, 3.0f, 0.5f}},
                                  {{-0.0f, 0.0f, -0.0f, 1.0f}, {0.0f, -0.0f, 0.0f, 1.0f}},
                                  {{-0.0f, 0.6f, 0.0f, -0.8f}, {0.0f, 0.6f, -0.0f, -0.8f}}};
    const float turns[3] = {0.3f, 0.5f, 0.999f};
    for (int p = 0; p < 3; ++p)
        for (int j = 0; j < 3; ++j) {
            float got[4];
            assert_false(lane(pairs[p][0], pairs[p][1], turns[j], got));
            assert_memory_equal(got, pairs[p][0], sizeof got);
        }
}

/* Within a dot of 0.9995, slerpFlat lerps and normalizes: the lane does the
 * same float32 operations, to the bit, with b turned over for a negative dot. */
static void test_near_is_lerp_and_normalize(void **state)
{
    (void)state;
    ta_test_rng r = {7};
    int checked = 0;
    for (int i = 0; i < 5000; ++i) {
        float a[4], b[4], got[4];
        make_pair(&r, 0, a, b);
        const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
        if (fabsf(dot) < 0.9995f || memcmp(a, b, sizeof a) == 0) continue;
        const float t = (float)ta_test_uniform(&r), s = 1 - t, tb = dot < 0 ? -t : t;
        float want[4], len2 = 0;
        for (int c = 0; c < 4; ++c) {
            want[c] = a[c] * s + b[c] * tb;
            len2 += want[c] * want[c];
        }
        const float f = 1 / sqrtf(len2);
        for (int c = 0; c < 4; ++c) want[c] *= f;
        assert_false(lane(a, b, t, got));
        assert_memory_equal(got, want, sizeof got);
        ++checked;
    }
    assert_true(checked > 4000);
}

/* Lanes by branch, equal pairs among them: every set's rot_slerp gives the
 * lane's numbers and marks the lanes below 0.7; the batch gives the lane's
 * numbers and ta__fast_slerp's for those. */
static void test_every_caller_same_as_the_lane(void **state)
{
    (void)state;
    ta_test_rng r = {99};
    int sets = 0, slow_seen = 0;
    for (int round = 0; round < 50; ++round) {
        float a[4][LANES], b[4][LANES], want[4][LANES];
        bool want_slow[LANES];
        const float t = (float)ta_test_uniform(&r);
        for (int i = 0; i < LANES; ++i) {
            float qa[4], qb[4];
            make_pair(&r, i % 3, qa, qb);
            if (i % 5 == 4) memcpy(qb, qa, sizeof qb);
            for (int c = 0; c < 4; ++c) {
                a[c][i] = qa[c];
                b[c][i] = qb[c];
            }
            want_slow[i] = ta__slerp_lane(qa[0], qa[1], qa[2], qa[3], qb[0], qb[1], qb[2], qb[3], t, &want[0][i],
                                          &want[1][i], &want[2][i], &want[3][i]);
            slow_seen += want_slow[i];
        }
        for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
            const ta__fused_kernels *kern = ta__fused_kernels_for((ta__simd)s);
            if (kern == NULL) continue;
            float got[4][LANES];
            uint8_t slow[LANES];
            const uint32_t count = kern->rot_slerp(&got[0][0], &a[0][0], &b[0][0], LANES, t, slow);
            uint32_t want_count = 0;
            for (int i = 0; i < LANES; ++i) {
                want_count += want_slow[i];
                if (slow[i] != want_slow[i]) fail_msg("%s: lane %d's mark", ta__simd_name((ta__simd)s), i);
            }
            assert_int_equal(count, want_count);
            if (memcmp(got, want, sizeof got) != 0) fail_msg("%s: not the lane's numbers", ta__simd_name((ta__simd)s));
            sets += round == 0;
        }
        ta__quat_batch q;
        for (int i = 0; i < LANES; ++i) {
            q.ax[i] = a[0][i], q.ay[i] = a[1][i], q.az[i] = a[2][i], q.aw[i] = a[3][i];
            q.bx[i] = b[0][i], q.by[i] = b[1][i], q.bz[i] = b[2][i], q.bw[i] = b[3][i];
            q.t[i] = t;
        }
        ta__quat_batch_slerp(&q, LANES);
        for (int i = 0; i < LANES; ++i) {
            float expect[4] = {want[0][i], want[1][i], want[2][i], want[3][i]};
            if (want_slow[i]) {
                const double da[4] = {a[0][i], a[1][i], a[2][i], a[3][i]}, db[4] = {b[0][i], b[1][i], b[2][i], b[3][i]};
                double d[4];
                ta__fast_slerp(d, da, db, (double)t);
                for (int c = 0; c < 4; ++c) expect[c] = (float)d[c];
            }
            const float got[4] = {q.ax[i], q.ay[i], q.az[i], q.aw[i]};
            assert_memory_equal(got, expect, sizeof got);
        }
    }
    assert_true(sets >= 1);
    assert_true(slow_seen > 100);
}

/* rot_slerp and rot_two over counts of lanes that leave a tail past the multiples of 32 (AVX2's and
 * AVX-512's loops take such a tail in a loop of their own: fused_kernels.c) and none, and rot_mix (doubles,
 * a chunk at most) over the same counts: every set's numbers, slow marks, counts and finite flags
 * the scalar set's, bit for bit, with a NaN lane in one round. */
enum { MAX_LANES = 96 };
static void test_every_set_same_over_lane_counts(void **state)
{
    (void)state;
    static const uint32_t counts[] = {4, 8, 16, 24, 29, 32, 40, 48, 61, 64, 80, 96};
    const ta__fused_kernels *ref = ta__fused_kernels_for(TA__SIMD_SCALAR);
    assert_non_null(ref);
    ta_test_rng r = {1234};
    int compared = 0, mixed = 0;
    for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ++ci) {
        const uint32_t n = counts[ci];
        for (int round = 0; round < 6; ++round) {
            /* planes n apart: a0 a1 b0 b1 (four each), their constants ca cb (two each), a and b */
            float a0[4 * MAX_LANES], a1[4 * MAX_LANES], b0[4 * MAX_LANES], b1[4 * MAX_LANES];
            float ca[2 * MAX_LANES], cb[2 * MAX_LANES];
            for (uint32_t i = 0; i < n; ++i) {
                float qa[4], qb[4], qc[4], qd[4];
                make_pair(&r, (int)(i % 3), qa, qb);
                make_pair(&r, (int)((i + round) % 3), qc, qd);
                if (i % 7 == 3) memcpy(qb, qa, sizeof qb);
                for (int c = 0; c < 4; ++c) {
                    a0[c * n + i] = qa[c], a1[c * n + i] = qb[c];
                    b0[c * n + i] = qc[c], b1[c * n + i] = qd[c];
                }
            }
            if (round == 5) a1[2 * n + n / 2] = NAN; /* one lane not finite */
            ref->rot_constants(ca, ca + n, a0, a1, n, n);
            ref->rot_constants(cb, cb + n, b0, b1, n, n);
            const float ta = (float)(0.05 + 0.9 * ta_test_uniform(&r)), tb = (float)(0.05 + 0.9 * ta_test_uniform(&r));
            const float mix = (float)ta_test_uniform(&r);
            float want[4 * MAX_LANES], want_s[4 * MAX_LANES];
            uint8_t want_slow[MAX_LANES], want_slow_s[MAX_LANES];
            uint32_t want_bad = 0;
            const uint32_t want_count = ref->rot_two(want, a0, a1, ca, b0, b1, cb, n, ta, tb, mix, want_slow, &want_bad);
            const uint32_t want_count_s = ref->rot_slerp(want_s, a0, b0, n, mix, want_slow_s);
            assert_int_equal(want_bad != 0, round == 5);
            /* rot_mix: the pile a0 toward b0 in doubles (TA__FUSED_CHUNK apart), a chunk at most */
            double qd[4 * TA__FUSED_CHUNK];
            float want_m[4 * MAX_LANES];
            uint32_t want_mark[TA__FUSED_CHUNK], want_count_m = 0;
            if (n <= TA__FUSED_CHUNK) {
                for (uint32_t c = 0; c < 4; ++c)
                    for (uint32_t i = 0; i < n; ++i) qd[c * TA__FUSED_CHUNK + i] = (double)b0[c * n + i];
                want_count_m = ref->rot_mix(want_m, a0, n, qd, n, mix, want_mark);
                if (round == 0) assert_true(want_count_m > 0); /* some lanes left to the caller */
            }
            for (int sset = TA__SIMD_SCALAR + 1; sset < TA__SIMD_COUNT; ++sset) {
                const ta__fused_kernels *k = ta__fused_kernels_for((ta__simd)sset);
                if (k == NULL) continue;
                const char *name = ta__simd_name((ta__simd)sset);
                float got[4 * MAX_LANES];
                uint8_t slow[MAX_LANES];
                uint32_t bad = 0;
                const uint32_t count = k->rot_two(got, a0, a1, ca, b0, b1, cb, n, ta, tb, mix, slow, &bad);
                if (count != want_count || (bad != 0) != (want_bad != 0) ||
                    memcmp(slow, want_slow, n) != 0 || memcmp(got, want, sizeof(float) * 4 * n) != 0)
                    fail_msg("%s: rot_two over %u lanes (round %d) is not the scalar set's", name, n, round);
                const uint32_t count_s = k->rot_slerp(got, a0, b0, n, mix, slow);
                if (count_s != want_count_s || memcmp(slow, want_slow_s, n) != 0 ||
                    memcmp(got, want_s, sizeof(float) * 4 * n) != 0)
                    fail_msg("%s: rot_slerp over %u lanes (round %d) is not the scalar set's", name, n, round);
                if (n <= TA__FUSED_CHUNK) {
                    uint32_t mark[TA__FUSED_CHUNK];
                    const uint32_t count_m = k->rot_mix(got, a0, n, qd, n, mix, mark);
                    if (count_m != want_count_m || memcmp(mark, want_mark, sizeof(uint32_t) * n) != 0 ||
                        memcmp(got, want_m, sizeof(float) * 4 * n) != 0)
                        fail_msg("%s: rot_mix over %u lanes (round %d) is not the scalar set's", name, n, round);
                    mixed++;
                }
                compared++;
            }
        }
    }
    /* the machine's sets past the scalar one: at least SSE2 on x86-64 */
    assert_true(compared >= 12 * 6);
    assert_true(mixed >= 10 * 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within_tol_of_slerp_flat),
        cmocka_unit_test(test_equal_pairs_kept),
        cmocka_unit_test(test_near_is_lerp_and_normalize),
        cmocka_unit_test(test_every_caller_same_as_the_lane),
        cmocka_unit_test(test_every_set_same_over_lane_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
