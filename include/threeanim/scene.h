/**
 * @file
 * threeanim/scene.h -- the scene a mixer drives: nodes, meshes, skinned meshes
 * and lights.
 *
 * A scene is a list of nodes. A node has a place in the tree (its parent and
 * its children, in order), a name, a uuid, and the values a track can drive:
 * position, quaternion, scale and visible. Meshes (scene.meshes), skinned
 * meshes (scene.skinned_meshes) and lights (scene.lights) are attached to a
 * node; a node can carry several. Skins (scene.skins: joints and inverse bind
 * matrices, skin.h) are what skinned meshes are bound to; the world and bone
 * matrices a renderer draws with come from pose.h, and instances of a scene
 * from instance.h. The scene itself is not a node: a top-level
 * node's parent is ta_node_none(), as a three.js Scene's children are.
 *
 *     ta_scene *scene;
 *     ta_scene_create(NULL, &scene, &err);
 *     ta_node_id hips, spine;
 *     ta_scene_add_node(scene, ta_node_none(), "hips", &hips, &err);
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
#include "threeanim/skin.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The three.js class a node was made from, kept so that a scene written back
 * to JSON gives the same objects. It does not change what a track drives. */
typedef enum ta_node_type {
    TA_NODE_TYPE_OBJECT3D = 0,        /**< Object3D */
    TA_NODE_TYPE_GROUP,               /**< Group */
    TA_NODE_TYPE_BONE,                /**< Bone */
    TA_NODE_TYPE_MESH,                /**< Mesh */
    TA_NODE_TYPE_SKINNED_MESH,        /**< SkinnedMesh */
    TA_NODE_TYPE_LIGHT,               /**< a Light */
    TA_NODE_TYPE_PERSPECTIVE_CAMERA,  /**< PerspectiveCamera */
    TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA, /**< OrthographicCamera */
    TA_NODE_TYPE_COUNT           /**< the number of types; not a type */
} ta_node_type;

/**
 * A node of the scene: its place in the tree, its name and uuid, and the values a node track
 * drives.
 */
typedef struct ta_node {
    ta_vec3 position;        /**< POSITION, POSITION_ELEMENT */
    ta_quat quaternion;      /**< QUATERNION, ROTATION_ELEMENT */
    ta_vec3 scale;           /**< SCALE, SCALE_ELEMENT */
    bool visible;            /**< VISIBLE */
    ta_node_type type;       /**< the three.js class it was made from */
    ta_node_id parent;       /**< ta_node_none() for a top-level node */
    ta_node_id first_child;  /**< TA_NONE if none; children in order */
    ta_node_id last_child;   /**< TA_NONE if none */
    ta_node_id next_sibling; /**< TA_NONE for the last child */
    char *name;              /**< never NULL; "" if unnamed. Set with ta_scene_set_node_name */
    char *uuid;              /**< never NULL; "" if none was given */
} ta_node;

/**
 * The most morph targets a mesh read from three.js JSON (object_json.h) may have, and the most a
 * binding of a whole ".morphTargetInfluences" track (animation_json.h) holds: a load limit, not a
 * limit of the scene. A scene's meshes, and the glTF loader's, have as many as they are given, as
 * in three.js, whose ObjectLoader takes any number (the 8 of its old renderer is long gone; face
 * rigs have 52). The number bounds what a JSON mesh may ask of memory (a geometry's morph list is
 * named once per mesh that uses it) and the size of ta_track_binding.
 */
#define TA_MAX_MORPH_TARGETS 256

/** A mesh or a skinned mesh attached to a node. */
typedef struct ta_mesh {
    ta_node_id node;          /**< the node that carries it */
    uint32_t morph_count;     /**< how many morph targets, any number */
    float *morph_influences;  /**< morph_count influences (three.js morphTargetInfluences); NULL for none */
    char **morph_names;       /**< morph_count names, "" if unnamed; NULL for none */
    ta_material_id *materials;                    /**< material_count ids */
    uint32_t material_count;                      /**< how many materials: 1 for most meshes */
    ta_node_id *bones;                            /**< skinned meshes: the skeleton, in order */
    uint32_t bone_count;                          /**< how many bones; 0 for a mesh */
    ta_skin_id skin;      /**< skinned meshes: the skin (ta_scene_bind_skin); TA_NONE if none */
    ta_bind_mode bind_mode;  /**< three.js bindMode; TA_BIND_MODE_ATTACHED unless bound otherwise */
    ta_mat4 bind_matrix;     /**< three.js bindMatrix; the identity unless bound otherwise */
} ta_mesh;

/** What ta_scene_add_mesh and ta_scene_add_skinned_mesh copy into the scene. */
typedef struct ta_mesh_desc {
    ta_node_id node;                 /**< the node that carries it */
    uint32_t morph_count;            /**< 0: no morph targets */
    const float *morph_influences;   /**< NULL: all zero */
    const char *const *morph_names;  /**< NULL: all unnamed */
    const ta_material_id *materials; /**< NULL with material_count 0: no material */
    uint32_t material_count;         /**< how many materials */
    const ta_node_id *bones;         /**< skinned meshes only; NULL otherwise */
    uint32_t bone_count;             /**< how many bones */
} ta_mesh_desc;

/**
 * The scene a mixer drives: a list of nodes, and the meshes, skinned meshes and lights they carry.
 */
typedef struct ta_scene {
    char *name;                  /**< the three.js Scene's name; "" if none */
    char *uuid;                  /**< the three.js Scene's uuid; "" if none */
    ta_node *nodes;              /**< node_count nodes; a node id is a place here */
    uint32_t node_count;         /**< how many nodes */
    ta_mesh *meshes;             /**< mesh_count meshes */
    uint32_t mesh_count;         /**< how many meshes */
    ta_mesh *skinned_meshes;     /**< skinned_mesh_count skinned meshes */
    uint32_t skinned_mesh_count; /**< how many skinned meshes */
    ta_light *lights;            /**< light_count lights */
    uint32_t light_count;        /**< how many lights */
    ta_skin *skins;              /**< skin_count skins (skin.h) */
    uint32_t skin_count;         /**< how many skins */
    ta_node_id first_child;      /**< the top-level nodes, in order; TA_NONE if none */
    ta_node_id last_child;       /**< the last top-level node; TA_NONE if none */
    /** Rises with every change to the tree, the lists or the names, so that a
     * mixer can tell when what it resolved may have moved. */
    uint64_t structure_version;
    void *internal_;         /**< the allocator and the lists' capacities */
} ta_scene;

/** How to make a scene; zeroed means the defaults. */
typedef struct ta_scene_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    const char *name;              /**< NULL: "" */
    const char *uuid;              /**< NULL: "" */
} ta_scene_options;

/**
 * An empty scene, with the name and uuid of options (NULL, or NULL fields: ""). options may be
 * NULL.
 *
 * @ownership The caller owns the scene and frees it with ta_scene_destroy; it keeps a copy of
 * options->allocator and of the strings.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_scene NULL, an allocator with only one of alloc and free),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs new Scene().
 */
TA_API ta_result ta_scene_create(const ta_scene_options *options, ta_scene **out_scene, ta_error *err);

/**
 * Frees the scene with its nodes, names, uuids, meshes and lights. NULL does nothing.
 *
 * @ownership Frees what ta_scene_create made; every pointer into the scene dies with it.
 * @errors None.
 * @threejs None: three.js leaves it to the garbage collector.
 */
TA_API void ta_scene_destroy(ta_scene *scene);

/**
 * Adds a node at the end of parent's children (ta_node_none(): at the top), at the origin,
 * unturned, of scale one, visible, of type TA_NODE_TYPE_OBJECT3D, named name (NULL: "") with the uuid
 * "". out_node (may be NULL) receives its id, which is its place in scene->nodes.
 *
 * @ownership The scene copies name. Pointers into scene->nodes are valid until the next add.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_MISSING_TARGET (parent not in the
 * scene), TA_ERROR_LIMIT_EXCEEDED (2^32 - 2 nodes), TA_ERROR_OUT_OF_MEMORY. A refused add changes
 * nothing.
 * @threejs parent.add(new Object3D()), with object.name = name.
 */
TA_API ta_result ta_scene_add_node(ta_scene *scene, ta_node_id parent, const char *name,
                                   ta_node_id *out_node, ta_error *err);

/**
 * The node, to read or to set its position, quaternion, scale and visible; NULL if scene is NULL or
 * the node is not in it.
 *
 * @ownership Points into the scene: valid until the next add of a node or ta_scene_destroy. Change
 * the tree, names and uuids only through the functions here.
 * @errors None (NULL for a node the scene does not have).
 * @threejs The Object3D itself.
 */
TA_API ta_node *ta_scene_node(ta_scene *scene, ta_node_id node);

/**
 * ta_scene_node for a scene that is only read. NULL if scene is NULL or the node is not in it.
 *
 * @ownership Points into the scene: valid until the next add of a node.
 * @errors None.
 * @threejs The Object3D itself.
 */
TA_API const ta_node *ta_scene_node_const(const ta_scene *scene, ta_node_id node);

/**
 * True if scene is not NULL and holds node.
 *
 * @ownership None.
 * @errors None.
 * @threejs None: an Object3D reference cannot name nothing.
 */
TA_API bool ta_scene_has_node(const ta_scene *scene, ta_node_id node);

/**
 * Renames a node (NULL: ""). A name of the same length is written in place, without allocating, as
 * a string track does every frame.
 *
 * @ownership The scene copies name (which may point into the node's own name).
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_MISSING_TARGET (node not in the scene),
 * TA_ERROR_OUT_OF_MEMORY. A refused call changes nothing.
 * @threejs object.name = name.
 */
TA_API ta_result ta_scene_set_node_name(ta_scene *scene, ta_node_id node, const char *name, ta_error *err);

/**
 * Sets a node's uuid (NULL: ""). Any text: it is not checked to be a uuid.
 *
 * @ownership The scene copies uuid.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_MISSING_TARGET, TA_ERROR_OUT_OF_MEMORY.
 * @threejs object.uuid = uuid.
 */
TA_API ta_result ta_scene_set_node_uuid(ta_scene *scene, ta_node_id node, const char *uuid, ta_error *err);

/**
 * Sets the scene's own name (NULL: ""), the three.js Scene's name.
 *
 * @ownership The scene copies name.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_OUT_OF_MEMORY.
 * @threejs scene.name = name.
 */
TA_API ta_result ta_scene_set_name(ta_scene *scene, const char *name, ta_error *err);

/**
 * Sets the scene's own uuid (NULL: "").
 *
 * @ownership The scene copies uuid.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_OUT_OF_MEMORY.
 * @threejs scene.uuid = uuid.
 */
TA_API ta_result ta_scene_set_uuid(ta_scene *scene, const char *uuid, ta_error *err);

/**
 * Moves node (with its subtree) to the end of parent's children (ta_node_none(): the top); its
 * position, quaternion and scale stay as they are, so it moves with its new parent.
 *
 * @ownership Changes the tree only.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL; parent is node or below it, a cycle),
 * TA_ERROR_MISSING_TARGET (node or parent not in the scene). A refused move changes nothing.
 * @threejs parent.add(node), which removes it from its old parent first.
 */
TA_API ta_result ta_scene_set_parent(ta_scene *scene, ta_node_id node, ta_node_id parent, ta_error *err);

/**
 * The first node named name, depth first from the top, children in order. out_node may be NULL (to
 * ask whether there is one).
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or name NULL), TA_ERROR_NOT_FOUND (the message names
 * the three nearest names, letter case ignored: `no node has the name "hip"; the nearest are
 * "hips", ...`).
 * @threejs scene.getObjectByName(name).
 */
TA_API ta_result ta_scene_find_by_name(const ta_scene *scene, const char *name, ta_node_id *out_node, ta_error *err);

/**
 * The first node whose uuid is uuid, depth first from the top.
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or uuid NULL), TA_ERROR_NOT_FOUND.
 * @threejs scene.getObjectByProperty('uuid', uuid).
 */
TA_API ta_result ta_scene_find_by_uuid(const ta_scene *scene, const char *uuid, ta_node_id *out_node, ta_error *err);

/**
 * The first node, root included, whose name (or uuid, when by_uuid) is name_or_uuid, depth first
 * from root (ta_node_none(): the whole scene).
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or name_or_uuid NULL), TA_ERROR_MISSING_TARGET (root not
 * in the scene), TA_ERROR_NOT_FOUND (by name: the message names the three nearest names below
 * root).
 * @threejs root.getObjectByName(name), root.getObjectByProperty('uuid', uuid).
 */
TA_API ta_result ta_scene_find_below(const ta_scene *scene, ta_node_id root, const char *name_or_uuid,
                                     bool by_uuid, ta_node_id *out_node, ta_error *err);

/**
 * True if node is root or below it (any node, for root ta_node_none()); false if scene is NULL or
 * node is not in it.
 *
 * @ownership None.
 * @errors None.
 * @threejs None: walk object.parent up to root.
 */
TA_API bool ta_scene_is_below(const ta_scene *scene, ta_node_id node, ta_node_id root);

/** Called by ta_scene_traverse for each node; false stops the walk. */
typedef bool (*ta_node_visitor)(const ta_scene *scene, ta_node_id node, void *user);

/**
 * Visits root and every node below it, parent before children, children in order (root
 * ta_node_none() visits the whole scene, not a node for the scene itself). Return false from visit
 * to stop. Nothing is visited if scene or visit is NULL or root is not in the scene. visit must not
 * add nodes or change the tree.
 *
 * @ownership visit and user are only used during the call.
 * @errors None.
 * @threejs root.traverse(callback) (which cannot stop).
 */
TA_API void ta_scene_traverse(const ta_scene *scene, ta_node_id root, ta_node_visitor visit, void *user);

/**
 * The node's matrix from its position, quaternion and scale, worked out in double and rounded to
 * float once. The identity for a node not in the scene.
 *
 * @ownership A value.
 * @errors None.
 * @threejs object.updateMatrix(); object.matrix.
 */
TA_API ta_mat4 ta_scene_local_matrix(const ta_scene *scene, ta_node_id node);

/**
 * The node's world matrix, the product of its ancestors' matrices and its own, worked out in double
 * and rounded to float once, as three.js's matrixWorld. The identity for a node not in the scene.
 *
 * @ownership A value.
 * @errors None.
 * @threejs object.updateWorldMatrix(true, false); object.matrixWorld.
 */
TA_API ta_mat4 ta_scene_world_matrix(const ta_scene *scene, ta_node_id node);

/**
 * Attaches a mesh to desc->node: its morph targets (influences, names), its materials and no bones.
 * The materials are not checked here: they live in the assets, and the mixer and the writers check
 * them when they use them. out_mesh (may be NULL) receives its index.
 *
 * @ownership The scene copies the lists and the names of desc. Pointers into scene->meshes are
 * valid until the next add of a mesh.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or desc NULL, a NULL list with a count, bones on a mesh
 * that is not skinned), TA_ERROR_MISSING_TARGET (desc->node not in the scene),
 * TA_ERROR_NOT_A_NUMBER (an influence not finite), TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY. A refused add changes
 * nothing.
 * @threejs new Mesh(geometry, material), with its morphTargetInfluences and morphTargetDictionary.
 */
TA_API ta_result ta_scene_add_mesh(ta_scene *scene, const ta_mesh_desc *desc, ta_mesh_id *out_mesh, ta_error *err);

/**
 * Attaches a skinned mesh to desc->node, with its bones (its skeleton, in order) besides what
 * ta_scene_add_mesh takes. out_mesh (may be NULL) receives its index.
 *
 * @ownership The scene copies the lists and the names of desc. Pointers into scene->skinned_meshes
 * are valid until the next add of a skinned mesh.
 * @errors As ta_scene_add_mesh, and TA_ERROR_MISSING_TARGET for a bone that is not in the scene.
 * @threejs new SkinnedMesh(geometry, material) with its Skeleton.
 */
TA_API ta_result ta_scene_add_skinned_mesh(ta_scene *scene, const ta_mesh_desc *desc,
                                           ta_skinned_mesh_id *out_mesh, ta_error *err);

/**
 * The mesh at that index, to read or to set its morph influences; NULL if scene is NULL or the
 * index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a mesh.
 * @errors None.
 * @threejs The Mesh itself.
 */
TA_API ta_mesh *ta_scene_mesh(ta_scene *scene, ta_mesh_id mesh);

/**
 * The skinned mesh at that index; NULL if scene is NULL or the index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a skinned mesh.
 * @errors None.
 * @threejs The SkinnedMesh itself.
 */
TA_API ta_mesh *ta_scene_skinned_mesh(ta_scene *scene, ta_skinned_mesh_id mesh);

/**
 * ta_scene_mesh for a scene that is only read. NULL if scene is NULL or the index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a mesh.
 * @errors None.
 * @threejs The Mesh itself.
 */
TA_API const ta_mesh *ta_scene_mesh_const(const ta_scene *scene, ta_mesh_id mesh);

/**
 * ta_scene_skinned_mesh for a scene that is only read. NULL if the index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a skinned mesh.
 * @errors None.
 * @threejs The SkinnedMesh itself.
 */
TA_API const ta_mesh *ta_scene_skinned_mesh_const(const ta_scene *scene, ta_skinned_mesh_id mesh);

/**
 * Renames one morph target (NULL: "", which answers to its index in decimal). mesh must be one of
 * scene's meshes or skinned meshes (ta_scene_mesh, ta_scene_skinned_mesh), not a copy: the name is
 * freed with the scene's allocator.
 *
 * @ownership The scene copies name.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or mesh NULL, a mesh that is not the scene's),
 * TA_ERROR_OUT_OF_RANGE (target not below the mesh's morph count), TA_ERROR_OUT_OF_MEMORY.
 * @threejs geometry.morphAttributes.position[target].name = name; mesh.updateMorphTargets().
 */
TA_API ta_result ta_scene_set_morph_name(ta_scene *scene, ta_mesh *mesh, uint32_t target, const char *name, ta_error *err);

/**
 * three.js morphTargetDictionary[name], as Mesh.updateMorphTargets builds it: the last target of
 * that name, and an unnamed target under its index in decimal ("2"). out_target may be NULL. The
 * index is what ta_track_target_morph takes.
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (mesh or name NULL, morph_names NULL with morph targets),
 * TA_ERROR_NOT_FOUND.
 * @threejs mesh.morphTargetDictionary[name].
 */
TA_API ta_result ta_mesh_find_morph_target(const ta_mesh *mesh, const char *name, uint32_t *out_target, ta_error *err);

/**
 * Attaches a copy of light to light->node after ta_light_validate accepts it. out_light (may be
 * NULL) receives its index.
 *
 * @ownership The scene keeps a copy. Pointers into scene->lights are valid until the next add of a
 * light.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or light NULL), the refusals of ta_light_validate,
 * TA_ERROR_MISSING_TARGET (light->node not in the scene), TA_ERROR_LIMIT_EXCEEDED,
 * TA_ERROR_OUT_OF_MEMORY. A refused add changes nothing.
 * @threejs node.add(new SpotLight(...)).
 */
TA_API ta_result ta_scene_add_light(ta_scene *scene, const ta_light *light, ta_light_id *out_light, ta_error *err);

/**
 * The light at that index, to read or to set its numbers; NULL if scene is NULL or the index is
 * past the end.
 *
 * @ownership Points into the scene: valid until the next add of a light.
 * @errors None.
 * @threejs The Light itself.
 */
TA_API ta_light *ta_scene_light(ta_scene *scene, ta_light_id light);

/**
 * ta_scene_light for a scene that is only read. NULL if the index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a light.
 * @errors None.
 * @threejs The Light itself.
 */
TA_API const ta_light *ta_scene_light_const(const ta_scene *scene, ta_light_id light);

#ifdef __cplusplus
}
#endif

#endif
