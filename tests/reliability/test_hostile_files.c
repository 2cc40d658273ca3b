/* Files that are not what they claim: named pipes and devices where a file is
 * expected, buffer URIs that reach outside the model's folder (by "..", a
 * link, percent-encoding or an absolute path), the option that allows a
 * wider folder, and numbers no float32 holds. Each must be refused quickly, with a message naming the URI
 * or the path, and without reading a byte of what it names. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"
#include "threeanim/object_json.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

typedef struct dirs {
    char root[512];   /* the test's folder */
    char model[600];  /* root/model: the .gltf lives here */
    char secret[600]; /* root/secret.bin: beside the model's folder, not in it */
} dirs;

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
}

/* One node "mover" with a LINEAR translation channel, times {0, 2}, values
 * (0,0,0) then (4,0,0), its buffer written to bin_path, the .gltf naming it as
 * uri. Returns the .gltf text (malloc'd). */
static char *gltf_with_uri(const char *bin_path, const char *uri)
{
    static const float times[] = {0, 2};
    static const float values[] = {0, 0, 0, 4, 0, 0};
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "mover");
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    uint32_t in = gltf_tb_floats(&tb, times, 2, "SCALAR");
    uint32_t out = gltf_tb_floats(&tb, values, 2, "VEC3");
    gltf_tb_add(&tb, "animations",
                json_pack("{s:[{s:i,s:{s:i,s:s}}],s:[{s:i,s:i}]}", "channels", "sampler", 0, "target", "node", 0,
                          "path", "translation", "samplers", "input", in, "output", out));
    if (bin_path != NULL) write_file(bin_path, tb.bin, tb.bin_size);
    json_object_set_new(tb.root, "buffers",
                        json_pack("[{s:I,s:s}]", "byteLength", (json_int_t)tb.bin_size, "uri", uri));
    char *text = json_dumps(tb.root, JSON_COMPACT);
    gltf_tb_free(&tb);
    return text;
}

static void make_dirs(dirs *d, const char *name)
{
    snprintf(d->root, sizeof d->root, "%s/%s", TA_BINARY_DIR, name);
    mkdir(d->root, 0777);
    snprintf(d->model, sizeof d->model, "%s/model", d->root);
    mkdir(d->model, 0777);
    snprintf(d->secret, sizeof d->secret, "%s/secret.bin", d->root);
}

static void load_refused(const char *model_dir, const char *text, const ta_load_options *base, ta_result code,
                         const char *needle)
{
    char path[700];
    snprintf(path, sizeof path, "%s/scene.gltf", model_dir);
    write_file(path, text, strlen(text));
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_gltf_load_file(path, base, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
}

static void load_ok(const char *model_dir, const char *text, const ta_load_options *base)
{
    char path[700];
    snprintf(path, sizeof path, "%s/scene.gltf", model_dir);
    write_file(path, text, strlen(text));
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_gltf_load_file(path, base, &model, &err), &err);
    const ta_track *t = ta_clip_track(model->animations[0], 0);
    assert_int_equal(ta_track_key_count(t), 2);
    assert_true(ta_track_values(t)[3] == 4.0f);
    ta_model_destroy(model);
}

static void uris_stay_in_the_model_folder(void **state)
{
    (void)state;
    dirs d;
    make_dirs(&d, "test_hostile_uris");
    /* The buffer itself is good: beside the model it loads. */
    char inside[700];
    snprintf(inside, sizeof inside, "%s/good.bin", d.model);
    char *text = gltf_with_uri(inside, "good.bin");
    load_ok(d.model, text, NULL);
    free(text);
    /* "sub/../good.bin" stays inside: still read. */
    char sub[700];
    snprintf(sub, sizeof sub, "%s/sub", d.model);
    mkdir(sub, 0777);
    text = gltf_with_uri(NULL, "sub/../good.bin");
    load_ok(d.model, text, NULL);
    free(text);

    /* "../secret.bin" exists and holds a valid buffer: refused all the same. */
    text = gltf_with_uri(d.secret, "../secret.bin");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "buffers[0].uri: \"../secret.bin\" resolves to \"");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "secret.bin\", outside \"");
    free(text);
    /* Percent-encoded dots and slashes decode to the same escape. */
    text = gltf_with_uri(NULL, "%2E%2E%2Fsecret.bin");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "\"%2E%2E%2Fsecret.bin\" resolves to");
    free(text);
    /* A link inside the folder that points out of it. */
    char link[700];
    snprintf(link, sizeof link, "%s/link.bin", d.model);
    unlink(link);
    assert_int_equal(symlink(d.secret, link), 0);
    text = gltf_with_uri(NULL, "link.bin");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "\"link.bin\" resolves to");
    free(text);
    /* Absolute paths, and "/etc/passwd" in particular. */
    text = gltf_with_uri(NULL, "/etc/passwd");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "\"/etc/passwd\" is an absolute path");
    free(text);
    text = gltf_with_uri(NULL, "%2Fetc%2Fpasswd");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "is an absolute path");
    free(text);
    text = gltf_with_uri(NULL, "file:///etc/passwd");
    load_refused(d.model, text, NULL, TA_ERROR_UNSUPPORTED, "is not a data: URI nor a relative file");
    free(text);

    /* options.uri_root widens the folder: the parent's file is read. */
    ta_load_options wide = {0};
    wide.uri_root = d.root;
    text = gltf_with_uri(d.secret, "../secret.bin");
    load_ok(d.model, text, &wide);
    free(text);
    text = gltf_with_uri(NULL, "link.bin");
    load_ok(d.model, text, &wide);
    free(text);
    /* ... but not past itself. */
    text = gltf_with_uri(NULL, "../../secret.bin");
    load_refused(d.model, text, &wide, TA_ERROR_IO, "cannot open");
    free(text);
}

static void pipes_and_devices_are_refused(void **state)
{
    (void)state;
    dirs d;
    make_dirs(&d, "test_hostile_pipes");
    char fifo[700];
    snprintf(fifo, sizeof fifo, "%s/pipe.bin", d.model);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* A buffer that is a pipe with no writer: refused at once, not waited on. */
    char *text = gltf_with_uri(NULL, "pipe.bin");
    load_refused(d.model, text, NULL, TA_ERROR_IO, "buffers[0].uri: \"");
    load_refused(d.model, text, NULL, TA_ERROR_IO, "pipe.bin\" is not a regular file (it is a named pipe)");
    free(text);

    /* The model file itself: a pipe, a device, a folder. */
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_gltf_load_file(fifo, NULL, &model, &err), &err, TA_ERROR_IO,
                      "is not a regular file (it is a named pipe)");
    TA_ASSERT_REFUSED(ta_object_json_read_file(fifo, NULL, &model, &err), &err, TA_ERROR_IO,
                      "is not a regular file (it is a named pipe)");
    TA_ASSERT_REFUSED(ta_gltf_load_file("/dev/zero", NULL, &model, &err), &err, TA_ERROR_IO,
                      "path: \"/dev/zero\" is not a regular file (it is a character device)");
    TA_ASSERT_REFUSED(ta_object_json_read_file("/dev/zero", NULL, &model, &err), &err, TA_ERROR_IO,
                      "path: \"/dev/zero\" is not a regular file (it is a character device)");
    TA_ASSERT_REFUSED(ta_object_json_read_file(d.model, NULL, &model, &err), &err, TA_ERROR_IO,
                      "is not a regular file (it is a folder)");
    assert_ptr_equal(model, UNTOUCHED);
}

static void sizes_are_checked_before_reading(void **state)
{
    (void)state;
    dirs d;
    make_dirs(&d, "test_hostile_sizes");
    char inside[700];
    snprintf(inside, sizeof inside, "%s/good.bin", d.model);
    char *text = gltf_with_uri(inside, "good.bin");
    /* The .bin, grown to 64 KiB, is over the limit while the .gltf is under it. */
    assert_int_equal(truncate(inside, 65536), 0);
    ta_load_options small = {0};
    small.limits.max_file_bytes = 65535;
    assert_true(strlen(text) < 65535);
    load_refused(d.model, text, &small, TA_ERROR_LIMIT_EXCEEDED, "buffers[0].uri: \"");
    load_refused(d.model, text, &small, TA_ERROR_LIMIT_EXCEEDED,
                 "good.bin\" holds 65536 bytes, past limits.max_file_bytes (65535)");
    small.limits.max_file_bytes = 65536;
    load_ok(d.model, text, &small);
    small.limits.max_file_bytes = 100;
    load_refused(d.model, text, &small, TA_ERROR_LIMIT_EXCEEDED, "scene.gltf\" holds");
    free(text);
}

/* Numbers past FLT_MAX where a node's transform is kept as float32s: both
 * readers refuse them with one wording, naming the node, the field and the
 * number, before anything is made (else the scene holds infinities, which a
 * writer cannot write). */
static void numbers_past_float32_are_refused(void **state)
{
    (void)state;
    dirs d;
    make_dirs(&d, "test_hostile_float32");
    load_refused(d.model,
                 "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"children\":[1]},"
                 "{\"name\":\"far\",\"translation\":[0,1e39,0]}]}",
                 NULL, TA_ERROR_NOT_A_NUMBER, "nodes[1].translation[1]: 1e+39 does not fit a float32");
    load_refused(d.model,
                 "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"matrix\":"
                 "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,-3.5e38,1]}]}",
                 NULL, TA_ERROR_NOT_A_NUMBER, "nodes[0].matrix[14]: -3.5e+38 does not fit a float32");
    char path[700];
    snprintf(path, sizeof path, "%s/scene.json", d.model);
    static const char json[] = "{\"metadata\":{\"version\":4.7,\"type\":\"Object\"},\"object\":{\"uuid\":\"a\","
                               "\"type\":\"Group\",\"position\":[0,1e39,0]}}";
    write_file(path, json, strlen(json));
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_object_json_read_file(path, NULL, &model, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "object.position[1]: 1e+39 does not fit a float32");
    assert_ptr_equal(model, UNTOUCHED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uris_stay_in_the_model_folder),
        cmocka_unit_test(pipes_and_devices_are_refused),
        cmocka_unit_test(sizes_are_checked_before_reading),
        cmocka_unit_test(numbers_past_float32_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
