/* Rows of the reference that only the Node replay harness covered, tested here
 * so that a build without Node tests them too: sync_with, the cache
 * (uncache_clip, uncache_root, and dropping the bindings nothing drove), the
 * root as a lookup key, group membership, a cubic spline's outer tangents,
 * a material field its kind does not read, cross-fades with warp,
 * stop_fading and stop_warping, set_duration, the mixer's time scale, the
 * zero-slope flags, group morph and light kinds, and an additive flag
 * replacing the normal one. Expected numbers are worked out by hand from
 * three.js 0.186.0's AnimationAction, AnimationMixer and PropertyMixer. */
#include <math.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_node_id root, a, b, lamp_a, lamp_b;
    ta_material_id basic;
    ta_mixer *mixer;
} world;

static void add_mesh(world *w, ta_node_id node)
{
    ta_error err = {0};
    float infl[2] = {0.25f, 0.5f};
    const char *names[2] = {"smile", "frown"};
    ta_mesh_desc md = {0};
    md.node = node;
    md.morph_count = 2;
    md.morph_influences = infl;
    md.morph_names = names;
    md.materials = &w->basic;
    md.material_count = 1;
    ta_mesh_id mi;
    TA_ASSERT_OK(ta_scene_add_mesh(w->scene, &md, &mi, &err), &err);
}

static void add_light(world *w, ta_node_id node)
{
    ta_error err = {0};
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_POINT);
    l.node = node;
    l.intensity = 2;
    ta_light_id li;
    TA_ASSERT_OK(ta_scene_add_light(w->scene, &l, &li, &err), &err);
}

static void make(world *w, ta_allocator *allocator)
{
    ta_error err = {0};
    memset(w, 0, sizeof *w);
    w->scene = ta_test_scene();
    w->assets = ta_test_assets();
    w->root = ta_test_node_under(w->scene, ta_node_none(), "root");
    w->a = ta_test_node_under(w->scene, w->root, "a");
    w->b = ta_test_node_under(w->scene, w->root, "b");
    w->lamp_a = ta_test_node_under(w->scene, w->root, "lamp_a");
    w->lamp_b = ta_test_node_under(w->scene, w->root, "lamp_b");
    ta_scene_node(w->scene, w->a)->position = ta_vec3_make(1, 2, 3);
    ta_scene_node(w->scene, w->b)->position = ta_vec3_make(-1, -2, -3);
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    m.roughness = 0.5f;
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &m, "flat", NULL, &w->basic, &err), &err);
    add_mesh(w, w->a); /* mesh 0 */
    add_mesh(w, w->b); /* mesh 1 */
    add_light(w, w->lamp_a); /* light 0 */
    add_light(w, w->lamp_b); /* light 1 */
    ta_mixer_options o = {allocator};
    TA_ASSERT_OK(ta_mixer_create(w->root, &o, &w->mixer, &err), &err);
}

static void unmake(world *w)
{
    ta_mixer_destroy(w->mixer);
    ta_assets_destroy(w->assets);
    ta_scene_destroy(w->scene);
}

/* A track over keys at 0 and `end` of `n` numbers each. */
static ta_track *track(ta_track_target target, ta_interpolation interp, float end, const float *v0, const float *v1,
                       uint32_t n)
{
    return ta_test_track2(target, interp, end, v0, v1, n);
}

static ta_clip *clip(const char *name, ta_track *t, ta_blend_mode mode)
{
    return ta_test_clip_blend(name, t, mode);
}

/* x of node from 0 to 4 over len seconds */
static ta_clip *slide(ta_node_id node, const char *name, float len)
{
    ta_track_target t = ta_test_node_target(node, TA_TRACK_KIND_POSITION);
    float a[3] = {0, 0, 0}, b[3] = {4, 0, 0};
    return clip(name, track(t, TA_INTERPOLATION_LINEAR, len, a, b, 3), TA_BLEND_MODE_NORMAL);
}

static ta_action *add(world *w, const ta_clip *c, ta_node_id root, bool start, uint32_t *out_index)
{
    ta_error err = {0};
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(c, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(w->mixer, a, root, out_index, &err), &err);
    if (start) TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

static void step(world *w, double dt)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update_with_assets(w->mixer, w->scene, w->assets, ta_duration_from_seconds(dt), &err), &err);
}

static const ta_node *node(const world *w, ta_node_id id)
{
    return &w->scene->nodes[id.index];
}

/* ---- sync_with ------------------------------------------------------------------------ */

static void test_sync_with_copies_phase_time_scale_and_leg(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_clip *c = slide(w.a, "walk", 1);
    uint32_t ia, ib;
    ta_action *a = add(&w, c, ta_node_none(), true, &ia);
    ta_action *b = add(&w, c, ta_node_none(), true, &ib);
    TA_ASSERT_OK(ta_action_set_loop(a, TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, &err), &err);
    TA_ASSERT_OK(ta_action_set_loop(b, TA_LOOP_MODE_PING_PONG, TA_ACTION_ENDLESS, &err), &err);
    TA_ASSERT_OK(ta_action_set_time_scale(b, 0.5f, &err), &err);
    step(&w, 1.25); /* a: phase 1.25, on the way back (leg 1), reads 0.75; b: 0.625 */
    TA_ASSERT_NEAR(ta_action_time(a).seconds, 0.75, 0);
    TA_ASSERT_NEAR(ta_action_time(b).seconds, 0.625, 0);
    TA_ASSERT_OK(ta_action_set_time_scale(a, 2, &err), &err);
    TA_ASSERT_OK(ta_action_warp(b, 1, 3, ta_duration_from_seconds(10), &err), &err);
    TA_ASSERT_OK(ta_mixer_sync_with(w.mixer, ib, ia, &err), &err);
    assert_true(ta_action_phase(b) == 1.25f);
    TA_ASSERT_NEAR(ta_action_time(b).seconds, 0.75, 0);
    assert_true(ta_action_time_scale(b) == 2.0f);
    step(&w, 0.1); /* both move 0.2 along the return leg: the warp was stopped */
    assert_true(ta_action_phase(a) == ta_action_phase(b));
    TA_ASSERT_NEAR(ta_action_time(b).seconds, 0.55, 1e-6);
    TA_ASSERT_NEAR(ta_action_effective_time_scale(b), 2.0, 0);
    TA_ASSERT_OK(ta_action_sync_with(a, b, &err), &err); /* the action form, same result */
    assert_true(ta_action_phase(a) == ta_action_phase(b));
    ta_clip_release(c);
    unmake(&w);
}

/* ---- the cache ------------------------------------------------------------------------ */

static void test_uncache_clip_and_root_forget_their_actions(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_clip *walk = slide(w.a, "walk", 1), *run = slide(w.b, "run", 1);
    uint32_t i0, i1, i2;
    add(&w, walk, ta_node_none(), true, &i0);
    add(&w, walk, w.lamp_a, true, &i1);
    ta_action *r = add(&w, run, w.lamp_a, true, &i2);
    step(&w, 0.5);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 2, 1e-6);
    ta_mixer_uncache_clip(w.mixer, "walk");
    ta_action *got = NULL;
    TA_ASSERT_REFUSED(ta_mixer_action(w.mixer, i0, &got, &err), &err, TA_ERROR_NO_SUCH_ACTION, "was uncached");
    TA_ASSERT_REFUSED(ta_mixer_action(w.mixer, i1, &got, &err), &err, TA_ERROR_NO_SUCH_ACTION, "was uncached");
    TA_ASSERT_OK(ta_mixer_action(w.mixer, i2, &got, &err), &err);
    assert_ptr_equal(got, r);
    assert_int_equal(ta_mixer_action_count(w.mixer), 3); /* indices stay */
    step(&w, 0.25);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 1, 0);     /* forgotten: its node back to the original */
    TA_ASSERT_NEAR(node(&w, w.b)->position.x, 3, 1e-6);  /* run goes on */
    ta_mixer_uncache_root(w.mixer, w.lamp_a);
    TA_ASSERT_REFUSED(ta_mixer_action(w.mixer, i2, &got, &err), &err, TA_ERROR_NO_SUCH_ACTION, "was uncached");
    assert_false(ta_action_is_active(r));
    uint32_t found;
    TA_ASSERT_REFUSED(ta_mixer_find_action(w.mixer, "run", w.lamp_a, &found, &err), &err, TA_ERROR_NOT_FOUND,
                      "no action on a clip named \"run\" is filed under root 3");
    ta_clip_release(walk);
    ta_clip_release(run);
    unmake(&w);
}

static void test_uncache_drops_the_bindings_nothing_drove_in_the_last_update(void **state)
{
    (void)state;
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    world w;
    make(&w, &alloc);
    ta_error err = {0};
    const char *names[2] = {"renamed", "renamed"};
    float times[2] = {0, 1};
    ta_track *nt = ta_test_string_track(ta_test_node_target(w.b, TA_TRACK_KIND_NODE_NAME), times, 2, names);
    ta_clip *rename = clip("rename", nt, TA_BLEND_MODE_NORMAL);
    ta_clip *walk = slide(w.a, "walk", 10);
    add(&w, walk, ta_node_none(), true, NULL);
    ta_action *r = add(&w, rename, ta_node_none(), true, NULL);
    step(&w, 0.25);
    assert_string_equal(node(&w, w.b)->name, "renamed");
    TA_ASSERT_OK(ta_action_stop(r, &err), &err);
    step(&w, 0.25); /* restores "b": the name binding was driven in this update */
    assert_string_equal(node(&w, w.b)->name, "b");
    size_t live = counter.live_bytes;
    ta_mixer_uncache_clip(w.mixer, "no such clip"); /* nothing forgotten; the sweep runs */
    assert_int_equal(counter.live_bytes, live);     /* driven in the last update: kept */
    step(&w, 0.25);
    live = counter.live_bytes;
    ta_mixer_uncache_clip(w.mixer, "no such clip");
    /* the name binding, not driven in the last update, is dropped with its copy of "b" */
    assert_true(counter.live_bytes < live);
    step(&w, 0.25);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 0.4, 1e-6); /* walk's binding stayed: at 1 s of 10 */
    TA_ASSERT_OK(ta_action_play(r, &err), &err);        /* binds again */
    step(&w, 0.25);
    assert_string_equal(node(&w, w.b)->name, "renamed");
    ta_clip_release(walk);
    ta_clip_release(rename);
    unmake(&w);
}

/* ---- the root ------------------------------------------------------------------------- */

static void test_the_root_is_a_lookup_key_only(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    assert_int_equal(ta_mixer_root(w.mixer).index, w.root.index);
    ta_clip *walk = slide(w.a, "walk", 1);
    uint32_t i0, i1;
    add(&w, walk, ta_node_none(), false, &i0);          /* filed under the mixer's root */
    ta_action *other = add(&w, walk, w.lamp_b, true, &i1); /* under lamp_b, which is not above a */
    uint32_t found = 99;
    TA_ASSERT_OK(ta_mixer_find_action(w.mixer, "walk", ta_node_none(), &found, &err), &err);
    assert_int_equal(found, i0);
    TA_ASSERT_OK(ta_mixer_find_action(w.mixer, "walk", w.root, &found, &err), &err);
    assert_int_equal(found, i0);
    TA_ASSERT_OK(ta_mixer_find_action(w.mixer, "walk", w.lamp_b, &found, &err), &err);
    assert_int_equal(found, i1);
    TA_ASSERT_REFUSED(ta_mixer_find_action(w.mixer, "walk", w.b, &found, &err), &err, TA_ERROR_NOT_FOUND,
                      "filed under root 2");
    TA_ASSERT_REFUSED(ta_mixer_find_action(w.mixer, "run", ta_node_none(), &found, &err), &err,
                      TA_ERROR_NOT_FOUND, "no action on a clip named \"run\"");
    /* the track names its node by index: the root does not change what it drives */
    step(&w, 0.5);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 2, 1e-6);
    assert_true(ta_action_is_active(other));
    ta_clip_release(walk);
    unmake(&w);
}

/* ---- groups ----------------------------------------------------------------------------- */

static void test_group_remove_and_contains(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.a, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.b, &err), &err);
    assert_true(ta_object_group_contains(&g, w.a));
    assert_false(ta_object_group_contains(&g, w.root));
    ta_object_group_remove(&g, w.root); /* not a member: nothing */
    assert_int_equal(ta_object_group_count(&g), 2);
    ta_clip *walk = slide(w.a, "walk", 1); /* on a group, the track's own node does not count */
    ta_action *act = add(&w, walk, ta_node_none(), false, NULL);
    TA_ASSERT_OK(ta_action_set_group(act, &g, &err), &err);
    ta_object_group_destroy(&g); /* the action has its own copy */
    TA_ASSERT_OK(ta_action_play(act, &err), &err);
    step(&w, 0.5);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 2, 1e-6);
    TA_ASSERT_NEAR(node(&w, w.b)->position.x, 2, 1e-6);
    ta_object_group *mine = ta_action_group(act);
    ta_object_group_remove(mine, w.a);
    assert_false(ta_object_group_contains(mine, w.a));
    assert_true(ta_object_group_contains(mine, w.b));
    assert_int_equal(ta_object_group_count(mine), 1);
    step(&w, 0.25);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 1, 0); /* let go: back to its original */
    TA_ASSERT_NEAR(node(&w, w.a)->position.y, 2, 0);
    TA_ASSERT_NEAR(node(&w, w.b)->position.x, 3, 1e-6);
    ta_clip_release(walk);
    unmake(&w);
}

static void test_group_drives_morph_and_light_kinds_per_member(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_track_target morph, light;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &morph, &err), &err);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &light, &err), &err);
    float m0[1] = {0}, m1[1] = {1}, l0[1] = {4}, l1[1] = {8};
    ta_track *tracks[2] = {track(morph, TA_INTERPOLATION_LINEAR, 1, m0, m1, 1), track(light, TA_INTERPOLATION_LINEAR, 1, l0, l1, 1)};
    ta_clip *c = ta_test_clip("glow", tracks, 2, NULL);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, w.b, &err), &err);      /* mesh 1's node */
    TA_ASSERT_OK(ta_object_group_add(&g, w.lamp_b, &err), &err); /* light 1's node */
    ta_action *act = add(&w, c, ta_node_none(), false, NULL);
    TA_ASSERT_OK(ta_action_set_group(act, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_action_play(act, &err), &err);
    step(&w, 0.25);
    /* the members' mesh and light take the track's target number and kind */
    TA_ASSERT_NEAR(w.scene->meshes[1].morph_influences[1], 0.25, 1e-6);
    TA_ASSERT_NEAR(w.scene->meshes[1].morph_influences[0], 0.25, 0); /* the other target untouched */
    TA_ASSERT_NEAR(w.scene->lights[1].intensity, 5, 1e-6);
    /* the track's own mesh and light are not members: untouched */
    TA_ASSERT_NEAR(w.scene->meshes[0].morph_influences[1], 0.5, 0);
    TA_ASSERT_NEAR(w.scene->lights[0].intensity, 2, 0);
    ta_clip_release(c);
    unmake(&w);
}

/* ---- tracks and materials --------------------------------------------------------------- */

static void test_cubic_spline_outer_tangents_have_no_effect(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    float times[3] = {0, 1, 3};
    float values[3] = {0.25f, 1, 0.5f};
    float in_a[3] = {0, 0.5f, -1}, out_a[3] = {2, 0.5f, 0};
    float in_b[3] = {100, 0.5f, -1}, out_b[3] = {2, 0.5f, -100}; /* the first in and last out changed */
    ta_track_desc d = {0};
    d.target = t;
    d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    d.times = times;
    d.key_count = 3;
    d.values = values;
    d.value_count = 3;
    d.tangent_count = 3;
    d.in_tangents = in_a;
    d.out_tangents = out_a;
    ta_track *a = NULL, *b = NULL;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &a, &err), &err);
    d.in_tangents = in_b;
    d.out_tangents = out_b;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &b, &err), &err);
    const double at[] = {-1, 0, 0.25, 0.5, 1, 1.5, 2.9, 3, 4};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; ++i) {
        float va, vb;
        TA_ASSERT_OK(ta_track_sample(a, at[i], TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &va, 1, &err), &err);
        TA_ASSERT_OK(ta_track_sample(b, at[i], TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &vb, 1, &err), &err);
        assert_true(va == vb);
    }
    /* and the curve does use the inner ones: at 0.5, h00 0.25 + h10 * 1 * 2 + h01 * 1 + h11 * 1 * 0.5
     * = 0.5 * 0.25 + 0.125 * 2 + 0.5 * 1 - 0.125 * 0.5 = 0.8125 */
    float v;
    TA_ASSERT_OK(ta_track_sample(a, 0.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &v, 1, &err), &err);
    TA_ASSERT_NEAR(v, 0.8125, 1e-6);
    ta_track_destroy(a);
    ta_track_destroy(b);
}

static void test_a_material_field_its_kind_does_not_read_is_written(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_material(w.basic, TA_TRACK_KIND_MATERIAL_ROUGHNESS, &t, &err), &err);
    float r0[1] = {0}, r1[1] = {1};
    ta_clip *c = clip("rough", track(t, TA_INTERPOLATION_LINEAR, 1, r0, r1, 1), TA_BLEND_MODE_NORMAL);
    add(&w, c, ta_node_none(), true, NULL);
    /* a MeshBasicMaterial has no roughness to draw with; the field is written all the same */
    step(&w, 0.75);
    TA_ASSERT_NEAR(w.assets->materials[w.basic.index].roughness, 0.75, 1e-6);
    assert_int_equal(w.assets->materials[w.basic.index].kind, TA_MATERIAL_KIND_BASIC);
    ta_clip_release(c);
    unmake(&w);
}

/* ---- ramps and speeds ------------------------------------------------------------------- */

static void test_cross_fade_with_warp(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_clip *shortc = slide(w.a, "short", 1), *longc = slide(w.b, "long", 2);
    uint32_t is, il;
    ta_action *s = add(&w, shortc, ta_node_none(), true, &is);
    ta_action *l = add(&w, longc, ta_node_none(), true, &il);
    TA_ASSERT_OK(ta_mixer_cross_fade_from(w.mixer, il, is, ta_duration_from_seconds(1), true, &err), &err);
    step(&w, 0.5);
    /* out (1 s clip): time scale 1 -> 1/2; in (2 s clip): 2 -> 1; weights 1 -> 0 and 0 -> 1 */
    TA_ASSERT_NEAR(ta_action_effective_time_scale(s), 0.75, 1e-6);
    TA_ASSERT_NEAR(ta_action_effective_time_scale(l), 1.5, 1e-6);
    TA_ASSERT_NEAR(ta_action_effective_weight(s), 0.5, 1e-6);
    TA_ASSERT_NEAR(ta_action_effective_weight(l), 0.5, 1e-6);
    step(&w, 0.5);
    assert_true(ta_action_effective_time_scale(s) == 0.5f);
    assert_true(ta_action_effective_time_scale(l) == 1.0f);
    step(&w, 0.25);
    /* past the end: each comes back to the time scale it had (three.js's _restoreTimeScale) */
    assert_true(ta_action_time_scale(s) == 1.0f);
    assert_true(ta_action_time_scale(l) == 1.0f);
    assert_false(ta_action_enabled(s));
    assert_true(ta_action_effective_weight(l) == 1.0f);
    ta_clip_release(shortc);
    ta_clip_release(longc);
    unmake(&w);
}

static void test_stop_fading_and_stop_warping(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_clip *c = slide(w.a, "walk", 10);
    ta_action *a = add(&w, c, ta_node_none(), true, NULL);
    TA_ASSERT_OK(ta_action_set_weight(a, 0.8f, &err), &err);
    TA_ASSERT_OK(ta_action_fade_in(a, ta_duration_from_seconds(1), &err), &err);
    TA_ASSERT_OK(ta_action_warp(a, 1, 3, ta_duration_from_seconds(1), &err), &err);
    step(&w, 0.5);
    TA_ASSERT_NEAR(ta_action_effective_weight(a), 0.4, 1e-6);
    TA_ASSERT_NEAR(ta_action_effective_time_scale(a), 2, 1e-6);
    ta_action_stop_fading(a);
    ta_action_stop_warping(a);
    step(&w, 0.25);
    assert_true(ta_action_effective_weight(a) == 0.8f);
    assert_true(ta_action_effective_time_scale(a) == 1.0f);
    assert_true(ta_action_time_scale(a) == 1.0f); /* the warp's value is not kept */
    TA_ASSERT_NEAR(ta_action_time(a).seconds, 1.25, 1e-6); /* 0.5 at the warp's 2, then 0.25 at 1 */
    ta_clip_release(c);
    unmake(&w);
}

static void test_set_duration_and_the_mixer_time_scale(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_clip *c = slide(w.a, "walk", 1);
    ta_action *a = add(&w, c, ta_node_none(), true, NULL);
    TA_ASSERT_OK(ta_action_set_duration(a, ta_duration_from_seconds(4), &err), &err);
    assert_true(ta_action_time_scale(a) == 0.25f);
    step(&w, 1);
    TA_ASSERT_NEAR(ta_action_time(a).seconds, 0.25, 1e-7);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 1, 1e-6);
    TA_ASSERT_OK(ta_action_set_duration(a, ta_duration_from_seconds(-2), &err), &err); /* backward, at half speed */
    assert_true(ta_action_time_scale(a) == -0.5f);
    /* the mixer's time scale multiplies every delta, fades included */
    TA_ASSERT_OK(ta_mixer_set_time_scale(w.mixer, 0.5, &err), &err);
    assert_true(ta_mixer_time_scale(w.mixer) == 0.5);
    TA_ASSERT_OK(ta_action_fade_out(a, ta_duration_from_seconds(1), &err), &err);
    step(&w, 0.2); /* the mixer moves 0.1; the action -0.05 */
    TA_ASSERT_NEAR(ta_mixer_time(w.mixer).seconds, 1.1, 1e-12);
    TA_ASSERT_NEAR(ta_action_time(a).seconds, 0.2, 1e-7);
    TA_ASSERT_NEAR(ta_action_effective_weight(a), 0.9, 1e-6);
    ta_clip_release(c);
    unmake(&w);
}

static void test_zero_slope_flags_shape_a_smooth_once_action(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(w.a, TA_TRACK_KIND_POSITION, &t, &err), &err);
    /* keys 0, 1, 2 at 0, 1, 2 (x only): at 0.5, ZERO_SLOPE at the start gives 0.375,
     * ZERO_CURVATURE 0.5 (test_track_sampling works both out) */
    float times[3] = {0, 1, 2};
    float values[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0};
    ta_track *tr = ta_test_track(t, TA_INTERPOLATION_SMOOTH, times, 3, values, 9);
    ta_clip *c = clip("curve", tr, TA_BLEND_MODE_NORMAL);
    ta_action *a = add(&w, c, ta_node_none(), true, NULL);
    TA_ASSERT_OK(ta_action_set_loop(a, TA_LOOP_MODE_ONCE, 0, &err), &err);
    step(&w, 0.5);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 0.375, 1e-6);
    ta_action_set_zero_slope_at_start(a, false);
    TA_ASSERT_OK(ta_action_stop(a, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    step(&w, 0.5);
    TA_ASSERT_NEAR(node(&w, w.a)->position.x, 0.5, 1e-6);
    ta_clip_release(c);
    unmake(&w);
}

static void test_an_additive_flag_replaces_the_normal_one(void **state)
{
    (void)state;
    world w;
    make(&w, NULL);
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(w.a, TA_TRACK_KIND_VISIBLE, &t, &err), &err);
    float off[1] = {0};
    ta_clip *hide = clip("hide", track(t, TA_INTERPOLATION_STEP, 1, off, off, 1), TA_BLEND_MODE_NORMAL);
    ta_clip *hide_add = clip("hide_add", track(t, TA_INTERPOLATION_STEP, 1, off, off, 1), TA_BLEND_MODE_ADDITIVE);
    add(&w, hide, ta_node_none(), true, NULL);
    step(&w, 0.1);
    assert_false(node(&w, w.a)->visible);
    ta_action *add_a = add(&w, hide_add, ta_node_none(), true, NULL);
    TA_ASSERT_OK(ta_action_set_weight(add_a, 0.4f, &err), &err);
    /* below one half the additive pile keeps its start, the original (visible), and that
     * replaces the normal pile's false: three.js's _select with a weight of 1 */
    step(&w, 0.1);
    assert_true(node(&w, w.a)->visible);
    TA_ASSERT_OK(ta_action_set_weight(add_a, 0.6f, &err), &err);
    step(&w, 0.1);
    assert_false(node(&w, w.a)->visible);
    ta_clip_release(hide);
    ta_clip_release(hide_add);
    unmake(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sync_with_copies_phase_time_scale_and_leg),
        cmocka_unit_test(test_uncache_clip_and_root_forget_their_actions),
        cmocka_unit_test(test_uncache_drops_the_bindings_nothing_drove_in_the_last_update),
        cmocka_unit_test(test_the_root_is_a_lookup_key_only),
        cmocka_unit_test(test_group_remove_and_contains),
        cmocka_unit_test(test_group_drives_morph_and_light_kinds_per_member),
        cmocka_unit_test(test_cubic_spline_outer_tangents_have_no_effect),
        cmocka_unit_test(test_a_material_field_its_kind_does_not_read_is_written),
        cmocka_unit_test(test_cross_fade_with_warp),
        cmocka_unit_test(test_stop_fading_and_stop_warping),
        cmocka_unit_test(test_set_duration_and_the_mixer_time_scale),
        cmocka_unit_test(test_zero_slope_flags_shape_a_smooth_once_action),
        cmocka_unit_test(test_an_additive_flag_replaces_the_normal_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
