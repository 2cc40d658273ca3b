/*
 * Clips against three.js 0.186.0. make_clips.mjs wrote seeded random clips,
 * what three.js's clip functions made of them, and the port's result where
 * docs/three-js-to-threeanim.md lists a difference. This program rebuilds each input through the
 * public API, makes the same call, and compares every key time, key value,
 * tangent, string, duration and the list of tracks, numbers within
 * |a - b| <= 1e-4 * max(1, |a|, |b|) (the replay tolerance, docs/replay.md).
 *
 *     compare_clips <clips_expected.json>
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "threeanim/animation_clip.h"
#include "threeanim/animation_clip_creator.h"
#include "threeanim/animation_utils.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/random.h"

#define TOLERANCE 1e-4
#define MAX_REPORTS 30

typedef struct op_stats {
    const char *op;
    int cases, failures, refusals;
    double worst; /* the largest |a - b| / max(1, |a|, |b|) seen */
} op_stats;

static op_stats stats[8] = {{"subclip", 0, 0, 0, 0},  {"additive", 0, 0, 0, 0}, {"order", 0, 0, 0, 0},
                            {"morph", 0, 0, 0, 0},    {"optimize", 0, 0, 0, 0}, {"trim", 0, 0, 0, 0},
                            {"creator", 0, 0, 0, 0},  {NULL, 0, 0, 0, 0}};
static int reports;

/* The case being checked, for messages. */
static op_stats *current;
static long current_case;
static long current_seed;
static bool case_failed;

#if defined(__GNUC__) || defined(__clang__)
static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif

static void fail(const char *fmt, ...)
{
    if (!case_failed) current->failures++;
    case_failed = true;
    if (reports++ >= MAX_REPORTS) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "case %ld (%s, seed %ld): ", current_case, current->op, current_seed);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void near(double got, double want, const char *what, long i)
{
    double scale = fmax(1.0, fmax(fabs(got), fabs(want)));
    double d = fabs(got - want) / scale;
    if (!(d <= TOLERANCE)) {
        fail("%s %ld: got %.9g, three.js %.9g", what, i, got, want);
        return;
    }
    if (d > current->worst) current->worst = d;
}

/* ---- reading the JSON ---------------------------------------------------------------------- */

static double num(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static float *floats(const json_t *array, uint32_t *out_count)
{
    size_t n = json_is_array(array) ? json_array_size(array) : 0;
    float *f = (float *)calloc(n ? n : 1, sizeof *f);
    for (size_t i = 0; i < n; i++) f[i] = (float)json_number_value(json_array_get(array, i));
    if (out_count != NULL) *out_count = (uint32_t)n;
    return f;
}

static int kind_from_name(const char *name)
{
    for (int k = 0; k < TA_TRACK_KIND_COUNT; k++)
        if (strcmp(ta_track_kind_name((ta_track_kind)k), name) == 0) return k;
    return -1;
}

static ta_interpolation interp_from_name(const char *name)
{
    for (int i = 1; i < TA_INTERPOLATION_COUNT; i++)
        if (strcmp(ta_interpolation_name((ta_interpolation)i), name) == 0) return (ta_interpolation)i;
    return TA_INTERPOLATION_DEFAULT;
}

/* A target through the constructor of its family. */
static bool make_target(const json_t *j, ta_track_target *out)
{
    const char *family = json_string_value(json_object_get(j, "family"));
    int kind = kind_from_name(json_string_value(json_object_get(j, "kind")));
    uint32_t index = (uint32_t)num(j, "index"), element = (uint32_t)num(j, "element");
    ta_error err = {0};
    ta_result r;
    if (kind < 0 || family == NULL) return false;
    if (strcmp(family, "node") == 0) r = ta_track_target_node(ta_node_at(index), (ta_track_kind)kind, out, &err);
    else if (strcmp(family, "node_element") == 0)
        r = ta_track_target_node_element(ta_node_at(index), (ta_track_kind)kind, element, out, &err);
    else if (strcmp(family, "mesh") == 0) r = ta_track_target_morph(ta_mesh_at(index), element, out, &err);
    else if (strcmp(family, "skinned_mesh") == 0)
        r = ta_track_target_skinned_morph(ta_skinned_mesh_at(index), element, out, &err);
    else if (strcmp(family, "material") == 0)
        r = ta_track_target_material(ta_material_at(index), (ta_track_kind)kind, out, &err);
    else if (strcmp(family, "light") == 0) r = ta_track_target_light(ta_light_at(index), (ta_track_kind)kind, out, &err);
    else return false;
    if (r != TA_OK) fail("target: %s", err.message);
    return r == TA_OK;
}

static ta_track *make_track(const json_t *j)
{
    ta_track_desc d = {0};
    if (!make_target(json_object_get(j, "target"), &d.target)) return NULL;
    d.interpolation = interp_from_name(json_string_value(json_object_get(j, "interp")));
    float *times = floats(json_object_get(j, "times"), &d.key_count);
    d.times = times;
    float *values = NULL, *in_t = NULL, *out_t = NULL;
    const char **strings = NULL;
    const json_t *js = json_object_get(j, "strings");
    if (json_is_array(js)) {
        strings = (const char **)calloc(json_array_size(js) + 1, sizeof *strings);
        for (size_t i = 0; i < json_array_size(js); i++) strings[i] = json_string_value(json_array_get(js, i));
        d.strings = strings;
    } else {
        values = floats(json_object_get(j, "values"), &d.value_count);
        d.values = values;
    }
    if (json_is_array(json_object_get(j, "in"))) {
        in_t = floats(json_object_get(j, "in"), &d.tangent_count);
        out_t = floats(json_object_get(j, "out"), NULL);
        d.in_tangents = in_t;
        d.out_tangents = out_t;
    }
    ta_track *t = NULL;
    ta_error err = {0};
    if (ta_track_create(&d, NULL, &t, &err) != TA_OK) fail("track: %s", err.message);
    free(times);
    free(values);
    free(in_t);
    free(out_t);
    free(strings);
    return t;
}

static ta_clip *make_clip(const json_t *j)
{
    const json_t *jt = json_object_get(j, "tracks");
    uint32_t n = (uint32_t)json_array_size(jt);
    ta_track **tracks = (ta_track **)calloc(n ? n : 1, sizeof *tracks);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) ok = (tracks[i] = make_track(json_array_get(jt, i))) != NULL;
    ta_clip *clip = NULL;
    if (ok) {
        ta_clip_options opts = {0};
        double duration = num(j, "duration");
        opts.duration = duration > 0 ? duration : 0;
        const char *blend = json_string_value(json_object_get(j, "blend"));
        opts.blend_mode = blend != NULL && strcmp(blend, "additive") == 0 ? TA_BLEND_MODE_ADDITIVE : TA_BLEND_MODE_NORMAL;
        ta_error err = {0};
        if (ta_clip_create(json_string_value(json_object_get(j, "name")), tracks, n, &opts, &clip, &err) != TA_OK) {
            fail("clip: %s", err.message);
            ok = false;
        }
    }
    if (!ok)
        for (uint32_t i = 0; i < n; i++) ta_track_destroy(tracks[i]);
    free(tracks);
    return clip;
}

/* ---- comparing ---------------------------------------------------------------------------- */

static void compare_floats(const float *got, uint32_t got_n, const json_t *want, const char *what)
{
    uint32_t n = (uint32_t)json_array_size(want);
    if (got_n != n) {
        fail("%s: %u numbers, three.js %u", what, got_n, n);
        return;
    }
    for (uint32_t i = 0; i < n; i++) near(got[i], json_number_value(json_array_get(want, i)), what, i);
}

static void compare_track(const ta_track *t, const json_t *want, uint32_t index, bool check_target)
{
    char what[64];
    if (check_target) {
        ta_track_target target;
        if (make_target(json_object_get(want, "target"), &target) && !ta_track_target_eq(ta_track_target_of(t), target))
            fail("track %u: drives %s %u.%u, three.js %s", index, ta_track_kind_name(ta_track_target_of(t).kind),
                 ta_track_target_of(t).index, ta_track_target_of(t).element,
                 json_string_value(json_object_get(json_object_get(want, "target"), "kind")));
    }
    ta_interpolation interp = interp_from_name(json_string_value(json_object_get(want, "interp")));
    if (ta_track_interpolation(t) != interp)
        fail("track %u: %s, three.js %s", index, ta_interpolation_name(ta_track_interpolation(t)),
             ta_interpolation_name(interp));
    uint32_t keys = ta_track_key_count(t);
    snprintf(what, sizeof what, "track %u time", index);
    compare_floats(ta_track_times(t), keys, json_object_get(want, "times"), what);
    const json_t *strings = json_object_get(want, "strings");
    if (json_is_array(strings)) {
        if (json_array_size(strings) != keys) return;
        const char **got = (const char **)calloc(keys, sizeof *got);
        ta_error err = {0};
        if (ta_track_key_strings(t, got, keys, &err) != TA_OK) fail("track %u: %s", index, err.message);
        for (uint32_t k = 0; k < keys; k++)
            if (got[k] == NULL || strcmp(got[k], json_string_value(json_array_get(strings, k))) != 0)
                fail("track %u key %u: \"%s\", three.js \"%s\"", index, k, got[k] ? got[k] : "(null)",
                     json_string_value(json_array_get(strings, k)));
        free(got);
        return;
    }
    snprintf(what, sizeof what, "track %u value", index);
    compare_floats(ta_track_values(t), keys * ta_track_value_size(t), json_object_get(want, "values"), what);
    const json_t *in = json_object_get(want, "in");
    if (json_is_array(in)) {
        snprintf(what, sizeof what, "track %u in-tangent", index);
        compare_floats(ta_track_in_tangents(t), ta_track_tangent_count(t), in, what);
        snprintf(what, sizeof what, "track %u out-tangent", index);
        compare_floats(ta_track_out_tangents(t), ta_track_tangent_count(t), json_object_get(want, "out"), what);
    } else if (ta_track_tangent_count(t) != 0) {
        fail("track %u: %u tangents, three.js none", index, ta_track_tangent_count(t));
    }
}

/* want_duration < 0: not compared (a clip whose length was left to the tracks). */
static void compare_clip(const ta_clip *clip, const json_t *want, bool check_targets)
{
    const char *name = json_string_value(json_object_get(want, "name"));
    if (name != NULL && strcmp(ta_clip_name(clip), name) != 0)
        fail("name \"%s\", three.js \"%s\"", ta_clip_name(clip), name);
    double duration = num(want, "duration");
    if (duration > 0) near(ta_clip_duration(clip).seconds, duration, "duration", 0);
    const char *blend = json_string_value(json_object_get(want, "blend"));
    ta_blend_mode mode = blend != NULL && strcmp(blend, "additive") == 0 ? TA_BLEND_MODE_ADDITIVE : TA_BLEND_MODE_NORMAL;
    if (ta_clip_blend_mode(clip) != mode)
        fail("%s, three.js %s", ta_blend_mode_name(ta_clip_blend_mode(clip)), ta_blend_mode_name(mode));
    const json_t *tracks = json_object_get(want, "tracks");
    if (ta_clip_track_count(clip) != json_array_size(tracks)) {
        fail("%u tracks, three.js %zu", ta_clip_track_count(clip), json_array_size(tracks));
        return;
    }
    for (uint32_t i = 0; i < ta_clip_track_count(clip); i++)
        compare_track(ta_clip_track(clip, i), json_array_get(tracks, i), i, check_targets);
}

static bool expect_refusal(ta_result r, const ta_error *err, const json_t *expect)
{
    const char *refused = json_string_value(json_object_get(expect, "refused"));
    if (refused == NULL) {
        if (r != TA_OK) fail("refused: %s: %s", ta_result_name(r), err->message);
        return false;
    }
    current->refusals++;
    if (r == TA_OK) fail("made a clip; threeanim refuses it (%s)", refused);
    else if (strcmp(ta_result_name(r), refused) != 0) fail("refused with %s, want %s", ta_result_name(r), refused);
    return true;
}

/* ---- the operations ------------------------------------------------------------------------- */

static void run_subclip(const json_t *c)
{
    ta_clip *clip = make_clip(json_object_get(c, "clip"));
    if (clip == NULL) return;
    ta_clip *sub = NULL;
    ta_error err = {0};
    ta_result r = ta_clip_subclip(clip, json_string_value(json_object_get(c, "name")), num(c, "start"), num(c, "end"),
                             num(c, "fps"), NULL, &sub, &err);
    if (!expect_refusal(r, &err, json_object_get(c, "expect")) && r == TA_OK)
        compare_clip(sub, json_object_get(c, "expect"), true);
    if (r == TA_OK) ta_clip_release(sub);
    ta_clip_release(clip);
}

static void run_additive(const json_t *c)
{
    ta_clip *clip = make_clip(json_object_get(c, "clip"));
    const json_t *jr = json_object_get(c, "reference");
    ta_clip *ref = json_is_object(jr) ? make_clip(jr) : NULL;
    if (clip == NULL || (json_is_object(jr) && ref == NULL)) {
        ta_clip_release(clip);
        ta_clip_release(ref);
        return;
    }
    ta_clip *add = NULL;
    ta_error err = {0};
    ta_result r = ta_clip_make_additive(clip, num(c, "frame"), ref, num(c, "fps"), NULL, &add, &err);
    if (r != TA_OK) {
        fail("refused: %s", err.message);
    } else {
        compare_clip(add, json_object_get(c, "expect"), true);
        /* Not an edit: the input is as it was built. */
        json_t *input = json_deep_copy(json_object_get(c, "clip"));
        json_object_del(input, "name");
        compare_clip(clip, input, true);
        json_decref(input);
        ta_clip_release(add);
    }
    ta_clip_release(ref);
    ta_clip_release(clip);
}

static void run_order(const json_t *c)
{
    uint32_t n, nv;
    float *times = floats(json_object_get(c, "times"), &n);
    float *values = floats(json_object_get(c, "values"), &nv);
    uint32_t stride = (uint32_t)num(c, "stride");
    uint32_t *order = (uint32_t *)calloc(n ? n : 1, sizeof *order);
    float *sorted = (float *)calloc(nv ? nv : 1, sizeof *sorted);
    ta_error err = {0};
    const json_t *expect = json_object_get(c, "expect"), *want_order = json_object_get(expect, "order");
    if (ta_keyframe_compute_order(times, n, order, &err) != TA_OK) {
        fail("order refused: %s", err.message);
    } else if (json_array_size(want_order) != n) {
        fail("order of %u keys, three.js %zu", n, json_array_size(want_order));
    } else {
        for (uint32_t i = 0; i < n; i++)
            if ((json_int_t)order[i] != json_integer_value(json_array_get(want_order, i)))
                fail("order %u: key %u, three.js %lld", i, order[i],
                     (long long)json_integer_value(json_array_get(want_order, i)));
        if (ta_keyframe_apply_order(values, nv, stride, order, n, sorted, &err) != TA_OK)
            fail("sorted_array refused: %s", err.message);
        else
            compare_floats(sorted, nv, json_object_get(expect, "sorted"), "sorted value");
    }
    free(times);
    free(values);
    free(order);
    free(sorted);
}

static void run_morph(const json_t *c)
{
    const json_t *jn = json_object_get(c, "names"), *jt = json_object_get(c, "targets");
    uint32_t n = (uint32_t)json_array_size(jn);
    const char **names = (const char **)calloc(n, sizeof *names);
    ta_track_target *targets = (ta_track_target *)calloc(n, sizeof *targets);
    ta_clip **clips = (ta_clip **)calloc(n, sizeof *clips);
    bool ok = true;
    for (uint32_t i = 0; i < n; i++) {
        names[i] = json_string_value(json_array_get(jn, i));
        ok = ok && make_target(json_array_get(jt, i), &targets[i]);
    }
    uint32_t count = 0;
    ta_error err = {0};
    ta_result r = ok ? ta_clip_create_clips_from_morph_target_sequences(names, targets, n, num(c, "fps"),
                                                                   json_is_true(json_object_get(c, "no_loop")), NULL,
                                                                   clips, &count, &err)
                     : TA_ERROR_INVALID_ARGUMENT;
    const json_t *expect = json_object_get(c, "expect");
    if (ok && !expect_refusal(r, &err, expect) && r == TA_OK) {
        const json_t *want = json_object_get(expect, "clips");
        if (count != json_array_size(want)) fail("%u clips, three.js %zu", count, json_array_size(want));
        else
            for (uint32_t i = 0; i < count; i++) compare_clip(clips[i], json_array_get(want, i), true);
    }
    if (r == TA_OK)
        for (uint32_t i = 0; i < count; i++) ta_clip_release(clips[i]);
    free(names);
    free(targets);
    free(clips);
}

static void run_edit(const json_t *c, ta_result (*edit)(ta_clip *, ta_error *))
{
    ta_clip *clip = make_clip(json_object_get(c, "clip"));
    if (clip == NULL) return;
    ta_error err = {0};
    if (edit(clip, &err) != TA_OK) fail("refused: %s", err.message);
    else compare_clip(clip, json_object_get(c, "expect"), true);
    ta_clip_release(clip);
}

/* The state of a fresh generator after `draws` draws. */
static uint32_t state_after(uint32_t seed, long draws)
{
    ta_seeded_random r = ta_seeded_random_make(seed);
    for (long i = 0; i < draws; i++) ta_seeded_random_next_u32(&r);
    return r.state;
}

static void run_creator(const json_t *c)
{
    const char *fn = json_string_value(json_object_get(c, "fn"));
    ta_duration length = ta_duration_from_seconds(num(c, "duration"));
    ta_node_id node = ta_node_at(0);
    ta_error err = {0};
    ta_clip *clip = NULL, *again = NULL;
    ta_result r = TA_ERROR_INVALID_ARGUMENT;
    ta_track_kind kind = TA_TRACK_KIND_POSITION;
    uint32_t element = 0;
    const json_t *scale = json_object_get(c, "scale");
    uint32_t seed = (uint32_t)num(c, "random_seed");
    ta_seeded_random rng = ta_seeded_random_make(seed), rng2 = rng;
    if (strcmp(fn, "rotation") == 0 || strcmp(fn, "scale_axis") == 0) {
        element = (uint32_t)num(c, "axis");
        kind = fn[0] == 'r' ? TA_TRACK_KIND_ROTATION_ELEMENT : TA_TRACK_KIND_SCALE_ELEMENT;
        r = fn[0] == 'r' ? ta_clip_create_rotation_animation(node, length, element, NULL, &clip, &err)
                         : ta_clip_create_scale_axis_animation(node, length, element, NULL, &clip, &err);
    } else if (strcmp(fn, "visibility") == 0) {
        kind = TA_TRACK_KIND_VISIBLE;
        r = ta_clip_create_visibility_animation(node, length, NULL, &clip, &err);
    } else if (strcmp(fn, "material_color") == 0) {
        uint32_t n;
        float *colors = floats(json_object_get(c, "colors"), &n);
        kind = TA_TRACK_KIND_MATERIAL_COLOR;
        r = ta_clip_create_material_color_animation(ta_material_at(0), length, colors, n / 3, NULL, &clip, &err);
        free(colors);
    } else if (strcmp(fn, "shake") == 0) {
        ta_vec3 s = {(float)json_number_value(json_array_get(scale, 0)), (float)json_number_value(json_array_get(scale, 1)),
                     (float)json_number_value(json_array_get(scale, 2))};
        r = ta_clip_create_shake_animation(node, length, s, &rng, NULL, &clip, &err);
        if (r == TA_OK) r = ta_clip_create_shake_animation(node, length, s, &rng2, NULL, &again, &err);
    } else if (strcmp(fn, "pulsation") == 0) {
        kind = TA_TRACK_KIND_SCALE;
        double s = json_number_value(json_array_get(scale, 0));
        r = ta_clip_create_pulsation_animation(node, length, s, &rng, NULL, &clip, &err);
        if (r == TA_OK) r = ta_clip_create_pulsation_animation(node, length, s, &rng2, NULL, &again, &err);
    }
    if (r != TA_OK) {
        fail("%s refused: %s", fn, err.message);
        ta_clip_release(clip);
        return;
    }
    const json_t *expect = json_object_get(c, "expect");
    compare_clip(clip, expect, false);
    const ta_track *t = ta_clip_track(clip, 0);
    ta_track_target target = ta_track_target_of(t);
    if (target.kind != kind || target.element != element)
        fail("drives %s axis %u, want %s axis %u", ta_track_kind_name(target.kind), target.element,
             ta_track_kind_name(kind), element);
    if (again != NULL) {
        /* Randomized: the documented properties besides three.js's numbers. */
        long draws = (long)num(c, "draws");
        uint32_t keys = ta_track_key_count(t);
        if ((double)keys != ceil(length.seconds * 10.0)) fail("%u keys, not ceil(%g * 10)", keys, length.seconds);
        if (rng.state != state_after(seed, draws)) fail("the generator moved on other than %ld draws", draws);
        if (ta_track_key_count(ta_clip_track(again, 0)) != keys ||
            memcmp(ta_track_values(ta_clip_track(again, 0)), ta_track_values(t), (size_t)keys * 3 * sizeof(float)))
            fail("the same seed made another clip");
        const float *v = ta_track_values(t);
        for (uint32_t k = 0; k < keys; k++)
            for (int a = 0; a < 3; a++) {
                double bound = fabs(json_number_value(json_array_get(scale, kind == TA_TRACK_KIND_SCALE ? 0 : a)));
                if (!(fabs(v[3 * k + a]) <= bound * (1 + 1e-7))) fail("key %u number %d: %g outside %g", k, a, v[3 * k + a], bound);
                if (kind == TA_TRACK_KIND_SCALE && v[3 * k + a] != v[3 * k]) fail("key %u: the scale is not even", k);
            }
        ta_clip_release(again);
    }
    ta_clip_release(clip);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: compare_clips <clips_expected.json>\n");
        return 2;
    }
    json_error_t jerr;
    json_t *doc = json_load_file(argv[1], 0, &jerr);
    if (doc == NULL) {
        fprintf(stderr, "%s: line %d: %s\n", argv[1], jerr.line, jerr.text);
        return 1;
    }
    const json_t *cases = json_object_get(doc, "cases");
    size_t i;
    const json_t *c;
    json_array_foreach(cases, i, c) {
        const char *op = json_string_value(json_object_get(c, "op"));
        current = NULL;
        for (op_stats *s = stats; s->op != NULL; s++)
            if (op != NULL && strcmp(s->op, op) == 0) current = s;
        if (current == NULL) {
            fprintf(stderr, "case %zu: unknown op %s\n", i, op ? op : "(none)");
            json_decref(doc);
            return 1;
        }
        current_case = (long)i;
        current_seed = (long)num(c, "seed");
        case_failed = false;
        current->cases++;
        if (strcmp(op, "subclip") == 0) run_subclip(c);
        else if (strcmp(op, "additive") == 0) run_additive(c);
        else if (strcmp(op, "order") == 0) run_order(c);
        else if (strcmp(op, "morph") == 0) run_morph(c);
        else if (strcmp(op, "optimize") == 0) run_edit(c, ta_clip_optimize);
        else if (strcmp(op, "trim") == 0) run_edit(c, ta_clip_trim);
        else run_creator(c);
    }
    int failures = 0, total = 0;
    for (op_stats *s = stats; s->op != NULL; s++) {
        printf("%-9s %4d cases, %3d of them refusals threeanim makes, %d failed, largest difference %.3g\n", s->op,
               s->cases, s->refusals, s->failures, s->worst);
        failures += s->failures;
        total += s->cases;
    }
    const json_t *tally = json_object_get(doc, "tally");
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)tally, key, value) {
        if (strncmp(key, "difference ", 11) == 0)
            printf("cases meeting a listed difference (the port's behaviour asserted): %-22s %lld\n", key + 11,
                   (long long)json_integer_value(value));
    }
    printf("three.js made NaN in %lld cubic-reference cases (the listed difference)\n",
           (long long)json_integer_value(json_object_get(doc, "three_nan_cubic_reference")));
    printf("%d cases, %d failed\n", total, failures);
    json_decref(doc);
    return failures == 0 ? 0 : 1;
}
