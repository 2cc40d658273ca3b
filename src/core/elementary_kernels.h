/*
 * src/core/elementary_kernels.h -- the constants and polynomials of the
 * library's elementary functions (elementary.c), in a header so that a lane
 * of a vector loop (animation/far_slerp_lane.h) evaluates them with the same
 * operations in the same order, and so gives the same bits. Not public.
 */
#ifndef THREEANIM_SRC_CORE_ELEMENTARY_KERNELS_H
#define THREEANIM_SRC_CORE_ELEMENTARY_KERNELS_H

#if defined(__GNUC__)
#define TA__ELEMENTARY_INLINE static inline __attribute__((always_inline, unused))
#define TA__ELEMENTARY_CONST static const __attribute__((unused))
#else
#define TA__ELEMENTARY_INLINE static inline
#define TA__ELEMENTARY_CONST static const
#endif

/* pi/2 in six parts: the first five of 26 significant bits, so that n times
 * each is exact for |n| < 2^27; then the next 53 bits. */
TA__ELEMENTARY_CONST double TA__PIO2_PARTS[6] = {0x1.921fb58p+0,       -0x1.dde974p-27,      0x1.1a62630p-54,
                                     0x1.8a2e038p-81,      -0x1.f1976b8p-110,    0x1.27044533e63a0p-142};
/* the sum of the last four parts, rounded */
TA__ELEMENTARY_CONST double TA__PIO2_TAIL = 0x1.1a62633145c07p-54;
TA__ELEMENTARY_CONST double TA__TWO_OVER_PI = 0x1.45f306dc9c883p-1;
TA__ELEMENTARY_CONST double TA__PIO4 = 0x1.921fb54442d18p-1;

/* The polynomials of sin and cos on [-pi/4, pi/4] (2% more, for an n rounded at the edge):
 * (sin x - x) / x^3 and (cos x - 1 + x^2/2) / x^4 as polynomials in z = x^2 of degree 5,
 * Chebyshev fits made with mpmath at 200 bits (their error: 2.3e-17 and 1.4e-18; 0.15 and 0.02 ulp
 * of the result, 0.23 for sin in the 2% past pi/4), rounded to doubles. */
TA__ELEMENTARY_CONST double TA__SIN_P[6] = {-0x1.5555555555555p-3, 0x1.1111111110b23p-7,  -0x1.a01a019e623afp-13,
                                0x1.71de376b9c575p-19, -0x1.ae5fdeb852566p-26, 0x1.5dfb4dfaf15abp-33};
TA__ELEMENTARY_CONST double TA__COS_P[6] = {0x1.5555555555555p-5,   -0x1.6c16c16c1691fp-10, 0x1.a01a019f3df42p-16,
                                -0x1.27e4fa025e03dp-22, 0x1.1eeb52bea9072p-29,  -0x1.906dd38cb66a1p-37};

/* sin(hi + lo), |hi| <= pi/4 + a little, |lo| far below an ulp of hi */
TA__ELEMENTARY_INLINE double ta__sin_k(double hi, double lo)
{
    const double z = hi * hi;
    const double p =
        TA__SIN_P[0] +
        z * (TA__SIN_P[1] + z * (TA__SIN_P[2] + z * (TA__SIN_P[3] + z * (TA__SIN_P[4] + z * TA__SIN_P[5]))));
    return hi + (hi * z * p + lo * (1 - 0.5 * z));
}

/* cos(hi + lo), the same range */
TA__ELEMENTARY_INLINE double ta__cos_k(double hi, double lo)
{
    const double z = hi * hi, hz = 0.5 * z, w = 1 - hz;
    const double q =
        TA__COS_P[0] +
        z * (TA__COS_P[1] + z * (TA__COS_P[2] + z * (TA__COS_P[3] + z * (TA__COS_P[4] + z * TA__COS_P[5]))));
    /* (1 - w) - hz is what 1 - hz rounded off (exact: w lies in [1/2, 1]) */
    return w + (((1 - w) - hz) + (z * z * q - hi * lo));
}

/* atan(k/8) for k = 0 .. 8: the nearest double and what is left */
TA__ELEMENTARY_CONST double TA__ATAN_EIGHTHS[9][2] = {
    {0, 0},
    {0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59},
    {0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57},
    {0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56},
    {0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56},
    {0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58},
    {0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56},
    {0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56},
    {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55},
};

/* atan(u) - u for |u| <= 1/16: u^3 (-1/3 + u^2/5 - ...), to u^15 (the next term is below
 * 2^-68 of u) */
TA__ELEMENTARY_INLINE double ta__atan_tail(double u)
{
    const double z = u * u;
    const double p =
        -1.0 / 3 + z * (1.0 / 5 + z * (-1.0 / 7 + z * (1.0 / 9 + z * (-1.0 / 11 + z * (1.0 / 13 + z * (-1.0 / 15))))));
    return u * z * p;
}

#endif
