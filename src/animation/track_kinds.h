/*
 * src/animation/track_kinds.h -- the kind table's answers (track_kinds.c):
 * a kind's family, whether it takes an axis or a morph target, whether the
 * material's map holds its property, the kind a three.js property names, and
 * the check of a target. Not public.
 *
 * One of the few internal headers the loaders (io) share with the runtime
 * (cmake/Layers.cmake, TA_LAYER_SHARED_HEADERS): a loader names and checks a
 * track's target by the same table as ta_track_create, so the two never
 * disagree. It therefore includes only public headers and core/internal.h,
 * never a track's own layout (track_internal.h).
 */
#ifndef THREEANIM_SRC_ANIMATION_TRACK_KINDS_H
#define THREEANIM_SRC_ANIMATION_TRACK_KINDS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/internal.h"
#include "threeanim/keyframe_track.h"

/* A rotation key's length may miss 1 by this much (a loader warns past it). */
#define TA__ROTATION_UNIT_TOLERANCE 1e-3
/* Morph targets per mesh: any number, as in three.js; a target past the
 * mesh's own is refused when a mixer binds it. */
#define TA__MORPH_TARGET_LIMIT UINT32_MAX

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

#endif
