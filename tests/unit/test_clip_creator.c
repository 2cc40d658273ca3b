/* Ready-made clips: three.js's AnimationClipCreator. */
#include "ta_test.h"

#include <float.h>
#include <math.h>

#include "threeanim/animation_clip.h"
#include "threeanim/animation_clip_creator.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/random.h"

static const ta_track *only_track(const ta_clip *clip)
{
    assert_int_equal(ta_clip_track_count(clip), 1);
    assert_string_equal(ta_clip_name(clip), "");
    return ta_clip_track(clip, 0);
}

static void test_rotation_runs_to_360_radians(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create_rotation_animation(ta_node_at(3), ta_duration_from_seconds(2.5), 1, NULL, &clip, &err), &err);
    const ta_track *t = only_track(clip);
    ta_track_target target = ta_track_target_of(t);
    assert_int_equal(target.kind, TA_TRACK_KIND_ROTATION_ELEMENT);
    assert_int_equal(target.index, 3);
    assert_int_equal(target.element, 1);
    assert_int_equal(ta_track_key_count(t), 2);
    TA_ASSERT_NEAR(ta_track_times(t)[1], 2.5, 0);
    TA_ASSERT_NEAR(ta_track_values(t)[0], 0, 0);
    TA_ASSERT_NEAR(ta_track_values(t)[1], 360, 0); /* three.js's 360, read as radians */
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.5, 0);
    ta_clip_release(clip);
}

static void test_scale_axis_runs_from_0_to_1(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create_scale_axis_animation(ta_node_at(0), ta_duration_from_seconds(0.1), 2, NULL, &clip, &err), &err);
    const ta_track *t = only_track(clip);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_SCALE_ELEMENT);
    assert_int_equal(ta_track_target_of(t).element, 2);
    TA_ASSERT_NEAR(ta_track_times(t)[1], 0.1f, 0);
    TA_ASSERT_NEAR(ta_track_values(t)[1], 1, 0);
    /* The clip keeps the period as given, in double; the key holds it as float32. */
    assert_true(ta_clip_duration(clip).seconds == 0.1);
    ta_clip_release(clip);
}

static void test_visibility_hides_half_way(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create_visibility_animation(ta_node_at(1), ta_duration_from_seconds(3), NULL, &clip, &err), &err);
    const ta_track *t = only_track(clip);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_VISIBLE);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_STEP);
    const float times[] = {0, 1.5f, 3}, values[] = {1, 0, 1};
    assert_int_equal(ta_track_key_count(t), 3);
    assert_memory_equal(ta_track_times(t), times, sizeof times);
    assert_memory_equal(ta_track_values(t), values, sizeof values);
    ta_clip_release(clip);
}

static void test_material_color_spreads_the_colors_evenly(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    const float colors[] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    TA_ASSERT_OK(ta_clip_create_material_color_animation(ta_material_at(2), ta_duration_from_seconds(2), colors, 3, NULL, &clip, &err),
                 &err);
    const ta_track *t = only_track(clip);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_MATERIAL_COLOR);
    assert_int_equal(ta_track_target_of(t).index, 2);
    const float times[] = {0, 1, 2};
    assert_memory_equal(ta_track_times(t), times, sizeof times);
    assert_memory_equal(ta_track_values(t), colors, sizeof colors);
    ta_clip_release(clip);
    /* One color: one key at 0, and the clip lasts the duration given. */
    TA_ASSERT_OK(ta_clip_create_material_color_animation(ta_material_at(0), ta_duration_from_seconds(4), colors, 1, NULL, &clip, &err),
                 &err);
    assert_int_equal(ta_track_key_count(only_track(clip)), 1);
    TA_ASSERT_NEAR(ta_track_times(only_track(clip))[0], 0, 0);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 4, 0);
    ta_clip_release(clip);
}

static void test_shake_draws_ten_keys_a_second(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    ta_seeded_random rng = ta_seeded_random_make(2024);
    const ta_vec3 amount = {0.5f, 2.0f, 0.0f};
    TA_ASSERT_OK(ta_clip_create_shake_animation(ta_node_at(5), ta_duration_from_seconds(1.05), amount, &rng, NULL, &clip, &err), &err);
    const ta_track *t = only_track(clip);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_POSITION);
    /* i / 10 < 10.5: i = 0 .. 10. */
    assert_int_equal(ta_track_key_count(t), 11);
    TA_ASSERT_NEAR(ta_track_times(t)[10], 1.0, 0);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.05, 0);
    const float *v = ta_track_values(t);
    bool negative = false, positive = false;
    for (uint32_t i = 0; i < 11; i++) {
        assert_true(fabsf(v[3 * i]) <= 0.5f);
        assert_true(fabsf(v[3 * i + 1]) <= 2.0f);
        assert_true(v[3 * i + 2] == 0.0f);
        negative = negative || v[3 * i + 1] < 0;
        positive = positive || v[3 * i + 1] > 0;
    }
    assert_true(negative && positive);
    /* Three draws a key, x then y then z: the generator moved on 33 draws. */
    ta_seeded_random check = ta_seeded_random_make(2024);
    double first_x = ta_seeded_random_next(&check);
    TA_ASSERT_NEAR(v[0], (first_x * 2 - 1) * 0.5, 1e-7);
    for (int i = 1; i < 33; i++) ta_seeded_random_next(&check);
    assert_int_equal(rng.state, check.state);
    /* The same seed makes the same clip. */
    ta_seeded_random again = ta_seeded_random_make(2024);
    ta_clip *clip2 = NULL;
    TA_ASSERT_OK(ta_clip_create_shake_animation(ta_node_at(5), ta_duration_from_seconds(1.05), amount, &again, NULL, &clip2, &err),
                 &err);
    assert_memory_equal(ta_track_values(only_track(clip2)), v, 33 * sizeof(float));
    ta_clip_release(clip2);
    ta_clip_release(clip);
}

static void test_key_counts_follow_three_js_comparison(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    ta_seeded_random rng = ta_seeded_random_make(1);
    /* 0.1 * 3 is 0.30000000000000004 in double, and times 10 it is 3.0000000000000004, so
     * three.js's i < duration * 10 takes i = 3 too. */
    TA_ASSERT_OK(ta_clip_create_pulsation_animation(ta_node_at(0), ta_duration_from_seconds(0.1 * 3), 1.5, &rng, NULL, &clip, &err),
                 &err);
    assert_int_equal(ta_track_key_count(only_track(clip)), 4);
    ta_clip_release(clip);
    /* 0.3 * 10 and 2 * 10 are 3 and 20 exactly: i = 0 .. 2 and 0 .. 19. */
    TA_ASSERT_OK(ta_clip_create_pulsation_animation(ta_node_at(0), ta_duration_from_seconds(0.3), 1.5, &rng, NULL, &clip, &err), &err);
    assert_int_equal(ta_track_key_count(only_track(clip)), 3);
    ta_clip_release(clip);
    TA_ASSERT_OK(ta_clip_create_pulsation_animation(ta_node_at(0), ta_duration_from_seconds(2), 1.5, &rng, NULL, &clip, &err), &err);
    assert_int_equal(ta_track_key_count(only_track(clip)), 20);
    ta_clip_release(clip);
    /* A duration below a tenth: one key, at 0. */
    TA_ASSERT_OK(ta_clip_create_pulsation_animation(ta_node_at(0), ta_duration_from_seconds(0.01), 1.5, &rng, NULL, &clip, &err), &err);
    assert_int_equal(ta_track_key_count(only_track(clip)), 1);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 0.01, 0);
    ta_clip_release(clip);
}

static void test_pulsation_scales_evenly(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    ta_seeded_random rng = ta_seeded_random_make(99);
    TA_ASSERT_OK(ta_clip_create_pulsation_animation(ta_node_at(2), ta_duration_from_seconds(3), 0.25, &rng, NULL, &clip, &err), &err);
    const ta_track *t = only_track(clip);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_SCALE);
    assert_int_equal(ta_track_key_count(t), 30);
    const float *v = ta_track_values(t);
    for (uint32_t i = 0; i < 30; i++) {
        assert_true(v[3 * i] >= 0.0f && v[3 * i] <= 0.25f);
        assert_true(v[3 * i] == v[3 * i + 1] && v[3 * i] == v[3 * i + 2]);
    }
    ta_seeded_random check = ta_seeded_random_make(99);
    for (int i = 0; i < 30; i++) ta_seeded_random_next(&check);
    assert_int_equal(rng.state, check.state);
    ta_clip_release(clip);
}

/* Refusals: nothing made, the generator as it was. */
static void test_refusals_do_not_advance_the_generator(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x42, *out = sentinel;
    ta_seeded_random rng = ta_seeded_random_make(5);
    const uint32_t start = rng.state;
    const ta_vec3 s = {1, 1, 1};
    ta_node_id n = ta_node_at(0);
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(NAN), s, &rng, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "duration: nan");
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(INFINITY), s, &rng, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "duration: inf");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(-INFINITY), 1, &rng, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "duration: -inf");
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(-1), s, &rng, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "duration: -1 s is below zero");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(0), 1, &rng, &a, &out, &err), &err,
                      TA_ERROR_EMPTY_CLIP, "longer than no time");
    /* Key counts that float32 times (or uint32) cannot hold. */
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(1e12), s, &rng, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "more than 10485760");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(DBL_MAX), 1, &rng, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "duration");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(1048576.1), 1, &rng, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "keys a tenth of a second apart");
    ta_vec3 bad = {1, NAN, 1};
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(1), bad, &rng, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "shake_scale: number 1");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(1), INFINITY, &rng, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "pulse_scale");
    TA_ASSERT_REFUSED(ta_clip_create_pulsation_animation(n, ta_duration_from_seconds(1), 1e300, &rng, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "pulse_scale");
    TA_ASSERT_REFUSED(ta_clip_create_shake_animation(n, ta_duration_from_seconds(1), s, NULL, &a, &out, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "random");
    assert_int_equal(rng.state, start);
    /* Out of memory at every step, the generator put back. */
    int refusals = 0;
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_result r = ta_clip_create_shake_animation(n, ta_duration_from_seconds(2), s, &rng, &a, &out, &err);
        counter.fail_after = -1;
        if (r == TA_OK) break;
        refusals++;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_int_equal(rng.state, start);
        assert_ptr_equal(out, sentinel);
        assert_int_equal(counter.live_bytes, 0);
    }
    assert_true(refusals > 2);
    assert_int_not_equal(rng.state, start);
    ta_clip_release(out);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_other_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x42, *out = sentinel;
    ta_node_id n = ta_node_at(0);
    TA_ASSERT_REFUSED(ta_clip_create_rotation_animation(n, ta_duration_from_seconds(1), 3, NULL, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "axis: 3 is not");
    TA_ASSERT_REFUSED(ta_clip_create_rotation_animation(n, ta_duration_from_seconds(NAN), 0, NULL, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "period: nan");
    TA_ASSERT_REFUSED(ta_clip_create_scale_axis_animation(n, ta_duration_from_seconds(0), 0, NULL, &out, &err), &err,
                      TA_ERROR_EMPTY_CLIP, "period: 0 s");
    TA_ASSERT_REFUSED(ta_clip_create_scale_axis_animation(n, ta_duration_from_seconds(-2), 0, NULL, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "period: -2 s is below zero");
    TA_ASSERT_REFUSED(ta_clip_create_visibility_animation(n, ta_duration_from_seconds(INFINITY), NULL, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "duration: inf");
    const float colors[] = {1, 0, NAN};
    TA_ASSERT_REFUSED(ta_clip_create_material_color_animation(ta_material_at(0), ta_duration_from_seconds(1), colors, 0, NULL, &out,
                                                         &err),
                      &err, TA_ERROR_NO_KEYS, "at least one color");
    TA_ASSERT_REFUSED(ta_clip_create_material_color_animation(ta_material_at(0), ta_duration_from_seconds(1), colors, 1, NULL, &out,
                                                         &err),
                      &err, TA_ERROR_NOT_A_NUMBER, "color 0 channel 2");
    TA_ASSERT_REFUSED(ta_clip_create_material_color_animation(ta_material_at(0), ta_duration_from_seconds(-1), colors, 1, NULL, &out,
                                                         &err),
                      &err, TA_ERROR_OUT_OF_RANGE, "duration");
    assert_ptr_equal(out, sentinel);
}

/* The bound in the header: key times i / 10 in float32 are all distinct
 * below TA_CLIP_CREATOR_MAX_KEYS, and run together soon after. */
static void test_the_key_limit_is_where_float_times_run_together(void **state)
{
    (void)state;
    float prev = -1.0f;
    for (uint32_t i = 0; i < TA_CLIP_CREATOR_MAX_KEYS; i++) {
        float t = (float)((double)i / 10.0);
        if (!(t > prev)) fail_msg("keys %u and %u share the time %g", i - 1, i, (double)t);
        prev = t;
    }
    bool together = false;
    for (uint32_t i = TA_CLIP_CREATOR_MAX_KEYS; i < TA_CLIP_CREATOR_MAX_KEYS + 100 && !together; i++) {
        float t = (float)((double)i / 10.0);
        together = !(t > prev);
        prev = t;
    }
    assert_true(together);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rotation_runs_to_360_radians),
        cmocka_unit_test(test_scale_axis_runs_from_0_to_1),
        cmocka_unit_test(test_visibility_hides_half_way),
        cmocka_unit_test(test_material_color_spreads_the_colors_evenly),
        cmocka_unit_test(test_shake_draws_ten_keys_a_second),
        cmocka_unit_test(test_key_counts_follow_three_js_comparison),
        cmocka_unit_test(test_pulsation_scales_evenly),
        cmocka_unit_test(test_refusals_do_not_advance_the_generator),
        cmocka_unit_test(test_other_refusals),
        cmocka_unit_test(test_the_key_limit_is_where_float_times_run_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
