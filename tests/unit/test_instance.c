/* Instances (instance.h): a copy of a loaded scene that shares its names and
 * skins, driven by its own mixer exactly as the source is by the same clip,
 * outliving its source, renamed without touching the others, and refused
 * whole when memory runs out. */
#include <stdlib.h>

#include "ta_snapshot.h"
#include "ta_test.h"
#include "ta_test_build.h"
#include "threeanim/threeanim.h"

static ta_model *load_default(ta_allocator *alloc)
{
    char path[1024];
    ta_test_source_path("examples/default.glb", path, sizeof path);
    ta_load_options opts;
    memset(&opts, 0, sizeof opts);
    opts.allocator = alloc;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(path, &opts, &model, &err), &err);
    assert_true(model->animation_count > 0);
    assert_true(model->scene->skin_count > 0);
    return model;
}

/* Plays clip on scene for frames updates of 1/30 s. */
static ta_mixer *play(ta_scene *scene, const ta_clip *clip, int frames)
{
    ta_error err = {0};
    ta_mixer *mixer = ta_test_mixer(ta_node_none());
    ta_test_play(mixer, clip);
    for (int k = 0; k <= frames; ++k)
        TA_ASSERT_OK(ta_mixer_update(mixer, scene, ta_duration_from_seconds(k == 0 ? 0 : 1.0 / 30), &err), &err);
    return mixer;
}

static void instances_share_names_and_skins_and_play_as_the_source(void **state)
{
    (void)state;
    ta_model *model = load_default(NULL);
    ta_model *twin = load_default(NULL);
    ta_scene *src = model->scene;
    ta_error err = {0};
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, src);
    ta_scene *a = NULL, *b = NULL;
    TA_ASSERT_OK(ta_scene_instantiate(src, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_scene_instantiate(src, NULL, &b, &err), &err);
    ta_snap_scene(&after, src);
    assert_true(ta_snap_equal(&before, &after)); /* the source reads as before */
    ta_snap_clear(&after);
    ta_snap_scene(&after, a);
    assert_true(ta_snap_equal(&before, &after)); /* and the instance reads as the source */
    for (uint32_t n = 0; n < src->node_count; ++n) {
        assert_ptr_equal(a->nodes[n].name, src->nodes[n].name);
        assert_ptr_equal(b->nodes[n].uuid, src->nodes[n].uuid);
    }
    assert_ptr_equal(a->skins[0].joints, src->skins[0].joints);
    assert_ptr_equal(a->skins[0].inverse_binds, src->skins[0].inverse_binds);

    /* the instance, played, is where a fresh load played alike is; b stays at rest */
    const ta_clip *clip = model->animations[0];
    ta_mixer *ma = play(a, clip, 17);
    ta_mixer *mt = play(twin->scene, twin->animations[0], 17);
    ta_snap ps, pt;
    ta_snap_init(&ps);
    ta_snap_init(&pt);
    ta_snap_scene(&ps, a);
    ta_snap_scene(&pt, twin->scene);
    char where[128];
    assert_string_equal(ta_snap_first_difference(&ps, &pt, where, sizeof where), "");
    ta_snap_clear(&ps);
    ta_snap_scene(&ps, b);
    assert_true(ta_snap_equal(&before, &ps));
    /* so are its world and bone matrices */
    ta_pose *pa, *pt2;
    TA_ASSERT_OK(ta_pose_create(a, NULL, &pa, &err), &err);
    TA_ASSERT_OK(ta_pose_create(twin->scene, NULL, &pt2, &err), &err);
    uint32_t nn = a->node_count, joints = a->skins[0].joint_count;
    ta_mat4 *wa = calloc(nn, sizeof *wa), *wt = calloc(nn, sizeof *wt);
    ta_mat4 *ba = calloc(joints, sizeof *ba), *bt = calloc(joints, sizeof *bt);
    TA_ASSERT_OK(ta_pose_world_pass(pa, a, ta_node_none(), wa, nn, &err), &err);
    TA_ASSERT_OK(ta_pose_world_pass(pt2, twin->scene, ta_node_none(), wt, nn, &err), &err);
    TA_ASSERT_OK(ta_pose_skinning_pass(pa, a, ta_skin_at(0), ba, joints, &err), &err);
    TA_ASSERT_OK(ta_pose_skinning_pass(pt2, twin->scene, ta_skin_at(0), bt, joints, &err), &err);
    assert_memory_equal(wa, wt, sizeof *wa * nn);
    assert_memory_equal(ba, bt, sizeof *ba * joints);
    bool moved = false;
    for (uint32_t j = 0; j < joints; ++j)
        for (int e = 0; e < 16; ++e) moved = moved || ba[j].m[e] != ((e % 5) == 0 ? 1.0f : 0.0f);
    assert_true(moved);
    free(wa), free(wt), free(ba), free(bt);
    ta_pose_destroy(pa);
    ta_pose_destroy(pt2);

    /* a rename (of the same length, which would be in place) stays in its scene */
    char *old = src->nodes[1].name;
    size_t len = strlen(old);
    char *same = calloc(len + 1, 1);
    memset(same, 'x', len);
    TA_ASSERT_OK(ta_scene_set_node_name(a, ta_node_at(1), same, &err), &err);
    assert_string_equal(a->nodes[1].name, same);
    assert_ptr_equal(src->nodes[1].name, old);
    assert_true(strcmp(src->nodes[1].name, same) != 0 || len == 0);
    assert_true(strcmp(b->nodes[1].name, src->nodes[1].name) == 0);
    /* and so does the source's */
    TA_ASSERT_OK(ta_scene_set_node_name(src, ta_node_at(1), same, &err), &err);
    assert_ptr_equal(b->nodes[1].name, old);
    free(same);

    /* the source goes first; the instances keep what they share */
    ta_mixer_destroy(mt);
    ta_model_destroy(twin);
    ta_model_destroy(model);
    assert_true(b->nodes[2].name != NULL && strlen(b->nodes[2].name) < 1000);
    TA_ASSERT_OK(ta_mixer_update(ma, a, ta_duration_from_seconds(0.5), &err), &err);
    ta_mixer_destroy(ma);
    ta_scene_destroy(a);
    ta_scene_destroy(b);
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_snap_free(&ps);
    ta_snap_free(&pt);
}

static void an_instance_costs_less_than_a_load_and_is_refused_whole(void **state)
{
    (void)state;
    ta_test_counter load_counter = {0, 0, 0, 0, -1};
    ta_allocator load_alloc = ta_test_counting_allocator(&load_counter);
    ta_model *model = load_default(&load_alloc);
    size_t model_bytes = load_counter.live_bytes;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_scene_options so = {&alloc, NULL, NULL};
    ta_error err = {0};
    ta_scene *inst = NULL;
    TA_ASSERT_OK(ta_scene_instantiate(model->scene, &so, &inst, &err), &err);
    size_t instance_bytes = counter.live_bytes;
    print_message("default.glb: a load keeps %zu bytes, an instance %zu\n", model_bytes, instance_bytes);
    assert_true(instance_bytes > 0 && instance_bytes * 2 < model_bytes);
    ta_scene_destroy(inst);
    assert_int_equal(counter.live_bytes, 0);

    /* out of memory at each allocation of a first instance: nothing made, the source unchanged */
    ta_model *fresh = load_default(NULL);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, fresh->scene);
    for (long fail = 0;; ++fail) {
        counter.fail_after = (long)counter.allocations + fail;
        inst = (ta_scene *)0x1;
        ta_result r = ta_scene_instantiate(fresh->scene, &so, &inst, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_scene_destroy(inst);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_ptr_equal(inst, (ta_scene *)0x1);
        assert_int_equal(counter.live_bytes, 0);
        ta_snap_clear(&after);
        ta_snap_scene(&after, fresh->scene);
        assert_true(ta_snap_equal(&before, &after));
        assert_true(fail < 1000);
    }
    TA_ASSERT_REFUSED(ta_scene_instantiate(NULL, NULL, &inst, &err), &err, TA_ERROR_INVALID_ARGUMENT, "source: is NULL");
    TA_ASSERT_REFUSED(ta_scene_instantiate(fresh->scene, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_scene: is NULL");
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_model_destroy(fresh);
    ta_model_destroy(model);
    assert_int_equal(load_counter.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(instances_share_names_and_skins_and_play_as_the_source),
        cmocka_unit_test(an_instance_costs_less_than_a_load_and_is_refused_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
