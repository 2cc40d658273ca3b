/**
 * @file
 * threeanim/object_json.h -- three.js Object JSON documents (what
 * Object3D.toJSON writes and ObjectLoader.parse reads), with their clips.
 *
 * ta_object_json_read reads a document of metadata version 4.x into a
 * ta_model (model.h): the scene, its assets and cameras, and the clips of
 * every object in model->animations, with the node of the object that holds
 * each clip in model->animation_roots (ta_node_none() for the Scene). It reads
 * as ObjectLoader does:
 *
 *   - objects Scene, Group, Object3D, Bone, Mesh, SkinnedMesh, AmbientLight,
 *     DirectionalLight, PointLight, SpotLight, HemisphereLight,
 *     PerspectiveCamera and OrthographicCamera, with their names, uuids,
 *     visibility and transform (matrix, decomposed as three.js does, or
 *     position, quaternion or rotation, and scale). A type ObjectLoader
 *     does not know is a plain Object3D, as there; the types it knows but
 *     this library does not model (Line, Points, Sprite, LOD, ...) are read as
 *     plain nodes, with a warning. The Scene's name and uuid are the scene's;
 *     its children are the top-level nodes. A root that is not a Scene is the
 *     one top-level node.
 *   - a camera is a node (of type TA_NODE_TYPE_PERSPECTIVE_CAMERA or
 *     TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA) for its transform, and an entry of
 *     model->cameras naming that node; a light is a node of type
 *     TA_NODE_TYPE_LIGHT with an entry of scene->lights.
 *   - a Mesh or a SkinnedMesh is a node with an entry of scene->meshes or
 *     scene->skinned_meshes: its materials (one uuid, or an array), its
 *     morphTargetInfluences and morphTargetDictionary (else the morph
 *     attributes of its geometry, named as Mesh.updateMorphTargets names
 *     them), and for a skinned mesh the bones of its skeleton.
 *   - materials with their kind, colors (sRGB hex), the numbers a track
 *     drives, transparent, wireframe and map; textures with offset, repeat,
 *     center and rotation. A MeshPhysicalMaterial's ior comes from its
 *     reflectivity, as three.js's setter does.
 *   - the clips (AnimationClip.parse, animation_json.h), each bound where it
 *     is listed: from the object that lists it, as PropertyBinding.findNode
 *     finds nodes. model->animations follows the document's "animations"
 *     array; a clip listed by several objects is bound at the first, and a
 *     copy bound at each other one is added at the end; a clip no object lists
 *     is bound at the root, with a warning. A track that binds nothing and a
 *     clip left with no tracks are left out, with a warning in
 *     model->warnings.
 *
 * Refused, with a message that starts with the JSON path of the fault: text
 * that is not JSON, a document over a limit of ta_load_limits (checked before
 * the reader allocates for what the document claims), a member of the wrong
 * type, a missing member three.js needs, a uuid that names nothing (a
 * geometry, material, texture, image, skeleton, bone or clip: code
 * TA_ERROR_MISSING_TARGET), a metadata version that is not 4.x, a value the
 * scene refuses (a light angle past pi/2, a material opacity above 1), a
 * mesh of more than TA_MAX_MORPH_TARGETS morph targets (TA_ERROR_LIMIT_EXCEEDED),
 * and the clip refusals of animation_json.h. A refused call makes no model.
 *
 * ta_object_json_write writes a scene, its assets, its cameras and a list of
 * clips as a document that three.js's ObjectLoader reads back into the same
 * objects, with the clips on the Scene. Each track names its target by the
 * uuid of the object it writes (the Scene JSON naming in animation_json.h); a node, the
 * scene, a material or a texture without a uuid gets one made from its place,
 * the same on every run. A node that carries more than its three.js object
 * can hold (a second mesh, or a light and a mesh) writes the rest as children
 * at its origin, and a camera without a node is written as a top-level
 * object; both get made uuids.
 *
 * Ownership: the model belongs to the caller (ta_model_destroy). Text from
 * ta_object_json_write belongs to the caller (ta_json_destroy).
 */
#ifndef THREEANIM_OBJECT_JSON_H
#define THREEANIM_OBJECT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_json.h"
#include "threeanim/camera.h"
#include "threeanim/material.h"
#include "threeanim/model.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Reads length bytes of a three.js Object JSON document (no terminating NUL needed) into a new
 * model, as ObjectLoader.parse does (see the file's comment). options may be NULL.
 *
 * @ownership text is only read. The caller owns *out_model (ta_model_destroy); everything in it is
 * allocated with options->allocator (jansson's parsing uses the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (text or out_model NULL, a bad allocator), TA_ERROR_PARSE (not
 * JSON, a member of the wrong type, a missing member three.js needs, a metadata version that is not
 * 4.x), TA_ERROR_LIMIT_EXCEEDED (a ta_load_limits limit, checked before the reader allocates for
 * what the document claims; a mesh of more than TA_MAX_MORPH_TARGETS morph targets),
 * TA_ERROR_MISSING_TARGET (a uuid that names nothing: a geometry, material, texture, image,
 * skeleton, bone or clip), a value the scene refuses (a light angle past pi/2, a material opacity
 * above 1: that call's code), the clip refusals of ta_clip_read, TA_ERROR_OUT_OF_MEMORY. Every message starts with the
 * JSON path of the fault. A refused call makes no model.
 * @threejs ObjectLoader.parse(json), with ObjectLoader.parseAnimations.
 */
TA_API ta_result ta_object_json_read(const char *text, size_t length, const ta_load_options *options,
                                     ta_model **out_model, ta_error *err);

/**
 * ta_object_json_read on the contents of the file at path. The file is opened without blocking and
 * read only when it is a regular file of at most limits.max_file_bytes, checked before reading: a
 * named pipe, a device or a folder is refused at once.
 *
 * @ownership The caller owns *out_model (ta_model_destroy).
 * @errors TA_ERROR_INVALID_ARGUMENT (path or out_model NULL, a bad allocator), TA_ERROR_IO (a file
 * that cannot be read or is not a regular file), TA_ERROR_PARSE (not JSON, a member of the wrong type, a missing member
 * three.js needs, a metadata version that is not 4.x), TA_ERROR_LIMIT_EXCEEDED (a ta_load_limits
 * limit, checked before the reader allocates for what the document claims; a mesh of more than
 * TA_MAX_MORPH_TARGETS morph targets), TA_ERROR_MISSING_TARGET (a uuid that names nothing: a
 * geometry, material, texture, image, skeleton, bone or clip), a value the scene refuses (a light
 * angle past pi/2, a material opacity above 1: that call's code), the clip refusals of ta_clip_read,
 * TA_ERROR_OUT_OF_MEMORY. Every message starts with the JSON path of the fault. A refused call
 * makes no model.
 * @threejs ObjectLoader.load(url).
 */
TA_API ta_result ta_object_json_read_file(const char *path, const ta_load_options *options, ta_model **out_model,
                                          ta_error *err);

/** How ta_object_json_write writes; zeroed (or NULL) means the defaults. */
typedef struct ta_object_json_options {
    const ta_allocator *allocator; /**< for the text; NULL: the C library's */
    int indent;                    /**< 0: compact; else spaces per level (at most 31) */
} ta_object_json_options;

/**
 * Object3D.toJSON of the scene, with the clips as the Scene's animations, as text that three.js's
 * ObjectLoader reads back into the same objects. assets and cameras may be NULL when nothing uses
 * them; animations may be NULL when animation_count is 0. options may be NULL.
 *
 * @ownership The inputs are only read. The caller owns *out_text and frees it with ta_json_destroy; it
 * is allocated with options->allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or the output NULL, animations NULL with a count, a NULL
 * clip, an indent outside [0, 31]), TA_ERROR_MISSING_TARGET (a mesh naming a material that is not
 * in the assets, a material naming a texture that is not there, a track whose target is not there),
 * TA_ERROR_UNSUPPORTED (a CUBIC_SPLINE track or a map track on a mesh of several materials, as
 * ta_clip_write), a refusal for two nodes of one uuid or a uuid or name of one node that is the
 * uuid of another (a path would find the wrong one), a clip's user data or marker that
 * ta_clip_write refuses ("animations[i].user_data: ..."), TA_ERROR_OUT_OF_MEMORY.
 * @threejs scene.toJSON() with scene.animations = clips, then JSON.stringify.
 */
TA_API ta_result ta_object_json_write(const ta_scene *scene, const ta_assets *assets, const ta_camera_list *cameras,
                                   const ta_clip *const *animations, uint32_t animation_count,
                                   const ta_object_json_options *options, char **out_text, ta_error *err);

/**
 * ta_object_json_write, written to the file at path.
 *
 * @ownership The inputs are only read; the file is the caller's.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or path NULL, animations NULL with a count, a NULL clip,
 * an indent outside [0, 31]), TA_ERROR_MISSING_TARGET (a mesh naming a material that is not in the
 * assets, a material naming a texture that is not there, a track whose target is not there),
 * TA_ERROR_UNSUPPORTED (a CUBIC_SPLINE track or a map track on a mesh of several materials, as
 * ta_clip_write), a refusal for two nodes of one uuid or a uuid or name of one node that is the
 * uuid of another (a path would find the wrong one), TA_ERROR_IO (a file that cannot be written),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs JSON.stringify(scene.toJSON()), saved.
 */
TA_API ta_result ta_object_json_write_file(const char *path, const ta_scene *scene, const ta_assets *assets,
                                           const ta_camera_list *cameras, const ta_clip *const *animations,
                                           uint32_t animation_count, const ta_object_json_options *options,
                                           ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
