/**
 * @file
 * threeanim/ik.h -- inverse kinematics on the scene's pose: a two-bone chain
 * (an arm, a leg) that reaches for a target, and a node that aims at one.
 *
 * Both run on the pose the mixer wrote and before the world and skinning
 * passes, and both write the nodes' local rotations (the quaternions of the
 * scene's nodes): every pass after them, and anything that reads the scene,
 * sees the corrected pose. Each frame:
 *
 *     ta_mixer_update(mixer, scene, dt, &err);
 *     ta_ik_two_bone_desc arm = {0};
 *     arm.start = shoulder; arm.mid = elbow; arm.end = hand;
 *     arm.target = ball;                 // world space
 *     arm.pole = ta_vec3_make(0, 0, -1); // the elbow points backwards
 *     arm.weight = 1.0f;
 *     ta_ik_two_bone(scene, &arm, NULL, &err);
 *     ta_pose_world_pass(pose, scene, ta_node_none(), world, scene->node_count, &err);
 *
 * The parameters are ozz-animation's IKTwoBoneJob and IKAimJob (target, pole
 * vector, mid axis, weight, soften, twist angle; forward, up, offset), except
 * that a zero field means the default and that soften counts from the other
 * end (see ta_ik_two_bone_desc.soften). The calls work out the world
 * transforms they need themselves, from the nodes' local values, walking up
 * from the chain to the top of the scene: no world pass is needed before them.
 *
 * World matrices. ta_ik_two_bone_world and ta_ik_aim_world are the same jobs
 * in the shape of ozz-animation's: they read the joints' world matrices the
 * caller already has (a world pass's out_world) instead of walking up the
 * scene, and correct the local quaternions they are pointed at, so that they
 * cost the same under any number of ancestors. Their matrices are stale for
 * the turned joints and their subtrees afterwards: run the world pass again
 * (from the start joint, or the top) before reading them or skinning.
 *
 *     ta_pose_world_pass(pose, scene, ta_node_none(), world, scene->node_count, &err);
 *     ta_ik_two_bone_world_desc arm = {0};
 *     arm.start_world = &world[shoulder.index]; arm.mid_world = &world[elbow.index];
 *     arm.end_world = &world[hand.index];
 *     arm.start_rotation = &scene->nodes[shoulder.index].quaternion;
 *     arm.mid_rotation = &scene->nodes[elbow.index].quaternion;
 *     arm.target = ball; arm.pole = ta_vec3_make(0, 0, -1); arm.weight = 1.0f;
 *     ta_ik_two_bone_world(&arm, NULL, &err);
 *     ta_pose_world_pass(pose, scene, shoulder, world, scene->node_count, &err);
 *
 * Scale. A rotation of a node turns its subtree rigidly only if the node and
 * every ancestor scale uniformly: the start and mid joints (the aimed node for
 * aim IK) and all their ancestors must have scale.x = scale.y = scale.z > 0
 * (within a relative 1e-6), and are refused otherwise. Scales may differ from
 * node to node, and the end joint's scale is free.
 *
 * Weight. weight 0 (the value of a zeroed desc) changes nothing, not one bit
 * of the scene: the call checks its arguments and returns. 1 is the full
 * solution; between them the correction of each joint is blended from none
 * (a normalized lerp of quaternions, as ozz-animation does).
 *
 * Cost. No allocation, no state between calls: two threads may run IK on two
 * scenes. The work is a walk up the chain's ancestors (none for the world
 * calls) and a fixed number of square roots; bench/bench_ik.c measures it per
 * chain.
 *
 * Ownership: the caller owns the scene and the descs; the calls keep nothing.
 */
#ifndef THREEANIM_IK_H
#define THREEANIM_IK_H

#include <stdbool.h>

#include "threeanim/export.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A two-bone chain and what it reaches for; zeroed means the defaults (and weight 0 does nothing). */
typedef struct ta_ik_two_bone_desc {
    ta_node_id start;  /**< the first joint (shoulder, hip) */
    ta_node_id mid;    /**< the middle joint (elbow, knee): a child of start */
    ta_node_id end;    /**< the end (wrist, ankle): a child of mid; its position is what reaches */
    ta_vec3 target;    /**< where the end should be, in world space */
    /** The direction, in world space, the middle joint bends towards: the mid joint ends in
     * the plane of the start joint, the target and this vector, on its side. Should not be
     * parallel to the start-to-target line: within 1e-10 radians of it there is no such plane,
     * and the chain stays in the plane it bends in. (0, 0, 0): (0, 1, 0). */
    ta_vec3 pole;
    /** The mid joint's bending axis, in its local space (before its scale): a positive rotation
     * about it opens the angle between the two bones. Need not be of unit length.
     * (0, 0, 0): (0, 0, 1). */
    ta_vec3 mid_axis;
    float weight; /**< in [0, 1]: 0 changes nothing, 1 the full correction */
    /** In [0, 1]: the share of the chain's length, at its far end, over which the end falls
     * gradually behind the target instead of snapping straight (ozz-animation's soften is
     * 1 minus this). 0: none, the chain reaches every target up to its full length. */
    float soften;
    float twist; /**< radians, turns the chain about the start-to-target line; 0: none */
} ta_ik_two_bone_desc;

/** A node that aims one of its axes at a target; zeroed means the defaults (and weight 0 does nothing). */
typedef struct ta_ik_aim_desc {
    ta_node_id node;    /**< the node to turn (a head, an eye, a gun) */
    ta_vec3 target;     /**< what to aim at, in world space */
    /** The axis that aims, in the node's local space; need not be of unit length.
     * (0, 0, 0): (1, 0, 0). */
    ta_vec3 forward;
    /** The node's up axis, in its local space: turned (about the aiming line) towards pole.
     * (0, 0, 0): (0, 1, 0). */
    ta_vec3 up;
    /** The direction, in world space, up should point to: it ends in the plane of the aiming
     * line and pole, on pole's side. Must not be parallel to the aiming line. (0, 0, 0): (0, 1, 0). */
    ta_vec3 pole;
    /** The point that aims, in the node's local space (an eye off the head's pivot): the line
     * from it along forward passes through the target. (0, 0, 0): the node's origin. */
    ta_vec3 offset;
    float weight; /**< in [0, 1]: 0 changes nothing, 1 the full correction */
    float twist;  /**< radians, turns the node about the aiming line; 0: none */
} ta_ik_aim_desc;

/** What an IK call found. */
typedef struct ta_ik_result {
    /** Two-bone: the target is within the chain's reach (beyond its shortest and not past
     * its softened length) and weight is 1. Aim: the target is not between the node and the
     * aiming point, so a direction exists. False when weight is 0. */
    bool reached;
} ta_ik_result;

/**
 * Turns desc->start and desc->mid so that desc->end reaches desc->target, the chain bending in
 * the plane of desc->pole: writes the two joints' quaternions (nothing else). A target beyond
 * the chain's length leaves the chain straight towards it; a target closer than the difference of
 * the bones' lengths folds it. out_result may be NULL.
 *
 * @ownership Writes scene->nodes[start].quaternion and scene->nodes[mid].quaternion; with
 * weight 0, nothing. Writes *out_result on success.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or desc NULL; mid not a child of start or end not a
 * child of mid), TA_ERROR_MISSING_TARGET (a joint not in the scene), TA_ERROR_NOT_A_NUMBER (a
 * field NaN or infinite), TA_ERROR_OUT_OF_RANGE (weight or soften outside [0, 1]),
 * TA_ERROR_UNSUPPORTED (start, mid or an ancestor not scaled uniformly, see the file's comment),
 * TA_ERROR_BAD_STATE (a bone of length 0). A refused call writes nothing.
 * @threejs None: three.js's CCDIKSolver (examples/jsm/animation) iterates; this is ozz-animation's
 * IKTwoBoneJob, applied to the nodes.
 */
TA_API ta_result ta_ik_two_bone(ta_scene *scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out_result,
                                ta_error *err);

/**
 * Turns desc->node so that its forward axis, from its offset point, points at desc->target, its
 * up axis turned towards desc->pole: writes the node's quaternion (nothing else). A target
 * between the node and its offset point, or on the node's origin, cannot be aimed at: the node
 * is left as it is and out_result->reached is false. out_result may be NULL.
 *
 * @ownership Writes scene->nodes[node].quaternion; with weight 0, nothing. Writes *out_result
 * on success.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or desc NULL), TA_ERROR_MISSING_TARGET (node not in
 * the scene), TA_ERROR_NOT_A_NUMBER (a field NaN or infinite), TA_ERROR_OUT_OF_RANGE (weight
 * outside [0, 1]), TA_ERROR_UNSUPPORTED (the node or an ancestor not scaled uniformly). A
 * refused call writes nothing.
 * @threejs None: Object3D.lookAt turns an object's fixed axis with no pole, offset or weight;
 * this is ozz-animation's IKAimJob, applied to the node.
 */
TA_API ta_result ta_ik_aim(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out_result, ta_error *err);

/** A two-bone chain given by its joints' world matrices, and the local rotations to correct; zeroed
 * fields but the pointers mean the defaults of ta_ik_two_bone_desc (and weight 0 does nothing). */
typedef struct ta_ik_two_bone_world_desc {
    const ta_mat4 *start_world; /**< the start joint's world matrix (ta_pose_world_pass's out_world[start]) */
    const ta_mat4 *mid_world;   /**< the mid joint's, a child of start's */
    const ta_mat4 *end_world;   /**< the end joint's, a child of mid's: only its translation is read */
    ta_quat *start_rotation;    /**< the start joint's local rotation, corrected in place */
    ta_quat *mid_rotation;      /**< the mid joint's local rotation, corrected in place */
    ta_vec3 target;             /**< as in ta_ik_two_bone_desc, in the matrices' space */
    ta_vec3 pole;               /**< as in ta_ik_two_bone_desc */
    ta_vec3 mid_axis;           /**< as in ta_ik_two_bone_desc, in the mid joint's local space */
    float weight;               /**< as in ta_ik_two_bone_desc */
    float soften;               /**< as in ta_ik_two_bone_desc */
    float twist;                /**< as in ta_ik_two_bone_desc */
} ta_ik_two_bone_world_desc;

/** A node given by its world matrix, and its local rotation to correct; zeroed fields but the
 * pointers mean the defaults of ta_ik_aim_desc (and weight 0 does nothing). */
typedef struct ta_ik_aim_world_desc {
    const ta_mat4 *world; /**< the node's world matrix (ta_pose_world_pass's out_world[node]) */
    ta_quat *rotation;    /**< the node's local rotation, corrected in place */
    ta_vec3 target;       /**< as in ta_ik_aim_desc, in the matrix's space */
    ta_vec3 forward;      /**< as in ta_ik_aim_desc */
    ta_vec3 up;           /**< as in ta_ik_aim_desc */
    ta_vec3 pole;         /**< as in ta_ik_aim_desc */
    ta_vec3 offset;       /**< as in ta_ik_aim_desc */
    float weight;         /**< as in ta_ik_aim_desc */
    float twist;          /**< as in ta_ik_aim_desc */
} ta_ik_aim_world_desc;

/**
 * ta_ik_two_bone from the world matrices the caller already has (a world pass's), in the shape of
 * ozz-animation's IKTwoBoneJob: no walk up the ancestors and no scene. Corrects
 * *desc->start_rotation and *desc->mid_rotation (the joints' local quaternions, e.g. the scene's
 * nodes' or a pose buffer's) so that, once the world matrices are worked out again from them, the
 * end reaches the target as ta_ik_two_bone's would. The matrices are read as they are: after the
 * call they are stale for the two joints and everything below (run the world pass again, from the
 * start joint or the top). out_result may be NULL.
 *
 * The caller vouches that the matrices are the joints' (mid a child of start, end of mid) and
 * belong to the rotations given; the call checks the start and mid matrices are a rotation times
 * one positive scale, but cannot see the ancestors': as for ta_ik_two_bone, they must scale
 * uniformly.
 *
 * @ownership Reads the three matrices; writes *desc->start_rotation and *desc->mid_rotation (with
 * weight 0, nothing); writes *out_result on success. Keeps nothing.
 * @errors TA_ERROR_INVALID_ARGUMENT (desc or one of its pointers NULL; start_rotation and
 * mid_rotation the same quaternion), TA_ERROR_NOT_A_NUMBER (a field, a rotation or a read matrix
 * element NaN or infinite: the message names the element), TA_ERROR_OUT_OF_RANGE (weight or soften
 * outside [0, 1]), TA_ERROR_BAD_STATE (a rotation of length 0; a bone of length 0),
 * TA_ERROR_UNSUPPORTED (the start or mid matrix not a rotation times one positive scale within a
 * relative 1e-5). A refused call writes nothing.
 * @threejs None: ozz-animation's IKTwoBoneJob, which returns the corrections rather than applying
 * them.
 */
TA_API ta_result ta_ik_two_bone_world(const ta_ik_two_bone_world_desc *desc, ta_ik_result *out_result,
                                      ta_error *err);

/**
 * ta_ik_aim from the node's world matrix (a world pass's), in the shape of ozz-animation's IKAimJob:
 * corrects *desc->rotation, the node's local quaternion, so that, once its world matrix is worked
 * out again, it aims as ta_ik_aim's would. The matrix is then stale for the node and everything
 * below. out_result may be NULL; a target that cannot be aimed at (see ta_ik_aim) leaves the
 * rotation as it is.
 *
 * The caller vouches that the matrix belongs to the rotation; the call checks it is a rotation times
 * one positive scale, but cannot see the ancestors': they must scale uniformly.
 *
 * @ownership Reads the matrix; writes *desc->rotation (with weight 0, nothing); writes *out_result
 * on success. Keeps nothing.
 * @errors TA_ERROR_INVALID_ARGUMENT (desc, desc->world or desc->rotation NULL),
 * TA_ERROR_NOT_A_NUMBER (a field, the rotation or a read matrix element NaN or infinite),
 * TA_ERROR_OUT_OF_RANGE (weight outside [0, 1]), TA_ERROR_BAD_STATE (a rotation of length 0),
 * TA_ERROR_UNSUPPORTED (the matrix not a rotation times one positive scale within a relative 1e-5).
 * A refused call writes nothing.
 * @threejs None: ozz-animation's IKAimJob, which returns the correction rather than applying it.
 */
TA_API ta_result ta_ik_aim_world(const ta_ik_aim_world_desc *desc, ta_ik_result *out_result, ta_error *err);

/**
 * ta_ik_two_bone_world for descs[0 .. count), as count calls in that order would do it, with the
 * chains solved several at a time, a chain a SIMD lane, where the CPU has AVX2 and FMA (4 chains at
 * a time) or AVX-512 (8): the chains of a frame's characters, after their world pass. Each chain's
 * rotations are ta_ik_two_bone_world's up to the last bits (within 1e-6 of each component: the
 * lanes fuse multiplies and adds where the one call may not); on other CPUs, and for a group of
 * descs that share a rotation, it makes the calls one after another.
 *
 * @ownership As ta_ik_two_bone_world for each desc; out_results: NULL, or count results, written on
 * success. Keeps nothing.
 * @errors TA_ERROR_INVALID_ARGUMENT (descs NULL with count > 0), and each desc's refusals of
 * ta_ik_two_bone_world, named by its index ("descs[3].weight: ..."). Every desc is checked before
 * any is solved: a refused call writes nothing.
 * @threejs None.
 */
TA_API ta_result ta_ik_two_bone_world_batch(const ta_ik_two_bone_world_desc *descs, uint32_t count,
                                            ta_ik_result *out_results, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
