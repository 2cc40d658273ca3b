/*
 * src/io/gltf_internal.h -- the glTF loader's shared state. Not public.
 *
 * One load runs in one gltf_ctx: the parsed JSON (jansson), the buffers, a
 * cache of checked accessors, what the loader learned about every node, mesh,
 * camera and light, and the model being filled. Scratch memory comes from an
 * arena on the caller's allocator and goes with the context; only the model
 * outlives the load.
 *
 * The steps, each in its own file:
 *   gltf_container.c     the entry points; .glb chunks, JSON text, buffers
 *                        (GLB BIN, data: URIs, external files), limits
 *   gltf_arena.c         scratch memory
 *   gltf_json.c          the depth check; members are read with io/json_doc.h
 *   gltf_accessor.c      buffer views and accessors: bounds, strides, sparse,
 *                        component types, normalization
 *   gltf_meshopt.c       views compressed by EXT/KHR_meshopt_compression
 *                        (the streams themselves: meshopt_decode.c)
 *   gltf_scene_read.c    nodes, skins, meshes, scenes read and checked
 *   gltf_names.c         PropertyBinding.sanitizeNodeName and createUniqueName
 *   gltf_scene_names.c   the names, in the order GLTFLoader gives them
 *   gltf_mesh_timing.c   the order GLTFLoader's mesh promises settle in
 *   gltf_material.c      materials and their base color map
 *   gltf_scene.c         the default scene: nodes, meshes, skins, cameras, lights
 *   gltf_animation.c     samplers, channels, clips, the weights traversal
 *   gltf_animation_pointer.c  KHR_animation_pointer channels
 */
#ifndef THREEANIM_SRC_IO_GLTF_INTERNAL_H
#define THREEANIM_SRC_IO_GLTF_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "io/json_doc.h"
#include "io/model_internal.h"
#include "threeanim/gltf.h"
#include "threeanim/keyframe_track.h"

/* glTF componentType values. */
#define GLTF_BYTE 5120u
#define GLTF_UNSIGNED_BYTE 5121u
#define GLTF_SHORT 5122u
#define GLTF_UNSIGNED_SHORT 5123u
#define GLTF_UNSIGNED_INT 5125u
#define GLTF_FLOAT 5126u

/* ---- scratch memory ------------------------------------------------------------ */

typedef struct gltf_arena_block gltf_arena_block;
typedef struct gltf_arena {
    const ta__mem *mem;
    gltf_arena_block *head;
} gltf_arena;

/* Zeroed, 16-byte aligned; NULL when out of memory or when size overflows. */
void *ta__gltf_arena_alloc(gltf_arena *arena, size_t count, size_t size);
char *ta__gltf_arena_strdup(gltf_arena *arena, const char *s);
void ta__gltf_arena_free_all(gltf_arena *arena);

/* ---- what the loader keeps per glTF object ---------------------------------------- */

typedef struct gltf_buffer {
    bool loaded;
    const uint8_t *data; /* byteLength bytes */
    size_t size;         /* the declared byteLength */
    uint8_t *owned;      /* data read from a file or a data: URI (arena) */
} gltf_buffer;

typedef struct gltf_accessor {
    bool checked;
    uint32_t component_type; /* GLTF_BYTE ... */
    uint32_t component_size; /* 1, 2 or 4 */
    uint32_t comps;          /* numbers per element: 1 (SCALAR) to 16 (MAT4) */
    uint32_t count;
    bool normalized;
    const uint8_t *base; /* the first element, NULL without a bufferView (zeros) */
    size_t stride;       /* bytes from one element to the next */
    uint32_t sparse_count;
    const uint8_t *sparse_indices;
    uint32_t sparse_index_size;   /* 1, 2 or 4 */
    const uint8_t *sparse_values; /* sparse_count packed elements */
    float *read[2];               /* read once as floats: [0] as stored, [1] normalized */
} gltf_accessor;

typedef struct gltf_node_info {
    json_t *def;
    uint32_t parent;                    /* glTF index of the parent, TA_NONE for none */
    uint32_t mesh, camera, light, skin; /* TA_NONE for none */
    bool is_bone;
    bool shallow_done, full_done;
    const char *name;                                        /* the unique name when the node is named, else NULL */
    uint32_t mesh_instance, camera_instance, light_instance; /* the clone's number when shared */
    ta_node_id made; /* the node made for it, TA_NONE when not in the default scene */
} gltf_node_info;

typedef struct gltf_primitive_info {
    uint32_t morph_count; /* morph targets three.js makes (uncapped) */
    bool triangles;       /* drawn as triangles (a three.js Mesh), not lines or points */
    bool has_skin_attributes;
    uint32_t material; /* glTF index, TA_NONE: the default material */
    const char *name;  /* the unique name three.js gives its Mesh */
} gltf_primitive_info;

/* One mesh made in the scene (one per primitive per use of a glTF mesh). */
typedef struct gltf_made_mesh {
    bool skinned;
    uint32_t index;       /* into scene.meshes or scene.skinned_meshes */
    uint32_t morph_total; /* morph targets the glTF primitive has, all kept */
} gltf_made_mesh;

typedef struct gltf_mesh_info {
    json_t *def;
    uint32_t prim_count;
    uint32_t target_count; /* morph targets of each primitive (the file's, before any is dropped) */
    gltf_primitive_info *prims;
    uint32_t refs, uses; /* nodes that name it; clones handed out so far */
    bool skinned;        /* some node with a skin names it (three.js isSkinnedMesh) */
    bool requested;
    uint32_t request_order;
    gltf_made_mesh *made; /* made_count meshes, every use, every primitive */
    uint32_t made_count, made_cap;
} gltf_mesh_info;

typedef struct gltf_camera_info {
    bool loaded;
    bool orthographic;
    const char *name; /* unique name, or NULL when unnamed */
    uint32_t refs, uses;
    uint32_t *made; /* indices into cameras.perspective / .orthographic */
    uint32_t made_count, made_cap;
    double xmag, ymag; /* orthographic: the magnifications read */
} gltf_camera_info;

typedef struct gltf_light_info {
    json_t *def;
    bool loaded;
    const char *name;
    uint32_t refs, uses;
    uint32_t *made; /* indices into scene.lights */
    uint32_t made_count, made_cap;
    bool spot;
    double inner, outer; /* spot cone angles */
} gltf_light_info;

/* For every scene node: the mesh at it (a node carries at most one). */
typedef struct gltf_node_mesh {
    bool has;
    gltf_made_mesh mesh;
} gltf_node_mesh;

typedef struct gltf_name_entry {
    const char *key;
    uint32_t hash;
    bool nan; /* the counter is NaN: a name Object.prototype already holds */
    double counter;
} gltf_name_entry;

typedef struct gltf_names {
    gltf_name_entry *slots;
    uint32_t capacity, count;
} gltf_names;

typedef struct gltf_ctx {
    const ta__mem *mem;
    gltf_arena arena;
    ta_error *err;
    ta_model *model;
    ta_load_limits lim; /* zeros replaced by the defaults */
    const char *base_dir;
    const char *uri_root; /* options->uri_root; NULL: base_dir */

    json_t *root;
    const uint8_t *glb_bin;
    size_t glb_bin_size;
    bool has_glb_bin;

    json_t *buffers, *buffer_views, *accessors, *nodes, *meshes, *skins, *materials, *textures, *images;
    json_t *cameras, *animations, *scenes, *lights;
    uint32_t buffer_count, buffer_view_count, accessor_count, node_count, mesh_count, skin_count;
    uint32_t material_count, texture_count, image_count, camera_count, animation_count, scene_count;
    uint32_t light_count;
    bool texture_transform_used; /* "KHR_texture_transform" in extensionsUsed */

    gltf_buffer *buffer_state;
    gltf_accessor *accessor_state;
    gltf_node_info *node_info;
    gltf_mesh_info *mesh_info;
    gltf_camera_info *camera_info;
    gltf_light_info *light_info;
    gltf_names names;
    uint32_t mesh_requests; /* meshes requested so far, for their naming order */

    uint32_t default_scene; /* the scene loaded (the default one or options->gltf_scene's); TA_NONE: none */
    uint32_t scene_option;  /* options->gltf_scene */
    bool strict;            /* options->strict */
    bool has_default_material;
    ta_material_id default_material;
    ta_texture_id *material_map; /* per glTF material: its map texture, TA_NONE for none */

    ta_skin_id *skin_made; /* per glTF skin: the scene's skin, TA_NONE until made */
    gltf_node_mesh *node_mesh; /* per scene node */
    uint32_t node_mesh_cap;

    uint64_t total_keys;
    uint32_t total_tracks;
    uint32_t total_markers; /* against lim.max_markers */
    uint64_t numbers_read; /* read from accessors as floats so far, over the whole load */
    const uint8_t **view_decoded; /* per buffer view: its decoded meshopt stream, NULL until decoded */
    uint64_t meshopt_bytes;       /* decoded from meshopt streams so far, against lim.max_file_bytes */
} gltf_ctx;

ta_result ta__gltf_oom(gltf_ctx *g, const char *what);
/* Grows an arena array of item_size items to hold need (doubling). */
ta_result ta__gltf_grow(gltf_ctx *g, void **items, uint32_t *capacity, uint32_t need, size_t item_size);

/* ---- JSON: read with the loaders' one reader (io/json_doc.h) ----------------------- */

/* Refuses JSON nested deeper than max_depth. */
ta_result ta__gltf_check_depth(gltf_ctx *g, const json_t *root);

/* ---- names (gltf_names.c) ----------------------------------------------------------- */

/* PropertyBinding.sanitizeNodeName: JavaScript's \s becomes '_', "[ ] . : /"
 * go. Into the arena; NULL when out of memory. */
char *ta__gltf_sanitize_name(gltf_arena *arena, const char *name);
/* GLTFParser.createUniqueName: the sanitized name, or with "_N" when it was
 * given before. NULL when out of memory (g->err filled). */
const char *ta__gltf_unique_name(gltf_ctx *g, const char *original);

/* Puts the requested meshes (order: count glTF mesh indices, in the order
 * they were first asked for) in the order GLTFLoader names their primitives
 * (gltf_mesh_timing.c). */
ta_result ta__gltf_mesh_naming_order(gltf_ctx *g, const bool *skin_loaded, uint32_t *order, uint32_t count);

/* ---- containers and buffers (gltf_container.c) ----------------------------------------- */

/* The data of buffer index (loaded on first use), refusing a missing or short one. */
ta_result ta__gltf_buffer(gltf_ctx *g, uint32_t index, const char *path, const gltf_buffer **out);
/* Buffer index's declared byteLength, checked as ta__gltf_buffer checks it,
 * without loading it (a meshopt fallback buffer need not be there). */
ta_result ta__gltf_buffer_length(gltf_ctx *g, uint32_t index, uint64_t *out);

/* ---- meshopt compression (gltf_meshopt.c) ------------------------------------------ */

/* For bufferViews[index] (def, at path vp; parent, offset and length its
 * own buffer, byteOffset and byteLength): *out the decoded data when the
 * view carries EXT_meshopt_compression or KHR_meshopt_compression (decoded
 * on first use), NULL when it carries neither. */
ta_result ta__gltf_meshopt_view(gltf_ctx *g, uint32_t index, const json_t *def, const char *vp, uint32_t parent,
                                uint64_t offset, uint64_t length, const uint8_t **out);

/* ---- accessors (gltf_accessor.c) ------------------------------------------------------ */

/* Checks accessor index (and loads the buffers it reads) once. path names
 * the reference, for messages. */
ta_result ta__gltf_accessor(gltf_ctx *g, uint32_t index, const char *path, const gltf_accessor **out);
/* count * comps numbers into out; integers are read as their values, or, with
 * normalize and a normalized accessor, scaled as three.js's
 * getNormalizedComponentScale. */
void ta__gltf_accessor_read(const gltf_accessor *acc, bool normalize, float *out);
/* An accessor read into a float array in the arena; refuses one whose numbers
 * would pass the file size limit. */
ta_result ta__gltf_accessor_floats(gltf_ctx *g, uint32_t index, const char *path, bool normalize, const float **out,
                                uint32_t *out_count, uint32_t *out_comps);

/* ---- the scene (gltf_scene*.c, gltf_material.c) -------------------------------------- */

typedef struct gltf_scene_state {
    bool *skin_done;          /* per skin: its joints were named */
    const char **scene_names; /* per scene: its unique name, or NULL */
    uint32_t *stack;          /* 2 * node_count + 2 entries */
    ta_node_id *stack_parent; /* node_count + 1 entries */
    uint32_t made_nodes;
    /* Meshes waiting for every node to exist: one per primitive per use. */
    struct gltf_pending_mesh {
        ta_node_id node;
        uint32_t gltf_node;
        uint32_t mesh;
        uint32_t prim;
        bool skinned;
    } * pending;
    uint32_t pending_count, pending_cap;
} gltf_scene_state;

/* gltf_scene_read.c: every node, skin, mesh and scene read and checked. */
ta_result ta__gltf_read_scene_parts(gltf_ctx *g, gltf_scene_state *st);
/* Node i's matrix (decomposed) or translation, rotation and scale, written
 * over *position, *quaternion and *scale where the node has them. Refuses a
 * number that does not fit a float32, and a matrix whose scale does not:
 * three.js holds them in doubles, a float would hold an infinity. *singular:
 * a matrix with a zero determinant, of which only the translation is kept. */
ta_result ta__gltf_node_transform(gltf_ctx *g, uint32_t i, ta_vec3 *position, ta_quat *quaternion, ta_vec3 *scale,
                               bool *singular);
/* gltf_scene_names.c: the unique names, in GLTFLoader's order. */
ta_result ta__gltf_give_names(gltf_ctx *g, gltf_scene_state *st);
/* gltf_material.c: every material, in file order (material id = glTF index),
 * and GLTFLoader's default material, made on first use. */
ta_result ta__gltf_make_materials(gltf_ctx *g);
ta_result ta__gltf_default_material(gltf_ctx *g, ta_material_id *out);
ta_result ta__gltf_build_scene(gltf_ctx *g);

/* ---- animations (gltf_animation.c, gltf_animation_pointer.c) ------------------------------ */

/* The tracks of one clip, growing. */
typedef struct gltf_track_list {
    ta_track **items;
    uint32_t count, cap;
} gltf_track_list;

/* A sampler's keys, read once per channel. */
typedef struct gltf_sampler_data {
    ta_interpolation interpolation; /* TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_STEP or TA_INTERPOLATION_CUBIC_SPLINE */
    const float *times;
    uint32_t key_count;
    const float *values; /* output numbers, normalized */
    uint32_t value_count;
    uint32_t comps;          /* numbers per output element: 1 SCALAR, 3 VEC3, 4 VEC4 ... */
    uint32_t component_type; /* the output accessor's GLTF_FLOAT, GLTF_BYTE ... */
    bool normalized;         /* the output accessor's normalized flag */
    char path[TA__JPATH_SIZE]; /* "animations[a].samplers[s]" */
} gltf_sampler_data;

ta_result ta__gltf_build_animations(gltf_ctx *g);
/* Reads sampler s of animation a. */
ta_result ta__gltf_read_sampler(gltf_ctx *g, const json_t *samplers, uint32_t a, uint32_t s, gltf_sampler_data *out);
/* Makes one track from (a part of) a sampler: value_size numbers per key,
 * starting at number `first` of each key's stride numbers (stride >=
 * value_size); value_scale multiplies every number. Counts the limits and adds
 * the track to list. */
typedef struct gltf_track_spec {
    ta_track_target target;
    uint32_t value_size;
    uint32_t stride;
    uint32_t first;
    double value_scale;
    /* When set, each number v becomes map(v, user); tangents scale by map's
     * slope at the key's value (for reciprocal maps). */
    bool reciprocal; /* v -> reciprocal_numerator / v */
    double reciprocal_numerator;
    /* rotation keys stored as integers not normalized (not glTF 2.0): each key is made of unit
     * length, and the warning says why its keys were not */
    bool integer_rotation;
} gltf_track_spec;
ta_result ta__gltf_add_track(gltf_ctx *g, const gltf_sampler_data *s, const gltf_track_spec *spec,
                          const char *channel_path, gltf_track_list *list);
/* A track's keys, before it is made (gltf_cut.c). */
typedef struct gltf_cut {
    ta_interpolation interpolation;
    bool rotation; /* four numbers per value, slerped */
    uint32_t key_count, value_size;
    const float *times, *values;
    const float *in_tangents, *out_tangents; /* per second; NULL unless CUBICSPLINE */
} gltf_cut;
/* Replaces the keys before time 0 with one key at 0 that keeps every sample
 * at t >= 0 three.js's (into the arena); does nothing when none is below 0. */
ta_result ta__gltf_cut_at_zero(gltf_ctx *g, gltf_cut *cut, const char *channel_path);
/* The weights traversal from scene node `node`: one track per morph target of
 * every mesh it drives. *made: how many tracks were made; 0 when it finds no
 * mesh; UINT32_MAX when the weights do not fit the meshes found (one SCALAR per
 * morph target per key) and the channel was left out with a warning. */
ta_result ta__gltf_add_weights_tracks(gltf_ctx *g, const gltf_sampler_data *s, ta_node_id node, const char *channel_path,
                                   gltf_track_list *list, uint32_t *made);
/* The same for every mesh made from glTF mesh `mesh` (KHR_animation_pointer
 * /meshes/M/weights). */
ta_result ta__gltf_add_mesh_weights_tracks(gltf_ctx *g, const gltf_sampler_data *s, uint32_t mesh,
                                        const char *channel_path, gltf_track_list *list, uint32_t *made);
/* The kind a core channel's target.path names: "translation", "rotation" and
 * "scale" a node's, "weights" a mesh's morph targets (the one-segment glTF
 * pointers of TA_TRACK_KIND_LIST); false for any other path. */
bool ta__gltf_channel_path_kind(const char *path, ta_track_kind *out);
/* A KHR_animation_pointer channel: adds its tracks, or leaves it out with a
 * warning. */
ta_result ta__gltf_pointer_channel(gltf_ctx *g, const gltf_sampler_data *s, const char *pointer, const char *channel_path,
                                gltf_track_list *list);

#endif
