/* The mixer's bindings: one per driven target property, found by a hash of the target. */
#include <string.h>

#include "animation/mixer_internal.h"

uint64_t ta__target_key(ta_track_target t)
{
    /* +1 keeps every key away from 0, the empty slot */
    return ((uint64_t)t.index << 24 | (uint64_t)(t.kind & 0xff) << 16 | (uint64_t)(t.family & 0xff) << 8 |
            (uint64_t)(t.element & 0xff)) +
           1;
}

static uint32_t hash_slot(uint64_t key, uint32_t capacity)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32) & (capacity - 1);
}

static bool hash_find(const ta_mixer *m, uint64_t key, uint32_t *out)
{
    if (m->hash_capacity == 0) return false;
    for (uint32_t i = hash_slot(key, m->hash_capacity);; i = (i + 1) & (m->hash_capacity - 1)) {
        if (m->hash_keys[i] == 0) return false;
        if (m->hash_keys[i] == key) {
            *out = m->hash_values[i];
            return true;
        }
    }
}

static void hash_put(ta_mixer *m, uint64_t key, uint32_t value)
{
    for (uint32_t i = hash_slot(key, m->hash_capacity);; i = (i + 1) & (m->hash_capacity - 1)) {
        if (m->hash_keys[i] == 0 || m->hash_keys[i] == key) {
            m->hash_keys[i] = key;
            m->hash_values[i] = value;
            return;
        }
    }
}

static void hash_rebuild(ta_mixer *m)
{
    if (m->hash_capacity == 0) return;
    memset(m->hash_keys, 0, sizeof(uint64_t) * m->hash_capacity);
    for (uint32_t i = 0; i < m->binding_count; ++i) hash_put(m, ta__target_key(m->bindings[i].target), i);
}

/* Grows the hash so that `need` keys keep it at most half full. */
static ta_result hash_reserve(ta_mixer *m, uint32_t need, ta_error *err)
{
    uint64_t want = m->hash_capacity ? m->hash_capacity : 16;
    while (want < (uint64_t)need * 2) want *= 2;
    if (want == m->hash_capacity) return TA_OK;
    if (want > (1u << 31)) return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: %u bindings are too many", need);
    uint64_t *keys = (uint64_t *)ta__calloc(&m->mem, (size_t)want, sizeof(uint64_t));
    uint32_t *values = (uint32_t *)ta__calloc(&m->mem, (size_t)want, sizeof(uint32_t));
    if (keys == NULL || values == NULL) {
        ta__free(&m->mem, keys, sizeof(uint64_t) * want);
        ta__free(&m->mem, values, sizeof(uint32_t) * want);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's bindings to %u", need);
    }
    ta__free(&m->mem, m->hash_keys, sizeof(uint64_t) * m->hash_capacity);
    ta__free(&m->mem, m->hash_values, sizeof(uint32_t) * m->hash_capacity);
    m->hash_keys = keys;
    m->hash_values = values;
    m->hash_capacity = (uint32_t)want;
    hash_rebuild(m);
    return TA_OK;
}

/* pile, orig and add share one block of 3 * slot_capacity floats. */
static ta_result grow_floats(ta_mixer *m, uint32_t need, ta_error *err)
{
    if (need <= m->slot_capacity) return TA_OK;
    uint64_t want = m->slot_capacity ? (uint64_t)m->slot_capacity * 2 : 64;
    while (want < need) want *= 2;
    if (want * 3 > UINT32_MAX) return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: too many values to hold");
    float *block = (float *)ta__calloc(&m->mem, (size_t)want * 3, sizeof(float));
    if (block == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's piles to %u values", need);
    if (m->slot_count) {
        memcpy(block, m->pile, sizeof(float) * m->slot_count);
        memcpy(block + want, m->orig, sizeof(float) * m->slot_count);
        memcpy(block + 2 * want, m->add, sizeof(float) * m->slot_count);
    }
    ta__free(&m->mem, m->pile, sizeof(float) * 3 * (size_t)m->slot_capacity);
    m->pile = block;
    m->orig = block + want;
    m->add = block + 2 * want;
    m->slot_capacity = (uint32_t)want;
    return TA_OK;
}

static ta_result grow_strings(ta_mixer *m, uint32_t need, ta_error *err)
{
    if (need <= m->str_capacity) return TA_OK;
    uint32_t want = m->str_capacity ? m->str_capacity * 2 : 4;
    while (want < need) want *= 2;
    const char **p = (const char **)ta__calloc(&m->mem, want, sizeof(char *));
    const char **a = (const char **)ta__calloc(&m->mem, want, sizeof(char *));
    char **o = (char **)ta__calloc(&m->mem, want, sizeof(char *));
    if (p == NULL || a == NULL || o == NULL) {
        ta__free(&m->mem, (void *)p, sizeof(char *) * want);
        ta__free(&m->mem, (void *)a, sizeof(char *) * want);
        ta__free(&m->mem, o, sizeof(char *) * want);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's string piles");
    }
    if (m->str_count) {
        memcpy((void *)p, (const void *)m->str_pile, sizeof(char *) * m->str_count);
        memcpy((void *)a, (const void *)m->str_add, sizeof(char *) * m->str_count);
        memcpy(o, m->str_orig, sizeof(char *) * m->str_count);
    }
    ta__free(&m->mem, (void *)m->str_pile, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_add, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, m->str_orig, sizeof(char *) * m->str_capacity);
    m->str_pile = p;
    m->str_add = a;
    m->str_orig = o;
    m->str_capacity = want;
    return TA_OK;
}

ta_result ta__mixer_reserve_bindings(ta_mixer *m, uint32_t extra, ta_error *err)
{
    if (extra == 0) return TA_OK;
    if ((uint64_t)m->binding_count + extra > (1u << 30))
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: %u more bindings are too many", extra);
    ta_result r;
    uint32_t need = m->binding_count + extra;
    if ((r = ta__reserve(&m->mem, (void **)&m->bindings, &m->binding_capacity, need, sizeof(ta__binding), err)) !=
        TA_OK)
        return r;
    if ((r = hash_reserve(m, need, err)) != TA_OK) return r;
    if ((uint64_t)m->slot_count + (uint64_t)extra * 4 > UINT32_MAX)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: too many values to hold");
    if ((r = grow_floats(m, m->slot_count + extra * 4, err)) != TA_OK) return r;
    if ((r = grow_strings(m, m->str_count + extra, err)) != TA_OK) return r;
    return TA_OK;
}

ta_result ta__mixer_bind(ta_mixer *m, ta_track_target target, uint32_t *out, ta_error *err)
{
    uint64_t key = ta__target_key(target);
    if (hash_find(m, key, out)) return TA_OK;
    ta_result r = ta__mixer_reserve_bindings(m, 1, err);
    if (r != TA_OK) return r;
    uint32_t index = m->binding_count++;
    ta__binding *b = &m->bindings[index];
    memset(b, 0, sizeof *b);
    b->target = target;
    b->type = ta_track_kind_value_type(target.kind);
    if (b->type == TA_VALUE_STRING) {
        b->size = 1;
        b->offset = m->str_count++;
        m->str_pile[b->offset] = NULL;
        m->str_add[b->offset] = NULL;
        m->str_orig[b->offset] = NULL;
    } else {
        b->size = ta_track_kind_value_size(target.kind);
        b->offset = m->slot_count;
        m->slot_count += b->size;
    }
    hash_put(m, key, index);
    m->checked = false;
    if (target.kind == TA_MATERIAL_MAP_OFFSET || target.kind == TA_MATERIAL_MAP_REPEAT ||
        target.kind == TA_MATERIAL_MAP_CENTER || target.kind == TA_MATERIAL_MAP_ROTATION)
        m->map_bindings++;
    if (target.family == TA_FAMILY_PERSPECTIVE_CAMERA || target.family == TA_FAMILY_ORTHOGRAPHIC_CAMERA)
        m->camera_bindings++;
    *out = index;
    return TA_OK;
}

void ta__mixer_drop_unused(ta_mixer *m)
{
    uint32_t live = 0, slot = 0, str = 0;
    bool any = false;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        b->dead = b->use_count == 0 && b->ref_count == 0 && !b->restore_pending && !b->driven_last;
        any = any || b->dead;
    }
    if (!any) return;
    /* Pass 1: new places. */
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        if (b->dead) {
            b->remap = TA_NONE;
            continue;
        }
        b->remap = live++;
    }
    /* Pass 2: the actions' references. */
    for (uint32_t a = 0; a < m->action_count; ++a) {
        ta_action *act = m->actions[a];
        if (act->bound)
            for (uint32_t t = 0; t < act->clip->track_count; ++t)
                if (act->bindings[t] != TA_NONE) act->bindings[t] = m->bindings[act->bindings[t]].remap;
        for (uint32_t p = 0; p < act->group_pair_count; ++p)
            act->group_bindings[p] = m->bindings[act->group_bindings[p]].remap;
    }
    /* Pass 3: move the live ones down, with their values. */
    uint32_t w = 0;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding b = m->bindings[i];
        if (b.dead) {
            if (b.type == TA_VALUE_STRING) ta__free_str(&m->mem, m->str_orig[b.offset]);
            continue;
        }
        if (b.type == TA_VALUE_STRING) {
            m->str_pile[str] = m->str_pile[b.offset];
            m->str_add[str] = m->str_add[b.offset];
            m->str_orig[str] = m->str_orig[b.offset];
            b.offset = str++;
        } else {
            memmove(m->pile + slot, m->pile + b.offset, sizeof(float) * b.size);
            memmove(m->orig + slot, m->orig + b.offset, sizeof(float) * b.size);
            memmove(m->add + slot, m->add + b.offset, sizeof(float) * b.size);
            b.offset = slot;
            slot += b.size;
        }
        m->bindings[w++] = b;
    }
    m->binding_count = w;
    m->map_bindings = 0;
    m->camera_bindings = 0;
    for (uint32_t i = 0; i < w; ++i) {
        ta_track_target t = m->bindings[i].target;
        if (t.kind == TA_MATERIAL_MAP_OFFSET || t.kind == TA_MATERIAL_MAP_REPEAT || t.kind == TA_MATERIAL_MAP_CENTER ||
            t.kind == TA_MATERIAL_MAP_ROTATION)
            m->map_bindings++;
        if (t.family == TA_FAMILY_PERSPECTIVE_CAMERA || t.family == TA_FAMILY_ORTHOGRAPHIC_CAMERA)
            m->camera_bindings++;
    }
    m->checked = false;
    m->slot_count = slot;
    m->str_count = str;
    hash_rebuild(m);
}

void ta__mixer_free_bindings(ta_mixer *m)
{
    for (uint32_t i = 0; i < m->str_count; ++i) ta__free_str(&m->mem, m->str_orig[i]);
    ta__free(&m->mem, m->bindings, sizeof(ta__binding) * m->binding_capacity);
    ta__free(&m->mem, m->hash_keys, sizeof(uint64_t) * m->hash_capacity);
    ta__free(&m->mem, m->hash_values, sizeof(uint32_t) * m->hash_capacity);
    ta__free(&m->mem, m->pile, sizeof(float) * 3 * (size_t)m->slot_capacity);
    ta__free(&m->mem, (void *)m->str_pile, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_add, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, m->str_orig, sizeof(char *) * m->str_capacity);
}
