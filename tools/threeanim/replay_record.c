/* Node references and record paths for `threeanim replay` (docs/replay.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "threeanim/property.h"


static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c != NULL) memcpy(c, s, n);
    return c;
}

typedef struct name_search {
    const char *name;
    bool found;
    ta_node_id node;
} name_search;

static bool visit_name(const ta_scene *scene, ta_node_id node, void *user)
{
    name_search *s = (name_search *)user;
    if (strcmp(scene->nodes[node.index].name, s->name) == 0) {
        s->found = true;
        s->node = node;
        return false;
    }
    return true;
}

ta_result replay_find_node(const ta_model *model, bool gltf, const char *ref, ta_node_id *out, ta_error *err)
{
    /* "" would be looked up as a uuid, and a glTF node has "" for one */
    if (ref[0] == '\0')
        return cli_fail(err, TA_ERROR_NOT_FOUND, "the node reference \"\" names no node (a node is \"#N\", \"name:NAME\" or a uuid)");
    if (strncmp(ref, "name:", 5) == 0) {
        name_search s = {ref + 5, false, ta_node_none()};
        ta_scene_traverse(model->scene, ta_node_none(), visit_name, &s);
        if (!s.found) {
            /* the library's lookup is the same search, and names the nearest names */
            ta_error near = {0};
            ta_scene_find_by_name(model->scene, ref + 5, NULL, &near);
            const char *hint = strstr(near.message, "; ");
            return cli_fail(err, TA_ERROR_NOT_FOUND, "no node is named \"%s\"%s", ref + 5, hint != NULL ? hint : "");
        }
        *out = s.node;
        return TA_OK;
    }
    if (ref[0] == '#') {
        char *end = NULL;
        unsigned long n = strtoul(ref + 1, &end, 10);
        if (!gltf || end == ref + 1 || *end != '\0')
            return cli_fail(err, TA_ERROR_NOT_FOUND, "\"%s\" names a glTF node, and %s", ref,
                            gltf ? "is not a number" : "the model is not glTF");
        if (n >= model->source_node_count || model->source_nodes[n].index == TA_NONE)
            return cli_fail(err, TA_ERROR_NOT_FOUND, "\"%s\": the model has no such glTF node in its scene", ref);
        *out = model->source_nodes[n];
        return TA_OK;
    }
    ta_error local;
    if (ta_scene_find_by_uuid(model->scene, ref, out, &local) != TA_OK)
        return cli_fail(err, TA_ERROR_NOT_FOUND, "no node has the uuid \"%s\"", ref);
    return TA_OK;
}

/* ---- what is at a node ---------------------------------------------------------- */

static const ta_mesh *mesh_on(const ta_model *model, ta_node_id node)
{
    const ta_scene *s = model->scene;
    for (uint32_t i = 0; i < s->mesh_count; ++i)
        if (s->meshes[i].node.index == node.index) return &s->meshes[i];
    for (uint32_t i = 0; i < s->skinned_mesh_count; ++i)
        if (s->skinned_meshes[i].node.index == node.index) return &s->skinned_meshes[i];
    return NULL;
}

static bool is_source_node(const ta_model *model, ta_node_id node)
{
    for (uint32_t i = 0; i < model->source_node_count; ++i)
        if (model->source_nodes[i].index == node.index) return true;
    return false;
}

/* The first mesh at a node: its own, or for a glTF node that three.js made a
 * Group (a mesh of several primitives), the first mesh among the children
 * made for it (children that are glTF nodes of their own do not count). */
static const ta_mesh *mesh_at(const ta_model *model, ta_node_id node)
{
    const ta_mesh *m = mesh_on(model, node);
    if (m != NULL || model->source_nodes == NULL) return m;
    const ta_scene *s = model->scene;
    for (ta_node_id c = s->nodes[node.index].first_child; !ta_node_is_none(c); c = s->nodes[c.index].next_sibling) {
        if (is_source_node(model, c)) continue;
        m = mesh_on(model, c);
        if (m != NULL) return m;
    }
    return NULL;
}

static const ta_light *light_at(const ta_model *model, ta_node_id node)
{
    for (uint32_t i = 0; i < model->scene->light_count; ++i)
        if (model->scene->lights[i].node.index == node.index) return &model->scene->lights[i];
    return NULL;
}

static const ta_perspective_camera *perspective_at(const ta_model *model, ta_node_id node)
{
    for (uint32_t i = 0; i < model->cameras->perspective_count; ++i)
        if (model->cameras->perspective[i].node.index == node.index) return &model->cameras->perspective[i];
    return NULL;
}

static const ta_orthographic_camera *orthographic_at(const ta_model *model, ta_node_id node)
{
    for (uint32_t i = 0; i < model->cameras->orthographic_count; ++i)
        if (model->cameras->orthographic[i].node.index == node.index) return &model->cameras->orthographic[i];
    return NULL;
}

/* ---- parsing a path ------------------------------------------------------------- */

/* An orthographic camera's frustum sides, which no kind drives but a replay records. */
static const char *const frustum_sides[] = {"left", "right", "top", "bottom"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool axis_of(const char *s, uint32_t *axis)
{
    if (strcmp(s, "[x]") == 0) *axis = 0;
    else if (strcmp(s, "[y]") == 0) *axis = 1;
    else if (strcmp(s, "[z]") == 0) *axis = 2;
    else return false;
    return true;
}

static ta_result parse_material(const ta_model *model, const char *path, const char *prop, rec_path *out,
                                ta_error *err)
{
    /* prop is after "material": ".FIELD", "[N].FIELD", ".map.FIELD" */
    out->material_slot = 0;
    if (prop[0] == '[') {
        char *end = NULL;
        unsigned long slot = strtoul(prop + 1, &end, 10);
        if (end == prop + 1 || *end != ']') return cli_fail(err, TA_ERROR_PARSE, "%s: bad material index", path);
        out->material_slot = (uint32_t)slot;
        prop = end + 1;
    }
    if (prop[0] != '.') return cli_fail(err, TA_ERROR_PARSE, "%s: expected a material field", path);
    prop++;
    const ta_mesh *mesh = mesh_at(model, out->node);
    if (mesh == NULL) return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the node has no mesh", path);
    if (out->material_slot >= mesh->material_count)
        return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the mesh has no such material", path);
    if (strncmp(prop, "map.", 4) == 0) {
        if (ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, prop, false, &out->kind, NULL) != TA_OK)
            return cli_fail(err, TA_ERROR_PARSE, "%s: \"%s\" is not a map field", path, prop + 4);
        ta_material_id mat = mesh->materials[out->material_slot];
        if (mat.index >= model->assets->material_count || model->assets->materials[mat.index].map.index == TA_NONE)
            return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the material has no map", path);
        return TA_OK;
    }
    if (ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, prop, false, &out->kind, NULL) != TA_OK)
        return cli_fail(err, TA_ERROR_PARSE, "%s: \"%s\" is not a material field this project drives", path, prop);
    return TA_OK;
}

static ta_result parse_property(const ta_model *model, const char *path, const char *prop, rec_path *out,
                                ta_error *err)
{
    if (ta_track_kind_find(TA_TARGET_FAMILY_NODE, prop, false, &out->kind, NULL) == TA_OK) return TA_OK;
    const char *bracket = strchr(prop, '[');
    if (bracket != NULL && axis_of(bracket, &out->axis)) {
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(bracket - prop), prop);
        if ((size_t)(bracket - prop) < sizeof name &&
            ta_track_kind_find(TA_TARGET_FAMILY_NODE, name, true, &out->kind, NULL) == TA_OK)
            return TA_OK;
    }
    const char *morphs = ta_track_kind_property_path(TA_TRACK_KIND_MORPH_INFLUENCE);
    size_t morphs_len = strlen(morphs);
    if (strncmp(prop, morphs, morphs_len) == 0) {
        const ta_mesh *mesh = mesh_at(model, out->node);
        if (mesh == NULL) return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the node has no mesh", path);
        /* the node's mesh, skinned or not, is read either way */
        out->kind = TA_TRACK_KIND_MORPH_INFLUENCE;
        const char *rest = prop + morphs_len;
        if (*rest == '\0') {
            out->all_morphs = true;
            return TA_OK;
        }
        size_t n = strlen(rest);
        if (rest[0] != '[' || rest[n - 1] != ']')
            return cli_fail(err, TA_ERROR_PARSE, "%s: bad morph target", path);
        char inner[256];
        snprintf(inner, sizeof inner, "%.*s", (int)(n - 2), rest + 1);
        char *end = NULL;
        unsigned long index = strtoul(inner, &end, 10);
        if (end != inner && *end == '\0') {
            out->morph = (uint32_t)index;
        } else if (ta_mesh_find_morph_target(mesh, inner, &out->morph, NULL) != TA_OK) {
            return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the mesh has no morph target \"%s\"", path, inner);
        }
        if (out->morph >= mesh->morph_count)
            return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the mesh has no morph target %s", path, inner);
        return TA_OK;
    }
    if (strncmp(prop, "material", 8) == 0) return parse_material(model, path, prop + 8, out, err);
    if (ta_track_kind_find(TA_TARGET_FAMILY_LIGHT, prop, false, &out->kind, NULL) == TA_OK) {
        if (light_at(model, out->node) == NULL)
            return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the node has no light", path);
        return TA_OK;
    }
    bool side = false;
    for (size_t i = 0; i < COUNT(frustum_sides) && !side; ++i)
        if (strcmp(prop, frustum_sides[i]) == 0) {
            side = true;
            out->kind = TA_TRACK_KIND_COUNT;
            out->camera_field = frustum_sides[i];
        }
    if (side || ta_track_kind_find(TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, prop, false, &out->kind, NULL) == TA_OK) {
        const ta_perspective_camera *pc = perspective_at(model, out->node);
        const ta_orthographic_camera *oc = orthographic_at(model, out->node);
        bool persp_only = !side && out->kind == TA_TRACK_KIND_CAMERA_FOV, ortho_only = side;
        if ((pc == NULL || ortho_only) && (oc == NULL || persp_only))
            return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: the node has no camera with \"%s\"", path, prop);
        if (!side) out->camera_field = ta_track_kind_property_path(out->kind);
        return TA_OK;
    }
    return cli_fail(err, TA_ERROR_PARSE, "%s: \"%s\" is not a property this project records", path, prop);
}

ta_result replay_parse_path(const ta_model *model, bool gltf, const char *path, rec_path *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    /* The reference ends at the first '.' (names and uuids hold none). */
    const char *dot = strchr(path, '.');
    if (dot == NULL || dot == path) return cli_fail(err, TA_ERROR_PARSE, "%s: expected <reference>.<property>", path);
    char ref[512];
    snprintf(ref, sizeof ref, "%.*s", (int)(dot - path), path);
    ta_error local;
    if (replay_find_node(model, gltf, ref, &out->node, &local) != TA_OK)
        return cli_fail(err, TA_ERROR_NOT_FOUND, "%s: %s", path, local.message);
    ta_result r = parse_property(model, path, dot + 1, out, err);
    if (r != TA_OK) return r;
    out->key = copy_string(path);
    if (out->key == NULL) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    return TA_OK;
}

/* ---- "all" -------------------------------------------------------------------------- */

typedef struct all_state {
    const ta_model *model;
    bool gltf;
    rec_path *paths;
    size_t count, cap;
    bool oom;
} all_state;

/* The path of the whole property of a kind (every influence for a morph kind). */
static void push(all_state *st, ta_node_id node, ta_track_kind kind, const char *ref)
{
    if (st->count == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 64;
        rec_path *p = realloc(st->paths, cap * sizeof *p);
        if (p == NULL) {
            st->oom = true;
            return;
        }
        st->paths = p;
        st->cap = cap;
    }
    rec_path *r = &st->paths[st->count];
    memset(r, 0, sizeof *r);
    r->node = node;
    r->kind = kind;
    r->all_morphs = kind == TA_TRACK_KIND_MORPH_INFLUENCE;
    const char *prop = ta_track_kind_property_path(kind);
    size_t n = strlen(ref) + strlen(prop) + 2;
    r->key = malloc(n);
    if (r->key == NULL) {
        st->oom = true;
        return;
    }
    snprintf(r->key, n, "%s.%s", ref, prop);
    st->count++;
}

static void push_node(all_state *st, ta_node_id node, const char *ref)
{
    push(st, node, TA_TRACK_KIND_POSITION, ref);
    push(st, node, TA_TRACK_KIND_QUATERNION, ref);
    push(st, node, TA_TRACK_KIND_SCALE, ref);
    const ta_mesh *mesh = mesh_at(st->model, node);
    if (mesh != NULL && mesh->morph_count > 0) push(st, node, TA_TRACK_KIND_MORPH_INFLUENCE, ref);
}

static bool visit_all(const ta_scene *scene, ta_node_id node, void *user)
{
    all_state *st = (all_state *)user;
    push_node(st, node, scene->nodes[node.index].uuid);
    return !st->oom;
}

ta_result replay_all_paths(const ta_model *model, bool gltf, rec_path **out, size_t *out_count, ta_error *err)
{
    all_state st = {model, gltf, NULL, 0, 0, false};
    if (gltf) {
        char ref[32];
        for (uint32_t n = 0; n < model->source_node_count && !st.oom; ++n) {
            if (model->source_nodes[n].index == TA_NONE) continue;
            snprintf(ref, sizeof ref, "#%u", n);
            push_node(&st, model->source_nodes[n], ref);
        }
    } else {
        ta_scene_traverse(model->scene, ta_node_none(), visit_all, &st);
    }
    if (st.oom) {
        for (size_t i = 0; i < st.count; ++i) free(st.paths[i].key);
        free(st.paths);
        return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory listing \"all\"");
    }
    *out = st.paths;
    *out_count = st.count;
    return TA_OK;
}

/* ---- printing ---------------------------------------------------------------------- */

static void print_numbers(FILE *out, const float *v, uint32_t n)
{
    fputc('[', out);
    for (uint32_t i = 0; i < n; ++i) {
        if (i) fputs(", ", out);
        cli_print_float(out, v[i]);
    }
    fputc(']', out);
}

static void print_camera_value(FILE *out, const ta_model *model, const rec_path *p)
{
    const ta_perspective_camera *pc = perspective_at(model, p->node);
    const ta_orthographic_camera *oc = orthographic_at(model, p->node);
    const char *f = p->camera_field;
    float v = 0;
    if (pc != NULL && (strcmp(f, "fov") == 0 || strcmp(f, "zoom") == 0 || strcmp(f, "near") == 0 ||
                       strcmp(f, "far") == 0)) {
        v = strcmp(f, "fov") == 0 ? pc->fov : strcmp(f, "zoom") == 0 ? pc->zoom : strcmp(f, "near") == 0 ? pc->near : pc->far;
    } else if (oc != NULL) {
        v = strcmp(f, "zoom") == 0   ? oc->zoom
            : strcmp(f, "near") == 0 ? oc->near
            : strcmp(f, "far") == 0  ? oc->far
            : strcmp(f, "left") == 0 ? oc->left
            : strcmp(f, "right") == 0 ? oc->right
            : strcmp(f, "top") == 0  ? oc->top
                                     : oc->bottom;
    }
    print_numbers(out, &v, 1);
}

/* The typed target a path names: the mesh, material or light found at its
 * node, as the path's parser checked it. */
static ta_track_target target_of(const ta_model *model, const rec_path *p)
{
    const ta_scene *s = model->scene;
    ta_track_target t = {p->kind, ta_track_kind_family(p->kind), p->node.index, 0};
    switch (t.family) {
    case TA_TARGET_FAMILY_NODE: t.element = p->axis; break;
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = mesh_at(model, p->node);
        bool skinned = !(mesh >= s->meshes && mesh < s->meshes + s->mesh_count);
        t.family = skinned ? TA_TARGET_FAMILY_SKINNED_MESH : TA_TARGET_FAMILY_MESH;
        t.kind = skinned ? TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE : TA_TRACK_KIND_MORPH_INFLUENCE;
        t.index = (uint32_t)(skinned ? mesh - s->skinned_meshes : mesh - s->meshes);
        t.element = p->morph;
        break;
    }
    case TA_TARGET_FAMILY_MATERIAL: t.index = mesh_at(model, p->node)->materials[p->material_slot].index; break;
    case TA_TARGET_FAMILY_LIGHT: t.index = (uint32_t)(light_at(model, p->node) - s->lights); break;
    default: break;
    }
    return t;
}

void replay_print_value(FILE *out, const ta_model *model, const rec_path *p)
{
    if (p->camera_field != NULL) {
        print_camera_value(out, model, p);
        return;
    }
    if (p->all_morphs) {
        const ta_mesh *mesh = mesh_at(model, p->node);
        print_numbers(out, mesh->morph_influences, mesh->morph_count);
        return;
    }
    /* the value as the mixer reads it (linear colors, a rotation element as an Euler angle) */
    ta_mixer_targets where = {model->scene, model->assets, model->cameras};
    ta_property_value v;
    if (ta_property_read(&where, target_of(model, p), &v, NULL) != TA_OK) {
        fputs("null", out); /* the parser checked the path: not reached */
        return;
    }
    if (p->kind == TA_TRACK_KIND_NODE_NAME)
        cli_print_json_string(out, v.text);
    else if (ta_track_kind_value_type(p->kind) == TA_VALUE_TYPE_FLAG)
        fputs(v.v[0] >= 0.5f ? "true" : "false", out);
    else
        print_numbers(out, v.v, v.count);
}
