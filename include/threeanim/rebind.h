/**
 * @file
 * threeanim/rebind.h -- clips that know the rig they were made for, and moving
 * a clip to another rig by node names.
 *
 * Tracks name nodes by index, so a clip played on a scene other than its own
 * would drive whatever node sits at each index. A clip can remember, per node
 * track, the name of the node it was made for (ta_clip_set_node_names; every
 * clip from ta_gltf_load_* remembers its nodes' names; clips read from three.js
 * JSON do not, since their own name tracks may rename the nodes they drive).
 * A mixer then refuses,
 * at the first update of an action on a scene (TA_ERROR_MISSING_TARGET), a
 * remembered name that is not the name of the node at that index, naming the
 * clip, the track and both names. Instances of a scene (instance.h) have the
 * same names at the same indices, so a model's clips play on them unchecked.
 *
 * To play a clip on another rig with the same node names, map it:
 *
 *     uint32_t missing[8], missing_count;
 *     ta_clip *walk_on_fox;
 *     ta_clip_rebind(walk, NULL, fox->scene, NULL, &walk_on_fox, missing, 8, &missing_count, &err);
 *     // missing[0 .. min(8, missing_count)) are the tracks whose node the fox does not have
 *
 * Ownership: the names are copied into the clip, which frees them.
 */
#ifndef THREEANIM_REBIND_H
#define THREEANIM_REBIND_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/export.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Makes the clip remember, for each node track i, the name names[i] of the node it was made for
 * (NULL: none, not checked). Entries for tracks of other families are ignored. names NULL forgets
 * them all.
 *
 * @ownership The clip copies the names. The clip must not be shared (one reference).
 * @errors TA_ERROR_INVALID_ARGUMENT (clip NULL, count not the clip's track count with names set),
 * TA_ERROR_BAD_STATE (a clip held by more than one reference), TA_ERROR_OUT_OF_MEMORY. A refused
 * call changes nothing.
 * @threejs None: three.js tracks name their nodes, and bind by name.
 */
TA_API ta_result ta_clip_set_node_names(ta_clip *clip, const char *const *names, uint32_t count, ta_error *err);

/**
 * The name of the node track `track` was made for, or NULL (none remembered, not a node track,
 * past the end, or clip NULL).
 *
 * @ownership Points into the clip: valid while the clip lives.
 * @errors None.
 * @threejs The node name of track.name (PropertyBinding.parseTrackName).
 */
TA_API const char *ta_clip_node_name(const ta_clip *clip, uint32_t track);

/**
 * A new clip playing clip's tracks on the scene `to`: each node track goes to the first node of
 * `to` (depth first, as ta_scene_find_by_name; then by uuid) named as its node: the name the clip
 * remembers, else the name of its node in `from`. Tracks of other families are kept as they are.
 * Node tracks that find no node are left out, and their indices in clip written to
 * out_missing[0 .. missing_capacity) (out_missing may be NULL with capacity 0); *out_missing_count
 * (may be NULL) receives how many there were. The new clip remembers the names it was mapped by,
 * and keeps clip's name, duration, blend mode, user data and markers. A clip with no tracks (the
 * glTF loader keeps one for an animation whose channels it all left out) maps to a clip with none,
 * and 0 missing. To refuse rather than drop tracks, use ta_clip_rebind_strict.
 *
 * @ownership clip, from and to are only read. The caller holds the new clip's one reference
 * (ta_clip_release).
 * @errors TA_ERROR_INVALID_ARGUMENT (clip, to or out_clip NULL; a node track with no name to go by:
 * the clip remembers none and from is NULL or lacks its node), TA_ERROR_EMPTY_CLIP (no track found
 * a node: the message names the first), TA_ERROR_OUT_OF_MEMORY, and ta_clip_create's refusals.
 * @threejs new AnimationMixer(otherRoot).clipAction(clip): tracks bound by node name, those that
 * find none bound to nothing (with a warning).
 */
TA_API ta_result ta_clip_rebind(const ta_clip *clip, const ta_scene *from, const ta_scene *to,
                                const ta_allocator *allocator, ta_clip **out_clip, uint32_t *out_missing,
                                uint32_t missing_capacity, uint32_t *out_missing_count, ta_error *err);

/**
 * ta_clip_rebind that drops nothing: when any node track of clip finds no node in `to`, it is
 * refused, and the message gives how many of the node tracks found none and the first four of
 * them by track index and node name ("to: 31 of the 66 node tracks of clip \"walk\" find no node:
 * track 3 \"hand_l\", ... and 27 more; ..."). Use it where a rig that shares only some bone names
 * (generic ones, "Hips", "Spine") must not pass for the clip's own.
 *
 * @ownership As ta_clip_rebind. A refused call makes and allocates nothing, and writes nothing to
 * *out_clip.
 * @errors As ta_clip_rebind, and TA_ERROR_MISSING_TARGET (a node track finds no node).
 * @threejs None: three.js binds what it finds and warns of the rest (ta_clip_rebind).
 */
TA_API ta_result ta_clip_rebind_strict(const ta_clip *clip, const ta_scene *from, const ta_scene *to,
                                       const ta_allocator *allocator, ta_clip **out_clip, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
