/*
 * src/animation/lane_inline.h -- TA__LANE_INLINE, for one lane's arithmetic
 * that the mixer's vector loops call (slerp_lane.h, slerp_constants.h). Not
 * public.
 *
 * Always inlined: a loop over lanes vectorises only with its body whole. The
 * loop of two actions' rotations (fused_kernels.c's rot_two) holds three such
 * lanes; clang left a call in it, and the loop scalar.
 */
#ifndef THREEANIM_SRC_ANIMATION_LANE_INLINE_H
#define THREEANIM_SRC_ANIMATION_LANE_INLINE_H

#if defined(__GNUC__)
#define TA__LANE_INLINE static inline __attribute__((always_inline))
#else
#define TA__LANE_INLINE static inline
#endif

#endif
