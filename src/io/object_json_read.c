/*
 * ta_object_json_read: ObjectLoader.parse into a ta_model. This file reads
 * the document's header and its clips, binding each where it is listed; the
 * libraries and the object tree are in object_json_read_assets.c and
 * object_json_read_objects.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/object_json_internal.h"

static ta_result check_metadata(const json_t *doc, ta__jpath *path, ta_error *err)
{
    const json_t *meta;
    ta_result r = ta__jget_member(err, doc, path->text, "metadata", JSON_OBJECT, true, &meta);
    if (r != TA_OK) return r;
    size_t mark = ta__jpath_key(path, "metadata");
    double version = 0;
    const char *type = NULL;
    if ((r = ta__jget_number(err, meta, path->text, "version", true, 0, &version, NULL)) == TA_OK &&
        (r = ta__jget_string(err, meta, path->text, "type", false, &type)) == TA_OK) {
        if (!(version >= 4 && version < 5)) {
            size_t m = ta__jpath_key(path, "version");
            r = ta__jfail(err, TA_ERROR_UNSUPPORTED, path->text, "%g is not a version 4.x object document", version);
            ta__jpath_pop(path, m);
        } else if (type != NULL && strcmp(type, "Object") != 0) {
            size_t m = ta__jpath_key(path, "type");
            r = ta__jfail(err, TA_ERROR_UNSUPPORTED, path->text, "\"%s\" is not an object document (\"Object\")", type);
            ta__jpath_pop(path, m);
        }
    }
    ta__jpath_pop(path, mark);
    return r;
}

/* The uuid of each clip of the document, the last of a uuid winning
 * (parseAnimations: animations[clip.uuid] = clip). */
static ta_result index_clips(ta__ojreader *rd, ta__jpath *path, const json_t **out_list, ta_error *err)
{
    const json_t *list;
    ta_result r = ta__jget_member(err, rd->doc, path->text, "animations", JSON_ARRAY, false, &list);
    *out_list = list;
    if (r != TA_OK || list == NULL) return r;
    size_t n = json_array_size(list);
    size_t mark = ta__jpath_key(path, "animations");
    if (n > rd->budget.limits.max_clips)
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text, "%zu clips pass the limit of %u (limits.max_clips)", n,
                      rd->budget.limits.max_clips);
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        const json_t *clip = json_array_get(list, i);
        size_t m = ta__jpath_index(path, i);
        const char *uuid = NULL;
        if (!json_is_object(clip))
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(clip));
        else
            r = ta__jget_string(err, clip, path->text, "uuid", false, &uuid);
        if (r == TA_OK && uuid != NULL && !ta__strmap_set(&rd->clips, uuid, (uint32_t)i))
            r = ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory");
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

typedef struct bind_context {
    ta__binder binder;
} bind_context;

static ta_result resolve_in_model(void *user, const char *track_name, const ta_track_name *parsed,
                                  ta_track_binding *out, ta_error *err)
{
    const bind_context *bc = (const bind_context *)user;
    return ta__bind_track(&bc->binder, track_name, parsed, out, err);
}

static void warn_in_model(void *user, const char *message)
{
    ta__ojr_warn((ta__ojreader *)user, "%s", message);
}

/* Reads clip i of the document bound at root, and adds it to the model unless
 * every track was left out. */
static ta_result read_clip_at(ta__ojreader *rd, const json_t *list, uint32_t i, ta_node_id root, ta_error *err)
{
    ta_model *model = rd->model;
    bind_context bc;
    memset(&bc, 0, sizeof bc);
    bc.binder.scene = model->scene;
    bc.binder.assets = model->assets;
    bc.binder.cameras = model->cameras;
    bc.binder.root = root;
    bc.binder.meshes = rd->mesh_views;
    bc.binder.skinned = rd->skinned_views;
    bc.binder.material_has = rd->material_has;
    ta__clip_reader reader = {rd->mem, resolve_in_model, &bc, warn_in_model, rd, &rd->budget};
    ta__jpath path;
    ta__jpath_init(&path, NULL);
    ta__jpath_key(&path, "animations");
    ta__jpath_index(&path, i);
    ta_clip *clip = NULL;
    ta_result r = ta__clip_from_json(json_array_get(list, i), &path, &reader, &clip, err);
    if (r != TA_OK) return r;
    if (clip == NULL) {
        const char *name = json_string_value(json_object_get(json_array_get(list, i), "name"));
        ta__ojr_warn(rd, "%s: the clip \"%s\" is left out: none of its tracks binds", ta__jpath_str(&path),
                       name != NULL ? name : "");
        return TA_OK;
    }
    return ta__model_push_clip(model, clip, root, err);
}

static ta_result read_clips(ta__ojreader *rd, const json_t *list, ta_error *err)
{
    uint32_t n = (uint32_t)json_array_size(list);
    ta_node_id document_root = rd->root_is_scene ? ta_node_none() : ta_node_at(0);
    ta_result r = TA_OK;
    /* First each clip at the first object that lists it, in the document's order. */
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        ta_node_id root = ta_node_none();
        bool listed = false;
        for (uint32_t h = 0; h < rd->holder_count && !listed; ++h)
            if (rd->holders[h].clip == i) {
                root = rd->holders[h].node;
                listed = true;
            }
        if (!listed) {
            const char *name = json_string_value(json_object_get(json_array_get(list, i), "name"));
            ta__ojr_warn(rd, "animations[%u]: no object lists the clip \"%s\"; it is bound at the root", i,
                           name != NULL ? name : "");
            root = document_root;
        }
        r = read_clip_at(rd, list, i, root, err);
    }
    /* Then a copy of a clip at each further object that lists it. */
    for (uint32_t h = 0; h < rd->holder_count && r == TA_OK; ++h) {
        bool first = true;
        for (uint32_t k = 0; k < h && first; ++k)
            if (rd->holders[k].clip == rd->holders[h].clip) first = false;
        if (!first) r = read_clip_at(rd, list, rd->holders[h].clip, rd->holders[h].node, err);
    }
    return r;
}

static void reader_free(ta__ojreader *rd)
{
    const ta__mem *mem = rd->mem;
    ta__strmap_free(&rd->images);
    ta__strmap_free(&rd->textures);
    ta__strmap_free(&rd->geometries);
    ta__strmap_free(&rd->materials);
    ta__strmap_free(&rd->skeletons);
    ta__strmap_free(&rd->clips);
    ta__free(mem, rd->geometry_infos, sizeof(ta__geometry_info) * rd->geometry_count);
    ta__free(mem, rd->material_has, sizeof(uint64_t) * rd->material_has_capacity);
    ta__free(mem, rd->node_json_index, sizeof(uint32_t) * rd->node_json_capacity);
    for (uint32_t i = 0; i < rd->mesh_view_count; ++i) ta__mesh_view_free(mem, &rd->mesh_views[i]);
    for (uint32_t i = 0; i < rd->skinned_view_count; ++i) ta__mesh_view_free(mem, &rd->skinned_views[i]);
    ta__free(mem, rd->mesh_views, sizeof(ta__mesh_view) * rd->mesh_view_capacity);
    ta__free(mem, rd->skinned_views, sizeof(ta__mesh_view) * rd->skinned_view_capacity);
    for (uint32_t i = 0; i < rd->skin_count; ++i) {
        ta__free(mem, rd->skins[i].materials, sizeof(ta_material_id) * rd->skins[i].desc.material_count);
        ta__free(mem, rd->skins[i].influences, sizeof(float) * rd->skins[i].desc.morph_count);
        ta__free(mem, (void *)rd->skins[i].names, sizeof(char *) * rd->skins[i].desc.morph_count);
        ta__mesh_view_free(mem, &rd->skins[i].view);
    }
    ta__free(mem, rd->skins, sizeof(ta__pending_skin) * rd->skin_capacity);
    ta__free(mem, rd->holders, sizeof(ta__holder) * rd->holder_capacity);
}

ta_result ta_object_json_read(const char *text, size_t length, const ta_load_options *options, ta_model **out_model,
                              ta_error *err)
{
    if (out_model == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_model: is NULL");
    if (text == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "text: is NULL");
    ta__ojreader rd;
    memset(&rd, 0, sizeof rd);
    rd.budget.limits = ta__limits_resolve(options != NULL ? &options->limits : NULL);
    _Static_assert(TA_MAX_MORPH_TARGETS <= 1000, "index_names holds three digits");
    for (int i = 0; i < TA_MAX_MORPH_TARGETS; ++i) snprintf(rd.index_names[i], sizeof rd.index_names[i], "%u", (unsigned)i % 1000u); /* % tells GCC the width */
    json_t *doc;
    ta_result r = ta__json_parse(text, length, &rd.budget.limits, &doc, err);
    if (r != TA_OK) return r;
    ta_model *model;
    if ((r = ta__model_create(options != NULL ? options->allocator : NULL, &model, err)) != TA_OK) {
        json_decref(doc);
        return r;
    }
    rd.model = model;
    rd.mem = ta__model_mem(model);
    rd.doc = doc;
    ta__strmap_init(&rd.images, rd.mem);
    ta__strmap_init(&rd.textures, rd.mem);
    ta__strmap_init(&rd.geometries, rd.mem);
    ta__strmap_init(&rd.materials, rd.mem);
    ta__strmap_init(&rd.skeletons, rd.mem);
    ta__strmap_init(&rd.clips, rd.mem);
    ta__jpath path;
    ta__jpath_init(&path, NULL);
    const json_t *clips = NULL;
    /* ObjectLoader's order: animations, geometries, images, textures,
     * materials, the objects, then the skeletons. */
    if ((r = check_metadata(doc, &path, err)) == TA_OK && (r = index_clips(&rd, &path, &clips, err)) == TA_OK &&
        (r = ta__ojr_geometries(&rd, &path, err)) == TA_OK && (r = ta__ojr_images(&rd, &path, err)) == TA_OK &&
        (r = ta__ojr_textures(&rd, &path, err)) == TA_OK && (r = ta__ojr_materials(&rd, &path, err)) == TA_OK &&
        (r = ta__ojr_skeletons_index(&rd, &path, err)) == TA_OK && (r = ta__ojr_objects(&rd, &path, err)) == TA_OK &&
        (r = ta__ojr_skins(&rd, err)) == TA_OK && clips != NULL)
        r = read_clips(&rd, clips, err);
    if (r == TA_OK && rd.warnings > TA__OJR_WARNING_LIMIT)
        ta__model_warn(model, "... and %u more warnings like these", rd.warnings - TA__OJR_WARNING_LIMIT);
    if (r == TA_OK && options != NULL && options->strict && model->warning_count > 0)
        r = ta__fail(err, TA_ERROR_UNSUPPORTED, "options->strict: %s (%u warning%s in all)", model->warnings[0],
                     rd.warnings, rd.warnings == 1 ? "" : "s");
    reader_free(&rd);
    json_decref(doc);
    if (r != TA_OK) {
        ta_model_destroy(model);
        return r;
    }
    *out_model = model;
    return TA_OK;
}

ta_result ta_object_json_read_file(const char *path, const ta_load_options *options, ta_model **out_model,
                                   ta_error *err)
{
    ta_load_limits limits = ta__limits_resolve(options != NULL ? &options->limits : NULL);
    char *text;
    size_t length;
    ta_result r = ta__read_file(path, limits.max_file_bytes, &text, &length, err);
    if (r != TA_OK) return r;
    r = ta_object_json_read(text, length, options, out_model, err);
    free(text);
    return r;
}
