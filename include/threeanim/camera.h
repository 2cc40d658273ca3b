/*
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

typedef struct ta_perspective_camera {
    ta_node_id node;  /* the node that carries it, or ta_no_parent() */
    float fov;        /* vertical, degrees, in (0, 180) */
    float zoom;       /* > 0 */
    float near;       /* > 0 */
    float far;        /* > near */
    float aspect;     /* > 0 */
    float film_gauge; /* mm, > 0, default 35 */
    float film_offset;/* mm, default 0 */
} ta_perspective_camera;

typedef struct ta_orthographic_camera {
    ta_node_id node;
    float left, right, top, bottom;
    float zoom;       /* > 0 */
    float near;
    float far;        /* > near */
} ta_orthographic_camera;

typedef struct ta_camera_list {
    ta_perspective_camera *perspective;
    uint32_t perspective_count;
    ta_orthographic_camera *orthographic;
    uint32_t orthographic_count;
    void *internal_;
} ta_camera_list;

typedef struct ta_camera_list_options {
    const ta_allocator *allocator; /* NULL: the C library's */
} ta_camera_list_options;

/* three.js's defaults: fov 50, zoom 1, near 0.1, far 2000, aspect 1. */
TA_API ta_perspective_camera ta_perspective_camera_defaults(void);
/* left -1, right 1, top 1, bottom -1, zoom 1, near 0.1, far 2000. */
TA_API ta_orthographic_camera ta_orthographic_camera_defaults(void);
/* A field of view outside (0, 180) degrees, a zoom of 0 or less, a near plane
 * of 0 or less, planes that cross (near >= far), an aspect or a film gauge of
 * 0 or less, a non-finite number. */
TA_API ta_result ta_perspective_camera_validate(const ta_perspective_camera *camera, ta_error *err);
/* A zoom of 0 or less, planes that cross (near >= far), left equal to right
 * or top equal to bottom (no view; the other way round mirrors it, as in
 * three.js), a non-finite number. */
TA_API ta_result ta_orthographic_camera_validate(const ta_orthographic_camera *camera, ta_error *err);

/* three.js PerspectiveCamera.updateProjectionMatrix (no view offset). */
TA_API ta_mat4 ta_perspective_camera_projection(const ta_perspective_camera *camera);
/* three.js OrthographicCamera.updateProjectionMatrix (no view offset). */
TA_API ta_mat4 ta_orthographic_camera_projection(const ta_orthographic_camera *camera);

TA_API ta_result ta_camera_list_create(const ta_camera_list_options *options, ta_camera_list **out_cameras, ta_error *err);
TA_API void ta_camera_list_destroy(ta_camera_list *cameras);
TA_API ta_result ta_camera_list_add_perspective(ta_camera_list *cameras, const ta_perspective_camera *camera,
                                                ta_perspective_camera_index *out_camera, ta_error *err);
TA_API ta_result ta_camera_list_add_orthographic(ta_camera_list *cameras, const ta_orthographic_camera *camera,
                                                 ta_orthographic_camera_index *out_camera, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
