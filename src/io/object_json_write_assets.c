/*
 * The libraries of a written document: materials (Material.toJSON's fields
 * for what a track drives), textures with one image each can share (an empty
 * one: ObjectLoader then makes a Texture without data, which Node can load),
 * and a skeleton per skin (Skeleton.toJSON with the skin's inverse bind
 * matrices; for a skinned mesh with bones but no skin, one of its own with the
 * inverses of the bones' world matrices, as Skeleton.calculateInverses makes
 * them).
 */
#include <math.h>
#include <string.h>

#include "core/math_internal.h"
#include "io/object_json_write_internal.h"

static json_t *hex_color(const uint8_t c[3])
{
    return json_integer(((json_int_t)c[0] << 16) | ((json_int_t)c[1] << 8) | (json_int_t)c[2]);
}

static json_t *vec2(ta_vec2 v)
{
    json_t *a = json_array();
    if (a == NULL) return NULL;
    if (!ta__jpush(a, ta__jreal(v.x)) || !ta__jpush(a, ta__jreal(v.y))) {
        json_decref(a);
        return NULL;
    }
    return a;
}

typedef struct number_out {
    const char *key;
    ta__prop prop;
    size_t offset;
} number_out;

#define OUT(key, prop, member) {key, prop, offsetof(ta_material, member)}

static const number_out numbers[] = {
    OUT("opacity", TA__P_OPACITY, opacity),
    OUT("alphaTest", TA__P_ALPHA_TEST, alpha_test),
    OUT("roughness", TA__P_ROUGHNESS, roughness),
    OUT("metalness", TA__P_METALNESS, metalness),
    OUT("emissiveIntensity", TA__P_EMISSIVE_INTENSITY, emissive_intensity),
    OUT("specularIntensity", TA__P_SPECULAR_INTENSITY, specular_intensity),
    OUT("shininess", TA__P_SHININESS, shininess),
    OUT("clearcoat", TA__P_CLEARCOAT, clearcoat),
    OUT("clearcoatRoughness", TA__P_CLEARCOAT_ROUGHNESS, clearcoat_roughness),
    OUT("envMapIntensity", TA__P_ENV_MAP_INTENSITY, env_map_intensity),
    OUT("reflectivity", TA__P_REFLECTIVITY, reflectivity),
};

#undef OUT

static json_t *material_json(const ta__ojwriter *w, uint32_t i)
{
    const ta_material *m = &w->assets->materials[i];
    uint64_t has = ta__has_material(m->kind);
    json_t *j = json_object();
    bool ok = j != NULL && ta__jset(j, "uuid", json_string(w->material_uuids[i])) &&
              ta__jset(j, "type", json_string(ta_material_kind_name(m->kind))) &&
              ta__jset(j, "name", json_string(m->name != NULL ? m->name : ""));
    if (ok && (has & TA__HAS(TA__P_COLOR))) ok = ta__jset(j, "color", hex_color(m->color));
    if (ok && (has & TA__HAS(TA__P_EMISSIVE))) ok = ta__jset(j, "emissive", hex_color(m->emissive));
    if (ok && (has & TA__HAS(TA__P_SPECULAR))) ok = ta__jset(j, "specular", hex_color(m->specular));
    for (size_t k = 0; ok && k < sizeof numbers / sizeof numbers[0]; ++k) {
        if (!(has & TA__HAS(numbers[k].prop))) continue;
        double v = *(const float *)((const char *)m + numbers[k].offset);
        if (numbers[k].prop == TA__P_REFLECTIVITY && m->kind == TA_MATERIAL_KIND_PHYSICAL) {
            /* MeshPhysicalMaterial's reflectivity is its ior seen another way. */
            double ior = m->ior;
            v = 2.5 * (ior - 1) / (ior + 1);
            v = v < 0 ? 0 : v > 1 ? 1 : v;
        }
        ok = ta__jset(j, numbers[k].key, ta__jreal(v));
    }
    ok = ok && ta__jset(j, "transparent", json_boolean(m->transparent));
    if (ok && (has & TA__HAS(TA__P_WIREFRAME))) ok = ta__jset(j, "wireframe", json_boolean(m->wireframe));
    if (ok && m->map.index != TA_NONE) ok = ta__jset(j, "map", json_string(w->texture_uuids[m->map.index]));
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

ta_result ta__ojw_materials(ta__ojwriter *w, json_t **out, ta_error *err)
{
    *out = NULL;
    if (w->assets->material_count == 0) return TA_OK;
    json_t *list = json_array();
    bool ok = list != NULL;
    for (uint32_t i = 0; ok && i < w->assets->material_count; ++i) ok = ta__jpush(list, material_json(w, i));
    if (!ok) {
        json_decref(list);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the materials");
    }
    *out = list;
    return TA_OK;
}

ta_result ta__ojw_textures(ta__ojwriter *w, json_t **out_textures, json_t **out_images, ta_error *err)
{
    *out_textures = NULL;
    *out_images = NULL;
    if (w->assets->texture_count == 0) return TA_OK;
    json_t *list = json_array(), *images = json_array(), *image = json_object();
    bool ok = list != NULL && images != NULL && image != NULL && ta__jset(image, "uuid", json_string(w->image_uuid)) &&
              ta__jset(image, "url", json_object());
    if (ok) ok = ta__jpush(images, image);
    else json_decref(image);
    for (uint32_t i = 0; ok && i < w->assets->texture_count; ++i) {
        const ta_texture *t = &w->assets->textures[i];
        json_t *j = json_object();
        ok = j != NULL && ta__jset(j, "uuid", json_string(w->texture_uuids[i])) &&
             ta__jset(j, "name", json_string(t->name != NULL ? t->name : "")) &&
             ta__jset(j, "image", json_string(w->image_uuid)) && ta__jset(j, "repeat", vec2(t->repeat)) &&
             ta__jset(j, "offset", vec2(t->offset)) && ta__jset(j, "center", vec2(t->center)) &&
             ta__jset(j, "rotation", ta__jreal(t->rotation));
        if (ok) ok = ta__jpush(list, j);
        else json_decref(j);
    }
    if (!ok) {
        json_decref(list);
        json_decref(images);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the textures");
    }
    *out_textures = list;
    *out_images = images;
    return TA_OK;
}

uint32_t ta__ojw_first_of_skin(const ta_scene *scene, uint32_t i)
{
    ta_skin_id skin = scene->skinned_meshes[i].skin;
    if (skin.index >= scene->skin_count) return i;
    for (uint32_t j = 0; j < i; ++j)
        if (scene->skinned_meshes[j].skin.index == skin.index && scene->skinned_meshes[j].bone_count > 0) return j;
    return i;
}

ta_result ta__ojw_skeletons(ta__ojwriter *w, json_t **out, ta_error *err)
{
    *out = NULL;
    const ta_scene *scene = w->scene;
    bool any = false;
    for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i) any = any || scene->skinned_meshes[i].bone_count > 0;
    if (!any) return TA_OK;
    json_t *list = json_array();
    bool ok = list != NULL;
    for (uint32_t i = 0; ok && i < scene->skinned_mesh_count; ++i) {
        const ta_mesh *m = &scene->skinned_meshes[i];
        if (m->bone_count == 0 || ta__ojw_first_of_skin(scene, i) != i) continue;
        const ta_skin *skin = ta_scene_skin(scene, m->skin);
        json_t *j = json_object(), *bones = json_array(), *inverses = json_array();
        ok = j != NULL && bones != NULL && inverses != NULL;
        for (uint32_t k = 0; ok && k < m->bone_count; ++k) {
            ok = ta__jpush(bones, json_string(w->node_uuids[m->bones[k].index]));
            double inv[16];
            if (skin != NULL && k < skin->joint_count) {
                /* the skin's own inverse binds */
                for (int e = 0; e < 16; ++e) inv[e] = skin->inverse_binds[k].m[e];
            } else {
                /* no skin: Skeleton.calculateInverses, from the bones as they stand */
                ta_mat4 world = ta_scene_world_matrix(scene, m->bones[k]);
                double wd[16];
                for (int e = 0; e < 16; ++e) wd[e] = world.m[e];
                ta__mat4d_invert(inv, wd);
            }
            json_t *a = ok ? json_array() : NULL;
            ok = a != NULL;
            for (int e = 0; ok && e < 16; ++e) ok = ta__jpush(a, ta__jreal(inv[e] == 0 ? 0.0 : inv[e]));
            if (!ok) json_decref(a);
            else ok = ta__jpush(inverses, a);
        }
        if (!ok) {
            json_decref(bones);
            json_decref(inverses);
        } else {
            /* ta__jset takes the reference whether or not it succeeds. */
            bool u = ta__jset(j, "uuid", json_string(w->skeleton_uuids[i]));
            bool b = ta__jset(j, "bones", bones);
            bool v = ta__jset(j, "boneInverses", inverses);
            ok = u && b && v;
        }
        if (ok) ok = ta__jpush(list, j);
        else json_decref(j);
    }
    if (!ok) {
        json_decref(list);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the skeletons");
    }
    *out = list;
    return TA_OK;
}

static json_t *geometry_json(const char *uuid, const ta_mesh *m)
{
    json_t *j = json_object(), *data = json_object();
    bool ok = j != NULL && data != NULL && ta__jset(data, "attributes", json_object());
    if (ok && m->morph_count > 0) {
        json_t *morphs = json_object(), *list = json_array();
        bool mok = morphs != NULL && list != NULL;
        for (uint32_t k = 0; mok && k < m->morph_count; ++k) {
            json_t *a = json_object();
            mok = a != NULL && ta__jset(a, "itemSize", json_integer(3)) &&
                  ta__jset(a, "type", json_string("Float32Array")) && ta__jset(a, "array", json_array()) &&
                  ta__jset(a, "normalized", json_false());
            if (mok && m->morph_names[k] != NULL && m->morph_names[k][0] != '\0')
                mok = ta__jset(a, "name", json_string(m->morph_names[k]));
            if (mok) mok = ta__jpush(list, a);
            else json_decref(a);
        }
        if (!mok) {
            json_decref(list);
            json_decref(morphs);
            ok = false;
        } else {
            ok = ta__jset(morphs, "position", list) && ta__jset(data, "morphAttributes", morphs) &&
                 ta__jset(data, "morphTargetsRelative", json_false());
        }
    }
    if (!ok) {
        json_decref(data);
        json_decref(j);
        return NULL;
    }
    if (!ta__jset(j, "data", data) || !ta__jset(j, "uuid", json_string(uuid)) ||
        !ta__jset(j, "type", json_string("BufferGeometry"))) {
        json_decref(j);
        return NULL;
    }
    return j;
}

ta_result ta__ojw_geometries(ta__ojwriter *w, json_t **out, ta_error *err)
{
    *out = NULL;
    const ta_scene *scene = w->scene;
    uint32_t total = scene->mesh_count + scene->skinned_mesh_count;
    if (total == 0) return TA_OK;
    json_t *list = json_array();
    bool ok = list != NULL;
    for (uint32_t i = 0; ok && i < total; ++i) {
        const ta_mesh *m = i < scene->mesh_count ? &scene->meshes[i] : &scene->skinned_meshes[i - scene->mesh_count];
        ok = ta__jpush(list, geometry_json(w->geometry_uuids[i], m));
    }
    if (!ok) {
        json_decref(list);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the geometries");
    }
    *out = list;
    return TA_OK;
}
