/*
 * The object tree of a written document: the Scene, each node as the three.js
 * object its type and attachments make it, and the made objects (a second
 * mesh at a node, a camera without a node) after the real children. A node
 * writes position, quaternion and scale rather than Object3D.toJSON's matrix:
 * ObjectLoader reads both, and these come back exactly (a matrix of a zero
 * scale would come back with a scale of one).
 */
#include <string.h>

#include "io/object_json_write_internal.h"

static json_t *numbers(const float *v, int n)
{
    json_t *a = json_array();
    if (a == NULL) return NULL;
    for (int i = 0; i < n; ++i)
        if (!ta__jpush(a, ta__jreal(v[i]))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static json_t *hex(const uint8_t c[3])
{
    return json_integer(((json_int_t)c[0] << 16) | ((json_int_t)c[1] << 8) | (json_int_t)c[2]);
}

static const char *attach_type(const ta__ojwriter *w, ta__attach a)
{
    switch (a.kind) {
    case TA__ATTACH_MESH: return "Mesh";
    case TA__ATTACH_SKINNED_MESH: return "SkinnedMesh";
    case TA__ATTACH_LIGHT: return ta_light_kind_name(w->scene->lights[a.index].kind);
    case TA__ATTACH_PERSPECTIVE: return "PerspectiveCamera";
    case TA__ATTACH_ORTHOGRAPHIC: return "OrthographicCamera";
    default: return "Object3D";
    }
}

static bool mesh_fields(const ta__ojwriter *w, json_t *j, const ta_mesh *m, bool skinned, uint32_t index)
{
    bool ok = ta__jset(j, "geometry", json_string(w->geometry_uuids[skinned ? w->scene->mesh_count + index : index]));
    if (ok && m->material_count == 1) {
        ok = ta__jset(j, "material", json_string(w->material_uuids[m->materials[0].index]));
    } else if (ok && m->material_count > 1) {
        json_t *list = json_array();
        ok = list != NULL;
        for (uint32_t k = 0; ok && k < m->material_count; ++k)
            ok = ta__jpush(list, json_string(w->material_uuids[m->materials[k].index]));
        if (ok) ok = ta__jset(j, "material", list);
        else json_decref(list);
    }
    if (ok && m->morph_count > 0) {
        json_t *dict = json_object();
        ok = dict != NULL;
        /* dictionary[name] = m, each target in turn: a later name wins, as in
         * Mesh.updateMorphTargets. An unnamed target is found by its index. */
        for (uint32_t k = 0; ok && k < m->morph_count; ++k)
            if (m->morph_names[k] != NULL && m->morph_names[k][0] != '\0')
                ok = ta__jset(dict, m->morph_names[k], json_integer(k));
        if (!ok) json_decref(dict);
        else ok = ta__jset(j, "morphTargetDictionary", dict);
        ok = ok && ta__jset(j, "morphTargetInfluences", numbers(m->morph_influences, (int)m->morph_count));
    }
    if (ok && skinned) {
        ok = ta__jset(j, "bindMode", json_string(m->bind_mode == TA_BIND_MODE_DETACHED ? "detached" : "attached")) &&
             ta__jset(j, "bindMatrix", numbers(m->bind_matrix.m, 16));
        if (ok && m->bone_count > 0) ok = ta__jset(j, "skeleton", json_string(w->skeleton_uuids[index]));
    }
    return ok;
}

static bool attachment_fields(const ta__ojwriter *w, json_t *j, ta__attach a)
{
    const ta_scene *scene = w->scene;
    switch (a.kind) {
    case TA__ATTACH_MESH: return mesh_fields(w, j, &scene->meshes[a.index], false, a.index);
    case TA__ATTACH_SKINNED_MESH: return mesh_fields(w, j, &scene->skinned_meshes[a.index], true, a.index);
    case TA__ATTACH_LIGHT: {
        const ta_light *l = &scene->lights[a.index];
        bool ok = ta__jset(j, "color", hex(l->color)) && ta__jset(j, "intensity", ta__jreal(l->intensity));
        if (ok && (l->kind == TA_LIGHT_KIND_POINT || l->kind == TA_LIGHT_KIND_SPOT))
            ok = ta__jset(j, "distance", ta__jreal(l->distance)) && ta__jset(j, "decay", ta__jreal(l->decay));
        if (ok && l->kind == TA_LIGHT_KIND_SPOT)
            ok = ta__jset(j, "angle", ta__jreal(l->angle)) && ta__jset(j, "penumbra", ta__jreal(l->penumbra));
        if (ok && l->kind == TA_LIGHT_KIND_HEMISPHERE) ok = ta__jset(j, "groundColor", hex(l->ground_color));
        return ok;
    }
    case TA__ATTACH_PERSPECTIVE: {
        const ta_perspective_camera *c = &w->cameras->perspective[a.index];
        return ta__jset(j, "fov", ta__jreal(c->fov)) && ta__jset(j, "zoom", ta__jreal(c->zoom)) &&
               ta__jset(j, "near", ta__jreal(c->near)) && ta__jset(j, "far", ta__jreal(c->far)) &&
               ta__jset(j, "aspect", ta__jreal(c->aspect)) && ta__jset(j, "filmGauge", ta__jreal(c->film_gauge)) &&
               ta__jset(j, "filmOffset", ta__jreal(c->film_offset));
    }
    case TA__ATTACH_ORTHOGRAPHIC: {
        const ta_orthographic_camera *c = &w->cameras->orthographic[a.index];
        return ta__jset(j, "zoom", ta__jreal(c->zoom)) && ta__jset(j, "left", ta__jreal(c->left)) &&
               ta__jset(j, "right", ta__jreal(c->right)) && ta__jset(j, "top", ta__jreal(c->top)) &&
               ta__jset(j, "bottom", ta__jreal(c->bottom)) && ta__jset(j, "near", ta__jreal(c->near)) &&
               ta__jset(j, "far", ta__jreal(c->far));
    }
    default: return true;
    }
}

static json_t *extra_object(const ta__ojwriter *w, const ta__extra *e)
{
    json_t *j = json_object();
    bool ok = j != NULL && ta__jset(j, "uuid", json_string(e->uuid)) &&
              ta__jset(j, "type", json_string(attach_type(w, e->what))) && ta__jset(j, "name", json_string("")) &&
              attachment_fields(w, j, e->what);
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* The made objects whose parent is parent, appended to children. */
static bool append_extras(const ta__ojwriter *w, ta_node_id parent, json_t *children)
{
    for (uint32_t i = 0; i < w->extra_count; ++i)
        if (w->extras[i].parent.index == parent.index && !ta__jpush(children, extra_object(w, &w->extras[i])))
            return false;
    return true;
}

static bool has_extras(const ta__ojwriter *w, ta_node_id parent)
{
    for (uint32_t i = 0; i < w->extra_count; ++i)
        if (w->extras[i].parent.index == parent.index) return true;
    return false;
}

static json_t *node_object(const ta__ojwriter *w, ta_node_id id);

static bool children_of(const ta__ojwriter *w, json_t *j, ta_node_id first, ta_node_id parent)
{
    if (ta_node_is_none(first) && !has_extras(w, parent)) return true;
    json_t *children = json_array();
    bool ok = children != NULL;
    for (ta_node_id c = first; ok && !ta_node_is_none(c); c = w->scene->nodes[c.index].next_sibling)
        ok = ta__jpush(children, node_object(w, c));
    ok = ok && append_extras(w, parent, children);
    if (!ok) {
        json_decref(children);
        return false;
    }
    return ta__jset(j, "children", children);
}

static json_t *node_object(const ta__ojwriter *w, ta_node_id id)
{
    const ta_node *n = &w->scene->nodes[id.index];
    ta__attach primary = w->primary[id.index];
    const char *type;
    if (w->is_bone[id.index]) type = "Bone";
    else if (primary.kind != TA__ATTACH_NONE) type = attach_type(w, primary);
    else if (n->type == TA_NODE_TYPE_GROUP) type = "Group";
    else if (n->type == TA_NODE_TYPE_BONE) type = "Bone";
    else type = "Object3D";
    float q[4] = {n->quaternion.x, n->quaternion.y, n->quaternion.z, n->quaternion.w};
    float p[3] = {n->position.x, n->position.y, n->position.z}, s[3] = {n->scale.x, n->scale.y, n->scale.z};
    json_t *j = json_object();
    bool ok = j != NULL && ta__jset(j, "uuid", json_string(w->node_uuids[id.index])) &&
              ta__jset(j, "type", json_string(type)) && ta__jset(j, "name", json_string(n->name)) &&
              ta__jset(j, "visible", json_boolean(n->visible)) && ta__jset(j, "position", numbers(p, 3)) &&
              ta__jset(j, "quaternion", numbers(q, 4)) && ta__jset(j, "scale", numbers(s, 3)) &&
              attachment_fields(w, j, primary) && children_of(w, j, n->first_child, id);
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

ta_result ta__ojw_scene_object(ta__ojwriter *w, json_t *clip_uuids, json_t **out, ta_error *err)
{
    const ta_scene *scene = w->scene;
    json_t *j = json_object();
    bool ok = j != NULL && ta__jset(j, "uuid", json_string(w->scene_uuid)) &&
              ta__jset(j, "type", json_string("Scene")) && ta__jset(j, "name", json_string(scene->name)) &&
              children_of(w, j, scene->first_child, ta_node_none());
    if (ok && clip_uuids != NULL && json_array_size(clip_uuids) > 0)
        ok = json_object_set(j, "animations", clip_uuids) == 0;
    if (!ok) {
        json_decref(j);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the objects");
    }
    *out = j;
    return TA_OK;
}
