/*
 * What a file may make a loader allocate (model.h's ta_load_limits), for both
 * loaders: the glTF loader (ta_gltf_load_memory, ta_gltf_load_file) and the
 * three.js JSON readers (ta_object_json_read, ta_object_json_read_file,
 * ta_clip_read).
 *
 * A hostile document claims more than it holds: an accessor of 2**40 (or 2**32
 * - 1) elements with no bytes behind it, a buffer of 2**40 bytes, a GLB chunk
 * past the end, a nesting 200000 levels deep, more nodes, tracks, clips or keys
 * than the caller allows. Each is loaded through an allocator that counts and
 * that refuses to go past a cap far below what the claim would need, so a
 * loader that allocated before checking would answer OUT_OF_MEMORY (or take the
 * cap) instead of the refusal the test wants. Each refusal must also leave
 * nothing allocated and make no model.
 *
 * The module tests (test_gltf_container.c, test_gltf_accessor.c,
 * test_gltf_scene.c, test_clip_json.c, test_object_json_read.c) check each
 * limit's message; this file checks the memory.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gltf_test_builder.h"
#include "ta_test.h"

#include "threeanim/animation_json.h"
#include "threeanim/animation_markers.h"
#include "threeanim/gltf.h"
#include "threeanim/object_json.h"

/* ---- an allocator with a cap ----------------------------------------------------------- */

typedef struct capped {
    size_t live, peak, cap, allocations, frees, refused;
} capped;

static void *capped_alloc(void *user, size_t size)
{
    capped *c = (capped *)user;
    if (size > c->cap || c->live > c->cap - size) {
        c->refused++;
        return NULL;
    }
    void *p = malloc(size ? size : 1);
    if (p == NULL) return NULL;
    c->allocations++;
    c->live += size;
    if (c->live > c->peak) c->peak = c->live;
    return p;
}

static void *capped_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    capped *c = (capped *)user;
    if (new_size > old_size && (new_size - old_size > c->cap || c->live > c->cap - (new_size - old_size))) {
        c->refused++;
        return NULL;
    }
    void *p = realloc(ptr, new_size ? new_size : 1);
    if (p == NULL) return NULL;
    c->live = c->live - old_size + new_size;
    if (c->live > c->peak) c->peak = c->live;
    return p;
}

static void capped_free(void *user, void *ptr, size_t size)
{
    capped *c = (capped *)user;
    c->frees++;
    c->live -= size;
    free(ptr);
}

#define CAP (8u << 20) /* 8 MiB: far below every claim below, far above what a refusal needs */

static ta_allocator capped_allocator(capped *c)
{
    memset(c, 0, sizeof *c);
    c->cap = CAP;
    ta_allocator a = {capped_alloc, capped_realloc, capped_free, c};
    return a;
}

/* The load was refused with one of the codes (the second may be TA_OK for
 * "only the first"), the message holds needle, no model came back, nothing is
 * left allocated, and the cap was never met. */
static void check_refused(ta_result r, const ta_error *err, const ta_model *model, const void *sentinel,
                          const capped *c, ta_result code, ta_result or_code, const char *needle, const char *file,
                          int line)
{
    if (r == TA_OK || (r != code && r != or_code) || err->code != r) {
        print_error("answered %s (%s), want %s\n", ta_result_name(r), err->message, ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err->message, needle, file, line);
    if (!(model == NULL || (const void *)model == sentinel)) {
        print_error("a refused load gave a model\n");
        _fail(file, line);
    }
    if (c->refused != 0 || c->live != 0 || c->allocations != c->frees) {
        print_error("the loader met the %u MiB cap %zu times; peak %zu bytes, %zu left\n", CAP >> 20, c->refused,
                    c->peak, c->live);
        _fail(file, line);
    }
}

/* A glTF held in memory, loaded with the capped allocator and the limits given.
 * Strict: a channel whose accessor claims too much would otherwise be left out
 * with a warning, and what is checked here is that the claim is refused before
 * anything is allocated for it. */
static void gltf_refused(const void *data, size_t size, const ta_load_limits *limits, ta_result code,
                         ta_result or_code, const char *needle, const char *file, int line)
{
    capped c;
    ta_allocator a = capped_allocator(&c);
    ta_load_options o;
    memset(&o, 0, sizeof o);
    o.allocator = &a;
    o.base_dir = "/nonexistent-threeanim-limits";
    o.strict = true;
    if (limits) o.limits = *limits;
    int sentinel;
    ta_model *model = (ta_model *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_gltf_load_memory(data, size, &o, &model, &err);
    check_refused(r, &err, model, &sentinel, &c, code, or_code, needle, file, line);
}
#define GLTF_REFUSED(data, size, limits, code, or_code, needle) \
    gltf_refused((data), (size), (limits), (code), (or_code), (needle), __FILE__, __LINE__)

/* A document of one animated node, sampler 0 reading accessors input and output. */
static char *gltf_text(const char *accessors, const char *extra)
{
    char *text = malloc(4096);
    snprintf(text, 4096,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"n\"}],"
             "\"accessors\":[%s],"
             "\"animations\":[{\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":0,\"output\":1}]}]%s}",
             accessors, extra ? extra : "");
    return text;
}

/* ---- glTF: claims with no bytes behind them --------------------------------------------------- */

static void test_gltf_accessor_claims(void **state)
{
    (void)state;
    char *t;
    /* 2**40 elements: more than an accessor can count */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1099511627776},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":1}",
                  NULL);
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_PARSE, TA_ERROR_LIMIT_EXCEEDED, "count");
    free(t);
    /* 2**32 - 1 zero keys (no bufferView): the file holds none of them */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":4294967295},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":4294967295}",
                  NULL);
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "4294967295 more keys pass limits.max_total_keys");
    free(t);
    /* 2**26 zero keys, which the default limits allow, past a key limit of
     * 2**20: refused before they are read */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":67108864},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":67108864}",
                  NULL);
    ta_load_limits keys;
    memset(&keys, 0, sizeof keys);
    keys.max_total_keys = 1u << 20;
    GLTF_REFUSED(t, strlen(t), &keys, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_total_keys (1048576)");
    free(t);
    /* the key limit of the caller, met by a sampler's input before it is read */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1048576},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":1048576}",
                  NULL);
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_total_keys = 1000;
    GLTF_REFUSED(t, strlen(t), &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_total_keys (1000)");
    free(t);
    /* a sparse accessor of 2**31 replacements in a 4-byte view */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":2,\"sparse\":{\"count\":2147483648,"
                  "\"indices\":{\"bufferView\":0,\"componentType\":5125},\"values\":{\"bufferView\":0}}},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":2}",
                  ",\"buffers\":[{\"byteLength\":4,\"uri\":\"data:application/octet-stream;base64,AAAAAA==\"}],"
                  "\"bufferViews\":[{\"buffer\":0,\"byteLength\":4}]");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_PARSE, TA_ERROR_LIMIT_EXCEEDED, "sparse.count");
    free(t);
}

/* Many accessors, none with bytes behind it, each read by a sampler of a
 * channel that is then left out (a path this library does not drive): each
 * read is small, their sum is not. The loader bounds the numbers it reads over
 * the whole load by what a file within limits.max_file_bytes could hold. */
static void test_gltf_reads_add_up(void **state)
{
    (void)state;
    enum { CHANNELS = 300 };
    size_t cap = 64u * CHANNELS + 1024;
    char *accessors = malloc(cap), *channels = malloc(cap), *samplers = malloc(cap);
    size_t a = 0, c = 0, s = 0;
    a += (size_t)snprintf(accessors + a, cap - a, "{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1}");
    for (int i = 1; i <= CHANNELS; ++i) {
        a += (size_t)snprintf(accessors + a, cap - a, ",{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":65536}");
        c += (size_t)snprintf(channels + c, cap - c, "%s{\"sampler\":%d,\"target\":{\"node\":0,\"path\":\"foo\"}}",
                              i > 1 ? "," : "", i - 1);
        s += (size_t)snprintf(samplers + s, cap - s, "%s{\"input\":0,\"output\":%d}", i > 1 ? "," : "", i);
    }
    size_t tcap = a + c + s + 512;
    char *t = malloc(tcap);
    snprintf(t, tcap,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"n\"}],"
             "\"accessors\":[%s],\"animations\":[{\"channels\":[%s],\"samplers\":[%s]}]}",
             accessors, channels, samplers);
    /* 300 outputs of 2**16 zeros are 75 MiB of floats; a 1 MiB file holds 2**18 */
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_file_bytes = 1u << 20;
    GLTF_REFUSED(t, strlen(t), &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "more than a file within limits.max_file_bytes holds");
    free(t);
    free(accessors);
    free(channels);
    free(samplers);
}

/* A meshopt stream of four bytes whose extension claims 2**32 - 1 elements of
 * 256 bytes (a terabyte decoded): refused by the limit before the decoded
 * view is allocated. */
static void test_gltf_meshopt_claims(void **state)
{
    (void)state;
    char *t;
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1,\"bufferView\":0},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":1}",
                  ",\"buffers\":[{\"byteLength\":4,\"uri\":\"data:application/octet-stream;base64,oAAAAA==\"},"
                  "{\"byteLength\":1073741824,\"extensions\":{\"EXT_meshopt_compression\":{\"fallback\":true}}}],"
                  "\"bufferViews\":[{\"buffer\":1,\"byteLength\":1099511627520,\"extensions\":{"
                  "\"EXT_meshopt_compression\":{\"buffer\":0,\"byteLength\":4,\"byteStride\":256,"
                  "\"count\":4294967295,\"mode\":\"ATTRIBUTES\"}}}]");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "past limits.max_file_bytes");
    free(t);
}

static void test_gltf_buffer_and_container_claims(void **state)
{
    (void)state;
    char *t;
    /* a buffer that says it holds 2**40 bytes, with four behind it */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1,\"bufferView\":0},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":1}",
                  ",\"buffers\":[{\"byteLength\":1099511627776,\"uri\":\"data:application/octet-stream;base64,AAAAAA==\"}],"
                  "\"bufferViews\":[{\"buffer\":0,\"byteLength\":4}]");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_PARSE, "buffers[0]");
    free(t);
    /* an external buffer of 2**40 bytes, a file that is not there */
    t = gltf_text("{\"componentType\":5126,\"type\":\"SCALAR\",\"count\":1,\"bufferView\":0},"
                  "{\"componentType\":5126,\"type\":\"VEC3\",\"count\":1}",
                  ",\"buffers\":[{\"byteLength\":1099511627776,\"uri\":\"huge.bin\"}],"
                  "\"bufferViews\":[{\"buffer\":0,\"byteLength\":1099511627776}]");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_PARSE, "buffers[0]");
    free(t);
    /* a GLB whose JSON chunk says it is 4 GiB long, and one whose header says
     * the file is longer than it is */
    size_t size;
    uint8_t *glb = gltf_tb_glb_raw("{\"asset\":{\"version\":\"2.0\"}}", NULL, 0, &size);
    uint8_t *bad = malloc(size);
    memcpy(bad, glb, size);
    bad[12] = bad[13] = bad[14] = 0xf0;
    bad[15] = 0xff;
    GLTF_REFUSED(bad, size, NULL, TA_ERROR_PARSE, TA_OK, "");
    memcpy(bad, glb, size);
    bad[8] = bad[9] = bad[10] = 0xff;
    bad[11] = 0x7f;
    GLTF_REFUSED(bad, size, NULL, TA_ERROR_PARSE, TA_OK, "");
    free(bad);
    /* a file over the caller's byte limit: refused before a byte is copied */
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_file_bytes = size - 1;
    GLTF_REFUSED(glb, size, &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_file_bytes");
    free(glb);
}

/* A JSON text nested `levels` deep inside a member of an object. */
static char *deep_json(const char *prefix, size_t levels, const char *suffix)
{
    size_t np = strlen(prefix), ns = strlen(suffix);
    char *t = malloc(np + 2 * levels + ns + 1);
    memcpy(t, prefix, np);
    memset(t + np, '[', levels);
    memset(t + np + levels, ']', levels);
    memcpy(t + np + 2 * levels, suffix, ns + 1);
    return t;
}

static void test_gltf_counts_and_depth(void **state)
{
    (void)state;
    /* 200000 levels of nesting, at the default limits (1024 levels): in a .gltf
     * jansson's own limit (2048 levels) refuses it first, as a parse error; in a
     * .glb the loader's check on the chunk does */
    char *t = deep_json("{\"asset\":{\"version\":\"2.0\"},\"extras\":", 200000, "}");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_PARSE, "depth");
    size_t deep_size;
    uint8_t *deep_glb = gltf_tb_glb_raw(t, NULL, 0, &deep_size);
    GLTF_REFUSED(deep_glb, deep_size, NULL, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_PARSE, "depth");
    free(deep_glb);
    free(t);
    t = deep_json("{\"asset\":{\"version\":\"2.0\"},\"extras\":", 1500, "}");
    GLTF_REFUSED(t, strlen(t), NULL, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_depth");
    free(t);
    /* a chain of 40 nodes, 32 levels allowed */
    gltf_tb tb;
    gltf_tb_init(&tb);
    for (uint32_t i = 0; i < 40; ++i) {
        uint32_t n = gltf_tb_node(&tb, NULL);
        if (i > 0) json_object_set_new(gltf_tb_get(&tb, "nodes", n - 1), "children", json_pack("[i]", (int)n));
    }
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    size_t size;
    uint8_t *file = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_depth = 32;
    GLTF_REFUSED(file, size, &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_depth (32)");
    memset(&lim, 0, sizeof lim);
    lim.max_nodes = 39;
    GLTF_REFUSED(file, size, &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_nodes (39)");
    free(file);
    gltf_tb_free(&tb);
}

/* Exactly at a limit loads; one past it is refused. */
static void test_gltf_keys_at_the_limit(void **state)
{
    (void)state;
    enum { KEYS = 4096 };
    float *times = malloc(sizeof(float) * KEYS), *values = malloc(sizeof(float) * 3 * KEYS);
    for (uint32_t i = 0; i < KEYS; ++i) {
        times[i] = (float)i / 64.0f;
        values[3 * i] = (float)i;
        values[3 * i + 1] = values[3 * i + 2] = 0;
    }
    gltf_tb tb;
    gltf_tb_init(&tb);
    uint32_t node = gltf_tb_node(&tb, "n");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", (int)node));
    uint32_t in = gltf_tb_floats(&tb, times, KEYS, "SCALAR"), out = gltf_tb_floats(&tb, values, KEYS, "VEC3");
    gltf_tb_add(&tb, "animations",
                json_pack("{s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "channels", "sampler", 0, "target", "node",
                          (int)node, "path", "translation", "samplers", "input", (int)in, "output", (int)out));
    size_t size;
    uint8_t *file = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    ta_load_options o;
    memset(&o, 0, sizeof o);
    capped c;
    ta_allocator a = capped_allocator(&c);
    o.allocator = &a;
    o.limits.max_total_keys = KEYS;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_memory(file, size, &o, &model, &err), &err);
    assert_int_equal(ta_track_key_count(ta_clip_track(model->animations[0], 0)), KEYS);
    ta_model_destroy(model);
    assert_int_equal(c.live, 0);
    ta_load_limits lim = o.limits;
    lim.max_total_keys = KEYS - 1;
    GLTF_REFUSED(file, size, &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_total_keys (4095)");
    free(file);
    free(times);
    free(values);
    gltf_tb_free(&tb);
}

/* ---- files on disk ---------------------------------------------------------------------------- */

/* A file of size bytes, of spaces after a small valid start, in the build folder. */
static void write_big_file(const char *path, const char *start, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(start, f);
    for (size_t n = strlen(start); n < size; ++n) fputc(' ', f);
    fclose(f);
}

static void test_files_over_the_byte_limit(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/limits_big_%ld.gltf", TA_BINARY_DIR, (long)getpid());
    write_big_file(path, "{\"asset\":{\"version\":\"2.0\"}}", 3u << 20);
    ta_load_options o;
    memset(&o, 0, sizeof o);
    capped c;
    ta_allocator a = capped_allocator(&c);
    o.allocator = &a;
    o.limits.max_file_bytes = 1u << 20;
    int sentinel;
    ta_model *model = (ta_model *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_gltf_load_file(path, &o, &model, &err);
    check_refused(r, &err, model, &sentinel, &c, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_file_bytes", __FILE__,
                  __LINE__);
    assert_true(c.peak < (1u << 20)); /* not read into memory */
    memset(&err, 0, sizeof err);
    c.peak = 0;
    model = (ta_model *)(void *)&sentinel;
    r = ta_object_json_read_file(path, &o, &model, &err);
    check_refused(r, &err, model, &sentinel, &c, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "limits.max_file_bytes", __FILE__,
                  __LINE__);
    assert_true(c.peak < (1u << 20));
    unlink(path);
}

/* ---- three.js JSON ------------------------------------------------------------------------------ */

static void object_refused(const char *text, size_t length, const ta_load_limits *limits, ta_result code,
                           const char *needle, const char *file, int line)
{
    capped c;
    ta_allocator a = capped_allocator(&c);
    ta_load_options o;
    memset(&o, 0, sizeof o);
    o.allocator = &a;
    if (limits) o.limits = *limits;
    int sentinel;
    ta_model *model = (ta_model *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_object_json_read(text, length, &o, &model, &err);
    check_refused(r, &err, model, &sentinel, &c, code, TA_OK, needle, file, line);
}
#define OBJECT_REFUSED(text, limits, code, needle) \
    object_refused((text), strlen(text), (limits), (code), (needle), __FILE__, __LINE__)

/* A Scene with n Object3D children and one clip of `tracks` tracks of `keys`
 * keys on the first child; malloc'd. */
static char *object_doc(uint32_t n, uint32_t tracks, uint32_t keys)
{
    size_t cap = 4096 + (size_t)n * 64 + (size_t)tracks * keys * 40;
    char *t = malloc(cap);
    size_t o = 0;
    o += (size_t)snprintf(t + o, cap - o,
                          "{\"metadata\":{\"version\":4.7,\"type\":\"Object\",\"generator\":\"Object3D.toJSON\"},"
                          "\"animations\":[{\"uuid\":\"clip\",\"name\":\"c\",\"tracks\":[");
    static const char *const props[3] = {"position", "scale", "quaternion"};
    for (uint32_t k = 0; k < tracks; ++k) {
        const char *prop = props[k % 3];
        uint32_t size = k % 3 == 2 ? 4 : 3;
        o += (size_t)snprintf(t + o, cap - o, "%s{\"name\":\"n0.%s\",\"type\":\"%s\",\"times\":[", k ? "," : "", prop,
                              k % 3 == 2 ? "quaternion" : "vector");
        for (uint32_t i = 0; i < keys; ++i) o += (size_t)snprintf(t + o, cap - o, "%s%u", i ? "," : "", i);
        o += (size_t)snprintf(t + o, cap - o, "],\"values\":[");
        for (uint32_t i = 0; i < keys; ++i)
            o += (size_t)snprintf(t + o, cap - o, "%s%s", i ? "," : "", size == 4 ? "0,0,0,1" : "1,1,1");
        o += (size_t)snprintf(t + o, cap - o, "]}");
    }
    o += (size_t)snprintf(t + o, cap - o,
                          "]}],\"object\":{\"uuid\":\"s\",\"type\":\"Scene\",\"animations\":[\"clip\"],\"children\":[");
    for (uint32_t i = 0; i < n; ++i)
        o += (size_t)snprintf(t + o, cap - o, "%s{\"uuid\":\"u%u\",\"type\":\"Object3D\",\"name\":\"n%u\"}", i ? "," : "",
                              i, i);
    snprintf(t + o, cap - o, "]}}");
    return t;
}

static void test_object_json_limits(void **state)
{
    (void)state;
    /* 200000 levels of nesting, at the default limits */
    char *t = deep_json("{\"metadata\":{\"version\":4.7,\"type\":\"Object\"},\"object\":{\"type\":\"Scene\","
                        "\"userData\":{\"x\":",
                        200000, "}}}");
    OBJECT_REFUSED(t, NULL, TA_ERROR_LIMIT_EXCEEDED, "limits.max_depth");
    free(t);
    /* a document over the byte limit: refused before it is parsed */
    t = object_doc(10, 3, 10);
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_file_bytes = strlen(t) - 1;
    OBJECT_REFUSED(t, &lim, TA_ERROR_LIMIT_EXCEEDED, "limits.max_file_bytes");
    /* the reader counts objects, the Scene among them: 11 here */
    memset(&lim, 0, sizeof lim);
    lim.max_nodes = 10;
    OBJECT_REFUSED(t, &lim, TA_ERROR_LIMIT_EXCEEDED, "limits.max_nodes");
    memset(&lim, 0, sizeof lim);
    lim.max_tracks = 2;
    OBJECT_REFUSED(t, &lim, TA_ERROR_LIMIT_EXCEEDED, "limits.max_tracks");
    memset(&lim, 0, sizeof lim);
    lim.max_total_keys = 29;
    OBJECT_REFUSED(t, &lim, TA_ERROR_LIMIT_EXCEEDED, "limits.max_total_keys");
    /* exactly at the limits it loads */
    capped c;
    ta_allocator a = capped_allocator(&c);
    ta_load_options o;
    memset(&o, 0, sizeof o);
    o.allocator = &a;
    o.limits.max_total_keys = 30;
    o.limits.max_tracks = 3;
    o.limits.max_nodes = 11;
    o.limits.max_clips = 1;
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_object_json_read(t, strlen(t), &o, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    assert_int_equal(ta_clip_track_count(model->animations[0]), 3);
    ta_model_destroy(model);
    assert_int_equal(c.live, 0);
    free(t);
    /* a large document within the defaults: 3 tracks of 20000 keys */
    t = object_doc(100, 3, 20000);
    memset(&c, 0, sizeof c);
    a = capped_allocator(&c);
    c.cap = 64u << 20;
    memset(&o, 0, sizeof o);
    o.allocator = &a;
    TA_ASSERT_OK(ta_object_json_read(t, strlen(t), &o, &model, &err), &err);
    assert_int_equal(ta_track_key_count(ta_clip_track(model->animations[0], 0)), 20000);
    ta_model_destroy(model);
    assert_int_equal(c.live, 0);
    print_message("object JSON of %zu bytes, 60000 keys: peak %zu bytes through the caller's allocator\n", strlen(t),
                  c.peak);
    free(t);
}

static ta_result resolve_all(void *user, const char *track_name, const ta_track_name *parsed,
                             ta_track_binding *out, ta_error *err)
{
    (void)user;
    (void)track_name;
    (void)parsed;
    (void)err;
    memset(out, 0, sizeof *out);
    out->target_count = 1;
    ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_POSITION, &out->targets[0], NULL);
    return TA_OK;
}

/* Reading a clip with allocator a (NULL: the default), its tracks bound by resolve_all. */
static ta_clip_read_options read_options(const ta_allocator *a)
{
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.allocator = a;
    ro.resolver = resolve_all;
    return ro;
}

static void test_read_clip_limits(void **state)
{
    (void)state;
    char clip[512];
    snprintf(clip, sizeof clip,
             "{\"name\":\"c\",\"tracks\":[{\"name\":\"a.position\",\"type\":\"vector\",\"times\":[0,1,2],"
             "\"values\":[0,0,0,1,1,1,2,2,2]},{\"name\":\"b.position\",\"type\":\"vector\",\"times\":[0,1],"
             "\"values\":[0,0,0,1,1,1]}]}");
    struct {
        ta_load_limits lim;
        const char *needle;
    } cases[4];
    memset(cases, 0, sizeof cases);
    cases[0].lim.max_total_keys = 4;
    cases[0].needle = "limits.max_total_keys";
    cases[1].lim.max_tracks = 1;
    cases[1].needle = "limits.max_tracks";
    cases[2].lim.max_file_bytes = 20;
    cases[2].needle = "limits.max_file_bytes";
    cases[3].lim.max_depth = 2;
    cases[3].needle = "limits.max_depth";
    for (int i = 0; i < 4; ++i) {
        capped c;
        ta_allocator a = capped_allocator(&c);
        ta_clip_read_options ro = read_options(&a);
        ro.limits = cases[i].lim;
        int sentinel;
        ta_clip *out = (ta_clip *)(void *)&sentinel;
        ta_error err = {0};
        ta_result r = ta_clip_read(clip, strlen(clip), &ro, &out, &err);
        check_refused(r, &err, (const ta_model *)(void *)out, &sentinel, &c, TA_ERROR_LIMIT_EXCEEDED, TA_OK,
                      cases[i].needle, __FILE__, __LINE__);
    }
    /* 200000 levels deep at the defaults */
    char *t = deep_json("{\"name\":\"c\",\"userData\":", 200000, ",\"tracks\":[]}");
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.resolver = resolve_all;
    ta_clip *out = NULL;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_clip_read(t, strlen(t), &ro, &out, &err), &err, TA_ERROR_LIMIT_EXCEEDED, "limits.max_depth");
    assert_null(out);
    free(t);
}

/* A clip of one track over [0, 1] with n markers in its userData, latest
 * first, two at each time (given i and i + 1, i even). malloc'd. */
static char *clip_with_markers(uint32_t n)
{
    size_t cap = 128 + (size_t)n * 64, used = 0;
    char *t = (char *)malloc(cap);
    assert_non_null(t);
    used += (size_t)snprintf(t, cap,
                             "{\"name\":\"c\",\"tracks\":[{\"name\":\"a.position\",\"type\":\"vector\",\"times\":[0,1],"
                             "\"values\":[0,0,0,1,1,1]}],\"userData\":\"{\\\"markers\\\":[");
    for (uint32_t i = 0; i < n; ++i)
        used += (size_t)snprintf(t + used, cap - used, "%s{\\\"name\\\":\\\"%u\\\",\\\"time\\\":%.17g}",
                                 i ? "," : "", i, (double)((n - 1 - i) / 2) / 1048576.0);
    snprintf(t + used, cap - used, "]}\"}");
    return t;
}

/* The limits say how many markers are too many, and a file past
 * them is refused before its markers are allocated; a file of 200000 markers
 * latest first (9.9 s to load when they were sorted by insertion) loads,
 * sorted, the two at each time in the order written. Speed is not asserted. */
static void test_markers_against_the_limit(void **state)
{
    (void)state;
    char *text = clip_with_markers(4);
    capped c;
    ta_allocator a = capped_allocator(&c);
    ta_clip_read_options ro = read_options(&a);
    ro.limits.max_markers = 3;
    int sentinel;
    ta_clip *out = (ta_clip *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_clip_read(text, strlen(text), &ro, &out, &err);
    check_refused(r, &err, (const ta_model *)(void *)out, &sentinel, &c, TA_ERROR_LIMIT_EXCEEDED, TA_OK,
                  "user_data.markers: 4 markers pass the limit of 3 over all clips (limits.max_markers), 0 read before",
                  __FILE__, __LINE__);
    ro.limits.max_markers = 4;
    TA_ASSERT_OK(ta_clip_read(text, strlen(text), &ro, &out, &err), &err);
    assert_int_equal(ta_clip_marker_count(out), 4);
    ta_clip_release(out);
    free(text);

    /* the same in a glTF animation's extras */
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_hips_walk(&tb, json_pack("{s:[{s:s,s:f},{s:s,s:f}]}", "markers", "name", "a", "time", 0.5, "name", "b",
                                     "time", 0.25));
    size_t size = 0;
    uint8_t *glb = gltf_tb_file(&tb, GLTF_TB_GLB, &size);
    gltf_tb_free(&tb);
    ta_load_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_markers = 1;
    GLTF_REFUSED(glb, size, &lim, TA_ERROR_LIMIT_EXCEEDED, TA_OK, "animations[0]: user_data.markers: 2 markers pass the limit of 1");
    free(glb);

    /* 200000 latest first, at the default limit */
    enum { N = 200000 };
    text = clip_with_markers(N);
    ro = read_options(NULL);
    TA_ASSERT_OK(ta_clip_read(text, strlen(text), &ro, &out, &err), &err);
    free(text);
    assert_int_equal(ta_clip_marker_count(out), N);
    for (uint32_t j = 0; j < N; ++j) {
        ta_clip_marker m = ta_clip_marker_at(out, j);
        uint32_t v = j / 2, want = N - 2 - 2 * v + (j & 1);
        char name[16];
        snprintf(name, sizeof name, "%u", want);
        if (m.time.seconds != (double)v / 1048576.0 || strcmp(m.name, name) != 0)
            fail_msg("sorted marker %u: \"%s\" at %.9g, want \"%s\" at %.9g", j, m.name, m.time.seconds, name,
                     (double)v / 1048576.0);
    }
    ta_clip_release(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gltf_accessor_claims),
        cmocka_unit_test(test_gltf_reads_add_up),
        cmocka_unit_test(test_gltf_buffer_and_container_claims),
        cmocka_unit_test(test_gltf_counts_and_depth),
        cmocka_unit_test(test_gltf_keys_at_the_limit),
        cmocka_unit_test(test_files_over_the_byte_limit),
        cmocka_unit_test(test_object_json_limits),
        cmocka_unit_test(test_read_clip_limits),
        cmocka_unit_test(test_markers_against_the_limit),
        cmocka_unit_test(test_gltf_meshopt_claims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
