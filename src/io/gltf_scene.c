/* The default scene, made as three.js's GLTFLoader makes it, after the parts
 * are checked (gltf_scene_read.c), named (gltf_scene_names.c) and the
 * materials made (gltf_material.c): parents before children, a node's
 * attachments (mesh, camera, light) before its child nodes, as Object3D.add
 * orders them. A node becomes a Bone for a skin's joint, the object it
 * carries when it carries one (a Mesh or SkinnedMesh, a Group of one mesh per
 * primitive, a camera, a light), a Group holding them when it carries several,
 * else an Object3D. Meshes are attached once every node exists, so that a
 * skin can name joints that come later. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"
#include "threeanim/color.h"

/* ---- cameras and lights --------------------------------------------------------------------- */

static ta_result make_camera(gltf_ctx *g, uint32_t c, ta_node_id node)
{
    gltf_camera_info *ci = &g->camera_info[c];
    char cp[TA__JPATH_SIZE];
    json_t *def = json_array_get(g->cameras, c);
    const char *type = ci->orthographic ? "orthographic" : "perspective";
    ta__jpath_format(cp, "cameras[%u].%s", c, type);
    json_t *p = ta__jget(def, type);
    ta_result r;
    uint32_t index;
    if (!ci->orthographic) {
        double yfov, aspect, znear, zfar;
        bool has_fov;
        if ((r = ta__jget_number_f32(g->err, p, cp, "yfov", false, 0, &yfov, &has_fov)) != TA_OK) return r;
        if (!has_fov) return ta__fail(g->err, TA_ERROR_PARSE, "%s.yfov: is missing", cp);
        if ((r = ta__jget_number_f32(g->err, p, cp, "aspectRatio", false, 0, &aspect, NULL)) != TA_OK) return r;
        if ((r = ta__jget_number_f32(g->err, p, cp, "znear", false, 0, &znear, NULL)) != TA_OK) return r;
        if ((r = ta__jget_number_f32(g->err, p, cp, "zfar", false, 0, &zfar, NULL)) != TA_OK) return r;
        ta_perspective_camera cam = ta_perspective_camera_defaults();
        cam.node = node;
        cam.fov = (float)(yfov * (180.0 / TA_PI));
        /* three.js: aspectRatio || 1, znear || 1, zfar || 2e6 */
        cam.aspect = (float)(aspect != 0 ? aspect : 1);
        cam.near = (float)(znear != 0 ? znear : 1);
        cam.far = (float)(zfar != 0 ? zfar : 2e6);
        ta_perspective_camera_id pi;
        if ((r = ta_camera_list_add_perspective(g->model->cameras, &cam, &pi, g->err)) != TA_OK) {
            ta__prefix(g->err, r, "%s", cp);
            return r;
        }
        index = pi.index;
    } else {
        double v[4];
        static const char *const keys[4] = {"xmag", "ymag", "znear", "zfar"};
        for (int k = 0; k < 4; ++k) {
            bool present;
            if ((r = ta__jget_number_f32(g->err, p, cp, keys[k], false, 0, &v[k], &present)) != TA_OK) return r;
            if (!present) return ta__fail(g->err, TA_ERROR_PARSE, "%s.%s: is missing", cp, keys[k]);
        }
        if (v[0] == 0 || v[1] == 0)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s: xmag %g and ymag %g must not be zero", cp, v[0], v[1]);
        ta_orthographic_camera cam = ta_orthographic_camera_defaults();
        cam.node = node;
        cam.left = (float)-v[0];
        cam.right = (float)v[0];
        cam.top = (float)v[1];
        cam.bottom = (float)-v[1];
        cam.near = (float)v[2];
        cam.far = (float)v[3];
        ci->xmag = v[0];
        ci->ymag = v[1];
        ta_orthographic_camera_id oi;
        if ((r = ta_camera_list_add_orthographic(g->model->cameras, &cam, &oi, g->err)) != TA_OK) {
            ta__prefix(g->err, r, "%s", cp);
            return r;
        }
        index = oi.index;
    }
    if ((r = ta__gltf_grow(g, (void **)&ci->made, &ci->made_cap, ci->made_count + 1, sizeof(uint32_t))) != TA_OK) return r;
    ci->made[ci->made_count++] = index;
    return TA_OK;
}

static ta_result make_light(gltf_ctx *g, uint32_t l, ta_node_id node)
{
    gltf_light_info *li = &g->light_info[l];
    char lp[TA__JPATH_SIZE];
    ta__jpath_format(lp, "extensions.KHR_lights_punctual.lights[%u]", l);
    json_t *def = li->def;
    ta_result r;
    const char *type;
    if ((r = ta__jget_string(g->err, def, lp, "type", false, &type)) != TA_OK) return r;
    ta_light_kind kind;
    if (type != NULL && strcmp(type, "directional") == 0)
        kind = TA_LIGHT_KIND_DIRECTIONAL;
    else if (type != NULL && strcmp(type, "point") == 0)
        kind = TA_LIGHT_KIND_POINT;
    else if (type != NULL && strcmp(type, "spot") == 0)
        kind = TA_LIGHT_KIND_SPOT;
    else
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.type: is not \"directional\", \"point\" or \"spot\"", lp);
    ta_light light = ta_light_defaults(kind);
    light.node = node;
    double color[3] = {1, 1, 1}, intensity, range;
    if ((r = ta__jget_numbers(g->err, def, lp, "color", 3, color, NULL)) != TA_OK) return r;
    for (int c = 0; c < 3; ++c) light.color[c] = ta_color_linear_to_srgb_byte(color[c]);
    if ((r = ta__jget_number_f32(g->err, def, lp, "intensity", false, 1, &intensity, NULL)) != TA_OK) return r;
    if ((r = ta__jget_number_f32(g->err, def, lp, "range", false, 0, &range, NULL)) != TA_OK) return r;
    light.intensity = (float)intensity;
    if (kind != TA_LIGHT_KIND_DIRECTIONAL) light.distance = (float)range;
    if (kind == TA_LIGHT_KIND_SPOT) {
        json_t *spot;
        char sp[TA__JPATH_SIZE];
        ta__jpath_format(sp, "%s.spot", lp);
        if ((r = ta__jget_object(g->err, def, lp, "spot", &spot)) != TA_OK) return r;
        if ((r = ta__jget_number_f32(g->err, spot, sp, "innerConeAngle", false, 0, &li->inner, NULL)) != TA_OK) return r;
        if ((r = ta__jget_number_f32(g->err, spot, sp, "outerConeAngle", false, TA_PI / 4, &li->outer, NULL)) != TA_OK)
            return r;
        /* KHR_lights_punctual: 0 <= inner < outer (<= pi/2, which the light
         * itself checks); otherwise the penumbra, 1 - inner / outer, is no
         * number or out of [0, 1], and a message about it would mislead. */
        if (!(li->inner >= 0))
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.innerConeAngle: %.9g is below 0", sp, li->inner);
        if (!(li->outer > li->inner))
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.outerConeAngle: %.9g is not above innerConeAngle (%.9g)", sp,
                            li->outer, li->inner);
        li->spot = true;
        light.angle = (float)li->outer;
        light.penumbra = (float)(1.0 - li->inner / li->outer);
    }
    ta_light_id index;
    if ((r = ta_scene_add_light(g->model->scene, &light, &index, g->err)) != TA_OK) {
        ta__prefix(g->err, r, "%s", lp);
        return r;
    }
    if ((r = ta__gltf_grow(g, (void **)&li->made, &li->made_cap, li->made_count + 1, sizeof(uint32_t))) != TA_OK) return r;
    li->made[li->made_count++] = index.index;
    return TA_OK;
}

/* ---- making the scene ------------------------------------------------------------------- */

static ta_result add_node(gltf_ctx *g, gltf_scene_state *st, ta_node_id parent, const char *name, ta_node_type type,
                          ta_node_id *out)
{
    if (st->made_nodes >= g->lim.max_nodes)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "nodes: the scene needs more than limits.max_nodes (%u) nodes",
                        g->lim.max_nodes);
    ta_result r = ta_scene_add_node(g->model->scene, parent, name, out, g->err);
    if (r != TA_OK) return r;
    st->made_nodes++;
    ta_scene_node(g->model->scene, *out)->type = type;
    return TA_OK;
}

static const char *with_instance(gltf_ctx *g, const char *name, bool shared, uint32_t instance)
{
    if (!shared) return name;
    char suffix[32];
    snprintf(suffix, sizeof suffix, "_instance_%u", instance);
    size_t a = strlen(name), b = strlen(suffix);
    char *out = (char *)ta__gltf_arena_alloc(&g->arena, 1, a + b + 1);
    if (out == NULL) return NULL;
    memcpy(out, name, a);
    memcpy(out + a, suffix, b + 1);
    return out;
}

static ta_result queue_mesh(gltf_ctx *g, gltf_scene_state *st, ta_node_id node, uint32_t gltf_node, uint32_t mesh,
                            uint32_t prim, bool skinned)
{
    ta_result r = ta__gltf_grow(g, (void **)&st->pending, &st->pending_cap, st->pending_count + 1, sizeof(st->pending[0]));
    if (r != TA_OK) return r;
    st->pending[st->pending_count].node = node;
    st->pending[st->pending_count].gltf_node = gltf_node;
    st->pending[st->pending_count].mesh = mesh;
    st->pending[st->pending_count].prim = prim;
    st->pending[st->pending_count].skinned = skinned;
    st->pending_count++;
    return TA_OK;
}

/* The object three.js makes for glTF node i's mesh: a Mesh or SkinnedMesh for
 * one primitive, else a Group of them. */
static ta_result make_mesh_object(gltf_ctx *g, gltf_scene_state *st, uint32_t i, ta_node_id parent,
                                  const char *own_name, ta_node_id *out)
{
    gltf_node_info *n = &g->node_info[i];
    gltf_mesh_info *mi = &g->mesh_info[n->mesh];
    bool shared = mi->refs > 1;
    ta_result r;
    if (mi->prim_count == 1) {
        bool skinned = mi->skinned && mi->prims[0].has_skin_attributes;
        const char *name = own_name ? own_name : with_instance(g, mi->prims[0].name, shared, n->mesh_instance);
        if (name == NULL) return ta__gltf_oom(g, "node names");
        if ((r = add_node(g, st, parent, name, skinned ? TA_NODE_TYPE_SKINNED_MESH : TA_NODE_TYPE_MESH, out)) != TA_OK) return r;
        return queue_mesh(g, st, *out, i, n->mesh, 0, skinned);
    }
    const char *name = own_name ? own_name : with_instance(g, "", shared, n->mesh_instance);
    if (name == NULL) return ta__gltf_oom(g, "node names");
    if ((r = add_node(g, st, parent, name, TA_NODE_TYPE_GROUP, out)) != TA_OK) return r;
    for (uint32_t p = 0; p < mi->prim_count; ++p) {
        bool skinned = mi->skinned && mi->prims[p].has_skin_attributes;
        ta_node_id child;
        if ((r = add_node(g, st, *out, mi->prims[p].name, skinned ? TA_NODE_TYPE_SKINNED_MESH : TA_NODE_TYPE_MESH, &child)) !=
            TA_OK)
            return r;
        if ((r = queue_mesh(g, st, child, i, n->mesh, p, skinned)) != TA_OK) return r;
    }
    return TA_OK;
}

static ta_result make_camera_object(gltf_ctx *g, gltf_scene_state *st, uint32_t i, ta_node_id parent,
                                    const char *own_name, ta_node_id *out)
{
    gltf_node_info *n = &g->node_info[i];
    gltf_camera_info *ci = &g->camera_info[n->camera];
    const char *name =
        own_name ? own_name : with_instance(g, ci->name ? ci->name : "", ci->refs > 1, n->camera_instance);
    if (name == NULL) return ta__gltf_oom(g, "node names");
    ta_result r =
        add_node(g, st, parent, name, ci->orthographic ? TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA : TA_NODE_TYPE_PERSPECTIVE_CAMERA, out);
    if (r != TA_OK) return r;
    return make_camera(g, n->camera, *out);
}

static ta_result make_light_object(gltf_ctx *g, gltf_scene_state *st, uint32_t i, ta_node_id parent,
                                   const char *own_name, ta_node_id *out)
{
    gltf_node_info *n = &g->node_info[i];
    gltf_light_info *li = &g->light_info[n->light];
    const char *name = own_name ? own_name : with_instance(g, li->name, li->refs > 1, n->light_instance);
    if (name == NULL) return ta__gltf_oom(g, "node names");
    ta_result r = add_node(g, st, parent, name, TA_NODE_TYPE_LIGHT, out);
    if (r != TA_OK) return r;
    if ((r = make_light(g, n->light, *out)) != TA_OK) return r;
    /* A directional or spot light's target is a child Object3D one unit down
     * -z, as GLTFLoader adds it. */
    const char *type = json_string_value(ta__jget(li->def, "type"));
    if (type != NULL && strcmp(type, "point") != 0) {
        ta_node_id target;
        if ((r = add_node(g, st, *out, "", TA_NODE_TYPE_OBJECT3D, &target)) != TA_OK) return r;
        ta_scene_node(g->model->scene, target)->position = ta_vec3_make(0, 0, -1);
    }
    return TA_OK;
}

static ta_result set_transform(gltf_ctx *g, uint32_t i, ta_node_id made)
{
    ta_node *node = ta_scene_node(g->model->scene, made);
    bool singular;
    ta_result r = ta__gltf_node_transform(g, i, &node->position, &node->quaternion, &node->scale, &singular);
    if (r == TA_OK && singular)
        ta__model_warn(g->model, "nodes[%u].matrix: has a zero determinant; only its translation is kept, as three.js does",
                       i);
    return r;
}

/* GLTFParser._loadNodeShallow's choice of object, then loadNode's children. */
static ta_result make_node(gltf_ctx *g, gltf_scene_state *st, uint32_t i, ta_node_id parent)
{
    gltf_node_info *n = &g->node_info[i];
    uint32_t objects = (n->mesh != TA_NONE) + (n->camera != TA_NONE) + (n->light != TA_NONE);
    ta_result r;
    ta_node_id made, dummy;
    if (n->is_bone || objects != 1) {
        ta_node_type type = n->is_bone ? TA_NODE_TYPE_BONE : objects > 1 ? TA_NODE_TYPE_GROUP : TA_NODE_TYPE_OBJECT3D;
        if ((r = add_node(g, st, parent, n->name ? n->name : "", type, &made)) != TA_OK) return r;
        if (n->mesh != TA_NONE && (r = make_mesh_object(g, st, i, made, NULL, &dummy)) != TA_OK) return r;
        if (n->camera != TA_NONE && (r = make_camera_object(g, st, i, made, NULL, &dummy)) != TA_OK) return r;
        if (n->light != TA_NONE && (r = make_light_object(g, st, i, made, NULL, &dummy)) != TA_OK) return r;
    } else if (n->mesh != TA_NONE) {
        if ((r = make_mesh_object(g, st, i, parent, n->name, &made)) != TA_OK) return r;
    } else if (n->camera != TA_NONE) {
        if ((r = make_camera_object(g, st, i, parent, n->name, &made)) != TA_OK) return r;
    } else {
        if ((r = make_light_object(g, st, i, parent, n->name, &made)) != TA_OK) return r;
    }
    n->made = made;
    return set_transform(g, i, made);
}

static ta_result make_tree(gltf_ctx *g, gltf_scene_state *st, uint32_t root)
{
    uint32_t top = 0;
    st->stack[top] = root;
    st->stack_parent[top] = ta_node_none();
    top++;
    while (top > 0) {
        top--;
        uint32_t i = st->stack[top];
        ta_node_id parent = st->stack_parent[top];
        ta_result r = make_node(g, st, i, parent);
        if (r != TA_OK) return r;
        json_t *children = ta__jget(g->node_info[i].def, "children");
        for (size_t k = json_array_size(children); k-- > 0;) {
            st->stack[top] = (uint32_t)json_number_value(json_array_get(children, k));
            st->stack_parent[top] = g->node_info[i].made;
            top++;
        }
    }
    return TA_OK;
}

static void read_weights(const json_t *weights, float *influences, uint32_t count)
{
    for (size_t k = 0; k < json_array_size(weights) && k < count; ++k)
        influences[k] = (float)json_number_value(json_array_get(weights, k));
}

/* The scene's skin for glTF skin s, made the first time a mesh uses it: the
 * meshes of one skin share it, as they share GLTFLoader's Skeleton. */
static ta_result make_skin(gltf_ctx *g, uint32_t s, const ta_node_id *joints, uint32_t joint_count,
                           ta_skin_id *out)
{
    if (g->skin_made[s].index != TA_NONE) {
        *out = g->skin_made[s];
        return TA_OK;
    }
    json_t *def = json_array_get(g->skins, s);
    char sp[TA__JPATH_SIZE], ip[TA__JPATH_SIZE];
    ta__jpath_format(sp, "skins[%u]", s);
    ta__jpath_format(ip, "skins[%u].inverseBindMatrices", s);
    uint32_t ibm;
    ta_result r = ta__jget_index(g->err, def, sp, "inverseBindMatrices", g->accessor_count, "accessors", &ibm);
    if (r != TA_OK) return r;
    ta_mat4 *mats = NULL;
    if (ibm != TA_NONE) {
        const float *values;
        uint32_t count, comps;
        /* As stored, not normalized: GLTFLoader reads the accessor's array. */
        if ((r = ta__gltf_accessor_floats(g, ibm, ip, false, &values, &count, &comps)) != TA_OK) return r;
        mats = (ta_mat4 *)ta__gltf_arena_alloc(&g->arena, joint_count, sizeof(ta_mat4));
        if (mats == NULL) return ta__gltf_oom(g, "inverse bind matrices");
        for (uint32_t j = 0; j < joint_count; ++j) memcpy(mats[j].m, values + (size_t)j * 16, sizeof mats[j].m);
    }
    ta_skin_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.joints = joints;
    desc.joint_count = joint_count;
    desc.inverse_binds = mats;
    if ((r = ta_scene_add_skin(g->model->scene, &desc, out, g->err)) != TA_OK) {
        ta__prefix(g->err, r, "skins[%u]", s);
        return r;
    }
    g->skin_made[s] = *out;
    return TA_OK;
}

static ta_result attach_meshes(gltf_ctx *g, gltf_scene_state *st)
{
    ta_result r;
    ta_model *model = g->model;
    if (st->pending_count > 0) {
        model->source_primitives =
            (ta_model_primitive *)ta__calloc(g->mem, st->pending_count, sizeof(ta_model_primitive));
        if (model->source_primitives == NULL) return ta__gltf_oom(g, "the primitive map");
        model->source_primitive_count = st->pending_count; /* each filled as it is made */
    }
    for (uint32_t k = 0; k < st->pending_count; ++k) {
        const struct gltf_pending_mesh *pm = &st->pending[k];
        gltf_node_info *n = &g->node_info[pm->gltf_node];
        gltf_mesh_info *mi = &g->mesh_info[pm->mesh];
        const gltf_primitive_info *pi = &mi->prims[pm->prim];
        uint32_t count = pi->morph_count;
        float *influences = (float *)ta__gltf_arena_alloc(&g->arena, count + 1u, sizeof(float));
        const char **names = (const char **)ta__gltf_arena_alloc(&g->arena, count + 1u, sizeof(char *));
        char(*digits)[12] = (char(*)[12])ta__gltf_arena_alloc(&g->arena, count + 1u, sizeof *digits);
        if (influences == NULL || names == NULL || digits == NULL) return ta__gltf_oom(g, "morph targets");
        for (uint32_t t = 0; t < count; ++t) {
            snprintf(digits[t], sizeof digits[t], "%u", t);
            names[t] = digits[t];
        }
        /* Checked with the node (gltf_scene_read.c). */
        json_t *node_weights = ta__jget(n->def, "weights");
        if (pi->morph_count > 0) {
            read_weights(ta__jget(mi->def, "weights"), influences, count);
            /* GLTFLoader's createNodeMesh sets node weights on Meshes only. */
            if (node_weights != NULL && pi->triangles) read_weights(node_weights, influences, count);
            json_t *target_names = ta__jget(ta__jget(mi->def, "extras"), "targetNames");
            if (json_is_array(target_names)) {
                bool strings = json_array_size(target_names) == pi->morph_count;
                for (size_t t = 0; strings && t < json_array_size(target_names); ++t)
                    strings = json_is_string(json_array_get(target_names, t));
                if (strings) {
                    for (uint32_t t = 0; t < count; ++t) names[t] = json_string_value(json_array_get(target_names, t));
                } else {
                    ta__model_warn(g->model,
                                   "meshes[%u].extras.targetNames: not %u strings, one per morph target; the targets "
                                   "keep the names \"0\", \"1\", ...",
                                   pm->mesh, pi->morph_count);
                }
            }
        }
        ta_material_id material;
        if (pi->material != TA_NONE) {
            material = ta_material_at(pi->material);
        } else if ((r = ta__gltf_default_material(g, &material)) != TA_OK) {
            return r;
        }
        ta_node_id *bones = NULL;
        uint32_t bone_count = 0;
        if (pm->skinned && n->skin != TA_NONE) {
            json_t *joints = ta__jget(json_array_get(g->skins, n->skin), "joints");
            bones = (ta_node_id *)ta__gltf_arena_alloc(&g->arena, json_array_size(joints) + 1, sizeof(ta_node_id));
            if (bones == NULL) return ta__gltf_oom(g, "bones");
            for (size_t j = 0; j < json_array_size(joints); ++j) {
                uint32_t joint = (uint32_t)json_number_value(json_array_get(joints, j));
                if (ta_node_is_none(g->node_info[joint].made)) {
                    /* A bone list with a gap would shift every later bone's
                     * index, which the vertices' joint indices name. */
                    ta__model_warn(g->model,
                                   "skins[%u].joints[%zu]: node %u is not in the default scene; the skinned mesh at "
                                   "nodes[%u] keeps no bones",
                                   n->skin, j, joint, pm->gltf_node);
                    bone_count = 0;
                    break;
                }
                bones[bone_count++] = g->node_info[joint].made;
            }
        }
        ta_skin_id skin = ta_skin_at(TA_NONE);
        if (bone_count > 0 && (r = make_skin(g, n->skin, bones, bone_count, &skin)) != TA_OK) return r;
        ta_mesh_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.node = pm->node;
        desc.morph_count = count;
        desc.morph_influences = influences;
        desc.morph_names = names;
        desc.materials = &material;
        desc.material_count = 1;
        desc.bones = bones;
        desc.bone_count = bone_count;
        gltf_made_mesh made;
        made.skinned = pm->skinned;
        made.morph_total = pi->morph_count;
        if (pm->skinned) {
            ta_skinned_mesh_id si;
            r = ta_scene_add_skinned_mesh(g->model->scene, &desc, &si, g->err);
            made.index = si.index;
            /* GLTFLoader binds every skinned mesh with an identity bind matrix. */
            if (r == TA_OK && skin.index != TA_NONE)
                r = ta_scene_bind_skin(g->model->scene, si, skin, TA_BIND_MODE_ATTACHED, NULL, g->err);
        } else {
            ta_mesh_id mx;
            r = ta_scene_add_mesh(g->model->scene, &desc, &mx, g->err);
            made.index = mx.index;
        }
        if (r != TA_OK) {
            ta__prefix(g->err, r, "meshes[%u].primitives[%u]", pm->mesh, pm->prim);
            return r;
        }
        if ((r = ta__gltf_grow(g, (void **)&mi->made, &mi->made_cap, mi->made_count + 1, sizeof(gltf_made_mesh))) != TA_OK)
            return r;
        mi->made[mi->made_count++] = made;
        ta_model_primitive mp = {pm->gltf_node, pm->mesh, pm->prim, made.skinned, made.index};
        model->source_primitives[k] = mp;
        g->node_mesh[pm->node.index].has = true;
        g->node_mesh[pm->node.index].mesh = made;
    }
    return TA_OK;
}

ta_result ta__gltf_build_scene(gltf_ctx *g)
{
    gltf_scene_state st;
    memset(&st, 0, sizeof st);
    st.skin_done = (bool *)ta__gltf_arena_alloc(&g->arena, g->skin_count + 1u, sizeof(bool));
    st.scene_names = (const char **)ta__gltf_arena_alloc(&g->arena, g->scene_count + 1u, sizeof(char *));
    /* A node is pushed at most once, and its skin mark once. */
    st.stack = (uint32_t *)ta__gltf_arena_alloc(&g->arena, (size_t)g->node_count * 2 + 2, sizeof(uint32_t));
    st.stack_parent = (ta_node_id *)ta__gltf_arena_alloc(&g->arena, (size_t)g->node_count + 1, sizeof(ta_node_id));
    g->skin_made = (ta_skin_id *)ta__gltf_arena_alloc(&g->arena, g->skin_count + 1u, sizeof(ta_skin_id));
    if (!st.skin_done || !st.scene_names || !st.stack || !st.stack_parent || !g->skin_made)
        return ta__gltf_oom(g, "the scene");
    for (uint32_t s = 0; s < g->skin_count; ++s) g->skin_made[s] = ta_skin_at(TA_NONE);
    ta_result r;
    if ((r = ta__gltf_read_scene_parts(g, &st)) != TA_OK) return r;
    if ((r = ta__gltf_give_names(g, &st)) != TA_OK) return r;
    if ((r = ta__gltf_make_materials(g)) != TA_OK) return r;
    if (g->default_scene == TA_NONE) {
        if (g->node_count > 0) ta__model_warn(g->model, "scenes: the file has no scene; the model's scene is empty");
        return TA_OK;
    }
    const char *name = st.scene_names[g->default_scene];
    if (name != NULL && (r = ta_scene_set_name(g->model->scene, name, g->err)) != TA_OK) return r;
    json_t *roots = ta__jget(json_array_get(g->scenes, g->default_scene), "nodes");
    for (size_t k = 0; k < json_array_size(roots); ++k)
        if ((r = make_tree(g, &st, (uint32_t)json_number_value(json_array_get(roots, k)))) != TA_OK) return r;
    g->node_mesh_cap = g->model->scene->node_count;
    g->node_mesh = (gltf_node_mesh *)ta__gltf_arena_alloc(&g->arena, g->node_mesh_cap + 1u, sizeof(gltf_node_mesh));
    if (g->node_mesh == NULL) return ta__gltf_oom(g, "the scene");
    return attach_meshes(g, &st);
}
