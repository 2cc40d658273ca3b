/*
 * The object tree of an object JSON document, as ObjectLoader.parseObject
 * reads it (meshes in object_json_read_mesh.c), then the skinned meshes'
 * skeletons (parseSkeletons and bindSkeletons).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/elementary.h"
#include "io/object_json_internal.h"

typedef enum object_class {
    OC_OBJECT3D = 0,
    OC_GROUP,
    OC_BONE,
    OC_MESH,
    OC_SKINNED_MESH,
    OC_LIGHT,
    OC_PERSPECTIVE,
    OC_ORTHOGRAPHIC,
    OC_UNMODELED, /* a class ObjectLoader makes that this library does not model */
} object_class;

static object_class classify(const char *type, ta_light_kind *light)
{
    if (type == NULL) return OC_OBJECT3D;
    static const struct {
        const char *type;
        object_class oc;
    } classes[] = {{"Group", OC_GROUP},         {"Bone", OC_BONE},
                   {"Mesh", OC_MESH},           {"SkinnedMesh", OC_SKINNED_MESH},
                   {"PerspectiveCamera", OC_PERSPECTIVE}, {"OrthographicCamera", OC_ORTHOGRAPHIC},
                   {"RectAreaLight", OC_UNMODELED}, {"LightProbe", OC_UNMODELED},
                   {"InstancedMesh", OC_UNMODELED}, {"BatchedMesh", OC_UNMODELED},
                   {"LOD", OC_UNMODELED},       {"Line", OC_UNMODELED},
                   {"LineLoop", OC_UNMODELED},  {"LineSegments", OC_UNMODELED},
                   {"PointCloud", OC_UNMODELED}, {"Points", OC_UNMODELED},
                   {"Sprite", OC_UNMODELED}};
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; ++i)
        if (strcmp(type, classes[i].type) == 0) return classes[i].oc;
    for (int k = 0; k < TA_LIGHT_KIND_COUNT; ++k)
        if (strcmp(type, ta_light_kind_name((ta_light_kind)k)) == 0) {
            *light = (ta_light_kind)k;
            return OC_LIGHT;
        }
    /* Anything else, "Scene" below the root included, is an Object3D to ObjectLoader. */
    return OC_OBJECT3D;
}

static ta_result oom(const ta__jpath *path, ta_error *err)
{
    return ta__jfail(err, TA_ERROR_OUT_OF_MEMORY, path->text, "out of memory");
}

/* ---- the transform ------------------------------------------------------------------ */

/* Quaternion.setFromEuler for each of three.js's orders. */
static bool quat_from_euler(const double e[3], const char *order, ta_quat *out)
{
    double c1, c2, c3, s1, s2, s3;
    ta__sincos(e[0] / 2, &s1, &c1);
    ta__sincos(e[1] / 2, &s2, &c2);
    ta__sincos(e[2] / 2, &s3, &c3);
    double x, y, z, w;
    if (strcmp(order, "XYZ") == 0) {
        x = s1 * c2 * c3 + c1 * s2 * s3; y = c1 * s2 * c3 - s1 * c2 * s3;
        z = c1 * c2 * s3 + s1 * s2 * c3; w = c1 * c2 * c3 - s1 * s2 * s3;
    } else if (strcmp(order, "YXZ") == 0) {
        x = s1 * c2 * c3 + c1 * s2 * s3; y = c1 * s2 * c3 - s1 * c2 * s3;
        z = c1 * c2 * s3 - s1 * s2 * c3; w = c1 * c2 * c3 + s1 * s2 * s3;
    } else if (strcmp(order, "ZXY") == 0) {
        x = s1 * c2 * c3 - c1 * s2 * s3; y = c1 * s2 * c3 + s1 * c2 * s3;
        z = c1 * c2 * s3 + s1 * s2 * c3; w = c1 * c2 * c3 - s1 * s2 * s3;
    } else if (strcmp(order, "ZYX") == 0) {
        x = s1 * c2 * c3 - c1 * s2 * s3; y = c1 * s2 * c3 + s1 * c2 * s3;
        z = c1 * c2 * s3 - s1 * s2 * c3; w = c1 * c2 * c3 + s1 * s2 * s3;
    } else if (strcmp(order, "YZX") == 0) {
        x = s1 * c2 * c3 + c1 * s2 * s3; y = c1 * s2 * c3 + s1 * c2 * s3;
        z = c1 * c2 * s3 - s1 * s2 * c3; w = c1 * c2 * c3 - s1 * s2 * s3;
    } else if (strcmp(order, "XZY") == 0) {
        x = s1 * c2 * c3 - c1 * s2 * s3; y = c1 * s2 * c3 - s1 * c2 * s3;
        z = c1 * c2 * s3 + s1 * s2 * c3; w = c1 * c2 * c3 + s1 * s2 * s3;
    } else {
        return false;
    }
    *out = ta_quat_make((float)x, (float)y, (float)z, (float)w);
    return true;
}

static ta_result read_rotation(const json_t *obj, ta__jpath *path, ta_quat *q, ta_error *err)
{
    const json_t *rot;
    ta_result r = ta__jget_member(err, obj, path->text, "rotation", JSON_ARRAY, false, &rot);
    if (r != TA_OK || rot == NULL) return r;
    size_t mark = ta__jpath_key(path, "rotation");
    size_t n = json_array_size(rot);
    if (n != 3 && n != 4)
        r = ta__jfail(err, TA_ERROR_PARSE, path->text, "holds %zu values, not 3 angles and an order", n);
    double e[3] = {0, 0, 0};
    for (size_t i = 0; i < 3 && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        float f;
        r = ta__jvalue_float(err, json_array_get(rot, i), path->text, &f);
        if (r == TA_OK) r = ta__jvalue_number(err, json_array_get(rot, i), path->text, &e[i]);
        ta__jpath_pop(path, m);
    }
    const char *order = "XYZ";
    if (r == TA_OK && n == 4) {
        const json_t *o = json_array_get(rot, 3);
        size_t m = ta__jpath_index(path, 3);
        if (!json_is_string(o))
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an order", ta__jtype(o));
        else order = json_string_value(o);
        ta__jpath_pop(path, m);
    }
    if (r == TA_OK && !quat_from_euler(e, order, q)) {
        size_t m = ta__jpath_index(path, 3);
        r = ta__jfail(err, TA_ERROR_PARSE, path->text, "\"%s\" is not an Euler order (XYZ, YXZ, ZXY, ZYX, YZX, XZY)",
                      order);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

static ta_result read_transform(ta__ojreader *rd, const json_t *obj, ta__jpath *path, ta_vec3 *position,
                                ta_quat *quaternion, ta_vec3 *scale, ta_error *err)
{
    float v[16];
    bool has;
    ta_result r = ta__jget_floats(err, obj, path->text, "matrix", 16, false, v, &has);
    if (r != TA_OK) return r;
    if (has) {
        ta_mat4 m;
        memcpy(m.m, v, sizeof m.m);
        ta_mat4_decompose(&m, position, quaternion, scale);
        bool auto_update = true, present;
        if ((r = ta__jget_bool(err, obj, path->text, "matrixAutoUpdate", auto_update, &auto_update, &present)) != TA_OK)
            return r;
        if (!auto_update)
            ta__ojr_warn(rd,
                           "%s: matrixAutoUpdate is false; the node takes the matrix's position, rotation and "
                           "scale, which an animation then drives",
                           ta__jpath_str(path));
        return TA_OK;
    }
    if ((r = ta__jget_floats(err, obj, path->text, "position", 3, false, v, &has)) != TA_OK) return r;
    if (has) *position = ta_vec3_make(v[0], v[1], v[2]);
    if ((r = read_rotation(obj, path, quaternion, err)) != TA_OK) return r;
    if ((r = ta__jget_floats(err, obj, path->text, "quaternion", 4, false, v, &has)) != TA_OK) return r;
    if (has) *quaternion = ta_quat_make(v[0], v[1], v[2], v[3]);
    if ((r = ta__jget_floats(err, obj, path->text, "scale", 3, false, v, &has)) != TA_OK) return r;
    if (has) *scale = ta_vec3_make(v[0], v[1], v[2]);
    return TA_OK;
}

/* ---- lights and cameras --------------------------------------------------------------- */

static ta_result read_light(ta__ojreader *rd, const json_t *obj, ta_node_id node, ta_light_kind kind, ta__jpath *path,
                            ta_error *err)
{
    ta_light l = ta_light_defaults(kind);
    l.node = node;
    ta_result r;
    if ((r = ta__ojr_hex_color(obj, "color", path, l.color, NULL, err)) != TA_OK) return r;
    if (kind == TA_LIGHT_KIND_HEMISPHERE && (r = ta__ojr_hex_color(obj, "groundColor", path, l.ground_color, NULL, err)) != TA_OK)
        return r;
    if ((r = ta__jget_float(err, obj, path->text, "intensity", false, &l.intensity, NULL)) != TA_OK) return r;
    if (kind == TA_LIGHT_KIND_POINT || kind == TA_LIGHT_KIND_SPOT) {
        if ((r = ta__jget_float(err, obj, path->text, "distance", false, &l.distance, NULL)) != TA_OK) return r;
        if ((r = ta__jget_float(err, obj, path->text, "decay", false, &l.decay, NULL)) != TA_OK) return r;
    }
    if (kind == TA_LIGHT_KIND_SPOT) {
        if ((r = ta__jget_float(err, obj, path->text, "angle", false, &l.angle, NULL)) != TA_OK) return r;
        if ((r = ta__jget_float(err, obj, path->text, "penumbra", false, &l.penumbra, NULL)) != TA_OK) return r;
    }
    if ((r = ta_scene_add_light(rd->model->scene, &l, NULL, err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    return TA_OK;
}

static ta_result read_camera(ta__ojreader *rd, const json_t *obj, ta_node_id node, bool perspective, ta__jpath *path,
                             ta_error *err)
{
    ta_result r;
    if (perspective) {
        ta_perspective_camera c = ta_perspective_camera_defaults();
        c.node = node;
        if ((r = ta__jget_float(err, obj, path->text, "fov", false, &c.fov, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "aspect", false, &c.aspect, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "near", false, &c.near, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "far", false, &c.far, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "zoom", false, &c.zoom, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "filmGauge", false, &c.film_gauge, NULL)) != TA_OK ||
            (r = ta__jget_float(err, obj, path->text, "filmOffset", false, &c.film_offset, NULL)) != TA_OK)
            return r;
        if ((r = ta_camera_list_add_perspective(rd->model->cameras, &c, NULL, err)) != TA_OK)
            return ta__prefix(err, r, "%s", ta__jpath_str(path));
        return TA_OK;
    }
    ta_orthographic_camera c = ta_orthographic_camera_defaults();
    c.node = node;
    if ((r = ta__jget_float(err, obj, path->text, "left", false, &c.left, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "right", false, &c.right, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "top", false, &c.top, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "bottom", false, &c.bottom, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "near", false, &c.near, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "far", false, &c.far, NULL)) != TA_OK ||
        (r = ta__jget_float(err, obj, path->text, "zoom", false, &c.zoom, NULL)) != TA_OK)
        return r;
    if ((r = ta_camera_list_add_orthographic(rd->model->cameras, &c, NULL, err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    return TA_OK;
}

/* ---- objects ---------------------------------------------------------------------------- */

static ta_result count_objects(const json_t *obj, uint32_t limit, uint32_t *count)
{
    if (++*count > limit) return TA_ERROR_LIMIT_EXCEEDED;
    const json_t *children = json_is_object(obj) ? json_object_get(obj, "children") : NULL;
    if (!json_is_array(children)) return TA_OK;
    for (size_t i = 0; i < json_array_size(children); ++i)
        if (count_objects(json_array_get(children, i), limit, count) != TA_OK) return TA_ERROR_LIMIT_EXCEEDED;
    return TA_OK;
}

static ta_result read_holders(ta__ojreader *rd, const json_t *obj, ta_node_id node, ta__jpath *path, ta_error *err)
{
    const json_t *list;
    ta_result r = ta__jget_member(err, obj, path->text, "animations", JSON_ARRAY, false, &list);
    if (r != TA_OK || list == NULL) return r;
    size_t mark = ta__jpath_key(path, "animations");
    for (size_t i = 0; i < json_array_size(list) && r == TA_OK; ++i) {
        const json_t *u = json_array_get(list, i);
        size_t m = ta__jpath_index(path, i);
        uint32_t clip;
        if (!json_is_string(u))
            r = ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not the uuid of a clip", ta__jtype(u));
        else if (!ta__strmap_get(&rd->clips, json_string_value(u), &clip))
            r = ta__jfail(err, TA_ERROR_MISSING_TARGET, path->text, "\"%s\" is the uuid of no clip of the document",
                          json_string_value(u));
        else if ((r = ta__reserve(rd->mem, (void **)&rd->holders, &rd->holder_capacity, rd->holder_count + 1,
                                  sizeof(ta__holder), err)) == TA_OK) {
            rd->holders[rd->holder_count].clip = clip;
            rd->holders[rd->holder_count].node = node;
            rd->holder_count++;
        }
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

static ta_result read_object(ta__ojreader *rd, const json_t *obj, ta_node_id parent, uint32_t json_index,
                             bool is_root, ta__jpath *path, ta_error *err);

static ta_result read_children(ta__ojreader *rd, const json_t *obj, ta_node_id node, ta__jpath *path, ta_error *err)
{
    const json_t *children;
    ta_result r = ta__jget_member(err, obj, path->text, "children", JSON_ARRAY, false, &children);
    if (r != TA_OK || children == NULL) return r;
    size_t mark = ta__jpath_key(path, "children");
    for (size_t i = 0; i < json_array_size(children) && r == TA_OK; ++i) {
        size_t m = ta__jpath_index(path, i);
        r = read_object(rd, json_array_get(children, i), node, (uint32_t)i, false, path, err);
        ta__jpath_pop(path, m);
    }
    ta__jpath_pop(path, mark);
    return r;
}

static ta_node_type node_type_of(object_class oc)
{
    switch (oc) {
    case OC_GROUP: return TA_NODE_TYPE_GROUP;
    case OC_BONE: return TA_NODE_TYPE_BONE;
    case OC_MESH: return TA_NODE_TYPE_MESH;
    case OC_SKINNED_MESH: return TA_NODE_TYPE_SKINNED_MESH;
    case OC_LIGHT: return TA_NODE_TYPE_LIGHT;
    case OC_PERSPECTIVE: return TA_NODE_TYPE_PERSPECTIVE_CAMERA;
    case OC_ORTHOGRAPHIC: return TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA;
    default: return TA_NODE_TYPE_OBJECT3D;
    }
}

static ta_result read_object(ta__ojreader *rd, const json_t *obj, ta_node_id parent, uint32_t json_index,
                             bool is_root, ta__jpath *path, ta_error *err)
{
    if (!json_is_object(obj)) return ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an object", ta__jtype(obj));
    const char *type, *uuid, *name;
    ta_result r;
    if ((r = ta__jget_string(err, obj, path->text, "type", false, &type)) != TA_OK) return r;
    if ((r = ta__jget_string(err, obj, path->text, "uuid", false, &uuid)) != TA_OK) return r;
    if ((r = ta__jget_string(err, obj, path->text, "name", false, &name)) != TA_OK) return r;
    bool visible = true;
    if ((r = ta__jget_bool(err, obj, path->text, "visible", visible, &visible, NULL)) != TA_OK) return r;
    ta_vec3 position = ta_vec3_make(0, 0, 0), scale = ta_vec3_make(1, 1, 1);
    ta_quat quaternion = ta_quat_identity();
    if ((r = read_transform(rd, obj, path, &position, &quaternion, &scale, err)) != TA_OK) return r;
    ta_scene *scene = rd->model->scene;

    if (is_root && type != NULL && strcmp(type, "Scene") == 0) {
        rd->root_is_scene = true;
        if ((r = ta_scene_set_name(scene, name, err)) != TA_OK || (r = ta_scene_set_uuid(scene, uuid, err)) != TA_OK)
            return ta__prefix(err, r, "%s", ta__jpath_str(path));
        bool moved = position.x != 0 || position.y != 0 || position.z != 0 || quaternion.x != 0 || quaternion.y != 0 ||
                     quaternion.z != 0 || scale.x != 1 || scale.y != 1 || scale.z != 1;
        if (moved)
            ta__ojr_warn(rd, "%s: the Scene's own transform is left out; its children are the top level",
                           ta__jpath_str(path));
        if (!visible) ta__ojr_warn(rd, "%s: the Scene's visible false is left out", ta__jpath_str(path));
        if ((r = read_holders(rd, obj, ta_node_none(), path, err)) != TA_OK) return r;
        return read_children(rd, obj, ta_node_none(), path, err);
    }

    ta_light_kind light_kind = TA_LIGHT_KIND_AMBIENT;
    object_class oc = classify(type, &light_kind);
    if (oc == OC_UNMODELED)
        ta__ojr_warn(rd, "%s: a %s is read as a plain node (its transform, name and visibility)",
                       ta__jpath_str(path), type);
    ta_node_id node;
    if ((r = ta_scene_add_node(scene, parent, name, &node, err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    if ((r = ta__reserve(rd->mem, (void **)&rd->node_json_index, &rd->node_json_capacity, node.index + 1,
                         sizeof(uint32_t), err)) != TA_OK)
        return r;
    rd->node_json_index[node.index] = is_root ? TA_NONE : json_index;
    if (uuid != NULL && (r = ta_scene_set_node_uuid(scene, node, uuid, err)) != TA_OK)
        return ta__prefix(err, r, "%s", ta__jpath_str(path));
    ta_node *n = ta_scene_node(scene, node);
    n->position = position;
    n->quaternion = quaternion;
    n->scale = scale;
    n->visible = visible;
    n->type = node_type_of(oc);

    switch (oc) {
    case OC_MESH:
    case OC_SKINNED_MESH: r = ta__ojr_mesh(rd, obj, node, oc == OC_SKINNED_MESH, path, err); break;
    case OC_LIGHT: r = read_light(rd, obj, node, light_kind, path, err); break;
    case OC_PERSPECTIVE:
    case OC_ORTHOGRAPHIC: r = read_camera(rd, obj, node, oc == OC_PERSPECTIVE, path, err); break;
    default: break;
    }
    if (r != TA_OK) return r;
    if ((r = read_holders(rd, obj, node, path, err)) != TA_OK) return r;
    return read_children(rd, obj, node, path, err);
}

ta_result ta__ojr_objects(ta__ojreader *rd, ta__jpath *path, ta_error *err)
{
    const json_t *root;
    ta_result r = ta__jget_member(err, rd->doc, path->text, "object", JSON_OBJECT, true, &root);
    if (r != TA_OK) return r;
    uint32_t count = 0;
    size_t mark = ta__jpath_key(path, "object");
    if (count_objects(root, rd->budget.limits.max_nodes, &count) != TA_OK) {
        r = ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path->text,
                      "more than %u objects pass the limit (limits.max_nodes)", rd->budget.limits.max_nodes);
    } else {
        r = read_object(rd, root, ta_node_none(), 0, true, path, err);
    }
    ta__jpath_pop(path, mark);
    return r;
}

void ta__ojr_node_path(const ta__ojreader *rd, ta_node_id node, ta__jpath *path)
{
    const ta_scene *scene = rd->model->scene;
    const ta_node *n = &scene->nodes[node.index];
    if (!ta_node_is_none(n->parent)) {
        ta__ojr_node_path(rd, n->parent, path);
    } else {
        ta__jpath_key(path, "object");
    }
    uint32_t index = rd->node_json_index[node.index];
    if (index != TA_NONE) {
        ta__jpath_key(path, "children");
        ta__jpath_index(path, index);
    }
}

/* ---- skeletons ----------------------------------------------------------------------- */

typedef struct bone_state {
    ta__strmap *bones;
    bool ok;
} bone_state;

static bool bone_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    bone_state *st = (bone_state *)user;
    const ta_node *n = &scene->nodes[node.index];
    /* parseSkeletons: bones[child.uuid] = child, for every Bone, the last one winning. */
    if (n->type == TA_NODE_TYPE_BONE && n->uuid[0] != '\0' && !ta__strmap_set(st->bones, n->uuid, node.index)) {
        st->ok = false;
        return false;
    }
    return true;
}

/* The skin of the skeleton of that uuid (made the first time a mesh names
 * it, with the skeleton's boneInverses), bound to the skinned mesh. */
static ta_result make_skin(ta__ojreader *rd, const char *skeleton_uuid, const ta_node_id *bones, size_t bone_count,
                           ta_skinned_mesh_id mesh, ta_bind_mode mode, const ta_mat4 *bind, ta_error *err)
{
    uint32_t s;
    if (!ta__strmap_get(&rd->skeletons, skeleton_uuid, &s) || bone_count == 0) return TA_OK;
    ta_scene *scene = rd->model->scene;
    if (rd->skin_made[s] == TA_NONE) {
        const json_t *inverses = json_object_get(json_array_get(json_object_get(rd->doc, "skeletons"), s), "boneInverses");
        ta_mat4 *ibm = (ta_mat4 *)ta__calloc(rd->mem, bone_count, sizeof(ta_mat4));
        if (ibm == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading a skeleton");
        for (size_t i = 0; i < bone_count; ++i)
            for (size_t q = 0; q < 16; ++q)
                ibm[i].m[q] = (float)json_number_value(json_array_get(json_array_get(inverses, i), q));
        ta_skin_desc d = {bones, (uint32_t)bone_count, ibm, skeleton_uuid};
        ta_skin_id made;
        ta_result r = ta_scene_add_skin(scene, &d, &made, err);
        ta__free(rd->mem, ibm, sizeof(ta_mat4) * bone_count);
        if (r != TA_OK) return r;
        rd->skin_made[s] = made.index;
    }
    return ta_scene_bind_skin(scene, mesh, ta_skin_at(rd->skin_made[s]), mode, bind, err);
}

static ta_result bind_skin(ta__ojreader *rd, ta__pending_skin *p, const ta__strmap *bones, ta_error *err)
{
    ta__jpath path;
    ta__jpath_init(&path, NULL);
    ta__ojr_node_path(rd, p->node, &path);
    const char *skeleton_uuid;
    ta_result r = ta__jget_string(err, p->json, path.text, "skeleton", false, &skeleton_uuid);
    if (r != TA_OK) return r;
    ta_node_id *nodes = NULL;
    size_t bone_count = 0;
    if (skeleton_uuid != NULL) {
        uint32_t s;
        if (!ta__strmap_get(&rd->skeletons, skeleton_uuid, &s)) {
            ta__jpath_key(&path, "skeleton");
            return ta__jfail(err, TA_ERROR_MISSING_TARGET, path.text,
                             "\"%s\" is the uuid of no skeleton of the document", skeleton_uuid);
        }
        const json_t *list = json_array_get(json_object_get(rd->doc, "skeletons"), s);
        const json_t *uuids = json_object_get(list, "bones");
        bone_count = json_array_size(uuids);
        if (bone_count > 0) {
            nodes = (ta_node_id *)ta__calloc(rd->mem, bone_count, sizeof(ta_node_id));
            if (nodes == NULL) return oom(&path, err);
        }
        for (size_t i = 0; i < bone_count && r == TA_OK; ++i) {
            const char *u = json_string_value(json_array_get(uuids, i));
            uint32_t node;
            if (!ta__strmap_get(bones, u, &node)) {
                ta__jpath sp;
                ta__jpath_init(&sp, NULL);
                ta__jpath_key(&sp, "skeletons");
                ta__jpath_index(&sp, s);
                ta__jpath_key(&sp, "bones");
                ta__jpath_index(&sp, i);
                r = ta__jfail(err, TA_ERROR_MISSING_TARGET, sp.text, "\"%s\" is the uuid of no Bone of the document",
                              u);
            } else {
                nodes[i] = ta_node_at(node);
            }
        }
    }
    /* bindMode and bindMatrix, as ObjectLoader sets them before bind(skeleton, bindMatrix) */
    ta_bind_mode mode = TA_BIND_MODE_ATTACHED;
    ta_mat4 bind = ta_mat4_identity();
    const char *mode_name = NULL;
    bool has_bind = false;
    if (r == TA_OK) r = ta__jget_string(err, p->json, path.text, "bindMode", false, &mode_name);
    if (r == TA_OK && mode_name != NULL) {
        if (strcmp(mode_name, "detached") == 0) {
            mode = TA_BIND_MODE_DETACHED;
        } else if (strcmp(mode_name, "attached") != 0) {
            ta__jpath_key(&path, "bindMode");
            r = ta__jfail(err, TA_ERROR_PARSE, path.text, "\"%s\" is neither \"attached\" nor \"detached\"", mode_name);
        }
    }
    if (r == TA_OK) r = ta__jget_floats(err, p->json, path.text, "bindMatrix", 16, false, bind.m, &has_bind);
    if (r == TA_OK) {
        p->desc.bones = nodes;
        p->desc.bone_count = (uint32_t)bone_count;
        ta_skinned_mesh_id made;
        r = ta_scene_add_skinned_mesh(rd->model->scene, &p->desc, &made, err);
        if (r == TA_OK && skeleton_uuid != NULL) r = make_skin(rd, skeleton_uuid, nodes, bone_count, made, mode, &bind, err);
        if (r != TA_OK)
            r = ta__prefix(err, r, "%s", ta__jpath_str(&path));
        else if ((r = ta__ojr_push_view(rd, true, &p->view, err)) == TA_OK) memset(&p->view, 0, sizeof p->view);
    }
    ta__free(rd->mem, nodes, sizeof(ta_node_id) * bone_count);
    return r;
}

ta_result ta__ojr_skins(ta__ojreader *rd, ta_error *err)
{
    if (rd->skin_count == 0) return TA_OK;
    ta__strmap bones;
    ta__strmap_init(&bones, rd->mem);
    bone_state st = {&bones, true};
    ta_scene_traverse(rd->model->scene, ta_node_none(), bone_visit, &st);
    ta_result r = st.ok ? TA_OK : ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory finding the bones");
    size_t skeletons = json_array_size(json_object_get(rd->doc, "skeletons"));
    rd->skin_made = (uint32_t *)ta__calloc(rd->mem, skeletons + 1, sizeof(uint32_t));
    if (rd->skin_made == NULL && r == TA_OK) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for the skins");
    for (size_t s = 0; r == TA_OK && s < skeletons; ++s) rd->skin_made[s] = TA_NONE;
    for (uint32_t i = 0; i < rd->skin_count && r == TA_OK; ++i) r = bind_skin(rd, &rd->skins[i], &bones, err);
    ta__free(rd->mem, rd->skin_made, sizeof(uint32_t) * (skeletons + 1));
    rd->skin_made = NULL;
    ta__strmap_free(&bones);
    return r;
}
