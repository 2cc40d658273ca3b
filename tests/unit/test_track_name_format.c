/* ta_track_name_format: the name three.js binds, for each kind of target,
 * byte for byte; the measuring call; and the refusals (a buffer too small, an
 * owner that would not parse back, a map of a mesh of several materials). */
#include "ta_test.h"
#include "threeanim/threeanim.h"

static void name_is(ta_track_target t, const char *node, int32_t slot, const char *morph, const char *want)
{
    ta_error err = {0};
    ta_target_owner owner = {node, slot};
    char buf[128];
    size_t len = 0;
    TA_ASSERT_OK(ta_track_name_format(&t, &owner, morph, buf, sizeof buf, &len, &err), &err);
    assert_string_equal(buf, want);
    assert_int_equal(len, strlen(want));
    /* and it parses back to the same node */
    ta_track_name parsed;
    char parts[TA_TRACK_NAME_BUFFER_SIZE(128)];
    TA_ASSERT_OK(ta_track_name_parse(buf, &parsed, parts, sizeof parts, &err), &err);
    assert_string_equal(parsed.node_name != NULL ? parsed.node_name : "", node);
}

static void test_each_family_names_as_three_js_does(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(3), TA_TRACK_KIND_QUATERNION, &t, &err), &err);
    name_is(t, "Hips", -1, NULL, "Hips.quaternion");
    name_is(t, "", -1, NULL, ".quaternion");
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION_ELEMENT, 0, &t, &err), &err);
    name_is(t, "Arm", -1, NULL, "Arm.position[x]");
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_ROTATION_ELEMENT, 2, &t, &err), &err);
    name_is(t, "Arm", -1, NULL, "Arm.rotation[z]");
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_NODE_NAME, &t, &err), &err);
    name_is(t, "Arm", -1, NULL, "Arm.name");

    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 3, &t, &err), &err);
    name_is(t, "Face", -1, NULL, "Face.morphTargetInfluences[3]");
    name_is(t, "Face", -1, "smile", "Face.morphTargetInfluences[smile]");
    /* a morph name three.js cannot carry in brackets goes by number */
    name_is(t, "Face", -1, "a]b", "Face.morphTargetInfluences[3]");
    name_is(t, "Face", -1, "", "Face.morphTargetInfluences[3]");
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(1), 0, &t, &err), &err);
    name_is(t, "Body", -1, "blink", "Body.morphTargetInfluences[blink]");

    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    name_is(t, "Bubble", -1, NULL, "Bubble.material.opacity");
    name_is(t, "Bubble", 1, NULL, "Bubble.material[1].opacity");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_EMISSIVE_INTENSITY, &t, &err), &err);
    name_is(t, "Bubble", -1, "ignored", "Bubble.material.emissiveIntensity");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &t, &err), &err);
    name_is(t, "Bubble", -1, NULL, "Bubble.map.offset");

    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err);
    name_is(t, "Lamp", -1, NULL, "Lamp.intensity");
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    name_is(t, "4b1d3c-uuid", -1, NULL, "4b1d3c-uuid.fov");
}

static void test_measures_then_refuses_a_short_buffer_unwritten(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 0, &t, &err), &err);
    ta_target_owner owner = {"Face", -1};
    size_t len = 0;
    TA_ASSERT_OK(ta_track_name_format(&t, &owner, "smile", NULL, 0, &len, &err), &err);
    assert_int_equal(len, strlen("Face.morphTargetInfluences[smile]"));

    char buf[8];
    memset(buf, 'z', sizeof buf);
    size_t told = 0;
    TA_ASSERT_REFUSED(ta_track_name_format(&t, &owner, "smile", buf, sizeof buf, &told, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "out_size: 8 bytes");
    assert_int_equal(told, len);
    for (size_t i = 0; i < sizeof buf; ++i) assert_int_equal(buf[i], 'z');
    /* exactly the length plus the NUL fits */
    char exact[34];
    assert_int_equal(sizeof exact, len + 1);
    TA_ASSERT_OK(ta_track_name_format(&t, &owner, "smile", exact, sizeof exact, NULL, &err), &err);
    assert_string_equal(exact, "Face.morphTargetInfluences[smile]");
}

static void test_refuses_names_that_would_not_bind(void **state)
{
    (void)state;
    ta_error err = {0};
    char buf[64];
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_POSITION, &t, &err), &err);
    ta_target_owner dotted = {"arm.L", -1};
    TA_ASSERT_REFUSED(ta_track_name_format(&t, &dotted, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_UNSUPPORTED, "owner->node: \"arm.L\" holds '.' at byte 3");
    ta_target_owner none = {NULL, -1};
    TA_ASSERT_REFUSED(ta_track_name_format(&t, &none, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "owner->node");
    ta_target_owner arm = {"Arm", -1};
    TA_ASSERT_REFUSED(ta_track_name_format(NULL, &arm, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "target");
    TA_ASSERT_REFUSED(ta_track_name_format(&t, &arm, NULL, NULL, 4, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out: is NULL with out_size 4");

    ta_track_target wrong = t;
    wrong.kind = TA_TRACK_KIND_CAMERA_FOV;
    TA_ASSERT_REFUSED(ta_track_name_format(&wrong, &arm, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_WRONG_KIND, "target");
    ta_track_target unnamed = t;
    unnamed.kind = TA_TRACK_KIND_COUNT;
    TA_ASSERT_REFUSED(ta_track_name_format(&unnamed, &arm, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_UNKNOWN_ENUM, "target");

    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_REPEAT, &t, &err), &err);
    ta_target_owner second = {"Body", 1};
    TA_ASSERT_REFUSED(ta_track_name_format(&t, &second, NULL, buf, sizeof buf, NULL, &err), &err,
                      TA_ERROR_UNSUPPORTED, "map");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_family_names_as_three_js_does),
        cmocka_unit_test(test_measures_then_refuses_a_short_buffer_unwritten),
        cmocka_unit_test(test_refuses_names_that_would_not_bind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
