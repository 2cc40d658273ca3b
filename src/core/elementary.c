/* Elementary functions of the library's own (elementary.h): the same bits on
 * every target. Each is a short polynomial evaluated in double, in a fixed order,
 * after a range reduction that keeps what it rounds off:
 *
 *   sin, cos   x - n pi/2 (n the nearest integer to 2x/pi) in six parts of
 *              pi/2, the rounding of each step kept in a second double; then
 *              polynomials of degree 13 and 14 on [-pi/4, pi/4] (Chebyshev
 *              fits, 0.15 ulp from sin and 0.02 from cos at most).
 *   atan       atan(t) = atan(c) + atan((t - c) / (1 + t c)) for c the
 *              nearest eighth to t (past 1, pi/2 - atan(1/t)), so that the
 *              second argument stays within 1/16; then its series to the 15th
 *              power.
 *   pow        exp(y ln x): ln by the series of atanh, exp by n ln 2 + r.
 *
 * The series' coefficients are 1/n! and 1/n for integers exact in a double,
 * divided when the file is compiled, which rounds them correctly and alike on
 * every compiler; the others are written out in hexadecimal. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/elementary.h"
#include "core/elementary_kernels.h"

static const double TWO_PI = 0x1.921fb54442d18p+2;
/* pi/2 and pi: the nearest double and what is left */
static const double PIO2_HI = 0x1.921fb54442d18p+0, PIO2_LO = 0x1.1a62633145c07p-54;
static const double PI_HI = 0x1.921fb54442d18p+1, PI_LO = 0x1.1a62633145c07p-53;
/* ln 2: 29 significant bits, so that k times it is exact for |k| < 2^24, and the rest */
static const double LN2_HI = 0x1.62e42ffp-1, LN2_LO = -0x1.718432a1b0e26p-35;
static const double INV_LN2 = 0x1.71547652b82fep+0;

/* hi + lo = x - n pi/2 to about 2^-100 of x; returns n mod 4. |x| < 2^27. */
static inline int reduce(double x, double *out_hi, double *out_lo)
{
    if (fabs(x) < TA__PIO4) {
        *out_hi = x;
        *out_lo = 0;
        return 0;
    }
    const double n = floor(x * TA__TWO_OVER_PI + 0.5);
    double hi = x - n * TA__PIO2_PARTS[0]; /* exact: both near n pi/2 */
    double lo = 0;
    for (int i = 1; i < 6; ++i) {
        /* hi - t as s + e exactly (Knuth's two-sum) */
        const double t = n * TA__PIO2_PARTS[i], s = hi - t, b = s - hi;
        lo += (hi - (s - b)) + (-t - b);
        hi = s;
        /* Unless the remainder is tiny (x near a multiple of pi/2), the parts left can go in one
         * product: TA__PIO2_TAIL is their sum to 2^-107, n times that at most 2^-80, below 2^-60
         * of a remainder past 2^-20. */
        if (i == 1 && fabs(hi) > 0x1p-20) {
            lo -= n * TA__PIO2_TAIL;
            break;
        }
    }
    const double s = hi + lo;
    *out_lo = lo - (s - hi);
    *out_hi = s;
    return (int)((int64_t)n & 3);
}

/* Reduced to |x| < 2^27 first by fmod with 2 pi rounded to a double (exact,
 * so deterministic; off by |x| 3.9e-17 radians: the double's 2.4e-16 from 2 pi
 * once a turn), then by reduce. */
static inline int reduce_any(double x, double *out_hi, double *out_lo)
{
    if (!(fabs(x) < 0x1p27)) x = fmod(x, TWO_PI);
    return reduce(x, out_hi, out_lo);
}

double ta__sin(double x)
{
    if (!isfinite(x)) return x - x;
    if (fabs(x) < 0x1p-26) return x; /* x^3/6 is below half an ulp; keeps -0 */
    double hi, lo;
    switch (reduce_any(x, &hi, &lo)) {
    case 0: return ta__sin_k(hi, lo);
    case 1: return ta__cos_k(hi, lo);
    case 2: return -ta__sin_k(hi, lo);
    default: return -ta__cos_k(hi, lo);
    }
}

double ta__cos(double x)
{
    if (!isfinite(x)) return x - x;
    double hi, lo;
    switch (reduce_any(x, &hi, &lo)) {
    case 0: return ta__cos_k(hi, lo);
    case 1: return -ta__sin_k(hi, lo);
    case 2: return -ta__cos_k(hi, lo);
    default: return ta__sin_k(hi, lo);
    }
}

void ta__sincos(double x, double *out_sin, double *out_cos)
{
    if (!isfinite(x) || fabs(x) < 0x1p-26) {
        *out_sin = ta__sin(x);
        *out_cos = ta__cos(x);
        return;
    }
    double hi, lo;
    const int q = reduce_any(x, &hi, &lo);
    const double s = ta__sin_k(hi, lo), c = ta__cos_k(hi, lo);
    switch (q) {
    case 0: *out_sin = s, *out_cos = c; break;
    case 1: *out_sin = c, *out_cos = -s; break;
    case 2: *out_sin = -s, *out_cos = -c; break;
    default: *out_sin = -c, *out_cos = s; break;
    }
}

double ta__tan(double x)
{
    if (!isfinite(x)) return x - x;
    if (fabs(x) < 0x1p-26) return x;
    double hi, lo;
    const int q = reduce_any(x, &hi, &lo);
    const double s = ta__sin_k(hi, lo), c = ta__cos_k(hi, lo);
    return (q & 1) ? -c / s : s / c;
}

/* atan(t) for t in [0, 1]: atan(c) + atan((t - c) / (1 + t c)), c the nearest eighth */
static double atan_unit(double t)
{
    /* Up to tan(1/16) = 0.06258 and a little, the series itself: past 1/16, c = 1/8 would make
     * u as large as the result, and its roundings cost an ulp and a half of a result below 1/16. */
    if (t < 0.0626) return t + ta__atan_tail(t);
    const int k = (int)(t * 8 + 0.5);
    const double c = k * 0.125, u = (t - c) / (1 + t * c); /* t - c exact: within a factor 2 */
    return TA__ATAN_EIGHTHS[k][0] + (u + (ta__atan_tail(u) + TA__ATAN_EIGHTHS[k][1]));
}

/* atan(t) for t >= 0 (an infinity included): past 1, pi/2 - atan(1/t) */
static double atan_pos(double t)
{
    if (t <= 1) return atan_unit(t);
    const double a = atan_unit(1 / t);
    return PIO2_HI - (a - PIO2_LO);
}

double ta__atan2(double y, double x)
{
    if (isnan(x) || isnan(y)) return x + y;
    const bool y_negative = signbit(y) != 0, x_negative = signbit(x) != 0;
    const double ay = fabs(y), ax = fabs(x);
    double a;
    if (ay == 0)
        a = x_negative ? PI_HI : 0; /* atan2(+-0, -0) is +-pi, atan2(+-0, +0) +-0 */
    else if (isinf(ax) && isinf(ay))
        a = x_negative ? 3 * TA__PIO4 : TA__PIO4;
    else if (isinf(ax))
        a = x_negative ? PI_HI : 0;
    else if (ax == 0 || isinf(ay))
        a = PIO2_HI;
    else {
        const double at = atan_pos(ay / ax);
        a = x_negative ? PI_HI - (at - PI_LO) : at;
    }
    return y_negative ? -a : a;
}

double ta__asin(double x)
{
    return ta__atan2(x, sqrt((1 - x) * (1 + x)));
}

double ta__acos(double x)
{
    return 2 * ta__atan2(sqrt(1 - x), sqrt(1 + x));
}

/* e^z */
static double exp_(double z)
{
    if (z > 709.8) return INFINITY;
    if (z < -745.2) return 0;
    const double k = floor(z * INV_LN2 + 0.5);
    const double r = (z - k * LN2_HI) - k * LN2_LO; /* k ln 2's first part exact */
    static const double INV_FACTORIAL[15] = {1,
                                             1,
                                             1.0 / 2,
                                             1.0 / 6,
                                             1.0 / 24,
                                             1.0 / 120,
                                             1.0 / 720,
                                             1.0 / 5040,
                                             1.0 / 40320,
                                             1.0 / 362880,
                                             1.0 / 3628800,
                                             1.0 / 39916800,
                                             1.0 / 479001600,
                                             1.0 / 6227020800,
                                             1.0 / 87178291200};
    double p = 0; /* e^r - 1 = r (1 + r (1/2 + r (1/6 + ...))), to r^14 */
    for (int n = 14; n >= 1; --n) p = p * r + INV_FACTORIAL[n];
    return ldexp(1 + p * r, (int)k);
}

double ta__pow(double x, double y)
{
    if (isnan(x) || isnan(y)) return x + y;
    if (x < 0) return NAN;
    if (y == 0 || x == 1) return 1;
    if (x == 0) return y > 0 ? 0 : INFINITY;
    if (isinf(x)) return y > 0 ? INFINITY : 0;
    int e;
    double m = frexp(x, &e); /* x = m 2^e, m in [1/2, 1) */
    if (m < 0x1.6a09e667f3bcdp-1) { /* sqrt(1/2) */
        m *= 2;
        e -= 1;
    }
    /* ln m = 2 atanh(s) = 2 (s + s^3/3 + ...), s = (m - 1) / (m + 1), |s| < 0.172 */
    const double s = (m - 1) / (m + 1), z = s * s;
    static const double ODD_INVERSES[12] = {1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13,
                                            1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25};
    double p = 0;
    for (int k = 11; k >= 0; --k) p = p * z + ODD_INVERSES[k];
    const double ln_m = 2 * s + 2 * s * z * p;
    const double ln_x = e * LN2_HI + (ln_m + e * LN2_LO);
    return exp_(y * ln_x);
}
