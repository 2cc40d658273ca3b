/* A frame of more than TA__FRAME_STREAM_FROM characters writes its poses' doubles, and its
 * float world matrices and palette where they start on a 64-byte line (as here), with
 * non-temporal stores (frame.c, pose_lanes.c, pose_lanes_body.h). What it writes is the same
 * bit for bit as a frame of the same characters in smaller calls, which store as usual: the
 * poses' doubles, the float world matrices, the palette and the nodes. The characters are the benchmark's
 * (bench/mixer/workload.c), built alike, so that they share a rig and take the lane pass on
 * a CPU that has one (on one that has none, both sides take the column loops). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ta_test.h"

#include "animation/mixer_internal.h"
#include "scene/pose_internal.h"
#include "threeanim/threeanim.h"
#include "workload.h"

enum { CHARS = TA__FRAME_STREAM_FROM + 8, FRAMES = 3 };

typedef struct crowd {
    bench_character ch[CHARS];
    ta_frame_character fc[CHARS];
    size_t offsets[CHARS];
    float *palette;
    size_t floats;
} crowd;

static void crowd_make(crowd *c, const bench_config *cfg, const bench_keys *keys, ta_clip **clips)
{
    ta_error err = {0};
    c->floats = (size_t)CHARS * cfg->bones * 16;
    c->palette = (float *)aligned_alloc(64, c->floats * sizeof *c->palette); /* streamed: a bone a line */
    assert_non_null(c->palette);
    memset(c->palette, 0, c->floats * sizeof *c->palette);
    for (uint32_t i = 0; i < CHARS; ++i) {
        TA_ASSERT_OK(bench_character_make(cfg, keys, BENCH_BLEND_FRAME, i, 0, clips, NULL, &c->ch[i], &err), &err);
        c->offsets[i] = (size_t)i * cfg->bones * 16;
        c->fc[i] = (ta_frame_character){.mixer = c->ch[i].mixer, .targets = {.scene = c->ch[i].scene},
                                        .pose = c->ch[i].pose, .world = c->ch[i].world, .skin_offsets = &c->offsets[i]};
    }
}

static void crowd_free(crowd *c)
{
    for (uint32_t i = 0; i < CHARS; ++i) bench_character_free(&c->ch[i]);
    free(c->palette);
}

static void test_streamed_frame_same_as_stored(void **state)
{
    (void)state;
    ta_error err = {0};
    bench_config cfg;
    bench_keys keys;
    ta_clip **clips = NULL;
    bench_config_defaults(&cfg);
    assert_int_equal(bench_keys_make(&cfg, cfg.keys, &keys), BENCH_OK);
    TA_ASSERT_OK(bench_make_clips(&cfg, &keys, NULL, 0, &clips, &err), &err);
    crowd *whole = (crowd *)calloc(1, sizeof *whole), *parts = (crowd *)calloc(1, sizeof *parts);
    assert_non_null(whole);
    assert_non_null(parts);
    crowd_make(whole, &cfg, &keys, clips);
    crowd_make(parts, &cfg, &keys, clips);
    const ta_duration dt = ta_duration_from_seconds(cfg.dt);
    ta_frame_options ow = {whole->palette, whole->floats, TA_PALETTE_LAYOUT_MAT4, 0, 0};
    ta_frame_options op = {parts->palette, parts->floats, TA_PALETTE_LAYOUT_MAT4, 0, 0};
    const uint32_t half = CHARS / 2;
    assert_true(half <= TA__FRAME_STREAM_FROM);
    for (int f = 0; f < FRAMES; ++f) {
        TA_ASSERT_OK(ta_frame_update_range(whole->fc, 0, CHARS, dt, &ow, &err), &err);
        TA_ASSERT_OK(ta_frame_update_range(parts->fc, 0, half, dt, &op, &err), &err);
        TA_ASSERT_OK(ta_frame_update_range(parts->fc, half, CHARS - half, dt, &op, &err), &err);
        for (uint32_t i = 0; i < CHARS; ++i) {
            const ta_scene *a = whole->ch[i].scene, *b = parts->ch[i].scene;
            for (uint32_t n = 0; n < a->node_count; ++n) {
                assert_memory_equal(&a->nodes[n].position, &b->nodes[n].position, sizeof a->nodes[n].position);
                assert_memory_equal(&a->nodes[n].quaternion, &b->nodes[n].quaternion, sizeof a->nodes[n].quaternion);
                assert_memory_equal(&a->nodes[n].scale, &b->nodes[n].scale, sizeof a->nodes[n].scale);
            }
            assert_memory_equal(ta__pose_world_doubles(whole->ch[i].pose), ta__pose_world_doubles(parts->ch[i].pose),
                                sizeof(double) * 16 * a->node_count);
            assert_memory_equal(whole->ch[i].world, parts->ch[i].world, sizeof(ta_mat4) * a->node_count);
        }
        assert_memory_equal(whole->palette, parts->palette, whole->floats * sizeof(float));
    }
    /* the frames moved the bones, and the characters differ: not a comparison of rest poses */
    assert_true(bench_character_checksum(&whole->ch[0]) != bench_character_checksum(&whole->ch[1]));
    const double *w0 = ta__pose_world_doubles(whole->ch[3].pose);
    bool moved = false;
    for (uint32_t k = 0; k < 16 * whole->ch[3].scene->node_count && !moved; ++k) moved = w0[k] != 0 && w0[k] != 1;
    assert_true(moved);
    crowd_free(whole);
    crowd_free(parts);
    free(whole);
    free(parts);
    bench_free_clips(clips, cfg.clips);
    bench_keys_free(&keys);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streamed_frame_same_as_stored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
