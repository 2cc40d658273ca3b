/**
 * @file
 * threeanim/units.h -- durations and a clock.
 *
 * A ta_duration is a length of time in seconds, held as a double so that a
 * mixer's clock can run for days without losing milliseconds. Calls that take
 * a length of time (fades, warps, start times, update deltas) take a
 * ta_duration, so a frame count cannot be passed where seconds are meant.
 *
 *     ta_mixer_update(mixer, scene, ta_duration_from_seconds(1.0 / 60.0), &err);
 *     ta_action_fade_in(walk, ta_duration_make(500, TA_TIME_UNIT_MILLISECOND), &err);
 *
 * A ta_clock returns the time since its last call, for a render loop:
 *
 *     ta_clock clock;
 *     ta_clock_start(&clock, NULL, NULL);     // the monotonic system clock
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

/** A length of time in seconds (a double). */
typedef struct ta_duration { double seconds; /**< may be negative: a step back */ } ta_duration;

/** The units ta_duration_make and ta_duration_to_unit convert from and to. */
typedef enum ta_time_unit {
    TA_TIME_UNIT_SECOND = 0,  /**< 1 s */
    TA_TIME_UNIT_MILLISECOND, /**< 1/1000 s */
    TA_TIME_UNIT_MICROSECOND, /**< 1/1000000 s */
    TA_TIME_UNIT_NANOSECOND,  /**< 1/1000000000 s */
    TA_TIME_UNIT_MINUTE,      /**< 60 s */
    TA_TIME_UNIT_HOUR         /**< 3600 s */
} ta_time_unit;

/**
 * A duration of s seconds.
 *
 * @ownership A value; nothing to free.
 * @errors None; a NaN or an infinity is refused by the call that takes the duration.
 * @threejs Plain seconds, as every three.js animation call takes them.
 */
static inline ta_duration ta_duration_from_seconds(double s) { ta_duration d = {s}; return d; }

/**
 * value in unit, as seconds. 500 TA_TIME_UNIT_MILLISECOND is 500 / 1000, the double nearest 0.5 (one exact
 * division, not a multiply by 0.001). An unknown unit gives NaN, which every call that takes a
 * duration refuses.
 *
 * @ownership A value; nothing to free.
 * @errors None here: an unknown unit gives NaN.
 * @threejs None: three.js takes seconds.
 */
TA_API ta_duration ta_duration_make(double value, ta_time_unit unit);

/**
 * d in unit (NaN for an unknown unit): ta_duration_to_unit(ta_duration_from_seconds(1.5), TA_TIME_UNIT_MILLISECOND) is 1500.
 *
 * @ownership A value; nothing to free.
 * @errors None: an unknown unit gives NaN.
 * @threejs None: three.js takes seconds.
 */
TA_API double ta_duration_to_unit(ta_duration d, ta_time_unit unit);

/** Seconds from an arbitrary fixed point, rising. */
typedef double (*ta_time_source)(void *user);

/** A clock for a render loop: each ta_clock_delta returns the time since the last one. */
typedef struct ta_clock {
    ta_time_source source; /**< NULL: the monotonic system clock */
    void *user;            /**< passed to source */
    double last;           /**< the source's reading at the last delta */
    bool started;          /**< false until the first delta */
} ta_clock;

/**
 * Starts a clock on a time source (NULL: the monotonic system clock, ta_clock_monotonic_seconds) with its
 * user pointer. The first ta_clock_delta returns zero.
 *
 * @ownership clock is the caller's (a plain struct, nothing to free); user is only passed to
 * source.
 * @errors None; clock must not be NULL.
 * @threejs new Clock(): but three.js's first getDelta returns the time since the clock started, and
 * this clock's first delta is zero.
 */
TA_API void ta_clock_start(ta_clock *clock, ta_time_source source, void *user);

/**
 * The time since the previous call; zero on the first call. A source that goes backward gives a
 * negative delta, which ta_mixer_update refuses only if it is not finite (a negative delta runs the
 * actions backward, as in three.js).
 *
 * @ownership Changes clock only.
 * @errors None; clock must not be NULL.
 * @threejs Clock.getDelta.
 */
TA_API ta_duration ta_clock_delta(ta_clock *clock);

/**
 * The monotonic system clock (CLOCK_MONOTONIC), in seconds from an arbitrary fixed point: a
 * ta_time_source; user is ignored.
 *
 * @ownership None.
 * @errors None.
 * @threejs performance.now() / 1000, which three.js's Clock reads.
 */
TA_API double ta_clock_monotonic_seconds(void *user);

#ifdef __cplusplus
}
#endif

#endif
