/* The glTF loader on files as exporters write them: keys before time 0 cut at
 * 0 with three.js's values after it, held poses kept as pose clips that play
 * as three.js plays them, clips that keep their index whatever is left out,
 * every warning (code, path, text) one by one, options.strict, and loading a
 * scene other than the default one. Expected numbers are worked out by hand
 * from three.js's interpolants (LinearInterpolant, DiscreteInterpolant,
 * GLTFCubicSplineInterpolant). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "ta_test_build.h"
#include "threeanim/threeanim.h"

static ta_model *load(gltf_tb *tb)
{
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    return model;
}


static uint32_t mesh_with_targets(gltf_tb *tb, int targets)
{
    static const float v[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    json_t *prim = json_pack("{s:{s:i}}", "attributes", "POSITION", gltf_tb_floats(tb, v, 3, "VEC3"));
    json_t *t = json_array();
    for (int k = 0; k < targets; ++k)
        json_array_append_new(t, json_pack("{s:i}", "POSITION", gltf_tb_floats(tb, v, 3, "VEC3")));
    json_object_set_new(prim, "targets", t);
    return gltf_tb_add(tb, "meshes", json_pack("{s:[o]}", "primitives", prim));
}

static void sample(const ta_track *t, double at, float *out, uint32_t n)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_sample(t, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, out, n, &err), &err);
}

/* One node "n" in scene 0, one animation with one channel on it. */
static void one_channel_file(gltf_tb *tb, const char *path, const float *times, uint32_t keys, const float *values,
                             uint32_t elements, const char *type, const char *interpolation)
{
    gltf_tb_init(tb);
    gltf_tb_node(tb, "n");
    gltf_tb_add(tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    gltf_tb_channel(tb, gltf_tb_animation(tb, "a"), 0, path, gltf_tb_floats(tb, times, keys, "SCALAR"),
            gltf_tb_floats(tb, values, elements, type), interpolation);
}

static void check_cut_warning(const ta_model *model, const char *from)
{
    assert_int_equal(model->warning_count, 1);
    assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_KEYS_BEFORE_ZERO);
    assert_string_equal(model->warning_list[0].path, "animations[0].channels[0]");
    TA_ASSERT_CONTAINS(model->warnings[0], from);
}

static void linear_keys_before_zero_are_cut_at_zero(void **state)
{
    (void)state;
    gltf_tb tb;
    const float times[] = {-2, -1, 1, 3};
    const float v[] = {9, 9, 9, 0, 0, 0, 2, 4, -2, 4, 0, 0};
    one_channel_file(&tb, "translation", times, 4, v, 4, "VEC3", NULL);
    ta_model *model = load(&tb);
    check_cut_warning(model, "keys from -2 s; cut at 0");
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    /* The key at 0 is halfway from (0,0,0) at -1 to (2,4,-2) at 1. */
    assert_int_equal(ta_track_key_count(t), 3);
    const float want_times[] = {0, 1, 3}, want_values[] = {1, 2, -1, 2, 4, -2, 4, 0, 0};
    assert_memory_equal(ta_track_times(t), want_times, sizeof want_times);
    assert_memory_equal(ta_track_values(t), want_values, sizeof want_values);
    /* three.js at 0.5: 3/4 of the way from -1 to 1. */
    float at[3];
    sample(t, 0.5, at, 3);
    TA_ASSERT_NEAR(at[0], 1.5, 1e-6);
    TA_ASSERT_NEAR(at[1], 3.0, 1e-6);
    TA_ASSERT_NEAR(at[2], -1.5, 1e-6);
    /* The clip lasts as long as three.js's: the last key. */
    TA_ASSERT_NEAR(ta_clip_duration(model->animations[0]).seconds, 3.0, 1e-9);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void rotations_and_steps_before_zero(void **state)
{
    (void)state;
    gltf_tb tb;
    /* A quarter turn about z from -1 to 1: at 0 the slerp is an eighth turn. */
    const float times[] = {-1, 1};
    const float s = (float)sqrt(0.5);
    const float q[] = {0, 0, 0, 1, 0, 0, s, s};
    one_channel_file(&tb, "rotation", times, 2, q, 2, "VEC4", NULL);
    ta_model *model = load(&tb);
    check_cut_warning(model, "keys from -1 s");
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    const float *v = ta_track_values(t);
    TA_ASSERT_NEAR(v[2], sin(PI / 8), 1e-6);
    TA_ASSERT_NEAR(v[3], cos(PI / 8), 1e-6);
    float at[4];
    sample(t, 0.5, at, 4); /* 3/4 of the quarter turn: 3/16 of a turn */
    TA_ASSERT_NEAR(at[2], sin(3 * PI / 16), 1e-6);
    TA_ASSERT_NEAR(at[3], cos(3 * PI / 16), 1e-6);
    ta_model_destroy(model);
    gltf_tb_free(&tb);

    /* STEP: at 0 the key before 0 holds. */
    const float st[] = {-0.5f, 0.25f}, sv[] = {1, 1, 1, 5, 5, 5};
    one_channel_file(&tb, "scale", st, 2, sv, 2, "VEC3", "STEP");
    model = load(&tb);
    t = ta_clip_track(model->animations[0], 0);
    const float want_t[] = {0, 0.25f}, want_v[] = {1, 1, 1, 5, 5, 5};
    assert_memory_equal(ta_track_times(t), want_t, sizeof want_t);
    assert_memory_equal(ta_track_values(t), want_v, sizeof want_v);
    ta_model_destroy(model);
    gltf_tb_free(&tb);

    /* A key at exactly 0 after keys before it: those are dropped, no key added. */
    const float zt[] = {-1, 0, 1}, zv[] = {7, 7, 7, 1, 2, 3, 4, 5, 6};
    one_channel_file(&tb, "translation", zt, 3, zv, 3, "VEC3", NULL);
    model = load(&tb);
    t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    assert_memory_equal(ta_track_values(t), zv + 3, 6 * sizeof(float));
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void cubic_splines_are_split_at_zero(void **state)
{
    (void)state;
    gltf_tb tb;
    /* One weight from 0 at -1 to 1 at 1, flat at both ends (tangents 0):
     * GLTFCubicSplineInterpolant gives p(s) = 3s^2 - 2s^3 over s = (t + 1) / 2,
     * 1/2 at 0 with slope 6s(1 - s) / 2 = 0.75 per second. */
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", mesh_with_targets(&tb, 1)));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    const float times[] = {-1, 1};
    const float v[] = {0, 0, 0, 0, 1, 0}; /* in, value, out per key */
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, NULL), 0, "weights", gltf_tb_floats(&tb, times, 2, "SCALAR"),
            gltf_tb_floats(&tb, v, 6, "SCALAR"), "CUBICSPLINE");
    ta_model *model = load(&tb);
    check_cut_warning(model, "keys from -1 s");
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    TA_ASSERT_NEAR(ta_track_values(t)[0], 0.5, 1e-7);
    TA_ASSERT_NEAR(ta_track_in_tangents(t)[0], 0.75, 1e-7);
    TA_ASSERT_NEAR(ta_track_out_tangents(t)[0], 0.75, 1e-7);
    /* Every sample after 0 is the uncut curve's. */
    for (int k = 0; k <= 10; ++k) {
        double at = k / 10.0, s = (at + 1) / 2;
        float got;
        sample(t, at, &got, 1);
        TA_ASSERT_NEAR(got, 3 * s * s - 2 * s * s * s, 1e-6);
    }
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* A mixer playing clip 0 of the model on its scene with the loop mode given;
 * returns the events of the update of dt. */
static uint32_t play_step(ta_model *model, ta_mixer *mixer, double dt, ta_animation_event *ev, uint32_t cap)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(mixer, model->scene, ta_duration_from_seconds(dt), &err), &err);
    return ta_mixer_drain_events(mixer, ev, cap);
}

static void held_poses_are_pose_clips(void **state)
{
    (void)state;
    gltf_tb tb;
    /* Every key before 0: one key at 0 holding the last one; the clip lasts
     * no time, as three.js's (the longest track ends at max(0, -0.5)). */
    const float times[] = {-1, -0.5f}, v[] = {1, 1, 1, 3, 4, 5};
    one_channel_file(&tb, "translation", times, 2, v, 2, "VEC3", NULL);
    ta_model *model = load(&tb);
    check_cut_warning(model, "keys from -1 s");
    const ta_clip *clip = model->animations[0];
    assert_true(ta_clip_duration(clip).seconds == 0.0);
    const ta_track *t = ta_clip_track(clip, 0);
    assert_int_equal(ta_track_key_count(t), 1);
    assert_memory_equal(ta_track_values(t), v + 3, 3 * sizeof(float));

    ta_error err = {0};
    for (int mode = 0; mode < 2; ++mode) {
        ta_mixer *mixer = NULL;
        ta_action *action = NULL;
        mixer = ta_test_mixer(ta_node_none());
        TA_ASSERT_OK(ta_action_create(model->animations[0], NULL, &action, &err), &err);
        TA_ASSERT_OK(ta_action_set_loop(action, mode ? TA_LOOP_MODE_ONCE : TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, &err), &err);
        TA_ASSERT_OK(ta_mixer_add(mixer, action, ta_node_none(), NULL, &err), &err);
        TA_ASSERT_OK(ta_action_play(action, &err), &err);
        ta_animation_event ev[4];
        assert_int_equal(play_step(model, mixer, 0, ev, 4), 0);
        const ta_node *n = ta_scene_node(model->scene, model->source_nodes[0]);
        assert_true(n->position.x == 3 && n->position.y == 4 && n->position.z == 5);
        uint32_t got = play_step(model, mixer, 0.25, ev, 4);
        if (mode == 0) {
            /* The pose holds at time 0 and no loop is sent. */
            assert_int_equal(got, 0);
            assert_true(ta_action_time(action).seconds == 0.0);
            assert_true(n->position.x == 3 && n->position.y == 4 && n->position.z == 5);
            assert_int_equal(play_step(model, mixer, 10, ev, 4), 0);
            assert_true(n->position.z == 5);
        } else {
            /* Played once it finishes at its first step, as three.js's. */
            assert_int_equal(got, 1);
            assert_int_equal(ev[0].kind, TA_EVENT_KIND_FINISHED);
        }
        ta_mixer_destroy(mixer);
    }
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void every_morph_target_is_kept_and_driven(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", mesh_with_targets(&tb, 52)));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    const float times[] = {0, 1};
    float w[104];
    for (int k = 0; k < 52; ++k) {
        w[k] = 0;
        w[52 + k] = (float)(k + 1) / 64;
    }
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, "face"), 0, "weights", gltf_tb_floats(&tb, times, 2, "SCALAR"),
            gltf_tb_floats(&tb, w, 104, "SCALAR"), NULL);
    ta_model *model = load(&tb);
    assert_int_equal(model->warning_count, 0);
    const ta_mesh *mesh = &model->scene->meshes[0];
    assert_int_equal(mesh->morph_count, 52);
    assert_string_equal(mesh->morph_names[51], "51");
    assert_int_equal(ta_clip_track_count(model->animations[0]), 52);
    ta_error err = {0};
    ta_mixer *mixer = NULL;
    ta_action *action = NULL;
    mixer = ta_test_mixer(ta_node_none());
    TA_ASSERT_OK(ta_action_create(model->animations[0], NULL, &action, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(mixer, action, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_play(action, &err), &err);
    ta_animation_event ev[2];
    play_step(model, mixer, 0, ev, 2);
    play_step(model, mixer, 0.5, ev, 2);
    /* Halfway: half of each target's last weight, the 52nd included. */
    TA_ASSERT_NEAR(mesh->morph_influences[8], 9.0 / 128, 1e-6);
    TA_ASSERT_NEAR(mesh->morph_influences[51], 52.0 / 128, 1e-6);
    ta_mixer_destroy(mixer);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* Every channel that cannot be used, one by one: each is left out with its
 * warning, and the clips after it keep their index. */
static void every_channel_left_out_keeps_the_clip_indices(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "n");                                                           /* 0 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", mesh_with_targets(&tb, 3))); /* 1 */
    gltf_tb_node(&tb, "other");                                                       /* 2 */
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i,i]}", "nodes", 0, 1));
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 2));
    const float times[] = {0, 1}, v[] = {1, 2, 3, 4, 5, 6};
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR");
    uint32_t vec3 = gltf_tb_floats(&tb, v, 2, "VEC3");
    const int16_t shorts[] = {1, 2, 3, 4, 5, 6};
    uint32_t ints = gltf_tb_accessor(&tb, (int)gltf_tb_view(&tb, shorts, sizeof shorts, 0), 0, 5122, "VEC3", 2, false);
    const float w2[] = {0, 1, 1, 0};
    uint32_t two = gltf_tb_floats(&tb, w2, 4, "SCALAR");
    static const struct {
        const char *path;
        int node;
        int output; /* 0: vec3, 1: ints, 2: two weights per key */
        ta_load_warning_code code;
        const char *where, *what;
    } cases[] = {
        {"translation", 0, 1, TA_LOAD_WARNING_CODE_INTEGER_OUTPUT, "animations[0].channels[0]",
         "translation fed by animations[0].samplers[0], whose output holds integers that are not normalized; left "
         "out"},
        {"scale", 0, 1, TA_LOAD_WARNING_CODE_INTEGER_OUTPUT, "animations[1].channels[0]", "scale fed by"},
        {"weights", 1, 0, TA_LOAD_WARNING_CODE_OUTPUT_TYPE, "animations[2].channels[0]",
         "weights fed by animations[2].samplers[0], whose output holds 3 numbers per element, not one (SCALAR); left "
         "out"},
        {"weights", 1, 2, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT, "animations[3].channels[0]",
         "animations[3].samplers[0] holds 2 weights per key, fewer than the 3 morph targets of a mesh it drives; "
         "left out"},
        {"rotation", 0, 0, TA_LOAD_WARNING_CODE_OUTPUT_TYPE, "animations[4].channels[0]",
         "rotation fed by animations[4].samplers[0], whose output holds 3 numbers per element, not 4 (VEC4)"},
        {"translation", 2, 0, TA_LOAD_WARNING_CODE_NOT_IN_SCENE, "animations[5].channels[0].target.node",
         "node 2 is not in the loaded scene; left out"},
        {"weights", 0, 2, TA_LOAD_WARNING_CODE_NO_TARGET, "animations[6].channels[0]",
         "node 0 has no mesh with morph targets for its weights; left out"},
        {"pointer", 0, 0, TA_LOAD_WARNING_CODE_UNKNOWN_PATH, "animations[7].channels[0].target",
         "path \"pointer\" without a KHR_animation_pointer pointer; left out"},
    };
    const size_t n = sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < n; ++c) {
        uint32_t a = gltf_tb_animation(&tb, NULL);
        gltf_tb_channel(&tb, a, cases[c].node, cases[c].path, in, cases[c].output == 0 ? vec3 : cases[c].output == 1 ? ints : two,
                NULL);
        gltf_tb_channel(&tb, a, 0, "translation", in, vec3, NULL); /* a good one beside it */
    }
    uint32_t last = gltf_tb_animation(&tb, "last");
    gltf_tb_channel(&tb, last, 0, "translation", in, vec3, NULL);
    ta_model *model = load(&tb);
    assert_int_equal(model->animation_count, n + 1);
    assert_string_equal(ta_clip_name(model->animations[n]), "last");
    assert_int_equal(model->warning_count, n);
    for (size_t c = 0; c < n; ++c) {
        const ta_clip *clip = model->animations[c];
        assert_int_equal(ta_clip_track_count(clip), 1);
        assert_int_equal(ta_track_target_of(ta_clip_track(clip, 0)).kind, TA_TRACK_KIND_POSITION);
        assert_int_equal(model->warning_list[c].code, cases[c].code);
        assert_string_equal(model->warning_list[c].path, cases[c].where);
        TA_ASSERT_CONTAINS(model->warning_list[c].what, cases[c].what);
        static const char *const names[] = {"OTHER",        "KEYS_BEFORE_ZERO", "NOT_IN_SCENE", "NO_TARGET",
                                            "UNKNOWN_PATH", "WEIGHTS_COUNT",    "OUTPUT_TYPE",  "INTEGER_OUTPUT"};
        assert_string_equal(ta_load_warning_name(cases[c].code), names[cases[c].code]);
    }
    assert_string_equal(ta_load_warning_name(TA_LOAD_WARNING_CODE_COUNT), "?");
    /* Warnings from the scene's parts name their path too. */
    gltf_tb scene_tb;
    gltf_tb_init(&scene_tb);
    gltf_tb_add(&scene_tb, "nodes", json_pack("{s:[i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i]}", "matrix", 0, 0, 0, 0, 0, 0, 0,
                                              0, 0, 0, 0, 0, 0, 0, 0, 1));
    gltf_tb_add(&scene_tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    ta_model *zero = load(&scene_tb);
    assert_int_equal(zero->warning_count, 1);
    assert_int_equal(zero->warning_list[0].code, TA_LOAD_WARNING_CODE_OTHER);
    assert_string_equal(zero->warning_list[0].path, "nodes[0].matrix");
    TA_ASSERT_CONTAINS(zero->warning_list[0].what, "has a zero determinant");
    const char *line = "nodes[0].matrix: has a zero determinant";
    assert_true(strncmp(zero->warnings[0], line, strlen(line)) == 0);
    ta_model_destroy(zero);
    gltf_tb_free(&scene_tb);
    ta_model_destroy(model);

    /* With options.strict the first warning refuses the file. */
    ta_load_options strict = {0};
    strict.strict = true;
    ta_error err = {0};
    model = (ta_model *)(uintptr_t)0x1;
    TA_ASSERT_REFUSED(gltf_tb_load(&tb, GLTF_TB_GLB, &strict, &model, &err), &err, TA_ERROR_UNSUPPORTED,
                      "options->strict: animations[0].channels[0]: translation fed by animations[0].samplers[0], whose "
                      "output holds integers that are not normalized; left out (warning INTEGER_OUTPUT; 8 warnings in "
                      "all)");
    assert_ptr_equal(model, (ta_model *)(uintptr_t)0x1);
    gltf_tb_free(&tb);

    /* A file with no warning loads the same with strict. */
    one_channel_file(&tb, "translation", times, 2, v, 2, "VEC3", NULL);
    model = NULL;
    TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, &strict, &model, &err), &err);
    assert_int_equal(model->warning_count, 0);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 1);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* Rotation keys stored as integers: normalized SHORT is glTF's, read as q / 32767 (keys that are
 * then not of unit length made so, with the usual warning); SHORT not normalized (not allowed by
 * glTF) is read as the integers and each key made of unit length, the turn its integers name, with a
 * warning that says so; options.strict refuses it. */
static void integer_rotations(void **state)
{
    (void)state;
    for (int normalized = 0; normalized < 2; ++normalized) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        gltf_tb_node(&tb, "n");
        gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
        const float times[] = {0, 1, 2};
        /* unit as integers; (0, 3, 0, 4) of length 5; 32767 along w */
        const int16_t q[] = {0, 0, 0, 1, 0, 3, 0, 4, 0, 0, 0, 32767};
        uint32_t out = gltf_tb_accessor(&tb, (int)gltf_tb_view(&tb, q, sizeof q, 0), 0, 5122, "VEC4", 3, normalized != 0);
        gltf_tb_channel(&tb, gltf_tb_animation(&tb, "a"), 0, "rotation", gltf_tb_floats(&tb, times, 3, "SCALAR"), out,
                        NULL);
        ta_model *model = load(&tb);
        const ta_track *t = ta_clip_track(model->animations[0], 0);
        const float *v = ta_track_values(t);
        if (normalized) {
            assert_int_equal(model->warning_count, 1); /* the first two keys, fractions of 32767, are not unit: made so */
            assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_ROTATION_NORMALIZED);
            TA_ASSERT_CONTAINS(model->warnings[0], "2 of 3 rotation keys were not of unit length and were normalized");
            assert_float_equal(v[11], 1.0f, 0);
        } else {
            assert_int_equal(model->warning_count, 1);
            assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_ROTATION_NORMALIZED);
            assert_string_equal(model->warning_list[0].path, "animations[0].channels[0]");
            assert_string_equal(model->warning_list[0].what,
                                "rotation fed by animations[0].samplers[0], whose output holds integers that are not "
                                "normalized (glTF allows them only normalized): 2 of 3 keys made of unit length, the "
                                "turn their integers name");
            const float want[] = {0, 0, 0, 1, 0, 0.6f, 0, 0.8f, 0, 0, 0, 1};
            for (int i = 0; i < 12; ++i) assert_float_equal(v[i], want[i], 1e-7);
            ta_load_options strict = {0};
            strict.strict = true;
            ta_error err = {0};
            ta_model *none = (ta_model *)(uintptr_t)0x1;
            TA_ASSERT_REFUSED(gltf_tb_load(&tb, GLTF_TB_GLB, &strict, &none, &err), &err, TA_ERROR_UNSUPPORTED,
                              "options->strict: animations[0].channels[0]: rotation fed by animations[0].samplers[0], "
                              "whose output holds integers that are not normalized");
            assert_ptr_equal(none, (ta_model *)(uintptr_t)0x1);
        }
        ta_model_destroy(model);
        gltf_tb_free(&tb);
    }
}

static void a_broken_animation_keeps_its_place(void **state)
{
    (void)state;
    gltf_tb tb;
    const float times[] = {0, 1}, v[] = {1, 2, 3, 4, 5, 6};
    one_channel_file(&tb, "translation", times, 2, v, 2, "VEC3", NULL);
    gltf_tb_add(&tb, "animations", json_pack("{s:s,s:i}", "name", "broken", "channels", 3));
    gltf_tb_add(&tb, "animations", json_pack("{s:s,s:[],s:[]}", "name", "after", "channels", "samplers"));
    ta_model *model = load(&tb);
    assert_int_equal(model->animation_count, 3);
    assert_string_equal(ta_clip_name(model->animations[1]), "broken");
    assert_int_equal(ta_clip_track_count(model->animations[1]), 0);
    assert_true(ta_clip_duration(model->animations[1]).seconds == 0.0);
    assert_string_equal(ta_clip_name(model->animations[2]), "after");
    assert_int_equal(model->warning_count, 2);
    assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_BAD_ANIMATION);
    assert_string_equal(model->warning_list[0].path, "animations[1]");
    TA_ASSERT_CONTAINS(model->warning_list[0].what, "animations[1].channels: is a number, not an array");
    TA_ASSERT_CONTAINS(model->warning_list[0].what, "(PARSE); its clip is kept with no tracks");
    assert_int_equal(model->warning_list[1].code, TA_LOAD_WARNING_CODE_NO_TRACKS);
    assert_string_equal(model->warnings[1],
                        "animations[2]: \"after\" has no channel this library can drive; its clip is kept with no "
                        "tracks");
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* Two nodes "Cube" and one "Cube_1" are named "Cube", "Cube_1", "Cube_1" as
 * three.js names them; three.js binds its tracks by name, so both channels on
 * a "Cube_1" drive one node. Here each channel drives its own node. */
static void channels_bind_by_node_index_when_names_collide(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "Cube");
    gltf_tb_node(&tb, "Cube");
    gltf_tb_node(&tb, "Cube_1");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i,i,i]}", "nodes", 0, 1, 2));
    const float times[] = {0, 1}, v[] = {1, 2, 3, 4, 5, 6};
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR"), out = gltf_tb_floats(&tb, v, 2, "VEC3");
    uint32_t a = gltf_tb_animation(&tb, NULL);
    gltf_tb_channel(&tb, a, 1, "translation", in, out, NULL);
    gltf_tb_channel(&tb, a, 2, "scale", in, out, NULL);
    ta_model *model = load(&tb);
    const ta_scene *s = model->scene;
    assert_string_equal(s->nodes[model->source_nodes[1].index].name, "Cube_1");
    assert_string_equal(s->nodes[model->source_nodes[2].index].name, "Cube_1");
    const ta_clip *clip = model->animations[0];
    assert_int_equal(ta_track_target_of(ta_clip_track(clip, 0)).index, model->source_nodes[1].index);
    assert_int_equal(ta_track_target_of(ta_clip_track(clip, 1)).index, model->source_nodes[2].index);
    assert_true(model->source_nodes[1].index != model->source_nodes[2].index);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void another_scene_can_be_loaded(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "first");
    gltf_tb_node(&tb, "second");
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:[i]}", "name", "second_root", "children", 1));
    gltf_tb_add(&tb, "scenes", json_pack("{s:s,s:[i]}", "name", "A", "nodes", 0));
    gltf_tb_add(&tb, "scenes", json_pack("{s:s,s:[i]}", "name", "B", "nodes", 2));
    const float times[] = {0, 1}, v[] = {1, 2, 3, 4, 5, 6};
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR"), out = gltf_tb_floats(&tb, v, 2, "VEC3");
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, "on_first"), 0, "translation", in, out, NULL);
    gltf_tb_channel(&tb, gltf_tb_animation(&tb, "on_second"), 1, "translation", in, out, NULL);
    ta_load_options o = {0};
    o.gltf_scene = 2; /* scenes[1] */
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, &o, &model, &err), &err);
    assert_string_equal(model->scene->name, "B");
    assert_int_equal(model->scene->node_count, 2);
    assert_int_equal(model->source_node_count, 3);
    assert_true(ta_node_is_none(model->source_nodes[0]));
    assert_string_equal(ta_scene_node(model->scene, model->source_nodes[1])->name, "second");
    assert_string_equal(ta_scene_node(model->scene, model->source_nodes[2])->name, "second_root");
    uint32_t back = 99;
    TA_ASSERT_OK(ta_model_source_node(model, model->source_nodes[1], &back, &err), &err);
    assert_int_equal(back, 1);
    /* Both clips, in file order; the one on scene A's node has no track. */
    assert_int_equal(model->animation_count, 2);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 0);
    assert_int_equal(ta_clip_track_count(model->animations[1]), 1);
    assert_int_equal(ta_track_target_of(ta_clip_track(model->animations[1], 0)).index,
                     model->source_nodes[1].index);
    ta_model_destroy(model);

    /* The default: scene 0. */
    model = load(&tb);
    assert_string_equal(model->scene->name, "A");
    TA_ASSERT_REFUSED(ta_model_source_node(model, ta_node_none(), &back, &err), &err, TA_ERROR_NOT_FOUND, "node");
    ta_model_destroy(model);

    o.gltf_scene = 3;
    model = (ta_model *)(uintptr_t)0x1;
    TA_ASSERT_REFUSED(gltf_tb_load(&tb, GLTF_TB_GLB, &o, &model, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "options->gltf_scene: 3 asks for scenes[2], but the file has 2 scenes");
    assert_ptr_equal(model, (ta_model *)(uintptr_t)0x1);
    gltf_tb_free(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear_keys_before_zero_are_cut_at_zero),
        cmocka_unit_test(rotations_and_steps_before_zero),
        cmocka_unit_test(cubic_splines_are_split_at_zero),
        cmocka_unit_test(held_poses_are_pose_clips),
        cmocka_unit_test(every_morph_target_is_kept_and_driven),
        cmocka_unit_test(every_channel_left_out_keeps_the_clip_indices),
        cmocka_unit_test(integer_rotations),
        cmocka_unit_test(a_broken_animation_keeps_its_place),
        cmocka_unit_test(channels_bind_by_node_index_when_names_collide),
        cmocka_unit_test(another_scene_can_be_loaded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
