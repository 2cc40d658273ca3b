/**
 * @file
 * threeanim/track_kind_list.h -- every fact about each kind of track, in one
 * list.
 *
 * TA_TRACK_KIND_LIST(X) calls X once per kind, in the order of ta_track_kind,
 * with these columns:
 *
 *   value     the enum value (TA_TRACK_KIND_POSITION, ...)
 *   name      the value without its prefix, as ta_track_kind_name gives it
 *   size      the numbers one key holds
 *   type      the ta_value_type, without TA_VALUE_: NUMBER, COLOR (three linear
 *             channels), ROTATION (a unit quaternion), FLAG (0 or 1), STRING
 *   family    the ta_target_family, without TA_FAMILY_, whose index the target
 *             takes (the camera kinds also serve an orthographic camera, all but
 *             FOV)
 *   element   what the target's element is: NONE (always 0), AXIS (0 x, 1 y,
 *             2 z), MORPH (a morph target, any number)
 *   holder    what holds the property: SELF (the thing the index names), MAP
 *             (the material's map texture)
 *   property  the three.js property name
 *   json      the three.js track type AnimationClip.toJSON writes: NUMBER,
 *             VECTOR, COLOR, QUATERNION, BOOL, STRING
 *   range     the values the property can hold: ANY (any finite number), COLOR
 *             (each channel 0 to 1), UNIT (0 to 1), NOT_NEGATIVE (0 and up),
 *             IOR (1 to 2.333), CONE_ANGLE (above 0, at most pi / 2)
 *   unit      the unit of the numbers, as the command prints it ("" for none)
 *   gltf      the KHR_animation_pointer path that drives the kind, after the
 *             index of its object (/nodes/N/, /meshes/M/, /materials/N/,
 *             /extensions/KHR_lights_punctual/lights/N/, and for a camera
 *             /cameras/N/perspective/ or /cameras/N/orthographic/); NULL for
 *             none. MATERIAL_OPACITY is the alpha of MATERIAL_COLOR's
 *             baseColorFactor; LIGHT_PENUMBRA is 1 - inner / outer cone angle;
 *             CAMERA_FOV is in radians in glTF; CAMERA_ZOOM is the
 *             orthographic xmag the file gives divided by the animated one.
 *
 * Use: define X to take the twelve columns, expand the list, undefine X:
 *
 *     #define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf) name,
 *     static const char *const names[] = {TA_TRACK_KIND_LIST(X)};
 *     #undef X
 *
 * The enum of keyframe_track.h, the lookups (ta_track_kind_name,
 * ta_track_kind_property_name, ...), the JSON reader's and writer's property
 * names and track types, the glTF pointer table and the mixer's range checks
 * are all made from this list, so adding a kind is adding a row here (and
 * where its value is read and written in the scene).
 *
 * Ownership: none; macros only.
 */
#ifndef THREEANIM_TRACK_KIND_LIST_H
#define THREEANIM_TRACK_KIND_LIST_H

/** The part of a glTF pointer before a KHR_texture_transform property of the base color map. */
#define TA_TRACK_KIND_GLTF_MAP_TRANSFORM "pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"

/** The kinds of track, one X per kind, in enum order: see the file's comment for the columns. */
#define TA_TRACK_KIND_LIST(X) \
    X(TA_TRACK_KIND_POSITION,                     "POSITION",                     3, NUMBER,   NODE,               NONE, \
      SELF, "position",              VECTOR,     ANY,          "m",               "translation") \
    X(TA_TRACK_KIND_SCALE,                        "SCALE",                        3, NUMBER,   NODE,               NONE, \
      SELF, "scale",                 VECTOR,     ANY,          "factor",          "scale") \
    X(TA_TRACK_KIND_QUATERNION,                   "QUATERNION",                   4, ROTATION, NODE,               NONE, \
      SELF, "quaternion",            QUATERNION, ANY,          "unit quaternion", "rotation") \
    X(TA_TRACK_KIND_VISIBLE,                      "VISIBLE",                      1, FLAG,     NODE,               NONE, \
      SELF, "visible",               BOOL,       ANY,          "off / on",        "extensions/KHR_node_visibility/visible") \
    X(TA_TRACK_KIND_NODE_NAME,                    "NODE_NAME",                    1, STRING,   NODE,               NONE, \
      SELF, "name",                  STRING,     ANY,          "",                NULL) \
    X(TA_TRACK_KIND_MORPH_INFLUENCE,              "MORPH_INFLUENCE",              1, NUMBER,   MESH,               MORPH, \
      SELF, "morphTargetInfluences", NUMBER,     ANY,          "influence",       "weights") \
    X(TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE,      "SKINNED_MORPH_INFLUENCE",      1, NUMBER,   SKINNED_MESH,       MORPH, \
      SELF, "morphTargetInfluences", NUMBER,     ANY,          "influence",       "weights") \
    X(TA_TRACK_KIND_POSITION_ELEMENT,             "POSITION_ELEMENT",             1, NUMBER,   NODE,               AXIS, \
      SELF, "position",              NUMBER,     ANY,          "m",               NULL) \
    X(TA_TRACK_KIND_SCALE_ELEMENT,                "SCALE_ELEMENT",                1, NUMBER,   NODE,               AXIS, \
      SELF, "scale",                 NUMBER,     ANY,          "factor",          NULL) \
    X(TA_TRACK_KIND_ROTATION_ELEMENT,             "ROTATION_ELEMENT",             1, NUMBER,   NODE,               AXIS, \
      SELF, "rotation",              NUMBER,     ANY,          "rad",             NULL) \
    X(TA_TRACK_KIND_MATERIAL_COLOR,               "MATERIAL_COLOR",               3, COLOR,    MATERIAL,           NONE, \
      SELF, "color",                 COLOR,      COLOR,        "linear RGB",      "pbrMetallicRoughness/baseColorFactor") \
    X(TA_TRACK_KIND_MATERIAL_EMISSIVE,            "MATERIAL_EMISSIVE",            3, COLOR,    MATERIAL,           NONE, \
      SELF, "emissive",              COLOR,      COLOR,        "linear RGB",      "emissiveFactor") \
    X(TA_TRACK_KIND_MATERIAL_SPECULAR,            "MATERIAL_SPECULAR",            3, COLOR,    MATERIAL,           NONE, \
      SELF, "specular",              COLOR,      COLOR,        "linear RGB",      NULL) \
    X(TA_TRACK_KIND_MATERIAL_OPACITY,             "MATERIAL_OPACITY",             1, NUMBER,   MATERIAL,           NONE, \
      SELF, "opacity",               NUMBER,     UNIT,         "",                "pbrMetallicRoughness/baseColorFactor") \
    X(TA_TRACK_KIND_MATERIAL_EMISSIVE_INTENSITY,  "MATERIAL_EMISSIVE_INTENSITY",  1, NUMBER,   MATERIAL,           NONE, \
      SELF, "emissiveIntensity",     NUMBER,     NOT_NEGATIVE, "",                "extensions/KHR_materials_emissive_strength/emissiveStrength") \
    X(TA_TRACK_KIND_MATERIAL_ROUGHNESS,           "MATERIAL_ROUGHNESS",           1, NUMBER,   MATERIAL,           NONE, \
      SELF, "roughness",             NUMBER,     UNIT,         "",                "pbrMetallicRoughness/roughnessFactor") \
    X(TA_TRACK_KIND_MATERIAL_METALNESS,           "MATERIAL_METALNESS",           1, NUMBER,   MATERIAL,           NONE, \
      SELF, "metalness",             NUMBER,     UNIT,         "",                "pbrMetallicRoughness/metallicFactor") \
    X(TA_TRACK_KIND_MATERIAL_SHININESS,           "MATERIAL_SHININESS",           1, NUMBER,   MATERIAL,           NONE, \
      SELF, "shininess",             NUMBER,     NOT_NEGATIVE, "",                NULL) \
    X(TA_TRACK_KIND_MATERIAL_ALPHA_TEST,          "MATERIAL_ALPHA_TEST",          1, NUMBER,   MATERIAL,           NONE, \
      SELF, "alphaTest",             NUMBER,     UNIT,         "",                "alphaCutoff") \
    X(TA_TRACK_KIND_MATERIAL_REFLECTIVITY,        "MATERIAL_REFLECTIVITY",        1, NUMBER,   MATERIAL,           NONE, \
      SELF, "reflectivity",          NUMBER,     UNIT,         "",                NULL) \
    X(TA_TRACK_KIND_MATERIAL_ENV_MAP_INTENSITY,   "MATERIAL_ENV_MAP_INTENSITY",   1, NUMBER,   MATERIAL,           NONE, \
      SELF, "envMapIntensity",       NUMBER,     NOT_NEGATIVE, "",                NULL) \
    X(TA_TRACK_KIND_MATERIAL_CLEARCOAT,           "MATERIAL_CLEARCOAT",           1, NUMBER,   MATERIAL,           NONE, \
      SELF, "clearcoat",             NUMBER,     UNIT,         "",                "extensions/KHR_materials_clearcoat/clearcoatFactor") \
    X(TA_TRACK_KIND_MATERIAL_CLEARCOAT_ROUGHNESS, "MATERIAL_CLEARCOAT_ROUGHNESS", 1, NUMBER,   MATERIAL,           NONE, \
      SELF, "clearcoatRoughness",    NUMBER,     UNIT,         "",                "extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor") \
    X(TA_TRACK_KIND_MATERIAL_SPECULAR_INTENSITY,  "MATERIAL_SPECULAR_INTENSITY",  1, NUMBER,   MATERIAL,           NONE, \
      SELF, "specularIntensity",     NUMBER,     UNIT,         "",                "extensions/KHR_materials_specular/specularFactor") \
    X(TA_TRACK_KIND_MATERIAL_IOR,                 "MATERIAL_IOR",                 1, NUMBER,   MATERIAL,           NONE, \
      SELF, "ior",                   NUMBER,     IOR,          "",                "extensions/KHR_materials_ior/ior") \
    X(TA_TRACK_KIND_MATERIAL_TRANSPARENT,         "MATERIAL_TRANSPARENT",         1, FLAG,     MATERIAL,           NONE, \
      SELF, "transparent",           BOOL,       ANY,          "off / on",        NULL) \
    X(TA_TRACK_KIND_MATERIAL_WIREFRAME,           "MATERIAL_WIREFRAME",           1, FLAG,     MATERIAL,           NONE, \
      SELF, "wireframe",             BOOL,       ANY,          "off / on",        NULL) \
    X(TA_TRACK_KIND_MATERIAL_MAP_OFFSET,          "MATERIAL_MAP_OFFSET",          2, NUMBER,   MATERIAL,           NONE, \
      MAP,  "offset",                VECTOR,     ANY,          "uv",              TA_TRACK_KIND_GLTF_MAP_TRANSFORM "offset") \
    X(TA_TRACK_KIND_MATERIAL_MAP_REPEAT,          "MATERIAL_MAP_REPEAT",          2, NUMBER,   MATERIAL,           NONE, \
      MAP,  "repeat",                VECTOR,     ANY,          "factor",          TA_TRACK_KIND_GLTF_MAP_TRANSFORM "scale") \
    X(TA_TRACK_KIND_MATERIAL_MAP_CENTER,          "MATERIAL_MAP_CENTER",          2, NUMBER,   MATERIAL,           NONE, \
      MAP,  "center",                VECTOR,     ANY,          "uv",              NULL) \
    X(TA_TRACK_KIND_MATERIAL_MAP_ROTATION,        "MATERIAL_MAP_ROTATION",        1, NUMBER,   MATERIAL,           NONE, \
      MAP,  "rotation",              NUMBER,     ANY,          "rad",             TA_TRACK_KIND_GLTF_MAP_TRANSFORM "rotation") \
    X(TA_TRACK_KIND_LIGHT_COLOR,                  "LIGHT_COLOR",                  3, COLOR,    LIGHT,              NONE, \
      SELF, "color",                 COLOR,      COLOR,        "linear RGB",      "color") \
    X(TA_TRACK_KIND_LIGHT_INTENSITY,              "LIGHT_INTENSITY",              1, NUMBER,   LIGHT,              NONE, \
      SELF, "intensity",             NUMBER,     NOT_NEGATIVE, "",                "intensity") \
    X(TA_TRACK_KIND_LIGHT_DISTANCE,               "LIGHT_DISTANCE",               1, NUMBER,   LIGHT,              NONE, \
      SELF, "distance",              NUMBER,     NOT_NEGATIVE, "m",               "range") \
    X(TA_TRACK_KIND_LIGHT_ANGLE,                  "LIGHT_ANGLE",                  1, NUMBER,   LIGHT,              NONE, \
      SELF, "angle",                 NUMBER,     CONE_ANGLE,   "rad",             "spot/outerConeAngle") \
    X(TA_TRACK_KIND_LIGHT_PENUMBRA,               "LIGHT_PENUMBRA",               1, NUMBER,   LIGHT,              NONE, \
      SELF, "penumbra",              NUMBER,     UNIT,         "",                "spot/innerConeAngle") \
    X(TA_TRACK_KIND_CAMERA_FOV,                   "CAMERA_FOV",                   1, NUMBER,   PERSPECTIVE_CAMERA, NONE, \
      SELF, "fov",                   NUMBER,     ANY,          "degrees",         "yfov") \
    X(TA_TRACK_KIND_CAMERA_ZOOM,                  "CAMERA_ZOOM",                  1, NUMBER,   PERSPECTIVE_CAMERA, NONE, \
      SELF, "zoom",                  NUMBER,     ANY,          "factor",          "xmag") \
    X(TA_TRACK_KIND_CAMERA_NEAR,                  "CAMERA_NEAR",                  1, NUMBER,   PERSPECTIVE_CAMERA, NONE, \
      SELF, "near",                  NUMBER,     ANY,          "m",               "znear") \
    X(TA_TRACK_KIND_CAMERA_FAR,                   "CAMERA_FAR",                   1, NUMBER,   PERSPECTIVE_CAMERA, NONE, \
      SELF, "far",                   NUMBER,     ANY,          "m",               "zfar")

#endif
