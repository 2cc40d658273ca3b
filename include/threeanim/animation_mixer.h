/**
 * @file
 * threeanim/animation_mixer.h -- the mixer: plays actions and writes the
 * blended result into a scene, its assets and its cameras
 * (three.js AnimationMixer, PropertyBinding, PropertyMixer).
 *
 *     ta_mixer *mixer;
 *     ta_mixer_create(ta_node_none(), NULL, &mixer, &err);   // for the whole scene
 *     uint32_t walk;
 *     ta_mixer_add(mixer, walk_action, ta_node_none(), &walk, &err);
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
 * and encoded when written. As three.js's PropertyMixer, an update writes a
 * number property only when its value differs from the one it wrote there
 * last, so a value the caller sets between two updates that mix the same
 * value stays (an update given other targets than the last writes them all).
 *
 * update refuses, before it changes anything (no action clock, no event, no
 * property): a track whose target is not there, a material track without the
 * assets, a camera track without the cameras, a map kind on a material with
 * no map, a group member not in the scene, a value its property cannot hold,
 * a time advance an action clock cannot represent, a delta that would take
 * the mixer's clock to TA_MIXER_CLOCK_LIMIT or past it. Once every binding
 * exists, update allocates nothing, but once more: a mixer whose updates all
 * mix one rig's plain node clips holds its state in one copy, and the first
 * update that mixes anything else (or a play that binds a new action) makes
 * the general piles and the binding records again (they then stay).
 *
 * The mixer's clock is a double, and the ends of fades and warps and the start
 * times of actions are kept in double on it, so they stay exact to the
 * clock's own precision at any time it can reach.
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
#include "threeanim/worker_pool.h"
#include "threeanim/scene.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A mixer (opaque): plays actions and writes the blended result. */
typedef struct ta_mixer ta_mixer;

/**
 * The mixer's clock stays below this many seconds in magnitude (2^32 s, about 136 years): an update
 * or set_time that would take it there or past it is refused with TA_ERROR_CLOCK_RANGE and changes
 * nothing. Below it a double holds the clock to 2^-20 s (under a microsecond), so every frame step
 * moves the clock by what it says to within 2^-21 s, and fades, warps and start times keep their
 * timing, even decades into a run at 60 frames a second.
 */
#define TA_MIXER_CLOCK_LIMIT 4294967296.0

/** How to make a mixer; zeroed (or NULL) means the defaults. */
typedef struct ta_mixer_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
} ta_mixer_options;

/** What happened to an action during an update. */
typedef enum ta_event_kind {
    TA_EVENT_KIND_LOOPED = 1, /**< a REPEAT or PING_PONG action ran past an end of its clip */
    TA_EVENT_KIND_FINISHED,   /**< a ONCE action reached an end, or a finite repetition count ran out */
    TA_EVENT_KIND_MARKER      /**< the action passed a marker of its clip (animation_markers.h) */
} ta_event_kind;

/** One event of an update: three.js's "loop" and "finished" events, and the markers passed. */
typedef struct ta_animation_event {
    ta_event_kind kind; /**< LOOPED, FINISHED or MARKER */
    uint32_t action;    /**< the index ta_mixer_add returned */
    int64_t loop_delta; /**< LOOPED: ends passed, signed; FINISHED and MARKER: 0 */
    int32_t direction;  /**< 1 or -1; MARKER: the direction the clip was read in */
    uint32_t marker;    /**< MARKER: its index in the clip (ta_clip_marker_at); else 0 */
    int64_t loop;       /**< MARKER: the repetition it was (first) passed in; else 0 */
    int64_t count;      /**< MARKER: how many times it was passed (whole repetitions in one); else 0 */
} ta_animation_event;

/** What an update writes into. scene is required; assets and cameras may be
 * NULL, and a track that needs them is then refused. */
typedef struct ta_mixer_targets {
    ta_scene *scene;         /**< required */
    ta_assets *assets;       /**< NULL: a material track is refused */
    ta_camera_list *cameras; /**< NULL: a camera track is refused */
} ta_mixer_targets;

/**
 * A mixer for root: a node, or ta_node_none() for the whole scene (three.js's root). The root does
 * not change what a track drives (tracks name their targets); it is the key of get_root,
 * existing_action and uncache_root. options may be NULL.
 *
 * @ownership The caller owns the mixer (ta_mixer_destroy); it keeps a copy of options->allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_mixer NULL, a bad allocator), TA_ERROR_OUT_OF_MEMORY.
 * @threejs new AnimationMixer(root).
 */
TA_API ta_result ta_mixer_create(ta_node_id root, const ta_mixer_options *options, ta_mixer **out_mixer,
                                 ta_error *err);

/**
 * Frees the mixer, every action added to it and its bindings. NULL does nothing. The scene keeps
 * whatever the last update wrote.
 *
 * @ownership Frees the mixer and its actions (releasing their clips).
 * @errors None.
 * @threejs None: garbage collected (uncacheRoot and friends release what the mixer holds).
 */
TA_API void ta_mixer_destroy(ta_mixer *mixer);

/**
 * Files action under root (ta_node_none(): the mixer's root) and returns its index in *out_index
 * (may be NULL). The index never changes, even after an uncache. The action is not playing yet:
 * call ta_action_play.
 *
 * @ownership On success the mixer takes the action (freed by ta_mixer_destroy); a refused add
 * leaves it with the caller.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer or action NULL), TA_ERROR_BAD_STATE (the action is
 * already in a mixer), TA_ERROR_UNSUPPORTED (root motion is on and the action plays a compressed
 * clip's window with a track on the root: root_motion.h), TA_ERROR_LIMIT_EXCEEDED,
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs The filing half of mixer.clipAction(clip, root).
 */
TA_API ta_result ta_mixer_add(ta_mixer *mixer, ta_action *action, ta_node_id root, uint32_t *out_index,
                              ta_error *err);

/**
 * The action at index, to play, weight or fade it.
 *
 * @ownership *out_action is owned by the mixer: valid while the mixer lives.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NO_SUCH_ACTION (an index the mixer does
 * not have, or an uncached action).
 * @threejs The AnimationAction that clipAction returned.
 */
TA_API ta_result ta_mixer_action(ta_mixer *mixer, uint32_t index, ta_action **out_action, ta_error *err);

/**
 * How many actions the mixer holds, uncached ones included (indices run from 0 below it).
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs mixer.stats.actions.total, roughly.
 */
TA_API uint32_t ta_mixer_action_count(const ta_mixer *mixer);

/**
 * The time given to the mixer so far, each delta times the mixer's time scale.
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationMixer.time.
 */
TA_API ta_duration ta_mixer_time(const ta_mixer *mixer);

/**
 * Multiplies every later delta before any action sees it (finite; negative runs everything
 * backward): a mixer at 0.5 plays every action, fade and warp at half speed.
 *
 * @ownership Changes mixer only.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NOT_A_NUMBER.
 * @threejs mixer.timeScale = time_scale.
 */
TA_API ta_result ta_mixer_set_time_scale(ta_mixer *mixer, double time_scale, ta_error *err);

/**
 * The mixer's time scale.
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationMixer.timeScale.
 */
TA_API double ta_mixer_time_scale(const ta_mixer *mixer);

/**
 * Whether each update writes every property it drives (true), or only those whose mixed value
 * differs from the one it wrote there last (false, the default, as three.js's PropertyMixer.apply).
 * Writing them all skips the comparison with the values last written and the copy of them, which
 * with many characters is a good part of an update's memory traffic; the nodes end the same, but a
 * value the caller sets between two updates that mix the same value is overwritten. For a caller
 * that does not set the properties the mixer drives, or wants the mixer's values back each update.
 * Set back to false, the next update writes every property once, then compares again.
 *
 * @ownership Changes mixer only.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL).
 * @threejs None: PropertyMixer.apply always compares (a listed difference when true).
 */
TA_API ta_result ta_mixer_set_write_always(ta_mixer *mixer, bool write_always, ta_error *err);

/**
 * Whether each update writes every property it drives (ta_mixer_set_write_always).
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs None.
 */
TA_API bool ta_mixer_write_always(const ta_mixer *mixer);

/**
 * The instruction set of the mixer's fast path, chosen when it was made: "avx512", "avx2", "sse2"
 * or "scalar" (the best this CPU runs), or what the environment variable TA_SIMD named then
 * ("general" turns the fast path off). Every path gives the same numbers; only the speed differs.
 * The fast path serves updates whose playing actions are all normal or additive, with no group,
 * on clips whose tracks are node positions, rotations and scales (positions and scales of one
 * interpolation, rotations of one: any of LINEAR, STEP, SMOOTH, CUBIC_SPLINE and BEZIER) and
 * morph influences driving the same nodes, in time groups of the same shape; root motion too,
 * while no additive action with a weight drives the root, and masks, when the actions with a
 * weight are normal and LINEAR, without morph influences or root motion. Other updates take the
 * general path.
 *
 * @ownership Reads mixer, which must not be NULL (not checked); the string is static.
 * @errors None.
 * @threejs None: three.js has one path.
 */
TA_API const char *ta_mixer_simd(const ta_mixer *mixer);

/**
 * The root the mixer was made for (ta_node_none(): the whole scene).
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs AnimationMixer.getRoot.
 */
TA_API ta_node_id ta_mixer_root(const ta_mixer *mixer);

/**
 * The first action (not uncached) on a clip of that name filed under root (ta_node_none(): the
 * mixer's root). out_index may be NULL.
 *
 * @ownership None.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer or clip_name NULL), TA_ERROR_NOT_FOUND.
 * @threejs AnimationMixer.existingAction(clip, root).
 */
TA_API ta_result ta_mixer_find_action(const ta_mixer *mixer, const char *clip_name, ta_node_id root,
                                          uint32_t *out_index, ta_error *err);

/**
 * Stops every active action (ta_action_stop). NULL does nothing. The properties they drove go back
 * to their originals at the next update (the mixer keeps no scene between calls); to have them back
 * now, as three.js does, call ta_mixer_restore_stopped right after.
 *
 * @ownership Changes the actions.
 * @errors None.
 * @threejs AnimationMixer.stopAllAction, which writes the originals in the call (a listed
 * difference).
 */
TA_API void ta_mixer_stop_all_action(ta_mixer *mixer);

/**
 * ta_action_sync_with on two indices: index takes with_index's phase and time scale.
 *
 * @ownership Changes the action at index.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NO_SUCH_ACTION (either index).
 * @threejs action.syncWith(otherAction).
 */
TA_API ta_result ta_mixer_sync_with(ta_mixer *mixer, uint32_t index, uint32_t with_index, ta_error *err);

/**
 * Forgets the action at index: it stops, releases its bindings and keeps its index (ta_mixer_action
 * then refuses it). The mixer then drops every binding that nothing drove in the last update (the
 * action's own, once an update has written their originals back). It allocates nothing.
 *
 * @ownership The mixer keeps the action itself (its clock and fields, a few hundred bytes) until
 * ta_mixer_destroy, so pointers to it stay valid and only calls through the mixer refuse it; the
 * action's reference to its clip and its track maps are given back, at once or, when the mixer's
 * last update played the action on its fast path, at the next update or restore (ta_action_clip
 * answers NULL from the uncache on). A clip uncached from every mixer that played it is freed
 * with its last reference: a program that streams clips through one mixer keeps a few hundred
 * bytes per action, not the clips, and its updates walk only the actions not uncached.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NO_SUCH_ACTION.
 * @threejs AnimationMixer.uncacheAction(clip, root) (three.js drops the bindings of the actions it
 * forgets; a listed difference).
 */
TA_API ta_result ta_mixer_uncache_action(ta_mixer *mixer, uint32_t index, ta_error *err);

/**
 * Forgets every action on a clip of that name, as ta_mixer_uncache_action does. NULL arguments do
 * nothing.
 *
 * @ownership As ta_mixer_uncache_action.
 * @errors None.
 * @threejs AnimationMixer.uncacheClip(clip).
 */
TA_API void ta_mixer_uncache_clip(ta_mixer *mixer, const char *clip_name);

/**
 * Forgets every action filed under root (ta_node_none(): the mixer's root). NULL does nothing.
 *
 * @ownership As ta_mixer_uncache_action.
 * @errors None.
 * @threejs AnimationMixer.uncacheRoot(root).
 */
TA_API void ta_mixer_uncache_root(ta_mixer *mixer, ta_node_id root);

/**
 * Fades index in and from_index out over duration (>= 0) of the mixer's clock, from now; with warp,
 * each also ramps its pace toward the other clip's (the ratio of the two clip lengths), and gets
 * its own time scale back at the end. index should be playing (ta_action_play): a fade does not
 * start an action.
 *
 * @ownership Changes the two actions.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL), TA_ERROR_NO_SUCH_ACTION (either index),
 * TA_ERROR_BAD_STATE (an action cross-faded with itself, or a warp on an action whose time scale is
 * 0), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE (a duration below zero). A refused call changes
 * neither action.
 * @threejs actionIn.crossFadeFrom(actionOut, duration, warp): a mixer call here, since it changes
 * two actions.
 */
TA_API ta_result ta_mixer_cross_fade_from(ta_mixer *mixer, uint32_t index, uint32_t from_index,
                                          ta_duration duration, bool warp, ta_error *err);

/**
 * Fades index out and to_index in over duration: ta_mixer_cross_fade_from(to_index, index).
 *
 * @ownership Changes the two actions.
 * @errors As ta_mixer_cross_fade_from.
 * @threejs actionOut.crossFadeTo(actionIn, duration, warp).
 */
TA_API ta_result ta_mixer_cross_fade_to(ta_mixer *mixer, uint32_t index, uint32_t to_index, ta_duration duration,
                                        bool warp, ta_error *err);

/**
 * Moves every playing action on by delta times the mixer's time scale, and writes the blended
 * result into the scene's nodes, meshes and lights. A clip that drives a material needs
 * ta_mixer_update_with_assets; one that drives a camera, ta_mixer_update_with_cameras. Once every
 * binding exists, an update allocates nothing but once: the first update that leaves one rig's
 * plain node clips, after updates that mixed only those, makes the mixer's general piles and
 * binding records again.
 *
 * @ownership Writes into scene (the properties the actions drive); keeps no pointer to it after the
 * call. Starts a new list of events.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer or scene NULL), TA_ERROR_NOT_A_NUMBER (delta, or delta
 * times the mixer's time scale, not finite), TA_ERROR_CLOCK_RANGE (the mixer's clock would reach
 * TA_MIXER_CLOCK_LIMIT, or an action's clock cannot take the step), TA_ERROR_MISSING_TARGET (a track or
 * group member naming a node, mesh, material, map, light or camera that is not there),
 * TA_ERROR_MISSING_CONTEXT (a material track without the assets, a camera track without the
 * cameras), TA_ERROR_VALUE_NOT_HELD (a value its property cannot hold, such as an opacity above 1
 * from an additive action), TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY (the first time a
 * binding is made, or the general piles and bindings are made again). Everything is checked before anything changes: a refused update moves no clock,
 * records no event and writes no property.
 * @threejs AnimationMixer.update(delta).
 */
TA_API ta_result ta_mixer_update(ta_mixer *mixer, ta_scene *scene, ta_duration delta, ta_error *err);

/**
 * ta_mixer_update that also writes the materials and textures of assets (which may be NULL: a
 * material track is then refused).
 *
 * @ownership Writes into scene and assets; keeps no pointer to them.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer or scene NULL), TA_ERROR_NOT_A_NUMBER (delta, or delta
 * times the mixer's time scale, not finite), TA_ERROR_CLOCK_RANGE (the mixer's clock would reach
 * TA_MIXER_CLOCK_LIMIT, or an action's clock cannot take the step), TA_ERROR_MISSING_TARGET (a track or
 * group member naming a node, mesh, material, map, light or camera that is not there),
 * TA_ERROR_MISSING_CONTEXT (a material track without the assets, a camera track without the
 * cameras), TA_ERROR_VALUE_NOT_HELD (a value its property cannot hold, such as an opacity above 1
 * from an additive action), TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY (the first time a
 * binding is made). Everything is checked before anything changes: a refused update moves no clock,
 * records no event and writes no property.
 * @threejs AnimationMixer.update(delta).
 */
TA_API ta_result ta_mixer_update_with_assets(ta_mixer *mixer, ta_scene *scene, ta_assets *assets,
                                             ta_duration delta, ta_error *err);

/**
 * ta_mixer_update that also writes the materials of assets and the cameras (either may be NULL).
 *
 * @ownership Writes into scene, assets and cameras; keeps no pointer to them.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer or scene NULL), TA_ERROR_NOT_A_NUMBER (delta, or delta
 * times the mixer's time scale, not finite), TA_ERROR_CLOCK_RANGE (the mixer's clock would reach
 * TA_MIXER_CLOCK_LIMIT, or an action's clock cannot take the step), TA_ERROR_MISSING_TARGET (a track or
 * group member naming a node, mesh, material, map, light or camera that is not there),
 * TA_ERROR_MISSING_CONTEXT (a material track without the assets, a camera track without the
 * cameras), TA_ERROR_VALUE_NOT_HELD (a value its property cannot hold, such as an opacity above 1
 * from an additive action), TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY (the first time a
 * binding is made). Everything is checked before anything changes: a refused update moves no clock,
 * records no event and writes no property.
 * @threejs AnimationMixer.update(delta); then a camera's projection follows its new numbers
 * (ta_perspective_camera_projection), with no updateProjectionMatrix to call.
 */
TA_API ta_result ta_mixer_update_with_cameras(ta_mixer *mixer, ta_scene *scene, ta_assets *assets,
                                              ta_camera_list *cameras, ta_duration delta, ta_error *err);

/**
 * The three forms of update in one: targets->scene is required, targets->assets and
 * targets->cameras may be NULL.
 *
 * @ownership Writes into what targets names; keeps no pointer to it.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer, targets or targets->scene NULL), TA_ERROR_NOT_A_NUMBER
 * (delta, or delta times the mixer's time scale, not finite), TA_ERROR_CLOCK_RANGE (the mixer's
 * clock would reach TA_MIXER_CLOCK_LIMIT, or an action's clock cannot take the step),
 * TA_ERROR_MISSING_TARGET (a track or group member naming a node, mesh, material, map, light or
 * camera that is not there), TA_ERROR_MISSING_CONTEXT (a material track without the assets, a
 * camera track without the cameras), TA_ERROR_VALUE_NOT_HELD (a value its property cannot hold,
 * such as an opacity above 1 from an additive action), TA_ERROR_LIMIT_EXCEEDED,
 * TA_ERROR_OUT_OF_MEMORY (the first time a binding is made). Everything is checked before anything
 * changes: a refused update moves no clock, records no event and writes no property.
 * @threejs AnimationMixer.update(delta).
 */
TA_API ta_result ta_mixer_update_targets(ta_mixer *mixer, const ta_mixer_targets *targets, ta_duration delta,
                                         ta_error *err);

/** One mixer of a batch update, with what its update returned. */
typedef struct ta_mixer_batch_item {
    ta_mixer *mixer;          /**< required; no two items share a mixer */
    ta_mixer_targets targets; /**< what it writes into; no two items share a scene, assets or camera list */
    ta_result result;         /**< set by the update: TA_OK, or why this mixer's update was refused */
    ta_error error;           /**< set by the update when result is not TA_OK */
} ta_mixer_batch_item;

/**
 * Updates items[begin .. end) by delta, one after the other, on the calling thread: the unit of work
 * to hand a job system. Each item's mixer updates as ta_mixer_update_targets does, and each item's
 * result and error say how it went; a refused item changes nothing of its own and stops no other.
 * Items in disjoint ranges may run on different threads at once (their mixers and targets are
 * disjoint; clips may be shared).
 *
 * @return TA_OK when every item in the range was, else the first refused item's result.
 * @ownership Writes each item's result and error, and what its targets name; keeps no pointer.
 * @errors TA_ERROR_INVALID_ARGUMENT (items NULL with a range that is not empty, or begin > end):
 * then no item is touched.
 * @threejs A loop of AnimationMixer.update(delta) over many mixers.
 */
TA_API ta_result ta_mixer_update_range(ta_mixer_batch_item *items, uint32_t begin, uint32_t end, ta_duration delta,
                                       ta_error *err);

/**
 * Updates all count items by delta on `threads` threads (the caller's and threads - 1 started for
 * the call and joined before it returns), each taking a contiguous share, as ta_mixer_update_range.
 * For a machine with many cores, or an engine with its own job system, call ta_mixer_update_range
 * from the jobs instead, with shares of some hundreds of mixers: a mixer's update takes
 * microseconds, and a share much smaller than that spends its time in the hand-over.
 *
 * @return TA_OK when every item was updated, else the first refused item's result (err names it).
 * @ownership Writes each item's result and error, and what its targets name; keeps no pointer. The
 * threads it starts are joined before it returns.
 * @errors TA_ERROR_INVALID_ARGUMENT (items NULL with count > 0, threads 0 or above 256): then no
 * item is touched. When a thread cannot be started, its share runs on the caller's thread.
 * @threejs A loop of AnimationMixer.update(delta) over many mixers.
 */
TA_API ta_result ta_mixer_update_batch(ta_mixer_batch_item *items, uint32_t count, ta_duration delta,
                                       uint32_t threads, ta_error *err);

/**
 * Updates all count items by delta as ta_mixer_update_batch does, on the workers of a pool made
 * once (worker_pool.h) instead of threads started for the call: for a frame loop, where starting
 * and joining threads each frame costs tens of microseconds. pool NULL: on the calling thread.
 * Each thread takes contiguous ranges as it comes free, each a quarter of its part of what is left
 * (at least 8 items), as ta_frame_update's pool does: a thread another process holds back leaves
 * its part to the others. Each item is updated once, by whichever thread takes it.
 *
 * @return TA_OK when every item was updated, else the first refused item's result (err names it).
 * @ownership As ta_mixer_update_batch; the pool is used and left as it was.
 * @errors TA_ERROR_INVALID_ARGUMENT (items NULL with count > 0): then no item is touched.
 * @threejs A loop of AnimationMixer.update(delta) over many mixers.
 */
TA_API ta_result ta_mixer_update_batch_pool(ta_mixer_batch_item *items, uint32_t count, ta_duration delta,
                                            ta_worker_pool *pool, ta_error *err);

/**
 * three.js setTime: the mixer's clock and every action's phase go to zero, and one update then
 * moves them on by time (scaled by the mixer's time scale). Loop counts and fades are kept. Checked
 * before any phase is cleared.
 *
 * @ownership Writes into what targets names, as an update.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer, targets or targets->scene NULL), TA_ERROR_NOT_A_NUMBER
 * (time, or time times the mixer's time scale, not finite), TA_ERROR_CLOCK_RANGE (the mixer's clock
 * would reach TA_MIXER_CLOCK_LIMIT, or an action's clock cannot take the step),
 * TA_ERROR_MISSING_TARGET (a track or group member naming a node, mesh, material, map, light or
 * camera that is not there), TA_ERROR_MISSING_CONTEXT (a material track without the assets, a
 * camera track without the cameras), TA_ERROR_VALUE_NOT_HELD (a value its property cannot hold,
 * such as an opacity above 1 from an additive action), TA_ERROR_LIMIT_EXCEEDED,
 * TA_ERROR_OUT_OF_MEMORY (the first time a binding is made). Everything is checked before anything
 * changes: a refused update moves no clock, records no event and writes no property.
 * @threejs AnimationMixer.setTime(time).
 */
TA_API ta_result ta_mixer_set_time(ta_mixer *mixer, const ta_mixer_targets *targets, ta_duration time,
                                   ta_error *err);

/**
 * Writes into targets now the originals that ta_action_stop, ta_mixer_stop_all_action and
 * ta_mixer_uncache_action leave for the next update (the properties that no playing action drives
 * any more), as three.js's stop writes them in the call; the next update then writes none of them,
 * so that a value set in between stays, as in three.js. Nothing else is written and no clock moves:
 * the properties that playing actions still drive keep what the last update wrote (an update by 0
 * would mix them again without the stopped actions). With nothing waiting it writes nothing.
 *
 * @ownership Writes into what targets names, as an update.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer, targets or targets->scene NULL), TA_ERROR_MISSING_TARGET
 * and TA_ERROR_MISSING_CONTEXT (a property to write back whose node, mesh, material, map, light or
 * camera is not in targets, as an update checks them), TA_ERROR_OUT_OF_MEMORY (a node name that
 * does not fit where the one it replaces is, or the mixer's bindings made again after the fused
 * path freed them). Everything is checked before anything is written: refused, it writes nothing
 * and what waits still waits for the next update.
 * @threejs What AnimationAction.stop, AnimationMixer.stopAllAction and uncacheAction write in the
 * call (PropertyMixer.restoreOriginalState).
 */
TA_API ta_result ta_mixer_restore_stopped(ta_mixer *mixer, const ta_mixer_targets *targets, ta_error *err);

/**
 * How many events the last update recorded (drained or not).
 *
 * @ownership Reads mixer, which must not be NULL (not checked).
 * @errors None.
 * @threejs None: three.js dispatches "loop" and "finished" to listeners as they happen.
 */
TA_API uint32_t ta_mixer_event_count(const ta_mixer *mixer);

/**
 * Copies up to capacity events of the last update not yet drained into out, oldest first, and
 * returns how many. Events not drained are gone after the next update.
 *
 * @ownership Writes out; the mixer must not be NULL (not checked).
 * @errors None.
 * @threejs mixer.addEventListener('loop' / 'finished', listener): a list to read in place of a
 * listener to call.
 */
TA_API uint32_t ta_mixer_drain_events(ta_mixer *mixer, ta_animation_event *out, uint32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
