/*
 * src/core/elementary.h -- sine, cosine, arc tangent and power of the library's
 * own: the same bits from every build, on every target.
 *
 * A C library's sin, cos, acos, asin, atan2, tan and pow are within an ulp or
 * so of the true values, but not the same ulp everywhere. Over 200,000
 * arguments in [-4, 4], this machine's glibc and the wasi-libc that
 * threeanim.wasm links gave other last bits for 3% of sines and cosines, 6%
 * of arc sines, 7% of arc cosines and 18% of arc tangents (measured by hand on
 * 2026-12-06). Rounded to float32 such a difference rarely shows (the replay
 * suites found none), but where it does it stays, and a double on one side of
 * a branch can be on the other; and the C library changes with the platform
 * and its version. So every number the library makes goes through these
 * instead: a rotation track's Euler angles, slerp's far lanes, the slerp
 * constants, the Euler angles of a quaternion, root motion's turn, IK's twist,
 * a camera's projection and the sRGB curves. They are plain double arithmetic
 * in a fixed order, built with -ffp-contract=off (no FMA on one target and not
 * another; the library's layers are built so too), so each argument gives the
 * same result with GCC or Clang on any target whose doubles round each
 * operation (x86-64, arm64, wasm32; not the x87 of 32-bit x86).
 *
 * Accuracy (test_elementary prints it, against values worked out to 300 bits
 * and against the C library): sin and cos within 1 ulp of the true value for
 * |x| below 2^27 (1.3e8) radians; past it the argument is first reduced by
 * fmod with 2 pi rounded to a double, exact and so as deterministic, but off
 * by about |x| 3.9e-17 radians. atan2 within 2 ulp, asin and tan 2.5, acos 3;
 * pow (x >= 0) within 2e-14 relative while |y ln x| < 40. NaN gives NaN (pow
 * too, where C's pow(1, NaN) and pow(NaN, 0) are 1); sin, cos and tan of an
 * infinity are NaN, and atan2 keeps C's signed zeros and infinities. Time a
 * call, against glibc's on this machine (measured by hand on 2026-12-06, a
 * million arguments in [-4, 4]): sin 17 ns against 14, acos 22 against 15,
 * atan2 15 against 18. The mixer calls them for Euler angle tracks
 * (a quaternion to angles and back, ta_euler_from_quat then ta_quat_from_euler:
 * 87 to 98 ns) and for slerps of keys more than 0.7 apart in dot product;
 * the fused path's lanes evaluate the same operations for those slerps
 * (animation/far_slerp_lane.h, from core/elementary_kernels.h's constants and
 * polynomials), to the same bits.
 */
#ifndef THREEANIM_SRC_CORE_ELEMENTARY_H
#define THREEANIM_SRC_CORE_ELEMENTARY_H

double ta__sin(double x);
double ta__cos(double x);
/* Both, from one reduction of x (a rotation track's three angles). */
void ta__sincos(double x, double *out_sin, double *out_cos);
double ta__tan(double x);
/* C's atan2 with its signed zeros and infinities. */
double ta__atan2(double y, double x);
/* NaN outside [-1, 1]. */
double ta__asin(double x);
double ta__acos(double x);
/* x^y for x >= 0 (0^y = 0 for y > 0, 1 for y = 0; -0 as +0), NaN for x < 0:
 * the sRGB curves are all it serves. */
double ta__pow(double x, double y);

#endif
