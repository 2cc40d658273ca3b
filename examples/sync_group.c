/*
 * sync_group: walk and run blended by speed, their steps kept together. The
 * bundled model's walk and run last different times; each is copied with two
 * "foot" markers, at its start and at its middle (each cycle is two steps,
 * the first starting the clip), and both join a sync group by those markers.
 * A 1D blend space gives the weights as the speed rises from 0.5 to 5.5 m/s
 * over 2.5 s; the heavier action leads and the other is driven to its phase,
 * so the feet stay together at every weight.
 *
 *     sync_group [FILE.glb]
 *
 * Output: one line per frame at 30 fps: frame, time, the walk's and the run's
 * weight, the leader (0 walk, 1 run), the walk's and the run's time, the
 * walk's and the run's phase (0 to 2: steps), and the hips' position (x y z).
 */
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/threeanim.h"

#ifndef TA_EXAMPLE_MODEL
#define TA_EXAMPLE_MODEL "examples/default.glb"
#endif

static void check(ta_result r, const ta_error *err, const char *what)
{
    if (r == TA_OK) return;
    fprintf(stderr, "sync_group: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* A copy of the model's clip of that name with a foot marker at its start and its middle; an
 * action on it, given to the mixer and playing. The copy is handed back to release. */
static ta_action *play_stepping(ta_mixer *mixer, const ta_model *model, const char *name, ta_clip **out_clip)
{
    ta_error err = {0};
    uint32_t index;
    check(ta_model_find_clip(model, name, &index, &err), &err, name);
    ta_clip *clip;
    check(ta_clip_copy(model->animations[index], NULL, &clip, &err), &err, name);
    double half = ta_clip_duration(clip).seconds / 2.0;
    ta_clip_marker steps[2] = {{"foot", {0.0}}, {"foot", {half}}};
    check(ta_clip_set_markers(clip, steps, 2, &err), &err, name);
    ta_action *action;
    check(ta_action_create(clip, NULL, &action, &err), &err, name);
    if (ta_mixer_add(mixer, action, ta_node_none(), NULL, &err) != TA_OK) {
        ta_action_destroy(action);
        check(err.code, &err, name);
    }
    check(ta_action_play(action, &err), &err, name);
    *out_clip = clip;
    return action;
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    const double fps = 30, seconds = 2.5;

    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(file, NULL, &model, &err), &err, file);
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    ta_clip *clips[2];
    ta_action *actions[2] = {play_stepping(mixer, model, "walk", &clips[0]),
                             play_stepping(mixer, model, "run", &clips[1])};

    const float speeds[2] = {1.5f, 4.0f}; /* where the walk and the run sit, in m/s */
    ta_blend_space_desc desc = {1, speeds, 2, NULL, 0};
    ta_blend_space *space;
    check(ta_blend_space_create(&desc, NULL, &space, &err), &err, "blend space");
    ta_sync_group_desc sync = {TA_SYNC_MODE_MARKERS, "foot"};
    ta_sync_group *group;
    check(ta_sync_group_create(&sync, NULL, &group, &err), &err, "sync group");
    for (int i = 0; i < 2; ++i) check(ta_sync_group_add(group, actions[i], &err), &err, "sync group add");

    ta_node_id hips_id;
    check(ta_scene_find_by_name(model->scene, "hips", &hips_id, &err), &err, "hips");
    const ta_node *hips = ta_scene_node_const(model->scene, hips_id);
    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    printf("# walk %.9g s, run %.9g s\n", ta_clip_duration(clips[0]).seconds, ta_clip_duration(clips[1]).seconds);
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        float speed = (float)(0.5 + 2.0 * (double)k / fps);
        ta_duration dt = ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps);
        /* The weights first (the leader is the heavier), then the group, then the update. */
        check(ta_blend_space_apply(space, speed, 0.0f, actions, 2, &err), &err, "apply");
        for (int i = 0; i < 2; ++i)
            check(ta_action_set_effective_weight(actions[i], ta_action_weight(actions[i]), &err), &err, "weight");
        check(ta_sync_group_prepare(group, mixer, dt, &err), &err, "prepare");
        check(ta_mixer_update_targets(mixer, &targets, dt, &err), &err, "update");
        printf("%ld %.6f %.6g %.6g %d %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", k, ta_mixer_time(mixer).seconds,
               ta_action_weight(actions[0]), ta_action_weight(actions[1]), (int)ta_sync_group_leader(group),
               ta_action_time(actions[0]).seconds, ta_action_time(actions[1]).seconds, ta_sync_group_phase(group, 0),
               ta_sync_group_phase(group, 1), hips->position.x, hips->position.y, hips->position.z);
    }

    ta_sync_group_destroy(group);
    ta_blend_space_destroy(space);
    ta_mixer_destroy(mixer);
    for (int i = 0; i < 2; ++i) ta_clip_release(clips[i]);
    ta_model_destroy(model);
    return 0;
}
