/*
 * tests/support/ta_test_build.h -- set-up the unit tests share: a track, a
 * clip, an action playing in a mixer, each made in one call that fails the
 * test if the library refuses (so a test's own lines are about what it checks).
 *
 *     ta_node_id hips = ta_test_node_under(scene, ta_node_none(), "hips");
 *     float kt[2] = {0, 1}, kv[6] = {0, 0, 0, 1, 0, 0};
 *     ta_track *t = ta_test_node_track(hips, TA_TRACK_KIND_POSITION, kt, 2, kv, 6);
 *     ta_clip *c = ta_test_clip("walk", &t, 1, NULL);
 *     ta_action *a = ta_test_play(mixer, c);
 *
 * Tests that check a refusal of one of these calls build their desc by hand.
 */
#ifndef THREEANIM_TESTS_SUPPORT_TA_TEST_BUILD_H
#define THREEANIM_TESTS_SUPPORT_TA_TEST_BUILD_H

#include <stdint.h>

#include "threeanim/threeanim.h"

/* A desc of those fields, the rest zero: for tests that change a field and
 * check the refusal. */
ta_track_desc ta_test_desc(ta_track_target target, ta_interpolation interp, const float *times, uint32_t key_count,
                           const float *values, uint32_t value_count);

/* A track on target with the keys given (interp TA_INTERPOLATION_DEFAULT for
 * the kind's own); the caller owns it. */
ta_track *ta_test_track(ta_track_target target, ta_interpolation interp, const float *times, uint32_t key_count,
                        const float *values, uint32_t value_count);

/* The target of a node's property. */
ta_track_target ta_test_node_target(ta_node_id node, ta_track_kind kind);

/* ta_test_track_alloc with in- and out-tangents (CUBIC_SPLINE, BEZIER), tangent_count each. */
ta_track *ta_test_track_tangents(const ta_allocator *allocator, ta_track_target target, ta_interpolation interp,
                                 const float *times, uint32_t key_count, const float *values, uint32_t value_count,
                                 const float *in, const float *out, uint32_t tangent_count);

/* ta_test_track made with allocator (NULL: the default). */
ta_track *ta_test_track_alloc(const ta_allocator *allocator, ta_track_target target, ta_interpolation interp,
                              const float *times, uint32_t key_count, const float *values, uint32_t value_count);

/* A string track (NODE_NAME): one string a key. */
ta_track *ta_test_string_track(ta_track_target target, const float *times, uint32_t key_count,
                               const char *const *strings);

/* ta_test_track on a node's property, with the default interpolation. */
ta_track *ta_test_node_track(ta_node_id node, ta_track_kind kind, const float *times, uint32_t key_count,
                             const float *values, uint32_t value_count);

/* A track of two keys, v0 (n numbers, n <= 16) at 0 and v1 at end seconds. */
ta_track *ta_test_track2(ta_track_target target, ta_interpolation interp, float end, const float *v0,
                         const float *v1, uint32_t n);

/* A clip of n tracks (it takes them); opts may be NULL. */
ta_clip *ta_test_clip(const char *name, ta_track *const *tracks, uint32_t n, const ta_clip_options *opts);

/* A clip of one track (it takes it) blended as mode. */
ta_clip *ta_test_clip_blend(const char *name, ta_track *track, ta_blend_mode mode);

/* A mixer on root (ta_node_none() for none), default options. */
ta_mixer *ta_test_mixer(ta_node_id root);

/* An empty scene, assets and camera list, default options. */
ta_scene *ta_test_scene(void);
ta_assets *ta_test_assets(void);
ta_camera_list *ta_test_cameras(void);

/* A node added under parent (ta_node_none() for a root). */
ta_node_id ta_test_node_under(ta_scene *scene, ta_node_id parent, const char *name);

/* A scene (default options) with one root node named name, put in *out_node. */
ta_scene *ta_test_scene_with_node(const char *name, ta_node_id *out_node);

/* An action of clip (no options) added to mixer (root ta_node_none()); not yet playing. */
ta_action *ta_test_action(ta_mixer *mixer, const ta_clip *clip);

/* ta_test_action, then played. */
ta_action *ta_test_play(ta_mixer *mixer, const ta_clip *clip);

#endif
