/* Durations and the clock. Expected values by reasoning: a unit is an exact
 * whole number of seconds, or an exact whole fraction, so a duration is one
 * correctly rounded multiply or divide. */
#include "ta_test.h"

#include <math.h>

#include "threeanim/units.h"

static void test_duration_units_convert_exactly(void **state)
{
    (void)state;
    assert_true(ta_duration_make(2, TA_TIME_UNIT_SECOND).seconds == 2.0);
    /* 500 / 1000 is 0.5 exactly; 500 * 0.001 would be 0.5000000000000000104... rounded */
    assert_true(ta_duration_make(500, TA_TIME_UNIT_MILLISECOND).seconds == 0.5);
    /* the double nearest 0.0015, as a literal is */
    assert_true(ta_duration_make(1500, TA_TIME_UNIT_MICROSECOND).seconds == 0.0015);
    assert_true(ta_duration_make(3, TA_TIME_UNIT_NANOSECOND).seconds == 3e-9);
    assert_true(ta_duration_make(1.5, TA_TIME_UNIT_MINUTE).seconds == 90.0);
    assert_true(ta_duration_make(2, TA_TIME_UNIT_HOUR).seconds == 7200.0);
    assert_true(ta_duration_make(-250, TA_TIME_UNIT_MILLISECOND).seconds == -0.25);
    assert_true(ta_duration_from_seconds(1.0 / 60.0).seconds == 1.0 / 60.0);
    /* 1/3 of a millisecond is not exact in any unit; it is the division */
    assert_true(ta_duration_make(1.0 / 3.0, TA_TIME_UNIT_MILLISECOND).seconds == (1.0 / 3.0) / 1000.0);
}

static void test_duration_in_a_unit(void **state)
{
    (void)state;
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(0.5), TA_TIME_UNIT_MILLISECOND) == 500.0);
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(90), TA_TIME_UNIT_MINUTE) == 1.5);
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(5400), TA_TIME_UNIT_HOUR) == 1.5);
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(0.25), TA_TIME_UNIT_MICROSECOND) == 250000.0);
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(2e-9), TA_TIME_UNIT_NANOSECOND) == 2.0);
    assert_true(ta_duration_to_unit(ta_duration_from_seconds(1.25), TA_TIME_UNIT_SECOND) == 1.25);
    /* there and back */
    for (int ms = -1000; ms <= 1000; ms += 7)
        assert_true(ta_duration_to_unit(ta_duration_make(ms, TA_TIME_UNIT_MILLISECOND), TA_TIME_UNIT_MILLISECOND) == (double)ms);
}

static void test_unknown_unit_gives_nan(void **state)
{
    (void)state;
    /* the header's promise: every call that takes a duration refuses NaN */
    assert_true(isnan(ta_duration_make(1, (ta_time_unit)99).seconds));
    assert_true(isnan(ta_duration_make(0, (ta_time_unit)-1).seconds));
    assert_true(isnan(ta_duration_to_unit(ta_duration_from_seconds(1), (ta_time_unit)6)));
}

typedef struct manual_time {
    const double *times;
    int next;
} manual_time;

static double manual_source(void *user)
{
    manual_time *m = (manual_time *)user;
    return m->times[m->next++];
}

static void test_clock_returns_deltas_from_its_source(void **state)
{
    (void)state;
    const double times[] = {10.0, 10.25, 11.0, 11.0, 20.5};
    manual_time m = {times, 0};
    ta_clock clock;
    ta_clock_start(&clock, manual_source, &m);
    assert_true(ta_clock_delta(&clock).seconds == 0.0); /* the first call */
    assert_true(ta_clock_delta(&clock).seconds == 0.25);
    assert_true(ta_clock_delta(&clock).seconds == 0.75);
    assert_true(ta_clock_delta(&clock).seconds == 0.0);
    assert_true(ta_clock_delta(&clock).seconds == 9.5);
    assert_int_equal(m.next, 5); /* one read per call */
}

static void test_clock_on_the_system_clock(void **state)
{
    (void)state;
    ta_clock clock;
    ta_clock_start(&clock, NULL, NULL);
    assert_true(clock.source == ta_clock_monotonic_seconds);
    assert_true(ta_clock_delta(&clock).seconds == 0.0);
    double a = ta_clock_monotonic_seconds(NULL);
    for (int i = 0; i < 100; ++i) {
        double d = ta_clock_delta(&clock).seconds;
        assert_true(d >= 0 && d < 60);
    }
    assert_true(ta_clock_monotonic_seconds(NULL) >= a);
    /* a zeroed clock reads the system clock too */
    ta_clock zero;
    memset(&zero, 0, sizeof zero);
    assert_true(ta_clock_delta(&zero).seconds == 0.0);
    assert_true(ta_clock_delta(&zero).seconds >= 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_duration_units_convert_exactly),
        cmocka_unit_test(test_duration_in_a_unit),
        cmocka_unit_test(test_unknown_unit_gives_nan),
        cmocka_unit_test(test_clock_returns_deltas_from_its_source),
        cmocka_unit_test(test_clock_on_the_system_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
