/*
 * src/scene/pose_internal.h -- the loops of the world and skinning passes,
 * once per instruction set, and the way a pose is told which to run. Not
 * public.
 *
 * Every set gives the same numbers bit for bit: a world matrix is its
 * parent's (double) times the node's local matrix (double, composed as
 * three.js's Matrix4.compose), term by term in three.js's multiplyMatrices
 * order, the exact zeros of the last rows left out; a bone matrix is its
 * joint's world matrix times its inverse bind matrix in the same order. The
 * vector sets do a column of four doubles per operation (no FMA: the file is
 * built with -ffp-contract=off), so only the width changes.
 *
 * The pose itself (pose.c) does not look at the CPU: the choice of set is
 * the mixer's (fused_kernels.h, TA_SIMD), made in the animation layer by
 * ta_pose_use_best_simd (frame.h), which hands the level down here.
 */
#ifndef THREEANIM_SRC_SCENE_POSE_INTERNAL_H
#define THREEANIM_SRC_SCENE_POSE_INTERNAL_H

#include <stdint.h>

#include "threeanim/pose.h"

/* The levels, numbered as the mixer's ta__simd (fused_kernels.h) from SCALAR on. */
enum { TA__POSE_SCALAR = 1, TA__POSE_SSE2, TA__POSE_AVX2, TA__POSE_AVX512, TA__POSE_LEVELS };

typedef struct ta__pose_kernels {
    /* For order[begin .. end): world[node] = world[parent] * local(node) (the
     * local alone for a node without parent), out[node] = it in float,
     * stamp[node] = gen. Parents come before their children in order. */
    void (*world)(const ta_node *nodes, const ta_node_id *order, uint32_t begin, uint32_t end, double *world,
                  ta_mat4 *out, uint32_t *stamp, uint32_t gen);
    /* Bone i = world[joints[i]] * ib[i], in float, for i < n, at out + 16 i
     * column-major; with rows, its top three rows at out + 12 i, row-major. */
    void (*bones)(const double *world, const ta_node_id *joints, const ta_mat4 *ib, uint32_t n, float *out, int rows);
} ta__pose_kernels;

/* The set of a level; NULL for a level this build lacks. The caller has
 * checked that the CPU runs it. */
const ta__pose_kernels *ta__pose_kernels_for(int level);
/* The set this build runs on any CPU it was built for (SSE2 on x86-64). */
int ta__pose_baseline_level(void);
/* Makes the pose run the level's set (one the CPU runs); 0 when it does not
 * exist in this build (then the pose is unchanged). */
int ta__pose_use(ta_pose *pose, int level);
/* The nodes the pose holds. */
uint32_t ta__pose_capacity(const ta_pose *pose);
/* The world matrices in double, 16 a node by node index (for tests: the
 * floats written out hide most differences of the last bits). */
const double *ta__pose_world_doubles(const ta_pose *pose);
/* The level the pose runs. */
int ta__pose_level(const ta_pose *pose);

#endif
