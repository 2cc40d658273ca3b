/*
 * src/animation/quat_batch.h -- three.js's slerpFlat over many pairs at once,
 * for the mixer's rotation tracks and piles. Not public.
 *
 * The pairs are in separate arrays per component (x, y, z, w of the first and
 * of the second quaternion, and t), so the loop runs in the vector unit;
 * the result replaces the first quaternion. The numbers are those of
 * ta__fast_slerp (fast_slerp.h): the shorter arc, lerp and normalize within a
 * dot of 0.9995, Eberly's series down to 0.7, and acos/sin below (those lanes
 * are finished after, in lanes of doubles: far_slerp_lane.h). A batch of a clip's key pairs instead reads
 * their intervals' constants (slerp_constants.h), and takes ta__slerp_end for
 * a pair read at t exactly 0 or 1.
 */
#ifndef THREEANIM_SRC_ANIMATION_QUAT_BATCH_H
#define THREEANIM_SRC_ANIMATION_QUAT_BATCH_H

#include <stdint.h>

#define TA__QUAT_BATCH 32

/* float32 lanes: eight to a vector register; the series' error in float32 is
 * about 1e-6 of a unit quaternion, far inside the 1e-4 the conformance allows. */
typedef struct ta__quat_batch {
    float ax[TA__QUAT_BATCH], ay[TA__QUAT_BATCH], az[TA__QUAT_BATCH], aw[TA__QUAT_BATCH];
    float bx[TA__QUAT_BATCH], by[TA__QUAT_BATCH], bz[TA__QUAT_BATCH], bw[TA__QUAT_BATCH];
    float t[TA__QUAT_BATCH];
    float theta[TA__QUAT_BATCH], k[TA__QUAT_BATCH]; /* ta__quat_batch_slerp_keys only */
} ta__quat_batch;

/* a := slerpFlat(a, b, t) for the first n lanes (n <= TA__QUAT_BATCH). */
void ta__quat_batch_slerp(ta__quat_batch *batch, uint32_t n);
/* The same for key pairs, from their intervals' constants theta and k. */
void ta__quat_batch_slerp_keys(ta__quat_batch *batch, uint32_t n);

#endif
