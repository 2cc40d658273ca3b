/*
 * The meshes of an object JSON document: their materials (one uuid or an
 * array, as ObjectLoader.getMaterial reads them) and morph targets
 * (morphTargetInfluences and morphTargetDictionary, else the first morph
 * attribute of the geometry, as Mesh.updateMorphTargets counts and names
 * them). A skinned mesh waits for its bones (object_json_read_objects.c).
 */
#include <string.h>

#include "io/object_json_internal.h"

static ta_result oom(const ta__jpath *path, ta_error *err)
{
    return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory");
}

/* The materials of a mesh: one uuid, or an array of them. */
static ta_result read_mesh_materials(ta__ojreader *rd, const json_t *obj, ta__jpath *path, ta_material_id **out,
                                     uint32_t *out_count, bool *is_array, ta_error *err)
{
    const json_t *mat = json_object_get(obj, "material");
    *out = NULL;
    *out_count = 0;
    *is_array = false;
    if (mat == NULL) return TA_OK;
    size_t mark = ta__jpath_key(path, "material");
    ta_result r = TA_OK;
    size_t n = 1;
    if (json_is_array(mat)) {
        *is_array = true;
        n = json_array_size(mat);
    } else if (!json_is_string(mat)) {
        r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a uuid or an array of uuids", ta__jtype(mat));
    }
    if (r == TA_OK && n > 0) {
        *out = (ta_material_id *)ta__calloc(rd->mem, n, sizeof(ta_material_id));
        if (*out == NULL) r = oom(path, err);
    }
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        const json_t *u = *is_array ? json_array_get(mat, i) : mat;
        size_t m = *is_array ? ta__jpath_index(path, i) : path->length;
        uint32_t id;
        if (!json_is_string(u))
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a uuid", ta__jtype(u));
        else if (!ta__strmap_get(&rd->materials, json_string_value(u), &id))
            r = ta__jfail(err, TA_ERROR_MISSING_TARGET, path->text, "\"%s\" is the uuid of no material of the document",
                          json_string_value(u));
        else
            (*out)[i] = ta_material_at(id);
        ta__jpath_pop(path, m);
    }
    if (r == TA_OK) {
        *out_count = (uint32_t)n;
    } else {
        ta__free(rd->mem, *out, sizeof(ta_material_id) * n);
        *out = NULL;
    }
    ta__jpath_pop(path, mark);
    return r;
}

/* Morph targets: morphTargetInfluences and morphTargetDictionary, else the
 * first morph attribute of the geometry as Mesh.updateMorphTargets counts it.
 * desc->morph_influences and desc->morph_names are allocated (freed by the
 * caller, desc->morph_count of each); the names live in the document. */
static ta_result read_mesh_morphs(ta__ojreader *rd, const json_t *obj, ta__jpath *path, ta_mesh_desc *desc,
                                  ta__mesh_view *view, ta_error *err)
{
    const char *geometry_uuid;
    const ta__geometry_info *geometry = NULL;
    ta_result r = ta__jget_string(err, obj, path->text, "geometry", false, &geometry_uuid);
    if (r != TA_OK) return r;
    if (geometry_uuid != NULL) {
        uint32_t g;
        if (!ta__strmap_get(&rd->geometries, geometry_uuid, &g)) {
            size_t m = ta__jpath_key(path, "geometry");
            r = ta__jfail(err, TA_ERROR_MISSING_TARGET, path->text, "\"%s\" is the uuid of no geometry of the document",
                          geometry_uuid);
            ta__jpath_pop(path, m);
            return r;
        }
        geometry = &rd->geometry_infos[g];
    }
    const json_t *infl, *dict;
    if ((r = ta__jget_member(err, obj, path->text, "morphTargetInfluences", JSON_ARRAY, false, &infl)) != TA_OK)
        return r;
    if ((r = ta__jget_member(err, obj, path->text, "morphTargetDictionary", JSON_OBJECT, false, &dict)) != TA_OK)
        return r;
    size_t count = infl != NULL ? json_array_size(infl) : geometry != NULL ? geometry->morph_count : 0;
    /* The geometry's morph attributes name the targets when the object has no
     * dictionary: they are counted too. */
    size_t geometry_count = geometry != NULL ? geometry->morph_count : 0;
    const char *too_many = count > TA_MAX_MORPH_TARGETS ? (infl != NULL ? "morphTargetInfluences" : "geometry")
                           : geometry_count > TA_MAX_MORPH_TARGETS ? "geometry"
                                                                   : NULL;
    if (too_many != NULL) {
        size_t m = ta__jpath_key(path, too_many);
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text,
                      "%zu morph targets, past the %d a mesh of three.js JSON may have (TA_MAX_MORPH_TARGETS)",
                      count > geometry_count ? count : geometry_count, TA_MAX_MORPH_TARGETS);
        ta__jpath_pop(path, m);
        return r;
    }
    size_t mark = ta__jpath_key(path, infl != NULL ? "morphTargetInfluences" : "geometry");
    float *influences = NULL;
    char **names = NULL;
    if (count > 0) {
        influences = (float *)ta__calloc(rd->mem, count, sizeof(float));
        names = (char **)ta__calloc(rd->mem, count, sizeof(char *));
        if (influences == NULL || names == NULL) {
            ta__free(rd->mem, influences, sizeof(float) * count);
            ta__free(rd->mem, (void *)names, sizeof(char *) * count);
            ta__jpath_pop(path, mark);
            return oom(path, err);
        }
    }
    desc->morph_count = (uint32_t)count;
    desc->morph_influences = influences;
    desc->morph_names = (const char *const *)names;
    for (size_t i = 0; i < count && r == TA_OK; ++i) {
        influences[i] = 0;
        if (infl != NULL) {
            size_t m = ta__jpath_index(path, i);
            r = ta__jvalue_float(err, json_array_get(infl, i), path->text, &influences[i]);
            ta__jpath_pop(path, m);
        }
    }
    ta__jpath_pop(path, mark);
    if (r != TA_OK) return r;

    /* The dictionary: the document's, else the geometry's names (or indices). */
    size_t dn = dict != NULL ? json_object_size(dict) : geometry_count;
    if (dn > 0) {
        view->dict_names = (const char **)ta__calloc(rd->mem, dn, sizeof(char *));
        view->dict_values = (double *)ta__calloc(rd->mem, dn, sizeof(double));
        if (view->dict_names == NULL || view->dict_values == NULL) {
            ta__free(rd->mem, (void *)view->dict_names, sizeof(char *) * dn);
            ta__free(rd->mem, view->dict_values, sizeof(double) * dn);
            view->dict_names = NULL;
            view->dict_values = NULL;
            return oom(path, err);
        }
    }
    if (dict != NULL) {
        size_t m = ta__jpath_key(path, "morphTargetDictionary");
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)dict, key, value)
        {
            if (!json_is_number(value)) {
                size_t m2 = ta__jpath_key(path, key);
                r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a morph target index", ta__jtype(value));
                ta__jpath_pop(path, m2);
                break;
            }
            view->dict_names[view->dict_count] = key;
            view->dict_values[view->dict_count++] = json_number_value(value);
        }
        ta__jpath_pop(path, m);
        if (r != TA_OK) {
            ta__free(rd->mem, (void *)view->dict_names, sizeof(char *) * dn);
            ta__free(rd->mem, view->dict_values, sizeof(double) * dn);
            memset(view, 0, sizeof *view);
            return r;
        }
    } else {
        for (uint32_t i = 0; i < dn; ++i) {
            const json_t *attr = json_array_get(geometry->morph_list, i);
            const char *attr_name = json_string_value(json_object_get(attr, "name"));
            /* morphAttribute[m].name || String(m). */
            view->dict_names[view->dict_count] = attr_name != NULL && attr_name[0] ? attr_name : rd->index_names[i];
            view->dict_values[view->dict_count++] = i;
        }
    }
    /* A morph target's name is the first dictionary key that names it. */
    for (uint32_t i = 0; i < count; ++i) {
        names[i] = (char *)"";
        for (uint32_t k = 0; k < view->dict_count; ++k)
            if (view->dict_values[k] == i) {
                names[i] = (char *)view->dict_names[k];
                break;
            }
    }
    return TA_OK;
}

ta_result ta__ojr_push_view(ta__ojreader *rd, bool skinned, const ta__mesh_view *view, ta_error *err)
{
    ta__mesh_view **list = skinned ? &rd->skinned_views : &rd->mesh_views;
    uint32_t *cap = skinned ? &rd->skinned_view_capacity : &rd->mesh_view_capacity;
    uint32_t *count = skinned ? &rd->skinned_view_count : &rd->mesh_view_count;
    ta_result r = ta__reserve(rd->mem, (void **)list, cap, *count + 1, sizeof(ta__mesh_view), err);
    if (r != TA_OK) return r;
    (*list)[(*count)++] = *view;
    return TA_OK;
}

ta_result ta__ojr_mesh(ta__ojreader *rd, const json_t *obj, ta_node_id node, bool skinned, ta__jpath *path,
                        ta_error *err)
{
    ta_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.node = node;
    ta__mesh_view view;
    memset(&view, 0, sizeof view);
    ta_material_id *materials = NULL;
    uint32_t material_count = 0;
    ta_result r = read_mesh_materials(rd, obj, path, &materials, &material_count, &view.material_array, err);
    if (r == TA_OK) r = read_mesh_morphs(rd, obj, path, &desc, &view, err);
    desc.materials = materials;
    desc.material_count = material_count;
    if (r == TA_OK && skinned) {
        const char *skeleton;
        r = ta__jget_string(err, obj, path->text, "skeleton", false, &skeleton);
        if (r == TA_OK)
            r = ta__reserve(rd->mem, (void **)&rd->skins, &rd->skin_capacity, rd->skin_count + 1,
                            sizeof(ta__pending_skin), err);
        if (r == TA_OK) {
            /* Bound to its bones once every Bone of the document is read. */
            ta__pending_skin *p = &rd->skins[rd->skin_count++];
            memset(p, 0, sizeof *p);
            p->node = node;
            p->json = obj;
            p->desc = desc;
            p->view = view;
            p->materials = materials;
            p->influences = (float *)desc.morph_influences;
            p->names = (char **)desc.morph_names;
            return TA_OK;
        }
    }
    if (r == TA_OK) {
        ta_mesh_id index;
        r = ta_scene_add_mesh(rd->model->scene, &desc, &index, err);
        if (r != TA_OK)
            r = ta__prefix(err, r, "%s", ta__jpath_str(path));
        else if ((r = ta__ojr_push_view(rd, false, &view, err)) == TA_OK) memset(&view, 0, sizeof view);
    }
    ta__free(rd->mem, materials, sizeof(ta_material_id) * material_count);
    ta__free(rd->mem, (void *)desc.morph_influences, sizeof(float) * desc.morph_count);
    ta__free(rd->mem, (void *)desc.morph_names, sizeof(char *) * desc.morph_count);
    ta__mesh_view_free(rd->mem, &view);
    return r;
}

