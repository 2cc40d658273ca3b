/* meshopt streams (io/meshopt_decode.h): the filters give three.js's
 * MeshoptDecoder's bytes where libmeshoptimizer 0.18's round a unit apart;
 * vertex codec version 1 decoded as KHR_meshopt_compression's Appendix A
 * says, on streams written here by hand from it; version 0 as the library
 * decodes it; broken streams refused. (The conformance test
 * conformance_gltf_meshopt compares thousands of streams with the npm
 * decoder; these pin the cases by value.) */
#include <math.h>
#include <meshoptimizer.h>
#include <stdlib.h>

#include "io/meshopt_decode.h"
#include "ta_test.h"

static const char *decode(uint8_t *dst, size_t count, size_t stride, const uint8_t *src, size_t size,
                          ta__meshopt_filter filter, bool *unsupported)
{
    return ta__meshopt_decode(dst, count, stride, src, size, TA__MESHOPT_ATTRIBUTES, filter, unsupported);
}

/* A version 1 stream of one block: header byte, body, zero padding to the
 * 24-byte minimum tail, then the baseline element and the channel modes. */
static size_t v1_stream(uint8_t *out, const uint8_t *body, size_t body_size, const uint8_t *baseline,
                        const uint8_t *channels, size_t stride)
{
    size_t n = 0, tail = stride + stride / 4;
    out[n++] = 0xA1;
    memcpy(out + n, body, body_size);
    n += body_size;
    for (size_t k = tail; k < 24; ++k) out[n++] = 0;
    memcpy(out + n, baseline, stride);
    n += stride;
    memcpy(out + n, channels, stride / 4);
    return n + stride / 4;
}

/* ---- filters ---------------------------------------------------------------- */

/* One element through the decoder with filter f: written as a version 0
 * stream by the library's encoder, decoded in place. */
static void filter_one(uint8_t *e, size_t stride, ta__meshopt_filter f)
{
    uint8_t enc[64];
    size_t n = meshopt_encodeVertexBuffer(enc, sizeof enc, e, 1, stride);
    assert_true(n > 0);
    assert_null(decode(e, 1, stride, enc, n, f, NULL));
}

/* One element (stride bytes of in) through filter f gives want. */
static void expect_filtered(const void *in, const void *want, size_t stride, ta__meshopt_filter f)
{
    uint8_t e[8];
    memcpy(e, in, stride);
    filter_one(e, stride, f);
    assert_memory_equal(e, want, stride);
}

/* The identity rotation at 16 bits: x, y, z zero, w (the omitted component,
 * index 3) is sqrt(2 - 0) scaled back to 32767. */
static void test_quaternion_identity(void **state)
{
    (void)state;
    expect_filtered((int16_t[]){0, 0, 0, 32767}, (int16_t[]){0, 0, 0, 32767}, 8, TA__MESHOPT_QUATERNION);
}

/* Elements where libmeshoptimizer 0.18's filters give one unit more than the
 * npm decoder (meshoptimizer 1.3.0's WebAssembly, which three.js runs); the
 * values wanted are that decoder's, and three.js's copy of it gives the same. */
static void test_quaternion_as_threejs(void **state)
{
    (void)state;
    /* 0.18: w 27797. */
    expect_filtered((int16_t[]){-18316, 14372, 7748, 32767}, (int16_t[]){-12951, 10163, 5479, 27796}, 8,
                    TA__MESHOPT_QUATERNION);
    /* The omitted component is index 1 here: w lands there. 0.18: 24915. */
    expect_filtered((int16_t[]){-8676, -19431, 21285, 32765}, (int16_t[]){15051, 24914, -6135, -13740}, 8,
                    TA__MESHOPT_QUATERNION);
}

static void test_octahedral_as_threejs(void **state)
{
    (void)state;
    /* 0.18: x -107. */
    expect_filtered((int8_t[]){-120, 53, 127, 0}, (int8_t[]){-108, 10, -67, 0}, 4, TA__MESHOPT_OCTAHEDRAL);
    /* +Z at 16 bits, the fourth component passed through. */
    expect_filtered((int16_t[]){0, 0, 32767, -1234}, (int16_t[]){0, 0, 32767, -1234}, 8, TA__MESHOPT_OCTAHEDRAL);
}

/* 2^e * m, exactly: 2^-2 * 3 and 2^0 * -1. */
static void test_exponential(void **state)
{
    (void)state;
    uint32_t v[2] = {0xFE000003u, 0x00FFFFFFu};
    filter_one((uint8_t *)v, 8, TA__MESHOPT_EXPONENTIAL);
    float f[2];
    memcpy(f, v, 8);
    assert_true(f[0] == 0.75f);
    assert_true(f[1] == -1.0f);
}

/* YCoCg to RGB, the scale from the alpha's top bit (Appendix B, filter 4). */
static void test_color(void **state)
{
    (void)state;
    /* K = 8: alpha 0xFF (bit 7 set), scale 255/255. */
    expect_filtered((uint8_t[]){100, 0, 0, 0xFF}, (uint8_t[]){100, 100, 100, 255}, 4, TA__MESHOPT_COLOR);
    /* K = 5: alpha 0x1F, so 31 after expanding; Y 10, Co 2, Cg -1 make
     * r 13, g 9, b 9, each times 255/31 rounded. */
    expect_filtered((uint8_t[]){10, 2, 0xFF, 0x1F}, (uint8_t[]){107, 74, 74, 255}, 4, TA__MESHOPT_COLOR);
    /* 16 bits, K = 16: the values pass through. */
    expect_filtered((uint16_t[]){1000, 0, 0, 0xFFFF}, (uint16_t[]){1000, 1000, 1000, 65535}, 8, TA__MESHOPT_COLOR);
}

/* ---- vertex codec version 1 ------------------------------------------------- */

/* The 4-bit sentinel example of Appendix A (byte 0, control mode 0, header
 * mode 3), the three other bytes of control mode 2 (all deltas zero). */
static void test_v1_sentinel_example(void **state)
{
    (void)state;
    const uint8_t body[] = {0xA8, 0x03, 0x17, 0x5f, 0xf0, 0xbc, 0x77, 0xa9, 0x21, 0x00, 0x34, 0xb5};
    const uint8_t base[4] = {100, 7, 8, 9}, channels[1] = {0};
    uint8_t s[64], out[16 * 4];
    size_t n = v1_stream(s, body, sizeof body, base, channels, 4);
    assert_null(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, NULL));
    /* The example's deltas: -1 -4 -3 26 -91 0 -6 6 -4 -4 5 -5 1 -1 0 0. */
    static const int deltas[16] = {-1, -4, -3, 26, -91, 0, -6, 6, -4, -4, 5, -5, 1, -1, 0, 0};
    int v = 100;
    for (int i = 0; i < 16; ++i) {
        v = (v + deltas[i]) & 255;
        assert_int_equal(out[i * 4], v);
        assert_int_equal(out[i * 4 + 1], 7);
        assert_int_equal(out[i * 4 + 2], 8);
        assert_int_equal(out[i * 4 + 3], 9);
    }
}

/* Control mode 1, header mode 0: 1-bit deltas, low bit first, a 1 meaning
 * the delta is the next byte (element 0: zigzag 4 = +2; element 9: zigzag 1
 * = -1). */
static void test_v1_one_bit(void **state)
{
    (void)state;
    const uint8_t body[] = {0xA9, 0x00, 0x01, 0x02, 0x04, 0x01};
    const uint8_t base[4] = {10, 0, 0, 0}, channels[1] = {0};
    uint8_t s[64], out[16 * 4];
    size_t n = v1_stream(s, body, sizeof body, base, channels, 4);
    assert_null(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, NULL));
    for (int i = 0; i < 16; ++i) assert_int_equal(out[i * 4], i < 9 ? 12 : 11);
}

/* Control mode 3 (literal deltas) with channel mode 2 (XOR of 32 bits, the
 * delta rotated right by the high 4 bits, 8 here), and channel mode 1
 * (zigzag deltas of 16 bits). */
static void test_v1_channels(void **state)
{
    (void)state;
    uint8_t s[64], out[8];
    /* XOR: baseline 0x11223344; deltas 0x000000FF and 0x00000100 rotate to
     * 0xFF000000 and 0x00000001. */
    const uint8_t body_xor[] = {0xFF, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00};
    const uint8_t base_xor[4] = {0x44, 0x33, 0x22, 0x11}, ch_xor[1] = {0x82};
    size_t n = v1_stream(s, body_xor, sizeof body_xor, base_xor, ch_xor, 4);
    assert_null(decode(out, 2, 4, s, n, TA__MESHOPT_NONE, NULL));
    const uint8_t want_xor[8] = {0x44, 0x33, 0x22, 0xEE, 0x45, 0x33, 0x22, 0xEE};
    assert_memory_equal(out, want_xor, 8);
    /* 16 bits: 0x0001 - 2 wraps to 0xFFFF; 0x1234 + 0x100 is 0x1334. */
    const uint8_t body_16[] = {0xFF, 0x03, 0x00, 0x00, 0x02};
    const uint8_t base_16[4] = {0x01, 0x00, 0x34, 0x12}, ch_16[1] = {0x01};
    n = v1_stream(s, body_16, sizeof body_16, base_16, ch_16, 4);
    assert_null(decode(out, 1, 4, s, n, TA__MESHOPT_NONE, NULL));
    const uint8_t want_16[4] = {0xFF, 0xFF, 0x34, 0x13};
    assert_memory_equal(out, want_16, 4);
}

/* What Appendix A calls invalid is refused, and never read past: every
 * shorter prefix-and-tail, a channel mode of 3, rotation bits on a channel
 * that takes none, a byte left before the tail, a version past 1. */
static void test_v1_refused(void **state)
{
    (void)state;
    const uint8_t body[] = {0xA8, 0x03, 0x17, 0x5f, 0xf0, 0xbc, 0x77, 0xa9, 0x21, 0x00, 0x34, 0xb5};
    const uint8_t base[4] = {100, 7, 8, 9};
    uint8_t s[64], out[16 * 4];
    bool unsupported = true;
    for (size_t cut = 1; cut < sizeof body; ++cut) {
        size_t n = v1_stream(s, body, sizeof body - cut, base, (const uint8_t[]){0}, 4);
        assert_non_null(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, &unsupported));
        assert_false(unsupported);
    }
    size_t n = v1_stream(s, body, sizeof body, base, (const uint8_t[]){0x03}, 4);
    TA_ASSERT_CONTAINS(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, NULL), "channel mode");
    n = v1_stream(s, body, sizeof body, base, (const uint8_t[]){0x10}, 4);
    TA_ASSERT_CONTAINS(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, NULL), "channel mode");
    uint8_t longer[sizeof body + 1];
    memcpy(longer, body, sizeof body);
    longer[sizeof body] = 0;
    n = v1_stream(s, longer, sizeof longer, base, (const uint8_t[]){0}, 4);
    TA_ASSERT_CONTAINS(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, NULL), "bytes left");
    n = v1_stream(s, body, sizeof body, base, (const uint8_t[]){0}, 4);
    s[0] = 0xA2;
    TA_ASSERT_CONTAINS(decode(out, 16, 4, s, n, TA__MESHOPT_NONE, &unsupported), "past 1");
    assert_true(unsupported);
    /* Shorter than the padded tail. */
    TA_ASSERT_CONTAINS(ta__meshopt_decode_vertex(out, 1, 4, (const uint8_t[]){0xA1, 0, 0}, 3), "shorter");
}

/* Version 0 streams the library writes: the version 1 decoder (which takes
 * version 0 too) gives the library's bytes, on smooth and noisy data and
 * strides up to 256 (several blocks). */
static void test_v0_as_library(void **state)
{
    (void)state;
    static const size_t strides[] = {4, 12, 64, 256};
    unsigned seed = 1;
    for (size_t k = 0; k < 4; ++k) {
        size_t stride = strides[k], count = 300;
        uint8_t *raw = malloc(count * stride), *a = malloc(count * stride), *b = malloc(count * stride);
        size_t bound = meshopt_encodeVertexBufferBound(count, stride);
        uint8_t *enc = malloc(bound);
        assert_non_null(raw);
        assert_non_null(a);
        assert_non_null(b);
        assert_non_null(enc);
        for (size_t i = 0; i < count * stride; ++i) {
            seed = seed * 1103515245u + 12345u;
            raw[i] = (uint8_t)(i / stride * (1 + i % stride) + ((seed >> 16) % 5 == 0 ? seed >> 24 : 0));
        }
        size_t n = meshopt_encodeVertexBuffer(enc, bound, raw, count, stride);
        assert_true(n > 0);
        assert_int_equal(enc[0], 0xA0);
        assert_int_equal(meshopt_decodeVertexBuffer(a, count, stride, enc, n), 0);
        assert_null(ta__meshopt_decode_vertex(b, count, stride, enc, n));
        assert_memory_equal(a, b, count * stride);
        assert_memory_equal(raw, b, count * stride);
        free(raw);
        free(a);
        free(b);
        free(enc);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quaternion_identity),
        cmocka_unit_test(test_quaternion_as_threejs),
        cmocka_unit_test(test_octahedral_as_threejs),
        cmocka_unit_test(test_exponential),
        cmocka_unit_test(test_color),
        cmocka_unit_test(test_v1_sentinel_example),
        cmocka_unit_test(test_v1_one_bit),
        cmocka_unit_test(test_v1_channels),
        cmocka_unit_test(test_v1_refused),
        cmocka_unit_test(test_v0_as_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
