/*
 * fuzz_frame -- libFuzzer target for the frame (threeanim/frame.h) and the
 * pose it fills: the input decodes into rigs (a tree of up to 20 nodes, or
 * now and then of 129 to 136, past the lane pass's scratch on the stack; up to
 * three skins), characters of them (scenes built alike, instances of another
 * character's scene, a second character on a scene another one has, with or
 * without a mixer playing a clip of the rig, with or without a world array,
 * each skin in the palette, left out of it, or past its end), and frames with
 * options of every kind (palette layout, no_pose_world, float_lanes, stream,
 * a lane scratch of the caller's or none),
 * in one call (on a worker pool of two, where no two characters have one
 * scene, or on the calling thread) or two ranges, between which the scenes change: new values,
 * parents, nodes, skins and names, and a scene destroyed and made again in
 * its place (an allocator that gives back the block freed last).
 *
 * After every frame, the differential check: each character's world matrices
 * and bones are those of the column loops on a pose of its own made then
 * (ta_pose_world_pass, ta_pose_skinning_pass), bit for bit, or within 1e-4 of
 * each matrix's largest element where the float lane pass may have run; no
 * float of the palette or of a world array that no accepted character owns
 * is written; a refused character has an error and its scene is as it was;
 * the frame's own pose then answers a socket and a skinning pass with the
 * same numbers, or refuses them after a frame that kept no world matrices,
 * and a pass over a subtree on it writes the subtree and the root's ancestors
 * as the column loops do, leaves the other entries of its array alone, and
 * the other nodes' world matrices as the frame left them.
 *
 * Seed corpus: tests/fuzz/corpus/frame/ (inputs of earlier runs).
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ta_recycler.h"
#include "threeanim/threeanim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* TA_FUZZ_TRACE=1 prints what the input does, to read a crash input. */
static int trace = -1;
#define TRACE(...)                                                                                                \
    do {                                                                                                          \
        if (trace < 0) trace = getenv("TA_FUZZ_TRACE") != NULL;                                                   \
        if (trace) fprintf(stderr, __VA_ARGS__);                                                                  \
    } while (0)

/* A failed check: its line, then abort (libFuzzer keeps the input). */
static void fail_at(int line)
{
    fprintf(stderr, "fuzz_frame: the check at fuzz_frame.c:%d failed\n", line);
    abort();
}
#define FAIL() fail_at(__LINE__)

#define MAX_RIGS 3
#define MAX_CHARS 12
#define SMALL_NODES 20 /* most rigs */
#define BIG_FROM 129   /* a rig whose lane pass needs a scratch past the stack's (frame.h) */
#define MAX_NODES 136
#define MAX_SKINS 3
#define SLOT (MAX_NODES * 16 + 4) /* a skin's place in the palette, a gap after it */
#define PALETTE (MAX_CHARS * MAX_SKINS * SLOT)
#define SENTINEL 0x7fc0deadu /* a NaN no pass makes */

/* ---- the input --------------------------------------------------------------------------- */

typedef struct input {
    const uint8_t *p;
    size_t n, at;
} input;

static uint32_t byte(input *in)
{
    return in->at < in->n ? in->p[in->at++] : 0;
}

/* [lo, hi] in 65,536 steps */
static float number(input *in, float lo, float hi)
{
    uint32_t v = byte(in) | byte(in) << 8;
    return lo + (hi - lo) * (float)v / 65535.0f;
}

/* ---- rigs --------------------------------------------------------------------------------- */

typedef struct rig {
    uint32_t nodes, skins;
    int32_t parent[MAX_NODES]; /* -1: a top-level node; else an earlier node */
    float trs[MAX_NODES][10];
    uint32_t joint_count[MAX_SKINS], joints[MAX_SKINS][MAX_NODES];
    ta_mat4 ib[MAX_SKINS][MAX_NODES];
} rig;

static void read_trs(input *in, float v[10])
{
    for (int c = 0; c < 3; ++c) v[c] = number(in, -2, 2);
    float len = 0;
    for (int c = 3; c < 7; ++c) {
        v[c] = number(in, -1, 1);
        len += v[c] * v[c];
    }
    if (len < 0.01f) {
        v[6] = 1;
        len = v[3] * v[3] + v[4] * v[4] + v[5] * v[5] + 1;
    }
    if (byte(in) & 1) /* most quaternions of unit length, some not */
        for (int c = 3; c < 7; ++c) v[c] /= sqrtf(len);
    for (int c = 7; c < 10; ++c) v[c] = number(in, 0.5f, 1.5f);
}

static void read_skin(input *in, uint32_t nodes, uint32_t *count, uint32_t *joints, ta_mat4 *ib)
{
    *count = 1 + byte(in) % nodes;
    for (uint32_t j = 0; j < *count; ++j) {
        joints[j] = byte(in) % nodes;
        ib[j] = ta_mat4_identity();
        const bool affine = (byte(in) & 7) != 0;
        for (int k = 0; k < 16; ++k)
            if (!affine || k % 4 != 3) ib[j].m[k] += number(in, -0.5f, 0.5f) * (k >= 12 ? 4.0f : 1.0f);
    }
}

static void read_rig(input *in, rig *r)
{
    memset(r, 0, sizeof *r);
    const uint32_t size = byte(in);
    r->nodes = size < 240 ? 1 + size % SMALL_NODES : BIG_FROM + (size - 240) % (MAX_NODES - BIG_FROM + 1);
    for (uint32_t i = 0; i < r->nodes; ++i) {
        const uint32_t b = byte(in);
        r->parent[i] = i == 0 || b % 8 == 0 ? -1 : (int32_t)(b % i);
        read_trs(in, r->trs[i]);
    }
    r->skins = byte(in) % (MAX_SKINS + 1);
    for (uint32_t s = 0; s < r->skins; ++s) read_skin(in, r->nodes, &r->joint_count[s], r->joints[s], r->ib[s]);
}

static void set_trs(ta_node *n, const float v[10])
{
    n->position = ta_vec3_make(v[0], v[1], v[2]);
    n->quaternion = ta_quat_make(v[3], v[4], v[5], v[6]);
    n->scale = ta_vec3_make(v[7], v[8], v[9]);
}

static ta_scene *build(const rig *r, const ta_allocator *alloc)
{
    ta_scene_options o = {.allocator = alloc};
    ta_scene *s = NULL;
    if (ta_scene_create(&o, &s, NULL) != TA_OK) FAIL();
    for (uint32_t i = 0; i < r->nodes; ++i) {
        ta_node_id id;
        if (ta_scene_add_node(s, r->parent[i] < 0 ? ta_node_none() : ta_node_at((uint32_t)r->parent[i]), "n", &id,
                              NULL) != TA_OK)
            FAIL();
        set_trs(ta_scene_node(s, id), r->trs[i]);
    }
    for (uint32_t k = 0; k < r->skins; ++k) {
        ta_node_id joints[MAX_NODES];
        for (uint32_t j = 0; j < r->joint_count[k]; ++j) joints[j] = ta_node_at(r->joints[k][j]);
        ta_skin_desc d = {joints, r->joint_count[k], r->ib[k], NULL};
        if (ta_scene_add_skin(s, &d, NULL, NULL) != TA_OK) FAIL();
    }
    return s;
}

/* A clip of the rig: positions and rotations of a few of its nodes, two or three keys each. */
static ta_clip *read_clip(input *in, const rig *r)
{
    ta_track *tracks[8];
    uint32_t count = 0;
    const uint32_t driven = 1 + byte(in) % 4;
    for (uint32_t i = 0; i < driven; ++i) {
        const uint32_t node = byte(in) % r->nodes, keys = 2 + byte(in) % 2;
        float times[3] = {0, number(in, 0.05f, 1), 0}, values[12];
        times[2] = times[1] + number(in, 0.05f, 1);
        for (int kind = 0; kind < 2; ++kind) {
            const uint32_t size = kind == 0 ? 3 : 4;
            for (uint32_t k = 0; k < keys; ++k) {
                float v[10];
                read_trs(in, v);
                memcpy(values + k * size, kind == 0 ? v : v + 3, sizeof(float) * size);
                if (kind == 1) { /* keys of unit length: the mixer's slerp takes them as three.js does */
                    float len = 0;
                    for (uint32_t c = 0; c < 4; ++c) len += values[k * 4 + c] * values[k * 4 + c];
                    for (uint32_t c = 0; c < 4; ++c) values[k * 4 + c] /= sqrtf(len);
                }
            }
            ta_track_desc d = {0};
            d.interpolation = (byte(in) & 3) == 0 ? TA_INTERPOLATION_STEP : TA_INTERPOLATION_LINEAR;
            d.times = times;
            d.key_count = keys;
            d.values = values;
            d.value_count = keys * size;
            if (ta_track_target_node(ta_node_at(node), kind == 0 ? TA_TRACK_KIND_POSITION : TA_TRACK_KIND_QUATERNION,
                                     &d.target, NULL) != TA_OK ||
                ta_track_create(&d, NULL, &tracks[count], NULL) != TA_OK)
                FAIL();
            count++;
        }
    }
    ta_clip *clip = NULL;
    if (ta_clip_create("c", tracks, count, NULL, &clip, NULL) != TA_OK) FAIL();
    return clip;
}

/* ---- characters --------------------------------------------------------------------------- */

typedef struct character {
    ta_scene *scene;
    int share_of; /* -1: its own scene; else the earlier character whose scene it has */
    uint32_t rig;
    ta_pose *pose;
    ta_mixer *mixer;
    bool drive;     /* its mixer given to the frame */
    bool has_world; /* its world array given to the frame */
    uint8_t place[MAX_SKINS]; /* 0: its slot; 1: left out; 2: past the palette's end */
    size_t offsets[MAX_SKINS];
} character;

typedef struct state {
    rig rigs[MAX_RIGS];
    ta_clip *clips[MAX_RIGS];
    uint32_t rig_count, count;
    character ch[MAX_CHARS];
    ta_frame_character chars[MAX_CHARS];
    ta_mat4 world[MAX_CHARS][MAX_NODES];
    float palette[PALETTE], want[PALETTE];
    float loose[PALETTE]; /* the bound of each palette float where the float pass may have run */
    ta_recycler rec; /* scenes made again in the places of destroyed ones */
    ta_allocator alloc;
    ta_worker_pool *pool; /* two workers, made for the first frame on a pool */
} state;

static ta_pose *make_pose(ta_scene *s)
{
    ta_pose_options o = {.node_capacity = MAX_NODES};
    ta_pose *p = NULL;
    if (ta_pose_create(s, &o, &p, NULL) != TA_OK) FAIL();
    ta_pose_use_best_simd(p, NULL);
    return p;
}

static ta_mixer *make_mixer(const ta_clip *clip, float time_scale)
{
    ta_mixer *m = NULL;
    ta_action *a = NULL;
    uint32_t index;
    if (ta_mixer_create(ta_node_none(), NULL, &m, NULL) != TA_OK || ta_action_create(clip, NULL, &a, NULL) != TA_OK ||
        ta_mixer_add(m, a, ta_node_none(), &index, NULL) != TA_OK ||
        ta_action_set_time_scale(a, time_scale, NULL) != TA_OK || ta_action_play(a, NULL) != TA_OK)
        FAIL();
    return m;
}

static void read_character(input *in, state *st, uint32_t i)
{
    character *c = &st->ch[i];
    memset(c, 0, sizeof *c);
    c->share_of = -1;
    const uint32_t kind = i == 0 ? 0 : byte(in) % 4;
    if (kind == 1) { /* an instance of an earlier character's scene */
        const uint32_t j = byte(in) % i;
        c->rig = st->ch[j].rig;
        if (ta_scene_instantiate(st->ch[j].scene, NULL, &c->scene, NULL) != TA_OK) FAIL();
    } else if (kind == 2) { /* a second character on an earlier one's scene: no mixer of its own */
        uint32_t j = byte(in) % i;
        while (st->ch[j].share_of >= 0) j = (uint32_t)st->ch[j].share_of;
        c->share_of = (int)j;
        c->rig = st->ch[j].rig;
        c->scene = st->ch[j].scene;
    } else {
        c->rig = byte(in) % st->rig_count;
        c->scene = build(&st->rigs[c->rig], &st->alloc);
    }
    c->pose = make_pose(c->scene);
    if (c->share_of < 0 && (byte(in) & 3) != 0) {
        c->mixer = make_mixer(st->clips[c->rig], number(in, 0.2f, 2));
        c->drive = true;
    }
    c->has_world = (byte(in) & 3) != 0;
    for (uint32_t s = 0; s < MAX_SKINS; ++s) c->place[s] = (byte(in) & 7) == 0 ? 1 : 0;
    TRACE("character %u: kind %u, rig %u, %u nodes, share_of %d, mixer %d\n", i, kind, c->rig, c->scene->node_count,
          c->share_of, c->mixer != NULL);
}

/* The character's scene made again from its rig, in the place of the one destroyed; characters on
 * that scene follow it. Their poses are kept or made again. */
static void remake_scene(input *in, state *st, uint32_t i)
{
    character *c = &st->ch[i];
    if (c->share_of >= 0) return;
    ta_scene *old = c->scene;
    ta_scene_destroy(old);
    c->scene = build(&st->rigs[c->rig], &st->alloc);
    const bool new_poses = byte(in) & 1;
    for (uint32_t k = i; k < st->count; ++k) {
        character *d = &st->ch[k];
        if (k != i && d->share_of != (int)i) continue;
        d->scene = c->scene;
        if (new_poses) {
            ta_pose_destroy(d->pose);
            d->pose = make_pose(d->scene);
        }
    }
}

static void change(input *in, state *st)
{
    const uint32_t op = byte(in) % 8, i = byte(in) % st->count;
    character *c = &st->ch[i];
    ta_scene *s = c->scene;
    const uint32_t n = s->node_count;
    TRACE("change %u on character %u (%u nodes)\n", op, i, n);
    char name[16];
    switch (op) {
    case 0: {
        float v[10];
        read_trs(in, v);
        set_trs(ta_scene_node(s, ta_node_at(byte(in) % n)), v);
        break;
    }
    case 1: { /* a loop is refused: either answer will do */
        const uint32_t node = byte(in) % n, to = byte(in) % (n + 1);
        ta_scene_set_parent(s, ta_node_at(node), to == n ? ta_node_none() : ta_node_at(to), NULL);
        break;
    }
    case 2:
        if (n < MAX_NODES) {
            float v[10];
            ta_node_id id;
            const uint32_t to = byte(in) % (n + 1);
            read_trs(in, v);
            if (ta_scene_add_node(s, to == n ? ta_node_none() : ta_node_at(to), "added", &id, NULL) != TA_OK)
                FAIL();
            set_trs(ta_scene_node(s, id), v);
        }
        break;
    case 3:
        if (s->skin_count < MAX_SKINS) {
            uint32_t count, joints[MAX_NODES];
            ta_mat4 ib[MAX_NODES];
            ta_node_id ids[MAX_NODES];
            read_skin(in, n, &count, joints, ib);
            for (uint32_t j = 0; j < count; ++j) ids[j] = ta_node_at(joints[j]);
            ta_skin_desc d = {ids, count, ib, NULL};
            if (ta_scene_add_skin(s, &d, NULL, NULL) != TA_OK) FAIL();
        }
        break;
    case 4:
        snprintf(name, sizeof name, "name%u", byte(in));
        if (ta_scene_set_node_name(s, ta_node_at(byte(in) % n), name, NULL) != TA_OK) FAIL();
        break;
    case 5:
        remake_scene(in, st, i);
        break;
    case 6:
        c->has_world = !c->has_world;
        if (c->mixer != NULL) c->drive = byte(in) & 1;
        break;
    default: {
        const uint32_t b = byte(in);
        c->place[b % MAX_SKINS] = (uint8_t)((b >> 2) % 3);
        break;
    }
    }
}

/* ---- the check ---------------------------------------------------------------------------- */

static bool is_sentinel(float v)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits == SENTINEL;
}

static void fill_sentinel(float *v, size_t n)
{
    const uint32_t bits = SENTINEL;
    for (size_t i = 0; i < n; ++i) memcpy(&v[i], &bits, sizeof bits);
}

static float largest(const float *m, int n)
{
    float l = 1;
    for (int k = 0; k < n; ++k) l = fmaxf(l, fabsf(m[k]));
    return l;
}

/* got is want, bit for bit, or (loose: the float lane pass may have run) within 1e-4 of the largest
 * element of want's matrix of n floats (the float lanes measured within 3e-6 on random rigs of up to
 * 20 nodes, uneven scales and quaternions not of unit length); a sentinel only where want has one. */
static void same(const float *got, const float *want, int n, bool loose)
{
    if (!loose) {
        if (memcmp(got, want, sizeof(float) * (size_t)n) != 0) FAIL();
        return;
    }
    const float bound = 1e-4f * largest(want, n);
    for (int k = 0; k < n; ++k) {
        if (is_sentinel(want[k]) != is_sentinel(got[k])) FAIL();
        if (!is_sentinel(want[k]) && !(fabsf(got[k] - want[k]) <= bound)) FAIL();
    }
}

typedef struct node_trs {
    float v[10];
} node_trs;

static void snapshot(const ta_scene *s, node_trs *out)
{
    for (uint32_t i = 0; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        const float v[10] = {n->position.x, n->position.y, n->position.z, n->quaternion.x, n->quaternion.y,
                             n->quaternion.z, n->quaternion.w, n->scale.x, n->scale.y, n->scale.z};
        memcpy(out[i].v, v, sizeof v);
    }
}

/* After a frame: character i's matrices against the column loops on a pose made now; the frame's
 * pose's answers. */
static void check_character(input *in, state *st, uint32_t i, const ta_frame_options *o, const node_trs *before)
{
    character *c = &st->ch[i];
    const ta_frame_character *fc = &st->chars[i];
    const uint32_t floats = ta_frame_bone_floats(o->layout);
    ta_scene *s = c->scene;
    if (fc->result != TA_OK) {
        if (fc->error.message[0] == '\0') FAIL();
        if (c->has_world)
            for (uint32_t k = 0; k < MAX_NODES; ++k)
                for (int e = 0; e < 16; ++e)
                    if (!is_sentinel(st->world[i][k].m[e])) FAIL();
        if (c->share_of < 0) {
            node_trs now[MAX_NODES];
            snapshot(s, now);
            if (memcmp(now, before, sizeof(node_trs) * s->node_count) != 0) FAIL();
        }
        return;
    }
    const bool loose = o->float_lanes && o->no_pose_world;
    ta_pose *ref = make_pose(s);
    ta_mat4 w[MAX_NODES];
    if (ta_pose_world_pass(ref, s, ta_node_none(), w, MAX_NODES, NULL) != TA_OK) FAIL();
    if (c->has_world) {
        for (uint32_t k = 0; k < s->node_count; ++k) same(st->world[i][k].m, w[k].m, 16, loose);
        for (uint32_t k = s->node_count; k < MAX_NODES; ++k)
            for (int e = 0; e < 16; ++e)
                if (!is_sentinel(st->world[i][k].m[e])) FAIL();
    }
    for (uint32_t k = 0; k < s->skin_count && k < MAX_SKINS; ++k) {
        if (c->offsets[k] == SIZE_MAX) continue;
        const uint32_t joints = s->skins[k].joint_count;
        float *at = st->want + c->offsets[k];
        ta_result r = o->layout == TA_PALETTE_LAYOUT_ROWS_3X4
                          ? ta_pose_skinning_pass_rows(ref, s, ta_skin_at(k), at, joints, NULL)
                          : ta_pose_skinning_pass(ref, s, ta_skin_at(k), (ta_mat4 *)(void *)at, joints, NULL);
        if (r != TA_OK) FAIL();
        for (uint32_t b = 0; b < joints * floats; ++b) st->loose[c->offsets[k] + b] = loose;
    }
    /* the frame's pose: a socket, a skin, then a pass over a subtree */
    const uint32_t node = byte(in) % s->node_count;
    ta_mat4 got;
    ta_pose_socket socket = {ta_node_at(node)};
    const ta_result sr = ta_pose_socket_world(c->pose, s, socket, &got, NULL);
    if (o->no_pose_world) {
        if (sr != TA_ERROR_BAD_STATE) FAIL();
    } else {
        if (sr != TA_OK) FAIL();
        same(got.m, w[node].m, 16, false);
        if (s->skin_count > 0) {
            ta_mat4 bones[MAX_NODES], want[MAX_NODES];
            const uint32_t joints = s->skins[0].joint_count;
            if (ta_pose_skinning_pass(c->pose, s, ta_skin_at(0), bones, joints, NULL) != TA_OK ||
                ta_pose_skinning_pass(ref, s, ta_skin_at(0), want, joints, NULL) != TA_OK)
                FAIL();
            same(bones[0].m, want[0].m, 16 * (int)joints, false);
        }
    }
    TRACE("  character %u: result %d, socket %u: %d\n", i, (int)fc->result, node, (int)sr);
    if (byte(in) & 1) {
        const ta_node_id root = ta_node_at(byte(in) % s->node_count);
        TRACE("  character %u: a pass from node %u\n", i, root.index);
        ta_mat4 sub[MAX_NODES];
        fill_sentinel(sub[0].m, (size_t)MAX_NODES * 16);
        if (ta_pose_world_pass(c->pose, s, root, sub, MAX_NODES, NULL) != TA_OK) FAIL();
        for (uint32_t k = 0; k < s->node_count; ++k) {
            const ta_node_id id = ta_node_at(k);
            const bool below = ta_scene_is_below(s, id, root), above = !below && ta_scene_is_below(s, root, id);
            if (below || above) { /* the subtree and the root's ancestors, written (pose.h) */
                same(sub[k].m, w[k].m, 16, false);
                continue;
            }
            for (int e = 0; e < 16; ++e)
                if (!is_sentinel(sub[k].m[e])) FAIL(); /* the others left as they were */
            const ta_result r = ta_pose_socket_world(c->pose, s, (ta_pose_socket){id}, &got, NULL);
            if (o->no_pose_world) {
                if (r != TA_ERROR_BAD_STATE) FAIL();
            } else {
                if (r != TA_OK) FAIL();
                same(got.m, w[k].m, 16, false);
            }
        }
    }
    ta_pose_destroy(ref);
}

static void frame(input *in, state *st)
{
    ta_frame_options o = {0};
    o.palette = st->palette;
    o.palette_floats = PALETTE;
    o.layout = (byte(in) & 1) ? TA_PALETTE_LAYOUT_ROWS_3X4 : TA_PALETTE_LAYOUT_MAT4;
    o.no_pose_world = byte(in) & 1;
    o.float_lanes = byte(in) & 1;
    o.stream = (ta_frame_stream)(byte(in) % 3);
    /* a lane scratch of the caller's, for the calls with no pool (a pool keeps its own) */
    _Alignas(64) static double lane_scratch[MAX_NODES * 12 * 8];
    if (byte(in) & 1) {
        o.lane_scratch = lane_scratch;
        o.lane_scratch_bytes = ta_frame_lane_scratch_bytes(MAX_NODES);
        if (o.lane_scratch_bytes > sizeof lane_scratch) FAIL();
    }
    const uint32_t floats = ta_frame_bone_floats(o.layout);
    static node_trs before[MAX_CHARS][MAX_NODES];
    for (uint32_t i = 0; i < st->count; ++i) {
        character *c = &st->ch[i];
        for (uint32_t k = 0; k < MAX_SKINS; ++k)
            c->offsets[k] = c->place[k] == 1   ? SIZE_MAX
                            : c->place[k] == 2 ? PALETTE - 1 /* its first bone past the end */
                                               : (size_t)(i * MAX_SKINS + k) * SLOT;
        st->chars[i] = (ta_frame_character){.mixer = c->drive ? c->mixer : NULL, .targets = {.scene = c->scene},
                                            .pose = c->pose, .world = c->has_world ? st->world[i] : NULL,
                                            .skin_offsets = c->offsets};
        fill_sentinel(st->world[i][0].m, (size_t)MAX_NODES * 16);
        snapshot(c->scene, before[i]);
    }
    fill_sentinel(st->palette, PALETTE);
    const ta_duration dt = ta_duration_from_seconds(number(in, 0, 0.1f));
    const uint32_t split = byte(in) % (st->count + 1);
    TRACE("frame: layout %d no_pose_world %d float_lanes %d stream %d lane scratch %d split %u\n", (int)o.layout,
          o.no_pose_world, o.float_lanes, (int)o.stream, o.lane_scratch != NULL, split);
    ta_error err = {0};
    ta_result r;
    /* on a pool when no two characters have one scene (frame.h: else in one range) */
    bool shared = false;
    for (uint32_t i = 0; i < st->count; ++i) shared |= st->ch[i].share_of >= 0;
    const bool pooled = !shared && (byte(in) & 1);
    if (pooled && st->pool == NULL && ta_worker_pool_create(2, NULL, &st->pool, NULL) != TA_OK) FAIL();
    TRACE("  %s\n", pooled ? "on a pool of two" : "on this thread");
    if (split == 0 || pooled)
        r = ta_frame_update(st->chars, st->count, dt, &o, pooled ? st->pool : NULL, &err);
    else {
        r = ta_frame_update_range(st->chars, 0, split, dt, &o, &err);
        ta_error e2 = {0};
        ta_result r2 = ta_frame_update_range(st->chars, split, st->count - split, dt, &o, &e2);
        if (r == TA_OK) r = r2, err = e2;
    }
    ta_result first = TA_OK;
    for (uint32_t i = 0; i < st->count && first == TA_OK; ++i) first = st->chars[i].result;
    if (r != first || (r != TA_OK && err.message[0] == '\0')) FAIL();
    fill_sentinel(st->want, PALETTE);
    memset(st->loose, 0, sizeof st->loose);
    for (uint32_t i = 0; i < st->count; ++i) check_character(in, st, i, &o, before[i]);
    /* every float of the palette: the column loops' where an accepted character's skin is, else untouched */
    for (size_t k = 0; k < PALETTE;) {
        size_t end = k + 1;
        if (st->loose[k] != 0.0f) end = k + floats;
        same(st->palette + k, st->want + k, (int)(end - k), st->loose[k] != 0.0f);
        k = end;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size, 0};
    static state st;
    memset(&st, 0, sizeof st);
    st.alloc = ta_recycler_allocator(&st.rec);
    st.rig_count = 1 + byte(&in) % MAX_RIGS;
    for (uint32_t r = 0; r < st.rig_count; ++r) {
        read_rig(&in, &st.rigs[r]);
        st.clips[r] = read_clip(&in, &st.rigs[r]);
    }
    st.count = 1 + byte(&in) % MAX_CHARS;
    for (uint32_t i = 0; i < st.count; ++i) read_character(&in, &st, i);
    const uint32_t frames = 1 + byte(&in) % 6;
    for (uint32_t f = 0; f < frames; ++f) {
        const uint32_t changes = byte(&in) % 4;
        for (uint32_t k = 0; k < changes; ++k) change(&in, &st);
        frame(&in, &st);
    }
    for (uint32_t i = st.count; i-- > 0;) {
        character *c = &st.ch[i];
        ta_pose_destroy(c->pose);
        ta_mixer_destroy(c->mixer);
        if (c->share_of < 0) ta_scene_destroy(c->scene);
    }
    ta_worker_pool_destroy(st.pool);
    for (uint32_t r = 0; r < st.rig_count; ++r) ta_clip_release(st.clips[r]);
    ta_recycler_release(&st.rec);
    return 0;
}
