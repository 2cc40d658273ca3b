/* The key slerp from an interval's constants (src/animation/slerp_constants.h):
 * within TOL of three.js's slerpFlat in double (ta_quat_slerp_flat) over
 * random pairs and turns in every branch slerpFlat has (equal keys, within a
 * dot of 0.9995, between that and 0.7, below 0.7 down to keys a half turn
 * apart, either sign of the dot, keys that are not unit length); equal keys
 * kept to the bit; the near branch's lerp and normalize to the bit; the
 * branch taken where three.js takes it; and the same numbers, bit for bit,
 * from the general path's batch and from each instruction set's kernel of
 * the fused path, read from the constants the clip's plan and its fused copy
 * hold alike. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"

#include "animation/clip_fused.h"
#include "animation/clip_plan.h"
#include "animation/fused_kernels.h"
#include "animation/quat_batch.h"
#include "animation/slerp_constants.h"
#include "threeanim/threeanim.h"

/* The claim: a component of the slerp of two keys is within this of
 * slerpFlat's in double, times the longer key's length where it is over 1.
 * Measured: 1.9e-7 to 2.1e-7 over seeds (the run prints it per kind). */
#define TOL 3e-7
/* The same claim for ta__slerp_constants_fast's constants (a compressed clip's window).
 * Measured: 1.6e-7 to 2.8e-7 (the run prints it per kind). */
#define TOL_FAST 4e-7

/* ---- pairs ------------------------------------------------------------------------- */

static void normalize4(double q[4])
{
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int c = 0; c < 4; ++c) q[c] /= n;
}

static void random_unit(ta_test_rng *r, double q[4])
{
    double n2;
    do {
        for (int c = 0; c < 4; ++c) q[c] = 2 * ta_test_uniform(r) - 1;
        n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    } while (n2 < 0.01 || n2 > 1);
    normalize4(q);
}

/* The kinds of pairs, by the angle between the keys (half the turn between
 * the rotations): each a branch of slerpFlat or an edge of one. */
typedef enum pair_kind {
    PAIR_RANDOM,     /* two random keys: mostly below 0.7, either sign */
    PAIR_NEAR,       /* dot at least 0.9995: lerp and normalize */
    PAIR_NEAR_EDGE,  /* dot within 1e-6 of 0.9995, either side */
    PAIR_MID,        /* dot between 0.7 and 0.9995 */
    PAIR_FAR,        /* dot below 0.7 */
    PAIR_HALF_TURN,  /* dot within 1e-4 of 0: rotations nearly a half turn apart */
    PAIR_UNNORMAL,   /* random keys of lengths 1 - 1e-3 to 1 + 1e-3, what a track takes */
    PAIR_LONG,       /* random keys of lengths 0.5 to 1.5, which slerpFlat takes too */
    PAIR_KINDS
} pair_kind;

static const char *const kind_names[PAIR_KINDS] = {"random", "near", "near edge", "0.7..0.9995", "below 0.7",
                                                   "half turn",  "1 +- 1e-3", "0.5 to 1.5"};

/* b at `angle` from a (a unit), along a random direction orthogonal to it. */
static void at_angle(ta_test_rng *r, const double a[4], double angle, double b[4])
{
    double u[4], d;
    random_unit(r, u);
    d = u[0] * a[0] + u[1] * a[1] + u[2] * a[2] + u[3] * a[3];
    for (int c = 0; c < 4; ++c) u[c] -= d * a[c];
    normalize4(u);
    for (int c = 0; c < 4; ++c) b[c] = a[c] * cos(angle) + u[c] * sin(angle);
}

static void make_pair(ta_test_rng *r, pair_kind kind, float fa[4], float fb[4])
{
    double a[4], b[4];
    random_unit(r, a);
    const double edge = acos(0.9995);
    switch (kind) {
    case PAIR_NEAR: at_angle(r, a, edge * ta_test_uniform(r), b); break;
    case PAIR_NEAR_EDGE: at_angle(r, a, acos(0.9995 + 1e-6 * (2 * ta_test_uniform(r) - 1)), b); break;
    case PAIR_MID: at_angle(r, a, edge + (acos(0.7) - edge) * ta_test_uniform(r), b); break;
    case PAIR_FAR: at_angle(r, a, acos(0.7) + (acos(0.0) - acos(0.7)) * ta_test_uniform(r), b); break;
    case PAIR_HALF_TURN: at_angle(r, a, acos(1e-4 * (2 * ta_test_uniform(r) - 1)), b); break;
    default: random_unit(r, b); break;
    }
    /* either sign of the dot: the shorter arc turns b over */
    const double sb = ta_test_uniform(r) < 0.5 ? -1 : 1;
    double la = 1, lb = 1;
    if (kind == PAIR_UNNORMAL) {
        la = 1 + 2e-3 * (ta_test_uniform(r) - 0.5);
        lb = 1 + 2e-3 * (ta_test_uniform(r) - 0.5);
    } else if (kind == PAIR_LONG) {
        la = 0.5 + ta_test_uniform(r);
        lb = 0.5 + ta_test_uniform(r);
    }
    for (int c = 0; c < 4; ++c) {
        fa[c] = (float)(a[c] * la);
        fb[c] = (float)(b[c] * lb * sb);
    }
}

/* slerpFlat(a, b, t) at t exactly 0 or 1, worked out from three.js's
 * Quaternion.slerpFlat: equal keys give a; otherwise its weights are exactly
 * 1 and 0 (sin(theta) / sin(theta), sin(0)) in the far branch and s, t in the
 * near one, so it picks a (t = 0) or b turned to the shorter arc (t = 1), and
 * the near branch (a dot of 0.9995 or more) normalizes that in double; the
 * result rounded to float, as a Float32Array keeps it. */
static void threejs_at_end(const float a[4], const float b[4], float t, float out[4])
{
    if (a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]) {
        memcpy(out, a, 4 * sizeof(float));
        return;
    }
    const double dot = (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3];
    double pick[4];
    for (int c = 0; c < 4; ++c) pick[c] = t == 0 ? (double)a[c] : (dot < 0 ? -(double)b[c] : (double)b[c]);
    double f = 1;
    if (fabs(dot) >= 0.9995) f = 1 / sqrt(pick[0] * pick[0] + pick[1] * pick[1] + pick[2] * pick[2] + pick[3] * pick[3]);
    for (int c = 0; c < 4; ++c) out[c] = (float)(pick[c] * f);
}

/* The lane for the pair a, b at t, from the constants of the pair. */
static void lane(const float a[4], const float b[4], float t, float out[4])
{
    float theta, k;
    ta__slerp_constants(a, b, &theta, &k);
    ta__slerp_key_lane(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], theta, k, t, &out[0], &out[1], &out[2],
                       &out[3]);
}

static double len4f(const float q[4])
{
    return sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
}

/* ---- against slerpFlat --------------------------------------------------------------- */

static void test_within_tol_of_slerp_flat(void **state)
{
    (void)state;
    enum { PAIRS = 20000, TURNS = 10 };
    ta_test_rng r = {20};
    double worst[PAIR_KINDS] = {0};
    long below_07 = 0, negative = 0;
    for (int kind = 0; kind < PAIR_KINDS; ++kind)
        for (int i = 0; i < PAIRS; ++i) {
            float a[4], b[4];
            make_pair(&r, (pair_kind)kind, a, b);
            const double da[4] = {a[0], a[1], a[2], a[3]}, db[4] = {b[0], b[1], b[2], b[3]};
            const double dot = da[0] * db[0] + da[1] * db[1] + da[2] * db[2] + da[3] * db[3];
            below_07 += fabs(dot) < 0.7;
            negative += dot < 0;
            const double scale = fmax(1, fmax(len4f(a), len4f(b)));
            for (int j = 0; j < TURNS; ++j) {
                /* the ends, then turns anywhere between */
                const float t = j == 0 ? 0.0f : (j == 1 ? 1.0f : (float)ta_test_uniform(&r));
                float got[4];
                double want[4];
                lane(a, b, t, got);
                ta_quat_slerp_flat(want, da, db, t);
                for (int c = 0; c < 4; ++c) {
                    const double e = fabs(got[c] - want[c]) / scale;
                    if (e > worst[kind]) worst[kind] = e;
                    if (!(e <= TOL))
                        fail_msg("%s pair %d t %.9g component %d: %.9g, slerpFlat %.17g (dot %.17g)",
                                 kind_names[kind], i, (double)t, c, (double)got[c], want[c], dot);
                }
            }
        }
    for (int kind = 0; kind < PAIR_KINDS; ++kind) printf("# %-12s worst %.3g\n", kind_names[kind], worst[kind]);
    /* the pairs reached the branches they are for */
    assert_true(below_07 > PAIRS);
    assert_true(negative > PAIRS);
}

/* A compressed clip's window makes its constants with ta__slerp_constants_fast (float32, no
 * libm): its lane within TOL_FAST of slerpFlat in double over the same pairs and turns; its
 * branches ta__slerp_constants' (the dot in double): equal keys (0, 0), the near branch at a
 * dot of 0.9995 or more (the same two numbers), the sign of k the dot's; and the
 * weight of a key at its own end 1 to an ulp (sin(theta) k). */
static void test_fast_constants_within_tol_of_slerp_flat(void **state)
{
    (void)state;
    enum { PAIRS = 20000, TURNS = 10 };
    ta_test_rng r = {21};
    double worst[PAIR_KINDS] = {0}, worst_end = 0;
    long near = 0, far = 0;
    for (int kind = 0; kind < PAIR_KINDS; ++kind)
        for (int i = 0; i < PAIRS; ++i) {
            float a[4], b[4], theta, k;
            make_pair(&r, (pair_kind)kind, a, b);
            if (i % 97 == 0) memcpy(b, a, sizeof b); /* an equal pair now and then */
            ta__slerp_constants_fast(a, b, &theta, &k);
            const double da[4] = {a[0], a[1], a[2], a[3]}, db[4] = {b[0], b[1], b[2], b[3]};
            const double fdot = da[0] * db[0] + da[1] * db[1] + da[2] * db[2] + da[3] * db[3];
            if (memcmp(a, b, sizeof a) == 0) {
                assert_true(theta == 0 && k == 0);
            } else if (fabs(fdot) >= 0.9995) {
                near++;
                assert_true(theta == TA__SLERP_NEAR_THETA);
                assert_true(k == (fdot < 0 ? -TA__SLERP_NEAR_SCALE : TA__SLERP_NEAR_SCALE));
            } else {
                far++;
                assert_true(fdot < 0 ? k < 0 : k > 0);
                const double end = fabs(ta__slerp_sin(theta) * fabsf(k) - 1);
                if (end > worst_end) worst_end = end;
                if (!(end <= 1.2e-7)) fail_msg("%s pair %d: a key's weight at its end is 1 + %.3g", kind_names[kind], i, end);
            }
            const double scale = fmax(1, fmax(len4f(a), len4f(b)));
            for (int j = 0; j < TURNS; ++j) {
                const float t = (float)ta_test_uniform(&r);
                if (ta__slerp_at_end(t)) continue;
                float got[4];
                double want[4];
                ta__slerp_key_lane(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], theta, k, t, &got[0], &got[1], &got[2],
                                   &got[3]);
                ta_quat_slerp_flat(want, da, db, t);
                for (int c = 0; c < 4; ++c) {
                    const double e = fabs(got[c] - want[c]) / scale;
                    if (e > worst[kind]) worst[kind] = e;
                    if (!(e <= TOL_FAST))
                        fail_msg("%s pair %d t %.9g component %d: %.9g, slerpFlat %.17g (dot %.17g)", kind_names[kind],
                                 i, (double)t, c, (double)got[c], want[c], fdot);
                }
            }
        }
    for (int kind = 0; kind < PAIR_KINDS; ++kind) printf("# fast: %-12s worst %.3g\n", kind_names[kind], worst[kind]);
    printf("# fast: a key's weight at its end within %.3g of 1\n", worst_end);
    assert_true(near > PAIRS && far > PAIRS);
}

/* Equal keys: the first, as it is, whatever their length and the turn
 * (-0 equals 0, as in three.js's test). */
static void test_equal_keys_kept(void **state)
{
    (void)state;
    const float keys[3][2][4] = {{{0.1f, -0.2f, 3.0f, 0.5f}, {0.1f, -0.2f, 3.0f, 0.5f}},
                                 {{0.0f, 0.0f, 0.0f, 1.0f}, {-0.0f, 0.0f, -0.0f, 1.0f}},
                                 {{0.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}}};
    const float turns[4] = {0.0f, 0.3f, 0.999f, 1.0f};
    for (int p = 0; p < 3; ++p) {
        float theta, k;
        ta__slerp_constants(keys[p][0], keys[p][1], &theta, &k);
        assert_true(theta == 0 && k == 0);
        for (int j = 0; j < 4; ++j) {
            float got[4];
            lane(keys[p][0], keys[p][1], turns[j], got);
            assert_memory_equal(got, keys[p][0], sizeof got);
        }
    }
}

/* Within a dot of 0.9995, slerpFlat lerps and normalizes: the lane does the
 * same float32 operations, to the bit, with the second key turned over when
 * the dot is negative. */
static void test_near_is_lerp_and_normalize(void **state)
{
    (void)state;
    ta_test_rng r = {7};
    for (int i = 0; i < 5000; ++i) {
        float a[4], b[4], theta, k;
        make_pair(&r, PAIR_NEAR, a, b);
        ta__slerp_constants(a, b, &theta, &k);
        const double dot = (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3];
        if (a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]) continue;
        assert_true(theta == TA__SLERP_NEAR_THETA);
        assert_true(k == (dot < 0 ? -TA__SLERP_NEAR_SCALE : TA__SLERP_NEAR_SCALE));
        const float t = (float)ta_test_uniform(&r), s = 1 - t, tb = dot < 0 ? -t : t;
        float want[4], len2 = 0, got[4];
        for (int c = 0; c < 4; ++c) {
            want[c] = a[c] * s + b[c] * tb;
            len2 += want[c] * want[c];
        }
        const float f = 1 / sqrtf(len2);
        for (int c = 0; c < 4; ++c) want[c] *= f;
        lane(a, b, t, got);
        assert_memory_equal(got, want, sizeof got);
    }
}

/* The branch is chosen as three.js chooses it: by the dot in double, against
 * 0.9995, its sign turning the second key over. */
static void test_branches_where_threejs_takes_them(void **state)
{
    (void)state;
    /* b at an angle whose cosine is 0.9995 give or take a little, in double */
    const double cases[4] = {0.9995 - 1e-7, 0.9995 + 1e-7, -(0.9995 - 1e-7), -(0.9995 + 1e-7)};
    for (int i = 0; i < 4; ++i) {
        const double c = fabs(cases[i]), sgn = cases[i] < 0 ? -1 : 1;
        const float a[4] = {0, 0, 0, 1};
        const float b[4] = {(float)(sgn * sqrt(1 - c * c)), 0, 0, (float)(sgn * c)};
        const double dot = (double)b[3];
        float theta, k;
        ta__slerp_constants(a, b, &theta, &k);
        if (fabs(dot) >= 0.9995) {
            assert_true(theta == TA__SLERP_NEAR_THETA);
        } else {
            TA_ASSERT_NEAR(theta, acos(fabs(dot)), 1e-7);
            TA_ASSERT_NEAR(fabs(k), 1 / sin(acos(fabs(dot))), 1e-5);
        }
        assert_true(dot < 0 ? k < 0 : k > 0);
    }
    /* a half turn apart: theta pi / 2, 1 / sin 1 */
    const float a[4] = {0, 0, 0, 1}, b[4] = {1, 0, 0, 0};
    float theta, k;
    ta__slerp_constants(a, b, &theta, &k);
    assert_true(theta == (float)(3.14159265358979323846 / 2));
    TA_ASSERT_NEAR(k, 1, 1e-7);
    float got[4];
    lane(a, b, 0.5f, got);
    TA_ASSERT_NEAR(got[0], sqrt(0.5), 2e-7);
    TA_ASSERT_NEAR(got[3], sqrt(0.5), 2e-7);
}

/* ---- one lane, every caller ------------------------------------------------------------- */

enum { LANES = 32 }; /* two fused-path widths */

static void fill_lanes(ta_test_rng *r, float a[4][LANES], float b[4][LANES], float theta[LANES], float k[LANES])
{
    for (int i = 0; i < LANES; ++i) {
        float qa[4], qb[4];
        make_pair(r, (pair_kind)(i % PAIR_KINDS), qa, qb);
        if (i % 11 == 10) memcpy(qb, qa, sizeof qb); /* an equal pair */
        ta__slerp_constants(qa, qb, &theta[i], &k[i]);
        for (int c = 0; c < 4; ++c) {
            a[c][i] = qa[c];
            b[c][i] = qb[c];
        }
    }
}

/* The general path's batch and each instruction set's kernel give the lane's
 * numbers bit for bit; the batch's lanes at t exactly 0 or 1, three.js's (the
 * fused path takes those before its kernels: test_mixer_fused). */
static void test_every_caller_same_as_the_lane(void **state)
{
    (void)state;
    ta_test_rng r = {99};
    int sets = 0;
    for (int round = 0; round < 50; ++round) {
        float a[4][LANES], b[4][LANES], c[2][LANES], want[4][LANES];
        fill_lanes(&r, a, b, c[0], c[1]);
        const float t = round == 0 ? 0.0f : (round == 1 ? 1.0f : (float)ta_test_uniform(&r));
        for (int i = 0; i < LANES; ++i)
            ta__slerp_key_lane(a[0][i], a[1][i], a[2][i], a[3][i], b[0][i], b[1][i], b[2][i], b[3][i], c[0][i], c[1][i],
                               t, &want[0][i], &want[1][i], &want[2][i], &want[3][i]);
        for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
            const ta__fused_kernels *kern = ta__fused_kernels_for((ta__simd)s);
            if (kern == NULL) continue;
            float got[4][LANES];
            kern->rot_keys(&got[0][0], &a[0][0], &b[0][0], &c[0][0], LANES, t);
            if (memcmp(got, want, sizeof got) != 0) fail_msg("%s: not the lane's numbers", ta__simd_name((ta__simd)s));
            sets += round == 0;
        }
        /* the batch: a turn per lane, and fewer lanes than it holds */
        ta__quat_batch q;
        const uint32_t n = TA__QUAT_BATCH - 3;
        for (uint32_t i = 0; i < n; ++i) {
            q.ax[i] = a[0][i], q.ay[i] = a[1][i], q.az[i] = a[2][i], q.aw[i] = a[3][i];
            q.bx[i] = b[0][i], q.by[i] = b[1][i], q.bz[i] = b[2][i], q.bw[i] = b[3][i];
            q.theta[i] = c[0][i];
            q.k[i] = c[1][i];
            q.t[i] = i % 7 == 0 ? 0.0f : (i % 7 == 1 ? 1.0f : (float)ta_test_uniform(&r)); /* some lanes at an end */
        }
        float lanes[TA__QUAT_BATCH][4];
        for (uint32_t i = 0; i < n; ++i) {
            if (i % 7 < 2) {
                const float qa[4] = {q.ax[i], q.ay[i], q.az[i], q.aw[i]}, qb[4] = {q.bx[i], q.by[i], q.bz[i], q.bw[i]};
                threejs_at_end(qa, qb, q.t[i], lanes[i]);
                continue;
            }
            ta__slerp_key_lane(q.ax[i], q.ay[i], q.az[i], q.aw[i], q.bx[i], q.by[i], q.bz[i], q.bw[i], q.theta[i],
                               q.k[i], q.t[i], &lanes[i][0], &lanes[i][1], &lanes[i][2], &lanes[i][3]);
        }
        ta__quat_batch_slerp_keys(&q, n);
        for (uint32_t i = 0; i < n; ++i) {
            const float got[4] = {q.ax[i], q.ay[i], q.az[i], q.aw[i]};
            assert_memory_equal(got, lanes[i], sizeof got);
        }
    }
    assert_true(sets >= 1);
}

/* The window's constants, all lanes at once (rot_constants, every instruction set here): a lane
 * is ta__slerp_constants_fast's numbers bit for bit, in every branch, with either sign, on
 * LANES lanes and on fewer than a vector holds. */
static void test_lane_constants_are_the_fast_ones(void **state)
{
    (void)state;
    ta_test_rng r = {7};
    int sets = 0;
    long kinds[4] = {0}; /* equal, near, far, turned over */
    for (int round = 0; round < 200; ++round) {
        float a[4][LANES], b[4][LANES], want[2][LANES];
        for (int i = 0; i < LANES; ++i) {
            float qa[4], qb[4];
            make_pair(&r, (pair_kind)((i + round) % PAIR_KINDS), qa, qb);
            if ((i + round) % 13 == 5) memcpy(qb, qa, sizeof qb); /* an equal pair */
            ta__slerp_constants_fast(qa, qb, &want[0][i], &want[1][i]);
            kinds[want[0][i] == 0 ? 0 : want[0][i] == TA__SLERP_NEAR_THETA ? 1 : 2]++;
            kinds[3] += want[1][i] < 0;
            float lt, lk;
            ta__slerp_constants_lane(qa[0], qa[1], qa[2], qa[3], qb[0], qb[1], qb[2], qb[3], &lt, &lk);
            if (memcmp(&lt, &want[0][i], sizeof lt) != 0 || memcmp(&lk, &want[1][i], sizeof lk) != 0)
                fail_msg("round %d lane %d: the lane gives %.9g %.9g, the fast constants %.9g %.9g", round, i, (double)lt,
                         (double)lk, (double)want[0][i], (double)want[1][i]);
            for (int c = 0; c < 4; ++c) {
                a[c][i] = qa[c];
                b[c][i] = qb[c];
            }
        }
        const uint32_t n = round % 2 == 0 ? LANES : LANES - 5 - (uint32_t)(round % 7); /* a tail too */
        for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
            const ta__fused_kernels *kern = ta__fused_kernels_for((ta__simd)s);
            if (kern == NULL) continue;
            /* planes LANES floats apart, the first n lanes taken */
            float pa[4 * LANES], pb[4 * LANES], got[2][LANES];
            for (int c = 0; c < 4; ++c) {
                memcpy(pa + c * LANES, a[c], sizeof(float) * LANES);
                memcpy(pb + c * LANES, b[c], sizeof(float) * LANES);
            }
            for (int screen = 0; screen < 2; ++screen) {
                memset(got, 0x7f, sizeof got);
                /* screened: a far pair in every round, so never all settled, made again */
                if (screen == 0 || !kern->rot_settle(got[0], got[1], pa, pb, LANES, n)) kern->rot_constants(got[0], got[1], pa, pb, LANES, n);
                else fail_msg("%s round %d: settled with far pairs", ta__simd_name((ta__simd)s), round);
                for (uint32_t i = 0; i < n; ++i)
                    if (memcmp(&got[0][i], &want[0][i], sizeof(float)) != 0 || memcmp(&got[1][i], &want[1][i], sizeof(float)) != 0)
                        fail_msg("%s round %d lane %u of %u: %.9g %.9g, the fast constants %.9g %.9g", ta__simd_name((ta__simd)s),
                                 round, i, n, (double)got[0][i], (double)got[1][i], (double)want[0][i], (double)want[1][i]);
                for (uint32_t i = n; i < LANES; ++i) /* nothing past n */
                    assert_true(got[0][i] == got[0][LANES - 1] && got[1][i] == got[1][LANES - 1]);
            }
            sets += round == 0;
        }
    }
    printf("# lane constants: %ld equal, %ld near, %ld far, %ld turned over; %d instruction sets\n", kinds[0], kinds[1],
           kinds[2], kinds[3], sets);
    assert_true(kinds[0] > 100 && kinds[1] > 100 && kinds[2] > 100 && kinds[3] > 100);
    assert_true(sets >= 1);
}

/* What rot_constants settles by a float dot (ta__slerp_constants_settled) is the fast constants'
 * numbers bit for bit: equal pairs and near ones, with either sign, keys of length 1 +- 1e-3 and
 * 0.5 to 1.5 too; nothing else is settled (a pair at 0.9995 +- 1e-6 either way, or below it, goes
 * to the double dot). Then every kernel, screening or not, on planes of near and equal pairs and,
 * every other round, one pair that is not, gives the fast constants, and says it settled them all
 * exactly when it screened planes of only those. */
static void test_settled_lanes_are_the_fast_ones(void **state)
{
    (void)state;
    ta_test_rng r = {11};
    enum { PAIRS = 20000 };
    long settled[PAIR_KINDS + 1] = {0};
    for (int kind = 0; kind <= PAIR_KINDS; ++kind) /* PAIR_KINDS: an equal pair */
        for (int i = 0; i < PAIRS; ++i) {
            float a[4], b[4], theta = -1, k = -1, want_theta, want_k;
            make_pair(&r, kind == PAIR_KINDS ? PAIR_RANDOM : (pair_kind)kind, a, b);
            if (kind == PAIR_KINDS) memcpy(b, a, sizeof b);
            ta__slerp_constants_fast(a, b, &want_theta, &want_k);
            if (!ta__slerp_constants_settled(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], &theta, &k)) continue;
            settled[kind]++;
            if (memcmp(&theta, &want_theta, sizeof theta) != 0 || memcmp(&k, &want_k, sizeof k) != 0)
                fail_msg("%s pair %d: settled as %.9g %.9g, the fast constants %.9g %.9g",
                         kind == PAIR_KINDS ? "equal" : kind_names[kind], i, (double)theta, (double)k, (double)want_theta,
                         (double)want_k);
        }
    for (int kind = 0; kind <= PAIR_KINDS; ++kind)
        printf("# settled by the float dot: %-12s %5ld of %d\n", kind == PAIR_KINDS ? "equal" : kind_names[kind], settled[kind], PAIRS);
    assert_int_equal(settled[PAIR_KINDS], PAIRS);
    assert_true(settled[PAIR_NEAR] > PAIRS * 99 / 100);
    assert_int_equal(settled[PAIR_MID] + settled[PAIR_FAR] + settled[PAIR_HALF_TURN], 0);
    /* the kernels: near and equal lanes, and in odd rounds one lane of a run that is not */
    int sets = 0;
    for (int round = 0; round < 100; ++round) {
        float pa[4 * LANES], pb[4 * LANES], want[2][LANES];
        for (int i = 0; i < LANES; ++i) {
            float qa[4], qb[4];
            const bool odd = round % 2 == 1 && i == (round / 2) % (LANES - 3); /* inside n */
            float t0, k0;
            do /* a near pair the screen settles (which ones it does is tested above) */
                make_pair(&r, odd ? PAIR_MID : PAIR_NEAR, qa, qb);
            while (!odd && !ta__slerp_constants_settled(qa[0], qa[1], qa[2], qa[3], qb[0], qb[1], qb[2], qb[3], &t0, &k0));
            if (!odd && (i + round) % 5 == 0) memcpy(qb, qa, sizeof qb);
            ta__slerp_constants_fast(qa, qb, &want[0][i], &want[1][i]);
            for (int c = 0; c < 4; ++c) {
                pa[c * LANES + i] = qa[c];
                pb[c * LANES + i] = qb[c];
            }
        }
        const uint32_t n = round % 3 == 2 ? LANES - 3 : LANES;
        for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
            const ta__fused_kernels *kern = ta__fused_kernels_for((ta__simd)s);
            if (kern == NULL) continue;
            float got[2][LANES];
            for (int screen = 0; screen < 2; ++screen) {
                memset(got, 0x7f, sizeof got);
                const bool all = screen == 1 && kern->rot_settle(got[0], got[1], pa, pb, LANES, n);
                if (!all) kern->rot_constants(got[0], got[1], pa, pb, LANES, n);
                /* settled only when screened, and then every lane is equal or near */
                if (all != (screen == 1 && round % 2 == 0))
                    fail_msg("%s round %d screen %d: settled %d", ta__simd_name((ta__simd)s), round, screen, all);
                for (uint32_t i = 0; i < n; ++i)
                    if (memcmp(&got[0][i], &want[0][i], sizeof(float)) != 0 || memcmp(&got[1][i], &want[1][i], sizeof(float)) != 0)
                        fail_msg("%s round %d screen %d lane %u of %u: %.9g %.9g, the fast constants %.9g %.9g",
                                 ta__simd_name((ta__simd)s), round, screen, i, n, (double)got[0][i], (double)got[1][i],
                                 (double)want[0][i], (double)want[1][i]);
            }
            sets += round == 0;
        }
    }
    assert_true(sets >= 1);
}

/* A clip's plan (the general path's) and its fused copy hold the same
 * constants for every interval of every rotation, and padding lanes an
 * equal pair's. */
static void test_plan_and_fused_copy_agree(void **state)
{
    (void)state;
    enum { BONES = 5, KEYS = 6 };
    ta_error err = {0};
    ta_test_rng r = {3};
    float times[KEYS], rot[BONES][KEYS * 4], pos[KEYS * 3] = {0};
    for (int k = 0; k < KEYS; ++k) times[k] = (float)k / 4;
    ta_track *tracks[BONES + 1];
    for (uint32_t bone = 0; bone < BONES; ++bone) {
        for (int k = 0; k < KEYS; ++k) {
            float qa[4], qb[4];
            make_pair(&r, (pair_kind)((bone + k) % PAIR_UNNORMAL), qa, qb); /* unit keys, as a track takes */
            memcpy(&rot[bone][k * 4], k == 3 ? &rot[bone][8] : qb, sizeof qb); /* keys 2 and 3 equal */
        }
        ta_track_desc d = {0};
        d.interpolation = TA_INTERPOLATION_LINEAR;
        TA_ASSERT_OK(ta_track_target_node(ta_node_at(bone), TA_TRACK_KIND_QUATERNION, &d.target, &err), &err);
        d.times = times;
        d.key_count = KEYS;
        d.values = rot[bone];
        d.value_count = KEYS * 4;
        TA_ASSERT_OK(ta_track_create(&d, NULL, &tracks[bone], &err), &err);
    }
    ta_track_desc d = {0};
    d.interpolation = TA_INTERPOLATION_LINEAR;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_POSITION, &d.target, &err), &err);
    d.times = times;
    d.key_count = KEYS;
    d.values = pos;
    d.value_count = KEYS * 3;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &tracks[BONES], &err), &err);
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create("rig", tracks, BONES + 1, NULL, &clip, &err), &err);
    const ta__clip_plan *plan = ta__clip_plan_get(clip);
    const ta__clip_fused *f = clip->fused;
    assert_non_null(f);
    assert_int_equal(plan->slerp_count, BONES);
    assert_int_equal(f->group_count, 1);
    const ta__fused_group *g = &f->groups[0];
    for (uint32_t s = 0; s < plan->slerp_count; ++s) {
        const uint32_t track = plan->slerp[s];
        uint32_t lane_of = 0;
        while (f->rot_track[lane_of] != track) lane_of++;
        for (uint32_t i = 0; i + 1 < KEYS; ++i) {
            float theta, k;
            ta__slerp_constants(&rot[track][i * 4], &rot[track][i * 4 + 4], &theta, &k);
            const float *pc = plan->slerp_constants[s] + 2 * i;
            const float *fc = g->rot_const + (size_t)i * 2 * g->rot_lanes + lane_of;
            assert_true(pc[0] == theta && pc[1] == k);
            assert_true(fc[0] == theta && fc[g->rot_lanes] == k);
            if (i == 2) assert_true(theta == 0 && k == 0);
        }
    }
    for (uint32_t l = g->rot_count; l < g->rot_lanes; ++l)
        for (uint32_t i = 0; i + 1 < KEYS; ++i) {
            const float *fc = g->rot_const + (size_t)i * 2 * g->rot_lanes + l;
            assert_true(fc[0] == 0 && fc[g->rot_lanes] == 0);
        }
    ta_clip_release(clip);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within_tol_of_slerp_flat),
        cmocka_unit_test(test_fast_constants_within_tol_of_slerp_flat),
        cmocka_unit_test(test_lane_constants_are_the_fast_ones),
        cmocka_unit_test(test_settled_lanes_are_the_fast_ones),
        cmocka_unit_test(test_equal_keys_kept),
        cmocka_unit_test(test_near_is_lerp_and_normalize),
        cmocka_unit_test(test_branches_where_threejs_takes_them),
        cmocka_unit_test(test_every_caller_same_as_the_lane),
        cmocka_unit_test(test_plan_and_fused_copy_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
