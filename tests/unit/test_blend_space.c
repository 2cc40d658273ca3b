/* Blend spaces (blend_space.h): each point's weight at a parameter. The 2D
 * weights are compared with a reference written here from the definition, in
 * double and by other formulas: the barycentric weights of a triangle that
 * holds the parameter (by dot products), and outside, the nearest point over
 * every edge of the convex hull found by brute force. The triangulation the
 * space makes is checked on its own: it covers the hull, its triangles do not
 * fold, and no point lies inside a triangle's circumcircle (Delaunay). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

#define MAXP 16

typedef struct set {
    uint32_t n;
    double p[MAXP][2];
    float f[MAXP * 2];
} set;

static ta_blend_space *make(uint32_t dims, const float *pts, uint32_t n, const uint32_t *tris, uint32_t tcount)
{
    ta_blend_space_desc d = {dims, pts, n, tris, tcount};
    ta_blend_space *bs = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_blend_space_create(&d, NULL, &bs, &err), &err);
    return bs;
}

static void weights(const ta_blend_space *bs, float px, float py, float *w)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_blend_space_weights(bs, px, py, w, ta_blend_space_point_count(bs), &err), &err);
}

/* ---- worked by hand ------------------------------------------------------------------ */

static void test_1d_between_neighbours(void **state)
{
    (void)state;
    float pos[3] = {3.0f, 0.0f, 1.0f}; /* given out of order */
    ta_blend_space *bs = make(1, pos, 3, NULL, 0);
    float w[3];
    weights(bs, -1.0f, 0.0f, w); /* below the first: it alone */
    assert_true(w[0] == 0.0f && w[1] == 1.0f && w[2] == 0.0f);
    weights(bs, 0.25f, 0.0f, w);
    TA_ASSERT_NEAR(w[1], 0.75, 1e-7);
    TA_ASSERT_NEAR(w[2], 0.25, 1e-7);
    assert_true(w[0] == 0.0f);
    weights(bs, 2.5f, 99.0f, w); /* py is ignored */
    TA_ASSERT_NEAR(w[2], 0.25, 1e-7);
    TA_ASSERT_NEAR(w[0], 0.75, 1e-7);
    weights(bs, 1.0f, 0.0f, w); /* on a point: that point alone */
    assert_true(w[0] == 0.0f && w[1] == 0.0f && w[2] == 1.0f);
    weights(bs, 7.0f, 0.0f, w);
    assert_true(w[0] == 1.0f && w[1] == 0.0f && w[2] == 0.0f);
    weights(bs, INFINITY, 0.0f, w);
    assert_true(w[0] == 1.0f);
    weights(bs, -INFINITY, 0.0f, w);
    assert_true(w[1] == 1.0f);
    ta_blend_space_destroy(bs);
}

static void test_2d_one_triangle_by_hand(void **state)
{
    (void)state;
    float pts[6] = {0, 0, 2, 0, 0, 2};
    ta_blend_space *bs = make(2, pts, 3, NULL, 0);
    assert_int_equal(ta_blend_space_triangle_count(bs), 1);
    assert_null(ta_blend_space_triangle(bs, 1));
    float w[3];
    weights(bs, 0.5f, 0.5f, w); /* inside: 1 - x/2 - y/2, x/2, y/2 */
    TA_ASSERT_NEAR(w[0], 0.5, 1e-7);
    TA_ASSERT_NEAR(w[1], 0.25, 1e-7);
    TA_ASSERT_NEAR(w[2], 0.25, 1e-7);
    weights(bs, 1.0f, -5.0f, w); /* below the bottom edge: its middle */
    TA_ASSERT_NEAR(w[0], 0.5, 1e-7);
    TA_ASSERT_NEAR(w[1], 0.5, 1e-7);
    assert_true(w[2] == 0.0f);
    weights(bs, 3.0f, -1.0f, w); /* beyond the corner (2, 0): it alone */
    TA_ASSERT_NEAR(w[1], 1.0, 1e-7);
    weights(bs, 2.0f, 2.0f, w); /* beyond the long edge: its middle (1, 1) */
    TA_ASSERT_NEAR(w[1], 0.5, 1e-7);
    TA_ASSERT_NEAR(w[2], 0.5, 1e-7);
    assert_true(w[0] == 0.0f);
    weights(bs, 0.5f, 3.0f, w); /* above: the nearest point is (0, 2) alone */
    TA_ASSERT_NEAR(w[2], 1.0, 1e-7);
    ta_blend_space_destroy(bs);
}

/* ---- the reference ------------------------------------------------------------------- */

/* Barycentric weights of p in (a, b, c), by dot products (Ericson's form). */
static void reference_barycentric(const double *a, const double *b, const double *c, const double *p, double *l)
{
    double v0[2] = {b[0] - a[0], b[1] - a[1]}, v1[2] = {c[0] - a[0], c[1] - a[1]}, v2[2] = {p[0] - a[0], p[1] - a[1]};
    double d00 = v0[0] * v0[0] + v0[1] * v0[1], d01 = v0[0] * v1[0] + v0[1] * v1[1];
    double d11 = v1[0] * v1[0] + v1[1] * v1[1], d20 = v2[0] * v0[0] + v2[1] * v0[1];
    double d21 = v2[0] * v1[0] + v2[1] * v1[1];
    double den = d00 * d11 - d01 * d01;
    l[1] = (d11 * d20 - d01 * d21) / den;
    l[2] = (d00 * d21 - d01 * d20) / den;
    l[0] = 1.0 - l[1] - l[2];
}

static double cross(const double *o, const double *a, const double *b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/* The hull's edges by brute force: i -> j with every point on its left or on
 * it, and none on it between i and j. Returns their count. */
static uint32_t reference_hull(const set *s, uint32_t (*edges)[2])
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < s->n; ++i)
        for (uint32_t j = 0; j < s->n; ++j) {
            if (i == j) continue;
            bool hull = true;
            for (uint32_t k = 0; k < s->n && hull; ++k) {
                if (k == i || k == j) continue;
                double c = cross(s->p[i], s->p[j], s->p[k]);
                double along = (s->p[k][0] - s->p[i][0]) * (s->p[j][0] - s->p[i][0]) +
                               (s->p[k][1] - s->p[i][1]) * (s->p[j][1] - s->p[i][1]);
                double len2 = (s->p[j][0] - s->p[i][0]) * (s->p[j][0] - s->p[i][0]) +
                              (s->p[j][1] - s->p[i][1]) * (s->p[j][1] - s->p[i][1]);
                if (c < 0.0 || (c == 0.0 && along > 0.0 && along < len2)) hull = false;
            }
            if (hull) edges[m][0] = i, edges[m][1] = j, ++m;
        }
    return m;
}

static void reference_weights(const set *s, const ta_blend_space *bs, const uint32_t (*hull)[2], uint32_t hull_count,
                              const double *p, double *w)
{
    for (uint32_t i = 0; i < s->n; ++i) w[i] = 0.0;
    for (uint32_t t = 0; t < ta_blend_space_triangle_count(bs); ++t) {
        const uint32_t *c = ta_blend_space_triangle(bs, t);
        double l[3];
        reference_barycentric(s->p[c[0]], s->p[c[1]], s->p[c[2]], p, l);
        if (l[0] >= -1e-12 && l[1] >= -1e-12 && l[2] >= -1e-12) {
            for (uint32_t k = 0; k < 3; ++k) w[c[k]] = l[k];
            return;
        }
    }
    double best = INFINITY;
    for (uint32_t e = 0; e < hull_count; ++e) {
        const double *a = s->p[hull[e][0]], *b = s->p[hull[e][1]];
        double len2 = (b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]);
        double t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / len2;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        double q[2] = {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])};
        double d = hypot(p[0] - q[0], p[1] - q[1]);
        if (d < best) {
            best = d;
            for (uint32_t i = 0; i < s->n; ++i) w[i] = 0.0;
            w[hull[e][0]] = 1.0 - t;
            w[hull[e][1]] = t;
        }
    }
}

/* n random points in [-1, 1]^2, from the seed. */
static set random_set(uint32_t seed)
{
    ta_seeded_random rng = ta_seeded_random_make(seed);
    set s;
    s.n = 3 + ta_seeded_random_next_u32(&rng) % 10;
    for (uint32_t i = 0; i < s.n; ++i) {
        for (uint32_t k = 0; k < 2; ++k) {
            s.f[i * 2 + k] = (float)(ta_seeded_random_next(&rng) * 2.0 - 1.0);
            s.p[i][k] = s.f[i * 2 + k];
        }
    }
    return s;
}

static set grid_set(void) /* 3 x 3: every square's corners on one circle, and edges with a point inside */
{
    set s;
    s.n = 9;
    for (uint32_t i = 0; i < 9; ++i) {
        s.f[i * 2] = (float)(i % 3), s.f[i * 2 + 1] = (float)(i / 3);
        s.p[i][0] = s.f[i * 2], s.p[i][1] = s.f[i * 2 + 1];
    }
    return s;
}

/* The triangulation on its own: counter-clockwise and not flat, Euler's count
 * over the hull, areas adding up to the hull's, and no point inside a
 * triangle's circumcircle. */
static void check_triangulation(const set *s, const ta_blend_space *bs, const uint32_t (*hull)[2], uint32_t hull_count)
{
    uint32_t tc = ta_blend_space_triangle_count(bs);
    assert_int_equal(tc, 2 * s->n - 2 - hull_count);
    double area = 0.0, hull_area = 0.0;
    for (uint32_t e = 0; e < hull_count; ++e)
        hull_area += s->p[hull[e][0]][0] * s->p[hull[e][1]][1] - s->p[hull[e][1]][0] * s->p[hull[e][0]][1];
    hull_area *= 0.5;
    for (uint32_t t = 0; t < tc; ++t) {
        const uint32_t *c = ta_blend_space_triangle(bs, t);
        const double *a = s->p[c[0]], *b = s->p[c[1]], *d = s->p[c[2]];
        double twice = cross(a, b, d);
        assert_true(twice > 0.0);
        area += 0.5 * twice;
        /* The circumcentre, and every other point at least its radius away (to rounding). */
        double bx = b[0] - a[0], by = b[1] - a[1], cx = d[0] - a[0], cy = d[1] - a[1];
        double den = 2.0 * (bx * cy - by * cx);
        double ux = (cy * (bx * bx + by * by) - by * (cx * cx + cy * cy)) / den;
        double uy = (bx * (cx * cx + cy * cy) - cx * (bx * bx + by * by)) / den;
        double r = hypot(ux, uy);
        for (uint32_t k = 0; k < s->n; ++k) {
            if (k == c[0] || k == c[1] || k == c[2]) continue;
            double dk = hypot(s->p[k][0] - a[0] - ux, s->p[k][1] - a[1] - uy);
            if (dk < r * (1.0 - 1e-7)) {
                fprintf(stderr, "point %u inside the circumcircle of triangle %u (%u %u %u): %g < %g\n", k, t, c[0], c[1],
                        c[2], dk, r);
                fail();
            }
        }
    }
    TA_ASSERT_NEAR(area, hull_area, 1e-9);
}

/* Over a 200 x 200 grid of [-1.5, 1.5]^2 (the points lie in [-1, 1]^2): the
 * space's weights and the reference's within 1e-6, each >= 0, summing to 1. */
static void compare_on_grid(const set *s, const ta_blend_space *bs, const uint32_t (*hull)[2], uint32_t hull_count,
                            double lo, double hi)
{
    float w[MAXP];
    double ref[MAXP];
    double worst = 0.0;
    for (uint32_t gy = 0; gy < 200; ++gy)
        for (uint32_t gx = 0; gx < 200; ++gx) {
            float px = (float)(lo + (hi - lo) * gx / 199.0), py = (float)(lo + (hi - lo) * gy / 199.0);
            double p[2] = {px, py};
            weights(bs, px, py, w);
            reference_weights(s, bs, hull, hull_count, p, ref);
            double sum = 0.0;
            for (uint32_t i = 0; i < s->n; ++i) {
                assert_true(w[i] >= 0.0f);
                sum += w[i];
                worst = fmax(worst, fabs(w[i] - ref[i]));
            }
            TA_ASSERT_NEAR(sum, 1.0, 1e-6);
        }
    if (worst > 1e-6) {
        fprintf(stderr, "a weight %g from the reference's\n", worst);
        fail();
    }
}

static void test_2d_matches_the_reference_on_random_sets(void **state)
{
    (void)state;
    uint32_t hull[4 * MAXP][2];
    for (uint32_t seed = 1; seed <= 50; ++seed) {
        set s = random_set(seed);
        ta_blend_space *bs = make(2, s.f, s.n, NULL, 0);
        uint32_t hc = reference_hull(&s, hull);
        check_triangulation(&s, bs, hull, hc);
        compare_on_grid(&s, bs, hull, hc, -1.5, 1.5);
        ta_blend_space_destroy(bs);
    }
}

static void test_2d_grid_points_on_one_circle(void **state)
{
    (void)state;
    uint32_t hull[4 * MAXP][2];
    set s = grid_set();
    ta_blend_space *bs = make(2, s.f, s.n, NULL, 0);
    uint32_t hc = reference_hull(&s, hull);
    assert_int_equal(hc, 8);
    check_triangulation(&s, bs, hull, hc);
    compare_on_grid(&s, bs, hull, hc, -1.0, 3.0);
    ta_blend_space_destroy(bs);
}

static void test_2d_explicit_triangles_match_the_reference(void **state)
{
    (void)state;
    /* A square cut the other way from what a Delaunay of (0,0) (1,0) (1,1) (0,1) may pick, and a
     * triangle on its right: their union is convex. */
    set s = {5, {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0.5}}, {0, 0, 1, 0, 1, 1, 0, 1, 2, 0.5f}};
    uint32_t tris[9] = {0, 1, 3, 3, 1, 2, 1, 4, 2};
    ta_blend_space *bs = make(2, s.f, s.n, tris, 3);
    assert_int_equal(ta_blend_space_triangle_count(bs), 3);
    assert_memory_equal(ta_blend_space_triangle(bs, 1), tris + 3, sizeof(uint32_t) * 3);
    uint32_t hull[4 * MAXP][2];
    uint32_t hc = reference_hull(&s, hull);
    compare_on_grid(&s, bs, hull, hc, -1.0, 3.0);
    float w[5];
    weights(bs, 0.25f, 0.75f, w); /* on the edge x + y = 1 that (0, 1, 3) and (3, 1, 2) share */
    TA_ASSERT_NEAR(w[0], 0.0, 1e-7);
    TA_ASSERT_NEAR(w[1], 0.25, 1e-7);
    TA_ASSERT_NEAR(w[3], 0.75, 1e-7);
    ta_blend_space_destroy(bs);
}

/* The weights depend on the shape only: a set scaled by 1e-30 or 1e30 (its products far below and
 * above float's range) gives the weights of the set itself at the scaled parameter. */
static void test_2d_weights_do_not_depend_on_scale(void **state)
{
    (void)state;
    const double scales[] = {1e-30, 1e-20, 1e20, 1e30};
    for (uint32_t seed = 1; seed <= 10; ++seed) {
        set s = random_set(seed);
        ta_blend_space *bs = make(2, s.f, s.n, NULL, 0);
        for (uint32_t k = 0; k < sizeof scales / sizeof scales[0]; ++k) {
            float f[MAXP * 2];
            for (uint32_t i = 0; i < s.n * 2; ++i) f[i] = (float)(s.f[i] * scales[k]);
            ta_blend_space *big = make(2, f, s.n, NULL, 0);
            assert_int_equal(ta_blend_space_triangle_count(big), ta_blend_space_triangle_count(bs));
            for (uint32_t g = 0; g < 400; ++g) {
                double px = (g % 20) * 0.15 - 1.5, py = (g / 20) * 0.15 - 1.5;
                float w[MAXP], ws[MAXP];
                weights(bs, (float)px, (float)py, w);
                weights(big, (float)(px * scales[k]), (float)(py * scales[k]), ws);
                for (uint32_t i = 0; i < s.n; ++i) TA_ASSERT_NEAR(ws[i], w[i], 1e-5);
            }
            ta_blend_space_destroy(big);
        }
        ta_blend_space_destroy(bs);
    }
}

/* ---- continuity ---------------------------------------------------------------------- */

/* How fast a weight can change per unit of parameter: one over the least
 * height of a triangle (inside), one over the shortest hull edge (outside). */
static double steepness(const set *s, const ta_blend_space *bs, const uint32_t (*hull)[2], uint32_t hull_count)
{
    double g = 0.0;
    for (uint32_t t = 0; t < ta_blend_space_triangle_count(bs); ++t) {
        const uint32_t *c = ta_blend_space_triangle(bs, t);
        double twice = fabs(cross(s->p[c[0]], s->p[c[1]], s->p[c[2]]));
        for (uint32_t k = 0; k < 3; ++k) {
            const double *a = s->p[c[k]], *b = s->p[c[(k + 1) % 3]];
            g = fmax(g, hypot(b[0] - a[0], b[1] - a[1]) / twice);
        }
    }
    for (uint32_t e = 0; e < hull_count; ++e) {
        const double *a = s->p[hull[e][0]], *b = s->p[hull[e][1]];
        g = fmax(g, 1.0 / hypot(b[0] - a[0], b[1] - a[1]));
    }
    return g;
}

static void test_2d_weights_move_continuously(void **state)
{
    (void)state;
    uint32_t hull[4 * MAXP][2];
    uint32_t gentle = 0;
    for (uint32_t seed = 1; seed <= 50; ++seed) {
        set s = random_set(seed);
        ta_blend_space *bs = make(2, s.f, s.n, NULL, 0);
        uint32_t hc = reference_hull(&s, hull);
        double g = steepness(&s, bs, hull, hc);
        /* The literal bound, a jump of at most 1e-3 per step of 1e-4, holds where no weight is
         * steeper than 10 per unit; every set keeps to its own steepness. */
        double step = 1e-4, bound = fmax(step * g, 0.0) * (1.0 + 1e-6) + 1e-6;
        if (g <= 10.0) bound = 1e-3, ++gentle;
        ta_seeded_random rng = ta_seeded_random_make(1000 + seed);
        for (uint32_t path = 0; path < 4; ++path) {
            double p[2] = {ta_seeded_random_next(&rng) * 3.0 - 1.5, ta_seeded_random_next(&rng) * 3.0 - 1.5};
            double heading = ta_seeded_random_next(&rng) * 6.283185307179586;
            float prev[MAXP], w[MAXP];
            weights(bs, (float)p[0], (float)p[1], prev);
            for (uint32_t i = 0; i < 10000; ++i) {
                heading += (ta_seeded_random_next(&rng) - 0.5) * 0.2;
                p[0] += step * cos(heading), p[1] += step * sin(heading);
                weights(bs, (float)p[0], (float)p[1], w);
                for (uint32_t k = 0; k < s.n; ++k) {
                    assert_false(isnan(w[k]));
                    if (fabs(w[k] - prev[k]) > bound) {
                        fprintf(stderr, "seed %u path %u step %u point %u: %g -> %g (bound %g)\n", seed, path, i, k,
                                (double)prev[k], (double)w[k], bound);
                        fail();
                    }
                    prev[k] = w[k];
                }
            }
        }
        ta_blend_space_destroy(bs);
    }
    assert_true(gentle >= 10); /* the literal bound was tried on enough sets */
}

/* Through the middle of the grid, along and across its shared edges, and round its corners. */
static void test_2d_paths_along_shared_edges(void **state)
{
    (void)state;
    set s = grid_set();
    ta_blend_space *bs = make(2, s.f, s.n, NULL, 0);
    float prev[9], w[9];
    const double paths[4][4] = {{-0.5, 1, 2.5, 1}, {1, -0.5, 1, 2.5}, {-0.5, -0.5, 2.5, 2.5}, {2.5, -0.5, -0.5, 2.5}};
    for (uint32_t k = 0; k < 4; ++k) {
        weights(bs, (float)paths[k][0], (float)paths[k][1], prev);
        for (uint32_t i = 1; i <= 30000; ++i) {
            double t = i / 30000.0;
            weights(bs, (float)(paths[k][0] + t * (paths[k][2] - paths[k][0])),
                    (float)(paths[k][1] + t * (paths[k][3] - paths[k][1])), w);
            for (uint32_t j = 0; j < 9; ++j) {
                assert_true(fabs(w[j] - prev[j]) <= 1e-3);
                prev[j] = w[j];
            }
        }
    }
    ta_blend_space_destroy(bs);
}

/* ---- 1D on random sets ---------------------------------------------------------------- */

/* The 1D reference, from the definition by brute force in double: the nearest
 * point below and the nearest above the parameter, blended by distance; past
 * either end, that end alone. */
static void reference_1d(const double *pos, uint32_t n, double p, double *w)
{
    int32_t lo = -1, hi = -1;
    for (uint32_t i = 0; i < n; ++i) {
        w[i] = 0.0;
        if (pos[i] <= p && (lo < 0 || pos[i] > pos[lo])) lo = (int32_t)i;
        if (pos[i] >= p && (hi < 0 || pos[i] < pos[hi])) hi = (int32_t)i;
    }
    if (lo < 0) w[hi] = 1.0;
    else if (hi < 0) w[lo] = 1.0;
    else if (lo == hi) w[lo] = 1.0;
    else {
        double t = (p - pos[lo]) / (pos[hi] - pos[lo]);
        w[lo] = 1.0 - t;
        w[hi] = t;
    }
}

/* 50 random sets of 2 to 13 points in [-1, 1], in no order: over 20,000
 * parameters across [-1.5, 1.5] the weights are the reference's within 1e-6;
 * along random walks of steps of 1e-4 on sets whose neighbours are at least
 * 0.1 apart, no weight moves more than 1e-3 a step. */
static void test_1d_matches_the_reference_on_random_sets(void **state)
{
    (void)state;
    uint32_t walked = 0;
    for (uint32_t seed = 1; seed <= 50; ++seed) {
        ta_seeded_random rng = ta_seeded_random_make(500 + seed);
        uint32_t n = 2 + ta_seeded_random_next_u32(&rng) % 12;
        float f[MAXP];
        double pos[MAXP], ref[MAXP];
        for (uint32_t i = 0; i < n; ++i) {
            f[i] = (float)(ta_seeded_random_next(&rng) * 2.0 - 1.0);
            pos[i] = f[i];
        }
        double gap = 1e300;
        for (uint32_t i = 0; i < n; ++i)
            for (uint32_t j = i + 1; j < n; ++j) gap = fmin(gap, fabs(pos[i] - pos[j]));
        ta_blend_space *bs = make(1, f, n, NULL, 0);
        float w[MAXP], prev[MAXP];
        double worst = 0.0;
        for (uint32_t g = 0; g < 20000; ++g) {
            float p = (float)(-1.5 + 3.0 * g / 19999.0);
            weights(bs, p, 0.0f, w);
            reference_1d(pos, n, p, ref);
            double sum = 0.0;
            for (uint32_t i = 0; i < n; ++i) {
                assert_true(w[i] >= 0.0f);
                sum += w[i];
                worst = fmax(worst, fabs(w[i] - ref[i]));
            }
            TA_ASSERT_NEAR(sum, 1.0, 1e-6);
        }
        if (worst > 1e-6) {
            fprintf(stderr, "seed %u: a weight %g from the reference's\n", seed, worst);
            fail();
        }
        if (gap >= 0.1) {
            ++walked;
            double p = ta_seeded_random_next(&rng) * 3.0 - 1.5, dir = 1.0;
            weights(bs, (float)p, 0.0f, prev);
            for (uint32_t i = 0; i < 30000; ++i) {
                if (ta_seeded_random_next(&rng) < 0.001) dir = -dir;
                p += dir * 1e-4;
                weights(bs, (float)p, 0.0f, w);
                for (uint32_t k = 0; k < n; ++k) {
                    if (fabs(w[k] - prev[k]) > 1e-3) {
                        fprintf(stderr, "seed %u step %u point %u: %g -> %g\n", seed, i, k, (double)prev[k],
                                (double)w[k]);
                        fail();
                    }
                    prev[k] = w[k];
                }
            }
        }
        ta_blend_space_destroy(bs);
    }
    assert_true(walked >= 10);
}

/* ---- never NaN ----------------------------------------------------------------------- */

static void test_never_nan(void **state)
{
    (void)state;
    const float values[] = {0.0f,     -0.0f,    1e-30f,   -1e-30f,   FLT_TRUE_MIN, 1e30f,
                            -1e30f,   FLT_MAX,  -FLT_MAX, INFINITY,  -INFINITY,    0.5f};
    uint32_t nv = sizeof values / sizeof values[0];
    for (uint32_t seed = 1; seed <= 10; ++seed) {
        set s = random_set(seed);
        ta_blend_space *bs2 = make(2, s.f, s.n, NULL, 0);
        ta_blend_space *bs1 = make(1, s.f, s.n, NULL, 0);
        for (uint32_t i = 0; i < nv; ++i)
            for (uint32_t j = 0; j < nv; ++j) {
                float w[MAXP];
                for (uint32_t d = 0; d < 2; ++d) {
                    weights(d ? bs2 : bs1, values[i], values[j], w);
                    double sum = 0.0;
                    for (uint32_t k = 0; k < s.n; ++k) {
                        assert_true(isfinite(w[k]) && w[k] >= 0.0f);
                        sum += w[k];
                    }
                    TA_ASSERT_NEAR(sum, 1.0, 1e-6);
                }
            }
        ta_error err = {0};
        float w[MAXP] = {0};
        w[0] = 7.0f;
        TA_ASSERT_REFUSED(ta_blend_space_weights(bs2, 0.0f, NAN, w, s.n, &err), &err, TA_ERROR_NOT_A_NUMBER, "py");
        TA_ASSERT_REFUSED(ta_blend_space_weights(bs1, NAN, 0.0f, w, s.n, &err), &err, TA_ERROR_NOT_A_NUMBER, "px");
        assert_true(w[0] == 7.0f); /* not written */
        TA_ASSERT_OK(ta_blend_space_weights(bs1, 0.0f, NAN, w, s.n, &err), &err); /* 1D has no py */
        ta_blend_space_destroy(bs1);
        ta_blend_space_destroy(bs2);
    }
}

/* ---- refusals ------------------------------------------------------------------------ */

typedef struct refusal {
    uint32_t dims;
    float pts[12];
    uint32_t n;
    uint32_t tris[9];
    uint32_t tcount;
    ta_result code;
    const char *message;
} refusal;

static void test_refusals(void **state)
{
    (void)state;
    const refusal rows[] = {
        {3, {0, 1, 2}, 3, {0}, 0, TA_ERROR_OUT_OF_RANGE, "desc.dimensions: 3 is not 1 or 2"},
        {1, {0}, 1, {0}, 0, TA_ERROR_OUT_OF_RANGE, "desc.point_count: 1 points; a 1D blend space needs at least 2"},
        {2, {0, 0, 1, 1}, 2, {0}, 0, TA_ERROR_OUT_OF_RANGE, "a 2D blend space needs at least 3"},
        {1, {0, NAN, 2}, 3, {0}, 0, TA_ERROR_NOT_A_NUMBER, "desc.points[1]: coordinate 0 is nan"},
        {2, {0, 0, 1, INFINITY, 2, 2}, 3, {0}, 0, TA_ERROR_NOT_A_NUMBER, "desc.points[1]: coordinate 1 is inf"},
        {1, {0, 1, 0.5f, 1}, 4, {0}, 0, TA_ERROR_INVALID_ARGUMENT, "desc.points[3]: 1 is at the place of points[1]"},
        {2, {0, 0, 1, 2, 3, 0, 1, 2}, 4, {0}, 0, TA_ERROR_INVALID_ARGUMENT,
         "desc.points[3]: (1, 2) is at the place of points[1]"},
        {2, {0, 0, 2, 1, 4, 2, -2, -1}, 4, {0}, 0, TA_ERROR_INVALID_ARGUMENT,
         "all 4 points lie on one line, from points[3] (-2, -1) to points[2] (4, 2), and make no triangle; make a 1D"},
        {2, {0, 0, 1, 0, 0, 1}, 3, {0, 1, 3}, 1, TA_ERROR_OUT_OF_RANGE,
         "desc.triangles[0]: corner 2 is point 3, past the 3 points"},
        {2, {0, 0, 1, 0, 2, 0, 0, 1}, 4, {0, 1, 2}, 1, TA_ERROR_INVALID_ARGUMENT,
         "desc.triangles[0]: points 0, 1, 2 lie on one line and make no area"},
        {2, {0, 0, 1, 0, 0, 1}, 3, {0, 1, 2, 2, 1, 0}, 2, TA_ERROR_INVALID_ARGUMENT,
         "2 triangles over 3 points must overlap (at most 1 fit side by side)"},
        {2, {0, 0, 2, 0, 0, 2, 2, 2}, 4, {0, 1, 2, 0, 1, 3}, 2, TA_ERROR_INVALID_ARGUMENT,
         "desc.triangles[1]: overlaps triangles[0]"},
        {2, {0, 0, 2, 0, 1, 1, 1, 0, 1, -1}, 5, {0, 1, 2, 3, 4, 1}, 2, TA_ERROR_INVALID_ARGUMENT,
         "desc.triangles[0]: point 3, a corner of another triangle, lies inside its edge from point 0 to point 1"},
    };
    for (uint32_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
        const refusal *row = &rows[i];
        ta_test_counter counter = {0};
        counter.fail_after = -1;
        ta_allocator alloc = ta_test_counting_allocator(&counter);
        ta_blend_space_desc d = {row->dims, row->pts, row->n, row->tcount ? row->tris : NULL, row->tcount};
        ta_blend_space *sentinel = (ta_blend_space *)&counter, *bs = sentinel;
        ta_error err = {0};
        TA_ASSERT_REFUSED(ta_blend_space_create(&d, &alloc, &bs, &err), &err, row->code, row->message);
        assert_ptr_equal(bs, sentinel);
        assert_int_equal(counter.allocations, counter.frees);
        assert_int_equal(counter.live_bytes, 0);
    }
    ta_error err = {0};
    ta_blend_space *bs = NULL;
    ta_blend_space_desc d = {2, NULL, 3, NULL, 0};
    TA_ASSERT_REFUSED(ta_blend_space_create(NULL, NULL, &bs, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: NULL");
    TA_ASSERT_REFUSED(ta_blend_space_create(&d, NULL, &bs, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc.points: NULL");
    float pts[6] = {0, 0, 1, 0, 0, 1};
    d.points = pts;
    TA_ASSERT_REFUSED(ta_blend_space_create(&d, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out: NULL");
    d.triangle_count = 1;
    TA_ASSERT_REFUSED(ta_blend_space_create(&d, NULL, &bs, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.triangles: NULL with triangle_count 1");
    d.triangle_count = 0;
    d.point_count = TA_BLEND_SPACE_MAX_POINTS + 1;
    TA_ASSERT_REFUSED(ta_blend_space_create(&d, NULL, &bs, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "desc.point_count: 1025 points is past TA_BLEND_SPACE_MAX_POINTS (1024)");
    assert_null(bs);
    d.point_count = 3;
    bs = make(2, pts, 3, NULL, 0);
    float w[4] = {5, 5, 5, 5};
    TA_ASSERT_REFUSED(ta_blend_space_weights(bs, 0, 0, w, 4, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "count: 4, but the blend space has 3 points");
    TA_ASSERT_REFUSED(ta_blend_space_weights(bs, 0, 0, NULL, 3, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_weights: NULL");
    TA_ASSERT_REFUSED(ta_blend_space_weights(NULL, 0, 0, w, 3, &err), &err, TA_ERROR_INVALID_ARGUMENT, "bs: NULL");
    assert_true(w[0] == 5.0f && w[3] == 5.0f);
    ta_blend_space_destroy(bs);
    ta_blend_space_destroy(NULL);
}

/* Every allocation made while a space is made fails in turn: each is refused as out of memory and
 * leaves nothing behind. */
static void test_out_of_memory_leaves_nothing(void **state)
{
    (void)state;
    set s = random_set(7);
    for (long k = 0;; ++k) {
        ta_test_counter counter = {0};
        counter.fail_after = k;
        ta_allocator alloc = ta_test_counting_allocator(&counter);
        ta_blend_space_desc d = {2, s.f, s.n, NULL, 0};
        ta_blend_space *bs = NULL;
        ta_error err = {0};
        ta_result r = ta_blend_space_create(&d, &alloc, &bs, &err);
        if (r == TA_OK) {
            ta_blend_space_destroy(bs);
            assert_int_equal(counter.live_bytes, 0);
            assert_true(k > 3);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(bs);
        assert_int_equal(counter.live_bytes, 0);
    }
}

static void test_weights_allocate_nothing(void **state)
{
    (void)state;
    set s = random_set(3);
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    for (uint32_t dims = 1; dims <= 2; ++dims) {
        ta_blend_space_desc d = {dims, s.f, s.n, NULL, 0};
        ta_blend_space *bs = NULL;
        ta_error err = {0};
        TA_ASSERT_OK(ta_blend_space_create(&d, &alloc, &bs, &err), &err);
        size_t before = counter.allocations;
        float w[MAXP];
        for (int i = -300; i <= 300; ++i) TA_ASSERT_OK(ta_blend_space_weights(bs, i * 0.01f, i * -0.007f, w, s.n, &err), &err);
        ta_action *none[MAXP] = {0};
        TA_ASSERT_OK(ta_blend_space_apply(bs, 0.1f, 0.2f, none, s.n, &err), &err);
        assert_int_equal(counter.allocations, before);
        ta_blend_space_destroy(bs);
    }
    assert_int_equal(counter.live_bytes, 0);
}

/* ---- apply --------------------------------------------------------------------------- */

static void test_apply_sets_each_action_weight(void **state)
{
    (void)state;
    ta_node_id nodes[1] = {ta_node_at(0)};
    float kt[2] = {0, 1}, kv[6] = {0, 0, 0, 1, 0, 0};
    ta_action *actions[3];
    for (uint32_t i = 0; i < 3; ++i) {
        ta_track *t = ta_test_node_track(nodes[0], TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
        ta_clip *c = ta_test_clip("c", &t, 1, NULL);
        ta_error err = {0};
        TA_ASSERT_OK(ta_action_create(c, NULL, &actions[i], &err), &err);
        ta_clip_release(c);
    }
    float pos[3] = {0.0f, 1.4f, 4.0f};
    ta_blend_space *bs = make(1, pos, 3, NULL, 0);
    ta_error err = {0};
    TA_ASSERT_OK(ta_blend_space_apply(bs, 2.7f, 0.0f, actions, 3, &err), &err);
    assert_true(ta_action_weight(actions[0]) == 0.0f);
    TA_ASSERT_NEAR(ta_action_weight(actions[1]), 0.5, 1e-6);
    TA_ASSERT_NEAR(ta_action_weight(actions[2]), 0.5, 1e-6);
    /* a NULL entry is skipped; a refused call changes no weight */
    ta_action *some[3] = {actions[0], NULL, actions[2]};
    TA_ASSERT_OK(ta_blend_space_apply(bs, -1.0f, 0.0f, some, 3, &err), &err);
    assert_true(ta_action_weight(actions[0]) == 1.0f && ta_action_weight(actions[2]) == 0.0f);
    TA_ASSERT_NEAR(ta_action_weight(actions[1]), 0.5, 1e-6);
    TA_ASSERT_REFUSED(ta_blend_space_apply(bs, NAN, 0.0f, actions, 3, &err), &err, TA_ERROR_NOT_A_NUMBER, "px");
    TA_ASSERT_REFUSED(ta_blend_space_apply(bs, 1.0f, 0.0f, actions, 2, &err), &err, TA_ERROR_INVALID_ARGUMENT, "count: 2");
    TA_ASSERT_REFUSED(ta_blend_space_apply(bs, 1.0f, 0.0f, NULL, 3, &err), &err, TA_ERROR_INVALID_ARGUMENT, "actions: NULL");
    assert_true(ta_action_weight(actions[0]) == 1.0f && ta_action_weight(actions[2]) == 0.0f);
    ta_blend_space_destroy(bs);
    for (uint32_t i = 0; i < 3; ++i) ta_action_destroy(actions[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1d_between_neighbours),
        cmocka_unit_test(test_2d_one_triangle_by_hand),
        cmocka_unit_test(test_2d_matches_the_reference_on_random_sets),
        cmocka_unit_test(test_2d_grid_points_on_one_circle),
        cmocka_unit_test(test_2d_explicit_triangles_match_the_reference),
        cmocka_unit_test(test_2d_weights_do_not_depend_on_scale),
        cmocka_unit_test(test_2d_weights_move_continuously),
        cmocka_unit_test(test_2d_paths_along_shared_edges),
        cmocka_unit_test(test_1d_matches_the_reference_on_random_sets),
        cmocka_unit_test(test_never_nan),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_out_of_memory_leaves_nothing),
        cmocka_unit_test(test_weights_allocate_nothing),
        cmocka_unit_test(test_apply_sets_each_action_weight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
