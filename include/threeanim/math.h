/*
 * threeanim/math.h -- vectors, quaternions, Euler angles and 4x4 matrices.
 *
 * Storage is float32, as a scene keeps it; the arithmetic follows three.js
 * 0.186.0 (Quaternion.slerpFlat, multiplyQuaternionsFlat, Euler XYZ,
 * Matrix4.compose/decompose) and runs in double where three.js's numbers are
 * doubles, so results agree with three.js to float32 rounding.
 *
 * Matrices are column-major, as three.js's Matrix4.elements:
 * m[col * 4 + row]. Quaternions are (x, y, z, w).
 */
#ifndef THREEANIM_MATH_H
#define THREEANIM_MATH_H

#include <stdbool.h>

#include "threeanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ta_vec2 { float x, y; } ta_vec2;
typedef struct ta_vec3 { float x, y, z; } ta_vec3;
typedef struct ta_quat { float x, y, z, w; } ta_quat;
typedef struct ta_euler { float x, y, z; } ta_euler; /* radians, order XYZ */
typedef struct ta_mat4 { float m[16]; } ta_mat4;     /* column-major */

static inline ta_vec2 ta_vec2_make(float x, float y) { ta_vec2 v = {x, y}; return v; }
static inline ta_vec3 ta_vec3_make(float x, float y, float z) { ta_vec3 v = {x, y, z}; return v; }
static inline ta_quat ta_quat_make(float x, float y, float z, float w) { ta_quat q = {x, y, z, w}; return q; }
static inline ta_quat ta_quat_identity(void) { ta_quat q = {0, 0, 0, 1}; return q; }

TA_API float ta_quat_length(ta_quat q);
/* Unit length; a zero quaternion becomes the identity, as three.js does. */
TA_API ta_quat ta_quat_normalize(ta_quat q);
/* a * b: b's turn first, then a's (three.js multiplyQuaternions(a, b)). */
TA_API ta_quat ta_quat_multiply(ta_quat a, ta_quat b);
TA_API ta_quat ta_quat_conjugate(ta_quat q);
/* three.js Quaternion.slerpFlat: the shorter arc, lerp and normalize when
 * the two are within 0.9995 of each other. t = 0 gives a, t = 1 gives b
 * (or -b). */
TA_API ta_quat ta_quat_slerp(ta_quat a, ta_quat b, float t);

/* The flat-array forms the interpolants and the mixer use, in double. */
TA_API void ta_slerp_flat(double *dst, const double *src0, const double *src1, double t);
TA_API void ta_multiply_quaternions_flat(double *dst, const double *src0, const double *src1);

/* three.js Euler.setFromQuaternion(q, 'XYZ'), including its gimbal-lock branch. */
TA_API ta_euler ta_euler_from_quat(ta_quat q);
/* three.js Quaternion.setFromEuler for order XYZ. */
TA_API ta_quat ta_quat_from_euler(ta_euler e);

TA_API ta_mat4 ta_mat4_identity(void);
TA_API ta_mat4 ta_mat4_multiply(const ta_mat4 *a, const ta_mat4 *b); /* a * b */
/* three.js Matrix4.compose / decompose. decompose reads the position in every
 * case; where the upper 3x3 part has a zero determinant (a zero scale, or axes
 * in one plane) it returns false with the identity quaternion and a scale of
 * one, as three.js does. A negative determinant is given to scale.x. Any of
 * the outputs may be NULL. */
TA_API ta_mat4 ta_mat4_compose(ta_vec3 position, ta_quat quaternion, ta_vec3 scale);
TA_API bool ta_mat4_decompose(const ta_mat4 *m, ta_vec3 *position, ta_quat *quaternion,
                              ta_vec3 *scale);
TA_API float ta_mat4_determinant(const ta_mat4 *m);

#ifdef __cplusplus
}
#endif

#endif
