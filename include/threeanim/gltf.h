/**
 * @file
 * threeanim/gltf.h -- glTF 2.0 (.gltf and .glb): scenes and their animations.
 *
 * The loader reads the default scene (the file's "scene", else scene 0; or
 * scenes[n - 1] when options->gltf_scene is n) into a ta_model as three.js
 * 0.186.0's GLTFLoader builds it, and makes one clip per animation:
 *
 *     ta_model *model;
 *     ta_error err = {0};
 *     if (ta_gltf_load_file("Fox.glb", NULL, &model, &err) != TA_OK) {
 *         fprintf(stderr, "%s\n", err.message);   // names the JSON path or byte offset
 *         return 1;
 *     }
 *     for (uint32_t i = 0; i < model->warning_count; ++i) puts(model->warnings[i]);
 *     // or by kind: model->warning_list[i].code, .path ("animations[3].channels[7]"), .what
 *     uint32_t walk;
 *     ta_model_find_clip(model, "Walk", &walk, &err);
 *     ...
 *     ta_model_destroy(model);
 *
 * What is read. Buffers (the .glb BIN chunk, data: URIs, external files
 * relative to the .gltf's folder or options->base_dir), buffer views with
 * their byte strides, accessors of every component type (normalized integer
 * outputs are scaled as three.js scales them: 1/127, 1/255, 1/32767,
 * 1/65535), sparse accessors. Nodes with their hierarchy and TRS or matrix;
 * names sanitized and made unique as three.js does (spaces become '_', and
 * "[ ] . : /" are dropped; a name used again gets "_1", "_2", ...). Every node
 * becomes the object three.js makes for it: a Bone for a skin's joint, a Mesh
 * or SkinnedMesh for a node with a one-primitive mesh, a Group with one mesh
 * per primitive for a mesh of several primitives, a camera or a light node for
 * a node that carries only that, a Group holding them when a node carries
 * several, else a plain Object3D. model->source_nodes maps glTF node N to its
 * node (TA_NONE for a node that is not in the loaded scene), whichever scene is
 * loaded; ta_model_source_node answers the other way. Meshes get their
 * morph targets (default weights from mesh.weights, then node.weights; names
 * from extras.targetNames, else "0", "1", ...), their materials and, when
 * skinned, their bones and their skin: each glTF skin a mesh of the loaded
 * scene uses becomes one ta_skin (scene->skins; model->source_skins maps glTF
 * skin N to it), with its joints and inverse bind matrices (the identity for
 * a skin without them), shared by every skinned mesh made from it, each bound
 * as GLTFLoader binds (TA_BIND_MODE_ATTACHED, an identity bind matrix). A node
 * given as a matrix is decomposed as three.js's Matrix4.decompose does (a zero
 * determinant keeps the translation only, with a warning). Materials from pbrMetallicRoughness, emissiveFactor,
 * alphaMode/alphaCutoff, KHR_materials_emissive_strength, _ior, _specular,
 * _clearcoat, _unlit, and the base color map's KHR_texture_transform.
 * Cameras go to model->cameras (with the node that carries each); lights of
 * KHR_lights_punctual to scene->lights (colors stored as sRGB bytes, range as
 * distance, a spot's angle = outerConeAngle and penumbra = 1 - inner/outer).
 * Geometry itself (vertices, indices) is checked for bounds but not kept:
 * the model holds what an animation drives.
 *
 * Compressed buffer views. A view under EXT_meshopt_compression or
 * KHR_meshopt_compression (what gltfpack -c, -cc and -ce khr write, the
 * animations' keys included) is decoded from its stream: the ATTRIBUTES
 * mode of vertex codec versions 0 and 1, TRIANGLES, INDICES, and the
 * OCTAHEDRAL, QUATERNION, EXPONENTIAL and COLOR filters, to the bytes
 * three.js's MeshoptDecoder gives (the filters' one-unit latitude taken as
 * it takes it). The view's own buffer is then its fallback and is never
 * read, so a fallback buffer with no uri, or a -cf .fallback.bin that is
 * missing, loads. A stream of a kind not decoded here (a codec version past
 * 1) is read from the view's uncompressed data, with a warning, when the file
 * does not list the extension in extensionsRequired, and refused
 * (TA_ERROR_UNSUPPORTED) when it does. Decoded bytes count against
 * limits.max_file_bytes, over all the views of a load, before they are
 * allocated (TA_ERROR_LIMIT_EXCEEDED).
 *
 * Animations. Channels on translation, rotation, scale and weights, with
 * STEP, LINEAR and CUBICSPLINE samplers (a cubic spline key's in-tangent,
 * value and out-tangent go to the track's three lists); unnamed animations are
 * named "animation_N"; a clip lasts as long as GLTFLoader's, whose tracks on
 * nodes outside the default scene count too. A weights channel drives the
 * morph targets of the mesh
 * at its node, and, when that node is a Group (a mesh of several primitives,
 * or a node carrying several objects), of every mesh among the Group's
 * children -- exactly GLTFLoader's traversal -- one track per morph target,
 * taking as many weights as the mesh has targets and the sampler holds.
 * (GLTFLoader looks one level down, at a Group's children only; a mesh deeper
 * below, or under a Bone, is not driven, here as there.) Tracks target the
 * channel's node itself, by its index: where three.js binds a track by a name
 * that two nodes share (two nodes "Cube" and one "Cube_1" are named "Cube",
 * "Cube_1", "Cube_1"), it may drive the other one; here each drives its own.
 * KHR_animation_pointer (which GLTFLoader does not read) is read for node
 * TRS and weights, mesh weights, material factors, the base color map's
 * texture transform, light color/intensity/range/cone angles and camera
 * yfov/znear/zfar/xmag (see gltf_animation_pointer.c for the mapping).
 * An animation's extras.markers, an array of {"name", "time"}, become its
 * clip's markers (animation_markers.h); nothing else in extras is read, and
 * the clip has no user data. A malformed list, or a time outside the clip,
 * refuses the load even when not strict.
 *
 * The contract. Animation i of the file is always clip i of the model, and
 * nothing is dropped silently: each part the loader leaves out or changes is a
 * warning (model->warning_list[i]: a ta_load_warning_code, the JSON path, and
 * what was done; model->warnings[i] is the same as one line "path: what").
 * With options->strict every warning is a refusal instead.
 *
 *   - A channel that cannot be used is left out of its clip, which keeps its
 *     index: on a node outside the loaded scene (NOT_IN_SCENE), with no node or
 *     with weights and no mesh to drive (NO_TARGET), on a path or pointer not
 *     driven (UNKNOWN_PATH), weights with fewer numbers per key than a mesh it
 *     drives has morph targets (WEIGHTS_COUNT; a mesh with fewer targets than
 *     that takes the first ones, as three.js does, also said), an output of the
 *     wrong type for its path: weights not SCALAR, translation or scale not
 *     VEC3, rotation not VEC4 (OUTPUT_TYPE), translation or scale stored as
 *     integers that are not normalized (INTEGER_OUTPUT), and any channel whose
 *     sampler, accessors or keys are malformed (BAD_CHANNEL: the text is the
 *     refusal that would have been, with its result name).
 *   - An animation that cannot be read at all keeps its place as a clip with
 *     no tracks (BAD_ANIMATION); so does one none of whose channels is kept
 *     (NO_TRACKS), lasting as long as three.js's clip, whose tracks bind
 *     nothing.
 *   - Keys before time 0 (exporters write them for keys before the start
 *     frame): each track of the channel is cut at 0, with a key at exactly 0
 *     whose value (and, for CUBICSPLINE, tangents) gives every sample at t >= 0
 *     three.js's (KEYS_BEFORE_ZERO).
 *   - A clip that lasts no time (a held pose: every key at one time, or one
 *     key) is a pose clip, as in three.js (see ta_clip_options.allow_empty).
 *   - Rotation keys not of unit length are normalized (ROTATION_NORMALIZED),
 *     and so are rotation keys stored as integers that are not normalized,
 *     which glTF does not allow (the warning says so): a quaternion's length
 *     does not change its turn;
 *     a mesh keeps every morph target the file gives it, however many; a
 *     skinned mesh one of whose joints is outside the loaded scene keeps no
 *     bones (a list with a gap would shift the joint indices); lines and
 *     points are kept as meshes with the glTF material.
 *
 * Refused, with no model: what the caller set (a limit passed, an
 * options->gltf_scene the file does not have), a file that cannot be read,
 * and everything else that is wrong outside the animations (among them a
 * skin whose inverseBindMatrices hold fewer matrices than it has joints, where
 * three.js would read past the end into NaNs), with TA_ERROR_PARSE (or TA_ERROR_IO, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_UNSUPPORTED) and a message
 * naming the JSON path ("accessors[3].bufferView: 9 is not below the 4
 * bufferViews") or the byte offset in a .glb; no byte outside the data is
 * ever read. ta_load_limits are checked before anything is allocated.
 *
 * Invalid files. Where the glTF 2.0 specification says a file is invalid,
 * the loader refuses it rather than guess (three.js loads each of these):
 * mesh.weights whose length is not the mesh's morph target count, and
 * primitives of one mesh with different target counts (TA_ERROR_PARSE,
 * "meshes[0].weights: 3 weights for 2 morph targets"); sparse indices that do
 * not strictly increase (TA_ERROR_PARSE, naming the entry); a .glb whose
 * first chunk is not JSON or whose BIN chunk is not the second (TA_ERROR_PARSE
 * with the byte offset); a .glb of a version other than 2 and an
 * asset.minVersion other than "2.0" (TA_ERROR_UNSUPPORTED); a spot light
 * whose outerConeAngle is not above its innerConeAngle (TA_ERROR_PARSE). Valid
 * files that a C reader could trip on load: a string holding "\u0000" or a
 * lone surrogate escape gets U+FFFD in its place (no C string holds the one,
 * no UTF-8 the other), and a base64 data: URI may percent-encode its text.
 *
 * Files. Every file is opened without blocking and read only when fstat
 * calls it a regular file of at most limits.max_file_bytes: a named pipe, a
 * device or a folder is refused with TA_ERROR_IO before a byte is read. A
 * buffer's URI is data: or a relative file; percent-decoded and with every
 * "..", "." and symbolic link resolved, the file must lie inside the model's
 * folder (the .gltf's, or options->base_dir), or inside options->uri_root
 * when that is set. Anything else -- an absolute path, "../x.bin" out of the
 * folder, a link pointing out, file:, http: and every other scheme -- is
 * refused with TA_ERROR_UNSUPPORTED and a message naming the URI and where it
 * leads, so that a file from a stranger cannot make the loader (and a writer
 * after it) read what lies beside it.
 *
 * Ownership: the caller owns the model (ta_model_destroy). data given to
 * ta_gltf_load_memory is only read during the call. The JSON text is parsed
 * with jansson, whose own allocations use the C library; everything that the
 * model keeps is allocated with options->allocator.
 */
#ifndef THREEANIM_GLTF_H
#define THREEANIM_GLTF_H

#include <stddef.h>

#include "threeanim/export.h"
#include "threeanim/model.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Reads a .gltf or .glb file (told apart by the "glTF" magic, not the name) into a new model, as
 * GLTFLoader builds it (see the file's comment for what is read and what is left out). External
 * files are looked up beside path unless options->base_dir is set. options may be NULL.
 *
 * @ownership The caller owns *out_model (ta_model_destroy); everything in it is allocated with
 * options->allocator (jansson's parsing uses the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument, an allocator with only one of alloc and
 * free; options->gltf_scene past the file's scenes), TA_ERROR_IO (a file that cannot be read, or
 * is not a regular file), TA_ERROR_PARSE (anything malformed outside the animations: the message
 * names the JSON path or the byte offset), TA_ERROR_LIMIT_EXCEEDED (a ta_load_limits limit, checked
 * before allocating), TA_ERROR_UNSUPPORTED (glTF 1, a URI that is neither data: nor a relative file
 * inside the model's folder or options->uri_root; with options->strict, a file that gave a
 * warning), TA_ERROR_OUT_OF_MEMORY. With options->strict, a channel that would be left out for
 * being malformed gives its own code (TA_ERROR_PARSE, or ta_track_create's such as
 * TA_ERROR_BAD_TIMES, with the channel's path in front). An animation's malformed extras.markers
 * gives TA_ERROR_PARSE, a marker time outside its clip TA_ERROR_OUT_OF_RANGE ("animations[i]:
 * user_data.markers..."). A refused load makes no model.
 * @threejs GLTFLoader.load (and parse): gltf.scene and gltf.animations.
 */
TA_API ta_result ta_gltf_load_file(const char *path, const ta_load_options *options, ta_model **out_model,
                                   ta_error *err);

/**
 * Reads a .gltf or .glb held in memory into a new model; external files are looked up in
 * options->base_dir (NULL: the current folder).
 *
 * @ownership data is only read during the call. The caller owns *out_model (ta_model_destroy).
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument, an allocator with only one of alloc and
 * free; options->gltf_scene past the file's scenes), TA_ERROR_IO (an external file that cannot be
 * read), TA_ERROR_PARSE (no data, anything malformed outside the animations: the message names the
 * JSON path or the byte offset), TA_ERROR_LIMIT_EXCEEDED (a ta_load_limits limit, checked before
 * allocating), TA_ERROR_UNSUPPORTED (glTF 1, a URI that is neither data: nor a relative file inside
 * options->base_dir or options->uri_root; with options->strict, a file that gave a warning),
 * TA_ERROR_OUT_OF_MEMORY. With options->strict, a malformed channel gives its own code, as for
 * ta_gltf_load_file; so do malformed markers, strict or not. A refused load makes no model.
 * @threejs GLTFLoader.parse(data, path, onLoad, onError).
 */
TA_API ta_result ta_gltf_load_memory(const void *data, size_t size, const ta_load_options *options,
                                     ta_model **out_model, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
