/* sRGB bytes <-> linear channels against three.js 0.186.0's Color.setHex /
 * getHex under ColorManagement (sRGB to the linear working space and back). */
#include "core_fixture.h"

#include "threeanim/color.h"

static void test_every_byte_to_linear_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "srgb_byte_to_linear");
    assert_int_equal(json_array_size(rows), 256);
    core_diff d = {0, 0};
    for (size_t b = 0; b < 256; ++b) {
        double want = core_num(json_array_get(rows, b));
        /* relative: the small channels matter as much as the large */
        CORE_CHECK_F32(&d, ta_color_srgb_byte_to_linear((uint8_t)b), want, 0, "setHex", b, 0);
    }
    core_report(&d, "sRGB byte -> linear");
    assert_true(ta_color_srgb_byte_to_linear(0) == 0.0f && ta_color_srgb_byte_to_linear(255) == 1.0f);
    json_decref(fx);
}

static void test_every_byte_survives_the_round_trip(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "srgb_byte_round_trip");
    for (size_t b = 0; b < 256; ++b) {
        /* three.js's getHex(setHex(b)) is b for every byte; ours through the
         * float32 a material keeps must be too */
        assert_int_equal(core_num(json_array_get(rows, b)), b);
        assert_int_equal(ta_color_linear_to_srgb_byte(ta_color_srgb_byte_to_linear((uint8_t)b)), b);
    }
    json_decref(fx);
}

static void test_linear_to_byte_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "linear_to_srgb_byte");
    size_t boundaries = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double linear = core_num(json_array_get(row, 0));
        int want = (int)core_num(json_array_get(row, 1));
        int got = ta_color_linear_to_srgb_byte(linear);
        if (got != want) {
            print_error("linear %.17g: byte %d, three.js %d\n", linear, got, want);
            fail();
        }
        /* after the grid of 1025 and 8 edge values come the pairs beside
         * each rounding boundary (make_core_fixtures.mjs, srgbRows) */
        if (i >= 1033) boundaries++;
    }
    print_message("linear -> byte: %zu values, %zu beside a rounding boundary, all equal\n", json_array_size(rows),
                  boundaries);
    assert_true(boundaries >= 500);
    json_decref(fx);
}

static void test_double_functions_match_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "srgb_functions");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double x = core_num(json_array_get(row, 0));
        CORE_CHECK_F64(&d, ta_color_srgb_to_linear(x), core_num(json_array_get(row, 1)), 0, "SRGBToLinear", i, 0);
        CORE_CHECK_F64(&d, ta_color_linear_to_srgb(x), core_num(json_array_get(row, 2)), 0, "LinearToSRGB", i, 0);
    }
    core_report(&d, "SRGBToLinear / LinearToSRGB");
    json_decref(fx);
}

static void test_out_of_range_and_nan(void **state)
{
    (void)state;
    /* clamped as three.js's getHex clamps */
    assert_int_equal(ta_color_linear_to_srgb_byte(-0.5), 0);
    assert_int_equal(ta_color_linear_to_srgb_byte(2.0), 255);
    assert_int_equal(ta_color_linear_to_srgb_byte(INFINITY), 255);
    assert_int_equal(ta_color_linear_to_srgb_byte(-INFINITY), 0);
    /* three.js's getHex gives NaN here; a byte cannot, and 0 is documented */
    assert_int_equal(ta_color_linear_to_srgb_byte(NAN), 0);
    /* Math.round rounds halves up and anything below a half down, also
     * 0.49999999999999994, which floor(s + 0.5) would round up. Walk down to
     * the largest linear value whose sRGB * 255 is below one half. */
    double x = 0.5 / 255.0 / 12.92;
    while (ta_color_linear_to_srgb(x) * 255.0 >= 0.5) x = nextafter(x, 0);
    assert_int_equal(ta_color_linear_to_srgb_byte(x), 0);
    assert_int_equal(ta_color_linear_to_srgb_byte(nextafter(x, 1)), 1);
    /* the header's examples */
    TA_ASSERT_NEAR(ta_color_srgb_byte_to_linear(128), 0.2158605, 1e-7);
    assert_int_equal(ta_color_linear_to_srgb_byte(0.5), 188);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_byte_to_linear_matches_threejs),
        cmocka_unit_test(test_every_byte_survives_the_round_trip),
        cmocka_unit_test(test_linear_to_byte_matches_threejs),
        cmocka_unit_test(test_double_functions_match_threejs),
        cmocka_unit_test(test_out_of_range_and_nan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
