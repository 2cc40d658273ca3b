/*
 * src/io/object_json_internal.h -- the object JSON reader's state, shared by
 * its files (read.c: the document and its clips; read_assets.c: images,
 * textures, geometries, materials, skeletons; read_objects.c: the object
 * tree), and a map from uuids to indices. Not public.
 */
#ifndef THREEANIM_SRC_IO_OBJECT_JSON_INTERNAL_H
#define THREEANIM_SRC_IO_OBJECT_JSON_INTERNAL_H

#include <jansson.h>

#include "io/clip_json_internal.h"
#include "io/json_doc.h"
#include "io/model_internal.h"
#include "threeanim/object_json.h"

/* ---- a map from strings to indices ------------------------------------------------- */

/* Open addressing over keys the map does not own (they live in the JSON). */
typedef struct ta__strmap {
    const ta__mem *mem;
    const char **keys;
    uint32_t *values;
    uint32_t capacity; /* a power of two, or 0 */
    uint32_t count;
} ta__strmap;

void ta__strmap_init(ta__strmap *map, const ta__mem *mem);
void ta__strmap_free(ta__strmap *map);
/* Sets key to value (replacing the old value); false when out of memory. */
bool ta__strmap_set(ta__strmap *map, const char *key, uint32_t value);
/* Sets key only if it is not there yet (the first one wins). */
bool ta__strmap_add(ta__strmap *map, const char *key, uint32_t value);
bool ta__strmap_get(const ta__strmap *map, const char *key, uint32_t *out);

/* ---- the reader ------------------------------------------------------------------------ */

typedef struct ta__geometry_info {
    uint32_t morph_count;        /* of the first morph attribute */
    const json_t *morph_list;    /* that attribute's array (for the names), or NULL */
} ta__geometry_info;

/* A SkinnedMesh waiting for the bones of its skeleton. */
typedef struct ta__pending_skin {
    ta_node_id node;
    const json_t *json;          /* the object */
    ta_mesh_desc desc;           /* with materials and morphs, not bones */
    ta__mesh_view view;
    ta_material_id *materials;   /* desc.materials, owned */
    char **names;                /* desc.morph_names, owned (the strings are not) */
    float *influences;           /* desc.morph_influences, owned */
} ta__pending_skin;

/* A clip listed by an object. */
typedef struct ta__holder {
    uint32_t clip;               /* index into the document's animations */
    ta_node_id node;             /* ta_node_none(): the Scene */
} ta__holder;

typedef struct ta__ojreader {
    ta_model *model;
    const ta__mem *mem;          /* the model's */
    ta__clip_budget budget;
    const json_t *doc;

    ta__strmap images;           /* uuid -> 0 */
    ta__strmap textures;         /* uuid -> texture id */
    ta__strmap geometries;       /* uuid -> index into geometry_infos */
    ta__geometry_info *geometry_infos;
    uint32_t geometry_count;
    ta__strmap materials;        /* uuid -> material id */
    uint64_t *material_has;      /* one per material of the assets */
    uint32_t material_has_capacity;
    ta__strmap skeletons;        /* uuid -> index into the document's skeletons */
    ta__strmap clips;            /* uuid -> index into the document's animations */

    bool root_is_scene;
    uint32_t node_limit;
    /* Per node: the place among its parent's JSON children (TA_NONE for the root). */
    uint32_t *node_json_index;
    uint32_t node_json_capacity;

    ta__mesh_view *mesh_views;       /* one per scene mesh, in the scene's order */
    uint32_t mesh_view_count, mesh_view_capacity;
    ta__mesh_view *skinned_views;    /* one per skinned mesh */
    uint32_t skinned_view_count, skinned_view_capacity;
    ta__pending_skin *skins;
    uint32_t skin_count, skin_capacity;
    uint32_t *skin_made;         /* while binding: per document skeleton, its scene skin or TA_NONE */

    ta__holder *holders;
    uint32_t holder_count, holder_capacity;

    uint32_t warnings;           /* made so far; past TA__OJR_WARNING_LIMIT they are only counted */
    /* String(m) for each morph target m, the name Mesh.updateMorphTargets
     * gives a geometry's unnamed morph attribute. */
    char index_names[TA_MAX_MORPH_TARGETS][4];
} ta__ojreader;

/* A document can leave out a million tracks; the model keeps the first
 * warnings and then one line saying how many more there were. */
#define TA__OJR_WARNING_LIMIT 1000u

/* ta__model_warn, under the limit. */
void ta__ojr_warn(ta__ojreader *rd, const char *fmt, ...) TA_PRINTF(2, 3);

/* read_assets.c: the document's libraries, in ObjectLoader's order. */
ta_result ta__ojr_images(ta__ojreader *rd, ta__jpath *path, ta_error *err);
ta_result ta__ojr_textures(ta__ojreader *rd, ta__jpath *path, ta_error *err);
ta_result ta__ojr_geometries(ta__ojreader *rd, ta__jpath *path, ta_error *err);
ta_result ta__ojr_materials(ta__ojreader *rd, ta__jpath *path, ta_error *err);
ta_result ta__ojr_skeletons_index(ta__ojreader *rd, ta__jpath *path, ta_error *err);

/* read_mesh.c: a Mesh or SkinnedMesh object's mesh (a skinned one waits in
 * rd->skins for its bones), and the view of it the binder reads. */
ta_result ta__ojr_mesh(ta__ojreader *rd, const json_t *obj, ta_node_id node, bool skinned, ta__jpath *path,
                       ta_error *err);
ta_result ta__ojr_push_view(ta__ojreader *rd, bool skinned, const ta__mesh_view *view, ta_error *err);

/* read_objects.c: the object tree, then the skinned meshes' bones. */
ta_result ta__ojr_objects(ta__ojreader *rd, ta__jpath *path, ta_error *err);
ta_result ta__ojr_skins(ta__ojreader *rd, ta_error *err);
/* The JSON path of a node's object ("object.children[2]..."). */
void ta__ojr_node_path(const ta__ojreader *rd, ta_node_id node, ta__jpath *path);

/* A color given as a hex number, as Color.setHex reads it. */
ta_result ta__ojr_hex_color(const json_t *object, const char *key, ta__jpath *path, uint8_t out[3], bool *present,
                            ta_error *err);

void ta__mesh_view_free(const ta__mem *mem, ta__mesh_view *view);

#endif
