/**
 * @file
 * threeanim/animation_object_group.h -- a set of nodes that one action plays
 * on together (three.js AnimationObjectGroup).
 *
 * An action that uses a group plays each of its tracks on each member instead
 * of on the index the track names: a node kind drives the member node, a
 * MORPH_INFLUENCE (or SKINNED_MORPH_INFLUENCE) kind every mesh (skinned mesh)
 * at the member, a MATERIAL_ kind every material of every mesh at the member
 * (a material shared by several members is driven once), a LIGHT_ kind every
 * light at the member, a CAMERA_ kind every camera at the member.
 *
 *     ta_object_group crowd;
 *     ta_object_group_create(&crowd, NULL);
 *     ta_object_group_add(&crowd, first, &err);
 *     ta_object_group_add(&crowd, second, &err);
 *     ta_action_set_group(action, &crowd, &err);   // the action copies the members
 *     ta_object_group_destroy(&crowd);
 *
 * The action keeps its own copy of the group (three.js shares one group
 * between actions: a listed difference). To change the members of a playing
 * action, edit the group that ta_action_group returns.
 *
 * Ownership: the struct is the caller's (on the stack or anywhere); the member
 * list is allocated with the allocator given to ta_object_group_create and freed
 * by ta_object_group_destroy.
 */
#ifndef THREEANIM_ANIMATION_OBJECT_GROUP_H
#define THREEANIM_ANIMATION_OBJECT_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/ids.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A list of nodes one action plays on together. Initialise with ta_object_group_create. */
typedef struct ta_object_group {
    ta_node_id *members;    /**< count nodes, in the order they were added */
    uint32_t count;         /**< how many members */
    uint32_t capacity;      /**< room in members */
    uint64_t version;       /**< rises with every change, so an action can tell */
    ta_allocator allocator; /**< what the member list is allocated with */
} ta_object_group;

/**
 * Makes group an empty group that allocates with allocator (NULL: the C library's). Call it before
 * any other ta_object_group_ call.
 *
 * @ownership group is the caller's struct; free its member list with ta_object_group_destroy.
 * @errors TA_ERROR_INVALID_ARGUMENT (group NULL, an allocator with only one of alloc and free).
 * @threejs new AnimationObjectGroup().
 */
TA_API ta_result ta_object_group_create(ta_object_group *group, const ta_allocator *allocator,
                                      ta_error *err);

/**
 * Frees the member list and empties the group (it can be used again). NULL, and a group never
 * initialised with ta_object_group_create (zeroed), do nothing.
 *
 * @ownership Frees what the group allocated; the struct stays the caller's.
 * @errors None.
 * @threejs None: garbage collected.
 */
TA_API void ta_object_group_destroy(ta_object_group *group);

/**
 * Adds node at the end; a node already in the group stays where it is. Whether the node is in a
 * scene is checked when an update plays the group (TA_ERROR_MISSING_TARGET there).
 *
 * @ownership Grows the member list with the group's allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (group NULL or not initialised, node ta_node_none()),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs AnimationObjectGroup.add(object).
 */
TA_API ta_result ta_object_group_add(ta_object_group *group, ta_node_id node, ta_error *err);

/**
 * Takes a node out, keeping the order of the others; a node not in the group (or a NULL group) is
 * ignored.
 *
 * @ownership Changes the group only.
 * @errors None.
 * @threejs AnimationObjectGroup.remove(object).
 */
TA_API void ta_object_group_remove(ta_object_group *group, ta_node_id node);

/**
 * True if node is a member (false for a NULL group).
 *
 * @ownership None.
 * @errors None.
 * @threejs None: three.js keeps a map of uuids inside.
 */
TA_API bool ta_object_group_contains(const ta_object_group *group, ta_node_id node);

/**
 * How many nodes the group holds (0 for NULL).
 *
 * @ownership None.
 * @errors None.
 * @threejs The number of objects: AnimationObjectGroup.stats.objects.total.
 */
TA_API uint32_t ta_object_group_count(const ta_object_group *group);

/**
 * Replaces dst's members (dst initialised, with its own allocator) by src's. On failure dst is
 * unchanged.
 *
 * @ownership dst copies the list with its own allocator; src is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (dst or src NULL, dst not initialised), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js shares one group by reference.
 */
TA_API ta_result ta_object_group_copy(ta_object_group *dst, const ta_object_group *src,
                                      ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
