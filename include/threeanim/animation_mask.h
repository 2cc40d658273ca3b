/**
 * @file
 * threeanim/animation_mask.h -- per-target weights for an action: play the
 * upper body of one clip over the lower body of another.
 *
 * A mask holds a weight from 0 to 1 per target: per node for the node kinds
 * (position, quaternion, scale, visible, name), and per mesh (or one morph
 * target of it), material, light or camera for the others. Targets not set
 * take the mask's default weight (0 unless options say otherwise). Set
 * weights by node, by subtree ("the left arm and below"), by name, by an
 * array over the node indices, or by target.
 *
 *     ta_mask *upper;
 *     ta_mask_create(NULL, &upper, &err);                  // everything 0
 *     ta_mask_set_subtree(upper, scene, spine, 1.0f, &err); // spine and below: 1
 *     ta_action_set_mask(wave, upper, &err);                // the action copies it
 *     ta_mask_destroy(upper);
 *
 * The rule. An action with weight w (its effective weight: weight, fade and
 * enabled) and mask m gives each target it drives the weight w * m(target).
 * Everything the mixer does with an action's weight it then does per target:
 * the weighted mean of normal actions, the rest toward the value the target
 * held before anything drove it when the weights sum below one, and the
 * additive actions' shares. So a masked cross-fade, fade or additive layer
 * works bone by bone, and a target whose weight is 0 is left to the other
 * actions (or to its original). Since every value is continuous in the
 * weights, a mask (or a fade under it) that moves a weight from 0 up never
 * pops: the pose at weight e is within e times the distance to the masked
 * clip's value of the pose without it.
 *
 * An action with no mask is mixed exactly as three.js mixes it, with the
 * same code path and cost.
 *
 * Ownership: the caller owns a mask (ta_mask_destroy); ta_action_set_mask
 * copies it into the action, so later changes to the mask reach the action
 * only by setting it again.
 */
#ifndef THREEANIM_ANIMATION_MASK_H
#define THREEANIM_ANIMATION_MASK_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_action.h"
#include "threeanim/ids.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A mask (opaque): a weight per target. */
typedef struct ta_mask ta_mask;

/**
 * The most nodes a mask holds weights for when its options give no max_nodes: node indices from 0
 * to TA_MASK_MAX_NODES - 1, the loaders' default limit on a scene's nodes (ta_load_limits). A mask
 * keeps one weight per node up to the highest it was given, so a bound keeps a stray index from
 * costing a gigabyte.
 */
#define TA_MASK_MAX_NODES (1u << 20)

/** How to make a mask; zeroed (or NULL) means the defaults. */
typedef struct ta_mask_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    float default_weight;          /**< 0: a target not set has weight 0; else in (0, 1] */
    /** 0: TA_MASK_MAX_NODES; else the mask's nodes are 0 .. max_nodes - 1: give the scene's
     * node_count to bound the mask by its scene. ta_mask_set_node and ta_mask_set_nodes
     * refuse a node past it, ta_mask_set_subtree and ta_mask_set_named a scene with more nodes. */
    uint32_t max_nodes;
} ta_mask_options;

/** In ta_mask_set_target: every element (every morph target of a mesh). */
#define TA_MASK_ALL_ELEMENTS (-1)

/**
 * A mask with every target at options->default_weight. options may be NULL.
 *
 * @ownership The caller owns the mask (ta_mask_destroy).
 * @errors TA_ERROR_INVALID_ARGUMENT (out_mask NULL, a bad allocator), TA_ERROR_NOT_A_NUMBER,
 * TA_ERROR_OUT_OF_RANGE (a default weight outside [0, 1]), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js has no masks (filter the tracks of a clip instead).
 */
TA_API ta_result ta_mask_create(const ta_mask_options *options, ta_mask **out_mask, ta_error *err);

/**
 * Frees a mask. NULL does nothing.
 *
 * @ownership Frees mask.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_mask_destroy(ta_mask *mask);

/**
 * Sets one node's weight (for every node kind on it).
 *
 * @ownership Changes mask only.
 * @errors TA_ERROR_INVALID_ARGUMENT (mask NULL, node none), TA_ERROR_NOT_A_NUMBER,
 * TA_ERROR_OUT_OF_RANGE (weight outside [0, 1]), TA_ERROR_LIMIT_EXCEEDED (a node past the mask's
 * max_nodes: "node: index 268435456 is past the mask's 1048576 nodes ..."), TA_ERROR_OUT_OF_MEMORY.
 * A refused call changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_mask_set_node(ta_mask *mask, ta_node_id node, float weight, ta_error *err);

/**
 * Sets the weight of node and of every node below it in scene.
 *
 * @ownership Changes mask; scene is only read.
 * @errors As ta_mask_set_node, and TA_ERROR_INVALID_ARGUMENT (scene NULL), TA_ERROR_MISSING_TARGET
 * (node not in scene), TA_ERROR_LIMIT_EXCEEDED (a scene of more nodes than the mask's max_nodes).
 * @threejs None (object.traverse over the subtree).
 */
TA_API ta_result ta_mask_set_subtree(ta_mask *mask, const ta_scene *scene, ta_node_id node, float weight,
                                     ta_error *err);

/**
 * Sets the weight of the node of scene named name (the first, as ta_scene_find_by_name finds it);
 * with subtree, also of every node below it.
 *
 * @ownership Changes mask; scene and name are only read.
 * @errors As ta_mask_set_subtree, and TA_ERROR_NOT_FOUND (no node of that name).
 * @threejs None (scene.getObjectByName).
 */
TA_API ta_result ta_mask_set_named(ta_mask *mask, const ta_scene *scene, const char *name, bool subtree,
                                   float weight, ta_error *err);

/**
 * Sets the weights of nodes 0 to count - 1 from an array.
 *
 * @ownership Changes mask; weights is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (mask NULL, weights NULL with count above 0),
 * TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE (the index and value of the first weight outside [0,
 * 1]), TA_ERROR_LIMIT_EXCEEDED (count past the mask's max_nodes), TA_ERROR_OUT_OF_MEMORY. A refused
 * call changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_mask_set_nodes(ta_mask *mask, const float *weights, uint32_t count, ta_error *err);

/**
 * Sets the weight of a target of another family: a mesh or skinned mesh (element: one morph
 * target, or TA_MASK_ALL_ELEMENTS), a material, a light or a camera (element ignored). A morph
 * target's own weight wins over its mesh's.
 *
 * @ownership Changes mask only.
 * @errors TA_ERROR_INVALID_ARGUMENT (mask NULL; TA_TARGET_FAMILY_NODE, which ta_mask_set_node sets),
 * TA_ERROR_UNKNOWN_ENUM (family), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE,
 * TA_ERROR_OUT_OF_MEMORY. A refused call changes nothing.
 * @threejs None.
 */
TA_API ta_result ta_mask_set_target(ta_mask *mask, ta_target_family family, uint32_t index, int32_t element,
                                    float weight, ta_error *err);

/**
 * The weight the mask gives target; 1 for a NULL mask (no mask masks nothing).
 *
 * @ownership Reads mask only.
 * @errors None.
 * @threejs None.
 */
TA_API float ta_mask_weight(const ta_mask *mask, ta_track_target target);

/**
 * Gives the action a copy of mask (NULL: no mask, three.js's mixing). It takes effect at the next
 * update.
 *
 * @ownership The action keeps its own copy (with its own allocator); mask stays the caller's.
 * @errors TA_ERROR_INVALID_ARGUMENT (action NULL), TA_ERROR_OUT_OF_MEMORY. A refused call keeps
 * the action's mask as it was.
 * @threejs None.
 */
TA_API ta_result ta_action_set_mask(ta_action *action, const ta_mask *mask, ta_error *err);

/**
 * The action's copy of its mask; NULL if it has none (or action is NULL).
 *
 * @ownership Points into the action: valid until the next ta_action_set_mask or the action's end.
 * @errors None.
 * @threejs None.
 */
TA_API const ta_mask *ta_action_mask(const ta_action *action);

#ifdef __cplusplus
}
#endif

#endif
