/*
 * Editing a track in place: shift, scale, trim, optimize, with the port's
 * changes for tangents and control points (docs/three-js-to-threeanim.md); and that a refused edit, or one
 * that runs out of memory, leaves the track byte for byte as it was.
 */
#include <math.h>
#include <stdlib.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "animation/track_internal.h"
#include "threeanim/keyframe_track.h"

static ta_track *make(ta_track_kind kind, ta_interpolation interp, const float *times, uint32_t keys,
                      const float *values, const float *in, const float *out, const ta_allocator *a)
{
    ta_track_target target;
    ta_error err = {0};
    if (ta_track_kind_family(kind) == TA_TARGET_FAMILY_NODE)
        target = ta_test_node_target(ta_node_at(0), kind);
    else
        TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), kind, &target, &err), &err);
    const uint32_t count = keys * ta_track_kind_value_size(kind);
    const uint32_t tangents = in != NULL ? count * (interp == TA_INTERPOLATION_BEZIER ? 2 : 1) : 0;
    return ta_test_track_tangents(a, target, interp, times, keys, values, count, in, out, tangents);
}

static void assert_floats(const float *got, const float *want, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i)
        if (got[i] != want[i]) {
            print_error("number %u is %.9g, want %.9g\n", i, (double)got[i], (double)want[i]);
            fail();
        }
}

static float at1(const ta_track *t, double at)
{
    float v[4];
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample(t, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, v, 4, &err), &err);
    return v[0];
}

/* A byte copy of everything a track holds, to see that nothing changed. */
typedef struct image {
    ta_track fields;
    float *times, *values, *in, *out;
    char **strings;
} image;

static float *dup(const float *p, uint32_t n)
{
    float *q = (float *)malloc(n * sizeof(float) + 1);
    if (n) memcpy(q, p, n * sizeof(float));
    return q;
}

static image take(const ta_track *t)
{
    image m;
    m.fields = *t;
    m.times = dup(t->times, t->key_count);
    m.values = dup(t->values, t->key_count * t->value_size);
    m.in = t->in_tangents ? dup(t->in_tangents, t->tangent_count) : NULL;
    m.out = t->out_tangents ? dup(t->out_tangents, t->tangent_count) : NULL;
    m.strings = (char **)calloc(t->string_count + 1, sizeof(char *));
    for (uint32_t i = 0; i < t->string_count; ++i) {
        size_t n = strlen(t->strings[i]) + 1;
        m.strings[i] = (char *)malloc(n);
        memcpy(m.strings[i], t->strings[i], n);
    }
    return m;
}

static void assert_unchanged(image *m, const ta_track *t)
{
    /* the same arrays, counts and allocator */
    const ta_track *f = &m->fields;
    assert_true(f->mem.a.alloc == t->mem.a.alloc && f->mem.a.free == t->mem.a.free && f->mem.a.user == t->mem.a.user);
    assert_true(ta_track_target_eq(f->target, t->target));
    assert_int_equal(f->interpolation, t->interpolation);
    assert_int_equal(f->value_type, t->value_type);
    assert_int_equal(f->key_count, t->key_count);
    assert_int_equal(f->value_size, t->value_size);
    assert_true(f->times == t->times && f->values == t->values);
    assert_true(f->in_tangents == t->in_tangents && f->out_tangents == t->out_tangents);
    assert_int_equal(f->tangent_count, t->tangent_count);
    assert_true(f->strings == t->strings);
    assert_int_equal(f->string_count, t->string_count);
    assert_memory_equal(m->times, t->times, t->key_count * sizeof(float));
    assert_memory_equal(m->values, t->values, t->key_count * t->value_size * sizeof(float));
    if (m->in != NULL) {
        assert_memory_equal(m->in, t->in_tangents, t->tangent_count * sizeof(float));
        assert_memory_equal(m->out, t->out_tangents, t->tangent_count * sizeof(float));
    }
    for (uint32_t i = 0; i < t->string_count; ++i) {
        assert_string_equal(m->strings[i], t->strings[i]);
        free(m->strings[i]);
    }
    free(m->strings);
    free(m->times);
    free(m->values);
    free(m->in);
    free(m->out);
}

/* ---- shift ------------------------------------------------------------------------- */

static void test_shift_moves_every_key_and_control_point(void **state)
{
    (void)state;
    const float times[] = {1, 2};
    const float values[] = {0, 1};
    const float in[] = {0.5f, 7, 1.75f, 8};
    const float out[] = {1.25f, 9, 2.5f, 10};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, times, 2, values, in, out, NULL);
    float before = at1(t, 1.6);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_shift(t, -1, &err), &err);
    const float moved_times[] = {0, 1};
    const float moved_in[] = {-0.5f, 7, 0.75f, 8};
    const float moved_out[] = {0.25f, 9, 1.5f, 10};
    assert_floats(ta_track_times(t), moved_times, 2);
    assert_floats(ta_track_values(t), values, 2);
    assert_floats(ta_track_in_tangents(t), moved_in, 4);
    assert_floats(ta_track_out_tangents(t), moved_out, 4);
    /* the curve moved with its keys */
    TA_ASSERT_NEAR(at1(t, 0.6), before, 1e-6);
    TA_ASSERT_OK(ta_track_shift(t, 0, &err), &err);
    assert_floats(ta_track_times(t), moved_times, 2);
    ta_track_destroy(t);
}

static void test_shift_leaves_cubic_spline_tangents(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {0, 1};
    const float in[] = {3, 4};
    const float out[] = {5, 6};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 2, values, in, out, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_shift(t, 0.5, &err), &err);
    const float moved[] = {0.5f, 1.5f};
    assert_floats(ta_track_times(t), moved, 2);
    assert_floats(ta_track_in_tangents(t), in, 2);
    assert_floats(ta_track_out_tangents(t), out, 2);
    ta_track_destroy(t);
}

/* Row "A shift that moves a key before zero". */
static void test_refuses_a_shift_before_zero(void **state)
{
    (void)state;
    const float times[] = {1, 2, 3};
    const float values[] = {0, 1, 2};
    const float in[] = {0.5f, 0, 1.5f, 1, 2.5f, 2};
    const float out[] = {1.5f, 0, 2.5f, 1, 3.5f, 2};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, times, 3, values, in, out, NULL);
    image m = take(t);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_shift(t, -1.5, &err), &err, TA_ERROR_BAD_TIMES,
                      "offset: -1.5 moves key 0 from time 1 to -0.5, before zero");
    TA_ASSERT_REFUSED(ta_track_shift(t, -1.0000001, &err), &err, TA_ERROR_BAD_TIMES, "before zero");
    TA_ASSERT_REFUSED(ta_track_shift(t, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "offset: nan is not a finite number");
    TA_ASSERT_REFUSED(ta_track_shift(t, INFINITY, &err), &err, TA_ERROR_NOT_A_NUMBER, "offset: inf");
    TA_ASSERT_REFUSED(ta_track_shift(NULL, 1, &err), &err, TA_ERROR_INVALID_ARGUMENT, "track");
    assert_unchanged(&m, t);
    ta_track_destroy(t);
}

/* A shift that would round two keys to one float32 time is refused too: the
 * track would no longer be one that create builds. */
static void test_refuses_a_shift_that_merges_keys(void **state)
{
    (void)state;
    const float times[] = {0, 1e-6f, 1};
    const float values[] = {0, 1, 2};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_LINEAR, times, 3, values, NULL, NULL, NULL);
    image m = take(t);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_shift(t, 1000, &err), &err, TA_ERROR_BAD_TIMES,
                      "offset: 1000 moves key 1 (time 9.99999997e-07) to 1000, not after key 0 (time 0) at 1000");
    assert_unchanged(&m, t);
    ta_track_destroy(t);
}

/* ---- scale -------------------------------------------------------------------------- */

static void test_scale_stretches_times_control_times_and_tangents(void **state)
{
    (void)state;
    const float times[] = {0, 1, 3};
    const float values[] = {0, 2, 1};
    const float in[] = {1, 2, -4};
    const float out[] = {3, -1, 8};
    ta_track *spline = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 3, values, in, out, NULL);
    float before[3] = {at1(spline, 0.3), at1(spline, 1.7), at1(spline, 2.9)};
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_scale(spline, 2, &err), &err);
    const float twice[] = {0, 2, 6};
    const float in_half[] = {0.5f, 1, -2};
    const float out_half[] = {1.5f, -0.5f, 4};
    assert_floats(ta_track_times(spline), twice, 3);
    assert_floats(ta_track_values(spline), values, 3);
    assert_floats(ta_track_in_tangents(spline), in_half, 3);
    assert_floats(ta_track_out_tangents(spline), out_half, 3);
    /* a tangent is value per second: the curve is the same curve, slower */
    TA_ASSERT_NEAR(at1(spline, 0.6), before[0], 1e-6);
    TA_ASSERT_NEAR(at1(spline, 3.4), before[1], 1e-6);
    TA_ASSERT_NEAR(at1(spline, 5.8), before[2], 1e-6);
    ta_track_destroy(spline);

    const float bt[] = {0, 2};
    const float bv[] = {0, 1};
    const float bin[] = {-1, 5, 1.5f, 1};
    const float bout[] = {0.5f, 0, 3, 6};
    ta_track *bezier = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, bt, 2, bv, bin, bout, NULL);
    float b_before = at1(bezier, 0.7);
    TA_ASSERT_OK(ta_track_scale(bezier, 0.5, &err), &err);
    const float bt_half[] = {0, 1};
    const float bin_half[] = {-0.5f, 5, 0.75f, 1};
    const float bout_half[] = {0.25f, 0, 1.5f, 6};
    assert_floats(ta_track_times(bezier), bt_half, 2);
    assert_floats(ta_track_in_tangents(bezier), bin_half, 4);
    assert_floats(ta_track_out_tangents(bezier), bout_half, 4);
    TA_ASSERT_NEAR(at1(bezier, 0.35), b_before, 1e-6);
    TA_ASSERT_OK(ta_track_scale(bezier, 1, &err), &err);
    assert_floats(ta_track_times(bezier), bt_half, 2);
    ta_track_destroy(bezier);
}

/* Row "a scale that is not above zero". */
static void test_refuses_a_scale_not_above_zero(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 1, 2};
    const float tangents[] = {1, 1, 1};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 3, values, tangents, tangents, NULL);
    image m = take(t);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_scale(t, 0, &err), &err, TA_ERROR_OUT_OF_RANGE, "factor: 0 is not above zero");
    TA_ASSERT_REFUSED(ta_track_scale(t, -2, &err), &err, TA_ERROR_OUT_OF_RANGE, "factor: -2 is not above zero");
    TA_ASSERT_REFUSED(ta_track_scale(t, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "factor: nan is not a finite number");
    TA_ASSERT_REFUSED(ta_track_scale(t, INFINITY, &err), &err, TA_ERROR_NOT_A_NUMBER, "factor: inf");
    /* so small that keys 1 and 2 round to one time */
    TA_ASSERT_REFUSED(ta_track_scale(t, 1e-45, &err), &err, TA_ERROR_BAD_TIMES, "not after key 1");
    /* so small that a tangent divided by it is past a float */
    TA_ASSERT_REFUSED(ta_track_scale(t, 1e-39, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "makes the in-tangent of key 0 number 0 (1)");
    assert_unchanged(&m, t);
    ta_track_destroy(t);
}

/* ---- trim ----------------------------------------------------------------------------- */

static void test_trim_keeps_the_keys_in_range(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4};
    const float values[] = {10, 11, 12, 13, 14};
    struct {
        double start, end;
        uint32_t first, count;
    } cases[] = {
        {1, 3, 1, 3},     /* inclusive at both ends */
        {0.5, 3.5, 1, 3},
        {1.5, 2.5, 2, 1},
        {-5, 10, 0, 5},   /* nothing to remove */
        {5, 6, 4, 1},     /* past the end: the last key stays */
        {-2, -1, 0, 1},   /* before the start: the first key stays */
        {2.5, 1.5, 1, 1}, /* an end before the start: three.js keeps the key before */
        {-INFINITY, INFINITY, 0, 5},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_LINEAR, times, 5, values, NULL, NULL, NULL);
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_trim(t, cases[c].start, cases[c].end, &err), &err);
        assert_int_equal(ta_track_key_count(t), cases[c].count);
        assert_floats(ta_track_times(t), times + cases[c].first, cases[c].count);
        assert_floats(ta_track_values(t), values + cases[c].first, cases[c].count);
        assert_true(ta_track_is_valid(t));
        ta_track_destroy(t);
    }
}

static void test_trim_keeps_the_tangents_and_points_of_kept_keys(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 0, 1, 1, 2, 2}; /* MAP_OFFSET: two numbers a key */
    const float in[] = {1, 2, 3, 4, 5, 6};
    const float out[] = {-1, -2, -3, -4, -5, -6};
    ta_track *spline = make(TA_TRACK_KIND_MATERIAL_MAP_OFFSET, TA_INTERPOLATION_CUBIC_SPLINE, times, 3, values, in, out, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_trim(spline, 0.5, 2, &err), &err);
    assert_int_equal(ta_track_tangent_count(spline), 4);
    assert_floats(ta_track_in_tangents(spline), in + 2, 4);
    assert_floats(ta_track_out_tangents(spline), out + 2, 4);
    ta_track_destroy(spline);

    float pin[12], pout[12];
    for (int i = 0; i < 12; ++i) pin[i] = (float)i, pout[i] = (float)(100 + i);
    ta_track *bezier = make(TA_TRACK_KIND_MATERIAL_MAP_OFFSET, TA_INTERPOLATION_BEZIER, times, 3, values, pin, pout, NULL);
    TA_ASSERT_OK(ta_track_trim(bezier, 0, 1, &err), &err);
    assert_int_equal(ta_track_key_count(bezier), 2);
    assert_int_equal(ta_track_tangent_count(bezier), 8);
    assert_floats(ta_track_in_tangents(bezier), pin, 8);
    assert_floats(ta_track_out_tangents(bezier), pout, 8);
    ta_track_destroy(bezier);
}

static void test_trim_drops_strings_no_key_uses(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3};
    const char *names[] = {"a", "b", "c", "b"};
    ta_track_desc d = {0};
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_NODE_NAME, &d.target, &err), &err);
    d.times = times;
    d.key_count = 4;
    d.strings = names;
    ta_track *t = NULL;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    TA_ASSERT_OK(ta_track_trim(t, 2, 3, &err), &err);
    assert_int_equal(ta_track_string_count(t), 2);
    const char *keys[2];
    TA_ASSERT_OK(ta_track_key_strings(t, keys, 2, &err), &err);
    assert_string_equal(keys[0], "c");
    assert_string_equal(keys[1], "b");
    assert_string_equal(ta_track_string(t, 0), "c");
    assert_true(ta_track_is_valid(t));
    ta_track_destroy(t);
}

static void test_refuses_a_trim_that_is_not_a_number(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 1, 2};
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_LINEAR, times, 3, values, NULL, NULL, NULL);
    image m = take(t);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_trim(t, NAN, 1, &err), &err, TA_ERROR_NOT_A_NUMBER, "start: nan is not a number");
    TA_ASSERT_REFUSED(ta_track_trim(t, 0.5, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "end: nan is not a number");
    assert_unchanged(&m, t);
    ta_track_destroy(t);
}

/* ---- optimize -------------------------------------------------------------------------- */

static void test_optimize_removes_keys_equal_to_both_neighbours(void **state)
{
    (void)state;
    /* three.js's example: (0,0,0,0,1,1,1,0,0,0,0,0,0,0) --> (0,0,1,1,0,0) */
    float times[14];
    const float values[14] = {0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 14; ++k) times[k] = (float)k;
    ta_interpolation modes[] = {TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_STEP};
    for (int m = 0; m < 2; ++m) {
        ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, modes[m], times, 14, values, NULL, NULL, NULL);
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
        const float kept_times[] = {0, 3, 4, 6, 7, 13};
        const float kept_values[] = {0, 0, 1, 1, 0, 0};
        assert_int_equal(ta_track_key_count(t), 6);
        assert_floats(ta_track_times(t), kept_times, 6);
        assert_floats(ta_track_values(t), kept_values, 6);
        /* the curve is the same */
        for (double at = 0; at < 14; at += 0.25) {
            double want = at < 3 ? 0 : at < 4 ? (modes[m] == TA_INTERPOLATION_STEP ? 0 : at - 3) : at < 6 ? 1
                          : at < 7 ? (modes[m] == TA_INTERPOLATION_STEP ? 1 : 7 - at) : 0;
            TA_ASSERT_NEAR(at1(t, at), want, 1e-7);
        }
        ta_track_destroy(t);
    }
}

static void test_optimize_compares_every_number_of_a_key(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3};
    const float values[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0.6f, 0, 0.8f}; /* three equal rotations */
    ta_track *t = make(TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_LINEAR, times, 4, values, NULL, NULL, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
    assert_int_equal(ta_track_key_count(t), 3);
    const float kept[] = {0, 2, 3};
    assert_floats(ta_track_times(t), kept, 3);
    ta_track_destroy(t);

    const float vec[] = {1, 2, 3, 1, 2, 4, 1, 2, 3};
    t = make(TA_TRACK_KIND_POSITION, TA_INTERPOLATION_LINEAR, times, 3, vec, NULL, NULL, NULL);
    TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
    assert_int_equal(ta_track_key_count(t), 3);
    ta_track_destroy(t);
}

static void test_optimize_keeps_every_smooth_and_bezier_key(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3};
    const float values[] = {0, 0, 0, 1};
    ta_track *smooth = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_SMOOTH, times, 4, values, NULL, NULL, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_optimize(smooth, &err), &err);
    assert_int_equal(ta_track_key_count(smooth), 4);
    ta_track_destroy(smooth);
    float pts[8] = {0};
    ta_track *bezier = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_BEZIER, times, 4, values, pts, pts, NULL);
    TA_ASSERT_OK(ta_track_optimize(bezier, &err), &err);
    assert_int_equal(ta_track_key_count(bezier), 4);
    ta_track_destroy(bezier);
}

static void test_optimize_keeps_a_cubic_spline_key_its_tangents_bend(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4};
    const float values[] = {5, 5, 5, 5, 9};
    const float zero[5] = {0};
    ta_error err = {0};
    /* all tangents zero: keys 1 and 2 are flat and go */
    ta_track *t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 5, values, zero, zero, NULL);
    TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
    const float kept[] = {0, 3, 4};
    assert_int_equal(ta_track_key_count(t), 3);
    assert_floats(ta_track_times(t), kept, 3);
    assert_int_equal(ta_track_tangent_count(t), 3);
    ta_track_destroy(t);

    /* equal nonzero tangents bend the curve between equal values: every key stays */
    const float same[5] = {1, 1, 1, 1, 1};
    t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 5, values, same, same, NULL);
    TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
    assert_int_equal(ta_track_key_count(t), 5);
    ta_track_destroy(t);

    /* one nonzero tangent, the out-tangent of key 0: key 1 stays (its
     * neighbour's tangent), key 2 goes */
    const float out0[5] = {2, 0, 0, 0, 0};
    t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 5, values, zero, out0, NULL);
    float before = at1(t, 0.5);
    TA_ASSERT_OK(ta_track_optimize(t, &err), &err);
    const float kept1[] = {0, 1, 3, 4};
    assert_int_equal(ta_track_key_count(t), 4);
    assert_floats(ta_track_times(t), kept1, 4);
    TA_ASSERT_NEAR(at1(t, 0.5), before, 1e-7);
    TA_ASSERT_NEAR(at1(t, 2), 5, 1e-7);
    ta_track_destroy(t);
}

/* ---- running out of memory ---------------------------------------------------------------- */

static void test_an_edit_that_runs_out_of_memory_changes_nothing(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4, 5};
    const char *names[] = {"a", "a", "a", "b", "c", "c"};
    const float values[] = {1, 1, 1, 2, 3, 3};
    const float tangents[6] = {0};
    for (int kind = 0; kind < 2; ++kind) {
        ta_test_counter counter = {0, 0, 0, 0, -1};
        ta_allocator a = ta_test_counting_allocator(&counter);
        ta_track *t = NULL;
        ta_error err = {0};
        if (kind == 0) {
            t = make(TA_TRACK_KIND_MATERIAL_OPACITY, TA_INTERPOLATION_CUBIC_SPLINE, times, 6, values, tangents, tangents, &a);
        } else {
            ta_track_desc d = {0};
            TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_NODE_NAME, &d.target, &err), &err);
            d.times = times;
            d.key_count = 6;
            d.strings = names;
            TA_ASSERT_OK(ta_track_create(&d, &a, &t, &err), &err);
        }
        for (int op = 0; op < 2; ++op) {
            /* how many allocations the edit needs, on a copy */
            ta_test_counter probe_counter = {0, 0, 0, 0, -1};
            ta_allocator pa = ta_test_counting_allocator(&probe_counter);
            ta_track *probe = NULL;
            TA_ASSERT_OK(ta_track_copy(t, &pa, &probe, &err), &err);
            size_t base = probe_counter.allocations;
            TA_ASSERT_OK(op == 0 ? ta_track_trim(probe, 2.5, 5, &err) : ta_track_optimize(probe, &err), &err);
            size_t needed = probe_counter.allocations - base;
            assert_true(needed >= 3);
            ta_track_destroy(probe);
            for (size_t fail = 0; fail < needed; ++fail) {
                image m = take(t);
                counter.fail_after = (long)(counter.allocations + fail);
                size_t live = counter.live_bytes;
                TA_ASSERT_REFUSED(op == 0 ? ta_track_trim(t, 2.5, 5, &err) : ta_track_optimize(t, &err), &err,
                                  TA_ERROR_OUT_OF_MEMORY, "out of memory");
                counter.fail_after = -1;
                assert_int_equal(counter.live_bytes, live);
                assert_unchanged(&m, t);
            }
        }
        ta_track_destroy(t);
        assert_int_equal(counter.live_bytes, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shift_moves_every_key_and_control_point),
        cmocka_unit_test(test_shift_leaves_cubic_spline_tangents),
        cmocka_unit_test(test_refuses_a_shift_before_zero),
        cmocka_unit_test(test_refuses_a_shift_that_merges_keys),
        cmocka_unit_test(test_scale_stretches_times_control_times_and_tangents),
        cmocka_unit_test(test_refuses_a_scale_not_above_zero),
        cmocka_unit_test(test_trim_keeps_the_keys_in_range),
        cmocka_unit_test(test_trim_keeps_the_tangents_and_points_of_kept_keys),
        cmocka_unit_test(test_trim_drops_strings_no_key_uses),
        cmocka_unit_test(test_refuses_a_trim_that_is_not_a_number),
        cmocka_unit_test(test_optimize_removes_keys_equal_to_both_neighbours),
        cmocka_unit_test(test_optimize_compares_every_number_of_a_key),
        cmocka_unit_test(test_optimize_keeps_every_smooth_and_bezier_key),
        cmocka_unit_test(test_optimize_keeps_a_cubic_spline_key_its_tangents_bend),
        cmocka_unit_test(test_an_edit_that_runs_out_of_memory_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
