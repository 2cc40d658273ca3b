/*
 * tools/threeanim/preview.h -- what the preview page shows, baked: for each
 * entry of the clip picker (each clip, and a cross-fade if asked for), every
 * node's world position at every frame, the values of the numbers the clips
 * drive (morph influences, material numbers and colors, ...), and where each
 * action reads its clip, with its weight; and for the skinned meshes
 * (preview_skin.h), each joint's skinning matrix at every frame.
 */
#ifndef THREEANIM_TOOLS_PREVIEW_H
#define THREEANIM_TOOLS_PREVIEW_H

#include <stdio.h>

#include "bake.h"
#include "cli_target.h"
#include "preview_skin.h"

typedef struct preview_scalar {
    ta_track_target target;
    char label[320];
    uint32_t size;   /* 1, or 3 for a color */
    float *values;   /* frames * size */
    float min, max;
} preview_scalar;

/* A marker passed during the run: when, and its name. */
typedef struct preview_mark {
    double t;
    char name[64];
} preview_mark;

typedef struct preview_entry {
    char name[520];
    uint32_t clips[2];
    uint32_t clip_count;
    double durations[2];
    double seconds;
    uint32_t frames;
    float *pos;              /* frames * node_count * 3, world positions */
    double *action_times;    /* frames * 2; NaN while an action is not playing */
    float *action_weights;   /* frames * 2 */
    preview_scalar *scalars;
    uint32_t scalar_count;
    float *root_path;        /* frames * 3 with --root-motion: where the root motion has taken the root; else NULL */
    preview_mark *marks;     /* the markers passed, in order */
    uint32_t mark_count, mark_capacity;
    float *skin;             /* frames * joint_count * 12: jointWorld * inverseBind, its top three rows, column by column */
} preview_entry;

/* Bakes one entry from a freshly loaded model; skin may have no joints. */
ta_result preview_bake_entry(ta_model *model, const cli_names *names, const preview_skin *skin, const bake_plan *plan,
                             preview_entry *out, ta_error *err);
void preview_entry_free(preview_entry *entry);

#endif
