/* What a loaded model and an instance of its scene keep, counted by the
 * allocator they were given: the figures of the "Per character" table of
 * docs/for-engine-authors.md, printed here so that the text can say where they come from. The
 * bundled rig (examples/default.glb) always; the Fox from the Khronos glTF
 * samples when they are there (skipped, saying so, when not). Nothing is
 * left once the model and the instance are destroyed. */
#include <stdio.h>

#include "ta_test.h"
#include "threeanim/threeanim.h"

/* Loads path with a counting allocator and prints the bytes still live after
 * the load and those an instance of its scene adds. */
static void print_model_bytes(const char *label, const char *path)
{
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_load_options load = {0};
    load.allocator = &alloc;
    ta_model *model = NULL;
    TA_ASSERT_OK(ta_gltf_load_file(path, &load, &model, &err), &err);
    size_t loaded = counter.live_bytes;
    ta_scene_options so = {&alloc, NULL, NULL};
    ta_scene *instance = NULL;
    TA_ASSERT_OK(ta_scene_instantiate(model->scene, &so, &instance, &err), &err);
    size_t scene = counter.live_bytes - loaded;
    printf("# %s: a load keeps %zu bytes; an instance's scene %zu bytes\n", label, loaded, scene);
    assert_true(loaded > 0 && scene > 0);
    ta_scene_destroy(instance);
    ta_model_destroy(model);
    assert_int_equal(counter.live_bytes, 0);
}

static void bundled_rig(void **state)
{
    (void)state;
    char buf[4096];
    print_model_bytes("the bundled rig", ta_test_source_path("examples/default.glb", buf, sizeof buf));
}

static void fox(void **state)
{
    (void)state;
    char buf[4096];
    const char *path = ta_test_samples_path("Fox/glTF-Binary/Fox.glb", buf, sizeof buf);
    if (path == NULL) {
        printf("skipped: Fox.glb is not in the glTF samples at %s (set TA_SAMPLES_DIR when CMake runs)\n",
               ta_test_samples_dir());
        skip();
    }
    print_model_bytes("Fox", path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bundled_rig),
        cmocka_unit_test(fox),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
