/* The kinds of track (names, value sizes and types, families), the names of
 * interpolations and endings, and the target constructors. */
#include "ta_test.h"

#include "threeanim/keyframe_track.h"

static void test_kind_table_follows_the_spec(void **state)
{
    (void)state;
    /* The spec's table of kinds: numbers a key holds, and what it drives. */
    assert_string_equal(ta_track_kind_name(TA_POSITION), "POSITION");
    assert_string_equal(ta_track_kind_name(TA_SKINNED_MORPH_INFLUENCE), "SKINNED_MORPH_INFLUENCE");
    assert_string_equal(ta_track_kind_name(TA_MATERIAL_MAP_ROTATION), "MATERIAL_MAP_ROTATION");
    assert_string_equal(ta_track_kind_name(TA_CAMERA_FAR), "CAMERA_FAR");
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_COUNT), "?");
    assert_string_equal(ta_track_kind_name((ta_track_kind)-1), "?");

    assert_int_equal(ta_track_kind_value_size(TA_POSITION), 3);
    assert_int_equal(ta_track_kind_value_size(TA_SCALE), 3);
    assert_int_equal(ta_track_kind_value_size(TA_QUATERNION), 4);
    assert_int_equal(ta_track_kind_value_size(TA_VISIBLE), 1);
    assert_int_equal(ta_track_kind_value_size(TA_NODE_NAME), 1);
    assert_int_equal(ta_track_kind_value_size(TA_MORPH_INFLUENCE), 1);
    assert_int_equal(ta_track_kind_value_size(TA_ROTATION_ELEMENT), 1);
    assert_int_equal(ta_track_kind_value_size(TA_MATERIAL_SPECULAR), 3);
    assert_int_equal(ta_track_kind_value_size(TA_MATERIAL_IOR), 1);
    assert_int_equal(ta_track_kind_value_size(TA_MATERIAL_MAP_OFFSET), 2);
    assert_int_equal(ta_track_kind_value_size(TA_MATERIAL_MAP_CENTER), 2);
    assert_int_equal(ta_track_kind_value_size(TA_MATERIAL_MAP_ROTATION), 1);
    assert_int_equal(ta_track_kind_value_size(TA_LIGHT_COLOR), 3);
    assert_int_equal(ta_track_kind_value_size(TA_CAMERA_FOV), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_COUNT), 0);

    assert_int_equal(ta_track_kind_value_type(TA_QUATERNION), TA_VALUE_ROTATION);
    assert_int_equal(ta_track_kind_value_type(TA_VISIBLE), TA_VALUE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_MATERIAL_TRANSPARENT), TA_VALUE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_MATERIAL_WIREFRAME), TA_VALUE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_NODE_NAME), TA_VALUE_STRING);
    assert_int_equal(ta_track_kind_value_type(TA_MATERIAL_COLOR), TA_VALUE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_MATERIAL_EMISSIVE), TA_VALUE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_LIGHT_COLOR), TA_VALUE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_POSITION), TA_VALUE_NUMBER);
    assert_int_equal(ta_track_kind_value_type(TA_MATERIAL_MAP_REPEAT), TA_VALUE_NUMBER);

    assert_int_equal(ta_track_kind_family(TA_POSITION_ELEMENT), TA_FAMILY_NODE);
    assert_int_equal(ta_track_kind_family(TA_MORPH_INFLUENCE), TA_FAMILY_MESH);
    assert_int_equal(ta_track_kind_family(TA_SKINNED_MORPH_INFLUENCE), TA_FAMILY_SKINNED_MESH);
    assert_int_equal(ta_track_kind_family(TA_MATERIAL_MAP_OFFSET), TA_FAMILY_MATERIAL);
    assert_int_equal(ta_track_kind_family(TA_LIGHT_PENUMBRA), TA_FAMILY_LIGHT);
    assert_int_equal(ta_track_kind_family(TA_CAMERA_ZOOM), TA_FAMILY_PERSPECTIVE_CAMERA);
}

static void test_every_kind_has_a_name_and_a_size(void **state)
{
    (void)state;
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        assert_string_not_equal(ta_track_kind_name((ta_track_kind)k), "?");
        uint32_t size = ta_track_kind_value_size((ta_track_kind)k);
        assert_true(size >= 1 && size <= 4);
        for (int j = 0; j < k; ++j)
            assert_string_not_equal(ta_track_kind_name((ta_track_kind)k), ta_track_kind_name((ta_track_kind)j));
    }
}

static void test_interpolation_and_ending_names(void **state)
{
    (void)state;
    assert_string_equal(ta_interpolation_name(TA_LINEAR), "LINEAR");
    assert_string_equal(ta_interpolation_name(TA_STEP), "STEP");
    assert_string_equal(ta_interpolation_name(TA_SMOOTH), "SMOOTH");
    assert_string_equal(ta_interpolation_name(TA_CUBIC_SPLINE), "CUBIC_SPLINE");
    assert_string_equal(ta_interpolation_name(TA_BEZIER), "BEZIER");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_COUNT), "?");
    assert_string_equal(ta_ending_name(TA_ZERO_CURVATURE_ENDING), "ZERO_CURVATURE_ENDING");
    assert_string_equal(ta_ending_name(TA_ZERO_SLOPE_ENDING), "ZERO_SLOPE_ENDING");
    assert_string_equal(ta_ending_name(TA_WRAP_AROUND_ENDING), "WRAP_AROUND_ENDING");
    assert_string_equal(ta_ending_name((ta_ending)3), "?");
}

static void test_constructors_fill_the_target(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_node_target(ta_node_at(4), TA_QUATERNION, &t, &err), &err);
    assert_int_equal(t.kind, TA_QUATERNION);
    assert_int_equal(t.family, TA_FAMILY_NODE);
    assert_int_equal(t.index, 4);
    assert_int_equal(t.element, 0);

    TA_ASSERT_OK(ta_node_element_target(ta_node_at(2), TA_SCALE_ELEMENT, 1, &t, &err), &err);
    assert_int_equal(t.kind, TA_SCALE_ELEMENT);
    assert_int_equal(t.index, 2);
    assert_int_equal(t.element, 1);

    TA_ASSERT_OK(ta_morph_target(ta_mesh_at(3), 7, &t, &err), &err);
    assert_int_equal(t.kind, TA_MORPH_INFLUENCE);
    assert_int_equal(t.family, TA_FAMILY_MESH);
    assert_int_equal(t.index, 3);
    assert_int_equal(t.element, 7);

    TA_ASSERT_OK(ta_skinned_morph_target(ta_skinned_mesh_at(1), 0, &t, &err), &err);
    assert_int_equal(t.kind, TA_SKINNED_MORPH_INFLUENCE);
    assert_int_equal(t.family, TA_FAMILY_SKINNED_MESH);

    TA_ASSERT_OK(ta_material_target(ta_material_at(5), TA_MATERIAL_MAP_REPEAT, &t, &err), &err);
    assert_int_equal(t.family, TA_FAMILY_MATERIAL);
    assert_int_equal(t.index, 5);

    TA_ASSERT_OK(ta_light_target(ta_light_at(6), TA_LIGHT_ANGLE, &t, &err), &err);
    assert_int_equal(t.family, TA_FAMILY_LIGHT);

    TA_ASSERT_OK(ta_perspective_camera_target(ta_perspective_camera_at(0), TA_CAMERA_FOV, &t, &err), &err);
    assert_int_equal(t.family, TA_FAMILY_PERSPECTIVE_CAMERA);

    TA_ASSERT_OK(ta_orthographic_camera_target(ta_orthographic_camera_at(2), TA_CAMERA_NEAR, &t, &err), &err);
    assert_int_equal(t.kind, TA_CAMERA_NEAR);
    assert_int_equal(t.family, TA_FAMILY_ORTHOGRAPHIC_CAMERA);
    assert_int_equal(t.index, 2);
}

/* Each family's constructor takes exactly the kinds of its family. */
static void test_each_constructor_takes_only_its_family(void **state)
{
    (void)state;
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        ta_track_kind kind = (ta_track_kind)k;
        ta_target_family family = ta_track_kind_family(kind);
        bool element = kind == TA_POSITION_ELEMENT || kind == TA_SCALE_ELEMENT || kind == TA_ROTATION_ELEMENT;
        ta_track_target t;
        ta_error err = {0};
        assert_int_equal(ta_node_target(ta_node_at(0), kind, &t, &err) == TA_OK,
                         family == TA_FAMILY_NODE && !element);
        assert_int_equal(ta_node_element_target(ta_node_at(0), kind, 0, &t, &err) == TA_OK,
                         family == TA_FAMILY_NODE && element);
        assert_int_equal(ta_material_target(ta_material_at(0), kind, &t, &err) == TA_OK,
                         family == TA_FAMILY_MATERIAL);
        assert_int_equal(ta_light_target(ta_light_at(0), kind, &t, &err) == TA_OK, family == TA_FAMILY_LIGHT);
        assert_int_equal(ta_perspective_camera_target(ta_perspective_camera_at(0), kind, &t, &err) == TA_OK,
                         family == TA_FAMILY_PERSPECTIVE_CAMERA);
        assert_int_equal(ta_orthographic_camera_target(ta_orthographic_camera_at(0), kind, &t, &err) == TA_OK,
                         family == TA_FAMILY_PERSPECTIVE_CAMERA && kind != TA_CAMERA_FOV);
    }
}

/* Row "A target function given a kind of another thing": WRONG_KIND, and the
 * output is left alone. */
static void test_a_kind_of_another_family_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_CAMERA_FAR, TA_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_node_target(ta_node_at(0), TA_LIGHT_INTENSITY, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "kind: LIGHT_INTENSITY is a kind of a light, not of a node");
    TA_ASSERT_REFUSED(ta_material_target(ta_material_at(0), TA_POSITION, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "POSITION is a kind of a node, not of a material");
    TA_ASSERT_REFUSED(ta_light_target(ta_light_at(0), TA_MATERIAL_COLOR, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "MATERIAL_COLOR");
    TA_ASSERT_REFUSED(ta_perspective_camera_target(ta_perspective_camera_at(0), TA_LIGHT_COLOR, &t, &err), &err,
                      TA_ERROR_WRONG_KIND, "LIGHT_COLOR");
    TA_ASSERT_REFUSED(ta_orthographic_camera_target(ta_orthographic_camera_at(0), TA_CAMERA_FOV, &t, &err), &err,
                      TA_ERROR_WRONG_KIND, "CAMERA_FOV");
    /* a whole vector through the element constructor, and one number without it */
    TA_ASSERT_REFUSED(ta_node_element_target(ta_node_at(0), TA_POSITION, 0, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "POSITION drives a whole vector");
    TA_ASSERT_REFUSED(ta_node_target(ta_node_at(0), TA_ROTATION_ELEMENT, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "ROTATION_ELEMENT drives one number");
    assert_int_equal(t.kind, TA_CAMERA_FAR);
    assert_int_equal(t.family, TA_FAMILY_LIGHT);
    assert_int_equal(t.index, 99);
    assert_int_equal(t.element, 5);
}

/* Row "A morph target below 0" (above 7 is a target like any other, refused
 * at update only past the mesh's own), and an axis past z. */
static void test_a_morph_target_or_axis_out_of_range_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_CAMERA_FAR, TA_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_skinned_morph_target(ta_skinned_mesh_at(0), UINT32_MAX, &t, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "target: morph target 4294967295 is -1 passed as unsigned");
    TA_ASSERT_REFUSED(ta_node_element_target(ta_node_at(0), TA_POSITION_ELEMENT, 3, &t, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "axis: 3 is not 0 (x), 1 (y) or 2 (z)");
    assert_int_equal(t.kind, TA_CAMERA_FAR);
    assert_int_equal(t.element, 5);
    TA_ASSERT_OK(ta_morph_target(ta_mesh_at(0), 51, &t, &err), &err);
    assert_int_equal(t.kind, TA_MORPH_INFLUENCE);
    assert_int_equal(t.element, 51);
}

/* Row "A kind ... that is not named", at the constructors. */
static void test_a_kind_not_named_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_CAMERA_FAR, TA_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_node_target(ta_node_at(0), TA_TRACK_KIND_COUNT, &t, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "kind: 40 is not a track kind");
    TA_ASSERT_REFUSED(ta_light_target(ta_light_at(0), (ta_track_kind)-3, &t, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "kind: -3 is not a track kind");
    TA_ASSERT_REFUSED(ta_node_target(ta_node_at(0), TA_POSITION, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_target");
    assert_int_equal(t.kind, TA_CAMERA_FAR);
}

static void test_targets_are_equal_field_by_field(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target a, b, c, d, e;
    TA_ASSERT_OK(ta_node_element_target(ta_node_at(1), TA_POSITION_ELEMENT, 2, &a, &err), &err);
    TA_ASSERT_OK(ta_node_element_target(ta_node_at(1), TA_POSITION_ELEMENT, 2, &b, &err), &err);
    TA_ASSERT_OK(ta_node_element_target(ta_node_at(1), TA_POSITION_ELEMENT, 1, &c, &err), &err);
    TA_ASSERT_OK(ta_node_element_target(ta_node_at(2), TA_POSITION_ELEMENT, 2, &d, &err), &err);
    TA_ASSERT_OK(ta_node_element_target(ta_node_at(1), TA_SCALE_ELEMENT, 2, &e, &err), &err);
    assert_true(ta_track_target_eq(a, b));
    assert_false(ta_track_target_eq(a, c));
    assert_false(ta_track_target_eq(a, d));
    assert_false(ta_track_target_eq(a, e));
    /* the same index and kind on the two kinds of camera are two targets */
    ta_track_target p, o;
    TA_ASSERT_OK(ta_perspective_camera_target(ta_perspective_camera_at(0), TA_CAMERA_ZOOM, &p, &err), &err);
    TA_ASSERT_OK(ta_orthographic_camera_target(ta_orthographic_camera_at(0), TA_CAMERA_ZOOM, &o, &err), &err);
    assert_false(ta_track_target_eq(p, o));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kind_table_follows_the_spec),
        cmocka_unit_test(test_every_kind_has_a_name_and_a_size),
        cmocka_unit_test(test_interpolation_and_ending_names),
        cmocka_unit_test(test_constructors_fill_the_target),
        cmocka_unit_test(test_each_constructor_takes_only_its_family),
        cmocka_unit_test(test_a_kind_of_another_family_is_refused),
        cmocka_unit_test(test_a_morph_target_or_axis_out_of_range_is_refused),
        cmocka_unit_test(test_a_kind_not_named_is_refused),
        cmocka_unit_test(test_targets_are_equal_field_by_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
