/*
 * fuzz_read_clip -- libFuzzer target for ta_clip_read (AnimationClip.parse),
 * bound in a small fixed scene (a mesh with morph targets and a mapped
 * material, a mesh of two materials, a skinned mesh with two bones, a spot
 * light, two cameras). Every input is read or refused with a message; a clip
 * read is written back with ta_clip_write, and when that succeeds the text
 * must read again into a clip of as many tracks.
 *
 * Seed corpus: tests/fuzz/corpus/read_clip/ (the clips of the conformance
 * scenes of tests/conformance/json/scenes.mjs, the unit tests' clips, and
 * crash inputs found).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "threeanim/animation_json.h"
#include "threeanim/threeanim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
} world;

static ta_node_id node(ta_scene *s, ta_node_id parent, const char *name, const char *uuid, ta_node_type type)
{
    ta_node_id n = ta_node_none();
    ta_scene_add_node(s, parent, name, &n, NULL);
    ta_scene_set_node_uuid(s, n, uuid, NULL);
    ta_scene_node(s, n)->type = type;
    return n;
}

static void world_make(world *w)
{
    ta_scene_options so = {NULL, "World", "u-scene"};
    ta_scene_create(&so, &w->scene, NULL);
    ta_assets_create(NULL, &w->assets, NULL);
    ta_camera_list_create(NULL, &w->cameras, NULL);
    ta_scene *s = w->scene;
    ta_node_id root = node(s, ta_node_none(), "root", "u-root", TA_NODE_TYPE_GROUP);
    ta_node_id cube = node(s, root, "Cube", "u-cube", TA_NODE_TYPE_MESH);
    ta_node_id multi = node(s, root, "Multi", "u-multi", TA_NODE_TYPE_MESH);
    ta_node_id body = node(s, root, "Body", "u-body", TA_NODE_TYPE_SKINNED_MESH);
    ta_node_id hips = node(s, body, "hips", "u-hips", TA_NODE_TYPE_BONE);
    ta_node_id spine = node(s, hips, "spine", "u-spine", TA_NODE_TYPE_BONE);
    ta_node_id sun = node(s, root, "Sun", "u-sun", TA_NODE_TYPE_LIGHT);
    ta_node_id cam = node(s, root, "Cam", "u-cam", TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    ta_node_id ortho = node(s, root, "Ortho", "u-ortho", TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA);
    ta_texture tex = ta_texture_defaults();
    ta_texture_id t;
    ta_assets_add_texture(w->assets, &tex, "checker", "u-tex", &t, NULL);
    ta_material a = ta_material_defaults(TA_MATERIAL_KIND_STANDARD), b = ta_material_defaults(TA_MATERIAL_KIND_BASIC),
                c = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
    a.map = t;
    ta_material_id ma, mb, mc;
    ta_assets_add_material(w->assets, &a, "skin", "u-ma", &ma, NULL);
    ta_assets_add_material(w->assets, &b, "flat", "u-mb", &mb, NULL);
    ta_assets_add_material(w->assets, &c, "glass", "u-mc", &mc, NULL);
    const char *names[3] = {"smile", "blink", ""};
    ta_mesh_desc d1 = {cube, 3, NULL, names, &ma, 1, NULL, 0};
    ta_scene_add_mesh(s, &d1, NULL, NULL);
    ta_material_id pair[2] = {mb, mc};
    ta_mesh_desc d2 = {multi, 0, NULL, NULL, pair, 2, NULL, 0};
    ta_scene_add_mesh(s, &d2, NULL, NULL);
    ta_node_id bones[2] = {hips, spine};
    ta_mesh_desc d3 = {body, 2, NULL, NULL, &mb, 1, bones, 2};
    ta_scene_add_skinned_mesh(s, &d3, NULL, NULL);
    ta_light spot = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    spot.node = sun;
    ta_scene_add_light(s, &spot, NULL, NULL);
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    pc.node = cam;
    ta_camera_list_add_perspective(w->cameras, &pc, NULL, NULL);
    ta_orthographic_camera oc = ta_orthographic_camera_defaults();
    oc.node = ortho;
    ta_camera_list_add_orthographic(w->cameras, &oc, NULL, NULL);
}

static void world_free(world *w)
{
    ta_scene_destroy(w->scene);
    ta_assets_destroy(w->assets);
    ta_camera_list_destroy(w->cameras);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    world w;
    world_make(&w);
    /* The first byte picks the clip's root: the Scene, the skinned mesh, or the root group. */
    ta_node_id roots[3] = {ta_node_none(), ta_node_at(3), ta_node_at(0)};
    ta_clip_binding where = {w.scene, w.assets, w.cameras, size > 0 ? roots[data[0] % 3] : ta_node_none()};
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.resolver = ta_clip_binding_resolve;
    ro.resolver_user = &where;
    ro.limits.max_total_keys = 1u << 18;
    ro.limits.max_tracks = 1u << 12;
    ro.limits.max_depth = 64;
    ta_clip *clip = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    const char *text = size > 0 ? (const char *)data + 1 : "";
    size_t length = size > 0 ? size - 1 : 0;
    if (ta_clip_read(text, length, &ro, &clip, &err) != TA_OK) {
        if (err.code == TA_OK || err.message[0] == '\0') __builtin_trap();
        world_free(&w);
        return 0;
    }
    if (!ta_clip_is_valid(clip)) __builtin_trap();
    ta_clip_write_options wo = {ta_clip_binding_name, &where, NULL, 0};
    char *written = NULL;
    if (ta_clip_write(clip, &wo, &written, &err) == TA_OK) {
        ta_clip *back = NULL;
        if (ta_clip_read(written, strlen(written), &ro, &back, &err) != TA_OK) __builtin_trap();
        if (ta_clip_track_count(back) != ta_clip_track_count(clip)) __builtin_trap();
        ta_clip_release(back);
        ta_json_destroy(written);
    } else if (err.message[0] == '\0') {
        __builtin_trap();
    }
    ta_clip_release(clip);
    world_free(&w);
    return 0;
}
