/* The mixer and its actions: blending, the original, additive piles, groups,
 * the cache, events, and every mixer and action refusal of the table of
 * refusals ("What is refused") (code, message, nothing changed). Expected numbers are worked
 * out by hand from three.js's PropertyMixer rules; the replay conformance tests
 * compare against three.js itself.
 *
 * Refusal rows covered here:
 *   A weight below zero, or a loop mode that is not named.        test_action_field_refusals
 *   A fade, a warp or a cross-fade that lasts less than no time.  test_ramp_refusals
 *   A warp on an action with a time scale of zero.                test_ramp_refusals
 *   A cross-fade from an action to itself.                        test_cross_fade_with_itself_changes_nothing
 *   A weight, a time scale, a frame time, a start time ... NaN.   test_not_a_number_refusals
 *   An action index the mixer does not have.                      test_action_index_refusals
 *   A track naming a node the scene does not have.                test_missing_node_refused_unchanged
 *   A track naming a mesh, a light or a material not there.       test_missing_mesh_light_material
 *   A material track given to update(scene, delta).               test_material_track_needs_assets
 *   A group member that is not in the scene.                      test_group_member_not_in_scene
 *   A value that its property cannot hold.                        test_value_not_held_refused_unchanged
 *   A camera track given to an update without the cameras.        test_camera_track_needs_cameras
 *   A camera number that the camera cannot hold.                  test_camera_planes_cross_refused
 *   A light distance, angle or penumbra Light.validate refuses.   test_light_angle_refused
 *   Repetitions below zero, or a set_duration of zero.            test_action_field_refusals
 *   An uncached action.                                           test_uncache_keeps_index_and_refuses
 *   An uncached action added to a sync group.                     test_uncache_gives_the_clip_back
 *   A blend mode that is not named.                               test_action_field_refusals
 */
#include <math.h>
#include <stdio.h>

#include "ta_test.h"
#include "ta_recycler.h"
#include "ta_test_build.h"
#include "ta_snapshot.h"

#include "animation/mixer_internal.h"
#include "threeanim/threeanim.h"

#define TEST_PI 3.14159265358979323846

/* ---- a small world ------------------------------------------------------------------ */

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_node_id root, child, lamp_node, cam_node;
    ta_mesh_id mesh;
    ta_material_id mat;
    ta_light_id lamp;
    ta_perspective_camera_id cam;
    ta_allocator *allocator;
} world;

static void make_world(world *w, ta_allocator *allocator)
{
    ta_error err = {0};
    memset(w, 0, sizeof *w);
    w->allocator = allocator;
    ta_scene_options so = {allocator, "scene", NULL};
    TA_ASSERT_OK(ta_scene_create(&so, &w->scene, &err), &err);
    ta_assets_options ao = {allocator};
    TA_ASSERT_OK(ta_assets_create(&ao, &w->assets, &err), &err);
    ta_camera_list_options co = {allocator};
    TA_ASSERT_OK(ta_camera_list_create(&co, &w->cameras, &err), &err);
    w->root = ta_test_node_under(w->scene, ta_node_none(), "root");
    w->child = ta_test_node_under(w->scene, w->root, "child");
    w->lamp_node = ta_test_node_under(w->scene, w->root, "lamp");
    w->cam_node = ta_test_node_under(w->scene, w->root, "cam");
    ta_scene_node(w->scene, w->child)->position = ta_vec3_make(1, 2, 3);
    ta_texture tex = ta_texture_defaults();
    ta_texture_id tex_id;
    TA_ASSERT_OK(ta_assets_add_texture(w->assets, &tex, "tex", NULL, &tex_id, &err), &err);
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    m.opacity = 0.5f;
    m.color[0] = 255;
    m.color[1] = 0;
    m.color[2] = 0;
    m.map = tex_id;
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &m, "mat", NULL, &w->mat, &err), &err);
    const char *names[2] = {"smile", "frown"};
    float infl[2] = {0.25f, 0};
    ta_mesh_desc md = {0};
    md.node = w->child;
    md.morph_count = 2;
    md.morph_influences = infl;
    md.morph_names = names;
    md.materials = &w->mat;
    md.material_count = 1;
    TA_ASSERT_OK(ta_scene_add_mesh(w->scene, &md, &w->mesh, &err), &err);
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    l.node = w->lamp_node;
    TA_ASSERT_OK(ta_scene_add_light(w->scene, &l, &w->lamp, &err), &err);
    ta_perspective_camera c = ta_perspective_camera_defaults();
    c.node = w->cam_node;
    TA_ASSERT_OK(ta_camera_list_add_perspective(w->cameras, &c, &w->cam, &err), &err);
}

static void free_world(world *w)
{
    ta_scene_destroy(w->scene);
    ta_assets_destroy(w->assets);
    ta_camera_list_destroy(w->cameras);
}

/* A track of `n` numbers per key over two keys at 0 and 1. */
static ta_track *track2(ta_track_target target, const float *v0, const float *v1, uint32_t n)
{
    return ta_test_track2(target, TA_INTERPOLATION_DEFAULT, 1, v0, v1, n);
}

static ta_clip *clip_of(ta_track *t, const char *name, ta_blend_mode mode)
{
    return ta_test_clip_blend(name, t, mode);
}

static ta_track_target node_target(ta_node_id node, ta_track_kind kind)
{
    return ta_test_node_target(node, kind);
}

/* Adds an action on clip (the caller keeps its clip reference) and plays it. */
static ta_action *play(ta_mixer *m, const ta_clip *clip, float weight, uint32_t *out_index)
{
    ta_error err = {0};
    ta_action *a = NULL;
    uint32_t index = 0;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), &index, &err), &err);
    TA_ASSERT_OK(ta_action_set_weight(a, weight, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    if (out_index) *out_index = index;
    return a;
}

static ta_mixer *mixer_new(void)
{
    return ta_test_mixer(ta_node_none());
}

static ta_result update_all(ta_mixer *m, world *w, double dt, ta_error *err)
{
    return ta_mixer_update_with_cameras(m, w->scene, w->assets, w->cameras, ta_duration_from_seconds(dt), err);
}

/* ---- snapshots, for "nothing changed" ------------------------------------------------ */

/* Every value a caller can read from the world (tests/support/ta_snapshot.h:
 * field by field, so that struct padding does not count), then the mixer's
 * and its actions' figures. */
typedef struct snapshot {
    ta_snap world;
    double mixer_time;
    float phases[4];
    int64_t counts[4];
    float eff_weights[4];
    bool enabled[4], paused[4];
    uint32_t events;
} snapshot;

static void take(snapshot *s, const world *w, const ta_mixer *m, ta_action *const *actions, int n)
{
    memset(s, 0, sizeof *s);
    ta_snap_init(&s->world);
    ta_snap_scene(&s->world, w->scene);
    ta_snap_assets(&s->world, w->assets);
    ta_snap_cameras(&s->world, w->cameras);
    assert_false(s->world.failed);
    s->mixer_time = ta_mixer_time(m).seconds;
    for (int i = 0; i < n; ++i) {
        s->phases[i] = ta_action_phase(actions[i]);
        s->counts[i] = ta_action_loop_count(actions[i]);
        s->eff_weights[i] = ta_action_effective_weight(actions[i]);
        s->enabled[i] = ta_action_enabled(actions[i]);
        s->paused[i] = ta_action_paused(actions[i]);
    }
    s->events = ta_mixer_event_count(m);
}

/* Compares, and frees both snapshots' bytes. */
static void assert_same(snapshot *a, snapshot *b)
{
    char where[256];
    bool same_world = ta_snap_equal(&a->world, &b->world);
    if (!same_world) print_error("world differs at %s\n", ta_snap_first_difference(&a->world, &b->world, where, sizeof where));
    ta_snap_free(&a->world);
    ta_snap_free(&b->world);
    assert_true(same_world);
    assert_memory_equal(&a->mixer_time, &b->mixer_time, sizeof a->mixer_time);
    assert_memory_equal(a->phases, b->phases, sizeof a->phases);
    assert_memory_equal(a->counts, b->counts, sizeof a->counts);
    assert_memory_equal(a->eff_weights, b->eff_weights, sizeof a->eff_weights);
    assert_memory_equal(a->enabled, b->enabled, sizeof a->enabled);
    assert_memory_equal(a->paused, b->paused, sizeof a->paused);
    assert_int_equal(a->events, b->events);
}

/* ---- blending ------------------------------------------------------------------------ */

static void test_full_weight_writes_the_track(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0}, a1[3] = {4, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a1, 3), "slide", 0);
    ta_mixer *m = mixer_new();
    play(m, clip, 1, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1.0, 1e-6);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.y, 0.0, 1e-6);
    TA_ASSERT_NEAR(ta_mixer_time(m).seconds, 0.25, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_partial_weight_rests_toward_the_original(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    /* original (1, 2, 3); the track holds (5, 2, 3); weight 1/4 moves a quarter of the way */
    float v[3] = {5, 2, 3};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3), "hold", 0);
    ta_mixer *m = mixer_new();
    play(m, clip, 0.25f, NULL);
    ta_error err = {0};
    for (int i = 0; i < 3; ++i) TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    /* the original is read once: no wandering over updates */
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 2.0, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_two_actions_weighted_mean_and_slerp(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float p0[3] = {0, 0, 0}, p1[3] = {10, 0, 0};
    /* rotations about y: 0 and 90 degrees, held */
    float q0[4] = {0, 0, 0, 1};
    float q90[4] = {0, (float)sin(TEST_PI / 4), 0, (float)cos(TEST_PI / 4)};
    ta_track *tracks_a[2] = {track2(node_target(w.child, TA_TRACK_KIND_POSITION), p0, p0, 3),
                             track2(node_target(w.child, TA_TRACK_KIND_QUATERNION), q0, q0, 4)};
    ta_track *tracks_b[2] = {track2(node_target(w.child, TA_TRACK_KIND_POSITION), p1, p1, 3),
                             track2(node_target(w.child, TA_TRACK_KIND_QUATERNION), q90, q90, 4)};
    ta_error err = {0};
    ta_clip *ca, *cb;
    ca = ta_test_clip("a", tracks_a, 2, NULL);
    cb = ta_test_clip("b", tracks_b, 2, NULL);
    ta_mixer *m = mixer_new();
    play(m, ca, 0.75f, NULL);
    play(m, cb, 0.25f, NULL);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err);
    const ta_node *n = &w.scene->nodes[w.child.index];
    TA_ASSERT_NEAR(n->position.x, 2.5, 1e-6); /* 0.75 * 0 + 0.25 * 10 */
    /* slerp from 0 toward 90 degrees by 0.25: 22.5 degrees */
    TA_ASSERT_NEAR(n->quaternion.y, sin(22.5 * TEST_PI / 360), 1e-6);
    TA_ASSERT_NEAR(n->quaternion.w, cos(22.5 * TEST_PI / 360), 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(ca);
    ta_clip_release(cb);
    free_world(&w);
}

static void test_flags_take_the_pile_at_half(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float off[1] = {0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_VISIBLE), off, off, 1), "hide", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 0.4f, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    assert_true(w.scene->nodes[w.child.index].visible); /* missing weight 0.6 >= 0.5: the original */
    TA_ASSERT_OK(ta_action_set_weight(a, 0.5f, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    assert_true(w.scene->nodes[w.child.index].visible); /* missing weight 0.5 is at least one half */
    TA_ASSERT_OK(ta_action_set_weight(a, 0.6f, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    assert_false(w.scene->nodes[w.child.index].visible); /* missing weight 0.4: the pile holds */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_additive_goes_on_top(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float base[3] = {2, 0, 0};
    float delta[3] = {0, 1, 0};
    ta_clip *normal = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), base, base, 3), "base", 0);
    ta_clip *add = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), delta, delta, 3), "nod", TA_BLEND_MODE_ADDITIVE);
    ta_mixer *m = mixer_new();
    play(m, normal, 1, NULL);
    play(m, add, 0.5f, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    const ta_node *n = &w.scene->nodes[w.child.index];
    TA_ASSERT_NEAR(n->position.x, 2, 1e-6);
    TA_ASSERT_NEAR(n->position.y, 0.5, 1e-6);
    TA_ASSERT_NEAR(n->position.z, 0, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(normal);
    ta_clip_release(add);
    free_world(&w);
}

static void test_colors_are_decoded_and_encoded(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_material(w.mat, TA_TRACK_KIND_MATERIAL_COLOR, &t, &err), &err);
    float half[3] = {0.5f, 0.5f, 0.5f};
    ta_clip *clip = clip_of(track2(t, half, half, 3), "grey", 0);
    ta_mixer *m = mixer_new();
    play(m, clip, 1, NULL);
    TA_ASSERT_OK(ta_mixer_update_with_assets(m, w.scene, w.assets, ta_duration_from_seconds(0.1), &err), &err);
    /* linear 0.5 is sRGB byte 188 (three.js getHex) */
    assert_int_equal(w.assets->materials[w.mat.index].color[0], 188);
    assert_int_equal(w.assets->materials[w.mat.index].color[2], 188);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_rotation_element_reads_the_quaternion(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_scene_node(w.scene, w.child)->quaternion = ta_quat_from_euler((ta_euler){0.3f, 0, 0});
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node_element(w.child, TA_TRACK_KIND_ROTATION_ELEMENT, 1, &t, &err), &err);
    float y[1] = {0.5f};
    ta_clip *clip = clip_of(track2(t, y, y, 1), "turn", 0);
    ta_mixer *m = mixer_new();
    play(m, clip, 1, NULL);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    ta_euler e = ta_euler_from_quat(w.scene->nodes[w.child.index].quaternion);
    TA_ASSERT_NEAR(e.x, 0.3, 1e-6); /* the other two angles kept */
    TA_ASSERT_NEAR(e.y, 0.5, 1e-6);
    TA_ASSERT_NEAR(e.z, 0.0, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_string_track_renames_and_restores(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    float times[2] = {0, 1};
    const char *names[2] = {"idle", "busy"};
    ta_track *t = ta_test_string_track(node_target(w.child, TA_TRACK_KIND_NODE_NAME), times, 2, names);
    ta_clip *clip = clip_of(t, "rename", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    assert_string_equal(w.scene->nodes[w.child.index].name, "idle");
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.8), &err), &err);
    assert_string_equal(w.scene->nodes[w.child.index].name, "idle"); /* 1.05 wrapped to 0.05 */
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.9), &err), &err);
    assert_string_equal(w.scene->nodes[w.child.index].name, "idle");
    TA_ASSERT_OK(ta_action_stop(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    assert_string_equal(w.scene->nodes[w.child.index].name, "child"); /* stop gives the node back */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_stop_restores_the_original_at_the_next_update(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float v[3] = {9, 9, 9};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3), "hold", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 9, 0);
    TA_ASSERT_OK(ta_action_stop(a, &err), &err);
    assert_false(ta_action_is_active(a));
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1, 0);
    /* nothing drives it now: a user's value stays */
    ta_scene_node(w.scene, w.child)->position.x = 42;
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 42, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

/* ta_mixer_restore_stopped: the originals that a stop leaves for the next update, written now
 * (three.js's stop); what other actions still drive keeps what the last update wrote; the next
 * update writes none of them, so a value set in between stays. */
static void test_restore_stopped_writes_the_originals_now(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    float v[3] = {9, 9, 9}, r0[3] = {5, 5, 5}, r1[3] = {7, 7, 7};
    float times[2] = {0, 1};
    const char *names[2] = {"busy", "busy"};
    ta_track *ta[2] = {track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3),
                       ta_test_string_track(node_target(w.child, TA_TRACK_KIND_NODE_NAME), times, 2, names)};
    ta_clip *hold = ta_test_clip("hold", ta, 2, NULL);
    ta_track *tb[2] = {track2(node_target(w.root, TA_TRACK_KIND_POSITION), r0, r1, 3),
                       track2(node_target(w.child, TA_TRACK_KIND_SCALE), r0, r0, 3)};
    ta_clip *slide = ta_test_clip("slide", tb, 2, NULL);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, hold, 1, NULL);
    play(m, slide, 1, NULL);
    ta_mixer_targets t = {w.scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 9, 0);
    assert_string_equal(w.scene->nodes[w.child.index].name, "busy");
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.x, 6, 1e-6);
    /* nothing waits: nothing written */
    ta_scene_node(w.scene, w.root)->position.x = -3;
    TA_ASSERT_OK(ta_mixer_restore_stopped(m, &t, &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.x, -3, 0);
    ta_scene_node(w.scene, w.root)->position.x = 6;

    TA_ASSERT_OK(ta_action_stop(a, &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 9, 0); /* the stop itself writes nothing */
    /* refused (the scene without the child): nothing written, the restore still waits */
    world small;
    memset(&small, 0, sizeof small);
    ta_scene_options so = {NULL, "small", NULL};
    TA_ASSERT_OK(ta_scene_create(&so, &small.scene, &err), &err);
    ta_test_node_under(small.scene, ta_node_none(), "root");
    ta_mixer_targets ts = {small.scene, NULL, NULL};
    TA_ASSERT_REFUSED(ta_mixer_restore_stopped(m, &ts, &err), &err, TA_ERROR_MISSING_TARGET,
                      "node 1 is not in the scene");
    TA_ASSERT_NEAR(small.scene->nodes[0].position.x, 0, 0);
    assert_string_equal(small.scene->nodes[0].name, "root");
    ta_scene_destroy(small.scene);
    TA_ASSERT_REFUSED(ta_mixer_restore_stopped(m, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "targets: is NULL");

    TA_ASSERT_OK(ta_mixer_restore_stopped(m, &t, &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1, 0);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.y, 2, 0);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.z, 3, 0);
    assert_string_equal(w.scene->nodes[w.child.index].name, "child");
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.x, 6, 1e-6); /* still slide's, not mixed again */
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].scale.x, 5, 0);
    /* the next updates leave what is set on the restored ones */
    ta_scene_node(w.scene, w.child)->position.x = 42;
    TA_ASSERT_OK(ta_mixer_restore_stopped(m, &t, &err), &err); /* a second call: nothing waits */
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 42, 0);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.x, 6.5, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(hold);
    ta_clip_release(slide);
    free_world(&w);
}

/* Stopped while the fused path holds the mixer's state (its binding records freed): the
 * restores are found all the same, and are the originals the next update would write. */
static void test_restore_stopped_on_the_fused_path(void **state)
{
    (void)state;
    ta_error err = {0};
    world w[2];
    ta_mixer *m[2];
    ta_clip *clip = NULL;
    for (int k = 0; k < 2; ++k) {
        make_world(&w[k], NULL);
        float p0[3] = {0, 0, 0}, p1[3] = {4, 4, 4};
        ta_quat q0 = ta_quat_identity(), q1 = ta_quat_make(0, 0.47942554f, 0, 0.87758256f); /* 1 radian about y */
        ta_track *tr[3] = {track2(node_target(w[k].child, TA_TRACK_KIND_POSITION), p0, p1, 3),
                           track2(node_target(w[k].child, TA_TRACK_KIND_QUATERNION), &q0.x, &q1.x, 4),
                           track2(node_target(w[k].root, TA_TRACK_KIND_POSITION), p1, p0, 3)};
        if (clip == NULL) clip = ta_test_clip("walk", tr, 3, NULL);
        else for (int i = 0; i < 3; ++i) ta_track_destroy(tr[i]);
        m[k] = mixer_new();
        play(m[k], clip, 1, NULL);
        for (int f = 0; f < 4; ++f)
            TA_ASSERT_OK(ta_mixer_update(m[k], w[k].scene, ta_duration_from_seconds(0.1), &err), &err);
    }
    ta_mixer_targets t = {w[0].scene, NULL, NULL};
    if (!m[0]->bindings_parked) {
        printf("# the fused path does not run on this instruction set: the mixer is not parked here\n");
    } else {
        /* nothing waits: the fused path is left as it was, and runs the next update */
        const uint64_t runs = m[0]->fused.runs;
        TA_ASSERT_OK(ta_mixer_restore_stopped(m[0], &t, &err), &err);
        assert_true(m[0]->bindings_parked);
        TA_ASSERT_OK(ta_mixer_update(m[0], w[0].scene, ta_duration_from_seconds(0), &err), &err);
        TA_ASSERT_OK(ta_mixer_update(m[1], w[1].scene, ta_duration_from_seconds(0), &err), &err);
        assert_int_equal(m[0]->fused.runs, runs + 1);
    }
    for (int k = 0; k < 2; ++k) ta_mixer_stop_all_action(m[k]);
    TA_ASSERT_OK(ta_mixer_restore_stopped(m[0], &t, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m[1], w[1].scene, ta_duration_from_seconds(0.1), &err), &err);
    for (uint32_t i = 0; i < w[0].scene->node_count; ++i)
        assert_memory_equal(&w[0].scene->nodes[i].position, &w[1].scene->nodes[i].position, 40); /* position, quaternion, scale */
    TA_ASSERT_NEAR(w[0].scene->nodes[w[0].child.index].position.x, 1, 0);
    TA_ASSERT_NEAR(w[0].scene->nodes[w[0].root.index].position.x, 0, 0);
    for (int k = 0; k < 2; ++k) {
        ta_mixer_destroy(m[k]);
        free_world(&w[k]);
    }
    ta_clip_release(clip);
}

/* The fused path holding the originals while the binding records stay (another action bound to
 * the same targets, stopped): restored from the originals it gives back, as the next update would. */
static void test_restore_stopped_with_the_originals_in_the_lanes(void **state)
{
    (void)state;
    ta_error err = {0};
    world w[2];
    ta_mixer *m[2];
    ta_action *first[2];
    ta_clip *clips[2] = {NULL, NULL};
    for (int k = 0; k < 2; ++k) {
        make_world(&w[k], NULL);
        for (int c = 0; c < 2 && k == 0; ++c) {
            float p0[3] = {0, 0, 0}, p1[3] = {4.0f + c, 4, 4};
            ta_track *tr[2] = {track2(node_target(w[k].child, TA_TRACK_KIND_POSITION), p0, p1, 3),
                               track2(node_target(w[k].root, TA_TRACK_KIND_POSITION), p1, p0, 3)};
            clips[c] = ta_test_clip(c ? "run" : "walk", tr, 2, NULL);
        }
        m[k] = mixer_new();
        first[k] = play(m[k], clips[0], 1, NULL);
        ta_action *second = play(m[k], clips[1], 1, NULL); /* bound, then stopped before the fused path is made */
        TA_ASSERT_OK(ta_action_stop(second, &err), &err);
        for (int f = 0; f < 5; ++f)
            TA_ASSERT_OK(ta_mixer_update(m[k], w[k].scene, ta_duration_from_seconds(0.1), &err), &err);
    }
    if (!m[0]->fused.parked)
        printf("# the fused path does not run on this instruction set: its lanes hold no originals here\n");
    else
        assert_false(m[0]->bindings_parked); /* the stopped action keeps the records */
    for (int k = 0; k < 2; ++k) TA_ASSERT_OK(ta_action_stop(first[k], &err), &err);
    ta_mixer_targets t = {w[0].scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_restore_stopped(m[0], &t, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m[1], w[1].scene, ta_duration_from_seconds(0.1), &err), &err);
    for (uint32_t i = 0; i < w[0].scene->node_count; ++i)
        assert_memory_equal(&w[0].scene->nodes[i].position, &w[1].scene->nodes[i].position, 40);
    TA_ASSERT_NEAR(w[0].scene->nodes[w[0].child.index].position.x, 1, 0);
    for (int k = 0; k < 2; ++k) {
        ta_mixer_destroy(m[k]);
        free_world(&w[k]);
    }
    ta_clip_release(clips[0]);
    ta_clip_release(clips[1]);
}

static void test_reset_does_not_make_an_action_active(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float v[3] = {9, 9, 9};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3), "hold", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_action_set_loop(a, TA_LOOP_MODE_ONCE, TA_ACTION_ENDLESS, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(2), &err), &err); /* finishes: lets go */
    assert_false(ta_action_is_active(a));
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1, 0);
    ta_action_reset(a);
    assert_false(ta_action_is_active(a));
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1, 0);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    assert_true(ta_action_is_active(a));
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 9, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_events_are_drained_and_gone_after_the_next_update(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0}, a1[3] = {1, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a1, 3), "loop", 0);
    ta_mixer *m = mixer_new();
    uint32_t index;
    play(m, clip, 1, &index);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(2.5), &err), &err);
    assert_int_equal(ta_mixer_event_count(m), 1);
    ta_animation_event ev;
    assert_int_equal(ta_mixer_drain_events(m, &ev, 1), 1);
    assert_int_equal(ev.kind, TA_EVENT_KIND_LOOPED);
    assert_int_equal(ev.action, index);
    assert_int_equal(ev.loop_delta, 2);
    assert_int_equal(ev.direction, 1);
    assert_int_equal(ta_mixer_drain_events(m, &ev, 1), 0);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(1.0), &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    assert_int_equal(ta_mixer_event_count(m), 0); /* the earlier one was not drained, and is gone */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_update_allocates_nothing_once_bound(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator al = ta_test_counting_allocator(&counter);
    world w;
    make_world(&w, &al);
    ta_error err = {0};
    float p0[3] = {0, 0, 0}, p1[3] = {1, 2, 3};
    float q0[4] = {0, 0, 0, 1}, q1[4] = {0, 1, 0, 0};
    ta_track_target ct;
    TA_ASSERT_OK(ta_track_target_material(w.mat, TA_TRACK_KIND_MATERIAL_OPACITY, &ct, &err), &err);
    float o0[1] = {0.2f}, o1[1] = {0.9f};
    ta_track *tracks[3] = {track2(node_target(w.child, TA_TRACK_KIND_POSITION), p0, p1, 3),
                           track2(node_target(w.child, TA_TRACK_KIND_QUATERNION), q0, q1, 4), track2(ct, o0, o1, 1)};
    ta_clip *clip = ta_test_clip("c", tracks, 3, NULL);
    ta_mixer_options mo = {&al};
    ta_mixer *m;
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &mo, &m, &err), &err);
    ta_action_options opts = {&al, 0};
    for (int i = 0; i < 3; ++i) {
        ta_action *a;
        TA_ASSERT_OK(ta_action_create(clip, &opts, &a, &err), &err);
        TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
        TA_ASSERT_OK(ta_action_play(a, &err), &err);
        TA_ASSERT_OK(ta_action_set_weight(a, 0.3f, &err), &err);
        TA_ASSERT_OK(ta_action_fade_in(a, ta_duration_from_seconds(0.5), &err), &err);
    }
    TA_ASSERT_OK(ta_mixer_update_with_assets(m, w.scene, w.assets, ta_duration_from_seconds(1.0 / 60), &err), &err);
    size_t before = counter.allocations;
    for (int i = 0; i < 600; ++i)
        TA_ASSERT_OK(ta_mixer_update_with_assets(m, w.scene, w.assets, ta_duration_from_seconds(1.0 / 60), &err), &err);
    assert_int_equal(counter.allocations, before);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_uncache_keeps_index_and_refuses(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float v[3] = {9, 9, 9};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3), "hold", 0);
    ta_mixer *m = mixer_new();
    uint32_t first, second;
    play(m, clip, 1, &first);
    play(m, clip, 1, &second);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_OK(ta_mixer_uncache_action(m, first, &err), &err);
    ta_action *a = NULL;
    TA_ASSERT_REFUSED(ta_mixer_action(m, first, &a, &err), &err, TA_ERROR_NO_SUCH_ACTION, "uncached");
    assert_null(a);
    TA_ASSERT_OK(ta_mixer_action(m, second, &a, &err), &err); /* the other index did not move */
    assert_int_equal(ta_mixer_action_count(m), 2);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 9, 0);
    TA_ASSERT_REFUSED(ta_mixer_uncache_action(m, first, &err), &err, TA_ERROR_NO_SUCH_ACTION, "action 0");
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

/* An uncached action gives its clip back: a clip played by one mixer and uncached is freed with
 * the caller's reference, though the mixer keeps the action; the action keeps what it answers
 * without the clip (its time, its duration for set_duration). A program that streams clips
 * through one mixer keeps the actions' few hundred bytes, not the keys. */
static void test_uncache_gives_the_clip_back(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator al = ta_test_counting_allocator(&counter);
    ta_mixer *m = mixer_new();
    ta_error err = {0};
    const float origin = w.scene->nodes[w.child.index].position.x;
    for (int k = 0; k < 40; ++k) {
        float kt[3] = {0, 1, 2}, kv[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        ta_track *t = ta_test_track_alloc(&al, node_target(w.child, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_DEFAULT,
                                          kt, 3, kv, 9);
        ta_clip_options co = {0};
        co.allocator = &al;
        ta_clip *clip = ta_test_clip("streamed", &t, 1, &co);
        uint32_t index = 0;
        ta_action *a = play(m, clip, 1, &index);
        ta_clip_release(clip); /* the action holds it now */
        assert_true(counter.live_bytes > 0);
        TA_ASSERT_OK(update_all(m, &w, 0.5, &err), &err);
        TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 2.5f, 0);
        assert_ptr_equal(ta_action_clip(a), clip);
        ta_mixer_uncache_clip(m, "streamed");
        TA_ASSERT_OK(update_all(m, &w, 0.5, &err), &err); /* writes the original back */
        TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, origin, 0);
        assert_int_equal(counter.live_bytes, 0); /* the clip and its track are gone */
        assert_null(ta_action_clip(a));
        /* the action still answers, from what it kept */
        assert_true(ta_action_time(a).seconds == 0.0);
        TA_ASSERT_OK(ta_action_set_duration(a, ta_duration_from_seconds(4), &err), &err);
        TA_ASSERT_NEAR(ta_action_time_scale(a), 0.5f, 0);
        TA_ASSERT_OK(ta_action_set_time(a, ta_duration_from_seconds(1.25), &err), &err);
        TA_ASSERT_NEAR(ta_action_time(a).seconds, 1.25, 0);
        TA_ASSERT_REFUSED(ta_action_play(a, &err), &err, TA_ERROR_NO_SUCH_ACTION, "uncached");
        ta_object_group members; /* a group set on it now is freed with the mixer (ASan: no leak) */
        TA_ASSERT_OK(ta_object_group_create(&members, NULL, &err), &err);
        TA_ASSERT_OK(ta_object_group_add(&members, w.child, &err), &err);
        TA_ASSERT_OK(ta_action_set_group(a, &members, &err), &err);
        ta_object_group_destroy(&members);
        ta_sync_group *g = NULL;
        ta_sync_group_desc gd = {TA_SYNC_MODE_NORMALIZED_TIME, NULL};
        TA_ASSERT_OK(ta_sync_group_create(&gd, NULL, &g, &err), &err);
        TA_ASSERT_REFUSED(ta_sync_group_add(g, a, &err), &err, TA_ERROR_NO_SUCH_ACTION, "uncached");
        ta_sync_group_destroy(g);
        assert_int_equal(ta_mixer_action_count(m), (uint32_t)k + 1);
        assert_int_equal(index, (uint32_t)k);
    }
    /* the room for steps and events follows the live actions (one), not all 40 */
    assert_int_equal(m->step_capacity, 0);
    assert_true(m->event_capacity <= 2);
    ta_mixer_destroy(m);
    free_world(&w);
}

/* A mixer walks its live actions alone (the uncached ones moved past them), so indices must
 * still find their actions: uncaches in a random order (of one action, or of both actions of a
 * clip name at once), with actions added between them, leave every live index naming its own
 * action, every uncached one refused, find_action answering indices, and updates mixing the live
 * actions in index order, bit for bit as a mixer that only ever had them. */
static void test_uncache_in_any_order_keeps_indices(void **state)
{
    (void)state;
    enum { N = 24 };
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_test_rng rng = {20261207};
    ta_clip *clips[N];
    ta_action *by_index[N] = {NULL};
    float weights[N];
    bool gone[N] = {false};
    for (int k = 0; k < N; ++k) {
        float v[3] = {(float)k + 0.25f, 1.0f / (float)(k + 3), -(float)k};
        char name[16];
        snprintf(name, sizeof name, "c%d", k / 2); /* two clips a name */
        clips[k] = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), v, v, 3), name, 0);
        weights[k] = 0.25f + (float)ta_test_uniform(&rng);
    }
    ta_mixer *m = mixer_new();
    uint32_t added = 0;
    for (; added < N / 2; ++added) by_index[added] = play(m, clips[added], weights[added], NULL);
    for (int step = 0; step < 30; ++step) {
        double u = ta_test_uniform(&rng);
        if (u < 0.3 && added < N) {
            by_index[added] = play(m, clips[added], weights[added], NULL);
            added++;
        } else {
            uint32_t k = (uint32_t)(ta_test_uniform(&rng) * added);
            if (!gone[k]) {
                if (u < 0.65) {
                    TA_ASSERT_OK(ta_mixer_uncache_action(m, k, &err), &err);
                } else { /* both of the name, when both were added */
                    ta_mixer_uncache_clip(m, ta_clip_name(clips[k]));
                    if ((k ^ 1u) < added) gone[k ^ 1u] = true;
                }
                gone[k] = true;
            }
        }
        assert_int_equal(ta_mixer_action_count(m), added);
        ta_mixer *fresh = mixer_new(); /* the live actions alone, in index order */
        world w2;
        make_world(&w2, NULL);
        for (uint32_t k = 0; k < added; ++k) {
            ta_action *a = NULL;
            uint32_t found = TA_NONE;
            /* find_action: the first live action of the name (k's pair shares it) */
            const uint32_t first = k & ~1u, second = k | 1u;
            const uint32_t want = first < added && !gone[first] ? first : (second < added && !gone[second] ? second : TA_NONE);
            if (want == TA_NONE)
                TA_ASSERT_REFUSED(ta_mixer_find_action(m, ta_clip_name(clips[k]), ta_node_none(), &found, &err), &err,
                                  TA_ERROR_NOT_FOUND, ta_clip_name(clips[k]));
            else
                TA_ASSERT_OK(ta_mixer_find_action(m, ta_clip_name(clips[k]), ta_node_none(), &found, &err), &err);
            assert_int_equal(found, want);
            if (gone[k]) {
                TA_ASSERT_REFUSED(ta_mixer_action(m, k, &a, &err), &err, TA_ERROR_NO_SUCH_ACTION, "uncached");
                continue;
            }
            TA_ASSERT_OK(ta_mixer_action(m, k, &a, &err), &err);
            assert_ptr_equal(a, by_index[k]);
            play(fresh, clips[k], weights[k], NULL);
        }
        TA_ASSERT_OK(update_all(m, &w, 0.1, &err), &err);
        TA_ASSERT_OK(update_all(fresh, &w2, 0.1, &err), &err);
        assert_memory_equal(&w.scene->nodes[w.child.index].position, &w2.scene->nodes[w2.child.index].position,
                            sizeof(ta_vec3));
        ta_mixer_destroy(fresh);
        free_world(&w2);
    }
    ta_mixer_destroy(m);
    for (int k = 0; k < N; ++k) ta_clip_release(clips[k]);
    free_world(&w);
}

/* An uncache drops the bindings nothing drove in the last update in place: with every
 * allocation failing (a cleanup that needed memory kept them, and still said OK), the uncached
 * action's bindings go, string slots and numbers alike, once an update has written their
 * originals back, and the action left keeps driving its own targets. */
static void test_uncache_drops_bindings_without_memory(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator al = ta_test_counting_allocator(&counter);
    float p0[3] = {9, 9, 9}, p1[3] = {9, 8, 7}, s0[3] = {2, 2, 2}, r0[3] = {4, 5, 6};
    float times[2] = {0, 1};
    const char *names[2] = {"busy", "busy"};
    /* dropped: the child's name and position and the root's scale; kept: the lamp's and root's positions */
    ta_track *gone[3] = {ta_test_string_track(node_target(w.child, TA_TRACK_KIND_NODE_NAME), times, 2, names),
                         track2(node_target(w.child, TA_TRACK_KIND_POSITION), p0, p1, 3),
                         track2(node_target(w.root, TA_TRACK_KIND_SCALE), s0, s0, 3)};
    ta_clip *first = ta_test_clip("first", gone, 3, NULL);
    ta_track *kept[2] = {track2(node_target(w.lamp_node, TA_TRACK_KIND_POSITION), r0, r0, 3),
                         track2(node_target(w.root, TA_TRACK_KIND_POSITION), p1, p0, 3)};
    ta_clip *second = ta_test_clip("second", kept, 2, NULL);
    ta_mixer_options mo = {&al};
    ta_mixer *m;
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &mo, &m, &err), &err);
    uint32_t a_first, a_second;
    play(m, first, 1, &a_first);
    play(m, second, 1, &a_second);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err);
    assert_int_equal(m->binding_count, 5);
    assert_int_equal(m->str_count, 1);
    assert_string_equal(w.scene->nodes[w.child.index].name, "busy");
    /* the uncached action's targets get their originals at the next update; till then its bindings stay */
    TA_ASSERT_OK(ta_mixer_uncache_action(m, a_first, &err), &err);
    assert_int_equal(m->binding_count, 5);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    assert_string_equal(w.scene->nodes[w.child.index].name, "child");
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 1, 0);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].scale.x, 1, 0);
    /* and once an update has not driven them (that one wrote their originals), any uncache drops
     * them, asking for no memory */
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    assert_int_equal(m->binding_count, 5);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.y, 8, 1e-6); /* t = 1.0 wrapped to 0: p1 */
    const size_t before = counter.allocations;
    counter.fail_after = (long)counter.allocations; /* every allocation from here fails */
    ta_mixer_uncache_clip(m, "first");
    assert_int_equal(counter.allocations, before);
    assert_int_equal(m->binding_count, 2);
    assert_int_equal(m->str_count, 0);
    assert_int_equal(m->slot_count, 6);
    /* the action left still drives the lamp's and the root's positions through its remapped bindings */
    counter.fail_after = -1;
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.lamp_node.index].position.z, 6, 0);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.y, 8.5f, 1e-6); /* halfway from p1 to p0 */
    ta_scene_node(w.scene, w.lamp_node)->position.z = -1;
    ta_scene_node(w.scene, w.root)->position.y = -1;
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.lamp_node.index].position.z, -1, 0); /* the same value mixed: not written again */
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.y, 8.75f, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(first);
    ta_clip_release(second);
    free_world(&w);
}

static void test_group_drives_every_member_and_a_shared_material_once(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    /* a second mesh, on root, sharing the material */
    ta_mesh_desc md = {0};
    md.node = w.root;
    md.materials = &w.mat;
    md.material_count = 1;
    TA_ASSERT_OK(ta_scene_add_mesh(w.scene, &md, NULL, &err), &err);
    float p[3] = {7, 7, 7};
    ta_track_target ot;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(99), TA_TRACK_KIND_MATERIAL_OPACITY, &ot, &err), &err);
    float o[1] = {0.25f};
    /* an additive opacity would show a material driven twice: 0.5 + 2 * 0.25 */
    ta_track *tracks[2] = {track2(node_target(ta_node_at(99), TA_TRACK_KIND_POSITION), p, p, 3), track2(ot, o, o, 1)};
    ta_clip_options co = {0};
    co.blend_mode = TA_BLEND_MODE_ADDITIVE;
    ta_clip *clip = ta_test_clip("crowd", tracks, 2, &co);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.root, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.child, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.child, &err), &err); /* stays where it is */
    assert_int_equal(ta_object_group_count(&g), 2);
    ta_mixer *m = mixer_new();
    ta_action *a;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g); /* the action keeps its own copy */
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update_with_assets(m, w.scene, w.assets, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(w.scene->nodes[w.root.index].position.x, 7, 1e-6);   /* 0 + 7 */
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 8, 1e-6);  /* 1 + 7 */
    TA_ASSERT_NEAR(w.assets->materials[w.mat.index].opacity, 0.75, 1e-6);
    TA_ASSERT_NEAR(w.scene->nodes[w.lamp_node.index].position.x, 0, 0); /* not a member */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_set_time(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0}, a1[3] = {1, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a1, 3), "slide", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.7), &err), &err);
    ta_mixer_targets t = {w.scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_set_time(m, &t, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(ta_mixer_time(m).seconds, 0.25, 0);
    TA_ASSERT_NEAR(ta_action_phase(a), 0.25, 1e-7);
    TA_ASSERT_NEAR(w.scene->nodes[w.child.index].position.x, 0.25, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

/* ---- refusals ------------------------------------------------------------------------ */

static void test_missing_node_refused_unchanged(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0}, a1[3] = {1, 0, 0};
    ta_track *tracks[2] = {track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a1, 3),
                           track2(node_target(ta_node_at(40), TA_TRACK_KIND_SCALE), a0, a1, 3)};
    ta_error err = {0};
    ta_clip *clip = ta_test_clip("c", tracks, 2, NULL);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err, TA_ERROR_MISSING_TARGET,
                      "node 40 is not in the scene");
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void check_refused_target(world *w, ta_track_target t, uint32_t n, ta_result code, const char *needle,
                                 bool with_assets, bool with_cameras)
{
    float v[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    if (t.kind == TA_TRACK_KIND_QUATERNION) v[0] = v[1] = v[2] = 0, v[3] = 1;
    ta_clip *clip = clip_of(track2(t, v, v, n), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    snapshot before, after;
    take(&before, w, m, &a, 1);
    ta_error err = {0};
    ta_mixer_targets targets = {w->scene, with_assets ? w->assets : NULL, with_cameras ? w->cameras : NULL};
    TA_ASSERT_REFUSED(ta_mixer_update_targets(m, &targets, ta_duration_from_seconds(0.5), &err), &err, code, needle);
    take(&after, w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
}

static void test_missing_mesh_light_material(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(3), 0, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_TARGET, "mesh 3 is not in the scene", true, true);
    TA_ASSERT_OK(ta_track_target_morph(w.mesh, 5, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_TARGET, "has 2 morph targets, so no target 5", true, true);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(2), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_TARGET, "light 2 is not in the scene", true, true);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(7), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_TARGET, "material 7 is not in the assets", true, true);
    /* a map kind on a material without a map */
    ta_material plain = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    ta_material_id plain_id;
    TA_ASSERT_OK(ta_assets_add_material(w.assets, &plain, "plain", NULL, &plain_id, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(plain_id, TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &t, &err), &err);
    check_refused_target(&w, t, 2, TA_ERROR_MISSING_TARGET, "has no map", true, true);
    free_world(&w);
}

static void test_material_track_needs_assets(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_material(w.mat, TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_CONTEXT, "not given the assets", false, false);
    free_world(&w);
}

static void test_camera_track_needs_cameras(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_perspective_camera(w.cam, TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    check_refused_target(&w, t, 1, TA_ERROR_MISSING_CONTEXT, "not given the cameras", true, false);
    free_world(&w);
}

static void test_camera_planes_cross_refused(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_perspective_camera(w.cam, TA_TRACK_KIND_CAMERA_NEAR, &t, &err), &err);
    float v[1] = {5000};
    ta_clip *clip = clip_of(track2(t, v, v, 1), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(update_all(m, &w, 0.5, &err), &err, TA_ERROR_VALUE_NOT_HELD, "cross");
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    /* a field of view of 180 degrees */
    TA_ASSERT_OK(ta_track_target_perspective_camera(w.cam, TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    float fov[1] = {180};
    clip = clip_of(track2(t, fov, fov, 1), "c", 0);
    m = mixer_new();
    a = play(m, clip, 1, NULL);
    TA_ASSERT_REFUSED(update_all(m, &w, 0.5, &err), &err, TA_ERROR_VALUE_NOT_HELD, "fov");
    assert_true(w.cameras->perspective[w.cam.index].fov == 50);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_light_angle_refused(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_light(w.lamp, TA_TRACK_KIND_LIGHT_ANGLE, &t, &err), &err);
    float v[1] = {2.0f};
    ta_clip *clip = clip_of(track2(t, v, v, 1), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(update_all(m, &w, 0.5, &err), &err, TA_ERROR_VALUE_NOT_HELD, "LIGHT_ANGLE of light 0");
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_value_not_held_refused_unchanged(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    /* a normal action moves a node; an additive one takes opacity 0.5 past 1 */
    float p[3] = {3, 3, 3};
    ta_track_target ot;
    TA_ASSERT_OK(ta_track_target_material(w.mat, TA_TRACK_KIND_MATERIAL_OPACITY, &ot, &err), &err);
    float o[1] = {0.75f};
    ta_clip *moves = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), p, p, 3), "moves", 0);
    ta_clip *fades = clip_of(track2(ot, o, o, 1), "fades", TA_BLEND_MODE_ADDITIVE);
    ta_mixer *m = mixer_new();
    ta_action *acts[2];
    acts[0] = play(m, moves, 1, NULL);
    acts[1] = play(m, fades, 1, NULL);
    snapshot before, after;
    take(&before, &w, m, acts, 2);
    TA_ASSERT_REFUSED(ta_mixer_update_with_assets(m, w.scene, w.assets, ta_duration_from_seconds(0.5), &err), &err,
                      TA_ERROR_VALUE_NOT_HELD, "MATERIAL_OPACITY of material 0: the result 1.25 is outside [0, 1]");
    take(&after, &w, m, acts, 2);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(moves);
    ta_clip_release(fades);
    free_world(&w);
}

/* A mesh on node of `morphs` morph targets (at most 2), their influences 0.25 and 0.5. */
static void add_morph_mesh(ta_scene *s, ta_node_id node, uint32_t morphs)
{
    ta_error err = {0};
    const char *names[2] = {"smile", "frown"};
    float infl[2] = {0.25f, 0.5f};
    ta_mesh_desc md = {0};
    md.node = node;
    md.morph_count = morphs;
    md.morph_influences = infl;
    md.morph_names = names;
    TA_ASSERT_OK(ta_scene_add_mesh(s, &md, NULL, &err), &err);
}

/* Three nodes (root, "a" and "b" under it) and a mesh of one morph target on "a" or on "b":
 * the same structure_version and the same tree either way. */
static ta_scene *mesh_on(bool on_a, const ta_scene_options *so)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(so, &s, &err), &err);
    ta_node_id root = ta_test_node_under(s, ta_node_none(), "root");
    ta_node_id a = ta_test_node_under(s, root, "a");
    ta_node_id b = ta_test_node_under(s, root, "b");
    add_morph_mesh(s, on_a ? a : b, 1);
    return s;
}

/* A group action's pairs (which meshes its members carry) hold for the scene they were made
 * on. A scene made in a destroyed one's place, of the same structure_version and tree but with
 * its mesh on another node, gets pairs of its own: the member "a" has no mesh there, and the
 * mesh on "b" keeps its influence. The pairs used to be kept (keyed on structure_version alone),
 * and the update wrote the group's influence into the mesh of "b", no member. */
static void test_group_pairs_made_again_for_a_scene_in_an_old_ones_place(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_recycler rec = {0};
    ta_allocator alloc = ta_recycler_allocator(&rec);
    ta_scene_options so = {.allocator = &alloc};
    ta_scene *s = mesh_on(true, &so);
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(99), 0, &t, &err), &err);
    float v0[1] = {0.5f}, v1[1] = {1.0f}; /* a new value each update: written past the comparison */
    ta_clip *clip = clip_of(track2(t, v0, v1, 1), "smile", 0);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, ta_node_at(1), &err), &err); /* "a" */
    ta_mixer *m = mixer_new();
    ta_action *a;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(s->meshes[0].morph_influences[0], 0.55, 1e-6); /* the mesh of "a" */

    const ta_scene *old = s;
    const uint64_t version = s->structure_version;
    ta_scene_destroy(s);
    s = mesh_on(false, &so);
    assert_ptr_equal(s, old);
    assert_int_equal(s->structure_version, version);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(s->meshes[0].morph_influences[0], 0.25, 0); /* the mesh of "b", no member (0.6 before) */

    /* and back: a scene of the first lists gets the first pairs again */
    ta_scene_destroy(s);
    s = mesh_on(true, &so);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(s->meshes[0].morph_influences[0], 0.65, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
    ta_recycler_release(&rec);
}

/* The same for a camera list changed in place: its camera moved to a node of no member, the
 * list at the same address and of the same counts. Its pairs are made again, without the
 * camera, which gets its original fov back as a binding let go of does (three.js's
 * restoreOriginalState); the update used to drive it on (32), the pairs kept for the list's
 * address. */
static void test_group_pairs_made_again_for_a_camera_moved_in_place(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(99), TA_TRACK_KIND_CAMERA_FOV, &t, &err),
                 &err);
    float v0[1] = {30.0f}, v1[1] = {40.0f};
    ta_clip *clip = clip_of(track2(t, v0, v1, 1), "zoom", 0);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.cam_node, &err), &err);
    ta_mixer *m = mixer_new();
    ta_action *a;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update_with_cameras(m, w.scene, w.assets, w.cameras, ta_duration_from_seconds(0.1), &err),
                 &err);
    TA_ASSERT_NEAR(w.cameras->perspective[w.cam.index].fov, 31, 1e-5);
    w.cameras->perspective[w.cam.index].node = w.lamp_node; /* no member now */
    TA_ASSERT_OK(ta_mixer_update_with_cameras(m, w.scene, w.assets, w.cameras, ta_duration_from_seconds(0.1), &err),
                 &err);
    TA_ASSERT_NEAR(w.cameras->perspective[w.cam.index].fov, 50, 0); /* three.js's default, its original */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

/* One node "n" and a mesh on it of `morphs` morph targets. */
static ta_scene *one_mesh(uint32_t morphs, const ta_scene_options *so)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(so, &s, &err), &err);
    add_morph_mesh(s, ta_test_node_under(s, ta_node_none(), "n"), morphs);
    return s;
}

/* A scene made in a destroyed one's place, of as many nodes and meshes and the same
 * structure_version, whose mesh has one morph target where the old one's had two: a track on
 * the second target is refused, as on any scene without it. The targets used to be taken as
 * checked (keyed on the scene's address and counts), and the update wrote past the end of the
 * mesh's one influence. */
static void test_targets_checked_again_for_a_scene_in_an_old_ones_place(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_recycler rec = {0};
    ta_allocator alloc = ta_recycler_allocator(&rec);
    ta_scene_options so = {.allocator = &alloc};
    ta_scene *s = one_mesh(2, &so);
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &t, &err), &err);
    float v0[1] = {0.5f}, v1[1] = {1.0f};
    ta_clip *clip = clip_of(track2(t, v0, v1, 1), "frown", 0);
    ta_mixer *m = mixer_new();
    play(m, clip, 1, NULL);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
    TA_ASSERT_NEAR(s->meshes[0].morph_influences[1], 0.55, 1e-6);

    const ta_scene *old = s;
    const uint64_t version = s->structure_version;
    ta_scene_destroy(s);
    s = one_mesh(1, &so);
    assert_ptr_equal(s, old);
    assert_int_equal(s->structure_version, version);
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err, TA_ERROR_MISSING_TARGET,
                      "mesh 0 has 1 morph targets, so no target 1");
    TA_ASSERT_NEAR(s->meshes[0].morph_influences[0], 0.25, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
    ta_recycler_release(&rec);
}

static void test_group_member_not_in_scene(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    float p[3] = {3, 3, 3};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), p, p, 3), "c", 0);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.child, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, ta_node_at(77), &err), &err);
    ta_mixer *m = mixer_new();
    ta_action *a;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err, TA_ERROR_MISSING_TARGET,
                      "group member 1 is node 77");
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_clock_refusal_checks_every_action_first(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    ta_error err = {0};
    float a0[3] = {0, 0, 0}, a1[3] = {1, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a1, 3), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *acts[2];
    acts[0] = play(m, clip, 1, NULL);
    acts[1] = play(m, clip, 1, NULL);
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.3), &err), &err);
    /* the second action's clock cannot take a step past float32 */
    TA_ASSERT_OK(ta_action_set_time_scale(acts[1], 3e38f, &err), &err);
    snapshot before, after;
    take(&before, &w, m, acts, 2);
    TA_ASSERT_REFUSED(ta_mixer_update(m, w.scene, ta_duration_from_seconds(10), &err), &err, TA_ERROR_CLOCK_RANGE, "action 1");
    take(&after, &w, m, acts, 2);
    assert_same(&before, &after); /* the first action's clock did not move either */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_cross_fade_with_itself_changes_nothing(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a0, 3), "c", 0);
    ta_mixer *m = mixer_new();
    uint32_t i0;
    ta_action *a = play(m, clip, 1, &i0);
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.3), &err), &err);
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(ta_mixer_cross_fade_from(m, i0, i0, ta_duration_from_seconds(1), true, &err), &err, TA_ERROR_BAD_STATE,
                      "itself");
    TA_ASSERT_REFUSED(ta_mixer_cross_fade_to(m, i0, i0, ta_duration_from_seconds(1), false, &err), &err, TA_ERROR_BAD_STATE,
                      "itself");
    /* and no fade was left behind: the weight stays 1 over the next second */
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.0), &err), &err);
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_ramp_refusals(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a0, 3), "c", 0);
    ta_mixer *m = mixer_new();
    uint32_t i0, i1;
    ta_action *a = play(m, clip, 1, &i0);
    play(m, clip, 1, &i1);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_action_fade_in(a, ta_duration_from_seconds(-1), &err), &err, TA_ERROR_OUT_OF_RANGE, "less than no time");
    TA_ASSERT_REFUSED(ta_action_fade_out(a, ta_duration_from_seconds(-0.5), &err), &err, TA_ERROR_OUT_OF_RANGE, "-0.5 s");
    TA_ASSERT_REFUSED(ta_action_warp(a, 1, 2, ta_duration_from_seconds(-1), &err), &err, TA_ERROR_OUT_OF_RANGE, "less than no time");
    TA_ASSERT_REFUSED(ta_mixer_cross_fade_from(m, i0, i1, ta_duration_from_seconds(-2), false, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "less than no time");
    TA_ASSERT_REFUSED(ta_action_halt(a, ta_duration_from_seconds(-2), &err), &err, TA_ERROR_OUT_OF_RANGE, "less than no time");
    TA_ASSERT_OK(ta_action_set_time_scale(a, 0, &err), &err);
    TA_ASSERT_REFUSED(ta_action_warp(a, 1, 2, ta_duration_from_seconds(1), &err), &err, TA_ERROR_BAD_STATE, "which is 0");
    TA_ASSERT_REFUSED(ta_mixer_cross_fade_from(m, i1, i0, ta_duration_from_seconds(1), true, &err), &err, TA_ERROR_BAD_STATE,
                      "action 0");
    /* nothing was scheduled: the weight stays put */
    TA_ASSERT_OK(ta_mixer_update(m, w.scene, ta_duration_from_seconds(0.5), &err), &err);
    TA_ASSERT_NEAR(ta_action_effective_weight(a), 1.0, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_action_field_refusals(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a0, 3), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 0.5f, NULL);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_action_set_weight(a, -0.1f, &err), &err, TA_ERROR_OUT_OF_RANGE, "weight: -0.1");
    TA_ASSERT_REFUSED(ta_action_set_effective_weight(a, -2, &err), &err, TA_ERROR_OUT_OF_RANGE, "weight: -2");
    assert_true(ta_action_weight(a) == 0.5f);
    TA_ASSERT_REFUSED(ta_action_set_loop(a, (ta_loop_mode)42, 3, &err), &err, TA_ERROR_UNKNOWN_ENUM, "42");
    TA_ASSERT_REFUSED(ta_action_set_loop(a, TA_LOOP_MODE_REPEAT, -1, &err), &err, TA_ERROR_OUT_OF_RANGE, "repetitions: -1");
    assert_int_equal(ta_action_loop(a), TA_LOOP_MODE_REPEAT);
    assert_true(ta_action_repetitions(a) == TA_ACTION_ENDLESS);
    TA_ASSERT_REFUSED(ta_action_set_duration(a, ta_duration_from_seconds(0), &err), &err, TA_ERROR_OUT_OF_RANGE, "duration: 0");
    assert_true(ta_action_time_scale(a) == 1.0f);
    TA_ASSERT_REFUSED(ta_action_set_blend_mode(a, (ta_blend_mode)9, &err), &err, TA_ERROR_UNKNOWN_ENUM, "9");
    ta_action *b = NULL;
    ta_action_options bad = {NULL, (ta_blend_mode)7};
    TA_ASSERT_REFUSED(ta_action_create(clip, &bad, &b, &err), &err, TA_ERROR_UNKNOWN_ENUM, "blend_mode: 7");
    assert_null(b);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_not_a_number_refusals(void **state)
{
    (void)state;
    world w;
    make_world(&w, NULL);
    float a0[3] = {0, 0, 0};
    ta_clip *clip = clip_of(track2(node_target(w.child, TA_TRACK_KIND_POSITION), a0, a0, 3), "c", 0);
    ta_mixer *m = mixer_new();
    ta_action *a = play(m, clip, 1, NULL);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_action_set_weight(a, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "weight: nan");
    TA_ASSERT_REFUSED(ta_action_set_time_scale(a, INFINITY, &err), &err, TA_ERROR_NOT_A_NUMBER, "time_scale: inf");
    TA_ASSERT_REFUSED(ta_action_start_at(a, ta_duration_from_seconds(NAN), &err), &err, TA_ERROR_NOT_A_NUMBER, "time: nan");
    TA_ASSERT_REFUSED(ta_action_fade_in(a, ta_duration_from_seconds(NAN), &err), &err, TA_ERROR_NOT_A_NUMBER, "duration: nan");
    snapshot before, after;
    take(&before, &w, m, &a, 1);
    TA_ASSERT_REFUSED(ta_mixer_update(m, w.scene, ta_duration_from_seconds(NAN), &err), &err, TA_ERROR_NOT_A_NUMBER, "delta: nan");
    TA_ASSERT_REFUSED(ta_mixer_set_time_scale(m, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "time_scale: nan");
    take(&after, &w, m, &a, 1);
    assert_same(&before, &after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    free_world(&w);
}

static void test_action_index_refusals(void **state)
{
    (void)state;
    ta_mixer *m = mixer_new();
    ta_error err = {0};
    ta_action *a = NULL;
    TA_ASSERT_REFUSED(ta_mixer_action(m, 3, &a, &err), &err, TA_ERROR_NO_SUCH_ACTION,
                      "action 3 is not in the mixer, which has 0 actions");
    TA_ASSERT_REFUSED(ta_mixer_sync_with(m, 0, 1, &err), &err, TA_ERROR_NO_SUCH_ACTION, "action 0");
    TA_ASSERT_REFUSED(ta_mixer_cross_fade_to(m, 0, 1, ta_duration_from_seconds(1), false, &err), &err, TA_ERROR_NO_SUCH_ACTION,
                      "index");
    assert_null(a);
    ta_mixer_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_weight_writes_the_track),
        cmocka_unit_test(test_partial_weight_rests_toward_the_original),
        cmocka_unit_test(test_two_actions_weighted_mean_and_slerp),
        cmocka_unit_test(test_flags_take_the_pile_at_half),
        cmocka_unit_test(test_additive_goes_on_top),
        cmocka_unit_test(test_colors_are_decoded_and_encoded),
        cmocka_unit_test(test_rotation_element_reads_the_quaternion),
        cmocka_unit_test(test_string_track_renames_and_restores),
        cmocka_unit_test(test_stop_restores_the_original_at_the_next_update),
        cmocka_unit_test(test_restore_stopped_writes_the_originals_now),
        cmocka_unit_test(test_restore_stopped_on_the_fused_path),
        cmocka_unit_test(test_restore_stopped_with_the_originals_in_the_lanes),
        cmocka_unit_test(test_reset_does_not_make_an_action_active),
        cmocka_unit_test(test_events_are_drained_and_gone_after_the_next_update),
        cmocka_unit_test(test_update_allocates_nothing_once_bound),
        cmocka_unit_test(test_uncache_keeps_index_and_refuses),
        cmocka_unit_test(test_uncache_drops_bindings_without_memory),
        cmocka_unit_test(test_uncache_gives_the_clip_back),
        cmocka_unit_test(test_uncache_in_any_order_keeps_indices),
        cmocka_unit_test(test_group_drives_every_member_and_a_shared_material_once),
        cmocka_unit_test(test_set_time),
        cmocka_unit_test(test_missing_node_refused_unchanged),
        cmocka_unit_test(test_missing_mesh_light_material),
        cmocka_unit_test(test_material_track_needs_assets),
        cmocka_unit_test(test_camera_track_needs_cameras),
        cmocka_unit_test(test_camera_planes_cross_refused),
        cmocka_unit_test(test_light_angle_refused),
        cmocka_unit_test(test_value_not_held_refused_unchanged),
        cmocka_unit_test(test_group_member_not_in_scene),
        cmocka_unit_test(test_group_pairs_made_again_for_a_scene_in_an_old_ones_place),
        cmocka_unit_test(test_group_pairs_made_again_for_a_camera_moved_in_place),
        cmocka_unit_test(test_targets_checked_again_for_a_scene_in_an_old_ones_place),
        cmocka_unit_test(test_clock_refusal_checks_every_action_first),
        cmocka_unit_test(test_cross_fade_with_itself_changes_nothing),
        cmocka_unit_test(test_ramp_refusals),
        cmocka_unit_test(test_action_field_refusals),
        cmocka_unit_test(test_not_a_number_refusals),
        cmocka_unit_test(test_action_index_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
