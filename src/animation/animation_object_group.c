/* A set of nodes that one action plays on together (three.js AnimationObjectGroup). */
#include <string.h>

#include "core/internal.h"
#include "threeanim/animation_object_group.h"

ta_result ta_object_group_create(ta_object_group *group, const ta_allocator *allocator, ta_error *err)
{
    if (group == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "group: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    memset(group, 0, sizeof *group);
    group->allocator = mem.a;
    return TA_OK;
}

static ta__mem group_mem(const ta_object_group *group)
{
    ta__mem mem;
    mem.a = group->allocator;
    return mem;
}

void ta_object_group_destroy(ta_object_group *group)
{
    if (group == NULL || group->allocator.free == NULL) return;
    ta__mem mem = group_mem(group);
    ta__free(&mem, group->members, sizeof(ta_node_id) * group->capacity);
    group->members = NULL;
    group->count = 0;
    group->capacity = 0;
    group->version++;
}

bool ta_object_group_contains(const ta_object_group *group, ta_node_id node)
{
    if (group == NULL) return false;
    for (uint32_t i = 0; i < group->count; ++i)
        if (group->members[i].index == node.index) return true;
    return false;
}

uint32_t ta_object_group_count(const ta_object_group *group)
{
    return group != NULL ? group->count : 0;
}

ta_result ta_object_group_add(ta_object_group *group, ta_node_id node, ta_error *err)
{
    if (group == NULL || group->allocator.alloc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "group: is NULL or not initialised");
    if (ta_node_is_none(node)) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "node: is no node");
    if (ta_object_group_contains(group, node)) return TA_OK;
    ta__mem mem = group_mem(group);
    ta_result r = ta__reserve(&mem, (void **)&group->members, &group->capacity, group->count + 1, sizeof(ta_node_id),
                              err);
    if (r != TA_OK) return r;
    group->members[group->count++] = node;
    group->version++;
    return TA_OK;
}

void ta_object_group_remove(ta_object_group *group, ta_node_id node)
{
    if (group == NULL) return;
    for (uint32_t i = 0; i < group->count; ++i)
        if (group->members[i].index == node.index) {
            memmove(&group->members[i], &group->members[i + 1], sizeof(ta_node_id) * (group->count - i - 1));
            group->count--;
            group->version++;
            return;
        }
}

ta_result ta_object_group_copy(ta_object_group *dst, const ta_object_group *src, ta_error *err)
{
    if (dst == NULL || src == NULL || dst->allocator.alloc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL or not initialised",
                        src == NULL ? "src" : "dst");
    if (dst == src) return TA_OK;
    ta__mem mem = group_mem(dst);
    ta_node_id *members = NULL;
    if (src->count > 0) {
        members = (ta_node_id *)ta__calloc(&mem, src->count, sizeof(ta_node_id));
        if (members == NULL)
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a group of %u nodes", src->count);
        memcpy(members, src->members, sizeof(ta_node_id) * src->count);
    }
    ta__free(&mem, dst->members, sizeof(ta_node_id) * dst->capacity);
    dst->members = members;
    dst->count = src->count;
    dst->capacity = src->count;
    dst->version++;
    return TA_OK;
}
