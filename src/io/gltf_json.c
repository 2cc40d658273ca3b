/* The glTF document's nesting, checked once before anything is read (members
 * are read with the loaders' one JSON reader, io/json_doc.h). */
#include "io/gltf_internal.h"

/* Depth-first with an explicit stack of (container, next child) pairs, so a
 * deep document cannot exhaust the C stack here. jansson itself refuses
 * nesting past 2048 while parsing. */
typedef struct depth_frame {
    const json_t *value;
    void *iter;   /* objects */
    size_t index; /* arrays */
} depth_frame;

ta_result ta__gltf_check_depth(gltf_ctx *g, const json_t *root)
{
    uint32_t max = g->lim.max_depth;
    /* jansson parses no deeper than 2048 levels, so no deeper stack is needed. */
    size_t frames = (max < 2048 ? max : 2048) + 1u;
    depth_frame *stack = (depth_frame *)ta__gltf_arena_alloc(&g->arena, frames, sizeof(depth_frame));
    if (stack == NULL) return ta__gltf_oom(g, "the JSON");
    uint32_t depth = 0;
    stack[0].value = root;
    stack[0].iter = json_is_object(root) ? json_object_iter((json_t *)root) : NULL;
    stack[0].index = 0;
    for (;;) {
        depth_frame *f = &stack[depth];
        const json_t *child = NULL;
        if (json_is_object(f->value)) {
            if (f->iter != NULL) {
                child = json_object_iter_value(f->iter);
                f->iter = json_object_iter_next((json_t *)f->value, f->iter);
            }
        } else if (json_is_array(f->value)) {
            if (f->index < json_array_size(f->value)) child = json_array_get(f->value, f->index++);
        }
        if (child == NULL) {
            if (depth == 0) return TA_OK;
            depth--;
            continue;
        }
        if (!json_is_object(child) && !json_is_array(child)) continue;
        if (depth + 1 >= max)
            return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "JSON: nesting deeper than limits.max_depth (%u levels)",
                              max);
        depth++;
        stack[depth].value = child;
        stack[depth].iter = json_is_object(child) ? json_object_iter((json_t *)child) : NULL;
        stack[depth].index = 0;
    }
}
