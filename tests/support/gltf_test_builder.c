/* Small glTF files made in memory, for the glTF loader's unit tests. */
#include "gltf_test_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gltf_tb_init(gltf_tb *tb)
{
    memset(tb, 0, sizeof *tb);
    tb->root = json_pack("{s:{s:s}}", "asset", "version", "2.0");
}

void gltf_tb_free(gltf_tb *tb)
{
    json_decref(tb->root);
    free(tb->bin);
    memset(tb, 0, sizeof *tb);
}

uint32_t gltf_tb_add(gltf_tb *tb, const char *key, json_t *obj)
{
    json_t *array = json_object_get(tb->root, key);
    if (array == NULL) {
        array = json_array();
        json_object_set_new(tb->root, key, array);
    }
    json_array_append_new(array, obj);
    return (uint32_t)json_array_size(array) - 1;
}

json_t *gltf_tb_get(gltf_tb *tb, const char *key, size_t n)
{
    return json_array_get(json_object_get(tb->root, key), n);
}

static void append(gltf_tb *tb, const void *bytes, size_t size)
{
    if (tb->bin_size + size > tb->bin_cap) {
        size_t cap = tb->bin_cap ? tb->bin_cap * 2 : 256;
        while (cap < tb->bin_size + size) cap *= 2;
        tb->bin = (uint8_t *)realloc(tb->bin, cap);
        tb->bin_cap = cap;
    }
    if (size) memcpy(tb->bin + tb->bin_size, bytes, size);
    tb->bin_size += size;
}

uint32_t gltf_tb_view(gltf_tb *tb, const void *bytes, size_t size, uint32_t stride)
{
    static const uint8_t zeros[4] = {0, 0, 0, 0};
    append(tb, zeros, (4 - tb->bin_size % 4) % 4);
    size_t offset = tb->bin_size;
    append(tb, bytes, size);
    json_t *view =
        json_pack("{s:i,s:I,s:I}", "buffer", 0, "byteOffset", (json_int_t)offset, "byteLength", (json_int_t)size);
    if (stride) json_object_set_new(view, "byteStride", json_integer(stride));
    return gltf_tb_add(tb, "bufferViews", view);
}

uint32_t gltf_tb_accessor(gltf_tb *tb, int view, size_t byte_offset, uint32_t component_type, const char *type,
                          uint32_t count, bool normalized)
{
    json_t *acc =
        json_pack("{s:i,s:s,s:I}", "componentType", (int)component_type, "type", type, "count", (json_int_t)count);
    if (view >= 0) json_object_set_new(acc, "bufferView", json_integer(view));
    if (byte_offset) json_object_set_new(acc, "byteOffset", json_integer((json_int_t)byte_offset));
    if (normalized) json_object_set_new(acc, "normalized", json_true());
    return gltf_tb_add(tb, "accessors", acc);
}

static uint32_t comps_of(const char *type)
{
    if (strcmp(type, "VEC2") == 0) return 2;
    if (strcmp(type, "VEC3") == 0) return 3;
    if (strcmp(type, "VEC4") == 0 || strcmp(type, "MAT2") == 0) return 4;
    if (strcmp(type, "MAT3") == 0) return 9;
    if (strcmp(type, "MAT4") == 0) return 16;
    return 1;
}

uint32_t gltf_tb_floats(gltf_tb *tb, const float *values, uint32_t count, const char *type)
{
    uint32_t view = gltf_tb_view(tb, values, sizeof(float) * count * comps_of(type), 0);
    return gltf_tb_accessor(tb, (int)view, 0, 5126, type, count, false);
}

uint32_t gltf_tb_node(gltf_tb *tb, const char *name)
{
    json_t *node = json_object();
    if (name) json_object_set_new(node, "name", json_string(name));
    return gltf_tb_add(tb, "nodes", node);
}

uint32_t gltf_tb_animation(gltf_tb *tb, const char *name)
{
    json_t *a = json_pack("{s:[],s:[]}", "channels", "samplers");
    if (name) json_object_set_new(a, "name", json_string(name));
    return gltf_tb_add(tb, "animations", a);
}

void gltf_tb_channel(gltf_tb *tb, uint32_t anim, int node, const char *path, uint32_t input, uint32_t output,
                     const char *interpolation)
{
    json_t *a = gltf_tb_get(tb, "animations", anim);
    json_t *samplers = json_object_get(a, "samplers");
    json_t *s = json_pack("{s:i,s:i}", "input", input, "output", output);
    if (interpolation) json_object_set_new(s, "interpolation", json_string(interpolation));
    json_array_append_new(samplers, s);
    json_t *target = json_pack("{s:s}", "path", path);
    if (node >= 0) json_object_set_new(target, "node", json_integer(node));
    json_array_append_new(
        json_object_get(a, "channels"),
        json_pack("{s:I,s:o}", "sampler", (json_int_t)json_array_size(samplers) - 1, "target", target));
}

void gltf_tb_hips_walk(gltf_tb *tb, json_t *extras)
{
    uint32_t node = gltf_tb_node(tb, "hips");
    gltf_tb_add(tb, "scenes", json_pack("{s:[i]}", "nodes", (int)node));
    const float times[2] = {0, 2}, moves[6] = {0, 0, 0, 1, 0, 0};
    uint32_t in = gltf_tb_floats(tb, times, 2, "SCALAR");
    uint32_t out = gltf_tb_floats(tb, moves, 2, "VEC3");
    gltf_tb_add(tb, "animations",
                json_pack("{s:s,s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}],s:o}", "name", "walk", "channels", "sampler", 0,
                          "target", "node", (int)node, "path", "translation", "samplers", "input", (int)in, "output",
                          (int)out, "extras", extras));
}

static char *base64(const uint8_t *data, size_t n)
{
    static const char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = (char *)malloc(4 * ((n + 2) / 3) + 1);
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16;
        if (i + 1 < n) v |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < n) v |= data[i + 2];
        out[o++] = table[(v >> 18) & 63];
        out[o++] = table[(v >> 12) & 63];
        out[o++] = i + 1 < n ? table[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? table[v & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

uint8_t *gltf_tb_glb_raw(const char *json, const void *bin, size_t bin_size, size_t *size)
{
    size_t jlen = strlen(json), jpad = (4 - jlen % 4) % 4, bpad = (4 - bin_size % 4) % 4;
    size_t total = 12 + 8 + jlen + jpad + (bin ? 8 + bin_size + bpad : 0);
    uint8_t *out = (uint8_t *)calloc(1, total);
    put_u32(out, 0x46546C67u);
    put_u32(out + 4, 2);
    put_u32(out + 8, (uint32_t)total);
    put_u32(out + 12, (uint32_t)(jlen + jpad));
    put_u32(out + 16, 0x4E4F534Au);
    memcpy(out + 20, json, jlen);
    memset(out + 20 + jlen, ' ', jpad);
    if (bin) {
        uint8_t *b = out + 20 + jlen + jpad;
        put_u32(b, (uint32_t)(bin_size + bpad));
        put_u32(b + 4, 0x004E4942u);
        memcpy(b + 8, bin, bin_size);
    }
    *size = total;
    return out;
}

uint8_t *gltf_tb_file(gltf_tb *tb, gltf_tb_container container, size_t *size)
{
    json_t *doc = json_deep_copy(tb->root);
    if (tb->bin_size > 0) {
        json_t *buffer = json_pack("{s:I}", "byteLength", (json_int_t)tb->bin_size);
        if (container == GLTF_TB_DATA_URI) {
            char *b64 = base64(tb->bin, tb->bin_size);
            size_t n = strlen(b64) + 64;
            char *uri = (char *)malloc(n);
            snprintf(uri, n, "data:application/octet-stream;base64,%s", b64);
            json_object_set_new(buffer, "uri", json_string(uri));
            free(uri);
            free(b64);
        }
        json_object_set_new(doc, "buffers", json_pack("[o]", buffer));
    }
    char *text = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    uint8_t *out;
    if (container == GLTF_TB_GLB) {
        out = gltf_tb_glb_raw(text, tb->bin_size ? tb->bin : NULL, tb->bin_size, size);
        free(text);
    } else {
        *size = strlen(text);
        out = (uint8_t *)text;
    }
    return out;
}

ta_result gltf_tb_load(gltf_tb *tb, gltf_tb_container container, const ta_load_options *options, ta_model **out,
                       ta_error *err)
{
    size_t size;
    uint8_t *file = gltf_tb_file(tb, container, &size);
    ta_result r = ta_gltf_load_memory(file, size, options, out, err);
    free(file);
    return r;
}
