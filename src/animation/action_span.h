/*
 * src/animation/action_span.h -- where one update moved an action along its
 * own time line: the clip laid end to end once per repetition (for
 * PING_PONG, a forward leg then a backward one, a period of twice the clip).
 * Markers (marker_events.c) and root motion (root_motion.c) read it. Not
 * public.
 *
 * A place on the line is (period k, offset x in the period, tie). The tie
 * orders points at the same offset: an action that finishes stops "just
 * after" its end point in its direction (tie = direction), so the half-open
 * span of animation_markers.h takes the markers on it.
 */
#ifndef THREEANIM_SRC_ANIMATION_ACTION_SPAN_H
#define THREEANIM_SRC_ANIMATION_ACTION_SPAN_H

#include <stdbool.h>
#include <stdint.h>

#include "animation/action_clock.h"

typedef struct ta__place {
    int64_t k;
    double x;
    int tie;
} ta__place;

typedef struct ta__span {
    ta__place from, to; /* from.k is 0: periods are counted from the start of the move */
    int dir;            /* 1 or -1; 0: the action did not move */
    double period;      /* D, or 2D for PING_PONG */
    bool ping_pong;
} ta__span;

/* The span of a move from clock state before to after (move is the clock's
 * report of it). before must be the state the move started from. */
void ta__action_span(const ta__clock_params *params, const ta__clock_state *before, const ta__clock_state *after,
                     const ta__clock_move *move, ta__span *out);

/* -1, 0 or 1 as a is before, at or after b on the line. */
static inline int ta__place_cmp(ta__place a, ta__place b)
{
    if (a.k != b.k) return a.k < b.k ? -1 : 1;
    if (a.x != b.x) return a.x < b.x ? -1 : 1;
    return (a.tie > b.tie) - (a.tie < b.tie);
}

#endif
