/* The first pass over the scene's parts: every node, skin, mesh and scene is
 * read and checked before anything is made -- indices in range, transforms
 * and weights that fit float32s, one parent per node, no cycle, the tree
 * within max_depth, every primitive's accessors within their buffers -- and
 * the counts GLTFLoader's _markDefs keeps are taken: which nodes are bones,
 * which meshes are skinned, how many nodes share each mesh, camera and light. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

ta_result ta__gltf_node_transform(gltf_ctx *g, uint32_t i, ta_vec3 *position, ta_quat *quaternion, ta_vec3 *scale,
                               bool *singular)
{
    char np[TA__JPATH_SIZE];
    ta__jpath_format(np, "nodes[%u]", i);
    const json_t *def = g->node_info[i].def;
    ta_result r;
    double m[16];
    bool has;
    *singular = false;
    if ((r = ta__jget_numbers_f32(g->err, def, np, "matrix", 16, m, &has)) != TA_OK) return r;
    if (has) {
        /* A column's length, the scale on its axis, can pass FLT_MAX though
         * each of its numbers fits. */
        for (int c = 0; c < 3; ++c) {
            double length = sqrt(m[4 * c] * m[4 * c] + m[4 * c + 1] * m[4 * c + 1] + m[4 * c + 2] * m[4 * c + 2]);
            if (length > (double)FLT_MAX)
                return ta__fail(g->err, TA_ERROR_NOT_A_NUMBER,
                                "%s.matrix: column %d, of length %g, makes a scale that does not fit a float32", np, c,
                                length);
        }
        ta_mat4 mat;
        for (int k = 0; k < 16; ++k) mat.m[k] = (float)m[k];
        /* Matrix4.decompose: a zero determinant of the 3x3 part keeps only the
         * translation (scale one, no turn). */
        *singular = !ta_mat4_decompose(&mat, position, quaternion, scale);
        return TA_OK;
    }
    double t[3], q[4], s[3];
    if ((r = ta__jget_numbers_f32(g->err, def, np, "translation", 3, t, &has)) != TA_OK) return r;
    if (has) *position = ta_vec3_make((float)t[0], (float)t[1], (float)t[2]);
    if ((r = ta__jget_numbers_f32(g->err, def, np, "rotation", 4, q, &has)) != TA_OK) return r;
    if (has) *quaternion = ta_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
    if ((r = ta__jget_numbers_f32(g->err, def, np, "scale", 3, s, &has)) != TA_OK) return r;
    if (has) *scale = ta_vec3_make((float)s[0], (float)s[1], (float)s[2]);
    return TA_OK;
}

/* A node's or a mesh's weights: morph target influences, held as floats. */
static ta_result check_weights(gltf_ctx *g, const json_t *def, const char *path)
{
    json_t *weights;
    ta_result r = ta__jget_array(g->err, def, path, "weights", &weights, NULL);
    for (size_t k = 0; r == TA_OK && k < json_array_size(weights); ++k) {
        char wp[TA__JPATH_SIZE];
        ta__jpath_format(wp, "%s.weights[%zu]", path, k);
        double w;
        r = ta__jvalue_float32(g->err, json_array_get(weights, k), wp, &w);
    }
    return r;
}

static ta_result read_nodes(gltf_ctx *g)
{
    ta_result r;
    for (uint32_t i = 0; i < g->node_count; ++i) {
        gltf_node_info *n = &g->node_info[i];
        n->parent = n->mesh = n->camera = n->light = n->skin = TA_NONE;
        n->made = ta_node_none();
    }
    for (uint32_t i = 0; i < g->node_count; ++i) {
        char np[TA__JPATH_SIZE];
        ta__jpath_format(np, "nodes[%u]", i);
        gltf_node_info *n = &g->node_info[i];
        n->def = json_array_get(g->nodes, i);
        if (!json_is_object(n->def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", np);
        if ((r = ta__jget_index(g->err, n->def, np, "mesh", g->mesh_count, "meshes", &n->mesh)) != TA_OK) return r;
        if ((r = ta__jget_index(g->err, n->def, np, "camera", g->camera_count, "cameras", &n->camera)) != TA_OK)
            return r;
        if ((r = ta__jget_index(g->err, n->def, np, "skin", g->skin_count, "skins", &n->skin)) != TA_OK) return r;
        const char *name;
        if ((r = ta__jget_string(g->err, n->def, np, "name", false, &name)) != TA_OK) return r;
        ta_vec3 position, scale;
        ta_quat quaternion;
        bool singular;
        if ((r = ta__gltf_node_transform(g, i, &position, &quaternion, &scale, &singular)) != TA_OK) return r;
        if ((r = check_weights(g, n->def, np)) != TA_OK) return r;
        json_t *ext, *lights;
        char ep[TA__JPATH_SIZE];
        ta__jpath_format(ep, "%s.extensions", np);
        if ((r = ta__jget_object(g->err, n->def, np, "extensions", &ext)) != TA_OK) return r;
        if ((r = ta__jget_object(g->err, ext, ep, "KHR_lights_punctual", &lights)) != TA_OK) return r;
        ta__jpath_format(ep, "%s.extensions.KHR_lights_punctual", np);
        if ((r = ta__jget_index(g->err, lights, ep, "light", g->light_count, "KHR_lights_punctual lights",
                                &n->light)) != TA_OK)
            return r;
        if (ta__jget(ext, "EXT_mesh_gpu_instancing") != NULL)
            ta__model_warn(g->model, "%s.extensions.EXT_mesh_gpu_instancing: the mesh is kept once, not instanced", np);
        json_t *children;
        uint32_t child_count;
        if ((r = ta__jget_array(g->err, n->def, np, "children", &children, &child_count)) != TA_OK) return r;
        for (uint32_t k = 0; k < child_count; ++k) {
            char cp[TA__JPATH_SIZE];
            ta__jpath_format(cp, "%s.children[%u]", np, k);
            uint32_t c;
            if ((r = ta__jvalue_index(g->err, json_array_get(children, k), cp, g->node_count, "nodes", &c)) != TA_OK)
                return r;
            if (c == i) return ta__fail(g->err, TA_ERROR_PARSE, "%s: node %u is its own child", cp, c);
            if (g->node_info[c].parent != TA_NONE)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s: node %u is already a child of node %u", cp, c,
                                g->node_info[c].parent);
            g->node_info[c].parent = i;
        }
        if (n->mesh != TA_NONE) {
            g->mesh_info[n->mesh].refs++;
            if (n->skin != TA_NONE) g->mesh_info[n->mesh].skinned = true;
        }
        if (n->camera != TA_NONE) g->camera_info[n->camera].refs++;
        if (n->light != TA_NONE) g->light_info[n->light].refs++;
    }
    return TA_OK;
}

/* Every node must hang from a node without a parent; one that does not is on
 * (or below) a cycle. Depths are checked on the way down. */
static ta_result check_tree(gltf_ctx *g, gltf_scene_state *st)
{
    uint32_t *depth = (uint32_t *)ta__gltf_arena_alloc(&g->arena, g->node_count + 1u, sizeof(uint32_t));
    bool *seen = (bool *)ta__gltf_arena_alloc(&g->arena, g->node_count + 1u, sizeof(bool));
    if (depth == NULL || seen == NULL) return ta__gltf_oom(g, "the node tree");
    for (uint32_t root = 0; root < g->node_count; ++root) {
        if (g->node_info[root].parent != TA_NONE) continue;
        uint32_t top = 0;
        st->stack[top++] = root;
        depth[root] = 1;
        seen[root] = true;
        while (top > 0) {
            uint32_t i = st->stack[--top];
            if (depth[i] > g->lim.max_depth)
                return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED,
                                "nodes[%u]: %u levels deep, past limits.max_depth (%u)", i, depth[i], g->lim.max_depth);
            json_t *children = ta__jget(g->node_info[i].def, "children");
            for (size_t k = 0; k < json_array_size(children); ++k) {
                uint32_t c = (uint32_t)json_number_value(json_array_get(children, k));
                seen[c] = true;
                depth[c] = depth[i] + 1;
                st->stack[top++] = c;
            }
        }
    }
    for (uint32_t i = 0; i < g->node_count; ++i) {
        if (seen[i]) continue;
        /* Walk up to the cycle and name a node on it. */
        uint32_t n = i;
        for (uint32_t steps = 0; steps < g->node_count; ++steps) n = g->node_info[n].parent;
        return ta__fail(g->err, TA_ERROR_PARSE, "nodes[%u].children: the node tree has a cycle through node %u",
                        g->node_info[n].parent, n);
    }
    return TA_OK;
}

static ta_result read_skins(gltf_ctx *g)
{
    ta_result r;
    for (uint32_t s = 0; s < g->skin_count; ++s) {
        char sp[TA__JPATH_SIZE];
        ta__jpath_format(sp, "skins[%u]", s);
        json_t *def = json_array_get(g->skins, s);
        if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", sp);
        json_t *joints;
        uint32_t joint_count;
        if ((r = ta__jget_array(g->err, def, sp, "joints", &joints, &joint_count)) != TA_OK) return r;
        if (joints == NULL || joint_count == 0)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.joints: is missing or empty", sp);
        for (uint32_t k = 0; k < joint_count; ++k) {
            char jp[TA__JPATH_SIZE];
            ta__jpath_format(jp, "%s.joints[%u]", sp, k);
            uint32_t j;
            if ((r = ta__jvalue_index(g->err, json_array_get(joints, k), jp, g->node_count, "nodes", &j)) != TA_OK)
                return r;
            g->node_info[j].is_bone = true;
        }
        uint32_t ibm, skeleton;
        if ((r = ta__jget_index(g->err, def, sp, "skeleton", g->node_count, "nodes", &skeleton)) != TA_OK) return r;
        if ((r = ta__jget_index(g->err, def, sp, "inverseBindMatrices", g->accessor_count, "accessors", &ibm)) != TA_OK)
            return r;
        if (ibm != TA_NONE) {
            char ip[TA__JPATH_SIZE];
            ta__jpath_format(ip, "%s.inverseBindMatrices", sp);
            const gltf_accessor *acc;
            if ((r = ta__gltf_accessor(g, ibm, ip, &acc)) != TA_OK) return r;
            if (acc->comps != 16)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s: accessor %u holds %u numbers per element, not a MAT4", ip,
                                ibm, acc->comps);
            /* three.js would read past the end of the array into NaNs. */
            if (acc->count < joint_count)
                return ta__fail(g->err, TA_ERROR_PARSE,
                                "%s: accessor %u holds %u matrices, fewer than the skin's %u joints", ip, ibm,
                                acc->count, joint_count);
        }
    }
    return TA_OK;
}

static ta_result check_accessor_member(gltf_ctx *g, const json_t *obj, const char *path, const char *key)
{
    uint32_t a;
    ta_result r = ta__jget_index(g->err, obj, path, key, g->accessor_count, "accessors", &a);
    if (r != TA_OK || a == TA_NONE) return r;
    char p[TA__JPATH_SIZE];
    ta__jpath_format(p, "%s.%s", path, key);
    const gltf_accessor *acc;
    return ta__gltf_accessor(g, a, p, &acc);
}

/* Every attribute of an attributes (or morph target) object names an accessor. */
static ta_result check_attributes(gltf_ctx *g, const json_t *attrs, const char *path)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)attrs, key, value)
    {
        (void)value;
        ta_result r = check_accessor_member(g, attrs, path, key);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

static ta_result read_meshes(gltf_ctx *g)
{
    ta_result r;
    for (uint32_t m = 0; m < g->mesh_count; ++m) {
        char mp[TA__JPATH_SIZE];
        ta__jpath_format(mp, "meshes[%u]", m);
        gltf_mesh_info *mi = &g->mesh_info[m];
        mi->def = json_array_get(g->meshes, m);
        if (!json_is_object(mi->def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", mp);
        const char *name;
        if ((r = ta__jget_string(g->err, mi->def, mp, "name", false, &name)) != TA_OK) return r;
        json_t *prims, *weights;
        if ((r = ta__jget_array(g->err, mi->def, mp, "primitives", &prims, &mi->prim_count)) != TA_OK) return r;
        if (prims == NULL || mi->prim_count == 0)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.primitives: is missing or empty", mp);
        if ((r = check_weights(g, mi->def, mp)) != TA_OK) return r;
        weights = ta__jget(mi->def, "weights");
        mi->prims = (gltf_primitive_info *)ta__gltf_arena_alloc(&g->arena, mi->prim_count, sizeof(gltf_primitive_info));
        if (mi->prims == NULL) return ta__gltf_oom(g, mp);
        uint32_t first_target_count = 0;
        for (uint32_t p = 0; p < mi->prim_count; ++p) {
            char pp[TA__JPATH_SIZE];
            ta__jpath_format(pp, "%s.primitives[%u]", mp, p);
            json_t *prim = json_array_get(prims, p);
            if (!json_is_object(prim)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", pp);
            gltf_primitive_info *pi = &mi->prims[p];
            json_t *attrs, *targets;
            uint32_t target_count;
            char ap[TA__JPATH_SIZE];
            ta__jpath_format(ap, "%s.attributes", pp);
            if ((r = ta__jget_object(g->err, prim, pp, "attributes", &attrs)) != TA_OK) return r;
            if (attrs == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is missing", ap);
            if ((r = check_attributes(g, attrs, ap)) != TA_OK) return r;
            if ((r = check_accessor_member(g, prim, pp, "indices")) != TA_OK) return r;
            if ((r = ta__jget_index(g->err, prim, pp, "material", g->material_count, "materials", &pi->material)) !=
                TA_OK)
                return r;
            uint64_t mode;
            if ((r = ta__jget_uint(g->err, prim, pp, "mode", 4, 0, 6, &mode)) != TA_OK) return r;
            /* Skinning needs both attributes, from the primitive or its Draco data. */
            json_t *draco = ta__jget(ta__jget(prim, "extensions"), "KHR_draco_mesh_compression");
            json_t *dattrs = ta__jget(draco, "attributes");
            bool joints = ta__jget(attrs, "JOINTS_0") || ta__jget(dattrs, "JOINTS_0");
            bool wts = ta__jget(attrs, "WEIGHTS_0") || ta__jget(dattrs, "WEIGHTS_0");
            pi->triangles = mode >= 4;
            pi->has_skin_attributes = joints && wts && pi->triangles;
            if ((r = ta__jget_array(g->err, prim, pp, "targets", &targets, &target_count)) != TA_OK) return r;
            /* glTF 2.0 (3.7.2.2): every primitive of a mesh has the same
             * number of morph targets, and mesh.weights one per target. */
            if (p == 0) first_target_count = target_count;
            else if (target_count != first_target_count)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s.targets: %u morph targets, where primitives[0] has %u", pp,
                                target_count, first_target_count);
            bool morphs = false;
            for (uint32_t t = 0; t < target_count; ++t) {
                char tp[TA__JPATH_SIZE];
                ta__jpath_format(tp, "%s.targets[%u]", pp, t);
                json_t *target = json_array_get(targets, t);
                if (!json_is_object(target)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", tp);
                if ((r = check_attributes(g, target, tp)) != TA_OK) return r;
                morphs =
                    morphs || ta__jget(target, "POSITION") || ta__jget(target, "NORMAL") || ta__jget(target, "COLOR_0");
            }
            /* three.js makes morph attributes only when some target moves
             * positions, normals or colors. A Line or Points copied for a
             * second use of its mesh has none: Line.copy and Points.copy do
             * not copy morphTargetInfluences. */
            pi->morph_count = morphs && (pi->triangles || mi->refs <= 1) ? target_count : 0;
        }
        if (weights != NULL && json_array_size(weights) != first_target_count)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.weights: %zu weights for %u morph targets", mp,
                            json_array_size(weights), first_target_count);
        mi->target_count = first_target_count;
    }
    return TA_OK;
}

static ta_result read_scenes(gltf_ctx *g)
{
    ta_result r;
    for (uint32_t s = 0; s < g->scene_count; ++s) {
        char sp[TA__JPATH_SIZE];
        ta__jpath_format(sp, "scenes[%u]", s);
        json_t *def = json_array_get(g->scenes, s);
        if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", sp);
        const char *name;
        if ((r = ta__jget_string(g->err, def, sp, "name", false, &name)) != TA_OK) return r;
        json_t *roots;
        uint32_t root_count;
        if ((r = ta__jget_array(g->err, def, sp, "nodes", &roots, &root_count)) != TA_OK) return r;
        for (uint32_t k = 0; k < root_count; ++k) {
            char rp[TA__JPATH_SIZE];
            ta__jpath_format(rp, "%s.nodes[%u]", sp, k);
            uint32_t n;
            if ((r = ta__jvalue_index(g->err, json_array_get(roots, k), rp, g->node_count, "nodes", &n)) != TA_OK)
                return r;
            if (s != g->default_scene) continue;
            /* The default scene is made as a tree: a root that hangs below
             * another node, or comes twice, would be in two places. */
            if (g->node_info[n].parent != TA_NONE)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s: node %u is a child of node %u, not a root", rp, n,
                                g->node_info[n].parent);
            if (g->node_info[n].full_done)
                return ta__fail(g->err, TA_ERROR_PARSE, "%s: node %u comes twice in the scene's nodes", rp, n);
            g->node_info[n].full_done = true;
        }
    }
    return TA_OK;
}

ta_result ta__gltf_read_scene_parts(gltf_ctx *g, gltf_scene_state *st)
{
    ta_result r;
    if ((r = read_nodes(g)) != TA_OK) return r;
    if ((r = check_tree(g, st)) != TA_OK) return r;
    if ((r = read_skins(g)) != TA_OK) return r;
    if ((r = read_meshes(g)) != TA_OK) return r;
    if ((r = read_scenes(g)) != TA_OK) return r;
    for (uint32_t i = 0; i < g->node_count; ++i) g->node_info[i].full_done = false;
    return TA_OK;
}
