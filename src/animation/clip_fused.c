/* A clip's keys in planes by key, for the mixer's fused path. See clip_fused.h. */
#include <string.h>

#include "animation/clip_fused.h"
#include "animation/track_internal.h"

static uint32_t padded(uint32_t n)
{
    return (n + TA__FUSED_WIDTH - 1) / TA__FUSED_WIDTH * TA__FUSED_WIDTH;
}

static bool qualifies(const ta_clip *clip)
{
    if (clip->track_count == 0 || clip->blend_mode != TA_NORMAL_BLEND_MODE) return false;
    const ta_track *first = clip->tracks[0];
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        if ((t->interpolation != TA_LINEAR && t->interpolation != TA_STEP) ||
            t->interpolation != first->interpolation || t->target.family != TA_FAMILY_NODE)
            return false;
        if (t->target.kind != TA_POSITION && t->target.kind != TA_SCALE && t->target.kind != TA_QUATERNION)
            return false;
        if (t->key_count != first->key_count ||
            (t->times != first->times && memcmp(t->times, first->times, sizeof(float) * t->key_count) != 0))
            return false;
        /* two tracks on one target mix into one pile in the general path */
        for (uint32_t j = 0; j < i; ++j)
            if (ta_track_target_eq(clip->tracks[j]->target, t->target)) return false;
    }
    return true;
}

void ta__clip_fused_make(ta_clip *clip)
{
    ta__clip_fused_drop(clip);
    if (!qualifies(clip)) return;
    uint32_t vec_count = 0, rot_count = 0, n = clip->track_count, keys = clip->tracks[0]->key_count;
    for (uint32_t i = 0; i < n; ++i) {
        if (clip->tracks[i]->target.kind == TA_QUATERNION)
            rot_count++;
        else
            vec_count++;
    }
    uint32_t vec_lanes = padded(vec_count), rot_lanes = padded(rot_count);
    size_t floats = (size_t)keys * (3 * (size_t)vec_lanes + 4 * (size_t)rot_lanes);
    size_t bytes = sizeof(ta__clip_fused) + sizeof(uint32_t) * ((size_t)vec_lanes + rot_lanes) + sizeof(float) * floats;
    unsigned char *block = (unsigned char *)ta__calloc(&clip->mem, 1, bytes);
    if (block == NULL) return;
    ta__clip_fused *f = (ta__clip_fused *)block;
    f->bytes = bytes;
    f->keys = keys;
    f->step = clip->tracks[0]->interpolation == TA_STEP;
    f->times = clip->tracks[0]->times;
    f->vec_count = vec_count;
    f->vec_lanes = vec_lanes;
    f->rot_count = rot_count;
    f->rot_lanes = rot_lanes;
    f->vec = (float *)(block + sizeof *f);
    f->rot = f->vec + (size_t)keys * 3 * vec_lanes;
    f->vec_track = (uint32_t *)(f->rot + (size_t)keys * 4 * rot_lanes);
    f->rot_track = f->vec_track + vec_lanes;
    uint32_t v = 0, q = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = clip->tracks[i];
        if (t->target.kind == TA_QUATERNION) {
            f->rot_track[q] = i;
            for (uint32_t k = 0; k < keys; ++k)
                for (uint32_t c = 0; c < 4; ++c) f->rot[((size_t)k * 4 + c) * rot_lanes + q] = t->values[(size_t)k * 4 + c];
            q++;
        } else {
            f->vec_track[v] = i;
            for (uint32_t k = 0; k < keys; ++k)
                for (uint32_t c = 0; c < 3; ++c) f->vec[((size_t)k * 3 + c) * vec_lanes + v] = t->values[(size_t)k * 3 + c];
            v++;
        }
    }
    for (; q < rot_lanes; ++q) {
        f->rot_track[q] = TA_NONE;
        for (uint32_t k = 0; k < keys; ++k) f->rot[((size_t)k * 4 + 3) * rot_lanes + q] = 1;
    }
    for (; v < vec_lanes; ++v) f->vec_track[v] = TA_NONE;
    clip->fused = f;
}

void ta__clip_fused_drop(ta_clip *clip)
{
    if (clip->fused == NULL) return;
    ta__free(&clip->mem, clip->fused, clip->fused->bytes);
    clip->fused = NULL;
}
