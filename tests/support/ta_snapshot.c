/* Snapshots of everything a caller can read; see ta_snapshot.h. Each record is
 * a label (one length byte and the text), a four-byte size and the value. */
#include "ta_snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ta_snap_init(ta_snap *s)
{
    memset(s, 0, sizeof *s);
}

void ta_snap_free(ta_snap *s)
{
    free(s->bytes);
    memset(s, 0, sizeof *s);
}

void ta_snap_clear(ta_snap *s)
{
    s->size = 0;
    s->failed = false;
}

static void append(ta_snap *s, const void *bytes, size_t size)
{
    if (s->failed) return;
    if (s->size + size > s->capacity) {
        size_t cap = s->capacity ? s->capacity : 4096;
        while (cap < s->size + size) cap *= 2;
        unsigned char *grown = realloc(s->bytes, cap);
        if (grown == NULL) {
            s->failed = true;
            return;
        }
        s->bytes = grown;
        s->capacity = cap;
    }
    if (size) memcpy(s->bytes + s->size, bytes, size);
    s->size += size;
}

void ta_snap_put(ta_snap *s, const char *label, const void *bytes, size_t size)
{
    size_t n = strlen(label);
    unsigned char len = (unsigned char)(n > 255 ? 255 : n);
    append(s, &len, 1);
    append(s, label, len);
    uint32_t sz = (uint32_t)size;
    append(s, &sz, sizeof sz);
    append(s, bytes, size);
}

void ta_snap_text(ta_snap *s, const char *label, const char *text)
{
    if (text == NULL) {
        unsigned char none = 0xff;
        ta_snap_put(s, label, &none, 1);
        return;
    }
    ta_snap_put(s, label, text, strlen(text) + 1);
}

#define PUT(s, label, value) ta_snap_put((s), (label), &(value), sizeof(value))

static void put_u32(ta_snap *s, const char *label, uint32_t v) { PUT(s, label, v); }
static void put_f32(ta_snap *s, const char *label, float v) { PUT(s, label, v); }
static void put_f64(ta_snap *s, const char *label, double v) { PUT(s, label, v); }
static void put_i64(ta_snap *s, const char *label, int64_t v) { PUT(s, label, v); }
static void put_bool(ta_snap *s, const char *label, bool v)
{
    unsigned char b = v ? 1 : 0;
    PUT(s, label, b);
}
static void put_vec3(ta_snap *s, const char *label, ta_vec3 v)
{
    float f[3] = {v.x, v.y, v.z};
    ta_snap_put(s, label, f, sizeof f);
}
static void put_vec2(ta_snap *s, const char *label, ta_vec2 v)
{
    float f[2] = {v.x, v.y};
    ta_snap_put(s, label, f, sizeof f);
}

static void snap_mesh(ta_snap *s, const char *label, const ta_mesh *m)
{
    char l[128];
    snprintf(l, sizeof l, "%s.node", label);
    put_u32(s, l, m->node.index);
    snprintf(l, sizeof l, "%s.morph_count", label);
    put_u32(s, l, m->morph_count);
    snprintf(l, sizeof l, "%s.morph_influences", label);
    if (m->morph_count > 0) ta_snap_put(s, l, m->morph_influences, sizeof(float) * m->morph_count);
    for (uint32_t i = 0; i < m->morph_count; ++i) {
        snprintf(l, sizeof l, "%s.morph_names[%u]", label, i);
        ta_snap_text(s, l, m->morph_names[i]);
    }
    snprintf(l, sizeof l, "%s.materials", label);
    put_u32(s, l, m->material_count);
    for (uint32_t i = 0; i < m->material_count; ++i) put_u32(s, l, m->materials[i].index);
    snprintf(l, sizeof l, "%s.bones", label);
    put_u32(s, l, m->bone_count);
    for (uint32_t i = 0; i < m->bone_count; ++i) put_u32(s, l, m->bones[i].index);
    snprintf(l, sizeof l, "%s.skin", label);
    put_u32(s, l, m->skin.index);
    snprintf(l, sizeof l, "%s.bind_mode", label);
    put_u32(s, l, (uint32_t)m->bind_mode);
    snprintf(l, sizeof l, "%s.bind_matrix", label);
    ta_snap_put(s, l, m->bind_matrix.m, sizeof m->bind_matrix.m);
}

static void snap_light(ta_snap *s, const char *label, const ta_light *li)
{
    char l[128];
    snprintf(l, sizeof l, "%s.kind", label);
    put_u32(s, l, (uint32_t)li->kind);
    snprintf(l, sizeof l, "%s.node", label);
    put_u32(s, l, li->node.index);
    snprintf(l, sizeof l, "%s.color", label);
    ta_snap_put(s, l, li->color, 3);
    snprintf(l, sizeof l, "%s.ground_color", label);
    ta_snap_put(s, l, li->ground_color, 3);
    snprintf(l, sizeof l, "%s.intensity", label);
    put_f32(s, l, li->intensity);
    snprintf(l, sizeof l, "%s.distance", label);
    put_f32(s, l, li->distance);
    snprintf(l, sizeof l, "%s.angle", label);
    put_f32(s, l, li->angle);
    snprintf(l, sizeof l, "%s.penumbra", label);
    put_f32(s, l, li->penumbra);
    snprintf(l, sizeof l, "%s.decay", label);
    put_f32(s, l, li->decay);
}

void ta_snap_scene(ta_snap *s, const ta_scene *scene)
{
    if (scene == NULL) {
        ta_snap_text(s, "scene", NULL);
        return;
    }
    ta_snap_text(s, "scene.name", scene->name);
    ta_snap_text(s, "scene.uuid", scene->uuid);
    put_u32(s, "scene.first_child", scene->first_child.index);
    put_u32(s, "scene.last_child", scene->last_child.index);
    PUT(s, "scene.structure_version", scene->structure_version);
    put_u32(s, "scene.node_count", scene->node_count);
    char l[64];
    for (uint32_t i = 0; i < scene->node_count; ++i) {
        const ta_node *n = &scene->nodes[i];
        snprintf(l, sizeof l, "node[%u].position", i);
        put_vec3(s, l, n->position);
        snprintf(l, sizeof l, "node[%u].quaternion", i);
        float q[4] = {n->quaternion.x, n->quaternion.y, n->quaternion.z, n->quaternion.w};
        ta_snap_put(s, l, q, sizeof q);
        snprintf(l, sizeof l, "node[%u].scale", i);
        put_vec3(s, l, n->scale);
        snprintf(l, sizeof l, "node[%u].visible", i);
        put_bool(s, l, n->visible);
        snprintf(l, sizeof l, "node[%u].type", i);
        put_u32(s, l, (uint32_t)n->type);
        snprintf(l, sizeof l, "node[%u].tree", i);
        uint32_t tree[4] = {n->parent.index, n->first_child.index, n->last_child.index, n->next_sibling.index};
        ta_snap_put(s, l, tree, sizeof tree);
        snprintf(l, sizeof l, "node[%u].name", i);
        ta_snap_text(s, l, n->name);
        snprintf(l, sizeof l, "node[%u].uuid", i);
        ta_snap_text(s, l, n->uuid);
    }
    put_u32(s, "scene.mesh_count", scene->mesh_count);
    for (uint32_t i = 0; i < scene->mesh_count; ++i) {
        snprintf(l, sizeof l, "mesh[%u]", i);
        snap_mesh(s, l, &scene->meshes[i]);
    }
    put_u32(s, "scene.skinned_mesh_count", scene->skinned_mesh_count);
    for (uint32_t i = 0; i < scene->skinned_mesh_count; ++i) {
        snprintf(l, sizeof l, "skinned_mesh[%u]", i);
        snap_mesh(s, l, &scene->skinned_meshes[i]);
    }
    put_u32(s, "scene.skin_count", scene->skin_count);
    for (uint32_t i = 0; i < scene->skin_count; ++i) {
        const ta_skin *k = &scene->skins[i];
        char kl[64];
        snprintf(kl, sizeof kl, "scene.skins[%u].joints", i);
        put_u32(s, kl, k->joint_count);
        for (uint32_t j = 0; j < k->joint_count; ++j) put_u32(s, kl, k->joints[j].index);
        snprintf(kl, sizeof kl, "scene.skins[%u].inverse_binds", i);
        ta_snap_put(s, kl, k->inverse_binds, sizeof(ta_mat4) * k->joint_count);
        snprintf(kl, sizeof kl, "scene.skins[%u].uuid", i);
        ta_snap_text(s, kl, k->uuid);
    }
    put_u32(s, "scene.light_count", scene->light_count);
    for (uint32_t i = 0; i < scene->light_count; ++i) {
        snprintf(l, sizeof l, "light[%u]", i);
        snap_light(s, l, &scene->lights[i]);
    }
}

void ta_snap_assets(ta_snap *s, const ta_assets *assets)
{
    if (assets == NULL) {
        ta_snap_text(s, "assets", NULL);
        return;
    }
    char l[64];
    put_u32(s, "assets.material_count", assets->material_count);
    for (uint32_t i = 0; i < assets->material_count; ++i) {
        const ta_material *m = &assets->materials[i];
        snprintf(l, sizeof l, "material[%u].kind", i);
        put_u32(s, l, (uint32_t)m->kind);
        snprintf(l, sizeof l, "material[%u].colors", i);
        unsigned char c[9];
        memcpy(c, m->color, 3);
        memcpy(c + 3, m->emissive, 3);
        memcpy(c + 6, m->specular, 3);
        ta_snap_put(s, l, c, sizeof c);
        float numbers[12] = {m->opacity,    m->emissive_intensity, m->roughness,         m->metalness,
                             m->shininess,  m->alpha_test,         m->reflectivity,      m->env_map_intensity,
                             m->clearcoat,  m->clearcoat_roughness, m->specular_intensity, m->ior};
        snprintf(l, sizeof l, "material[%u].numbers", i);
        ta_snap_put(s, l, numbers, sizeof numbers);
        snprintf(l, sizeof l, "material[%u].flags", i);
        unsigned char flags[2] = {m->transparent ? 1 : 0, m->wireframe ? 1 : 0};
        ta_snap_put(s, l, flags, sizeof flags);
        snprintf(l, sizeof l, "material[%u].map", i);
        put_u32(s, l, m->map.index);
        snprintf(l, sizeof l, "material[%u].name", i);
        ta_snap_text(s, l, m->name);
        snprintf(l, sizeof l, "material[%u].uuid", i);
        ta_snap_text(s, l, m->uuid);
    }
    put_u32(s, "assets.texture_count", assets->texture_count);
    for (uint32_t i = 0; i < assets->texture_count; ++i) {
        const ta_texture *t = &assets->textures[i];
        snprintf(l, sizeof l, "texture[%u].offset", i);
        put_vec2(s, l, t->offset);
        snprintf(l, sizeof l, "texture[%u].repeat", i);
        put_vec2(s, l, t->repeat);
        snprintf(l, sizeof l, "texture[%u].center", i);
        put_vec2(s, l, t->center);
        snprintf(l, sizeof l, "texture[%u].rotation", i);
        put_f32(s, l, t->rotation);
        snprintf(l, sizeof l, "texture[%u].name", i);
        ta_snap_text(s, l, t->name);
        snprintf(l, sizeof l, "texture[%u].uuid", i);
        ta_snap_text(s, l, t->uuid);
    }
}

void ta_snap_cameras(ta_snap *s, const ta_camera_list *cameras)
{
    if (cameras == NULL) {
        ta_snap_text(s, "cameras", NULL);
        return;
    }
    char l[64];
    put_u32(s, "cameras.perspective_count", cameras->perspective_count);
    for (uint32_t i = 0; i < cameras->perspective_count; ++i) {
        const ta_perspective_camera *c = &cameras->perspective[i];
        snprintf(l, sizeof l, "perspective[%u]", i);
        put_u32(s, l, c->node.index);
        float f[7] = {c->fov, c->zoom, c->near, c->far, c->aspect, c->film_gauge, c->film_offset};
        ta_snap_put(s, l, f, sizeof f);
    }
    put_u32(s, "cameras.orthographic_count", cameras->orthographic_count);
    for (uint32_t i = 0; i < cameras->orthographic_count; ++i) {
        const ta_orthographic_camera *c = &cameras->orthographic[i];
        snprintf(l, sizeof l, "orthographic[%u]", i);
        put_u32(s, l, c->node.index);
        float f[7] = {c->left, c->right, c->top, c->bottom, c->zoom, c->near, c->far};
        ta_snap_put(s, l, f, sizeof f);
    }
}

void ta_snap_track(ta_snap *s, const ta_track *track)
{
    if (track == NULL) {
        ta_snap_text(s, "track", NULL);
        return;
    }
    ta_track_target t = ta_track_target_of(track);
    uint32_t target[4] = {(uint32_t)t.kind, (uint32_t)t.family, t.index, t.element};
    ta_snap_put(s, "track.target", target, sizeof target);
    put_u32(s, "track.interpolation", (uint32_t)ta_track_interpolation(track));
    uint32_t keys = ta_track_key_count(track), size = ta_track_value_size(track);
    put_u32(s, "track.key_count", keys);
    put_u32(s, "track.value_size", size);
    put_f64(s, "track.duration", ta_track_duration(track).seconds);
    ta_snap_put(s, "track.times", ta_track_times(track), sizeof(float) * keys);
    ta_snap_put(s, "track.values", ta_track_values(track), sizeof(float) * keys * size);
    uint32_t tangents = ta_track_tangent_count(track);
    put_u32(s, "track.tangent_count", tangents);
    if (tangents) {
        ta_snap_put(s, "track.in_tangents", ta_track_in_tangents(track), sizeof(float) * tangents);
        ta_snap_put(s, "track.out_tangents", ta_track_out_tangents(track), sizeof(float) * tangents);
    }
    uint32_t strings = ta_track_string_count(track);
    put_u32(s, "track.string_count", strings);
    for (uint32_t i = 0; i < strings; ++i) ta_snap_text(s, "track.string", ta_track_string(track, i));
    put_bool(s, "track.valid", ta_track_is_valid(track));
}

void ta_snap_clip(ta_snap *s, const ta_clip *clip)
{
    if (clip == NULL) {
        ta_snap_text(s, "clip", NULL);
        return;
    }
    ta_snap_text(s, "clip.name", ta_clip_name(clip));
    ta_snap_text(s, "clip.uuid", ta_clip_uuid(clip));
    ta_snap_text(s, "clip.user_data", ta_clip_user_data(clip));
    uint32_t markers = ta_clip_marker_count(clip);
    put_u32(s, "clip.marker_count", markers);
    for (uint32_t i = 0; i < markers; ++i) {
        ta_snap_text(s, "clip.marker.name", ta_clip_marker_at(clip, i).name);
        put_f64(s, "clip.marker.time", ta_clip_marker_at(clip, i).time.seconds);
    }
    put_u32(s, "clip.blend_mode", (uint32_t)ta_clip_blend_mode(clip));
    put_f64(s, "clip.duration", ta_clip_duration(clip).seconds);
    uint32_t n = ta_clip_track_count(clip);
    put_u32(s, "clip.track_count", n);
    for (uint32_t i = 0; i < n; ++i) ta_snap_track(s, ta_clip_track(clip, i));
}

void ta_snap_group(ta_snap *s, const ta_object_group *group)
{
    if (group == NULL) {
        ta_snap_text(s, "group", NULL);
        return;
    }
    put_u32(s, "group.count", group->count);
    for (uint32_t i = 0; i < group->count; ++i) put_u32(s, "group.member", group->members[i].index);
}

void ta_snap_action(ta_snap *s, ta_action *a)
{
    if (a == NULL) {
        ta_snap_text(s, "action", NULL);
        return;
    }
    put_f32(s, "action.phase", ta_action_phase(a));
    put_f64(s, "action.at", ta_action_time(a).seconds);
    put_i64(s, "action.loop_count", ta_action_loop_count(a));
    put_u32(s, "action.loop", (uint32_t)ta_action_loop(a));
    put_i64(s, "action.repetitions", ta_action_repetitions(a));
    put_f32(s, "action.weight", ta_action_weight(a));
    put_f32(s, "action.effective_weight", ta_action_effective_weight(a));
    put_f32(s, "action.time_scale", ta_action_time_scale(a));
    put_f32(s, "action.effective_time_scale", ta_action_effective_time_scale(a));
    put_bool(s, "action.enabled", ta_action_enabled(a));
    put_bool(s, "action.paused", ta_action_paused(a));
    put_bool(s, "action.clamp_when_finished", ta_action_clamp_when_finished(a));
    put_bool(s, "action.active", ta_action_is_active(a));
    put_bool(s, "action.playing", ta_action_is_playing(a));
    put_u32(s, "action.blend_mode", (uint32_t)ta_action_blend_mode(a));
    const ta_clip *clip = ta_action_clip(a);
    ta_snap_text(s, "action.clip", clip ? ta_clip_uuid(clip) : NULL);
    ta_snap_group(s, ta_action_group(a));
}

void ta_snap_mixer(ta_snap *s, ta_mixer *mixer, ta_action *const *actions, uint32_t action_count)
{
    if (mixer == NULL) {
        ta_snap_text(s, "mixer", NULL);
        return;
    }
    put_f64(s, "mixer.time", ta_mixer_time(mixer).seconds);
    put_f64(s, "mixer.time_scale", ta_mixer_time_scale(mixer));
    put_u32(s, "mixer.root", ta_mixer_root(mixer).index);
    uint32_t n = ta_mixer_action_count(mixer);
    put_u32(s, "mixer.action_count", n);
    put_u32(s, "mixer.event_count", ta_mixer_event_count(mixer));
    for (uint32_t i = 0; i < n; ++i) {
        ta_action *a = NULL;
        ta_result r = ta_mixer_action(mixer, i, &a, NULL);
        put_u32(s, "mixer.action", (uint32_t)r);
    }
    for (uint32_t i = 0; i < action_count; ++i) {
        char l[32];
        snprintf(l, sizeof l, "action[%u]", i);
        ta_snap_text(s, l, "");
        ta_snap_action(s, actions[i]);
    }
}

bool ta_snap_equal(const ta_snap *a, const ta_snap *b)
{
    return !a->failed && !b->failed && a->size == b->size && (a->size == 0 || memcmp(a->bytes, b->bytes, a->size) == 0);
}

const char *ta_snap_first_difference(const ta_snap *a, const ta_snap *b, char *buf, size_t size)
{
    if (size) buf[0] = '\0';
    if (a->failed || b->failed) {
        snprintf(buf, size, "(a snapshot ran out of memory)");
        return buf;
    }
    size_t i = 0, j = 0;
    while (i < a->size && j < b->size) {
        size_t la = a->bytes[i], lb = b->bytes[j];
        uint32_t sa, sb;
        memcpy(&sa, a->bytes + i + 1 + la, sizeof sa);
        memcpy(&sb, b->bytes + j + 1 + lb, sizeof sb);
        size_t ra = 1 + la + sizeof sa + sa, rb = 1 + lb + sizeof sb + sb;
        if (ra != rb || memcmp(a->bytes + i, b->bytes + j, ra) != 0) {
            snprintf(buf, size, "%.*s", (int)la, (const char *)a->bytes + i + 1);
            return buf;
        }
        i += ra;
        j += rb;
    }
    if (i != a->size || j != b->size) snprintf(buf, size, "(one snapshot is longer)");
    return buf;
}
