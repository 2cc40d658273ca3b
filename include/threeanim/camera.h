/**
 * @file
 * threeanim/camera.h -- cameras, in a list beside the scene.
 *
 * A camera is not a scene node here: it sits in a ta_camera_list that the
 * loaders return beside the scene, and may name the node that carries its
 * transform. A perspective camera has a field of view in degrees, a zoom that
 * divides the height of the view, near and far planes and an aspect ratio; an
 * orthographic camera has left, right, top, bottom, zoom, near and far. The
 * projection matrix is computed when asked (three.js updateProjectionMatrix),
 * so it follows whatever a track last wrote.
 *
 *     ta_camera_list *cameras;
 *     ta_camera_list_create(NULL, &cameras, &err);
 *     ta_perspective_camera cam = ta_perspective_camera_defaults();
 *     cam.fov = 35;
 *     ta_camera_list_add_perspective(cameras, &cam, &cam_index, &err);
 *     ta_mat4 p = ta_perspective_camera_projection(&cameras->perspective[0]);
 *
 * Ownership: the list owns its cameras; ta_camera_list_destroy frees them.
 */
#ifndef THREEANIM_CAMERA_H
#define THREEANIM_CAMERA_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A perspective camera: what CAMERA_ tracks drive, and the rest of its projection. */
typedef struct ta_perspective_camera {
    ta_node_id node;   /**< the node that carries it, or ta_node_none() */
    float fov;         /**< vertical, degrees, in (0, 180) */
    float zoom;        /**< > 0 */
    float near;        /**< > 0 */
    float far;         /**< > near */
    float aspect;      /**< > 0 */
    float film_gauge;  /**< mm, > 0, default 35 */
    float film_offset; /**< mm, default 0 */
} ta_perspective_camera;

/** An orthographic camera: its box, zoom and planes. */
typedef struct ta_orthographic_camera {
    ta_node_id node; /**< the node that carries it, or ta_node_none() */
    float left, right, top, bottom;
    /** @var ta_orthographic_camera::left
     *  The left side of the box, meters.
     *  @var ta_orthographic_camera::right
     *  The right side.
     *  @var ta_orthographic_camera::top
     *  The top.
     *  @var ta_orthographic_camera::bottom
     *  The bottom; each pair must differ. */
    float zoom; /**< > 0 */
    float near; /**< meters; may be 0 or below, as in three.js */
    float far;  /**< > near */
} ta_orthographic_camera;

/** The cameras beside a scene, as the loaders return them. */
typedef struct ta_camera_list {
    ta_perspective_camera *perspective;   /**< perspective_count cameras */
    uint32_t perspective_count;           /**< how many perspective cameras */
    ta_orthographic_camera *orthographic; /**< orthographic_count cameras */
    uint32_t orthographic_count;          /**< how many orthographic cameras */
    void *internal_;                      /**< the list's allocator and capacities; not for the caller */
} ta_camera_list;

/** How to make a camera list; zeroed means the defaults. */
typedef struct ta_camera_list_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
} ta_camera_list_options;

/**
 * three.js's defaults: fov 50, zoom 1, near 0.1, far 2000, aspect 1, film gauge 35, film offset 0,
 * and no node (ta_node_none()).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new PerspectiveCamera().
 */
TA_API ta_perspective_camera ta_perspective_camera_defaults(void);

/**
 * left -1, right 1, top 1, bottom -1, zoom 1, near 0.1, far 2000, and no node.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new OrthographicCamera().
 */
TA_API ta_orthographic_camera ta_orthographic_camera_defaults(void);

/**
 * Whether a perspective camera can make a projection. Refused: a field of view outside (0, 180)
 * degrees, a zoom of 0 or less, a near plane of 0 or less, planes that cross (near >= far), an
 * aspect or a film gauge of 0 or less, a number that is not finite. The mixer checks a camera
 * track's results against the same ranges.
 *
 * @ownership Reads camera only.
 * @errors TA_ERROR_INVALID_ARGUMENT (camera NULL), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE;
 * the message names the field and its value.
 * @threejs None: three.js accepts any number and makes a projection of infinities.
 */
TA_API ta_result ta_perspective_camera_validate(const ta_perspective_camera *camera, ta_error *err);

/**
 * Whether an orthographic camera can make a projection. Refused: a zoom of 0 or less, planes that
 * cross (near >= far), left equal to right or top equal to bottom (no view; the other way round
 * mirrors it, as in three.js), a number that is not finite.
 *
 * @ownership Reads camera only.
 * @errors TA_ERROR_INVALID_ARGUMENT (camera NULL), TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE.
 * @threejs None: three.js accepts any number.
 */
TA_API ta_result ta_orthographic_camera_validate(const ta_orthographic_camera *camera, ta_error *err);

/**
 * The projection matrix of a perspective camera (no view offset), worked out in double from what it
 * holds now, so it follows whatever a track last wrote.
 *
 * @ownership Reads camera; returns a value.
 * @errors None; camera must not be NULL and should pass ta_perspective_camera_validate.
 * @threejs PerspectiveCamera.updateProjectionMatrix, then .projectionMatrix.
 */
TA_API ta_mat4 ta_perspective_camera_projection(const ta_perspective_camera *camera);

/**
 * The projection matrix of an orthographic camera (no view offset), in double.
 *
 * @ownership Reads camera; returns a value.
 * @errors None; camera must not be NULL and should pass ta_orthographic_camera_validate.
 * @threejs OrthographicCamera.updateProjectionMatrix, then .projectionMatrix.
 */
TA_API ta_mat4 ta_orthographic_camera_projection(const ta_orthographic_camera *camera);

/**
 * An empty camera list. options may be NULL.
 *
 * @ownership The caller owns the list and frees it with ta_camera_list_destroy; it keeps a copy of
 * options->allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_cameras NULL, an allocator with only one of alloc and
 * free), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js cameras are scene nodes.
 */
TA_API ta_result ta_camera_list_create(const ta_camera_list_options *options, ta_camera_list **out_cameras, ta_error *err);

/**
 * Frees the list and its cameras. NULL does nothing.
 *
 * @ownership Frees what ta_camera_list_create made; pointers into the list die with it.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_camera_list_destroy(ta_camera_list *cameras);

/**
 * Copies camera to the end of cameras->perspective after ta_perspective_camera_validate accepts it;
 * out_camera (may be NULL) receives its index. Its node is not checked here.
 *
 * @ownership The list keeps a copy; camera stays the caller's. Pointers into cameras->perspective
 * are valid until the next add.
 * @errors TA_ERROR_INVALID_ARGUMENT (cameras or camera NULL), the refusals of
 * ta_perspective_camera_validate, TA_ERROR_LIMIT_EXCEEDED (2^32 - 1 cameras),
 * TA_ERROR_OUT_OF_MEMORY. A refused add changes nothing.
 * @threejs Object3D.add of a PerspectiveCamera.
 */
TA_API ta_result ta_camera_list_add_perspective(ta_camera_list *cameras, const ta_perspective_camera *camera,
                                                ta_perspective_camera_id *out_camera, ta_error *err);

/**
 * Copies camera to the end of cameras->orthographic after ta_orthographic_camera_validate accepts
 * it; out_camera (may be NULL) receives its index.
 *
 * @ownership The list keeps a copy; camera stays the caller's. Pointers into cameras->orthographic
 * are valid until the next add.
 * @errors TA_ERROR_INVALID_ARGUMENT (cameras or camera NULL), the refusals of
 * ta_orthographic_camera_validate, TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY. A refused add
 * changes nothing.
 * @threejs Object3D.add of an OrthographicCamera.
 */
TA_API ta_result ta_camera_list_add_orthographic(ta_camera_list *cameras, const ta_orthographic_camera *camera,
                                                 ta_orthographic_camera_id *out_camera, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
