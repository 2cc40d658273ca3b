/* Materials and textures: three.js's constructor defaults for every kind (from
 * the fixture), every number field's range at its edges, and the assets list,
 * which must be unchanged by a refused add. */
#include "core_dump.h"
#include "core_fixture.h"

#include <float.h>

#include "threeanim/material.h"

static const char *const kind_names[TA_MATERIAL_KIND_COUNT] = {
    "MeshBasicMaterial", "MeshLambertMaterial", "MeshPhongMaterial", "MeshStandardMaterial",
    "MeshPhysicalMaterial", "MeshToonMaterial", "MeshNormalMaterial", "MeshDepthMaterial",
    "MeshMatcapMaterial", "LineBasicMaterial", "PointsMaterial", "SpriteMaterial",
};

typedef struct number_field {
    const char *name;
    size_t offset;
    double lo, hi; /* hi INFINITY: at least lo */
} number_field;

#define NUMBER(f, lo, hi) {#f, offsetof(ta_material, f), lo, hi}
/* The ranges three.js documents for these properties. */
static const number_field numbers[] = {
    NUMBER(opacity, 0, 1),
    NUMBER(emissive_intensity, 0, INFINITY),
    NUMBER(roughness, 0, 1),
    NUMBER(metalness, 0, 1),
    NUMBER(shininess, 0, INFINITY),
    NUMBER(alpha_test, 0, 1),
    NUMBER(reflectivity, 0, 1),
    NUMBER(env_map_intensity, 0, INFINITY),
    NUMBER(clearcoat, 0, 1),
    NUMBER(clearcoat_roughness, 0, 1),
    NUMBER(specular_intensity, 0, 1),
    NUMBER(ior, 1, 2.333),
};
#define NUMBER_COUNT (sizeof numbers / sizeof numbers[0])

static float *number_of(ta_material *m, const number_field *f)
{
    return (float *)(void *)((char *)m + f->offset);
}

static uint32_t hex_of(const uint8_t c[3])
{
    return ((uint32_t)c[0] << 16) | ((uint32_t)c[1] << 8) | c[2];
}

static void test_defaults_match_threejs_constructors(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = json_object_get(json_object_get(fx, "defaults"), "materials");
    assert_int_equal(json_array_size(rows), TA_MATERIAL_KIND_COUNT);
    size_t compared = 0;
    for (int k = 0; k < TA_MATERIAL_KIND_COUNT; ++k) {
        json_t *row = json_array_get(rows, (size_t)k);
        const char *kind = json_string_value(json_object_get(row, "kind"));
        assert_string_equal(kind, kind_names[k]);
        assert_string_equal(ta_material_kind_name((ta_material_kind)k), kind);
        ta_material m = ta_material_defaults((ta_material_kind)k);
        assert_int_equal(m.kind, k);
        /* only the fields three.js's class has */
        if (json_object_get(row, "color")) assert_int_equal(hex_of(m.color), (uint32_t)core_field(row, "color")), compared++;
        if (json_object_get(row, "emissive")) assert_int_equal(hex_of(m.emissive), (uint32_t)core_field(row, "emissive")), compared++;
        if (json_object_get(row, "specular")) assert_int_equal(hex_of(m.specular), (uint32_t)core_field(row, "specular")), compared++;
        for (size_t f = 0; f < NUMBER_COUNT; ++f) {
            json_t *v = json_object_get(row, numbers[f].name);
            if (v == NULL) continue;
            if (*number_of(&m, &numbers[f]) != (float)core_num(v)) {
                print_error("%s.%s: %.9g, three.js %.17g\n", kind, numbers[f].name,
                            (double)*number_of(&m, &numbers[f]), core_num(v));
                fail();
            }
            compared++;
        }
        if (json_object_get(row, "transparent"))
            assert_int_equal(m.transparent, json_is_true(json_object_get(row, "transparent"))), compared++;
        if (json_object_get(row, "wireframe"))
            assert_int_equal(m.wireframe, json_is_true(json_object_get(row, "wireframe"))), compared++;
        assert_int_equal(m.map.index, TA_NONE); /* three.js: map null, or no map at all */
        assert_null(m.name);
        assert_null(m.uuid);
        ta_error err = {0};
        TA_ASSERT_OK(ta_material_validate(&m, &err), &err);
    }
    print_message("material defaults: %zu fields compared over %d kinds\n", compared, TA_MATERIAL_KIND_COUNT);
    assert_true(compared > 80);
    assert_string_equal(ta_material_kind_name(TA_MATERIAL_KIND_COUNT), "?");
    json_decref(fx);
}

static void test_texture_defaults_match_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *t = json_object_get(json_object_get(fx, "defaults"), "texture");
    ta_texture tex = ta_texture_defaults();
    assert_true(tex.offset.x == core_at(t, "offset", 0) && tex.offset.y == core_at(t, "offset", 1));
    assert_true(tex.repeat.x == core_at(t, "repeat", 0) && tex.repeat.y == core_at(t, "repeat", 1));
    assert_true(tex.center.x == core_at(t, "center", 0) && tex.center.y == core_at(t, "center", 1));
    assert_true(tex.rotation == core_field(t, "rotation"));
    assert_null(tex.name);
    json_decref(fx);
}

/* Refused by validate, and by ta_assets_add_material with the assets as they
 * were and the id untouched. */
static void refuse_both(ta_assets *assets, const ta_material *m, ta_result code, const char *needle)
{
    static core_dump before, after;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_material_validate(m, &err), &err, code, needle);
    core_dump_assets(assets, &before);
    ta_material_id id = {4321};
    TA_ASSERT_REFUSED(ta_assets_add_material(assets, m, "edge", "edge-uuid", &id, &err), &err, code, needle);
    core_dump_assets(assets, &after);
    assert_string_equal(before.text, after.text);
    assert_int_equal(id.index, 4321);
}

static void test_every_number_at_its_edges(void **state)
{
    (void)state;
    ta_error err = {0};
    size_t cases = 0;
    ta_assets *assets = NULL;
    TA_ASSERT_OK(ta_assets_create(NULL, &assets, &err), &err);
    for (size_t f = 0; f < NUMBER_COUNT; ++f) {
        const number_field *nf = &numbers[f];
        float lo = (float)nf->lo;
        float hi = isinf(nf->hi) ? INFINITY : (float)nf->hi;
        /* accepted: both ends, and the inside */
        float inside[4] = {lo, nextafterf(lo, INFINITY), isinf(nf->hi) ? FLT_MAX : hi,
                           isinf(nf->hi) ? 1e6f : nextafterf(hi, -INFINITY)};
        for (int i = 0; i < 4; ++i) {
            ta_material m = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
            *number_of(&m, nf) = inside[i];
            if (ta_material_validate(&m, &err) != TA_OK) {
                print_error("material.%s = %.9g refused: %s\n", nf->name, (double)inside[i], err.message);
                fail();
            }
            ta_material_id id;
            uint32_t count = assets->material_count;
            TA_ASSERT_OK(ta_assets_add_material(assets, &m, NULL, NULL, &id, &err), &err);
            assert_int_equal(id.index, count);
            assert_true(*number_of(&assets->materials[count], nf) == inside[i]);
            cases++;
        }
        /* refused: the next float outside each end */
        float below = nextafterf(lo, -INFINITY);
        ta_material m = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
        *number_of(&m, nf) = below;
        char needle[160];
        if (isinf(nf->hi))
            snprintf(needle, sizeof needle, "material.%s: %.9g is below %g", nf->name, (double)below, nf->lo);
        else
            snprintf(needle, sizeof needle, "material.%s: %.9g is not in [%g, %g]", nf->name, (double)below, nf->lo,
                     nf->hi);
        refuse_both(assets, &m, TA_ERROR_OUT_OF_RANGE, needle);
        cases++;
        if (!isinf(nf->hi)) {
            float above = nextafterf(hi, INFINITY);
            *number_of(&m, nf) = above;
            snprintf(needle, sizeof needle, "material.%s: %.9g is not in [%g, %g]", nf->name, (double)above, nf->lo,
                     nf->hi);
            refuse_both(assets, &m, TA_ERROR_OUT_OF_RANGE, needle);
            cases++;
        }
        /* not a number */
        const float bad[3] = {NAN, INFINITY, -INFINITY};
        const char *const shown[3] = {"nan", "inf", "-inf"};
        for (int b = 0; b < 3; ++b) {
            *number_of(&m, nf) = bad[b];
            snprintf(needle, sizeof needle, "material.%s: %s is not a finite number", nf->name, shown[b]);
            refuse_both(assets, &m, TA_ERROR_NOT_A_NUMBER, needle);
            cases++;
        }
    }
    print_message("material ranges: %zu edge cases over %zu fields\n", cases, NUMBER_COUNT);
    ta_assets_destroy(assets);
    /* the ior limit is the float nearest 2.333, a hair below it */
    assert_true((double)(float)2.333 <= 2.333);
}

static void test_unknown_kind_and_null(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    m.kind = TA_MATERIAL_KIND_COUNT;
    TA_ASSERT_REFUSED(ta_material_validate(&m, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "material.kind: 12 is not a material kind");
    m.kind = (ta_material_kind)-1;
    TA_ASSERT_REFUSED(ta_material_validate(&m, &err), &err, TA_ERROR_UNKNOWN_ENUM, "material.kind: -1");
    TA_ASSERT_REFUSED(ta_material_validate(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "material: is NULL");
}

/* ---- the assets list ----------------------------------------------------------- */

static bool same_material(const ta_material *a, const ta_material *b)
{
    if (a->kind != b->kind || memcmp(a->color, b->color, 3) || memcmp(a->emissive, b->emissive, 3) ||
        memcmp(a->specular, b->specular, 3) || a->transparent != b->transparent || a->wireframe != b->wireframe ||
        a->map.index != b->map.index)
        return false;
    for (size_t f = 0; f < NUMBER_COUNT; ++f)
        if (*number_of((ta_material *)(void *)a, &numbers[f]) != *number_of((ta_material *)(void *)b, &numbers[f]))
            return false;
    return true;
}

static void test_assets_add_and_refuse(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_assets *assets = NULL;
    TA_ASSERT_OK(ta_assets_create(NULL, &assets, &err), &err);
    ta_material skin = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    skin.color[0] = 10;
    skin.roughness = 0.25f;
    skin.map = ta_texture_at(0);
    char name[] = "skin";
    ta_material_id id = {99};
    TA_ASSERT_OK(ta_assets_add_material(assets, &skin, name, "uuid-skin", &id, &err), &err);
    assert_int_equal(id.index, 0);
    name[0] = 'X'; /* the assets keep their own copy */
    const ta_material *stored = ta_assets_material_const(assets, id);
    assert_string_equal(stored->name, "skin");
    assert_string_equal(stored->uuid, "uuid-skin");
    assert_true(same_material(stored, &skin));
    assert_true(ta_assets_material(assets, id) == stored);

    /* refused: nothing changes, id untouched */
    ta_material bad = skin;
    bad.metalness = 1.5f;
    id.index = 99;
    TA_ASSERT_REFUSED(ta_assets_add_material(assets, &bad, "bad", NULL, &id, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "material.metalness: 1.5 is not in [0, 1]");
    bad = skin;
    bad.ior = 0.5f;
    TA_ASSERT_REFUSED(ta_assets_add_material(assets, &bad, "bad", NULL, &id, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "material.ior: 0.5 is not in [1, 2.333]");
    TA_ASSERT_REFUSED(ta_assets_add_material(assets, NULL, "bad", NULL, &id, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "material: is NULL");
    TA_ASSERT_REFUSED(ta_assets_add_material(NULL, &skin, "bad", NULL, &id, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "assets: is NULL");
    assert_int_equal(id.index, 99);
    assert_int_equal(assets->material_count, 1);
    assert_true(same_material(&assets->materials[0], &skin));
    assert_string_equal(assets->materials[0].name, "skin");

    /* NULL name and uuid are "" */
    TA_ASSERT_OK(ta_assets_add_material(assets, &skin, NULL, NULL, &id, &err), &err);
    assert_int_equal(id.index, 1);
    assert_string_equal(assets->materials[1].name, "");
    assert_string_equal(assets->materials[1].uuid, "");
    /* out_material may be NULL */
    TA_ASSERT_OK(ta_assets_add_material(assets, &skin, "third", NULL, NULL, &err), &err);
    assert_int_equal(assets->material_count, 3);
    assert_null(ta_assets_material(assets, ta_material_at(3)));
    assert_null(ta_assets_material_const(assets, ta_material_at(TA_NONE)));
    assert_null(ta_assets_material(NULL, ta_material_at(0)));
    ta_assets_destroy(assets);
    ta_assets_destroy(NULL);
}

static void test_textures_add_and_refuse(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_assets *assets = NULL;
    TA_ASSERT_OK(ta_assets_create(NULL, &assets, &err), &err);
    ta_texture t = ta_texture_defaults();
    t.offset = ta_vec2_make(0.25f, -3);
    t.rotation = 1.5f;
    ta_texture_id id = {55};
    TA_ASSERT_OK(ta_assets_add_texture(assets, &t, "albedo", "u1", &id, &err), &err);
    assert_int_equal(id.index, 0);
    const ta_texture *stored = ta_assets_texture_const(assets, id);
    assert_true(stored->offset.x == 0.25f && stored->offset.y == -3 && stored->rotation == 1.5f);
    assert_true(stored->repeat.x == 1 && stored->repeat.y == 1);
    assert_string_equal(stored->name, "albedo");
    assert_string_equal(stored->uuid, "u1");

    static const char *const names[7] = {"offset.x", "offset.y", "repeat.x", "repeat.y",
                                         "center.x", "center.y", "rotation"};
    for (int f = 0; f < 7; ++f) {
        ta_texture bad = ta_texture_defaults();
        float *slot = f == 0 ? &bad.offset.x : f == 1 ? &bad.offset.y : f == 2 ? &bad.repeat.x : f == 3 ? &bad.repeat.y
                    : f == 4 ? &bad.center.x : f == 5 ? &bad.center.y : &bad.rotation;
        *slot = f % 2 ? INFINITY : NAN;
        char needle[96];
        snprintf(needle, sizeof needle, "texture.%s: %s is not a finite number", names[f], f % 2 ? "inf" : "nan");
        id.index = 55;
        TA_ASSERT_REFUSED(ta_assets_add_texture(assets, &bad, "bad", NULL, &id, &err), &err, TA_ERROR_NOT_A_NUMBER,
                          needle);
        assert_int_equal(id.index, 55);
    }
    TA_ASSERT_REFUSED(ta_assets_add_texture(assets, NULL, "bad", NULL, &id, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "texture: is NULL");
    assert_int_equal(assets->texture_count, 1);
    assert_string_equal(assets->textures[0].name, "albedo");
    assert_null(ta_assets_texture(assets, ta_texture_at(1)));
    ta_assets_destroy(assets);
}

static void test_assets_create_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_assets_create(NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_assets: is NULL");
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator half = ta_test_counting_allocator(&counter);
    half.free = NULL;
    ta_assets_options opts = {&half};
    ta_assets *assets = (ta_assets *)&counter; /* a value the refusal must leave */
    TA_ASSERT_REFUSED(ta_assets_create(&opts, &assets, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "alloc and free come together, but only alloc is set");
    assert_true(assets == (ta_assets *)&counter);
    assert_int_equal(counter.allocations, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_match_threejs_constructors),
        cmocka_unit_test(test_texture_defaults_match_threejs),
        cmocka_unit_test(test_every_number_at_its_edges),
        cmocka_unit_test(test_unknown_kind_and_null),
        cmocka_unit_test(test_assets_add_and_refuse),
        cmocka_unit_test(test_textures_add_and_refuse),
        cmocka_unit_test(test_assets_create_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
