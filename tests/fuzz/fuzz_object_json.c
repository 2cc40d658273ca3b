/*
 * fuzz_object_json -- libFuzzer target for ta_object_json_read
 * (ObjectLoader.parse) and ta_object_json_write. Every input is read or refused
 * with a message, never read out of bounds; a model read is written back, and
 * when the writer accepts it the text must read again into a model of as many
 * nodes, meshes, lights, cameras and clips. The limits are lowered so that a
 * document cannot make a run slow.
 *
 * Seed corpus: tests/fuzz/corpus/object_json/ (small scenes of
 * tests/conformance/json/scenes.mjs as three.js and threeanim write them, the
 * unit tests' documents, and crash inputs found).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "threeanim/object_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ta_load_options opts;
    memset(&opts, 0, sizeof opts);
    opts.limits.max_file_bytes = 1u << 20;
    opts.limits.max_total_keys = 1u << 16;
    opts.limits.max_nodes = 1u << 12;
    opts.limits.max_tracks = 1u << 12;
    opts.limits.max_clips = 1u << 8;
    opts.limits.max_depth = 64;
    ta_model *model = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    if (ta_object_json_read((const char *)data, size, &opts, &model, &err) != TA_OK) {
        if (err.code == TA_OK || err.message[0] == '\0') __builtin_trap();
        return 0;
    }
    char *text = NULL;
    if (ta_object_json_write(model->scene, model->assets, model->cameras, (const ta_clip *const *)model->animations,
                          model->animation_count, NULL, &text, &err) == TA_OK) {
        ta_model *back = NULL;
        if (ta_object_json_read(text, strlen(text), &opts, &back, &err) != TA_OK) __builtin_trap();
        if (back->scene->node_count != model->scene->node_count ||
            back->scene->mesh_count != model->scene->mesh_count ||
            back->scene->skinned_mesh_count != model->scene->skinned_mesh_count ||
            back->scene->light_count != model->scene->light_count ||
            back->cameras->perspective_count != model->cameras->perspective_count ||
            back->cameras->orthographic_count != model->cameras->orthographic_count ||
            back->animation_count != model->animation_count)
            __builtin_trap();
        ta_model_destroy(back);
        ta_json_destroy(text);
    } else if (err.message[0] == '\0') {
        __builtin_trap();
    }
    ta_model_destroy(model);
    return 0;
}
