/* Two-bone IK from world matrices for many chains (ta_ik_two_bone_world_batch, ik.h): every desc
 * checked first, as ta_ik_two_bone_world checks it, so that a refusal writes nothing; then the
 * chains a group at a time, a chain a SIMD lane (4 on AVX2 with FMA, 8 on AVX-512), each lane
 * ik.c's solve (ik_lanes_body.h). One call after another on other CPUs, and for a group in which
 * two descs share a rotation: lanes would read what a neighbour has not yet written. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/elementary.h"
#include "scene/ik_internal.h"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define TA__IK_LANES 1
#include <immintrin.h>

/* v, or fallback when v is zero (either sign), as ik.c's nonzero_or. */
static inline ta_vec3 ta__ik_nonzero_or(ta_vec3 v, ta_vec3 fallback)
{
    return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f ? fallback : v;
}


#define IK_W 4
#define IK_TARGET __attribute__((target("avx2,fma")))
#define IK_SQRT(x) ((V)_mm256_sqrt_pd((__m256d)(x)))
#define IK_L(name) name##_4
#include "scene/ik_lanes_body.h"
#undef IK_W
#undef IK_TARGET
#undef IK_SQRT
#undef IK_L

#define IK_W 8
#define IK_TARGET __attribute__((target("avx2,fma,avx512f,avx512vl,avx512dq")))
#define IK_SQRT(x) ((V)_mm512_sqrt_pd((__m512d)(x)))
#define IK_L(name) name##_8
#include "scene/ik_lanes_body.h"
#undef IK_W
#undef IK_TARGET
#undef IK_SQRT
#undef IK_L
#else
#define TA__IK_LANES 0
#endif

#if TA__IK_LANES
/* Whether two of descs[0 .. n) name one rotation. */
static bool shares_a_rotation(const ta_ik_two_bone_world_desc *descs, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i)
        for (uint32_t j = i + 1; j < n; ++j) {
            const ta_quat *a0 = descs[i].start_rotation, *a1 = descs[i].mid_rotation;
            const ta_quat *b0 = descs[j].start_rotation, *b1 = descs[j].mid_rotation;
            if (a0 == b0 || a0 == b1 || a1 == b0 || a1 == b1) return true;
        }
    return false;
}
#endif

ta_result ta_ik_two_bone_world_batch(const ta_ik_two_bone_world_desc *descs, uint32_t count,
                                     ta_ik_result *out_results, ta_error *err)
{
    if (descs == NULL && count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "descs: is NULL for %u chains", count);
    uint32_t i = 0;
    ta_result r = ta__ik_two_bone_world_check_all(descs, count, &i, err);
    if (r != TA_OK) {
        if (err == NULL) return r;
        /* "desc.target: ..." or "*desc.start_world: ..." of one call, for descs[i] */
        char one[sizeof err->message];
        memcpy(one, err->message, sizeof one);
        const char *m = one, *star = m[0] == '*' ? "*" : "";
        m += star[0] != '\0';
        if (strncmp(m, "desc", 4) == 0) m += 4;
        return ta__fail(err, r, "%sdescs[%u]%s", star, i, m);
    }
    uint32_t width = 1;
#if TA__IK_LANES
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        width = 8;
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        width = 4;
#endif
    for (i = 0; i < count; i += width) {
        uint32_t n = count - i < width ? count - i : width;
        ta_ik_result *out = out_results == NULL ? NULL : out_results + i;
#if TA__IK_LANES
        if (width > 1 && n > 1 && !shares_a_rotation(descs + i, n)) {
            if (width == 8) run_group_8(descs + i, n, out);
            else run_group_4(descs + i, n, out);
            continue;
        }
#endif
        for (uint32_t k = 0; k < n; ++k) {
            r = ta_ik_two_bone_world(&descs[i + k], out == NULL ? NULL : &out[k], err);
            if (r != TA_OK) return r; /* checked above: cannot happen */
        }
    }
    return TA_OK;
}
