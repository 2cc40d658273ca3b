/*
 * tools/threeanim/gltf_source.h -- a glTF file's document and buffers as they
 * are in the file, for the commands that read its bytes beside what the
 * loader made of it (preview's skinned meshes, compress's rewritten .glb).
 *
 *     gltf_source src;
 *     if (gltf_source_read("fox.gltf", &src, &err) == TA_OK) {
 *         json_t *nodes = json_object_get(src.root, "nodes");
 *         ... src.buffers[i].data, src.buffers[i].size (data NULL: not read, see missing)
 *     }
 *     gltf_source_free(&src);
 *
 * A .glb's buffer without a uri is its BIN chunk; a buffer's uri is a base64
 * data: URI or a file beside the document.
 */
#ifndef THREEANIM_TOOLS_GLTF_SOURCE_H
#define THREEANIM_TOOLS_GLTF_SOURCE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/result.h"

typedef struct gltf_blob {
    const uint8_t *data; /* NULL: the buffer could not be read */
    size_t size;
} gltf_blob;

typedef struct gltf_source {
    json_t *root;        /* NULL when the file is not glTF JSON or a .glb */
    gltf_blob *buffers;  /* buffer_count */
    uint32_t buffer_count;
    uint32_t missing;    /* the first buffer not read, or UINT32_MAX */
    char *text;          /* the file's bytes */
    char **owned;        /* the buffers read beside it */
} gltf_source;

/* Reads path and its buffers: TA_ERROR_IO when the file cannot be read,
 * TA_ERROR_PARSE when it is not a glTF document, TA_ERROR_OUT_OF_MEMORY; a
 * buffer that cannot be read is only noted (missing). */
ta_result gltf_source_read(const char *path, gltf_source *out, ta_error *err);
void gltf_source_free(gltf_source *src);

#endif
