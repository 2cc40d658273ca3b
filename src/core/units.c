/* Durations in seconds and a clock that returns deltas. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <time.h>

#include "threeanim/units.h"

/* A unit as a whole number of seconds (per_second 1) or as a whole fraction of
 * one (seconds 1), so that a conversion is one exact-operand multiply or
 * divide: 500 ms is 500 / 1000, the double nearest 0.5, not 500 * 0.001. */
typedef struct unit_scale {
    double seconds;
    double per_second;
} unit_scale;

static unit_scale unit_scale_of(ta_time_unit unit)
{
    unit_scale u = {NAN, NAN};
    switch (unit) {
    case TA_TIME_UNIT_SECOND: u.seconds = 1; u.per_second = 1; break;
    case TA_TIME_UNIT_MILLISECOND: u.seconds = 1; u.per_second = 1e3; break;
    case TA_TIME_UNIT_MICROSECOND: u.seconds = 1; u.per_second = 1e6; break;
    case TA_TIME_UNIT_NANOSECOND: u.seconds = 1; u.per_second = 1e9; break;
    case TA_TIME_UNIT_MINUTE: u.seconds = 60; u.per_second = 1; break;
    case TA_TIME_UNIT_HOUR: u.seconds = 3600; u.per_second = 1; break;
    }
    return u;
}

ta_duration ta_duration_make(double value, ta_time_unit unit)
{
    unit_scale u = unit_scale_of(unit);
    return ta_duration_from_seconds(value * u.seconds / u.per_second);
}

double ta_duration_to_unit(ta_duration d, ta_time_unit unit)
{
    unit_scale u = unit_scale_of(unit);
    return d.seconds * u.per_second / u.seconds;
}

double ta_clock_monotonic_seconds(void *user)
{
    (void)user;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void ta_clock_start(ta_clock *clock, ta_time_source source, void *user)
{
    clock->source = source != NULL ? source : ta_clock_monotonic_seconds;
    clock->user = user;
    clock->last = 0;
    clock->started = false;
}

ta_duration ta_clock_delta(ta_clock *clock)
{
    ta_time_source source = clock->source != NULL ? clock->source : ta_clock_monotonic_seconds;
    double now = source(clock->user);
    double delta = clock->started ? now - clock->last : 0.0;
    clock->last = now;
    clock->started = true;
    return ta_duration_from_seconds(delta);
}
