/*
 * tools/threeanim/glb_writer.h -- a small glTF 2.0 binary (.glb) writer: the
 * JSON document is built with jansson, the data goes into one buffer, and each
 * accessor gets its own buffer view (4-byte aligned, with min and max where the
 * spec asks for them).
 *
 *     glb_writer w;
 *     glb_init(&w);
 *     uint32_t times = glb_floats(&w, t, 9, "SCALAR", GLB_NO_TARGET, true);
 *     json_array_append_new(glb_list(&w, "nodes"), json_pack("{s:s}", "name", "hips"));
 *     glb_write(&w, "rig.glb", &err);
 *     glb_free(&w);
 *
 * The output depends only on what is added, in the order it is added: the JSON
 * keeps insertion order and prints numbers with 9 significant digits.
 *
 * Ownership: the writer owns its document and data (glb_free).
 */
#ifndef THREEANIM_TOOLS_GLB_WRITER_H
#define THREEANIM_TOOLS_GLB_WRITER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/result.h"

#define GLB_NO_TARGET 0
#define GLB_ARRAY_BUFFER 34962
#define GLB_ELEMENT_ARRAY_BUFFER 34963

typedef struct glb_writer {
    json_t *doc;
    unsigned char *bin;
    size_t bin_size, bin_cap;
    bool oom;
} glb_writer;

void glb_init(glb_writer *w);
void glb_free(glb_writer *w);
/* The document's top-level array of that name, made when first asked for. */
json_t *glb_list(glb_writer *w, const char *name);
/* An accessor of count elements of type ("SCALAR", "VEC3", "VEC4", "MAT4")
 * over float data; with min_max, its min and max. Returns its index. */
uint32_t glb_floats(glb_writer *w, const float *data, uint32_t count, const char *type, int target, bool min_max);
/* An accessor of UNSIGNED_SHORT (indices, joints). */
uint32_t glb_ushorts(glb_writer *w, const uint16_t *data, uint32_t count, const char *type, int target);
/* An accessor of any component type (5120 BYTE ... 5126 FLOAT), in its own
 * buffer view; min and max (taken) may be NULL. Returns its index. */
uint32_t glb_accessor(glb_writer *w, const void *data, uint32_t count, const char *type, int component_type,
                      bool normalized, int target, json_t *min, json_t *max);
/* Copies bytes into the buffer at a 4-byte boundary; returns their offset. */
size_t glb_bytes(glb_writer *w, const void *data, size_t size);
/* Writes the .glb whole or not at all; TA_ERROR_OUT_OF_MEMORY if anything
 * added ran out of memory, TA_ERROR_IO if the file cannot be written. */
ta_result glb_write(glb_writer *w, const char *path, ta_error *err);

#endif
