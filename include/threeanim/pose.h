/**
 * @file
 * threeanim/pose.h -- what a renderer draws from: every node's world matrix and
 * every skin's bone matrices, in one pass each.
 *
 * A pose is a workspace made once per scene (or per instance): it keeps the
 * nodes' world matrices in double between the two passes, so that the numbers
 * are three.js's (Object3D.updateMatrixWorld, then Skeleton.update), and the
 * order of the sweep. The passes allocate nothing.
 *
 *     ta_pose *pose;
 *     ta_pose_create(scene, NULL, &pose, &err);
 *     ta_mat4 *world = calloc(scene->node_count, sizeof *world);
 *     ta_mat4 *bones = calloc(skin->joint_count, sizeof *bones);
 *     for (;;) {
 *         ta_mixer_update(mixer, scene, dt, &err);
 *         ta_pose_world_pass(pose, scene, ta_node_none(), world, scene->node_count, &err);
 *         ta_pose_skinning_pass(pose, scene, ta_skin_at(0), bones, skin->joint_count, &err);
 *         ta_pose_bind_matrix_inverse(pose, scene, ta_skinned_mesh_at(0), &bind_inverse, &err);
 *         // draw: per vertex, bind_inverse * sum(weight_i * bones[joint_i]) * mesh->bind_matrix * position
 *     }
 *
 * Order. The world pass visits parent before children, children in order
 * (depth first, as ta_scene_traverse does), whatever the nodes' places in
 * scene->nodes: a node moved under a later node with ta_scene_set_parent is
 * still swept after it. ta_pose_order gives that order. The pose re-reads the
 * tree whenever it changed (a node added or moved: ta_scene_add_node,
 * ta_scene_set_parent; not a new name), and when it is given another scene, or
 * a scene of another tree made in the place of a destroyed one.
 *
 * Numbers. A node's world matrix is its parent's (in double) times its own
 * (composed in double from its float position, quaternion and scale), rounded
 * to float once when written out. A bone matrix is its joint's world matrix (in
 * double) times its inverse bind matrix, rounded once: no bind matrix and no
 * transform of the mesh's node are in it, as in three.js's boneMatrices.
 *
 * Speed. The passes do a column of four doubles at a time, with the widest
 * instructions the pose was told to use: SSE2 (any x86-64) from
 * ta_pose_create, or the best this CPU runs after ta_pose_use_best_simd
 * (frame.h), which chooses as the mixer does (TA_SIMD forces one). Every
 * choice gives the same numbers bit for bit.
 *
 * Ownership: the caller owns the pose (ta_pose_destroy) and the arrays it
 * passes; a pose keeps no pointer into a scene (it remembers the address of the
 * scene it last read, to compare, never to follow). One pose is used by one thread
 * at a time; poses of different scenes run in parallel.
 */
#ifndef THREEANIM_POSE_H
#define THREEANIM_POSE_H

#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/export.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"
#include "threeanim/skin.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A workspace for the passes of one scene (opaque). */
typedef struct ta_pose ta_pose;

/** How to make a pose; zeroed means the defaults. */
typedef struct ta_pose_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    uint32_t node_capacity;        /**< nodes it can hold; 0: the scene's node count */
} ta_pose_options;

/**
 * A pose for scene, able to hold options->node_capacity nodes (0: as many as the scene has).
 * options may be NULL.
 *
 * @ownership The caller owns *out_pose (ta_pose_destroy). scene is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or out_pose NULL, an allocator with only one of alloc
 * and free, a capacity below the scene's node count), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js keeps matrixWorld in each Object3D.
 */
TA_API ta_result ta_pose_create(const ta_scene *scene, const ta_pose_options *options, ta_pose **out_pose,
                                ta_error *err);

/**
 * Frees the pose. NULL does nothing.
 *
 * @ownership Frees what ta_pose_create made.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_pose_destroy(ta_pose *pose);

/**
 * The bytes the pose holds (its struct and arrays): 144 a node and about two hundred more.
 *
 * @ownership None.
 * @errors None (0 for NULL).
 * @threejs None.
 */
TA_API size_t ta_pose_bytes(const ta_pose *pose);

/**
 * The world pass: the world matrix of root and of every node below it (ta_node_none(): every
 * node), into out_world[node index], in one parent-first sweep. A root's ancestors are worked out
 * first and written too, as three.js's updateWorldMatrix(true, true) updates them; entries of
 * the other nodes are left as they are. It takes about 6 KB of the calling thread's stack.
 *
 * @ownership Writes out_world; keeps the matrices (in double) for ta_pose_skinning_pass and
 * ta_pose_bind_matrix_inverse.
 * @errors TA_ERROR_INVALID_ARGUMENT (pose, scene or out_world NULL; world_count below the scene's
 * node count), TA_ERROR_BAD_STATE (a scene with more nodes than the pose holds: make a bigger
 * pose), TA_ERROR_MISSING_TARGET (root not in the scene). A refused pass writes nothing.
 * @threejs root.updateMatrixWorld(true) (on the scene: scene.updateMatrixWorld()); then each
 * object's matrixWorld.
 */
TA_API ta_result ta_pose_world_pass(ta_pose *pose, const ta_scene *scene, ta_node_id root, ta_mat4 *out_world,
                                    uint32_t world_count, ta_error *err);

/**
 * The skinning pass for one skin: bone i's matrix, its joint's world matrix times its inverse bind
 * matrix, into out_bones[i], in the skin's joint order. It reads the joints' world matrices of the
 * last world pass that reached them since the scene's tree last changed: run it after the world
 * pass of the same frame.
 *
 * @ownership Writes out_bones.
 * @errors TA_ERROR_INVALID_ARGUMENT (pose, scene or out_bones NULL, bone_count below the skin's
 * joint count), TA_ERROR_MISSING_TARGET (skin not in the scene), TA_ERROR_BAD_STATE (a joint with no
 * world matrix since the tree last changed: the message names the joint and its node; a scene with
 * more nodes than the pose holds). A refused pass writes nothing.
 * @threejs skeleton.update(); skeleton.boneMatrices.
 */
TA_API ta_result ta_pose_skinning_pass(ta_pose *pose, const ta_scene *scene, ta_skin_id skin,
                                       ta_mat4 *out_bones, uint32_t bone_count, ta_error *err);

/**
 * The skinning pass as a GPU buffer of 3x4 matrices wants it: bone i's matrix (the same numbers as
 * ta_pose_skinning_pass's) as its top three rows, row-major, at out_rows[12 i .. 12 i + 12): 48
 * bytes a bone, the last row (0 0 0 1 for an affine bone) left out.
 *
 * @ownership Writes out_rows[0 .. 12 * joint count).
 * @errors As ta_pose_skinning_pass (out_rows for out_bones). A refused pass writes nothing.
 * @threejs skeleton.update(); the top three rows of each matrix of skeleton.boneMatrices.
 */
TA_API ta_result ta_pose_skinning_pass_rows(ta_pose *pose, const ta_scene *scene, ta_skin_id skin, float *out_rows,
                                            uint32_t bone_count, ta_error *err);

/**
 * A skinned mesh's bind matrix inverse as its shader uses it: with TA_BIND_MODE_ATTACHED, the inverse of
 * its node's world matrix from the last world pass; with TA_BIND_MODE_DETACHED, the inverse of its bind
 * matrix. A matrix that cannot be inverted gives all zeros, as three.js's invert.
 *
 * @ownership Writes *out.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument), TA_ERROR_BAD_STATE (an attached mesh whose
 * node has no world matrix since the tree last changed), TA_ERROR_MISSING_TARGET (mesh not in the
 * scene).
 * @threejs skinnedMesh.updateMatrixWorld(); skinnedMesh.bindMatrixInverse.
 */
TA_API ta_result ta_pose_bind_matrix_inverse(ta_pose *pose, const ta_scene *scene, ta_skinned_mesh_id mesh,
                                             ta_mat4 *out, ta_error *err);

/** A node found by name once, whose world matrix is read every frame: where an attachment (a
 * sword in a hand, a camera on a head) is drawn. */
typedef struct ta_pose_socket {
    ta_node_id node; /**< the node the name was resolved to */
} ta_pose_socket;

/**
 * Resolves name (a node's name, else its uuid) to a socket, once: the frame reads it by index.
 *
 * @ownership Writes *out_socket; keeps no pointer to name.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument), TA_ERROR_NOT_FOUND (no node of that name or
 * uuid: the message names it).
 * @threejs scene.getObjectByName(name).
 */
TA_API ta_result ta_pose_socket_find(const ta_scene *scene, const char *name, ta_pose_socket *out_socket,
                                     ta_error *err);

/**
 * The socket node's world matrix from the last world pass that reached it (the same numbers the
 * pass wrote out).
 *
 * @ownership Writes *out.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument), TA_ERROR_MISSING_TARGET (the node is not in
 * the scene), TA_ERROR_BAD_STATE (no world pass reached it since the scene's tree last changed; a
 * scene with more nodes than the pose holds).
 * @threejs object.matrixWorld after scene.updateMatrixWorld().
 */
TA_API ta_result ta_pose_socket_world(ta_pose *pose, const ta_scene *scene, ta_pose_socket socket, ta_mat4 *out,
                                      ta_error *err);

/**
 * The order of the world pass over the whole scene: every node, each after its parent.
 * *out_order points into the pose, valid until the next call with this pose.
 *
 * @ownership *out_order belongs to the pose.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument), TA_ERROR_BAD_STATE (a scene with more nodes
 * than the pose holds).
 * @threejs The order of scene.traverse.
 */
TA_API ta_result ta_pose_order(ta_pose *pose, const ta_scene *scene, const ta_node_id **out_order,
                               uint32_t *out_count, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
