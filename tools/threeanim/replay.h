/*
 * tools/threeanim/replay.h -- `threeanim replay`: node references and record
 * paths of the replay format, resolved once against a model.
 */
#ifndef THREEANIM_TOOLS_REPLAY_H
#define THREEANIM_TOOLS_REPLAY_H

#include <jansson.h>
#include <stdio.h>

#include "threeanim/threeanim.h"

typedef struct rec_path {
    char *key;           /* the path as it is printed */
    ta_track_kind kind;  /* what the path reads; TA_TRACK_KIND_COUNT for an orthographic
                            camera's left, right, top or bottom, which no kind drives */
    bool all_morphs;     /* a morph kind: the whole array, not one influence */
    ta_node_id node;
    uint32_t axis;       /* _ELEMENT kinds */
    uint32_t morph;      /* one influence */
    uint32_t material_slot;
    const char *camera_field; /* a camera's: fov, zoom, near, far, left, right, top, bottom */
} rec_path;

/* A node reference: a uuid (object JSON), "#N" (glTF node N) or "name:NAME".
 * On failure err names what was not found. */
ta_result replay_find_node(const ta_model *model, bool gltf, const char *ref, ta_node_id *out, ta_error *err);

/* Parses "<reference>.<property>" into out (out->key is a copy of path). */
ta_result replay_parse_path(const ta_model *model, bool gltf, const char *path, rec_path *out, ta_error *err);
/* The paths of "all". *out is malloc'd; each key too. */
ta_result replay_all_paths(const ta_model *model, bool gltf, rec_path **out, size_t *out_count, ta_error *err);
/* `threeanim replay` on a file held in memory (size bytes of text, no NUL
 * needed): relative model paths are looked up in dir. Prints and returns as
 * cli_replay does. For the fuzz target tests/fuzz/fuzz_replay.c. */
int cli_replay_memory(const char *text, size_t size, const char *dir);

/* Prints the value of one path, as docs/replay.md's output says. */
void replay_print_value(FILE *out, const ta_model *model, const rec_path *path);

/* When path is a model (glTF, or three.js JSON: doc, NULL when it is not
 * JSON) rather than a replay file: says so, shows a replay file that plays it,
 * and returns CLI_REFUSED; else CLI_OK (replay_hint.c). */
int replay_refuse_model(const char *path, const json_t *doc);

#endif
