/*
 * Sampling a track: the five interpolations, the endings, the ends of a
 * track, the sampler, and the refusals of the sampling calls.
 *
 * Expected numbers come from reasoning about the curves (a Hermite cubic with
 * known tangents, a slerp of a known angle, a Bezier with control points on a
 * line) or, where stated, from three.js 0.186.0 under Node (the script is in
 * the comment). tests/conformance/tracks compares thousands more.
 */
#include <math.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "animation/interpolant.h"
#include "animation/track_internal.h"
#include "threeanim/keyframe_track.h"

#define TA_TEST_PI 3.14159265358979323846

static ta_track *make(ta_track_kind kind, ta_interpolation interp, const float *times, uint32_t keys,
                      const float *values, const float *in, const float *out)
{
    ta_track_target target;
    ta_error err = {0};
    switch (ta_track_kind_family(kind)) {
    case TA_TARGET_FAMILY_NODE: target = ta_test_node_target(ta_node_at(0), kind); break;
    case TA_TARGET_FAMILY_MESH: TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &target, &err), &err); break;
    case TA_TARGET_FAMILY_LIGHT: TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), kind, &target, &err), &err); break;
    default: TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), kind, &target, &err), &err); break;
    }
    const uint32_t count = keys * ta_track_kind_value_size(kind);
    const uint32_t tangents = in != NULL ? count * (interp == TA_INTERPOLATION_BEZIER ? 2 : 1) : 0;
    return ta_test_track_tangents(NULL, target, interp, times, keys, values, count, in, out, tangents);
}

static float sample1(const ta_track *t, double at, ta_ending start, ta_ending end)
{
    float v[4] = {0};
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample(t, at, start, end, v, 4, &err), &err);
    return v[0];
}

static float at1(const ta_track *t, double at)
{
    return sample1(t, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE);
}

/* ---- LINEAR and STEP ------------------------------------------------------------- */

static void test_linear_runs_evenly_and_holds_the_ends(void **state)
{
    (void)state;
    const float times[] = {0, 2};
    const float values[] = {0, 0, 0, 4, -2, 1};
    ta_track *t = make(TA_TRACK_KIND_POSITION, TA_INTERPOLATION_LINEAR, times, 2, values, NULL, NULL);
    ta_error err = {0};
    ta_vec3 v;
    TA_ASSERT_OK(ta_track_sample_vector3(t, 1.0, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    TA_ASSERT_NEAR(v.x, 2, 1e-7);
    TA_ASSERT_NEAR(v.y, -1, 1e-7);
    TA_ASSERT_NEAR(v.z, 0.5, 1e-7);
    TA_ASSERT_OK(ta_track_sample_vector3(t, 0.5, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    TA_ASSERT_NEAR(v.x, 1, 1e-7);
    /* before the first key the first key's value, at and after the last the last's */
    TA_ASSERT_OK(ta_track_sample_vector3(t, -3.0, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    assert_true(v.x == 0 && v.y == 0 && v.z == 0);
    TA_ASSERT_OK(ta_track_sample_vector3(t, 2.0, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    assert_true(v.x == 4 && v.y == -2 && v.z == 1);
    TA_ASSERT_OK(ta_track_sample_vector3(t, INFINITY, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err),
                 &err);
    assert_true(v.x == 4);
    TA_ASSERT_OK(ta_track_sample_vector3(t, -INFINITY, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err),
                 &err);
    assert_true(v.x == 0);
    ta_track_destroy(t);
}

static void test_linear_follows_uneven_times(void **state)
{
    (void)state;
    const float times[] = {0, 1, 3};
    const float values[] = {0, 10, 30.5f};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_LINEAR, times, 3, values, NULL, NULL);
    TA_ASSERT_NEAR(at1(t, 0.25), 2.5, 1e-7);
    TA_ASSERT_NEAR(at1(t, 1), 10, 0);
    TA_ASSERT_NEAR(at1(t, 2), 20.25, 1e-7);
    TA_ASSERT_NEAR(at1(t, 2.5), 25.375, 1e-7);
    ta_track_destroy(t);
}

static void test_a_track_of_one_key_holds_it(void **state)
{
    (void)state;
    const float times[] = {1.5f};
    const float values[] = {7};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_LINEAR, times, 1, values, NULL, NULL);
    assert_true(at1(t, 0) == 7 && at1(t, 1.5) == 7 && at1(t, 99) == 7);
    ta_track_destroy(t);
}

static void test_step_holds_the_key_before(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {5, 7, 9};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_STEP, times, 3, values, NULL, NULL);
    assert_true(at1(t, -1) == 5);
    assert_true(at1(t, 0) == 5);
    assert_true(at1(t, 0.999) == 5);
    assert_true(at1(t, 1) == 7);
    assert_true(at1(t, 1.5) == 7);
    assert_true(at1(t, 2) == 9);
    assert_true(at1(t, 10) == 9);
    ta_track_destroy(t);
}

/* ---- rotations -------------------------------------------------------------------- */

static void assert_quat(ta_quat q, double x, double y, double z, double w)
{
    /* up to sign */
    double s = (q.w * w + q.x * x + q.y * y + q.z * z) < 0 ? -1 : 1;
    TA_ASSERT_NEAR(s * q.x, x, 1e-6);
    TA_ASSERT_NEAR(s * q.y, y, 1e-6);
    TA_ASSERT_NEAR(s * q.z, z, 1e-6);
    TA_ASSERT_NEAR(s * q.w, w, 1e-6);
}

static void test_rotations_turn_by_slerp(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    float s45 = (float)sin(TA_TEST_PI / 4), c45 = (float)cos(TA_TEST_PI / 4);
    const float values[] = {0, 0, 0, 1, 0, 0, s45, c45};
    ta_track *t = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_LINEAR, times, 2, values, NULL, NULL);
    ta_error err = {0};
    ta_quat q;
    /* a quarter turn about z; half way is an eighth, and a quarter of the time a sixteenth */
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 0.5, &q, &err), &err);
    assert_quat(q, 0, 0, sin(TA_TEST_PI / 8), cos(TA_TEST_PI / 8));
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 0.25, &q, &err), &err);
    assert_quat(q, 0, 0, sin(TA_TEST_PI / 16), cos(TA_TEST_PI / 16));
    TA_ASSERT_NEAR(ta_quat_length(q), 1, 1e-6);
    ta_track_destroy(t);

    /* the other sign of the same rotation: the shorter arc, the same turn */
    const float flipped[] = {0, 0, 0, 1, 0, 0, -s45, -c45};
    t = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_LINEAR, times, 2, flipped, NULL, NULL);
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 0.5, &q, &err), &err);
    assert_quat(q, 0, 0, sin(TA_TEST_PI / 8), cos(TA_TEST_PI / 8));
    assert_true(q.w > 0);
    ta_track_destroy(t);
}

/* ---- SMOOTH and the endings -------------------------------------------------------- */

static void test_smooth_reproduces_a_line_with_natural_ends(void **state)
{
    (void)state;
    /* The slope at a key is the slope between its neighbours, so keys on a line
     * give the line, and ZERO_CURVATURE ends do not bend it. */
    const float times[] = {0, 1, 2, 3};
    const float values[] = {1, 3, 5, 7};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_ROUGHNESS, TA_INTERPOLATION_SMOOTH, times, 4, values, NULL, NULL);
    for (double at = 0; at <= 3; at += 0.125) TA_ASSERT_NEAR(at1(t, at), 1 + 2 * at, 1e-6);
    ta_track_destroy(t);
}

static void test_smooth_endings_shape_the_ends(void **state)
{
    (void)state;
    /* keys 0, 1, 2 at times 0, 1, 2. In [0, 1] the Hermite cubic has slope m1 =
     * (2 - 0) / 2 = 1 at t = 1. ZERO_SLOPE: m0 = 0, so f = h01 + h11 = -p^3 + 2p^2
     * = 0.375 at p = 0.5. */
    const float times[] = {0, 1, 2};
    const float line[] = {0, 1, 2};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_METALNESS, TA_INTERPOLATION_SMOOTH, times, 3, line, NULL, NULL);
    TA_ASSERT_NEAR(sample1(t, 0.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE), 0.375, 1e-6);
    TA_ASSERT_NEAR(sample1(t, 0.5, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE), 0.5, 1e-6);
    /* At the far end three.js's ZeroSlopeEnding is not the mirror image: it
     * stands the last key in for the key after it, one interval on, so the
     * slope at t = 2 is (2 - 1) / 2 = 0.5, not 0. In [1, 2], m0 = (2 - 0) / 2
     * = 1: f = 1/2 * 1 + 1/8 * 1 + 1/2 * 2 - 1/8 * 0.5 = 1.5625 (three.js
     * gives the same). */
    TA_ASSERT_NEAR(sample1(t, 1.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE), 1.5625, 1e-6);
    /* the start ending does not reach the last interval */
    TA_ASSERT_NEAR(sample1(t, 1.5, TA_ENDING_WRAP_AROUND, TA_ENDING_ZERO_SLOPE), 1.5625, 1e-6);
    ta_track_destroy(t);

    /* A loop 0, 1, 0: WRAP_AROUND takes the key before the start from the other
     * end (the value 1, one second before), so the slope at t = 0 is
     * (1 - 1) / 2 = 0; at t = 1 it is (0 - 0) / 2 = 0; f = h01 = 0.5 at p = 0.5. */
    const float loop[] = {0, 1, 0};
    t = make(TA_TRACK_KIND_MATERIAL_METALNESS, TA_INTERPOLATION_SMOOTH, times, 3, loop, NULL, NULL);
    TA_ASSERT_NEAR(sample1(t, 0.5, TA_ENDING_WRAP_AROUND, TA_ENDING_WRAP_AROUND), 0.5, 1e-6);
    TA_ASSERT_NEAR(sample1(t, 1.5, TA_ENDING_WRAP_AROUND, TA_ENDING_WRAP_AROUND), 0.5, 1e-6);
    ta_track_destroy(t);
}

/* A WRAP_AROUND whose step from the other end rounds to nothing beside the key's time (found by
 * fuzz_api: keys at 0.25, 0.265625 and 1e15 s): three.js's CubicInterpolant divides by zero and
 * gives NaN; the side whose neighbour sits on its key takes the natural spline's end, so that the
 * sample is the one ZERO_CURVATURE gives there (the differences list). Elsewhere the wrap is as
 * before. */
static void test_smooth_wrap_onto_its_own_key_is_the_natural_end(void **state)
{
    (void)state;
    const float times[] = {0.25f, 0.265625f, 1e15f};
    const float values[] = {-2, 1, 5};
    ta_track *t = make(TA_TRACK_KIND_LIGHT_INTENSITY, TA_INTERPOLATION_SMOOTH, times, 3, values, NULL, NULL);
    for (int k = 1; k <= 9; ++k) {
        const double at = 0.265625 + (1e15 - 0.265625) * k / 10.0;
        const float wrap = sample1(t, at, TA_ENDING_ZERO_SLOPE, TA_ENDING_WRAP_AROUND);
        const float natural = sample1(t, at, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_CURVATURE);
        assert_true(isfinite(wrap));
        assert_memory_equal(&wrap, &natural, sizeof wrap);
    }
    /* the start's wrap into the first interval: its step from the other end (the key before the
     * last less 1e15) is far from nothing, and the sample stays three.js's curve */
    const float a = sample1(t, 0.26, TA_ENDING_WRAP_AROUND, TA_ENDING_ZERO_CURVATURE);
    assert_true(isfinite(a));
    ta_track_destroy(t);
}

/* three.js 0.186.0 (node, three/build/three.core.js):
 *   const i = new CubicInterpolant(new Float32Array([0, 0.5, 2, 2.5]),
 *       new Float32Array([1, 3, -2, 0]), 1, new Float64Array(1));
 *   i.settings = {endingStart, endingEnd}; i.evaluate(t)[0]
 * and the same values at times 0, 1, 2, 3. */
static void test_smooth_matches_three_js_with_uneven_times(void **state)
{
    (void)state;
    const float uneven[] = {0, 0.5f, 2, 2.5f};
    const float even[] = {0, 1, 2, 3};
    const float values[] = {1, 3, -2, 0};
    ta_track *u = make(TA_TRACK_KIND_LIGHT_INTENSITY, TA_INTERPOLATION_SMOOTH, uneven, 4, values, NULL, NULL);
    TA_ASSERT_NEAR(sample1(u, 0.25, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE), 2.2291666666666665, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 2.2, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE), -1.4639999999999991, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 0.25, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE), 1.9791666666666667, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 2.2, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE), -1.3679999999999990, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 0.25, TA_ENDING_WRAP_AROUND, TA_ENDING_WRAP_AROUND), 2.2916666666666665, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 2.2, TA_ENDING_WRAP_AROUND, TA_ENDING_WRAP_AROUND), -1.5119999999999991, 1e-6);
    TA_ASSERT_NEAR(sample1(u, 2.2, TA_ENDING_ZERO_SLOPE, TA_ENDING_WRAP_AROUND), -1.5119999999999991, 1e-6);
    /* a quarter into the middle interval: uneven spacing changes the curve.
     * Evenly, the Hermite slopes are -1.5 at both ends: 2.078125 by hand too. */
    TA_ASSERT_NEAR(at1(u, 0.875), 2.2656250000000000, 1e-6);
    ta_track *e = make(TA_TRACK_KIND_LIGHT_INTENSITY, TA_INTERPOLATION_SMOOTH, even, 4, values, NULL, NULL);
    TA_ASSERT_NEAR(at1(e, 1.25), 2.0781250000000000, 1e-6);
    ta_track_destroy(u);
    ta_track_destroy(e);
}

/* A listed difference (docs/three-js-to-threeanim.md): the endings are read on every sample, not kept with
 * the interval (three.js keeps the first frame's weights, so a two-key REPEAT
 * clip never wraps). Two keys 0 -> 1 over a second; three.js gives 0.1328125
 * (ZERO_SLOPE), 0.203125 (WRAP_AROUND) and 0.25 (ZERO_CURVATURE) at 0.25 for a
 * fresh interpolant. */
static void test_smooth_reads_the_endings_every_sample(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {0, 1};
    ta_track *t = make(TA_TRACK_KIND_MORPH_INFLUENCE, TA_INTERPOLATION_SMOOTH, times, 2, values, NULL, NULL);
    ta_sampler s = {0};
    ta_error err = {0};
    float v;
    TA_ASSERT_OK(ta_track_sample_with(t, &s, 0.25, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &v, 1, &err), &err);
    TA_ASSERT_NEAR(v, 0.1328125, 1e-7);
    TA_ASSERT_OK(ta_track_sample_with(t, &s, 0.25, TA_ENDING_WRAP_AROUND, TA_ENDING_WRAP_AROUND, &v, 1, &err), &err);
    TA_ASSERT_NEAR(v, 0.203125, 1e-7);
    TA_ASSERT_OK(ta_track_sample_with(t, &s, 0.25, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, 1, &err),
                 &err);
    TA_ASSERT_NEAR(v, 0.25, 1e-7);
    ta_track_destroy(t);
}

static void test_endings_do_not_touch_other_interpolations(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 4, 1};
    ta_track *t = make(TA_TRACK_KIND_MORPH_INFLUENCE, TA_INTERPOLATION_LINEAR, times, 3, values, NULL, NULL);
    for (int s = 0; s < 3; ++s)
        for (int e = 0; e < 3; ++e) TA_ASSERT_NEAR(sample1(t, 0.5, (ta_ending)s, (ta_ending)e), 2, 1e-7);
    ta_track_destroy(t);
}

/* ---- CUBIC_SPLINE -------------------------------------------------------------------- */

static void test_cubic_spline_is_a_hermite_cubic(void **state)
{
    (void)state;
    /* A worked example: from 0 to 4 in x over two seconds, leaving at 2 per
     * second and arriving at -2 per second. At p = 0.5 the Hermite basis is
     * (1/2, 1/8, 1/2, -1/8) and the tangents are scaled by the 2 seconds:
     * 0 + 2*2/8 + 4/2 - (-2)*2/8 = 3. */
    const float times[] = {0, 2};
    const float in[] = {9, 9, 9, -2, 0, 0}; /* the first key's in-tangent has no effect */
    const float values[] = {0, 0, 0, 4, 0, 0};
    const float out[] = {2, 0, 0, 7, 7, 7}; /* nor the last key's out-tangent */
    ta_track *t = make(TA_TRACK_KIND_POSITION, TA_INTERPOLATION_CUBIC_SPLINE, times, 2, values, in, out);
    ta_vec3 v;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample_vector3(t, 1, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    TA_ASSERT_NEAR(v.x, 3, 1e-6);
    TA_ASSERT_NEAR(v.y, 0, 1e-6);
    /* at p = 0.25: h = (0.84375, 0.140625, 0.15625, -0.046875) */
    TA_ASSERT_OK(ta_track_sample_vector3(t, 0.5, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err),
                 &err);
    TA_ASSERT_NEAR(v.x, 0.140625 * 4 + 0.15625 * 4 + 0.046875 * 4, 1e-6);
    /* the ends are the values, not the tangents */
    TA_ASSERT_OK(ta_track_sample_vector3(t, -1, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    assert_true(v.x == 0 && v.y == 0);
    TA_ASSERT_OK(ta_track_sample_vector3(t, 5, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, &v, &err), &err);
    assert_true(v.x == 4 && v.y == 0);
    ta_track_destroy(t);
}

static void test_cubic_spline_rotation_is_normalized(void **state)
{
    (void)state;
    /* Zero tangents: half way each number is the mean of the keys, which
     * normalized is the half-way rotation. */
    const float times[] = {0, 1};
    float s45 = (float)sin(TA_TEST_PI / 4), c45 = (float)cos(TA_TEST_PI / 4);
    const float values[] = {0, 0, 0, 1, 0, 0, s45, c45};
    const float zero[8] = {0};
    ta_track *t = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_CUBIC_SPLINE, times, 2, values, zero, zero);
    ta_quat q;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 0.5, &q, &err), &err);
    assert_quat(q, 0, 0, sin(TA_TEST_PI / 8), cos(TA_TEST_PI / 8));
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 0.3, &q, &err), &err);
    TA_ASSERT_NEAR(ta_quat_length(q), 1, 1e-6);
    ta_track_destroy(t);
}

/* ---- BEZIER ----------------------------------------------------------------------------- */

static void test_bezier_with_points_on_a_line_is_the_line(void **state)
{
    (void)state;
    const float times[] = {0, 3};
    const float values[] = {0, 3};
    const float in[] = {-1, -1, 2, 2};
    const float out[] = {1, 1, 4, 4};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, times, 2, values, in, out);
    for (double at = 0; at < 3; at += 0.3) TA_ASSERT_NEAR(at1(t, at), at, 1e-6);
    ta_track_destroy(t);
}

/* The curve (x(s), y(s)) with x's control points 0, 0.5, 2.5, 3 and y's 0, 0,
 * 3, 3, read at x = at. s found here by bisection, then y(s). */
static double bezier_by_bisection(double at)
{
    double lo = 0, hi = 1;
    for (int i = 0; i < 200; ++i) {
        double s = (lo + hi) / 2, k = 1 - s;
        double x = 3 * k * k * s * 0.5 + 3 * k * s * s * 2.5 + s * s * s * 3;
        if (x < at) lo = s; else hi = s;
    }
    double s = (lo + hi) / 2, k = 1 - s;
    return 3 * k * s * s * 3 + s * s * s * 3;
}

static void test_bezier_finds_the_curve_parameter(void **state)
{
    (void)state;
    const float times[] = {0, 3};
    const float values[] = {0, 3};
    const float in[] = {-1, 0, 2.5f, 3};
    const float out[] = {0.5f, 0, 4, 3};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, times, 2, values, in, out);
    for (double at = 0.1; at < 3; at += 0.1) TA_ASSERT_NEAR(at1(t, at), bezier_by_bisection(at), 1e-6);
    /* three.js 0.186.0 BezierInterpolant with these points: */
    TA_ASSERT_NEAR(at1(t, 1), 0.90594639199212823, 1e-6);
    TA_ASSERT_NEAR(at1(t, 2.2), 2.3229170786024742, 1e-6);
    ta_track_destroy(t);
}

static void test_bezier_rotation_is_normalized(void **state)
{
    (void)state;
    /* control points a third of the way along each number: each number runs
     * on a line, so half way is the mean, normalized the half-way turn (three.js
     * would leave it short of unit length) */
    const float times[] = {0, 3};
    float s45 = (float)sin(TA_TEST_PI / 4), c45 = (float)cos(TA_TEST_PI / 4);
    const float values[] = {0, 0, 0, 1, 0, 0, s45, c45};
    float in[16], out[16];
    for (int i = 0; i < 4; ++i) {
        float a = values[i], b = values[4 + i];
        out[2 * i] = 1, out[2 * i + 1] = a + (b - a) / 3;
        in[8 + 2 * i] = 2, in[8 + 2 * i + 1] = a + 2 * (b - a) / 3;
        in[2 * i] = -1, in[2 * i + 1] = a;
        out[8 + 2 * i] = 4, out[8 + 2 * i + 1] = b;
    }
    ta_track *t = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_BEZIER, times, 2, values, in, out);
    ta_quat q;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample_quaternion(t, 1.5, &q, &err), &err);
    assert_quat(q, 0, 0, sin(TA_TEST_PI / 8), cos(TA_TEST_PI / 8));
    TA_ASSERT_NEAR(ta_quat_length(q), 1, 1e-7);
    ta_track_destroy(t);
}

/* ---- flags and strings ---------------------------------------------------------------------- */

static void test_strings_step_with_the_keys(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const char *names[] = {"idle", "busy", "idle"};
    ta_track_desc d = {0};
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_NODE_NAME, &d.target, &err), &err);
    d.times = times;
    d.key_count = 3;
    d.strings = names;
    ta_track *t = NULL;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    const char *s = NULL;
    TA_ASSERT_OK(ta_track_sample_string(t, -1, &s, &err), &err);
    assert_string_equal(s, "idle");
    TA_ASSERT_OK(ta_track_sample_string(t, 1.5, &s, &err), &err);
    assert_string_equal(s, "busy");
    TA_ASSERT_OK(ta_track_sample_string(t, 2, &s, &err), &err);
    assert_string_equal(s, "idle");
    const char *keys[2];
    TA_ASSERT_REFUSED(ta_track_key_strings(t, keys, 2, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_count: 2 is less than the key count 3");
    ta_track_destroy(t);
}

static void test_flags_step(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float flags[] = {1, 0, 1};
    ta_track *t = make(TA_TRACK_KIND_VISIBLE, TA_INTERPOLATION_DEFAULT, times, 3, flags, NULL, NULL);
    assert_true(at1(t, 0.99) == 1);
    assert_true(at1(t, 1.01) == 0);
    assert_true(at1(t, 2) == 1);
    ta_track_destroy(t);
}

/* ---- the seek and the sampler ---------------------------------------------------------------- */

static void test_seek_finds_three_js_intervals(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t cursor = 0;
    assert_int_equal(ta__seek(times, 10, &cursor, -0.5), 0); /* before the first key */
    assert_int_equal(cursor, 0);
    assert_int_equal(ta__seek(times, 10, &cursor, 0), 1); /* on key 0: its interval */
    assert_int_equal(ta__seek(times, 10, &cursor, 0.5), 1);
    assert_int_equal(ta__seek(times, 10, &cursor, 4), 5);
    assert_int_equal(cursor, 5);
    assert_int_equal(ta__seek(times, 10, &cursor, 8.999), 9);
    assert_int_equal(ta__seek(times, 10, &cursor, 9), 10); /* on the last key: after the end */
    assert_int_equal(ta__seek(times, 10, &cursor, 1e9), 10);
    assert_int_equal(ta__seek(times, 10, &cursor, 2.5), 3); /* backward, far */
    assert_int_equal(ta__seek(times, 10, &cursor, 1.5), 2); /* backward, one */
    cursor = 77;                                            /* any hint works */
    assert_int_equal(ta__seek(times, 10, &cursor, 6.5), 7);
    assert_int_equal(ta__seek(times, 1, &cursor, 6.5), 1);
    assert_int_equal(ta__seek(times, 1, &cursor, -1), 0);
    assert_int_equal(ta__seek(times, 1, &cursor, 0), 1);
}

/* From every hint, every time gives the same interval as a cold search. */
static void test_seek_does_not_depend_on_the_hint(void **state)
{
    (void)state;
    float times[40];
    for (int k = 0; k < 40; ++k) times[k] = (float)(k * k) * 0.01f;
    for (uint32_t hint = 0; hint <= 41; ++hint)
        for (double at = -1; at < 17; at += 0.037) {
            uint32_t cold = 0, warm = hint;
            uint32_t want = 0;
            while (want < 40 && times[want] <= at) ++want; /* keys at or before at */
            assert_int_equal(ta__seek(times, 40, &cold, at), want);
            assert_int_equal(ta__seek(times, 40, &warm, at), want);
            assert_int_equal(warm, want);
        }
}

static void test_a_sampler_gives_what_a_cold_sample_gives(void **state)
{
    (void)state;
    enum { KEYS = 64 };
    float times[KEYS], values[KEYS * 3];
    for (int k = 0; k < KEYS; ++k) {
        times[k] = (float)k * 0.25f + (float)(k % 3) * 0.05f;
        for (int i = 0; i < 3; ++i) values[k * 3 + i] = (float)((k * 7 + i * 3) % 11) - 5;
    }
    ta_interpolation modes[] = {TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_STEP, TA_INTERPOLATION_SMOOTH};
    for (int m = 0; m < 3; ++m) {
        ta_track *t = make(TA_TRACK_KIND_SCALE, modes[m], times, KEYS, values, NULL, NULL);
        ta_sampler forward = {0}, backward = {0}, jumping = {0};
        ta_error err = {0};
        for (int i = 0; i <= 400; ++i) {
            double at_f = -0.5 + i * 0.045, at_b = 17.5 - i * 0.045, at_j = (double)((i * 37) % 400) * 0.045 - 0.5;
            double ats[3] = {at_f, at_b, at_j};
            ta_sampler *samplers[3] = {&forward, &backward, &jumping};
            for (int s = 0; s < 3; ++s) {
                float cold[3], warm[3];
                TA_ASSERT_OK(ta_track_sample(t, ats[s], TA_ENDING_WRAP_AROUND, TA_ENDING_ZERO_SLOPE, cold, 3, &err), &err);
                TA_ASSERT_OK(ta_track_sample_with(t, samplers[s], ats[s], TA_ENDING_WRAP_AROUND, TA_ENDING_ZERO_SLOPE,
                                                  warm, 3, &err),
                             &err);
                assert_memory_equal(cold, warm, sizeof cold);
            }
        }
        ta_track_destroy(t);
    }
}

/* ---- what is refused ---------------------------------------------------------------------------- */

static ta_track *position_track(void)
{
    const float times[] = {0, 1};
    const float values[] = {0, 0, 0, 1, 1, 1};
    return make(TA_TRACK_KIND_POSITION, TA_INTERPOLATION_SMOOTH, times, 2, values, NULL, NULL);
}

static void test_refuses_a_nan_time(void **state)
{
    (void)state;
    ta_track *t = position_track();
    ta_error err = {0};
    float out[3] = {-7, -7, -7};
    ta_sampler s = {1};
    TA_ASSERT_REFUSED(ta_track_sample(t, NAN, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 3, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "at: time nan is not a number");
    TA_ASSERT_REFUSED(ta_track_sample_with(t, &s, NAN, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 3, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "at: time nan");
    assert_true(out[0] == -7 && out[1] == -7 && out[2] == -7);
    assert_int_equal(s.cursor, 1);
    ta_vec3 v = {-7, -7, -7};
    TA_ASSERT_REFUSED(ta_track_sample_vector3(t, NAN, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &v, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "at: time nan");
    assert_true(v.x == -7);
    ta_track_destroy(t);
}

static void test_refuses_an_ending_not_named(void **state)
{
    (void)state;
    ta_track *t = position_track();
    ta_error err = {0};
    float out[3] = {-7, -7, -7};
    TA_ASSERT_REFUSED(ta_track_sample(t, 0.5, TA_ENDING_COUNT, TA_ENDING_ZERO_SLOPE, out, 3, &err), &err,
                      TA_ERROR_UNKNOWN_ENUM, "start: ending 3 is not an ending");
    TA_ASSERT_REFUSED(ta_track_sample(t, 0.5, TA_ENDING_ZERO_SLOPE, (ta_ending)-1, out, 3, &err), &err,
                      TA_ERROR_UNKNOWN_ENUM, "end: ending -1 is not an ending");
    assert_true(out[0] == -7);
    ta_track_destroy(t);
}

static void test_refuses_reading_the_wrong_kind(void **state)
{
    (void)state;
    ta_track *pos = position_track();
    const float times[] = {0, 1};
    const float values[] = {0, 0, 0, 1, 0, 0, 0, 1};
    ta_track *rot = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_LINEAR, times, 2, values, NULL, NULL);
    ta_error err = {0};
    ta_quat q = {-7, -7, -7, -7};
    ta_vec3 v = {-7, -7, -7};
    const char *s = "unchanged";
    const char *keys[2] = {"unchanged", "unchanged"};
    TA_ASSERT_REFUSED(ta_track_sample_quaternion(pos, 0.5, &q, &err), &err, TA_ERROR_WRONG_KIND,
                      "track: a POSITION track holds no rotation");
    TA_ASSERT_REFUSED(ta_track_sample_vector3(rot, 0.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &v, &err), &err,
                      TA_ERROR_WRONG_KIND, "track: a QUATERNION track holds 4 numbers a key, not a vector of 3");
    TA_ASSERT_REFUSED(ta_track_sample_string(pos, 0.5, &s, &err), &err, TA_ERROR_WRONG_KIND,
                      "track: a POSITION track holds no strings");
    TA_ASSERT_REFUSED(ta_track_key_strings(rot, keys, 2, &err), &err, TA_ERROR_WRONG_KIND,
                      "track: a QUATERNION track holds no strings");
    float out[4] = {-7, -7, -7, -7};
    TA_ASSERT_REFUSED(ta_track_sample(rot, 0.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 3, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "out_count: 3 is less than the value size 4 of a QUATERNION track");
    assert_true(q.x == -7 && v.x == -7 && out[0] == -7);
    assert_string_equal(s, "unchanged");
    assert_string_equal(keys[0], "unchanged");
    ta_track_destroy(pos);
    ta_track_destroy(rot);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_linear_runs_evenly_and_holds_the_ends),
        cmocka_unit_test(test_linear_follows_uneven_times),
        cmocka_unit_test(test_a_track_of_one_key_holds_it),
        cmocka_unit_test(test_step_holds_the_key_before),
        cmocka_unit_test(test_rotations_turn_by_slerp),
        cmocka_unit_test(test_smooth_reproduces_a_line_with_natural_ends),
        cmocka_unit_test(test_smooth_endings_shape_the_ends),
        cmocka_unit_test(test_smooth_matches_three_js_with_uneven_times),
        cmocka_unit_test(test_smooth_reads_the_endings_every_sample),
        cmocka_unit_test(test_endings_do_not_touch_other_interpolations),
        cmocka_unit_test(test_cubic_spline_is_a_hermite_cubic),
        cmocka_unit_test(test_cubic_spline_rotation_is_normalized),
        cmocka_unit_test(test_bezier_with_points_on_a_line_is_the_line),
        cmocka_unit_test(test_bezier_finds_the_curve_parameter),
        cmocka_unit_test(test_bezier_rotation_is_normalized),
        cmocka_unit_test(test_strings_step_with_the_keys),
        cmocka_unit_test(test_flags_step),
        cmocka_unit_test(test_seek_finds_three_js_intervals),
        cmocka_unit_test(test_smooth_wrap_onto_its_own_key_is_the_natural_end),
        cmocka_unit_test(test_seek_does_not_depend_on_the_hint),
        cmocka_unit_test(test_a_sampler_gives_what_a_cold_sample_gives),
        cmocka_unit_test(test_refuses_a_nan_time),
        cmocka_unit_test(test_refuses_an_ending_not_named),
        cmocka_unit_test(test_refuses_reading_the_wrong_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
