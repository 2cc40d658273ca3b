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
     * local alone for a node without parent), out[node] = it in float (out
     * NULL: no floats), stamp[node] = gen. Parents come before their
     * children in order. */
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
/* ta_pose_world_pass once its arguments are checked (root none or in the
 * scene, out_world long enough), with out_world NULL for no float copy: the
 * doubles alone, which the pose's other calls read. */
ta_result ta__pose_world(ta_pose *pose, const ta_scene *scene, ta_node_id root, ta_mat4 *out_world, ta_error *err);
/* Tells the pose that its doubles were not kept by the last pass (a frame
 * with no_pose_world): its calls that read them are refused until its next
 * world pass. */
void ta__pose_forget_world(ta_pose *pose);
/* What a world pass of pose reads first, asked for ahead of it: stage 2 or
 * more the pose itself, stage 1 (after it) its order. */
void ta__pose_prefetch(const ta_pose *pose, unsigned stage);
/* The nodes the pose holds. */
uint32_t ta__pose_capacity(const ta_pose *pose);
/* The world matrices in double, 16 a node by node index (for tests: the
 * floats written out hide most differences of the last bits). */
const double *ta__pose_world_doubles(const ta_pose *pose);
/* The level the pose runs. */
int ta__pose_level(const ta_pose *pose);

/* One character of a lane pass (pose_lanes.c): the world pass over a whole
 * scene for several characters of one rig at once, a character a lane. The
 * numbers are the column loops' bit for bit: the same operations in the same
 * order on each lane, only across characters rather than down a column. */
typedef struct ta__pose_lane {
    const ta_node *nodes;   /* the character's scene's */
    double *world;          /* its pose's doubles, 16 a node */
    ta_mat4 *out;           /* its world matrices in float (NULL in a pass without them) */
    const ta_node_id *order; /* its pose's parent-first order */
} ta__pose_lane;

/* Starts a whole-scene world pass on pose that a lane pass writes: the order
 * read again if the tree changed, a new generation, the pose told that every
 * node has its world matrix (the lane pass writes no stamps); fills out. */
ta_result ta__pose_begin_lanes(ta_pose *pose, const ta_scene *scene, ta__pose_lane *out, ta_error *err);

/* The most lanes a lane pass has (AVX-512: eight doubles). */
enum { TA__LANES = 8 };
/* Doubles a lane pass of width lanes needs of scratch for node_count nodes. */
#define TA__LANES_SCRATCH(node_count, width) ((size_t)(node_count) * 12u * (width))

/* The lanes of the lane pass for a pose level: 8 (AVX-512), 4 (AVX2), 0 (none). */
uint32_t ta__lanes_width(int level);
/* What a lane pass writes of each lane besides its scratch: its pose's doubles, its floats;
 * and STREAM: both with non-temporal stores, in whole lines (a pose's doubles start on a 64-byte
 * line; the floats where the lane's array does), a fence after the pass, for characters past the
 * caches (the frame's TA__FRAME_STREAM_FROM). */
enum { TA__LANES_DOUBLES = 1, TA__LANES_FLOATS = 2, TA__LANES_STREAM = 4 };
/* Whether this build's lane passes stream (x86-64's; WebAssembly has no such stores): where
 * not, the frame asks for no TA__LANES_STREAM or TA__BONES_STREAM. */
#if defined(__GNUC__) && defined(__x86_64__)
#define TA__LANES_CAN_STREAM 1
#else
#define TA__LANES_CAN_STREAM 0
#endif
/* The world pass of width characters (a width of ta__lanes_width, the CPU
 * running its set) with the same tree (lane 0's order and parents stand for
 * all): each lane's world and out written for every node as out asks, and
 * the world matrices, less their last rows, kept across the lanes in scratch
 * (TA__LANES_SCRATCH(node_count, width) doubles, 64-byte aligned) for
 * ta__lanes_bones. A lane may repeat another. */
void ta__lanes_world(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, double *scratch, int out);
/* How a skinning lane pass writes: the top three rows of each bone, row-major (else 4x4
 * column-major); streamed (a 4x4 bone where the lane's bones start on a 64-byte line, a fence
 * after), for characters past the caches. */
enum { TA__BONES_ROWS = 1, TA__BONES_STREAM = 2 };
/* Bone i of each lane = its world[joints[i]] * ib[i], from scratch, written
 * at out[lane] + 16 i column-major (its last row last[4 i .. 4 i + 4), the
 * skin's ta__skin_last_rows), or with TA__BONES_ROWS in form its top three
 * rows at out[lane] + 12 i row-major. A lane may repeat another's out. */
void ta__lanes_bones(const double *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,
                     const float *last, uint32_t n, float *const *out, int form);

/* The float lane pass (pose_lanes_float.c): the same passes in float with FMA,
 * twice the lanes: not the column loops' numbers, but within 1e-6 of the
 * largest element of each matrix of theirs on the conformance rigs. It writes
 * no doubles: each lane's floats (out & TA__LANES_FLOATS) and its scratch of
 * floats, TA__LANES_SCRATCH(node_count, width) of them (64-byte aligned). */
/* The most lanes of a float lane pass (eight: sixteen lanes' scratch filled
 * the first-level cache), and so of a frame window with float lanes. */
enum { TA__FLOAT_LANES = 8 };
/* The lanes of the float lane pass for a pose level: 8 (AVX2 with FMA, and
 * AVX-512), 4 (the WebAssembly SIMD module, at its one level), 0 (none: the
 * double lane pass or the column loops instead). */
uint32_t ta__lanes_float_width(int level);
void ta__lanes_world_float(const ta__pose_lane *lanes, uint32_t width, uint32_t node_count, float *scratch, int out);
void ta__lanes_bones_float(const float *scratch, uint32_t width, const ta_node_id *joints, const ta_mat4 *ib,
                           const float *last, uint32_t n, float *const *out, int form);

#endif
