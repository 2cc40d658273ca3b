/* A clip's keys in planes by key, for the mixer's fused path. See clip_fused.h. */
#include <string.h>

#include "animation/clip_fused.h"
#include "animation/slerp_constants.h"
#include "animation/track_internal.h"

static uint32_t padded(uint32_t n)
{
    return (n + TA__FUSED_WIDTH - 1) / TA__FUSED_WIDTH * TA__FUSED_WIDTH;
}

static bool same_times(const ta_track *a, const ta_track *b)
{
    return a->key_count == b->key_count &&
           (a->times == b->times || memcmp(a->times, b->times, sizeof(float) * a->key_count) == 0);
}

static bool qualifies(const ta_clip *clip)
{
    if (clip->track_count == 0) return false; /* the action's blend mode is what counts, not the clip's */
    const ta_track *first = clip->tracks[0];
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        if ((t->interpolation != TA_INTERPOLATION_LINEAR && t->interpolation != TA_INTERPOLATION_STEP) ||
            t->interpolation != first->interpolation || t->target.family != TA_TARGET_FAMILY_NODE)
            return false;
        if (t->target.kind != TA_TRACK_KIND_POSITION && t->target.kind != TA_TRACK_KIND_SCALE && t->target.kind != TA_TRACK_KIND_QUATERNION)
            return false;
        /* two tracks on one target mix into one pile in the general path */
        for (uint32_t j = 0; j < i; ++j)
            if (ta_track_target_eq(clip->tracks[j]->target, t->target)) return false;
    }
    return true;
}

bool ta__clip_fused_make(ta_clip *clip)
{
    if (!qualifies(clip)) {
        ta__clip_fused_drop(clip);
        return true;
    }
    const uint32_t n = clip->track_count;
    /* the time groups, numbered as the clip plan numbers them: by first appearance */
    uint32_t *group_of = (uint32_t *)ta__calloc(&clip->mem, 2 * (size_t)n, sizeof(uint32_t));
    if (group_of == NULL) return false;
    uint32_t *group_first = group_of + n, groups = 0;
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t g = 0;
        while (g < groups && !same_times(clip->tracks[group_first[g]], clip->tracks[i])) g++;
        if (g == groups) group_first[groups++] = i;
        group_of[i] = g;
    }
    uint32_t vec_lanes = 0, rot_lanes = 0;
    size_t floats = 0;
    /* a LINEAR clip's rotations keep their intervals' slerp constants too */
    const bool linear = clip->tracks[0]->interpolation == TA_INTERPOLATION_LINEAR;
    for (uint32_t g = 0; g < groups; ++g) {
        uint32_t vc = 0, rc = 0;
        for (uint32_t i = 0; i < n; ++i)
            if (group_of[i] == g) *(clip->tracks[i]->target.kind == TA_TRACK_KIND_QUATERNION ? &rc : &vc) += 1;
        uint32_t keys = clip->tracks[group_first[g]]->key_count;
        vec_lanes += padded(vc);
        rot_lanes += padded(rc);
        floats += (size_t)keys * (3 * (size_t)padded(vc) + 4 * (size_t)padded(rc));
        if (linear) floats += (size_t)(keys - 1) * 2 * padded(rc);
    }
    size_t bytes = sizeof(ta__clip_fused) + sizeof(ta__fused_group) * groups + sizeof(float) * floats +
                   sizeof(uint32_t) * ((size_t)vec_lanes + rot_lanes);
    unsigned char *block = (unsigned char *)ta__calloc(&clip->mem, 1, bytes);
    if (block == NULL) {
        ta__free(&clip->mem, group_of, 2 * (size_t)n * sizeof(uint32_t));
        return false;
    }
    ta__clip_fused *f = (ta__clip_fused *)block;
    f->bytes = bytes;
    f->step = clip->tracks[0]->interpolation == TA_INTERPOLATION_STEP;
    f->group_count = groups;
    f->groups = (ta__fused_group *)(block + sizeof *f);
    float *planes = (float *)(f->groups + groups);
    f->vec_track = (uint32_t *)(planes + floats);
    f->rot_track = f->vec_track + vec_lanes;
    f->vec_lanes = vec_lanes;
    f->rot_lanes = rot_lanes;
    for (uint32_t l = 0; l < vec_lanes; ++l) f->vec_track[l] = TA_NONE;
    for (uint32_t l = 0; l < rot_lanes; ++l) f->rot_track[l] = TA_NONE;
    uint32_t vec_at = 0, rot_at = 0;
    for (uint32_t g = 0; g < groups; ++g) {
        ta__fused_group *gr = &f->groups[g];
        const ta_track *t0 = clip->tracks[group_first[g]];
        gr->keys = t0->key_count;
        gr->times = t0->times;
        gr->vec_first = vec_at;
        gr->rot_first = rot_at;
        for (uint32_t i = 0; i < n; ++i)
            if (group_of[i] == g) *(clip->tracks[i]->target.kind == TA_TRACK_KIND_QUATERNION ? &gr->rot_count : &gr->vec_count) += 1;
        gr->vec_lanes = padded(gr->vec_count);
        gr->rot_lanes = padded(gr->rot_count);
        gr->vec = planes;
        planes += (size_t)gr->keys * 3 * gr->vec_lanes;
        gr->rot = planes;
        planes += (size_t)gr->keys * 4 * gr->rot_lanes;
        gr->rot_const = linear ? planes : NULL;
        planes += linear ? (size_t)(gr->keys - 1) * 2 * gr->rot_lanes : 0;
        uint32_t v = 0, q = 0, keys = gr->keys, vl = gr->vec_lanes, rl = gr->rot_lanes;
        for (uint32_t i = 0; i < n; ++i) {
            if (group_of[i] != g) continue;
            const ta_track *t = clip->tracks[i];
            if (t->target.kind == TA_TRACK_KIND_QUATERNION) {
                f->rot_track[rot_at + q] = i;
                for (uint32_t k = 0; k < keys; ++k)
                    for (uint32_t c = 0; c < 4; ++c) gr->rot[((size_t)k * 4 + c) * rl + q] = t->values[(size_t)k * 4 + c];
                if (linear)
                    ta__slerp_constants_track(t->values, keys, gr->rot_const + q, gr->rot_const + rl + q, 2 * (size_t)rl);
                q++;
            } else {
                f->vec_track[vec_at + v] = i;
                for (uint32_t k = 0; k < keys; ++k)
                    for (uint32_t c = 0; c < 3; ++c) gr->vec[((size_t)k * 3 + c) * vl + v] = t->values[(size_t)k * 3 + c];
                v++;
            }
        }
        for (; q < rl; ++q)
            for (uint32_t k = 0; k < keys; ++k) gr->rot[((size_t)k * 4 + 3) * rl + q] = 1;
        vec_at += vl;
        rot_at += rl;
    }
    ta__free(&clip->mem, group_of, 2 * (size_t)n * sizeof(uint32_t));
    ta__clip_fused_drop(clip);
    clip->fused = f;
    return true;
}

void ta__clip_fused_drop(ta_clip *clip)
{
    if (clip->fused == NULL) return;
    ta__free(&clip->mem, clip->fused, clip->fused->bytes);
    clip->fused = NULL;
}
