/* KHR_animation_pointer channels (three.js 0.186.0's GLTFLoader does not read
 * them, so the expected tracks come from the extension's Object Model and the
 * unit conversions the header states): each pointer the loader drives becomes
 * its typed target with its values converted; every other pointer is left out
 * with a warning. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

typedef struct pointer_file {
    gltf_tb tb;
    uint32_t times;
    uint32_t anim;
} pointer_file;

static void make_file(pointer_file *f)
{
    gltf_tb *tb = &f->tb;
    gltf_tb_init(tb);
    static const float tri[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    json_t *prim = json_pack(
        "{s:{s:i},s:[{s:i},{s:i}],s:i}", "attributes", "POSITION", gltf_tb_floats(tb, tri, 3, "VEC3"), "targets",
        "POSITION", gltf_tb_floats(tb, tri, 3, "VEC3"), "POSITION", gltf_tb_floats(tb, tri, 3, "VEC3"), "material", 0);
    gltf_tb_add(tb, "meshes", json_pack("{s:[o]}", "primitives", prim));
    gltf_tb_add(
        tb, "materials",
        json_pack("{s:{s:{s:i}},s:s}", "pbrMetallicRoughness", "baseColorTexture", "index", 0, "alphaMode", "MASK"));
    gltf_tb_add(tb, "materials", json_object());
    gltf_tb_add(tb, "textures", json_object());
    gltf_tb_add(tb, "cameras",
                json_pack("{s:s,s:{s:f,s:f}}", "type", "perspective", "perspective", "yfov", 0.5, "znear", 0.1));
    gltf_tb_add(tb, "cameras",
                json_pack("{s:s,s:{s:f,s:f,s:f,s:f}}", "type", "orthographic", "orthographic", "xmag", 2.0, "ymag", 1.0,
                          "znear", 0.1, "zfar", 10.0));
    json_object_set_new(tb->root, "extensions",
                        json_pack("{s:{s:[{s:s,s:{s:f,s:f}},{s:s}]}}", "KHR_lights_punctual", "lights", "type", "spot",
                                  "spot", "innerConeAngle", 0.2, "outerConeAngle", 0.8, "type", "point"));
    gltf_tb_add(tb, "nodes", json_pack("{s:i}", "mesh", 0));
    gltf_tb_add(tb, "nodes", json_pack("{s:i}", "camera", 0));
    gltf_tb_add(tb, "nodes", json_pack("{s:i}", "camera", 1));
    gltf_tb_add(tb, "nodes", json_pack("{s:{s:{s:i}}}", "extensions", "KHR_lights_punctual", "light", 0));
    gltf_tb_add(tb, "nodes", json_pack("{s:{s:{s:i}}}", "extensions", "KHR_lights_punctual", "light", 1));
    gltf_tb_add(tb, "scenes", json_pack("{s:[i,i,i,i,i]}", "nodes", 0, 1, 2, 3, 4));
    static const float times[] = {0, 1};
    f->times = gltf_tb_floats(tb, times, 2, "SCALAR");
    f->anim = gltf_tb_add(tb, "animations", json_pack("{s:[],s:[]}", "channels", "samplers"));
}

/* A pointer channel whose output is n numbers per key, key k number i being
 * (k + 1) * 0.1 * (i + 1). */
static void pointer(pointer_file *f, const char *ptr, uint32_t n, const char *type, const char *interpolation)
{
    float v[32];
    for (int k = 0; k < 2; ++k)
        for (uint32_t i = 0; i < n; ++i) v[k * n + i] = (float)((k + 1) * 0.1 * (i + 1));
    uint32_t count = strcmp(type, "SCALAR") == 0 ? 2 * n : 2;
    uint32_t out = gltf_tb_floats(&f->tb, v, count, type);
    json_t *a = gltf_tb_get(&f->tb, "animations", f->anim);
    json_t *s = json_pack("{s:i,s:i}", "input", f->times, "output", out);
    if (interpolation) json_object_set_new(s, "interpolation", json_string(interpolation));
    json_array_append_new(json_object_get(a, "samplers"), s);
    json_array_append_new(json_object_get(a, "channels"),
                          json_pack("{s:I,s:{s:s,s:{s:{s:s}}}}", "sampler",
                                    (json_int_t)json_array_size(json_object_get(a, "samplers")) - 1, "target", "path",
                                    "pointer", "extensions", "KHR_animation_pointer", "pointer", ptr));
}

static void check(const ta_track *t, ta_track_kind kind, ta_target_family family, uint32_t index, uint32_t element,
                  const float *want, uint32_t count)
{
    ta_track_target tt = ta_track_target_of(t);
    assert_int_equal(tt.kind, kind);
    assert_int_equal(tt.family, family);
    assert_int_equal(tt.index, index);
    assert_int_equal(tt.element, element);
    assert_int_equal(ta_track_key_count(t) * ta_track_value_size(t), count);
    for (uint32_t i = 0; i < count; ++i) TA_ASSERT_NEAR(ta_track_values(t)[i], want[i], 1e-6);
}

static void pointers_become_typed_tracks(void **state)
{
    (void)state;
    pointer_file f;
    make_file(&f);
    pointer(&f, "/nodes/0/translation", 3, "VEC3", NULL);
    pointer(&f, "/nodes/0/weights", 2, "SCALAR", NULL);
    pointer(&f, "/meshes/0/weights", 2, "SCALAR", NULL);
    pointer(&f, "/materials/0/pbrMetallicRoughness/baseColorFactor", 4, "VEC4", NULL);
    pointer(&f, "/materials/0/pbrMetallicRoughness/roughnessFactor", 1, "SCALAR", NULL);
    pointer(&f, "/materials/0/emissiveFactor", 3, "VEC3", NULL);
    pointer(&f, "/materials/0/alphaCutoff", 1, "SCALAR", NULL);
    pointer(&f, "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset", 2, "VEC2",
            NULL);
    pointer(&f, "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/rotation", 1,
            "SCALAR", NULL);
    pointer(&f, "/extensions/KHR_lights_punctual/lights/0/color", 3, "VEC3", NULL);
    pointer(&f, "/extensions/KHR_lights_punctual/lights/0/intensity", 1, "SCALAR", NULL);
    pointer(&f, "/extensions/KHR_lights_punctual/lights/1/range", 1, "SCALAR", NULL);
    pointer(&f, "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle", 1, "SCALAR", NULL);
    pointer(&f, "/extensions/KHR_lights_punctual/lights/0/spot.innerConeAngle", 1, "SCALAR", NULL);
    pointer(&f, "/cameras/0/perspective/yfov", 1, "SCALAR", NULL);
    pointer(&f, "/cameras/0/perspective/zfar", 1, "SCALAR", NULL);
    pointer(&f, "/cameras/1/orthographic/xmag", 1, "SCALAR", "STEP");
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&f.tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    const ta_clip *clip = model->animations[0];
    assert_int_equal(ta_clip_track_count(clip), 1 + 2 + 2 + 2 + 1 + 1 + 1 + 2 + 5 + 2 + 1);
    uint32_t i = 0;
    const float v3[] = {0.1f, 0.2f, 0.3f, 0.2f, 0.4f, 0.6f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, model->source_nodes[0].index, 0, v3, 6);
    const float w0[] = {0.1f, 0.2f}, w1[] = {0.2f, 0.4f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 0, w0, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 1, w1, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 0, w0, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 1, w1, 2);
    /* baseColorFactor: rgb to the color (linear, as given), alpha to the opacity. */
    const float rgb[] = {0.1f, 0.2f, 0.3f, 0.2f, 0.4f, 0.6f}, alpha[] = {0.4f, 0.8f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_COLOR, TA_TARGET_FAMILY_MATERIAL, 0, 0, rgb, 6);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_OPACITY, TA_TARGET_FAMILY_MATERIAL, 0, 0, alpha, 2);
    const float s1[] = {0.1f, 0.2f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_ROUGHNESS, TA_TARGET_FAMILY_MATERIAL, 0, 0, s1, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_EMISSIVE, TA_TARGET_FAMILY_MATERIAL, 0, 0, v3, 6);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_ALPHA_TEST, TA_TARGET_FAMILY_MATERIAL, 0, 0, s1, 2);
    const float v2[] = {0.1f, 0.2f, 0.2f, 0.4f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, TA_TARGET_FAMILY_MATERIAL, 0, 0, v2, 4);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_MATERIAL_MAP_ROTATION, TA_TARGET_FAMILY_MATERIAL, 0, 0, s1, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_LIGHT_COLOR, TA_TARGET_FAMILY_LIGHT, 0, 0, v3, 6);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_LIGHT_INTENSITY, TA_TARGET_FAMILY_LIGHT, 0, 0, s1, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_LIGHT_DISTANCE, TA_TARGET_FAMILY_LIGHT, 1, 0, s1, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_LIGHT_ANGLE, TA_TARGET_FAMILY_LIGHT, 0, 0, s1, 2);
    /* penumbra = 1 - inner / outer, the outer angle being the file's 0.8 */
    const float pen[] = {1 - 0.1f / 0.8f, 1 - 0.2f / 0.8f};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_LIGHT_PENUMBRA, TA_TARGET_FAMILY_LIGHT, 0, 0, pen, 2);
    const float deg[] = {(float)(0.1 * 180 / 3.14159265358979), (float)(0.2 * 180 / 3.14159265358979)};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_CAMERA_FOV, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, 0, 0, deg, 2);
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_CAMERA_FAR, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, 0, 0, s1, 2);
    /* zoom = xmag as the file gives it (2) / xmag */
    const float zoom[] = {20, 10};
    check(ta_clip_track(clip, i++), TA_TRACK_KIND_CAMERA_ZOOM, TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, 0, 0, zoom, 2);
    assert_int_equal(ta_track_interpolation(ta_clip_track(clip, i - 1)), TA_INTERPOLATION_STEP);
    assert_int_equal(model->warning_count, 2);
    TA_ASSERT_CONTAINS(model->warnings[0], "spot/outerConeAngle\": the penumbra keeps the value");
    TA_ASSERT_CONTAINS(model->warnings[1], "drives the camera's zoom (2 / xmag)");
    ta_model_destroy(model);
    gltf_tb_free(&f.tb);
}

static void cubic_spline_pointers_convert_their_tangents(void **state)
{
    (void)state;
    pointer_file f;
    make_file(&f);
    /* (in, value, out) per key: the yfov's tangents are in radians per second. */
    pointer(&f, "/cameras/0/perspective/yfov", 3, "SCALAR", "CUBICSPLINE");
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&f.tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    const double k = 180 / 3.14159265358979;
    TA_ASSERT_NEAR(ta_track_in_tangents(t)[1], 0.2 * k, 1e-6);
    TA_ASSERT_NEAR(ta_track_values(t)[1], 0.4 * k, 1e-6);
    TA_ASSERT_NEAR(ta_track_out_tangents(t)[1], 0.6 * k, 1e-6);
    ta_model_destroy(model);
    gltf_tb_free(&f.tb);
}

static void visibility_is_a_step_flag(void **state)
{
    (void)state;
    pointer_file f;
    make_file(&f);
    static const uint8_t flags[] = {0, 3};
    uint32_t view = gltf_tb_view(&f.tb, flags, 2, 0);
    uint32_t out = gltf_tb_accessor(&f.tb, (int)view, 0, 5121, "SCALAR", 2, false);
    json_t *a = gltf_tb_get(&f.tb, "animations", f.anim);
    json_array_append_new(json_object_get(a, "samplers"),
                          json_pack("{s:i,s:i,s:s}", "input", f.times, "output", out, "interpolation", "STEP"));
    json_array_append_new(json_object_get(a, "channels"),
                          json_pack("{s:i,s:{s:s,s:{s:{s:s}}}}", "sampler", 0, "target", "path", "pointer",
                                    "extensions", "KHR_animation_pointer", "pointer",
                                    "/nodes/4/extensions/KHR_node_visibility/visible"));
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&f.tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    const float want[] = {0, 1};
    check(ta_clip_track(model->animations[0], 0), TA_TRACK_KIND_VISIBLE, TA_TARGET_FAMILY_NODE, model->source_nodes[4].index, 0, want, 2);
    ta_model_destroy(model);
    gltf_tb_free(&f.tb);
}

static void pointers_not_driven_are_left_out(void **state)
{
    (void)state;
    const struct {
        const char *pointer;
        const char *why;
    } cases[] = {
        {"/cameras/0/perspective/aspectRatio", "names a camera property this library does not drive"},
        {"/cameras/1/orthographic/ymag", "names a camera property this library does not drive"},
        {"/cameras/0/orthographic/znear", "names the other projection than the camera's"},
        {"/materials/0/doubleSided", "names a material property this library does not drive"},
        {"/materials/1/alphaCutoff", "alphaMode is not MASK"},
        {"/materials/1/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset",
         "names the map of a material that has none"},
        {"/nodes/9/translation", "names no node of the file"},
        {"/nodes/01/translation", "names no node of the file"},
        {"/nodes/0/matrix", "names a node property this library does not drive"},
        {"/nodes/1/weights", "names a node with no mesh with morph targets"},
        {"/extensions/KHR_lights_punctual/lights/1/spot/innerConeAngle", "not a spot light"},
        {"/extensions/KHR_lights_punctual/lights/7/color", "names no KHR_lights_punctual light"},
        {"/animations/0/extensions/KHR_interactivity/isPlaying", "names a property this library does not drive"},
        {"/nodes/0/trans~2lation", "is not a pointer this library reads"},
        {"nodes/0/translation", "is not a pointer this library reads"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        pointer_file f;
        make_file(&f);
        pointer(&f, "/nodes/0/scale", 3, "VEC3", NULL); /* so the clip stays */
        pointer(&f, cases[c].pointer, 1, "SCALAR", NULL);
        ta_model *model = NULL;
        ta_error err = {0};
        TA_ASSERT_OK(gltf_tb_load(&f.tb, GLTF_TB_GLB, NULL, &model, &err), &err);
        assert_int_equal(ta_clip_track_count(model->animations[0]), 1);
        assert_int_equal(model->warning_count, 1);
        TA_ASSERT_CONTAINS(model->warnings[0], "animations[0].channels[1]: pointer");
        TA_ASSERT_CONTAINS(model->warnings[0], cases[c].why);
        ta_model_destroy(model);
        gltf_tb_free(&f.tb);
    }
}

static void a_pointer_with_the_wrong_output_is_left_out(void **state)
{
    (void)state;
    pointer_file f;
    make_file(&f);
    pointer(&f, "/materials/0/emissiveFactor", 4, "VEC4", NULL);
    static const char *const why = "animations[0].channels[0]: pointer \"/materials/0/emissiveFactor\" takes 3 numbers "
                                   "per key, and animations[0].samplers[0]'s output holds 8 for 2 keys";
    ta_model *model = (ta_model *)(uintptr_t)0x1;
    ta_error err = {0};
    ta_load_options strict = {0};
    strict.strict = true;
    TA_ASSERT_REFUSED(gltf_tb_load(&f.tb, GLTF_TB_GLB, &strict, &model, &err), &err, TA_ERROR_PARSE, why);
    assert_ptr_equal(model, (ta_model *)(uintptr_t)0x1);
    model = NULL;
    TA_ASSERT_OK(gltf_tb_load(&f.tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 0);
    assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_BAD_CHANNEL);
    assert_string_equal(model->warning_list[0].path, "animations[0].channels[0]");
    TA_ASSERT_CONTAINS(model->warnings[0], why);
    ta_model_destroy(model);
    gltf_tb_free(&f.tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pointers_become_typed_tracks),
        cmocka_unit_test(cubic_spline_pointers_convert_their_tangents),
        cmocka_unit_test(visibility_is_a_step_flag),
        cmocka_unit_test(pointers_not_driven_are_left_out),
        cmocka_unit_test(a_pointer_with_the_wrong_output_is_left_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
