/*
 * bench_uncached [--frames F] [--reps R] [FILE]
 *
 * What a mixer's update costs after clips have streamed through it: a program that plays a
 * clip, uncaches it and plays the next (cutscenes, streamed animation sets) leaves the mixer
 * holding every action it forgot (indices never move; the actions' clips are given back). For
 * N = 0, 100, 1,000 and 10,000 actions played and uncached before, the CPU time of an update of
 * one playing action of the bundled model's first clip (or FILE's), the rounds of each N
 * alternated, the median printed in nanoseconds. And the CPU time of one ta_mixer_uncache_root
 * that forgets 1,000 and 10,000 actions at once. Nothing is asserted.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "threeanim/gltf.h"
#include "threeanim/threeanim.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void project_root(char *out, size_t size)
{
    snprintf(out, size, "%s", __FILE__);
    for (int up = 0; up < 2; ++up) {
        char *slash = strrchr(out, '/');
        if (slash == NULL) {
            snprintf(out, size, ".");
            return;
        }
        *slash = '\0';
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A mixer that played and uncached `streamed` actions, then plays the first clip. */
static ta_mixer *streamed_mixer(const ta_model *model, const ta_mixer_targets *t, int streamed, ta_error *err)
{
    ta_mixer *m = NULL;
    if (ta_mixer_create(ta_node_none(), NULL, &m, err) != TA_OK) return NULL;
    for (int i = 0; i <= streamed; ++i) {
        ta_action *a = NULL;
        uint32_t index = 0;
        if (ta_action_create(model->animations[i % model->animation_count], NULL, &a, err) != TA_OK ||
            ta_mixer_add(m, a, ta_node_none(), &index, err) != TA_OK || ta_action_play(a, err) != TA_OK ||
            ta_mixer_update_targets(m, t, ta_duration_from_seconds(0.01), err) != TA_OK) {
            ta_mixer_destroy(m);
            return NULL;
        }
        if (i < streamed && ta_mixer_uncache_action(m, index, err) != TA_OK) {
            ta_mixer_destroy(m);
            return NULL;
        }
    }
    return m;
}

int main(int argc, char **argv)
{
    int frames = 2000, reps = 7;
    char path[4096];
    project_root(path, sizeof path);
    strncat(path, "/examples/default.glb", sizeof path - strlen(path) - 1);
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else
            snprintf(path, sizeof path, "%s", argv[i]);
    }
    if (frames < 1 || reps < 1 || reps > 99) {
        fprintf(stderr, "bench_uncached: --frames at least 1, --reps 1 to 99\n");
        return 2;
    }
    ta_error err = {0};
    ta_model *model = NULL;
    if (ta_gltf_load_file(path, NULL, &model, &err) != TA_OK || model->animation_count == 0) {
        fprintf(stderr, "bench_uncached: %s: %s\n", path, model ? "no clips" : err.message);
        ta_model_destroy(model);
        return 1;
    }
    ta_mixer_targets t = {model->scene, model->assets, model->cameras};
    enum { SIZES = 4 };
    const int streamed[SIZES] = {0, 100, 1000, 10000};
    ta_mixer *mixers[SIZES];
    for (int s = 0; s < SIZES; ++s) {
        mixers[s] = streamed_mixer(model, &t, streamed[s], &err);
        if (mixers[s] == NULL) {
            fprintf(stderr, "bench_uncached: %s\n", err.message);
            return 1;
        }
    }
    double ns[SIZES][99];
    for (int r = 0; r < reps; ++r)
        for (int s = 0; s < SIZES; ++s) {
            double t0 = cpu_seconds();
            for (int f = 0; f < frames; ++f)
                if (ta_mixer_update_targets(mixers[s], &t, ta_duration_from_seconds(1.0 / 60), &err) != TA_OK) {
                    fprintf(stderr, "bench_uncached: %s\n", err.message);
                    return 1;
                }
            ns[s][r] = (cpu_seconds() - t0) / frames * 1e9;
        }
    printf("bench_uncached: %s, one action playing, %d frames x %d alternated rounds (median)\n", path, frames, reps);
    for (int s = 0; s < SIZES; ++s) {
        qsort(ns[s], (size_t)reps, sizeof(double), cmp_double);
        printf("  %5d actions played and uncached before: %8.0f ns an update\n", streamed[s], ns[s][reps / 2]);
        ta_mixer_destroy(mixers[s]);
    }
    /* one uncache call forgetting many actions: each made and played, none updated */
    for (int count = 1000; count <= 10000; count *= 10) {
        ta_mixer *m = NULL;
        if (ta_mixer_create(ta_node_none(), NULL, &m, &err) != TA_OK) return 1;
        for (int i = 0; i < count; ++i) {
            ta_action *a = NULL;
            if (ta_action_create(model->animations[i % model->animation_count], NULL, &a, &err) != TA_OK ||
                ta_mixer_add(m, a, ta_node_none(), NULL, &err) != TA_OK) {
                fprintf(stderr, "bench_uncached: %s\n", err.message);
                return 1;
            }
        }
        double t0 = cpu_seconds();
        ta_mixer_uncache_root(m, ta_node_none());
        printf("  one ta_mixer_uncache_root forgetting %5d actions: %8.3f ms\n", count, (cpu_seconds() - t0) * 1e3);
        ta_mixer_destroy(m);
    }
    ta_model_destroy(model);
    return 0;
}
