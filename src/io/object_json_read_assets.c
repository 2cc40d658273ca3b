/*
 * The libraries of an object JSON document, read as ObjectLoader reads them:
 * images (only their uuids matter here), textures, geometries (only their
 * morph attributes matter), materials (MaterialLoader and Material.fromJSON)
 * and skeletons (checked here, bound to bones after the object tree).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/object_json_internal.h"

/* The array member key of the document, or NULL; refuses another type. */
static ta_result library(const ta__ojreader *rd, const char *key, ta__jpath *path, const json_t **out, ta_error *err)
{
    return ta__jget_member(err, rd->doc, path->text, key, JSON_ARRAY, false, out);
}

/* Element i of a library must be an object with a uuid. */
static ta_result library_entry(const json_t *list, size_t i, ta__jpath *path, const json_t **out, const char **uuid,
                               ta_error *err)
{
    const json_t *e = json_array_get(list, i);
    if (!json_is_object(e)) return ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(e));
    *out = e;
    return ta__jget_string(err, e, path->text, "uuid", true, uuid);
}

static ta_result out_of_memory(ta__jpath *path, ta_error *err)
{
    return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory");
}

ta_result ta__ojr_images(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = library(rd, "images", path, &list, err);
    if (r != TA_OK || list == NULL) return r;
    size_t mark = ta__jpath_key(path, "images");
    for (size_t i = 0; i < json_array_size(list) && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        const json_t *e = NULL;
        const char *uuid;
        r = library_entry(list, i, path, &e, &uuid, err);
        if (r == TA_OK && !ta__strmap_set(&rd->images, uuid, (uint32_t)i)) r = out_of_memory(path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

ta_result ta__ojr_textures(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = library(rd, "textures", path, &list, err);
    if (r != TA_OK || list == NULL) return r;
    size_t mark = ta__jpath_key(path, "textures");
    for (size_t i = 0; i < json_array_size(list) && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        const json_t *e = NULL;
        const char *uuid, *name = NULL, *image = NULL;
        ta_texture t = ta_texture_defaults();
        float v2[2];
        bool has;
        r = library_entry(list, i, path, &e, &uuid, err);
        if (r == TA_OK) r = ta__jget_string(err, e, path->text, "name", false, &name);
        /* ObjectLoader reads images[data.image].data, which fails without one. */
        if (r == TA_OK) r = ta__jget_string(err, e, path->text, "image", true, &image);
        if (r == TA_OK && !ta__strmap_get(&rd->images, image, NULL)) {
            size_t m2 = ta__jpath_key(path, "image");
            r = ta__jfail(err, TA_ERROR_MISSING_TARGET, path->text, "\"%s\" is the uuid of no image of the document",
                          image);
            ta__jpath_pop(path, m2);
        }
        if (r == TA_OK && (r = ta__jget_floats(err, e, path->text, "offset", 2, false, v2, &has)) == TA_OK && has)
            t.offset = ta_vec2_make(v2[0], v2[1]);
        if (r == TA_OK && (r = ta__jget_floats(err, e, path->text, "repeat", 2, false, v2, &has)) == TA_OK && has)
            t.repeat = ta_vec2_make(v2[0], v2[1]);
        if (r == TA_OK && (r = ta__jget_floats(err, e, path->text, "center", 2, false, v2, &has)) == TA_OK && has)
            t.center = ta_vec2_make(v2[0], v2[1]);
        if (r == TA_OK) r = ta__jget_float(err, e, path->text, "rotation", false, &t.rotation, NULL);
        ta_texture_id id;
        if (r == TA_OK && (r = ta_assets_add_texture(rd->model->assets, &t, name, uuid, &id, err)) != TA_OK)
            r = ta__prefix(err, r, "%s", ta__jpath_str(path));
        /* textures[data.uuid] = texture: the last of a uuid wins. */
        if (r == TA_OK && !ta__strmap_set(&rd->textures, uuid, id.index)) r = out_of_memory(path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

ta_result ta__ojr_geometries(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = library(rd, "geometries", path, &list, err);
    if (r != TA_OK || list == NULL) return r;
    size_t n = json_array_size(list);
    size_t mark = ta__jpath_key(path, "geometries");
    if (n > 0) {
        rd->geometry_infos = (ta__geometry_info *)ta__calloc(rd->mem, n, sizeof(ta__geometry_info));
        if (rd->geometry_infos == NULL) r = out_of_memory(path, err);
        else rd->geometry_count = (uint32_t)n;
    }
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        const json_t *e = NULL, *data = NULL, *morph = NULL;
        const char *uuid;
        r = library_entry(list, i, path, &e, &uuid, err);
        if (r == TA_OK) r = ta__jget_member(err, e, path->text, "data", JSON_OBJECT, false, &data);
        if (r == TA_OK && data != NULL) {
            size_t m2 = ta__jpath_key(path, "data");
            r = ta__jget_member(err, data, path->text, "morphAttributes", JSON_OBJECT, false, &morph);
            /* Mesh.updateMorphTargets counts the first morph attribute. */
            const char *first_key = NULL;
            const json_t *first = NULL;
            if (r == TA_OK && morph != NULL && json_object_size(morph) > 0) {
                void *it = json_object_iter((json_t *)morph);
                first_key = json_object_iter_key(it);
                first = json_object_iter_value(it);
                size_t m3 = ta__jpath_key(path, "morphAttributes");
                if (!json_is_array(first)) {
                    size_t m4 = ta__jpath_key(path, first_key);
                    r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an array", ta__jtype(first));
                    ta__jpath_pop(path, m4);
                } else {
                    rd->geometry_infos[i].morph_count = (uint32_t)json_array_size(first);
                    rd->geometry_infos[i].morph_list = first;
                    for (size_t k = 0; k < json_array_size(first) && r == TA_OK; ++k) {
                        const json_t *attr = json_array_get(first, k);
                        size_t m4 = ta__jpath_key(path, first_key);
                        ta__jpath_index(path, k);
                        const char *attr_name;
                        if (!json_is_object(attr))
                            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(attr));
                        else
                            r = ta__jget_string(err, attr, path->text, "name", false, &attr_name);
                        ta__jpath_pop(path, m4);
                    }
                }
                ta__jpath_pop(path, m3);
            }
            ta__jpath_pop(path, m2);
        }
        if (r == TA_OK && !ta__strmap_set(&rd->geometries, uuid, (uint32_t)i)) r = out_of_memory(path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

/* ---- materials --------------------------------------------------------------------- */

typedef struct number_field {
    const char *key;
    ta__prop prop;
    size_t offset; /* of the float in ta_material */
} number_field;

#define FIELD(key, prop, member) {key, prop, offsetof(ta_material, member)}

static const number_field number_fields[] = {
    FIELD("roughness", TA__P_ROUGHNESS, roughness),
    FIELD("metalness", TA__P_METALNESS, metalness),
    FIELD("emissiveIntensity", TA__P_EMISSIVE_INTENSITY, emissive_intensity),
    FIELD("specularIntensity", TA__P_SPECULAR_INTENSITY, specular_intensity),
    FIELD("shininess", TA__P_SHININESS, shininess),
    FIELD("clearcoat", TA__P_CLEARCOAT, clearcoat),
    FIELD("clearcoatRoughness", TA__P_CLEARCOAT_ROUGHNESS, clearcoat_roughness),
    FIELD("opacity", TA__P_OPACITY, opacity),
    FIELD("alphaTest", TA__P_ALPHA_TEST, alpha_test),
    FIELD("envMapIntensity", TA__P_ENV_MAP_INTENSITY, env_map_intensity),
    FIELD("reflectivity", TA__P_REFLECTIVITY, reflectivity),
};

#undef FIELD

/* The kind of a material type, and the has-set of its class. */
static bool material_kind(const char *type, ta_material_kind *kind, uint64_t *has)
{
    for (int k = 0; k < TA_MATERIAL_KIND_COUNT; ++k)
        if (type != NULL && strcmp(type, ta_material_kind_name((ta_material_kind)k)) == 0) {
            *kind = (ta_material_kind)k;
            *has = ta__has_material(*kind);
            return true;
        }
    if (type != NULL && strcmp(type, "LineDashedMaterial") == 0) {
        /* A LineBasicMaterial with dashes: the same animated fields. */
        *kind = TA_MATERIAL_KIND_LINE_BASIC;
        *has = ta__has_material(*kind);
        return true;
    }
    *kind = TA_MATERIAL_KIND_BASIC;
    *has = ta__has_material(TA_MATERIAL_KIND_COUNT);
    return false;
}

static ta_result read_material(ta__ojreader *rd, const json_t *e, const char *uuid, ta__jpath *path, ta_error *err)
{
    const char *type = NULL, *name = NULL, *map = NULL;
    ta_result r;
    if ((r = ta__jget_string(err, e, path->text, "type", false, &type)) != TA_OK) return r;
    if ((r = ta__jget_string(err, e, path->text, "name", false, &name)) != TA_OK) return r;
    ta_material_kind kind;
    uint64_t has;
    if (!material_kind(type, &kind, &has)) {
        char where[sizeof path->text];
        snprintf(where, sizeof where, "%s", ta__jpath_str(path));
        ta__ojr_warn(rd, "%s: a %s is read as a MeshBasicMaterial with the fields of Material", where,
                       type != NULL ? type : "material without a type");
    }
    ta_material m = ta_material_defaults(kind);
    bool present;
    /* Material.fromJSON sets a color only on a class that has it. */
    if ((has & TA__HAS(TA__P_COLOR)) && (r = ta__ojr_hex_color(e, "color", path, m.color, NULL, err)) != TA_OK)
        return r;
    if ((has & TA__HAS(TA__P_EMISSIVE)) && (r = ta__ojr_hex_color(e, "emissive", path, m.emissive, NULL, err)) != TA_OK)
        return r;
    if ((has & TA__HAS(TA__P_SPECULAR)) && (r = ta__ojr_hex_color(e, "specular", path, m.specular, NULL, err)) != TA_OK)
        return r;
    /* It sets the numbers on any class, which then has them. */
    for (size_t i = 0; i < sizeof number_fields / sizeof number_fields[0]; ++i) {
        float *slot = (float *)((char *)&m + number_fields[i].offset);
        if ((r = ta__jget_float(err, e, path->text, number_fields[i].key, false, slot, &present)) != TA_OK) return r;
        if (present) has |= TA__HAS(number_fields[i].prop);
    }
    if (kind == TA_MATERIAL_KIND_PHYSICAL && (has & TA__HAS(TA__P_REFLECTIVITY)) && json_object_get(e, "reflectivity")) {
        /* MeshPhysicalMaterial's reflectivity setter sets ior; 2.333 is ior's top. */
        double reflect = m.reflectivity;
        double ior = (1 + 0.4 * reflect) / (1 - 0.4 * reflect);
        m.ior = (float)(ior > 2.333 || !(ior > 0) ? 2.333 : ior);
    }
    if ((r = ta__jget_bool(err, e, path->text, "transparent", m.transparent, &m.transparent, &present)) != TA_OK)
        return r;
    if ((r = ta__jget_bool(err, e, path->text, "wireframe", m.wireframe, &m.wireframe, &present)) != TA_OK) return r;
    if (present) has |= TA__HAS(TA__P_WIREFRAME);
    if ((r = ta__jget_string(err, e, path->text, "map", false, &map)) != TA_OK) return r;
    if (map != NULL) {
        uint32_t t;
        if (!ta__strmap_get(&rd->textures, map, &t)) {
            size_t m2 = ta__jpath_key(path, "map");
            r = ta__jfail(err, TA_ERROR_MISSING_TARGET, path->text, "\"%s\" is the uuid of no texture of the document",
                          map);
            ta__jpath_pop(path, m2);
            return r;
        }
        m.map = ta_texture_at(t);
    }
    ta_material_id id;
    if ((r = ta_assets_add_material(rd->model->assets, &m, name, uuid, &id, err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    if ((r = ta__reserve(rd->mem, (void **)&rd->material_has, &rd->material_has_capacity, id.index + 1,
                         sizeof(uint64_t), err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    rd->material_has[id.index] = has;
    /* parseMaterials keeps the first material of a uuid. */
    if (!ta__strmap_add(&rd->materials, uuid, id.index)) return out_of_memory(path, err);
    return TA_OK;
}

ta_result ta__ojr_materials(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = library(rd, "materials", path, &list, err);
    if (r != TA_OK || list == NULL) return r;
    size_t mark = ta__jpath_key(path, "materials");
    for (size_t i = 0; i < json_array_size(list) && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        const json_t *e = NULL;
        const char *uuid;
        r = library_entry(list, i, path, &e, &uuid, err);
        /* A second material of one uuid is the first one's, as in parseMaterials. */
        if (r == TA_OK && !ta__strmap_get(&rd->materials, uuid, NULL)) r = read_material(rd, e, uuid, path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

ta_result ta__ojr_skeletons_index(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = library(rd, "skeletons", path, &list, err);
    if (r != TA_OK || list == NULL) return r;
    size_t mark = ta__jpath_key(path, "skeletons");
    for (size_t i = 0; i < json_array_size(list) && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        const json_t *e = NULL, *bones = NULL;
        const char *uuid;
        r = library_entry(list, i, path, &e, &uuid, err);
        if (r == TA_OK) r = ta__jget_member(err, e, path->text, "bones", JSON_ARRAY, true, &bones);
        for (size_t k = 0; r == TA_OK && k < json_array_size(bones); ++k)
            if (!json_is_string(json_array_get(bones, k))) {
                size_t m2 = ta__jpath_key(path, "bones");
                ta__jpath_index(path, k);
                r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not a string",
                              ta__jtype(json_array_get(bones, k)));
                ta__jpath_pop(path, m2);
            }
        /* Skeleton.fromJSON reads boneInverses[i] for every bone: fewer would
         * read past the end. */
        const json_t *inverses = NULL;
        if (r == TA_OK) r = ta__jget_member(err, e, path->text, "boneInverses", JSON_ARRAY, true, &inverses);
        if (r == TA_OK && json_array_size(inverses) < json_array_size(bones)) {
            size_t m2 = ta__jpath_key(path, "boneInverses");
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "holds %zu matrices, fewer than the skeleton's %zu bones",
                          json_array_size(inverses), json_array_size(bones));
            ta__jpath_pop(path, m2);
        }
        for (size_t k = 0; r == TA_OK && k < json_array_size(bones); ++k) {
            size_t m2 = ta__jpath_key(path, "boneInverses");
            ta__jpath_index(path, k);
            const json_t *mat = json_array_get(inverses, k);
            if (!json_is_array(mat) || json_array_size(mat) != 16)
                r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is not an array of 16 numbers");
            for (size_t q = 0; r == TA_OK && q < 16; ++q) {
                size_t m3 = ta__jpath_index(path, q);
                float f;
                r = ta__jvalue_float(err, json_array_get(mat, q), path->text, &f);
                ta__jpath_pop(path, m3);
            }
            ta__jpath_pop(path, m2);
        }
        /* skeletons[skeleton.uuid] = skeleton: the last of a uuid wins. */
        if (r == TA_OK && !ta__strmap_set(&rd->skeletons, uuid, (uint32_t)i)) r = out_of_memory(path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}
