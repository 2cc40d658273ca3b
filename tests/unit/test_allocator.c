/* The allocator rule (both or none), result names, the internal allocation
 * helpers, and the sweep: an allocator that fails at each allocation point of
 * a call in turn, which must leave the object as it was (compared field by
 * field) and leak nothing, with the caller's realloc and without it. */
#include "core_dump.h"
#include "ta_test.h"

#include "core/internal.h"
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
    TA_ASSERT_OK(ta_scene_add_node(scene, ta_node_none(), "hips", &n, &err), &err);
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
    TA_ASSERT_REFUSED(ta_scene_add_node(scene, ta_node_none(), "hips", &n, &err), &err, TA_ERROR_OUT_OF_MEMORY,
                      "out of memory");
    assert_int_equal(scene->node_count, 0);
    assert_int_equal(n.index, 77);
    counter.fail_after = -1;
    ta_scene_destroy(scene);
    assert_int_equal(counter.live_bytes, 0);
}

static void test_allocator_check_messages(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    a.alloc = NULL;
    a.realloc = NULL;
    TA_ASSERT_REFUSED(ta_allocator_check(&a, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "allocator: alloc and free come together, but only free is set");
    a = ta_test_counting_allocator(&counter);
    a.alloc = NULL;
    a.free = NULL;
    TA_ASSERT_REFUSED(ta_allocator_check(&a, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "allocator: realloc is set without alloc and free");
    a = ta_test_counting_allocator(&counter);
    a.realloc = NULL; /* optional */
    TA_ASSERT_OK(ta_allocator_check(&a, &err), &err);
    /* every constructor refuses a half allocator before allocating */
    a.free = NULL;
    ta_scene_options so = {&a, NULL, NULL};
    ta_scene *scene = NULL;
    TA_ASSERT_REFUSED(ta_scene_create(&so, &scene, &err), &err, TA_ERROR_INVALID_ARGUMENT, "only alloc is set");
    ta_camera_list_options co = {&a};
    ta_camera_list *cams = NULL;
    TA_ASSERT_REFUSED(ta_camera_list_create(&co, &cams, &err), &err, TA_ERROR_INVALID_ARGUMENT, "only alloc is set");
    assert_null(scene);
    assert_null(cams);
    assert_int_equal(counter.allocations, 0);
}

static void test_internal_helpers(void **state)
{
    (void)state;
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    a.realloc = NULL; /* the allocate, copy and free path */
    ta__mem mem;
    ta_error err = {0};
    TA_ASSERT_OK(ta__mem_init(&mem, &a, &err), &err);
    /* calloc: zeroed, and NULL (not a short block) when count * size overflows */
    unsigned char *z = (unsigned char *)ta__calloc(&mem, 16, 4);
    assert_non_null(z);
    for (int i = 0; i < 64; ++i) assert_int_equal(z[i], 0);
    size_t before = counter.allocations;
    assert_null(ta__calloc(&mem, SIZE_MAX / 2, 3));
    assert_int_equal(counter.allocations, before);
    /* realloc without the caller's realloc keeps the contents */
    for (int i = 0; i < 64; ++i) z[i] = (unsigned char)i;
    z = (unsigned char *)ta__realloc(&mem, z, 64, 128);
    assert_non_null(z);
    for (int i = 0; i < 64; ++i) assert_int_equal(z[i], i);
    z = (unsigned char *)ta__realloc(&mem, z, 128, 10); /* shrinking copies what fits */
    for (int i = 0; i < 10; ++i) assert_int_equal(z[i], i);
    ta__free(&mem, z, 10);
    ta__free(&mem, NULL, 0);
    /* strdup: NULL is "" */
    char *e = ta__strdup(&mem, NULL);
    assert_string_equal(e, "");
    ta__free_str(&mem, e);
    ta__free_str(&mem, NULL);
    /* reserve: grows to at least 8, doubles, refuses a size that overflows */
    uint32_t *items = NULL;
    uint32_t cap = 0;
    TA_ASSERT_OK(ta__reserve(&mem, (void **)&items, &cap, 1, sizeof *items, &err), &err);
    assert_int_equal(cap, 8);
    for (uint32_t i = 0; i < 8; ++i) items[i] = i * 3;
    TA_ASSERT_OK(ta__reserve(&mem, (void **)&items, &cap, 9, sizeof *items, &err), &err);
    assert_int_equal(cap, 16);
    for (uint32_t i = 0; i < 8; ++i) assert_int_equal(items[i], i * 3);
    TA_ASSERT_OK(ta__reserve(&mem, (void **)&items, &cap, 5, sizeof *items, &err), &err);
    assert_int_equal(cap, 16); /* never shrinks */
    uint32_t *keep = items;
    if (SIZE_MAX / UINT32_MAX < SIZE_MAX / 2) {
        /* 2^32 items of SIZE_MAX / 2^31 bytes cannot be counted in a size_t */
        TA_ASSERT_REFUSED(ta__reserve(&mem, (void **)&items, &cap, UINT32_MAX, SIZE_MAX / 0x80000000u, &err), &err,
                          TA_ERROR_OUT_OF_MEMORY, "cannot hold 4294967295 items");
        assert_true(items == keep);
        assert_int_equal(cap, 16);
    }
    counter.fail_after = (long)counter.allocations;
    TA_ASSERT_REFUSED(ta__reserve(&mem, (void **)&items, &cap, 17, sizeof *items, &err), &err,
                      TA_ERROR_OUT_OF_MEMORY, "out of memory growing to 17 items");
    assert_true(items == keep);
    assert_int_equal(cap, 16);
    for (uint32_t i = 0; i < 8; ++i) assert_int_equal(items[i], i * 3);
    counter.fail_after = -1;
    ta__free(&mem, items, cap * sizeof *items);
    assert_int_equal(counter.live_bytes, 0);
}

/* ---- the sweep ------------------------------------------------------------------- */

typedef enum object_kind { SCENE, ASSETS, CAMERAS } object_kind;

typedef struct sweep_ctx {
    object_kind kind;
    ta_scene *scene;
    ta_assets *assets;
    ta_camera_list *cameras;
} sweep_ctx;

typedef ta_result (*sweep_op)(sweep_ctx *ctx, ta_error *err);

static void dump_of(const sweep_ctx *ctx, core_dump *d)
{
    if (ctx->kind == SCENE) core_dump_scene(ctx->scene, d);
    if (ctx->kind == ASSETS) core_dump_assets(ctx->assets, d);
    if (ctx->kind == CAMERAS) core_dump_cameras(ctx->cameras, d);
}

/* Runs op with the 1st, 2nd, ... allocation failing until it succeeds.
 * Returns how many allocation points it had. */
static long sweep(const char *what, sweep_ctx *ctx, ta_test_counter *c, sweep_op op)
{
    static core_dump before, after;
    dump_of(ctx, &before);
    size_t live = c->live_bytes;
    for (long k = 0; k < 64; ++k) {
        c->fail_after = (long)c->allocations + k;
        ta_error err = {0};
        ta_result r = op(ctx, &err);
        c->fail_after = -1;
        if (r == TA_OK) return k;
        if (r != TA_ERROR_OUT_OF_MEMORY) {
            print_error("%s, allocation %ld failing: %s: %s\n", what, k + 1, ta_result_name(r), err.message);
            fail();
        }
        assert_int_equal(err.code, TA_ERROR_OUT_OF_MEMORY);
        TA_ASSERT_CONTAINS(err.message, "out of memory");
        dump_of(ctx, &after);
        if (strcmp(before.text, after.text) != 0) {
            print_error("%s, allocation %ld failing, changed the object:\n%s\n-- became --\n%s\n", what, k + 1,
                        before.text, after.text);
            fail();
        }
        if (c->live_bytes != live) {
            print_error("%s, allocation %ld failing: %zu bytes live before, %zu after\n", what, k + 1, live,
                        c->live_bytes);
            fail();
        }
    }
    print_error("%s never succeeded\n", what);
    fail();
    return -1;
}

static ta_result op_add_node(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_add_node(ctx->scene, ta_node_at(0), "a fresh node", NULL, err);
}

static ta_result op_set_node_name(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_set_node_name(ctx->scene, ta_node_at(1), "a name of another length", err);
}

static ta_result op_set_node_uuid(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_set_node_uuid(ctx->scene, ta_node_at(2), "0b9f1f3c-uuid", err);
}

static ta_result op_set_scene_name(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_set_name(ctx->scene, "renamed", err);
}

static ta_result op_set_scene_uuid(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_set_uuid(ctx->scene, "scene-uuid", err);
}

static ta_mesh_desc mesh_desc(void)
{
    static const char *const names[3] = {"smile", "frown", "blink"};
    static const float influences[3] = {0.5f, 0, 1};
    static const ta_material_id materials[2] = {{0}, {3}};
    static const ta_node_id bones[3] = {{1}, {2}, {3}};
    ta_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.node = ta_node_at(0);
    d.morph_count = 3;
    d.morph_names = names;
    d.morph_influences = influences;
    d.materials = materials;
    d.material_count = 2;
    d.bones = bones;
    d.bone_count = 3;
    return d;
}

static ta_result op_add_mesh(sweep_ctx *ctx, ta_error *err)
{
    ta_mesh_desc d = mesh_desc();
    d.bones = NULL;
    d.bone_count = 0;
    return ta_scene_add_mesh(ctx->scene, &d, NULL, err);
}

static ta_result op_add_skinned_mesh(sweep_ctx *ctx, ta_error *err)
{
    ta_mesh_desc d = mesh_desc();
    return ta_scene_add_skinned_mesh(ctx->scene, &d, NULL, err);
}

static ta_result op_set_morph_name(sweep_ctx *ctx, ta_error *err)
{
    return ta_scene_set_morph_name(ctx->scene, ta_scene_skinned_mesh(ctx->scene, ta_skinned_mesh_at(0)), 1, "grin",
                                  err);
}

static ta_result op_add_light(sweep_ctx *ctx, ta_error *err)
{
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_SPOT);
    l.node = ta_node_at(2);
    return ta_scene_add_light(ctx->scene, &l, NULL, err);
}

static ta_result op_add_material(sweep_ctx *ctx, ta_error *err)
{
    ta_material m = ta_material_defaults(TA_MATERIAL_KIND_PHONG);
    return ta_assets_add_material(ctx->assets, &m, "skin", "m-uuid", NULL, err);
}

static ta_result op_add_texture(sweep_ctx *ctx, ta_error *err)
{
    ta_texture t = ta_texture_defaults();
    return ta_assets_add_texture(ctx->assets, &t, "albedo", NULL, NULL, err);
}

static ta_result op_add_perspective(sweep_ctx *ctx, ta_error *err)
{
    ta_perspective_camera c = ta_perspective_camera_defaults();
    return ta_camera_list_add_perspective(ctx->cameras, &c, NULL, err);
}

static ta_result op_add_orthographic(sweep_ctx *ctx, ta_error *err)
{
    ta_orthographic_camera c = ta_orthographic_camera_defaults();
    return ta_camera_list_add_orthographic(ctx->cameras, &c, NULL, err);
}

typedef struct sweep_step {
    const char *name;
    sweep_op op;
    int repeat; /* run it this many times in a row, so that lists grow */
} sweep_step;

static void sweep_everything(bool with_realloc)
{
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator a = ta_test_counting_allocator(&counter);
    if (!with_realloc) a.realloc = NULL;
    ta_error err = {0};
    long points = 0, calls = 0;

    /* the constructors: a failure leaves *out alone and nothing allocated */
    for (long k = 0;; ++k) {
        ta_scene_options so = {&a, "scene", "uuid"};
        ta_scene *scene = (ta_scene *)&counter;
        counter.fail_after = (long)counter.allocations + k;
        ta_result r = ta_scene_create(&so, &scene, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_scene_destroy(scene);
            points += k;
            break;
        }
        TA_ASSERT_REFUSED(r, &err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a scene");
        assert_true(scene == (ta_scene *)&counter);
        assert_int_equal(counter.live_bytes, 0);
    }
    for (long k = 0;; ++k) {
        ta_assets_options ao = {&a};
        ta_assets *assets = (ta_assets *)&counter;
        counter.fail_after = (long)counter.allocations + k;
        ta_result r = ta_assets_create(&ao, &assets, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_assets_destroy(assets);
            points += k;
            break;
        }
        TA_ASSERT_REFUSED(r, &err, TA_ERROR_OUT_OF_MEMORY, "out of memory making the assets");
        assert_true(assets == (ta_assets *)&counter);
        assert_int_equal(counter.live_bytes, 0);
    }
    for (long k = 0;; ++k) {
        ta_camera_list_options co = {&a};
        ta_camera_list *cams = (ta_camera_list *)&counter;
        counter.fail_after = (long)counter.allocations + k;
        ta_result r = ta_camera_list_create(&co, &cams, &err);
        counter.fail_after = -1;
        if (r == TA_OK) {
            ta_camera_list_destroy(cams);
            points += k;
            break;
        }
        TA_ASSERT_REFUSED(r, &err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a camera list");
        assert_true(cams == (ta_camera_list *)&counter);
        assert_int_equal(counter.live_bytes, 0);
    }
    assert_int_equal(counter.live_bytes, 0);

    sweep_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ta_scene_options so = {&a, "scene", NULL};
    TA_ASSERT_OK(ta_scene_create(&so, &ctx.scene, &err), &err);
    ta_assets_options ao = {&a};
    TA_ASSERT_OK(ta_assets_create(&ao, &ctx.assets, &err), &err);
    ta_camera_list_options co = {&a};
    TA_ASSERT_OK(ta_camera_list_create(&co, &ctx.cameras, &err), &err);
    TA_ASSERT_OK(ta_scene_add_node(ctx.scene, ta_node_none(), "root", NULL, &err), &err);
    const struct {
        object_kind kind;
        sweep_step step;
    } steps[] = {
        {SCENE, {"add_node", op_add_node, 12}},           {SCENE, {"set_node_name", op_set_node_name, 1}},
        {SCENE, {"set_node_uuid", op_set_node_uuid, 2}},  {SCENE, {"set_name", op_set_scene_name, 1}},
        {SCENE, {"set_uuid", op_set_scene_uuid, 1}},      {SCENE, {"add_mesh", op_add_mesh, 10}},
        {SCENE, {"add_skinned_mesh", op_add_skinned_mesh, 10}},
        {SCENE, {"set_morph_name", op_set_morph_name, 2}}, {SCENE, {"add_light", op_add_light, 10}},
        {ASSETS, {"add_material", op_add_material, 10}},  {ASSETS, {"add_texture", op_add_texture, 10}},
        {CAMERAS, {"add_perspective", op_add_perspective, 10}},
        {CAMERAS, {"add_orthographic", op_add_orthographic, 10}},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; ++i) {
        ctx.kind = steps[i].kind;
        long step_points = 0;
        for (int rep = 0; rep < steps[i].step.repeat; ++rep) {
            step_points += sweep(steps[i].step.name, &ctx, &counter, steps[i].step.op);
            calls++;
        }
        /* each step allocates somewhere: a copy of a string, or a list that
         * grows (a light or a camera only when its list is full) */
        if (step_points < 1) {
            print_error("%s never allocated\n", steps[i].step.name);
            fail();
        }
        points += step_points;
    }
    assert_int_equal(ctx.scene->node_count, 13);
    assert_int_equal(ctx.scene->mesh_count, 10);
    assert_int_equal(ctx.scene->skinned_mesh_count, 10);
    assert_int_equal(ctx.scene->light_count, 10);
    assert_string_equal(ctx.scene->skinned_meshes[0].morph_names[1], "grin");
    assert_int_equal(ctx.assets->material_count, 10);
    assert_int_equal(ctx.cameras->orthographic_count, 10);
    ta_scene_destroy(ctx.scene);
    ta_assets_destroy(ctx.assets);
    ta_camera_list_destroy(ctx.cameras);
    assert_int_equal(counter.live_bytes, 0);
    print_message("allocation failures (%s realloc): %ld points over %ld calls and 3 constructors, none changed "
                  "anything or leaked\n",
                  with_realloc ? "with" : "without", points, calls);
}

static void test_every_allocation_failure_changes_nothing(void **state)
{
    (void)state;
    sweep_everything(true);
}

static void test_every_allocation_failure_changes_nothing_without_realloc(void **state)
{
    (void)state;
    sweep_everything(false);
}

static void test_result_names(void **state)
{
    (void)state;
    assert_string_equal(ta_result_name(TA_OK), "OK");
    assert_string_equal(ta_result_name(TA_ERROR_NO_KEYS), "NO_KEYS");
    assert_string_equal(ta_result_name((ta_result)999), "?");
    assert_string_equal(ta_library_version(), "0.1.0");
}

static void test_every_result_has_a_name(void **state)
{
    (void)state;
    /* a distinct, non-empty name for each code, the enumerator's without TA_ERROR_ */
    for (int i = 0; i < TA_RESULT_COUNT; ++i) {
        const char *n = ta_result_name((ta_result)i);
        assert_true(n[0] != '\0' && strcmp(n, "?") != 0);
        for (int j = 0; j < i; ++j) assert_true(strcmp(n, ta_result_name((ta_result)j)) != 0);
    }
    assert_string_equal(ta_result_name(TA_ERROR_NOT_FOUND), "NOT_FOUND");
    assert_string_equal(ta_result_name(TA_ERROR_OUT_OF_RANGE), "OUT_OF_RANGE");
    assert_string_equal(ta_result_name(TA_RESULT_COUNT), "?");
    assert_string_equal(ta_result_name((ta_result)-1), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allocator_needs_alloc_and_free_together),
        cmocka_unit_test(test_scene_uses_the_callers_allocator),
        cmocka_unit_test(test_a_failing_allocator_changes_nothing),
        cmocka_unit_test(test_allocator_check_messages),
        cmocka_unit_test(test_internal_helpers),
        cmocka_unit_test(test_every_allocation_failure_changes_nothing),
        cmocka_unit_test(test_every_allocation_failure_changes_nothing_without_realloc),
        cmocka_unit_test(test_result_names),
        cmocka_unit_test(test_every_result_has_a_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
