#define _POSIX_C_SOURCE 200809L /* WEXITSTATUS */
/* A compressed clip's kept keys read through the public calls (ta_compressed_clip_track), which
 * `threeanim compress` writes as glTF samplers: each kept key is what ta_compressed_clip_sample
 * plays at its time; and the .tac `threeanim compress` writes, read back with
 * ta_compressed_clip_read, is the compressed clip's bytes and plays as it does (skipped, saying so,
 * when the command is not built). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ta_test.h"
#include "threeanim/threeanim.h"

static ta_model *load_default(void)
{
    char buf[1024];
    ta_error err = {0};
    ta_model *model = NULL;
    TA_ASSERT_OK(ta_gltf_load_file(ta_test_source_path("examples/default.glb", buf, sizeof buf), NULL, &model, &err), &err);
    return model;
}

static const double *component(const ta_node *n, ta_track_kind kind, double out[4])
{
    if (kind == TA_TRACK_KIND_POSITION) out[0] = n->position.x, out[1] = n->position.y, out[2] = n->position.z;
    if (kind == TA_TRACK_KIND_SCALE) out[0] = n->scale.x, out[1] = n->scale.y, out[2] = n->scale.z;
    if (kind == TA_TRACK_KIND_QUATERNION)
        out[0] = n->quaternion.x, out[1] = n->quaternion.y, out[2] = n->quaternion.z, out[3] = n->quaternion.w;
    return out;
}

static void kept_keys_are_what_plays(void **state)
{
    (void)state;
    ta_model *model = load_default();
    ta_error err = {0};
    uint32_t walk = 0;
    TA_ASSERT_OK(ta_model_find_clip(model, "walk", &walk, &err), &err);
    ta_compressed_clip *cc = NULL;
    ta_compress_options opt = {0};
    opt.smallest = true; /* keys dropped wherever that saves bytes: reduced tracks to read */
    TA_ASSERT_OK(ta_clip_compress(model->animations[walk], model->scene, &opt, &cc, NULL, &err), &err);
    const uint32_t tracks = ta_compressed_clip_track_count(cc);
    assert_int_equal(tracks, ta_clip_track_count(model->animations[walk]));
    uint32_t fewer = 0, constant = 0, checked = 0;
    for (uint32_t i = 0; i < tracks; ++i) {
        ta_compressed_track_info info;
        TA_ASSERT_OK(ta_compressed_clip_track(cc, i, &info, NULL, NULL, &err), &err);
        const ta_track *source = ta_clip_track(model->animations[walk], i);
        assert_int_equal(info.kind, ta_track_target_of(source).kind);
        assert_int_equal(info.components, info.kind == TA_TRACK_KIND_QUATERNION ? 4 : 3);
        assert_true(info.keys >= 1 && info.keys <= ta_track_key_count(source));
        fewer += info.keys < ta_track_key_count(source) && !info.constant;
        constant += info.constant;
        float times[64], values[256];
        assert_true(info.keys <= 64);
        TA_ASSERT_OK(ta_compressed_clip_track(cc, i, &info, times, values, &err), &err);
        for (uint32_t k = 0; k < info.keys; ++k) {
            TA_ASSERT_OK(ta_compressed_clip_sample(cc, times[k], model->scene, &err), &err);
            double v[4];
            component(&model->scene->nodes[info.node.index], info.kind, v);
            for (uint32_t c = 0; c < info.components; ++c) TA_ASSERT_NEAR(values[k * info.components + c], v[c], 1e-6);
            checked++;
        }
        for (uint32_t k = 1; k < info.keys; ++k) assert_true(times[k - 1] < times[k]);
    }
    printf("walk: %u tracks, %u keep fewer keys, %u constant, %u keys checked\n", tracks, fewer, constant, checked);
    assert_true(fewer > 0); /* key reduction is seen */
    ta_compressed_track_info info;
    TA_ASSERT_REFUSED(ta_compressed_clip_track(cc, tracks, &info, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "past");
    TA_ASSERT_REFUSED(ta_compressed_clip_track(NULL, 0, &info, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "clip");
    assert_int_equal(ta_compressed_clip_track_count(NULL), 0);
    ta_compressed_clip_destroy(cc);
    ta_model_destroy(model);
}

/* The command's exit status running args ("" when it is not built: skipped). */
static int run_cli(const char *args)
{
    char cmd[4096], model[1024];
    snprintf(cmd, sizeof cmd, "\"%s/threeanim\" compress \"%s\" %s >/dev/null 2>&1", TA_BINARY_DIR,
             ta_test_source_path("examples/default.glb", model, sizeof model), args);
    const int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void tac_reads_back_as_the_clip(void **state)
{
    (void)state;
    char cli[1024], out[1024], args[2048];
    snprintf(cli, sizeof cli, "%s/threeanim", TA_BINARY_DIR);
    FILE *probe = fopen(cli, "rb");
    if (probe == NULL) {
        printf("%s is not built: the .tac round trip skipped\n", cli);
        skip();
    }
    fclose(probe);
    snprintf(out, sizeof out, "%s/test_compress_tracks_walk.tac", TA_BINARY_DIR);
    snprintf(args, sizeof args, "\"%s\" --clip walk", out);
    assert_int_equal(run_cli(args), 0);
    snprintf(args, sizeof args, "\"%s\"", out); /* three clips for one .tac: a usage error */
    assert_int_equal(run_cli(args), 2);
    snprintf(args, sizeof args, "\"%s\" --clip wave", out); /* its morph tracks: refused */
    assert_int_equal(run_cli(args), 1);

    ta_error err = {0};
    size_t size = 0;
    char *bytes = NULL;
    TA_ASSERT_OK(ta_file_read(out, 1u << 20, NULL, &bytes, &size, &err), &err);
    ta_compressed_clip *read = NULL, *cc = NULL;
    TA_ASSERT_OK(ta_compressed_clip_read(bytes, size, NULL, &read, &err), &err);
    ta_model *model = load_default(), *again = load_default();
    uint32_t walk = 0;
    TA_ASSERT_OK(ta_model_find_clip(model, "walk", &walk, &err), &err);
    TA_ASSERT_OK(ta_clip_compress(model->animations[walk], model->scene, NULL, &cc, NULL, &err), &err);
    size_t made_size = 0;
    const void *made = ta_compressed_clip_data(cc, &made_size);
    assert_int_equal(size, made_size);
    assert_memory_equal(bytes, made, size);
    const double duration = ta_compressed_clip_duration(cc).seconds;
    for (int k = -2; k <= 130; ++k) { /* before, at and between the keys, past the end */
        const double t = duration * k / 128.0;
        TA_ASSERT_OK(ta_compressed_clip_sample(cc, t, model->scene, &err), &err);
        TA_ASSERT_OK(ta_compressed_clip_sample(read, t, again->scene, &err), &err);
        for (uint32_t n = 0; n < model->scene->node_count; ++n) {
            const ta_node *a = &model->scene->nodes[n], *b = &again->scene->nodes[n];
            assert_memory_equal(&a->position, &b->position, sizeof a->position);
            assert_memory_equal(&a->quaternion, &b->quaternion, sizeof a->quaternion);
            assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
        }
    }
    free(bytes);
    ta_compressed_clip_destroy(read);
    ta_compressed_clip_destroy(cc);
    ta_model_destroy(model);
    ta_model_destroy(again);
    remove(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kept_keys_are_what_plays),
        cmocka_unit_test(tac_reads_back_as_the_clip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
