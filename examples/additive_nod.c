/*
 * additive_nod: a nod added on top of a walk.
 *
 * The nod is built in code as poses of the head: its rest pose turned about x
 * by 0, 0.35, -0.1 and 0 radians at 0, 0.3, 0.6 and 1.2 s. ta_clip_make_additive
 * turns those poses into changes from the nod's first frame (the rest pose),
 * so the nod can be added to whatever the walk does with the head. It plays at
 * a weight of 0.75 while the walk plays at 1; the two clips have different
 * lengths (1.2 s and 1 s), so they drift against each other.
 * (three.js: AnimationUtils.makeClipAdditive(nod); mixer.clipAction(nod) is
 * additive because the clip is.)
 *
 *     additive_nod [FILE.glb]
 *
 * Output: one line per frame at 30 fps for 2.4 s: frame, time, and the head's
 * quaternion (x y z w).
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
    fprintf(stderr, "additive_nod: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* The head's rest pose turned about x at each key: absolute poses, one clip. */
static ta_clip *make_nod(ta_node_id head, ta_quat rest)
{
    static const float times[] = {0.0f, 0.3f, 0.6f, 1.2f};
    static const float angles[] = {0.0f, 0.35f, -0.1f, 0.0f};
    float values[4 * 4];
    for (int i = 0; i < 4; ++i) {
        ta_euler turn = {angles[i], 0, 0};
        ta_quat q = ta_quat_multiply(rest, ta_quat_from_euler(turn));
        values[4 * i + 0] = q.x;
        values[4 * i + 1] = q.y;
        values[4 * i + 2] = q.z;
        values[4 * i + 3] = q.w;
    }
    ta_error err = {0};
    ta_track_desc desc = {0};
    check(ta_track_target_node(head, TA_TRACK_KIND_QUATERNION, &desc.target, &err), &err, "target");
    desc.times = times;
    desc.key_count = 4;
    desc.values = values;
    desc.value_count = 16;
    ta_track *track;
    check(ta_track_create(&desc, NULL, &track, &err), &err, "nod track");
    ta_clip *clip;
    if (ta_clip_create("nod", &track, 1, NULL, &clip, &err) != TA_OK) {
        ta_track_destroy(track); /* a refused clip leaves the track with us */
        check(err.code, &err, "nod clip");
    }
    return clip;
}

static ta_action *add_action(ta_mixer *mixer, const ta_clip *clip)
{
    ta_error err = {0};
    ta_action *action;
    check(ta_action_create(clip, NULL, &action, &err), &err, ta_clip_name(clip));
    uint32_t index;
    if (ta_mixer_add(mixer, action, ta_node_none(), &index, &err) != TA_OK) {
        ta_action_destroy(action);
        check(err.code, &err, "add");
    }
    check(ta_action_play(action, &err), &err, "play");
    return action;
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(file, NULL, &model, &err), &err, file);
    uint32_t walk_clip;
    check(ta_model_find_clip(model, "walk", &walk_clip, &err), &err, "walk");
    ta_node_id head_id;
    check(ta_scene_find_by_name(model->scene, "head", &head_id, &err), &err, "head");
    const ta_node *head = ta_scene_node_const(model->scene, head_id);

    /* Changes from the nod's own frame 0 at 30 fps, three.js's defaults. */
    ta_clip *nod_poses = make_nod(head_id, head->quaternion);
    ta_clip *nod;
    check(ta_clip_make_additive(nod_poses, 0, NULL, TA_CLIP_DEFAULT_FPS, NULL, &nod, &err), &err, "additive");
    ta_clip_release(nod_poses); /* the additive clip is a new clip; the poses are not needed */

    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    add_action(mixer, model->animations[walk_clip]);
    ta_action *nodding = add_action(mixer, nod); /* ADDITIVE_BLEND_MODE, from the clip */
    ta_clip_release(nod);                        /* the action holds its own reference */
    check(ta_action_set_weight(nodding, 0.75f, &err), &err, "weight");

    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    const double fps = 30, seconds = 2.4;
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        check(ta_mixer_update_targets(mixer, &targets, ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps), &err), &err, "update");
        printf("%ld %.6f %.9g %.9g %.9g %.9g\n", k, ta_mixer_time(mixer).seconds, head->quaternion.x,
               head->quaternion.y, head->quaternion.z, head->quaternion.w);
    }

    ta_mixer_destroy(mixer);
    ta_model_destroy(model);
    return 0;
}
