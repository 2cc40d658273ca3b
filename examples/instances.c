/*
 * instances: many characters of one glTF model, each with its own mixer,
 * updated on two threads, with their world and bone matrices ready to draw.
 *
 * The model is loaded once. Each instance (ta_scene_instantiate) shares the
 * model's names and skins and owns its pose; it plays clip i mod the clip
 * count, started (i mod 7) * 0.05 s in. After setup (where the mixers make
 * their bindings), the threads run the frames: per instance, a mixer update,
 * the world pass and the skinning pass of every skin -- what a renderer
 * reads. Nothing is allocated there; the example counts to make sure.
 *
 *     instances [FILE.glb [COUNT [SECONDS [THREADS]]]]   (defaults: the bundled rig, 200, 2, 2)
 *
 * Output: comment lines with the bytes each instance costs; then, per
 * instance, "sum I S" (S: the sum of every world and bone matrix number at
 * the last frame, the same whatever the thread count); then, for instances 0,
 * 1 and the last, "world I NODE NAME m0 .. m15" per node and "bone I SKIN
 * JOINT m0 .. m15" per joint (column-major, as three.js's Matrix4.elements).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/threeanim.h"

#ifndef TA_EXAMPLE_MODEL
#define TA_EXAMPLE_MODEL "examples/default.glb"
#endif

#define FPS 30.0

static void check(ta_result r, const ta_error *err, const char *what)
{
    if (r == TA_OK) return;
    fprintf(stderr, "instances: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* An allocator that counts live bytes and calls (atomically: threads may
 * call it, though after setup nothing should). */
typedef struct counter {
    atomic_size_t live;
    atomic_size_t calls;
} counter;

static void *count_alloc(void *user, size_t size)
{
    counter *c = (counter *)user;
    atomic_fetch_add(&c->live, size);
    atomic_fetch_add(&c->calls, 1);
    return malloc(size);
}

static void count_free(void *user, void *ptr, size_t size)
{
    counter *c = (counter *)user;
    atomic_fetch_sub(&c->live, size);
    free(ptr);
}

typedef struct character {
    ta_scene *scene;
    ta_assets *assets; /* its own: a clip may drive material colors */
    ta_mixer *mixer;
    ta_pose *pose;
    ta_mat4 *world; /* node_count */
    ta_mat4 *bones; /* the sum of the skins' joint counts */
} character;

/* A copy of the materials and textures, in the same order (so the same ids). */
static ta_assets *copy_assets(const ta_assets *from, const ta_allocator *alloc)
{
    ta_error err = {0};
    ta_assets_options opts = {alloc};
    ta_assets *to;
    check(ta_assets_create(&opts, &to, &err), &err, "assets");
    for (uint32_t i = 0; i < from->texture_count; ++i) {
        const ta_texture *t = &from->textures[i];
        check(ta_assets_add_texture(to, t, t->name, t->uuid, NULL, &err), &err, "texture");
    }
    for (uint32_t i = 0; i < from->material_count; ++i) {
        const ta_material *m = &from->materials[i];
        check(ta_assets_add_material(to, m, m->name, m->uuid, NULL, &err), &err, "material");
    }
    return to;
}

typedef struct job {
    character *chars;
    uint32_t first, end;
    uint32_t frames;
    ta_error err;
    ta_result result;
} job;

/* One frame of one character: what a renderer needs before it draws. */
static ta_result frame(character *c, double dt, ta_error *err)
{
    ta_mixer_targets targets = {c->scene, c->assets, NULL};
    ta_result r = ta_mixer_update_targets(c->mixer, &targets, ta_duration_from_seconds(dt), err);
    if (r == TA_OK) r = ta_pose_world_pass(c->pose, c->scene, ta_node_none(), c->world, c->scene->node_count, err);
    uint32_t at = 0;
    for (uint32_t s = 0; r == TA_OK && s < c->scene->skin_count; ++s) {
        uint32_t joints = c->scene->skins[s].joint_count;
        r = ta_pose_skinning_pass(c->pose, c->scene, ta_skin_at(s), c->bones + at, joints, err);
        at += joints;
    }
    return r;
}

static void *run(void *arg)
{
    job *j = (job *)arg;
    j->result = TA_OK;
    for (uint32_t f = 0; f < j->frames && j->result == TA_OK; ++f)
        for (uint32_t i = j->first; i < j->end && j->result == TA_OK; ++i)
            j->result = frame(&j->chars[i], 1.0 / FPS, &j->err);
    return NULL;
}

static double sum_of(const ta_mat4 *m, uint32_t count)
{
    double s = 0;
    for (uint32_t i = 0; i < count; ++i)
        for (int k = 0; k < 16; ++k) s += m[i].m[k];
    return s;
}

static void print_matrix(const ta_mat4 *m)
{
    for (int k = 0; k < 16; ++k) printf(" %.9g", m->m[k]);
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    long count = argc > 2 ? atol(argv[2]) : 200;
    double seconds = argc > 3 ? atof(argv[3]) : 2.0;
    long threads = argc > 4 ? atol(argv[4]) : 2;
    if (count < 1 || count > 1000000 || !(seconds >= 0) || threads < 1 || threads > 64) {
        fprintf(stderr, "usage: instances [FILE.glb [COUNT [SECONDS [THREADS]]]]\n");
        return 2;
    }
    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(file, NULL, &model, &err), &err, file);
    if (model->animation_count == 0) {
        fprintf(stderr, "instances: %s has no animations\n", file);
        return 1;
    }
    uint32_t joints = 0;
    for (uint32_t s = 0; s < model->scene->skin_count; ++s) joints += model->scene->skins[s].joint_count;

    counter used = {0, 0};
    ta_allocator alloc = {count_alloc, NULL, count_free, &used};
    ta_scene_options so = {&alloc, NULL, NULL};
    ta_mixer_options mo = {&alloc};
    ta_action_options ao = {&alloc, 0};
    ta_pose_options po = {&alloc, 0};
    character *chars = calloc((size_t)count, sizeof *chars);
    if (chars == NULL) return 1;
    size_t scene_bytes = 0, pose_bytes = 0;
    for (long i = 0; i < count; ++i) {
        character *c = &chars[i];
        size_t before = atomic_load(&used.live);
        check(ta_scene_instantiate(model->scene, &so, &c->scene, &err), &err, "instantiate");
        c->assets = copy_assets(model->assets, &alloc);
        scene_bytes += atomic_load(&used.live) - before;
        check(ta_mixer_create(ta_node_none(), &mo, &c->mixer, &err), &err, "mixer");
        ta_action *action;
        check(ta_action_create(model->animations[i % model->animation_count], &ao, &action, &err), &err, "action");
        check(ta_mixer_add(c->mixer, action, ta_node_none(), NULL, &err), &err, "add");
        check(ta_action_set_loop(action, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, &err), &err, "loop");
        check(ta_action_play(action, &err), &err, "play");
        before = atomic_load(&used.live);
        check(ta_pose_create(c->scene, &po, &c->pose, &err), &err, "pose");
        pose_bytes += atomic_load(&used.live) - before;
        c->world = (ta_mat4 *)count_alloc(&used, sizeof(ta_mat4) * c->scene->node_count);
        c->bones = (ta_mat4 *)count_alloc(&used, sizeof(ta_mat4) * (joints ? joints : 1));
        if (c->world == NULL || c->bones == NULL) return 1;
        /* The first update binds the mixer (it allocates); the start offset. */
        check(frame(c, (double)(i % 7) * 0.05, &err), &err, "first frame");
    }
    size_t total = atomic_load(&used.live), calls = atomic_load(&used.calls);

    uint32_t frames = (uint32_t)(seconds * FPS + 0.5);
    job jobs[64];
    pthread_t ids[64];
    for (long t = 0; t < threads; ++t) {
        jobs[t].chars = chars;
        jobs[t].first = (uint32_t)(count * t / threads);
        jobs[t].end = (uint32_t)(count * (t + 1) / threads);
        jobs[t].frames = frames;
        if (pthread_create(&ids[t], NULL, run, &jobs[t]) != 0) {
            fprintf(stderr, "instances: cannot start a thread\n");
            return 1;
        }
    }
    for (long t = 0; t < threads; ++t) pthread_join(ids[t], NULL);
    for (long t = 0; t < threads; ++t) check(jobs[t].result, &jobs[t].err, "frame");

    printf("# %ld instances of %s (%u nodes, %u joints, %u clips), %ld threads, %u frames at %g fps\n", count, file,
           model->scene->node_count, joints, model->animation_count, threads, frames, FPS);
    printf("# bytes per instance: %zu (scene and its materials %zu, pose %zu, mixer with its action and bindings and the matrices "
           "%zu)\n",
           total / (size_t)count, scene_bytes / (size_t)count, pose_bytes / (size_t)count,
           (total - scene_bytes - pose_bytes) / (size_t)count);
    printf("# allocations during the threaded frames: %zu\n", atomic_load(&used.calls) - calls);
    for (long i = 0; i < count; ++i)
        printf("sum %ld %.17g\n", i, sum_of(chars[i].world, chars[i].scene->node_count) + sum_of(chars[i].bones, joints));
    long shown[3] = {0, count > 1 ? 1 : 0, count - 1};
    for (int s = 0; s < 3; ++s) {
        if (s > 0 && shown[s] == shown[s - 1]) continue;
        const character *c = &chars[shown[s]];
        for (uint32_t n = 0; n < c->scene->node_count; ++n) {
            const char *name = c->scene->nodes[n].name;
            printf("world %ld %u %s", shown[s], n, name[0] ? name : "-");
            print_matrix(&c->world[n]);
        }
        uint32_t at = 0;
        for (uint32_t k = 0; k < c->scene->skin_count; ++k)
            for (uint32_t j = 0; j < c->scene->skins[k].joint_count; ++j) {
                printf("bone %ld %u %u", shown[s], k, j);
                print_matrix(&c->bones[at++]);
            }
    }
    for (long i = 0; i < count; ++i) {
        count_free(&used, chars[i].world, sizeof(ta_mat4) * chars[i].scene->node_count);
        count_free(&used, chars[i].bones, sizeof(ta_mat4) * (joints ? joints : 1));
        ta_pose_destroy(chars[i].pose);
        ta_mixer_destroy(chars[i].mixer);
        ta_scene_destroy(chars[i].scene);
        ta_assets_destroy(chars[i].assets);
    }
    free(chars);
    ta_model_destroy(model);
    if (atomic_load(&used.live) != 0) {
        fprintf(stderr, "instances: %zu bytes not freed\n", atomic_load(&used.live));
        return 1;
    }
    return 0;
}
