/*
 * src/io/clip_user_data.h -- a clip's user data and markers as the files hold
 * them: the user data is the text of a JSON object, and the markers ride in
 * it under "markers" (animation_markers.h). The runtime keeps the two apart
 * and reads no JSON; the readers split them here and the writers join them.
 * Shared by the three.js JSON readers and writers and the glTF loader. Not
 * public.
 */
#ifndef THREEANIM_SRC_IO_CLIP_USER_DATA_H
#define THREEANIM_SRC_IO_CLIP_USER_DATA_H

#include <jansson.h>

#include "core/internal.h"
#include "threeanim/animation_markers.h"
#include "threeanim/model.h"

/* TA_OK for NULL or the text of a JSON object; TA_ERROR_PARSE otherwise, the
 * argument named user_data. */
ta_result ta__user_data_check(const char *user_data, ta_error *err);

/* Markers read from the value of a "markers" key: an array of
 * {"name": string, "time": number}. Refused (TA_ERROR_PARSE, the argument
 * named user_data.markers) otherwise, and (TA_ERROR_LIMIT_EXCEEDED) before
 * anything is allocated when they would take *read, the markers read so far
 * in the file, past limits->max_markers (resolved); *read counts them in. The
 * times are checked by ta_clip_create, which knows the duration. *out is
 * allocated from mem (NULL for none) and freed with ta__markers_free; its
 * names point into list. */
ta_result ta__markers_from_json(const ta__mem *mem, const json_t *list, const ta_load_limits *limits,
                                uint32_t *read, ta_clip_marker **out, uint32_t *out_count, ta_error *err);
void ta__markers_free(const ta__mem *mem, ta_clip_marker *markers, uint32_t count);

/* The user data text of a file split for ta_clip_create: what to give as
 * user_data (the text itself when it has no "markers" key, else the text
 * without it, NULL when nothing is left) and the markers. */
typedef struct ta__user_data_split {
    const char *user_data;
    ta_clip_marker *markers;
    uint32_t marker_count;
    json_t *doc; /* holds the markers' names; NULL when there are none */
    char *rest;  /* the text without "markers" (free()); NULL when not made */
} ta__user_data_split;

/* Splits user_data, the text of a JSON object (or NULL). A malformed
 * "markers" key, or one past the limit, is refused as ta__markers_from_json
 * refuses it. */
ta_result ta__user_data_split_text(const ta__mem *mem, const char *user_data, const ta_load_limits *limits,
                                   uint32_t *markers_read, ta__user_data_split *out, ta_error *err);
void ta__user_data_split_free(const ta__mem *mem, ta__user_data_split *split);

/* After ta_clip_create refused markers given as the user data's: names them
 * so (markers[i] becomes user_data.markers[i]). Returns r. */
ta_result ta__user_data_name_markers(ta_result r, ta_error *err);

/* The userData a writer puts out for clip, as a JSON string: the user data
 * with the clip's markers under "markers" after its other keys, "{}" when the
 * clip has neither. Refuses user data that is not the text of a JSON object
 * (ta__user_data_check), and a marker name that is not UTF-8. */
ta_result ta__user_data_to_json(const ta_clip *clip, json_t **out, ta_error *err);

#endif
