/* The mixer's fused path: plane-by-key piles for one rig. See mixer_fused.h. */
#include <math.h>
#include <string.h>

#include "animation/clip_fused.h"
#include "animation/fast_slerp.h"
#include "animation/interpolant.h"
#include "animation/mixer_blend.h"
#include "animation/mixer_fused.h"
#include "animation/mixer_internal.h"
#include "scene/scene_internal.h"

int ta__fused_choose(const char *env, ta__simd *out, ta_error *err)
{
    if (env == NULL || env[0] == '\0') {
        *out = ta__simd_best();
        return TA_OK;
    }
    for (int s = 0; s < TA__SIMD_COUNT; ++s) {
        if (strcmp(env, ta__simd_name((ta__simd)s)) != 0) continue;
        if (s != TA__SIMD_GENERAL && ta__fused_kernels_for((ta__simd)s) == NULL)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "TA_SIMD: \"%s\" is not run by this CPU or build; the best here is \"%s\"", env,
                            ta__simd_name(ta__simd_best()));
        *out = (ta__simd)s;
        return TA_OK;
    }
    return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                    "TA_SIMD: \"%s\" is none of general, scalar, sse2, avx2, avx512 (or unset: the best here)", env);
}

static bool action_fits(const ta_mixer *m, const ta_action *a)
{
    (void)m;
    return !a->has_group && (a->blend_mode == TA_BLEND_MODE_NORMAL || a->blend_mode == TA_BLEND_MODE_ADDITIVE) &&
           a->mask == NULL && a->clip->fused != NULL;
}

bool ta__fused_usable(const ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    if (!f->valid || m->root_motion.on) return false;
    uint32_t j = 0;
    bool any = false;
    for (uint32_t i = 0; i < m->action_count; ++i) {
        const ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        if (j == f->action_count || f->actions[j] != a || f->layouts[j] != a->clip->fused || !action_fits(m, a))
            return false;
        if (a->blend_mode == TA_BLEND_MODE_ADDITIVE && !f->additive) return false; /* made without additive piles */
        any = any || a->next.effective_weight > 0;
        j++;
    }
    return any && j == f->action_count;
}

/* The write pass sees the nodes as one array of floats: a node's fields are
 * at whole floats from its start, and nodes at whole floats from each other. */
#define TA__NODE_FLOATS (sizeof(ta_node) / sizeof(float))
_Static_assert(sizeof(ta_node) % sizeof(float) == 0 && offsetof(ta_node, position) % sizeof(float) == 0 &&
                   offsetof(ta_node, quaternion) % sizeof(float) == 0 && offsetof(ta_node, scale) % sizeof(float) == 0,
               "ta_node's numbers sit at whole floats");

/* ---- the state ---------------------------------------------------------------------- */

static void drop(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    ta__free(&m->mem, f->block, f->block_bytes);
    ta__free(&m->mem, f->actions, sizeof(ta_action *) * f->action_capacity);
    ta__free(&m->mem, (void *)f->layouts, sizeof(void *) * f->action_capacity);
    ta__simd simd = f->simd;
    const ta__fused_kernels *k = f->kernels;
    uint64_t runs = f->runs;
    memset(f, 0, sizeof *f);
    f->simd = simd;
    f->kernels = k;
    f->runs = runs;
}

void ta__fused_free(ta_mixer *m)
{
    drop(m);
}

size_t ta__fused_bytes(const ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    return f->block_bytes + 2 * sizeof(void *) * f->action_capacity;
}

/* Lane i of time group g in a pile of `planes` planes: where component c is. */
static inline size_t at_lane(uint32_t first, uint32_t lanes, uint32_t planes, uint32_t c, uint32_t i)
{
    return (size_t)planes * first + (size_t)c * lanes + i;
}

void ta__fused_stop(ta_mixer *m)
{
    m->fused.valid = false;
}

/* The binding of the node field at `at` floats from the first node: found
 * by its target, so that the state needs no map of its own and bindings may
 * be renumbered under it (the lanes' bindings are node targets of element 0,
 * which ta__fused_refresh checks). */
static uint32_t lane_binding(const ta_mixer *m, uint32_t at)
{
    const size_t field = at % TA__NODE_FLOATS;
    ta_track_target t;
    t.kind = field == offsetof(ta_node, quaternion) / sizeof(float)
                 ? TA_TRACK_KIND_QUATERNION
                 : (field == offsetof(ta_node, scale) / sizeof(float) ? TA_TRACK_KIND_SCALE : TA_TRACK_KIND_POSITION);
    t.family = TA_TARGET_FAMILY_NODE;
    t.index = (uint32_t)(at / TA__NODE_FLOATS);
    t.element = 0;
    return ta__mixer_find(m, t);
}

int ta__fused_release(ta_mixer *m, ta_error *err)
{
    ta__mixer_fused *f = &m->fused;
    if (!f->holds) {
        f->valid = false;
        return TA_OK;
    }
    if (f->parked) {
        const uint32_t n = m->slot_count;
        float *block = (float *)ta__calloc(&m->mem, 3 * (size_t)n, sizeof(float));
        if (block == NULL)
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making the mixer's piles again (%u values)", n);
        m->float_block = block;
        m->pile = block;
        m->orig = block + n;
        m->last = block + 2 * (size_t)n;
        m->slot_capacity = n;
        f->parked = false;
        f->gave_back = true;
    }
    for (uint32_t g = 0; g < f->group_count; ++g) {
        const ta__lane_group *gr = &f->groups[g];
        for (uint32_t i = 0; i < gr->vec_count; ++i) {
            const uint32_t b = lane_binding(m, f->vec_node[gr->vec_first + i]);
            if (b == TA_NONE) continue; /* dropped: its values with it */
            const uint32_t off = m->bindings[b].offset;
            for (uint32_t c = 0; c < 3; ++c) {
                const size_t at = at_lane(gr->vec_first, gr->vec_lanes, 3, c, i);
                m->last[off + c] = f->vlast[at];
                m->orig[off + c] = f->vorig[at];
            }
        }
        for (uint32_t i = 0; i < gr->rot_count; ++i) {
            const uint32_t b = lane_binding(m, f->rot_node[gr->rot_first + i]);
            if (b == TA_NONE) continue;
            const uint32_t off = m->bindings[b].offset;
            for (uint32_t c = 0; c < 4; ++c) {
                const size_t at = at_lane(gr->rot_first, gr->rot_lanes, 4, c, i);
                m->last[off + c] = f->rlast[at];
                m->orig[off + c] = f->rorig[at];
            }
        }
    }
    f->holds = false;
    f->valid = false;
    return TA_OK;
}

/* After the state is made: free the general path's piles when the lanes hold
 * every number they would (the originals too), unless they were given back once. */
static void park(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    if (f->gave_back || m->float_block == NULL) return;
    size_t lanes = 0;
    for (uint32_t g = 0; g < f->group_count; ++g) lanes += 3 * (size_t)f->groups[g].vec_count + 4 * (size_t)f->groups[g].rot_count;
    if (lanes != m->slot_count) return; /* another binding keeps its values there */
    ta__free(&m->mem, m->float_block, sizeof(float) * 3 * (size_t)m->slot_capacity);
    m->float_block = m->pile = m->orig = m->last = NULL;
    m->slot_capacity = 0;
    f->parked = true;
}

/* An update's scratch: the piles it mixes into, the sampled keys, the
 * additive piles, and a byte per lane. */
typedef struct fused_work {
    float *vpile, *rpile, *rkey, *rtmp, *vadd, *radd;
    uint8_t *slow;
    uint8_t *changed; /* a byte per lane, vectors then rotations */
} fused_work;

/* Scratch up to this many floats lives on the stack: 8 KiB, a rig of about
 * 100 bones with additive piles, about 140 without. */
#define TA__FUSED_STACK_FLOATS 2048u

static size_t work_floats(uint32_t vec_lanes, uint32_t rot_lanes, bool additive)
{
    size_t vf = 3 * (size_t)vec_lanes, rf = 4 * (size_t)rot_lanes, lanes = vec_lanes > rot_lanes ? vec_lanes : rot_lanes;
    return vf + 3 * rf + (additive ? vf + rf : 0) + (lanes + 3) / 4 + ((size_t)vec_lanes + rot_lanes + 3) / 4;
}

static fused_work work_at(const ta__mixer_fused *f, float *base)
{
    size_t vf = 3 * (size_t)f->vec_lanes, rf = 4 * (size_t)f->rot_lanes;
    fused_work w;
    w.vpile = base;
    w.rpile = w.vpile + vf;
    w.rkey = w.rpile + rf;
    w.rtmp = w.rkey + rf;
    w.vadd = f->additive ? w.rtmp + rf : NULL;
    w.radd = f->additive ? w.vadd + vf : NULL;
    w.slow = (uint8_t *)(w.rtmp + rf + (f->additive ? vf + rf : 0));
    w.changed = w.slow + ((f->vec_lanes > f->rot_lanes ? f->vec_lanes : f->rot_lanes) + 3) / 4 * 4;
    return w;
}

/* Room for the state; false when out of memory (the general path goes on). */
/* Room for the state of actions over lanes of this shape. may_allocate false:
 * only the room there is (false when it is too small). */
static bool reserve(ta_mixer *m, uint32_t actions, uint32_t vec_lanes, uint32_t rot_lanes, uint32_t groups, bool additive,
                    bool may_allocate)
{
    ta__mixer_fused *f = &m->fused;
    size_t vf = 3 * (size_t)vec_lanes, rf = 4 * (size_t)rot_lanes;
    size_t work = work_floats(vec_lanes, rot_lanes, additive);
    size_t heap_work = work > TA__FUSED_STACK_FLOATS ? work : 0;
    size_t bytes = sizeof(float) * (2 * vf + 2 * rf + heap_work) + sizeof(uint32_t) * ((size_t)vec_lanes + rot_lanes) +
                   sizeof(ta__lane_group) * groups + 64;
    if (!may_allocate && (actions > f->action_capacity || bytes > f->block_bytes)) return false;
    if (actions > f->action_capacity) {
        ta_action **list = (ta_action **)ta__calloc(&m->mem, actions, sizeof *list);
        const ta__clip_fused **layouts = (const ta__clip_fused **)ta__calloc(&m->mem, actions, sizeof *layouts);
        if (list == NULL || layouts == NULL) {
            ta__free(&m->mem, list, sizeof *list * actions);
            ta__free(&m->mem, (void *)layouts, sizeof *layouts * actions);
            return false;
        }
        ta__free(&m->mem, f->actions, sizeof(ta_action *) * f->action_capacity);
        ta__free(&m->mem, (void *)f->layouts, sizeof(void *) * f->action_capacity);
        f->actions = list;
        f->layouts = layouts;
        f->action_capacity = actions;
    }
    if (bytes > f->block_bytes || f->vec_lanes != vec_lanes || f->rot_lanes != rot_lanes || additive != f->additive ||
        groups != f->group_count) {
        if (bytes > f->block_bytes) {
            unsigned char *block = (unsigned char *)ta__calloc(&m->mem, 1, bytes);
            if (block == NULL) return false;
            ta__free(&m->mem, f->block, f->block_bytes);
            f->block = block;
            f->block_bytes = bytes;
        }
        /* the planes first (64-byte aligned, so that vector loads of a plane do not split lines), then the maps */
        float *fl = (float *)(void *)(f->block + (64 - ((uintptr_t)f->block & 63)) % 64);
        f->vlast = fl;
        f->vorig = f->vlast + vf;
        f->rlast = f->vorig + vf;
        f->rorig = f->rlast + rf;
        f->work = heap_work ? f->rorig + rf : NULL;
        f->vec_node = (uint32_t *)(f->rorig + rf + heap_work);
        f->rot_node = f->vec_node + vec_lanes;
        f->groups = (ta__lane_group *)(void *)(f->rot_node + rot_lanes);
        f->group_count = groups;
        f->vec_lanes = vec_lanes;
        f->rot_lanes = rot_lanes;
        f->additive = additive;
    }
    return true;
}

/* Whether two clips' layouts have the same time groups lane for lane. */
static bool same_shape(const ta__clip_fused *a, const ta__clip_fused *b)
{
    if (a->group_count != b->group_count) return false;
    for (uint32_t g = 0; g < a->group_count; ++g)
        if (a->groups[g].vec_count != b->groups[g].vec_count || a->groups[g].rot_count != b->groups[g].rot_count)
            return false;
    return true;
}

/* The first of the playing actions when all of them can run on the fused path
 * together (one shape, the same binding in each lane), with their count and
 * whether one is additive; NULL when they cannot. */
static const ta_action *fused_actions(const ta_mixer *m, uint32_t *out_count, bool *out_additive)
{
    const ta_action *first = NULL;
    uint32_t count = 0;
    bool additive = false;
    for (uint32_t i = 0; i < m->action_count; ++i) {
        const ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        if (!action_fits(m, a)) return NULL;
        additive = additive || a->blend_mode == TA_BLEND_MODE_ADDITIVE;
        if (first != NULL && !same_shape(a->clip->fused, first->clip->fused)) return NULL;
        if (first == NULL) first = a;
        count++;
    }
    if (first == NULL) return NULL;
    const ta__clip_fused *c0 = first->clip->fused;
    /* Every action drives the same binding in each lane. */
    for (uint32_t i = 0; i < m->action_count; ++i) {
        const ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached || a == first) continue;
        const ta__clip_fused *c = a->clip->fused;
        for (uint32_t l = 0; l < c0->vec_lanes; ++l)
            if (c0->vec_track[l] != TA_NONE && a->bindings[c->vec_track[l]] != first->bindings[c0->vec_track[l]])
                return NULL;
        for (uint32_t l = 0; l < c0->rot_lanes; ++l)
            if (c0->rot_track[l] != TA_NONE && a->bindings[c->rot_track[l]] != first->bindings[c0->rot_track[l]])
                return NULL;
    }
    *out_count = count;
    *out_additive = additive;
    return first;
}

ta_result ta__fused_prepare(ta_mixer *m, ta_error *err)
{
    ta__mixer_fused *f = &m->fused;
    if (f->holds || f->kernels == NULL || m->root_motion.on) return TA_OK;
    uint32_t count = 0;
    bool additive = false;
    const ta_action *first = fused_actions(m, &count, &additive);
    if (first == NULL) return TA_OK;
    const ta__clip_fused *c0 = first->clip->fused;
    f->valid = false; /* the room may be laid out anew: ta__fused_refresh fills it at the update's end */
    if (!reserve(m, count, c0->vec_lanes, c0->rot_lanes, c0->group_count, additive, true))
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "mixer: out of memory for the fast path's state of %u actions",
                        count);
    return TA_OK;
}

void ta__fused_refresh(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    f->valid = false;
    /* a general update gave the values back before it ran */
    if (f->holds || f->kernels == NULL || m->root_motion.on) return;
    uint32_t count = 0;
    bool additive = false;
    const ta_action *first = fused_actions(m, &count, &additive);
    if (first == NULL) return;
    const ta__clip_fused *c0 = first->clip->fused;
    /* The lanes are all the driven bindings, and the others need no write:
     * none waits for its original, none was written by this update. */
    uint32_t driven = 0;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        if (b->use_count > 0)
            driven++;
        else if (b->restore_pending || b->driven_last)
            return;
    }
    if (driven != first->clip->track_count) return;
    /* a lane's place in the nodes must fit 32 bits, and name its binding (lane_binding) */
    for (uint32_t i = 0; i < m->binding_count; ++i)
        if (m->bindings[i].use_count > 0 &&
            (m->bindings[i].target.index >= UINT32_MAX / TA__NODE_FLOATS - 1 || m->bindings[i].target.element != 0))
            return;
    /* the room ta__fused_prepare made before the update changed anything: an
     * update that ends here allocates nothing, so it cannot fail after its writes */
    if (!reserve(m, count, c0->vec_lanes, c0->rot_lanes, c0->group_count, additive, false)) return;
    f->action_count = 0;
    for (uint32_t i = 0; i < m->action_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        f->layouts[f->action_count] = a->clip->fused;
        f->actions[f->action_count++] = a;
    }
    f->shape = c0;
    uint32_t vl = f->vec_lanes, rl = f->rot_lanes;
    memset(f->vlast, 0, sizeof(float) * 3 * vl);
    memset(f->vorig, 0, sizeof(float) * 3 * vl);
    memset(f->rlast, 0, sizeof(float) * 4 * rl);
    memset(f->rorig, 0, sizeof(float) * 4 * rl);
    for (uint32_t g = 0; g < c0->group_count; ++g) {
        const ta__fused_group *gr = &c0->groups[g];
        f->groups[g] = (ta__lane_group){gr->vec_first, gr->vec_lanes, gr->vec_count, gr->rot_first, gr->rot_lanes, gr->rot_count};
        for (uint32_t i = 0; i < gr->rot_lanes; ++i)
            f->rlast[at_lane(gr->rot_first, gr->rot_lanes, 4, 3, i)] = f->rorig[at_lane(gr->rot_first, gr->rot_lanes, 4, 3, i)] = 1;
        for (uint32_t i = 0; i < gr->vec_lanes; ++i) {
            uint32_t l = gr->vec_first + i, track = c0->vec_track[l];
            if (track == TA_NONE) continue;
            const ta__binding *b = &m->bindings[first->bindings[track]];
            f->vec_node[i + gr->vec_first] =
                (uint32_t)(b->target.index * TA__NODE_FLOATS +
                           (b->target.kind == TA_TRACK_KIND_SCALE ? offsetof(ta_node, scale) : offsetof(ta_node, position)) /
                               sizeof(float));
            for (uint32_t c = 0; c < 3; ++c) {
                f->vlast[at_lane(gr->vec_first, gr->vec_lanes, 3, c, i)] = m->last[b->offset + c];
                f->vorig[at_lane(gr->vec_first, gr->vec_lanes, 3, c, i)] = m->orig[b->offset + c];
            }
        }
        for (uint32_t i = 0; i < gr->rot_lanes; ++i) {
            uint32_t l = gr->rot_first + i, track = c0->rot_track[l];
            if (track == TA_NONE) continue;
            const ta__binding *b = &m->bindings[first->bindings[track]];
            f->rot_node[l] = (uint32_t)(b->target.index * TA__NODE_FLOATS + offsetof(ta_node, quaternion) / sizeof(float));
            for (uint32_t c = 0; c < 4; ++c) {
                f->rlast[at_lane(gr->rot_first, gr->rot_lanes, 4, c, i)] = m->last[b->offset + c];
                f->rorig[at_lane(gr->rot_first, gr->rot_lanes, 4, c, i)] = m->orig[b->offset + c];
            }
        }
    }
    f->valid = true;
    f->holds = true;
    park(m);
}

/* ---- the update --------------------------------------------------------------------- */

/* Lanes the float32 slerp left for double (dot below 0.7), as the general path does them. */
static void redo_slow(float *out, const float *a, const float *b, uint32_t lanes, uint32_t count, float t,
                      const uint8_t *slow)
{
    for (uint32_t i = 0; i < count; ++i) {
        if (!slow[i]) continue;
        double qa[4], qb[4], r[4];
        for (uint32_t c = 0; c < 4; ++c) {
            qa[c] = a[c * lanes + i];
            qb[c] = b[c * lanes + i];
        }
        ta__fast_slerp(r, qa, qb, t);
        for (uint32_t c = 0; c < 4; ++c) out[c * lanes + i] = (float)r[c];
    }
}

/* pile := slerpFlat(pile, q, t) lane by lane in double, as the general path
 * mixes a STEP rotation and rests a rotation toward its original. */
static void slerp_double(float *pile, const float *q, uint32_t lanes, uint32_t count, double t)
{
    for (uint32_t i = 0; i < count; ++i) {
        double p4[4], q4[4], r[4];
        for (uint32_t c = 0; c < 4; ++c) {
            p4[c] = pile[c * lanes + i];
            q4[c] = q[c * lanes + i];
        }
        ta__fast_slerp(r, p4, q4, t);
        for (uint32_t c = 0; c < 4; ++c) pile[c * lanes + i] = (float)r[c];
    }
}

/* One action's time group into the piles: sum is the lanes' cumulative
 * weight before it (0: the first action), mix its share. */
static void mix_group(const ta__mixer_fused *f, fused_work *wk, ta_action *a, const ta__clip_fused *c, uint32_t g,
                      bool first, double mix)
{
    const ta__fused_kernels *k = f->kernels;
    const ta__fused_group *gr = &c->groups[g], *sh = &f->shape->groups[g];
    const uint32_t vl = gr->vec_lanes, rl = gr->rot_lanes, vn = 3 * vl;
    /* the group's interval, as the general path finds it */
    const double time = a->move.read_time;
    uint32_t n = gr->keys, i1 = ta__seek(gr->times, n, &a->cursors[g], time);
    if (i1 > 0 && i1 < n) a->alphas[g] = ta__alpha(gr->times, i1, time);
    uint32_t key0, key1;
    double w0, w1;
    if (c->step) {
        /* the key before the interval, held (three.js DiscreteInterpolant) */
        key0 = key1 = i1 == 0 ? 0 : (i1 >= n ? n - 1 : i1 - 1);
        w0 = 1;
        w1 = 0;
    } else if (i1 == 0 || i1 == n) {
        key0 = key1 = i1 ? i1 - 1 : 0;
        w0 = 1;
        w1 = 0;
    } else {
        key0 = i1 - 1;
        key1 = i1;
        w1 = a->alphas[g];
        w0 = 1 - w1;
    }
    const float *v0 = gr->vec + (size_t)key0 * vn, *v1 = gr->vec + (size_t)key1 * vn;
    const float *q0 = gr->rot + (size_t)key0 * 4 * rl, *q1 = gr->rot + (size_t)key1 * 4 * rl;
    float *vpile = wk->vpile + 3 * (size_t)sh->vec_first;
    float *rpile = wk->rpile + 4 * (size_t)sh->rot_first, *rkey = wk->rkey + 4 * (size_t)sh->rot_first;
    float *rtmp = wk->rtmp + 4 * (size_t)sh->rot_first;
    const float ta = (float)a->alphas[g];
    float *key = first ? rpile : rkey;
    if (key0 == key1) /* held: an equal pair, which the slerp keeps */
        memcpy(key, q0, sizeof(float) * 4 * rl);
    else
        k->rot_keys(key, q0, q1, gr->rot_const + (size_t)key0 * 2 * rl, rl, ta);
    if (first) {
        k->vec_first(vpile, v0, v1, vn, w0, w1);
        return;
    }
    k->vec_mix(vpile, v0, v1, vn, w0, w1, 1 - mix, mix);
    if (c->step) {
        /* the general path mixes a STEP rotation into its pile in double */
        memcpy(rtmp, rpile, sizeof(float) * 4 * rl);
        slerp_double(rtmp, rkey, rl, gr->rot_count, mix);
        return;
    }
    const float tm = (float)mix;
    if (k->rot_slerp(rtmp, rpile, rkey, rl, tm, wk->slow) != 0)
        redo_slow(rtmp, rpile, rkey, rl, gr->rot_count, tm, wk->slow);
}

/* One additive action's time group into the additive piles, lane by lane in
 * double as the general path does (three.js PropertyMixer._accumulateAdditive):
 * vectors add value times weight; rotations move toward pile x value by the
 * weight. first: the piles start from zero and the identity. */
static void add_group(const ta__mixer_fused *f, fused_work *wk, ta_action *a, const ta__clip_fused *c, uint32_t g,
                      bool first, double w)
{
    const ta__fused_group *gr = &c->groups[g], *sh = &f->shape->groups[g];
    const uint32_t vl = gr->vec_lanes, rl = gr->rot_lanes;
    const double time = a->move.read_time;
    uint32_t n = gr->keys, i1 = ta__seek(gr->times, n, &a->cursors[g], time);
    if (i1 > 0 && i1 < n) a->alphas[g] = ta__alpha(gr->times, i1, time);
    const bool held = c->step || i1 == 0 || i1 == n;
    const uint32_t key0 = c->step ? (i1 == 0 ? 0 : (i1 >= n ? n - 1 : i1 - 1)) : (held ? (i1 ? i1 - 1 : 0) : i1 - 1);
    const double w1 = held ? 0 : a->alphas[g], w0 = 1 - w1;
    const float *v0 = gr->vec + (size_t)key0 * 3 * vl, *v1 = held ? v0 : v0 + 3 * (size_t)vl;
    const float *q0 = gr->rot + (size_t)key0 * 4 * rl, *q1 = held ? q0 : q0 + 4 * (size_t)rl;
    float *vadd = wk->vadd + 3 * (size_t)sh->vec_first, *radd = wk->radd + 4 * (size_t)sh->rot_first;
    for (uint32_t c3 = 0; c3 < 3; ++c3)
        for (uint32_t i = 0; i < gr->vec_count; ++i) {
            size_t at = (size_t)c3 * vl + i;
            double in = held ? (double)v0[at] : v0[at] * w0 + v1[at] * w1;
            vadd[at] = (float)((first ? 0.0f : vadd[at]) + in * w);
        }
    for (uint32_t i = 0; i < gr->rot_count; ++i) {
        double in[4], cur[4], r[4];
        for (uint32_t c4 = 0; c4 < 4; ++c4) {
            in[c4] = q0[c4 * rl + i];
            cur[c4] = first ? (c4 == 3 ? 1.0 : 0.0) : radd[c4 * rl + i];
        }
        if (!held) {
            double b[4] = {q1[i], q1[rl + i], q1[2 * rl + i], q1[3 * rl + i]}, s[4];
            ta__fast_slerp(s, in, b, a->alphas[g]);
            memcpy(in, s, sizeof in);
        }
        ta__blend_add_rotation(r, cur, in, w);
        for (uint32_t c4 = 0; c4 < 4; ++c4) radd[c4 * rl + i] = (float)r[c4];
    }
}

bool ta__fused_run(ta_mixer *m, const ta_mixer_targets *t)
{
    ta__mixer_fused *f = &m->fused;
    const ta__fused_kernels *k = f->kernels;
    const ta__clip_fused *shape = f->shape;
    _Alignas(64) float stack[TA__FUSED_STACK_FLOATS];
    fused_work w = work_at(f, f->work != NULL ? f->work : stack);
    /* the cumulative weight of every lane, a float as a binding's weight is */
    float sum = 0, add_sum = 0;
    for (uint32_t ai = 0; ai < f->action_count; ++ai) {
        ta_action *a = f->actions[ai];
        const double weight = a->next.effective_weight;
        if (!(weight > 0)) continue;
        if (a->blend_mode == TA_BLEND_MODE_ADDITIVE) {
            const bool first_add = add_sum == 0;
            for (uint32_t g = 0; g < shape->group_count; ++g) add_group(f, &w, a, f->layouts[ai], g, first_add, weight);
            add_sum = (float)(add_sum + weight);
            continue;
        }
        const bool first = sum == 0;
        double mix = 0;
        if (first) {
            sum = (float)weight;
        } else {
            sum = (float)(sum + weight);
            mix = weight / sum;
        }
        for (uint32_t g = 0; g < shape->group_count; ++g) mix_group(f, &w, a, f->layouts[ai], g, first, mix);
        if (!first) {
            float *swap = w.rpile;
            w.rpile = w.rtmp;
            w.rtmp = swap;
        }
    }
    if (sum == 0) {
        /* no normal weight: the originals, the additive piles on top */
        memcpy(w.vpile, f->vorig, sizeof(float) * 3 * f->vec_lanes);
        memcpy(w.rpile, f->rorig, sizeof(float) * 4 * f->rot_lanes);
    } else if (sum < 1) {
        /* the missing weight rests toward the originals (three.js PropertyMixer.apply) */
        const double rest = 1 - (double)sum;
        k->vec_rest(w.vpile, f->vorig, 3 * f->vec_lanes, 1 - rest, rest);
        for (uint32_t g = 0; g < shape->group_count; ++g) {
            const ta__fused_group *gr = &shape->groups[g];
            slerp_double(w.rpile + 4 * (size_t)gr->rot_first, f->rorig + 4 * (size_t)gr->rot_first, gr->rot_lanes,
                         gr->rot_count, rest);
        }
    }
    if (add_sum > 0) {
        for (uint32_t g = 0; g < shape->group_count; ++g) {
            const ta__fused_group *gr = &shape->groups[g];
            /* the lanes add_group wrote: a group's padding lanes are not, and
             * must keep the value the normal mix gave them */
            for (uint32_t c3 = 0; c3 < 3; ++c3) {
                const size_t at = 3 * (size_t)gr->vec_first + (size_t)c3 * gr->vec_lanes;
                for (uint32_t i = 0; i < gr->vec_count; ++i)
                    w.vpile[at + i] = (float)((double)w.vpile[at + i] + w.vadd[at + i]);
            }
            float *p = w.rpile + 4 * (size_t)gr->rot_first;
            const float *ad = w.radd + 4 * (size_t)gr->rot_first;
            const uint32_t rl = gr->rot_lanes;
            for (uint32_t i = 0; i < gr->rot_count; ++i) {
                double cur[4], add[4], r[4];
                for (uint32_t c = 0; c < 4; ++c) {
                    cur[c] = p[c * rl + i];
                    add[c] = ad[c * rl + i];
                }
                ta__blend_rotation_on_top(r, cur, add);
                for (uint32_t c = 0; c < 4; ++c) p[c * rl + i] = (float)r[c];
            }
        }
    }
    /* Which lanes differ from the last written, and whether all is finite,
     * in one pass; then, nothing refused, the writes. */
    uint8_t *vch = w.changed, *rch = w.changed + f->vec_lanes;
    uint32_t bad = 0;
    for (uint32_t g = 0; g < shape->group_count; ++g) {
        const ta__fused_group *gr = &shape->groups[g];
        size_t v = 3 * (size_t)gr->vec_first, r = 4 * (size_t)gr->rot_first;
        bad |= k->changed_vec(vch + gr->vec_first, w.vpile + v, f->vlast + v, gr->vec_lanes);
        bad |= k->changed_rot(rch + gr->rot_first, w.rpile + r, f->rlast + r, gr->rot_lanes);
    }
    if (bad) return false;
    float *base = (float *)(void *)t->scene->nodes;
    for (uint32_t g = 0; g < shape->group_count; ++g) {
        const ta__fused_group *gr = &shape->groups[g];
        size_t v = 3 * (size_t)gr->vec_first, r = 4 * (size_t)gr->rot_first;
        k->write_vec(base, f->vec_node + gr->vec_first, w.vpile + v, gr->vec_lanes, gr->vec_count, vch + gr->vec_first);
        k->write_rot(base, f->rot_node + gr->rot_first, w.rpile + r, gr->rot_lanes, gr->rot_count, rch + gr->rot_first);
    }
    /* what was written is what the next update compares with */
    memcpy(f->vlast, w.vpile, sizeof(float) * 3 * f->vec_lanes);
    memcpy(f->rlast, w.rpile, sizeof(float) * 4 * f->rot_lanes);
    f->runs++;
    return true;
}
