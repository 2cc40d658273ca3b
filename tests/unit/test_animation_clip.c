/* Clips: making, refusing, ownership, reference counting, editing. */
#include "ta_test.h"
#include "ta_test_build.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>

#include "threeanim/animation_clip.h"
#include "threeanim/animation_markers.h"
#include "threeanim/keyframe_track.h"

/* ---- helpers --------------------------------------------------------------------- */

static ta_track *position_track(const ta_allocator *a, uint32_t node, const float *times, uint32_t keys,
                                const float *values)
{
    return ta_test_track_alloc(a, ta_test_node_target(ta_node_at(node), TA_TRACK_KIND_POSITION),
                               TA_INTERPOLATION_DEFAULT, times, keys, values, 3 * keys);
}

static ta_track *opacity_track(const ta_allocator *a, const float *times, uint32_t keys, const float *values)
{
    ta_error err = {0};
    ta_track_target target;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &target, &err), &err);
    return ta_test_track_alloc(a, target, TA_INTERPOLATION_DEFAULT, times, keys, values, keys);
}

static const float T3[] = {0.0f, 1.0f, 2.0f};
static const float P3[] = {0, 0, 0, 1, 2, 3, 4, 5, 6};
static const float T2[] = {0.0f, 0.5f};
static const float O2[] = {1.0f, 0.0f};

/* A clip of a 2 s position track and a 0.5 s opacity track. */
static ta_clip *two_track_clip(const ta_allocator *a, const ta_clip_options *opts)
{
    ta_track *tracks[2] = {position_track(a, 0, T3, 3, P3), opacity_track(a, T2, 2, O2)};
    return ta_test_clip("slide", tracks, 2, opts);
}

static bool is_v4_uuid(const char *u)
{
    if (u == NULL || strlen(u) != 36) return false;
    for (int i = 0; i < 36; i++) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash != (u[i] == '-')) return false;
        if (!dash && !((u[i] >= '0' && u[i] <= '9') || (u[i] >= 'a' && u[i] <= 'f'))) return false;
    }
    return u[14] == '4' && strchr("89ab", u[19]) != NULL;
}

/* ---- making --------------------------------------------------------------------- */

static void test_a_clip_lasts_as_long_as_its_longest_track(void **state)
{
    (void)state;
    ta_clip *clip = two_track_clip(NULL, NULL);
    assert_string_equal(ta_clip_name(clip), "slide");
    assert_int_equal(ta_clip_track_count(clip), 2);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.0, 0);
    assert_int_equal(ta_clip_blend_mode(clip), TA_BLEND_MODE_NORMAL);
    assert_null(ta_clip_user_data(clip));
    assert_true(is_v4_uuid(ta_clip_uuid(clip)));
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 0)), 3);
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 1)), 2);
    assert_null(ta_clip_track(clip, 2));
    assert_true(ta_clip_is_valid(clip));
    ta_clip_release(clip);
}

static void test_options_set_duration_blend_mode_user_data_and_uuid(void **state)
{
    (void)state;
    ta_clip_options opts = {0};
    opts.duration = 0.75;
    opts.blend_mode = TA_BLEND_MODE_ADDITIVE;
    opts.user_data = "{\"rig\": \"fox\", \"n\": [1, 2]}";
    opts.uuid = "9b2c0a52-6f4e-4a39-9a51-0c0d1e2f3a4b";
    ta_clip *clip = two_track_clip(NULL, &opts);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 0.75, 0);
    assert_int_equal(ta_clip_blend_mode(clip), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_user_data(clip), "{\"rig\": \"fox\", \"n\": [1, 2]}");
    assert_string_equal(ta_clip_uuid(clip), "9b2c0a52-6f4e-4a39-9a51-0c0d1e2f3a4b");
    ta_clip_release(clip);
}

/* The runtime keeps user data as text it does not read (the writers check it:
 * test_clip_json, test_object_json_write); markers are options of their own. */
static void test_user_data_is_kept_unread_and_markers_are_the_clips_own(void **state)
{
    (void)state;
    const char *texts[] = {"not json", "[1, 2]", "3", "\"text\"", "", "{\"a\": }", "{} {}",
                           "{\"markers\": [{\"name\": \"x\", \"time\": 0.5}]}", "{\"markers\": 7}"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        ta_clip_options opts = {0};
        opts.user_data = texts[i];
        ta_clip *clip = two_track_clip(NULL, &opts);
        assert_string_equal(ta_clip_user_data(clip), texts[i]);
        assert_int_equal(ta_clip_marker_count(clip), 0); /* "markers" in the text makes none */
        assert_null(ta_clip_markers(clip));
        ta_clip_release(clip);
    }

    char name_b[] = "b";
    ta_clip_marker marks[3] = {{name_b, {1.5}}, {"a", {0.5}}, {"c", {1.5}}};
    ta_clip_options opts = {0};
    opts.markers = marks;
    opts.marker_count = 3;
    ta_clip *clip = two_track_clip(NULL, &opts);
    name_b[0] = 'z'; /* the names were copied */
    assert_null(ta_clip_user_data(clip));
    assert_int_equal(ta_clip_marker_count(clip), 3);
    const ta_clip_marker *got = ta_clip_markers(clip);
    assert_non_null(got);
    static const char *const order[3] = {"a", "b", "c"}; /* by time; b before c, as given */
    static const double at[3] = {0.5, 1.5, 1.5};
    for (uint32_t i = 0; i < 3; i++) {
        assert_string_equal(got[i].name, order[i]);
        assert_true(got[i].time.seconds == at[i]);
        assert_string_equal(ta_clip_marker_at(clip, i).name, order[i]);
    }
    assert_null(ta_clip_markers(NULL));

    /* The made uuid counts the markers, in their sorted order; a clip without
     * any hashes as before. */
    ta_clip_marker same[3] = {{"a", {0.5}}, {"b", {1.5}}, {"c", {1.5}}};
    opts.markers = same;
    ta_clip *again = two_track_clip(NULL, &opts);
    assert_string_equal(ta_clip_uuid(again), ta_clip_uuid(clip));
    ta_clip *none = two_track_clip(NULL, NULL);
    assert_string_not_equal(ta_clip_uuid(none), ta_clip_uuid(clip));
    ta_clip_release(none);
    ta_clip_release(again);

    /* set_markers replaces them and leaves the user data alone. */
    ta_clip_release(clip);
    opts.user_data = "{\"author\": \"x\"}";
    clip = two_track_clip(NULL, &opts);
    ta_error err = {0};
    ta_clip_marker hit = {"hit", {2.0}};
    TA_ASSERT_OK(ta_clip_set_markers(clip, &hit, 1, &err), &err);
    assert_string_equal(ta_clip_user_data(clip), "{\"author\": \"x\"}");
    assert_int_equal(ta_clip_marker_count(clip), 1);
    assert_string_equal(ta_clip_markers(clip)[0].name, "hit");
    ta_clip *copy = NULL;
    TA_ASSERT_OK(ta_clip_copy(clip, NULL, &copy, &err), &err);
    assert_int_equal(ta_clip_marker_count(copy), 1);
    assert_string_equal(ta_clip_marker_at(copy, 0).name, "hit");
    assert_ptr_not_equal(ta_clip_marker_at(copy, 0).name, ta_clip_marker_at(clip, 0).name);
    assert_string_equal(ta_clip_user_data(copy), "{\"author\": \"x\"}");
    ta_clip_release(copy);
    ta_clip_release(clip);
}

static void test_the_made_uuid_follows_the_contents(void **state)
{
    (void)state;
    ta_clip *a = two_track_clip(NULL, NULL), *b = two_track_clip(NULL, NULL);
    assert_string_equal(ta_clip_uuid(a), ta_clip_uuid(b)); /* no random state: same contents, same uuid */
    ta_clip_options opts = {0};
    opts.duration = 3.0;
    ta_clip *c = two_track_clip(NULL, &opts);
    assert_true(is_v4_uuid(ta_clip_uuid(c)));
    assert_string_not_equal(ta_clip_uuid(a), ta_clip_uuid(c));
    ta_track *t = position_track(NULL, 1, T3, 3, P3); /* another node */
    ta_clip *d = ta_test_clip("slide", &t, 1, NULL);
    ta_track *t2 = position_track(NULL, 0, T3, 3, P3);
    ta_clip *e = ta_test_clip("slide", &t2, 1, NULL);
    assert_string_not_equal(ta_clip_uuid(d), ta_clip_uuid(e));
    ta_clip_release(a);
    ta_clip_release(b);
    ta_clip_release(c);
    ta_clip_release(d);
    ta_clip_release(e);
}

static void test_blend_mode_names(void **state)
{
    (void)state;
    assert_string_equal(ta_blend_mode_name(TA_BLEND_MODE_NORMAL), "NORMAL_BLEND_MODE");
    assert_string_equal(ta_blend_mode_name(TA_BLEND_MODE_ADDITIVE), "ADDITIVE_BLEND_MODE");
    assert_string_equal(ta_blend_mode_name((ta_blend_mode)9), "?");
}

/* ---- refusals: "A clip with no tracks, or one that lasts no time", "A blend
 * mode that is not named" ----------------------------------------------------- */

/* Each refusal leaves out_clip alone and the tracks the caller's: the caller
 * can still read them and must destroy them, which the counter checks. */
static void refuse(const char *name, ta_track **tracks, uint32_t count, const ta_clip_options *opts,
                   ta_result code, const char *needle)
{
    ta_error err = {0};
    ta_clip *sentinel = (ta_clip *)(uintptr_t)0x1234;
    ta_clip *out = sentinel;
    TA_ASSERT_REFUSED(ta_clip_create(name, tracks, count, opts, &out, &err), &err, code, needle);
    assert_ptr_equal(out, sentinel);
}

static void test_refused_clips_leave_the_tracks_with_the_caller(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_track *tracks[2] = {position_track(&a, 0, T3, 3, P3), opacity_track(&a, T2, 2, O2)};
    size_t live = counter.live_bytes;
    ta_clip_options opts = {0};

    refuse("x", tracks, 0, NULL, TA_ERROR_EMPTY_CLIP, "at least one track");
    refuse("x", NULL, 2, NULL, TA_ERROR_EMPTY_CLIP, "at least one track");
    ta_track *with_null[3] = {tracks[0], NULL, tracks[1]};
    refuse("x", with_null, 3, NULL, TA_ERROR_INVALID_ARGUMENT, "track 1 is NULL");
    ta_track *twice[3] = {tracks[0], tracks[1], tracks[0]};
    refuse("x", twice, 3, NULL, TA_ERROR_INVALID_ARGUMENT, "track 2 is track 0 again");

    opts.duration = -0.5;
    refuse("x", tracks, 2, &opts, TA_ERROR_OUT_OF_RANGE, "duration: -0.5 s is below zero");
    opts.duration = NAN;
    refuse("x", tracks, 2, &opts, TA_ERROR_NOT_A_NUMBER, "duration: nan");
    opts.duration = INFINITY;
    refuse("x", tracks, 2, &opts, TA_ERROR_NOT_A_NUMBER, "duration: inf");
    opts.duration = 0;

    opts.blend_mode = (ta_blend_mode)7;
    refuse("x", tracks, 2, &opts, TA_ERROR_UNKNOWN_ENUM, "blend_mode: 7");
    opts.blend_mode = TA_BLEND_MODE_COUNT;
    refuse("x", tracks, 2, &opts, TA_ERROR_UNKNOWN_ENUM, "is not a blend mode");
    opts.blend_mode = (ta_blend_mode)-1;
    refuse("x", tracks, 2, &opts, TA_ERROR_UNKNOWN_ENUM, "blend_mode: -1");
    opts.blend_mode = TA_BLEND_MODE_DEFAULT;

    /* The clip lasts 2 s (its position track's last key). */
    ta_clip_marker marks[2] = {{"a", {0.5}}, {"b", {2.0}}};
    opts.markers = marks;
    opts.marker_count = 2;
    marks[1].name = NULL;
    refuse("x", tracks, 2, &opts, TA_ERROR_INVALID_ARGUMENT, "markers[1].name: NULL");
    marks[1].name = "b";
    marks[1].time = ta_duration_from_seconds(NAN);
    refuse("x", tracks, 2, &opts, TA_ERROR_NOT_A_NUMBER, "markers[1].time: nan is not a finite number");
    marks[1].time = ta_duration_from_seconds(2.25);
    refuse("x", tracks, 2, &opts, TA_ERROR_OUT_OF_RANGE, "markers[1].time: 2.25 s is outside the clip's [0, 2 s]");
    marks[1].time = ta_duration_from_seconds(-0.25);
    refuse("x", tracks, 2, &opts, TA_ERROR_OUT_OF_RANGE, "markers[1].time: -0.25 s is outside");
    opts.markers = NULL;
    refuse("x", tracks, 2, &opts, TA_ERROR_INVALID_ARGUMENT, "markers: NULL with count 2");
    opts.markers = marks;
    opts.marker_count = UINT32_MAX;
    refuse("x", tracks, 2, &opts, TA_ERROR_LIMIT_EXCEEDED, "markers: 4294967295 markers");
    opts.markers = NULL;
    opts.marker_count = 0;

    ta_allocator half = {a.alloc, NULL, NULL, a.user};
    opts.allocator = &half;
    refuse("x", tracks, 2, &opts, TA_ERROR_INVALID_ARGUMENT, "only alloc");
    opts.allocator = NULL;

    assert_int_equal(counter.live_bytes, live);
    assert_int_equal(ta_track_key_count(tracks[0]), 3);
    TA_ASSERT_NEAR(ta_track_values(tracks[0])[8], 6, 0);
    ta_track_destroy(tracks[0]);
    ta_track_destroy(tracks[1]);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_a_clip_of_no_length_is_refused(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    const float at_zero[] = {0.0f};
    const float one_key[] = {0.5f};
    ta_track *still = opacity_track(&a, at_zero, 1, one_key);
    refuse("still", &still, 1, NULL, TA_ERROR_EMPTY_CLIP, "would last no time");
    /* A length given makes it a clip: three.js's duration argument. */
    ta_clip_options opts = {0};
    opts.duration = 1.0;
    ta_clip *clip = ta_test_clip("still", &still, 1, &opts);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.0, 0);
    ta_clip_release(clip);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_out_of_memory_anywhere_leaves_the_tracks_with_the_caller(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_track *tracks[2] = {position_track(NULL, 0, T3, 3, P3), opacity_track(NULL, T2, 2, O2)};
    ta_clip_options opts = {0};
    opts.allocator = &a;
    opts.user_data = "{\"k\": 1}";
    ta_clip_marker marks[2] = {{"late", {1.5}}, {"early", {0.25}}};
    opts.markers = marks;
    opts.marker_count = 2;
    int refusals = 0;
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_error err = {0};
        ta_clip *out = NULL;
        ta_result r = ta_clip_create("slide", tracks, 2, &opts, &out, &err);
        if (r == TA_OK) {
            assert_non_null(out);
            counter.fail_after = -1;
            ta_clip_release(out); /* frees the tracks too */
            break;
        }
        refusals++;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(out);
        assert_int_equal(counter.live_bytes, 0);
        assert_int_equal(ta_track_key_count(tracks[0]), 3);
    }
    assert_true(refusals >= 5); /* and the marker list and its two names */
    assert_int_equal(counter.live_bytes, 0);
}

/* ---- ownership and reference counting -------------------------------------------- */

static void test_the_last_release_frees_the_clip_and_its_tracks(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip_options opts = {0};
    opts.allocator = &a;
    ta_clip *clip = two_track_clip(&a, &opts);
    assert_true(counter.live_bytes > 0);
    ta_clip_retain(clip);
    ta_clip_retain(clip);
    ta_clip_release(clip);
    ta_clip_release(clip);
    assert_true(counter.live_bytes > 0);
    assert_string_equal(ta_clip_name(clip), "slide");
    ta_clip_release(clip);
    assert_int_equal(counter.live_bytes, 0);
    assert_int_equal(counter.allocations, counter.frees);
}

static void test_a_shared_clip_is_not_edited(void **state)
{
    (void)state;
    ta_clip_options opts = {0};
    opts.duration = 1.5;
    ta_clip *clip = two_track_clip(NULL, &opts);
    ta_clip_retain(clip); /* an action holds it now */
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_clip_trim(clip, &err), &err, TA_ERROR_BAD_STATE, "2 references");
    TA_ASSERT_REFUSED(ta_clip_optimize(clip, &err), &err, TA_ERROR_BAD_STATE, "optimize");
    TA_ASSERT_REFUSED(ta_clip_reset_duration(clip, &err), &err, TA_ERROR_BAD_STATE, "reset_duration");
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.5, 0);
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 0)), 3);
    ta_clip_release(clip);
    TA_ASSERT_OK(ta_clip_trim(clip, &err), &err);
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 0)), 2);
    TA_ASSERT_OK(ta_clip_reset_duration(clip, &err), &err);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.0, 0);
    ta_clip_release(clip);
}

typedef struct share_job {
    const ta_clip *clip;
    int rounds;
} share_job;

static void *retain_release(void *arg)
{
    share_job *job = (share_job *)arg;
    for (int i = 0; i < job->rounds; i++) {
        ta_clip_retain(job->clip);
        ta_clip_retain(job->clip);
        ta_clip_release(job->clip);
        ta_clip_release(job->clip);
    }
    return NULL;
}

static void test_the_count_is_atomic(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip_options opts = {0};
    opts.allocator = &a;
    ta_clip *clip = two_track_clip(&a, &opts);
    pthread_t threads[4];
    share_job job = {clip, 20000};
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&threads[i], NULL, retain_release, &job), 0);
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_join(threads[i], NULL), 0);
    /* Back to one reference: the clip can be edited, and one release frees it. */
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_optimize(clip, &err), &err);
    ta_clip_release(clip);
    assert_int_equal(counter.live_bytes, 0);
}

/* ---- copy ------------------------------------------------------------------------- */

static void test_a_copy_is_deep_with_a_new_uuid(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip_options opts = {0};
    opts.duration = 1.25;
    opts.blend_mode = TA_BLEND_MODE_ADDITIVE;
    opts.user_data = "{\"take\": 3}";
    ta_clip *clip = two_track_clip(NULL, &opts);
    ta_error err = {0};
    ta_clip *copy = NULL;
    TA_ASSERT_OK(ta_clip_copy(clip, &a, &copy, &err), &err);
    assert_true(counter.live_bytes > 0); /* made with the allocator given */
    assert_string_equal(ta_clip_name(copy), "slide");
    TA_ASSERT_NEAR(ta_clip_duration(copy).seconds, 1.25, 0);
    assert_int_equal(ta_clip_blend_mode(copy), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_user_data(copy), "{\"take\": 3}");
    assert_true(is_v4_uuid(ta_clip_uuid(copy)));
    assert_string_not_equal(ta_clip_uuid(copy), ta_clip_uuid(clip));
    assert_int_equal(ta_clip_track_count(copy), 2);
    for (uint32_t i = 0; i < 2; i++) {
        const ta_track *x = ta_clip_track(clip, i), *y = ta_clip_track(copy, i);
        assert_ptr_not_equal(x, y);
        assert_ptr_not_equal(ta_track_values(x), ta_track_values(y));
        assert_int_equal(ta_track_key_count(x), ta_track_key_count(y));
        assert_memory_equal(ta_track_values(x), ta_track_values(y),
                            ta_track_key_count(x) * ta_track_value_size(x) * sizeof(float));
    }
    ta_clip_release(clip); /* the copy lives on */
    assert_int_equal(ta_track_key_count(ta_clip_track(copy, 0)), 3);
    ta_clip *copy2 = NULL;
    TA_ASSERT_OK(ta_clip_copy(copy, NULL, &copy2, &err), &err);
    assert_string_not_equal(ta_clip_uuid(copy2), ta_clip_uuid(copy));
    ta_clip_release(copy2);
    ta_clip_release(copy);
    assert_int_equal(counter.live_bytes, 0);

    TA_ASSERT_REFUSED(ta_clip_copy(NULL, NULL, &copy, &err), &err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
}

static void test_a_copy_out_of_memory_makes_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip *clip = two_track_clip(NULL, NULL);
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_error err = {0};
        ta_clip *out = NULL;
        ta_result r = ta_clip_copy(clip, &a, &out, &err);
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
    ta_clip_release(clip);
}

/* ---- editing ------------------------------------------------------------------------ */

static void test_trim_cuts_every_track_to_the_clip(void **state)
{
    (void)state;
    ta_clip_options opts = {0};
    opts.duration = 1.5;
    ta_clip *clip = two_track_clip(NULL, &opts);
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_trim(clip, &err), &err);
    /* three.js trim(0, 1.5): keys at 0 and 1 stay, the key at 2 goes. */
    const ta_track *p = ta_clip_track(clip, 0);
    assert_int_equal(ta_track_key_count(p), 2);
    TA_ASSERT_NEAR(ta_track_times(p)[1], 1.0, 0);
    TA_ASSERT_NEAR(ta_track_values(p)[5], 3.0, 0);
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 1)), 2);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 1.5, 0); /* trim keeps the length */
    ta_clip_release(clip);
}

static void test_optimize_removes_keys_equal_to_both_sides(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2, 3, 4};
    const float values[] = {0, 0, 0, 1, 1};
    ta_track *t = opacity_track(NULL, times, 5, values);
    ta_clip *clip = NULL;
    ta_error err = {0};
    clip = ta_test_clip("fade", &t, 1, NULL);
    TA_ASSERT_OK(ta_clip_optimize(clip, &err), &err);
    const ta_track *o = ta_clip_track(clip, 0);
    /* Key 1 equals keys 0 and 2; the first and the last stay. */
    assert_int_equal(ta_track_key_count(o), 4);
    TA_ASSERT_NEAR(ta_track_times(o)[1], 2, 0);
    TA_ASSERT_NEAR(ta_track_times(o)[2], 3, 0);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 4, 0);
    ta_clip_release(clip);
}

static void test_reset_duration_takes_the_longest_track(void **state)
{
    (void)state;
    ta_clip_options opts = {0};
    opts.duration = 5.0;
    ta_clip *clip = two_track_clip(NULL, &opts);
    ta_error err = {0};
    TA_ASSERT_OK(ta_clip_reset_duration(clip, &err), &err);
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.0, 0);
    ta_clip_release(clip);

    /* A given length over keys all at 0: resetting would make a clip of no length. */
    const float at_zero[] = {0.0f};
    const float v[] = {0.25f};
    ta_track *t = opacity_track(NULL, at_zero, 1, v);
    opts.duration = 2.0;
    clip = ta_test_clip("still", &t, 1, &opts);
    TA_ASSERT_REFUSED(ta_clip_reset_duration(clip, &err), &err, TA_ERROR_EMPTY_CLIP, "no length");
    TA_ASSERT_NEAR(ta_clip_duration(clip).seconds, 2.0, 0);
    ta_clip_release(clip);
}

static void test_editing_out_of_memory_changes_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_clip_options opts = {0};
    opts.allocator = &a;
    opts.duration = 1.5;
    ta_clip *clip = two_track_clip(&a, &opts);
    const ta_track *before = ta_clip_track(clip, 0);
    size_t live = counter.live_bytes;
    int refusals = 0;
    for (long fail = 0;; fail++) {
        counter.fail_after = (long)counter.allocations + fail;
        ta_error err = {0};
        ta_result r = ta_clip_trim(clip, &err);
        counter.fail_after = -1;
        if (r == TA_OK) break;
        refusals++;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_int_equal(counter.live_bytes, live);
        assert_ptr_equal(ta_clip_track(clip, 0), before);
        assert_int_equal(ta_track_key_count(ta_clip_track(clip, 0)), 3);
    }
    assert_true(refusals > 0);
    assert_int_equal(ta_track_key_count(ta_clip_track(clip, 0)), 2);
    ta_clip_release(clip);
    assert_int_equal(counter.live_bytes, 0);
}

/* ---- find_by_name ---------------------------------------------------------------------- */

static void test_find_by_name_returns_the_first(void **state)
{
    (void)state;
    ta_clip *clips[3];
    for (int i = 0; i < 3; i++) {
        ta_track *t = opacity_track(NULL, T2, 2, O2);
        clips[i] = ta_test_clip(i == 0 ? "walk" : "run", &t, 1, NULL);
    }
    uint32_t at = 99;
    assert_true(ta_clip_find_by_name((const ta_clip *const *)clips, 3, "run", &at));
    assert_int_equal(at, 1);
    assert_true(ta_clip_find_by_name((const ta_clip *const *)clips, 3, "walk", &at));
    assert_int_equal(at, 0);
    at = 99;
    assert_false(ta_clip_find_by_name((const ta_clip *const *)clips, 3, "jump", &at));
    assert_int_equal(at, 99);
    assert_false(ta_clip_find_by_name((const ta_clip *const *)clips, 1, "run", &at));
    assert_false(ta_clip_find_by_name(NULL, 0, "run", &at));
    for (int i = 0; i < 3; i++) ta_clip_release(clips[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_clip_lasts_as_long_as_its_longest_track),
        cmocka_unit_test(test_options_set_duration_blend_mode_user_data_and_uuid),
        cmocka_unit_test(test_user_data_is_kept_unread_and_markers_are_the_clips_own),
        cmocka_unit_test(test_the_made_uuid_follows_the_contents),
        cmocka_unit_test(test_blend_mode_names),
        cmocka_unit_test(test_refused_clips_leave_the_tracks_with_the_caller),
        cmocka_unit_test(test_a_clip_of_no_length_is_refused),
        cmocka_unit_test(test_out_of_memory_anywhere_leaves_the_tracks_with_the_caller),
        cmocka_unit_test(test_the_last_release_frees_the_clip_and_its_tracks),
        cmocka_unit_test(test_a_shared_clip_is_not_edited),
        cmocka_unit_test(test_the_count_is_atomic),
        cmocka_unit_test(test_a_copy_is_deep_with_a_new_uuid),
        cmocka_unit_test(test_a_copy_out_of_memory_makes_nothing),
        cmocka_unit_test(test_trim_cuts_every_track_to_the_clip),
        cmocka_unit_test(test_optimize_removes_keys_equal_to_both_sides),
        cmocka_unit_test(test_reset_duration_takes_the_longest_track),
        cmocka_unit_test(test_editing_out_of_memory_changes_nothing),
        cmocka_unit_test(test_find_by_name_returns_the_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
