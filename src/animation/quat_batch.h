/*
 * src/animation/quat_batch.h -- three.js's slerpFlat over many pairs at once,
 * for the mixer's rotation tracks and piles. Not public.
 *
 * The pairs are in separate arrays per component (x, y, z, w of the first and
 * of the second quaternion, and t), so the loop runs in the vector unit;
 * the result replaces the first quaternion. The numbers are those of
 * ta__fast_slerp (fast_slerp.h): the shorter arc, lerp and normalize within a
 * dot of 0.9995, Eberly's series down to 0.7, and acos/sin below (those lanes
 * are finished one at a time).
 */
#ifndef THREEANIM_SRC_ANIMATION_QUAT_BATCH_H
#define THREEANIM_SRC_ANIMATION_QUAT_BATCH_H

#include <stdint.h>

#define TA__QUAT_BATCH 32

/* double lanes, four to a vector register, as three.js computes (its
 * PropertyMixer buffer is a Float64Array). Float32 lanes were twice as wide
 * but missed three.js's rotations by up to 1.6e-7 (55 float32 steps): on the
 * Fox's bone matrices 3.9e-5 of a unit, where rounding three.js's own values
 * to float32 gives 1.1e-5. In double, a clip played alone gives three.js's
 * rotations rounded to float32, to the bit, on the skinned samples. */
typedef struct ta__quat_batch {
    double ax[TA__QUAT_BATCH], ay[TA__QUAT_BATCH], az[TA__QUAT_BATCH], aw[TA__QUAT_BATCH];
    double bx[TA__QUAT_BATCH], by[TA__QUAT_BATCH], bz[TA__QUAT_BATCH], bw[TA__QUAT_BATCH];
    double t[TA__QUAT_BATCH];
} ta__quat_batch;

/* a := slerpFlat(a, b, t) for the first n lanes (n <= TA__QUAT_BATCH). */
void ta__quat_batch_slerp(ta__quat_batch *batch, uint32_t n);

#endif
