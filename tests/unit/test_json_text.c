/* The runtime's own reader and writer of a small JSON object's text
 * (src/core/json_text.c): it refuses what jansson's reader refuses and writes
 * what jansson's json_dumps(JSON_COMPACT | JSON_PRESERVE_ORDER) writes, each
 * case below checked against jansson 2.14. */
#include <math.h>
#include <string.h>

#include "core/json_text.h"
#include "ta_test.h"

static void refuse(const char *text, const char *needle)
{
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta__json_text_check_object(text, "user_data", &err), &err, TA_ERROR_PARSE, needle);
    assert_non_null(strstr(err.message, "user_data: "));
}

static void accept(const char *text)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta__json_text_check_object(text, "user_data", &err), &err);
}

/* The compact text the writer gives for the checked text. */
static char *rewrite(const ta__mem *mem, const char *text)
{
    accept(text);
    ta__json_out o = {mem, NULL, 0, 0, false};
    ta__json_out_value(&o, text, ta__json_text_root(text));
    char *s = ta__json_out_take(&o);
    assert_non_null(s);
    return s;
}

static void assert_rewrites(const char *text, const char *expected)
{
    ta__mem mem;
    TA_ASSERT_OK(ta__mem_init(&mem, NULL, NULL), NULL);
    char *got = rewrite(&mem, text);
    assert_string_equal(got, expected);
    ta__free_str(&mem, got);
}

static void test_check_refuses_what_jansson_refuses(void **state)
{
    (void)state;
    accept("{}");
    accept(" { \"k\" : [ true , false , null , { } , [ ] ] } \n");
    accept("{\"a\":-9223372036854775808,\"b\":9223372036854775807,\"c\":1e-400}");
    refuse("[1, 2]", "the text of a JSON array, not of an object");
    refuse("3", "'[' or '{' expected");
    refuse("\"text\"", "'[' or '{' expected");
    refuse("", "'[' or '{' expected");
    refuse("not json", "'[' or '{' expected");
    refuse("{\"a\": }", "line 1 column 7: invalid token");
    refuse("{} {}", "end of file expected");
    refuse("{\"a\":9223372036854775808}", "too big integer");
    refuse("{\"a\":-9223372036854775809}", "too big negative integer");
    refuse("{\"a\":1e400}", "real number overflow");
    refuse("{\"a\":01}", "invalid token");
    refuse("{\"a\":1.}", "invalid token");
    refuse("{\"a\":\"\\u0000\"}", "\\u0000 is not allowed");
    refuse("{\"a\":\"\\ud800\"}", "invalid Unicode");
    refuse("{\"a\":\"\\udc00\"}", "invalid Unicode");
    refuse("{\"a\":\"\xc0\xaf\"}", "invalid UTF-8");     /* an overlong '/' */
    refuse("{\"a\":\"\xed\xa0\x80\"}", "invalid UTF-8"); /* a surrogate, encoded */
    refuse("{\"a\":\"x\ty\"}", "control character");
    refuse("{\"a\":\"\\x\"}", "invalid escape");
    refuse("{\"a\":1,}", "string or '}' expected");
    refuse("{\"a\" 1}", "':' expected");
    refuse("{\"a\":[1 2]}", "']' expected");
    refuse("{\n\"a\":tru}", "line 2 column 5: invalid token");
}

static void test_nesting_stops_past_2048_levels(void **state)
{
    (void)state;
    char text[2 * 2050 + 8];
    for (int levels = 2048; levels <= 2049; ++levels) {
        size_t n = 0;
        text[n++] = '{';
        text[n++] = '"';
        text[n++] = 'a';
        text[n++] = '"';
        text[n++] = ':';
        for (int i = 1; i < levels; ++i) text[n++] = '[';
        for (int i = 1; i < levels; ++i) text[n++] = ']';
        text[n++] = '}';
        text[n] = 0;
        if (levels == 2048)
            accept(text);
        else
            refuse(text, "maximum parsing depth reached");
    }
}

static void test_writer_writes_as_jansson(void **state)
{
    (void)state;
    assert_rewrites(" { \"rig\" : \"fox\" , \"n\" : [ 1 , 2 ] } ", "{\"rig\":\"fox\",\"n\":[1,2]}");
    /* reals: 17 digits, ".0" on a whole number, the exponent bare; -0 as an integer is 0 */
    assert_rewrites("{\"a\":[1.1,1e100,1e-7,2.0,1E+2,-0,-0.0,0.5,123456.789e3]}",
                    "{\"a\":[1.1000000000000001,1e100,9.9999999999999995e-8,2.0,100.0,0,-0.0,0.5,123456789.0]}");
    /* strings decoded and escaped again: '/' and non-ASCII as they are, controls as \uXXXX */
    assert_rewrites("{\"s\":\"\\u00e9\\/\\u0001\\t\\ud834\\udd1e\"}", "{\"s\":\"\xc3\xa9/\\u0001\\t\xf0\x9d\x84\x9e\"}");
    /* a repeated name: the first one's place, the last one's value */
    assert_rewrites("{\"a\":1,\"b\":2,\"a\":{\"x\":1,\"x\":[true]}}", "{\"a\":{\"x\":[true]},\"b\":2}");
}

static void test_lookups_in_a_checked_text(void **state)
{
    (void)state;
    ta__mem mem;
    TA_ASSERT_OK(ta__mem_init(&mem, NULL, NULL), NULL);
    const char *text = "{\"m\\u0061rkers\":[{\"name\":\"st\\u00e9p\",\"time\":0.25},{\"time\":1,\"name\":\"b\"}],"
                       "\"n\":null,\"n\":3}";
    accept(text);
    ta__json_span root = ta__json_text_root(text), list, n, item, name, time;
    assert_int_equal(ta__json_text_kind(text, root), '{');
    assert_true(ta__json_text_get(text, root, "markers", &list));
    assert_int_equal(ta__json_text_kind(text, list), '[');
    assert_false(ta__json_text_get(text, root, "mark", &n));
    assert_true(ta__json_text_get(text, root, "n", &n)); /* the last of two */
    assert_int_equal(ta__json_text_kind(text, n), '0');
    assert_true(ta__json_text_number(text, n) == 3.0);

    size_t cursor = 0, items = 0;
    const char *names[2] = {"st\xc3\xa9p", "b"};
    const double times[2] = {0.25, 1.0};
    while (ta__json_text_next_item(text, list, &cursor, &item)) {
        assert_true(ta__json_text_get(text, item, "name", &name));
        assert_true(ta__json_text_get(text, item, "time", &time));
        assert_true(ta__json_text_string_is(text, name, names[items]));
        char *s = ta__json_text_string_dup(&mem, text, name);
        assert_string_equal(s, names[items]);
        ta__free_str(&mem, s);
        assert_true(ta__json_text_number(text, time) == times[items]);
        ++items;
    }
    assert_int_equal(items, 2);

    cursor = 0;
    ta__json_span k, v;
    int members = 0, repeats = 0;
    while (ta__json_text_next_member(text, root, &cursor, &k, &v)) {
        ++members;
        repeats += ta__json_text_key_repeats_earlier(text, root, k);
    }
    assert_int_equal(members, 3);
    assert_int_equal(repeats, 1);
    assert_true(ta__json_text_utf8_valid("st\xc3\xa9p"));
    assert_false(ta__json_text_utf8_valid("\xff"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_refuses_what_jansson_refuses),
        cmocka_unit_test(test_nesting_stops_past_2048_levels),
        cmocka_unit_test(test_writer_writes_as_jansson),
        cmocka_unit_test(test_lookups_in_a_checked_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
