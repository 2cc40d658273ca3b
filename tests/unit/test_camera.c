/* Cameras: three.js's defaults, projection matrices against three.js 0.186.0
 * (PerspectiveCamera / OrthographicCamera.updateProjectionMatrix over many
 * fov, zoom, aspect, planes and film offsets), every range at its edges, and
 * the camera list, which a refused add leaves unchanged. */
#include "core_dump.h"
#include "core_fixture.h"

#include <float.h>

#include "threeanim/camera.h"

static void test_defaults_match_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *d = json_object_get(fx, "defaults");
    json_t *p = json_object_get(d, "perspective_camera");
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    assert_true(ta_node_is_none(pc.node));
    assert_true(pc.fov == (float)core_field(p, "fov"));
    assert_true(pc.zoom == (float)core_field(p, "zoom"));
    assert_true(pc.near == (float)core_field(p, "near"));
    assert_true(pc.far == (float)core_field(p, "far"));
    assert_true(pc.aspect == (float)core_field(p, "aspect"));
    assert_true(pc.film_gauge == (float)core_field(p, "film_gauge"));
    assert_true(pc.film_offset == (float)core_field(p, "film_offset"));
    json_t *o = json_object_get(d, "orthographic_camera");
    ta_orthographic_camera oc = ta_orthographic_camera_defaults();
    assert_true(ta_node_is_none(oc.node));
    assert_true(oc.left == (float)core_field(o, "left"));
    assert_true(oc.right == (float)core_field(o, "right"));
    assert_true(oc.top == (float)core_field(o, "top"));
    assert_true(oc.bottom == (float)core_field(o, "bottom"));
    assert_true(oc.zoom == (float)core_field(o, "zoom"));
    assert_true(oc.near == (float)core_field(o, "near"));
    assert_true(oc.far == (float)core_field(o, "far"));
    ta_error err = {0};
    TA_ASSERT_OK(ta_perspective_camera_validate(&pc, &err), &err);
    TA_ASSERT_OK(ta_orthographic_camera_validate(&oc, &err), &err);
    json_decref(fx);
}

static double max_abs(const double *m, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; ++i) s = fmax(s, fabs(m[i]));
    return s;
}

static void test_perspective_projection_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "perspective");
    core_diff d = {0, 0};
    size_t offset = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        ta_perspective_camera c = ta_perspective_camera_defaults();
        c.fov = (float)core_field(row, "fov");
        c.zoom = (float)core_field(row, "zoom");
        c.near = (float)core_field(row, "near");
        c.far = (float)core_field(row, "far");
        c.aspect = (float)core_field(row, "aspect");
        c.film_gauge = (float)core_field(row, "film_gauge");
        c.film_offset = (float)core_field(row, "film_offset");
        if (c.film_offset != 0) offset++;
        ta_error err = {0};
        TA_ASSERT_OK(ta_perspective_camera_validate(&c, &err), &err);
        double want[16];
        core_vec(row, "m", want, 16);
        ta_mat4 m = ta_perspective_camera_projection(&c);
        double scale = max_abs(want, 16);
        for (size_t k = 0; k < 16; ++k) CORE_CHECK_F32(&d, m.m[k], want[k], scale, "perspective", i, k);
    }
    core_report(&d, "PerspectiveCamera.projectionMatrix");
    assert_true(offset >= 16);
    json_decref(fx);
}

static void test_orthographic_projection_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "orthographic");
    core_diff d = {0, 0};
    size_t mirrored = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        ta_orthographic_camera c = ta_orthographic_camera_defaults();
        c.left = (float)core_field(row, "left");
        c.right = (float)core_field(row, "right");
        c.top = (float)core_field(row, "top");
        c.bottom = (float)core_field(row, "bottom");
        c.zoom = (float)core_field(row, "zoom");
        c.near = (float)core_field(row, "near");
        c.far = (float)core_field(row, "far");
        if (c.left > c.right) mirrored++;
        ta_error err = {0};
        TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
        double want[16];
        core_vec(row, "m", want, 16);
        ta_mat4 m = ta_orthographic_camera_projection(&c);
        double scale = max_abs(want, 16);
        for (size_t k = 0; k < 16; ++k) CORE_CHECK_F32(&d, m.m[k], want[k], scale, "orthographic", i, k);
    }
    core_report(&d, "OrthographicCamera.projectionMatrix");
    assert_true(mirrored >= 5);
    json_decref(fx);
}

static void test_projection_follows_the_fields(void **state)
{
    (void)state;
    /* Worked out from the definition, with no film offset: top = near *
     * tan(fov / 2) / zoom, so m[5] = near / top = zoom / tan(fov / 2), m[0] =
     * m[5] / aspect, m[10] = -(far + near) / (far - near), m[14] = -2 far near
     * / (far - near), m[11] = -1, m[15] = 0. */
    ta_perspective_camera c = ta_perspective_camera_defaults();
    c.fov = 90;
    c.zoom = 2;
    c.aspect = 2;
    c.near = 1;
    c.far = 3;
    ta_mat4 m = ta_perspective_camera_projection(&c);
    TA_ASSERT_NEAR(m.m[5], 2.0, 1e-6);
    TA_ASSERT_NEAR(m.m[0], 1.0, 1e-6);
    TA_ASSERT_NEAR(m.m[10], -2.0, 1e-6);
    TA_ASSERT_NEAR(m.m[14], -3.0, 1e-6);
    assert_true(m.m[11] == -1 && m.m[15] == 0 && m.m[8] == 0 && m.m[9] == 0);
    /* a track writes a field; the next projection follows it */
    c.fov = 60;
    m = ta_perspective_camera_projection(&c);
    TA_ASSERT_NEAR(m.m[5], 2.0 / tan(3.14159265358979323846 / 6), 1e-6);
    /* orthographic: a 4 x 2 view centred on (1, 0) at zoom 2 is 2 x 1 */
    ta_orthographic_camera o = ta_orthographic_camera_defaults();
    o.left = -1;
    o.right = 3;
    o.top = 1;
    o.bottom = -1;
    o.zoom = 2;
    o.near = 0;
    o.far = 10;
    m = ta_orthographic_camera_projection(&o);
    TA_ASSERT_NEAR(m.m[0], 1.0, 1e-7);   /* 2 / 2 */
    TA_ASSERT_NEAR(m.m[5], 2.0, 1e-7);   /* 2 / 1 */
    TA_ASSERT_NEAR(m.m[12], -1.0, 1e-7); /* -(2 + 0) / 2 */
    TA_ASSERT_NEAR(m.m[10], -0.2, 1e-7);
    TA_ASSERT_NEAR(m.m[14], -1.0, 1e-7);
    assert_true(m.m[15] == 1 && m.m[11] == 0);
}

/* ---- ranges --------------------------------------------------------------------- */

typedef struct pcase {
    const char *field;
    float value;
    ta_result expected;
    const char *needle; /* NULL: built as "perspective camera.<field>: <value>" */
} pcase;

static float *pfield(ta_perspective_camera *c, const char *f)
{
    if (!strcmp(f, "fov")) return &c->fov;
    if (!strcmp(f, "zoom")) return &c->zoom;
    if (!strcmp(f, "near")) return &c->near;
    if (!strcmp(f, "far")) return &c->far;
    if (!strcmp(f, "aspect")) return &c->aspect;
    if (!strcmp(f, "film_gauge")) return &c->film_gauge;
    return &c->film_offset;
}

/* Through a camera list holding one camera: refused, the list is as it was;
 * accepted, it holds the camera given. */
static void add_or_refuse_perspective(const ta_perspective_camera *c, ta_result expected, const char *needle)
{
    static core_dump before, after;
    ta_error err = {0};
    ta_camera_list *cams = NULL;
    TA_ASSERT_OK(ta_camera_list_create(NULL, &cams, &err), &err);
    ta_perspective_camera first = ta_perspective_camera_defaults();
    TA_ASSERT_OK(ta_camera_list_add_perspective(cams, &first, NULL, &err), &err);
    core_dump_cameras(cams, &before);
    ta_perspective_camera_id idx = {4321};
    ta_result r = ta_camera_list_add_perspective(cams, c, &idx, &err);
    assert_int_equal(r, expected);
    if (r == TA_OK) {
        assert_int_equal(idx.index, 1);
        assert_int_equal(cams->perspective_count, 2);
        assert_memory_equal(&cams->perspective[1], c, sizeof *c); /* floats and a uint32: no padding */
    } else {
        TA_ASSERT_CONTAINS(err.message, needle);
        core_dump_cameras(cams, &after);
        assert_string_equal(before.text, after.text);
        assert_int_equal(idx.index, 4321);
    }
    ta_camera_list_destroy(cams);
}

static void test_perspective_ranges_at_their_edges(void **state)
{
    (void)state;
    const pcase cases[] = {
        {"fov", FLT_TRUE_MIN, TA_OK, NULL},
        {"fov", 179.999985f /* nextafterf(180, 0) */, TA_OK, NULL},
        {"fov", 0, TA_ERROR_OUT_OF_RANGE, "perspective camera.fov: 0 degrees is not in (0, 180)"},
        {"fov", -0.0f, TA_ERROR_OUT_OF_RANGE, "perspective camera.fov: -0 degrees is not in (0, 180)"},
        {"fov", 180, TA_ERROR_OUT_OF_RANGE, "perspective camera.fov: 180 degrees is not in (0, 180)"},
        {"fov", 270, TA_ERROR_OUT_OF_RANGE, "perspective camera.fov: 270 degrees"},
        {"zoom", FLT_TRUE_MIN, TA_OK, NULL},
        {"zoom", 0, TA_ERROR_OUT_OF_RANGE, "perspective camera.zoom: 0 is not above 0"},
        {"zoom", -1, TA_ERROR_OUT_OF_RANGE, "perspective camera.zoom: -1 is not above 0"},
        {"near", FLT_TRUE_MIN, TA_OK, NULL},
        {"near", 0, TA_ERROR_OUT_OF_RANGE, "perspective camera.near: 0 is not above 0"},
        {"near", -0.1f, TA_ERROR_OUT_OF_RANGE, "perspective camera.near: -0.100000001 is not above 0"},
        {"near", 2000, TA_ERROR_OUT_OF_RANGE, "perspective camera: near 2000 and far 2000 cross"},
        {"near", 1999.99988f /* nextafterf(2000, 0) */, TA_OK, NULL},
        {"far", 0.100000009f /* nextafterf(0.1f, 1) */, TA_OK, NULL},
        {"far", 0.1f, TA_ERROR_OUT_OF_RANGE, "perspective camera: near 0.100000001 and far 0.100000001 cross"},
        {"far", 0.05f, TA_ERROR_OUT_OF_RANGE, "perspective camera: near 0.100000001 and far 0.0500000007 cross"},
        {"aspect", FLT_TRUE_MIN, TA_OK, NULL},
        {"aspect", 0, TA_ERROR_OUT_OF_RANGE, "perspective camera.aspect: 0 is not above 0"},
        {"film_gauge", FLT_TRUE_MIN, TA_OK, NULL},
        {"film_gauge", 0, TA_ERROR_OUT_OF_RANGE, "perspective camera.film_gauge: 0 is not above 0"},
        {"film_offset", -1000, TA_OK, NULL},
    };
    ta_error err = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        ta_perspective_camera c = ta_perspective_camera_defaults();
        *pfield(&c, cases[i].field) = cases[i].value;
        ta_result r = ta_perspective_camera_validate(&c, &err);
        if (r != cases[i].expected) {
            print_error("case %zu: %s = %.9g: %s (%s)\n", i, cases[i].field, (double)cases[i].value,
                        ta_result_name(r), err.message);
            fail();
        }
        if (r != TA_OK) TA_ASSERT_REFUSED(ta_perspective_camera_validate(&c, &err), &err, r, cases[i].needle);
        add_or_refuse_perspective(&c, r, cases[i].needle);
    }
    static const char *const fields[] = {"fov", "zoom", "near", "far", "aspect", "film_gauge", "film_offset"};
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    const char *const shown[3] = {"nan", "inf", "-inf"};
    for (size_t f = 0; f < 7; ++f)
        for (int b = 0; b < 3; ++b) {
            ta_perspective_camera c = ta_perspective_camera_defaults();
            *pfield(&c, fields[f]) = bad[b];
            char needle[96];
            snprintf(needle, sizeof needle, "perspective camera.%s: %s is not a finite number", fields[f], shown[b]);
            TA_ASSERT_REFUSED(ta_perspective_camera_validate(&c, &err), &err, TA_ERROR_NOT_A_NUMBER, needle);
            add_or_refuse_perspective(&c, TA_ERROR_NOT_A_NUMBER, needle);
        }
    TA_ASSERT_REFUSED(ta_perspective_camera_validate(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "camera: is NULL");
    assert_true(nextafterf(180, 0) == 179.999985f && nextafterf(0.1f, 1) == 0.100000009f);
}

static float *ofield(ta_orthographic_camera *c, int f)
{
    float *fields[7] = {&c->left, &c->right, &c->top, &c->bottom, &c->zoom, &c->near, &c->far};
    return fields[f];
}

static void test_orthographic_ranges_at_their_edges(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_orthographic_camera c = ta_orthographic_camera_defaults();
    c.zoom = FLT_TRUE_MIN;
    TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
    c.zoom = 0;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera.zoom: 0 is not above 0");
    c.zoom = -2;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera.zoom: -2 is not above 0");
    c = ta_orthographic_camera_defaults();
    c.near = -50; /* an orthographic near plane may be behind the camera */
    TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
    c.near = c.far;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera: near 2000 and far 2000 cross");
    c.near = nextafterf(c.far, 0);
    TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
    c.near = 3000;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera: near 3000 and far 2000 cross");
    /* mirrored views are three.js's too; an empty one is refused */
    c = ta_orthographic_camera_defaults();
    c.left = 1;
    c.right = -1;
    TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
    c.right = 1;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera: left and right are both 1");
    c = ta_orthographic_camera_defaults();
    c.bottom = c.top;
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera: top and bottom are both 1");
    c.bottom = nextafterf(c.top, 0);
    TA_ASSERT_OK(ta_orthographic_camera_validate(&c, &err), &err);
    static const char *const fields[7] = {"left", "right", "top", "bottom", "zoom", "near", "far"};
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    const char *const shown[3] = {"nan", "inf", "-inf"};
    for (int f = 0; f < 7; ++f)
        for (int b = 0; b < 3; ++b) {
            c = ta_orthographic_camera_defaults();
            *ofield(&c, f) = bad[b];
            char needle[96];
            snprintf(needle, sizeof needle, "orthographic camera.%s: %s is not a finite number", fields[f], shown[b]);
            TA_ASSERT_REFUSED(ta_orthographic_camera_validate(&c, &err), &err, TA_ERROR_NOT_A_NUMBER, needle);
        }
    TA_ASSERT_REFUSED(ta_orthographic_camera_validate(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "camera: is NULL");
}

/* ---- the list --------------------------------------------------------------------- */

static void test_camera_list_add_and_refuse(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_camera_list *cams = NULL;
    TA_ASSERT_OK(ta_camera_list_create(NULL, &cams, &err), &err);
    ta_perspective_camera p = ta_perspective_camera_defaults();
    p.fov = 35;
    p.node = ta_node_at(3);
    ta_perspective_camera_id pi = {9};
    TA_ASSERT_OK(ta_camera_list_add_perspective(cams, &p, &pi, &err), &err);
    assert_int_equal(pi.index, 0);
    ta_orthographic_camera o = ta_orthographic_camera_defaults();
    o.zoom = 4;
    ta_orthographic_camera_id oi = {9};
    TA_ASSERT_OK(ta_camera_list_add_orthographic(cams, &o, &oi, &err), &err);
    assert_int_equal(oi.index, 0);

    ta_perspective_camera bad = p;
    bad.fov = 180;
    pi.index = 9;
    TA_ASSERT_REFUSED(ta_camera_list_add_perspective(cams, &bad, &pi, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "perspective camera.fov: 180 degrees is not in (0, 180)");
    TA_ASSERT_REFUSED(ta_camera_list_add_perspective(cams, NULL, &pi, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "camera: is NULL");
    TA_ASSERT_REFUSED(ta_camera_list_add_perspective(NULL, &p, &pi, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "cameras: is NULL");
    ta_orthographic_camera obad = o;
    obad.far = obad.near;
    oi.index = 9;
    TA_ASSERT_REFUSED(ta_camera_list_add_orthographic(cams, &obad, &oi, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "orthographic camera: near 0.100000001 and far 0.100000001 cross");
    assert_int_equal(pi.index, 9);
    assert_int_equal(oi.index, 9);
    assert_int_equal(cams->perspective_count, 1);
    assert_int_equal(cams->orthographic_count, 1);
    assert_true(cams->perspective[0].fov == 35 && cams->perspective[0].node.index == 3);
    assert_true(cams->orthographic[0].zoom == 4);

    for (int i = 0; i < 20; ++i) TA_ASSERT_OK(ta_camera_list_add_perspective(cams, &p, NULL, &err), &err);
    assert_int_equal(cams->perspective_count, 21);
    assert_true(cams->perspective[20].fov == 35);
    ta_camera_list_destroy(cams);
    ta_camera_list_destroy(NULL);
    TA_ASSERT_REFUSED(ta_camera_list_create(NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_cameras: is NULL");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_match_threejs),
        cmocka_unit_test(test_perspective_projection_matches_threejs),
        cmocka_unit_test(test_orthographic_projection_matches_threejs),
        cmocka_unit_test(test_projection_follows_the_fields),
        cmocka_unit_test(test_perspective_ranges_at_their_edges),
        cmocka_unit_test(test_orthographic_ranges_at_their_edges),
        cmocka_unit_test(test_camera_list_add_and_refuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
