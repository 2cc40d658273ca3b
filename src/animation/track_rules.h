/*
 * src/animation/track_rules.h -- what a track may hold, shared by the track's
 * sources (kinds, create, check, edit, sample). Not public.
 *
 * The kind table answers the questions the checks ask of a kind (its family,
 * value size and type, whether it takes an axis or a morph target).
 * ta__track_check_parts is the one place that decides whether a track is
 * valid: ta_track_create runs it on the caller's description before it
 * allocates anything, and ta_track_check runs it on a built track, so the two
 * can never disagree.
 */
#ifndef THREEANIM_SRC_ANIMATION_TRACK_RULES_H
#define THREEANIM_SRC_ANIMATION_TRACK_RULES_H

#include "animation/track_internal.h"

/* A rotation key's length may miss 1 by this much. */
#define TA__ROTATION_UNIT_TOLERANCE 1e-3
/* Morph targets per mesh: any number, as in three.js; a target past the
 * mesh's own is refused when a mixer binds it. */
#define TA__MORPH_TARGET_LIMIT UINT32_MAX
/* A string track keeps its string indices in float32, exact below 2^24. */
#define TA__STRING_LIMIT 16777216u

/* True for a kind of the enum (not the COUNT). */
bool ta__kind_is_named(ta_track_kind kind);
/* The name of a family, "node", "mesh", ...; "?" if not named. */
const char *ta__family_name(ta_target_family family);
/* How many values the target's element may take: 3 for an _ELEMENT kind,
 * TA__MORPH_TARGET_LIMIT for a morph kind, 1 (only 0) for any other. */
uint32_t ta__kind_element_limit(ta_track_kind kind);
/* True for a kind whose property the material's map texture holds (the
 * MATERIAL_MAP_ kinds). */
bool ta__kind_on_map(ta_track_kind kind);
/* Whether the kind drives one morph target of a mesh (its element names the target). */
bool ta__kind_is_morph(ta_track_kind kind);
/* The kind a three.js property names on a thing of family (of its map when
 * on_map), with or without an element, as ta_track_kind_find; false for none. */
bool ta__kind_lookup(ta_target_family family, bool on_map, const char *property, bool element, ta_track_kind *out);
/* The interpolation a DEFAULT becomes for this kind. */
ta_interpolation ta__default_interpolation(ta_track_kind kind);
/* Refuses a target that no constructor makes: a kind not named, a family that
 * is not the kind's, an element out of range. field names the argument. */
ta_result ta__check_target(ta_track_target target, const char *field, ta_error *err);

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
