/* The unit tests' shared helpers. */
#include "ta_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static void *count_alloc(void *user, size_t size)
{
    ta_test_counter *c = (ta_test_counter *)user;
    if (c->fail_after >= 0 && (long)c->allocations >= c->fail_after) return NULL;
    c->allocations++;
    c->live_bytes += size;
    if (c->live_bytes > c->peak_bytes) c->peak_bytes = c->live_bytes;
    return malloc(size ? size : 1);
}

static void *count_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    ta_test_counter *c = (ta_test_counter *)user;
    if (c->fail_after >= 0 && (long)c->allocations >= c->fail_after) return NULL;
    c->allocations++;
    c->live_bytes += new_size;
    c->live_bytes -= old_size;
    if (c->live_bytes > c->peak_bytes) c->peak_bytes = c->live_bytes;
    return realloc(ptr, new_size ? new_size : 1);
}

static void count_free(void *user, void *ptr, size_t size)
{
    ta_test_counter *c = (ta_test_counter *)user;
    c->frees++;
    c->live_bytes -= size;
    free(ptr);
}

ta_allocator ta_test_counting_allocator(ta_test_counter *counter)
{
    ta_allocator a = {count_alloc, count_realloc, count_free, counter};
    return a;
}

void ta_test_assert_contains(const char *message, const char *needle, const char *file, int line)
{
    if (message == NULL || strstr(message, needle) == NULL) {
        print_error("message \"%s\" does not contain \"%s\"\n", message ? message : "(null)", needle);
        _fail(file, line);
    }
}

double ta_test_uniform(ta_test_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

void ta_test_quat_pair(ta_test_rng *r, double angle, double a[4], double b[4])
{
    double d[4], len = 0, dl = 0, proj = 0;
    for (int c = 0; c < 4; ++c) {
        a[c] = ta_test_uniform(r) * 2 - 1;
        len += a[c] * a[c];
    }
    for (int c = 0; c < 4; ++c) a[c] /= sqrt(len);
    for (int c = 0; c < 4; ++c) d[c] = ta_test_uniform(r) * 2 - 1;
    for (int c = 0; c < 4; ++c) proj += d[c] * a[c];
    for (int c = 0; c < 4; ++c) {
        d[c] -= proj * a[c];
        dl += d[c] * d[c];
    }
    for (int c = 0; c < 4; ++c) b[c] = a[c] * cos(angle) + d[c] / sqrt(dl) * sin(angle);
}

void ta_test_assert_near(double a, double b, double tol, const char *file, int line)
{
    double scale = fmax(1.0, fmax(fabs(a), fabs(b)));
    if (!(fabs(a - b) <= tol * scale)) {
        print_error("%.9g and %.9g differ by more than %g\n", a, b, tol * scale);
        _fail(file, line);
    }
}

const char *ta_test_source_path(const char *rel, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s", TA_SOURCE_DIR_SUPPORT, rel);
    return buf;
}

const char *ta_test_shared_path(const char *rel, char *buf, size_t size)
{
    struct stat st;
    snprintf(buf, size, "%s/../shared/%s", TA_SOURCE_DIR_SUPPORT, rel);
    if (stat(buf, &st) != 0) return NULL;
    return buf;
}

const char *ta_test_samples_path(const char *rel, char *buf, size_t size)
{
    struct stat st;
    snprintf(buf, size, "%s/%s", TA_SAMPLES_DIR_SUPPORT, rel);
    if (stat(buf, &st) != 0) return NULL;
    return buf;
}

const char *ta_test_samples_dir(void)
{
    return TA_SAMPLES_DIR_SUPPORT;
}

void ta_test_assert_ok(ta_result r, const ta_error *err, const char *call, const char *file, int line)
{
    if (r != TA_OK) {
        print_error("%s failed: %s: %s\n", call, ta_result_name(r), err != NULL ? err->message : "");
        _fail(file, line);
    }
}
