/**
 * @file
 * threeanim/animation_json.h -- clips in three.js JSON, and the track names
 * (property paths) three.js uses to say what a track drives.
 *
 * three.js names a track's target with a string path such as
 * "Cube.position", ".material[1].opacity" or ".bones[hips].quaternion". A
 * threeanim track holds a typed target instead, so the strings live only
 * here, where JSON is read and written:
 *
 *   - ta_track_name_parse is PropertyBinding.parseTrackName: it splits a path
 *     into node name, object name, object index, property name and property
 *     index, with three.js's regular expression, byte for byte.
 *   - ta_clip_write is AnimationClip.toJSON. A namer says which object each
 *     typed target belongs to; ta_clip_binding_name names them by uuid.
 *   - ta_clip_read is AnimationClip.parse. A resolver turns each track name
 *     into typed targets; ta_clip_binding_resolve binds them in a scene as
 *     PropertyBinding.findNode and bind do. The object JSON reader
 *     (object_json.h) uses the same code for the clips of a scene.
 *
 * @code
 *     ta_clip_binding where = {scene, assets, cameras, ta_node_none()};
 *     ta_clip_write_options wo = {0};
 *     wo.namer = ta_clip_binding_name;
 *     wo.namer_user = &where;
 *     char *text;
 *     if (ta_clip_write(clip, &wo, &text, &err) == TA_OK) puts(text);
 *
 *     ta_clip_read_options ro = {0};
 *     ro.resolver = ta_clip_binding_resolve;
 *     ro.resolver_user = &where;
 *     ta_clip *back;
 *     ta_clip_read(text, strlen(text), &ro, &back, &err);
 *     ta_json_destroy(text);
 * @endcode
 *
 * What is refused, for JSON: a track with an
 * interpolation three.js does not name (and glTF's CUBICSPLINE, which has no
 * three.js JSON form), a track in the older "keys" form, a track whose type is
 * not the type of its property, a track on the three.js Scene itself or on a
 * property this library does not drive, a blend mode that is not named. Every
 * message starts with the JSON path of the fault, for instance
 * "tracks[3].values[7]: is null, not a number". A track that names no object,
 * or a property three.js could not bind (a material index past the end, a
 * morph target name the mesh does not have, ".materials[0]..."), is left out
 * and reported through the warning callback, as three.js binds it to nothing.
 *
 * Ownership: parsed track names point into the caller's buffer. Text from a
 * writer belongs to the caller, who frees it with ta_json_destroy. A clip from
 * ta_clip_read holds one reference for the caller. JSON parsing uses
 * jansson's allocator (the C library's); everything the call returns uses the
 * caller's allocator.
 */
#ifndef THREEANIM_ANIMATION_JSON_H
#define THREEANIM_ANIMATION_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/camera.h"
#include "threeanim/ids.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/material.h"
#include "threeanim/model.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- track names ---------------------------------------------------------------- */

/**
 * The parts of a track name. A part the name does not have is NULL, as three.js leaves it
 * undefined; node_name can also be "" (".material.opacity").
 */
typedef struct ta_track_name {
    const char *node_name;      /**< NULL, "" or the node's name or uuid */
    const char *object_name;    /**< "material", "bones", "map", ... */
    const char *object_index;   /**< the text between the object's brackets */
    const char *property_name;  /**< never NULL after a parse */
    const char *property_index; /**< the text between the property's brackets */
} ta_track_name;

/** Enough buffer for the parts of a name of `length` bytes. */
#define TA_TRACK_NAME_BUFFER_SIZE(length) ((size_t)(length) + 6u)

/**
 * three.js PropertyBinding.parseTrackName: splits a track name into node name, object name, object
 * index, property name and property index, with three.js's regular expression, byte for byte. The
 * parts are copied into buffer (at least TA_TRACK_NAME_BUFFER_SIZE(strlen(track_name)) bytes) and
 * out_name points into it.
 *
 * @ownership out_name's strings point into buffer, which stays the caller's.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument, a buffer too small), TA_ERROR_PARSE (a name
 * three.js cannot parse; the message quotes it).
 * @threejs PropertyBinding.parseTrackName(trackName).
 */
TA_API ta_result ta_track_name_parse(const char *track_name, ta_track_name *out_name, char *buffer,
                                     size_t buffer_size, ta_error *err);

/**
 * three.js PropertyBinding.sanitizeNodeName: each white space character (JavaScript's \\s, in
 * UTF-8) becomes '_', and [ ] . : / are removed. out needs strlen(name) + 1 bytes.
 *
 * @ownership Writes out only.
 * @errors TA_ERROR_INVALID_ARGUMENT (name or out NULL, out_size too small).
 * @threejs PropertyBinding.sanitizeNodeName(name).
 */
TA_API ta_result ta_track_name_sanitize(const char *name, char *out, size_t out_size, ta_error *err);

/* ---- binding names to targets, and naming targets --------------------------------- */

/**
 * A scene, its assets and its cameras, and the object a clip belongs to: where track names are
 * bound, or named from.
 */
typedef struct ta_clip_binding {
    const ta_scene *scene;         /**< required */
    const ta_assets *assets;       /**< NULL: material and map paths bind nothing */
    const ta_camera_list *cameras; /**< NULL: camera paths bind nothing */
    ta_node_id root;               /**< the object that holds the clip; ta_node_none(): the Scene */
} ta_clip_binding;

/** What one track name binds to. */
typedef struct ta_track_binding {
    /** 0: the track is left out (three.js binds it to nothing); 1 for most
     * names; one per morph target for a whole ".morphTargetInfluences", whose
     * values are then split (see split). Several targets without split each
     * get the whole track. At most TA_MAX_MORPH_TARGETS. */
    uint32_t target_count;                         /**< 0: left out; see above */
    ta_track_target targets[TA_MAX_MORPH_TARGETS]; /**< target_count targets */
    /** The values are split among the targets: each key holds a run of numbers
     * (values / times of them) whose first target_count go to the targets in
     * order, as three.js copies a whole array property. */
    bool split;       /**< whether the values are split among the targets */
    char reason[192]; /**< when target_count is 0: why */
} ta_track_binding;

/**
 * Binds a track name. Returns TA_OK with a binding (possibly empty), or refuses the name (the clip
 * is then refused).
 */
typedef ta_result (*ta_track_resolver)(void *user, const char *track_name, const ta_track_name *parsed,
                                       ta_track_binding *out_binding, ta_error *err);

/**
 * A ta_track_resolver; clip_binding is a ta_clip_binding. It finds the node as
 * PropertyBinding.findNode does from binding->root (the root by an empty name, "." or its own name
 * or uuid, then a bone of its skeleton by name, then each object below it depth first, by name or
 * uuid), then the property as PropertyBinding.bind does. The object reader uses it with what the
 * document says about each mesh; here a mesh of exactly one material stands for a three.js mesh
 * with one material (not an array), and a mesh's morph names stand for its morphTargetDictionary. A
 * name that binds nothing returns TA_OK with an empty binding and the reason.
 *
 * @ownership Reads the binding's scene, assets and cameras; writes *out_binding only.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument or scene), TA_ERROR_MISSING_TARGET (the root
 * not in the scene), TA_ERROR_UNSUPPORTED: a property of the Scene itself (its material, map or
 * bones are left out, as it has none), a property three.js has but this library does not drive
 * (".rotation" whole, ".up", ".material.side", ".position[w]" ...), a property no object of the
 * library has (".foo"), an object name other than material, materials, bones and map.
 * @threejs PropertyBinding.findNode and PropertyBinding.bind.
 */
TA_API ta_result ta_clip_binding_resolve(void *clip_binding, const char *track_name, const ta_track_name *parsed,
                                         ta_track_binding *out_binding, ta_error *err);

/** Who carries a target, for its path: the writer appends the property. */
typedef struct ta_target_owner {
    /** What the path starts with, a uuid or a name ("" for the clip's own
     * object). It must hold none of [ ] . : / so that the path parses back.
     * Valid until the next call of the namer. */
    const char *node;
    /** Material and map targets: -1 for a mesh of one material
     * (".material.opacity", ".map.offset"), else the material's place in the
     * mesh's list (".material[1].opacity"). */
    int32_t material_slot;
} ta_target_owner;

/** Names the owner of a typed target, or refuses it. */
typedef ta_result (*ta_target_namer)(void *user, const ta_track_target *target, ta_target_owner *out_owner,
                                     ta_error *err);

/**
 * A ta_target_namer; clip_binding is a ta_clip_binding. It names each target by the uuid of the
 * object that carries it, as this table says: a node by its uuid, a morph target by its
 * mesh's node, a material by the first mesh that draws with it (depth first from the root), a light
 * or a camera by its node.
 *
 * @ownership out_owner->node points into the scene: valid until the scene changes.
 * @errors TA_ERROR_INVALID_ARGUMENT (a NULL argument or scene), TA_ERROR_MISSING_TARGET (a target
 * whose thing is not there, a node that is not the root or below it, a material no mesh below the
 * root draws with, a camera without a node), and a refusal for a node without a uuid.
 * @threejs None: three.js writes the names its tracks already hold.
 */
TA_API ta_result ta_clip_binding_name(void *clip_binding, const ta_track_target *target, ta_target_owner *out_owner,
                                      ta_error *err);

/**
 * The track name three.js would bind to target: owner->node, then the property path of the kind,
 * as ta_clip_write writes it ("Hips.quaternion", "Face.morphTargetInfluences[2]",
 * "Arm.position[x]", "Body.material[1].opacity", "Bubble.map.offset", "Lamp.intensity"). A morph
 * target goes by morph_name when it is given (non-NULL, non-empty, holding none of [ ] and no line
 * break): three.js looks it up in the mesh's morphTargetDictionary; otherwise by its number.
 * morph_name is not read for other kinds.
 *
 * out gets the name and a NUL; out may be NULL when out_size is 0, to measure: *out_length is then
 * the name's length (without the NUL), and the call returns TA_OK.
 *
 * @ownership Writes out[0 .. *out_length] and *out_length only. On TA_ERROR_INVALID_ARGUMENT for a
 * buffer too small, *out_length still says how long the name is (so the caller can size the
 * buffer) and out is not written.
 * @errors TA_ERROR_INVALID_ARGUMENT (target, owner or owner->node NULL, out NULL with out_size
 * above 0, out_size not above the name's length), TA_ERROR_UNKNOWN_ENUM, TA_ERROR_WRONG_KIND or
 * TA_ERROR_OUT_OF_RANGE (a target no constructor of keyframe_track.h makes), TA_ERROR_UNSUPPORTED
 * (owner->node holds one of [ ] . : / so the name would not parse back to it; a map kind with
 * owner->material_slot 0 or above, which three.js cannot bind).
 * @threejs The trackName of a KeyframeTrack (what PropertyBinding.parseTrackName reads).
 */
TA_API ta_result ta_track_name_format(const ta_track_target *target, const ta_target_owner *owner,
                                      const char *morph_name, char *out, size_t out_size, size_t *out_length,
                                      ta_error *err);

/* ---- clips -------------------------------------------------------------------------- */

/** How ta_clip_write writes; zero the struct, then set namer. */
typedef struct ta_clip_write_options {
    ta_target_namer namer;         /**< required */
    void *namer_user;              /**< given to namer */
    const ta_allocator *allocator; /**< for the text; NULL: the C library's */
    int indent;                    /**< 0: compact; else spaces per level (at most 31) */
} ta_clip_write_options;

/**
 * three.js AnimationClip.toJSON, as text: name, duration, tracks, uuid, blendMode and userData (the
 * text of the clip's user data with the clip's markers under "markers" after its other keys, "{}"
 * if it has neither; without markers, the user data as it was given). Each track has its name
 * (the namer's owner and the property), times, values (booleans for a flag, strings for a string
 * track), type ("vector", "quaternion", "number", "color", "bool" or "string"), interpolation when
 * it is not the type's default, and settings.inTangents / outTangents for a BEZIER track. A whole
 * ".morphTargetInfluences" is never written: each morph track names its target.
 *
 * @ownership The caller owns *out_text and frees it with ta_json_destroy; it is allocated with
 * options->allocator. clip is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (clip, out_text, options or its namer NULL, an indent outside
 * [0, 31]), TA_ERROR_UNSUPPORTED (a CUBIC_SPLINE track: three.js JSON has no form for it; a map
 * target on a mesh of several materials, which three.js cannot bind), the namer's refusals, a
 * refusal for an owner whose path does not parse back, TA_ERROR_PARSE (user data that is not the
 * text of a JSON object: "user_data: ..."), TA_ERROR_INVALID_ARGUMENT (a marker name that is not
 * UTF-8), TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationClip.toJSON(clip), then JSON.stringify.
 */
TA_API ta_result ta_clip_write(const ta_clip *clip, const ta_clip_write_options *options, char **out_text,
                               ta_error *err);

/**
 * Frees text from ta_clip_write, ta_object_json_write or ta_object_json_write_file's writer (it
 * remembers its allocator). NULL does nothing.
 *
 * @ownership Frees text.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_json_destroy(char *text);

/** Receives one line per track left out. */
typedef void (*ta_warning_receiver)(void *user, const char *message);

/** How ta_clip_read reads; zero the struct, then set resolver. */
typedef struct ta_clip_read_options {
    const ta_allocator *allocator; /**< for the clip; NULL: the C library's */
    ta_track_resolver resolver;    /**< required */
    void *resolver_user;           /**< given to resolver */
    ta_warning_receiver warn;            /**< NULL: left-out tracks are not reported */
    void *warn_user;               /**< given to warn */
    ta_load_limits limits;         /**< bytes, depth, tracks and keys; zero fields: the defaults */
} ta_clip_read_options;

/**
 * three.js AnimationClip.parse: a JSON object with tracks (required), name, duration (negative or
 * absent: the longest track's), uuid, blendMode (2500 normal, 2501 additive; absent: normal),
 * userData (the text of a JSON object: its "markers" key, an array of {"name", "time"}, is taken out
 * into the clip's markers, the rest is the clip's user data) and fps (times are divided by it).
 * Track types are read as getTrackTypeForValueTypeName reads them ("scalar", "double", "float",
 * "number", "integer", "vector", "vector2", "vector3", "vector4", "color", "quaternion", "bool",
 * "boolean", "string", in any case). Interpolations: 2300 STEP, 2301 LINEAR, 2302 SMOOTH, 2303 BEZIER (with
 * settings.inTangents and settings.outTangents). A flag track reads booleans (or 0 and 1). A track
 * the resolver binds to nothing is left out, with a line to options->warn.
 *
 * @ownership text is only read. The caller holds the clip's one reference (ta_clip_release), made
 * with options->allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_clip, options or its resolver NULL), TA_ERROR_PARSE (not
 * JSON, a member of the wrong type or missing, a track in the older "keys" form),
 * TA_ERROR_LIMIT_EXCEEDED (options->limits), TA_ERROR_UNSUPPORTED (an interpolation three.js does
 * not name, a track on the Scene or on a property this library does not drive), TA_ERROR_WRONG_KIND
 * (a track whose type is not the type of its property), TA_ERROR_UNKNOWN_ENUM (a blend mode), the
 * track and clip refusals of ta_track_create and ta_clip_create (a marker's named
 * user_data.markers[i]), TA_ERROR_EMPTY_CLIP (every track
 * left out), TA_ERROR_OUT_OF_RANGE (a duration of 0 over tracks with keys after 0: three.js keeps
 * the 0, this library cannot; a pose clip, every key at 0, is read with duration 0 as three.js
 * reads it), TA_ERROR_OUT_OF_MEMORY. Every message starts with the JSON path of the fault.
 * @threejs AnimationClip.parse(JSON.parse(text)), then the binding a mixer would do.
 */
TA_API ta_result ta_clip_read(const char *text, size_t length, const ta_clip_read_options *options,
                              ta_clip **out_clip, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
