/* The glTF loader's meshopt-compressed views (io/gltf_meshopt.c): read from
 * the compressed stream, not the view's own (fallback) bytes; a fallback
 * buffer with no uri, as KHR_meshopt_compression describes it; a stream of a
 * kind not decoded here read from the uncompressed data when the file does
 * not require the extension, refused when it does; EXT_meshopt_compression
 * before KHR's, as three.js reads a view; decoded bytes held to
 * limits.max_file_bytes across views, before they are allocated. */
#include <stdio.h>
#include <stdlib.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/animation_clip.h"
#include "threeanim/gltf.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/model.h"

/* A version 1 ATTRIBUTES stream (KHR_meshopt_compression, Appendix A) of
 * count elements (at most one block) with every byte's deltas stored as is
 * (control mode 3) from a zero baseline, channel mode 0. Returns its size. */
static size_t v1_literal(uint8_t *out, const uint8_t *data, size_t count, size_t stride)
{
    size_t n = 0;
    out[n++] = 0xA1;
    for (size_t k = 0; k < stride / 4; ++k) out[n++] = 0xFF;
    for (size_t k = 0; k < stride; ++k)
        for (size_t i = 0; i < count; ++i) {
            uint8_t d = (uint8_t)(data[i * stride + k] - (i ? data[(i - 1) * stride + k] : 0));
            out[n++] = (uint8_t)((d & 0x80) ? ~(d << 1) : (d << 1));
        }
    size_t tail = stride + stride / 4;
    for (size_t k = tail; k < 24; ++k) out[n++] = 0;
    memset(out + n, 0, tail);
    return n + tail;
}

/* The file: tb's JSON and BIN chunk, with `more` (a JSON array text, or
 * NULL) appended to its buffers. */
static uint8_t *glb(gltf_tb *tb, const char *more, size_t *size)
{
    json_t *doc = json_deep_copy(tb->root);
    json_t *buffers = json_pack("[{s:I}]", "byteLength", (json_int_t)tb->bin_size);
    if (more != NULL) {
        json_t *extra = json_loads(more, 0, NULL);
        assert_non_null(extra);
        json_array_extend(buffers, extra);
        json_decref(extra);
    }
    json_object_set_new(doc, "buffers", buffers);
    char *text = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    uint8_t *out = gltf_tb_glb_raw(text, tb->bin, tb->bin_size, size);
    free(text);
    return out;
}

/* Node "hips" moved by one clip: times {0, 2}; the VEC3 values' view holds
 * `fallback` (its uncompressed data) and carries `ext` (the view's
 * extensions object as text; each extension in it is given the stream's
 * byteOffset and byteLength), the stream being (0,0,0) then (1,0,0) written by v1_literal,
 * with its first byte replaced by header when header is not 0. */
static void hips(gltf_tb *tb, const float fallback[6], const char *ext, uint8_t header, const char *required)
{
    gltf_tb_init(tb);
    uint32_t node = gltf_tb_node(tb, "hips");
    gltf_tb_add(tb, "scenes", json_pack("{s:[i]}", "nodes", (int)node));
    const float times[2] = {0, 2}, moves[6] = {0, 0, 0, 1, 0, 0};
    uint32_t in = gltf_tb_floats(tb, times, 2, "SCALAR");
    uint32_t out = gltf_tb_floats(tb, fallback, 2, "VEC3");
    uint8_t stream[128];
    size_t n = v1_literal(stream, (const uint8_t *)moves, 2, 12);
    if (header != 0) stream[0] = header;
    uint32_t sv = gltf_tb_view(tb, stream, n, 0);
    json_int_t at = json_integer_value(json_object_get(gltf_tb_get(tb, "bufferViews", sv), "byteOffset"));
    json_t *e = json_loads(ext, 0, NULL);
    assert_non_null(e);
    const char *key;
    json_t *obj;
    json_object_foreach(e, key, obj) {
        json_object_set_new(obj, "byteOffset", json_integer(at));
        json_object_set_new(obj, "byteLength", json_integer((json_int_t)n));
    }
    json_t *view = gltf_tb_get(tb, "bufferViews", out);
    json_object_set_new(view, "extensions", e);
    json_object_set_new(view, "byteStride", json_integer(12));
    gltf_tb_add(tb, "animations",
                json_pack("{s:s,s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "name", "walk", "channels", "sampler", 0,
                          "target", "node", (int)node, "path", "translation", "samplers", "input", (int)in, "output",
                          (int)out));
    if (required != NULL) json_object_set_new(tb->root, "extensionsRequired", json_pack("[s]", required));
}

#define EXT_OBJ(name)                                                                                                  \
    "{\"" name "\":{\"buffer\":0,\"byteStride\":12,\"count\":2,\"mode\":\"ATTRIBUTES\"}}"

static const float ZEROS[6] = {0, 0, 0, 0, 0, 0};
static const float NINES[6] = {9, 9, 9, 9, 9, 9};

/* The last key's x of clip's only track. */
static float last_x(const ta_model *m, uint32_t clip)
{
    assert_true(clip < m->animation_count);
    const ta_track *t = ta_clip_track(m->animations[clip], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    return ta_track_values(t)[3];
}

static ta_result load(gltf_tb *tb, const char *more, const ta_load_options *o, ta_model **m, ta_error *err)
{
    size_t size;
    uint8_t *file = glb(tb, more, &size);
    ta_result r = ta_gltf_load_memory(file, size, o, m, err);
    free(file);
    gltf_tb_free(tb);
    return r;
}

/* A version 1 stream under either extension is what the view holds; its own
 * bytes (nines here) are not read. */
static void test_reads_the_stream(void **state)
{
    (void)state;
    static const char *const exts[] = {EXT_OBJ("EXT_meshopt_compression"), EXT_OBJ("KHR_meshopt_compression")};
    for (int k = 0; k < 2; ++k) {
        gltf_tb tb;
        hips(&tb, NINES, exts[k], 0, NULL);
        ta_model *m = NULL;
        ta_error err = {0};
        TA_ASSERT_OK(load(&tb, NULL, NULL, &m, &err), &err);
        assert_true(last_x(m, 0) == 1.0f);
        assert_int_equal(m->warning_count, 0);
        ta_model_destroy(m);
    }
}

/* The view's buffer a placeholder with no uri, tagged as KHR's fallback, as
 * gltfpack -ce khr writes it: never loaded. */
static void test_fallback_buffer_without_uri(void **state)
{
    (void)state;
    gltf_tb tb;
    hips(&tb, ZEROS, EXT_OBJ("KHR_meshopt_compression"), 0, "KHR_meshopt_compression");
    uint32_t views = (uint32_t)json_array_size(json_object_get(tb.root, "bufferViews"));
    json_t *view = gltf_tb_get(&tb, "bufferViews", 1);
    json_object_set_new(view, "buffer", json_integer(1));
    json_object_set_new(view, "byteOffset", json_integer(0));
    assert_int_equal(views, 3);
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(load(&tb, "[{\"byteLength\":24,\"extensions\":{\"KHR_meshopt_compression\":{\"fallback\":true}}}]",
                      NULL, &m, &err),
                 &err);
    assert_true(last_x(m, 0) == 1.0f);
    ta_model_destroy(m);
}

/* A vertex codec version past 1: read from the view's own bytes with a
 * warning when the file does not require the extension; refused when it
 * does, and when there are no such bytes (strict mode refuses the warning). */
static void test_unknown_version(void **state)
{
    (void)state;
    gltf_tb tb;
    ta_model *m = NULL;
    ta_error err = {0};
    hips(&tb, NINES, EXT_OBJ("EXT_meshopt_compression"), 0xA2, NULL);
    /* A second accessor on the view, read by a second clip: one warning. */
    uint32_t again = gltf_tb_accessor(&tb, 1, 0, 5126, "VEC3", 2, false);
    gltf_tb_add(&tb, "animations",
                json_pack("{s:s,s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "name", "again", "channels", "sampler", 0,
                          "target", "node", 0, "path", "translation", "samplers", "input", 0, "output", (int)again));
    TA_ASSERT_OK(load(&tb, NULL, NULL, &m, &err), &err);
    assert_int_equal(m->animation_count, 2);
    assert_true(last_x(m, 0) == 9.0f);
    assert_true(last_x(m, 1) == 9.0f);
    assert_int_equal(m->warning_count, 1);
    TA_ASSERT_CONTAINS(m->warnings[0], "bufferViews[1].extensions.EXT_meshopt_compression");
    TA_ASSERT_CONTAINS(m->warnings[0], "past 1; read from the view's uncompressed data");
    ta_model_destroy(m);

    hips(&tb, NINES, EXT_OBJ("EXT_meshopt_compression"), 0xA2, "EXT_meshopt_compression");
    m = NULL;
    TA_ASSERT_REFUSED(load(&tb, NULL, NULL, &m, &err), &err, TA_ERROR_UNSUPPORTED, "codec version past 1");
    assert_null(m);

    ta_load_options strict = {0};
    strict.strict = true;
    hips(&tb, NINES, EXT_OBJ("EXT_meshopt_compression"), 0xA2, NULL);
    assert_int_not_equal(load(&tb, NULL, &strict, &m, &err), TA_OK);
    assert_null(m);
}

/* Both extensions on one view: EXT_meshopt_compression's stream is read (a
 * KHR object that would not decode is not looked at), as three.js does. */
static void test_ext_before_khr(void **state)
{
    (void)state;
    gltf_tb tb;
    hips(&tb, NINES,
         "{\"EXT_meshopt_compression\":{\"buffer\":0,\"byteStride\":12,\"count\":2,\"mode\":\"ATTRIBUTES\"},"
         "\"KHR_meshopt_compression\":{\"buffer\":0,\"byteStride\":12,\"count\":2,\"mode\":\"NOT_A_MODE\"}}",
         0, NULL);
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(load(&tb, NULL, NULL, &m, &err), &err);
    assert_true(last_x(m, 0) == 1.0f);
    ta_model_destroy(m);
}

/* Two views, each decoding to less than limits.max_file_bytes, 2400 bytes
 * together: the second is refused before it is allocated. Streams of a few
 * bytes: 150 float times rising by one unit of the last place (the low byte
 * +1 per element: 2-bit deltas of zigzag 2), and 150 VEC3 of zero (every
 * byte of control mode 2). */
static void test_decoded_bytes_limited(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    uint32_t node = gltf_tb_node(&tb, "hips");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", (int)node));
    uint8_t times[128], values[64];
    size_t nt = 0, nv = 0;
    times[nt++] = 0xA1;
    times[nt++] = 0xA8;                          /* byte 0 control 0, bytes 1..3 all zero */
    times[nt++] = 0xAA, times[nt++] = 0xAA;      /* 10 groups of header mode 2 (2-bit deltas) */
    times[nt++] = 0x0A;
    for (int g = 0; g < 10 * 4; ++g) times[nt++] = 0xAA; /* 16 deltas of 2 (zigzag +1) */
    for (int k = 5; k < 24; ++k) times[nt++] = 0;
    const uint8_t one[5] = {0x00, 0x00, 0x80, 0x3F, 0x00}; /* baseline 1.0f, channel mode 0 */
    memcpy(times + nt, one, 5);
    nt += 5;
    values[nv++] = 0xA1;
    for (int k = 0; k < 3; ++k) values[nv++] = 0xAA;
    memset(values + nv, 0, 24);
    nv += 24;
    uint32_t vt = gltf_tb_view(&tb, times, nt, 0), vv = gltf_tb_view(&tb, values, nv, 0);
    json_int_t at_t = json_integer_value(json_object_get(gltf_tb_get(&tb, "bufferViews", vt), "byteOffset"));
    json_int_t at_v = json_integer_value(json_object_get(gltf_tb_get(&tb, "bufferViews", vv), "byteOffset"));
    uint32_t dt = gltf_tb_add(&tb, "bufferViews",
                              json_pack("{s:i,s:i,s:{s:{s:i,s:I,s:I,s:i,s:i,s:s}}}", "buffer", 0, "byteLength", 600,
                                        "extensions", "KHR_meshopt_compression", "buffer", 0, "byteOffset", at_t,
                                        "byteLength", (json_int_t)nt, "byteStride", 4, "count", 150, "mode",
                                        "ATTRIBUTES"));
    uint32_t dv = gltf_tb_add(&tb, "bufferViews",
                              json_pack("{s:i,s:i,s:{s:{s:i,s:I,s:I,s:i,s:i,s:s}}}", "buffer", 0, "byteLength", 1800,
                                        "extensions", "KHR_meshopt_compression", "buffer", 0, "byteOffset", at_v,
                                        "byteLength", (json_int_t)nv, "byteStride", 12, "count", 150, "mode",
                                        "ATTRIBUTES"));
    uint32_t in = gltf_tb_accessor(&tb, (int)dt, 0, 5126, "SCALAR", 150, false);
    uint32_t out = gltf_tb_accessor(&tb, (int)dv, 0, 5126, "VEC3", 150, false);
    gltf_tb_add(&tb, "animations",
                json_pack("{s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "channels", "sampler", 0, "target", "node",
                          (int)node, "path", "translation", "samplers", "input", (int)in, "output", (int)out));
    /* Fallback buffers with no uri, one for each view, each within the limit. */
    const char *more = "[{\"byteLength\":600,\"extensions\":{\"KHR_meshopt_compression\":{\"fallback\":true}}},"
                       "{\"byteLength\":1800,\"extensions\":{\"KHR_meshopt_compression\":{\"fallback\":true}}}]";
    json_object_set_new(gltf_tb_get(&tb, "bufferViews", dt), "buffer", json_integer(1));
    json_object_set_new(gltf_tb_get(&tb, "bufferViews", dv), "buffer", json_integer(2));
    size_t size;
    uint8_t *file = glb(&tb, more, &size);
    gltf_tb_free(&tb);
    assert_true(size < 2000);

    /* Within the default limits it loads: 150 keys up from 1.0 by 2^-23 (the
     * first element is the baseline plus its delta). */
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(file, size, NULL, &m, &err), &err);
    const ta_track *t = ta_clip_track(m->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 150);
    assert_true(ta_track_times(t)[0] == 1.0f + 0x1p-23f);
    assert_true(ta_track_times(t)[149] == 1.0f + 150 * 0x1p-23f);
    ta_model_destroy(m);

    ta_test_counter counter = {.fail_after = -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_load_options o = {0};
    o.allocator = &a;
    o.limits.max_file_bytes = 2000;
    m = NULL;
    TA_ASSERT_REFUSED(ta_gltf_load_memory(file, size, &o, &m, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "decodes to 1800 bytes, past limits.max_file_bytes (2000; 600 bytes were decoded before it)");
    assert_null(m);
    assert_int_equal(counter.live_bytes, 0);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_stream),        cmocka_unit_test(test_fallback_buffer_without_uri),
        cmocka_unit_test(test_unknown_version),         cmocka_unit_test(test_ext_before_khr),
        cmocka_unit_test(test_decoded_bytes_limited),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
