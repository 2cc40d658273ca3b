/**
 * @file
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

/** Two numbers: a map offset, repeat or center. */
typedef struct ta_vec2 { float x, y; /**< the second number */ } ta_vec2;
/** @var ta_vec2::x
 *  The first number. */
/** Three numbers: a position, a scale. */
typedef struct ta_vec3 { float x, y, z; /**< the third number */ } ta_vec3;
/** @var ta_vec3::x
 *  The first number.
 *  @var ta_vec3::y
 *  The second number. */
/** A quaternion (x, y, z, w); a turn when of unit length. */
typedef struct ta_quat { float x, y, z, w; /**< the scalar part */ } ta_quat;
/** @var ta_quat::x
 *  The x of the vector part.
 *  @var ta_quat::y
 *  The y of the vector part.
 *  @var ta_quat::z
 *  The z of the vector part. */
/** Angles about x, y and z in radians, applied in order XYZ. */
typedef struct ta_euler { float x, y, z; /**< the angle about z, applied last */ } ta_euler;
/** @var ta_euler::x
 *  The angle about x, applied first.
 *  @var ta_euler::y
 *  The angle about y, applied second. */
/** A 4x4 matrix, column-major: m[col * 4 + row], as three.js's Matrix4.elements. */
typedef struct ta_mat4 { float m[16]; /**< column-major */ } ta_mat4;

/**
 * The vector (x, y).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Vector2(x, y).
 */
static inline ta_vec2 ta_vec2_make(float x, float y) { ta_vec2 v = {x, y}; return v; }

/**
 * The vector (x, y, z).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Vector3(x, y, z).
 */
static inline ta_vec3 ta_vec3_make(float x, float y, float z) { ta_vec3 v = {x, y, z}; return v; }

/**
 * The quaternion (x, y, z, w), as given (not normalized).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Quaternion(x, y, z, w).
 */
static inline ta_quat ta_quat_make(float x, float y, float z, float w) { ta_quat q = {x, y, z, w}; return q; }

/**
 * The quaternion (0, 0, 0, 1): no turn.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Quaternion().
 */
static inline ta_quat ta_quat_identity(void) { ta_quat q = {0, 0, 0, 1}; return q; }

/**
 * The length of q, worked out in double.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.length.
 */
TA_API float ta_quat_length(ta_quat q);

/**
 * q at unit length; a zero quaternion becomes the identity, as three.js does.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.normalize.
 */
TA_API ta_quat ta_quat_normalize(ta_quat q);

/**
 * a * b: b's turn first, then a's, worked out in double and rounded once.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.multiplyQuaternions(a, b).
 */
TA_API ta_quat ta_quat_multiply(ta_quat a, ta_quat b);

/**
 * The conjugate (-x, -y, -z, w): the opposite turn of a unit quaternion.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.conjugate.
 */
TA_API ta_quat ta_quat_conjugate(ta_quat q);

/**
 * The turn t of the way from a to b (Quaternion.slerpFlat): along the shorter arc, by lerp and
 * normalize when the two are within 0.9995 of each other. t = 0 gives a, t = 1 gives b (or -b).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.slerpFlat (Quaternion.slerp on copies).
 */
TA_API ta_quat ta_quat_slerp(ta_quat a, ta_quat b, float t);

/**
 * slerpFlat on arrays of 4 doubles: dst = the turn t of the way from src0 to src1, as three.js's
 * interpolants and PropertyMixer call it. dst may be src0 or src1.
 *
 * @ownership Writes dst (4 doubles) only.
 * @errors None; the pointers must not be NULL.
 * @threejs Quaternion.slerpFlat.
 */
TA_API void ta_quat_slerp_flat(double *dst, const double *src0, const double *src1, double t);

/**
 * dst = src0 * src1 on arrays of 4 doubles, as the additive piles of the mixer use it. dst may be
 * src0 or src1.
 *
 * @ownership Writes dst (4 doubles) only.
 * @errors None; the pointers must not be NULL.
 * @threejs Quaternion.multiplyQuaternionsFlat.
 */
TA_API void ta_quat_multiply_flat(double *dst, const double *src0, const double *src1);

/**
 * The angles of q in order XYZ (radians), including three.js's gimbal-lock branch (|m13| at or
 * above 0.9999999).
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Euler.setFromQuaternion(q, 'XYZ').
 */
TA_API ta_euler ta_euler_from_quat(ta_quat q);

/**
 * The quaternion of angles e in order XYZ.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Quaternion.setFromEuler, order 'XYZ'.
 */
TA_API ta_quat ta_quat_from_euler(ta_euler e);

/**
 * The identity matrix.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Matrix4().
 */
TA_API ta_mat4 ta_mat4_identity(void);

/**
 * a * b, column-major.
 *
 * @ownership Reads a and b; returns a value.
 * @errors None; a and b must not be NULL.
 * @threejs Matrix4.multiplyMatrices(a, b).
 */
TA_API ta_mat4 ta_mat4_multiply(const ta_mat4 *a, const ta_mat4 *b);

/**
 * The matrix of a position, a turn and a scale, worked out in double and rounded once.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs Matrix4.compose.
 */
TA_API ta_mat4 ta_mat4_compose(ta_vec3 position, ta_quat quaternion, ta_vec3 scale);

/**
 * The position, turn and scale of m. The position is read in every case. Where the upper 3x3 part
 * has a zero determinant (a zero scale, or axes in one plane) it returns false with the identity
 * quaternion and a scale of one, as three.js 0.186.0 does; otherwise true. A negative determinant
 * is given to scale.x. Any of the outputs may be NULL.
 *
 * @ownership Reads m; writes the outputs given.
 * @errors None (false is an answer, not an error); m must not be NULL.
 * @threejs Matrix4.decompose.
 */
TA_API bool ta_mat4_decompose(const ta_mat4 *m, ta_vec3 *position, ta_quat *quaternion,
                              ta_vec3 *scale);

/**
 * The determinant of m, in double, rounded to float.
 *
 * @ownership Reads m.
 * @errors None; m must not be NULL.
 * @threejs Matrix4.determinant.
 */
TA_API float ta_mat4_determinant(const ta_mat4 *m);

#ifdef __cplusplus
}
#endif

#endif
