/*
 * bench_ik -- two-bone IK and aim IK (ik.h) in nanoseconds per chain.
 *
 * The chain is an arm: start, mid and end joints under `--depth` ancestors
 * (hips, spine ..., shoulder: 5 in a usual humanoid rig), each turned and
 * placed by mulberry32(seed). A call walks up from the chain to the top of the
 * scene, so the depth is part of its cost. Timed: `--calls` calls in a row,
 * each to the next of 1024 targets drawn around the chain (some out of reach),
 * with pole, soften 0.1, weight 1; then the same for aim IK on the mid joint
 * with an offset; then both again from world matrices (ta_ik_two_bone_world,
 * ta_ik_aim_world), one world pass made before the timing: those calls read
 * matrices that no call writes, so they never queue behind one another, and
 * the depth changes nothing in them; then two-bone IK from world matrices a
 * batch of all the chains a call (ta_ik_two_bone_world_batch: with --chains 8,
 * the chains in SIMD lanes). The median of `--reps` runs. One JSON
 * line on stdout; nothing is asserted.
 *
 * With `--chains N` (default 1) there are N arms under the same ancestors,
 * solved in turn: with one, each call reads the rotations the call before it
 * wrote, so the calls queue behind one another and the figure is a chain's
 * latency; with several, neighbouring calls are independent, as the chains of
 * a frame's characters are, and the figure is a chain's cost in a frame.
 *
 *     bench_ik [--depth 5] [--calls 200000] [--reps 7] [--seed 1] [--chains 1]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ik_rig.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void fail(ta_result r, const ta_error *err)
{
    if (r == TA_OK) return;
    fprintf(stderr, "bench_ik: %s\n", err->message);
    exit(1);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    ik_rig_flags f = {.depth = 5, .calls = 200000, .reps = 7, .seed = 1, .chains = 1};
    if (!ik_rig_parse(argc - 1, argv + 1, "bench_ik", &f)) return 2;
    long depth = f.depth, calls = f.calls, reps = f.reps, seed = f.seed, chains = f.chains;
    ta_error err = {0};
    ik_rig rig;
    if (!ik_rig_make(depth, chains, seed, &rig)) return 1;
    ta_scene *s = rig.scene;
    ta_ik_two_bone_desc *arms = rig.arms;
    ta_ik_aim_desc *heads = rig.heads;
    const ta_vec3 *targets = rig.targets;
    ta_mat4 *world = rig.world;
    /* The same chains, given by their world matrices. */
    ta_ik_two_bone_world_desc arms_w[IK_RIG_MAX_CHAINS];
    ta_ik_aim_world_desc heads_w[IK_RIG_MAX_CHAINS];
    for (long k = 0; k < chains; ++k) {
        const ta_ik_two_bone_desc *arm = &arms[k];
        arms_w[k] = (ta_ik_two_bone_world_desc){.start_world = &world[arm->start.index],
                                                .mid_world = &world[arm->mid.index],
                                                .end_world = &world[arm->end.index],
                                                .start_rotation = &s->nodes[arm->start.index].quaternion,
                                                .mid_rotation = &s->nodes[arm->mid.index].quaternion,
                                                .pole = arm->pole, .weight = arm->weight, .soften = arm->soften};
        heads_w[k] = (ta_ik_aim_world_desc){.world = &world[heads[k].node.index],
                                            .rotation = &s->nodes[heads[k].node.index].quaternion,
                                            .offset = heads[k].offset, .weight = heads[k].weight};
    }

    double two_ns[100], aim_ns[100], two_w_ns[100], aim_w_ns[100], batch_ns[100];
    long reached = 0;
    for (long rep = 0; rep < reps; ++rep) {
        double t0 = now_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_result res;
            ta_ik_two_bone_desc *arm = &arms[c % chains];
            arm->target = targets[c % IK_RIG_TARGETS];
            fail(ta_ik_two_bone(s, arm, &res, &err), &err);
            reached += res.reached;
        }
        double t1 = now_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_aim_desc *head = &heads[c % chains];
            head->target = targets[c % IK_RIG_TARGETS];
            fail(ta_ik_aim(s, head, NULL, &err), &err);
        }
        double t2 = now_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_two_bone_world_desc *arm = &arms_w[c % chains];
            arm->target = targets[c % IK_RIG_TARGETS];
            fail(ta_ik_two_bone_world(arm, NULL, &err), &err);
        }
        double t3 = now_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_aim_world_desc *head = &heads_w[c % chains];
            head->target = targets[c % IK_RIG_TARGETS];
            fail(ta_ik_aim_world(head, NULL, &err), &err);
        }
        double t4 = now_ns();
        /* the same calls, a batch of every chain at a time (ta_ik_two_bone_world_batch) */
        long batches = calls / chains;
        for (long c = 0; c < batches; ++c) {
            for (long k = 0; k < chains; ++k) arms_w[k].target = targets[(c * chains + k) % IK_RIG_TARGETS];
            fail(ta_ik_two_bone_world_batch(arms_w, (uint32_t)chains, NULL, &err), &err);
        }
        double t5 = now_ns();
        batch_ns[rep] = (t5 - t4) / (double)(batches * chains);
        two_ns[rep] = (t1 - t0) / (double)calls;
        aim_ns[rep] = (t2 - t1) / (double)calls;
        two_w_ns[rep] = (t3 - t2) / (double)calls;
        aim_w_ns[rep] = (t4 - t3) / (double)calls;
    }
    qsort(two_ns, (size_t)reps, sizeof(double), cmp_double);
    qsort(aim_ns, (size_t)reps, sizeof(double), cmp_double);
    qsort(two_w_ns, (size_t)reps, sizeof(double), cmp_double);
    qsort(aim_w_ns, (size_t)reps, sizeof(double), cmp_double);
    qsort(batch_ns, (size_t)reps, sizeof(double), cmp_double);
    printf("{\"bench\":\"ik\",\"depth\":%ld,\"chains\":%ld,\"calls\":%ld,\"reps\":%ld,\"two_bone_ns_per_chain\":%.1f,"
           "\"aim_ns_per_node\":%.1f,\"two_bone_world_ns_per_chain\":%.1f,\"aim_world_ns_per_node\":%.1f,"
           "\"two_bone_world_batch_ns_per_chain\":%.1f,"
           "\"reached_share\":%.3f}\n",
           depth, chains, calls, reps, two_ns[reps / 2], aim_ns[reps / 2], two_w_ns[reps / 2], aim_w_ns[reps / 2], batch_ns[reps / 2],
           (double)reached / (double)(calls * reps));
    ik_rig_free(&rig);
    return 0;
}
