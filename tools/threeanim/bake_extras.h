/*
 * tools/threeanim/bake_extras.h -- what bake writes beyond the properties:
 * the root motion of each frame (--root-motion NODE) and the markers each
 * frame passed. Kept per frame (a frame, or a block of a JSON run, at a
 * time), printed in each format's own way.
 */
#ifndef THREEANIM_TOOLS_BAKE_EXTRAS_H
#define THREEANIM_TOOLS_BAKE_EXTRAS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bake.h"

typedef struct bake_extras {
    bool root_motion;   /* columns root_motion.x, .y, .z, .yaw */
    bool markers;       /* a column of the markers passed */
    uint32_t frames;
    float *root;        /* frames * 4 */
    char **passed;      /* frames: "name" or "name*count", ';' between; NULL: none */
} bake_extras;

/* Whether any plan's clips carry markers. */
bool bake_extras_any_markers(const ta_model *model, const bake_plan *plans, uint32_t plan_count);
bool bake_extras_alloc(bake_extras *x, uint32_t frames);
void bake_extras_free(bake_extras *x);
/* Reads frame f's root motion and drains its marker events into slot k (f's
 * index, or 0 when frames are streamed one at a time). false: out of memory. */
bool bake_extras_visit(bake_extras *x, const bake_frame *f, uint32_t k);

void bake_extras_csv_header(FILE *out, const bake_extras *x);
void bake_extras_csv_row(FILE *out, const bake_extras *x, uint32_t k);
/* ", \"root_motion\": [...], \"markers\": [...]" for one frame */
void bake_extras_jsonl(FILE *out, const bake_extras *x, uint32_t k);
/* Slot k's root motion as [x, y, z, yaw], and its passed markers as a JSON
 * list of names ("name*count" stays one string): the items of a run's
 * "root_motion" and "markers" in bake's JSON. */
void bake_extras_json_root(FILE *out, const bake_extras *x, uint32_t k);
void bake_extras_json_markers(FILE *out, const bake_extras *x, uint32_t k);

#endif
