/*
 * fuzz_api -- libFuzzer target that drives the animation API: the input is
 * decoded into a sequence of calls (make tracks of any kind and interpolation,
 * clips with user data and markers, subclips and additive clips, actions;
 * play, stop, pause, reset, set_loop, weights, time scales, fades, warps,
 * halts, start times, sync,
 * cross-fades, groups, updates with extreme deltas and time scales, set_time,
 * uncache, track edits and samples, blend spaces, the scene destroyed and another
 * of other lists made in its place, at its address), run on two worlds built alike:
 *
 *   world A allocates through an allocator the input can tell to fail, so that
 *           out-of-memory refusals are exercised too; its mixer takes the fused
 *           path of the best instruction set here (TA_SIMD picks another);
 *   world B never fails, and is given only the calls that A accepted; its
 *           mixer takes the general path, which gives the same numbers bit for
 *           bit, so that the two paths are checked against each other.
 *
 * After every step: no crash and no sanitizer report (ASan, UBSan); the
 * snapshot of A (tests/support/ta_snapshot.h: every value a caller can
 * read from the scene, assets, cameras, mixer, actions and clips) is the
 * snapshot of B, so a refused call changed nothing, not even what only shows
 * later; a refused call also left A's snapshot as it was just before it, and
 * filled its error with a code and a message; every effective weight is finite
 * and not below zero (and not above the weight, after an update); every phase
 * is within its clip ([0, duration] for ONCE and REPEAT, [0, 2 * duration] for
 * PING_PONG); after an update every number of the scene, the assets and the
 * cameras is finite, every light, material and camera passes its validate, and
 * every node's quaternion is of unit length within 1e-3 (every rotation track
 * has unit keys); a track edit that succeeds leaves a valid track.
 *
 * Seed corpus: tests/fuzz/corpus/api/ (400 inputs of earlier runs, kept by
 * -merge=1, and the inputs of faults found since, named regression-*; the
 * crash-* inputs of the first faults were not kept: .gitignore leaves them
 * out). TA_FUZZ_TRACE=1 prints each
 * call, its arguments and its answer, to read a crash input:
 *
 *     TA_FUZZ_TRACE=1 build-fuzz/tests/fuzz/fuzz_api tests/fuzz/corpus/api/regression-...
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/mixer_internal.h"
#include "ta_snapshot.h"
#include "threeanim/threeanim.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* TA_FUZZ_TRACE=1 prints every call and its answer, to read a crash input. */
static bool trace;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *t = getenv("TA_FUZZ_TRACE");
    trace = t != NULL && t[0] == '1';
    return 0;
}

#define MAX_STEPS 160
#define MAX_CLIPS 8
#define MAX_ACTIONS 12
#define MAX_KEYS 8
#define MAX_TRACKS 4

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_api: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    fflush(stderr);
    __builtin_trap();
}

/* ---- reading the input ------------------------------------------------------------------------ */

typedef struct rd {
    const uint8_t *p;
    size_t n;
} rd;

static uint8_t u8(rd *r)
{
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}

static uint32_t u32(rd *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= (uint32_t)u8(r) << (8 * i);
    return v;
}

static uint64_t u64(rd *r)
{
    return (uint64_t)u32(r) | ((uint64_t)u32(r) << 32);
}

/* Numbers that find edges: zeros of both signs, small and large, the limits of
 * float, values just past a range, NaN and the infinities, and raw bits. */
static double pick_number_raw(rd *r)
{
    static const double table[] = {0.0,     -0.0,   1.0,     -1.0,    0.5,     0.25,    2.0,     3.0,     -0.5,
                                   0.1,     1.0 / 60, 0.7,   1.5,     10.0,    100.0,   1e3,     1e6,     1e9,
                                   1e15,    1e30,   3.4e38,  -3.4e38, 1e300,   -1e30,   1e-7,    1e-30,   1e-40,
                                   5e-324,  NAN,    INFINITY, -INFINITY, 180.0, 1.0000001, 0.999};
    uint8_t k = u8(r);
    if (k < 200) return table[k % (sizeof table / sizeof table[0])];
    if (k < 230) return (double)(int8_t)u8(r) / 16.0;
    if (k < 245) {
        uint32_t bits = u32(r);
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    uint64_t bits = u64(r);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static double pick_number(rd *r)
{
    double v = pick_number_raw(r);
    if (trace) fprintf(stderr, "  number %.17g\n", v);
    return v;
}

/* A number that is usually fine for a key: small steps, sometimes an edge. */
static float pick_key(rd *r)
{
    uint8_t k = u8(r);
    if (k < 224) return (float)((int)(k % 33) - 16) / 8.0f;
    return (float)pick_number(r);
}

/* ---- an allocator that counts, and fails when told to ------------------------------------------ */

typedef struct counter {
    size_t live, allocations, frees;
    long fail_in; /* <0: never; else the allocation that many from now fails */
    bool failed;
    /* While recycling, freed blocks are kept and given back, the last of a size first, as
     * malloc's caches do and the sanitizers' quarantine does not (scene_remake). */
    bool recycling;
    int kept_n;
    void *kept[64];
    size_t kept_size[64];
} counter;

/* A kept block of size, or NULL. */
static void *take_kept(counter *c, size_t size)
{
    for (int i = c->kept_n - 1; i >= 0; --i)
        if (c->kept_size[i] == size) {
            void *p = c->kept[i];
            c->kept[i] = c->kept[--c->kept_n];
            c->kept_size[i] = c->kept_size[c->kept_n];
            return p;
        }
    return NULL;
}

static void free_kept(counter *c)
{
    while (c->kept_n > 0) free(c->kept[--c->kept_n]);
}

static void *c_alloc(void *user, size_t size)
{
    counter *c = (counter *)user;
    if (c->fail_in == 0) {
        c->fail_in = -1;
        c->failed = true;
        return NULL;
    }
    if (c->fail_in > 0) c->fail_in--;
    void *p = take_kept(c, size);
    if (p == NULL) p = malloc(size ? size : 1);
    if (p == NULL) return NULL;
    c->allocations++;
    c->live += size;
    return p;
}

static void *c_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    counter *c = (counter *)user;
    if (c->fail_in == 0) {
        c->fail_in = -1;
        c->failed = true;
        return NULL;
    }
    if (c->fail_in > 0) c->fail_in--;
    void *p = realloc(ptr, new_size ? new_size : 1);
    if (p == NULL) return NULL;
    c->live = c->live - old_size + new_size;
    return p;
}

static void c_free(void *user, void *ptr, size_t size)
{
    counter *c = (counter *)user;
    c->frees++;
    c->live -= size;
    if (c->recycling && c->kept_n < 64) {
        c->kept[c->kept_n] = ptr;
        c->kept_size[c->kept_n++] = size;
        return;
    }
    free(ptr);
}

/* ---- a world ------------------------------------------------------------------------------------ */

typedef struct world {
    counter cnt;
    ta_allocator alloc;
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_mixer *mixer;
    ta_clip *clips[MAX_CLIPS];
    uint32_t clip_count;
    ta_action *actions[MAX_ACTIONS];
    uint32_t action_count;
    ta_loop_mode loop_at_update[MAX_ACTIONS]; /* the loop mode the last update ran with */
    /* Took another action's phase (sync_with), or left PING_PONG (whose phase
     * runs to twice the clip and carries the leg: a listed difference), and
     * has not moved since: its phase may lie past its clip and is not checked. */
    bool synced[MAX_ACTIONS];
} world;

#define NODES 5

/* The world's scene: NODES nodes (root, a, b, lamp, cam), a mesh and a skinned mesh with materials
 * 0 and 1, a spot light on the lamp. Shape 0 is the first scene: 3 and 2 morph targets, the mesh
 * on a, the skinned mesh on b; others (scene_remake) change the morph counts, swap the two meshes'
 * nodes and may leave out the light, with the same nodes and as many meshes. */
static ta_scene *world_scene(world *w, uint8_t shape, ta_error *err)
{
    ta_scene_options so = {&w->alloc, "s", "u-s"};
    ta_scene *s = NULL;
    if (ta_scene_create(&so, &s, err) != TA_OK) return NULL;
    ta_node_id n[NODES];
    static const char *const names[NODES] = {"root", "a", "b", "lamp", "cam"};
    for (uint32_t i = 0; i < NODES; ++i)
        if (ta_scene_add_node(s, i == 0 ? ta_node_none() : n[0], names[i], &n[i], err) != TA_OK) goto fail;
    ta_scene_node(s, n[1])->position = ta_vec3_make(1, 2, 3);
    const ta_material_id mats[2] = {ta_material_at(0), ta_material_at(1)};
    const bool swap = shape & 1;
    ta_mesh_desc md = {0};
    md.node = n[swap ? 2 : 1];
    md.morph_count = shape == 0 ? 3 : (shape >> 1) % 5;
    md.materials = mats;
    md.material_count = 2;
    if (ta_scene_add_mesh(s, &md, NULL, err) != TA_OK) goto fail;
    ta_mesh_desc sd = {0};
    sd.node = n[swap ? 1 : 2];
    sd.morph_count = shape == 0 ? 2 : (shape >> 4) % 4;
    sd.materials = &mats[1];
    sd.material_count = 1;
    if (ta_scene_add_skinned_mesh(s, &sd, NULL, err) != TA_OK) goto fail;
    if (!(shape & 0x40)) {
        ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
        l.node = n[3];
        if (ta_scene_add_light(s, &l, NULL, err) != TA_OK) goto fail;
    }
    return s;
fail:
    ta_scene_destroy(s);
    return NULL;
}

static void world_make(world *w)
{
    memset(w, 0, sizeof *w);
    w->cnt.fail_in = -1;
    ta_allocator a = {c_alloc, c_realloc, c_free, &w->cnt};
    w->alloc = a;
    ta_error err;
    ta_assets_options ao = {&w->alloc};
    ta_camera_list_options co = {&w->alloc};
    if (ta_assets_create(&ao, &w->assets, &err) != TA_OK || ta_camera_list_create(&co, &w->cameras, &err) != TA_OK)
        die("world", err.message);
    ta_texture tex = ta_texture_defaults();
    ta_texture_id tid;
    ta_assets_add_texture(w->assets, &tex, "t", NULL, &tid, &err);
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_PHYSICAL);
    m.map = tid;
    ta_material_id mats[2];
    ta_assets_add_material(w->assets, &m, "m", NULL, &mats[0], &err);
    ta_material plain = ta_material_defaults(TA_MATERIAL_KIND_BASIC);
    ta_assets_add_material(w->assets, &plain, "p", NULL, &mats[1], &err);
    w->scene = world_scene(w, 0, &err);
    if (w->scene == NULL) die("world", err.message);
    ta_perspective_camera pc = ta_perspective_camera_defaults();
    pc.node = ta_node_at(4);
    ta_camera_list_add_perspective(w->cameras, &pc, NULL, &err);
    ta_orthographic_camera oc = ta_orthographic_camera_defaults();
    ta_camera_list_add_orthographic(w->cameras, &oc, NULL, &err);
    ta_mixer_options mo = {&w->alloc};
    if (ta_mixer_create(ta_node_none(), &mo, &w->mixer, &err) != TA_OK) die("world", err.message);
}

/* The scene destroyed and another of `shape` made in its place (world_scene): the same nodes and
 * as many meshes, at the same address (the allocator gives the blocks back), and mostly of the
 * same structure_version. What a mixer found of the old scene (its checked targets, its actions'
 * name checks and group pairs) must not be taken for the new one's: a target the new one lacks is
 * refused, and nothing is written out of its lists (the sanitizers watch). */
static void scene_remake(world *w, uint8_t shape)
{
    ta_error err;
    w->cnt.recycling = true;
    ta_scene_destroy(w->scene);
    w->scene = world_scene(w, shape, &err);
    w->cnt.recycling = false;
    free_kept(&w->cnt);
    if (w->scene == NULL) die("scene_remake", err.message);
}

static void world_free(world *w)
{
    ta_mixer_destroy(w->mixer);
    for (uint32_t i = 0; i < w->clip_count; ++i) ta_clip_release(w->clips[i]);
    ta_scene_destroy(w->scene);
    ta_assets_destroy(w->assets);
    ta_camera_list_destroy(w->cameras);
    if (w->cnt.live != 0 || w->cnt.allocations != w->cnt.frees) die("a leak through the world's allocator", NULL);
}

static void world_snap(ta_snap *s, world *w)
{
    ta_snap_clear(s);
    ta_snap_scene(s, w->scene);
    ta_snap_assets(s, w->assets);
    ta_snap_cameras(s, w->cameras);
    ta_snap_mixer(s, w->mixer, w->actions, w->action_count);
    for (uint32_t i = 0; i < w->clip_count; ++i) ta_snap_clip(s, w->clips[i]);
    if (s->failed) die("a snapshot ran out of memory", NULL);
}

/* ---- making tracks from the input ------------------------------------------------------------- */

typedef struct track_spec {
    ta_track_desc desc;
    float times[MAX_KEYS];
    float values[MAX_KEYS * 4];
    float in[MAX_KEYS * 8], out[MAX_KEYS * 8];
    const char *strings[MAX_KEYS];
    bool bad_target; /* names a thing not in the worlds */
} track_spec;

static const char *const STRINGS[4] = {"idle", "busy", "", "a longer name for the node"};

static ta_track_target pick_target(rd *r, bool *bad)
{
    ta_track_target t;
    memset(&t, 0, sizeof t);
    uint8_t k = u8(r);
    ta_track_kind kind = (ta_track_kind)(k % (TA_TRACK_KIND_COUNT + 1)); /* one past: not named */
    uint8_t which = u8(r);
    uint32_t index = which % 4;
    *bad = (which & 0xc0) == 0xc0;
    if (*bad) index = 7 + which % 3;
    ta_error err;
    ta_result res;
    switch (ta_track_kind_family(kind)) {
    case TA_TARGET_FAMILY_NODE:
        if (kind == TA_TRACK_KIND_POSITION_ELEMENT || kind == TA_TRACK_KIND_SCALE_ELEMENT || kind == TA_TRACK_KIND_ROTATION_ELEMENT)
            res = ta_track_target_node_element(ta_node_at(index + 1), kind, u8(r) % 4, &t, &err);
        else
            res = ta_track_target_node(ta_node_at(index + 1), kind, &t, &err);
        break;
    case TA_TARGET_FAMILY_MESH: res = ta_track_target_morph(ta_mesh_at(index / 2), u8(r) % 9, &t, &err); break;
    case TA_TARGET_FAMILY_SKINNED_MESH: res = ta_track_target_skinned_morph(ta_skinned_mesh_at(index / 2), u8(r) % 9, &t, &err); break;
    case TA_TARGET_FAMILY_MATERIAL: res = ta_track_target_material(ta_material_at(index / 2), kind, &t, &err); break;
    case TA_TARGET_FAMILY_LIGHT: res = ta_track_target_light(ta_light_at(index / 3), kind, &t, &err); break;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        if (which & 1)
            res = ta_track_target_orthographic_camera(ta_orthographic_camera_at(index / 3), kind, &t, &err);
        else
            res = ta_track_target_perspective_camera(ta_perspective_camera_at(index / 3), kind, &t, &err);
        break;
    default:
        res = ta_track_target_node(ta_node_at(1), kind, &t, &err);
        break;
    }
    if (res != TA_OK) {
        if (err.message[0] == '\0') die("a target refused without a message", NULL);
        /* a target no constructor makes, given to ta_track_create as it is */
        t.kind = kind;
        t.family = (ta_target_family)(u8(r) % (TA_TARGET_FAMILY_COUNT + 1));
        t.index = index;
        t.element = u8(r) % 10;
    }
    return t;
}

static void pick_track(rd *r, track_spec *s)
{
    memset(s, 0, sizeof *s);
    ta_track_desc *d = &s->desc;
    d->target = pick_target(r, &s->bad_target);
    uint8_t ik = u8(r);
    d->interpolation = (ta_interpolation)(ik < 200 ? ik % TA_INTERPOLATION_COUNT : ik % 9);
    uint32_t keys = 1 + u8(r) % MAX_KEYS;
    uint8_t shape = u8(r);
    if (shape == 255) keys = 0;
    float t = 0;
    for (uint32_t i = 0; i < keys; ++i) {
        uint8_t step = u8(r);
        if (step >= 250) t = (float)pick_number(r);        /* anything, maybe not rising */
        else t += (float)(step % 20) / 16.0f + (i == 0 ? 0.0f : 1.0f / 64.0f);
        s->times[i] = t;
    }
    d->times = s->times;
    d->key_count = keys;
    uint32_t size = ta_track_kind_value_size(d->target.kind);
    if (size == 0) size = 1;
    ta_value_type type = ta_track_kind_value_type(d->target.kind);
    uint32_t nvalues = keys * size;
    for (uint32_t k = 0; k < keys; ++k) {
        float *v = s->values + k * size;
        if (type == TA_VALUE_TYPE_ROTATION && size == 4) {
            /* a unit quaternion, almost always; its length is what counts */
            float q[4];
            for (int i = 0; i < 4; ++i) q[i] = (float)((int)(u8(r) % 17) - 8);
            double len = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
            if (len == 0) q[3] = 1, len = 1;
            for (int i = 0; i < 4; ++i) v[i] = (float)(q[i] / len);
            if (u8(r) == 255) v[0] = pick_key(r); /* probably not unit: refused */
        } else if (type == TA_VALUE_TYPE_FLAG) {
            uint8_t f = u8(r);
            v[0] = f < 250 ? (float)(f & 1) : pick_key(r);
        } else if (type == TA_VALUE_TYPE_COLOR) {
            for (uint32_t i = 0; i < size; ++i) {
                uint8_t c = u8(r);
                v[i] = c < 240 ? (float)(c % 17) / 16.0f : pick_key(r);
            }
        } else {
            for (uint32_t i = 0; i < size; ++i) v[i] = pick_key(r);
        }
    }
    if (type == TA_VALUE_TYPE_STRING) {
        for (uint32_t k = 0; k < keys; ++k) s->strings[k] = STRINGS[u8(r) % 4];
        d->strings = s->strings;
        if (shape & 1) {
            d->values = s->values; /* a string track given numbers: refused */
            d->value_count = keys;
        }
    } else {
        d->values = s->values;
        d->value_count = nvalues;
        if (shape == 254) d->value_count = nvalues ? nvalues - 1 : 1;
    }
    bool cubic = d->interpolation == TA_INTERPOLATION_CUBIC_SPLINE, bezier = d->interpolation == TA_INTERPOLATION_BEZIER;
    if (cubic || bezier || shape == 253) {
        uint32_t n = bezier ? 2 * nvalues : nvalues;
        for (uint32_t i = 0; i < n; ++i) {
            s->in[i] = pick_key(r);
            s->out[i] = pick_key(r);
        }
        if (bezier) {
            /* control times near their keys, so that the curve is a function of time */
            for (uint32_t k = 0; k < keys; ++k)
                for (uint32_t j = 0; j < size; ++j) {
                    uint32_t at = 2 * (k * size + j);
                    float in_dt = (float)(u8(r) % 8) / 16.0f, out_dt = (float)(u8(r) % 8) / 16.0f;
                    s->in[at] = s->times[k] - in_dt;
                    s->out[at] = s->times[k] + out_dt;
                }
        }
        d->in_tangents = s->in;
        d->out_tangents = s->out;
        d->tangent_count = n;
        if (shape == 252) d->tangent_count = n ? n - 1 : 1;
        if (shape == 251) d->in_tangents = NULL;
    }
}

/* ---- the two worlds ----------------------------------------------------------------------------- */

typedef struct fuzz {
    world a, b;
    ta_snap sa, sb, before;
    bool loose_quaternions; /* a rotation track with keys not quite of unit length was accepted */
} fuzz;

static void check_twins(fuzz *f, const char *after)
{
    world_snap(&f->sa, &f->a);
    world_snap(&f->sb, &f->b);
    if (!ta_snap_equal(&f->sa, &f->sb)) {
        char where[160];
        fprintf(stderr, "fuzz_api: after %s the worlds differ at %s\n", after,
                ta_snap_first_difference(&f->sa, &f->sb, where, sizeof where));
        die("a refused call changed something, or a call is not deterministic", after);
    }
}

/* A call refused in A: it said why, and A is as it was before it. */
static void check_refused(fuzz *f, ta_result r, const ta_error *err, const char *what)
{
    if (err->code != r || err->message[0] == '\0') die("a refusal without its code and message", what);
    if (r == TA_ERROR_OUT_OF_MEMORY && !f->a.cnt.failed) die("out of memory, but no allocation failed", what);
    world_snap(&f->sa, &f->a);
    if (!ta_snap_equal(&f->before, &f->sa)) {
        char where[160];
        fprintf(stderr, "fuzz_api: %s was refused (%s: %s) but changed %s\n", what, ta_result_name(r), err->message,
                ta_snap_first_difference(&f->before, &f->sa, where, sizeof where));
        die("a refused call changed something", what);
    }
}

static bool finite3(ta_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static void check_invariants(fuzz *f, bool after_update, const char *what)
{
    world *w = &f->a;
    for (uint32_t i = 0; i < w->action_count; ++i) {
        ta_action *a = w->actions[i];
        float ew = ta_action_effective_weight(a), wt = ta_action_weight(a);
        if (!isfinite(ew) || ew < 0) die("an effective weight not finite or below zero", what);
        if (!isfinite(wt) || wt < 0) die("a weight not finite or below zero", what);
        /* An action the update ran (an active one) has the weight of that update;
         * one it did not run keeps its old effective weight, as in three.js. */
        if (after_update && ta_action_is_active(a) && ew > wt * (1.0f + 1e-6f) + 1e-30f) {
            char detail[160];
            snprintf(detail, sizeof detail, "%s: action %u effective weight %.9g, weight %.9g", what, i, (double)ew,
                     (double)wt);
            die("an effective weight above the weight", detail);
        }
        /* The effective time scale is the time scale times a warp's share of the
         * time scale at the warp: after set_time_scale it can pass a float, but
         * then only an update of no step runs (any other is refused with
         * CLOCK_RANGE), so it may read as an infinity, never as NaN. */
        if (isnan(ta_action_effective_time_scale(a)) || !isfinite(ta_action_time_scale(a)))
            die("a time scale not finite", what);
        /* the phase, with the loop mode the last update ran with */
        float phase = ta_action_phase(a);
        double d = ta_clip_duration(ta_action_clip(a)).seconds;
        ta_loop_mode mode = w->loop_at_update[i];
        double top = mode == TA_LOOP_MODE_PING_PONG ? 2 * d : d;
        if (!w->synced[i] && !(phase >= 0 && (double)phase <= (double)(float)top)) {
            char detail[160];
            snprintf(detail, sizeof detail, "%s: action %u phase %.9g, clip %.9g s, %s", what, i, (double)phase, d,
                     ta_loop_mode_name(mode));
            die("a phase outside its clip", detail);
        }
        /* The read time folds the phase by the loop mode of now: after a switch
         * out of PING_PONG it can read past the clip until the next update (the
         * phase carries the leg, a listed difference). */
        double at = ta_action_time(a).seconds;
        double slack = d * 1e-6; /* the phase is a float: the clip's end rounded to one */
        if (!w->synced[i] && ta_action_loop(a) == mode && !(at >= -slack && at <= d + slack)) {
            char detail[160];
            snprintf(detail, sizeof detail, "%s: action %u reads %.17g, phase %.9g, clip %.17g s, %s", what, i, at,
                     (double)phase, d, ta_loop_mode_name(mode));
            die("a read time outside the clip", detail);
        }
    }
    if (!after_update) return;
    const ta_scene *s = w->scene;
    ta_error err;
    for (uint32_t i = 0; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        ta_quat q = n->quaternion;
        if (!finite3(n->position) || !finite3(n->scale) || !isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z) ||
            !isfinite(q.w))
            die("a node number not finite", what);
        double len = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
        if (!f->loose_quaternions && fabs(len - 1) > 1e-3) {
            char detail[160];
            snprintf(detail, sizeof detail, "%s: node %u (%g, %g, %g, %g) has length %.9g", what, i, (double)q.x,
                     (double)q.y, (double)q.z, (double)q.w, len);
            die("a quaternion not of unit length", detail);
        }
    }
    for (uint32_t i = 0; i < s->mesh_count; ++i)
        for (uint32_t k = 0; k < s->meshes[i].morph_count; ++k)
            if (!isfinite(s->meshes[i].morph_influences[k])) die("a morph influence not finite", what);
    for (uint32_t i = 0; i < s->skinned_mesh_count; ++i)
        for (uint32_t k = 0; k < s->skinned_meshes[i].morph_count; ++k)
            if (!isfinite(s->skinned_meshes[i].morph_influences[k])) die("a morph influence not finite", what);
    for (uint32_t i = 0; i < s->light_count; ++i)
        if (ta_light_validate(&s->lights[i], &err) != TA_OK) die("a light its validate refuses", err.message);
    for (uint32_t i = 0; i < w->assets->material_count; ++i)
        if (ta_material_validate(&w->assets->materials[i], &err) != TA_OK)
            die("a material its validate refuses", err.message);
    for (uint32_t i = 0; i < w->assets->texture_count; ++i) {
        const ta_texture *t = &w->assets->textures[i];
        if (!isfinite(t->offset.x) || !isfinite(t->offset.y) || !isfinite(t->repeat.x) || !isfinite(t->repeat.y) ||
            !isfinite(t->center.x) || !isfinite(t->center.y) || !isfinite(t->rotation))
            die("a texture number not finite", what);
    }
    for (uint32_t i = 0; i < w->cameras->perspective_count; ++i)
        if (ta_perspective_camera_validate(&w->cameras->perspective[i], &err) != TA_OK)
            die("a perspective camera its validate refuses", err.message);
    for (uint32_t i = 0; i < w->cameras->orthographic_count; ++i)
        if (ta_orthographic_camera_validate(&w->cameras->orthographic[i], &err) != TA_OK)
            die("an orthographic camera its validate refuses", err.message);
}

/* ---- the steps ---------------------------------------------------------------------------------- */

/* Runs call on A (with the allocation failure the input asked for); when A
 * accepts it, on B too, which must accept it. The call sees w (the world) and
 * E (its error). */
#define BOTH(what, CALL)                                                                                   \
    do {                                                                                                   \
        world *w = &f->a;                                                                                  \
        ta_error e_ = {TA_OK, ""};                                                                         \
        ta_error *E = &e_;                                                                                 \
        world_snap(&f->before, &f->a);                                                                     \
        f->a.cnt.failed = false;                                                                           \
        f->a.cnt.fail_in = fail_in;                                                                        \
        ta_result r_ = (CALL);                                                                             \
        f->a.cnt.fail_in = -1;                                                                             \
        if (trace)                                                                                         \
            fprintf(stderr, "%s: %s: %s %s\n", whatstep, what, ta_result_name(r_), E->message);            \
        if (r_ != TA_OK) {                                                                                 \
            check_refused(f, r_, E, what);                                                                 \
        } else {                                                                                           \
            if (f->a.cnt.failed) die("an allocation failed, and the call said OK", what);                 \
            w = &f->b;                                                                                     \
            memset(E, 0, sizeof *E);                                                                       \
            r_ = (CALL);                                                                                   \
            if (r_ != TA_OK) die("a call A accepted was refused in B", E->message);                        \
        }                                                                                                  \
        accepted = r_ == TA_OK;                                                                            \
        (void)w;                                                                                           \
    } while (0)

/* A call that cannot fail, on both. */
#define BOTH_VOID(CALL)          \
    do {                         \
        world *w = &f->a;        \
        CALL;                    \
        w = &f->b;               \
        CALL;                    \
    } while (0)

static ta_action *action_of(world *w, uint32_t k)
{
    return w->action_count ? w->actions[k % w->action_count] : NULL;
}

static ta_clip *clip_of(world *w, uint32_t k)
{
    return w->clip_count ? w->clips[k % w->clip_count] : NULL;
}

/* The worlds' lists are full: refused, and nothing changes. */
static ta_result no_room(ta_error *err)
{
    err->code = TA_ERROR_LIMIT_EXCEEDED;
    snprintf(err->message, sizeof err->message, "the fuzzer's lists are full, or empty");
    return err->code;
}

/* Makes tracks, then a clip of them, in w; every failure undoes what was made. */
static ta_result make_clip(world *w, track_spec *specs, uint32_t n, const ta_clip_options *given, ta_error *err,
                           bool *loose)
{
    if (w->clip_count >= MAX_CLIPS) return no_room(err);
    ta_track *tracks[MAX_TRACKS];
    for (uint32_t i = 0; i < n; ++i) {
        ta_result r = ta_track_create(&specs[i].desc, &w->alloc, &tracks[i], err);
        if (r != TA_OK) {
            for (uint32_t k = 0; k < i; ++k) ta_track_destroy(tracks[k]);
            return r;
        }
        if (!ta_track_is_valid(tracks[i])) die("a track made by ta_track_create is not valid", NULL);
        if (trace && w->cnt.fail_in < 0) {
            ta_track_target tt = ta_track_target_of(tracks[i]);
            fprintf(stderr, "  track %u: %s of %u[%u], %s, %u keys:", i, ta_track_kind_name(tt.kind), tt.index,
                    tt.element, ta_interpolation_name(ta_track_interpolation(tracks[i])), ta_track_key_count(tracks[i]));
            uint32_t vs = ta_track_value_size(tracks[i]);
            for (uint32_t k = 0; k < ta_track_key_count(tracks[i]); ++k) {
                fprintf(stderr, " %g:(", (double)ta_track_times(tracks[i])[k]);
                for (uint32_t j = 0; j < vs; ++j)
                    fprintf(stderr, "%s%g", j ? "," : "", (double)ta_track_values(tracks[i])[k * vs + j]);
                fprintf(stderr, ")");
            }
            fprintf(stderr, "\n");
        }
        if (ta_track_value_size(tracks[i]) == 4 && ta_track_target_of(tracks[i]).kind == TA_TRACK_KIND_QUATERNION) {
            const float *v = ta_track_values(tracks[i]);
            for (uint32_t k = 0; k < ta_track_key_count(tracks[i]); ++k) {
                const float *q = v + 4 * k;
                double len = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
                if (fabs(len - 1) > 1e-5) *loose = true;
            }
        }
    }
    ta_clip_options o = *given;
    o.allocator = &w->alloc;
    ta_clip *clip = NULL;
    ta_result r = ta_clip_create("c", tracks, n, &o, &clip, err);
    if (r != TA_OK) {
        for (uint32_t k = 0; k < n; ++k) ta_track_destroy(tracks[k]);
        return r;
    }
    if (trace && w->cnt.fail_in < 0)
        fprintf(stderr, "  clip %u: %s, %.17g s\n", w->clip_count, ta_blend_mode_name(ta_clip_blend_mode(clip)),
                ta_clip_duration(clip).seconds);
    w->clips[w->clip_count++] = clip;
    return TA_OK;
}

static ta_result keep_clip(world *w, ta_result r, ta_clip *clip)
{
    if (r != TA_OK) return r;
    if (w->clip_count >= MAX_CLIPS) {
        ta_clip_release(clip);
        return TA_ERROR_LIMIT_EXCEEDED;
    }
    w->clips[w->clip_count++] = clip;
    return TA_OK;
}

static ta_result add_action(world *w, uint32_t clip_k, ta_blend_mode mode, int group_kind, const uint32_t *members,
                            ta_error *err)
{
    ta_clip *clip = clip_of(w, clip_k);
    if (clip == NULL || w->action_count >= MAX_ACTIONS) return no_room(err);
    ta_action_options o = {&w->alloc, mode};
    ta_action *a = NULL;
    ta_result r = ta_action_create(clip, &o, &a, err);
    if (r != TA_OK) return r;
    if (group_kind) {
        ta_object_group g;
        r = ta_object_group_create(&g, &w->alloc, err);
        for (int i = 0; r == TA_OK && i < group_kind; ++i) r = ta_object_group_add(&g, ta_node_at(members[i]), err);
        if (r == TA_OK) r = ta_action_set_group(a, &g, err);
        ta_object_group_destroy(&g);
        if (r != TA_OK) {
            ta_action_destroy(a);
            return r;
        }
    }
    uint32_t index = 0;
    r = ta_mixer_add(w->mixer, a, ta_node_none(), &index, err);
    if (r != TA_OK) {
        ta_action_destroy(a);
        return r;
    }
    if (index != w->action_count) die("ta_mixer_add gave an index out of order", NULL);
    if (trace && w->cnt.fail_in < 0) {
        fprintf(stderr, "  action %u on clip %u, blend mode %d, group of %d:", index, clip_k % w->clip_count, (int)mode,
                group_kind);
        for (int i = 0; i < group_kind; ++i) fprintf(stderr, " %u", members[i]);
        fprintf(stderr, "\n");
    }
    w->loop_at_update[w->action_count] = ta_action_loop(a);
    w->actions[w->action_count++] = a;
    return TA_OK;
}

/* The same track made in w and edited: a successful edit leaves a valid track. */
static ta_result edit_track(world *w, const track_spec *s, uint8_t op, double x, double y, ta_error *err)
{
    ta_track *t = NULL;
    ta_result r = ta_track_create(&s->desc, &w->alloc, &t, err);
    if (r != TA_OK) return r;
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_track(&before, t);
    switch (op % 4) {
    case 0: r = ta_track_shift(t, x, err); break;
    case 1: r = ta_track_scale(t, x, err); break;
    case 2: r = ta_track_trim(t, x, y, err); break;
    default: r = ta_track_optimize(t, err); break;
    }
    if (r == TA_OK) {
        if (ta_track_check(t, err) != TA_OK) die("a track edit made a track that is not valid", err->message);
    } else {
        if (err->message[0] == '\0') die("a track edit refused without a message", NULL);
        ta_snap_track(&after, t);
        if (!ta_snap_equal(&before, &after)) die("a refused track edit changed the track", err->message);
    }
    /* sample it everywhere, with any endings */
    float out[8];
    ta_sampler sampler = {0};
    double dur = ta_track_duration(t).seconds;
    static const double at[] = {-1, 0, 0.3, 0.5, 1, 1.7, 1e9, -INFINITY, INFINITY};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; ++i) {
        double when = i < 5 ? at[i] * dur : at[i];
        ta_error e2;
        ta_result sr = ta_track_sample_with(t, &sampler, when, (ta_ending)(op % 4), (ta_ending)((op >> 2) % 4), out, 8,
                                            &e2);
        if (sr == TA_OK) {
            for (uint32_t k = 0; k < ta_track_value_size(t); ++k)
                if (ta_track_target_of(t).kind != TA_TRACK_KIND_NODE_NAME && isnan(out[k]) &&
                    ta_track_interpolation(t) != TA_INTERPOLATION_BEZIER)
                    die("a sample of finite keys is NaN", NULL);
        } else if (e2.message[0] == '\0') {
            die("a sample refused without a message", NULL);
        }
    }
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_track_destroy(t);
    return r;
}

static ta_result update(world *w, uint8_t form, double dt, ta_error *err)
{
    ta_result r;
    float phases[MAX_ACTIONS];
    for (uint32_t i = 0; i < w->action_count; ++i) phases[i] = ta_action_phase(w->actions[i]);
    if (trace && w->cnt.fail_in < 0) fprintf(stderr, "  update form %u dt %.17g\n", form % 4, dt);
    switch (form % 4) {
    case 0: r = ta_mixer_update(w->mixer, w->scene, ta_duration_from_seconds(dt), err); break;
    case 1: r = ta_mixer_update_with_assets(w->mixer, w->scene, w->assets, ta_duration_from_seconds(dt), err); break;
    case 2: {
        ta_mixer_targets t = {w->scene, w->assets, w->cameras};
        r = ta_mixer_set_time(w->mixer, &t, ta_duration_from_seconds(dt), err);
        break;
    }
    default: r = ta_mixer_update_with_cameras(w->mixer, w->scene, w->assets, w->cameras, ta_duration_from_seconds(dt), err); break;
    }
    if (r == TA_OK && trace && w->cnt.fail_in < 0) {
        for (uint32_t i = 0; i < w->scene->node_count; ++i) {
            ta_quat q = w->scene->nodes[i].quaternion;
            fprintf(stderr, "  node %u quaternion (%g, %g, %g, %g)\n", i, (double)q.x, (double)q.y, (double)q.z,
                    (double)q.w);
        }
        for (uint32_t i = 0; i < w->cameras->perspective_count; ++i) {
            const ta_perspective_camera *c = &w->cameras->perspective[i];
            fprintf(stderr, "  perspective %u: fov %.9g zoom %.9g near %.9g far %.9g\n", i, (double)c->fov,
                    (double)c->zoom, (double)c->near, (double)c->far);
        }
        for (uint32_t i = 0; i < w->action_count; ++i)
            fprintf(stderr, "  action %u: weight %g effective %g, phase %g, %s%s\n", i,
                    (double)ta_action_weight(w->actions[i]), (double)ta_action_effective_weight(w->actions[i]),
                    (double)ta_action_phase(w->actions[i]), ta_loop_mode_name(ta_action_loop(w->actions[i])),
                    ta_action_is_active(w->actions[i]) ? ", active" : "");
    }
    if (r == TA_OK) {
        for (uint32_t i = 0; i < w->action_count; ++i) {
            w->loop_at_update[i] = ta_action_loop(w->actions[i]);
            if (ta_action_phase(w->actions[i]) != phases[i]) w->synced[i] = false;
        }
        ta_animation_event ev[4];
        while (ta_mixer_drain_events(w->mixer, ev, 4) > 0) {
        }
    }
    return r;
}

static ta_result subclip_in(world *w, uint32_t k, double a0, double a1, double fps, ta_error *err)
{
    if (w->clip_count == 0 || w->clip_count >= MAX_CLIPS) return no_room(err);
    ta_clip *out = NULL;
    return keep_clip(w, ta_clip_subclip(clip_of(w, k), "sub", a0, a1, fps, &w->alloc, &out, err), out);
}

static ta_result additive_in(world *w, uint32_t k, double frame, bool other, double fps, ta_error *err)
{
    if (w->clip_count == 0 || w->clip_count >= MAX_CLIPS) return no_room(err);
    ta_clip *out = NULL;
    return keep_clip(w, ta_clip_make_additive(clip_of(w, k), frame, other ? clip_of(w, k + 1) : NULL, fps, &w->alloc,
                                              &out, err),
                     out);
}

/* A clip mapped onto the world's scene by node names, strict or not; with
 * v & 4, a clip with no tracks (as the glTF loader keeps) instead. */
static ta_result rebind_in(world *w, uint32_t k, uint8_t v, ta_error *err)
{
    if (w->clip_count == 0 || w->clip_count >= MAX_CLIPS) return no_room(err);
    ta_clip *source = clip_of(w, k), *empty = NULL, *out = NULL;
    if (v & 4) {
        ta_clip_options o;
        memset(&o, 0, sizeof o);
        o.allocator = &w->alloc;
        o.allow_empty = true;
        o.duration = 1.0;
        ta_result r = ta_clip_create("empty", NULL, 0, &o, &empty, err);
        if (r != TA_OK) return r;
        source = empty;
    }
    uint32_t missing[2], missing_count = 0;
    ta_result r = (v & 8) ? ta_clip_rebind_strict(source, w->scene, w->scene, &w->alloc, &out, err)
                          : ta_clip_rebind(source, w->scene, w->scene, &w->alloc, &out, missing, 2, &missing_count, err);
    ta_clip_release(empty);
    return keep_clip(w, r, out);
}

/* A copy of a clip given markers latest first, the last on its end written in
 * double (float32 rounds the end down), or just past it (refused). */
static ta_result markers_in(world *w, uint32_t k, uint8_t v, ta_error *err)
{
    if (w->clip_count == 0 || w->clip_count >= MAX_CLIPS) return no_room(err);
    ta_clip *copy = NULL;
    ta_result r = ta_clip_copy(clip_of(w, k), &w->alloc, &copy, err);
    if (r != TA_OK) return r;
    double d = ta_clip_duration(copy).seconds;
    ta_clip_marker m[8];
    uint32_t n = 1 + v % 8;
    for (uint32_t i = 0; i < n; ++i) {
        m[i].name = (i & 1) ? "odd" : "even";
        m[i].time = ta_duration_from_seconds(d * (double)(n - 1 - i / 2 * 2) / (double)n);
    }
    m[0].time = ta_duration_from_seconds((v & 16) ? (double)nextafterf((float)d, INFINITY) : (double)(float)d + 1e-9);
    r = ta_clip_set_markers(copy, m, n, err);
    if (r != TA_OK) {
        ta_clip_release(copy);
        return r;
    }
    return keep_clip(w, r, copy);
}

/* A blend space over points on a small lattice (so that two at one place, and
 * 2D points on one line, come often), one coordinate sometimes `by` (NaN, huge),
 * with or without triangles; its weights at (by, by / 2) are checked, then
 * given to the world's actions (a NULL action where it has none). */
static ta_result blend_space_in(world *w, uint32_t k, uint8_t v, double by, ta_error *err)
{
    ta_seeded_random rng = ta_seeded_random_make(v | k << 8);
    uint32_t dims = 1 + (v & 1), n = 2 + (v >> 1) % 5;
    float pts[12];
    for (uint32_t i = 0; i < n * dims; ++i) pts[i] = (float)(ta_seeded_random_next_u32(&rng) % 5) - 2.0f;
    if (v & 0x80) pts[ta_seeded_random_next_u32(&rng) % (n * dims)] = (float)by;
    uint32_t tris[6];
    for (uint32_t i = 0; i < 6; ++i) tris[i] = ta_seeded_random_next_u32(&rng) % (n + 1);
    ta_blend_space_desc d = {dims, pts, n, (v & 0x40) ? tris : NULL, (v & 0x40) ? 1 + (v >> 4) % 2 : 0};
    ta_blend_space *bs = NULL;
    ta_result r = ta_blend_space_create(&d, &w->alloc, &bs, err);
    if (r != TA_OK) return r;
    float weights[6];
    r = ta_blend_space_weights(bs, (float)by, (float)by * 0.5f, weights, n, err);
    if (r == TA_OK) {
        double sum = 0.0;
        for (uint32_t i = 0; i < n; ++i) {
            if (!(weights[i] >= 0.0f && weights[i] <= 1.0f)) die("blend space", "a weight outside [0, 1]");
            sum += weights[i];
        }
        if (!(fabs(sum - 1.0) <= 1e-5)) die("blend space", "weights that do not sum to 1");
        ta_action *actions[6];
        for (uint32_t i = 0; i < n; ++i) actions[i] = action_of(w, k + i);
        r = ta_blend_space_apply(bs, (float)by, (float)by * 0.5f, actions, n, err);
    }
    ta_blend_space_destroy(bs);
    return r;
}

/* What goes beyond three.js: a mask on an action, root motion, a seek of one
 * action, a clip mapped to the scene, markers set, a blend space. */
static ta_result beyond(world *w, uint32_t k, uint32_t node, uint8_t which, uint8_t v, double by, ta_error *err)
{
    if (which == 255) return blend_space_in(w, k, v, by, err);
    if (which % 5 == 3) return rebind_in(w, k, v, err);
    if (which % 5 == 4) return markers_in(w, k, v, err);
    which %= 3;
    if (which == 0) {
        ta_mask *m = NULL;
        /* a mask bounded by the scene, or by TA_MASK_MAX_NODES; a node far past either is refused */
        ta_mask_options o = {NULL, (v & 1) ? 1.0f : 0.0f, (v & 0x40) ? w->scene->node_count : 0};
        ta_result r = ta_mask_create(&o, &m, err);
        uint32_t index = (v & 0x80) ? ((v & 0x40) ? TA_MASK_MAX_NODES : 1u << 28) : node;
        if (r == TA_OK) r = ta_mask_set_node(m, ta_node_at(index), (float)(v >> 2) / 63.0f, err);
        if (r == TA_OK) r = ta_action_set_mask(action_of(w, k), (v & 2) ? m : NULL, err);
        ta_mask_destroy(m);
        return r;
    }
    if (which == 1) {
        ta_root_motion_options o = {ta_node_at(node), (v & 1) != 0, (v & 2) != 0};
        return ta_mixer_set_root_motion(w->mixer, (v & 4) ? &o : NULL, err);
    }
    uint32_t index = w->action_count ? k % w->action_count : k;
    ta_result r = ta_mixer_seek_action(w->mixer, index, ta_duration_from_seconds(by), (v & 1) != 0, err);
    if (r != TA_OK) return r;
    /* only once accepted: a refused call must leave both twins alike */
    w->loop_at_update[index] = ta_action_loop(w->actions[index]);
    ta_mixer_set_seek_reports(w->mixer, (v & 2) != 0);
    return r;
}

static ta_result edit_clip(world *w, uint32_t k, uint8_t which, ta_error *err)
{
    if (w->clip_count == 0) return no_room(err);
    ta_clip *c = clip_of(w, k);
    return which % 3 == 0 ? ta_clip_trim(c, err) : which % 3 == 1 ? ta_clip_optimize(c, err)
                                                                   : ta_clip_reset_duration(c, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    rd in = {data, size};
    rd *r = &in;
    fuzz *f = calloc(1, sizeof *f);
    world_make(&f->a);
    world_make(&f->b);
    /* B's mixer on the general path, A's on the fused path of the best set here: the two paths
     * give the same numbers bit for bit (animation_mixer.h), so their snapshots are equal too */
    f->b.mixer->fused.simd = TA__SIMD_GENERAL;
    f->b.mixer->fused.kernels = ta__fused_kernels_for(TA__SIMD_GENERAL);
    ta_snap_init(&f->sa);
    ta_snap_init(&f->sb);
    ta_snap_init(&f->before);
    track_spec specs[MAX_TRACKS];
    char whatstep[64];

    for (int step = 0; step < MAX_STEPS && in.n > 0; ++step) {
        uint8_t op = u8(r);
        uint8_t fb = u8(r);
        long fail_in = fb >= 240 ? (long)(fb - 240) : -1; /* one allocation in A fails */
        bool accepted = false;
        bool updated = false;
        snprintf(whatstep, sizeof whatstep, "step %d op %u", step, op % 30);
        switch (op % 30) {
        case 0:
        case 1: { /* a clip of new tracks */
            uint32_t n = op % 30 == 0 ? 1 : 1 + u8(r) % MAX_TRACKS;
            for (uint32_t i = 0; i < n; ++i) pick_track(r, &specs[i]);
            ta_clip_options o;
            memset(&o, 0, sizeof o);
            uint8_t m = u8(r);
            o.blend_mode = (ta_blend_mode)(m < 240 ? m % TA_BLEND_MODE_COUNT : m % 7);
            if (u8(r) >= 224) o.duration = pick_number(r);
            /* User data is text the runtime keeps unread, a JSON object or not;
             * markers are checked against the clip's length, and carried by
             * the subclips and additive clips made from it. */
            static const ta_clip_marker marks[3] = {{"step", {0.0}}, {"hit", {0.5}}, {"late", {4.0}}};
            uint8_t extra = u8(r);
            if (extra >= 250 && extra <= 252) o.user_data = extra == 252 ? "[1, 2" : "{\"a\": [1, 2]}";
            if (extra >= 252) o.markers = marks;
            if (extra >= 252) o.marker_count = extra == 254 ? 3 : extra == 253 ? 2 : 1;
            bool loose_a = false, loose_b = false;
            BOTH("make a clip", (w == &f->a ? make_clip(w, specs, n, &o, E, &loose_a)
                                            : make_clip(w, specs, n, &o, E, &loose_b)));
            if (accepted && loose_a) f->loose_quaternions = true;
            break;
        }
        case 2: { /* an action */
            uint32_t k = u8(r);
            uint8_t m = u8(r);
            ta_blend_mode mode = (ta_blend_mode)(m < 240 ? m % TA_BLEND_MODE_COUNT : m % 6);
            uint8_t g = u8(r);
            int group_kind = g >= 200 ? 1 + g % 3 : 0;
            uint32_t members[3] = {u8(r) % (NODES + 2), u8(r) % (NODES + 2), u8(r) % (NODES + 2)};
            BOTH("add an action", add_action(w, k, mode, group_kind, members, E));
            break;
        }
        case 3: { uint32_t k = u8(r); BOTH("play", ta_action_play(action_of(w, k), E)); break; }
        case 4: { uint32_t k = u8(r); BOTH("stop", ta_action_stop(action_of(w, k), E)); break; }
        case 5: {
            uint32_t k = u8(r);
            uint8_t v = u8(r);
            if (f->a.action_count == 0) break;
            BOTH_VOID(v % 3 == 0 ? ta_action_pause(action_of(w, k))
                                 : v % 3 == 1 ? ta_action_unpause(action_of(w, k)) : ta_action_reset(action_of(w, k)));
            break;
        }
        case 6: {
            uint32_t k = u8(r);
            uint8_t m = u8(r);
            ta_loop_mode mode = (ta_loop_mode)(m < 240 ? 1 + m % 3 : m % 6);
            uint8_t rk = u8(r);
            int64_t reps = rk < 100 ? TA_ACTION_ENDLESS : rk < 200 ? (int64_t)(rk % 5) : (int64_t)u64(r);
            ta_action *target = action_of(&f->a, k);
            bool was_ping_pong = target != NULL && ta_action_loop(target) == TA_LOOP_MODE_PING_PONG;
            BOTH("set_loop", ta_action_set_loop(action_of(w, k), mode, reps, E));
            if (accepted && was_ping_pong && mode != TA_LOOP_MODE_PING_PONG)
                f->a.synced[k % f->a.action_count] = f->b.synced[k % f->a.action_count] = true;
            break;
        }
        case 7: {
            uint32_t k = u8(r);
            float v = (float)pick_number(r);
            BOTH("set_weight", ta_action_set_weight(action_of(w, k), v, E));
            break;
        }
        case 8: {
            uint32_t k = u8(r);
            float v = (float)pick_number(r);
            BOTH("set_time_scale", ta_action_set_time_scale(action_of(w, k), v, E));
            break;
        }
        case 9: {
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            float v = (float)pick_number(r);
            BOTH("set_effective", which & 1 ? ta_action_set_effective_weight(action_of(w, k), v, E)
                                            : ta_action_set_effective_time_scale(action_of(w, k), v, E));
            break;
        }
        case 10: {
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            double d = pick_number(r);
            BOTH("fade", which & 1 ? ta_action_fade_in(action_of(w, k), ta_duration_from_seconds(d), E)
                                   : ta_action_fade_out(action_of(w, k), ta_duration_from_seconds(d), E));
            break;
        }
        case 11: {
            uint32_t k = u8(r);
            float a0 = (float)pick_number(r), a1 = (float)pick_number(r);
            double d = pick_number(r);
            BOTH("warp", ta_action_warp(action_of(w, k), a0, a1, ta_duration_from_seconds(d), E));
            break;
        }
        case 12: {
            uint32_t k = u8(r);
            double d = pick_number(r);
            BOTH("halt", ta_action_halt(action_of(w, k), ta_duration_from_seconds(d), E));
            break;
        }
        case 13: {
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            if (f->a.action_count == 0) break;
            BOTH_VOID(which & 1 ? ta_action_stop_fading(action_of(w, k)) : ta_action_stop_warping(action_of(w, k)));
            break;
        }
        case 14: {
            uint32_t k = u8(r);
            double t = pick_number(r);
            BOTH("start_at", ta_action_start_at(action_of(w, k), ta_duration_from_seconds(t), E));
            break;
        }
        case 15: {
            uint32_t k = u8(r);
            double d = pick_number(r);
            BOTH("set_duration", ta_action_set_duration(action_of(w, k), ta_duration_from_seconds(d), E));
            break;
        }
        case 16: {
            uint32_t i = u8(r), j = u8(r);
            uint8_t how = u8(r);
            if (how & 1) {
                BOTH("sync_with", ta_mixer_sync_with(w->mixer, i % 16, j % 16, E));
                if (accepted) f->a.synced[i % 16] = f->b.synced[i % 16] = true;
            } else {
                BOTH("action sync_with", ta_action_sync_with(action_of(w, i), action_of(w, j), E));
                if (accepted && f->a.action_count)
                    f->a.synced[i % f->a.action_count] = f->b.synced[i % f->a.action_count] = true;
            }
            break;
        }
        case 17: {
            uint32_t i = u8(r) % 16, j = u8(r) % 16;
            uint8_t how = u8(r);
            double d = pick_number(r);
            BOTH("cross_fade", how & 1 ? ta_mixer_cross_fade_from(w->mixer, i, j, ta_duration_from_seconds(d), (how & 2) != 0, E)
                                       : ta_mixer_cross_fade_to(w->mixer, i, j, ta_duration_from_seconds(d), (how & 2) != 0, E));
            break;
        }
        case 18: {
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            if (f->a.action_count == 0) break;
            bool on = (which & 8) != 0;
            switch (which % 4) {
            case 0: BOTH_VOID(ta_action_set_clamp_when_finished(action_of(w, k), on)); break;
            case 1: BOTH_VOID(ta_action_set_enabled(action_of(w, k), on)); break;
            case 2: BOTH_VOID(ta_action_set_zero_slope_at_start(action_of(w, k), on)); break;
            default: BOTH_VOID(ta_action_set_zero_slope_at_end(action_of(w, k), on)); break;
            }
            break;
        }
        case 19: {
            uint32_t k = u8(r);
            uint8_t m = u8(r);
            BOTH("set_blend_mode", ta_action_set_blend_mode(action_of(w, k), (ta_blend_mode)(m % 5), E));
            break;
        }
        case 20:
        case 21:
        case 22: { /* updates, most often */
            uint8_t form = u8(r);
            uint8_t how = u8(r);
            double dt = how < 160 ? (double)(how % 40) / 60.0 : pick_number(r);
            BOTH("update", update(w, form, dt, E));
            updated = accepted;
            break;
        }
        case 23: {
            double s = pick_number(r);
            BOTH("mixer time_scale", ta_mixer_set_time_scale(w->mixer, s, E));
            break;
        }
        case 24: {
            uint8_t which = u8(r);
            uint32_t k = u8(r) % 16;
            if (which % 3 == 0)
                BOTH("uncache_action", ta_mixer_uncache_action(w->mixer, k, E));
            else if (which % 3 == 1)
                BOTH_VOID(ta_mixer_uncache_clip(w->mixer, which & 8 ? "c" : "none"));
            else
                BOTH_VOID(ta_mixer_uncache_root(w->mixer, which & 8 ? ta_node_none() : ta_node_at(k)));
            break;
        }
        case 25: BOTH_VOID(ta_mixer_stop_all_action(w->mixer)); break;
        case 26: { /* a subclip or an additive clip of a clip */
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            double a0 = pick_number(r), a1 = pick_number(r), fps = (u8(r) & 1) ? 30.0 : pick_number(r);
            if (which & 1)
                BOTH("subclip", subclip_in(w, k, a0, a1, fps, E));
            else
                BOTH("make_clip_additive", additive_in(w, k, a0, (which & 2) != 0, fps, E));
            break;
        }
        case 27: { /* a clip edited in place, while unshared */
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            BOTH("edit a clip", edit_clip(w, k, which, E));
            break;
        }
        case 28: { /* a track edited and sampled on its own */
            pick_track(r, &specs[0]);
            uint8_t which = u8(r);
            double x = pick_number(r), y = pick_number(r);
            BOTH("edit a track", edit_track(w, &specs[0], which, x, y, E));
            break;
        }
        default: { /* the group of an action, edited; or what goes beyond three.js */
            uint32_t k = u8(r);
            uint8_t which = u8(r);
            uint32_t node = u8(r) % (NODES + 2);
            if (which >= 240) {
                uint8_t v = u8(r);
                double by = pick_number(r);
                BOTH("beyond three.js", beyond(w, k, node, which, v, by, E));
                break;
            }
            if (which >= 232) {
                uint8_t shape = u8(r);
                if (trace) fprintf(stderr, "%s: the scene made again in its place, shape %u\n", whatstep, shape);
                BOTH_VOID(scene_remake(w, shape));
                break;
            }
            if (f->a.action_count == 0) break;
            ta_object_group *ga = ta_action_group(action_of(&f->a, k));
            if (ga == NULL) break;
            if (which & 1) {
                BOTH("group add", ta_object_group_add(ta_action_group(action_of(w, k)), ta_node_at(node), E));
            } else {
                BOTH_VOID(ta_object_group_remove(ta_action_group(action_of(w, k)), ta_node_at(node)));
            }
            break;
        }
        }
        if (trace && !accepted) fprintf(stderr, "%s: (a call that cannot fail, or nothing)\n", whatstep);
        check_twins(f, whatstep);
        check_invariants(f, updated, whatstep);
    }

    world_free(&f->a);
    world_free(&f->b);
    ta_snap_free(&f->sa);
    ta_snap_free(&f->sb);
    ta_snap_free(&f->before);
    free(f);
    return 0;
}
