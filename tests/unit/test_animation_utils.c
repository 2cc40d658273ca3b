/* Subclips, additive clips, key ordering and morph target sequences. */
#include "ta_test.h"
#include "ta_test_build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/animation_clip.h"
#include "threeanim/animation_utils.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/random.h"

/* ---- helpers ------------------------------------------------------------------------ */

static ta_track *make_track(ta_track_target target, ta_interpolation interp, const float *times, uint32_t keys,
                            const float *values, const float *in_t, const float *out_t, uint32_t tangents)
{
    return ta_test_track_tangents(NULL, target, interp, times, keys, values,
                                  keys * ta_track_kind_value_size(target.kind), in_t, out_t, tangents);
}

static ta_track_target node_target(uint32_t node, ta_track_kind kind)
{
    return ta_test_node_target(ta_node_at(node), kind);
}

static ta_track_target morph(uint32_t mesh, uint32_t target)
{
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(mesh), target, &t, &err), &err);
    return t;
}

static ta_clip *clip_of(const char *name, ta_track **tracks, uint32_t n, const ta_clip_options *opts)
{
    return ta_test_clip(name, tracks, n, opts);
}

static void assert_floats(const float *got, const float *want, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) TA_ASSERT_NEAR(got[i], want[i], 1e-6);
}

/* A snapshot of every number of a clip, to check that a call changed nothing. */
typedef struct snapshot {
    float data[256];
    uint32_t n;
    double duration;
    ta_blend_mode mode;
} snapshot;

static snapshot snap(const ta_clip *clip)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    s.duration = ta_clip_duration(clip).seconds;
    s.mode = ta_clip_blend_mode(clip);
    for (uint32_t i = 0; i < ta_clip_track_count(clip); i++) {
        const ta_track *t = ta_clip_track(clip, i);
        uint32_t k = ta_track_key_count(t), v = k * ta_track_value_size(t), g = ta_track_tangent_count(t);
        s.data[s.n++] = (float)k;
        for (uint32_t j = 0; j < k; j++) s.data[s.n++] = ta_track_times(t)[j];
        for (uint32_t j = 0; j < v; j++) s.data[s.n++] = ta_track_values(t)[j];
        for (uint32_t j = 0; j < g; j++) s.data[s.n++] = ta_track_in_tangents(t)[j];
        for (uint32_t j = 0; j < g; j++) s.data[s.n++] = ta_track_out_tangents(t)[j];
    }
    return s;
}

static void assert_same(const snapshot *a, const snapshot *b)
{
    assert_int_equal(a->n, b->n);
    assert_memory_equal(a->data, b->data, a->n * sizeof(float));
    assert_true(a->duration == b->duration);
    assert_int_equal(a->mode, b->mode);
}

/* position (0, 0.5, 1, 1.5, 2 s; x = 0..4) and morph 0 (0.25, 1.25 s). */
static ta_clip *everything(void)
{
    static const float pt[] = {0, 0.5f, 1, 1.5f, 2};
    static const float pv[] = {0, 0, 0, 1, 10, 0, 2, 20, 0, 3, 30, 0, 4, 40, 0};
    static const float mt[] = {0.25f, 1.25f};
    static const float mv[] = {0.5f, 1};
    ta_track *tracks[2] = {make_track(node_target(0, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_LINEAR, pt, 5, pv, NULL, NULL, 0),
                           make_track(morph(0, 1), TA_INTERPOLATION_LINEAR, mt, 2, mv, NULL, NULL, 0)};
    ta_clip_options opts = {0};
    opts.blend_mode = TA_BLEND_MODE_ADDITIVE;
    opts.user_data = "{\"from\": \"mocap\"}";
    return clip_of("everything", tracks, 2, &opts);
}

/* ---- subclip ---------------------------------------------------------------------- */

static void test_subclip_keeps_keys_from_start_to_before_end(void **state)
{
    (void)state;
    ta_clip *all = everything();
    ta_error err = {0};
    ta_clip *wave = NULL;
    /* Frames [15, 45) at 30 fps: times [0.5, 1.5). Position keeps 0.5 and 1 (1.5 is frame 45, left
     * out); the morph keeps 1.25. The earliest kept key, 0.5, moves to 0. */
    TA_ASSERT_OK(ta_clip_subclip(all, "wave", 15, 45, 30, NULL, &wave, &err), &err);
    assert_string_equal(ta_clip_name(wave), "wave");
    assert_int_equal(ta_clip_track_count(wave), 2);
    const ta_track *p = ta_clip_track(wave, 0), *m = ta_clip_track(wave, 1);
    assert_int_equal(ta_track_key_count(p), 2);
    const float pt[] = {0, 0.5f}, pv[] = {1, 10, 0, 2, 20, 0};
    assert_floats(ta_track_times(p), pt, 2);
    assert_floats(ta_track_values(p), pv, 6);
    assert_int_equal(ta_track_key_count(m), 1);
    TA_ASSERT_NEAR(ta_track_times(m)[0], 0.75, 1e-7);
    TA_ASSERT_NEAR(ta_track_values(m)[0], 1, 0);
    TA_ASSERT_NEAR(ta_clip_duration(wave).seconds, 0.75, 1e-7);
    assert_int_equal(ta_clip_blend_mode(wave), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_user_data(wave), "{\"from\": \"mocap\"}");
    assert_string_not_equal(ta_clip_uuid(wave), ta_clip_uuid(all));
    ta_clip_release(wave);

    /* Frames [0, 6) at 10 fps: times [0, 0.6): the morph keeps 0.25, the position 0 and 0.5. */
    TA_ASSERT_OK(ta_clip_subclip(all, "start", 0, 6, 10, NULL, &wave, &err), &err);
    assert_int_equal(ta_track_key_count(ta_clip_track(wave, 0)), 2);
    TA_ASSERT_NEAR(ta_track_times(ta_clip_track(wave, 1))[0], 0.25, 0);
    ta_clip_release(wave);
    ta_clip_release(all);
}

static void test_subclip_leaves_out_tracks_without_kept_keys(void **state)
{
    (void)state;
    ta_clip *all = everything();
    ta_error err = {0};
    ta_clip *tail = NULL;
    /* Frames [30, 100) at 20 fps: times [1.5, 5): the morph's keys are before. */
    TA_ASSERT_OK(ta_clip_subclip(all, "tail", 30, 100, 20, NULL, &tail, &err), &err);
    assert_int_equal(ta_clip_track_count(tail), 1);
    const ta_track *p = ta_clip_track(tail, 0);
    assert_int_equal(ta_track_target_of(p).kind, TA_TRACK_KIND_POSITION);
    const float pt[] = {0, 0.5f}, pv[] = {3, 30, 0, 4, 40, 0};
    assert_floats(ta_track_times(p), pt, 2);
    assert_floats(ta_track_values(p), pv, 6);
    TA_ASSERT_NEAR(ta_clip_duration(tail).seconds, 0.5, 0);
    ta_clip_release(tail);
    ta_clip_release(all);
}

static void test_subclip_keeps_tangents_control_points_and_strings(void **state)
{
    (void)state;
    const float t[] = {0, 1, 2, 3};
    const float v[] = {0, 1, 4, 9};
    const float in_c[] = {-1, -2, -3, -4}, out_c[] = {1, 2, 3, 4};
    /* Bezier control points (time, value) per key. */
    const float in_b[] = {-0.3f, 0, 0.7f, 1, 1.7f, 4, 2.7f, 9};
    const float out_b[] = {0.3f, 0, 1.3f, 1, 2.3f, 4, 3.3f, 9};
    ta_error err = {0};
    const char *names[] = {"idle", "busy", "idle", "done"};
    ta_track *strings = ta_test_string_track(node_target(2, TA_TRACK_KIND_NODE_NAME), t, 4, names);
    ta_track *tracks[3] = {make_track(morph(0, 0), TA_INTERPOLATION_CUBIC_SPLINE, t, 4, v, in_c, out_c, 4),
                           make_track(morph(0, 1), TA_INTERPOLATION_BEZIER, t, 4, v, in_b, out_b, 8), strings};
    ta_clip *clip = clip_of("curves", tracks, 3, NULL);
    ta_clip *part = NULL;
    /* Frames [1, 3) at 1 fps: keys 1 and 2, moved back by 1 s. */
    TA_ASSERT_OK(ta_clip_subclip(clip, "part", 1, 3, 1, NULL, &part, &err), &err);
    assert_int_equal(ta_clip_track_count(part), 3);
    const ta_track *c = ta_clip_track(part, 0), *b = ta_clip_track(part, 1), *s = ta_clip_track(part, 2);
    const float kt[] = {0, 1}, kv[] = {1, 4};
    assert_int_equal(ta_track_interpolation(c), TA_INTERPOLATION_CUBIC_SPLINE);
    assert_floats(ta_track_times(c), kt, 2);
    assert_floats(ta_track_values(c), kv, 2);
    const float kin[] = {-2, -3}, kout[] = {2, 3};
    assert_int_equal(ta_track_tangent_count(c), 2);
    assert_floats(ta_track_in_tangents(c), kin, 2);
    assert_floats(ta_track_out_tangents(c), kout, 2);
    /* Control times move with their keys (a listed difference from three.js, docs/three-js-to-threeanim.md). */
    const float bin[] = {-0.3f, 1, 0.7f, 4}, bout[] = {0.3f, 1, 1.3f, 4};
    assert_int_equal(ta_track_tangent_count(b), 4);
    assert_floats(ta_track_in_tangents(b), bin, 4);
    assert_floats(ta_track_out_tangents(b), bout, 4);
    const char *got[2];
    TA_ASSERT_OK(ta_track_key_strings(s, got, 2, &err), &err);
    assert_string_equal(got[0], "busy");
    assert_string_equal(got[1], "idle");
    ta_clip_release(part);
    ta_clip_release(clip);
}

/* "A frame rate that is not above zero, or a frame below zero", "A subclip range that ends
 * before it starts, or that keeps no clip", "a frame time that is not a number". */
static void test_subclip_refusals_change_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip *all = everything();
    snapshot before = snap(all);
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x77, *out = sentinel;
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 0, 10, 0, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "fps: 0 frames a second is not above zero");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 0, 10, -30, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE, "fps: -30");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 0, 10, NAN, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER, "fps");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", -1, 10, 30, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "start_frame: frame -1 is below zero");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 0, -2, 30, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "end_frame: frame -2 is below zero");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", NAN, 10, 30, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "start_frame");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 0, INFINITY, 30, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "end_frame: inf");
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 20, 10, 30, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "end_frame: frame 10 ends before start_frame 20");
    /* Frames [70, 90) at 30 fps: after every key. */
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 70, 90, 30, &a, &out, &err), &err, TA_ERROR_EMPTY_CLIP, "keep no key");
    /* An empty range. */
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 15, 15, 30, &a, &out, &err), &err, TA_ERROR_EMPTY_CLIP, "keep no key");
    /* Frames [59, 61): only the key at 2 s: a clip of no length, which three.js returns. */
    TA_ASSERT_REFUSED(ta_clip_subclip(all, "s", 59, 61, 30, &a, &out, &err), &err, TA_ERROR_EMPTY_CLIP,
                      "would last no time");
    TA_ASSERT_REFUSED(ta_clip_subclip(NULL, "s", 0, 10, 30, &a, &out, &err), &err, TA_ERROR_INVALID_ARGUMENT, "clip");
    assert_ptr_equal(out, sentinel);
    snapshot after = snap(all);
    assert_same(&before, &after);
    assert_int_equal(counter.live_bytes, 0);
    ta_clip_release(all);
}

static void test_subclip_out_of_memory_makes_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip *all = everything();
    int refusals = 0;
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_error err = {0};
        ta_clip *out = NULL;
        ta_result r = ta_clip_subclip(all, "wave", 15, 45, 30, &a, &out, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_clip_release(out);
            break;
        }
        refusals++;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(out);
        assert_int_equal(counter.live_bytes, 0);
    }
    assert_true(refusals > 3);
    assert_int_equal(counter.live_bytes, 0);
    ta_clip_release(all);
}

/* ---- make_clip_additive ------------------------------------------------------------------ */

static void test_additive_numbers_are_the_key_minus_the_reference(void **state)
{
    (void)state;
    const float t[] = {0, 1};
    const float v[] = {1, 2, 3, 4, 6, 8};
    ta_track *p = make_track(node_target(0, TA_TRACK_KIND_POSITION), TA_INTERPOLATION_LINEAR, t, 2, v, NULL, NULL, 0);
    ta_clip_options opts = {0};
    opts.user_data = "{\"a\": 1}";
    ta_clip *clip = clip_of("reach", &p, 1, &opts);
    snapshot before = snap(clip);
    ta_error err = {0};
    ta_clip *add = NULL;
    TA_ASSERT_OK(ta_clip_make_additive(clip, 0, NULL, TA_CLIP_DEFAULT_FPS, NULL, &add, &err), &err);
    const float want0[] = {0, 0, 0, 3, 4, 5};
    assert_floats(ta_track_values(ta_clip_track(add, 0)), want0, 6);
    assert_int_equal(ta_clip_blend_mode(add), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_name(add), "reach");
    assert_string_equal(ta_clip_user_data(add), "{\"a\": 1}");
    TA_ASSERT_NEAR(ta_clip_duration(add).seconds, 1, 0);
    ta_clip_release(add);
    /* Frame 15 at 30 fps is half way: the reference is (2.5, 4, 5.5). */
    TA_ASSERT_OK(ta_clip_make_additive(clip, 15, NULL, 30, NULL, &add, &err), &err);
    const float want15[] = {-1.5f, -2, -2.5f, 1.5f, 2, 2.5f};
    assert_floats(ta_track_values(ta_clip_track(add, 0)), want15, 6);
    ta_clip_release(add);
    /* Past the last key: the last key. */
    TA_ASSERT_OK(ta_clip_make_additive(clip, 90, NULL, 30, NULL, &add, &err), &err);
    const float want90[] = {-3, -4, -5, 0, 0, 0};
    assert_floats(ta_track_values(ta_clip_track(add, 0)), want90, 6);
    ta_clip_release(add);
    /* The input is not changed (three.js changes it). */
    snapshot after = snap(clip);
    assert_same(&before, &after);
    ta_clip_release(clip);
}

static void test_additive_rotations_are_the_conjugate_times_the_key(void **state)
{
    (void)state;
    const double h = sqrt(0.5);
    const float t[] = {0, 1};
    /* 90 degrees about z, then 180 degrees about z. */
    const float q[] = {0, 0, (float)h, (float)h, 0, 0, 1, 0};
    ta_track *r = make_track(node_target(0, TA_TRACK_KIND_QUATERNION), TA_INTERPOLATION_LINEAR, t, 2, q, NULL, NULL, 0);
    ta_clip *clip = clip_of("turn", &r, 1, NULL);
    ta_error err = {0};
    ta_clip *add = NULL;
    TA_ASSERT_OK(ta_clip_make_additive(clip, 0, NULL, 30, NULL, &add, &err), &err);
    /* The change from 90 to 90 is none; from 90 to 180 is 90 degrees about z. */
    const float want[] = {0, 0, 0, 1, 0, 0, (float)h, (float)h};
    assert_floats(ta_track_values(ta_clip_track(add, 0)), want, 8);
    ta_clip_release(add);
    ta_clip_release(clip);
}

static void test_additive_leaves_flags_strings_and_unmatched_tracks(void **state)
{
    (void)state;
    const float t[] = {0, 1};
    const float vis[] = {1, 0};
    const float op[] = {0.5f, 0.25f};
    const float op_ref[] = {0.25f, 0.75f};
    ta_error err = {0};
    ta_track_target opacity, other_opacity;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &opacity, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(1), TA_TRACK_KIND_MATERIAL_OPACITY, &other_opacity, &err), &err);
    ta_track *tracks[3] = {make_track(node_target(0, TA_TRACK_KIND_VISIBLE), TA_INTERPOLATION_STEP, t, 2, vis, NULL, NULL, 0),
                           make_track(opacity, TA_INTERPOLATION_LINEAR, t, 2, op, NULL, NULL, 0),
                           make_track(other_opacity, TA_INTERPOLATION_LINEAR, t, 2, op, NULL, NULL, 0)};
    ta_clip *clip = clip_of("mixed", tracks, 3, NULL);
    /* A reference clip of material 0's opacity and node 0's visibility only. */
    ta_track *ref_tracks[2] = {make_track(opacity, TA_INTERPOLATION_LINEAR, t, 2, op_ref, NULL, NULL, 0),
                               make_track(node_target(0, TA_TRACK_KIND_VISIBLE), TA_INTERPOLATION_STEP, t, 2, vis,
                                          NULL, NULL, 0)};
    ta_clip *ref = clip_of("pose", ref_tracks, 2, NULL);
    ta_clip *add = NULL;
    /* Frame 30 at 30 fps: 1 s, the reference's last key: 0.75. */
    TA_ASSERT_OK(ta_clip_make_additive(clip, 30, ref, 30, NULL, &add, &err), &err);
    assert_floats(ta_track_values(ta_clip_track(add, 0)), vis, 2);
    const float want[] = {-0.25f, -0.5f};
    assert_floats(ta_track_values(ta_clip_track(add, 1)), want, 2);
    assert_floats(ta_track_values(ta_clip_track(add, 2)), op, 2);
    ta_clip_release(add);
    ta_clip_release(ref);
    ta_clip_release(clip);
}

static void test_additive_cubic_reference_between_keys_takes_the_curve(void **state)
{
    (void)state;
    /* Flat tangents from 0 to 1 over 1 s: the Hermite curve is 0.5 half way.
     * three.js reads numbers past its result there and every key becomes NaN. */
    const float t[] = {0, 1}, v[] = {0, 1}, zero[] = {0, 0}, out_t[] = {0.5f, 2};
    ta_track *c = make_track(morph(0, 0), TA_INTERPOLATION_CUBIC_SPLINE, t, 2, v, zero, out_t, 2);
    ta_clip *clip = clip_of("bulge", &c, 1, NULL);
    ta_clip *ref = NULL;
    {
        ta_track *rc = make_track(morph(0, 0), TA_INTERPOLATION_CUBIC_SPLINE, t, 2, v, zero, zero, 2);
        ref = clip_of("ref", &rc, 1, NULL);
    }
    ta_error err = {0};
    ta_clip *add = NULL;
    TA_ASSERT_OK(ta_clip_make_additive(clip, 15, ref, 30, NULL, &add, &err), &err);
    const ta_track *a = ta_clip_track(add, 0);
    const float want[] = {-0.5f, 0.5f};
    assert_floats(ta_track_values(a), want, 2);
    /* The tangents are kept as they were. */
    assert_floats(ta_track_in_tangents(a), zero, 2);
    assert_floats(ta_track_out_tangents(a), out_t, 2);
    ta_clip_release(add);
    ta_clip_release(ref);
    ta_clip_release(clip);
}

static void test_additive_refusals_change_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    const float t[] = {0, 1};
    const float big[] = {3e38f, 0};
    const float below[] = {-3e38f, -3e38f};
    ta_track *tr = make_track(morph(0, 0), TA_INTERPOLATION_LINEAR, t, 2, big, NULL, NULL, 0);
    ta_clip *clip = clip_of("big", &tr, 1, NULL);
    ta_track *rt = make_track(morph(0, 0), TA_INTERPOLATION_LINEAR, t, 2, below, NULL, NULL, 0);
    ta_clip *ref = clip_of("below", &rt, 1, NULL);
    snapshot before = snap(clip), ref_before = snap(ref);
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x99, *out = sentinel;
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, 0, NULL, 0, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "fps: 0 frames a second is not above zero");
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, 0, NULL, -5, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "fps: -5");
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, -1, NULL, 30, &a, &out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "reference_frame: frame -1 is below zero");
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, NAN, NULL, 30, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "reference_frame: nan");
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, 0, NULL, INFINITY, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "fps: inf");
    /* 3e38 - (-3e38) is past the largest float. */
    TA_ASSERT_REFUSED(ta_clip_make_additive(clip, 0, ref, 30, &a, &out, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "track 0 key 0 number 0");
    assert_ptr_equal(out, sentinel);
    assert_int_equal(counter.live_bytes, 0);
    snapshot after = snap(clip), ref_after = snap(ref);
    assert_same(&before, &after);
    assert_same(&ref_before, &ref_after);
    ta_clip_release(ref);
    ta_clip_release(clip);
}

static void test_additive_out_of_memory_makes_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip *all = everything();
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_error err = {0};
        ta_clip *out = NULL;
        ta_result r = ta_clip_make_additive(all, 3, NULL, 30, &a, &out, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_clip_release(out);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(out);
        assert_int_equal(counter.live_bytes, 0);
    }
    assert_int_equal(counter.live_bytes, 0);
    ta_clip_release(all);
}

/* ---- key order ---------------------------------------------------------------------- */

static void test_keyframe_order_is_a_stable_sort(void **state)
{
    (void)state;
    const float times[] = {3, 1, 2, 1, 0};
    uint32_t order[5];
    ta_error err = {0};
    TA_ASSERT_OK(ta_keyframe_compute_order(times, 5, order, &err), &err);
    const uint32_t want[] = {4, 1, 3, 2, 0};
    assert_memory_equal(order, want, sizeof want);

    const float values[] = {30, 31, 10, 11, 20, 21, 12, 13, 0, 1};
    float sorted[10];
    TA_ASSERT_OK(ta_keyframe_apply_order(values, 10, 2, order, 5, sorted, &err), &err);
    const float want_values[] = {0, 1, 10, 11, 12, 13, 20, 21, 30, 31};
    assert_memory_equal(sorted, want_values, sizeof want_values);

    /* Many keys with ties, against an insertion sort, which is stable. */
    ta_seeded_random rng = ta_seeded_random_make(11);
    enum { N = 3000 };
    static float many[N];
    static uint32_t got[N], ref[N];
    for (int i = 0; i < N; i++) many[i] = (float)(ta_seeded_random_next_u32(&rng) % 200) * 0.25f;
    many[7] = -0.0f;
    many[9] = 0.0f;
    TA_ASSERT_OK(ta_keyframe_compute_order(many, N, got, &err), &err);
    for (int i = 0; i < N; i++) {
        int j = i;
        while (j > 0 && many[ref[j - 1]] > many[i]) {
            ref[j] = ref[j - 1];
            j--;
        }
        ref[j] = (uint32_t)i;
    }
    assert_memory_equal(got, ref, sizeof ref);
    TA_ASSERT_OK(ta_keyframe_compute_order(NULL, 0, NULL, &err), &err);
}

static void test_key_order_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    const float times[] = {0, NAN, 1};
    uint32_t order[3] = {7, 7, 7};
    TA_ASSERT_REFUSED(ta_keyframe_compute_order(times, 3, order, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "times: key 1 is NaN");
    assert_int_equal(order[0], 7);
    const float values[] = {1, 2, 3, 4};
    const uint32_t ok_order[] = {1, 0}, bad_order[] = {1, 2};
    float out[4] = {9, 9, 9, 9};
    TA_ASSERT_REFUSED(ta_keyframe_apply_order(values, 4, 0, ok_order, 2, out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "stride: 0");
    TA_ASSERT_REFUSED(ta_keyframe_apply_order(values, 4, 3, ok_order, 2, out, &err), &err, TA_ERROR_BAD_VALUE_COUNT,
                      "4 numbers do not divide into keys of 3");
    TA_ASSERT_REFUSED(ta_keyframe_apply_order(values, 4, 2, ok_order, 1, out, &err), &err, TA_ERROR_BAD_VALUE_COUNT,
                      "order: 1 indices for 2 keys");
    TA_ASSERT_REFUSED(ta_keyframe_apply_order(values, 4, 2, bad_order, 2, out, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "order: index 1 is 2");
    TA_ASSERT_REFUSED(ta_keyframe_apply_order(out, 4, 2, ok_order, 2, out, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "same array");
    for (int i = 0; i < 4; i++) TA_ASSERT_NEAR(out[i], 9, 0);
}

/* ---- morph target sequences --------------------------------------------------------------- */

static void assert_track(const ta_track *t, const float *times, const float *values, uint32_t keys)
{
    assert_int_equal(ta_track_key_count(t), keys);
    assert_floats(ta_track_times(t), times, keys);
    assert_floats(ta_track_values(t), values, keys);
}

static void test_a_sequence_shows_each_target_in_turn(void **state)
{
    (void)state;
    ta_track_target targets[3] = {morph(4, 0), morph(4, 1), morph(4, 2)};
    ta_error err = {0};
    ta_clip *clip = NULL;
    TA_ASSERT_OK(ta_clip_create_from_morph_target_sequence("blink", targets, 3, 10, false, NULL, &clip, &err), &err);
    assert_string_equal(ta_clip_name(clip), "blink");
    assert_int_equal(ta_clip_track_count(clip), 3);
    /* Target i is 1 at frame i and 0 on each side; a track that starts at frame 0 repeats its
     * first key at frame 3 for the loop. */
    const float t4[] = {0, 0.1f, 0.2f, 0.3f};
    const float v0[] = {1, 0, 0, 1}, v1[] = {0, 1, 0, 0}, v2[] = {0, 0, 1, 0};
    assert_track(ta_clip_track(clip, 0), t4, v0, 4);
    assert_track(ta_clip_track(clip, 1), t4, v1, 4);
    assert_track(ta_clip_track(clip, 2), t4, v2, 4);
    assert_true(ta_track_target_eq(ta_track_target_of(ta_clip_track(clip, 2)), targets[2]));
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 0.3, 1e-7);
    ta_clip_release(clip);

    TA_ASSERT_OK(ta_clip_create_from_morph_target_sequence("blink", targets, 3, 10, true, NULL, &clip, &err), &err);
    assert_track(ta_clip_track(clip, 0), t4, v0, 3);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 0.2, 1e-7);
    ta_clip_release(clip);
}

static void test_short_sequences_keep_the_later_of_keys_at_one_time(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_clip *clip = NULL;
    ta_track_target two[2];
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(1), 5, &two[0], &err), &err);
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(1), 6, &two[1], &err), &err);
    /* three.js: target 0 gets times (0, 1, 1, 2) and values (1, 0, 0, 1); target 1 times
     * (0, 0, 1, 2) and values (0, 0, 1, 0). */
    TA_ASSERT_OK(ta_clip_create_from_morph_target_sequence("pair", two, 2, 1, false, NULL, &clip, &err), &err);
    const float t3[] = {0, 1, 2}, a[] = {1, 0, 1}, b[] = {0, 1, 0};
    assert_track(ta_clip_track(clip, 0), t3, a, 3);
    assert_track(ta_clip_track(clip, 1), t3, b, 3);
    ta_clip_release(clip);
    /* One target: three.js's (0, 0, 0, 1) and (0, 1, 0, 0) keep (0, 1) and (0, 0). */
    TA_ASSERT_OK(ta_clip_create_from_morph_target_sequence("one", two, 1, 4, false, NULL, &clip, &err), &err);
    const float t2[] = {0, 0.25f}, z[] = {0, 0};
    assert_track(ta_clip_track(clip, 0), t2, z, 2);
    ta_clip_release(clip);
}

static void test_sequence_refusals(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_track_target targets[2] = {morph(0, 0), node_target(0, TA_TRACK_KIND_POSITION)};
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x55, *out = sentinel;
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 2, 30, false, &a, &out, &err), &err,
                      TA_ERROR_WRONG_KIND, "target 1 is a POSITION target");
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 0, 30, false, &a, &out, &err), &err,
                      TA_ERROR_EMPTY_CLIP, "at least one morph target");
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 1, 0, false, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "fps: 0");
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 1, -24, false, &a, &out, &err), &err,
                      TA_ERROR_OUT_OF_RANGE, "fps: -24");
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 1, NAN, false, &a, &out, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "fps");
    /* One target and no loop: one key at 0, a clip of no length. */
    TA_ASSERT_REFUSED(ta_clip_create_from_morph_target_sequence("s", targets, 1, 30, true, &a, &out, &err), &err,
                      TA_ERROR_EMPTY_CLIP, "last no time");
    assert_ptr_equal(out, sentinel);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_names_group_into_animations(void **state)
{
    (void)state;
    const char *names[] = {"Walk_001", "Walk_002", "Run_001",   "crdeath0059", "bad name1",
                           "nodigits", "Walk_003", "fly-A_12", "123",         "Run_002"};
    enum { N = sizeof names / sizeof *names };
    ta_track_target targets[N];
    for (uint32_t i = 0; i < N; i++) targets[i] = morph(i, i % 8);
    ta_clip *clips[N];
    uint32_t count = 0;
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_create_clips_from_morph_target_sequences(names, targets, N, 30, false, NULL, clips, &count, &err),
                 &err);
    /* In order of first appearance; "bad name1" and "nodigits" match nothing. */
    const char *want[] = {"Walk_", "Run_", "crdeath", "fly-A_", ""};
    const uint32_t tracks[] = {3, 2, 1, 1, 1};
    assert_int_equal(count, 5);
    for (uint32_t i = 0; i < count; i++) {
        assert_string_equal(ta_clip_name(clips[i]), want[i]);
        assert_int_equal(ta_clip_track_count(clips[i]), tracks[i]);
    }
    /* Walk_ plays targets 0, 1 and 6, in that order. */
    assert_true(ta_track_target_eq(ta_track_target_of(ta_clip_track(clips[0], 2)), targets[6]));
    assert_true(ta_track_target_eq(ta_track_target_of(ta_clip_track(clips[1], 1)), targets[9]));
    TA_ASSERT_NEAR(ta_clip_duration(clips[0]).seconds, 0.1, 1e-7);
    for (uint32_t i = 0; i < count; i++) ta_clip_release(clips[i]);

    const char *none[] = {"a", "b c1", ""};
    count = 9;
    TA_ASSERT_OK(ta_clip_create_clips_from_morph_target_sequences(none, targets, 3, 30, false, NULL, clips, &count, &err),
                 &err);
    assert_int_equal(count, 0);
}

static void test_sequences_refusals_make_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_track_target targets[3] = {morph(0, 0), morph(0, 1), morph(0, 2)};
    ta_clip *clips[3] = {NULL, NULL, NULL};
    uint32_t count = 42;
    ta_error err = {0};
    /* Walk_ is made first, then Jump_ (one target, no loop) is refused: Walk_ is let go. */
    const char *names[] = {"Walk_1", "Walk_2", "Jump_1"};
    TA_ASSERT_REFUSED(
        ta_clip_create_clips_from_morph_target_sequences(names, targets, 3, 30, true, &a, clips, &count, &err), &err,
        TA_ERROR_EMPTY_CLIP, "animation \"Jump_\" (from name 2)");
    const char *with_null[] = {"Walk_1", NULL, "Jump_1"};
    TA_ASSERT_REFUSED(
        ta_clip_create_clips_from_morph_target_sequences(with_null, targets, 3, 30, false, &a, clips, &count, &err), &err,
        TA_ERROR_INVALID_ARGUMENT, "names: name 1 is NULL");
    TA_ASSERT_REFUSED(ta_clip_create_clips_from_morph_target_sequences(names, targets, 3, 0, false, &a, clips, &count, &err),
                      &err, TA_ERROR_OUT_OF_RANGE, "fps");
    assert_int_equal(count, 42);
    assert_null(clips[0]);
    assert_int_equal(counter.live_bytes, 0);
    /* Out of memory at every step. */
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_result r = ta_clip_create_clips_from_morph_target_sequences(names, targets, 3, 30, false, &a, clips, &count, &err);
        counter.fail_after = -1;
        if (r == TA_OK) break;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_int_equal(count, 42);
        assert_int_equal(counter.live_bytes, 0);
    }
    assert_int_equal(count, 2);
    for (uint32_t i = 0; i < count; i++) ta_clip_release(clips[i]);
    assert_int_equal(counter.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_subclip_keeps_keys_from_start_to_before_end),
        cmocka_unit_test(test_subclip_leaves_out_tracks_without_kept_keys),
        cmocka_unit_test(test_subclip_keeps_tangents_control_points_and_strings),
        cmocka_unit_test(test_subclip_refusals_change_nothing),
        cmocka_unit_test(test_subclip_out_of_memory_makes_nothing),
        cmocka_unit_test(test_additive_numbers_are_the_key_minus_the_reference),
        cmocka_unit_test(test_additive_rotations_are_the_conjugate_times_the_key),
        cmocka_unit_test(test_additive_leaves_flags_strings_and_unmatched_tracks),
        cmocka_unit_test(test_additive_cubic_reference_between_keys_takes_the_curve),
        cmocka_unit_test(test_additive_refusals_change_nothing),
        cmocka_unit_test(test_additive_out_of_memory_makes_nothing),
        cmocka_unit_test(test_keyframe_order_is_a_stable_sort),
        cmocka_unit_test(test_key_order_refusals),
        cmocka_unit_test(test_a_sequence_shows_each_target_in_turn),
        cmocka_unit_test(test_short_sequences_keep_the_later_of_keys_at_one_time),
        cmocka_unit_test(test_sequence_refusals),
        cmocka_unit_test(test_names_group_into_animations),
        cmocka_unit_test(test_sequences_refusals_make_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
