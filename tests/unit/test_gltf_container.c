/* The glTF loader's containers: .glb chunks, JSON text, buffers from the BIN
 * chunk, data: URIs and external files; limits; every refusal of a broken
 * container; memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

/* One node "mover" with a LINEAR translation channel: times {0, 2}, values
 * (0,0,0) then (4,0,0). */
static void moving_node(gltf_tb *tb)
{
    static const float times[] = {0, 2};
    static const float values[] = {0, 0, 0, 4, 0, 0};
    gltf_tb_node(tb, "mover");
    gltf_tb_add(tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    uint32_t in = gltf_tb_floats(tb, times, 2, "SCALAR");
    uint32_t out = gltf_tb_floats(tb, values, 2, "VEC3");
    gltf_tb_add(tb, "animations",
                json_pack("{s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "channels", "sampler", 0, "target", "node", 0,
                          "path", "translation", "samplers", "input", in, "output", out));
}

static void assert_moving_node(const ta_model *model)
{
    assert_int_equal(model->scene->node_count, 1);
    assert_string_equal(model->scene->nodes[0].name, "mover");
    assert_int_equal(model->animation_count, 1);
    const ta_clip *clip = model->animations[0];
    assert_string_equal(ta_clip_name(clip), "animation_0");
    assert_int_equal(ta_clip_track_count(clip), 1);
    const ta_track *t = ta_clip_track(clip, 0);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_POSITION);
    assert_int_equal(ta_track_key_count(t), 2);
    assert_true(ta_track_values(t)[3] == 4.0f);
    assert_true(ta_track_times(t)[1] == 2.0f);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.0, 1e-9);
}

static void glb_and_data_uri_give_the_same_model(void **state)
{
    (void)state;
    ta_error err = {0};
    for (int c = 0; c < 2; ++c) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        moving_node(&tb);
        ta_model *model = NULL;
        TA_ASSERT_OK(gltf_tb_load(&tb, c == 0 ? GLTF_TB_GLB : GLTF_TB_DATA_URI, NULL, &model, &err), &err);
        assert_moving_node(model);
        assert_int_equal(model->source_node_count, 1);
        assert_int_equal(model->source_nodes[0].index, 0);
        assert_int_equal(model->warning_count, 0);
        ta_model_destroy(model);
        gltf_tb_free(&tb);
    }
}

static void json_text_with_a_byte_order_mark_loads(void **state)
{
    (void)state;
    const char *text = "\xEF\xBB\xBF{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],"
                       "\"nodes\":[{\"name\":\"a b\"}]}";
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(text, strlen(text), NULL, &model, &err), &err);
    assert_int_equal(model->scene->node_count, 1);
    assert_string_equal(model->scene->nodes[0].name, "a_b");
    ta_model_destroy(model);
}

/* Times from a percent-encoded data: URI (floats 0 and 1: 00000000 0000803F),
 * values from a base64 one (floats 2, 3, 4, 5, 6, 7): two buffers. */
static void percent_encoded_and_base64_data_uris(void **state)
{
    (void)state;
    const char *text =
        "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{}],"
        "\"buffers\":[{\"byteLength\":8,\"uri\":\"data:application/octet-stream,%00%00%00%00%00%00%80%3F\"},"
        "{\"byteLength\":24,\"uri\":\"data:application/gltf-buffer;base64,AAAAQAAAQEAAAIBAAACgQAAAwEAAAOBA\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":1,\"byteLength\":24}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
        "{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}],"
        "\"animations\":[{\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"scale\"}}],"
        "\"samplers\":[{\"input\":0,\"output\":1}]}]}";
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(text, strlen(text), NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_SCALE);
    const float want_times[] = {0, 1}, want_values[] = {2, 3, 4, 5, 6, 7};
    assert_memory_equal(ta_track_times(t), want_times, sizeof want_times);
    assert_memory_equal(ta_track_values(t), want_values, sizeof want_values);
    ta_model_destroy(model);
}

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
}

static void external_bin_beside_the_gltf(void **state)
{
    (void)state;
    char dir[512], bin[600], gltf[600];
    snprintf(dir, sizeof dir, "%s/test_gltf_container_files", TA_BINARY_DIR);
    mkdir(dir, 0777);
    gltf_tb tb;
    gltf_tb_init(&tb);
    moving_node(&tb);
    snprintf(bin, sizeof bin, "%s/my data.bin", dir);
    write_file(bin, tb.bin, tb.bin_size);
    json_object_set_new(tb.root, "buffers",
                        json_pack("[{s:I,s:s}]", "byteLength", (json_int_t)tb.bin_size, "uri", "my%20data.bin"));
    char *text = json_dumps(tb.root, JSON_COMPACT);
    snprintf(gltf, sizeof gltf, "%s/scene.gltf", dir);
    write_file(gltf, text, strlen(text));

    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(gltf, NULL, &model, &err), &err);
    assert_moving_node(model);
    ta_model_destroy(model);

    /* From memory: base_dir says where the .bin is; without it, the current
     * folder, where it is not. */
    ta_load_options opts = {0};
    opts.base_dir = dir;
    TA_ASSERT_OK(ta_gltf_load_memory(text, strlen(text), &opts, &model, &err), &err);
    assert_moving_node(model);
    ta_model_destroy(model);
    model = UNTOUCHED;
    TA_ASSERT_REFUSED(ta_gltf_load_memory(text, strlen(text), NULL, &model, &err), &err, TA_ERROR_IO,
                      "buffers[0].uri: cannot open \"./my data.bin\"");
    assert_ptr_equal(model, UNTOUCHED);
    free(text);
    gltf_tb_free(&tb);
}

/* ---- refusals of the container ------------------------------------------------------- */

typedef struct refusal {
    const char *what;
    const uint8_t *data;
    size_t size;
    ta_result code;
    const char *needle;
} refusal;

static void check_refusal(const void *data, size_t size, const ta_load_options *opts, ta_result code,
                          const char *needle)
{
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_gltf_load_memory(data, size, opts, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
}

static void broken_glb_headers_and_chunks_are_refused(void **state)
{
    (void)state;
    size_t size;
    uint8_t *glb = gltf_tb_glb_raw("{\"asset\":{\"version\":\"2.0\"}}", "\1\2\3\4", 4, &size);
    uint8_t *copy = (uint8_t *)malloc(size + 16);

    check_refusal(glb, 7, NULL, TA_ERROR_PARSE, "byte 7: a .glb header is 12 bytes");

    memcpy(copy, glb, size);
    copy[4] = 1; /* version 1 */
    check_refusal(copy, size, NULL, TA_ERROR_UNSUPPORTED, "byte 4: .glb version 1");

    memcpy(copy, glb, size);
    copy[8] = (uint8_t)(size + 4); /* length past the end */
    check_refusal(copy, size, NULL, TA_ERROR_PARSE, "byte 8: the header's length");

    memcpy(copy, glb, size);
    copy[12] = 0xF0; /* the JSON chunk's length runs past the end */
    check_refusal(copy, size, NULL, TA_ERROR_PARSE, "byte 12: chunk 0's length");

    memcpy(copy, glb, size);
    memcpy(copy + 16, "XXXX", 4); /* no JSON chunk first */
    check_refusal(copy, size, NULL, TA_ERROR_PARSE, "byte 12: chunk 0 is of type 0x58585858; a .glb's first chunk is JSON");
    check_refusal(copy, 12, NULL, TA_ERROR_PARSE, "byte 8: the header's length");
    copy[8] = 12; /* no chunk at all */
    check_refusal(copy, 12, NULL, TA_ERROR_PARSE, "the .glb has no JSON chunk");

    /* The BIN chunk's 8-byte header cut short by the header's length. */
    memcpy(copy, glb, size);
    copy[8] = (uint8_t)(size - 10);
    check_refusal(copy, size - 10, NULL, TA_ERROR_PARSE, "chunk 1's 8-byte header runs past the end");

    /* The BIN chunk retyped as a second JSON chunk. */
    memcpy(copy, glb, size);
    size_t bin_header = size - 12;
    memcpy(copy + bin_header + 4, "JSON", 4);
    check_refusal(copy, size, NULL, TA_ERROR_PARSE, "is a second JSON chunk");
    free(copy);
    free(glb);
}

static void broken_json_and_documents_are_refused(void **state)
{
    (void)state;
    const struct {
        const char *text;
        ta_result code;
        const char *needle;
    } cases[] = {
        {"{\"asset\":{\"version\":\"2.0\"}", TA_ERROR_PARSE, "JSON: byte"},
        {"[1, 2]", TA_ERROR_PARSE, "JSON: the document is not an object"},
        {"{\"nodes\":[]}", TA_ERROR_PARSE, "asset: is missing"},
        {"{\"asset\":{}}", TA_ERROR_PARSE, "asset.version: is missing"},
        {"{\"asset\":{\"version\":\"1.0\"}}", TA_ERROR_UNSUPPORTED, "asset.version: \"1.0\""},
        {"{\"asset\":{\"version\":\"2.0\"},\"nodes\":{}}", TA_ERROR_PARSE, "nodes: is an object, not an array"},
        {"{\"asset\":{\"version\":\"2.0\"},\"scene\":1,\"scenes\":[{}]}", TA_ERROR_PARSE,
         "scene: 1 is not below the 1 scenes"},
        {"{\"asset\":{\"version\":\"2.0\"},\"scene\":-1,\"scenes\":[{}]}", TA_ERROR_PARSE,
         "scene: -1 is not an index into scenes"},
        /* Buffers: no uri outside a .glb, a short data: URI, bad base64, a
         * scheme the loader does not fetch. Each is read when an accessor
         * needs it: a skin's inverse bind matrices here. */
        {"{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":64}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":1,\"type\":\"MAT4\"}],"
         "\"nodes\":[{}],\"skins\":[{\"joints\":[0],\"inverseBindMatrices\":0}]}",
         TA_ERROR_PARSE, "buffers[0]: has no uri, and is not the BIN chunk of a .glb"},
        {"{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":64,\"uri\":\"data:,abc\"}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":1,\"type\":\"MAT4\"}],"
         "\"nodes\":[{}],\"skins\":[{\"joints\":[0],\"inverseBindMatrices\":0}]}",
         TA_ERROR_PARSE, "buffers[0].byteLength: 64 is more than the 3 bytes the uri holds"},
        {"{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":3,\"uri\":\"data:;base64,AB*D\"}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":3}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5121,\"count\":3,\"type\":\"SCALAR\"}],"
         "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}]}",
         TA_ERROR_PARSE, "buffers[0].uri: character 2 of the base64 data ('*') is not base64"},
        {"{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":3,\"uri\":\"https://x/y.bin\"}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":3}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5121,\"count\":3,\"type\":\"SCALAR\"}],"
         "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}]}",
         TA_ERROR_UNSUPPORTED, "buffers[0].uri: \"https://x/y.bin\" is not a data: URI nor a relative file"},
        {"{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":3,\"uri\":\"no such file.bin\"}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":3}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5121,\"count\":3,\"type\":\"SCALAR\"}],"
         "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}]}",
         TA_ERROR_IO, "buffers[0].uri: cannot open \"./no such file.bin\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        check_refusal(cases[i].text, strlen(cases[i].text), NULL, cases[i].code, cases[i].needle);
}

static void arguments_are_checked(void **state)
{
    (void)state;
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_gltf_load_memory("{}", 2, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_model");
    TA_ASSERT_REFUSED(ta_gltf_load_memory(NULL, 2, NULL, &model, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "data: is NULL");
    TA_ASSERT_REFUSED(ta_gltf_load_memory("", 0, NULL, &model, &err), &err, TA_ERROR_PARSE, "data: is empty");
    TA_ASSERT_REFUSED(ta_gltf_load_file(NULL, NULL, &model, &err), &err, TA_ERROR_INVALID_ARGUMENT, "path: is NULL");
    TA_ASSERT_REFUSED(ta_gltf_load_file("/nonexistent/x.glb", NULL, &model, &err), &err, TA_ERROR_IO,
                      "path: cannot open \"/nonexistent/x.glb\"");
    TA_ASSERT_REFUSED(ta_gltf_load_file("/", NULL, &model, &err), &err, TA_ERROR_IO, "is not a regular file");
    assert_ptr_equal(model, UNTOUCHED);
}

static void limits_are_checked_before_reading(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    moving_node(&tb);
    size_t size;
    uint8_t *glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    ta_load_options opts = {0};
    opts.limits.max_file_bytes = size - 1;
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "past limits.max_file_bytes");
    memset(&opts, 0, sizeof opts);
    opts.limits.max_depth = 3; /* {"animations":[{"channels":[{"target":{...}}]}]} is deeper */
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "JSON: nesting deeper than limits.max_depth (3 levels)");
    memset(&opts, 0, sizeof opts);
    opts.limits.max_clips = 1;
    gltf_tb_add(&tb, "animations", json_deep_copy(gltf_tb_get(&tb, "animations", 0)));
    free(glb);
    glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "animations: 2 animations, past limits.max_clips (1)");
    memset(&opts, 0, sizeof opts);
    opts.limits.max_tracks = 1;
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "past limits.max_tracks (1)");
    memset(&opts, 0, sizeof opts);
    opts.limits.max_total_keys = 3;
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "pass limits.max_total_keys (3)");
    memset(&opts, 0, sizeof opts);
    opts.limits.max_nodes = 0;
    gltf_tb_node(&tb, "b");
    free(glb);
    glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    opts.limits.max_nodes = 1;
    check_refusal(glb, size, &opts, TA_ERROR_LIMIT_EXCEEDED, "nodes: 2 nodes, past limits.max_nodes (1)");
    free(glb);
    gltf_tb_free(&tb);
}

/* Every cut of a valid file is refused, naming a byte or the JSON, and never
 * read past its end (the ASan build checks that). */
static void every_truncation_is_refused(void **state)
{
    (void)state;
    for (int c = 0; c < 2; ++c) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        moving_node(&tb);
        size_t size;
        uint8_t *file = gltf_tb_file(&tb, c == 0 ? GLTF_TB_GLB : GLTF_TB_DATA_URI, &size);
        for (size_t cut = 1; cut < size; ++cut) {
            uint8_t *part = (uint8_t *)malloc(cut);
            memcpy(part, file, cut);
            ta_model *model = UNTOUCHED;
            ta_error err = {0};
            ta_result r = ta_gltf_load_memory(part, cut, NULL, &model, &err);
            /* A .gltf cut after its closing brace would still load; the
             * builder's text ends with that brace. */
            assert_int_not_equal(r, TA_OK);
            assert_ptr_equal(model, UNTOUCHED);
            assert_true(strstr(err.message, "byte") != NULL || strstr(err.message, "JSON") != NULL ||
                        strstr(err.message, "buffers[0]") != NULL);
            free(part);
        }
        free(file);
        gltf_tb_free(&tb);
    }
}

static void memory_is_given_back_and_out_of_memory_is_refused(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    moving_node(&tb);
    size_t size;
    uint8_t *glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_load_options opts = {0};
    opts.allocator = &a;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(glb, size, &opts, &model, &err), &err);
    assert_true(counter.allocations > 0);
    ta_model_destroy(model);
    assert_int_equal(counter.live_bytes, 0);
    size_t needed = counter.allocations;
    /* Fail each allocation in turn: a clean refusal, nothing left behind. */
    for (long n = 0; n < (long)needed; ++n) {
        ta_test_counter c2 = {0, 0, 0, 0, n};
        ta_allocator a2 = ta_test_counting_allocator(&c2);
        opts.allocator = &a2;
        model = UNTOUCHED;
        ta_result r = ta_gltf_load_memory(glb, size, &opts, &model, &err);
        if (r == TA_OK) {
            ta_model_destroy(model);
        } else {
            assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
            assert_ptr_equal(model, UNTOUCHED);
        }
        assert_int_equal(c2.live_bytes, 0);
    }
    free(glb);
    gltf_tb_free(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glb_and_data_uri_give_the_same_model),
        cmocka_unit_test(json_text_with_a_byte_order_mark_loads),
        cmocka_unit_test(percent_encoded_and_base64_data_uris),
        cmocka_unit_test(external_bin_beside_the_gltf),
        cmocka_unit_test(broken_glb_headers_and_chunks_are_refused),
        cmocka_unit_test(broken_json_and_documents_are_refused),
        cmocka_unit_test(arguments_are_checked),
        cmocka_unit_test(limits_are_checked_before_reading),
        cmocka_unit_test(every_truncation_is_refused),
        cmocka_unit_test(memory_is_given_back_and_out_of_memory_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
