/* Names in the order GLTFLoader's createUniqueName is called, which decides
 * their "_N" suffixes. Its synchronous part walks every scene (the scene's
 * name, then each root's tree depth first: the node's name, its camera's and
 * its light's, its children, then its skin's joints), then every animated
 * node, then every camera; the meshes name their primitives last, when their
 * promises resolve (gltf_mesh_timing.c says in which order). A node, mesh,
 * camera or light used by several nodes is copied per use, each copy numbered
 * "_instance_N" in this same order. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

static ta_result load_camera_name(gltf_ctx *g, uint32_t c)
{
    gltf_camera_info *ci = &g->camera_info[c];
    if (ci->loaded) return TA_OK;
    ci->loaded = true;
    char cp[TA__JPATH_SIZE];
    ta__jpath_format(cp, "cameras[%u]", c);
    json_t *def = json_array_get(g->cameras, c);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", cp);
    const char *type, *name;
    ta_result r;
    if ((r = ta__jget_string(g->err, def, cp, "type", false, &type)) != TA_OK) return r;
    if ((r = ta__jget_string(g->err, def, cp, "name", false, &name)) != TA_OK) return r;
    if (type == NULL || (strcmp(type, "perspective") != 0 && strcmp(type, "orthographic") != 0))
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.type: is not \"perspective\" or \"orthographic\"", cp);
    json_t *params;
    if ((r = ta__jget_object(g->err, def, cp, type, &params)) != TA_OK) return r;
    if (params == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.%s: is missing", cp, type);
    ci->orthographic = strcmp(type, "orthographic") == 0;
    if (name != NULL && *name) {
        ci->name = ta__gltf_unique_name(g, name);
        if (ci->name == NULL) return TA_ERROR_OUT_OF_MEMORY;
    }
    return TA_OK;
}

static ta_result load_light_name(gltf_ctx *g, uint32_t l)
{
    gltf_light_info *li = &g->light_info[l];
    if (li->loaded) return TA_OK;
    li->loaded = true;
    char lp[TA__JPATH_SIZE];
    ta__jpath_format(lp, "extensions.KHR_lights_punctual.lights[%u]", l);
    li->def = json_array_get(g->lights, l);
    if (!json_is_object(li->def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", lp);
    const char *name;
    ta_result r = ta__jget_string(g->err, li->def, lp, "name", false, &name);
    if (r != TA_OK) return r;
    char fallback[32];
    snprintf(fallback, sizeof fallback, "light_%u", l);
    li->name = ta__gltf_unique_name(g, name != NULL && *name ? name : fallback);
    return li->name == NULL ? TA_ERROR_OUT_OF_MEMORY : TA_OK;
}

/* GLTFParser._loadNodeShallow: the node's own name, then what it carries. */
static ta_result shallow(gltf_ctx *g, uint32_t i)
{
    gltf_node_info *n = &g->node_info[i];
    if (n->shallow_done) return TA_OK;
    n->shallow_done = true;
    const char *name = json_string_value(ta__jget(n->def, "name"));
    if (name != NULL && *name) {
        n->name = ta__gltf_unique_name(g, name);
        if (n->name == NULL) return TA_ERROR_OUT_OF_MEMORY;
    }
    ta_result r;
    if (n->mesh != TA_NONE) {
        gltf_mesh_info *mi = &g->mesh_info[n->mesh];
        if (!mi->requested) {
            mi->requested = true;
            mi->request_order = g->mesh_requests++;
        }
        if (mi->refs > 1) n->mesh_instance = mi->uses++;
    }
    if (n->camera != TA_NONE) {
        if ((r = load_camera_name(g, n->camera)) != TA_OK) return r;
        gltf_camera_info *ci = &g->camera_info[n->camera];
        if (ci->refs > 1) n->camera_instance = ci->uses++;
    }
    if (n->light != TA_NONE) {
        if ((r = load_light_name(g, n->light)) != TA_OK) return r;
        gltf_light_info *li = &g->light_info[n->light];
        if (li->refs > 1) n->light_instance = li->uses++;
    }
    return TA_OK;
}

static ta_result load_skin(gltf_ctx *g, gltf_scene_state *st, uint32_t s)
{
    if (st->skin_done[s]) return TA_OK;
    st->skin_done[s] = true;
    json_t *joints = ta__jget(json_array_get(g->skins, s), "joints");
    for (size_t k = 0; k < json_array_size(joints); ++k) {
        ta_result r = shallow(g, (uint32_t)json_number_value(json_array_get(joints, k)));
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

/* GLTFParser.loadNode: the node, its children (each loaded whole), then its
 * skin. The stack holds a node, then (with the top bit) "its skin is next". */
#define SKIN_MARK 0x80000000u

static ta_result load_node(gltf_ctx *g, gltf_scene_state *st, uint32_t root)
{
    uint32_t top = 0;
    st->stack[top++] = root;
    while (top > 0) {
        uint32_t e = st->stack[--top];
        if (e & SKIN_MARK) {
            ta_result r = load_skin(g, st, g->node_info[e & ~SKIN_MARK].skin);
            if (r != TA_OK) return r;
            continue;
        }
        gltf_node_info *n = &g->node_info[e];
        if (n->full_done) continue;
        n->full_done = true;
        ta_result r = shallow(g, e);
        if (r != TA_OK) return r;
        if (n->skin != TA_NONE) st->stack[top++] = e | SKIN_MARK;
        json_t *children = ta__jget(n->def, "children");
        for (size_t k = json_array_size(children); k-- > 0;)
            st->stack[top++] = (uint32_t)json_number_value(json_array_get(children, k));
    }
    return TA_OK;
}

ta_result ta__gltf_give_names(gltf_ctx *g, gltf_scene_state *st)
{
    ta_result r;
    for (uint32_t s = 0; s < g->scene_count; ++s) {
        json_t *def = json_array_get(g->scenes, s);
        const char *name = json_string_value(ta__jget(def, "name"));
        if (name != NULL && *name) {
            st->scene_names[s] = ta__gltf_unique_name(g, name);
            if (st->scene_names[s] == NULL) return TA_ERROR_OUT_OF_MEMORY;
        }
        json_t *roots = ta__jget(def, "nodes");
        for (size_t k = 0; k < json_array_size(roots); ++k)
            if ((r = load_node(g, st, (uint32_t)json_number_value(json_array_get(roots, k)))) != TA_OK) return r;
    }
    /* The channels' nodes, in order. A malformed animation or channel is left
     * out (with a warning) when the clips are made, so here it is passed over. */
    for (uint32_t a = 0; a < g->animation_count; ++a) {
        json_t *channels = ta__jget(json_array_get(g->animations, a), "channels");
        for (size_t c = 0; c < json_array_size(channels); ++c) {
            json_t *node = ta__jget(ta__jget(json_array_get(channels, c), "target"), "node");
            double n = json_is_number(node) ? json_number_value(node) : -1;
            if (!(n >= 0 && n < g->node_count && n == floor(n))) continue;
            if ((r = load_node(g, st, (uint32_t)n)) != TA_OK) return r;
        }
    }
    for (uint32_t c = 0; c < g->camera_count; ++c)
        if ((r = load_camera_name(g, c)) != TA_OK) return r;
    /* Meshes, in the order their promises settle. */
    uint32_t *order = (uint32_t *)ta__gltf_arena_alloc(&g->arena, g->mesh_requests + 1u, sizeof(uint32_t));
    if (order == NULL) return ta__gltf_oom(g, "mesh names");
    for (uint32_t m = 0; m < g->mesh_count; ++m)
        if (g->mesh_info[m].requested) order[g->mesh_info[m].request_order] = m;
    if ((r = ta__gltf_mesh_naming_order(g, st->skin_done, order, g->mesh_requests)) != TA_OK) return r;
    for (uint32_t k = 0; k < g->mesh_requests; ++k) {
        uint32_t m = order[k];
        gltf_mesh_info *mi = &g->mesh_info[m];
        const char *name = json_string_value(ta__jget(mi->def, "name"));
        char fallback[32];
        snprintf(fallback, sizeof fallback, "mesh_%u", m);
        for (uint32_t p = 0; p < mi->prim_count; ++p) {
            mi->prims[p].name = ta__gltf_unique_name(g, name != NULL && *name ? name : fallback);
            if (mi->prims[p].name == NULL) return TA_ERROR_OUT_OF_MEMORY;
        }
    }
    return TA_OK;
}
