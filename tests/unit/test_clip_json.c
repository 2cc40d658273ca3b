/*
 * ta_clip_write and ta_clip_read (AnimationClip.toJSON and AnimationClip.parse),
 * with the scene binder and namer. The expected paths are those of the Scene
 * JSON naming (animation_json.h); the expected JSON fields and codes are those of three.js's
 * KeyframeTrack.toJSON (interpolation written only when not the type's
 * default: 2300 discrete, 2301 linear, 2302 smooth, 2303 bezier; blend modes
 * 2500 and 2501). Every refusal of the JSON rows of the table of
 * refusals ("What is refused", animation_json.h) is checked for its code, the JSON path in its message, and that no
 * clip was made and nothing leaked.
 */
#include "ta_test.h"
#include "ta_test_build.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/animation_json.h"
#include "threeanim/threeanim.h"

/* ---- a scene to bind in ----------------------------------------------------------- */

typedef struct fixture {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_node_id root, cube, multi, body, hips, spine, sun, cam, ortho;
} fixture;

static ta_node_id add_node(ta_scene *s, ta_node_id parent, const char *name, const char *uuid, ta_node_type type)
{
    ta_node_id n;
    ta_error err = {0};
    n = ta_test_node_under(s, parent, name);
    TA_ASSERT_OK(ta_scene_set_node_uuid(s, n, uuid, &err), &err);
    ta_scene_node(s, n)->type = type;
    return n;
}

static void fixture_make(fixture *f)
{
    ta_error err = {0};
    ta_scene_options so = {NULL, "World", "u-scene"};
    TA_ASSERT_OK(ta_scene_create(&so, &f->scene, &err), &err);
    f->assets = ta_test_assets();
    f->cameras = ta_test_cameras();
    ta_scene *s = f->scene;
    f->root = add_node(s, ta_node_none(), "root", "u-root", TA_NODE_TYPE_GROUP);
    f->cube = add_node(s, f->root, "Cube", "u-cube", TA_NODE_TYPE_MESH);
    f->multi = add_node(s, f->root, "Multi", "u-multi", TA_NODE_TYPE_MESH);
    f->body = add_node(s, f->root, "Body", "u-body", TA_NODE_TYPE_SKINNED_MESH);
    f->hips = add_node(s, f->body, "hips", "u-hips", TA_NODE_TYPE_BONE);
    f->spine = add_node(s, f->hips, "spine", "u-spine", TA_NODE_TYPE_BONE);
    f->sun = add_node(s, f->root, "Sun", "u-sun", TA_NODE_TYPE_LIGHT);
    f->cam = add_node(s, f->root, "Cam", "u-cam", TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    f->ortho = add_node(s, f->root, "Ortho", "u-ortho", TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA);

    ta_texture tex = ta_texture_defaults();
    ta_texture_id tex_id;
    TA_ASSERT_OK(ta_assets_add_texture(f->assets, &tex, "checker", "u-tex", &tex_id, &err), &err);
    ta_material standard = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    standard.map = tex_id;
    ta_material basic = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    ta_material phong = ta_material_defaults(TA_MATERIAL_KIND_PHONG);
    ta_material_id m0, m1, m2;
    TA_ASSERT_OK(ta_assets_add_material(f->assets, &standard, "skin", "u-m0", &m0, &err), &err);
    TA_ASSERT_OK(ta_assets_add_material(f->assets, &basic, "flat", "u-m1", &m1, &err), &err);
    TA_ASSERT_OK(ta_assets_add_material(f->assets, &phong, "shiny", "u-m2", &m2, &err), &err);

    const char *morph_names[3] = {"smile", "blink", ""};
    ta_mesh_desc cube = {f->cube, 3, NULL, morph_names, &m0, 1, NULL, 0};
    TA_ASSERT_OK(ta_scene_add_mesh(s, &cube, NULL, &err), &err);
    ta_material_id pair[2] = {m1, m2};
    ta_mesh_desc multi = {f->multi, 0, NULL, NULL, pair, 2, NULL, 0};
    TA_ASSERT_OK(ta_scene_add_mesh(s, &multi, NULL, &err), &err);
    ta_node_id bones[2] = {f->hips, f->spine};
    const char *body_morphs[2] = {"a", "b"};
    ta_mesh_desc body = {f->body, 2, NULL, body_morphs, &m1, 1, bones, 2};
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &body, NULL, &err), &err);

    ta_light spot = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    spot.node = f->sun;
    TA_ASSERT_OK(ta_scene_add_light(s, &spot, NULL, &err), &err);
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    pc.node = f->cam;
    TA_ASSERT_OK(ta_camera_list_add_perspective(f->cameras, &pc, NULL, &err), &err);
    ta_orthographic_camera oc = ta_orthographic_camera_defaults();
    oc.node = f->ortho;
    TA_ASSERT_OK(ta_camera_list_add_orthographic(f->cameras, &oc, NULL, &err), &err);
}

static void fixture_free(fixture *f)
{
    ta_scene_destroy(f->scene);
    ta_assets_destroy(f->assets);
    ta_camera_list_destroy(f->cameras);
}

static ta_track *make_track(ta_track_target target, ta_interpolation interp, const float *times, uint32_t keys,
                            const float *values, uint32_t count)
{
    return ta_test_track(target, interp, times, keys, values, count);
}

/* ---- writing ---------------------------------------------------------------------------- */

static json_t *parse_text(const char *text)
{
    json_error_t jerr;
    json_t *doc = json_loads(text, 0, &jerr);
    if (doc == NULL) {
        print_error("not JSON: %s\n", jerr.text);
        fail();
    }
    return doc;
}

static const json_t *track_at(const json_t *clip, size_t i)
{
    return json_array_get(json_object_get(clip, "tracks"), i);
}

static void test_write_names_targets_by_uuid_as_the_spec_table(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f);
    ta_error err = {0};
    const float t2[2] = {0, 1};
    ta_track_target pos, morph, opacity, slot_color, intensity, fov, zoom, map_offset, rot_y, bone_q;
    TA_ASSERT_OK(ta_track_target_node(f.cube, TA_TRACK_KIND_POSITION, &pos, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 2, &morph, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &opacity, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_COLOR, &slot_color, &err), &err);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &intensity, &err), &err);
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &fov, &err), &err);
    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &zoom, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &map_offset, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(f.spine, TA_TRACK_KIND_ROTATION_ELEMENT, 1, &rot_y, &err), &err);
    TA_ASSERT_OK(ta_track_target_node(f.hips, TA_TRACK_KIND_QUATERNION, &bone_q, &err), &err);
    const float v6[6] = {0, 0, 0, 4, 0, 0}, v2[2] = {1, 0.5f}, c6[6] = {1, 0, 0, 0, 1, 0}, o4[4] = {0, 0, 0.5f, 0.25f};
    const float q8[8] = {0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f};
    ta_track *tracks[10] = {
        make_track(pos, TA_INTERPOLATION_DEFAULT, t2, 2, v6, 6),
        make_track(morph, TA_INTERPOLATION_STEP, t2, 2, v2, 2),
        make_track(opacity, TA_INTERPOLATION_SMOOTH, t2, 2, v2, 2),
        make_track(slot_color, TA_INTERPOLATION_LINEAR, t2, 2, c6, 6),
        make_track(intensity, TA_INTERPOLATION_LINEAR, t2, 2, v2, 2),
        make_track(fov, TA_INTERPOLATION_LINEAR, t2, 2, v2, 2),
        make_track(zoom, TA_INTERPOLATION_LINEAR, t2, 2, v2, 2),
        make_track(map_offset, TA_INTERPOLATION_LINEAR, t2, 2, o4, 4),
        make_track(rot_y, TA_INTERPOLATION_LINEAR, t2, 2, v2, 2),
        make_track(bone_q, TA_INTERPOLATION_LINEAR, t2, 2, q8, 8),
    };
    ta_clip_options co = {NULL, 0, TA_BLEND_MODE_ADDITIVE, "{\"tag\":1}", "u-clip", false, NULL, 0};
    ta_clip *clip = ta_test_clip("walk", tracks, 10, &co);

    ta_clip_binding where = {f.scene, f.assets, f.cameras, ta_node_none()};
    ta_clip_write_options wo;
    memset(&wo, 0, sizeof wo);
    wo.namer = ta_clip_binding_name;
    wo.namer_user = &where;
    char *text = NULL;
    TA_ASSERT_OK(ta_clip_write(clip, &wo, &text, &err), &err);
    json_t *doc = parse_text(text);
    assert_string_equal(json_string_value(json_object_get(doc, "name")), "walk");
    assert_string_equal(json_string_value(json_object_get(doc, "uuid")), "u-clip");
    TA_ASSERT_NEAR(json_number_value(json_object_get(doc, "duration")), 1.0, 1e-12);
    assert_int_equal(json_integer_value(json_object_get(doc, "blendMode")), 2501);
    assert_string_equal(json_string_value(json_object_get(doc, "userData")), "{\"tag\":1}");
    static const char *const names[10] = {
        "u-cube.position",          "u-cube.morphTargetInfluences[2]", "u-cube.material.opacity",
        "u-multi.material[1].color", "u-sun.intensity",                 "u-cam.fov",
        "u-ortho.zoom",             "u-cube.map.offset",               "u-spine.rotation[y]",
        "u-hips.quaternion"};
    static const char *const types[10] = {"vector", "number", "number", "color",  "number",
                                          "number", "number", "vector", "number", "quaternion"};
    /* 0: absent (the type's default, linear). */
    static const int interpolations[10] = {0, 2300, 2302, 0, 0, 0, 0, 0, 0, 0};
    for (size_t i = 0; i < 10; ++i) {
        const json_t *t = track_at(doc, i);
        assert_string_equal(json_string_value(json_object_get(t, "name")), names[i]);
        assert_string_equal(json_string_value(json_object_get(t, "type")), types[i]);
        const json_t *interp = json_object_get(t, "interpolation");
        if (interpolations[i] == 0) assert_null(interp);
        else assert_int_equal(json_integer_value(interp), interpolations[i]);
        assert_int_equal(json_array_size(json_object_get(t, "times")), 2);
    }
    const json_t *values = json_object_get(track_at(doc, 0), "values");
    assert_int_equal(json_array_size(values), 6);
    TA_ASSERT_NEAR(json_number_value(json_array_get(values, 3)), 4.0, 0);
    TA_ASSERT_NEAR(json_number_value(json_array_get(json_object_get(track_at(doc, 1), "values"), 1)), 0.5, 0);
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(clip);
    fixture_free(&f);
}

static void test_write_flags_strings_and_bezier(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f);
    ta_error err = {0};
    const float t3[3] = {0, 0.5f, 1};
    ta_track_target vis, name, rough;
    TA_ASSERT_OK(ta_track_target_node(f.cube, TA_TRACK_KIND_VISIBLE, &vis, &err), &err);
    TA_ASSERT_OK(ta_track_target_node(f.cube, TA_TRACK_KIND_NODE_NAME, &name, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_ROUGHNESS, &rough, &err), &err);
    const float flags[3] = {1, 0, 1};
    ta_track *v = make_track(vis, TA_INTERPOLATION_DEFAULT, t3, 3, flags, 3);
    const char *const strings[3] = {"idle", "busy", "idle"};
    ta_track *s = ta_test_string_track(name, t3, 3, strings);
    const float bv[3] = {0, 1, 0}, in[6] = {0, 0, 0.4f, 1, 0.9f, 0}, out[6] = {0.1f, 0, 0.6f, 1, 1, 0};
    ta_track *b = ta_test_track_tangents(NULL, rough, TA_INTERPOLATION_BEZIER, t3, 3, bv, 3, in, out, 6);
    ta_track *tracks[3] = {v, s, b};
    ta_clip *clip = ta_test_clip("flags", tracks, 3, NULL);
    ta_clip_binding where = {f.scene, f.assets, f.cameras, ta_node_none()};
    ta_clip_write_options wo = {ta_clip_binding_name, &where, NULL, 2};
    char *text;
    TA_ASSERT_OK(ta_clip_write(clip, &wo, &text, &err), &err);
    json_t *doc = parse_text(text);
    assert_int_equal(json_integer_value(json_object_get(doc, "blendMode")), 2500);
    assert_string_equal(json_string_value(json_object_get(doc, "userData")), "{}");
    const json_t *flag_track = track_at(doc, 0);
    assert_string_equal(json_string_value(json_object_get(flag_track, "type")), "bool");
    assert_null(json_object_get(flag_track, "interpolation")); /* discrete is a flag's default */
    assert_true(json_is_true(json_array_get(json_object_get(flag_track, "values"), 0)));
    assert_true(json_is_false(json_array_get(json_object_get(flag_track, "values"), 1)));
    const json_t *string_track = track_at(doc, 1);
    assert_string_equal(json_string_value(json_object_get(string_track, "name")), "u-cube.name");
    assert_string_equal(json_string_value(json_object_get(string_track, "type")), "string");
    assert_string_equal(json_string_value(json_array_get(json_object_get(string_track, "values"), 1)), "busy");
    assert_string_equal(json_string_value(json_array_get(json_object_get(string_track, "values"), 2)), "idle");
    const json_t *bezier = track_at(doc, 2);
    assert_int_equal(json_integer_value(json_object_get(bezier, "interpolation")), 2303);
    const json_t *in_json = json_object_get(json_object_get(bezier, "settings"), "inTangents");
    assert_int_equal(json_array_size(in_json), 6);
    TA_ASSERT_NEAR(json_number_value(json_array_get(in_json, 2)), 0.4f, 0);
    json_decref(doc);
    ta_json_destroy(text);
    ta_clip_release(clip);
    fixture_free(&f);
}

static void test_write_refuses_what_three_js_json_cannot_hold(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f);
    ta_error err = {0};
    const float t2[2] = {0, 1}, v6[6] = {0, 0, 0, 1, 1, 1}, o4[4] = {0, 0, 1, 1};
    ta_clip_binding where = {f.scene, f.assets, f.cameras, ta_node_none()};
    ta_clip_write_options wo = {ta_clip_binding_name, &where, NULL, 0};

    /* A cubic spline track has no three.js JSON form. */
    ta_track *cubic = ta_test_track_tangents(NULL, ta_test_node_target(f.cube, TA_TRACK_KIND_POSITION),
                                             TA_INTERPOLATION_CUBIC_SPLINE, t2, 2, v6, 6, v6, v6, 6);
    ta_clip *clip = ta_test_clip("c", &cubic, 1, NULL);
    char *text = (char *)&err; /* a value the refusal must not change */
    TA_ASSERT_REFUSED(ta_clip_write(clip, &wo, &text, &err), &err, TA_ERROR_UNSUPPORTED,
                      "tracks[0]: a CUBIC_SPLINE track has no three.js JSON form");
    assert_ptr_equal(text, (char *)&err);
    ta_clip_release(clip);

    /* A map drawn only by a mesh of two materials: three.js cannot bind ".map". */
    ta_material *m1 = ta_assets_material(f.assets, ta_material_at(1));
    m1->map = ta_texture_at(0);
    ta_track_target map1;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &map1, &err), &err);
    ta_track *mt = make_track(map1, TA_INTERPOLATION_LINEAR, t2, 2, o4, 4);
    clip = ta_test_clip("m", &mt, 1, NULL);
    TA_ASSERT_REFUSED(ta_clip_write(clip, &wo, &text, &err), &err, TA_ERROR_MISSING_TARGET,
                      "tracks[0]: target: no mesh at or below the clip's root draws with material 2");
    ta_clip_release(clip);

    /* A node without a uuid has nothing to be named by. */
    ta_node_id plain = ta_test_node_under(f.scene, f.root, "plain");
    ta_track_target pp;
    TA_ASSERT_OK(ta_track_target_node(plain, TA_TRACK_KIND_POSITION, &pp, &err), &err);
    ta_track *pt = make_track(pp, TA_INTERPOLATION_LINEAR, t2, 2, v6, 6);
    clip = ta_test_clip("p", &pt, 1, NULL);
    TA_ASSERT_REFUSED(ta_clip_write(clip, &wo, &text, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "tracks[0]: target: the track is on node 9 (\"plain\"), which has no uuid");
    /* A node outside the clip's root is not found from it. */
    ta_clip_binding below = {f.scene, f.assets, f.cameras, f.hips};
    ta_clip_write_options wb = {ta_clip_binding_name, &below, NULL, 0};
    TA_ASSERT_REFUSED(ta_clip_write(clip, &wb, &text, &err), &err, TA_ERROR_MISSING_TARGET,
                      "which is not the clip's root (node 4) or below it");
    assert_ptr_equal(text, (char *)&err);
    ta_clip_release(clip);
    fixture_free(&f);
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct warnings {
    int count;
    char last[512];
} warnings;

static void collect(void *user, const char *message)
{
    warnings *w = (warnings *)user;
    w->count++;
    snprintf(w->last, sizeof w->last, "%s", message);
}

typedef struct reader {
    fixture f;
    ta_clip_binding where;
    ta_clip_read_options options;
    ta_test_counter counter;
    ta_allocator allocator;
    warnings warned;
} reader;

static void reader_make(reader *r, ta_node_id (*root)(const fixture *))
{
    memset(r, 0, sizeof *r);
    fixture_make(&r->f);
    r->where.scene = r->f.scene;
    r->where.assets = r->f.assets;
    r->where.cameras = r->f.cameras;
    r->where.root = root != NULL ? root(&r->f) : ta_node_none();
    r->counter.fail_after = -1;
    r->allocator = ta_test_counting_allocator(&r->counter);
    r->options.allocator = &r->allocator;
    r->options.resolver = ta_clip_binding_resolve;
    r->options.resolver_user = &r->where;
    r->options.warn = collect;
    r->options.warn_user = &r->warned;
}

static void reader_free(reader *r)
{
    fixture_free(&r->f);
    assert_int_equal(r->counter.live_bytes, 0);
}

static ta_clip *read_ok(reader *r, const char *text)
{
    ta_clip *clip = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_read(text, strlen(text), &r->options, &clip, &err), &err);
    return clip;
}

static void refused(reader *r, const char *text, ta_result code, const char *needle)
{
    ta_clip *clip = (ta_clip *)r; /* must stay as it is */
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_clip_read(text, strlen(text), &r->options, &clip, &err), &err, code, needle);
    assert_ptr_equal(clip, (ta_clip *)r);
    assert_int_equal(r->counter.live_bytes, 0);
}

static ta_node_id root_body(const fixture *f) { return f->body; }

static void test_read_binds_each_path_as_three_js(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    const char *text =
        "{\"name\":\"walk\",\"duration\":-1,\"uuid\":\"u-w\",\"blendMode\":2501,\"userData\":\"{\\\"a\\\":2}\","
        "\"tracks\":["
        "{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,1,2,3]},"
        "{\"name\":\"u-multi.material[1].opacity\",\"type\":\"number\",\"times\":[0,2],\"values\":[1,0],"
        "\"interpolation\":2300},"
        "{\"name\":\"Cube.morphTargetInfluences[blink]\",\"type\":\"Number\",\"times\":[0],\"values\":[0.5]},"
        "{\"name\":\"Cube.map.offset\",\"type\":\"vector2\",\"times\":[0,1],\"values\":[0,0,1,1]},"
        "{\"name\":\"Sun.angle\",\"type\":\"scalar\",\"times\":[0,1],\"values\":[0.5,0.25]},"
        "{\"name\":\"Ortho.zoom\",\"type\":\"float\",\"times\":[0,1],\"values\":[1,2]},"
        "{\"name\":\"spine.rotation[z]\",\"type\":\"number\",\"times\":[0,1],\"values\":[0,1]},"
        "{\"name\":\"Cube.visible\",\"type\":\"boolean\",\"times\":[0,1],\"values\":[true,false]},"
        "{\"name\":\"Cube.name\",\"type\":\"string\",\"times\":[0,1],\"values\":[\"a\",\"b\"]},"
        "{\"name\":\"Cube.morphTargetInfluences\",\"type\":\"number\",\"times\":[0,1],\"values\":[1,2,3,4,5,6]}"
        "]}";
    ta_clip *clip = read_ok(&r, text);
    assert_string_equal(ta_clip_name(clip), "walk");
    assert_string_equal(ta_clip_uuid(clip), "u-w");
    assert_int_equal(ta_clip_blend_mode(clip), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_user_data(clip), "{\"a\":2}");
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.0, 1e-12);
    /* The whole morphTargetInfluences makes one track per morph target (3). */
    assert_int_equal(ta_clip_track_count(clip), 12);
    const struct {
        ta_track_kind kind;
        ta_target_family family;
        uint32_t index, element;
    } want[12] = {
        {TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, 1, 0},
        {TA_TRACK_KIND_MATERIAL_OPACITY, TA_TARGET_FAMILY_MATERIAL, 2, 0}, /* the second of Multi's [1, 2] */
        {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 1},
        {TA_TRACK_KIND_MATERIAL_MAP_OFFSET, TA_TARGET_FAMILY_MATERIAL, 0, 0},
        {TA_TRACK_KIND_LIGHT_ANGLE, TA_TARGET_FAMILY_LIGHT, 0, 0},
        {TA_TRACK_KIND_CAMERA_ZOOM, TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA, 0, 0},
        {TA_TRACK_KIND_ROTATION_ELEMENT, TA_TARGET_FAMILY_NODE, 5, 2},
        {TA_TRACK_KIND_VISIBLE, TA_TARGET_FAMILY_NODE, 1, 0},
        {TA_TRACK_KIND_NODE_NAME, TA_TARGET_FAMILY_NODE, 1, 0},
        {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 0},
        {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 1},
        {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 0, 2},
    };
    for (uint32_t i = 0; i < 12; ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(clip, i));
        assert_int_equal(t.kind, want[i].kind);
        assert_int_equal(t.family, want[i].family);
        assert_int_equal(t.index, want[i].index);
        assert_int_equal(t.element, want[i].element);
    }
    assert_int_equal(ta_track_interpolation(ta_clip_track(clip, 1)), TA_INTERPOLATION_STEP);
    assert_int_equal(ta_track_interpolation(ta_clip_track(clip, 7)), TA_INTERPOLATION_STEP);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 0))[5], 3.0, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 7))[1], 0.0, 0);
    /* Values split by the track's stride of 3: target 1 takes 2 and 5. */
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 10))[0], 2.0, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 10))[1], 5.0, 0);
    const char *keys[2];
    TA_ASSERT_OK(ta_track_key_strings(ta_clip_track(clip, 8), keys, 2, NULL), NULL);
    assert_string_equal(keys[1], "b");
    assert_int_equal(r.warned.count, 0);
    ta_clip_release(clip);
    reader_free(&r);
}

static void test_read_a_whole_morph_array_wider_than_the_mesh(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    /* Four numbers a key for a mesh of three targets: three.js's EntireArray
     * binding copies the first three of each key. */
    ta_clip *clip = read_ok(&r, "{\"tracks\":[{\"name\":\"Cube.morphTargetInfluences\",\"type\":\"number\","
                                "\"times\":[0,1],\"values\":[1,2,3,4,5,6,7,8]}]}");
    assert_int_equal(ta_clip_track_count(clip), 3);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 2))[0], 3, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 2))[1], 7, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 0))[1], 5, 0);
    ta_clip_release(clip);
    reader_free(&r);
}

/* A scene's mesh may have any number of morph targets (a glTF file's have as
 * many as it gives). A whole morphTargetInfluences binds one target each, up
 * to TA_MAX_MORPH_TARGETS, what a ta_track_binding holds; past it the track
 * is refused, before a target is written past the binding's array. */
static void test_a_whole_morph_list_binds_up_to_the_limit(void **state)
{
    (void)state;
    static const uint32_t counts[2] = {12, TA_MAX_MORPH_TARGETS + 1};
    for (int c = 0; c < 2; ++c) {
        reader r;
        reader_make(&r, NULL);
        ta_error err = {0};
        ta_node_id face = add_node(r.f.scene, r.f.root, "Face", "u-face", TA_NODE_TYPE_MESH);
        ta_mesh_desc desc = {face, counts[c], NULL, NULL, NULL, 0, NULL, 0};
        TA_ASSERT_OK(ta_scene_add_mesh(r.f.scene, &desc, NULL, &err), &err);
        char text[8192];
        int o = snprintf(text, sizeof text,
                         "{\"duration\":1,\"tracks\":[{\"name\":\"Face.morphTargetInfluences\",\"type\":\"number\","
                         "\"times\":[0],\"values\":[");
        for (uint32_t k = 0; k < counts[c]; ++k)
            o += snprintf(text + o, sizeof text - (size_t)o, "%s%u", k ? "," : "", k);
        snprintf(text + o, sizeof text - (size_t)o, "]}]}");
        if (counts[c] <= TA_MAX_MORPH_TARGETS) {
            ta_clip *clip = read_ok(&r, text);
            assert_int_equal(ta_clip_track_count(clip), counts[c]);
            TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 11))[0], 11, 0);
            assert_int_equal(ta_track_target_of(ta_clip_track(clip, 11)).element, 11);
            ta_clip_release(clip);
        } else {
            refused(&r, text, TA_ERROR_LIMIT_EXCEEDED,
                    "tracks[0].name: track \"Face.morphTargetInfluences\": the mesh \"Face\" has 257 morph targets; a "
                    "binding of the whole list holds at most 256 (TA_MAX_MORPH_TARGETS)");
        }
        reader_free(&r);
    }
}

/* A pose clip, every key at 0, as convert writes one from a glTF file
 * (duration 0): AnimationClip.parse keeps 0, and resetDuration makes 0 of the
 * -1 it is given when no duration is written. */
static void test_read_a_pose_clip_of_no_length(void **state)
{
    (void)state;
    static const char *const texts[3] = {
        "{\"name\":\"pose\",\"duration\":0,\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\","
        "\"times\":[0],\"values\":[1,2,3]}]}",
        "{\"name\":\"pose\",\"duration\":-1,\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\","
        "\"times\":[0],\"values\":[1,2,3]}]}",
        "{\"name\":\"pose\",\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\","
        "\"times\":[0],\"values\":[1,2,3]}]}",
    };
    for (int i = 0; i < 3; ++i) {
        reader r;
        reader_make(&r, NULL);
        ta_clip *clip = read_ok(&r, texts[i]);
        assert_true(ta_clip_duration(clip).seconds == 0);
        assert_int_equal(ta_clip_track_count(clip), 1);
        assert_true(ta_track_values(ta_clip_track(clip, 0))[2] == 3.0f);
        /* Written back, it reads back the same. */
        char *text = NULL;
        ta_error err = {0};
        ta_clip_write_options wo;
        memset(&wo, 0, sizeof wo);
        wo.namer = ta_clip_binding_name;
        wo.namer_user = &r.where;
        TA_ASSERT_OK(ta_clip_write(clip, &wo, &text, &err), &err);
        TA_ASSERT_CONTAINS(text, "\"duration\":0");
        ta_clip *again = read_ok(&r, text);
        assert_true(ta_clip_duration(again).seconds == 0);
        assert_true(ta_track_values(ta_clip_track(again, 0))[0] == 1.0f);
        ta_json_destroy(text);
        ta_clip_release(again);
        ta_clip_release(clip);
        reader_free(&r);
    }
}

static void test_read_from_a_skinned_mesh_finds_its_bones(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, root_body);
    const char *text = "{\"tracks\":["
                       "{\"name\":\".bones[spine].quaternion\",\"type\":\"quaternion\",\"times\":[0],"
                       "\"values\":[0,0,0,1]},"
                       "{\"name\":\"hips.position\",\"type\":\"vector\",\"times\":[1],\"values\":[1,2,3]},"
                       "{\"name\":\".morphTargetInfluences[b]\",\"type\":\"number\",\"times\":[1],\"values\":[1]},"
                       "{\"name\":\".bones[1].scale[x]\",\"type\":\"number\",\"times\":[0,3],\"values\":[1,2],"
                       "\"fps\":1}"
                       "],\"fps\":2}";
    ta_clip *clip = read_ok(&r, text);
    assert_string_equal(ta_clip_name(clip), "");
    assert_int_equal(ta_clip_track_count(clip), 4);
    ta_track_target t0 = ta_track_target_of(ta_clip_track(clip, 0));
    assert_int_equal(t0.kind, TA_TRACK_KIND_QUATERNION);
    assert_int_equal(t0.index, r.f.spine.index);
    assert_int_equal(ta_track_target_of(ta_clip_track(clip, 1)).index, r.f.hips.index);
    ta_track_target t2 = ta_track_target_of(ta_clip_track(clip, 2));
    assert_int_equal(t2.kind, TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE);
    assert_int_equal(t2.element, 1);
    ta_track_target t3 = ta_track_target_of(ta_clip_track(clip, 3));
    assert_int_equal(t3.kind, TA_TRACK_KIND_SCALE_ELEMENT);
    assert_int_equal(t3.index, r.f.spine.index);
    /* fps 2: times are in frames, divided by 2 (AnimationClip.parse scales by 1 / fps). */
    TA_ASSERT_NEAR(ta_track_times(ta_clip_track(clip, 3))[1], 1.5, 0);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.5, 1e-12);
    ta_clip_release(clip);
    reader_free(&r);
}

/* three.js binds ".material[opacity]" as material["opacity"] (PropertyBinding's
 * ArrayElement on the material object): the property .material.opacity names. */
static void test_read_binds_the_element_form_of_a_material_property(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    ta_clip *clip = read_ok(&r, "{\"tracks\":["
                                "{\"name\":\"Cube.material[opacity]\",\"type\":\"number\",\"times\":[0,1],\"values\":[1,0]},"
                                "{\"name\":\"u-cube.material[emissive]\",\"type\":\"color\",\"times\":[0],\"values\":[1,0,0]},"
                                "{\"name\":\"Multi.material[opacity]\",\"type\":\"number\",\"times\":[0],\"values\":[0]}]}");
    assert_int_equal(ta_clip_track_count(clip), 2);
    ta_track_target t = ta_track_target_of(ta_clip_track(clip, 0));
    assert_int_equal(t.kind, TA_TRACK_KIND_MATERIAL_OPACITY);
    assert_int_equal(t.family, TA_TARGET_FAMILY_MATERIAL);
    assert_int_equal(t.index, 0); /* Cube's one material */
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(clip, 0))[1], 0.0, 0);
    t = ta_track_target_of(ta_clip_track(clip, 1));
    assert_int_equal(t.kind, TA_TRACK_KIND_MATERIAL_EMISSIVE);
    assert_int_equal(t.index, 0);
    /* On an array of materials three.js sets the array's own "opacity": nothing drawn changes. */
    assert_int_equal(r.warned.count, 1);
    TA_ASSERT_CONTAINS(r.warned.last, "tracks[2]: left out:");
    TA_ASSERT_CONTAINS(r.warned.last, "has an array of materials");
    ta_clip_release(clip);
    /* The type is still checked against the property's. */
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.material[opacity]\",\"type\":\"vector\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_WRONG_KIND, "is not the type of \"Cube.material[opacity]\", which is \"number\"");
    reader_free(&r);
}

static void test_read_leaves_out_what_three_js_binds_to_nothing(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    static const struct {
        const char *track;
        const char *reason;
    } cases[] = {
        {"{\"name\":\"Nobody.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}",
         "no object is named \"Nobody\""},
        {"{\"name\":\"Multi.material[2].opacity\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has no material [2]"},
        {"{\"name\":\"Cube.material[0].opacity\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has no material [0] (it has one material)"},
        {"{\"name\":\"Multi.material.opacity\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has an array of materials"},
        {"{\"name\":\"Cube.morphTargetInfluences[nosuch]\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has no morph target \"nosuch\""},
        {"{\"name\":\"Cube.morphTargetInfluences[3]\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has no morph target \"3\""},
        {"{\"name\":\"Cube.materials[0].opacity\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "old multi-material"},
        /* three.js reads ".material.map.offset" as the node ".material" and the object "map". */
        {"{\"name\":\".material.map.offset\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0]}",
         "no object is named \".material\""},
        {"{\"name\":\"Multi.map.offset\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0]}",
         "has an array of materials"},
        /* From the Scene, an empty node name is the Scene, which has no skeleton or material. */
        {"{\"name\":\".bones[hips].position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}",
         "the Scene has no skeleton"},
        {"{\"name\":\".material.opacity\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "the Scene has no material"},
        {"{\"name\":\"Cube.roughness\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "has no property \"roughness\""},
        {"{\"name\":\"Multi.material[0].roughness\",\"type\":\"number\",\"times\":[0],\"values\":[0]}",
         "the MeshBasicMaterial \"flat\" has no property \"roughness\""},
    };
    const char *keep = "{\"name\":\"Cube.scale\",\"type\":\"vector\",\"times\":[0,1],\"values\":[1,1,1,2,2,2]}";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char text[1024];
        snprintf(text, sizeof text, "{\"tracks\":[%s,%s]}", keep, cases[i].track);
        r.warned.count = 0;
        ta_clip *clip = read_ok(&r, text);
        assert_int_equal(ta_clip_track_count(clip), 1);
        assert_int_equal(r.warned.count, 1);
        TA_ASSERT_CONTAINS(r.warned.last, "tracks[1]: left out:");
        TA_ASSERT_CONTAINS(r.warned.last, cases[i].reason);
        ta_clip_release(clip);
    }
    /* A clip whose every track is left out is no clip. */
    refused(&r, "{\"tracks\":[{\"name\":\"Nobody.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}",
            TA_ERROR_EMPTY_CLIP, "every track was left out; the first: tracks[0]: left out: track \"Nobody.position\"");
    reader_free(&r);
}

static void test_read_refuses_the_json_rows_of_what_is_refused(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    /* A cubic spline track: three.js JSON has no form for it. */
    refused(&r,
            "{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0],"
            "\"interpolation\":\"CUBICSPLINE\"}]}",
            TA_ERROR_UNSUPPORTED, "tracks[0].interpolation: cubic spline tracks have no three.js JSON form");
    /* The older keys form. */
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"keys\":[{\"time\":0,\"value\":[0,0,0]}]}]}",
            TA_ERROR_UNSUPPORTED, "tracks[0].keys: the older keys form is not read");
    /* A type that is not the property's. */
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.material.opacity\",\"type\":\"vector\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_WRONG_KIND, "tracks[0].type: \"vector\" is not the type of \"Cube.material.opacity\", which is \"number\"");
    refused(&r, "{\"tracks\":[{\"name\":\"Sun.color\",\"type\":\"vector\",\"times\":[0],\"values\":[1,1,1]}]}",
            TA_ERROR_WRONG_KIND, "which is \"color\"");
    /* The Scene itself, by an empty node name, by its name and by its uuid. */
    refused(&r, "{\"tracks\":[{\"name\":\".position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}",
            TA_ERROR_UNSUPPORTED, "tracks[0].name: track \".position\": names the Scene itself");
    refused(&r, "{\"tracks\":[{\"name\":\"World.visible\",\"type\":\"bool\",\"times\":[0],\"values\":[true]}]}",
            TA_ERROR_UNSUPPORTED, "names the Scene itself");
    refused(&r, "{\"tracks\":[{\"name\":\"u-scene.scale\",\"type\":\"vector\",\"times\":[0],\"values\":[1,1,1]}]}",
            TA_ERROR_UNSUPPORTED, "names the Scene itself");
    /* Properties this library does not drive. */
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.rotation\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}",
            TA_ERROR_UNSUPPORTED, "tracks[0].name: track \"Cube.rotation\": a whole .rotation is not driven");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.up\",\"type\":\"vector\",\"times\":[0],\"values\":[0,1,0]}]}",
            TA_ERROR_UNSUPPORTED, "the object's property \"up\" is not one this library drives");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.material.side\",\"type\":\"number\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_UNSUPPORTED, "the material's property \"side\"");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.material.visible\",\"type\":\"bool\",\"times\":[0],\"values\":[true]}]}",
            TA_ERROR_UNSUPPORTED, "the material's property \"visible\"");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.position[w]\",\"type\":\"number\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_UNSUPPORTED, "one element of .position is not driven");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.quaternion[x]\",\"type\":\"number\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_UNSUPPORTED, "one element of quaternion is not driven");
    refused(&r, "{\"tracks\":[{\"name\":\"Cam.left\",\"type\":\"number\",\"times\":[0],\"values\":[1]}]}",
            TA_ERROR_UNSUPPORTED, "the object's property \"left\"");
    refused(&r, "{\"tracks\":[{\"name\":\"Cube.children[0].position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}",
            TA_ERROR_UNSUPPORTED, "the object name \"children\" is not one this library binds");
    /* A blend mode that is not named. */
    refused(&r, "{\"blendMode\":2502,\"tracks\":[]}", TA_ERROR_UNKNOWN_ENUM,
            "blendMode: 2502 is not a blend mode (2500 normal, 2501 additive)");
    reader_free(&r);
}

static void test_read_refuses_bad_documents_with_their_path(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    static const struct {
        const char *text;
        ta_result code;
        const char *needle;
    } cases[] = {
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,1,2],\"values\":[0,0,0,1,1,1,"
         "null,2,2]}]}",
         TA_ERROR_PARSE, "tracks[0].values[6]: is null, not a number"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,1",
         TA_ERROR_PARSE, "document: line 1 column"},
        {"[1,2]", TA_ERROR_PARSE, "(document): is an array, not an object"},
        {"{\"name\":\"x\"}", TA_ERROR_PARSE, "tracks: is missing"},
        {"{\"tracks\":{}}", TA_ERROR_PARSE, "tracks: is an object, not an array"},
        {"{\"tracks\":[7]}", TA_ERROR_PARSE, "tracks[0]: is a number, not an object"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"times\":[0],\"values\":[0,0,0]}]}", TA_ERROR_PARSE,
         "tracks[0].type: is missing"},
        {"{\"tracks\":[{\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}", TA_ERROR_PARSE,
         "tracks[0].name: is missing"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"matrix\",\"times\":[0],\"values\":[0]}]}",
         TA_ERROR_UNKNOWN_ENUM, "tracks[0].type: \"matrix\" is not a track type"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0],"
         "\"interpolation\":2299}]}",
         TA_ERROR_UNKNOWN_ENUM, "tracks[0].interpolation: 2299 is not an interpolation"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[],\"values\":[]}]}",
         TA_ERROR_NO_KEYS, "tracks[0].times: a track needs at least one key"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[1,0.5],\"values\":[0,0,0,1,1,1]}]}",
         TA_ERROR_BAD_TIMES, "tracks[0]: times: key 1"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,1]}]}",
         TA_ERROR_BAD_VALUE_COUNT, "tracks[0]: values"},
        {"{\"tracks\":[{\"name\":\"Cube.visible\",\"type\":\"bool\",\"times\":[0],\"values\":[2]}]}",
         TA_ERROR_BAD_KEY_VALUE, "tracks[0].values[0]: a flag key is true or false (or 0 or 1), not 2"},
        {"{\"tracks\":[{\"name\":\"Cube.quaternion\",\"type\":\"quaternion\",\"times\":[0],\"values\":[0,0,0,1],"
         "\"interpolation\":2302}]}",
         TA_ERROR_BAD_INTERPOLATION, "tracks[0]: interpolation"},
        {"{\"tracks\":[{\"name\":\"Cube.opacity\",\"type\":\"number\",\"times\":[0],\"values\":[1e40]}]}",
         TA_ERROR_NOT_A_NUMBER, "tracks[0].values[0]: 1e+40 does not fit a float32"},
        {"{\"tracks\":[{\"name\":\"Cube.morphTargetInfluences\",\"type\":\"number\",\"times\":[0],\"values\":[1,2]}]}",
         TA_ERROR_BAD_VALUE_COUNT,
         "tracks[0].values: 2 values for 1 keys; \"Cube.morphTargetInfluences\" takes at least 3 a key"},
        {"{\"tracks\":[{\"name\":\"Cube.morphTargetInfluences\",\"type\":\"number\",\"times\":[0,1],"
         "\"values\":[1,2,3,4,5,6,7]}]}",
         TA_ERROR_BAD_VALUE_COUNT, "tracks[0].values: 7 values for 2 keys"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0],"
         "\"settings\":{\"inTangents\":[],\"outTangents\":[]}}]}",
         TA_ERROR_UNSUPPORTED, "tracks[0].settings: tangents on a track that is not BEZIER"},
        {"{\"tracks\":[{\"name\":\"Cube.scale[x]\",\"type\":\"number\",\"times\":[0,1],\"values\":[0,1],"
         "\"interpolation\":2303,\"settings\":{\"inTangents\":[0,0],\"outTangents\":[0,0]}}]}",
         TA_ERROR_BAD_TANGENTS, "tracks[0].settings: inTangents holds 2 numbers"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}],"
         "\"userData\":\"[1]\"}",
         TA_ERROR_PARSE, "userData: is not the text of a JSON object"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,2],\"values\":[0,0,0,1,1,1]}],"
         "\"duration\":0}",
         TA_ERROR_OUT_OF_RANGE, "duration: 0, but the tracks run to 2 s: three.js would hold them in a clip of no length"},
        {"{\"tracks\":[],\"fps\":0}", TA_ERROR_OUT_OF_RANGE, "fps: 0 frames a second is not above zero"},
        {"{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}],"
         "\"name\":5}",
         TA_ERROR_PARSE, "name: is a number, not a string"},
        {"{\"tracks\":[{\"name\":\"position\",\"type\":\"vector\",\"times\":[0],\"values\":[0,0,0]}]}",
         TA_ERROR_PARSE, "tracks[0].name: track name: cannot parse \"position\""},
        {"{\"tracks\":[]}", TA_ERROR_EMPTY_CLIP, "tracks: the clip has no tracks"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) refused(&r, cases[i].text, cases[i].code, cases[i].needle);
    reader_free(&r);
}

static void test_read_enforces_the_limits(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    const char *two = "{\"tracks\":[{\"name\":\"Cube.position\",\"type\":\"vector\",\"times\":[0,1],"
                      "\"values\":[0,0,0,1,1,1]},{\"name\":\"Cube.scale\",\"type\":\"vector\",\"times\":[0,1,2],"
                      "\"values\":[0,0,0,1,1,1,2,2,2]}]}";
    r.options.limits.max_total_keys = 4;
    refused(&r, two, TA_ERROR_LIMIT_EXCEEDED,
            "tracks[1].times: 3 more keys pass the limit of 4 keys over all tracks (limits.max_total_keys)");
    r.options.limits.max_total_keys = 0;
    r.options.limits.max_tracks = 1;
    refused(&r, two, TA_ERROR_LIMIT_EXCEEDED, "tracks: 2 more tracks pass the limit of 1 over all clips");
    r.options.limits.max_tracks = 0;
    r.options.limits.max_depth = 2;
    refused(&r, two, TA_ERROR_LIMIT_EXCEEDED, "nest deeper than the limit of 2 (limits.max_depth)");
    r.options.limits.max_depth = 0;
    r.options.limits.max_file_bytes = 10;
    refused(&r, two, TA_ERROR_LIMIT_EXCEEDED, "bytes pass the limit of 10 (limits.max_file_bytes)");
    r.options.limits.max_file_bytes = 0;
    ta_clip *clip = read_ok(&r, two);
    assert_int_equal(ta_clip_track_count(clip), 2);
    ta_clip_release(clip);
    reader_free(&r);
}

static void test_read_refuses_missing_arguments(void **state)
{
    (void)state;
    ta_clip *clip = NULL;
    ta_error err = {0};
    ta_clip_read_options none;
    memset(&none, 0, sizeof none);
    TA_ASSERT_REFUSED(ta_clip_read("{}", 2, &none, &clip, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "options.resolver: is NULL");
    TA_ASSERT_REFUSED(ta_clip_read("{}", 2, NULL, &clip, &err), &err, TA_ERROR_INVALID_ARGUMENT, "options.resolver");
    TA_ASSERT_REFUSED(ta_clip_read("{}", 2, &none, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_clip: is NULL");
    assert_null(clip);
}

static void test_a_written_clip_reads_back_the_same(void **state)
{
    (void)state;
    reader r;
    reader_make(&r, NULL);
    ta_error err = {0};
    const float t3[3] = {0.25f, 0.5f, 2};
    const float v9[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, c9[9] = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f};
    ta_track_target pos, em, pen, morph;
    TA_ASSERT_OK(ta_track_target_node(r.f.spine, TA_TRACK_KIND_POSITION, &pos, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(2), TA_TRACK_KIND_MATERIAL_EMISSIVE, &em, &err), &err);
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_PENUMBRA, &pen, &err), &err);
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(0), 1, &morph, &err), &err);
    ta_track *tracks[4] = {make_track(pos, TA_INTERPOLATION_SMOOTH, t3, 3, v9, 9), make_track(em, TA_INTERPOLATION_STEP, t3, 3, c9, 9),
                           make_track(pen, TA_INTERPOLATION_LINEAR, t3, 3, c9, 3), make_track(morph, TA_INTERPOLATION_LINEAR, t3, 3, c9 + 3, 3)};
    ta_clip_options co = {NULL, 3.5, TA_BLEND_MODE_NORMAL, NULL, "u-rt", false, NULL, 0};
    ta_clip *clip = ta_test_clip("rt", tracks, 4, &co);
    ta_clip_write_options wo = {ta_clip_binding_name, &r.where, NULL, 0};
    char *text;
    TA_ASSERT_OK(ta_clip_write(clip, &wo, &text, &err), &err);
    ta_clip *back = read_ok(&r, text);
    assert_string_equal(ta_clip_name(back), "rt");
    assert_string_equal(ta_clip_uuid(back), "u-rt");
    TA_ASSERT_NEAR(ta_clip_duration(back).seconds, 3.5, 0);
    assert_int_equal(ta_clip_track_count(back), 4);
    for (uint32_t i = 0; i < 4; ++i) {
        const ta_track *a = ta_clip_track(clip, i), *b = ta_clip_track(back, i);
        assert_true(ta_track_target_eq(ta_track_target_of(a), ta_track_target_of(b)));
        assert_int_equal(ta_track_interpolation(a), ta_track_interpolation(b));
        assert_int_equal(ta_track_key_count(b), 3);
        assert_memory_equal(ta_track_times(a), ta_track_times(b), 3 * sizeof(float));
        assert_memory_equal(ta_track_values(a), ta_track_values(b), 3 * ta_track_value_size(a) * sizeof(float));
    }
    ta_json_destroy(text);
    ta_clip_release(back);
    ta_clip_release(clip);
    reader_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_names_targets_by_uuid_as_the_spec_table),
        cmocka_unit_test(test_write_flags_strings_and_bezier),
        cmocka_unit_test(test_write_refuses_what_three_js_json_cannot_hold),
        cmocka_unit_test(test_read_binds_each_path_as_three_js),
        cmocka_unit_test(test_read_a_whole_morph_array_wider_than_the_mesh),
        cmocka_unit_test(test_a_whole_morph_list_binds_up_to_the_limit),
        cmocka_unit_test(test_read_a_pose_clip_of_no_length),
        cmocka_unit_test(test_read_from_a_skinned_mesh_finds_its_bones),
        cmocka_unit_test(test_read_binds_the_element_form_of_a_material_property),
        cmocka_unit_test(test_read_leaves_out_what_three_js_binds_to_nothing),
        cmocka_unit_test(test_read_refuses_the_json_rows_of_what_is_refused),
        cmocka_unit_test(test_read_refuses_bad_documents_with_their_path),
        cmocka_unit_test(test_read_enforces_the_limits),
        cmocka_unit_test(test_read_refuses_missing_arguments),
        cmocka_unit_test(test_a_written_clip_reads_back_the_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
