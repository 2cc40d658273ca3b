/* The glTF loader's animations: STEP, LINEAR and CUBICSPLINE samplers on
 * translation, rotation, scale and weights; the weights traversal (a node's
 * mesh, a Group's meshes, plain or skinned); clip names and durations; what
 * is left out with a warning; every refusal of a broken sampler or channel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

static ta_model *load(gltf_tb *tb)
{
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    return model;
}

/* The file's one channel (of animation 0) cannot be used: with options.strict
 * the file is refused with code and a message holding needle; without, the
 * channel is left out with a warning of wcode holding needle, and the clip
 * keeps its place with no track. */
static void check_left_out(gltf_tb *tb, ta_result code, ta_load_warning_code wcode, const char *needle)
{
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    ta_load_options strict = {0};
    strict.strict = true;
    TA_ASSERT_REFUSED(gltf_tb_load(tb, GLTF_TB_GLB, &strict, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
    model = NULL;
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 0);
    assert_int_equal(model->warning_count, 2);
    assert_int_equal(model->warning_list[0].code, wcode);
    TA_ASSERT_CONTAINS(model->warnings[0], needle);
    assert_int_equal(model->warning_list[1].code, TA_LOAD_WARNING_CODE_NO_TRACKS);
    ta_model_destroy(model);
}

static uint32_t mesh_with_targets(gltf_tb *tb, int prims, int targets, bool skin)
{
    static const float v[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    json_t *list = json_array();
    for (int p = 0; p < prims; ++p) {
        json_t *prim = json_pack("{s:{s:i}}", "attributes", "POSITION", gltf_tb_floats(tb, v, 3, "VEC3"));
        if (skin) {
            static const float w[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
            json_object_set_new(json_object_get(prim, "attributes"), "WEIGHTS_0",
                                json_integer(gltf_tb_floats(tb, w, 3, "VEC4")));
            json_object_set_new(json_object_get(prim, "attributes"), "JOINTS_0",
                                json_integer(gltf_tb_floats(tb, w, 3, "VEC4")));
        }
        json_t *t = json_array();
        for (int k = 0; k < targets; ++k)
            json_array_append_new(t, json_pack("{s:i}", "POSITION", gltf_tb_floats(tb, v, 3, "VEC3")));
        json_object_set_new(prim, "targets", t);
        json_array_append_new(list, prim);
    }
    return gltf_tb_add(tb, "meshes", json_pack("{s:o}", "primitives", list));
}

static const ta_track *track(const ta_model *m, uint32_t clip, uint32_t i)
{
    assert_true(clip < m->animation_count);
    assert_true(i < ta_clip_track_count(m->animations[clip]));
    return ta_clip_track(m->animations[clip], i);
}

static void interpolations_and_cubic_spline_triples(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    for (int i = 0; i < 3; ++i) gltf_tb_node(&tb, NULL);
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i,i,i]}", "nodes", 0, 1, 2));
    const float times[] = {0, 1};
    const float step[] = {1, 2, 3, 4, 5, 6};
    const float h = (float)sqrt(0.5);
    const float rot[] = {0, 0, 0, 1, 0, 0, h, h};
    /* in-tangent, value, out-tangent per key */
    const float cubic[] = {9, 9, 9, 1, 1, 1, 2, 0, 0, /**/ 0, 4, 0, 3, 1, 1, 9, 9, 9};
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR");
    uint32_t a = gltf_tb_animation(&tb, NULL), b = gltf_tb_animation(&tb, "walk");
    gltf_tb_channel(&tb, a, 0, "translation", in, gltf_tb_floats(&tb, step, 2, "VEC3"), "STEP");
    gltf_tb_channel(&tb, a, 1, "rotation", in, gltf_tb_floats(&tb, rot, 2, "VEC4"), NULL);
    gltf_tb_channel(&tb, b, 2, "scale", in, gltf_tb_floats(&tb, cubic, 6, "VEC3"), "CUBICSPLINE");
    ta_model *model = load(&tb);
    assert_int_equal(model->animation_count, 2);
    assert_string_equal(ta_clip_name(model->animations[0]), "animation_0");
    assert_string_equal(ta_clip_name(model->animations[1]), "walk");
    assert_true(ta_node_is_none(model->animation_roots[0]));
    const ta_track *t = track(model, 0, 0);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_STEP);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_POSITION);
    assert_int_equal(ta_track_target_of(t).index, model->source_nodes[0].index);
    assert_memory_equal(ta_track_values(t), step, sizeof step);
    t = track(model, 0, 1);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_LINEAR);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_QUATERNION);
    assert_memory_equal(ta_track_values(t), rot, sizeof rot);
    t = track(model, 1, 0);
    assert_int_equal(ta_track_interpolation(t), TA_INTERPOLATION_CUBIC_SPLINE);
    const float want_in[] = {9, 9, 9, 0, 4, 0}, want_v[] = {1, 1, 1, 3, 1, 1}, want_out[] = {2, 0, 0, 9, 9, 9};
    assert_int_equal(ta_track_tangent_count(t), 6);
    assert_memory_equal(ta_track_in_tangents(t), want_in, sizeof want_in);
    assert_memory_equal(ta_track_values(t), want_v, sizeof want_v);
    assert_memory_equal(ta_track_out_tangents(t), want_out, sizeof want_out);
    /* Between the keys, the Hermite curve from (1, out 2) to (3, in 0) in x:
     * at s = 0.5 over dt = 1: h00 1 + h10 2 + h01 3 + h11 0 with h00 = h01 =
     * 0.5, h10 = 0.125, h11 = -0.125 gives 0.5 + 0.25 + 1.5 = 2.25; in y from
     * (1, out 0) to (1, in 4): 0.5 + 0.5 - 0.125 * 4 = 0.5. */
    float out[3];
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample(t, 0.5, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, out, 3, &err), &err);
    TA_ASSERT_NEAR(out[0], 2.25, 1e-6);
    TA_ASSERT_NEAR(out[1], 0.5, 1e-6);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* Weights of three targets per key, for 2 keys: key k target t is 10k + t. */
static uint32_t weights_output(gltf_tb *tb, int per_key)
{
    float v[32];
    for (int k = 0; k < 2; ++k)
        for (int t = 0; t < per_key; ++t) v[k * per_key + t] = (float)(10 * k + t) / 100.0f;
    return gltf_tb_floats(tb, v, (uint32_t)(2 * per_key), "SCALAR");
}

static void check_morph_track(const ta_track *t, ta_track_kind kind, uint32_t mesh, uint32_t target, int per_key)
{
    ta_track_target tt = ta_track_target_of(t);
    assert_int_equal(tt.kind, kind);
    assert_int_equal(tt.index, mesh);
    assert_int_equal(tt.element, target);
    assert_int_equal(ta_track_key_count(t), 2);
    (void)per_key;
    assert_true(ta_track_values(t)[0] == (float)target / 100.0f);
    assert_true(ta_track_values(t)[1] == (float)(10 + target) / 100.0f);
}

static void the_weights_traversal(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    uint32_t one = mesh_with_targets(&tb, 1, 3, false);                                   /* mesh 0 */
    uint32_t two = mesh_with_targets(&tb, 2, 2, false);                                   /* mesh 1: a Group */
    uint32_t skinned = mesh_with_targets(&tb, 1, 2, true);                                /* mesh 2 */
    uint32_t small = mesh_with_targets(&tb, 1, 1, false);                                 /* mesh 3 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", one));                           /* 0 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:[i,i]}", "mesh", two, "children", 2, 3)); /* 1 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", small));                         /* 2: a child mesh */
    gltf_tb_add(&tb, "nodes", json_pack("{s:[i]}", "children", 4));                       /* 3: an Object3D */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", small));                         /* 4: a grandchild */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:i}", "mesh", skinned, "skin", 0));        /* 5 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", small));                         /* 6: a joint */
    gltf_tb_add(&tb, "skins", json_pack("{s:[i]}", "joints", 6));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i,i,i,i]}", "nodes", 0, 1, 5, 6));
    const float times[] = {0, 1};
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR");
    uint32_t a = gltf_tb_animation(&tb, "faces");
    gltf_tb_channel(&tb, a, 0, "weights", in, weights_output(&tb, 3), NULL); /* all 3 targets */
    gltf_tb_channel(&tb, a, 1, "weights", in, weights_output(&tb, 2), NULL); /* the Group's 2 + 2, and node 2's 1 */
    gltf_tb_channel(&tb, a, 5, "weights", in, weights_output(&tb, 3), NULL); /* 2 of the skinned mesh's targets */
    gltf_tb_channel(&tb, a, 6, "weights", in, weights_output(&tb, 1), NULL); /* a Bone: not a Group, nothing */
    ta_model *model = load(&tb);
    const ta_clip *clip = model->animations[0];
    assert_int_equal(ta_clip_track_count(clip), 3 + 5 + 2);
    /* scene.meshes: node 0's, the Group's two, node 2's, node 4's, node 6's (the
     * joint's mesh is a child of its Bone). */
    const ta_scene *s = model->scene;
    for (uint32_t t = 0; t < 3; ++t) check_morph_track(ta_clip_track(clip, t), TA_TRACK_KIND_MORPH_INFLUENCE, 0, t, 3);
    assert_int_equal(s->meshes[1].node.index, s->nodes[model->source_nodes[1].index].first_child.index);
    check_morph_track(ta_clip_track(clip, 3), TA_TRACK_KIND_MORPH_INFLUENCE, 1, 0, 2);
    check_morph_track(ta_clip_track(clip, 4), TA_TRACK_KIND_MORPH_INFLUENCE, 1, 1, 2);
    check_morph_track(ta_clip_track(clip, 5), TA_TRACK_KIND_MORPH_INFLUENCE, 2, 0, 2);
    check_morph_track(ta_clip_track(clip, 6), TA_TRACK_KIND_MORPH_INFLUENCE, 2, 1, 2);
    assert_int_equal(s->meshes[3].node.index, model->source_nodes[2].index);
    check_morph_track(ta_clip_track(clip, 7), TA_TRACK_KIND_MORPH_INFLUENCE, 3, 0, 2);
    check_morph_track(ta_clip_track(clip, 8), TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE, 0, 0, 3);
    check_morph_track(ta_clip_track(clip, 9), TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE, 0, 1, 3);
    /* Meshes with fewer targets than a key's weights take the first ones, as
     * three.js's binding copies them: said, not refused. */
    assert_int_equal(model->warning_count, 3);
    assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT);
    assert_string_equal(model->warnings[0], "animations[0].channels[1]: animations[0].samplers[1] holds 2 weights per "
                                            "key; a mesh with 1 morph targets it drives takes the first 1");
    assert_int_equal(model->warning_list[1].code, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT);
    assert_string_equal(model->warning_list[1].path, "animations[0].channels[2]");
    assert_int_equal(model->warning_list[2].code, TA_LOAD_WARNING_CODE_NO_TARGET);
    assert_string_equal(model->warning_list[2].path, "animations[0].channels[3]");
    TA_ASSERT_CONTAINS(model->warnings[2], "animations[0].channels[3]: node 6 has no mesh with morph targets");
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void cubic_spline_weights_split_their_tangents(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", mesh_with_targets(&tb, 1, 2, false)));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    const float times[] = {0, 1};
    /* per key: in (t0, t1), value (t0, t1), out (t0, t1) */
    const float v[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, NULL), 0, "weights", gltf_tb_floats(&tb, times, 2, "SCALAR"),
            gltf_tb_floats(&tb, v, 12, "SCALAR"), "CUBICSPLINE");
    ta_model *model = load(&tb);
    const ta_track *t1 = track(model, 0, 1);
    const float in[] = {2, 8}, val[] = {4, 10}, out[] = {6, 12};
    assert_memory_equal(ta_track_in_tangents(t1), in, sizeof in);
    assert_memory_equal(ta_track_values(t1), val, sizeof val);
    assert_memory_equal(ta_track_out_tangents(t1), out, sizeof out);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void rotations_not_of_unit_length_are_normalized(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "spin");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    const float times[] = {0, 1};
    const float rot[] = {0, 0, 0, 2, 0, 0, 0.6f, 0.8f};
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, NULL), 0, "rotation", gltf_tb_floats(&tb, times, 2, "SCALAR"),
            gltf_tb_floats(&tb, rot, 2, "VEC4"), NULL);
    ta_model *model = load(&tb);
    const float *v = ta_track_values(track(model, 0, 0));
    assert_true(v[3] == 1.0f);
    assert_true(v[6] == 0.6f && v[7] == 0.8f);
    assert_int_equal(model->warning_count, 1);
    TA_ASSERT_CONTAINS(model->warnings[0], "animations[0].channels[0]: 1 of 2 rotation keys were not of unit length");
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void channels_left_out_and_durations(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "here");
    gltf_tb_node(&tb, "elsewhere");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 1));
    const float short_times[] = {0, 1}, long_times[] = {0, 5}, zero[] = {0};
    const float v[] = {1, 2, 3, 4, 5, 6};
    uint32_t s = gltf_tb_floats(&tb, short_times, 2, "SCALAR"), l = gltf_tb_floats(&tb, long_times, 2, "SCALAR");
    uint32_t values = gltf_tb_floats(&tb, v, 2, "VEC3");
    uint32_t a = gltf_tb_animation(&tb, "mixed");
    gltf_tb_channel(&tb, a, 0, "translation", s, values, NULL);
    gltf_tb_channel(&tb, a, 1, "translation", l, values, NULL);  /* not in the default scene */
    gltf_tb_channel(&tb, a, 0, "visibility", l, values, NULL);   /* a path not driven */
    gltf_tb_channel(&tb, a, -1, "translation", l, values, NULL); /* no node */
    uint32_t b = gltf_tb_animation(&tb, "frozen");
    gltf_tb_channel(&tb, b, 0, "translation", gltf_tb_floats(&tb, zero, 1, "SCALAR"), gltf_tb_floats(&tb, v, 1, "VEC3"), NULL);
    uint32_t c = gltf_tb_animation(&tb, "away");
    gltf_tb_channel(&tb, c, 1, "scale", s, values, NULL);
    ta_model *model = load(&tb);
    /* Animation i stays clip i: none is dropped. */
    assert_int_equal(model->animation_count, 3);
    const ta_clip *clip = model->animations[0];
    assert_int_equal(ta_clip_track_count(clip), 1);
    /* As long as three.js's clip, whose tracks on "elsewhere" and on the
     * undriven path count too (the channel without a node it skips). */
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 5.0, 1e-9);
    /* A held pose: one key, no length, kept as three.js keeps it. */
    assert_string_equal(ta_clip_name(model->animations[1]), "frozen");
    assert_int_equal(ta_clip_track_count(model->animations[1]), 1);
    assert_true(ta_clip_duration(model->animations[1]).seconds == 0.0);
    /* Every channel on a node of another scene: no track, three.js's length. */
    assert_string_equal(ta_clip_name(model->animations[2]), "away");
    assert_int_equal(ta_clip_track_count(model->animations[2]), 0);
    TA_ASSERT_NEAR(ta_clip_duration(model->animations[2]).seconds, 1.0, 1e-9);
    static const struct {
        ta_load_warning_code code;
        const char *path, *line;
    } want[] = {
        {TA_LOAD_WARNING_CODE_NOT_IN_SCENE, "animations[0].channels[1].target.node",
         "animations[0].channels[1].target.node: node 1 is not in the loaded scene; left out"},
        {TA_LOAD_WARNING_CODE_UNKNOWN_PATH, "animations[0].channels[2].target.path",
         "animations[0].channels[2].target.path: \"visibility\" is not a path this library drives; left out"},
        {TA_LOAD_WARNING_CODE_NO_TARGET, "animations[0].channels[3].target",
         "animations[0].channels[3].target: has no node; left out"},
        {TA_LOAD_WARNING_CODE_NOT_IN_SCENE, "animations[2].channels[0].target.node",
         "animations[2].channels[0].target.node: node 1 is not in the loaded scene; left out"},
        {TA_LOAD_WARNING_CODE_NO_TRACKS, "animations[2]",
         "animations[2]: \"away\" has no channel this library can drive; its clip is kept with no tracks"},
    };
    assert_int_equal(model->warning_count, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
        assert_int_equal(model->warning_list[i].code, want[i].code);
        assert_string_equal(model->warning_list[i].path, want[i].path);
        assert_string_equal(model->warnings[i], want[i].line);
    }
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void broken_samplers_and_channels_are_left_out(void **state)
{
    (void)state;
    for (int c = 0; c < 10; ++c) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        gltf_tb_node(&tb, "n");
        gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
        float times[] = {0, 1};
        float v[] = {1, 2, 3, 4, 5, 6};
        if (c == 0) times[1] = 0;
        if (c == 1) times[0] = 2;
        if (c == 2) v[4] = NAN;
        uint32_t in = gltf_tb_floats(&tb, times, c == 3 ? 1 : 2, c == 3 ? "VEC2" : "SCALAR");
        uint32_t out = gltf_tb_floats(&tb, v, c == 4 ? 1 : 2, c == 4 ? "VEC4" : "VEC3");
        uint32_t a = gltf_tb_animation(&tb, NULL);
        gltf_tb_channel(&tb, a, 0, "translation", in, out, c == 5 ? "SMOOTH" : c == 6 ? "CUBICSPLINE" : NULL);
        json_t *ch = json_array_get(json_object_get(gltf_tb_get(&tb, "animations", a), "channels"), 0);
        json_t *sm = json_array_get(json_object_get(gltf_tb_get(&tb, "animations", a), "samplers"), 0);
        if (c == 7) json_object_set_new(ch, "sampler", json_integer(3));
        if (c == 8) json_object_del(json_object_get(ch, "target"), "path");
        if (c == 9) json_object_set_new(sm, "output", json_integer(40));
        static const struct {
            ta_result code;
            const char *needle;
        } want[] = {
            {TA_ERROR_BAD_TIMES, "animations[0].channels[0] (animations[0].samplers[0]): times: key 1"},
            {TA_ERROR_BAD_TIMES, "animations[0].channels[0] (animations[0].samplers[0]): times: key 1"},
            {TA_ERROR_NOT_A_NUMBER, "animations[0].channels[0] (animations[0].samplers[0]): values: key 1 number 1"},
            {TA_ERROR_PARSE, "animations[0].samplers[0].input: accessor 0 holds 2 numbers per element, not one time"},
            {TA_ERROR_UNSUPPORTED, "animations[0].channels[0]: translation fed by animations[0].samplers[0], whose "
                                   "output holds 4 numbers per element, not 3 (VEC3); left out"},
            {TA_ERROR_PARSE, "animations[0].samplers[0].interpolation: \"SMOOTH\" is not LINEAR, STEP or CUBICSPLINE"},
            {TA_ERROR_PARSE, "output holds 6 numbers, not 9 per key for 2 keys"},
            {TA_ERROR_PARSE, "animations[0].channels[0].sampler: 3 is not below the 1 samplers of the animation"},
            {TA_ERROR_PARSE, "animations[0].channels[0].target.path: is missing"},
            {TA_ERROR_PARSE, "animations[0].samplers[0].output: 40 is not below the 2 accessors"},
        };
        check_left_out(&tb, want[c].code, c == 4 ? TA_LOAD_WARNING_CODE_OUTPUT_TYPE : TA_LOAD_WARNING_CODE_BAD_CHANNEL,
                       want[c].needle);
        gltf_tb_free(&tb);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(interpolations_and_cubic_spline_triples),
        cmocka_unit_test(the_weights_traversal),
        cmocka_unit_test(cubic_spline_weights_split_their_tangents),
        cmocka_unit_test(rotations_not_of_unit_length_are_normalized),
        cmocka_unit_test(channels_left_out_and_durations),
        cmocka_unit_test(broken_samplers_and_channels_are_left_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
