/*
 * src/animation/clip_internal.h -- the layout of a clip, for the action and the
 * mixer. Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_CLIP_INTERNAL_H

#include <stdatomic.h>

#include "animation/track_internal.h"
#include "threeanim/animation_clip.h"

struct ta_clip {
    ta__mem mem;
    atomic_uint refcount;
    char *name;
    char *uuid;
    char *user_data;       /* NULL if none */
    ta_blend_mode blend_mode; /* never DEFAULT once built */
    double duration;       /* > 0 */
    ta_track **tracks;
    uint32_t track_count;
    /* The mixer's reading plan (clip_plan.h), made by the first action. */
    _Atomic(struct ta__clip_plan *) plan;
};

#endif
