/*
 * A clip is complete when it is made and only read once shared: its plan is
 * there from the first moment (every call that makes a clip), an edit of an
 * unshared clip makes it again, and two mixers on two threads playing one
 * clip leave every byte of the clip and of its plan as they were.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "threeanim/threeanim.h"

#define BONES 4
#define KEYS 5

static ta_track *track_of(uint32_t node, ta_track_kind kind, const float *times, const float *values, uint32_t n,
                          ta_interpolation interp)
{
    return ta_test_track(ta_test_node_target(ta_node_at(node), kind), interp, times, KEYS, values, KEYS * n);
}

/* Positions (LINEAR), rotations (LINEAR) and scales (STEP) of BONES nodes:
 * every kernel list of the plan has tracks. */
static ta_clip *rig_clip(void)
{
    float times[KEYS], pos[KEYS * 3], rot[KEYS * 4], scl[KEYS * 3];
    for (uint32_t k = 0; k < KEYS; ++k) {
        times[k] = (float)k / (KEYS - 1);
        for (uint32_t c = 0; c < 3; ++c) {
            pos[k * 3 + c] = (float)(k + c) * 0.25f;
            scl[k * 3 + c] = 1.0f + (float)k * 0.1f;
        }
        double half = 0.2 * k; /* a turn about x growing with k */
        rot[k * 4 + 0] = (float)sin(half);
        rot[k * 4 + 1] = 0;
        rot[k * 4 + 2] = 0;
        rot[k * 4 + 3] = (float)cos(half);
    }
    ta_track *tracks[3 * BONES];
    for (uint32_t b = 0; b < BONES; ++b) {
        tracks[3 * b] = track_of(b, TA_TRACK_KIND_POSITION, times, pos, 3, TA_INTERPOLATION_LINEAR);
        tracks[3 * b + 1] = track_of(b, TA_TRACK_KIND_QUATERNION, times, rot, 4, TA_INTERPOLATION_LINEAR);
        tracks[3 * b + 2] = track_of(b, TA_TRACK_KIND_SCALE, times, scl, 3, TA_INTERPOLATION_STEP);
    }
    ta_clip *clip = ta_test_clip("rig", tracks, 3 * BONES, NULL);
    return clip;
}

static void assert_planned(const ta_clip *clip)
{
    const ta__clip_plan *p = ta__clip_plan_get(clip);
    assert_non_null(p);
    assert_int_equal(p->lerp_count + p->slerp_count + p->other_count, clip->track_count);
}

/* Every call that makes a clip hands it over with its plan made. */
static void test_plan_made_with_every_clip(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip();
    assert_planned(clip);
    const ta__clip_plan *p = ta__clip_plan_get(clip);
    assert_int_equal(p->lerp_count, BONES);
    assert_int_equal(p->slerp_count, BONES);
    assert_int_equal(p->other_count, BONES);
    assert_int_equal(p->group_count, 1);

    ta_clip *copy = NULL, *sub = NULL, *additive = NULL;
    TA_ASSERT_OK(ta_clip_copy(clip, NULL, &copy, &err), &err);
    TA_ASSERT_OK(ta_clip_subclip(clip, "sub", 0, 2, 4, NULL, &sub, &err), &err);
    TA_ASSERT_OK(ta_clip_make_additive(clip, 0, NULL, 30, NULL, &additive, &err), &err);
    assert_planned(copy);
    assert_planned(sub);
    assert_planned(additive);
    assert_ptr_not_equal(ta__clip_plan_get(copy), p); /* each clip its own */

    /* An edit of the unshared clip makes the plan again, for the new tracks. */
    TA_ASSERT_OK(ta_clip_optimize(copy, &err), &err);
    assert_planned(copy);
    assert_ptr_equal(ta__clip_plan_get(copy)->group_times[0], copy->tracks[0]->times);

    ta_clip_release(additive);
    ta_clip_release(sub);
    ta_clip_release(copy);
    ta_clip_release(clip);
}

typedef struct player {
    const ta_clip *clip;
    pthread_barrier_t *start;
    ta_result result;
    float last_x; /* node 0's position after the last update */
} player;

/* One thread's scene and mixer, playing the shared clip twice (two actions,
 * so that two piles mix) for 200 updates. */
static void *play(void *arg)
{
    player *pl = (player *)arg;
    ta_error err = {0};
    ta_scene *scene = NULL;
    ta_mixer *mixer = NULL;
    ta_result r = ta_scene_create(NULL, &scene, &err);
    for (uint32_t b = 0; b < BONES && r == TA_OK; ++b) r = ta_scene_add_node(scene, ta_node_none(), NULL, NULL, &err);
    if (r == TA_OK) r = ta_mixer_create(ta_node_none(), NULL, &mixer, &err);
    for (int i = 0; i < 2 && r == TA_OK; ++i) {
        ta_action *a = NULL;
        r = ta_action_create(pl->clip, NULL, &a, &err);
        if (r == TA_OK && (r = ta_mixer_add(mixer, a, ta_node_none(), NULL, &err)) != TA_OK) ta_action_destroy(a);
        if (r == TA_OK) r = ta_action_set_weight(a, 0.5f, &err);
        if (r == TA_OK) r = ta_action_set_time_scale(a, i ? 1.5f : 1.0f, &err);
        if (r == TA_OK) r = ta_action_play(a, &err);
    }
    pthread_barrier_wait(pl->start);
    for (int u = 0; u < 200 && r == TA_OK; ++u) r = ta_mixer_update(mixer, scene, ta_duration_from_seconds(1.0 / 60), &err);
    if (r == TA_OK) pl->last_x = ta_scene_node(scene, ta_node_at(0))->position.x;
    ta_mixer_destroy(mixer);
    ta_scene_destroy(scene);
    pl->result = r;
    return NULL;
}

/* Two mixers on two threads share one clip: no byte of the clip or of its
 * plan changes, and the count ends where it started. */
static void test_shared_clip_is_only_read(void **state)
{
    (void)state;
    ta_clip *clip = rig_clip();
    const ta__clip_plan *plan = ta__clip_plan_get(clip);
    struct ta_clip before;
    memcpy(&before, clip, sizeof before);
    unsigned char *plan_before = (unsigned char *)malloc(plan->bytes);
    assert_non_null(plan_before);
    memcpy(plan_before, plan, plan->bytes);

    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, 2), 0);
    player players[2] = {{clip, &start, TA_ERROR_BAD_STATE, 0}, {clip, &start, TA_ERROR_BAD_STATE, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; ++i) assert_int_equal(pthread_create(&threads[i], NULL, play, &players[i]), 0);
    for (int i = 0; i < 2; ++i) assert_int_equal(pthread_join(threads[i], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < 2; ++i) assert_int_equal(players[i].result, TA_OK);
    /* the same script on both: the same pose */
    assert_memory_equal(&players[0].last_x, &players[1].last_x, sizeof(float));

    assert_memory_equal(&before, clip, sizeof before);
    assert_ptr_equal(ta__clip_plan_get(clip), plan);
    assert_memory_equal(plan_before, plan, plan->bytes);
    assert_int_equal(ta__clip_refs(clip), 1);
    free(plan_before);
    ta_clip_release(clip);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_made_with_every_clip),
        cmocka_unit_test(test_shared_clip_is_only_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
