/*
 * clip_to_json: a clip built in code, written as three.js JSON.
 *
 * The scene is one node, "Box", carrying a mesh drawn with one material,
 * "Paint". The clip "pop" moves the box up and down, turns it, swells it
 * along a smooth curve, hides it at 0.8 s, turns its paint from red to blue
 * and fades the paint along a Bezier curve. ta_clip_write writes it as
 * three.js's AnimationClip.toJSON does; each track names its target by the
 * uuid of the object that carries it (ta_clip_binding_name), so
 * AnimationClip.parse and a mixer on the same objects bind it back.
 *
 *     clip_to_json [SCENE.json]
 *
 * Output: the clip's JSON on stdout. With SCENE.json, the whole scene with the
 * clip as its animation (three.js Object3D.toJSON, for ObjectLoader) is also
 * written there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/threeanim.h"

static void check(ta_result r, const ta_error *err, const char *what)
{
    if (r == TA_OK) return;
    fprintf(stderr, "clip_to_json: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* Adds a track to tracks[*count]; the clip takes them all at the end. */
static void add_track(ta_track **tracks, uint32_t *count, const ta_track_desc *desc, const char *what)
{
    ta_error err = {0};
    check(ta_track_create(desc, NULL, &tracks[*count], &err), &err, what);
    ++*count;
}

static ta_clip *make_pop(ta_node_id box, ta_material_id paint)
{
    ta_error err = {0};
    ta_track *tracks[6];
    uint32_t count = 0;
    ta_track_desc d;

    static const float move_times[] = {0, 0.5f, 1};
    static const float move[] = {0, 0, 0, 0, 2, 0, 0, 0, 0};
    d = (ta_track_desc){0};
    check(ta_track_target_node(box, TA_TRACK_KIND_POSITION, &d.target, &err), &err, "position");
    d.times = move_times, d.key_count = 3, d.values = move, d.value_count = 9;
    add_track(tracks, &count, &d, "position");

    static const float turn_times[] = {0, 1};
    static const float turn[] = {0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f}; /* a quarter turn about y */
    d = (ta_track_desc){0};
    check(ta_track_target_node(box, TA_TRACK_KIND_QUATERNION, &d.target, &err), &err, "quaternion");
    d.times = turn_times, d.key_count = 2, d.values = turn, d.value_count = 8;
    add_track(tracks, &count, &d, "quaternion");

    static const float swell_times[] = {0, 0.25f, 0.5f, 1};
    static const float swell[] = {1, 1, 1, 1.5f, 1.5f, 1.5f, 1.2f, 1.2f, 1.2f, 1, 1, 1};
    d = (ta_track_desc){0};
    check(ta_track_target_node(box, TA_TRACK_KIND_SCALE, &d.target, &err), &err, "scale");
    d.interpolation = TA_INTERPOLATION_SMOOTH; /* three.js InterpolateSmooth, written as interpolation 2302 */
    d.times = swell_times, d.key_count = 4, d.values = swell, d.value_count = 12;
    add_track(tracks, &count, &d, "scale");

    static const float shown_times[] = {0, 0.8f};
    static const float shown[] = {1, 0};
    d = (ta_track_desc){0};
    check(ta_track_target_node(box, TA_TRACK_KIND_VISIBLE, &d.target, &err), &err, "visible");
    d.times = shown_times, d.key_count = 2, d.values = shown, d.value_count = 2;
    add_track(tracks, &count, &d, "visible");

    static const float paint_times[] = {0, 1};
    static const float colors[] = {1, 0, 0, 0, 0, 1}; /* linear channels */
    d = (ta_track_desc){0};
    check(ta_track_target_material(paint, TA_TRACK_KIND_MATERIAL_COLOR, &d.target, &err), &err, "color");
    d.times = paint_times, d.key_count = 2, d.values = colors, d.value_count = 6;
    add_track(tracks, &count, &d, "color");

    /* Opacity 1 to 0 over a second, easing in and out: each key's control
     * points are (time, value) pairs, one pair per number of the key. */
    static const float fade_times[] = {0, 1};
    static const float fade[] = {1, 0};
    static const float fade_in[] = {-0.4f, 1, 0.6f, 0};
    static const float fade_out[] = {0.4f, 1, 1.4f, 0};
    d = (ta_track_desc){0};
    check(ta_track_target_material(paint, TA_TRACK_KIND_MATERIAL_OPACITY, &d.target, &err), &err, "opacity");
    d.interpolation = TA_INTERPOLATION_BEZIER;
    d.times = fade_times, d.key_count = 2, d.values = fade, d.value_count = 2;
    d.in_tangents = fade_in, d.out_tangents = fade_out, d.tangent_count = 4;
    add_track(tracks, &count, &d, "opacity");

    ta_clip_options options = {0};
    options.user_data = "{\"author\":\"clip_to_json\"}";
    ta_clip *clip;
    if (ta_clip_create("pop", tracks, count, &options, &clip, &err) != TA_OK) {
        for (uint32_t i = 0; i < count; ++i) ta_track_destroy(tracks[i]);
        check(err.code, &err, "clip");
    }
    return clip;
}

int main(int argc, char **argv)
{
    ta_error err = {0};
    ta_scene *scene;
    check(ta_scene_create(NULL, &scene, &err), &err, "scene");
    ta_assets *assets;
    check(ta_assets_create(NULL, &assets, &err), &err, "assets");

    ta_node_id box;
    check(ta_scene_add_node(scene, ta_node_none(), "Box", &box, &err), &err, "node");
    check(ta_scene_set_node_uuid(scene, box, "6a1f7c1e-0b2d-4c4e-9a6b-3f1d2e5c7b80", &err), &err, "uuid");
    ta_material paint = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    paint.transparent = true;
    ta_material_id paint_id;
    check(ta_assets_add_material(assets, &paint, "Paint", "0d3e9b52-7c41-4f0a-b8e2-5a9c6d1f2e34", &paint_id, &err),
          &err, "material");
    ta_mesh_desc mesh = {0};
    mesh.node = box;
    mesh.materials = &paint_id;
    mesh.material_count = 1;
    ta_mesh_id mesh_index;
    check(ta_scene_add_mesh(scene, &mesh, &mesh_index, &err), &err, "mesh");
    ta_scene_node(scene, box)->type = TA_NODE_TYPE_MESH;

    ta_clip *pop = make_pop(box, paint_id);

    /* Names each target by the uuid of the object that carries it: the box
     * for its own tracks, the first mesh drawing with the paint for the paint's. */
    ta_clip_binding where = {scene, assets, NULL, ta_node_none()};
    ta_clip_write_options options = {0};
    options.namer = ta_clip_binding_name;
    options.namer_user = &where;
    options.indent = 2;
    char *text;
    check(ta_clip_write(pop, &options, &text, &err), &err, "write clip");
    puts(text);
    ta_json_destroy(text);

    if (argc > 1) {
        ta_object_json_options scene_options = {0};
        scene_options.indent = 2;
        const ta_clip *animations[1] = {pop};
        check(ta_object_json_write_file(argv[1], scene, assets, NULL, animations, 1, &scene_options, &err), &err,
              argv[1]);
    }

    ta_clip_release(pop);
    ta_assets_destroy(assets);
    ta_scene_destroy(scene);
    return 0;
}
