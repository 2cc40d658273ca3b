/**
 * @file
 * threeanim/ids.h -- typed handles.
 *
 * Each handle is a one-field struct around an index, so passing a material id
 * where a node id is wanted does not compile. An index is a place in its list
 * (scene.nodes, scene.meshes, scene.skinned_meshes, scene.lights,
 * assets.materials, assets.textures, cameras.perspective,
 * cameras.orthographic). A handle does not prove that the thing is there: the
 * list is chosen when it is used, and the call that uses it checks.
 *
 *     ta_node_id hips = ta_node_at(3);
 *     ta_material_id skin = ta_material_at(0);
 */
#ifndef THREEANIM_IDS_H
#define THREEANIM_IDS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The index that names nothing: a node with no parent, a material with no map. */
#define TA_NONE UINT32_MAX

/** A node: its place in scene.nodes. */
typedef struct ta_node_id { uint32_t index; /**< the place in the list */ } ta_node_id;
/** A mesh: its place in scene.meshes. */
typedef struct ta_mesh_id { uint32_t index; /**< the place in the list */ } ta_mesh_id;
/** A skinned mesh: its place in scene.skinned_meshes. */
typedef struct ta_skinned_mesh_id { uint32_t index; /**< the place in the list */ } ta_skinned_mesh_id;
/** A material: its place in assets.materials. */
typedef struct ta_material_id { uint32_t index; /**< the place in the list */ } ta_material_id;
/** A texture: its place in assets.textures. */
typedef struct ta_texture_id { uint32_t index; /**< the place in the list */ } ta_texture_id;
/** A light: its place in scene.lights. */
typedef struct ta_light_id { uint32_t index; /**< the place in the list */ } ta_light_id;
/** A perspective camera: its place in cameras.perspective. */
typedef struct ta_perspective_camera_id { uint32_t index; /**< the place in the list */ } ta_perspective_camera_id;
/** An orthographic camera: its place in cameras.orthographic. */
typedef struct ta_orthographic_camera_id { uint32_t index; /**< the place in the list */ } ta_orthographic_camera_id;

/**
 * The node id of place i in scene.nodes. Not checked here: the call that uses it checks that the
 * list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs An Object3D reference; three.js tracks name nodes by name or uuid instead.
 */
static inline ta_node_id ta_node_at(uint32_t i) { ta_node_id id = {i}; return id; }

/**
 * The mesh index of place i in scene.meshes. Not checked here: the call that uses it checks that
 * the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A Mesh reference.
 */
static inline ta_mesh_id ta_mesh_at(uint32_t i) { ta_mesh_id id = {i}; return id; }

/**
 * The skinned mesh index of place i in scene.skinned_meshes. Not checked here: the call that uses
 * it checks that the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A SkinnedMesh reference.
 */
static inline ta_skinned_mesh_id ta_skinned_mesh_at(uint32_t i) { ta_skinned_mesh_id id = {i}; return id; }

/**
 * The material id of place i in assets.materials. Not checked here: the call that uses it checks
 * that the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A Material reference.
 */
static inline ta_material_id ta_material_at(uint32_t i) { ta_material_id id = {i}; return id; }

/**
 * The texture id of place i in assets.textures. Not checked here: the call that uses it checks that
 * the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A Texture reference.
 */
static inline ta_texture_id ta_texture_at(uint32_t i) { ta_texture_id id = {i}; return id; }

/**
 * The light index of place i in scene.lights. Not checked here: the call that uses it checks that
 * the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A Light reference.
 */
static inline ta_light_id ta_light_at(uint32_t i) { ta_light_id id = {i}; return id; }

/**
 * The perspective camera index of place i in cameras.perspective. Not checked here: the call that
 * uses it checks that the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs A PerspectiveCamera reference.
 */
static inline ta_perspective_camera_id ta_perspective_camera_at(uint32_t i) { ta_perspective_camera_id id = {i}; return id; }

/**
 * The orthographic camera index of place i in cameras.orthographic. Not checked here: the call that
 * uses it checks that the list has it.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs An OrthographicCamera reference.
 */
static inline ta_orthographic_camera_id ta_orthographic_camera_at(uint32_t i) { ta_orthographic_camera_id id = {i}; return id; }

/**
 * NO_PARENT: the parent of a top-level node, and the root that stands for the whole
 * scene (in ta_mixer_create, ta_mixer_add, ta_clip_binding).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs The Scene itself, as a node's parent or a mixer's root.
 */
static inline ta_node_id ta_node_none(void) { ta_node_id id = {TA_NONE}; return id; }

/**
 * True if id is ta_node_none() (TA_NONE).
 *
 * @ownership None.
 * @errors None.
 * @threejs parent === null.
 */
static inline bool ta_node_is_none(ta_node_id id) { return id.index == TA_NONE; }

/**
 * True if a and b name the same place.
 *
 * @ownership None.
 * @errors None.
 * @threejs a === b on two Object3Ds.
 */
static inline bool ta_node_eq(ta_node_id a, ta_node_id b) { return a.index == b.index; }

#ifdef __cplusplus
}
#endif

#endif
