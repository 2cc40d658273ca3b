/* Where each kind of track reads and writes, and what each property can hold. */
#include <math.h>

#include "animation/property_access.h"
#include "animation/track_rules.h"
#include "threeanim/color.h"
#include "threeanim/math.h"
#include "threeanim/property.h"

uint32_t ta__property_size(ta_track_kind kind)
{
    return ta_track_kind_value_size(kind);
}

static ta_mesh *mesh_of(const ta_mixer_targets *t, ta_track_target target)
{
    ta_scene *s = t->scene;
    if (target.family == TA_TARGET_FAMILY_MESH) return target.index < s->mesh_count ? &s->meshes[target.index] : NULL;
    return target.index < s->skinned_mesh_count ? &s->skinned_meshes[target.index] : NULL;
}

static const char *family_name(ta_target_family f)
{
    switch (f) {
    case TA_TARGET_FAMILY_NODE: return "node";
    case TA_TARGET_FAMILY_MESH: return "mesh";
    case TA_TARGET_FAMILY_SKINNED_MESH: return "skinned mesh";
    case TA_TARGET_FAMILY_MATERIAL: return "material";
    case TA_TARGET_FAMILY_LIGHT: return "light";
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA: return "perspective camera";
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: return "orthographic camera";
    default: return "target";
    }
}

ta_result ta__property_check_target(const ta_mixer_targets *t, ta_track_target target, ta_error *err)
{
    const char *kind = ta_track_kind_name(target.kind);
    switch (target.family) {
    case TA_TARGET_FAMILY_NODE:
        if (target.index >= t->scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: node %u is not in the scene, which has %u nodes",
                            kind, target.index, t->scene->node_count);
        return TA_OK;
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: {
        const ta_mesh *m = mesh_of(t, target);
        uint32_t count = target.family == TA_TARGET_FAMILY_MESH ? t->scene->mesh_count : t->scene->skinned_mesh_count;
        if (m == NULL)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: %s %u is not in the scene, which has %u", kind,
                            family_name(target.family), target.index, count);
        if (target.element >= m->morph_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: %s %u has %u morph targets, so no target %u",
                            kind, family_name(target.family), target.index, m->morph_count, target.element);
        return TA_OK;
    }
    case TA_TARGET_FAMILY_MATERIAL: {
        if (t->assets == NULL)
            return ta__fail(err, TA_ERROR_MISSING_CONTEXT,
                            "%s track on material %u: the update was not given the assets; use "
                            "ta_mixer_update_with_assets",
                            kind, target.index);
        if (target.index >= t->assets->material_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "%s track: material %u is not in the assets, which have %u materials", kind, target.index,
                            t->assets->material_count);
        if (ta__kind_on_map(target.kind)) {
            ta_texture_id map = t->assets->materials[target.index].map;
            if (map.index == TA_NONE)
                return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: material %u has no map", kind,
                                target.index);
            if (map.index >= t->assets->texture_count)
                return ta__fail(err, TA_ERROR_MISSING_TARGET,
                                "%s track: the map of material %u is texture %u, which is not in the assets", kind,
                                target.index, map.index);
        }
        return TA_OK;
    }
    case TA_TARGET_FAMILY_LIGHT:
        if (target.index >= t->scene->light_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: light %u is not in the scene, which has %u lights",
                            kind, target.index, t->scene->light_count);
        return TA_OK;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: {
        if (t->cameras == NULL)
            return ta__fail(err, TA_ERROR_MISSING_CONTEXT,
                            "%s track on %s %u: the update was not given the cameras; use "
                            "ta_mixer_update_with_cameras",
                            kind, family_name(target.family), target.index);
        uint32_t count = target.family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA ? t->cameras->perspective_count
                                                                        : t->cameras->orthographic_count;
        if (target.index >= count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s track: %s %u is not in the cameras, which have %u",
                            kind, family_name(target.family), target.index, count);
        return TA_OK;
    }
    default:
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "track: target family %d is not named", (int)target.family);
    }
}

static float *node_vec(ta_node *n, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_POSITION:
    case TA_TRACK_KIND_POSITION_ELEMENT: return &n->position.x;
    case TA_TRACK_KIND_SCALE:
    case TA_TRACK_KIND_SCALE_ELEMENT: return &n->scale.x;
    default: return &n->quaternion.x;
    }
}

static float *material_number(ta_material *m, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_MATERIAL_OPACITY: return &m->opacity;
    case TA_TRACK_KIND_MATERIAL_EMISSIVE_INTENSITY: return &m->emissive_intensity;
    case TA_TRACK_KIND_MATERIAL_ROUGHNESS: return &m->roughness;
    case TA_TRACK_KIND_MATERIAL_METALNESS: return &m->metalness;
    case TA_TRACK_KIND_MATERIAL_SHININESS: return &m->shininess;
    case TA_TRACK_KIND_MATERIAL_ALPHA_TEST: return &m->alpha_test;
    case TA_TRACK_KIND_MATERIAL_REFLECTIVITY: return &m->reflectivity;
    case TA_TRACK_KIND_MATERIAL_ENV_MAP_INTENSITY: return &m->env_map_intensity;
    case TA_TRACK_KIND_MATERIAL_CLEARCOAT: return &m->clearcoat;
    case TA_TRACK_KIND_MATERIAL_CLEARCOAT_ROUGHNESS: return &m->clearcoat_roughness;
    case TA_TRACK_KIND_MATERIAL_SPECULAR_INTENSITY: return &m->specular_intensity;
    case TA_TRACK_KIND_MATERIAL_IOR: return &m->ior;
    default: return NULL;
    }
}

static uint8_t *material_color(ta_material *m, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_MATERIAL_COLOR: return m->color;
    case TA_TRACK_KIND_MATERIAL_EMISSIVE: return m->emissive;
    case TA_TRACK_KIND_MATERIAL_SPECULAR: return m->specular;
    default: return NULL;
    }
}

static float *texture_field(ta_texture *tex, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_MATERIAL_MAP_OFFSET: return &tex->offset.x;
    case TA_TRACK_KIND_MATERIAL_MAP_REPEAT: return &tex->repeat.x;
    case TA_TRACK_KIND_MATERIAL_MAP_CENTER: return &tex->center.x;
    default: return &tex->rotation;
    }
}

static float *light_number(ta_light *l, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_LIGHT_INTENSITY: return &l->intensity;
    case TA_TRACK_KIND_LIGHT_DISTANCE: return &l->distance;
    case TA_TRACK_KIND_LIGHT_ANGLE: return &l->angle;
    case TA_TRACK_KIND_LIGHT_PENUMBRA: return &l->penumbra;
    default: return NULL;
    }
}

static float *perspective_number(ta_perspective_camera *c, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_CAMERA_FOV: return &c->fov;
    case TA_TRACK_KIND_CAMERA_ZOOM: return &c->zoom;
    case TA_TRACK_KIND_CAMERA_NEAR: return &c->near;
    default: return &c->far;
    }
}

static float *orthographic_number(ta_orthographic_camera *c, ta_track_kind k)
{
    switch (k) {
    case TA_TRACK_KIND_CAMERA_ZOOM: return &c->zoom;
    case TA_TRACK_KIND_CAMERA_NEAR: return &c->near;
    default: return &c->far;
    }
}

static void read_color(const uint8_t *bytes, float *out)
{
    for (int i = 0; i < 3; ++i) out[i] = ta_color_srgb_byte_to_linear(bytes[i]);
}

static void write_color(uint8_t *bytes, const float *v)
{
    for (int i = 0; i < 3; ++i) bytes[i] = ta_color_linear_to_srgb_byte(v[i]);
}

/* The node a TA_TARGET_FAMILY_NODE target names (checked when it was bound). */
static ta_node *target_node(const ta_mixer_targets *t, ta_track_target target)
{
    return &t->scene->nodes[target.index];
}

void ta__property_read(const ta_mixer_targets *t, ta_track_target target, float *out)
{
    switch (target.family) {
    case TA_TARGET_FAMILY_NODE: {
        ta_node *n = &t->scene->nodes[target.index];
        switch (target.kind) {
        case TA_TRACK_KIND_POSITION:
        case TA_TRACK_KIND_SCALE: {
            const float *v = node_vec(n, target.kind);
            out[0] = v[0];
            out[1] = v[1];
            out[2] = v[2];
            return;
        }
        case TA_TRACK_KIND_QUATERNION:
            out[0] = n->quaternion.x;
            out[1] = n->quaternion.y;
            out[2] = n->quaternion.z;
            out[3] = n->quaternion.w;
            return;
        case TA_TRACK_KIND_VISIBLE: out[0] = n->visible ? 1.0f : 0.0f; return;
        case TA_TRACK_KIND_POSITION_ELEMENT:
        case TA_TRACK_KIND_SCALE_ELEMENT: out[0] = node_vec(n, target.kind)[target.element]; return;
        case TA_TRACK_KIND_ROTATION_ELEMENT: {
            ta_euler e = ta_euler_from_quat(n->quaternion);
            out[0] = target.element == 0 ? e.x : (target.element == 1 ? e.y : e.z);
            return;
        }
        default: out[0] = 0; return;
        }
    }
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: out[0] = mesh_of(t, target)->morph_influences[target.element]; return;
    case TA_TARGET_FAMILY_MATERIAL: {
        ta_material *m = &t->assets->materials[target.index];
        const uint8_t *c = material_color(m, target.kind);
        if (c != NULL) {
            read_color(c, out);
            return;
        }
        const float *f = material_number(m, target.kind);
        if (f != NULL) {
            out[0] = *f;
            return;
        }
        if (target.kind == TA_TRACK_KIND_MATERIAL_TRANSPARENT) {
            out[0] = m->transparent ? 1.0f : 0.0f;
            return;
        }
        if (target.kind == TA_TRACK_KIND_MATERIAL_WIREFRAME) {
            out[0] = m->wireframe ? 1.0f : 0.0f;
            return;
        }
        ta_texture *tex = &t->assets->textures[m->map.index];
        const float *v = texture_field(tex, target.kind);
        out[0] = v[0];
        if (target.kind != TA_TRACK_KIND_MATERIAL_MAP_ROTATION) out[1] = v[1];
        return;
    }
    case TA_TARGET_FAMILY_LIGHT: {
        ta_light *l = &t->scene->lights[target.index];
        if (target.kind == TA_TRACK_KIND_LIGHT_COLOR) {
            read_color(l->color, out);
            return;
        }
        out[0] = *light_number(l, target.kind);
        return;
    }
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        out[0] = *perspective_number(&t->cameras->perspective[target.index], target.kind);
        return;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        out[0] = *orthographic_number(&t->cameras->orthographic[target.index], target.kind);
        return;
    default: out[0] = 0; return;
    }
}

const char *ta__property_read_string(const ta_mixer_targets *t, ta_track_target target)
{
    return t->scene->nodes[target.index].name;
}

typedef enum range_rule {
    RANGE_ANY,
    RANGE_COLOR,
    RANGE_UNIT,
    RANGE_NOT_NEGATIVE,
    RANGE_IOR,
    RANGE_CONE_ANGLE
} range_rule;

static const range_rule range_rules[TA_TRACK_KIND_COUNT] = {
#define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf) RANGE_##range,
    TA_TRACK_KIND_LIST(X)
#undef X
};

typedef struct number_range {
    double lo, hi;
    bool lo_open, hi_open;
} number_range;

static range_rule rule_of(ta_track_kind k)
{
    return ta__kind_is_named(k) ? range_rules[k] : RANGE_ANY;
}

/* The numbers a kind's property holds; false for any finite number (and for
 * colors, checked channel by channel). */
static bool range_of(ta_track_kind k, number_range *r)
{
    r->lo_open = r->hi_open = false;
    switch (rule_of(k)) {
    case RANGE_UNIT:
        r->lo = 0;
        r->hi = 1;
        return true;
    case RANGE_NOT_NEGATIVE:
        r->lo = 0;
        r->hi = INFINITY;
        return true;
    case RANGE_IOR:
        r->lo = 1;
        r->hi = 2.333;
        return true;
    case RANGE_CONE_ANGLE:
        r->lo = 0;
        r->lo_open = true;
        r->hi = TA_PI / 2 + 1e-7;
        return true;
    default: return false;
    }
}

ta_result ta__property_check_value(ta_track_target target, const float *value, ta_error *err)
{
    uint32_t n = ta__property_size(target.kind);
    const char *kind = ta_track_kind_name(target.kind);
    for (uint32_t i = 0; i < n; ++i)
        if (!isfinite(value[i]))
            return ta__fail(err, TA_ERROR_VALUE_NOT_HELD, "%s of %s %u: number %u of the result, %g, is not finite",
                            kind, family_name(target.family), target.index, i, (double)value[i]);
    if (rule_of(target.kind) == RANGE_COLOR) {
        for (uint32_t i = 0; i < 3; ++i)
            if (value[i] < 0 || value[i] > 1)
                return ta__fail(err, TA_ERROR_VALUE_NOT_HELD,
                                "%s of %s %u: channel %u of the result, %g, is outside 0 to 1", kind,
                                family_name(target.family), target.index, i, (double)value[i]);
        return TA_OK;
    }
    number_range r;
    if (range_of(target.kind, &r)) {
        double v = value[0];
        bool below = r.lo_open ? !(v > r.lo) : v < r.lo;
        bool above = v > r.hi;
        if (below || above) {
            if (isinf(r.hi))
                return ta__fail(err, TA_ERROR_VALUE_NOT_HELD, "%s of %s %u: the result %g is below %g", kind,
                                family_name(target.family), target.index, v, r.lo);
            return ta__fail(err, TA_ERROR_VALUE_NOT_HELD, "%s of %s %u: the result %g is outside %s%g, %g]", kind,
                            family_name(target.family), target.index, v, r.lo_open ? "(" : "[", r.lo,
                            rule_of(target.kind) == RANGE_CONE_ANGLE ? TA_PI / 2 : r.hi);
        }
    }
    return TA_OK;
}

void ta__property_write(const ta_mixer_targets *t, ta_track_target target, const float *v)
{
    switch (target.family) {
    case TA_TARGET_FAMILY_NODE: {
        ta_node *n = target_node(t, target);
        switch (target.kind) {
        case TA_TRACK_KIND_POSITION:
        case TA_TRACK_KIND_SCALE: {
            float *dst = node_vec(n, target.kind);
            dst[0] = v[0];
            dst[1] = v[1];
            dst[2] = v[2];
            return;
        }
        case TA_TRACK_KIND_QUATERNION: n->quaternion = ta_quat_make(v[0], v[1], v[2], v[3]); return;
        case TA_TRACK_KIND_VISIBLE: n->visible = v[0] >= 0.5f; return;
        case TA_TRACK_KIND_POSITION_ELEMENT:
        case TA_TRACK_KIND_SCALE_ELEMENT: node_vec(n, target.kind)[target.element] = v[0]; return;
        case TA_TRACK_KIND_ROTATION_ELEMENT: {
            /* three.js keeps the angles in .rotation; here they come from the
             * quaternion each time (a listed difference). */
            ta_euler e = ta_euler_from_quat(n->quaternion);
            if (target.element == 0) e.x = v[0];
            else if (target.element == 1) e.y = v[0];
            else e.z = v[0];
            n->quaternion = ta_quat_from_euler(e);
            return;
        }
        default: return;
        }
    }
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: mesh_of(t, target)->morph_influences[target.element] = v[0]; return;
    case TA_TARGET_FAMILY_MATERIAL: {
        ta_material *m = &t->assets->materials[target.index];
        uint8_t *c = material_color(m, target.kind);
        if (c != NULL) {
            write_color(c, v);
            return;
        }
        float *f = material_number(m, target.kind);
        if (f != NULL) {
            *f = v[0];
            return;
        }
        if (target.kind == TA_TRACK_KIND_MATERIAL_TRANSPARENT) {
            m->transparent = v[0] >= 0.5f;
            return;
        }
        if (target.kind == TA_TRACK_KIND_MATERIAL_WIREFRAME) {
            m->wireframe = v[0] >= 0.5f;
            return;
        }
        float *dst = texture_field(&t->assets->textures[m->map.index], target.kind);
        dst[0] = v[0];
        if (target.kind != TA_TRACK_KIND_MATERIAL_MAP_ROTATION) dst[1] = v[1];
        return;
    }
    case TA_TARGET_FAMILY_LIGHT: {
        ta_light *l = &t->scene->lights[target.index];
        if (target.kind == TA_TRACK_KIND_LIGHT_COLOR) {
            write_color(l->color, v);
            return;
        }
        *light_number(l, target.kind) = v[0];
        return;
    }
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        *perspective_number(&t->cameras->perspective[target.index], target.kind) = v[0];
        return;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        *orthographic_number(&t->cameras->orthographic[target.index], target.kind) = v[0];
        return;
    default: return;
    }
}

void ta__property_apply_to_perspective(ta_perspective_camera *camera, ta_track_kind kind, float value)
{
    *perspective_number(camera, kind) = value;
}

void ta__property_apply_to_orthographic(ta_orthographic_camera *camera, ta_track_kind kind, float value)
{
    *orthographic_number(camera, kind) = value;
}

/* ---- the public read: the mixer's own, behind the checks a caller's target needs ---- */

/* The checks of the public calls: targets given, the target well formed and there. */
static ta_result check_public(const ta_mixer_targets *targets, ta_track_target target, const void *out,
                              const char *out_name, ta_error *err)
{
    if (targets == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "targets: is NULL");
    if (targets->scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "targets->scene: is NULL");
    if (out == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", out_name);
    ta_result r = ta__check_target(target, "target", err);
    if (r != TA_OK) return r;
    return ta__property_check_target(targets, target, err);
}

ta_result ta_property_read(const ta_mixer_targets *targets, ta_track_target target, ta_property_value *out_value,
                           ta_error *err)
{
    ta_result r = check_public(targets, target, out_value, "out_value", err);
    if (r != TA_OK) return r;
    ta_property_value v = {0};
    if (target.kind == TA_TRACK_KIND_NODE_NAME) {
        v.text = ta__property_read_string(targets, target);
    } else {
        v.count = ta__property_size(target.kind);
        ta__property_read(targets, target, v.v);
    }
    *out_value = v;
    return TA_OK;
}

/* Where a checked target's value sits; NULL for the kinds kept otherwise (a rotation element, a
 * name). */
static void *address_of(const ta_mixer_targets *t, ta_track_target target)
{
    switch (target.family) {
    case TA_TARGET_FAMILY_NODE: {
        ta_node *n = target_node(t, target);
        switch (target.kind) {
        case TA_TRACK_KIND_POSITION:
        case TA_TRACK_KIND_SCALE:
        case TA_TRACK_KIND_QUATERNION: return node_vec(n, target.kind);
        case TA_TRACK_KIND_POSITION_ELEMENT:
        case TA_TRACK_KIND_SCALE_ELEMENT: return node_vec(n, target.kind) + target.element;
        case TA_TRACK_KIND_VISIBLE: return &n->visible;
        default: return NULL;
        }
    }
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: return &mesh_of(t, target)->morph_influences[target.element];
    case TA_TARGET_FAMILY_MATERIAL: {
        ta_material *m = &t->assets->materials[target.index];
        if (material_color(m, target.kind) != NULL) return material_color(m, target.kind);
        if (material_number(m, target.kind) != NULL) return material_number(m, target.kind);
        if (target.kind == TA_TRACK_KIND_MATERIAL_TRANSPARENT) return &m->transparent;
        if (target.kind == TA_TRACK_KIND_MATERIAL_WIREFRAME) return &m->wireframe;
        return texture_field(&t->assets->textures[m->map.index], target.kind);
    }
    case TA_TARGET_FAMILY_LIGHT: {
        ta_light *l = &t->scene->lights[target.index];
        return target.kind == TA_TRACK_KIND_LIGHT_COLOR ? (void *)l->color : (void *)light_number(l, target.kind);
    }
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA: return perspective_number(&t->cameras->perspective[target.index], target.kind);
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        return orthographic_number(&t->cameras->orthographic[target.index], target.kind);
    default: return NULL;
    }
}

ta_result ta_property_address(const ta_mixer_targets *targets, ta_track_target target, void **out_address,
                              ta_error *err)
{
    ta_result r = check_public(targets, target, out_address, "out_address", err);
    if (r != TA_OK) return r;
    void *p = address_of(targets, target);
    if (p == NULL)
        return ta__fail(err, TA_ERROR_WRONG_KIND, "target: a %s target has no place of its own (%s)",
                        ta_track_kind_name(target.kind),
                        target.kind == TA_TRACK_KIND_NODE_NAME ? "read its text with ta_property_read"
                                                               : "the node keeps a quaternion");
    *out_address = p;
    return TA_OK;
}
