/* Every Khronos sample in TA_SAMPLES_DIR loads, with the clips, tracks, keys
 * and durations that the samples' INDEX.md reads from their JSON. Skipped
 * (exit 77, saying so) when the folder is not there. (tests/conformance/gltf
 * compares the same files with three.js's GLTFLoader number by number.) */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"
#include "threeanim/gltf.h"

typedef struct sample_clip {
    const char *name;
    uint32_t tracks;
    uint32_t keys;   /* of every track */
    double duration; /* 0: not checked */
    ta_interpolation interpolation;
} sample_clip;

typedef struct sample {
    const char *path;
    uint32_t clip_count;
    sample_clip clips[9];
} sample;

/* InterpolationTest's nine clips, the same in its .glb and its .gltf. */
#define INTERPOLATION_TEST_CLIPS                                                  \
    {{"Step Scale", 1, 5, 1.6667, TA_INTERPOLATION_STEP},                         \
     {"Linear Scale", 1, 5, 1.6667, TA_INTERPOLATION_LINEAR},                     \
     {"CubicSpline Scale", 1, 5, 1.6667, TA_INTERPOLATION_CUBIC_SPLINE},          \
     {"Step Rotation", 1, 5, 1.7083, TA_INTERPOLATION_STEP},                      \
     {"CubicSpline Rotation", 1, 5, 1.7083, TA_INTERPOLATION_CUBIC_SPLINE},       \
     {"Linear Rotation", 1, 5, 1.7083, TA_INTERPOLATION_LINEAR},                  \
     {"Step Translation", 1, 5, 1.7083, TA_INTERPOLATION_STEP},                   \
     {"CubicSpline Translation", 1, 5, 1.6667, TA_INTERPOLATION_CUBIC_SPLINE},    \
     {"Linear Translation", 1, 5, 1.6667, TA_INTERPOLATION_LINEAR}}

static const sample samples[] = {
    {"AnimatedTriangle/glTF/AnimatedTriangle.gltf", 1, {{"animation_0", 1, 5, 1.0, TA_INTERPOLATION_LINEAR}}},
    {"AnimatedCube/glTF/AnimatedCube.gltf", 1, {{"animation_AnimatedCube", 1, 3, 2.0, TA_INTERPOLATION_LINEAR}}},
    {"BoxAnimated/glTF-Binary/BoxAnimated.glb", 1, {{"animation_0", 2, 0, 3.708, TA_INTERPOLATION_LINEAR}}},
    {"InterpolationTest/glTF-Binary/InterpolationTest.glb", 9, INTERPOLATION_TEST_CLIPS},
    {"InterpolationTest/glTF/InterpolationTest.gltf", 9, INTERPOLATION_TEST_CLIPS},
    {"AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb", 1, {{"Square", 2, 127, 4.199997, TA_INTERPOLATION_LINEAR}}},
    {"AnimatedMorphCube/glTF-Quantized/AnimatedMorphCube.gltf", 1, {{"Square", 2, 127, 4.2, TA_INTERPOLATION_LINEAR}}},
    {"AnimatedMorphSphere/glTF-Binary/AnimatedMorphSphere.glb", 1, {{"Globe", 2, 217, 7.2, TA_INTERPOLATION_LINEAR}}},
    {"SimpleMorph/glTF/SimpleMorph.gltf", 1, {{"animation_0", 2, 5, 4.0, TA_INTERPOLATION_LINEAR}}},
    {"MorphPrimitivesTest/glTF-Binary/MorphPrimitivesTest.glb", 0, {{NULL, 0, 0, 0, TA_INTERPOLATION_LINEAR}}},
    {"MorphStressTest/glTF-Binary/MorphStressTest.glb",
     3,
     {{"Individuals", 16, 281, 0, TA_INTERPOLATION_LINEAR}, {"TheWave", 16, 59, 0, TA_INTERPOLATION_LINEAR}, {"Pulse", 16, 191, 0, TA_INTERPOLATION_LINEAR}}},
    {"SimpleSkin/glTF/SimpleSkin.gltf", 1, {{"animation_0", 1, 12, 5.5, TA_INTERPOLATION_LINEAR}}},
    {"RiggedSimple/glTF-Binary/RiggedSimple.glb", 1, {{"animation_0", 3, 50, 2.0833, TA_INTERPOLATION_LINEAR}}},
    {"RiggedFigure/glTF-Binary/RiggedFigure.glb", 1, {{"animation_0", 57, 2, 1.25, TA_INTERPOLATION_LINEAR}}},
    {"CesiumMan/glTF-Binary/CesiumMan.glb", 1, {{"animation_0", 57, 48, 2.0, TA_INTERPOLATION_LINEAR}}},
    {"Fox/glTF-Binary/Fox.glb",
     3,
     {{"Survey", 21, 83, 3.417, TA_INTERPOLATION_LINEAR}, {"Walk", 21, 18, 0.708, TA_INTERPOLATION_LINEAR}, {"Run", 21, 25, 1.158, TA_INTERPOLATION_LINEAR}}},
    {"BrainStem/glTF-Binary/BrainStem.glb", 1, {{"animation_0", 57, 1309, 34.88, TA_INTERPOLATION_LINEAR}}},
};

static ta_model *load_sample(const char *rel, bool *skipped)
{
    char buf[1024];
    const char *full = ta_test_samples_path(rel, buf, sizeof buf);
    *skipped = full == NULL;
    if (full == NULL) return NULL;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(full, NULL, &model, &err), &err);
    return model;
}

static void every_sample_loads_with_its_clips(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof samples / sizeof samples[0]; ++s) {
        bool skipped;
        ta_model *model = load_sample(samples[s].path, &skipped);
        assert_false(skipped);
        if (model->warning_count != 0) fail_msg("%s: %s", samples[s].path, model->warnings[0]);
        assert_int_equal(model->animation_count, samples[s].clip_count);
        for (uint32_t c = 0; c < samples[s].clip_count; ++c) {
            const sample_clip *want = &samples[s].clips[c];
            const ta_clip *clip = model->animations[c];
            assert_string_equal(ta_clip_name(clip), want->name);
            assert_int_equal(ta_clip_track_count(clip), want->tracks);
            if (want->duration > 0) TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, want->duration, 1e-3);
            for (uint32_t t = 0; t < want->tracks; ++t) {
                const ta_track *track = ta_clip_track(clip, t);
                if (want->keys) assert_int_equal(ta_track_key_count(track), want->keys);
                assert_int_equal(ta_track_interpolation(track), want->interpolation);
            }
        }
        ta_model_destroy(model);
    }
}

static void samples_hold_what_their_json_says(void **state)
{
    (void)state;
    bool skipped;
    /* The quantized cube's weights are normalized UNSIGNED_BYTEs: n / 255. */
    ta_model *m = load_sample("AnimatedMorphCube/glTF-Quantized/AnimatedMorphCube.gltf", &skipped);
    assert_false(skipped);
    const ta_track *t = ta_clip_track(m->animations[0], 0);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_MORPH_INFLUENCE);
    bool some_between = false;
    for (uint32_t k = 0; k < ta_track_key_count(t); ++k) {
        double n = ta_track_values(t)[k] * 255.0;
        TA_ASSERT_NEAR(n, round(n), 1e-4);
        some_between = some_between || (n > 0.5 && n < 254.5);
    }
    assert_true(some_between);
    ta_model_destroy(m);

    /* SimpleMorph: mesh.weights default to [0.5, 0.5]. */
    m = load_sample("SimpleMorph/glTF/SimpleMorph.gltf", &skipped);
    assert_int_equal(m->scene->mesh_count, 1);
    assert_true(m->scene->meshes[0].morph_influences[0] == 0.5f && m->scene->meshes[0].morph_influences[1] == 0.5f);
    ta_model_destroy(m);

    /* MorphPrimitivesTest: a Group of two meshes, one target each at 0.5. */
    m = load_sample("MorphPrimitivesTest/glTF-Binary/MorphPrimitivesTest.glb", &skipped);
    assert_int_equal(m->scene->mesh_count, 2);
    for (int i = 0; i < 2; ++i) {
        assert_int_equal(m->scene->meshes[i].morph_count, 1);
        assert_true(m->scene->meshes[i].morph_influences[0] == 0.5f);
        const ta_node *parent = &m->scene->nodes[m->scene->nodes[m->scene->meshes[i].node.index].parent.index];
        assert_int_equal(parent->type, TA_NODE_TYPE_GROUP);
    }
    ta_model_destroy(m);

    /* MorphStressTest: 8 targets on 2 primitives, one channel, 16 tracks. */
    m = load_sample("MorphStressTest/glTF-Binary/MorphStressTest.glb", &skipped);
    assert_int_equal(m->scene->mesh_count, 2);
    assert_int_equal(m->scene->meshes[0].morph_count, 8);
    assert_string_equal(m->scene->meshes[0].morph_names[0], "Key 1");
    TA_ASSERT_NEAR(ta_track_times(ta_clip_track(m->animations[0], 0))[0], 0.0333, 1e-3);
    ta_model_destroy(m);

    /* Fox: one skinned mesh with 24 joints; InterpolationTest's "Cube.001". */
    m = load_sample("Fox/glTF-Binary/Fox.glb", &skipped);
    assert_int_equal(m->scene->skinned_mesh_count, 1);
    assert_int_equal(m->scene->skinned_meshes[0].bone_count, 24);
    for (uint32_t b = 0; b < 24; ++b)
        assert_int_equal(m->scene->nodes[m->scene->skinned_meshes[0].bones[b].index].type, TA_NODE_TYPE_BONE);
    ta_model_destroy(m);
    m = load_sample("InterpolationTest/glTF-Binary/InterpolationTest.glb", &skipped);
    ta_node_id id;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_find_by_name(m->scene, "Cube001", &id, &err), &err);
    ta_model_destroy(m);

    /* BrainStem: 59 skinned meshes (primitives of one mesh). */
    m = load_sample("BrainStem/glTF-Binary/BrainStem.glb", &skipped);
    assert_int_equal(m->scene->skinned_mesh_count, 59);
    ta_model_destroy(m);
}

int main(void)
{
    char buf[1024];
    if (ta_test_samples_path("INDEX.md", buf, sizeof buf) == NULL) {
        printf("skipped: the glTF samples are not in %s (set TA_SAMPLES_DIR when CMake runs)\n", ta_test_samples_dir());
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_sample_loads_with_its_clips),
        cmocka_unit_test(samples_hold_what_their_json_says),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
