/*
 * tools/threeanim/replay_extras.h -- the replay format's ops beyond three.js:
 * markers, masks, root motion and seeks that report (docs/replay.md).
 * replay.c calls these; a file that uses none of them replays exactly as
 * before and prints the same lines.
 */
#ifndef THREEANIM_TOOLS_REPLAY_EXTRAS_H
#define THREEANIM_TOOLS_REPLAY_EXTRAS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "threeanim/threeanim.h"

/* obj's true-or-false field key into *out: absent is false; any other value
 * is refused (a message naming what, the key and the value). */
int replay_flag(json_t *obj, const char *key, const char *what, bool *out);

/* An action spec's "markers": *clip becomes a marked copy (the caller keeps
 * it in *made, to release). CLI_OK when there are none. */
int replay_marked_clip(json_t *spec, const char *field, const ta_clip **clip, ta_clip **made);

/* One of the extra ops (set_mask, clear_mask, root_motion, seek_reports,
 * seek_action). *handled is false for any other op. *print asks for an
 * output line (seek_action). */
int replay_extra_op(ta_mixer *mixer, const ta_model *model, bool gltf, json_t *step, const char *what,
                    bool *handled, bool *print, bool *root_motion_on);

/* A marker event as an output line's event object. */
void replay_print_marker(FILE *out, ta_mixer *mixer, const ta_animation_event *ev);

/* ", \"root_motion\": [x, y, z, yaw]" when root motion is on. */
void replay_print_root_motion(FILE *out, const ta_mixer *mixer, bool on);

#endif
