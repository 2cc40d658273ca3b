/* mulberry32 against the JavaScript reference (the benchmark workload's function, docs/benchmark-workload.md, run by
 * make_core_fixtures.mjs under Node) for several seeds. */
#include "core_fixture.h"

#include "threeanim/random.h"

static void test_mulberry32_matches_javascript(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "mulberry32");
    size_t draws = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double seed = core_field(row, "seed");
        json_t *values = json_object_get(row, "values");
        assert_true(seed >= 0 && seed <= 4294967295.0);
        ta_seeded_random a = ta_seeded_random_make((uint32_t)seed);
        ta_seeded_random b = ta_seeded_random_make((uint32_t)seed);
        for (size_t k = 0; k < json_array_size(values); ++k) {
            double want = core_num(json_array_get(values, k));
            /* bit for bit: the double is u32 / 2^32, exact on both sides */
            assert_true(ta_seeded_random_next(&a) == want);
            assert_true((double)ta_seeded_random_next_u32(&b) == want * 4294967296.0);
            draws++;
        }
        assert_true(a.state == b.state);
    }
    print_message("mulberry32: %zu seeds, %zu draws, all equal\n", json_array_size(rows), draws);
    json_decref(fx);
}

static void test_generators_are_independent_and_in_range(void **state)
{
    (void)state;
    ta_seeded_random a = ta_seeded_random_make(7), b = ta_seeded_random_make(7), c = ta_seeded_random_make(8);
    double first = ta_seeded_random_next(&a);
    /* drawing from c does not move b: no hidden shared state */
    for (int i = 0; i < 10; ++i) (void)ta_seeded_random_next(&c);
    assert_true(ta_seeded_random_next(&b) == first);
    ta_seeded_random r = ta_seeded_random_make(0xffffffffu);
    double lo = 1, hi = 0;
    for (int i = 0; i < 100000; ++i) {
        double u = ta_seeded_random_next(&r);
        assert_true(u >= 0 && u < 1);
        lo = u < lo ? u : lo;
        hi = u > hi ? u : hi;
    }
    assert_true(lo < 0.001 && hi > 0.999);
    /* the state is the seed plus the draws times 0x6D2B79F5, mod 2^32 */
    ta_seeded_random s = ta_seeded_random_make(5);
    for (int i = 0; i < 3; ++i) (void)ta_seeded_random_next_u32(&s);
    assert_true(s.state == (uint32_t)(5u + 3u * 0x6D2B79F5u));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mulberry32_matches_javascript),
        cmocka_unit_test(test_generators_are_independent_and_in_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
