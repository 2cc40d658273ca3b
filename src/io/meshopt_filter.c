/* The filters of EXT_meshopt_compression and KHR_meshopt_compression
 * (Appendix B of their specifications), decoded to the bytes three.js's
 * MeshoptDecoder gives.
 *
 * The specifications allow the OCTAHEDRAL, QUATERNION and COLOR filters one
 * unit in the last place, and decoders use it: meshoptimizer's scalar code
 * rounds half away from zero after summing squares left to right, while the
 * WebAssembly SIMD code three.js runs (npm meshoptimizer) sums them
 * x*x + (y*y + z*z), and rounds to nearest-even by adding 1.5 * 2^23 and
 * keeping the low bits of the float's pattern. A pose read here must equal
 * the pose three.js plays, so the SIMD arithmetic is followed step by step in
 * float (single precision, no fused multiply-add: src/CMakeLists.txt builds
 * this file with -ffp-contract=off), element by element. Every element is
 * read and written through memcpy, little-endian, so the buffer needs no
 * alignment. */
#include "io/meshopt_decode.h"

#include <math.h>
#include <string.h>

/* 1.5 * 2^23: a float in (-2^22, 2^22) added to it lands where the low bits
 * of its pattern hold the value rounded to nearest-even, two's complement. */
#define SNAP 12582912.0f

static uint32_t snap_bits(float v)
{
    float r = v + SNAP;
    uint32_t u;
    memcpy(&u, &r, 4);
    return u;
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* min(z, 0) and max(w, 0) as the SIMD code takes them, on the float's bits
 * read as a signed integer (-0 becomes the smaller, and is kept, by min). */
static float int_min0(float z)
{
    int32_t i = (int32_t)float_bits(z);
    return bits_float((uint32_t)(i < 0 ? i : 0));
}

static float int_max0(float w)
{
    int32_t i = (int32_t)float_bits(w);
    return bits_float((uint32_t)(i > 0 ? i : 0));
}

/* x + copysign-like fixup: t with x's sign bit folded in (t <= 0). */
static float oct_fix(float x, float t)
{
    return x + bits_float(float_bits(t) ^ (float_bits(x) & 0x80000000u));
}

static void oct_element(float x, float y, float one, float max, uint32_t out[3])
{
    float z = one - (fabsf(x) + fabsf(y));
    float t = int_min0(z);
    x = oct_fix(x, t);
    y = oct_fix(y, t);
    float ll = x * x + (y * y + z * z);
    float s = max / sqrtf(ll);
    out[0] = snap_bits(x * s);
    out[1] = snap_bits(y * s);
    out[2] = snap_bits(z * s);
}

static void filter_oct(uint8_t *data, size_t count, size_t stride)
{
    uint32_t r[3];
    for (size_t i = 0; i < count; ++i) {
        uint8_t *e = data + i * stride;
        if (stride == 4) {
            oct_element((float)(int8_t)e[0], (float)(int8_t)e[1], (float)(int8_t)e[2], 127.0f, r);
            for (int c = 0; c < 3; ++c) e[c] = (uint8_t)r[c];
        } else {
            int16_t x, y;
            uint16_t z;
            memcpy(&x, e, 2);
            memcpy(&y, e + 2, 2);
            memcpy(&z, e + 4, 2);
            /* The third component is read unsigned, 15 bits, as the SIMD code
             * masks it. */
            oct_element((float)x, (float)y, (float)(z & 0x7fff), 32767.0f, r);
            for (int c = 0; c < 3; ++c) {
                uint16_t v = (uint16_t)r[c];
                memcpy(e + 2 * c, &v, 2);
            }
        }
    }
}

static void filter_quat(uint8_t *data, size_t count)
{
    const float scale = 32767.0f / sqrtf(2.0f);
    for (size_t i = 0; i < count; ++i) {
        uint8_t *e = data + i * 8;
        int16_t q[4];
        memcpy(q, e, 8);
        float s = (float)(q[3] | 3);
        float x = (float)q[0], y = (float)q[1], z = (float)q[2];
        float ws = s * s;
        float ww = (ws + ws) - (x * x + (y * y + z * z));
        float w = sqrtf(int_max0(ww));
        float ss = scale / s;
        uint64_t packed = (uint64_t)(snap_bits(w * ss) & 0xffff) | (uint64_t)(snap_bits(x * ss) & 0xffff) << 16 |
                          (uint64_t)(snap_bits(y * ss) & 0xffff) << 32 | (uint64_t)(snap_bits(z * ss) & 0xffff) << 48;
        /* w x y z, rotated so that w lands on the omitted component. */
        unsigned rot = (unsigned)(q[3] & 3) * 16;
        if (rot != 0) packed = packed << rot | packed >> (64 - rot);
        for (int c = 0; c < 4; ++c) {
            uint16_t v = (uint16_t)(packed >> (16 * c));
            memcpy(e + 2 * c, &v, 2);
        }
    }
}

static void filter_exp(uint8_t *data, size_t count, size_t stride)
{
    size_t n = count * (stride / 4);
    for (size_t i = 0; i < n; ++i) {
        uint32_t v;
        memcpy(&v, data + 4 * i, 4);
        int32_t e = (int32_t)v >> 24;
        int32_t m = (int32_t)(v << 8) >> 8;
        float f = bits_float((uint32_t)(e + 127) << 23) * (float)m;
        memcpy(data + 4 * i, &f, 4);
    }
}

static void filter_color(uint8_t *data, size_t count, size_t stride)
{
    for (size_t i = 0; i < count; ++i) {
        uint8_t *e = data + i * stride;
        int32_t y, co, cg, a;
        float max;
        if (stride == 4) {
            y = e[0], co = (int8_t)e[1], cg = (int8_t)e[2], a = e[3];
            max = 255.0f;
        } else {
            uint16_t c[4];
            memcpy(c, e, 8);
            y = c[0], co = (int16_t)c[1], cg = (int16_t)c[2], a = c[3];
            max = 65535.0f;
        }
        /* The scale is the alpha's top bit and every bit below it. */
        int32_t as = a;
        as |= as >> 1;
        as |= as >> 2;
        as |= as >> 4;
        as |= as >> 8;
        a = ((a << 1) & as) | (a & 1);
        float ss = max / (float)as;
        uint32_t r[4] = {snap_bits((float)(y + (co - cg)) * ss), snap_bits((float)(y + cg) * ss),
                         snap_bits((float)(y - (co + cg)) * ss), snap_bits((float)a * ss)};
        for (int c = 0; c < 4; ++c) {
            if (stride == 4) {
                e[c] = (uint8_t)r[c];
            } else {
                uint16_t v = (uint16_t)r[c];
                memcpy(e + 2 * c, &v, 2);
            }
        }
    }
}

void ta__meshopt_apply_filter(uint8_t *data, size_t count, size_t stride, ta__meshopt_filter filter)
{
    switch (filter) {
    case TA__MESHOPT_OCTAHEDRAL: filter_oct(data, count, stride); break;
    case TA__MESHOPT_QUATERNION: filter_quat(data, count); break;
    case TA__MESHOPT_EXPONENTIAL: filter_exp(data, count, stride); break;
    case TA__MESHOPT_COLOR: filter_color(data, count, stride); break;
    case TA__MESHOPT_NONE: break;
    }
}
