/*
 * Every row of the table of refusals ("What is refused": each mistake the API
 * refuses and its answer, embedded below in ROWS),
 * end to end: each test makes the mistake of its row, checks the error code and
 * that the message names the cause (the argument, the index or the value), and
 * compares a snapshot of every object the call could touch (ta_snapshot.h:
 * scene, assets, cameras, tracks, clips, actions, mixer) taken before and after
 * the call, byte for byte. It also checks that the refused call left nothing
 * allocated (a counting allocator) and, for the calls on a mixer and its
 * actions, that the world goes on exactly like a twin world that never saw the
 * call (hidden state such as a fade or a binding would show there).
 *
 * The module tests (tests/unit/test_keyframe_track.c, test_track_sampling.c,
 * test_track_kinds.c, test_track_edit.c, test_animation_clip.c,
 * test_animation_utils.c, test_animation_mixer.c, test_clip_json.c) test the
 * same rows in more detail; this file is the one place that covers them all.
 *
 * The rows, in the table's words, and their tests (ROWS below is this list in
 * code; test_the_list_is_the_spec_table checks it, and against the reference
 * document the table came from when a copy is beside the clone):
 *
 *  1 A kind or an interpolation that is not named ................ row_kind_or_interpolation_not_named
 *  2 A track with no keys ........................................ row_track_with_no_keys
 *  3 Times that are negative, or that do not rise ................ row_times_negative_or_not_rising
 *  4 Values that do not divide into one per key .................. row_values_not_one_per_key
 *  5 A rotation key that is not of unit length ................... row_rotation_key_not_unit
 *  6 A QUATERNION track that is SMOOTH ........................... row_smooth_quaternion
 *  7 A CUBIC_SPLINE track without tangents, or with tangents
 *    that are not one per value .................................. row_cubic_spline_tangents
 *  8 An ending mode that is not named ............................ row_ending_not_named
 *  9 Reading a rotation off a position track, or the other way ... row_wrong_kind_read
 * 10 A clip with no tracks, or one that lasts no time ............ row_clip_empty_or_no_length
 * 11 A weight below zero, or a loop mode that is not named ....... row_weight_below_zero_or_loop_not_named
 * 12 A fade, a warp or a cross-fade that lasts less than no time . row_ramp_less_than_no_time
 * 13 A warp on an action with a time scale of zero ............... row_warp_on_zero_time_scale
 * 14 A cross-fade from an action to itself ....................... row_cross_fade_with_itself
 * 15 A weight, a time scale, a frame time, a start time or a key
 *    that is not a number ........................................ row_not_a_number
 * 16 An action index the mixer does not have ..................... row_action_index_not_in_mixer
 * 17 A track naming a node the scene does not have ............... row_missing_node
 * 18 A track naming a mesh, a light or a material not there ...... row_missing_mesh_light_material
 * 19 A material track given to update(scene, delta) .............. row_material_track_without_assets
 * 20 A group member that is not in the scene ..................... row_group_member_not_in_scene
 * 21 A value that its property cannot hold ....................... row_value_not_held
 * 22 A target function given a kind of another thing ............. row_target_function_wrong_kind
 * 23 A morph target below 0, or past the mesh's (at update) ....... row_morph_target_out_of_range
 * 24 A flag or a string track that is not STEP, or a flag key
 *    that is not 0 or 1 .......................................... row_flag_or_string_not_step
 * 25 A BEZIER track without control points, or with a number of
 *    them that is not two per value .............................. row_bezier_control_points
 * 26 A shift that moves a key before zero, or a scale that is not
 *    above zero .................................................. row_shift_before_zero_or_scale
 * 27 A camera track given to an update without the cameras ...... row_camera_track_without_cameras
 * 28 A camera number that the camera cannot hold ................. row_camera_number_not_held
 * 29 A light distance, angle or penumbra that Light.validate
 *    refuses ..................................................... row_light_number_not_held
 * 30 Repetitions below zero, or a set_duration of zero ........... row_repetitions_or_set_duration
 * 31 An uncached action .......................................... row_uncached_action
 * 32 A clip in JSON with a cubic spline track, a track in the
 *    older keys form, or a track whose type is not the type of
 *    its property ................................................ row_json_clip_track_forms
 * 33 A track in JSON on the scene itself, or on a property that
 *    this port does not drive .................................... row_json_scene_or_undriven
 * 34 A blend mode that is not named .............................. row_blend_mode_not_named
 * 35 A frame rate that is not above zero, or a frame below zero .. row_frame_rate_or_frame
 * 36 A subclip range that ends before it starts, or that keeps
 *    no clip ..................................................... row_subclip_range
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ta_snapshot.h"
#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/animation_json.h"
#include "threeanim/object_json.h"
#include "threeanim/threeanim.h"

#define TEST_PI 3.14159265358979323846

/* ---- snapshots -------------------------------------------------------------------------- */

static void assert_snaps_equal(const ta_snap *a, const ta_snap *b, const char *what, const char *file, int line)
{
    if (!ta_snap_equal(a, b)) {
        char where[128];
        print_error("%s changed %s\n", what, ta_snap_first_difference(a, b, where, sizeof where));
        _fail(file, line);
    }
}
#define ASSERT_SNAPS_EQUAL(a, b, what) assert_snaps_equal((a), (b), (what), __FILE__, __LINE__)

/* The caller's arrays of a track description, which a refused create must not touch. */
static void snap_desc(ta_snap *s, const ta_track_desc *d)
{
    ta_snap_put(s, "desc", d, sizeof *d);
    if (d->times) ta_snap_put(s, "desc.times", d->times, sizeof(float) * d->key_count);
    if (d->values) ta_snap_put(s, "desc.values", d->values, sizeof(float) * d->value_count);
    if (d->in_tangents) ta_snap_put(s, "desc.in", d->in_tangents, sizeof(float) * d->tangent_count);
    if (d->out_tangents) ta_snap_put(s, "desc.out", d->out_tangents, sizeof(float) * d->tangent_count);
    if (d->strings)
        for (uint32_t i = 0; i < d->key_count; ++i) ta_snap_text(s, "desc.string", d->strings[i]);
}

/* TA_ASSERT_REFUSED, saying what the call answered when it is not the refusal expected. */
static void assert_refused(ta_result r, const ta_error *err, ta_result code, const char *needle, const char *call,
                           const char *file, int line)
{
    if (r != code || err->code != code) {
        print_error("%s\n  answered %s (%s), want %s\n", call, ta_result_name(r), err->message,
                    ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err->message, needle, file, line);
}
#undef TA_ASSERT_REFUSED
#define TA_ASSERT_REFUSED(call, errp, code, needle) \
    assert_refused((call), (errp), (code), (needle), #call, __FILE__, __LINE__)

/* An out pointer of a refused call: as it was, or NULL. */
#define ASSERT_OUT_UNTOUCHED(out, sentinel) assert_true((void *)(out) == (void *)(sentinel) || (out) == NULL)

/* ---- tracks and targets ------------------------------------------------------------------ */

static ta_track_target target_node(ta_node_id node, ta_track_kind kind)
{
    return ta_test_node_target(node, kind);
}

static ta_track *make_track(ta_track_target target, const float *times, uint32_t keys, const float *values,
                            ta_interpolation interp)
{
    return ta_test_track(target, interp, times, keys, values, keys * ta_track_kind_value_size(target.kind));
}

/* A track of two keys at 0 and 1 holding v0 then v1 (n numbers each). */
static ta_track *track2(ta_track_target target, const float *v0, const float *v1, uint32_t n)
{
    return ta_test_track2(target, TA_INTERPOLATION_DEFAULT, 1, v0, v1, n);
}

static ta_clip *clip_of(const char *name, ta_track *t, ta_blend_mode mode)
{
    return ta_test_clip_blend(name, t, mode);
}

/* ta_track_create refused: code and message, the caller's arrays unchanged, no
 * track made, nothing left allocated. */
static void refuse_track(const ta_track_desc *d, ta_result code, const char *needle, const char *file, int line)
{
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    snap_desc(&before, d);
    int sentinel;
    ta_track *out = (ta_track *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_track_create(d, &alloc, &out, &err);
    if (r != code || err.code != code) {
        print_error("got %s (%s), want %s\n", ta_result_name(r), err.message, ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err.message, needle, file, line);
    snap_desc(&after, d);
    assert_snaps_equal(&before, &after, "the track description", file, line);
    if (!((void *)out == (void *)&sentinel || out == NULL)) {
        print_error("a refused create gave a track\n");
        _fail(file, line);
    }
    if (counter.live_bytes != 0) {
        print_error("a refused create left %zu bytes allocated\n", counter.live_bytes);
        _fail(file, line);
    }
    ta_snap_free(&before);
    ta_snap_free(&after);
}
#define REFUSE_TRACK(d, code, needle) refuse_track((d), (code), (needle), __FILE__, __LINE__)

static ta_track_desc desc_of(ta_track_target target, const float *times, uint32_t keys, const float *values,
                             uint32_t value_count, ta_interpolation interp)
{
    return ta_test_desc(target, interp, times, keys, values, value_count);
}

/* A target constructor refused: code, message, and out left as it was. */
#define REFUSE_TARGET(CALL_WITH_OUT, code, needle)                                                 \
    do {                                                                                           \
        ta_track_target out_, before_;                                                             \
        memset(&out_, 0xab, sizeof out_);                                                          \
        memcpy(&before_, &out_, sizeof out_);                                                      \
        ta_error err_ = {0};                                                                       \
        ta_track_target *OUT = &out_;                                                              \
        ta_error *E = &err_;                                                                       \
        TA_ASSERT_REFUSED((CALL_WITH_OUT), &err_, (code), (needle));                               \
        assert_memory_equal(&out_, &before_, sizeof out_);                                         \
    } while (0)

/* ---- a stage: a scene, its assets and cameras, a mixer and its actions -------------------- */

#define STAGE_MAX 8

typedef struct stage {
    ta_test_counter counter;
    ta_allocator alloc;
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
    ta_node_id root, child, lamp_node, cam_node, ortho_node, body, bone;
    ta_mesh_id mesh;
    ta_skinned_mesh_id skinned;
    ta_material_id mat;
    ta_texture_id tex;
    ta_light_id lamp;
    ta_perspective_camera_id cam;
    ta_orthographic_camera_id ortho;
    ta_mixer *mixer;
    ta_clip *clips[STAGE_MAX];
    uint32_t clip_count;
    ta_action *actions[STAGE_MAX];
    uint32_t index[STAGE_MAX];
    uint32_t action_count;
} stage;

typedef void (*stage_hook)(stage *s);

static void stage_keep_clip(stage *s, ta_clip *clip)
{
    assert_true(s->clip_count < STAGE_MAX);
    s->clips[s->clip_count++] = clip;
}

/* Adds an action on clip, filed under the mixer's root; plays it if asked. */
static ta_action *stage_add(stage *s, const ta_clip *clip, bool play)
{
    ta_error err = {0};
    ta_action *a = NULL;
    ta_action_options o = {&s->alloc, TA_BLEND_MODE_DEFAULT};
    TA_ASSERT_OK(ta_action_create(clip, &o, &a, &err), &err);
    assert_true(s->action_count < STAGE_MAX);
    TA_ASSERT_OK(ta_mixer_add(s->mixer, a, ta_node_none(), &s->index[s->action_count], &err), &err);
    s->actions[s->action_count++] = a;
    if (play) TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

static ta_result stage_update(stage *s, double dt, ta_error *err)
{
    return ta_mixer_update_with_cameras(s->mixer, s->scene, s->assets, s->cameras, ta_duration_from_seconds(dt), err);
}

/* The world every mixer row starts from: a node with a mesh (two morph targets,
 * a material with a map), a skinned mesh with a bone, a spot light, a
 * perspective and an orthographic camera; three actions: 0 moves and turns the
 * node (REPEAT), 1 drives the material, the light, the camera and a morph
 * target (PING_PONG, fading in), 2 is on the first clip but not played. Two
 * updates have run, so bindings and originals exist. */
static void stage_make(stage *s, stage_hook setup)
{
    ta_error err = {0};
    memset(s, 0, sizeof *s);
    s->counter.fail_after = -1;
    s->alloc = ta_test_counting_allocator(&s->counter);
    ta_scene_options so = {&s->alloc, "stage", "u-stage"};
    TA_ASSERT_OK(ta_scene_create(&so, &s->scene, &err), &err);
    ta_assets_options ao = {&s->alloc};
    TA_ASSERT_OK(ta_assets_create(&ao, &s->assets, &err), &err);
    ta_camera_list_options co = {&s->alloc};
    TA_ASSERT_OK(ta_camera_list_create(&co, &s->cameras, &err), &err);
    s->root = ta_test_node_under(s->scene, ta_node_none(), "root");
    s->child = ta_test_node_under(s->scene, s->root, "child");
    s->lamp_node = ta_test_node_under(s->scene, s->root, "lamp");
    s->cam_node = ta_test_node_under(s->scene, s->root, "cam");
    s->ortho_node = ta_test_node_under(s->scene, s->root, "ortho");
    s->body = ta_test_node_under(s->scene, s->root, "body");
    s->bone = ta_test_node_under(s->scene, s->body, "bone");
    ta_scene_node(s->scene, s->child)->position = ta_vec3_make(1, 2, 3);
    ta_texture tex = ta_texture_defaults();
    TA_ASSERT_OK(ta_assets_add_texture(s->assets, &tex, "tex", "u-tex", &s->tex, &err), &err);
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
    m.opacity = 0.5f;
    m.map = s->tex;
    TA_ASSERT_OK(ta_assets_add_material(s->assets, &m, "mat", "u-mat", &s->mat, &err), &err);
    const char *names[2] = {"smile", "frown"};
    float infl[2] = {0.25f, 0};
    ta_mesh_desc md = {0};
    md.node = s->child;
    md.morph_count = 2;
    md.morph_influences = infl;
    md.morph_names = names;
    md.materials = &s->mat;
    md.material_count = 1;
    TA_ASSERT_OK(ta_scene_add_mesh(s->scene, &md, &s->mesh, &err), &err);
    ta_mesh_desc sd = {0};
    sd.node = s->body;
    sd.morph_count = 1;
    sd.bones = &s->bone;
    sd.bone_count = 1;
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s->scene, &sd, &s->skinned, &err), &err);
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    l.node = s->lamp_node;
    TA_ASSERT_OK(ta_scene_add_light(s->scene, &l, &s->lamp, &err), &err);
    ta_perspective_camera c = ta_perspective_camera_defaults();
    c.node = s->cam_node;
    TA_ASSERT_OK(ta_camera_list_add_perspective(s->cameras, &c, &s->cam, &err), &err);
    ta_orthographic_camera o = ta_orthographic_camera_defaults();
    o.node = s->ortho_node;
    TA_ASSERT_OK(ta_camera_list_add_orthographic(s->cameras, &o, &s->ortho, &err), &err);

    ta_mixer_options mo = {&s->alloc};
    TA_ASSERT_OK(ta_mixer_create(ta_node_none(), &mo, &s->mixer, &err), &err);

    /* clip 0: position and rotation of the node */
    const float times[3] = {0, 0.5f, 1};
    const float pos[9] = {0, 0, 0, 2, 1, 0, 4, 0, 0};
    const float h = (float)(TEST_PI / 4);
    const float rot[12] = {0, 0, 0, 1, 0, sinf(h / 2), 0, cosf(h / 2), 0, sinf(h), 0, cosf(h)};
    ta_track *walk[2] = {make_track(target_node(s->child, TA_TRACK_KIND_POSITION), times, 3, pos, TA_INTERPOLATION_LINEAR),
                         make_track(target_node(s->child, TA_TRACK_KIND_QUATERNION), times, 3, rot, TA_INTERPOLATION_LINEAR)};
    ta_clip_options clip_opts = {0};
    clip_opts.allocator = &s->alloc;
    ta_clip *clip = ta_test_clip("walk", walk, 2, &clip_opts);
    stage_keep_clip(s, clip);

    /* clip 1: the material, the light, the camera and a morph target */
    ta_track_target t_op, t_color, t_int, t_fov, t_morph;
    TA_ASSERT_OK(ta_track_target_material(s->mat, TA_TRACK_KIND_MATERIAL_OPACITY, &t_op, &err), &err);
    TA_ASSERT_OK(ta_track_target_material(s->mat, TA_TRACK_KIND_MATERIAL_COLOR, &t_color, &err), &err);
    TA_ASSERT_OK(ta_track_target_light(s->lamp, TA_TRACK_KIND_LIGHT_INTENSITY, &t_int, &err), &err);
    TA_ASSERT_OK(ta_track_target_perspective_camera(s->cam, TA_TRACK_KIND_CAMERA_FOV, &t_fov, &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(s->mesh, 1, &t_morph, &err), &err);
    const float two[2] = {0, 2};
    const float op[2] = {0.2f, 0.9f}, col[6] = {1, 0, 0, 0, 0.5f, 1}, inten[2] = {1, 3}, fov[2] = {40, 70},
                mo_v[2] = {0, 1};
    ta_track *glow[5] = {make_track(t_op, two, 2, op, TA_INTERPOLATION_LINEAR), make_track(t_color, two, 2, col, TA_INTERPOLATION_LINEAR),
                         make_track(t_int, two, 2, inten, TA_INTERPOLATION_STEP), make_track(t_fov, two, 2, fov, TA_INTERPOLATION_LINEAR),
                         make_track(t_morph, two, 2, mo_v, TA_INTERPOLATION_LINEAR)};
    clip = ta_test_clip("glow", glow, 5, &clip_opts);
    stage_keep_clip(s, clip);

    ta_action *a0 = stage_add(s, s->clips[0], true);
    ta_action *a1 = stage_add(s, s->clips[1], true);
    stage_add(s, s->clips[0], false);
    TA_ASSERT_OK(ta_action_set_loop(a0, TA_LOOP_MODE_REPEAT, TA_ACTION_ENDLESS, &err), &err);
    TA_ASSERT_OK(ta_action_set_loop(a1, TA_LOOP_MODE_PING_PONG, 5, &err), &err);
    TA_ASSERT_OK(ta_action_set_weight(a1, 0.75f, &err), &err);
    TA_ASSERT_OK(ta_action_fade_in(a1, ta_duration_from_seconds(1), &err), &err);
    TA_ASSERT_OK(stage_update(s, 0.1, &err), &err);
    TA_ASSERT_OK(stage_update(s, 0.3, &err), &err);
    if (setup) setup(s);
}

static void stage_snap(ta_snap *snap, stage *s)
{
    ta_snap_clear(snap);
    ta_snap_scene(snap, s->scene);
    ta_snap_assets(snap, s->assets);
    ta_snap_cameras(snap, s->cameras);
    ta_snap_mixer(snap, s->mixer, s->actions, s->action_count);
    for (uint32_t i = 0; i < s->clip_count; ++i) ta_snap_clip(snap, s->clips[i]);
    ta_snap_put(snap, "live_bytes", &s->counter.live_bytes, sizeof s->counter.live_bytes);
}

static void stage_free(stage *s)
{
    ta_mixer_destroy(s->mixer);
    for (uint32_t i = 0; i < s->clip_count; ++i) ta_clip_release(s->clips[i]);
    ta_scene_destroy(s->scene);
    ta_assets_destroy(s->assets);
    ta_camera_list_destroy(s->cameras);
    /* (ta_test_counter counts a realloc as an allocation: live bytes tell a leak) */
    assert_int_equal(s->counter.live_bytes, 0);
}

static const char *describe_event(const ta_animation_event *e)
{
    static char buf[4][96];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, 96, "%s action %u loop_delta %lld direction %d", e->kind == TA_EVENT_KIND_LOOPED ? "LOOPED" : "FINISHED",
             e->action, (long long)e->loop_delta, e->direction);
    return b;
}

/* After a refusal in a, a and its twin b (which never saw the call) are run
 * alike; every step must give the same result and the same snapshot. repair
 * (optional) then takes out what made the stage refuse updates, on both. */
static void stage_run_twins(stage *a, stage *b, stage_hook repair, const char *file, int line)
{
    ta_snap sa, sb;
    ta_snap_init(&sa);
    ta_snap_init(&sb);
    static const double steps[] = {0.05, 0.7, 0.25, 1.5, 0.0, 0.4};
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            if (repair == NULL) break;
            repair(a);
            repair(b);
        }
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; ++i) {
            ta_error ea = {0}, eb = {0};
            ta_result ra = stage_update(a, steps[i], &ea), rb = stage_update(b, steps[i], &eb);
            if (ra != rb || strcmp(ea.message, eb.message) != 0) {
                print_error("after the refusal, update %zu gave %s (%s), its twin %s (%s)\n", i, ta_result_name(ra),
                            ea.message, ta_result_name(rb), eb.message);
                _fail(file, line);
            }
            stage_snap(&sa, a);
            stage_snap(&sb, b);
            ta_animation_event ev[16], evb[16];
            uint32_t na = ta_mixer_drain_events(a->mixer, ev, 16), nb = ta_mixer_drain_events(b->mixer, evb, 16);
            bool same = na == nb;
            for (uint32_t k = 0; same && k < na; ++k)
                same = ev[k].kind == evb[k].kind && ev[k].action == evb[k].action &&
                       ev[k].loop_delta == evb[k].loop_delta && ev[k].direction == evb[k].direction;
            if (!same) {
                print_error("after the refusal, update %zu gave %u events, its twin %u:\n", i, na, nb);
                for (uint32_t k = 0; k < na || k < nb; ++k)
                    print_error("  %s  |  %s\n", k < na ? describe_event(&ev[k]) : "", k < nb ? describe_event(&evb[k]) : "");
                _fail(file, line);
            }
            assert_snaps_equal(&sa, &sb, "the world after the refusal (against its twin):", file, line);
        }
    }
    ta_snap_free(&sa);
    ta_snap_free(&sb);
}

/* The row's call, refused on a stage: S is the stage and E the ta_error in CALL.
 * Checks the code and the message, that the snapshot of the stage is the same
 * byte for byte, that nothing was left allocated, and then runs the stage
 * beside a twin that never saw the call. */
#define STAGE_REFUSES(SETUP, REPAIR, CALL, CODE, NEEDLE)                                          \
    do {                                                                                          \
        stage A_, B_;                                                                             \
        stage_make(&A_, (SETUP));                                                                 \
        stage_make(&B_, (SETUP));                                                                 \
        ta_snap before_, after_;                                                                  \
        ta_snap_init(&before_);                                                                   \
        ta_snap_init(&after_);                                                                    \
        stage_snap(&before_, &A_);                                                                \
        ta_error err_ = {0};                                                                      \
        stage *S = &A_;                                                                           \
        ta_error *E = &err_;                                                                      \
        (void)S;                                                                                  \
        TA_ASSERT_REFUSED((CALL), &err_, (CODE), (NEEDLE));                                       \
        stage_snap(&after_, &A_);                                                                 \
        ASSERT_SNAPS_EQUAL(&before_, &after_, "the refused call");                                \
        stage_run_twins(&A_, &B_, (REPAIR), __FILE__, __LINE__);                                  \
        ta_snap_free(&before_);                                                                   \
        ta_snap_free(&after_);                                                                    \
        stage_free(&A_);                                                                          \
        stage_free(&B_);                                                                          \
    } while (0)

/* Setups that add one action on a clip of one bad track, played; the repair
 * uncaches it, so that the twins can then run. */
static ta_track *bad_track;
static void add_bad_track(stage *s)
{
    ta_error err = {0};
    ta_track *copy = NULL;
    TA_ASSERT_OK(ta_track_copy(bad_track, &s->alloc, &copy, &err), &err);
    ta_clip_options o = {0};
    o.allocator = &s->alloc;
    ta_clip *clip = ta_test_clip("bad", &copy, 1, &o);
    stage_keep_clip(s, clip);
    stage_add(s, clip, true);
}
static void uncache_last(stage *s)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_uncache_action(s->mixer, s->index[s->action_count - 1], &err), &err);
}

/* An update of the stage with the bad track t refused; `form` picks the update. */
enum update_form { WITH_CAMERAS, WITH_ASSETS, SCENE_ONLY };
static ta_result update_form(stage *s, enum update_form form, ta_error *err)
{
    switch (form) {
    case SCENE_ONLY: return ta_mixer_update(s->mixer, s->scene, ta_duration_from_seconds(0.5), err);
    case WITH_ASSETS: return ta_mixer_update_with_assets(s->mixer, s->scene, s->assets, ta_duration_from_seconds(0.5), err);
    default: return stage_update(s, 0.5, err);
    }
}
static void refuse_update_with(ta_track *t, enum update_form form, ta_result code, const char *needle)
{
    bad_track = t;
    STAGE_REFUSES(add_bad_track, uncache_last, update_form(S, form, E), code, needle);
    /* set_time runs the same checks */
    if (form == WITH_CAMERAS) {
        ta_mixer_targets targets;
        STAGE_REFUSES(add_bad_track, uncache_last,
                      (targets.scene = S->scene, targets.assets = S->assets, targets.cameras = S->cameras,
                       ta_mixer_set_time(S->mixer, &targets, ta_duration_from_seconds(0.25), E)),
                      code, needle);
    }
    ta_track_destroy(t);
    bad_track = NULL;
}

/* ---- the rows ------------------------------------------------------------------------------- */

static const float T2[2] = {0, 1};
static const float T3[3] = {0, 0.5f, 1};

static void row_kind_or_interpolation_not_named(void **state)
{
    (void)state;
    float v[6] = {0, 0, 0, 1, 1, 1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, v, 6, TA_INTERPOLATION_DEFAULT);
    d.target.kind = (ta_track_kind)77;
    REFUSE_TRACK(&d, TA_ERROR_UNKNOWN_ENUM, "kind 77");
    d.target.kind = TA_TRACK_KIND_POSITION;
    d.interpolation = TA_INTERPOLATION_COUNT;
    REFUSE_TRACK(&d, TA_ERROR_UNKNOWN_ENUM, "interpolation: 6");
    d.interpolation = (ta_interpolation)-1;
    REFUSE_TRACK(&d, TA_ERROR_UNKNOWN_ENUM, "interpolation: -1");
    /* the target constructors refuse a kind that is not named too */
    REFUSE_TARGET(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_COUNT, OUT, E), TA_ERROR_UNKNOWN_ENUM, "40");
    REFUSE_TARGET(ta_track_target_light(ta_light_at(0), (ta_track_kind)-3, OUT, E), TA_ERROR_UNKNOWN_ENUM, "-3");
}

static void row_track_with_no_keys(void **state)
{
    (void)state;
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 0, NULL, 0, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_NO_KEYS, "key_count 0");
    d.times = NULL;
    REFUSE_TRACK(&d, TA_ERROR_NO_KEYS, "no times");
}

static void row_times_negative_or_not_rising(void **state)
{
    (void)state;
    float v[9] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    const float negative[3] = {-0.5f, 0, 1}, flat[3] = {0, 0.5f, 0.5f}, back[3] = {0, 2, 1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), negative, 3, v, 9, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_BAD_TIMES, "times: key 0 time -0.5 is negative");
    d.times = flat;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TIMES, "key 2 time 0.5 is not after key 1 time 0.5");
    d.times = back;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TIMES, "key 2 time 1 is not after key 1 time 2");
}

static void row_values_not_one_per_key(void **state)
{
    (void)state;
    float v[10] = {0};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T3, 3, v, 8, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_BAD_VALUE_COUNT, "values: 8 numbers");
    d.value_count = 10;
    REFUSE_TRACK(&d, TA_ERROR_BAD_VALUE_COUNT, "values: 10 numbers");
    d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_QUATERNION), T2, 2, v, 6, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_BAD_VALUE_COUNT, "values: 6 numbers");
}

static void row_rotation_key_not_unit(void **state)
{
    (void)state;
    const float v[8] = {0, 0, 0, 1, 0, 0.5f, 0, 0.5f};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_QUATERNION), T2, 2, v, 8, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_BAD_KEY_VALUE, "rotation key 1 (0, 0.5, 0, 0.5) has length 0.707");
    const float zero[8] = {0, 0, 0, 0, 0, 0, 0, 1};
    d.values = zero;
    REFUSE_TRACK(&d, TA_ERROR_BAD_KEY_VALUE, "rotation key 0");
    /* a cubic spline rotation is made of unit length, but its keys are still checked */
    const float tan[8] = {0};
    d.interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    d.in_tangents = tan;
    d.out_tangents = tan;
    d.tangent_count = 8;
    REFUSE_TRACK(&d, TA_ERROR_BAD_KEY_VALUE, "rotation key 0");
}

static void row_smooth_quaternion(void **state)
{
    (void)state;
    const float v[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_QUATERNION), T3, 3, v, 12, TA_INTERPOLATION_SMOOTH);
    REFUSE_TRACK(&d, TA_ERROR_BAD_INTERPOLATION, "a QUATERNION track cannot be SMOOTH");
}

static void row_cubic_spline_tangents(void **state)
{
    (void)state;
    float v[6] = {0, 0, 0, 1, 1, 1}, tan[12] = {0};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, v, 6, TA_INTERPOLATION_CUBIC_SPLINE);
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "in_tangents");
    d.in_tangents = tan;
    d.tangent_count = 6;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "out_tangents");
    d.out_tangents = tan;
    d.tangent_count = 5;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "tangent_count: 5 numbers for 6 values");
    d.tangent_count = 12;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "tangent_count: 12 numbers for 6 values");
}

static void row_ending_not_named(void **state)
{
    (void)state;
    const float v[3] = {0, 4, 1};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION_ELEMENT, 0, &t, &err), &err);
    ta_track *track = make_track(t, T3, 3, v, TA_INTERPOLATION_SMOOTH);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_track(&before, track);
    float out[4] = {7, 7, 7, 7};
    ta_sampler sampler = {1};
    TA_ASSERT_REFUSED(ta_track_sample(track, 0.25, TA_ENDING_COUNT, TA_ENDING_ZERO_SLOPE, out, 4, &err), &err,
                      TA_ERROR_UNKNOWN_ENUM, "3");
    TA_ASSERT_REFUSED(ta_track_sample_with(track, &sampler, 0.75, TA_ENDING_ZERO_SLOPE, (ta_ending)-1, out, 4, &err),
                      &err, TA_ERROR_UNKNOWN_ENUM, "-1");
    ta_snap_track(&after, track);
    ASSERT_SNAPS_EQUAL(&before, &after, "the track");
    for (int i = 0; i < 4; ++i) assert_true(out[i] == 7);
    assert_int_equal(sampler.cursor, 1);
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_track_destroy(track);
}

static void row_wrong_kind_read(void **state)
{
    (void)state;
    const float p[6] = {0, 0, 0, 4, 0, 0}, q[8] = {0, 0, 0, 1, 0, 1, 0, 0};
    ta_track *pos = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, p, TA_INTERPOLATION_LINEAR);
    ta_track *rot = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_QUATERNION), T2, 2, q, TA_INTERPOLATION_LINEAR);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_track(&before, pos);
    ta_snap_track(&before, rot);
    ta_error err = {0};
    ta_quat qo = {9, 9, 9, 9};
    ta_vec3 vo = {9, 9, 9};
    const char *so = "unchanged";
    TA_ASSERT_REFUSED(ta_track_sample_quaternion(pos, 0.5, &qo, &err), &err, TA_ERROR_WRONG_KIND, "POSITION");
    TA_ASSERT_REFUSED(ta_track_sample_vector3(rot, 0.5, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, &vo, &err), &err,
                      TA_ERROR_WRONG_KIND, "QUATERNION");
    TA_ASSERT_REFUSED(ta_track_sample_string(pos, 0.5, &so, &err), &err, TA_ERROR_WRONG_KIND, "POSITION");
    ta_snap_track(&after, pos);
    ta_snap_track(&after, rot);
    ASSERT_SNAPS_EQUAL(&before, &after, "the tracks");
    assert_true(qo.x == 9 && qo.w == 9 && vo.x == 9 && vo.z == 9);
    assert_string_equal(so, "unchanged");
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_track_destroy(pos);
    ta_track_destroy(rot);
}

/* ta_clip_create refused: the tracks stay the caller's, unchanged; no clip; nothing allocated. */
static void refuse_clip(ta_track **tracks, uint32_t count, const ta_clip_options *given, ta_result code,
                        const char *needle, const char *file, int line)
{
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_clip_options o = {0};
    if (given) o = *given;
    o.allocator = &alloc;
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    for (uint32_t i = 0; i < count; ++i) ta_snap_track(&before, tracks[i]);
    int sentinel;
    ta_clip *out = (ta_clip *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_clip_create("c", tracks, count, &o, &out, &err);
    if (r != code || err.code != code) {
        print_error("got %s (%s), want %s\n", ta_result_name(r), err.message, ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err.message, needle, file, line);
    for (uint32_t i = 0; i < count; ++i) ta_snap_track(&after, tracks[i]);
    assert_snaps_equal(&before, &after, "the tracks", file, line);
    if (!((void *)out == (void *)&sentinel || out == NULL)) _fail(file, line);
    if (counter.live_bytes != 0) {
        print_error("a refused clip left %zu bytes allocated\n", counter.live_bytes);
        _fail(file, line);
    }
    ta_snap_free(&before);
    ta_snap_free(&after);
}
#define REFUSE_CLIP(tracks, count, opts, code, needle) \
    refuse_clip((tracks), (count), (opts), (code), (needle), __FILE__, __LINE__)

static void row_clip_empty_or_no_length(void **state)
{
    (void)state;
    const float at0[1] = {0}, p[3] = {1, 2, 3};
    ta_track *still = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), at0, 1, p, TA_INTERPOLATION_LINEAR);
    ta_track *tracks[1] = {still};
    REFUSE_CLIP(tracks, 0, NULL, TA_ERROR_EMPTY_CLIP, "tracks: a clip needs at least one track, given 0");
    REFUSE_CLIP(tracks, 1, NULL, TA_ERROR_EMPTY_CLIP, "no time");
    /* the ready-made clips refuse a clip of no length too */
    ta_error err = {0};
    int sentinel;
    ta_clip *out = (ta_clip *)(void *)&sentinel;
    TA_ASSERT_REFUSED(ta_clip_create_rotation_animation(ta_node_at(0), ta_duration_from_seconds(0), 1, NULL, &out, &err), &err,
                      TA_ERROR_EMPTY_CLIP, "0");
    ASSERT_OUT_UNTOUCHED(out, &sentinel);
    ta_track_destroy(still); /* still the caller's: a clip that took it would free it twice */
}

static void row_weight_below_zero_or_loop_not_named(void **state)
{
    (void)state;
    STAGE_REFUSES(NULL, NULL, ta_action_set_weight(S->actions[0], -0.1f, E), TA_ERROR_OUT_OF_RANGE,
                  "weight: -0.1 is below zero");
    STAGE_REFUSES(NULL, NULL, ta_action_set_effective_weight(S->actions[1], -2, E), TA_ERROR_OUT_OF_RANGE,
                  "weight: -2");
    STAGE_REFUSES(NULL, NULL, ta_action_set_loop(S->actions[0], (ta_loop_mode)42, 3, E), TA_ERROR_UNKNOWN_ENUM,
                  "mode: 42 is not a loop mode");
    STAGE_REFUSES(NULL, NULL, ta_action_set_loop(S->actions[1], TA_LOOP_MODE_DEFAULT, 3, E), TA_ERROR_UNKNOWN_ENUM,
                  "mode: 0");
}

static void row_ramp_less_than_no_time(void **state)
{
    (void)state;
    STAGE_REFUSES(NULL, NULL, ta_action_fade_in(S->actions[0], ta_duration_from_seconds(-1), E), TA_ERROR_OUT_OF_RANGE,
                  "duration: -1 s lasts less than no time");
    STAGE_REFUSES(NULL, NULL, ta_action_fade_out(S->actions[1], ta_duration_from_seconds(-0.5), E), TA_ERROR_OUT_OF_RANGE,
                  "-0.5 s lasts less than no time");
    STAGE_REFUSES(NULL, NULL, ta_action_warp(S->actions[0], 1, 2, ta_duration_from_seconds(-1e-9), E), TA_ERROR_OUT_OF_RANGE,
                  "less than no time");
    STAGE_REFUSES(NULL, NULL, ta_action_halt(S->actions[0], ta_duration_from_seconds(-2), E), TA_ERROR_OUT_OF_RANGE,
                  "-2 s lasts less than no time");
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_from(S->mixer, S->index[0], S->index[1], ta_duration_from_seconds(-2), true, E),
                  TA_ERROR_OUT_OF_RANGE, "duration: -2 s lasts less than no time");
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_to(S->mixer, S->index[2], S->index[0], ta_duration_from_seconds(-0.25), false, E),
                  TA_ERROR_OUT_OF_RANGE, "-0.25 s lasts less than no time");
}

static void time_scale_zero(stage *s)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_action_set_time_scale(s->actions[0], 0, &err), &err);
}

static void row_warp_on_zero_time_scale(void **state)
{
    (void)state;
    STAGE_REFUSES(time_scale_zero, NULL, ta_action_warp(S->actions[0], 1, 2, ta_duration_from_seconds(1), E), TA_ERROR_BAD_STATE,
                  "which is 0");
    /* a warped cross-fade warps both actions */
    STAGE_REFUSES(time_scale_zero, NULL,
                  ta_mixer_cross_fade_from(S->mixer, S->index[1], S->index[0], ta_duration_from_seconds(1), true, E),
                  TA_ERROR_BAD_STATE, "action 0");
    STAGE_REFUSES(time_scale_zero, NULL,
                  ta_mixer_cross_fade_to(S->mixer, S->index[1], S->index[0], ta_duration_from_seconds(1), true, E),
                  TA_ERROR_BAD_STATE, "action 0");
}

static void row_cross_fade_with_itself(void **state)
{
    (void)state;
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_from(S->mixer, S->index[0], S->index[0], ta_duration_from_seconds(1), true, E),
                  TA_ERROR_BAD_STATE, "action 0 cannot cross-fade with itself");
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_to(S->mixer, S->index[1], S->index[1], ta_duration_from_seconds(1), false, E),
                  TA_ERROR_BAD_STATE, "action 1 cannot cross-fade with itself");
}

static void row_not_a_number(void **state)
{
    (void)state;
    STAGE_REFUSES(NULL, NULL, ta_action_set_weight(S->actions[0], NAN, E), TA_ERROR_NOT_A_NUMBER,
                  "weight: nan is not a finite number");
    STAGE_REFUSES(NULL, NULL, ta_action_set_effective_weight(S->actions[0], INFINITY, E), TA_ERROR_NOT_A_NUMBER,
                  "weight: inf");
    STAGE_REFUSES(NULL, NULL, ta_action_set_time_scale(S->actions[1], -INFINITY, E), TA_ERROR_NOT_A_NUMBER,
                  "time_scale: -inf");
    STAGE_REFUSES(NULL, NULL, ta_action_set_effective_time_scale(S->actions[1], NAN, E), TA_ERROR_NOT_A_NUMBER,
                  "time_scale: nan");
    STAGE_REFUSES(NULL, NULL, ta_mixer_set_time_scale(S->mixer, NAN, E), TA_ERROR_NOT_A_NUMBER, "time_scale: nan");
    /* a frame time: the delta of an update, the time of set_time */
    STAGE_REFUSES(NULL, NULL, ta_mixer_update(S->mixer, S->scene, ta_duration_from_seconds(NAN), E), TA_ERROR_NOT_A_NUMBER,
                  "delta: nan is not a finite number");
    STAGE_REFUSES(NULL, NULL, stage_update(S, INFINITY, E), TA_ERROR_NOT_A_NUMBER, "delta: inf");
    ta_mixer_targets tg;
    STAGE_REFUSES(NULL, NULL,
                  (tg.scene = S->scene, tg.assets = S->assets, tg.cameras = S->cameras,
                   ta_mixer_set_time(S->mixer, &tg, ta_duration_from_seconds(NAN), E)),
                  TA_ERROR_NOT_A_NUMBER, "time: nan");
    /* a start time, and the durations of the ramps */
    STAGE_REFUSES(NULL, NULL, ta_action_start_at(S->actions[0], ta_duration_from_seconds(NAN), E), TA_ERROR_NOT_A_NUMBER,
                  "time: nan");
    STAGE_REFUSES(NULL, NULL, ta_action_fade_in(S->actions[0], ta_duration_from_seconds(NAN), E), TA_ERROR_NOT_A_NUMBER,
                  "duration: nan");
    STAGE_REFUSES(NULL, NULL, ta_action_warp(S->actions[0], NAN, 1, ta_duration_from_seconds(1), E), TA_ERROR_NOT_A_NUMBER, "nan");
    STAGE_REFUSES(NULL, NULL, ta_action_set_duration(S->actions[0], ta_duration_from_seconds(INFINITY), E), TA_ERROR_NOT_A_NUMBER,
                  "duration: inf");
    /* a key */
    float v[6] = {0, NAN, 0, 1, 1, 1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, v, 6, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_NOT_A_NUMBER, "values: key 0 number 1 is nan");
    const float t_inf[2] = {0, INFINITY};
    v[1] = 0;
    d.times = t_inf;
    REFUSE_TRACK(&d, TA_ERROR_NOT_A_NUMBER, "times: key 1 time inf");
    /* and a sample time */
    ta_track *t = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, v, TA_INTERPOLATION_LINEAR);
    float out[3] = {5, 5, 5};
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_sample(t, NAN, TA_ENDING_ZERO_SLOPE, TA_ENDING_ZERO_SLOPE, out, 3, &err), &err,
                      TA_ERROR_NOT_A_NUMBER, "nan");
    assert_true(out[0] == 5 && out[1] == 5 && out[2] == 5);
    ta_track_destroy(t);
}

static void row_action_index_not_in_mixer(void **state)
{
    (void)state;
    ta_action *a = NULL;
    STAGE_REFUSES(NULL, NULL, ta_mixer_action(S->mixer, 3, &a, E), TA_ERROR_NO_SUCH_ACTION,
                  "action 3 is not in the mixer, which has 3 actions");
    assert_null(a);
    STAGE_REFUSES(NULL, NULL, ta_mixer_action(S->mixer, UINT32_MAX, &a, E), TA_ERROR_NO_SUCH_ACTION, "4294967295");
    STAGE_REFUSES(NULL, NULL, ta_mixer_sync_with(S->mixer, 0, 7, E), TA_ERROR_NO_SUCH_ACTION, "action 7");
    STAGE_REFUSES(NULL, NULL, ta_mixer_sync_with(S->mixer, 9, 0, E), TA_ERROR_NO_SUCH_ACTION, "action 9");
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_from(S->mixer, 0, 5, ta_duration_from_seconds(1), false, E),
                  TA_ERROR_NO_SUCH_ACTION, "action 5");
    STAGE_REFUSES(NULL, NULL, ta_mixer_cross_fade_to(S->mixer, 6, 0, ta_duration_from_seconds(1), true, E), TA_ERROR_NO_SUCH_ACTION,
                  "action 6");
    STAGE_REFUSES(NULL, NULL, ta_mixer_uncache_action(S->mixer, 3, E), TA_ERROR_NO_SUCH_ACTION, "action 3");
}

static void row_missing_node(void **state)
{
    (void)state;
    const float v[3] = {1, 1, 1};
    refuse_update_with(track2(target_node(ta_node_at(40), TA_TRACK_KIND_SCALE), v, v, 3), WITH_CAMERAS, TA_ERROR_MISSING_TARGET,
                       "node 40 is not in the scene");
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_node_element(ta_node_at(7), TA_TRACK_KIND_ROTATION_ELEMENT, 1, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "node 7 is not in the scene");
}

static void row_missing_mesh_light_material(void **state)
{
    (void)state;
    const float v[3] = {0.5f, 0.5f, 0.5f};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(3), 0, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "mesh 3 is not in the scene");
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 5, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "no target 5");
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(2), 0, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "2");
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(2), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "light 2 is not in the scene");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(7), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "material 7 is not in the assets");
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(4), TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "4");
}

static void row_material_track_without_assets(void **state)
{
    (void)state;
    const float v[1] = {0.5f};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_ROUGHNESS, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), SCENE_ONLY, TA_ERROR_MISSING_CONTEXT, "not given the assets");
    /* the stage's own clip 1 drives a material: update(scene, delta) refuses it as it is */
    STAGE_REFUSES(NULL, NULL, ta_mixer_update(S->mixer, S->scene, ta_duration_from_seconds(0.1), E), TA_ERROR_MISSING_CONTEXT,
                  "not given the assets");
}

static void group_with_stranger(stage *s)
{
    ta_error err = {0};
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, &s->alloc, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, s->child, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, ta_node_at(77), &err), &err);
    ta_action *a = NULL;
    ta_action_options o = {&s->alloc, TA_BLEND_MODE_DEFAULT};
    TA_ASSERT_OK(ta_action_create(s->clips[0], &o, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(s->mixer, a, ta_node_none(), &s->index[s->action_count], &err), &err);
    s->actions[s->action_count++] = a;
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
}

static void row_group_member_not_in_scene(void **state)
{
    (void)state;
    STAGE_REFUSES(group_with_stranger, uncache_last, stage_update(S, 0.5, E), TA_ERROR_MISSING_TARGET,
                  "group member 1 is node 77");
}

static void add_additive_opacity(stage *s)
{
    /* the stage's clip 1 holds the opacity near 0.5; this adds 0.9 on top */
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_material(s->mat, TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    const float up[1] = {0.9f};
    ta_track *add = NULL;
    ta_track_desc d = desc_of(t, T2, 1, up, 1, TA_INTERPOLATION_DEFAULT);
    TA_ASSERT_OK(ta_track_create(&d, &s->alloc, &add, &err), &err);
    ta_clip_options o = {0};
    o.allocator = &s->alloc;
    o.blend_mode = TA_BLEND_MODE_ADDITIVE;
    o.duration = 1;
    ta_clip *clip = ta_test_clip("add", &add, 1, &o);
    stage_keep_clip(s, clip);
    stage_add(s, clip, true);
}

static void row_value_not_held(void **state)
{
    (void)state;
    STAGE_REFUSES(add_additive_opacity, uncache_last, stage_update(S, 0.5, E), TA_ERROR_VALUE_NOT_HELD,
                  "MATERIAL_OPACITY of material 0: the result");
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_COLOR, &t, &err), &err);
    const float red[3] = {1.5f, 0, 0};
    refuse_update_with(track2(t, red, red, 3), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "MATERIAL_COLOR of material 0");
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, &t, &err), &err);
    const float dark[1] = {-1};
    refuse_update_with(track2(t, dark, dark, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "LIGHT_INTENSITY of light 0");
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_IOR, &t, &err), &err);
    const float ior[1] = {3};
    refuse_update_with(track2(t, ior, ior, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "MATERIAL_IOR of material 0");
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_COLOR, &t, &err), &err);
    const float below[3] = {0.5f, -0.25f, 0};
    refuse_update_with(track2(t, below, below, 3), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "LIGHT_COLOR of light 0");
}

static void row_target_function_wrong_kind(void **state)
{
    (void)state;
    REFUSE_TARGET(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_LIGHT_INTENSITY, OUT, E), TA_ERROR_WRONG_KIND, "LIGHT_INTENSITY");
    REFUSE_TARGET(ta_track_target_node(ta_node_at(0), TA_TRACK_KIND_ROTATION_ELEMENT, OUT, E), TA_ERROR_WRONG_KIND, "ROTATION_ELEMENT");
    REFUSE_TARGET(ta_track_target_node_element(ta_node_at(0), TA_TRACK_KIND_POSITION, 0, OUT, E), TA_ERROR_WRONG_KIND, "POSITION");
    REFUSE_TARGET(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_POSITION, OUT, E), TA_ERROR_WRONG_KIND, "POSITION");
    REFUSE_TARGET(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_MATERIAL_COLOR, OUT, E), TA_ERROR_WRONG_KIND, "MATERIAL_COLOR");
    REFUSE_TARGET(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_LIGHT_COLOR, OUT, E),
                  TA_ERROR_WRONG_KIND, "LIGHT_COLOR");
    REFUSE_TARGET(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, OUT, E),
                  TA_ERROR_WRONG_KIND, "CAMERA_FOV");
    /* a desc whose target names a family its kind is not of */
    float v[1] = {1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_VISIBLE), T2, 1, v, 1, TA_INTERPOLATION_DEFAULT);
    d.target.kind = TA_TRACK_KIND_LIGHT_INTENSITY;
    REFUSE_TRACK(&d, TA_ERROR_WRONG_KIND, "LIGHT_INTENSITY");
}

static void row_morph_target_out_of_range(void **state)
{
    (void)state;
    /* below 0: the target is unsigned, so -1 arrives as the largest value */
    REFUSE_TARGET(ta_track_target_morph(ta_mesh_at(0), (uint32_t)-1, OUT, E), TA_ERROR_OUT_OF_RANGE, "4294967295");
    REFUSE_TARGET(ta_track_target_skinned_morph(ta_skinned_mesh_at(0), (uint32_t)-1, OUT, E), TA_ERROR_OUT_OF_RANGE,
                  "4294967295");
    float v[1] = {1};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 7, &t, &err), &err);
    t.element = (uint32_t)-1;
    ta_track_desc d = desc_of(t, T2, 1, v, 1, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_OUT_OF_RANGE, "element 4294967295");
    /* Above 7 is no longer refused where targets are made (a mesh has as many
     * targets as it is given, as in three.js): a target past the mesh's own is
     * refused at update, which changes nothing. */
    const float w[3] = {0.5f, 0.5f, 0.5f};
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 8, &t, &err), &err);
    refuse_update_with(track2(t, w, w, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "no target 8");
    TA_ASSERT_OK(ta_track_target_skinned_morph(ta_skinned_mesh_at(0), 9, &t, &err), &err);
    refuse_update_with(track2(t, w, w, 1), WITH_CAMERAS, TA_ERROR_MISSING_TARGET, "no target 9");
}

static void row_flag_or_string_not_step(void **state)
{
    (void)state;
    const float flags[2] = {0, 1};
    ta_track_desc d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_VISIBLE), T2, 2, flags, 2, TA_INTERPOLATION_LINEAR);
    REFUSE_TRACK(&d, TA_ERROR_BAD_INTERPOLATION, "a VISIBLE track is STEP, not LINEAR");
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_WIREFRAME, &t, &err), &err);
    d = desc_of(t, T2, 2, flags, 2, TA_INTERPOLATION_SMOOTH);
    REFUSE_TRACK(&d, TA_ERROR_BAD_INTERPOLATION, "a MATERIAL_WIREFRAME track is STEP, not SMOOTH");
    const char *names[2] = {"idle", "busy"};
    d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_NODE_NAME), T2, 2, NULL, 0, TA_INTERPOLATION_LINEAR);
    d.strings = names;
    REFUSE_TRACK(&d, TA_ERROR_BAD_INTERPOLATION, "a NODE_NAME track is STEP, not LINEAR");
    const float half[2] = {1, 0.5f};
    d = desc_of(target_node(ta_node_at(0), TA_TRACK_KIND_VISIBLE), T2, 2, half, 2, TA_INTERPOLATION_DEFAULT);
    REFUSE_TRACK(&d, TA_ERROR_BAD_KEY_VALUE, "flag key 1 is 0.5, not 0 or 1");
}

static void row_bezier_control_points(void **state)
{
    (void)state;
    const float v[2] = {0, 1};
    float pts[8] = {0, 0, 0.5f, 1, 0.25f, 0, 1, 1};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &t, &err), &err);
    ta_track_desc d = desc_of(t, T2, 2, v, 2, TA_INTERPOLATION_BEZIER);
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "a BEZIER track needs in- and out-control points");
    d.in_tangents = pts;
    d.out_tangents = pts;
    d.tangent_count = 2;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "tangent_count: 2 numbers for 2 values");
    d.tangent_count = 8;
    REFUSE_TRACK(&d, TA_ERROR_BAD_TANGENTS, "tangent_count: 8 numbers for 2 values");
}

static void row_shift_before_zero_or_scale(void **state)
{
    (void)state;
    const float times[3] = {1, 2, 3}, v[9] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    ta_track *t = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), times, 3, v, TA_INTERPOLATION_LINEAR);
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_track(&before, t);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_track_shift(t, -1.5, &err), &err, TA_ERROR_BAD_TIMES, "before zero");
    TA_ASSERT_REFUSED(ta_track_scale(t, 0, &err), &err, TA_ERROR_OUT_OF_RANGE, "factor: 0 is not above zero");
    TA_ASSERT_REFUSED(ta_track_scale(t, -2, &err), &err, TA_ERROR_OUT_OF_RANGE, "factor: -2 is not above zero");
    TA_ASSERT_REFUSED(ta_track_scale(t, NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "factor: nan");
    ta_snap_track(&after, t);
    ASSERT_SNAPS_EQUAL(&before, &after, "the track");
    /* a Bezier track: the control points would move before zero too */
    ta_track_target op;
    TA_ASSERT_OK(ta_track_target_material(ta_material_at(0), TA_TRACK_KIND_MATERIAL_OPACITY, &op, &err), &err);
    const float bv[2] = {0, 1}, in[4] = {0.5f, 0, 1.5f, 1}, out[4] = {1.25f, 0, 2.5f, 1};
    const float bt[2] = {1, 2};
    ta_track_desc d = desc_of(op, bt, 2, bv, 2, TA_INTERPOLATION_BEZIER);
    d.in_tangents = in;
    d.out_tangents = out;
    d.tangent_count = 4;
    ta_track *b = NULL;
    TA_ASSERT_OK(ta_track_create(&d, NULL, &b, &err), &err);
    ta_snap_clear(&before);
    ta_snap_clear(&after);
    ta_snap_track(&before, b);
    TA_ASSERT_REFUSED(ta_track_shift(b, -1.1, &err), &err, TA_ERROR_BAD_TIMES, "before zero");
    TA_ASSERT_REFUSED(ta_track_scale(b, -1, &err), &err, TA_ERROR_OUT_OF_RANGE, "factor: -1");
    ta_snap_track(&after, b);
    ASSERT_SNAPS_EQUAL(&before, &after, "the Bezier track");
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_track_destroy(t);
    ta_track_destroy(b);
}

static void group_on_the_camera(stage *s)
{
    ta_error err = {0};
    ta_track_target t;
    TA_ASSERT_OK(ta_track_target_perspective_camera(s->cam, TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    const float z[2] = {2, 3};
    ta_track *track = NULL;
    ta_track_desc d = desc_of(t, T2, 2, z, 2, TA_INTERPOLATION_DEFAULT);
    TA_ASSERT_OK(ta_track_create(&d, &s->alloc, &track, &err), &err);
    ta_clip_options o = {0};
    o.allocator = &s->alloc;
    ta_clip *clip = ta_test_clip("zoom", &track, 1, &o);
    stage_keep_clip(s, clip);
    ta_object_group g;
    TA_ASSERT_OK(ta_object_group_create(&g, &s->alloc, &err), &err);
    TA_ASSERT_OK(ta_object_group_add(&g, s->cam_node, &err), &err);
    ta_action *a = NULL;
    ta_action_options ao = {&s->alloc, TA_BLEND_MODE_DEFAULT};
    TA_ASSERT_OK(ta_action_create(clip, &ao, &a, &err), &err);
    TA_ASSERT_OK(ta_action_set_group(a, &g, &err), &err);
    ta_object_group_destroy(&g);
    TA_ASSERT_OK(ta_mixer_add(s->mixer, a, ta_node_none(), &s->index[s->action_count], &err), &err);
    s->actions[s->action_count++] = a;
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
}

static void row_camera_track_without_cameras(void **state)
{
    (void)state;
    const float v[1] = {2};
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    refuse_update_with(track2(t, v, v, 1), WITH_ASSETS, TA_ERROR_MISSING_CONTEXT, "not given the cameras");
    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_NEAR, &t, &err), &err);
    const float n[1] = {0.5f};
    refuse_update_with(track2(t, n, n, 1), WITH_ASSETS, TA_ERROR_MISSING_CONTEXT, "not given the cameras");
    /* the stage's clip 1 drives a camera: update_with_assets refuses it as it is */
    STAGE_REFUSES(NULL, NULL, ta_mixer_update_with_assets(S->mixer, S->scene, S->assets, ta_duration_from_seconds(0.1), E),
                  TA_ERROR_MISSING_CONTEXT, "not given the cameras");
    /* and a camera track played on a group, whose cameras are found in the list */
    STAGE_REFUSES(group_on_the_camera, uncache_last,
                  ta_mixer_update_with_assets(S->mixer, S->scene, S->assets, ta_duration_from_seconds(0.1), E),
                  TA_ERROR_MISSING_CONTEXT, "played on a group: the update was not given the cameras");
}

static void row_camera_number_not_held(void **state)
{
    (void)state;
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_FOV, &t, &err), &err);
    /* the stage's clip 1 holds the field of view near 55 at a weight of 0.75, so
     * the pile is a mean of the two: these keys take it past either end */
    const float wide[1] = {1000}, narrow[1] = {-1000};
    refuse_update_with(track2(t, wide, wide, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "fov");
    refuse_update_with(track2(t, narrow, narrow, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "fov");
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    const float none[1] = {0};
    refuse_update_with(track2(t, none, none, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "zoom");
    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_ZOOM, &t, &err), &err);
    const float neg[1] = {-1};
    refuse_update_with(track2(t, neg, neg, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "zoom");
    /* planes that cross: near past the far plane of 2000 */
    TA_ASSERT_OK(ta_track_target_perspective_camera(ta_perspective_camera_at(0), TA_TRACK_KIND_CAMERA_NEAR, &t, &err), &err);
    const float far_away[1] = {5000};
    refuse_update_with(track2(t, far_away, far_away, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "cross");
    TA_ASSERT_OK(ta_track_target_orthographic_camera(ta_orthographic_camera_at(0), TA_TRACK_KIND_CAMERA_FAR, &t, &err), &err);
    const float close[1] = {0.01f};
    refuse_update_with(track2(t, close, close, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "cross");
}

static void row_light_number_not_held(void **state)
{
    (void)state;
    ta_track_target t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_DISTANCE, &t, &err), &err);
    const float d[1] = {-1};
    refuse_update_with(track2(t, d, d, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "LIGHT_DISTANCE of light 0");
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_ANGLE, &t, &err), &err);
    const float a[1] = {2};
    refuse_update_with(track2(t, a, a, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "LIGHT_ANGLE of light 0");
    TA_ASSERT_OK(ta_track_target_light(ta_light_at(0), TA_TRACK_KIND_LIGHT_PENUMBRA, &t, &err), &err);
    const float p[1] = {1.5f};
    refuse_update_with(track2(t, p, p, 1), WITH_CAMERAS, TA_ERROR_VALUE_NOT_HELD, "LIGHT_PENUMBRA of light 0");
}

static void row_repetitions_or_set_duration(void **state)
{
    (void)state;
    STAGE_REFUSES(NULL, NULL, ta_action_set_loop(S->actions[0], TA_LOOP_MODE_REPEAT, -1, E), TA_ERROR_OUT_OF_RANGE,
                  "repetitions: -1 is below zero");
    STAGE_REFUSES(NULL, NULL, ta_action_set_loop(S->actions[1], TA_LOOP_MODE_ONCE, INT64_MIN + 1, E), TA_ERROR_OUT_OF_RANGE,
                  "repetitions: -9223372036854775807 is below zero (TA_ACTION_ENDLESS");
    STAGE_REFUSES(NULL, NULL, ta_action_set_duration(S->actions[0], ta_duration_from_seconds(0), E), TA_ERROR_OUT_OF_RANGE,
                  "duration: 0 s");
    STAGE_REFUSES(NULL, NULL, ta_action_set_duration(S->actions[1], ta_duration_from_seconds(-0.0), E), TA_ERROR_OUT_OF_RANGE,
                  "duration: 0 s");
    /* a duration so short (or so long) that the time scale a float cannot hold:
     * fuzz_api's crash-set-duration-time-scale-overflow */
    STAGE_REFUSES(NULL, NULL, ta_action_set_duration(S->actions[0], ta_duration_from_seconds(2.5e-84), E), TA_ERROR_OUT_OF_RANGE,
                  "which a float cannot hold");
    STAGE_REFUSES(NULL, NULL, ta_action_set_duration(S->actions[0], ta_duration_from_seconds(1e300), E), TA_ERROR_OUT_OF_RANGE,
                  "which a float cannot hold");
}

static void uncache_first(stage *s)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_uncache_action(s->mixer, s->index[0], &err), &err);
    TA_ASSERT_OK(stage_update(s, 0.1, &err), &err);
}

static void row_uncached_action(void **state)
{
    (void)state;
    ta_action *a = NULL;
    STAGE_REFUSES(uncache_first, NULL, ta_mixer_action(S->mixer, S->index[0], &a, E), TA_ERROR_NO_SUCH_ACTION,
                  "action 0 was uncached");
    assert_null(a);
    STAGE_REFUSES(uncache_first, NULL, ta_mixer_uncache_action(S->mixer, S->index[0], E), TA_ERROR_NO_SUCH_ACTION,
                  "action 0");
    STAGE_REFUSES(uncache_first, NULL, ta_mixer_sync_with(S->mixer, S->index[1], S->index[0], E),
                  TA_ERROR_NO_SUCH_ACTION, "action 0");
    STAGE_REFUSES(uncache_first, NULL, ta_mixer_cross_fade_to(S->mixer, S->index[1], S->index[0], ta_duration_from_seconds(1), false, E),
                  TA_ERROR_NO_SUCH_ACTION, "action 0");
    /* the pointer stays valid, and the calls that need the mixer refuse it */
    STAGE_REFUSES(uncache_first, NULL, ta_action_play(S->actions[0], E), TA_ERROR_NO_SUCH_ACTION,
                  "action 0: was uncached");
    STAGE_REFUSES(uncache_first, NULL, ta_action_fade_in(S->actions[0], ta_duration_from_seconds(1), E), TA_ERROR_NO_SUCH_ACTION,
                  "was uncached");
}

/* ---- JSON ----------------------------------------------------------------------------------- */

/* ta_clip_read and ta_object_json_read refused: the scene the clip is bound in
 * unchanged, no clip or model, nothing left allocated. */
static void refuse_json_clip(const char *clip_json, ta_result code, const char *needle, const char *file, int line)
{
    stage s;
    stage_make(&s, NULL);
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_clip_binding where = {s.scene, s.assets, s.cameras, ta_node_none()};
    ta_clip_read_options ro;
    memset(&ro, 0, sizeof ro);
    ro.allocator = &alloc;
    ro.resolver = ta_clip_binding_resolve;
    ro.resolver_user = &where;
    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    stage_snap(&before, &s);
    int sentinel;
    ta_clip *clip = (ta_clip *)(void *)&sentinel;
    ta_error err = {0};
    ta_result r = ta_clip_read(clip_json, strlen(clip_json), &ro, &clip, &err);
    if (r != code || err.code != code) {
        print_error("ta_clip_read: got %s (%s), want %s\n", ta_result_name(r), err.message, ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err.message, needle, file, line);
    if (!((void *)clip == (void *)&sentinel || clip == NULL)) _fail(file, line);
    stage_snap(&after, &s);
    assert_snaps_equal(&before, &after, "ta_clip_read", file, line);
    if (counter.live_bytes != 0) {
        print_error("a refused ta_clip_read left %zu bytes allocated\n", counter.live_bytes);
        _fail(file, line);
    }

    /* The same clip in a document, listed by the Scene, over a mesh named like
     * the stage's node, with a material, and a spot light. */
    assert_true(clip_json[0] == '{');
    char doc[4096];
    snprintf(doc, sizeof doc,
             "{\"metadata\":{\"version\":4.7,\"type\":\"Object\",\"generator\":\"Object3D.toJSON\"},"
             "\"geometries\":[{\"uuid\":\"g\",\"type\":\"BufferGeometry\",\"data\":{\"attributes\":{}}}],"
             "\"materials\":[{\"uuid\":\"m\",\"type\":\"MeshStandardMaterial\",\"opacity\":0.5}],"
             "\"animations\":[{\"uuid\":\"u-clip\",%s],"
             "\"object\":{\"uuid\":\"u-scene\",\"type\":\"Scene\",\"name\":\"World\",\"animations\":[\"u-clip\"],"
             "\"children\":[{\"uuid\":\"u-child\",\"type\":\"Mesh\",\"name\":\"child\",\"geometry\":\"g\","
             "\"material\":\"m\"},{\"uuid\":\"u-sun\",\"type\":\"SpotLight\",\"name\":\"Sun\",\"color\":16777215,"
             "\"intensity\":1,\"distance\":0,\"angle\":1,\"penumbra\":0,\"decay\":2}]}}",
             clip_json + 1);
    const char *with_uuid = doc;
    ta_load_options lo;
    memset(&lo, 0, sizeof lo);
    lo.allocator = &alloc;
    int model_sentinel;
    ta_model *model = (ta_model *)(void *)&model_sentinel;
    memset(&err, 0, sizeof err);
    r = ta_object_json_read(with_uuid, strlen(with_uuid), &lo, &model, &err);
    if (r != code || err.code != code) {
        print_error("ta_object_json_read: got %s (%s), want %s\n", ta_result_name(r), err.message,
                    ta_result_name(code));
        _fail(file, line);
    }
    ta_test_assert_contains(err.message, needle, file, line);
    if (!((void *)model == (void *)&model_sentinel || model == NULL)) _fail(file, line);
    if (counter.live_bytes != 0) {
        print_error("a refused ta_object_json_read left %zu bytes allocated\n", counter.live_bytes);
        _fail(file, line);
    }
    ta_snap_free(&before);
    ta_snap_free(&after);
    stage_free(&s);
}
#define REFUSE_JSON_CLIP(text, code, needle) refuse_json_clip((text), (code), (needle), __FILE__, __LINE__)

static void row_json_clip_track_forms(void **state)
{
    (void)state;
    /* the stage's mesh node is "child"; its material is material 0 */
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.position\",\"type\":\"vector\",\"times\":[0,1],"
                     "\"values\":[0,0,0,1,1,1],\"interpolation\":\"CUBICSPLINE\"}]}",
                     TA_ERROR_UNSUPPORTED, "tracks[0].interpolation: cubic spline");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.position\",\"type\":\"vector\","
                     "\"keys\":[{\"time\":0,\"value\":[0,0,0]},{\"time\":1,\"value\":[1,1,1]}]}]}",
                     TA_ERROR_UNSUPPORTED, "tracks[0].keys: the older keys form");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.scale\",\"type\":\"quaternion\",\"times\":[0],"
                     "\"values\":[0,0,0,1]}]}",
                     TA_ERROR_WRONG_KIND, "tracks[0].type: \"quaternion\" is not the type of \"child.scale\"");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.visible\",\"type\":\"number\",\"times\":[0],"
                     "\"values\":[1]}]}",
                     TA_ERROR_WRONG_KIND, "tracks[0].type: \"number\" is not the type of \"child.visible\"");
}

static void row_json_scene_or_undriven(void **state)
{
    (void)state;
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\".position\",\"type\":\"vector\",\"times\":[0],"
                     "\"values\":[0,0,0]}]}",
                     TA_ERROR_UNSUPPORTED, "tracks[0].name: track \".position\": names the Scene itself");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.rotation\",\"type\":\"vector\",\"times\":[0],"
                     "\"values\":[0,0,0]}]}",
                     TA_ERROR_UNSUPPORTED, "a whole .rotation is not driven");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.up\",\"type\":\"vector\",\"times\":[0],"
                     "\"values\":[0,1,0]}]}",
                     TA_ERROR_UNSUPPORTED, "\"up\" is not one this library drives");
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"tracks\":[{\"name\":\"child.material.side\",\"type\":\"number\","
                     "\"times\":[0],\"values\":[1]}]}",
                     TA_ERROR_UNSUPPORTED, "\"side\"");
}

static void row_blend_mode_not_named(void **state)
{
    (void)state;
    const float p[6] = {0, 0, 0, 1, 1, 1};
    ta_track *t = make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), T2, 2, p, TA_INTERPOLATION_LINEAR);
    ta_clip_options o = {0};
    o.blend_mode = (ta_blend_mode)9;
    ta_track *tracks[1] = {t};
    REFUSE_CLIP(tracks, 1, &o, TA_ERROR_UNKNOWN_ENUM, "9");
    o.blend_mode = TA_BLEND_MODE_COUNT;
    REFUSE_CLIP(tracks, 1, &o, TA_ERROR_UNKNOWN_ENUM, "3");
    ta_track_destroy(t);
    /* on an action: made, and set */
    ta_action *made = NULL;
    ta_action_options bad = {NULL, (ta_blend_mode)7};
    STAGE_REFUSES(NULL, NULL, ta_action_create(S->clips[0], &bad, &made, E), TA_ERROR_UNKNOWN_ENUM,
                  "blend_mode: 7 is not a blend mode");
    assert_null(made);
    STAGE_REFUSES(NULL, NULL, ta_action_set_blend_mode(S->actions[0], (ta_blend_mode)-2, E), TA_ERROR_UNKNOWN_ENUM,
                  "mode: -2 is not a blend mode");
    /* in JSON */
    REFUSE_JSON_CLIP("{\"name\":\"c\",\"blendMode\":2502,\"tracks\":[{\"name\":\"child.position\",\"type\":\"vector\","
                     "\"times\":[0,1],\"values\":[0,0,0,1,1,1]}]}",
                     TA_ERROR_UNKNOWN_ENUM, "blendMode: 2502 is not a blend mode");
}

/* A call that makes a clip from clips refused: the clips unchanged, no clip made,
 * nothing allocated. CALL uses A (the allocator) and OUT (a ta_clip **). */
#define REFUSE_MAKE_CLIP(SRC, SRC_COUNT, CALL, CODE, NEEDLE)                                        \
    do {                                                                                          \
        ta_test_counter counter_ = {0, 0, 0, 0, -1};                                              \
        ta_allocator alloc_ = ta_test_counting_allocator(&counter_);                              \
        ta_snap before_, after_;                                                                  \
        ta_snap_init(&before_);                                                                   \
        ta_snap_init(&after_);                                                                    \
        for (int i_ = 0; i_ < (SRC_COUNT); ++i_) ta_snap_clip(&before_, (SRC)[i_]);               \
        int sentinel_;                                                                            \
        ta_clip *out_ = (ta_clip *)(void *)&sentinel_;                                            \
        ta_clip **OUT = &out_;                                                                    \
        const ta_allocator *A = &alloc_;                                                          \
        ta_error err_ = {0};                                                                      \
        ta_error *E = &err_;                                                                      \
        TA_ASSERT_REFUSED((CALL), &err_, (CODE), (NEEDLE));                                       \
        for (int i_ = 0; i_ < (SRC_COUNT); ++i_) ta_snap_clip(&after_, (SRC)[i_]);                \
        ASSERT_SNAPS_EQUAL(&before_, &after_, "the clips given");                                 \
        ASSERT_OUT_UNTOUCHED(out_, &sentinel_);                                                   \
        assert_int_equal(counter_.live_bytes, 0);                                                 \
        ta_snap_free(&before_);                                                                   \
        ta_snap_free(&after_);                                                                    \
    } while (0)

static ta_clip *clip_at_frames(void)
{
    /* keys at frames 0, 15, 30 and 45 of 30 fps */
    const float times[4] = {0, 0.5f, 1, 1.5f}, v[12] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0};
    return clip_of("all", make_track(target_node(ta_node_at(0), TA_TRACK_KIND_POSITION), times, 4, v, TA_INTERPOLATION_LINEAR),
                   TA_BLEND_MODE_DEFAULT);
}

static void row_frame_rate_or_frame(void **state)
{
    (void)state;
    ta_clip *all = clip_at_frames();
    ta_clip *src[2] = {all, all};
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 0, 30, 0, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "fps: 0");
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 0, 30, -30, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "fps: -30");
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", -1, 30, 30, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "-1");
    REFUSE_MAKE_CLIP(src, 1, ta_clip_make_additive(all, 0, NULL, 0, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "fps: 0");
    REFUSE_MAKE_CLIP(src, 2, ta_clip_make_additive(all, -2, all, 30, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "-2");
    ta_track_target targets[2];
    ta_error err = {0};
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 0, &targets[0], &err), &err);
    TA_ASSERT_OK(ta_track_target_morph(ta_mesh_at(0), 1, &targets[1], &err), &err);
    REFUSE_MAKE_CLIP(src, 0, ta_clip_create_from_morph_target_sequence("seq", targets, 2, 0, false, A, OUT, E),
                     TA_ERROR_OUT_OF_RANGE, "fps: 0");
    REFUSE_MAKE_CLIP(src, 0, ta_clip_create_from_morph_target_sequence("seq", targets, 2, -24, false, A, OUT, E),
                     TA_ERROR_OUT_OF_RANGE, "fps: -24");
    const char *names[2] = {"Walk_001", "Walk_002"};
    ta_clip *many[2] = {NULL, NULL};
    uint32_t count = 99;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    TA_ASSERT_REFUSED(ta_clip_create_clips_from_morph_target_sequences(names, targets, 2, -1, false, &alloc, many, &count,
                                                                  &err),
                      &err, TA_ERROR_OUT_OF_RANGE, "fps: -1");
    assert_null(many[0]);
    assert_int_equal(counter.live_bytes, 0);
    ta_clip_release(all);
}

static void row_subclip_range(void **state)
{
    (void)state;
    ta_clip *all = clip_at_frames();
    ta_clip *src[1] = {all};
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 20, 10, 30, A, OUT, E), TA_ERROR_OUT_OF_RANGE, "20");
    /* keeps no key: frames 50 to 60 */
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 50, 60, 30, A, OUT, E), TA_ERROR_EMPTY_CLIP, "keep no key");
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 15, 15, 30, A, OUT, E), TA_ERROR_EMPTY_CLIP, "keep no key");
    /* keeps one key: a clip of no length */
    REFUSE_MAKE_CLIP(src, 1, ta_clip_subclip(all, "s", 14, 16, 30, A, OUT, E), TA_ERROR_EMPTY_CLIP, "no time");
    ta_clip_release(all);
}

/* ---- the list, and the table of refusals ------------------------------------------------------- */

typedef struct row {
    const char *mistake; /* the table's words, first column */
    const char *answer;  /* second column */
    void (*test)(void **state);
    const char *test_name;
} row;

#define ROW(mistake, answer, fn) {mistake, answer, fn, #fn}

static const row ROWS[] = {
    ROW("A kind or an interpolation that is not named.", "An error at construction.",
        row_kind_or_interpolation_not_named),
    ROW("A track with no keys.", "An error at construction.", row_track_with_no_keys),
    ROW("Times that are negative, or that do not rise.", "An error at construction.",
        row_times_negative_or_not_rising),
    ROW("Values that do not divide into one per key.", "An error at construction.", row_values_not_one_per_key),
    ROW("A rotation key that is not of unit length.", "An error at construction.", row_rotation_key_not_unit),
    ROW("A QUATERNION track that is SMOOTH.", "An error at construction.", row_smooth_quaternion),
    ROW("A CUBIC_SPLINE track without tangents, or with tangents that are not one per value.",
        "An error at construction.", row_cubic_spline_tangents),
    ROW("An ending mode that is not named.", "An error at sample.", row_ending_not_named),
    ROW("Reading a rotation off a position track, or the other way round.", "An error.", row_wrong_kind_read),
    ROW("A clip with no tracks, or one that lasts no time.", "An error at construction.",
        row_clip_empty_or_no_length),
    ROW("A weight below zero, or a loop mode that is not named.", "An error.",
        row_weight_below_zero_or_loop_not_named),
    ROW("A fade, a warp or a cross-fade that lasts less than no time.", "An error.", row_ramp_less_than_no_time),
    ROW("A warp on an action with a time scale of zero.", "An error.", row_warp_on_zero_time_scale),
    ROW("A cross-fade from an action to itself.", "An error. Nothing changes.", row_cross_fade_with_itself),
    ROW("A weight, a time scale, a frame time, a start time or a key that is not a number.", "An error.",
        row_not_a_number),
    ROW("An action index the mixer does not have.", "An error.", row_action_index_not_in_mixer),
    ROW("A track naming a node the scene does not have.", "An error at update.", row_missing_node),
    ROW("A track naming a mesh, a light or a material that is not there.", "An error at update.",
        row_missing_mesh_light_material),
    ROW("A material track given to update(scene, delta).", "An error. Use update(scene, assets, delta).",
        row_material_track_without_assets),
    ROW("A group member that is not in the scene.", "An error at update.", row_group_member_not_in_scene),
    ROW("A value that its property cannot hold.", "An error at update.", row_value_not_held),
    ROW("A target function given a kind of another thing.", "An error.", row_target_function_wrong_kind),
    ROW("A morph target below 0 or above 7.", "An error.", row_morph_target_out_of_range),
    ROW("A flag or a string track that is not STEP, or a flag key that is not 0 or 1.", "An error at construction.",
        row_flag_or_string_not_step),
    ROW("A BEZIER track without control points, or with a number of them that is not two per value.",
        "An error at construction.", row_bezier_control_points),
    ROW("A shift that moves a key before zero, or a scale that is not above zero.", "An error.",
        row_shift_before_zero_or_scale),
    ROW("A camera track given to an update without the cameras.", "An error.", row_camera_track_without_cameras),
    ROW("A camera number that the camera cannot hold: a field of view outside 0 to 180 degrees, a zoom of 0 or "
        "less, planes that cross.",
        "An error at update.", row_camera_number_not_held),
    ROW("A light distance, angle or penumbra that Light.validate refuses.", "An error at update.",
        row_light_number_not_held),
    ROW("Repetitions below zero, or a set_duration of zero.", "An error.", row_repetitions_or_set_duration),
    ROW("An uncached action.", "An error.", row_uncached_action),
    ROW("A clip in JSON with a cubic spline track, a track in the older keys form, or a track whose type is not the "
        "type of its property.",
        "An error.", row_json_clip_track_forms),
    ROW("A track in JSON on the scene itself, or on a property that this port does not drive.", "An error.",
        row_json_scene_or_undriven),
    ROW("A blend mode that is not named.", "An error.", row_blend_mode_not_named),
    ROW("A frame rate that is not above zero, or a frame below zero.", "An error.", row_frame_rate_or_frame),
    ROW("A subclip range that ends before it starts, or that keeps no clip.", "An error.", row_subclip_range),
};

#define ROW_COUNT (sizeof ROWS / sizeof ROWS[0])
/* The table of refusals has this many rows. */
#define SPEC_ROW_COUNT 36

/* Reads the rows of "What is refused" from the reference document the table
 * came from, when a copy is beside the clone (ta_test_shared_path): the
 * tab-separated lines after the "Mistake<TAB>Answer" header, up to the first
 * blank line. Returns the number read, or -1 if no copy is there. */
static int read_spec_rows(char rows[][2][256], int capacity)
{
    char path[1024];
    if (ta_test_shared_path("spec/ANIMATION.md", path, sizeof path) == NULL) return -1;
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[1024];
    int state = 0, n = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (state == 0 && strcmp(line, "What is refused") == 0) state = 1;
        else if (state == 1 && strcmp(line, "Mistake\tAnswer") == 0) state = 2;
        else if (state == 2) {
            if (line[0] == '\0') break;
            char *tab = strchr(line, '\t');
            if (tab == NULL || n >= capacity) {
                n = capacity + 1; /* a row we cannot read: count it so that the test fails */
                break;
            }
            *tab = '\0';
            if (strlen(line) >= sizeof rows[n][0] || strlen(tab + 1) >= sizeof rows[n][1]) {
                n = capacity + 1;
                break;
            }
            memcpy(rows[n][0], line, strlen(line) + 1);
            memcpy(rows[n][1], tab + 1, strlen(tab + 1) + 1);
            ++n;
        }
    }
    fclose(f);
    return n;
}

static void test_the_list_is_the_spec_table(void **state)
{
    (void)state;
    /* every row of the list has a test, and no test is listed twice */
    for (size_t i = 0; i < ROW_COUNT; ++i) {
        assert_non_null(ROWS[i].test);
        for (size_t j = 0; j < i; ++j) assert_true(ROWS[i].test != ROWS[j].test);
    }
    if (ROW_COUNT != SPEC_ROW_COUNT) {
        print_error("the list maps %zu rows, the table of refusals has %d\n", ROW_COUNT, SPEC_ROW_COUNT);
        fail();
    }
    static char rows[64][2][256];
    int n = read_spec_rows(rows, 64);
    if (n < 0) {
        print_message("the reference document of the table is not beside the clone: the list is checked against the %d rows "
                      "embedded here only\n",
                      SPEC_ROW_COUNT);
        return;
    }
    if (n != (int)ROW_COUNT) {
        print_error("the reference document's table has %d rows, the list %zu\n", n, ROW_COUNT);
        fail();
    }
    for (int i = 0; i < n; ++i) {
        if (strcmp(rows[i][0], ROWS[i].mistake) != 0 || strcmp(rows[i][1], ROWS[i].answer) != 0) {
            print_error("row %d of the reference document reads \"%s\" / \"%s\",\nthe list has \"%s\" / \"%s\"\n", i + 1, rows[i][0],
                        rows[i][1], ROWS[i].mistake, ROWS[i].answer);
            fail();
        }
    }
}

int main(void)
{
    struct CMUnitTest tests[ROW_COUNT + 1];
    memset(tests, 0, sizeof tests);
    tests[0].name = "the_list_is_the_spec_table";
    tests[0].test_func = test_the_list_is_the_spec_table;
    for (size_t i = 0; i < ROW_COUNT; ++i) {
        tests[i + 1].name = ROWS[i].test_name;
        tests[i + 1].test_func = ROWS[i].test;
    }
    printf("refusal table: %zu of %d rows of \"What is refused\" have a test\n", ROW_COUNT, SPEC_ROW_COUNT);
    return _cmocka_run_group_tests("refusal_table", tests, ROW_COUNT + 1, NULL, NULL);
}
