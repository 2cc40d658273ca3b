/* Morph target sequences: three.js's CreateFromMorphTargetSequence and
 * CreateClipsFromMorphTargetSequences. */
#include <stdio.h>
#include <string.h>

#include "animation/clip_util_internal.h"
#include "animation/track_rules.h"
#include "threeanim/animation_utils.h"

static ta_result check_sequence(const ta_track_target *targets, uint32_t target_count, double fps, ta_error *err)
{
    if (target_count == 0 || targets == NULL)
        return ta__fail(err, TA_ERROR_EMPTY_CLIP, "targets: a sequence needs at least one morph target, given %u",
                        target_count);
    for (uint32_t i = 0; i < target_count; i++) {
        ta_track_kind kind = targets[i].kind;
        if (!ta__kind_is_morph(kind))
            return ta__fail(err, TA_ERROR_WRONG_KIND, "targets: target %u is a %s target, not a morph target", i,
                            ta_track_kind_name(kind));
    }
    return ta__check_fps(fps, err);
}

/* Track i of a sequence of n: three.js's times (i - 1, i, i + 1) mod n with
 * values (0, 1, 0), sorted, then a key at n repeating the first when the
 * first is at 0 and the clip loops. Keys at one time (n of 1 or 2) keep the
 * later. Returns the key count (at most 4). */
static uint32_t sequence_keys(uint32_t i, uint32_t n, bool no_loop, uint64_t *times, float *values)
{
    uint64_t t[4] = {((uint64_t)i + n - 1) % n, i, ((uint64_t)i + 1) % n, 0};
    float v[4] = {0.0f, 1.0f, 0.0f, 0.0f};
    uint32_t count = 3;
    /* three.js's getKeyframeOrder, a stable sort, of three frames. */
    for (uint32_t k = 1; k < 3; k++)
        for (uint32_t j = k; j > 0 && t[j - 1] > t[j]; j--) {
            uint64_t tt = t[j];
            t[j] = t[j - 1];
            t[j - 1] = tt;
            float vv = v[j];
            v[j] = v[j - 1];
            v[j - 1] = vv;
        }
    if (!no_loop && t[0] == 0) {
        t[3] = n;
        v[3] = v[0];
        count = 4;
    }
    uint32_t kept = 0;
    for (uint32_t k = 0; k < count; k++) {
        if (k + 1 < count && t[k + 1] == t[k]) continue;
        times[kept] = t[k];
        values[kept] = v[k];
        kept++;
    }
    return kept;
}

/* The clip of the targets members[0..n) (all of targets when members is NULL). */
static ta_result sequence_clip(const char *name, const ta_track_target *targets, const uint32_t *members,
                               uint32_t n, double fps, bool no_loop, const ta__mem *mem, ta_clip **out_clip,
                               ta_error *err)
{
    if (n == 1 && no_loop)
        return ta__fail(err, TA_ERROR_EMPTY_CLIP,
                        "targets: a sequence of one target with no_loop has one key, at 0, so its clip would last "
                        "no time");
    ta_track **tracks = (ta_track **)ta__calloc(mem, n, sizeof *tracks);
    if (tracks == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making %u tracks", n);
    /* three.js scales its frame times by 1 / fps in float32. */
    double frame_time = 1.0 / fps;
    ta_result r = TA_OK;
    uint32_t made = 0;
    for (; made < n; made++) {
        uint64_t frames[4];
        float times[4], values[4];
        uint32_t keys = sequence_keys(made, n, no_loop, frames, values);
        for (uint32_t k = 0; k < keys; k++) times[k] = (float)((double)(float)frames[k] * frame_time);
        ta_track_desc desc = {0};
        desc.target = targets[members != NULL ? members[made] : made];
        desc.times = times;
        desc.key_count = keys;
        desc.values = values;
        desc.value_count = keys;
        r = ta_track_create(&desc, &mem->a, &tracks[made], err);
        if (r != TA_OK) {
            ta__prefix(err, r, "targets: target %u", members != NULL ? members[made] : made);
            break;
        }
    }
    if (r == TA_OK) {
        ta_clip_options opts = {0};
        opts.allocator = &mem->a;
        r = ta_clip_create(name, tracks, n, &opts, out_clip, err);
    }
    if (r != TA_OK) ta__destroy_tracks(tracks, made);
    ta__free(mem, tracks, (size_t)n * sizeof *tracks);
    return r;
}

ta_result ta_clip_create_from_morph_target_sequence(const char *name, const ta_track_target *targets,
                                               uint32_t target_count, double fps, bool no_loop,
                                               const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = check_sequence(targets, target_count, fps, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    return sequence_clip(name, targets, NULL, target_count, fps, no_loop, &mem, out_clip, err);
}

/* three.js's /^([\w-]*?)([\d]+)$/: letters, digits, '_' and '-' ending in a
 * digit. The lazy group leaves every trailing digit to the second, so the
 * animation's name is what comes before the last run of digits. Returns its
 * length, or -1 if the name does not match. */
static long animation_prefix(const char *name)
{
    size_t len = strlen(name), k = len;
    while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9') k--;
    if (k == len) return -1;
    for (size_t i = 0; i < k; i++) {
        char c = name[i];
        bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-';
        if (!word) return -1;
    }
    return (long)k;
}

ta_result ta_clip_create_clips_from_morph_target_sequences(const char *const *names, const ta_track_target *targets,
                                                      uint32_t target_count, double fps, bool no_loop,
                                                      const ta_allocator *allocator, ta_clip **out_clips,
                                                      uint32_t *out_clip_count, ta_error *err)
{
    if (out_clips == NULL || out_clip_count == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", out_clips == NULL ? "out_clips" : "out_clip_count");
    if (names == NULL && target_count != 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "names: NULL");
    for (uint32_t i = 0; i < target_count; i++)
        if (names[i] == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "names: name %u is NULL", i);
    ta_result r = check_sequence(targets, target_count, fps, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;

    /* group[i]: the animation of target i, numbered as they first appear;
     * first[g]: the first target of animation g. */
    size_t bytes = (size_t)target_count * (3 * sizeof(uint32_t) + sizeof(long) + sizeof(struct ta_clip *));
    unsigned char *scratch = (unsigned char *)ta__alloc(&mem, bytes);
    if (scratch == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory grouping %u names", target_count);
    ta_clip **clips = (ta_clip **)scratch;
    long *prefix = (long *)(clips + target_count);
    uint32_t *group = (uint32_t *)(prefix + target_count);
    uint32_t *first = group + target_count, *members = first + target_count;
    uint32_t groups = 0;
    for (uint32_t i = 0; i < target_count; i++) {
        prefix[i] = animation_prefix(names[i]);
        group[i] = UINT32_MAX;
        if (prefix[i] < 0) continue;
        for (uint32_t g = 0; g < groups && group[i] == UINT32_MAX; g++) {
            uint32_t f = first[g];
            if (prefix[f] == prefix[i] && memcmp(names[f], names[i], (size_t)prefix[i]) == 0) group[i] = g;
        }
        if (group[i] == UINT32_MAX) {
            first[groups] = i;
            group[i] = groups++;
        }
    }
    uint32_t made = 0;
    for (uint32_t g = 0; g < groups && r == TA_OK; g++) {
        uint32_t n = 0;
        for (uint32_t i = first[g]; i < target_count; i++)
            if (group[i] == g) members[n++] = i;
        size_t name_len = (size_t)prefix[first[g]];
        char *name = (char *)ta__alloc(&mem, name_len + 1);
        if (name == NULL) {
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory naming animation %u", g);
            break;
        }
        memcpy(name, names[first[g]], name_len);
        name[name_len] = '\0';
        r = sequence_clip(name, targets, members, n, fps, no_loop, &mem, &clips[made], err);
        if (r != TA_OK) {
            char what[96];
            snprintf(what, sizeof what, "names: animation \"%.40s\" (from name %u)", name, first[g]);
            ta__prefix(err, r, "%s", what);
        } else {
            made++;
        }
        ta__free(&mem, name, name_len + 1);
    }
    if (r == TA_OK) {
        memcpy(out_clips, clips, (size_t)made * sizeof *clips);
        *out_clip_count = made;
    } else {
        for (uint32_t g = 0; g < made; g++) ta_clip_release(clips[g]);
    }
    ta__free(&mem, scratch, bytes);
    return r;
}
