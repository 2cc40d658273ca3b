/* The scene: nodes in a tree, meshes, skinned meshes and lights attached to nodes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/internal.h"
#include "core/math_internal.h"
#include "core/suggest.h"
#include "scene/scene_internal.h"
#include "threeanim/scene.h"

static scene_internal *internal(const ta_scene *scene)
{
    return ta__scene_internal(scene);
}

ta_result ta_scene_create(const ta_scene_options *options, ta_scene **out_scene, ta_error *err)
{
    if (out_scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_scene: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    ta_scene *s = (ta_scene *)ta__calloc(&mem, 1, sizeof *s);
    scene_internal *in = (scene_internal *)ta__calloc(&mem, 1, sizeof *in);
    char *name = ta__strdup(&mem, options ? options->name : NULL);
    char *uuid = ta__strdup(&mem, options ? options->uuid : NULL);
    if (s == NULL || in == NULL || name == NULL || uuid == NULL) {
        ta__free(&mem, s, sizeof *s);
        ta__free(&mem, in, sizeof *in);
        ta__free_str(&mem, name);
        ta__free_str(&mem, uuid);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a scene");
    }
    in->mem = mem;
    in->tree_hash = TA__HASH_SEED;
    in->made_hash = TA__HASH_SEED;
    s->internal_ = in;
    s->name = name;
    s->uuid = uuid;
    s->first_child = ta_node_none();
    s->last_child = ta_node_none();
    *out_scene = s;
    return TA_OK;
}

static void free_mesh(const ta__mem *mem, ta_mesh *m)
{
    for (uint32_t i = 0; m->morph_names != NULL && i < m->morph_count; ++i) ta__free_str(mem, m->morph_names[i]);
    ta__free(mem, m->morph_names, sizeof(char *) * m->morph_count);
    ta__free(mem, m->morph_influences, sizeof(float) * m->morph_count);
    ta__free(mem, m->materials, sizeof(ta_material_id) * m->material_count);
    ta__free(mem, m->bones, sizeof(ta_node_id) * m->bone_count);
}

void ta_scene_destroy(ta_scene *scene)
{
    if (scene == NULL) return;
    scene_internal *in = internal(scene);
    ta__mem mem = in->mem;
    for (uint32_t i = 0; i < scene->node_count; ++i) {
        if (!ta__scene_borrows(scene, i, TA__BORROWED_NAME)) ta__free_str(&mem, scene->nodes[i].name);
        if (!ta__scene_borrows(scene, i, TA__BORROWED_UUID)) ta__free_str(&mem, scene->nodes[i].uuid);
    }
    ta__scene_free_skins(scene);
    for (uint32_t i = 0; i < in->name_block_count; ++i) ta__share_release(in->name_blocks[i]);
    ta__free(&mem, in->name_blocks, sizeof(ta__share *) * in->name_block_capacity);
    ta__free(&mem, in->borrowed, in->borrowed_capacity);
    for (uint32_t i = 0; i < scene->mesh_count; ++i) free_mesh(&mem, &scene->meshes[i]);
    for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i) free_mesh(&mem, &scene->skinned_meshes[i]);
    ta__free(&mem, scene->nodes, sizeof(ta_node) * in->node_capacity);
    ta__free(&mem, scene->meshes, sizeof(ta_mesh) * in->mesh_capacity);
    ta__free(&mem, scene->skinned_meshes, sizeof(ta_mesh) * in->skinned_mesh_capacity);
    ta__free(&mem, scene->lights, sizeof(ta_light) * in->light_capacity);
    ta__free_str(&mem, scene->name);
    ta__free_str(&mem, scene->uuid);
    ta__free(&mem, in, sizeof *in);
    ta__free(&mem, scene, sizeof *scene);
}

bool ta_scene_has_node(const ta_scene *scene, ta_node_id node)
{
    return scene != NULL && node.index < scene->node_count;
}

ta_node *ta_scene_node(ta_scene *scene, ta_node_id node)
{
    return ta_scene_has_node(scene, node) ? &scene->nodes[node.index] : NULL;
}

const ta_node *ta_scene_node_const(const ta_scene *scene, ta_node_id node)
{
    return ta_scene_has_node(scene, node) ? &scene->nodes[node.index] : NULL;
}

/* Links node as the last child of parent (or of the scene). */
static void link_child(ta_scene *scene, ta_node_id node, ta_node_id parent)
{
    ta_node *n = &scene->nodes[node.index];
    n->parent = parent;
    n->next_sibling = ta_node_none();
    ta_node_id *first, *last;
    if (ta_node_is_none(parent)) {
        first = &scene->first_child;
        last = &scene->last_child;
    } else {
        first = &scene->nodes[parent.index].first_child;
        last = &scene->nodes[parent.index].last_child;
    }
    if (ta_node_is_none(*last)) {
        *first = node;
    } else {
        scene->nodes[last->index].next_sibling = node;
    }
    *last = node;
}

static void unlink_child(ta_scene *scene, ta_node_id node)
{
    ta_node *n = &scene->nodes[node.index];
    ta_node_id *first, *last;
    if (ta_node_is_none(n->parent)) {
        first = &scene->first_child;
        last = &scene->last_child;
    } else {
        first = &scene->nodes[n->parent.index].first_child;
        last = &scene->nodes[n->parent.index].last_child;
    }
    ta_node_id prev = ta_node_none();
    for (ta_node_id c = *first; !ta_node_is_none(c); c = scene->nodes[c.index].next_sibling) {
        if (c.index == node.index) break;
        prev = c;
    }
    if (ta_node_is_none(prev))
        *first = n->next_sibling;
    else
        scene->nodes[prev.index].next_sibling = n->next_sibling;
    if (last->index == node.index) *last = prev;
    n->next_sibling = ta_node_none();
    n->parent = ta_node_none();
}

ta_result ta_scene_add_node(ta_scene *scene, ta_node_id parent, const char *name, ta_node_id *out_node,
                            ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    if (!ta_node_is_none(parent) && parent.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "parent: node %u is not in the scene, which has %u nodes",
                        parent.index, scene->node_count);
    if (scene->node_count >= TA_NONE - 1)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "scene: already holds %u nodes", scene->node_count);
    scene_internal *in = internal(scene);
    char *n = ta__strdup(&in->mem, name);
    char *u = ta__strdup(&in->mem, "");
    ta_result r;
    if (n == NULL || u == NULL) {
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding a node");
        goto fail;
    }
    r = ta__reserve(&in->mem, (void **)&scene->nodes, &in->node_capacity, scene->node_count + 1, sizeof(ta_node),
                    err);
    if (r != TA_OK) goto fail;
    if (in->borrowed != NULL) {
        uint32_t before = in->borrowed_capacity;
        r = ta__reserve(&in->mem, (void **)&in->borrowed, &in->borrowed_capacity, scene->node_count + 1, 1, err);
        if (r != TA_OK) goto fail;
        if (in->borrowed_capacity > before) memset(in->borrowed + before, 0, in->borrowed_capacity - before);
        in->borrowed[scene->node_count] = 0;
    }
    ta_node_id id = ta_node_at(scene->node_count++);
    ta_node *node = &scene->nodes[id.index];
    memset(node, 0, sizeof *node);
    node->position = ta_vec3_make(0, 0, 0);
    node->quaternion = ta_quat_identity();
    node->scale = ta_vec3_make(1, 1, 1);
    node->visible = true;
    node->type = TA_NODE_TYPE_OBJECT3D;
    node->first_child = ta_node_none();
    node->last_child = ta_node_none();
    node->name = n;
    node->uuid = u;
    link_child(scene, id, parent);
    scene->structure_version++;
    in->rig_version++;
    in->tree_hash = ta__hash_mix(ta__hash_mix(in->tree_hash, 1), parent.index);
    in->made_hash = ta__hash_string(ta__hash_mix(ta__hash_mix(in->made_hash, 1), parent.index), n);
    if (out_node) *out_node = id;
    return TA_OK;
fail:
    ta__free_str(&in->mem, n);
    ta__free_str(&in->mem, u);
    return r;
}

static ta_result replace_string(const ta__mem *mem, char **slot, const char *value, const char *what, ta_error *err)
{
    char *copy = ta__strdup(mem, value);
    if (copy == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory setting %s", what);
    ta__free_str(mem, *slot);
    *slot = copy;
    return TA_OK;
}

static ta_result check_node(const ta_scene *scene, ta_node_id node, const char *arg, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    if (node.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s: node %u is not in the scene, which has %u nodes", arg,
                        node.index, scene->node_count);
    return TA_OK;
}

ta_result ta_scene_set_node_name(ta_scene *scene, ta_node_id node, const char *name, ta_error *err)
{
    ta_result r = check_node(scene, node, "node", err);
    if (r != TA_OK) return r;
    /* A name of the same length is written in place: the mixer renames nodes
     * every frame from string tracks and should not allocate to do it. */
    char *slot = scene->nodes[node.index].name;
    const char *value = name != NULL ? name : "";
    bool borrowed = ta__scene_borrows(scene, node.index, TA__BORROWED_NAME);
    if (!borrowed && strlen(slot) == strlen(value)) {
        /* memmove: value may be this very name, or a part of it. */
        memmove(slot, value, strlen(value));
        scene->structure_version++;
        return TA_OK;
    }
    char *copy = ta__strdup(&internal(scene)->mem, value);
    if (copy == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory setting a node name");
    ta__scene_name_install(scene, node, copy);
    return TA_OK;
}

char *ta__scene_name_make(const ta_scene *scene, const char *name)
{
    return ta__strdup(&internal(scene)->mem, name);
}

void ta__scene_name_install(ta_scene *scene, ta_node_id node, char *made)
{
    /* A borrowed name stays with its block, which instances may still read. */
    if (ta__scene_borrows(scene, node.index, TA__BORROWED_NAME))
        internal(scene)->borrowed[node.index] &= (uint8_t)~TA__BORROWED_NAME;
    else
        ta__free_str(&internal(scene)->mem, scene->nodes[node.index].name);
    scene->nodes[node.index].name = made;
    scene->structure_version++;
}

void ta__scene_name_free(const ta_scene *scene, char *made)
{
    ta__free_str(&internal(scene)->mem, made);
}

ta_result ta_scene_set_node_uuid(ta_scene *scene, ta_node_id node, const char *uuid, ta_error *err)
{
    ta_result r = check_node(scene, node, "node", err);
    if (r != TA_OK) return r;
    char *copy = ta__strdup(&internal(scene)->mem, uuid);
    if (copy == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory setting a node uuid");
    if (ta__scene_borrows(scene, node.index, TA__BORROWED_UUID))
        internal(scene)->borrowed[node.index] &= (uint8_t)~TA__BORROWED_UUID;
    else
        ta__free_str(&internal(scene)->mem, scene->nodes[node.index].uuid);
    scene->nodes[node.index].uuid = copy;
    scene->structure_version++;
    return TA_OK;
}

ta_result ta_scene_set_name(ta_scene *scene, const char *name, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    return replace_string(&internal(scene)->mem, &scene->name, name, "the scene's name", err);
}

ta_result ta_scene_set_uuid(ta_scene *scene, const char *uuid, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    return replace_string(&internal(scene)->mem, &scene->uuid, uuid, "the scene's uuid", err);
}

bool ta_scene_is_below(const ta_scene *scene, ta_node_id node, ta_node_id root)
{
    if (scene == NULL || node.index >= scene->node_count) return false;
    if (ta_node_is_none(root)) return true;
    /* A tree has no cycles, so the walk ends within node_count steps. */
    for (ta_node_id n = node; !ta_node_is_none(n); n = scene->nodes[n.index].parent)
        if (n.index == root.index) return true;
    return false;
}

ta_result ta_scene_set_parent(ta_scene *scene, ta_node_id node, ta_node_id parent, ta_error *err)
{
    ta_result r = check_node(scene, node, "node", err);
    if (r != TA_OK) return r;
    if (!ta_node_is_none(parent)) {
        r = check_node(scene, parent, "parent", err);
        if (r != TA_OK) return r;
        if (ta_scene_is_below(scene, parent, node))
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "parent: node %u is node %u or below it, which would make a cycle", parent.index,
                            node.index);
    }
    unlink_child(scene, node);
    link_child(scene, node, parent);
    scene->structure_version++;
    scene_internal *in = internal(scene);
    in->rig_version++;
    in->tree_hash = ta__hash_mix(ta__hash_mix(ta__hash_mix(in->tree_hash, 2), node.index), parent.index);
    in->made_hash = ta__hash_mix(ta__hash_mix(ta__hash_mix(in->made_hash, 2), node.index), parent.index);
    return TA_OK;
}

/* ---- traversal and lookup ------------------------------------------------------- */

void ta_scene_traverse(const ta_scene *scene, ta_node_id root, ta_node_visitor visit, void *user)
{
    if (scene == NULL || visit == NULL) return;
    ta_node_id start;
    if (ta_node_is_none(root)) {
        start = scene->first_child;
    } else {
        if (root.index >= scene->node_count) return;
        if (!visit(scene, root, user)) return;
        start = scene->nodes[root.index].first_child;
    }
    /* Pre-order without a stack: go down to the first child, else to the next
     * sibling, else up until an ancestor below root has a next sibling. */
    ta_node_id n = start;
    while (!ta_node_is_none(n)) {
        if (!visit(scene, n, user)) return;
        const ta_node *node = &scene->nodes[n.index];
        if (!ta_node_is_none(node->first_child)) {
            n = node->first_child;
            continue;
        }
        for (;;) {
            if (!ta_node_is_none(root) && n.index == root.index) return;
            const ta_node *cur = &scene->nodes[n.index];
            if (!ta_node_is_none(cur->next_sibling)) {
                n = cur->next_sibling;
                break;
            }
            n = cur->parent;
            if (ta_node_is_none(n)) return;
            if (!ta_node_is_none(root) && n.index == root.index) return;
        }
    }
}

typedef struct find_state {
    const char *key;
    bool by_uuid;
    bool found;
    ta_node_id node;
} find_state;

static bool find_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    find_state *st = (find_state *)user;
    const ta_node *n = &scene->nodes[node.index];
    if (strcmp(st->by_uuid ? n->uuid : n->name, st->key) == 0) {
        st->found = true;
        st->node = node;
        return false;
    }
    return true;
}

static bool suggest_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    ta__suggest_offer((ta__suggest *)user, scene->nodes[node.index].name);
    return true;
}

ta_result ta_scene_find_below(const ta_scene *scene, ta_node_id root, const char *key, bool by_uuid,
                              ta_node_id *out_node, ta_error *err)
{
    if (scene == NULL || key == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        scene == NULL ? "scene" : (by_uuid ? "uuid" : "name"));
    if (!ta_node_is_none(root) && root.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "root: node %u is not in the scene, which has %u nodes",
                        root.index, scene->node_count);
    find_state st = {key, by_uuid, false, ta_node_none()};
    ta_scene_traverse(scene, root, find_visit, &st);
    if (!st.found && by_uuid) return ta__fail(err, TA_ERROR_NOT_FOUND, "uuid: no node has the uuid \"%s\"", key);
    if (!st.found) {
        /* A near miss ("hip" for "hips", "Spine" for "spine") is the usual mistake: name the nearest. */
        ta__suggest near;
        ta__suggest_init(&near, key);
        ta_scene_traverse(scene, root, suggest_visit, &near);
        char names[256] = "";
        ta__append_names(names, sizeof names, near.names, near.count);
        return ta__fail(err, TA_ERROR_NOT_FOUND, "name: no node has the name \"%s\"%s%s", key,
                        near.count ? "; the nearest are " : "; there are no named nodes", names);
    }
    if (out_node) *out_node = st.node;
    return TA_OK;
}

ta_result ta_scene_find_by_name(const ta_scene *scene, const char *name, ta_node_id *out_node, ta_error *err)
{
    return ta_scene_find_below(scene, ta_node_none(), name, false, out_node, err);
}

ta_result ta_scene_find_by_uuid(const ta_scene *scene, const char *uuid, ta_node_id *out_node, ta_error *err)
{
    return ta_scene_find_below(scene, ta_node_none(), uuid, true, out_node, err);
}

ta_mat4 ta_scene_local_matrix(const ta_scene *scene, ta_node_id node)
{
    if (scene == NULL || node.index >= scene->node_count) return ta_mat4_identity();
    const ta_node *n = &scene->nodes[node.index];
    return ta_mat4_compose(n->position, n->quaternion, n->scale);
}

ta_mat4 ta_scene_world_matrix(const ta_scene *scene, ta_node_id node)
{
    if (scene == NULL || node.index >= scene->node_count) return ta_mat4_identity();
    /* In double up the chain, rounded once, as three.js's matrixWorld is. */
    const ta_node *n = &scene->nodes[node.index];
    double m[16], pm[16];
    ta__mat4d_compose(m, n->position, n->quaternion, n->scale);
    for (ta_node_id p = n->parent; !ta_node_is_none(p); p = scene->nodes[p.index].parent) {
        const ta_node *pn = &scene->nodes[p.index];
        ta__mat4d_compose(pm, pn->position, pn->quaternion, pn->scale);
        ta__mat4d_multiply(m, pm, m);
    }
    return ta__mat4d_to_float(m);
}

/* ---- meshes and lights -------------------------------------------------------- */

static ta_result check_mesh_desc(const ta_scene *scene, const ta_mesh_desc *desc, bool skinned, ta_error *err)
{
    if (desc == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    ta_result r = check_node(scene, desc->node, "desc.node", err);
    if (r != TA_OK) return r;
    if (desc->morph_influences != NULL)
        for (uint32_t i = 0; i < desc->morph_count; ++i)
            if (!isfinite(desc->morph_influences[i]))
                return ta__fail(err, TA_ERROR_NOT_A_NUMBER,
                                "desc.morph_influences: target %u influence %.9g is not a finite number", i,
                                (double)desc->morph_influences[i]);
    if (desc->material_count > 0 && desc->materials == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.materials: is NULL with material_count %u",
                        desc->material_count);
    if (desc->bone_count > 0 && desc->bones == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.bones: is NULL with bone_count %u", desc->bone_count);
    if (!skinned && desc->bone_count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.bone_count: %u bones on a mesh that is not skinned",
                        desc->bone_count);
    for (uint32_t i = 0; i < desc->bone_count; ++i)
        if (desc->bones[i].index >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "desc.bones: bone %u is node %u, which is not in the scene",
                            i, desc->bones[i].index);
    return TA_OK;
}

static ta_result add_mesh(ta_scene *scene, const ta_mesh_desc *desc, bool skinned, uint32_t *out_index,
                          ta_error *err)
{
    ta_result r = check_mesh_desc(scene, desc, skinned, err);
    if (r != TA_OK) return r;
    scene_internal *in = internal(scene);
    ta_mesh m;
    memset(&m, 0, sizeof m);
    m.node = desc->node;
    m.skin = ta_skin_at(TA_NONE);
    m.bind_mode = TA_BIND_MODE_ATTACHED;
    m.bind_matrix = ta_mat4_identity();
    bool ok = true;
    if (desc->morph_count > 0) {
        m.morph_influences = (float *)ta__calloc(&in->mem, desc->morph_count, sizeof(float));
        m.morph_names = (char **)ta__calloc(&in->mem, desc->morph_count, sizeof(char *));
        ok = m.morph_influences != NULL && m.morph_names != NULL;
        if (!ok) {
            ta__free(&in->mem, m.morph_influences, sizeof(float) * desc->morph_count);
            ta__free(&in->mem, m.morph_names, sizeof(char *) * desc->morph_count);
            m.morph_influences = NULL;
            m.morph_names = NULL;
        }
    }
    m.morph_count = ok ? desc->morph_count : 0;
    for (uint32_t i = 0; i < m.morph_count; ++i) {
        m.morph_influences[i] = desc->morph_influences ? desc->morph_influences[i] : 0.0f;
        m.morph_names[i] = ta__strdup(&in->mem, desc->morph_names ? desc->morph_names[i] : "");
        ok = ok && m.morph_names[i] != NULL;
    }
    if (desc->material_count > 0) {
        m.materials = (ta_material_id *)ta__calloc(&in->mem, desc->material_count, sizeof(ta_material_id));
        ok = ok && m.materials != NULL;
        if (m.materials) memcpy(m.materials, desc->materials, sizeof(ta_material_id) * desc->material_count);
    }
    m.material_count = m.materials ? desc->material_count : 0;
    if (desc->bone_count > 0) {
        m.bones = (ta_node_id *)ta__calloc(&in->mem, desc->bone_count, sizeof(ta_node_id));
        ok = ok && m.bones != NULL;
        if (m.bones) memcpy(m.bones, desc->bones, sizeof(ta_node_id) * desc->bone_count);
    }
    m.bone_count = m.bones ? desc->bone_count : 0;
    if (!ok) {
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding a mesh");
        goto fail;
    }
    ta_mesh **list = skinned ? &scene->skinned_meshes : &scene->meshes;
    uint32_t *count = skinned ? &scene->skinned_mesh_count : &scene->mesh_count;
    uint32_t *cap = skinned ? &in->skinned_mesh_capacity : &in->mesh_capacity;
    if (*count >= TA_NONE - 1) {
        r = ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "scene: already holds %u meshes", *count);
        goto fail;
    }
    r = ta__reserve(&in->mem, (void **)list, cap, *count + 1, sizeof(ta_mesh), err);
    if (r != TA_OK) goto fail;
    (*list)[*count] = m;
    *out_index = (*count)++;
    scene->structure_version++;
    uint64_t h = ta__hash_mix(ta__hash_mix(ta__hash_mix(in->made_hash, 3), skinned), m.node.index);
    h = ta__hash_mix(ta__hash_mix(h, m.morph_count), m.material_count);
    for (uint32_t i = 0; i < m.material_count; ++i) h = ta__hash_mix(h, m.materials[i].index);
    h = ta__hash_mix(h, m.bone_count);
    for (uint32_t i = 0; i < m.bone_count; ++i) h = ta__hash_mix(h, m.bones[i].index);
    in->made_hash = h;
    return TA_OK;
fail:
    free_mesh(&in->mem, &m);
    return r;
}

ta_result ta_scene_add_mesh(ta_scene *scene, const ta_mesh_desc *desc, ta_mesh_id *out_mesh, ta_error *err)
{
    uint32_t index = 0;
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    ta_result r = add_mesh(scene, desc, false, &index, err);
    if (r == TA_OK && out_mesh) out_mesh->index = index;
    return r;
}

ta_result ta_scene_add_skinned_mesh(ta_scene *scene, const ta_mesh_desc *desc, ta_skinned_mesh_id *out_mesh,
                                    ta_error *err)
{
    uint32_t index = 0;
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    ta_result r = add_mesh(scene, desc, true, &index, err);
    if (r == TA_OK && out_mesh) out_mesh->index = index;
    return r;
}

ta_mesh *ta_scene_mesh(ta_scene *scene, ta_mesh_id mesh)
{
    if (scene == NULL || mesh.index >= scene->mesh_count) return NULL;
    return &scene->meshes[mesh.index];
}

ta_mesh *ta_scene_skinned_mesh(ta_scene *scene, ta_skinned_mesh_id mesh)
{
    if (scene == NULL || mesh.index >= scene->skinned_mesh_count) return NULL;
    return &scene->skinned_meshes[mesh.index];
}

const ta_mesh *ta_scene_mesh_const(const ta_scene *scene, ta_mesh_id mesh)
{
    if (scene == NULL || mesh.index >= scene->mesh_count) return NULL;
    return &scene->meshes[mesh.index];
}

const ta_mesh *ta_scene_skinned_mesh_const(const ta_scene *scene, ta_skinned_mesh_id mesh)
{
    if (scene == NULL || mesh.index >= scene->skinned_mesh_count) return NULL;
    return &scene->skinned_meshes[mesh.index];
}

/* Whether mesh points at one of list[0 .. count). Compared as integers: a
 * relational comparison of pointers into different arrays is undefined. */
static bool mesh_in_list(const ta_mesh *mesh, const ta_mesh *list, uint32_t count)
{
    if (list == NULL || count == 0) return false;
    uintptr_t p = (uintptr_t)mesh, begin = (uintptr_t)list;
    if (p < begin) return false;
    uintptr_t offset = p - begin;
    return offset / sizeof(ta_mesh) < count && offset % sizeof(ta_mesh) == 0;
}

ta_result ta_scene_set_morph_name(ta_scene *scene, ta_mesh *mesh, uint32_t target, const char *name, ta_error *err)
{
    if (scene == NULL || mesh == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "mesh");
    /* The names are freed with the scene's allocator, so the mesh must be one
     * of the scene's own, not a copy or another scene's. */
    if (!mesh_in_list(mesh, scene->meshes, scene->mesh_count) &&
        !mesh_in_list(mesh, scene->skinned_meshes, scene->skinned_mesh_count))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mesh: is not one of the scene's %u meshes or %u skinned meshes",
                        scene->mesh_count, scene->skinned_mesh_count);
    if (target >= mesh->morph_count)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "target: %u is not below the mesh's %u morph targets", target,
                        mesh->morph_count);
    ta_result r = replace_string(&internal(scene)->mem, &mesh->morph_names[target], name, "a morph target name", err);
    if (r == TA_OK) scene->structure_version++;
    return r;
}

ta_result ta_mesh_find_morph_target(const ta_mesh *mesh, const char *name, uint32_t *out_target, ta_error *err)
{
    if (mesh == NULL || name == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", mesh == NULL ? "mesh" : "name");
    if (mesh->morph_count > 0 && mesh->morph_names == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mesh.morph_names: is NULL with morph_count %u",
                        mesh->morph_count);
    /* three.js's Mesh.updateMorphTargets: dictionary[name || String(m)] = m for
     * m rising, so an unnamed target answers to its index in decimal and, of
     * several targets of one name, the last one wins. */
    for (uint32_t i = mesh->morph_count; i-- > 0;) {
        const char *own = mesh->morph_names[i] != NULL ? mesh->morph_names[i] : "";
        char decimal[16];
        if (own[0] == '\0') {
            snprintf(decimal, sizeof decimal, "%u", i);
            own = decimal;
        }
        if (strcmp(own, name) == 0) {
            if (out_target) *out_target = i;
            return TA_OK;
        }
    }
    return ta__fail(err, TA_ERROR_NOT_FOUND, "name: the mesh has no morph target \"%s\"", name);
}

ta_result ta_scene_add_light(ta_scene *scene, const ta_light *light, ta_light_id *out_light, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    ta_result r = ta_light_validate(light, err);
    if (r != TA_OK) return r;
    r = check_node(scene, light->node, "light.node", err);
    if (r != TA_OK) return r;
    scene_internal *in = internal(scene);
    if (scene->light_count >= TA_NONE - 1)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "scene: already holds %u lights", scene->light_count);
    r = ta__reserve(&in->mem, (void **)&scene->lights, &in->light_capacity, scene->light_count + 1, sizeof(ta_light),
                    err);
    if (r != TA_OK) return r;
    scene->lights[scene->light_count] = *light;
    if (out_light) out_light->index = scene->light_count;
    scene->light_count++;
    scene->structure_version++;
    in->made_hash = ta__hash_mix(ta__hash_mix(in->made_hash, 4), light->node.index);
    return TA_OK;
}

ta_light *ta_scene_light(ta_scene *scene, ta_light_id light)
{
    if (scene == NULL || light.index >= scene->light_count) return NULL;
    return &scene->lights[light.index];
}

const ta_light *ta_scene_light_const(const ta_scene *scene, ta_light_id light)
{
    if (scene == NULL || light.index >= scene->light_count) return NULL;
    return &scene->lights[light.index];
}
