/*
 * fuzz_gltf -- libFuzzer target for the glTF loader (.gltf and .glb alike: the
 * loader tells them apart by the "glTF" magic). Every input must be loaded or
 * refused with a message, never read out of bounds; a loaded model is then
 * walked (every track sampled at a few times, every node, mesh, light and
 * camera pointing at things that are there, every track's target there) and
 * every clip played through a mixer on the model's scene for a few updates
 * (an update may refuse a value its property cannot hold, with a message, but
 * must not crash), and freed, so that what the loader built is checked too. External files are looked up in a folder that
 * does not exist, and the limits are lowered so that a claimed size cannot
 * make a run slow.
 *
 * Seed corpus: tests/fuzz/corpus/gltf/ (files from
 * tests/conformance/gltf/gen_scenarios.mjs, hand-made edge cases, and every
 * crash input found); dictionary: tests/fuzz/fuzz_gltf.dict.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "threeanim/gltf.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/threeanim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool node_ok(const ta_scene *s, ta_node_id n)
{
    return ta_node_is_none(n) || n.index < s->node_count;
}

static bool target_there(const ta_model *m, ta_track_target t)
{
    const ta_scene *s = m->scene;
    switch (t.family) {
    case TA_TARGET_FAMILY_NODE: return t.index < s->node_count;
    case TA_TARGET_FAMILY_MESH: return t.index < s->mesh_count && t.element < s->meshes[t.index].morph_count;
    case TA_TARGET_FAMILY_SKINNED_MESH:
        return t.index < s->skinned_mesh_count && t.element < s->skinned_meshes[t.index].morph_count;
    case TA_TARGET_FAMILY_MATERIAL: return m->assets != NULL && t.index < m->assets->material_count;
    case TA_TARGET_FAMILY_LIGHT: return t.index < s->light_count;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA: return m->cameras != NULL && t.index < m->cameras->perspective_count;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA: return m->cameras != NULL && t.index < m->cameras->orthographic_count;
    default: return false;
    }
}

/* Everything the model points at is in it. */
static void check_model(const ta_model *m)
{
    const ta_scene *s = m->scene;
    for (uint32_t i = 0; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        if (!node_ok(s, n->parent) || !node_ok(s, n->first_child) || !node_ok(s, n->last_child) ||
            !node_ok(s, n->next_sibling) || n->name == NULL || n->uuid == NULL)
            __builtin_trap();
    }
    for (uint32_t i = 0; i < s->mesh_count + s->skinned_mesh_count; ++i) {
        const ta_mesh *mesh = i < s->mesh_count ? &s->meshes[i] : &s->skinned_meshes[i - s->mesh_count];
        if (mesh->node.index >= s->node_count) __builtin_trap();
        if (mesh->morph_count > 0 && (mesh->morph_influences == NULL || mesh->morph_names == NULL)) __builtin_trap();
        for (uint32_t k = 0; k < mesh->morph_count; ++k)
            if (mesh->morph_names[k] == NULL) __builtin_trap();
        for (uint32_t k = 0; k < mesh->material_count; ++k)
            if (mesh->materials[k].index >= m->assets->material_count) __builtin_trap();
        for (uint32_t k = 0; k < mesh->bone_count; ++k)
            if (mesh->bones[k].index >= s->node_count) __builtin_trap();
    }
    for (uint32_t i = 0; i < s->light_count; ++i)
        if (s->lights[i].node.index >= s->node_count || ta_light_validate(&s->lights[i], NULL) != TA_OK)
            __builtin_trap();
    for (uint32_t i = 0; i < m->assets->material_count; ++i) {
        const ta_material *mat = &m->assets->materials[i];
        if (ta_material_validate(mat, NULL) != TA_OK) __builtin_trap();
        if (mat->map.index != TA_NONE && mat->map.index >= m->assets->texture_count) __builtin_trap();
    }
    for (uint32_t i = 0; i < m->cameras->perspective_count; ++i)
        if (!node_ok(s, m->cameras->perspective[i].node) ||
            ta_perspective_camera_validate(&m->cameras->perspective[i], NULL) != TA_OK)
            __builtin_trap();
    for (uint32_t i = 0; i < m->cameras->orthographic_count; ++i)
        if (!node_ok(s, m->cameras->orthographic[i].node) ||
            ta_orthographic_camera_validate(&m->cameras->orthographic[i], NULL) != TA_OK)
            __builtin_trap();
    for (uint32_t c = 0; c < m->animation_count; ++c)
        for (uint32_t t = 0; t < ta_clip_track_count(m->animations[c]); ++t)
            if (!target_there(m, ta_track_target_of(ta_clip_track(m->animations[c], t)))) __builtin_trap();
}

/* Every clip at once on one mixer, then each alone, for a few updates. */
static void play_clips(ta_model *m)
{
    static const double steps[] = {0.0, 1.0 / 60, 0.25, 1.5, -0.4, 1e6};
    ta_mixer_targets targets = {m->scene, m->assets, m->cameras};
    for (uint32_t pass = 0; pass <= m->animation_count && pass < 4; ++pass) {
        ta_mixer *mixer = NULL;
        if (ta_mixer_create(ta_node_none(), NULL, &mixer, NULL) != TA_OK) return;
        for (uint32_t c = 0; c < m->animation_count; ++c) {
            if (pass > 0 && c != pass - 1) continue;
            ta_action *a = NULL;
            if (ta_action_create(m->animations[c], NULL, &a, NULL) != TA_OK) continue;
            if (ta_mixer_add(mixer, a, ta_node_none(), NULL, NULL) != TA_OK) {
                ta_action_destroy(a);
                continue;
            }
            ta_action_set_loop(a, c % 3 == 0 ? TA_LOOP_MODE_REPEAT : c % 3 == 1 ? TA_LOOP_MODE_PING_PONG : TA_LOOP_MODE_ONCE, TA_ACTION_ENDLESS, NULL);
            ta_action_play(a, NULL);
        }
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; ++i) {
            ta_error err;
            memset(&err, 0, sizeof err);
            if (ta_mixer_update_targets(mixer, &targets, ta_duration_from_seconds(steps[i]), &err) != TA_OK &&
                (err.code == TA_OK || err.message[0] == '\0'))
                __builtin_trap();
        }
        ta_mixer_destroy(mixer);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ta_load_options opts;
    memset(&opts, 0, sizeof opts);
    opts.base_dir = "/nonexistent-threeanim-fuzz-dir";
    opts.limits.max_file_bytes = 1u << 22;
    opts.limits.max_total_keys = 1u << 18;
    opts.limits.max_nodes = 1u << 14;
    opts.limits.max_tracks = 1u << 14;
    opts.limits.max_clips = 1u << 10;
    opts.limits.max_depth = 256;
    ta_model *model = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    if (ta_gltf_load_memory(data, size, &opts, &model, &err) != TA_OK) {
        /* A refusal always says why. */
        if (err.code == TA_OK || err.message[0] == '\0') __builtin_trap();
        return 0;
    }
    float out[16];
    for (uint32_t c = 0; c < model->animation_count; ++c) {
        const ta_clip *clip = model->animations[c];
        double duration = ta_clip_duration(clip).seconds;
        for (uint32_t t = 0; t < ta_clip_track_count(clip); ++t) {
            const ta_track *track = ta_clip_track(clip, t);
            if (!ta_track_is_valid(track)) __builtin_trap();
            for (int k = 0; k <= 4; ++k)
                ta_track_sample(track, duration * k / 4.0, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, out, 16,
                                NULL);
        }
    }
    for (uint32_t i = 0; i < model->source_node_count; ++i)
        if (!ta_node_is_none(model->source_nodes[i]) && model->source_nodes[i].index >= model->scene->node_count)
            __builtin_trap();
    check_model(model);
    play_clips(model);
    ta_model_destroy(model);
    return 0;
}
