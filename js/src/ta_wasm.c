/* The WebAssembly entry points of js/ (the three.js drop-in mixer and the crowd API).
 *
 * Built only into threeanim.wasm and threeanim-simd.wasm (cmake/wasm/CMakeLists.txt), on top of
 * the public API: a file of js/, not of src/, whose folders are the native libraries' layers.
 * Every argument is a number or a pointer into the wasm heap, so that JavaScript calls these
 * directly.
 * Ids cross as numbers (-1 for none), durations as doubles. A call that can fail returns a
 * ta_result and leaves the message in the context's ta_error (tw_error_message), which JS turns
 * into an Error.
 *
 * Every allocation goes through the context's counting allocator, so that JS (and the tests) can
 * tell that a frame allocates nothing (tw_alloc_count).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/animation_action.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_mixer.h"
#include "threeanim/animation_object_group.h"
#include "threeanim/camera.h"
#include "threeanim/color.h"
#include "threeanim/frame.h"
#include "threeanim/instance.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/light.h"
#include "threeanim/material.h"
#include "threeanim/pose.h"
#include "threeanim/property.h"
#include "threeanim/scene.h"
#include "threeanim/skin.h"

#define TW_EXPORT(name) __attribute__((export_name(#name))) name
/* Called from JavaScript only: no header declares them. */
#pragma clang diagnostic ignored "-Wmissing-prototypes"

typedef struct tw_ctx {
    ta_error err;
    ta_allocator allocator;
    uint64_t allocs; /* allocations and reallocations made through allocator */
    uint64_t live_bytes;
} tw_ctx;

static void *count_alloc(void *user, size_t size)
{
    tw_ctx *c = (tw_ctx *)user;
    c->allocs++;
    c->live_bytes += size;
    return malloc(size);
}

static void *count_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    tw_ctx *c = (tw_ctx *)user;
    c->allocs++;
    c->live_bytes += new_size - old_size;
    return realloc(ptr, new_size);
}

static void count_free(void *user, void *ptr, size_t size)
{
    tw_ctx *c = (tw_ctx *)user;
    c->live_bytes -= size;
    free(ptr);
}

static ta_node_id node_id(int32_t i) { return i < 0 ? ta_node_none() : (ta_node_id){(uint32_t)i}; }

tw_ctx *TW_EXPORT(tw_ctx_create)(void)
{
    tw_ctx *c = (tw_ctx *)calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    c->allocator = (ta_allocator){count_alloc, count_realloc, count_free, c};
    return c;
}

void TW_EXPORT(tw_ctx_destroy)(tw_ctx *c) { free(c); }
const char *TW_EXPORT(tw_error_message)(const tw_ctx *c) { return c->err.message; }
double TW_EXPORT(tw_alloc_count)(const tw_ctx *c) { return (double)c->allocs; }
double TW_EXPORT(tw_live_bytes)(const tw_ctx *c) { return (double)c->live_bytes; }
void *TW_EXPORT(tw_malloc)(uint32_t size) { return malloc(size); }
int tw_sbrk_reserve(uint32_t bytes); /* wasm_sbrk.c */
int32_t TW_EXPORT(tw_reserve)(uint32_t bytes) { return tw_sbrk_reserve(bytes); }
void TW_EXPORT(tw_free)(void *p) { free(p); }

/* The layout of ta_node that JS reads and writes in place: offsets of position, quaternion,
 * scale and visible, and the node's size, in bytes. */
void TW_EXPORT(tw_node_layout)(uint32_t *out)
{
    out[0] = (uint32_t)offsetof(ta_node, position);
    out[1] = (uint32_t)offsetof(ta_node, quaternion);
    out[2] = (uint32_t)offsetof(ta_node, scale);
    out[3] = (uint32_t)offsetof(ta_node, visible);
    out[4] = (uint32_t)sizeof(ta_node);
}

/* ---- scenes --------------------------------------------------------------------------- */

ta_scene *TW_EXPORT(tw_scene_create)(tw_ctx *c)
{
    ta_scene_options o = {.allocator = &c->allocator};
    ta_scene *s = NULL;
    return ta_scene_create(&o, &s, &c->err) == TA_OK ? s : NULL;
}

void TW_EXPORT(tw_scene_destroy)(ta_scene *s) { ta_scene_destroy(s); }

int32_t TW_EXPORT(tw_scene_add_node)(tw_ctx *c, ta_scene *s, int32_t parent, const char *name, int32_t type)
{
    ta_node_id id;
    if (ta_scene_add_node(s, node_id(parent), name, &id, &c->err) != TA_OK) return -1;
    s->nodes[id.index].type = (ta_node_type)type;
    return (int32_t)id.index;
}

/* The scene's node list: moves when a node is added, so JS asks again after adding. */
ta_node *TW_EXPORT(tw_scene_nodes)(ta_scene *s) { return s->nodes; }

/* A mesh (skinned != 0: a skinned mesh) with morph_count influences and material_count materials
 * (ids in the assets; a group's material tracks drive the materials of the meshes at a member);
 * its id, or -1. */
int32_t TW_EXPORT(tw_scene_add_mesh)(tw_ctx *c, ta_scene *s, int32_t node, uint32_t morph_count, int32_t skinned,
                                     const uint32_t *materials, uint32_t material_count)
{
    ta_mesh_desc d = {.node = node_id(node), .morph_count = morph_count,
                      .materials = (const ta_material_id *)materials, .material_count = material_count};
    if (skinned) {
        ta_skinned_mesh_id id;
        return ta_scene_add_skinned_mesh(s, &d, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
    }
    ta_mesh_id id;
    return ta_scene_add_mesh(s, &d, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

float *TW_EXPORT(tw_mesh_influences)(ta_scene *s, uint32_t mesh, int32_t skinned)
{
    return skinned ? s->skinned_meshes[mesh].morph_influences : s->meshes[mesh].morph_influences;
}

/* A skin of joint_count joints (node ids) and their inverse bind matrices (16 floats each). */
int32_t TW_EXPORT(tw_scene_add_skin)(tw_ctx *c, ta_scene *s, const uint32_t *joints, uint32_t joint_count,
                                     const float *inverse_binds)
{
    ta_skin_desc d = {.joints = (const ta_node_id *)joints, .joint_count = joint_count,
                      .inverse_binds = (const ta_mat4 *)inverse_binds};
    ta_skin_id id;
    return ta_scene_add_skin(s, &d, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

/* The node's name (the mixer renames nodes from string tracks), and setting it. */
const char *TW_EXPORT(tw_node_name)(const ta_scene *s, uint32_t node) { return s->nodes[node].name; }
int32_t TW_EXPORT(tw_scene_set_node_name)(tw_ctx *c, ta_scene *s, uint32_t node, const char *name)
{
    return ta_scene_set_node_name(s, (ta_node_id){node}, name, &c->err);
}

/* A light of kind (ta_light_kind) carried by node, with three.js's defaults (JS then copies the
 * three.js light's numbers in); its index, or -1. */
int32_t TW_EXPORT(tw_scene_add_light)(tw_ctx *c, ta_scene *s, uint32_t node, uint32_t kind)
{
    ta_light l = ta_light_defaults((ta_light_kind)kind);
    l.node = (ta_node_id){node};
    ta_light_id id;
    return ta_scene_add_light(s, &l, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

/* ---- assets and cameras: what material and camera tracks drive ------------------------ */

ta_assets *TW_EXPORT(tw_assets_create)(tw_ctx *c)
{
    ta_assets_options o = {.allocator = &c->allocator};
    ta_assets *a = NULL;
    return ta_assets_create(&o, &a, &c->err) == TA_OK ? a : NULL;
}

void TW_EXPORT(tw_assets_destroy)(ta_assets *a) { ta_assets_destroy(a); }

/* A material of kind (ta_material_kind) with three.js's defaults and map (a texture index, or -1);
 * its index, or -1. */
int32_t TW_EXPORT(tw_assets_add_material)(tw_ctx *c, ta_assets *a, uint32_t kind, int32_t map)
{
    ta_material m = ta_material_defaults((ta_material_kind)kind);
    m.map = map < 0 ? (ta_texture_id){TA_NONE} : (ta_texture_id){(uint32_t)map};
    ta_material_id id;
    return ta_assets_add_material(a, &m, NULL, NULL, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

int32_t TW_EXPORT(tw_assets_add_texture)(tw_ctx *c, ta_assets *a)
{
    ta_texture t = ta_texture_defaults();
    ta_texture_id id;
    return ta_assets_add_texture(a, &t, NULL, NULL, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

ta_camera_list *TW_EXPORT(tw_cameras_create)(tw_ctx *c)
{
    ta_camera_list_options o = {.allocator = &c->allocator};
    ta_camera_list *l = NULL;
    return ta_camera_list_create(&o, &l, &c->err) == TA_OK ? l : NULL;
}

void TW_EXPORT(tw_cameras_destroy)(ta_camera_list *l) { ta_camera_list_destroy(l); }

/* A camera carried by node (orthographic != 0: an orthographic one) with three.js's defaults; its
 * index in its list, or -1. */
int32_t TW_EXPORT(tw_cameras_add)(tw_ctx *c, ta_camera_list *l, uint32_t node, int32_t orthographic)
{
    if (orthographic) {
        ta_orthographic_camera cam = ta_orthographic_camera_defaults();
        cam.node = (ta_node_id){node};
        ta_orthographic_camera_id id;
        return ta_camera_list_add_orthographic(l, &cam, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
    }
    ta_perspective_camera cam = ta_perspective_camera_defaults();
    cam.node = (ta_node_id){node};
    ta_perspective_camera_id id;
    return ta_camera_list_add_perspective(l, &cam, &id, &c->err) == TA_OK ? (int32_t)id.index : -1;
}

/* Where the value a track of kind drives on (family, index, element) sits (ta_property_address):
 * JS reads and writes it in place. Valid until the next add to the same list; NULL when the
 * target is not there or has no place (the message says why). */
void *TW_EXPORT(tw_target_field)(tw_ctx *c, ta_scene *s, ta_assets *a, ta_camera_list *l, uint32_t family,
                                 uint32_t index, uint32_t kind)
{
    ta_mixer_targets t = {.scene = s, .assets = a, .cameras = l};
    ta_track_target target = {(ta_track_kind)kind, (ta_target_family)family, index, 0};
    void *p = NULL;
    return ta_property_address(&t, target, &p, &c->err) == TA_OK ? p : NULL;
}

/* sRGB bytes, as materials and lights keep their colors: three.js's linear channel to its byte,
 * and back. */
uint32_t TW_EXPORT(tw_color_linear_to_byte)(double linear) { return ta_color_linear_to_srgb_byte(linear); }
double TW_EXPORT(tw_color_byte_to_linear)(uint32_t byte) { return ta_color_srgb_byte_to_linear((uint8_t)byte); }

/* ---- tracks and clips ----------------------------------------------------------------- */

ta_track *TW_EXPORT(tw_track_create)(tw_ctx *c, uint32_t kind, uint32_t family, uint32_t index, uint32_t element,
                                     uint32_t interpolation, const float *times, uint32_t key_count,
                                     const float *values, uint32_t value_count, const float *in_tangents,
                                     const float *out_tangents, uint32_t tangent_count)
{
    ta_track_desc d = {.target = {(ta_track_kind)kind, (ta_target_family)family, index, element},
                       .interpolation = (ta_interpolation)interpolation,
                       .times = times, .key_count = key_count, .values = values, .value_count = value_count,
                       .in_tangents = in_tangents, .out_tangents = out_tangents, .tangent_count = tangent_count};
    ta_track *t = NULL;
    return ta_track_create(&d, &c->allocator, &t, &c->err) == TA_OK ? t : NULL;
}

void TW_EXPORT(tw_track_destroy)(ta_track *t) { ta_track_destroy(t); }

/* A string track (NODE_NAME) of node index, key_count keys of STEP: times and one string a key. */
ta_track *TW_EXPORT(tw_track_create_strings)(tw_ctx *c, uint32_t kind, uint32_t index, const float *times,
                                             uint32_t key_count, const char *const *strings)
{
    ta_track_desc d = {.target = {(ta_track_kind)kind, TA_TARGET_FAMILY_NODE, index, 0},
                       .interpolation = TA_INTERPOLATION_STEP, .times = times, .key_count = key_count,
                       .strings = strings};
    ta_track *t = NULL;
    return ta_track_create(&d, &c->allocator, &t, &c->err) == TA_OK ? t : NULL;
}

/* The kind that drives property_path ("position", "morphTargetInfluences", ...) of family, with
 * element != 0 for one number of it; -1 when none does (the message says why). */
int32_t TW_EXPORT(tw_track_kind_find)(tw_ctx *c, uint32_t family, const char *property_path, int32_t element)
{
    ta_track_kind k;
    return ta_track_kind_find((ta_target_family)family, property_path, element != 0, &k, &c->err) == TA_OK
               ? (int32_t)k
               : -1;
}

ta_clip *TW_EXPORT(tw_clip_create)(tw_ctx *c, const char *name, ta_track *const *tracks, uint32_t count,
                                   double duration, uint32_t blend_mode)
{
    ta_clip_options o = {.allocator = &c->allocator, .duration = duration,
                         .blend_mode = (ta_blend_mode)blend_mode, .allow_empty = true};
    ta_clip *clip = NULL;
    return ta_clip_create(name, tracks, count, &o, &clip, &c->err) == TA_OK ? clip : NULL;
}

void TW_EXPORT(tw_clip_retain)(ta_clip *clip) { ta_clip_retain(clip); }
void TW_EXPORT(tw_clip_release)(ta_clip *clip) { ta_clip_release(clip); }
double TW_EXPORT(tw_clip_duration)(const ta_clip *clip) { return ta_clip_duration(clip).seconds; }

/* ---- mixers and actions --------------------------------------------------------------- */

ta_mixer *TW_EXPORT(tw_mixer_create)(tw_ctx *c, int32_t root)
{
    ta_mixer_options o = {.allocator = &c->allocator};
    ta_mixer *m = NULL;
    return ta_mixer_create(node_id(root), &o, &m, &c->err) == TA_OK ? m : NULL;
}

void TW_EXPORT(tw_mixer_destroy)(ta_mixer *m) { ta_mixer_destroy(m); }

/* The group of member_count nodes (three.js's AnimationObjectGroup) given to a, which copies it. */
static ta_result set_group(tw_ctx *c, ta_action *a, const uint32_t *members, uint32_t member_count)
{
    ta_object_group g;
    ta_result r = ta_object_group_create(&g, &c->allocator, &c->err);
    for (uint32_t i = 0; r == TA_OK && i < member_count; ++i)
        r = ta_object_group_add(&g, (ta_node_id){members[i]}, &c->err);
    if (r == TA_OK) r = ta_action_set_group(a, &g, &c->err);
    ta_object_group_destroy(&g);
    return r;
}

/* A new action of clip filed in m under root, played on the member_count nodes of members when
 * there are any (an AnimationObjectGroup root); its index, or -1. */
int32_t TW_EXPORT(tw_action_create)(tw_ctx *c, ta_mixer *m, const ta_clip *clip, uint32_t blend_mode, int32_t root,
                                    const uint32_t *members, uint32_t member_count)
{
    ta_action_options o = {.allocator = &c->allocator, .blend_mode = (ta_blend_mode)blend_mode};
    ta_action *a = NULL;
    if (ta_action_create(clip, &o, &a, &c->err) != TA_OK) return -1;
    uint32_t index;
    if ((member_count > 0 && set_group(c, a, members, member_count) != TA_OK) ||
        ta_mixer_add(m, a, node_id(root), &index, &c->err) != TA_OK) {
        ta_action_destroy(a);
        return -1;
    }
    return (int32_t)index;
}

ta_action *TW_EXPORT(tw_mixer_action)(tw_ctx *c, ta_mixer *m, uint32_t index)
{
    ta_action *a = NULL;
    return ta_mixer_action(m, index, &a, &c->err) == TA_OK ? a : NULL;
}

/* assets and cameras may be NULL: given only to a mixer that drives materials or cameras. */
int32_t TW_EXPORT(tw_mixer_update)(tw_ctx *c, ta_mixer *m, ta_scene *s, ta_assets *assets, ta_camera_list *cameras,
                                   double delta)
{
    ta_mixer_targets t = {.scene = s, .assets = assets, .cameras = cameras};
    return ta_mixer_update_targets(m, &t, (ta_duration){delta}, &c->err);
}

int32_t TW_EXPORT(tw_mixer_set_time)(tw_ctx *c, ta_mixer *m, ta_scene *s, ta_assets *assets, ta_camera_list *cameras,
                                     double time)
{
    ta_mixer_targets t = {.scene = s, .assets = assets, .cameras = cameras};
    return ta_mixer_set_time(m, &t, (ta_duration){time}, &c->err);
}

int32_t TW_EXPORT(tw_mixer_restore_stopped)(tw_ctx *c, ta_mixer *m, ta_scene *s, ta_assets *assets,
                                            ta_camera_list *cameras)
{
    ta_mixer_targets t = {.scene = s, .assets = assets, .cameras = cameras};
    return ta_mixer_restore_stopped(m, &t, &c->err);
}

double TW_EXPORT(tw_mixer_time)(const ta_mixer *m) { return ta_mixer_time(m).seconds; }
int32_t TW_EXPORT(tw_mixer_set_time_scale)(tw_ctx *c, ta_mixer *m, double s)
{
    return ta_mixer_set_time_scale(m, s, &c->err);
}
int32_t TW_EXPORT(tw_mixer_set_write_always)(tw_ctx *c, ta_mixer *m, int32_t on)
{
    return ta_mixer_set_write_always(m, on != 0, &c->err);
}
int32_t TW_EXPORT(tw_mixer_write_always)(const ta_mixer *m) { return ta_mixer_write_always(m); }
void TW_EXPORT(tw_mixer_stop_all_action)(ta_mixer *m) { ta_mixer_stop_all_action(m); }
int32_t TW_EXPORT(tw_mixer_uncache_action)(tw_ctx *c, ta_mixer *m, uint32_t index)
{
    return ta_mixer_uncache_action(m, index, &c->err);
}
int32_t TW_EXPORT(tw_mixer_cross_fade_from)(tw_ctx *c, ta_mixer *m, uint32_t index, uint32_t from, double duration,
                                            int32_t warp)
{
    return ta_mixer_cross_fade_from(m, index, from, (ta_duration){duration}, warp != 0, &c->err);
}
int32_t TW_EXPORT(tw_mixer_sync_with)(tw_ctx *c, ta_mixer *m, uint32_t index, uint32_t with)
{
    return ta_mixer_sync_with(m, index, with, &c->err);
}
/* syncWith across mixers too, as three.js's: the other action's time and time scale */
int32_t TW_EXPORT(tw_action_sync_with)(tw_ctx *c, ta_action *a, const ta_action *other)
{
    return ta_action_sync_with(a, other, &c->err);
}

/* The events of the last updates into out, 4 doubles each (kind, action, loop delta, direction);
 * how many. Markers are not sent: three.js has none. */
uint32_t TW_EXPORT(tw_mixer_drain_events)(ta_mixer *m, double *out, uint32_t capacity)
{
    ta_animation_event ev[16];
    uint32_t n = 0, got;
    while (n < capacity && (got = ta_mixer_drain_events(m, ev, capacity - n < 16 ? capacity - n : 16)) > 0) {
        for (uint32_t i = 0; i < got; ++i) {
            if (ev[i].kind == TA_EVENT_KIND_MARKER) continue;
            out[4 * n] = ev[i].kind;
            out[4 * n + 1] = ev[i].action;
            out[4 * n + 2] = (double)ev[i].loop_delta;
            out[4 * n + 3] = ev[i].direction;
            n++;
        }
    }
    return n;
}

int32_t TW_EXPORT(tw_action_play)(tw_ctx *c, ta_action *a) { return ta_action_play(a, &c->err); }
int32_t TW_EXPORT(tw_action_stop)(tw_ctx *c, ta_action *a) { return ta_action_stop(a, &c->err); }
void TW_EXPORT(tw_action_reset)(ta_action *a) { ta_action_reset(a); }
int32_t TW_EXPORT(tw_action_is_active)(const ta_action *a) { return ta_action_is_active(a); }
int32_t TW_EXPORT(tw_action_is_scheduled)(const ta_action *a) { return ta_action_is_scheduled(a); }
int32_t TW_EXPORT(tw_action_is_playing)(const ta_action *a) { return ta_action_is_playing(a); }
int32_t TW_EXPORT(tw_action_set_loop)(tw_ctx *c, ta_action *a, uint32_t mode, double repetitions)
{
    /* Infinity (and anything past int64) is endless; a negative count is left for the library to
     * refuse with its message. */
    int64_t r = repetitions >= 9.2e18 ? TA_ACTION_ENDLESS : repetitions < 0 ? -1 : (int64_t)repetitions;
    return ta_action_set_loop(a, (ta_loop_mode)mode, r, &c->err);
}
double TW_EXPORT(tw_action_time)(const ta_action *a) { return ta_action_time(a).seconds; }
double TW_EXPORT(tw_action_phase)(const ta_action *a) { return ta_action_phase(a); }
double TW_EXPORT(tw_action_loop_count)(const ta_action *a) { return (double)ta_action_loop_count(a); }
double TW_EXPORT(tw_action_clip_duration)(const ta_action *a) { return ta_clip_duration(ta_action_clip(a)).seconds; }
int32_t TW_EXPORT(tw_action_set_time)(tw_ctx *c, ta_action *a, double t)
{
    return ta_action_set_time(a, (ta_duration){t}, &c->err);
}
int32_t TW_EXPORT(tw_action_set_weight)(tw_ctx *c, ta_action *a, double w)
{
    return ta_action_set_weight(a, (float)w, &c->err);
}
double TW_EXPORT(tw_action_weight)(const ta_action *a) { return ta_action_weight(a); }
int32_t TW_EXPORT(tw_action_set_time_scale)(tw_ctx *c, ta_action *a, double s)
{
    return ta_action_set_time_scale(a, (float)s, &c->err);
}
double TW_EXPORT(tw_action_time_scale)(const ta_action *a) { return ta_action_time_scale(a); }
void TW_EXPORT(tw_action_set_enabled)(ta_action *a, int32_t on) { ta_action_set_enabled(a, on != 0); }
int32_t TW_EXPORT(tw_action_enabled)(const ta_action *a) { return ta_action_enabled(a); }
void TW_EXPORT(tw_action_set_paused)(ta_action *a, int32_t on)
{
    if (on) ta_action_pause(a);
    else ta_action_unpause(a);
}
int32_t TW_EXPORT(tw_action_paused)(const ta_action *a) { return ta_action_paused(a); }
void TW_EXPORT(tw_action_set_clamp)(ta_action *a, int32_t on) { ta_action_set_clamp_when_finished(a, on != 0); }
void TW_EXPORT(tw_action_set_zero_slope)(ta_action *a, int32_t at_end, int32_t on)
{
    if (at_end) ta_action_set_zero_slope_at_end(a, on != 0);
    else ta_action_set_zero_slope_at_start(a, on != 0);
}
int32_t TW_EXPORT(tw_action_set_blend_mode)(tw_ctx *c, ta_action *a, uint32_t mode)
{
    return ta_action_set_blend_mode(a, (ta_blend_mode)mode, &c->err);
}
double TW_EXPORT(tw_action_effective_weight)(const ta_action *a) { return ta_action_effective_weight(a); }
int32_t TW_EXPORT(tw_action_set_effective_weight)(tw_ctx *c, ta_action *a, double w)
{
    return ta_action_set_effective_weight(a, (float)w, &c->err);
}
double TW_EXPORT(tw_action_effective_time_scale)(const ta_action *a) { return ta_action_effective_time_scale(a); }
int32_t TW_EXPORT(tw_action_set_effective_time_scale)(tw_ctx *c, ta_action *a, double s)
{
    return ta_action_set_effective_time_scale(a, (float)s, &c->err);
}
int32_t TW_EXPORT(tw_action_fade)(tw_ctx *c, ta_action *a, int32_t out, double duration)
{
    return out ? ta_action_fade_out(a, (ta_duration){duration}, &c->err)
               : ta_action_fade_in(a, (ta_duration){duration}, &c->err);
}
void TW_EXPORT(tw_action_stop_fading)(ta_action *a) { ta_action_stop_fading(a); }
int32_t TW_EXPORT(tw_action_cross_fade_from)(tw_ctx *c, ta_action *a, ta_action *from, double duration, int32_t warp)
{
    return ta_action_cross_fade_from(a, from, (ta_duration){duration}, warp != 0, &c->err);
}

int32_t TW_EXPORT(tw_action_warp)(tw_ctx *c, ta_action *a, double from, double to, double duration)
{
    return ta_action_warp(a, (float)from, (float)to, (ta_duration){duration}, &c->err);
}
int32_t TW_EXPORT(tw_action_halt)(tw_ctx *c, ta_action *a, double duration)
{
    return ta_action_halt(a, (ta_duration){duration}, &c->err);
}
void TW_EXPORT(tw_action_stop_warping)(ta_action *a) { ta_action_stop_warping(a); }
int32_t TW_EXPORT(tw_action_start_at)(tw_ctx *c, ta_action *a, double t)
{
    return ta_action_start_at(a, (ta_duration){t}, &c->err);
}
int32_t TW_EXPORT(tw_action_set_duration)(tw_ctx *c, ta_action *a, double d)
{
    return ta_action_set_duration(a, (ta_duration){d}, &c->err);
}

/* ---- the crowd ------------------------------------------------------------------------ */

/* N instances of one rig scene, each with its own mixer, pose and world matrices: one
 * character of a frame (frame.h) each, so that a frame is one ta_frame_update_range call that
 * writes every instance's bone matrices (the skin's joint order, 16 floats each) into one array,
 * the one JS hands the renderer. No world matrices in float are written (nothing reads them: the
 * skinning pass reads the pose's doubles); converting them was about a twentieth of a frame.
 *
 * Each mixer writes always (ta_mixer_set_write_always): every driven property every frame, with
 * no comparison with the values it wrote last (about a tenth of a frame). That gives three.js's
 * numbers as long as nothing but the mixer writes a driven property; the crowd writes one
 * property itself, the root's position (Crowd.setPosition), which three.js's mixer leaves as set
 * until its own value changes: when it is set on an instance whose root an action drives, that
 * instance goes back to comparing (tw_crowd_compare) and stays so. */
typedef struct tw_crowd {
    tw_ctx *ctx;
    ta_scene **scenes;
    ta_mixer **mixers;
    ta_pose **poses;
    ta_frame_character *chars;
    size_t *skin_offsets; /* count * skin_count: instance i's at i * skin_count */
    ta_mat4 *bones;      /* count * joint_count matrices: the palette */
    uint32_t count, node_count, skin_count, joint_count;
    bool warm;           /* warm_up done */
    bool float_lanes;    /* the frame's float lane pass (tw_crowd_set_float_lanes) */
} tw_crowd;

void TW_EXPORT(tw_crowd_destroy)(tw_crowd *k);

tw_crowd *TW_EXPORT(tw_crowd_create)(tw_ctx *c, ta_scene *rig, uint32_t skin, uint32_t count)
{
    const ta_skin *sk = ta_scene_skin(rig, (ta_skin_id){skin});
    if (sk == NULL) {
        c->err.code = TA_ERROR_MISSING_TARGET;
        strcpy(c->err.message, "skin: not in the rig");
        return NULL;
    }
    tw_crowd *k = (tw_crowd *)calloc(1, sizeof *k);
    if (k == NULL) return NULL;
    k->ctx = c;
    k->node_count = rig->node_count;
    k->skin_count = rig->skin_count;
    k->joint_count = sk->joint_count;
    size_t n = count ? count : 1;
    k->scenes = (ta_scene **)calloc(n, sizeof *k->scenes);
    k->mixers = (ta_mixer **)calloc(n, sizeof *k->mixers);
    k->poses = (ta_pose **)calloc(n, sizeof *k->poses);
    k->chars = (ta_frame_character *)calloc(n, sizeof *k->chars);
    k->skin_offsets = (size_t *)calloc(n * k->skin_count + 1, sizeof *k->skin_offsets);
    k->bones = (ta_mat4 *)calloc(n * k->joint_count + 1, sizeof *k->bones);
    if (!k->scenes || !k->mixers || !k->poses || !k->chars || !k->skin_offsets || !k->bones) {
        tw_crowd_destroy(k);
        return NULL;
    }
    ta_scene_options so = {.allocator = &c->allocator};
    ta_mixer_options mo = {.allocator = &c->allocator};
    ta_pose_options po = {.allocator = &c->allocator};
    for (uint32_t i = 0; i < count; ++i, k->count = i) {
        if (ta_scene_instantiate(rig, &so, &k->scenes[i], &c->err) != TA_OK ||
            ta_mixer_create(ta_node_none(), &mo, &k->mixers[i], &c->err) != TA_OK ||
            ta_pose_create(k->scenes[i], &po, &k->poses[i], &c->err) != TA_OK ||
            ta_mixer_set_write_always(k->mixers[i], true, &c->err) != TA_OK) {
            k->count = i + 1;
            tw_crowd_destroy(k);
            return NULL;
        }
        size_t *offsets = k->skin_offsets + (size_t)i * k->skin_count;
        for (uint32_t s = 0; s < k->skin_count; ++s) offsets[s] = SIZE_MAX; /* only the crowd's skin */
        offsets[skin] = (size_t)i * k->joint_count * 16;
        k->chars[i] = (ta_frame_character){.mixer = k->mixers[i], .targets = {.scene = k->scenes[i]},
                                           .pose = k->poses[i], .skin_offsets = offsets};
    }
    return k;
}

void TW_EXPORT(tw_crowd_destroy)(tw_crowd *k)
{
    if (k == NULL) return;
    for (uint32_t i = 0; i < k->count; ++i) {
        if (k->poses) ta_pose_destroy(k->poses[i]);
        if (k->mixers) ta_mixer_destroy(k->mixers[i]);
        if (k->scenes) ta_scene_destroy(k->scenes[i]);
    }
    free(k->scenes);
    free(k->mixers);
    free(k->poses);
    free(k->chars);
    free(k->skin_offsets);
    free(k->bones);
    free(k);
}

ta_mixer *TW_EXPORT(tw_crowd_mixer)(tw_crowd *k, uint32_t i) { return k->mixers[i]; }
ta_scene *TW_EXPORT(tw_crowd_scene)(tw_crowd *k, uint32_t i) { return k->scenes[i]; }
float *TW_EXPORT(tw_crowd_bones)(tw_crowd *k) { return k->bones[0].m; }
uint32_t TW_EXPORT(tw_crowd_joint_count)(const tw_crowd *k) { return k->joint_count; }

/* Instance i's mixer compares from now on, as three.js's does, with what it wrote last as the
 * values to compare with: after a frame those are the nodes' values (it wrote every property it
 * drives), which an update by 0 writes again (the clocks do not move) and keeps, before the caller
 * writes the root's position; before the first frame, nothing was written, and the first update
 * writes every property, as three.js's first does where a value differs from the node's. */
int32_t TW_EXPORT(tw_crowd_compare)(tw_crowd *k, uint32_t i)
{
    ta_error *err = &k->ctx->err;
    if (!ta_mixer_write_always(k->mixers[i])) return TA_OK;
    ta_result r = ta_mixer_set_write_always(k->mixers[i], false, err);
    if (r != TA_OK || !k->warm) return r;
    ta_mixer_targets t = {.scene = k->scenes[i]};
    return ta_mixer_update_targets(k->mixers[i], &t, (ta_duration){0}, err);
}

/* After the first frame, gives each mixer's values back from the fused path once. A mixer on the
 * fused path frees its general piles; the first update after one of its actions stops (a fade
 * out ending, a cross-fade) makes them again, and keeps them from then on (mixer_fused.h). Doing
 * that here, in the frame that may allocate, spares the first cross-fade of every instance an
 * allocation. The call: an update by 0 (three.js's mixer.update(0): no clock moves, the same
 * values are written) given an empty camera list, other targets than the frame's, which sends it
 * down the general path. The crowd sends no events, so the update's are of no account. */
static ta_result warm_up(tw_crowd *k, ta_error *err)
{
    ta_camera_list none = {0};
    for (uint32_t i = 0; i < k->count; ++i) {
        ta_mixer_targets other = {.scene = k->scenes[i], .cameras = &none};
        ta_result r = ta_mixer_update_targets(k->mixers[i], &other, (ta_duration){0}, err);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

/* on: the frame runs its float lane pass (frame.h, float_lanes; four lanes of f32x4 in the SIMD
 * module, where the rig's inverse binds allow it), keeping no double world matrices in the poses
 * (nothing here reads them). The bone matrices are then within 1e-6 of each matrix's largest
 * element of the double passes', not theirs bit for bit. */
void TW_EXPORT(tw_crowd_set_float_lanes)(tw_crowd *k, int32_t on) { k->float_lanes = on != 0; }

/* Every instance in one ta_frame_update_range call: mixer update by delta, world pass, skinning
 * pass into the palette. Every instance is tried; err names the first refused one. */
int32_t TW_EXPORT(tw_crowd_update)(tw_crowd *k, double delta)
{
    tw_ctx *c = k->ctx;
    ta_frame_options o = {.palette = k->bones[0].m,
                          .palette_floats = (size_t)k->count * k->joint_count * 16,
                          .layout = TA_PALETTE_LAYOUT_MAT4,
                          .no_pose_world = k->float_lanes,
                          .float_lanes = k->float_lanes};
    ta_result r = ta_frame_update_range(k->chars, 0, k->count, (ta_duration){delta}, &o, &c->err);
    if (r != TA_OK) return r;
    if (k->warm) return TA_OK;
    k->warm = true;
    return warm_up(k, &c->err);
}
