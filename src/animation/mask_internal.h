/*
 * src/animation/mask_internal.h -- a mask's layout, for the mixer. Not public.
 *
 * Node weights are a dense array over node indices (a lookup per binding is
 * one load); the other families are a short list searched in full, the
 * morph-target entries before the whole-mesh ones.
 */
#ifndef THREEANIM_SRC_ANIMATION_MASK_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_MASK_INTERNAL_H

#include "core/internal.h"
#include "threeanim/animation_mask.h"

typedef struct ta__mask_entry {
    uint8_t family;
    int32_t element; /* TA_MASK_ALL_ELEMENTS or one */
    uint32_t index;
    float weight;
} ta__mask_entry;

struct ta_mask {
    ta__mem mem;
    float default_weight;
    uint32_t max_nodes;    /* resolved: node indices stay below it */
    float *nodes;          /* node_count weights; nodes past it take default_weight */
    uint32_t node_count;
    uint32_t node_capacity;
    ta__mask_entry *entries;
    uint32_t entry_count;
    uint32_t entry_capacity;
};

/* ta_mask_weight without the NULL check. */
float ta__mask_lookup(const ta_mask *mask, ta_track_target target);

/* The weight on node `index` (every node kind's): ta__mask_lookup's node family, inline for the
 * fused path's masked mix, which asks once a lane and update. */
static inline float ta__mask_node_weight(const ta_mask *mask, uint32_t index)
{
    return index < mask->node_count ? mask->nodes[index] : mask->default_weight;
}
/* A copy of mask with mem's allocator (NULL on out of memory). */
ta_mask *ta__mask_copy(const ta_mask *mask, const ta__mem *mem);

#endif
