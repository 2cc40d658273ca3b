/*
 * tests/support/ta_test.h -- what the unit tests share: cmocka, a counting
 * allocator, and checks for refusals.
 *
 *     ta_error err = {0};
 *     TA_ASSERT_REFUSED(ta_track_create(&desc, NULL, &t, &err), &err, TA_ERROR_NO_KEYS, "key");
 */
#ifndef THREEANIM_TESTS_SUPPORT_TA_TEST_H
#define THREEANIM_TESTS_SUPPORT_TA_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "threeanim/allocator.h"
#include "threeanim/result.h"

/* An allocator that counts, and can be told to fail after n allocations. */
typedef struct ta_test_counter {
    size_t allocations;
    size_t frees;
    size_t live_bytes;
    size_t peak_bytes;
    long fail_after; /* -1: never */
} ta_test_counter;

ta_allocator ta_test_counting_allocator(ta_test_counter *counter);

/* A stream of numbers from a fixed seed (splitmix64), for tests that draw many cases. */
typedef struct ta_test_rng {
    uint64_t s; /* the seed, then the state */
} ta_test_rng;

/* The next number, in [0, 1). */
double ta_test_uniform(ta_test_rng *r);

/* A unit quaternion a drawn at random, and b at the given 4D angle from it (radians; the dot
 * product of the two is cos(angle)), in a direction drawn at random. */
void ta_test_quat_pair(ta_test_rng *r, double angle, double a[4], double b[4]);

/* Fails the test unless message contains needle. */
void ta_test_assert_contains(const char *message, const char *needle, const char *file, int line);

#define TA_ASSERT_CONTAINS(message, needle) ta_test_assert_contains((message), (needle), __FILE__, __LINE__)

/* The call returned code, err holds code, and err's message contains needle. */
#define TA_ASSERT_REFUSED(call, errp, expected, needle)                                 \
    do {                                                                                \
        ta_result ta_test_r_ = (call);                                                  \
        assert_int_equal(ta_test_r_, (expected));                                       \
        assert_int_equal((errp)->code, (expected));                                     \
        TA_ASSERT_CONTAINS((errp)->message, (needle));                                  \
    } while (0)

#define TA_ASSERT_OK(call, errp) ta_test_assert_ok((call), (errp), #call, __FILE__, __LINE__)
void ta_test_assert_ok(ta_result r, const ta_error *err, const char *call, const char *file, int line);

/* |a - b| <= tol * max(1, |a|, |b|), the replay comparison (docs/replay.md). */
#define TA_ASSERT_NEAR(a, b, tol) ta_test_assert_near((double)(a), (double)(b), (tol), __FILE__, __LINE__)
void ta_test_assert_near(double a, double b, double tol, const char *file, int line);

/* The path of a file under the source tree, and of a reference document in the
 * folder beside the clone, by default, if it is there (NULL if not: tests that
 * need it skip and say so). */
const char *ta_test_source_path(const char *rel, char *buf, size_t size);
const char *ta_test_shared_path(const char *rel, char *buf, size_t size);
/* The path of <TA_SAMPLES_DIR>/<rel> (the Khronos glTF samples, set when CMake
 * runs) if it is there, NULL if not. */
const char *ta_test_samples_path(const char *rel, char *buf, size_t size);
/* Where the samples are looked for, to say so when a test skips. */
const char *ta_test_samples_dir(void);

#endif
