/* The action clock's rules (large advances in a float32 phase, repetitions,
 * ending modes; animation_action.h), checked on the clock alone. Expected values are worked out by hand
 * here; tests/conformance/clock/ checks many more against exact rational
 * arithmetic in Node. */
#include <float.h>
#include <math.h>

#include "ta_test.h"

#include "animation/action_clock.h"

static ta__clock_params params(ta_loop_mode loop, int64_t reps, double duration)
{
    ta__clock_params p;
    p.loop = loop;
    p.repetitions = reps;
    p.duration = duration;
    p.clamp_when_finished = false;
    p.zero_slope_at_start = true;
    p.zero_slope_at_end = true;
    return p;
}

static ta__clock_state fresh(void)
{
    ta__clock_state s;
    memset(&s, 0, sizeof s);
    s.phase = 0.0f;
    s.loop_count = -1;
    s.enabled = true;
    return s;
}

static void test_spec_example_large_advance(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1.5);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 33554432.0 /* 2**25 */, &mv, &err), &err);
    assert_true(s.phase == 0.5f);
    assert_int_equal(s.loop_count, 22369621);
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(mv.loop_delta, 22369621);
    assert_int_equal(mv.direction, 1);
}

static void test_repeat_forward_wraps_and_counts(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 0.75, &mv, &err), &err);
    assert_true(s.phase == 0.75f);
    assert_int_equal(s.loop_count, 0);
    assert_int_equal(mv.event, TA__CLOCK_NO_EVENT);
    /* the forward end itself is a crossing */
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 0.25, &mv, &err), &err);
    assert_true(s.phase == 0.0f && !signbit(s.phase));
    assert_int_equal(s.loop_count, 1);
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(mv.loop_delta, 1);
    /* endings: wrapping at both ends once looping */
    assert_int_equal(s.ending_start, TA_ENDING_WRAP_AROUND);
    assert_int_equal(s.ending_end, TA_ENDING_WRAP_AROUND);
}

static void test_backward_start_first_crossing_not_counted(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 2.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -0.5, &mv, &err), &err);
    assert_true(s.phase == 1.5f);
    assert_int_equal(s.loop_count, 0); /* -1 + 1: not a completed repetition */
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(mv.loop_delta, -1);
    assert_int_equal(mv.direction, -1);
    /* arriving at zero backward is not a crossing ... */
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -1.5, &mv, &err), &err);
    assert_true(s.phase == 0.0f);
    assert_int_equal(mv.event, TA__CLOCK_NO_EVENT);
    /* ... going below it is */
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -0.25, &mv, &err), &err);
    assert_true(s.phase == 1.75f);
    assert_int_equal(s.loop_count, 1);
}

static void test_repetitions_finish_at_the_end(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, 2, 1.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1.25, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(s.loop_count, 1);
    /* entering the last round: flat at the end it runs to */
    assert_int_equal(s.ending_start, TA_ENDING_WRAP_AROUND);
    assert_int_equal(s.ending_end, TA_ENDING_ZERO_SLOPE);
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1.0, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    assert_int_equal(mv.direction, 1);
    assert_true(s.phase == 1.0f);
    assert_false(s.enabled); /* not clamped: lets go */
    assert_int_equal(s.loop_count, 1); /* a finishing move does not store its count */
}

static void test_finite_limit_finishes_a_huge_jump(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, 3, 1e-30);
    p.clamp_when_finished = true;
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    /* 1e30 / 1e-30 crossings do not fit any integer: still finishes. */
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1e30, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    assert_int_equal(mv.loop_delta, 0);
    assert_true(s.paused);
    assert_true(s.phase == (float)1e-30);
}

static void test_endless_huge_jump_is_refused_unchanged(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1e-30);
    ta__clock_state s = fresh();
    s.phase = 0.0f;
    ta__clock_state before = s;
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta__clock_advance(&p, &s, 1e30, &mv, &err), &err, TA_ERROR_CLOCK_RANGE, "crosses more than");
    assert_memory_equal(&s, &before, sizeof s);
}

static void test_non_finite_steps_are_refused(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1.0);
    ta__clock_state s = fresh(), before = s;
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta__clock_advance(&p, &s, NAN, &mv, &err), &err, TA_ERROR_CLOCK_RANGE, "not finite");
    TA_ASSERT_REFUSED(ta__clock_advance(&p, &s, 1e300, &mv, &err), &err, TA_ERROR_CLOCK_RANGE, "float32");
    s.phase = FLT_MAX;
    before = s;
    TA_ASSERT_REFUSED(ta__clock_advance(&p, &s, 3e38, &mv, &err), &err, TA_ERROR_CLOCK_RANGE, "does not fit");
    assert_memory_equal(&s, &before, sizeof s);
}

static void test_loop_count_past_int64_is_refused(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1.0);
    ta__clock_state s = fresh();
    s.loop_count = INT64_MAX - 1;
    s.started = true;
    ta__clock_state before = s;
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta__clock_advance(&p, &s, 3.5, &mv, &err), &err, TA_ERROR_CLOCK_RANGE, "loop count");
    assert_memory_equal(&s, &before, sizeof s);
}

static void test_backward_int64_max_repetitions_can_finish(void **state)
{
    (void)state;
    /* loop count INT64_MAX - 1 with INT64_MAX - 1 repetitions left... a backward
     * jump whose pending count would pass INT64_MAX finishes instead. */
    ta__clock_params p = params(TA_LOOP_MODE_REPEAT, INT64_MAX - 1, 1.0);
    ta__clock_state s = fresh();
    s.loop_count = INT64_MAX - 2;
    s.started = true;
    s.phase = 0.5f;
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -10.0, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    assert_int_equal(mv.direction, -1);
    assert_true(s.phase == 0.0f);
    assert_int_equal(s.loop_count, INT64_MAX - 2);
}

static void test_zero_step_keeps_everything(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, 1.0);
    ta__clock_state s = fresh();
    s.phase = 1.25f;
    s.loop_count = 3;
    s.started = true;
    s.direction = -1;
    ta__clock_state before = s;
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1e-60, &mv, &err), &err); /* rounds to a float32 zero */
    assert_memory_equal(&s, &before, sizeof s);
    assert_int_equal(mv.event, TA__CLOCK_NO_EVENT);
    TA_ASSERT_NEAR(mv.read_time, 0.75, 1e-7);
}

static void test_ping_pong_legs(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, 2.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1.5, &mv, &err), &err);
    TA_ASSERT_NEAR(mv.read_time, 1.5, 0);
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 1.0, &mv, &err), &err);
    /* past the end: the return leg, read backward */
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(mv.loop_delta, 1);
    assert_true(s.phase == 2.5f);
    TA_ASSERT_NEAR(mv.read_time, 1.5, 0);
    assert_int_equal(s.ending_start, TA_ENDING_ZERO_SLOPE);
    assert_int_equal(s.ending_end, TA_ENDING_ZERO_SLOPE);
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 2.0, &mv, &err), &err);
    assert_int_equal(mv.loop_delta, 1);
    TA_ASSERT_NEAR(mv.read_time, 0.5, 0);
    assert_int_equal(s.loop_count, 2);
}

static void test_ping_pong_reverse_start_lands_on_the_first_leg(void **state)
{
    (void)state;
    /* three.js: a new action played backward jumps to the end and reads down. */
    ta__clock_params p = params(TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, 2.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -0.5, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_LOOPED);
    assert_int_equal(mv.loop_delta, -1);
    assert_int_equal(s.loop_count, 0);
    TA_ASSERT_NEAR(mv.read_time, 1.5, 0);
    /* then bounces at zero */
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -2.0, &mv, &err), &err);
    assert_int_equal(s.loop_count, 1);
    TA_ASSERT_NEAR(mv.read_time, 0.5, 0);
}

static void test_ping_pong_finishes_where_its_last_leg_ran(void **state)
{
    (void)state;
    /* Two legs forward: out to the end and back to the start. */
    ta__clock_params p = params(TA_LOOP_MODE_PING_PONG, 2, 1.0);
    p.clamp_when_finished = true;
    ta__clock_state big = fresh(), small = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &big, 100.0, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    TA_ASSERT_NEAR(mv.read_time, 0.0, 0);
    for (int i = 0; i < 100 && small.enabled && !small.paused; ++i)
        TA_ASSERT_OK(ta__clock_advance(&p, &small, 0.125, &mv, &err), &err);
    TA_ASSERT_NEAR(ta__clock_read_time(&p, &small), 0.0, 0);
    /* Backward from new, one repetition: the first reverse wrap, then down to zero. */
    ta__clock_params q = params(TA_LOOP_MODE_PING_PONG, 1, 1.0);
    q.clamp_when_finished = true;
    ta__clock_state rb = fresh(), rs = fresh();
    TA_ASSERT_OK(ta__clock_advance(&q, &rb, -50.0, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    for (int i = 0; i < 100 && !rs.paused; ++i) TA_ASSERT_OK(ta__clock_advance(&q, &rs, -0.125, &mv, &err), &err);
    TA_ASSERT_NEAR(ta__clock_read_time(&q, &rb), ta__clock_read_time(&q, &rs), 0);
    /* Zero repetitions stop at the initial boundary. */
    ta__clock_params z = params(TA_LOOP_MODE_PING_PONG, 0, 1.0);
    ta__clock_state zs = fresh();
    TA_ASSERT_OK(ta__clock_advance(&z, &zs, -0.25, &mv, &err), &err);
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    TA_ASSERT_NEAR(mv.read_time, 0.0, 0);
}

static void test_once_finishes_forward_and_below_zero(void **state)
{
    (void)state;
    ta__clock_params p = params(TA_LOOP_MODE_ONCE, TA_ACTION_ENDLESS, 1.0);
    ta__clock_state s = fresh();
    ta__clock_move mv;
    ta_error err = {0};
    TA_ASSERT_OK(ta__clock_advance(&p, &s, 0.5, &mv, &err), &err);
    assert_int_equal(s.ending_start, TA_ENDING_ZERO_SLOPE);
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -0.5, &mv, &err), &err); /* arriving at zero backward */
    assert_int_equal(mv.event, TA__CLOCK_NO_EVENT);
    TA_ASSERT_OK(ta__clock_advance(&p, &s, -0.001, &mv, &err), &err); /* below it */
    assert_int_equal(mv.event, TA__CLOCK_FINISHED);
    assert_int_equal(mv.direction, -1);
    assert_false(s.enabled);
    assert_true(s.phase == 0.0f);
}

static void test_residual_rounding_up_stays_below_the_boundary(void **state)
{
    (void)state;
    __int128 q;
    bool huge, over;
    float r;
    /* 3 - 1e-8 is not a float32; float32(2.9999999) is 3: the residual over 1.5
     * would round up to 1.5 exactly, the boundary. */
    float x = nextafterf(3.0f, 0.0f) ; /* 2.9999998 */
    ta__clock_divmod(-x, 1.5, &q, &huge, &r, &over);
    assert_true((long long)q == -2);
    /* exact: -2.9999998 + 3 = 2.4e-7 */
    assert_true(r == 3.0f - x);
    ta__clock_divmod(-1e-30f, 1.5, &q, &huge, &r, &over);
    assert_true((long long)q == -1);
    assert_true(r < 1.5f && r == nextafterf(1.5f, 0.0f));
    ta__clock_divmod(4.5f, 1.5, &q, &huge, &r, &over);
    assert_true((long long)q == 3 && r == 0.0f && !signbit(r));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_example_large_advance),
        cmocka_unit_test(test_repeat_forward_wraps_and_counts),
        cmocka_unit_test(test_backward_start_first_crossing_not_counted),
        cmocka_unit_test(test_repetitions_finish_at_the_end),
        cmocka_unit_test(test_finite_limit_finishes_a_huge_jump),
        cmocka_unit_test(test_endless_huge_jump_is_refused_unchanged),
        cmocka_unit_test(test_non_finite_steps_are_refused),
        cmocka_unit_test(test_loop_count_past_int64_is_refused),
        cmocka_unit_test(test_backward_int64_max_repetitions_can_finish),
        cmocka_unit_test(test_zero_step_keeps_everything),
        cmocka_unit_test(test_ping_pong_legs),
        cmocka_unit_test(test_ping_pong_reverse_start_lands_on_the_first_leg),
        cmocka_unit_test(test_ping_pong_finishes_where_its_last_leg_ran),
        cmocka_unit_test(test_once_finishes_forward_and_below_zero),
        cmocka_unit_test(test_residual_rounding_up_stays_below_the_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
