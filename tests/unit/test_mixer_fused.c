#define _POSIX_C_SOURCE 200809L /* setenv */
/* The mixer's fused path (src/animation/mixer_fused.h): it is taken for one
 * rig's node and morph influence clips, gives three.js's numbers (worked out here from
 * PropertyMixer's rules), gives the general path's numbers bit for bit on
 * every instruction set this CPU runs (TA_SIMD), refuses a value that is not
 * finite with nothing changed, and leaves and re-enters as actions change. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ta_test.h"

#include "animation/clip_fused.h"
#include "animation/lerp_lane.h"
#include "animation/mixer_internal.h"
#include "animation/track_internal.h"
#include "threeanim/threeanim.h"

/* BIG_RIG: more than the fused path's scratch on the stack holds (8 KiB) */
enum { BONES = 21, BIG_RIG = 150, KEYS = 9 };
/* FACE: more morph lanes in one time group than a curve reads at a time (TA__FUSED_CHUNK) */
enum { MORPHS = 12, FACE = 70, MORPH_KEYS = 6 };
#define HALF_ANGLE_45 (3.14159265358979323846 / 8) /* a 45-degree turn's quaternion half angle */

static ta_track_target target_of(uint32_t node, ta_track_kind kind)
{
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_node(ta_node_at(node), kind, &t, &err), &err);
    return t;
}

/* A CUBIC_SPLINE key's tangents and a BEZIER key's control points, made from
 * the keys: the slope between the neighbours, the in and out sides made
 * unlike (so that reading the wrong one shows), and Bezier control times off
 * the thirds of the interval (so that Newton's method takes several steps):
 * one time per key for all numbers (the parameter solved once), or, with
 * `spread`, a time per number (solved lane by lane); `lean` moves them all,
 * so that one-number tracks get times of their own too. */
static void curve_of(const float *times, const float *values, uint32_t keys, uint32_t n, ta_interpolation interp,
                     bool spread, double lean0, float *in, float *out)
{
    for (uint32_t k = 0; k < keys; ++k) {
        const uint32_t lo = k ? k - 1 : 0, hi = k + 1 < keys ? k + 1 : k;
        const double before = k ? times[k] - times[k - 1] : times[1] - times[0];
        const double after = k + 1 < keys ? times[k + 1] - times[k] : before;
        for (uint32_t j = 0; j < n; ++j) {
            const size_t at = (size_t)k * n + j;
            const double slope = (values[(size_t)hi * n + j] - values[(size_t)lo * n + j]) / (times[hi] - times[lo]);
            if (interp == TA_INTERPOLATION_CUBIC_SPLINE) {
                in[at] = (float)(0.9 * slope);
                out[at] = (float)(1.1 * slope);
            } else {
                const double lean = lean0 + (spread ? 0.1 * j : 0);
                in[2 * at] = (float)(times[k] - (0.6 + lean) * before / 3);
                in[2 * at + 1] = (float)(values[at] - 0.8 * slope * before / 3);
                out[2 * at] = (float)(times[k] + (1.4 - lean) * after / 3);
                out[2 * at + 1] = (float)(values[at] + 1.2 * slope * after / 3);
            }
        }
    }
}

static ta_track *track_leaning(ta_track_target target, const float *times, const float *values, uint32_t keys,
                               uint32_t n, ta_interpolation interp, bool spread, double lean)
{
    ta_error err = {0};
    ta_track_desc d = {0};
    float in[2 * KEYS * 4], out[2 * KEYS * 4];
    d.interpolation = interp;
    d.target = target;
    d.times = times;
    d.key_count = keys;
    d.values = values;
    d.value_count = keys * n;
    if (interp == TA_INTERPOLATION_CUBIC_SPLINE || interp == TA_INTERPOLATION_BEZIER) {
        assert_true(keys <= KEYS && keys >= 2);
        curve_of(times, values, keys, n, interp, spread, lean, in, out);
        d.in_tangents = in;
        d.out_tangents = out;
        d.tangent_count = (interp == TA_INTERPOLATION_BEZIER ? 2 : 1) * keys * n;
    }
    ta_track *t = NULL;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &t, &err), &err);
    return t;
}

static ta_track *track_interp(ta_track_target target, const float *times, const float *values, uint32_t keys,
                              uint32_t n, ta_interpolation interp, bool spread)
{
    return track_leaning(target, times, values, keys, n, interp, spread, 0);
}

static ta_track *track_of(ta_track_target target, const float *times, const float *values, uint32_t keys, uint32_t n)
{
    return track_interp(target, times, values, keys, n, TA_INTERPOLATION_LINEAR, false);
}

/* A rig clip: every bone's position, rotation and scale; `spin` sets how far
 * apart a rotation's keys are (large: keys whose dot is below 0.7). */
/* split: the positions and scales keyed at their own, fewer, times (two time groups) */
/* Morph influence j of a rig's face: the mesh's target j / 2 for even j, the
 * skinned mesh's for odd j (both on node 0). */
static ta_track_target morph_target(uint32_t j)
{
    ta_error err = {0};
    ta_track_target t;
    if (j % 2 == 0)
        TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), j / 2, &t, &err), &err);
    else
        TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(0), j / 2, &t, &err), &err);
    return t;
}

/* `morphs` morph influence tracks of `interp` (see morph_target). split: a
 * third of them keyed at the rotations' times, a third at the vectors', a
 * third at their own (a time group of morphs alone); else all at the
 * rotations'. Odd seeds: Bezier control times of their own per track. */
static void add_morph_tracks(ta_track **tracks, uint32_t seed, ta_interpolation interp, bool split, uint32_t morphs,
                             const float *times, const float *few, uint32_t few_keys)
{
    float own[MORPH_KEYS];
    for (uint32_t k = 0; k < MORPH_KEYS; ++k) own[k] = (float)k / (MORPH_KEYS - 1);
    for (uint32_t j = 0; j < morphs; ++j) {
        const uint32_t at = split ? j % 3 : 0;
        const float *t = at == 0 ? times : at == 1 ? few : own;
        const uint32_t keys = at == 0 ? KEYS : at == 1 ? few_keys : MORPH_KEYS;
        float w[KEYS];
        for (uint32_t k = 0; k < keys; ++k) w[k] = (float)(0.5 + 0.5 * sin(6.283185307179586 * t[k] + seed + 0.7 * j));
        tracks[j] = track_leaning(morph_target(j), t, w, keys, 1, interp, false, seed % 2 ? 0.02 * (j % 7) : 0);
    }
}

/* A rig clip of `bones` bones' TRS tracks of `interp` and `morphs` morph
 * influences of `morph_interp` (add_morph_tracks). */
static ta_clip *rig_clip_morphs(uint32_t seed, double spin, const char *name, ta_interpolation interp, bool split,
                                uint32_t bones, uint32_t morphs, ta_interpolation morph_interp)
{
    ta_error err = {0};
    float times[KEYS], few[KEYS];
    const uint32_t few_keys = split ? 4 : KEYS;
    for (uint32_t k = 0; k < KEYS; ++k) times[k] = (float)k / (KEYS - 1);
    for (uint32_t k = 0; k < few_keys; ++k) few[k] = (float)k / (few_keys - 1);
    ta_track *tracks[3 * BIG_RIG + FACE];
    for (uint32_t b = 0; b < bones; ++b) {
        float pos[KEYS * 3], rot[KEYS * 4], scl[KEYS * 3];
        double ax = sin(seed + b * 1.3), ay = cos(seed * 2.1 + b), az = 0.5;
        double len = sqrt(ax * ax + ay * ay + az * az);
        for (uint32_t k = 0; k < KEYS; ++k) {
            double u = 6.283185307179586 * k / (KEYS - 1) + seed + b;
            for (uint32_t c = 0; c < 3; ++c) {
                pos[k * 3 + c] = (float)(0.3 * sin(u + c) + 0.01 * b);
                scl[k * 3 + c] = (float)(1 + 0.1 * cos(u * 2 + c));
            }
            double angle = spin * sin(u) * (1 + 0.1 * b);
            double s = sin(angle / 2);
            rot[k * 4 + 0] = (float)(ax / len * s);
            rot[k * 4 + 1] = (float)(ay / len * s);
            rot[k * 4 + 2] = (float)(az / len * s);
            rot[k * 4 + 3] = (float)cos(angle / 2);
        }
        tracks[3 * b] = track_interp(target_of(b, TA_TRACK_KIND_POSITION), few, pos, few_keys, 3, interp, seed % 2);
        /* three.js has no SMOOTH rotation: a SMOOTH rig's rotations are LINEAR, as a file's would be */
        tracks[3 * b + 1] = track_interp(target_of(b, TA_TRACK_KIND_QUATERNION), times, rot, KEYS, 4,
                                         interp == TA_INTERPOLATION_SMOOTH ? TA_INTERPOLATION_LINEAR : interp, seed % 2);
        tracks[3 * b + 2] = track_interp(target_of(b, TA_TRACK_KIND_SCALE), few, scl, few_keys, 3, interp, seed % 2);
    }
    add_morph_tracks(tracks + 3 * bones, seed, morph_interp, split, morphs, times, few, few_keys);
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create(name, tracks, 3 * bones + morphs, NULL, &clip, &err), &err);
    return clip;
}

static ta_clip *rig_clip_interp(uint32_t seed, double spin, const char *name, ta_interpolation interp, bool split,
                                uint32_t bones)
{
    return rig_clip_morphs(seed, spin, name, interp, split, bones, 0, TA_INTERPOLATION_LINEAR);
}

static ta_clip *rig_clip(uint32_t seed, double spin, const char *name)
{
    return rig_clip_interp(seed, spin, name, TA_INTERPOLATION_LINEAR, false, BONES);
}

static ta_scene *rig_scene_of(uint32_t bones)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    for (uint32_t b = 0; b < bones; ++b) {
        ta_node_id id;
        TA_ASSERT_OK(ta_scene_add_node(s, b ? ta_node_at((b - 1) / 2) : ta_node_none(), "bone", &id, &err), &err);
        ta_scene_node(s, id)->position = ta_vec3_make(0.5f * (float)b, 1, -1);
    }
    return s;
}

/* A rig scene (at least one node) with a mesh and a skinned mesh on node 0,
 * their morph influences (morphs between them, see morph_target) at rest
 * at values of their own, so that a rest toward them shows. */
static ta_scene *face_scene(uint32_t bones, uint32_t morphs)
{
    ta_error err = {0};
    ta_scene *s = rig_scene_of(bones > 0 ? bones : 1);
    float rest[FACE];
    for (uint32_t e = 0; e < FACE; ++e) rest[e] = 0.25f + 0.01f * (float)e;
    const ta_node_id bone = ta_node_at(0);
    ta_mesh_desc d = {0};
    d.node = bone;
    d.morph_count = (morphs + 1) / 2;
    d.morph_influences = rest;
    TA_ASSERT_OK(ta_scene_add_mesh(s, &d, NULL, &err), &err);
    d.morph_count = morphs / 2;
    d.morph_influences = rest + 1;
    d.bones = &bone;
    d.bone_count = 1;
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &d, NULL, &err), &err);
    return s;
}

static ta_scene *rig_scene(void)
{
    return rig_scene_of(BONES);
}

static ta_mixer *mixer_on(const char *simd)
{
    ta_error err = {0};
    ta_mixer *m = NULL;
    if (simd)
        setenv("TA_SIMD", simd, 1);
    else
        unsetenv("TA_SIMD");
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), NULL, &m, &err), &err);
    unsetenv("TA_SIMD");
    return m;
}

static ta_action *add_playing_with(ta_mixer *m, const ta_clip *clip, float weight, const ta_allocator *alloc)
{
    ta_error err = {0};
    ta_action *a = NULL;
    uint32_t index;
    ta_action_options opts = {0};
    opts.allocator = alloc;
    TA_ASSERT_OK(ta_action_create(clip, &opts, &a, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(m, a, ta_node_none(), &index, &err), &err);
    TA_ASSERT_OK(ta_action_set_weight(a, weight, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

static ta_action *add_playing(ta_mixer *m, const ta_clip *clip, float weight)
{
    return add_playing_with(m, clip, weight, NULL);
}

static bool simd_runs(const char *name)
{
    ta_error err = {0};
    ta__simd s;
    return ta__fused_choose(name, &s, &err) == TA_OK;
}

/* A story's two mixers and scenes (general and fused, side by side) and its clips, freed. */
static void free_story(ta_mixer *const mixers[2], ta_scene *const scenes[2], ta_clip *const *clips, int clip_count)
{
    for (int i = 0; i < 2; ++i) {
        ta_mixer_destroy(mixers[i]);
        ta_scene_destroy(scenes[i]);
    }
    for (int a = 0; a < clip_count; ++a) ta_clip_release(clips[a]);
}

/* run on every instruction set this CPU runs (at least one), the others named as skipped. */
static void each_path(void (*run)(const char *simd))
{
    const char *paths[4] = {"scalar", "sse2", "avx2", "avx512"};
    int ran = 0;
    for (int i = 0; i < 4; ++i) {
        if (!simd_runs(paths[i])) {
            printf("# %s: not run by this CPU, skipped\n", paths[i]);
            continue;
        }
        run(paths[i]);
        ran++;
    }
    assert_true(ran >= 1);
}

/* Two clips on one node, blended 0.7 / 0.3: the numbers three.js's
 * PropertyMixer gives (first copied, second mixed in by 0.3 / 1.0; rotations
 * about one axis slerp by angle), and the fused path took the updates. */
/* Fills the stack below the caller with NaNs, so that an update which reads a
 * number of its work area (on the stack for small rigs) before writing it
 * finds a NaN there, refuses the fused path and fails the runs counted below,
 * every time rather than by the luck of what was left there. */
__attribute__((noinline)) static void poison_stack(void)
{
    volatile float junk[32768];
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; ++i) junk[i] = NAN;
}

static void test_blend_matches_property_mixer(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[2] = {0, 1};
    const float p0[6] = {0, 0, 0, 2, 4, 6}, p1[6] = {10, 10, 10, 20, 20, 20};
    const float half = 0.38268343236508978f, halfc = 0.92387953251128674f; /* 45 degrees about z */
    const float q0[8] = {0, 0, 0, 1, 0, 0, half, halfc}, q1[8] = {0, 0, 0, 1, 0, 0, -half, halfc};
    ta_track *a_tracks[2] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p0, 2, 3),
                             track_of(target_of(0, TA_TRACK_KIND_QUATERNION), times, q0, 2, 4)};
    ta_track *b_tracks[2] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p1, 2, 3),
                             track_of(target_of(0, TA_TRACK_KIND_QUATERNION), times, q1, 2, 4)};
    ta_clip *ca = NULL, *cb = NULL;
    TA_ASSERT_OK(ta_clip_create("a", a_tracks, 2, NULL, &ca, &err), &err);
    TA_ASSERT_OK(ta_clip_create("b", b_tracks, 2, NULL, &cb, &err), &err);
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    ta_node_id n;
    TA_ASSERT_OK(ta_scene_add_node(s, ta_node_none(), "n", &n, &err), &err);
    ta_mixer *m = mixer_on(NULL);
    add_playing(m, ca, 0.7f);
    add_playing(m, cb, 0.3f);
    double t = 0;
    for (int frame = 0; frame < 3; ++frame) {
        TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
        t += 0.25;
        double wa = 0.7f, wb = 0.3f, mix = wb / (wa + wb);
        const ta_node *node = ta_scene_node(s, n);
        double pa[3] = {2 * t, 4 * t, 6 * t}, pb[3] = {10 + 10 * t, 10 + 10 * t, 10 + 10 * t};
        TA_ASSERT_NEAR(node->position.x, pa[0] * (1 - mix) + pb[0] * mix, 1e-5);
        TA_ASSERT_NEAR(node->position.y, pa[1] * (1 - mix) + pb[1] * mix, 1e-5);
        TA_ASSERT_NEAR(node->position.z, pa[2] * (1 - mix) + pb[2] * mix, 1e-5);
        /* clip a turns 0 -> +45 degrees, clip b 0 -> -45: the blend is the mean angle */
        double angle = (HALF_ANGLE_45 * t) * (1 - mix) + (-HALF_ANGLE_45 * t) * mix;
        TA_ASSERT_NEAR(node->quaternion.z, sin(angle), 1e-6);
        TA_ASSERT_NEAR(node->quaternion.w, cos(angle), 1e-6);
        TA_ASSERT_NEAR(node->quaternion.x, 0, 1e-7);
        TA_ASSERT_NEAR(node->scale.x, 1, 0); /* not driven: untouched */
    }
    if (ta__simd_best() != TA__SIMD_GENERAL) assert_true(m->fused.runs >= 2);
    ta_mixer_destroy(m);
    ta_scene_destroy(s);
    ta_clip_release(ca);
    ta_clip_release(cb);
}

/* three.js's QuaternionLinearInterpolant read at the start of interval a..b
 * (alpha 0): slerpFlat's weights are then exactly 1 and 0 (sin(theta) /
 * sin(theta) and sin(0)), so its far branch returns a as it is; its near
 * branch (a dot of 0.9995 or more) normalizes a in double, and the
 * interpolant's Float32Array result rounds that. Worked out here from
 * Quaternion.slerpFlat, not from the library. */
static void threejs_at_start(const float a[4], const float b[4], float out[4])
{
    const double dot = (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3];
    double f = 1;
    if (fabs(dot) >= 0.9995)
        f = 1 / sqrt((double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2] + (double)a[3] * a[3]);
    for (int c = 0; c < 4; ++c) out[c] = (float)(a[c] * f);
}

/* Node `node`'s quaternion is want, bit for bit (on path, after update `step`). */
static void assert_rotation_is(const ta_scene *s, uint32_t node, const float want[4], const char *path, int step)
{
    const ta_quat *q = &ta_scene_node_const(s, ta_node_at(node))->quaternion;
    const float got[4] = {q->x, q->y, q->z, q->w};
    if (memcmp(got, want, sizeof got) != 0)
        fail_msg("%s, update %d: node %u: %.9g %.9g %.9g %.9g, three.js %.9g %.9g %.9g %.9g", path, step, node,
                 (double)got[0], (double)got[1], (double)got[2], (double)got[3], (double)want[0], (double)want[1],
                 (double)want[2], (double)want[3]);
}

/* Turn `half` (a quaternion's half angle) about the axis (x, y, z), a unit vector. */
static void turn(float q[4], double x, double y, double z, double half)
{
    q[0] = (float)(x * sin(half));
    q[1] = (float)(y * sin(half));
    q[2] = (float)(z * sin(half));
    q[3] = (float)cos(half);
}

/* A LINEAR rotation read exactly at a key is the key as three.js returns
 * it, bit for bit, on the general path, on every instruction set of the
 * fused path and from ta_track_sample: at the first key (time 0) and at a
 * key inside the track (the start of its next interval). One node per
 * branch of slerpFlat: within a dot of 0.9995 (lerp and normalize), Eberly's
 * series (0.7 to 0.9995), below 0.7, a negative dot (the shorter arc turns
 * the next key over), and keys 2e-4 off unit length, which three.js's
 * normalization moves (the key itself would be wrong there). */
static void test_linear_rotation_at_a_key_is_the_key(void **state)
{
    (void)state;
    enum { NODES = 5, AT_KEYS = 3 };
    const float times[AT_KEYS] = {0, 0.5f, 1};
    float keys[NODES][AT_KEYS * 4];
    for (int k = 0; k < AT_KEYS; ++k) {
        turn(&keys[0][k * 4], 0, 0, 1, 0.01 * (k + 1));         /* dot 0.99995: near */
        turn(&keys[1][k * 4], 0, 0.6, 0.8, 0.3 + 0.45 * k);     /* dot cos(0.45) = 0.90: the series */
        turn(&keys[2][k * 4], 0.8, 0, 0.6, 0.2 + 1.2 * k);      /* dot cos(1.2) = 0.36 */
        turn(&keys[3][k * 4], 1, 0, 0, 0.4 + 0.02 * k);         /* near, then turned over: dot -0.9998 */
        if (k == 1)
            for (int c = 0; c < 4; ++c) keys[3][4 + c] = -keys[3][4 + c];
        turn(&keys[4][k * 4], 0, 1, 0, 0.7 + 0.015 * k);        /* near, 1 + 2e-4 long */
        for (int c = 0; c < 4; ++c) keys[4][k * 4 + c] *= 1.0002f;
    }
    float want[2][NODES][4]; /* at time 0 and at time 0.5 */
    for (int n = 0; n < NODES; ++n) {
        threejs_at_start(&keys[n][0], &keys[n][4], want[0][n]);
        threejs_at_start(&keys[n][4], &keys[n][8], want[1][n]);
        if (n < 4) {
            /* unit keys: three.js returns the key itself */
            assert_memory_equal(want[0][n], &keys[n][0], sizeof want[0][n]);
            assert_memory_equal(want[1][n], &keys[n][4], sizeof want[1][n]);
        }
    }
    assert_memory_not_equal(want[0][4], &keys[4][0], sizeof want[0][4]);
    ta_track *tracks[NODES];
    for (int n = 0; n < NODES; ++n)
        tracks[n] = track_of(target_of((uint32_t)n, TA_TRACK_KIND_QUATERNION), times, keys[n], AT_KEYS, 4);
    ta_error err = {0};
    for (int n = 0; n < NODES; ++n)
        for (int at = 0; at < 2; ++at) {
            float got[4];
            TA_ASSERT_OK(ta_track_sample(tracks[n], times[at], TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, got, 4,
                                         &err),
                         &err);
            if (memcmp(got, want[at][n], sizeof got) != 0) fail_msg("ta_track_sample: node %d at key %d", n, at);
        }
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create("at keys", tracks, NODES, NULL, &clip, &err), &err);
    const char *paths[5] = {"general", "scalar", "sse2", "avx2", "avx512"};
    for (int p = 0; p < 5; ++p) {
        if (!simd_runs(paths[p])) {
            printf("# %s: not run by this CPU, skipped\n", paths[p]);
            continue;
        }
        ta_scene *s = rig_scene_of(NODES);
        ta_mixer *m = mixer_on(paths[p]);
        add_playing(m, clip, 1);
        /* the first update binds on the general path; the fused one reads time 0 again, then 0.5 */
        const double steps[3] = {0, 0, 0.5};
        for (int step = 0; step < 3; ++step) {
            const int at = step == 2;
            TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(steps[step]), &err), &err);
            for (int n = 0; n < NODES; ++n) assert_rotation_is(s, (uint32_t)n, want[at][n], paths[p], step);
        }
        if (p > 0) assert_int_equal(m->fused.runs, 2);
        ta_mixer_destroy(m);
        ta_scene_destroy(s);
    }
    ta_clip_release(clip);
}

/* The Fox's "Survey" at time 0, on the general path and on every
 * instruction set of the fused path: every rotation channel is its first key
 * as three.js returns it (the key itself: all its keys are unit to float32
 * precision; three.js 0.186.0's interpolant returns each of the 20 to the
 * bit). They were one float32 step off in 5 of them. */
static void test_fox_survey_at_time_0_is_its_keys(void **state)
{
    (void)state;
    char path[1024];
    if (ta_test_samples_path("Fox/glTF-Binary/Fox.glb", path, sizeof path) == NULL) {
        print_message("skipped: the Fox is not in %s\n", ta_test_samples_dir());
        skip();
    }
    ta_error err = {0};
    ta_model *fox = NULL;
    TA_ASSERT_OK(ta_gltf_load_file(path, NULL, &fox, &err), &err);
    const ta_clip *survey = NULL;
    for (uint32_t i = 0; i < fox->animation_count; ++i)
        if (strcmp(ta_clip_name(fox->animations[i]), "Survey") == 0) survey = fox->animations[i];
    assert_non_null(survey);
    const char *paths[5] = {"general", "scalar", "sse2", "avx2", "avx512"};
    for (int p = 0; p < 5; ++p) {
        if (!simd_runs(paths[p])) continue;
        ta_scene *s = NULL;
        TA_ASSERT_OK(ta_scene_instantiate(fox->scene, NULL, &s, &err), &err);
        ta_mixer *m = mixer_on(paths[p]);
        add_playing(m, survey, 1);
        for (int step = 0; step < 2; ++step) { /* the second on the fused path */
            TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0), &err), &err);
            uint32_t rotations = 0;
            for (uint32_t i = 0; i < ta_clip_track_count(survey); ++i) {
                const ta_track *tr = ta_clip_track(survey, i);
                const ta_track_target target = ta_track_target_of(tr);
                if (target.kind != TA_TRACK_KIND_QUATERNION) continue;
                assert_true(ta_track_interpolation(tr) == TA_INTERPOLATION_LINEAR && ta_track_times(tr)[0] == 0);
                float want[4];
                threejs_at_start(ta_track_values(tr), ta_track_values(tr) + 4, want);
                assert_memory_equal(want, ta_track_values(tr), sizeof want);
                assert_rotation_is(s, target.index, want, paths[p], step);
                rotations++;
            }
            assert_int_equal(rotations, 20);
        }
        if (p > 0) assert_int_equal(m->fused.runs, 1);
        ta_mixer_destroy(m);
        ta_scene_destroy(s);
    }
    ta_model_destroy(fox);
}

/* LINEAR node vectors lerp in float32 on both paths (lerp_lane.h, and the
 * differences list): the node holds the float32 form's numbers exactly, on
 * the general path and on the fused one; within two float32 steps of three.js's
 * lerps in double; and a constant stays exactly itself. */
static void test_vector_lerp_in_float32(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_seeded_random rng = ta_seeded_random_make(20261203);
    const float times[2] = {0, 1};
    for (int round = 0; round < 40; ++round) {
        float ka[6], kb[6];
        for (int i = 0; i < 6; ++i) {
            ka[i] = (float)(200 * ta_seeded_random_next(&rng) - 100);
            kb[i] = (float)(200 * ta_seeded_random_next(&rng) - 100);
        }
        if (round == 0)
            for (int i = 0; i < 6; ++i) ka[i] = kb[i] = 9; /* constant: stays 9 */
        ta_track *ta_ = track_of(target_of(0, TA_TRACK_KIND_POSITION), times, ka, 2, 3);
        ta_track *tb_ = track_of(target_of(0, TA_TRACK_KIND_POSITION), times, kb, 2, 3);
        ta_clip *ca = NULL, *cb = NULL;
        TA_ASSERT_OK(ta_clip_create("a", &ta_, 1, NULL, &ca, &err), &err);
        TA_ASSERT_OK(ta_clip_create("b", &tb_, 1, NULL, &cb, &err), &err);
        const char *paths[2] = {"general", NULL};
        for (int p = 0; p < 2; ++p) {
            ta_scene *s = rig_scene_of(1);
            ta_mixer *m = mixer_on(paths[p]);
            ta_action *a = add_playing(m, ca, 0.7f);
            add_playing(m, cb, 0.3f);
            for (int frame = 0; frame < 5; ++frame) {
                TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.173), &err), &err);
                const double t = ta_action_time(a).seconds; /* both actions' phase; keys at 0 and 1 */
                const double mix = (double)0.3f / (float)((float)0.7f + (double)0.3f);
                const ta_vec3 got = ta_scene_node(s, ta_node_at(0))->position;
                const float g[3] = {got.x, got.y, got.z};
                for (int c = 0; c < 3; ++c) {
                    const float fa = ta__lerp_lane(ka[c], ka[3 + c], (float)t);
                    const float fb = ta__lerp_lane(kb[c], kb[3 + c], (float)t);
                    const float want = ta__lerp_lane(fa, fb, (float)mix);
                    if (memcmp(&g[c], &want, sizeof want) != 0)
                        fail_msg("%s: round %d frame %d number %d: %.9g, the float32 form %.9g",
                                 paths[p] ? paths[p] : "fused", round, frame, c, (double)g[c], (double)want);
                    /* three.js: both lerps in double */
                    const double da = ka[c] * (1 - t) + ka[3 + c] * t, db = kb[c] * (1 - t) + kb[3 + c] * t;
                    const double three = da * (1 - mix) + db * mix;
                    TA_ASSERT_NEAR(g[c], three, 2 * 7.62939453125e-6); /* two float32 steps at 100 */
                    if (round == 0) TA_ASSERT_NEAR(g[c], 9, 0);
                }
            }
            if (paths[p] == NULL && ta__simd_best() != TA__SIMD_GENERAL) assert_true(m->fused.runs >= 3);
            ta_mixer_destroy(m);
            ta_scene_destroy(s);
        }
        ta_clip_release(ca);
        ta_clip_release(cb);
    }
}

/* A time group's TA__FUSED_SHARED_* at key 1 of the lanes of `interp` (vectors
 * and rotations of the clip's TRS interpolation, numbers of its morphs'), or
 * -1 when the group has none of them. */
static int shared_at_1(const ta__clip_fused *c, const ta__fused_group *g, ta_interpolation interp, bool numbers)
{
    if (numbers) return c->num_interp == interp && g->num_count ? g->num_shared[1] : -1;
    if (g->rot_count && c->rot_interp == interp) return g->rot_shared[1];
    if (g->vec_count && c->vec_interp == interp) return g->vec_shared[1];
    return -1;
}

/* Both ways of solving a Bezier's parameter are taken: once per key (the
 * even seed's clip, clips[1]), lane by lane (the odd seeds'). */
static void assert_bezier_both_ways(ta_clip *const clips[3])
{
    const int both = TA__FUSED_SHARED_IN | TA__FUSED_SHARED_OUT;
    for (uint32_t g = 0; g < clips[0]->fused->group_count; ++g)
        for (int numbers = 0; numbers < 2; ++numbers) {
            const int s0 = shared_at_1(clips[0]->fused, &clips[0]->fused->groups[g], TA_INTERPOLATION_BEZIER, numbers);
            const int s1 = shared_at_1(clips[1]->fused, &clips[1]->fused->groups[g], TA_INTERPOLATION_BEZIER, numbers);
            /* a lone number lane has nothing to differ from */
            const bool alone = numbers && clips[0]->fused->groups[g].num_count < 2;
            if (s0 >= 0 && !alone) assert_int_equal(s0, 0);
            if (s1 >= 0) assert_int_equal(s1, both);
        }
}

/* The numbers two scenes' bones (at least one) and face (face_scene) hold,
 * bit for bit. */
static void assert_same_scenes(const char *simd, int frame, ta_scene *gen, ta_scene *fus, uint32_t bones,
                               uint32_t morphs)
{
    for (uint32_t b = 0; b < (bones > 0 ? bones : 1); ++b) {
        const ta_node *x = ta_scene_node(gen, ta_node_at(b)), *y = ta_scene_node(fus, ta_node_at(b));
        const float gx[10] = {x->position.x, x->position.y, x->position.z, x->quaternion.x, x->quaternion.y,
                              x->quaternion.z, x->quaternion.w, x->scale.x, x->scale.y, x->scale.z};
        const float gy[10] = {y->position.x, y->position.y, y->position.z, y->quaternion.x, y->quaternion.y,
                              y->quaternion.z, y->quaternion.w, y->scale.x, y->scale.y, y->scale.z};
        if (memcmp(gx, gy, sizeof gx) != 0) {
            for (int c = 0; c < 10; ++c)
                if (memcmp(&gx[c], &gy[c], sizeof(float)) != 0)
                    fail_msg("%s: frame %d bone %u number %d: %.9g, general %.9g", simd, frame, b, c, (double)gy[c],
                             (double)gx[c]);
        }
    }
    for (uint32_t j = 0; j < morphs; ++j) {
        const ta_mesh *x = j % 2 ? ta_scene_skinned_mesh(gen, ta_skinned_mesh_at(0)) : ta_scene_mesh(gen, ta_mesh_at(0));
        const ta_mesh *y = j % 2 ? ta_scene_skinned_mesh(fus, ta_skinned_mesh_at(0)) : ta_scene_mesh(fus, ta_mesh_at(0));
        const float gx = x->morph_influences[j / 2], gy = y->morph_influences[j / 2];
        if (memcmp(&gx, &gy, sizeof gx) != 0)
            fail_msg("%s: frame %d morph %u: %.9g, general %.9g", simd, frame, j, (double)gy, (double)gx);
    }
}

/* Runs the same story on a mixer forced to `simd` and on one forced to the
 * general path, and compares every node number and morph influence bit for
 * bit after each update. The clips: `bones` bones' TRS tracks (the first
 * and third clips `base`, the second `second`: a STEP or curve clip's
 * rotations mix in double; a curve's numbers are read in double) and
 * `morphs` morph influences (`morph_base` and `morph_second` likewise). */
static void same_as_general_face(const char *simd, ta_interpolation base, ta_interpolation second, bool split,
                                 uint32_t bones, uint32_t morphs, ta_interpolation morph_base,
                                 ta_interpolation morph_second)
{
    ta_error err = {0};
    /* (odd seeds: Bezier control times per number, even: per key) */
    ta_clip *clips[3] = {rig_clip_morphs(1, 0.6, "walk", base, split, bones, morphs, morph_base),
                         rig_clip_morphs(2, 2.8, "spin", second, split, bones, morphs, morph_second),
                         rig_clip_morphs(3, 0.2, "idle", base, split, bones, morphs, morph_base)};
    for (int c = 0; c < 3; ++c) assert_non_null(clips[c]->fused);
    for (int c = 0; c < 3; ++c) assert_int_equal(clips[c]->fused->num_lanes > 0, morphs > 0);
    assert_bezier_both_ways(clips);
    if (split) assert_int_equal(clips[0]->fused->group_count, morphs >= 3 ? 3 : 2);
    ta_scene *scenes[2] = {morphs ? face_scene(bones, morphs) : rig_scene_of(bones),
                           morphs ? face_scene(bones, morphs) : rig_scene_of(bones)};
    ta_mixer *mixers[2] = {mixer_on("general"), mixer_on(simd)};
    ta_action *acts[2][3];
    const float weights[3] = {0.5f, 0.3f, 0.15f}; /* 0.95: the originals rest in by 0.05 */
    for (int i = 0; i < 2; ++i)
        for (int a = 0; a < 3; ++a) acts[i][a] = add_playing(mixers[i], clips[a], weights[a]);
    uint64_t runs_before_fades = 0, runs_additive = 0;
    for (int frame = 0; frame < 120; ++frame) {
        if (frame == 104) runs_before_fades = mixers[1]->fused.runs;
        if (frame == 61) runs_additive = mixers[1]->fused.runs;
        if (frame == 70) runs_additive = mixers[1]->fused.runs - runs_additive;
        for (int i = 0; i < 2; ++i) {
            /* leave the fused path and come back: stop and play, a weight of
             * one, an additive blend mode, a different time scale */
            if (frame == 30) TA_ASSERT_OK(ta_action_stop(acts[i][2], &err), &err);
            if (frame == 40) TA_ASSERT_OK(ta_action_play(acts[i][2], &err), &err);
            if (frame == 50) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.55f, &err), &err);
            if (frame == 60) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_ADDITIVE, &err), &err);
            if (frame == 64) { /* the additive action alone: the originals under it */
                TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0, &err), &err);
                TA_ASSERT_OK(ta_action_set_weight(acts[i][2], 0, &err), &err);
            }
            if (frame == 67) {
                TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.5f, &err), &err);
                TA_ASSERT_OK(ta_action_set_weight(acts[i][2], 0.15f, &err), &err);
            }
            if (frame == 70) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_NORMAL, &err), &err);
            if (frame == 80) TA_ASSERT_OK(ta_action_set_time_scale(acts[i][1], -1.5f, &err), &err);
            if (frame == 90) TA_ASSERT_OK(ta_action_set_weight(acts[i][2], 0, &err), &err);
            if (frame == 100) { /* the caller's writes */
                ta_scene_node(scenes[i], ta_node_at(bones > 3 ? 3 : 0))->position.x = 7;
                if (morphs) ta_scene_mesh(scenes[i], ta_mesh_at(0))->morph_influences[0] = 0.9f;
            }
            /* fades and warps only move per-action scalars: the fused path stays */
            if (frame == 104) TA_ASSERT_OK(ta_action_fade_in(acts[i][0], ta_duration_from_seconds(0.2), &err), &err);
            if (frame == 108)
                TA_ASSERT_OK(ta_action_warp(acts[i][1], 1.0f, 2.5f, ta_duration_from_seconds(0.15), &err), &err);
            poison_stack(); /* a lane the update reads before it writes shows as a NaN */
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        }
        assert_same_scenes(simd, frame, scenes[0], scenes[1], bones, morphs);
    }
    assert_int_equal(mixers[0]->fused.runs, 0);
    /* 120 updates; the general path takes the first, those after each change, and the additive stretch */
    assert_true(mixers[1]->fused.runs >= 80);
    /* the fade and the warp ran on it: the last sixteen updates were all fused */
    assert_int_equal(mixers[1]->fused.runs - runs_before_fades, 16);
    /* an additive action (alone from frame 64 to 66) is fused too: frames 61 to 69 */
    assert_int_equal(runs_additive, 9);
    /* the scratch was where the rig's size puts it */
    if (bones == BIG_RIG) assert_non_null(mixers[1]->fused.work);
    else assert_null(mixers[1]->fused.work);
    free_story(mixers, scenes, clips, 3);
}

static void same_as_general(const char *simd, ta_interpolation base, ta_interpolation second, bool split,
                            uint32_t bones)
{
    same_as_general_face(simd, base, second, split, bones, 0, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_LINEAR);
}

static void every_path_story(const char *simd)
{
    same_as_general(simd, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_LINEAR, false, BONES);
    same_as_general(simd, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_STEP, false, BONES);
    same_as_general(simd, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_LINEAR, true, BONES);
    same_as_general(simd, TA_INTERPOLATION_LINEAR, TA_INTERPOLATION_LINEAR, false, BIG_RIG); /* the scratch on the heap */
    /* the curves, first and mixed in, normal and additive, in one time group and in two */
    same_as_general(simd, TA_INTERPOLATION_SMOOTH, TA_INTERPOLATION_CUBIC_SPLINE, false, BONES);
    same_as_general(simd, TA_INTERPOLATION_CUBIC_SPLINE, TA_INTERPOLATION_BEZIER, true, BONES);
    same_as_general(simd, TA_INTERPOLATION_BEZIER, TA_INTERPOLATION_SMOOTH, false, BONES);
    same_as_general(simd, TA_INTERPOLATION_STEP, TA_INTERPOLATION_BEZIER, true, BIG_RIG);
    /* morph influences: with the bones and alone, every interpolation
     * first and mixed in (normal and additive: the story's frames 60 to
     * 69), their own or the bones', in one time group and in three */
    const ta_interpolation L = TA_INTERPOLATION_LINEAR, S = TA_INTERPOLATION_STEP, M = TA_INTERPOLATION_SMOOTH,
                           C = TA_INTERPOLATION_CUBIC_SPLINE, B = TA_INTERPOLATION_BEZIER;
    same_as_general_face(simd, L, L, false, BONES, MORPHS, L, L);
    same_as_general_face(simd, L, L, true, BONES, MORPHS, S, M);
    same_as_general_face(simd, C, B, true, BONES, MORPHS, M, C);
    same_as_general_face(simd, L, S, false, 0, MORPHS, C, B);
    same_as_general_face(simd, L, L, true, 0, FACE, B, L);
    same_as_general_face(simd, B, L, false, BONES, FACE, L, S);
}

static void test_every_path_same_as_general(void **state)
{
    (void)state;
    each_path(every_path_story);
}

/* The three stories' actions on mixer i: the walk at 0.7 and the spin at 0.3 playing, the idle at
 * 0.4 made and stopped (played later). */
static void story_actions(ta_mixer *m, ta_clip *const clips[3], ta_action *acts[3])
{
    ta_error err = {0};
    acts[0] = add_playing(m, clips[0], 0.7f);
    acts[1] = add_playing(m, clips[1], 0.3f);
    acts[2] = add_playing(m, clips[2], 0.4f);
    TA_ASSERT_OK(ta_action_stop(acts[2], &err), &err);
}

/* A story's frame 20: every action read at a key (0.5 is key 4 of the 9), by a seek. */
static void seek_to_a_key(ta_mixer *m, ta_scene *scene)
{
    ta_error err = {0};
    ta_mixer_targets t = {scene, NULL, NULL};
    TA_ASSERT_OK(ta_mixer_set_time(m, &t, ta_duration_from_seconds(0.5), &err), &err);
}

/* The fused runs of m when frame is one of the n marks, into runs_at. */
static void mark_runs(int frame, const int *marks, int n, uint64_t *runs_at, const ta_mixer *m)
{
    for (int k = 0; k < n; ++k)
        if (frame == marks[k]) runs_at[k] = m->fused.runs;
}

/* Two normal LINEAR actions whose weights leave nothing to rest, the blend's
 * usual update, go through one pass of each kind of lane (mix_two): the same
 * numbers bit for bit as the general path, with the updates around it that it
 * leaves to the action by action loop (a key read at an end, weights that rest,
 * a third action, an additive one, a key held at the clip's end) and the
 * rotations far apart (a spin of 2.8 against 0.6: lanes below a dot of 0.7,
 * redone in double). */
static void pair_same_as_general(const char *simd, bool split, uint32_t bones, uint32_t morphs)
{
    ta_error err = {0};
    const ta_interpolation L = TA_INTERPOLATION_LINEAR;
    ta_clip *clips[3] = {rig_clip_morphs(1, 0.6, "walk", L, split, bones, morphs, L),
                         rig_clip_morphs(2, 2.8, "spin", L, split, bones, morphs, L),
                         rig_clip_morphs(3, 0.2, "idle", L, split, bones, morphs, L)};
    ta_scene *scenes[2] = {morphs ? face_scene(bones, morphs) : rig_scene_of(bones),
                           morphs ? face_scene(bones, morphs) : rig_scene_of(bones)};
    ta_mixer *mixers[2] = {mixer_on("general"), mixer_on(simd)};
    ta_action *acts[2][3];
    for (int i = 0; i < 2; ++i) {
        story_actions(mixers[i], clips, acts[i]);
    }
    uint32_t pairs_at_20 = 0, pairs_at_70 = 0;
    for (int frame = 0; frame < 120; ++frame) {
        if (frame == 20) pairs_at_20 = mixers[1]->fused.pair_runs;
        if (frame == 70) pairs_at_70 = mixers[1]->fused.pair_runs;
        for (int i = 0; i < 2; ++i) {
            poison_stack();
            if (frame == 20) { /* every action read at a key */
                seek_to_a_key(mixers[i], scenes[i]);
                continue;
            }
            if (frame == 40) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.5f, &err), &err); /* rests by 0.2 */
            if (frame == 45) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.7f, &err), &err);
            if (frame == 50) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_ADDITIVE, &err), &err);
            if (frame == 55) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_NORMAL, &err), &err);
            if (frame == 60) { /* the walk alone, at a weight of one: the action by action loop */
                TA_ASSERT_OK(ta_action_set_weight(acts[i][1], 0, &err), &err);
                TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 1, &err), &err);
            }
            if (frame == 65) {
                TA_ASSERT_OK(ta_action_set_weight(acts[i][1], 0.3f, &err), &err);
                TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.7f, &err), &err);
            }
            if (frame == 70) TA_ASSERT_OK(ta_action_play(acts[i][2], &err), &err);
            if (frame == 80) TA_ASSERT_OK(ta_action_stop(acts[i][2], &err), &err);
            if (frame == 90) { /* the caller's writes: kept until the mix moves */
                ta_scene_node(scenes[i], ta_node_at(bones > 3 ? 3 : 0))->position.x = 7;
                if (morphs) ta_scene_mesh(scenes[i], ta_mesh_at(0))->morph_influences[0] = 0.9f;
            }
            if (frame == 100) { /* the spin ends and holds its last key */
                TA_ASSERT_OK(ta_action_set_loop(acts[i][1], TA_LOOP_MODE_ONCE, 1, &err), &err);
                ta_action_set_clamp_when_finished(acts[i][1], true);
            }
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        }
        assert_same_scenes(simd, frame, scenes[0], scenes[1], bones, morphs);
    }
    const ta__mixer_fused *f = &mixers[1]->fused;
    /* the first 20 updates but the first (the general path's) in one pass each */
    assert_int_equal(pairs_at_20, 19);
    /* frames 21 to 69 less the rest (40 to 44), the additive action (50 to 54; the fused path
     * takes it, action by action, and the pair again from 55) and the walk alone (60 to 64) */
    assert_int_equal(pairs_at_70 - pairs_at_20, 49 - 5 - 5 - 5);
    /* none with three actions (70 to 79), then from 81 until the spin holds its last key */
    assert_true(f->pair_runs - pairs_at_70 >= 15);
    assert_true(f->pair_runs - pairs_at_70 <= 38);
    assert_true(f->runs > f->pair_runs + 20);
    free_story(mixers, scenes, clips, 3);
}

static void pair_stories(const char *simd)
{
    pair_same_as_general(simd, false, BONES, 0);
    pair_same_as_general(simd, true, BONES, 0);       /* two time groups */
    pair_same_as_general(simd, false, BIG_RIG, 0);    /* the scratch on the heap */
    pair_same_as_general(simd, true, BONES, MORPHS);  /* morph influences beside them */
}

static void test_two_actions_in_one_pass_same_as_general(void **state)
{
    (void)state;
    each_path(pair_stories);
}

/* Root motion on the fused path (mixer_fused.h): the root's lanes mixed again from the in-place
 * values give the general path's numbers bit for bit, and the same motion, with the yaw and
 * without, keep_vertical, the root read at a key, weights that rest, a third action, an action
 * that stands, and an additive action (which drives the root: the general path takes it). The
 * root (bone 0) has its position and rotation in different time groups when split. */
static void root_motion_same_as_general(const char *simd, ta_interpolation interp, bool split, uint32_t bones)
{
    ta_error err = {0};
    ta_clip *clips[3] = {rig_clip_morphs(1, 0.6, "walk", interp, split, bones, 0, interp),
                         rig_clip_morphs(2, 2.8, "spin", interp, split, bones, 0, interp),
                         rig_clip_morphs(3, 0.2, "idle", interp, split, bones, 0, interp)};
    ta_scene *scenes[2] = {rig_scene_of(bones), rig_scene_of(bones)};
    ta_mixer *mixers[2] = {mixer_on("general"), mixer_on(simd)};
    ta_action *acts[2][3];
    ta_root_motion_options yaw = {0}, upright = {0};
    yaw.root = ta_node_at(0);
    yaw.yaw = true;
    upright.root = ta_node_at(0);
    upright.keep_vertical = true;
    for (int i = 0; i < 2; ++i) {
        story_actions(mixers[i], clips, acts[i]);
        TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], &yaw, &err), &err);
    }
    uint64_t runs_at[7] = {0};
    const int marks[7] = {20, 50, 55, 60, 65, 70, 120};
    for (int frame = 0; frame < 120; ++frame) {
        mark_runs(frame, marks, 7, runs_at, mixers[1]);
        for (int i = 0; i < 2; ++i) {
            poison_stack();
            if (frame == 20) { /* every action read at a key */
                seek_to_a_key(mixers[i], scenes[i]);
                continue;
            }
            if (frame == 30) TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], &upright, &err), &err);
            if (frame == 40) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.5f, &err), &err); /* rests by 0.2 */
            if (frame == 45) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.7f, &err), &err);
            if (frame == 50) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_ADDITIVE, &err), &err);
            if (frame == 55) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_NORMAL, &err), &err);
            if (frame == 60) TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], NULL, &err), &err);
            if (frame == 65) TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], &yaw, &err), &err);
            if (frame == 70) TA_ASSERT_OK(ta_action_play(acts[i][2], &err), &err);
            if (frame == 75) ta_action_pause(acts[i][2]); /* stands: a share of the pose, no motion */
            if (frame == 80) TA_ASSERT_OK(ta_action_stop(acts[i][2], &err), &err);
            if (frame == 90) ta_scene_node(scenes[i], ta_node_at(0))->position.x = 7; /* the caller's write */
            if (frame == 100) { /* the spin ends and holds its last key */
                TA_ASSERT_OK(ta_action_set_loop(acts[i][1], TA_LOOP_MODE_ONCE, 1, &err), &err);
                ta_action_set_clamp_when_finished(acts[i][1], true);
            }
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        }
        assert_same_scenes(simd, frame, scenes[0], scenes[1], bones, 0);
        ta_root_motion moved[2];
        ta_mixer_root_motion(mixers[0], &moved[0]);
        ta_mixer_root_motion(mixers[1], &moved[1]);
        if (memcmp(&moved[0], &moved[1], sizeof moved[0]) != 0)
            fail_msg("%s: frame %d: moved %.9g %.9g %.9g yaw %.9g, general %.9g %.9g %.9g yaw %.9g", simd, frame,
                     (double)moved[1].translation.x, (double)moved[1].translation.y, (double)moved[1].translation.z,
                     (double)moved[1].yaw, (double)moved[0].translation.x, (double)moved[0].translation.y,
                     (double)moved[0].translation.z, (double)moved[0].yaw);
    }
    /* The root held in place: its x and z the walk's and spin's starts mixed (not their keys at
     * the update's time), so the root of the scene stays where frame 119 of the general path has
     * it, which the checks above hold; here, that the fused path ran root motion at all. */
    assert_int_equal(mixers[0]->fused.runs, 0);
    /* frames 1 to 19 and 21 to 49 but the setting's (30) and the weights' (40, 45) first updates */
    assert_true(runs_at[1] - runs_at[0] >= 29 - 3);
    assert_true(runs_at[0] >= 19);
    /* the additive action drives the root: the general path, frames 50 to 54 */
    assert_int_equal(runs_at[2] - runs_at[1], 0);
    /* root motion off (60 to 64) and on again (65 to 69): fused but the first update after each */
    assert_true(runs_at[4] - runs_at[3] >= 4);
    assert_true(runs_at[5] - runs_at[4] >= 4);
    assert_true(runs_at[6] - runs_at[5] >= 40);
    free_story(mixers, scenes, clips, 3);
}

static void root_motion_stories(const char *simd)
{
    root_motion_same_as_general(simd, TA_INTERPOLATION_LINEAR, false, BONES);
    root_motion_same_as_general(simd, TA_INTERPOLATION_LINEAR, true, BONES);     /* two time groups */
    root_motion_same_as_general(simd, TA_INTERPOLATION_LINEAR, false, BIG_RIG);  /* the scratch on the heap */
    root_motion_same_as_general(simd, TA_INTERPOLATION_CUBIC_SPLINE, true, BONES); /* read by ta__track_evaluate */
    root_motion_same_as_general(simd, TA_INTERPOLATION_SMOOTH, false, BONES);      /* the endings of the update */
}

static void test_root_motion_same_as_general(void **state)
{
    (void)state;
    each_path(root_motion_stories);
}

/* A mask of the story's rig: every node's weight from `weights` in turn (a weight per node,
 * cycling), the mask's default for nodes past `set`. */
static ta_mask *story_mask(const float *weights, uint32_t n, uint32_t set, float default_weight)
{
    ta_error err = {0};
    ta_mask_options o = {0};
    o.default_weight = default_weight;
    ta_mask *mask = NULL;
    TA_ASSERT_OK(ta_mask_create(&o, &mask, &err), &err);
    for (uint32_t b = 0; b < set; ++b) TA_ASSERT_OK(ta_mask_set_node(mask, ta_node_at(b), weights[b % n], &err), &err);
    return mask;
}

static void set_mask(ta_action *a, const ta_mask *mask)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_action_set_mask(a, mask, &err), &err);
}

/* Masks on the fused path (mix_masked): each lane its own cumulative weight, mixed and rested as
 * the general path mixes its bindings, bit for bit: an upper body over a walk (weights 0 and 1),
 * a mask of halves and zeros over the other action (lanes that rest, lanes no action weighs), a
 * third action unmasked, a seek to a key, weights that change, a mask taken away and put back; an
 * additive action with a mask and root motion take the general path (their updates counted). */
static void masked_same_as_general(const char *simd, bool split, uint32_t bones)
{
    ta_error err = {0};
    const ta_interpolation L = TA_INTERPOLATION_LINEAR;
    ta_clip *clips[3] = {rig_clip_morphs(1, 0.6, "walk", L, split, bones, 0, L),
                         rig_clip_morphs(2, 2.8, "spin", L, split, bones, 0, L),
                         rig_clip_morphs(3, 0.2, "idle", L, split, bones, 0, L)};
    ta_scene *scenes[2] = {rig_scene_of(bones), rig_scene_of(bones)};
    ta_mixer *mixers[2] = {mixer_on("general"), mixer_on(simd)};
    const float upper_w[2] = {0, 1}, halves_w[4] = {0.5f, 0, 1, 0.25f};
    ta_mask *upper = story_mask(upper_w, 2, bones, 0);
    ta_mask *halves = story_mask(halves_w, 4, bones / 2, 0.75f); /* the rest of the nodes its default */
    ta_action *acts[2][3];
    for (int i = 0; i < 2; ++i) {
        story_actions(mixers[i], clips, acts[i]);
        set_mask(acts[i][1], upper);
    }
    ta_root_motion_options rm = {0};
    rm.root = ta_node_at(0);
    uint64_t runs_at[6] = {0};
    const int marks[6] = {20, 50, 55, 70, 75, 120};
    for (int frame = 0; frame < 120; ++frame) {
        mark_runs(frame, marks, 6, runs_at, mixers[1]);
        for (int i = 0; i < 2; ++i) {
            poison_stack();
            if (frame == 20) { /* every action read at a key */
                seek_to_a_key(mixers[i], scenes[i]);
                continue;
            }
            if (frame == 10) set_mask(acts[i][0], halves);
            if (frame == 30) TA_ASSERT_OK(ta_action_play(acts[i][2], &err), &err);
            if (frame == 40) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.2f, &err), &err);
            if (frame == 45) TA_ASSERT_OK(ta_action_stop(acts[i][2], &err), &err);
            if (frame == 50) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_ADDITIVE, &err), &err);
            if (frame == 55) TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_NORMAL, &err), &err);
            if (frame == 60) set_mask(acts[i][0], NULL);
            if (frame == 65) set_mask(acts[i][0], halves);
            if (frame == 70) TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], &rm, &err), &err);
            if (frame == 75) TA_ASSERT_OK(ta_mixer_set_root_motion(mixers[i], NULL, &err), &err);
            if (frame == 80) TA_ASSERT_OK(ta_action_set_weight(acts[i][0], 0.7f, &err), &err);
            if (frame == 90) ta_scene_node(scenes[i], ta_node_at(bones > 3 ? 3 : 0))->position.x = 7;
            if (frame == 100) { /* the spin ends and holds its last key */
                TA_ASSERT_OK(ta_action_set_loop(acts[i][1], TA_LOOP_MODE_ONCE, 1, &err), &err);
                ta_action_set_clamp_when_finished(acts[i][1], true);
            }
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        }
        assert_same_scenes(simd, frame, scenes[0], scenes[1], bones, 0);
    }
    assert_int_equal(mixers[0]->fused.runs, 0);
    /* frames 1 to 19 but the mask's first update (10) */
    assert_true(runs_at[0] >= 18);
    /* 21 to 49 but the first after each change (30, 40, 45) */
    assert_true(runs_at[1] - runs_at[0] >= 29 - 3);
    /* a masked additive action (50 to 54) and root motion with a mask (70 to 74): the general path */
    assert_int_equal(runs_at[2] - runs_at[1], 0);
    assert_int_equal(runs_at[4] - runs_at[3], 0);
    assert_true(runs_at[5] - runs_at[4] >= 40);
    ta_mask_destroy(upper);
    ta_mask_destroy(halves);
    free_story(mixers, scenes, clips, 3);
}

static void masked_stories(const char *simd)
{
    masked_same_as_general(simd, false, BONES);
    masked_same_as_general(simd, true, BONES);    /* two time groups */
    masked_same_as_general(simd, false, BIG_RIG); /* the scratch on the heap; more than a batch of rotations */
}

static void test_masks_same_as_general(void **state)
{
    (void)state;
    each_path(masked_stories);
}

/* A number that is not finite in the one pass of two actions (mix_two): refused
 * as on every path, named, nothing written. In a rotation key of the second
 * action's clip, then in a position key of the first's, put in by hand in the
 * track and the clip's fused layout alike (white box, as below). */
static void pair_not_finite(bool in_rotation)
{
    ta_error err = {0};
    const float times[3] = {0, 1, 2};
    const float p[2][9] = {{0, 0, 0, 1, 1, 1, 2, 0, 0}, {0, 1, 0, 1, 0, 1, 0, 0, 2}};
    const float q[2][12] = {{0, 0, 0, 1, 0, 0.6f, 0, 0.8f, 0, 1, 0, 0}, {0, 0, 0.6f, 0.8f, 0.6f, 0, 0, 0.8f, 0, 0, 0, 1}};
    ta_clip *c[2];
    for (int k = 0; k < 2; ++k) {
        ta_track *tr[2] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p[k], 3, 3),
                           track_of(target_of(0, TA_TRACK_KIND_QUATERNION), times, q[k], 3, 4)};
        TA_ASSERT_OK(ta_clip_create(k ? "b" : "a", tr, 2, NULL, &c[k], &err), &err);
        assert_non_null(c[k]->fused);
    }
    ta__fused_group *g = &c[in_rotation ? 1 : 0]->fused->groups[0];
    for (uint32_t t = 0; t < 2; ++t) {
        ta_track *tr = c[in_rotation ? 1 : 0]->tracks[t];
        if ((tr->target.kind == TA_TRACK_KIND_QUATERNION) != in_rotation) continue;
        tr->values[in_rotation ? 2 * 4 + 1 : 2 * 3] = INFINITY; /* key 2, y of the rotation or x of the position */
    }
    if (in_rotation)
        g->rot[(size_t)2 * c[1]->fused->rot_stride * g->rot_lanes + g->rot_lanes] = INFINITY; /* key 2, y plane, lane 0 */
    else
        g->vec[(size_t)2 * c[0]->fused->vec_stride * g->vec_lanes] = INFINITY; /* key 2, x plane, lane 0 */
    ta_scene *s = rig_scene();
    ta_mixer *m = mixer_on(NULL);
    add_playing(m, c[0], 0.6f);
    add_playing(m, c[1], 0.4f);
    for (int i = 0; i < 3; ++i) TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    const uint64_t runs = m->fused.runs;
    const uint32_t pairs = m->fused.pair_runs;
    if (ta__simd_best() != TA__SIMD_GENERAL) assert_int_equal(pairs, 2); /* the first update is the general path's */
    const ta_node before = *ta_scene_node(s, ta_node_at(0));
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.5), &err), &err, TA_ERROR_VALUE_NOT_HELD,
                      in_rotation ? "QUATERNION of node 0: number" : "POSITION of node 0: number 0 of the result");
    TA_ASSERT_CONTAINS(err.message, "is not finite");
    assert_memory_equal(&before, ta_scene_node(s, ta_node_at(0)), sizeof before);
    assert_true(ta_mixer_time(m).seconds == 0.75);
    assert_int_equal(m->fused.runs, runs);
    assert_int_equal(m->fused.pair_runs, pairs);
    /* the next good update goes on from where it was */
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.125), &err), &err);
    assert_true(ta_mixer_time(m).seconds == 0.875);
    ta_mixer_destroy(m);
    ta_scene_destroy(s);
    for (int k = 0; k < 2; ++k) ta_clip_release(c[k]);
}

static void test_two_actions_not_finite_refused_unchanged(void **state)
{
    (void)state;
    pair_not_finite(true);
    pair_not_finite(false);
}

/* A result that is not finite, reached on the fused path: refused, named, and
 * nothing written. Tracks refuse such keys and a convex mix of finite keys
 * stays finite, so the key is put in by hand, in the track and in the clip's
 * fused layout alike (white box). */
static void test_not_finite_refused_unchanged(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[3] = {0, 1, 2};
    const float p[9] = {0, 0, 0, 1, 1, 1, 2, 0, 0};
    ta_track *tr = track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p, 3, 3);
    ta_clip *c = NULL;
    TA_ASSERT_OK(ta_clip_create("bad", &tr, 1, NULL, &c, &err), &err);
    assert_non_null(c->fused);
    c->tracks[0]->values[6] = INFINITY;
    c->fused->groups[0].vec[(size_t)2 * 3 * c->fused->groups[0].vec_lanes] = INFINITY; /* key 2, x plane, lane 0 */
    ta_scene *s = rig_scene();
    ta_mixer *m = mixer_on(NULL);
    add_playing(m, c, 1);
    for (int i = 0; i < 3; ++i) TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    uint64_t runs = m->fused.runs;
    ta_node before = *ta_scene_node(s, ta_node_at(0));
    TA_ASSERT_NEAR(before.position.x, 0.75, 1e-6);
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.5), &err), &err, TA_ERROR_VALUE_NOT_HELD,
                      "POSITION of node 0: number 0 of the result, inf, is not finite");
    const ta_node *after = ta_scene_node(s, ta_node_at(0));
    assert_memory_equal(&before.position, &after->position, sizeof before.position);
    assert_true(ta_mixer_time(m).seconds == 0.75);
    assert_int_equal(m->fused.runs, runs);
    /* and the next good update goes on from where it was */
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.125), &err), &err);
    TA_ASSERT_NEAR(ta_scene_node(s, ta_node_at(0))->position.x, 0.875, 1e-6);
    ta_mixer_destroy(m);
    ta_scene_destroy(s);
    ta_clip_release(c);
}

/* The same for a morph influence: a NaN key reached on the fused path is
 * refused by the general path, named, with no influence and no node written. */
static void test_morph_not_finite_refused_unchanged(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[3] = {0, 1, 2};
    const float p[9] = {0, 0, 0, 1, 1, 1, 2, 0, 0}, w[3] = {0, 0.5f, 1};
    ta_track *tr[2] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p, 3, 3),
                       track_of(morph_target(0), times, w, 3, 1)};
    ta_clip *c = NULL;
    TA_ASSERT_OK(ta_clip_create("bad", tr, 2, NULL, &c, &err), &err);
    assert_non_null(c->fused);
    assert_int_equal(c->fused->groups[0].num_count, 1);
    c->tracks[1]->values[2] = NAN;
    c->fused->groups[0].num[(size_t)2 * c->fused->groups[0].num_lanes] = NAN; /* key 2, lane 0 */
    ta_scene *s = face_scene(1, 1);
    ta_mixer *m = mixer_on(NULL);
    add_playing(m, c, 1);
    for (int i = 0; i < 3; ++i) TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
    uint64_t runs = m->fused.runs;
    if (ta__simd_best() != TA__SIMD_GENERAL) assert_true(runs >= 1);
    ta_node before = *ta_scene_node(s, ta_node_at(0));
    const float influence = ta_scene_mesh(s, ta_mesh_at(0))->morph_influences[0];
    TA_ASSERT_NEAR(influence, 0.375, 1e-6);
    TA_ASSERT_REFUSED(ta_mixer_update(m, s, ta_duration_from_seconds(0.5), &err), &err, TA_ERROR_VALUE_NOT_HELD,
                      "MORPH_INFLUENCE of mesh 0: number 0 of the result, nan, is not finite");
    assert_memory_equal(&before, ta_scene_node(s, ta_node_at(0)), sizeof before);
    assert_true(ta_scene_mesh(s, ta_mesh_at(0))->morph_influences[0] == influence);
    assert_true(ta_mixer_time(m).seconds == 0.75);
    assert_int_equal(m->fused.runs, runs);
    /* and the next good update goes on from where it was */
    TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.125), &err), &err);
    TA_ASSERT_NEAR(ta_scene_mesh(s, ta_mesh_at(0))->morph_influences[0], 0.4375, 1e-6);
    ta_mixer_destroy(m);
    ta_scene_destroy(s);
    ta_clip_release(c);
}

/* Morph influences on the fused path, as on the general one: a value the
 * caller sets between two updates that mix the same value survives; an
 * influence array the caller moves is written where it is now; a stopped
 * action's influences go back to their originals (given back from the fused
 * state, which held them alone: the general path's piles were freed). */
/* The clip of the n tracks, two face scenes of one bone and `morphs` morph
 * targets, a general mixer for the first and one on this CPU's path for the
 * second; whether that path is fused. */
static bool general_and_fused(const char *name, ta_track **tracks, uint32_t n, uint32_t morphs, ta_clip **clip,
                              ta_scene *scenes[2], ta_mixer *mixers[2])
{
    ta_error err = {0};
    *clip = NULL;
    TA_ASSERT_OK(ta_clip_create(name, tracks, n, NULL, clip, &err), &err);
    for (int i = 0; i < 2; ++i) scenes[i] = face_scene(1, morphs);
    mixers[0] = mixer_on("general");
    mixers[1] = mixer_on(NULL);
    return ta__simd_best() != TA__SIMD_GENERAL;
}

static void test_morph_caller_values(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[2] = {0, 1}, held[2] = {0.6f, 0.6f}, moving[2] = {0.1f, 0.9f};
    const float p[6] = {0, 0, 0, 1, 2, 3};
    ta_track *tr[4] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p, 2, 3),
                       track_of(morph_target(0), times, held, 2, 1), track_of(morph_target(1), times, held, 2, 1),
                       track_of(morph_target(2), times, moving, 2, 1)};
    ta_clip *c;
    ta_scene *scenes[2];
    ta_mixer *mixers[2];
    const bool fused = general_and_fused("face", tr, 4, 3, &c, scenes, mixers);
    ta_action *acts[2];
    float moved[2][2] = {{-1, -1}, {-1, -1}}; /* mesh 0's influences, moved by the caller */
    float *owned[2];
    for (int i = 0; i < 2; ++i) acts[i] = add_playing(mixers[i], c, 1);
    for (int frame = 0; frame < 12; ++frame) {
        for (int i = 0; i < 2; ++i) {
            ta_mesh *mesh = ta_scene_mesh(scenes[i], ta_mesh_at(0));
            ta_mesh *skinned = ta_scene_skinned_mesh(scenes[i], ta_skinned_mesh_at(0));
            if (frame == 3) { /* the held influences again next update: not written over */
                mesh->morph_influences[0] = 0.125f;
                skinned->morph_influences[0] = 0.375f;
            }
            if (frame == 5) { /* the caller's own array, of the same count */
                owned[i] = mesh->morph_influences;
                memcpy(moved[i], owned[i], sizeof moved[i]);
                mesh->morph_influences = moved[i];
            }
            if (frame == 7) {
                assert_true(mixers[i]->fused.parked == (i == 1 && fused));
                TA_ASSERT_OK(ta_action_stop(acts[i], &err), &err);
            }
            const uint64_t runs = mixers[i]->fused.runs;
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(0.1), &err), &err);
            if (i == 1 && fused && frame >= 2 && frame < 7) assert_int_equal(mixers[i]->fused.runs, runs + 1);
            if (frame >= 3 && frame < 7) {
                assert_true(mesh->morph_influences[0] == 0.125f);
                assert_true(skinned->morph_influences[0] == 0.375f);
            }
            if (frame >= 5 && frame < 7) { /* written in the moved array, not the old one */
                TA_ASSERT_NEAR(moved[i][1], 0.1 + 0.8 * 0.1 * (frame + 1), 1e-6);
                assert_true(owned[i][1] != moved[i][1]);
            }
            if (frame >= 7) { /* the originals (face_scene's) */
                const float second = 0.25f + 0.01f * 1.0f;
                assert_true(mesh->morph_influences[0] == 0.25f);
                assert_true(mesh->morph_influences[1] == second);
                assert_true(skinned->morph_influences[0] == second);
            }
        }
        assert_same_scenes("default", frame, scenes[0], scenes[1], 1, 3);
    }
    for (int i = 0; i < 2; ++i) {
        ta_scene_mesh(scenes[i], ta_mesh_at(0))->morph_influences = owned[i];
        ta_mixer_destroy(mixers[i]);
        ta_scene_destroy(scenes[i]);
    }
    ta_clip_release(c);
}

/* ta_mixer_set_write_always: each update writes every driven property, a
 * value the caller set included (by default one mixed the same as last time
 * stays); set back, the next update writes them all once, then compares
 * again. The same on the general and the fused path, with a morph lane. */
static void test_write_always(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[2] = {0, 1}, held[2] = {0.6f, 0.6f}, p[6] = {1, 2, 3, 1, 2, 3}, s[6] = {1, 1, 1, 2, 2, 2};
    ta_track *tr[3] = {track_of(target_of(0, TA_TRACK_KIND_POSITION), times, p, 2, 3),
                       track_of(target_of(0, TA_TRACK_KIND_SCALE), times, s, 2, 3),
                       track_of(morph_target(0), times, held, 2, 1)};
    ta_clip *c;
    ta_scene *scenes[2];
    ta_mixer *mixers[2];
    const bool fused = general_and_fused("held", tr, 3, 1, &c, scenes, mixers);
    for (int i = 0; i < 2; ++i) {
        add_playing(mixers[i], c, 1);
        assert_false(ta_mixer_write_always(mixers[i]));
    }
    /* frame: the caller's value set before it; whether the update writes over it */
    const bool always[6] = {false, false, true, true, false, false}, mixed[6] = {true, false, true, true, true, false};
    for (int frame = 0; frame < 6; ++frame) {
        for (int i = 0; i < 2; ++i) {
            ta_node *n = ta_scene_node(scenes[i], ta_node_at(0));
            ta_mesh *mesh = ta_scene_mesh(scenes[i], ta_mesh_at(0));
            if (frame > 0) {
                n->position.x = 9;
                mesh->morph_influences[0] = 0.125f;
            }
            if (ta_mixer_write_always(mixers[i]) != always[frame])
                TA_ASSERT_OK(ta_mixer_set_write_always(mixers[i], always[frame], &err), &err);
            assert_true(ta_mixer_write_always(mixers[i]) == always[frame]);
            const uint64_t runs = mixers[i]->fused.runs;
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(0.1), &err), &err);
            if (i == 1 && fused && frame >= 1) assert_int_equal(mixers[i]->fused.runs, runs + 1);
            assert_true(n->position.x == (mixed[frame] ? 1.0f : 9.0f));
            assert_true(n->position.y == 2.0f);
            assert_true(mesh->morph_influences[0] == (mixed[frame] ? 0.6f : 0.125f));
            TA_ASSERT_NEAR(n->scale.x, 1.0 + 0.1 * (frame + 1), 1e-6); /* moving: written every time */
        }
        assert_same_scenes("default", frame, scenes[0], scenes[1], 1, 1);
    }
    assert_int_equal(ta_mixer_set_write_always(NULL, true, &err), TA_ERROR_INVALID_ARGUMENT);
    free_story(mixers, scenes, &c, 1);
}

/* A mixer that stays on the fused path holds one copy of its state: the
 * general path's piles are freed after the update that made the fused state.
 * Leaving the path makes them again; out of memory there refuses the update
 * with nothing changed, and the next one goes on as a general mixer would. */
static void test_piles_freed_while_fused(void **state)
{
    (void)state;
    if (!simd_runs("scalar")) return;
    ta_error err = {0};
    ta_clip *clips[2] = {rig_clip(1, 0.6, "walk"), rig_clip(2, 0.9, "run")};
    ta_scene *scenes[2] = {rig_scene(), rig_scene()};
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_mixer *mixers[2] = {mixer_on("general"), NULL};
    setenv("TA_SIMD", "scalar", 1);
    ta_mixer_options opts = {0};
    opts.allocator = &alloc;
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &opts, &mixers[1], &err), &err);
    unsetenv("TA_SIMD");
    ta_action *acts[2][2];
    for (int i = 0; i < 2; ++i)
        for (int a = 0; a < 2; ++a) acts[i][a] = add_playing_with(mixers[i], clips[a], a ? 0.3f : 0.7f, i ? &alloc : NULL);
    ta_mixer *m = mixers[1];
    for (int frame = 0; frame < 40; ++frame) {
        if (frame == 10) {
            /* another scene: every property written, on the general path, whose
             * piles, bindings and track maps cannot be made (five allocations:
             * refused at each) */
            assert_true(m->fused.parked);
            assert_true(m->bindings_parked);
            assert_null(m->float_block);
            assert_null(m->bindings);
            assert_null(acts[1][0]->bindings);
            ta_node before[BONES];
            for (uint32_t b = 0; b < BONES; ++b) before[b] = *ta_scene_node(scenes[1], ta_node_at(b));
            ta_scene *other = rig_scene();
            float phase = ta_action_phase(acts[1][0]);
            size_t live = counter.live_bytes;
            for (long k = 0; k < 5; ++k) {
                counter.fail_after = (long)counter.allocations + k;
                TA_ASSERT_REFUSED(ta_mixer_update(m, other, ta_duration_from_seconds(1.0 / 37), &err), &err,
                                  TA_ERROR_OUT_OF_MEMORY, "again");
                counter.fail_after = -1;
                assert_int_equal(counter.live_bytes, live);
                assert_true(ta_action_phase(acts[1][0]) == phase);
                assert_true(m->fused.parked);
                assert_true(m->bindings_parked);
                assert_null(acts[1][0]->bindings);
                for (uint32_t b = 0; b < BONES; ++b)
                    assert_memory_equal(&before[b], ta_scene_node(scenes[1], ta_node_at(b)), sizeof before[b]);
            }
            ta_scene_destroy(other);
        }
        if (frame == 19) {
            /* an action new to the mixer binds: refused the same way, when the bindings cannot be made */
            ta_action *extra = NULL;
            ta_action_options opts1 = {0};
            opts1.allocator = &alloc;
            TA_ASSERT_OK(ta_action_create(clips[0], &opts1, &extra, &err), &err);
            TA_ASSERT_OK(ta_mixer_add(m, extra, ta_node_none(), NULL, &err), &err);
            size_t live = counter.live_bytes;
            counter.fail_after = (long)counter.allocations + 1;
            TA_ASSERT_REFUSED(ta_action_play(extra, &err), &err, TA_ERROR_OUT_OF_MEMORY, "again");
            counter.fail_after = -1;
            assert_int_equal(counter.live_bytes, live);
            assert_false(extra->scheduled);
            assert_true(m->bindings_parked);
        }
        if (frame == 20)
            for (int i = 0; i < 2; ++i) TA_ASSERT_OK(ta_action_stop(acts[i][1], &err), &err); /* leaves the path */
        if (frame == 25)
            for (int i = 0; i < 2; ++i) TA_ASSERT_OK(ta_action_play(acts[i][1], &err), &err);
        for (int i = 0; i < 2; ++i) TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        for (uint32_t b = 0; b < BONES; ++b) {
            const ta_node *x = ta_scene_node(scenes[0], ta_node_at(b)), *y = ta_scene_node(scenes[1], ta_node_at(b));
            assert_memory_equal(&x->position, &y->position, sizeof x->position);
            assert_memory_equal(&x->quaternion, &y->quaternion, sizeof x->quaternion);
            assert_memory_equal(&x->scale, &y->scale, sizeof x->scale);
        }
        if (frame == 1) assert_true(m->fused.parked);
    }
    /* given back once at frame 20, the piles stay: no allocation at each change of path */
    assert_false(m->fused.parked);
    assert_non_null(m->float_block);
    assert_true(m->fused.runs >= 30);
    free_story(mixers, scenes, clips, 2);
}

/* What a change made while the bindings were parked leaves: the general
 * mixer's records, one by one, against those the fused one made again. */
static void same_bindings(const ta_mixer *general, const ta_mixer *fused)
{
    assert_false(fused->bindings_parked);
    assert_int_equal(fused->binding_count, general->binding_count);
    for (uint32_t i = 0; i < general->binding_count; ++i) {
        const ta__binding *g = &general->bindings[i];
        uint32_t j = ta__mixer_find(fused, ta__binding_target(g));
        assert_int_not_equal(j, TA_NONE);
        const ta__binding *f = &fused->bindings[j];
        assert_int_equal(f->size, g->size);
        assert_int_equal(f->target.type, g->target.type);
        assert_int_equal(f->use_count, g->use_count);
        assert_int_equal(f->ref_count, g->ref_count);
        assert_int_equal(f->has_original, g->has_original);
        assert_int_equal(f->restore_pending, g->restore_pending);
        assert_int_equal(f->driven_last, g->driven_last);
    }
}

enum { PARKED_STOP_ONE, PARKED_STOP_ALL, PARKED_STOP_AND_PLAY, PARKED_UNCACHE_ONE, PARKED_UNCACHE_CLIP,
       PARKED_PLAY_NEW, PARKED_ADDITIVE, PARKED_CHANGES };

/* One change made to a mixer whose bindings are parked, and the same to a
 * general mixer: the same nodes after every update, and the same binding
 * records once the fused one has made them again. */
static void parked_story(const char *simd, int change)
{
    ta_error err = {0};
    ta_clip *clips[3] = {rig_clip(1, 0.6, "walk"), rig_clip(2, 2.8, "spin"), rig_clip(3, 0.2, "idle")};
    ta_scene *scenes[2] = {rig_scene(), rig_scene()};
    ta_mixer *mixers[2] = {mixer_on("general"), mixer_on(simd)};
    ta_action *acts[2][3] = {{NULL}};
    for (int i = 0; i < 2; ++i)
        for (int a = 0; a < 2; ++a) acts[i][a] = add_playing(mixers[i], clips[a], a ? 0.3f : 0.6f);
    for (int frame = 0; frame < 12; ++frame) {
        if (frame == 3) {
            assert_true(mixers[1]->bindings_parked);
            assert_null(mixers[1]->bindings);
            assert_null(mixers[1]->hash);
            assert_null(acts[1][0]->bindings);
            assert_null(acts[1][1]->bindings);
            for (int i = 0; i < 2; ++i) {
                ta_mixer *m = mixers[i];
                switch (change) {
                case PARKED_STOP_ONE: TA_ASSERT_OK(ta_action_stop(acts[i][1], &err), &err); break;
                case PARKED_STOP_ALL: /* the originals come back */
                    TA_ASSERT_OK(ta_action_stop(acts[i][0], &err), &err);
                    TA_ASSERT_OK(ta_action_stop(acts[i][1], &err), &err);
                    break;
                case PARKED_STOP_AND_PLAY:
                    TA_ASSERT_OK(ta_action_stop(acts[i][0], &err), &err);
                    TA_ASSERT_OK(ta_action_play(acts[i][0], &err), &err);
                    break;
                case PARKED_UNCACHE_ONE: TA_ASSERT_OK(ta_mixer_uncache_action(m, acts[i][1]->index, &err), &err); break;
                case PARKED_UNCACHE_CLIP: /* every action: the bindings wait only for their restore */
                    ta_mixer_uncache_clip(m, "walk");
                    ta_mixer_uncache_clip(m, "spin");
                    break;
                case PARKED_PLAY_NEW: acts[i][2] = add_playing(m, clips[2], 0.1f); break;
                case PARKED_ADDITIVE:
                    TA_ASSERT_OK(ta_action_set_blend_mode(acts[i][1], TA_BLEND_MODE_ADDITIVE, &err), &err);
                    break;
                default: fail();
                }
            }
        }
        for (int i = 0; i < 2; ++i)
            TA_ASSERT_OK(ta_mixer_update(mixers[i], scenes[i], ta_duration_from_seconds(1.0 / 37), &err), &err);
        if (frame == 3) same_bindings(mixers[0], mixers[1]);
        if (frame == 3 && (change == PARKED_UNCACHE_ONE || change == PARKED_UNCACHE_CLIP))
            for (int i = 0; i < 2; ++i) /* an update later, the uncached actions have given their clips back */
                for (int a = change == PARKED_UNCACHE_ONE; a < 2; ++a) {
                    assert_null(acts[i][a]->clip);
                    assert_null(ta_action_clip(acts[i][a]));
                }
        for (uint32_t b = 0; b < BONES; ++b) {
            const ta_node *x = ta_scene_node(scenes[0], ta_node_at(b)), *y = ta_scene_node(scenes[1], ta_node_at(b));
            if (memcmp(&x->position, &y->position, sizeof x->position) != 0 ||
                memcmp(&x->quaternion, &y->quaternion, sizeof x->quaternion) != 0 ||
                memcmp(&x->scale, &y->scale, sizeof x->scale) != 0)
                fail_msg("%s, change %d: frame %d bone %u differs from the general path", simd, change, frame, b);
        }
    }
    if (change == PARKED_STOP_ALL || change == PARKED_UNCACHE_CLIP) /* back at the originals */
        for (uint32_t b = 0; b < BONES; ++b)
            assert_true(ta_scene_node(scenes[1], ta_node_at(b))->position.x == 0.5f * (float)b);
    free_story(mixers, scenes, clips, 3);
}

static void test_parked_bindings_made_again(void **state)
{
    (void)state;
    const char *simd = simd_runs("avx2") ? "avx2" : "scalar";
    for (int change = 0; change < PARKED_CHANGES; ++change) parked_story(simd, change);
}

/* An uncached action gives its clip back only once the fused state no longer reads it: while
 * the state holds the values it last wrote, its lanes' node maps are the first action's clip's.
 * (fuzz_api found a clip given back there, edited in place by its last holder, and the next
 * update reading the freed maps.) So the clip stays shared, and so not editable, until the
 * next update gives the values back; then it is the caller's alone. */
static void test_uncached_clip_kept_while_the_fused_state_reads_it(void **state)
{
    (void)state;
    ta_error err = {0};
    const char *simd = simd_runs("avx2") ? "avx2" : "scalar";
    ta_clip *clip = rig_clip(1, 0.6, "walk");
    ta_scene *scene = rig_scene();
    ta_mixer *m = mixer_on(simd);
    ta_action *a = add_playing(m, clip, 1);
    /* an idle additive action: the mixer keeps additive piles, so its bindings are not parked
     * (parked, the first action's clip is kept for them anyway) */
    ta_action *idle = NULL;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &idle, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(m, idle, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_set_blend_mode(idle, TA_BLEND_MODE_ADDITIVE, &err), &err);
    for (int frame = 0; frame < 4; ++frame)
        TA_ASSERT_OK(ta_mixer_update(m, scene, ta_duration_from_seconds(1.0 / 37), &err), &err);
    assert_true(m->fused.holds);
    assert_false(m->bindings_parked);
    TA_ASSERT_OK(ta_mixer_uncache_action(m, a->index, &err), &err);
    assert_null(ta_action_clip(a));
    assert_ptr_equal(a->clip, clip); /* still read by the fused state */
    TA_ASSERT_REFUSED(ta_clip_trim(clip, &err), &err, TA_ERROR_BAD_STATE, "3 references");
    TA_ASSERT_OK(ta_mixer_update(m, scene, ta_duration_from_seconds(1.0 / 37), &err), &err);
    assert_false(m->fused.holds);
    assert_null(a->clip);
    TA_ASSERT_OK(ta_mixer_uncache_action(m, idle->index, &err), &err); /* never played: given back at once */
    assert_null(idle->clip);
    TA_ASSERT_OK(ta_clip_trim(clip, &err), &err); /* the caller's alone now */
    TA_ASSERT_OK(ta_mixer_update(m, scene, ta_duration_from_seconds(1.0 / 37), &err), &err);
    for (uint32_t b = 0; b < BONES; ++b) /* back at the originals */
        assert_true(ta_scene_node(scene, ta_node_at(b))->position.x == 0.5f * (float)b);
    ta_mixer_destroy(m);
    ta_scene_destroy(scene);
    ta_clip_release(clip);
}

/* More actions than an update keeps on its stack (TA__STEPS_ON_STACK): their
 * steps go to the mixer's room, made when they were added. Twenty actions of
 * one clip mix to what one action of it gives (equal numbers mix to
 * themselves), on either path, and updates allocate nothing. */
static void test_many_actions_steps(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = rig_clip(4, 0.7, "walk");
    const char *paths[2] = {"general", NULL};
    for (int p = 0; p < 2; ++p) {
        ta_scene *scenes[2] = {rig_scene(), rig_scene()};
        ta_test_counter counter = {0};
        counter.fail_after = -1;
        ta_allocator alloc = ta_test_counting_allocator(&counter);
        ta_mixer *one = mixer_on(paths[p]), *many = NULL;
        if (paths[p]) setenv("TA_SIMD", paths[p], 1);
        ta_mixer_options opts = {0};
        opts.allocator = &alloc;
        TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &opts, &many, &err), &err);
        unsetenv("TA_SIMD");
        add_playing(one, clip, 1.0f);
        enum { MANY = TA__STEPS_ON_STACK + 4 };
        for (int a = 0; a < MANY; ++a) add_playing_with(many, clip, 1.0f / MANY, &alloc);
        assert_non_null(many->steps);
        assert_true(many->step_capacity >= MANY);
        size_t made = 0;
        for (int frame = 0; frame < 8; ++frame) {
            if (frame == 1) made = counter.allocations;
            TA_ASSERT_OK(ta_mixer_update(one, scenes[0], ta_duration_from_seconds(0.05), &err), &err);
            TA_ASSERT_OK(ta_mixer_update(many, scenes[1], ta_duration_from_seconds(0.05), &err), &err);
            for (uint32_t b = 0; b < BONES; ++b) {
                const ta_node *x = ta_scene_node(scenes[0], ta_node_at(b)), *y = ta_scene_node(scenes[1], ta_node_at(b));
                assert_memory_equal(&x->position, &y->position, sizeof x->position);
                assert_memory_equal(&x->quaternion, &y->quaternion, sizeof x->quaternion);
                assert_memory_equal(&x->scale, &y->scale, sizeof x->scale);
            }
        }
        assert_int_equal(counter.allocations, made);
        for (int a = 0; a < MANY; ++a) assert_null(many->actions[a]->step); /* none points at a finished update */
        ta_mixer_destroy(one);
        ta_mixer_destroy(many);
        for (int i = 0; i < 2; ++i) ta_scene_destroy(scenes[i]);
    }
    ta_clip_release(clip);
}

/* Two morph targets of one mesh 256 apart are two properties: each track
 * writes its own, on both paths (a mixer that kept a target's element in a
 * byte mixed both into target 0 and never wrote target 256). */
static void test_morph_targets_256_apart(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { TARGETS = 300 };
    static float rest[TARGETS];
    const float times[2] = {0, 1}, low[2] = {0.25f, 0.25f}, high[2] = {0.75f, 0.75f};
    ta_track_target t0, t256;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 0, &t0, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 256, &t256, &err), &err);
    ta_track *tracks[2] = {track_of(t0, times, low, 2, 1), track_of(t256, times, high, 2, 1)};
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create("face", tracks, 2, NULL, &clip, &err), &err);
    const char *paths[2] = {"general", NULL};
    for (int p = 0; p < 2; ++p) {
        ta_scene *s = rig_scene_of(1);
        ta_mesh_desc d = {0};
        d.node = ta_node_at(0);
        d.morph_count = TARGETS;
        d.morph_influences = rest;
        TA_ASSERT_OK(ta_scene_add_mesh(s, &d, NULL, &err), &err);
        ta_mixer *m = mixer_on(paths[p]);
        add_playing(m, clip, 1);
        for (int frame = 0; frame < 3; ++frame)
            TA_ASSERT_OK(ta_mixer_update(m, s, ta_duration_from_seconds(0.25), &err), &err);
        const ta_mesh *mesh = &s->meshes[0];
        assert_true(mesh->morph_influences[0] == 0.25f);
        assert_true(mesh->morph_influences[256] == 0.75f);
        assert_true(mesh->morph_influences[1] == 0.0f); /* untouched */
        ta_mixer_destroy(m);
        ta_scene_destroy(s);
    }
    ta_clip_release(clip);
}

/* The commit of every set against the scalar set's, over masks where
 * blocks of lanes are all changed, partly changed or not at all, and lanes
 * past n that changed (padding: never written): the same nodes, a lane's
 * numbers in its node exactly when it changed, the piles as the last values
 * after; and the finite check, padding lanes included. */
static void test_writes_same_as_scalar(void **state)
{
    (void)state;
    enum { LANES = 32, N = 30, NODES = 40 };
    const ta__fused_kernels *ref = ta__fused_kernels_for(TA__SIMD_SCALAR);
    float pile[4 * LANES], last0[4 * LANES];
    uint32_t off[LANES];
    for (uint32_t i = 0; i < 4 * LANES; ++i) {
        pile[i] = (float)i * 0.25f + 1;
        last0[i] = pile[i];
    }
    /* lanes 0-3 all changed, 4-7 two of them, 8-11 none, 12-31 all (30 and 31 past n) */
    for (uint32_t i = 0; i < LANES; ++i) {
        off[i] = (uint32_t)(((i * 7) % NODES) * (sizeof(ta_node) / sizeof(float))); /* 7i mod 40: one node a lane */
        if (i < 4 || i == 5 || i == 6 || i >= 12) last0[(i % 4) * LANES + i] += 1;
    }
    for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
        const ta__fused_kernels *k = ta__fused_kernels_for((ta__simd)s);
        if (k == NULL) continue;
        for (int rot = 0; rot < 2; ++rot) {
            ta_node a[NODES], b[NODES];
            memset(a, 0, sizeof a);
            memset(b, 0, sizeof b);
            float la[4 * LANES], lb[4 * LANES];
            memcpy(la, last0, sizeof la);
            memcpy(lb, last0, sizeof lb);
            float *base = rot ? &a[0].quaternion.x - offsetof(ta_node, quaternion) / sizeof(float)
                              : &a[0].position.x - offsetof(ta_node, position) / sizeof(float);
            (rot ? ref->commit_rot : ref->commit_vec)(base, off, pile, la, LANES, N);
            base = rot ? &b[0].quaternion.x - offsetof(ta_node, quaternion) / sizeof(float)
                       : &b[0].position.x - offsetof(ta_node, position) / sizeof(float);
            (rot ? k->commit_rot : k->commit_vec)(base, off, pile, lb, LANES, N);
            assert_memory_equal(a, b, sizeof a);
            const uint32_t planes = rot ? 4 : 3;
            assert_memory_equal(lb, pile, sizeof(float) * planes * LANES);
            for (uint32_t i = 0; i < LANES; ++i) {
                const ta_node *n = &b[(i * 7) % NODES];
                const float *got = &n->position.x; /* base points at the nodes themselves: lanes write from there */
                const bool changed = (i < 4 || i == 5 || i == 6 || i >= 12) && i < N &&
                                     (rot || i % 4 != 3); /* a vector lane has no fourth plane to differ in */
                assert_true(got[0] == (changed ? pile[i] : 0.0f));
                assert_true(got[2] == (changed ? pile[2 * LANES + i] : 0.0f));
                if (rot) assert_true(got[3] == (changed ? pile[3 * LANES + i] : 0.0f));
            }
        }
        float bad_pile[4 * LANES];
        memcpy(bad_pile, pile, sizeof bad_pile);
        assert_int_equal(k->not_finite(bad_pile, 4 * LANES), 0);
        bad_pile[3 * LANES + 17] = NAN;
        assert_int_not_equal(k->not_finite(bad_pile, 4 * LANES), 0);
        bad_pile[3 * LANES + 17] = 0;
        bad_pile[2 * LANES + 31] = INFINITY; /* a padding lane counts too */
        assert_int_not_equal(k->not_finite(bad_pile, 4 * LANES), 0);
        bad_pile[2 * LANES + 31] = -INFINITY;
        assert_int_not_equal(k->not_finite(bad_pile, 3 * LANES), 0);
    }
}

/* The commit kernels given no last written values (write_always): every
 * lane below n goes to its node, none past it, on every set as on the scalar one. */
static void test_writes_always_every_lane(void **state)
{
    (void)state;
    enum { LANES = 32, N = 29, NODES = 40 };
    float pile[4 * LANES];
    uint32_t off[LANES];
    for (uint32_t i = 0; i < 4 * LANES; ++i) pile[i] = (float)i * 0.25f + 1;
    for (uint32_t i = 0; i < LANES; ++i) off[i] = (uint32_t)(((i * 7) % NODES) * (sizeof(ta_node) / sizeof(float)));
    for (int s = TA__SIMD_SCALAR; s < TA__SIMD_COUNT; ++s) {
        const ta__fused_kernels *k = ta__fused_kernels_for((ta__simd)s);
        if (k == NULL) continue;
        for (int rot = 0; rot < 2; ++rot) {
            ta_node b[NODES];
            memset(b, 0, sizeof b);
            float *base = &b[0].position.x - offsetof(ta_node, position) / sizeof(float);
            (rot ? k->commit_rot : k->commit_vec)(base, off, pile, NULL, LANES, N);
            for (uint32_t i = 0; i < LANES; ++i) {
                const ta_node *n = &b[(i * 7) % NODES];
                const float *got = &n->position.x; /* off is the node's start: lanes write from there */
                for (uint32_t c = 0; c < (rot ? 4u : 3u); ++c)
                    assert_true(got[c] == (i < N ? pile[c * LANES + i] : 0.0f));
            }
        }
    }
}

static void test_simd_names_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_mixer *m = NULL;
    setenv("TA_SIMD", "avx9", 1);
    TA_ASSERT_REFUSED(ta_mixer_create(ta_node_none(), NULL, &m, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "TA_SIMD: \"avx9\" is none of general, scalar, sse2, avx2, avx512");
    unsetenv("TA_SIMD");
    assert_null(m);
}

/* Six characters updated by ta_mixer_update_batch on 1 and 2 threads and by
 * ta_mixer_update one at a time give the same numbers; a refused character
 * (its action names a node its scene lacks) is reported by index and changes
 * nothing, and the others go on. */
/* The batch tests' two sides: the rig's bones node for node, to the bit. */
static void assert_same_bones(ta_scene *one, ta_scene *other)
{
    for (uint32_t b = 0; b < BONES; ++b) {
        const ta_node *x = ta_scene_node(one, ta_node_at(b));
        const ta_node *y = ta_scene_node(other, ta_node_at(b));
        assert_memory_equal(&x->position, &y->position, sizeof x->position);
        assert_memory_equal(&x->quaternion, &y->quaternion, sizeof x->quaternion);
        assert_memory_equal(&x->scale, &y->scale, sizeof x->scale);
    }
}

/* n characters of the rig, each a mixer playing walk and run at 0.6 and 0.4;
 * mixed: every seventh on the general path, every fifth writing always. */
static void make_side(ta_mixer **mixers, ta_scene **scenes, int n, const ta_clip *walk, const ta_clip *run, bool mixed)
{
    ta_error err = {0};
    for (int c = 0; c < n; ++c) {
        scenes[c] = rig_scene();
        mixers[c] = mixer_on(mixed && c % 7 == 3 ? "general" : NULL);
        add_playing(mixers[c], walk, 0.6f);
        add_playing(mixers[c], run, 0.4f);
        if (mixed && c % 5 == 1) TA_ASSERT_OK(ta_mixer_set_write_always(mixers[c], true, &err), &err);
    }
}

/* One batch item per mixer, on its scene. */
static void items_of(ta_mixer_batch_item *items, ta_mixer *const *mixers, ta_scene *const *scenes, int n)
{
    for (int c = 0; c < n; ++c) {
        memset(&items[c], 0, sizeof items[c]);
        items[c].mixer = mixers[c];
        items[c].targets.scene = scenes[c];
    }
}

static void destroy_side(ta_mixer *const *mixers, ta_scene *const *scenes, int n)
{
    for (int c = 0; c < n; ++c) {
        ta_mixer_destroy(mixers[c]);
        ta_scene_destroy(scenes[c]);
    }
}

static void test_batch_same_as_one_by_one(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { CHARS = 6 };
    ta_clip *walk = rig_clip(5, 0.7, "walk"), *run = rig_clip(6, 1.9, "run");
    for (uint32_t threads = 1; threads <= 3; ++threads) {
        ta_scene *scenes[2][CHARS];
        ta_mixer *mixers[2][CHARS];
        ta_mixer_batch_item items[CHARS];
        for (int i = 0; i < 2; ++i) make_side(mixers[i], scenes[i], CHARS, walk, run, false);
        /* character 4's scene lacks the rig's last bone: refused every time */
        ta_scene_destroy(scenes[1][4]);
        TA_ASSERT_OK(ta_scene_create(NULL, &scenes[1][4], &err), &err);
        ta_node_id only;
        TA_ASSERT_OK(ta_scene_add_node(scenes[1][4], ta_node_none(), "only", &only, &err), &err);
        items_of(items, mixers[1], scenes[1], CHARS);
        for (int frame = 0; frame < 20; ++frame) {
            for (int c = 0; c < CHARS; ++c)
                if (c != 4) TA_ASSERT_OK(ta_mixer_update(mixers[0][c], scenes[0][c], ta_duration_from_seconds(0.01), &err), &err);
            TA_ASSERT_REFUSED(ta_mixer_update_batch(items, CHARS, ta_duration_from_seconds(0.01), threads, &err), &err,
                              TA_ERROR_MISSING_TARGET, "item 4: ");
            for (int c = 0; c < CHARS; ++c) {
                assert_int_equal(items[c].result, c == 4 ? TA_ERROR_MISSING_TARGET : TA_OK);
                if (c == 4) continue;
                assert_same_bones(scenes[0][c], scenes[1][c]);
            }
            TA_ASSERT_CONTAINS(items[4].error.message, "node");
            assert_true(ta_mixer_time(mixers[1][4]).seconds == 0);
            assert_true(ta_scene_node(scenes[1][4], only)->position.x == 0);
        }
        for (int i = 0; i < 2; ++i) destroy_side(mixers[i], scenes[i], CHARS);
    }
    ta_clip_release(walk);
    ta_clip_release(run);
}

/* A range long enough that ta_mixer_update_range prefetches the next
 * mixers' state (mixer_batch.c, past TA__MIXER_RANGE_PREFETCH_FROM), over
 * mixers on the fused path, the general path and write_always: the same
 * nodes as one by one. */
static void test_long_range_same_as_one_by_one(void **state)
{
    (void)state;
    ta_error err = {0};
    enum { CHARS = TA__MIXER_RANGE_PREFETCH_FROM + 6 };
    ta_clip *walk = rig_clip(5, 0.7, "walk"), *run = rig_clip(6, 1.9, "run");
    ta_scene *scenes[2][CHARS];
    ta_mixer *mixers[2][CHARS];
    ta_mixer_batch_item *items = (ta_mixer_batch_item *)calloc(CHARS, sizeof *items); /* 400 KiB: not on the stack */
    assert_non_null(items);
    for (int i = 0; i < 2; ++i) make_side(mixers[i], scenes[i], CHARS, walk, run, true);
    items_of(items, mixers[1], scenes[1], CHARS);
    for (int frame = 0; frame < 4; ++frame) {
        for (int c = 0; c < CHARS; ++c)
            TA_ASSERT_OK(ta_mixer_update(mixers[0][c], scenes[0][c], ta_duration_from_seconds(0.01), &err), &err);
        TA_ASSERT_OK(ta_mixer_update_range(items, 0, CHARS, ta_duration_from_seconds(0.01), &err), &err);
        for (int c = 0; c < CHARS; ++c) assert_same_bones(scenes[0][c], scenes[1][c]);
    }
    for (int i = 0; i < 2; ++i) destroy_side(mixers[i], scenes[i], CHARS);
    free(items);
    ta_clip_release(walk);
    ta_clip_release(run);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blend_matches_property_mixer),
        cmocka_unit_test(test_every_path_same_as_general),
        cmocka_unit_test(test_two_actions_in_one_pass_same_as_general),
        cmocka_unit_test(test_root_motion_same_as_general),
        cmocka_unit_test(test_masks_same_as_general),
        cmocka_unit_test(test_two_actions_not_finite_refused_unchanged),
        cmocka_unit_test(test_vector_lerp_in_float32),
        cmocka_unit_test(test_linear_rotation_at_a_key_is_the_key),
        cmocka_unit_test(test_fox_survey_at_time_0_is_its_keys),
        cmocka_unit_test(test_not_finite_refused_unchanged),
        cmocka_unit_test(test_morph_not_finite_refused_unchanged),
        cmocka_unit_test(test_morph_caller_values),
        cmocka_unit_test(test_piles_freed_while_fused),
        cmocka_unit_test(test_parked_bindings_made_again),
        cmocka_unit_test(test_uncached_clip_kept_while_the_fused_state_reads_it),
        cmocka_unit_test(test_many_actions_steps),
        cmocka_unit_test(test_morph_targets_256_apart),
        cmocka_unit_test(test_writes_same_as_scalar),
        cmocka_unit_test(test_write_always),
        cmocka_unit_test(test_writes_always_every_lane),
        cmocka_unit_test(test_long_range_same_as_one_by_one),
        cmocka_unit_test(test_simd_names_refused),
        cmocka_unit_test(test_batch_same_as_one_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
