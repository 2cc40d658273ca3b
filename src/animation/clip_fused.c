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

/* Blocks of planes per key component: a value, and a curve's tangents or control points. */
static uint32_t blocks_of(ta_interpolation interp)
{
    return interp == TA_INTERPOLATION_CUBIC_SPLINE ? 3 : interp == TA_INTERPOLATION_BEZIER ? 5 : 1;
}

/* A track's tangents (or control points) are all there: the curve reads them key by key. */
static bool curve_complete(const ta_track *t)
{
    uint32_t per_number = t->interpolation == TA_INTERPOLATION_CUBIC_SPLINE ? 1
                          : t->interpolation == TA_INTERPOLATION_BEZIER    ? 2
                                                                            : 0;
    return per_number == 0 || (t->in_tangents != NULL && t->out_tangents != NULL &&
                               t->tangent_count == per_number * t->key_count * t->value_size);
}

/* The kind of lane a track of a qualifying clip fills. */
enum { LANE_VEC, LANE_ROT, LANE_NUM, LANE_NONE };

static int lane_kind(const ta_track *t)
{
    switch (t->target.kind) {
    case TA_TRACK_KIND_POSITION:
    case TA_TRACK_KIND_SCALE: return t->target.family == TA_TARGET_FAMILY_NODE ? LANE_VEC : LANE_NONE;
    case TA_TRACK_KIND_QUATERNION: return t->target.family == TA_TARGET_FAMILY_NODE ? LANE_ROT : LANE_NONE;
    case TA_TRACK_KIND_MORPH_INFLUENCE: return t->target.family == TA_TARGET_FAMILY_MESH ? LANE_NUM : LANE_NONE;
    case TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE:
        return t->target.family == TA_TARGET_FAMILY_SKINNED_MESH ? LANE_NUM : LANE_NONE;
    default: return LANE_NONE;
    }
}

/* Whether the clip has the fused layout; its vectors', rotations' and
 * numbers' interpolations (TA_INTERPOLATION_DEFAULT when it has none of them). */
static bool qualifies(const ta_clip *clip, ta_interpolation interp[3])
{
    interp[LANE_VEC] = interp[LANE_ROT] = interp[LANE_NUM] = TA_INTERPOLATION_DEFAULT;
    if (clip->track_count == 0) return false; /* the action's blend mode is what counts, not the clip's */
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        const int kind = lane_kind(t);
        if (kind == LANE_NONE || !curve_complete(t)) return false;
        if (kind != LANE_NUM && t->target.index >= UINT32_MAX / TA__NODE_FLOATS - 1) return false; /* its lane's place in 32 bits */
        /* one interpolation per kind of lane (tracks refuse SMOOTH rotations) */
        ta_interpolation *part = &interp[kind];
        if (*part != TA_INTERPOLATION_DEFAULT && *part != t->interpolation) return false;
        *part = t->interpolation;
        /* two tracks on one target mix into one pile in the general path */
        for (uint32_t j = 0; j < i; ++j)
            if (ta_track_target_eq(clip->tracks[j]->target, t->target)) return false;
    }
    return true;
}

/* Where a node target's numbers start, in floats from the first node. */
static uint32_t node_place(ta_track_target t)
{
    size_t field = t.kind == TA_TRACK_KIND_QUATERNION ? offsetof(ta_node, quaternion)
                   : t.kind == TA_TRACK_KIND_SCALE    ? offsetof(ta_node, scale)
                                                      : offsetof(ta_node, position);
    return (uint32_t)(t.index * TA__NODE_FLOATS + field / sizeof(float));
}

/* Track t's numbers of key k into a group's planes at lane `lane`: its value,
 * and its curve's tangents or control points, block after block. */
static void copy_key(float *planes, uint32_t lanes, uint32_t comps, uint32_t stride, const ta_track *t, uint32_t k,
                     uint32_t lane)
{
    float *key = planes + (size_t)k * stride * lanes;
    for (uint32_t c = 0; c < comps; ++c) {
        const size_t n = (size_t)k * comps + c;
        key[(size_t)(TA__FUSED_VALUE * comps + c) * lanes + lane] = t->values[n];
        if (t->interpolation == TA_INTERPOLATION_CUBIC_SPLINE) {
            key[(size_t)(TA__FUSED_IN * comps + c) * lanes + lane] = t->in_tangents[n];
            key[(size_t)(TA__FUSED_OUT * comps + c) * lanes + lane] = t->out_tangents[n];
        } else if (t->interpolation == TA_INTERPOLATION_BEZIER) {
            key[(size_t)(TA__FUSED_IN_TIME * comps + c) * lanes + lane] = t->in_tangents[2 * n];
            key[(size_t)(TA__FUSED_IN_VALUE * comps + c) * lanes + lane] = t->in_tangents[2 * n + 1];
            key[(size_t)(TA__FUSED_OUT_TIME * comps + c) * lanes + lane] = t->out_tangents[2 * n];
            key[(size_t)(TA__FUSED_OUT_VALUE * comps + c) * lanes + lane] = t->out_tangents[2 * n + 1];
        }
    }
}

/* A padding lane of key k: the identity for rotations (zero for vectors, as
 * the block was made), and a Bezier's control points on the key itself, so
 * that its curve is flat and its solve finite. */
static void pad_key(float *planes, uint32_t lanes, uint32_t comps, uint32_t stride, ta_interpolation interp,
                    float time, uint32_t k, uint32_t lane)
{
    float *key = planes + (size_t)k * stride * lanes;
    const float w = comps == 4 ? 1.0f : 0.0f;
    key[(size_t)(TA__FUSED_VALUE * comps + comps - 1) * lanes + lane] = w;
    if (interp != TA_INTERPOLATION_BEZIER) return;
    for (uint32_t c = 0; c < comps; ++c) {
        key[(size_t)(TA__FUSED_IN_TIME * comps + c) * lanes + lane] = time;
        key[(size_t)(TA__FUSED_OUT_TIME * comps + c) * lanes + lane] = time;
    }
    key[(size_t)(TA__FUSED_IN_VALUE * comps + comps - 1) * lanes + lane] = w;
    key[(size_t)(TA__FUSED_OUT_VALUE * comps + comps - 1) * lanes + lane] = w;
}

/* TA__FUSED_SHARED_* of key k of a Bezier part: whether its `count` lanes'
 * control times, in every component, are one number. */
static uint8_t shared_times(const float *planes, uint32_t lanes, uint32_t comps, uint32_t stride, uint32_t count,
                            uint32_t k)
{
    uint8_t shared = 0;
    const float *key = planes + (size_t)k * stride * lanes;
    const uint32_t blocks[2] = {TA__FUSED_IN_TIME, TA__FUSED_OUT_TIME};
    for (int side = 0; side < 2; ++side) {
        const float *first = key + (size_t)blocks[side] * comps * lanes;
        bool same = count > 0;
        for (uint32_t c = 0; c < comps && same; ++c)
            for (uint32_t l = 0; l < count && same; ++l) same = first[(size_t)c * lanes + l] == first[0];
        if (same) shared |= side == 0 ? TA__FUSED_SHARED_IN : TA__FUSED_SHARED_OUT;
    }
    return shared;
}

/* Group g's tracks of each kind of lane. */
static void count_group(const ta_clip *clip, const uint32_t *group_of, uint32_t g, uint32_t count[3])
{
    count[LANE_VEC] = count[LANE_ROT] = count[LANE_NUM] = 0;
    for (uint32_t i = 0; i < clip->track_count; ++i)
        if (group_of[i] == g) count[lane_kind(clip->tracks[i])] += 1;
}

/* Group g's planes: its tracks' keys lane by lane, its padding lanes, and
 * which keys share their Bezier control times. */
static void fill_group(ta__clip_fused *f, ta__fused_group *gr, const ta_clip *clip, const uint32_t *group_of,
                       uint32_t g, const ta_interpolation interp[3])
{
    uint32_t v = 0, q = 0, u = 0, keys = gr->keys, vl = gr->vec_lanes, rl = gr->rot_lanes, nl = gr->num_lanes;
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        if (group_of[i] != g) continue;
        const ta_track *t = clip->tracks[i];
        switch (lane_kind(t)) {
        case LANE_ROT:
            f->rot_track[gr->rot_first + q] = i;
            f->rot_node[gr->rot_first + q] = node_place(t->target);
            for (uint32_t k = 0; k < keys; ++k) copy_key(gr->rot, rl, 4, f->rot_stride, t, k, q);
            if (gr->rot_const != NULL)
                ta__slerp_constants_track(t->values, keys, gr->rot_const + q, gr->rot_const + rl + q, 2 * (size_t)rl, clip->slerp_fast);
            q++;
            break;
        case LANE_NUM:
            f->num_track[gr->num_first + u] = i;
            for (uint32_t k = 0; k < keys; ++k) copy_key(gr->num, nl, 1, f->num_stride, t, k, u);
            u++;
            break;
        default:
            f->vec_track[gr->vec_first + v] = i;
            f->vec_node[gr->vec_first + v] = node_place(t->target);
            for (uint32_t k = 0; k < keys; ++k) copy_key(gr->vec, vl, 3, f->vec_stride, t, k, v);
            v++;
            break;
        }
    }
    for (uint32_t k = 0; k < keys; ++k) {
        for (uint32_t l = q; l < rl; ++l) pad_key(gr->rot, rl, 4, f->rot_stride, interp[LANE_ROT], gr->times[k], k, l);
        for (uint32_t l = v; l < vl; ++l) pad_key(gr->vec, vl, 3, f->vec_stride, interp[LANE_VEC], gr->times[k], k, l);
        for (uint32_t l = u; l < nl; ++l) pad_key(gr->num, nl, 1, f->num_stride, interp[LANE_NUM], gr->times[k], k, l);
    }
    for (uint32_t k = 0; k < keys; ++k) {
        gr->vec_shared[k] = interp[LANE_VEC] == TA_INTERPOLATION_BEZIER ? shared_times(gr->vec, vl, 3, f->vec_stride, v, k) : 0;
        gr->rot_shared[k] = interp[LANE_ROT] == TA_INTERPOLATION_BEZIER ? shared_times(gr->rot, rl, 4, f->rot_stride, q, k) : 0;
        gr->num_shared[k] = interp[LANE_NUM] == TA_INTERPOLATION_BEZIER ? shared_times(gr->num, nl, 1, f->num_stride, u, k) : 0;
    }
}

bool ta__clip_fused_make(ta_clip *clip)
{
    ta_interpolation interp[3];
    if (!qualifies(clip, interp)) {
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
    const uint32_t vec_stride = 3 * blocks_of(interp[LANE_VEC]), rot_stride = 4 * blocks_of(interp[LANE_ROT]);
    const uint32_t num_stride = blocks_of(interp[LANE_NUM]);
    uint32_t vec_lanes = 0, rot_lanes = 0, num_lanes = 0;
    size_t floats = 0;
    for (uint32_t g = 0; g < groups; ++g) {
        uint32_t count[3];
        count_group(clip, group_of, g, count);
        uint32_t keys = clip->tracks[group_first[g]]->key_count;
        vec_lanes += padded(count[LANE_VEC]);
        rot_lanes += padded(count[LANE_ROT]);
        num_lanes += padded(count[LANE_NUM]);
        floats += (size_t)keys * ((size_t)vec_stride * padded(count[LANE_VEC]) + (size_t)rot_stride * padded(count[LANE_ROT]) +
                                  (size_t)num_stride * padded(count[LANE_NUM]));
        /* LINEAR rotations keep their intervals' slerp constants too */
        if (interp[LANE_ROT] == TA_INTERPOLATION_LINEAR) floats += (size_t)(keys - 1) * 2 * padded(count[LANE_ROT]);
    }
    size_t shared_bytes = 0; /* a byte per key per part */
    for (uint32_t g = 0; g < groups; ++g) shared_bytes += 3 * (size_t)clip->tracks[group_first[g]]->key_count;
    size_t bytes = sizeof(ta__clip_fused) + sizeof(ta__fused_group) * groups + TA__LINE + sizeof(float) * floats +
                   sizeof(uint32_t) * (2 * ((size_t)vec_lanes + rot_lanes) + num_lanes) + shared_bytes;
    unsigned char *block = (unsigned char *)ta__calloc(&clip->mem, 1, bytes);
    if (block == NULL) {
        ta__free(&clip->mem, group_of, 2 * (size_t)n * sizeof(uint32_t));
        return false;
    }
    ta__clip_fused *f = (ta__clip_fused *)block;
    f->bytes = bytes;
    f->vec_interp = interp[LANE_VEC];
    f->rot_interp = interp[LANE_ROT];
    f->num_interp = interp[LANE_NUM];
    f->vec_stride = vec_stride;
    f->rot_stride = rot_stride;
    f->num_stride = num_stride;
    f->group_count = groups;
    f->groups = (ta__fused_group *)(block + sizeof *f);
    /* the planes on a cache line: each plane's row of lanes is whole lines, so no vector load of a key
     * splits two (right after the header and groups they began 8 to 56 bytes past one) */
    float *planes = (float *)ta__line_up(f->groups + groups);
    f->vec_track = (uint32_t *)(planes + floats);
    f->rot_track = f->vec_track + vec_lanes;
    f->vec_node = f->rot_track + rot_lanes;
    f->rot_node = f->vec_node + vec_lanes;
    f->num_track = f->rot_node + rot_lanes;
    uint8_t *shared = (uint8_t *)(f->num_track + num_lanes);
    f->vec_lanes = vec_lanes;
    f->rot_lanes = rot_lanes;
    f->num_lanes = num_lanes;
    for (uint32_t l = 0; l < vec_lanes; ++l) f->vec_track[l] = TA_NONE;
    for (uint32_t l = 0; l < rot_lanes; ++l) f->rot_track[l] = TA_NONE;
    for (uint32_t l = 0; l < num_lanes; ++l) f->num_track[l] = TA_NONE;
    uint32_t vec_at = 0, rot_at = 0, num_at = 0;
    for (uint32_t g = 0; g < groups; ++g) {
        ta__fused_group *gr = &f->groups[g];
        const ta_track *t0 = clip->tracks[group_first[g]];
        uint32_t count[3];
        count_group(clip, group_of, g, count);
        gr->keys = t0->key_count;
        gr->times = t0->times;
        gr->vec_first = vec_at;
        gr->rot_first = rot_at;
        gr->num_first = num_at;
        gr->vec_count = count[LANE_VEC];
        gr->rot_count = count[LANE_ROT];
        gr->num_count = count[LANE_NUM];
        gr->vec_lanes = padded(gr->vec_count);
        gr->rot_lanes = padded(gr->rot_count);
        gr->num_lanes = padded(gr->num_count);
        gr->vec = planes;
        planes += (size_t)gr->keys * vec_stride * gr->vec_lanes;
        gr->rot = planes;
        planes += (size_t)gr->keys * rot_stride * gr->rot_lanes;
        gr->rot_const = interp[LANE_ROT] == TA_INTERPOLATION_LINEAR ? planes : NULL;
        planes += gr->rot_const != NULL ? (size_t)(gr->keys - 1) * 2 * gr->rot_lanes : 0;
        gr->num = planes;
        planes += (size_t)gr->keys * num_stride * gr->num_lanes;
        gr->vec_shared = shared;
        gr->rot_shared = shared + gr->keys;
        gr->num_shared = shared + 2 * (size_t)gr->keys;
        shared += 3 * (size_t)gr->keys;
        fill_group(f, gr, clip, group_of, g, interp);
        vec_at += gr->vec_lanes;
        rot_at += gr->rot_lanes;
        num_at += gr->num_lanes;
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

void ta__clip_fused_refill(const ta_clip *clip, const uint8_t *changes)
{
    ta__clip_fused *f = clip->fused;
    if (f == NULL || f->group_count != 1) return;
    ta__fused_group *gr = &f->groups[0];
    for (uint32_t l = 0; l < gr->vec_count; ++l)
        if (changes == NULL || changes[f->vec_track[l]])
            for (uint32_t k = 0; k < gr->keys; ++k) copy_key(gr->vec, gr->vec_lanes, 3, f->vec_stride, clip->tracks[f->vec_track[l]], k, l);
    for (uint32_t l = 0; l < gr->rot_count; ++l) {
        if (changes != NULL && !changes[f->rot_track[l]]) continue;
        const ta_track *t = clip->tracks[f->rot_track[l]];
        for (uint32_t k = 0; k < gr->keys; ++k) copy_key(gr->rot, gr->rot_lanes, 4, f->rot_stride, t, k, l);
        if (gr->rot_const != NULL)
            ta__slerp_constants_track(t->values, gr->keys, gr->rot_const + l, gr->rot_const + gr->rot_lanes + l, 2 * (size_t)gr->rot_lanes,
                                      clip->slerp_fast);
    }
}
