/*
 * src/animation/marker_events.h -- turns an action's move (action_span.h)
 * into TA_EVENT_KIND_MARKER events, by the rules animation_markers.h states. Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_MARKER_EVENTS_H
#define THREEANIM_SRC_ANIMATION_MARKER_EVENTS_H

#include "animation/action_span.h"
#include "animation/mixer_internal.h"

/* Appends a's markers passed in span s to m's events; period_before is the
 * action's period at the start of the move (its repetition count for the
 * events' loop). Never writes past m->event_capacity. */
void ta__marker_events(ta_mixer *m, const ta_action *a, const ta__span *s, int64_t period_before);

/* What an action's committed move reports besides its clock event: its
 * markers (and, with root motion, its share of the motion), when report.
 * Reads a->run (the state before; from phase 0 and period 0 when from_zero,
 * as set_time moves) and a->next (after); sets a->next.period either way. */
void ta__mixer_report_move(ta_mixer *m, ta_action *a, bool from_zero, bool report);

/* The most marker events one action on clip can make in one update. */
uint32_t ta__marker_event_bound(const ta_clip *clip);

#endif
