/**
 * @file
 * threeanim/blend_space.h -- blend spaces: clips placed at points, and a
 * parameter that gives each one its weight, as Godot's BlendSpace1D and
 * BlendSpace2D do.
 *
 * A 1D space places its points on a line (a speed: idle at 0, walk at 1.4,
 * run at 4); the parameter is blended between the two points beside it, and
 * below the first or above the last takes that point alone. A 2D space places
 * them in the plane (a direction of movement) and covers them with triangles:
 * the parameter takes the barycentric weights of the triangle that holds it,
 * and outside every triangle it takes the nearest point of their boundary,
 * blended between the two ends of the edge it lies on. The triangles are the
 * caller's (as Godot lets one draw them) or, by default, a Delaunay
 * triangulation of the points made once when the space is made.
 *
 *     float speeds[3] = {0.0f, 1.4f, 4.0f};              // idle, walk, run
 *     ta_blend_space_desc d = {1, speeds, 3, NULL, 0};
 *     ta_blend_space *bs;
 *     ta_blend_space_create(&d, NULL, &bs, &err);
 *     ta_action *actions[3] = {idle, walk, run};
 *     ta_blend_space_apply(bs, speed, 0.0f, actions, 3, &err); // each frame, before the update
 *
 * The weights. At most three are above 0 (two in 1D); they are >= 0, sum to 1
 * and are never NaN. They move continuously with the parameter: inside the
 * triangles they are linear in each triangle and agree on a shared edge;
 * outside, the nearest point of the boundary moves continuously as long as
 * the triangles' union is convex, which the automatic triangulation always
 * is (it covers the points' convex hull). Explicit triangles whose union is
 * not convex jump where the nearest boundary edge changes, as in Godot. A
 * point no explicit triangle uses has weight 0 everywhere.
 *
 * What is refused. A 1D space of fewer than 2 points, a 2D space of fewer
 * than 3; a coordinate that is NaN or infinite; two points at one place; 2D
 * points that all lie on one line (make a 1D space along that line instead);
 * explicit triangles with a corner out of range, of no area, that overlap, or
 * that meet at a T (a triangle's corner inside another's edge, where the
 * weights would jump). A parameter that is NaN is refused; an infinite one is
 * taken as the largest float of its sign.
 *
 * Ownership: the caller owns a blend space (ta_blend_space_destroy); it copies
 * the points and triangles it is given and keeps no pointer to the actions.
 */
#ifndef THREEANIM_BLEND_SPACE_H
#define THREEANIM_BLEND_SPACE_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_action.h"
#include "threeanim/export.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A blend space (opaque): points, their triangles, and the weights they give. */
typedef struct ta_blend_space ta_blend_space;

/** The most points a blend space holds. */
#define TA_BLEND_SPACE_MAX_POINTS 1024u

/** How to make a blend space. */
typedef struct ta_blend_space_desc {
    uint32_t dimensions;       /**< 1 or 2 */
    const float *points;       /**< point_count positions (1D), or point_count (x, y) pairs (2D) */
    uint32_t point_count;      /**< 2 .. TA_BLEND_SPACE_MAX_POINTS (1D), 3 .. (2D) */
    /** 2D only: triangle_count triples of point indices, in either winding; NULL (with
     * triangle_count 0) for the Delaunay triangulation of the points. Ignored in 1D. */
    const uint32_t *triangles;
    uint32_t triangle_count; /**< the triples in triangles */
} ta_blend_space_desc;

/**
 * A blend space over desc's points (and triangles, or their Delaunay triangulation).
 *
 * @ownership The caller owns the space (ta_blend_space_destroy); desc's arrays are copied. alloc
 * may be NULL (the C library's).
 * @errors TA_ERROR_INVALID_ARGUMENT (desc, out NULL, points NULL, triangles NULL with a count, a
 * bad allocator, all 2D points on one line, two points at one place, explicit triangles of no area,
 * overlapping or meeting at a T), TA_ERROR_OUT_OF_RANGE (dimensions not 1 or 2, too few points, a
 * triangle's corner past the points), TA_ERROR_LIMIT_EXCEEDED (more than TA_BLEND_SPACE_MAX_POINTS
 * points), TA_ERROR_NOT_A_NUMBER (a coordinate NaN or infinite), TA_ERROR_OUT_OF_MEMORY. The message
 * names the argument, the index and the value: "points[4]: (1, 2) is at the place of points[1]".
 * @threejs None: three.js has no blend spaces (Godot's BlendSpace1D and BlendSpace2D).
 */
TA_API ta_result ta_blend_space_create(const ta_blend_space_desc *desc, const ta_allocator *alloc,
                                       ta_blend_space **out, ta_error *err);

/**
 * Frees a blend space. NULL does nothing.
 *
 * @ownership Frees bs.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_blend_space_destroy(ta_blend_space *bs);

/**
 * Each point's weight at the parameter (px, py) (py is ignored in 1D), into
 * out_weights[0 .. count - 1], count being the space's point count. Allocates nothing.
 *
 * @ownership Reads bs; writes out_weights only when the call succeeds.
 * @errors TA_ERROR_INVALID_ARGUMENT (bs or out_weights NULL, count not the point count),
 * TA_ERROR_NOT_A_NUMBER (px or py NaN).
 * @threejs None (Godot's BlendSpace2D blend position).
 */
TA_API ta_result ta_blend_space_weights(const ta_blend_space *bs, float px, float py, float *out_weights,
                                        uint32_t count, ta_error *err);

/**
 * Sets the weight of actions[i] to point i's weight at (px, py), with ta_action_set_weight, so that
 * a fade on an action still multiplies it. A NULL entry is skipped (a point with no action).
 * Allocates nothing.
 *
 * @ownership Changes the actions' weights; reads bs.
 * @errors As ta_blend_space_weights, and TA_ERROR_INVALID_ARGUMENT (actions NULL). A refused call
 * changes nothing.
 * @threejs action.weight = w for each action.
 */
TA_API ta_result ta_blend_space_apply(const ta_blend_space *bs, float px, float py, ta_action *const *actions,
                                      uint32_t count, ta_error *err);

/**
 * The number of points (0 for NULL).
 *
 * @ownership Reads bs.
 * @errors None.
 * @threejs None.
 */
TA_API uint32_t ta_blend_space_point_count(const ta_blend_space *bs);

/**
 * 1 or 2 (0 for NULL).
 *
 * @ownership Reads bs.
 * @errors None.
 * @threejs None.
 */
TA_API uint32_t ta_blend_space_dimensions(const ta_blend_space *bs);

/**
 * The number of triangles: the explicit ones, or the Delaunay triangulation's (0 in 1D, or NULL).
 *
 * @ownership Reads bs.
 * @errors None.
 * @threejs None.
 */
TA_API uint32_t ta_blend_space_triangle_count(const ta_blend_space *bs);

/**
 * The three point indices of triangle i (counter-clockwise for the Delaunay triangulation, as given
 * for explicit ones), or NULL when i is past the triangles.
 *
 * @ownership The space owns the array; it lives as long as bs.
 * @errors None.
 * @threejs None.
 */
TA_API const uint32_t *ta_blend_space_triangle(const ta_blend_space *bs, uint32_t i);

#ifdef __cplusplus
}
#endif

#endif
