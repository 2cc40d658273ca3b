/*
 * tests/support/ta_snapshot.h -- every value a caller can read from the
 * library's objects, written into one byte string, so that "a refused call
 * changed nothing" is a memcmp.
 *
 *     ta_snap before, after;
 *     ta_snap_init(&before);
 *     ta_snap_scene(&before, scene);
 *     ta_snap_mixer(&before, mixer, actions, action_count);
 *     ... the refused call ...
 *     (take `after` the same way)
 *     if (!ta_snap_equal(&before, &after)) ... ta_snap_first_difference names the field
 *
 * What is written: every public field of the scene (nodes, meshes, skinned
 * meshes, lights, names and uuids as text, the structure version), of the
 * assets and of the cameras; every getter of a track, a clip, an action
 * (phase, loop count, weights, time scales, flags, loop mode, group members)
 * and of a mixer (time, time scale, root, action count, event count, and for
 * each index whether ta_mixer_action answers). Numbers are written as their
 * bytes, so NaN payloads and the sign of zero count. No pointer is written:
 * two worlds built alike give equal snapshots. Each value is preceded by a
 * label so that a difference can be named.
 *
 * Used by tests/unit/, tests/reliability/ (cmocka) and tests/fuzz/fuzz_api.c (libFuzzer);
 * it needs nothing but the public headers.
 */
#ifndef THREEANIM_TESTS_RELIABILITY_TA_SNAPSHOT_H
#define THREEANIM_TESTS_RELIABILITY_TA_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/threeanim.h"

typedef struct ta_snap {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    bool failed; /* out of memory while writing: the snapshot is unusable */
} ta_snap;

void ta_snap_init(ta_snap *s);
void ta_snap_free(ta_snap *s);
void ta_snap_clear(ta_snap *s);

/* Appends a labelled raw value. */
void ta_snap_put(ta_snap *s, const char *label, const void *bytes, size_t size);
void ta_snap_text(ta_snap *s, const char *label, const char *text); /* NULL is written apart from "" */

void ta_snap_scene(ta_snap *s, const ta_scene *scene);
void ta_snap_assets(ta_snap *s, const ta_assets *assets);
void ta_snap_cameras(ta_snap *s, const ta_camera_list *cameras);
void ta_snap_track(ta_snap *s, const ta_track *track);
void ta_snap_clip(ta_snap *s, const ta_clip *clip);
/* action is not changed; the getters that take a non-const pointer are only read. */
void ta_snap_action(ta_snap *s, ta_action *action);
/* The mixer's getters and, for each of its indices, whether ta_mixer_action
 * answers and with what code; then each of actions (the caller's pointers, so
 * that uncached actions are covered too). */
void ta_snap_mixer(ta_snap *s, ta_mixer *mixer, ta_action *const *actions, uint32_t action_count);
void ta_snap_group(ta_snap *s, const ta_object_group *group);

bool ta_snap_equal(const ta_snap *a, const ta_snap *b);
/* The label of the first value that differs, into buf ("" when equal). */
const char *ta_snap_first_difference(const ta_snap *a, const ta_snap *b, char *buf, size_t size);

#endif
