/*
 * tools/threeanim/bake_matrices.h -- `bake --world --skinning`: what a
 * renderer reads each frame (world matrices, bone matrices), as JSON lines.
 */
#ifndef THREEANIM_TOOLS_BAKE_MATRICES_H
#define THREEANIM_TOOLS_BAKE_MATRICES_H

#include <stdbool.h>

#include "bake_args.h"

/* Runs the plans of b on file and writes one JSON object per frame to output
 * ("-": standard output): {"clip", "frame", "time", "world": {node: [16]},
 * "skins": {skin: {"bone_matrices": [[16], ...]}}}, with "world" only when
 * world and "skins" only when skinning. With lanes, the matrices printed are
 * those of the last of BAKE_LANES characters in the same pose (the scene and
 * instances of it) made by one ta_frame_update_range: its lane pass, which
 * must give the same numbers; with float_lanes, that frame's float lane pass
 * (ta_frame_options.float_lanes), within 1e-6 of each matrix's largest
 * element of them. Returns a CLI_ status. */
int bake_matrices(const char *file, const bake_args *b, const char *output, bool world, bool skinning, bool lanes,
                  bool float_lanes);

#endif
