/* The kinds of track, their facts (made from TA_TRACK_KIND_LIST) and lookups, and the target
 * constructors. */
#include <stddef.h>
#include <string.h>

#include "animation/track_rules.h"

typedef struct kind_info {
    const char *name;
    uint32_t value_size;
    ta_value_type type;
    ta_target_family family;
    uint32_t element_limit; /* values the target's element may take */
    bool on_map;
    const char *property;
    const char *path; /* the property after "map." for a map kind */
    const char *unit;
} kind_info;

/* The list's tokens as this table keeps them. */
#define ELEMENT_LIMIT_NONE 1
#define ELEMENT_LIMIT_AXIS 3
#define ELEMENT_LIMIT_MORPH TA__MORPH_TARGET_LIMIT
#define ON_MAP_SELF false
#define ON_MAP_MAP true
#define PATH_PREFIX_SELF ""
#define PATH_PREFIX_MAP "map."
#define VALUE_TYPE_NUMBER TA_VALUE_TYPE_NUMBER
#define VALUE_TYPE_COLOR TA_VALUE_TYPE_COLOR
#define VALUE_TYPE_ROTATION TA_VALUE_TYPE_ROTATION
#define VALUE_TYPE_FLAG TA_VALUE_TYPE_FLAG
#define VALUE_TYPE_STRING TA_VALUE_TYPE_STRING
#define FAMILY_NODE TA_TARGET_FAMILY_NODE
#define FAMILY_MESH TA_TARGET_FAMILY_MESH
#define FAMILY_SKINNED_MESH TA_TARGET_FAMILY_SKINNED_MESH
#define FAMILY_MATERIAL TA_TARGET_FAMILY_MATERIAL
#define FAMILY_LIGHT TA_TARGET_FAMILY_LIGHT
#define FAMILY_PERSPECTIVE_CAMERA TA_TARGET_FAMILY_PERSPECTIVE_CAMERA
#define FAMILY_ORTHOGRAPHIC_CAMERA TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA

static const kind_info kinds[TA_TRACK_KIND_COUNT] = {
#define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf)                   \
    {name,     size, VALUE_TYPE_##type, FAMILY_##family, ELEMENT_LIMIT_##element, ON_MAP_##holder,              \
     property, PATH_PREFIX_##holder property, unit},
    TA_TRACK_KIND_LIST(X)
#undef X
};

static const char *const family_names[TA_TARGET_FAMILY_COUNT] = {
    "node", "mesh", "skinned mesh", "material", "light", "perspective camera", "orthographic camera",
};

static const char *const interpolation_names[TA_INTERPOLATION_COUNT] = {
    "DEFAULT", "LINEAR", "STEP", "SMOOTH", "CUBIC_SPLINE", "BEZIER",
};

static const char *const ending_names[TA_ENDING_COUNT] = {
    "ZERO_CURVATURE_ENDING", "ZERO_SLOPE_ENDING", "WRAP_AROUND_ENDING",
};

bool ta__kind_is_named(ta_track_kind kind)
{
    return (int)kind >= 0 && kind < TA_TRACK_KIND_COUNT;
}

const char *ta_track_kind_name(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].name : "?";
}

const char *ta_interpolation_name(ta_interpolation interp)
{
    if ((int)interp < 0 || interp >= TA_INTERPOLATION_COUNT) return "?";
    return interpolation_names[interp];
}

const char *ta_ending_name(ta_ending ending)
{
    if ((int)ending < 0 || ending >= TA_ENDING_COUNT) return "?";
    return ending_names[ending];
}

const char *ta__family_name(ta_target_family family)
{
    if ((int)family < 0 || family >= TA_TARGET_FAMILY_COUNT) return "?";
    return family_names[family];
}

uint32_t ta_track_kind_value_size(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].value_size : 0;
}

ta_value_type ta_track_kind_value_type(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].type : TA_VALUE_TYPE_NUMBER;
}

ta_target_family ta_track_kind_family(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].family : TA_TARGET_FAMILY_COUNT;
}

uint32_t ta__kind_element_limit(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].element_limit : 1;
}

const char *ta_track_kind_property_name(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].property : "?";
}

const char *ta_track_kind_property_path(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].path : "?";
}

const char *ta_track_kind_unit(ta_track_kind kind)
{
    return ta__kind_is_named(kind) ? kinds[kind].unit : "";
}

bool ta__kind_is_morph(ta_track_kind kind)
{
    return ta__kind_is_named(kind) && kinds[kind].element_limit == ELEMENT_LIMIT_MORPH;
}

bool ta__kind_on_map(ta_track_kind kind)
{
    return ta__kind_is_named(kind) && kinds[kind].on_map;
}

ta_interpolation ta__default_interpolation(ta_track_kind kind)
{
    ta_value_type type = ta_track_kind_value_type(kind);
    return type == TA_VALUE_TYPE_FLAG || type == TA_VALUE_TYPE_STRING ? TA_INTERPOLATION_STEP : TA_INTERPOLATION_LINEAR;
}

/* The orthographic camera has every camera kind but the field of view. */
static bool family_takes(ta_target_family family, ta_track_kind kind)
{
    if (!ta__kind_is_named(kind)) return false;
    if (family == TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA)
        return kinds[kind].family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA && kind != TA_TRACK_KIND_CAMERA_FOV;
    return kinds[kind].family == family;
}

static bool is_element_kind(ta_track_kind kind)
{
    return kinds[kind].element_limit == ELEMENT_LIMIT_AXIS;
}

/* A path naming one element fits an _ELEMENT kind, and a morph kind either way. */
static bool takes_element(ta_track_kind kind, bool element)
{
    uint32_t limit = kinds[kind].element_limit;
    if (limit == ELEMENT_LIMIT_NONE) return !element;
    if (limit == ELEMENT_LIMIT_AXIS) return element;
    return true;
}

bool ta__kind_lookup(ta_target_family family, bool on_map, const char *property, bool element, ta_track_kind *out)
{
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        ta_track_kind kind = (ta_track_kind)k;
        if (family_takes(family, kind) && kinds[k].on_map == on_map && takes_element(kind, element) &&
            strcmp(kinds[k].property, property) == 0) {
            *out = kind;
            return true;
        }
    }
    return false;
}

ta_result ta_track_kind_find(ta_target_family family, const char *property_path, bool element,
                             ta_track_kind *out_kind, ta_error *err)
{
    if (property_path == NULL || out_kind == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", property_path == NULL ? "property_path" : "out_kind");
    if ((int)family < 0 || family >= TA_TARGET_FAMILY_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "family: %d is not a target family", (int)family);
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        ta_track_kind kind = (ta_track_kind)k;
        if (family_takes(family, kind) && takes_element(kind, element) && strcmp(kinds[k].path, property_path) == 0) {
            *out_kind = kind;
            return TA_OK;
        }
    }
    return ta__fail(err, TA_ERROR_NOT_FOUND, "property_path: \"%s\"%s names no kind of the %s family", property_path,
                    element ? " with an element" : "", family_names[family]);
}

ta_result ta__check_target(ta_track_target target, const char *field, ta_error *err)
{
    if (!ta__kind_is_named(target.kind))
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "%s: kind %d is not a track kind", field, (int)target.kind);
    if ((int)target.family < 0 || target.family >= TA_TARGET_FAMILY_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "%s: family %d is not a target family", field,
                        (int)target.family);
    if (!family_takes(target.family, target.kind))
        return ta__fail(err, TA_ERROR_WRONG_KIND, "%s: kind %s is not a kind of a %s", field,
                        kinds[target.kind].name, family_names[target.family]);
    uint32_t limit = kinds[target.kind].element_limit;
    if (target.element >= limit) {
        if (limit == 1)
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: element %u of a %s target is not 0", field,
                            target.element, kinds[target.kind].name);
        if (limit == UINT32_MAX)
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: element %u of a %s target is -1 passed as unsigned",
                            field, target.element, kinds[target.kind].name);
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: element %u of a %s target is not 0 to %u", field,
                        target.element, kinds[target.kind].name, limit - 1);
    }
    return TA_OK;
}

/* The shared part of the constructors: the kind is named and of the family
 * the constructor makes, and it takes (or does not take) an element. */
static ta_result make_target(ta_target_family family, uint32_t index, ta_track_kind kind, uint32_t element,
                             bool with_element, ta_track_target *out_target, ta_error *err)
{
    if (out_target == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_target: is NULL");
    if (!ta__kind_is_named(kind))
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "kind: %d is not a track kind", (int)kind);
    if (!family_takes(family, kind))
        return ta__fail(err, TA_ERROR_WRONG_KIND, "kind: %s is a kind of a %s, not of a %s", kinds[kind].name,
                        family_names[kinds[kind].family], family_names[family]);
    if (family == TA_TARGET_FAMILY_NODE && is_element_kind(kind) != with_element) {
        if (with_element)
            return ta__fail(err, TA_ERROR_WRONG_KIND,
                            "kind: %s drives a whole vector; ta_track_target_node_element takes the _ELEMENT kinds",
                            kinds[kind].name);
        return ta__fail(err, TA_ERROR_WRONG_KIND, "kind: %s drives one number; make it with ta_track_target_node_element",
                        kinds[kind].name);
    }
    uint32_t limit = kinds[kind].element_limit;
    if (element >= limit) {
        if (is_element_kind(kind))
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "axis: %u is not 0 (x), 1 (y) or 2 (z)", element);
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "target: morph target %u is -1 passed as unsigned", element);
    }
    out_target->kind = kind;
    out_target->family = family;
    out_target->index = index;
    out_target->element = element;
    return TA_OK;
}

ta_result ta_track_target_node(ta_node_id node, ta_track_kind kind, ta_track_target *out_target, ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_NODE, node.index, kind, 0, false, out_target, err);
}

ta_result ta_track_target_node_element(ta_node_id node, ta_track_kind kind, uint32_t axis, ta_track_target *out_target,
                                 ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_NODE, node.index, kind, axis, true, out_target, err);
}

ta_result ta_track_target_morph(ta_mesh_id mesh, uint32_t target, ta_track_target *out_target, ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_MESH, mesh.index, TA_TRACK_KIND_MORPH_INFLUENCE, target, false, out_target, err);
}

ta_result ta_track_target_skinned_morph(ta_skinned_mesh_id mesh, uint32_t target, ta_track_target *out_target,
                                  ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_SKINNED_MESH, mesh.index, TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE, target, false, out_target,
                       err);
}

ta_result ta_track_target_material(ta_material_id material, ta_track_kind kind, ta_track_target *out_target,
                             ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_MATERIAL, material.index, kind, 0, false, out_target, err);
}

ta_result ta_track_target_light(ta_light_id light, ta_track_kind kind, ta_track_target *out_target, ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_LIGHT, light.index, kind, 0, false, out_target, err);
}

ta_result ta_track_target_perspective_camera(ta_perspective_camera_id camera, ta_track_kind kind,
                                       ta_track_target *out_target, ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, camera.index, kind, 0, false, out_target, err);
}

ta_result ta_track_target_orthographic_camera(ta_orthographic_camera_id camera, ta_track_kind kind,
                                        ta_track_target *out_target, ta_error *err)
{
    return make_target(TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, camera.index, kind, 0, false, out_target, err);
}

bool ta_track_target_eq(ta_track_target a, ta_track_target b)
{
    return a.kind == b.kind && a.family == b.family && a.index == b.index && a.element == b.element;
}
