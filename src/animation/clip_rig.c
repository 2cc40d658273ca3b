/* The mixer's check of the node names a clip remembers (kept with the clip,
 * animation_clip.c), and mapping a clip to another scene by those names
 * (rebind.h): above the clip, which never calls here. */
#include <stdio.h>
#include <string.h>

#include "animation/clip_internal.h"
#include "animation/clip_util_internal.h"
#include "core/internal.h"
#include "threeanim/rebind.h"

ta_result ta__clip_check_rig(const ta_clip *clip, const ta_scene *scene, ta_error *err)
{
    if (clip->node_names == NULL) return TA_OK;
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const char *want = clip->node_names[i];
        if (want == NULL) continue;
        ta_track_target t = ta_track_target_of(clip->tracks[i]);
        if (t.index >= scene->node_count) continue; /* the target check names that one */
        const char *have = scene->nodes[t.index].name;
        if (strcmp(have, want) != 0)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "clip \"%s\" track %u (%s on node %u): the clip was made for node \"%s\", but node %u of "
                            "this scene is \"%s\"; map the clip to this scene with ta_clip_rebind",
                            clip->name, i, ta_track_kind_name(t.kind), t.index, want, t.index, have);
    }
    return TA_OK;
}

/* The node of `to` for name: by name depth first, else by uuid. */
static bool find_node(const ta_scene *to, const char *name, ta_node_id *out)
{
    if (ta_scene_find_below(to, ta_node_none(), name, false, out, NULL) == TA_OK) return true;
    return ta_scene_find_below(to, ta_node_none(), name, true, out, NULL) == TA_OK;
}

/* The name node track i of clip goes by: the one the clip remembers, else its
 * node's in from; NULL for none. */
static const char *track_node_name(const ta_clip *clip, const ta_scene *from, uint32_t i, ta_track_target t)
{
    const char *name = ta_clip_node_name(clip, i);
    if (name == NULL && from != NULL && t.index < from->node_count) name = from->nodes[t.index].name;
    return name;
}

/* Whether track i is a node track whose node `to` lacks. */
static bool is_missing(const ta_clip *clip, const ta_scene *from, const ta_scene *to, uint32_t i)
{
    ta_track_target t = ta_track_target_of(clip->tracks[i]);
    ta_node_id found;
    return t.family == TA_TARGET_FAMILY_NODE && !find_node(to, track_node_name(clip, from, i, t), &found);
}

/* The strict mapping's refusal: how many node tracks find no node, and the
 * first few by track and name. */
static ta_result refuse_missing(const ta_clip *clip, const ta_scene *from, const ta_scene *to, uint32_t node_tracks,
                                uint32_t missing, ta_error *err)
{
    enum { NAMED = 4 };
    char list[TA_ERROR_MESSAGE_SIZE / 2];
    size_t used = 0;
    uint32_t named = 0;
    list[0] = '\0';
    for (uint32_t i = 0; i < clip->track_count && named < NAMED; ++i) {
        if (!is_missing(clip, from, to, i)) continue;
        const char *name = track_node_name(clip, from, i, ta_track_target_of(clip->tracks[i]));
        int w = snprintf(list + used, sizeof list - used, "%strack %u \"%.32s\"", named > 0 ? ", " : "", i, name);
        if (w < 0 || (size_t)w >= sizeof list - used) break;
        used += (size_t)w;
        named++;
    }
    if (missing > named)
        return ta__fail(err, TA_ERROR_MISSING_TARGET,
                        "to: %u of the %u node tracks of clip \"%s\" find no node: %s and %u more; the strict "
                        "mapping drops none",
                        missing, node_tracks, clip->name, list, missing - named);
    return ta__fail(err, TA_ERROR_MISSING_TARGET,
                    "to: %u of the %u node tracks of clip \"%s\" find no node: %s; the strict mapping drops none",
                    missing, node_tracks, clip->name, list);
}

static ta_result rebind(const ta_clip *clip, const ta_scene *from, const ta_scene *to, const ta_allocator *allocator,
                        bool strict, ta_clip **out_clip, uint32_t *out_missing, uint32_t missing_capacity,
                        uint32_t *out_missing_count, ta_error *err)
{
    if (clip == NULL || to == NULL || out_clip == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        clip == NULL ? "clip" : to == NULL ? "to" : "out_clip");
    if (out_missing == NULL && missing_capacity > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_missing: is NULL with missing_capacity %u",
                        missing_capacity);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    /* Every name first: a refusal writes nothing. */
    uint32_t n = clip->track_count, kept = 0, missing = 0, node_tracks = 0, first_missing = TA_NONE;
    for (uint32_t i = 0; i < n; ++i) {
        ta_track_target t = ta_track_target_of(clip->tracks[i]);
        if (t.family != TA_TARGET_FAMILY_NODE) {
            kept++;
            continue;
        }
        node_tracks++;
        const char *name = track_node_name(clip, from, i, t);
        if (name == NULL)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "clip \"%s\" track %u (%s on node %u): the clip remembers no node name, and %s", clip->name,
                            i, ta_track_kind_name(t.kind), t.index,
                            from == NULL ? "from is NULL" : "from has no such node");
        ta_node_id found;
        if (find_node(to, name, &found)) {
            kept++;
        } else {
            if (first_missing == TA_NONE) first_missing = i;
            missing++;
        }
    }
    /* A clip with no tracks (the glTF loader keeps one for an animation whose
     * channels were all dropped) maps to one with none: nothing of it is lost. */
    if (kept == 0 && n > 0)
        return ta__fail(err, TA_ERROR_EMPTY_CLIP, "clip \"%s\": no track found its node in to (track %u wants \"%s\")",
                        clip->name, first_missing,
                        track_node_name(clip, from, first_missing, ta_track_target_of(clip->tracks[first_missing])));
    if (strict && missing > 0) return refuse_missing(clip, from, to, node_tracks, missing, err);
    ta_track **tracks = kept > 0 ? (ta_track **)ta__calloc(&mem, kept, sizeof *tracks) : NULL;
    const char **names = kept > 0 ? (const char **)ta__calloc(&mem, kept, sizeof *names) : NULL;
    if (kept > 0 && (tracks == NULL || names == NULL)) {
        ta__free(&mem, tracks, sizeof *tracks * kept);
        ta__free(&mem, names, sizeof *names * kept);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory mapping clip \"%s\"", clip->name);
    }
    uint32_t k = 0;
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        ta_track_target t = ta_track_target_of(clip->tracks[i]);
        ta_node_id found = ta_node_none();
        const char *name = NULL;
        if (t.family == TA_TARGET_FAMILY_NODE) {
            name = track_node_name(clip, from, i, t);
            if (!find_node(to, name, &found)) continue;
        }
        r = ta_track_copy(clip->tracks[i], &mem.a, &tracks[k], err);
        if (r != TA_OK) break;
        if (t.family == TA_TARGET_FAMILY_NODE) tracks[k]->target.index = found.index;
        names[k++] = name;
    }
    ta_clip *made = NULL;
    if (r == TA_OK) {
        ta_clip_options opts = {0};
        opts.allocator = &mem.a;
        opts.duration = clip->duration; /* the same length, whichever tracks stay */
        opts.blend_mode = clip->blend_mode;
        opts.user_data = clip->user_data;
        opts.markers = clip->markers;
        opts.marker_count = clip->marker_count;
        opts.allow_empty = true; /* clip was made, so a copy of it may be made: no tracks, or a pose */
        r = ta_clip_create(clip->name, tracks, kept, &opts, &made, err);
        if (r != TA_OK) ta__destroy_tracks(tracks, kept);
    } else {
        ta__destroy_tracks(tracks, k);
    }
    if (r == TA_OK && kept > 0) {
        r = ta_clip_set_node_names(made, names, kept, err);
        if (r != TA_OK) ta_clip_release(made);
    }
    ta__free(&mem, tracks, sizeof *tracks * kept);
    ta__free(&mem, names, sizeof *names * kept);
    if (r != TA_OK) return r;
    uint32_t m = 0;
    for (uint32_t i = 0; i < n && m < missing_capacity; ++i)
        if (is_missing(clip, from, to, i)) out_missing[m++] = i;
    if (out_missing_count) *out_missing_count = missing;
    *out_clip = made;
    return TA_OK;
}

ta_result ta_clip_rebind(const ta_clip *clip, const ta_scene *from, const ta_scene *to, const ta_allocator *allocator,
                         ta_clip **out_clip, uint32_t *out_missing, uint32_t missing_capacity,
                         uint32_t *out_missing_count, ta_error *err)
{
    return rebind(clip, from, to, allocator, false, out_clip, out_missing, missing_capacity, out_missing_count, err);
}

ta_result ta_clip_rebind_strict(const ta_clip *clip, const ta_scene *from, const ta_scene *to,
                                const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    return rebind(clip, from, to, allocator, true, out_clip, NULL, 0, NULL, err);
}
