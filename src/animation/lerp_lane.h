/*
 * src/animation/lerp_lane.h -- one lane of the float32 lerp that the mixer's
 * two paths share for LINEAR node vectors (positions, scales): the key pair's
 * value and the pile's move toward it (mixer_blend.h, fused_kernels.c), so
 * that the two give the same numbers bit for bit. Not public.
 *
 * A start plus a share of the difference, so that equal numbers stay equal to
 * the bit (a sum weighted by two float32 weights would not: 9 (1 - a) + 9 a is
 * not always 9); within about one float32 step of three.js's lerp in double.
 */
#ifndef THREEANIM_SRC_ANIMATION_LERP_LANE_H
#define THREEANIM_SRC_ANIMATION_LERP_LANE_H

static inline float ta__lerp_lane(float a, float b, float t)
{
    return a + (b - a) * t;
}

#endif
