/* Clip markers and the TA_EVENT_KIND_MARKER events (animation_markers.h). Every expected
 * event is worked out by hand from the header's rule: the clip laid end to end
 * per repetition, the half-open span [a, b) forward, (b, a] backward; the
 * property tests compare one large advance with the same time in many small
 * steps. All times are binary fractions, so float32 phases are exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

typedef struct rig {
    ta_scene *scene;
    ta_node_id node;
    ta_mixer *mixer;
    ta_clip *clip;
    ta_action *action;
    uint32_t index;
} rig;

/* A 1 s clip moving node.position.x from 0 to 1, with markers at the times given. */
static ta_clip *marked_clip(const double *times, uint32_t n, ta_node_id node)
{
    ta_error err = {0};
    float kt[2] = {0, 1}, kv[6] = {0, 0, 0, 1, 0, 0};
    ta_track *t = ta_test_node_track(node, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    ta_clip *c = ta_test_clip("walk", &t, 1, NULL);
    static const char *names[] = {"m0", "m1", "m2", "m3"};
    ta_clip_marker marks[4];
    for (uint32_t i = 0; i < n; ++i) {
        marks[i].name = names[i];
        marks[i].time = ta_duration_from_seconds(times[i]);
    }
    TA_ASSERT_OK(ta_clip_set_markers(c, marks, n, &err), &err);
    return c;
}

static void rig_make(rig *r, const double *times, uint32_t n, ta_loop_mode mode, int64_t reps, float time_scale)
{
    ta_error err = {0};
    memset(r, 0, sizeof *r);
    r->scene = ta_test_scene();
    r->node = ta_test_node_under(r->scene, ta_node_none(), "n");
    r->clip = marked_clip(times, n, r->node);
    r->mixer = ta_test_mixer(ta_node_none());
    TA_ASSERT_OK(ta_action_create(r->clip, NULL, &r->action, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(r->mixer, r->action, ta_node_none(), &r->index, &err), &err);
    TA_ASSERT_OK(ta_action_set_loop(r->action, mode, reps, &err), &err);
    TA_ASSERT_OK(ta_action_set_time_scale(r->action, time_scale, &err), &err);
    TA_ASSERT_OK(ta_action_play(r->action, &err), &err);
}

static void rig_free(rig *r)
{
    ta_mixer_destroy(r->mixer);
    ta_clip_release(r->clip);
    ta_scene_destroy(r->scene);
}

/* The marker events of one update, as (marker, loop, count, direction) rows. */
typedef struct row {
    uint32_t marker;
    int64_t loop, count;
    int32_t dir;
} row;

static uint32_t step(rig *r, double dt, row *out, uint32_t cap)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(r->mixer, r->scene, ta_duration_from_seconds(dt), &err), &err);
    ta_animation_event ev;
    uint32_t n = 0;
    bool clock_event_seen = false;
    while (ta_mixer_drain_events(r->mixer, &ev, 1) == 1) {
        if (ev.kind != TA_EVENT_KIND_MARKER) {
            clock_event_seen = true;
            continue;
        }
        assert_false(clock_event_seen); /* the clock's event follows the markers */
        assert_int_equal(ev.action, r->index);
        assert_true(n < cap);
        out[n].marker = ev.marker;
        out[n].loop = ev.loop;
        out[n].count = ev.count;
        out[n].dir = ev.direction;
        ++n;
    }
    return n;
}

static void assert_row(const row *got, uint32_t marker, int64_t loop, int64_t count, int32_t dir)
{
    assert_int_equal(got->marker, marker);
    assert_int_equal(got->loop, loop);
    assert_int_equal(got->count, count);
    assert_int_equal(got->dir, dir);
}

/* ---- clips ------------------------------------------------------------------------------ */

/* A 2 s clip of one morph influence track, made with opts. */
static ta_result two_second_clip(const ta_clip_options *o, ta_clip **out, ta_error *err)
{
    float kt[2] = {0, 2}, kv[2] = {0, 1};
    ta_track_desc d = {0};
    d.target.kind = TA_TRACK_KIND_MORPH_INFLUENCE;
    d.target.family = TA_TARGET_FAMILY_MESH;
    d.times = kt;
    d.key_count = 2;
    d.values = kv;
    d.value_count = 2;
    ta_track *t = NULL;
    ta_error terr = {0};
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &terr), &terr);
    ta_result r = ta_clip_create("c", &t, 1, o, out, err);
    if (r != TA_OK) ta_track_destroy(t);
    return r;
}

static void test_markers_given_in_options_sorted(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip_options o = {0};
    o.user_data = "{\"author\":\"x\"}";
    ta_clip_marker given[3] = {{"b", {1.5}}, {"a", {0.5}}, {"c", {1.5}}};
    o.markers = given;
    o.marker_count = 3;
    ta_clip *c = NULL;
    TA_ASSERT_OK(two_second_clip(&o, &c, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), 3);
    assert_string_equal(ta_clip_marker_at(c, 0).name, "a");
    assert_true(ta_clip_marker_at(c, 0).time.seconds == 0.5);
    assert_string_equal(ta_clip_marker_at(c, 1).name, "b"); /* equal times keep their order */
    assert_string_equal(ta_clip_marker_at(c, 2).name, "c");
    assert_null(ta_clip_marker_at(c, 3).name);
    assert_string_equal(ta_clip_user_data(c), "{\"author\":\"x\"}");

    /* set_markers replaces the markers and leaves the user data as it was */
    ta_clip_marker one = {"hit", {2.0}};
    TA_ASSERT_OK(ta_clip_set_markers(c, &one, 1, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), 1);
    assert_string_equal(ta_clip_user_data(c), "{\"author\":\"x\"}");
    /* a copy carries them */
    ta_clip *copy = NULL;
    TA_ASSERT_OK(ta_clip_copy(c, NULL, &copy, &err), &err);
    assert_int_equal(ta_clip_marker_count(copy), 1);
    assert_string_equal(ta_clip_marker_at(copy, 0).name, "hit");
    assert_true(ta_clip_marker_at(copy, 0).time.seconds == 2.0);
    ta_clip_release(copy);
    TA_ASSERT_OK(ta_clip_set_markers(c, NULL, 0, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), 0);
    assert_string_equal(ta_clip_user_data(c), "{\"author\":\"x\"}");
    ta_clip_release(c);

    /* "markers" in the user data text is the caller's text, not markers */
    o.user_data = "{\"markers\":[{\"name\":\"a\",\"time\":0.5}]}";
    o.markers = NULL;
    o.marker_count = 0;
    TA_ASSERT_OK(two_second_clip(&o, &c, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), 0);
    assert_string_equal(ta_clip_user_data(c), o.user_data);
    ta_clip_release(c);
}

static void test_marker_refusals_change_nothing(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip_options o = {0};
    ta_clip_marker late = {"late", {2.25}};
    o.markers = &late;
    o.marker_count = 1;
    ta_clip *c = NULL;
    TA_ASSERT_REFUSED(two_second_clip(&o, &c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "markers[0].time: 2.25 s is outside the clip's [0, 2 s]");
    ta_clip_marker first = {"a", {0.5}};
    o.markers = &first;
    o.user_data = "{\"k\":1}";
    TA_ASSERT_OK(two_second_clip(&o, &c, &err), &err);
    ta_clip_marker bad[2] = {{"ok", {0.25}}, {"nan", {NAN}}};
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, bad, 2, &err), &err, TA_ERROR_NOT_A_NUMBER, "markers[1].time");
    bad[1].name = NULL;
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, bad, 2, &err), &err, TA_ERROR_INVALID_ARGUMENT, "markers[1].name");
    bad[1].name = "neg";
    bad[1].time = ta_duration_from_seconds(-0.5);
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, bad, 2, &err), &err, TA_ERROR_OUT_OF_RANGE, "markers[1].time: -0.5");
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, NULL, 2, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "markers: NULL with count 2");
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, bad, UINT32_MAX, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "markers: 4294967295 markers");
    ta_clip_retain(c); /* shared: refused */
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, bad, 1, &err), &err, TA_ERROR_BAD_STATE, "held by");
    ta_clip_release(c);
    /* nothing changed */
    assert_int_equal(ta_clip_marker_count(c), 1);
    assert_string_equal(ta_clip_marker_at(c, 0).name, "a");
    assert_string_equal(ta_clip_user_data(c), "{\"k\":1}");
    ta_clip_release(c);
}

/* A clip made from another carries its markers, as they are: a subclip keeps
 * their times (they are not moved with the cut) and is refused when one falls
 * past its end; make_clip_additive and rebind keep the source's length, so
 * they keep every marker. */
static void test_derived_clips_carry_the_markers(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *scene = NULL;
    ta_node_id node;
    scene = ta_test_scene();
    node = ta_test_node_under(scene, ta_node_none(), "n");
    /* marked_clip: 1 s, keys at 0 and 1 */
    const double times[2] = {0.25, 0.75};
    ta_clip *c = marked_clip(times, 2, node);

    /* frames 0 to 31 at 30 fps keep both keys, the whole second: both markers */
    ta_clip *sub = NULL;
    TA_ASSERT_OK(ta_clip_subclip(c, "sub", 0, 31, 30, NULL, &sub, &err), &err);
    assert_int_equal(ta_clip_marker_count(sub), 2);
    assert_true(ta_clip_marker_at(sub, 0).time.seconds == 0.25);
    assert_true(ta_clip_marker_at(sub, 1).time.seconds == 0.75);
    ta_clip_release(sub);

    /* a subclip with a key at 0.5 s lasts 0.5 s: the marker at 0.75 s is past its end */
    ta_clip *dense = NULL;
    float kt[3] = {0, 0.5f, 1}, kv[9] = {0, 0, 0, 0.5f, 0, 0, 1, 0, 0};
    ta_track *t = ta_test_node_track(node, TA_TRACK_KIND_POSITION, kt, 3, kv, 9);
    ta_clip_options o = {0};
    o.markers = ta_clip_markers(c);
    o.marker_count = ta_clip_marker_count(c);
    dense = ta_test_clip("dense", &t, 1, &o);
    sub = (ta_clip *)&err; /* a refusal leaves it alone */
    TA_ASSERT_REFUSED(ta_clip_subclip(dense, "half", 0, 16, 30, NULL, &sub, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "markers[1].time: 0.75 s is outside the clip's [0, 0.5 s]");
    assert_ptr_equal(sub, (ta_clip *)&err);

    ta_clip *add = NULL;
    TA_ASSERT_OK(ta_clip_make_additive(dense, 0, NULL, 30, NULL, &add, &err), &err);
    assert_int_equal(ta_clip_marker_count(add), 2);
    assert_string_equal(ta_clip_marker_at(add, 1).name, "m1");
    ta_clip_release(add);

    ta_clip *mapped = NULL;
    uint32_t missing = 0;
    TA_ASSERT_OK(ta_clip_rebind(dense, scene, scene, NULL, &mapped, NULL, 0, &missing, &err), &err);
    assert_int_equal(ta_clip_marker_count(mapped), 2);
    assert_string_equal(ta_clip_marker_at(mapped, 0).name, "m0");
    assert_true(ta_clip_marker_at(mapped, 1).time.seconds == 0.75);
    ta_clip_release(mapped);

    ta_clip_release(dense);
    ta_clip_release(c);
    ta_scene_destroy(scene);
}

/* three.js JSON: the markers travel in the clip's userData, written and read back. */
static void test_json_round_trip(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *scene = NULL;
    ta_node_id node;
    scene = ta_test_scene();
    node = ta_test_node_under(scene, ta_node_none(), "hips");
    TA_ASSERT_OK(ta_scene_set_node_uuid(scene, node, "7d0f1a52-0000-4000-8000-000000000001", &err), &err);
    const double times[2] = {0.25, 1.0};
    ta_clip *c = marked_clip(times, 2, node);
    ta_clip_binding where = {scene, NULL, NULL, ta_node_none()};
    ta_clip_write_options wo = {ta_clip_binding_name, &where, NULL, 0};
    char *text = NULL;
    TA_ASSERT_OK(ta_clip_write(c, &wo, &text, &err), &err);
    TA_ASSERT_CONTAINS(text, "\"userData\":\"{\\\"markers\\\":[{\\\"name\\\":\\\"m0\\\",\\\"time\\\":0.25}");
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.resolver = ta_clip_binding_resolve;
    ro.resolver_user = &where;
    ta_clip *back = NULL;
    TA_ASSERT_OK(ta_clip_read(text, strlen(text), &ro, &back, &err), &err);
    ta_json_destroy(text);
    assert_int_equal(ta_clip_marker_count(back), 2);
    assert_string_equal(ta_clip_marker_at(back, 1).name, "m1");
    assert_true(ta_clip_marker_at(back, 1).time.seconds == 1.0);
    ta_clip_release(back);
    ta_clip_release(c);
    ta_scene_destroy(scene);
}

/* A glTF animation's extras.markers become the clip's markers; other extras are not user data. */
static void test_gltf_extras_markers(void **state)
{
    (void)state;
    ta_error err = {0};
    for (int with = 0; with < 2; ++with) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        json_t *extras = with ? json_pack("{s:[{s:s,s:f},{s:s,s:f}],s:s}", "markers", "name", "hit", "time", 1.5, "name",
                                  "step", "time", 0.25, "note", "x")
                              : json_pack("{s:s}", "note", "x");
        assert_non_null(extras);
        gltf_tb_hips_walk(&tb, extras);
        ta_model *model = NULL;
        TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, NULL, &model, &err), &err);
        gltf_tb_free(&tb);
        assert_int_equal(model->animation_count, 1);
        const ta_clip *c = model->animations[0];
        if (!with) {
            assert_int_equal(ta_clip_marker_count(c), 0);
            assert_null(ta_clip_user_data(c));
        } else {
            assert_int_equal(ta_clip_marker_count(c), 2);
            assert_string_equal(ta_clip_marker_at(c, 0).name, "step");
            assert_true(ta_clip_marker_at(c, 0).time.seconds == 0.25);
            assert_string_equal(ta_clip_marker_at(c, 1).name, "hit");
        }
        ta_model_destroy(model);
    }
}

/* ---- passes ------------------------------------------------------------------------------ */

static const double ENDS_AND_MIDDLE[3] = {0.0, 0.5, 1.0};

static void test_repeat_forward_each_marker_once_per_loop(void **state)
{
    (void)state;
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1);
    row got[16];
    /* [0, .25): the marker at 0 of loop 0 */
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    assert_row(&got[0], 0, 0, 1, 1);
    assert_int_equal(step(&r, 0.25, got, 16), 0); /* [.25, .5) */
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* [.5, .75) */
    assert_row(&got[0], 1, 0, 1, 1);
    /* [.75, 1): arrives at the end, a crossing: the end marker of loop 0, not yet loop 1's start */
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    assert_row(&got[0], 2, 0, 1, 1);
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* loop 1's start */
    assert_row(&got[0], 0, 1, 1, 1);
    assert_int_equal(step(&r, 0.25, got, 16), 0); /* lands on the middle marker */
    /* a step of zero passes nothing, even standing on a marker; the move that leaves it does */
    assert_int_equal(step(&r, 0, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    assert_row(&got[0], 1, 1, 1, 1);
    rig_free(&r);
}

static void test_repeat_many_loops_reported_as_a_count(void **state)
{
    (void)state;
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1);
    row got[16];
    /* [0, 1000.25): loop 0 whole, loops 1..999 as one count each, loop 1000's start */
    assert_int_equal(step(&r, 1000.25, got, 16), 7);
    assert_row(&got[0], 0, 0, 1, 1);
    assert_row(&got[1], 1, 0, 1, 1);
    assert_row(&got[2], 2, 0, 1, 1);
    assert_row(&got[3], 0, 1, 999, 1);
    assert_row(&got[4], 1, 1, 999, 1);
    assert_row(&got[5], 2, 1, 999, 1);
    assert_row(&got[6], 0, 1000, 1, 1);
    /* a million loops more: still at most three events per marker */
    assert_true(step(&r, 1048576.0, got, 16) <= 9);
    rig_free(&r);
}

static void test_repeat_backward_from_a_new_action(void **state)
{
    (void)state;
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, -1);
    row got[16];
    /* (-0.25, 0]: the start of loop 0 (where it stands), then the end of loop -1 */
    assert_int_equal(step(&r, 0.25, got, 16), 2);
    assert_row(&got[0], 0, 0, 1, -1);
    assert_row(&got[1], 2, -1, 1, -1);
    assert_int_equal(step(&r, 0.25, got, 16), 0); /* (0.5, 0.75]: 0.5 is where it lands */
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* (0.25, 0.5] */
    assert_row(&got[0], 1, -1, 1, -1);
    /* (0, 0.25]: arrival at 0 going backward is no crossing (three.js): not passed yet */
    assert_int_equal(step(&r, 0.25, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 2); /* the crossing: 0 of loop -1, then 1 of loop -2 */
    assert_row(&got[0], 0, -1, 1, -1);
    assert_row(&got[1], 2, -2, 1, -1);
    rig_free(&r);
}

static void test_ping_pong_round_trip(void **state)
{
    (void)state;
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, 1);
    row got[16];
    uint32_t n;
    n = step(&r, 0.25, got, 16); /* the start, read forward, leg 0 */
    assert_int_equal(n, 1);
    assert_row(&got[0], 0, 0, 1, 1);
    assert_int_equal(step(&r, 0.25, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    assert_row(&got[0], 1, 0, 1, 1);
    assert_int_equal(step(&r, 0.25, got, 16), 0); /* lands on the end: passed by the move that leaves it */
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* the end, turning into the backward leg 1 */
    assert_row(&got[0], 2, 1, 1, -1);
    assert_int_equal(step(&r, 0.25, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* the middle again, read backward */
    assert_row(&got[0], 1, 1, 1, -1);
    assert_int_equal(step(&r, 0.25, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* the start, turning into leg 2 */
    assert_row(&got[0], 0, 2, 1, 1);
    rig_free(&r);
}

/* Every event of one update, markers and the clock's alike, in order. */
static uint32_t step_events(rig *r, double dt, ta_animation_event *out, uint32_t cap)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(r->mixer, r->scene, ta_duration_from_seconds(dt), &err), &err);
    uint32_t n = 0;
    while (n < cap && ta_mixer_drain_events(r->mixer, &out[n], 1) == 1) ++n;
    return n;
}

static void assert_event(const ta_animation_event *got, ta_event_kind kind, uint32_t marker, int64_t loop, int32_t dir)
{
    assert_int_equal(got->kind, kind);
    assert_int_equal(got->direction, dir);
    if (kind != TA_EVENT_KIND_MARKER) return;
    assert_int_equal(got->marker, marker);
    assert_int_equal(got->loop, loop);
    assert_int_equal(got->count, 1);
}

/* PING_PONG with 3 repetitions, a 1 s clip, markers m0 at 0 and m1 at 1.
 * The legs, from three.js's AnimationAction._updateTime (LoopPingPong,
 * repetitions 3): the first forward update sets _loopCount 0 (leg 0, read
 * forward); time reaching 1 wraps with loopCount 1, pending 3 - 1 = 2: a
 * "loop", and the odd count reads duration - time (leg 1, backward); time 2
 * wraps to loopCount 2, pending 1, "entering the last round" (leg 2,
 * forward); time 3 gives loopCount 3, pending 0: "finished" (direction +1),
 * time clamped to the duration, and no leg 3 is played. One update of 10
 * from 0.5 runs the same: loopDelta 10, pending 3 - 10 <= 0, "finished".
 * So m0 opens leg 0 and (the turn at the start) leg 2, read forward; m1 opens
 * leg 1 (the turn at the end), read backward; and m1 is where leg 2 stops,
 * passed in leg 2 read forward (loop R - 1 = 2, direction +1), as REPEAT's
 * end marker is its last loop's; then FINISHED. */
static void test_ping_pong_repetitions_end_in_the_last_leg(void **state)
{
    (void)state;
    static const double ENDS[2] = {0.0, 1.0};
    rig r;
    ta_animation_event ev[16];
    rig_make(&r, ENDS, 2, TA_LOOP_MODE_PING_PONG, 3, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1);
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 0, 0, 1);
    assert_int_equal(step_events(&r, 10.0, ev, 16), 4);
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 1, 1, -1);
    assert_event(&ev[1], TA_EVENT_KIND_MARKER, 0, 2, 1);
    assert_event(&ev[2], TA_EVENT_KIND_MARKER, 1, 2, 1);
    assert_event(&ev[3], TA_EVENT_KIND_FINISHED, 0, 0, 1);
    assert_int_equal(step_events(&r, 1.0, ev, 16), 0);
    rig_free(&r);

    /* the same in steps of 0.5: a loop at 1 and at 2, each marker passed by the move that leaves it */
    rig_make(&r, ENDS, 2, TA_LOOP_MODE_PING_PONG, 3, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1); /* [0, 0.5) */
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 0, 0, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1); /* lands on the end: loopCount 1 */
    assert_event(&ev[0], TA_EVENT_KIND_LOOPED, 0, 0, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1); /* leaves it, backward */
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 1, 1, -1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1); /* lands on the start: loopCount 2 */
    assert_event(&ev[0], TA_EVENT_KIND_LOOPED, 0, 0, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 1); /* leaves it, forward */
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 0, 2, 1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 2); /* reaches the end and stops there */
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 1, 2, 1);
    assert_event(&ev[1], TA_EVENT_KIND_FINISHED, 0, 0, 1);
    rig_free(&r);

    /* Backward, 2 repetitions: three.js's count goes 0 (read backward), then 1
     * (odd: read forward, "the last round"), then 2, pending 0: "finished"
     * (direction -1). The legs here are counted down from 0: m1 opens leg 0
     * read backward, m0 opens leg -1 read forward, and leg -1 reaches the
     * clip's end where it stops, so m1 is passed in leg -1 read forward. */
    rig_make(&r, ENDS, 2, TA_LOOP_MODE_PING_PONG, 2, -1);
    assert_int_equal(step_events(&r, 0.5, ev, 16), 2);
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 1, 0, -1);
    assert_event(&ev[1], TA_EVENT_KIND_LOOPED, 0, 0, -1);
    assert_int_equal(step_events(&r, 10.0, ev, 16), 3);
    assert_event(&ev[0], TA_EVENT_KIND_MARKER, 0, -1, 1);
    assert_event(&ev[1], TA_EVENT_KIND_MARKER, 1, -1, 1);
    assert_event(&ev[2], TA_EVENT_KIND_FINISHED, 0, 0, -1);
    rig_free(&r);
}

static void test_once_finishing_takes_the_end_marker(void **state)
{
    (void)state;
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_ONCE, 1, 1);
    row got[16];
    assert_int_equal(step(&r, 0.5, got, 16), 1);
    assert_row(&got[0], 0, 0, 1, 1);
    /* reaches the end and stops there: both the middle and the end, once */
    assert_int_equal(step(&r, 0.75, got, 16), 2);
    assert_row(&got[0], 1, 0, 1, 1);
    assert_row(&got[1], 2, 0, 1, 1);
    assert_int_equal(step(&r, 0.5, got, 16), 0); /* finished: no more */
    rig_free(&r);

    /* REPEAT x3 in one large step: loops 0, 1 whole, loop 2 up to its end */
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, 3, 1);
    assert_int_equal(step(&r, 10.0, got, 16), 9);
    assert_row(&got[0], 0, 0, 1, 1);
    assert_row(&got[3], 0, 1, 1, 1);
    assert_row(&got[6], 0, 2, 1, 1);
    assert_row(&got[8], 2, 2, 1, 1);
    rig_free(&r);
}

static void test_start_at_and_seeks(void **state)
{
    (void)state;
    ta_error err = {0};
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1);
    row got[16];
    TA_ASSERT_OK(ta_action_start_at(r.action, ta_duration_from_seconds(1.0), &err), &err);
    assert_int_equal(step(&r, 0.5, got, 16), 0); /* waiting */
    assert_int_equal(step(&r, 0.75, got, 16), 1); /* runs [0, .25) of its clip */
    assert_row(&got[0], 0, 0, 1, 1);

    /* set_time: a seek reports nothing by default */
    ta_mixer_targets t = {r.scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_set_time(r.mixer, &t, ta_duration_from_seconds(2.25), &err), &err);
    ta_animation_event ev;
    uint32_t markers = 0;
    while (ta_mixer_drain_events(r.mixer, &ev, 1) == 1) markers += ev.kind == TA_EVENT_KIND_MARKER;
    assert_int_equal(markers, 0);
    /* and counts loops from where it landed: [.25, .5) of loop 2 */
    assert_int_equal(step(&r, 0.25, got, 16), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    assert_row(&got[0], 1, 2, 1, 1);

    /* asked, it reports [0, 2.25) */
    ta_mixer_set_seek_reports(r.mixer, true);
    TA_ASSERT_OK(ta_mixer_set_time(r.mixer, &t, ta_duration_from_seconds(2.25), &err), &err);
    row all[16];
    uint32_t n = 0;
    while (ta_mixer_drain_events(r.mixer, &ev, 1) == 1)
        if (ev.kind == TA_EVENT_KIND_MARKER) {
            all[n].marker = ev.marker;
            all[n].loop = ev.loop;
            all[n].count = ev.count;
            all[n].dir = ev.direction;
            ++n;
        }
    assert_int_equal(n, 7);
    assert_row(&all[0], 0, 0, 1, 1);
    assert_row(&all[3], 0, 1, 1, 1);
    assert_row(&all[6], 0, 2, 1, 1);
    rig_free(&r);
}

static void test_seek_one_action_reports_when_asked(void **state)
{
    (void)state;
    ta_error err = {0};
    rig r;
    rig_make(&r, ENDS_AND_MIDDLE, 3, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1);
    row got[16];
    assert_int_equal(step(&r, 0.25, got, 16), 1);
    /* 1.5 s on from 0.25: [.25, 1.75): the middle and end of loop 0, the start and middle of loop 1, then
     * LOOPED */
    TA_ASSERT_OK(ta_mixer_seek_action(r.mixer, r.index, ta_duration_from_seconds(1.5), true, &err), &err);
    ta_animation_event ev[8];
    uint32_t n = ta_mixer_drain_events(r.mixer, ev, 8);
    assert_int_equal(n, 5);
    assert_int_equal(ev[0].kind, TA_EVENT_KIND_MARKER);
    assert_int_equal(ev[0].marker, 1);
    assert_int_equal(ev[1].marker, 2);
    assert_int_equal(ev[2].marker, 0);
    assert_int_equal(ev[2].loop, 1);
    assert_int_equal(ev[3].marker, 1);
    assert_int_equal(ev[3].loop, 1);
    assert_int_equal(ev[4].kind, TA_EVENT_KIND_LOOPED);
    assert_int_equal(ev[4].loop_delta, 1);
    assert_true(ta_action_phase(r.action) == 0.75f);
    assert_true(ta_mixer_time(r.mixer).seconds == 0.25); /* the mixer's clock did not move */
    /* without report: nothing, but the loop is counted: [.75, 1.25) then (quietly) [1.25, ...) */
    TA_ASSERT_OK(ta_mixer_seek_action(r.mixer, r.index, ta_duration_from_seconds(1.0), false, &err), &err);
    assert_int_equal(ta_mixer_event_count(r.mixer), 0);
    assert_int_equal(step(&r, 0.25, got, 16), 1); /* [.75, 1): the end of loop 2 */
    assert_row(&got[0], 2, 2, 1, 1);
    TA_ASSERT_REFUSED(ta_mixer_seek_action(r.mixer, r.index, ta_duration_from_seconds(NAN), true, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "by");
    TA_ASSERT_REFUSED(ta_mixer_seek_action(r.mixer, 9, ta_duration_from_seconds(1), true, &err), &err, TA_ERROR_NO_SUCH_ACTION,
                      "9");
    rig_free(&r);
}

/* Counts at the ends of int64: the largest finite repetition count run out in one step of 1e30 s,
 * forward and backward, in both looping modes: the list stays bounded, the loops saturate. */
static void test_extreme_counts_stay_bounded(void **state)
{
    (void)state;
    const ta_loop_mode modes[2] = {TA_LOOP_MODE_REPEAT, TA_LOOP_MODE_PING_PONG};
    for (int mi = 0; mi < 2; ++mi)
        for (int sign = -1; sign <= 1; sign += 2) {
            rig r;
            /* The mixer's clock stays below its limit: the advance comes from the time scale. */
            rig_make(&r, ENDS_AND_MIDDLE, 3, modes[mi], INT64_MAX - 1, (float)sign * 1e30f);
            row got[32];
            uint32_t n = step(&r, 1.0, got, 32);
            assert_true(n >= 3 && n <= 18);
            int64_t most = 0;
            for (uint32_t i = 0; i < n; ++i) most = got[i].count > most ? got[i].count : most;
            assert_true(most > INT64_MAX / 4); /* the whole repetitions, as counts */
            rig_free(&r);
        }
}

/* ---- one large advance against many small steps ------------------------------------------------ */

/* Total passes per marker and direction over `steps` updates of dt, or one of steps * dt. */
static void totals(ta_loop_mode mode, float time_scale, double dt, int steps, bool at_once, int64_t out[3][2])
{
    static const double times[3] = {0.0, 0.375, 1.0};
    rig r;
    rig_make(&r, times, 3, mode, TA_ACTION_ENDLESS, time_scale);
    memset(out, 0, sizeof(int64_t) * 6);
    row got[32];
    for (int s = 0; s < (at_once ? 1 : steps); ++s) {
        uint32_t n = step(&r, at_once ? dt * steps : dt, got, 32);
        for (uint32_t i = 0; i < n; ++i) out[got[i].marker][got[i].dir > 0] += got[i].count;
    }
    rig_free(&r);
}

static void test_large_advance_equals_small_steps(void **state)
{
    (void)state;
    const ta_loop_mode modes[2] = {TA_LOOP_MODE_REPEAT, TA_LOOP_MODE_PING_PONG};
    const float scales[2] = {1.0f, -1.0f};
    for (int mi = 0; mi < 2; ++mi)
        for (int si = 0; si < 2; ++si) {
            int64_t small[3][2], large[3][2];
            totals(modes[mi], scales[si], 0.125, 803, false, small);
            totals(modes[mi], scales[si], 0.125, 803, true, large);
            for (int k = 0; k < 3; ++k)
                for (int d = 0; d < 2; ++d) assert_int_equal(small[k][d], large[k][d]);
            if (modes[mi] == TA_LOOP_MODE_REPEAT && si == 0) {
                /* [0, 100.375): 0 at 0..100, .375 at 0..99 (100.375 is excluded), 1 at 1..100 */
                assert_int_equal(small[0][1], 101);
                assert_int_equal(small[1][1], 100);
                assert_int_equal(small[2][1], 100);
            }
        }
}

/* The same advance cut at pseudo-random places (multiples of 1/64 s, so every
 * phase is exact) reports the same passes as one step. */
static void test_random_cuts_equal_one_step(void **state)
{
    (void)state;
    static const double times[4] = {0.0, 0.25, 0.6875, 1.0};
    const ta_loop_mode modes[3] = {TA_LOOP_MODE_REPEAT, TA_LOOP_MODE_PING_PONG, TA_LOOP_MODE_ONCE};
    const float scales[2] = {1.0f, -1.0f};
    uint32_t seed = 12345;
    for (int mi = 0; mi < 3; ++mi)
        for (int si = 0; si < 2; ++si)
            for (int trial = 0; trial < 4; ++trial) {
                int64_t cut[4][2] = {{0}}, whole[4][2] = {{0}};
                rig r;
                rig_make(&r, times, 4, modes[mi], modes[mi] == TA_LOOP_MODE_ONCE ? 1 : TA_ACTION_ENDLESS, scales[si]);
                row got[32];
                int total = 0;
                while (total < 64 * 37) {
                    seed = seed * 1103515245u + 12345u;
                    int k = 1 + (int)((seed >> 16) % 90);
                    total += k;
                    uint32_t n = step(&r, k / 64.0, got, 32);
                    for (uint32_t i = 0; i < n; ++i) cut[got[i].marker][got[i].dir > 0] += got[i].count;
                }
                rig_free(&r);
                rig_make(&r, times, 4, modes[mi], modes[mi] == TA_LOOP_MODE_ONCE ? 1 : TA_ACTION_ENDLESS, scales[si]);
                uint32_t n = step(&r, total / 64.0, got, 32);
                for (uint32_t i = 0; i < n; ++i) whole[got[i].marker][got[i].dir > 0] += got[i].count;
                rig_free(&r);
                for (int k = 0; k < 4; ++k)
                    for (int d = 0; d < 2; ++d) assert_int_equal(cut[k][d], whole[k][d]);
            }
}

/* ---- a marker on the last key, and many markers ---------------------------------- */

/* Keys at 0, 0.35 and 0.7 (float32: the clip lasts 0.699999988 s) on node's x. */
static ta_track *keys_to_0_7(ta_node_id node)
{
    float kt[3] = {0.0f, 0.35f, 0.7f}, kv[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0};
    return ta_test_node_track(node, TA_TRACK_KIND_POSITION, kt, 3, kv, 9);
}

/* A marker written 0.7 is on the last key of a clip whose keys end at 0.7: it
 * was refused because float32(0.7) is below 0.7. The clip's time is float32,
 * so the comparison is too; past it by more than float32 rounding stays
 * refused. All three routes that make markers agree (they share the check). */
static void test_a_marker_on_the_last_key_is_in_the_clip(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip_marker end = {"end", {0.7}};
    /* ta_clip_create and ta_clip_set_markers */
    ta_track *t = keys_to_0_7(ta_node_at(0));
    ta_clip_options o = {0};
    o.markers = &end;
    o.marker_count = 1;
    ta_clip *c = NULL;
    TA_ASSERT_OK(ta_clip_create("walk", &t, 1, &o, &c, &err), &err);
    assert_true(ta_clip_duration(c).seconds == (double)0.7f);
    assert_int_equal(ta_clip_marker_count(c), 1);
    assert_true(ta_clip_marker_at(c, 0).time.seconds == 0.7);
    TA_ASSERT_OK(ta_clip_set_markers(c, NULL, 0, &err), &err);
    TA_ASSERT_OK(ta_clip_set_markers(c, &end, 1, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), 1);
    ta_clip_marker past = {"past", {0.70000006}}; /* the next float32 up from 0.7f */
    TA_ASSERT_REFUSED(ta_clip_set_markers(c, &past, 1, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "markers[0].time: 0.70000006 s is outside the clip's [0, 0.699999988 s]");
    assert_string_equal(ta_clip_marker_at(c, 0).name, "end");
    ta_clip_release(c);

    /* three.js JSON, no duration: the clip is as long as its track */
    ta_scene *scene = ta_test_scene();
    ta_test_node_under(scene, ta_node_none(), "hips");
    ta_clip_binding where = {scene, NULL, NULL, ta_node_none()};
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.resolver = ta_clip_binding_resolve;
    ro.resolver_user = &where;
    const char *json = "{\"name\":\"walk\",\"tracks\":[{\"name\":\"hips.position\",\"type\":\"vector\","
                       "\"times\":[0,0.35,0.7],\"values\":[0,0,0,1,0,0,2,0,0]}],"
                       "\"userData\":\"{\\\"markers\\\":[{\\\"name\\\":\\\"end\\\",\\\"time\\\":0.7}]}\"}";
    TA_ASSERT_OK(ta_clip_read(json, strlen(json), &ro, &c, &err), &err);
    assert_true(ta_clip_duration(c).seconds == (double)0.7f);
    assert_int_equal(ta_clip_marker_count(c), 1);
    assert_string_equal(ta_clip_marker_at(c, 0).name, "end");
    /* and the mixer reports it where the clip ends: a ONCE action finishing */
    ta_mixer *mixer = ta_test_mixer(ta_node_none());
    ta_action *a = ta_test_play(mixer, c);
    TA_ASSERT_OK(ta_action_set_loop(a, TA_LOOP_MODE_ONCE, 0, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(mixer, scene, ta_duration_from_seconds(1.0), &err), &err);
    ta_animation_event ev[4];
    uint32_t n = ta_mixer_drain_events(mixer, ev, 4);
    assert_int_equal(n, 2);
    assert_int_equal(ev[0].kind, TA_EVENT_KIND_MARKER);
    assert_int_equal(ev[0].marker, 0);
    assert_int_equal(ev[1].kind, TA_EVENT_KIND_FINISHED);
    ta_mixer_destroy(mixer);
    ta_clip_release(c);
    ta_scene_destroy(scene);

    /* glTF extras */
    gltf_tb tb;
    gltf_tb_init(&tb);
    uint32_t node = gltf_tb_node(&tb, "hips");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", (int)node));
    const float times[3] = {0.0f, 0.35f, 0.7f}, moves[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0};
    uint32_t in = gltf_tb_floats(&tb, times, 3, "SCALAR");
    uint32_t out = gltf_tb_floats(&tb, moves, 3, "VEC3");
    gltf_tb_add(&tb, "animations",
                json_pack("{s:s,s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}],s:{s:[{s:s,s:f}]}}", "name", "walk", "channels",
                          "sampler", 0, "target", "node", (int)node, "path", "translation", "samplers", "input",
                          (int)in, "output", (int)out, "extras", "markers", "name", "end", "time", 0.7));
    ta_model *model = NULL;
    TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    gltf_tb_free(&tb);
    assert_int_equal(ta_clip_marker_count(model->animations[0]), 1);
    assert_true(ta_clip_marker_at(model->animations[0], 0).time.seconds == 0.7);
    ta_model_destroy(model);
}

/* A million markers given latest first, two at each time: sorted by time, the
 * two at one time in the order given. Markers were sorted by insertion, which
 * took minutes for this; the test asserts the order, not the time. */
static void test_a_million_markers_in_reverse_sort_stably(void **state)
{
    (void)state;
    enum { N = 1000000 };
    ta_clip_marker *given = (ta_clip_marker *)malloc(sizeof *given * N);
    char *names = (char *)malloc((size_t)N * 8);
    assert_non_null(given);
    assert_non_null(names);
    for (uint32_t i = 0; i < N; ++i) {
        snprintf(names + (size_t)i * 8, 8, "%u", i);
        given[i].name = names + (size_t)i * 8;
        /* given i and i + 1 (i even) share a time; the times fall as i rises */
        given[i].time = ta_duration_from_seconds((double)((N - 1 - i) / 2) / 1048576.0);
    }
    ta_error err = {0};
    ta_clip *c = marked_clip(NULL, 0, ta_node_at(0));
    TA_ASSERT_OK(ta_clip_set_markers(c, given, N, &err), &err);
    assert_int_equal(ta_clip_marker_count(c), N);
    const ta_clip_marker *m = ta_clip_markers(c);
    for (uint32_t j = 0; j < N; ++j) {
        uint32_t v = j / 2, want = N - 2 - 2 * v + (j & 1);
        if (m[j].time.seconds != (double)v / 1048576.0 || strcmp(m[j].name, given[want].name) != 0)
            fail_msg("sorted marker %u: \"%s\" at %.9g, want \"%s\" at %.9g", j, m[j].name, m[j].time.seconds,
                     given[want].name, (double)v / 1048576.0);
    }
    ta_clip_release(c);
    free(names);
    free(given);
}

/* An action set (as three.js's action.time = t) exactly onto a marker stands on
 * it: the next move leaves it and reports it, as the first move of a new action
 * reports a marker at 0. Set after playing past it, and set on a fresh action,
 * for markers at 0, 0.25 and 0.5 s. */
static void test_set_time_onto_a_marker_reports_it_on_leaving(void **state)
{
    (void)state;
    const double marks[] = {0.5, 0.0, 0.25};
    row rows[4];
    ta_error err = {0};
    for (int k = 0; k < 3; ++k) {
        for (int fresh = 0; fresh < 2; ++fresh) {
            rig r;
            rig_make(&r, &marks[k], 1, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1.0f);
            if (!fresh) {
                step(&r, 0.6, rows, 4); /* past the marker (0.5 and 0 are passed), then set back onto it */
            }
            TA_ASSERT_OK(ta_action_set_time(r.action, ta_duration_from_seconds(marks[k]), &err), &err);
            uint32_t n = step(&r, 0.1, rows, 4);
            if (n != 1)
                fail_msg("%s action set onto its marker at %g, then moved 0.1: %u marker events, expected 1",
                         fresh ? "a fresh" : "a running", marks[k], n);
            assert_int_equal(rows[0].marker, 0);
            assert_int_equal(rows[0].dir, 1);
            assert_int_equal(step(&r, 0.1, rows, 4), 0); /* reported once */
            rig_free(&r);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_marker_on_the_last_key_is_in_the_clip),
        cmocka_unit_test(test_a_million_markers_in_reverse_sort_stably),
        cmocka_unit_test(test_markers_given_in_options_sorted),
        cmocka_unit_test(test_marker_refusals_change_nothing),
        cmocka_unit_test(test_derived_clips_carry_the_markers),
        cmocka_unit_test(test_gltf_extras_markers),
        cmocka_unit_test(test_json_round_trip),
        cmocka_unit_test(test_repeat_forward_each_marker_once_per_loop),
        cmocka_unit_test(test_repeat_many_loops_reported_as_a_count),
        cmocka_unit_test(test_repeat_backward_from_a_new_action),
        cmocka_unit_test(test_ping_pong_round_trip),
        cmocka_unit_test(test_once_finishing_takes_the_end_marker),
        cmocka_unit_test(test_ping_pong_repetitions_end_in_the_last_leg),
        cmocka_unit_test(test_start_at_and_seeks),
        cmocka_unit_test(test_seek_one_action_reports_when_asked),
        cmocka_unit_test(test_extreme_counts_stay_bounded),
        cmocka_unit_test(test_large_advance_equals_small_steps),
        cmocka_unit_test(test_random_cuts_equal_one_step),
        cmocka_unit_test(test_set_time_onto_a_marker_reports_it_on_leaving),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
