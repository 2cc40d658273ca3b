/*
 * tools/threeanim/plot.h -- a clip's curves as SVG: one panel per track, the
 * curve sampled densely through the track's own interpolant (ta_track_sample),
 * its keys marked, the tangents of a CUBIC_SPLINE key and the control points of
 * a BEZIER key drawn as handles, axes in seconds and in the property's unit.
 * Rotations can be drawn as Euler angles in degrees (XYZ, as three.js's
 * Euler.setFromQuaternion gives them, unwrapped so that a turn past 180
 * degrees does not jump). A curve with more samples than its panel has pixels
 * keeps, per pixel column, its first, lowest, highest and last point, and dense
 * keys are one tick per column: the file stays small and loses no peak. Titles
 * too long for their place are cut in the middle with an ellipsis, whole in a
 * tooltip.
 *
 * The output depends only on the clip and the model's names: numbers are
 * printed with fixed precision and nothing reads the clock or the
 * environment, so the same input gives the same bytes.
 */
#ifndef THREEANIM_TOOLS_PLOT_H
#define THREEANIM_TOOLS_PLOT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli_target.h"
#include "threeanim/threeanim.h"

typedef struct plot_options {
    const char *title;  /* the heading's first part (the file's name); NULL: none */
    bool embedded;      /* inside an HTML page: no XML prolog, the style scoped to
                           svg.ta-curves, and each panel carries data-left,
                           data-right and data-t1 and a hidden line.ta-playhead,
                           for a page to move */
    int width;          /* 0: 1200 */
    const char *id_prefix; /* embedded: makes the clip-path ids unique in the page; NULL: "" */
    bool euler;         /* rotation tracks as Euler XYZ angles in degrees */
} plot_options;

ta_result plot_write_svg(FILE *out, const ta_model *model, const cli_names *names, const ta_clip *clip,
                         const plot_options *options, ta_error *err);

#endif
