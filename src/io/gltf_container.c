/* The glTF containers: a .glb's header and chunks, the JSON text of a .gltf,
 * and the buffers (the .glb's BIN chunk, data: URIs, external files). Also the
 * two entry points, which run the other steps in order. Every length read from
 * the data is checked against what is there before it is used. */
#define _XOPEN_SOURCE 700 /* realpath, strnlen */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/file_read.h"
#include "io/gltf_internal.h"

#define GLB_MAGIC 0x46546C67u /* "glTF" */
#define GLB_CHUNK_JSON 0x4E4F534Au
#define GLB_CHUNK_BIN 0x004E4942u

static uint32_t read_u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* ---- files ------------------------------------------------------------------------ */

/* Reads a whole regular file of at most max bytes. The memory comes from
 * alloc_fn (the arena, or the caller's allocator for the main file). */
typedef void *(*file_alloc_fn)(void *user, size_t size);
typedef void (*file_free_fn)(void *user, void *ptr, size_t size);

static ta_result read_file(ta_error *err, const char *path, const char *what, uint64_t max, int no_follow,
                           file_alloc_fn alloc_fn, file_free_fn free_fn, void *user, uint8_t **out, size_t *out_size)
{
    ta__file f;
    ta_result r = ta__file_open(&f, path, what, max, no_follow, err);
    if (r != TA_OK) return r;
    size_t size = f.size;
    uint8_t *data = (uint8_t *)alloc_fn(user, size ? size : 1);
    if (data == NULL) {
        ta__file_close(&f);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "%s: out of memory for %zu bytes", what, size);
    }
    if ((r = ta__file_read(&f, data, err)) != TA_OK) {
        if (free_fn != NULL) free_fn(user, data, size ? size : 1);
        return r;
    }
    *out = data;
    *out_size = size;
    return TA_OK;
}

static void *arena_file_alloc(void *user, size_t size)
{
    return ta__gltf_arena_alloc((gltf_arena *)user, 1, size);
}

/* ---- URIs ------------------------------------------------------------------------- */

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes s[0..n) into out (n + 1 bytes); a '%' not followed by two
 * hex digits is kept, as decodeURI's callers in browsers tolerate. */
static size_t percent_decode(const char *s, size_t n, uint8_t *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; ++i) {
        if (s[i] == '%' && i + 2 < n && hex_value((unsigned char)s[i + 1]) >= 0 &&
            hex_value((unsigned char)s[i + 2]) >= 0) {
            out[o++] = (uint8_t)(hex_value((unsigned char)s[i + 1]) * 16 + hex_value((unsigned char)s[i + 2]));
            i += 2;
        } else {
            out[o++] = (uint8_t)s[i];
        }
    }
    return o;
}

static int base64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
}

static ta_result decode_data_uri(gltf_ctx *g, const char *uri, const char *path, uint8_t **out, size_t *out_size)
{
    const char *comma = strchr(uri, ',');
    if (comma == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s: a data: URI without a ','", path);
    size_t meta_len = (size_t)(comma - (uri + 5));
    bool base64 = meta_len >= 7 && strncmp(comma - 7, ";base64", 7) == 0;
    const char *body = comma + 1;
    size_t n = strlen(body);
    if (n > g->lim.max_file_bytes * 2 + 8)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED,
                        "%s: a data: URI of %zu characters, past limits.max_file_bytes", path, n);
    uint8_t *data = (uint8_t *)ta__gltf_arena_alloc(&g->arena, 1, n + 1);
    if (data == NULL) return ta__gltf_oom(g, path);
    size_t o = 0;
    if (!base64) {
        o = percent_decode(body, n, data);
    } else {
        /* A URI may percent-encode any character, '=', '+' and '/' of the
         * base64 text among them: decoded first, as a browser's fetch does. */
        if (memchr(body, '%', n) != NULL) {
            uint8_t *plain = (uint8_t *)ta__gltf_arena_alloc(&g->arena, 1, n + 1);
            if (plain == NULL) return ta__gltf_oom(g, path);
            n = percent_decode(body, n, plain);
            plain[n] = '\0';
            body = (const char *)plain;
        }
        uint32_t acc = 0;
        int bits = 0;
        bool padded = false;
        for (size_t i = 0; i < n; ++i) {
            unsigned char c = (unsigned char)body[i];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') continue;
            if (c == '=') {
                padded = true;
                continue;
            }
            int v = base64_value(c);
            if (v < 0 || padded)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s: character %zu of the base64 data ('%c') is not base64",
                                path, i, c >= 32 && c < 127 ? c : '?');
            acc = (acc << 6) | (uint32_t)v;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                data[o++] = (uint8_t)(acc >> bits);
                acc &= (1u << bits) - 1;
            }
        }
    }
    if (o > g->lim.max_file_bytes)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "%s: %zu bytes, past limits.max_file_bytes (%llu)", path, o,
                        (unsigned long long)g->lim.max_file_bytes);
    *out = data;
    *out_size = o;
    return TA_OK;
}

static bool has_scheme(const char *uri)
{
    /* RFC 3986 scheme: a letter, then letters, digits, '+', '-', '.', then ':'.
     * One letter before ':' is a Windows drive, not a scheme. */
    size_t i = 0;
    if (!((uri[0] >= 'a' && uri[0] <= 'z') || (uri[0] >= 'A' && uri[0] <= 'Z'))) return false;
    while (uri[i] && uri[i] != ':' && uri[i] != '/') ++i;
    return uri[i] == ':' && i > 1;
}

/* The resolved path (every "..", "." and link followed) of a file or
 * folder, malloc'd by the C library; NULL with errno set. */
static char *resolve(const char *path)
{
    return realpath(path, NULL);
}

/* True when file is root or lies below it; both are resolved paths. */
static bool inside(const char *root, const char *file)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/') return true;
    return strncmp(root, file, n) == 0 && (file[n] == '/' || file[n] == '\0');
}

/* An external buffer: a relative file that, once resolved, lies inside the
 * model's folder (or options->uri_root), so that a file from elsewhere cannot
 * make the loader read -- and a writer print back -- what is beside it. */
static ta_result read_external(gltf_ctx *g, const char *uri, const char *path, uint8_t **out, size_t *out_size)
{
    if (has_scheme(uri) || strncmp(uri, "//", 2) == 0)
        return ta__fail(g->err, TA_ERROR_UNSUPPORTED, "%s: \"%s\" is not a data: URI nor a relative file", path, uri);
    size_t ulen = strlen(uri);
    uint8_t *decoded = (uint8_t *)ta__gltf_arena_alloc(&g->arena, 1, ulen + 1);
    if (decoded == NULL) return ta__gltf_oom(g, path);
    size_t dlen = percent_decode(uri, ulen, decoded);
    if (memchr(decoded, '\0', dlen) != NULL)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: \"%s\" decodes to a name holding a NUL", path, uri);
    decoded[dlen] = '\0';
    if (decoded[0] == '/' || decoded[0] == '\\' ||
        (dlen >= 2 && decoded[1] == ':' && ((decoded[0] | 0x20) >= 'a' && (decoded[0] | 0x20) <= 'z')))
        return ta__fail(g->err, TA_ERROR_UNSUPPORTED,
                        "%s: \"%s\" is an absolute path; a buffer names a file relative to the model's folder", path,
                        uri);
    const char *base = g->base_dir != NULL && *g->base_dir ? g->base_dir : ".";
    size_t blen = strlen(base);
    char *full = (char *)ta__gltf_arena_alloc(&g->arena, 1, blen + dlen + 2);
    if (full == NULL) return ta__gltf_oom(g, path);
    memcpy(full, base, blen);
    size_t o = blen;
    if (blen > 0 && base[blen - 1] != '/') full[o++] = '/';
    memcpy(full + o, decoded, dlen + 1);
    const char *root_name = g->uri_root != NULL && *g->uri_root ? g->uri_root : base;
    char *root = resolve(root_name);
    if (root == NULL)
        return ta__fail(g->err, TA_ERROR_IO, "%s: the folder \"%s\" that URIs are read from cannot be resolved: %s",
                        path, root_name, strerror(errno));
    char *file = resolve(full);
    if (file == NULL) {
        int e = errno;
        free(root);
        return ta__fail(g->err, TA_ERROR_IO, "%s: cannot open \"%s\": %s", path, full, strerror(e));
    }
    ta_result r;
    if (!inside(root, file)) {
        r = ta__fail(g->err, TA_ERROR_UNSUPPORTED,
                     "%s: \"%s\" resolves to \"%s\", outside \"%s\" (options.uri_root allows a wider folder)", path,
                     uri, file, root);
    } else {
        char what[TA__JPATH_SIZE];
        ta__jpath_format(what, "%s", path);
        /* No link is followed now: the path was resolved, a link here would be a swap. */
        r = read_file(g->err, file, what, g->lim.max_file_bytes, 1, arena_file_alloc, NULL, &g->arena, out, out_size);
    }
    free(file);
    free(root);
    return r;
}

ta_result ta__gltf_buffer_length(gltf_ctx *g, uint32_t index, uint64_t *out)
{
    char bp[TA__JPATH_SIZE];
    ta__jpath_format(bp, "buffers[%u]", index);
    json_t *def = json_array_get(g->buffers, index);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", bp);
    if (ta__jget(def, "byteLength") == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteLength: is missing", bp);
    return ta__jget_uint(g->err, def, bp, "byteLength", 0, 1, g->lim.max_file_bytes, out);
}

ta_result ta__gltf_buffer(gltf_ctx *g, uint32_t index, const char *path, const gltf_buffer **out)
{
    if (index >= g->buffer_count)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: buffer %u is not below the %u buffers", path, index,
                        g->buffer_count);
    gltf_buffer *b = &g->buffer_state[index];
    if (b->loaded) {
        *out = b;
        return TA_OK;
    }
    char bp[TA__JPATH_SIZE];
    ta__jpath_format(bp, "buffers[%u]", index);
    json_t *def = json_array_get(g->buffers, index);
    uint64_t byte_length;
    ta_result r;
    if ((r = ta__gltf_buffer_length(g, index, &byte_length)) != TA_OK) return r;
    const char *uri;
    if ((r = ta__jget_string(g->err, def, bp, "uri", false, &uri)) != TA_OK) return r;
    char up[TA__JPATH_SIZE];
    ta__jpath_format(up, "%s.uri", bp);
    const uint8_t *data;
    size_t size = 0;
    if (uri == NULL) {
        if (index != 0 || !g->has_glb_bin)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s: has no uri, and is not the BIN chunk of a .glb", bp);
        data = g->glb_bin;
        size = g->glb_bin_size;
    } else {
        uint8_t *owned = NULL;
        if (strncmp(uri, "data:", 5) == 0)
            r = decode_data_uri(g, uri, up, &owned, &size);
        else
            r = read_external(g, uri, up, &owned, &size);
        if (r != TA_OK) return r;
        b->owned = owned;
        data = owned;
    }
    if (size < byte_length)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteLength: %llu is more than the %zu bytes %s holds", bp,
                        (unsigned long long)byte_length, size, uri == NULL ? "the BIN chunk" : "the uri");
    b->data = data;
    b->size = (size_t)byte_length;
    b->loaded = true;
    *out = b;
    return TA_OK;
}

/* ---- .glb ------------------------------------------------------------------------- */

static ta_result parse_glb(gltf_ctx *g, const uint8_t *data, size_t size, const uint8_t **json_text, size_t *json_size,
                           size_t *json_offset)
{
    if (size < 12)
        return ta__fail(g->err, TA_ERROR_PARSE, "byte %zu: a .glb header is 12 bytes, the data ends after %zu", size,
                        size);
    uint32_t version = read_u32le(data + 4);
    uint32_t length = read_u32le(data + 8);
    if (version != 2)
        return ta__fail(g->err, TA_ERROR_UNSUPPORTED, "byte 4: .glb version %u; only version 2 (glTF 2.0) is read",
                        version);
    if (length > size)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "byte 8: the header's length %u is past the end of the data (%zu bytes)", length, size);
    if (length < 12)
        return ta__fail(g->err, TA_ERROR_PARSE, "byte 8: the header's length %u is shorter than the header", length);
    bool have_json = false;
    uint64_t off = 12;
    uint32_t chunk = 0;
    while (off < length) {
        if (off + 8 > length)
            return ta__fail(g->err, TA_ERROR_PARSE, "byte %llu: chunk %u's 8-byte header runs past the end (%u bytes)",
                            (unsigned long long)off, chunk, length);
        uint32_t clen = read_u32le(data + off);
        uint32_t ctype = read_u32le(data + off + 4);
        if (off + 8 + clen > length)
            return ta__fail(g->err, TA_ERROR_PARSE,
                            "byte %llu: chunk %u's length %u runs past the end of the data (%u bytes)",
                            (unsigned long long)off, chunk, clen, length);
        const uint8_t *content = data + off + 8;
        /* The format puts the JSON chunk first and a BIN chunk second. */
        if (chunk == 0 && ctype != GLB_CHUNK_JSON)
            return ta__fail(g->err, TA_ERROR_PARSE,
                            "byte %llu: chunk 0 is of type 0x%08X; a .glb's first chunk is JSON",
                            (unsigned long long)off, ctype);
        if (ctype == GLB_CHUNK_BIN && chunk != 1)
            return ta__fail(g->err, TA_ERROR_PARSE, "byte %llu: chunk %u is BIN; a .glb's BIN chunk comes second",
                            (unsigned long long)off, chunk);
        if (ctype == GLB_CHUNK_JSON) {
            if (have_json)
                return ta__fail(g->err, TA_ERROR_PARSE, "byte %llu: chunk %u is a second JSON chunk",
                                (unsigned long long)off, chunk);
            have_json = true;
            *json_text = content;
            *json_size = clen;
            *json_offset = (size_t)off + 8;
        } else if (ctype == GLB_CHUNK_BIN) {
            if (g->has_glb_bin)
                return ta__fail(g->err, TA_ERROR_PARSE, "byte %llu: chunk %u is a second BIN chunk",
                                (unsigned long long)off, chunk);
            g->has_glb_bin = true;
            g->glb_bin = content;
            g->glb_bin_size = clen;
        }
        /* Chunks of other types are skipped, as the format asks. */
        off += 8 + (uint64_t)clen;
        chunk++;
    }
    if (!have_json) return ta__fail(g->err, TA_ERROR_PARSE, "byte 12: the .glb has no JSON chunk");
    return TA_OK;
}

/* ---- the document ------------------------------------------------------------------- */

static int hex4(const uint8_t *p)
{
    int v = 0;
    for (int k = 0; k < 4; ++k) {
        int h = hex_value(p[k]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* JSON lets a string hold "\u0000" and a lone surrogate ("\uD800" with no
 * low half after it): valid glTF, but no C string (nor UTF-8) can hold them.
 * Each becomes "\uFFFD", the replacement character, escape for escape (six
 * bytes for six), so byte offsets in messages stay right. Returns the text
 * to parse: text itself when nothing needed replacing, else a copy. */
static const uint8_t *replace_unheld_escapes(gltf_ctx *g, const uint8_t *text, size_t size)
{
    uint8_t *copy = NULL;
    bool in_string = false;
    for (size_t i = 0; i < size; ++i) {
        uint8_t c = text[i];
        if (!in_string) {
            in_string = c == '"';
            continue;
        }
        if (c == '"') {
            in_string = false;
            continue;
        }
        if (c != '\\' || i + 1 >= size) continue;
        if (text[i + 1] != 'u' || i + 6 > size) {
            ++i; /* an escaped character, '\\' and '"' among them */
            continue;
        }
        int v = hex4(text + i + 2);
        bool pair = v >= 0xD800 && v <= 0xDBFF && i + 12 <= size && text[i + 6] == '\\' && text[i + 7] == 'u' &&
                    hex4(text + i + 8) >= 0xDC00 && hex4(text + i + 8) <= 0xDFFF;
        if (pair) {
            i += 11;
            continue;
        }
        if (v == 0 || (v >= 0xD800 && v <= 0xDFFF)) {
            if (copy == NULL) {
                copy = (uint8_t *)ta__gltf_arena_alloc(&g->arena, 1, size);
                if (copy == NULL) return NULL;
                memcpy(copy, text, size);
            }
            memcpy(copy + i + 2, "FFFD", 4);
        }
        if (v >= 0) i += 5;
    }
    return copy != NULL ? copy : text;
}

static ta_result parse_json(gltf_ctx *g, const uint8_t *text, size_t size, size_t offset)
{
    if (size >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF) {
        text += 3;
        size -= 3;
        offset += 3;
    }
    const uint8_t *held = replace_unheld_escapes(g, text, size);
    if (held == NULL) return ta__gltf_oom(g, "JSON");
    json_error_t jerr;
    g->root = json_loadb((const char *)held, size, 0, &jerr);
    if (g->root == NULL)
        return ta__fail(g->err, TA_ERROR_PARSE, "JSON: byte %zu (line %d, column %d): %s",
                        offset + (jerr.position > 0 ? (size_t)jerr.position : 0), jerr.line, jerr.column, jerr.text);
    if (!json_is_object(g->root)) return ta__fail(g->err, TA_ERROR_PARSE, "JSON: the document is not an object");
    return ta__gltf_check_depth(g, g->root);
}

static ta_result read_top_level(gltf_ctx *g)
{
    json_t *asset;
    ta_result r;
    if ((r = ta__jget_object(g->err, g->root, "", "asset", &asset)) != TA_OK) return r;
    if (asset == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "asset: is missing; a glTF file must have one");
    const char *version;
    if ((r = ta__jget_string(g->err, asset, "asset", "version", false, &version)) != TA_OK) return r;
    if (version == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "asset.version: is missing");
    if (version[0] < '2')
        return ta__fail(g->err, TA_ERROR_UNSUPPORTED, "asset.version: \"%s\"; only glTF 2.0 and later are read",
                        version);
    /* A file that needs a later minor version than 2.0 says so; reading it as
     * 2.0 could misread what that version added. */
    const char *min_version;
    if ((r = ta__jget_string(g->err, asset, "asset", "minVersion", false, &min_version)) != TA_OK) return r;
    if (min_version != NULL) {
        unsigned major = 0, minor = 0;
        int used = 0;
        if (sscanf(min_version, "%3u.%3u%n", &major, &minor, &used) != 2 || min_version[used] != '\0')
            return ta__fail(g->err, TA_ERROR_PARSE, "asset.minVersion: \"%s\" is not of the form MAJOR.MINOR",
                            min_version);
        if (major != 2 || minor != 0)
            return ta__fail(g->err, TA_ERROR_UNSUPPORTED, "asset.minVersion: \"%s\"; only glTF 2.0 is read",
                            min_version);
    }
    struct {
        const char *key;
        json_t **array;
        uint32_t *count;
    } arrays[] = {
        {"buffers", &g->buffers, &g->buffer_count},
        {"bufferViews", &g->buffer_views, &g->buffer_view_count},
        {"accessors", &g->accessors, &g->accessor_count},
        {"nodes", &g->nodes, &g->node_count},
        {"meshes", &g->meshes, &g->mesh_count},
        {"skins", &g->skins, &g->skin_count},
        {"materials", &g->materials, &g->material_count},
        {"textures", &g->textures, &g->texture_count},
        {"images", &g->images, &g->image_count},
        {"cameras", &g->cameras, &g->camera_count},
        {"animations", &g->animations, &g->animation_count},
        {"scenes", &g->scenes, &g->scene_count},
    };
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i)
        if ((r = ta__jget_array(g->err, g->root, "", arrays[i].key, arrays[i].array, arrays[i].count)) != TA_OK)
            return r;
    json_t *extensions, *lights_ext;
    if ((r = ta__jget_object(g->err, g->root, "", "extensions", &extensions)) != TA_OK) return r;
    if ((r = ta__jget_object(g->err, extensions, "extensions", "KHR_lights_punctual", &lights_ext)) != TA_OK) return r;
    if ((r = ta__jget_array(g->err, lights_ext, "extensions.KHR_lights_punctual", "lights", &g->lights,
                            &g->light_count)) != TA_OK)
        return r;
    if (g->node_count > g->lim.max_nodes)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "nodes: %u nodes, past limits.max_nodes (%u)", g->node_count,
                        g->lim.max_nodes);
    if (g->animation_count > g->lim.max_clips)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "animations: %u animations, past limits.max_clips (%u)",
                        g->animation_count, g->lim.max_clips);

    json_t *used, *required;
    uint32_t used_count, required_count;
    if ((r = ta__jget_array(g->err, g->root, "", "extensionsUsed", &used, &used_count)) != TA_OK) return r;
    if ((r = ta__jget_array(g->err, g->root, "", "extensionsRequired", &required, &required_count)) != TA_OK) return r;
    for (uint32_t i = 0; i < used_count; ++i) {
        const char *name = json_string_value(json_array_get(used, i));
        if (name != NULL && strcmp(name, "KHR_texture_transform") == 0) g->texture_transform_used = true;
    }
    /* What the loader reads, or does not need (geometry is not kept, so its
     * Draco compression does not matter; meshopt compression it decodes, as
     * animations are compressed too). */
    static const char *const known[] = {
        "KHR_lights_punctual",     "KHR_texture_transform",
        "KHR_animation_pointer",   "KHR_materials_emissive_strength",
        "KHR_materials_ior",       "KHR_materials_specular",
        "KHR_materials_clearcoat", "KHR_materials_unlit",
        "KHR_mesh_quantization",   "KHR_draco_mesh_compression",
        "EXT_meshopt_compression", "KHR_meshopt_compression",
        "KHR_texture_basisu",      "EXT_texture_webp",
        "EXT_texture_avif",
    };
    for (uint32_t i = 0; i < required_count; ++i) {
        const char *name = json_string_value(json_array_get(required, i));
        if (name == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "extensionsRequired[%u]: is not a string", i);
        bool ok = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; ++k) ok = ok || strcmp(known[k], name) == 0;
        if (!ok) ta__model_warn(g->model, "extensionsRequired[%u]: \"%s\" is not read; loaded without it", i, name);
    }

    uint32_t scene;
    if ((r = ta__jget_index(g->err, g->root, "", "scene", g->scene_count, "scenes", &scene)) != TA_OK) return r;
    /* three.js: json.scene || 0 */
    g->default_scene = scene != TA_NONE ? scene : (g->scene_count > 0 ? 0 : TA_NONE);
    if (g->scene_option > 0) {
        if (g->scene_option > g->scene_count)
            return ta__fail(g->err, TA_ERROR_INVALID_ARGUMENT,
                            "options->gltf_scene: %u asks for scenes[%u], but the file has %u scene%s", g->scene_option,
                            g->scene_option - 1, g->scene_count, g->scene_count == 1 ? "" : "s");
        g->default_scene = g->scene_option - 1;
    }
    return TA_OK;
}

static ta_result alloc_state(gltf_ctx *g)
{
    g->buffer_state = (gltf_buffer *)ta__gltf_arena_alloc(&g->arena, g->buffer_count + 1u, sizeof(gltf_buffer));
    g->accessor_state = (gltf_accessor *)ta__gltf_arena_alloc(&g->arena, g->accessor_count + 1u, sizeof(gltf_accessor));
    g->node_info = (gltf_node_info *)ta__gltf_arena_alloc(&g->arena, g->node_count + 1u, sizeof(gltf_node_info));
    g->mesh_info = (gltf_mesh_info *)ta__gltf_arena_alloc(&g->arena, g->mesh_count + 1u, sizeof(gltf_mesh_info));
    g->camera_info = (gltf_camera_info *)ta__gltf_arena_alloc(&g->arena, g->camera_count + 1u, sizeof(gltf_camera_info));
    g->light_info = (gltf_light_info *)ta__gltf_arena_alloc(&g->arena, g->light_count + 1u, sizeof(gltf_light_info));
    g->material_map = (ta_texture_id *)ta__gltf_arena_alloc(&g->arena, g->material_count + 1u, sizeof(ta_texture_id));
    g->view_decoded =
        (const uint8_t **)ta__gltf_arena_alloc(&g->arena, g->buffer_view_count + 1u, sizeof(const uint8_t *));
    if (!g->view_decoded || !g->buffer_state || !g->accessor_state || !g->node_info || !g->mesh_info || !g->camera_info || !g->light_info ||
        !g->material_map)
        return ta__gltf_oom(g, "the document");
    return TA_OK;
}

static ta_result load(const uint8_t *data, size_t size, const ta_load_options *options, const char *base_dir,
                      ta_model **out_model, ta_error *err)
{
    ta_load_limits lim = ta__limits_resolve(options ? &options->limits : NULL);
    if ((uint64_t)size > lim.max_file_bytes)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "data: %zu bytes, past limits.max_file_bytes (%llu)", size,
                        (unsigned long long)lim.max_file_bytes);
    ta_model *model;
    ta_result r = ta__model_create(options ? options->allocator : NULL, &model, err);
    if (r != TA_OK) return r;
    gltf_ctx g;
    memset(&g, 0, sizeof g);
    g.mem = ta__model_mem(model);
    g.arena.mem = g.mem;
    g.err = err;
    g.model = model;
    g.lim = lim;
    g.base_dir = base_dir;
    g.uri_root = options ? options->uri_root : NULL;
    g.scene_option = options ? options->gltf_scene : 0;
    g.strict = options ? options->strict : false;

    const uint8_t *text = data;
    size_t text_size = size, text_offset = 0;
    if (size >= 4 && read_u32le(data) == GLB_MAGIC) {
        if ((r = parse_glb(&g, data, size, &text, &text_size, &text_offset)) != TA_OK) goto done;
    }
    if ((r = parse_json(&g, text, text_size, text_offset)) != TA_OK) goto done;
    if ((r = read_top_level(&g)) != TA_OK) goto done;
    if ((r = alloc_state(&g)) != TA_OK) goto done;
    if ((r = ta__gltf_build_scene(&g)) != TA_OK) goto done;
    if ((r = ta__gltf_build_animations(&g)) != TA_OK) goto done;

    if (g.node_count > 0) {
        model->source_nodes = (ta_node_id *)ta__alloc(g.mem, sizeof(ta_node_id) * g.node_count);
        if (model->source_nodes == NULL) {
            r = ta__gltf_oom(&g, "the node map");
            goto done;
        }
        model->source_node_count = g.node_count;
        for (uint32_t i = 0; i < g.node_count; ++i) model->source_nodes[i] = g.node_info[i].made;
    }
    if (g.skin_count > 0) {
        model->source_skins = (ta_skin_id *)ta__alloc(g.mem, sizeof(ta_skin_id) * g.skin_count);
        if (model->source_skins == NULL) {
            r = ta__gltf_oom(&g, "the skin map");
            goto done;
        }
        model->source_skin_count = g.skin_count;
        for (uint32_t i = 0; i < g.skin_count; ++i)
            model->source_skins[i] = g.skin_made != NULL ? g.skin_made[i] : ta_skin_at(TA_NONE);
    }
    if (g.strict && model->warning_count > 0) {
        const ta_load_warning *w = &model->warning_list[0];
        r = ta__fail(err, TA_ERROR_UNSUPPORTED, "options->strict: %s: %s (warning %s; %u warning%s in all)",
                     *w->path ? w->path : "the file", w->what, ta_load_warning_name(w->code), model->warning_count,
                     model->warning_count == 1 ? "" : "s");
    }
done:
    if (g.root != NULL) json_decref(g.root);
    ta__gltf_arena_free_all(&g.arena);
    if (r != TA_OK) {
        ta_model_destroy(model);
        return r;
    }
    *out_model = model;
    return TA_OK;
}

ta_result ta_gltf_load_memory(const void *data, size_t size, const ta_load_options *options, ta_model **out_model,
                              ta_error *err)
{
    if (out_model == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_model: is NULL");
    if (data == NULL && size > 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "data: is NULL with size %zu", size);
    if (size == 0) return ta__fail(err, TA_ERROR_PARSE, "data: is empty");
    return load((const uint8_t *)data, size, options, options ? options->base_dir : NULL, out_model, err);
}

typedef struct main_file {
    ta__mem mem;
    size_t size;
} main_file;

static void *main_file_alloc(void *user, size_t size)
{
    main_file *m = (main_file *)user;
    m->size = size;
    return ta__alloc(&m->mem, size);
}

static void main_file_free(void *user, void *ptr, size_t size)
{
    ta__free(&((main_file *)user)->mem, ptr, size);
}

ta_result ta_gltf_load_file(const char *path, const ta_load_options *options, ta_model **out_model, ta_error *err)
{
    if (path == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "path: is NULL");
    if (out_model == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_model: is NULL");
    main_file mf;
    ta_result r = ta__mem_init(&mf.mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    ta_load_limits lim = ta__limits_resolve(options ? &options->limits : NULL);
    uint8_t *data = NULL;
    size_t size = 0;
    mf.size = 0;
    if ((r = read_file(err, path, "path", lim.max_file_bytes, 0, main_file_alloc, main_file_free, &mf, &data, &size)) !=
        TA_OK)
        return r;
    /* The folder of path, for the file's relative URIs. */
    char *dir = NULL;
    size_t dir_size = 0;
    const char *base = options ? options->base_dir : NULL;
    if (base == NULL) {
        const char *slash = strrchr(path, '/');
        dir_size = slash ? (size_t)(slash - path) + 2 : 2;
        dir = (char *)ta__alloc(&mf.mem, dir_size);
        if (dir == NULL) {
            ta__free(&mf.mem, data, mf.size);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading \"%s\"", path);
        }
        if (slash == NULL) {
            memcpy(dir, ".", 2);
        } else if (slash == path) {
            memcpy(dir, "/", 2);
        } else {
            memcpy(dir, path, dir_size - 2);
            dir[dir_size - 2] = '\0';
        }
        base = dir;
    }
    if (size == 0)
        r = ta__fail(err, TA_ERROR_PARSE, "path: \"%s\" is empty", path);
    else
        r = load(data, size, options, base, out_model, err);
    ta__free(&mf.mem, dir, dir_size);
    ta__free(&mf.mem, data, mf.size);
    return r;
}
