/*
 * Mixers on threads over shared clips (animation_mixer.h: "separate mixers
 * (over separate scenes) may update at once on separate threads, sharing
 * clips"). Run it under ThreadSanitizer (a build configured with -DTA_TSAN=ON,
 * or tests/reliability/tsan.sh) for the data-race check; in the other builds it
 * checks the same behaviour under AddressSanitizer or as it is.
 *
 * Each round the main thread makes fresh copies of a set of clips (every
 * interpolation, every target family, tracks sharing key times so that the
 * clip plan has time groups) and hands them to N worker threads, released at
 * once by a barrier. Every worker then, on its own scene and mixer: makes
 * actions on every shared clip (each retains the clip: the atomic reference
 * count), plays them with various loops, fades and warps, and updates,
 * reading the clip's plan, which was made with the clip (clip_plan.h) and is
 * never written while shared. The main thread drops its references
 * while the workers play, so that the last release, which frees the clip,
 * happens on whichever worker finishes last. Workers also copy and subclip the
 * shared clips (reads), retain and release them by hand, uncache actions and
 * destroy their mixers.
 *
 * Checks: every worker's scene ends each round exactly as a run of the same
 * script on one thread does (a hash of the snapshot of every round), and the
 * clips' allocator (atomic counters) ends with nothing live.
 *
 * Environment: TA_THREADS_N (workers, default 4), TA_THREADS_ROUNDS (default 30).
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "ta_snapshot.h"
#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

#define MAX_THREADS 64
#define CLIP_COUNT 6

/* ---- an allocator that many threads may share ----------------------------------------- */

typedef struct shared_counter {
    atomic_size_t allocations, frees, live_bytes;
} shared_counter;

static void *shared_alloc(void *user, size_t size)
{
    shared_counter *c = (shared_counter *)user;
    atomic_fetch_add(&c->allocations, 1);
    atomic_fetch_add(&c->live_bytes, size);
    return malloc(size ? size : 1);
}

static void shared_free(void *user, void *ptr, size_t size)
{
    shared_counter *c = (shared_counter *)user;
    atomic_fetch_add(&c->frees, 1);
    atomic_fetch_sub(&c->live_bytes, size);
    free(ptr);
}

/* ---- the world each worker drives -------------------------------------------------------- */

typedef struct world {
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
} world;

static void world_make(world *w)
{
    ta_error err = {0};
    w->scene = ta_test_scene();
    w->assets = ta_test_assets();
    w->cameras = ta_test_cameras();
    ta_node_id root = ta_test_node_under(w->scene, ta_node_none(), "root");
    ta_node_id a = ta_test_node_under(w->scene, root, "a");
    (void)ta_test_node_under(w->scene, root, "b"); /* node 2, which the clips drive */
    ta_node_id lamp = ta_test_node_under(w->scene, root, "lamp");
    ta_node_id cam = ta_test_node_under(w->scene, root, "cam");
    ta_texture tex = ta_texture_defaults();
    ta_texture_id tex_id;
    TA_ASSERT_OK(ta_assets_add_texture(w->assets, &tex, "tex", NULL, &tex_id, &err), &err);
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
    m.map = tex_id;
    ta_material_id mat;
    TA_ASSERT_OK(ta_assets_add_material(w->assets, &m, "mat", NULL, &mat, &err), &err);
    ta_mesh_desc md = {0};
    md.node = a;
    md.morph_count = 3;
    md.materials = &mat;
    md.material_count = 1;
    TA_ASSERT_OK(ta_scene_add_mesh(w->scene, &md, NULL, &err), &err);
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    l.node = lamp;
    TA_ASSERT_OK(ta_scene_add_light(w->scene, &l, NULL, &err), &err);
    ta_perspective_camera c = ta_perspective_camera_defaults();
    c.node = cam;
    TA_ASSERT_OK(ta_camera_list_add_perspective(w->cameras, &c, NULL, &err), &err);
}

static void world_free(world *w)
{
    ta_scene_destroy(w->scene);
    ta_assets_destroy(w->assets);
    ta_camera_list_destroy(w->cameras);
}

/* ---- the clips ------------------------------------------------------------------------------ */

static ta_track *track(ta_track_target target, ta_interpolation interp, uint32_t keys, const float *times,
                       const float *values, const float *in, const float *out, uint32_t tangents,
                       const ta_allocator *alloc)
{
    return ta_test_track_tangents(alloc, target, interp, times, keys, values,
                                  keys * ta_track_kind_value_size(target.kind), in, out, tangents);
}

static ta_track_target node_t(uint32_t node, ta_track_kind kind)
{
    return ta_test_node_target(ta_node_at(node), kind);
}

/* The templates the rounds copy, made with the shared allocator. */
static void make_templates(ta_clip **out, const ta_allocator *alloc)
{
    ta_error err = {0};
    static const float t4[4] = {0, 0.4f, 1.1f, 2};
    static const float pos[12] = {0, 0, 0, 1, 2, 0, -1, 0.5f, 3, 0, 0, 0};
    static const float scl[12] = {1, 1, 1, 2, 1, 1, 1, 3, 1, 1, 1, 1};
    static const float rot[16] = {0, 0, 0, 1, 0, 0.6f, 0, 0.8f, 0.6f, 0, 0, 0.8f, 0, 0, 0.6f, 0.8f};
    static const float zeros[16] = {0};
    static const float ones_t[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};
    ta_clip_options o = {0};
    o.allocator = alloc;

    /* 0: LINEAR position, scale and rotation sharing one set of times (a time group) */
    ta_track *c0[4] = {track(node_t(1, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_LINEAR, 4, t4, pos, NULL, NULL, 0, alloc),
                       track(node_t(1, TA_TRACK_KIND_SCALE), TA_INTERPOLATION_LINEAR, 4, t4, scl, NULL, NULL, 0, alloc),
                       track(node_t(1, TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_LINEAR, 4, t4, rot, NULL, NULL, 0, alloc),
                       track(node_t(2, TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_LINEAR, 4, t4, rot, NULL, NULL, 0, alloc)};
    out[0] = ta_test_clip("linear", c0, 4, &o);

    /* 1: SMOOTH, STEP and CUBIC_SPLINE */
    static const float t3[3] = {0, 0.7f, 1.5f};
    static const float p3[9] = {0, 0, 0, 2, 1, 0, 0, 0, 4};
    ta_track *c1[4] = {track(node_t(2, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_SMOOTH, 3, t3, p3, NULL, NULL, 0, alloc),
                       track(node_t(2, TA_TRACK_KIND_SCALE), TA_INTERPOLATION_STEP, 3, t3, scl, NULL, NULL, 0, alloc),
                       track(node_t(1, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_CUBIC_SPLINE, 3, t3, p3, ones_t, ones_t, 9, alloc),
                       track(node_t(1, TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_CUBIC_SPLINE, 4, t4, rot, zeros, zeros, 16, alloc)};
    out[1] = ta_test_clip("curves", c1, 4, &o);

    /* 2: BEZIER on a material number, flags and a string */
    ta_track_target op, tr;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &op, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_TRANSPARENT, &tr, &err), &err);
    static const float t2[2] = {0, 1.25f}, o2[2] = {0.2f, 0.9f}, flag[2] = {0, 1};
    static const float bin[4] = {0, 0.2f, 1, 0.9f}, bout[4] = {0.4f, 0.2f, 1.25f, 0.9f};
    ta_track *c2[4] = {track(op, TA_INTERPOLATION_BEZIER, 2, t2, o2, bin, bout, 4, alloc),
                       track(tr, TA_INTERPOLATION_STEP, 2, t2, flag, NULL, NULL, 0, alloc),
                       track(node_t(2, TA_TRACK_KIND_VISIBLE), TA_INTERPOLATION_STEP, 2, t2, flag, NULL, NULL, 0, alloc), NULL};
    ta_track_desc names = {0};
    names.target = node_t(1, TA_TRACK_KIND_NODE_NAME);
    const char *strings[2] = {"idle", "busy"};
    names.times = t2;
    names.key_count = 2;
    names.strings = strings;
    TA_ASSERT_OK(ta_track_create(&names, alloc, &c2[3], &err), &err);
    out[2] = ta_test_clip("bezier_flags", c2, 4, &o);

    /* 3: a light, a camera, a map, colors and morph targets */
    ta_track_target li, fov, col, map, m0, m2;
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &li, &err), &err);
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &fov, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_COLOR, &col, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_MAP_OFFSET, &map, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 0, &m0, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 2, &m2, &err), &err);
    static const float i2[2] = {1, 4}, f2[2] = {30, 80}, c6[6] = {1, 0, 0, 0, 0.5f, 1}, mp4[4] = {0, 0, 0.5f, 1},
                       w2[2] = {0, 1};
    ta_track *c3[6] = {track(li, TA_INTERPOLATION_LINEAR, 2, t2, i2, NULL, NULL, 0, alloc),
                       track(fov, TA_INTERPOLATION_LINEAR, 2, t2, f2, NULL, NULL, 0, alloc),
                       track(col, TA_INTERPOLATION_LINEAR, 2, t2, c6, NULL, NULL, 0, alloc),
                       track(map, TA_INTERPOLATION_LINEAR, 2, t2, mp4, NULL, NULL, 0, alloc),
                       track(m0, TA_INTERPOLATION_LINEAR, 2, t2, w2, NULL, NULL, 0, alloc),
                       track(m2, TA_INTERPOLATION_SMOOTH, 3, t3, (const float[3]){0, 1, 0}, NULL, NULL, 0, alloc)};
    out[3] = ta_test_clip("props", c3, 6, &o);

    /* 4: an additive rotation and position */
    ta_track *c4[2] = {track(node_t(2, TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_LINEAR, 4, t4, rot, NULL, NULL, 0, alloc),
                       track(node_t(1, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_LINEAR, 4, t4, pos, NULL, NULL, 0, alloc)};
    ta_clip_options add = o;
    add.blend_mode = TA_BLEND_MODE_ADDITIVE;
    out[4] = ta_test_clip("additive", c4, 2, &add);

    /* 5: element kinds */
    ta_track_target px, ry;
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(2), TA_TRACK_KIND_POSITION_ELEMENT, 0, &px, &err), &err);
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(1), TA_TRACK_KIND_ROTATION_ELEMENT, 1, &ry, &err), &err);
    static const float e2[2] = {-1, 1};
    ta_track *c5[2] = {track(px, TA_INTERPOLATION_LINEAR, 2, t2, e2, NULL, NULL, 0, alloc),
                       track(ry, TA_INTERPOLATION_LINEAR, 2, t2, e2, NULL, NULL, 0, alloc)};
    out[5] = ta_test_clip("elements", c5, 2, &o);
}

/* ---- what each worker does with the clips of a round ------------------------------------- */

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

/* Plays the clips on w; returns a hash of the world after it (and of its
 * events), or 0 on a failure, whose message goes to failure. */
static uint64_t play_round(world *w, ta_clip *const *clips, uint32_t round, char *failure, size_t failure_size)
{
    ta_error err = {0};
    ta_mixer *mixer = NULL;
#define CHECK(call)                                                                                 \
    do {                                                                                            \
        if ((call) != TA_OK) {                                                                      \
            snprintf(failure, failure_size, "round %u: %.60s: %.400s", round, #call, err.message);  \
            if (mixer) ta_mixer_destroy(mixer);                                                     \
            return 0;                                                                               \
        }                                                                                           \
    } while (0)
    CHECK(ta_mixer_create(ta_node_none(), NULL, &mixer, &err));
    ta_action *actions[CLIP_COUNT + 1];
    uint32_t index[CLIP_COUNT + 1];
    for (uint32_t c = 0; c < CLIP_COUNT; ++c) {
        /* a retain and a release by hand, around the action's own */
        ta_clip_retain(clips[c]);
        CHECK(ta_action_create(clips[c], NULL, &actions[c], &err));
        ta_clip_release(clips[c]);
        CHECK(ta_mixer_add(mixer, actions[c], ta_node_none(), &index[c], &err));
        static const ta_loop_mode loops[3] = {TA_LOOP_MODE_REPEAT, TA_LOOP_MODE_PING_PONG, TA_LOOP_MODE_ONCE};
        CHECK(ta_action_set_loop(actions[c], loops[(c + round) % 3], (c % 2) ? 3 : TA_ACTION_ENDLESS, &err));
        CHECK(ta_action_set_weight(actions[c], 0.3f + 0.1f * (float)c, &err));
        CHECK(ta_action_play(actions[c], &err));
    }
    /* a subclip of a shared clip: read only */
    ta_clip *sub = NULL;
    CHECK(ta_clip_subclip(clips[0], "part", 6, 45, 30, NULL, &sub, &err));
    CHECK(ta_action_create(sub, NULL, &actions[CLIP_COUNT], &err));
    ta_clip_release(sub); /* the action holds it now */
    CHECK(ta_mixer_add(mixer, actions[CLIP_COUNT], ta_node_none(), &index[CLIP_COUNT], &err));
    CHECK(ta_action_play(actions[CLIP_COUNT], &err));
    CHECK(ta_action_fade_in(actions[1], ta_duration_from_seconds(0.5), &err));
    CHECK(ta_action_warp(actions[0], 1, 2.5f, ta_duration_from_seconds(1), &err));
    CHECK(ta_action_set_time_scale(actions[3], -1.25f, &err));

    uint64_t h = 1469598103934665603ull;
    ta_snap snap;
    ta_snap_init(&snap);
    for (int step = 0; step < 24; ++step) {
        double dt = (step % 5 == 4) ? 0.31 : 1.0 / 60;
        if (step == 10) CHECK(ta_mixer_cross_fade_to(mixer, index[0], index[5], ta_duration_from_seconds(0.4), true, &err));
        if (step == 15) CHECK(ta_mixer_uncache_action(mixer, index[2], &err));
        if (step == 18) {
            ta_mixer_targets t = {w->scene, w->assets, w->cameras};
            CHECK(ta_mixer_set_time(mixer, &t, ta_duration_from_seconds(0.9), &err));
        } else {
            CHECK(ta_mixer_update_with_cameras(mixer, w->scene, w->assets, w->cameras, ta_duration_from_seconds(dt), &err));
        }
        ta_animation_event ev;
        while (ta_mixer_drain_events(mixer, &ev, 1) == 1) {
            int64_t fields[4] = {ev.kind, ev.action, ev.loop_delta, ev.direction};
            h = fnv(h, (const unsigned char *)fields, sizeof fields);
        }
    }
    ta_snap_clear(&snap);
    ta_snap_scene(&snap, w->scene);
    ta_snap_assets(&snap, w->assets);
    ta_snap_cameras(&snap, w->cameras);
    ta_snap_mixer(&snap, mixer, actions, CLIP_COUNT + 1);
    h = fnv(h, snap.bytes, snap.size);
    ta_snap_free(&snap);
    ta_mixer_destroy(mixer);
#undef CHECK
    return h == 0 ? 1 : h;
}

/* ---- the threads --------------------------------------------------------------------------- */

typedef struct shared {
    pthread_barrier_t start, playing;
    ta_clip *clips[CLIP_COUNT];
    uint32_t rounds;
} shared;

typedef struct worker {
    shared *sh;
    pthread_t thread;
    uint64_t hash;
    char failure[600];
} worker;

static void *work(void *arg)
{
    worker *wk = (worker *)arg;
    world w;
    world_make(&w);
    uint64_t h = 1469598103934665603ull;
    for (uint32_t r = 0; r < wk->sh->rounds; ++r) {
        pthread_barrier_wait(&wk->sh->start);
        ta_clip *clips[CLIP_COUNT];
        memcpy(clips, wk->sh->clips, sizeof clips);
        /* every worker makes its actions on the round's clips before the main
         * thread lets go of them */
        ta_mixer *holder = NULL;
        ta_error err = {0};
        ta_action *hold[CLIP_COUNT];
        if (ta_mixer_create(ta_node_none(), NULL, &holder, &err) != TA_OK) {
            snprintf(wk->failure, sizeof wk->failure, "round %u: %s", r, err.message);
        } else {
            for (uint32_t c = 0; c < CLIP_COUNT; ++c)
                if (ta_action_create(clips[c], NULL, &hold[c], &err) == TA_OK)
                    ta_mixer_add(holder, hold[c], ta_node_none(), NULL, &err);
        }
        pthread_barrier_wait(&wk->sh->playing);
        if (wk->failure[0] == '\0') {
            uint64_t round_hash = play_round(&w, clips, r, wk->failure, sizeof wk->failure);
            h = fnv(h, (const unsigned char *)&round_hash, sizeof round_hash);
        }
        ta_mixer_destroy(holder); /* the last of these frees the round's clips */
    }
    wk->hash = h;
    world_free(&w);
    return NULL;
}

static uint32_t env_u32(const char *name, uint32_t fallback, uint32_t max)
{
    const char *v = getenv(name);
    if (v == NULL || *v == '\0') return fallback;
    unsigned long n = strtoul(v, NULL, 10);
    return n == 0 ? fallback : (uint32_t)(n > max ? max : n);
}

static void test_mixers_on_threads_share_clips(void **state)
{
    (void)state;
    uint32_t threads = env_u32("TA_THREADS_N", 4, MAX_THREADS);
    uint32_t rounds = env_u32("TA_THREADS_ROUNDS", 30, 100000);
    shared_counter counter;
    atomic_init(&counter.allocations, 0);
    atomic_init(&counter.frees, 0);
    atomic_init(&counter.live_bytes, 0);
    ta_allocator alloc = {shared_alloc, NULL, shared_free, &counter};
    ta_clip *templates[CLIP_COUNT];
    make_templates(templates, &alloc);

    /* the reference: the same script on this thread alone */
    uint64_t expected = 1469598103934665603ull;
    {
        world w;
        world_make(&w);
        char failure[600] = "";
        for (uint32_t r = 0; r < rounds; ++r) {
            ta_clip *clips[CLIP_COUNT];
            ta_error err = {0};
            for (int c = 0; c < CLIP_COUNT; ++c) TA_ASSERT_OK(ta_clip_copy(templates[c], &alloc, &clips[c], &err), &err);
            uint64_t round_hash = play_round(&w, clips, r, failure, sizeof failure);
            if (round_hash == 0) {
                print_error("%s\n", failure);
                fail();
            }
            expected = fnv(expected, (const unsigned char *)&round_hash, sizeof round_hash);
            for (int c = 0; c < CLIP_COUNT; ++c) ta_clip_release(clips[c]);
        }
        world_free(&w);
    }

    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.rounds = rounds;
    assert_int_equal(pthread_barrier_init(&sh.start, NULL, threads + 1), 0);
    assert_int_equal(pthread_barrier_init(&sh.playing, NULL, threads + 1), 0);
    worker *workers = calloc(threads, sizeof *workers);
    assert_non_null(workers);
    for (uint32_t i = 0; i < threads; ++i) {
        workers[i].sh = &sh;
        assert_int_equal(pthread_create(&workers[i].thread, NULL, work, &workers[i]), 0);
    }
    for (uint32_t r = 0; r < rounds; ++r) {
        ta_error err = {0};
        for (int c = 0; c < CLIP_COUNT; ++c) TA_ASSERT_OK(ta_clip_copy(templates[c], &alloc, &sh.clips[c], &err), &err);
        pthread_barrier_wait(&sh.start);
        pthread_barrier_wait(&sh.playing);
        /* the workers hold the clips now; ours go while they play */
        for (int c = 0; c < CLIP_COUNT; ++c) ta_clip_release(sh.clips[c]);
    }
    for (uint32_t i = 0; i < threads; ++i) pthread_join(workers[i].thread, NULL);
    pthread_barrier_destroy(&sh.start);
    pthread_barrier_destroy(&sh.playing);
    for (int c = 0; c < CLIP_COUNT; ++c) ta_clip_release(templates[c]);

    int failures = 0;
    for (uint32_t i = 0; i < threads; ++i) {
        if (workers[i].failure[0] != '\0') {
            print_error("worker %u: %s\n", i, workers[i].failure);
            ++failures;
        } else if (workers[i].hash != expected) {
            print_error("worker %u ended its %u rounds unlike the run on one thread\n", i, rounds);
            ++failures;
        }
    }
    free(workers);
    print_message("%u threads, %u rounds, %d clips a round: %d workers differ; clip allocator: %zu allocations, "
                  "%zu frees, %zu bytes live\n",
                  threads, rounds, CLIP_COUNT, failures, atomic_load(&counter.allocations),
                  atomic_load(&counter.frees), atomic_load(&counter.live_bytes));
    assert_int_equal(failures, 0);
    assert_int_equal(atomic_load(&counter.live_bytes), 0);
    assert_int_equal(atomic_load(&counter.allocations), atomic_load(&counter.frees));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mixers_on_threads_share_clips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
