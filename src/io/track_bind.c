/*
 * Binding a parsed track name to typed targets, as three.js's
 * PropertyBinding.findNode and PropertyBinding.bind do.
 *
 * three.js answers a path it cannot bind by binding nothing; the binding here
 * is then empty, with the reason. It refuses what this library cannot drive:
 * the Scene itself, a property three.js has but no kind drives, a name that
 * is no property of any object here, an object name three.js would look up as
 * a plain field (".children[0]", ".parent", ...).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "animation/track_kinds.h"
#include "io/clip_json_internal.h"

static void leave_out(ta_track_binding *out, const char *fmt, ...) TA_PRINTF(2, 3);
static void leave_out(ta_track_binding *out, const char *fmt, ...)
{
    out->target_count = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
}

static const char *node_uuid(const ta__binder *b, ta_node_id n)
{
    if (b->node_uuids != NULL) return b->node_uuids[n.index];
    return b->scene->nodes[n.index].uuid;
}

/* ---- findNode ---------------------------------------------------------------------- */

typedef struct find_state {
    const ta__binder *b;
    const char *name;
    ta_node_id root;
    bool found;
    ta_node_id node;
} find_state;

static bool find_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    find_state *st = (find_state *)user;
    if (!ta_node_is_none(st->root) && node.index == st->root.index) return true; /* below the root only */
    const ta_node *n = &scene->nodes[node.index];
    if (strcmp(n->name, st->name) == 0 || strcmp(node_uuid(st->b, node), st->name) == 0) {
        st->found = true;
        st->node = node;
        return false;
    }
    return true;
}

/* The skinned mesh at a node, and the mesh at a node (first of each). */
static bool node_skinned_mesh(const ta__binder *b, ta_node_id n, uint32_t *out)
{
    for (uint32_t i = 0; i < b->scene->skinned_mesh_count; ++i)
        if (b->scene->skinned_meshes[i].node.index == n.index) {
            *out = i;
            return true;
        }
    return false;
}

static bool node_plain_mesh(const ta__binder *b, ta_node_id n, uint32_t *out)
{
    for (uint32_t i = 0; i < b->scene->mesh_count; ++i)
        if (b->scene->meshes[i].node.index == n.index) {
            *out = i;
            return true;
        }
    return false;
}

/* The three.js mesh a node is: a skinned mesh first for a SKINNED_MESH node,
 * else a mesh first. */
static const ta_mesh *node_mesh(const ta__binder *b, ta_node_id n, bool *skinned, uint32_t *index)
{
    bool prefer_skinned = b->scene->nodes[n.index].type == TA_NODE_TYPE_SKINNED_MESH;
    for (int pass = 0; pass < 2; ++pass) {
        bool want_skinned = (pass == 0) == prefer_skinned;
        if (want_skinned ? node_skinned_mesh(b, n, index) : node_plain_mesh(b, n, index)) {
            *skinned = want_skinned;
            return want_skinned ? &b->scene->skinned_meshes[*index] : &b->scene->meshes[*index];
        }
    }
    return NULL;
}

static const ta__mesh_view *mesh_view(const ta__binder *b, bool skinned, uint32_t index)
{
    const ta__mesh_view *views = skinned ? b->skinned : b->meshes;
    return views != NULL ? &views[index] : NULL;
}

/* findNode(root, name): false when nothing is found; *is_scene when it is the Scene. */
static bool find_node(const ta__binder *b, const char *name, ta_node_id *out, bool *is_scene)
{
    const ta_scene *scene = b->scene;
    *is_scene = false;
    bool root_is_scene = ta_node_is_none(b->root);
    if (name == NULL || name[0] == '\0' || strcmp(name, ".") == 0 ||
        (root_is_scene && (strcmp(name, scene->name) == 0 ||
                           strcmp(name, b->scene_uuid != NULL ? b->scene_uuid : scene->uuid) == 0)) ||
        (!root_is_scene && (strcmp(name, scene->nodes[b->root.index].name) == 0 ||
                            strcmp(name, node_uuid(b, b->root)) == 0))) {
        *is_scene = root_is_scene;
        *out = b->root;
        return true;
    }
    /* A bone of the root's skeleton, by name. */
    if (!root_is_scene) {
        bool skinned;
        uint32_t index;
        const ta_mesh *m = node_mesh(b, b->root, &skinned, &index);
        if (m != NULL && skinned) {
            for (uint32_t i = 0; i < m->bone_count; ++i) {
                ta_node_id bone = m->bones[i];
                if (bone.index < scene->node_count && strcmp(scene->nodes[bone.index].name, name) == 0) {
                    *out = bone;
                    return true;
                }
            }
        }
    }
    find_state st = {b, name, b->root, false, ta_node_none()};
    ta_scene_traverse(scene, b->root, find_visit, &st);
    if (st.found) *out = st.node;
    return st.found;
}

/* ---- the property ------------------------------------------------------------------ */

static bool axis_of(const char *index, uint32_t *axis)
{
    if (index == NULL || index[1] != '\0') return false;
    if (index[0] < 'x' || index[0] > 'z') return false;
    *axis = (uint32_t)(index[0] - 'x');
    return true;
}

static ta_result refuse_index(const char *track_name, const char *what, ta_error *err)
{
    return ta__fail(err, TA_ERROR_UNSUPPORTED,
                    "track \"%s\": one element of %s is not driven (only .position, .scale and .rotation take "
                    "[x], [y] or [z])",
                    track_name, what);
}

static ta_result refuse_undriven(const char *track_name, const char *prop, const char *owner, ta_error *err)
{
    return ta__fail(err, TA_ERROR_UNSUPPORTED, "track \"%s\": the %s's property \"%s\" is not one this library drives",
                    track_name, owner, prop);
}

static ta_result one_target(ta_track_binding *out, ta_track_target t)
{
    out->target_count = 1;
    out->targets[0] = t;
    out->reason[0] = '\0';
    return TA_OK;
}

static ta_track_target make_target(ta_track_kind kind, ta_target_family family, uint32_t index, uint32_t element)
{
    ta_track_target t;
    t.kind = kind;
    t.family = family;
    t.index = index;
    t.element = element;
    return t;
}

/* The morph target an index names: the dictionary first, then a plain array index. */
static bool morph_index(const ta__binder *b, const ta_mesh *m, bool skinned, uint32_t mesh_index, const char *key,
                        uint32_t *out)
{
    const ta__mesh_view *view = mesh_view(b, skinned, mesh_index);
    double v = -1;
    bool in_dict = false;
    if (view != NULL) {
        for (uint32_t i = 0; i < view->dict_count; ++i)
            if (strcmp(view->dict_names[i], key) == 0) {
                v = view->dict_values[i];
                in_dict = true;
                break;
            }
    } else {
        uint32_t t;
        if (ta_mesh_find_morph_target(m, key, &t, NULL) == TA_OK) {
            v = t;
            in_dict = true;
        }
    }
    if (in_dict) {
        if (!(v >= 0 && v < m->morph_count && v == (double)(uint32_t)v)) return false;
        *out = (uint32_t)v;
        return true;
    }
    uint32_t i;
    if (!ta__js_array_index(key, &i) || i >= m->morph_count) return false;
    *out = i;
    return true;
}

static ta_result bind_node_property(const ta__binder *b, const char *track_name, const ta_track_name *pn,
                                    ta_node_id node, ta_track_binding *out, ta_error *err)
{
    const ta_scene *scene = b->scene;
    const char *prop_text = pn->property_name;
    const char *index = pn->property_index;
    ta__prop prop = ta__prop_lookup(prop_text);
    const ta_node *n = &scene->nodes[node.index];

    bool skinned = false;
    uint32_t mesh_index = 0;
    const ta_mesh *mesh = node_mesh(b, node, &skinned, &mesh_index);
    uint32_t light_index = TA_NONE, persp_index = TA_NONE, ortho_index = TA_NONE;
    for (uint32_t i = 0; i < scene->light_count && light_index == TA_NONE; ++i)
        if (scene->lights[i].node.index == node.index) light_index = i;
    if (b->cameras != NULL) {
        for (uint32_t i = 0; i < b->cameras->perspective_count && persp_index == TA_NONE; ++i)
            if (b->cameras->perspective[i].node.index == node.index) persp_index = i;
        for (uint32_t i = 0; i < b->cameras->orthographic_count && ortho_index == TA_NONE; ++i)
            if (b->cameras->orthographic[i].node.index == node.index) ortho_index = i;
    }
    uint64_t has = ta__has_node();
    if (mesh != NULL && mesh->morph_count > 0) has |= TA__HAS(TA__P_MORPH);
    if (light_index != TA_NONE) has |= ta__has_light(scene->lights[light_index].kind);
    if (persp_index != TA_NONE) has |= ta__has_perspective_camera();
    else if (ortho_index != TA_NONE) has |= ta__has_orthographic_camera();

    if (prop == TA__P_COUNT) return refuse_undriven(track_name, prop_text, "object", err);
    if (!(has & TA__HAS(prop))) {
        leave_out(out, "track \"%s\": the object \"%s\" has no property \"%s\"", track_name, n->name, prop_text);
        return TA_OK;
    }
    uint32_t axis;
    ta_track_kind kind = TA_TRACK_KIND_COUNT;
    switch (prop) {
    case TA__P_POSITION:
    case TA__P_SCALE:
        if (index == NULL) {
            ta__kind_lookup(TA_TARGET_FAMILY_NODE, false, prop_text, false, &kind);
            return one_target(out, make_target(kind, TA_TARGET_FAMILY_NODE, node.index, 0));
        }
        if (!axis_of(index, &axis)) return refuse_index(track_name, prop == TA__P_POSITION ? ".position" : ".scale", err);
        ta__kind_lookup(TA_TARGET_FAMILY_NODE, false, prop_text, true, &kind);
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_NODE, node.index, axis));
    case TA__P_ROTATION:
        if (index == NULL)
            return ta__fail(err, TA_ERROR_UNSUPPORTED,
                            "track \"%s\": a whole .rotation is not driven; use .quaternion, or .rotation[x]",
                            track_name);
        if (!axis_of(index, &axis)) return refuse_index(track_name, ".rotation", err);
        ta__kind_lookup(TA_TARGET_FAMILY_NODE, false, prop_text, true, &kind);
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_NODE, node.index, axis));
    case TA__P_QUATERNION:
    case TA__P_VISIBLE:
    case TA__P_NAME:
        if (index != NULL) return refuse_index(track_name, prop_text, err);
        ta__kind_lookup(TA_TARGET_FAMILY_NODE, false, prop_text, false, &kind);
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_NODE, node.index, 0));
    case TA__P_MORPH: {
        ta_target_family family = skinned ? TA_TARGET_FAMILY_SKINNED_MESH : TA_TARGET_FAMILY_MESH;
        ta__kind_lookup(family, false, prop_text, true, &kind);
        if (index == NULL) {
            if (mesh->morph_count > TA_MAX_MORPH_TARGETS)
                return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED,
                                "track \"%s\": the mesh \"%s\" has %u morph targets; a binding of the whole list holds "
                                "at most %d (TA_MAX_MORPH_TARGETS)",
                                track_name, n->name, mesh->morph_count, TA_MAX_MORPH_TARGETS);
            out->split = true;
            out->target_count = mesh->morph_count;
            for (uint32_t i = 0; i < mesh->morph_count; ++i)
                out->targets[i] = make_target(kind, family, mesh_index, i);
            out->reason[0] = '\0';
            return TA_OK;
        }
        uint32_t target;
        if (!morph_index(b, mesh, skinned, mesh_index, index, &target)) {
            leave_out(out, "track \"%s\": the mesh \"%s\" has no morph target \"%s\"", track_name, n->name, index);
            return TA_OK;
        }
        return one_target(out, make_target(kind, family, mesh_index, target));
    }
    default: break;
    }
    if (index != NULL) return refuse_index(track_name, prop_text, err);
    /* A light's or a camera's number. */
    if (light_index != TA_NONE && (ta__has_light(scene->lights[light_index].kind) & TA__HAS(prop)) &&
        ta__kind_lookup(TA_TARGET_FAMILY_LIGHT, false, prop_text, false, &kind))
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_LIGHT, light_index, 0));
    if (persp_index != TA_NONE && ta__kind_lookup(TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, false, prop_text, false, &kind))
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, persp_index, 0));
    if (persp_index == TA_NONE && ortho_index != TA_NONE &&
        ta__kind_lookup(TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, false, prop_text, false, &kind))
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, ortho_index, 0));
    return refuse_undriven(track_name, prop_text, "object", err);
}

static ta_result bind_material_property(const ta__binder *b, const char *track_name, const ta_track_name *pn,
                                        uint32_t material, ta_track_binding *out, ta_error *err)
{
    const ta_material *m = &b->assets->materials[material];
    uint64_t has = b->material_has != NULL ? b->material_has[material] : ta__has_material(m->kind);
    ta__prop prop = ta__prop_lookup(pn->property_name);
    if (prop == TA__P_COUNT) return refuse_undriven(track_name, pn->property_name, "material", err);
    if (!(has & TA__HAS(prop))) {
        leave_out(out, "track \"%s\": the %s \"%s\" has no property \"%s\"", track_name, ta_material_kind_name(m->kind),
                  m->name, pn->property_name);
        return TA_OK;
    }
    ta_track_kind kind;
    if (ta__kind_lookup(TA_TARGET_FAMILY_MATERIAL, false, pn->property_name, false, &kind)) {
        if (pn->property_index != NULL) return refuse_index(track_name, pn->property_name, err);
        return one_target(out, make_target(kind, TA_TARGET_FAMILY_MATERIAL, material, 0));
    }
    return refuse_undriven(track_name, pn->property_name, "material", err);
}

static ta_result bind_map_property(const char *track_name, const ta_track_name *pn, uint32_t material,
                                   ta_track_binding *out, ta_error *err)
{
    ta__prop prop = ta__prop_lookup(pn->property_name);
    if (prop == TA__P_COUNT) return refuse_undriven(track_name, pn->property_name, "texture", err);
    if (!(ta__has_texture() & TA__HAS(prop))) {
        leave_out(out, "track \"%s\": a texture has no property \"%s\"", track_name, pn->property_name);
        return TA_OK;
    }
    ta_track_kind kind;
    if (!ta__kind_lookup(TA_TARGET_FAMILY_MATERIAL, true, pn->property_name, false, &kind))
        return refuse_undriven(track_name, pn->property_name, "texture", err);
    if (pn->property_index != NULL) return refuse_index(track_name, pn->property_name, err);
    return one_target(out, make_target(kind, TA_TARGET_FAMILY_MATERIAL, material, 0));
}

ta_result ta__bind_track(const ta__binder *b, const char *track_name, const ta_track_name *pn, ta_track_binding *out,
                         ta_error *err)
{
    memset(out, 0, sizeof *out);
    const ta_scene *scene = b->scene;
    ta_node_id node;
    bool is_scene;
    if (!find_node(b, pn->node_name, &node, &is_scene)) {
        leave_out(out, "track \"%s\": no object is named \"%s\"", track_name, pn->node_name);
        return TA_OK;
    }
    const char *object = pn->object_name;
    /* ".material[opacity]" is three.js's element form: it binds material["opacity"],
     * the property .material.opacity names. */
    ta_track_name element_form;
    if (object == NULL && strcmp(pn->property_name, "material") == 0 && pn->property_index != NULL) {
        element_form = *pn;
        element_form.object_name = "material";
        element_form.object_index = NULL;
        element_form.property_name = pn->property_index;
        element_form.property_index = NULL;
        pn = &element_form;
        object = element_form.object_name;
    }
    if (is_scene) {
        /* The Scene has no material, map or skeleton, so three.js binds these to
         * nothing; its own properties this library does not animate. */
        if (object != NULL && (strcmp(object, "material") == 0 || strcmp(object, "materials") == 0 ||
                               strcmp(object, "map") == 0 || strcmp(object, "bones") == 0)) {
            leave_out(out, "track \"%s\": the Scene has no %s", track_name,
                      strcmp(object, "bones") == 0 ? "skeleton" : object);
            return TA_OK;
        }
        if (object == NULL)
            return ta__fail(err, TA_ERROR_UNSUPPORTED,
                            "track \"%s\": names the Scene itself, which this library does not animate", track_name);
        return ta__fail(err, TA_ERROR_UNSUPPORTED,
                        "track \"%s\": the object name \"%s\" is not one this library binds (material, materials, "
                        "bones, map)",
                        track_name, object);
    }
    const ta_node *n = &scene->nodes[node.index];
    if (object == NULL) return bind_node_property(b, track_name, pn, node, out, err);

    bool skinned = false;
    uint32_t mesh_index = 0;
    const ta_mesh *mesh = node_mesh(b, node, &skinned, &mesh_index);
    const ta__mesh_view *view = mesh != NULL ? mesh_view(b, skinned, mesh_index) : NULL;
    bool material_array = view != NULL ? view->material_array : (mesh != NULL && mesh->material_count != 1);

    if (strcmp(object, "materials") == 0) {
        leave_out(out, "track \"%s\": .materials is three.js's old multi-material, which no material has now",
                  track_name);
        return TA_OK;
    }
    if (strcmp(object, "bones") == 0) {
        if (mesh == NULL || !skinned) {
            leave_out(out, "track \"%s\": the object \"%s\" has no skeleton", track_name, n->name);
            return TA_OK;
        }
        const char *key = pn->object_index;
        uint32_t bone = TA_NONE;
        if (key != NULL) {
            for (uint32_t i = 0; i < mesh->bone_count && bone == TA_NONE; ++i)
                if (mesh->bones[i].index < scene->node_count && strcmp(scene->nodes[mesh->bones[i].index].name, key) == 0)
                    bone = i;
            uint32_t i;
            if (bone == TA_NONE && ta__js_array_index(key, &i) && i < mesh->bone_count) bone = i;
        }
        if (bone == TA_NONE) {
            leave_out(out, "track \"%s\": the skeleton of \"%s\" has no bone \"%s\"", track_name, n->name,
                      key != NULL ? key : "");
            return TA_OK;
        }
        return bind_node_property(b, track_name, pn, mesh->bones[bone], out, err);
    }
    if (strcmp(object, "material") == 0 || strcmp(object, "map") == 0) {
        bool is_map = strcmp(object, "map") == 0;
        if (mesh == NULL || mesh->material_count == 0 || b->assets == NULL) {
            leave_out(out, "track \"%s\": the object \"%s\" has no material", track_name, n->name);
            return TA_OK;
        }
        uint32_t material = TA_NONE;
        if (is_map) {
            /* .map reads node.material.map: one material, not an array. */
            if (!material_array && pn->object_index == NULL) material = mesh->materials[0].index;
        } else if (pn->object_index == NULL) {
            if (!material_array) material = mesh->materials[0].index;
        } else {
            uint32_t slot;
            if (material_array && ta__js_array_index(pn->object_index, &slot) && slot < mesh->material_count)
                material = mesh->materials[slot].index;
        }
        if (material == TA_NONE) {
            if (pn->object_index != NULL)
                leave_out(out, "track \"%s\": the object \"%s\" has no material [%s] (it has %s)", track_name,
                          n->name, pn->object_index, material_array ? "an array of materials" : "one material");
            else
                leave_out(out, "track \"%s\": the object \"%s\" has an array of materials, not one", track_name,
                          n->name);
            return TA_OK;
        }
        if (material >= b->assets->material_count) {
            leave_out(out, "track \"%s\": material %u of \"%s\" is not in the assets", track_name, material, n->name);
            return TA_OK;
        }
        if (!is_map) return bind_material_property(b, track_name, pn, material, out, err);
        if (b->assets->materials[material].map.index >= b->assets->texture_count) {
            leave_out(out, "track \"%s\": the material of \"%s\" has no map", track_name, n->name);
            return TA_OK;
        }
        return bind_map_property(track_name, pn, material, out, err);
    }
    return ta__fail(err, TA_ERROR_UNSUPPORTED,
                    "track \"%s\": the object name \"%s\" is not one this library binds (material, materials, "
                    "bones, map)",
                    track_name, object);
}

ta_result ta_clip_binding_resolve(void *clip_binding, const char *track_name, const ta_track_name *parsed,
                                  ta_track_binding *out_binding, ta_error *err)
{
    const ta_clip_binding *cb = (const ta_clip_binding *)clip_binding;
    if (cb == NULL || cb->scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip_binding: %s is NULL", cb == NULL ? "it" : "its scene");
    if (track_name == NULL || parsed == NULL || out_binding == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        track_name == NULL ? "track_name" : parsed == NULL ? "parsed" : "out_binding");
    if (!ta_node_is_none(cb->root) && cb->root.index >= cb->scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "clip_binding.root: node %u is not in the scene, which has %u nodes",
                        cb->root.index, cb->scene->node_count);
    ta__binder b;
    memset(&b, 0, sizeof b);
    b.scene = cb->scene;
    b.assets = cb->assets;
    b.cameras = cb->cameras;
    b.root = cb->root;
    return ta__bind_track(&b, track_name, parsed, out_binding, err);
}
