/* The mixer's update: move every playing action's clock, mix their values into
 * the piles, and write the piles, refusing before anything changes. */
#include <math.h>
#include <string.h>

#include "animation/action_sample.h"
#include "animation/clip_compressed.h"
#include "animation/clip_internal.h"
#include "animation/fast_slerp.h"
#include "animation/interpolant.h"
#include "animation/quat_batch.h"
#include "animation/marker_events.h"
#include "animation/mask_internal.h"
#include "animation/mixer_blend.h"
#include "animation/root_motion_internal.h"
#include "animation/mixer_internal.h"
#include "scene/scene_internal.h"
#include "animation/property_access.h"

/* ---- sampling one action's tracks into the piles ---------------------------------------- */

#if defined(__GNUC__)
#define TA__PREFETCH(p) __builtin_prefetch((p), 1)
#else
#define TA__PREFETCH(p) ((void)(p))
#endif
enum { TA__AHEAD = 8 }; /* bindings prefetched ahead of the one in hand */

/* Every time group's interval at t, once per update (clip_plan.h). */
static void seek_groups(ta_action *a, double t)
{
    const ta__clip_plan *p = a->plan;
    for (uint32_t g = 0; g < p->group_count; ++g) {
        uint32_t n = p->group_keys[g];
        uint32_t i1 = ta__seek(p->group_times[g], n, &a->cursors[g], t);
        if (i1 > 0 && i1 < n) a->alphas[g] = ta__alpha(p->group_times[g], i1, t);
    }
}

static const char *track_string(const ta_track *tr, double value)
{
    uint32_t i = (uint32_t)value;
    return i < tr->string_count ? tr->strings[i] : "";
}

/* The action's weight on b: times its mask's weight on b's target (animation_mask.h), if any. */
static inline double masked_weight(const ta_action *a, const ta__binding *b, double weight)
{
    return a->mask != NULL ? weight * ta__mask_lookup(a->mask, ta__binding_target(b)) : weight;
}

/* The LINEAR rotation tracks of a normal action, TA__QUAT_BATCH at a time:
 * the keys' slerps in one vector pass, from their intervals' constants, then
 * the piles' slerps in another; each binding weighed by the action's mask. */
static void mix_rotations_batched(ta_mixer *m, ta_action *a, double weight)
{
    const ta__clip_plan *plan = a->plan;
    ta__quat_batch keys, piles;
    uint32_t key_binding[TA__QUAT_BATCH], pile_binding[TA__QUAT_BATCH];
    for (uint32_t start = 0; start < plan->slerp_count; start += TA__QUAT_BATCH) {
        uint32_t end = start + TA__QUAT_BATCH < plan->slerp_count ? start + TA__QUAT_BATCH : plan->slerp_count;
        uint32_t n = 0;
        for (uint32_t k = start; k < end; ++k) {
            uint32_t track = plan->slerp[k];
            const ta_track *tr = a->clip->tracks[track];
            uint32_t g = plan->track_group[track], i1 = a->cursors[g];
            const float *k0, *k1;
            if (i1 == 0 || i1 == tr->key_count) {
                k0 = k1 = tr->values + (size_t)(i1 ? i1 - 1 : 0) * 4; /* a held key: the same pair */
                keys.theta[n] = keys.k[n] = 0;                        /* which the constants keep */
            } else {
                k1 = tr->values + (size_t)i1 * 4;
                k0 = k1 - 4;
                const float *c = plan->slerp_constants[k] + 2 * ((size_t)i1 - 1);
                keys.theta[n] = c[0];
                keys.k[n] = c[1];
            }
            keys.ax[n] = k0[0];
            keys.ay[n] = k0[1];
            keys.az[n] = k0[2];
            keys.aw[n] = k0[3];
            keys.bx[n] = k1[0];
            keys.by[n] = k1[1];
            keys.bz[n] = k1[2];
            keys.bw[n] = k1[3];
            keys.t[n] = (float)a->alphas[g];
            key_binding[n++] = a->bindings[track];
        }
        ta__quat_batch_slerp_keys(&keys, n);
        uint32_t p = 0;
        for (uint32_t i = 0; i < n; ++i) {
            ta__binding *b = &m->bindings[key_binding[i]];
            float *pile = m->pile + b->offset;
            const double w = masked_weight(a, b, weight);
            if (!(w > 0)) continue; /* masked out */
            double share;
            if (!ta__blend_share(b, w, &share)) {
                pile[0] = keys.ax[i];
                pile[1] = keys.ay[i];
                pile[2] = keys.az[i];
                pile[3] = keys.aw[i];
                continue;
            }
            piles.ax[p] = pile[0];
            piles.ay[p] = pile[1];
            piles.az[p] = pile[2];
            piles.aw[p] = pile[3];
            piles.bx[p] = keys.ax[i];
            piles.by[p] = keys.ay[i];
            piles.bz[p] = keys.az[i];
            piles.bw[p] = keys.aw[i];
            piles.t[p] = (float)share;
            pile_binding[p++] = key_binding[i];
        }
        if (p == 0) continue;
        ta__quat_batch_slerp(&piles, p);
        for (uint32_t i = 0; i < p; ++i) {
            float *pile = m->pile + m->bindings[pile_binding[i]].offset;
            pile[0] = piles.ax[i];
            pile[1] = piles.ay[i];
            pile[2] = piles.az[i];
            pile[3] = piles.aw[i];
        }
    }
}

/* Root motion on the fast path: the root position's and rotation's piles as they were before the
 * action mixed into them, put back, and the in-place values mixed in instead (root_motion.h), as
 * the loop below mixes them. A per-track test in the loops would cost every update. */
typedef struct root_pile {
    float pile[2][4];
    float weight[2];
} root_pile;

static void root_save(const ta_mixer *m, const ta_action *a, root_pile *saved)
{
    const uint32_t tracks[2] = {a->root_track, a->root_rot_track};
    for (int i = 0; i < 2; ++i) {
        if (tracks[i] == TA_NONE) continue;
        const ta__binding *b = &m->bindings[a->bindings[tracks[i]]];
        memcpy(saved->pile[i], m->pile + b->offset, sizeof(float) * b->size);
        saved->weight[i] = b->weight;
    }
}

static void root_remix(ta_mixer *m, const ta_action *a, const root_pile *saved, double t, double weight)
{
    const uint32_t tracks[2] = {a->root_track, a->root_rot_track};
    for (int i = 0; i < 2; ++i) {
        if (tracks[i] == TA_NONE) continue;
        ta__binding *b = &m->bindings[a->bindings[tracks[i]]];
        const double w = masked_weight(a, b, weight);
        if (!(w > 0)) continue; /* masked out: the loop left it alone */
        memcpy(m->pile + b->offset, saved->pile[i], sizeof(float) * b->size);
        b->weight = saved->weight[i];
        double value[4];
        ta__sample_any(a, tracks[i], t, value);
        ta__root_in_place(m, a, tracks[i], value);
        ta__blend_accumulate(m, b, value, NULL, w);
    }
}

static void mix_action(ta_mixer *m, ta_action *a, double weight)
{
    const double t = a->step->move.read_time;
    const ta__clip_plan *plan = a->plan;
    double value[4];
    seek_groups(a, t);
    /* Masks and root motion take this loop too: a mask weighs each binding (masked_weight), root
     * motion mixes the root's in-place values after it (root_remix). They took the loop below,
     * every track sampled in double, up to 12 times an unmasked update's time
     * (docs/performance.md); groups and additive actions still do. */
    const bool root = ta__root_motion_on(m) && ta__root_drives(m, a);
    if (!a->has_group && a->blend_mode != TA_BLEND_MODE_ADDITIVE) {
        root_pile saved;
        if (root) root_save(m, a, &saved);
        for (uint32_t k = 0; k < plan->lerp_count; ++k) {
            uint32_t track = plan->lerp[k];
            const ta_track *tr = a->clip->tracks[track];
            ta__binding *b = &m->bindings[a->bindings[track]];
            /* With many characters a mixer's bindings are out of cache by the
             * next frame, and the loads of b stall the loop: ask ahead. */
            if (k + TA__AHEAD < plan->lerp_count)
                TA__PREFETCH(&m->bindings[a->bindings[plan->lerp[k + TA__AHEAD]]]);
            const double w = masked_weight(a, b, weight);
            if (!(w > 0)) continue; /* masked out */
            if (tr->value_size != 3) {
                ta__sample_lerp(a, track, value);
                ta__blend_accumulate_numbers(m, b, value, b->size, w);
                continue;
            }
            /* the common case, three numbers, written out: in float32, as the fused path */
            uint32_t g = plan->track_group[track], i1 = a->cursors[g];
            float v[3]; /* not value: its own array stays in registers */
            if (i1 == 0 || i1 == tr->key_count) {
                const float *key = tr->values + (size_t)(i1 ? i1 - 1 : 0) * 3;
                v[0] = key[0];
                v[1] = key[1];
                v[2] = key[2];
            } else {
                const float *k1 = tr->values + (size_t)i1 * 3, *k0 = k1 - 3;
                const float w1 = (float)a->alphas[g];
                v[0] = ta__lerp_lane(k0[0], k1[0], w1);
                v[1] = ta__lerp_lane(k0[1], k1[1], w1);
                v[2] = ta__lerp_lane(k0[2], k1[2], w1);
            }
            ta__blend_accumulate_vec3f(m, b, v, w);
        }
        if (plan->slerp_targets_unique)
            mix_rotations_batched(m, a, weight);
        else
            for (uint32_t k = 0; k < plan->slerp_count; ++k) {
                uint32_t track = plan->slerp[k];
                ta__binding *b = &m->bindings[a->bindings[track]];
                const double w = masked_weight(a, b, weight);
                if (!(w > 0)) continue;
                ta__sample_slerp(a, track, value);
                ta__blend_accumulate_rotation(m, b, value, w);
            }
        for (uint32_t k = 0; k < plan->other_count; ++k) {
            uint32_t track = plan->other[k];
            ta__binding *b = &m->bindings[a->bindings[track]];
            const double w = masked_weight(a, b, weight);
            if (!(w > 0)) continue;
            ta__sample_any(a, track, t, value);
            const char *s = b->target.type == TA_VALUE_TYPE_STRING ? track_string(a->clip->tracks[track], value[0]) : NULL;
            ta__blend_accumulate(m, b, value, s, w);
        }
        if (root) root_remix(m, a, &saved, t, weight);
        return;
    }
    const bool additive = a->blend_mode == TA_BLEND_MODE_ADDITIVE;
    uint32_t pairs = a->has_group ? a->group_pair_count : a->clip->track_count;
    uint32_t last_track = TA_NONE;
    for (uint32_t i = 0; i < pairs; ++i) {
        uint32_t track = a->has_group ? a->group_tracks[i] : i;
        uint32_t bi = a->has_group ? a->group_bindings[i] : a->bindings[i];
        if (track != last_track) {
            ta__sample_any(a, track, t, value);
            if (root) ta__root_in_place(m, a, track, value); /* root_motion.h */
            last_track = track;
        }
        ta__binding *b = &m->bindings[bi];
        double w = weight;
        if (a->mask != NULL) {
            /* animation_mask.h: the action's weight times the target's */
            w *= ta__mask_lookup(a->mask, ta__binding_target(b));
            if (!(w > 0)) continue;
        }
        const char *s = b->target.type == TA_VALUE_TYPE_STRING ? track_string(a->clip->tracks[track], value[0]) : NULL;
        if (additive)
            ta__blend_accumulate_additive(m, b, value, s, w);
        else
            ta__blend_accumulate(m, b, value, s, w);
    }
}

/* ---- the update ----------------------------------------------------------------------- */

/* The clock stage for one action: its run moved on a copy (the step's next)
 * to the mixer time `time`, its weight and time scale there, and the move. */
static ta_result advance_clock(ta_mixer *m, ta_action *a, double time, double dt, int dir, bool zero_phase,
                             ta_error *err)
{
    ta__action_run *next = &a->step->next;
    *next = a->run;
    if (zero_phase) next->clock.phase = 0.0f;
    ta__clock_params params = ta__action_clock_params(a);
    a->step->move.event = TA__CLOCK_NO_EVENT;
    if (!next->clock.enabled) {
        ta__action_weight_at(a, next, time);
        a->step->move.read_time = ta__clock_read_time(&params, &next->clock);
        return TA_OK;
    }
    double step_dt = dt;
    if (next->has_start_time) {
        double running = (time - next->start_time) * dir;
        if (running < 0 || dir == 0) {
            step_dt = 0;
        } else {
            next->has_start_time = false;
            step_dt = dir * running;
        }
    }
    double ts = ta__action_time_scale_at(a, next, time);
    /* A warp that ends here leaves its end share times the time scale of now, which a time scale
     * set after the warp can take past a float (ta_action_time_scale answers one), or to a
     * nonzero value a float reads as 0: refused, as ta_action_set_duration refuses such a
     * quotient, rather than kept as an infinity. */
    if (!isfinite((float)next->time_scale) || ((float)next->time_scale == 0.0f && next->time_scale != 0))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE,
                        "action %u: its warp ends at a time scale of %g (%g times its end share), which a float "
                        "cannot hold",
                        a->index, next->time_scale, a->run.time_scale);
    ta_error local;
    ta_result r = ta__clock_advance(&params, &next->clock, step_dt * ts, &a->step->move, &local);
    if (r != TA_OK) return ta__fail(err, r, "action %u: %s", a->index, local.message);
    ta__action_weight_at(a, next, time);
    (void)m;
    return TA_OK;
}

/* Whether the commit writes b's numbers: they differ from the last written. */
static inline bool pile_changed(const ta_mixer *m, const ta__binding *b)
{
    const float *p = m->pile + b->offset, *l = m->last + b->offset;
    for (uint32_t i = 0; i < b->size; ++i)
        if (p[i] != l[i]) return true;
    return false;
}

static ta_result check_cameras(ta_mixer *m, const ta_mixer_targets *t, bool write_all, ta_error *err)
{
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        if (b->use_count == 0) continue;
        ta_target_family f = b->target.family;
        if (f != TA_TARGET_FAMILY_PERSPECTIVE_CAMERA && f != TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA) continue;
        /* The camera as this update would leave it: every number it writes applied. */
        ta_perspective_camera pc;
        ta_orthographic_camera oc;
        if (f == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA)
            pc = t->cameras->perspective[b->target.index];
        else
            oc = t->cameras->orthographic[b->target.index];
        for (uint32_t j = 0; j < m->binding_count; ++j) {
            const ta__binding *c = &m->bindings[j];
            if (c->use_count == 0 || c->target.family != f || c->target.index != b->target.index) continue;
            if (!write_all && !pile_changed(m, c)) continue;
            if (f == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA)
                ta__property_apply_to_perspective(&pc, c->target.kind, m->pile[c->offset]);
            else
                ta__property_apply_to_orthographic(&oc, c->target.kind, m->pile[c->offset]);
        }
        ta_error local;
        ta_result r = f == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA ? ta_perspective_camera_validate(&pc, &local)
                                                        : ta_orthographic_camera_validate(&oc, &local);
        if (r != TA_OK)
            return ta__fail(err, TA_ERROR_VALUE_NOT_HELD, "%s track on camera %u: %s",
                            ta_track_kind_name(b->target.kind), b->target.index, local.message);
    }
    return TA_OK;
}

static void make_key(const ta_mixer_targets *t, struct ta__checked_targets *k)
{
    memset(k, 0, sizeof *k);
    k->scene = t->scene;
    k->made = ta__scene_internal(t->scene)->made_hash;
    k->nodes = t->scene->node_count;
    k->meshes = t->scene->mesh_count;
    k->skinned_meshes = t->scene->skinned_mesh_count;
    k->lights = t->scene->light_count;
    if (t->assets != NULL) {
        k->assets = t->assets;
        k->materials = t->assets->material_count;
        k->textures = t->assets->texture_count;
    }
    if (t->cameras != NULL) {
        k->cameras = t->cameras;
        k->perspective = t->cameras->perspective_count;
        k->orthographic = t->cameras->orthographic_count;
    }
}

/* The name a string binding writes when this update commits, or NULL: a
 * restore, or a mixed name other than the one mixed last (and than the
 * node's), as three.js's PropertyMixer.apply. */
static const char *name_to_write(const ta_mixer *m, const ta__binding *b, const ta_scene *scene, bool write_all)
{
    if (b->target.type != TA_VALUE_TYPE_STRING) return NULL;
    const char *value;
    if (b->use_count == 0) {
        if (!b->restore_pending) return NULL;
        value = m->str_orig[b->offset];
    } else {
        value = m->str_pile[b->offset];
        if (value == NULL) return NULL;
        const char *last = m->str_last[b->offset];
        if (!write_all && last != NULL && strcmp(value, last) == 0) return NULL;
        if (strcmp(value, scene->nodes[b->target.index].name) == 0) return NULL;
    }
    return value != NULL ? value : "";
}

static void free_names(ta_mixer *m, const ta_scene *scene, char **names)
{
    if (names == NULL) return;
    for (uint32_t i = 0; i < m->str_count; ++i) ta__scene_name_free(scene, names[i]);
    ta__free(&m->mem, names, sizeof(char *) * m->str_count);
}

/* Copies of the names to write whose length is not the old name's, or whose
 * old name is shared (those need memory; the others are written in place), by
 * string slot; *out stays NULL when there are none. restores_only: the
 * originals of the bindings nothing drives that wait to be written back. */
static ta_result make_names(ta_mixer *m, const ta_scene *scene, bool write_all, bool restores_only, char ***out,
                            ta_error *err)
{
    *out = NULL;
    if (m->str_count == 0) return TA_OK; /* no string bindings: no pass over the others */
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        if (restores_only && b->use_count > 0) continue;
        const char *value = name_to_write(m, b, scene, write_all);
        /* A name shared with instances of the scene is never written in place. */
        if (value == NULL || (strlen(value) == strlen(scene->nodes[b->target.index].name) &&
                              !ta__scene_borrows(scene, b->target.index, TA__BORROWED_NAME)))
            continue;
        if (*out == NULL) *out = (char **)ta__calloc(&m->mem, m->str_count, sizeof(char *));
        char *made = *out != NULL ? ta__scene_name_make(scene, value) : NULL;
        if (made == NULL) {
            free_names(m, scene, *out);
            *out = NULL;
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory renaming node %u", b->target.index);
        }
        (*out)[b->offset] = made;
    }
    return TA_OK;
}

/* Writes a node's name at the commit: in place, or the copy made for it. */
static void write_name(ta_mixer *m, ta_scene *scene, const ta__binding *b, const char *value, char **made_names)
{
    (void)m;
    ta_node_id node = ta_node_at(b->target.index);
    if (made_names != NULL && made_names[b->offset] != NULL) {
        ta__scene_name_install(scene, node, made_names[b->offset]);
        made_names[b->offset] = NULL;
    } else {
        ta_scene_set_node_name(scene, node, value, NULL); /* the same length: in place, it cannot fail */
    }
}

/* A driven name binding at the commit; out of the loop, which names are rare in. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void commit_name(ta_mixer *m, ta_scene *scene, const ta__binding *b, bool write_all, char **made_names)
{
    const char *name = name_to_write(m, b, scene, write_all);
    if (name != NULL) write_name(m, scene, b, name, made_names);
    m->str_last[b->offset] = m->str_pile[b->offset];
}

/* A binding nothing drives: its original written back, when one waits. */
static void write_restore(ta_mixer *m, const ta_mixer_targets *t, ta__binding *b, char **made_names)
{
    if (!ta__mixer_take_restore(b)) return;
    if (b->target.type == TA_VALUE_TYPE_STRING)
        write_name(m, t->scene, b, m->str_orig[b->offset], made_names);
    else
        ta__property_write(t, ta__binding_target(b), m->orig + b->offset);
}

/* Steps 3 to 5 of an update on the general path: mix binding by binding,
 * rest toward the originals, check, and commit. */
static ta_result general_mix_and_commit(ta_mixer *m, const ta_mixer_targets *t, bool write_all, ta_error *err)
{
    ta_result r;
    /* 3. Mix every playing action into the piles, in index order. Every
     * binding's weights are zero here: the last update's commit (or refusal)
     * cleared them. */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled) continue;
        double w = a->step->next.effective_weight;
        if (w > 0) mix_action(m, a, w);
    }

    /* 4. Rest toward the originals, add the additive piles, and check every value. */
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        if (b->use_count == 0) continue;
        ta__blend_apply(m, b);
        if (b->target.type == TA_VALUE_TYPE_STRING) continue;
        if (b->target.family == TA_TARGET_FAMILY_NODE) {
            /* a node's numbers only need to be finite */
            const float *v = m->pile + b->offset;
            /* node kinds hold 1, 3 or 4 numbers; a sum that is not finite
             * means look closer (a sum can also overflow) */
            float sum = b->size == 1 ? v[0] : v[0] + v[1] + v[2] + (b->size == 4 ? v[3] : 0.0f);
            if (isfinite(sum)) continue;
        }
        r = ta__property_check_value(ta__binding_target(b), m->pile + b->offset, err);
        if (r != TA_OK) {
            ta__mixer_rollback_originals(m);
            return r;
        }
    }
    r = m->camera_bindings > 0 ? check_cameras(m, t, write_all, err) : TA_OK;
    if (r != TA_OK) {
        ta__mixer_rollback_originals(m);
        return r;
    }

    /* 4b. The node names to write that do not fit where the old ones are: made
     * now, so that the commit cannot fail half way. */
    char **made_names = NULL;
    r = make_names(m, t->scene, write_all, false, &made_names, err);
    if (r != TA_OK) {
        ta__mixer_rollback_originals(m);
        return r;
    }

    /* 5. Nothing was refused: commit. */
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        if (b->use_count == 0) {
            write_restore(m, t, b, made_names);
            continue;
        }
        if (b->target.type == TA_VALUE_TYPE_STRING) {
            commit_name(m, t->scene, b, write_all, made_names);
        } else if (b->target.family == TA_TARGET_FAMILY_NODE && b->target.kind <= TA_TRACK_KIND_QUATERNION) {
            const float *v = m->pile + b->offset;
            const float *l = m->last + b->offset;
            /* In a running animation the first number differs: one compare. */
            if (v[0] != l[0] || v[1] != l[1] || v[2] != l[2] || (b->size == 4 && v[3] != l[3]) || write_all) {
                ta_node *n = &t->scene->nodes[b->target.index];
                float *dst = b->target.kind == TA_TRACK_KIND_POSITION ? &n->position.x
                             : b->target.kind == TA_TRACK_KIND_SCALE  ? &n->scale.x
                                                           : &n->quaternion.x;
                dst[0] = v[0];
                dst[1] = v[1];
                dst[2] = v[2];
                if (b->size == 4) dst[3] = v[3];
            }
        } else if (write_all || pile_changed(m, b)) {
            ta__property_write(t, ta__binding_target(b), m->pile + b->offset);
        }
        ta__mixer_mark_driven(b);
    }
    free_names(m, t->scene, made_names);
    if (m->pile != NULL) {
        float *written = m->pile; /* what was written is what the next update compares with */
        m->pile = m->last;
        m->last = written;
    }
    return TA_OK;
}

/* The update: by delta from the mixer's time, or (set_time) to the time
 * delta, as ta_mixer_set_time seeks. */
static ta_result update_or_seek(ta_mixer *m, const ta_mixer_targets *t, double delta, bool set_time, ta_error *err)
{
    if (m == NULL || t == NULL || t->scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        m == NULL ? "mixer" : (t == NULL ? "targets" : "scene"));
    if (!isfinite(delta))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g is not a finite number", set_time ? "time" : "delta",
                        delta);
    const double dt = delta * m->time_scale;
    if (!isfinite(dt))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g times the mixer's time scale %g is not finite",
                        set_time ? "time" : "delta", delta, m->time_scale);
    const double time = (set_time ? 0.0 : m->time) + dt;
    /* Past the limit the clock's double could no longer hold a frame step, and
     * every later fade and warp would stand still: refuse the step that gets there. */
    if (!(fabs(time) < TA_MIXER_CLOCK_LIMIT))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE,
                        "%s: the mixer's clock %.17g plus %.17g gives %.17g, not below the limit of %.0f s",
                        set_time ? "time" : "delta", set_time ? 0.0 : m->time, dt, time, TA_MIXER_CLOCK_LIMIT);
    const int dir = (dt > 0) - (dt < 0);
    ta_result r;

    /* 1. Every playing action's clock, on a copy. */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled) continue;
        r = advance_clock(m, a, time, dt, dir, set_time, err);
        if (r != TA_OK) return r;
        /* a compressed clip's window: the keys around the time it is read at */
        const ta__cc_window *w = a->clip->window;
        if (w != NULL && !ta__cc_window_keeps(w, a->step->move.read_time)) ta__cc_window_seek(a->clip, a->step->move.read_time, m->fused.kernels);
    }

    struct ta__checked_targets key;
    make_key(t, &key);
    /* What the mixer last wrote went to the targets it was given then: given
     * others (another scene, assets or camera list, or counts that changed),
     * it writes every property it drives. */
    const bool write_all = memcmp(&key, &m->checked_key, sizeof key) != 0;
    /* The fused path (mixer_fused.h) for the same rig's actions on the same
     * targets; else the general path, which needs the last written values back. */
    bool fused = m->checked && !write_all && ta__fused_usable(m);
    if (!fused && (r = ta__fused_release(m, err)) != TA_OK) return r;
    if (!fused && (r = ta__fused_prepare(m, err)) != TA_OK) return r;

    /* 2. The bindings: groups resolved, every target checked, originals read;
     * a clip that remembers its nodes' names played on a scene whose nodes at
     * those indices are others is refused (checked once per scene). */
    const uint32_t made = (uint32_t)key.made; /* the low half, as the actions keep it */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled) continue;
        if (!a->has_group && (a->rig_scene != (const void *)t->scene || a->rig_nodes != t->scene->node_count ||
                              a->rig_made != made)) {
            r = ta__clip_check_rig(a->clip, t->scene, err);
            if (r != TA_OK) return r;
            a->rig_scene = t->scene;
            a->rig_nodes = t->scene->node_count;
            a->rig_made = made;
        }
        if (!a->has_group) continue;
        r = ta__mixer_bind_group(m, a, t, err);
        if (r != TA_OK) return r;
    }
    if (!m->checked || write_all) {
        m->checked = false;
        for (uint32_t i = 0; i < m->binding_count; ++i) {
            ta__binding *b = &m->bindings[i];
            if (b->use_count == 0 && !b->restore_pending) continue;
            r = ta__property_check_target(t, ta__binding_target(b), err);
            if (r != TA_OK) return r;
        }
        r = ta__mixer_read_originals(m, t, err);
        if (r != TA_OK) return r;
    } else if (m->map_bindings > 0) {
        for (uint32_t i = 0; i < m->binding_count; ++i) {
            ta__binding *b = &m->bindings[i];
            if ((b->use_count == 0 && !b->restore_pending) || b->target.family != TA_TARGET_FAMILY_MATERIAL) continue;
            r = ta__property_check_target(t, ta__binding_target(b), err);
            if (r != TA_OK) return r;
        }
    }

    /* 3-5 in one pass over lanes; a value that is not finite sends the update
     * to the general path, which names it and refuses. */
    if (fused && !ta__fused_run(m, t)) {
        if ((r = ta__fused_release(m, err)) != TA_OK) return r;
        fused = false;
    }
    if (!fused) {
        /* compressed clips' windows: their tracks and plan as the planes the seeks refilled */
        for (uint32_t i = 0; i < m->live_count; ++i)
            if (m->actions[i]->clip->window != NULL) ta__cc_window_sync(m->actions[i]->clip);
        /* written always: every property, as when the targets changed (but their originals stay) */
        r = general_mix_and_commit(m, t, write_all || m->write_always, err);
        if (r != TA_OK) return r;
    }
    m->event_count = 0;
    m->event_read = 0;
    if (ta__root_motion_on(m)) ta__root_motion_begin(m);
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled) {
            if (set_time) a->run.clock.phase = 0.0f; /* three.js zeroes every action's time */
            continue;
        }
        /* markers passed (and root motion): before the commit */
        if (a->clip->marker_count > 0 || ta__root_motion_on(m))
            ta__mixer_report_move(m, a, set_time, !set_time || m->seek_reports);
        a->run = a->step->next;
        if (a->step->move.event != TA__CLOCK_NO_EVENT) {
            ta_animation_event *ev = &m->events[m->event_count++];
            ev->kind = a->step->move.event == TA__CLOCK_LOOPED ? TA_EVENT_KIND_LOOPED : TA_EVENT_KIND_FINISHED;
            ev->action = a->index;
            ev->loop_delta = a->step->move.loop_delta;
            ev->direction = a->step->move.direction;
            ev->marker = 0;
            ev->loop = 0;
            ev->count = 0;
        }
    }
    m->time = time;
    m->checked = true;
    m->checked_key = key;
    if (!fused) ta__fused_refresh(m);
    if (m->unreaped != 0) ta__mixer_reap(m);
    return TA_OK;
}

/* The actions' steps live here for the update's length: on the stack, or in
 * the mixer's room for more (made when they were added). */
static ta_result update_with_steps(ta_mixer *m, const ta_mixer_targets *t, double delta, bool set_time, ta_error *err)
{
    ta__action_step local[TA__STEPS_ON_STACK];
    if (m == NULL) return update_or_seek(m, t, delta, set_time, err);
    ta__action_step *steps = m->live_count <= TA__STEPS_ON_STACK ? local : m->steps;
    for (uint32_t i = 0; i < m->live_count; ++i) m->actions[i]->step = &steps[i];
    ta_result r = update_or_seek(m, t, delta, set_time, err);
    for (uint32_t i = 0; i < m->live_count; ++i) m->actions[i]->step = NULL;
    return r;
}

ta_result ta_mixer_update_targets(ta_mixer *m, const ta_mixer_targets *targets, ta_duration delta, ta_error *err)
{
    return update_with_steps(m, targets, delta.seconds, false, err);
}

ta_result ta_mixer_update(ta_mixer *m, ta_scene *scene, ta_duration delta, ta_error *err)
{
    ta_mixer_targets t = {scene, NULL, NULL};
    return update_with_steps(m, &t, delta.seconds, false, err);
}

ta_result ta_mixer_update_with_assets(ta_mixer *m, ta_scene *scene, ta_assets *assets, ta_duration delta,
                                      ta_error *err)
{
    ta_mixer_targets t = {scene, assets, NULL};
    return update_with_steps(m, &t, delta.seconds, false, err);
}

ta_result ta_mixer_update_with_cameras(ta_mixer *m, ta_scene *scene, ta_assets *assets, ta_camera_list *cameras,
                                       ta_duration delta, ta_error *err)
{
    ta_mixer_targets t = {scene, assets, cameras};
    return update_with_steps(m, &t, delta.seconds, false, err);
}

ta_result ta_mixer_set_time(ta_mixer *m, const ta_mixer_targets *targets, ta_duration time, ta_error *err)
{
    return update_with_steps(m, targets, time.seconds, true, err);
}

ta_result ta_mixer_restore_stopped(ta_mixer *m, const ta_mixer_targets *t, ta_error *err)
{
    if (m == NULL || t == NULL || t->scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        m == NULL ? "mixer" : (t == NULL ? "targets" : "scene"));
    /* Parked, every binding is driven by every bound action (mixer_fused.h): restores wait only
     * when none of them plays any more, and are marked when the records are made again, as the
     * next update would make them. Else they are marked. Nothing waiting, the fused path is left
     * as it is; something waiting, its values are given back first (the originals among them). */
    bool waits = m->bindings_parked;
    if (waits)
        for (uint32_t i = 0; i < m->live_count && waits; ++i)
            if (m->actions[i]->bound && m->actions[i]->scheduled) waits = false;
    if (!m->bindings_parked)
        for (uint32_t i = 0; i < m->binding_count && !waits; ++i)
            waits = m->bindings[i].use_count == 0 && m->bindings[i].restore_pending;
    if (!waits) return TA_OK;
    ta_result r = ta__fused_release(m, err);
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        if (b->use_count > 0 || !b->restore_pending) continue;
        r = ta__property_check_target(t, ta__binding_target(b), err);
        if (r != TA_OK) return r;
    }
    char **made_names = NULL;
    r = make_names(m, t->scene, false, true, &made_names, err);
    if (r != TA_OK) return r;
    /* only the waiting ones: the others' marks of the last update stay as it left them */
    for (uint32_t i = 0; i < m->binding_count; ++i)
        if (m->bindings[i].use_count == 0 && m->bindings[i].restore_pending)
            write_restore(m, t, &m->bindings[i], made_names);
    free_names(m, t->scene, made_names);
    ta__mixer_reap(m);
    return TA_OK;
}
