/*
 * src/animation/mixer_fused.h -- the mixer's fused path. Not public.
 *
 * When every playing action (normal or additive) has no group or mask, on a clip with the layout of clip_fused.h (node positions, scales,
 * rotations and morph influences), and all of them drive
 * the same bindings lane for lane (the same rig), an update need not go
 * binding by binding: the bindings become lanes of plane-by-key piles, one
 * cumulative weight serves them all (one division per action, not per
 * binding), and the mixing, the rest toward the originals, the finite check
 * and the write each run as one loop over the lanes.
 *
 * Root motion (root_motion.h) takes this path too, while no additive action with a weight drives
 * the root: after the mix, the root's one or two lanes are mixed again from the actions'
 * in-place values, in double, as the general path's root_remix mixes its bindings, so that both
 * paths give the root the same numbers.
 *
 * Morph influences are numbers mixed as the general path mixes a number
 * track (three.js's PropertyMixer for numbers), in double, whatever their
 * interpolation: a LINEAR one too, unlike the node vectors' float32 lerp, so
 * that both paths keep the general path's arithmetic for them. They are
 * written one by one through the scene's meshes (a face's few dozen, where a
 * rig has hundreds of node numbers), when they differ from the last written.
 *
 * The state is filled at the end of an update that took the general path, in
 * room ta__fused_prepare made before that update changed anything (so a
 * failed allocation refuses the update whole), for the actions playing then; it
 * runs while the same actions play, the bindings stay as checked and the
 * targets are the same. From then on it holds the bindings' last written
 * values (the general path's `last`) until they are given back, even after
 * it stops running (ta__fused_stop: an action went away), so that what stops
 * it need not allocate. Anything that reads or moves the general path's
 * values calls ta__fused_release first, which gives them back.
 *
 * When the lanes are every number the mixer binds, the general path's piles
 * (pile, orig, last: 12 bytes a number) are freed as well, the originals
 * kept in the lanes: a mixer that stays on this path holds one copy of its
 * state, not two; and so are the binding records, their hash and the actions'
 * track maps (park_bindings, mixer_fused.c), made again with the
 * piles. Giving them back then allocates (ta__fused_release can
 * fail, and changes nothing when it does); the first time it happens the
 * piles stay, so that a mix that goes back and forth between the paths does
 * not allocate at every update.
 */
#ifndef THREEANIM_SRC_ANIMATION_MIXER_FUSED_H
#define THREEANIM_SRC_ANIMATION_MIXER_FUSED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "animation/fused_kernels.h"
#include "threeanim/result.h"

struct ta_mixer;
struct ta_action;
struct ta_mixer_targets;
struct ta_error;

/* A time group's lanes, as the shape's clip has them. The clips of the
 * actions the state was made for stay (an action holds its clip, and a mixer
 * its actions), and with them the lanes' places in the nodes (vec_node,
 * rot_node), which the values are given back by. */
typedef struct ta__lane_group {
    uint32_t vec_first, vec_lanes, vec_count;
    uint32_t rot_first, rot_lanes, rot_count;
} ta__lane_group;

/* A morph influence lane: the mesh (skinned or not) and morph target it
 * writes, mesh UINT32_MAX for a padding lane; and the mesh's place in the
 * state's list of the meshes its lanes write (num_mesh_lane). */
typedef struct ta__num_lane {
    uint32_t mesh;
    uint16_t element;
    uint16_t skinned;
    uint32_t slot;
} ta__num_lane;

/* The morph lanes, one plane of `lanes`, at the head of the block that holds
 * them: per lane the target it writes, reached through the scene's mesh
 * arrays at each write (the caller's to move; the checks of the general path
 * say when their counts change), the last written values and the originals,
 * and the update's piles (additive too): 40 bytes a lane, 2.5 KiB for a face
 * of 52. */
typedef struct ta__fused_numbers {
    uint32_t lanes;
    uint32_t meshes;                     /* the meshes the lanes write: */
    uint32_t *mesh_lane;                 /* a lane of each */
    float **base;                        /* and its influences, looked up at each write */
    ta__num_lane *lane;
    float *last, *orig, *pile, *add;
    size_t bytes;                        /* of the block, this head included */
} ta__fused_numbers;

typedef struct ta__mixer_fused {
    ta__simd simd;                   /* chosen when the mixer was made */
    const ta__fused_kernels *kernels;
    bool valid;                      /* the next update may run it */
    bool holds;                      /* it holds the last written values (and, parked, the originals) */
    bool parked;                     /* the general path's piles are freed */
    bool gave_back;                  /* piles freed once and made again: they stay */
    uint32_t pair_runs;              /* of runs, those that mixed two actions in one pass (for tests) */
    uint64_t runs;                   /* updates it committed (for tests and reports) */
    uint32_t action_count;           /* the playing actions it was made for, in index order */
    uint32_t action_capacity;
    struct ta_action **actions;
    const struct ta__clip_fused **layouts;
    const struct ta__clip_fused *shape;  /* the lanes' time groups: the first action's clip's (all alike) */
    uint32_t vec_lanes, rot_lanes;       /* padding included */
    uint32_t group_count;
    bool additive;                       /* made with room for additive piles */
    ta__lane_group *groups;
    const uint32_t *vec_node, *rot_node; /* per lane: where its numbers go (the shape's maps, clip_fused.h) */
    /* What lasts from one update to the next: the values last written and
     * the originals, per time group g 3 (vectors) or 4 (rotations) planes of
     * its lanes from 3 vec_first or 4 rot_first. The piles an update mixes
     * into are scratch: on the stack (in L1) when they fit, else `work`. */
    float *vlast, *vorig;
    float *rlast, *rorig;
    float *work;                         /* NULL when the stack holds the scratch */
    unsigned char *block;
    size_t block_bytes;
    /* Morph influences (clip_fused.h's numbers): NULL until a rig with some
     * is fused, so that a rig without costs one pointer a character. */
    struct ta__fused_numbers *num;
} ta__mixer_fused;

/* The path TA_SIMD names (read when a mixer is made), or the best this CPU
 * runs when it is unset or empty. */
int ta__fused_choose(const char *env, ta__simd *out, struct ta_error *err);
/* Whether this update can take the fused path. */
bool ta__fused_usable(const struct ta_mixer *m);
/* Mixes, checks and writes; false (nothing written) when a value is not
 * finite: the general path then finds it and refuses the update. */
bool ta__fused_run(struct ta_mixer *m, const struct ta_mixer_targets *t);
/* After a general update's commit: make the state for the next ones, when they qualify. */
void ta__fused_refresh(struct ta_mixer *m);
/* Makes room for the fused state of the actions playing now, before a general
 * update changes anything (TA_ERROR_OUT_OF_MEMORY, nothing changed, when it
 * cannot): ta__fused_refresh, at the update's end, then allocates nothing. */
ta_result ta__fused_prepare(struct ta_mixer *m, struct ta_error *err);
/* No more runs; the values it holds stay until they are given back. */
void ta__fused_stop(struct ta_mixer *m);
/* Gives back the values it holds (making the general path's piles again
 * when they were freed) and stops it. Out of memory: refused, nothing changed. */
int ta__fused_release(struct ta_mixer *m, struct ta_error *err);
/* The values it holds as last written are unknown (updates wrote every lane
 * and kept none, ta_mixer_set_write_always): made NaN, which no value equals,
 * so that the next commit, on either path, writes every lane. */
void ta__fused_forget_written(struct ta_mixer *m);
void ta__fused_free(struct ta_mixer *m);
/* Bytes the state holds (for memory reports). */
size_t ta__fused_bytes(const struct ta_mixer *m);

#endif
