/* A glTF file's document and buffers as they are (gltf_source.h). */
#include "gltf_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int base64_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* A data: URI's bytes, decoded into a new buffer; NULL if it is not base64. */
static char *data_uri(const char *uri, size_t *size)
{
    const char *comma = strchr(uri, ',');
    if (comma == NULL || strstr(uri, ";base64") == NULL || strstr(uri, ";base64") > comma) return NULL;
    const char *p = comma + 1;
    size_t n = strlen(p);
    char *out = malloc(n / 4 * 3 + 3);
    if (out == NULL) return NULL;
    size_t o = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (; *p && *p != '='; ++p) {
        int v = base64_value((unsigned char)*p);
        if (v < 0) {
            free(out);
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (char)((acc >> bits) & 0xFF);
        }
    }
    *size = o;
    return out;
}

static ta_result load_buffers(gltf_source *s, const char *path, const uint8_t *bin, size_t bin_size, ta_error *err)
{
    json_t *buffers = json_object_get(s->root, "buffers");
    s->buffer_count = (uint32_t)json_array_size(buffers);
    s->buffers = calloc(s->buffer_count + 1u, sizeof *s->buffers);
    s->owned = calloc(s->buffer_count + 1u, sizeof *s->owned);
    if (s->buffers == NULL || s->owned == NULL) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    char dir[4096];
    cli_dirname(path, dir, sizeof dir);
    for (uint32_t i = 0; i < s->buffer_count; ++i) {
        const char *uri = json_string_value(json_object_get(json_array_get(buffers, i), "uri"));
        size_t size = 0;
        char *data = NULL;
        if (uri == NULL) { /* the GLB's BIN chunk */
            if (i == 0 && bin != NULL) s->buffers[i] = (gltf_blob){bin, bin_size};
        } else if (strncmp(uri, "data:", 5) == 0) {
            data = data_uri(uri, &size);
        } else {
            char file[4096];
            ta_error local = {0};
            data = cli_read_file(cli_join_path(dir, uri, file, sizeof file), &size, &local);
        }
        if (data != NULL) {
            s->owned[i] = data;
            s->buffers[i] = (gltf_blob){(const uint8_t *)data, size};
        }
        if (s->buffers[i].data == NULL && s->missing == UINT32_MAX) s->missing = i;
    }
    return TA_OK;
}

ta_result gltf_source_read(const char *path, gltf_source *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    out->missing = UINT32_MAX;
    size_t size = 0;
    out->text = cli_read_file(path, &size, err);
    if (out->text == NULL) return err != NULL ? err->code : TA_ERROR_IO;
    const char *text = out->text;
    const uint8_t *bin = NULL;
    size_t bin_size = 0;
    json_error_t jerr;
    if (size >= 20 && memcmp(text, "glTF", 4) == 0) {
        uint32_t json_len;
        memcpy(&json_len, text + 12, 4);
        if ((size_t)json_len + 20 <= size) {
            out->root = json_loadb(text + 20, json_len, 0, &jerr);
            size_t at = 20 + (size_t)json_len;
            if (at + 8 <= size) {
                uint32_t bin_len;
                memcpy(&bin_len, text + at, 4);
                if (at + 8 + (size_t)bin_len <= size) {
                    bin = (const uint8_t *)text + at + 8;
                    bin_size = bin_len;
                }
            }
        }
    } else {
        out->root = json_loadb(text, size, 0, &jerr);
    }
    if (!json_is_object(out->root)) return cli_fail(err, TA_ERROR_PARSE, "%s: not a glTF document", path);
    return load_buffers(out, path, bin, bin_size, err);
}

void gltf_source_free(gltf_source *s)
{
    for (uint32_t i = 0; s->owned != NULL && i < s->buffer_count; ++i) free(s->owned[i]);
    free(s->owned);
    free(s->buffers);
    json_decref(s->root);
    free(s->text);
    memset(s, 0, sizeof *s);
}
