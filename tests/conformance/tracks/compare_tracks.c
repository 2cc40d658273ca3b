/*
 * compare_tracks -- rebuilds the tracks that make_tracks.mjs wrote, samples
 * and edits them through the public API, and compares every number with what
 * three.js 0.186.0 gave: |a - b| <= 1e-4 * max(1, |a|, |b|), quaternions up to
 * sign (the replay tolerance, docs/replay.md).
 *
 *     compare_tracks expected.json
 *
 * Each sample is read three ways: ta_track_sample (cold), a ta_sampler moving
 * forward through the times in rising order, and one ta_sampler following the
 * file's shuffled order. The double-precision kernels (ta__seek and
 * ta__track_evaluate) are compared as well, and their largest difference is
 * printed on its own: it shows how close to three.js the arithmetic is before
 * the float32 output rounds it.
 */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/interpolant.h"
#include "animation/track_internal.h"
#include "threeanim/keyframe_track.h"

#define TOLERANCE 1e-4
#define MAX_REPORTS 25

typedef struct stats {
    long samples;      /* values compared (one per sample and reading) */
    long numbers;      /* numbers compared */
    long edit_ops;
    long refusals;
    long failures;
    double max_diff;   /* float32 outputs */
    double max_diff_d; /* double kernels */
    long worst_seed;   /* where max_diff_d was */
    double worst_at;
    ta_interpolation worst_interpolation;
} stats;

static stats st;

static void failure(long seed, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void failure(long seed, const char *fmt, ...)
{
    if (st.failures++ < MAX_REPORTS) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "seed %ld: ", seed);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

static double rel_diff(double a, double b)
{
    return fabs(a - b) / fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* The largest relative difference of n numbers, up to sign for a rotation. */
static double vector_diff(const double *got, const double *want, uint32_t n, bool rotation)
{
    double d = 0, flipped = 0;
    for (uint32_t i = 0; i < n; ++i) {
        d = fmax(d, rel_diff(got[i], want[i]));
        flipped = fmax(flipped, rel_diff(-got[i], want[i]));
    }
    return rotation ? fmin(d, flipped) : d;
}

static ta_track_kind kind_named(const char *name)
{
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k)
        if (strcmp(ta_track_kind_name((ta_track_kind)k), name) == 0) return (ta_track_kind)k;
    fprintf(stderr, "unknown kind %s\n", name);
    exit(2);
}

static ta_interpolation interpolation_named(const char *name)
{
    for (int i = 0; i < TA_INTERPOLATION_COUNT; ++i)
        if (strcmp(ta_interpolation_name((ta_interpolation)i), name) == 0) return (ta_interpolation)i;
    fprintf(stderr, "unknown interpolation %s\n", name);
    exit(2);
}

static ta_ending ending_named(const char *name)
{
    for (int i = 0; i < TA_ENDING_COUNT; ++i)
        if (strcmp(ta_ending_name((ta_ending)i), name) == 0) return (ta_ending)i;
    fprintf(stderr, "unknown ending %s\n", name);
    exit(2);
}

/* A target of the kind, made with the constructor of its family. */
static ta_track_target target_of(ta_track_kind kind, long seed)
{
    ta_track_target t;
    ta_error err = {0};
    ta_result r;
    uint32_t index = (uint32_t)(seed % 5);
    switch (ta_track_kind_family(kind)) {
    case TA_TARGET_FAMILY_NODE:
        if (kind == TA_TRACK_KIND_POSITION_ELEMENT || kind == TA_TRACK_KIND_SCALE_ELEMENT || kind == TA_TRACK_KIND_ROTATION_ELEMENT)
            r = ta_track_target_node_element(ta_node_at(index), kind, index % 3, &t, &err);
        else
            r = ta_track_target_node(ta_node_at(index), kind, &t, &err);
        break;
    case TA_TARGET_FAMILY_MESH: r = ta_track_target_morph(ta_mesh_at(index), index % 8, &t, &err); break;
    case TA_TARGET_FAMILY_MATERIAL: r = ta_track_target_material(ta_material_at(index), kind, &t, &err); break;
    case TA_TARGET_FAMILY_LIGHT: r = ta_track_target_light(ta_light_at(index), kind, &t, &err); break;
    default: r = ta_track_target_perspective_camera(ta_perspective_camera_at(index), kind, &t, &err); break;
    }
    if (r != TA_OK) {
        fprintf(stderr, "seed %ld: target: %s\n", seed, err.message);
        exit(2);
    }
    return t;
}

static float *floats_of(const json_t *array, uint32_t *count)
{
    *count = (uint32_t)json_array_size(array);
    float *out = (float *)malloc((*count + 1) * sizeof(float));
    for (uint32_t i = 0; i < *count; ++i) out[i] = (float)json_number_value(json_array_get(array, i));
    return out;
}

static double *doubles_of(const json_t *array, uint32_t *count)
{
    *count = (uint32_t)json_array_size(array);
    double *out = (double *)malloc((*count + 1) * sizeof(double));
    for (uint32_t i = 0; i < *count; ++i) out[i] = json_number_value(json_array_get(array, i));
    return out;
}

/* The track a case describes, through ta_track_create. */
static ta_track *build(const json_t *c, long seed)
{
    ta_track_kind kind = kind_named(json_string_value(json_object_get(c, "kind")));
    ta_track_desc desc = {0};
    desc.target = target_of(kind, seed);
    desc.interpolation = interpolation_named(json_string_value(json_object_get(c, "interpolation")));
    uint32_t n_times = 0, n_values = 0, n_in = 0, n_out = 0;
    float *times = floats_of(json_object_get(c, "times"), &n_times);
    float *values = NULL, *in = NULL, *out = NULL;
    const char **strings = NULL;
    desc.times = times;
    desc.key_count = n_times;
    const json_t *strs = json_object_get(c, "strings");
    if (strs != NULL) {
        strings = (const char **)malloc((json_array_size(strs) + 1) * sizeof(char *));
        for (size_t i = 0; i < json_array_size(strs); ++i) strings[i] = json_string_value(json_array_get(strs, i));
        desc.strings = strings;
    } else {
        values = floats_of(json_object_get(c, "values"), &n_values);
        desc.values = values;
        desc.value_count = n_values;
    }
    if (json_object_get(c, "in_tangents") != NULL) {
        in = floats_of(json_object_get(c, "in_tangents"), &n_in);
        out = floats_of(json_object_get(c, "out_tangents"), &n_out);
        desc.in_tangents = in;
        desc.out_tangents = out;
        desc.tangent_count = n_in;
    }
    ta_track *track = NULL;
    ta_error err = {0};
    if (ta_track_create(&desc, NULL, &track, &err) != TA_OK) {
        failure(seed, "ta_track_create refused: %s: %s", ta_result_name(err.code), err.message);
        track = NULL;
    }
    free(times);
    free(values);
    free(in);
    free(out);
    free(strings);
    return track;
}

static const char *string_at(const json_t *expect, size_t j)
{
    return json_string_value(json_array_get(expect, j));
}

/* Samples track at every time of at and compares with expect (value_size
 * numbers, or one string, per time), three ways plus the double kernels. */
static void compare_samples(const ta_track *track, const json_t *at_json, const json_t *expect, ta_ending start,
                            ta_ending end, long seed, const char *where)
{
    uint32_t count = 0, expect_count = 0;
    double *at = doubles_of(at_json, &count);
    bool strings = track->value_type == TA_VALUE_TYPE_STRING;
    bool rotation = track->value_type == TA_VALUE_TYPE_ROTATION;
    uint32_t n = track->value_size;
    double *want = strings ? NULL : doubles_of(expect, &expect_count);
    if (!strings && expect_count != count * n) {
        failure(seed, "%s: %u expected numbers for %u times of %u", where, expect_count, count, n);
        free(at);
        free(want);
        return;
    }
    /* rising order for the forward sampler */
    uint32_t *order = (uint32_t *)malloc((count + 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < count; ++i) order[i] = i;
    for (uint32_t i = 1; i < count; ++i)
        for (uint32_t j = i; j > 0 && at[order[j - 1]] > at[order[j]]; --j) {
            uint32_t s = order[j];
            order[j] = order[j - 1];
            order[j - 1] = s;
        }
    ta_sampler forward = {0}, shuffled = {0};
    uint32_t cursor = 0;
    for (int pass = 0; pass < 3; ++pass) {
        for (uint32_t o = 0; o < count; ++o) {
            uint32_t j = pass == 1 ? order[o] : o;
            ta_error err = {0};
            if (strings) {
                const char *got = NULL;
                if (ta_track_sample_string(track, at[j], &got, &err) != TA_OK) {
                    failure(seed, "%s: sample_string at %.17g refused: %s", where, at[j], err.message);
                    continue;
                }
                st.samples++;
                st.numbers++;
                if (strcmp(got, string_at(expect, j)) != 0)
                    failure(seed, "%s: at %.17g got \"%s\", three.js \"%s\"", where, at[j], got, string_at(expect, j));
                continue;
            }
            float got_f[4];
            ta_result r;
            if (pass == 0)
                r = ta_track_sample(track, at[j], start, end, got_f, 4, &err);
            else
                r = ta_track_sample_with(track, pass == 1 ? &forward : &shuffled, at[j], start, end, got_f, 4, &err);
            if (r != TA_OK) {
                failure(seed, "%s: sample at %.17g refused: %s", where, at[j], err.message);
                continue;
            }
            double got[4];
            for (uint32_t i = 0; i < n; ++i) got[i] = got_f[i];
            double d = vector_diff(got, want + (size_t)j * n, n, rotation);
            st.samples++;
            st.numbers += n;
            if (d > st.max_diff) st.max_diff = d;
            if (!(d <= TOLERANCE))
                failure(seed, "%s (%s, pass %d): at %.17g number 0 got %.9g, three.js %.17g (diff %g)", where,
                        ta_interpolation_name(track->interpolation), pass, at[j], got[0], want[(size_t)j * n], d);
            if (pass == 0) {
                /* the kernels in double, with a cursor following the file's order */
                double dbl[4];
                uint32_t i1 = ta__seek(track->times, track->key_count, &cursor, at[j]);
                ta__track_evaluate(track, i1, at[j], start, end, dbl);
                double dd = vector_diff(dbl, want + (size_t)j * n, n, rotation);
                if (dd > st.max_diff_d) {
                    st.max_diff_d = dd;
                    st.worst_seed = seed;
                    st.worst_at = at[j];
                    st.worst_interpolation = track->interpolation;
                }
                if (!(dd <= TOLERANCE))
                    failure(seed, "%s: double kernel at %.17g got %.17g, three.js %.17g", where, at[j], dbl[0],
                            want[(size_t)j * n]);
            }
        }
    }
    free(order);
    free(at);
    free(want);
}

static void sampling_case(const json_t *c)
{
    long seed = (long)json_integer_value(json_object_get(c, "seed"));
    ta_track *track = build(c, seed);
    if (track == NULL) return;
    const json_t *samples = json_object_get(c, "samples");
    for (size_t s = 0; s < json_array_size(samples); ++s) {
        const json_t *set = json_array_get(samples, s);
        ta_ending start = ending_named(json_string_value(json_object_get(set, "start")));
        ta_ending end = ending_named(json_string_value(json_object_get(set, "end")));
        if (track->interpolation != TA_INTERPOLATION_SMOOTH) {
            /* endings are ignored off SMOOTH: any pair gives the same value */
            start = (ta_ending)(seed % 3);
            end = (ta_ending)((seed / 3) % 3);
        }
        compare_samples(track, json_object_get(c, "at"), json_object_get(set, "expect"), start, end, seed,
                        "sample");
    }
    ta_track_destroy(track);
}

/* The track's arrays, to see that a refused edit changed nothing. */
typedef struct snapshot {
    uint32_t key_count, tangent_count, string_count;
    float *times, *values, *in, *out;
} snapshot;

static float *dup_floats(const float *src, uint32_t count)
{
    float *p = (float *)malloc((count + 1) * sizeof(float));
    if (count != 0 && src != NULL) memcpy(p, src, count * sizeof(float));
    return p;
}

static snapshot take(const ta_track *t)
{
    snapshot s = {t->key_count, t->tangent_count, t->string_count, NULL, NULL, NULL, NULL};
    s.times = dup_floats(t->times, t->key_count);
    s.values = dup_floats(t->values, t->key_count * t->value_size);
    s.in = dup_floats(t->in_tangents, t->tangent_count);
    s.out = dup_floats(t->out_tangents, t->tangent_count);
    return s;
}

static bool unchanged(const snapshot *s, const ta_track *t)
{
    return s->key_count == t->key_count && s->tangent_count == t->tangent_count &&
           s->string_count == t->string_count && memcmp(s->times, t->times, s->key_count * sizeof(float)) == 0 &&
           memcmp(s->values, t->values, s->key_count * t->value_size * sizeof(float)) == 0 &&
           (s->tangent_count == 0 || (memcmp(s->in, t->in_tangents, s->tangent_count * sizeof(float)) == 0 &&
                                      memcmp(s->out, t->out_tangents, s->tangent_count * sizeof(float)) == 0));
}

static void drop(snapshot *s)
{
    free(s->times);
    free(s->values);
    free(s->in);
    free(s->out);
}

static void compare_array(const char *what, const float *got, uint32_t got_count, const json_t *want, long seed,
                          const char *op)
{
    if (want == NULL && got_count == 0) return;
    uint32_t count = (uint32_t)json_array_size(want);
    if (count != got_count) {
        failure(seed, "%s: %s holds %u numbers, three.js %u", op, what, got_count, count);
        return;
    }
    for (uint32_t i = 0; i < count; ++i) {
        double w = json_number_value(json_array_get(want, i));
        double d = rel_diff(got[i], w);
        st.numbers++;
        if (d > st.max_diff) st.max_diff = d;
        if (!(d <= TOLERANCE)) {
            failure(seed, "%s: %s[%u] is %.9g, expected %.9g", op, what, i, (double)got[i], w);
            return;
        }
    }
}

static void edit_case(const json_t *c)
{
    long seed = (long)json_integer_value(json_object_get(c, "seed"));
    ta_track *track = build(c, seed);
    if (track == NULL) return;
    const json_t *ops = json_object_get(c, "ops");
    for (size_t o = 0; o < json_array_size(ops); ++o) {
        const json_t *op = json_array_get(ops, o);
        const char *name = json_string_value(json_object_get(op, "op"));
        snapshot before = take(track);
        ta_error err = {0};
        ta_result r;
        char label[96];
        if (strcmp(name, "shift") == 0) {
            double offset = json_number_value(json_object_get(op, "offset"));
            snprintf(label, sizeof label, "shift(%.9g) op %zu", offset, o);
            r = ta_track_shift(track, offset, &err);
        } else if (strcmp(name, "scale") == 0) {
            double factor = json_number_value(json_object_get(op, "factor"));
            snprintf(label, sizeof label, "scale(%.9g) op %zu", factor, o);
            r = ta_track_scale(track, factor, &err);
        } else if (strcmp(name, "trim") == 0) {
            double a = json_number_value(json_object_get(op, "start")), b = json_number_value(json_object_get(op, "end"));
            snprintf(label, sizeof label, "trim(%.9g, %.9g) op %zu", a, b, o);
            r = ta_track_trim(track, a, b, &err);
        } else {
            snprintf(label, sizeof label, "optimize op %zu", o);
            r = ta_track_optimize(track, &err);
        }
        st.edit_ops++;
        const json_t *refused = json_object_get(op, "refused");
        if (refused != NULL) {
            st.refusals++;
            if (r == TA_OK || strcmp(ta_result_name(r), json_string_value(refused)) != 0)
                failure(seed, "%s: got %s (%s), expected refusal %s", label, ta_result_name(r), err.message,
                        json_string_value(refused));
            else if (!unchanged(&before, track))
                failure(seed, "%s: refused, but the track changed", label);
            drop(&before);
            continue;
        }
        drop(&before);
        if (r != TA_OK) {
            failure(seed, "%s: refused: %s: %s", label, ta_result_name(r), err.message);
            break;
        }
        const json_t *want = json_object_get(op, "expect_track");
        compare_array("times", track->times, track->key_count, json_object_get(want, "times"), seed, label);
        if (track->value_type == TA_VALUE_TYPE_STRING) {
            const json_t *strs = json_object_get(want, "strings");
            const char *keys[256];
            if (json_array_size(strs) != track->key_count || track->key_count > 256) {
                failure(seed, "%s: %u keys, expected %zu", label, track->key_count, json_array_size(strs));
            } else if (ta_track_key_strings(track, keys, 256, &err) != TA_OK) {
                failure(seed, "%s: key_strings: %s", label, err.message);
            } else {
                for (uint32_t k = 0; k < track->key_count; ++k)
                    if (strcmp(keys[k], json_string_value(json_array_get(strs, k))) != 0)
                        failure(seed, "%s: key %u string \"%s\", expected \"%s\"", label, k, keys[k],
                                json_string_value(json_array_get(strs, k)));
            }
        } else {
            compare_array("values", track->values, track->key_count * track->value_size,
                          json_object_get(want, "values"), seed, label);
        }
        compare_array("in_tangents", track->in_tangents, track->tangent_count, json_object_get(want, "in_tangents"),
                      seed, label);
        compare_array("out_tangents", track->out_tangents, track->tangent_count,
                      json_object_get(want, "out_tangents"), seed, label);
        if (ta_track_check(track, &err) != TA_OK) failure(seed, "%s: the edited track is not valid: %s", label, err.message);
        compare_samples(track, json_object_get(op, "at"), json_object_get(op, "expect"),
                        ending_named(json_string_value(json_object_get(op, "start_ending"))),
                        ending_named(json_string_value(json_object_get(op, "end_ending"))), seed, label);
    }
    ta_track_destroy(track);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: compare_tracks expected.json\n");
        return 2;
    }
    json_error_t jerr;
    json_t *root = json_load_file(argv[1], 0, &jerr);
    if (root == NULL) {
        fprintf(stderr, "%s:%d: %s\n", argv[1], jerr.line, jerr.text);
        return 2;
    }
    const json_t *sampling = json_object_get(root, "sampling");
    const json_t *edits = json_object_get(root, "edits");
    for (size_t i = 0; i < json_array_size(sampling); ++i) sampling_case(json_array_get(sampling, i));
    for (size_t i = 0; i < json_array_size(edits); ++i) edit_case(json_array_get(edits, i));
    printf("tracks vs three.js r%s: %zu sampling tracks, %zu edit chains (%ld edits, %ld refused as threeanim refuses them)\n",
           json_string_value(json_object_get(root, "three_revision")), json_array_size(sampling),
           json_array_size(edits), st.edit_ops, st.refusals);
    printf("compared %ld samples, %ld numbers; max relative difference %.3g (float32 output), %.3g (double "
           "kernels); tolerance %g\n",
           st.samples, st.numbers, st.max_diff, st.max_diff_d, TOLERANCE);
    if (st.max_diff_d > 0)
        printf("largest double difference: seed %ld, a %s track at %.17g\n", st.worst_seed,
               ta_interpolation_name(st.worst_interpolation), st.worst_at);
    json_decref(root);
    if (st.failures != 0) {
        fprintf(stderr, "%ld mismatches\n", st.failures);
        return 1;
    }
    return 0;
}
