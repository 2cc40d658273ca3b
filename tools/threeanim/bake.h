/*
 * tools/threeanim/bake.h -- playing a clip (or a cross-fade of two) through the
 * mixer, frame by frame, for bake and preview.
 *
 * The run is what an application does: make a mixer over the whole scene, play
 * the clip, then update by 1/fps per frame (the first frame is an update of 0).
 * A cross-fade starts at the first frame whose time reaches `at`: the second
 * clip's action is reset and played and the first cross-fades to it over
 * `over` seconds (three.js: b.reset().play(); a.crossFadeTo(b, over, warp)).
 * After each update the visitor reads whatever it wants from the model.
 *
 * Ownership: bake_run uses the model it is given (it drives its scene, so the
 * caller loads a fresh model for each run) and keeps nothing.
 */
#ifndef THREEANIM_TOOLS_BAKE_H
#define THREEANIM_TOOLS_BAKE_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/threeanim.h"

typedef struct bake_plan {
    uint32_t clip;         /* model->animations index */
    bool fade;             /* cross-fade to fade_to */
    uint32_t fade_to;
    double fade_at;        /* seconds of the run */
    double fade_over;      /* seconds */
    bool warp;
    ta_loop_mode loop;     /* 0: ONCE, held at the end, for one clip; REPEAT for a cross-fade */
    double fps;            /* > 0 */
    double seconds;        /* 0: the clip's duration; with a fade, fade_at + fade_over + the second clip's */
    bool root_motion;      /* extract root's motion (root_motion.h: y kept in the pose, yaw extracted) */
    ta_node_id root;
    /* blend: fade_to plays beside clip from the start (fade is set too, for "a second clip"), their
     * weights from a 1D blend space (clip at 0, fade_to at 1) over a parameter from 0 at the first
     * frame to 1 at the last; sync keeps them in one phase (a sync group by normalised time). */
    bool blend, sync;
    /* After each update: two-bone IK on ik_chain (start, mid, end) and aim IK turning aim_node's +z,
     * both to ik_target (world space). */
    bool ik, aim;
    ta_node_id ik_chain[3], aim_node;
    ta_vec3 ik_target, ik_axis, ik_pole;
} bake_plan;

typedef struct bake_frame {
    uint32_t index;
    uint32_t count;        /* frames in the run */
    double time;           /* seconds since the start of the run */
    uint32_t action_count; /* 1, or 2 once a cross-fade has started */
    double action_time[2]; /* where each action reads its clip */
    float action_weight[2];
    ta_mixer *mixer;       /* the run's mixer, for its root motion and events (the visitor may drain them) */
} bake_frame;

/* Called after each frame's update; return false to stop (bake_run then
 * returns TA_OK with the frames so far). */
typedef bool (*bake_visit)(void *user, const ta_model *model, const bake_frame *frame);

/* The frames of a run: times 0, 1/fps, ... up to the first at or past its
 * length. Not clamped (a clip of 3e38 s at 30 fps gives BAKE_FRAMES_HUGE):
 * the caller checks it against its limit (bake_args_check_frames) before
 * running. */
#define BAKE_FRAMES_HUGE ((uint64_t)1 << 62)
uint64_t bake_frame_count(const ta_model *model, const bake_plan *plan);
double bake_seconds(const ta_model *model, const bake_plan *plan);

/* Runs the plan; its frame count must fit the caller's limit (at most
 * UINT32_MAX - 1: refused with TA_ERROR_LIMIT_EXCEEDED otherwise). */
ta_result bake_run(ta_model *model, const bake_plan *plan, bake_visit visit, void *user, ta_error *err);

/* The distinct targets of the clips of the plans, in track order. *out is
 * malloc'd. */
ta_result bake_targets(const ta_model *model, const bake_plan *plans, uint32_t plan_count, ta_track_target **out,
                       uint32_t *out_count, ta_error *err);

#endif
