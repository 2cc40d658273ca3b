/*
 * ta_object_json_write: a scene, its assets, cameras and clips as the document
 * Object3D.toJSON writes for a Scene. This file decides the layout (which
 * three.js object carries each mesh, light and camera, and the uuids), then
 * puts the document together from write_objects.c, write_assets.c and
 * write_clips.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/object_json_write_internal.h"

const char *ta__ojw_uuid(const ta__ojwriter *w, uint32_t object)
{
    if (object < w->scene->node_count) return w->node_uuids[object];
    return w->extras[object - w->scene->node_count].uuid;
}

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

char *ta__ojw_make_uuid(ta__ojwriter *w, const char *tag, uint32_t number)
{
    uint64_t seed = 1469598103934665603ull;
    for (const char *p = tag; *p; ++p) seed = (seed ^ (unsigned char)*p) * 1099511628211ull;
    seed ^= (uint64_t)number * 0x9E3779B97F4A7C15ull;
    for (uint32_t attempt = 0; attempt < 64; ++attempt) {
        uint64_t a = splitmix(&seed), b = splitmix(&seed);
        /* Version 4, variant 10xx, lower case, as three.js's generateUUID. */
        a = (a & ~(0xFull << 12)) | (0x4ull << 12);
        b = (b & ~(0x3ull << 62)) | (0x2ull << 62);
        char text[37];
        snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", (unsigned)(a >> 32), (unsigned)((a >> 16) & 0xFFFF),
                 (unsigned)(a & 0xFFFF), (unsigned)(b >> 48), (unsigned long long)(b & 0xFFFFFFFFFFFFull));
        if (ta__strmap_get(&w->taken, text, NULL)) continue;
        char *copy = ta__strdup(&w->mem, text);
        if (copy == NULL || !ta__strmap_set(&w->taken, copy, 0)) {
            ta__free_str(&w->mem, copy);
            return NULL;
        }
        return copy;
    }
    return NULL;
}

/* ---- the layout ------------------------------------------------------------------------ */

static ta__attach_kind kind_for_type(ta_node_type type)
{
    switch (type) {
    case TA_NODE_TYPE_MESH: return TA__ATTACH_MESH;
    case TA_NODE_TYPE_SKINNED_MESH: return TA__ATTACH_SKINNED_MESH;
    case TA_NODE_TYPE_LIGHT: return TA__ATTACH_LIGHT;
    case TA_NODE_TYPE_PERSPECTIVE_CAMERA: return TA__ATTACH_PERSPECTIVE;
    case TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA: return TA__ATTACH_ORTHOGRAPHIC;
    default: return TA__ATTACH_NONE;
    }
}

/* Gives attachment (kind, index) on node to the node's own object if it is
 * the first of the node's kind, else to a made object. */
static ta_result place(ta__ojwriter *w, ta__attach_kind kind, uint32_t index, ta_node_id node, uint32_t *owner,
                       const char *what, ta_error *err)
{
    const ta_scene *scene = w->scene;
    if (!ta_node_is_none(node)) {
        if (node.index >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s %u: is on node %u, which is not in the scene (%u nodes)",
                            what, index, node.index, scene->node_count);
        if (!w->is_bone[node.index] && w->primary[node.index].kind == TA__ATTACH_NONE &&
            kind_for_type(scene->nodes[node.index].type) == kind) {
            w->primary[node.index].kind = kind;
            w->primary[node.index].index = index;
            *owner = node.index;
            return TA_OK;
        }
    }
    ta_result r = ta__reserve(&w->mem, (void **)&w->extras, &w->extra_capacity, w->extra_count + 1, sizeof(ta__extra),
                              err);
    if (r != TA_OK) return r;
    ta__extra *e = &w->extras[w->extra_count];
    e->what.kind = kind;
    e->what.index = index;
    e->parent = node;
    e->uuid = ta__ojw_make_uuid(w, "object", w->extra_count);
    if (e->uuid == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a uuid");
    *owner = scene->node_count + w->extra_count++;
    return TA_OK;
}

static uint32_t *owner_array(ta__ojwriter *w, uint32_t count, ta_error *err, ta_result *r)
{
    if (count == 0 || *r != TA_OK) return NULL;
    uint32_t *a = (uint32_t *)ta__calloc(&w->mem, count, sizeof(uint32_t));
    if (a == NULL) *r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory laying out the objects");
    return a;
}

static ta_result take(ta__ojwriter *w, const char *s, ta_error *err)
{
    if (s == NULL || s[0] == '\0') return TA_OK;
    if (!ta__strmap_set(&w->taken, s, 0)) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    return TA_OK;
}

/* A library's uuids: its own, a made one where it has none; two of one uuid are refused. */
static ta_result library_uuids(ta__ojwriter *w, const char *what, uint32_t count, const char *(*uuid_of)(const ta__ojwriter *, uint32_t),
                               char ***out, ta_error *err)
{
    *out = NULL;
    if (count == 0) return TA_OK;
    char **uuids = (char **)ta__calloc(&w->mem, count, sizeof(char *));
    if (uuids == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u uuids", count);
    *out = uuids;
    ta__strmap seen;
    ta__strmap_init(&seen, &w->mem);
    ta_result r = TA_OK;
    for (uint32_t i = 0; i < count && r == TA_OK; ++i) {
        const char *own = uuid_of(w, i);
        uint32_t other;
        if (own[0] != '\0' && ta__strmap_get(&seen, own, &other))
            r = ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s %u and %u: share the uuid \"%s\"", what, other, i, own);
        else if (own[0] != '\0' && !ta__strmap_set(&seen, own, i))
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
        else
            uuids[i] = own[0] != '\0' ? ta__strdup(&w->mem, own) : ta__ojw_make_uuid(w, what, i);
        if (r == TA_OK && uuids[i] == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
    }
    ta__strmap_free(&seen);
    return r;
}

static const char *node_uuid_of(const ta__ojwriter *w, uint32_t i) { return w->scene->nodes[i].uuid; }
static const char *material_uuid_of(const ta__ojwriter *w, uint32_t i) { return w->assets->materials[i].uuid; }
static const char *texture_uuid_of(const ta__ojwriter *w, uint32_t i) { return w->assets->textures[i].uuid; }

static ta_result check_references(const ta__ojwriter *w, ta_error *err)
{
    const ta_scene *scene = w->scene;
    for (int pass = 0; pass < 2; ++pass) {
        const ta_mesh *list = pass == 0 ? scene->meshes : scene->skinned_meshes;
        uint32_t count = pass == 0 ? scene->mesh_count : scene->skinned_mesh_count;
        const char *what = pass == 0 ? "scene.meshes" : "scene.skinned_meshes";
        for (uint32_t i = 0; i < count; ++i) {
            for (uint32_t k = 0; k < list[i].material_count; ++k)
                if (list[i].materials[k].index >= w->assets->material_count)
                    return ta__fail(err, TA_ERROR_MISSING_TARGET,
                                    "%s[%u].materials[%u]: material %u is not in the assets (%u materials)", what, i,
                                    k, list[i].materials[k].index, w->assets->material_count);
            for (uint32_t k = 0; k < list[i].bone_count; ++k)
                if (list[i].bones[k].index >= scene->node_count)
                    return ta__fail(err, TA_ERROR_MISSING_TARGET, "%s[%u].bones[%u]: node %u is not in the scene",
                                    what, i, k, list[i].bones[k].index);
        }
    }
    for (uint32_t i = 0; i < w->assets->material_count; ++i) {
        ta_texture_id map = w->assets->materials[i].map;
        if (map.index != TA_NONE && map.index >= w->assets->texture_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "assets.materials[%u].map: texture %u is not in the assets (%u textures)", i, map.index,
                            w->assets->texture_count);
    }
    return TA_OK;
}

/* JSON has no infinity and no NaN. A node's transform and a mesh's
 * influences are plain fields the caller may set to anything (what the scene
 * calls take is checked there), so they are checked here, before a number is
 * written, rather than found missing half way. */
static ta_result check_finite(const float *v, int n, const char *what, uint32_t index, const char *field,
                              ta_error *err)
{
    for (int k = 0; k < n; ++k)
        if (!isfinite(v[k]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s[%u].%s[%d]: %g is not a finite number; JSON holds none",
                            what, index, field, k, (double)v[k]);
    return TA_OK;
}

static ta_result check_numbers(const ta__ojwriter *w, ta_error *err)
{
    const ta_scene *scene = w->scene;
    ta_result r = TA_OK;
    for (uint32_t i = 0; i < scene->node_count && r == TA_OK; ++i) {
        const ta_node *n = &scene->nodes[i];
        const float p[3] = {n->position.x, n->position.y, n->position.z};
        const float q[4] = {n->quaternion.x, n->quaternion.y, n->quaternion.z, n->quaternion.w};
        const float s[3] = {n->scale.x, n->scale.y, n->scale.z};
        if ((r = check_finite(p, 3, "nodes", i, "position", err)) == TA_OK &&
            (r = check_finite(q, 4, "nodes", i, "quaternion", err)) == TA_OK)
            r = check_finite(s, 3, "nodes", i, "scale", err);
    }
    for (uint32_t i = 0; i < scene->mesh_count && r == TA_OK; ++i)
        r = check_finite(scene->meshes[i].morph_influences, (int)scene->meshes[i].morph_count, "scene.meshes", i,
                         "morph_influences", err);
    for (uint32_t i = 0; i < scene->skinned_mesh_count && r == TA_OK; ++i)
        r = check_finite(scene->skinned_meshes[i].morph_influences, (int)scene->skinned_meshes[i].morph_count,
                         "scene.skinned_meshes", i, "morph_influences", err);
    return r;
}

static ta_result layout(ta__ojwriter *w, const ta_clip *const *clips, uint32_t clip_count, ta_error *err)
{
    const ta_scene *scene = w->scene;
    ta_result r = check_references(w, err);
    if (r == TA_OK) r = check_numbers(w, err);
    if (r != TA_OK) return r;
    /* Names and uuids that made uuids must not take. */
    if ((r = take(w, scene->name, err)) != TA_OK || (r = take(w, scene->uuid, err)) != TA_OK) return r;
    for (uint32_t i = 0; i < scene->node_count && r == TA_OK; ++i)
        if ((r = take(w, scene->nodes[i].name, err)) == TA_OK) r = take(w, scene->nodes[i].uuid, err);
    for (uint32_t i = 0; i < w->assets->material_count && r == TA_OK; ++i) r = take(w, w->assets->materials[i].uuid, err);
    for (uint32_t i = 0; i < w->assets->texture_count && r == TA_OK; ++i) r = take(w, w->assets->textures[i].uuid, err);
    for (uint32_t i = 0; i < clip_count && r == TA_OK; ++i) r = take(w, ta_clip_uuid(clips[i]), err);
    if (r != TA_OK) return r;

    w->scene_uuid = scene->uuid[0] != '\0' ? ta__strdup(&w->mem, scene->uuid) : ta__ojw_make_uuid(w, "scene", 0);
    if (w->scene_uuid == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
    if ((r = library_uuids(w, "nodes", scene->node_count, node_uuid_of, &w->node_uuids, err)) != TA_OK ||
        (r = library_uuids(w, "materials", w->assets->material_count, material_uuid_of, &w->material_uuids, err)) !=
            TA_OK ||
        (r = library_uuids(w, "textures", w->assets->texture_count, texture_uuid_of, &w->texture_uuids, err)) != TA_OK)
        return r;
    for (uint32_t i = 0; i < scene->node_count; ++i)
        if (strcmp(w->node_uuids[i], w->scene_uuid) == 0)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "nodes %u: has the scene's uuid \"%s\"", i, w->scene_uuid);

    if (scene->node_count > 0) {
        w->primary = (ta__attach *)ta__calloc(&w->mem, scene->node_count, sizeof(ta__attach));
        w->is_bone = (bool *)ta__calloc(&w->mem, scene->node_count, sizeof(bool));
        if (w->primary == NULL || w->is_bone == NULL)
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory laying out the objects");
    }
    /* A node that is a bone must be a three.js Bone for its skeleton to find it. */
    for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i)
        for (uint32_t k = 0; k < scene->skinned_meshes[i].bone_count; ++k)
            w->is_bone[scene->skinned_meshes[i].bones[k].index] = true;
    const ta_camera_list *cams = w->cameras;
    w->mesh_owner = owner_array(w, scene->mesh_count, err, &r);
    w->skinned_owner = owner_array(w, scene->skinned_mesh_count, err, &r);
    w->light_owner = owner_array(w, scene->light_count, err, &r);
    w->perspective_owner = owner_array(w, cams->perspective_count, err, &r);
    w->orthographic_owner = owner_array(w, cams->orthographic_count, err, &r);
    for (uint32_t i = 0; i < scene->mesh_count && r == TA_OK; ++i)
        r = place(w, TA__ATTACH_MESH, i, scene->meshes[i].node, &w->mesh_owner[i], "scene.meshes", err);
    for (uint32_t i = 0; i < scene->skinned_mesh_count && r == TA_OK; ++i)
        r = place(w, TA__ATTACH_SKINNED_MESH, i, scene->skinned_meshes[i].node, &w->skinned_owner[i],
                  "scene.skinned_meshes", err);
    for (uint32_t i = 0; i < scene->light_count && r == TA_OK; ++i)
        r = place(w, TA__ATTACH_LIGHT, i, scene->lights[i].node, &w->light_owner[i], "scene.lights", err);
    for (uint32_t i = 0; i < cams->perspective_count && r == TA_OK; ++i)
        r = place(w, TA__ATTACH_PERSPECTIVE, i, cams->perspective[i].node, &w->perspective_owner[i],
                  "cameras.perspective", err);
    for (uint32_t i = 0; i < cams->orthographic_count && r == TA_OK; ++i)
        r = place(w, TA__ATTACH_ORTHOGRAPHIC, i, cams->orthographic[i].node, &w->orthographic_owner[i],
                  "cameras.orthographic", err);
    if (r != TA_OK) return r;
    if (scene->skinned_mesh_count > 0) {
        w->skeleton_uuids = (char **)ta__calloc(&w->mem, scene->skinned_mesh_count, sizeof(char *));
        if (w->skeleton_uuids == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for uuids");
        for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i) {
            /* Meshes bound to one skin share its skeleton, by the skin's uuid when it has one. */
            const ta_mesh *m = &scene->skinned_meshes[i];
            uint32_t first = ta__ojw_first_of_skin(scene, i);
            const ta_skin *skin = ta_scene_skin(scene, m->skin);
            if (first != i)
                w->skeleton_uuids[i] = ta__strdup(&w->mem, w->skeleton_uuids[first]);
            else if (skin != NULL && skin->uuid[0] != '\0')
                w->skeleton_uuids[i] = ta__strdup(&w->mem, skin->uuid);
            else
                w->skeleton_uuids[i] = ta__ojw_make_uuid(w, "skeleton", i);
            if (w->skeleton_uuids[i] == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
        }
    }
    uint32_t mesh_total = scene->mesh_count + scene->skinned_mesh_count;
    if (mesh_total > 0) {
        w->geometry_uuids = (char **)ta__calloc(&w->mem, mesh_total, sizeof(char *));
        if (w->geometry_uuids == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for uuids");
        for (uint32_t i = 0; i < mesh_total; ++i)
            if ((w->geometry_uuids[i] = ta__ojw_make_uuid(w, "geometry", i)) == NULL)
                return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
    }
    if (w->assets->texture_count > 0 && (w->image_uuid = ta__ojw_make_uuid(w, "image", 0)) == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
    return TA_OK;
}

static void free_strings(const ta__mem *mem, char **list, uint32_t count)
{
    if (list == NULL) return;
    for (uint32_t i = 0; i < count; ++i) ta__free_str(mem, list[i]);
    ta__free(mem, list, sizeof(char *) * count);
}

static void writer_free(ta__ojwriter *w)
{
    const ta__mem *mem = &w->mem;
    const ta_scene *scene = w->scene;
    ta__strmap_free(&w->taken);
    ta__free_str(mem, w->scene_uuid);
    free_strings(mem, w->node_uuids, scene->node_count);
    free_strings(mem, w->material_uuids, w->assets->material_count);
    free_strings(mem, w->texture_uuids, w->assets->texture_count);
    free_strings(mem, w->clip_uuids, w->clip_count);
    free_strings(mem, w->skeleton_uuids, scene->skinned_mesh_count);
    free_strings(mem, w->geometry_uuids, scene->mesh_count + scene->skinned_mesh_count);
    ta__free_str(mem, w->image_uuid);
    ta__free(mem, w->primary, sizeof(ta__attach) * scene->node_count);
    ta__free(mem, w->is_bone, sizeof(bool) * scene->node_count);
    for (uint32_t i = 0; i < w->extra_count; ++i) ta__free_str(mem, w->extras[i].uuid);
    ta__free(mem, w->extras, sizeof(ta__extra) * w->extra_capacity);
    ta__free(mem, w->mesh_owner, sizeof(uint32_t) * scene->mesh_count);
    ta__free(mem, w->skinned_owner, sizeof(uint32_t) * scene->skinned_mesh_count);
    ta__free(mem, w->light_owner, sizeof(uint32_t) * scene->light_count);
    ta__free(mem, w->perspective_owner, sizeof(uint32_t) * w->cameras->perspective_count);
    ta__free(mem, w->orthographic_owner, sizeof(uint32_t) * w->cameras->orthographic_count);
}

static ta_result build(ta__ojwriter *w, const ta_clip *const *clips, uint32_t clip_count, json_t **out, ta_error *err)
{
    ta_result r = layout(w, clips, clip_count, err);
    if (r != TA_OK) return r;
    json_t *doc = json_object(), *meta = json_object();
    bool ok = doc != NULL && meta != NULL && ta__jset(meta, "version", json_real(4.7)) &&
              ta__jset(meta, "type", json_string("Object")) &&
              ta__jset(meta, "generator", json_string("threeanim ta_object_json_write"));
    if (!ok || !ta__jset(doc, "metadata", meta)) {
        if (!ok) json_decref(meta);
        json_decref(doc);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the document");
    }
    json_t *geometries = NULL, *materials = NULL, *textures = NULL, *images = NULL, *skeletons = NULL,
           *animations = NULL, *clip_uuids = NULL, *object = NULL;
    if ((r = ta__ojw_geometries(w, &geometries, err)) == TA_OK && (r = ta__ojw_materials(w, &materials, err)) == TA_OK &&
        (r = ta__ojw_textures(w, &textures, &images, err)) == TA_OK &&
        (r = ta__ojw_skeletons(w, &skeletons, err)) == TA_OK &&
        (r = ta__ojw_clips(w, clips, clip_count, &animations, &clip_uuids, err)) == TA_OK)
        r = ta__ojw_scene_object(w, clip_uuids, &object, err);
    json_decref(clip_uuids);
    /* Object3D.toJSON's order of the libraries. */
    const struct {
        const char *key;
        json_t *value;
    } parts[] = {{"geometries", geometries}, {"materials", materials}, {"textures", textures}, {"images", images},
                 {"skeletons", skeletons}, {"animations", animations}, {"object", object}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; ++i) {
        if (parts[i].value == NULL) continue;
        if (r == TA_OK && !ta__jset(doc, parts[i].key, parts[i].value))
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the document");
        else if (r != TA_OK)
            json_decref(parts[i].value);
    }
    if (r != TA_OK) {
        json_decref(doc);
        return r;
    }
    *out = doc;
    return TA_OK;
}

ta_result ta_object_json_write(const ta_scene *scene, const ta_assets *assets, const ta_camera_list *cameras,
                            const ta_clip *const *animations, uint32_t animation_count,
                            const ta_object_json_options *options, char **out_text, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    if (out_text == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_text: is NULL");
    if (animation_count > 0 && animations == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "animations: is NULL with animation_count %u", animation_count);
    for (uint32_t i = 0; i < animation_count; ++i)
        if (animations[i] == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "animations[%u]: is NULL", i);
    int indent = options != NULL ? options->indent : 0;
    if (indent < 0 || indent > 31)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.indent: %d is not in [0, 31]", indent);
    /* Empty stand-ins, so that the rest reads the lists without asking. */
    ta_assets no_assets;
    ta_camera_list no_cameras;
    memset(&no_assets, 0, sizeof no_assets);
    memset(&no_cameras, 0, sizeof no_cameras);
    ta__ojwriter w;
    memset(&w, 0, sizeof w);
    ta_result r = ta__mem_init(&w.mem, options != NULL ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    w.scene = scene;
    w.assets = assets != NULL ? assets : &no_assets;
    w.cameras = cameras != NULL ? cameras : &no_cameras;
    ta__strmap_init(&w.taken, &w.mem);
    json_t *doc = NULL;
    r = build(&w, animations, animation_count, &doc, err);
    writer_free(&w);
    if (r != TA_OK) return r;
    r = ta__json_dump(doc, options != NULL ? options->allocator : NULL, indent, out_text, err);
    json_decref(doc);
    return r;
}

ta_result ta_object_json_write_file(const char *path, const ta_scene *scene, const ta_assets *assets,
                                    const ta_camera_list *cameras, const ta_clip *const *animations,
                                    uint32_t animation_count, const ta_object_json_options *options, ta_error *err)
{
    if (path == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "path: is NULL");
    char *text;
    ta_result r = ta_object_json_write(scene, assets, cameras, animations, animation_count, options, &text, err);
    if (r != TA_OK) return r;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        ta_json_destroy(text);
        return ta__fail(err, TA_ERROR_IO, "path: cannot open \"%s\" for writing", path);
    }
    size_t length = strlen(text);
    bool ok = fwrite(text, 1, length, f) == length && fputc('\n', f) != EOF;
    ok = (fclose(f) == 0) && ok;
    ta_json_destroy(text);
    if (!ok) return ta__fail(err, TA_ERROR_IO, "path: cannot write \"%s\"", path);
    return TA_OK;
}
