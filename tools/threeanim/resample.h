/*
 * tools/threeanim/resample.h -- `convert --resample FPS`: a clip's
 * CUBIC_SPLINE tracks (which three.js JSON cannot hold) sampled at a rate
 * into LINEAR keys, and how far the straight pieces stray from the curve.
 *
 * Ownership: resample_clip makes a new clip (the caller releases it) or none
 * when the clip has no CUBIC_SPLINE track; it never changes its input.
 */
#ifndef THREEANIM_TOOLS_RESAMPLE_H
#define THREEANIM_TOOLS_RESAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/threeanim.h"

/* More LINEAR keys than this in one track is refused (a rate far too high
 * for the track's length). */
#define RESAMPLE_MAX_KEYS 10000000u

/* The largest difference between a resampled track and its curve, over all
 * the tracks resampled: rotations in degrees (the angle between the two),
 * other values in their own unit (the largest difference of one number). */
typedef struct resample_report {
    uint32_t tracks;        /* tracks resampled */
    double rotation_degrees;
    double value;
    uint32_t rotation_track; /* the track of each largest, in its clip */
    uint32_t value_track;
    double rotation_at, value_at; /* and the time it is at */
} resample_report;

/* Samples each CUBIC_SPLINE track of clip at t0, t0 + 1/fps, ... and at its
 * last key's time, as LINEAR keys (rotations normalized, so slerp runs between
 * them); the other tracks are copied. *out is NULL when there was nothing to
 * resample. report is reset, then filled. */
ta_result resample_clip(const ta_clip *clip, double fps, ta_clip **out, resample_report *report, ta_error *err);

#endif
