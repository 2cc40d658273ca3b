/*
 * json_tool: the C side of the JSON conformance tests.
 *
 *   json_tool names FILE      FILE is a JSON array of track names; prints a JSON
 *                             array with ta_track_name_parse's parts of each
 *                             ({"ok":false} when it refuses) and
 *                             ta_track_name_sanitize's result.
 *   json_tool read FILE       reads an object JSON document; prints the model in
 *                             the canonical form describe.mjs gives three.js's
 *                             objects (or {"error": ...}).
 *   json_tool write IN OUT    reads IN and writes it back with ta_object_json_write.
 *   json_tool inverses FILE   FILE is a JSON array of [px,py,pz, qx,qy,qz,qw, sx,sy,sz]:
 *                             one root bone each, of a skinned mesh without a
 *                             skin, written with ta_object_json_write (which
 *                             inverts the bones' world matrices, as
 *                             Skeleton.calculateInverses does); prints
 *                             {"worlds": each bone's world matrix, "inverses":
 *                             the written boneInverses}.
 *
 * The canonical form lists the nodes depth first with their transform, mesh,
 * light and camera; the materials and textures by uuid; and the clips in the
 * model's order with each track's target as "<node uuid>.<property>",
 * "material:<uuid>.<property>" or "texture:<uuid>.<property>".
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/clip_json_internal.h"
#include "threeanim/animation_json.h"
#include "threeanim/object_json.h"

static char *dupstr(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d != NULL) memcpy(d, s, strlen(s) + 1);
    return d;
}

static json_t *floats(const float *v, uint32_t n)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < n; ++i) json_array_append_new(a, json_real((double)v[i]));
    return a;
}

static json_t *bytes3(const uint8_t c[3])
{
    return json_pack("[iii]", c[0], c[1], c[2]);
}

static json_t *nullable(const char *s)
{
    return s != NULL ? json_string(s) : json_null();
}

static int cmd_names(const char *file)
{
    json_error_t jerr;
    json_t *names = json_load_file(file, 0, &jerr);
    if (!json_is_array(names)) {
        fprintf(stderr, "names: %s: %s\n", file, jerr.text);
        return 2;
    }
    json_t *out = json_array();
    for (size_t i = 0; i < json_array_size(names); ++i) {
        const char *name = json_string_value(json_array_get(names, i));
        size_t need = TA_TRACK_NAME_BUFFER_SIZE(strlen(name));
        char *buffer = malloc(need), *clean = malloc(strlen(name) + 1);
        ta_track_name parsed;
        ta_error err = {0};
        json_t *row;
        if (ta_track_name_parse(name, &parsed, buffer, need, &err) == TA_OK) {
            row = json_pack("{s:b,s:o,s:o,s:o,s:o,s:o}", "ok", 1, "nodeName", nullable(parsed.node_name), "objectName",
                            nullable(parsed.object_name), "objectIndex", nullable(parsed.object_index),
                            "propertyName", nullable(parsed.property_name), "propertyIndex",
                            nullable(parsed.property_index));
        } else {
            row = json_pack("{s:b,s:s}", "ok", 0, "message", err.message);
        }
        ta_track_name_sanitize(name, clean, strlen(name) + 1, NULL);
        json_object_set_new(row, "sanitized", json_string(clean));
        json_array_append_new(out, row);
        free(buffer);
        free(clean);
    }
    char *text = json_dumps(out, JSON_COMPACT);
    puts(text);
    free(text);
    json_decref(out);
    json_decref(names);
    return 0;
}

/* ---- the canonical model ------------------------------------------------------------ */

static const char *node_type_name(const ta_model *m, ta_node_id n)
{
    switch (m->scene->nodes[n.index].type) {
    case TA_NODE_TYPE_GROUP: return "Group";
    case TA_NODE_TYPE_BONE: return "Bone";
    case TA_NODE_TYPE_MESH: return "Mesh";
    case TA_NODE_TYPE_SKINNED_MESH: return "SkinnedMesh";
    case TA_NODE_TYPE_PERSPECTIVE_CAMERA: return "PerspectiveCamera";
    case TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA: return "OrthographicCamera";
    case TA_NODE_TYPE_LIGHT:
        for (uint32_t i = 0; i < m->scene->light_count; ++i)
            if (m->scene->lights[i].node.index == n.index) return ta_light_kind_name(m->scene->lights[i].kind);
        return "Light";
    default: return "Object3D";
    }
}

static json_t *mesh_json(const ta_model *m, const ta_mesh *mesh, bool skinned)
{
    json_t *j = json_object();
    json_object_set_new(j, "skinned", json_boolean(skinned));
    json_t *mats = json_array();
    for (uint32_t k = 0; k < mesh->material_count; ++k)
        json_array_append_new(mats, json_string(m->assets->materials[mesh->materials[k].index].uuid));
    json_object_set_new(j, "materials", mats);
    json_object_set_new(j, "morph", floats(mesh->morph_influences, mesh->morph_count));
    json_t *names = json_array();
    for (uint32_t k = 0; k < mesh->morph_count; ++k) json_array_append_new(names, json_string(mesh->morph_names[k]));
    json_object_set_new(j, "morphNames", names);
    json_t *bones = json_array();
    for (uint32_t k = 0; k < mesh->bone_count; ++k)
        json_array_append_new(bones, json_string(m->scene->nodes[mesh->bones[k].index].uuid));
    json_object_set_new(j, "bones", bones);
    return j;
}

typedef struct dump_state {
    const ta_model *model;
    json_t *nodes;
} dump_state;

static bool dump_node(const ta_scene *scene, ta_node_id id, void *user)
{
    dump_state *st = (dump_state *)user;
    const ta_model *m = st->model;
    const ta_node *n = &scene->nodes[id.index];
    json_t *j = json_object();
    json_object_set_new(j, "uuid", json_string(n->uuid));
    json_object_set_new(j, "name", json_string(n->name));
    json_object_set_new(j, "type", json_string(node_type_name(m, id)));
    json_object_set_new(j, "parent", ta_node_is_none(n->parent) ? json_null()
                                                                 : json_string(scene->nodes[n->parent.index].uuid));
    json_object_set_new(j, "visible", json_boolean(n->visible));
    float p[3] = {n->position.x, n->position.y, n->position.z};
    float q[4] = {n->quaternion.x, n->quaternion.y, n->quaternion.z, n->quaternion.w};
    float s[3] = {n->scale.x, n->scale.y, n->scale.z};
    json_object_set_new(j, "position", floats(p, 3));
    json_object_set_new(j, "quaternion", floats(q, 4));
    json_object_set_new(j, "scale", floats(s, 3));
    json_t *mesh = json_null();
    for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i)
        if (scene->skinned_meshes[i].node.index == id.index) {
            json_decref(mesh);
            mesh = mesh_json(m, &scene->skinned_meshes[i], true);
            break;
        }
    for (uint32_t i = 0; json_is_null(mesh) && i < scene->mesh_count; ++i)
        if (scene->meshes[i].node.index == id.index) mesh = mesh_json(m, &scene->meshes[i], false);
    json_object_set_new(j, "mesh", mesh);
    json_t *light = json_null();
    for (uint32_t i = 0; i < scene->light_count; ++i)
        if (scene->lights[i].node.index == id.index) {
            const ta_light *l = &scene->lights[i];
            light = json_pack("{s:s,s:o,s:o,s:f,s:f,s:f,s:f,s:f}", "kind", ta_light_kind_name(l->kind), "color",
                              bytes3(l->color), "groundColor", bytes3(l->ground_color), "intensity",
                              (double)l->intensity, "distance", (double)l->distance, "angle", (double)l->angle,
                              "penumbra", (double)l->penumbra, "decay", (double)l->decay);
            break;
        }
    json_object_set_new(j, "light", light);
    json_t *camera = json_null();
    for (uint32_t i = 0; i < m->cameras->perspective_count; ++i)
        if (m->cameras->perspective[i].node.index == id.index) {
            const ta_perspective_camera *c = &m->cameras->perspective[i];
            camera = json_pack("{s:s,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "kind", "perspective", "fov", (double)c->fov,
                               "zoom", (double)c->zoom, "near", (double)c->near, "far", (double)c->far, "aspect",
                               (double)c->aspect, "filmGauge", (double)c->film_gauge, "filmOffset",
                               (double)c->film_offset);
            break;
        }
    for (uint32_t i = 0; json_is_null(camera) && i < m->cameras->orthographic_count; ++i)
        if (m->cameras->orthographic[i].node.index == id.index) {
            const ta_orthographic_camera *c = &m->cameras->orthographic[i];
            camera = json_pack("{s:s,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "kind", "orthographic", "zoom", (double)c->zoom,
                               "left", (double)c->left, "right", (double)c->right, "top", (double)c->top, "bottom",
                               (double)c->bottom, "near", (double)c->near, "far", (double)c->far);
        }
    json_object_set_new(j, "camera", camera);
    json_array_append_new(st->nodes, j);
    return true;
}

static json_t *material_json(const ta_model *m, const ta_material *mat)
{
    uint64_t has = ta__has_material(mat->kind);
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(mat->name));
    json_object_set_new(j, "type", json_string(ta_material_kind_name(mat->kind)));
    if (has & TA__HAS(TA__P_COLOR)) json_object_set_new(j, "color", bytes3(mat->color));
    if (has & TA__HAS(TA__P_EMISSIVE)) json_object_set_new(j, "emissive", bytes3(mat->emissive));
    if (has & TA__HAS(TA__P_SPECULAR)) json_object_set_new(j, "specular", bytes3(mat->specular));
    const struct {
        ta__prop prop;
        float value;
    } numbers[] = {{TA__P_OPACITY, mat->opacity},
                   {TA__P_EMISSIVE_INTENSITY, mat->emissive_intensity},
                   {TA__P_ROUGHNESS, mat->roughness},
                   {TA__P_METALNESS, mat->metalness},
                   {TA__P_SHININESS, mat->shininess},
                   {TA__P_ALPHA_TEST, mat->alpha_test},
                   {TA__P_REFLECTIVITY, mat->reflectivity},
                   {TA__P_ENV_MAP_INTENSITY, mat->env_map_intensity},
                   {TA__P_CLEARCOAT, mat->clearcoat},
                   {TA__P_CLEARCOAT_ROUGHNESS, mat->clearcoat_roughness},
                   {TA__P_SPECULAR_INTENSITY, mat->specular_intensity},
                   {TA__P_IOR, mat->ior}};
    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; ++k)
        if (has & TA__HAS(numbers[k].prop))
            json_object_set_new(j, ta__prop_name(numbers[k].prop), json_real((double)numbers[k].value));
    json_object_set_new(j, "transparent", json_boolean(mat->transparent));
    if (has & TA__HAS(TA__P_WIREFRAME)) json_object_set_new(j, "wireframe", json_boolean(mat->wireframe));
    json_object_set_new(j, "map", mat->map.index < m->assets->texture_count
                                      ? json_string(m->assets->textures[mat->map.index].uuid)
                                      : json_null());
    return j;
}

static char *target_string(const ta_model *m, ta_track_target t)
{
    char suffix[96], out[512];
    ta_track_target plain = t;
    if (ta__kind_path(&plain, -1, suffix, sizeof suffix, NULL) != TA_OK) return dupstr("?");
    const ta_scene *scene = m->scene;
    switch (t.family) {
    case TA_TARGET_FAMILY_NODE: snprintf(out, sizeof out, "%s%s", scene->nodes[t.index].uuid, suffix); break;
    case TA_TARGET_FAMILY_MESH:
        snprintf(out, sizeof out, "%s%s", scene->nodes[scene->meshes[t.index].node.index].uuid, suffix);
        break;
    case TA_TARGET_FAMILY_SKINNED_MESH:
        snprintf(out, sizeof out, "%s%s", scene->nodes[scene->skinned_meshes[t.index].node.index].uuid, suffix);
        break;
    case TA_TARGET_FAMILY_LIGHT:
        snprintf(out, sizeof out, "%s%s", scene->nodes[scene->lights[t.index].node.index].uuid, suffix);
        break;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        snprintf(out, sizeof out, "%s%s", scene->nodes[m->cameras->perspective[t.index].node.index].uuid, suffix);
        break;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        snprintf(out, sizeof out, "%s%s", scene->nodes[m->cameras->orthographic[t.index].node.index].uuid, suffix);
        break;
    case TA_TARGET_FAMILY_MATERIAL: {
        const ta_material *mat = &m->assets->materials[t.index];
        if (strncmp(suffix, ".map.", 5) == 0)
            snprintf(out, sizeof out, "texture:%s.%s",
                     mat->map.index < m->assets->texture_count ? m->assets->textures[mat->map.index].uuid : "?",
                     suffix + 5);
        else
            snprintf(out, sizeof out, "material:%s.%s", mat->uuid, suffix + strlen(".material."));
        break;
    }
    default: snprintf(out, sizeof out, "?");
    }
    return dupstr(out);
}

static int interpolation_code(ta_interpolation i)
{
    switch (i) {
    case TA_INTERPOLATION_STEP: return 2300;
    case TA_INTERPOLATION_SMOOTH: return 2302;
    case TA_INTERPOLATION_BEZIER: return 2303;
    case TA_INTERPOLATION_CUBIC_SPLINE: return -1;
    default: return 2301;
    }
}

static json_t *clip_json(const ta_model *m, uint32_t c)
{
    const ta_clip *clip = m->animations[c];
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(ta_clip_name(clip)));
    json_object_set_new(j, "uuid", json_string(ta_clip_uuid(clip)));
    json_object_set_new(j, "duration", json_real(ta_clip_duration(clip).seconds));
    json_object_set_new(j, "blendMode", json_integer(ta_clip_blend_mode(clip) == TA_BLEND_MODE_ADDITIVE ? 2501 : 2500));
    ta_node_id root = m->animation_roots[c];
    json_object_set_new(j, "root", ta_node_is_none(root) ? json_null() : json_string(m->scene->nodes[root.index].uuid));
    const char *ud = ta_clip_user_data(clip);
    json_object_set_new(j, "userData", json_string(ud != NULL ? ud : "{}"));
    json_t *tracks = json_array();
    for (uint32_t i = 0; i < ta_clip_track_count(clip); ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        ta_track_target target = ta_track_target_of(t);
        json_t *tj = json_object();
        char *ts = target_string(m, target);
        json_object_set_new(tj, "target", json_string(ts));
        free(ts);
        json_object_set_new(tj, "interpolation", json_integer(interpolation_code(ta_track_interpolation(t))));
        uint32_t keys = ta_track_key_count(t), size = ta_track_value_size(t);
        json_object_set_new(tj, "times", floats(ta_track_times(t), keys));
        ta_value_type vt = ta_track_kind_value_type(target.kind);
        json_t *values = json_array();
        for (uint32_t k = 0; k < keys * size; ++k) {
            float v = ta_track_values(t)[k];
            if (vt == TA_VALUE_TYPE_FLAG) json_array_append_new(values, json_boolean(v != 0));
            else if (vt == TA_VALUE_TYPE_STRING) json_array_append_new(values, json_string(ta_track_string(t, (uint32_t)v)));
            else json_array_append_new(values, json_real((double)v));
        }
        json_object_set_new(tj, "values", values);
        if (ta_track_tangent_count(t) > 0) {
            json_object_set_new(tj, "inTangents", floats(ta_track_in_tangents(t), ta_track_tangent_count(t)));
            json_object_set_new(tj, "outTangents", floats(ta_track_out_tangents(t), ta_track_tangent_count(t)));
        }
        json_array_append_new(tracks, tj);
    }
    json_object_set_new(j, "tracks", tracks);
    return j;
}

static json_t *model_json(const ta_model *m)
{
    json_t *j = json_object();
    json_object_set_new(j, "scene", json_pack("{s:s,s:s}", "name", m->scene->name, "uuid", m->scene->uuid));
    dump_state st = {m, json_array()};
    ta_scene_traverse(m->scene, ta_node_none(), dump_node, &st);
    json_object_set_new(j, "nodes", st.nodes);
    json_t *materials = json_object(), *textures = json_object();
    for (uint32_t i = 0; i < m->assets->material_count; ++i)
        json_object_set_new(materials, m->assets->materials[i].uuid, material_json(m, &m->assets->materials[i]));
    for (uint32_t i = 0; i < m->assets->texture_count; ++i) {
        const ta_texture *t = &m->assets->textures[i];
        float v[7] = {t->offset.x, t->offset.y, t->repeat.x, t->repeat.y, t->center.x, t->center.y, t->rotation};
        json_object_set_new(textures, t->uuid,
                            json_pack("{s:s,s:o,s:o,s:o,s:f}", "name", t->name, "offset", floats(v, 2), "repeat",
                                      floats(v + 2, 2), "center", floats(v + 4, 2), "rotation", (double)v[6]));
    }
    json_object_set_new(j, "materials", materials);
    json_object_set_new(j, "textures", textures);
    json_t *clips = json_array();
    for (uint32_t c = 0; c < m->animation_count; ++c) json_array_append_new(clips, clip_json(m, c));
    json_object_set_new(j, "clips", clips);
    json_t *warnings = json_array();
    for (uint32_t i = 0; i < m->warning_count; ++i) json_array_append_new(warnings, json_string(m->warnings[i]));
    json_object_set_new(j, "warnings", warnings);
    return j;
}

static int print_and_free(json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(9));
    puts(text);
    free(text);
    json_decref(j);
    return 0;
}

static int cmd_read(const char *file)
{
    ta_model *model = NULL;
    ta_error err = {0};
    if (ta_object_json_read_file(file, NULL, &model, &err) != TA_OK)
        return print_and_free(json_pack("{s:s,s:s}", "error", ta_result_name(err.code), "message", err.message));
    int rc = print_and_free(model_json(model));
    ta_model_destroy(model);
    return rc;
}

static int cmd_write(const char *in, const char *out)
{
    ta_model *model = NULL;
    ta_error err = {0};
    if (ta_object_json_read_file(in, NULL, &model, &err) != TA_OK) {
        fprintf(stderr, "write: reading %s: %s: %s\n", in, ta_result_name(err.code), err.message);
        return 1;
    }
    ta_result r = ta_object_json_write_file(out, model->scene, model->assets, model->cameras,
                                            (const ta_clip *const *)model->animations, model->animation_count, NULL,
                                            &err);
    ta_model_destroy(model);
    if (r != TA_OK) {
        fprintf(stderr, "write: %s: %s\n", ta_result_name(err.code), err.message);
        return 1;
    }
    return 0;
}

static int cmd_inverses(const char *in)
{
    json_error_t jerr;
    json_t *list = json_load_file(in, 0, &jerr);
    if (!json_is_array(list)) {
        fprintf(stderr, "inverses: %s: %s\n", in, jerr.text);
        return 1;
    }
    ta_scene *scene = NULL;
    ta_error err = {0};
    if (ta_scene_create(NULL, &scene, &err) != TA_OK) return 1;
    size_t n = json_array_size(list);
    ta_node_id *bones = calloc(n + 1, sizeof(ta_node_id));
    ta_node_id body;
    int status = bones == NULL;
    if (status == 0 && ta_scene_add_node(scene, ta_node_none(), "body", &body, &err) != TA_OK) status = 1;
    for (size_t i = 0; status == 0 && i < n; ++i) {
        char name[32];
        snprintf(name, sizeof name, "b%zu", i);
        if (ta_scene_add_node(scene, ta_node_none(), name, &bones[i], &err) != TA_OK) {
            status = 1;
            break;
        }
        json_t *t = json_array_get(list, i);
        float v[10];
        for (int k = 0; k < 10; ++k) v[k] = (float)json_number_value(json_array_get(t, (size_t)k));
        ta_node *b = ta_scene_node(scene, bones[i]);
        b->type = TA_NODE_TYPE_BONE;
        b->position = ta_vec3_make(v[0], v[1], v[2]);
        b->quaternion = ta_quat_make(v[3], v[4], v[5], v[6]);
        b->scale = ta_vec3_make(v[7], v[8], v[9]);
    }
    char *text = NULL;
    if (status == 0) {
        ta_scene_node(scene, body)->type = TA_NODE_TYPE_SKINNED_MESH;
        ta_mesh_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.node = body;
        desc.bones = bones;
        desc.bone_count = (uint32_t)n;
        if (ta_scene_add_skinned_mesh(scene, &desc, NULL, &err) != TA_OK ||
            ta_object_json_write(scene, NULL, NULL, NULL, 0, NULL, &text, &err) != TA_OK)
            status = 1;
    }
    if (status == 0) {
        json_t *doc = json_loads(text, 0, &jerr), *out = json_object(), *worlds = json_array();
        for (size_t i = 0; i < n; ++i) {
            ta_mat4 w = ta_scene_world_matrix(scene, bones[i]);
            json_t *m = json_array();
            for (int k = 0; k < 16; ++k) json_array_append_new(m, json_real(w.m[k]));
            json_array_append_new(worlds, m);
        }
        json_object_set_new(out, "worlds", worlds);
        json_object_set(out, "inverses",
                        json_object_get(json_array_get(json_object_get(doc, "skeletons"), 0), "boneInverses"));
        char *dump = json_dumps(out, JSON_COMPACT | JSON_REAL_PRECISION(17));
        puts(dump);
        free(dump);
        json_decref(out);
        json_decref(doc);
    } else {
        fprintf(stderr, "inverses: %s: %s\n", ta_result_name(err.code), err.message);
    }
    ta_json_destroy(text);
    free(bones);
    ta_scene_destroy(scene);
    json_decref(list);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "inverses") == 0) return cmd_inverses(argv[2]);
    if (argc == 3 && strcmp(argv[1], "names") == 0) return cmd_names(argv[2]);
    if (argc == 3 && strcmp(argv[1], "read") == 0) return cmd_read(argv[2]);
    if (argc == 4 && strcmp(argv[1], "write") == 0) return cmd_write(argv[2], argv[3]);
    fprintf(stderr, "usage: json_tool names FILE | read FILE | write IN OUT | inverses FILE\n");
    return 2;
}
