/*
 * src/animation/action_internal.h -- the layout of an action, shared by the
 * action's calls and the mixer. Not public.
 *
 * An action owns only its clock state, its ramps, its own copy of a group and,
 * per track, the binding it writes to and its sampler's cursor. The clip is
 * shared (one reference held).
 */
#ifndef THREEANIM_SRC_ANIMATION_ACTION_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_ACTION_INTERNAL_H

#include "animation/action_clock.h"
#include "animation/clip_internal.h"
#include "animation/clip_plan.h"
#include "threeanim/animation_action.h"
#include "threeanim/animation_mixer.h"

/* A straight ramp over the mixer's clock. The values are float32, as in
 * three.js's control interpolants; the times are doubles on the mixer's clock
 * (three.js rounds them to float32, so a fade's end drifts from where it was
 * asked for by up to half a float32 step, which grows with the clock). */
typedef struct ta__ramp {
    bool on;
    double t0, t1;
    float v0, v1;
} ta__ramp;

/* The parts of an action that an update changes, so that an update can work
 * on a copy and commit it only when nothing was refused. */
typedef struct ta__action_run {
    ta__clock_state clock;
    double time_scale;           /* three.js .timeScale */
    double effective_time_scale;
    double effective_weight;
    double start_time;           /* mixer time, when has_start_time */
    double restore_time_scale;   /* when has_restore_time_scale */
    int64_t period;              /* the repetition on the action's line (action_span.h), for markers */
    ta__ramp fade;               /* the weight ramp */
    ta__ramp warp;               /* the time scale ramp */
    bool has_start_time;
    bool has_restore_time_scale; /* a warped cross-fade's time scale to come back to */
} ta__action_run;

/* An action's group (three.js AnimationObjectGroup, the action's own copy)
 * and what its pairs were last resolved for; held apart, as most actions
 * play on one rig and have none. */
typedef struct ta__action_group {
    ta_object_group group;
    uint64_t seen_version; /* the group version its pairs were made for */
    uint64_t inputs_hash;  /* of what they were made from (mixer_bindings.c, group_inputs_hash) */
} ta__action_group;

/* Fields by size, largest first: a mixer holds one action per clip per
 * character, by the thousand. */
struct ta_action {
    ta__mem mem;
    /* NULL once uncached and given back (ta__action_give_back): the mixer keeps
     * the action, not its clip. */
    const ta_clip *clip;
    ta_mixer *mixer;            /* NULL until added */
    /* The scene whose node names the clip's were last checked against
     * (clip_rig.c, with its node count and made_hash, scene_internal.h); NULL
     * before the first update. */
    const void *rig_scene;
    int64_t repetitions;        /* TA_ACTION_ENDLESS for none */
    double weight;              /* three.js .weight */
    union {
        struct {
            uint32_t rig_nodes;
            uint32_t rig_made;  /* the low half of that scene's made_hash then */
        };
        /* once the clip is given back (the rig is checked for a clip only): its duration */
        double given_back_duration;
    };
    ta__action_run run;

    struct ta_mask *mask;        /* the action's copy (animation_mask.h); NULL: none */
    ta__action_group *group;     /* NULL: none (has_group) */

    /* The clip's plan; per time group the sampler's cursor (the interval of
     * the last sample) and the place in it; per track the binding (TA_NONE
     * until bound). */
    const ta__clip_plan *plan;
    uint32_t *cursors;
    double *alphas;
    uint32_t *bindings;

    /* Group actions: the (track, binding) pairs, resolved at update. */
    uint32_t *group_tracks;
    uint32_t *group_bindings;

    /* The update under way (NULL between updates): where it moves the clock
     * to and how, on a copy committed only when nothing was refused. It is
     * the updater's (ta__action_step), not the action's, so that an action
     * between updates holds its committed state alone. */
    struct ta__action_step *step;

    ta_blend_mode blend_mode;
    uint32_t index;             /* in the mixer */
    ta_node_id root;            /* the key of existing_action and uncache_root */
    ta_loop_mode loop;
    uint32_t root_track;         /* the track on the root motion's node position, or TA_NONE */
    uint32_t root_rot_track;     /* its quaternion track when yaw is extracted, or TA_NONE */
    uint32_t root_version;       /* the mixer's root_motion.version root_track was found for */
    uint32_t group_pair_count;
    uint32_t group_pair_capacity;

    bool scheduled;             /* played and not stopped: three.js's "active" list */
    bool uncached;
    bool clamp_when_finished;
    bool zero_slope_at_start;
    bool zero_slope_at_end;
    bool has_group;
    bool group_resolved;
    bool bound;                 /* bindings[] are valid for the mixer's table */
    bool parked_map;            /* bindings[] is being made again (unpark_bindings in mixer_fused.c) */
};

/* An update's work on one action: the clock state it moves to, and the move. */
typedef struct ta__action_step {
    ta__action_run next;
    ta__clock_move move;
} ta__action_step;

/* An update keeps the steps of up to this many actions on its stack (about
 * 3 KiB); a mixer with more keeps room for them (ta_mixer's steps). */
#define TA__STEPS_ON_STACK 16u

/* The update's clock stage (action_clock.c). */
/* A run at rest, as ta_action_reset leaves it: phase 0, no loop, no ramps. */
void ta__action_run_reset(ta__action_run *run);
ta__clock_params ta__action_clock_params(const ta_action *action);
/* The effective weight three.js's _updateWeight gives at mixer time `time`,
 * applied to run (the fade may end, and disable the action). */
double ta__action_weight_at(const ta_action *action, ta__action_run *run, double time);
/* _updateTimeScale at `time`, applied to run (the warp may end). */
double ta__action_time_scale_at(const ta_action *action, ta__action_run *run, double time);
/* A ramp's value at time (float32, as three.js's result buffer). */
float ta__ramp_value(const ta__ramp *ramp, double time);

/* Mixer hooks: playing and stopping (mixer_bindings.c). */
ta_result ta__mixer_activate(ta_mixer *mixer, ta_action *action, ta_error *err);
void ta__mixer_deactivate(ta_mixer *mixer, ta_action *action);
void ta__action_free(ta_action *action);
/* The clip's duration, which the action keeps when it gives its clip back. */
static inline double ta__action_duration(const ta_action *a)
{
    return a->clip != NULL ? a->clip->duration : a->given_back_duration;
}

#endif
