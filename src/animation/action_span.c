/* An update's move along the action's time line. See action_span.h. */
#include <math.h>

#include "animation/action_span.h"

/* Leg arithmetic in 128 bits: counts near the int64 ends (a repetition count
 * of INT64_MAX - 1, a crossing count the clock allows) cannot overflow it; the
 * period, half a leg count, then fits int64. */
typedef __int128 i128;

static int64_t floor_div2(i128 v)
{
    i128 q = v >= 0 ? v / 2 : -((-v + 1) / 2);
    return q > INT64_MAX ? INT64_MAX : q < INT64_MIN ? INT64_MIN : (int64_t)q;
}

/* The place of leg boundary b (b legs of D from the line's start). */
static ta__place boundary(i128 b, double d, int tie)
{
    ta__place p;
    p.k = floor_div2(b);
    p.x = (b - 2 * (i128)p.k) ? d : 0.0;
    p.tie = tie;
    return p;
}

void ta__action_span(const ta__clock_params *p, const ta__clock_state *before, const ta__clock_state *after,
                     const ta__clock_move *move, ta__span *out)
{
    const double d = p->duration;
    const bool pp = p->loop == TA_LOOP_MODE_PING_PONG;
    out->ping_pong = pp;
    out->period = pp ? 2 * d : d;
    out->from.k = 0;
    out->from.x = before->phase;
    out->from.tie = 0;
    out->to = out->from;
    out->dir = 0;
    if (move->event == TA__CLOCK_NO_EVENT && after->phase == before->phase && after->direction == before->direction &&
        after->started == before->started)
        return; /* no move */
    int dir = move->direction != 0 ? move->direction : after->direction;
    if (dir == 0) return;
    out->dir = dir;
    /* The clock reports the count it started from for a new action: a forward
     * one counts from 0, a backward one from -1 (three.js's first backward
     * crossing completes nothing). */
    int64_t count = before->loop_count;
    if (count == -1 && dir > 0) count = 0;
    /* three.js's new backward PING_PONG action reads its -1 count as an odd leg. */
    const bool shift = pp && before->loop_count == -1 && !before->started && dir < 0;

    if (p->loop == TA_LOOP_MODE_ONCE) {
        out->to.x = after->phase;
        out->to.tie = move->event == TA__CLOCK_FINISHED ? dir : 0;
        return;
    }
    if (!pp) {
        if (move->event == TA__CLOCK_FINISHED) {
            /* wraps before the last crossing, which stops at an end */
            int64_t wraps = (int64_t)((i128)p->repetitions - count - 1 > INT64_MAX ? INT64_MAX
                                                                                     : (i128)p->repetitions - count - 1);
            if (wraps < 0) wraps = 0;
            out->to.k = dir > 0 ? wraps : -wraps;
            out->to.x = dir > 0 ? d : 0.0;
            out->to.tie = dir;
        } else {
            out->to.k = move->event == TA__CLOCK_LOOPED ? move->loop_delta : 0;
            out->to.x = after->phase;
        }
        return;
    }
    /* PING_PONG: legs from the start of the period the move starts in. The
     * shifted action starts as if on the backward leg, at its phase plus D
     * (where its first move lands shows it). */
    if (shift) out->from.x = (double)before->phase + d;
    i128 leg0 = (before->phase >= d || shift) ? 1 : 0;
    if (move->event == TA__CLOCK_FINISHED) {
        i128 j = (i128)p->repetitions - count;
        if (j < 1) j = 1;
        i128 b;
        if (shift && j == 1)
            b = leg0;
        else
            b = dir > 0 ? leg0 + j : leg0 - j + 1;
        out->to = boundary(b, d, dir);
        return;
    }
    i128 crossed = move->event == TA__CLOCK_LOOPED ? move->loop_delta : 0;
    i128 leg1 = leg0 + crossed;
    i128 n1 = after->phase >= d ? 1 : 0;
    out->to.k = floor_div2(leg1 - n1);
    out->to.x = after->phase;
}
