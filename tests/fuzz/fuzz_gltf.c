/*
 * fuzz_gltf -- libFuzzer target for the glTF loader (.gltf and .glb alike: the
 * loader tells them apart by the "glTF" magic). Every input must be loaded or
 * refused with a message, never read out of bounds; a loaded model is then
 * walked (every track sampled at a few times) and freed, so that what the
 * loader built is checked too. External files are looked up in a folder that
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
            if (!ta_track_validate(track)) __builtin_trap();
            for (int k = 0; k <= 4; ++k)
                ta_track_sample(track, duration * k / 4.0, TA_ZERO_CURVATURE_ENDING, TA_ZERO_CURVATURE_ENDING, out, 16,
                                NULL);
        }
    }
    for (uint32_t i = 0; i < model->source_node_count; ++i)
        if (!ta_node_is_none(model->source_nodes[i]) && model->source_nodes[i].index >= model->scene->node_count)
            __builtin_trap();
    ta_model_destroy(model);
    return 0;
}
