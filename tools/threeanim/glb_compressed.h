/*
 * tools/threeanim/glb_compressed.h -- a glTF file written again as a .glb
 * with its animations replaced by compressed clips, as core glTF 2.0 holds
 * them: per track a sampler of its kept key times (the keys the compressed
 * clip did not drop; tracks whose kept times are equal share one input),
 * rotations as normalized SHORT, translations and scales float32 (glTF
 * allows nothing smaller there), a constant track as one key or, when it
 * equals the node's own value, no channel.
 *
 * An animation that is not compressed (a clip the library refuses, such as
 * morph weights) may be kept as it was, its data with it.
 *
 * Everything else of the file (nodes, meshes, skins, materials, images) is
 * written as it was, its data copied into the BIN chunk: only the buffer
 * views something still uses, so the old animations' data is gone (a view
 * that an animation shares with a mesh is kept whole). External buffers and
 * images are embedded. EXT_meshopt_compression / KHR_meshopt_compression
 * files are refused (their views name compressed buffers of their own).
 */
#ifndef THREEANIM_TOOLS_GLB_COMPRESSED_H
#define THREEANIM_TOOLS_GLB_COMPRESSED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/threeanim.h"

typedef struct glb_compressed_report {
    size_t animation_bytes_before; /* the old animations' accessors' data */
    size_t animation_bytes_after;  /* the new ones' */
    size_t dead_bytes;             /* old animation data still in views kept for something else */
} glb_compressed_report;

/* Writes in_path's document over the model loaded from it, its animations in their order, each
 * (i, model->animations[i]'s) replaced by clips[i] when that is not NULL, else kept as it was
 * when keep[i] (keep may be NULL: none), else left out. clips: model->animation_count entries. */
ta_result glb_compressed_write(const char *in_path, const ta_model *model, const ta_compressed_clip *const *clips,
                               const bool *keep, const char *out_path, glb_compressed_report *report, ta_error *err);

#endif
