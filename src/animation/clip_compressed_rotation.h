/*
 * src/animation/clip_compressed_rotation.h -- a compressed rotation's three
 * kept components (or all four) made a unit quaternion: one key
 * (ta__cc_rotation, the decoder's) and one lane of key planes
 * (ta__cc_rotation_lane, fused_kernels.h's rot_finish, which a window's
 * refill runs over its rotation planes). Not public; a leaf, so that the
 * kernels below the compressed clip's modules can take it. The two take the
 * same operations in the same order: the same numbers, bit for bit
 * (test_clip_compress).
 */
#ifndef THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_ROTATION_H
#define THREEANIM_SRC_ANIMATION_CLIP_COMPRESSED_ROTATION_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

enum { TA__CC_ALL = 4 };  /* a rotation that drops no component: x y z w */
enum { TA__CC_KEEP = 0xff }; /* ta__cc_rotation_lane: a lane left as it is */

/* The three kept components of a rotation (all but `drop`, in order) made into a unit
 * quaternion, the dropped one >= 0, as the decoder makes it. Inline: the window makes one a key
 * of every moving rotation it refills. */
static inline void ta__cc_rotation(const float abc[4], uint8_t drop, float out[4])
{
    if (drop == TA__CC_ALL) {
        const float inv = 1 / sqrtf(abc[0] * abc[0] + abc[1] * abc[1] + abc[2] * abc[2] + abc[3] * abc[3]);
        for (int c = 0; c < 4; ++c) out[c] = abc[c] * inv;
        return;
    }
    const float d = abc[0] * abc[0] + abc[1] * abc[1] + abc[2] * abc[2];
    const float inv = d > 1 ? 1 / sqrtf(d) : 1; /* quantized just past the unit sphere: the dropped one is 0 */
    const float m[3] = {abc[0] * inv, abc[1] * inv, abc[2] * inv}, w = d >= 1 ? 0 : sqrtf(1 - d);
    /* the kept three in order around the dropped one, chosen without a branch: the window
     * makes one a key of every moving rotation it steps */
    out[0] = drop == 0 ? w : m[0];
    out[1] = drop == 1 ? w : m[drop < 1 ? 0 : 1];
    out[2] = drop == 2 ? w : m[drop < 2 ? 1 : 2];
    out[3] = drop == 3 ? w : m[2];
}

/* One lane of four key planes made a rotation in place, as ta__cc_rotation makes it of the
 * kept components x y z (and w when drop is TA__CC_ALL); drop TA__CC_KEEP leaves the lane as
 * it is. Without a branch: every side computed and one kept, so that a loop over lanes of
 * different drops vectorises; one root and one division serve both of ta__cc_rotation's
 * normalisations (of four components, or of three past the unit sphere: a lane inside it
 * keeps them times 1, which is them). drop is 32 bits wide, as the planes' numbers are, so
 * that a vector of lanes takes one register of each. */
static inline void ta__cc_rotation_lane(float *x, float *y, float *z, float *w, uint32_t drop)
{
    const float a = *x, b = *y, c = *z, e = *w;
    const bool keep = drop > TA__CC_ALL, whole = drop == TA__CC_ALL;
    const float d = a * a + b * b + c * c;
    const float ee = whole ? e * e : 0.0f; /* d + 0 is d: a sum of squares is not -0 */
    const float inv = 1 / sqrtf(d + ee);
    const float s = (whole | (d > 1)) ? inv : 1.0f; /* times 1: the components as they are */
    const float m0 = a * s, m1 = b * s, m2 = c * s, m3 = e * inv;
    const float r = d >= 1 ? 0 : sqrtf(1 - d);
    const float o0 = drop == 0 ? r : m0;
    const float o1 = drop == 1 ? r : drop < 1 ? m0 : m1;
    const float o2 = drop == 2 ? r : drop < 2 ? m1 : m2;
    const float o3 = drop == 3 ? r : whole ? m3 : m2;
    *x = keep ? a : o0;
    *y = keep ? b : o1;
    *z = keep ? c : o2;
    *w = keep ? e : o3;
}

/* ta__cc_rotation_lane's numbers, bit for bit, for a lane whose drop is never TA__CC_ALL (0 to 3,
 * or TA__CC_KEEP): without the four components' side, which a window none of whose lanes takes it
 * (every clip compressed with the defaults) leaves out of its loop. */
static inline void ta__cc_rotation_lane3(float *x, float *y, float *z, float *w, uint32_t drop)
{
    const float a = *x, b = *y, c = *z, e = *w;
    const bool keep = drop > TA__CC_ALL;
    const float d = a * a + b * b + c * c;
    const float s = d > 1 ? 1 / sqrtf(d) : 1.0f; /* ta__cc_rotation_lane's inv: 1 / sqrtf(d + 0) */
    const float m0 = a * s, m1 = b * s, m2 = c * s;
    const float r = d >= 1 ? 0 : sqrtf(1 - d);
    const float o0 = drop == 0 ? r : m0;
    const float o1 = drop == 1 ? r : drop < 1 ? m0 : m1;
    const float o2 = drop == 2 ? r : drop < 2 ? m1 : m2;
    const float o3 = drop == 3 ? r : m2;
    *x = keep ? a : o0;
    *y = keep ? b : o1;
    *z = keep ? c : o2;
    *w = keep ? e : o3;
}

#endif
