/*
 * ik_rig.h -- the arms that bench_ik (threeanim's IK) and bench_ozz --ik
 * (ozz-animation's IKTwoBoneJob and IKAimJob) solve: one scene, the same
 * targets, so that the two benchmarks time the same chains.
 *
 * `depth` ancestors (hips, spine ..., shoulder: 5 in a usual humanoid rig),
 * then `chains` arms under the last of them: start, mid and end joints, each
 * turned and placed by mulberry32(seed); every arm's pole (0, 0, -1), soften
 * 0.1, weight 1, and an aim on its mid joint from the offset (0.05, 0.1, 0).
 * IK_RIG_TARGETS targets drawn around the chains, some out of reach. The world
 * matrices are those of one world pass, made when the rig is.
 *
 *     ik_rig rig;
 *     if (!ik_rig_make(5, 8, 1, &rig)) ...;   // false: said on standard error
 *     ... rig.arms[k], rig.world[rig.arms[k].mid.index], rig.targets[t] ...
 *     ik_rig_free(&rig);
 *
 * Header-only (static functions), C and C++.
 */
#ifndef TA_BENCH_IK_RIG_H
#define TA_BENCH_IK_RIG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/threeanim.h"

#define IK_RIG_TARGETS 1024
#define IK_RIG_MAX_CHAINS 64

typedef struct ik_rig {
    ta_scene *scene;
    ta_pose *pose;
    ta_mat4 *world; /* scene->node_count world matrices, of the rig as made */
    long chains;
    ta_ik_two_bone_desc arms[IK_RIG_MAX_CHAINS];
    ta_ik_aim_desc heads[IK_RIG_MAX_CHAINS];
    ta_vec3 targets[IK_RIG_TARGETS];
} ik_rig;

/* The flags both benchmarks take: --depth, --calls, --reps, --seed, --chains. */
typedef struct ik_rig_flags { long depth, calls, reps, seed, chains; } ik_rig_flags;

/* argv[0 .. argc) as flag and value pairs into *f (which holds the defaults); false, said on standard
 * error after who, for a flag it does not know, a flag without a value, or a value out of range. */
static inline bool ik_rig_parse(int argc, char **argv, const char *who, ik_rig_flags *f)
{
    for (int i = 0; i < argc; i += 2) {
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: %s has no value\n", who, argv[i]);
            return false;
        }
        long v = atol(argv[i + 1]);
        if (strcmp(argv[i], "--depth") == 0) f->depth = v;
        else if (strcmp(argv[i], "--calls") == 0) f->calls = v;
        else if (strcmp(argv[i], "--reps") == 0) f->reps = v;
        else if (strcmp(argv[i], "--seed") == 0) f->seed = v;
        else if (strcmp(argv[i], "--chains") == 0) f->chains = v;
        else {
            fprintf(stderr, "%s: unknown flag %s\n", who, argv[i]);
            return false;
        }
    }
    if (f->depth < 0 || f->calls < 1 || f->reps < 1 || f->reps > 100 || f->chains < 1 || f->chains > IK_RIG_MAX_CHAINS) {
        fprintf(stderr, "%s: --depth >= 0, --calls >= 1, --reps 1 to 100, --chains 1 to %d\n", who, IK_RIG_MAX_CHAINS);
        return false;
    }
    return true;
}

static inline float ik_rig_between(ta_seeded_random *r, double lo, double hi)
{
    return (float)(lo + (hi - lo) * ta_seeded_random_next(r));
}

static inline bool ik_rig_add(ta_scene *s, ta_node_id parent, ta_seeded_random *r, ta_node_id *out, ta_error *err)
{
    if (ta_scene_add_node(s, parent, "joint", out, err) != TA_OK) return false;
    ta_node *n = &s->nodes[out->index];
    n->position = ta_vec3_make(ik_rig_between(r, -0.1, 0.1), ik_rig_between(r, 0.2, 0.4), ik_rig_between(r, -0.1, 0.1));
    n->quaternion = ta_quat_normalize(
        ta_quat_make(ik_rig_between(r, -0.2, 0.2), ik_rig_between(r, -0.2, 0.2), ik_rig_between(r, -0.2, 0.2), 1));
    return true;
}

static inline void ik_rig_free(ik_rig *rig)
{
    free(rig->world);
    ta_pose_destroy(rig->pose);
    ta_scene_destroy(rig->scene);
    memset(rig, 0, sizeof *rig);
}

static inline bool ik_rig_make(long depth, long chains, long seed, ik_rig *rig)
{
    memset(rig, 0, sizeof *rig);
    if (depth < 0 || chains < 1 || chains > IK_RIG_MAX_CHAINS) {
        fprintf(stderr, "ik_rig: depth %ld or chains %ld out of range (chains 1 to %d)\n", depth, chains,
                IK_RIG_MAX_CHAINS);
        return false;
    }
    ta_error err;
    memset(&err, 0, sizeof err);
    bool ok = ta_scene_create(NULL, &rig->scene, &err) == TA_OK;
    ta_seeded_random r = ta_seeded_random_make((uint32_t)seed);
    ta_node_id parent = ta_node_none();
    for (long k = 0; ok && k < depth; ++k) ok = ik_rig_add(rig->scene, parent, &r, &parent, &err);
    rig->chains = chains;
    for (long k = 0; ok && k < chains; ++k) {
        ta_ik_two_bone_desc *arm = &rig->arms[k];
        ok = ik_rig_add(rig->scene, parent, &r, &arm->start, &err) && ik_rig_add(rig->scene, arm->start, &r, &arm->mid, &err) &&
             ik_rig_add(rig->scene, arm->mid, &r, &arm->end, &err);
        arm->pole = ta_vec3_make(0, 0, -1);
        arm->soften = 0.1f;
        arm->weight = 1.0f;
        rig->heads[k].node = arm->mid;
        rig->heads[k].offset = ta_vec3_make(0.05f, 0.1f, 0);
        rig->heads[k].weight = 1.0f;
    }
    ok = ok && ta_pose_create(rig->scene, NULL, &rig->pose, &err) == TA_OK;
    if (ok) {
        rig->world = (ta_mat4 *)calloc(rig->scene->node_count, sizeof *rig->world);
        if (rig->world == NULL) snprintf(err.message, sizeof err.message, "out of memory");
        ok = rig->world != NULL &&
             ta_pose_world_pass(rig->pose, rig->scene, ta_node_none(), rig->world, rig->scene->node_count, &err) == TA_OK;
    }
    for (int t = 0; ok && t < IK_RIG_TARGETS; ++t)
        rig->targets[t] = ta_vec3_make(ik_rig_between(&r, -1, 1), (float)depth * 0.3f + ik_rig_between(&r, -1, 1),
                                       ik_rig_between(&r, -1, 1));
    if (!ok) {
        fprintf(stderr, "ik_rig: %s\n", err.message);
        ik_rig_free(rig);
    }
    return ok;
}

#endif
