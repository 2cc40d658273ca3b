/*
 * ik: a walking character's left hand reaching for a moving target.
 *
 * The walk plays on the bundled model; each frame, after the mixer, the left
 * arm (upper_arm_L, lower_arm_L, hand_L) is turned by two-bone IK so that the
 * hand reaches a point circling in front of the shoulder, the elbow pointing
 * backwards and out; the head aims its forward axis (+z) at the same point.
 * Then the world pass, as a renderer would run it, gives where the hand is.
 * (three.js has no two-bone IK: examples/check/ik.mjs plays the walk in
 * three.js, sets the arm's two quaternions this prints, and finds the hand on
 * the target there too.)
 *
 *     ik [FILE.glb]
 *
 * Output: one line per frame at 30 fps for 2 s: frame, time, the target (x y
 * z), the upper and lower arm's quaternions (x y z w each), the hand's
 * distance to the target after IK, and whether IK reached it (1 or 0).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/threeanim.h"

#ifndef TA_EXAMPLE_MODEL
#define TA_EXAMPLE_MODEL "examples/default.glb"
#endif

static void check(ta_result r, const ta_error *err, const char *what)
{
    if (r == TA_OK) return;
    fprintf(stderr, "ik: %s: %s: %s\n", what, ta_result_name(r), err->message);
    exit(1);
}

static ta_node_id find(const ta_scene *scene, const char *name)
{
    ta_error err = {0};
    ta_node_id id;
    check(ta_scene_find_by_name(scene, name, &id, &err), &err, name);
    return id;
}

static ta_vec3 position_of(const ta_mat4 *m) { return ta_vec3_make(m->m[12], m->m[13], m->m[14]); }

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : TA_EXAMPLE_MODEL;
    ta_error err = {0};
    ta_model *model;
    check(ta_gltf_load_file(path, NULL, &model, &err), &err, path);
    ta_scene *scene = model->scene;
    uint32_t walk;
    check(ta_model_find_clip(model, "walk", &walk, &err), &err, "walk");
    ta_mixer *mixer;
    check(ta_mixer_create(ta_node_none(), NULL, &mixer, &err), &err, "mixer");
    ta_action *action;
    check(ta_action_create(model->animations[walk], NULL, &action, &err), &err, "walk");
    uint32_t index;
    if (ta_mixer_add(mixer, action, ta_node_none(), &index, &err) != TA_OK) {
        ta_action_destroy(action);
        check(TA_ERROR_BAD_STATE, &err, "add");
    }
    check(ta_action_play(action, &err), &err, "play");

    ta_pose *pose;
    check(ta_pose_create(scene, NULL, &pose, &err), &err, "pose");
    ta_mat4 *world = calloc(scene->node_count, sizeof *world);
    if (world == NULL) return 1;

    ta_ik_two_bone_desc arm = {0};
    arm.start = find(scene, "upper_arm_L");
    arm.mid = find(scene, "lower_arm_L");
    arm.end = find(scene, "hand_L");
    arm.mid_axis = ta_vec3_make(1, 0, 0); /* the elbow bends about its x axis */
    arm.pole = ta_vec3_make(0.5f, 0, -1); /* backwards and out */
    arm.weight = 1.0f;
    ta_ik_aim_desc look = {0};
    look.node = find(scene, "head");
    look.forward = ta_vec3_make(0, 0, 1);
    look.weight = 1.0f;

    for (int frame = 0; frame <= 60; ++frame) {
        double t = frame / 30.0;
        check(ta_mixer_update(mixer, scene, ta_duration_from_seconds(frame == 0 ? 0 : 1.0 / 30), &err), &err,
              "update");
        /* The target circles in front of the shoulder where the walk puts it this frame. */
        check(ta_pose_world_pass(pose, scene, arm.start, world, scene->node_count, &err), &err, "world");
        ta_vec3 shoulder = position_of(&world[arm.start.index]);
        double a = 2.0 * 3.14159265358979 * t;
        arm.target = ta_vec3_make(shoulder.x + 0.05f + 0.1f * (float)cos(a), shoulder.y - 0.1f + 0.1f * (float)sin(a),
                                  shoulder.z + 0.3f);
        look.target = arm.target;
        ta_ik_result reached;
        check(ta_ik_two_bone(scene, &arm, &reached, &err), &err, "arm");
        check(ta_ik_aim(scene, &look, NULL, &err), &err, "head");
        check(ta_pose_world_pass(pose, scene, ta_node_none(), world, scene->node_count, &err), &err, "world");
        ta_vec3 hand = position_of(&world[arm.end.index]);
        double dx = hand.x - arm.target.x, dy = hand.y - arm.target.y, dz = hand.z - arm.target.z;
        ta_quat s = scene->nodes[arm.start.index].quaternion, m = scene->nodes[arm.mid.index].quaternion;
        printf("%d %.4f %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.3g %d\n", frame, t, arm.target.x,
               arm.target.y, arm.target.z, s.x, s.y, s.z, s.w, m.x, m.y, m.z, m.w, sqrt(dx * dx + dy * dy + dz * dz),
               reached.reached ? 1 : 0);
    }
    free(world);
    ta_pose_destroy(pose);
    ta_mixer_destroy(mixer);
    ta_model_destroy(model);
    return 0;
}
