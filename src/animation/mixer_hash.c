/* Target -> binding: the open-addressed hash over the mixer's binding
 * records (mixer_internal.h), below both the lifecycle (mixer_bindings.c)
 * and the fused path (mixer_fused.c), which find bindings by target. */
#include <string.h>

#include "animation/mixer_internal.h"

static bool same_target(const ta__target *a, ta_track_target b)
{
    return a->index == b.index && a->kind == (uint8_t)b.kind && a->family == (uint8_t)b.family &&
           a->element == b.element;
}

static uint32_t hash_slot(ta_track_target t, uint32_t capacity)
{
    uint64_t key = (uint64_t)t.index << 16 | (uint64_t)(t.kind & 0xff) << 8 | (uint64_t)(t.family & 0xff);
    uint64_t h = (key + 1) * 0x9E3779B97F4A7C15ull;
    h = (h ^ (h >> 29) ^ t.element) * 0xBF58476D1CE4E5B9ull;
    return (uint32_t)(h >> 32) & (capacity - 1);
}

uint32_t ta__mixer_find(const ta_mixer *m, ta_track_target target)
{
    if (m->hash_capacity == 0) return TA_NONE;
    for (uint32_t i = hash_slot(target, m->hash_capacity);; i = (i + 1) & (m->hash_capacity - 1)) {
        uint32_t v = m->hash[i];
        if (v == 0) return TA_NONE;
        if (same_target(&m->bindings[v - 1].target, target)) return v - 1;
    }
}

void ta__mixer_hash_put(ta_mixer *m, uint32_t index)
{
    ta_track_target t = ta__binding_target(&m->bindings[index]);
    uint32_t i = hash_slot(t, m->hash_capacity);
    while (m->hash[i] != 0) i = (i + 1) & (m->hash_capacity - 1);
    m->hash[i] = index + 1;
}

void ta__mixer_hash_rebuild(ta_mixer *m)
{
    if (m->hash_capacity == 0) return;
    memset(m->hash, 0, sizeof(uint32_t) * m->hash_capacity);
    for (uint32_t i = 0; i < m->binding_count; ++i) ta__mixer_hash_put(m, i);
}

/* A hash at most three quarters full for `need` keys, from `from` slots up. */
uint64_t ta__mixer_hash_size(uint64_t from, uint32_t need)
{
    uint64_t want = from ? from : 8;
    while (want * 3 < (uint64_t)need * 4) want *= 2;
    return want;
}

ta_result ta__mixer_hash_reserve(ta_mixer *m, uint32_t need, ta_error *err)
{
    uint64_t want = ta__mixer_hash_size(m->hash_capacity, need);
    if (want == m->hash_capacity) return TA_OK;
    if (want > (1u << 31)) return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: %u bindings are too many", need);
    uint32_t *hash = (uint32_t *)ta__calloc(&m->mem, (size_t)want, sizeof(uint32_t));
    if (hash == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's bindings to %u", need);
    ta__free(&m->mem, m->hash, sizeof(uint32_t) * m->hash_capacity);
    m->hash = hash;
    m->hash_capacity = (uint32_t)want;
    ta__mixer_hash_rebuild(m);
    return TA_OK;
}
