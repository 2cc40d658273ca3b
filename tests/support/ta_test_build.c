/* tests/support/ta_test_build.c -- see ta_test_build.h. */
#include "ta_test_build.h"

#include "ta_test.h"

/* The track desc makes, or the test fails. */
static ta_track *created(const ta_track_desc *d, const ta_allocator *allocator)
{
    ta_error err = {0};
    ta_track *t = NULL;
    TA_ASSERT_OK(ta_track_create(d, allocator, &t, &err), &err);
    return t;
}

ta_track_desc ta_test_desc(ta_track_target target, ta_interpolation interp, const float *times, uint32_t key_count,
                           const float *values, uint32_t value_count)
{
    ta_track_desc d = {0};
    d.target = target;
    d.interpolation = interp;
    d.times = times;
    d.key_count = key_count;
    d.values = values;
    d.value_count = value_count;
    return d;
}

ta_track *ta_test_track(ta_track_target target, ta_interpolation interp, const float *times, uint32_t key_count,
                        const float *values, uint32_t value_count)
{
    return ta_test_track_alloc(NULL, target, interp, times, key_count, values, value_count);
}

ta_track *ta_test_track_tangents(const ta_allocator *allocator, ta_track_target target, ta_interpolation interp,
                                 const float *times, uint32_t key_count, const float *values, uint32_t value_count,
                                 const float *in, const float *out, uint32_t tangent_count)
{
    ta_track_desc d = ta_test_desc(target, interp, times, key_count, values, value_count);
    d.in_tangents = in;
    d.out_tangents = out;
    d.tangent_count = tangent_count;
    return created(&d, allocator);
}

ta_track *ta_test_track_alloc(const ta_allocator *allocator, ta_track_target target, ta_interpolation interp,
                              const float *times, uint32_t key_count, const float *values, uint32_t value_count)
{
    return ta_test_track_tangents(allocator, target, interp, times, key_count, values, value_count, NULL, NULL, 0);
}

ta_track *ta_test_string_track(ta_track_target target, const float *times, uint32_t key_count,
                               const char *const *strings)
{
    ta_track_desc d = {0};
    d.target = target;
    d.times = times;
    d.key_count = key_count;
    d.strings = strings;
    return created(&d, NULL);
}

ta_track_target ta_test_node_target(ta_node_id node, ta_track_kind kind)
{
    ta_error err = {0};
    ta_track_target target;
    TA_ASSERT_OK(ta_track_target_node(node, kind, &target, &err), &err);
    return target;
}

ta_track *ta_test_node_track(ta_node_id node, ta_track_kind kind, const float *times, uint32_t key_count,
                             const float *values, uint32_t value_count)
{
    return ta_test_track(ta_test_node_target(node, kind), TA_INTERPOLATION_DEFAULT, times, key_count, values, value_count);
}

ta_track *ta_test_track2(ta_track_target target, ta_interpolation interp, float end, const float *v0,
                         const float *v1, uint32_t n)
{
    float times[2] = {0, end};
    float values[32];
    assert_true(n <= 16);
    memcpy(values, v0, sizeof(float) * n);
    memcpy(values + n, v1, sizeof(float) * n);
    return ta_test_track(target, interp, times, 2, values, 2 * n);
}

ta_clip *ta_test_clip(const char *name, ta_track *const *tracks, uint32_t n, const ta_clip_options *opts)
{
    ta_error err = {0};
    ta_clip *c = NULL;
    TA_ASSERT_OK(ta_clip_create(name, tracks, n, opts, &c, &err), &err);
    return c;
}

ta_clip *ta_test_clip_blend(const char *name, ta_track *track, ta_blend_mode mode)
{
    ta_clip_options o = {0};
    o.blend_mode = mode;
    return ta_test_clip(name, &track, 1, &o);
}

ta_mixer *ta_test_mixer(ta_node_id root)
{
    ta_error err = {0};
    ta_mixer *m = NULL;
    TA_ASSERT_OK(ta_mixer_create(root, NULL, &m, &err), &err);
    return m;
}

ta_node_id ta_test_node_under(ta_scene *scene, ta_node_id parent, const char *name)
{
    ta_error err = {0};
    ta_node_id node = ta_node_none();
    TA_ASSERT_OK(ta_scene_add_node(scene, parent, name, &node, &err), &err);
    return node;
}

ta_scene *ta_test_scene(void)
{
    ta_error err = {0};
    ta_scene *scene = NULL;
    TA_ASSERT_OK(ta_scene_create(NULL, &scene, &err), &err);
    return scene;
}

ta_assets *ta_test_assets(void)
{
    ta_error err = {0};
    ta_assets *assets = NULL;
    TA_ASSERT_OK(ta_assets_create(NULL, &assets, &err), &err);
    return assets;
}

ta_camera_list *ta_test_cameras(void)
{
    ta_error err = {0};
    ta_camera_list *cameras = NULL;
    TA_ASSERT_OK(ta_camera_list_create(NULL, &cameras, &err), &err);
    return cameras;
}

ta_scene *ta_test_scene_with_node(const char *name, ta_node_id *out_node)
{
    ta_scene *scene = ta_test_scene();
    *out_node = ta_test_node_under(scene, ta_node_none(), name);
    return scene;
}

ta_action *ta_test_action(ta_mixer *mixer, const ta_clip *clip)
{
    ta_error err = {0};
    ta_action *a = NULL;
    TA_ASSERT_OK(ta_action_create(clip, NULL, &a, &err), &err);
    TA_ASSERT_OK(ta_mixer_add(mixer, a, ta_node_none(), NULL, &err), &err);
    return a;
}

ta_action *ta_test_play(ta_mixer *mixer, const ta_clip *clip)
{
    ta_error err = {0};
    ta_action *a = ta_test_action(mixer, clip);
    TA_ASSERT_OK(ta_action_play(a, &err), &err);
    return a;
}
