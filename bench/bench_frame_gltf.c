/*
 * bench_frame_gltf -- a batch of characters of one glTF file (the Fox by
 * default) through ta_frame_update: each an instance of the loaded scene
 * (ta_scene_instantiate) with its own mixer playing clip 0 (or the clips
 * --clips names, at the --weights given: a blend of the file's own clips) at a
 * phase of its own, a pose, world matrices and its skins' bones in one
 * palette. Timed on 1 worker and on a pool of 2, alternated rep by rep so that
 * a burst of load falls on both; one JSON line on stdout, nothing asserted.
 * --mix FILE makes every other character one of FILE's (its clip 0), in the
 * order a game makes a crowd of two models: A B A B ...
 *
 *     bench_frame_gltf [--file Fox.glb] [--chars 100] [--frames 200] [--reps 7]
 *                      [--clips 0,2 --weights 0.5,0.5] [--mix CesiumMan.glb]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/threeanim.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void fail(ta_result r, const ta_error *err)
{
    if (r == TA_OK) return;
    fprintf(stderr, "bench_frame_gltf: %s\n", err->message);
    exit(1);
}

int main(int argc, char **argv)
{
    const char *file = TA_BENCH_SAMPLES "/Fox/glTF-Binary/Fox.glb", *mix = NULL;
    long chars = 100, frames = 200, reps = 7;
    enum { MAX_CLIPS = 4 };
    long clip_at[MAX_CLIPS] = {0};
    double weight[MAX_CLIPS] = {1, 1, 1, 1};
    int clip_count = 1, weight_count = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--file") == 0) file = argv[i + 1];
        else if (strcmp(argv[i], "--mix") == 0) mix = argv[i + 1];
        else if (strcmp(argv[i], "--clips") == 0 || strcmp(argv[i], "--weights") == 0) {
            const bool clips = argv[i][2] == 'c';
            int n = 0;
            for (char *p = argv[i + 1], *end; *p != '\0' && n < MAX_CLIPS; p = *end == ',' ? end + 1 : end, ++n) {
                if (clips) clip_at[n] = strtol(p, &end, 10);
                else weight[n] = strtod(p, &end);
                if (end == p) return 2;
            }
            if (clips) clip_count = n;
            else weight_count = n;
        }
        else if (strcmp(argv[i], "--chars") == 0) chars = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--frames") == 0) frames = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--reps") == 0) reps = atol(argv[i + 1]);
        else {
            fprintf(stderr, "bench_frame_gltf: unknown flag %s\n", argv[i]);
            return 2;
        }
    }
    if (chars < 1 || frames < 1 || reps < 1 || reps > 99 || clip_count < 1 ||
        (weight_count != 0 && weight_count != clip_count))
        return 2;
    ta_error err = {0};
    ta_model *model = NULL, *other = NULL;
    fail(ta_gltf_load_file(file, NULL, &model, &err), &err);
    if (mix != NULL) fail(ta_gltf_load_file(mix, NULL, &other, &err), &err);
    if (other != NULL && other->animation_count == 0) {
        fprintf(stderr, "bench_frame_gltf: %s has no animation\n", mix);
        return 1;
    }
    for (int k = 0; k < clip_count; ++k)
        if (clip_at[k] < 0 || clip_at[k] >= (long)model->animation_count) {
            fprintf(stderr, "bench_frame_gltf: %s has no animation %ld\n", file, clip_at[k]);
            return 1;
        }
    ta_scene **scenes = calloc((size_t)chars, sizeof *scenes);
    ta_mixer **mixers = calloc((size_t)chars, sizeof *mixers);
    ta_frame_character *fc = calloc((size_t)chars, sizeof *fc);
    /* a character's place in the palette: the bones of the larger of the two models */
    size_t bones = 0, other_bones = 0;
    uint32_t skins = model->scene->skin_count;
    for (uint32_t s = 0; s < model->scene->skin_count; ++s) bones += model->scene->skins[s].joint_count;
    if (other != NULL) {
        for (uint32_t s = 0; s < other->scene->skin_count; ++s) other_bones += other->scene->skins[s].joint_count;
        if (other_bones > bones) bones = other_bones;
        if (other->scene->skin_count > skins) skins = other->scene->skin_count;
    }
    size_t *offsets = calloc((size_t)chars * (skins + 1), sizeof *offsets);
    float *palette = calloc((size_t)chars * (bones ? bones : 1) * 16, sizeof *palette);
    if (!scenes || !mixers || !fc || !offsets || !palette) return 1;
    double clip_seconds = ta_clip_duration(model->animations[clip_at[0]]).seconds;
    for (long c = 0; c < chars; ++c) {
        const bool second = other != NULL && c % 2 == 1; /* --mix: every other character the other model's */
        const ta_model *m = second ? other : model;
        fail(ta_scene_instantiate(m->scene, NULL, &scenes[c], &err), &err);
        fail(ta_mixer_create(ta_node_none(), NULL, &mixers[c], &err), &err);
        for (int k = 0; k < (second ? 1 : clip_count); ++k) {
            ta_action *a = NULL;
            uint32_t index;
            fail(ta_action_create(m->animations[second ? 0 : clip_at[k]], NULL, &a, &err), &err);
            fail(ta_mixer_add(mixers[c], a, ta_node_none(), &index, &err), &err);
            fail(ta_action_set_weight(a, second ? 1.0f : (float)weight[k], &err), &err);
            fail(ta_action_play(a, &err), &err);
        }
        ta_mixer_targets t = {scenes[c], NULL, NULL};
        fail(ta_mixer_set_time(mixers[c], &t, ta_duration_from_seconds(clip_seconds * (double)c / (double)chars), &err),
             &err);
        fc[c].mixer = mixers[c];
        fc[c].targets.scene = scenes[c];
        fail(ta_pose_create(scenes[c], NULL, &fc[c].pose, &err), &err);
        fail(ta_pose_use_best_simd(fc[c].pose, &err), &err);
        fc[c].world = calloc(scenes[c]->node_count, sizeof(ta_mat4));
        if (fc[c].world == NULL) return 1;
        size_t *o = offsets + (size_t)c * (skins + 1);
        size_t at = (size_t)c * bones * 16;
        for (uint32_t s = 0; s < scenes[c]->skin_count; ++s) {
            o[s] = at;
            at += (size_t)scenes[c]->skins[s].joint_count * 16;
        }
        fc[c].skin_offsets = o;
    }
    ta_frame_options opts = {.palette = palette, .palette_floats = (size_t)chars * (bones ? bones : 1) * 16,
                             .layout = TA_PALETTE_LAYOUT_MAT4};
    ta_worker_pool *pool = NULL;
    fail(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    const ta_duration dt = ta_duration_from_seconds(1.0 / 60);
    double one[100], two[100];
    for (long f = 0; f < frames / 4 + 1; ++f) fail(ta_frame_update(fc, (uint32_t)chars, dt, &opts, pool, &err), &err);
    for (long r = 0; r < reps; ++r)
        for (int w = 0; w < 2; ++w) {
            double t0 = ta_clock_monotonic_seconds(NULL);
            for (long f = 0; f < frames; ++f)
                fail(ta_frame_update(fc, (uint32_t)chars, dt, &opts, w ? pool : NULL, &err), &err);
            double ns = (ta_clock_monotonic_seconds(NULL) - t0) * 1e9 / (double)frames;
            (w ? two : one)[r] = ns;
        }
    qsort(one, (size_t)reps, sizeof(double), cmp_double);
    qsort(two, (size_t)reps, sizeof(double), cmp_double);
    printf("{\"bench\": \"frame_gltf\", \"file\": \"%s\", \"mix\": \"%s\", \"chars\": %ld, \"bones\": %zu, "
           "\"simd\": \"%s\", \"frame_us\": {\"one_worker\": %.2f, \"two_workers\": %.2f}, \"speedup\": %.3f, "
           "\"best_rep_us\": {\"one_worker\": %.2f, \"two_workers\": %.2f}}\n",
           file, mix != NULL ? mix : "", chars, bones, ta_pose_simd_name(fc[0].pose), one[reps / 2] / 1e3,
           two[reps / 2] / 1e3, one[reps / 2] / two[reps / 2], one[0] / 1e3, two[0] / 1e3);
    ta_worker_pool_destroy(pool);
    for (long c = 0; c < chars; ++c) {
        free(fc[c].world);
        ta_pose_destroy(fc[c].pose);
        ta_mixer_destroy(mixers[c]);
        ta_scene_destroy(scenes[c]);
    }
    free(scenes), free(mixers), free(fc), free(offsets), free(palette);
    ta_model_destroy(model);
    ta_model_destroy(other);
    return 0;
}
