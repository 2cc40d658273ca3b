/*
 * blend_space: walk and run blended by speed. A 1D blend space places the
 * bundled model's walk at 1.5 m/s and its run at 4 m/s; the speed rises from
 * 0.5 to 5.5 m/s over 2.5 s, and each frame the space gives the two actions
 * their weights before the mixer's update: the walk alone below 1.5, the run
 * alone above 4, and between them a blend that moves with the speed.
 *
 *     blend_space [FILE.glb]
 *
 * Output: one line per frame at 30 fps: frame, time, speed, the walk's and the
 * run's weight, and the hips' position (x y z).
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
    fprintf(stderr, "blend_space: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* An action on the model's clip of that name, given to the mixer and playing. */
static ta_action *play_clip(ta_mixer *mixer, const ta_model *model, const char *name)
{
    ta_error err = {0};
    uint32_t clip;
    check(ta_model_find_clip(model, name, &clip, &err), &err, name);
    ta_action *action;
    check(ta_action_create(model->animations[clip], NULL, &action, &err), &err, name);
    if (ta_mixer_add(mixer, action, ta_node_none(), NULL, &err) != TA_OK) {
        ta_action_destroy(action);
        check(err.code, &err, name);
    }
    check(ta_action_play(action, &err), &err, name);
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
    ta_action *actions[2] = {play_clip(mixer, model, "walk"), play_clip(mixer, model, "run")};

    const float speeds[2] = {1.5f, 4.0f}; /* where the walk and the run sit, in m/s */
    ta_blend_space_desc desc = {1, speeds, 2, NULL, 0};
    ta_blend_space *space;
    check(ta_blend_space_create(&desc, NULL, &space, &err), &err, "blend space");

    ta_node_id hips_id;
    check(ta_scene_find_by_name(model->scene, "hips", &hips_id, &err), &err, "hips");
    const ta_node *hips = ta_scene_node_const(model->scene, hips_id);
    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        float speed = (float)(0.5 + 2.0 * (double)k / fps);
        check(ta_blend_space_apply(space, speed, 0.0f, actions, 2, &err), &err, "apply");
        check(ta_mixer_update_targets(mixer, &targets, ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps), &err), &err,
              "update");
        printf("%ld %.6f %.6f %.6g %.6g %.9g %.9g %.9g\n", k, ta_mixer_time(mixer).seconds, (double)speed,
               ta_action_weight(actions[0]), ta_action_weight(actions[1]), hips->position.x, hips->position.y,
               hips->position.z);
    }

    ta_blend_space_destroy(space);
    ta_mixer_destroy(mixer);
    ta_model_destroy(model);
    return 0;
}
