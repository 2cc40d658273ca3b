/* What one more character of the benchmark workload costs in memory (its
 * scene of 64 bones, its mixer and its actions; the clips are shared): at
 * most 12 KiB while its mixer stays on the fused path, the figure the
 * library holds itself to (docs/performance.md, "Memory and threads"). The character is
 * built by bench/mixer/workload.c, as the benchmark builds it, with every
 * byte counted by the allocator given to it. And the benchmark's characters
 * made as instances (bench_mixer --instances 1) are the ones built alike. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ta_test.h"

#include "animation/mixer_internal.h"
#include "threeanim/threeanim.h"
#include "workload.h"

enum { BUDGET = 12 * 1024 };

typedef struct workload {
    bench_config cfg;
    bench_keys keys;
    ta_clip **clips;
} workload;

static void workload_make(workload *w)
{
    ta_error err = {0};
    bench_config_defaults(&w->cfg);
    assert_int_equal(bench_keys_make(&w->cfg, w->cfg.keys, &w->keys), BENCH_OK);
    TA_ASSERT_OK(bench_make_clips(&w->cfg, &w->keys, NULL, 0, &w->clips, &err), &err);
}

static void workload_free(workload *w)
{
    bench_free_clips(w->clips, w->cfg.clips);
    bench_keys_free(&w->keys);
}

/* The live bytes of one character of `variant` after `frames` updates. */
static size_t character_bytes(const workload *w, bench_variant variant, uint32_t frames, bench_character *ch,
                              ta_test_counter *counter)
{
    ta_error err = {0};
    ta_allocator alloc = ta_test_counting_allocator(counter);
    TA_ASSERT_OK(bench_character_make(&w->cfg, &w->keys, variant, 7, 0, w->clips, &alloc, ch, &err), &err);
    for (uint32_t f = 0; f < frames; ++f)
        TA_ASSERT_OK(ta_mixer_update(ch->mixer, ch->scene, ta_duration_from_seconds(w->cfg.dt), &err), &err);
    return counter->live_bytes;
}

static void test_character_within_12_kib(void **state)
{
    (void)state;
    if (sizeof(void *) != 8) {
        printf("# pointers of %zu bytes: the budget is for 64-bit targets, skipped\n", sizeof(void *));
        return;
    }
    workload w;
    workload_make(&w);
    const bench_variant variants[2] = {BENCH_BLEND, BENCH_SINGLE};
    for (int v = 0; v < 2; ++v) {
        ta_test_counter counter = {0};
        counter.fail_after = -1;
        bench_character ch;
        size_t bytes = character_bytes(&w, variants[v], 4, &ch, &counter);
        printf("# %s: %zu bytes a character\n", v ? "single" : "blend", bytes);
        assert_true(ch.mixer->fused.runs > 0); /* the path the budget is for */
        assert_true(bytes <= BUDGET);
        /* more updates allocate nothing and free nothing */
        size_t made = counter.allocations, freed = counter.frees;
        ta_error err = {0};
        for (int f = 0; f < 30; ++f)
            TA_ASSERT_OK(ta_mixer_update(ch.mixer, ch.scene, ta_duration_from_seconds(w.cfg.dt), &err), &err);
        assert_int_equal(counter.allocations, made);
        assert_int_equal(counter.frees, freed);
        assert_int_equal(counter.live_bytes, bytes);
        bench_character_free(&ch);
        assert_int_equal(counter.live_bytes, 0);
    }
    workload_free(&w);
}

/* Off the fused path the general path's piles and binding records are back:
 * the budget is the fused path's, and a mixer that leaves it once keeps them. */
static void test_general_records_back_when_the_path_is_left(void **state)
{
    (void)state;
    workload w;
    workload_make(&w);
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    bench_character ch;
    size_t fused = character_bytes(&w, BENCH_BLEND, 4, &ch, &counter);
    ta_error err = {0};
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_mixer_action(ch.mixer, 1, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_blend_mode(a, TA_BLEND_MODE_ADDITIVE, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(ch.mixer, ch.scene, ta_duration_from_seconds(w.cfg.dt), &err), &err);
    assert_false(ch.mixer->bindings_parked);
    assert_non_null(ch.mixer->float_block);
    /* 192 binding records, their hash, 640 numbers of piles: several KiB more */
    assert_true(counter.live_bytes > fused + 192 * sizeof(ta__binding));
    bench_character_free(&ch);
    assert_int_equal(counter.live_bytes, 0);
    workload_free(&w);
}

/* One frame (ta_frame_update_range) of a character alone into palette. */
static void frame_of(bench_character *ch, float *palette, size_t floats)
{
    ta_error err = {0};
    size_t offset = 0;
    ta_frame_character fc = {0};
    fc.mixer = ch->mixer;
    fc.targets.scene = ch->scene;
    fc.pose = ch->pose;
    fc.world = ch->world;
    fc.skin_offsets = &offset;
    ta_frame_options o = {.palette = palette, .palette_floats = floats, .layout = TA_PALETTE_LAYOUT_MAT4};
    TA_ASSERT_OK(ta_frame_update_range(&fc, 0, 1, ta_duration_from_seconds(1.0 / 60), &o, &err), &err);
}

/* bench_mixer --instances 1: a character made as an instance of character 0's scene is the
 * character built alike, bit for bit, frame after frame (its nodes and its bone matrices), and
 * shares character 0's skin where the one built alike has its own copy. */
static void test_instance_same_frame_as_built_alike(void **state)
{
    (void)state;
    workload w;
    workload_make(&w);
    ta_error err = {0};
    bench_character source, alike, inst;
    TA_ASSERT_OK(bench_character_make(&w.cfg, &w.keys, BENCH_BLEND_FRAME, 0, 0, w.clips, NULL, &source, &err), &err);
    TA_ASSERT_OK(bench_character_make(&w.cfg, &w.keys, BENCH_BLEND_FRAME, 5, 0, w.clips, NULL, &alike, &err), &err);
    TA_ASSERT_OK(bench_character_instance(&w.cfg, BENCH_BLEND_FRAME, 5, &source, w.clips, NULL, &inst, &err), &err);
    assert_ptr_equal(inst.scene->skins[0].inverse_binds, source.scene->skins[0].inverse_binds);
    assert_ptr_not_equal(alike.scene->skins[0].inverse_binds, source.scene->skins[0].inverse_binds);
    assert_int_equal(inst.scene->node_count, alike.scene->node_count);
    const size_t floats = (size_t)w.cfg.bones * 16;
    float *pa = (float *)calloc(floats, sizeof *pa), *pi = (float *)calloc(floats, sizeof *pi);
    assert_non_null(pa);
    assert_non_null(pi);
    for (int f = 0; f < 10; ++f) {
        frame_of(&alike, pa, floats);
        frame_of(&inst, pi, floats);
        for (uint32_t n = 0; n < alike.scene->node_count; ++n) {
            const ta_node *a = &alike.scene->nodes[n], *b = &inst.scene->nodes[n];
            assert_memory_equal(&a->position, &b->position, sizeof a->position);
            assert_memory_equal(&a->quaternion, &b->quaternion, sizeof a->quaternion);
            assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
        }
        assert_memory_equal(pa, pi, floats * sizeof *pa);
    }
    /* the frames moved the bones: the comparison is of poses, not of two rest poses */
    assert_true(bench_character_checksum(&inst) != bench_character_checksum(&source));
    free(pa);
    free(pi);
    bench_character_free(&inst);
    bench_character_free(&alike);
    bench_character_free(&source);
    workload_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_character_within_12_kib),
        cmocka_unit_test(test_general_records_back_when_the_path_is_left),
        cmocka_unit_test(test_instance_same_frame_as_built_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
