/* An action run for a simulated day at 60 updates a second through the real
 * mixer. Its loop count and phase are checked against a separate simulation of
 * the stored-operation contract (the step rounded to float32, the phase sum
 * rounded to float32, a wrap subtracting the length exactly), at every update,
 * and its node against the track read at that phase. A float32 time that never
 * wrapped would have lost all precision within hours; the phase does not. */
#include <math.h>
#include <stdlib.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

static void test_a_day_at_sixty_hertz(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_node_id n;
    ta_scene *scene = ta_test_scene_with_node("n", &n);
    const float times[2] = {0, 1.5f};
    const float values[6] = {0, 0, 0, 3, 0, 0};
    ta_track *track = ta_test_node_track(n, TA_TRACK_KIND_POSITION, times, 2, values, 6);
    ta_clip *clip = ta_test_clip("day", &track, 1, NULL);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = ta_test_play(m, clip);

    const double dt = 1.0 / 60.0;
    const float step = (float)dt;
    const float length = 1.5f;
    float phase = 0;
    long long count = 0, loop_events = 0;
    const long updates = 60L * 60 * 60 * 24;
    for (long i = 0; i < updates; ++i) {
        TA_ASSERT_OK(ta_mixer_update(m, scene, ta_duration_from_seconds(dt), &err), &err);
        phase = (float)((double)phase + (double)step);
        if (phase >= length) {
            phase = phase - length; /* exact: Sterbenz */
            count++;
        }
        ta_animation_event ev;
        while (ta_mixer_drain_events(m, &ev, 1) == 1) loop_events += ev.loop_delta;
        if (ta_action_phase(a) != phase || ta_action_loop_count(a) != count) {
            fail_msg("update %ld: phase %.9g count %lld, expected %.9g and %lld", i, (double)ta_action_phase(a),
                     (long long)ta_action_loop_count(a), (double)phase, count);
        }
    }
    assert_int_equal(loop_events, count);
    /* a day is 57600 runs of 1.5 s; float32 steps drift by a fraction of one */
    assert_true(llabs(count - 57600) <= 1);
    assert_true(phase >= 0 && phase < length);
    TA_ASSERT_NEAR(scene->nodes[n.index].position.x, 2.0 * phase, 1e-5);
    TA_ASSERT_NEAR(ta_mixer_time(m).seconds, 86400.0, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_day_at_sixty_hertz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
