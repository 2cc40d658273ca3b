/*
 * src/io/clip_json_internal.h -- track paths: which three.js properties this
 * library drives, binding a parsed path to typed targets in a scene, naming a
 * typed target as a path, and reading and writing one clip's JSON. Shared by
 * the clip reader and writer and the object JSON reader and writer. Not
 * public.
 */
#ifndef THREEANIM_SRC_IO_CLIP_JSON_INTERNAL_H
#define THREEANIM_SRC_IO_CLIP_JSON_INTERNAL_H

#include <jansson.h>

#include "core/internal.h"
#include "io/json_doc.h"
#include "threeanim/animation_json.h"

/* three.js's constants as a clip's JSON holds them: a track's "interpolation"
 * and a clip's "blendMode". */
#define TA__INTERPOLATE_DISCRETE 2300
#define TA__INTERPOLATE_LINEAR 2301
#define TA__INTERPOLATE_SMOOTH 2302
#define TA__INTERPOLATE_BEZIER 2303
#define TA__NORMAL_BLEND_MODE 2500
#define TA__ADDITIVE_BLEND_MODE 2501

/* ---- the properties ------------------------------------------------------------ */

/* Every property name this library drives on some object. */
typedef enum ta__prop {
    TA__P_POSITION = 0,
    TA__P_SCALE,
    TA__P_QUATERNION,
    TA__P_ROTATION,
    TA__P_VISIBLE,
    TA__P_NAME,
    TA__P_MORPH,
    TA__P_COLOR,
    TA__P_EMISSIVE,
    TA__P_SPECULAR,
    TA__P_OPACITY,
    TA__P_EMISSIVE_INTENSITY,
    TA__P_ROUGHNESS,
    TA__P_METALNESS,
    TA__P_SHININESS,
    TA__P_ALPHA_TEST,
    TA__P_REFLECTIVITY,
    TA__P_ENV_MAP_INTENSITY,
    TA__P_CLEARCOAT,
    TA__P_CLEARCOAT_ROUGHNESS,
    TA__P_SPECULAR_INTENSITY,
    TA__P_IOR,
    TA__P_TRANSPARENT,
    TA__P_WIREFRAME,
    TA__P_OFFSET,
    TA__P_REPEAT,
    TA__P_CENTER,
    TA__P_INTENSITY,
    TA__P_DISTANCE,
    TA__P_ANGLE,
    TA__P_PENUMBRA,
    TA__P_FOV,
    TA__P_ZOOM,
    TA__P_NEAR,
    TA__P_FAR,
    TA__P_COUNT
} ta__prop;

#define TA__HAS(p) ((uint64_t)1 << (p))

/* The three.js name of a property; TA__P_COUNT for a name that is not one. */
ta__prop ta__prop_lookup(const char *name);
const char *ta__prop_name(ta__prop prop);

/* Which of the properties a three.js object of each class has (its value is
 * not undefined), as three.js 0.186.0 makes them. */
uint64_t ta__has_node(void);                           /* Object3D, Group, Bone, Mesh ... */
uint64_t ta__has_light(ta_light_kind kind);            /* beyond the node's */
uint64_t ta__has_perspective_camera(void);
uint64_t ta__has_orthographic_camera(void);
uint64_t ta__has_material(ta_material_kind kind);      /* TA_MATERIAL_KIND_COUNT: the base Material */
uint64_t ta__has_texture(void);

/* The JSON track types, as getTrackTypeForValueTypeName groups them. */
typedef enum ta__jtrack_type {
    TA__JT_NUMBER = 0,
    TA__JT_VECTOR,
    TA__JT_COLOR,
    TA__JT_QUATERNION,
    TA__JT_BOOL,
    TA__JT_STRING,
    TA__JT_COUNT
} ta__jtrack_type;

/* "number", "vector", ... as AnimationClip.toJSON writes them. */
const char *ta__jtrack_type_name(ta__jtrack_type type);
/* getTrackTypeForValueTypeName: false for a name it throws on. */
bool ta__jtrack_type_lookup(const char *name, ta__jtrack_type *out);
/* The type three.js gives a track of this kind. */
ta__jtrack_type ta__kind_jtrack_type(ta_track_kind kind);

/* The property path of a kind after its owner: ".position", ".position[x]",
 * ".morphTargetInfluences[2]" (element), ".material.opacity" (slot -1),
 * ".material[1].opacity", ".map.offset", ".intensity", ".fov" ... Refuses a map
 * kind with a slot (three.js cannot bind it). */
ta_result ta__kind_path(const ta_track_target *target, int32_t material_slot, char *out, size_t size,
                        ta_error *err);

/* ---- binding ---------------------------------------------------------------------- */

/* What a document said about one mesh, which the scene does not keep. */
typedef struct ta__mesh_view {
    bool material_array;         /* the material was given as an array */
    uint32_t dict_count;         /* morphTargetDictionary, in document order */
    const char **dict_names;     /* not owned: the document's strings */
    double *dict_values;
} ta__mesh_view;

typedef struct ta__binder {
    const ta_scene *scene;
    const ta_assets *assets;           /* may be NULL */
    const ta_camera_list *cameras;     /* may be NULL */
    ta_node_id root;                   /* TA_NONE: the Scene */
    const ta__mesh_view *meshes;       /* NULL, or one per scene mesh */
    const ta__mesh_view *skinned;      /* NULL, or one per skinned mesh */
    const uint64_t *material_has;      /* NULL, or one has-set per material */
    const char *const *node_uuids;     /* NULL: each node's uuid; else one per node */
    const char *scene_uuid;            /* NULL: the scene's uuid */
} ta__binder;

/* PropertyBinding.findNode then bind. */
ta_result ta__bind_track(const ta__binder *binder, const char *track_name, const ta_track_name *parsed,
                         ta_track_binding *out, ta_error *err);

/* ---- one clip's JSON ------------------------------------------------------------ */

/* Counts against the limits over a whole document. */
typedef struct ta__clip_budget {
    ta_load_limits limits; /* resolved */
    uint64_t keys;
    uint32_t tracks;
    uint32_t markers;
} ta__clip_budget;

typedef struct ta__clip_reader {
    const ta__mem *mem;
    ta_track_resolver resolve;
    void *resolve_user;
    ta_warning_receiver warn;
    void *warn_user;
    ta__clip_budget *budget;
} ta__clip_reader;

/* AnimationClip.parse of one clip object at path. *out_clip is NULL (and the
 * result TA_OK) when every track was left out. */
ta_result ta__clip_from_json(const json_t *json, ta__jpath *path, const ta__clip_reader *reader, ta_clip **out_clip,
                             ta_error *err);

/* AnimationClip.toJSON of one clip into a new JSON object. */
ta_result ta__clip_to_json(const ta_clip *clip, ta_target_namer namer, void *namer_user, json_t **out_json,
                           ta_error *err);

#endif
