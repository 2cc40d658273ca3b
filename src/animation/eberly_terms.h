/*
 * src/animation/eberly_terms.h -- the terms of David Eberly's slerp series
 * ("A Fast and Accurate Algorithm for Computing SLERP", 2011), written once
 * for the float32 lane (slerp_lane.h) and the double lane (fast_slerp.h).
 * Not public.
 *
 * TA__EBERLY_TERMS(S) runs the series' recurrence from k = 8 down to 1 on
 * variables the caller declares: ct and cs (start at 1), tt and ss (t and
 * 1 - t squared), xm1 (the dot product minus 1). Its coefficients are
 * u = 1/(k(2k+1)) and v = k/(2k+1), the last (k = 8) corrected; every literal
 * takes the suffix S (f for float32, nothing for double). Constants, not a
 * table, so that a loop that inlines them sees no memory it could alias.
 */
#ifndef THREEANIM_SRC_ANIMATION_EBERLY_TERMS_H
#define THREEANIM_SRC_ANIMATION_EBERLY_TERMS_H

#define TA__EBERLY_TERM(U, V)             \
    ct = 1 + ((U) * tt - (V)) * xm1 * ct; \
    cs = 1 + ((U) * ss - (V)) * xm1 * cs;

#define TA__EBERLY_TERMS(S)                                                               \
    TA__EBERLY_TERM(1.90110745351730037##S / (8 * 17), 1.90110745351730037##S * 8 / 17) \
    TA__EBERLY_TERM(1.##S / (7 * 15), 7.##S / 15)                                        \
    TA__EBERLY_TERM(1.##S / (6 * 13), 6.##S / 13)                                        \
    TA__EBERLY_TERM(1.##S / (5 * 11), 5.##S / 11)                                        \
    TA__EBERLY_TERM(1.##S / (4 * 9), 4.##S / 9)                                          \
    TA__EBERLY_TERM(1.##S / (3 * 7), 3.##S / 7)                                          \
    TA__EBERLY_TERM(1.##S / (2 * 5), 2.##S / 5)                                          \
    TA__EBERLY_TERM(1.##S / (1 * 3), 1.##S / 3)

#endif
