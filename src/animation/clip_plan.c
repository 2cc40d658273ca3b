/* A clip's plan for the mixer: time groups and kernel lists. See clip_plan.h. */
#include <string.h>

#include "animation/clip_plan.h"
#include "animation/slerp_constants.h"

static bool same_times(const ta_track *a, const ta_track *b)
{
    return a->key_count == b->key_count &&
           (a->times == b->times || memcmp(a->times, b->times, sizeof(float) * a->key_count) == 0);
}

static bool is_slerp(const ta_track *t)
{
    return t->interpolation == TA_INTERPOLATION_LINEAR && t->value_type == TA_VALUE_TYPE_ROTATION;
}

static uint64_t hash_times(const ta_track *t)
{
    uint64_t h = 1469598103934665603ull ^ t->key_count;
    const unsigned char *p = (const unsigned char *)t->times;
    for (size_t i = 0; i < sizeof(float) * t->key_count; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

ta__clip_plan *ta__clip_plan_build(const ta_clip *clip)
{
    const ta__mem *mem = &clip->mem;
    uint32_t n = clip->track_count;
    size_t intervals = 0;
    for (uint32_t i = 0; i < n; ++i)
        if (is_slerp(clip->tracks[i]) && clip->tracks[i]->key_count > 1) intervals += clip->tracks[i]->key_count - 1;
    /* one block: the plan, then its arrays, the constants last */
    size_t bytes = sizeof(ta__clip_plan) + sizeof(uint32_t) * n * 5 + sizeof(const float *) * n * 2 +
                   sizeof(uint64_t) * n + sizeof(float) * 2 * intervals;
    unsigned char *block = (unsigned char *)ta__calloc(mem, 1, bytes);
    if (block == NULL) return NULL;
    ta__clip_plan *p = (ta__clip_plan *)block;
    unsigned char *at = block + sizeof *p;
    p->group_times = (const float **)at;
    at += sizeof(const float *) * n;
    p->slerp_constants = (const float **)at;
    at += sizeof(const float *) * n;
    uint64_t *group_hash = (uint64_t *)at;
    at += sizeof(uint64_t) * n;
    p->track_group = (uint32_t *)at;
    p->group_keys = p->track_group + n;
    p->lerp = p->group_keys + n;
    p->slerp = p->lerp + n;
    p->other = p->slerp + n;
    float *constants = (float *)(p->other + n);
    p->bytes = bytes;
    uint32_t *group_first = p->other; /* scratch until the lists are filled: a group's first track */
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = clip->tracks[i];
        uint64_t h = hash_times(t);
        uint32_t g = 0;
        for (; g < p->group_count; ++g)
            if (group_hash[g] == h && same_times(clip->tracks[group_first[g]], t)) break;
        if (g == p->group_count) {
            group_hash[g] = h;
            group_first[g] = i;
            p->group_times[g] = t->times;
            p->group_keys[g] = t->key_count;
            p->group_count++;
        }
        p->track_group[i] = g;
    }
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = clip->tracks[i];
        if (is_slerp(t)) {
            ta__slerp_constants_track(t->values, t->key_count, constants, constants + 1, 2, clip->slerp_fast);
            p->slerp_constants[p->slerp_count] = constants;
            constants += t->key_count > 1 ? 2 * ((size_t)t->key_count - 1) : 0;
            p->slerp[p->slerp_count++] = i;
        } else if (t->interpolation == TA_INTERPOLATION_LINEAR && (t->value_type == TA_VALUE_TYPE_NUMBER || t->value_type == TA_VALUE_TYPE_COLOR))
            p->lerp[p->lerp_count++] = i;
    }
    p->slerp_targets_unique = true;
    for (uint32_t a = 0; a < p->slerp_count && p->slerp_targets_unique; ++a)
        for (uint32_t b = a + 1; b < p->slerp_count; ++b)
            if (ta_track_target_eq(clip->tracks[p->slerp[a]]->target, clip->tracks[p->slerp[b]]->target)) {
                p->slerp_targets_unique = false;
                break;
            }
    p->other_count = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = clip->tracks[i];
        bool fast = t->interpolation == TA_INTERPOLATION_LINEAR &&
                    (t->value_type == TA_VALUE_TYPE_ROTATION || t->value_type == TA_VALUE_TYPE_NUMBER ||
                     t->value_type == TA_VALUE_TYPE_COLOR);
        if (!fast) p->other[p->other_count++] = i;
    }
    return p;
}

void ta__clip_plan_free(const ta_clip *clip, ta__clip_plan *plan)
{
    if (plan != NULL) ta__free(&clip->mem, plan, plan->bytes);
}

void ta__clip_plan_refill(const ta_clip *clip, const uint8_t *changes)
{
    const ta__clip_plan *p = clip->plan;
    for (uint32_t k = 0; k < p->slerp_count; ++k) {
        if (changes != NULL && !changes[p->slerp[k]]) continue;
        const ta_track *t = clip->tracks[p->slerp[k]];
        float *constants = (float *)(uintptr_t)p->slerp_constants[k]; /* the plan's own block */
        ta__slerp_constants_track(t->values, t->key_count, constants, constants + 1, 2, clip->slerp_fast);
    }
}
