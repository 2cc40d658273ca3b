/* Files the glTF 2.0 specification calls invalid, and valid files that are
 * easy to refuse by mistake. Each case is loaded here and its outcome checked
 * (refused with the message gltf.h promises, or loaded with the right
 * values); each is also written to TA_BINARY_DIR/gltf_validity/ with a line
 * in its MANIFEST naming what the Khronos glTF validator must say of it
 * ("valid", or the error code), which validator_agrees.mjs then checks: the
 * validator is the second opinion on which files are valid. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

static char g_dir[600];
static FILE *g_manifest;

/* A valid file: a triangle mesh "body" with two morph targets and weights
 * {0, 0.5}, and a node "mover" whose translation runs from (0,0,0) to (1,2,3)
 * over one second. Accessors carry the min and max the validator asks for. */
static void valid_base(gltf_tb *tb)
{
    static const float tri[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const float up[] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    static const float side[] = {1, 0, 0, 1, 0, 0, 1, 0, 0};
    static const float times[] = {0, 1};
    static const float moves[] = {0, 0, 0, 1, 2, 3};
    uint32_t pos = gltf_tb_floats(tb, tri, 3, "VEC3");
    json_object_set_new(gltf_tb_get(tb, "accessors", pos), "min", json_pack("[f,f,f]", 0.0, 0.0, 0.0));
    json_object_set_new(gltf_tb_get(tb, "accessors", pos), "max", json_pack("[f,f,f]", 1.0, 1.0, 0.0));
    uint32_t t0 = gltf_tb_floats(tb, up, 3, "VEC3");
    json_object_set_new(gltf_tb_get(tb, "accessors", t0), "min", json_pack("[f,f,f]", 0.0, 0.0, 1.0));
    json_object_set_new(gltf_tb_get(tb, "accessors", t0), "max", json_pack("[f,f,f]", 0.0, 0.0, 1.0));
    uint32_t t1 = gltf_tb_floats(tb, side, 3, "VEC3");
    json_object_set_new(gltf_tb_get(tb, "accessors", t1), "min", json_pack("[f,f,f]", 1.0, 0.0, 0.0));
    json_object_set_new(gltf_tb_get(tb, "accessors", t1), "max", json_pack("[f,f,f]", 1.0, 0.0, 0.0));
    uint32_t in = gltf_tb_floats(tb, times, 2, "SCALAR");
    json_object_set_new(gltf_tb_get(tb, "accessors", in), "min", json_pack("[f]", 0.0));
    json_object_set_new(gltf_tb_get(tb, "accessors", in), "max", json_pack("[f]", 1.0));
    uint32_t out = gltf_tb_floats(tb, moves, 2, "VEC3");
    gltf_tb_add(tb, "meshes",
                json_pack("{s:[{s:{s:i},s:[{s:i},{s:i}]}],s:[f,f]}", "primitives", "attributes", "POSITION", pos,
                          "targets", "POSITION", t0, "POSITION", t1, "weights", 0.0, 0.5));
    gltf_tb_add(tb, "nodes", json_pack("{s:s,s:i}", "name", "body", "mesh", 0));
    gltf_tb_add(tb, "nodes", json_pack("{s:s}", "name", "mover"));
    gltf_tb_add(tb, "scenes", json_pack("{s:[i,i]}", "nodes", 0, 1));
    json_object_set_new(tb->root, "scene", json_integer(0));
    gltf_tb_add(tb, "animations",
                json_pack("{s:s,s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "name", "move", "channels", "sampler", 0,
                          "target", "node", 1, "path", "translation", "samplers", "input", in, "output", out));
}

/* Writes the case's file and its manifest line. */
static void keep(const char *name, const void *data, size_t size, const char *validator_says)
{
    char path[800];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
    fprintf(g_manifest, "%s\t%s\n", name, validator_says);
}

static void refused(const char *name, const void *data, size_t size, ta_result code, const char *needle,
                    const char *validator_says)
{
    keep(name, data, size, validator_says);
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_gltf_load_memory(data, size, NULL, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
}

static ta_model *loaded(const char *name, const void *data, size_t size)
{
    keep(name, data, size, "valid");
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(data, size, NULL, &model, &err), &err);
    return model;
}

/* The moved node's track ends at (1, 2, 3). */
static void assert_moves(const ta_model *model)
{
    assert_int_equal(model->animation_count, 1);
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    const float *v = ta_track_values(t);
    assert_true(v[3] == 1.0f && v[4] == 2.0f && v[5] == 3.0f);
}

static char *text_of(gltf_tb *tb)
{
    size_t size;
    return (char *)gltf_tb_file(tb, GLTF_TB_DATA_URI, &size);
}

/* Replaces the first from in *text by to (a new malloc'd text). */
static void replace(char **text, const char *from, const char *to)
{
    char *at = strstr(*text, from);
    assert_non_null(at);
    size_t n = strlen(*text) - strlen(from) + strlen(to) + 1;
    char *out = (char *)malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - *text), *text, to, at + strlen(from));
    free(*text);
    *text = out;
}

static void valid_files_load(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    valid_base(&tb);
    char *text = text_of(&tb);
    ta_model *model = loaded("base.gltf", text, strlen(text));
    assert_moves(model);
    assert_true(model->scene->meshes[0].morph_influences[1] == 0.5f);
    ta_model_destroy(model);

    /* A name holding U+0000 and a lone surrogate, both legal JSON escapes:
     * each becomes U+FFFD (EF BF BD), a pair of surrogates stays one
     * character, and an escaped backslash before "u0000" is no escape. */
    char *names = strdup(text);
    replace(&names, "\"body\"", "\"a\\u0000b\\ud800c\\udc00\"");
    replace(&names, "\"mover\"", "\"m\\ud83d\\ude00\\\\u0000\"");
    replace(&names, "\"move\"", "\"clip\\u0000\"");
    model = loaded("names.gltf", names, strlen(names));
    static const char fffd[] = "\xEF\xBF\xBD";
    char want[32];
    snprintf(want, sizeof want, "a%sb%sc%s", fffd, fffd, fffd);
    assert_string_equal(model->scene->nodes[0].name, want);
    assert_string_equal(model->scene->nodes[1].name, "m\xF0\x9F\x98\x80\\u0000");
    assert_string_equal(ta_clip_name(model->animations[0]), "clip\xEF\xBF\xBD");
    assert_moves(model);
    ta_model_destroy(model);
    free(names);

    /* The base64 data: URI with '=', '/' and '+' percent-encoded. */
    char *pct = strdup(text);
    char *body = strstr(pct, ";base64,");
    assert_non_null(body);
    size_t encoded = 0;
    for (;;) {
        char *p = strpbrk(body + 8, "=/+\"");
        assert_non_null(p);
        if (*p == '"') break;
        const char *to = *p == '=' ? "%3D" : *p == '/' ? "%2F" : "%2B";
        size_t off = (size_t)(body - pct);
        size_t n = strlen(pct) + 3;
        char *out = (char *)malloc(n);
        snprintf(out, n, "%.*s%s%s", (int)(p - pct), pct, to, p + 1);
        free(pct);
        pct = out;
        body = pct + off;
        ++encoded;
    }
    assert_true(encoded >= 1);
    assert_non_null(strstr(pct, "%3D"));
    model = loaded("base64-percent.gltf", pct, strlen(pct));
    assert_moves(model);
    ta_model_destroy(model);
    free(pct);
    free(text);

    /* A sparse accessor whose indices rise: read. */
    gltf_tb_free(&tb);
    gltf_tb_init(&tb);
    valid_base(&tb);
    static const uint32_t idx[] = {1};
    static const float val[] = {4, 5, 6};
    uint32_t iv = gltf_tb_view(&tb, idx, sizeof idx, 0);
    uint32_t vv = gltf_tb_view(&tb, val, sizeof val, 0);
    json_object_set_new(gltf_tb_get(&tb, "accessors", 4), "sparse",
                        json_pack("{s:i,s:{s:i,s:i},s:{s:i}}", "count", 1, "indices", "bufferView", iv, "componentType",
                                  5125, "values", "bufferView", vv));
    text = text_of(&tb);
    model = loaded("sparse-rising.gltf", text, strlen(text));
    const float *v = ta_track_values(ta_clip_track(model->animations[0], 0));
    assert_true(v[3] == 4.0f && v[4] == 5.0f && v[5] == 6.0f);
    ta_model_destroy(model);
    free(text);
    gltf_tb_free(&tb);
}

static void invalid_meshes_are_refused(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    valid_base(&tb);
    json_t *mesh = gltf_tb_get(&tb, "meshes", 0);
    json_object_set_new(mesh, "weights", json_pack("[f,f,f]", 0.0, 0.5, 1.0));
    char *text = text_of(&tb);
    refused("mesh-weights-3-for-2.gltf", text, strlen(text), TA_ERROR_PARSE,
            "meshes[0].weights: 3 weights for 2 morph targets", "MESH_INVALID_WEIGHTS_COUNT");
    free(text);
    json_object_set_new(mesh, "weights", json_pack("[f]", 0.5));
    text = text_of(&tb);
    refused("mesh-weights-1-for-2.gltf", text, strlen(text), TA_ERROR_PARSE,
            "meshes[0].weights: 1 weights for 2 morph targets", "MESH_INVALID_WEIGHTS_COUNT");
    free(text);

    /* A second primitive with one target where the first has two. */
    json_object_set_new(mesh, "weights", json_pack("[f,f]", 0.0, 0.5));
    json_t *prims = json_object_get(mesh, "primitives");
    json_t *second = json_deep_copy(json_array_get(prims, 0));
    json_array_remove(json_object_get(second, "targets"), 1);
    json_array_append_new(prims, second);
    text = text_of(&tb);
    refused("primitives-unequal-targets.gltf", text, strlen(text), TA_ERROR_PARSE,
            "meshes[0].primitives[1].targets: 1 morph targets, where primitives[0] has 2",
            "MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT");
    free(text);
    gltf_tb_free(&tb);
}

static void sparse_indices_must_rise(void **state)
{
    (void)state;
    static const uint32_t repeat[] = {1, 1};
    static const uint32_t back[] = {1, 0};
    static const float val[] = {4, 5, 6, 7, 8, 9};
    const uint32_t *cases[] = {repeat, back};
    const char *names[] = {"sparse-repeating.gltf", "sparse-decreasing.gltf"};
    const char *needles[] = {"accessors[4].sparse.indices: entry 1 is element 1, not above entry 0's 1",
                             "accessors[4].sparse.indices: entry 1 is element 0, not above entry 0's 1"};
    for (int k = 0; k < 2; ++k) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        valid_base(&tb);
        uint32_t iv = gltf_tb_view(&tb, cases[k], 2 * sizeof(uint32_t), 0);
        uint32_t vv = gltf_tb_view(&tb, val, sizeof val, 0);
        json_object_set_new(gltf_tb_get(&tb, "accessors", 4), "sparse",
                            json_pack("{s:i,s:{s:i,s:i},s:{s:i}}", "count", 2, "indices", "bufferView", iv,
                                      "componentType", 5125, "values", "bufferView", vv));
        char *text = text_of(&tb);
        /* The accessor feeds an animation channel: strict refuses the file; by
         * default the channel is left out with a warning saying why, and the
         * clip keeps its place. */
        keep(names[k], text, strlen(text), "ACCESSOR_SPARSE_INDICES_NON_INCREASING");
        ta_load_options strict = {0};
        strict.strict = true;
        ta_model *model = UNTOUCHED;
        ta_error err = {0};
        TA_ASSERT_REFUSED(ta_gltf_load_memory(text, strlen(text), &strict, &model, &err), &err, TA_ERROR_PARSE,
                          needles[k]);
        assert_ptr_equal(model, UNTOUCHED);
        model = NULL;
        TA_ASSERT_OK(ta_gltf_load_memory(text, strlen(text), NULL, &model, &err), &err);
        assert_int_equal(model->animation_count, 1);
        assert_int_equal(ta_clip_track_count(model->animations[0]), 0);
        assert_int_equal(model->warning_count, 2);
        assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_BAD_CHANNEL);
        assert_string_equal(model->warning_list[0].path, "animations[0].channels[0]");
        TA_ASSERT_CONTAINS(model->warning_list[0].what, needles[k]);
        assert_int_equal(model->warning_list[1].code, TA_LOAD_WARNING_CODE_NO_TRACKS);
        ta_model_destroy(model);
        free(text);
        gltf_tb_free(&tb);
    }
}

static void glb_order_and_version(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    valid_base(&tb);
    size_t size;
    uint8_t *glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    ta_model *model = loaded("base.glb", glb, size);
    assert_moves(model);
    ta_model_destroy(model);

    uint8_t *copy = (uint8_t *)malloc(size);
    memcpy(copy, glb, size);
    copy[4] = 3;
    refused("version-3.glb", copy, size, TA_ERROR_UNSUPPORTED,
            "byte 4: .glb version 3; only version 2 (glTF 2.0) is read", "GLB_INVALID_VERSION");

    /* The BIN chunk moved before the JSON chunk. */
    uint32_t jlen =
        (uint32_t)glb[12] | ((uint32_t)glb[13] << 8) | ((uint32_t)glb[14] << 16) | ((uint32_t)glb[15] << 24);
    size_t json_chunk = 8 + jlen, bin_chunk = size - 12 - json_chunk;
    memcpy(copy, glb, 12);
    memcpy(copy + 12, glb + 12 + json_chunk, bin_chunk);
    memcpy(copy + 12 + bin_chunk, glb + 12, json_chunk);
    refused("bin-first.glb", copy, size, TA_ERROR_PARSE,
            "byte 12: chunk 0 is of type 0x004E4942; a .glb's first chunk is JSON", "GLB_UNEXPECTED_FIRST_CHUNK");
    free(copy);
    free(glb);
    gltf_tb_free(&tb);
}

static void versions_and_lights(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    valid_base(&tb);
    json_t *asset = json_object_get(tb.root, "asset");
    json_object_set_new(asset, "minVersion", json_string("2.0"));
    char *text = text_of(&tb);
    ta_model *model = loaded("min-version-2.0.gltf", text, strlen(text));
    assert_moves(model);
    ta_model_destroy(model);
    free(text);
    json_object_set_new(asset, "minVersion", json_string("2.1"));
    text = text_of(&tb);
    refused("min-version-2.1.gltf", text, strlen(text), TA_ERROR_UNSUPPORTED,
            "asset.minVersion: \"2.1\"; only glTF 2.0 is read", "ASSET_MIN_VERSION_GREATER_THAN_VERSION");
    free(text);
    json_object_set_new(asset, "minVersion", json_string("two"));
    text = text_of(&tb);
    refused("min-version-two.gltf", text, strlen(text), TA_ERROR_PARSE,
            "asset.minVersion: \"two\" is not of the form MAJOR.MINOR", "PATTERN_MISMATCH");
    free(text);
    json_object_del(asset, "minVersion");

    /* A spot light whose outer cone angle is 0: no penumbra can be made. */
    json_object_set_new(tb.root, "extensionsUsed", json_pack("[s]", "KHR_lights_punctual"));
    json_object_set_new(tb.root, "extensions",
                        json_pack("{s:{s:[{s:s,s:{s:f}}]}}", "KHR_lights_punctual", "lights", "type", "spot", "spot",
                                  "outerConeAngle", 0.0));
    gltf_tb_add(&tb, "nodes",
                json_pack("{s:s,s:{s:{s:i}}}", "name", "lamp", "extensions", "KHR_lights_punctual", "light", 0));
    json_array_append_new(json_object_get(gltf_tb_get(&tb, "scenes", 0), "nodes"), json_integer(2));
    text = text_of(&tb);
    refused("spot-outer-0.gltf", text, strlen(text), TA_ERROR_PARSE,
            "extensions.KHR_lights_punctual.lights[0].spot.outerConeAngle: 0 is not above innerConeAngle (0)",
            "VALUE_NOT_IN_RANGE");
    free(text);
    gltf_tb_free(&tb);
}

static int open_manifest(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "%s/gltf_validity", TA_BINARY_DIR);
    mkdir(g_dir, 0777);
    char path[700];
    snprintf(path, sizeof path, "%s/MANIFEST", g_dir);
    g_manifest = fopen(path, "w");
    return g_manifest == NULL;
}

static int close_manifest(void **state)
{
    (void)state;
    return fclose(g_manifest) != 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_files_load),
        cmocka_unit_test(invalid_meshes_are_refused),
        cmocka_unit_test(sparse_indices_must_rise),
        cmocka_unit_test(glb_order_and_version),
        cmocka_unit_test(versions_and_lights),
    };
    return cmocka_run_group_tests(tests, open_manifest, close_manifest);
}
