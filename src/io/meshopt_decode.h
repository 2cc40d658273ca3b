/*
 * src/io/meshopt_decode.h -- decoding one meshoptimizer stream, as
 * EXT_meshopt_compression and KHR_meshopt_compression store a buffer view.
 * Not public.
 *
 * The ATTRIBUTES streams of vertex codec version 0, and the TRIANGLES and
 * INDICES modes, are decoded by the meshoptimizer library (Debian's
 * libmeshoptimizer-dev, 0.18). Version 1 of the vertex codec, which
 * KHR_meshopt_compression adds and that library predates, is decoded here
 * from the specification (meshopt_vertex.c). The filters (NONE, OCTAHEDRAL,
 * QUATERNION, EXPONENTIAL and KHR's COLOR) are applied here too
 * (meshopt_filter.c), to the bytes three.js's MeshoptDecoder gives rather
 * than the library's, which round a few values one unit apart.
 * ta__gltf_meshopt_view (gltf_meshopt.c) reads a view's extension object and
 * calls these; the unit tests and the conformance tool call them directly.
 */
#ifndef THREEANIM_SRC_IO_MESHOPT_DECODE_H
#define THREEANIM_SRC_IO_MESHOPT_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ta__meshopt_mode {
    TA__MESHOPT_ATTRIBUTES = 0,
    TA__MESHOPT_TRIANGLES = 1,
    TA__MESHOPT_INDICES = 2
} ta__meshopt_mode;

typedef enum ta__meshopt_filter {
    TA__MESHOPT_NONE = 0,
    TA__MESHOPT_OCTAHEDRAL = 1,
    TA__MESHOPT_QUATERNION = 2,
    TA__MESHOPT_EXPONENTIAL = 3,
    TA__MESHOPT_COLOR = 4
} ta__meshopt_filter;

/* The mode or filter a name of the extensions' JSON gives; -1 for none. */
int ta__meshopt_mode_parse(const char *name);
int ta__meshopt_filter_parse(const char *name);

/* NULL when count elements of stride bytes may be stored in mode with
 * filter, as the extensions require (stride 4 to 256 and a multiple of 4 for
 * ATTRIBUTES, 2 or 4 for indices, a count of whole triangles, the filters'
 * strides); else what does not hold (static text). */
const char *ta__meshopt_check(uint64_t count, uint64_t stride, ta__meshopt_mode mode, ta__meshopt_filter filter);

/* Decodes src[0..src_size) into dst (count * stride bytes, a layout
 * ta__meshopt_check accepted) and applies the filter. NULL on success, else
 * why the stream does not decode (static text), with *unsupported (may be
 * NULL) true when the stream is of a kind not decoded here rather than
 * broken; dst is then garbage. */
const char *ta__meshopt_decode(uint8_t *dst, size_t count, size_t stride, const uint8_t *src, size_t src_size,
                               ta__meshopt_mode mode, ta__meshopt_filter filter, bool *unsupported);

/* The ATTRIBUTES bitstream, versions 0 and 1, decoded into dst (count *
 * stride bytes, stride 4 to 256 and a multiple of 4) without a filter. NULL
 * on success, else why the stream is invalid (static text); dst is then
 * garbage. */
const char *ta__meshopt_decode_vertex(uint8_t *dst, size_t count, size_t stride, const uint8_t *src, size_t size);

/* Applies filter in place to count elements of stride bytes (a layout
 * ta__meshopt_check accepted for it). */
void ta__meshopt_apply_filter(uint8_t *data, size_t count, size_t stride, ta__meshopt_filter filter);

#endif
