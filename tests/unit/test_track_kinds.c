/* The kinds of track (names, value sizes and types, families, and the rest of
 * TA_TRACK_KIND_LIST), the names of interpolations and endings, and the target
 * constructors. */
#include <stdio.h>
#include <string.h>

#include "ta_test.h"

#include "threeanim/keyframe_track.h"

static void test_kind_table_follows_the_spec(void **state)
{
    (void)state;
    /* The table of kinds (keyframe_track.h): numbers a key holds, and what it drives. */
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_POSITION), "POSITION");
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE), "SKINNED_MORPH_INFLUENCE");
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_MATERIAL_MAP_ROTATION), "MATERIAL_MAP_ROTATION");
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_CAMERA_FAR), "CAMERA_FAR");
    assert_string_equal(ta_track_kind_name(TA_TRACK_KIND_COUNT), "?");
    assert_string_equal(ta_track_kind_name((ta_track_kind)-1), "?");

    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_POSITION), 3);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_SCALE), 3);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_QUATERNION), 4);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_VISIBLE), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_NODE_NAME), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MORPH_INFLUENCE), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_ROTATION_ELEMENT), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MATERIAL_SPECULAR), 3);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MATERIAL_IOR), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MATERIAL_MAP_OFFSET), 2);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MATERIAL_MAP_CENTER), 2);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_MATERIAL_MAP_ROTATION), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_LIGHT_COLOR), 3);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_CAMERA_FOV), 1);
    assert_int_equal(ta_track_kind_value_size(TA_TRACK_KIND_COUNT), 0);

    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_QUATERNION), TA_VALUE_TYPE_ROTATION);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_VISIBLE), TA_VALUE_TYPE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_MATERIAL_TRANSPARENT), TA_VALUE_TYPE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_MATERIAL_WIREFRAME), TA_VALUE_TYPE_FLAG);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_NODE_NAME), TA_VALUE_TYPE_STRING);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_MATERIAL_COLOR), TA_VALUE_TYPE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_MATERIAL_EMISSIVE), TA_VALUE_TYPE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_LIGHT_COLOR), TA_VALUE_TYPE_COLOR);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_POSITION), TA_VALUE_TYPE_NUMBER);
    assert_int_equal(ta_track_kind_value_type(TA_TRACK_KIND_MATERIAL_MAP_REPEAT), TA_VALUE_TYPE_NUMBER);

    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_POSITION_ELEMENT), TA_TARGET_FAMILY_NODE);
    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_MORPH_INFLUENCE), TA_TARGET_FAMILY_MESH);
    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE), TA_TARGET_FAMILY_SKINNED_MESH);
    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_MATERIAL_MAP_OFFSET), TA_TARGET_FAMILY_MATERIAL);
    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_LIGHT_PENUMBRA), TA_TARGET_FAMILY_LIGHT);
    assert_int_equal(ta_track_kind_family(TA_TRACK_KIND_CAMERA_ZOOM), TA_TARGET_FAMILY_PERSPECTIVE_CAMERA);
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
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_LINEAR), "LINEAR");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_STEP), "STEP");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_SMOOTH), "SMOOTH");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_CUBIC_SPLINE), "CUBIC_SPLINE");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_BEZIER), "BEZIER");
    assert_string_equal(ta_interpolation_name(TA_INTERPOLATION_COUNT), "?");
    assert_string_equal(ta_ending_name(TA_ENDING_ZERO_CURVATURE), "ZERO_CURVATURE_ENDING");
    assert_string_equal(ta_ending_name(TA_ENDING_ZERO_SLOPE), "ZERO_SLOPE_ENDING");
    assert_string_equal(ta_ending_name(TA_ENDING_WRAP_AROUND), "WRAP_AROUND_ENDING");
    assert_string_equal(ta_ending_name((ta_ending)3), "?");
}

static void test_constructors_fill_the_target(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(4), TA_TRACK_KIND_QUATERNION, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_QUATERNION);
    assert_int_equal(t.family, TA_TARGET_FAMILY_NODE);
    assert_int_equal(t.index, 4);
    assert_int_equal(t.element, 0);

    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(2), TA_TRACK_KIND_SCALE_ELEMENT, 1, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_SCALE_ELEMENT);
    assert_int_equal(t.index, 2);
    assert_int_equal(t.element, 1);

    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(3), 7, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_MORPH_INFLUENCE);
    assert_int_equal(t.family, TA_TARGET_FAMILY_MESH);
    assert_int_equal(t.index, 3);
    assert_int_equal(t.element, 7);

    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(1), 0, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE);
    assert_int_equal(t.family, TA_TARGET_FAMILY_SKINNED_MESH);

    TA_ASSERT_OK(ta_track_target_material(ta_material_at(5), TA_TRACK_KIND_MATERIAL_MAP_REPEAT, &t, &err), &err);
    assert_int_equal(t.family, TA_TARGET_FAMILY_MATERIAL);
    assert_int_equal(t.index, 5);

    TA_ASSERT_OK(ta_track_target_light(ta_light_at(6), TA_TRACK_KIND_LIGHT_ANGLE, &t, &err), &err);
    assert_int_equal(t.family, TA_TARGET_FAMILY_LIGHT);

    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    assert_int_equal(t.family, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA);

    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(2), TA_TRACK_KIND_CAMERA_NEAR, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_CAMERA_NEAR);
    assert_int_equal(t.family, TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA);
    assert_int_equal(t.index, 2);
}

/* Each family's constructor takes exactly the kinds of its family. */
static void test_each_constructor_takes_only_its_family(void **state)
{
    (void)state;
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        ta_track_kind kind = (ta_track_kind)k;
        ta_target_family family = ta_track_kind_family(kind);
        bool element = kind == TA_TRACK_KIND_POSITION_ELEMENT || kind == TA_TRACK_KIND_SCALE_ELEMENT || kind == TA_TRACK_KIND_ROTATION_ELEMENT;
        ta_track_target t;
        ta_error err = {0};
        assert_int_equal(ta_track_target_node(ta_node_at(0), kind, &t, &err) == TA_OK,
                         family == TA_TARGET_FAMILY_NODE && !element);
        assert_int_equal(ta_track_target_node_element(ta_node_at(0), kind, 0, &t, &err) == TA_OK,
                         family == TA_TARGET_FAMILY_NODE && element);
        assert_int_equal(ta_track_target_material(ta_material_at(0), kind, &t, &err) == TA_OK,
                         family == TA_TARGET_FAMILY_MATERIAL);
        assert_int_equal(ta_track_target_light(ta_light_at(0), kind, &t, &err) == TA_OK, family == TA_TARGET_FAMILY_LIGHT);
        assert_int_equal(ta_track_target_perspective_camera(ta_perspective_camera_at(0), kind, &t, &err) == TA_OK,
                         family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA);
        assert_int_equal(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), kind, &t, &err) == TA_OK,
                         family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA && kind != TA_TRACK_KIND_CAMERA_FOV);
    }
}

/* Row "A target function given a kind of another thing": WRONG_KIND, and the
 * output is left alone. */
static void test_a_kind_of_another_family_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_TRACK_KIND_CAMERA_FAR, TA_TARGET_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "kind: LIGHT_INTENSITY is a kind of a light, not of a node");
    TA_ASSERT_REFUSED(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_POSITION, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "POSITION is a kind of a node, not of a material");
    TA_ASSERT_REFUSED(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_MATERIAL_COLOR, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "MATERIAL_COLOR");
    TA_ASSERT_REFUSED(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_LIGHT_COLOR, &t, &err), &err,
                      TA_ERROR_WRONG_KIND, "LIGHT_COLOR");
    TA_ASSERT_REFUSED(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err,
                      TA_ERROR_WRONG_KIND, "CAMERA_FOV");
    /* a whole vector through the element constructor, and one number without it */
    TA_ASSERT_REFUSED(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION, 0, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "POSITION drives a whole vector");
    TA_ASSERT_REFUSED(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_ROTATION_ELEMENT, &t, &err), &err, TA_ERROR_WRONG_KIND,
                      "ROTATION_ELEMENT drives one number");
    assert_int_equal(t.kind, TA_TRACK_KIND_CAMERA_FAR);
    assert_int_equal(t.family, TA_TARGET_FAMILY_LIGHT);
    assert_int_equal(t.index, 99);
    assert_int_equal(t.element, 5);
}

/* Row "A morph target below 0" (above 7 is a target like any other, refused
 * at update only past the mesh's own), and an axis past z. */
static void test_a_morph_target_or_axis_out_of_range_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_TRACK_KIND_CAMERA_FAR, TA_TARGET_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_track_target_skinned_morph(ta_skinned_mesh_at(0), UINT32_MAX, &t, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "target: morph target 4294967295 is -1 passed as unsigned");
    TA_ASSERT_REFUSED(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION_ELEMENT, 3, &t, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "axis: 3 is not 0 (x), 1 (y) or 2 (z)");
    assert_int_equal(t.kind, TA_TRACK_KIND_CAMERA_FAR);
    assert_int_equal(t.element, 5);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 51, &t, &err), &err);
    assert_int_equal(t.kind, TA_TRACK_KIND_MORPH_INFLUENCE);
    assert_int_equal(t.element, 51);
}

/* Row "A kind ... that is not named", at the constructors. */
static void test_a_kind_not_named_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target t = {TA_TRACK_KIND_CAMERA_FAR, TA_TARGET_FAMILY_LIGHT, 99, 5};
    TA_ASSERT_REFUSED(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_COUNT, &t, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "kind: 40 is not a track kind");
    TA_ASSERT_REFUSED(ta_track_target_light(ta_light_at(0), (ta_track_kind)-3, &t, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "kind: -3 is not a track kind");
    TA_ASSERT_REFUSED(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_POSITION, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_target");
    assert_int_equal(t.kind, TA_TRACK_KIND_CAMERA_FAR);
}

static void test_targets_are_equal_field_by_field(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_target a, b, c, d, e;
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(1), TA_TRACK_KIND_POSITION_ELEMENT, 2, &a, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(1), TA_TRACK_KIND_POSITION_ELEMENT, 2, &b, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(1), TA_TRACK_KIND_POSITION_ELEMENT, 1, &c, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(2), TA_TRACK_KIND_POSITION_ELEMENT, 2, &d, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(1), TA_TRACK_KIND_SCALE_ELEMENT, 2, &e, &err), &err);
    assert_true(ta_track_target_eq(a, b));
    assert_false(ta_track_target_eq(a, c));
    assert_false(ta_track_target_eq(a, d));
    assert_false(ta_track_target_eq(a, e));
    /* the same index and kind on the two kinds of camera are two targets */
    ta_track_target p, o;
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &p, &err), &err);
    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &o, &err), &err);
    assert_false(ta_track_target_eq(p, o));
}

/* The columns of one row of TA_TRACK_KIND_LIST, as the test reads them. */
typedef struct kind_row {
    ta_track_kind value;
    const char *name;
    uint32_t size;
    ta_value_type type;
    ta_target_family family;
    const char *element;
    const char *holder;
    const char *property;
    const char *json;
    const char *range;
    const char *unit;
    const char *gltf;
} kind_row;

/* The list's type and family columns name the enum values without their prefix. */
#define TYPE_NUMBER TA_VALUE_TYPE_NUMBER
#define TYPE_COLOR TA_VALUE_TYPE_COLOR
#define TYPE_ROTATION TA_VALUE_TYPE_ROTATION
#define TYPE_FLAG TA_VALUE_TYPE_FLAG
#define TYPE_STRING TA_VALUE_TYPE_STRING
#define OF_NODE TA_TARGET_FAMILY_NODE
#define OF_MESH TA_TARGET_FAMILY_MESH
#define OF_SKINNED_MESH TA_TARGET_FAMILY_SKINNED_MESH
#define OF_MATERIAL TA_TARGET_FAMILY_MATERIAL
#define OF_LIGHT TA_TARGET_FAMILY_LIGHT
#define OF_PERSPECTIVE_CAMERA TA_TARGET_FAMILY_PERSPECTIVE_CAMERA
#define OF_ORTHOGRAPHIC_CAMERA TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA

static const kind_row rows[] = {
#define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf)                     \
    {value, name, size, TYPE_##type, OF_##family, #element, #holder, property, #json, #range, unit, gltf},
    TA_TRACK_KIND_LIST(X)
#undef X
};

/* Every row of the list: in enum order, and each lookup gives back what the
 * row says, and the columns agree with each other. */
static void test_the_kind_list_round_trips(void **state)
{
    (void)state;
    assert_int_equal(sizeof rows / sizeof rows[0], TA_TRACK_KIND_COUNT);
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        const kind_row *r = &rows[k];
        ta_track_kind kind = (ta_track_kind)k;
        assert_int_equal(r->value, kind);
        /* name -> kind -> name */
        assert_string_equal(ta_track_kind_name(kind), r->name);
        for (int j = 0; j < TA_TRACK_KIND_COUNT; ++j)
            if (strcmp(ta_track_kind_name((ta_track_kind)j), r->name) == 0) assert_int_equal(j, k);
        assert_int_equal(ta_track_kind_value_size(kind), r->size);
        assert_int_equal(ta_track_kind_value_type(kind), r->type);
        assert_int_equal(ta_track_kind_family(kind), r->family);
        assert_string_equal(ta_track_kind_property_name(kind), r->property);
        assert_string_equal(ta_track_kind_unit(kind), r->unit);

        /* the property path: the name, after "map." for the map's */
        char path[64];
        snprintf(path, sizeof path, "%s%s", strcmp(r->holder, "MAP") == 0 ? "map." : "", r->property);
        assert_string_equal(ta_track_kind_property_path(kind), path);

        /* three.js property -> kind, on the kind's family (and for a camera
         * kind but the field of view, on an orthographic camera too) */
        bool element = strcmp(r->element, "NONE") != 0;
        ta_track_kind found = TA_TRACK_KIND_COUNT;
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_kind_find(r->family, path, element, &found, &err), &err);
        assert_int_equal(found, kind);
        if (r->family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA) {
            ta_result res = ta_track_kind_find(TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, path, false, &found, &err);
            assert_int_equal(res, kind == TA_TRACK_KIND_CAMERA_FOV ? TA_ERROR_NOT_FOUND : TA_OK);
            assert_int_equal(found, kind);
        }
        /* an _ELEMENT kind needs an element, any other but a morph kind takes none */
        if (strcmp(r->element, "AXIS") == 0 || strcmp(r->element, "NONE") == 0) {
            ta_result res = ta_track_kind_find(r->family, path, !element, &found, &err);
            if (res == TA_OK) assert_int_not_equal(found, kind);
        }

        /* the value size matches the value type, and the JSON type and the range agree with both */
        switch (r->type) {
        case TA_VALUE_TYPE_ROTATION:
            assert_int_equal(r->size, 4);
            assert_string_equal(r->json, "QUATERNION");
            break;
        case TA_VALUE_TYPE_COLOR:
            assert_int_equal(r->size, 3);
            assert_string_equal(r->json, "COLOR");
            break;
        case TA_VALUE_TYPE_FLAG:
            assert_int_equal(r->size, 1);
            assert_string_equal(r->json, "BOOL");
            break;
        case TA_VALUE_TYPE_STRING:
            assert_int_equal(r->size, 1);
            assert_string_equal(r->json, "STRING");
            break;
        default:
            assert_true(r->size >= 1 && r->size <= 3);
            assert_string_equal(r->json, r->size == 1 ? "NUMBER" : "VECTOR");
        }
        assert_int_equal(strcmp(r->range, "COLOR") == 0, r->type == TA_VALUE_TYPE_COLOR);
        if (strcmp(r->range, "ANY") != 0 && strcmp(r->range, "COLOR") != 0) assert_int_equal(r->size, 1);
        assert_int_equal(strcmp(r->element, "MORPH") == 0,
                         r->family == TA_TARGET_FAMILY_MESH || r->family == TA_TARGET_FAMILY_SKINNED_MESH);
        assert_int_equal(strcmp(r->holder, "MAP") == 0, strncmp(r->name, "MATERIAL_MAP_", 13) == 0);
    }
    assert_string_equal(ta_track_kind_property_name(TA_TRACK_KIND_COUNT), "?");
    assert_string_equal(ta_track_kind_property_path((ta_track_kind)-1), "?");
    assert_string_equal(ta_track_kind_unit(TA_TRACK_KIND_COUNT), "");
}

/* A few facts written out by hand from three.js 0.186.0 and glTF, against the list. */
static void test_kind_facts_match_three_js(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_kind k = TA_TRACK_KIND_COUNT;
    /* ".material.ior" is a NumberKeyframeTrack of one number */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, "ior", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_MATERIAL_IOR);
    assert_int_equal(ta_track_kind_value_size(k), 1);
    assert_int_equal(ta_track_kind_value_type(k), TA_VALUE_TYPE_NUMBER);
    assert_string_equal(rows[k].json, "NUMBER");
    assert_string_equal(rows[k].range, "IOR");
    assert_string_equal(rows[k].gltf, "extensions/KHR_materials_ior/ior");
    /* ".quaternion" is a QuaternionKeyframeTrack of 4 numbers; glTF's "rotation" */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "quaternion", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_QUATERNION);
    assert_int_equal(ta_track_kind_value_size(k), 4);
    assert_string_equal(rows[k].json, "QUATERNION");
    assert_string_equal(rows[k].gltf, "rotation");
    /* ".position" is a VectorKeyframeTrack of 3, glTF's "translation", in meters;
     * ".position[x]" one number of it */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "position", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_POSITION);
    assert_string_equal(rows[k].json, "VECTOR");
    assert_string_equal(rows[k].gltf, "translation");
    assert_string_equal(ta_track_kind_unit(k), "m");
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "position", true, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_POSITION_ELEMENT);
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "rotation", true, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_ROTATION_ELEMENT);
    /* ".visible" a BooleanKeyframeTrack, ".name" a StringKeyframeTrack */
    assert_string_equal(rows[TA_TRACK_KIND_VISIBLE].json, "BOOL");
    assert_string_equal(rows[TA_TRACK_KIND_NODE_NAME].json, "STRING");
    assert_null(rows[TA_TRACK_KIND_NODE_NAME].gltf);
    /* ".material.map.offset" a VectorKeyframeTrack of 2 on the map texture */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, "map.offset", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_MATERIAL_MAP_OFFSET);
    assert_int_equal(ta_track_kind_value_size(k), 2);
    assert_string_equal(ta_track_kind_property_name(k), "offset");
    assert_string_equal(rows[k].json, "VECTOR");
    /* ".color" is the material's on a material and the light's on a light */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, "color", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_MATERIAL_COLOR);
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_LIGHT, "color", false, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_LIGHT_COLOR);
    assert_string_equal(rows[k].json, "COLOR");
    /* ".morphTargetInfluences[2]" a number of a mesh, glTF's "weights" */
    TA_ASSERT_OK(ta_track_kind_find(TA_TARGET_FAMILY_SKINNED_MESH, "morphTargetInfluences", true, &k, &err), &err);
    assert_int_equal(k, TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE);
    assert_string_equal(rows[TA_TRACK_KIND_MORPH_INFLUENCE].gltf, "weights");
    /* ".fov" in degrees (glTF's yfov in radians); ".intensity" of a light not below 0 */
    assert_string_equal(ta_track_kind_unit(TA_TRACK_KIND_CAMERA_FOV), "degrees");
    assert_string_equal(rows[TA_TRACK_KIND_CAMERA_FOV].gltf, "yfov");
    assert_string_equal(rows[TA_TRACK_KIND_LIGHT_INTENSITY].range, "NOT_NEGATIVE");
    assert_string_equal(rows[TA_TRACK_KIND_LIGHT_PENUMBRA].range, "UNIT");
}

/* ta_track_kind_find refuses before it writes. */
static void test_kind_find_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_track_kind k = TA_TRACK_KIND_CAMERA_FAR;
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, "fov", false, &k, &err), &err,
                      TA_ERROR_NOT_FOUND, "property_path: \"fov\" names no kind of the orthographic camera family");
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_MATERIAL, "offset", false, &k, &err), &err, TA_ERROR_NOT_FOUND,
                      "offset");
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "quaternion", true, &k, &err), &err, TA_ERROR_NOT_FOUND,
                      "with an element");
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_COUNT, "position", false, &k, &err), &err,
                      TA_ERROR_UNKNOWN_ENUM, "family: 7 is not a target family");
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_NODE, NULL, false, &k, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "property_path: is NULL");
    TA_ASSERT_REFUSED(ta_track_kind_find(TA_TARGET_FAMILY_NODE, "position", false, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "out_kind: is NULL");
    assert_int_equal(k, TA_TRACK_KIND_CAMERA_FAR);
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
        cmocka_unit_test(test_the_kind_list_round_trips),
        cmocka_unit_test(test_kind_facts_match_three_js),
        cmocka_unit_test(test_kind_find_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
