/*
 * bench/mixer/workload.h -- the mixer benchmark's workload, built key for key
 * as docs/benchmark-workload.md describes it and as bench/threejs/bench.mjs
 * builds it for three.js: the flags, the keys (the seeded draws of
 * threeanim/random.h in their order, float32 keys), the shared clips, and the
 * characters (one scene of B nodes, one mixer and its actions each). It uses
 * the public API only, as any program would.
 *
 *     bench_config cfg;
 *     bench_config_defaults(&cfg);
 *     if (bench_parse_args(&cfg, argc, argv) != BENCH_OK) ...
 *     bench_keys keys;
 *     bench_keys_make(&cfg, cfg.keys, &keys);
 *     ta_clip **clips;  bench_make_clips(&cfg, &keys, NULL, 0, &clips, &err);
 *
 * Choices the workload leaves open are made as bench.mjs makes them (its
 * header lists them): bone names "b<i>", tracks per bone in the order position,
 * quaternion, scale, the rest position in float32, tangents from the float32
 * keys, Bezier h_k from the interval after key k (before it for the last key).
 *
 * bench/ozz/bench_ozz.cc includes this header from C++ to build the same keys
 * for ozz-animation: hence the extern "C" and the counting allocator kept to C.
 *
 * Ownership: bench_keys_make allocates with malloc and bench_keys_free frees.
 * Clips and characters are made with the allocator given (a counting one, to
 * measure bytes) and freed by bench_free_clips and bench_character_free.
 */
#ifndef THREEANIM_BENCH_MIXER_WORKLOAD_H
#define THREEANIM_BENCH_MIXER_WORKLOAD_H

#ifndef __cplusplus
#include <stdatomic.h> /* the counting allocator's */
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "threeanim/threeanim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit status: 0 done, 1 refused (the library's message on standard error),
 * 2 a usage error. */
#define BENCH_OK 0
#define BENCH_REFUSED 1
#define BENCH_USAGE 2

#define BENCH_MAX_LIST 32

typedef enum bench_interp {
    BENCH_LINEAR = 0,
    BENCH_STEP,
    BENCH_SMOOTH,
    BENCH_BEZIER,
    BENCH_CUBICSPLINE,
    BENCH_INTERP_COUNT
} bench_interp;

typedef enum bench_variant {
    BENCH_BLEND = 0,
    BENCH_SINGLE,
    BENCH_BLEND_L2M,
    BENCH_SINGLE_L2M,
    BENCH_GROUP,
    BENCH_BLEND_FRAME,  /* blend + world pass + skinning pass (frame.h), into one palette */
    BENCH_SINGLE_FRAME, /* single + the same */
    BENCH_VARIANT_COUNT
} bench_variant;

typedef struct bench_config {
    uint32_t chars[BENCH_MAX_LIST];
    uint32_t char_count;
    uint32_t bones, branch, clips, keys;
    double duration;
    double weights[BENCH_MAX_LIST];
    uint32_t weight_count;
    bench_interp interp;
    uint32_t frames, warmup, reps;
    double dt;
    uint32_t seed;
    uint32_t stagger;
    double rot_amp, scale_amp;
    bench_variant variants[BENCH_MAX_LIST];
    uint32_t variant_count;
    uint32_t group_max;
    uint32_t threads;
    uint32_t morphs; /* morph influence tracks per clip, on one mesh of the character (0: none, bench.mjs's workload) */
    uint32_t write_always; /* 1: ta_mixer_set_write_always on every mixer (threeanim only; 0: three.js's comparison) */
    uint32_t frame_world;      /* 0: the frame variants write no float world matrices (world NULL) */
    uint32_t frame_pose_world; /* 0: the frame variants keep no world matrices in the poses (no_pose_world) */
    uint32_t frame_float_lanes; /* 1: the frame variants ask for the float lane pass (float_lanes) */
    uint32_t frame_rows;        /* 1: the frame variants' palette is 3x4 row-major (12 floats a bone), else 4x4 */
    uint32_t arena; /* 1: each character's scene, mixer, actions and pose in one block of its own (bench_arena) */
    uint32_t instances; /* 1: the frame variants' characters 1 .. C-1 are instances of character 0's scene */
    uint32_t frame_passes_only; /* 1: after the warmup, the frame variants' characters have no mixer (the passes alone) */
    uint32_t paused; /* 1: every action paused as it starts, at its first key (bench.mjs takes it too) */
} bench_config;

extern const char *const bench_interp_names[BENCH_INTERP_COUNT];
extern const char *const bench_variant_names[BENCH_VARIANT_COUNT];

void bench_config_defaults(bench_config *cfg);
/* argv[0] is the program's name. BENCH_OK, or BENCH_USAGE with a message on
 * standard error. */
int bench_parse_args(bench_config *cfg, int argc, char **argv);

/* The keys of one bone of one clip, float32 as the tracks hold them. */
typedef struct bench_bone_keys {
    double pos_offset[3];
    float *pos;   /* 3 per key */
    float *quat;  /* 4 per key, x y z w */
    float *scale; /* 3 per key */
} bench_bone_keys;

typedef struct bench_keys {
    uint32_t key_count;
    float *times;
    bench_bone_keys *bones; /* clips * bones, clip after clip */
    uint32_t clip_count, bone_count;
    float *morphs;          /* clips * morph_count * key_count influences, clip after clip, track after track */
    uint32_t morph_count;
} bench_keys;

/* The keys for cfg with key_count keys per track (cfg->keys for the workload;
 * another count to measure what a key costs). */
int bench_keys_make(const bench_config *cfg, uint32_t key_count, bench_keys *out);
void bench_keys_free(bench_keys *keys);

/* cfg->clips clips ("walk", "run", "clip2", ...) of 3 * B tracks and
 * cfg->morphs morph influences for each of `characters` characters (0: one
 * set of tracks for nodes 0..B-1 and mesh 0, the shared clips; else the group
 * variant's, for character c's bone b at node 1 + c * B + b and its mesh c). */
ta_result bench_make_clips(const bench_config *cfg, const bench_keys *keys, const ta_allocator *allocator,
                           uint32_t characters, ta_clip ***out_clips, ta_error *err);
void bench_free_clips(ta_clip **clips, uint32_t count);
/* The bytes of key data a track of the workload holds per key (times, values,
 * tangents), averaged over its tracks: what a key cannot cost less than. */
double bench_ideal_bytes_per_key(const bench_config *cfg);

#ifndef __cplusplus
/* A counting allocator over malloc: live bytes and allocation calls. Atomic,
 * so characters on several threads may share one. C only: C++ has no
 * <stdatomic.h> before C++23, and bench_ozz counts nothing. */
typedef struct bench_counter {
    atomic_size_t live_bytes;
    atomic_size_t allocations;
} bench_counter;

ta_allocator bench_counting_allocator(bench_counter *counter);

/* A bump allocator over one block, counting as bench_counting_allocator does:
 * what a character allocates, at its making and at its first frame's
 * bindings, lies side by side (free gives nothing back; a realloc of the last
 * allocation grows in place). Past the block it falls back to malloc. */
typedef struct bench_arena {
    unsigned char *base;
    size_t used, size;
    bench_counter *counter;
} bench_arena;

ta_allocator bench_arena_allocator(bench_arena *arena);
#endif

/* One character: its scene, its mixer and actions; or, for the group variant,
 * all C characters under one Group node driven by one mixer. */
typedef struct bench_character {
    ta_scene *scene;
    ta_mixer *mixer;
    ta_mat4 *world;      /* the l2m and frame variants: a world matrix per node */
    ta_pose *pose;       /* the frame variants: the passes' workspace, on the CPU's best set */
    uint32_t first_bone; /* node of bone 0 of the first character */
    uint32_t characters; /* characters in this scene: 1, or C for the group */
} bench_character;

/* Builds character `index` of a variant: its nodes at rest (and with --morphs
 * a mesh of that many morph targets, influences 0, on its root bone), its mixer rooted at
 * the root bone, one action per weight (single: clip 0 at weight 1) on
 * clips[i % N], REPEAT, the weight set, played, and moved to the staggered
 * phase (ta_mixer_set_time, see main.c). group_count > 0 builds the group
 * variant's single scene of group_count characters over group clips. */
ta_result bench_character_make(const bench_config *cfg, const bench_keys *keys, bench_variant variant,
                               uint32_t index, uint32_t group_count, ta_clip *const *clips,
                               const ta_allocator *allocator, bench_character *out, ta_error *err);
/* Character `index` (not 0, not the group variant) of a variant as an instance of source's scene
 * (ta_scene_instantiate: the nodes copied, the skin's joints and inverse binds shared), with its own
 * mixer, actions, phase and pose, as bench_character_make gives them. source: character 0, still
 * at rest (its phase is 0, so no update has moved it). */
ta_result bench_character_instance(const bench_config *cfg, bench_variant variant, uint32_t index,
                                   const bench_character *source, ta_clip *const *clips,
                                   const ta_allocator *allocator, bench_character *out, ta_error *err);
void bench_character_free(bench_character *ch);
/* Whether a variant is a frame one (update, world, skinning through ta_frame_update). */
bool bench_variant_is_frame(bench_variant variant);
/* The l2m variants' root.updateMatrixWorld(): every node's world matrix. */
void bench_character_world(bench_character *ch);
/* Position, quaternion and scale components of every bone, and every mesh's
 * morph influences (none without --morphs), summed in double. */
double bench_character_checksum(const bench_character *ch);

#ifdef __cplusplus
}
#endif

#endif
