/* Actions: the calls a caller makes on one clip being played (three.js AnimationAction). */
#include <math.h>
#include <string.h>

#include "animation/action_internal.h"
#include "animation/clip_compressed.h"
#include "threeanim/animation_mask.h"
#include "animation/mixer_internal.h"

static const char *const loop_names[TA_LOOP_MODE_COUNT] = {"DEFAULT", "ONCE", "REPEAT", "PING_PONG"};

const char *ta_loop_mode_name(ta_loop_mode mode)
{
    if ((int)mode < 0 || mode >= TA_LOOP_MODE_COUNT) return "?";
    return loop_names[mode];
}

/* An action's block: the action, then per time group the place in the interval (alphas) and
 * the sampler's cursor, which every update reads beside the action (one allocation, and the
 * lines ta__mixer_prefetch asks for ahead of an update: TA__ACTION_PREFETCH_BYTES). */
#define ALPHAS_AT ((sizeof(ta_action) + sizeof(double) - 1) / sizeof(double) * sizeof(double))

static size_t action_bytes(uint32_t groups)
{
    return ALPHAS_AT + (size_t)groups * (sizeof(double) + sizeof(uint32_t));
}

ta_result ta_action_create(const ta_clip *clip, const ta_action_options *options, ta_action **out_action,
                           ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: is NULL");
    if (out_action == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_action: is NULL");
    ta_blend_mode mode = options ? options->blend_mode : TA_BLEND_MODE_DEFAULT;
    if ((int)mode < 0 || mode >= TA_BLEND_MODE_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "options.blend_mode: %d is not a blend mode", (int)mode);
    if (clip->window != NULL && clip->window->player != NULL)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "clip \"%s\": a compressed clip's window, which one action plays (its keys are that action's "
                        "time's), and an action has it: make another window (ta_compressed_clip_window) for this one",
                        clip->name);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    uint32_t n = clip->track_count;
    const ta__clip_plan *plan = ta__clip_plan_get(clip);
    uint32_t groups = plan ? plan->group_count : 0;
    ta_action *a = (ta_action *)ta__calloc(&mem, 1, action_bytes(groups));
    uint32_t *bindings = (uint32_t *)ta__calloc(&mem, n, sizeof(uint32_t));
    if (plan == NULL || a == NULL || bindings == NULL) {
        ta__free(&mem, a, action_bytes(groups));
        ta__free(&mem, bindings, sizeof(uint32_t) * n);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making an action on a clip of %u tracks", n);
    }
    double *alphas = (double *)(void *)((char *)a + ALPHAS_AT);
    uint32_t *cursors = (uint32_t *)(void *)(alphas + groups);
    for (uint32_t i = 0; i < n; ++i) bindings[i] = TA_NONE;
    a->mem = mem;
    ta_clip_retain(clip);
    a->clip = clip;
    a->blend_mode = mode == TA_BLEND_MODE_DEFAULT ? clip->blend_mode : mode;
    a->mixer = NULL;
    a->index = TA_NONE;
    a->root = ta_node_none();
    a->loop = TA_LOOP_MODE_REPEAT;
    a->repetitions = TA_ACTION_ENDLESS;
    a->clamp_when_finished = false;
    a->zero_slope_at_start = true;
    a->zero_slope_at_end = true;
    a->weight = 1.0;
    ta__action_run_reset(&a->run);
    a->run.clock.enabled = true;
    a->run.clock.ending_start = TA_ENDING_ZERO_CURVATURE;
    a->run.clock.ending_end = TA_ENDING_ZERO_CURVATURE;
    a->run.time_scale = 1.0;
    a->run.effective_time_scale = 1.0;
    a->run.effective_weight = 1.0;
    a->plan = plan;
    a->bindings = bindings;
    a->cursors = cursors;
    a->alphas = alphas;
    if (clip->window != NULL) clip->window->player = a;
    *out_action = a;
    return TA_OK;
}

void ta__action_free(ta_action *a)
{
    if (a == NULL) return;
    ta__action_give_back(a);
    ta__action_drop_group(a); /* (one set after the clip was given back) */
    ta_mask_destroy(a->mask);
    ta__mem mem = a->mem;
    /* the cursors follow the alphas in the block: their distance is its time groups */
    ta__free(&mem, a, action_bytes((uint32_t)((const double *)(const void *)a->cursors - a->alphas)));
}

void ta_action_destroy(ta_action *action)
{
    /* An action in a mixer belongs to the mixer. */
    if (action == NULL || action->mixer != NULL) return;
    ta__action_free(action);
}

static ta_result need_mixer(const ta_action *a, const char *call, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    if (a->mixer == NULL)
        return ta__fail(err, TA_ERROR_BAD_STATE, "action: %s needs the action to be added to a mixer first", call);
    if (a->uncached)
        return ta__fail(err, TA_ERROR_NO_SUCH_ACTION, "action %u: was uncached, so %s cannot run on it", a->index,
                        call);
    return TA_OK;
}

static ta_result check_finite(const char *arg, double v, ta_error *err)
{
    if (!isfinite(v)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g is not a finite number", arg, v);
    return TA_OK;
}

static ta_result check_duration(const char *arg, ta_duration d, ta_error *err)
{
    ta_result r = check_finite(arg, d.seconds, err);
    if (r != TA_OK) return r;
    if (d.seconds < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: %g s lasts less than no time", arg, d.seconds);
    return TA_OK;
}

/* ---- playing -------------------------------------------------------------------- */

ta_result ta_action_play(ta_action *a, ta_error *err)
{
    ta_result r = need_mixer(a, "play", err);
    if (r != TA_OK) return r;
    if (!a->scheduled) {
        r = ta__mixer_activate(a->mixer, a, err);
        if (r != TA_OK) return r;
    }
    a->run.clock.enabled = true;
    return TA_OK;
}

void ta_action_pause(ta_action *a)
{
    if (a != NULL) a->run.clock.paused = true;
}

void ta_action_unpause(ta_action *a)
{
    if (a != NULL) a->run.clock.paused = false;
}

void ta_action_stop_fading(ta_action *a)
{
    if (a != NULL) a->run.fade.on = false;
}

void ta_action_stop_warping(ta_action *a)
{
    if (a == NULL) return;
    a->run.warp.on = false;
    a->run.has_restore_time_scale = false;
}

void ta_action_reset(ta_action *a)
{
    if (a == NULL) return;
    ta__action_run_reset(&a->run);
}

ta_result ta_action_stop(ta_action *a, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    if (a->mixer != NULL && a->scheduled) ta__mixer_deactivate(a->mixer, a);
    ta_action_reset(a);
    return TA_OK;
}

ta_result ta_action_set_loop(ta_action *a, ta_loop_mode mode, int64_t repetitions, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    if (mode != TA_LOOP_MODE_ONCE && mode != TA_LOOP_MODE_REPEAT && mode != TA_LOOP_MODE_PING_PONG)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "mode: %d is not a loop mode (ONCE, REPEAT, PING_PONG)",
                        (int)mode);
    if (repetitions < 0 && repetitions != TA_ACTION_ENDLESS)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE,
                        "repetitions: %lld is below zero (TA_ACTION_ENDLESS, %lld, repeats without end)",
                        (long long)repetitions, (long long)TA_ACTION_ENDLESS);
    a->loop = mode;
    a->repetitions = repetitions;
    return TA_OK;
}

ta_loop_mode ta_action_loop(const ta_action *a) { return a->loop; }
int64_t ta_action_repetitions(const ta_action *a) { return a->repetitions; }

ta_result ta_action_set_duration(ta_action *a, ta_duration duration, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    ta_result r = check_finite("duration", duration.seconds, err);
    if (r != TA_OK) return r;
    if (duration.seconds == 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "duration: 0 s cannot hold one run through the clip");
    double ts = ta__action_duration(a) / duration.seconds;
    /* ta_action_time_scale answers a float: the quotient must fit one, and not as zero. */
    if (!isfinite((float)ts) || (float)ts == 0.0f)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "duration: %g s gives a time scale of %g, which a float cannot hold",
                        duration.seconds, ts);
    a->run.time_scale = ts;
    ta_action_stop_warping(a);
    return TA_OK;
}

ta_result ta_action_sync_with(ta_action *a, const ta_action *other, ta_error *err)
{
    if (a == NULL || other == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", a == NULL ? "action" : "other");
    /* As three.js copies the time: a phase past this clip's end wraps at the next update. */
    float phase = other->run.clock.phase;
    a->run.clock.phase = phase;
    a->run.time_scale = other->run.time_scale;
    ta_action_stop_warping(a);
    return TA_OK;
}

bool ta_action_is_active(const ta_action *a)
{
    return a != NULL && a->scheduled && !a->uncached && a->run.clock.enabled;
}

bool ta_action_is_scheduled(const ta_action *a) { return a != NULL && a->scheduled && !a->uncached; }

bool ta_action_is_playing(const ta_action *a)
{
    /* three.js's isRunning: active, not paused, a time scale set that is not
     * 0, no start time still holding the clock. The warp is not read: three.js
     * keeps the time scale set while it warps, and a warp that ends at 0
     * pauses the action when it ends. */
    return ta_action_is_active(a) && !a->run.clock.paused && !a->run.has_start_time && a->run.time_scale != 0;
}

ta_result ta_action_set_time(ta_action *a, ta_duration time, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    ta_result r = check_finite("time", time.seconds, err);
    if (r != TA_OK) return r;
    /* three.js keeps the time of the leg it is on, and its loop count says
     * which leg; here the phase says it, the backward leg being [D, 2D). */
    double d = ta__action_duration(a);
    bool backward = a->loop == TA_LOOP_MODE_PING_PONG && a->run.clock.phase >= d;
    double phase = backward ? d + time.seconds : time.seconds;
    if (!isfinite((float)phase))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "time: %g s gives a phase a float cannot hold", time.seconds);
    a->run.clock.phase = (float)phase;
    return TA_OK;
}

ta_duration ta_action_time(const ta_action *a)
{
    ta__clock_params p = ta__action_clock_params(a);
    return ta_duration_from_seconds(ta__clock_read_time(&p, &a->run.clock));
}

float ta_action_phase(const ta_action *a) { return a->run.clock.phase; }
int64_t ta_action_loop_count(const ta_action *a) { return a->run.clock.loop_count; }

/* ---- fields ----------------------------------------------------------------------- */

ta_result ta_action_set_weight(ta_action *a, float weight, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    ta_result r = check_finite("weight", weight, err);
    if (r != TA_OK) return r;
    if (weight < 0) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "weight: %g is below zero", (double)weight);
    a->weight = weight;
    return TA_OK;
}

float ta_action_weight(const ta_action *a) { return (float)a->weight; }

ta_result ta_action_set_time_scale(ta_action *a, float time_scale, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    ta_result r = check_finite("time_scale", time_scale, err);
    if (r != TA_OK) return r;
    a->run.time_scale = time_scale;
    return TA_OK;
}

float ta_action_time_scale(const ta_action *a) { return (float)a->run.time_scale; }
void ta_action_set_enabled(ta_action *a, bool enabled) { a->run.clock.enabled = enabled; }
bool ta_action_enabled(const ta_action *a) { return a->run.clock.enabled; }
bool ta_action_paused(const ta_action *a) { return a->run.clock.paused; }
void ta_action_set_clamp_when_finished(ta_action *a, bool clamp) { a->clamp_when_finished = clamp; }
bool ta_action_clamp_when_finished(const ta_action *a) { return a->clamp_when_finished; }
void ta_action_set_zero_slope_at_start(ta_action *a, bool zero_slope) { a->zero_slope_at_start = zero_slope; }
void ta_action_set_zero_slope_at_end(ta_action *a, bool zero_slope) { a->zero_slope_at_end = zero_slope; }

ta_result ta_action_set_blend_mode(ta_action *a, ta_blend_mode mode, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    if (mode != TA_BLEND_MODE_NORMAL && mode != TA_BLEND_MODE_ADDITIVE)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "mode: %d is not a blend mode", (int)mode);
    /* The mixer makes its additive piles when an additive action plays; an
     * action in a mixer that turns additive (maybe while it plays) needs them too. */
    if (mode == TA_BLEND_MODE_ADDITIVE && a->mixer != NULL) {
        ta_result r = ta__mixer_need_additive(a->mixer, err);
        if (r != TA_OK) return r;
    }
    a->blend_mode = mode;
    return TA_OK;
}

ta_blend_mode ta_action_blend_mode(const ta_action *a) { return a->blend_mode; }
const ta_clip *ta_action_clip(const ta_action *a) { return a->uncached ? NULL : a->clip; }

/* ---- weights and time scales ------------------------------------------------------- */

float ta_action_effective_weight(const ta_action *a) { return (float)a->run.effective_weight; }
float ta_action_effective_time_scale(const ta_action *a) { return (float)a->run.effective_time_scale; }

ta_result ta_action_set_effective_weight(ta_action *a, float weight, ta_error *err)
{
    ta_result r = ta_action_set_weight(a, weight, err);
    if (r != TA_OK) return r;
    a->run.effective_weight = a->run.clock.enabled ? a->weight : 0.0;
    ta_action_stop_fading(a);
    return TA_OK;
}

ta_result ta_action_set_effective_time_scale(ta_action *a, float time_scale, ta_error *err)
{
    ta_result r = ta_action_set_time_scale(a, time_scale, err);
    if (r != TA_OK) return r;
    a->run.effective_time_scale = a->run.clock.paused ? 0.0 : a->run.time_scale;
    ta_action_stop_warping(a);
    return TA_OK;
}

static void schedule_ramp(ta__ramp *ramp, double now, double duration, float from, float to)
{
    ramp->on = true;
    ramp->t0 = now;
    ramp->t1 = now + duration;
    ramp->v0 = from;
    ramp->v1 = to;
}

static ta_result fade(ta_action *a, ta_duration duration, float from, float to, const char *call, ta_error *err)
{
    ta_result r = need_mixer(a, call, err);
    if (r != TA_OK) return r;
    r = check_duration("duration", duration, err);
    if (r != TA_OK) return r;
    schedule_ramp(&a->run.fade, a->mixer->time, duration.seconds, from, to);
    return TA_OK;
}

ta_result ta_action_fade_in(ta_action *a, ta_duration duration, ta_error *err)
{
    return fade(a, duration, 0.0f, 1.0f, "fade_in", err);
}

ta_result ta_action_fade_out(ta_action *a, ta_duration duration, ta_error *err)
{
    return fade(a, duration, 1.0f, 0.0f, "fade_out", err);
}

/* Checks what warp checks, without changing anything. */
static ta_result check_warp(const ta_action *a, double start, double end, ta_duration duration, ta_error *err)
{
    ta_result r = need_mixer(a, "warp", err);
    if (r != TA_OK) return r;
    if ((r = check_finite("start_time_scale", start, err)) != TA_OK ||
        (r = check_finite("end_time_scale", end, err)) != TA_OK ||
        (r = check_duration("duration", duration, err)) != TA_OK)
        return r;
    if (a->run.time_scale == 0)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "action %u: a warp keeps its time scales as shares of the time scale, which is 0", a->index);
    return TA_OK;
}

static void do_warp(ta_action *a, double start, double end, ta_duration duration)
{
    double ts = a->run.time_scale;
    schedule_ramp(&a->run.warp, a->mixer->time, duration.seconds, (float)(start / ts), (float)(end / ts));
}

ta_result ta_action_warp(ta_action *a, float start_time_scale, float end_time_scale, ta_duration duration,
                         ta_error *err)
{
    ta_result r = check_warp(a, start_time_scale, end_time_scale, duration, err);
    if (r != TA_OK) return r;
    do_warp(a, start_time_scale, end_time_scale, duration);
    return TA_OK;
}

ta_result ta_action_halt(ta_action *a, ta_duration duration, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    double from = a->run.effective_time_scale;
    ta_result r = check_warp(a, from, 0.0, duration, err);
    if (r != TA_OK) return r;
    do_warp(a, from, 0.0, duration);
    return TA_OK;
}

ta_result ta_action_start_at(ta_action *a, ta_duration time, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    ta_result r = check_finite("time", time.seconds, err);
    if (r != TA_OK) return r;
    a->run.has_start_time = true;
    a->run.start_time = time.seconds;
    return TA_OK;
}

/* ---- groups ------------------------------------------------------------------------- */

ta_result ta_action_set_group(ta_action *a, const ta_object_group *group, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: is NULL");
    if (a->scheduled)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "action %u: is playing; stop it before changing whether it uses a group", a->index);
    if (group == NULL) {
        ta__action_drop_group(a);
        a->group_resolved = false;
        return TA_OK;
    }
    ta__action_group *copy = (ta__action_group *)ta__calloc(&a->mem, 1, sizeof *copy);
    if (copy == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a group of %u nodes", group->count);
    ta_result r = ta_object_group_create(&copy->group, &a->mem.a, err);
    if (r == TA_OK) r = ta_object_group_copy(&copy->group, group, err);
    if (r != TA_OK) {
        ta_object_group_destroy(&copy->group);
        ta__free(&a->mem, copy, sizeof *copy);
        return r;
    }
    ta__action_drop_group(a);
    a->group = copy;
    a->has_group = true;
    a->group_resolved = false;
    return TA_OK;
}

ta_object_group *ta_action_group(ta_action *a)
{
    return (a != NULL && a->group != NULL) ? &a->group->group : NULL;
}
