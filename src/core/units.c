/* Durations in seconds and a clock that returns deltas. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <time.h>

#include "threeanim/units.h"

static double unit_seconds(ta_time_unit unit)
{
    switch (unit) {
    case TA_SECOND: return 1.0;
    case TA_MILLISECOND: return 1e-3;
    case TA_MICROSECOND: return 1e-6;
    case TA_NANOSECOND: return 1e-9;
    case TA_MINUTE: return 60.0;
    case TA_HOUR: return 3600.0;
    }
    return NAN;
}

ta_duration ta_duration_make(double value, ta_time_unit unit)
{
    /* Exact for seconds, minutes and hours; the sub-second units divide so that
     * 500 ms is the double nearest 0.5, not 500 * 0.001. */
    double per = unit_seconds(unit);
    if (per < 1.0) return ta_seconds(value / (1.0 / per));
    return ta_seconds(value * per);
}

double ta_duration_in(ta_duration d, ta_time_unit unit)
{
    double per = unit_seconds(unit);
    if (per < 1.0) return d.seconds * (1.0 / per);
    return d.seconds / per;
}

double ta_monotonic_seconds(void *user)
{
    (void)user;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void ta_clock_init(ta_clock *clock, ta_time_source source, void *user)
{
    clock->source = source != NULL ? source : ta_monotonic_seconds;
    clock->user = user;
    clock->last = 0;
    clock->started = false;
}

ta_duration ta_clock_delta(ta_clock *clock)
{
    ta_time_source source = clock->source != NULL ? clock->source : ta_monotonic_seconds;
    double now = source(clock->user);
    double delta = clock->started ? now - clock->last : 0.0;
    clock->last = now;
    clock->started = true;
    return ta_seconds(delta);
}
