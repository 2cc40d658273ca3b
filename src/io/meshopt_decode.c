/* One meshoptimizer stream decoded (meshopt_decode.h): the layout checked as
 * the extensions ask, then the decoder (the library's, or ours for vertex
 * codec version 1) and our filter. The library is
 * safe on untrusted input (its decoders read only buffer_size bytes and
 * write only the destination), but it asserts on a layout it does not take,
 * so every layout is checked here first. */
#include "io/meshopt_decode.h"

#include <meshoptimizer.h>
#include <string.h>

int ta__meshopt_mode_parse(const char *name)
{
    static const char *const names[] = {"ATTRIBUTES", "TRIANGLES", "INDICES"};
    for (int i = 0; i < 3; ++i)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

int ta__meshopt_filter_parse(const char *name)
{
    static const char *const names[] = {"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL", "COLOR"};
    for (int i = 0; i < 5; ++i)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

const char *ta__meshopt_check(uint64_t count, uint64_t stride, ta__meshopt_mode mode, ta__meshopt_filter filter)
{
    if (mode == TA__MESHOPT_ATTRIBUTES) {
        if (stride < 4 || stride > 256 || stride % 4 != 0)
            return "ATTRIBUTES needs a byteStride of 4 to 256, a multiple of 4";
    } else {
        if (stride != 2 && stride != 4) return "TRIANGLES and INDICES need a byteStride of 2 or 4";
        if (filter != TA__MESHOPT_NONE) return "TRIANGLES and INDICES take no filter but NONE";
        if (mode == TA__MESHOPT_TRIANGLES && count % 3 != 0) return "TRIANGLES needs a count of whole triangles";
    }
    switch (filter) {
    case TA__MESHOPT_OCTAHEDRAL:
    case TA__MESHOPT_COLOR:
        if (stride != 4 && stride != 8) return "OCTAHEDRAL and COLOR need a byteStride of 4 or 8";
        break;
    case TA__MESHOPT_QUATERNION:
        if (stride != 8) return "QUATERNION needs a byteStride of 8";
        break;
    default: break;
    }
    return NULL;
}

const char *ta__meshopt_decode(uint8_t *dst, size_t count, size_t stride, const uint8_t *src, size_t src_size,
                               ta__meshopt_mode mode, ta__meshopt_filter filter, bool *unsupported)
{
    bool dummy;
    if (unsupported == NULL) unsupported = &dummy;
    *unsupported = false;
    if (ta__meshopt_check(count, stride, mode, filter) != NULL) return "the layout is not one the extensions allow";
    int rc;
    if (mode == TA__MESHOPT_ATTRIBUTES) {
        /* The header byte is 0xA0 | version; version 1 (meshoptimizer 0.23
         * on, KHR_meshopt_compression) is past the library's 0.18. */
        if (src_size > 0 && src[0] == 0xA1) {
            const char *why = ta__meshopt_decode_vertex(dst, count, stride, src, src_size);
            if (why != NULL) return why;
        } else if (src_size > 0 && (src[0] & 0xF0) == 0xA0 && (src[0] & 0x0F) > 1) {
            *unsupported = true;
            return "the vertex stream is of a codec version past 1";
        } else if (meshopt_decodeVertexBuffer(dst, count, stride, src, src_size) != 0) {
            return "the vertex stream does not decode";
        }
        ta__meshopt_apply_filter(dst, count, stride, filter);
        return NULL;
    }
    if (mode == TA__MESHOPT_TRIANGLES)
        rc = meshopt_decodeIndexBuffer(dst, count, stride, src, src_size);
    else
        rc = meshopt_decodeIndexSequence(dst, count, stride, src, src_size);
    return rc == 0 ? NULL : mode == TA__MESHOPT_TRIANGLES ? "the triangle stream does not decode" : "the index stream does not decode";
}
