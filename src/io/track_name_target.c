/*
 * Naming a typed target for a track path, by the uuid of the object that
 * carries it (the Scene JSON naming in animation_json.h): ta_clip_binding_name.
 */
#include <string.h>

#include "animation/track_kinds.h"
#include "io/clip_json_internal.h"

typedef struct material_search {
    uint32_t material;
    bool single_only; /* a map: only a mesh of this one material can bind ".map" */
    bool found;
    ta_node_id node;
    int32_t slot;
} material_search;

/* The first mesh (then skinned mesh) at a node that draws with the material. */
static bool mesh_slot(const ta_mesh *meshes, uint32_t count, ta_node_id node, uint32_t material, bool single_only,
                      int32_t *slot)
{
    for (uint32_t i = 0; i < count; ++i) {
        const ta_mesh *m = &meshes[i];
        if (m->node.index != node.index || (single_only && m->material_count != 1)) continue;
        for (uint32_t k = 0; k < m->material_count; ++k)
            if (m->materials[k].index == material) {
                *slot = m->material_count == 1 ? -1 : (int32_t)k;
                return true;
            }
    }
    return false;
}

static bool material_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    material_search *st = (material_search *)user;
    int32_t slot;
    if (mesh_slot(scene->meshes, scene->mesh_count, node, st->material, st->single_only, &slot) ||
        mesh_slot(scene->skinned_meshes, scene->skinned_mesh_count, node, st->material, st->single_only, &slot)) {
        st->found = true;
        st->node = node;
        st->slot = slot;
        return false;
    }
    return true;
}

static ta_result owner_node(const ta_clip_binding *cb, ta_node_id node, const char *what, ta_target_owner *out,
                            ta_error *err)
{
    const ta_scene *scene = cb->scene;
    if (node.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: %s is on node %u, which is not in the scene (%u nodes)",
                        what, node.index, scene->node_count);
    if (!ta_scene_is_below(scene, node, cb->root))
        return ta__fail(err, TA_ERROR_MISSING_TARGET,
                        "target: %s is on node %u, which is not the clip's root (node %u) or below it", what,
                        node.index, cb->root.index);
    const char *uuid = scene->nodes[node.index].uuid;
    if (uuid[0] == '\0') {
        if (node.index == cb->root.index) {
            out->node = ""; /* the root, by the empty name */
            return TA_OK;
        }
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "target: %s is on node %u (\"%s\"), which has no uuid to name it by", what, node.index,
                        scene->nodes[node.index].name);
    }
    out->node = uuid;
    return TA_OK;
}

ta_result ta_clip_binding_name(void *clip_binding, const ta_track_target *target, ta_target_owner *out,
                               ta_error *err)
{
    const ta_clip_binding *cb = (const ta_clip_binding *)clip_binding;
    if (cb == NULL || cb->scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip_binding: %s is NULL", cb == NULL ? "it" : "its scene");
    if (target == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", target == NULL ? "target" : "out_owner");
    const ta_scene *scene = cb->scene;
    out->material_slot = -1;
    out->node = NULL;
    uint32_t i = target->index;
    switch (target->family) {
    case TA_TARGET_FAMILY_NODE: return owner_node(cb, ta_node_at(i), "the track", out, err);
    case TA_TARGET_FAMILY_MESH:
        if (i >= scene->mesh_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: mesh %u is not in the scene (%u meshes)", i,
                            scene->mesh_count);
        return owner_node(cb, scene->meshes[i].node, "the mesh", out, err);
    case TA_TARGET_FAMILY_SKINNED_MESH:
        if (i >= scene->skinned_mesh_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: skinned mesh %u is not in the scene (%u)", i,
                            scene->skinned_mesh_count);
        return owner_node(cb, scene->skinned_meshes[i].node, "the skinned mesh", out, err);
    case TA_TARGET_FAMILY_LIGHT:
        if (i >= scene->light_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: light %u is not in the scene (%u lights)", i,
                            scene->light_count);
        return owner_node(cb, scene->lights[i].node, "the light", out, err);
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: {
        bool persp = target->family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA;
        uint32_t count = cb->cameras == NULL ? 0
                         : persp            ? cb->cameras->perspective_count
                                            : cb->cameras->orthographic_count;
        if (i >= count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: %s camera %u is not in the cameras (%u)",
                            persp ? "perspective" : "orthographic", i, count);
        ta_node_id node = persp ? cb->cameras->perspective[i].node : cb->cameras->orthographic[i].node;
        if (ta_node_is_none(node))
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: %s camera %u has no node to name it by",
                            persp ? "perspective" : "orthographic", i);
        return owner_node(cb, node, "the camera", out, err);
    }
    case TA_TARGET_FAMILY_MATERIAL: {
        if (cb->assets == NULL || i >= cb->assets->material_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: material %u is not in the assets (%u)", i,
                            cb->assets == NULL ? 0u : cb->assets->material_count);
        bool is_map = ta__kind_on_map(target->kind);
        material_search st = {i, is_map, false, ta_node_none(), -1};
        ta_scene_traverse(scene, cb->root, material_visit, &st);
        if (!st.found)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "target: no mesh at or below the clip's root draws with material %u (\"%s\")%s", i,
                            cb->assets->materials[i].name,
                            is_map ? " alone, as three.js's \".map\" needs" : "");
        ta_result r = owner_node(cb, st.node, "the material's mesh", out, err);
        out->material_slot = st.slot;
        return r;
    }
    default:
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "target.family: %d is not a target family", (int)target->family);
    }
}
