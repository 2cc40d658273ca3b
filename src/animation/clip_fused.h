/*
 * src/animation/clip_fused.h -- a clip's keys laid out for the mixer's fused
 * path. Not public.
 *
 * A clip qualifies when every track is a node position, scale or quaternion,
 * all LINEAR or all STEP, and all of them share one set of key times (the
 * glTF skeleton case). Its keys are then copied key by key into planes of one component
 * over all tracks: for key k, x[lanes] y[lanes] z[lanes] of the vec3 tracks
 * and x y z w of the rotations, each plane padded to TA__FUSED_WIDTH lanes so
 * that a vector loop over a plane never needs a tail. Padding lanes hold zero
 * (vectors) and the identity (rotations), which stay finite under any mix.
 *
 * The layout is made with the clip (ta_clip_create, and again after an edit
 * of an unshared clip), so it is never written while actions share the clip.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_FUSED_H
#define THREEANIM_SRC_ANIMATION_CLIP_FUSED_H

#include "animation/clip_internal.h"

/* 16 float lanes: one AVX-512 register, two AVX2, four SSE2. */
#define TA__FUSED_WIDTH 16u

typedef struct ta__clip_fused {
    uint32_t keys;
    bool step;            /* STEP tracks: a key is held, not interpolated */
    const float *times;   /* the shared key times (the first track's) */
    uint32_t vec_count;   /* vec3 tracks (positions and scales) */
    uint32_t vec_lanes;   /* vec_count padded */
    uint32_t rot_count;
    uint32_t rot_lanes;
    uint32_t *vec_track;  /* per lane: the track index */
    uint32_t *rot_track;
    float *vec;           /* keys * 3 * vec_lanes */
    float *rot;           /* keys * 4 * rot_lanes */
    size_t bytes;
} ta__clip_fused;

/* Makes the clip's layout when it qualifies; leaves clip->fused NULL when it
 * does not or when memory runs out (the mixer's general path then reads it). */
void ta__clip_fused_make(ta_clip *clip);
void ta__clip_fused_drop(ta_clip *clip);

#endif
