/* A name that matches nothing: the clips that are there, or the nearest node
 * names (src/core/suggest.c, ta_model_find_clip, ta_scene_find_by_name). */
#include <string.h>

#include "core/suggest.h"
#include "ta_test.h"
#include "threeanim/gltf.h"
#include "threeanim/model.h"
#include "threeanim/scene.h"

static void edit_distance_counts_edits_ignoring_case(void **state)
{
    (void)state;
    assert_int_equal(ta__edit_distance("hips", "hips"), 0);
    assert_int_equal(ta__edit_distance("hip", "hips"), 1);     /* one insertion */
    assert_int_equal(ta__edit_distance("Spine", "spine"), 0);  /* case ignored */
    assert_int_equal(ta__edit_distance("kitten", "sitting"), 3); /* the textbook pair */
    assert_int_equal(ta__edit_distance("", "abc"), 3);
    assert_int_equal(ta__edit_distance("thigh_L", "thigh_R"), 1);
}

static void suggest_keeps_the_three_nearest_in_order(void **state)
{
    (void)state;
    ta__suggest s;
    ta__suggest_init(&s, "hip");
    const char *offered[] = {"spine", "hips", "head", "hips", "hand_L", "", "hip_2", "hi"};
    for (size_t i = 0; i < sizeof offered / sizeof offered[0]; ++i) ta__suggest_offer(&s, offered[i]);
    /* hips 1, hip_2 2, hi 1, head 3, spine 4, hand_L 5: ties keep the first offered */
    assert_int_equal(s.count, 3);
    assert_string_equal(s.names[0], "hips");
    assert_string_equal(s.names[1], "hi");
    assert_string_equal(s.names[2], "hip_2");
}

static void append_names_says_how_many_it_left_out(void **state)
{
    (void)state;
    char buf[48] = "has ";
    const char *names[] = {"alpha", "beta", "gamma", "delta", "epsilon"};
    ta__append_names(buf, sizeof buf, names, 2);
    assert_string_equal(buf, "has \"alpha\", \"beta\"");
    char small[40] = "";
    ta__append_names(small, sizeof small, names, 5);
    /* 24 bytes are kept for the ending, and a name needs its length + 4: "alpha" at 0
     * (0 + 9 + 24 < 40), "beta" at 7 (7 + 8 + 24 < 40), not "gamma" at 15 (15 + 9 + 24) */
    assert_string_equal(small, "\"alpha\", \"beta\", and 3 more");
}

static void a_node_name_that_misses_names_the_nearest(void **state)
{
    (void)state;
    ta_scene *s = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    ta_node_id hips, spine, id;
    TA_ASSERT_OK(ta_scene_add_node(s, ta_node_none(), "hips", &hips, &err), &err);
    TA_ASSERT_OK(ta_scene_add_node(s, hips, "spine", &spine, &err), &err);
    TA_ASSERT_OK(ta_scene_add_node(s, spine, "head", &id, &err), &err);
    TA_ASSERT_OK(ta_scene_add_node(s, hips, "thigh_L", &id, &err), &err);
    TA_ASSERT_OK(ta_scene_add_node(s, hips, "thigh_R", &id, &err), &err);
    ta_node_id out = {777};
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "hip", &out, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message, "name: no node has the name \"hip\"; the nearest are \"hips\", \"head\", \"spine\"");
    assert_int_equal(out.index, 777);
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "Thigh_l", &out, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message,
                        "name: no node has the name \"Thigh_l\"; the nearest are \"thigh_L\", \"thigh_R\", \"hips\"");
    /* below a root, only the nodes there */
    TA_ASSERT_REFUSED(ta_scene_find_below(s, spine, "hip", false, &out, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message, "name: no node has the name \"hip\"; the nearest are \"head\", \"spine\"");
    /* uuids are random: no suggestion */
    TA_ASSERT_REFUSED(ta_scene_find_by_uuid(s, "x-1", &out, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message, "uuid: no node has the uuid \"x-1\"");
    ta_scene_destroy(s);

    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "a", &out, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message, "name: no node has the name \"a\"; there are no named nodes");
    ta_scene_destroy(s);
}

static void a_clip_name_that_misses_lists_the_clips(void **state)
{
    (void)state;
    char path[1024];
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(ta_test_source_path("examples/default.glb", path, sizeof path), NULL, &m, &err),
                 &err);
    uint32_t index = 99;
    TA_ASSERT_REFUSED(ta_model_find_clip(m, "Walk", &index, &err), &err, TA_ERROR_NOT_FOUND, "no ");
    assert_string_equal(err.message, "name: no clip named \"Walk\"; the model has \"walk\", \"run\", \"wave\"");
    assert_int_equal(index, 99);
    TA_ASSERT_OK(ta_model_find_clip(m, "wave", &index, &err), &err);
    assert_int_equal(index, 2);
    ta_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(edit_distance_counts_edits_ignoring_case),
        cmocka_unit_test(suggest_keeps_the_three_nearest_in_order),
        cmocka_unit_test(append_names_says_how_many_it_left_out),
        cmocka_unit_test(a_node_name_that_misses_names_the_nearest),
        cmocka_unit_test(a_clip_name_that_misses_lists_the_clips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
