/*
 * src/animation/mixer_fused.h -- the mixer's fused path. Not public.
 *
 * When every playing action (normal or additive) has no group, mask or root
 * motion, on a clip with the layout of clip_fused.h, and all of them drive
 * the same bindings lane for lane (the same rig), an update need not go
 * binding by binding: the bindings become lanes of plane-by-key piles, one
 * cumulative weight serves them all (one division per action, not per
 * binding), and the mixing, the rest toward the originals, the finite check
 * and the write each run as one loop over the lanes.
 *
 * The state is made at the end of an update that took the general path (so
 * the update itself allocates nothing), for the actions playing then; it
 * holds while the same actions play, the bindings stay as checked and the
 * targets are the same. While it holds it owns the binding's last written
 * values (the general path's `last`); anything that reads or moves those
 * calls ta__fused_release first, which gives them back.
 */
#ifndef THREEANIM_SRC_ANIMATION_MIXER_FUSED_H
#define THREEANIM_SRC_ANIMATION_MIXER_FUSED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "animation/fused_kernels.h"

struct ta_mixer;
struct ta_action;
struct ta_mixer_targets;
struct ta_error;

typedef struct ta__mixer_fused {
    ta__simd simd;                   /* chosen when the mixer was made */
    const ta__fused_kernels *kernels;
    bool valid;
    uint64_t runs;                   /* updates it committed (for tests and reports) */
    uint32_t action_count;           /* the playing actions it was made for, in index order */
    uint32_t action_capacity;
    struct ta_action **actions;
    const struct ta__clip_fused **layouts;
    const struct ta__clip_fused *shape;  /* the lanes' time groups: the first action's clip's (all alike) */
    uint32_t vec_lanes, rot_lanes;       /* padding included */
    uint32_t *vec_binding, *rot_binding; /* per lane: the binding (TA_NONE: padding) */
    uint32_t *vec_node, *rot_node;       /* per lane: where its numbers go, in floats from the first node */
    /* What lasts from one update to the next: the values last written and
     * the originals, per time group g 3 (vectors) or 4 (rotations) planes of
     * its lanes from 3 vec_first or 4 rot_first. The piles an update mixes
     * into are scratch: on the stack (in L1) when they fit, else `work`. */
    float *vlast, *vorig;
    float *rlast, *rorig;
    float *work;                         /* NULL when the stack holds the scratch */
    bool additive;                       /* made with room for additive piles */
    unsigned char *block;
    size_t block_bytes;
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
/* Gives back the last written values and drops the state. */
void ta__fused_release(struct ta_mixer *m);
void ta__fused_free(struct ta_mixer *m);
/* Bytes the state holds (for memory reports). */
size_t ta__fused_bytes(const struct ta_mixer *m);

#endif
