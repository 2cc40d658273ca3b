/*
 * src/animation/clip_internal.h -- the layout of a clip, for the action and the
 * mixer. Not public.
 *
 * A clip is complete when it is made: its tracks, its plan (clip_plan.h) and
 * its fused copy (clip_fused.h) are all made by ta__clip_create_salted, the
 * one function that makes clips. Once shared (more than one reference) no
 * field of it is written again. The only thing that changes while it is
 * shared is its reference count, which is why the count is not in the clip but
 * in a block of its own that the clip points to (ta__clip_share): retain and
 * release, given a const clip, write the count through that pointer and never
 * through the clip, and the last release frees the clip through the pointer
 * the block kept when the clip was made, not through a cast.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_CLIP_INTERNAL_H

#include <stdatomic.h>

#include "animation/track_internal.h"
#include "threeanim/animation_clip.h"

typedef struct ta__clip_share {
    atomic_uint refs;
    struct ta_clip *clip; /* the clip as it was made: the last release frees it through this */
} ta__clip_share;

struct ta_clip {
    ta__mem mem;
    ta__clip_share *share; /* the reference count, in its own block (see above); owned */
    char *name;
    char *uuid;
    char *user_data;       /* NULL if none */
    ta_blend_mode blend_mode; /* never DEFAULT once built */
    double duration;       /* > 0 */
    ta_track **tracks;
    uint32_t track_count;
    /* Per track, the name of the node a node track was made for (NULL: none);
     * NULL when the clip remembers none (clip_rig.c). */
    char **node_names;
    /* Markers (clip_markers.c), sorted by time; the names are the clip's. */
    ta_clip_marker *markers;
    uint32_t marker_count;
    /* The mixer's reading plan (clip_plan.h): made with the clip, never NULL;
     * owned. An edit of an unshared clip makes it again. */
    struct ta__clip_plan *plan;
    /* The keys in planes for the mixer's fused path (clip_fused.h): made with
     * the clip, NULL when it does not qualify. */
    struct ta__clip_fused *fused;
    /* A compressed clip's window (clip_compressed_window.c): NULL for every
     * other clip. Its two keys a track, its fused planes and its plan's slerp
     * constants are written by the mixer of the one action that plays it,
     * before each update reads them; owned. */
    struct ta__cc_window *window;
    /* Its plan's and fused planes' slerp constants are ta__slerp_constants_fast's
     * (slerp_constants.h): set for a compressed clip's window, before its first
     * keys are made; false for every other clip. */
    bool slerp_fast;
};

/* How many references the clip has now: 1 means the caller's is the only one,
 * and the clip may be edited in place. */
static inline unsigned ta__clip_refs(const ta_clip *clip)
{
    return atomic_load_explicit(&clip->share->refs, memory_order_acquire);
}

struct ta_scene;
void ta__clip_free_node_names(ta_clip *clip);
ta_result ta__clip_copy_node_names(const ta_clip *from, ta_clip *to, ta_error *err);
/* TA_OK, or TA_ERROR_MISSING_TARGET for the first remembered name that is not
 * its node's in scene. */
ta_result ta__clip_check_rig(const ta_clip *clip, const struct ta_scene *scene, ta_error *err);
/* clip_markers.c. check refuses what ta_clip_create refuses in markers (the
 * argument named markers[i]) and allocates nothing; make copies them, names
 * too, sorted by time (stable), into *out (NULL for none). */
ta_result ta__clip_markers_check(const ta_clip_marker *markers, uint32_t count, double duration, ta_error *err);
ta_result ta__clip_markers_make(const ta__mem *mem, const ta_clip_marker *markers, uint32_t count,
                                ta_clip_marker **out, ta_error *err);
void ta__clip_markers_free(const ta__mem *mem, ta_clip_marker *markers, uint32_t count);

#endif
