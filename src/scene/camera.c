/* Cameras: three.js's defaults, ranges and projection matrices. */
#include <math.h>
#include <string.h>

#include "core/elementary.h"
#include "core/internal.h"
#include "threeanim/camera.h"

#define DEG2RAD (TA_PI / 180.0)

ta_perspective_camera ta_perspective_camera_defaults(void)
{
    ta_perspective_camera c;
    c.node = ta_node_none();
    c.fov = 50;
    c.zoom = 1;
    c.near = 0.1f;
    c.far = 2000;
    c.aspect = 1;
    c.film_gauge = 35;
    c.film_offset = 0;
    return c;
}

ta_orthographic_camera ta_orthographic_camera_defaults(void)
{
    ta_orthographic_camera c;
    c.node = ta_node_none();
    c.left = -1;
    c.right = 1;
    c.top = 1;
    c.bottom = -1;
    c.zoom = 1;
    c.near = 0.1f;
    c.far = 2000;
    return c;
}

/* Numbers in messages are printed with %.9g, which tells every float apart. */
static ta_result check_finite(const char *what, const char *name, float v, ta_error *err)
{
    if (!isfinite(v))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s.%s: %.9g is not a finite number", what, name, (double)v);
    return TA_OK;
}

ta_result ta_perspective_camera_validate(const ta_perspective_camera *c, ta_error *err)
{
    if (c == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "camera: is NULL");
    const char *w = "perspective camera";
    ta_result r;
    if ((r = check_finite(w, "fov", c->fov, err)) || (r = check_finite(w, "zoom", c->zoom, err)) ||
        (r = check_finite(w, "near", c->near, err)) || (r = check_finite(w, "far", c->far, err)) ||
        (r = check_finite(w, "aspect", c->aspect, err)) || (r = check_finite(w, "film_gauge", c->film_gauge, err)) ||
        (r = check_finite(w, "film_offset", c->film_offset, err)))
        return r;
    if (!(c->fov > 0 && c->fov < 180))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera.fov: %.9g degrees is not in (0, 180)",
                        (double)c->fov);
    if (!(c->zoom > 0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera.zoom: %.9g is not above 0", (double)c->zoom);
    if (!(c->near > 0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera.near: %.9g is not above 0", (double)c->near);
    if (!(c->near < c->far))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera: near %.9g and far %.9g cross",
                        (double)c->near, (double)c->far);
    if (!(c->aspect > 0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera.aspect: %.9g is not above 0",
                        (double)c->aspect);
    /* The film offset is divided by the film width (the gauge times at most
     * the aspect): a gauge of zero would put infinities in the projection. */
    if (!(c->film_gauge > 0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "perspective camera.film_gauge: %.9g is not above 0",
                        (double)c->film_gauge);
    return TA_OK;
}

ta_result ta_orthographic_camera_validate(const ta_orthographic_camera *c, ta_error *err)
{
    if (c == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "camera: is NULL");
    const char *w = "orthographic camera";
    ta_result r;
    if ((r = check_finite(w, "left", c->left, err)) || (r = check_finite(w, "right", c->right, err)) ||
        (r = check_finite(w, "top", c->top, err)) || (r = check_finite(w, "bottom", c->bottom, err)) ||
        (r = check_finite(w, "zoom", c->zoom, err)) || (r = check_finite(w, "near", c->near, err)) ||
        (r = check_finite(w, "far", c->far, err)))
        return r;
    if (!(c->zoom > 0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "orthographic camera.zoom: %.9g is not above 0", (double)c->zoom);
    if (!(c->near < c->far))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "orthographic camera: near %.9g and far %.9g cross",
                        (double)c->near, (double)c->far);
    /* left > right (or bottom > top) mirrors the view, as in three.js; equal
     * sides leave no view and put infinities in the projection. */
    if (c->left == c->right)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "orthographic camera: left and right are both %.9g",
                        (double)c->left);
    if (c->top == c->bottom)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "orthographic camera: top and bottom are both %.9g",
                        (double)c->top);
    return TA_OK;
}

/* Matrix4.makePerspective(left, right, top, bottom, near, far), WebGL coordinates. */
static ta_mat4 make_perspective(double left, double right, double top, double bottom, double near, double far)
{
    ta_mat4 m;
    memset(&m, 0, sizeof m);
    double x = 2 * near / (right - left), y = 2 * near / (top - bottom);
    double a = (right + left) / (right - left), b = (top + bottom) / (top - bottom);
    double c = -(far + near) / (far - near), d = (-2 * far * near) / (far - near);
    m.m[0] = (float)x;
    m.m[8] = (float)a;
    m.m[5] = (float)y;
    m.m[9] = (float)b;
    m.m[10] = (float)c;
    m.m[14] = (float)d;
    m.m[11] = -1;
    return m;
}

ta_mat4 ta_perspective_camera_projection(const ta_perspective_camera *c)
{
    double near = c->near;
    double top = near * ta__tan(DEG2RAD * 0.5 * c->fov) / c->zoom;
    double height = 2 * top;
    double width = c->aspect * height;
    double left = -0.5 * width;
    double film_width = c->film_gauge * fmin(c->aspect, 1.0);
    double skew = c->film_offset;
    if (skew != 0) left += near * skew / film_width;
    return make_perspective(left, left + width, top, top - height, near, c->far);
}

ta_mat4 ta_orthographic_camera_projection(const ta_orthographic_camera *c)
{
    /* In double throughout, as three.js's numbers are: a float difference of
     * right and left would round before the division. */
    double l = c->left, rt = c->right, t = c->top, b = c->bottom, zoom = c->zoom;
    double dx = (rt - l) / (2 * zoom);
    double dy = (t - b) / (2 * zoom);
    double cx = (rt + l) / 2;
    double cy = (t + b) / 2;
    double left = cx - dx, right = cx + dx, top = cy + dy, bottom = cy - dy;
    double near = c->near, far = c->far;
    ta_mat4 m;
    memset(&m, 0, sizeof m);
    m.m[0] = (float)(2 / (right - left));
    m.m[5] = (float)(2 / (top - bottom));
    m.m[12] = (float)(-(right + left) / (right - left));
    m.m[13] = (float)(-(top + bottom) / (top - bottom));
    m.m[10] = (float)(-2 / (far - near));
    m.m[14] = (float)(-(far + near) / (far - near));
    m.m[15] = 1;
    return m;
}

/* ---- the list ------------------------------------------------------------------ */

typedef struct cameras_internal {
    ta__mem mem;
    uint32_t perspective_capacity;
    uint32_t orthographic_capacity;
} cameras_internal;

ta_result ta_camera_list_create(const ta_camera_list_options *options, ta_camera_list **out_cameras, ta_error *err)
{
    if (out_cameras == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_cameras: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    ta_camera_list *l = (ta_camera_list *)ta__calloc(&mem, 1, sizeof *l);
    cameras_internal *in = (cameras_internal *)ta__calloc(&mem, 1, sizeof *in);
    if (l == NULL || in == NULL) {
        ta__free(&mem, l, sizeof *l);
        ta__free(&mem, in, sizeof *in);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a camera list");
    }
    in->mem = mem;
    l->internal_ = in;
    *out_cameras = l;
    return TA_OK;
}

void ta_camera_list_destroy(ta_camera_list *cameras)
{
    if (cameras == NULL) return;
    cameras_internal *in = (cameras_internal *)cameras->internal_;
    ta__mem mem = in->mem;
    ta__free(&mem, cameras->perspective, sizeof(ta_perspective_camera) * in->perspective_capacity);
    ta__free(&mem, cameras->orthographic, sizeof(ta_orthographic_camera) * in->orthographic_capacity);
    ta__free(&mem, in, sizeof *in);
    ta__free(&mem, cameras, sizeof *cameras);
}

ta_result ta_camera_list_add_perspective(ta_camera_list *cameras, const ta_perspective_camera *camera,
                                         ta_perspective_camera_id *out_camera, ta_error *err)
{
    if (cameras == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "cameras: is NULL");
    ta_result r = ta_perspective_camera_validate(camera, err);
    if (r != TA_OK) return r;
    cameras_internal *in = (cameras_internal *)cameras->internal_;
    if (cameras->perspective_count == TA_NONE)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "cameras: the perspective list is full");
    r = ta__reserve(&in->mem, (void **)&cameras->perspective, &in->perspective_capacity,
                    cameras->perspective_count + 1, sizeof(ta_perspective_camera), err);
    if (r != TA_OK) return r;
    cameras->perspective[cameras->perspective_count] = *camera;
    if (out_camera) out_camera->index = cameras->perspective_count;
    cameras->perspective_count++;
    return TA_OK;
}

ta_result ta_camera_list_add_orthographic(ta_camera_list *cameras, const ta_orthographic_camera *camera,
                                          ta_orthographic_camera_id *out_camera, ta_error *err)
{
    if (cameras == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "cameras: is NULL");
    ta_result r = ta_orthographic_camera_validate(camera, err);
    if (r != TA_OK) return r;
    cameras_internal *in = (cameras_internal *)cameras->internal_;
    if (cameras->orthographic_count == TA_NONE)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "cameras: the orthographic list is full");
    r = ta__reserve(&in->mem, (void **)&cameras->orthographic, &in->orthographic_capacity,
                    cameras->orthographic_count + 1, sizeof(ta_orthographic_camera), err);
    if (r != TA_OK) return r;
    cameras->orthographic[cameras->orthographic_count] = *camera;
    if (out_camera) out_camera->index = cameras->orthographic_count;
    cameras->orthographic_count++;
    return TA_OK;
}
