/*
 * ta_object_json_write: the document's shape is that of three.js's
 * Object3D.toJSON for a Scene (metadata version 4.7, the libraries, the object
 * tree, clips on the Scene), with what ObjectLoader needs to read it (an image
 * for each texture, a geometry for each mesh, a skeleton with bones and
 * inverses); each track named as the Scene JSON naming (animation_json.h) says. That
 * three.js reads these documents back into the same objects is checked in Node
 * by tests/conformance/json/scenes.mjs; here threeanim reads them back.
 */
#include "ta_test.h"
#include "ta_test_build.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/object_json.h"
#include "threeanim/threeanim.h"

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_clip *clip;
    ta_node_id root, cube, multi, body, hips, lamp, cam;
} world;

static ta_node_id add(ta_scene *s, ta_node_id parent, const char *name, const char *uuid, ta_node_type type)
{
    ta_node_id n;
    ta_error err = {0};
    n = ta_test_node_under(s, parent, name);
    if (uuid != NULL) TA_ASSERT_OK(ta_scene_set_node_uuid(s, n, uuid, &err), &err);
    ta_scene_node(s, n)->type = type;
    return n;
}

static ta_track *track(ta_track_target target, const float *values, uint32_t count)
{
    static const float times[2] = {0, 1.5f};
    return ta_test_track(target, TA_INTERPOLATION_DEFAULT, times, 2, values, count);
}

static void world_make(world *w)
{
    ta_error err = {0};
    ta_scene_options so = {NULL, "World", "u-scene"};
    TA_ASSERT_OK(ta_scene_create(&so, &w->scene, &err), &err);
    w->assets = ta_test_assets();
    w->cameras = ta_test_cameras();
    ta_scene *s = w->scene;
    w->root = add(s, ta_node_none(), "root", "u-root", TA_NODE_TYPE_GROUP);
    w->cube = add(s, w->root, "Cube", "u-cube", TA_NODE_TYPE_MESH);
    w->multi = add(s, w->root, "Multi", "u-multi", TA_NODE_TYPE_MESH);
    w->body = add(s, w->root, "Body", "u-body", TA_NODE_TYPE_SKINNED_MESH);
    w->hips = add(s, w->body, "hips", "u-hips", TA_NODE_TYPE_OBJECT3D); /* a bone: written as a Bone */
    w->lamp = add(s, w->root, "Lamp", "u-lamp", TA_NODE_TYPE_LIGHT);
    w->cam = add(s, w->root, "Cam", "u-cam", TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    ta_node *cube = ta_scene_node(s, w->cube);
    cube->position = ta_vec3_make(1, 2, 3);
    cube->quaternion = ta_quat_make(0, 0.6f, 0, 0.8f);
    cube->scale = ta_vec3_make(0, 2, 3); /* a zero scale comes back as it was */
    cube->visible = false;

    ta_texture tex = ta_texture_defaults();
    tex.offset = ta_vec2_make(0.25f, 0.5f);
    tex.rotation = 1;
    ta_texture_id tid;
    TA_ASSERT_OK(ta_assets_add_texture(w->assets, &tex, "checker", "u-tex", &tid, &err), &err);
    ta_material std = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    std.color[0] = 255, std.color[1] = 128, std.color[2] = 0;
    std.roughness = 0.25f;
    std.map = tid;
    ta_material phys = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
    phys.ior = 1.5f;
    ta_material basic = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    basic.wireframe = true;
    ta_material_id m0, m1, m2;
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &std, "skin", "u-m0", &m0, &err), &err);
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &phys, "glass", NULL, &m1, &err), &err);
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &basic, "flat", "u-m2", &m2, &err), &err);
    const char *names[3] = {"smile", "", "blink"};
    const float influences[3] = {0.25f, 0.5f, 0.75f};
    ta_mesh_desc cd = {w->cube, 3, influences, names, &m0, 1, NULL, 0};
    TA_ASSERT_OK(ta_scene_add_mesh(s, &cd, NULL, &err), &err);
    ta_material_id pair[2] = {m2, m1};
    ta_mesh_desc md = {w->multi, 0, NULL, NULL, pair, 2, NULL, 0};
    TA_ASSERT_OK(ta_scene_add_mesh(s, &md, NULL, &err), &err);
    ta_mesh_desc bd = {w->body, 0, NULL, NULL, &m2, 1, &w->hips, 1};
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &bd, NULL, &err), &err);
    ta_light point = ta_light_defaults(TA_LIGHT_KIND_POINT);
    point.node = w->lamp;
    point.color[2] = 0;
    point.distance = 7;
    TA_ASSERT_OK(ta_scene_add_light(s, &point, NULL, &err), &err);
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    pc.node = w->cam;
    pc.fov = 40;
    TA_ASSERT_OK(ta_camera_list_add_perspective(w->cameras, &pc, NULL, &err), &err);

    ta_track_target pos, morph, opacity, slot, intensity, fov, map;
    TA_ASSERT_OK(ta_track_target_node(w->hips, TA_TRACK_KIND_POSITION, &pos, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 2, &morph, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(m0, TA_TRACK_KIND_MATERIAL_OPACITY, &opacity, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(m1, TA_TRACK_KIND_MATERIAL_IOR, &slot, &err), &err);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &intensity, &err), &err);
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &fov, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(m0, TA_TRACK_KIND_MATERIAL_MAP_ROTATION, &map, &err), &err);
    const float v6[6] = {0, 0, 0, 1, 2, 3}, v2[2] = {0.5f, 1}, i2[2] = {1.25f, 1.75f};
    ta_track *tracks[7] = {track(pos, v6, 6),       track(morph, v2, 2), track(opacity, v2, 2), track(slot, i2, 2),
                           track(intensity, v2, 2), track(fov, v2, 2),   track(map, v2, 2)};
    ta_clip_options co = {NULL, 0, TA_BLEND_MODE_NORMAL, NULL, "u-clip", false, NULL, 0};
    w->clip = ta_test_clip("show", tracks, 7, &co);
}

static void world_free(world *w)
{
    ta_clip_release(w->clip);
    ta_scene_destroy(w->scene);
    ta_assets_destroy(w->assets);
    ta_camera_list_destroy(w->cameras);
}

static char *write_ok(const world *w)
{
    char *text = NULL;
    ta_error err = {0};
    const ta_clip *clips[1] = {w->clip};
    TA_ASSERT_OK(ta_object_json_write(w->scene, w->assets, w->cameras, clips, 1, NULL, &text, &err), &err);
    return text;
}

static json_t *child(const json_t *object, size_t i)
{
    return json_array_get(json_object_get(object, "children"), i);
}

static const char *str(const json_t *object, const char *key)
{
    const char *s = json_string_value(json_object_get(object, key));
    if (s == NULL) {
        print_error("no string \"%s\"\n", key);
        fail();
    }
    return s;
}

static void test_the_document_is_what_object_loader_reads(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    char *text = write_ok(&w);
    json_error_t jerr;
    json_t *d = json_loads(text, 0, &jerr);
    assert_non_null(d);
    const json_t *meta = json_object_get(d, "metadata");
    TA_ASSERT_NEAR(json_number_value(json_object_get(meta, "version")), 4.7, 1e-12);
    assert_string_equal(str(meta, "type"), "Object");
    const json_t *scene = json_object_get(d, "object");
    assert_string_equal(str(scene, "type"), "Scene");
    assert_string_equal(str(scene, "uuid"), "u-scene");
    assert_string_equal(str(scene, "name"), "World");
    assert_string_equal(json_string_value(json_array_get(json_object_get(scene, "animations"), 0)), "u-clip");
    const json_t *root = child(scene, 0);
    assert_string_equal(str(root, "type"), "Group");
    const json_t *cube = child(root, 0);
    assert_string_equal(str(cube, "type"), "Mesh");
    assert_string_equal(str(cube, "uuid"), "u-cube");
    assert_true(json_is_false(json_object_get(cube, "visible")));
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(cube, "position"), 2)), 3, 0);
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(cube, "quaternion"), 1)), 0.6f, 0);
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(cube, "scale"), 0)), 0, 0);
    /* One material is a uuid, several an array (ObjectLoader.getMaterial). */
    assert_string_equal(str(cube, "material"), "u-m0");
    const json_t *multi = child(root, 1);
    assert_true(json_is_array(json_object_get(multi, "material")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(multi, "material"), 0)), "u-m2");
    /* The morph targets: influences, and a dictionary of the named ones. */
    const json_t *dict = json_object_get(cube, "morphTargetDictionary");
    assert_int_equal(json_object_size(dict), 2);
    assert_int_equal(json_integer_value(json_object_get(dict, "blink")), 2);
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(cube, "morphTargetInfluences"), 2)), 0.75, 0);
    /* Each mesh names a geometry of the document. */
    const char *geometry = str(cube, "geometry");
    const json_t *geometries = json_object_get(d, "geometries");
    assert_int_equal(json_array_size(geometries), 3);
    assert_string_equal(str(json_array_get(geometries, 0), "uuid"), geometry);
    /* The skinned mesh's bone is written as a Bone, which its skeleton lists. */
    const json_t *body = child(root, 2);
    assert_string_equal(str(body, "type"), "SkinnedMesh");
    const json_t *skeleton = json_array_get(json_object_get(d, "skeletons"), 0);
    assert_string_equal(str(body, "skeleton"), str(skeleton, "uuid"));
    assert_string_equal(json_string_value(json_array_get(json_object_get(skeleton, "bones"), 0)), "u-hips");
    assert_int_equal(json_array_size(json_array_get(json_object_get(skeleton, "boneInverses"), 0)), 16);
    assert_string_equal(str(child(body, 0), "type"), "Bone");
    const json_t *lamp = child(root, 3);
    assert_string_equal(str(lamp, "type"), "PointLight");
    assert_int_equal(json_integer_value(json_object_get(lamp, "color")), 0xFFFF00);
    TA_ASSERT_NEAR(json_number_value(json_object_get(lamp, "distance")), 7, 0);
    const json_t *cam = child(root, 4);
    assert_string_equal(str(cam, "type"), "PerspectiveCamera");
    TA_ASSERT_NEAR(json_number_value(json_object_get(cam, "fov")), 40, 0);
    /* Materials: hex colors, and a physical material's reflectivity from its ior:
     * clamp(2.5 (ior - 1) / (ior + 1), 0, 1) = 0.5 for 1.5. */
    const json_t *mats = json_object_get(d, "materials");
    const json_t *m0 = json_array_get(mats, 0);
    assert_string_equal(str(m0, "type"), "MeshStandardMaterial");
    assert_int_equal(json_integer_value(json_object_get(m0, "color")), 0xFF8000);
    TA_ASSERT_NEAR(json_number_value(json_object_get(m0, "roughness")), 0.25, 0);
    assert_string_equal(str(m0, "map"), "u-tex");
    assert_null(json_object_get(m0, "shininess")); /* a standard material has none */
    const json_t *m1 = json_array_get(mats, 1);
    TA_ASSERT_NEAR(json_number_value(json_object_get(m1, "reflectivity")), 0.5, 1e-7);
    assert_true(json_is_true(json_object_get(json_array_get(mats, 2), "wireframe")));
    const json_t *tex = json_array_get(json_object_get(d, "textures"), 0);
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(tex, "offset"), 1)), 0.5, 0);
    const json_t *image = json_array_get(json_object_get(d, "images"), 0);
    assert_string_equal(str(tex, "image"), str(image, "uuid"));
    /* The tracks, named by the uuid of the object each target is written as. */
    const json_t *clip = json_array_get(json_object_get(d, "animations"), 0);
    assert_string_equal(str(clip, "uuid"), "u-clip");
    static const char *const paths[7] = {"u-hips.position",          "u-cube.morphTargetInfluences[2]",
                                         "u-cube.material.opacity",  "u-multi.material[1].ior",
                                         "u-lamp.intensity",         "u-cam.fov",
                                         "u-cube.map.rotation"};
    for (size_t i = 0; i < 7; ++i)
        assert_string_equal(str(json_array_get(json_object_get(clip, "tracks"), i), "name"), paths[i]);
    json_decref(d);
    ta_json_destroy(text);
    world_free(&w);
}

static void test_threeanim_reads_back_what_it_wrote(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    char *text = write_ok(&w);
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_object_json_read(text, strlen(text), NULL, &m, &err), &err);
    assert_int_equal(m->warning_count, 0);
    assert_int_equal(m->scene->node_count, w.scene->node_count);
    for (uint32_t i = 0; i < w.scene->node_count; ++i) {
        const ta_node *a = &w.scene->nodes[i], *b = &m->scene->nodes[i];
        assert_string_equal(a->name, b->name);
        assert_string_equal(a->uuid, b->uuid);
        assert_int_equal(a->parent.index, b->parent.index);
        assert_memory_equal(&a->position, &b->position, sizeof a->position);
        assert_memory_equal(&a->quaternion, &b->quaternion, sizeof a->quaternion);
        assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
        assert_int_equal(a->visible, b->visible);
    }
    /* A bone comes back a Bone; the rest keep their types. */
    assert_int_equal(m->scene->nodes[w.hips.index].type, TA_NODE_TYPE_BONE);
    assert_int_equal(m->scene->nodes[w.cube.index].type, TA_NODE_TYPE_MESH);
    assert_int_equal(m->scene->mesh_count, 2);
    assert_string_equal(m->scene->meshes[0].morph_names[2], "blink");
    assert_string_equal(m->scene->meshes[0].morph_names[1], "");
    TA_ASSERT_NEAR(m->scene->meshes[0].morph_influences[1], 0.5, 0);
    assert_int_equal(m->scene->skinned_meshes[0].bones[0].index, w.hips.index);
    assert_int_equal(m->assets->material_count, 3);
    for (uint32_t i = 0; i < 3; ++i) {
        const ta_material *a = &w.assets->materials[i], *b = &m->assets->materials[i];
        assert_int_equal(a->kind, b->kind);
        assert_memory_equal(a->color, b->color, 3);
        TA_ASSERT_NEAR(a->opacity, b->opacity, 0);
        TA_ASSERT_NEAR(a->ior, b->ior, 1e-6);
        assert_int_equal(a->wireframe, b->wireframe);
    }
    assert_string_equal(m->assets->materials[0].uuid, "u-m0");
    assert_int_equal(strlen(m->assets->materials[1].uuid), 36); /* a made uuid */
    TA_ASSERT_NEAR(m->assets->textures[0].rotation, 1, 0);
    TA_ASSERT_NEAR(m->scene->lights[0].distance, 7, 0);
    TA_ASSERT_NEAR(m->cameras->perspective[0].fov, 40, 0);
    assert_int_equal(m->animation_count, 1);
    assert_true(ta_node_is_none(m->animation_roots[0]));
    const ta_clip *back = m->animations[0];
    assert_string_equal(ta_clip_name(back), "show");
    assert_int_equal(ta_clip_track_count(back), 7);
    for (uint32_t i = 0; i < 7; ++i) {
        const ta_track *a = ta_clip_track(w.clip, i), *b = ta_clip_track(back, i);
        assert_true(ta_track_target_eq(ta_track_target_of(a), ta_track_target_of(b)));
        assert_memory_equal(ta_track_values(a), ta_track_values(b), ta_track_value_size(a) * 2 * sizeof(float));
    }
    ta_model_destroy(m);
    ta_json_destroy(text);
    world_free(&w);
}

static void test_made_uuids_are_the_same_on_every_run(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_test_node_under(w.scene, w.root, "plain"); /* a node without a uuid */
    char *a = write_ok(&w), *b = write_ok(&w);
    assert_string_equal(a, b);
    json_t *d = json_loads(a, 0, NULL);
    const json_t *node = child(child(json_object_get(d, "object"), 0), 5);
    const char *uuid = str(node, "uuid");
    assert_string_equal(str(node, "name"), "plain");
    assert_int_equal(strlen(uuid), 36);
    assert_int_equal(uuid[14], '4'); /* version 4, as three.js's generateUUID */
    assert_true(strchr("89ab", uuid[19]) != NULL);
    json_decref(d);
    ta_json_destroy(a);
    ta_json_destroy(b);
    world_free(&w);
}

static void test_what_a_node_cannot_hold_becomes_its_own_object(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_error err = {0};
    /* A second light at the lamp's node, and a camera with no node. */
    ta_light spot = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    spot.node = w.lamp;
    spot.penumbra = 0.5f;
    TA_ASSERT_OK(ta_scene_add_light(w.scene, &spot, NULL, &err), &err);
    ta_perspective_camera loose = ta_perspective_camera_defaults();
    loose.fov = 70;
    TA_ASSERT_OK(ta_camera_list_add_perspective(w.cameras, &loose, NULL, &err), &err);
    ta_track_target pen, fov;
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(1), TA_TRACK_KIND_LIGHT_PENUMBRA, &pen, &err), &err);
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(1), TA_TRACK_KIND_CAMERA_FOV, &fov, &err), &err);
    const float v2[2] = {0, 1};
    ta_track *tracks[2] = {track(pen, v2, 2), track(fov, v2, 2)};
    ta_clip *clip = ta_test_clip("extra", tracks, 2, NULL);
    char *text;
    const ta_clip *clips[1] = {clip};
    TA_ASSERT_OK(ta_object_json_write(w.scene, w.assets, w.cameras, clips, 1, NULL, &text, &err), &err);
    ta_model *m;
    TA_ASSERT_OK(ta_object_json_read(text, strlen(text), NULL, &m, &err), &err);
    /* Two more nodes: the spot light below the lamp, the camera at the top. */
    assert_int_equal(m->scene->node_count, w.scene->node_count + 2);
    assert_int_equal(m->scene->light_count, 2);
    const ta_light *back_spot = &m->scene->lights[1];
    assert_int_equal(back_spot->kind, TA_LIGHT_KIND_SPOT);
    assert_int_equal(m->scene->nodes[back_spot->node.index].parent.index, w.lamp.index);
    assert_int_equal(m->cameras->perspective_count, 2);
    const ta_perspective_camera *back_cam = &m->cameras->perspective[1];
    TA_ASSERT_NEAR(back_cam->fov, 70, 0);
    assert_true(ta_node_is_none(m->scene->nodes[back_cam->node.index].parent));
    ta_track_target t0 = ta_track_target_of(ta_clip_track(m->animations[0], 0));
    assert_int_equal(t0.kind, TA_TRACK_KIND_LIGHT_PENUMBRA);
    assert_int_equal(t0.index, 1);
    ta_track_target t1 = ta_track_target_of(ta_clip_track(m->animations[0], 1));
    assert_int_equal(t1.family, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA);
    assert_int_equal(t1.index, 1);
    ta_model_destroy(m);
    ta_json_destroy(text);
    ta_clip_release(clip);
    world_free(&w);
}

static void refused(const world *w, const ta_clip *clip, ta_result code, const char *needle)
{
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_object_json_options opts = {&a, 0};
    char *text = (char *)&counter;
    ta_error err = {0};
    const ta_clip *clips[1] = {clip};
    TA_ASSERT_REFUSED(ta_object_json_write(w->scene, w->assets, w->cameras, clips, clip ? 1 : 0, &opts, &text, &err),
                      &err, code, needle);
    assert_ptr_equal(text, (char *)&counter);
    assert_int_equal(counter.live_bytes, 0);
}

static ta_clip *one_track_clip(ta_track_target target, ta_interpolation interp)
{
    static const float times[2] = {0, 1}, values[6] = {0, 0, 0, 1, 1, 1};
    const uint32_t count = 2 * ta_track_kind_value_size(target.kind);
    const bool cubic = interp == TA_INTERPOLATION_CUBIC_SPLINE; /* the values stand in for its tangents */
    ta_track *t = ta_test_track_tangents(NULL, target, interp, times, 2, values, count, cubic ? values : NULL,
                                         cubic ? values : NULL, cubic ? count : 0);
    ta_clip *clip = ta_test_clip("one", &t, 1, NULL);
    return clip;
}

static void test_refusals_name_what_is_wrong(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_error err = {0};
    ta_track_target t;

    TA_ASSERT_OK(ta_track_target_node(w.cube, TA_TRACK_KIND_POSITION, &t, &err), &err);
    ta_clip *cubic = one_track_clip(t, TA_INTERPOLATION_CUBIC_SPLINE);
    refused(&w, cubic, TA_ERROR_UNSUPPORTED, "animations[0].tracks[0]: a CUBIC_SPLINE track has no three.js JSON form");
    ta_clip_release(cubic);

    TA_ASSERT_OK(ta_track_target_node(ta_node_at(99), TA_TRACK_KIND_POSITION, &t, &err), &err);
    ta_clip *missing = one_track_clip(t, TA_INTERPOLATION_LINEAR);
    refused(&w, missing, TA_ERROR_MISSING_TARGET, "animations[0].tracks[0]: target: node 99 is not in the scene");
    ta_clip_release(missing);

    /* A Basic material has no roughness: three.js would bind the track to nothing. */
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_ROUGHNESS, &t, &err), &err);
    ta_clip *rough = one_track_clip(t, TA_INTERPOLATION_LINEAR);
    refused(&w, rough, TA_ERROR_UNSUPPORTED,
            "animations[0].tracks[0]: three.js would bind \"u-multi.material[0].roughness\" to nothing");
    ta_clip_release(rough);

    /* A node named as another's uuid, and found first: the path would bind it. */
    TA_ASSERT_OK(ta_scene_set_node_name(w.scene, w.cube, "u-cam", &err), &err);
    const float times[1] = {0}, flags[1] = {1};
    ta_track *vt = ta_test_node_track(w.cam, TA_TRACK_KIND_VISIBLE, times, 1, flags, 1);
    ta_clip_options co = {NULL, 1, TA_BLEND_MODE_DEFAULT, NULL, NULL, false, NULL, 0};
    ta_clip *clash = ta_test_clip("clash", &vt, 1, &co);
    refused(&w, clash, TA_ERROR_UNSUPPORTED, "three.js would bind \"u-cam.visible\" to another target");
    ta_clip_release(clash);
    TA_ASSERT_OK(ta_scene_set_node_name(w.scene, w.cube, "Cube", &err), &err);

    /* Two nodes of one uuid. */
    TA_ASSERT_OK(ta_scene_set_node_uuid(w.scene, w.multi, "u-cube", &err), &err);
    refused(&w, NULL, TA_ERROR_INVALID_ARGUMENT, "nodes 1 and 2: share the uuid \"u-cube\"");
    TA_ASSERT_OK(ta_scene_set_node_uuid(w.scene, w.multi, "u-multi", &err), &err);
    /* A mesh naming a material the assets do not have. */
    ta_scene_mesh(w.scene, ta_mesh_at(1))->materials[1] = ta_material_at(9);
    refused(&w, NULL, TA_ERROR_MISSING_TARGET, "scene.meshes[1].materials[1]: material 9 is not in the assets");
    ta_scene_mesh(w.scene, ta_mesh_at(1))->materials[1] = ta_material_at(1);
    /* A material naming a texture that is not there. */
    ta_assets_material(w.assets, ta_material_at(0))->map = ta_texture_at(4);
    refused(&w, NULL, TA_ERROR_MISSING_TARGET, "assets.materials[0].map: texture 4 is not in the assets");
    ta_assets_material(w.assets, ta_material_at(0))->map = ta_texture_at(0);
    /* JSON has no infinity: a number that is none is named, not taken for a
     * failed allocation. */
    ta_scene_node(w.scene, w.cube)->position.y = INFINITY;
    refused(&w, NULL, TA_ERROR_NOT_A_NUMBER, "nodes[1].position[1]: inf is not a finite number; JSON holds none");
    ta_scene_node(w.scene, w.cube)->position.y = 2;
    ta_scene_node(w.scene, w.hips)->quaternion.w = NAN;
    refused(&w, NULL, TA_ERROR_NOT_A_NUMBER, "nodes[4].quaternion[3]: nan is not a finite number");
    ta_scene_node(w.scene, w.hips)->quaternion.w = 1;
    ta_scene_mesh(w.scene, ta_mesh_at(0))->morph_influences[2] = -INFINITY;
    refused(&w, NULL, TA_ERROR_NOT_A_NUMBER, "scene.meshes[0].morph_influences[2]: -inf is not a finite number");
    ta_scene_mesh(w.scene, ta_mesh_at(0))->morph_influences[2] = 0.75f;

    char *text = NULL;
    TA_ASSERT_REFUSED(ta_object_json_write(NULL, w.assets, w.cameras, NULL, 0, NULL, &text, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_object_json_write(w.scene, w.assets, w.cameras, NULL, 2, NULL, &text, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "animations: is NULL with animation_count 2");
    assert_null(text);
    world_free(&w);
}

static void test_out_of_memory_anywhere_is_refused_cleanly(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    const ta_clip *clips[1] = {w.clip};
    for (long fail = 0;; ++fail) {
        ta_test_counter counter = {0, 0, 0, 0, fail};
        ta_allocator a = ta_test_counting_allocator(&counter);
        ta_object_json_options opts = {&a, 2};
        char *text = NULL;
        ta_error err = {0};
        ta_result r = ta_object_json_write(w.scene, w.assets, w.cameras, clips, 1, &opts, &text, &err);
        if (r == TA_OK) {
            assert_true(fail > 10);
            ta_json_destroy(text);
            assert_int_equal(counter.live_bytes, 0);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(text);
        assert_int_equal(counter.live_bytes, 0);
    }
    world_free(&w);
}

static void test_a_written_file_reads_back(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    const char *path = TA_BINARY_DIR "/test_object_json_write.json";
    ta_error err = {0};
    const ta_clip *clips[1] = {w.clip};
    TA_ASSERT_OK(ta_object_json_write_file(path, w.scene, w.assets, w.cameras, clips, 1, NULL, &err), &err);
    ta_model *m;
    TA_ASSERT_OK(ta_object_json_read_file(path, NULL, &m, &err), &err);
    assert_int_equal(m->scene->node_count, w.scene->node_count);
    assert_int_equal(m->animation_count, 1);
    ta_model_destroy(m);
    remove(path);
    TA_ASSERT_REFUSED(ta_object_json_write_file(TA_BINARY_DIR "/no/such/dir/x.json", w.scene, w.assets, w.cameras,
                                                clips, 1, NULL, &err),
                      &err, TA_ERROR_IO, "no/such/dir/x.json");
    world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_document_is_what_object_loader_reads),
        cmocka_unit_test(test_threeanim_reads_back_what_it_wrote),
        cmocka_unit_test(test_made_uuids_are_the_same_on_every_run),
        cmocka_unit_test(test_what_a_node_cannot_hold_becomes_its_own_object),
        cmocka_unit_test(test_refusals_name_what_is_wrong),
        cmocka_unit_test(test_out_of_memory_anywhere_is_refused_cleanly),
        cmocka_unit_test(test_a_written_file_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
