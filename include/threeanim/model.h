/**
 * @file
 * threeanim/model.h -- what a loader returns: a scene with its assets, its
 * cameras and its clips.
 *
 * Both loaders (ta_object_json_read in object_json.h, ta_gltf_load in gltf.h)
 * fill a ta_model. The clips are model->animations; for each clip,
 * model->animation_roots names the node of the object that held it
 * (ta_node_none() for the scene itself, and for every glTF animation). For a
 * glTF file, model->source_nodes maps glTF node N to the node made from it
 * (for a mesh of several primitives, the group made for the node), as
 * three.js's parser.associations does; model->source_skins maps glTF skin N to
 * the scene's skin made from it; model->source_primitives says which scene
 * mesh each glTF node's primitive became.
 *
 *     ta_model *model;
 *     if (ta_gltf_load_file("fox.glb", NULL, &model, &err) != TA_OK) ...
 *     ta_mixer_update(mixer, model->scene, ta_duration_from_seconds(1.0 / 30), &err);
 *     ta_model_destroy(model);
 *
 * Limits. A file from a user can claim anything; a loader checks every count
 * and size it reads against ta_load_limits before it allocates, and refuses
 * with TA_ERROR_LIMIT_EXCEEDED naming the limit. A zero field means the
 * default given in its comment.
 *
 * Ownership: the model owns its scene, assets, cameras, clips (one reference
 * each) and arrays; ta_model_destroy frees them. To keep a clip past the
 * model, ta_clip_retain it.
 */
#ifndef THREEANIM_MODEL_H
#define THREEANIM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/camera.h"
#include "threeanim/ids.h"
#include "threeanim/material.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * What a loader accepts from a file before it refuses it with TA_ERROR_LIMIT_EXCEEDED. Zero fields:
 * the defaults in their comments.
 */
typedef struct ta_load_limits {
    uint64_t max_file_bytes; /**< 0: 1 GiB */
    uint64_t max_total_keys; /**< 0: 2**26 keys over all tracks */
    uint32_t max_nodes;      /**< 0: 2**20 */
    uint32_t max_tracks;     /**< 0: 2**20 over all clips */
    uint32_t max_clips;      /**< 0: 2**16 */
    uint32_t max_depth;      /**< 0: 1024 levels of nesting, in the JSON and in the node tree */
    uint32_t max_markers;    /**< 0: 2**20 over all clips (animation_markers.h) */
} ta_load_limits;

/** How a loader reads; zeroed (or a NULL pointer in its place) means the defaults. */
typedef struct ta_load_options {
    const ta_allocator *allocator; /**< NULL: the C library's; used for the model and everything in it */
    ta_load_limits limits;         /**< zero fields: the defaults */
    const char *base_dir;          /**< for relative URIs of a .gltf read from memory; NULL: "." */
    const char *uri_root;          /**< a file a URI names must resolve inside it; NULL: the model's folder */
    bool strict;                   /**< false: load and warn; true: refuse a file that gives any warning */
    uint32_t gltf_scene;           /**< glTF: 0 loads the file's default scene; n loads scenes[n - 1] */
} ta_load_options;

/**
 * What a loader's warning is about. Each warning says what the loader left out or changed; the
 * code is for programs that sort them, the text (ta_load_warning.what) for people.
 */
typedef enum ta_load_warning_code {
    TA_LOAD_WARNING_CODE_OTHER = 0,           /**< anything not listed below */
    TA_LOAD_WARNING_CODE_KEYS_BEFORE_ZERO,    /**< a channel's keys before time 0: its tracks were cut at 0 */
    TA_LOAD_WARNING_CODE_NOT_IN_SCENE,        /**< a channel on a node outside the loaded scene: left out */
    TA_LOAD_WARNING_CODE_NO_TARGET,           /**< a channel with no node, or weights with no mesh to drive: left out */
    TA_LOAD_WARNING_CODE_UNKNOWN_PATH,        /**< a channel on a path or pointer this library does not drive: left out */
    TA_LOAD_WARNING_CODE_WEIGHTS_COUNT,       /**< weights not one per target per key: left out if fewer, else the first read */
    TA_LOAD_WARNING_CODE_OUTPUT_TYPE,         /**< an output of the wrong type for its path (VEC3 weights): left out */
    TA_LOAD_WARNING_CODE_INTEGER_OUTPUT,      /**< translation or scale as integers not normalized: left out */
    TA_LOAD_WARNING_CODE_BAD_CHANNEL,         /**< any other channel that cannot be read: left out, the text says why */
    TA_LOAD_WARNING_CODE_BAD_ANIMATION,       /**< an animation that cannot be read: its clip has no tracks */
    TA_LOAD_WARNING_CODE_NO_TRACKS,           /**< an animation none of whose channels is kept: its clip has no tracks */
    TA_LOAD_WARNING_CODE_ROTATION_NORMALIZED, /**< rotation keys not of unit length: normalized */
    TA_LOAD_WARNING_CODE_APPROXIMATED,        /**< a value kept only approximately (the text says which) */
    TA_LOAD_WARNING_CODE_COUNT           /**< how many codes there are (not a code) */
} ta_load_warning_code;

/** One warning of a loader: what kind, where in the file, and what was done. */
typedef struct ta_load_warning {
    ta_load_warning_code code; /**< what it is about */
    const char *path;          /**< where: a JSON path such as "animations[3].channels[7]"; "" when none */
    const char *what;          /**< what was wrong and what was done */
} ta_load_warning;

/** One mesh a glTF loader made: the glTF node and primitive it came from and the scene's mesh. */
typedef struct ta_model_primitive {
    uint32_t gltf_node;      /**< glTF node index */
    uint32_t gltf_mesh;      /**< glTF mesh index (the node's mesh) */
    uint32_t gltf_primitive; /**< index in that mesh's primitives */
    bool skinned;            /**< true: index is a ta_skinned_mesh_id's; false: a ta_mesh_id's */
    uint32_t index;          /**< into scene->skinned_meshes or scene->meshes */
} ta_model_primitive;

/**
 * What a loader returns: a scene, its assets and cameras, the clips, and what the loader left out.
 */
typedef struct ta_model {
    ta_scene *scene;             /**< the nodes, meshes, skinned meshes and lights */
    ta_assets *assets;           /**< the materials and textures */
    ta_camera_list *cameras;     /**< the cameras, each naming its node */
    ta_clip **animations;        /**< animation_count clips, in file order */
    uint32_t animation_count;    /**< how many clips */
    ta_node_id *animation_roots; /**< animation_count nodes */
    ta_node_id *source_nodes;    /**< glTF: source_node_count entries, node N -> its node; NULL otherwise */
    uint32_t source_node_count;  /**< how many glTF nodes the file has */
    ta_skin_id *source_skins; /**< glTF: source_skin_count entries, skin N -> its scene skin
                                      (TA_NONE for a skin no mesh of the default scene uses); NULL otherwise */
    uint32_t source_skin_count;  /**< how many glTF skins the file has */
    ta_model_primitive *source_primitives; /**< glTF: one entry per mesh made (per primitive of each node
                                                that uses a mesh), in the order made; NULL otherwise */
    uint32_t source_primitive_count;       /**< how many */
    char **warnings;             /**< what the loader left out or fixed, one line each ("path: what") */
    uint32_t warning_count;      /**< how many warnings */
    ta_load_warning *warning_list; /**< warning_count entries: warnings[i] as code, path and text */
    void *internal_;             /**< the model's allocator; not for the caller */
} ta_model;

/**
 * Frees the model: its scene, assets and cameras, its reference to each clip, and its arrays. NULL
 * does nothing.
 *
 * @ownership Frees everything the loader made. A clip the caller retained (ta_clip_retain) lives
 * on; every other pointer into the model dies with it.
 * @errors None.
 * @threejs None: three.js leaves the loaded gltf (or Object3D) to the garbage collector.
 */
TA_API void ta_model_destroy(ta_model *model);

/**
 * The place in model->animations of the first clip named name. out_index may be NULL.
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (model or name NULL), TA_ERROR_NOT_FOUND (the message lists
 * the model's clips: `no clip named "Walk"; the model has "walk", "run", "wave"`).
 * @threejs AnimationClip.findByName(gltf.animations, name).
 */
TA_API ta_result ta_model_find_clip(const ta_model *model, const char *name, uint32_t *out_index, ta_error *err);

/**
 * The glTF node that scene node `node` was made from (the inverse of model->source_nodes).
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (model or out_gltf_node NULL), TA_ERROR_NOT_FOUND (no glTF node
 * was made into it: a mesh GLTFLoader adds under a node's Group, or a model not read from glTF).
 * @threejs parser.associations.get(object).nodes.
 */
TA_API ta_result ta_model_source_node(const ta_model *model, ta_node_id node, uint32_t *out_gltf_node,
                                      ta_error *err);

/**
 * The scene mesh made from primitive `gltf_primitive` of glTF node `gltf_node`'s mesh (a glTF mesh
 * used by several nodes is made once for each; ta_model_primitive says which list index is in).
 *
 * @ownership *out points into the model.
 * @errors TA_ERROR_INVALID_ARGUMENT (model or out NULL), TA_ERROR_NOT_FOUND (no mesh was made from
 * it: the node has no mesh, is not in the default scene, or the model was not read from glTF).
 * @threejs parser.associations.get(mesh) == { meshes, primitives } of the mesh under the node.
 */
TA_API ta_result ta_model_find_primitive(const ta_model *model, uint32_t gltf_node, uint32_t gltf_primitive,
                                         const ta_model_primitive **out, ta_error *err);

/**
 * The name of a warning code without its prefix: "KEYS_BEFORE_ZERO", ...; "?" for a value not named.
 *
 * @ownership The string is static; do not free it.
 * @errors None.
 * @threejs None: three.js's loaders warn through console.warn.
 */
TA_API const char *ta_load_warning_name(ta_load_warning_code code);

#ifdef __cplusplus
}
#endif

#endif
