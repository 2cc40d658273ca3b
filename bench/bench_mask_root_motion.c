/* The cost of an update with a mask and with root motion, against without:
 * a rig of 64 nodes (position and quaternion tracks, 30 keys each) played by
 * one action, updated at 60 Hz. Usage: bench_mask_root_motion MODE [UPDATES]
 * with MODE plain, mask, root (translation) or root_yaw (and the turn); or, with
 * a second action of another clip over the first (an upper body over a walk),
 * blend (both whole) or layer (the second masked to the upper half of the rig).
 * Prints the wall time per update (noisy on a shared machine); run it under
 * `valgrind --tool=callgrind` for instruction counts, which are not. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "threeanim/threeanim.h"

enum { NODES = 64, KEYS = 30 };

static void check(ta_result r, const ta_error *err)
{
    if (r != TA_OK) {
        fprintf(stderr, "bench_mask_root_motion: %s\n", err->message);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "plain";
    long updates = argc > 2 ? atol(argv[2]) : 20000;
    ta_error err = {0};
    ta_scene *scene;
    check(ta_scene_create(NULL, &scene, &err), &err);
    ta_node_id nodes[NODES], parent = ta_node_none();
    for (int i = 0; i < NODES; ++i) {
        char name[16];
        snprintf(name, sizeof name, "n%d", i);
        check(ta_scene_add_node(scene, parent, name, &nodes[i], &err), &err);
        parent = nodes[i];
    }
    /* clip 0 the walk; clip 1 the upper body's, its turns 0.3 radians ahead */
    ta_clip *clips[2];
    for (int c = 0; c < 2; ++c) {
        ta_track *tracks[2 * NODES];
        float times[KEYS], pos[3 * KEYS], rot[4 * KEYS];
        for (int k = 0; k < KEYS; ++k) {
            times[k] = (float)k / (KEYS - 1);
            double a = 0.1 * k + 0.3 * c;
            pos[3 * k] = (float)k;
            pos[3 * k + 1] = (float)sin(a);
            pos[3 * k + 2] = 0;
            rot[4 * k] = 0;
            rot[4 * k + 1] = (float)sin(a / 2);
            rot[4 * k + 2] = 0;
            rot[4 * k + 3] = (float)cos(a / 2);
        }
        for (int i = 0; i < NODES; ++i) {
            ta_track_desc d = {0};
            d.times = times;
            d.key_count = KEYS;
            check(ta_track_target_node(nodes[i], TA_TRACK_KIND_POSITION, &d.target, &err), &err);
            d.values = pos;
            d.value_count = 3 * KEYS;
            check(ta_track_create(&d, NULL, &tracks[2 * i], &err), &err);
            check(ta_track_target_node(nodes[i], TA_TRACK_KIND_QUATERNION, &d.target, &err), &err);
            d.values = rot;
            d.value_count = 4 * KEYS;
            check(ta_track_create(&d, NULL, &tracks[2 * i + 1], &err), &err);
        }
        check(ta_clip_create(c == 0 ? "walk" : "upper", tracks, 2 * NODES, NULL, &clips[c], &err), &err);
    }
    ta_clip *clip = clips[0];
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err);
    ta_action *action, *upper = NULL;
    check(ta_action_create(clip, NULL, &action, &err), &err);
    check(ta_mixer_add(mixer, action, ta_node_none(), NULL, &err), &err);
    const bool two = strcmp(mode, "blend") == 0 || strcmp(mode, "layer") == 0;
    if (two) {
        check(ta_action_create(clips[1], NULL, &upper, &err), &err);
        check(ta_mixer_add(mixer, upper, ta_node_none(), NULL, &err), &err);
    }
    if (strcmp(mode, "mask") == 0 || strcmp(mode, "layer") == 0) {
        ta_mask *mask;
        check(ta_mask_create(NULL, &mask, &err), &err);
        check(ta_mask_set_subtree(mask, scene, nodes[NODES / 2], 1.0f, &err), &err);
        check(ta_action_set_mask(two ? upper : action, mask, &err), &err);
        ta_mask_destroy(mask);
    } else if (strcmp(mode, "root") == 0 || strcmp(mode, "root_yaw") == 0) {
        ta_root_motion_options o = {nodes[0], true, strcmp(mode, "root_yaw") == 0};
        check(ta_mixer_set_root_motion(mixer, &o, &err), &err);
    } else if (strcmp(mode, "plain") != 0 && !two) {
        fprintf(stderr, "bench_mask_root_motion: MODE is plain, mask, root, root_yaw, blend or layer\n");
        return 2;
    }
    if (upper != NULL) check(ta_action_play(upper, &err), &err);
    check(ta_action_play(action, &err), &err);
    check(ta_mixer_update(mixer, scene, ta_duration_from_seconds(0), &err), &err); /* bindings made here */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < updates; ++i) check(ta_mixer_update(mixer, scene, ta_duration_from_seconds(1.0 / 60), &err), &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / (double)updates;
    printf("%s: %.0f ns per update (%d tracks)\n", mode, ns, 2 * NODES);
    ta_mixer_destroy(mixer);
    ta_clip_release(clips[0]);
    ta_clip_release(clips[1]);
    ta_scene_destroy(scene);
    return 0;
}
