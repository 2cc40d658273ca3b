/* A key interval's slerp constants, made with the clip. See slerp_constants.h. */
#include "animation/slerp_constants.h"
#include "core/elementary.h"

void ta__slerp_constants(const float *a, const float *b, float *theta, float *k)
{
    double dot, sign; /* slerpFlat's dot and tests, in double and in its order */
    if (ta__slerp_constants_branch(a, b, theta, k, &dot, &sign)) return;
    /* below 0.9995, theta is above 0.0316: 1 / sin is at most 32 */
    float th = (float)ta__acos(dot);
    *theta = th;
    *k = (float)(sign / ta__sin((double)th));
}

void ta__slerp_constants_track(const float *values, uint32_t keys, float *theta, float *k, size_t stride, bool fast)
{
    for (uint32_t i = 0; i + 1 < keys; ++i)
        if (fast)
            ta__slerp_constants_fast(values + (size_t)i * 4, values + (size_t)i * 4 + 4, theta + i * stride, k + i * stride);
        else
            ta__slerp_constants(values + (size_t)i * 4, values + (size_t)i * 4 + 4, theta + i * stride, k + i * stride);
}

void ta__slerp_end(const float *a, const float *b, float t, float *out)
{
    const double td = t;
    ta__slerp_end_lane(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], 1 - td, td, &out[0], &out[1], &out[2], &out[3]);
}
