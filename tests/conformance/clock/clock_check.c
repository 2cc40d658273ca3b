/* Runs the action clock on the cases reference.mjs wrote, and compares every
 * move with the exact-arithmetic reference: the phase bit for bit, the loop
 * count, the flags, the endings, the event, the read time, and refusals. */
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/action_clock.h"

static int64_t big(json_t *v)
{
    const char *s = json_string_value(v);
    return s ? strtoll(s, NULL, 10) : (int64_t)json_integer_value(v);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: clock_check CASES.json\n");
        return 2;
    }
    json_error_t jerr;
    json_t *doc = json_load_file(argv[1], 0, &jerr);
    if (doc == NULL) {
        fprintf(stderr, "%s: %s\n", argv[1], jerr.text);
        return 2;
    }
    json_t *cases = json_object_get(doc, "cases");
    size_t ci, moves = 0, refusals = 0, finishes = 0, loops = 0, failures = 0;
    json_t *c;
    json_array_foreach(cases, ci, c)
    {
        json_t *jp = json_object_get(c, "params"), *js = json_object_get(c, "state");
        ta__clock_params p;
        const char *loop = json_string_value(json_object_get(jp, "loop"));
        p.loop = strcmp(loop, "once") == 0 ? TA_LOOP_MODE_ONCE : strcmp(loop, "repeat") == 0 ? TA_LOOP_MODE_REPEAT : TA_LOOP_MODE_PING_PONG;
        json_t *reps = json_object_get(jp, "repetitions");
        p.repetitions = json_is_string(reps) ? TA_ACTION_ENDLESS : (int64_t)json_number_value(reps);
        p.duration = json_number_value(json_object_get(jp, "duration"));
        p.clamp_when_finished = json_is_true(json_object_get(jp, "clamp"));
        p.zero_slope_at_start = json_is_true(json_object_get(jp, "zeroSlopeAtStart"));
        p.zero_slope_at_end = json_is_true(json_object_get(jp, "zeroSlopeAtEnd"));
        ta__clock_state s;
        memset(&s, 0, sizeof s);
        s.phase = (float)json_number_value(json_object_get(js, "phase"));
        s.loop_count = big(json_object_get(js, "loopCount"));
        s.started = json_is_true(json_object_get(js, "started"));
        s.enabled = json_is_true(json_object_get(js, "enabled"));
        s.paused = json_is_true(json_object_get(js, "paused"));
        json_t *steps = json_object_get(c, "steps"), *expected = json_object_get(c, "expected");
        size_t k;
        json_t *step;
        json_array_foreach(steps, k, step)
        {
            json_t *e = json_array_get(expected, k);
            ta__clock_move mv;
            ta_error err = {0};
            ta__clock_state before = s;
            ta_result r = ta__clock_advance(&p, &s, json_number_value(step), &mv, &err);
            moves++;
            const char *why = NULL;
            if (json_object_get(e, "refused") != NULL) {
                refusals++;
                if (r != TA_ERROR_CLOCK_RANGE) why = "the reference refuses this move";
                else if (memcmp(&before, &s, sizeof s) != 0) why = "a refused move changed the state";
            } else if (r != TA_OK) {
                why = err.message;
            } else {
                const char *ev = json_string_value(json_object_get(e, "event"));
                ta__clock_event want = strcmp(ev, "looped") == 0 ? TA__CLOCK_LOOPED
                                       : strcmp(ev, "finished") == 0 ? TA__CLOCK_FINISHED
                                                                     : TA__CLOCK_NO_EVENT;
                if (want == TA__CLOCK_FINISHED) finishes++;
                if (want == TA__CLOCK_LOOPED) loops++;
                float phase = (float)json_number_value(json_object_get(e, "phase"));
                if (memcmp(&phase, &s.phase, sizeof phase) != 0) why = "phase";
                else if (s.loop_count != big(json_object_get(e, "loopCount"))) why = "loop count";
                else if (s.started != json_is_true(json_object_get(e, "started"))) why = "started";
                else if (s.enabled != json_is_true(json_object_get(e, "enabled"))) why = "enabled";
                else if (s.paused != json_is_true(json_object_get(e, "paused"))) why = "paused";
                else if ((int)s.ending_start != (int)json_integer_value(json_object_get(e, "endingStart"))) why = "ending start";
                else if ((int)s.ending_end != (int)json_integer_value(json_object_get(e, "endingEnd"))) why = "ending end";
                else if (mv.event != want) why = "event";
                else if (want == TA__CLOCK_LOOPED && mv.loop_delta != big(json_object_get(e, "loopDelta"))) why = "loop delta";
                else if (want != TA__CLOCK_NO_EVENT && mv.direction != (int)json_integer_value(json_object_get(e, "direction"))) why = "direction";
                else if (mv.read_time != json_number_value(json_object_get(e, "read"))) why = "read time";
            }
            if (why != NULL) {
                if (failures < 20)
                    fprintf(stderr, "case %zu move %zu (loop %s, reps %" PRId64 ", D %.17g, step %.17g): %s; got phase %.9g count %" PRId64 " event %d delta %" PRId64 "\n",
                            ci, k, loop, p.repetitions, p.duration, json_number_value(step), why, (double)s.phase,
                            s.loop_count, (int)mv.event, mv.loop_delta);
                failures++;
                break;
            }
        }
    }
    printf("clock conformance: %zu cases, %zu moves (%zu loops, %zu finishes, %zu refusals), %zu failures\n",
           json_array_size(cases), moves, loops, finishes, refusals, failures);
    json_decref(doc);
    return failures ? 1 : 0;
}
