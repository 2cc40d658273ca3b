/* Lights: three.js's constructor defaults (from the fixture), and every range
 * of ta_light_validate at its edges, through validate and through
 * ta_scene_add_light, which must leave the scene as it was when it refuses. */
#include "core_dump.h"
#include "core_fixture.h"

#include <float.h>

#include "threeanim/light.h"
#include "threeanim/scene.h"

static const char *const kind_names[TA_LIGHT_KIND_COUNT] = {
    "AmbientLight", "DirectionalLight", "PointLight", "SpotLight", "HemisphereLight",
};

static uint32_t hex_of(const uint8_t c[3])
{
    return ((uint32_t)c[0] << 16) | ((uint32_t)c[1] << 8) | c[2];
}

static void test_defaults_match_threejs_constructors(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *lights = json_object_get(json_object_get(fx, "defaults"), "lights");
    assert_int_equal(json_array_size(lights), TA_LIGHT_KIND_COUNT);
    for (int k = 0; k < TA_LIGHT_KIND_COUNT; ++k) {
        json_t *row = json_array_get(lights, (size_t)k);
        const char *kind = json_string_value(json_object_get(row, "kind"));
        assert_string_equal(kind, kind_names[k]);
        assert_string_equal(ta_light_kind_name((ta_light_kind)k), kind);
        ta_light l = ta_light_defaults((ta_light_kind)k);
        assert_int_equal(l.kind, k);
        assert_true(ta_node_is_none(l.node));
        assert_int_equal(hex_of(l.color), (uint32_t)core_field(row, "color"));
        assert_true(l.intensity == (float)core_field(row, "intensity"));
        if (json_object_get(row, "ground_color")) assert_int_equal(hex_of(l.ground_color), (uint32_t)core_field(row, "ground_color"));
        if (json_object_get(row, "distance")) assert_true(l.distance == (float)core_field(row, "distance"));
        if (json_object_get(row, "angle")) assert_true(l.angle == (float)core_field(row, "angle")); /* float(pi/3) */
        if (json_object_get(row, "penumbra")) assert_true(l.penumbra == (float)core_field(row, "penumbra"));
        if (json_object_get(row, "decay")) assert_true(l.decay == (float)core_field(row, "decay"));
        /* the defaults of every kind pass validation */
        ta_error err = {0};
        TA_ASSERT_OK(ta_light_validate(&l, &err), &err);
    }
    assert_string_equal(ta_light_kind_name(TA_LIGHT_KIND_COUNT), "?");
    assert_string_equal(ta_light_kind_name((ta_light_kind)-1), "?");
    json_decref(fx);
}

typedef enum field { INTENSITY, DISTANCE, ANGLE, PENUMBRA, DECAY } field;
static const char *const field_names[] = {"intensity", "distance", "angle", "penumbra", "decay"};

static float *field_of(ta_light *l, field f)
{
    switch (f) {
    case INTENSITY: return &l->intensity;
    case DISTANCE: return &l->distance;
    case ANGLE: return &l->angle;
    case PENUMBRA: return &l->penumbra;
    case DECAY: return &l->decay;
    }
    return NULL;
}

typedef struct edge {
    field f;
    float value;
    ta_result expected;
    const char *reason; /* the end of the message, after "light.<field>: <value> " */
} edge;

/* pi/2 as a float is 1.57079637, a hair above pi/2: it is accepted (a loader
 * reads Math.PI / 2 as it); the next float up is refused. */
#define HALF_PI_F ((float)(3.14159265358979323846 / 2))

static void test_every_range_at_its_edges(void **state)
{
    (void)state;
    const edge edges[] = {
        {INTENSITY, 0.0f, TA_OK, NULL},
        {INTENSITY, -0.0f, TA_OK, NULL},
        {INTENSITY, FLT_TRUE_MIN, TA_OK, NULL},
        {INTENSITY, FLT_MAX, TA_OK, NULL},
        {INTENSITY, -FLT_TRUE_MIN, TA_ERROR_OUT_OF_RANGE, "is below 0"},
        {INTENSITY, -1.0f, TA_ERROR_OUT_OF_RANGE, "is below 0"},
        {DISTANCE, 0.0f, TA_OK, NULL},
        {DISTANCE, 1e30f, TA_OK, NULL},
        {DISTANCE, -FLT_TRUE_MIN, TA_ERROR_OUT_OF_RANGE, "is below 0"},
        {DISTANCE, -100.0f, TA_ERROR_OUT_OF_RANGE, "is below 0"},
        {ANGLE, FLT_TRUE_MIN, TA_OK, NULL},
        {ANGLE, 1.0f, TA_OK, NULL},
        {ANGLE, HALF_PI_F, TA_OK, NULL},
        {ANGLE, 0.0f, TA_ERROR_OUT_OF_RANGE, "is not in (0, pi/2]"},
        {ANGLE, -0.0f, TA_ERROR_OUT_OF_RANGE, "is not in (0, pi/2]"},
        {ANGLE, -0.5f, TA_ERROR_OUT_OF_RANGE, "is not in (0, pi/2]"},
        {ANGLE, 1.57079649f /* nextafterf(HALF_PI_F, 2) */, TA_ERROR_OUT_OF_RANGE, "is not in (0, pi/2]"},
        {ANGLE, 3.0f, TA_ERROR_OUT_OF_RANGE, "is not in (0, pi/2]"},
        {PENUMBRA, 0.0f, TA_OK, NULL},
        {PENUMBRA, 1.0f, TA_OK, NULL},
        {PENUMBRA, 0.5f, TA_OK, NULL},
        {PENUMBRA, -FLT_TRUE_MIN, TA_ERROR_OUT_OF_RANGE, "is not in [0, 1]"},
        {PENUMBRA, 1.00000012f /* nextafterf(1, 2) */, TA_ERROR_OUT_OF_RANGE, "is not in [0, 1]"},
        {DECAY, 0.0f, TA_OK, NULL},
        {DECAY, 2.0f, TA_OK, NULL},
        {DECAY, -1.0f, TA_OK, NULL}, /* three.js documents no range for decay */
    };
    ta_error err = {0};
    /* each case also goes through ta_scene_add_light: refused, the scene is
     * as it was; accepted, it holds one more light, equal to the one given */
    ta_scene *scene = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &scene, &err), &err);
    ta_node_id node;
    TA_ASSERT_OK(ta_scene_add_node(scene, ta_node_none(), "lamp", &node, &err), &err);
    static core_dump before, after;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) {
        const edge *e = &edges[i];
        ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
        l.node = node;
        *field_of(&l, e->f) = e->value;
        core_dump_scene(scene, &before);
        uint32_t count = scene->light_count;
        ta_light_id idx = {4321};
        ta_result added = ta_scene_add_light(scene, &l, &idx, &err);
        assert_int_equal(added, e->expected);
        if (added == TA_OK) {
            assert_int_equal(scene->light_count, count + 1);
            assert_int_equal(idx.index, count);
            assert_true(*field_of(&scene->lights[count], e->f) == e->value);
        } else {
            core_dump_scene(scene, &after);
            assert_string_equal(before.text, after.text);
            assert_int_equal(idx.index, 4321);
        }
        ta_result r = ta_light_validate(&l, &err);
        if (r != e->expected) {
            print_error("case %zu: light.%s = %.9g: %s, expected %s (%s)\n", i, field_names[e->f], (double)e->value,
                        ta_result_name(r), ta_result_name(e->expected), err.message);
            fail();
        }
        if (e->expected != TA_OK) {
            char needle[128];
            /* the message names the field and the value, and says why */
            snprintf(needle, sizeof needle, "light.%s: %.9g %s", field_names[e->f], (double)e->value, e->reason);
            TA_ASSERT_REFUSED(ta_light_validate(&l, &err), &err, e->expected, needle);
        }
    }
    ta_scene_destroy(scene);
    /* the ends checked above are the floats next to the limits */
    assert_true(nextafterf(HALF_PI_F, 2.0f) == 1.57079649f);
    assert_true(nextafterf(1.0f, 2.0f) == 1.00000012f);
}

static void test_non_finite_numbers_are_refused(void **state)
{
    (void)state;
    const float bad[] = {NAN, INFINITY, -INFINITY};
    const char *const shown[] = {"nan", "inf", "-inf"};
    ta_error err = {0};
    for (int f = INTENSITY; f <= DECAY; ++f)
        for (int b = 0; b < 3; ++b) {
            ta_light l = ta_light_defaults(TA_LIGHT_KIND_POINT);
            *field_of(&l, (field)f) = bad[b];
            char needle[128];
            snprintf(needle, sizeof needle, "light.%s: %s is not a finite number", field_names[f], shown[b]);
            TA_ASSERT_REFUSED(ta_light_validate(&l, &err), &err, TA_ERROR_NOT_A_NUMBER, needle);
        }
}

static void test_unknown_kind_and_null(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_AMBIENT);
    l.kind = TA_LIGHT_KIND_COUNT;
    TA_ASSERT_REFUSED(ta_light_validate(&l, &err), &err, TA_ERROR_UNKNOWN_ENUM, "light.kind: 5 is not a light kind");
    l.kind = (ta_light_kind)-3;
    TA_ASSERT_REFUSED(ta_light_validate(&l, &err), &err, TA_ERROR_UNKNOWN_ENUM, "light.kind: -3 is not");
    TA_ASSERT_REFUSED(ta_light_validate(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "light: is NULL");
    /* err may be NULL: the code still comes back */
    assert_int_equal(ta_light_validate(NULL, NULL), TA_ERROR_INVALID_ARGUMENT);
}

/* ---- through the scene -------------------------------------------------------- */

/* Field by field: memcmp would read the padding after ground_color. */
static bool same_light(const ta_light *a, const ta_light *b)
{
    return a->kind == b->kind && a->node.index == b->node.index && memcmp(a->color, b->color, 3) == 0 &&
           memcmp(a->ground_color, b->ground_color, 3) == 0 && a->intensity == b->intensity &&
           a->distance == b->distance && a->angle == b->angle && a->penumbra == b->penumbra && a->decay == b->decay;
}

static void test_scene_add_light_refusals_change_nothing(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *scene = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &scene, &err), &err);
    ta_node_id node;
    TA_ASSERT_OK(ta_scene_add_node(scene, ta_node_none(), "lamp", &node, &err), &err);
    ta_light first = ta_light_defaults(TA_LIGHT_KIND_HEMISPHERE);
    first.node = node;
    first.color[1] = 7;
    first.ground_color[2] = 9;
    ta_light_id idx = {77};
    TA_ASSERT_OK(ta_scene_add_light(scene, &first, &idx, &err), &err);
    assert_int_equal(idx.index, 0);
    uint64_t version = scene->structure_version;

    ta_light bad = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    bad.node = node;
    bad.penumbra = 2;
    idx.index = 77;
    TA_ASSERT_REFUSED(ta_scene_add_light(scene, &bad, &idx, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "light.penumbra: 2 is not in [0, 1]");
    bad = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    bad.node = ta_node_at(5);
    TA_ASSERT_REFUSED(ta_scene_add_light(scene, &bad, &idx, &err), &err, TA_ERROR_MISSING_TARGET,
                      "light.node: node 5 is not in the scene, which has 1 nodes");
    bad.node = ta_node_none();
    TA_ASSERT_REFUSED(ta_scene_add_light(scene, &bad, &idx, &err), &err, TA_ERROR_MISSING_TARGET,
                      "light.node: node 4294967295 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_add_light(scene, NULL, &idx, &err), &err, TA_ERROR_INVALID_ARGUMENT, "light: is NULL");
    TA_ASSERT_REFUSED(ta_scene_add_light(NULL, &first, &idx, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    /* nothing changed */
    assert_int_equal(idx.index, 77);
    assert_int_equal(scene->light_count, 1);
    assert_true(scene->structure_version == version);
    assert_true(same_light(&scene->lights[0], &first));

    /* accepted: a copy, at the next index */
    ta_light spot = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    spot.node = node;
    spot.angle = HALF_PI_F;
    TA_ASSERT_OK(ta_scene_add_light(scene, &spot, &idx, &err), &err);
    assert_int_equal(idx.index, 1);
    assert_int_equal(scene->light_count, 2);
    spot.angle = 0.1f; /* the scene's copy is its own */
    assert_true(ta_scene_light(scene, idx)->angle == HALF_PI_F);
    assert_true(ta_scene_light_const(scene, idx) == ta_scene_light(scene, idx));
    assert_null(ta_scene_light(scene, ta_light_at(2)));
    assert_null(ta_scene_light_const(scene, ta_light_at(TA_NONE)));
    assert_null(ta_scene_light(NULL, ta_light_at(0)));
    assert_true(scene->structure_version > version);
    ta_scene_destroy(scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_match_threejs_constructors),
        cmocka_unit_test(test_every_range_at_its_edges),
        cmocka_unit_test(test_non_finite_numbers_are_refused),
        cmocka_unit_test(test_unknown_kind_and_null),
        cmocka_unit_test(test_scene_add_light_refusals_change_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
