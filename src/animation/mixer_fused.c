/* The mixer's fused path: plane-by-key piles for one rig. See mixer_fused.h. */
#include <math.h>
#include <string.h>

#include "animation/action_sample.h"
#include "animation/clip_fused.h"
#include "animation/fast_slerp.h"
#include "animation/interpolant.h"
#include "animation/mixer_blend.h"
#include "animation/mixer_fused.h"
#include "animation/slerp_constants.h"
#include "animation/track_rules.h"
#include "animation/mask_internal.h"
#include "animation/mixer_internal.h"
#include "animation/quat_batch.h"
#include "animation/root_motion_internal.h"
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
           a->clip->fused != NULL;
}

/* Whether an action with a weight may take part in a masked update (mix_masked): normal, LINEAR
 * vectors and rotations, no morph lanes. */
static bool maskable(const ta_action *a, const ta__clip_fused *c)
{
    return a->blend_mode == TA_BLEND_MODE_NORMAL && c->vec_interp == TA_INTERPOLATION_LINEAR &&
           c->rot_interp == TA_INTERPOLATION_LINEAR && c->num_lanes == 0;
}

/* Whether a masked update may run here: normal LINEAR actions alone, in the room of the additive
 * piles (mix_masked), and no root motion (whose remix knows no mask). Out of line: an update
 * without a mask pays for none of it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool masked_fits(const ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    if (!f->additive || ta__root_motion_on(m)) return false;
    for (uint32_t k = 0; k < f->action_count; ++k)
        if (f->actions[k]->step->next.effective_weight > 0 && !maskable(f->actions[k], f->layouts[k])) return false;
    return true;
}

bool ta__fused_usable(const ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    if (!f->valid) return false;
    const bool root = ta__root_motion_on(m);
    uint32_t j = 0;
    bool any = false, masked = false;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        if (j == f->action_count || f->actions[j] != a || f->layouts[j] != a->clip->fused || !action_fits(m, a))
            return false;
        const bool weighs = a->step->next.effective_weight > 0;
        if (a->blend_mode == TA_BLEND_MODE_ADDITIVE) {
            if (!f->additive) return false; /* made without additive piles */
            /* its in-place values go on top: root_remix mixes the normal ones alone */
            if (root && weighs && ta__root_drives(m, a)) return false;
        }
        masked |= a->mask != NULL;
        any = any || weighs;
        j++;
    }
    if (masked && !masked_fits(m)) return false;
    return any && j == f->action_count;
}

/* ---- the state ---------------------------------------------------------------------- */

static void drop(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    ta__free(&m->mem, f->block, f->block_bytes);
    if (f->num != NULL) ta__free(&m->mem, f->num, f->num->bytes);
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

void ta__fused_forget_written(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    if (!f->holds) return;
    for (size_t i = 0; i < 3 * (size_t)f->vec_lanes; ++i) f->vlast[i] = NAN;
    for (size_t i = 0; i < 4 * (size_t)f->rot_lanes; ++i) f->rlast[i] = NAN;
    if (f->num != NULL)
        for (uint32_t i = 0; i < f->num->lanes; ++i) f->num->last[i] = NAN;
}

void ta__fused_free(ta_mixer *m)
{
    drop(m);
}

size_t ta__fused_bytes(const ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    return f->block_bytes + (f->num != NULL ? f->num->bytes : 0) + 2 * sizeof(void *) * f->action_capacity;
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

/* The morph influence binding lane l writes, or TA_NONE (dropped). */
static uint32_t num_binding(const ta_mixer *m, const ta__num_lane *l)
{
    ta_track_target t;
    t.kind = l->skinned ? TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE : TA_TRACK_KIND_MORPH_INFLUENCE;
    t.family = l->skinned ? TA_TARGET_FAMILY_SKINNED_MESH : TA_TARGET_FAMILY_MESH;
    t.index = l->mesh;
    t.element = l->element;
    return ta__mixer_find(m, t);
}

/* The morph lanes' values into the general path's piles (made by then). */
static void give_back_numbers(ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    if (f->num == NULL) return;
    for (uint32_t l = 0; l < f->num->lanes; ++l) {
        if (f->num->lane[l].mesh == TA_NONE) continue;
        const uint32_t b = num_binding(m, &f->num->lane[l]);
        if (b == TA_NONE) continue; /* dropped: its values with it */
        m->last[m->bindings[b].offset] = f->num->last[l];
        m->orig[m->bindings[b].offset] = f->num->orig[l];
    }
}

/* ---- parked: the bindings of a mixer that stays on the fused path ------------------------
 *
 * On the fused path every binding is a lane that every bound action drives,
 * so a binding record says nothing the actions do not: its target is its
 * track's in the first fused action's clip, its counts are how many actions
 * are bound and how many play, it holds its original and drove the last
 * update. The records (40 bytes a binding), their hash and the fused actions.
 * track maps are then freed, and made again from that when the mixer leaves
 * the path. While they are parked, playing and stopping a bound action and
 * the cache change only the actions; whatever would find or make a binding
 * gives the values back first (ta__fused_release), which makes them again. */

/* Frees the binding records, their hash and the fused actions' track maps when
 * every binding is one of the lanes (see bindings_parked); called once the
 * general piles are freed. */
static void park_bindings(ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    if (m->bindings_parked || !f->parked || f->action_count == 0 || m->str_count > 0 || m->add != NULL) return;
    const ta_clip *clip = f->actions[0]->clip;
    if (m->binding_count != clip->track_count) return;
    /* the bound actions are the fused ones: none bound without playing, none with a group's pairs */
    uint32_t bound = 0;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        const ta_action *a = m->actions[i];
        if (a->group_pair_count > 0 || (a->bound && (!a->scheduled || a->uncached))) return;
        bound += a->bound;
    }
    if (bound != f->action_count) return;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        if (b->use_count != bound || b->ref_count != bound || !b->has_original || b->restore_pending ||
            !b->driven_last || b->read_now)
            return;
    }
    for (uint32_t j = 0; j < f->action_count; ++j) {
        ta_action *a = f->actions[j];
        ta__free(&a->mem, a->bindings, sizeof(uint32_t) * a->clip->track_count);
        a->bindings = NULL;
    }
    ta__free(&m->mem, m->bindings, sizeof(ta__binding) * m->binding_capacity);
    ta__free(&m->mem, m->hash, sizeof(uint32_t) * m->hash_capacity);
    m->bindings = NULL;
    m->binding_count = m->binding_capacity = 0;
    m->hash = NULL;
    m->hash_capacity = 0;
    m->bindings_parked = true;
}

/* The actions whose track maps were parked get them back: all or none. */
static bool remake_track_maps(ta_mixer *m)
{
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (a->uncached) continue; /* bound to nothing, and maybe without its clip */
        uint32_t n = a->clip->track_count;
        if (a->bindings != NULL || n == 0) continue;
        a->bindings = (uint32_t *)ta__calloc(&a->mem, n, sizeof(uint32_t));
        if (a->bindings != NULL) continue;
        for (uint32_t j = 0; j < i; ++j) { /* the ones made here: those that had none, as this one */
            ta_action *b = m->actions[j];
            if (b->bindings == NULL || !b->parked_map) continue;
            ta__free(&b->mem, b->bindings, sizeof(uint32_t) * b->clip->track_count);
            b->bindings = NULL;
        }
        return false;
    }
    return true;
}

/* Makes them again (nothing when they are not parked); out of memory: refused,
 * nothing changed. */
static ta_result unpark_bindings(ta_mixer *m, ta_error *err)
{
    if (!m->bindings_parked) return TA_OK;
    const ta_action *first = m->fused.actions[0];
    const ta_clip *clip = first->clip;
    const ta__clip_fused *c0 = clip->fused;
    const uint32_t n = clip->track_count;
    const uint64_t hash_capacity = ta__mixer_hash_size(0, n);
    ta__binding *bindings = (ta__binding *)ta__calloc(&m->mem, n, sizeof(ta__binding));
    uint32_t *hash = (uint32_t *)ta__calloc(&m->mem, (size_t)hash_capacity, sizeof(uint32_t));
    for (uint32_t i = 0; i < m->live_count; ++i)
        m->actions[i]->parked_map = m->actions[i]->bindings == NULL && !m->actions[i]->uncached;
    if (bindings == NULL || hash == NULL || !remake_track_maps(m)) {
        ta__free(&m->mem, bindings, sizeof(ta__binding) * n);
        ta__free(&m->mem, hash, sizeof(uint32_t) * (size_t)hash_capacity);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making the mixer's bindings again (%u)", n);
    }
    uint32_t bound = 0, playing = 0;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        bound += m->actions[i]->bound;
        playing += m->actions[i]->bound && m->actions[i]->scheduled;
    }
    uint32_t slot = 0;
    for (uint32_t t = 0; t < n; ++t) {
        ta__binding *b = &bindings[t];
        ta_track_target target = clip->tracks[t]->target;
        b->target.index = target.index;
        b->target.kind = (uint8_t)target.kind;
        b->target.family = (uint8_t)target.family;
        b->target.element = target.element;
        b->target.type = (uint8_t)ta_track_kind_value_type(target.kind);
        b->size = (uint8_t)ta_track_kind_value_size(target.kind);
        b->offset = slot;
        slot += b->size;
        b->use_count = playing;
        b->ref_count = bound;
        b->has_original = true;
        b->restore_pending = playing == 0; /* as unuse_one leaves it when the last one stops */
        b->driven_last = true;
    }
    m->bindings = bindings;
    m->binding_count = m->binding_capacity = n;
    m->hash = hash;
    m->hash_capacity = (uint32_t)hash_capacity;
    ta__mixer_hash_rebuild(m);
    /* binding t is track t of the first action's clip; lane for lane, the others' tracks drive the same */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->parked_map) continue;
        a->parked_map = false;
        for (uint32_t t = 0; t < a->clip->track_count; ++t) a->bindings[t] = TA_NONE;
        if (!a->bound) continue;
        const ta__clip_fused *c = a->clip->fused;
        for (uint32_t l = 0; l < c0->vec_lanes; ++l)
            if (c0->vec_track[l] != TA_NONE) a->bindings[c->vec_track[l]] = c0->vec_track[l];
        for (uint32_t l = 0; l < c0->rot_lanes; ++l)
            if (c0->rot_track[l] != TA_NONE) a->bindings[c->rot_track[l]] = c0->rot_track[l];
        for (uint32_t l = 0; l < c0->num_lanes; ++l)
            if (c0->num_track[l] != TA_NONE) a->bindings[c->num_track[l]] = c0->num_track[l];
    }
    m->bindings_parked = false;
    return TA_OK;
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
        ta_result r = unpark_bindings(m, err);
        if (r != TA_OK) {
            ta__free(&m->mem, block, sizeof(float) * 3 * (size_t)n);
            return r;
        }
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
    give_back_numbers(m);
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
    for (uint32_t l = 0; f->num != NULL && l < f->num->lanes; ++l) lanes += f->num->lane[l].mesh != TA_NONE;
    if (lanes != m->slot_count) return; /* another binding keeps its values there */
    ta__free(&m->mem, m->float_block, sizeof(float) * 3 * (size_t)m->slot_capacity);
    m->float_block = m->pile = m->orig = m->last = NULL;
    m->slot_capacity = 0;
    f->parked = true;
    park_bindings(m);
}

/* An update's scratch: the piles it mixes into, the sampled keys, the
 * additive piles (a masked update's: each action's values, and each lane's
 * cumulative weight, vweight and rweight), and a byte per lane for the slow slerps. */
typedef struct fused_work {
    float *vpile, *rpile, *rkey, *rtmp, *vadd, *radd, *vweight, *rweight;
    uint8_t *slow;
} fused_work;

/* Scratch up to this many floats lives on the stack: 8 KiB (work_floats), a rig of about 130
 * bones keyed in position and rotation, 110 with scales too; with the additive piles' room (an
 * additive action or a mask), about 85 and 65. */
#define TA__FUSED_STACK_FLOATS 2048u

static size_t work_floats(uint32_t vec_lanes, uint32_t rot_lanes, bool additive)
{
    size_t vf = 3 * (size_t)vec_lanes, rf = 4 * (size_t)rot_lanes, lanes = vec_lanes > rot_lanes ? vec_lanes : rot_lanes;
    return vf + 3 * rf + (additive ? vf + rf + vec_lanes + rot_lanes : 0) + (lanes + 3) / 4;
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
    w.vweight = f->additive ? w.radd + rf : NULL;
    w.rweight = f->additive ? w.vweight + f->vec_lanes : NULL;
    w.slow = (uint8_t *)(w.rtmp + rf + (f->additive ? vf + rf + f->vec_lanes + f->rot_lanes : 0));
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
    size_t bytes = sizeof(float) * (2 * vf + 2 * rf + heap_work) + sizeof(ta__lane_group) * groups + 64;
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
        float *fl = (float *)ta__line_up(f->block);
        f->vlast = fl;
        f->vorig = f->vlast + vf;
        f->rlast = f->vorig + vf;
        f->rorig = f->rlast + rf;
        f->work = heap_work ? f->rorig + rf : NULL;
        f->groups = (ta__lane_group *)(void *)(f->rorig + rf + heap_work);
        f->group_count = groups;
        f->vec_lanes = vec_lanes;
        f->rot_lanes = rot_lanes;
        f->additive = additive;
    }
    return true;
}

/* Room for `lanes` morph influence lanes, as reserve: may_allocate false,
 * only the room there is. */
static bool reserve_numbers(ta_mixer *m, uint32_t lanes, bool may_allocate)
{
    ta__mixer_fused *f = &m->fused;
    if (lanes == 0) { /* no morphs: none is made, one made before stays for the next rig with them */
        if (f->num != NULL) f->num->lanes = 0;
        return true;
    }
    const size_t bytes =
        sizeof(ta__fused_numbers) + (sizeof(float *) + 4 * sizeof(float) + sizeof(ta__num_lane) + sizeof(uint32_t)) * (size_t)lanes;
    if (f->num == NULL || bytes > f->num->bytes) {
        if (!may_allocate) return false;
        ta__fused_numbers *block = (ta__fused_numbers *)ta__calloc(&m->mem, 1, bytes);
        if (block == NULL) return false;
        if (f->num != NULL) ta__free(&m->mem, f->num, f->num->bytes);
        f->num = block;
        f->num->bytes = bytes;
    }
    ta__fused_numbers *n = f->num;
    n->base = (float **)(void *)(n + 1);
    n->last = (float *)(void *)(n->base + lanes);
    n->orig = n->last + lanes;
    n->pile = n->orig + lanes;
    n->add = n->pile + lanes;
    n->lane = (ta__num_lane *)(void *)(n->add + lanes);
    n->mesh_lane = (uint32_t *)(void *)(n->lane + lanes);
    n->lanes = lanes;
    return true;
}

/* Whether two clips' layouts have the same time groups lane for lane. */
static bool same_shape(const ta__clip_fused *a, const ta__clip_fused *b)
{
    if (a->group_count != b->group_count) return false;
    for (uint32_t g = 0; g < a->group_count; ++g)
        if (a->groups[g].vec_count != b->groups[g].vec_count || a->groups[g].rot_count != b->groups[g].rot_count ||
            a->groups[g].num_count != b->groups[g].num_count)
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
    bool additive = false, masked = false, unmaskable = ta__root_motion_on(m);
    for (uint32_t i = 0; i < m->live_count; ++i) {
        const ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        if (!action_fits(m, a)) return NULL;
        /* a mask's update mixes in the additive piles' room (mix_masked) */
        additive = additive || a->blend_mode == TA_BLEND_MODE_ADDITIVE || a->mask != NULL;
        masked = masked || a->mask != NULL;
        unmaskable = unmaskable || !maskable(a, a->clip->fused);
        /* no state that ta__fused_usable would refuse at every update (its making and giving
         * back would allocate) */
        if (masked && unmaskable) return NULL;
        if (first != NULL && !same_shape(a->clip->fused, first->clip->fused)) return NULL;
        if (first == NULL) first = a;
        count++;
    }
    if (first == NULL) return NULL;
    const ta__clip_fused *c0 = first->clip->fused;
    /* Every action drives the same binding in each lane. */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        const ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached || a == first) continue;
        const ta__clip_fused *c = a->clip->fused;
        for (uint32_t l = 0; l < c0->vec_lanes; ++l)
            if (c0->vec_track[l] != TA_NONE && a->bindings[c->vec_track[l]] != first->bindings[c0->vec_track[l]])
                return NULL;
        for (uint32_t l = 0; l < c0->rot_lanes; ++l)
            if (c0->rot_track[l] != TA_NONE && a->bindings[c->rot_track[l]] != first->bindings[c0->rot_track[l]])
                return NULL;
        for (uint32_t l = 0; l < c0->num_lanes; ++l)
            if (c0->num_track[l] != TA_NONE && a->bindings[c->num_track[l]] != first->bindings[c0->num_track[l]])
                return NULL;
    }
    *out_count = count;
    *out_additive = additive;
    return first;
}

ta_result ta__fused_prepare(ta_mixer *m, ta_error *err)
{
    ta__mixer_fused *f = &m->fused;
    if (f->holds || f->kernels == NULL) return TA_OK;
    uint32_t count = 0;
    bool additive = false;
    const ta_action *first = fused_actions(m, &count, &additive);
    if (first == NULL) return TA_OK;
    const ta__clip_fused *c0 = first->clip->fused;
    f->valid = false; /* the room may be laid out anew: ta__fused_refresh fills it at the update's end */
    if (!reserve(m, count, c0->vec_lanes, c0->rot_lanes, c0->group_count, additive, true) ||
        !reserve_numbers(m, c0->num_lanes, true))
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "mixer: out of memory for the fast path's state of %u actions",
                        count);
    return TA_OK;
}

/* Lane l's mesh in the state's list of them, put there when new (a clip
 * lists a mesh's weights together: the last one is looked at first). */
static uint32_t mesh_slot(ta__mixer_fused *f, uint32_t l)
{
    const ta__num_lane *lane = &f->num->lane[l];
    for (uint32_t k = f->num->meshes; k-- > 0;) {
        const ta__num_lane *seen = &f->num->lane[f->num->mesh_lane[k]];
        if (seen->mesh == lane->mesh && seen->skinned == lane->skinned) return k;
    }
    f->num->mesh_lane[f->num->meshes] = l;
    return f->num->meshes++;
}

/* The morph lanes of the state: where each writes, and its last written
 * value and original from the general path's piles. */
static void fill_numbers(ta_mixer *m, const ta_action *first, const ta__clip_fused *c0)
{
    ta__mixer_fused *f = &m->fused;
    if (c0->num_lanes == 0) return; /* reserve_numbers made nothing */
    f->num->meshes = 0;
    for (uint32_t l = 0; l < c0->num_lanes; ++l) {
        const uint32_t track = c0->num_track[l];
        f->num->last[l] = f->num->orig[l] = 0;
        f->num->lane[l] = (ta__num_lane){TA_NONE, 0, 0, 0};
        if (track == TA_NONE) continue;
        const ta__binding *b = &m->bindings[first->bindings[track]];
        ta__num_lane *lane = &f->num->lane[l];
        *lane = (ta__num_lane){b->target.index, b->target.element, b->target.family == TA_TARGET_FAMILY_SKINNED_MESH, 0};
        lane->slot = mesh_slot(f, l);
        f->num->last[l] = m->last[b->offset];
        f->num->orig[l] = m->orig[b->offset];
    }
}

void ta__fused_refresh(ta_mixer *m)
{
    ta__mixer_fused *f = &m->fused;
    f->valid = false;
    if (m->root_motion != NULL) m->root_motion->fused_key = 0; /* the lanes may be laid out anew */
    /* a general update gave the values back before it ran */
    if (f->holds || f->kernels == NULL) return;
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
    /* a lane's place in the nodes names its binding (lane_binding) */
    for (uint32_t i = 0; i < m->binding_count; ++i)
        if (m->bindings[i].use_count > 0 && m->bindings[i].target.family == TA_TARGET_FAMILY_NODE &&
            m->bindings[i].target.element != 0)
            return;
    /* the room ta__fused_prepare made before the update changed anything: an
     * update that ends here allocates nothing, so it cannot fail after its writes */
    if (!reserve(m, count, c0->vec_lanes, c0->rot_lanes, c0->group_count, additive, false) ||
        !reserve_numbers(m, c0->num_lanes, false))
        return;
    f->action_count = 0;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled || a->uncached) continue;
        f->layouts[f->action_count] = a->clip->fused;
        f->actions[f->action_count++] = a;
    }
    f->shape = c0;
    f->vec_node = c0->vec_node;
    f->rot_node = c0->rot_node;
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
            for (uint32_t c = 0; c < 3; ++c) {
                f->vlast[at_lane(gr->vec_first, gr->vec_lanes, 3, c, i)] = m->last[b->offset + c];
                f->vorig[at_lane(gr->vec_first, gr->vec_lanes, 3, c, i)] = m->orig[b->offset + c];
            }
        }
        for (uint32_t i = 0; i < gr->rot_lanes; ++i) {
            uint32_t l = gr->rot_first + i, track = c0->rot_track[l];
            if (track == TA_NONE) continue;
            const ta__binding *b = &m->bindings[first->bindings[track]];
            for (uint32_t c = 0; c < 4; ++c) {
                f->rlast[at_lane(gr->rot_first, gr->rot_lanes, 4, c, i)] = m->last[b->offset + c];
                f->rorig[at_lane(gr->rot_first, gr->rot_lanes, 4, c, i)] = m->orig[b->offset + c];
            }
        }
    }
    fill_numbers(m, first, c0);
    f->valid = true;
    f->holds = true;
    park(m);
}

/* ---- the update --------------------------------------------------------------------- */

/* The functions that hold a batch of far pairs (below), or a batch of rotations (mix_masked), or
 * that only some updates run (root_remix) are kept out of their callers: a far batch's 3 KB on
 * the stack of every update's hot loops cost them even with no far pair (1.03 of a blend's time). */
#if defined(__GNUC__)
#define TA__FAR_HOLDER __attribute__((noinline))
#else
#define TA__FAR_HOLDER
#endif

/* The pairs the float32 and double slerp lanes leave (a dot below 0.7), as the general path does
 * them (ta__fast_slerp), gathered TA__FAR_LANES at a time for the kernels' far_slerp, which does
 * them all in lanes but the few it does not cover (far_slerp_lane.h), left to ta__fast_slerp:
 * one by one, their acos and three sines took most of a blend of far poses (docs/performance.md). */
typedef struct far_pairs {
    double a[4][TA__FAR_LANES], b[4][TA__FAR_LANES], r[4][TA__FAR_LANES];
    uint32_t at[TA__FAR_LANES], left[TA__FAR_LANES];
    uint32_t n;
} far_pairs;

/* The pairs gathered so far slerped at t into their lanes of out's four planes (lanes apart);
 * nonzero when a number written is not finite. */
static uint32_t far_flush(const ta__fused_kernels *k, far_pairs *p, float *out, uint32_t lanes, double t)
{
    if (p->n == 0) return 0;
    /* fewer pairs than a vector of doubles: one by one, as the kernel's loop would take them (its
     * lanes, without branches, cost more than ta__fast_slerp's one branch) */
    const bool one_by_one = p->n < k->width / 2;
    if (one_by_one || k->far_slerp(&p->r[0][0], &p->a[0][0], &p->b[0][0], p->n, t, p->left) > 0) {
        for (uint32_t j = 0; j < p->n; ++j) {
            if (!one_by_one && !p->left[j]) continue;
            double qa[4], qb[4], r[4];
            for (uint32_t c = 0; c < 4; ++c) {
                qa[c] = p->a[c][j];
                qb[c] = p->b[c][j];
            }
            ta__fast_slerp(r, qa, qb, t);
            for (uint32_t c = 0; c < 4; ++c) p->r[c][j] = r[c];
        }
    }
    uint32_t bad = 0;
    for (uint32_t c = 0; c < 4; ++c)
        for (uint32_t j = 0; j < p->n; ++j) {
            const float v = (float)p->r[c][j];
            out[c * lanes + p->at[j]] = v;
            bad |= (uint32_t)(v - v != 0);
        }
    p->n = 0;
    return bad;
}

/* Lane i's pair (a, b) to slerp at t into out (far_flush), flushed when the batch is full. */
static uint32_t far_add(const ta__fused_kernels *k, far_pairs *p, float *out, uint32_t lanes, double t, uint32_t i,
                        const double a[4], const double b[4])
{
    const uint32_t j = p->n++;
    for (uint32_t c = 0; c < 4; ++c) {
        p->a[c][j] = a[c];
        p->b[c][j] = b[c];
    }
    p->at[j] = i;
    return p->n == TA__FAR_LANES ? far_flush(k, p, out, lanes, t) : 0;
}

/* Lanes the float32 slerp left for double (dot below 0.7), as the general path does them. */
TA__FAR_HOLDER static void redo_slow(const ta__fused_kernels *k, float *out, const float *a, const float *b,
                                     uint32_t lanes, uint32_t count, float t, const uint8_t *slow)
{
    far_pairs p;
    p.n = 0;
    for (uint32_t i = 0; i < count; ++i) {
        if (!slow[i]) continue;
        const double qa[4] = {a[i], a[lanes + i], a[2 * lanes + i], a[3 * lanes + i]};
        const double qb[4] = {b[i], b[lanes + i], b[2 * lanes + i], b[3 * lanes + i]};
        (void)far_add(k, &p, out, lanes, t, i, qa, qb);
    }
    (void)far_flush(k, &p, out, lanes, t);
}

/* ---- reading a time group ------------------------------------------------------------ */

/* Where a group's planes are: `stride` planes a key, blocks of `comps`
 * planes, `lanes` lanes a plane (clip_fused.h). */
typedef struct part_planes {
    const float *base;
    uint32_t lanes, comps, stride;
} part_planes;

static inline const float *plane_at(const part_planes *p, uint32_t key, uint32_t block, uint32_t c, uint32_t lo)
{
    return p->base + ((size_t)key * p->stride + (size_t)block * p->comps + c) * p->lanes + lo;
}

/* How an action reads one kind of lane (vectors or rotations) of a time group
 * this update: one key as it is, or an interval with its interpolation's
 * weights, worked out once for all the group's lanes. */
typedef struct part_read {
    bool held;           /* before the first key, at or after the last, or STEP: key0's values */
    uint32_t key0, key1; /* the interval's keys (key0 alone when held) */
    uint32_t prev, next; /* SMOOTH: the keys standing before and after it */
    double alpha;        /* LINEAR: the place in the interval */
    double w[4];         /* SMOOTH (prev, key0, key1, next) or CUBIC_SPLINE (p0, m0, p1, m1) weights */
    double td;           /* CUBIC_SPLINE: the interval's length */
    double t, t0, t1;    /* BEZIER: the time, the interval's start and end */
    bool shared;         /* BEZIER: one control time at each end for all numbers, and so */
    double s;            /* one curve parameter */
} part_read;

/* As ta__track_evaluate reads interval i1 of the group's tracks at the action's time. */
static part_read read_part(ta_interpolation interp, const ta__fused_group *gr, const part_planes *p,
                           const uint8_t *shared, uint32_t i1, const ta_action *a, uint32_t g)
{
    part_read r; /* only the fields of its interpolation are set: this runs per group and action */
    if (interp == TA_INTERPOLATION_STEP || i1 == 0 || i1 >= gr->keys) {
        /* the key before the interval (three.js DiscreteInterpolant), or the end's */
        r.held = true;
        r.key0 = r.key1 = i1 == 0 ? 0 : i1 - 1;
        return r;
    }
    const double time = a->step->move.read_time;
    r.held = false;
    r.key0 = i1 - 1;
    r.key1 = i1;
    switch (interp) {
    case TA_INTERPOLATION_SMOOTH: {
        ta__smooth sm;
        ta__smooth_setup(gr->times, gr->keys, i1, a->step->next.clock.ending_start, a->step->next.clock.ending_end, &sm);
        r.prev = sm.prev;
        r.next = sm.next;
        ta__smooth_weights(&sm, a->alphas[g], r.w);
        break;
    }
    case TA_INTERPOLATION_CUBIC_SPLINE: r.td = ta__cubic_spline_weights(gr->times, i1, time, r.w); break;
    case TA_INTERPOLATION_BEZIER:
        r.t = time;
        r.t0 = gr->times[i1 - 1];
        r.t1 = gr->times[i1];
        r.shared = (shared[i1 - 1] & TA__FUSED_SHARED_OUT) && (shared[i1] & TA__FUSED_SHARED_IN);
        if (r.shared)
            r.s = ta__bezier_parameter(time, r.t0, *plane_at(p, i1 - 1, TA__FUSED_OUT_TIME, 0, 0),
                                       *plane_at(p, i1, TA__FUSED_IN_TIME, 0, 0), r.t1);
        break;
    default: r.alpha = a->alphas[g]; break;
    }
    return r;
}

/* Component c of lanes [lo, lo + m) as doubles, as the general path samples
 * them (m <= TA__FUSED_CHUNK, a multiple of the vector width). */
static void read_numbers(const ta__fused_kernels *k, ta_interpolation interp, const part_read *r,
                         const part_planes *p, uint32_t c, uint32_t lo, uint32_t m, double *out)
{
    const float *v0 = plane_at(p, r->key0, TA__FUSED_VALUE, c, lo), *v1 = plane_at(p, r->key1, TA__FUSED_VALUE, c, lo);
    if (r->held) {
        for (uint32_t i = 0; i < m; ++i) out[i] = v0[i];
        return;
    }
    switch (interp) {
    case TA_INTERPOLATION_SMOOTH:
        k->curve_smooth(out, plane_at(p, r->prev, TA__FUSED_VALUE, c, lo), v0, v1,
                        plane_at(p, r->next, TA__FUSED_VALUE, c, lo), m, r->w);
        break;
    case TA_INTERPOLATION_CUBIC_SPLINE:
        k->curve_cubic(out, v0, plane_at(p, r->key0, TA__FUSED_OUT, c, lo), v1, plane_at(p, r->key1, TA__FUSED_IN, c, lo),
                       m, r->w, r->td);
        break;
    case TA_INTERPOLATION_BEZIER:
        if (r->shared) {
            k->curve_bezier_at(out, v0, plane_at(p, r->key0, TA__FUSED_OUT_VALUE, c, lo),
                               plane_at(p, r->key1, TA__FUSED_IN_VALUE, c, lo), v1, m, r->s);
            break;
        }
        k->curve_bezier(out, v0, plane_at(p, r->key0, TA__FUSED_OUT_TIME, c, lo),
                        plane_at(p, r->key0, TA__FUSED_OUT_VALUE, c, lo), plane_at(p, r->key1, TA__FUSED_IN_TIME, c, lo),
                        plane_at(p, r->key1, TA__FUSED_IN_VALUE, c, lo), v1, m, r->t, r->t0, r->t1);
        break;
    default: /* LINEAR numbers (morph influences, and an additive action's vectors: the normal ones mix in float32) */
        k->lerp_doubles(out, v0, v1, m, 1 - r->alpha, r->alpha);
        break;
    }
}

/* Lanes [lo, lo + m) of rotations as doubles, made unit length where the
 * general path makes them so (ta__track_evaluate). */
static void read_rotations(const ta__fused_kernels *k, ta_interpolation interp, const part_read *r,
                           const part_planes *p, uint32_t lo, uint32_t m, double q[4][TA__FUSED_CHUNK])
{
    if (interp == TA_INTERPOLATION_LINEAR && !r->held) {
        for (uint32_t i = 0; i < m; ++i) {
            double a[4], b[4], s[4];
            for (uint32_t c = 0; c < 4; ++c) {
                a[c] = plane_at(p, r->key0, TA__FUSED_VALUE, c, lo)[i];
                b[c] = plane_at(p, r->key1, TA__FUSED_VALUE, c, lo)[i];
            }
            ta__fast_slerp(s, a, b, r->alpha);
            for (uint32_t c = 0; c < 4; ++c) q[c][i] = s[c];
        }
        return;
    }
    for (uint32_t c = 0; c < 4; ++c) read_numbers(k, interp, r, p, c, lo, m, q[c]);
    if (r->held) {
        /* a held CUBIC_SPLINE key of a length off by more than 1e-3 is made unit */
        if (interp != TA_INTERPOLATION_CUBIC_SPLINE) return;
        for (uint32_t i = 0; i < m; ++i) {
            double v[4] = {q[0][i], q[1][i], q[2][i], q[3][i]};
            double len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
            if (fabs(len - 1) <= 1e-3) continue;
            ta__normalize_quat(v);
            for (uint32_t c = 0; c < 4; ++c) q[c][i] = v[c];
        }
        return;
    }
    if (interp == TA_INTERPOLATION_CUBIC_SPLINE || interp == TA_INTERPOLATION_BEZIER)
        k->normalize(q[0], q[1], q[2], q[3], m);
}

static inline uint32_t chunk_at(uint32_t lo, uint32_t lanes)
{
    return lanes - lo < TA__FUSED_CHUNK ? lanes - lo : TA__FUSED_CHUNK;
}

/* The lanes rot_mix left (slow) as the general path does them. */
TA__FAR_HOLDER static void redo_mix(const ta__fused_kernels *k, float *out, const float *pile, uint32_t lanes,
                                    uint32_t lo, uint32_t m, double q[4][TA__FUSED_CHUNK], double t,
                                    const uint32_t *slow)
{
    far_pairs p;
    p.n = 0;
    for (uint32_t i = 0; i < m; ++i) {
        if (!slow[i]) continue;
        double p4[4], q4[4];
        for (uint32_t c = 0; c < 4; ++c) {
            p4[c] = pile[(size_t)c * lanes + lo + i];
            q4[c] = q[c][i];
        }
        (void)far_add(k, &p, out, lanes, t, lo + i, p4, q4);
    }
    (void)far_flush(k, &p, out, lanes, t);
}

/* out := slerpFlat(pile, q, t) over lanes [lo, lo + m) of a group's
 * rotations, q in doubles, with ta__fast_slerp's numbers (the general path's
 * for the rotations it does not batch): the vector kernel, then the lanes it
 * leaves (far apart) in redo_mix. out is not pile. */
static void rot_mix_chunk(const ta__fused_kernels *k, float *out, const float *pile, uint32_t lanes, uint32_t lo,
                          uint32_t m, double q[4][TA__FUSED_CHUNK], double t)
{
    /* a word a lane, not a byte: a loop over doubles writing bytes is taken 32 or 64 lanes a
     * step, and a chunk of fewer lanes, or its rest, went one by one (docs/performance.md) */
    uint32_t slow[TA__FUSED_CHUNK];
    if (k->rot_mix(out + lo, pile + lo, lanes, &q[0][0], m, t, slow) == 0) return;
    redo_mix(k, out, pile, lanes, lo, m, q, t, slow);
}

/* out := slerpFlat(pile, q, t) over a group's rotation lanes, q floats, as
 * the general path mixes a STEP rotation and rests one toward its original. */
static void slerp_double(const ta__fused_kernels *k, float *out, const float *pile, const float *q, uint32_t lanes,
                         double t)
{
    double d[4][TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < lanes; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, lanes);
        for (uint32_t c = 0; c < 4; ++c)
            for (uint32_t i = 0; i < m; ++i) d[c][i] = q[(size_t)c * lanes + lo + i];
        rot_mix_chunk(k, out, pile, lanes, lo, m, d, t);
    }
}

/* ---- mixing a time group ------------------------------------------------------------- */

/* One action's vectors of a time group into the piles (first: copied). */
static void mix_vectors(const ta__fused_kernels *k, float *vpile, const ta__clip_fused *c, const ta__fused_group *gr,
                        const part_read *r, bool first, double mix)
{
    const uint32_t vl = gr->vec_lanes;
    if (c->vec_interp == TA_INTERPOLATION_LINEAR) {
        const size_t key_floats = (size_t)c->vec_stride * vl;
        const float *v0 = gr->vec + r->key0 * key_floats, *v1 = gr->vec + r->key1 * key_floats;
        /* in float32, as the general path's LINEAR node vectors (ta__blend_accumulate_vec3f);
         * STEP and the curves below in double, as its other tracks. A held key is copied. */
        const float t = r->held ? 0 : (float)r->alpha;
        if (first && r->held)
            memcpy(vpile, v0, sizeof(float) * 3 * vl);
        else if (first)
            k->vec_first(vpile, v0, v1, 3 * vl, t);
        else
            k->vec_mix(vpile, v0, v1, 3 * vl, t, (float)mix);
        return;
    }
    const part_planes p = {gr->vec, vl, 3, c->vec_stride};
    double v[TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < vl; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, vl);
        for (uint32_t c3 = 0; c3 < 3; ++c3) {
            read_numbers(k, c->vec_interp, r, &p, c3, lo, m, v);
            k->mix_doubles(vpile + (size_t)c3 * vl + lo, v, m, 1 - mix, mix, first);
        }
    }
}

/* One action's morph influences of a time group into the piles (first:
 * copied), in double as the general path mixes a number track of any
 * interpolation (ta__blend_accumulate_numbers, ta__blend_lerp). */
static void mix_numbers(const ta__fused_kernels *k, float *npile, const ta__clip_fused *c, const ta__fused_group *gr,
                        const part_read *r, bool first, double mix)
{
    const part_planes p = {gr->num, gr->num_lanes, 1, c->num_stride};
    double v[TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < gr->num_lanes; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, gr->num_lanes);
        read_numbers(k, c->num_interp, r, &p, 0, lo, m, v);
        k->mix_doubles(npile + lo, v, m, 1 - mix, mix, first);
    }
}

/* One action's rotations of a time group: into rpile when first, else rpile
 * mixed with them into rtmp (the caller swaps the two after the action). */
static void mix_rotations(const ta__fused_kernels *k, fused_work *wk, const ta__clip_fused *c,
                          const ta__fused_group *gr, const ta__fused_group *sh, const part_read *r, float ta, bool first,
                          double mix)
{
    const uint32_t rl = gr->rot_lanes;
    const size_t key_floats = (size_t)c->rot_stride * rl;
    float *rpile = wk->rpile + 4 * (size_t)sh->rot_first, *rkey = wk->rkey + 4 * (size_t)sh->rot_first;
    float *rtmp = wk->rtmp + 4 * (size_t)sh->rot_first;
    const float *q0 = gr->rot + r->key0 * key_floats, *q1 = gr->rot + r->key1 * key_floats;
    if (c->rot_interp == TA_INTERPOLATION_LINEAR || c->rot_interp == TA_INTERPOLATION_STEP) {
        float *key = first ? rpile : rkey;
        if (r->held) /* an equal pair, which the slerp keeps */
            memcpy(key, q0, sizeof(float) * 4 * rl);
        else if (ta__slerp_at_end(ta)) /* read at a key */
            k->rot_end(key, q0, q1, rl, ta);
        else /* a LINEAR interval, from its slerp constants */
            k->rot_keys(key, q0, q1, gr->rot_const + (size_t)r->key0 * 2 * rl, rl, ta);
        if (first) return;
        if (c->rot_interp == TA_INTERPOLATION_STEP) {
            /* the general path mixes a STEP rotation into its pile in double */
            slerp_double(k, rtmp, rpile, rkey, rl, mix);
            return;
        }
        const float tm = (float)mix;
        if (k->rot_slerp(rtmp, rpile, rkey, rl, tm, wk->slow) != 0)
            redo_slow(k, rtmp, rpile, rkey, rl, gr->rot_count, tm, wk->slow);
        return;
    }
    /* a curve: read in double, and mixed in double as the general path mixes a rotation it did not batch */
    const part_planes p = {gr->rot, rl, 4, c->rot_stride};
    double q[4][TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < rl; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, rl);
        read_rotations(k, c->rot_interp, r, &p, lo, m, q);
        if (first) {
            for (uint32_t c4 = 0; c4 < 4; ++c4)
                for (uint32_t i = 0; i < m; ++i) rpile[(size_t)c4 * rl + lo + i] = (float)q[c4][i];
            continue;
        }
        rot_mix_chunk(k, rtmp, rpile, rl, lo, m, q, mix);
    }
}

/* The group's interval for the action's time, as the general path finds it. */
static uint32_t seek_group(ta_action *a, const ta__fused_group *gr, uint32_t g)
{
    const double time = a->step->move.read_time;
    const uint32_t n = gr->keys, i1 = ta__seek(gr->times, n, &a->cursors[g], time);
    if (i1 > 0 && i1 < n) a->alphas[g] = ta__alpha(gr->times, i1, time);
    return i1;
}

/* One action's time group into the piles: first, the first action with a
 * weight (copied); else mix, its share of the cumulative weight. Inlined into both of its
 * callers: called from two (ta__fused_run's loop and mix_masked), GCC kept it and its reads out
 * of line, about 100 instructions more an update of one action (callgrind). */
#if defined(__GNUC__)
#define TA__MIX_GROUP_INLINE __attribute__((always_inline)) inline
#else
#define TA__MIX_GROUP_INLINE inline
#endif
TA__MIX_GROUP_INLINE static void mix_group(const ta__mixer_fused *f, fused_work *wk, ta_action *a, const ta__clip_fused *c, uint32_t g,
                      bool first, double mix)
{
    const ta__fused_group *gr = &c->groups[g], *sh = &f->shape->groups[g];
    const uint32_t i1 = seek_group(a, gr, g);
    part_read rv, rr;
    const part_read *rot_read = &rr;
    if (c->vec_interp == TA_INTERPOLATION_LINEAR && c->rot_interp == TA_INTERPOLATION_LINEAR) {
        /* a glTF rig's usual case: read_part's LINEAR reading, for both kinds at
         * once; one struct read by both, not a copy (a copy of fields just
         * stored missed the store buffer's forwarding: perf put a tenth of
         * this function's time on it) */
        rv.held = i1 == 0 || i1 >= gr->keys;
        rv.key0 = i1 == 0 ? 0 : i1 - 1;
        rv.key1 = rv.held ? rv.key0 : i1;
        rv.alpha = a->alphas[g];
        rot_read = &rv;
    } else {
        const part_planes pv = {gr->vec, gr->vec_lanes, 3, c->vec_stride},
                          pr = {gr->rot, gr->rot_lanes, 4, c->rot_stride};
        rv = read_part(c->vec_interp, gr, &pv, gr->vec_shared, i1, a, g);
        rr = read_part(c->rot_interp, gr, &pr, gr->rot_shared, i1, a, g);
    }
    mix_rotations(f->kernels, wk, c, gr, sh, rot_read, (float)a->alphas[g], first, mix);
    mix_vectors(f->kernels, wk->vpile + 3 * (size_t)sh->vec_first, c, gr, &rv, first, mix);
}

/* One action's morph influences of time group g, after mix_group sought its
 * interval (the cursor holds it, as the general path reads it): out of
 * mix_group, so that a rig without morphs runs the code it ran before. */
static void mix_group_numbers(const ta__mixer_fused *f, const ta_action *a, const ta__clip_fused *c, uint32_t g,
                              bool first, double mix)
{
    const ta__fused_group *gr = &c->groups[g];
    if (gr->num_count == 0) return;
    const part_planes pn = {gr->num, gr->num_lanes, 1, c->num_stride};
    const part_read rn = read_part(c->num_interp, gr, &pn, gr->num_shared, a->cursors[g], a, g);
    mix_numbers(f->kernels, f->num->pile + f->shape->groups[g].num_first, c, gr, &rn, first, mix);
}

/* One additive action's morph influences of a time group into the additive
 * piles, after add_group sought its interval: value times weight, added
 * (three.js PropertyMixer._accumulateAdditive). */
static void add_numbers(const ta__mixer_fused *f, const ta_action *a, const ta__clip_fused *c, uint32_t g, bool first,
                        double w)
{
    const ta__fused_group *gr = &c->groups[g];
    if (gr->num_count == 0) return;
    const part_planes p = {gr->num, gr->num_lanes, 1, c->num_stride};
    const part_read r = read_part(c->num_interp, gr, &p, gr->num_shared, a->cursors[g], a, g);
    float *nadd = f->num->add + f->shape->groups[g].num_first;
    double v[TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < gr->num_count; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, gr->num_lanes);
        read_numbers(f->kernels, c->num_interp, &r, &p, 0, lo, m, v);
        for (uint32_t i = 0; i < m && lo + i < gr->num_count; ++i)
            nadd[lo + i] = ta__blend_add_number(first ? 0.0f : nadd[lo + i], v[i], w);
    }
}

/* One additive action's time group into the additive piles, lane by lane in
 * double as the general path does (three.js PropertyMixer._accumulateAdditive):
 * vectors add value times weight; rotations move toward pile x value by the
 * weight. first: the piles start from zero and the identity. */
static void add_group(const ta__mixer_fused *f, fused_work *wk, ta_action *a, const ta__clip_fused *c, uint32_t g,
                      bool first, double w)
{
    const ta__fused_kernels *k = f->kernels;
    const ta__fused_group *gr = &c->groups[g], *sh = &f->shape->groups[g];
    const uint32_t vl = gr->vec_lanes, rl = gr->rot_lanes;
    const uint32_t i1 = seek_group(a, gr, g);
    const part_planes pv = {gr->vec, vl, 3, c->vec_stride}, pr = {gr->rot, rl, 4, c->rot_stride};
    const part_read rv = read_part(c->vec_interp, gr, &pv, gr->vec_shared, i1, a, g),
                    rr = read_part(c->rot_interp, gr, &pr, gr->rot_shared, i1, a, g);
    float *vadd = wk->vadd + 3 * (size_t)sh->vec_first, *radd = wk->radd + 4 * (size_t)sh->rot_first;
    double q[4][TA__FUSED_CHUNK];
    for (uint32_t lo = 0; lo < gr->vec_count; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, vl);
        for (uint32_t c3 = 0; c3 < 3; ++c3) {
            read_numbers(k, c->vec_interp, &rv, &pv, c3, lo, m, q[c3]);
            for (uint32_t i = 0; i < m && lo + i < gr->vec_count; ++i) {
                const size_t at = (size_t)c3 * vl + lo + i;
                vadd[at] = ta__blend_add_number(first ? 0.0f : vadd[at], q[c3][i], w);
            }
        }
    }
    for (uint32_t lo = 0; lo < gr->rot_count; lo += TA__FUSED_CHUNK) {
        const uint32_t m = chunk_at(lo, rl);
        read_rotations(k, c->rot_interp, &rr, &pr, lo, m, q);
        for (uint32_t i = 0; i < m && lo + i < gr->rot_count; ++i) {
            const double in[4] = {q[0][i], q[1][i], q[2][i], q[3][i]};
            ta__blend_add_rotation_at(radd + lo + i, rl, in, w, first);
        }
    }
}

/* The morph steps of one action, out of ta__fused_run's loop: inlined there,
 * they cost a rig without morphs instructions at every update (callgrind). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void action_numbers(const ta__mixer_fused *f, const ta_action *a, const ta__clip_fused *c, bool first,
                           double weight, bool additive)
{
    for (uint32_t g = 0; g < c->group_count; ++g) {
        if (additive)
            add_numbers(f, a, c, g, first, weight);
        else
            mix_group_numbers(f, a, c, g, first, weight);
    }
}

/* The morph piles at the commit, as ta__blend_apply: rested toward the
 * originals by the missing weight (all of it when sum is 0), the additive
 * piles on top. */
static void apply_numbers(const ta__mixer_fused *f, float sum, float add_sum)
{
    double rest;
    switch (ta__blend_rest_of(sum, &rest)) {
    case TA__BLEND_REST_ALL: memcpy(f->num->pile, f->num->orig, sizeof(float) * f->num->lanes); break;
    case TA__BLEND_REST_PART: f->kernels->vec_rest(f->num->pile, f->num->orig, f->num->lanes, 1 - rest, rest); break;
    case TA__BLEND_REST_NONE: break;
    }
    if (!(add_sum > 0)) return;
    for (uint32_t g = 0; g < f->shape->group_count; ++g) {
        const ta__fused_group *gr = &f->shape->groups[g];
        for (uint32_t i = gr->num_first; i < gr->num_first + gr->num_count; ++i)
            f->num->pile[i] = ta__blend_number_on_top(f->num->pile[i], f->num->add[i]);
    }
}

/* The morph influences that differ from the last written, through the
 * scene's meshes as they are now (after the finite check): each mesh's
 * influences looked up once. */
static void write_numbers(ta__mixer_fused *f, ta_scene *scene, bool always)
{
    for (uint32_t k = 0; k < f->num->meshes; ++k) {
        const ta__num_lane *lane = &f->num->lane[f->num->mesh_lane[k]];
        f->num->base[k] = (lane->skinned ? scene->skinned_meshes : scene->meshes)[lane->mesh].morph_influences;
    }
    for (uint32_t g = 0; g < f->shape->group_count; ++g) {
        const ta__fused_group *gr = &f->shape->groups[g];
        for (uint32_t l = gr->num_first; l < gr->num_first + gr->num_count; ++l)
            if (always || f->num->pile[l] != f->num->last[l])
                f->num->base[f->num->lane[l].slot][f->num->lane[l].element] = f->num->pile[l];
    }
    if (!always) memcpy(f->num->last, f->num->pile, sizeof(float) * f->num->lanes);
}

/* ---- a blend's usual update: two actions in one pass ---------------------------------- */

/* The slow lanes rot_two left (a dot below 0.7), as redo_slow does them, from each action's
 * key pair read again at the lane (ta__slerp_key_lane: the kernel's numbers, one lane); nonzero
 * when a number redone is not finite. */
TA__FAR_HOLDER static uint32_t redo_two(const ta__fused_kernels *k, float *out, const float *const q[4], const float *const c[2],
                         uint32_t lanes, uint32_t count, const float t[2], float mix, const uint8_t *slow)
{
    uint32_t bad = 0;
    far_pairs pairs;
    pairs.n = 0;
    for (uint32_t i = 0; i < count; ++i) {
        if (!slow[i]) continue;
        float p[2][4];
        for (int a = 0; a < 2; ++a) {
            const float *k0 = q[2 * a], *k1 = q[2 * a + 1];
            ta__slerp_key_lane(k0[i], k0[lanes + i], k0[2 * lanes + i], k0[3 * lanes + i], k1[i], k1[lanes + i],
                               k1[2 * lanes + i], k1[3 * lanes + i], c[a][i], c[a][lanes + i], t[a], &p[a][0],
                               &p[a][1], &p[a][2], &p[a][3]);
        }
        const double qa[4] = {p[0][0], p[0][1], p[0][2], p[0][3]};
        const double qb[4] = {p[1][0], p[1][1], p[1][2], p[1][3]};
        bad |= far_add(k, &pairs, out, lanes, mix, i, qa, qb);
    }
    return bad | far_flush(k, &pairs, out, lanes, mix);
}

/* The update of exactly two normal actions with a weight, LINEAR for vectors and rotations, that
 * read every time group inside an interval (no key held, no pair read at an end) and whose
 * weights leave nothing to rest toward the originals: each kind of lane of a group mixed in one
 * pass (vec_two, rot_two), the numbers of the loop in ta__fused_run bit for bit, with no piles
 * written and read between the actions nor a pass for the finite check. False, no pile touched,
 * for any other update (the intervals sought stay: seeking again finds them). *sum: the piles'
 * cumulative weight; *bad: nonzero when a number is not finite. One action alone gained nothing
 * so (its loops and the check merged the same way: docs/performance.md). */
static bool mix_two(const ta__mixer_fused *f, fused_work *wk, bool numbers, float *sum, uint32_t *bad)
{
    ta_action *pair[2];
    const ta__clip_fused *lay[2];
    uint32_t found = 0;
    for (uint32_t ai = 0; ai < f->action_count; ++ai) {
        ta_action *a = f->actions[ai];
        if (!(a->step->next.effective_weight > 0)) continue;
        const ta__clip_fused *c = f->layouts[ai];
        if (found == 2 || a->blend_mode != TA_BLEND_MODE_NORMAL || c->vec_interp != TA_INTERPOLATION_LINEAR ||
            c->rot_interp != TA_INTERPOLATION_LINEAR)
            return false;
        pair[found] = a;
        lay[found++] = c;
    }
    if (found != 2) return false;
    float total = 0;
    double mix = 0, rest;
    /* the first is the first with a weight, the second mixes in (not a first again: a weight
     * that is 0 in float32) */
    if (ta__blend_share_of(&total, pair[0]->step->next.effective_weight, &mix) ||
        !ta__blend_share_of(&total, pair[1]->step->next.effective_weight, &mix) ||
        ta__blend_rest_of(total, &rest) != TA__BLEND_REST_NONE)
        return false;
    const uint32_t groups = f->shape->group_count;
    for (uint32_t g = 0; g < groups; ++g)
        for (uint32_t a = 0; a < 2; ++a) {
            const ta__fused_group *gr = &lay[a]->groups[g];
            const uint32_t i1 = seek_group(pair[a], gr, g);
            if (i1 == 0 || i1 >= gr->keys || ta__slerp_at_end((float)pair[a]->alphas[g])) return false;
        }
    const ta__fused_kernels *k = f->kernels;
    const float tm = (float)mix;
    uint32_t b = 0;
    for (uint32_t g = 0; g < groups; ++g) {
        const ta__fused_group *sh = &f->shape->groups[g];
        const float *v[4], *q[4], *c[2];
        float t[2];
        const uint32_t vl = sh->vec_lanes, rl = sh->rot_lanes;
        for (uint32_t a = 0; a < 2; ++a) {
            const ta__fused_group *gr = &lay[a]->groups[g];
            const uint32_t key0 = pair[a]->cursors[g] - 1;
            const size_t vkey = (size_t)lay[a]->vec_stride * vl, rkey = (size_t)lay[a]->rot_stride * rl;
            v[2 * a] = gr->vec + key0 * vkey;
            v[2 * a + 1] = v[2 * a] + vkey;
            q[2 * a] = gr->rot + key0 * rkey;
            q[2 * a + 1] = q[2 * a] + rkey;
            c[a] = gr->rot_const + (size_t)key0 * 2 * rl;
            t[a] = (float)pair[a]->alphas[g];
        }
        float *rpile = wk->rpile + 4 * (size_t)sh->rot_first;
        uint32_t rbad = 0;
        if (k->rot_two(rpile, q[0], q[1], c[0], q[2], q[3], c[1], rl, t[0], t[1], tm, wk->slow, &rbad) != 0)
            rbad |= redo_two(k, rpile, q, c, rl, lay[0]->groups[g].rot_count, t, tm, wk->slow);
        b |= rbad | k->vec_two(wk->vpile + 3 * (size_t)sh->vec_first, v[0], v[1], v[2], v[3], 3 * vl, t[0], t[1], tm);
    }
    if (numbers) {
        action_numbers(f, pair[0], lay[0], true, 0, false);
        action_numbers(f, pair[1], lay[1], false, mix, false);
    }
    *sum = total;
    *bad = b;
    return true;
}

/* ---- masks ------------------------------------------------------------------------------ */

/* A mask's weight on the node field at lane place `place` (clip_fused.h's node_place): its
 * node's, whatever the field (animation_mask.h). */
static inline float lane_mask(const ta_mask *mask, uint32_t place)
{
    return ta__mask_node_weight(mask, place / (uint32_t)TA__NODE_FLOATS);
}

/* The pile rotations of batch b mixed with its keys (ta__quat_batch_slerp), and written back to
 * their lanes: the general path's mix_rotations_batched. */
static void flush_rotations(ta__quat_batch *b, const uint32_t *lane, uint32_t n, float *rpile, uint32_t rl)
{
    ta__quat_batch_slerp(b, n);
    for (uint32_t i = 0; i < n; ++i) {
        rpile[lane[i]] = b->ax[i];
        rpile[lane[i] + rl] = b->ay[i];
        rpile[lane[i] + 2 * (size_t)rl] = b->az[i];
        rpile[lane[i] + 3 * (size_t)rl] = b->aw[i];
    }
}

/* The masked mix goes over a group's lanes this many at a time: each chunk's mask weights read
 * first (a load a lane from the mask's node array), then mixed in loops with no branch, which
 * the compiler vectorises. */
#define TA__MASK_CHUNK 64u

/* The mask's weights of the n node fields at places (clip_fused.h's node_place), 1 without a mask. */
static void chunk_weights(float *mw, const ta_mask *mask, const uint32_t *places, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i) mw[i] = mask != NULL ? lane_mask(mask, places[i]) : 1.0f;
}

/* An update with a mask (animation_mask.h): each action's weight times its mask's on each lane,
 * so each lane has its own cumulative weight (wk->vweight, wk->rweight), and the lanes are mixed
 * as the general path mixes its bindings (mix_action's LINEAR loops: vectors in float32,
 * rotations in batches of ta__quat_batch_slerp), then rested toward the originals by each lane's
 * missing weight (ta__blend_apply). Each action's values are read by its time groups' first-action
 * reads into the additive piles' room (the update has no additive action: usable). The piles
 * start from the originals, so that a lane no action weighs and the padding lanes stay finite.
 * The lanes go a chunk at a time through the kernels' loops with no branch (mask_vec, mask_rot,
 * mask_slerp, mask_rest_vec, mask_rest_rot): the far rotation pairs that mask_slerp leaves are
 * gathered for ta__quat_batch_slerp, and the rotations rested by part of their weight slerped one
 * by one. */
TA__FAR_HOLDER static void mix_masked(const ta__mixer_fused *f, fused_work *wk)
{
    const ta__fused_kernels *k = f->kernels;
    const ta__clip_fused *shape = f->shape;
    const size_t vf = 3 * (size_t)f->vec_lanes, rf = 4 * (size_t)f->rot_lanes;
    memcpy(wk->vpile, f->vorig, sizeof(float) * vf);
    memcpy(wk->rpile, f->rorig, sizeof(float) * rf);
    memset(wk->vweight, 0, sizeof(float) * (f->vec_lanes + f->rot_lanes)); /* rweight follows: work_at */
    fused_work mine = *wk;
    mine.vpile = wk->vadd;
    mine.rpile = wk->radd;
    float mw[TA__MASK_CHUNK], t[TA__MASK_CHUNK];
    uint32_t slerp[TA__MASK_CHUNK];
    int first = 1; /* no action mixed yet: every lane's total is 0 */
    for (uint32_t ai = 0; ai < f->action_count; ++ai) {
        ta_action *a = f->actions[ai];
        const double weight = a->step->next.effective_weight;
        if (!(weight > 0)) continue;
        const ta__clip_fused *c = f->layouts[ai];
        for (uint32_t g = 0; g < shape->group_count; ++g) mix_group(f, &mine, a, c, g, true, 0);
        for (uint32_t g = 0; g < shape->group_count; ++g) {
            const ta__fused_group *sh = &shape->groups[g];
            const uint32_t vl = sh->vec_lanes, rl = sh->rot_lanes;
            float *vp = wk->vpile + 3 * (size_t)sh->vec_first, *rp = wk->rpile + 4 * (size_t)sh->rot_first;
            const float *vv = mine.vpile + 3 * (size_t)sh->vec_first, *rv = mine.rpile + 4 * (size_t)sh->rot_first;
            for (uint32_t at = 0; at < sh->vec_count; at += TA__MASK_CHUNK) {
                const uint32_t n = sh->vec_count - at < TA__MASK_CHUNK ? sh->vec_count - at : TA__MASK_CHUNK;
                chunk_weights(mw, a->mask, f->vec_node + sh->vec_first + at, n);
                float *p = vp + at;
                const float *v = vv + at;
                k->mask_vec(p, p + vl, p + 2 * (size_t)vl, v, v + vl, v + 2 * (size_t)vl,
                            wk->vweight + sh->vec_first + at, mw, weight, n, first);
            }
            ta__quat_batch batch;
            uint32_t lane[TA__QUAT_BATCH], q = 0;
            for (uint32_t at = 0; at < sh->rot_count; at += TA__MASK_CHUNK) {
                const uint32_t n = sh->rot_count - at < TA__MASK_CHUNK ? sh->rot_count - at : TA__MASK_CHUNK;
                chunk_weights(mw, a->mask, f->rot_node + sh->rot_first + at, n);
                float *p = rp + at;
                const float *v = rv + at;
                if (k->mask_rot(p, p + rl, p + 2 * (size_t)rl, p + 3 * (size_t)rl, v, v + rl, v + 2 * (size_t)rl,
                                v + 3 * (size_t)rl, wk->rweight + sh->rot_first + at, mw, weight, n, first, t,
                                slerp) == 0 ||
                    k->mask_slerp(p, p + rl, p + 2 * (size_t)rl, p + 3 * (size_t)rl, v, v + rl, v + 2 * (size_t)rl,
                                  v + 3 * (size_t)rl, t, slerp, n) == 0)
                    continue;
                /* the far pairs the lanes leave: ta__quat_batch_slerp, which does them as the general path */
                for (uint32_t j = 0; j < n; ++j) {
                    if (!slerp[j]) continue;
                    const uint32_t i = at + j;
                    batch.ax[q] = rp[i];
                    batch.ay[q] = rp[rl + i];
                    batch.az[q] = rp[2 * (size_t)rl + i];
                    batch.aw[q] = rp[3 * (size_t)rl + i];
                    batch.bx[q] = rv[i];
                    batch.by[q] = rv[rl + i];
                    batch.bz[q] = rv[2 * (size_t)rl + i];
                    batch.bw[q] = rv[3 * (size_t)rl + i];
                    batch.t[q] = t[j];
                    lane[q++] = i;
                    if (q == TA__QUAT_BATCH) {
                        flush_rotations(&batch, lane, q, rp, rl);
                        q = 0;
                    }
                }
            }
            if (q > 0) flush_rotations(&batch, lane, q, rp, rl);
        }
        first = 0;
    }
    /* each lane's missing weight rests toward its original (ta__blend_apply) */
    for (uint32_t g = 0; g < shape->group_count; ++g) {
        const ta__fused_group *sh = &shape->groups[g];
        const uint32_t vl = sh->vec_lanes, rl = sh->rot_lanes;
        float *vp = wk->vpile + 3 * (size_t)sh->vec_first, *rp = wk->rpile + 4 * (size_t)sh->rot_first;
        const float *vo = f->vorig + 3 * (size_t)sh->vec_first, *ro = f->rorig + 4 * (size_t)sh->rot_first;
        const float *rw = wk->rweight + sh->rot_first;
        k->mask_rest_vec(vp, vp + vl, vp + 2 * (size_t)vl, vo, vo + vl, vo + 2 * (size_t)vl, wk->vweight + sh->vec_first,
                         sh->vec_count);
        for (uint32_t at = 0; at < sh->rot_count; at += TA__MASK_CHUNK) {
            const uint32_t n = sh->rot_count - at < TA__MASK_CHUNK ? sh->rot_count - at : TA__MASK_CHUNK;
            float *p = rp + at;
            const float *o = ro + at;
            if (k->mask_rest_rot(p, p + rl, p + 2 * (size_t)rl, p + 3 * (size_t)rl, o, o + rl, o + 2 * (size_t)rl,
                                 o + 3 * (size_t)rl, rw + at, n, slerp) == 0)
                continue;
            for (uint32_t j = 0; j < n; ++j) {
                if (!slerp[j]) continue; /* rested by part of its weight: slerped as the general path does */
                const uint32_t i = at + j;
                float q[4];
                double orig[4];
                for (uint32_t c4 = 0; c4 < 4; ++c4) {
                    q[c4] = rp[(size_t)c4 * rl + i];
                    orig[c4] = ro[(size_t)c4 * rl + i];
                }
                ta__blend_slerp(q, orig, 1 - (double)rw[i]);
                for (uint32_t c4 = 0; c4 < 4; ++c4) rp[(size_t)c4 * rl + i] = q[c4];
            }
        }
    }
}

/* ---- root motion ---------------------------------------------------------------------- */

/* The lane of the node field at `place` (clip_fused.h's node_place) in a pile of vectors (3
 * planes) or rotations (4): its component 0's offset and the planes' stride; false if none. */
static bool find_lane(const ta__mixer_fused *f, bool rot, uint32_t place, uint32_t *at, uint32_t *stride)
{
    const uint32_t *node = rot ? f->rot_node : f->vec_node;
    for (uint32_t g = 0; g < f->group_count; ++g) {
        const ta__lane_group *gr = &f->groups[g];
        const uint32_t first = rot ? gr->rot_first : gr->vec_first, count = rot ? gr->rot_count : gr->vec_count;
        for (uint32_t i = 0; i < count; ++i)
            if (node[first + i] == place) {
                *at = (rot ? 4u : 3u) * first + i;
                *stride = rot ? gr->rot_lanes : gr->vec_lanes;
                return true;
            }
    }
    return false;
}

static void find_root_lanes(ta_mixer *m)
{
    const ta__mixer_fused *f = &m->fused;
    struct ta__root_motion_state *rm = m->root_motion;
    const uint32_t node = rm->node * (uint32_t)TA__NODE_FLOATS;
    if (!find_lane(f, false, node + (uint32_t)(offsetof(ta_node, position) / sizeof(float)), &rm->vec_at,
                   &rm->vec_stride))
        rm->vec_at = TA_NONE;
    if (!rm->yaw ||
        !find_lane(f, true, node + (uint32_t)(offsetof(ta_node, quaternion) / sizeof(float)), &rm->rot_at, &rm->rot_stride))
        rm->rot_at = TA_NONE;
    rm->fused_key = rm->version;
}

/* Root motion: the root's lanes mixed again from the normal actions' in-place values
 * (ta__root_in_place), in double, as the general path's root_remix mixes the root's bindings:
 * the same actions in the same order, so the same cumulative weight as the lanes' (every action
 * here drives every lane). After the mix, which sought every action's time groups. Nonzero when
 * a number it wrote is not finite. */
TA__FAR_HOLDER static uint32_t root_remix(ta_mixer *m, const fused_work *wk)
{
    const ta__mixer_fused *f = &m->fused;
    const struct ta__root_motion_state *rm = m->root_motion;
    if (rm->fused_key != rm->version) find_root_lanes(m);
    uint32_t bad = 0;
    for (int kind = 0; kind < 2; ++kind) {
        const bool rot = kind == 1;
        const uint32_t at = rot ? rm->rot_at : rm->vec_at, n = rot ? 4 : 3;
        if (at == TA_NONE) continue;
        float pile[4] = {0, 0, 0, 0}, total = 0;
        for (uint32_t ai = 0; ai < f->action_count; ++ai) {
            ta_action *a = f->actions[ai];
            const double weight = a->step->next.effective_weight;
            if (!(weight > 0) || a->blend_mode != TA_BLEND_MODE_NORMAL || !ta__root_drives(m, a)) continue;
            const uint32_t track = rot ? a->root_rot_track : a->root_track;
            if (track == TA_NONE) continue;
            double value[4], share;
            ta__sample_any(a, track, a->step->move.read_time, value);
            ta__root_in_place(m, a, track, value);
            if (!ta__blend_share_of(&total, weight, &share))
                ta__blend_copy(pile, value, n);
            else if (rot)
                ta__blend_slerp(pile, value, share);
            else
                ta__blend_lerp(pile, value, n, share);
        }
        if (total == 0) continue; /* no normal weight: the lanes rest at the originals */
        const uint32_t stride = rot ? rm->rot_stride : rm->vec_stride;
        float *p = (rot ? wk->rpile : wk->vpile) + at;
        for (uint32_t c = 0; c < n; ++c) {
            p[(size_t)c * stride] = pile[c];
            bad |= !isfinite(pile[c]);
        }
    }
    return bad;
}

bool ta__fused_run(ta_mixer *m, const ta_mixer_targets *t)
{
    ta__mixer_fused *f = &m->fused;
    const ta__fused_kernels *k = f->kernels;
    const ta__clip_fused *shape = f->shape;
    _Alignas(64) float stack[TA__FUSED_STACK_FLOATS];
    const bool numbers = f->num != NULL && f->num->lanes > 0; /* tested once: a rig without morphs runs what it ran before */
    fused_work w = work_at(f, f->work != NULL ? f->work : stack);
    /* the cumulative weight of every lane, a float as a binding's weight is */
    float sum = 0, add_sum = 0;
    uint32_t two_bad = 0;
    bool masked = false; /* a mask's update has the additive piles' room (fused_actions) */
    for (uint32_t ai = 0; ai < f->action_count && !masked && f->additive; ++ai)
        masked = f->actions[ai]->mask != NULL && f->actions[ai]->step->next.effective_weight > 0;
    bool two = false;
    if (masked) {
        mix_masked(f, &w);
        sum = 1; /* rested lane by lane: nothing rests below */
    } else {
        two = mix_two(f, &w, numbers, &sum, &two_bad);
    }
    for (uint32_t ai = 0; ai < f->action_count && !two && !masked; ++ai) {
        ta_action *a = f->actions[ai];
        const double weight = a->step->next.effective_weight;
        if (!(weight > 0)) continue;
        if (a->blend_mode == TA_BLEND_MODE_ADDITIVE) {
            const bool first_add = ta__blend_add_start(&add_sum, weight);
            for (uint32_t g = 0; g < shape->group_count; ++g) add_group(f, &w, a, f->layouts[ai], g, first_add, weight);
            if (numbers) action_numbers(f, a, f->layouts[ai], first_add, weight, true);
            continue;
        }
        double mix = 0;
        const bool first = !ta__blend_share_of(&sum, weight, &mix);
        for (uint32_t g = 0; g < shape->group_count; ++g) mix_group(f, &w, a, f->layouts[ai], g, first, mix);
        if (numbers) action_numbers(f, a, f->layouts[ai], first, mix, false);
        if (!first) {
            float *swap = w.rpile;
            w.rpile = w.rtmp;
            w.rtmp = swap;
        }
    }
    const uint32_t root_bad = ta__root_motion_on(m) ? root_remix(m, &w) : 0;
    if (numbers) apply_numbers(f, sum, add_sum);
    double rest;
    const ta__blend_rest resting = ta__blend_rest_of(sum, &rest);
    if (resting == TA__BLEND_REST_ALL) {
        /* no normal weight: the originals, the additive piles on top */
        memcpy(w.vpile, f->vorig, sizeof(float) * 3 * f->vec_lanes);
        memcpy(w.rpile, f->rorig, sizeof(float) * 4 * f->rot_lanes);
    } else if (resting == TA__BLEND_REST_PART) {
        /* the missing weight rests toward the originals (three.js PropertyMixer.apply) */
        k->vec_rest(w.vpile, f->vorig, 3 * f->vec_lanes, 1 - rest, rest);
        for (uint32_t g = 0; g < shape->group_count; ++g) {
            const size_t at = 4 * (size_t)shape->groups[g].rot_first;
            slerp_double(k, w.rtmp + at, w.rpile + at, f->rorig + at, shape->groups[g].rot_lanes, rest);
        }
        float *swap = w.rpile;
        w.rpile = w.rtmp;
        w.rtmp = swap;
    }
    if (add_sum > 0) {
        for (uint32_t g = 0; g < shape->group_count; ++g) {
            const ta__fused_group *gr = &shape->groups[g];
            /* the lanes add_group wrote: a group's padding lanes are not, and
             * must keep the value the normal mix gave them */
            for (uint32_t c3 = 0; c3 < 3; ++c3) {
                const size_t at = 3 * (size_t)gr->vec_first + (size_t)c3 * gr->vec_lanes;
                for (uint32_t i = 0; i < gr->vec_count; ++i)
                    w.vpile[at + i] = ta__blend_number_on_top(w.vpile[at + i], w.vadd[at + i]);
            }
            float *p = w.rpile + 4 * (size_t)gr->rot_first;
            const float *ad = w.radd + 4 * (size_t)gr->rot_first;
            for (uint32_t i = 0; i < gr->rot_count; ++i) ta__blend_rotation_on_top_at(p + i, ad + i, gr->rot_lanes);
        }
    }
    /* Nothing is written unless every number is finite (v - v is 0 only for a
     * finite v); then each lane that differs from the last written goes to its
     * node, and the piles become the last written, in one pass. */
    uint32_t bad = two ? two_bad | root_bad
                       : k->not_finite(w.vpile, 3 * f->vec_lanes) | k->not_finite(w.rpile, 4 * f->rot_lanes);
    if (numbers) bad |= k->not_finite(f->num->pile, f->num->lanes);
    if (bad) return false;
    float *base = (float *)(void *)t->scene->nodes;
    /* written always: every lane, and the last written values neither read
     * nor kept (ta__fused_forget_written when that ends) */
    const bool always = m->write_always;
    for (uint32_t g = 0; g < shape->group_count; ++g) {
        const ta__fused_group *gr = &shape->groups[g];
        size_t v = 3 * (size_t)gr->vec_first, r = 4 * (size_t)gr->rot_first;
        k->commit_vec(base, f->vec_node + gr->vec_first, w.vpile + v, always ? NULL : f->vlast + v, gr->vec_lanes,
                      gr->vec_count);
        k->commit_rot(base, f->rot_node + gr->rot_first, w.rpile + r, always ? NULL : f->rlast + r, gr->rot_lanes,
                      gr->rot_count);
    }
    if (numbers) write_numbers(f, t->scene, always);
    f->runs++;
    f->pair_runs += two;
    return true;
}
