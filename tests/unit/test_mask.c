/* Masks (animation_mask.h): each target's weight is the action's times the
 * mask's. Expected values are worked out by hand from the mixer's rules (a
 * weighted mean, the rest toward the original below a total weight of one,
 * additive shares on top). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ta_test.h"
#include "ta_test_build.h"

#include "threeanim/threeanim.h"

typedef struct world {
    ta_scene *scene;
    ta_node_id hips, spine, arm, hand, leg;
    ta_mixer *mixer;
} world;

static void make_world(world *w)
{
    memset(w, 0, sizeof *w);
    w->scene = ta_test_scene();
    w->hips = ta_test_node_under(w->scene, ta_node_none(), "hips");
    w->spine = ta_test_node_under(w->scene, w->hips, "spine");
    w->arm = ta_test_node_under(w->scene, w->spine, "arm");
    w->hand = ta_test_node_under(w->scene, w->arm, "hand");
    w->leg = ta_test_node_under(w->scene, w->hips, "leg");
    w->mixer = ta_test_mixer(ta_node_none());
}

static void free_world(world *w)
{
    ta_mixer_destroy(w->mixer);
    ta_scene_destroy(w->scene);
}

/* A clip holding position.x at x on every node given, for 1 s. */
static ta_clip *hold_clip(const ta_node_id *nodes, uint32_t n, float x, ta_blend_mode mode)
{
    ta_track *tracks[8];
    for (uint32_t i = 0; i < n; ++i) {
        float kt[2] = {0, 1}, kv[6] = {x, 0, 0, x, 0, 0};
        tracks[i] = ta_test_node_track(nodes[i], TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
    }
    ta_clip_options o = {0};
    o.blend_mode = mode;
    return ta_test_clip("hold", tracks, n, &o);
}

static ta_action *play(world *w, ta_clip *clip, const ta_mask *mask)
{
    ta_error err = {0};
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    ta_clip_release(clip); /* the action holds it */
    TA_ASSERT_OK(ta_mixer_add(w->mixer, a, ta_node_none(), NULL, &err), &err);
    TA_ASSERT_OK(ta_action_set_mask(a, mask, &err), &err);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}

static float x_of(world *w, ta_node_id n) { return ta_scene_node(w->scene, n)->position.x; }

static void update(world *w, double dt)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_mixer_update(w->mixer, w->scene, ta_duration_from_seconds(dt), &err), &err);
}

static void test_upper_body_over_lower_body(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w);
    ta_node_id all[5] = {w.hips, w.spine, w.arm, w.hand, w.leg};
    ta_mask *upper, *lower;
    TA_ASSERT_OK(ta_mask_create(NULL, &upper, &err), &err);
    TA_ASSERT_OK(ta_mask_set_named(upper, w.scene, "spine", true, 1.0f, &err), &err);
    ta_mask_options all_on = {NULL, 1.0f, 0};
    TA_ASSERT_OK(ta_mask_create(&all_on, &lower, &err), &err);
    TA_ASSERT_OK(ta_mask_set_subtree(lower, w.scene, w.spine, 0.0f, &err), &err);
    play(&w, hold_clip(all, 5, 1.0f, TA_BLEND_MODE_DEFAULT), lower); /* walk: x = 1 */
    play(&w, hold_clip(all, 5, 10.0f, TA_BLEND_MODE_DEFAULT), upper); /* wave: x = 10 */
    update(&w, 0.1);
    assert_true(x_of(&w, w.hips) == 1.0f);
    assert_true(x_of(&w, w.leg) == 1.0f);
    assert_true(x_of(&w, w.spine) == 10.0f);
    assert_true(x_of(&w, w.arm) == 10.0f);
    assert_true(x_of(&w, w.hand) == 10.0f);
    ta_mask_destroy(upper);
    ta_mask_destroy(lower);
    free_world(&w);
}

/* ozz-animation #119: a masked layer fading in must start from the pose without it. */
static void test_masked_fade_in_does_not_pop(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w);
    ta_node_id arm[1] = {w.arm};
    ta_mask *mask;
    TA_ASSERT_OK(ta_mask_create(NULL, &mask, &err), &err);
    TA_ASSERT_OK(ta_mask_set_node(mask, w.arm, 0.5f, &err), &err);
    play(&w, hold_clip(arm, 1, 0.0f, TA_BLEND_MODE_DEFAULT), NULL);
    ta_action *layer = play(&w, hold_clip(arm, 1, 10.0f, TA_BLEND_MODE_DEFAULT), mask);
    TA_ASSERT_OK(ta_action_fade_in(layer, ta_duration_from_seconds(1.0), &err), &err);
    update(&w, 0.0); /* fade weight 0: exactly the base pose */
    assert_true(x_of(&w, w.arm) == 0.0f);
    /* at e the layer's weight on the arm is 0.5 e: x = 10 * 0.5e / (1 + 0.5e) */
    const double es[3] = {0.25, 0.5, 1.0};
    double t = 0;
    for (int i = 0; i < 3; ++i) {
        update(&w, es[i] - t);
        t = es[i];
        double e = es[i], want = 10 * 0.5 * e / (1 + 0.5 * e);
        TA_ASSERT_NEAR(x_of(&w, w.arm), want, 1e-6);
    }
    ta_mask_destroy(mask);
    free_world(&w);
}

static void test_mask_alone_rests_toward_the_original_and_additive(void **state)
{
    (void)state;
    ta_error err = {0};
    world w;
    make_world(&w);
    ta_scene_node(w.scene, w.arm)->position.x = 4.0f;
    ta_scene_node(w.scene, w.leg)->position.x = 3.0f;
    ta_node_id nodes[2] = {w.arm, w.leg};
    /* by array: node 2 (arm) at 0.25, node 4 (leg) at 0 */
    float weights[5] = {0, 0, 0.25f, 0, 0};
    ta_mask *mask;
    TA_ASSERT_OK(ta_mask_create(NULL, &mask, &err), &err);
    TA_ASSERT_OK(ta_mask_set_nodes(mask, weights, 5, &err), &err);
    play(&w, hold_clip(nodes, 2, 10.0f, TA_BLEND_MODE_DEFAULT), mask);
    update(&w, 0.1);
    assert_true(x_of(&w, w.arm) == 5.5f); /* 4 + (10 - 4) * 0.25 */
    assert_true(x_of(&w, w.leg) == 3.0f); /* weight 0: the original */
    /* an additive layer of +2 at mask 0.5 adds 1 */
    ta_mask *half;
    TA_ASSERT_OK(ta_mask_create(NULL, &half, &err), &err);
    TA_ASSERT_OK(ta_mask_set_node(half, w.arm, 0.5f, &err), &err);
    play(&w, hold_clip(nodes, 1, 2.0f, TA_BLEND_MODE_ADDITIVE), half);
    update(&w, 0.1);
    assert_true(x_of(&w, w.arm) == 6.5f);
    ta_mask_destroy(mask);
    ta_mask_destroy(half);
    free_world(&w);
}

static void test_mask_lookup_and_refusals(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_mask *m;
    ta_mask_options o = {NULL, 0.75f, 0};
    TA_ASSERT_OK(ta_mask_create(&o, &m, &err), &err);
    ta_track_target morph = {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 3, 2};
    ta_track_target other_morph = {TA_TRACK_KIND_MORPH_INFLUENCE, TA_TARGET_FAMILY_MESH, 3, 1};
    ta_track_target node9 = {TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, 9, 0};
    assert_true(ta_mask_weight(m, morph) == 0.75f);
    assert_true(ta_mask_weight(m, node9) == 0.75f);
    TA_ASSERT_OK(ta_mask_set_target(m, TA_TARGET_FAMILY_MESH, 3, 2, 0.5f, &err), &err);
    TA_ASSERT_OK(ta_mask_set_target(m, TA_TARGET_FAMILY_MESH, 3, TA_MASK_ALL_ELEMENTS, 0.25f, &err), &err);
    assert_true(ta_mask_weight(m, morph) == 0.5f);        /* its own weight wins */
    assert_true(ta_mask_weight(m, other_morph) == 0.25f); /* the mesh's */
    assert_true(ta_mask_weight(NULL, morph) == 1.0f);
    /* a skinned mesh's morph target by its own weight too, not only by its mesh's */
    ta_track_target skinned_morph = {TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE, TA_TARGET_FAMILY_SKINNED_MESH, 3, 2};
    ta_track_target skinned_other = {TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE, TA_TARGET_FAMILY_SKINNED_MESH, 3, 1};
    TA_ASSERT_OK(ta_mask_set_target(m, TA_TARGET_FAMILY_SKINNED_MESH, 3, 2, 0.125f, &err), &err);
    TA_ASSERT_OK(ta_mask_set_target(m, TA_TARGET_FAMILY_SKINNED_MESH, 3, TA_MASK_ALL_ELEMENTS, 0.375f, &err), &err);
    assert_true(ta_mask_weight(m, skinned_morph) == 0.125f);
    assert_true(ta_mask_weight(m, skinned_other) == 0.375f);
    assert_true(ta_mask_weight(m, morph) == 0.5f); /* a mesh and a skinned mesh of one index apart */
    TA_ASSERT_REFUSED(ta_mask_set_node(m, ta_node_at(9), NAN, &err), &err, TA_ERROR_NOT_A_NUMBER, "node[9]");
    TA_ASSERT_REFUSED(ta_mask_set_node(m, ta_node_at(9), 1.5f, &err), &err, TA_ERROR_OUT_OF_RANGE, "1.5");
    float bad[3] = {0, 1, -0.5f};
    TA_ASSERT_REFUSED(ta_mask_set_nodes(m, bad, 3, &err), &err, TA_ERROR_OUT_OF_RANGE, "weights[2]: the weight -0.5");
    TA_ASSERT_REFUSED(ta_mask_set_target(m, TA_TARGET_FAMILY_NODE, 0, 0, 1, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "ta_mask_set_node");
    /* nothing changed by the refusals */
    assert_true(ta_mask_weight(m, node9) == 0.75f);
    assert_true(ta_mask_weight(m, (ta_track_target){TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, 0, 0}) == 0.75f);
    ta_mask_options bad_default = {NULL, 2.0f, 0};
    ta_mask *m2 = NULL;
    TA_ASSERT_REFUSED(ta_mask_create(&bad_default, &m2, &err), &err, TA_ERROR_OUT_OF_RANGE, "default_weight");
    assert_null(m2);
    world w;
    make_world(&w);
    TA_ASSERT_REFUSED(ta_mask_set_subtree(m, w.scene, ta_node_at(77), 1, &err), &err, TA_ERROR_MISSING_TARGET,
                      "node: 77");
    TA_ASSERT_REFUSED(ta_mask_set_named(m, w.scene, "tail", false, 1, &err), &err, TA_ERROR_NOT_FOUND, "tail");
    ta_mask_destroy(m);
    free_world(&w);
}

/* A node index far past any scene cost a gigabyte and succeeded. A
 * mask holds TA_MASK_MAX_NODES nodes, or its options' max_nodes (its scene's
 * count); past them it refuses, naming the argument, the index and the value,
 * and changes nothing. */
static void test_a_node_past_the_mask_is_refused(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator counting = ta_test_counting_allocator(&counter);
    ta_mask_options o = {&counting, 0, 0};
    ta_mask *m = NULL;
    TA_ASSERT_OK(ta_mask_create(&o, &m, &err), &err);
    TA_ASSERT_OK(ta_mask_set_node(m, ta_node_at(3), 0.5f, &err), &err);
    size_t bytes = counter.live_bytes;
    TA_ASSERT_REFUSED(ta_mask_set_node(m, ta_node_at(1u << 28), 1, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "node: index 268435456 (weight 1) is past the mask's 1048576 nodes");
    TA_ASSERT_REFUSED(ta_mask_set_node(m, ta_node_at(TA_MASK_MAX_NODES), 1, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "node: index 1048576 (weight 1)");
    assert_int_equal(counter.live_bytes, bytes);
    ta_track_target far = {TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, 1u << 28, 0};
    ta_track_target three = {TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, 3, 0};
    assert_true(ta_mask_weight(m, far) == 0.0f);
    assert_true(ta_mask_weight(m, three) == 0.5f);
    /* the last node it holds is taken */
    TA_ASSERT_OK(ta_mask_set_node(m, ta_node_at(TA_MASK_MAX_NODES - 1), 1, &err), &err);
    ta_mask_destroy(m);

    /* bounded by its scene */
    world w;
    make_world(&w);
    ta_mask_options by_scene = {NULL, 0, w.scene->node_count};
    TA_ASSERT_OK(ta_mask_create(&by_scene, &m, &err), &err);
    uint32_t n = w.scene->node_count;
    TA_ASSERT_OK(ta_mask_set_node(m, ta_node_at(n - 1), 1, &err), &err);
    char want[128];
    snprintf(want, sizeof want, "node: index %u (weight 0.25) is past the mask's %u nodes", n, n);
    TA_ASSERT_REFUSED(ta_mask_set_node(m, ta_node_at(n), 0.25f, &err), &err, TA_ERROR_LIMIT_EXCEEDED, want);
    float weights[64] = {0};
    snprintf(want, sizeof want, "count: %u weights, node %u is past the mask's %u nodes", n + 1, n, n);
    TA_ASSERT_REFUSED(ta_mask_set_nodes(m, weights, n + 1, &err), &err, TA_ERROR_LIMIT_EXCEEDED, want);
    ta_track_target last = {TA_TRACK_KIND_POSITION, TA_TARGET_FAMILY_NODE, n - 1, 0};
    assert_true(ta_mask_weight(m, last) == 1.0f);
    ta_mask_destroy(m);
    /* a mask smaller than the scene refuses the scene's subtree */
    ta_mask_options small = {NULL, 0, 1};
    TA_ASSERT_OK(ta_mask_create(&small, &m, &err), &err);
    TA_ASSERT_REFUSED(ta_mask_set_subtree(m, w.scene, ta_node_at(0), 1, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "is past the mask's 1 nodes");
    ta_mask_destroy(m);
    free_world(&w);
}

/* A clip of every node's position and rotation, moving over 9 keys (seed: its own motion). */
static ta_clip *moving_clip(const ta_node_id *nodes, uint32_t n, double seed)
{
    enum { K = 9 };
    ta_track *tracks[10];
    float kt[K], kp[3 * K], kq[4 * K];
    for (uint32_t i = 0; i < n; ++i) {
        for (int k = 0; k < K; ++k) {
            const double u = 0.7 * k + seed + 0.3 * i, half = 0.6 * sin(u);
            kt[k] = 0.125f * (float)k;
            for (int c = 0; c < 3; ++c) kp[3 * k + c] = (float)(0.3 * cos(u + c) + seed);
            const double ax = sin(seed + i), ay = cos(seed * 2 + i), az = 0.5, len = sqrt(ax * ax + ay * ay + az * az);
            kq[4 * k] = (float)(ax / len * sin(half));
            kq[4 * k + 1] = (float)(ay / len * sin(half));
            kq[4 * k + 2] = (float)(az / len * sin(half));
            kq[4 * k + 3] = (float)cos(half);
        }
        tracks[2 * i] = ta_test_node_track(nodes[i], TA_TRACK_KIND_POSITION, kt, K, kp, 3 * K);
        tracks[2 * i + 1] = ta_test_node_track(nodes[i], TA_TRACK_KIND_QUATERNION, kt, K, kq, 4 * K);
    }
    return ta_test_clip("moving", tracks, 2 * n, NULL);
}

/* A mask of ones is no mask: a blend whose two actions carry one gives the unmasked blend's
 * numbers bit for bit; and where a mask is zero on one node, every other node's numbers are the
 * unmasked ones and that node rests at its original. (Masked actions mix as unmasked ones do:
 * they took a path of their own, every track sampled in double, a step off in the last bits.) */
static void test_a_mask_of_ones_is_no_mask(void **state)
{
    (void)state;
    ta_error err = {0};
    world w[3];
    ta_mask *ones, *no_leg;
    ta_mask_options all_on = {NULL, 1.0f, 0};
    TA_ASSERT_OK(ta_mask_create(&all_on, &ones, &err), &err);
    TA_ASSERT_OK(ta_mask_create(&all_on, &no_leg, &err), &err);
    for (int v = 0; v < 3; ++v) {
        make_world(&w[v]);
        if (v == 2) TA_ASSERT_OK(ta_mask_set_node(no_leg, w[v].leg, 0.0f, &err), &err);
        ta_node_id all[5] = {w[v].hips, w[v].spine, w[v].arm, w[v].hand, w[v].leg};
        const ta_mask *mask = v == 0 ? NULL : v == 1 ? ones : no_leg;
        ta_action *a = play(&w[v], moving_clip(all, 5, 0.4), mask);
        ta_action *b = play(&w[v], moving_clip(all, 5, 1.9), mask);
        TA_ASSERT_OK(ta_action_set_weight(a, 0.65f, &err), &err);
        TA_ASSERT_OK(ta_action_set_weight(b, 0.35f, &err), &err);
    }
    const ta_vec3 leg_rest = ta_scene_node(w[2].scene, w[2].leg)->position;
    for (int frame = 0; frame < 40; ++frame) {
        for (int v = 0; v < 3; ++v) update(&w[v], 0.037);
        ta_node_id n0[5] = {w[0].hips, w[0].spine, w[0].arm, w[0].hand, w[0].leg};
        for (int i = 0; i < 5; ++i) {
            const ta_node *plain = ta_scene_node(w[0].scene, n0[i]);
            for (int v = 1; v < 3; ++v) {
                const ta_node *masked = ta_scene_node(w[v].scene, n0[i]); /* the same indices in each world */
                if (v == 2 && i == 4) {
                    assert_memory_equal(&masked->position, &leg_rest, sizeof leg_rest);
                    continue;
                }
                if (memcmp(&masked->position, &plain->position, sizeof plain->position) != 0 ||
                    memcmp(&masked->quaternion, &plain->quaternion, sizeof plain->quaternion) != 0)
                    fail_msg("frame %d, node %d, mask %d: not the unmasked numbers", frame, i, v);
            }
        }
    }
    ta_mask_destroy(ones);
    ta_mask_destroy(no_leg);
    for (int v = 0; v < 3; ++v) free_world(&w[v]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_node_past_the_mask_is_refused),
        cmocka_unit_test(test_upper_body_over_lower_body),
        cmocka_unit_test(test_masked_fade_in_does_not_pop),
        cmocka_unit_test(test_mask_alone_rests_toward_the_original_and_additive),
        cmocka_unit_test(test_mask_lookup_and_refusals),
        cmocka_unit_test(test_a_mask_of_ones_is_no_mask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
