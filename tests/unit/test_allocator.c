/* The allocator rule (both or none) and result names. */
#include "ta_test.h"

#include "threeanim/threeanim.h"

static void *dummy_alloc(void *user, size_t size)
{
    (void)user;
    (void)size;
    return NULL;
}

static void test_allocator_needs_alloc_and_free_together(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_allocator only_alloc = {dummy_alloc, NULL, NULL, NULL};
    TA_ASSERT_REFUSED(ta_allocator_check(&only_alloc, &err), &err, TA_ERROR_INVALID_ARGUMENT, "only alloc");
    ta_allocator none = {0};
    assert_int_equal(ta_allocator_check(&none, &err), TA_OK);
    assert_int_equal(ta_allocator_check(NULL, &err), TA_OK);
}

static void test_scene_uses_the_callers_allocator(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_scene_options opts = {&a, "world", NULL};
    ta_scene *scene = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(&opts, &scene, &err), &err);
    ta_node_id n;
    TA_ASSERT_OK(ta_scene_add_node(scene, ta_no_parent(), "hips", &n, &err), &err);
    assert_true(counter.allocations > 0);
    ta_scene_destroy(scene);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_a_failing_allocator_changes_nothing(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    ta_scene_options opts = {&a, NULL, NULL};
    ta_scene *scene = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(&opts, &scene, &err), &err);
    counter.fail_after = (long)counter.allocations; /* every further allocation fails */
    ta_node_id n = ta_node_at(77);
    TA_ASSERT_REFUSED(ta_scene_add_node(scene, ta_no_parent(), "hips", &n, &err), &err, TA_ERROR_OUT_OF_MEMORY,
                      "out of memory");
    assert_int_equal(scene->node_count, 0);
    assert_int_equal(n.index, 77);
    counter.fail_after = -1;
    ta_scene_destroy(scene);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_result_names(void **state)
{
    (void)state;
    assert_string_equal(ta_result_name(TA_OK), "OK");
    assert_string_equal(ta_result_name(TA_ERROR_NO_KEYS), "NO_KEYS");
    assert_string_equal(ta_result_name((ta_result)999), "?");
    assert_string_equal(ta_version(), "0.1.0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allocator_needs_alloc_and_free_together),
        cmocka_unit_test(test_scene_uses_the_callers_allocator),
        cmocka_unit_test(test_a_failing_allocator_changes_nothing),
        cmocka_unit_test(test_result_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
