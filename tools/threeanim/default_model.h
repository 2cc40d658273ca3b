/*
 * tools/threeanim/default_model.h -- the bundled default model: a figure of
 * 15 bones (hips, spine, head, two arms of upper arm, lower arm and hand, two
 * legs of thigh, shin and foot) with a skinned body, a face with a "smile"
 * morph target and a speech bubble whose material fades, and three clips:
 * walk (1 s), run (0.6 s) and wave (2 s; its forearm is a CUBICSPLINE track,
 * the bubble's scale a STEP track, the fade a KHR_animation_pointer channel).
 *
 * Every number comes from the formulas in default_model.c, in double, rounded
 * to float once; the file is the same on every run (examples/default.glb is
 * this output, and a test checks that they match).
 */
#ifndef THREEANIM_TOOLS_DEFAULT_MODEL_H
#define THREEANIM_TOOLS_DEFAULT_MODEL_H

#include "threeanim/result.h"

ta_result default_model_write(const char *path, ta_error *err);

#endif
