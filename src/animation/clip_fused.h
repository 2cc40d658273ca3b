/*
 * src/animation/clip_fused.h -- a clip's keys laid out for the mixer's fused
 * path. Not public.
 *
 * A clip qualifies when every track is a node position, scale or quaternion,
 * all LINEAR or all STEP, no two on one target (the glTF skeleton case). Its
 * tracks fall into time groups, the tracks sharing one set of key times, in
 * the order the clip plan (clip_plan.h) numbers them, so that an action's
 * cursor and alpha of a group serve both paths. Each group's keys are copied
 * key by key into planes of one component over its tracks: for key k,
 * x[lanes] y[lanes] z[lanes] of its vec3 tracks and x y z w of its rotations,
 * each plane padded to TA__FUSED_WIDTH lanes so that a vector loop over a
 * plane never needs a tail. Padding lanes hold zero (vectors) and the
 * identity (rotations), which stay finite under any mix. The clip's lanes are
 * the groups' one after the other. A LINEAR group's rotations also keep the
 * slerp constants of each key interval (slerp_constants.h), in two planes per
 * interval; padding lanes hold zeros there, an equal pair's, which keeps the
 * identity.
 *
 * The layout is made with the clip (ta_clip_create, and again after an edit
 * of an unshared clip), so it is never written while actions share the clip.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_FUSED_H
#define THREEANIM_SRC_ANIMATION_CLIP_FUSED_H

#include "animation/clip_internal.h"

/* 16 float lanes: one AVX-512 register, two AVX2, four SSE2. */
#define TA__FUSED_WIDTH 16u

typedef struct ta__fused_group {
    uint32_t keys;
    const float *times;   /* the group's key times (its first track's) */
    uint32_t vec_count;   /* vec3 tracks (positions and scales) */
    uint32_t vec_lanes;   /* vec_count padded */
    uint32_t vec_first;   /* its first vec3 lane in the clip */
    uint32_t rot_count;
    uint32_t rot_lanes;
    uint32_t rot_first;
    float *vec;           /* keys * 3 * vec_lanes */
    float *rot;           /* keys * 4 * rot_lanes */
    float *rot_const;     /* LINEAR: (keys - 1) * 2 * rot_lanes, per interval theta's plane, then k's */
} ta__fused_group;

typedef struct ta__clip_fused {
    bool step;            /* STEP tracks: a key is held, not interpolated */
    uint32_t group_count;
    ta__fused_group *groups;
    uint32_t vec_lanes;   /* the groups' lanes, padding included */
    uint32_t rot_lanes;
    uint32_t *vec_track;  /* per lane: the track index, TA_NONE for padding */
    uint32_t *rot_track;
    size_t bytes;
} ta__clip_fused;

/* Makes the clip's layout when it qualifies; leaves clip->fused NULL when it
 * does not or when memory runs out (the mixer's general path then reads it). */
/* Makes (or remakes) the clip's fused copy when its tracks qualify, and drops
 * it when they do not. false: out of memory, and the clip keeps the copy it had. */
bool ta__clip_fused_make(ta_clip *clip);
void ta__clip_fused_drop(ta_clip *clip);

#endif
