/*
 * threeanim/units.h -- durations and a clock.
 *
 * A ta_duration is a length of time in seconds, held as a double so that a
 * mixer's clock can run for days without losing milliseconds. Calls that take
 * a length of time (fades, warps, start times, update deltas) take a
 * ta_duration, so a frame count cannot be passed where seconds are meant.
 *
 *     ta_mixer_update(mixer, scene, ta_seconds(1.0 / 60.0), &err);
 *     ta_action_fade_in(walk, ta_duration_make(500, TA_MILLISECOND), &err);
 *
 * A ta_clock returns the time since its last call, for a render loop:
 *
 *     ta_clock clock;
 *     ta_clock_init(&clock, NULL, NULL);     // the monotonic system clock
 *     for (;;) ta_mixer_update(mixer, scene, ta_clock_delta(&clock), &err);
 *
 * A clock can also read a caller's time source (a function returning seconds),
 * which tests use to step it by hand.
 */
#ifndef THREEANIM_UNITS_H
#define THREEANIM_UNITS_H

#include <stdbool.h>

#include "threeanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ta_duration { double seconds; } ta_duration;

typedef enum ta_time_unit {
    TA_SECOND = 0,
    TA_MILLISECOND,
    TA_MICROSECOND,
    TA_NANOSECOND,
    TA_MINUTE,
    TA_HOUR
} ta_time_unit;

static inline ta_duration ta_seconds(double s) { ta_duration d = {s}; return d; }
/* value in unit, as seconds. An unknown unit gives NaN, which every call that
 * takes a duration refuses. */
TA_API ta_duration ta_duration_make(double value, ta_time_unit unit);
TA_API double ta_duration_in(ta_duration d, ta_time_unit unit);

/* Seconds from an arbitrary fixed point, rising. */
typedef double (*ta_time_source)(void *user);

typedef struct ta_clock {
    ta_time_source source; /* NULL: the monotonic system clock */
    void *user;
    double last;
    bool started;
} ta_clock;

TA_API void ta_clock_init(ta_clock *clock, ta_time_source source, void *user);
/* The time since the previous call; zero on the first call. */
TA_API ta_duration ta_clock_delta(ta_clock *clock);
/* The monotonic system clock, in seconds. */
TA_API double ta_monotonic_seconds(void *user);

#ifdef __cplusplus
}
#endif

#endif
