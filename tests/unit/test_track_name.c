/*
 * ta_track_name_parse and ta_track_name_sanitize. Every expected part is what
 * three.js 0.186.0's PropertyBinding.parseTrackName / sanitizeNodeName gives
 * for the same string (run under Node); tests/conformance/json/track_names.mjs
 * compares a corpus of 1500 more.
 */
#include "ta_test.h"

#include <stdio.h>
#include <stdlib.h>

#include "threeanim/animation_json.h"

typedef struct expected_parts {
    const char *name;
    const char *node, *object, *object_index, *property, *property_index;
} expected_parts;

static void assert_part(const char *got, const char *want, const char *which, const char *name)
{
    if (want == NULL && got == NULL) return;
    if (want == NULL || got == NULL || strcmp(got, want) != 0) {
        print_error("%s of \"%s\": got %s%s%s, want %s%s%s\n", which, name, got ? "\"" : "", got ? got : "undefined",
                    got ? "\"" : "", want ? "\"" : "", want ? want : "undefined", want ? "\"" : "");
        fail();
    }
}

static void test_parts_as_three_js_gives_them(void **state)
{
    (void)state;
    static const expected_parts cases[] = {
        {"nodeName.property", "nodeName", NULL, NULL, "property", NULL},
        {"uuid.objectName[objectIndex].propertyName[propertyIndex]", "uuid", "objectName", "objectIndex",
         "propertyName", "propertyIndex"},
        {"parentName/parentName/nodeName.property[index]", "nodeName", NULL, NULL, "property", "index"},
        {".bones[Armature.DEF_cog].position", NULL, "bones", "Armature.DEF_cog", "position", NULL},
        {"scene:helium_balloon_model:helium_balloon_model.position", "helium_balloon_model", NULL, NULL, "position",
         NULL},
        /* "bones" is an object name three.js knows, so it splits the node name... */
        {"a.bones.b[c].d", "a", "bones", "c", "d", NULL},
        {"foo.materials.x", "foo", "materials", NULL, "x", NULL},
        /* ...and the node name may then be empty, or hold a dot. */
        {".map.offset", "", "map", NULL, "offset", NULL},
        {".material.map.offset", ".material", "map", NULL, "offset", NULL},
        /* Any other middle part stays in the node name. */
        {"x.y.z", "x.y", NULL, NULL, "z", NULL},
        {"Armature.DEF_cog.quaternion", "Armature.DEF_cog", NULL, NULL, "quaternion", NULL},
        {".material[1].opacity", NULL, "material", "1", "opacity", NULL},
        {".morphTargetInfluences[smile]", NULL, NULL, NULL, "morphTargetInfluences", "smile"},
        /* A bracket holds anything up to the last ']' that lets the rest match. */
        {".a[b]].c[d]]", NULL, "a", "b]", "c", "d]"},
        {"a b.c", "a b", NULL, NULL, "c", NULL},
        {".position[x]", NULL, NULL, NULL, "position", "x"},
        {"a/b:c.d", "c", NULL, NULL, "d", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const expected_parts *c = &cases[i];
        char buffer[128];
        ta_track_name parts;
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_name_parse(c->name, &parts, buffer, sizeof buffer, &err), &err);
        assert_part(parts.node_name, c->node, "node_name", c->name);
        assert_part(parts.object_name, c->object, "object_name", c->name);
        assert_part(parts.object_index, c->object_index, "object_index", c->name);
        assert_part(parts.property_name, c->property, "property_name", c->name);
        assert_part(parts.property_index, c->property_index, "property_index", c->name);
    }
}

static void test_names_three_js_cannot_parse_are_refused_with_the_name(void **state)
{
    (void)state;
    /* three.js throws "Cannot parse trackName" on each. */
    static const char *const names[] = {"position", "", ".", "a.b[", ".a[\n]", ".a[]", "a.b[c.d]e.f",
                                        ".a.b[x\xE2\x80\xA8].c"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        char buffer[64];
        ta_track_name parts;
        memset(&parts, 0x5A, sizeof parts);
        ta_track_name before = parts;
        ta_error err = {0};
        TA_ASSERT_REFUSED(ta_track_name_parse(names[i], &parts, buffer, sizeof buffer, &err), &err, TA_ERROR_PARSE,
                          "cannot parse");
        char quoted[80];
        snprintf(quoted, sizeof quoted, "\"%s\"", names[i]);
        TA_ASSERT_CONTAINS(err.message, quoted);
        assert_memory_equal(&parts, &before, sizeof parts);
    }
}

static void test_a_long_name_is_quoted_in_part(void **state)
{
    (void)state;
    size_t n = 5000;
    char *name = malloc(n + 1);
    memset(name, 'a', n);
    name[n] = '\0';
    char *buffer = malloc(TA_TRACK_NAME_BUFFER_SIZE(n));
    ta_track_name parts;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_name_parse(name, &parts, buffer, TA_TRACK_NAME_BUFFER_SIZE(n), &err), &err,
                      TA_ERROR_PARSE, "(5000 bytes)");
    free(name);
    free(buffer);
}

static void test_the_buffer_must_hold_the_parts(void **state)
{
    (void)state;
    const char *name = "uuid.material[1].opacity";
    char buffer[64];
    ta_track_name parts;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_name_parse(name, &parts, buffer, TA_TRACK_NAME_BUFFER_SIZE(strlen(name)) - 1, &err),
                      &err, TA_ERROR_INVALID_ARGUMENT, "buffer_size: 29 bytes is less than the 30");
    TA_ASSERT_OK(ta_track_name_parse(name, &parts, buffer, TA_TRACK_NAME_BUFFER_SIZE(strlen(name)), &err), &err);
    assert_string_equal(parts.object_index, "1");
    TA_ASSERT_REFUSED(ta_track_name_parse(NULL, &parts, buffer, sizeof buffer, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "track_name: is NULL");
    TA_ASSERT_REFUSED(ta_track_name_parse(name, NULL, buffer, sizeof buffer, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_name: is NULL");
}

static void test_sanitize_as_three_js(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"a b\tc", "a_b_c"},
        {"x.y[z]/w:v", "xyzwv"},
        {"\xC2\xA0\xE3\x80\x80\xEF\xBB\xBFq", "___q"}, /* U+00A0, U+3000, U+FEFF are \s in JavaScript */
        {"n\xC3\xA4me", "n\xC3\xA4me"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char out[64];
        ta_error err = {0};
        TA_ASSERT_OK(ta_track_name_sanitize(cases[i][0], out, sizeof out, &err), &err);
        assert_string_equal(out, cases[i][1]);
    }
    char small[3];
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_name_sanitize("abc", small, sizeof small, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "out_size: 3 bytes is less than the 4");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parts_as_three_js_gives_them),
        cmocka_unit_test(test_names_three_js_cannot_parse_are_refused_with_the_name),
        cmocka_unit_test(test_a_long_name_is_quoted_in_part),
        cmocka_unit_test(test_the_buffer_must_hold_the_parts),
        cmocka_unit_test(test_sanitize_as_three_js),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
