/* Targets as three.js paths, and their values (cli_target.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_target.h"

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c != NULL) memcpy(c, s, n);
    return c;
}

/* A name that a three.js path can carry as its node part. */
static bool plain_name(const char *s)
{
    if (s[0] == '\0' || s[0] == '#' || s[0] == '@') return false;
    return strpbrk(s, ".[]:/ \t\r\n") == NULL;
}

ta_result cli_names_init(cli_names *names, const ta_model *model, ta_error *err)
{
    const ta_scene *scene = model->scene;
    names->model = model;
    names->node_refs = calloc(scene->node_count + 1u, sizeof(char *));
    if (names->node_refs == NULL) goto oom;
    for (uint32_t i = 0; i < scene->node_count; ++i) {
        const char *name = scene->nodes[i].name;
        bool unique = plain_name(name);
        for (uint32_t k = 0; unique && k < scene->node_count; ++k)
            if (k != i && strcmp(scene->nodes[k].name, name) == 0) unique = false;
        char buf[64];
        const char *ref = NULL;
        if (unique) {
            ref = name;
        } else {
            for (uint32_t n = 0; n < model->source_node_count && ref == NULL; ++n)
                if (model->source_nodes[n].index == i) {
                    snprintf(buf, sizeof buf, "#%u", n);
                    ref = buf;
                }
            if (ref == NULL && scene->nodes[i].uuid[0] != '\0') ref = scene->nodes[i].uuid;
            if (ref == NULL) {
                snprintf(buf, sizeof buf, "@%u", i);
                ref = buf;
            }
        }
        names->node_refs[i] = dup_string(ref);
        if (names->node_refs[i] == NULL) goto oom;
    }
    return TA_OK;
oom:
    cli_names_free(names);
    if (err != NULL) {
        err->code = TA_ERROR_OUT_OF_MEMORY;
        snprintf(err->message, sizeof err->message, "out of memory naming the nodes");
    }
    return TA_ERROR_OUT_OF_MEMORY;
}

void cli_names_free(cli_names *names)
{
    if (names->node_refs != NULL && names->model != NULL)
        for (uint32_t i = 0; i < names->model->scene->node_count; ++i) free(names->node_refs[i]);
    free(names->node_refs);
    names->node_refs = NULL;
}

const char *cli_node_ref(const cli_names *names, ta_node_id node)
{
    if (node.index >= names->model->scene->node_count) return "?";
    return names->node_refs[node.index];
}

/* ---- labels ----------------------------------------------------------------------- */

static const char *property_name(ta_track_kind kind)
{
    return ta_track_kind_property_path(kind);
}

static const ta_mesh *family_mesh(const ta_scene *scene, ta_track_target t)
{
    if (t.family == TA_FAMILY_MESH && t.index < scene->mesh_count) return &scene->meshes[t.index];
    if (t.family == TA_FAMILY_SKINNED_MESH && t.index < scene->skinned_mesh_count)
        return &scene->skinned_meshes[t.index];
    return NULL;
}

/* The first mesh (then skinned mesh) in the scene's order that draws with the
 * material, and the material's place in it (-1 for a mesh of one material). */
static const ta_mesh *material_mesh(const ta_scene *scene, uint32_t material, int *slot)
{
    for (int pass = 0; pass < 2; ++pass) {
        const ta_mesh *list = pass == 0 ? scene->meshes : scene->skinned_meshes;
        uint32_t count = pass == 0 ? scene->mesh_count : scene->skinned_mesh_count;
        for (uint32_t i = 0; i < count; ++i)
            for (uint32_t k = 0; k < list[i].material_count; ++k)
                if (list[i].materials[k].index == material) {
                    *slot = list[i].material_count == 1 ? -1 : (int)k;
                    return &list[i];
                }
    }
    return NULL;
}

void cli_target_label(const cli_names *names, ta_track_target t, char *buf, size_t size)
{
    const ta_model *model = names->model;
    const ta_scene *scene = model->scene;
    static const char axes[] = "xyz";
    switch (t.family) {
    case TA_FAMILY_NODE:
        if (t.kind == TA_POSITION_ELEMENT || t.kind == TA_SCALE_ELEMENT || t.kind == TA_ROTATION_ELEMENT)
            snprintf(buf, size, "%s.%s[%c]", cli_node_ref(names, ta_node_at(t.index)), property_name(t.kind),
                     axes[t.element < 3 ? t.element : 0]);
        else
            snprintf(buf, size, "%s.%s", cli_node_ref(names, ta_node_at(t.index)), property_name(t.kind));
        return;
    case TA_FAMILY_MESH:
    case TA_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = family_mesh(scene, t);
        if (mesh == NULL) {
            snprintf(buf, size, "%smesh[%u].morphTargetInfluences[%u]",
                     t.family == TA_FAMILY_SKINNED_MESH ? "skinned" : "", t.index, t.element);
            return;
        }
        const char *morph = t.element < mesh->morph_count ? mesh->morph_names[t.element] : "";
        if (morph[0] != '\0' && strpbrk(morph, "[]") == NULL)
            snprintf(buf, size, "%s.morphTargetInfluences[%s]", cli_node_ref(names, mesh->node), morph);
        else
            snprintf(buf, size, "%s.morphTargetInfluences[%u]", cli_node_ref(names, mesh->node), t.element);
        return;
    }
    case TA_FAMILY_MATERIAL: {
        int slot = -1;
        const ta_mesh *mesh = material_mesh(scene, t.index, &slot);
        if (mesh == NULL) {
            const char *name = model->assets != NULL && t.index < model->assets->material_count
                                   ? model->assets->materials[t.index].name
                                   : "";
            if (plain_name(name))
                snprintf(buf, size, "material:%s.%s", name, property_name(t.kind));
            else
                snprintf(buf, size, "material:@%u.%s", t.index, property_name(t.kind));
        } else if (slot < 0) {
            snprintf(buf, size, "%s.material.%s", cli_node_ref(names, mesh->node), property_name(t.kind));
        } else {
            snprintf(buf, size, "%s.material[%d].%s", cli_node_ref(names, mesh->node), slot, property_name(t.kind));
        }
        return;
    }
    case TA_FAMILY_LIGHT:
        if (t.index < scene->light_count)
            snprintf(buf, size, "%s.%s", cli_node_ref(names, scene->lights[t.index].node), property_name(t.kind));
        else
            snprintf(buf, size, "light[%u].%s", t.index, property_name(t.kind));
        return;
    case TA_FAMILY_PERSPECTIVE_CAMERA:
    case TA_FAMILY_ORTHOGRAPHIC_CAMERA: {
        bool persp = t.family == TA_FAMILY_PERSPECTIVE_CAMERA;
        const ta_camera_list *c = model->cameras;
        uint32_t count = c == NULL ? 0 : persp ? c->perspective_count : c->orthographic_count;
        ta_node_id node = ta_no_parent();
        if (t.index < count) node = persp ? c->perspective[t.index].node : c->orthographic[t.index].node;
        if (!ta_node_is_none(node))
            snprintf(buf, size, "%s.%s", cli_node_ref(names, node), property_name(t.kind));
        else
            snprintf(buf, size, "%scamera[%u].%s", persp ? "perspective" : "orthographic", t.index,
                     property_name(t.kind));
        return;
    }
    default: snprintf(buf, size, "?.%s", property_name(t.kind)); return;
    }
}

/* ---- owners, for clip JSON ---------------------------------------------------------- */

static ta_result owner_fail(ta_error *err, ta_result code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static ta_result owner_fail(ta_error *err, ta_result code, const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

static ta_result owner_node(const cli_names *names, ta_node_id node, ta_target_owner *out, ta_error *err)
{
    const ta_scene *scene = names->model->scene;
    if (node.index >= scene->node_count)
        return owner_fail(err, TA_ERROR_MISSING_TARGET, "target: %snode %u is not in the scene", "", node.index);
    const char *ref = names->node_refs[node.index];
    if (strcmp(ref, scene->nodes[node.index].name) == 0) {
        out->node = ref;
        return TA_OK;
    }
    if (scene->nodes[node.index].uuid[0] != '\0') {
        out->node = scene->nodes[node.index].uuid;
        return TA_OK;
    }
    return owner_fail(err, TA_ERROR_UNSUPPORTED,
                      "target: node \"%s\" (%u) has a name that another node has too, or none, and no uuid, so a "
                      "three.js track name cannot find it; write the whole scene instead (--format object)",
                      scene->nodes[node.index].name, node.index);
}

ta_result cli_target_owner(void *user, const ta_track_target *t, ta_target_owner *out, ta_error *err)
{
    const cli_names *names = (const cli_names *)user;
    const ta_model *model = names->model;
    const ta_scene *scene = model->scene;
    out->material_slot = -1;
    out->node = NULL;
    switch (t->family) {
    case TA_FAMILY_NODE: return owner_node(names, ta_node_at(t->index), out, err);
    case TA_FAMILY_MESH:
    case TA_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = family_mesh(scene, *t);
        if (mesh == NULL) return owner_fail(err, TA_ERROR_MISSING_TARGET, "target: %smesh %u is not in the scene", "", t->index);
        return owner_node(names, mesh->node, out, err);
    }
    case TA_FAMILY_MATERIAL: {
        int slot = -1;
        const ta_mesh *mesh = material_mesh(scene, t->index, &slot);
        if (mesh == NULL)
            return owner_fail(err, TA_ERROR_MISSING_TARGET, "target: %sno mesh draws with material %u", "", t->index);
        out->material_slot = slot;
        return owner_node(names, mesh->node, out, err);
    }
    case TA_FAMILY_LIGHT:
        if (t->index >= scene->light_count)
            return owner_fail(err, TA_ERROR_MISSING_TARGET, "target: %slight %u is not in the scene", "", t->index);
        return owner_node(names, scene->lights[t->index].node, out, err);
    case TA_FAMILY_PERSPECTIVE_CAMERA:
    case TA_FAMILY_ORTHOGRAPHIC_CAMERA: {
        bool persp = t->family == TA_FAMILY_PERSPECTIVE_CAMERA;
        const ta_camera_list *c = model->cameras;
        uint32_t count = c == NULL ? 0 : persp ? c->perspective_count : c->orthographic_count;
        if (t->index >= count)
            return owner_fail(err, TA_ERROR_MISSING_TARGET, "target: %scamera %u is not in the cameras",
                              persp ? "perspective " : "orthographic ", t->index);
        ta_node_id node = persp ? c->perspective[t->index].node : c->orthographic[t->index].node;
        if (ta_node_is_none(node))
            return owner_fail(err, TA_ERROR_UNSUPPORTED, "target: %scamera %u has no node to name it by",
                              persp ? "perspective " : "orthographic ", t->index);
        return owner_node(names, node, out, err);
    }
    default:
        return owner_fail(err, TA_ERROR_UNKNOWN_ENUM, "target.family: %s%u is not a target family", "",
                          (uint32_t)t->family);
    }
}

/* ---- values ----------------------------------------------------------------------- */

static void put(cli_value *out, uint32_t n, const float *v)
{
    out->count = n;
    for (uint32_t i = 0; i < n; ++i) out->v[i] = v[i];
}

static void put_color(cli_value *out, const uint8_t *bytes)
{
    out->count = 3;
    for (int i = 0; i < 3; ++i) out->v[i] = ta_srgb_byte_to_linear(bytes[i]);
}

static bool read_material(const ta_model *model, ta_track_target t, cli_value *out)
{
    if (model->assets == NULL || t.index >= model->assets->material_count) return false;
    const ta_material *m = &model->assets->materials[t.index];
    float v;
    switch (t.kind) {
    case TA_MATERIAL_COLOR: put_color(out, m->color); return true;
    case TA_MATERIAL_EMISSIVE: put_color(out, m->emissive); return true;
    case TA_MATERIAL_SPECULAR: put_color(out, m->specular); return true;
    case TA_MATERIAL_OPACITY: v = m->opacity; break;
    case TA_MATERIAL_EMISSIVE_INTENSITY: v = m->emissive_intensity; break;
    case TA_MATERIAL_ROUGHNESS: v = m->roughness; break;
    case TA_MATERIAL_METALNESS: v = m->metalness; break;
    case TA_MATERIAL_SHININESS: v = m->shininess; break;
    case TA_MATERIAL_ALPHA_TEST: v = m->alpha_test; break;
    case TA_MATERIAL_REFLECTIVITY: v = m->reflectivity; break;
    case TA_MATERIAL_ENV_MAP_INTENSITY: v = m->env_map_intensity; break;
    case TA_MATERIAL_CLEARCOAT: v = m->clearcoat; break;
    case TA_MATERIAL_CLEARCOAT_ROUGHNESS: v = m->clearcoat_roughness; break;
    case TA_MATERIAL_SPECULAR_INTENSITY: v = m->specular_intensity; break;
    case TA_MATERIAL_IOR: v = m->ior; break;
    case TA_MATERIAL_TRANSPARENT: v = m->transparent ? 1.0f : 0.0f; break;
    case TA_MATERIAL_WIREFRAME: v = m->wireframe ? 1.0f : 0.0f; break;
    case TA_MATERIAL_MAP_OFFSET:
    case TA_MATERIAL_MAP_REPEAT:
    case TA_MATERIAL_MAP_CENTER:
    case TA_MATERIAL_MAP_ROTATION: {
        if (m->map.index >= model->assets->texture_count) return false;
        const ta_texture *tex = &model->assets->textures[m->map.index];
        if (t.kind == TA_MATERIAL_MAP_OFFSET) put(out, 2, &tex->offset.x);
        else if (t.kind == TA_MATERIAL_MAP_REPEAT) put(out, 2, &tex->repeat.x);
        else if (t.kind == TA_MATERIAL_MAP_CENTER) put(out, 2, &tex->center.x);
        else put(out, 1, &tex->rotation);
        return true;
    }
    default: return false;
    }
    put(out, 1, &v);
    return true;
}

static bool read_camera(const ta_model *model, ta_track_target t, cli_value *out)
{
    const ta_camera_list *c = model->cameras;
    if (c == NULL) return false;
    float v;
    if (t.family == TA_FAMILY_PERSPECTIVE_CAMERA) {
        if (t.index >= c->perspective_count) return false;
        const ta_perspective_camera *p = &c->perspective[t.index];
        v = t.kind == TA_CAMERA_FOV ? p->fov : t.kind == TA_CAMERA_ZOOM ? p->zoom : t.kind == TA_CAMERA_NEAR ? p->near : p->far;
    } else {
        if (t.index >= c->orthographic_count) return false;
        const ta_orthographic_camera *o = &c->orthographic[t.index];
        v = t.kind == TA_CAMERA_ZOOM ? o->zoom : t.kind == TA_CAMERA_NEAR ? o->near : o->far;
    }
    put(out, 1, &v);
    return true;
}

bool cli_target_read(const ta_model *model, ta_track_target t, cli_value *out)
{
    const ta_scene *scene = model->scene;
    memset(out, 0, sizeof *out);
    switch (t.family) {
    case TA_FAMILY_NODE: {
        if (t.index >= scene->node_count) return false;
        const ta_node *n = &scene->nodes[t.index];
        uint32_t axis = t.element < 3 ? t.element : 0;
        float v;
        switch (t.kind) {
        case TA_POSITION: put(out, 3, &n->position.x); return true;
        case TA_SCALE: put(out, 3, &n->scale.x); return true;
        case TA_QUATERNION: put(out, 4, &n->quaternion.x); return true;
        case TA_VISIBLE: v = n->visible ? 1.0f : 0.0f; put(out, 1, &v); return true;
        case TA_NODE_NAME: out->text = n->name; return true;
        case TA_POSITION_ELEMENT: put(out, 1, &n->position.x + axis); return true;
        case TA_SCALE_ELEMENT: put(out, 1, &n->scale.x + axis); return true;
        case TA_ROTATION_ELEMENT: {
            ta_euler e = ta_euler_from_quat(n->quaternion);
            put(out, 1, &e.x + axis);
            return true;
        }
        default: return false;
        }
    }
    case TA_FAMILY_MESH:
    case TA_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = family_mesh(scene, t);
        if (mesh == NULL || t.element >= mesh->morph_count) return false;
        put(out, 1, &mesh->morph_influences[t.element]);
        return true;
    }
    case TA_FAMILY_MATERIAL: return read_material(model, t, out);
    case TA_FAMILY_LIGHT: {
        if (t.index >= scene->light_count) return false;
        const ta_light *l = &scene->lights[t.index];
        float v;
        switch (t.kind) {
        case TA_LIGHT_COLOR: put_color(out, l->color); return true;
        case TA_LIGHT_INTENSITY: v = l->intensity; break;
        case TA_LIGHT_DISTANCE: v = l->distance; break;
        case TA_LIGHT_ANGLE: v = l->angle; break;
        case TA_LIGHT_PENUMBRA: v = l->penumbra; break;
        default: return false;
        }
        put(out, 1, &v);
        return true;
    }
    case TA_FAMILY_PERSPECTIVE_CAMERA:
    case TA_FAMILY_ORTHOGRAPHIC_CAMERA: return read_camera(model, t, out);
    default: return false;
    }
}

/* ---- units ------------------------------------------------------------------------ */

const char *cli_kind_unit(ta_track_kind kind)
{
    return ta_track_kind_unit(kind);
}

const char *cli_component_name(ta_track_kind kind, uint32_t i)
{
    static const char *const xyzw[] = {"x", "y", "z", "w"};
    static const char *const rgb[] = {"r", "g", "b"};
    static const char *const uv[] = {"u", "v"};
    switch (ta_track_kind_value_size(kind)) {
    case 1: return "";
    case 2: return i < 2 ? uv[i] : "?";
    case 3:
        if (ta_track_kind_value_type(kind) == TA_VALUE_COLOR) return i < 3 ? rgb[i] : "?";
        return i < 3 ? xyzw[i] : "?";
    default: return i < 4 ? xyzw[i] : "?";
    }
}
