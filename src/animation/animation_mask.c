/* Masks: a weight per target for an action. See animation_mask.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "animation/action_internal.h"
#include "animation/mask_internal.h"
#include "animation/track_rules.h"
#include "scene/scene_internal.h"

static ta_result check_weight(const char *what, uint32_t index, float w, ta_error *err)
{
    if (isnan(w)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s[%u]: the weight is NaN", what, index);
    if (!(w >= 0.0f && w <= 1.0f))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s[%u]: the weight %g is outside [0, 1]", what, index,
                        (double)w);
    return TA_OK;
}

ta_result ta_mask_create(const ta_mask_options *options, ta_mask **out_mask, ta_error *err)
{
    if (out_mask == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_mask: NULL");
    static const ta_mask_options defaults = {0};
    if (options == NULL) options = &defaults;
    ta_result r = check_weight("default_weight", 0, options->default_weight, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, options->allocator, err);
    if (r != TA_OK) return r;
    ta_mask *m = (ta_mask *)ta__calloc(&mem, 1, sizeof *m);
    if (m == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a mask");
    m->mem = mem;
    m->default_weight = options->default_weight;
    m->max_nodes = options->max_nodes != 0 ? options->max_nodes : TA_MASK_MAX_NODES;
    *out_mask = m;
    return TA_OK;
}

void ta_mask_destroy(ta_mask *m)
{
    if (m == NULL) return;
    ta__mem mem = m->mem;
    ta__free(&mem, m->nodes, sizeof(float) * m->node_capacity);
    ta__free(&mem, m->entries, sizeof(ta__mask_entry) * m->entry_capacity);
    ta__free(&mem, m, sizeof *m);
}

/* Room for nodes 0 .. count - 1, new ones at the default weight; what is the
 * node `what` names, for the message when count passes the mask's bound. */
static ta_result grow_nodes(ta_mask *m, uint32_t count, const char *what, ta_error *err)
{
    if (count > m->max_nodes)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED,
                        "%s is past the mask's %u nodes (ta_mask_options.max_nodes; TA_MASK_MAX_NODES when 0)", what,
                        m->max_nodes);
    if (count <= m->node_count) return TA_OK;
    ta_result r = ta__reserve(&m->mem, (void **)&m->nodes, &m->node_capacity, count, sizeof(float), err);
    if (r != TA_OK) return r;
    for (uint32_t i = m->node_count; i < count; ++i) m->nodes[i] = m->default_weight;
    m->node_count = count;
    return TA_OK;
}

ta_result ta_mask_set_node(ta_mask *m, ta_node_id node, float weight, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mask: NULL");
    if (ta_node_is_none(node)) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "node: is none");
    ta_result r = check_weight("node", node.index, weight, err);
    char what[64];
    snprintf(what, sizeof what, "node: index %u (weight %g)", node.index, (double)weight);
    /* node.index + 1 cannot wrap: the none index is refused above. */
    if (r == TA_OK) r = grow_nodes(m, node.index + 1, what, err);
    if (r == TA_OK) m->nodes[node.index] = weight;
    return r;
}

static void set_below(ta_mask *m, const ta_scene *s, ta_node_id node, float weight)
{
    m->nodes[node.index] = weight;
    for (ta_node_id c = s->nodes[node.index].first_child; !ta_node_is_none(c); c = s->nodes[c.index].next_sibling)
        set_below(m, s, c, weight);
}

ta_result ta_mask_set_subtree(ta_mask *m, const ta_scene *scene, ta_node_id node, float weight, ta_error *err)
{
    if (m == NULL || scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", m == NULL ? "mask" : "scene");
    if (ta_node_is_none(node) || node.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "node: %u is not in the scene (%u nodes)", node.index,
                        scene->node_count);
    ta_result r = check_weight("node", node.index, weight, err);
    char what[64];
    snprintf(what, sizeof what, "scene: its node %u", scene->node_count - 1);
    if (r == TA_OK) r = grow_nodes(m, scene->node_count, what, err);
    if (r == TA_OK) set_below(m, scene, node, weight);
    return r;
}

ta_result ta_mask_set_named(ta_mask *m, const ta_scene *scene, const char *name, bool subtree, float weight,
                            ta_error *err)
{
    if (m == NULL || scene == NULL || name == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", m == NULL ? "mask" : scene == NULL ? "scene" : "name");
    ta_node_id node;
    ta_result r = ta_scene_find_by_name(scene, name, &node, err);
    if (r != TA_OK) return r;
    return subtree ? ta_mask_set_subtree(m, scene, node, weight, err) : ta_mask_set_node(m, node, weight, err);
}

ta_result ta_mask_set_nodes(ta_mask *m, const float *weights, uint32_t count, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mask: NULL");
    if (weights == NULL && count > 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "weights: NULL with count %u", count);
    for (uint32_t i = 0; i < count; ++i) {
        ta_result r = check_weight("weights", i, weights[i], err);
        if (r != TA_OK) return r;
    }
    char what[64];
    snprintf(what, sizeof what, "count: %u weights, node %u", count, count - 1);
    ta_result r = grow_nodes(m, count, what, err);
    if (r != TA_OK) return r;
    if (count > 0) memcpy(m->nodes, weights, sizeof(float) * count);
    return TA_OK;
}

ta_result ta_mask_set_target(ta_mask *m, ta_target_family family, uint32_t index, int32_t element, float weight,
                             ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mask: NULL");
    if ((int)family < 0 || family >= TA_TARGET_FAMILY_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "family: %d is not a target family", (int)family);
    if (family == TA_TARGET_FAMILY_NODE)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "family: a node's weight is set with ta_mask_set_node");
    ta_result r = check_weight("target", index, weight, err);
    if (r != TA_OK) return r;
    bool meshes = family == TA_TARGET_FAMILY_MESH || family == TA_TARGET_FAMILY_SKINNED_MESH;
    if (!meshes || element < 0) element = TA_MASK_ALL_ELEMENTS;
    for (uint32_t i = 0; i < m->entry_count; ++i) {
        ta__mask_entry *e = &m->entries[i];
        if (e->family == family && e->index == index && e->element == element) {
            e->weight = weight;
            return TA_OK;
        }
    }
    r = ta__reserve(&m->mem, (void **)&m->entries, &m->entry_capacity, m->entry_count + 1, sizeof(ta__mask_entry), err);
    if (r != TA_OK) return r;
    ta__mask_entry *e = &m->entries[m->entry_count++];
    e->family = (uint8_t)family;
    e->index = index;
    e->element = element;
    e->weight = weight;
    return TA_OK;
}

float ta__mask_lookup(const ta_mask *m, ta_track_target t)
{
    if (t.family == TA_TARGET_FAMILY_NODE) return ta__mask_node_weight(m, t.index);
    float whole = m->default_weight;
    bool morph = ta__kind_is_morph(t.kind); /* a mesh's or a skinned mesh's */
    for (uint32_t i = 0; i < m->entry_count; ++i) {
        const ta__mask_entry *e = &m->entries[i];
        if (e->family != t.family || e->index != t.index) continue;
        if (e->element == TA_MASK_ALL_ELEMENTS)
            whole = e->weight;
        else if (morph && (uint32_t)e->element == t.element)
            return e->weight;
    }
    return whole;
}

float ta_mask_weight(const ta_mask *m, ta_track_target target) { return m != NULL ? ta__mask_lookup(m, target) : 1.0f; }

ta_mask *ta__mask_copy(const ta_mask *src, const ta__mem *mem)
{
    ta_mask *m = (ta_mask *)ta__calloc(mem, 1, sizeof *m);
    if (m == NULL) return NULL;
    m->mem = *mem;
    m->default_weight = src->default_weight;
    m->max_nodes = src->max_nodes;
    if (src->node_count) m->nodes = (float *)ta__calloc(mem, src->node_count, sizeof(float));
    if (src->entry_count) m->entries = (ta__mask_entry *)ta__calloc(mem, src->entry_count, sizeof(ta__mask_entry));
    if ((src->node_count && m->nodes == NULL) || (src->entry_count && m->entries == NULL)) {
        ta__free(mem, m->nodes, sizeof(float) * src->node_count);
        ta__free(mem, m->entries, sizeof(ta__mask_entry) * src->entry_count);
        ta__free(mem, m, sizeof *m);
        return NULL;
    }
    m->node_count = m->node_capacity = src->node_count;
    m->entry_count = m->entry_capacity = src->entry_count;
    if (src->node_count) memcpy(m->nodes, src->nodes, sizeof(float) * src->node_count);
    if (src->entry_count) memcpy(m->entries, src->entries, sizeof(ta__mask_entry) * src->entry_count);
    return m;
}

ta_result ta_action_set_mask(ta_action *a, const ta_mask *mask, ta_error *err)
{
    if (a == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: NULL");
    ta_mask *copy = NULL;
    if (mask != NULL) {
        copy = ta__mask_copy(mask, &a->mem);
        if (copy == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a mask into action %u", a->index);
    }
    ta_mask_destroy(a->mask);
    a->mask = copy;
    return TA_OK;
}

const ta_mask *ta_action_mask(const ta_action *a) { return a != NULL ? a->mask : NULL; }
