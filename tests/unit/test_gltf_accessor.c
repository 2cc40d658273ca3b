/* The glTF loader's accessors: every component type, normalized or not (read
 * as three.js's GLTFLoader reads animation outputs), byte strides, sparse
 * accessors, and every refusal of an accessor that does not fit its data. */
#include <stdlib.h>
#include <string.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

/* Node 0 carries a mesh with one morph target; animation 0 has a weights
 * channel from `input` to `output`. */
static void weights_file(gltf_tb *tb, uint32_t input, uint32_t output)
{
    static const float triangle[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    uint32_t pos = gltf_tb_floats(tb, triangle, 3, "VEC3");
    uint32_t target = gltf_tb_floats(tb, triangle, 3, "VEC3");
    gltf_tb_add(tb, "meshes",
                json_pack("{s:[{s:{s:i},s:[{s:i}]}]}", "primitives", "attributes", "POSITION", pos, "targets",
                          "POSITION", target));
    gltf_tb_add(tb, "nodes", json_pack("{s:i}", "mesh", 0));
    gltf_tb_add(tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    gltf_tb_add(tb, "animations",
                json_pack("{s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "channels", "sampler", 0, "target", "node", 0,
                          "path", "weights", "samplers", "input", input, "output", output));
}

static uint32_t four_times(gltf_tb *tb)
{
    static const float times[] = {0, 1, 2, 3};
    return gltf_tb_floats(tb, times, 4, "SCALAR");
}

/* Loads tb and returns the values of the one morph track (4 keys). */
static void load_weights(gltf_tb *tb, float out[4])
{
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 1);
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_target_of(t).kind, TA_TRACK_KIND_MORPH_INFLUENCE);
    assert_int_equal(ta_track_key_count(t), 4);
    memcpy(out, ta_track_values(t), 4 * sizeof(float));
    ta_model_destroy(model);
}

/* An accessor that does not fit, read by the one channel: that channel is left
 * out with a warning quoting the refusal (the clip keeps its place, with no
 * track), and with options.strict the whole file is refused with it. A limit
 * passed is the caller's bound, not the file's fault: refused either way. */
static void check_refused(gltf_tb *tb, ta_result code, const char *needle)
{
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    ta_load_options strict = {0};
    strict.strict = true;
    TA_ASSERT_REFUSED(gltf_tb_load(tb, GLTF_TB_GLB, &strict, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
    if (code == TA_ERROR_LIMIT_EXCEEDED) {
        TA_ASSERT_REFUSED(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err, code, needle);
        assert_ptr_equal(model, UNTOUCHED);
        return;
    }
    model = NULL;
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 0);
    assert_int_equal(model->warning_count, 2);
    assert_int_equal(model->warning_list[0].code, TA_LOAD_WARNING_CODE_BAD_CHANNEL);
    assert_string_equal(model->warning_list[0].path, "animations[0].channels[0]");
    TA_ASSERT_CONTAINS(model->warning_list[0].what, needle);
    TA_ASSERT_CONTAINS(model->warning_list[0].what, ta_result_name(code));
    assert_int_equal(model->warning_list[1].code, TA_LOAD_WARNING_CODE_NO_TRACKS);
    assert_string_equal(model->warning_list[1].path, "animations[0]");
    ta_model_destroy(model);
}

typedef struct component_case {
    uint32_t type;
    uint32_t size;
    double raw[4];
    double scale; /* three.js getNormalizedComponentScale; 0: cannot be normalized */
} component_case;

static void put(uint8_t *p, uint32_t type, double v)
{
    switch (type) {
    case 5120: *(int8_t *)p = (int8_t)v; break;
    case 5121: *p = (uint8_t)v; break;
    case 5122: {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case 5123: {
        uint16_t x = (uint16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case 5125: {
        uint32_t x = (uint32_t)v;
        memcpy(p, &x, 4);
        break;
    }
    default: {
        float x = (float)v;
        memcpy(p, &x, 4);
        break;
    }
    }
}

static void every_component_type_normalized_or_not(void **state)
{
    (void)state;
    const component_case cases[] = {
        {5120, 1, {-128, -1, 0, 127}, 1.0 / 127},       {5121, 1, {0, 1, 128, 255}, 1.0 / 255},
        {5122, 2, {-32768, -1, 0, 32767}, 1.0 / 32767}, {5123, 2, {0, 1, 32768, 65535}, 1.0 / 65535},
        {5125, 4, {0, 1, 16777217, 4000000000.0}, 0},   {5126, 4, {-0.5, 0.25, 1e-3, 3.5}, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        for (int normalized = 0; normalized < 2; ++normalized) {
            if (normalized && cases[c].scale == 0) continue;
            gltf_tb tb;
            gltf_tb_init(&tb);
            uint8_t bytes[16];
            for (int k = 0; k < 4; ++k) put(bytes + k * cases[c].size, cases[c].type, cases[c].raw[k]);
            uint32_t view = gltf_tb_view(&tb, bytes, 4 * cases[c].size, 0);
            uint32_t out = gltf_tb_accessor(&tb, (int)view, 0, cases[c].type, "SCALAR", 4, normalized != 0);
            weights_file(&tb, four_times(&tb), out);
            float got[4];
            load_weights(&tb, got);
            for (int k = 0; k < 4; ++k) {
                /* Integers read as their values (a UNSIGNED_INT past 2^24 as the
                 * nearest float, as Float32Array holds it); normalized ones
                 * times the scale, in double, then rounded to float (so a
                 * normalized BYTE -128 reads -1.0079, unclamped, as in three.js). */
                float want = normalized ? (float)(cases[c].raw[k] * cases[c].scale) : (float)cases[c].raw[k];
                if (got[k] != want)
                    fail_msg("type %u normalized %d key %d: %.9g, not %.9g", cases[c].type, normalized, k,
                             (double)got[k], (double)want);
            }
            gltf_tb_free(&tb);
        }
    }
}

static void byte_strides_interleave_accessors(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    /* Twelve-byte elements: a float time, a float weight, then a normalized
     * UNSIGNED_BYTE weight and three bytes of padding. */
    uint8_t bytes[48];
    memset(bytes, 0xEE, sizeof bytes);
    for (int k = 0; k < 4; ++k) {
        put(bytes + 12 * k, 5126, k * 0.5);
        put(bytes + 12 * k + 4, 5126, 10 + k);
        put(bytes + 12 * k + 8, 5121, 51 * k);
    }
    uint32_t view = gltf_tb_view(&tb, bytes, sizeof bytes, 12);
    uint32_t times = gltf_tb_accessor(&tb, (int)view, 0, 5126, "SCALAR", 4, false);
    uint32_t floats = gltf_tb_accessor(&tb, (int)view, 4, 5126, "SCALAR", 4, false);
    uint32_t ubytes = gltf_tb_accessor(&tb, (int)view, 8, 5121, "SCALAR", 4, true);
    weights_file(&tb, times, floats);
    float got[4];
    load_weights(&tb, got);
    for (int k = 0; k < 4; ++k) assert_true(got[k] == (float)(10 + k));
    json_array_set_new(json_object_get(gltf_tb_get(&tb, "animations", 0), "samplers"), 0,
                       json_pack("{s:i,s:i}", "input", times, "output", ubytes));
    load_weights(&tb, got);
    for (int k = 0; k < 4; ++k) assert_true(got[k] == (float)(51.0 * k * (1.0 / 255)));
    gltf_tb_free(&tb);
}

static json_t *sparse(uint32_t count, uint32_t index_view, uint32_t index_type, uint32_t value_view)
{
    return json_pack("{s:i,s:{s:i,s:i},s:{s:i}}", "count", count, "indices", "bufferView", index_view, "componentType",
                     index_type, "values", "bufferView", value_view);
}

static void sparse_accessors_replace_elements(void **state)
{
    (void)state;
    /* Over a base view: USHORT indices {1, 3}. */
    {
        gltf_tb tb;
        gltf_tb_init(&tb);
        const float base[] = {1, 2, 3, 4}, values[] = {20, 40};
        const uint16_t idx[] = {1, 3};
        uint32_t out = gltf_tb_floats(&tb, base, 4, "SCALAR");
        uint32_t iv = gltf_tb_view(&tb, idx, sizeof idx, 0), vv = gltf_tb_view(&tb, values, sizeof values, 0);
        json_object_set_new(gltf_tb_get(&tb, "accessors", out), "sparse", sparse(2, iv, 5123, vv));
        weights_file(&tb, four_times(&tb), out);
        float got[4];
        load_weights(&tb, got);
        const float want[] = {1, 20, 3, 40};
        assert_memory_equal(got, want, sizeof want);
        gltf_tb_free(&tb);
    }
    /* No base view (zeros): UNSIGNED_BYTE and UNSIGNED_INT indices. */
    for (int t = 0; t < 2; ++t) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        const float values[] = {5, 7};
        const uint8_t idx8[] = {0, 2};
        const uint32_t idx32[] = {0, 2};
        uint32_t iv = t == 0 ? gltf_tb_view(&tb, idx8, sizeof idx8, 0) : gltf_tb_view(&tb, idx32, sizeof idx32, 0);
        uint32_t vv = gltf_tb_view(&tb, values, sizeof values, 0);
        uint32_t out = gltf_tb_accessor(&tb, -1, 0, 5126, "SCALAR", 4, false);
        json_object_set_new(gltf_tb_get(&tb, "accessors", out), "sparse", sparse(2, iv, t == 0 ? 5121 : 5125, vv));
        weights_file(&tb, four_times(&tb), out);
        float got[4];
        load_weights(&tb, got);
        const float want[] = {5, 0, 7, 0};
        assert_memory_equal(got, want, sizeof want);
        gltf_tb_free(&tb);
    }
    /* Normalized: the sparse bytes are scaled with the rest. */
    {
        gltf_tb tb;
        gltf_tb_init(&tb);
        const uint8_t base[] = {0, 255, 0, 0}, values[] = {51};
        const uint8_t idx[] = {2};
        uint32_t bv = gltf_tb_view(&tb, base, sizeof base, 0);
        uint32_t iv = gltf_tb_view(&tb, idx, sizeof idx, 0), vv = gltf_tb_view(&tb, values, sizeof values, 0);
        uint32_t out = gltf_tb_accessor(&tb, (int)bv, 0, 5121, "SCALAR", 4, true);
        json_object_set_new(gltf_tb_get(&tb, "accessors", out), "sparse", sparse(1, iv, 5121, vv));
        weights_file(&tb, four_times(&tb), out);
        float got[4];
        load_weights(&tb, got);
        const float want[] = {0, 1, (float)(51 * (1.0 / 255)), 0};
        assert_memory_equal(got, want, sizeof want);
        gltf_tb_free(&tb);
    }
}

/* A weights file whose output accessor the case then breaks. */
static uint32_t breakable(gltf_tb *tb)
{
    gltf_tb_init(tb);
    const float v[] = {0.1f, 0.2f, 0.3f, 0.4f};
    uint32_t out = gltf_tb_floats(tb, v, 4, "SCALAR");
    weights_file(tb, four_times(tb), out);
    return out;
}

static void set_member(gltf_tb *tb, const char *array, uint32_t index, const char *key, json_t *value)
{
    json_object_set_new(gltf_tb_get(tb, array, index), key, value);
}

static void accessors_that_do_not_fit_are_refused(void **state)
{
    (void)state;
    gltf_tb tb;
    uint32_t out;

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "count", json_integer(5));
    check_refused(&tb, TA_ERROR_PARSE,
                  "accessors[0]: 5 elements of 4 bytes, 4 bytes apart from byteOffset 0, need 20 "
                  "bytes; bufferViews[0] holds 16");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "bufferViews", 0, "byteLength", json_integer(4000));
    check_refused(&tb, TA_ERROR_PARSE, "bufferViews[0]: bytes 0 to 4000 pass the end of buffers[0]");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "byteOffset", json_integer(2));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].byteOffset: 2 is not a multiple of the 4-byte component");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "type", json_string("VEC2"));
    set_member(&tb, "bufferViews", 0, "byteStride", json_integer(4));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0]: bufferViews[0].byteStride 4 is shorter than the 8-byte element");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "bufferViews", 0, "byteStride", json_integer(6));
    check_refused(&tb, TA_ERROR_PARSE, "byteStride 6 is not a multiple of the 4-byte component");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "bufferViews", 0, "byteStride", json_integer(256));
    check_refused(&tb, TA_ERROR_PARSE, "bufferViews[0].byteStride: 256 is not in [4, 252]");
    gltf_tb_free(&tb);

    /* A count that would overflow 32 bits of bytes is still checked exactly. */
    out = breakable(&tb);
    set_member(&tb, "accessors", out, "count", json_integer(4294967295LL));
    set_member(&tb, "bufferViews", 0, "byteStride", json_integer(252));
    check_refused(&tb, TA_ERROR_PARSE, "4294967295 elements of 4 bytes, 252 bytes apart");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "count", json_integer(4294967296LL));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].count: 4294967296 is not in [1, 4294967295]");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "count", json_integer(0));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].count: 0 is not in [1,");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "normalized", json_true());
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].normalized: true for componentType 5126");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "componentType", json_integer(5124));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].componentType: 5124 is not a component type");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "type", json_string("VEC5"));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].type: \"VEC5\" is not SCALAR");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    set_member(&tb, "accessors", out, "bufferView", json_integer(99));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].bufferView: 99 is not below the");
    gltf_tb_free(&tb);

    out = breakable(&tb);
    json_object_del(gltf_tb_get(&tb, "accessors", out), "bufferView");
    set_member(&tb, "accessors", out, "byteOffset", json_integer(4));
    check_refused(&tb, TA_ERROR_PARSE, "accessors[0].byteOffset: 4 without a bufferView");
    gltf_tb_free(&tb);
}

static void sparse_accessors_that_do_not_fit_are_refused(void **state)
{
    (void)state;
    const uint16_t idx[] = {1, 7};
    const float values[] = {2, 3};
    for (int c = 0; c < 5; ++c) {
        gltf_tb tb;
        uint32_t out = breakable(&tb);
        uint32_t iv = gltf_tb_view(&tb, idx, sizeof idx, 0), vv = gltf_tb_view(&tb, values, sizeof values, 0);
        json_t *sp = sparse(c == 1 ? 3 : 2, iv, c == 2 ? 5126 : 5123, vv);
        if (c == 3) json_object_set_new(json_object_get(sp, "values"), "byteOffset", json_integer(4));
        if (c == 4) json_object_set_new(sp, "count", json_integer(5));
        set_member(&tb, "accessors", out, "sparse", sp);
        static const char *const needles[] = {
            "accessors[0].sparse.indices: entry 1 is element 7, not below the accessor's count 4",
            "accessors[0].sparse.indices: 3 indices of 2 bytes from byte 0 pass the end of bufferViews",
            "accessors[0].sparse.indices.componentType: 5126 is not 5121, 5123 or 5125",
            "accessors[0].sparse.values: 2 elements of 4 bytes from byte 4 pass the end",
            "accessors[0].sparse.count: 5 is not in [1, 4]",
        };
        check_refused(&tb, TA_ERROR_PARSE, needles[c]);
        gltf_tb_free(&tb);
    }
    /* Without a view the count alone sets the size: bounded by the file limit. */
    gltf_tb tb;
    uint32_t out = breakable(&tb);
    json_object_del(gltf_tb_get(&tb, "accessors", out), "bufferView");
    set_member(&tb, "accessors", out, "count", json_integer(1u << 30));
    check_refused(&tb, TA_ERROR_LIMIT_EXCEEDED, "more than a file within limits.max_file_bytes holds");
    gltf_tb_free(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_component_type_normalized_or_not),
        cmocka_unit_test(byte_strides_interleave_accessors),
        cmocka_unit_test(sparse_accessors_replace_elements),
        cmocka_unit_test(accessors_that_do_not_fit_are_refused),
        cmocka_unit_test(sparse_accessors_that_do_not_fit_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
