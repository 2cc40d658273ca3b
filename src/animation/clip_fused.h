/*
 * src/animation/clip_fused.h -- a clip's keys laid out for the mixer's fused
 * path. Not public.
 *
 * A clip qualifies when every track is a node position, scale or quaternion
 * (of a node whose place in floats fits 32 bits)
 * or a mesh's or skinned mesh's morph influence, no two on one target (the
 * glTF skeleton case, and its "weights"), its positions and scales of one
 * interpolation, its rotations of one (any but SMOOTH, which three.js does
 * not give rotations) and its morph influences of one (any, SMOOTH too). The
 * three kinds of lane may each have their own: a file's face weights are
 * often STEP or CUBIC_SPLINE beside LINEAR bones, and each kind is read by
 * its own loop anyway. Its
 * tracks fall into time groups, the tracks sharing one set of key times, in
 * the order the clip plan (clip_plan.h) numbers them, so that an action's
 * cursor and alpha of a group serve both paths. Each group's keys are copied
 * key by key into planes of one component over its tracks: for key k,
 * x[lanes] y[lanes] z[lanes] of its vec3 tracks, x y z w of its rotations
 * and the one number of its morph influences ("numbers"),
 * each plane padded to TA__FUSED_WIDTH lanes so that a vector loop over a
 * plane never needs a tail, and the first on a cache line, so that every
 * plane row is whole lines and no vector load of a key splits two. Padding
 * lanes hold zero (vectors, numbers) and the identity (rotations), which stay
 * finite under any mix. The clip's lanes are
 * the groups' one after the other. A LINEAR group's rotations also keep the
 * slerp constants of each key interval (slerp_constants.h), in two planes per
 * interval; padding lanes hold zeros there, an equal pair's, which keeps the
 * identity.
 *
 * A key's planes are its values' and, for the curves that have them, its
 * tangents' or control points', in this order (TA__FUSED_* below names the
 * block of planes): CUBIC_SPLINE value, in tangent, out tangent; BEZIER
 * value, in time, in value, out time, out value. So a key of vectors takes
 * vec_stride = 3 (value only), 9 or 15 planes, a key of rotations 4, 12 or
 * 20, a key of numbers 1, 3 or 5.
 *
 * The numbers are kept as a third named part beside the two, not the three
 * as an array of parts: the mixer's code over vectors and rotations stays as
 * it was, line for line (an array of parts is the tidier shape, and a change
 * of its own).
 * Padding lanes of a curve's planes are made so that any read of them stays
 * finite: tangents 0, control points at the key itself.
 *
 * The layout is made with the clip (ta_clip_create, and again after an edit
 * of an unshared clip), so it is never written while actions share the clip.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_FUSED_H
#define THREEANIM_SRC_ANIMATION_CLIP_FUSED_H

#include <stddef.h>

#include "animation/clip_internal.h"
#include "threeanim/scene.h"

/* 16 float lanes: one AVX-512 register, two AVX2, four SSE2. */
#define TA__FUSED_WIDTH 16u

/* The mixer's write pass sees a scene's nodes as one array of floats: a
 * node's fields sit at whole floats from its start, and nodes at whole floats
 * from each other, so a lane's place is one number. */
#define TA__NODE_FLOATS (sizeof(ta_node) / sizeof(float))
_Static_assert(sizeof(ta_node) % sizeof(float) == 0 && offsetof(ta_node, position) % sizeof(float) == 0 &&
                   offsetof(ta_node, quaternion) % sizeof(float) == 0 && offsetof(ta_node, scale) % sizeof(float) == 0,
               "ta_node's numbers sit at whole floats");

typedef struct ta__fused_group {
    uint32_t keys;
    const float *times;   /* the group's key times (its first track's) */
    uint32_t vec_count;   /* vec3 tracks (positions and scales) */
    uint32_t vec_lanes;   /* vec_count padded */
    uint32_t vec_first;   /* its first vec3 lane in the clip */
    uint32_t rot_count;
    uint32_t rot_lanes;
    uint32_t rot_first;
    float *vec;           /* keys * vec_stride * vec_lanes */
    float *rot;           /* keys * rot_stride * rot_lanes */
    /* BEZIER: per key, TA__FUSED_SHARED_IN / _OUT when every number of the
     * group's vectors (or rotations) has one in (or out) control time at the
     * key, as an exporter that keys a rig at its frames writes them: the
     * curve's parameter is then solved once for all of them */
    uint8_t *vec_shared;
    uint8_t *rot_shared;
    float *rot_const;     /* LINEAR: (keys - 1) * 2 * rot_lanes, per interval theta's plane, then k's */
    uint32_t num_count;   /* morph influence tracks */
    uint32_t num_lanes;
    uint32_t num_first;
    float *num;           /* keys * num_stride * num_lanes */
    uint8_t *num_shared;
} ta__fused_group;

enum { TA__FUSED_SHARED_IN = 1, TA__FUSED_SHARED_OUT = 2 };

/* Blocks of a key's planes, in components (a block is 3 planes of vectors, 4 of rotations, 1 of numbers). */
enum {
    TA__FUSED_VALUE = 0,
    TA__FUSED_IN = 1,       /* CUBIC_SPLINE tangents */
    TA__FUSED_OUT = 2,
    TA__FUSED_IN_TIME = 1,  /* BEZIER control points */
    TA__FUSED_IN_VALUE = 2,
    TA__FUSED_OUT_TIME = 3,
    TA__FUSED_OUT_VALUE = 4
};

typedef struct ta__clip_fused {
    ta_interpolation vec_interp; /* of every position and scale */
    ta_interpolation rot_interp; /* of every rotation */
    ta_interpolation num_interp; /* of every morph influence */
    uint32_t vec_stride;  /* planes per key of a group's vectors: 3 times the blocks */
    uint32_t rot_stride;  /* of its rotations: 4 times the blocks */
    uint32_t num_stride;  /* of its numbers: the blocks */
    uint32_t group_count;
    ta__fused_group *groups;
    uint32_t vec_lanes;   /* the groups' lanes, padding included */
    uint32_t rot_lanes;
    uint32_t *vec_track;  /* per lane: the track index, TA_NONE for padding */
    uint32_t *rot_track;
    /* per lane: where its numbers go, in floats from a scene's first node (0
     * for padding). A track names its node by index, so every mixer that
     * plays the clip writes a lane to the same place: the map is the clip's,
     * not one per character. */
    uint32_t *vec_node;
    uint32_t *rot_node;
    uint32_t num_lanes;
    uint32_t *num_track;
    size_t bytes;
} ta__clip_fused;

/* Makes the clip's layout when it qualifies; leaves clip->fused NULL when it
 * does not or when memory runs out (the mixer's general path then reads it). */
/* Makes (or remakes) the clip's fused copy when its tracks qualify, and drops
 * it when they do not. false: out of memory, and the clip keeps the copy it had. */
bool ta__clip_fused_make(ta_clip *clip);
void ta__clip_fused_drop(ta_clip *clip);
/* The planes copied again from the tracks' keys, which changed in place (a
 * compressed clip's window: one time group, its node vectors and rotations):
 * of the tracks whose changes[i] is set, or all when changes is NULL;
 * allocates nothing. */
void ta__clip_fused_refill(const ta_clip *clip, const uint8_t *changes);

#endif
