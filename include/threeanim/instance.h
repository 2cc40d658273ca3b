/**
 * @file
 * threeanim/instance.h -- many characters of one model: scenes that share what
 * does not change and copy only the pose.
 *
 * An instance is a new scene with the same nodes, meshes, skins and lights as
 * its source, at the same indices, so that clips, actions and mixers work on it
 * as on the source (a clip is shared by reference: ta_clip_retain it if it must
 * outlive the model). The instance shares with its source the node names and
 * uuids and the skins' joints and inverse bind matrices; it owns its nodes'
 * positions, quaternions, scales and flags, its meshes' morph influences, and
 * copies of the short lists of its meshes.
 *
 *     ta_model *model;  ta_gltf_load_file("Fox.glb", NULL, &model, &err);
 *     ta_scene *fox[500];
 *     for (int i = 0; i < 500; ++i) ta_scene_instantiate(model->scene, NULL, &fox[i], &err);
 *     // each fox[i] gets its own mixer and its own pose (pose.h)
 *
 * What is shared is freed with the last scene that holds it: the source and its
 * instances can be destroyed in any order. A renamed node (by a call or by a
 * string track) gets a name of its own in the scene renamed, never in the
 * others.
 *
 * Threads: instantiating reads the source and marks its names as shared, so it
 * must not run while another thread uses the source; afterwards each scene may
 * be driven on its own thread.
 */
#ifndef THREEANIM_INSTANCE_H
#define THREEANIM_INSTANCE_H

#include "threeanim/export.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A new scene like source: the same tree, nodes (with their current values), meshes, skinned
 * meshes, skins and lights, sharing source's node names, uuids and skins. options (may be NULL)
 * gives the instance's allocator (NULL: source's) and its name and uuid (NULL: source's).
 *
 * @ownership The caller owns *out_scene (ta_scene_destroy), which may outlive source.
 * @errors TA_ERROR_INVALID_ARGUMENT (source or out_scene NULL, an allocator with only one of alloc
 * and free), TA_ERROR_OUT_OF_MEMORY. A refused call makes no scene and leaves source as it was.
 * @threejs SkeletonUtils.clone(scene) (examples/jsm/utils/SkeletonUtils.js), which also rebinds
 * each clone's skinned meshes to the clone's bones.
 */
TA_API ta_result ta_scene_instantiate(ta_scene *source, const ta_scene_options *options, ta_scene **out_scene,
                                      ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
