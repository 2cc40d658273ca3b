/* The mixer's bindings: one per driven target property (found by a hash of
 * the target, mixer_hash.c), and their whole lifecycle (made, referenced,
 * used, group actions' members bound, originals read, marked at the commit,
 * restored, dropped by the cache). No other file changes their counts or
 * marks; the fused path parks and unparks the records while it holds their
 * values (mixer_fused.c). */
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/mixer_internal.h"
#include "animation/property_access.h"
#include "animation/track_rules.h"
#include "scene/scene_internal.h"

/* Moves a float array into a new one of new_cap floats (zeroed past count). */
static float *regrow(ta_mixer *m, const float *old, uint32_t count, uint32_t new_cap)
{
    float *f = (float *)ta__calloc(&m->mem, new_cap, sizeof(float));
    if (f != NULL && count > 0) memcpy(f, old, sizeof(float) * count);
    return f;
}

static ta_result grow_floats(ta_mixer *m, uint32_t need, ta_error *err)
{
    if (need <= m->slot_capacity) return TA_OK;
    float *block = (float *)ta__calloc(&m->mem, (size_t)need * 3, sizeof(float));
    float *add = m->wants_add ? regrow(m, m->add, m->slot_count, need) : NULL;
    if (block == NULL || (m->wants_add && add == NULL)) {
        ta__free(&m->mem, block, sizeof(float) * 3 * (size_t)need);
        ta__free(&m->mem, add, sizeof(float) * need);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's piles to %u values", need);
    }
    if (m->slot_count) {
        memcpy(block, m->pile, sizeof(float) * m->slot_count);
        memcpy(block + need, m->orig, sizeof(float) * m->slot_count);
        memcpy(block + 2 * (size_t)need, m->last, sizeof(float) * m->slot_count);
    }
    ta__free(&m->mem, m->float_block, sizeof(float) * 3 * (size_t)m->slot_capacity);
    if (m->wants_add) {
        ta__free(&m->mem, m->add, sizeof(float) * m->add_capacity);
        m->add = add;
        m->add_capacity = need;
    }
    m->float_block = block;
    m->pile = block;
    m->orig = block + need;
    m->last = block + 2 * (size_t)need;
    m->slot_capacity = need;
    return TA_OK;
}

ta_result ta__mixer_need_additive(ta_mixer *m, ta_error *err)
{
    /* the fused path holds the last written values: give them back before they move */
    ta_result r = ta__fused_release(m, err);
    if (r != TA_OK) return r;
    if (m->wants_add) return TA_OK;
    if (m->slot_capacity == 0) {
        m->wants_add = true; /* grow_floats makes it with the piles */
        return TA_OK;
    }
    float *add = (float *)ta__calloc(&m->mem, m->slot_capacity, sizeof(float));
    if (add == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making the mixer's additive piles");
    m->add = add;
    m->add_capacity = m->slot_capacity;
    m->wants_add = true;
    return TA_OK;
}

static ta_result grow_strings(ta_mixer *m, uint32_t need, ta_error *err)
{
    if (need <= m->str_capacity) return TA_OK;
    uint32_t want = need;
    const char **p = (const char **)ta__calloc(&m->mem, want, sizeof(char *));
    const char **a = (const char **)ta__calloc(&m->mem, want, sizeof(char *));
    char **o = (char **)ta__calloc(&m->mem, want, sizeof(char *));
    const char **l = (const char **)ta__calloc(&m->mem, want, sizeof(char *));
    if (p == NULL || a == NULL || o == NULL || l == NULL) {
        ta__free(&m->mem, (void *)p, sizeof(char *) * want);
        ta__free(&m->mem, (void *)a, sizeof(char *) * want);
        ta__free(&m->mem, o, sizeof(char *) * want);
        ta__free(&m->mem, (void *)l, sizeof(char *) * want);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's string piles");
    }
    if (m->str_count) {
        memcpy((void *)p, (const void *)m->str_pile, sizeof(char *) * m->str_count);
        memcpy((void *)a, (const void *)m->str_add, sizeof(char *) * m->str_count);
        memcpy(o, m->str_orig, sizeof(char *) * m->str_count);
        memcpy((void *)l, (const void *)m->str_last, sizeof(char *) * m->str_count);
    }
    ta__free(&m->mem, (void *)m->str_pile, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_add, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, m->str_orig, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_last, sizeof(char *) * m->str_capacity);
    m->str_pile = p;
    m->str_add = a;
    m->str_orig = o;
    m->str_last = l;
    m->str_capacity = want;
    return TA_OK;
}

ta_result ta__mixer_reserve(ta_mixer *m, uint32_t bindings, uint32_t numbers, uint32_t strings, ta_error *err)
{
    ta_result r = ta__fused_release(m, err);
    if (r != TA_OK) return r;
    if ((uint64_t)m->binding_count + bindings > (1u << 30) || (uint64_t)m->slot_count + numbers > (1u << 30))
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "mixer: %u more bindings are too many", bindings);
    uint32_t need = m->binding_count + bindings;
    if (need > m->binding_capacity) {
        /* exactly: a character's bindings are made in one or two plays, and
         * every byte counts per character */
        ta__binding *grown = (ta__binding *)ta__realloc(&m->mem, m->bindings, sizeof(ta__binding) * m->binding_capacity,
                                                        sizeof(ta__binding) * need);
        if (grown == NULL)
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing the mixer's bindings to %u", need);
        m->bindings = grown;
        m->binding_capacity = need;
    }
    if ((r = ta__mixer_hash_reserve(m, need, err)) != TA_OK) return r;
    if ((r = grow_floats(m, m->slot_count + numbers, err)) != TA_OK) return r;
    if ((r = grow_strings(m, m->str_count + strings, err)) != TA_OK) return r;
    return TA_OK;
}

ta_result ta__mixer_bind(ta_mixer *m, ta_track_target target, uint32_t *out, ta_error *err)
{
    uint32_t found = ta__mixer_find(m, target);
    if (found != TA_NONE) {
        *out = found;
        return TA_OK;
    }
    ta_value_type type = ta_track_kind_value_type(target.kind);
    uint32_t size = type == TA_VALUE_TYPE_STRING ? 0 : ta_track_kind_value_size(target.kind);
    if (m->binding_count == m->binding_capacity || m->slot_count + size > m->slot_capacity ||
        (type == TA_VALUE_TYPE_STRING && m->str_count == m->str_capacity)) {
        /* one at a time (groups): grow by half again */
        uint32_t more = m->binding_count / 2 + 4;
        ta_result r = ta__mixer_reserve(m, more, more * 4, type == TA_VALUE_TYPE_STRING ? more : 0, err);
        if (r != TA_OK) return r;
    } else {
        ta_result r = ta__mixer_hash_reserve(m, m->binding_count + 1, err);
        if (r != TA_OK) return r;
    }
    uint32_t index = m->binding_count++;
    ta__binding *b = &m->bindings[index];
    memset(b, 0, sizeof *b);
    b->target.index = target.index;
    b->target.kind = (uint8_t)target.kind;
    b->target.family = (uint8_t)target.family;
    b->target.element = target.element;
    b->target.type = (uint8_t)type;
    if (type == TA_VALUE_TYPE_STRING) {
        b->size = 1;
        b->offset = m->str_count++;
        m->str_pile[b->offset] = NULL;
        m->str_add[b->offset] = NULL;
        m->str_orig[b->offset] = NULL;
        m->str_last[b->offset] = NULL;
    } else {
        b->size = (uint8_t)size;
        b->offset = m->slot_count;
        m->slot_count += size;
    }
    ta__mixer_hash_put(m, index);
    m->checked = false;
    if (ta__kind_on_map(target.kind))
        m->map_bindings++;
    if (target.family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA || target.family == TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA)
        m->camera_bindings++;
    *out = index;
    return TA_OK;
}

static bool unused(const ta__binding *b)
{
    return b->use_count == 0 && b->ref_count == 0 && !b->restore_pending && !b->driven_last;
}

void ta__mixer_drop_unused(ta_mixer *m)
{
    /* parked, every binding drove the last update: none is dropped */
    if (m->bindings_parked) return;
    bool any = false;
    for (uint32_t i = 0; i < m->binding_count && !any; ++i) any = unused(&m->bindings[i]);
    if (!any) return;
    /* In place, allocating nothing (freeing must not need memory: an uncache that ran out of it
     * would keep what it was asked to drop), in three passes over the bindings in order. */
    /* 1. the live bindings' values moved down over the unused ones' (each binding's offset kept) */
    uint32_t slot = 0, str = 0;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        const ta__binding *b = &m->bindings[i];
        const bool is_string = b->target.type == TA_VALUE_TYPE_STRING;
        if (unused(b)) {
            if (is_string) ta__free_str(&m->mem, m->str_orig[b->offset]);
            continue;
        }
        if (is_string) {
            m->str_pile[str] = m->str_pile[b->offset];
            m->str_add[str] = m->str_add[b->offset];
            m->str_orig[str] = m->str_orig[b->offset];
            m->str_last[str] = m->str_last[b->offset];
            str++;
        } else {
            if (m->float_block != NULL) { /* else the fused path holds them all */
                memmove(m->pile + slot, m->pile + b->offset, sizeof(float) * b->size);
                memmove(m->orig + slot, m->orig + b->offset, sizeof(float) * b->size);
                memmove(m->last + slot, m->last + b->offset, sizeof(float) * b->size);
            }
            if (m->add != NULL) memmove(m->add + slot, m->add + b->offset, sizeof(float) * b->size);
            slot += b->size;
        }
    }
    /* 2. each binding's offset made its new index (TA_NONE: dropped), which the actions' track
     * maps take */
    uint32_t live = 0;
    for (uint32_t i = 0; i < m->binding_count; ++i) m->bindings[i].offset = unused(&m->bindings[i]) ? TA_NONE : live++;
    for (uint32_t a = 0; a < m->live_count; ++a) { /* (the uncached hold no binding) */
        ta_action *act = m->actions[a];
        if (act->bound)
            for (uint32_t t = 0; t < act->clip->track_count; ++t)
                if (act->bindings[t] != TA_NONE) act->bindings[t] = m->bindings[act->bindings[t]].offset;
        for (uint32_t p = 0; p < act->group_pair_count; ++p)
            act->group_bindings[p] = m->bindings[act->group_bindings[p]].offset;
    }
    /* 3. the live bindings moved down, their offsets where pass 1 put their values */
    uint32_t w = 0;
    slot = 0;
    str = 0;
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding b = m->bindings[i];
        if (unused(&b)) continue;
        if (b.target.type == TA_VALUE_TYPE_STRING) {
            b.offset = str++;
        } else {
            b.offset = slot;
            slot += b.size;
        }
        m->bindings[w++] = b;
    }
    m->binding_count = w;
    m->slot_count = slot;
    m->str_count = str;
    m->map_bindings = 0;
    m->camera_bindings = 0;
    for (uint32_t i = 0; i < w; ++i) {
        const ta__target *t = &m->bindings[i].target;
        if (ta__kind_on_map(t->kind))
            m->map_bindings++;
        if (t->family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA || t->family == TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA)
            m->camera_bindings++;
    }
    m->checked = false;
    ta__mixer_hash_rebuild(m);
}

void ta__mixer_free_bindings(ta_mixer *m)
{
    for (uint32_t i = 0; i < m->str_count; ++i) ta__free_str(&m->mem, m->str_orig[i]);
    ta__free(&m->mem, m->bindings, sizeof(ta__binding) * m->binding_capacity);
    ta__free(&m->mem, m->hash, sizeof(uint32_t) * m->hash_capacity);
    ta__free(&m->mem, m->float_block, sizeof(float) * 3 * (size_t)m->slot_capacity);
    ta__free(&m->mem, m->add, sizeof(float) * m->add_capacity);
    ta__free(&m->mem, (void *)m->str_pile, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_add, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, m->str_orig, sizeof(char *) * m->str_capacity);
    ta__free(&m->mem, (void *)m->str_last, sizeof(char *) * m->str_capacity);
}

/* ---- the lifecycle: references, use, the originals, the cache ---------------------------
 *
 * ref_count counts the action tracks (and group pairs) that point at a
 * binding, bound or not playing; use_count those of playing actions. When the
 * last user stops, a binding whose original was read is marked for restore:
 * the next update writes the original back and forgets it. Every change of
 * these counts and marks is made here. */

/* One more playing track drives b: an original read before still holds, so a
 * restore that was waiting is called off. */
static void use_one(ta__binding *b)
{
    b->use_count++;
    b->restore_pending = false;
}

static void unuse_one(ta__binding *b)
{
    b->use_count--;
    if (b->use_count == 0 && b->has_original) b->restore_pending = true;
}

static void use_action(ta_mixer *m, ta_action *a, bool use)
{
    uint32_t n = a->has_group ? a->group_pair_count : (a->bound ? a->clip->track_count : 0);
    const uint32_t *list = a->has_group ? a->group_bindings : a->bindings;
    m->checked = false;
    if (m->bindings_parked) return; /* the counts follow from the actions (unpark_bindings in mixer_fused.c) */
    for (uint32_t i = 0; i < n; ++i) {
        if (use)
            use_one(&m->bindings[list[i]]);
        else
            unuse_one(&m->bindings[list[i]]);
    }
}

/* Binds every track of an action that plays no group: room made for exactly
 * the bindings it adds first, so that binding itself cannot fail. */
static ta_result bind_action(ta_mixer *m, ta_action *a, ta_error *err)
{
    /* the bindings found below must be there: parked, they are made again first */
    ta_result r = ta__fused_release(m, err);
    if (r != TA_OK) return r;
    uint32_t n = a->clip->track_count, fresh = 0, numbers = 0, strings = 0;
    for (uint32_t t = 0; t < n; ++t) {
        ta_track_target target = a->clip->tracks[t]->target;
        if (ta__mixer_find(m, target) != TA_NONE) continue;
        fresh++;
        if (ta_track_kind_value_type(target.kind) == TA_VALUE_TYPE_STRING)
            strings++;
        else
            numbers += ta_track_kind_value_size(target.kind);
    }
    r = ta__mixer_reserve(m, fresh, numbers, strings, err);
    if (r != TA_OK) return r;
    for (uint32_t t = 0; t < n; ++t) {
        uint32_t index = 0;
        ta__mixer_bind(m, a->clip->tracks[t]->target, &index, NULL); /* room was made */
        a->bindings[t] = index;
        m->bindings[index].ref_count++;
    }
    a->bound = true;
    return TA_OK;
}

ta_result ta__mixer_activate(ta_mixer *m, ta_action *a, ta_error *err)
{
    if (a->blend_mode == TA_BLEND_MODE_ADDITIVE) {
        ta_result r = ta__mixer_need_additive(m, err);
        if (r != TA_OK) return r;
    }
    if (!a->has_group && !a->bound) {
        ta_result r = bind_action(m, a, err);
        if (r != TA_OK) return r;
    }
    use_action(m, a, true);
    a->scheduled = true;
    return TA_OK;
}

void ta__mixer_deactivate(ta_mixer *m, ta_action *a)
{
    if (!a->scheduled) return;
    use_action(m, a, false);
    a->scheduled = false;
}

static ta_result push_pair(ta_action *a, uint32_t track, uint32_t binding, ta_error *err)
{
    if (a->group_pair_count == a->group_pair_capacity) {
        uint32_t cap = a->group_pair_capacity ? a->group_pair_capacity * 2 : 16;
        uint32_t *t = (uint32_t *)ta__calloc(&a->mem, cap, sizeof(uint32_t));
        uint32_t *b = (uint32_t *)ta__calloc(&a->mem, cap, sizeof(uint32_t));
        if (t == NULL || b == NULL) {
            ta__free(&a->mem, t, sizeof(uint32_t) * cap);
            ta__free(&a->mem, b, sizeof(uint32_t) * cap);
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory binding a group");
        }
        if (a->group_pair_count) {
            memcpy(t, a->group_tracks, sizeof(uint32_t) * a->group_pair_count);
            memcpy(b, a->group_bindings, sizeof(uint32_t) * a->group_pair_count);
        }
        ta__free(&a->mem, a->group_tracks, sizeof(uint32_t) * a->group_pair_capacity);
        ta__free(&a->mem, a->group_bindings, sizeof(uint32_t) * a->group_pair_capacity);
        a->group_tracks = t;
        a->group_bindings = b;
        a->group_pair_capacity = cap;
    }
    a->group_tracks[a->group_pair_count] = track;
    a->group_bindings[a->group_pair_count] = binding;
    a->group_pair_count++;
    return TA_OK;
}

static bool pair_exists(const ta_action *a, uint32_t track, uint32_t binding)
{
    for (uint32_t i = 0; i < a->group_pair_count; ++i)
        if (a->group_tracks[i] == track && a->group_bindings[i] == binding) return true;
    return false;
}

static ta_result bind_pair(ta_mixer *m, ta_action *a, uint32_t track, ta_track_target target, ta_error *err)
{
    uint32_t b;
    ta_result r = ta__mixer_bind(m, target, &b, err);
    if (r != TA_OK) return r;
    /* Two members whose meshes share a material drive it once. */
    if (pair_exists(a, track, b)) return TA_OK;
    r = push_pair(a, track, b, err);
    if (r != TA_OK) return r;
    m->bindings[b].ref_count++;
    m->checked = false;
    if (a->scheduled) use_one(&m->bindings[b]);
    return TA_OK;
}

static void release_pairs(ta_mixer *m, ta_action *a)
{
    for (uint32_t p = 0; p < a->group_pair_count; ++p) {
        ta__binding *b = &m->bindings[a->group_bindings[p]];
        b->ref_count--;
        if (a->scheduled) unuse_one(b);
    }
    a->group_pair_count = 0;
    a->group_resolved = false;
}

/* ---- groups: which bindings a group action's tracks drive ------------------------------ */

/* The targets a track drives on one member of a group (animation_object_group.h). */
static ta_result bind_member(ta_mixer *m, ta_action *a, const ta_mixer_targets *t, uint32_t track, ta_node_id member,
                             ta_error *err)
{
    const ta_track *tr = a->clip->tracks[track];
    ta_track_target target = tr->target;
    ta_result r = TA_OK;
    const ta_scene *s = t->scene;
    switch (target.family) {
    case TA_TARGET_FAMILY_NODE:
        target.index = member.index;
        return bind_pair(m, a, track, target, err);
    case TA_TARGET_FAMILY_MESH:
    case TA_TARGET_FAMILY_SKINNED_MESH: {
        bool skinned = target.family == TA_TARGET_FAMILY_SKINNED_MESH;
        const ta_mesh *list = skinned ? s->skinned_meshes : s->meshes;
        uint32_t count = skinned ? s->skinned_mesh_count : s->mesh_count;
        for (uint32_t i = 0; i < count && r == TA_OK; ++i)
            if (list[i].node.index == member.index) {
                target.index = i;
                r = bind_pair(m, a, track, target, err);
            }
        return r;
    }
    case TA_TARGET_FAMILY_MATERIAL: {
        for (int pass = 0; pass < 2 && r == TA_OK; ++pass) {
            const ta_mesh *list = pass ? s->skinned_meshes : s->meshes;
            uint32_t count = pass ? s->skinned_mesh_count : s->mesh_count;
            for (uint32_t i = 0; i < count && r == TA_OK; ++i)
                if (list[i].node.index == member.index)
                    for (uint32_t k = 0; k < list[i].material_count && r == TA_OK; ++k) {
                        target.index = list[i].materials[k].index;
                        r = bind_pair(m, a, track, target, err);
                    }
        }
        return r;
    }
    case TA_TARGET_FAMILY_LIGHT:
        for (uint32_t i = 0; i < s->light_count && r == TA_OK; ++i)
            if (s->lights[i].node.index == member.index) {
                target.index = i;
                r = bind_pair(m, a, track, target, err);
            }
        return r;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        if (t->cameras != NULL)
            for (uint32_t i = 0; i < t->cameras->perspective_count && r == TA_OK; ++i)
                if (t->cameras->perspective[i].node.index == member.index) {
                    target.index = i;
                    r = bind_pair(m, a, track, target, err);
                }
        return r;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        if (t->cameras != NULL)
            for (uint32_t i = 0; i < t->cameras->orthographic_count && r == TA_OK; ++i)
                if (t->cameras->orthographic[i].node.index == member.index) {
                    target.index = i;
                    r = bind_pair(m, a, track, target, err);
                }
        return r;
    default: return TA_OK;
    }
}

/* A hash of what bind_member reads for a clip whose tracks are of the families in `families` (a
 * bit each): the scene's node count, and the nodes and materials of its meshes, the nodes of its
 * lights and of list's cameras, as each family needs. A group's pairs hold while it does: a
 * structure_version does not tell a scene made in a destroyed one's place, or another scene, of
 * other lists from the one the pairs were made on (the tree hash of scene_internal.h is the
 * pose's answer to the same question), and a camera list is the caller's array. */
static uint64_t group_inputs_hash(const ta_scene *s, unsigned families, const ta_camera_list *list)
{
    uint64_t h = ta__hash_mix(TA__HASH_SEED, s->node_count);
    const unsigned meshes = 1u << TA_TARGET_FAMILY_MESH | 1u << TA_TARGET_FAMILY_SKINNED_MESH |
                            1u << TA_TARGET_FAMILY_MATERIAL;
    if (families & meshes)
        for (int pass = 0; pass < 2; ++pass) {
            const ta_mesh *ms = pass ? s->skinned_meshes : s->meshes;
            uint32_t count = pass ? s->skinned_mesh_count : s->mesh_count;
            h = ta__hash_mix(h, count);
            for (uint32_t i = 0; i < count; ++i) {
                h = ta__hash_mix(ta__hash_mix(h, ms[i].node.index), ms[i].material_count);
                for (uint32_t k = 0; k < ms[i].material_count; ++k) h = ta__hash_mix(h, ms[i].materials[k].index);
            }
        }
    if (families & 1u << TA_TARGET_FAMILY_LIGHT) {
        h = ta__hash_mix(h, s->light_count);
        for (uint32_t i = 0; i < s->light_count; ++i) h = ta__hash_mix(h, s->lights[i].node.index);
    }
    if (list != NULL) {
        h = ta__hash_mix(ta__hash_mix(h, list->perspective_count), list->orthographic_count);
        for (uint32_t i = 0; i < list->perspective_count; ++i) h = ta__hash_mix(h, list->perspective[i].node.index);
        for (uint32_t i = 0; i < list->orthographic_count; ++i) h = ta__hash_mix(h, list->orthographic[i].node.index);
    }
    return h;
}

ta_result ta__mixer_bind_group(ta_mixer *m, ta_action *a, const ta_mixer_targets *t, ta_error *err)
{
    ta__action_group *ag = a->group;
    const ta_object_group *g = &ag->group;
    /* Camera tracks find their cameras in the list the update is given: they
     * need one (refused before anything is let go of), and a resolution holds
     * only for that list as it was. */
    unsigned families = 0;
    for (uint32_t track = 0; track < a->clip->track_count; ++track)
        families |= 1u << a->clip->tracks[track]->target.family;
    const unsigned camera_families =
        1u << TA_TARGET_FAMILY_PERSPECTIVE_CAMERA | 1u << TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA;
    bool cameras = (families & camera_families) != 0;
    if (cameras && t->cameras == NULL)
        return ta__fail(err, TA_ERROR_MISSING_CONTEXT,
                        "action %u: a camera track played on a group: the update was not given the cameras; use "
                        "ta_mixer_update_with_cameras",
                        a->index);
    uint64_t inputs = group_inputs_hash(t->scene, families, cameras ? t->cameras : NULL);
    if (a->group_resolved && ag->seen_version == g->version && ag->inputs_hash == inputs) return TA_OK;
    for (uint32_t i = 0; i < g->count; ++i)
        if (g->members[i].index >= t->scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "action %u: group member %u is node %u, which is not in the scene (%u nodes)", a->index,
                            i, g->members[i].index, t->scene->node_count);
    /* Let go of the old pairs, then bind the members afresh. */
    release_pairs(m, a);
    for (uint32_t track = 0; track < a->clip->track_count; ++track)
        for (uint32_t i = 0; i < g->count; ++i) {
            ta_result r = bind_member(m, a, t, track, g->members[i], err);
            if (r != TA_OK) return r;
        }
    a->group_resolved = true;
    ag->seen_version = g->version;
    ag->inputs_hash = inputs;
    return TA_OK;
}

void ta__mixer_release_action_refs(ta_mixer *m, ta_action *a)
{
    ta__fused_stop(m);
    if (a->bound && !m->bindings_parked) {
        for (uint32_t t = 0; t < a->clip->track_count; ++t) {
            m->bindings[a->bindings[t]].ref_count--;
            a->bindings[t] = TA_NONE;
        }
    }
    a->bound = false;
    for (uint32_t p = 0; p < a->group_pair_count; ++p) m->bindings[a->group_bindings[p]].ref_count--;
    a->group_pair_count = 0;
    a->group_resolved = false;
}

ta_result ta__mixer_read_originals(ta_mixer *m, const ta_mixer_targets *t, ta_error *err)
{
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        if (b->use_count == 0 || b->has_original) continue;
        if (b->target.type == TA_VALUE_TYPE_STRING) {
            char *copy = ta__strdup(&m->mem, ta__property_read_string(t, ta__binding_target(b)));
            if (copy == NULL) {
                ta__mixer_rollback_originals(m);
                return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading a node's name");
            }
            ta__free_str(&m->mem, m->str_orig[b->offset]);
            m->str_orig[b->offset] = copy;
            m->str_last[b->offset] = copy;
        } else {
            ta__property_read(t, ta__binding_target(b), m->orig + b->offset);
            memcpy(m->last + b->offset, m->orig + b->offset, sizeof(float) * b->size);
        }
        b->has_original = true;
        b->read_now = true;
    }
    return TA_OK;
}

void ta__mixer_rollback_originals(ta_mixer *m)
{
    for (uint32_t i = 0; i < m->binding_count; ++i) {
        ta__binding *b = &m->bindings[i];
        if (b->read_now) {
            b->read_now = false;
            b->has_original = false;
        }
        b->weight = 0;
        b->add_weight = 0;
    }
}

bool ta__mixer_take_restore(ta__binding *b)
{
    b->read_now = false;
    b->driven_last = false;
    if (!b->restore_pending) return false;
    b->restore_pending = false;
    b->has_original = false;
    b->driven_last = true;
    return true;
}

void ta__mixer_mark_driven(ta__binding *b)
{
    b->read_now = false;
    b->driven_last = true;
    b->weight = 0;
    b->add_weight = 0;
}

/* The cache: an uncached action gives up its bindings for good. */
void ta__mixer_uncache(ta_mixer *m, ta_action *a)
{
    ta__mixer_deactivate(m, a);
    ta__action_run_reset(&a->run);
    ta__mixer_release_action_refs(m, a);
    a->uncached = true;
    m->unreaped++;
}

void ta__mixer_compact(ta_mixer *m)
{
    /* by swaps: the live ones keep their order, the uncached go past them (in any order), in one
     * pass however many an uncache call forgot */
    uint32_t w = 0;
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (a->uncached) continue;
        m->actions[i] = m->actions[w];
        m->actions[w++] = a;
    }
    m->live_count = w;
}

ta_action *ta__mixer_action_at(const ta_mixer *m, uint32_t index)
{
    /* the live actions are in index order: at index itself when none was uncached, else below */
    uint32_t lo = 0, hi = index < m->live_count ? index + 1 : m->live_count;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        const uint32_t at = m->actions[mid]->index;
        if (at == index) return m->actions[mid];
        if (at < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void ta__action_drop_group(ta_action *a)
{
    if (a->group == NULL) return;
    ta_object_group_destroy(&a->group->group);
    ta__free(&a->mem, a->group, sizeof *a->group);
    a->group = NULL;
    a->has_group = false;
}

void ta__action_give_back(ta_action *a)
{
    const ta_clip *clip = a->clip;
    if (clip == NULL) return;
    ta__free(&a->mem, a->bindings, sizeof(uint32_t) * clip->track_count);
    ta__free(&a->mem, a->group_tracks, sizeof(uint32_t) * a->group_pair_capacity);
    ta__free(&a->mem, a->group_bindings, sizeof(uint32_t) * a->group_pair_capacity);
    a->bindings = a->group_tracks = a->group_bindings = NULL;
    a->group_pair_count = a->group_pair_capacity = 0;
    ta__action_drop_group(a);
    a->group_resolved = false;
    a->bound = false;
    if (clip->window != NULL && clip->window->player == a) clip->window->player = NULL;
    a->clip = NULL;
    a->plan = NULL;
    a->rig_scene = NULL;
    a->given_back_duration = clip->duration;
    ta_clip_release(clip);
}

/* Whether the fused state may still read the action's clip: while it is valid, holds the last
 * written values or has parked the bindings, its actions' clips hold what it reads (the layouts,
 * the lanes' node maps of its first action's clip, the tracks that make parked bindings again:
 * unpark_bindings in mixer_fused.c); an update that gives the values back makes it anew. */
static bool fused_reads(const ta_mixer *m, const ta_action *a)
{
    const ta__mixer_fused *f = &m->fused;
    if (!f->valid && !f->holds && !m->bindings_parked) return false;
    for (uint32_t j = 0; j < f->action_count; ++j)
        if (f->actions[j] == a) return true;
    return false;
}

void ta__mixer_reap(ta_mixer *m)
{
    if (m->unreaped == 0) return;
    for (uint32_t i = m->live_count; i < m->action_count; ++i) {
        ta_action *a = m->actions[i];
        if (a->clip == NULL || fused_reads(m, a)) continue;
        ta__action_give_back(a);
        m->unreaped--;
    }
}

void ta__mixer_after_uncache(ta_mixer *m)
{
    /* The rule: drop every binding nothing drove in the last update.
     * Actions that are not playing give up their bindings too, and bind again
     * when they play. */
    for (uint32_t i = 0; i < m->live_count; ++i) {
        ta_action *a = m->actions[i];
        if (!a->scheduled) ta__mixer_release_action_refs(m, a);
    }
    ta__mixer_drop_unused(m);
    ta__mixer_reap(m);
}
