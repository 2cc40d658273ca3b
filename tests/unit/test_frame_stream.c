/* A frame of more than TA__FRAME_STREAM_FROM characters (or one that ta_frame_options.stream
 * asks to) writes its poses' doubles, and its float world matrices and palette where they start
 * on a 64-byte line (as here), with non-temporal stores (frame.c, pose_lanes.c,
 * pose_lanes_body.h). What it writes is the same bit for bit as a frame of the same characters
 * in smaller calls, which store as usual: the poses' doubles, the float world matrices, the
 * palette and the nodes. The characters are the benchmark's
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

/* Crowd a's nodes, pose doubles (unless the frames kept none), float world and palette are crowd
 * b's, bit for bit. */
static void assert_same(const crowd *a, const crowd *b, bool doubles)
{
    for (uint32_t i = 0; i < CHARS; ++i) {
        const ta_scene *x = a->ch[i].scene, *y = b->ch[i].scene;
        for (uint32_t n = 0; n < x->node_count; ++n) {
            assert_memory_equal(&x->nodes[n].position, &y->nodes[n].position, sizeof x->nodes[n].position);
            assert_memory_equal(&x->nodes[n].quaternion, &y->nodes[n].quaternion, sizeof x->nodes[n].quaternion);
            assert_memory_equal(&x->nodes[n].scale, &y->nodes[n].scale, sizeof x->nodes[n].scale);
        }
        if (doubles)
            assert_memory_equal(ta__pose_world_doubles(a->ch[i].pose), ta__pose_world_doubles(b->ch[i].pose),
                                sizeof(double) * 16 * x->node_count);
        assert_memory_equal(a->ch[i].world, b->ch[i].world, sizeof(ta_mat4) * x->node_count);
    }
    assert_memory_equal(a->palette, b->palette, a->floats * sizeof(float));
}

/* One frame of c in calls of `per` characters, streamed as `stream` says; with float_lanes, the
 * float lane pass (and no pose doubles). */
static void crowd_frame(crowd *c, uint32_t per, ta_frame_stream stream, ta_duration dt, int float_lanes)
{
    ta_error err = {0};
    ta_frame_options o = {.palette = c->palette, .palette_floats = c->floats, .layout = TA_PALETTE_LAYOUT_MAT4,
                          .stream = stream, .no_pose_world = float_lanes, .float_lanes = float_lanes};
    for (uint32_t first = 0; first < CHARS; first += per)
        TA_ASSERT_OK(ta_frame_update_range(c->fc, first, CHARS - first < per ? CHARS - first : per, dt, &o, &err),
                     &err);
}

/* The reference, `parts`: calls of CHARS / 2 characters, which do not stream. Against it, the
 * whole crowd in one call (streams), the calls of CHARS / 2 with TA_FRAME_STREAM_ON (stream),
 * the whole crowd with TA_FRAME_STREAM_OFF (does not); the double lane pass, or the float one. */
static void streamed_same_as_stored(int float_lanes)
{
    ta_error err = {0};
    bench_config cfg;
    bench_keys keys;
    ta_clip **clips = NULL;
    bench_config_defaults(&cfg);
    assert_int_equal(bench_keys_make(&cfg, cfg.keys, &keys), BENCH_OK);
    TA_ASSERT_OK(bench_make_clips(&cfg, &keys, NULL, 0, &clips, &err), &err);
    enum { PARTS, WHOLE, ON, OFF, KINDS };
    crowd *c[KINDS];
    for (int k = 0; k < KINDS; ++k) {
        c[k] = (crowd *)calloc(1, sizeof *c[k]);
        assert_non_null(c[k]);
        crowd_make(c[k], &cfg, &keys, clips);
    }
    const ta_duration dt = ta_duration_from_seconds(cfg.dt);
    const uint32_t half = CHARS / 2;
    assert_true(half <= TA__FRAME_STREAM_FROM);
    for (int f = 0; f < FRAMES; ++f) {
        crowd_frame(c[PARTS], half, TA_FRAME_STREAM_AUTO, dt, float_lanes);
        crowd_frame(c[WHOLE], CHARS, TA_FRAME_STREAM_AUTO, dt, float_lanes);
        crowd_frame(c[ON], half, TA_FRAME_STREAM_ON, dt, float_lanes);
        crowd_frame(c[OFF], CHARS, TA_FRAME_STREAM_OFF, dt, float_lanes);
        assert_same(c[OFF], c[PARTS], !float_lanes);
        assert_same(c[ON], c[PARTS], !float_lanes);
        assert_same(c[WHOLE], c[PARTS], !float_lanes);
    }
    /* the frames moved the bones, and the characters differ: not a comparison of rest poses */
    assert_true(bench_character_checksum(&c[WHOLE]->ch[0]) != bench_character_checksum(&c[WHOLE]->ch[1]));
    /* and the bones moved: the palette holds more than rest poses' ones and zeros */
    const float *p3 = c[WHOLE]->palette + c[WHOLE]->offsets[3];
    bool moved = false;
    for (uint32_t k = 0; k < 16 * cfg.bones && !moved; ++k) moved = p3[k] != 0 && p3[k] != 1;
    assert_true(moved);
    for (int k = 0; k < KINDS; ++k) {
        crowd_free(c[k]);
        free(c[k]);
    }
    bench_free_clips(clips, cfg.clips);
    bench_keys_free(&keys);
}

static void test_streamed_frame_same_as_stored(void **state)
{
    (void)state;
    streamed_same_as_stored(0);
}

/* The float lane pass's palettes (eight lanes, AVX2 or AVX-512; the column loops where it does not
 * run) streamed and stored alike. */
static void test_streamed_float_frame_same_as_stored(void **state)
{
    (void)state;
    streamed_same_as_stored(1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streamed_frame_same_as_stored),
        cmocka_unit_test(test_streamed_float_frame_same_as_stored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
