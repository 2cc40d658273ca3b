/* Vectors, quaternions, Euler angles and matrices, as three.js 0.186.0 computes them. */
#include <math.h>

#include "core/elementary.h"
#include "core/math_internal.h"
#include "core/slerp_internal.h"
#include "threeanim/math.h"

float ta_quat_length(ta_quat q)
{
    double x = q.x, y = q.y, z = q.z, w = q.w;
    return (float)sqrt(x * x + y * y + z * z + w * w);
}

ta_quat ta_quat_normalize(ta_quat q)
{
    double x = q.x, y = q.y, z = q.z, w = q.w;
    double l = sqrt(x * x + y * y + z * z + w * w);
    if (l == 0.0) return ta_quat_identity();
    l = 1.0 / l;
    return ta_quat_make((float)(x * l), (float)(y * l), (float)(z * l), (float)(w * l));
}

ta_quat ta_quat_multiply(ta_quat a, ta_quat b)
{
    double s0[4] = {a.x, a.y, a.z, a.w}, s1[4] = {b.x, b.y, b.z, b.w}, d[4];
    ta_quat_multiply_flat(d, s0, s1);
    return ta_quat_make((float)d[0], (float)d[1], (float)d[2], (float)d[3]);
}

ta_quat ta_quat_conjugate(ta_quat q)
{
    return ta_quat_make(-q.x, -q.y, -q.z, q.w);
}

ta_quat ta_quat_slerp(ta_quat a, ta_quat b, float t)
{
    double s0[4] = {a.x, a.y, a.z, a.w}, s1[4] = {b.x, b.y, b.z, b.w}, d[4];
    ta_quat_slerp_flat(d, s0, s1, t);
    return ta_quat_make((float)d[0], (float)d[1], (float)d[2], (float)d[3]);
}

void ta_quat_slerp_flat(double *dst, const double *src0, const double *src1, double t)
{
    double q0[4], q1[4], dot;
    if (ta__slerp_begin(src0, src1, q0, q1, &dot)) {
        double s = 1 - t;
        if (dot < 0.9995 && (t == 0 || t == 1)) {
            /* At an end the weights below are exactly s and t: sin(theta) over itself is 1, and
             * sin(+-0 * theta) is +-0 over a positive sine (theta is in (0.03, pi/2] here). An action
             * held at a key reads each of its rotations here at every update (docs/performance.md,
             * "An action held at a key"). */
            ta__slerp_mix(q0, q1, s, t);
        } else if (dot < 0.9995) {
            double theta = ta__acos(dot);
            double sin_theta = ta__sin(theta);
            ta__slerp_mix(q0, q1, ta__sin(s * theta) / sin_theta, ta__sin(t * theta) / sin_theta);
        } else {
            ta__slerp_near(q0, q1, s, t);
        }
    }
    for (int i = 0; i < 4; ++i) dst[i] = q0[i];
}

void ta_quat_multiply_flat(double *dst, const double *src0, const double *src1)
{
    double x0 = src0[0], y0 = src0[1], z0 = src0[2], w0 = src0[3];
    double x1 = src1[0], y1 = src1[1], z1 = src1[2], w1 = src1[3];
    dst[0] = x0 * w1 + w0 * x1 + y0 * z1 - z0 * y1;
    dst[1] = y0 * w1 + w0 * y1 + z0 * x1 - x0 * z1;
    dst[2] = z0 * w1 + w0 * z1 + x0 * y1 - y0 * x1;
    dst[3] = w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1;
}

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

ta_euler ta_euler_from_quat(ta_quat q)
{
    /* Matrix4.makeRotationFromQuaternion, then Euler.setFromRotationMatrix (XYZ). */
    double x = q.x, y = q.y, z = q.z, w = q.w;
    double x2 = x + x, y2 = y + y, z2 = z + z;
    double xx = x * x2, xy = x * y2, xz = x * z2;
    double yy = y * y2, yz = y * z2, zz = z * z2;
    double wx = w * x2, wy = w * y2, wz = w * z2;
    double m11 = 1 - (yy + zz), m12 = xy - wz, m13 = xz + wy;
    double m22 = 1 - (xx + zz), m23 = yz - wx;
    double m32 = yz + wx, m33 = 1 - (xx + yy);
    ta_euler e;
    double ey = ta__asin(clampd(m13, -1, 1)), ex, ez;
    if (fabs(m13) < 0.9999999) {
        ex = ta__atan2(-m23, m33);
        ez = ta__atan2(-m12, m11);
    } else {
        ex = ta__atan2(m32, m22);
        ez = 0;
    }
    e.x = (float)ex;
    e.y = (float)ey;
    e.z = (float)ez;
    return e;
}

ta_quat ta_quat_from_euler(ta_euler e)
{
    double c1, c2, c3, s1, s2, s3;
    ta__sincos(e.x / 2.0, &s1, &c1);
    ta__sincos(e.y / 2.0, &s2, &c2);
    ta__sincos(e.z / 2.0, &s3, &c3);
    return ta_quat_make((float)(s1 * c2 * c3 + c1 * s2 * s3), (float)(c1 * s2 * c3 - s1 * c2 * s3),
                        (float)(c1 * c2 * s3 + s1 * s2 * c3), (float)(c1 * c2 * c3 - s1 * s2 * s3));
}

ta_mat4 ta_mat4_identity(void)
{
    ta_mat4 m = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    return m;
}

ta_mat4 ta_mat4_multiply(const ta_mat4 *a, const ta_mat4 *b)
{
    ta_mat4 r;
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row) {
            double s = 0;
            for (int k = 0; k < 4; ++k) s += (double)a->m[k * 4 + row] * b->m[col * 4 + k];
            r.m[col * 4 + row] = (float)s;
        }
    return r;
}

void ta__mat4d_compose(double te[16], ta_vec3 position, ta_quat q, ta_vec3 scale)
{
    double x = q.x, y = q.y, z = q.z, w = q.w;
    double x2 = x + x, y2 = y + y, z2 = z + z;
    double xx = x * x2, xy = x * y2, xz = x * z2;
    double yy = y * y2, yz = y * z2, zz = z * z2;
    double wx = w * x2, wy = w * y2, wz = w * z2;
    double sx = scale.x, sy = scale.y, sz = scale.z;
    te[0] = (1 - (yy + zz)) * sx;
    te[1] = (xy + wz) * sx;
    te[2] = (xz - wy) * sx;
    te[3] = 0;
    te[4] = (xy - wz) * sy;
    te[5] = (1 - (xx + zz)) * sy;
    te[6] = (yz + wx) * sy;
    te[7] = 0;
    te[8] = (xz + wy) * sz;
    te[9] = (yz - wx) * sz;
    te[10] = (1 - (xx + yy)) * sz;
    te[11] = 0;
    te[12] = position.x;
    te[13] = position.y;
    te[14] = position.z;
    te[15] = 1;
}

void ta__mat4d_multiply(double out[16], const double a[16], const double b[16])
{
    double r[16];
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row) {
            double s = 0;
            for (int k = 0; k < 4; ++k) s += a[k * 4 + row] * b[col * 4 + k];
            r[col * 4 + row] = s;
        }
    for (int i = 0; i < 16; ++i) out[i] = r[i];
}

void ta__mat4d_invert(double out[16], const double te[16])
{
    double n11 = te[0], n21 = te[1], n31 = te[2], n41 = te[3];
    double n12 = te[4], n22 = te[5], n32 = te[6], n42 = te[7];
    double n13 = te[8], n23 = te[9], n33 = te[10], n43 = te[11];
    double n14 = te[12], n24 = te[13], n34 = te[14], n44 = te[15];
    double t1 = n11 * n22 - n21 * n12, t2 = n11 * n32 - n31 * n12, t3 = n11 * n42 - n41 * n12;
    double t4 = n21 * n32 - n31 * n22, t5 = n21 * n42 - n41 * n22, t6 = n31 * n42 - n41 * n32;
    double t7 = n13 * n24 - n23 * n14, t8 = n13 * n34 - n33 * n14, t9 = n13 * n44 - n43 * n14;
    double t10 = n23 * n34 - n33 * n24, t11 = n23 * n44 - n43 * n24, t12 = n33 * n44 - n43 * n34;
    double det = t1 * t12 - t2 * t11 + t3 * t10 + t4 * t9 - t5 * t8 + t6 * t7;
    if (det == 0) {
        for (int k = 0; k < 16; ++k) out[k] = 0;
        return;
    }
    double d = 1 / det;
    out[0] = (n22 * t12 - n32 * t11 + n42 * t10) * d;
    out[1] = (n31 * t11 - n21 * t12 - n41 * t10) * d;
    out[2] = (n24 * t6 - n34 * t5 + n44 * t4) * d;
    out[3] = (n33 * t5 - n23 * t6 - n43 * t4) * d;
    out[4] = (n32 * t9 - n12 * t12 - n42 * t8) * d;
    out[5] = (n11 * t12 - n31 * t9 + n41 * t8) * d;
    out[6] = (n34 * t3 - n14 * t6 - n44 * t2) * d;
    out[7] = (n13 * t6 - n33 * t3 + n43 * t2) * d;
    out[8] = (n12 * t11 - n22 * t9 + n42 * t7) * d;
    out[9] = (n21 * t9 - n11 * t11 - n41 * t7) * d;
    out[10] = (n14 * t5 - n24 * t3 + n44 * t1) * d;
    out[11] = (n23 * t3 - n13 * t5 - n43 * t1) * d;
    out[12] = (n22 * t8 - n12 * t10 - n32 * t7) * d;
    out[13] = (n11 * t10 - n21 * t8 + n31 * t7) * d;
    out[14] = (n24 * t2 - n14 * t4 - n34 * t1) * d;
    out[15] = (n13 * t4 - n23 * t2 + n33 * t1) * d;
}

ta_mat4 ta__mat4d_to_float(const double m[16])
{
    ta_mat4 r;
    for (int i = 0; i < 16; ++i) r.m[i] = (float)m[i];
    return r;
}

ta_mat4 ta_mat4_compose(ta_vec3 position, ta_quat q, ta_vec3 scale)
{
    double te[16];
    ta__mat4d_compose(te, position, q, scale);
    return ta__mat4d_to_float(te);
}

float ta_mat4_determinant(const ta_mat4 *mat)
{
    const float *te = mat->m;
    double n11 = te[0], n12 = te[4], n13 = te[8], n14 = te[12];
    double n21 = te[1], n22 = te[5], n23 = te[9], n24 = te[13];
    double n31 = te[2], n32 = te[6], n33 = te[10], n34 = te[14];
    double n41 = te[3], n42 = te[7], n43 = te[11], n44 = te[15];
    return (float)(n41 * (+n14 * n23 * n32 - n13 * n24 * n32 - n14 * n22 * n33 + n12 * n24 * n33 +
                          n13 * n22 * n34 - n12 * n23 * n34) +
                   n42 * (+n11 * n23 * n34 - n11 * n24 * n33 + n14 * n21 * n33 - n13 * n21 * n34 +
                          n13 * n24 * n31 - n14 * n23 * n31) +
                   n43 * (+n11 * n24 * n32 - n11 * n22 * n34 - n14 * n21 * n32 + n12 * n21 * n34 +
                          n14 * n22 * n31 - n12 * n24 * n31) +
                   n44 * (-n13 * n22 * n31 - n11 * n23 * n32 + n11 * n22 * n33 + n13 * n21 * n32 -
                          n12 * n21 * n33 + n12 * n23 * n31));
}

/* Quaternion.setFromRotationMatrix (the matrix is a pure rotation). */
static ta_quat quat_from_rotation(const double te[9])
{
    /* te is column-major 3x3: te[col*3+row] */
    double m11 = te[0], m12 = te[3], m13 = te[6];
    double m21 = te[1], m22 = te[4], m23 = te[7];
    double m31 = te[2], m32 = te[5], m33 = te[8];
    double trace = m11 + m22 + m33, s, x, y, z, w;
    if (trace > 0) {
        s = 0.5 / sqrt(trace + 1.0);
        w = 0.25 / s;
        x = (m32 - m23) * s;
        y = (m13 - m31) * s;
        z = (m21 - m12) * s;
    } else if (m11 > m22 && m11 > m33) {
        s = 2.0 * sqrt(1.0 + m11 - m22 - m33);
        w = (m32 - m23) / s;
        x = 0.25 * s;
        y = (m12 + m21) / s;
        z = (m13 + m31) / s;
    } else if (m22 > m33) {
        s = 2.0 * sqrt(1.0 + m22 - m11 - m33);
        w = (m13 - m31) / s;
        x = (m12 + m21) / s;
        y = 0.25 * s;
        z = (m23 + m32) / s;
    } else {
        s = 2.0 * sqrt(1.0 + m33 - m11 - m22);
        w = (m21 - m12) / s;
        x = (m13 + m31) / s;
        y = (m23 + m32) / s;
        z = 0.25 * s;
    }
    return ta_quat_make((float)x, (float)y, (float)z, (float)w);
}

bool ta_mat4_decompose(const ta_mat4 *mat, ta_vec3 *position, ta_quat *quaternion, ta_vec3 *scale)
{
    const float *te = mat->m;
    /* three.js 0.186 tests the determinant of the 3x3 part (determinantAffine),
     * in double: a zero there (a zero scale, or axes in one plane) gives the
     * identity, and its sign says whether one axis is mirrored. */
    double n11 = te[0], n12 = te[4], n13 = te[8];
    double n21 = te[1], n22 = te[5], n23 = te[9];
    double n31 = te[2], n32 = te[6], n33 = te[10];
    double det = n11 * (n22 * n33 - n23 * n32) - n12 * (n21 * n33 - n23 * n31) + n13 * (n21 * n32 - n22 * n31);
    if (position) *position = ta_vec3_make(te[12], te[13], te[14]);
    if (det == 0) {
        if (quaternion) *quaternion = ta_quat_identity();
        if (scale) *scale = ta_vec3_make(1, 1, 1);
        return false;
    }
    double sx = sqrt(n11 * n11 + n21 * n21 + n31 * n31);
    double sy = sqrt(n12 * n12 + n22 * n22 + n32 * n32);
    double sz = sqrt(n13 * n13 + n23 * n23 + n33 * n33);
    if (det < 0) sx = -sx;
    double r[9];
    double isx = 1 / sx, isy = 1 / sy, isz = 1 / sz;
    r[0] = n11 * isx;
    r[1] = n21 * isx;
    r[2] = n31 * isx;
    r[3] = n12 * isy;
    r[4] = n22 * isy;
    r[5] = n32 * isy;
    r[6] = n13 * isz;
    r[7] = n23 * isz;
    r[8] = n33 * isz;
    if (quaternion) *quaternion = quat_from_rotation(r);
    if (scale) *scale = ta_vec3_make((float)sx, (float)sy, (float)sz);
    return true;
}
