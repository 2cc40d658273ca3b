/* The mixer benchmark's workload (docs/benchmark-workload.md): flags, keys,
 * clips and characters, built as bench/threejs/bench.mjs builds them. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define BENCH_TAU (2 * 3.14159265358979323846)
#define BENCH_GOLDEN 0.6180339887498949

const char *const bench_interp_names[BENCH_INTERP_COUNT] = {"linear", "step", "smooth", "bezier", "cubicspline"};
const char *const bench_variant_names[BENCH_VARIANT_COUNT] = {"blend", "single", "blend_l2m", "single_l2m",
                                                              "group", "blend_frame", "single_frame"};

bool bench_variant_is_frame(bench_variant variant)
{
    return variant == BENCH_BLEND_FRAME || variant == BENCH_SINGLE_FRAME;
}

/* ---- flags ------------------------------------------------------------------------- */

void bench_config_defaults(bench_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->chars[0] = 100;
    cfg->chars[1] = 1000;
    cfg->char_count = 2;
    cfg->bones = 64;
    cfg->branch = 2;
    cfg->clips = 2;
    cfg->keys = 30;
    cfg->duration = 1;
    cfg->weights[0] = 0.7;
    cfg->weights[1] = 0.3;
    cfg->weight_count = 2;
    cfg->interp = BENCH_LINEAR;
    cfg->frames = 600;
    cfg->warmup = 120;
    cfg->reps = 5;
    cfg->dt = 1.0 / 60.0;
    cfg->seed = 1;
    cfg->stagger = 1;
    cfg->rot_amp = 0.5;
    cfg->scale_amp = 0.05;
    cfg->variants[0] = BENCH_BLEND;
    cfg->variants[1] = BENCH_SINGLE;
    cfg->variant_count = 2;
    cfg->group_max = 100;
    cfg->threads = 1;
    cfg->frame_world = 1;
    cfg->frame_pose_world = 1;
}

static int usage(const char *flag, const char *text, const char *what)
{
    fprintf(stderr, "bench_mixer: %s: \"%s\" %s\n", flag, text, what);
    return BENCH_USAGE;
}

/* A number, or a fraction "a/b" (--dt 1/60). */
static int parse_number(const char *flag, const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text) return usage(flag, text, "is not a number");
    if (*end == '/') {
        const char *den_text = end + 1;
        double den = strtod(den_text, &end);
        if (end == den_text) return usage(flag, text, "is not a number");
        v /= den;
    }
    if (*end != '\0' || errno != 0 || !isfinite(v)) return usage(flag, text, "is not a finite number");
    *out = v;
    return BENCH_OK;
}

static int parse_uint(const char *flag, const char *text, uint32_t min, uint32_t *out)
{
    double v;
    int r = parse_number(flag, text, &v);
    if (r != BENCH_OK) return r;
    if (v != floor(v) || v < min || v > 4294967295.0) {
        char what[64];
        snprintf(what, sizeof what, "is not an integer >= %u", min);
        return usage(flag, text, what);
    }
    *out = (uint32_t)v;
    return BENCH_OK;
}

/* Splits a comma list into items of at most 63 characters; calls each. */
typedef int (*item_fn)(const char *flag, const char *item, void *list, uint32_t index);

static int parse_list(const char *flag, const char *text, item_fn fn, void *list, uint32_t *out_count)
{
    uint32_t n = 0;
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[64];
        if (len == 0 || len >= sizeof item) return usage(flag, text, "has an empty or overlong item");
        if (n == BENCH_MAX_LIST) return usage(flag, text, "has too many items");
        memcpy(item, p, len);
        item[len] = '\0';
        int r = fn(flag, item, list, n);
        if (r != BENCH_OK) return r;
        ++n;
        if (comma == NULL) break;
        p = comma + 1;
    }
    *out_count = n;
    return BENCH_OK;
}

static int char_item(const char *flag, const char *item, void *list, uint32_t index)
{
    return parse_uint(flag, item, 1, (uint32_t *)list + index);
}

static int weight_item(const char *flag, const char *item, void *list, uint32_t index)
{
    double *w = (double *)list + index;
    int r = parse_number(flag, item, w);
    if (r == BENCH_OK && *w < 0) return usage(flag, item, "is a negative weight");
    return r;
}

static int variant_item(const char *flag, const char *item, void *list, uint32_t index)
{
    for (int v = 0; v < BENCH_VARIANT_COUNT; ++v)
        if (strcmp(item, bench_variant_names[v]) == 0) {
            ((bench_variant *)list)[index] = (bench_variant)v;
            return BENCH_OK;
        }
    return usage(flag, item, "is not one of blend, single, blend_l2m, single_l2m, group, blend_frame, single_frame");
}

int bench_parse_args(bench_config *cfg, int argc, char **argv)
{
    for (int i = 1; i < argc; i += 2) {
        const char *flag = argv[i];
        if (i + 1 >= argc) return usage(flag, "", "needs a value");
        const char *v = argv[i + 1];
        int r;
        if (strcmp(flag, "--three") == 0) r = BENCH_OK; /* the three.js side's; accepted so both take the same flags */
        else if (strcmp(flag, "--chars") == 0) r = parse_list(flag, v, char_item, cfg->chars, &cfg->char_count);
        else if (strcmp(flag, "--bones") == 0) r = parse_uint(flag, v, 1, &cfg->bones);
        else if (strcmp(flag, "--branch") == 0) r = parse_uint(flag, v, 1, &cfg->branch);
        else if (strcmp(flag, "--clips") == 0) r = parse_uint(flag, v, 1, &cfg->clips);
        else if (strcmp(flag, "--keys") == 0) r = parse_uint(flag, v, 2, &cfg->keys);
        else if (strcmp(flag, "--duration") == 0) r = parse_number(flag, v, &cfg->duration);
        else if (strcmp(flag, "--weights") == 0) r = parse_list(flag, v, weight_item, cfg->weights, &cfg->weight_count);
        else if (strcmp(flag, "--interp") == 0) {
            int k = 0;
            while (k < BENCH_INTERP_COUNT && strcmp(v, bench_interp_names[k]) != 0) ++k;
            if (k < BENCH_INTERP_COUNT) {
                cfg->interp = (bench_interp)k;
                r = BENCH_OK;
            } else {
                r = usage(flag, v, "is not one of linear, step, smooth, bezier, cubicspline");
            }
        } else if (strcmp(flag, "--frames") == 0) r = parse_uint(flag, v, 1, &cfg->frames);
        else if (strcmp(flag, "--warmup") == 0) r = parse_uint(flag, v, 0, &cfg->warmup);
        else if (strcmp(flag, "--reps") == 0) r = parse_uint(flag, v, 1, &cfg->reps);
        else if (strcmp(flag, "--dt") == 0) r = parse_number(flag, v, &cfg->dt);
        else if (strcmp(flag, "--seed") == 0) r = parse_uint(flag, v, 0, &cfg->seed);
        else if (strcmp(flag, "--stagger") == 0) r = parse_uint(flag, v, 0, &cfg->stagger);
        else if (strcmp(flag, "--rot-amp") == 0) r = parse_number(flag, v, &cfg->rot_amp);
        else if (strcmp(flag, "--scale-amp") == 0) r = parse_number(flag, v, &cfg->scale_amp);
        else if (strcmp(flag, "--variants") == 0)
            r = parse_list(flag, v, variant_item, cfg->variants, &cfg->variant_count);
        else if (strcmp(flag, "--group-max") == 0) r = parse_uint(flag, v, 0, &cfg->group_max);
        else if (strcmp(flag, "--threads") == 0) r = parse_uint(flag, v, 1, &cfg->threads);
        else if (strcmp(flag, "--morphs") == 0) r = parse_uint(flag, v, 0, &cfg->morphs);
        else if (strcmp(flag, "--write-always") == 0) r = parse_uint(flag, v, 0, &cfg->write_always);
        else if (strcmp(flag, "--paused") == 0) r = parse_uint(flag, v, 0, &cfg->paused);
        else if (strcmp(flag, "--frame-world") == 0) r = parse_uint(flag, v, 0, &cfg->frame_world);
        else if (strcmp(flag, "--frame-pose-world") == 0) r = parse_uint(flag, v, 0, &cfg->frame_pose_world);
        else if (strcmp(flag, "--frame-float-lanes") == 0) r = parse_uint(flag, v, 0, &cfg->frame_float_lanes);
        else if (strcmp(flag, "--frame-rows") == 0) r = parse_uint(flag, v, 0, &cfg->frame_rows);
        else if (strcmp(flag, "--arena") == 0) r = parse_uint(flag, v, 0, &cfg->arena);
        else if (strcmp(flag, "--instances") == 0) r = parse_uint(flag, v, 0, &cfg->instances);
        else if (strcmp(flag, "--frame-passes-only") == 0) r = parse_uint(flag, v, 0, &cfg->frame_passes_only);
        else {
            fprintf(stderr, "bench_mixer: \"%s\" is not a flag (--help lists them)\n", flag);
            return BENCH_USAGE;
        }
        if (r != BENCH_OK) return r;
    }
    if (!(cfg->duration > 0)) return usage("--duration", "", "must be above 0");
    if (!(cfg->dt > 0)) return usage("--dt", "", "must be above 0");
    if (cfg->threads > 256) return usage("--threads", "", "must be at most 256");
    return BENCH_OK;
}

/* ---- keys ---------------------------------------------------------------------------- */

/* The morph influences' keys, drawn after every bone's (so that the bones'
 * keys are the same with and without them): a phase per track, influences
 * between 0 and 1 as a face's weights are. */
static int morph_keys_make(const bench_config *cfg, ta_seeded_random *rng, bench_keys *out)
{
    const uint32_t K = out->key_count, M = cfg->morphs;
    out->morph_count = M;
    if (M == 0) return BENCH_OK;
    out->morphs = (float *)malloc(sizeof(float) * out->clip_count * M * K);
    if (out->morphs == NULL) {
        bench_keys_free(out);
        return BENCH_REFUSED;
    }
    for (uint32_t c = 0; c < out->clip_count; ++c)
        for (uint32_t j = 0; j < M; ++j) {
            const double phase = BENCH_TAU * ta_seeded_random_next(rng);
            float *w = out->morphs + ((size_t)c * M + j) * K;
            for (uint32_t k = 0; k < K; ++k) {
                double u = (double)k / (K - 1);
                w[k] = (float)(0.5 + 0.5 * sin(BENCH_TAU * u + phase));
            }
        }
    return BENCH_OK;
}

int bench_keys_make(const bench_config *cfg, uint32_t key_count, bench_keys *out)
{
    memset(out, 0, sizeof *out);
    const uint32_t K = key_count, B = cfg->bones, N = cfg->clips;
    out->key_count = K;
    out->clip_count = N;
    out->bone_count = B;
    out->times = (float *)malloc(sizeof(float) * K);
    out->bones = (bench_bone_keys *)calloc((size_t)N * B, sizeof(bench_bone_keys));
    if (out->times == NULL || out->bones == NULL) {
        bench_keys_free(out);
        return BENCH_REFUSED;
    }
    for (uint32_t k = 0; k < K; ++k) out->times[k] = (float)(cfg->duration * k / (K - 1));
    /* the draws in the order bench.mjs makes them: the same numbers in Node */
    ta_seeded_random rng = ta_seeded_random_make(cfg->seed);
    for (uint32_t c = 0; c < N; ++c)
        for (uint32_t b = 0; b < B; ++b) {
            bench_bone_keys *bk = &out->bones[(size_t)c * B + b];
            double pos_phase[3], pos_amp[3], axis[3];
            for (int j = 0; j < 3; ++j) pos_phase[j] = BENCH_TAU * ta_seeded_random_next(&rng);
            for (int j = 0; j < 3; ++j) pos_amp[j] = 0.1 * ta_seeded_random_next(&rng);
            for (int j = 0; j < 3; ++j) bk->pos_offset[j] = 0.2 * ta_seeded_random_next(&rng) - 0.1;
            for (int j = 0; j < 3; ++j) axis[j] = 2 * ta_seeded_random_next(&rng) - 1;
            double len = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
            for (int j = 0; j < 3; ++j) axis[j] = axis[j] / len;
            double rot_phase = BENCH_TAU * ta_seeded_random_next(&rng);
            double scale_phase = BENCH_TAU * ta_seeded_random_next(&rng);
            bk->pos = (float *)malloc(sizeof(float) * 3 * K);
            bk->quat = (float *)malloc(sizeof(float) * 4 * K);
            bk->scale = (float *)malloc(sizeof(float) * 3 * K);
            if (bk->pos == NULL || bk->quat == NULL || bk->scale == NULL) {
                bench_keys_free(out);
                return BENCH_REFUSED;
            }
            for (uint32_t k = 0; k < K; ++k) {
                double u = (double)k / (K - 1);
                for (int j = 0; j < 3; ++j)
                    bk->pos[3 * k + j] = (float)(bk->pos_offset[j] + pos_amp[j] * sin(BENCH_TAU * u + pos_phase[j]));
                double angle = cfg->rot_amp * sin(BENCH_TAU * u + rot_phase);
                double s = sin(angle / 2);
                for (int j = 0; j < 3; ++j) bk->quat[4 * k + j] = (float)(axis[j] * s);
                bk->quat[4 * k + 3] = (float)cos(angle / 2);
                float sc = (float)(1 + cfg->scale_amp * sin(BENCH_TAU * u + scale_phase));
                for (int j = 0; j < 3; ++j) bk->scale[3 * k + j] = sc;
            }
        }
    return morph_keys_make(cfg, &rng, out);
}

void bench_keys_free(bench_keys *keys)
{
    if (keys->bones != NULL)
        for (size_t i = 0; i < (size_t)keys->clip_count * keys->bone_count; ++i) {
            free(keys->bones[i].pos);
            free(keys->bones[i].quat);
            free(keys->bones[i].scale);
        }
    free(keys->bones);
    free(keys->morphs);
    free(keys->times);
    memset(keys, 0, sizeof *keys);
}

/* ---- tracks and clips ------------------------------------------------------------------ */

/* Central differences of the float32 values over the float32 times, one-sided
 * at both ends, rounded to float32 (bench.mjs's tangents). */
static void tangents(const float *times, const float *values, uint32_t K, uint32_t n, float *m)
{
    for (uint32_t k = 0; k < K; ++k) {
        uint32_t a = k > 0 ? k - 1 : 0, b = k < K - 1 ? k + 1 : K - 1;
        for (uint32_t j = 0; j < n; ++j)
            m[k * n + j] = (float)(((double)values[b * n + j] - values[a * n + j]) / ((double)times[b] - times[a]));
    }
}

/* Bezier control points (time, value) per number: bench.mjs's bezierPoints. */
static void bezier_points(const float *times, const float *values, const float *m, uint32_t K, uint32_t n,
                          float *in_p, float *out_p)
{
    for (uint32_t k = 0; k < K; ++k) {
        double h = (k < K - 1 ? (double)times[k + 1] - times[k] : (double)times[k] - times[k - 1]) / 3;
        for (uint32_t j = 0; j < n; ++j) {
            size_t o = 2 * ((size_t)k * n + j);
            double v = values[k * n + j], d = m[k * n + j] * h;
            in_p[o] = (float)(times[k] - h);
            in_p[o + 1] = (float)(v - d);
            out_p[o] = (float)(times[k] + h);
            out_p[o + 1] = (float)(v + d);
        }
    }
}

/* A track of n numbers a key on target. */
static ta_result make_track(const bench_config *cfg, const bench_keys *keys, ta_track_target target, uint32_t n,
                            const float *values, const ta_allocator *allocator, float *scratch, ta_track **out,
                            ta_error *err)
{
    const uint32_t K = keys->key_count;
    const ta_track_kind kind = target.kind;
    ta_track_desc d;
    memset(&d, 0, sizeof d);
    d.target = target;
    d.times = keys->times;
    d.key_count = K;
    d.values = values;
    d.value_count = K * n;
    float *m = scratch, *in_p = scratch + 4 * K, *out_p = scratch + 12 * K;
    switch (cfg->interp) {
    case BENCH_STEP: d.interpolation = TA_INTERPOLATION_STEP; break;
    case BENCH_SMOOTH: d.interpolation = kind == TA_TRACK_KIND_QUATERNION ? TA_INTERPOLATION_LINEAR : TA_INTERPOLATION_SMOOTH; break;
    case BENCH_BEZIER:
        d.interpolation = TA_INTERPOLATION_BEZIER;
        tangents(keys->times, values, K, n, m);
        bezier_points(keys->times, values, m, K, n, in_p, out_p);
        d.in_tangents = in_p;
        d.out_tangents = out_p;
        d.tangent_count = 2 * K * n;
        break;
    case BENCH_CUBICSPLINE:
        d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
        tangents(keys->times, values, K, n, m);
        d.in_tangents = m;
        d.out_tangents = m;
        d.tangent_count = K * n;
        break;
    default: d.interpolation = TA_INTERPOLATION_LINEAR; break;
    }
    return ta_track_create(&d, allocator, out, err);
}

static const char *clip_name(uint32_t i, char *buf, size_t size)
{
    if (i == 0) return "walk";
    if (i == 1) return "run";
    snprintf(buf, size, "clip%u", i);
    return buf;
}

static ta_result make_clip(const bench_config *cfg, const bench_keys *keys, const ta_allocator *allocator,
                           uint32_t clip, uint32_t characters, float *scratch, ta_clip **out, ta_error *err)
{
    const uint32_t B = keys->bone_count, M = keys->morph_count, chars = characters ? characters : 1;
    const uint32_t count = (3 * B + M) * chars;
    ta_track **tracks = (ta_track **)calloc(count, sizeof(ta_track *));
    if (tracks == NULL) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return err->code = TA_ERROR_OUT_OF_MEMORY;
    }
    ta_result r = TA_OK;
    uint32_t made = 0;
    static const ta_track_kind kinds[3] = {TA_TRACK_KIND_POSITION, TA_TRACK_KIND_QUATERNION, TA_TRACK_KIND_SCALE};
    for (uint32_t c = 0; c < chars && r == TA_OK; ++c)
        for (uint32_t b = 0; b < B && r == TA_OK; ++b) {
            const bench_bone_keys *bk = &keys->bones[(size_t)clip * B + b];
            const float *values[3] = {bk->pos, bk->quat, bk->scale};
            uint32_t node = characters ? 1 + c * B + b : b;
            for (int k = 0; k < 3 && r == TA_OK; ++k) {
                ta_track_target target;
                r = ta_track_target_node(ta_node_at(node), kinds[k], &target, err);
                if (r == TA_OK)
                    r = make_track(cfg, keys, target, k == 1 ? 4 : 3, values[k], allocator, scratch, &tracks[made], err);
                if (r == TA_OK) ++made;
            }
        }
    /* the morphs after the bones, as a glTF exporter lists a mesh's weights after its skeleton's channels */
    for (uint32_t c = 0; c < chars && r == TA_OK; ++c)
        for (uint32_t j = 0; j < M && r == TA_OK; ++j) {
            ta_track_target target;
            r = ta_track_target_morph(ta_mesh_at(c), j, &target, err);
            const float *w = keys->morphs + ((size_t)clip * M + j) * keys->key_count;
            if (r == TA_OK) r = make_track(cfg, keys, target, 1, w, allocator, scratch, &tracks[made], err);
            if (r == TA_OK) ++made;
        }
    if (r == TA_OK) {
        ta_clip_options o;
        memset(&o, 0, sizeof o);
        o.allocator = allocator;
        o.duration = cfg->duration;
        char buf[32];
        r = ta_clip_create(clip_name(clip, buf, sizeof buf), tracks, count, &o, out, err);
    }
    if (r != TA_OK)
        for (uint32_t i = 0; i < made; ++i) ta_track_destroy(tracks[i]);
    free(tracks);
    return r;
}

ta_result bench_make_clips(const bench_config *cfg, const bench_keys *keys, const ta_allocator *allocator,
                           uint32_t characters, ta_clip ***out_clips, ta_error *err)
{
    ta_clip **clips = (ta_clip **)calloc(keys->clip_count, sizeof(ta_clip *));
    float *scratch = (float *)malloc(sizeof(float) * 20 * keys->key_count); /* m, in, out for 4 numbers a key */
    ta_result r = TA_OK;
    if (clips == NULL || scratch == NULL) {
        snprintf(err->message, sizeof err->message, "out of memory");
        r = err->code = TA_ERROR_OUT_OF_MEMORY;
    }
    for (uint32_t c = 0; r == TA_OK && c < keys->clip_count; ++c)
        r = make_clip(cfg, keys, allocator, c, characters, scratch, &clips[c], err);
    free(scratch);
    if (r != TA_OK) {
        if (clips != NULL) bench_free_clips(clips, keys->clip_count);
        return r;
    }
    *out_clips = clips;
    return TA_OK;
}

void bench_free_clips(ta_clip **clips, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i)
        if (clips[i] != NULL) ta_clip_release(clips[i]);
    free(clips);
}

double bench_ideal_bytes_per_key(const bench_config *cfg)
{
    /* A time, then per number: the value, and the tangents or control points. */
    double per_number = 4;
    if (cfg->interp == BENCH_CUBICSPLINE) per_number = 12;
    if (cfg->interp == BENCH_BEZIER) per_number = 20;
    if (cfg->morphs == 0) return 4 + per_number * (3 + 4 + 3) / 3.0;
    const double numbers = 10.0 * cfg->bones + cfg->morphs, tracks = 3.0 * cfg->bones + cfg->morphs;
    return 4 + per_number * numbers / tracks;
}

/* ---- the counting allocator --------------------------------------------------------------- */

static void *count_alloc(void *user, size_t size)
{
    bench_counter *c = (bench_counter *)user;
    void *p = malloc(size ? size : 1);
    if (p != NULL) {
        atomic_fetch_add_explicit(&c->live_bytes, size, memory_order_relaxed);
        atomic_fetch_add_explicit(&c->allocations, 1, memory_order_relaxed);
    }
    return p;
}

static void *count_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    bench_counter *c = (bench_counter *)user;
    void *p = realloc(ptr, new_size ? new_size : 1);
    if (p != NULL) {
        atomic_fetch_add_explicit(&c->live_bytes, new_size, memory_order_relaxed);
        atomic_fetch_sub_explicit(&c->live_bytes, old_size, memory_order_relaxed);
        atomic_fetch_add_explicit(&c->allocations, 1, memory_order_relaxed);
    }
    return p;
}

static void count_free(void *user, void *ptr, size_t size)
{
    bench_counter *c = (bench_counter *)user;
    atomic_fetch_sub_explicit(&c->live_bytes, size, memory_order_relaxed);
    free(ptr);
}

ta_allocator bench_counting_allocator(bench_counter *counter)
{
    ta_allocator a = {count_alloc, count_realloc, count_free, counter};
    return a;
}

static bool arena_holds(const bench_arena *a, const void *ptr)
{
    const unsigned char *p = (const unsigned char *)ptr;
    return a->base != NULL && p >= a->base && p < a->base + a->size;
}

static void *arena_alloc(void *user, size_t size)
{
    bench_arena *a = (bench_arena *)user;
    size_t at = (a->used + 15) & ~(size_t)15;
    if (a->base == NULL || size > a->size || at > a->size - size) return count_alloc(a->counter, size);
    a->used = at + size;
    atomic_fetch_add_explicit(&a->counter->live_bytes, size, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->counter->allocations, 1, memory_order_relaxed);
    return a->base + at;
}

static void arena_free(void *user, void *ptr, size_t size)
{
    bench_arena *a = (bench_arena *)user;
    if (!arena_holds(a, ptr)) {
        count_free(a->counter, ptr, size);
        return;
    }
    atomic_fetch_sub_explicit(&a->counter->live_bytes, size, memory_order_relaxed);
    if ((unsigned char *)ptr + size == a->base + a->used) a->used -= size; /* the last one: given back */
}

static void *arena_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    bench_arena *a = (bench_arena *)user;
    unsigned char *p = (unsigned char *)ptr;
    if (arena_holds(a, ptr) && p + old_size == a->base + a->used && (size_t)(p - a->base) + new_size <= a->size) {
        a->used = (size_t)(p - a->base) + new_size;
        atomic_fetch_add_explicit(&a->counter->live_bytes, new_size, memory_order_relaxed);
        atomic_fetch_sub_explicit(&a->counter->live_bytes, old_size, memory_order_relaxed);
        atomic_fetch_add_explicit(&a->counter->allocations, 1, memory_order_relaxed);
        return ptr;
    }
    if (!arena_holds(a, ptr)) return count_realloc(a->counter, ptr, old_size, new_size);
    void *q = arena_alloc(a, new_size);
    if (q == NULL) return NULL;
    memcpy(q, ptr, old_size < new_size ? old_size : new_size);
    arena_free(a, ptr, old_size);
    return q;
}

ta_allocator bench_arena_allocator(bench_arena *arena)
{
    ta_allocator a = {arena_alloc, arena_realloc, arena_free, arena};
    return a;
}

/* ---- characters ------------------------------------------------------------------------------ */

/* Bone i > 0 under bone floor((i-1)/branch), at clip 0's offsets (float32). */
static ta_result add_bones(const bench_config *cfg, const bench_keys *keys, ta_scene *scene, ta_node_id top,
                           const char *prefix, ta_error *err)
{
    uint32_t first = scene->node_count;
    for (uint32_t i = 0; i < cfg->bones; ++i) {
        char name[48];
        snprintf(name, sizeof name, "%sb%u", prefix, i);
        ta_node_id parent = i == 0 ? top : ta_node_at(first + (i - 1) / cfg->branch);
        ta_node_id id;
        ta_result r = ta_scene_add_node(scene, parent, name, &id, err);
        if (r != TA_OK) return r;
        const double *off = keys->bones[i].pos_offset;
        ta_scene_node(scene, id)->position = ta_vec3_make((float)off[0], (float)off[1], (float)off[2]);
    }
    return TA_OK;
}

static ta_result add_actions(const bench_config *cfg, bench_variant variant, ta_mixer *mixer, ta_clip *const *clips,
                             const ta_allocator *allocator, ta_error *err)
{
    bool single = variant == BENCH_SINGLE || variant == BENCH_SINGLE_L2M || variant == BENCH_SINGLE_FRAME;
    uint32_t n = single ? 1 : cfg->weight_count;
    ta_action_options o;
    memset(&o, 0, sizeof o);
    o.allocator = allocator;
    for (uint32_t i = 0; i < n; ++i) {
        ta_action *a;
        ta_result r = ta_action_create(clips[i % cfg->clips], &o, &a, err);
        if (r != TA_OK) return r;
        uint32_t index;
        r = ta_mixer_add(mixer, a, ta_node_none(), &index, err);
        if (r != TA_OK) {
            ta_action_destroy(a);
            return r;
        }
        if ((r = ta_action_set_loop(a, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, err)) != TA_OK) return r;
        if ((r = ta_action_set_effective_weight(a, single ? 1.0f : (float)cfg->weights[i], err)) != TA_OK) return r;
        if ((r = ta_action_play(a, err)) != TA_OK) return r;
        if (cfg->paused) ta_action_pause(a);
    }
    return TA_OK;
}

static ta_result character_finish(const bench_config *cfg, bench_variant variant, uint32_t index,
                                  uint32_t group_count, ta_clip *const *clips, const ta_allocator *allocator,
                                  ta_node_id root, bool add_skin, bench_character *out, ta_error *err);

ta_result bench_character_make(const bench_config *cfg, const bench_keys *keys, bench_variant variant,
                               uint32_t index, uint32_t group_count, ta_clip *const *clips,
                               const ta_allocator *allocator, bench_character *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    ta_scene_options so;
    memset(&so, 0, sizeof so);
    so.allocator = allocator;
    ta_result r = ta_scene_create(&so, &out->scene, err);
    if (r != TA_OK) return r;
    ta_node_id root;
    if (group_count > 0) {
        r = ta_scene_add_node(out->scene, ta_node_none(), "group", &root, err);
        if (r == TA_OK) ta_scene_node(out->scene, root)->type = TA_NODE_TYPE_GROUP;
        out->first_bone = 1;
        out->characters = group_count;
        for (uint32_t c = 0; c < group_count && r == TA_OK; ++c) {
            char prefix[24];
            snprintf(prefix, sizeof prefix, "c%u_", c);
            r = add_bones(cfg, keys, out->scene, root, prefix, err);
        }
    } else {
        root = ta_node_at(0);
        out->first_bone = 0;
        out->characters = 1;
        r = add_bones(cfg, keys, out->scene, ta_node_none(), "", err);
    }
    for (uint32_t c = 0; c < out->characters && r == TA_OK && cfg->morphs > 0; ++c) {
        ta_mesh_desc md;
        memset(&md, 0, sizeof md);
        md.node = ta_node_at(out->first_bone + c * cfg->bones);
        md.morph_count = cfg->morphs;
        r = ta_scene_add_mesh(out->scene, &md, NULL, err);
    }
    if (r == TA_OK) r = character_finish(cfg, variant, index, group_count, clips, allocator, root, true, out, err);
    else bench_character_free(out);
    return r;
}

ta_result bench_character_instance(const bench_config *cfg, bench_variant variant, uint32_t index,
                                   const bench_character *source, ta_clip *const *clips,
                                   const ta_allocator *allocator, bench_character *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    ta_scene_options so;
    memset(&so, 0, sizeof so);
    so.allocator = allocator;
    ta_result r = ta_scene_instantiate(source->scene, &so, &out->scene, err);
    if (r != TA_OK) return r;
    out->first_bone = source->first_bone;
    out->characters = source->characters;
    return character_finish(cfg, variant, index, 0, clips, allocator, ta_node_at(out->first_bone), false, out, err);
}

/* The mixer, its actions, the staggered phase and, for the l2m and frame variants, the world
 * matrices and the pose (with the skin first where add_skin: an instance has its source's). */
static ta_result character_finish(const bench_config *cfg, bench_variant variant, uint32_t index,
                                  uint32_t group_count, ta_clip *const *clips, const ta_allocator *allocator,
                                  ta_node_id root, bool add_skin, bench_character *out, ta_error *err)
{
    ta_mixer_options mo;
    memset(&mo, 0, sizeof mo);
    mo.allocator = allocator;
    ta_result r = ta_mixer_create(root, &mo, &out->mixer, err);
    if (r == TA_OK && cfg->write_always) r = ta_mixer_set_write_always(out->mixer, true, err);
    if (r == TA_OK) r = add_actions(cfg, variant, out->mixer, clips, allocator, err);
    /* three.js sets action.time = offset; threeanim has no call that sets a
     * phase, so set_time moves every action's phase from 0 to offset with one
     * update (the mixer's clock then reads offset, not 0; nothing here reads it). */
    double offset = 0;
    if (group_count == 0 && cfg->stagger)
        offset = (index * BENCH_GOLDEN - floor(index * BENCH_GOLDEN)) * cfg->duration;
    if (r == TA_OK && offset != 0) {
        ta_mixer_targets t = {out->scene, NULL, NULL};
        r = ta_mixer_set_time(out->mixer, &t, ta_duration_from_seconds(offset), err);
    }
    bool frame = bench_variant_is_frame(variant);
    if (r == TA_OK && (variant == BENCH_BLEND_L2M || variant == BENCH_SINGLE_L2M || frame)) {
        /* on a 64-byte line, as a renderer's upload buffer: a matrix a line (frame.h) */
        out->world = (ta_mat4 *)aligned_alloc(64, sizeof(ta_mat4) * out->scene->node_count);
        if (out->world == NULL) {
            snprintf(err->message, sizeof err->message, "out of memory");
            r = err->code = TA_ERROR_OUT_OF_MEMORY;
        }
    }
    if (r == TA_OK && frame && add_skin) {
        /* one skin over every bone (identity inverse binds: the multiply costs the same) */
        ta_node_id *joints = (ta_node_id *)malloc(sizeof(ta_node_id) * cfg->bones);
        if (joints == NULL) {
            snprintf(err->message, sizeof err->message, "out of memory");
            r = err->code = TA_ERROR_OUT_OF_MEMORY;
        } else {
            for (uint32_t b = 0; b < cfg->bones; ++b) joints[b] = ta_node_at(out->first_bone + b);
            ta_skin_desc sd = {joints, cfg->bones, NULL, NULL};
            r = ta_scene_add_skin(out->scene, &sd, NULL, err);
            free(joints);
        }
    }
    if (r == TA_OK && frame) {
        ta_pose_options po;
        memset(&po, 0, sizeof po);
        po.allocator = allocator;
        if (r == TA_OK) r = ta_pose_create(out->scene, &po, &out->pose, err);
        if (r == TA_OK) r = ta_pose_use_best_simd(out->pose, err);
    }
    if (r != TA_OK) bench_character_free(out);
    return r;
}

void bench_character_free(bench_character *ch)
{
    ta_pose_destroy(ch->pose);
    ta_mixer_destroy(ch->mixer);
    ta_scene_destroy(ch->scene);
    free(ch->world);
    memset(ch, 0, sizeof *ch);
}

void bench_character_world(bench_character *ch)
{
    const ta_scene *s = ch->scene;
    /* A parent's index is below its children's here, so one pass in order. */
    for (uint32_t i = 0; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        ta_mat4 local = ta_mat4_compose(n->position, n->quaternion, n->scale);
        ch->world[i] = ta_node_is_none(n->parent) ? local : ta_mat4_multiply(&ch->world[n->parent.index], &local);
    }
}

double bench_character_checksum(const bench_character *ch)
{
    double sum = 0;
    const ta_scene *s = ch->scene;
    for (uint32_t i = ch->first_bone; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        sum += n->position.x;
        sum += n->position.y;
        sum += n->position.z;
        sum += n->quaternion.x;
        sum += n->quaternion.y;
        sum += n->quaternion.z;
        sum += n->quaternion.w;
        sum += n->scale.x;
        sum += n->scale.y;
        sum += n->scale.z;
    }
    for (uint32_t i = 0; i < s->mesh_count; ++i)
        for (uint32_t j = 0; j < s->meshes[i].morph_count; ++j) sum += s->meshes[i].morph_influences[j];
    return sum;
}
