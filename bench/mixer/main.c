/* bench_mixer [flags]: the mixer on the benchmark workload
 * (docs/benchmark-workload.md), timed, with the same flags and the same JSON
 * line as bench/threejs/bench.mjs, plus what threeanim's memory costs and
 * --threads T (disjoint characters' mixers on T threads over shared clips). */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "workload.h"

static void help(FILE *out)
{
    fputs("usage: bench_mixer [--chars 100,1000] [--bones 64] [--branch 2] [--clips 2]\n"
          "         [--keys 30] [--duration 1] [--weights 0.7,0.3] [--interp linear] [--frames 600]\n"
          "         [--warmup 120] [--reps 5] [--dt 1/60] [--seed 1] [--stagger 1] [--rot-amp 0.5]\n"
          "         [--scale-amp 0.05] [--variants blend,single] [--group-max 100] [--threads 1]\n"
           "         [--morphs 0] [--write-always 0] [--frame-world 1] [--frame-pose-world 1]\n"
           "         [--frame-float-lanes 0] [--frame-rows 0] [--arena 0] [--instances 0] [--frame-passes-only 0]\n"
          "         [--paused 0]\n"
          "         [--three DIR (ignored: the three.js side's)]\n"
          "\n"
          "Builds the mixer benchmark's workload key for key as bench/threejs/bench.mjs does\n"
          "for three.js (C characters of B bones, N shared clips of K keys, one mixer per\n"
          "character, one action per weight, REPEAT, staggered phases), times --reps runs of\n"
          "--frames frames after --warmup frames, and prints one JSON line: per (variant, C)\n"
          "ns_per_char_update and ns_per_track_action (median, min, max), the checksum of\n"
          "the final pose, cpu_ns_per_char_update (the CPU time of all threads per update:\n"
          "as with one thread when threads do not contend), bytes_per_character (scene,\n"
          "mixer and actions of one more character, clips excluded) and\n"
          "allocs_after_first_frame; and bytes_per_key of the shared clips (bytes over keys;\n"
          "marginal: the cost of one more key; ideal: the key data alone). --interp: linear,\n"
          "step, smooth, bezier, cubicspline. --variants: blend, single, blend_l2m,\n"
          "single_l2m (+ world matrices), blend_frame, single_frame (+ world and skinning\n"
          "passes through ta_frame_update, on a worker pool of --threads workers), group (one mixer over a Group of all characters;\n"
          "C <= --group-max). --threads T updates disjoint characters on T threads, frame by\n"
          "frame; ns_per_char_update is then wall time over character updates (throughput).\n"
          "--morphs M adds M morph influence tracks to each clip, on a mesh of M morph targets\n"
          "on the root bone, keyed and interpolated as the bones (bench.mjs takes it too).\n"
          "--write-always 1 sets ta_mixer_set_write_always on every mixer: each update writes\n"
          "every bone, without three.js's comparison with the values last written (threeanim only).\n"
          "--frame-world 0: the frame variants pass world NULL (no float world matrices;\n"
          "the pose's doubles and the palette are written all the same); --frame-pose-world 0:\n"
          "they pass no_pose_world (the poses keep no double world matrices); --frame-float-lanes 1:\n"
          "they pass float_lanes (the float32 lane pass, which runs with --frame-pose-world 0).\n"
          "--frame-rows 1: the palette is 3x4 row-major, 12 floats a bone (TA_PALETTE_LAYOUT_ROWS_3X4), not 4x4.\n"
          "--arena 1 makes each character's scene, mixer, actions and pose with an allocator of\n"
          "its own over one block (what its first frame binds included), so that a character's\n"
          "state lies side by side in memory (threeanim only; the JSON says \"arena\":1).\n"
          "--instances 1 makes the frame variants' characters 1 .. C-1 instances of character 0's\n"
          "scene (ta_scene_instantiate: a crowd of one model, its skin's joints and inverse binds\n"
          "shared, so that the frame's rig check compares pointers); the JSON says \"instances\":1.\n"
          "--frame-passes-only 1: after the warmup the frame variants pass no mixer, so that their\n"
          "timed frames are the world and skinning passes alone (poses as the warmup left them;\n"
          "the JSON says \"frame_passes_only\":1).\n"
          "--paused 1 pauses every action as it starts: each character holds its first key, as a\n"
          "held pose or a paused game does, every rotation read at an interval's end (bench.mjs\n"
          "takes it too; the JSON says \"paused\":1).\n"
          "Progress goes to standard error. docs/benchmark-workload.md describes the workload;\n"
          "bench/run.sh (make bench) runs this beside three.js and writes the report.\n",
          out);
}

static double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double now_seconds(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

/* ---- running frames, on one thread or several ---------------------------------------------- */

typedef struct bench_run {
    const bench_config *cfg;
    bench_character *chars;
    ta_mixer_batch_item *items; /* one per character: each thread updates its share with ta_mixer_update_range */
    uint32_t count;
    bool l2m;
    ta_frame_character *frame; /* the frame variants: ta_frame_update over all, on pool (NULL: one thread) */
    ta_frame_options frame_options;
    ta_worker_pool *pool;
    uint32_t threads;
    pthread_barrier_t barrier;
    uint32_t phase_frames; /* set by the main thread before a phase; 0 ends the workers */
    atomic_int failed;
    ta_error err;          /* the first refusal */
} bench_run;

typedef struct bench_worker {
    bench_run *run;
    uint32_t index;
    pthread_t thread;
} bench_worker;

static void sync_threads(bench_run *run)
{
    if (run->threads > 1) pthread_barrier_wait(&run->barrier);
}

static void run_frames(bench_run *run, uint32_t worker, uint32_t frames)
{
    uint32_t lo = (uint32_t)((uint64_t)run->count * worker / run->threads);
    uint32_t hi = (uint32_t)((uint64_t)run->count * (worker + 1) / run->threads);
    const ta_duration dt = ta_duration_from_seconds(run->cfg->dt);
    ta_error err;
    for (uint32_t f = 0; f < frames; ++f) {
        if (!run->l2m) {
            /* the library's batch unit, as a job system would call it */
            if (atomic_load_explicit(&run->failed, memory_order_relaxed) == 0 &&
                ta_mixer_update_range(run->items, lo, hi, dt, &err) != TA_OK && atomic_exchange(&run->failed, 1) == 0)
                run->err = err;
            sync_threads(run);
            continue;
        }
        if (atomic_load_explicit(&run->failed, memory_order_relaxed) == 0)
            for (uint32_t c = lo; c < hi; ++c) {
                bench_character *ch = &run->chars[c];
                if (ta_mixer_update(ch->mixer, ch->scene, dt, &err) != TA_OK) {
                    if (atomic_exchange(&run->failed, 1) == 0) run->err = err;
                    break;
                }
                if (run->l2m) bench_character_world(ch);
            }
        sync_threads(run); /* a frame ends when every thread has done its characters */
    }
}

static void *worker_main(void *arg)
{
    bench_worker *w = (bench_worker *)arg;
    for (;;) {
        sync_threads(w->run); /* the main thread has set phase_frames */
        uint32_t frames = w->run->phase_frames;
        if (frames == 0) return NULL;
        run_frames(w->run, w->index, frames);
    }
}

/* The frame variants: the library splits the frame over its pool. */
static void run_frame_calls(bench_run *run, uint32_t frames)
{
    const ta_duration dt = ta_duration_from_seconds(run->cfg->dt);
    ta_error err;
    for (uint32_t f = 0; f < frames && atomic_load(&run->failed) == 0; ++f)
        if (ta_frame_update(run->frame, run->count, dt, &run->frame_options, run->pool, &err) != TA_OK &&
            atomic_exchange(&run->failed, 1) == 0)
            run->err = err;
}

/* Runs `frames` frames on every thread; the seconds they took. */
static double run_phase(bench_run *run, uint32_t frames)
{
    if (frames == 0) return 0;
    if (run->frame != NULL) {
        double t0 = now_seconds();
        run_frame_calls(run, frames);
        return now_seconds() - t0;
    }
    run->phase_frames = frames;
    sync_threads(run);
    double t0 = now_seconds();
    run_frames(run, 0, frames);
    return now_seconds() - t0;
}

/* ---- one (variant, C) ------------------------------------------------------------------------ */

typedef struct bench_stats {
    double median, min, max;
} bench_stats;

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bench_stats stats_of(double *samples, uint32_t n)
{
    qsort(samples, n, sizeof(double), compare_doubles);
    bench_stats s;
    s.min = samples[0];
    s.max = samples[n - 1];
    s.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    return s;
}

typedef struct bench_result {
    bench_variant variant;
    uint32_t chars, actions;
    bench_stats per_char, per_track_action;
    double checksum;
    double cpu_ns_per_char_update; /* CPU time of every thread over the timed frames, per update: as with one
                                      thread when the threads do not contend */
    double bytes_per_character;
    size_t allocs_after_first_frame;
} bench_result;

static int refused(const char *what, const ta_error *err)
{
    fprintf(stderr, "bench_mixer: %s: %s\n", what, err->message);
    return BENCH_REFUSED;
}

static int run_variant(const bench_config *cfg, const bench_keys *keys, ta_clip *const *shared, bench_variant variant,
                       uint32_t C, bench_result *out)
{
    bool group = variant == BENCH_GROUP;
    bool single = variant == BENCH_SINGLE || variant == BENCH_SINGLE_L2M || variant == BENCH_SINGLE_FRAME;
    uint32_t actions = single ? 1 : cfg->weight_count;
    bench_counter counter;
    atomic_init(&counter.live_bytes, 0);
    atomic_init(&counter.allocations, 0);
    ta_allocator alloc = bench_counting_allocator(&counter);
    ta_error err;
    memset(&err, 0, sizeof err);
    ta_clip **group_clips = NULL;
    if (group && bench_make_clips(cfg, keys, NULL, C, &group_clips, &err) != TA_OK) return refused("group clips", &err);
    uint32_t count = group ? 1 : C;
    bench_character *chars = (bench_character *)calloc(count, sizeof(bench_character));
    double *samples = (double *)malloc(sizeof(double) * cfg->reps);
    bench_worker *workers = (bench_worker *)calloc(cfg->threads, sizeof(bench_worker));
    ta_mixer_batch_item *items = (ta_mixer_batch_item *)calloc(count, sizeof(ta_mixer_batch_item));
    int status = BENCH_OK;
    uint32_t made = 0;
    if (chars == NULL || samples == NULL || workers == NULL || items == NULL) {
        fprintf(stderr, "bench_mixer: out of memory\n");
        status = BENCH_REFUSED;
    }
    /* --arena: a block of ARENA_BYTES a character, each starting a few lines further into its page
     * than the last, so that the characters' hot fields do not all fall in the same cache sets */
    enum { ARENA_BYTES = 64 * 1024 };
    bench_arena *arenas = NULL;
    ta_allocator *arena_allocs = NULL;
    unsigned char *arena_block = NULL;
    if (status == BENCH_OK && cfg->arena) {
        arenas = (bench_arena *)calloc(count, sizeof *arenas);
        arena_allocs = (ta_allocator *)calloc(count, sizeof *arena_allocs);
        arena_block = (unsigned char *)aligned_alloc(4096, (size_t)count * (ARENA_BYTES + 4096));
        if (arenas == NULL || arena_allocs == NULL || arena_block == NULL) {
            fprintf(stderr, "bench_mixer: out of memory\n");
            status = BENCH_REFUSED;
        }
        for (uint32_t i = 0; status == BENCH_OK && i < count; ++i) {
            arenas[i].base = arena_block + (size_t)i * (ARENA_BYTES + 4096) + (i * 5u % 64u) * 64u;
            arenas[i].size = ARENA_BYTES;
            arenas[i].counter = &counter;
            arena_allocs[i] = bench_arena_allocator(&arenas[i]);
        }
    }
    const bool instances = cfg->instances && !group && bench_variant_is_frame(variant);
    for (; status == BENCH_OK && made < count; ++made) {
        const ta_allocator *a = arenas != NULL ? &arena_allocs[made] : &alloc;
        ta_result r = instances && made > 0
                          ? bench_character_instance(cfg, variant, made, &chars[0], shared, a, &chars[made], &err)
                          : bench_character_make(cfg, keys, variant, made, group ? C : 0, group ? group_clips : shared,
                                                 a, &chars[made], &err);
        if (r != TA_OK) status = refused("building a character", &err);
    }

    bench_run run;
    memset(&run, 0, sizeof run);
    run.cfg = cfg;
    run.chars = chars;
    run.items = items;
    for (uint32_t i = 0; i < made && status == BENCH_OK; ++i) {
        items[i].mixer = chars[i].mixer;
        items[i].targets.scene = chars[i].scene;
    }
    run.count = count;
    run.l2m = variant == BENCH_BLEND_L2M || variant == BENCH_SINGLE_L2M;
    run.threads = cfg->threads;
    atomic_init(&run.failed, 0);
    float *palette = NULL;
    size_t *offsets = NULL;
    if (status == BENCH_OK && bench_variant_is_frame(variant)) {
        /* every character's bones side by side in one palette, as a GPU buffer */
        run.frame = (ta_frame_character *)calloc(count, sizeof *run.frame);
        /* on a 64-byte line, as a renderer's upload buffer: a bone a line (frame.h) */
        const size_t bone_floats = cfg->frame_rows ? 12 : 16;
        palette = (float *)aligned_alloc(64, (size_t)count * cfg->bones * bone_floats * sizeof(float));
        if (palette != NULL) memset(palette, 0, (size_t)count * cfg->bones * bone_floats * sizeof(float));
        offsets = (size_t *)calloc(count, sizeof(size_t));
        if (run.frame == NULL || palette == NULL || offsets == NULL) {
            fprintf(stderr, "bench_mixer: out of memory\n");
            status = BENCH_REFUSED;
        }
        for (uint32_t i = 0; status == BENCH_OK && i < count; ++i) {
            offsets[i] = (size_t)i * cfg->bones * bone_floats;
            run.frame[i].mixer = chars[i].mixer;
            run.frame[i].targets.scene = chars[i].scene;
            run.frame[i].pose = chars[i].pose;
            run.frame[i].world = cfg->frame_world ? chars[i].world : NULL;
            run.frame[i].skin_offsets = &offsets[i];
        }
        run.frame_options.palette = palette;
        run.frame_options.palette_floats = (size_t)count * cfg->bones * bone_floats;
        run.frame_options.layout = cfg->frame_rows ? TA_PALETTE_LAYOUT_ROWS_3X4 : TA_PALETTE_LAYOUT_MAT4;
        run.frame_options.no_pose_world = cfg->frame_pose_world == 0;
        run.frame_options.float_lanes = cfg->frame_float_lanes != 0;
        if (status == BENCH_OK && cfg->threads > 1 && ta_worker_pool_create(cfg->threads, NULL, &run.pool, &err) != TA_OK)
            status = refused("pool", &err);
        /* A rig past 128 nodes: the lane passes' scratch, as a caller with no pool gives it (a pool keeps its own) */
        const size_t scratch_bytes = count > 0 ? ta_frame_lane_scratch_bytes(chars[0].scene->node_count) : 0;
        if (status == BENCH_OK && run.pool == NULL && scratch_bytes > 0) {
            run.frame_options.lane_scratch = aligned_alloc(64, scratch_bytes);
            run.frame_options.lane_scratch_bytes = run.frame_options.lane_scratch != NULL ? scratch_bytes : 0;
        }
    }
    uint32_t started = 1;
    bool threaded = status == BENCH_OK && run.threads > 1 && run.frame == NULL;
    if (threaded) {
        pthread_barrier_init(&run.barrier, NULL, run.threads);
        for (; started < run.threads; ++started) {
            workers[started].run = &run;
            workers[started].index = started;
            if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0) {
                /* The threads started wait at a barrier for this one: no way back. */
                fprintf(stderr, "bench_mixer: cannot start thread %u\n", started);
                exit(BENCH_REFUSED);
            }
        }
    }
    if (status == BENCH_OK) {
        /* The first frame makes the bindings; after it, update should allocate nothing. */
        uint32_t first = cfg->warmup > 0 ? 1 : 0;
        run_phase(&run, first);
        size_t allocs_before = atomic_load(&counter.allocations);
        run_phase(&run, cfg->warmup - first);
        if (cfg->frame_passes_only && run.frame != NULL)
            for (uint32_t i = 0; i < count; ++i) run.frame[i].mixer = NULL;
        double cpu0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        for (uint32_t r = 0; r < cfg->reps; ++r) {
            double s = run_phase(&run, cfg->frames);
            samples[r] = s * 1e9 / ((double)cfg->frames * C);
            fprintf(stderr, "  %s C=%u rep %u/%u: %.1f ns per character update\n", bench_variant_names[variant], C,
                    r + 1, cfg->reps, samples[r]);
        }
        out->cpu_ns_per_char_update =
            (clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0) * 1e9 / ((double)cfg->frames * cfg->reps * C);
        if (atomic_load(&run.failed)) status = refused("update", &run.err);
        out->variant = variant;
        out->chars = C;
        out->actions = actions;
        out->allocs_after_first_frame = atomic_load(&counter.allocations) - allocs_before;
        out->bytes_per_character = (double)atomic_load(&counter.live_bytes) / C;
        out->checksum = 0;
        for (uint32_t i = 0; i < count; ++i) out->checksum += bench_character_checksum(&chars[i]);
        out->per_char = stats_of(samples, cfg->reps);
        double per = (3.0 * cfg->bones + cfg->morphs) * actions;
        for (uint32_t r = 0; r < cfg->reps; ++r) samples[r] /= per;
        out->per_track_action = stats_of(samples, cfg->reps);
    }
    if (threaded) {
        run.phase_frames = 0;
        sync_threads(&run);
        for (uint32_t t = 1; t < started; ++t) pthread_join(workers[t].thread, NULL);
        pthread_barrier_destroy(&run.barrier);
    }
    ta_worker_pool_destroy(run.pool);
    free(run.frame);
    free(palette);
    free(offsets);
    free(run.frame_options.lane_scratch);
    if (arenas != NULL) {
        size_t most = 0;
        for (uint32_t i = 0; i < count; ++i) most = arenas[i].used > most ? arenas[i].used : most;
        fprintf(stderr, "  --arena: a character's block holds %zu of its %u bytes at most\n", most, (unsigned)ARENA_BYTES);
    }
    for (uint32_t i = 0; i < made && chars != NULL; ++i) bench_character_free(&chars[i]);
    free(arena_block);
    free(arena_allocs);
    free(arenas);
    if (group_clips != NULL) bench_free_clips(group_clips, cfg->clips);
    free(workers);
    free(items);
    free(samples);
    free(chars);
    return status;
}

/* ---- bytes per key ----------------------------------------------------------------------------- */

typedef struct bench_key_bytes {
    double per_key, marginal, ideal;
} bench_key_bytes;

static size_t clip_keys(const bench_config *cfg, uint32_t key_count)
{
    return (size_t)cfg->clips * (3 * cfg->bones + cfg->morphs) * key_count;
}

/* The shared clips' bytes over their keys, and what one key more costs: the
 * same clips built again with twice the keys. */
static int measure_key_bytes(const bench_config *cfg, size_t clip_bytes, bench_key_bytes *out)
{
    bench_keys twice;
    if (bench_keys_make(cfg, 2 * cfg->keys, &twice) != BENCH_OK) return BENCH_REFUSED;
    bench_counter counter;
    atomic_init(&counter.live_bytes, 0);
    atomic_init(&counter.allocations, 0);
    ta_allocator alloc = bench_counting_allocator(&counter);
    ta_clip **clips;
    ta_error err;
    ta_result r = bench_make_clips(cfg, &twice, &alloc, 0, &clips, &err);
    bench_keys_free(&twice);
    if (r != TA_OK) return refused("clips of twice the keys", &err);
    size_t bytes2 = atomic_load(&counter.live_bytes);
    bench_free_clips(clips, cfg->clips);
    out->per_key = (double)clip_bytes / (double)clip_keys(cfg, cfg->keys);
    out->marginal =
        ((double)bytes2 - (double)clip_bytes) / ((double)clip_keys(cfg, 2 * cfg->keys) - clip_keys(cfg, cfg->keys));
    out->ideal = bench_ideal_bytes_per_key(cfg);
    return BENCH_OK;
}

/* ---- the JSON line ------------------------------------------------------------------------------ */

static void print_stats(FILE *out, const char *name, bench_stats s)
{
    fprintf(out, "\"%s\":{\"median\":%.2f,\"min\":%.2f,\"max\":%.2f}", name, s.median, s.min, s.max);
}

static void print_json(FILE *out, const bench_config *cfg, const bench_key_bytes *kb, const bench_result *results,
                       uint32_t result_count)
{
    fprintf(out, "{\"bench\":\"mixer\",\"impl\":\"threeanim\",\"version\":\"%s\",\"config\":{\"chars\":[",
            ta_library_version());
    for (uint32_t i = 0; i < cfg->char_count; ++i) fprintf(out, "%s%u", i ? "," : "", cfg->chars[i]);
    fprintf(out, "],\"bones\":%u,\"branch\":%u,\"clips\":%u,\"keys\":%u,\"duration\":%.15g,\"weights\":[", cfg->bones,
            cfg->branch, cfg->clips, cfg->keys, cfg->duration);
    for (uint32_t i = 0; i < cfg->weight_count; ++i) fprintf(out, "%s%.15g", i ? "," : "", cfg->weights[i]);
    fprintf(out,
            "],\"interp\":\"%s\",\"frames\":%u,\"warmup\":%u,\"reps\":%u,\"dt\":%.17g,\"seed\":%u,\"stagger\":%u,"
            "\"rot_amp\":%.15g,\"scale_amp\":%.15g,\"variants\":[",
            bench_interp_names[cfg->interp], cfg->frames, cfg->warmup, cfg->reps, cfg->dt, cfg->seed, cfg->stagger,
            cfg->rot_amp, cfg->scale_amp);
    for (uint32_t i = 0; i < cfg->variant_count; ++i)
        fprintf(out, "%s\"%s\"", i ? "," : "", bench_variant_names[cfg->variants[i]]);
    /* the mixers' fast path: TA_SIMD's, or the best of this CPU (the same for every mixer of a run) */
    ta_mixer *probe = NULL;
    ta_error err;
    const char *simd = ta_mixer_create(ta_node_none(), NULL, &probe, &err) == TA_OK ? ta_mixer_simd(probe) : "?";
    fprintf(out, "],\"group_max\":%u,\"threads\":%u,\"simd\":\"%s\"", cfg->group_max, cfg->threads, simd);
    if (cfg->write_always) fputs(",\"write_always\":1", out);
    if (cfg->frame_float_lanes) fputs(",\"frame_float_lanes\":1", out);
    if (cfg->frame_rows) fputs(",\"frame_rows\":1", out);
    if (cfg->arena) fputs(",\"arena\":1", out);
    if (cfg->instances) fputs(",\"instances\":1", out);
    if (cfg->frame_passes_only) fputs(",\"frame_passes_only\":1", out);
    if (cfg->paused) fputs(",\"paused\":1", out);
    if (cfg->morphs > 0) fprintf(out, ",\"morphs\":%u", cfg->morphs); /* absent: the workload bench.mjs also runs */
    fputs("},", out);
    ta_mixer_destroy(probe);
    fprintf(out, "\"bytes_per_key\":%.3f,\"bytes_per_key_marginal\":%.3f,\"bytes_per_key_ideal\":%.3f,\"results\":[",
            kb->per_key, kb->marginal, kb->ideal);
    for (uint32_t i = 0; i < result_count; ++i) {
        const bench_result *r = &results[i];
        fprintf(out, "%s{\"variant\":\"%s\",\"chars\":%u,\"bones\":%u,\"actions\":%u,\"tracks_per_char\":%u,\"threads\":%u,",
                i ? "," : "", bench_variant_names[r->variant], r->chars, cfg->bones, r->actions, 3 * cfg->bones + cfg->morphs,
                cfg->threads);
        print_stats(out, "ns_per_char_update", r->per_char);
        fputc(',', out);
        print_stats(out, "ns_per_track_action", r->per_track_action);
        fprintf(out,
                ",\"checksum\":%.17g,\"cpu_ns_per_char_update\":%.2f,\"bytes_per_character\":%.1f,"
                "\"allocs_after_first_frame\":%zu}",
                r->checksum, r->cpu_ns_per_char_update, r->bytes_per_character, r->allocs_after_first_frame);
    }
    fputs("]}\n", out);
}

/* ---- the program ------------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            help(stdout);
            return BENCH_OK;
        }
    bench_config cfg;
    bench_config_defaults(&cfg);
    int status = bench_parse_args(&cfg, argc, argv);
    if (status != BENCH_OK) return status;
    bench_keys keys;
    if (bench_keys_make(&cfg, cfg.keys, &keys) != BENCH_OK) {
        fprintf(stderr, "bench_mixer: out of memory making the keys\n");
        return BENCH_REFUSED;
    }
    fprintf(stderr, "threeanim %s: interp %s, %u threads\n", ta_library_version(), bench_interp_names[cfg.interp], cfg.threads);
    bench_counter clip_counter;
    atomic_init(&clip_counter.live_bytes, 0);
    atomic_init(&clip_counter.allocations, 0);
    ta_allocator clip_alloc = bench_counting_allocator(&clip_counter);
    ta_clip **clips = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    bench_key_bytes kb;
    memset(&kb, 0, sizeof kb);
    bench_result *results = (bench_result *)calloc((size_t)cfg.char_count * cfg.variant_count, sizeof(bench_result));
    uint32_t result_count = 0;
    if (results == NULL) status = BENCH_REFUSED;
    if (status == BENCH_OK && bench_make_clips(&cfg, &keys, &clip_alloc, 0, &clips, &err) != TA_OK)
        status = refused("clips", &err);
    if (status == BENCH_OK) status = measure_key_bytes(&cfg, atomic_load(&clip_counter.live_bytes), &kb);
    for (uint32_t c = 0; status == BENCH_OK && c < cfg.char_count; ++c)
        for (uint32_t v = 0; status == BENCH_OK && v < cfg.variant_count; ++v) {
            if (cfg.variants[v] == BENCH_GROUP && cfg.chars[c] > cfg.group_max) {
                fprintf(stderr, "  group C=%u: skipped (above --group-max %u)\n", cfg.chars[c], cfg.group_max);
                continue;
            }
            status = run_variant(&cfg, &keys, clips, cfg.variants[v], cfg.chars[c], &results[result_count]);
            if (status == BENCH_OK) ++result_count;
        }
    if (status == BENCH_OK) print_json(stdout, &cfg, &kb, results, result_count);
    if (clips != NULL) bench_free_clips(clips, cfg.clips);
    bench_keys_free(&keys);
    free(results);
    return status;
}
