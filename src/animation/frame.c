/* A frame of many characters in one call (frame.h): update, world pass,
 * skinning pass into the caller's palette; and the pose's choice of
 * instruction set, made here because the mixer's choice lives in this layer. */
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "animation/mixer_internal.h"
#include "core/worker_pool_internal.h"
#include "scene/pose_internal.h"
#include "scene/scene_internal.h"
#include "threeanim/frame.h"

ta_result ta_pose_use_best_simd(ta_pose *pose, ta_error *err)
{
    if (pose == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "pose: is NULL");
    ta__simd simd;
    ta_result r = ta__fused_choose(getenv("TA_SIMD"), &simd, err);
    if (r != TA_OK) return r;
    /* the pose's levels are numbered as ta__simd from SCALAR on; GENERAL has no loops of its own */
    int level = simd == TA__SIMD_GENERAL ? TA__POSE_SCALAR : (int)simd;
    if (!ta__pose_use(pose, level))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "TA_SIMD: \"%s\" has no pose loops in this build",
                        ta__simd_name(simd));
    return TA_OK;
}

const char *ta_pose_simd_name(const ta_pose *pose)
{
    return pose ? ta__simd_name((ta__simd)ta__pose_level(pose)) : "?";
}

uint32_t ta_frame_bone_floats(ta_palette_layout layout)
{
    switch (layout) {
    case TA_PALETTE_LAYOUT_MAT4: return 16;
    case TA_PALETTE_LAYOUT_ROWS_3X4: return 12;
    default: return 0;
    }
}

/* Everything of one character that can be checked before it changes. */
static ta_result check_character(const ta_frame_character *c, const ta_frame_options *o, ta_error *err)
{
    const ta_scene *scene = c->targets.scene;
    if (scene == NULL || c->pose == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "targets.scene" : "pose");
    if (scene->node_count > ta__pose_capacity(c->pose))
        return ta__fail(err, TA_ERROR_BAD_STATE, "pose: holds %u nodes, fewer than the scene's %u",
                        ta__pose_capacity(c->pose), scene->node_count);
    if (c->skin_offsets == NULL) return TA_OK;
    if (o->palette == NULL && scene->skin_count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.palette: is NULL, and skin_offsets is not");
    size_t per = ta_frame_bone_floats(o->layout);
    for (uint32_t s = 0; s < scene->skin_count; ++s) {
        size_t at = c->skin_offsets[s];
        if (at == SIZE_MAX) continue;
        size_t n = (size_t)scene->skins[s].joint_count * per;
        if (at > o->palette_floats || n > o->palette_floats - at)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "skin_offsets[%u]: %zu, with %u bones of %zu floats, is past the palette's %zu floats", s,
                            at, scene->skins[s].joint_count, per, o->palette_floats);
    }
    return TA_OK;
}

/* Skin s of a character into the palette at its offset, by the column loops. */
static ta_result skin_pass(ta_frame_character *c, const ta_frame_options *o, uint32_t s, ta_error *err)
{
    const ta_scene *scene = c->targets.scene;
    size_t at = c->skin_offsets[s];
    uint32_t n = scene->skins[s].joint_count;
    return o->layout == TA_PALETTE_LAYOUT_MAT4
               ? ta_pose_skinning_pass(c->pose, scene, ta_skin_at(s), (ta_mat4 *)(void *)(o->palette + at), n, err)
               : ta_pose_skinning_pass_rows(c->pose, scene, ta_skin_at(s), o->palette + at, n, err);
}

/* The passes of one character, its world and its skins, by the column loops. */
static ta_result passes(ta_frame_character *c, const ta_frame_options *o, ta_error *err)
{
    const ta_scene *scene = c->targets.scene;
    ta_result r = ta__pose_world(c->pose, scene, ta_node_none(), c->world, err);
    if (r != TA_OK || c->skin_offsets == NULL) return r;
    for (uint32_t s = 0; s < scene->skin_count; ++s) {
        size_t at = c->skin_offsets[s];
        if (at == SIZE_MAX) continue;
        r = skin_pass(c, o, s, err);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

/* The scratch of a lane pass, on the caller's stack (48 KB), kept small for
 * the small stacks of job systems' fibers: 128 nodes on four lanes, 64 on
 * eight. A bigger rig's is a lane_room's, or it goes through the column loops. */
enum { LANES_SCRATCH = 6144, LANES_MAX_NODES = LANES_SCRATCH / (12 * 4) };

/* The room for the lane passes of rigs past LANES_MAX_NODES: the caller's
 * (ta_frame_options.lane_scratch) or the pool worker's (worker_pool_internal.h), `doubles` long;
 * NULL, none. need, when not NULL: the most doubles a rig wanted and did not find, raised here
 * and read after the frame (ta_frame_update grows its pool's room to it for the next). */
typedef struct lane_room {
    double *big;
    size_t doubles;
    atomic_ullong *need;
} lane_room;

/* The doubles a lane pass of a rig of node_count nodes led by a pose of level wants: its widest
 * double lanes' (which hold its float lanes' too: eight float lanes take as many as four double). */
static size_t room_wanted(int level, uint32_t node_count)
{
    const uint32_t w = ta__lanes_width(level);
    return TA__LANES_SCRATCH(node_count, w > 4 ? w : 4);
}

/* Whether a rig of node_count nodes has a lane pass's scratch: the stack's, or the room's (four
 * double lanes' at least). */
static bool has_scratch(uint32_t node_count, const lane_room *room)
{
    return node_count <= LANES_MAX_NODES || (room->big != NULL && room->doubles >= TA__LANES_SCRATCH(node_count, 4));
}

/* The scratch for a lane pass of a rig of node_count nodes (has_scratch): the stack's for a rig
 * that fits it, else the room's, and its doubles. */
static double *scratch_for(uint32_t node_count, double *stack, const lane_room *room, size_t *out_doubles)
{
    const bool small = node_count <= LANES_MAX_NODES;
    *out_doubles = small ? LANES_SCRATCH : room->doubles;
    return small ? stack : room->big;
}
/* The fewest characters a double lane pass takes (double_lanes_for): fewer go a character at a time
 * (measured: docs/performance.md, "A frame of a few characters"). */
enum { DOUBLE_LANES_FROM = 3 };

/* The lanes for characters of this rig whose leader runs level, in a scratch of `doubles`. */
static uint32_t lane_width(int level, uint32_t node_count, size_t doubles)
{
    uint32_t w = ta__lanes_width(level);
    return w == 8 && TA__LANES_SCRATCH(node_count, 8) > doubles ? ta__lanes_width(TA__POSE_AVX2) : w;
}

/* Whether the character's pose has a lane pass the options may run: the double one (AVX2 or
 * wider), or the float one where the options ask for it (float_lanes with no_pose_world; on
 * WebAssembly SIMD the only one). */
static bool has_lanes(const ta_frame_character *c, const ta_frame_options *o)
{
    int level = ta__pose_level(c->pose);
    return ta__lanes_width(level) > 0 || (o->float_lanes && o->no_pose_world && ta__lanes_float_width(level) > 0);
}

/* Whether a character can lead a lane pass: its pose has one (has_lanes), its
 * rig fits the stack's scratch or the room's (else the room's need is raised), and every joint is
 * in its tree. */
static bool can_lead(const ta_frame_character *c, const ta_frame_options *o, const lane_room *room)
{
    const ta_scene *scene = c->targets.scene;
    if (!has_lanes(c, o)) return false;
    if (!has_scratch(scene->node_count, room)) {
        const unsigned long long want = room_wanted(ta__pose_level(c->pose), scene->node_count);
        /* not an atomic max: two workers' rigs race, and a smaller one asks again next frame */
        if (room->need != NULL && want > atomic_load_explicit(room->need, memory_order_relaxed))
            atomic_store_explicit(room->need, want, memory_order_relaxed);
        return false;
    }
    for (uint32_t s = 0; s < scene->skin_count; ++s)
        for (uint32_t j = 0; j < scene->skins[s].joint_count; ++j)
            if (scene->skins[s].joints[j].index >= scene->node_count) return false;
    return true;
}

/* Whether the character's skin s goes into the palette. */
static bool wants_skin(const ta_frame_character *c, uint32_t s)
{
    return c->skin_offsets != NULL && c->skin_offsets[s] != SIZE_MAX;
}

/* Whether some skin of the rig goes into the palette for some of h[0 .. n)
 * and not for others: those others then go through the column loops, which
 * read the poses' doubles. */
static bool partial_skin(ta_frame_character *const *h, uint32_t n, const ta_scene *rig)
{
    for (uint32_t s = 0; s < rig->skin_count; ++s) {
        uint32_t want = 0;
        for (uint32_t k = 0; k < n; ++k) want += wants_skin(h[k], s);
        if (want > 0 && want < n) return true;
    }
    return false;
}

/* Whether float32 world matrices keep rig's bone matrices within 1e-6 of
 * their largest element. A bone's translation is its joint's world
 * translation plus the world 3x3 times the inverse bind's translation: where
 * that lever is long against the inverse bind's 3x3 (a joint bound far from
 * the origin, as the Fox's, 67 times), the two nearly cancel, and the world
 * matrix's float rounding, times the lever, is what is left. Rounding
 * three.js's own world matrices to float32 once puts the Fox's bones 2.6e-6
 * of their largest element off; the Khronos samples' other rigs have levers
 * of 1 to 4.2. Those past FLOAT_LEVER take the double lanes
 * (ta__scene_rig_levers_within, asked once a rig and kept in its scene). */
enum { FLOAT_LEVER = 4 };

/* The lanes of the float lane pass for g[0 .. m) of rig, led by a pose of
 * level; 0 when they take the double one: not asked (float_lanes), or the
 * poses must keep their doubles (no no_pose_world, or a skin some of them
 * leave out), or its inverse binds' levers are too long for float32
 * (FLOAT_LEVER). Eight float lanes take as many nodes as the doubles' four. */
static uint32_t float_lane_width(ta_frame_character *const *g, uint32_t m, int level, ta_scene *rig,
                                 const ta_frame_options *o)
{
    if (!o->float_lanes || !o->no_pose_world || partial_skin(g, m, rig) ||
        !ta__scene_rig_levers_within(rig, FLOAT_LEVER))
        return 0;
    return ta__lanes_float_width(level);
}

/* The double lanes for count characters of a pass width wide: a pass costs its width, its empty
 * lanes too, so that a few characters go through AVX2's four lanes (which AVX-512's machines have)
 * and fewer than three through the column loops, a character at a time; 0 for those. */
static uint32_t double_lanes_for(uint32_t width, uint32_t count)
{
    if (count < DOUBLE_LANES_FROM) return 0;
    return width == 8 && count <= 4 ? ta__lanes_width(TA__POSE_AVX2) : width;
}

/* The passes of lane characters g[0 .. m) (1 < m <= TA__FLOAT_LANES) of one
 * rig, a character a lane, width lanes at a time: the same numbers as
 * passes() gives each (in the float lane pass, within 1e-6 of each matrix's
 * largest element). A skin that some of them leave out of the palette goes
 * through the column loops for the others. */
static void lane_passes(ta_frame_character **g, uint32_t m, const ta_frame_options *o, bool stream,
                        const lane_room *room)
{
    _Alignas(64) double stack[LANES_SCRATCH];
    ta_scene *rig0 = g[0]->targets.scene;
    size_t room_doubles;
    double *scratch = scratch_for(rig0->node_count, stack, room, &room_doubles); /* can_lead: it has one */
    int level = ta__pose_level(g[0]->pose);
    uint32_t floats = float_lane_width(g, m, level, rig0, o);
    if (floats && TA__LANES_SCRATCH(rig0->node_count, floats) > 2 * room_doubles) floats = 0;
    uint32_t width = floats ? floats : lane_width(level, rig0->node_count, room_doubles);
    if (width == 0) { /* a float pass alone (WebAssembly SIMD), and float_lane_width said no */
        for (uint32_t k = 0; k < m; ++k) g[k]->result = passes(g[k], o, &g[k]->error);
        return;
    }
    for (uint32_t first = 0; first < m; first += width) {
        ta_frame_character **h = g + first;
        uint32_t count = m - first < width ? m - first : width;
        const uint32_t w = floats ? width : double_lanes_for(width, count);
        if (w == 0) { /* too few for a double lane pass: the column loops, the same numbers */
            for (uint32_t k = 0; k < count; ++k) h[k]->result = passes(h[k], o, &h[k]->error);
            continue;
        }
        ta__pose_lane lanes[TA__FLOAT_LANES];
        uint32_t live = 0;
        for (uint32_t k = 0; k < count; ++k) {
            ta_frame_character *c = h[k];
            c->result = ta__pose_begin_lanes(c->pose, c->targets.scene, &lanes[live], &c->error);
            if (c->result != TA_OK) continue;
            lanes[live].nodes = c->targets.scene->nodes;
            lanes[live].out = c->world;
            h[live++] = c;
        }
        if (live == 0) continue;
        for (uint32_t k = live; k < w; ++k) lanes[k] = lanes[live - 1];
        const ta_scene *rig = h[0]->targets.scene;
        int world = h[0]->world != NULL ? TA__LANES_FLOATS : 0;
        const int streams = stream && TA__LANES_CAN_STREAM ? TA__LANES_STREAM : 0;
        if (floats) {
            ta__lanes_world_float(lanes, w, rig->node_count, (float *)(void *)scratch,
                                  world | (world ? streams : 0));
        } else {
            bool doubles = !o->no_pose_world || partial_skin(h, live, rig);
            int keep = (doubles ? TA__LANES_DOUBLES : 0) | world;
            ta__lanes_world(lanes, w, rig->node_count, scratch, keep | (keep ? streams : 0));
        }
        for (uint32_t s = 0; s < rig->skin_count; ++s) {
            float *out[TA__FLOAT_LANES];
            uint32_t want = 0;
            for (uint32_t k = 0; k < live; ++k)
                if (wants_skin(h[k], s)) out[want++] = o->palette + h[k]->skin_offsets[s];
            if (want == live) {
                for (uint32_t k = live; k < w; ++k) out[k] = out[live - 1];
                const ta_skin *sk = &rig->skins[s];
                int form = (o->layout == TA_PALETTE_LAYOUT_ROWS_3X4 ? TA__BONES_ROWS : 0) |
                           (streams ? TA__BONES_STREAM : 0);
                const float *last = ta__skin_last_rows(rig, s);
                if (floats)
                    ta__lanes_bones_float((const float *)(const void *)scratch, w, sk->joints,
                                          sk->inverse_binds, last, sk->joint_count, out, form);
                else
                    ta__lanes_bones(scratch, w, sk->joints, sk->inverse_binds, last, sk->joint_count, out, form);
                continue;
            }
            for (uint32_t k = 0; k < live && want > 0; ++k)
                if (wants_skin(h[k], s) && h[k]->result == TA_OK)
                    h[k]->result = skin_pass(h[k], o, s, &h[k]->error);
        }
    }
}

/* What the frame reads first of character c, asked for ahead of it
 * (ta__mixer_prefetch's stages, which its update reads), with its pose, its
 * skins and its scene's rig memo, and, where that memo knows no scene of its
 * rig (the first frame, or after its tree changed) and its skins are not the
 * previous character's (instances share them), the joints and inverse binds
 * the rig check then compares. */
static void prefetch_ahead(const ta_frame_character *c, unsigned stage)
{
    const ta_scene *s = c->targets.scene;
    if (s == NULL || c->pose == NULL) return;
    ta__mixer_prefetch(c->mixer, s, stage);
    ta__pose_prefetch(c->pose, stage);
    if (stage == 2) {
        ta__prefetch_lines(&ta__scene_internal(s)->rig, sizeof(ta__rig_memo), false);
        ta__prefetch_lines(s->skins, sizeof *s->skins * s->skin_count, false);
    }
    if (stage != 1 || ta__scene_rig_known(s)) return;
    const ta_scene *before = c[-1].targets.scene; /* stage 1 is never the range's first */
    for (uint32_t k = 0; k < s->skin_count; ++k) {
        const ta_skin *sk = &s->skins[k];
        if (before != NULL && k < before->skin_count && before->skins[k].inverse_binds == sk->inverse_binds) continue;
        ta__prefetch_lines(sk->inverse_binds, sizeof *sk->inverse_binds * sk->joint_count, false);
        ta__prefetch_lines(sk->joints, sizeof *sk->joints * sk->joint_count, false);
    }
}

/* How far past the caches a frame's characters are, by their number in the call (the whole
 * frame's on a pool), or as options.stream says: far, each update asks for the next characters'
 * first lines; stream, the lane passes write the poses' doubles, and the float world matrices
 * and 4x4 bones of arrays that start on a 64-byte line, with non-temporal stores
 * (TA__LANES_STREAM, TA__BONES_STREAM): else each of their lines is read in from memory first,
 * a frame after it was written. */
typedef struct frame_reach {
    bool far, stream;
} frame_reach;

static frame_reach reach_of(uint32_t count, const ta_frame_options *o)
{
    const bool stream =
        o->stream == TA_FRAME_STREAM_ON || (o->stream == TA_FRAME_STREAM_AUTO && count > TA__FRAME_STREAM_FROM);
    return (frame_reach){count > TA__FRAME_PREFETCH_FROM, stream};
}

/* Characters [0, n) (n <= TA__FLOAT_LANES), or the first of them up to one whose
 * scene an earlier one has (its update must come after their passes): each
 * one checked and updated, then the passes: a lane pass for each rig that two
 * or more of them share, the column loops for the rest. Returns how many it
 * took. reach.far: each update asks for the next three characters' first
 * lines, of chars[0 .. avail). */
static uint32_t run_window(ta_frame_character *chars, uint32_t n, uint32_t avail, ta_duration delta,
                           const ta_frame_options *o, frame_reach reach, const lane_room *room)
{
    ta_frame_character *lane[TA__FLOAT_LANES], *rest[TA__FLOAT_LANES];
    uint32_t rests = 0;
    for (uint32_t i = 0; i < n; ++i)
        for (uint32_t j = 0; j < i; ++j)
            if (chars[j].targets.scene == chars[i].targets.scene) n = i;
    for (uint32_t i = 0; i < n; ++i) {
        ta_frame_character *c = &chars[i];
        for (unsigned ahead = 1; ahead <= 3 && reach.far; ++ahead)
            if (i + ahead < avail) prefetch_ahead(&chars[i + ahead], ahead);
        ta__clear(&c->error);
        c->result = check_character(c, o, &c->error);
        if (c->result == TA_OK && c->mixer != NULL)
            c->result = ta_mixer_update_targets(c->mixer, &c->targets, delta, &c->error);
        if (c->result == TA_OK) rest[rests++] = c;
    }
    /* Rig by rig: the first left that can lead a lane pass, with every later one of its rig (a lane
     * pass writes the floats of all its characters or of none), else the column loops. A crowd of
     * a few models in the order they were made (A B A B ...) gets a lane pass for each. */
    while (rests > 0) {
        ta_frame_character *lead = rest[0];
        uint32_t lanes = 0, left = 0;
        if (can_lead(lead, o, room)) lane[lanes++] = lead;
        for (uint32_t k = 1; k < rests; ++k) {
            ta_frame_character *c = rest[k];
            if (lanes > 0 && has_lanes(c, o) && (c->world == NULL) == (lead->world == NULL) &&
                ta__scene_same_rig(lead->targets.scene, c->targets.scene))
                lane[lanes++] = c;
            else
                rest[left++] = c;
        }
        if (lanes > 1)
            lane_passes(lane, lanes, o, reach.stream, room);
        else
            lead->result = passes(lead, o, &lead->error);
        rests = left;
    }
    if (o->no_pose_world) /* the column loops keep them, as they must: the pose is told all the same */
        for (uint32_t i = 0; i < n; ++i)
            if (chars[i].result == TA_OK) ta__pose_forget_world(chars[i].pose);
    return n;
}

static ta_result check_call(const ta_frame_character *chars, uint32_t first, uint32_t count,
                            const ta_frame_options *options, ta_error *err)
{
    if (chars == NULL && count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "chars: is NULL for %u characters", count);
    if (count > UINT32_MAX - first)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "count: %u from %u is past the last index", count, first);
    if (options == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options: is NULL");
    if (ta_frame_bone_floats(options->layout) == 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.layout: %d is none of the palette layouts",
                        (int)options->layout);
    if ((unsigned)options->stream > TA_FRAME_STREAM_OFF)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "options.stream: %d is none of auto (0), on (1) and off (2)",
                        (int)options->stream);
    if ((options->lane_scratch == NULL) != (options->lane_scratch_bytes == 0))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.lane_scratch: %s with lane_scratch_bytes %zu",
                        options->lane_scratch == NULL ? "NULL" : "given", options->lane_scratch_bytes);
    if ((uintptr_t)options->lane_scratch % 64 != 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.lane_scratch: %p does not start on a 64-byte line",
                        options->lane_scratch);
    return TA_OK;
}

/* Characters a window takes: the lanes of the widest lane pass the options may run. */
static uint32_t window_of(const ta_frame_options *options)
{
    return options->float_lanes ? TA__FLOAT_LANES : TA__LANES;
}

size_t ta_frame_lane_scratch_bytes(uint32_t node_count)
{
    if (node_count <= LANES_MAX_NODES) return 0;
    const uint64_t bytes = (uint64_t)node_count * 12u * TA__LANES * sizeof(double);
#if SIZE_MAX < UINT64_MAX
    if (bytes > SIZE_MAX) return SIZE_MAX; /* no such buffer (wasm32) */
#endif
    return (size_t)bytes;
}

/* The caller's room (options.lane_scratch), need recorded nowhere. */
static lane_room caller_room(const ta_frame_options *o)
{
    return (lane_room){(double *)o->lane_scratch, o->lane_scratch_bytes / sizeof(double), NULL};
}

static ta_result run_range(ta_frame_character *chars, uint32_t first, uint32_t count, ta_duration delta,
                           const ta_frame_options *options, frame_reach reach, const lane_room *room)
{
    uint32_t w = window_of(options);
    for (uint32_t i = first; i < first + count;)
        i += run_window(chars + i, first + count - i < w ? first + count - i : w, first + count - i, delta, options,
                        reach, room);
    for (uint32_t i = first; i < first + count; ++i)
        if (chars[i].result != TA_OK) return chars[i].result;
    return TA_OK;
}

/* The first refused character of [first, first + count), into err. */
static ta_result first_refused(const ta_frame_character *chars, uint32_t first, uint32_t count, ta_error *err)
{
    for (uint32_t i = first; i < first + count; ++i)
        if (chars[i].result != TA_OK)
            return ta__fail(err, chars[i].result, "character %u: %s", i, chars[i].error.message);
    return TA_OK;
}

ta_result ta_frame_update_range(ta_frame_character *chars, uint32_t first, uint32_t count, ta_duration delta,
                                const ta_frame_options *options, ta_error *err)
{
    ta_result r = check_call(chars, first, count, options, err);
    if (r != TA_OK) return r;
    const lane_room room = caller_room(options);
    if (run_range(chars, first, count, delta, options, reach_of(count, options), &room) == TA_OK) return TA_OK;
    return first_refused(chars, first, count, err);
}

/* A frame on a pool: each worker index has a share of the characters, whole windows in a row, the
 * same each frame, so that a thread that takes its own index again finds its characters in its own
 * cache; it takes its share in chunks, and then chunks of the others' shares that no thread has
 * taken yet, so that a thread the system holds back leaves its characters to the others rather
 * than a share they wait for. */
typedef struct frame_share {
    atomic_ullong next; /* the first character of the share no thread has taken (wide: overshoots once) */
    uint32_t end;
} frame_share;

typedef struct frame_job {
    ta_frame_character *chars;
    uint32_t count;
    ta_duration delta;
    const ta_frame_options *options;
    ta_worker_pool *pool;  /* its workers' rooms for rigs past the stack's scratch; NULL: the caller's */
    atomic_ullong need;    /* lane_room.need */
    frame_share share[TA_WORKER_POOL_MAX];
} frame_job;

/* A share's chunks are a quarter of what is left of it, in whole windows, at least one (guided):
 * long ranges keep the prefetch of the next characters going (a range asks for none past its end),
 * and the small ones at the end even the threads out. */
static void run_chunks(void *user, uint32_t worker, uint32_t workers)
{
    frame_job *j = (frame_job *)user;
    const uint32_t w = window_of(j->options);
    lane_room room = caller_room(j->options);
    if (j->pool != NULL) {
        size_t bytes;
        room.big = (double *)ta__worker_pool_scratch(j->pool, worker, &bytes);
        room.doubles = bytes / sizeof(double);
    }
    room.need = &j->need;
    for (uint32_t o = 0; o < workers; ++o) {
        frame_share *sh = &j->share[(worker + o) % workers];
        for (;;) {
            unsigned long long seen = atomic_load_explicit(&sh->next, memory_order_relaxed);
            if (seen >= sh->end) break;
            uint32_t chunk = (uint32_t)((sh->end - seen) / 4);
            chunk = chunk < w ? w : chunk - chunk % w;
            unsigned long long begin = atomic_fetch_add_explicit(&sh->next, chunk, memory_order_relaxed);
            if (begin >= sh->end) break;
            uint32_t first = (uint32_t)begin;
            run_range(j->chars, first, sh->end - first < chunk ? sh->end - first : chunk, j->delta, j->options,
                      reach_of(j->count, j->options), &room);
        }
    }
}

ta_result ta_frame_update(ta_frame_character *chars, uint32_t count, ta_duration delta,
                          const ta_frame_options *options, ta_worker_pool *pool, ta_error *err)
{
    ta_result r = check_call(chars, 0, count, options, err);
    if (r != TA_OK) return r;
    frame_job job;
    job.chars = chars;
    job.count = count;
    job.delta = delta;
    job.options = options;
    job.pool = pool;
    atomic_init(&job.need, 0ull);
    /* a window or less is one chunk: the caller's, with no thread woken for it */
    const uint32_t w = window_of(options), windows = (uint32_t)(((uint64_t)count + w - 1) / w);
    const uint32_t workers = pool == NULL || windows < 2 ? 1 : ta_worker_pool_workers(pool);
    for (uint32_t k = 0; k < workers; ++k) {
        const uint64_t from = (uint64_t)windows * k / workers * w, to = (uint64_t)windows * (k + 1) / workers * w;
        atomic_init(&job.share[k].next, from < count ? from : count);
        job.share[k].end = (uint32_t)(to < count ? to : count);
    }
    if (workers == 1)
        run_chunks(&job, 0, 1);
    else if ((r = ta_worker_pool_run(pool, run_chunks, &job, err)) != TA_OK)
        return r;
    /* A rig past the stack's scratch found no room: the pool's grows for the next frame (out of
     * memory, it stays as it was, and such rigs keep the column loops: the same numbers). */
    const unsigned long long need = atomic_load_explicit(&job.need, memory_order_relaxed);
    if (pool != NULL && need > 0 && need <= SIZE_MAX / sizeof(double))
        (void)ta__worker_pool_grow_scratch(pool, (size_t)need * sizeof(double));
    return first_refused(chars, 0, count, err);
}
