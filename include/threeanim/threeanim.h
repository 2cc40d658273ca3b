/**
 * @file
 * threeanim/threeanim.h -- every public header of threeanim.
 *
 * threeanim is three.js's animation system in C11: keyframe tracks, clips,
 * actions and a mixer that blends them into a scene, with typed targets in
 * place of string paths. Include this, or only the headers you use.
 */
#ifndef THREEANIM_THREEANIM_H
#define THREEANIM_THREEANIM_H

#include "threeanim/allocator.h"
#include "threeanim/animation_action.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_clip_creator.h"
#include "threeanim/animation_json.h"
#include "threeanim/animation_markers.h"
#include "threeanim/animation_mask.h"
#include "threeanim/animation_seek.h"
#include "threeanim/animation_mixer.h"
#include "threeanim/animation_object_group.h"
#include "threeanim/animation_utils.h"
#include "threeanim/blend_space.h"
#include "threeanim/sync_group.h"
#include "threeanim/camera.h"
#include "threeanim/clip_compress.h"
#include "threeanim/color.h"
#include "threeanim/file.h"
#include "threeanim/frame.h"
#include "threeanim/gltf.h"
#include "threeanim/ik.h"
#include "threeanim/instance.h"
#include "threeanim/ids.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/light.h"
#include "threeanim/material.h"
#include "threeanim/math.h"
#include "threeanim/model.h"
#include "threeanim/object_json.h"
#include "threeanim/property.h"
#include "threeanim/random.h"
#include "threeanim/result.h"
#include "threeanim/pose.h"
#include "threeanim/rebind.h"
#include "threeanim/root_motion.h"
#include "threeanim/scene.h"
#include "threeanim/skin.h"
#include "threeanim/units.h"
#include "threeanim/worker_pool.h"

#endif
