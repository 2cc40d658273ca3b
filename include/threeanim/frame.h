/**
 * @file
 * threeanim/frame.h -- a frame of many characters in one call: each one's
 * mixer update, world pass and skinning pass, with its bone matrices written
 * where a GPU buffer wants them.
 *
 * A character is a scene (its own, or an instance's), the mixer that drives
 * it, a pose (pose.h) and where its matrices go. ta_frame_update_range does
 * characters [first, first + count) on the calling thread: the unit of work
 * for a job system, which splits the frame into ranges. ta_frame_update does
 * them all, split over a worker pool's threads (worker_pool.h) when one is
 * given. No thread is needed: with no pool everything runs on the caller's.
 *
 *     ta_frame_character chars[N];    // mixer, targets.scene, pose, world, skin_offsets
 *     ta_frame_options opts = {.palette = palette, .palette_floats = palette_floats,
 *                              .layout = TA_PALETTE_LAYOUT_ROWS_3X4};
 *     ta_frame_update(chars, N, dt, &opts, pool, &err);
 *     // upload palette: skin s of character c at palette + chars[c].skin_offsets[s]
 *
 * Numbers: each step's, as ta_mixer_update_targets, ta_pose_world_pass and
 * ta_pose_skinning_pass give them; a range or a pool changes none of them.
 * Characters of one rig (the same tree, skins, joints and inverse binds:
 * instances of one scene, instance.h, or scenes built alike) whose poses run
 * AVX2 or wider get their passes four (AVX2) or eight (AVX-512) at a time, a
 * character a lane, with the same numbers bit for bit (two go one at a time,
 * three or four on AVX-512 four at a time: an empty lane costs as a full one);
 * that pass keeps its scratch (48 KB) on the calling thread's stack, the
 * passes of one character 6 KB. A rig of more than 128 nodes needs more
 * (ta_frame_lane_scratch_bytes): ta_frame_update keeps it in its pool, a
 * scratch for each worker, grown after the first frame that wants it; a call
 * without a pool takes ta_frame_options.lane_scratch; without either, such a
 * rig goes a character at a time (the same numbers). ta_frame_options.float_lanes
 * trades those bits for twice the lanes in float32 (within 1e-6 of the
 * largest element of each matrix).
 *
 * The check that characters share a rig compares their tree, joints and
 * inverse binds number by number once (instances of one scene share their
 * skins' arrays: those compare by pointer), and then remembers the answer in
 * the scene while neither scene's tree or skins change (a hash of each rig
 * tells a scene made in a destroyed one's place apart). Compared every frame,
 * 4 KB a 64-joint skin read per character took about a quarter of a frame of
 * 1,000 characters (docs/performance.md). The memo is written in the scenes
 * of the range's characters, those without a mixer too: ranges that run at
 * once on different threads share no scene (below).
 *
 * Past the caches (more than 384 characters in a call, or in ta_frame_update's
 * whole frame; a job system that cuts a larger frame into smaller calls says
 * so with ta_frame_options.stream), the lane passes write the poses' double
 * world matrices with non-temporal stores, and each character's float world
 * matrices and 4x4 palette bones too where its world array and its bones
 * start on a 64-byte line (aligned_alloc(64, ...): a matrix a line). They are
 * not read in from memory before being written over, which took about a third
 * of such a frame (docs/performance.md). The numbers are the same; a caller
 * that reads them right after the frame reads them from memory.
 *
 * Ownership: the caller owns everything it passes; nothing is kept.
 */
#ifndef THREEANIM_FRAME_H
#define THREEANIM_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "threeanim/animation_mixer.h"
#include "threeanim/export.h"
#include "threeanim/pose.h"
#include "threeanim/result.h"
#include "threeanim/worker_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How bone matrices are laid out in the palette. */
typedef enum ta_palette_layout {
    TA_PALETTE_LAYOUT_MAT4 = 0,     /**< 4x4 column-major, 16 floats (64 bytes) a bone: three.js's boneMatrices */
    TA_PALETTE_LAYOUT_ROWS_3X4 = 1  /**< the top three rows, row-major, 12 floats (48 bytes) a bone */
} ta_palette_layout;

/** Whether a frame's lane passes write their matrices straight to memory (non-temporal stores of
 * whole lines, a fence after each pass) rather than through the caches, where a frame past them
 * would have each line read in from memory before it is written over. */
typedef enum ta_frame_stream {
    TA_FRAME_STREAM_AUTO = 0, /**< past 384 characters in the call (ta_frame_update: in the whole frame) */
    TA_FRAME_STREAM_ON = 1,   /**< always: a job system's range of a frame larger than the caches */
    TA_FRAME_STREAM_OFF = 2   /**< never: a caller that reads the matrices back right after the frame */
} ta_frame_stream;

/**
 * Floats a bone takes in a palette of this layout (0 for a layout that is none of them).
 *
 * @ownership None.
 * @errors None (0 for a layout that is none).
 * @threejs Skeleton.boneMatrices holds 16 a bone (TA_PALETTE_LAYOUT_MAT4).
 */
TA_API uint32_t ta_frame_bone_floats(ta_palette_layout layout);

/** One character of a frame, with what its frame returned. */
typedef struct ta_frame_character {
    ta_mixer *mixer;          /**< NULL: no update (the passes alone) */
    ta_mixer_targets targets; /**< targets.scene: the character's scene (required) */
    ta_pose *pose;            /**< required: a pose made for that scene; no two characters share one */
    /** The world matrices in float, by node index (targets.scene->node_count); NULL: none written (the pose keeps
     * them in double, as ta_pose_socket_world reads them; a renderer that wants the palette alone writes 4 KB less
     * a 64-node character). */
    ta_mat4 *world;
    /** NULL: no palette. Else one entry per skin of the scene: the float index in the frame's
     * palette where that skin's first bone goes; SIZE_MAX leaves the skin out. */
    const size_t *skin_offsets;
    ta_result result; /**< set by the frame: TA_OK, or why this character was refused */
    ta_error error;   /**< set by the frame when result is not TA_OK */
} ta_frame_character;

/** What a frame writes its bone matrices into. */
typedef struct ta_frame_options {
    float *palette;           /**< one buffer for all skins of all characters; NULL when none has skin_offsets */
    size_t palette_floats;    /**< its length in floats */
    ta_palette_layout layout; /**< of every bone in it */
    /** Nonzero: the characters' poses need not keep their world matrices (in double, 128 bytes a node:
     * what ta_pose_socket_world, ta_pose_skinning_pass and ta_pose_bind_matrix_inverse read), for a
     * renderer that wants the palette (and world, when not NULL) alone; the lane pass then does not
     * write them. After such a frame those calls on a character's pose are refused (TA_ERROR_BAD_STATE)
     * until its next world pass. 0: kept. */
    int no_pose_world;
    /** Nonzero (with no_pose_world): characters of one rig get the lane pass in float32 with FMA, eight at a time
     * on AVX2 and AVX-512 (four on WebAssembly SIMD), a window taking eight characters (about two thirds of the
     * instructions a bone of the double lanes). Their world matrices and palettes are then within 1e-6 of each matrix's largest element of
     * three.js's (and of the default's), no longer the same bit for bit. Where the poses keep their doubles (no_pose_world
     * 0, or a skin that some characters of the window leave out of the palette) the double lane pass runs instead,
     * with the default's numbers: the float pass never writes doubles. 0: the double lane pass. */
    int float_lanes;
    /** When the matrices go straight to memory: the poses' doubles, and the float world matrices and 4x4
     * palette bones of arrays that start on a 64-byte line (x86-64; nothing streams on WebAssembly). The
     * numbers are the same either way. 0: TA_FRAME_STREAM_AUTO. */
    ta_frame_stream stream;
    /** A scratch for the lane passes of rigs of more than 128 nodes (ta_frame_lane_scratch_bytes of the largest),
     * 64-byte aligned, for a call with no pool (ta_frame_update_range, or ta_frame_update with none): calls that
     * run at once need one each. A call with a pool uses the pool's and not this one. NULL (and 0 bytes), or fewer
     * bytes than a rig needs for four lanes: that rig goes through the column loops, a character at a time, unless a
     * pool gives it room. The numbers are the same. */
    void *lane_scratch;
    size_t lane_scratch_bytes; /**< its length: 0 with lane_scratch NULL */
} ta_frame_options;

/**
 * Bytes of ta_frame_options.lane_scratch the lane passes of a rig of node_count nodes take on the widest
 * lanes any CPU runs (eight double lanes): 0 for a rig of up to 128 nodes, whose scratch is on the stack.
 *
 * @ownership None.
 * @errors None.
 * @threejs None.
 */
TA_API size_t ta_frame_lane_scratch_bytes(uint32_t node_count);

/**
 * Characters [first, first + count) on the calling thread, one after the other: each one's mixer
 * update by delta, its world pass over the whole scene (into world when not NULL), then each skin's bones into the
 * palette at its offset. A character is checked before anything of it changes (its pose, its world
 * array's length, its skins' places in the palette); a refused one changes nothing of its own,
 * gets its result and error, and stops no other. When its update is refused its passes do not run.
 * Disjoint ranges may run on different threads at once, if their characters share no mixer,
 * scene, pose, world array or palette floats.
 *
 * @return TA_OK when every character in the range was, else the first refused one's result.
 * @ownership Writes each character's result, error, world array, palette floats and what its
 * mixer's targets name; keeps no pointer.
 * @errors TA_ERROR_INVALID_ARGUMENT (chars NULL with count > 0, first + count past UINT32_MAX,
 * options NULL, a layout that is none, a lane_scratch not on a 64-byte line or given with 0 bytes,
 * or bytes with none): then no character is touched. Per character:
 * TA_ERROR_INVALID_ARGUMENT (no scene or pose; a skin's bones past palette_floats),
 * and what ta_mixer_update_targets, ta_pose_world_pass and ta_pose_skinning_pass return.
 * @threejs mixer.update(delta); scene.updateMatrixWorld(); skeleton.update() for each character.
 */
TA_API ta_result ta_frame_update_range(ta_frame_character *chars, uint32_t first, uint32_t count, ta_duration delta,
                                       const ta_frame_options *options, ta_error *err);

/**
 * All count characters, as ta_frame_update_range, on the pool's threads (NULL: on the calling
 * thread alone). Each worker index has its share, whole windows of the lane pass in a row, the same
 * each frame (a thread keeps finding its characters in its own cache), taken in ranges of a quarter
 * of what is left of it, so that the first are long (a range keeps its prefetch of the next
 * characters going) and the last short; a thread done with its share takes ranges of the others'
 * that no thread has begun, so that a thread the system holds back leaves its characters to the
 * others. A frame of one window or less runs on the calling thread, no thread woken. The results
 * are the same bit for bit, when no two characters share a scene, mixer or pose (else run them in
 * one range).
 *
 * @return TA_OK when every character was, else the first refused one's result (err names it).
 * @ownership As ta_frame_update_range; the pool is used and left as it was.
 * @errors As ta_frame_update_range.
 * @threejs As ta_frame_update_range.
 */
TA_API ta_result ta_frame_update(ta_frame_character *chars, uint32_t count, ta_duration delta,
                                 const ta_frame_options *options, ta_worker_pool *pool, ta_error *err);

/**
 * Makes the pose's passes run on the widest instructions this CPU runs, chosen as a mixer chooses
 * its path (the environment variable TA_SIMD forces one: "scalar", "sse2", "avx2", "avx512";
 * "general" means "scalar" here). The numbers do not change.
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (pose NULL; TA_SIMD names no set, or one this CPU does not
 * run): then the pose is unchanged.
 * @threejs None.
 */
TA_API ta_result ta_pose_use_best_simd(ta_pose *pose, ta_error *err);

/**
 * The set the pose runs: "scalar", "sse2", "avx2" or "avx512" ("?" for NULL).
 *
 * @ownership A static string; nothing to free.
 * @errors None.
 * @threejs None.
 */
TA_API const char *ta_pose_simd_name(const ta_pose *pose);

#ifdef __cplusplus
}
#endif

#endif
