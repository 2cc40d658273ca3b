/*
 * crossfade: a walk that turns into a run. The bundled model walks; once the
 * mixer's clock reaches 1 s the run starts from its beginning and the walk
 * cross-fades into it over half a second, with warp: during the fade each
 * action's pace also ramps toward the other's, so the feet stay in step
 * (three.js: run.reset().play(); walk.crossFadeTo(run, 0.5, true)).
 *
 *     crossfade [FILE.glb]
 *
 * Output: one line per frame at 30 fps for 2.5 s: frame, time, the walk's and
 * the run's effective weight and time scale, the hips' position (x y z) and
 * the left thigh's quaternion (x y z w).
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
    fprintf(stderr, "crossfade: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* An action on the model's clip of that name, given to the mixer. */
static ta_action *add_clip(ta_mixer *mixer, const ta_model *model, const char *name, uint32_t *out_index)
{
    ta_error err = {0};
    uint32_t clip;
    check(ta_model_find_clip(model, name, &clip, &err), &err, name);
    ta_action *action;
    check(ta_action_create(model->animations[clip], NULL, &action, &err), &err, name);
    if (ta_mixer_add(mixer, action, ta_node_none(), out_index, &err) != TA_OK) {
        ta_action_destroy(action);
        check(err.code, &err, name);
    }
    return action;
}

static const ta_node *find_node(const ta_scene *scene, const char *name)
{
    ta_error err = {0};
    ta_node_id id;
    check(ta_scene_find_by_name(scene, name, &id, &err), &err, name);
    return ta_scene_node_const(scene, id);
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    const double fps = 30, seconds = 2.5, fade_at = 1.0, fade_over = 0.5;

    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(file, NULL, &model, &err), &err, file);
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    uint32_t walk_index, run_index;
    ta_action *walk = add_clip(mixer, model, "walk", &walk_index);
    ta_action *run = add_clip(mixer, model, "run", &run_index);
    check(ta_action_play(walk, &err), &err, "play walk");

    const ta_node *hips = find_node(model->scene, "hips");
    const ta_node *thigh = find_node(model->scene, "thigh_L");
    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    int fading = 0;
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        check(ta_mixer_update_targets(mixer, &targets, ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps), &err), &err, "update");
        double now = ta_mixer_time(mixer).seconds;
        printf("%ld %.6f %.6g %.6g %.6g %.6g %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", k, now,
               ta_action_effective_weight(walk), ta_action_effective_weight(run),
               ta_action_effective_time_scale(walk), ta_action_effective_time_scale(run),
               hips->position.x, hips->position.y, hips->position.z,
               thigh->quaternion.x, thigh->quaternion.y, thigh->quaternion.z, thigh->quaternion.w);
        if (!fading && now >= fade_at - 1e-9) {
            /* The run starts from its first frame; the fade starts at the mixer's time now. */
            ta_action_reset(run);
            check(ta_action_play(run, &err), &err, "play run");
            check(ta_mixer_cross_fade_to(mixer, walk_index, run_index, ta_duration_from_seconds(fade_over), true, &err), &err,
                  "cross-fade");
            fading = 1;
        }
    }

    ta_mixer_destroy(mixer);
    ta_model_destroy(model);
    return 0;
}
