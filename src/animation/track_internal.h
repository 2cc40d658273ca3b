/*
 * src/animation/track_internal.h -- the layout of a track, for the modules
 * that read tracks on the hot path (the action's samplers, the mixer, the
 * loaders and writers). Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_TRACK_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_TRACK_INTERNAL_H

#include "core/internal.h"
#include "threeanim/keyframe_track.h"

struct ta_track {
    ta__mem mem;
    ta_track_target target;
    ta_interpolation interpolation; /* never TA_INTERPOLATION_DEFAULT once built */
    ta_value_type value_type;
    uint32_t key_count;
    uint32_t value_size;
    float *times;        /* key_count */
    float *values;       /* key_count * value_size; a string track: string indices */
    float *in_tangents;  /* tangent_count, or NULL */
    float *out_tangents; /* tangent_count, or NULL */
    uint32_t tangent_count;
    char **strings;      /* string_count distinct strings, or NULL */
    uint32_t string_count;
};

#endif
