/*
 * tests/support/gltf_test_builder.h -- small glTF files made in memory, for the
 * glTF loader's unit tests (tests/unit/test_gltf_*.c).
 *
 * A builder holds the JSON document (a jansson object the test adds to) and
 * one binary buffer; the helpers append buffer views and accessors to both.
 * The test then asks for the file as a .glb, or as a .gltf whose buffer is a
 * data: URI, and loads it:
 *
 *     gltf_tb tb;
 *     gltf_tb_init(&tb);
 *     const float times[] = {0, 1};
 *     uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR");
 *     gltf_tb_add(&tb, "nodes", json_pack("{s:s}", "name", "hips"));
 *     ...
 *     ta_model *model;
 *     TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, NULL, &model, &err), &err);
 *     gltf_tb_free(&tb);
 */
#ifndef THREEANIM_TESTS_SUPPORT_GLTF_TEST_BUILDER_H
#define THREEANIM_TESTS_SUPPORT_GLTF_TEST_BUILDER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/gltf.h"

typedef struct gltf_tb {
    json_t *root; /* {"asset": {"version": "2.0"}} to start with */
    uint8_t *bin; /* the buffer's bytes */
    size_t bin_size, bin_cap;
} gltf_tb;

typedef enum gltf_tb_container {
    GLTF_TB_GLB = 0,  /* .glb with a BIN chunk */
    GLTF_TB_DATA_URI, /* .gltf, the buffer as a base64 data: URI */
} gltf_tb_container;

void gltf_tb_init(gltf_tb *tb);
void gltf_tb_free(gltf_tb *tb);

/* Appends obj (the reference is taken) to root[key], an array made when
 * missing, and returns its index. */
uint32_t gltf_tb_add(gltf_tb *tb, const char *key, json_t *obj);
/* The n-th entry of root[key]. */
json_t *gltf_tb_get(gltf_tb *tb, const char *key, size_t n);

/* Appends bytes at a 4-byte boundary as a buffer view (stride 0: none). */
uint32_t gltf_tb_view(gltf_tb *tb, const void *bytes, size_t size, uint32_t stride);
/* An accessor; view < 0 for none. */
uint32_t gltf_tb_accessor(gltf_tb *tb, int view, size_t byte_offset, uint32_t component_type, const char *type,
                          uint32_t count, bool normalized);
/* Floats in a view of their own, and their accessor (count elements). */
uint32_t gltf_tb_floats(gltf_tb *tb, const float *values, uint32_t count, const char *type);
/* A node named name (NULL: unnamed); returns its index. */
uint32_t gltf_tb_node(gltf_tb *tb, const char *name);
/* An animation with no channels yet, named name (NULL: unnamed); returns its index. */
uint32_t gltf_tb_animation(gltf_tb *tb, const char *name);
/* A channel of animation anim driving path of node (< 0: no node) with a
 * sampler of its own (interpolation NULL: left out). */
void gltf_tb_channel(gltf_tb *tb, uint32_t anim, int node, const char *path, uint32_t input, uint32_t output,
                     const char *interpolation);
/* A scene of one node "hips" and one animation "walk" moving its translation
 * from (0, 0, 0) at 0 to (1, 0, 0) at 2 s, with extras (taken; not NULL). */
void gltf_tb_hips_walk(gltf_tb *tb, json_t *extras);

/* The file, malloc'd. The buffer (when there are bytes) is the BIN chunk or a
 * data: URI. */
uint8_t *gltf_tb_file(gltf_tb *tb, gltf_tb_container container, size_t *size);
/* gltf_tb_file, then ta_gltf_load_memory. */
ta_result gltf_tb_load(gltf_tb *tb, gltf_tb_container container, const ta_load_options *options, ta_model **out,
                       ta_error *err);

/* A .glb from raw JSON text and BIN bytes (NULL for none). malloc'd. */
uint8_t *gltf_tb_glb_raw(const char *json, const void *bin, size_t bin_size, size_t *size);

#endif
