/* The mixer: its actions, cross-fades and events (three.js AnimationMixer).
 * The update is in mixer_update.c; the bindings' lifecycle (activation, the
 * originals, the cache) in mixer_bindings.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animation/marker_events.h"
#include "animation/mixer_internal.h"
#include "animation/root_motion_internal.h"

ta_result ta_mixer_create(ta_node_id root, const ta_mixer_options *options, ta_mixer **out_mixer, ta_error *err)
{
    if (out_mixer == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_mixer: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    ta_mixer *m = (ta_mixer *)ta__calloc(&mem, 1, sizeof *m);
    if (m == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a mixer");
    m->mem = mem;
    m->root = root;
    m->time = 0;
    m->time_scale = 1.0;
    /* The path is fixed per mixer: TA_SIMD forces one (for tests and
     * measurements), else the best the CPU runs. */
    r = ta__fused_choose(getenv("TA_SIMD"), &m->fused.simd, err);
    if (r != TA_OK) {
        ta__free(&mem, m, sizeof *m);
        return r;
    }
    m->fused.kernels = ta__fused_kernels_for(m->fused.simd);
    *out_mixer = m;
    return TA_OK;
}

void ta_mixer_destroy(ta_mixer *m)
{
    if (m == NULL) return;
    ta__mem mem = m->mem;
    for (uint32_t i = 0; i < m->action_count; ++i) ta__action_free(m->actions[i]);
    ta__free(&mem, m->actions, sizeof(ta_action *) * m->action_capacity);
    ta__free(&mem, m->events, sizeof(ta_animation_event) * m->event_capacity);
    ta__free(&mem, m->steps, sizeof(ta__action_step) * m->step_capacity);
    ta__free(&mem, m->root_motion, sizeof *m->root_motion);
    ta__fused_free(m);
    ta__mixer_free_bindings(m);
    ta__free(&mem, m, sizeof *m);
}

const char *ta_mixer_simd(const ta_mixer *m)
{
    return ta__simd_name(m->fused.simd);
}

ta_result ta_mixer_add(ta_mixer *m, ta_action *action, ta_node_id root, uint32_t *out_index, ta_error *err)
{
    if (m == NULL || action == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", m == NULL ? "mixer" : "action");
    if (action->mixer != NULL)
        return ta__fail(err, TA_ERROR_BAD_STATE, "action: is already action %u of a mixer", action->index);
    if (ta__root_motion_on(m)) {
        ta_result rw = ta__root_motion_check_window(action, m->action_count, m->root_motion->node, m->root_motion->yaw, err);
        if (rw != TA_OK) return rw;
    }
    ta__fused_stop(m); /* an action new to the mixer may take a removed one's address */
    if (m->action_count >= TA_NONE - 1)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: already holds %u actions", m->action_count);
    ta_result r = ta__reserve_tight(&m->mem, (void **)&m->actions, &m->action_capacity, m->action_count + 1,
                              sizeof(ta_action *), err);
    if (r != TA_OK) return r;
    /* One clock event per action per update at most, and a bounded number of
     * marker events: make room now, so update never allocates for events. */
    uint64_t need = (uint64_t)m->event_need + 1u + ta__marker_event_bound(action->clip);
    if (need > UINT32_MAX) return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: %llu events per update", (unsigned long long)need);
    /* an update steps the live actions alone (the uncached ones need no room) */
    if (m->live_count + 1 > TA__STEPS_ON_STACK) {
        r = ta__reserve(&m->mem, (void **)&m->steps, &m->step_capacity, m->live_count + 1, sizeof(ta__action_step), err);
        if (r != TA_OK) return r;
    }
    r = ta__reserve_tight(&m->mem, (void **)&m->events, &m->event_capacity, (uint32_t)need, sizeof(ta_animation_event), err);
    if (r != TA_OK) return r;
    m->event_need = (uint32_t)need;
    action->mixer = m;
    action->index = m->action_count;
    action->root = ta_node_is_none(root) ? m->root : root;
    /* the live actions' last, the highest index: the first uncached one moves to the end */
    if (m->live_count < m->action_count) m->actions[m->action_count] = m->actions[m->live_count];
    m->actions[m->live_count++] = action;
    m->action_count++;
    if (out_index) *out_index = action->index;
    return TA_OK;
}

ta_result ta__mixer_check_action(const ta_mixer *m, uint32_t index, const char *arg, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mixer: is NULL");
    if (index >= m->action_count)
        return ta__fail(err, TA_ERROR_NO_SUCH_ACTION, "%s: action %u is not in the mixer, which has %u actions", arg,
                        index, m->action_count);
    if (ta__mixer_action_at(m, index) == NULL)
        return ta__fail(err, TA_ERROR_NO_SUCH_ACTION, "%s: action %u was uncached", arg, index);
    return TA_OK;
}

ta_result ta_mixer_action(ta_mixer *m, uint32_t index, ta_action **out_action, ta_error *err)
{
    ta_result r = ta__mixer_check_action(m, index, "index", err);
    if (r != TA_OK) return r;
    if (out_action) *out_action = ta__mixer_action_at(m, index);
    return TA_OK;
}

uint32_t ta_mixer_action_count(const ta_mixer *m) { return m->action_count; }
ta_duration ta_mixer_time(const ta_mixer *m) { return ta_duration_from_seconds(m->time); }
double ta_mixer_time_scale(const ta_mixer *m) { return m->time_scale; }
ta_node_id ta_mixer_root(const ta_mixer *m) { return m->root; }

ta_result ta_mixer_set_time_scale(ta_mixer *m, double time_scale, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mixer: is NULL");
    if (!isfinite(time_scale))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "time_scale: %g is not a finite number", time_scale);
    m->time_scale = time_scale;
    return TA_OK;
}

ta_result ta_mixer_set_write_always(ta_mixer *m, bool write_always, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mixer: is NULL");
    /* Back to comparing: the fused path kept no written values meanwhile, so
     * neither path trusts its own; NaN equals nothing, and the next update
     * writes every property once, on either path. */
    if (m->write_always && !write_always) {
        for (uint32_t i = 0; m->last != NULL && i < m->slot_count; ++i) m->last[i] = NAN;
        ta__fused_forget_written(m);
    }
    m->write_always = write_always;
    return TA_OK;
}

bool ta_mixer_write_always(const ta_mixer *m)
{
    return m->write_always;
}

ta_result ta_mixer_find_action(const ta_mixer *m, const char *clip_name, ta_node_id root, uint32_t *out_index,
                                   ta_error *err)
{
    if (m == NULL || clip_name == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", m == NULL ? "mixer" : "clip_name");
    ta_node_id key = ta_node_is_none(root) ? m->root : root;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        const ta_action *a = m->actions[i];
        if (a->root.index == key.index && strcmp(a->clip->name, clip_name) == 0) {
            if (out_index) *out_index = a->index;
            return TA_OK;
        }
    }
    return ta__fail(err, TA_ERROR_NOT_FOUND, "clip_name: no action on a clip named \"%s\" is filed under root %u",
                    clip_name, key.index);
}

void ta_mixer_stop_all_action(ta_mixer *m)
{
    if (m == NULL) return;
    for (uint32_t i = m->live_count; i-- > 0;) {
        ta_action *a = m->actions[i];
        if (a->scheduled) ta_action_stop(a, NULL);
    }
}

ta_result ta_mixer_sync_with(ta_mixer *m, uint32_t index, uint32_t with_index, ta_error *err)
{
    ta_result r = ta__mixer_check_action(m, index, "index", err);
    if (r == TA_OK) r = ta__mixer_check_action(m, with_index, "with_index", err);
    if (r != TA_OK) return r;
    return ta_action_sync_with(ta__mixer_action_at(m, index), ta__mixer_action_at(m, with_index), err);
}

/* ---- cross-fades -------------------------------------------------------------------- */

/* three.js's crossFadeFrom once its arguments are checked: out fades out and in fades in, each from
 * now on its own mixer's clock (in_now, out_now); with warp each ramps its pace toward the other
 * clip's and gets its time scale back at the end (three.js's _restoreTimeScale). */
void ta__cross_fade(ta_action *in, double in_now, ta_action *out, double out_now, ta_duration duration, bool warp)
{
    ta_action_fade_out(out, duration, NULL);
    ta_action_fade_in(in, duration, NULL);
    if (!warp) return;
    double in_len = in->clip->duration, out_len = out->clip->duration;
    double start_end = out_len / in_len, end_start = in_len / out_len;
    out->run.has_restore_time_scale = true;
    out->run.restore_time_scale = out->run.time_scale;
    in->run.has_restore_time_scale = true;
    in->run.restore_time_scale = in->run.time_scale;
    double ots = out->run.time_scale, its = in->run.time_scale;
    out->run.warp.on = true;
    out->run.warp.t0 = out_now;
    out->run.warp.t1 = out_now + duration.seconds;
    out->run.warp.v0 = (float)(1.0 / ots);
    out->run.warp.v1 = (float)(start_end / ots);
    in->run.warp.on = true;
    in->run.warp.t0 = in_now;
    in->run.warp.t1 = in_now + duration.seconds;
    in->run.warp.v0 = (float)(end_start / its);
    in->run.warp.v1 = (float)(1.0 / its);
}

ta_result ta_action_cross_fade_from(ta_action *in, ta_action *out, ta_duration duration, bool warp, ta_error *err)
{
    if (in == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", in == NULL ? "action" : "from");
    for (int k = 0; k < 2; ++k) {
        const ta_action *a = k == 0 ? in : out;
        const char *arg = k == 0 ? "action" : "from";
        if (a->mixer == NULL)
            return ta__fail(err, TA_ERROR_BAD_STATE, "%s: a cross-fade needs the action to be added to a mixer first",
                            arg);
        if (a->uncached) return ta__fail(err, TA_ERROR_NO_SUCH_ACTION, "%s: action %u was uncached", arg, a->index);
    }
    if (in == out) return ta__fail(err, TA_ERROR_BAD_STATE, "from: action %u cannot cross-fade with itself", in->index);
    if (!isfinite(duration.seconds))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "duration: %g is not a finite number", duration.seconds);
    if (duration.seconds < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "duration: %g s lasts less than no time", duration.seconds);
    if (warp && (in->run.time_scale == 0 || out->run.time_scale == 0))
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "%s: a warped cross-fade keeps its time scales as shares of the time scale, which is 0",
                        in->run.time_scale == 0 ? "action" : "from");
    ta__cross_fade(in, in->mixer->time, out, out->mixer->time, duration, warp);
    return TA_OK;
}

ta_result ta_mixer_cross_fade_from(ta_mixer *m, uint32_t index, uint32_t from_index, ta_duration duration, bool warp,
                                   ta_error *err)
{
    ta_result r = ta__mixer_check_action(m, index, "index", err);
    if (r == TA_OK) r = ta__mixer_check_action(m, from_index, "from_index", err);
    if (r != TA_OK) return r;
    if (index == from_index)
        return ta__fail(err, TA_ERROR_BAD_STATE, "from_index: action %u cannot cross-fade with itself", index);
    if (!isfinite(duration.seconds))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "duration: %g is not a finite number", duration.seconds);
    if (duration.seconds < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "duration: %g s lasts less than no time", duration.seconds);
    ta_action *in = ta__mixer_action_at(m, index), *out = ta__mixer_action_at(m, from_index);
    if (warp) {
        if (in->run.time_scale == 0 || out->run.time_scale == 0)
            return ta__fail(err, TA_ERROR_BAD_STATE,
                            "action %u: a warped cross-fade keeps its time scales as shares of the time scale, which "
                            "is 0",
                            in->run.time_scale == 0 ? index : from_index);
    }
    ta__cross_fade(in, m->time, out, m->time, duration, warp);
    return TA_OK;
}

ta_result ta_mixer_cross_fade_to(ta_mixer *m, uint32_t index, uint32_t to_index, ta_duration duration, bool warp,
                                 ta_error *err)
{
    /* three.js crossFadeTo(b) is b.crossFadeFrom(this). */
    ta_result r = ta__mixer_check_action(m, index, "index", err);
    if (r == TA_OK) r = ta__mixer_check_action(m, to_index, "to_index", err);
    if (r != TA_OK) return r;
    if (index == to_index)
        return ta__fail(err, TA_ERROR_BAD_STATE, "to_index: action %u cannot cross-fade with itself", index);
    return ta_mixer_cross_fade_from(m, to_index, index, duration, warp, err);
}

/* ---- events ------------------------------------------------------------------------- */

uint32_t ta_mixer_event_count(const ta_mixer *m)
{
    return m->event_count;
}

uint32_t ta_mixer_drain_events(ta_mixer *m, ta_animation_event *out, uint32_t capacity)
{
    uint32_t n = 0;
    while (n < capacity && m->event_read < m->event_count) out[n++] = m->events[m->event_read++];
    return n;
}

/* ---- the cache (mixer_bindings.c holds its rule) ------------------------------------- */

/* An uncache: the action's room for events is given back to the count the next add reserves for
 * (the room itself stays: it only grows, to the most the live actions ever needed at once). */
static void forget(ta_mixer *m, ta_action *a)
{
    m->event_need -= 1u + ta__marker_event_bound(a->clip);
    ta__mixer_uncache(m, a);
}

ta_result ta_mixer_uncache_action(ta_mixer *m, uint32_t index, ta_error *err)
{
    ta_result r = ta__mixer_check_action(m, index, "index", err);
    if (r != TA_OK) return r;
    forget(m, ta__mixer_action_at(m, index));
    ta__mixer_compact(m);
    ta__mixer_after_uncache(m);
    return TA_OK;
}

void ta_mixer_uncache_clip(ta_mixer *m, const char *clip_name)
{
    if (m == NULL || clip_name == NULL) return;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (strcmp(a->clip->name, clip_name) == 0) forget(m, a);
    }
    ta__mixer_compact(m);
    ta__mixer_after_uncache(m);
}

void ta_mixer_uncache_root(ta_mixer *m, ta_node_id root)
{
    if (m == NULL) return;
    ta_node_id key = ta_node_is_none(root) ? m->root : root;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (a->root.index == key.index) forget(m, a);
    }
    ta__mixer_compact(m);
    ta__mixer_after_uncache(m);
}
