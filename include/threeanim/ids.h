/*
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

/* The index that names nothing: a node with no parent, a material with no map. */
#define TA_NONE UINT32_MAX

typedef struct ta_node_id { uint32_t index; } ta_node_id;
typedef struct ta_mesh_index { uint32_t index; } ta_mesh_index;
typedef struct ta_skinned_mesh_index { uint32_t index; } ta_skinned_mesh_index;
typedef struct ta_material_id { uint32_t index; } ta_material_id;
typedef struct ta_texture_id { uint32_t index; } ta_texture_id;
typedef struct ta_light_index { uint32_t index; } ta_light_index;
typedef struct ta_perspective_camera_index { uint32_t index; } ta_perspective_camera_index;
typedef struct ta_orthographic_camera_index { uint32_t index; } ta_orthographic_camera_index;

static inline ta_node_id ta_node_at(uint32_t i) { ta_node_id id = {i}; return id; }
static inline ta_mesh_index ta_mesh_at(uint32_t i) { ta_mesh_index id = {i}; return id; }
static inline ta_skinned_mesh_index ta_skinned_mesh_at(uint32_t i) { ta_skinned_mesh_index id = {i}; return id; }
static inline ta_material_id ta_material_at(uint32_t i) { ta_material_id id = {i}; return id; }
static inline ta_texture_id ta_texture_at(uint32_t i) { ta_texture_id id = {i}; return id; }
static inline ta_light_index ta_light_at(uint32_t i) { ta_light_index id = {i}; return id; }
static inline ta_perspective_camera_index ta_perspective_camera_at(uint32_t i) { ta_perspective_camera_index id = {i}; return id; }
static inline ta_orthographic_camera_index ta_orthographic_camera_at(uint32_t i) { ta_orthographic_camera_index id = {i}; return id; }

/* NO_PARENT in the spec: the parent of a top-level node, and the root that
 * stands for the whole scene. */
static inline ta_node_id ta_no_parent(void) { ta_node_id id = {TA_NONE}; return id; }
static inline bool ta_node_is_none(ta_node_id id) { return id.index == TA_NONE; }
static inline bool ta_node_eq(ta_node_id a, ta_node_id b) { return a.index == b.index; }

#ifdef __cplusplus
}
#endif

#endif
