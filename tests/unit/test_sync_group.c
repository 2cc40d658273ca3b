/* Sync groups (sync_group.h): a walk and a run of different lengths, each
 * with its foot-down markers, blended at changing weights. The markers each
 * passes are read from the mixer's marker events, and the moment each was
 * passed found from the action's time before and after the update (the time
 * moves linearly within an update): the two clips' foot-downs are compared by
 * those moments, not by the group's own phase. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

#define DT (1.0 / 60.0)

typedef struct rig {
    ta_scene *scene;
    ta_mixer *mixer;
    ta_clip *clip[2];
    ta_action *action[2];
    uint32_t index[2];
} rig;

/* A clip of length len moving node.position.x, with markers (name, time). */
static ta_clip *clip_with(ta_node_id node, float len, const ta_clip_marker *marks, uint32_t n)
{
    float kt[2] = {0, len}, kv[6] = {0, 0, 0, 1, 0, 0};
    ta_track *t = ta_test_node_track(node, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    ta_clip_options o = {0};
    o.markers = marks, o.marker_count = n;
    return ta_test_clip("c", &t, 1, &o);
}

/* walk: 1 s, left foot at 0 (and at its end, the same foot-down for a loop), right at 0.5, and a
 * "hit" between, not a foot. run: 0.7 s, left at 0.1, right at 0.45. */
static const ta_clip_marker walk_marks[] = {{"foot", {0.0}}, {"hit", {0.3}}, {"foot", {0.5}}, {"foot", {1.0}}};
static const ta_clip_marker run_marks[] = {{"foot", {0.1}}, {"foot", {0.45}}};

static void rig_make(rig *r)
{
    ta_error err = {0};
    memset(r, 0, sizeof *r);
    r->scene = ta_test_scene();
    ta_node_id a = ta_test_node_under(r->scene, ta_node_none(), "a");
    ta_node_id b = ta_test_node_under(r->scene, ta_node_none(), "b");
    r->clip[0] = clip_with(a, 1.0f, walk_marks, 4);
    r->clip[1] = clip_with(b, 0.7f, run_marks, 2);
    r->mixer = ta_test_mixer(ta_node_none());
    for (uint32_t i = 0; i < 2; ++i) {
        TA_ASSERT_OK(ta_action_create(r->clip[i], NULL, &r->action[i], &err), &err);
        TA_ASSERT_OK(ta_mixer_add(r->mixer, r->action[i], ta_node_none(), &r->index[i], &err), &err);
        TA_ASSERT_OK(ta_action_play(r->action[i], &err), &err);
    }
}

static void rig_free(rig *r)
{
    ta_mixer_destroy(r->mixer);
    for (uint32_t i = 0; i < 2; ++i) ta_clip_release(r->clip[i]);
    ta_scene_destroy(r->scene);
}

static ta_sync_group *group_of(rig *r, ta_sync_mode mode, const char *name)
{
    ta_error err = {0};
    ta_sync_group_desc d = {mode, name};
    ta_sync_group *g = NULL;
    TA_ASSERT_OK(ta_sync_group_create(&d, NULL, &g, &err), &err);
    for (uint32_t i = 0; i < 2; ++i) TA_ASSERT_OK(ta_sync_group_add(g, r->action[i], &err), &err);
    return g;
}

static void set_weights(rig *r, float w)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_action_set_effective_weight(r->action[0], w, &err), &err);
    TA_ASSERT_OK(ta_action_set_effective_weight(r->action[1], 1.0f - w, &err), &err);
}

/* The foot-downs each clip passed: which foot (0 left, 1 right) and when. */
typedef struct steps {
    uint32_t n[2];
    uint32_t foot[2][4096];
    double when[2][4096];
} steps;

/* One update of DT from time now; the foot markers passed go into s. */
static void update(rig *r, double now, steps *s)
{
    ta_error err = {0};
    double before[2], len[2];
    for (uint32_t i = 0; i < 2; ++i) {
        before[i] = ta_action_time(r->action[i]).seconds;
        len[i] = ta_clip_duration(r->clip[i]).seconds;
    }
    TA_ASSERT_OK(ta_mixer_update(r->mixer, r->scene, ta_duration_from_seconds(DT), &err), &err);
    ta_animation_event ev;
    while (ta_mixer_drain_events(r->mixer, &ev, 1) == 1) {
        if (ev.kind != TA_EVENT_KIND_MARKER) continue;
        uint32_t c = ev.action == r->index[0] ? 0 : 1;
        ta_clip_marker m = ta_clip_marker_at(r->clip[c], ev.marker);
        if (strcmp(m.name, "foot") != 0) continue;
        if (m.time.seconds >= len[c]) continue; /* the end's marker: the mixer reports it and the start's */
        assert_int_equal(ev.count, 1);
        assert_int_equal(ev.direction, 1);
        double after = ta_action_time(r->action[c]).seconds, t = m.time.seconds;
        if (after < before[c]) after += len[c]; /* wrapped in this update */
        if (t < before[c]) t += len[c];
        assert_true(t >= before[c] - 1e-6 && t <= after + 1e-6);
        /* The run's feet: left 0.1, right 0.45. The walk's: left 0 (and 1.0, its end), right 0.5. */
        uint32_t foot = c == 0 ? (m.time.seconds == 0.5 ? 1u : 0u) : (m.time.seconds > 0.2 ? 1u : 0u);
        assert_true(s->n[c] < 4096);
        s->foot[c][s->n[c]] = foot;
        s->when[c][s->n[c]] = now + DT * (t - before[c]) / (after - before[c]);
        ++s->n[c];
    }
}

/* The test: 1,000 random weight changes, each held 1 to 6 frames (seed 34); every foot-down
 * of the walk has the run's same foot down within 1/60 s, and the other way round. Returns the worst
 * gap. */
static double walk_the_path(bool synced, uint32_t *out_switches)
{
    ta_error err = {0};
    rig r;
    rig_make(&r);
    ta_sync_group *g = group_of(&r, TA_SYNC_MODE_MARKERS, "foot");
    static steps s;
    memset(&s, 0, sizeof s);
    ta_seeded_random rng = ta_seeded_random_make(34);
    double now = 0.0;
    int32_t leader = -1;
    uint32_t switches = 0;
    set_weights(&r, 0.5f);
    /* Both a little before a left foot-down, the walk at 0.9 s and the run (by the group) at 0.03. */
    TA_ASSERT_OK(ta_action_set_time(r.action[0], ta_duration_from_seconds(0.9), &err), &err);
    if (synced) TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(0.0), &err), &err);
    for (uint32_t change = 0; change < 1000; ++change) {
        float w = (float)ta_seeded_random_next(&rng);
        uint32_t frames = 1 + ta_seeded_random_next_u32(&rng) % 6;
        set_weights(&r, w);
        for (uint32_t f = 0; f < frames; ++f) {
            if (synced) {
                TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(DT), &err), &err);
                int32_t want = w >= 1.0f - w ? 0 : 1;
                assert_int_equal(ta_sync_group_leader(g), want);
                if (leader >= 0 && leader != want) ++switches;
                leader = want;
            }
            update(&r, now, &s);
            now += DT;
        }
    }
    double worst = 0.0;
    uint32_t n = s.n[0] < s.n[1] ? s.n[0] : s.n[1];
    if (synced) {
        fprintf(stderr, "%u and %u foot-downs\n", s.n[0], s.n[1]);
        assert_true(s.n[0] > 100);
        assert_true(s.n[0] == s.n[1] || s.n[0] == s.n[1] + 1 || s.n[1] == s.n[0] + 1);
    }
    for (uint32_t i = 0; i < n; ++i) {
        if (synced && s.foot[0][i] != s.foot[1][i]) {
            fprintf(stderr, "foot-down %u: walk's foot %u at %.6f, run's %u at %.6f\n", i, s.foot[0][i], s.when[0][i],
                    s.foot[1][i], s.when[1][i]);
            fail();
        }
        worst = fmax(worst, fabs(s.when[0][i] - s.when[1][i]));
    }
    if (out_switches != NULL) *out_switches = switches;
    ta_sync_group_destroy(g);
    rig_free(&r);
    return worst;
}

static void test_feet_stay_together_along_a_random_path(void **state)
{
    (void)state;
    uint32_t switches = 0;
    double worst = walk_the_path(true, &switches);
    fprintf(stderr, "worst foot-down gap %.3g s over the path, %u leader switches\n", worst, switches);
    assert_true(worst <= 1.0 / 60.0);
    assert_true(switches >= 100);
    /* The same path without the group: the feet drift apart (the test can fail). */
    assert_true(walk_the_path(false, NULL) > 0.1);
}

/* The heaviest leads and plays at its own time scale; a follower's is set for the update; the old
 * leader becomes a follower at the phase it shares. */
static void test_leader_switching(void **state)
{
    (void)state;
    ta_error err = {0};
    rig r;
    rig_make(&r);
    TA_ASSERT_OK(ta_action_set_time_scale(r.action[1], 1.5f, &err), &err);
    ta_sync_group *g = group_of(&r, TA_SYNC_MODE_MARKERS, "foot");
    assert_int_equal(ta_sync_group_leader(g), -1);
    set_weights(&r, 0.75f);
    TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(0.0), &err), &err);
    TA_ASSERT_NEAR(ta_sync_group_phase(g, 0), ta_sync_group_phase(g, 1), 1e-6);
    for (uint32_t i = 0; i < 30; ++i) {
        TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(DT), &err), &err);
        TA_ASSERT_OK(ta_mixer_update(r.mixer, r.scene, ta_duration_from_seconds(DT), &err), &err);
    }
    assert_int_equal(ta_sync_group_leader(g), 0);
    assert_true(ta_action_time_scale(r.action[0]) == 1.0f);
    /* The run follows the walk's cadence: a 0.35 s step of its own in the walk's 0.5 s. */
    TA_ASSERT_NEAR(ta_action_time_scale(r.action[1]), 0.35 / 0.5, 1e-4);
    TA_ASSERT_NEAR(ta_sync_group_phase(g, 0), ta_sync_group_phase(g, 1), 1e-5);
    TA_ASSERT_NEAR(ta_sync_group_phase(g, 0), 30 * DT / 0.5, 1e-5);

    set_weights(&r, 0.25f); /* the run is heavier now */
    for (uint32_t i = 0; i < 30; ++i) {
        TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(DT), &err), &err);
        TA_ASSERT_OK(ta_mixer_update(r.mixer, r.scene, ta_duration_from_seconds(DT), &err), &err);
        assert_int_equal(ta_sync_group_leader(g), 1);
        assert_true(ta_action_time_scale(r.action[1]) == 1.5f); /* its own, set before it was added */
    }
    /* Walk's first step (0 to 0.5) for the run's 0.1 to 0.45 at 1.5. */
    TA_ASSERT_NEAR(ta_action_time_scale(r.action[0]), 1.5 * 0.5 / 0.35, 1e-4);
    TA_ASSERT_NEAR(ta_sync_group_phase(g, 0), ta_sync_group_phase(g, 1), 1e-5);
    TA_ASSERT_NEAR(ta_sync_group_phase(g, 1), fmod(1.0 + 30 * DT * 1.5 / 0.35, 2.0), 1e-4); /* two markers: in [0, 2) */

    /* Removed, the walk plays at its own time scale again. */
    TA_ASSERT_OK(ta_sync_group_remove(g, r.action[0], &err), &err);
    assert_true(ta_action_time_scale(r.action[0]) == 1.0f);
    assert_int_equal(ta_sync_group_count(g), 1);
    assert_int_equal(ta_sync_group_leader(g), 0); /* the run, now member 0 */
    assert_ptr_equal(ta_sync_group_action(g, 0), r.action[1]);
    ta_sync_group_destroy(g);
    rig_free(&r);
}

/* By normalised time, the walk (1 s) and the run (0.7 s) are at one fraction of their clips. */
static void test_normalized_time(void **state)
{
    (void)state;
    ta_error err = {0};
    rig r;
    rig_make(&r);
    ta_sync_group *g = group_of(&r, TA_SYNC_MODE_NORMALIZED_TIME, NULL);
    ta_seeded_random rng = ta_seeded_random_make(7);
    for (uint32_t i = 0; i < 600; ++i) {
        if (i % 10 == 0) set_weights(&r, (float)ta_seeded_random_next(&rng));
        TA_ASSERT_OK(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(DT), &err), &err);
        TA_ASSERT_OK(ta_mixer_update(r.mixer, r.scene, ta_duration_from_seconds(DT), &err), &err);
        double a = ta_action_time(r.action[0]).seconds / 1.0, b = ta_action_time(r.action[1]).seconds / 0.7;
        double d = fabs(a - b);
        assert_true(fmin(d, 1.0 - d) <= 1e-5);
    }
    ta_sync_group_destroy(g);
    rig_free(&r);
}

/* What every refusal must leave as it was. */
typedef struct snapshot {
    uint32_t count;
    int32_t leader;
    float scale[2], time[2];
} snapshot;

static snapshot snap(const ta_sync_group *g, const rig *r)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    s.count = ta_sync_group_count(g), s.leader = ta_sync_group_leader(g);
    for (uint32_t i = 0; i < 2; ++i) {
        s.scale[i] = ta_action_time_scale(r->action[i]);
        s.time[i] = (float)ta_action_time(r->action[i]).seconds;
    }
    return s;
}

static void same(snapshot a, snapshot b) { assert_memory_equal(&a, &b, sizeof(snapshot)); }
#define SAME(a, b) same((a), (b))

static void test_refusals_change_nothing(void **state)
{
    (void)state;
    ta_error err = {0};
    rig r;
    rig_make(&r);
    ta_sync_group *g = NULL;
    ta_sync_group_desc bad = {(ta_sync_mode)7, NULL};
    assert_int_equal(ta_sync_group_create(&bad, NULL, &g, &err), TA_ERROR_OUT_OF_RANGE);
    assert_null(g);
    assert_int_equal(ta_sync_group_create(NULL, NULL, &g, &err), TA_ERROR_INVALID_ARGUMENT);

    ta_sync_group_desc d = {TA_SYNC_MODE_MARKERS, "foot"};
    TA_ASSERT_OK(ta_sync_group_create(&d, NULL, &g, &err), &err);
    TA_ASSERT_OK(ta_sync_group_add(g, r.action[0], &err), &err);
    snapshot s0 = snap(g, &r);

    assert_int_equal(ta_sync_group_add(g, NULL, &err), TA_ERROR_INVALID_ARGUMENT);
    assert_int_equal(ta_sync_group_add(g, r.action[0], &err), TA_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "already member 0"));
    SAME(s0, snap(g, &r));

    /* Three foot markers against the walk's two, and a clip with none of that name. */
    ta_node_id n = ta_test_node_under(r.scene, ta_node_none(), "c");
    const ta_clip_marker three[] = {{"foot", {0.1}}, {"foot", {0.2}}, {"foot", {0.3}}};
    const ta_clip_marker none[] = {{"step", {0.1}}};
    ta_clip *c3 = clip_with(n, 1.0f, three, 3), *c0 = clip_with(n, 1.0f, none, 1);
    ta_action *a3 = NULL, *a0 = NULL;
    TA_ASSERT_OK(ta_action_create(c3, NULL, &a3, &err), &err);
    TA_ASSERT_OK(ta_action_create(c0, NULL, &a0, &err), &err);
    assert_int_equal(ta_sync_group_add(g, a3, &err), TA_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "has 3 sync markers, the group's members 2"));
    assert_int_equal(ta_sync_group_add(g, a0, &err), TA_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "no marker named \"foot\""));
    SAME(s0, snap(g, &r));

    /* Full: 15 more walks fill it, the 17th is refused. */
    ta_action *more[16];
    for (uint32_t i = 0; i < 16; ++i) TA_ASSERT_OK(ta_action_create(r.clip[0], NULL, &more[i], &err), &err);
    for (uint32_t i = 0; i < 15; ++i) TA_ASSERT_OK(ta_sync_group_add(g, more[i], &err), &err);
    assert_int_equal(ta_sync_group_add(g, more[15], &err), TA_ERROR_LIMIT_EXCEEDED);
    assert_int_equal(ta_sync_group_count(g), 16);
    for (uint32_t i = 0; i < 15; ++i) TA_ASSERT_OK(ta_sync_group_remove(g, more[i], &err), &err);
    SAME(s0, snap(g, &r));

    TA_ASSERT_OK(ta_sync_group_add(g, r.action[1], &err), &err);
    snapshot s1 = snap(g, &r);
    assert_int_equal(ta_sync_group_remove(g, a3, &err), TA_ERROR_INVALID_ARGUMENT);
    assert_int_equal(ta_sync_group_set_time_scale(g, r.action[1], NAN, &err), TA_ERROR_NOT_A_NUMBER);
    assert_int_equal(ta_sync_group_prepare(g, NULL, ta_duration_from_seconds(DT), &err), TA_ERROR_INVALID_ARGUMENT);
    assert_int_equal(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(NAN), &err), TA_ERROR_NOT_A_NUMBER);
    assert_int_equal(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(INFINITY), &err),
                     TA_ERROR_NOT_A_NUMBER);
    /* The run is 0.1 s off the walk's phase: catching up in 1e-300 s takes a time scale past a float. */
    assert_int_equal(ta_sync_group_prepare(g, r.mixer, ta_duration_from_seconds(1e-300), &err), TA_ERROR_OUT_OF_RANGE);
    assert_non_null(strstr(err.message, "member 1"));
    SAME(s1, snap(g, &r));
    assert_true(isnan(ta_sync_group_phase(g, 2)));
    assert_true(isnan(ta_sync_group_phase(NULL, 0)));

    for (uint32_t i = 0; i < 16; ++i) ta_action_destroy(more[i]);
    ta_action_destroy(a3);
    ta_action_destroy(a0);
    ta_clip_release(c3);
    ta_clip_release(c0);
    ta_sync_group_destroy(g);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_feet_stay_together_along_a_random_path),
        cmocka_unit_test(test_leader_switching),
        cmocka_unit_test(test_normalized_time),
        cmocka_unit_test(test_refusals_change_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
