/*
 * threeanim/scene.h -- the scene a mixer drives: nodes, meshes, skinned meshes
 * and lights.
 *
 * A scene is a list of nodes. A node has a place in the tree (its parent and
 * its children, in order), a name, a uuid, and the values a track can drive:
 * position, quaternion, scale and visible. Meshes (scene.meshes), skinned
 * meshes (scene.skinned_meshes) and lights (scene.lights) are attached to a
 * node; a node can carry several. The scene itself is not a node: a top-level
 * node's parent is ta_no_parent(), as a three.js Scene's children are.
 *
 *     ta_scene *scene;
 *     ta_scene_create(NULL, &scene, &err);
 *     ta_node_id hips, spine;
 *     ta_scene_add_node(scene, ta_no_parent(), "hips", &hips, &err);
 *     ta_scene_add_node(scene, hips, "spine", &spine, &err);
 *     ta_scene_node(scene, spine)->position.y = 0.3f;
 *
 * Ownership: the scene owns its nodes, names, uuids, meshes and lights;
 * ta_scene_destroy frees them. The struct's lists are public for reading and
 * for setting values (position, morph influences, light numbers); change the
 * tree, names and counts only through the functions here. A pointer into a
 * list is valid until the next call that adds to that list.
 */
#ifndef THREEANIM_SCENE_H
#define THREEANIM_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/ids.h"
#include "threeanim/light.h"
#include "threeanim/math.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The three.js class a node was made from, kept so that a scene written back
 * to JSON gives the same objects. It does not change what a track drives. */
typedef enum ta_node_type {
    TA_NODE_OBJECT3D = 0,
    TA_NODE_GROUP,
    TA_NODE_BONE,
    TA_NODE_MESH,
    TA_NODE_SKINNED_MESH,
    TA_NODE_LIGHT,
    TA_NODE_PERSPECTIVE_CAMERA,
    TA_NODE_ORTHOGRAPHIC_CAMERA,
    TA_NODE_TYPE_COUNT
} ta_node_type;

typedef struct ta_node {
    ta_vec3 position;
    ta_quat quaternion;
    ta_vec3 scale;
    bool visible;
    ta_node_type type;
    ta_node_id parent;       /* ta_no_parent() for a top-level node */
    ta_node_id first_child;  /* TA_NONE if none; children in order */
    ta_node_id last_child;
    ta_node_id next_sibling; /* TA_NONE for the last child */
    char *name;              /* never NULL; "" if unnamed. Set with ta_scene_set_node_name */
    char *uuid;              /* never NULL; "" if none was given */
} ta_node;

/* three.js allows more; the spec's morph kinds take targets 0 to 7. */
#define TA_MAX_MORPH_TARGETS 8

/* A mesh or a skinned mesh attached to a node. */
typedef struct ta_mesh {
    ta_node_id node;
    uint32_t morph_count;                          /* 0 to TA_MAX_MORPH_TARGETS */
    float morph_influences[TA_MAX_MORPH_TARGETS];  /* three.js morphTargetInfluences */
    char *morph_names[TA_MAX_MORPH_TARGETS];       /* morph_count names, "" if unnamed */
    ta_material_id *materials;                     /* material_count ids */
    uint32_t material_count;
    ta_node_id *bones;                             /* skinned meshes: the skeleton, in order */
    uint32_t bone_count;
} ta_mesh;

typedef struct ta_mesh_desc {
    ta_node_id node;
    uint32_t morph_count;                          /* 0: no morph targets */
    const float *morph_influences;                 /* NULL: all zero */
    const char *const *morph_names;                /* NULL: all unnamed */
    const ta_material_id *materials;               /* NULL with material_count 0: no material */
    uint32_t material_count;
    const ta_node_id *bones;                       /* skinned meshes only; NULL otherwise */
    uint32_t bone_count;
} ta_mesh_desc;

typedef struct ta_scene {
    char *name;  /* the three.js Scene's name and uuid; "" if none */
    char *uuid;
    ta_node *nodes;
    uint32_t node_count;
    ta_mesh *meshes;
    uint32_t mesh_count;
    ta_mesh *skinned_meshes;
    uint32_t skinned_mesh_count;
    ta_light *lights;
    uint32_t light_count;
    ta_node_id first_child; /* the top-level nodes, in order; TA_NONE if none */
    ta_node_id last_child;
    /* Rises with every change to the tree, the lists or the names, so that a
     * mixer can tell when what it resolved may have moved. */
    uint64_t structure_version;
    void *internal_;         /* the allocator and the lists' capacities */
} ta_scene;

typedef struct ta_scene_options {
    const ta_allocator *allocator; /* NULL: the C library's */
    const char *name;              /* NULL: "" */
    const char *uuid;              /* NULL: "" */
} ta_scene_options;

TA_API ta_result ta_scene_create(const ta_scene_options *options, ta_scene **out_scene, ta_error *err);
TA_API void ta_scene_destroy(ta_scene *scene);

/* Adds a node at the end of parent's children (ta_no_parent(): at the top),
 * at the origin, unturned, of scale one, visible, of type TA_NODE_OBJECT3D. */
TA_API ta_result ta_scene_add_node(ta_scene *scene, ta_node_id parent, const char *name,
                                   ta_node_id *out_node, ta_error *err);
/* NULL if node is not in the scene. */
TA_API ta_node *ta_scene_node(ta_scene *scene, ta_node_id node);
TA_API const ta_node *ta_scene_node_const(const ta_scene *scene, ta_node_id node);
TA_API bool ta_scene_has_node(const ta_scene *scene, ta_node_id node);
TA_API ta_result ta_scene_set_node_name(ta_scene *scene, ta_node_id node, const char *name, ta_error *err);
TA_API ta_result ta_scene_set_node_uuid(ta_scene *scene, ta_node_id node, const char *uuid, ta_error *err);
TA_API ta_result ta_scene_set_name(ta_scene *scene, const char *name, ta_error *err);
TA_API ta_result ta_scene_set_uuid(ta_scene *scene, const char *uuid, ta_error *err);
/* Moves node (with its subtree) to the end of parent's children; refuses a
 * move under its own subtree. */
TA_API ta_result ta_scene_set_parent(ta_scene *scene, ta_node_id node, ta_node_id parent, ta_error *err);

/* The first node of that name (or uuid) in depth-first order from the top,
 * as three.js's getObjectByName. TA_ERROR_NOT_FOUND if none. */
TA_API ta_result ta_scene_find_by_name(const ta_scene *scene, const char *name, ta_node_id *out_node, ta_error *err);
TA_API ta_result ta_scene_find_by_uuid(const ta_scene *scene, const char *uuid, ta_node_id *out_node, ta_error *err);
/* The same, below (and including) root. */
TA_API ta_result ta_scene_find_below(const ta_scene *scene, ta_node_id root, const char *name_or_uuid,
                                     bool by_uuid, ta_node_id *out_node, ta_error *err);
/* True if node is root or below it. */
TA_API bool ta_scene_is_below(const ta_scene *scene, ta_node_id node, ta_node_id root);

/* Visits root and every node below it, parent before children, children in
 * order (three.js traverse). root ta_no_parent() visits the whole scene.
 * Return false from visit to stop. */
typedef bool (*ta_node_visitor)(const ta_scene *scene, ta_node_id node, void *user);
TA_API void ta_scene_traverse(const ta_scene *scene, ta_node_id root, ta_node_visitor visit, void *user);

/* The node's matrix, and its world matrix (the product of its ancestors'),
 * worked out in double and rounded to float32 once, as three.js's matrixWorld.
 * The identity for a node not in the scene. */
TA_API ta_mat4 ta_scene_local_matrix(const ta_scene *scene, ta_node_id node);
TA_API ta_mat4 ta_scene_world_matrix(const ta_scene *scene, ta_node_id node);

/* Attaches a mesh or a skinned mesh (with its bones) to desc->node. A morph
 * count above TA_MAX_MORPH_TARGETS, a non-finite influence, a node or a bone
 * not in the scene, bones on a mesh that is not skinned, and a NULL list with
 * a count are refused. The materials are not checked here: they live in the
 * assets. */
TA_API ta_result ta_scene_add_mesh(ta_scene *scene, const ta_mesh_desc *desc, ta_mesh_index *out_mesh, ta_error *err);
TA_API ta_result ta_scene_add_skinned_mesh(ta_scene *scene, const ta_mesh_desc *desc,
                                           ta_skinned_mesh_index *out_mesh, ta_error *err);
TA_API ta_mesh *ta_scene_mesh(ta_scene *scene, ta_mesh_index mesh);
TA_API ta_mesh *ta_scene_skinned_mesh(ta_scene *scene, ta_skinned_mesh_index mesh);
/* The same for a scene that is only read. NULL if the index is past the end. */
TA_API const ta_mesh *ta_scene_mesh_const(const ta_scene *scene, ta_mesh_index mesh);
TA_API const ta_mesh *ta_scene_skinned_mesh_const(const ta_scene *scene, ta_skinned_mesh_index mesh);
/* Renames one morph target (morph_target_dictionary). mesh must be one of
 * scene's meshes or skinned meshes (ta_scene_mesh, ta_scene_skinned_mesh). */
TA_API ta_result ta_mesh_set_morph_name(ta_scene *scene, ta_mesh *mesh, uint32_t target, const char *name, ta_error *err);
/* three.js morphTargetDictionary[name], as Mesh.updateMorphTargets builds it:
 * the last target of that name, and an unnamed target under its index in
 * decimal ("2"). TA_ERROR_NOT_FOUND if the mesh has none. */
TA_API ta_result ta_morph_target_index(const ta_mesh *mesh, const char *name, uint32_t *out_target, ta_error *err);

/* Attaches a light to light->node after ta_light_validate accepts it. */
TA_API ta_result ta_scene_add_light(ta_scene *scene, const ta_light *light, ta_light_index *out_light, ta_error *err);
TA_API ta_light *ta_scene_light(ta_scene *scene, ta_light_index light);
TA_API const ta_light *ta_scene_light_const(const ta_scene *scene, ta_light_index light);

#ifdef __cplusplus
}
#endif

#endif
