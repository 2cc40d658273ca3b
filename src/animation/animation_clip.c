/* Clips: the tracks, the duration, the uuid and the reference count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/clip_internal.h"
#include "animation/clip_compressed.h"
#include "animation/clip_fused.h"
#include "animation/clip_plan.h"
#include "animation/clip_util_internal.h"
#include "threeanim/rebind.h"

const char *ta_blend_mode_name(ta_blend_mode mode)
{
    switch (mode) {
    case TA_BLEND_MODE_NORMAL: return "NORMAL_BLEND_MODE";
    case TA_BLEND_MODE_ADDITIVE: return "ADDITIVE_BLEND_MODE";
    case TA_BLEND_MODE_DEFAULT:
    case TA_BLEND_MODE_COUNT: break;
    }
    return "?";
}

/* ---- the uuid -------------------------------------------------------------------- */

/* Two FNV-1a lanes with different bases, mixed at the end: enough to tell
 * clips apart, with no random state anywhere. */
typedef struct clip_hash {
    uint64_t a, b;
} clip_hash;

static void hash_bytes(clip_hash *h, const void *data, size_t size)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < size; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ull;
        h->b = (h->b ^ p[i]) * 0x00000100000001b3ull ^ (h->b >> 29);
    }
}

static void hash_u32(clip_hash *h, uint32_t v)
{
    hash_bytes(h, &v, sizeof v);
}

static void hash_str(clip_hash *h, const char *s)
{
    if (s == NULL) {
        hash_u32(h, UINT32_MAX);
        return;
    }
    size_t n = strlen(s);
    hash_u32(h, (uint32_t)n);
    hash_bytes(h, s, n);
}

static uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

static void hash_track(clip_hash *h, const ta_track *t)
{
    ta_track_target target = ta_track_target_of(t);
    hash_u32(h, (uint32_t)target.kind);
    hash_u32(h, (uint32_t)target.family);
    hash_u32(h, target.index);
    hash_u32(h, target.element);
    hash_u32(h, (uint32_t)ta_track_interpolation(t));
    uint32_t keys = ta_track_key_count(t), size = ta_track_value_size(t);
    hash_u32(h, keys);
    hash_u32(h, size);
    hash_bytes(h, ta_track_times(t), (size_t)keys * sizeof(float));
    hash_bytes(h, ta_track_values(t), (size_t)keys * size * sizeof(float));
    uint32_t tangents = ta_track_tangent_count(t);
    hash_u32(h, tangents);
    if (tangents != 0) {
        hash_bytes(h, ta_track_in_tangents(t), (size_t)tangents * sizeof(float));
        hash_bytes(h, ta_track_out_tangents(t), (size_t)tangents * sizeof(float));
    }
    uint32_t strings = ta_track_string_count(t);
    hash_u32(h, strings);
    for (uint32_t i = 0; i < strings; i++) hash_str(h, ta_track_string(t, i));
}

/* A uuid in the v4 layout (version 4, variant 10xx), lower case as three.js
 * generateUUID writes it, made from the clip's contents and a salt that tells
 * a copy or a derived clip from its source. */
static void make_uuid(const char *salt, const char *name, ta_blend_mode mode, double duration,
                      const char *user_data, const ta_clip_marker *markers, uint32_t marker_count,
                      ta_track *const *tracks, uint32_t track_count, char out[37])
{
    clip_hash h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    hash_str(&h, "threeanim clip");
    hash_str(&h, salt);
    hash_str(&h, name);
    hash_u32(&h, (uint32_t)mode);
    hash_bytes(&h, &duration, sizeof duration);
    hash_str(&h, user_data);
    /* Only when there are markers, so that a clip without them keeps the uuid
     * earlier versions made for it. */
    if (marker_count > 0) {
        hash_u32(&h, marker_count);
        for (uint32_t i = 0; i < marker_count; i++) {
            hash_str(&h, markers[i].name);
            hash_bytes(&h, &markers[i].time.seconds, sizeof markers[i].time.seconds);
        }
    }
    hash_u32(&h, track_count);
    for (uint32_t i = 0; i < track_count; i++) hash_track(&h, tracks[i]);
    uint64_t hi = fmix64(h.a ^ fmix64(h.b)), lo = fmix64(h.b + 0x9e3779b97f4a7c15ull * hi);
    unsigned char b[16];
    for (int i = 0; i < 8; i++) {
        b[i] = (unsigned char)(hi >> (56 - 8 * i));
        b[8 + i] = (unsigned char)(lo >> (56 - 8 * i));
    }
    b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    static const char hex[] = "0123456789abcdef";
    int o = 0;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[o++] = '-';
        out[o++] = hex[b[i] >> 4];
        out[o++] = hex[b[i] & 15];
    }
    out[o] = '\0';
}

/* ---- making and freeing -------------------------------------------------------- */

static int compare_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (ta_track *const *)a, y = (uintptr_t) * (ta_track *const *)b;
    return x < y ? -1 : (x > y ? 1 : 0);
}

static double longest_track(ta_track *const *tracks, uint32_t track_count)
{
    double longest = 0.0;
    for (uint32_t i = 0; i < track_count; i++) {
        double d = ta_track_duration(tracks[i]).seconds;
        if (d > longest) longest = d;
    }
    return longest;
}

static void clip_free(ta_clip *clip)
{
    ta__cc_window_free(clip);
    ta__clip_free_node_names(clip);
    ta__clip_plan_free(clip, clip->plan);
    ta__clip_fused_drop(clip);
    for (uint32_t i = 0; i < clip->track_count; i++) ta_track_destroy(clip->tracks[i]);
    ta__free(&clip->mem, clip->tracks, (size_t)clip->track_count * sizeof *clip->tracks);
    ta__free_str(&clip->mem, clip->name);
    ta__free_str(&clip->mem, clip->uuid);
    ta__free_str(&clip->mem, clip->user_data);
    ta__clip_markers_free(&clip->mem, clip->markers, clip->marker_count);
    ta__mem mem = clip->mem;
    ta__free(&mem, clip->share, sizeof *clip->share);
    ta__free(&mem, clip, sizeof *clip);
}

/* Frees a clip that could not be completed, but not the caller's tracks: they
 * are still the caller's. */
static ta_result made_out_of_memory(ta_clip *clip, uint32_t track_count, const char *name, ta_error *err)
{
    ta__mem mem = clip->mem;
    clip->track_count = 0;
    ta__free(&mem, clip->tracks, (size_t)track_count * sizeof *clip->tracks);
    clip->tracks = NULL;
    clip_free(clip);
    return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making clip \"%s\"", name ? name : "");
}

ta_result ta__clip_create_salted(const char *name, ta_track *const *tracks, uint32_t track_count,
                                 const ta_clip_options *options, const char *salt, ta_clip **out_clip,
                                 ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    static const ta_clip_options defaults = {0};
    if (options == NULL) options = &defaults;
    if ((tracks == NULL || track_count == 0) && !options->allow_empty)
        return ta__fail(err, TA_ERROR_EMPTY_CLIP, "tracks: a clip needs at least one track, given %u", track_count);
    if (tracks == NULL && track_count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "tracks: NULL with track_count %u", track_count);
    for (uint32_t i = 0; i < track_count; i++)
        if (tracks[i] == NULL)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "tracks: track %u is NULL", i);
    if (isnan(options->duration) || isinf(options->duration))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "duration: %g is not a finite number", options->duration);
    if (options->duration < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "duration: %g s is below zero", options->duration);
    if ((int)options->blend_mode < 0 || options->blend_mode >= TA_BLEND_MODE_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "blend_mode: %d is not a blend mode", (int)options->blend_mode);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options->allocator, err);
    if (r != TA_OK) return r;

    double duration = options->duration;
    if (duration == 0.0) {
        duration = longest_track(tracks, track_count);
        if (!(duration > 0.0) && !options->allow_empty)
            return ta__fail(err, TA_ERROR_EMPTY_CLIP,
                            "duration: the clip would last no time: every key of its %u track%s is at 0 and no "
                            "duration was given",
                            track_count, track_count == 1 ? "" : "s");
    }

    ta_clip_marker *markers = NULL;
    uint32_t marker_count = options->marker_count;
    r = ta__clip_markers_check(options->markers, marker_count, duration, err);
    if (r == TA_OK) r = ta__clip_markers_make(&mem, options->markers, marker_count, &markers, err);
    if (r != TA_OK) return r;

    /* The same track twice would be freed twice. */
    ta_track **sorted = track_count > 0 ? (ta_track **)ta__calloc(&mem, track_count, sizeof *sorted) : NULL;
    if (sorted == NULL && track_count > 0) {
        ta__clip_markers_free(&mem, markers, marker_count);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory sorting %u tracks", track_count);
    }
    if (track_count > 0) {
        memcpy(sorted, tracks, (size_t)track_count * sizeof *sorted);
        qsort(sorted, track_count, sizeof *sorted, compare_ptr);
    }
    const ta_track *twice = NULL;
    for (uint32_t i = 1; i < track_count && twice == NULL; i++)
        if (sorted[i] == sorted[i - 1]) twice = sorted[i];
    ta__free(&mem, sorted, (size_t)track_count * sizeof *sorted);
    if (twice != NULL) {
        uint32_t first = UINT32_MAX, again = 0;
        for (uint32_t i = 0; i < track_count; i++) {
            if (tracks[i] != twice) continue;
            if (first == UINT32_MAX) {
                first = i;
            } else {
                again = i;
                break;
            }
        }
        ta__clip_markers_free(&mem, markers, marker_count);
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "tracks: track %u is track %u again", again, first);
    }

    ta_blend_mode mode = options->blend_mode == TA_BLEND_MODE_DEFAULT ? TA_BLEND_MODE_NORMAL : options->blend_mode;
    char made_uuid[37];
    if (options->uuid == NULL)
        make_uuid(salt, name, mode, duration, options->user_data, markers, marker_count, tracks, track_count,
                  made_uuid);

    ta_clip *clip = ta__calloc(&mem, 1, sizeof *clip);
    if (clip == NULL) ta__clip_markers_free(&mem, markers, marker_count);
    if (clip == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making clip \"%s\"", name ? name : "");
    clip->mem = mem;
    clip->markers = markers;
    clip->marker_count = marker_count;
    clip->name = ta__strdup(&mem, name);
    clip->uuid = ta__strdup(&mem, options->uuid != NULL ? options->uuid : made_uuid);
    clip->user_data = options->user_data != NULL ? ta__strdup(&mem, options->user_data) : NULL;
    clip->tracks = track_count > 0 ? (ta_track **)ta__calloc(&mem, track_count, sizeof *clip->tracks) : NULL;
    clip->share = (ta__clip_share *)ta__calloc(&mem, 1, sizeof *clip->share);
    if (clip->name == NULL || clip->uuid == NULL || (options->user_data != NULL && clip->user_data == NULL) ||
        (clip->tracks == NULL && track_count > 0) || clip->share == NULL) {
        return made_out_of_memory(clip, track_count, name, err);
    }
    if (track_count > 0) memcpy(clip->tracks, tracks, (size_t)track_count * sizeof *clip->tracks);
    clip->track_count = track_count;
    clip->blend_mode = mode;
    clip->duration = duration;
    atomic_init(&clip->share->refs, 1u);
    clip->share->clip = clip;
    /* The plan and the fused copy now, so that the clip is never written once shared. */
    clip->plan = ta__clip_plan_build(clip);
    if (clip->plan == NULL || !ta__clip_fused_make(clip)) {
        return made_out_of_memory(clip, track_count, name, err);
    }
    *out_clip = clip;
    return TA_OK;
}

ta_result ta_clip_create(const char *name, ta_track *const *tracks, uint32_t track_count,
                         const ta_clip_options *options, ta_clip **out_clip, ta_error *err)
{
    return ta__clip_create_salted(name, tracks, track_count, options, NULL, out_clip, err);
}

void ta__destroy_tracks(ta_track **tracks, uint32_t count)
{
    if (tracks == NULL) return;
    for (uint32_t i = 0; i < count; i++) {
        ta_track_destroy(tracks[i]);
        tracks[i] = NULL;
    }
}

ta_result ta_clip_copy(const ta_clip *clip, const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta__cc_window_sync(clip); /* a compressed clip's window: its keys as the mixer last read them */
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_track **tracks = (ta_track **)ta__calloc(&mem, clip->track_count, sizeof *tracks);
    if (tracks == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying clip \"%s\"", clip->name);
    for (uint32_t i = 0; i < clip->track_count && r == TA_OK; i++) {
        r = ta_track_copy(clip->tracks[i], &mem.a, &tracks[i], err);
        if (r != TA_OK) ta__destroy_tracks(tracks, i);
    }
    if (r == TA_OK) {
        ta_clip_options opts = {0};
        opts.allocator = &mem.a;
        opts.duration = clip->duration;
        opts.blend_mode = clip->blend_mode;
        opts.user_data = clip->user_data;
        opts.markers = clip->markers;
        opts.marker_count = clip->marker_count;
        r = ta__clip_create_salted(clip->name, tracks, clip->track_count, &opts, clip->uuid, out_clip, err);
        if (r != TA_OK) ta__destroy_tracks(tracks, clip->track_count);
        if (r == TA_OK && (r = ta__clip_copy_node_names(clip, *out_clip, err)) != TA_OK) {
            ta_clip_release(*out_clip);
            *out_clip = NULL;
        }
    }
    ta__free(&mem, tracks, (size_t)clip->track_count * sizeof *tracks);
    return r;
}

/* A const clip: the count is written through clip->share, its own block
 * (clip_internal.h), so the clip itself is not. */
void ta_clip_retain(const ta_clip *clip)
{
    if (clip == NULL) return;
    atomic_fetch_add_explicit(&clip->share->refs, 1u, memory_order_relaxed);
}

void ta_clip_release(const ta_clip *clip)
{
    if (clip == NULL) return;
    /* The last release must see every write the other holders made. acq_rel
     * on the decrement, not a release and an acquire fence: the same
     * guarantee, and one ThreadSanitizer can see (it does not model fences). */
    if (atomic_fetch_sub_explicit(&clip->share->refs, 1u, memory_order_acq_rel) == 1u) clip_free(clip->share->clip);
}

/* ---- reading ------------------------------------------------------------------ */

const char *ta_clip_name(const ta_clip *clip) { return clip != NULL ? clip->name : NULL; }
const char *ta_clip_uuid(const ta_clip *clip) { return clip != NULL ? clip->uuid : NULL; }
const char *ta_clip_user_data(const ta_clip *clip) { return clip != NULL ? clip->user_data : NULL; }

ta_blend_mode ta_clip_blend_mode(const ta_clip *clip)
{
    return clip != NULL ? clip->blend_mode : TA_BLEND_MODE_DEFAULT;
}

ta_duration ta_clip_duration(const ta_clip *clip)
{
    return ta_duration_from_seconds(clip != NULL ? clip->duration : 0.0);
}

uint32_t ta_clip_track_count(const ta_clip *clip) { return clip != NULL ? clip->track_count : 0; }

const ta_track *ta_clip_track(const ta_clip *clip, uint32_t index)
{
    if (clip == NULL || index >= clip->track_count) return NULL;
    ta__cc_window_sync(clip); /* a compressed clip's window: its keys as the mixer last read them */
    return clip->tracks[index];
}

/* ---- editing in place ------------------------------------------------------------ */

static ta_result check_editable(const ta_clip *clip, const char *what, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    unsigned refs = ta__clip_refs(clip);
    if (refs != 1u)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "clip \"%s\": %s edits in place, but the clip has %u references; a shared clip never "
                        "changes (edit a ta_clip_copy)",
                        clip->name, what, refs);
    return TA_OK;
}

ta_result ta_clip_reset_duration(ta_clip *clip, ta_error *err)
{
    ta_result r = check_editable(clip, "reset_duration", err);
    if (r != TA_OK) return r;
    ta__cc_window_sync(clip);
    double longest = longest_track(clip->tracks, clip->track_count);
    if (!(longest > 0.0))
        return ta__fail(err, TA_ERROR_EMPTY_CLIP,
                        "clip \"%s\": reset_duration would make a clip of no length: every track's last key is at 0",
                        clip->name);
    clip->duration = longest;
    return TA_OK;
}

typedef ta_result (*track_edit)(ta_track *track, double duration, ta_error *err);

/* Edits copies and swaps them in only when every track succeeded, so a
 * refused edit leaves the clip as it was. */
static ta_result edit_tracks(ta_clip *clip, track_edit edit, ta_error *err)
{
    ta__cc_window_sync(clip); /* a compressed clip's window: edited as the mixer last read it */
    ta_track **edited = (ta_track **)ta__calloc(&clip->mem, clip->track_count, sizeof *edited);
    if (edited == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory editing clip \"%s\"", clip->name);
    ta_result r = TA_OK;
    uint32_t made = 0;
    for (uint32_t i = 0; i < clip->track_count && r == TA_OK; i++) {
        r = ta_track_copy(clip->tracks[i], &clip->mem.a, &edited[i], err);
        if (r != TA_OK) break;
        made++;
        r = edit(edited[i], clip->duration, err);
        if (r != TA_OK) {
            char what[32];
            snprintf(what, sizeof what, "track %u", i);
            ta__prefix(err, r, "%s", what);
        }
    }
    if (r == TA_OK) {
        /* Swap the edited tracks in, and back out if their plan or fused copy
         * cannot be made. The clip is unshared here: no action reads it. The
         * plan is made first, since making it changes nothing; a fused copy
         * that cannot be made leaves the old one. */
        for (uint32_t i = 0; i < clip->track_count; i++) {
            ta_track *old = clip->tracks[i];
            clip->tracks[i] = edited[i];
            edited[i] = old;
        }
        /* A compressed clip's window edited is a clip of its keys as they are: its constants
         * made as a float clip's, and no window to write its tracks again (ta_compressed_clip_window) */
        const bool fast = clip->slerp_fast;
        clip->slerp_fast = false;
        ta__clip_plan *plan = ta__clip_plan_build(clip);
        if (plan != NULL && ta__clip_fused_make(clip)) {
            ta__clip_plan_free(clip, clip->plan); /* made for the old tracks */
            clip->plan = plan;
            ta__cc_window_free(clip);
        } else {
            clip->slerp_fast = fast;
            ta__clip_plan_free(clip, plan);
            for (uint32_t i = 0; i < clip->track_count; i++) {
                ta_track *made_now = clip->tracks[i];
                clip->tracks[i] = edited[i];
                edited[i] = made_now;
            }
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory editing clip \"%s\"", clip->name);
        }
        ta__destroy_tracks(edited, clip->track_count);
    } else {
        ta__destroy_tracks(edited, made);
    }
    ta__free(&clip->mem, edited, (size_t)clip->track_count * sizeof *edited);
    return r;
}

static ta_result trim_to(ta_track *track, double duration, ta_error *err)
{
    return ta_track_trim(track, 0.0, duration, err);
}

static ta_result optimize_one(ta_track *track, double duration, ta_error *err)
{
    (void)duration;
    return ta_track_optimize(track, err);
}

ta_result ta_clip_trim(ta_clip *clip, ta_error *err)
{
    ta_result r = check_editable(clip, "trim", err);
    if (r != TA_OK) return r;
    return edit_tracks(clip, trim_to, err);
}

ta_result ta_clip_optimize(ta_clip *clip, ta_error *err)
{
    ta_result r = check_editable(clip, "optimize", err);
    if (r != TA_OK) return r;
    return edit_tracks(clip, optimize_one, err);
}

bool ta_clip_is_valid(const ta_clip *clip)
{
    if (clip == NULL || clip->track_count == 0 || clip->tracks == NULL) return false;
    ta__cc_window_sync(clip);
    if (!(clip->duration > 0.0) || isinf(clip->duration)) return false;
    if (clip->blend_mode != TA_BLEND_MODE_NORMAL && clip->blend_mode != TA_BLEND_MODE_ADDITIVE) return false;
    for (uint32_t i = 0; i < clip->track_count; i++)
        if (clip->tracks[i] == NULL || !ta_track_is_valid(clip->tracks[i])) return false;
    return true;
}

bool ta_clip_find_by_name(const ta_clip *const *clips, uint32_t clip_count, const char *name, uint32_t *out_index)
{
    if (clips == NULL || name == NULL) return false;
    for (uint32_t i = 0; i < clip_count; i++) {
        if (clips[i] != NULL && strcmp(clips[i]->name, name) == 0) {
            if (out_index != NULL) *out_index = i;
            return true;
        }
    }
    return false;
}

/* ---- the node names a clip remembers (clip_rig.c checks them and rebinds by them) ---------- */

void ta__clip_free_node_names(ta_clip *clip)
{
    if (clip->node_names == NULL) return;
    for (uint32_t i = 0; i < clip->track_count; ++i) ta__free_str(&clip->mem, clip->node_names[i]);
    ta__free(&clip->mem, clip->node_names, sizeof(char *) * clip->track_count);
    clip->node_names = NULL;
}

/* Copies names (track_count entries, NULL allowed) into a new list in the
 * clip's memory; NULL when out of memory (*oom set). */
static char **copy_names(ta_clip *clip, const char *const *names, bool *oom)
{
    *oom = false;
    char **list = (char **)ta__calloc(&clip->mem, clip->track_count, sizeof(char *));
    if (list == NULL) {
        *oom = true;
        return NULL;
    }
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        if (names[i] == NULL || ta_track_target_of(clip->tracks[i]).family != TA_TARGET_FAMILY_NODE) continue;
        list[i] = ta__strdup(&clip->mem, names[i]);
        if (list[i] == NULL) {
            for (uint32_t j = 0; j < i; ++j) ta__free_str(&clip->mem, list[j]);
            ta__free(&clip->mem, list, sizeof(char *) * clip->track_count);
            *oom = true;
            return NULL;
        }
    }
    return list;
}

ta_result ta_clip_set_node_names(ta_clip *clip, const char *const *names, uint32_t count, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: is NULL");
    if (names != NULL && count != clip->track_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "count: %u names for a clip of %u tracks", count,
                        clip->track_count);
    if (ta__clip_refs(clip) > 1)
        return ta__fail(err, TA_ERROR_BAD_STATE, "clip: \"%s\" is shared (%u references); a shared clip never changes",
                        clip->name, ta__clip_refs(clip));
    char **list = NULL;
    if (names != NULL) {
        bool oom;
        list = copy_names(clip, names, &oom);
        if (oom) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory naming the nodes of clip \"%s\"", clip->name);
    }
    ta__clip_free_node_names(clip);
    clip->node_names = list;
    return TA_OK;
}

const char *ta_clip_node_name(const ta_clip *clip, uint32_t track)
{
    if (clip == NULL || clip->node_names == NULL || track >= clip->track_count) return NULL;
    return clip->node_names[track];
}

ta_result ta__clip_copy_node_names(const ta_clip *from, ta_clip *to, ta_error *err)
{
    if (from->node_names == NULL) return TA_OK;
    bool oom;
    to->node_names = copy_names(to, (const char *const *)from->node_names, &oom);
    if (oom) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying the node names of clip \"%s\"", from->name);
    return TA_OK;
}
