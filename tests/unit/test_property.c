/* ta_property_read: a target's current value, in a track's units, from a
 * scene, assets and cameras built here; ta_property_address: where it sits;
 * and each refusal, which writes nothing. */
#include <math.h>
#include <stdlib.h>

#include "ta_test.h"
#include "ta_test_build.h"
#include "threeanim/threeanim.h"

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_node_id arm, face, lamp, eye;
} world;

static void world_make(world *w)
{
    ta_error err = {0};
    w->scene = ta_test_scene();
    w->assets = ta_test_assets();
    w->cameras = ta_test_cameras();
    w->arm = ta_test_node_under(w->scene, ta_node_none(), "Arm");
    w->face = ta_test_node_under(w->scene, ta_node_none(), "Face");
    w->lamp = ta_test_node_under(w->scene, ta_node_none(), "Lamp");
    w->eye = ta_test_node_under(w->scene, ta_node_none(), "Eye");
    ta_node *arm = ta_scene_node(w->scene, w->arm);
    arm->position = (ta_vec3){1, 2, 3};
    arm->scale = (ta_vec3){4, 5, 6};
    /* 90 degrees about z: Euler XYZ (0, 0, pi/2) */
    arm->quaternion = (ta_quat){0, 0, (float)sqrt(0.5), (float)sqrt(0.5)};
    arm->visible = false;

    ta_texture tex = ta_texture_defaults();
    tex.offset = (ta_vec2){0.25f, 0.5f};
    tex.rotation = 0.75f;
    ta_texture_id map;
    TA_ASSERT_OK(ta_assets_add_texture(w->assets, &tex, "tex", NULL, &map, &err), &err);
    ta_material skin = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
    skin.color[0] = 255;
    skin.color[1] = 0;
    skin.color[2] = 0;
    skin.opacity = 0.5f;
    skin.ior = 1.25f;
    skin.transparent = true;
    skin.map = map;
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &skin, "skin", NULL, NULL, &err), &err);
    ta_material bare = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &bare, "bare", NULL, NULL, &err), &err);

    const float influences[2] = {0.125f, 0.875f};
    const char *const names[2] = {"smile", "frown"};
    const ta_material_id mats[1] = {ta_material_at(0)};
    ta_mesh_desc md = {0};
    md.node = w->face;
    md.morph_count = 2;
    md.morph_influences = influences;
    md.morph_names = names;
    md.materials = mats;
    md.material_count = 1;
    TA_ASSERT_OK(ta_scene_add_mesh(w->scene, &md, NULL, &err), &err);

    ta_light spot = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    spot.node = w->lamp;
    spot.intensity = 7;
    TA_ASSERT_OK(ta_scene_add_light(w->scene, &spot, NULL, &err), &err);

    ta_perspective_camera cam = ta_perspective_camera_defaults();
    cam.node = w->eye;
    cam.fov = 40;
    TA_ASSERT_OK(ta_camera_list_add_perspective(w->cameras, &cam, NULL, &err), &err);
}

static void world_free(world *w)
{
    ta_camera_list_destroy(w->cameras);
    ta_assets_destroy(w->assets);
    ta_scene_destroy(w->scene);
}

/* Each test's world, made before it and freed after it. */
static int world_setup(void **state)
{
    world *w = calloc(1, sizeof *w);
    if (w == NULL) return -1;
    world_make(w);
    *state = w;
    return 0;
}

static int world_teardown(void **state)
{
    world_free((world *)*state);
    free(*state);
    return 0;
}

static ta_property_value read_ok(const ta_mixer_targets *where, ta_track_target t)
{
    ta_error err = {0};
    ta_property_value v;
    memset(&v, 0x55, sizeof v);
    TA_ASSERT_OK(ta_property_read(where, t, &v, &err), &err);
    return v;
}

static void test_reads_each_family_in_track_units(void **state)
{
    world w = *(world *)*state;
    ta_mixer_targets where = {w.scene, w.assets, w.cameras};
    ta_error err = {0};
    ta_track_target t;

    t = ta_test_node_target(w.arm, TA_TRACK_KIND_POSITION);
    ta_property_value v = read_ok(&where, t);
    assert_int_equal(v.count, 3);
    assert_true(v.v[0] == 1 && v.v[1] == 2 && v.v[2] == 3 && v.v[3] == 0);
    assert_null(v.text);

    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_QUATERNION, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 4);
    TA_ASSERT_NEAR(v.v[3], sqrt(0.5), 1e-7);

    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_VISIBLE, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 1);
    assert_true(v.v[0] == 0.0f);

    TA_ASSERT_OK(ta_track_target_node_element(w.arm, TA_TRACK_KIND_SCALE_ELEMENT, 1, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 1);
    assert_true(v.v[0] == 5.0f);

    /* a rotation element is the Euler XYZ angle of the quaternion */
    TA_ASSERT_OK(ta_track_target_node_element(w.arm, TA_TRACK_KIND_ROTATION_ELEMENT, 2, &t, &err), &err);
    v = read_ok(&where, t);
    TA_ASSERT_NEAR(v.v[0], 1.5707963267948966, 1e-6);

    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_NODE_NAME, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 0);
    assert_string_equal(v.text, "Arm");

    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 1);
    assert_true(v.v[0] == 0.875f);

    /* colors come back as linear channels; the material keeps sRGB bytes */
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_COLOR, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 3);
    assert_true(v.v[0] == 1.0f && v.v[1] == 0.0f && v.v[2] == 0.0f);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_IOR, &t, &err), &err);
    assert_true(read_ok(&where, t).v[0] == 1.25f);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_TRANSPARENT, &t, &err), &err);
    assert_true(read_ok(&where, t).v[0] == 1.0f);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &t, &err), &err);
    v = read_ok(&where, t);
    assert_int_equal(v.count, 2);
    assert_true(v.v[0] == 0.25f && v.v[1] == 0.5f);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_ROTATION, &t, &err), &err);
    assert_true(read_ok(&where, t).v[0] == 0.75f);

    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err);
    assert_true(read_ok(&where, t).v[0] == 7.0f);

    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    assert_true(read_ok(&where, t).v[0] == 40.0f);
}

static void test_refusals_name_what_is_missing_and_write_nothing(void **state)
{
    world w = *(world *)*state;
    ta_mixer_targets where = {w.scene, w.assets, w.cameras};
    ta_error err = {0};
    ta_track_target t;
    ta_property_value v, untouched;
    memset(&v, 0x55, sizeof v);
    memcpy(&untouched, &v, sizeof v);

    t = ta_test_node_target(w.arm, TA_TRACK_KIND_POSITION);
    TA_ASSERT_REFUSED(ta_property_read(NULL, t, &v, &err), &err, TA_ERROR_INVALID_ARGUMENT, "targets");
    TA_ASSERT_REFUSED(ta_property_read(&where, t, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_value");
    ta_mixer_targets no_scene = {NULL, w.assets, w.cameras};
    TA_ASSERT_REFUSED(ta_property_read(&no_scene, t, &v, &err), &err, TA_ERROR_INVALID_ARGUMENT, "targets->scene");

    ta_track_target far = t;
    far.index = 9;
    TA_ASSERT_REFUSED(ta_property_read(&where, far, &v, &err), &err, TA_ERROR_MISSING_TARGET, "node 9");

    ta_track_target wrong = t;
    wrong.kind = TA_TRACK_KIND_LIGHT_INTENSITY;
    TA_ASSERT_REFUSED(ta_property_read(&where, wrong, &v, &err), &err, TA_ERROR_WRONG_KIND, "target");

    ta_track_target axis;
    TA_ASSERT_OK(ta_track_target_node_element(w.arm, TA_TRACK_KIND_POSITION_ELEMENT, 0, &axis, &err), &err);
    axis.element = 3;
    TA_ASSERT_REFUSED(ta_property_read(&where, axis, &v, &err), &err, TA_ERROR_OUT_OF_RANGE, "element 3");

    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 2, &t, &err), &err);
    TA_ASSERT_REFUSED(ta_property_read(&where, t, &v, &err), &err, TA_ERROR_MISSING_TARGET, "no target 2");

    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    ta_mixer_targets no_assets = {w.scene, NULL, w.cameras};
    TA_ASSERT_REFUSED(ta_property_read(&no_assets, t, &v, &err), &err, TA_ERROR_MISSING_CONTEXT, "assets");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(1), TA_TRACK_KIND_MATERIAL_MAP_REPEAT, &t, &err), &err);
    TA_ASSERT_REFUSED(ta_property_read(&where, t, &v, &err), &err, TA_ERROR_MISSING_TARGET, "material 1 has no map");

    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FAR, &t, &err), &err);
    ta_mixer_targets no_cameras = {w.scene, w.assets, NULL};
    TA_ASSERT_REFUSED(ta_property_read(&no_cameras, t, &v, &err), &err, TA_ERROR_MISSING_CONTEXT, "cameras");

    assert_memory_equal(&v, &untouched, sizeof v);
}

static void *address_ok(const ta_mixer_targets *where, ta_track_target t)
{
    ta_error err = {0};
    void *p = NULL;
    TA_ASSERT_OK(ta_property_address(where, t, &p, &err), &err);
    return p;
}

static void test_address_is_the_field_the_mixer_writes(void **state)
{
    world w = *(world *)*state;
    ta_mixer_targets where = {w.scene, w.assets, w.cameras};
    ta_error err = {0};
    ta_track_target t;
    ta_node *arm = ta_scene_node(w.scene, w.arm);
    ta_material *skin = &w.assets->materials[0];

    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_QUATERNION, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &arm->quaternion.x);
    TA_ASSERT_OK(ta_track_target_node_element(w.arm, TA_TRACK_KIND_SCALE_ELEMENT, 2, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &arm->scale.z);
    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_VISIBLE, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &arm->visible);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &w.scene->meshes[0].morph_influences[1]);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_EMISSIVE, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), skin->emissive);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_IOR, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &skin->ior);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_WIREFRAME, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &skin->wireframe);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_CENTER, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &w.assets->textures[0].center.x);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_COLOR, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), w.scene->lights[0].color);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_PENUMBRA, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &w.scene->lights[0].penumbra);
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_NEAR, &t, &err), &err);
    assert_ptr_equal(address_ok(&where, t), &w.cameras->perspective[0].near);

    /* refused: nothing written */
    void *p = &err;
    TA_ASSERT_OK(ta_track_target_node_element(w.arm, TA_TRACK_KIND_ROTATION_ELEMENT, 0, &t, &err), &err);
    TA_ASSERT_REFUSED(ta_property_address(&where, t, &p, &err), &err, TA_ERROR_WRONG_KIND, "quaternion");
    TA_ASSERT_OK(ta_track_target_node(w.arm, TA_TRACK_KIND_NODE_NAME, &t, &err), &err);
    TA_ASSERT_REFUSED(ta_property_address(&where, t, &p, &err), &err, TA_ERROR_WRONG_KIND, "ta_property_read");
    TA_ASSERT_REFUSED(ta_property_address(&where, t, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_address");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(1), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &t, &err), &err);
    TA_ASSERT_REFUSED(ta_property_address(&where, t, &p, &err), &err, TA_ERROR_MISSING_TARGET, "material 1 has no map");
    assert_ptr_equal(p, &err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_reads_each_family_in_track_units, world_setup, world_teardown),
        cmocka_unit_test_setup_teardown(test_refusals_name_what_is_missing_and_write_nothing, world_setup,
                                        world_teardown),
        cmocka_unit_test_setup_teardown(test_address_is_the_field_the_mixer_writes, world_setup, world_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
