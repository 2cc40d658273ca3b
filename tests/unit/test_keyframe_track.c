/*
 * Making, copying, reading and checking a track.
 *
 * The track rows of the table of refusals ("What is refused"), and where each is tested:
 *
 *   A kind or an interpolation that is not named ......... test_refuses_a_kind_not_named,
 *                                                          test_refuses_an_interpolation_not_named
 *   A track with no keys .................................. test_refuses_no_keys
 *   Times that are negative, or that do not rise .......... test_refuses_a_negative_time,
 *                                                          test_refuses_times_that_do_not_rise
 *   Values that do not divide into one per key ............ test_refuses_values_not_one_per_key
 *   A rotation key that is not of unit length ............. test_refuses_a_rotation_key_not_of_unit_length
 *   A QUATERNION track that is SMOOTH ..................... test_refuses_a_smooth_rotation
 *   A CUBIC_SPLINE track without tangents, or with
 *     tangents that are not one per value ................. test_refuses_cubic_spline_tangents_missing_or_miscounted
 *   An ending mode that is not named (at sample) .......... test_track_sampling.c:
 *                                                          test_refuses_an_ending_not_named
 *   Reading a rotation off a position track, or the
 *     other way round ..................................... test_track_sampling.c:
 *                                                          test_refuses_reading_the_wrong_kind
 *   A key that is not a number (times, values, tangents,
 *     and a sample time) .................................. test_refuses_a_key_that_is_not_a_number,
 *                                                          test_track_sampling.c: test_refuses_a_nan_time
 *   A target function given a kind of another thing ...... test_track_kinds.c:
 *                                                          test_a_kind_of_another_family_is_refused;
 *                                                          here test_refuses_a_target_no_constructor_makes
 *   A morph target below 0 or above 7 ..................... test_track_kinds.c:
 *                                                          test_a_morph_target_or_axis_out_of_range_is_refused;
 *                                                          here test_refuses_a_target_no_constructor_makes
 *   A flag or a string track that is not STEP, or a flag
 *     key that is not 0 or 1 .............................. test_refuses_a_flag_or_string_track_not_step,
 *                                                          test_refuses_a_flag_key_not_0_or_1
 *   A BEZIER track without control points, or with a
 *     number of them that is not two per value ............ test_refuses_bezier_points_missing_or_miscounted
 *   A shift that moves a key before zero, or a scale that
 *     is not above zero ................................... test_track_edit.c:
 *                                                          test_refuses_a_shift_before_zero,
 *                                                          test_refuses_a_scale_not_above_zero
 * and the header's extra ones: tangents on a track that takes none
 * (test_refuses_tangents_on_a_track_that_takes_none), a VISIBLE track that is
 * CUBIC_SPLINE (test_refuses_a_flag_or_string_track_not_step).
 *
 * Every refusal is checked for its code, its message (the field, the key and
 * the value), that *out_track is left alone and that nothing was allocated.
 */
#include <math.h>
#include <stdio.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "animation/track_internal.h"
#include "threeanim/keyframe_track.h"

static ta_track_target node(ta_track_kind kind)
{
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), kind, &t, &err), &err);
    return t;
}

static ta_track_target material(ta_track_kind kind)
{
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), kind, &t, &err), &err);
    return t;
}

static ta_track_desc position_desc(const float *times, uint32_t keys, const float *values, uint32_t value_count)
{
    return ta_test_desc(node(TA_TRACK_KIND_POSITION), TA_INTERPOLATION_DEFAULT, times, keys, values, value_count);
}

/* Refused with code and a message holding needle; nothing built, nothing allocated. */
static void assert_refused(const ta_track_desc *desc, ta_result code, const char *needle, const char *file, int line)
{
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_track *sentinel = (ta_track *)(uintptr_t)0x1234;
    ta_track *t = sentinel;
    ta_error err = {0};
    ta_result r = ta_track_create(desc, &a, &t, &err);
    if (r != code || err.code != code) {
        print_error("got %s (%s), want %s\n", ta_result_name(r), err.message, ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err.message, needle, file, line);
    if (t != sentinel || counter.allocations != 0) {
        print_error("a refused create built something (%zu allocations)\n", counter.allocations);
        _fail(file, line);
    }
}

#define ASSERT_REFUSED_CREATE(desc, code, needle) assert_refused((desc), (code), (needle), __FILE__, __LINE__)

/* ---- what is built ------------------------------------------------------------- */

static void test_create_copies_the_callers_arrays(void **state)
{
    (void)state;
    float times[] = {0, 2};
    float values[] = {0, 0, 0, 4, 0, 0};
    ta_track_desc d = position_desc(times, 2, values, 6);
    ta_track *t = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    times[1] = 9;
    values[3] = -1;
    assert_int_equal(ta_track_key_count(t), 2);
    assert_int_equal(ta_track_value_size(t), 3);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_LINEAR); /* the default */
    assert_true(ta_track_target_eq(ta_track_target_of(t), node(TA_TRACK_KIND_POSITION)));
    assert_true(ta_track_times(t) != times);
    assert_true(ta_track_times(t)[1] == 2.0f);
    assert_true(ta_track_values(t)[3] == 4.0f);
    assert_true(ta_track_duration(t).seconds == 2.0);
    assert_null(ta_track_in_tangents(t));
    assert_null(ta_track_out_tangents(t));
    assert_int_equal(ta_track_tangent_count(t), 0);
    assert_int_equal(ta_track_string_count(t), 0);
    assert_null(ta_track_string(t, 0));
    assert_true(ta_track_is_valid(t));
    ta_track_destroy(t);
}

static void test_flags_and_strings_default_to_step(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float flags[] = {1, 0, 1};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_VISIBLE);
    d.times = times;
    d.key_count = 3;
    d.values = flags;
    d.value_count = 3;
    ta_track *t = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_STEP);
    ta_track_destroy(t);

    d.target = material(TA_TRACK_KIND_MATERIAL_WIREFRAME);
    d.interpolation = TA_INTERPOLATION_STEP;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_STEP);
    ta_track_destroy(t);
}

static void test_strings_are_kept_once(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4};
    const char *names[] = {"idle", "busy", "idle", "", "busy"};
    ta_track *t = ta_test_string_track(node(TA_TRACK_KIND_NODE_NAME), times, 5, names);
    ta_error err = {0};
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_STEP);
    assert_int_equal(ta_track_string_count(t), 3);
    assert_string_equal(ta_track_string(t, 0), "idle");
    assert_string_equal(ta_track_string(t, 1), "busy");
    assert_string_equal(ta_track_string(t, 2), "");
    assert_null(ta_track_string(t, 3));
    const float *v = ta_track_values(t);
    assert_true(v[0] == 0 && v[1] == 1 && v[2] == 0 && v[3] == 2 && v[4] == 1);
    const char *keys[5];
    TA_ASSERT_OK(ta_track_key_strings(t, keys, 5, &err), &err);
    for (int k = 0; k < 5; ++k) assert_string_equal(keys[k], names[k]);
    assert_true(keys[0] == keys[2]); /* one string, kept once */
    assert_true(ta_track_is_valid(t));
    ta_track_destroy(t);
}

static void test_many_strings_are_kept_once(void **state)
{
    (void)state;
    enum { KEYS = 500 };
    float times[KEYS];
    char buf[KEYS][8];
    const char *names[KEYS];
    for (int k = 0; k < KEYS; ++k) {
        times[k] = (float)k;
        snprintf(buf[k], sizeof buf[k], "n%d", (k * 7) % 37);
        names[k] = buf[k];
    }
    ta_track *t = ta_test_string_track(node(TA_TRACK_KIND_NODE_NAME), times, KEYS, names);
    ta_error err = {0};
    assert_int_equal(ta_track_string_count(t), 37);
    const char *keys[KEYS];
    TA_ASSERT_OK(ta_track_key_strings(t, keys, KEYS, &err), &err);
    for (int k = 0; k < KEYS; ++k) assert_string_equal(keys[k], names[k]);
    ta_track_destroy(t);
}

static void test_tangents_are_copied(void **state)
{
    (void)state;
    const float times[] = {0, 2};
    const float values[] = {0, 1};
    const float in[] = {0, 0, 1.5f, 1};
    const float out[] = {0.5f, 0, 2, 1};
    ta_track *t = ta_test_track_tangents(NULL, material(TA_TRACK_KIND_MATERIAL_OPACITY), TA_INTERPOLATION_BEZIER,
                                         times, 2, values, 2, in, out, 4);
    assert_int_equal(ta_track_tangent_count(t), 4);
    assert_memory_equal(ta_track_in_tangents(t), in, sizeof in);
    assert_memory_equal(ta_track_out_tangents(t), out, sizeof out);
    assert_true(ta_track_in_tangents(t) != in);
    ta_track_destroy(t);
}

static void test_copy_is_deep_and_uses_its_own_allocator(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const char *names[] = {"a", "b", "a"};
    ta_track *t = ta_test_string_track(node(TA_TRACK_KIND_NODE_NAME), times, 3, names), *c = NULL;
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    TA_ASSERT_OK(ta_track_copy(t, &a, &c, &err), &err);
    assert_true(counter.allocations > 0);
    assert_int_equal(ta_track_string_count(c), 2);
    assert_true(ta_track_string(c, 0) != ta_track_string(t, 0));
    assert_string_equal(ta_track_string(c, 1), "b");
    assert_memory_equal(ta_track_values(c), ta_track_values(t), 3 * sizeof(float));
    ta_track_destroy(t);
    const char *keys[3];
    TA_ASSERT_OK(ta_track_key_strings(c, keys, 3, &err), &err);
    assert_string_equal(keys[2], "a");
    ta_track_destroy(c);
    assert_int_equal(counter.live_bytes, 0);
}

/* Every allocation of create and copy may fail: the call says so, returns
 * nothing, and leaks nothing. */
static void test_running_out_of_memory_leaves_nothing(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 1, 2};
    const float tangents[] = {1, 1, 1};
    const char *names[] = {"a", "b", "a"};
    ta_track_desc spline = {0};
    spline.target = material(TA_TRACK_KIND_MATERIAL_ROUGHNESS);
    spline.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    spline.times = times;
    spline.key_count = 3;
    spline.values = values;
    spline.value_count = 3;
    spline.in_tangents = spline.out_tangents = tangents;
    spline.tangent_count = 3;
    ta_track_desc text = {0};
    text.target = node(TA_TRACK_KIND_NODE_NAME);
    text.times = times;
    text.key_count = 3;
    text.strings = names;
    const ta_track_desc *descs[] = {&spline, &text};
    for (int i = 0; i < 2; ++i) {
        ta_test_counter counter = {0, 0, 0, 0, -1};
        ta_allocator a = ta_test_counting_allocator(&counter);
        ta_track *whole = NULL;
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_create(descs[i], &a, &whole, &err), &err);
        size_t needed = counter.allocations;
        for (long fail = 0; fail < (long)needed; ++fail) {
            ta_test_counter c = {0, 0, 0, 0, fail};
            ta_allocator fa = ta_test_counting_allocator(&c);
            ta_track *t = (ta_track *)(uintptr_t)0x1234;
            TA_ASSERT_REFUSED(ta_track_create(descs[i], &fa, &t, &err), &err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
            assert_true(t == (ta_track *)(uintptr_t)0x1234);
            assert_int_equal(c.live_bytes, 0);
        }
        ta_test_counter copy_counter = {0, 0, 0, 0, -1};
        ta_allocator ca = ta_test_counting_allocator(&copy_counter);
        ta_track *copy = NULL;
        TA_ASSERT_OK(ta_track_copy(whole, &ca, &copy, &err), &err);
        ta_track_destroy(copy);
        for (long fail = 0; fail < (long)copy_counter.allocations; ++fail) {
            ta_test_counter c = {0, 0, 0, 0, fail};
            ta_allocator fa = ta_test_counting_allocator(&c);
            ta_track *t = (ta_track *)(uintptr_t)0x1234;
            TA_ASSERT_REFUSED(ta_track_copy(whole, &fa, &t, &err), &err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
            assert_true(t == (ta_track *)(uintptr_t)0x1234);
            assert_int_equal(c.live_bytes, 0);
        }
        ta_track_destroy(whole);
        assert_int_equal(counter.live_bytes, 0);
    }
}

static void test_null_arguments_are_refused(void **state)
{
    (void)state;
    const float times[] = {0};
    const float values[] = {0, 0, 0};
    ta_track_desc d = position_desc(times, 1, values, 3);
    ta_track *t = NULL;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_create(NULL, NULL, &t, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc");
    TA_ASSERT_REFUSED(ta_track_create(&d, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_track");
    ta_allocator zeroed = {0};
    TA_ASSERT_OK(ta_track_create(&d, &zeroed, &t, &err), &err); /* a zeroed allocator is the C library's */
    ta_track_destroy(t);
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator only_alloc = ta_test_counting_allocator(&counter);
    only_alloc.free = NULL;
    t = NULL;
    TA_ASSERT_REFUSED(ta_track_create(&d, &only_alloc, &t, &err), &err, TA_ERROR_INVALID_ARGUMENT, "allocator");
    assert_null(t);
    assert_int_equal(counter.allocations, 0);
    TA_ASSERT_REFUSED(ta_track_copy(NULL, NULL, &t, &err), &err, TA_ERROR_INVALID_ARGUMENT, "track");
    TA_ASSERT_REFUSED(ta_track_check(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "track");
    assert_false(ta_track_is_valid(NULL));
    ta_track_destroy(NULL);
}

/* ---- what is refused ------------------------------------------------------------ */

static void test_refuses_a_kind_not_named(void **state)
{
    (void)state;
    const float times[] = {0};
    const float values[] = {0, 0, 0};
    ta_track_desc d = position_desc(times, 1, values, 3);
    d.target.kind = (ta_track_kind)77;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_UNKNOWN_ENUM, "target: kind 77 is not a track kind");
}

static void test_refuses_an_interpolation_not_named(void **state)
{
    (void)state;
    const float times[] = {0};
    const float values[] = {0, 0, 0};
    ta_track_desc d = position_desc(times, 1, values, 3);
    d.interpolation = TA_INTERPOLATION_COUNT;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_UNKNOWN_ENUM, "interpolation: 6 is not an interpolation");
    d.interpolation = (ta_interpolation)-1;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_UNKNOWN_ENUM, "interpolation: -1 is not an interpolation");
}

static void test_refuses_a_target_no_constructor_makes(void **state)
{
    (void)state;
    const float times[] = {0};
    const float values[] = {0};
    ta_track_desc d = {0};
    d.times = times;
    d.key_count = 1;
    d.values = values;
    d.value_count = 1;
    d.target.kind = TA_TRACK_KIND_LIGHT_INTENSITY;
    d.target.family = TA_TARGET_FAMILY_NODE;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_WRONG_KIND, "target: kind LIGHT_INTENSITY is not a kind of a node");
    d.target.kind = TA_TRACK_KIND_MORPH_INFLUENCE;
    d.target.family = TA_TARGET_FAMILY_MESH;
    d.target.element = UINT32_MAX;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_OUT_OF_RANGE,
                          "target: element 4294967295 of a MORPH_INFLUENCE target is -1 passed as unsigned");
    d.target.kind = TA_TRACK_KIND_CAMERA_FOV;
    d.target.family = TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA;
    d.target.element = 0;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_WRONG_KIND, "CAMERA_FOV is not a kind of a orthographic camera");
    d.target.family = (ta_target_family)42;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_UNKNOWN_ENUM, "family 42");
}

static void test_refuses_no_keys(void **state)
{
    (void)state;
    const float times[] = {0};
    ta_track_desc d = position_desc(times, 0, NULL, 0);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NO_KEYS, "times: a track needs at least one key, got key_count 0");
    d = position_desc(NULL, 2, NULL, 0);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NO_KEYS, "got no times");
}

static void test_refuses_a_negative_time(void **state)
{
    (void)state;
    const float times[] = {-0.5f, 1};
    const float values[] = {0, 0, 0, 1, 1, 1};
    ta_track_desc d = position_desc(times, 2, values, 6);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TIMES, "times: key 0 time -0.5 is negative");
}

static void test_refuses_times_that_do_not_rise(void **state)
{
    (void)state;
    const float equal[] = {0, 0.25f, 0.5f, 0.5f};
    const float values[12] = {0};
    ta_track_desc d = position_desc(equal, 4, values, 12);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TIMES, "times: key 3 time 0.5 is not after key 2 time 0.5");
    const float falling[] = {0, 2, 1, 3};
    d.times = falling;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TIMES, "times: key 2 time 1 is not after key 1 time 2");
}

static void test_refuses_values_not_one_per_key(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[10] = {0};
    ta_track_desc d = position_desc(times, 3, values, 8);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_VALUE_COUNT,
                          "values: 8 numbers are not one POSITION key of 3 numbers for each of 3 keys (want 9)");
    d.value_count = 10;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_VALUE_COUNT, "values: 10 numbers");
    d.values = NULL;
    d.value_count = 0;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_VALUE_COUNT, "values: 0 numbers");
    d.value_count = 9;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_INVALID_ARGUMENT, "values: is NULL with value_count 9");
    /* a string track takes strings, one per key, and no numbers */
    const char *names[] = {"a", "b", "c"};
    ta_track_desc s = {0};
    s.target = node(TA_TRACK_KIND_NODE_NAME);
    s.times = times;
    s.key_count = 3;
    ASSERT_REFUSED_CREATE(&s, TA_ERROR_BAD_VALUE_COUNT, "strings: a NODE_NAME track needs 3 strings, got none");
    s.strings = names;
    s.values = values;
    s.value_count = 3;
    ASSERT_REFUSED_CREATE(&s, TA_ERROR_WRONG_KIND, "values: a NODE_NAME track takes its keys as strings");
    const char *with_null[] = {"a", NULL, "c"};
    s.values = NULL;
    s.value_count = 0;
    s.strings = with_null;
    ASSERT_REFUSED_CREATE(&s, TA_ERROR_INVALID_ARGUMENT, "strings: key 1 string is NULL");
    d = position_desc(times, 3, values, 9);
    d.strings = names;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_WRONG_KIND, "strings: a POSITION track takes numbers, not strings");
}

static void test_refuses_a_rotation_key_not_of_unit_length(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {0, 0, 0, 1, 0, 0.5f, 0, 0.5f};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_QUATERNION);
    d.times = times;
    d.key_count = 2;
    d.values = values;
    d.value_count = 8;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_KEY_VALUE,
                          "values: rotation key 1 (0, 0.5, 0, 0.5) has length 0.707106781, not 1 within 0.001");
    /* within 1e-3 is kept: 1.0009 */
    const float nearly[] = {0, 0, 0, 1.0009f, 0, 0, 0, 0.9991f};
    d.values = nearly;
    ta_track *t = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    ta_track_destroy(t);
    const float past[] = {0, 0, 0, 1.0011f, 0, 0, 0, 1};
    d.values = past;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_KEY_VALUE, "values: rotation key 0 (0, 0, 0, 1.00109994) has length 1.00109994");
}

/* A CUBIC_SPLINE rotation key needs a direction only: its samples are made of
 * unit length after the curve (GLTFCubicSplineQuaternionInterpolant), and a
 * held key too. One of length 0 has no direction. */
static void test_cubic_spline_rotation_keys_need_a_direction_only(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {0, 0, 0, 0.5f, 0, 0, 0, 2}; /* lengths 0.5 and 2: both the identity */
    const float zero[8] = {0};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_QUATERNION);
    d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    d.times = times;
    d.key_count = 2;
    d.values = values;
    d.value_count = 8;
    d.in_tangents = zero;
    d.out_tangents = zero;
    d.tangent_count = 8;
    ta_track *t = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    float q[4];
    for (int k = 0; k <= 4; ++k) {
        /* between the keys, before the first and after the last */
        double at = k == 4 ? 3.0 : k / 4.0;
        TA_ASSERT_OK(ta_track_sample(t, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, q, 4, &err), &err);
        assert_true(q[0] == 0 && q[1] == 0 && q[2] == 0);
        TA_ASSERT_NEAR(q[3], 1.0, 1e-7);
    }
    ta_track_destroy(t);
    const float none[] = {0, 0, 0, 1, 0, 0, 0, 0};
    d.values = none;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_KEY_VALUE,
                          "values: rotation key 1 (0, 0, 0, 0) of a CUBIC_SPLINE track has length 0, which has no "
                          "direction");
}

static void test_refuses_a_smooth_rotation(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {0, 0, 0, 1, 0, 0, 0, 1};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_QUATERNION);
    d.interpolation = TA_INTERPOLATION_SMOOTH;
    d.times = times;
    d.key_count = 2;
    d.values = values;
    d.value_count = 8;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "interpolation: a QUATERNION track cannot be SMOOTH");
}

static void test_refuses_a_flag_or_string_track_not_step(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float flags[] = {0, 1};
    const float tangents[] = {0, 0};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_VISIBLE);
    d.interpolation = TA_INTERPOLATION_LINEAR;
    d.times = times;
    d.key_count = 2;
    d.values = flags;
    d.value_count = 2;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "interpolation: a VISIBLE track is STEP, not LINEAR");
    d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    d.in_tangents = d.out_tangents = tangents;
    d.tangent_count = 2;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "a VISIBLE track is STEP, not CUBIC_SPLINE");
    d.in_tangents = d.out_tangents = NULL;
    d.tangent_count = 0;
    d.target = material(TA_TRACK_KIND_MATERIAL_TRANSPARENT);
    d.interpolation = TA_INTERPOLATION_SMOOTH;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "a MATERIAL_TRANSPARENT track is STEP, not SMOOTH");
    /* Not only VISIBLE: no flag or string kind is CUBIC_SPLINE (a listed decision
     * where the reference's two rules disagree). */
    d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    d.in_tangents = d.out_tangents = tangents;
    d.tangent_count = 2;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "a MATERIAL_TRANSPARENT track is STEP, not CUBIC_SPLINE");
    d.target = material(TA_TRACK_KIND_MATERIAL_WIREFRAME);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_INTERPOLATION, "a MATERIAL_WIREFRAME track is STEP, not CUBIC_SPLINE");
    d.in_tangents = d.out_tangents = NULL;
    d.tangent_count = 0;
    const char *names[] = {"a", "b"};
    ta_track_desc s = {0};
    s.target = node(TA_TRACK_KIND_NODE_NAME);
    s.interpolation = TA_INTERPOLATION_LINEAR;
    s.times = times;
    s.key_count = 2;
    s.strings = names;
    ASSERT_REFUSED_CREATE(&s, TA_ERROR_BAD_INTERPOLATION, "a NODE_NAME track is STEP, not LINEAR");
    s.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    ASSERT_REFUSED_CREATE(&s, TA_ERROR_BAD_INTERPOLATION, "a NODE_NAME track is STEP, not CUBIC_SPLINE");
}

static void test_refuses_a_flag_key_not_0_or_1(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float flags[] = {0, 1, 0.5f};
    ta_track_desc d = {0};
    d.target = node(TA_TRACK_KIND_VISIBLE);
    d.times = times;
    d.key_count = 3;
    d.values = flags;
    d.value_count = 3;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_KEY_VALUE, "values: flag key 2 is 0.5, not 0 or 1");
    const float two[] = {2, 1, 0};
    d.values = two;
    d.target = material(TA_TRACK_KIND_MATERIAL_WIREFRAME);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_KEY_VALUE, "values: flag key 0 is 2, not 0 or 1");
}

static ta_track_desc spline_desc(const float *times, const float *values, const float *in, const float *out,
                                 uint32_t tangent_count)
{
    ta_track_desc d = ta_test_desc(node(TA_TRACK_KIND_SCALE), TA_INTERPOLATION_CUBIC_SPLINE, times, 2, values, 6);
    d.in_tangents = in;
    d.out_tangents = out;
    d.tangent_count = tangent_count;
    return d;
}

static void test_refuses_cubic_spline_tangents_missing_or_miscounted(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {1, 1, 1, 2, 2, 2};
    const float tangents[12] = {0};
    ta_track_desc d = spline_desc(times, values, NULL, NULL, 0);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "in_tangents: a CUBIC_SPLINE track needs in- and out-tangents");
    d = spline_desc(times, values, tangents, NULL, 6);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "out_tangents: a CUBIC_SPLINE track needs in- and out-tangents");
    d = spline_desc(times, values, tangents, tangents, 5);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS,
                          "tangent_count: 5 numbers for 6 values, but a CUBIC_SPLINE track takes one tangent per "
                          "value (want 6)");
    d = spline_desc(times, values, tangents, tangents, 12);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "tangent_count: 12 numbers for 6 values");
}

static void test_refuses_bezier_points_missing_or_miscounted(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {1, 1, 1, 2, 2, 2};
    const float points[12] = {0};
    ta_track_desc d = spline_desc(times, values, NULL, NULL, 0);
    d.interpolation = TA_INTERPOLATION_BEZIER;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "in_tangents: a BEZIER track needs in- and out-control points");
    d.in_tangents = d.out_tangents = points;
    d.tangent_count = 6;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS,
                          "tangent_count: 6 numbers for 6 values, but a BEZIER track takes two per value, a control "
                          "point of time and value (want 12)");
}

static void test_refuses_tangents_on_a_track_that_takes_none(void **state)
{
    (void)state;
    const float times[] = {0, 1};
    const float values[] = {1, 1, 1, 2, 2, 2};
    const float tangents[6] = {0};
    ta_interpolation none[] = {TA_INTERPOLATION_DEFAULT, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_STEP, TA_INTERPOLATION_SMOOTH};
    for (int i = 0; i < 4; ++i) {
        ta_track_desc d = spline_desc(times, values, tangents, tangents, 6);
        d.interpolation = none[i];
        ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "track takes no tangents, got 6 (in given, out given)");
        d.in_tangents = NULL;
        d.tangent_count = 0;
        ASSERT_REFUSED_CREATE(&d, TA_ERROR_BAD_TANGENTS, "takes no tangents, got 0 (in NULL, out given)");
    }
}

static void test_refuses_a_key_that_is_not_a_number(void **state)
{
    (void)state;
    const float times[] = {0, NAN};
    const float values[] = {1, 1, 1, 2, 2, 2};
    ta_track_desc d = position_desc(times, 2, values, 6);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER, "times: key 1 time nan is not a finite number");
    const float inf_times[] = {0, INFINITY};
    d.times = inf_times;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER, "times: key 1 time inf");
    const float good_times[] = {0, 1};
    const float nan_values[] = {1, 1, 1, 2, NAN, 2};
    d.times = good_times;
    d.values = nan_values;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER, "values: key 1 number 1 is nan, not a finite number");
    const float inf_values[] = {1, 1, -INFINITY, 2, 2, 2};
    d.values = inf_values;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER, "values: key 0 number 2 is -inf");
    const float tangents[] = {0, 0, 0, 0, 0, 0};
    const float nan_tangents[] = {0, 0, 0, 0, 0, NAN};
    d = spline_desc(good_times, values, tangents, nan_tangents, 6);
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER, "out_tangents: key 1 number 2 is nan, not a finite number");
    const float points[12] = {0};
    float nan_points[12] = {0};
    nan_points[6] = INFINITY; /* key 1, number 0, the control point's time */
    d = spline_desc(good_times, values, nan_points, points, 12);
    d.interpolation = TA_INTERPOLATION_BEZIER;
    ASSERT_REFUSED_CREATE(&d, TA_ERROR_NOT_A_NUMBER,
                          "in_tangents: key 1 number 0 control point time is inf, not a finite number");
}

/* ---- check and validate ------------------------------------------------------------ */

/* ta_track_check checks a built track with the same rules: break a built
 * track's arrays by hand and it says what create would have said. */
static void test_check_says_what_create_would(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2};
    const float values[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    ta_track *t = ta_test_track(node(TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_DEFAULT, times, 3, values, 12);
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_check(t, &err), &err);
    assert_true(ta_track_is_valid(t));

    t->times[2] = 1; /* two keys at one time: three.js's validate would accept it */
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_BAD_TIMES, "times: key 2 time 1 is not after key 1 time 1");
    assert_false(ta_track_is_valid(t));
    t->times[2] = 2;
    t->times[0] = -1; /* a key before zero: three.js would accept it too */
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_BAD_TIMES, "times: key 0 time -1 is negative");
    t->times[0] = 0;
    t->values[5] = 2;
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_BAD_KEY_VALUE, "rotation key 1");
    t->values[5] = NAN;
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_NOT_A_NUMBER, "values: key 1 number 1 is nan");
    t->values[5] = 0;
    t->interpolation = TA_INTERPOLATION_SMOOTH;
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_BAD_INTERPOLATION, "cannot be SMOOTH");
    t->interpolation = TA_INTERPOLATION_LINEAR;
    TA_ASSERT_OK(ta_track_check(t, &err), &err);
    ta_track_destroy(t);

    const char *names[] = {"a", "b"};
    const float two[] = {0, 1};
    ta_track_desc s = {0};
    s.target = node(TA_TRACK_KIND_NODE_NAME);
    s.times = two;
    s.key_count = 2;
    s.strings = names;
    TA_ASSERT_OK(ta_track_create(&s, NULL, &t, &err), &err);
    TA_ASSERT_OK(ta_track_check(t, &err), &err);
    t->values[1] = 2; /* past the two strings */
    TA_ASSERT_REFUSED(ta_track_check(t, &err), &err, TA_ERROR_BAD_KEY_VALUE, "values: string key 1 is 2, not an index below 2");
    t->values[1] = 1;
    ta_track_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_copies_the_callers_arrays),
        cmocka_unit_test(test_flags_and_strings_default_to_step),
        cmocka_unit_test(test_strings_are_kept_once),
        cmocka_unit_test(test_many_strings_are_kept_once),
        cmocka_unit_test(test_tangents_are_copied),
        cmocka_unit_test(test_copy_is_deep_and_uses_its_own_allocator),
        cmocka_unit_test(test_running_out_of_memory_leaves_nothing),
        cmocka_unit_test(test_null_arguments_are_refused),
        cmocka_unit_test(test_refuses_a_kind_not_named),
        cmocka_unit_test(test_refuses_an_interpolation_not_named),
        cmocka_unit_test(test_refuses_a_target_no_constructor_makes),
        cmocka_unit_test(test_refuses_no_keys),
        cmocka_unit_test(test_refuses_a_negative_time),
        cmocka_unit_test(test_refuses_times_that_do_not_rise),
        cmocka_unit_test(test_refuses_values_not_one_per_key),
        cmocka_unit_test(test_refuses_a_rotation_key_not_of_unit_length),
        cmocka_unit_test(test_cubic_spline_rotation_keys_need_a_direction_only),
        cmocka_unit_test(test_refuses_a_smooth_rotation),
        cmocka_unit_test(test_refuses_a_flag_or_string_track_not_step),
        cmocka_unit_test(test_refuses_a_flag_key_not_0_or_1),
        cmocka_unit_test(test_refuses_cubic_spline_tangents_missing_or_miscounted),
        cmocka_unit_test(test_refuses_bezier_points_missing_or_miscounted),
        cmocka_unit_test(test_refuses_tangents_on_a_track_that_takes_none),
        cmocka_unit_test(test_refuses_a_key_that_is_not_a_number),
        cmocka_unit_test(test_check_says_what_create_would),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
