/*
 * src/animation/slerp_lane.h -- one lane of the float32 slerpFlat that the
 * mixer's vector loops share (quat_batch.c, fused_kernels.c), so that both of
 * the mixer's paths give the same numbers bit for bit. Not public.
 *
 * Branch-free so that a loop over lanes vectorises: the shorter arc; within a
 * dot of 0.9995, lerp and normalize; down to 0.7, Eberly's series; equal
 * pairs keep a. Returns true for a lane below 0.7 that is not equal: the
 * caller redoes it in double (ta__fast_slerp). The mixer slerps its piles
 * toward a value with it; a clip's key pairs, whose angle is known when the
 * clip is made, go through slerp_constants.h instead.
 */
#ifndef THREEANIM_SRC_ANIMATION_SLERP_LANE_H
#define THREEANIM_SRC_ANIMATION_SLERP_LANE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "animation/eberly_terms.h"
#include "animation/lane_inline.h"

/* copysignf(1.0f, x), as its bits: x's sign on 1.0f. The same number for
 * every x (NaN and -0 too), written so that every vectoriser takes it:
 * WebAssembly SIMD has no four-lane copysign, and clang went lane by lane. */
TA__LANE_INLINE float ta__sign_of(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    b = (b & 0x80000000u) | 0x3f800000u;
    float r;
    memcpy(&r, &b, sizeof r);
    return r;
}

TA__LANE_INLINE bool ta__slerp_lane(float x0, float y0, float z0, float w0, float x1, float y1, float z1, float w1,
                                    float t, float *ox, float *oy, float *oz, float *ow)
{
    float dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
    float sign = ta__sign_of(dot);
    dot *= sign;
    float s = 1 - t;
    float xm1 = dot - 1, tt = t * t, ss = s * s, ct = 1, cs = 1;
    TA__EBERLY_TERMS(f)
    /* Selects, as slerp_constants.h's key lane: a vector loop computes both
     * sides for every lane and keeps one, where products of 0 and 1 cost
     * three operations a number and lose a -0 (three.js keeps a's). */
    bool near = dot >= 0.9995f;
    float a = near ? s : s * cs;
    float b = (near ? t : t * ct) * sign;
    float rx = x0 * a + x1 * b, ry = y0 * a + y1 * b, rz = z0 * a + z1 * b, rw = w0 * a + w1 * b;
    float len2 = rx * rx + ry * ry + rz * rz + rw * rw;
    float f = near ? 1 / sqrtf(len2) : 1.0f;
    bool same = (x0 == x1) & (y0 == y1) & (z0 == z1) & (w0 == w1);
    *ox = same ? x0 : rx * f;
    *oy = same ? y0 : ry * f;
    *oz = same ? z0 : rz * f;
    *ow = same ? w0 : rw * f;
    return !same & (dot < 0.7f);
}

#endif
