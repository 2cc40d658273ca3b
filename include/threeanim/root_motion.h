/**
 * @file
 * threeanim/root_motion.h -- root motion: the mixer reports how far a root
 * node's animation moved it during each update, and keeps the root in place
 * in the pose, so the caller moves the character instead.
 *
 *     ta_root_motion_options rm = {0};
 *     rm.root = hips;
 *     rm.keep_vertical = true;                 // the hips' bob stays in the pose
 *     ta_mixer_set_root_motion(mixer, &rm, &err);
 *     for (;;) {
 *         ta_mixer_update(mixer, scene, dt, &err);
 *         ta_root_motion moved;
 *         ta_mixer_root_motion(mixer, &moved);
 *         character.x += moved.translation.x;  // in the root's parent's space
 *         ...
 *     }
 *
 * The rules. Let P(t) be an action's root position track read at clip time
 * t. An update that moves the action from read time a to read time b reports
 *   - ONCE and PING_PONG: P(b) - P(a) (a PING_PONG round trip comes back);
 *   - REPEAT: P(b) - P(a) + n (P(D) - P(0)), n the signed count of clip ends
 *     crossed (ends reached when a finite repetition count runs out included),
 *     so a loop adds the displacement of a whole run and never jumps back, and
 *     an advance of many loops adds them all at once, exactly.
 * Each action's share is weighted as its values are: with e the action's
 * effective weight and m its mask's weight on the root position (1 without
 * a mask), the normal actions give sum(e m delta) / max(1, sum(e m)) (a
 * cross-fade blends the two motions; a total below one moves less, as the
 * pose rests toward the original), and the additive actions add e m delta.
 * Both sums run over every normal action that holds a share of the pose:
 * one that stands (paused, finished with clamp_when_finished, or waiting for
 * its start_at time) adds its e m to the weight with a delta of 0, so that
 * the others move by their share of the pose, not by all of it.
 * Warps and negative time scales move the read times and so the motion. An
 * action that finishes without clamp_when_finished lets go of the pose in the
 * update that ends it (its weight is 0 there), and so gives no motion in it.
 *
 * The pose: on the extracted axes the root position an action mixes is P(0),
 * the clip's start, so the root stays in place (x and z; y too unless
 * keep_vertical). Actions that do not drive the root position, and actions
 * played on a group, give no motion.
 *
 * Yaw, when asked: a rotation q's turn about +y is its twist, the angle
 * 2 atan2(q.y, q.w). An action's yaw is Y(b) - Y(a) (plus n (Y(D) - Y(0)) for
 * REPEAT) with each difference taken as the shorter turn, in (-pi, pi]; it is
 * weighted as the translation is. The pose keeps the start's heading: the
 * root rotation an action mixes is T(0) T(t)^-1 q(t), T the twist, so the
 * root leans and rolls as the clip says but does not turn.
 *
 * Seeks: ta_mixer_set_time reports no motion (the character does not walk
 * through a seek) unless ta_mixer_set_seek_reports asked for it; then it
 * reports the motion from the clip's start to where the seek lands.
 *
 * With root motion off (the default) the mixer mixes exactly as three.js does.
 */
#ifndef THREEANIM_ROOT_MOTION_H
#define THREEANIM_ROOT_MOTION_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/animation_mixer.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Which node's motion to extract, and how; zeroed means node 0, every axis. */
typedef struct ta_root_motion_options {
    ta_node_id root;    /**< the node whose position tracks move the character */
    bool keep_vertical; /**< false: x, y and z are extracted; true: y stays in the pose and is not reported */
    bool yaw;           /**< false: rotations stay in the pose; true: the turn about +y is extracted too */
} ta_root_motion_options;

/** The motion of one update. */
typedef struct ta_root_motion {
    ta_vec3 translation; /**< how far the root moved, in its parent's space */
    float yaw;           /**< how far it turned about +y, in radians (counter-clockwise seen from above) */
} ta_root_motion;

/**
 * Extracts the motion of options->root from the next update on (NULL: stop, and mix as three.js
 * does).
 *
 * @ownership Changes mixer only; copies options. The first setting allocates the mixer's root
 * motion state (88 bytes), freed with the mixer.
 * @errors TA_ERROR_INVALID_ARGUMENT (mixer NULL, options->root none), TA_ERROR_UNSUPPORTED (an
 * action plays a compressed clip's window with the root's position track, or its rotation with yaw:
 * the window holds only the keys around its action's time, root motion reads the clip's start and
 * end), TA_ERROR_OUT_OF_MEMORY (the first setting). A refused call changes nothing.
 * @threejs None: three.js refuses root motion (its mixer has none).
 */
TA_API ta_result ta_mixer_set_root_motion(ta_mixer *mixer, const ta_root_motion_options *options, ta_error *err);

/**
 * The motion of the last update (zero before the first one, and when root motion is off).
 *
 * @ownership Reads mixer, which must not be NULL (not checked); writes *out.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_mixer_root_motion(const ta_mixer *mixer, ta_root_motion *out);

#ifdef __cplusplus
}
#endif

#endif
