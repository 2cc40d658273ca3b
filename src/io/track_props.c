/*
 * The three.js properties this library drives: their names, which object of
 * which class has them, their JSON track types, and the path of each track
 * kind. The has-sets are those of three.js 0.186.0's classes (a property is
 * had when its value is not undefined on a new instance); the kinds' property
 * names and track types come from TA_TRACK_KIND_LIST;
 * tests/conformance/json checks them against three.js.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "animation/track_kinds.h"
#include "io/clip_json_internal.h"

static const char *const prop_names[TA__P_COUNT] = {
    "position",          "scale",           "quaternion",   "rotation",           "visible",
    "name",              "morphTargetInfluences",           "color",              "emissive",
    "specular",          "opacity",         "emissiveIntensity",                  "roughness",
    "metalness",         "shininess",       "alphaTest",    "reflectivity",       "envMapIntensity",
    "clearcoat",         "clearcoatRoughness",              "specularIntensity",  "ior",
    "transparent",       "wireframe",       "offset",       "repeat",             "center",
    "intensity",         "distance",        "angle",        "penumbra",           "fov",
    "zoom",              "near",            "far",
};

ta__prop ta__prop_lookup(const char *name)
{
    for (int p = 0; p < TA__P_COUNT; ++p)
        if (strcmp(prop_names[p], name) == 0) return (ta__prop)p;
    return TA__P_COUNT;
}

const char *ta__prop_name(ta__prop prop)
{
    return (int)prop >= 0 && prop < TA__P_COUNT ? prop_names[prop] : "?";
}

uint64_t ta__has_node(void)
{
    return TA__HAS(TA__P_POSITION) | TA__HAS(TA__P_SCALE) | TA__HAS(TA__P_QUATERNION) | TA__HAS(TA__P_ROTATION) |
           TA__HAS(TA__P_VISIBLE) | TA__HAS(TA__P_NAME);
}

uint64_t ta__has_light(ta_light_kind kind)
{
    uint64_t has = TA__HAS(TA__P_COLOR) | TA__HAS(TA__P_INTENSITY);
    if (kind == TA_LIGHT_KIND_POINT || kind == TA_LIGHT_KIND_SPOT) has |= TA__HAS(TA__P_DISTANCE);
    if (kind == TA_LIGHT_KIND_SPOT) has |= TA__HAS(TA__P_ANGLE) | TA__HAS(TA__P_PENUMBRA);
    return has;
}

uint64_t ta__has_perspective_camera(void)
{
    return TA__HAS(TA__P_FOV) | TA__HAS(TA__P_ZOOM) | TA__HAS(TA__P_NEAR) | TA__HAS(TA__P_FAR);
}

uint64_t ta__has_orthographic_camera(void)
{
    return TA__HAS(TA__P_ZOOM) | TA__HAS(TA__P_NEAR) | TA__HAS(TA__P_FAR);
}

uint64_t ta__has_material(ta_material_kind kind)
{
    /* Material itself. */
    uint64_t has = TA__HAS(TA__P_VISIBLE) | TA__HAS(TA__P_NAME) | TA__HAS(TA__P_OPACITY) |
                   TA__HAS(TA__P_ALPHA_TEST) | TA__HAS(TA__P_TRANSPARENT);
    const uint64_t color = TA__HAS(TA__P_COLOR), emissive = TA__HAS(TA__P_EMISSIVE) |
                                                            TA__HAS(TA__P_EMISSIVE_INTENSITY);
    const uint64_t wire = TA__HAS(TA__P_WIREFRAME), refl = TA__HAS(TA__P_REFLECTIVITY),
                   env = TA__HAS(TA__P_ENV_MAP_INTENSITY);
    switch (kind) {
    case TA_MATERIAL_KIND_BASIC: return has | color | refl | wire;
    case TA_MATERIAL_KIND_LAMBERT: return has | color | emissive | refl | env | wire;
    case TA_MATERIAL_KIND_PHONG:
        return has | color | emissive | TA__HAS(TA__P_SPECULAR) | TA__HAS(TA__P_SHININESS) | refl | env | wire;
    case TA_MATERIAL_KIND_STANDARD:
        return has | color | emissive | TA__HAS(TA__P_ROUGHNESS) | TA__HAS(TA__P_METALNESS) | env | wire;
    case TA_MATERIAL_KIND_PHYSICAL:
        return has | color | emissive | TA__HAS(TA__P_ROUGHNESS) | TA__HAS(TA__P_METALNESS) | refl | env |
               TA__HAS(TA__P_CLEARCOAT) | TA__HAS(TA__P_CLEARCOAT_ROUGHNESS) | TA__HAS(TA__P_SPECULAR_INTENSITY) |
               TA__HAS(TA__P_IOR) | wire;
    case TA_MATERIAL_KIND_TOON: return has | color | emissive | wire;
    case TA_MATERIAL_KIND_NORMAL: return has | wire;
    case TA_MATERIAL_KIND_DEPTH: return has | wire;
    case TA_MATERIAL_KIND_MATCAP: return has | color | wire;
    case TA_MATERIAL_KIND_LINE_BASIC: return has | color;
    case TA_MATERIAL_KIND_POINTS: return has | color;
    case TA_MATERIAL_KIND_SPRITE: return has | color | TA__HAS(TA__P_ROTATION);
    default: return has;
    }
}

uint64_t ta__has_texture(void)
{
    return TA__HAS(TA__P_ROTATION) | TA__HAS(TA__P_NAME) | TA__HAS(TA__P_OFFSET) | TA__HAS(TA__P_REPEAT) |
           TA__HAS(TA__P_CENTER);
}

/* ---- JSON track types ------------------------------------------------------------ */

static const char *const jtrack_type_names[TA__JT_COUNT] = {"number", "vector", "color", "quaternion", "bool",
                                                             "string"};

const char *ta__jtrack_type_name(ta__jtrack_type type)
{
    return (int)type >= 0 && type < TA__JT_COUNT ? jtrack_type_names[type] : "?";
}

bool ta__jtrack_type_lookup(const char *name, ta__jtrack_type *out)
{
    static const struct {
        const char *name;
        ta__jtrack_type type;
    } names[] = {
        {"scalar", TA__JT_NUMBER},   {"double", TA__JT_NUMBER},  {"float", TA__JT_NUMBER},
        {"number", TA__JT_NUMBER},   {"integer", TA__JT_NUMBER}, {"vector", TA__JT_VECTOR},
        {"vector2", TA__JT_VECTOR},  {"vector3", TA__JT_VECTOR}, {"vector4", TA__JT_VECTOR},
        {"color", TA__JT_COLOR},     {"quaternion", TA__JT_QUATERNION},
        {"bool", TA__JT_BOOL},       {"boolean", TA__JT_BOOL},   {"string", TA__JT_STRING},
    };
    /* typeName.toLowerCase(): ASCII folding is enough, since every name is ASCII
     * and no other character lowers to an ASCII letter but the Kelvin sign,
     * which makes no name here. */
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        if (strcasecmp(names[i].name, name) == 0) {
            *out = names[i].type;
            return true;
        }
    return false;
}

static const ta__jtrack_type kind_jtrack_types[TA_TRACK_KIND_COUNT] = {
#define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf) TA__JT_##json,
    TA_TRACK_KIND_LIST(X)
#undef X
};

ta__jtrack_type ta__kind_jtrack_type(ta_track_kind kind)
{
    return (int)kind >= 0 && kind < TA_TRACK_KIND_COUNT ? kind_jtrack_types[kind] : TA__JT_NUMBER;
}

/* ---- paths of kinds -------------------------------------------------------------- */

ta_result ta__kind_path(const ta_track_target *target, int32_t material_slot, char *out, size_t size, ta_error *err)
{
    if ((int)target->kind < 0 || target->kind >= TA_TRACK_KIND_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "target.kind: %d is not a track kind", (int)target->kind);
    const char *prop = ta_track_kind_property_name(target->kind);
    static const char axes[3] = {'x', 'y', 'z'};
    uint32_t elements = ta__kind_element_limit(target->kind);
    int n;
    if (elements == 3) { /* an axis; more is a morph target */
        if (target->element > 2)
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "target.element: axis %u is not 0, 1 or 2", target->element);
        n = snprintf(out, size, ".%s[%c]", prop, axes[target->element]);
    } else if (elements > 1) {
        n = snprintf(out, size, ".%s[%u]", prop, target->element);
    } else if (ta__kind_on_map(target->kind)) {
        if (material_slot >= 0)
            return ta__fail(err, TA_ERROR_UNSUPPORTED,
                            "target: material %u's map is drawn by a mesh of several materials, where three.js "
                            "cannot bind \".map.%s\"",
                            target->index, prop);
        n = snprintf(out, size, ".map.%s", prop);
    } else if (target->family == TA_TARGET_FAMILY_MATERIAL) {
        if (material_slot >= 0)
            n = snprintf(out, size, ".material[%d].%s", (int)material_slot, prop);
        else
            n = snprintf(out, size, ".material.%s", prop);
    } else {
        n = snprintf(out, size, ".%s", prop);
    }
    if (n < 0 || (size_t)n >= size) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "path: longer than %zu bytes", size);
    return TA_OK;
}

/* ---- whole names -------------------------------------------------------------------- */

/* A morph target's name that three.js's property index carries whole. */
static bool morph_name_fits(const char *name)
{
    return name != NULL && name[0] != '\0' && strpbrk(name, "[]\r\n") == NULL;
}

ta_result ta_track_name_format(const ta_track_target *target, const ta_target_owner *owner, const char *morph_name,
                               char *out, size_t out_size, size_t *out_length, ta_error *err)
{
    if (target == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "target: is NULL");
    if (owner == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "owner: is NULL");
    if (owner->node == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "owner->node: is NULL");
    if (out == NULL && out_size > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out: is NULL with out_size %zu", out_size);
    ta_result r = ta__check_target(*target, "target", err);
    if (r != TA_OK) return r;
    const char *bad = strpbrk(owner->node, "[].:/");
    if (bad != NULL)
        return ta__fail(err, TA_ERROR_UNSUPPORTED,
                        "owner->node: \"%s\" holds '%c' at byte %zu, so the name would not parse back to it", owner->node,
                        *bad, (size_t)(bad - owner->node));
    bool by_name = (target->kind == TA_TRACK_KIND_MORPH_INFLUENCE || target->kind == TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE) &&
                   morph_name_fits(morph_name);
    /* The kind's part is short (a property, an axis or a number); a morph name can be any length. */
    char suffix[96];
    const char *morph_prefix = ".morphTargetInfluences[";
    if (!by_name && (r = ta__kind_path(target, owner->material_slot, suffix, sizeof suffix, err)) != TA_OK) return r;
    size_t node_len = strlen(owner->node);
    size_t suffix_len = by_name ? strlen(morph_prefix) + strlen(morph_name) + 1 : strlen(suffix);
    size_t length = node_len + suffix_len;
    if (out_length != NULL) *out_length = length;
    if (out == NULL) return TA_OK;
    if (out_size <= length)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_size: %zu bytes, and the name \"%s...\" needs %zu",
                        out_size, owner->node, length + 1);
    if (by_name)
        snprintf(out, out_size, "%s%s%s]", owner->node, morph_prefix, morph_name);
    else
        snprintf(out, out_size, "%s%s", owner->node, suffix);
    return TA_OK;
}
