/*
 * src/animation/clip_util_internal.h -- what the clip's source shares with the
 * clip utilities and the clip creator. Not public.
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_UTIL_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_CLIP_UTIL_INTERNAL_H

#include "core/internal.h"
#include "threeanim/animation_clip.h"

/* ta_clip_create, with a salt mixed into the uuid made from the contents
 * (NULL: none), so that a copy or a clip derived from another (subclip,
 * make_clip_additive) does not take its source's uuid. */
ta_result ta__clip_create_salted(const char *name, ta_track *const *tracks, uint32_t track_count,
                                 const ta_clip_options *options, const char *salt, ta_clip **out_clip,
                                 ta_error *err);


/* Refuses a frame rate that is not finite or not above zero. */
ta_result ta__check_fps(double fps, ta_error *err);

/* Destroys the first count tracks and sets them to NULL. */
void ta__destroy_tracks(ta_track **tracks, uint32_t count);

#endif
