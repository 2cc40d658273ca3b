/* A program that loads nothing: it builds a node, a track and a clip in code,
 * plays them through the mixer and prints where the node is after one second.
 * It includes only the runtime's headers and links only the runtime library
 * (threeanim-runtime), so it builds and runs with no JSON library at all. */
#include <stdio.h>

#include "threeanim/animation_action.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_mixer.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/scene.h"

int main(void)
{
    ta_error err = {0};
    ta_scene *scene = NULL;
    ta_node_id box;
    ta_track_target target;
    ta_track *slide = NULL;
    ta_clip *clip = NULL;
    ta_mixer *mixer = NULL;
    ta_action *action = NULL;
    const float times[] = {0, 2};
    const float values[] = {0, 0, 0, 4, 0, 0};
    ta_track_desc desc = {0};
    int ok = ta_scene_create(NULL, &scene, &err) == TA_OK &&
             ta_scene_add_node(scene, ta_node_none(), "box", &box, &err) == TA_OK &&
             ta_track_target_node(box, TA_TRACK_KIND_POSITION, &target, &err) == TA_OK;
    if (ok) {
        desc.target = target;
        desc.times = times;
        desc.key_count = 2;
        desc.values = values;
        desc.value_count = 6;
        ok = ta_track_create(&desc, NULL, &slide, &err) == TA_OK &&
             ta_clip_create("slide", &slide, 1, NULL, &clip, &err) == TA_OK &&
             ta_mixer_create(ta_node_none(), NULL, &mixer, &err) == TA_OK &&
             ta_action_create(clip, NULL, &action, &err) == TA_OK &&
             ta_mixer_add(mixer, action, ta_node_none(), NULL, &err) == TA_OK &&
             ta_action_play(action, &err) == TA_OK &&
             ta_mixer_update(mixer, scene, ta_duration_from_seconds(1.0), &err) == TA_OK;
    }
    if (ok) printf("box at x = %g after 1 s\n", (double)ta_scene_node_const(scene, box)->position.x);
    else fprintf(stderr, "runtime_only: %s\n", err.message);
    ta_mixer_destroy(mixer);
    ta_clip_release(clip);
    ta_scene_destroy(scene);
    return ok ? 0 : 1;
}
