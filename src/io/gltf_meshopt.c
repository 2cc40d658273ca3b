/* Buffer views compressed by EXT_meshopt_compression or its successor
 * KHR_meshopt_compression: the extension object read and checked, the
 * decoded size held to the load limits before anything is allocated, the
 * stream decoded once (io/meshopt_decode.h) and kept for the load.
 *
 * As three.js's GLTFMeshoptCompression does, a view with the extension is
 * read from its compressed stream alone, so its own buffer -- the fallback,
 * which gltfpack writes without a uri (or, with -cf, as a file beside) -- is
 * never loaded; only its declared byteLength must hold the view. The one
 * exception is a stream of a kind not decoded here (a vertex codec version
 * past 1) in a file that does not require the extension: the extensions
 * say such a file's views have their uncompressed data, and it is read from
 * there, with a warning. A view that carries both extensions (which the
 * specification forbids) is read from EXT_meshopt_compression's, as
 * three.js reads it (its EXT plugin is asked first). */
#include <string.h>

#include "io/gltf_internal.h"
#include "io/meshopt_decode.h"
#include "io/model_internal.h"

/* view_decoded's mark for a view read from its uncompressed data: decided
 * (and warned about) once, however many accessors read the view. */
static const uint8_t READ_UNCOMPRESSED = 0;

/* True when the file's extensionsRequired names name. */
static bool is_required(const gltf_ctx *g, const char *name)
{
    json_t *list = json_object_get(g->root, "extensionsRequired");
    for (size_t i = 0; i < json_array_size(list); ++i) {
        const char *s = json_string_value(json_array_get(list, i));
        if (s != NULL && strcmp(s, name) == 0) return true;
    }
    return false;
}

ta_result ta__gltf_meshopt_view(gltf_ctx *g, uint32_t index, const json_t *def, const char *vp, uint32_t parent,
                                uint64_t offset, uint64_t length, const uint8_t **out)
{
    *out = NULL;
    json_t *exts;
    ta_result r;
    if ((r = ta__jget_object(g->err, def, vp, "extensions", &exts)) != TA_OK) return r;
    if (exts == NULL) return TA_OK;
    static const char *const names[] = {"EXT_meshopt_compression", "KHR_meshopt_compression"};
    json_t *ext = NULL;
    const char *name = NULL;
    for (size_t k = 0; k < 2 && ext == NULL; ++k) {
        if ((r = ta__jget_object(g->err, exts, vp, names[k], &ext)) != TA_OK) return r;
        name = names[k];
    }
    if (ext == NULL) return TA_OK;
    if (g->view_decoded[index] != NULL) {
        *out = g->view_decoded[index] == &READ_UNCOMPRESSED ? NULL : g->view_decoded[index];
        return TA_OK;
    }
    char ep[TA__JPATH_SIZE];
    ta__jpath_format(ep, "%s.extensions.%s", vp, name);
    uint32_t buffer;
    uint64_t src_offset, src_length, stride, count, parent_length;
    const char *mode_name, *filter_name;
    if ((r = ta__jget_index(g->err, ext, ep, "buffer", g->buffer_count, "buffers", &buffer)) != TA_OK) return r;
    if (buffer == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.buffer: is missing", ep);
    static const char *const required[] = {"byteLength", "byteStride", "count"};
    for (size_t k = 0; k < 3; ++k)
        if (ta__jget(ext, required[k]) == NULL)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.%s: is missing", ep, required[k]);
    if ((r = ta__jget_uint(g->err, ext, ep, "byteOffset", 0, 0, UINT64_MAX >> 2, &src_offset)) != TA_OK ||
        (r = ta__jget_uint(g->err, ext, ep, "byteLength", 0, 1, UINT64_MAX >> 2, &src_length)) != TA_OK ||
        (r = ta__jget_uint(g->err, ext, ep, "byteStride", 0, 1, 256, &stride)) != TA_OK ||
        (r = ta__jget_uint(g->err, ext, ep, "count", 0, 1, UINT32_MAX, &count)) != TA_OK ||
        (r = ta__jget_string(g->err, ext, ep, "mode", true, &mode_name)) != TA_OK ||
        (r = ta__jget_string(g->err, ext, ep, "filter", false, &filter_name)) != TA_OK)
        return r;
    int mode = ta__meshopt_mode_parse(mode_name);
    if (mode < 0)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.mode: \"%s\" is not ATTRIBUTES, TRIANGLES or INDICES", ep,
                        mode_name);
    int filter = filter_name == NULL ? TA__MESHOPT_NONE : ta__meshopt_filter_parse(filter_name);
    if (filter < 0)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s.filter: \"%s\" is not NONE, OCTAHEDRAL, QUATERNION, EXPONENTIAL or COLOR", ep, filter_name);
    const char *bad = ta__meshopt_check(count, stride, (ta__meshopt_mode)mode, (ta__meshopt_filter)filter);
    if (bad != NULL)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: %llu elements of %llu bytes in %s with filter %s: %s", ep,
                        (unsigned long long)count, (unsigned long long)stride, mode_name,
                        filter_name ? filter_name : "NONE", bad);
    /* The parent view is what the decoded data fills, exactly. */
    if (count * stride != length)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s: count %llu times byteStride %llu is %llu bytes; %s.byteLength is %llu", ep,
                        (unsigned long long)count, (unsigned long long)stride,
                        (unsigned long long)(count * stride), vp, (unsigned long long)length);
    /* A stream a few bytes long may claim gigabytes: the decoded bytes of the
     * whole load are held to what a file within the limits could hold. */
    if (length > g->lim.max_file_bytes - g->meshopt_bytes)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED,
                        "%s: decodes to %llu bytes, past limits.max_file_bytes (%llu; %llu bytes were decoded "
                        "before it)",
                        ep, (unsigned long long)length, (unsigned long long)g->lim.max_file_bytes,
                        (unsigned long long)g->meshopt_bytes);
    if ((r = ta__gltf_buffer_length(g, parent, &parent_length)) != TA_OK) return r;
    if (offset + length > parent_length)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s: bytes %llu to %llu pass the end of buffers[%u] (byteLength %llu)", vp,
                        (unsigned long long)offset, (unsigned long long)(offset + length), parent,
                        (unsigned long long)parent_length);
    char sp[TA__JPATH_SIZE];
    ta__jpath_format(sp, "%s.buffer", ep);
    const gltf_buffer *b;
    if ((r = ta__gltf_buffer(g, buffer, sp, &b)) != TA_OK) return r;
    if (src_offset + src_length > b->size)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: bytes %llu to %llu pass the end of buffers[%u] (%zu bytes)", ep,
                        (unsigned long long)src_offset, (unsigned long long)(src_offset + src_length), buffer,
                        b->size);
    uint8_t *data = (uint8_t *)ta__gltf_arena_alloc(&g->arena, 1, (size_t)length);
    if (data == NULL) return ta__gltf_oom(g, ep);
    g->meshopt_bytes += length;
    bool unsupported = false;
    const char *why = ta__meshopt_decode(data, (size_t)count, (size_t)stride, b->data + src_offset,
                                         (size_t)src_length, (ta__meshopt_mode)mode, (ta__meshopt_filter)filter,
                                         &unsupported);
    if (why != NULL && unsupported && !is_required(g, name)) {
        g->meshopt_bytes -= length;
        g->view_decoded[index] = &READ_UNCOMPRESSED;
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_OTHER, ep,
                          "bytes %llu to %llu of buffers[%u]: %s; read from the view's uncompressed data instead "
                          "(the file does not require %s)",
                          (unsigned long long)src_offset, (unsigned long long)(src_offset + src_length), buffer, why,
                          name);
        return TA_OK;
    }
    if (why != NULL)
        return ta__fail(g->err, unsupported ? TA_ERROR_UNSUPPORTED : TA_ERROR_PARSE,
                        "%s: bytes %llu to %llu of buffers[%u]: %s", ep, (unsigned long long)src_offset,
                        (unsigned long long)(src_offset + src_length), buffer, why);
    g->view_decoded[index] = data;
    *out = data;
    return TA_OK;
}
