/* Elementary functions of the library's own (elementary.h): the same bits on
 * every target. Each is a short series evaluated in double, in a fixed order,
 * after a range reduction that keeps what it rounds off:
 *
 *   sin, cos   x - n pi/2 (n the nearest integer to 2x/pi) in six parts of
 *              pi/2, the rounding of each step kept in a second double; then
 *              Taylor's series on [-pi/4, pi/4] to the 17th and 18th power
 *              (the first term left out is below 1e-19 of the result).
 *   atan       atan(t) = atan(c) + atan((t - c) / (1 + t c)) for c in
 *              {0, 1/2, 1, 3/2, infinity} by where t lies, so that the second
 *              argument stays within 7/16; then its series to the 47th power.
 *   pow        exp(y ln x): ln by the series of atanh, exp by n ln 2 + r.
 *
 * The coefficients are 1/n! and 1/n for integers exact in a double, divided
 * when the file is compiled, which rounds them correctly and alike on every
 * compiler. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/elementary.h"

/* pi/2 in six parts: the first five of 26 significant bits, so that n times
 * each is exact for |n| < 2^27; then the next 53 bits. */
static const double PIO2_PARTS[6] = {0x1.921fb58p+0,       -0x1.dde974p-27,      0x1.1a62630p-54,
                                     0x1.8a2e038p-81,      -0x1.f1976b8p-110,    0x1.27044533e63a0p-142};
static const double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
static const double TWO_PI = 0x1.921fb54442d18p+2;
static const double PIO4 = 0x1.921fb54442d18p-1;
/* pi/2, pi and atan(1/2), atan(1), atan(3/2): the nearest double and what is left */
static const double PIO2_HI = 0x1.921fb54442d18p+0, PIO2_LO = 0x1.1a62633145c07p-54;
static const double PI_HI = 0x1.921fb54442d18p+1, PI_LO = 0x1.1a62633145c07p-53;
static const double ATAN_HI[3] = {0x1.dac670561bb4fp-2, 0x1.921fb54442d18p-1, 0x1.f730bd281f69bp-1};
static const double ATAN_LO[3] = {0x1.a2b7f222f65e2p-56, 0x1.1a62633145c07p-55, 0x1.007887af0cbbdp-56};
/* ln 2: 32 bits, so that k times it is exact for |k| < 2^21, and the rest */
static const double LN2_HI = 0x1.62e42ffp-1, LN2_LO = -0x1.718432a1b0e26p-35;
static const double INV_LN2 = 0x1.71547652b82fep+0;

/* hi + lo = x - n pi/2 to about 2^-100 of x; returns n mod 4. |x| < 2^27. */
static int reduce(double x, double *out_hi, double *out_lo)
{
    if (fabs(x) < PIO4) {
        *out_hi = x;
        *out_lo = 0;
        return 0;
    }
    const double n = floor(x * TWO_OVER_PI + 0.5);
    double hi = x - n * PIO2_PARTS[0]; /* exact: both near n pi/2 */
    double lo = 0;
    for (int i = 1; i < 6; ++i) {
        /* hi - t as s + e exactly (Knuth's two-sum) */
        const double t = n * PIO2_PARTS[i], s = hi - t, b = s - hi;
        lo += (hi - (s - b)) + (-t - b);
        hi = s;
    }
    const double s = hi + lo;
    *out_lo = lo - (s - hi);
    *out_hi = s;
    return (int)((int64_t)n & 3);
}

/* sin(hi + lo), |hi| <= pi/4 + a little, |lo| far below an ulp of hi */
static double sin_k(double hi, double lo)
{
    const double z = hi * hi;
    const double p =
        -1.0 / 6 +
        z * (1.0 / 120 +
             z * (-1.0 / 5040 +
                  z * (1.0 / 362880 +
                       z * (-1.0 / 39916800 +
                            z * (1.0 / 6227020800 + z * (-1.0 / 1307674368000 + z * (1.0 / 355687428096000)))))));
    return hi + (hi * z * p + lo * (1 - 0.5 * z));
}

/* cos(hi + lo), the same range */
static double cos_k(double hi, double lo)
{
    const double z = hi * hi, hz = 0.5 * z, w = 1 - hz;
    const double q =
        1.0 / 24 +
        z * (-1.0 / 720 +
             z * (1.0 / 40320 +
                  z * (-1.0 / 3628800 +
                       z * (1.0 / 479001600 +
                            z * (-1.0 / 87178291200 + z * (1.0 / 20922789888000 + z * (-1.0 / 6402373705728000)))))));
    /* (1 - w) - hz is what 1 - hz rounded off (exact: w lies in [1/2, 1]) */
    return w + (((1 - w) - hz) + (z * z * q - hi * lo));
}

/* Reduced to |x| < 2^27 first by fmod with 2 pi rounded to a double (exact,
 * so deterministic; off by |x| * 2.4e-16 radians), then by reduce. */
static int reduce_any(double x, double *out_hi, double *out_lo)
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
    case 0: return sin_k(hi, lo);
    case 1: return cos_k(hi, lo);
    case 2: return -sin_k(hi, lo);
    default: return -cos_k(hi, lo);
    }
}

double ta__cos(double x)
{
    if (!isfinite(x)) return x - x;
    double hi, lo;
    switch (reduce_any(x, &hi, &lo)) {
    case 0: return cos_k(hi, lo);
    case 1: return -sin_k(hi, lo);
    case 2: return -cos_k(hi, lo);
    default: return sin_k(hi, lo);
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
    const double s = sin_k(hi, lo), c = cos_k(hi, lo);
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
    const double s = sin_k(hi, lo), c = cos_k(hi, lo);
    return (q & 1) ? -c / s : s / c;
}

/* atan(u) - u for |u| <= 7/16: u^3 (-1/3 + u^2/5 - ...), to u^47 */
static const double ATAN_SERIES[23] = {
    -1.0 / 3,  1.0 / 5,  -1.0 / 7,  1.0 / 9,  -1.0 / 11, 1.0 / 13, -1.0 / 15, 1.0 / 17,
    -1.0 / 19, 1.0 / 21, -1.0 / 23, 1.0 / 25, -1.0 / 27, 1.0 / 29, -1.0 / 31, 1.0 / 33,
    -1.0 / 35, 1.0 / 37, -1.0 / 39, 1.0 / 41, -1.0 / 43, 1.0 / 45, -1.0 / 47};
static double atan_tail(double u)
{
    const double z = u * u;
    double p = 0;
    for (int k = 22; k >= 0; --k) p = p * z + ATAN_SERIES[k];
    return u * z * p;
}

/* atan(t) for t >= 0 (an infinity included) */
static double atan_pos(double t)
{
    if (t < 0.4375) return t + atan_tail(t);
    double u;
    int c;
    if (t < 0.6875) {
        u = (2 * t - 1) / (2 + t);
        c = 0;
    } else if (t < 1.1875) {
        u = (t - 1) / (t + 1);
        c = 1;
    } else if (t < 2.4375) {
        u = (t - 1.5) / (1 + 1.5 * t);
        c = 2;
    } else {
        u = -1 / t;
        return PIO2_HI + (u + (atan_tail(u) + PIO2_LO));
    }
    return ATAN_HI[c] + (u + (atan_tail(u) + ATAN_LO[c]));
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
        a = x_negative ? 3 * PIO4 : PIO4;
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
