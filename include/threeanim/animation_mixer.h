/*
 * threeanim/animation_mixer.h -- the mixer: plays actions and writes the
 * blended result into a scene, its assets and its cameras
 * (three.js AnimationMixer, PropertyBinding, PropertyMixer).
 *
 *     ta_mixer *mixer;
 *     ta_mixer_create(ta_no_parent(), NULL, &mixer, &err);   // for the whole scene
 *     uint32_t walk;
 *     ta_mixer_add(mixer, walk_action, ta_no_parent(), &walk, &err);
 *     ta_action *a;
 *     ta_mixer_action(mixer, walk, &a, &err);
 *     ta_action_play(a, &err);
 *     for (;;) {
 *         if (ta_mixer_update(mixer, scene, ta_clock_delta(&clock), &err) != TA_OK) ...
 *         ta_animation_event ev;
 *         while (ta_mixer_drain_events(mixer, &ev, 1) == 1) ...
 *     }
 *
 * Every action's value goes into a pile per target property; when all actions
 * have had their say the piles are written, once. A pile is a weighted running
 * mean (slerp for rotations; the flag and string rule of three.js's _select);
 * when the total weight is below one the result is moved back toward the
 * value the property held before anything drove it, by the missing weight;
 * additive actions add on top. Colors are decoded from sRGB bytes when bound
 * and encoded when written.
 *
 * update refuses, before it changes anything (no action clock, no event, no
 * property): a track whose target is not there, a material track without the
 * assets, a camera track without the cameras, a map kind on a material with
 * no map, a group member not in the scene, a value its property cannot hold,
 * a time advance an action clock cannot represent. Once every binding exists,
 * update allocates nothing.
 *
 * Threads: a mixer is not shared between threads, but separate mixers (over
 * separate scenes) may update at once on separate threads, sharing clips.
 *
 * Ownership: the mixer owns the actions added to it and frees them in
 * ta_mixer_destroy. It keeps no pointer to the scene, assets or cameras
 * between calls.
 */
#ifndef THREEANIM_ANIMATION_MIXER_H
#define THREEANIM_ANIMATION_MIXER_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_action.h"
#include "threeanim/camera.h"
#include "threeanim/ids.h"
#include "threeanim/material.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ta_mixer ta_mixer;

typedef struct ta_mixer_options {
    const ta_allocator *allocator; /* NULL: the C library's */
} ta_mixer_options;

typedef enum ta_event_kind {
    TA_LOOPED = 1, /* a REPEAT or PING_PONG action ran past an end of its clip */
    TA_FINISHED    /* a ONCE action reached an end, or a finite repetition count ran out */
} ta_event_kind;

typedef struct ta_animation_event {
    ta_event_kind kind;
    uint32_t action;    /* the index ta_mixer_add returned */
    int64_t loop_delta; /* LOOPED: ends passed, signed; FINISHED: 0 */
    int32_t direction;  /* 1 or -1 */
} ta_animation_event;

/* What an update writes into. scene is required; assets and cameras may be
 * NULL, and a track that needs them is then refused. */
typedef struct ta_mixer_targets {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
} ta_mixer_targets;

/* root: a node, or ta_no_parent() for the whole scene (three.js's root). The
 * root does not change what a track drives (tracks name their targets); it is
 * the key of get_root, existing_action and uncache_root. */
TA_API ta_result ta_mixer_create(ta_node_id root, const ta_mixer_options *options, ta_mixer **out_mixer,
                                 ta_error *err);
TA_API void ta_mixer_destroy(ta_mixer *mixer);

/* Files action under root (ta_no_parent(): the mixer's root) and returns its
 * index. The mixer takes the action. Refuses an action already in a mixer. */
TA_API ta_result ta_mixer_add(ta_mixer *mixer, ta_action *action, ta_node_id root, uint32_t *out_index,
                              ta_error *err);
/* The action at index; refused for an index the mixer does not have and for an
 * uncached action (TA_ERROR_NO_SUCH_ACTION). */
TA_API ta_result ta_mixer_action(ta_mixer *mixer, uint32_t index, ta_action **out_action, ta_error *err);
TA_API uint32_t ta_mixer_action_count(const ta_mixer *mixer);
/* The time given to the mixer so far, times its time scale. */
TA_API ta_duration ta_mixer_time(const ta_mixer *mixer);
TA_API ta_result ta_mixer_set_time_scale(ta_mixer *mixer, double time_scale, ta_error *err);
TA_API double ta_mixer_time_scale(const ta_mixer *mixer);
TA_API ta_node_id ta_mixer_get_root(const ta_mixer *mixer);
/* The first action (not uncached) on a clip of that name filed under root
 * (ta_no_parent(): the mixer's root). TA_ERROR_NOT_FOUND if none. */
TA_API ta_result ta_mixer_existing_action(const ta_mixer *mixer, const char *clip_name, ta_node_id root,
                                          uint32_t *out_index, ta_error *err);
/* Stops every active action. */
TA_API void ta_mixer_stop_all_action(ta_mixer *mixer);
/* ta_action_sync_with on two indices. */
TA_API ta_result ta_mixer_sync_with(ta_mixer *mixer, uint32_t index, uint32_t with_index, ta_error *err);

/* Forget actions: they stop, release their tracks and keep their indices; the
 * mixer then drops every binding that nothing drove in the last update. */
TA_API ta_result ta_mixer_uncache_action(ta_mixer *mixer, uint32_t index, ta_error *err);
TA_API void ta_mixer_uncache_clip(ta_mixer *mixer, const char *clip_name);
TA_API void ta_mixer_uncache_root(ta_mixer *mixer, ta_node_id root);

/* Fades index in and from_index out over duration (>= 0); with warp, each
 * also ramps its pace toward the other clip's (the ratio of clip lengths).
 * An action cross-faded with itself is refused and nothing changes. */
TA_API ta_result ta_mixer_cross_fade_from(ta_mixer *mixer, uint32_t index, uint32_t from_index,
                                          ta_duration duration, bool warp, ta_error *err);
TA_API ta_result ta_mixer_cross_fade_to(ta_mixer *mixer, uint32_t index, uint32_t to_index, ta_duration duration,
                                        bool warp, ta_error *err);

/* Moves every playing action on by delta times the mixer's time scale, and
 * writes the result. The three forms of the spec: */
TA_API ta_result ta_mixer_update(ta_mixer *mixer, ta_scene *scene, ta_duration delta, ta_error *err);
TA_API ta_result ta_mixer_update_with_assets(ta_mixer *mixer, ta_scene *scene, ta_assets *assets,
                                             ta_duration delta, ta_error *err);
TA_API ta_result ta_mixer_update_with_cameras(ta_mixer *mixer, ta_scene *scene, ta_assets *assets,
                                              ta_camera_list *cameras, ta_duration delta, ta_error *err);
TA_API ta_result ta_mixer_update_targets(ta_mixer *mixer, const ta_mixer_targets *targets, ta_duration delta,
                                         ta_error *err);
/* three.js setTime: the mixer's clock and every action's phase go to zero, and
 * one update then moves them on by time (scaled by the mixer's time scale).
 * Loop counts and fades are kept. Checked before any phase is cleared. */
TA_API ta_result ta_mixer_set_time(ta_mixer *mixer, const ta_mixer_targets *targets, ta_duration time,
                                   ta_error *err);

/* The events of the last update, oldest first; gone after the next update. */
TA_API uint32_t ta_mixer_event_count(const ta_mixer *mixer);
/* Copies up to capacity events not yet drained into out, and returns how many. */
TA_API uint32_t ta_mixer_drain_events(ta_mixer *mixer, ta_animation_event *out, uint32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
