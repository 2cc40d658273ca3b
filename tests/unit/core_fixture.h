/*
 * tests/unit/core_fixture.h -- what the core and scene tests share: the values
 * three.js 0.186.0 computed for them, and how closely we must agree.
 *
 * tests/unit/fixtures/core_three.json is written by
 * tests/conformance/core/make_core_fixtures.mjs; the ctest
 * core_fixture_matches_threejs makes it again from three.js and fails if it
 * differs from the committed file, so these expected values are three.js's.
 *
 * Tolerance. The library stores float32 and computes in double from the same
 * float32 inputs three.js was given, so the only differences are
 *  - the final rounding to float32: at most 2^-24 (6e-8) of the value, and
 *  - libm: glibc's and V8's sin, acos, pow ... may differ in the last bit of a
 *    double, which matters only where the result is a small difference of
 *    terms of the problem's size (a quaternion component near zero).
 * So a float32 result must be within CORE_F32_REL (1e-6, about 16 float ulps)
 * of the value, plus CORE_ABS (1e-12) of the problem's scale; a double result
 * within CORE_F64_REL (1e-12) plus the same floor. These are far below any
 * real mistake (a wrong sign, a swapped term, a branch taken wrongly).
 */
#ifndef THREEANIM_TESTS_UNIT_CORE_FIXTURE_H
#define THREEANIM_TESTS_UNIT_CORE_FIXTURE_H

#include <jansson.h>
#include <math.h>
#include <stdio.h>

#include "ta_test.h"

#define CORE_F32_REL 1e-6
#define CORE_F64_REL 1e-12
#define CORE_ABS 1e-12

/* The largest difference seen, as a share of the value's scale, to print. */
typedef struct core_diff {
    double worst;  /* max |actual - expected| / max(|expected|, scale) */
    size_t checks;
} core_diff;

static inline json_t *core_fixture(void)
{
    char path[4096];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/tests/unit/fixtures/core_three.json", TA_SOURCE_DIR);
    /* as reals: three.js writes 1e20 as 100000002004087730000, too big for json_int_t */
    json_t *root = json_load_file(path, JSON_DECODE_INT_AS_REAL, &jerr);
    if (root == NULL) {
        print_error("cannot read %s: %s (line %d)\n", path, jerr.text, jerr.line);
        fail();
    }
    return root;
}

/* fixture[key], an array; fails the test if it is not one. */
static inline json_t *core_rows(json_t *fixture, const char *key)
{
    json_t *rows = json_object_get(fixture, key);
    if (!json_is_array(rows) || json_array_size(rows) == 0) {
        print_error("the fixture has no rows \"%s\"\n", key);
        fail();
    }
    return rows;
}

static inline double core_num(const json_t *v)
{
    if (!json_is_number(v)) {
        print_error("the fixture holds a non-number where a number is expected\n");
        fail();
    }
    return json_number_value(v);
}

static inline double core_at(const json_t *obj, const char *key, size_t i)
{
    return core_num(json_array_get(json_object_get(obj, key), i));
}

static inline double core_field(const json_t *obj, const char *key)
{
    return core_num(json_object_get(obj, key));
}

/* Reads n numbers of obj[key] (or of obj itself when key is NULL). */
static inline void core_vec(const json_t *obj, const char *key, double *out, size_t n)
{
    const json_t *arr = key != NULL ? json_object_get(obj, key) : obj;
    if (!json_is_array(arr) || json_array_size(arr) != n) {
        print_error("fixture field \"%s\" is not an array of %zu numbers\n", key ? key : "(row)", n);
        fail();
    }
    for (size_t i = 0; i < n; ++i) out[i] = core_num(json_array_get(arr, i));
}

static inline void core_check(core_diff *d, double actual, double expected, double rel, double scale,
                              const char *what, size_t row, size_t comp, const char *file, int line)
{
    double diff = fabs(actual - expected);
    double tol = rel * fabs(expected) + CORE_ABS * scale;
    if (!(diff <= tol)) {
        print_error("%s, row %zu, component %zu: got %.17g, three.js %.17g (differ by %.3g, tolerance %.3g)\n", what,
                    row, comp, actual, expected, diff, tol);
        _fail(file, line);
    }
    double denom = fmax(fabs(expected), scale);
    if (denom > 0 && diff / denom > d->worst) d->worst = diff / denom;
    d->checks++;
}

/* A float32 result against three.js's double. */
#define CORE_CHECK_F32(d, actual, expected, scale, what, row, comp) \
    core_check((d), (double)(actual), (expected), CORE_F32_REL, (scale), (what), (row), (comp), __FILE__, __LINE__)
/* A double result against three.js's double. */
#define CORE_CHECK_F64(d, actual, expected, scale, what, row, comp) \
    core_check((d), (double)(actual), (expected), CORE_F64_REL, (scale), (what), (row), (comp), __FILE__, __LINE__)

static inline void core_report(const core_diff *d, const char *what)
{
    print_message("%s: %zu values, worst difference %.3g of the value's scale\n", what, d->checks, d->worst);
}

#endif
