/**
 * @file
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
 *     ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_POSITION, &target, &err);
 *     const float times[] = {0, 2};
 *     const float values[] = {0, 0, 0, 4, 0, 0};
 *     ta_track_desc desc = {0};
 *     desc.target = target;
 *     desc.times = times;  desc.key_count = 2;
 *     desc.values = values; desc.value_count = 6;
 *     ta_track *slide;
 *     if (ta_track_create(&desc, NULL, &slide, &err) != TA_OK) ...
 *     float at_one[3];
 *     ta_track_sample(slide, 1.0, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, at_one, 3, &err);
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
#include "threeanim/track_kind_list.h"
#include "threeanim/units.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * What a track drives. Made from TA_TRACK_KIND_LIST (track_kind_list.h), which gives each kind's
 * numbers per key, family, element, three.js property and the rest: TA_TRACK_KIND_POSITION, TA_TRACK_KIND_SCALE,
 * TA_TRACK_KIND_QUATERNION, TA_TRACK_KIND_VISIBLE, TA_TRACK_KIND_NODE_NAME (a node's), TA_TRACK_KIND_MORPH_INFLUENCE,
 * TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE (a mesh's, element the morph target), TA_TRACK_KIND_POSITION_ELEMENT,
 * TA_TRACK_KIND_SCALE_ELEMENT, TA_TRACK_KIND_ROTATION_ELEMENT (one number of a node's vector, element the axis; rotation
 * as an Euler XYZ angle), the TA_MATERIAL_ kinds (a material's, the TA_MATERIAL_MAP_ ones of its map
 * texture), the TA_LIGHT_ kinds and the TA_CAMERA_ kinds.
 */
typedef enum ta_track_kind {
/** One enumerator of ta_track_kind from a row of TA_TRACK_KIND_LIST. */
#define TA_TRACK_KIND_ENUMERATOR(value, name, size, type, family, element, holder, property, json, range, unit, gltf) \
    value,
    TA_TRACK_KIND_LIST(TA_TRACK_KIND_ENUMERATOR)
#undef TA_TRACK_KIND_ENUMERATOR
    TA_TRACK_KIND_COUNT /**< the number of kinds; not a kind */
} ta_track_kind;

/** The kind of thing a target's index points into. */
typedef enum ta_target_family {
    TA_TARGET_FAMILY_NODE = 0,            /**< scene.nodes */
    TA_TARGET_FAMILY_MESH,                /**< scene.meshes */
    TA_TARGET_FAMILY_SKINNED_MESH,        /**< scene.skinned_meshes */
    TA_TARGET_FAMILY_MATERIAL,            /**< assets.materials */
    TA_TARGET_FAMILY_LIGHT,               /**< scene.lights */
    TA_TARGET_FAMILY_PERSPECTIVE_CAMERA,  /**< cameras.perspective */
    TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, /**< cameras.orthographic */
    TA_TARGET_FAMILY_COUNT         /**< the number of families; not a family */
} ta_target_family;

/** The kind of value a track holds, which decides how it is interpolated and mixed. */
typedef enum ta_value_type {
    TA_VALUE_TYPE_NUMBER = 0, /**< numbers, mixed one at a time */
    TA_VALUE_TYPE_COLOR,      /**< three linear channels */
    TA_VALUE_TYPE_ROTATION,   /**< a unit quaternion, mixed by slerp */
    TA_VALUE_TYPE_FLAG,       /**< 0 or 1 */
    TA_VALUE_TYPE_STRING      /**< an index into the track's strings */
} ta_value_type;

/**
 * What a track drives: a kind, the family and index of the thing, and an element. Make one with a
 * target constructor.
 */
typedef struct ta_track_target {
    ta_track_kind kind;      /**< what it drives */
    ta_target_family family; /**< the list index points into */
    uint32_t index;          /**< into the family's list */
    uint32_t element;        /**< the axis of an _ELEMENT kind, the morph target of a morph kind, else 0 */
} ta_track_target;

/** How a track runs between two keys. */
typedef enum ta_interpolation {
    TA_INTERPOLATION_DEFAULT = 0, /**< LINEAR, or STEP for flags and strings */
    TA_INTERPOLATION_LINEAR,                    /**< InterpolateLinear (slerp for a rotation) */
    TA_INTERPOLATION_STEP,                      /**< InterpolateDiscrete: the key at or before the time */
    TA_INTERPOLATION_SMOOTH,                    /**< InterpolateSmooth: a cubic through the keys */
    TA_INTERPOLATION_CUBIC_SPLINE,              /**< glTF's CUBICSPLINE: values and tangents */
    TA_INTERPOLATION_BEZIER,                    /**< InterpolateBezier: values and control points */
    TA_INTERPOLATION_COUNT        /**< the number of interpolations; not one */
} ta_interpolation;

/** What a SMOOTH track uses past its first or last key. */
typedef enum ta_ending {
    TA_ENDING_ZERO_CURVATURE = 0, /**< three.js ZeroCurvatureEnding: a natural spline */
    TA_ENDING_ZERO_SLOPE,         /**< ZeroSlopeEnding: flat at the start. At the end three.js
                                     stands the last key in for the one after, an interval on,
                                     so the slope there is half the last interval's, not 0;
                                     ported as three.js computes it */
    TA_ENDING_WRAP_AROUND, /**< WrapAroundEnding: continues into the other end */
    TA_ENDING_COUNT        /**< the number of endings; not one */
} ta_ending;

/* ---- kinds and targets ---------------------------------------------------------- */

/**
 * The kind's name without the prefix: "POSITION", "MATERIAL_OPACITY", ...; "?" for a kind that is
 * not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs The property part of a track name (".position", ".material.opacity").
 */
TA_API const char *ta_track_kind_name(ta_track_kind kind);

/**
 * The interpolation's name: "LINEAR", "STEP", "SMOOTH", "CUBIC_SPLINE", "BEZIER" ("DEFAULT" for 0);
 * "?" for one that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs InterpolateLinear, InterpolateDiscrete, InterpolateSmooth, InterpolateBezier; glTF's
 * CUBICSPLINE.
 */
TA_API const char *ta_interpolation_name(ta_interpolation interp);

/**
 * The ending's name: "ZERO_CURVATURE_ENDING", "ZERO_SLOPE_ENDING", "WRAP_AROUND_ENDING"; "?" for
 * one that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs ZeroCurvatureEnding, ZeroSlopeEnding, WrapAroundEnding.
 */
TA_API const char *ta_ending_name(ta_ending ending);

/**
 * How many numbers a key of the kind holds: 3 for POSITION, 4 for QUATERNION, 1 for a number, ...;
 * 0 for a kind that is not named.
 *
 * @ownership None.
 * @errors None.
 * @threejs KeyframeTrack.getValueSize, from the kind rather than the track.
 */
TA_API uint32_t ta_track_kind_value_size(ta_track_kind kind);

/**
 * The kind of value a track of the kind holds, which decides how it is interpolated and mixed;
 * TA_VALUE_TYPE_NUMBER for a kind that is not named.
 *
 * @ownership None.
 * @errors None.
 * @threejs The KeyframeTrack subclass: Number, Vector, Color, Quaternion, Boolean or
 * StringKeyframeTrack.
 */
TA_API ta_value_type ta_track_kind_value_type(ta_track_kind kind);

/**
 * The family whose index the kind takes. The CAMERA_ kinds answer TA_TARGET_FAMILY_PERSPECTIVE_CAMERA; an
 * orthographic target says so itself. TA_TARGET_FAMILY_COUNT for a kind that is not named.
 *
 * @ownership None.
 * @errors None.
 * @threejs The object part of a track name (a node, ".material", ".morphTargetInfluences").
 */
TA_API ta_target_family ta_track_kind_family(ta_track_kind kind);

/**
 * The three.js name of the property the kind drives: "position", "quaternion", "opacity", "offset"
 * (of the material's map), "morphTargetInfluences", "fov", ...; "?" for a kind that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs The propertyName PropertyBinding.parseTrackName gives.
 */
TA_API const char *ta_track_kind_property_name(ta_track_kind kind);

/**
 * The kind's property as a path from the thing the target's index names: the property name, after
 * "map." for the MATERIAL_MAP_ kinds ("position", "opacity", "map.offset", "fov", ...); "?" for a
 * kind that is not named. The command prints it after a node or material reference, and its replay
 * paths use it.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs The end of a track name: "mesh.material.opacity", "mesh.material.map.offset".
 */
TA_API const char *ta_track_kind_property_path(ta_track_kind kind);

/**
 * The unit of the kind's numbers: "m", "rad", "degrees", "factor", "uv", "linear RGB", "unit
 * quaternion", "influence", "off / on"; "" for a kind whose numbers have none (opacity, intensity,
 * a name) or that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs None: three.js does not name units.
 */
TA_API const char *ta_track_kind_unit(ta_track_kind kind);

/**
 * The kind a property path names on a thing of family: the inverse of ta_track_kind_property_path.
 * element says whether the path names one element of the property ("position[x]",
 * "morphTargetInfluences[2]"): an _ELEMENT kind needs one, a morph kind takes one or none, any other
 * kind none. TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA finds the camera kinds but CAMERA_FOV.
 *
 * @ownership Writes *out_kind only.
 * @errors TA_ERROR_INVALID_ARGUMENT (property_path or out_kind NULL), TA_ERROR_UNKNOWN_ENUM (a family
 * that is not named), TA_ERROR_NOT_FOUND (no kind of the family has that path). A refused call
 * leaves *out_kind alone.
 * @threejs The property PropertyBinding.bind looks up on the node, material or map it found.
 */
TA_API ta_result ta_track_kind_find(ta_target_family family, const char *property_path, bool element,
                                    ta_track_kind *out_kind, ta_error *err);

/**
 * A target for a whole property of a node: POSITION, SCALE, QUATERNION, VISIBLE or NODE_NAME. The
 * index is not checked here: the scene, assets or cameras are chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind of another family, or an _ELEMENT kind).
 * @threejs A track named "node.position", ".quaternion", ".visible", ".name".
 */
TA_API ta_result ta_track_target_node(ta_node_id node, ta_track_kind kind, ta_track_target *out_target, ta_error *err);

/**
 * A target for one number of a node's vector: POSITION_ELEMENT, SCALE_ELEMENT or ROTATION_ELEMENT,
 * axis 0 for x, 1 for y, 2 for z. The index is not checked here: the scene, assets or cameras are
 * chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind that is not an _ELEMENT kind), TA_ERROR_OUT_OF_RANGE (an axis
 * above 2).
 * @threejs A track named "node.position[x]", ".scale[y]", ".rotation[z]".
 */
TA_API ta_result ta_track_target_node_element(ta_node_id node, ta_track_kind kind, uint32_t axis,
                                        ta_track_target *out_target, ta_error *err);

/**
 * A target for one morph target of a mesh: MORPH_INFLUENCE of target `target`, any number (a mesh
 * has as many as it is given). The index is not checked here: the scene, assets or cameras are
 * chosen at update, which refuses a target past the mesh's own.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_OUT_OF_RANGE (UINT32_MAX: -1
 * passed as unsigned).
 * @threejs A track named "mesh.morphTargetInfluences[2]" (or [name]; see ta_mesh_find_morph_target).
 */
TA_API ta_result ta_track_target_morph(ta_mesh_id mesh, uint32_t target, ta_track_target *out_target, ta_error *err);

/**
 * A target for one morph target of a skinned mesh: SKINNED_MORPH_INFLUENCE of target `target`, any
 * number. The index is not checked here: the update refuses a target past the mesh's own.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_OUT_OF_RANGE (UINT32_MAX: -1
 * passed as unsigned).
 * @threejs A track named "skinnedMesh.morphTargetInfluences[2]".
 */
TA_API ta_result ta_track_target_skinned_morph(ta_skinned_mesh_id mesh, uint32_t target, ta_track_target *out_target,
                                         ta_error *err);

/**
 * A target for a material: the MATERIAL_ kinds, and the map kinds (MATERIAL_MAP_OFFSET, _REPEAT,
 * _CENTER, _ROTATION), which drive the texture the material's map names. The index is not checked
 * here: the scene, assets or cameras are chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind of another family).
 * @threejs A track named "mesh.material.opacity" or "mesh.material.map.offset".
 */
TA_API ta_result ta_track_target_material(ta_material_id material, ta_track_kind kind, ta_track_target *out_target,
                                    ta_error *err);

/**
 * A target for a light: the LIGHT_ kinds. The index is not checked here: the scene, assets or
 * cameras are chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind of another family).
 * @threejs A track named "light.intensity", ".color", ".distance", ".angle", ".penumbra".
 */
TA_API ta_result ta_track_target_light(ta_light_id light, ta_track_kind kind, ta_track_target *out_target,
                                 ta_error *err);

/**
 * A target for a perspective camera: CAMERA_FOV, CAMERA_ZOOM, CAMERA_NEAR, CAMERA_FAR. The index is
 * not checked here: the scene, assets or cameras are chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind of another family).
 * @threejs A track named "camera.fov", ".zoom", ".near", ".far".
 */
TA_API ta_result ta_track_target_perspective_camera(ta_perspective_camera_id camera, ta_track_kind kind,
                                              ta_track_target *out_target, ta_error *err);

/**
 * A target for an orthographic camera: CAMERA_ZOOM, CAMERA_NEAR, CAMERA_FAR (not CAMERA_FOV). The
 * index is not checked here: the scene, assets or cameras are chosen at update, which checks it.
 *
 * @ownership Writes *out_target only; a target is a value.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_target NULL), TA_ERROR_UNKNOWN_ENUM (a kind that is not
 * named), TA_ERROR_WRONG_KIND (a kind of another family, or CAMERA_FOV).
 * @threejs A track named "camera.zoom", ".near", ".far".
 */
TA_API ta_result ta_track_target_orthographic_camera(ta_orthographic_camera_id camera, ta_track_kind kind,
                                               ta_track_target *out_target, ta_error *err);

/**
 * True if a and b drive the same thing: same kind, family, index and element.
 *
 * @ownership None.
 * @errors None.
 * @threejs Two track names that bind to one property.
 */
TA_API bool ta_track_target_eq(ta_track_target a, ta_track_target b);

/* ---- making a track ------------------------------------------------------------- */

/**
 * What ta_track_create copies into a new track; zero the struct, then set the fields the track
 * needs.
 */
typedef struct ta_track_desc {
    ta_track_target target;         /**< from a target constructor */
    ta_interpolation interpolation; /**< 0: LINEAR, or STEP for flags and strings */
    const float *times;             /**< key_count times in seconds, >= 0, rising */
    uint32_t key_count;             /**< at least 1 */
    const float *values;            /**< value_count numbers; NULL for a string track */
    uint32_t value_count;           /**< key_count * value size of the kind */
    const float *in_tangents;       /**< CUBIC_SPLINE and BEZIER only, see the layouts above */
    const float *out_tangents;      /**< laid out as in_tangents */
    uint32_t tangent_count;         /**< the count of each of in_tangents and out_tangents */
    const char *const *strings;     /**< NODE_NAME: key_count strings; NULL otherwise */
} ta_track_desc;

/**
 * A keyframe track (opaque): made by ta_track_create, freed by ta_track_destroy or by the clip that
 * takes it.
 */
typedef struct ta_track ta_track;

/**
 * Builds a track after checking everything that is refused for tracks: a kind, a
 * family or an interpolation not named, a target's element out of range, no keys, times negative or
 * not rising, values not one per key, a rotation key not of unit length (|length - 1| > 1e-3; of
 * a CUBIC_SPLINE track, whose samples are made of unit length after the curve: of length 0), a
 * SMOOTH rotation, a flag or string track not STEP, a flag key other than 0 or 1, a VISIBLE track
 * that is CUBIC_SPLINE, tangents or control points missing or miscounted, tangents on a track that
 * takes none, NaN or an infinity anywhere.
 *
 * @ownership Every array of desc (and each string) is copied; the caller's are never kept nor
 * changed. The caller owns *out_track and frees it with ta_track_destroy, unless it gives it to a
 * clip (ta_clip_create), which then owns it. The track keeps a copy of allocator (NULL: the C
 * library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (desc or out_track NULL, a NULL array with a count, a NULL
 * string, an allocator with only one of alloc and free), TA_ERROR_UNKNOWN_ENUM,
 * TA_ERROR_WRONG_KIND, TA_ERROR_OUT_OF_RANGE (the target's element), TA_ERROR_NO_KEYS,
 * TA_ERROR_BAD_TIMES, TA_ERROR_BAD_VALUE_COUNT, TA_ERROR_BAD_KEY_VALUE, TA_ERROR_BAD_INTERPOLATION,
 * TA_ERROR_BAD_TANGENTS, TA_ERROR_NOT_A_NUMBER, TA_ERROR_LIMIT_EXCEEDED (a string track of more
 * keys than float32 indices can tell apart), TA_ERROR_OUT_OF_MEMORY. The message names the field,
 * the key and the value ("times: key 7 time 0.5 is not after key 6 time 0.5").
 * @threejs new VectorKeyframeTrack(name, times, values, interpolation) and the other subclasses
 * (which check nothing until validate()); settings.inTangents / outTangents for BEZIER.
 */
TA_API ta_result ta_track_create(const ta_track_desc *desc, const ta_allocator *allocator, ta_track **out_track,
                                 ta_error *err);

/**
 * A deep copy of track, with its own allocator (NULL: the C library's).
 *
 * @ownership track is only read. The caller owns *out_track (ta_track_destroy, or give it to a
 * clip).
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out_track NULL, a bad allocator),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs KeyframeTrack.clone.
 */
TA_API ta_result ta_track_copy(const ta_track *track, const ta_allocator *allocator, ta_track **out_track,
                               ta_error *err);

/**
 * Frees a track the caller owns. NULL does nothing. Never destroy a track a clip has taken.
 *
 * @ownership Frees the track and everything it holds.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_track_destroy(ta_track *track);

/* ---- reading a track -------------------------------------------------------------- */

/**
 * What the track drives.
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs KeyframeTrack.name, parsed by PropertyBinding.parseTrackName.
 */
TA_API ta_track_target ta_track_target_of(const ta_track *track);

/**
 * The interpolation, never TA_INTERPOLATION_DEFAULT once built (LINEAR, or STEP for flags and
 * strings).
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs KeyframeTrack.getInterpolation.
 */
TA_API ta_interpolation ta_track_interpolation(const ta_track *track);

/**
 * How many keys the track holds (at least 1).
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs KeyframeTrack.times.length.
 */
TA_API uint32_t ta_track_key_count(const ta_track *track);

/**
 * How many numbers one key holds (the kind's value size).
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs KeyframeTrack.getValueSize.
 */
TA_API uint32_t ta_track_value_size(const ta_track *track);

/**
 * When the last key is, in seconds.
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs times[times.length - 1], which AnimationClip.resetDuration reads.
 */
TA_API ta_duration ta_track_duration(const ta_track *track);

/**
 * The key times, key_count floats in seconds, rising.
 *
 * @ownership Points into the track: valid while the track lives and is not edited; do not change
 * it.
 * @errors None; track must not be NULL.
 * @threejs KeyframeTrack.times.
 */
TA_API const float *ta_track_times(const ta_track *track);

/**
 * The values, key_count * value_size floats, key after key (for a string track, the place of each
 * key's string).
 *
 * @ownership Points into the track: valid while the track lives and is not edited.
 * @errors None; track must not be NULL.
 * @threejs KeyframeTrack.values.
 */
TA_API const float *ta_track_values(const ta_track *track);

/**
 * The in-tangents (CUBIC_SPLINE) or in control points (BEZIER), laid out as the file's comment
 * says; NULL, with a count of 0, for a track without them.
 *
 * @ownership Points into the track: valid while the track lives and is not edited.
 * @errors None; track must not be NULL.
 * @threejs settings.inTangents (Bezier); GLTFCubicSplineInterpolant reads the in-tangents from the
 * values.
 */
TA_API const float *ta_track_in_tangents(const ta_track *track);

/**
 * The out-tangents or out control points; NULL for a track without them.
 *
 * @ownership Points into the track: valid while the track lives and is not edited.
 * @errors None; track must not be NULL.
 * @threejs settings.outTangents (Bezier).
 */
TA_API const float *ta_track_out_tangents(const ta_track *track);

/**
 * The count of each of the in- and out-tangent lists; 0 for a track without them.
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs settings.inTangents.length.
 */
TA_API uint32_t ta_track_tangent_count(const ta_track *track);

/**
 * How many distinct strings a string track keeps (0 for any other track), in the order their first
 * keys come.
 *
 * @ownership Reads track, which must not be NULL (not checked).
 * @errors None.
 * @threejs None: StringKeyframeTrack.values holds one string per key.
 */
TA_API uint32_t ta_track_string_count(const ta_track *track);

/**
 * The distinct string at index; NULL past the end (and for any index of a track that is not a
 * string track).
 *
 * @ownership Points into the track: valid while the track lives and is not edited.
 * @errors None; track must not be NULL.
 * @threejs None: StringKeyframeTrack.values holds one string per key.
 */
TA_API const char *ta_track_string(const ta_track *track, uint32_t index);

/* ---- sampling ------------------------------------------------------------------- */

/** Remembers the interval of the last sample. Zero it to start; it is only a
 * hint, so any sampler works with any track. */
typedef struct ta_sampler {
    uint32_t cursor; /**< the interval of the last sample */
} ta_sampler;

/**
 * The value at time `at` into out (out_count >= value size). Before the first key the first key's
 * value, at and after the last the last key's (an infinite time is one of these). start and end are
 * the endings of a SMOOTH track (ignored otherwise). A string track gives the place of its string
 * in the track's strings. The numbers are worked out in double from the float32 keys, as three.js
 * does, and rounded to float at the end. Each call starts a cold lookup (a binary search);
 * ta_track_sample_with keeps a cursor for playing forward.
 *
 * @ownership Writes out only; never allocates.
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out NULL, out_count below the value size),
 * TA_ERROR_NOT_A_NUMBER (a NaN time), TA_ERROR_UNKNOWN_ENUM (an ending not named).
 * @threejs track.createInterpolant().evaluate(at), with settings.endingStart / endingEnd for SMOOTH
 * (a CubicInterpolant on its own uses ZeroCurvatureEnding).
 */
TA_API ta_result ta_track_sample(const ta_track *track, double at, ta_ending start, ta_ending end, float *out,
                                 uint32_t out_count, ta_error *err);

/**
 * ta_track_sample with a sampler that remembers the interval of the last sample, so that playing
 * forward costs O(1) per sample. Any sampler works with any track: the cursor is only a hint.
 *
 * @ownership Writes out and the sampler's cursor; never allocates.
 * @errors As ta_track_sample, and TA_ERROR_INVALID_ARGUMENT for a NULL sampler.
 * @threejs Interpolant.evaluate, which keeps its cached interval the same way.
 */
TA_API ta_result ta_track_sample_with(const ta_track *track, ta_sampler *sampler, double at, ta_ending start,
                                      ta_ending end, float *out, uint32_t out_count, ta_error *err);

/**
 * The value of a three-number track (POSITION, SCALE, a color, ...) at `at`, as a vector. A
 * rotation track is refused.
 *
 * @ownership Writes *out only.
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out NULL), TA_ERROR_WRONG_KIND (a track whose keys
 * are not three numbers), TA_ERROR_NOT_A_NUMBER, TA_ERROR_UNKNOWN_ENUM (an ending).
 * @threejs VectorKeyframeTrack's interpolant, evaluated into a Vector3.
 */
TA_API ta_result ta_track_sample_vector3(const ta_track *track, double at, ta_ending start, ta_ending end,
                                         ta_vec3 *out, ta_error *err);

/**
 * The value of a QUATERNION track at `at`: slerp between LINEAR keys, and for CUBIC_SPLINE and
 * BEZIER each number interpolated and the result made of unit length.
 *
 * @ownership Writes *out only.
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out NULL), TA_ERROR_WRONG_KIND (any other kind),
 * TA_ERROR_NOT_A_NUMBER (a NaN time).
 * @threejs QuaternionLinearInterpolant (or GLTFCubicSplineQuaternionInterpolant).evaluate.
 */
TA_API ta_result ta_track_sample_quaternion(const ta_track *track, double at, ta_quat *out, ta_error *err);

/**
 * The string of a string track at `at` (the key at or before it; the first before the first key).
 *
 * @ownership *out points into the track: valid while the track lives and is not edited.
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out NULL), TA_ERROR_WRONG_KIND (not a string track),
 * TA_ERROR_NOT_A_NUMBER (a NaN time).
 * @threejs StringKeyframeTrack's DiscreteInterpolant.evaluate.
 */
TA_API ta_result ta_track_sample_string(const ta_track *track, double at, const char **out, ta_error *err);

/**
 * The string of each key of a string track into out (out_count >= key count).
 *
 * @ownership The strings point into the track: valid while the track lives and is not edited.
 * @errors TA_ERROR_INVALID_ARGUMENT (track or out NULL, out_count below the key count),
 * TA_ERROR_WRONG_KIND (not a string track).
 * @threejs StringKeyframeTrack.values.
 */
TA_API ta_result ta_track_key_strings(const ta_track *track, const char **out, uint32_t out_count, ta_error *err);

/* ---- editing a track (in place; refused calls change nothing) -------------------- */

/**
 * Moves every key (and every Bezier control point's time) by offset seconds; three.js leaves the
 * control points behind.
 *
 * @ownership Edits the track in place: only a track the caller owns (not one a clip has taken).
 * @errors TA_ERROR_INVALID_ARGUMENT (track NULL), TA_ERROR_NOT_A_NUMBER (a NaN or infinite offset,
 * or one that takes a time past a float), TA_ERROR_BAD_TIMES (a key moved before zero, or two keys
 * rounded to one float32 time). A refused call changes nothing.
 * @threejs KeyframeTrack.shift.
 */
TA_API ta_result ta_track_shift(ta_track *track, double offset, ta_error *err);

/**
 * Multiplies every time (and every Bezier control time) by factor, and divides CUBIC_SPLINE
 * tangents by factor (a tangent is a value per second; three.js leaves them).
 *
 * @ownership Edits the track in place: only a track the caller owns.
 * @errors TA_ERROR_INVALID_ARGUMENT (track NULL), TA_ERROR_OUT_OF_RANGE (a factor not above zero),
 * TA_ERROR_NOT_A_NUMBER (a NaN or infinite factor, or one that takes a time or a tangent past a
 * float), TA_ERROR_BAD_TIMES (two keys rounded to one time). A refused call changes nothing.
 * @threejs KeyframeTrack.scale.
 */
TA_API ta_result ta_track_scale(ta_track *track, double factor, ta_error *err);

/**
 * Removes the keys before start and after end, keeping at least one (three.js trim: when no key is
 * in range, the last key not after end, or the first key when every key is after end). The kept
 * keys keep their tangents or control points; a string track keeps only the strings its kept keys
 * use. start and end may be infinite.
 *
 * @ownership Edits the track in place: only a track the caller owns.
 * @errors TA_ERROR_INVALID_ARGUMENT (track NULL), TA_ERROR_NOT_A_NUMBER (start or end NaN),
 * TA_ERROR_OUT_OF_MEMORY. A refused call changes nothing.
 * @threejs KeyframeTrack.trim.
 */
TA_API ta_result ta_track_trim(ta_track *track, double start, double end, ta_error *err);

/**
 * Removes each key whose value equals both neighbours' (three.js optimize), keeping the first and
 * last key and every key of a SMOOTH or BEZIER track; a CUBIC_SPLINE key goes only when its value
 * equals both neighbours' and the in- and out-tangents of the key and of both neighbours are all
 * zero (equal nonzero tangents still bend the curve).
 *
 * @ownership Edits the track in place: only a track the caller owns.
 * @errors TA_ERROR_INVALID_ARGUMENT (track NULL), TA_ERROR_OUT_OF_MEMORY. A refused call changes
 * nothing.
 * @threejs KeyframeTrack.optimize.
 */
TA_API ta_result ta_track_optimize(ta_track *track, ta_error *err);

/**
 * True if ta_track_create would build this track (false for NULL). A track built by the library
 * always passes; this checks one changed through the pointers the getters return.
 *
 * @ownership Reads track only.
 * @errors None: see ta_track_check for the reason.
 * @threejs KeyframeTrack.validate, which checks less (it accepts two keys at one time and a key
 * before zero).
 */
TA_API bool ta_track_is_valid(const ta_track *track);

/**
 * ta_track_is_valid with the reason when it would not build.
 *
 * @ownership Reads track only.
 * @errors The refusals of ta_track_create, with the same messages; TA_ERROR_INVALID_ARGUMENT for a
 * NULL track.
 * @threejs KeyframeTrack.validate, which prints its reason with console.error.
 */
TA_API ta_result ta_track_check(const ta_track *track, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
