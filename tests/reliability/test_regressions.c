/*
 * What the fuzz targets found, each as a test of its own that builds the case
 * by hand (the names below are those of the crash inputs libFuzzer wrote; the
 * repository's .gitignore leaves out crash-*, which libFuzzer writes in the
 * folder it runs in, so those inputs were not kept: inputs found since are
 * kept as tests/fuzz/corpus/<target>/regression-*). Expected values are
 * worked out by hand from threeanim's documented rules (the headers).
 *
 *   crash-additive-after-play-no-piles        an action turned additive while
 *       it played wrote into additive piles the mixer had not made (a NULL
 *       write): test_additive_after_play
 *   crash-additive-rotation-huge-weight-not-unit  an additive rotation at a
 *       weight of 3.4e38 came out of length 0.33, since 1 - weight rounds to
 *       -weight in the slerp: test_additive_rotation_stays_a_rotation
 *   crash-node-name-write-fails-silently      a node name that needed memory
 *       was written after the update had started to commit; out of memory it
 *       was left out and the update said OK: test_node_name_out_of_memory
 *   crash-additive-rotation-weight-10-series-diverges  an additive rotation at a
 *       weight of 10 came out of length 1.17: the fast slerp's series holds for
 *       weights up to one only: test_additive_rotation_extrapolates
 *   crash-group-camera-resolved-without-cameras  a group action's camera
 *       track, first resolved by an update without the cameras, bound nothing
 *       and stayed so when later updates gave the cameras (the resolution was
 *       kept): test_group_camera_track
 *   crash-string-binding-null-pile-offset     a mixer with only string
 *       bindings did arithmetic on its NULL number piles (UBSan):
 *       test_only_string_bindings
 *   crash-set-duration-time-scale-overflow    set_duration(2.5e-84) gave a
 *       time scale a float cannot hold: in test_refusal_table.c,
 *       row_repetitions_or_set_duration
 */
#include <math.h>

#include "ta_snapshot.h"
#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

static ta_track *track_of(ta_track_target target, const float *values, const ta_allocator *alloc)
{
    static const float times[2] = {0, 1};
    return ta_test_track_alloc(alloc, target, TA_INTERPOLATION_DEFAULT, times, 2, values,
                               2 * ta_track_kind_value_size(target.kind));
}

static ta_clip *clip_of(ta_track *t, ta_blend_mode mode)
{
    return ta_test_clip_blend("c", t, mode);
}

static ta_action *play(ta_mixer *m, const ta_clip *clip)
{
    return ta_test_play(m, clip);
}

static void test_additive_after_play(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_node_id n;
    ta_scene *s = ta_test_scene_with_node("n", &n);
    ta_scene_node(s, n)->position = ta_vec3_make(1, 2, 3);
    ta_track_target t = ta_test_node_target(n, TA_TRACK_KIND_POSITION);
    const float v[6] = {4, 0, 0, 4, 0, 0};
    ta_clip *clip = clip_of(track_of(t, v, NULL), TA_BLEND_MODE_NORMAL);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = play(m, clip);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(ta_scene_node(s, n)->position.x, 4.0, 0);
    /* now additive, while it plays: the original (1, 2, 3) plus the key (4, 0, 0) */
    TA_ASSERT_OK(ta_action_set_blend_mode(a, TA_BLEND_MODE_ADDITIVE, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(ta_scene_node(s, n)->position.x, 5.0, 1e-6);
    TA_ASSERT_NEAR(ta_scene_node(s, n)->position.y, 2.0, 1e-6);
    TA_ASSERT_NEAR(ta_scene_node(s, n)->position.z, 3.0, 1e-6);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
}

static void test_additive_rotation_stays_a_rotation(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_node_id n;
    ta_scene *s = ta_test_scene_with_node("n", &n);
    ta_track_target t = ta_test_node_target(n, TA_TRACK_KIND_QUATERNION);
    /* a turn of 106 degrees about (-1, -1, 1.6), far from the identity */
    float q[4] = {-5, -5, 8, 8};
    double len = sqrt(25 + 25 + 64 + 64);
    float v[8];
    for (int i = 0; i < 4; ++i) v[i] = v[i + 4] = (float)(q[i] / len);
    ta_clip *clip = clip_of(track_of(t, v, NULL), TA_BLEND_MODE_ADDITIVE);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = play(m, clip);
    static const float weights[] = {1, 2.5f, 1e6f, 9.007199e15f, 3.4e38f};
    for (size_t i = 0; i < sizeof weights / sizeof weights[0]; ++i) {
        TA_ASSERT_OK(ta_action_set_weight(a, weights[i], &err), &err);
        TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
        ta_quat r = ta_scene_node(s, n)->quaternion;
        double l = sqrt((double)r.x * r.x + (double)r.y * r.y + (double)r.z * r.z + (double)r.w * r.w);
        TA_ASSERT_NEAR(l, 1.0, 1e-6);
    }
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
}

static void test_additive_rotation_extrapolates(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_node_id n;
    ta_scene *s = ta_test_scene_with_node("n", &n);
    ta_track_target t = ta_test_node_target(n, TA_TRACK_KIND_QUATERNION);
    /* 20 degrees about z, held: at weight w the node turns 20 * w degrees about z */
    const double half = 10.0 * 3.14159265358979323846 / 180.0;
    float v[8] = {0, 0, (float)sin(half), (float)cos(half), 0, 0, (float)sin(half), (float)cos(half)};
    ta_clip *clip = clip_of(track_of(t, v, NULL), TA_BLEND_MODE_ADDITIVE);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = play(m, clip);
    static const float weights[] = {0.5f, 1, 2, 4.5f, 10};
    for (size_t i = 0; i < sizeof weights / sizeof weights[0]; ++i) {
        TA_ASSERT_OK(ta_action_set_weight(a, weights[i], &err), &err);
        TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
        ta_quat r = ta_scene_node(s, n)->quaternion;
        double angle = half * weights[i]; /* half the turn */
        double sign = r.w * cos(angle) + r.z * sin(angle) < 0 ? -1 : 1; /* q and -q are one turn */
        /* within what float32 keys and piles hold */
        TA_ASSERT_NEAR(r.x, 0.0, 1e-5);
        TA_ASSERT_NEAR(r.y, 0.0, 1e-5);
        TA_ASSERT_NEAR(r.z, sign * sin(angle), 1e-5);
        TA_ASSERT_NEAR(r.w, sign * cos(angle), 1e-5);
    }
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
}

static void test_group_camera_track(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s;
    ta_camera_list *cams;
    ta_node_id root, cam;
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    TA_ASSERT_OK(ta_camera_list_create(NULL, &cams, &err), &err);
    root = ta_test_node_under(s, ta_node_none(), "root");
    cam = ta_test_node_under(s, root, "cam");
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    pc.node = cam;
    ta_perspective_camera_id ci;
    TA_ASSERT_OK(ta_camera_list_add_perspective(cams, &pc, &ci, &err), &err);
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_perspective_camera(ci, TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    const float v[2] = {30, 30};
    ta_clip *clip = clip_of(track_of(t, v, NULL), TA_BLEND_MODE_NORMAL);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, NULL, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, cam, &err), &err);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    /* without the cameras: refused, as a camera track without a group is */
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err, TA_ERROR_MISSING_CONTEXT,
                      "not given the cameras");
    TA_ASSERT_NEAR(ta_mixer_time(m).seconds, 0.0, 0);
    /* with them: the camera at the member takes the track's 30 degrees */
    TA_ASSERT_OK(ta_mixer_update_with_cameras(m, s, NULL, cams, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(cams->perspective[ci.index].fov, 30.0, 0);
    /* a second camera list, with a camera at the member too: resolved again */
    ta_camera_list *other;
    TA_ASSERT_OK(ta_camera_list_create(NULL, &other, &err), &err);
    ta_perspective_camera_id oi;
    TA_ASSERT_OK(ta_camera_list_add_perspective(other, &pc, &oi, &err), &err);
    TA_ASSERT_OK(ta_mixer_update_with_cameras(m, s, NULL, other, ta_duration_from_seconds(0.25), &err), &err);
    TA_ASSERT_NEAR(other->perspective[oi.index].fov, 30.0, 0);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_camera_list_destroy(cams);
    ta_camera_list_destroy(other);
    ta_scene_destroy(s);
}

static void test_node_name_out_of_memory(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_scene_options so = {&alloc, "s", NULL};
    ta_scene *s;
    ta_node_id n;
    TA_ASSERT_OK(ta_scene_create(&so, &s, &err), &err);
    n = ta_test_node_under(s, ta_node_none(), "a");
    ta_track_target t = ta_test_node_target(n, TA_TRACK_KIND_NODE_NAME);
    static const float times[3] = {0, 0.5f, 1};
    const char *names[3] = {"a much longer name", "a much longer nam!", "b"};
    ta_track *track = ta_test_string_track(t, times, 3, names);
    ta_clip *clip = clip_of(track, TA_BLEND_MODE_NORMAL);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = play(m, clip);
    /* the scene can allocate nothing more: the new name cannot be made */
    counter.fail_after = (long)counter.allocations;
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, s);
    ta_snap_mixer(&before, m, &a, 1);
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err, TA_ERROR_OUT_OF_MEMORY, "renaming node 0");
    ta_snap_scene(&after, s);
    ta_snap_mixer(&after, m, &a, 1);
    assert_true(ta_snap_equal(&before, &after));
    assert_string_equal(ta_scene_node(s, n)->name, "a");
    /* with memory, the same update writes the name */
    counter.fail_after = -1;
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    assert_string_equal(ta_scene_node(s, n)->name, "a much longer name");
    TA_ASSERT_NEAR(ta_mixer_time(m).seconds, 0.25, 0);
    /* a name of the same length is written in place, without memory */
    counter.fail_after = (long)counter.allocations;
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.5), &err), &err);
    assert_string_equal(ta_scene_node(s, n)->name, "a much longer nam!");
    counter.fail_after = -1;
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_only_string_bindings(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_node_id n;
    ta_scene *s = ta_test_scene_with_node("idle", &n);
    ta_track_target t = ta_test_node_target(n, TA_TRACK_KIND_NODE_NAME);
    static const float times[2] = {0, 1};
    const char *names[2] = {"walk", "run"};
    ta_track *track = ta_test_string_track(t, times, 2, names);
    ta_clip *clip = clip_of(track, TA_BLEND_MODE_NORMAL);
    ta_mixer *m = ta_test_mixer(ta_node_none());
    ta_action *a = play(m, clip);
    TA_ASSERT_OK(ta_action_set_loop(a, TA_LOOP_MODE_ONCE, TA_ACTION_ENDLESS, &err), &err);
    ta_action_set_clamp_when_finished(a, true); /* it holds "run" at its end */
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.5), &err), &err);
    assert_string_equal(ta_scene_node(s, n)->name, "walk");
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.75), &err), &err);
    assert_string_equal(ta_scene_node(s, n)->name, "run");
    TA_ASSERT_OK(ta_action_stop(a, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.1), &err), &err);
    assert_string_equal(ta_scene_node(s, n)->name, "idle"); /* the original, back */
    ta_mixer_destroy(m);
    ta_clip_release(clip);
    ta_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_additive_after_play),
        cmocka_unit_test(test_additive_rotation_stays_a_rotation),
        cmocka_unit_test(test_additive_rotation_extrapolates),
        cmocka_unit_test(test_group_camera_track),
        cmocka_unit_test(test_node_name_out_of_memory),
        cmocka_unit_test(test_only_string_bindings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
