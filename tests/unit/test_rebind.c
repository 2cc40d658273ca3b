/* Safe binding and rebind (rebind.h): a loader's clip remembers its nodes'
 * names; played on a scene whose nodes at those indices are others, the
 * update is refused naming the clip, the track and both names, and nothing
 * moves; ta_clip_rebind maps it by names (the same motion, node for node, on a
 * rig whose nodes sit at other indices) and reports the tracks that found no
 * node. */
#include <stdio.h>
#include <stdlib.h>

#include "ta_snapshot.h"
#include "ta_test.h"
#include "ta_test_build.h"
#include "threeanim/threeanim.h"

static ta_model *load(const char *rel, bool samples)
{
    char path[1024];
    const char *p = samples ? ta_test_samples_path(rel, path, sizeof path) : ta_test_source_path(rel, path, sizeof path);
    if (p == NULL) return NULL;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(p, NULL, &model, &err), &err);
    return model;
}

static ta_mixer *mixer_playing(const ta_clip *clip)
{
    ta_mixer *mixer = ta_test_mixer(ta_node_none());
    ta_test_play(mixer, clip);
    return mixer;
}

typedef struct copy_state {
    const ta_scene *src;
    ta_scene *dst;
    ta_node_id *map; /* src node -> dst node */
    const char *skip;
} copy_state;

static bool copy_node(const ta_scene *src, ta_node_id node, void *user)
{
    copy_state *st = (copy_state *)user;
    const ta_node *n = &src->nodes[node.index];
    if (strcmp(n->name, st->skip) == 0) return true;
    ta_node_id parent = ta_node_is_none(n->parent) ? ta_node_none() : st->map[n->parent.index];
    if (!ta_node_is_none(n->parent) && ta_node_is_none(parent)) return true; /* below the skipped node */
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_add_node(st->dst, parent, n->name, &st->map[node.index], &err), &err);
    ta_node *d = &st->dst->nodes[st->map[node.index].index];
    d->position = n->position;
    d->quaternion = n->quaternion;
    d->scale = n->scale;
    return true;
}

/* The rig again, with a node of its own first (so every index moves by one)
 * and without the node named skip and those below it. */
static ta_scene *shifted_rig(const ta_scene *src, const char *skip, ta_node_id *map)
{
    ta_scene *dst = NULL;
    ta_error err = {0};
    dst = ta_test_scene();
    TA_ASSERT_OK(ta_scene_add_node(dst, ta_node_none(), "camera_rig", NULL, &err), &err);
    for (uint32_t i = 0; i < src->node_count; ++i) map[i] = ta_node_none();
    copy_state st = {src, dst, map, skip};
    ta_scene_traverse(src, ta_node_none(), copy_node, &st);
    return dst;
}

static void a_clip_on_another_rig_is_refused_and_rebind_maps_it(void **state)
{
    (void)state;
    ta_model *model = load("examples/default.glb", false);
    const ta_clip *walk = model->animations[0];
    const ta_scene *rig = model->scene;
    /* the loader remembered every node track's node */
    uint32_t node_tracks = 0;
    for (uint32_t i = 0; i < ta_clip_track_count(walk); ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(walk, i));
        if (t.family != TA_TARGET_FAMILY_NODE) {
            assert_null(ta_clip_node_name(walk, i));
            continue;
        }
        assert_string_equal(ta_clip_node_name(walk, i), rig->nodes[t.index].name);
        node_tracks++;
    }
    assert_true(node_tracks > 1);
    /* the node of the first track on a leaf, to leave out of the other rig */
    uint32_t i0 = TA_NONE;
    ta_track_target t0 = ta_track_target_of(ta_clip_track(walk, 0));
    for (uint32_t i = 0; i < ta_clip_track_count(walk) && i0 == TA_NONE; ++i) {
        t0 = ta_track_target_of(ta_clip_track(walk, i));
        if (t0.family == TA_TARGET_FAMILY_NODE && ta_node_is_none(rig->nodes[t0.index].first_child)) i0 = i;
    }
    assert_int_not_equal(i0, TA_NONE);
    const char *gone = rig->nodes[t0.index].name;

    ta_node_id *map = calloc(rig->node_count, sizeof *map);
    ta_scene *other = shifted_rig(rig, gone, map);
    ta_error err = {0};
    ta_mixer *mixer = mixer_playing(walk);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, other);
    /* refused: track 0's index names another node in `other` */
    ta_track_target first = ta_track_target_of(ta_clip_track(walk, 0));
    char want[512];
    snprintf(want, sizeof want,
             "track 0 (%s on node %u): the clip was made for node \"%s\", but node %u of this scene is \"%s\"",
             ta_track_kind_name(first.kind), first.index, rig->nodes[first.index].name, first.index,
             other->nodes[first.index].name);
    TA_ASSERT_REFUSED(ta_mixer_update(mixer, other, ta_duration_from_seconds(0.1), &err), &err, TA_ERROR_MISSING_TARGET, want);
    TA_ASSERT_CONTAINS(err.message, ta_clip_name(walk));
    ta_snap_scene(&after, other);
    assert_true(ta_snap_equal(&before, &after));
    ta_mixer_destroy(mixer);

    /* rebind: by names, the missing node reported */
    uint32_t missing[4] = {TA_NONE, TA_NONE, TA_NONE, TA_NONE}, missing_count = 0;
    ta_clip *mapped = NULL;
    TA_ASSERT_OK(ta_clip_rebind(walk, NULL, other, NULL, &mapped, missing, 4, &missing_count, &err), &err);
    uint32_t gone_tracks = 0;
    for (uint32_t i = 0; i < ta_clip_track_count(walk); ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(walk, i));
        if (t.family == TA_TARGET_FAMILY_NODE && t.index == t0.index) gone_tracks++;
    }
    assert_int_equal(missing_count, gone_tracks);
    assert_int_equal(missing[0], i0);
    assert_int_equal(ta_clip_track_count(mapped), ta_clip_track_count(walk) - gone_tracks);
    assert_true(ta_clip_duration(mapped).seconds == ta_clip_duration(walk).seconds);
    for (uint32_t i = 0; i < ta_clip_track_count(mapped); ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(mapped, i));
        if (t.family == TA_TARGET_FAMILY_NODE) assert_string_equal(ta_clip_node_name(mapped, i), other->nodes[t.index].name);
    }
    /* played, every node of `other` is where its namesake is in the rig */
    ta_model *twin = load("examples/default.glb", false);
    ta_mixer *on_rig = mixer_playing(twin->animations[0]);
    ta_mixer *on_other = mixer_playing(mapped);
    for (int k = 0; k < 12; ++k) {
        TA_ASSERT_OK(ta_mixer_update(on_rig, twin->scene, ta_duration_from_seconds(k ? 0.07 : 0), &err), &err);
        TA_ASSERT_OK(ta_mixer_update(on_other, other, ta_duration_from_seconds(k ? 0.07 : 0), &err), &err);
    }
    bool moved = false;
    for (uint32_t n = 0; n < rig->node_count; ++n) {
        if (ta_node_is_none(map[n])) continue;
        const ta_node *a = &twin->scene->nodes[n], *b = &other->nodes[map[n].index];
        assert_memory_equal(&a->position, &b->position, sizeof a->position);
        assert_memory_equal(&a->quaternion, &b->quaternion, sizeof a->quaternion);
        assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
        moved = moved || memcmp(&a->quaternion, &rig->nodes[n].quaternion, sizeof a->quaternion) != 0;
    }
    assert_true(moved);
    /* the mapped clip is refused back on the rig, whose indices are others */
    ta_mixer *back = mixer_playing(mapped);
    TA_ASSERT_REFUSED(ta_mixer_update(back, model->scene, ta_duration_from_seconds(0), &err), &err, TA_ERROR_MISSING_TARGET,
                      "the clip was made for node");
    ta_mixer_destroy(back);
    ta_mixer_destroy(on_rig);
    ta_mixer_destroy(on_other);
    ta_clip_release(mapped);

    /* refusals of rebind */
    ta_scene *empty = ta_test_scene();
    TA_ASSERT_OK(ta_scene_add_node(empty, ta_node_none(), "nobody", NULL, &err), &err);
    mapped = (ta_clip *)0x1;
    TA_ASSERT_REFUSED(ta_clip_rebind(walk, NULL, empty, NULL, &mapped, NULL, 0, NULL, &err), &err, TA_ERROR_EMPTY_CLIP,
                      "no track found its node");
    assert_ptr_equal(mapped, (ta_clip *)0x1);
    TA_ASSERT_REFUSED(ta_clip_rebind(walk, NULL, NULL, NULL, &mapped, NULL, 0, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "to: is NULL");
    TA_ASSERT_REFUSED(ta_clip_rebind(walk, NULL, other, NULL, &mapped, NULL, 2, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "out_missing: is NULL with missing_capacity 2");
    ta_scene_destroy(empty);

    /* a shared clip cannot change its names; a copy keeps them */
    ta_clip_retain(walk);
    TA_ASSERT_REFUSED(ta_clip_set_node_names((ta_clip *)walk, NULL, 0, &err), &err, TA_ERROR_BAD_STATE, "is shared");
    ta_clip_release(walk);
    ta_clip *copy = NULL;
    TA_ASSERT_OK(ta_clip_copy(walk, NULL, &copy, &err), &err);
    assert_string_equal(ta_clip_node_name(copy, i0), gone);
    TA_ASSERT_REFUSED(ta_clip_set_node_names(copy, (const char *const *)&gone, 1, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "names for a clip of");
    TA_ASSERT_OK(ta_clip_set_node_names(copy, NULL, 0, &err), &err);
    assert_null(ta_clip_node_name(copy, i0));
    /* a clip that remembers nothing is not checked, as before */
    ta_mixer *unchecked = mixer_playing(copy);
    TA_ASSERT_OK(ta_mixer_update(unchecked, other, ta_duration_from_seconds(0.1), &err), &err);
    ta_mixer_destroy(unchecked);
    ta_clip_release(copy);

    ta_snap_free(&before);
    ta_snap_free(&after);
    free(map);
    ta_scene_destroy(other);
    ta_model_destroy(twin);
    ta_model_destroy(model);
}

/* The case that was reported: the bundled rig's walk played on the Fox. */
static void the_rigs_walk_on_the_fox_is_refused(void **state)
{
    (void)state;
    ta_model *fox = load("Fox/glTF-Binary/Fox.glb", true);
    if (fox == NULL) {
        print_message("skipped: the Fox is not in the glTF samples folder (TA_SAMPLES_DIR)\n");
        skip();
    }
    ta_model *rig = load("examples/default.glb", false);
    ta_error err = {0};
    ta_mixer *mixer = mixer_playing(rig->animations[0]);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, fox->scene);
    TA_ASSERT_REFUSED(ta_mixer_update(mixer, fox->scene, ta_duration_from_seconds(0.1), &err), &err, TA_ERROR_MISSING_TARGET,
                      "the clip was made for node");
    ta_snap_scene(&after, fox->scene);
    assert_true(ta_snap_equal(&before, &after));
    /* and an instance of the Fox plays the Fox's own clips */
    ta_scene *inst = NULL;
    TA_ASSERT_OK(ta_scene_instantiate(fox->scene, NULL, &inst, &err), &err);
    ta_mixer *own = mixer_playing(fox->animations[0]);
    TA_ASSERT_OK(ta_mixer_update(own, inst, ta_duration_from_seconds(0.1), &err), &err);
    ta_mixer_destroy(own);
    ta_scene_destroy(inst);
    ta_mixer_destroy(mixer);
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_model_destroy(rig);
    ta_model_destroy(fox);
}

/* A scene of one root node per name, in order. */
static ta_scene *flat_rig(const char *const *names, uint32_t n)
{
    ta_scene *scene = ta_test_scene();
    for (uint32_t i = 0; i < n; ++i) ta_test_node_under(scene, ta_node_none(), names[i]);
    return scene;
}

/* A clip moving each node of scene along x, remembering the nodes' names. */
static ta_clip *clip_on(const ta_scene *scene, const char *name)
{
    uint32_t n = scene->node_count;
    ta_track **tracks = (ta_track **)calloc(n, sizeof *tracks);
    const char **names = (const char **)calloc(n, sizeof *names);
    static const float times[2] = {0.0f, 1.0f};
    for (uint32_t i = 0; i < n; ++i) {
        float values[6] = {0, 0, 0, (float)i + 1.0f, 0, 0};
        tracks[i] = ta_test_node_track(ta_node_at(i), TA_TRACK_KIND_POSITION, times, 2, values, 6);
        names[i] = scene->nodes[i].name;
    }
    ta_clip *clip = ta_test_clip(name, tracks, n, NULL);
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_set_node_names(clip, names, n, &err), &err);
    free(tracks);
    free(names);
    return clip;
}

/* A clip with no tracks (as the glTF loader keeps for an animation
 * whose channels were all left out) read tracks[UINT32_MAX], and left
 * *out_missing_count unwritten. It maps to a clip with none. */
static void a_clip_with_no_tracks_maps_to_one_with_none(void **state)
{
    (void)state;
    static const char *const names[] = {"hips"};
    ta_scene *rig = flat_rig(names, 1);
    ta_clip_options opts = {0};
    opts.allow_empty = true;
    opts.duration = 2.0;
    ta_clip_marker mark = {"step", {1.5}};
    opts.markers = &mark;
    opts.marker_count = 1;
    ta_clip *empty = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_create("dropped", NULL, 0, &opts, &empty, &err), &err);
    ta_clip *mapped = NULL;
    uint32_t missing[2] = {7, 7}, missing_count = 99;
    TA_ASSERT_OK(ta_clip_rebind(empty, NULL, rig, NULL, &mapped, missing, 2, &missing_count, &err), &err);
    assert_int_equal(missing_count, 0);
    assert_int_equal(missing[0], 7);
    assert_int_equal(ta_clip_track_count(mapped), 0);
    assert_true(ta_clip_duration(mapped).seconds == 2.0);
    assert_string_equal(ta_clip_name(mapped), "dropped");
    assert_int_equal(ta_clip_marker_count(mapped), 1);
    ta_clip_release(mapped);
    mapped = NULL;
    TA_ASSERT_OK(ta_clip_rebind_strict(empty, NULL, rig, NULL, &mapped, &err), &err);
    assert_int_equal(ta_clip_track_count(mapped), 0);
    ta_clip_release(mapped);
    ta_clip_release(empty);
    ta_scene_destroy(rig);
}

/* Rebind onto an unrelated rig that shares generic bone names
 * dropped most tracks and said OK. The strict mapping refuses, naming how many
 * and the first of them, allocating nothing; where every track maps it gives
 * what ta_clip_rebind gives. */
static void the_strict_mapping_refuses_to_drop_tracks(void **state)
{
    (void)state;
    static const char *const own[] = {"Hips", "Spine", "hand_l", "hand_r", "foot_l", "foot_r", "tail", "Head"};
    static const char *const other[] = {"Head", "Spine", "Hips"};
    ta_scene *rig = flat_rig(own, 8), *unrelated = flat_rig(other, 3);
    ta_clip *walk = clip_on(rig, "walk");
    ta_error err = {0};

    /* ta_clip_rebind drops five and says OK */
    ta_clip *mapped = NULL;
    uint32_t missing_count = 0;
    TA_ASSERT_OK(ta_clip_rebind(walk, NULL, unrelated, NULL, &mapped, NULL, 0, &missing_count, &err), &err);
    assert_int_equal(missing_count, 5);
    assert_int_equal(ta_clip_track_count(mapped), 3);
    ta_clip_release(mapped);

    /* strict: refused, the first four named, nothing allocated or written */
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator counting = ta_test_counting_allocator(&counter);
    mapped = (ta_clip *)0x1;
    TA_ASSERT_REFUSED(ta_clip_rebind_strict(walk, NULL, unrelated, &counting, &mapped, &err), &err,
                      TA_ERROR_MISSING_TARGET,
                      "to: 5 of the 8 node tracks of clip \"walk\" find no node: track 2 \"hand_l\", track 3 "
                      "\"hand_r\", track 4 \"foot_l\", track 5 \"foot_r\" and 1 more; the strict mapping drops none");
    assert_ptr_equal(mapped, (ta_clip *)0x1);
    assert_int_equal(counter.allocations, 0);
    assert_int_equal(ta_clip_track_count(walk), 8);

    /* one missing: named alone */
    static const char *const most[] = {"Hips", "Spine", "hand_l", "hand_r", "foot_l", "foot_r", "Head"};
    ta_scene *near = flat_rig(most, 7);
    TA_ASSERT_REFUSED(ta_clip_rebind_strict(walk, NULL, near, NULL, &mapped, &err), &err, TA_ERROR_MISSING_TARGET,
                      "to: 1 of the 8 node tracks of clip \"walk\" find no node: track 6 \"tail\"; the strict");

    /* every track maps: strict succeeds, the tracks on the namesakes */
    static const char *const reordered[] = {"Head", "tail", "foot_r", "foot_l", "hand_r", "hand_l", "Spine", "Hips"};
    ta_scene *same = flat_rig(reordered, 8);
    mapped = NULL;
    TA_ASSERT_OK(ta_clip_rebind_strict(walk, NULL, same, NULL, &mapped, &err), &err);
    assert_int_equal(ta_clip_track_count(mapped), 8);
    for (uint32_t i = 0; i < 8; ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(mapped, i));
        assert_string_equal(same->nodes[t.index].name, ta_clip_node_name(mapped, i));
        assert_int_equal(t.index, 7 - i); /* walk's track i drove own[i], which sits at 7 - i here */
    }
    ta_clip_release(mapped);

    ta_scene_destroy(same);
    ta_scene_destroy(near);
    ta_clip_release(walk);
    ta_scene_destroy(unrelated);
    ta_scene_destroy(rig);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_clip_on_another_rig_is_refused_and_rebind_maps_it),
        cmocka_unit_test(the_rigs_walk_on_the_fox_is_refused),
        cmocka_unit_test(a_clip_with_no_tracks_maps_to_one_with_none),
        cmocka_unit_test(the_strict_mapping_refuses_to_drop_tracks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
