/* Root motion (root_motion.h). The clips move the root along x at a constant
 * speed, so every expected displacement is speed times clip time, worked out
 * by hand; all times are binary fractions, so the float32 phases are exact. */
#include <math.h>
#include <string.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

#define TA_TEST_PI 3.14159265358979323846

typedef struct world {
    ta_scene *scene;
    ta_node_id root, other;
    ta_mixer *mixer;
} world;

static void make_world(world *w, bool keep_vertical)
{
    ta_error err = {0};
    memset(w, 0, sizeof *w);
    w->scene = ta_test_scene();
    w->other = ta_test_node_under(w->scene, ta_node_none(), "other");
    w->root = ta_test_node_under(w->scene, ta_node_none(), "hips");
    w->mixer = ta_test_mixer(ta_node_none());
    ta_root_motion_options o = {w->root, keep_vertical, true};
    TA_ASSERT_OK(ta_mixer_set_root_motion(w->mixer, &o, &err), &err);
}

static void free_world(world *w)
{
    ta_mixer_destroy(w->mixer);
    ta_scene_destroy(w->scene);
}

/* A 1 s clip: the root from (0,0,0) through (speed/2, 0.5, 1) to (speed, 0, 2). */
static ta_action *play_walk(world *w, float speed, ta_loop_mode mode, int64_t reps, float time_scale, float weight)
{
    ta_error err = {0};
    float kt[3] = {0, 0.5f, 1}, kv[9] = {0, 0, 0, speed / 2, 0.5f, 1, speed, 0, 2};
    ta_track *t = ta_test_node_track(w->root, TA_TRACK_KIND_POSITION, kt, 3, kv, 9);
    ta_clip *c = ta_test_clip("walk", &t, 1, NULL);
    ta_action *a = ta_test_action(w->mixer, c);
    ta_clip_release(c);
    TA_ASSERT_OK(ta_action_set_loop(a, mode, reps, &err), &err);
    TA_ASSERT_OK(ta_action_set_time_scale(a, time_scale, &err), &err);
    TA_ASSERT_OK(ta_action_set_weight(a, weight, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

static ta_vec3 step(world *w, double dt)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(w->mixer, w->scene, ta_duration_from_seconds(dt), &err), &err);
    ta_root_motion rm;
    ta_mixer_root_motion(w->mixer, &rm);
    return rm.translation;
}

static void test_motion_and_pose_in_place(void **state)
{
    (void)state;
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    ta_vec3 d = step(&w, 0.25);
    assert_true(d.x == 0.5f); /* 2 m/s for 0.25 s */
    assert_true(d.y == 0.0f); /* kept in the pose, not reported */
    assert_true(d.z == 0.5f);
    const ta_node *root = ta_scene_node_const(w.scene, w.root);
    assert_true(root->position.x == 0.0f); /* in place */
    assert_true(root->position.y == 0.25f); /* the bob stays */
    assert_true(root->position.z == 0.0f);
    free_world(&w);

    make_world(&w, false);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    d = step(&w, 0.25);
    assert_true(d.y == 0.25f);
    assert_true(ta_scene_node_const(w.scene, w.root)->position.y == 0.0f);
    free_world(&w);
}

static void test_thousand_loops_land_on_the_exact_sum(void **state)
{
    (void)state;
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    double x = 0;
    for (int i = 0; i < 8000; ++i) x += step(&w, 0.125).x; /* 1000 loops */
    assert_true(x == 2000.0);
    /* one advance of 1000.5 s: 1000 whole runs and half of one */
    assert_true(step(&w, 1000.5).x == 2001.0f);
    free_world(&w);
}

static void test_backward_ping_pong_once_and_repetitions(void **state)
{
    (void)state;
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, -1, 1);
    /* from 0 back across the start to 0.75: P(.75) - P(0) - (P(1) - P(0)) */
    assert_true(step(&w, 0.25).x == -0.5f);
    assert_true(step(&w, 0.5).x == -1.0f);
    free_world(&w);

    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, 1, 1);
    assert_true(step(&w, 1.25).x == 1.5f);  /* out 2, back 0.5 */
    assert_true(step(&w, 0.75).x == -1.5f); /* back to the start */
    free_world(&w);

    make_world(&w, true);
    ta_action *once = play_walk(&w, 2.0f, TA_LOOP_MODE_ONCE, 1, 1, 1);
    ta_action_set_clamp_when_finished(once, true);
    assert_true(step(&w, 1.5).x == 2.0f); /* stops at the end, and holds it */
    assert_true(step(&w, 0.5).x == 0.0f);
    free_world(&w);

    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_ONCE, 1, 1, 1);
    /* without clamp_when_finished it lets go of the pose in the update that ends it: weight 0, no motion */
    assert_true(step(&w, 1.5).x == 0.0f);
    free_world(&w);

    make_world(&w, true);
    ta_action *three = play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, 3, 1, 1);
    ta_action_set_clamp_when_finished(three, true);
    assert_true(step(&w, 10.0).x == 6.0f); /* three runs, then it finishes */
    free_world(&w);
}

static void test_weights_blend_the_motion(void **state)
{
    (void)state;
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 0.75f);
    play_walk(&w, 4.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 0.25f);
    /* (0.75 * 0.5 + 0.25 * 1.0) / 1 */
    assert_true(step(&w, 0.25).x == 0.625f);
    free_world(&w);

    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 0.25f);
    play_walk(&w, 4.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 0.25f);
    /* a total of 0.5 moves less: 0.25 * 0.5 + 0.25 * 1.0 */
    assert_true(step(&w, 0.25).x == 0.375f);
    free_world(&w);
}

/* A clip of `seconds` moving the root along x from 0 to 2, played with weight 1. */
static ta_action *play_line(world *w, float seconds, ta_loop_mode mode)
{
    ta_error err = {0};
    float kt[2] = {0, seconds}, kv[6] = {0, 0, 0, 2, 0, 0};
    ta_track *t = ta_test_node_track(w->root, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    ta_clip *c = ta_test_clip("line", &t, 1, NULL);
    ta_action *a = ta_test_action(w->mixer, c);
    ta_clip_release(c);
    TA_ASSERT_OK(ta_action_set_loop(a, mode, TA_ACTION_ENDLESS, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

/* An action that stands (paused, finished and clamped, or waiting for its
 * start time) holds its share of the pose, and so of the weight, while it
 * moves nothing: the other's motion is divided by both weights. */
static void test_standing_actions_keep_their_weight(void **state)
{
    (void)state;
    world w;
    make_world(&w, true);
    ta_action *a = play_line(&w, 1.0f, TA_LOOP_MODE_REPEAT); /* 2 m/s */
    play_line(&w, 2.0f, TA_LOOP_MODE_REPEAT);                /* 1 m/s */
    /* (2 * 0.25 + 1 * 0.25) / 2 */
    assert_true(step(&w, 0.25).x == 0.375f);
    ta_action_pause(a);
    /* (0 + 1 * 0.25) / 2: the paused action's root stands at 0.5 with weight 1 */
    assert_true(step(&w, 0.25).x == 0.125f);
    free_world(&w);

    make_world(&w, true);
    a = play_line(&w, 1.0f, TA_LOOP_MODE_ONCE);
    ta_action_set_clamp_when_finished(a, true);
    play_line(&w, 2.0f, TA_LOOP_MODE_REPEAT);
    /* the first finishes at its end, clamped: (2 * 1 + 1 * 1) / 2 */
    assert_true(step(&w, 1.0).x == 1.5f);
    assert_true(ta_action_paused(a));
    /* then holds its last pose with weight 1: (0 + 1 * 0.5) / 2 */
    assert_true(step(&w, 0.5).x == 0.25f);
    free_world(&w);

    make_world(&w, true);
    a = play_line(&w, 1.0f, TA_LOOP_MODE_REPEAT);
    ta_error err = {0};
    TA_ASSERT_OK(ta_action_start_at(a, ta_duration_from_seconds(1.0), &err), &err);
    play_line(&w, 2.0f, TA_LOOP_MODE_REPEAT);
    /* waiting for its start, it holds its first pose with weight 1: (0 + 1 * 0.25) / 2 */
    assert_true(step(&w, 0.25).x == 0.125f);
    free_world(&w);
}

/* A cross-fade blends the two motions by the fade's weights, and a warp moves the clip (and so the
 * root) by the warped step. */
static void test_cross_fade_and_warp(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    play_walk(&w, 4.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    TA_ASSERT_OK(ta_mixer_cross_fade_to(w.mixer, 0, 1, ta_duration_from_seconds(1.0), false, &err), &err);
    /* at 0.5 s the fade gives each 0.5: (0.5 * 2 * 0.5 + 0.5 * 4 * 0.5) / 1 */
    assert_true(step(&w, 0.5).x == 1.5f);
    free_world(&w);

    make_world(&w, true);
    ta_action *a = play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    TA_ASSERT_OK(ta_action_halt(a, ta_duration_from_seconds(1.0), &err), &err);
    /* the time scale at 0.5 s of the halt is 0.5: the clip moves 0.25 s, the root 2 * 0.25 */
    assert_true(step(&w, 0.5).x == 0.5f);
    assert_true(ta_action_time(a).seconds == 0.25);
    free_world(&w);
}

static void test_seeks_report_no_motion_unless_asked(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w, true);
    play_walk(&w, 2.0f, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    step(&w, 0.25);
    ta_mixer_targets t = {w.scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_set_time(w.mixer, &t, ta_duration_from_seconds(2.25), &err), &err);
    ta_root_motion rm;
    ta_mixer_root_motion(w.mixer, &rm);
    assert_true(rm.translation.x == 0.0f);
    ta_mixer_set_seek_reports(w.mixer, true);
    TA_ASSERT_OK(ta_mixer_set_time(w.mixer, &t, ta_duration_from_seconds(2.25), &err), &err);
    ta_mixer_root_motion(w.mixer, &rm);
    assert_true(rm.translation.x == 4.5f); /* from the clip's start */
    /* off again: three.js's pose, the root moves */
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, NULL, &err), &err);
    step(&w, 0.25);
    ta_mixer_root_motion(w.mixer, &rm);
    assert_true(rm.translation.x == 0.0f);
    assert_true(ta_scene_node_const(w.scene, w.root)->position.x == 1.0f); /* at 2.5 s: P(0.5) */
    ta_root_motion_options none = {ta_node_none(), false, false};
    TA_ASSERT_REFUSED(ta_mixer_set_root_motion(w.mixer, &none, &err), &err, TA_ERROR_INVALID_ARGUMENT, "options.root");
    free_world(&w);
}

/* The root turns about y from 0 to pi/2 over the clip, leaning 0.3 rad about x all along:
 * q(t) = Ry(theta(t)) Rx(0.3). */
static void test_yaw_extracted_and_heading_kept(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w, true);
    float kt[3] = {0, 0.5f, 1}, kv[12];
    const double lean = 0.3;
    for (int k = 0; k < 3; ++k) {
        double th = k * (TA_TEST_PI / 4);
        /* Ry(th) Rx(lean) */
        kv[4 * k + 0] = (float)(cos(th / 2) * sin(lean / 2));
        kv[4 * k + 1] = (float)(sin(th / 2) * cos(lean / 2));
        kv[4 * k + 2] = (float)(-sin(th / 2) * sin(lean / 2));
        kv[4 * k + 3] = (float)(cos(th / 2) * cos(lean / 2));
    }
    ta_track *t = ta_test_node_track(w.root, TA_TRACK_KIND_QUATERNION, kt, 3, kv, 12);
    ta_clip *c = ta_test_clip("turn", &t, 1, NULL);
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(c, NULL, &a, &err), &err);
    ta_clip_release(c);
    TA_ASSERT_OK(ta_mixer_add(w.mixer, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(w.mixer, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    ta_root_motion rm;
    ta_mixer_root_motion(w.mixer, &rm);
    TA_ASSERT_NEAR(rm.yaw, TA_TEST_PI / 8, 1e-6); /* a quarter of the way to pi/2 */
    /* the pose keeps the lean and drops the turn: Rx(0.3) */
    const ta_quat q = ta_scene_node_const(w.scene, w.root)->quaternion;
    TA_ASSERT_NEAR(q.x, sin(lean / 2), 1e-6);
    TA_ASSERT_NEAR(q.y, 0, 1e-6);
    TA_ASSERT_NEAR(q.z, 0, 1e-6);
    TA_ASSERT_NEAR(q.w, cos(lean / 2), 1e-6);
    /* across the loop end: pi/8 * 3 to the end, then pi/8 into the next run: 3 pi/8 + ... = from 1/4 to 5/4 */
    TA_ASSERT_OK(ta_mixer_update(w.mixer, w.scene, ta_duration_from_seconds(1.0), &err), &err);
    ta_mixer_root_motion(w.mixer, &rm);
    TA_ASSERT_NEAR(rm.yaw, TA_TEST_PI / 2, 1e-6);
    free_world(&w);
}

/* With a mask, root motion (yaw too) and markers set up, updates allocate nothing once the bindings
 * exist, however many loops and events they pass. */
/* A world whose mixer allocates through `alloc`, root motion off. */
static void make_counted_world(world *w, const ta_allocator *alloc)
{
    ta_error err = {0};
    make_world(w, false);
    ta_mixer_destroy(w->mixer);
    ta_mixer_options mo = {alloc};
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &mo, &w->mixer, &err), &err);
}

static void test_updates_allocate_nothing(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    world w;
    make_counted_world(&w, &alloc);
    ta_root_motion_options o = {w.root, true, true};
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, &o, &err), &err);
    float kt[2] = {0, 1}, kv[6] = {0, 0, 0, 2, 0, 0};
    ta_track *t = ta_test_node_track(w.root, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    ta_clip *c = ta_test_clip("walk", &t, 1, NULL);
    ta_clip_marker marks[2] = {{"left", {0.0}}, {"right", {0.5}}};
    TA_ASSERT_OK(ta_clip_set_markers(c, marks, 2, &err), &err);
    ta_action_options ao = {&alloc, TA_BLEND_MODE_DEFAULT};
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(c, &ao, &a, &err), &err);
    ta_clip_release(c);
    TA_ASSERT_OK(ta_mixer_add(w.mixer, a, ta_node_none(), NULL, &err), &err);
    ta_mask *mask = NULL;
    TA_ASSERT_OK(ta_mask_create(NULL, &mask, &err), &err);
    TA_ASSERT_OK(ta_mask_set_node(mask, w.root, 0.5f, &err), &err);
    TA_ASSERT_OK(ta_action_set_mask(a, mask, &err), &err);
    ta_mask_destroy(mask);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(w.mixer, w.scene, ta_duration_from_seconds(0.125), &err), &err); /* the bindings */
    size_t before = counter.allocations;
    int64_t passes = 0;
    for (int i = 0; i < 200; ++i) {
        TA_ASSERT_OK(ta_mixer_update(w.mixer, w.scene, ta_duration_from_seconds(i % 7 == 0 ? 12.375 : 0.125), &err), &err);
        ta_animation_event ev;
        while (ta_mixer_drain_events(w.mixer, &ev, 1) == 1) passes += ev.kind == TA_EVENT_KIND_MARKER ? ev.count : 0;
    }
    /* [0.125, 0.125 + 29 * 12.375 + 171 * 0.125 = 380.375): "left" at 1..380, "right" at 0.5..379.5 */
    assert_int_equal(passes, 760);
    assert_int_equal(counter.allocations, before);
    free_world(&w);
}

/* The first setting makes the mixer's root motion state: refused out of
 * memory with nothing changed (off: the root moves as three.js moves it, and
 * the motion reads zero), then made; turning it off keeps it, made once. */
static void test_first_setting_refused_out_of_memory(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    world w;
    make_counted_world(&w, &alloc);
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, NULL, &err), &err); /* off, never on: nothing made */
    size_t live = counter.live_bytes;
    ta_root_motion_options o = {w.root, false, false};
    counter.fail_after = (long)counter.allocations;
    TA_ASSERT_REFUSED(ta_mixer_set_root_motion(w.mixer, &o, &err), &err, TA_ERROR_OUT_OF_MEMORY, "root motion");
    counter.fail_after = -1;
    assert_int_equal(counter.live_bytes, live);
    play_walk(&w, 2, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, 1, 1);
    ta_vec3 d = step(&w, 0.25);
    assert_true(d.x == 0 && d.y == 0 && d.z == 0);
    assert_true(ta_scene_node(w.scene, w.root)->position.x == 0.5f); /* moved, as three.js moves it */
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, &o, &err), &err);
    d = step(&w, 0.25);
    assert_true(d.x == 0.5f);
    size_t made = counter.allocations;
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, NULL, &err), &err);
    TA_ASSERT_OK(ta_mixer_set_root_motion(w.mixer, &o, &err), &err);
    assert_int_equal(counter.allocations, made);
    free_world(&w);
}

/* Root motion touches the root alone: a blend over a rig of seven nodes, its root driven in
 * position and rotation, with root motion (yaw too) and without, gives every other node the same
 * numbers bit for bit; and so with a mask on both actions (half a weight on one node, none on
 * another, three quarters on the root). With yaw, or with a mask, the action took a loop of its
 * own, every track sampled in double, a step off in the last bits. */
static void test_root_motion_leaves_the_other_nodes_alone(void **state)
{
    (void)state;
    enum { NODES = 7, K = 9, V = 6 };
    /* variant v: root motion (0 none, 1 translation, 2 and yaw) = v % 3; masked: v >= 3 */
    ta_error err = {0};
    ta_scene *scenes[V];
    ta_mixer *mixers[V];
    ta_node_id nodes[V][NODES];
    for (int v = 0; v < V; ++v) {
        scenes[v] = ta_test_scene();
        for (int i = 0; i < NODES; ++i)
            nodes[v][i] = ta_test_node_under(scenes[v], i == 0 ? ta_node_none() : nodes[v][(i - 1) / 2], "n");
        mixers[v] = ta_test_mixer(ta_node_none());
        if (v % 3 > 0) {
            ta_root_motion_options o = {nodes[v][0], false, v % 3 == 2};
            TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[v], &o, &err), &err);
        }
        ta_mask *mask = NULL;
        if (v >= 3) {
            ta_mask_options all_on = {NULL, 1.0f, 0};
            TA_ASSERT_OK(ta_mask_create(&all_on, &mask, &err), &err);
            TA_ASSERT_OK(ta_mask_set_node(mask, nodes[v][0], 0.75f, &err), &err);
            TA_ASSERT_OK(ta_mask_set_node(mask, nodes[v][3], 0.5f, &err), &err);
            TA_ASSERT_OK(ta_mask_set_node(mask, nodes[v][5], 0.0f, &err), &err);
        }
        for (int c = 0; c < 2; ++c) {
            ta_track *tracks[2 * NODES];
            for (int i = 0; i < NODES; ++i) {
                float kt[K], kp[3 * K], kq[4 * K];
                for (int k = 0; k < K; ++k) {
                    const double u = 0.7 * k + 1.3 * c + 0.3 * i, half = 0.6 * sin(u) + 0.4 * c;
                    kt[k] = 0.125f * (float)k;
                    for (int e = 0; e < 3; ++e) kp[3 * k + e] = (float)(0.3 * cos(u + e) + 0.2 * k);
                    const double ax = sin(c + i), ay = cos(2.0 * c + i) + 1.5, az = 0.5;
                    const double len = sqrt(ax * ax + ay * ay + az * az);
                    kq[4 * k] = (float)(ax / len * sin(half));
                    kq[4 * k + 1] = (float)(ay / len * sin(half));
                    kq[4 * k + 2] = (float)(az / len * sin(half));
                    kq[4 * k + 3] = (float)cos(half);
                }
                tracks[2 * i] = ta_test_node_track(nodes[v][i], TA_TRACK_KIND_POSITION, kt, K, kp, 3 * K);
                tracks[2 * i + 1] = ta_test_node_track(nodes[v][i], TA_TRACK_KIND_QUATERNION, kt, K, kq, 4 * K);
            }
            ta_clip *clip = ta_test_clip(c ? "run" : "walk", tracks, 2 * NODES, NULL);
            ta_action *a = ta_test_action(mixers[v], clip);
            ta_clip_release(clip);
            TA_ASSERT_OK(ta_action_set_mask(a, mask, &err), &err);
            TA_ASSERT_OK(ta_action_set_weight(a, c ? 0.35f : 0.65f, &err), &err);
            TA_ASSERT_OK(ta_action_play(a, &err), &err);
        }
        ta_mask_destroy(mask);
    }
    for (int frame = 0; frame < 40; ++frame)
        for (int v = 0; v < V; ++v) {
            TA_ASSERT_OK(ta_mixer_update(mixers[v], scenes[v], ta_duration_from_seconds(0.037), &err), &err);
            if (v % 3 == 0) continue;
            const int base = v - v % 3; /* the same mask, no root motion */
            for (int i = 1; i < NODES; ++i) {
                const ta_node *plain = ta_scene_node(scenes[base], nodes[base][i]);
                const ta_node *n = ta_scene_node(scenes[v], nodes[v][i]);
                if (memcmp(&n->position, &plain->position, sizeof plain->position) != 0 ||
                    memcmp(&n->quaternion, &plain->quaternion, sizeof plain->quaternion) != 0)
                    fail_msg("frame %d, node %d, root motion %s%s: not the numbers without it", frame, i,
                             v % 3 == 2 ? "with yaw" : "", v >= 3 ? ", masked" : "");
            }
        }
    for (int v = 0; v < V; ++v) {
        ta_mixer_destroy(mixers[v]);
        ta_scene_destroy(scenes[v]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_motion_and_pose_in_place),
        cmocka_unit_test(test_thousand_loops_land_on_the_exact_sum),
        cmocka_unit_test(test_backward_ping_pong_once_and_repetitions),
        cmocka_unit_test(test_weights_blend_the_motion),
        cmocka_unit_test(test_standing_actions_keep_their_weight),
        cmocka_unit_test(test_cross_fade_and_warp),
        cmocka_unit_test(test_seeks_report_no_motion_unless_asked),
        cmocka_unit_test(test_yaw_extracted_and_heading_kept),
        cmocka_unit_test(test_root_motion_leaves_the_other_nodes_alone),
        cmocka_unit_test(test_updates_allocate_nothing),
        cmocka_unit_test(test_first_setting_refused_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
