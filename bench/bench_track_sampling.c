/*
 * bench_track_sampling -- nanoseconds per sample of a track, for each
 * interpolation:
 *
 *   forward   a ta_sampler playing forward at a few samples per key (the
 *             cached interval: O(1) a sample), through ta_track_sample_with;
 *   random    ta_track_sample at random times (a cold binary search each);
 *   kernel    the mixer's path: ta__seek with a cursor and ta__track_evaluate
 *             into doubles, playing forward, without the public call's checks.
 *
 * Tracks of 1000 keys, unevenly spaced. It prints a table; nothing is asserted.
 *
 *     bench_track_sampling [samples]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "animation/interpolant.h"
#include "animation/track_internal.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/units.h"

#define KEYS 1000u

static double now(void)
{
    return ta_clock_monotonic_seconds(NULL);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static double next_random(void) /* [0, 1), splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

typedef struct config {
    const char *name;
    ta_track_kind kind;
    ta_interpolation interpolation;
} config;

static ta_track *make_track(const config *c)
{
    uint32_t n = ta_track_kind_value_size(c->kind);
    float *times = (float *)malloc(KEYS * sizeof(float));
    float *values = (float *)malloc(KEYS * n * sizeof(float));
    uint32_t tangent_count = c->interpolation == TA_INTERPOLATION_BEZIER ? 2 * KEYS * n : KEYS * n;
    float *in = (float *)malloc(tangent_count * sizeof(float));
    float *out = (float *)malloc(tangent_count * sizeof(float));
    float t = 0;
    for (uint32_t k = 0; k < KEYS; ++k) {
        times[k] = t;
        t += (float)(0.02 + 0.05 * next_random());
        if (n == 4) {
            double q[4], l = 0;
            for (int i = 0; i < 4; ++i) q[i] = next_random() * 2 - 1, l += q[i] * q[i];
            for (int i = 0; i < 4; ++i) values[k * 4 + i] = (float)(q[i] / sqrt(l));
        } else {
            for (uint32_t i = 0; i < n; ++i) values[k * n + i] = (float)(next_random() * 10 - 5);
        }
    }
    for (uint32_t k = 0; k < KEYS; ++k)
        for (uint32_t i = 0; i < n; ++i) {
            if (c->interpolation == TA_INTERPOLATION_BEZIER) {
                double before = k > 0 ? times[k] - times[k - 1] : 0.05, after = k + 1 < KEYS ? times[k + 1] - times[k] : 0.05;
                size_t o = ((size_t)k * n + i) * 2;
                in[o] = (float)(times[k] - before / 3), in[o + 1] = values[k * n + i] + 0.5f;
                out[o] = (float)(times[k] + after / 3), out[o + 1] = values[k * n + i] - 0.5f;
            } else {
                in[k * n + i] = (float)(next_random() * 4 - 2);
                out[k * n + i] = (float)(next_random() * 4 - 2);
            }
        }
    ta_track_desc d = {0};
    ta_error err = {0};
    if (ta_track_target_node(ta_node_at(0), c->kind, &d.target, &err) != TA_OK) abort();
    d.interpolation = c->interpolation;
    d.times = times;
    d.key_count = KEYS;
    d.values = values;
    d.value_count = KEYS * n;
    if (c->interpolation == TA_INTERPOLATION_CUBIC_SPLINE || c->interpolation == TA_INTERPOLATION_BEZIER) {
        d.in_tangents = in;
        d.out_tangents = out;
        d.tangent_count = tangent_count;
    }
    ta_track *track = NULL;
    if (ta_track_create(&d, NULL, &track, &err) != TA_OK) {
        fprintf(stderr, "%s: %s\n", c->name, err.message);
        exit(1);
    }
    free(times);
    free(values);
    free(in);
    free(out);
    return track;
}

int main(int argc, char **argv)
{
    long samples = argc > 1 ? atol(argv[1]) : 2000000;
    if (samples < 1000) samples = 1000;
    const config configs[] = {
        {"linear vec3", TA_TRACK_KIND_POSITION, TA_INTERPOLATION_LINEAR},
        {"linear quaternion", TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_LINEAR},
        {"step vec3", TA_TRACK_KIND_POSITION, TA_INTERPOLATION_STEP},
        {"smooth vec3", TA_TRACK_KIND_POSITION, TA_INTERPOLATION_SMOOTH},
        {"cubic spline vec3", TA_TRACK_KIND_POSITION, TA_INTERPOLATION_CUBIC_SPLINE},
        {"cubic spline quat", TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_CUBIC_SPLINE},
        {"bezier vec3", TA_TRACK_KIND_POSITION, TA_INTERPOLATION_BEZIER},
        {"bezier quaternion", TA_TRACK_KIND_QUATERNION, TA_INTERPOLATION_BEZIER},
    };
    double *random_times = (double *)malloc((size_t)samples * sizeof(double));
    double checksum = 0;
    printf("track sampling, %u keys a track, %ld samples a column (ns per sample)\n", KEYS, samples);
    printf("%-20s %10s %10s %10s\n", "interpolation", "forward", "random", "kernel");
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        ta_track *track = make_track(&configs[c]);
        double length = ta_track_duration(track).seconds;
        double step = length / (double)samples * 1.02; /* run a little past the end */
        for (long i = 0; i < samples; ++i) random_times[i] = next_random() * length;
        float out[4];
        ta_error err = {0};

        ta_sampler sampler = {0};
        double t0 = now();
        for (long i = 0; i < samples; ++i) {
            ta_track_sample_with(track, &sampler, (double)i * step, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 4,
                                 &err);
            checksum += out[0];
        }
        double forward = (now() - t0) / (double)samples * 1e9;

        t0 = now();
        for (long i = 0; i < samples; ++i) {
            ta_track_sample(track, random_times[i], TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 4, &err);
            checksum += out[0];
        }
        double random = (now() - t0) / (double)samples * 1e9;

        uint32_t cursor = 0;
        double value[4];
        t0 = now();
        for (long i = 0; i < samples; ++i) {
            double at = (double)i * step;
            uint32_t i1 = ta__seek(track->times, track->key_count, &cursor, at);
            ta__track_evaluate(track, i1, at, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, value);
            checksum += value[0];
        }
        double kernel = (now() - t0) / (double)samples * 1e9;

        printf("%-20s %10.1f %10.1f %10.1f\n", configs[c].name, forward, random, kernel);
        ta_track_destroy(track);
    }
    printf("(checksum %g)\n", checksum);
    free(random_times);
    return 0;
}
