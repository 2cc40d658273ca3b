/* Runs of the mixer for bake and preview (bake.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bake.h"

double bake_seconds(const ta_model *model, const bake_plan *plan)
{
    if (plan->seconds > 0) return plan->seconds;
    double first = ta_clip_duration(model->animations[plan->clip]).seconds;
    if (!plan->fade) return first;
    if (plan->blend) return fmax(first, ta_clip_duration(model->animations[plan->fade_to]).seconds);
    return plan->fade_at + plan->fade_over + ta_clip_duration(model->animations[plan->fade_to]).seconds;
}

uint64_t bake_frame_count(const ta_model *model, const bake_plan *plan)
{
    /* a frame within 1e-4 of a frame of the end is the last: clip durations are
     * float32, a hair over the seconds they stand for */
    double frames = ceil(bake_seconds(model, plan) * plan->fps - 1e-4);
    if (!(frames >= 0)) frames = 0;
    if (frames >= (double)BAKE_FRAMES_HUGE) return BAKE_FRAMES_HUGE;
    return (uint64_t)frames + 1;
}

static ta_result add_action(ta_mixer *mixer, const ta_clip *clip, ta_loop_mode loop, bool clamp, uint32_t *index,
                            ta_action **out, ta_error *err)
{
    ta_action *action = NULL;
    ta_result r = ta_action_create(clip, NULL, &action, err);
    if (r != TA_OK) return r;
    if ((r = ta_action_set_loop(action, loop, TA_ACTION_ENDLESS, err)) != TA_OK) {
        ta_action_destroy(action);
        return r;
    }
    ta_action_set_clamp_when_finished(action, clamp);
    if ((r = ta_mixer_add(mixer, action, ta_node_none(), index, err)) != TA_OK) {
        ta_action_destroy(action);
        return r;
    }
    *out = action;
    return TA_OK;
}

ta_result bake_run(ta_model *model, const bake_plan *plan, bake_visit visit, void *user, ta_error *err)
{
    uint64_t frames = bake_frame_count(model, plan);
    if (frames >= UINT32_MAX) {
        if (err != NULL) {
            err->code = TA_ERROR_LIMIT_EXCEEDED;
            snprintf(err->message, sizeof err->message, "%llu frames are more than a run can hold",
                     (unsigned long long)frames);
        }
        return TA_ERROR_LIMIT_EXCEEDED;
    }
    ta_mixer *mixer = NULL;
    ta_result r = ta_mixer_create(ta_node_none(), NULL, &mixer, err);
    if (r != TA_OK) return r;
    if (plan->root_motion) {
        ta_root_motion_options rm = {plan->root, true, true};
        r = ta_mixer_set_root_motion(mixer, &rm, err);
        if (r != TA_OK) {
            ta_mixer_destroy(mixer);
            return r;
        }
    }
    ta_loop_mode loop = plan->loop != TA_LOOP_MODE_DEFAULT ? plan->loop : plan->fade ? TA_LOOP_MODE_REPEAT : TA_LOOP_MODE_ONCE;
    bool clamp = loop == TA_LOOP_MODE_ONCE;
    ta_action *actions[2] = {NULL, NULL};
    uint32_t indices[2] = {0, 0};
    uint32_t active = 1;
    r = add_action(mixer, model->animations[plan->clip], loop, clamp, &indices[0], &actions[0], err);
    if (r == TA_OK) r = ta_action_play(actions[0], err);
    if (r == TA_OK && plan->fade)
        r = add_action(mixer, model->animations[plan->fade_to], loop, clamp, &indices[1], &actions[1], err);

    ta_blend_space *space = NULL;
    ta_sync_group *group = NULL;
    if (r == TA_OK && plan->blend) {
        r = ta_action_play(actions[1], err);
        const float at[2] = {0.0f, 1.0f};
        ta_blend_space_desc desc = {1, at, 2, NULL, 0};
        if (r == TA_OK) r = ta_blend_space_create(&desc, NULL, &space, err);
        ta_sync_group_desc sd = {TA_SYNC_MODE_NORMALIZED_TIME, NULL};
        if (r == TA_OK && plan->sync) r = ta_sync_group_create(&sd, NULL, &group, err);
        for (uint32_t a = 0; r == TA_OK && group != NULL && a < 2; ++a) r = ta_sync_group_add(group, actions[a], err);
        active = 2;
    }

    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    bake_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.count = (uint32_t)frames;
    frame.mixer = mixer;
    bool fading = false;
    for (uint32_t k = 0; r == TA_OK && k < frame.count; ++k) {
        ta_duration dt = ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / plan->fps);
        if (space != NULL) {
            float p = frame.count > 1 ? (float)k / (float)(frame.count - 1) : 0.0f;
            r = ta_blend_space_apply(space, p, 0.0f, actions, 2, err);
            /* the effective weights now, so that the sync group's leader is this frame's heavier */
            for (uint32_t a = 0; r == TA_OK && a < 2; ++a)
                r = ta_action_set_effective_weight(actions[a], ta_action_weight(actions[a]), err);
            if (r == TA_OK && group != NULL) r = ta_sync_group_prepare(group, mixer, dt, err);
            if (r != TA_OK) break;
        }
        r = ta_mixer_update_targets(mixer, &targets, dt, err);
        if (r == TA_OK && plan->ik) {
            ta_ik_two_bone_desc d = {plan->ik_chain[0], plan->ik_chain[1], plan->ik_chain[2], plan->ik_target,
                                     plan->ik_pole, plan->ik_axis, 1.0f, 0.0f, 0.0f};
            r = ta_ik_two_bone(model->scene, &d, NULL, err);
        }
        if (r == TA_OK && plan->aim) {
            ta_ik_aim_desc d = {0};
            d.node = plan->aim_node;
            d.target = plan->ik_target;
            d.forward = ta_vec3_make(0, 0, 1);
            d.weight = 1.0f;
            r = ta_ik_aim(model->scene, &d, NULL, err);
        }
        if (r != TA_OK) break;
        frame.index = k;
        frame.time = ta_mixer_time(mixer).seconds;
        frame.action_count = active;
        for (uint32_t a = 0; a < active; ++a) {
            frame.action_time[a] = ta_action_time(actions[a]).seconds;
            frame.action_weight[a] = ta_action_effective_weight(actions[a]);
        }
        if (!visit(user, model, &frame)) break;
        /* The fade starts on the mixer's clock now, so that the next update
         * is its first step. */
        if (plan->fade && !plan->blend && !fading && frame.time >= plan->fade_at - 1e-9) {
            ta_action_reset(actions[1]);
            r = ta_action_play(actions[1], err);
            if (r == TA_OK)
                r = ta_mixer_cross_fade_to(mixer, indices[0], indices[1], ta_duration_from_seconds(plan->fade_over), plan->warp, err);
            fading = true;
            active = 2;
        }
    }
    ta_sync_group_destroy(group);
    ta_blend_space_destroy(space);
    ta_mixer_destroy(mixer);
    return r;
}

ta_result bake_targets(const ta_model *model, const bake_plan *plans, uint32_t plan_count, ta_track_target **out,
                       uint32_t *out_count, ta_error *err)
{
    uint32_t cap = 0;
    for (uint32_t p = 0; p < plan_count; ++p) {
        cap += ta_clip_track_count(model->animations[plans[p].clip]);
        if (plans[p].fade) cap += ta_clip_track_count(model->animations[plans[p].fade_to]);
    }
    ta_track_target *list = malloc((cap + 1u) * sizeof *list);
    if (list == NULL) {
        if (err != NULL) {
            err->code = TA_ERROR_OUT_OF_MEMORY;
            snprintf(err->message, sizeof err->message, "out of memory listing the targets");
        }
        return TA_ERROR_OUT_OF_MEMORY;
    }
    uint32_t n = 0;
    for (uint32_t p = 0; p < plan_count; ++p)
        for (int which = 0; which < (plans[p].fade ? 2 : 1); ++which) {
            const ta_clip *clip = model->animations[which == 0 ? plans[p].clip : plans[p].fade_to];
            for (uint32_t i = 0; i < ta_clip_track_count(clip); ++i) {
                ta_track_target t = ta_track_target_of(ta_clip_track(clip, i));
                bool seen = false;
                for (uint32_t k = 0; k < n && !seen; ++k) seen = ta_track_target_eq(list[k], t);
                if (!seen) list[n++] = t;
            }
        }
    *out = list;
    *out_count = n;
    return TA_OK;
}
