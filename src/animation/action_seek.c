/* Seeks that report what they skip. See animation_seek.h. */
#include <math.h>

#include "animation/marker_events.h"
#include "animation/root_motion_internal.h"
#include "threeanim/animation_seek.h"

void ta_mixer_set_seek_reports(ta_mixer *m, bool report)
{
    if (m != NULL) m->seek_reports = report;
}

ta_result ta_mixer_seek_action(ta_mixer *m, uint32_t index, ta_duration by, bool report, ta_error *err)
{
    ta_action *a = NULL;
    ta_result r = ta_mixer_action(m, index, &a, err);
    if (r != TA_OK) return r;
    if (!isfinite(by.seconds))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "by: %g is not a finite number", by.seconds);
    if (!ta_action_is_active(a))
        return ta__fail(err, TA_ERROR_BAD_STATE, "action %u: is not active; play it before seeking it", index);
    ta__clock_params params = ta__action_clock_params(a);
    ta__action_run next = a->run;
    ta__clock_move move;
    ta_error local;
    r = ta__clock_advance(&params, &next.clock, by.seconds, &move, &local);
    if (r != TA_OK) return ta__fail(err, r, "action %u: %s", index, local.message);
    /* Nothing refused from here on. */
    ta__action_step step = {next, move};
    a->step = &step;
    m->event_count = 0;
    m->event_read = 0;
    ta__root_motion_begin(m);
    ta__mixer_report_move(m, a, false, report);
    if (report && move.event != TA__CLOCK_NO_EVENT && m->event_count < m->event_capacity) {
        ta_animation_event *ev = &m->events[m->event_count++];
        ev->kind = move.event == TA__CLOCK_LOOPED ? TA_EVENT_KIND_LOOPED : TA_EVENT_KIND_FINISHED;
        ev->action = index;
        ev->loop_delta = move.loop_delta;
        ev->direction = move.direction;
        ev->marker = 0;
        ev->loop = 0;
        ev->count = 0;
    }
    a->run = step.next;
    a->step = NULL;
    return TA_OK;
}
