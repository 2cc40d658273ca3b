/* Quaternions, slerp, Euler XYZ and Matrix4 compose/decompose against three.js
 * 0.186.0 (tests/unit/fixtures/core_three.json; tolerances in core_fixture.h),
 * and the properties that hold whatever three.js says. */
#include "core_fixture.h"

#include "threeanim/math.h"

static ta_quat quat_of(const double q[4])
{
    return ta_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
}

static double qdot(ta_quat a, ta_quat b)
{
    return (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w;
}

static void check_quat(core_diff *d, ta_quat got, const double want[4], double scale, const char *what, size_t row)
{
    CORE_CHECK_F32(d, got.x, want[0], scale, what, row, 0);
    CORE_CHECK_F32(d, got.y, want[1], scale, what, row, 1);
    CORE_CHECK_F32(d, got.z, want[2], scale, what, row, 2);
    CORE_CHECK_F32(d, got.w, want[3], scale, what, row, 3);
}

static double norm4(const double q[4])
{
    return sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
}

/* ---- quaternions ---------------------------------------------------------------- */

static void test_quat_normalize_multiply_conjugate_match_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "quat_ops");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double a[4], b[4], want[4];
        core_vec(row, "a", a, 4);
        core_vec(row, "b", b, 4);
        ta_quat qa = quat_of(a), qb = quat_of(b);
        CORE_CHECK_F32(&d, ta_quat_length(qa), core_field(row, "length"), 0, "length", i, 0);
        core_vec(row, "normalize", want, 4);
        check_quat(&d, ta_quat_normalize(qa), want, 1, "normalize", i);
        /* the conjugate only flips signs: exact */
        core_vec(row, "conjugate", want, 4);
        ta_quat c = ta_quat_conjugate(qa);
        assert_true(c.x == (float)want[0] && c.y == (float)want[1] && c.z == (float)want[2] && c.w == (float)want[3]);
        core_vec(row, "multiply", want, 4);
        check_quat(&d, ta_quat_multiply(qa, qb), want, norm4(a) * norm4(b), "multiply", i);
    }
    core_report(&d, "quaternion normalize/multiply/length");
    assert_true(d.checks == json_array_size(rows) * 9);
    json_decref(fx);
}

static void test_quat_normalize_of_zero_is_identity(void **state)
{
    (void)state;
    ta_quat q = ta_quat_normalize(ta_quat_make(0, 0, 0, 0));
    assert_true(q.x == 0 && q.y == 0 && q.z == 0 && q.w == 1);
    /* a tiny quaternion is scaled up, not taken for zero */
    q = ta_quat_normalize(ta_quat_make(0, 1e-30f, 0, 0));
    assert_true(q.x == 0 && q.y == 1 && q.z == 0 && q.w == 0);
}

static void test_multiply_quaternions_flat_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "multiply_flat");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double a[4], b[4], want[4], got[4];
        core_vec(row, "a", a, 4);
        core_vec(row, "b", b, 4);
        core_vec(row, "out", want, 4);
        ta_quat_multiply_flat(got, a, b);
        for (size_t k = 0; k < 4; ++k) CORE_CHECK_F64(&d, got[k], want[k], norm4(a) * norm4(b), "multiply_flat", i, k);
        /* dst may be one of the sources, as the mixer uses it */
        double in_place[4] = {a[0], a[1], a[2], a[3]};
        ta_quat_multiply_flat(in_place, in_place, b);
        for (size_t k = 0; k < 4; ++k) assert_true(in_place[k] == got[k]);
    }
    core_report(&d, "multiplyQuaternionsFlat");
    json_decref(fx);
}

static void test_slerp_flat_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "slerp_flat");
    core_diff d64 = {0, 0}, d32 = {0, 0};
    size_t outside = 0, lerp_branch = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double a[4], b[4], want[4], got[4];
        core_vec(row, "a", a, 4);
        core_vec(row, "b", b, 4);
        core_vec(row, "out", want, 4);
        double t = core_field(row, "t");
        const char *kind = json_string_value(json_object_get(row, "kind"));
        ta_quat_slerp_flat(got, a, b, t);
        for (size_t k = 0; k < 4; ++k) CORE_CHECK_F64(&d64, got[k], want[k], 1, kind, i, k);
        /* the float32 form: the inputs and t are float32 in the fixture */
        check_quat(&d32, ta_quat_slerp(quat_of(a), quat_of(b), (float)t), want, 1, kind, i);
        /* unit inputs give a unit result, inside [0, 1] or not */
        TA_ASSERT_NEAR(norm4(got), 1.0, 1e-6);
        if (t < 0 || t > 1) outside++;
        double dot = fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
        if (dot >= 0.9995) lerp_branch++;
    }
    core_report(&d64, "slerpFlat (double)");
    core_report(&d32, "slerp (float32)");
    print_message("slerp: %zu pairs, %zu with t outside [0, 1], %zu on the lerp branch\n", json_array_size(rows),
                  outside, lerp_branch);
    assert_true(outside > 40 && lerp_branch > 40);
    json_decref(fx);
}

static void test_slerp_ends_and_shorter_arc(void **state)
{
    (void)state;
    /* A quarter turn about z and about x: t = 0 is a exactly (sin(theta) /
     * sin(theta) is 1), t = 1 is b, t = 0.5 the half-way turn. */
    double h = sqrt(0.5);
    double a[4] = {0, 0, h, h}, b[4] = {h, 0, 0, h}, out[4];
    ta_quat_slerp_flat(out, a, b, 0);
    for (int k = 0; k < 4; ++k) assert_true(out[k] == a[k]);
    ta_quat_slerp_flat(out, a, b, 1);
    for (int k = 0; k < 4; ++k) TA_ASSERT_NEAR(out[k], b[k], 1e-15);
    /* -b is the same turn: the result takes the shorter arc, so it is b, not -b */
    double nb[4] = {-h, 0, 0, -h};
    ta_quat_slerp_flat(out, a, nb, 1);
    for (int k = 0; k < 4; ++k) TA_ASSERT_NEAR(out[k], b[k], 1e-15);
    /* equal inputs come back untouched whatever t is */
    ta_quat_slerp_flat(out, a, a, 7.5);
    for (int k = 0; k < 4; ++k) assert_true(out[k] == a[k]);
    /* half way between a quarter turn about z and none is an eighth turn */
    double id[4] = {0, 0, 0, 1};
    ta_quat_slerp_flat(out, id, a, 0.5);
    TA_ASSERT_NEAR(out[2], sin(3.14159265358979323846 / 8), 1e-15);
    TA_ASSERT_NEAR(out[3], cos(3.14159265358979323846 / 8), 1e-15);
}

/* ---- Euler XYZ ------------------------------------------------------------------ */

static void test_quat_from_euler_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "euler_to_quat");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double e[3], want[4];
        core_vec(row, "e", e, 3);
        core_vec(row, "q", want, 4);
        ta_euler eu = {(float)e[0], (float)e[1], (float)e[2]};
        check_quat(&d, ta_quat_from_euler(eu), want, 1, "setFromEuler", i);
    }
    core_report(&d, "Quaternion.setFromEuler XYZ");
    json_decref(fx);
}

static void test_euler_from_quat_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "quat_to_euler");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double q[4], want[3];
        core_vec(row, "q", q, 4);
        core_vec(row, "e", want, 3);
        ta_euler e = ta_euler_from_quat(quat_of(q));
        CORE_CHECK_F32(&d, e.x, want[0], 1, "setFromQuaternion", i, 0);
        CORE_CHECK_F32(&d, e.y, want[1], 1, "setFromQuaternion", i, 1);
        CORE_CHECK_F32(&d, e.z, want[2], 1, "setFromQuaternion", i, 2);
    }
    core_report(&d, "Euler.setFromQuaternion XYZ");
    json_decref(fx);
}

/* Euler -> quaternion -> Euler -> quaternion, at and near gimbal lock (y near
 * +-pi/2). Each step is checked against three.js given three.js's input of
 * that step (a float32 rounding of a libm difference would otherwise be
 * magnified near the lock, where asin is steep); the whole chain run by us
 * must end at the same rotation as three.js's. */
static void test_euler_round_trips_near_gimbal_lock(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "euler_round_trip");
    core_diff d = {0, 0};
    size_t near_lock = 0, locked_branch = 0;
    double worst_rotation = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double e[3], qf[4], e2[3], e2f[3], q2[4];
        core_vec(row, "e", e, 3);
        core_vec(row, "q_f32", qf, 4);
        core_vec(row, "e2", e2, 3);
        core_vec(row, "e2_f32", e2f, 3);
        core_vec(row, "q2", q2, 4);
        ta_euler eu = {(float)e[0], (float)e[1], (float)e[2]};
        ta_quat q = ta_quat_from_euler(eu);
        check_quat(&d, q, qf, 1, "euler -> quaternion", i);
        ta_euler back = ta_euler_from_quat(quat_of(qf));
        CORE_CHECK_F32(&d, back.x, e2[0], 1, "quaternion -> euler", i, 0);
        CORE_CHECK_F32(&d, back.y, e2[1], 1, "quaternion -> euler", i, 1);
        CORE_CHECK_F32(&d, back.z, e2[2], 1, "quaternion -> euler", i, 2);
        ta_euler e2_in = {(float)e2f[0], (float)e2f[1], (float)e2f[2]};
        check_quat(&d, ta_quat_from_euler(e2_in), q2, 1, "euler -> quaternion again", i);

        /* Our chain alone: the same rotation as three.js's chain. In the
         * locked branch three.js sets z = 0 and folds it into x, which is
         * exact only at the lock itself; 1e-6 in the dot allows that. */
        ta_quat mine = ta_quat_from_euler(ta_euler_from_quat(ta_quat_from_euler(eu)));
        double dot = fabs(qdot(mine, quat_of(q2)));
        assert_true(dot > 1 - 1e-6);
        /* and the rotation we started from */
        double dot0 = fabs(qdot(mine, q));
        assert_true(dot0 > 1 - 1e-6);
        if (1 - dot0 > worst_rotation) worst_rotation = 1 - dot0;

        if (fabs(fabs(e[1]) - 1.5707963267948966) < 1e-2) near_lock++;
        if (back.z == 0 && e[2] != 0) locked_branch++;
        /* Away from the lock the angles come back as they were. */
        if (fabs(e[1]) < 1.5707963267948966 - 0.01) {
            TA_ASSERT_NEAR(back.x, e[0], 1e-5);
            TA_ASSERT_NEAR(back.y, e[1], 1e-5);
            TA_ASSERT_NEAR(back.z, e[2], 1e-5);
        }
    }
    core_report(&d, "Euler round trips");
    print_message("round trips: %zu, %zu near gimbal lock, %zu through the locked branch; worst 1 - |dot| %.3g\n",
                  json_array_size(rows), near_lock, locked_branch, worst_rotation);
    assert_true(near_lock >= 30 && locked_branch >= 5);
    json_decref(fx);
}

static void test_euler_at_exact_lock_folds_z_into_x(void **state)
{
    (void)state;
    /* A quarter turn about y, as float32 holds it: m13 = 2 (xz + wy) =
     * 2 h^2 is 0.99999997, past three.js's 0.9999999, so the locked branch:
     * y = asin(m13) (a hair short of pi/2, asin being steep there), z = 0. */
    float h = (float)sqrt(0.5);
    ta_euler e = ta_euler_from_quat(ta_quat_make(0, h, 0, h));
    TA_ASSERT_NEAR(e.y, asin(2.0 * h * h), 1e-7);
    assert_true(e.z == 0);
    TA_ASSERT_NEAR(e.x, 0, 1e-7);
    /* XYZ is Rx(x) Ry(y) Rz(z). Ry(pi/2) takes the z axis to the x axis, so
     * Ry(pi/2) Rz(z) = Rx(z) Ry(pi/2), and (x, pi/2, z) is (x + z, pi/2, 0). */
    ta_euler in = {0.5f, (float)1.5707963267948966, 0.2f};
    ta_euler out = ta_euler_from_quat(ta_quat_from_euler(in));
    assert_true(out.z == 0);
    TA_ASSERT_NEAR(out.x, 0.7, 1e-6);
    /* The float32 quaternion puts m13 within about 1e-8 of 1, and
     * asin(1 - eps) = pi/2 - sqrt(2 eps): y comes back within 2e-4. */
    TA_ASSERT_NEAR(out.y, 1.5707963267948966, 2e-4);
    /* and at -pi/2, Ry(-pi/2) takes z to -x: (x, -pi/2, z) is (x - z, -pi/2, 0) */
    in.y = -in.y;
    out = ta_euler_from_quat(ta_quat_from_euler(in));
    assert_true(out.z == 0);
    TA_ASSERT_NEAR(out.x, 0.3, 1e-6);
}

/* ---- Matrix4 ------------------------------------------------------------------ */

static void test_mat4_compose_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "compose");
    core_diff d = {0, 0};
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double p[3], q[4], s[3], want[16];
        core_vec(row, "p", p, 3);
        core_vec(row, "q", q, 4);
        core_vec(row, "s", s, 3);
        core_vec(row, "m", want, 16);
        ta_mat4 m = ta_mat4_compose(ta_vec3_make((float)p[0], (float)p[1], (float)p[2]), quat_of(q),
                                    ta_vec3_make((float)s[0], (float)s[1], (float)s[2]));
        for (size_t k = 0; k < 16; ++k) {
            /* column c of the rotation is scaled by s[c]; column 3 is the position */
            size_t col = k / 4;
            double scale = col < 3 ? fabs(s[col]) : 1;
            CORE_CHECK_F32(&d, m.m[k], want[k], scale, "compose", i, k);
        }
    }
    core_report(&d, "Matrix4.compose");
    json_decref(fx);
}

static double det3(const double m[16])
{
    return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
           m[8] * (m[1] * m[6] - m[5] * m[2]);
}

static void test_mat4_decompose_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "decompose");
    core_diff d = {0, 0};
    size_t zero = 0, mirrored = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        double m[16], p[3], q[4], s[3];
        core_vec(row, "m", m, 16);
        core_vec(row, "p", p, 3);
        core_vec(row, "q", q, 4);
        core_vec(row, "s", s, 3);
        ta_mat4 mat;
        for (size_t k = 0; k < 16; ++k) mat.m[k] = (float)m[k];
        ta_vec3 gp = {9, 9, 9}, gs = {9, 9, 9};
        ta_quat gq = {9, 9, 9, 9};
        bool ok = ta_mat4_decompose(&mat, &gp, &gq, &gs);
        /* false exactly when the 3x3 part is singular (worked out here) */
        double det = det3(m);
        assert_int_equal(ok, det != 0);
        if (det == 0) zero++;
        if (det < 0) mirrored++;
        assert_true(gp.x == (float)p[0] && gp.y == (float)p[1] && gp.z == (float)p[2]);
        check_quat(&d, gq, q, 1, "decompose quaternion", i);
        double ss = fmax(fabs(s[0]), fmax(fabs(s[1]), fabs(s[2])));
        CORE_CHECK_F32(&d, gs.x, s[0], ss, "decompose scale", i, 0);
        CORE_CHECK_F32(&d, gs.y, s[1], ss, "decompose scale", i, 1);
        CORE_CHECK_F32(&d, gs.z, s[2], ss, "decompose scale", i, 2);
        /* NULL outputs are allowed */
        assert_int_equal(ta_mat4_decompose(&mat, NULL, NULL, NULL), ok);
    }
    core_report(&d, "Matrix4.decompose");
    print_message("decompose: %zu matrices, %zu singular, %zu mirrored\n", json_array_size(rows), zero, mirrored);
    assert_true(zero >= 10 && mirrored >= 20);
    json_decref(fx);
}

static void test_compose_then_decompose_gives_the_parts_back(void **state)
{
    (void)state;
    /* Positive scales come back as they went in, and the turn up to sign. */
    ta_quat q = ta_quat_normalize(ta_quat_make(0.1f, -0.7f, 0.3f, 0.6f));
    ta_vec3 p = {1.5f, -2, 30}, s = {0.5f, 2, 3};
    ta_mat4 m = ta_mat4_compose(p, q, s);
    ta_vec3 gp, gs;
    ta_quat gq;
    assert_true(ta_mat4_decompose(&m, &gp, &gq, &gs));
    assert_true(gp.x == p.x && gp.y == p.y && gp.z == p.z);
    TA_ASSERT_NEAR(gs.x, 0.5, 1e-6);
    TA_ASSERT_NEAR(gs.y, 2, 1e-6);
    TA_ASSERT_NEAR(gs.z, 3, 1e-6);
    assert_true(fabs(qdot(gq, q)) > 1 - 1e-6);
    /* the determinant of compose is the product of the scales */
    TA_ASSERT_NEAR(ta_mat4_determinant(&m), 0.5 * 2 * 3, 1e-5);
    /* a zero scale: the identity and a scale of one, the position kept */
    ta_mat4 z = ta_mat4_compose(p, q, ta_vec3_make(1, 0, 1));
    assert_false(ta_mat4_decompose(&z, &gp, &gq, &gs));
    assert_true(gp.x == p.x && gp.y == p.y && gp.z == p.z);
    assert_true(gq.x == 0 && gq.y == 0 && gq.z == 0 && gq.w == 1);
    assert_true(gs.x == 1 && gs.y == 1 && gs.z == 1);
}

static void test_mat4_multiply_and_identity(void **state)
{
    (void)state;
    ta_mat4 id = ta_mat4_identity();
    ta_mat4 a = ta_mat4_compose(ta_vec3_make(1, 2, 3), ta_quat_normalize(ta_quat_make(1, 2, 3, 4)),
                                ta_vec3_make(2, 2, 2));
    ta_mat4 r = ta_mat4_multiply(&id, &a);
    for (int k = 0; k < 16; ++k) assert_true(r.m[k] == a.m[k]);
    r = ta_mat4_multiply(&a, &id);
    for (int k = 0; k < 16; ++k) assert_true(r.m[k] == a.m[k]);
    /* a translation by (1, 0, 0) after a scale by 2: the point (1, 1, 1) goes
     * to (3, 2, 2); column-major, so T * S has S's columns times 2 and T's
     * translation in column 3. */
    ta_mat4 t = ta_mat4_compose(ta_vec3_make(1, 0, 0), ta_quat_identity(), ta_vec3_make(1, 1, 1));
    ta_mat4 s = ta_mat4_compose(ta_vec3_make(0, 0, 0), ta_quat_identity(), ta_vec3_make(2, 2, 2));
    ta_mat4 ts = ta_mat4_multiply(&t, &s);
    float x = ts.m[0] * 1 + ts.m[4] * 1 + ts.m[8] * 1 + ts.m[12];
    float y = ts.m[1] * 1 + ts.m[5] * 1 + ts.m[9] * 1 + ts.m[13];
    assert_true(x == 3 && y == 2);
    assert_true(ta_mat4_determinant(&id) == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quat_normalize_multiply_conjugate_match_threejs),
        cmocka_unit_test(test_quat_normalize_of_zero_is_identity),
        cmocka_unit_test(test_multiply_quaternions_flat_matches_threejs),
        cmocka_unit_test(test_slerp_flat_matches_threejs),
        cmocka_unit_test(test_slerp_ends_and_shorter_arc),
        cmocka_unit_test(test_quat_from_euler_matches_threejs),
        cmocka_unit_test(test_euler_from_quat_matches_threejs),
        cmocka_unit_test(test_euler_round_trips_near_gimbal_lock),
        cmocka_unit_test(test_euler_at_exact_lock_folds_z_into_x),
        cmocka_unit_test(test_mat4_compose_matches_threejs),
        cmocka_unit_test(test_mat4_decompose_matches_threejs),
        cmocka_unit_test(test_compose_then_decompose_gives_the_parts_back),
        cmocka_unit_test(test_mat4_multiply_and_identity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
