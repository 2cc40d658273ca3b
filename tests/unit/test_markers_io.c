/* Markers and user data in files (animation_markers.h): the three.js JSON
 * readers take "markers" out of userData into the clip's markers, the writers
 * put them back after the other keys and refuse user data that is not a JSON
 * object, and the glTF loader reads an animation's extras.markers. */
#include <stdlib.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

typedef struct world {
    ta_scene *scene;
    ta_node_id node;
    ta_clip_binding where;
} world;

static void world_make(world *w)
{
    ta_error err = {0};
    memset(w, 0, sizeof *w);
    w->scene = ta_test_scene();
    w->node = ta_test_node_under(w->scene, ta_node_none(), "hips");
    TA_ASSERT_OK(ta_scene_set_node_uuid(w->scene, w->node, "u-hips", &err), &err);
    ta_clip_binding where = {w->scene, NULL, NULL, ta_node_none()};
    w->where = where;
}

/* A 1 s clip moving hips, with user_data and markers as given. */
static ta_clip *clip_with(const world *w, const char *user_data, const ta_clip_marker *markers, uint32_t count)
{
    float kt[2] = {0, 1}, kv[6] = {0, 0, 0, 1, 0, 0};
    ta_track *t = ta_test_node_track(w->node, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    ta_clip_options o = {0};
    o.user_data = user_data;
    o.markers = markers;
    o.marker_count = count;
    return ta_test_clip("walk", &t, 1, &o);
}

static char *write_clip(const world *w, const ta_clip *c)
{
    ta_clip_write_options wo = {ta_clip_binding_name, (void *)&w->where, NULL, 0};
    char *text = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_write(c, &wo, &text, &err), &err);
    return text;
}

static const char *user_data_written(const char *text, json_t **doc)
{
    *doc = json_loads(text, 0, NULL);
    assert_non_null(*doc);
    return json_string_value(json_object_get(*doc, "userData"));
}

static ta_result read_clip(const world *w, const char *user_data_json, ta_clip **out, ta_error *err)
{
    char text[1024];
    snprintf(text, sizeof text,
             "{\"name\":\"walk\",\"duration\":-1,\"uuid\":\"u-w\",\"blendMode\":2500,\"userData\":%s,\"tracks\":["
             "{\"name\":\"u-hips.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,1,0,0]}]}",
             user_data_json);
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.resolver = ta_clip_binding_resolve;
    ro.resolver_user = (void *)&w->where;
    return ta_clip_read(text, strlen(text), &ro, out, err);
}

static void test_json_reader_takes_the_markers_out_of_user_data(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_error err = {0};
    ta_clip *c = NULL;
    TA_ASSERT_OK(read_clip(&w,
                           "\"{\\\"author\\\": \\\"x\\\", \\\"markers\\\": [{\\\"name\\\": \\\"b\\\", \\\"time\\\": "
                           "0.5}, {\\\"name\\\": \\\"a\\\", \\\"time\\\": 0.25}], \\\"n\\\": 1}\"",
                           &c, &err),
                 &err);
    assert_string_equal(ta_clip_user_data(c), "{\"author\":\"x\",\"n\":1}");
    assert_int_equal(ta_clip_marker_count(c), 2);
    assert_string_equal(ta_clip_marker_at(c, 0).name, "a");
    assert_true(ta_clip_marker_at(c, 0).time.seconds == 0.25);
    assert_string_equal(ta_clip_marker_at(c, 1).name, "b");
    /* written back: the other keys, then the markers */
    char *text = write_clip(&w, c);
    json_t *doc;
    assert_string_equal(user_data_written(text, &doc),
                        "{\"author\":\"x\",\"n\":1,\"markers\":[{\"name\":\"a\",\"time\":0.25},"
                        "{\"name\":\"b\",\"time\":0.5}]}");
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(c);

    /* only markers: no user data is left */
    TA_ASSERT_OK(read_clip(&w, "\"{\\\"markers\\\": [{\\\"name\\\": \\\"a\\\", \\\"time\\\": 1}]}\"", &c, &err), &err);
    assert_null(ta_clip_user_data(c));
    assert_int_equal(ta_clip_marker_count(c), 1);
    ta_clip_release(c);
    /* no markers: the text as the file has it */
    TA_ASSERT_OK(read_clip(&w, "\"{ \\\"k\\\" : [1, 2] }\"", &c, &err), &err);
    assert_string_equal(ta_clip_user_data(c), "{ \"k\" : [1, 2] }");
    assert_int_equal(ta_clip_marker_count(c), 0);
    text = write_clip(&w, c);
    assert_string_equal(user_data_written(text, &doc), "{ \"k\" : [1, 2] }");
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(c);
    ta_scene_destroy(w.scene);
}

static void test_json_reader_refuses_malformed_markers(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_error err = {0};
    ta_clip *c = (ta_clip *)&err;
    TA_ASSERT_REFUSED(read_clip(&w, "\"{\\\"markers\\\": {\\\"name\\\": \\\"x\\\"}}\"", &c, &err), &err,
                      TA_ERROR_PARSE, "user_data.markers: not an array of {\"name\", \"time\"}");
    TA_ASSERT_REFUSED(read_clip(&w,
                                "\"{\\\"markers\\\": [{\\\"name\\\": \\\"a\\\", \\\"time\\\": 0}, {\\\"name\\\": 3, "
                                "\\\"time\\\": 0}]}\"",
                                &c, &err),
                      &err, TA_ERROR_PARSE, "user_data.markers[1]: not {\"name\": string, \"time\": number}");
    TA_ASSERT_REFUSED(read_clip(&w,
                                "\"{\\\"markers\\\": [{\\\"name\\\": \\\"a\\\", \\\"time\\\": 0}, {\\\"name\\\": "
                                "\\\"late\\\", \\\"time\\\": 1.25}]}\"",
                                &c, &err),
                      &err, TA_ERROR_OUT_OF_RANGE, "user_data.markers[1].time: 1.25 s is outside the clip's [0, 1 s]");
    TA_ASSERT_REFUSED(read_clip(&w, "\"[1, 2]\"", &c, &err), &err, TA_ERROR_PARSE,
                      "userData: is not the text of a JSON object");
    assert_ptr_equal(c, (ta_clip *)&err);
    ta_scene_destroy(w.scene);
}

/* The check the runtime does not make: user data that is not a JSON object has
 * no three.js JSON form. */
static void test_writers_refuse_user_data_not_an_object(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"[1, 2]", "user_data: the text of a JSON array, not of an object"},
        {"not json", "user_data: not the text of a JSON object (line 1 column "},
        {"3", "user_data: not the text of a JSON object (line 1 column "},
        {"", "user_data: not the text of a JSON object (line 1 column "},
        {"{} {}", "user_data: not the text of a JSON object (line 1 column "},
    };
    ta_clip_write_options wo = {ta_clip_binding_name, &w.where, NULL, 0};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
        ta_clip *c = clip_with(&w, cases[i].text, NULL, 0);
        ta_error err = {0};
        char *text = (char *)&err;
        TA_ASSERT_REFUSED(ta_clip_write(c, &wo, &text, &err), &err, TA_ERROR_PARSE, cases[i].message);
        assert_ptr_equal(text, (char *)&err);
        const ta_clip *clips[1] = {c};
        char message[TA_ERROR_MESSAGE_SIZE + 16];
        snprintf(message, sizeof message, "animations[0].%s", cases[i].message);
        TA_ASSERT_REFUSED(ta_object_json_write(w.scene, NULL, NULL, clips, 1, NULL, &text, &err), &err, TA_ERROR_PARSE,
                          message);
        assert_ptr_equal(text, (char *)&err);
        ta_clip_release(c);
    }
    ta_scene_destroy(w.scene);
}

/* "markers" in written userData is always the clip's markers. */
static void test_written_markers_are_the_clips(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_clip *c = clip_with(&w, "{\"markers\":5,\"k\":1}", NULL, 0);
    char *text = write_clip(&w, c);
    json_t *doc;
    assert_string_equal(user_data_written(text, &doc), "{\"k\":1}");
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(c);

    ta_clip_marker m[2] = {{"z", {1.0}}, {"y", {0.0}}};
    c = clip_with(&w, "{\"markers\":5,\"k\":1}", m, 2);
    text = write_clip(&w, c);
    assert_string_equal(user_data_written(text, &doc),
                        "{\"k\":1,\"markers\":[{\"name\":\"y\",\"time\":0.0},{\"name\":\"z\",\"time\":1.0}]}");
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(c);

    /* no user data and no markers: "{}", as three.js writes an empty userData */
    c = clip_with(&w, NULL, NULL, 0);
    text = write_clip(&w, c);
    assert_string_equal(user_data_written(text, &doc), "{}");
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(c);

    /* a name JSON cannot hold */
    ta_clip_marker bad = {"\xff", {0.5}};
    c = clip_with(&w, NULL, &bad, 1);
    ta_clip_write_options wo = {ta_clip_binding_name, &w.where, NULL, 0};
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_clip_write(c, &wo, &text, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "markers[0].name: not UTF-8 text");
    ta_clip_release(c);
    ta_scene_destroy(w.scene);
}

/* Object JSON: the clips' markers go out in userData and come back as markers. */
static void test_object_json_round_trip(void **state)
{
    (void)state;
    world w;
    world_make(&w);
    ta_clip_marker m[2] = {{"step", {0.5}}, {"land", {1.0}}};
    ta_clip *c = clip_with(&w, "{\"take\":2}", m, 2);
    const ta_clip *clips[1] = {c};
    char *text = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_object_json_write(w.scene, NULL, NULL, clips, 1, NULL, &text, &err), &err);
    TA_ASSERT_CONTAINS(text, "{\\\"take\\\":2,\\\"markers\\\":[{\\\"name\\\":\\\"step\\\",\\\"time\\\":0.5}");
    ta_model *model = NULL;
    TA_ASSERT_OK(ta_object_json_read(text, strlen(text), NULL, &model, &err), &err);
    assert_int_equal(model->animation_count, 1);
    const ta_clip *back = model->animations[0];
    assert_string_equal(ta_clip_user_data(back), "{\"take\":2}");
    assert_int_equal(ta_clip_marker_count(back), 2);
    assert_string_equal(ta_clip_marker_at(back, 0).name, "step");
    assert_true(ta_clip_marker_at(back, 1).time.seconds == 1.0);
    ta_model_destroy(model);

    /* Out of memory anywhere, the markers' lists too: refused, nothing kept. */
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_load_options lo = {0};
    ta_allocator a = ta_test_counting_allocator(&counter);
    lo.allocator = &a;
    for (long fail = 0;; ++fail) {
        counter = (ta_test_counter){0, 0, 0, 0, fail};
        model = NULL;
        ta_result r = ta_object_json_read(text, strlen(text), &lo, &model, &err);
        if (r == TA_OK) {
            assert_int_equal(ta_clip_marker_count(model->animations[0]), 2);
            ta_model_destroy(model);
            assert_int_equal(counter.live_bytes, 0);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(model);
        assert_int_equal(counter.live_bytes, 0);
    }
    ta_json_destroy(text);
    ta_clip_release(c);
    ta_scene_destroy(w.scene);
}

/* glTF: extras.markers become markers and no user data; a malformed list
 * refuses the file, strict or not. */
static ta_result load_with_extras(json_t *extras, ta_model **model, ta_error *err)
{
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_hips_walk(&tb, extras);
    ta_result r = gltf_tb_load(&tb, GLTF_TB_GLB, NULL, model, err);
    gltf_tb_free(&tb);
    return r;
}

static void test_gltf_extras_markers_and_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_model *model = NULL;
    TA_ASSERT_OK(load_with_extras(json_pack("{s:s,s:[{s:s,s:f}]}", "note", "x", "markers", "name", "hit", "time", 1.5),
                                  &model, &err),
                 &err);
    const ta_clip *c = model->animations[0];
    assert_null(ta_clip_user_data(c)); /* the markers key taken out, and the rest of extras is not user data */
    assert_int_equal(ta_clip_marker_count(c), 1);
    assert_string_equal(ta_clip_marker_at(c, 0).name, "hit");
    ta_model_destroy(model);

    model = NULL;
    TA_ASSERT_REFUSED(load_with_extras(json_pack("{s:{s:s}}", "markers", "name", "x"), &model, &err), &err,
                      TA_ERROR_PARSE, "animations[0]: user_data.markers: not an array of {\"name\", \"time\"}");
    assert_null(model);
    TA_ASSERT_REFUSED(load_with_extras(json_pack("{s:[{s:s}]}", "markers", "name", "x"), &model, &err), &err,
                      TA_ERROR_PARSE, "animations[0]: user_data.markers[0]: not {\"name\": string, \"time\": number}");
    json_t *late = json_pack("{s:[{s:s,s:f}]}", "markers", "name", "late", "time", 2.5);
    TA_ASSERT_REFUSED(load_with_extras(late, &model, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "animations[0]: user_data.markers[0].time: 2.5 s is outside the clip's [0, 2 s]");
    assert_null(model);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_reader_takes_the_markers_out_of_user_data),
        cmocka_unit_test(test_json_reader_refuses_malformed_markers),
        cmocka_unit_test(test_writers_refuse_user_data_not_an_object),
        cmocka_unit_test(test_written_markers_are_the_clips),
        cmocka_unit_test(test_object_json_round_trip),
        cmocka_unit_test(test_gltf_extras_markers_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
