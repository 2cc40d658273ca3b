/*
 * crowd: a hundred nodes on one clip, through an animation object group.
 *
 * The scene is built in code: 100 nodes on a 10 x 10 grid, 2 m apart. The
 * clip has two tracks: a hop (the y of the position only, an element track:
 * 0, 1, 0, 1, 0 m at 0, 0.5, 1, 1.5, 2 s), which leaves each node's x and z
 * where they are, and a turn about y (a half turn at 1 s, a whole one at
 * 2 s). One action plays the clip on every member of the group (three.js:
 * new AnimationMixer(group).clipAction(clip)), so the tracks' own node index
 * does not matter.
 *
 *     crowd
 *
 * Output: one line per frame at 30 fps for 3 s: frame, time, node 0's y, node
 * 99's y, node 0's quaternion y and w, the largest difference of any node's y
 * and quaternion from node 0's, and the largest distance any node's x and z
 * moved from the grid.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/threeanim.h"

#define CROWD 100

static void check(ta_result r, const ta_error *err, const char *what)
{
    if (r == TA_OK) return;
    fprintf(stderr, "crowd: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

static ta_track *make_track(ta_track_target target, const float *times, uint32_t keys, const float *values,
                            uint32_t value_count)
{
    ta_error err = {0};
    ta_track_desc desc = {0};
    desc.target = target;
    desc.times = times;
    desc.key_count = keys;
    desc.values = values;
    desc.value_count = value_count;
    ta_track *track;
    check(ta_track_create(&desc, NULL, &track, &err), &err, "track");
    return track;
}

static ta_clip *make_hop_and_turn(void)
{
    ta_error err = {0};
    ta_track_target y, turn;
    check(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION_ELEMENT, 1, &y, &err), &err, "y");
    check(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_QUATERNION, &turn, &err), &err, "turn");
    static const float hop_times[] = {0, 0.5f, 1, 1.5f, 2};
    static const float hop[] = {0, 1, 0, 1, 0};
    static const float turn_times[] = {0, 1, 2};
    static const float turns[] = {0, 0, 0, 1, /* */ 0, 1, 0, 0, /* */ 0, 0, 0, -1};
    ta_track *tracks[2] = {make_track(y, hop_times, 5, hop, 5), make_track(turn, turn_times, 3, turns, 12)};
    ta_clip *clip;
    if (ta_clip_create("hop_and_turn", tracks, 2, NULL, &clip, &err) != TA_OK) {
        ta_track_destroy(tracks[0]);
        ta_track_destroy(tracks[1]);
        check(err.code, &err, "clip");
    }
    return clip;
}

int main(void)
{
    ta_error err = {0};
    ta_scene *scene;
    check(ta_scene_create(NULL, &scene, &err), &err, "scene");
    ta_object_group group;
    check(ta_object_group_create(&group, NULL, &err), &err, "group");
    float grid_x[CROWD], grid_z[CROWD];
    for (int i = 0; i < CROWD; ++i) {
        char name[24]; /* room for any int, which GCC's -O1 checks ask for */
        snprintf(name, sizeof name, "walker%02d", i);
        ta_node_id id;
        check(ta_scene_add_node(scene, ta_node_none(), name, &id, &err), &err, "node");
        ta_node *node = ta_scene_node(scene, id);
        node->position.x = grid_x[i] = (float)(2 * (i % 10));
        node->position.z = grid_z[i] = (float)(2 * (i / 10));
        check(ta_object_group_add(&group, id, &err), &err, "member");
    }

    ta_clip *clip = make_hop_and_turn();
    ta_action *action;
    check(ta_action_create(clip, NULL, &action, &err), &err, "action");
    ta_clip_release(clip); /* the action holds its own reference */
    check(ta_action_set_group(action, &group, &err), &err, "use group");
    ta_object_group_destroy(&group); /* the action copied the members */
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    uint32_t index;
    if (ta_mixer_add(mixer, action, ta_node_none(), &index, &err) != TA_OK) {
        ta_action_destroy(action);
        check(err.code, &err, "add");
    }
    check(ta_action_play(action, &err), &err, "play");

    const double fps = 30, seconds = 3;
    long frames = (long)(seconds * fps + 0.5);
    for (long k = 0; k <= frames; ++k) {
        check(ta_mixer_update(mixer, scene, ta_duration_from_seconds(k == 0 ? 0.0 : 1.0 / fps), &err), &err, "update");
        const ta_node *first = &scene->nodes[0];
        double spread_y = 0, spread_q = 0, moved = 0;
        for (int i = 0; i < CROWD; ++i) {
            const ta_node *n = &scene->nodes[i];
            spread_y = fmax(spread_y, fabs(n->position.y - first->position.y));
            spread_q = fmax(spread_q, fabs(n->quaternion.x - first->quaternion.x));
            spread_q = fmax(spread_q, fabs(n->quaternion.y - first->quaternion.y));
            spread_q = fmax(spread_q, fabs(n->quaternion.z - first->quaternion.z));
            spread_q = fmax(spread_q, fabs(n->quaternion.w - first->quaternion.w));
            moved = fmax(moved, hypot(n->position.x - grid_x[i], n->position.z - grid_z[i]));
        }
        printf("%ld %.6f %.9g %.9g %.9g %.9g %.3g %.3g %.3g\n", k, ta_mixer_time(mixer).seconds,
               first->position.y, scene->nodes[CROWD - 1].position.y, first->quaternion.y, first->quaternion.w,
               spread_y, spread_q, moved);
    }

    ta_mixer_destroy(mixer);
    ta_scene_destroy(scene);
    return 0;
}
