/*
 * src/core/math_internal.h -- matrix arithmetic in double, for the library's
 * own use.
 *
 * three.js keeps a matrix in doubles; a chain of them (a node's world matrix,
 * the product of its ancestors') rounded to float32 at every step drifts from
 * it by one rounding per level. These keep the chain in double and round once.
 * Layout as ta_mat4: column-major, m[col * 4 + row].
 */
#ifndef THREEANIM_SRC_CORE_MATH_INTERNAL_H
#define THREEANIM_SRC_CORE_MATH_INTERNAL_H

#include "threeanim/math.h"

/* three.js Matrix4.compose, in double. */
void ta__mat4d_compose(double out[16], ta_vec3 position, ta_quat quaternion, ta_vec3 scale);
/* out = a * b; out may be a or b. */
void ta__mat4d_multiply(double out[16], const double a[16], const double b[16]);
/* three.js Matrix4.invert (gl-matrix's), in its order of operations, so
 * that the result is three.js's to the last bit; all zeros when singular, as
 * three.js gives. out may be te. */
void ta__mat4d_invert(double out[16], const double te[16]);
ta_mat4 ta__mat4d_to_float(const double m[16]);

#endif
