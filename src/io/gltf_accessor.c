/* Buffer views and accessors. An accessor is checked once, before any of its
 * bytes is read: its component type and element type, its count, where its
 * elements sit in the view (with the view's byte stride) and that the last of
 * them ends inside the view, which ends inside its buffer; for a sparse one,
 * that its indices and values fit their views and every index is below the
 * count. Reading then needs no checks.
 *
 * Numbers are read as three.js reads them: integers as their values, and
 * normalized integers, where the caller asks (animation outputs), multiplied
 * by getNormalizedComponentScale's 1/127, 1/255, 1/32767 or 1/65535 in double
 * and rounded to float32 (so -128 as a normalized BYTE reads -1.0079, as in
 * three.js). Sparse values replace the elements they name before the scaling,
 * as three.js's setX on the raw array does. A strided accessor is read
 * element by element; three.js hands an animation the whole interleaved array
 * instead, which the glTF specification does not allow for animation data. */
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

static uint32_t component_size(uint32_t type)
{
    switch (type) {
    case GLTF_BYTE:
    case GLTF_UNSIGNED_BYTE: return 1;
    case GLTF_SHORT:
    case GLTF_UNSIGNED_SHORT: return 2;
    case GLTF_UNSIGNED_INT:
    case GLTF_FLOAT: return 4;
    default: return 0;
    }
}

static uint32_t type_comps(const char *type)
{
    static const struct {
        const char *name;
        uint32_t comps;
    } types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 4}, {"MAT3", 9}, {"MAT4", 16}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; ++i)
        if (strcmp(types[i].name, type) == 0) return types[i].comps;
    return 0;
}

typedef struct view_info {
    const uint8_t *data; /* the view's first byte */
    uint64_t length;
    uint64_t stride; /* 0 when the view has none */
} view_info;

static ta_result check_view(gltf_ctx *g, uint32_t index, const char *ref, view_info *out)
{
    char vp[TA__JPATH_SIZE];
    ta__jpath_format(vp, "bufferViews[%u]", index);
    json_t *def = json_array_get(g->buffer_views, index);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", vp);
    ta_result r;
    uint32_t buffer;
    if ((r = ta__jget_index(g->err, def, vp, "buffer", g->buffer_count, "buffers", &buffer)) != TA_OK) return r;
    if (buffer == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.buffer: is missing", vp);
    uint64_t offset, length, stride;
    if ((r = ta__jget_uint(g->err, def, vp, "byteOffset", 0, 0, UINT64_MAX >> 2, &offset)) != TA_OK) return r;
    if (ta__jget(def, "byteLength") == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteLength: is missing", vp);
    if ((r = ta__jget_uint(g->err, def, vp, "byteLength", 0, 1, UINT64_MAX >> 2, &length)) != TA_OK) return r;
    if ((r = ta__jget_uint(g->err, def, vp, "byteStride", 0, 4, 252, &stride)) != TA_OK) return r;
    const uint8_t *decoded;
    if ((r = ta__gltf_meshopt_view(g, index, def, vp, buffer, offset, length, &decoded)) != TA_OK) {
        ta__prefix(g->err, r, "%s", ref);
        return r;
    }
    if (decoded != NULL) {
        out->data = decoded;
        out->length = length;
        out->stride = stride;
        return TA_OK;
    }
    char bp[TA__JPATH_SIZE];
    ta__jpath_format(bp, "%s.buffer", vp);
    const gltf_buffer *b;
    if ((r = ta__gltf_buffer(g, buffer, bp, &b)) != TA_OK) {
        ta__prefix(g->err, r, "%s", ref);
        return r;
    }
    if (offset + length > b->size)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: bytes %llu to %llu pass the end of buffers[%u] (%zu bytes)", vp,
                        (unsigned long long)offset, (unsigned long long)(offset + length), buffer, b->size);
    out->data = b->data + offset;
    out->length = length;
    out->stride = stride;
    return TA_OK;
}

static ta_result check_sparse(gltf_ctx *g, const json_t *sparse, const char *ap, gltf_accessor *acc)
{
    char sp[TA__JPATH_SIZE], ip[TA__JPATH_SIZE], vp[TA__JPATH_SIZE];
    ta__jpath_format(sp, "%s.sparse", ap);
    ta__jpath_format(ip, "%s.indices", sp);
    ta__jpath_format(vp, "%s.values", sp);
    ta_result r;
    uint64_t count;
    if (ta__jget(sparse, "count") == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.count: is missing", sp);
    if ((r = ta__jget_uint(g->err, sparse, sp, "count", 0, 1, acc->count, &count)) != TA_OK) return r;
    json_t *indices, *values;
    if ((r = ta__jget_object(g->err, sparse, sp, "indices", &indices)) != TA_OK) return r;
    if ((r = ta__jget_object(g->err, sparse, sp, "values", &values)) != TA_OK) return r;
    if (indices == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is missing", ip);
    if (values == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is missing", vp);

    uint32_t iview, vview;
    uint64_t ioff, voff, itype;
    if ((r = ta__jget_index(g->err, indices, ip, "bufferView", g->buffer_view_count, "bufferViews", &iview)) != TA_OK)
        return r;
    if (iview == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.bufferView: is missing", ip);
    if ((r = ta__jget_uint(g->err, indices, ip, "byteOffset", 0, 0, UINT64_MAX >> 2, &ioff)) != TA_OK) return r;
    if ((r = ta__jget_uint(g->err, indices, ip, "componentType", 0, 0, UINT32_MAX, &itype)) != TA_OK) return r;
    if (itype != GLTF_UNSIGNED_BYTE && itype != GLTF_UNSIGNED_SHORT && itype != GLTF_UNSIGNED_INT)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s.componentType: %llu is not 5121, 5123 or 5125 (an unsigned integer type)", ip,
                        (unsigned long long)itype);
    if ((r = ta__jget_index(g->err, values, vp, "bufferView", g->buffer_view_count, "bufferViews", &vview)) != TA_OK)
        return r;
    if (vview == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.bufferView: is missing", vp);
    if ((r = ta__jget_uint(g->err, values, vp, "byteOffset", 0, 0, UINT64_MAX >> 2, &voff)) != TA_OK) return r;

    uint32_t isize = component_size((uint32_t)itype);
    uint64_t elem = (uint64_t)acc->component_size * acc->comps;
    view_info iv, vv;
    if ((r = check_view(g, iview, ip, &iv)) != TA_OK) return r;
    if ((r = check_view(g, vview, vp, &vv)) != TA_OK) return r;
    if (ioff % isize != 0)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteOffset: %llu is not a multiple of the %u-byte index", ip,
                        (unsigned long long)ioff, isize);
    if (voff % acc->component_size != 0)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteOffset: %llu is not a multiple of the %u-byte component", vp,
                        (unsigned long long)voff, acc->component_size);
    if (ioff + count * isize > iv.length)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s: %llu indices of %u bytes from byte %llu pass the end of "
                        "bufferViews[%u] (%llu bytes)",
                        ip, (unsigned long long)count, isize, (unsigned long long)ioff, iview,
                        (unsigned long long)iv.length);
    if (voff + count * elem > vv.length)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s: %llu elements of %llu bytes from byte %llu pass the end of "
                        "bufferViews[%u] (%llu bytes)",
                        vp, (unsigned long long)count, (unsigned long long)elem, (unsigned long long)voff, vview,
                        (unsigned long long)vv.length);
    acc->sparse_count = (uint32_t)count;
    acc->sparse_index_size = isize;
    acc->sparse_indices = iv.data + ioff;
    acc->sparse_values = vv.data + voff;
    uint32_t prev = 0;
    for (uint32_t k = 0; k < acc->sparse_count; ++k) {
        const uint8_t *p = acc->sparse_indices + (size_t)k * isize;
        uint32_t idx = isize == 1 ? p[0]
                       : isize == 2
                           ? (uint32_t)(p[0] | (p[1] << 8))
                           : (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
        if (idx >= acc->count)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s: entry %u is element %u, not below the accessor's count %u", ip,
                            k, idx, acc->count);
        /* glTF 2.0 (3.6.2.3): the indices strictly increase; a repeat or a
         * step back would make the result depend on the order of writes. */
        if (k > 0 && idx <= prev)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s: entry %u is element %u, not above entry %u's %u", ip, k, idx,
                            k - 1, prev);
        prev = idx;
    }
    return TA_OK;
}

ta_result ta__gltf_accessor(gltf_ctx *g, uint32_t index, const char *path, const gltf_accessor **out)
{
    if (index >= g->accessor_count)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: accessor %u is not below the %u accessors", path, index,
                        g->accessor_count);
    gltf_accessor *acc = &g->accessor_state[index];
    if (acc->checked) {
        *out = acc;
        return TA_OK;
    }
    char ap[TA__JPATH_SIZE];
    ta__jpath_format(ap, "accessors[%u]", index);
    json_t *def = json_array_get(g->accessors, index);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", ap);
    ta_result r;
    uint64_t ctype, count, offset;
    if (ta__jget(def, "componentType") == NULL)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.componentType: is missing", ap);
    if ((r = ta__jget_uint(g->err, def, ap, "componentType", 0, 0, UINT32_MAX, &ctype)) != TA_OK) return r;
    uint32_t csize = component_size((uint32_t)ctype);
    if (csize == 0)
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s.componentType: %llu is not a component type (5120, 5121, 5122, 5123, 5125, 5126)", ap,
                        (unsigned long long)ctype);
    const char *type;
    if ((r = ta__jget_string(g->err, def, ap, "type", false, &type)) != TA_OK) return r;
    if (type == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.type: is missing", ap);
    uint32_t comps = type_comps(type);
    if (comps == 0)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.type: \"%s\" is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4",
                        ap, type);
    if (ta__jget(def, "count") == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.count: is missing", ap);
    if ((r = ta__jget_uint(g->err, def, ap, "count", 0, 1, UINT32_MAX, &count)) != TA_OK) return r;
    if ((r = ta__jget_uint(g->err, def, ap, "byteOffset", 0, 0, UINT64_MAX >> 2, &offset)) != TA_OK) return r;
    bool normalized;
    if ((r = ta__jget_bool(g->err, def, ap, "normalized", false, &normalized, NULL)) != TA_OK) return r;
    if (normalized && (ctype == GLTF_FLOAT || ctype == GLTF_UNSIGNED_INT))
        return ta__fail(g->err, TA_ERROR_PARSE,
                        "%s.normalized: true for componentType %llu, which cannot be normalized", ap,
                        (unsigned long long)ctype);
    uint32_t view;
    if ((r = ta__jget_index(g->err, def, ap, "bufferView", g->buffer_view_count, "bufferViews", &view)) != TA_OK)
        return r;
    json_t *sparse;
    if ((r = ta__jget_object(g->err, def, ap, "sparse", &sparse)) != TA_OK) return r;

    gltf_accessor a;
    memset(&a, 0, sizeof a);
    a.component_type = (uint32_t)ctype;
    a.component_size = csize;
    a.comps = comps;
    a.count = (uint32_t)count;
    a.normalized = normalized;
    uint64_t elem = (uint64_t)csize * comps;
    if (view != TA_NONE) {
        char ref[TA__JPATH_SIZE];
        ta__jpath_format(ref, "%s.bufferView", ap);
        view_info v;
        if ((r = check_view(g, view, ref, &v)) != TA_OK) return r;
        if (offset % csize != 0)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteOffset: %llu is not a multiple of the %u-byte component",
                            ap, (unsigned long long)offset, csize);
        uint64_t stride = v.stride != 0 ? v.stride : elem;
        if (stride < elem)
            return ta__fail(g->err, TA_ERROR_PARSE,
                            "%s: bufferViews[%u].byteStride %llu is shorter than the %llu-byte element", ap, view,
                            (unsigned long long)stride, (unsigned long long)elem);
        if (stride % csize != 0)
            return ta__fail(g->err, TA_ERROR_PARSE,
                            "%s: bufferViews[%u].byteStride %llu is not a multiple of the %u-byte component", ap, view,
                            (unsigned long long)stride, csize);
        uint64_t need = offset + (count - 1) * stride + elem;
        if (need > v.length)
            return ta__fail(g->err, TA_ERROR_PARSE,
                            "%s: %llu elements of %llu bytes, %llu bytes apart from byteOffset %llu, need %llu bytes; "
                            "bufferViews[%u] holds %llu",
                            ap, (unsigned long long)count, (unsigned long long)elem, (unsigned long long)stride,
                            (unsigned long long)offset, (unsigned long long)need, view, (unsigned long long)v.length);
        a.base = v.data + offset;
        a.stride = (size_t)stride;
    } else if (offset != 0) {
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.byteOffset: %llu without a bufferView", ap,
                        (unsigned long long)offset);
    }
    if (sparse != NULL && (r = check_sparse(g, sparse, ap, &a)) != TA_OK) return r;
    a.checked = true;
    *acc = a;
    *out = acc;
    return TA_OK;
}

/* ---- reading ------------------------------------------------------------------------- */

static float read_component(const uint8_t *p, uint32_t type)
{
    switch (type) {
    case GLTF_BYTE: return (float)(int8_t)p[0];
    case GLTF_UNSIGNED_BYTE: return (float)p[0];
    case GLTF_SHORT: return (float)(int16_t)(uint16_t)(p[0] | (p[1] << 8));
    case GLTF_UNSIGNED_SHORT: return (float)(uint16_t)(p[0] | (p[1] << 8));
    case GLTF_UNSIGNED_INT:
        return (float)((uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24));
    default: {
        uint32_t bits = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    }
}

static double normalized_scale(uint32_t type)
{
    switch (type) {
    case GLTF_BYTE: return 1.0 / 127.0;
    case GLTF_UNSIGNED_BYTE: return 1.0 / 255.0;
    case GLTF_SHORT: return 1.0 / 32767.0;
    case GLTF_UNSIGNED_SHORT: return 1.0 / 65535.0;
    default: return 1.0;
    }
}

void ta__gltf_accessor_read(const gltf_accessor *acc, bool normalize, float *out)
{
    size_t n = (size_t)acc->count * acc->comps;
    uint32_t cs = acc->component_size, comps = acc->comps, type = acc->component_type;
    if (acc->base == NULL) {
        memset(out, 0, n * sizeof(float));
    } else if (type == GLTF_FLOAT && acc->stride == (size_t)cs * comps) {
        const uint8_t *p = acc->base;
        for (size_t i = 0; i < n; ++i, p += 4) out[i] = read_component(p, GLTF_FLOAT);
    } else {
        for (uint32_t e = 0; e < acc->count; ++e) {
            const uint8_t *p = acc->base + (size_t)e * acc->stride;
            float *o = out + (size_t)e * comps;
            for (uint32_t c = 0; c < comps; ++c) o[c] = read_component(p + (size_t)c * cs, type);
        }
    }
    for (uint32_t k = 0; k < acc->sparse_count; ++k) {
        const uint8_t *ip = acc->sparse_indices + (size_t)k * acc->sparse_index_size;
        uint32_t idx = acc->sparse_index_size == 1   ? ip[0]
                       : acc->sparse_index_size == 2 ? (uint32_t)(ip[0] | (ip[1] << 8))
                                                     : (uint32_t)ip[0] | ((uint32_t)ip[1] << 8) |
                                                           ((uint32_t)ip[2] << 16) | ((uint32_t)ip[3] << 24);
        const uint8_t *vp = acc->sparse_values + (size_t)k * comps * cs;
        for (uint32_t c = 0; c < comps; ++c) out[(size_t)idx * comps + c] = read_component(vp + (size_t)c * cs, type);
    }
    if (normalize && acc->normalized) {
        double s = normalized_scale(type);
        for (size_t i = 0; i < n; ++i) out[i] = (float)((double)out[i] * s);
    }
}

ta_result ta__gltf_accessor_floats(gltf_ctx *g, uint32_t index, const char *path, bool normalize, const float **out,
                                uint32_t *out_count, uint32_t *out_comps)
{
    const gltf_accessor *cacc;
    ta_result r = ta__gltf_accessor(g, index, path, &cacc);
    if (r != TA_OK) return r;
    gltf_accessor *acc = &g->accessor_state[index];
    int slot = normalize && acc->normalized ? 1 : 0;
    if (acc->read[slot] == NULL) {
        uint64_t numbers = (uint64_t)acc->count * acc->comps;
        /* Without a bufferView the count alone sets the size, and any number of
         * accessors may read one view: bound what the whole load reads by what
         * a file within the limits could hold. */
        uint64_t budget = g->lim.max_file_bytes / sizeof(float);
        if (numbers > budget - g->numbers_read || numbers > UINT32_MAX)
            return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED,
                            "accessors[%u]: %llu numbers, more than a file within limits.max_file_bytes holds "
                            "(%llu numbers were read before it)",
                            index, (unsigned long long)numbers, (unsigned long long)g->numbers_read);
        float *f = (float *)ta__gltf_arena_alloc(&g->arena, (size_t)numbers, sizeof(float));
        if (f == NULL) return ta__gltf_oom(g, path);
        ta__gltf_accessor_read(acc, normalize, f);
        acc->read[slot] = f;
        g->numbers_read += numbers;
    }
    *out = acc->read[slot];
    if (out_count) *out_count = acc->count;
    if (out_comps) *out_comps = acc->comps;
    return TA_OK;
}
