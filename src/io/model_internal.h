/*
 * src/io/model_internal.h -- making a ta_model, for the loaders. Not public.
 *
 * A loader makes the model with ta__model_create (which keeps the allocator),
 * fills it, and on failure calls ta_model_destroy, which frees whatever was
 * filled. Arrays in the model are sized exactly (the destroy frees
 * animation_count clips and roots, source_node_count nodes, warning_count
 * warnings), so grow them with ta__model_push_clip and ta__model_warn.
 */
#ifndef THREEANIM_SRC_IO_MODEL_INTERNAL_H
#define THREEANIM_SRC_IO_MODEL_INTERNAL_H

#include "core/internal.h"
#include "threeanim/model.h"

ta_result ta__model_create(const ta_allocator *allocator, ta_model **out_model, ta_error *err);
const ta__mem *ta__model_mem(const ta_model *model);
/* Takes clip (the model owns the reference) with its root. On failure the
 * clip is released. */
ta_result ta__model_push_clip(ta_model *model, ta_clip *clip, ta_node_id root, ta_error *err);
/* Adds a warning line (printf format) of code TA_LOAD_WARNING_CODE_OTHER; a line
 * that starts with a JSON path and ": " gives the warning that path. Out of
 * memory drops the warning. */
void ta__model_warn(ta_model *model, const char *fmt, ...) TA_PRINTF(2, 3);
/* Adds a warning of code at JSON path (the line reads "path: what"). */
void ta__model_warn_at(ta_model *model, ta_load_warning_code code, const char *path, const char *fmt, ...)
    TA_PRINTF(4, 5);

#endif
