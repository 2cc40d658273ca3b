#define _POSIX_C_SOURCE 200809L /* setenv */
/* The frame (frame.h), the worker pool (worker_pool.h) and the pose's
 * instruction sets (pose.h, src/scene/pose_internal.h): every set gives the
 * scalar loops' world and bone matrices bit for bit, and those are three.js's
 * multiplyMatrices worked out here; the 3x4 palette is the 4x4's top rows;
 * a frame on a pool's threads, reused over many frames, gives the one-thread
 * frame's numbers bit for bit; a refused frame or character changes nothing. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ta_recycler.h"
#include "ta_test.h"

#include "animation/mixer_internal.h"
#include "scene/pose_internal.h"
#include "scene/scene_internal.h"
#include "threeanim/threeanim.h"

enum { BONES = 23, KEYS = 5, CHARS = 29 }; /* more than three windows of eight: a pool has shares to split */

/* A tree of BONES bones (bone b under (b - 1) / 2, so siblings sit apart in
 * the order), turned, moved and scaled by amounts of their own, with one
 * skin over them whose inverse binds are affine matrices of their own. */
static ta_scene *rig_scene_with(uint32_t seed, float lever, const ta_scene_options *options);

static ta_scene *rig_scene(uint32_t seed)
{
    return rig_scene_with(seed, 0, NULL);
}

/* rig_scene with lever added to every inverse bind's translation (a rig bound far from the origin). */
static ta_scene *rig_scene_moved(uint32_t seed, float lever)
{
    return rig_scene_with(seed, lever, NULL);
}

/* rig_scene_moved made with options (NULL: the defaults). */
static ta_scene *rig_scene_with(uint32_t seed, float lever, const ta_scene_options *options)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(options, &s, &err), &err);
    ta_node_id joints[BONES];
    ta_mat4 ib[BONES];
    for (uint32_t b = 0; b < BONES; ++b) {
        TA_ASSERT_OK(ta_scene_add_node(s, b ? ta_node_at((b - 1) / 2) : ta_node_none(), "bone", &joints[b], &err),
                     &err);
        ta_node *n = ta_scene_node(s, joints[b]);
        double u = seed + 0.37 * b, half = 0.4 * sin(u);
        double ax = sin(u * 1.3), ay = cos(u), az = 0.4, len = sqrt(ax * ax + ay * ay + az * az);
        n->position = ta_vec3_make((float)(0.3 * cos(u)), (float)(1 + 0.1 * b), (float)(-0.2 * sin(2 * u)));
        n->quaternion = ta_quat_make((float)(ax / len * sin(half)), (float)(ay / len * sin(half)),
                                     (float)(az / len * sin(half)), (float)cos(half));
        n->scale = ta_vec3_make((float)(1 + 0.05 * sin(u)), 1.1f, (float)(0.9 + 0.02 * b));
        ib[b] = ta_mat4_identity();
        for (int k = 0; k < 16; ++k)
            if (k % 4 != 3) ib[b].m[k] = (float)((k % 5 == 0 ? 1.0 : 0.0) + 0.1 * sin(seed + b * 16 + k));
        ib[b].m[12] += lever;
    }
    ta_skin_desc d = {joints, BONES, ib, NULL};
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, NULL, &err), &err);
    return s;
}

/* Node b's LINEAR position and quaternion tracks of KEYS keys at times, into out[0] and out[1]. */
static void node_tracks(uint32_t b, const float *times, const float *pos, const float *rot, ta_track **out)
{
    ta_error err = {0};
    ta_track_desc d = {0};
    d.interpolation = TA_INTERPOLATION_LINEAR;
    d.times = times;
    d.key_count = KEYS;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(b), TA_TRACK_KIND_POSITION, &d.target, &err), &err);
    d.values = pos;
    d.value_count = KEYS * 3;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &out[0], &err), &err);
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(b), TA_TRACK_KIND_QUATERNION, &d.target, &err), &err);
    d.values = rot;
    d.value_count = KEYS * 4;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &out[1], &err), &err);
}

/* Every bone's rotation and position keyed: a walk of the rig. */
static ta_clip *rig_clip(uint32_t seed)
{
    ta_error err = {0};
    float times[KEYS];
    for (uint32_t k = 0; k < KEYS; ++k) times[k] = (float)k / (KEYS - 1);
    ta_track *tracks[2 * BONES];
    for (uint32_t b = 0; b < BONES; ++b) {
        float pos[KEYS * 3], rot[KEYS * 4];
        for (uint32_t k = 0; k < KEYS; ++k) {
            double u = 6.283185307179586 * k / (KEYS - 1) + seed + b, half = 0.5 * sin(u);
            for (uint32_t c = 0; c < 3; ++c) pos[k * 3 + c] = (float)(0.3 * sin(u + c) + 0.01 * b);
            rot[k * 4 + 0] = (float)(0.6 * sin(half));
            rot[k * 4 + 1] = (float)(0.8 * sin(half));
            rot[k * 4 + 2] = 0;
            rot[k * 4 + 3] = (float)cos(half);
        }
        node_tracks(b, times, pos, rot, &tracks[2 * b]);
    }
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create("walk", tracks, 2 * BONES, NULL, &clip, &err), &err);
    return clip;
}

/* three.js's Matrix4.compose and multiplyMatrices, in double, one element at
 * a time: the reference the pose's sets are held to. */
static void compose_ref(const ta_node *n, double te[16])
{
    double x = n->quaternion.x, y = n->quaternion.y, z = n->quaternion.z, w = n->quaternion.w;
    double x2 = x + x, y2 = y + y, z2 = z + z, xx = x * x2, xy = x * y2, xz = x * z2;
    double yy = y * y2, yz = y * z2, zz = z * z2, wx = w * x2, wy = w * y2, wz = w * z2;
    double sx = n->scale.x, sy = n->scale.y, sz = n->scale.z;
    double m[16] = {(1 - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx, 0, (xy - wz) * sy, (1 - (xx + zz)) * sy,
                    (yz + wx) * sy, 0, (xz + wy) * sz, (yz - wx) * sz, (1 - (xx + yy)) * sz, 0,
                    n->position.x, n->position.y, n->position.z, 1};
    memcpy(te, m, sizeof m);
}

static void multiply_ref(double out[16], const double a[16], const double b[16])
{
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            out[c * 4 + r] = a[r] * b[c * 4] + a[4 + r] * b[c * 4 + 1] + a[8 + r] * b[c * 4 + 2] + a[12 + r] * b[c * 4 + 3];
}

/* The world matrices in double of a tree whose node b is under (b - 1) / 2, its first n nodes
 * (parents have lower indices). */
static void world_ref(const ta_scene *s, uint32_t n, double (*w)[16])
{
    for (uint32_t b = 0; b < n; ++b) {
        double local[16];
        compose_ref(&s->nodes[b], local);
        if (b == 0)
            memcpy(w[b], local, sizeof local);
        else
            multiply_ref(w[b], w[(b - 1) / 2], local);
    }
}

/* World and bone matrices of the scene worked out by the reference (and the
 * world matrices in double into wd, when not NULL). */
static void reference_d(const ta_scene *s, ta_mat4 *world, ta_mat4 *bones, double (*wd)[16])
{
    double w[BONES][16];
    world_ref(s, BONES, w);
    for (uint32_t b = 0; b < BONES; ++b)
        for (int k = 0; k < 16; ++k) world[b].m[k] = (float)w[b][k];
    const ta_skin *sk = &s->skins[0];
    for (uint32_t i = 0; i < sk->joint_count; ++i) {
        double ib[16], m[16];
        for (int k = 0; k < 16; ++k) ib[k] = sk->inverse_binds[i].m[k];
        multiply_ref(m, w[sk->joints[i].index], ib);
        for (int k = 0; k < 16; ++k) bones[i].m[k] = (float)m[k];
    }
    if (wd) memcpy(wd, w, sizeof w);
}

static void reference(const ta_scene *s, ta_mat4 *world, ta_mat4 *bones)
{
    reference_d(s, world, bones, NULL);
}

static const char *const SETS[] = {"scalar", "sse2", "avx2", "avx512"};

/* Whether this CPU and build run the set (TA_SIMD refused otherwise). */
static bool set_runs(ta_pose *pose, const char *name)
{
    ta_error err = {0};
    setenv("TA_SIMD", name, 1);
    ta_result r = ta_pose_use_best_simd(pose, &err);
    unsetenv("TA_SIMD");
    if (r != TA_OK) {
        TA_ASSERT_CONTAINS(err.message, "TA_SIMD");
        printf("  %s: not run here (%s)\n", name, err.message);
        return false;
    }
    assert_string_equal(ta_pose_simd_name(pose), name);
    return true;
}

/* set_runs on a pose of scene made for the question. */
static bool scene_runs(const ta_scene *scene, const char *name)
{
    ta_error err = {0};
    ta_pose *probe = NULL;
    TA_ASSERT_OK(ta_pose_create(scene, NULL, &probe, &err), &err);
    bool runs = set_runs(probe, name);
    ta_pose_destroy(probe);
    return runs;
}

/* A pose of scene on the set name, or NULL (and a line saying so) where it does not run. */
static ta_pose *pose_on_set(const ta_scene *scene, const char *name)
{
    ta_error err = {0};
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(scene, NULL, &pose, &err), &err);
    if (set_runs(pose, name)) return pose;
    ta_pose_destroy(pose);
    return NULL;
}

static void test_every_set_is_threejs(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s = rig_scene(3);
    ta_mat4 want_w[BONES], want_b[BONES];
    double want_d[BONES][16];
    reference_d(s, want_w, want_b, want_d);
    int ran = 0;
    for (size_t i = 0; i < sizeof SETS / sizeof *SETS; ++i) {
        ta_pose *pose = pose_on_set(s, SETS[i]);
        if (pose == NULL) continue;
        ran++;
        ta_mat4 world[BONES], bones[BONES];
        float rows[BONES * 12];
        TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, BONES, &err), &err);
        TA_ASSERT_OK(ta_pose_skinning_pass(pose, s, ta_skin_at(0), bones, BONES, &err), &err);
        TA_ASSERT_OK(ta_pose_skinning_pass_rows(pose, s, ta_skin_at(0), rows, BONES, &err), &err);
        /* the doubles kept, to the last bit (the floats would hide most slips) */
        const double *kept = ta__pose_world_doubles(pose);
        for (uint32_t b = 0; b < BONES; ++b)
            for (int k = 0; k < 16; ++k)
                if (memcmp(&kept[b * 16 + k], &want_d[b][k], sizeof(double)) != 0)
                    fail_msg("%s: node %u element %d: %.17g, three.js %.17g", SETS[i], b, k, kept[b * 16 + k],
                             want_d[b][k]);
        for (uint32_t b = 0; b < BONES; ++b)
            for (int k = 0; k < 16; ++k) {
                if (world[b].m[k] != want_w[b].m[k] || bones[b].m[k] != want_b[b].m[k])
                    fail_msg("%s: bone %u element %d: world %.9g (three.js %.9g), bone %.9g (three.js %.9g)", SETS[i],
                             b, k, (double)world[b].m[k], (double)want_w[b].m[k], (double)bones[b].m[k],
                             (double)want_b[b].m[k]);
                if (k % 4 != 3) assert_true(rows[b * 12 + (k % 4) * 4 + k / 4] == bones[b].m[k]);
            }
        /* a subtree's pass (its ancestors first) gives the same numbers */
        memset(world, 0, sizeof world);
        TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_at(9), world, BONES, &err), &err);
        assert_memory_equal(&world[9], &want_w[9], sizeof world[9]);
        assert_memory_equal(&world[4], &want_w[4], sizeof world[4]);
        ta_pose_destroy(pose);
    }
    assert_true(ran >= 1);
    ta_scene_destroy(s);
}

/* The column loops take a pass in blocks of 64 nodes, their local matrices four nodes at a time
 * (src/scene/pose_simd.c): a rig of 150 nodes in two trees, whose order does not follow the
 * nodes' indices, with zeros of both signs in its values, gives the scalar loops' numbers on every
 * set bit for bit (the doubles, the float world matrices, both palette layouts), for the whole
 * scene and for subtrees whose passes start and end inside blocks. */
enum { BIG = 150 };
static void test_every_set_same_over_blocks(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    ta_node_id joints[BIG];
    static ta_mat4 ib[BIG];
    for (uint32_t b = 0; b < BIG; ++b) {
        /* two trees (tops 0 and 1), each node under one made before it, a few apart */
        ta_node_id parent = b < 2 ? ta_node_none() : ta_node_at(b % 5 == 0 ? b - 2 : (b - 2) / 3 * 2 + (b % 2));
        TA_ASSERT_OK(ta_scene_add_node(s, parent, "n", &joints[b], &err), &err);
        ta_node *n = ta_scene_node(s, joints[b]);
        double u = 0.61 * b + 0.2, half = 0.5 * sin(u);
        double ax = sin(u * 1.7), ay = cos(u * 0.9), az = 0.3, len = sqrt(ax * ax + ay * ay + az * az);
        n->position = ta_vec3_make((float)(0.2 * cos(u)), b % 7 == 0 ? -0.0f : (float)(0.5 + 0.01 * b), 0.0f);
        n->quaternion = ta_quat_make((float)(ax / len * sin(half)), (float)(ay / len * sin(half)),
                                     b % 11 == 0 ? -0.0f : (float)(az / len * sin(half)), (float)cos(half));
        n->scale = ta_vec3_make((float)(1 + 0.04 * sin(u)), b % 13 == 0 ? -1.0f : 1.05f, (float)(0.95 + 0.001 * b));
        ib[b] = ta_mat4_identity();
        for (int k = 0; k < 16; ++k)
            if (k % 4 != 3) ib[b].m[k] = (float)((k % 5 == 0 ? 1.0 : 0.0) + 0.1 * cos(b * 16 + k));
    }
    ta_skin_desc d = {joints, BIG, ib, NULL};
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, NULL, &err), &err);
    static ta_mat4 want_w[BIG], want_b[BIG], got_w[BIG], got_b[BIG];
    static double want_d[BIG * 16];
    static float want_rows[BIG * 12], got_rows[BIG * 12];
    int ran = 0;
    for (size_t i = 0; i < sizeof SETS / sizeof *SETS; ++i) {
        ta_pose *pose = pose_on_set(s, SETS[i]);
        if (pose == NULL) continue;
        ta_mat4 *w = i == 0 ? want_w : got_w, *bo = i == 0 ? want_b : got_b;
        float *rows = i == 0 ? want_rows : got_rows;
        TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), w, BIG, &err), &err);
        TA_ASSERT_OK(ta_pose_skinning_pass(pose, s, ta_skin_at(0), bo, BIG, &err), &err);
        TA_ASSERT_OK(ta_pose_skinning_pass_rows(pose, s, ta_skin_at(0), rows, BIG, &err), &err);
        if (i == 0) {
            memcpy(want_d, ta__pose_world_doubles(pose), sizeof want_d);
        } else {
            if (memcmp(want_d, ta__pose_world_doubles(pose), sizeof want_d) != 0)
                fail_msg("%s: the world doubles are not the scalar loops'", SETS[i]);
            if (memcmp(want_w, got_w, sizeof got_w) != 0 || memcmp(want_b, got_b, sizeof got_b) != 0 ||
                memcmp(want_rows, got_rows, sizeof got_rows) != 0)
                fail_msg("%s: the float world matrices or bones are not the scalar loops'", SETS[i]);
        }
        /* subtrees: a pass from deep nodes, its ancestors first, its nodes the whole pass's */
        static const uint32_t roots[] = {1, 6, 33, 70};
        for (size_t r = 0; r < sizeof roots / sizeof *roots; ++r) {
            memset(got_w, 0, sizeof got_w);
            TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_at(roots[r]), got_w, BIG, &err), &err);
            assert_memory_equal(&got_w[roots[r]], &want_w[roots[r]], sizeof got_w[0]);
        }
        ran++;
        ta_pose_destroy(pose);
    }
    assert_true(ran >= 1); /* the scalar loops at least (a build with TSan, or not for x86, has no other) */
    ta_scene_destroy(s);
}

static void test_set_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s = rig_scene(1);
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(s, NULL, &pose, &err), &err);
    const char *before = ta_pose_simd_name(pose);
    setenv("TA_SIMD", "avx9", 1);
    TA_ASSERT_REFUSED(ta_pose_use_best_simd(pose, &err), &err, TA_ERROR_INVALID_ARGUMENT, "TA_SIMD: \"avx9\"");
    unsetenv("TA_SIMD");
    assert_string_equal(ta_pose_simd_name(pose), before);
    TA_ASSERT_REFUSED(ta_pose_use_best_simd(NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "pose");
    float rows[12];
    TA_ASSERT_REFUSED(ta_pose_skinning_pass_rows(pose, s, ta_skin_at(0), rows, 1, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "bone_count: 1");
    ta_pose_destroy(pose);
    ta_scene_destroy(s);
}

/* A mixer playing clip at time_scale, on whatever scene its targets name. */
/* A character of a frame: its mixer, scene, pose, world array and palette offset. */
static void frame_entry(ta_frame_character *ch, ta_mixer *mixer, ta_scene *scene, ta_pose *pose, ta_mat4 *world,
                        size_t *offset)
{
    ch->mixer = mixer;
    ch->targets.scene = scene;
    ch->pose = pose;
    ch->world = world;
    ch->skin_offsets = offset;
}

static ta_mixer *playing_mixer(const ta_clip *clip, float time_scale)
{
    ta_error err = {0};
    ta_mixer *m = NULL;
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), NULL, &m, &err), &err);
    ta_action *a = NULL;
    uint32_t index;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), &index, &err), &err);
    TA_ASSERT_OK(ta_action_set_time_scale(a, time_scale, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return m;
}

/* The characters of one side of a frame test. */
typedef struct side {
    ta_scene *scenes[CHARS];
    ta_mixer *mixers[CHARS];
    ta_pose *poses[CHARS];
    ta_mat4 world[CHARS][BONES];
    size_t offsets[CHARS];
    ta_frame_character chars[CHARS];
} side;

static void side_make(side *sd, const ta_clip *clip, size_t stride)
{
    ta_error err = {0};
    memset(sd, 0, sizeof *sd);
    for (int c = 0; c < CHARS; ++c) {
        sd->scenes[c] = rig_scene(c < 4 ? 1u : (uint32_t)c); /* the first four built alike: one rig, arrays of their own */
        sd->mixers[c] = playing_mixer(clip, 1 + 0.1f * (float)c);
        TA_ASSERT_OK(ta_pose_create(sd->scenes[c], NULL, &sd->poses[c], &err), &err);
        TA_ASSERT_OK(ta_pose_use_best_simd(sd->poses[c], &err), &err);
        /* the skins in reverse order in the buffer, a gap between them */
        sd->offsets[c] = (size_t)(CHARS - 1 - c) * (BONES * stride + 3);
        frame_entry(&sd->chars[c], sd->mixers[c], sd->scenes[c], sd->poses[c], sd->world[c], &sd->offsets[c]);
    }
}

static void side_free(side *sd)
{
    for (int c = 0; c < CHARS; ++c) {
        ta_pose_destroy(sd->poses[c]);
        ta_mixer_destroy(sd->mixers[c]);
        ta_scene_destroy(sd->scenes[c]);
    }
}

enum { PALETTE = CHARS * (BONES * 16 + 3) + 5 };

static void test_pool_frame_same_as_one_thread(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip(2);
    for (int layout = 0; layout < 2; ++layout) {
        const size_t stride = layout ? 12 : 16;
        static side one, many;
        side_make(&one, clip, stride);
        side_make(&many, clip, stride);
        static float pal_one[PALETTE], pal_many[PALETTE];
        for (size_t i = 0; i < PALETTE; ++i) pal_one[i] = pal_many[i] = -7;
        ta_frame_options o1 = {.palette = pal_one, .palette_floats = PALETTE, .layout = (ta_palette_layout)layout};
        ta_frame_options o2 = {.palette = pal_many, .palette_floats = PALETTE, .layout = (ta_palette_layout)layout};
        ta_worker_pool *pool = NULL;
        TA_ASSERT_OK(ta_worker_pool_create(3, NULL, &pool, &err), &err);
        assert_int_equal(ta_worker_pool_workers(pool), 3);
        for (int frame = 0; frame < 150; ++frame) { /* the pool reused every frame */
            ta_duration dt = ta_duration_from_seconds(0.013 * (frame % 3 + 1));
            /* one thread, in two ranges as a job system would */
            TA_ASSERT_OK(ta_frame_update_range(one.chars, 0, 3, dt, &o1, &err), &err);
            TA_ASSERT_OK(ta_frame_update_range(one.chars, 3, CHARS - 3, dt, &o1, &err), &err);
            TA_ASSERT_OK(ta_frame_update(many.chars, CHARS, dt, &o2, pool, &err), &err);
            assert_memory_equal(one.world, many.world, sizeof one.world);
            assert_memory_equal(pal_one, pal_many, sizeof pal_one);
        }
        /* and they are the pose's passes' numbers on the mixer's pose */
        for (int c = 0; c < CHARS; ++c) {
            ta_mat4 world[BONES], bones[BONES];
            reference(one.scenes[c], world, bones);
            assert_memory_equal(world, one.world[c], sizeof world);
            const float *p = pal_one + one.offsets[c];
            for (uint32_t b = 0; b < BONES; ++b)
                for (int k = 0; k < 16; ++k) {
                    if (layout == 0) assert_true(p[b * 16 + k] == bones[b].m[k]);
                    else if (k % 4 != 3) assert_true(p[b * 12 + (k % 4) * 4 + k / 4] == bones[b].m[k]);
                }
            if (c < CHARS - 1) assert_true(p[-1] == -7); /* the gap before it untouched */
        }
        ta_worker_pool_destroy(pool);
        side_free(&one);
        side_free(&many);
    }
    ta_clip_release(clip);
}

/* Characters of one rig (instances of one scene, and scenes built alike)
 * go through the lane pass (pose_lanes.c), a character a lane: their world
 * and bone matrices are still three.js's multiplyMatrices worked out here,
 * bit for bit, the pose's doubles the column loops', in both layouts; among
 * them a character of another tree, one of other inverse binds, one that
 * leaves its skin out and a refused one, in windows of every fill. */
/* The poses, mixers and scenes of n characters of a test. */
static void free_characters(int n, ta_pose **poses, ta_mixer **mixers, ta_scene **scenes)
{
    for (int c = 0; c < n; ++c) {
        ta_pose_destroy(poses[c]);
        ta_mixer_destroy(mixers[c]);
        ta_scene_destroy(scenes[c]);
    }
}

static void test_lane_pass_is_threejs(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { N = 11 };
    ta_clip *clip = rig_clip(3);
    ta_scene *source = rig_scene(5);
    /* the best set (eight lanes on AVX-512), then AVX2's four lanes */
    for (int run = 0; run < 4; ++run) {
        const int layout = run % 2;
        const size_t stride = layout ? 12 : 16;
        if (run >= 2) {
            if (!scene_runs(source, "avx2")) break;
            setenv("TA_SIMD", "avx2", 1);
        }
        ta_scene *scenes[N];
        ta_mixer *mixers[N];
        ta_pose *poses[N];
        static ta_mat4 world[N][BONES];
        size_t offsets[N];
        ta_frame_character chars[N];
        static float pal[N * BONES * 16];
        memset(chars, 0, sizeof chars);
        for (int c = 0; c < N; ++c) {
            if (c == 4) { /* another tree: bone 5 under bone 0, not bone 2 */
                scenes[c] = rig_scene(5);
                TA_ASSERT_OK(ta_scene_set_parent(scenes[c], ta_node_at(5), ta_node_at(0), &err), &err);
            } else if (c == 6) {
                scenes[c] = rig_scene(6); /* other inverse binds */
            } else if (c == 7 || c == 9) {
                scenes[c] = rig_scene(5); /* built alike: the same rig, arrays of its own */
            } else {
                TA_ASSERT_OK(ta_scene_instantiate(source, NULL, &scenes[c], &err), &err);
            }
            mixers[c] = playing_mixer(clip, 1 + 0.13f * (float)c);
            TA_ASSERT_OK(ta_pose_create(scenes[c], NULL, &poses[c], &err), &err);
            TA_ASSERT_OK(ta_pose_use_best_simd(poses[c], &err), &err);
            if (run >= 2) assert_string_equal(ta_pose_simd_name(poses[c]), "avx2");
            offsets[c] = c == 2 ? SIZE_MAX : (size_t)c * BONES * stride;
            frame_entry(&chars[c], mixers[c], scenes[c], poses[c], world[c], &offsets[c]);
        }
        unsetenv("TA_SIMD");
        chars[8].pose = NULL; /* refused: nothing of it runs, the others do */
        ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                              .layout = (ta_palette_layout)layout};
        for (int frame = 0; frame < 5; ++frame) {
            for (size_t i = 0; i < sizeof pal / sizeof pal[0]; ++i) pal[i] = -7;
            ta_duration dt = ta_duration_from_seconds(0.021 * (frame + 1));
            /* ranges of 1, 3 and 7, or 2, 2 and 7: windows that are full and windows that are not
             * (two characters go a character at a time, three and four through four lanes) */
            const uint32_t head = frame % 2 ? 2 : 1;
            assert_int_equal(ta_frame_update_range(chars, 0, head, dt, &o, &err), TA_OK);
            assert_int_equal(ta_frame_update_range(chars, head, 4 - head, dt, &o, &err), TA_OK);
            assert_int_equal(ta_frame_update_range(chars, 4, N - 4, dt, &o, &err), TA_ERROR_INVALID_ARGUMENT);
            TA_ASSERT_CONTAINS(err.message, "character 8");
            for (int c = 0; c < N; ++c) {
                if (c == 8) {
                    assert_int_equal(chars[c].result, TA_ERROR_INVALID_ARGUMENT);
                    continue;
                }
                assert_int_equal(chars[c].result, TA_OK);
                ta_mat4 w[BONES], bones[BONES];
                double wd[BONES][16];
                if (c == 4) { /* its tree differs from the reference's: the column loops' numbers */
                    ta_pose *p = NULL;
                    TA_ASSERT_OK(ta_pose_create(scenes[c], NULL, &p, &err), &err);
                    TA_ASSERT_OK(ta_pose_world_pass(p, scenes[c], ta_node_none(), w, BONES, &err), &err);
                    TA_ASSERT_OK(ta_pose_skinning_pass(p, scenes[c], ta_skin_at(0), bones, BONES, &err), &err);
                    memcpy(wd, ta__pose_world_doubles(p), sizeof wd);
                    ta_pose_destroy(p);
                } else {
                    reference_d(scenes[c], w, bones, wd);
                }
                assert_memory_equal(w, world[c], sizeof w);
                assert_memory_equal(wd, ta__pose_world_doubles(poses[c]), sizeof wd);
                const float *p = pal + (size_t)c * BONES * stride;
                for (uint32_t b = 0; b < BONES; ++b)
                    for (int k = 0; k < 16; ++k) {
                        float want = c == 2 ? -7 : bones[b].m[k];
                        if (layout == 0) assert_true(p[b * 16 + k] == want);
                        else if (k % 4 != 3) assert_true(p[b * 12 + (k % 4) * 4 + k / 4] == want);
                    }
                /* the pose knows its world pass ran: its own skinning pass gives the palette's numbers */
                ta_mat4 again[BONES];
                TA_ASSERT_OK(ta_pose_skinning_pass(poses[c], scenes[c], ta_skin_at(0), again, BONES, &err), &err);
                assert_memory_equal(again, bones, sizeof again);
            }
        }
        free_characters(N, poses, mixers, scenes);
    }
    ta_scene_destroy(source);
    ta_clip_release(clip);
}

/* The rig check's memo (src/scene/rig.c): a character found of its leader's
 * rig is not compared again while neither rig changes (a node's new name is
 * no change of the rig); the numbers stay
 * its own when the leader is destroyed and a scene of other inverse binds,
 * and of the same structure_version, is made in its place, and when its own
 * tree changes. Each frame's matrices are those of the column loops on a pose
 * of its own. */
static void test_rig_memo_follows_changes(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *probe_scene = rig_scene(5);
    bool lanes = scene_runs(probe_scene, "avx2");
    ta_scene_destroy(probe_scene);
    if (!lanes) {
        printf("  the rig memo: not run here (no lane pass without AVX2)\n");
        return;
    }
    ta_recycler rec = {0};
    ta_allocator alloc = ta_recycler_allocator(&rec);
    ta_scene_options so = {.allocator = &alloc};
    ta_clip *clip = rig_clip(3);
    ta_scene *scenes[2] = {rig_scene_with(5, 0, &so), rig_scene(5)};
    ta_mixer *mixers[2];
    ta_pose *poses[2];
    ta_mat4 world[2][BONES];
    size_t offsets[2] = {0, BONES * 16};
    ta_frame_character chars[2];
    static float pal[2 * BONES * 16];
    memset(chars, 0, sizeof chars);
    for (int c = 0; c < 2; ++c) {
        mixers[c] = playing_mixer(clip, 1 + 0.2f * (float)c);
        TA_ASSERT_OK(ta_pose_create(scenes[c], NULL, &poses[c], &err), &err);
        TA_ASSERT_OK(ta_pose_use_best_simd(poses[c], &err), &err);
        frame_entry(&chars[c], mixers[c], scenes[c], poses[c], world[c], &offsets[c]);
    }
    ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0]};
    for (int step = 0; step < 4; ++step) {
        if (step == 1 || step == 2) { /* the leader again in its place: rig 6's inverse binds, then rig 5's */
            const ta_scene *old = scenes[0];
            const uint64_t version = old->structure_version;
            ta_scene_destroy(scenes[0]);
            scenes[0] = rig_scene_with(step == 1 ? 6 : 5, 0, &so);
            assert_ptr_equal(scenes[0], old);
            assert_int_equal(scenes[0]->structure_version, version);
            chars[0].targets.scene = scenes[0];
        }
        if (step == 3) /* another tree for the second: bone 5 under bone 0 */
            TA_ASSERT_OK(ta_scene_set_parent(scenes[1], ta_node_at(5), ta_node_at(0), &err), &err);
        assert_int_equal(ta_frame_update_range(chars, 0, 2, ta_duration_from_seconds(0.03), &o, &err), TA_OK);
        for (int c = 0; c < 2; ++c) {
            ta_mat4 w[BONES], bones[BONES];
            ta_pose *p = NULL;
            TA_ASSERT_OK(ta_pose_create(scenes[c], NULL, &p, &err), &err);
            TA_ASSERT_OK(ta_pose_world_pass(p, scenes[c], ta_node_none(), w, BONES, &err), &err);
            TA_ASSERT_OK(ta_pose_skinning_pass(p, scenes[c], ta_skin_at(0), bones, BONES, &err), &err);
            ta_pose_destroy(p);
            assert_memory_equal(w, world[c], sizeof w);
            assert_memory_equal(bones, pal + offsets[c], sizeof bones);
        }
        /* the second knows its leader's rig after a frame beside a leader of its rig, not after its tree moved */
        assert_true(ta__scene_rig_known(scenes[1]) == (step != 3));
        if (step == 0) { /* a new name moves structure_version (as a string track's update does), not the rig */
            const uint64_t version = scenes[1]->structure_version;
            TA_ASSERT_OK(ta_scene_set_node_name(scenes[1], ta_node_at(3), "a longer name than bone", &err), &err);
            assert_true(scenes[1]->structure_version != version);
            assert_true(ta__scene_rig_known(scenes[1]));
        }
    }
    free_characters(2, poses, mixers, scenes);
    ta_clip_release(clip);
    ta_recycler_release(&rec);
}

/* The frame's lever check of a rig (ta__scene_rig_levers_within, which the float lane pass asks):
 * kept in the scene for its bound, made again for another bound and when a skin is added. A skin
 * added bound far from the origin (a translation 40 times its 3x3) fails it. */
static void test_rig_levers_kept_and_renewed(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s = rig_scene(4);
    const ta__rig_memo *m = &ta__scene_internal(s)->rig;
    assert_false(m->lever_known);
    assert_true(ta__scene_rig_levers_within(s, 4));
    assert_true(m->lever_known && m->lever_within);
    assert_false(ta__scene_rig_levers_within(s, 0)); /* its translations are not 0: the bound is asked again */
    assert_true(ta__scene_rig_levers_within(s, 4));
    ta_node_id joints[2] = {ta_node_at(1), ta_node_at(2)};
    ta_mat4 ib[2] = {ta_mat4_identity(), ta_mat4_identity()};
    ib[1].m[13] = 40;
    ta_skin_desc far = {joints, 2, ib, NULL};
    TA_ASSERT_OK(ta_scene_add_skin(s, &far, NULL, &err), &err);
    assert_false(ta__scene_rig_levers_within(s, 4));
    assert_true(ta__scene_rig_levers_within(s, 41));
    assert_true(ta__scene_rig_levers_within(s, INFINITY));
    ta_scene_destroy(s);
}

/* Two characters of one scene in a range, each with its mixer and pose:
 * the first one's matrices are those of its own update, made before the
 * second one's update moves the scene (one after the other, as frame.h
 * says), though the two share a rig. */
static void test_shared_scene_in_order(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip(4);
    ta_scene *scene = rig_scene(2), *twin = rig_scene(2);
    ta_mixer *m[3];
    ta_pose *p[3];
    static ta_mat4 world[3][BONES];
    for (int k = 0; k < 3; ++k) {
        m[k] = playing_mixer(clip, k == 1 ? 2.5f : 1.0f);
        TA_ASSERT_OK(ta_pose_create(scene, NULL, &p[k], &err), &err);
        TA_ASSERT_OK(ta_pose_use_best_simd(p[k], &err), &err);
    }
    ta_frame_character chars[3];
    memset(chars, 0, sizeof chars);
    for (int k = 0; k < 3; ++k) {
        chars[k].mixer = m[k];
        chars[k].targets.scene = k == 2 ? twin : scene;
        chars[k].pose = p[k];
        chars[k].world = world[k];
    }
    ta_frame_options o = {.layout = TA_PALETTE_LAYOUT_MAT4};
    ta_duration dt = ta_duration_from_seconds(0.3);
    TA_ASSERT_OK(ta_frame_update_range(chars, 0, 2, dt, &o, &err), &err);
    /* the twin alone, with the first one's mixer: what the first one's matrices are */
    TA_ASSERT_OK(ta_frame_update_range(chars, 2, 1, dt, &o, &err), &err);
    assert_memory_equal(world[0], world[2], sizeof world[0]);
    ta_mat4 bones[BONES], w1[BONES];
    reference(scene, w1, bones); /* and the second one's, the scene as it left it */
    assert_memory_equal(world[1], w1, sizeof w1);
    for (int k = 0; k < 3; ++k) {
        ta_pose_destroy(p[k]);
        ta_mixer_destroy(m[k]);
    }
    ta_scene_destroy(scene);
    ta_scene_destroy(twin);
    ta_clip_release(clip);
}

/* The lane loops themselves, four lanes (AVX2) and eight (AVX-512), three
 * characters and the last repeated: the column loops' world doubles and
 * floats and bones, bit for bit, in both layouts; a second skin's inverse
 * binds with last rows that are not 0 0 0 1 (three.js multiplies the whole
 * 4x4): signed zeros, which only a -0 there keeps, and other numbers. */
static void test_lane_loops_are_column_loops(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_scene *s[3] = {rig_scene(1), rig_scene(1), rig_scene(1)};
    for (int k = 1; k < 3; ++k) /* the same rig in another pose */
        for (uint32_t b = 0; b < BONES; ++b) {
            ta_node *n = ta_scene_node(s[k], ta_node_at(b));
            n->position.x += 0.3f * (float)k * (float)b;
            n->quaternion = ta_quat_make(0.1f * (float)k, -0.2f, 0.3f * (float)b / BONES, 0.9f);
            n->scale.y = 0.7f + 0.1f * (float)k;
        }
    ta_node_id joints[BONES];
    ta_mat4 odd[BONES];
    for (uint32_t b = 0; b < BONES; ++b) {
        joints[b] = ta_node_at(BONES - 1 - b);
        odd[b] = ta_mat4_identity();
        for (int c = 0; c < 4; ++c) {
            for (int r = 0; r < 3; ++r) odd[b].m[c * 4 + r] = (b + c) % 3 == 0 ? -0.25f - 0.01f * (float)r : 0.5f;
            odd[b].m[c * 4 + 3] = b % 4 == 0 ? -0.0f : b % 4 == 1 ? 0.0f : b % 4 == 2 ? -0.125f * (float)c : 1.0f;
        }
    }
    for (int k = 0; k < 3; ++k) {
        ta_skin_desc d = {joints, BONES, odd, NULL};
        TA_ASSERT_OK(ta_scene_add_skin(s[k], &d, NULL, &err), &err);
    }
    ta_pose *p[3], *ref = NULL;
    static ta_mat4 world[3][BONES];
    static float out[3][BONES * 16];
    TA_ASSERT_OK(ta_pose_create(s[0], NULL, &ref, &err), &err);
    for (int k = 0; k < 3; ++k) TA_ASSERT_OK(ta_pose_create(s[k], NULL, &p[k], &err), &err);
    static const char *const WIDE[] = {"avx2", "avx512"};
    for (int set = 0; set < 2; ++set) {
        if (!set_runs(ref, WIDE[set])) {
            printf("  the lane loops of %s: not run here\n", WIDE[set]);
            continue;
        }
        uint32_t width = ta__lanes_width(ta__pose_level(ref));
        assert_int_equal(width, set == 0 ? 4 : 8);
        ta__pose_lane lanes[TA__LANES];
        for (int k = 0; k < 3; ++k) {
            TA_ASSERT_OK(ta__pose_begin_lanes(p[k], s[k], &lanes[k], &err), &err);
            lanes[k].nodes = s[k]->nodes;
            lanes[k].out = world[k];
        }
        for (uint32_t k = 3; k < width; ++k) lanes[k] = lanes[2];
        _Alignas(64) static double scratch[TA__LANES_SCRATCH(BONES, TA__LANES)];
        memset(world, 0, sizeof world);
        ta__lanes_world(lanes, width, BONES, scratch, TA__LANES_DOUBLES | TA__LANES_FLOATS);
        for (int pass = 0; pass < 4; ++pass) {
            const int rows = pass % 2;
            const uint32_t skin = (uint32_t)pass / 2;
            float *outs[TA__LANES];
            for (uint32_t k = 0; k < width; ++k) outs[k] = out[k < 3 ? k : 2];
            memset(out, 0, sizeof out);
            ta__lanes_bones(scratch, width, s[0]->skins[skin].joints, s[0]->skins[skin].inverse_binds,
                            ta__skin_last_rows(s[0], skin), BONES, outs, rows);
            for (int k = 0; k < 3; ++k) {
                ta_mat4 w[BONES];
                static float bones[BONES * 16];
                TA_ASSERT_OK(ta_pose_world_pass(ref, s[k], ta_node_none(), w, BONES, &err), &err);
                assert_memory_equal(w, world[k], sizeof w);
                assert_memory_equal(ta__pose_world_doubles(ref), ta__pose_world_doubles(p[k]),
                                    sizeof(double) * 16 * BONES);
                if (rows)
                    TA_ASSERT_OK(ta_pose_skinning_pass_rows(ref, s[k], ta_skin_at(skin), bones, BONES, &err), &err);
                else
                    TA_ASSERT_OK(ta_pose_skinning_pass(ref, s[k], ta_skin_at(skin), (ta_mat4 *)(void *)bones, BONES,
                                                       &err),
                                 &err);
                assert_memory_equal(bones, out[k], sizeof(float) * BONES * (rows ? 12 : 16));
                if (skin == 1 && !rows) { /* the last rows kept their signs: some -0, some +0 */
                    bool neg = false, pos = false;
                    for (uint32_t b = 0; b < BONES; ++b)
                        for (int c = 0; c < 3; ++c) {
                            const float v = bones[b * 16 + c * 4 + 3];
                            neg |= v == 0 && signbit(v);
                            pos |= v == 0 && !signbit(v);
                        }
                    assert_true(neg && pos);
                }
            }
        }
    }
    for (int k = 0; k < 3; ++k) {
        ta_pose_destroy(p[k]);
        ta_scene_destroy(s[k]);
    }
    ta_pose_destroy(ref);
}

/* The characters of a test: each one's scene, mixer, pose, world array,
 * palette offset (which the test fills) and frame entry. */
typedef struct instances {
    int n;
    ta_scene **scenes;
    ta_mixer **mixers;
    ta_pose **poses;
    ta_mat4 (*world)[BONES];
    size_t *offsets;
    ta_frame_character *chars;
} instances;

/* n instances of source, each with a mixer playing clip at time scale
 * base + step * c and a pose running the set named (TA_SIMD). */
static void instances_make(instances *in, ta_scene *source, const ta_clip *clip, int n, const char *set, float base,
                           float step)
{
    ta_error err = {0};
    const size_t k = (size_t)n;
    in->n = n;
    in->scenes = test_calloc(k, sizeof *in->scenes);
    in->mixers = test_calloc(k, sizeof *in->mixers);
    in->poses = test_calloc(k, sizeof *in->poses);
    in->world = test_calloc(k, sizeof *in->world);
    in->offsets = test_calloc(k, sizeof *in->offsets);
    in->chars = test_calloc(k, sizeof *in->chars);
    for (int c = 0; c < n; ++c) {
        TA_ASSERT_OK(ta_scene_instantiate(source, NULL, &in->scenes[c], &err), &err);
        in->mixers[c] = playing_mixer(clip, base + step * (float)c);
        TA_ASSERT_OK(ta_pose_create(in->scenes[c], NULL, &in->poses[c], &err), &err);
        setenv("TA_SIMD", set, 1);
        TA_ASSERT_OK(ta_pose_use_best_simd(in->poses[c], &err), &err);
        unsetenv("TA_SIMD");
        frame_entry(&in->chars[c], in->mixers[c], in->scenes[c], in->poses[c], in->world[c], &in->offsets[c]);
    }
}

static void instances_free(instances *in)
{
    free_characters(in->n, in->poses, in->mixers, in->scenes);
    test_free(in->scenes);
    test_free(in->mixers);
    test_free(in->poses);
    test_free(in->world);
    test_free(in->offsets);
    test_free(in->chars);
}

/* How far got is from want (a matrix's 16 elements, or with rows its top
 * three rows at 12 a bone), in units of want's largest element. */
static double off_by(const float *got, const ta_mat4 *want, int rows)
{
    double largest = 0, worst = 0;
    for (int k = 0; k < 16; ++k) largest = fmax(largest, fabs((double)want->m[k]));
    for (int k = 0; k < 16; ++k) {
        if (rows && k % 4 == 3) continue;
        float g = rows ? got[(k % 4) * 4 + k / 4] : got[k];
        worst = fmax(worst, fabs((double)g - (double)want->m[k]) / (largest > 0 ? largest : 1));
    }
    return worst;
}

/* float_lanes: characters of one rig get the float lane pass (eight lanes on
 * AVX2 and on AVX-512), whose world matrices and palettes are within
 * 1e-6 of each matrix's largest element of the double path's (three.js's
 * multiplyMatrices worked out here), in both layouts, in full windows of
 * eight and a partial one of three, on one thread and on a pool's; not
 * the same bits (the float pass did run); where the poses keep their
 * doubles, or the rig's inverse binds move a point by more than four times
 * their 3x3 (FLOAT_LEVER in frame.c: the float rounding, times that
 * lever, is past 1e-6), the double pass's bits. */
static void test_float_lanes_near_double(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { N = 19 };
    ta_clip *clip = rig_clip(6);
    static const char *const WIDE[] = {"avx2", "avx512"};
    for (int run = 0; run < 4; ++run) {
        const int set = run % 2, far = run >= 2;
        ta_scene *source = rig_scene_moved(4, far ? 40.0f : 0.0f);
        ta_pose *probe = NULL;
        TA_ASSERT_OK(ta_pose_create(source, NULL, &probe, &err), &err);
        bool runs = set_runs(probe, WIDE[set]);
        uint32_t width = runs ? ta__lanes_float_width(ta__pose_level(probe)) : 0;
        ta_pose_destroy(probe);
        if (width == 0) {
            printf("  the float lanes of %s: not run here\n", WIDE[set]);
            ta_scene_destroy(source);
            continue;
        }
        assert_int_equal(width, 8);
        static float pal[N * BONES * 16];
        instances in;
        instances_make(&in, source, clip, N, WIDE[set], 0.6f, 0.09f);
        ta_frame_character *chars = in.chars;
        size_t *offsets = in.offsets;
        ta_worker_pool *pool = NULL;
        TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
        for (int frame = 0; frame < 6; ++frame) {
            const int rows = frame % 2, keep = frame == 4 || frame == 5, doubles = keep || far;
            const size_t stride = rows ? 12 : 16;
            for (int c = 0; c < N; ++c) offsets[c] = (size_t)c * BONES * stride;
            ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                                  .layout = (ta_palette_layout)rows, .no_pose_world = !keep, .float_lanes = 1};
            for (size_t i = 0; i < sizeof pal / sizeof pal[0]; ++i) pal[i] = -7;
            memset(in.world, 0, sizeof *in.world * N);
            /* full windows of eight and one of three, on the calling thread, then on a pool's threads */
            ta_duration dt = ta_duration_from_seconds(0.019 * (frame + 1));
            if (frame < 3) TA_ASSERT_OK(ta_frame_update_range(chars, 0, N, dt, &o, &err), &err);
            else TA_ASSERT_OK(ta_frame_update(chars, N, dt, &o, pool, &err), &err);
            double worst = 0;
            for (int c = 0; c < N; ++c) {
                assert_int_equal(chars[c].result, TA_OK);
                ta_mat4 w[BONES], bones[BONES];
                reference(in.scenes[c], w, bones);
                const float *p = pal + offsets[c];
                for (uint32_t b = 0; b < BONES; ++b) {
                    double dw = off_by(in.world[c][b].m, &w[b], 0), db = off_by(p + b * stride, &bones[b], rows);
                    if (dw > 1e-6 || db > 1e-6)
                        fail_msg("%s%s: character %d bone %u: world %.3g, bone %.3g of the largest element off",
                                 WIDE[set], rows ? " rows" : "", c, b, dw, db);
                    worst = fmax(worst, fmax(dw, db));
                }
                if (doubles) { /* the double lane pass, bit for bit */
                    assert_memory_equal(in.world[c], w, sizeof w);
                    for (uint32_t b = 0; b < BONES; ++b)
                        assert_true(off_by(p + b * stride, &bones[b], rows) == 0);
                }
            }
            if (!doubles) {
                assert_true(worst > 0); /* the float pass ran */
                printf("  float lanes of %s%s: within %.2e of the largest element\n", WIDE[set],
                       rows ? " (3x4)" : "", worst);
            }
        }
        ta_worker_pool_destroy(pool);
        instances_free(&in);
        ta_scene_destroy(source);
    }
    ta_clip_release(clip);
}

/* float_lanes over a range of two rigs, a window of eight of each: the rig
 * bound near the origin takes the float lane pass (not the double bits), the
 * one bound far from it (FLOAT_LEVER says no) the double pass's bits,
 * whichever comes first in the range (each scene keeps its own answer,
 * ta__scene_rig_levers_within: one rig's must not stand for the other's). */
static void test_float_lanes_two_rigs(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { HALF = 8, N = 2 * HALF };
    ta_clip *clip = rig_clip(7);
    ta_scene *near = rig_scene_moved(5, 0.0f), *far = rig_scene_moved(5, 40.0f);
    ta_pose *probe = NULL;
    TA_ASSERT_OK(ta_pose_create(near, NULL, &probe, &err), &err);
    bool runs = set_runs(probe, "avx2") && ta__lanes_float_width(ta__pose_level(probe)) == 8;
    ta_pose_destroy(probe);
    if (!runs) {
        printf("  the float lanes of avx2: not run here\n");
    } else {
        for (int far_first = 0; far_first < 2; ++far_first) {
            static float pal[N * BONES * 16];
            instances a, b;
            instances_make(&a, far_first ? far : near, clip, HALF, "avx2", 0.3f, 0.07f);
            instances_make(&b, far_first ? near : far, clip, HALF, "avx2", 0.4f, 0.05f);
            ta_frame_character chars[N];
            ta_scene *scenes[N];
            for (int c = 0; c < HALF; ++c) {
                a.offsets[c] = (size_t)c * BONES * 16;
                b.offsets[c] = (size_t)(HALF + c) * BONES * 16;
                chars[c] = a.chars[c], chars[HALF + c] = b.chars[c];
                scenes[c] = a.scenes[c], scenes[HALF + c] = b.scenes[c];
            }
            ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                                  .layout = TA_PALETTE_LAYOUT_MAT4, .no_pose_world = 1, .float_lanes = 1};
            for (int frame = 0; frame < 2; ++frame) {
                TA_ASSERT_OK(ta_frame_update_range(chars, 0, N, ta_duration_from_seconds(0.023), &o, &err), &err);
                for (int c = 0; c < N; ++c) {
                    assert_int_equal(chars[c].result, TA_OK);
                    const bool is_far = (c < HALF) == (far_first != 0);
                    ta_mat4 w[BONES], bones[BONES];
                    reference(scenes[c], w, bones);
                    double worst = 0;
                    for (uint32_t k = 0; k < BONES; ++k)
                        worst = fmax(worst, off_by(pal + (size_t)c * BONES * 16 + k * 16, &bones[k], 0));
                    if (is_far && worst != 0)
                        fail_msg("far rig, character %d: %.3g off the double pass's bones", c, worst);
                    if (!is_far && !(worst > 0 && worst <= 1e-6))
                        fail_msg("near rig, character %d: %.3g off the double pass's bones, not the float pass's", c,
                                 worst);
                }
            }
            instances_free(&a);
            instances_free(&b);
        }
    }
    ta_scene_destroy(near);
    ta_scene_destroy(far);
    ta_clip_release(clip);
}

/* Two rigs interleaved (A B A B ..., a crowd of two models in the order they were made): each rig's
 * characters of a window take a lane pass of their own, as they do in a crowd of their rig alone,
 * with its numbers bit for bit: in the float lanes, whose numbers tell the pass that ran from the
 * column loops' (the second rig's went to the column loops before, the double numbers), and in
 * the double lanes, the same bits as three.js's multiplyMatrices worked out here. */
static void test_two_rigs_interleaved(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { HALF = 8, N = 2 * HALF };
    ta_clip *clip = rig_clip(7);
    ta_scene *ra = rig_scene(5), *rb = rig_scene(6); /* other inverse binds: another rig */
    ta_pose *probe = NULL;
    TA_ASSERT_OK(ta_pose_create(ra, NULL, &probe, &err), &err);
    bool runs = set_runs(probe, "avx2") && ta__lanes_float_width(ta__pose_level(probe)) == 8;
    ta_pose_destroy(probe);
    if (!runs) printf("  two rigs interleaved: not run here (no float lanes of avx2)\n");
    for (int floats = 0; floats < 2 && runs; ++floats) {
        static float pal[N * BONES * 16], alone[N * BONES * 16];
        instances a, b, a2, b2;
        instances_make(&a, ra, clip, HALF, "avx2", 0.3f, 0.07f);
        instances_make(&b, rb, clip, HALF, "avx2", 0.4f, 0.05f);
        instances_make(&a2, ra, clip, HALF, "avx2", 0.3f, 0.07f);
        instances_make(&b2, rb, clip, HALF, "avx2", 0.4f, 0.05f);
        ta_frame_character chars[N];
        for (int c = 0; c < HALF; ++c) {
            a.offsets[c] = a2.offsets[c] = (size_t)(2 * c) * BONES * 16;
            b.offsets[c] = b2.offsets[c] = (size_t)(2 * c + 1) * BONES * 16;
            chars[2 * c] = a.chars[c], chars[2 * c + 1] = b.chars[c];
        }
        ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                              .layout = TA_PALETTE_LAYOUT_MAT4, .no_pose_world = floats, .float_lanes = floats};
        ta_frame_options oa = o;
        oa.palette = alone;
        for (int frame = 0; frame < 3; ++frame) {
            const ta_duration dt = ta_duration_from_seconds(0.023 * (frame + 1));
            TA_ASSERT_OK(ta_frame_update_range(chars, 0, N, dt, &o, &err), &err);
            TA_ASSERT_OK(ta_frame_update_range(a2.chars, 0, HALF, dt, &oa, &err), &err);
            TA_ASSERT_OK(ta_frame_update_range(b2.chars, 0, HALF, dt, &oa, &err), &err);
            for (int c = 0; c < N; ++c) {
                const instances *twin = c % 2 ? &b2 : &a2, *in = c % 2 ? &b : &a;
                assert_int_equal(chars[c].result, TA_OK);
                const size_t at = (size_t)c * BONES * 16;
                if (memcmp(pal + at, alone + at, sizeof(float) * BONES * 16) != 0)
                    fail_msg("%s lanes, frame %d, character %d (rig %c): its bones are not those of its rig alone",
                             floats ? "float" : "double", frame, c, c % 2 ? 'B' : 'A');
                assert_memory_equal(in->world[c / 2], twin->world[c / 2], sizeof(ta_mat4) * BONES);
                if (!floats) { /* three.js's numbers */
                    ta_mat4 w[BONES], bones[BONES];
                    reference(in->scenes[c / 2], w, bones);
                    assert_memory_equal(in->world[c / 2], w, sizeof w);
                    for (uint32_t k = 0; k < BONES; ++k) assert_true(off_by(pal + at + k * 16, &bones[k], 0) == 0);
                }
            }
        }
        instances_free(&a);
        instances_free(&b);
        instances_free(&a2);
        instances_free(&b2);
    }
    ta_scene_destroy(ra);
    ta_scene_destroy(rb);
    ta_clip_release(clip);
}

/* A rig past the stack's lane scratch (128 nodes): BIG_NODES nodes (node b under (b - 1) / 2), a
 * skin over all of them, and a clip that keys each one's rotation and position. */
enum { BIG_NODES = 150, BIG_CHARS = 16 }; /* two windows: both of a pool's workers take one */

static ta_scene *big_rig_scene(void)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    static ta_node_id joints[BIG_NODES];
    static ta_mat4 ib[BIG_NODES];
    for (uint32_t b = 0; b < BIG_NODES; ++b) {
        TA_ASSERT_OK(ta_scene_add_node(s, b ? ta_node_at((b - 1) / 2) : ta_node_none(), "bone", &joints[b], &err),
                     &err);
        ta_node *n = ta_scene_node(s, joints[b]);
        n->position = ta_vec3_make(0.01f * (float)(b % 7), 0.3f, -0.02f * (float)(b % 5));
        n->scale = ta_vec3_make(1.0f, 1.0f + 0.001f * (float)(b % 3), 1.0f);
        ib[b] = ta_mat4_identity();
        for (int k = 0; k < 16; ++k)
            if (k % 4 != 3) ib[b].m[k] = (float)((k % 5 == 0 ? 1.0 : 0.0) + 0.05 * sin(b * 16 + k));
    }
    ta_skin_desc d = {joints, BIG_NODES, ib, NULL};
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, NULL, &err), &err);
    return s;
}

static ta_clip *big_rig_clip(void)
{
    ta_error err = {0};
    float times[KEYS];
    for (uint32_t k = 0; k < KEYS; ++k) times[k] = (float)k / (KEYS - 1);
    static ta_track *tracks[2 * BIG_NODES];
    for (uint32_t b = 0; b < BIG_NODES; ++b) {
        float pos[KEYS * 3], rot[KEYS * 4];
        for (uint32_t k = 0; k < KEYS; ++k) {
            double u = 6.283185307179586 * k / (KEYS - 1) + b, half = 0.1 * sin(u);
            for (uint32_t c = 0; c < 3; ++c) pos[k * 3 + c] = (float)(0.05 * sin(u + c) + (c == 1 ? 0.3 : 0));
            rot[k * 4 + 0] = (float)(0.6 * sin(half));
            rot[k * 4 + 1] = 0;
            rot[k * 4 + 2] = (float)(0.8 * sin(half));
            rot[k * 4 + 3] = (float)cos(half);
        }
        node_tracks(b, times, pos, rot, &tracks[2 * b]);
    }
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create("sway", tracks, 2 * BIG_NODES, NULL, &clip, &err), &err);
    return clip;
}

/* The big rig's bones by three.js's multiplyMatrices worked out here, and how far the palette's
 * (4x4) are from them, in units of each matrix's largest element. */
static double big_rig_off(const ta_scene *s, const float *palette)
{
    static double w[BIG_NODES][16];
    double worst = 0;
    world_ref(s, BIG_NODES, w);
    const ta_skin *sk = &s->skins[0];
    for (uint32_t i = 0; i < sk->joint_count; ++i) {
        double ib[16], m[16];
        ta_mat4 bone;
        for (int k = 0; k < 16; ++k) ib[k] = sk->inverse_binds[i].m[k];
        multiply_ref(m, w[sk->joints[i].index], ib);
        for (int k = 0; k < 16; ++k) bone.m[k] = (float)m[k];
        worst = fmax(worst, off_by(palette + (size_t)i * 16, &bone, 0));
    }
    return worst;
}

/* A rig of more than 128 nodes, whose lane scratch the stack's 48 KB does not hold, gets the lane
 * pass where a scratch is given: the caller's (ta_frame_options.lane_scratch, ta_frame_update_range)
 * or its pool's (ta_frame_update, grown after the first frame that wants it); without one, the
 * column loops. The float lanes tell which ran (the lane pass within 1e-6 of three.js's bones, not
 * their bits; the column loops their bits); the double lanes give three.js's bits with the scratch
 * too. A scratch not on a 64-byte line, or given without its length, is refused, nothing changed. */
static void test_big_rig_lane_pass(void **state)
{
    (void)state;
    ta_error err = {0};
    assert_int_equal(ta_frame_lane_scratch_bytes(128), 0);
    assert_int_equal(ta_frame_lane_scratch_bytes(129), (size_t)129 * 12 * 8 * sizeof(double));
    ta_scene *source = big_rig_scene();
    ta_clip *clip = big_rig_clip();
    ta_pose *probe = NULL;
    TA_ASSERT_OK(ta_pose_create(source, NULL, &probe, &err), &err);
    const bool runs = set_runs(probe, "avx2") && ta__lanes_float_width(ta__pose_level(probe)) == 8;
    ta_pose_destroy(probe);
    if (!runs) {
        printf("  a big rig's lane pass: not run here (no float lanes of avx2)\n");
        ta_clip_release(clip);
        ta_scene_destroy(source);
        return;
    }
    ta_scene *scenes[BIG_CHARS];
    ta_mixer *mixers[BIG_CHARS];
    ta_pose *poses[BIG_CHARS];
    size_t offsets[BIG_CHARS];
    ta_frame_character chars[BIG_CHARS];
    memset(chars, 0, sizeof chars);
    static float pal[BIG_CHARS * BIG_NODES * 16];
    for (int c = 0; c < BIG_CHARS; ++c) {
        TA_ASSERT_OK(ta_scene_instantiate(source, NULL, &scenes[c], &err), &err);
        mixers[c] = playing_mixer(clip, 0.5f + 0.1f * (float)c);
        TA_ASSERT_OK(ta_pose_create(scenes[c], NULL, &poses[c], &err), &err);
        setenv("TA_SIMD", "avx2", 1);
        TA_ASSERT_OK(ta_pose_use_best_simd(poses[c], &err), &err);
        unsetenv("TA_SIMD");
        offsets[c] = (size_t)c * BIG_NODES * 16;
        frame_entry(&chars[c], mixers[c], scenes[c], poses[c], NULL, &offsets[c]);
    }
    const size_t bytes = ta_frame_lane_scratch_bytes(BIG_NODES);
    void *scratch = aligned_alloc(64, bytes);
    assert_non_null(scratch);
    ta_frame_options floats = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                               .layout = TA_PALETTE_LAYOUT_MAT4, .no_pose_world = 1, .float_lanes = 1};
    ta_frame_options doubles = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                                .layout = TA_PALETTE_LAYOUT_MAT4};
    ta_worker_pool *pool = NULL;
    TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    /* refused: nothing moves */
    ta_frame_options bad = floats;
    bad.lane_scratch = (char *)scratch + 16;
    bad.lane_scratch_bytes = bytes - 64;
    TA_ASSERT_REFUSED(ta_frame_update_range(chars, 0, BIG_CHARS, ta_duration_from_seconds(0.1), &bad, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "options.lane_scratch");
    TA_ASSERT_CONTAINS(err.message, "does not start on a 64-byte line");
    bad.lane_scratch = scratch;
    bad.lane_scratch_bytes = 0;
    TA_ASSERT_REFUSED(ta_frame_update(chars, BIG_CHARS, ta_duration_from_seconds(0.1), &bad, NULL, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "options.lane_scratch: given with lane_scratch_bytes 0");
    bad.lane_scratch = NULL;
    bad.lane_scratch_bytes = bytes;
    TA_ASSERT_REFUSED(ta_frame_update(chars, BIG_CHARS, ta_duration_from_seconds(0.1), &bad, pool, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "options.lane_scratch: NULL with lane_scratch_bytes");
    for (int c = 0; c < BIG_CHARS; ++c) assert_true(ta_mixer_time(mixers[c]).seconds == 0);
    /* frame: how it runs; lanes: whether the float lane pass runs in it (the pool's room is grown
     * after the first frame that wants it: frame 2's float run; its double run finds it) */
    static const struct {
        int how; /* 0: a range without scratch, 1: a range with the caller's, 2: the pool's */
        bool lanes;
    } frames[] = {{0, false}, {1, true}, {2, false}, {2, true}, {2, true}, {0, false}, {1, true}};
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; ++f) {
        for (int dbl = 0; dbl < 2; ++dbl) {
            ta_frame_options o = dbl ? doubles : floats;
            if (frames[f].how == 1) {
                o.lane_scratch = scratch;
                o.lane_scratch_bytes = bytes;
            }
            for (size_t i = 0; i < sizeof pal / sizeof pal[0]; ++i) pal[i] = -7;
            const ta_duration dt = ta_duration_from_seconds(0.013 * (double)(f + 1));
            if (frames[f].how == 2) {
                TA_ASSERT_OK(ta_frame_update(chars, BIG_CHARS, dt, &o, pool, &err), &err);
            } else {
                TA_ASSERT_OK(ta_frame_update_range(chars, 0, BIG_CHARS, dt, &o, &err), &err);
            }
            for (int c = 0; c < BIG_CHARS; ++c) {
                assert_int_equal(chars[c].result, TA_OK);
                const double off = big_rig_off(scenes[c], pal + offsets[c]);
                if (dbl && off != 0)
                    fail_msg("frame %zu, double lanes, character %d: %.3g off three.js's bones", f, c, off);
                if (!dbl && frames[f].lanes && !(off > 0 && off <= 1e-6))
                    fail_msg("frame %zu, character %d: %.3g off three.js's bones, not the float lane pass's", f, c, off);
                if (!dbl && !frames[f].lanes && off != 0)
                    fail_msg("frame %zu, character %d: %.3g off three.js's bones, not the column loops'", f, c, off);
            }
        }
    }
    ta_worker_pool_destroy(pool);
    free(scratch);
    free_characters(BIG_CHARS, poses, mixers, scenes);
    ta_clip_release(clip);
    ta_scene_destroy(source);
}

/* A frame of more characters than the caches hold (frame.c's far: more than
 * TA__FRAME_PREFETCH_FROM) asks for the next characters' lines ahead of
 * their updates: the same numbers all the same, bit for bit in the double
 * lanes (three.js's multiplyMatrices worked out here), within 1e-6 in the
 * float ones, in both layouts, with palette offsets of any alignment, on the
 * calling thread and on a pool's (whose threads take shares of what is left,
 * larger than a window at first: frame.c's run_chunks); a refused character
 * (its pose NULL, which the prefetch must not follow) and one without a mixer
 * among them. Each mixer is updated once a frame, whichever thread takes it:
 * its clock is the sum of the frames' steps. */
static void test_far_frame_same_numbers(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { N = TA__FRAME_PREFETCH_FROM + 97, REFUSED = 20, STILL = 50, ODD = 37 };
    ta_clip *clip = rig_clip(8);
    ta_scene *source = rig_scene(9);
    static _Alignas(64) float pal[N * BONES * 16 + 1];
    const char *set = "scalar"; /* the widest set that runs here */
    ta_pose *probe = NULL;
    TA_ASSERT_OK(ta_pose_create(source, NULL, &probe, &err), &err);
    for (int k = 3; k > 0 && strcmp(set, "scalar") == 0; --k)
        if (set_runs(probe, SETS[k])) set = SETS[k];
    ta_pose_destroy(probe);
    printf("  a frame of %d characters on %s\n", N, set);
    instances in;
    instances_make(&in, source, clip, N, set, 0.7f, 0.011f);
    ta_frame_character *chars = in.chars;
    size_t *offsets = in.offsets;
    chars[REFUSED].pose = NULL;
    chars[STILL].mixer = NULL;
    ta_worker_pool *pool = NULL;
    TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    static double clock[N]; /* each mixer's time, as update_or_seek adds it */
    for (int frame = 0; frame < 8; ++frame) {
        const int rows = frame % 2, floats = (frame / 2) % 2, odd = frame >= 4;
        const size_t stride = rows ? 12 : 16;
        for (int c = 0; c < N; ++c) offsets[c] = (size_t)c * BONES * stride + (odd && c >= ODD);
        ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                              .layout = (ta_palette_layout)rows, .no_pose_world = floats, .float_lanes = floats};
        for (size_t i = 0; i < sizeof pal / sizeof pal[0]; ++i) pal[i] = -7;
        ta_duration dt = ta_duration_from_seconds(0.017 * (frame + 1));
        ta_result r = frame % 4 < 2 ? ta_frame_update_range(chars, 0, N, dt, &o, &err)
                                    : ta_frame_update(chars, N, dt, &o, pool, &err);
        assert_int_equal(r, TA_ERROR_INVALID_ARGUMENT);
        for (int c = 0; c < N; ++c) {
            const float *p = pal + offsets[c];
            if (c != REFUSED && c != STILL) clock[c] += dt.seconds * ta_mixer_time_scale(in.mixers[c]);
            if (c != STILL && ta_mixer_time(in.mixers[c]).seconds != clock[c])
                fail_msg("frame %d: character %d's mixer at %.17g s, not %.17g", frame, c,
                         ta_mixer_time(in.mixers[c]).seconds, clock[c]);
            if (c == REFUSED) {
                assert_int_equal(chars[c].result, TA_ERROR_INVALID_ARGUMENT);
                assert_true(p[0] == -7 && p[BONES * stride - 1] == -7);
                continue;
            }
            assert_int_equal(chars[c].result, TA_OK);
            ta_mat4 w[BONES], bones[BONES];
            reference(in.scenes[c], w, bones);
            for (uint32_t b = 0; b < BONES; ++b) {
                double dw = off_by(in.world[c][b].m, &w[b], 0), db = off_by(p + b * stride, &bones[b], rows);
                if (floats ? dw > 1e-6 || db > 1e-6 : dw != 0 || db != 0)
                    fail_msg("frame %d: character %d bone %u: world %.3g, bone %.3g of the largest element off", frame,
                             c, b, dw, db);
            }
        }
    }
    ta_worker_pool_destroy(pool);
    instances_free(&in);
    ta_scene_destroy(source);
    ta_clip_release(clip);
}

/* A character without a world array (world NULL): its floats are not
 * written, but its pose's doubles and its palette are what they are with
 * one, three.js's, in every set (the column loops of scalar and SSE2, the
 * lane pass of AVX2 and AVX-512), in windows where characters with and
 * without one sit side by side; the pose's own calls read the doubles. */
static void test_frame_without_world(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { N = 9 };
    ta_clip *clip = rig_clip(7);
    ta_scene *source = rig_scene(3);
    for (size_t set = 0; set < sizeof SETS / sizeof SETS[0]; ++set) {
        if (!scene_runs(source, SETS[set])) continue;
        static float pal[N * BONES * 16];
        instances in;
        instances_make(&in, source, clip, N, SETS[set], 0.7f, 0.11f);
        ta_frame_character *chars = in.chars;
        size_t *offsets = in.offsets;
        ta_scene **scenes = in.scenes;
        ta_pose **poses = in.poses;
        ta_mat4(*world)[BONES] = in.world;
        for (int c = 0; c < N; ++c) {
            offsets[c] = (size_t)c * BONES * 16;
            chars[c].world = c % 3 == 1 ? world[c] : NULL; /* with and without, in each window */
        }
        ta_frame_options o = {.palette = pal, .palette_floats = sizeof pal / sizeof pal[0],
                              .layout = TA_PALETTE_LAYOUT_MAT4};
        ta_worker_pool *pool = NULL;
        TA_ASSERT_OK(ta_worker_pool_create(3, NULL, &pool, &err), &err);
        for (int frame = 0; frame < 8; ++frame) {
            memset(world, 0, sizeof *world * N);
            ta_duration dt = ta_duration_from_seconds(0.017 * (frame + 1));
            /* frames 2 to 5 keep no doubles in the poses; in 4 and 5 characters 2 and 6 leave their
             * skins out of the palette, so that their lanes' others go through the column loops */
            o.no_pose_world = frame >= 2 && frame < 6;
            bool out = frame == 4 || frame == 5;
            chars[2].skin_offsets = out ? NULL : &offsets[2];
            chars[6].skin_offsets = out ? NULL : &offsets[6];
            for (size_t i = 0; i < sizeof pal / sizeof pal[0]; ++i) pal[i] = -7;
            /* on the calling thread, then on the pool's threads in ranges of eight (9: two of them) */
            if (frame % 2 == 0)
                TA_ASSERT_OK(ta_frame_update_range(chars, 0, N, dt, &o, &err), &err);
            else
                TA_ASSERT_OK(ta_frame_update(chars, N, dt, &o, pool, &err), &err);
            for (int c = 0; c < N; ++c) {
                assert_int_equal(chars[c].result, TA_OK);
                ta_mat4 w[BONES], bones[BONES], zero[BONES];
                double wd[BONES][16];
                reference_d(scenes[c], w, bones, wd);
                if (chars[c].skin_offsets != NULL) assert_memory_equal(bones, pal + offsets[c], sizeof bones);
                else assert_true(pal[offsets[c]] == -7);
                memset(zero, 0, sizeof zero);
                assert_memory_equal(world[c], c % 3 == 1 ? w : zero, sizeof w);
                ta_mat4 socket;
                ta_pose_socket at = {ta_node_at(BONES - 1)};
                if (o.no_pose_world) {
                    TA_ASSERT_REFUSED(ta_pose_socket_world(poses[c], scenes[c], at, &socket, &err), &err,
                                      TA_ERROR_BAD_STATE, "has no world matrix");
                    TA_ASSERT_REFUSED(ta_pose_skinning_pass(poses[c], scenes[c], ta_skin_at(0), bones, BONES, &err),
                                      &err, TA_ERROR_BAD_STATE, "has no world matrix");
                    continue;
                }
                assert_memory_equal(wd, ta__pose_world_doubles(poses[c]), sizeof wd);
                TA_ASSERT_OK(ta_pose_socket_world(poses[c], scenes[c], at, &socket, &err), &err);
                assert_memory_equal(&socket, &w[BONES - 1], sizeof socket);
            }
            if (frame == 3) { /* after a frame of no doubles, a pass of bone 1's subtree: it and its ancestors alone */
                ta_mat4 w[BONES], ref[BONES], bones[BONES], socket;
                reference(scenes[0], ref, bones);
                TA_ASSERT_OK(ta_pose_world_pass(poses[0], scenes[0], ta_node_at(1), w, BONES, &err), &err);
                TA_ASSERT_OK(ta_pose_socket_world(poses[0], scenes[0], (ta_pose_socket){ta_node_at(3)}, &socket, &err),
                             &err);
                assert_memory_equal(&socket, &ref[3], sizeof socket);
                TA_ASSERT_REFUSED(ta_pose_socket_world(poses[0], scenes[0], (ta_pose_socket){ta_node_at(2)}, &socket, &err),
                                  &err, TA_ERROR_BAD_STATE, "has no world matrix");
            }
        }
        ta_worker_pool_destroy(pool);
        /* the tree changed: the pose's matrices are no more, whichever loops wrote them */
        for (int c = 0; c < N; ++c) {
            TA_ASSERT_OK(ta_scene_set_parent(scenes[c], ta_node_at(5), ta_node_at(0), &err), &err);
            ta_mat4 socket;
            TA_ASSERT_REFUSED(ta_pose_socket_world(poses[c], scenes[c], (ta_pose_socket){ta_node_at(1)}, &socket, &err),
                              &err, TA_ERROR_BAD_STATE, "since the scene last changed");
        }
        instances_free(&in);
    }
    ta_scene_destroy(source);
    ta_clip_release(clip);
}

static void test_frame_refusals_change_nothing(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip(4);
    static side sd;
    side_make(&sd, clip, 16);
    static float pal[PALETTE + 32]; /* its last 32 floats no character's */
    ta_frame_options o = {.palette = pal, .palette_floats = PALETTE + 32, .layout = TA_PALETTE_LAYOUT_MAT4};
    ta_duration dt = ta_duration_from_seconds(0.02);
    ta_frame_options bad = o;
    bad.layout = (ta_palette_layout)7;
    TA_ASSERT_REFUSED(ta_frame_update(sd.chars, CHARS, dt, &bad, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "options.layout: 7");
    bad = o;
    bad.stream = (ta_frame_stream)7;
    TA_ASSERT_REFUSED(ta_frame_update_range(sd.chars, 0, CHARS, dt, &bad, &err), &err, TA_ERROR_UNKNOWN_ENUM,
                      "options.stream: 7 is none of auto (0), on (1) and off (2)");
    TA_ASSERT_REFUSED(ta_frame_update(sd.chars, CHARS, dt, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "options");
    TA_ASSERT_REFUSED(ta_frame_update_range(NULL, 0, 2, dt, &o, &err), &err, TA_ERROR_INVALID_ARGUMENT, "chars");
    TA_ASSERT_REFUSED(ta_frame_update_range(sd.chars, 5, UINT32_MAX, dt, &o, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "count");
    for (int c = 0; c < CHARS; ++c) {
        assert_true(ta_mixer_time(sd.mixers[c]).seconds == 0);
        assert_int_equal(sd.chars[c].result, TA_OK);
    }
    /* character 2's skin would run past the palette, character 4 has no pose */
    sd.offsets[2] = PALETTE + 32 - 10;
    ta_pose *pose4 = sd.chars[4].pose;
    sd.chars[4].pose = NULL;
    ta_node before = sd.scenes[2]->nodes[3];
    TA_ASSERT_REFUSED(ta_frame_update(sd.chars, CHARS, dt, &o, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "character 2: skin_offsets[0]");
    assert_int_equal(sd.chars[2].result, TA_ERROR_INVALID_ARGUMENT);
    TA_ASSERT_CONTAINS(sd.chars[4].error.message, "pose: is NULL");
    sd.chars[4].pose = pose4;
    assert_true(ta_mixer_time(sd.mixers[2]).seconds == 0);
    assert_true(ta_mixer_time(sd.mixers[4]).seconds == 0);
    assert_memory_equal(&sd.scenes[2]->nodes[3].quaternion, &before.quaternion, sizeof before.quaternion);
    for (size_t i = PALETTE; i < PALETTE + 32; ++i) assert_true(pal[i] == 0);
    for (int c = 0; c < CHARS; ++c)
        if (c != 2 && c != 4) {
            assert_int_equal(sd.chars[c].result, TA_OK);
            assert_true(ta_mixer_time(sd.mixers[c]).seconds > 0);
        }
    side_free(&sd);
    ta_clip_release(clip);
}

static void count_job(void *user, uint32_t worker, uint32_t workers)
{
    unsigned *hits = (unsigned *)user;
    assert_true(worker < workers);
    hits[worker] += 1;
}

static void test_pool(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_worker_pool *pool = NULL;
    TA_ASSERT_REFUSED(ta_worker_pool_create(0, NULL, &pool, &err), &err, TA_ERROR_INVALID_ARGUMENT, "workers: 0");
    TA_ASSERT_REFUSED(ta_worker_pool_create(TA_WORKER_POOL_MAX + 1, NULL, &pool, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "workers: 257");
    TA_ASSERT_REFUSED(ta_worker_pool_create(2, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_pool");
    assert_null(pool);
    TA_ASSERT_OK(ta_worker_pool_create(4, NULL, &pool, &err), &err);
    unsigned hits[4] = {0};
    for (int i = 0; i < 500; ++i) TA_ASSERT_OK(ta_worker_pool_run(pool, count_job, hits, &err), &err);
    for (int w = 0; w < 4; ++w) assert_int_equal(hits[w], 500);
    TA_ASSERT_REFUSED(ta_worker_pool_run(pool, NULL, hits, &err), &err, TA_ERROR_INVALID_ARGUMENT, "job");
    unsigned alone[1] = {0};
    TA_ASSERT_OK(ta_worker_pool_run(NULL, count_job, alone, &err), &err);
    assert_int_equal(alone[0], 1);
    ta_worker_pool_destroy(pool);
    ta_worker_pool_destroy(NULL);
}

typedef struct claim_probe {
    pthread_t caller;
    atomic_int elsewhere;  /* a run on another thread seen */
    pthread_t other;       /* that thread */
    unsigned runs[2];      /* each index's runs */
} claim_probe;

static void probe_job(void *user, uint32_t worker, uint32_t workers)
{
    claim_probe *p = (claim_probe *)user;
    assert_int_equal(workers, 2);
    p->runs[worker] += 1;
    if (!pthread_equal(pthread_self(), p->caller) && atomic_load(&p->elsewhere) == 0) {
        p->other = pthread_self();
        atomic_store(&p->elsewhere, 1);
    }
}

/* A pool thread held in a signal handler until the test lets it go. */
static sem_t held_in, held_gate;

static void hold_thread(int sig)
{
    (void)sig;
    sem_post(&held_in);
    while (sem_wait(&held_gate) != 0) {
    }
}

typedef struct pool_call {
    ta_worker_pool *pool;
    claim_probe *probe;
    sem_t done;
} pool_call;

static void *call_pool(void *arg)
{
    pool_call *c = (pool_call *)arg;
    ta_error err = {0};
    for (int i = 0; i < 10; ++i) TA_ASSERT_OK(ta_worker_pool_run(c->pool, probe_job, c->probe, &err), &err);
    sem_post(&c->done);
    return NULL;
}

/* A pool's thread that cannot run (here held in a signal handler; asleep,
 * or off its core on a busy machine, elsewhere) is not waited for: the
 * calling thread runs the indices no thread has begun, every one once a
 * job. The pool used to wait for its thread to run index 1. */
static void test_pool_caller_runs_what_no_thread_began(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_worker_pool *pool = NULL;
    TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    claim_probe p;
    memset(&p, 0, sizeof p);
    p.caller = pthread_self();
    atomic_init(&p.elsewhere, 0);
    /* jobs back to back until the pool's thread has run one: its thread id */
    for (int i = 0; i < 100000 && atomic_load(&p.elsewhere) == 0; ++i)
        TA_ASSERT_OK(ta_worker_pool_run(pool, probe_job, &p, &err), &err);
    if (atomic_load(&p.elsewhere) == 0) { /* the caller took every index each time: what is tested below */
        printf("  the pool's thread ran no job of 100000: not held\n");
        ta_worker_pool_destroy(pool);
        return;
    }
    assert_int_equal(sem_init(&held_in, 0, 0), 0);
    assert_int_equal(sem_init(&held_gate, 0, 0), 0);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = hold_thread;
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGUSR1, &sa, &old), 0);
    assert_int_equal(pthread_kill(p.other, SIGUSR1), 0);
    while (sem_wait(&held_in) != 0) {
    }
    /* ten jobs from another thread, which must end while the pool's thread is held */
    memset(p.runs, 0, sizeof p.runs);
    pool_call call = {pool, &p, {{0}}};
    assert_int_equal(sem_init(&call.done, 0, 0), 0);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, call_pool, &call), 0);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 5;
    int r;
    do
        r = sem_timedwait(&call.done, &until);
    while (r != 0 && errno == EINTR);
    bool ended = r == 0;
    sem_post(&held_gate); /* let it go, whatever happened */
    pthread_join(t, NULL);
    sigaction(SIGUSR1, &old, NULL);
    printf("  with the pool's thread held: %s\n", ended ? "ten jobs ran" : "the jobs waited for it");
    assert_true(ended);
    assert_int_equal(p.runs[0], 10);
    assert_int_equal(p.runs[1], 10);
    sem_destroy(&call.done);
    sem_destroy(&held_in);
    sem_destroy(&held_gate);
    ta_worker_pool_destroy(pool);
}

/* ta_mixer_update_batch_pool: the one-thread range's numbers, on a reused pool. */
static void test_batch_pool(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip(6);
    static side a, b;
    side_make(&a, clip, 16);
    side_make(&b, clip, 16);
    ta_mixer_batch_item ia[CHARS], ib[CHARS];
    memset(ia, 0, sizeof ia);
    memset(ib, 0, sizeof ib);
    for (int c = 0; c < CHARS; ++c) {
        ia[c].mixer = a.mixers[c], ia[c].targets.scene = a.scenes[c];
        ib[c].mixer = b.mixers[c], ib[c].targets.scene = b.scenes[c];
    }
    ta_worker_pool *pool = NULL;
    TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    for (int f = 0; f < 100; ++f) {
        TA_ASSERT_OK(ta_mixer_update_range(ia, 0, CHARS, ta_duration_from_seconds(0.01), &err), &err);
        TA_ASSERT_OK(ta_mixer_update_batch_pool(ib, CHARS, ta_duration_from_seconds(0.01), pool, &err), &err);
        for (int c = 0; c < CHARS; ++c)
            for (uint32_t n = 0; n < BONES; ++n) {
                assert_memory_equal(&a.scenes[c]->nodes[n].position, &b.scenes[c]->nodes[n].position, 12);
                assert_memory_equal(&a.scenes[c]->nodes[n].quaternion, &b.scenes[c]->nodes[n].quaternion, 16);
            }
    }
    TA_ASSERT_REFUSED(ta_mixer_update_batch_pool(NULL, 2, ta_duration_from_seconds(0.01), pool, &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "items");
    ta_worker_pool_destroy(pool);
    side_free(&a);
    side_free(&b);
    ta_clip_release(clip);
}

/* ta_mixer_update_batch_pool over more mixers than one range takes (its threads take guided
 * ranges of what is left, as the frame's pool does): every mixer updated once a frame, whichever
 * thread takes it (its clock is the sum of the frames' steps, which a range taken twice or
 * skipped breaks), with the numbers of the same mixers updated in order on this thread. */
static void test_batch_pool_guided(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { N = TA__FRAME_PREFETCH_FROM + 97 };
    ta_clip *clip = rig_clip(8);
    ta_scene *source = rig_scene(9);
    instances a, b;
    instances_make(&a, source, clip, N, "scalar", 0.7f, 0.011f);
    instances_make(&b, source, clip, N, "scalar", 0.7f, 0.011f);
    ta_mixer_batch_item *ia = (ta_mixer_batch_item *)test_calloc(N, sizeof *ia);
    ta_mixer_batch_item *ib = (ta_mixer_batch_item *)test_calloc(N, sizeof *ib);
    for (int c = 0; c < N; ++c) {
        ia[c].mixer = a.mixers[c], ia[c].targets.scene = a.scenes[c];
        ib[c].mixer = b.mixers[c], ib[c].targets.scene = b.scenes[c];
    }
    ta_worker_pool *pool = NULL;
    TA_ASSERT_OK(ta_worker_pool_create(2, NULL, &pool, &err), &err);
    double clock = 0; /* the frames' steps: each mixer's time at time scale 1 */
    for (int frame = 0; frame < 12; ++frame) {
        const ta_duration dt = ta_duration_from_seconds(0.013 * (frame + 1));
        clock += dt.seconds;
        TA_ASSERT_OK(ta_mixer_update_range(ia, 0, N, dt, &err), &err);
        TA_ASSERT_OK(ta_mixer_update_batch_pool(ib, N, dt, pool, &err), &err);
        for (int c = 0; c < N; ++c) {
            if (ta_mixer_time(b.mixers[c]).seconds != ta_mixer_time(a.mixers[c]).seconds ||
                fabs(ta_mixer_time(b.mixers[c]).seconds - clock) > 1e-12)
                fail_msg("frame %d, mixer %d: time %.17g, in order %.17g, the steps' sum %.17g", frame, c,
                         ta_mixer_time(b.mixers[c]).seconds, ta_mixer_time(a.mixers[c]).seconds, clock);
            for (uint32_t n = 0; n < BONES; ++n) {
                assert_memory_equal(&a.scenes[c]->nodes[n].position, &b.scenes[c]->nodes[n].position, 12);
                assert_memory_equal(&a.scenes[c]->nodes[n].quaternion, &b.scenes[c]->nodes[n].quaternion, 16);
            }
        }
    }
    ta_worker_pool_destroy(pool);
    test_free(ia);
    test_free(ib);
    instances_free(&a);
    instances_free(&b);
    ta_scene_destroy(source);
    ta_clip_release(clip);
}

/* The bundled rig: glTF node 16 ("Body") holds skinned mesh 0 of skin 0,
 * node 17 ("Face") a mesh; node 6 is "hand_L". */
static void test_maps_and_sockets(void **state)
{
    (void)state;
    ta_error err = {0};
    char path[4096];
    ta_model *model = NULL;
    TA_ASSERT_OK(ta_gltf_load_file(ta_test_source_path("examples/default.glb", path, sizeof path), NULL, &model, &err),
                 &err);
    const ta_scene *scene = model->scene;
    const ta_model_primitive *p = NULL;
    TA_ASSERT_OK(ta_model_find_primitive(model, 16, 0, &p, &err), &err);
    assert_true(p->skinned);
    assert_int_equal(p->gltf_mesh, 0);
    assert_int_equal(scene->skinned_meshes[p->index].node.index, model->source_nodes[16].index);
    TA_ASSERT_OK(ta_model_find_primitive(model, 17, 0, &p, &err), &err);
    assert_false(p->skinned);
    assert_int_equal(p->gltf_mesh, 1);
    assert_int_equal(scene->meshes[p->index].node.index, model->source_nodes[17].index);
    assert_int_equal(model->source_primitive_count, 3);
    TA_ASSERT_REFUSED(ta_model_find_primitive(model, 3, 0, &p, &err), &err, TA_ERROR_NOT_FOUND, "node 3's primitive 0");
    TA_ASSERT_REFUSED(ta_model_find_primitive(model, 16, 1, &p, &err), &err, TA_ERROR_NOT_FOUND, "primitive 1");

    ta_pose_socket hand;
    TA_ASSERT_OK(ta_pose_socket_find(scene, "hand_L", &hand, &err), &err);
    assert_int_equal(hand.node.index, model->source_nodes[6].index);
    TA_ASSERT_REFUSED(ta_pose_socket_find(scene, "hand_X", &hand, &err), &err, TA_ERROR_NOT_FOUND, "\"hand_X\"");
    assert_int_equal(hand.node.index, model->source_nodes[6].index); /* a refused find leaves it */
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(scene, NULL, &pose, &err), &err);
    ta_mat4 m = ta_mat4_identity(), kept = m;
    TA_ASSERT_REFUSED(ta_pose_socket_world(pose, scene, hand, &m, &err), &err, TA_ERROR_BAD_STATE, "hand_L");
    assert_memory_equal(&m, &kept, sizeof m);
    ta_mat4 *world = calloc(scene->node_count, sizeof *world);
    assert_non_null(world);
    TA_ASSERT_OK(ta_pose_world_pass(pose, scene, ta_node_none(), world, scene->node_count, &err), &err);
    TA_ASSERT_OK(ta_pose_socket_world(pose, scene, hand, &m, &err), &err);
    assert_memory_equal(&m, &world[hand.node.index], sizeof m);
    ta_pose_socket bad = {ta_node_at(scene->node_count)};
    TA_ASSERT_REFUSED(ta_pose_socket_world(pose, scene, bad, &m, &err), &err, TA_ERROR_MISSING_TARGET, "socket");
    free(world);
    ta_pose_destroy(pose);
    ta_model_destroy(model);
}

/* What one more character of a file costs: its scene (an instance of the
 * loaded one), its mixer playing clip 0 (after its first update, which makes
 * the bindings), its pose, its world matrices and its bones in a palette. */
static void character_bytes(const char *label, const char *file)
{
    ta_error err = {0};
    ta_model *model = NULL;
    TA_ASSERT_OK(ta_gltf_load_file(file, NULL, &model, &err), &err);
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_scene_options so = {&alloc, NULL, NULL};
    ta_scene *scene = NULL;
    TA_ASSERT_OK(ta_scene_instantiate(model->scene, &so, &scene, &err), &err);
    size_t scene_bytes = counter.live_bytes;
    ta_mixer_options mo = {0};
    mo.allocator = &alloc;
    ta_mixer *mixer = NULL;
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &mo, &mixer, &err), &err);
    ta_action_options ao = {0};
    ao.allocator = &alloc;
    ta_action *action = NULL;
    uint32_t index;
    TA_ASSERT_OK(ta_action_create(model->animations[0], &ao, &action, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(mixer, action, ta_node_none(), &index, &err), &err);
    TA_ASSERT_OK(ta_action_play(action, &err), &err);
    TA_ASSERT_OK(ta_mixer_update(mixer, scene, ta_duration_from_seconds(0.1), &err), &err);
    size_t mixer_bytes = counter.live_bytes - scene_bytes;
    ta_pose_options po = {&alloc, 0};
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(scene, &po, &pose, &err), &err);
    size_t pose_bytes = counter.live_bytes - scene_bytes - mixer_bytes;
    assert_int_equal(pose_bytes, ta_pose_bytes(pose)); /* what ta_pose_bytes says is what it holds */
    size_t world_bytes = (size_t)scene->node_count * sizeof(ta_mat4), joints = 0;
    for (uint32_t s = 0; s < scene->skin_count; ++s) joints += scene->skins[s].joint_count;
    size_t total = scene_bytes + mixer_bytes + pose_bytes + world_bytes;
    assert_true(scene_bytes > 0 && mixer_bytes > 0 && joints > 0);
    print_message("%s: one character %zu bytes with 3x4 palettes (%zu with 4x4): scene %zu, mixer and action %zu, "
                  "pose %zu (%u nodes), world matrices %zu, palette %zu (%zu bones x 48; x 64: %zu)\n",
                  label, total + joints * 48, total + joints * 64, scene_bytes, mixer_bytes, pose_bytes,
                  scene->node_count, world_bytes, joints * 48, joints, joints * 64);
    ta_pose_destroy(pose);
    ta_mixer_destroy(mixer);
    ta_scene_destroy(scene);
    assert_int_equal(counter.live_bytes, 0);
    ta_model_destroy(model);
}

static void test_memory_per_character(void **state)
{
    (void)state;
    char path[4096];
    character_bytes("default.glb", ta_test_source_path("examples/default.glb", path, sizeof path));
    if (ta_test_samples_path("Fox/glTF-Binary/Fox.glb", path, sizeof path) != NULL)
        character_bytes("Fox.glb", path);
    else
        print_message("Fox.glb: skipped (no Khronos samples in %s)\n", ta_test_samples_dir());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_set_is_threejs),
        cmocka_unit_test(test_every_set_same_over_blocks),
        cmocka_unit_test(test_set_refusals),
        cmocka_unit_test(test_pool_frame_same_as_one_thread),
        cmocka_unit_test(test_lane_pass_is_threejs),
        cmocka_unit_test(test_lane_loops_are_column_loops),
        cmocka_unit_test(test_float_lanes_near_double),
        cmocka_unit_test(test_float_lanes_two_rigs),
        cmocka_unit_test(test_two_rigs_interleaved),
        cmocka_unit_test(test_big_rig_lane_pass),
        cmocka_unit_test(test_far_frame_same_numbers),
        cmocka_unit_test(test_shared_scene_in_order),
        cmocka_unit_test(test_rig_memo_follows_changes),
        cmocka_unit_test(test_rig_levers_kept_and_renewed),
        cmocka_unit_test(test_frame_without_world),
        cmocka_unit_test(test_frame_refusals_change_nothing),
        cmocka_unit_test(test_pool),
        cmocka_unit_test(test_pool_caller_runs_what_no_thread_began),
        cmocka_unit_test(test_batch_pool),
        cmocka_unit_test(test_batch_pool_guided),
        cmocka_unit_test(test_maps_and_sockets),
        cmocka_unit_test(test_memory_per_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
