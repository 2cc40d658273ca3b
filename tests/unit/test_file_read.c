/* ta_file_read: a whole file with a NUL after it, through the caller's
 * allocator; and the refusals, which leave the outputs as they were: a
 * missing file, a folder, a named pipe (refused without waiting for a
 * writer), a file past the limit, NULL arguments, a half allocator. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ta_test.h"
#include "threeanim/file.h"

static const char *scratch(const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s/test_file_read_%ld_%s", TA_BINARY_DIR, (long)getpid(), name);
    return buf;
}

static void write_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static void test_reads_all_bytes_and_a_nul(void **state)
{
    (void)state;
    char path[512];
    scratch("five", path, sizeof path);
    write_file(path, "ab\0cd", 5);
    ta_error err = {0};
    char *bytes = NULL;
    size_t size = 0;
    TA_ASSERT_OK(ta_file_read(path, 5, NULL, &bytes, &size, &err), &err);
    assert_int_equal(size, 5);
    assert_memory_equal(bytes, "ab\0cd", 6);
    free(bytes);

    /* the caller's allocator gets the size + 1 bytes, and they come back to it */
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator a = ta_test_counting_allocator(&counter);
    TA_ASSERT_OK(ta_file_read(path, 100, &a, &bytes, &size, &err), &err);
    assert_int_equal(counter.allocations, 1);
    assert_int_equal(counter.live_bytes, 6);
    a.free(a.user, bytes, size + 1);
    assert_int_equal(counter.live_bytes, 0);

    /* an empty file is one NUL */
    write_file(path, "", 0);
    TA_ASSERT_OK(ta_file_read(path, 0, NULL, &bytes, &size, &err), &err);
    assert_int_equal(size, 0);
    assert_int_equal(bytes[0], '\0');
    free(bytes);
    unlink(path);
}

static void test_refusals_leave_outputs_alone(void **state)
{
    (void)state;
    char path[512], pipe_path[512];
    scratch("six", path, sizeof path);
    write_file(path, "sixsix", 6);
    ta_error err = {0};
    char *sentinel = (char *)"untouched";
    char *bytes = sentinel;
    size_t size = 42;

    TA_ASSERT_REFUSED(ta_file_read(path, 5, NULL, &bytes, &size, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "holds 6 bytes, past limits.max_file_bytes (5)");
    TA_ASSERT_REFUSED(ta_file_read(TA_BINARY_DIR "/no/such/file", 100, NULL, &bytes, &size, &err), &err, TA_ERROR_IO,
                      "path: cannot open");
    TA_ASSERT_REFUSED(ta_file_read(TA_BINARY_DIR, 100, NULL, &bytes, &size, &err), &err, TA_ERROR_IO, "a folder");
    scratch("fifo", pipe_path, sizeof pipe_path);
    unlink(pipe_path);
    assert_int_equal(mkfifo(pipe_path, 0600), 0);
    TA_ASSERT_REFUSED(ta_file_read(pipe_path, 100, NULL, &bytes, &size, &err), &err, TA_ERROR_IO, "a named pipe");
    unlink(pipe_path);

    TA_ASSERT_REFUSED(ta_file_read(NULL, 100, NULL, &bytes, &size, &err), &err, TA_ERROR_INVALID_ARGUMENT, "path");
    TA_ASSERT_REFUSED(ta_file_read(path, 100, NULL, NULL, &size, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_bytes");
    TA_ASSERT_REFUSED(ta_file_read(path, 100, NULL, &bytes, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_size");
    ta_test_counter counter = {0};
    counter.fail_after = -1;
    ta_allocator half = ta_test_counting_allocator(&counter);
    half.free = NULL;
    TA_ASSERT_REFUSED(ta_file_read(path, 100, &half, &bytes, &size, &err), &err, TA_ERROR_INVALID_ARGUMENT, "");
    ta_allocator failing = ta_test_counting_allocator(&counter);
    counter.fail_after = 0;
    TA_ASSERT_REFUSED(ta_file_read(path, 100, &failing, &bytes, &size, &err), &err, TA_ERROR_OUT_OF_MEMORY,
                      "out of memory");
    assert_ptr_equal(bytes, sentinel);
    assert_int_equal(size, 42);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_all_bytes_and_a_nul),
        cmocka_unit_test(test_refusals_leave_outputs_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
