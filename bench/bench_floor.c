/*
 * bench_floor -- the floor under the mixer benchmark: how fast this machine
 * reads memory, and how fast flat float32 loops evaluate the workload's tracks
 * when nothing else is done (no mixer, no clocks, no bindings). From them, the
 * lowest plausible ns per track evaluation, for bench/run.sh to set beside
 * threeanim's ns_per_track_action.
 *
 *   read bandwidth   a sum over a buffer of 32 KiB (L1), 1 MiB (L2) and 128 MiB
 *                    (memory), 64-bit words, GB/s;
 *   write bandwidth  128 MiB written over again and again, GB/s of bytes written:
 *                    plain 16-byte stores (each line read in first), and
 *                    non-temporal ones (SSE2's streaming stores, as the frame's
 *                    lane passes write past the caches; plain where there is no SSE2);
 *   kernels          the workload's shape (--chars C characters of --bones B
 *                    bones, --keys K uniform keys shared by all characters,
 *                    each character at its own time): per character, the two
 *                    keys around its time are mixed into its own output arrays,
 *                    keys laid out key after key, bone after bone, so a loop
 *                    runs over all bones of one value type:
 *                      lerp3        position and scale (vec3), float32
 *                      nlerp4       quaternions, lerp then normalise, float32
 *                                   (what fast runtimes use; not three.js's numbers),
 *                                   four at a time with SSE2
 *                      nlerp4_soa   the same over keys laid out x of every bone,
 *                                   then y, z, w (no transposes)
 *                      slerp4_f32   three.js's slerpFlat in float32 (acosf, sinf)
 *                      slerp4_f64   three.js's slerpFlat in double, from float32
 *                                   keys: what reproducing three.js's numbers costs
 *   floor            ns per track evaluation of the workload's mix (two vec3
 *                    tracks and one quaternion track per bone):
 *                      floor       = (2 lerp3 + the faster nlerp4) / 3   (the lowest plausible)
 *                      floor_exact = (2 lerp3 + slerp4_f64) / 3
 *                    and bandwidth_floor: the bytes written per evaluation over
 *                    the memory bandwidth (a bound, usually far below).
 *
 * Prints one JSON line on stdout; nothing is asserted.
 *
 *     bench_floor [--chars 1000] [--bones 64] [--keys 30] [--quick]
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Keeps a result alive so the loops that make it are not removed. */
static volatile uint64_t sink_bits;

/* ---- write bandwidth ------------------------------------------------------------------ */

static void write_floats(float *p, size_t n, float v, int stream)
{
#if defined(__SSE2__)
    const __m128 x = _mm_set1_ps(v);
    if (stream) {
        for (size_t i = 0; i + 4 <= n; i += 4) _mm_stream_ps(p + i, x);
        _mm_sfence();
        return;
    }
    for (size_t i = 0; i + 4 <= n; i += 4) _mm_store_ps(p + i, x);
#else
    (void)stream;
    for (size_t i = 0; i < n; ++i) p[i] = v;
#endif
}

/* GB/s writing `bytes` again and again for about `seconds` (stream: non-temporal stores). */
static double write_bandwidth(size_t bytes, double seconds, int reps, int stream)
{
    size_t n = bytes / sizeof(float);
    float *p = (float *)aligned_alloc(64, n * sizeof(float));
    if (p == NULL) return 0;
    memset(p, 0, n * sizeof(float));
    int passes = 1;
    float v = 1;
    for (;;) {
        double t0 = now();
        for (int k = 0; k < passes; ++k) write_floats(p, n, v++, stream);
        if (now() - t0 > seconds / reps || passes > (1 << 24)) break;
        passes *= 2;
    }
    double *rates = (double *)malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; ++r) {
        double t0 = now();
        for (int k = 0; k < passes; ++k) write_floats(p, n, v++, stream);
        rates[r] = (double)bytes * passes / (now() - t0) / 1e9;
    }
    sink_bits += (uint64_t)p[n / 2];
    double m = median(rates, reps);
    free(rates);
    free(p);
    return m;
}

/* ---- read bandwidth ------------------------------------------------------------------- */

static uint64_t sum_words(const uint64_t *p, size_t n)
{
    uint64_t a = 0, b = 0, c = 0, d = 0;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        a += p[i];
        b += p[i + 1];
        c += p[i + 2];
        d += p[i + 3];
    }
    for (; i < n; ++i) a += p[i];
    return a + b + c + d;
}

/* GB/s reading `bytes` again and again for about `seconds`. */
static double read_bandwidth(size_t bytes, double seconds, int reps)
{
    size_t n = bytes / sizeof(uint64_t);
    uint64_t *p = (uint64_t *)malloc(n * sizeof(uint64_t));
    if (p == NULL) return 0;
    for (size_t i = 0; i < n; ++i) p[i] = i * 0x9E3779B97F4A7C15ull;
    int passes = 1;
    for (;;) { /* passes that last about seconds / reps */
        double t0 = now();
        for (int k = 0; k < passes; ++k) sink_bits += sum_words(p, n);
        if (now() - t0 > seconds / reps || passes > (1 << 24)) break;
        passes *= 2;
    }
    double *rates = (double *)malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; ++r) {
        double t0 = now();
        for (int k = 0; k < passes; ++k) sink_bits += sum_words(p, n);
        rates[r] = (double)bytes * passes / (now() - t0) / 1e9;
    }
    double m = median(rates, reps);
    free(rates);
    free(p);
    return m;
}

/* ---- kernels ----------------------------------------------------------------------------- */

static void lerp_floats(const float *restrict k0, const float *restrict k1, float *restrict out, size_t n, float alpha)
{
    for (size_t i = 0; i < n; ++i) out[i] = k0[i] + (k1[i] - k0[i]) * alpha;
}

/* sqrtf without errno, so that the loop can run four or eight quaternions at a
 * time: the fast runtimes' kernel, built as they build it. */
/* A normalised lerp, sign-corrected: what fast runtimes use for rotations. With
 * SSE, four quaternions at a time (transposed in registers), as they do it; the
 * plain loop does not vectorise, since sqrtf may set errno. */
static void nlerp_one(const float *a, const float *b, float *out, float alpha)
{
    float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    float s = copysignf(alpha, dot), r = 1 - alpha;
    float x = a[0] * r + b[0] * s, y = a[1] * r + b[1] * s, z = a[2] * r + b[2] * s, w = a[3] * r + b[3] * s;
    float inv = 1 / sqrtf(x * x + y * y + z * z + w * w);
    out[0] = x * inv;
    out[1] = y * inv;
    out[2] = z * inv;
    out[3] = w * inv;
}

static void nlerp_quats(const float *restrict k0, const float *restrict k1, float *restrict out, size_t count,
                        float alpha)
{
    size_t q = 0;
#if defined(__SSE2__)
    const __m128 va = _mm_set1_ps(alpha), vr = _mm_set1_ps(1 - alpha), sign = _mm_set1_ps(-0.0f);
    const __m128 half = _mm_set1_ps(0.5f), three_halves = _mm_set1_ps(1.5f);
    for (; q + 4 <= count; q += 4) {
        __m128 ax = _mm_loadu_ps(k0 + 4 * q), ay = _mm_loadu_ps(k0 + 4 * q + 4);
        __m128 az = _mm_loadu_ps(k0 + 4 * q + 8), aw = _mm_loadu_ps(k0 + 4 * q + 12);
        __m128 bx = _mm_loadu_ps(k1 + 4 * q), by = _mm_loadu_ps(k1 + 4 * q + 4);
        __m128 bz = _mm_loadu_ps(k1 + 4 * q + 8), bw = _mm_loadu_ps(k1 + 4 * q + 12);
        _MM_TRANSPOSE4_PS(ax, ay, az, aw);
        _MM_TRANSPOSE4_PS(bx, by, bz, bw);
        __m128 dot = _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)),
                                _mm_add_ps(_mm_mul_ps(az, bz), _mm_mul_ps(aw, bw)));
        __m128 s = _mm_xor_ps(va, _mm_and_ps(dot, sign));
        __m128 x = _mm_add_ps(_mm_mul_ps(ax, vr), _mm_mul_ps(bx, s));
        __m128 y = _mm_add_ps(_mm_mul_ps(ay, vr), _mm_mul_ps(by, s));
        __m128 z = _mm_add_ps(_mm_mul_ps(az, vr), _mm_mul_ps(bz, s));
        __m128 w = _mm_add_ps(_mm_mul_ps(aw, vr), _mm_mul_ps(bw, s));
        __m128 l2 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(x, x), _mm_mul_ps(y, y)),
                               _mm_add_ps(_mm_mul_ps(z, z), _mm_mul_ps(w, w)));
        /* the estimate and one Newton step (ozz-animation's way): 1/sqrt to ~1e-7 */
        __m128 e = _mm_rsqrt_ps(l2);
        __m128 inv = _mm_mul_ps(e, _mm_sub_ps(three_halves, _mm_mul_ps(_mm_mul_ps(half, l2), _mm_mul_ps(e, e))));
        x = _mm_mul_ps(x, inv);
        y = _mm_mul_ps(y, inv);
        z = _mm_mul_ps(z, inv);
        w = _mm_mul_ps(w, inv);
        _MM_TRANSPOSE4_PS(x, y, z, w);
        _mm_storeu_ps(out + 4 * q, x);
        _mm_storeu_ps(out + 4 * q + 4, y);
        _mm_storeu_ps(out + 4 * q + 8, z);
        _mm_storeu_ps(out + 4 * q + 12, w);
    }
#endif
    for (; q < count; ++q) nlerp_one(k0 + 4 * q, k1 + 4 * q, out + 4 * q, alpha);
}

/* The same with keys laid out component after component (x of every bone,
 * then y, ...): no transposes, the layout a runtime built for speed keeps. */
static void nlerp_quats_soa(const float *restrict k0, const float *restrict k1, float *restrict out, size_t count,
                            float alpha)
{
    size_t q = 0;
    const size_t n = count;
#if defined(__SSE2__)
    const __m128 va = _mm_set1_ps(alpha), vr = _mm_set1_ps(1 - alpha), sign = _mm_set1_ps(-0.0f);
    const __m128 half = _mm_set1_ps(0.5f), three_halves = _mm_set1_ps(1.5f);
    for (; q + 4 <= n; q += 4) {
        __m128 ax = _mm_loadu_ps(k0 + q), ay = _mm_loadu_ps(k0 + n + q);
        __m128 az = _mm_loadu_ps(k0 + 2 * n + q), aw = _mm_loadu_ps(k0 + 3 * n + q);
        __m128 bx = _mm_loadu_ps(k1 + q), by = _mm_loadu_ps(k1 + n + q);
        __m128 bz = _mm_loadu_ps(k1 + 2 * n + q), bw = _mm_loadu_ps(k1 + 3 * n + q);
        __m128 dot = _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)),
                                _mm_add_ps(_mm_mul_ps(az, bz), _mm_mul_ps(aw, bw)));
        __m128 s = _mm_xor_ps(va, _mm_and_ps(dot, sign));
        __m128 x = _mm_add_ps(_mm_mul_ps(ax, vr), _mm_mul_ps(bx, s));
        __m128 y = _mm_add_ps(_mm_mul_ps(ay, vr), _mm_mul_ps(by, s));
        __m128 z = _mm_add_ps(_mm_mul_ps(az, vr), _mm_mul_ps(bz, s));
        __m128 w = _mm_add_ps(_mm_mul_ps(aw, vr), _mm_mul_ps(bw, s));
        __m128 l2 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(x, x), _mm_mul_ps(y, y)),
                               _mm_add_ps(_mm_mul_ps(z, z), _mm_mul_ps(w, w)));
        __m128 e = _mm_rsqrt_ps(l2);
        __m128 inv = _mm_mul_ps(e, _mm_sub_ps(three_halves, _mm_mul_ps(_mm_mul_ps(half, l2), _mm_mul_ps(e, e))));
        _mm_storeu_ps(out + q, _mm_mul_ps(x, inv));
        _mm_storeu_ps(out + n + q, _mm_mul_ps(y, inv));
        _mm_storeu_ps(out + 2 * n + q, _mm_mul_ps(z, inv));
        _mm_storeu_ps(out + 3 * n + q, _mm_mul_ps(w, inv));
    }
#endif
    for (; q < n; ++q) {
        float a[4] = {k0[q], k0[n + q], k0[2 * n + q], k0[3 * n + q]};
        float b[4] = {k1[q], k1[n + q], k1[2 * n + q], k1[3 * n + q]}, r[4];
        nlerp_one(a, b, r, alpha);
        for (int j = 0; j < 4; ++j) out[j * n + q] = r[j];
    }
}

/* three.js 0.186.0 Quaternion.slerpFlat (acos, then sin three times; lerp and
 * normalise above a cosine of 0.9995), in float32. */
static void slerp_quats_f32(const float *restrict k0, const float *restrict k1, float *restrict out, size_t count,
                            float t)
{
    for (size_t q = 0; q < count; ++q) {
        const float *a = k0 + 4 * q, *b = k1 + 4 * q;
        float x0 = a[0], y0 = a[1], z0 = a[2], w0 = a[3];
        float x1 = b[0], y1 = b[1], z1 = b[2], w1 = b[3];
        float dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        if (dot < 0) {
            x1 = -x1, y1 = -y1, z1 = -z1, w1 = -w1;
            dot = -dot;
        }
        float s = 1 - t, tt = t;
        if (dot < 0.9995f) {
            float theta = acosf(dot), sn = sinf(theta);
            s = sinf(s * theta) / sn;
            tt = sinf(tt * theta) / sn;
            x0 = x0 * s + x1 * tt, y0 = y0 * s + y1 * tt, z0 = z0 * s + z1 * tt, w0 = w0 * s + w1 * tt;
        } else {
            x0 = x0 * s + x1 * tt, y0 = y0 * s + y1 * tt, z0 = z0 * s + z1 * tt, w0 = w0 * s + w1 * tt;
            float f = 1 / sqrtf(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0);
            x0 *= f, y0 *= f, z0 *= f, w0 *= f;
        }
        out[4 * q] = x0;
        out[4 * q + 1] = y0;
        out[4 * q + 2] = z0;
        out[4 * q + 3] = w0;
    }
}

/* The same in double from float32 keys, rounded once: what reproducing
 * three.js's numbers costs. */
static void slerp_quats_f64(const float *restrict k0, const float *restrict k1, float *restrict out, size_t count,
                            double t)
{
    for (size_t q = 0; q < count; ++q) {
        const float *a = k0 + 4 * q, *b = k1 + 4 * q;
        double x0 = a[0], y0 = a[1], z0 = a[2], w0 = a[3];
        double x1 = b[0], y1 = b[1], z1 = b[2], w1 = b[3];
        double dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        if (dot < 0) {
            x1 = -x1, y1 = -y1, z1 = -z1, w1 = -w1;
            dot = -dot;
        }
        double s = 1 - t, tt = t;
        if (dot < 0.9995) {
            double theta = acos(dot), sn = sin(theta);
            s = sin(s * theta) / sn;
            tt = sin(tt * theta) / sn;
            x0 = x0 * s + x1 * tt, y0 = y0 * s + y1 * tt, z0 = z0 * s + z1 * tt, w0 = w0 * s + w1 * tt;
        } else {
            x0 = x0 * s + x1 * tt, y0 = y0 * s + y1 * tt, z0 = z0 * s + z1 * tt, w0 = w0 * s + w1 * tt;
            double f = 1 / sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0);
            x0 *= f, y0 *= f, z0 *= f, w0 *= f;
        }
        out[4 * q] = (float)x0;
        out[4 * q + 1] = (float)y0;
        out[4 * q + 2] = (float)z0;
        out[4 * q + 3] = (float)w0;
    }
}

typedef enum kernel { LERP3, NLERP4, NLERP4_SOA, SLERP4_F32, SLERP4_F64, KERNEL_COUNT } kernel;
static const char *const kernel_names[KERNEL_COUNT] = {"lerp3", "nlerp4", "nlerp4_soa", "slerp4_f32", "slerp4_f64"};

typedef struct workload {
    uint32_t chars, bones, keys;
    float *vec_keys;  /* keys * bones * 3: one vec3 track per bone (the same loop serves position and scale) */
    float *quat_keys; /* keys * bones * 4 */
    float *quat_soa;  /* the same, keys * 4 * bones: x of every bone, then y, z, w */
    float *vec_out;   /* chars * bones * 3 */
    float *quat_out;  /* chars * bones * 4 */
    double *phase;    /* chars: each character's own time */
} workload;

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static double next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
}

static int workload_make(workload *w)
{
    size_t kb = (size_t)w->keys * w->bones, cb = (size_t)w->chars * w->bones;
    w->vec_keys = (float *)malloc(sizeof(float) * 3 * kb);
    w->quat_keys = (float *)malloc(sizeof(float) * 4 * kb);
    w->quat_soa = (float *)malloc(sizeof(float) * 4 * kb);
    w->vec_out = (float *)calloc(3 * cb, sizeof(float));
    w->quat_out = (float *)calloc(4 * cb, sizeof(float));
    w->phase = (double *)malloc(sizeof(double) * w->chars);
    if (!w->vec_keys || !w->quat_keys || !w->quat_soa || !w->vec_out || !w->quat_out || !w->phase) return 1;
    for (size_t i = 0; i < 3 * kb; ++i) w->vec_keys[i] = (float)(next_random() * 0.2 - 0.1);
    for (size_t b = 0; b < w->bones; ++b) {
        double ax[3], l = 0;
        for (int j = 0; j < 3; ++j) ax[j] = next_random() * 2 - 1, l += ax[j] * ax[j];
        l = sqrt(l);
        double ph = next_random() * 6.283185307179586;
        for (size_t k = 0; k < w->keys; ++k) {
            double ang = 0.5 * sin(6.283185307179586 * k / (w->keys - 1) + ph), s = sin(ang / 2);
            float *q = w->quat_keys + 4 * (k * w->bones + b);
            for (int j = 0; j < 3; ++j) q[j] = (float)(ax[j] / l * s);
            q[3] = (float)cos(ang / 2);
            for (int j = 0; j < 4; ++j) w->quat_soa[(k * 4 + j) * w->bones + b] = q[j];
        }
    }
    for (uint32_t c = 0; c < w->chars; ++c) w->phase[c] = c * 0.6180339887498949 - floor(c * 0.6180339887498949);
    return 0;
}

static void workload_free(workload *w)
{
    free(w->vec_keys);
    free(w->quat_keys);
    free(w->quat_soa);
    free(w->vec_out);
    free(w->quat_out);
    free(w->phase);
}

/* One frame of the kernel over every character; `time` moves each one on. */
static void run_frame(workload *w, kernel k, double time)
{
    const size_t B = w->bones;
    for (uint32_t c = 0; c < w->chars; ++c) {
        double t = w->phase[c] + time;
        t -= floor(t);
        double x = t * (w->keys - 1);
        uint32_t i0 = (uint32_t)x;
        if (i0 > w->keys - 2) i0 = w->keys - 2;
        double alpha = x - i0;
        switch (k) {
        case LERP3:
            lerp_floats(w->vec_keys + 3 * B * i0, w->vec_keys + 3 * B * (i0 + 1), w->vec_out + 3 * B * c, 3 * B,
                        (float)alpha);
            break;
        case NLERP4:
            nlerp_quats(w->quat_keys + 4 * B * i0, w->quat_keys + 4 * B * (i0 + 1), w->quat_out + 4 * B * c, B,
                        (float)alpha);
            break;
        case NLERP4_SOA:
            nlerp_quats_soa(w->quat_soa + 4 * B * i0, w->quat_soa + 4 * B * (i0 + 1), w->quat_out + 4 * B * c, B,
                            (float)alpha);
            break;
        case SLERP4_F32:
            slerp_quats_f32(w->quat_keys + 4 * B * i0, w->quat_keys + 4 * B * (i0 + 1), w->quat_out + 4 * B * c, B,
                            (float)alpha);
            break;
        default:
            slerp_quats_f64(w->quat_keys + 4 * B * i0, w->quat_keys + 4 * B * (i0 + 1), w->quat_out + 4 * B * c, B,
                            alpha);
            break;
        }
    }
}

/* ns per track evaluation: the median over reps of runs of about seconds/reps. */
static double time_kernel(workload *w, kernel k, double seconds, int reps)
{
    const double dt = 1.0 / 60;
    double time = 0;
    int frames = 1;
    for (;;) {
        double t0 = now();
        for (int f = 0; f < frames; ++f) run_frame(w, k, time += dt);
        if (now() - t0 > seconds / reps / 4 || frames > (1 << 24)) break;
        frames *= 2;
    }
    double *ns = (double *)malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; ++r) {
        double t0 = now();
        for (int f = 0; f < frames; ++f) run_frame(w, k, time += dt);
        ns[r] = (now() - t0) * 1e9 / ((double)frames * w->chars * w->bones);
    }
    double m = median(ns, reps);
    free(ns);
    float acc = 0;
    for (size_t i = 0; i < (size_t)w->chars * w->bones * 3; i += 97) acc += w->vec_out[i];
    for (size_t i = 0; i < (size_t)w->chars * w->bones * 4; i += 89) acc += w->quat_out[i];
    uint32_t bits;
    memcpy(&bits, &acc, sizeof bits);
    sink_bits += bits;
    return m;
}

int main(int argc, char **argv)
{
    workload w = {1000, 64, 30, NULL, NULL, NULL, NULL, NULL, NULL};
    int quick = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "bench_floor: %s needs a value\n", argv[i]);
            return 2;
        }
        long v = strtol(argv[i + 1], NULL, 10);
        if (v < 1 || v > 10000000) {
            fprintf(stderr, "bench_floor: %s: \"%s\" is not a count\n", argv[i], argv[i + 1]);
            return 2;
        }
        if (strcmp(argv[i], "--chars") == 0) w.chars = (uint32_t)v;
        else if (strcmp(argv[i], "--bones") == 0) w.bones = (uint32_t)v;
        else if (strcmp(argv[i], "--keys") == 0 && v >= 2) w.keys = (uint32_t)v;
        else {
            fprintf(stderr, "bench_floor: \"%s\" is not a flag: [--chars N] [--bones N] [--keys N] [--quick]\n", argv[i]);
            return 2;
        }
        ++i;
    }
    double seconds = quick ? 0.1 : 0.5;
    int reps = quick ? 3 : 7;
    fprintf(stderr, "bench_floor: read bandwidth\n");
    double l1 = read_bandwidth(32u << 10, seconds, reps);
    double l2 = read_bandwidth(1u << 20, seconds, reps);
    double mem = read_bandwidth(128u << 20, seconds * 2, reps);
    fprintf(stderr, "bench_floor: write bandwidth\n");
    double write_mem = write_bandwidth(128u << 20, seconds * 2, reps, 0);
    double write_stream = write_bandwidth(128u << 20, seconds * 2, reps, 1);
    if (workload_make(&w) != 0) {
        fprintf(stderr, "bench_floor: out of memory\n");
        workload_free(&w);
        return 1;
    }
    double ns[KERNEL_COUNT];
    for (int k = 0; k < KERNEL_COUNT; ++k) {
        ns[k] = time_kernel(&w, (kernel)k, seconds, reps);
        fprintf(stderr, "bench_floor: %-10s %.3f ns per track\n", kernel_names[k], ns[k]);
    }
    /* Each evaluation writes its value (12 or 16 bytes) to the character's
     * output: the traffic that cannot be shared between characters. */
    double bytes_per_eval = (2 * 12 + 16) / 3.0;
    double fastest_rotation = ns[NLERP4] < ns[NLERP4_SOA] ? ns[NLERP4] : ns[NLERP4_SOA];
    double floor_ns = (2 * ns[LERP3] + fastest_rotation) / 3;
    double floor_exact = (2 * ns[LERP3] + ns[SLERP4_F64]) / 3;
    printf("{\"bench\":\"floor\",\"chars\":%u,\"bones\":%u,\"keys\":%u,"
           "\"read_gbps\":{\"l1\":%.2f,\"l2\":%.2f,\"memory\":%.2f},"
           "\"write_gbps\":{\"memory\":%.2f,\"stream\":%.2f},\"ns_per_track\":{",
           w.chars, w.bones, w.keys, l1, l2, mem, write_mem, write_stream);
    for (int k = 0; k < KERNEL_COUNT; ++k) printf("%s\"%s\":%.4f", k ? "," : "", kernel_names[k], ns[k]);
    printf("},\"floor_ns_per_track\":%.4f,\"floor_exact_ns_per_track\":%.4f,\"bandwidth_floor_ns_per_track\":%.4f}\n",
           floor_ns, floor_exact, bytes_per_eval / mem);
    workload_free(&w);
    return 0;
}
