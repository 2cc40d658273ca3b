/*
 * play_gltf: plays one clip of a glTF file and prints where one node is at
 * each frame.
 *
 *     play_gltf [FILE.glb [CLIP [NODE [SECONDS [FPS]]]]]
 *
 * FILE defaults to the bundled examples/default.glb, CLIP to the file's first
 * clip, NODE to the node of the clip's first position track (else of its
 * first track), SECONDS to 2 and FPS to 30. The clip repeats, as a three.js
 * action does by default. The mixer is stepped by a fixed 1/FPS (a render
 * loop would use ta_clock_delta); frame 0 is an update of no time, which
 * shows the pose at the clip's start.
 *
 * Output: a comment line naming the file, the clip and the node, then one
 * line per frame: frame, time in seconds, x, y, z.
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
    fprintf(stderr, "play_gltf: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

/* The node of the clip's first POSITION track, else of its first node track. */
static ta_node_id default_node(const ta_clip *clip)
{
    ta_node_id any = ta_node_none();
    for (uint32_t i = 0; i < ta_clip_track_count(clip); ++i) {
        ta_track_target target = ta_track_target_of(ta_clip_track(clip, i));
        if (target.family != TA_TARGET_FAMILY_NODE) continue;
        if (target.kind == TA_TRACK_KIND_POSITION) return ta_node_at(target.index);
        if (ta_node_is_none(any)) any = ta_node_at(target.index);
    }
    return any;
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    const char *clip_name = argc > 2 ? argv[2] : NULL;
    const char *node_name = argc > 3 ? argv[3] : NULL;
    double seconds = argc > 4 ? atof(argv[4]) : 2.0;
    double fps = argc > 5 ? atof(argv[5]) : 30.0;
    if (!(fps > 0) || !(seconds >= 0)) {
        fprintf(stderr, "usage: play_gltf [FILE.glb [CLIP [NODE [SECONDS [FPS]]]]]\n");
        return 2;
    }

    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(file, NULL, &model, &err), &err, file);
    if (model->animation_count == 0) {
        fprintf(stderr, "play_gltf: %s has no animations\n", file);
        return 1;
    }
    uint32_t clip_index = 0;
    if (clip_name != NULL) check(ta_model_find_clip(model, clip_name, &clip_index, &err), &err, "clip");
    const ta_clip *clip = model->animations[clip_index];

    ta_node_id node = default_node(clip);
    if (node_name != NULL) check(ta_scene_find_by_name(model->scene, node_name, &node, &err), &err, "node");
    if (ta_node_is_none(node)) {
        fprintf(stderr, "play_gltf: clip %s drives no node\n", ta_clip_name(clip));
        return 1;
    }

    /* The action retains the clip; the mixer takes the action. */
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    ta_action *action;
    check(ta_action_create(clip, NULL, &action, &err), &err, "action");
    uint32_t index;
    if (ta_mixer_add(mixer, action, ta_node_none(), &index, &err) != TA_OK) {
        ta_action_destroy(action); /* a refused add leaves the action with us */
        check(err.code, &err, "add");
    }
    check(ta_action_play(action, &err), &err, "play");

    /* The assets and cameras too: a glTF clip may drive a material or a camera. */
    ta_mixer_targets targets = {model->scene, model->assets, model->cameras};
    const ta_node *n = ta_scene_node_const(model->scene, node);
    printf("# %s, clip %s (%.6g s), node %s\n", file, ta_clip_name(clip), ta_clip_duration(clip).seconds,
           n->name[0] ? n->name : "(unnamed)");
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        check(ta_mixer_update_targets(mixer, &targets, ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps), &err), &err, "update");
        printf("%ld %.6f %.9g %.9g %.9g\n", k, ta_mixer_time(mixer).seconds, n->position.x, n->position.y,
               n->position.z);
    }

    ta_mixer_destroy(mixer); /* frees the action, which releases the clip */
    ta_model_destroy(model);
    return 0;
}
