/* The TA_EVENT_KIND_MARKER events of one action's move, by the rules of
 * animation_markers.h: the markers' points in one period of the action's
 * line, walked over the half-open span of the move. */
#include "animation/marker_events.h"
#include "animation/root_motion_internal.h"
#include "threeanim/animation_markers.h"

/* A marker's point in a period: its time, and for PING_PONG also its mirror
 * on the backward leg (a marker at an end has one point). Points ascend with
 * i: the forward leg's by time, then the backward leg's by falling time. */
typedef struct points {
    const ta_clip_marker *markers;
    uint32_t count;   /* markers */
    uint32_t forward; /* PING_PONG: markers before the end (their forward points) */
    uint32_t total;
    double d;
    bool ping_pong;
} points;

static double marker_time(const points *p, uint32_t marker)
{
    double t = p->markers[marker].time.seconds;
    return t > p->d ? p->d : t; /* a clip shortened after its markers were set */
}

static void make_points(points *p, const ta_clip *clip, double d, bool ping_pong)
{
    p->markers = clip->markers;
    p->count = clip->marker_count;
    p->d = d;
    p->ping_pong = ping_pong;
    p->forward = p->count;
    p->total = p->count;
    if (!ping_pong) return;
    uint32_t before_end = 0, after_start = 0;
    for (uint32_t i = 0; i < p->count; ++i) {
        double t = marker_time(p, i);
        before_end += t < d;
        after_start += t > 0;
    }
    p->forward = before_end;
    p->total = before_end + after_start;
}

/* Point i: its marker and its offset in the period. */
static uint32_t point_at(const points *p, uint32_t i, double *x)
{
    if (i < p->forward) {
        *x = marker_time(p, i);
        return i;
    }
    /* The backward leg: markers after the start, latest first. Markers are
     * sorted, so those with t > 0 are the last after_start of them. */
    uint32_t marker = p->count - 1 - (i - p->forward);
    *x = 2 * p->d - marker_time(p, marker);
    return marker;
}

/* k + d, held at the int64 ends (a period counted past them reads as the end). */
static int64_t add_sat(int64_t k, int64_t d)
{
    __int128 s = (__int128)k + d;
    return s > INT64_MAX ? INT64_MAX : s < INT64_MIN ? INT64_MIN : (int64_t)s;
}

/* stop: the point is where a finishing action stops (the span's end). */
static void emit(ta_mixer *m, const ta_action *a, const points *p, int dir, uint32_t i, int64_t k, int64_t count,
                 bool stop)
{
    if (m->event_count >= m->event_capacity) return; /* reserved at add: cannot happen */
    double x;
    uint32_t marker = point_at(p, i, &x);
    ta_animation_event *ev = &m->events[m->event_count++];
    ev->kind = TA_EVENT_KIND_MARKER;
    ev->action = a->index;
    ev->loop_delta = 0;
    ev->marker = marker;
    ev->count = count;
    if (!p->ping_pong) {
        ev->direction = dir;
        ev->loop = k;
        return;
    }
    /* A point on an end of the clip takes the leg the action turns into, the
     * one above it on the line moving forward, below it moving backward;
     * where the action stops, the leg it ran, as three.js counts it: a finite
     * count runs out there, and the next leg never happens. */
    const bool above = (dir > 0) != stop;
    const int leg = above ? (x < p->d ? 0 : 1) : (x == 0 ? -1 : (x <= p->d ? 0 : 1));
    ev->direction = leg == 0 ? dir : -dir; /* a backward leg reads the clip against the action */
    ev->loop = add_sat(add_sat(k, k), leg);
}

static ta__place point_place(const points *p, uint32_t i, int64_t k)
{
    ta__place q;
    point_at(p, i, &q.x);
    q.k = k;
    q.tie = 0;
    return q;
}

/* Whether point q is where the span's finishing action stops. */
static bool at_stop(const ta__span *s, ta__place q)
{
    return s->to.tie != 0 && q.k == s->to.k && q.x == s->to.x;
}

void ta__marker_events(ta_mixer *m, const ta_action *a, const ta__span *s, int64_t period_before)
{
    if (a->clip->marker_count == 0 || s->dir == 0) return;
    points p;
    make_points(&p, a->clip, s->ping_pong ? s->period / 2 : s->period, s->ping_pong);
    const int dir = s->dir;
    const int64_t k_from = period_before, whole = dir > 0 ? s->to.k - s->from.k : s->from.k - s->to.k;
    if (whole < 0 || (whole == 0 && ta__place_cmp(s->to, s->from) * dir <= 0)) return; /* no span, or inverted */
    if (dir > 0) {
        for (uint32_t i = 0; i < p.total; ++i) {
            ta__place q = point_place(&p, i, 0);
            if (ta__place_cmp(q, s->from) >= 0 && (whole > 0 || ta__place_cmp(q, s->to) < 0))
                emit(m, a, &p, dir, i, k_from, 1, at_stop(s, q));
        }
        if (whole >= 2)
            for (uint32_t i = 0; i < p.total; ++i) emit(m, a, &p, dir, i, add_sat(k_from, 1), whole - 1, false);
        if (whole >= 1)
            for (uint32_t i = 0; i < p.total; ++i) {
                ta__place q = point_place(&p, i, s->to.k);
                if (ta__place_cmp(q, s->to) < 0) emit(m, a, &p, dir, i, add_sat(k_from, whole), 1, at_stop(s, q));
            }
        return;
    }
    for (uint32_t n = p.total; n-- > 0;) {
        ta__place q = point_place(&p, n, 0);
        if (ta__place_cmp(q, s->from) <= 0 && (whole > 0 || ta__place_cmp(q, s->to) > 0))
            emit(m, a, &p, dir, n, k_from, 1, at_stop(s, q));
    }
    if (whole >= 2)
        for (uint32_t n = p.total; n-- > 0;) emit(m, a, &p, dir, n, add_sat(k_from, -1), whole - 1, false);
    if (whole >= 1)
        for (uint32_t n = p.total; n-- > 0;) {
            ta__place q = point_place(&p, n, s->to.k);
            if (ta__place_cmp(q, s->to) > 0) emit(m, a, &p, dir, n, add_sat(k_from, -whole), 1, at_stop(s, q));
        }
}

uint32_t ta__marker_event_bound(const ta_clip *clip)
{
    /* three walks (first period, whole periods, last period) over at most two
     * points per marker */
    return clip->marker_count * 6u;
}

void ta__mixer_report_move(ta_mixer *m, ta_action *a, bool seek, bool report)
{
    const bool root = ta__root_drives(m, a);
    if (a->clip->marker_count == 0 && !root) return;
    ta__clock_params params = ta__action_clock_params(a);
    ta__clock_state before = a->run.clock;
    int64_t period = a->run.period;
    if (seek) {
        before.phase = 0.0f;
        period = 0;
    }
    ta__span s;
    ta__action_span(&params, &before, &a->step->next.clock, &a->step->move, &s);
    if (report) {
        ta__marker_events(m, a, &s, period);
        if (root) ta__root_motion_add(m, a, &before, &s);
    }
    a->step->next.period = add_sat(period, s.to.k);
}
