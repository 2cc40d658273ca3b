/*
 * src/io/object_json_write_internal.h -- the object JSON writer's state,
 * shared by its files (write.c: the layout, uuids and the document;
 * write_objects.c: the object tree; write_assets.c: materials, textures,
 * images, skeletons; write_clips.c: the clips and their paths). Not public.
 *
 * Each three.js object written is an "object id": a node's index, or
 * node_count + i for the i-th made object (a mesh, light or camera its node
 * cannot hold, or a camera with no node).
 */
#ifndef THREEANIM_SRC_IO_OBJECT_JSON_WRITE_INTERNAL_H
#define THREEANIM_SRC_IO_OBJECT_JSON_WRITE_INTERNAL_H

#include <jansson.h>

#include "io/clip_json_internal.h"
#include "io/object_json_internal.h"

typedef enum ta__attach_kind {
    TA__ATTACH_NONE = 0,
    TA__ATTACH_MESH,
    TA__ATTACH_SKINNED_MESH,
    TA__ATTACH_LIGHT,
    TA__ATTACH_PERSPECTIVE,
    TA__ATTACH_ORTHOGRAPHIC
} ta__attach_kind;

typedef struct ta__attach {
    ta__attach_kind kind;
    uint32_t index; /* into the list of its kind */
} ta__attach;

/* A made object: an attachment written as its own object. */
typedef struct ta__extra {
    ta__attach what;
    ta_node_id parent; /* ta_node_none(): at the top */
    char *uuid;
} ta__extra;

typedef struct ta__ojwriter {
    const ta_scene *scene;
    const ta_assets *assets;      /* never NULL here: an empty one stands in */
    const ta_camera_list *cameras;
    ta__mem mem;

    char *scene_uuid;
    char **node_uuids;            /* node_count */
    char **material_uuids;        /* material_count */
    char **texture_uuids;         /* texture_count */
    char **clip_uuids;            /* clip_count */
    uint32_t clip_count;
    char **skeleton_uuids;        /* skinned_mesh_count */
    char **geometry_uuids;        /* mesh_count, then skinned_mesh_count */
    char *image_uuid;

    ta__attach *primary;          /* per node: what its own object is */
    bool *is_bone;                /* per node: a bone of some skinned mesh */
    ta__extra *extras;
    uint32_t extra_count, extra_capacity;
    /* The object id that carries each attachment. */
    uint32_t *mesh_owner, *skinned_owner, *light_owner, *perspective_owner, *orthographic_owner;

    ta__strmap taken;             /* every uuid and name in use: made uuids avoid them */
} ta__ojwriter;

/* The uuid of an object id. */
const char *ta__ojw_uuid(const ta__ojwriter *w, uint32_t object);
/* A made uuid, free in w->taken (and then taken), from a tag and a number. */
char *ta__ojw_make_uuid(ta__ojwriter *w, const char *tag, uint32_t number);
/* The first skinned mesh bound to the skin of skinned mesh i (i itself when it
 * is the first, or has no skin): its skeleton is written once, for all. */
uint32_t ta__ojw_first_of_skin(const ta_scene *scene, uint32_t i);

/* write_objects.c: the Scene object with everything below it. */
ta_result ta__ojw_scene_object(ta__ojwriter *w, json_t *clip_uuids, json_t **out, ta_error *err);
/* write_assets.c: the libraries (NULL when empty). */
ta_result ta__ojw_materials(ta__ojwriter *w, json_t **out, ta_error *err);
ta_result ta__ojw_textures(ta__ojwriter *w, json_t **out_textures, json_t **out_images, ta_error *err);
ta_result ta__ojw_skeletons(ta__ojwriter *w, json_t **out, ta_error *err);
/* One BufferGeometry a mesh, with no vertices and a morph attribute for each
 * morph target, so that ObjectLoader finds the geometry the mesh names. */
ta_result ta__ojw_geometries(ta__ojwriter *w, json_t **out, ta_error *err);
/* write_clips.c: the clips, each track named by the uuid of its object. */
ta_result ta__ojw_clips(ta__ojwriter *w, const ta_clip *const *clips, uint32_t count, json_t **out_clips,
                        json_t **out_uuids, ta_error *err);

#endif
