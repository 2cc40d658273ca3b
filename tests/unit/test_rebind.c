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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_clip_on_another_rig_is_refused_and_rebind_maps_it),
        cmocka_unit_test(the_rigs_walk_on_the_fox_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
