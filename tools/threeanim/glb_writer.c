/* The .glb writer (glb_writer.h). */
#include <stdlib.h>
#include <string.h>

#include "cli_out.h"
#include "glb_writer.h"

void glb_init(glb_writer *w)
{
    memset(w, 0, sizeof *w);
    w->doc = json_object();
    if (w->doc == NULL) w->oom = true;
}

void glb_free(glb_writer *w)
{
    json_decref(w->doc);
    free(w->bin);
    memset(w, 0, sizeof *w);
}

json_t *glb_list(glb_writer *w, const char *name)
{
    json_t *list = w->doc ? json_object_get(w->doc, name) : NULL;
    if (list == NULL && w->doc != NULL) {
        list = json_array();
        if (list == NULL || json_object_set_new(w->doc, name, list) != 0) {
            w->oom = true;
            return NULL;
        }
    }
    return list;
}

static void append(glb_writer *w, json_t *list, json_t *item)
{
    if (item == NULL || list == NULL || json_array_append_new(list, item) != 0) w->oom = true;
}

/* Copies bytes into the buffer at a 4-byte boundary; returns their offset. */
size_t glb_bytes(glb_writer *w, const void *data, size_t size)
{
    size_t at = (w->bin_size + 3u) & ~(size_t)3u;
    if (at + size > w->bin_cap) {
        size_t cap = w->bin_cap ? w->bin_cap : 4096;
        while (cap < at + size) cap *= 2;
        unsigned char *grown = realloc(w->bin, cap);
        if (grown == NULL) {
            w->oom = true;
            return 0;
        }
        w->bin = grown;
        w->bin_cap = cap;
    }
    memset(w->bin + w->bin_size, 0, at - w->bin_size);
    memcpy(w->bin + at, data, size);
    w->bin_size = at + size;
    return at;
}

static uint32_t components(const char *type)
{
    if (strcmp(type, "VEC2") == 0) return 2;
    if (strcmp(type, "VEC3") == 0) return 3;
    if (strcmp(type, "VEC4") == 0) return 4;
    if (strcmp(type, "MAT4") == 0) return 16;
    return 1;
}

uint32_t glb_accessor(glb_writer *w, const void *data, uint32_t count, const char *type, int component_type,
                      bool normalized, int target, json_t *min, json_t *max)
{
    const size_t size = component_type == 5126 || component_type == 5125 ? 4 : component_type == 5122 || component_type == 5123 ? 2 : 1;
    const size_t bytes = (size_t)count * components(type) * size;
    size_t offset = glb_bytes(w, data, bytes);
    json_t *views = glb_list(w, "bufferViews"), *accessors = glb_list(w, "accessors");
    uint32_t view = views ? (uint32_t)json_array_size(views) : 0;
    json_t *v = json_pack("{s:i, s:I, s:I}", "buffer", 0, "byteOffset", (json_int_t)offset, "byteLength",
                          (json_int_t)bytes);
    if (v != NULL && target != GLB_NO_TARGET) json_object_set_new(v, "target", json_integer(target));
    append(w, views, v);
    uint32_t index = accessors ? (uint32_t)json_array_size(accessors) : 0;
    json_t *a = json_pack("{s:i, s:i, s:i, s:s}", "bufferView", (int)view, "componentType", component_type, "count",
                          (int)count, "type", type);
    if (a != NULL && normalized) json_object_set_new(a, "normalized", json_true());
    if (a != NULL && min != NULL) {
        json_object_set_new(a, "min", min);
        json_object_set_new(a, "max", max);
    } else {
        json_decref(min);
        json_decref(max);
    }
    append(w, accessors, a);
    return index;
}

uint32_t glb_floats(glb_writer *w, const float *data, uint32_t count, const char *type, int target, bool min_max)
{
    uint32_t n = components(type);
    json_t *min = NULL, *max = NULL;
    if (min_max && count > 0) {
        min = json_array();
        max = json_array();
        for (uint32_t c = 0; c < n; ++c) {
            float lo = data[c], hi = data[c];
            for (uint32_t i = 1; i < count; ++i) {
                float x = data[(size_t)i * n + c];
                if (x < lo) lo = x;
                if (x > hi) hi = x;
            }
            json_array_append_new(min, json_real(lo));
            json_array_append_new(max, json_real(hi));
        }
    }
    return glb_accessor(w, data, count, type, 5126, false, target, min, max);
}

uint32_t glb_ushorts(glb_writer *w, const uint16_t *data, uint32_t count, const char *type, int target)
{
    return glb_accessor(w, data, count, type, 5123, false, target, NULL, NULL);
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)((v >> 8) & 0xff);
    p[2] = (unsigned char)((v >> 16) & 0xff);
    p[3] = (unsigned char)((v >> 24) & 0xff);
}

ta_result glb_write(glb_writer *w, const char *path, ta_error *err)
{
    json_t *buffers = glb_list(w, "buffers");
    if (buffers != NULL && json_array_size(buffers) == 0)
        append(w, buffers, json_pack("{s:I}", "byteLength", (json_int_t)w->bin_size));
    char *text = w->oom ? NULL : json_dumps(w->doc, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    if (text == NULL) {
        if (err != NULL) {
            err->code = TA_ERROR_OUT_OF_MEMORY;
            snprintf(err->message, sizeof err->message, "%s: out of memory building the glTF document", path);
        }
        return TA_ERROR_OUT_OF_MEMORY;
    }
    size_t json_len = strlen(text), json_padded = (json_len + 3u) & ~(size_t)3u;
    size_t bin_padded = (w->bin_size + 3u) & ~(size_t)3u;
    size_t total = 12 + 8 + json_padded + 8 + bin_padded;
    unsigned char header[12], chunk[8];
    cli_out out;
    ta_result r = cli_out_open(&out, path, err);
    if (r != TA_OK) {
        free(text);
        return r;
    }
    memcpy(header, "glTF", 4);
    put_u32(header + 4, 2);
    put_u32(header + 8, (uint32_t)total);
    fwrite(header, 1, 12, out.f);
    put_u32(chunk, (uint32_t)json_padded);
    memcpy(chunk + 4, "JSON", 4);
    fwrite(chunk, 1, 8, out.f);
    fwrite(text, 1, json_len, out.f);
    for (size_t i = json_len; i < json_padded; ++i) fputc(' ', out.f);
    put_u32(chunk, (uint32_t)bin_padded);
    memcpy(chunk + 4, "BIN\0", 4);
    fwrite(chunk, 1, 8, out.f);
    if (w->bin_size) fwrite(w->bin, 1, w->bin_size, out.f);
    for (size_t i = w->bin_size; i < bin_padded; ++i) fputc(0, out.f);
    free(text);
    return cli_out_commit(&out, err);
}
