/*
 * threeanim/keyframe_track.h -- keyframe tracks: one property of one target,
 * given a value at a list of times.
 *
 * A track holds a typed target (what it drives: a kind and the index of a
 * node, mesh, material, light or camera), key times in seconds and values as
 * float32, and an interpolation. CUBIC_SPLINE and BEZIER tracks also hold in-
 * and out-tangents. three.js: KeyframeTrack and its typed subclasses, with the
 * interpolants LinearInterpolant, QuaternionLinearInterpolant,
 * DiscreteInterpolant, CubicInterpolant, GLTFCubicSplineInterpolant and
 * BezierInterpolant.
 *
 *     ta_track_target target;
 *     ta_node_target(ta_node_at(0), TA_POSITION, &target, &err);
 *     const float times[] = {0, 2};
 *     const float values[] = {0, 0, 0, 4, 0, 0};
 *     ta_track_desc desc = {0};
 *     desc.target = target;
 *     desc.times = times;  desc.key_count = 2;
 *     desc.values = values; desc.value_count = 6;
 *     ta_track *slide;
 *     if (ta_track_create(&desc, NULL, &slide, &err) != TA_OK) ...
 *     float at_one[3];
 *     ta_track_sample(slide, 1.0, TA_ZERO_CURVATURE_ENDING, TA_ZERO_CURVATURE_ENDING, at_one, 3, &err);
 *
 * Layouts. values: key_count * value_size numbers, key after key.
 * CUBIC_SPLINE in_tangents and out_tangents: laid out as values (glTF's
 * in-tangent, value, out-tangent triples split into three lists); a tangent is
 * in value units per second. BEZIER in_tangents and out_tangents: for each key
 * and each number of the key, a control point (time in seconds, value), so
 * 2 * key_count * value_size numbers each (three.js settings.inTangents /
 * settings.outTangents). Flag tracks (VISIBLE, MATERIAL_TRANSPARENT,
 * MATERIAL_WIREFRAME) hold 0 or 1. String tracks (NODE_NAME) take one string
 * per key in desc.strings; the track keeps each distinct string once and its
 * values are the places of the keys' strings in that list.
 *
 * Ownership: ta_track_create copies every array it is given; the caller's
 * arrays are never kept nor changed. The caller owns the track and frees it
 * with ta_track_destroy, unless it gives the track to a clip
 * (ta_clip_create), which then owns it. A track is edited in place (shift,
 * scale, trim, optimize) only while the caller owns it; a clip's tracks are
 * read-only.
 *
 * Sampling never allocates. A ta_sampler remembers the last interval so that
 * playing forward costs O(1) per sample; a cold lookup is a binary search.
 */
#ifndef THREEANIM_KEYFRAME_TRACK_H
#define THREEANIM_KEYFRAME_TRACK_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a track drives. Value sizes in comments. */
typedef enum ta_track_kind {
    TA_POSITION = 0,                 /* 3, node */
    TA_SCALE,                        /* 3, node */
    TA_QUATERNION,                   /* 4, node, unit keys */
    TA_VISIBLE,                      /* 1, node, flag */
    TA_NODE_NAME,                    /* 1, node, string */
    TA_MORPH_INFLUENCE,              /* 1, mesh, target 0..7 */
    TA_SKINNED_MORPH_INFLUENCE,      /* 1, skinned mesh, target 0..7 */
    TA_POSITION_ELEMENT,             /* 1, node, axis 0..2 */
    TA_SCALE_ELEMENT,                /* 1, node, axis 0..2 */
    TA_ROTATION_ELEMENT,             /* 1, node, axis 0..2 (Euler XYZ angle) */
    TA_MATERIAL_COLOR,               /* 3, material, linear channels */
    TA_MATERIAL_EMISSIVE,            /* 3 */
    TA_MATERIAL_SPECULAR,            /* 3 */
    TA_MATERIAL_OPACITY,             /* 1 */
    TA_MATERIAL_EMISSIVE_INTENSITY,  /* 1 */
    TA_MATERIAL_ROUGHNESS,           /* 1 */
    TA_MATERIAL_METALNESS,           /* 1 */
    TA_MATERIAL_SHININESS,           /* 1 */
    TA_MATERIAL_ALPHA_TEST,          /* 1 */
    TA_MATERIAL_REFLECTIVITY,        /* 1 */
    TA_MATERIAL_ENV_MAP_INTENSITY,   /* 1 */
    TA_MATERIAL_CLEARCOAT,           /* 1 */
    TA_MATERIAL_CLEARCOAT_ROUGHNESS, /* 1 */
    TA_MATERIAL_SPECULAR_INTENSITY,  /* 1 */
    TA_MATERIAL_IOR,                 /* 1 */
    TA_MATERIAL_TRANSPARENT,         /* 1, flag */
    TA_MATERIAL_WIREFRAME,           /* 1, flag */
    TA_MATERIAL_MAP_OFFSET,          /* 2, the material's map texture */
    TA_MATERIAL_MAP_REPEAT,          /* 2 */
    TA_MATERIAL_MAP_CENTER,          /* 2 */
    TA_MATERIAL_MAP_ROTATION,        /* 1, radians */
    TA_LIGHT_COLOR,                  /* 3, light, linear channels */
    TA_LIGHT_INTENSITY,              /* 1 */
    TA_LIGHT_DISTANCE,               /* 1, meters */
    TA_LIGHT_ANGLE,                  /* 1, radians */
    TA_LIGHT_PENUMBRA,               /* 1 */
    TA_CAMERA_FOV,                   /* 1, degrees; perspective only */
    TA_CAMERA_ZOOM,                  /* 1 */
    TA_CAMERA_NEAR,                  /* 1, meters */
    TA_CAMERA_FAR,                   /* 1, meters */
    TA_TRACK_KIND_COUNT
} ta_track_kind;

/* The kind of thing a target's index points into. */
typedef enum ta_target_family {
    TA_FAMILY_NODE = 0,             /* scene.nodes */
    TA_FAMILY_MESH,                 /* scene.meshes */
    TA_FAMILY_SKINNED_MESH,         /* scene.skinned_meshes */
    TA_FAMILY_MATERIAL,             /* assets.materials */
    TA_FAMILY_LIGHT,                /* scene.lights */
    TA_FAMILY_PERSPECTIVE_CAMERA,   /* cameras.perspective */
    TA_FAMILY_ORTHOGRAPHIC_CAMERA,  /* cameras.orthographic */
    TA_TARGET_FAMILY_COUNT
} ta_target_family;

/* The kind of value a track holds, which decides how it mixes. */
typedef enum ta_value_type {
    TA_VALUE_NUMBER = 0, /* numbers, mixed one at a time */
    TA_VALUE_COLOR,      /* three linear channels */
    TA_VALUE_ROTATION,   /* a unit quaternion, mixed by slerp */
    TA_VALUE_FLAG,       /* 0 or 1 */
    TA_VALUE_STRING      /* an index into the track's strings */
} ta_value_type;

typedef struct ta_track_target {
    ta_track_kind kind;
    ta_target_family family;
    uint32_t index;   /* into the family's list */
    uint32_t element; /* the axis of an _ELEMENT kind, the morph target of a morph kind, else 0 */
} ta_track_target;

typedef enum ta_interpolation {
    TA_INTERPOLATION_DEFAULT = 0, /* LINEAR, or STEP for flags and strings */
    TA_LINEAR,
    TA_STEP,
    TA_SMOOTH,
    TA_CUBIC_SPLINE,
    TA_BEZIER,
    TA_INTERPOLATION_COUNT
} ta_interpolation;

typedef enum ta_ending {
    TA_ZERO_CURVATURE_ENDING = 0, /* three.js ZeroCurvatureEnding: a natural spline */
    TA_ZERO_SLOPE_ENDING,         /* ZeroSlopeEnding: flat at the start. At the end three.js
                                     stands the last key in for the one after, an interval on,
                                     so the slope there is half the last interval's, not 0;
                                     ported as three.js computes it */
    TA_WRAP_AROUND_ENDING,        /* WrapAroundEnding: continues into the other end */
    TA_ENDING_COUNT
} ta_ending;

/* ---- kinds and targets ---------------------------------------------------------- */

TA_API const char *ta_track_kind_name(ta_track_kind kind);        /* "POSITION", ...; "?" if not named */
TA_API const char *ta_interpolation_name(ta_interpolation interp); /* "LINEAR", ...; "?" */
TA_API const char *ta_ending_name(ta_ending ending);                /* "ZERO_SLOPE_ENDING", ...; "?" */
/* 0 for a kind that is not named. */
TA_API uint32_t ta_track_kind_value_size(ta_track_kind kind);
/* TA_VALUE_NUMBER for a kind that is not named. */
TA_API ta_value_type ta_track_kind_value_type(ta_track_kind kind);
/* The family whose index the kind takes. The CAMERA_ kinds answer
 * TA_FAMILY_PERSPECTIVE_CAMERA; an orthographic target says so itself.
 * TA_TARGET_FAMILY_COUNT for a kind that is not named. */
TA_API ta_target_family ta_track_kind_family(ta_track_kind kind);

/* Target constructors. Each refuses a kind of another family
 * (TA_ERROR_WRONG_KIND) and a kind that is not named (TA_ERROR_UNKNOWN_ENUM). */
TA_API ta_result ta_node_target(ta_node_id node, ta_track_kind kind, ta_track_target *out_target, ta_error *err);
/* axis 0 for x, 1 for y, 2 for z (TA_ERROR_OUT_OF_RANGE otherwise). */
TA_API ta_result ta_node_element_target(ta_node_id node, ta_track_kind kind, uint32_t axis,
                                        ta_track_target *out_target, ta_error *err);
/* MORPH_INFLUENCE, target 0 to 7 (TA_ERROR_OUT_OF_RANGE otherwise). */
TA_API ta_result ta_morph_target(ta_mesh_index mesh, uint32_t target, ta_track_target *out_target, ta_error *err);
TA_API ta_result ta_skinned_morph_target(ta_skinned_mesh_index mesh, uint32_t target, ta_track_target *out_target,
                                         ta_error *err);
/* The MATERIAL_ kinds and the map kinds. */
TA_API ta_result ta_material_target(ta_material_id material, ta_track_kind kind, ta_track_target *out_target,
                                    ta_error *err);
TA_API ta_result ta_light_target(ta_light_index light, ta_track_kind kind, ta_track_target *out_target,
                                 ta_error *err);
/* The CAMERA_ kinds. */
TA_API ta_result ta_perspective_camera_target(ta_perspective_camera_index camera, ta_track_kind kind,
                                              ta_track_target *out_target, ta_error *err);
/* CAMERA_ZOOM, CAMERA_NEAR, CAMERA_FAR. */
TA_API ta_result ta_orthographic_camera_target(ta_orthographic_camera_index camera, ta_track_kind kind,
                                               ta_track_target *out_target, ta_error *err);
TA_API bool ta_track_target_eq(ta_track_target a, ta_track_target b);

/* ---- making a track ------------------------------------------------------------- */

typedef struct ta_track_desc {
    ta_track_target target;          /* from a target constructor */
    ta_interpolation interpolation;  /* 0: LINEAR, or STEP for flags and strings */
    const float *times;              /* key_count times in seconds, >= 0, rising */
    uint32_t key_count;              /* at least 1 */
    const float *values;             /* value_count numbers; NULL for a string track */
    uint32_t value_count;            /* key_count * value size of the kind */
    const float *in_tangents;        /* CUBIC_SPLINE and BEZIER only, see the layouts above */
    const float *out_tangents;
    uint32_t tangent_count;          /* the count of each of in_tangents and out_tangents */
    const char *const *strings;      /* NODE_NAME: key_count strings; NULL otherwise */
} ta_track_desc;

typedef struct ta_track ta_track;

/* Builds a track after checking everything the spec's "What is refused" lists
 * for tracks: a kind or interpolation not named, no keys, times negative or
 * not rising, values not one per key, a rotation key not of unit length
 * (|length - 1| > 1e-3), a SMOOTH rotation, a flag or string track not STEP, a
 * flag key other than 0 or 1, a VISIBLE track that is CUBIC_SPLINE, tangents
 * or control points missing or miscounted, tangents on a track that takes
 * none, NaN or an infinity anywhere. */
TA_API ta_result ta_track_create(const ta_track_desc *desc, const ta_allocator *allocator, ta_track **out_track,
                                 ta_error *err);
/* A deep copy, with its own allocator (NULL: the C library's). */
TA_API ta_result ta_track_copy(const ta_track *track, const ta_allocator *allocator, ta_track **out_track,
                               ta_error *err);
TA_API void ta_track_destroy(ta_track *track);

/* ---- reading a track -------------------------------------------------------------- */

TA_API ta_track_target ta_track_get_target(const ta_track *track);
TA_API ta_interpolation ta_track_interpolation(const ta_track *track);
TA_API uint32_t ta_track_key_count(const ta_track *track);
TA_API uint32_t ta_track_value_size(const ta_track *track);  /* three.js getValueSize */
TA_API ta_duration ta_track_duration(const ta_track *track); /* the last key's time */
TA_API const float *ta_track_times(const ta_track *track);
TA_API const float *ta_track_values(const ta_track *track);
/* NULL, with a count of 0, for a track without tangents. */
TA_API const float *ta_track_in_tangents(const ta_track *track);
TA_API const float *ta_track_out_tangents(const ta_track *track);
TA_API uint32_t ta_track_tangent_count(const ta_track *track);
/* The distinct strings of a string track, in the order their first keys come
 * (0, and NULL for every index, otherwise). */
TA_API uint32_t ta_track_string_count(const ta_track *track);
TA_API const char *ta_track_string(const ta_track *track, uint32_t index);

/* ---- sampling ------------------------------------------------------------------- */

/* Remembers the interval of the last sample. Zero it to start; it is only a
 * hint, so any sampler works with any track. */
typedef struct ta_sampler {
    uint32_t cursor;
} ta_sampler;

/* The value at time `at` into out (out_count >= value size, else
 * TA_ERROR_INVALID_ARGUMENT). Before the first key the first key's value, at
 * and after the last the last key's (an infinite time is one of these). start
 * and end are the endings of a SMOOTH track (ignored otherwise); an ending not
 * named is refused (TA_ERROR_UNKNOWN_ENUM). A NaN time is refused
 * (TA_ERROR_NOT_A_NUMBER). A string track gives the place of its string in
 * the track's strings. The numbers are worked out in double from the float32
 * keys, as three.js does, and rounded to float at the end. */
TA_API ta_result ta_track_sample(const ta_track *track, double at, ta_ending start, ta_ending end, float *out,
                                 uint32_t out_count, ta_error *err);
TA_API ta_result ta_track_sample_with(const ta_track *track, ta_sampler *sampler, double at, ta_ending start,
                                      ta_ending end, float *out, uint32_t out_count, ta_error *err);
/* A POSITION, SCALE or other three-number track; a rotation track is refused
 * (TA_ERROR_WRONG_KIND). */
TA_API ta_result ta_track_sample_vector3(const ta_track *track, double at, ta_ending start, ta_ending end,
                                         ta_vec3 *out, ta_error *err);
/* A QUATERNION track; any other is refused (TA_ERROR_WRONG_KIND). */
TA_API ta_result ta_track_sample_quaternion(const ta_track *track, double at, ta_quat *out, ta_error *err);
/* A string track (any other is refused, TA_ERROR_WRONG_KIND); the string
 * belongs to the track. */
TA_API ta_result ta_track_sample_string(const ta_track *track, double at, const char **out, ta_error *err);
/* The string of each key of a string track (out_count >= key count). */
TA_API ta_result ta_track_key_strings(const ta_track *track, const char **out, uint32_t out_count, ta_error *err);

/* ---- editing a track (in place; refused calls change nothing) -------------------- */

/* Moves every key (and Bezier control point's time) by offset seconds; three.js
 * leaves the control points behind. A key moved before zero is refused
 * (TA_ERROR_BAD_TIMES), and so is a shift that rounds two keys to one float32
 * time; a NaN or infinite offset is TA_ERROR_NOT_A_NUMBER. */
TA_API ta_result ta_track_shift(ta_track *track, double offset, ta_error *err);
/* Multiplies every time (and Bezier control time) by factor; divides
 * CUBIC_SPLINE tangents by factor (three.js leaves them). A factor not above
 * zero is refused (TA_ERROR_OUT_OF_RANGE), a NaN or infinite one is
 * TA_ERROR_NOT_A_NUMBER; so is a factor that takes a time or a tangent past a
 * float, and one that rounds two keys to one time is TA_ERROR_BAD_TIMES. */
TA_API ta_result ta_track_scale(ta_track *track, double factor, ta_error *err);
/* Removes the keys before start and after end, keeping at least one
 * (three.js trim: when no key is in range, the last key not after end, or the
 * first key when every key is after end). The kept keys keep their tangents
 * or control points; a string track keeps only the strings its kept keys use.
 * start and end may be infinite; NaN is refused. */
TA_API ta_result ta_track_trim(ta_track *track, double start, double end, ta_error *err);
/* Removes each key whose value equals both neighbours' (three.js optimize),
 * keeping the first and last key and every key of a SMOOTH or BEZIER track; a
 * CUBIC_SPLINE key goes only when its value equals both neighbours' and the
 * in- and out-tangents of the key and of both neighbours are all zero. */
TA_API ta_result ta_track_optimize(ta_track *track, ta_error *err);
/* True if ta_track_create would build this track. */
TA_API bool ta_track_validate(const ta_track *track);
/* The same, with the reason when it would not. */
TA_API ta_result ta_track_check(const ta_track *track, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
