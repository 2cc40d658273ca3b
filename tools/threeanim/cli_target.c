/* Targets as three.js paths, and their values (cli_target.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
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

typedef struct named {
    const char *name;
    uint32_t index;
} named;

static int by_name(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

/* unique[i]: node i's name is plain and no other node has it. Sorted by name,
 * so that a scene of many nodes costs n log n, not n^2. */
static bool mark_unique(const ta_scene *scene, bool *unique)
{
    uint32_t n = scene->node_count;
    named *sorted = malloc((n + 1u) * sizeof *sorted);
    if (sorted == NULL) return false;
    for (uint32_t i = 0; i < n; ++i) sorted[i] = (named){scene->nodes[i].name, i};
    qsort(sorted, n, sizeof *sorted, by_name);
    for (uint32_t k = 0; k < n; ++k) {
        bool same_before = k > 0 && strcmp(sorted[k - 1].name, sorted[k].name) == 0;
        bool same_after = k + 1 < n && strcmp(sorted[k + 1].name, sorted[k].name) == 0;
        unique[sorted[k].index] = !same_before && !same_after && plain_name(sorted[k].name);
    }
    free(sorted);
    return true;
}

ta_result cli_names_init(cli_names *names, const ta_model *model, ta_error *err)
{
    const ta_scene *scene = model->scene;
    names->model = model;
    names->node_refs = calloc(scene->node_count + 1u, sizeof(char *));
    bool *unique = calloc(scene->node_count + 1u, sizeof *unique);
    /* source_of[i]: the first glTF node made into scene node i, TA_NONE for none */
    uint32_t *source_of = malloc((scene->node_count + 1u) * sizeof *source_of);
    if (names->node_refs == NULL || unique == NULL || source_of == NULL || !mark_unique(scene, unique)) goto oom;
    for (uint32_t i = 0; i < scene->node_count; ++i) source_of[i] = TA_NONE;
    for (uint32_t n = model->source_node_count; n-- > 0;) {
        uint32_t at = model->source_nodes[n].index;
        if (at < scene->node_count) source_of[at] = n;
    }
    for (uint32_t i = 0; i < scene->node_count; ++i) {
        char buf[64];
        const char *ref = NULL;
        if (unique[i]) {
            ref = scene->nodes[i].name;
        } else if (source_of[i] != TA_NONE) {
            snprintf(buf, sizeof buf, "#%u", source_of[i]);
            ref = buf;
        } else if (scene->nodes[i].uuid[0] != '\0') {
            ref = scene->nodes[i].uuid;
        } else {
            snprintf(buf, sizeof buf, "@%u", i);
            ref = buf;
        }
        names->node_refs[i] = dup_string(ref);
        if (names->node_refs[i] == NULL) goto oom;
    }
    free(unique);
    free(source_of);
    return TA_OK;
oom:
    free(unique);
    free(source_of);
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

static const ta_mesh *family_mesh(const ta_scene *scene, ta_track_target t)
{
    if (t.family == TA_TARGET_FAMILY_MESH && t.index < scene->mesh_count) return &scene->meshes[t.index];
    if (t.family == TA_TARGET_FAMILY_SKINNED_MESH && t.index < scene->skinned_mesh_count)
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

/* prefix, then the three.js name of t from an owner of node ref (""
 * when prefix says who it is). A label is never refused: a name the library
 * will not make (a map of a mesh of several materials, a uuid holding a '.')
 * is made as near as it can be. */
static void label_of(const char *prefix, const char *ref, int slot, const char *morph, ta_track_target t, char *buf,
                     size_t size)
{
    char path[256];
    ta_target_owner owner = {ref, slot};
    if (ta_track_name_format(&t, &owner, morph, path, sizeof path, NULL, NULL) == TA_OK) {
        snprintf(buf, size, "%s%s", prefix, path);
        return;
    }
    owner.material_slot = -1;
    if (ta_track_name_format(&t, &owner, morph, path, sizeof path, NULL, NULL) == TA_OK) {
        snprintf(buf, size, "%s%s", prefix, path);
        return;
    }
    owner.node = "";
    if (ta_track_name_format(&t, &owner, morph, path, sizeof path, NULL, NULL) != TA_OK) snprintf(path, sizeof path, ".?");
    snprintf(buf, size, "%s%s%s", prefix, ref, path);
}

void cli_target_label(const cli_names *names, ta_track_target t, char *buf, size_t size)
{
    const ta_model *model = names->model;
    const ta_scene *scene = model->scene;
    char prefix[64];
    switch (t.family) {
    case TA_TARGET_FAMILY_NODE: label_of("", cli_node_ref(names, ta_node_at(t.index)), -1, NULL, t, buf, size); return;
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = family_mesh(scene, t);
        if (mesh == NULL) {
            snprintf(prefix, sizeof prefix, "%smesh[%u]", t.family == TA_TARGET_FAMILY_SKINNED_MESH ? "skinned" : "", t.index);
            label_of(prefix, "", -1, NULL, t, buf, size);
            return;
        }
        const char *morph = t.element < mesh->morph_count ? mesh->morph_names[t.element] : NULL;
        label_of("", cli_node_ref(names, mesh->node), -1, morph, t, buf, size);
        return;
    }
    case TA_TARGET_FAMILY_MATERIAL: {
        int slot = -1;
        const ta_mesh *mesh = material_mesh(scene, t.index, &slot);
        if (mesh == NULL) {
            const char *name = model->assets != NULL && t.index < model->assets->material_count
                                   ? model->assets->materials[t.index].name
                                   : "";
            if (plain_name(name))
                snprintf(prefix, sizeof prefix, "material:%s", name);
            else
                snprintf(prefix, sizeof prefix, "material:@%u", t.index);
            /* The prefix names the material already: "material:skin.opacity",
             * not "material:skin.material.opacity". */
            char path[256];
            label_of("", "", -1, NULL, t, path, sizeof path);
            const char *rest = strncmp(path, ".material.", 10) == 0 ? path + 9 : path;
            snprintf(buf, size, "%s%s", prefix, rest);
        } else {
            label_of("", cli_node_ref(names, mesh->node), slot, NULL, t, buf, size);
        }
        return;
    }
    case TA_TARGET_FAMILY_LIGHT:
        if (t.index < scene->light_count) {
            label_of("", cli_node_ref(names, scene->lights[t.index].node), -1, NULL, t, buf, size);
        } else {
            snprintf(prefix, sizeof prefix, "light[%u]", t.index);
            label_of(prefix, "", -1, NULL, t, buf, size);
        }
        return;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: {
        bool persp = t.family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA;
        const ta_camera_list *c = model->cameras;
        uint32_t count = c == NULL ? 0 : persp ? c->perspective_count : c->orthographic_count;
        ta_node_id node = ta_node_none();
        if (t.index < count) node = persp ? c->perspective[t.index].node : c->orthographic[t.index].node;
        if (!ta_node_is_none(node)) {
            label_of("", cli_node_ref(names, node), -1, NULL, t, buf, size);
        } else {
            snprintf(prefix, sizeof prefix, "%scamera[%u]", persp ? "perspective" : "orthographic", t.index);
            label_of(prefix, "", -1, NULL, t, buf, size);
        }
        return;
    }
    default: label_of("?", "", -1, NULL, t, buf, size); return;
    }
}

/* ---- owners, for clip JSON ---------------------------------------------------------- */

static ta_result owner_node(const cli_names *names, ta_node_id node, ta_target_owner *out, ta_error *err)
{
    const ta_scene *scene = names->model->scene;
    if (node.index >= scene->node_count)
        return cli_fail(err, TA_ERROR_MISSING_TARGET, "target: %snode %u is not in the scene", "", node.index);
    const char *ref = names->node_refs[node.index];
    if (strcmp(ref, scene->nodes[node.index].name) == 0) {
        out->node = ref;
        return TA_OK;
    }
    if (scene->nodes[node.index].uuid[0] != '\0') {
        out->node = scene->nodes[node.index].uuid;
        return TA_OK;
    }
    return cli_fail(err, TA_ERROR_UNSUPPORTED,
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
    case TA_TARGET_FAMILY_NODE: return owner_node(names, ta_node_at(t->index), out, err);
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: {
        const ta_mesh *mesh = family_mesh(scene, *t);
        if (mesh == NULL) return cli_fail(err, TA_ERROR_MISSING_TARGET, "target: %smesh %u is not in the scene", "", t->index);
        return owner_node(names, mesh->node, out, err);
    }
    case TA_TARGET_FAMILY_MATERIAL: {
        int slot = -1;
        const ta_mesh *mesh = material_mesh(scene, t->index, &slot);
        if (mesh == NULL)
            return cli_fail(err, TA_ERROR_MISSING_TARGET, "target: %sno mesh draws with material %u", "", t->index);
        out->material_slot = slot;
        return owner_node(names, mesh->node, out, err);
    }
    case TA_TARGET_FAMILY_LIGHT:
        if (t->index >= scene->light_count)
            return cli_fail(err, TA_ERROR_MISSING_TARGET, "target: %slight %u is not in the scene", "", t->index);
        return owner_node(names, scene->lights[t->index].node, out, err);
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: {
        bool persp = t->family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA;
        const ta_camera_list *c = model->cameras;
        uint32_t count = c == NULL ? 0 : persp ? c->perspective_count : c->orthographic_count;
        if (t->index >= count)
            return cli_fail(err, TA_ERROR_MISSING_TARGET, "target: %scamera %u is not in the cameras",
                            persp ? "perspective " : "orthographic ", t->index);
        ta_node_id node = persp ? c->perspective[t->index].node : c->orthographic[t->index].node;
        if (ta_node_is_none(node))
            return cli_fail(err, TA_ERROR_UNSUPPORTED, "target: %scamera %u has no node to name it by",
                            persp ? "perspective " : "orthographic ", t->index);
        return owner_node(names, node, out, err);
    }
    default:
        return cli_fail(err, TA_ERROR_UNKNOWN_ENUM, "target.family: %s%u is not a target family", "",
                        (uint32_t)t->family);
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
        if (ta_track_kind_value_type(kind) == TA_VALUE_TYPE_COLOR) return i < 3 ? rgb[i] : "?";
        return i < 3 ? xyzw[i] : "?";
    default: return i < 4 ? xyzw[i] : "?";
    }
}
