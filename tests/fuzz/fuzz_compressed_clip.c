/*
 * fuzz_compressed_clip -- libFuzzer target for ta_compressed_clip_read, the
 * reader of compressed clips' binary form (threeanim/clip_compress.h). Every
 * input is read or refused with a message; a clip read plays in a scene of
 * 64 nodes at times before, across and past its keys, every number it writes
 * finite, and its bytes are the input's.
 *
 * Seed corpus: tests/fuzz/corpus/compressed_clip/ (the bundled model's clips
 * compressed).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "threeanim/threeanim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ta_compressed_read_options o = {0};
    o.max_bytes = 1u << 20;
    o.max_nodes = 64;
    ta_compressed_clip *clip = NULL;
    ta_error err = {0};
    if (ta_compressed_clip_read(data, size, &o, &clip, &err) != TA_OK) {
        if (clip != NULL || err.message[0] == '\0') __builtin_trap();
        return 0;
    }
    size_t held = 0;
    const void *bytes = ta_compressed_clip_data(clip, &held);
    if (held != size || memcmp(bytes, data, size) != 0) __builtin_trap();
    ta_scene *scene = NULL;
    if (ta_scene_create(NULL, &scene, NULL) == TA_OK) {
        ta_node_id parent = ta_node_none(), n;
        for (int i = 0; i < 64 && ta_scene_add_node(scene, parent, "n", &n, NULL) == TA_OK; ++i) parent = n;
        const double d = ta_compressed_clip_duration(clip).seconds;
        for (int k = -1; k <= 9; ++k) {
            if (ta_compressed_clip_sample(clip, d * k / 8.0, scene, &err) != TA_OK) break;
            for (uint32_t i = 0; i < scene->node_count; ++i) {
                const ta_node *nd = &scene->nodes[i];
                const float v[10] = {nd->position.x, nd->position.y, nd->position.z, nd->quaternion.x, nd->quaternion.y,
                                     nd->quaternion.z, nd->quaternion.w, nd->scale.x, nd->scale.y, nd->scale.z};
                for (int c = 0; c < 10; ++c)
                    if (!isfinite(v[c])) __builtin_trap();
            }
        }
        ta_scene_destroy(scene);
    }
    ta_compressed_clip_destroy(clip);
    return 0;
}
