/*
 * src/animation/action_clock.h -- how an action's phase moves, however large
 * the advance. Pure functions over a small state, so the
 * mixer can compute every action's move, check it, and only then commit.
 *
 * The phase is a float32. A move first rounds the scaled step to float32, then
 * rounds phase + step to float32 ("sum"); loop accounting uses those stored
 * results. For REPEAT and PING_PONG the whole count floor(sum / D) and the
 * residual come from exact binary arithmetic (128-bit integers over the two
 * numbers' mantissas), never from a loop over elapsed repetitions; a residual
 * that rounds up to its leg's boundary becomes the float32 just below it, and
 * a residual of zero is +0. PING_PONG phases run over [0, 2D): leg 0 reads
 * the phase, leg 1 reads 2D - phase.
 *
 * three.js's quirks kept (its r180 rules): arrival at the forward end is a
 * crossing; arrival at zero going backward is not, until the phase goes below
 * zero; the first backward crossing of a new action is not a completed
 * repetition (its loop count stays -1 until then, and for PING_PONG the first
 * reverse wrap lands on leg 0, as three.js's odd -1 count reads it); ONCE
 * finishes at the forward end and below the backward end.
 *
 * Refusals (TA_ERROR_CLOCK_RANGE): a scaled step or sum that is not finite; a
 * crossing count or a starting whole count past int64; a loop count past
 * int64; a residual past float32. A finite repetition limit finishes a jump of
 * any size at the last permitted endpoint, without needing the full count.
 */
#ifndef THREEANIM_SRC_ANIMATION_ACTION_CLOCK_H
#define THREEANIM_SRC_ANIMATION_ACTION_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "core/internal.h"
#include "threeanim/animation_action.h"
#include "threeanim/keyframe_track.h"

typedef struct ta__clock_params {
    ta_loop_mode loop;     /* ONCE, REPEAT or PING_PONG */
    int64_t repetitions;   /* >= 0, or TA_ACTION_ENDLESS */
    double duration;       /* the clip's, > 0 */
    bool clamp_when_finished;
    bool zero_slope_at_start;
    bool zero_slope_at_end;
} ta__clock_params;

typedef struct ta__clock_state {
    int64_t loop_count;    /* -1: not yet counted */
    float phase;
    ta_ending ending_start;
    ta_ending ending_end;
    int8_t direction;      /* the sign of the last move that was not zero; 0 before any */
    bool started;          /* the clock has moved since the last reset */
    bool enabled;
    bool paused;
} ta__clock_state;

typedef enum ta__clock_event {
    TA__CLOCK_NO_EVENT = 0,
    TA__CLOCK_LOOPED,
    TA__CLOCK_FINISHED
} ta__clock_event;

typedef struct ta__clock_move {
    ta__clock_event event;
    int64_t loop_delta;    /* LOOPED: signed crossings */
    int32_t direction;     /* of the event */
    double read_time;      /* where the clip is read after the move */
} ta__clock_move;

/* Moves state by step (seconds of clip time: the mixer's delta times the
 * action's effective time scale, not yet rounded). On refusal state is
 * unchanged. */
ta_result ta__clock_advance(const ta__clock_params *params, ta__clock_state *state, double step,
                            ta__clock_move *out_move, ta_error *err);

/* Where the clip is read at the current phase, without moving. */
double ta__clock_read_time(const ta__clock_params *params, const ta__clock_state *state);

/* The exact floor(x / m) and x - floor(x / m) * m, rounded to float32 below
 * the boundary (exposed for the reference tests). Returns false when the
 * quotient does not fit in 100 bits (*huge is then true). */
bool ta__clock_divmod(float x, double m, __int128 *out_quotient, bool *out_huge, float *out_residual,
                      bool *out_residual_overflow);

#endif
