/*
 * tools/threeanim/replay_rig.h -- the replay format's ops that last across
 * updates (docs/replay.md): a sync group, prepared before each update, and
 * IK chains, applied after each update or set_time on the pose the mixer
 * wrote. Their state lives here; replay.c calls these around its updates and
 * adds their part to each line ("sync", "ik"). A file that uses none of these
 * ops prints the same lines as before.
 */
#ifndef THREEANIM_TOOLS_REPLAY_RIG_H
#define THREEANIM_TOOLS_REPLAY_RIG_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "threeanim/threeanim.h"

#define REPLAY_RIG_MAX_CHAINS 16

typedef struct replay_rig {
    ta_sync_group *sync;
    uint32_t two_count, aim_count;
    ta_ik_two_bone_desc two[REPLAY_RIG_MAX_CHAINS];
    ta_ik_aim_desc aim[REPLAY_RIG_MAX_CHAINS];
    ta_ik_result two_result[REPLAY_RIG_MAX_CHAINS], aim_result[REPLAY_RIG_MAX_CHAINS];
} replay_rig;

/* sync_group, ik_two_bone, ik_aim, ik_clear; *handled is false for any other op. */
int replay_rig_op(replay_rig *rig, ta_mixer *mixer, const ta_model *model, bool gltf, json_t *step, const char *what,
                  bool *handled);

/* Before an update of delta: the sync group's prepare. */
int replay_rig_before_update(replay_rig *rig, const ta_mixer *mixer, double delta, const char *what);

/* After an update or set_time: the IK chains, in the order given. */
int replay_rig_after_update(replay_rig *rig, ta_scene *scene, const char *what);

/* ", \"sync\": {...}" and ", \"ik\": [...]" when there is a group or a chain. */
void replay_rig_print(FILE *out, const replay_rig *rig, const ta_scene *scene);

void replay_rig_free(replay_rig *rig);

#endif
