/*
 * src/animation/track_rules.h -- what a track may hold, shared by the track's
 * sources (kinds, create, check, edit, sample). Not public.
 *
 * The kind table's questions are in track_kinds.h, which the loaders share.
 * ta__track_check_parts is the one place that decides whether a track is
 * valid: ta_track_create runs it on the caller's description before it
 * allocates anything, and ta_track_check runs it on a built track, so the two
 * can never disagree.
 */
#ifndef THREEANIM_SRC_ANIMATION_TRACK_RULES_H
#define THREEANIM_SRC_ANIMATION_TRACK_RULES_H

#include "animation/track_internal.h"
#include "animation/track_kinds.h"

/* A string track keeps its string indices in float32, exact below 2^24. */
#define TA__STRING_LIMIT 16777216u

/* The parts of a track, as a description gives them or as a built track holds
 * them. A description gives strings (key_count of them, values NULL); a built
 * string track gives string indices in values and string_count. */
typedef struct ta__track_parts {
    ta_track_target target;
    ta_interpolation interpolation;
    const float *times;
    uint32_t key_count;
    const float *values;
    uint32_t value_count;
    const float *in_tangents;
    const float *out_tangents;
    uint32_t tangent_count;
    const char *const *strings; /* description form */
    uint32_t string_count;      /* built form: values are indices below this */
    bool built;
} ta__track_parts;

/* Checks everything refused for a track. On success, the
 * interpolation DEFAULT resolves to into *out_interpolation (may be NULL). */
ta_result ta__track_check_parts(const ta__track_parts *parts, ta_interpolation *out_interpolation,
                                ta_error *err);

/* Bytes of each array of a track, for freeing with the sizes they were made with. */
static inline size_t ta__track_values_bytes(const ta_track *track)
{
    return (size_t)track->key_count * track->value_size * sizeof(float);
}

#endif
