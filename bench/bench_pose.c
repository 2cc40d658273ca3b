/*
 * bench_pose -- the world pass and the skinning pass (pose.h) in nanoseconds
 * per bone, on the rig of the mixer benchmark's workload: C characters of B
 * bones, bone i > 0 the child of bone (i - 1) / branch, at the workload's rest
 * positions (clip 0's posOffset draws from mulberry32(seed)), each bone turned
 * a little about an axis drawn after them, one skin per character over all
 * its bones with the inverses of the rest world matrices as inverse binds.
 * bench/pose/bench_pose.mjs builds the same rig in three.js and times
 * root.updateMatrixWorld() and skeleton.update().
 *
 * Timed, per frame: the root turned a little (so nothing stands still), then
 * for each character the world pass, then for each character the skinning
 * pass; each pass timed on its own. One JSON line on stdout; nothing is
 * asserted. TA_SIMD forces the poses' instruction set (frame.h).
 *
 *     bench_pose [--chars 100] [--bones 64] [--branch 2] [--frames 300] [--warmup 30] [--reps 5] [--seed 1]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/threeanim.h"

#define TA_BENCH_PI 3.14159265358979323846

typedef struct rng {
    uint32_t a;
} rng;

static double mulberry32(rng *r)
{
    r->a += 0x6D2B79F5u;
    uint32_t t = r->a;
    t = (t ^ (t >> 15)) * (1u | t);
    t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
    return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void fail(ta_result r, const ta_error *err)
{
    if (r == TA_OK) return;
    fprintf(stderr, "bench_pose: %s\n", err->message);
    exit(1);
}

int main(int argc, char **argv)
{
    long chars = 100, bones = 64, branch = 2, frames = 300, warmup = 30, reps = 5, seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        long v = atol(argv[i + 1]);
        if (strcmp(argv[i], "--chars") == 0) chars = v;
        else if (strcmp(argv[i], "--bones") == 0) bones = v;
        else if (strcmp(argv[i], "--branch") == 0) branch = v;
        else if (strcmp(argv[i], "--frames") == 0) frames = v;
        else if (strcmp(argv[i], "--warmup") == 0) warmup = v;
        else if (strcmp(argv[i], "--reps") == 0) reps = v;
        else if (strcmp(argv[i], "--seed") == 0) seed = v;
        else {
            fprintf(stderr, "bench_pose: unknown flag %s\n", argv[i]);
            return 2;
        }
    }
    if (chars < 1 || bones < 1 || branch < 1 || frames < 1 || reps < 1 || reps > 100) return 2;
    ta_error err = {0};
    ta_scene **scenes = calloc((size_t)chars, sizeof *scenes);
    ta_pose **poses = calloc((size_t)chars, sizeof *poses);
    ta_mat4 *world = calloc((size_t)chars * (size_t)bones, sizeof *world);
    ta_mat4 *bone_m = calloc((size_t)chars * (size_t)bones, sizeof *bone_m);
    ta_node_id *joints = calloc((size_t)bones, sizeof *joints);
    ta_mat4 *ibm = calloc((size_t)bones, sizeof *ibm);
    if (!scenes || !poses || !world || !bone_m || !joints || !ibm) return 1;
    for (long c = 0; c < chars; ++c) {
        rng r = {(uint32_t)seed};
        fail(ta_scene_create(NULL, &scenes[c], &err), &err);
        ta_scene *s = scenes[c];
        for (long b = 0; b < bones; ++b) {
            double phase[3], amp[3], off[3], axis[3];
            for (int j = 0; j < 3; ++j) phase[j] = 2 * TA_BENCH_PI * mulberry32(&r);
            for (int j = 0; j < 3; ++j) amp[j] = 0.1 * mulberry32(&r);
            for (int j = 0; j < 3; ++j) off[j] = 0.2 * mulberry32(&r) - 0.1;
            for (int j = 0; j < 3; ++j) axis[j] = 2 * mulberry32(&r) - 1;
            double len = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
            double angle = 0.5 * sin(2 * TA_BENCH_PI * mulberry32(&r));
            (void)phase, (void)amp;
            ta_node_id parent = b == 0 ? ta_node_none() : ta_node_at((uint32_t)((b - 1) / branch));
            fail(ta_scene_add_node(s, parent, "bone", &joints[b], &err), &err);
            ta_node *n = &s->nodes[joints[b].index];
            n->type = TA_NODE_TYPE_BONE;
            n->position = ta_vec3_make((float)off[0], (float)off[1], (float)off[2]);
            double h = sin(angle / 2) / len;
            n->quaternion = ta_quat_make((float)(axis[0] * h), (float)(axis[1] * h), (float)(axis[2] * h),
                                         (float)cos(angle / 2));
        }
        fail(ta_pose_create(s, NULL, &poses[c], &err), &err);
        fail(ta_pose_use_best_simd(poses[c], &err), &err); /* TA_SIMD forces one */
        ta_mat4 *w = world + c * bones;
        fail(ta_pose_world_pass(poses[c], s, ta_node_none(), w, (uint32_t)bones, &err), &err);
        for (long b = 0; b < bones; ++b) {
            /* the inverse of the rest world matrix (rigid: transpose the turn) */
            const float *m = w[b].m;
            ta_mat4 inv = ta_mat4_identity();
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) inv.m[j * 4 + i] = m[i * 4 + j];
            for (int i = 0; i < 3; ++i)
                inv.m[12 + i] = -(inv.m[i] * m[12] + inv.m[4 + i] * m[13] + inv.m[8 + i] * m[14]);
            ibm[b] = inv;
        }
        ta_skin_desc d = {joints, (uint32_t)bones, ibm, NULL};
        fail(ta_scene_add_skin(s, &d, NULL, &err), &err);
        /* the skin changed the structure: the pose re-reads the tree once here */
        fail(ta_pose_world_pass(poses[c], s, ta_node_none(), w, (uint32_t)bones, &err), &err);
    }
    double world_ns[100], skin_ns[100];
    double turn = 0;
    for (long rep = -1; rep < reps; ++rep) {
        long n = rep < 0 ? warmup : frames;
        double tw = 0, ts = 0;
        for (long f = 0; f < n; ++f) {
            turn += 0.001;
            ta_quat q = ta_quat_make(0, (float)sin(turn / 2), 0, (float)cos(turn / 2));
            for (long c = 0; c < chars; ++c) scenes[c]->nodes[0].quaternion = q;
            double t0 = ta_clock_monotonic_seconds(NULL);
            for (long c = 0; c < chars; ++c)
                fail(ta_pose_world_pass(poses[c], scenes[c], ta_node_none(), world + c * bones, (uint32_t)bones, &err),
                     &err);
            double t1 = ta_clock_monotonic_seconds(NULL);
            for (long c = 0; c < chars; ++c)
                fail(ta_pose_skinning_pass(poses[c], scenes[c], ta_skin_at(0), bone_m + c * bones, (uint32_t)bones,
                                           &err),
                     &err);
            double t2 = ta_clock_monotonic_seconds(NULL);
            tw += t1 - t0;
            ts += t2 - t1;
        }
        if (rep >= 0) {
            world_ns[rep] = tw * 1e9 / ((double)n * (double)chars * (double)bones);
            skin_ns[rep] = ts * 1e9 / ((double)n * (double)chars * (double)bones);
        }
    }
    double checksum = 0;
    for (long i = 0; i < chars * bones; ++i)
        for (int k = 0; k < 16; ++k) checksum += bone_m[i].m[k];
    double wsorted[100], ssorted[100];
    memcpy(wsorted, world_ns, sizeof(double) * (size_t)reps);
    memcpy(ssorted, skin_ns, sizeof(double) * (size_t)reps);
    qsort(wsorted, (size_t)reps, sizeof(double), cmp_double);
    qsort(ssorted, (size_t)reps, sizeof(double), cmp_double);
    printf("{\"side\": \"threeanim\", \"simd\": \"%s\", \"chars\": %ld, \"bones\": %ld, \"branch\": %ld, \"frames\": %ld, \"reps\": %ld, "
           "\"world_ns_per_bone\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}, "
           "\"skinning_ns_per_bone\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}, \"pose_bytes_per_character\": %zu, "
           "\"checksum\": %.9g}\n",
           ta_pose_simd_name(poses[0]), chars, bones, branch, frames, reps, wsorted[reps / 2], wsorted[0], wsorted[reps - 1], ssorted[reps / 2],
           ssorted[0], ssorted[reps - 1], ta_pose_bytes(poses[0]), checksum);
    for (long c = 0; c < chars; ++c) {
        ta_pose_destroy(poses[c]);
        ta_scene_destroy(scenes[c]);
    }
    free(scenes), free(poses), free(world), free(bone_m), free(joints), free(ibm);
    return 0;
}
