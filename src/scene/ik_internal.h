/*
 * src/scene/ik_internal.h -- what ik.c shares with the batch of two-bone
 * chains (ik_lanes.c). Not public.
 */
#ifndef THREEANIM_SRC_SCENE_IK_INTERNAL_H
#define THREEANIM_SRC_SCENE_IK_INTERNAL_H

#include "core/internal.h"
#include "threeanim/ik.h"

/* Every check ta_ik_two_bone_world makes before it writes, of descs[0 .. count) in turn: TA_OK when the
 * calls would solve them all, else the first refusal's code and message (of one call: "desc.weight: ...")
 * and its index in *out_index. */
ta_result ta__ik_two_bone_world_check_all(const ta_ik_two_bone_world_desc *descs, uint32_t count, uint32_t *out_index,
                                          ta_error *err);

#endif
