/* Two-bone IK and aim IK (ik.h): ozz-animation's IKTwoBoneJob and IKAimJob,
 * worked in double in world space on the scene's nodes.
 *
 * The chain's world transforms are similarities (position, rotation, one
 * positive scale), since ik.h refuses other scales: composing them as
 * quaternions is cheaper than the world pass's matrices and gives the world
 * rotations without taking them back out of a matrix. A rotation G found in
 * world space about a joint becomes its local correction by conjugation with
 * its parent's world rotation P: local' = P^-1 G P local. No angle is ever
 * formed: the mid joint's rotation comes from the cosines of the law of
 * cosines and the sines beside them, and every quaternion from half-angle
 * formulas, so that a chain costs square roots and no trigonometry (but the
 * twist's, when there is one).
 *
 * The world jobs (ta_ik_two_bone_world, ta_ik_aim_world) read the joints'
 * world matrices M = k R instead of composing them, and solve the same way;
 * a world turn G about a joint then becomes the correction R^-1 G R, applied
 * after its local rotation. Their cost is the divider's more than the
 * instructions': a chain's square roots and divisions are taken two at a
 * time and kept off the longest chain of steps where they can be. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "core/internal.h"
#include "core/elementary.h"
#include "scene/ik_internal.h"

/* The world jobs check their descs' numbers four floats at a time, reading them as one array. */
_Static_assert(offsetof(ta_ik_two_bone_world_desc, twist) == offsetof(ta_ik_two_bone_world_desc, target) + 11 * sizeof(float),
               "ta_ik_two_bone_world_desc: target .. twist are twelve floats in a row");
_Static_assert(offsetof(ta_ik_aim_world_desc, weight) == offsetof(ta_ik_aim_world_desc, target) + 15 * sizeof(float),
               "ta_ik_aim_world_desc: target .. weight are sixteen floats in a row");

/* The small vector helpers inlined even at -O2: called a dozen times a
 * chain, each a call through memory with 32-byte structs otherwise. */
#if defined(__GNUC__)
#define TA__IK_INLINE inline __attribute__((always_inline))
#else
#define TA__IK_INLINE inline
#endif
/* On x86-64, one copy of each job for CPUs with AVX2 and FMA besides the
 * baseline, picked per call (__builtin_cpu_supports reads what libgcc found
 * at load): a chain is a few hundred multiplies and adds in double, and FMA
 * fuses most pairs. Not target_clones, whose resolvers would be exported. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define TA__IK_FMA 1
#define TA__IK_FMA_TARGET __attribute__((target("avx2,fma")))
#define TA__IK_AVX512_TARGET __attribute__((target("avx2,fma,avx512f,avx512vl")))
#else
#define TA__IK_FMA 0
#endif

typedef struct v3 { double x, y, z; } v3;
typedef struct qd { double x, y, z, w; } qd;
/* A node's world transform: p + k * q(v) for a point v of its local space. */
typedef struct xf { v3 t; qd q; double k; } xf;

static TA__IK_INLINE v3 v3_of(ta_vec3 v) { return (v3){v.x, v.y, v.z}; }
static TA__IK_INLINE v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static TA__IK_INLINE v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static TA__IK_INLINE v3 mul(v3 a, double s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static TA__IK_INLINE double dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static TA__IK_INLINE v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static TA__IK_INLINE double clamp1(double c) { return c < -1.0 ? -1.0 : c > 1.0 ? 1.0 : c; }

static const qd q_identity = {0, 0, 0, 1};

static TA__IK_INLINE qd q_mul(qd a, qd b)
{
    return (qd){a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
static TA__IK_INLINE qd q_conj(qd q) { return (qd){-q.x, -q.y, -q.z, q.w}; }
static TA__IK_INLINE v3 q_rot(qd q, v3 v)
{
    v3 u = {q.x, q.y, q.z};
    v3 t = mul(cross(u, v), 2.0);
    return add(add(v, mul(t, q.w)), cross(u, t));
}
/* q v q* for q of any length: v rotated by q's rotation and scaled by |q|^2 (q_rot's
 * shortcut holds only for unit q). */
static TA__IK_INLINE v3 q_rot_scaled(qd q, v3 v)
{
    v3 u = {q.x, q.y, q.z};
    return add(add(mul(v, q.w * q.w - dot(u, u)), mul(u, 2.0 * dot(u, v))), mul(cross(u, v), 2.0 * q.w));
}
static TA__IK_INLINE qd q_normalize(qd q)
{
    double r = 1.0 / sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return (qd){q.x * r, q.y * r, q.z * r, q.w * r};
}
/* The rotation by the angle of cosine c and sine s about the unit axis. */
static TA__IK_INLINE qd q_axis_cos_sin(v3 axis, double c, double s)
{
    double half_cos = sqrt(fmax(0.0, 0.5 * (1.0 + c)));
    double half_sin = copysign(sqrt(fmax(0.0, 0.5 * (1.0 - c))), s);
    return (qd){axis.x * half_sin, axis.y * half_sin, axis.z * half_sin, half_cos};
}
/* The shortest rotation taking the direction of from to that of to, given
 * norms = |from| |to|; half a turn about some axis square to from when they
 * are opposed. Not normalized (its length is about norms): the jobs
 * normalize once, at the end, so that no square root and division stand in
 * the chain of dependent steps between the target and the output. A
 * rotation's direction and its angle are read the same at any length. */
static TA__IK_INLINE qd q_from_vectors_n(v3 from, v3 to, double norms)
{
    double real = norms + dot(from, to);
    if (norms == 0.0) return q_identity;
    if (real < 1e-12 * norms) {
        v3 a = fabs(from.x) > fabs(from.z) ? (v3){-from.y, from.x, 0} : (v3){0, -from.z, from.y};
        return (qd){a.x, a.y, a.z, 0};
    }
    v3 a = cross(from, to);
    return (qd){a.x, a.y, a.z, real};
}
/* The turn about the unit line taking the direction of from onto that of
 * to, both square to the line: the shortest one, since the axis of the
 * shortest is then +-line (not normalized, as above); half a turn about
 * the line when they are opposed. */
static TA__IK_INLINE qd q_turn_about(v3 from, v3 to, v3 line, double norms)
{
    double real = norms + dot(from, to);
    if (real < 1e-12 * norms) return (qd){line.x, line.y, line.z, 0};
    /* About the line itself: near half a turn, the cross product's direction is
     * mostly rounding, its length along the line is not. */
    double s = dot(cross(from, to), line);
    return (qd){line.x * s, line.y * s, line.z * s, real};
}
/* weight's share of the rotation g (of any length): a normalized lerp from
 * the identity, on the half of the sphere with w >= 0 so that it takes the
 * short way. */
static TA__IK_INLINE qd q_weighted(qd g, double weight)
{
    if (weight >= 1.0) return g;
    g = q_normalize(g);
    if (g.w < 0) g = (qd){-g.x, -g.y, -g.z, -g.w};
    return q_normalize((qd){g.x * weight, g.y * weight, g.z * weight, 1.0 + (g.w - 1.0) * weight});
}
static TA__IK_INLINE double q_len2(qd q) { return q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w; }
/* q in float at unit length, given its squared length (worked out beside the
 * steps that make q, from its factors' lengths: a product's length is the
 * product of theirs, so the root and the division wait for nothing). */
/* Square roots and divisions, two at a time where SSE2 has them: a chain takes a dozen or two, and
 * they all queue for the one divider, whose instruction takes two numbers as soon as one. */
typedef struct d2 { double a, b; } d2;
#if defined(__SSE2__) && defined(__x86_64__)
static TA__IK_INLINE d2 of_m128d(__m128d r) { return (d2){_mm_cvtsd_f64(r), _mm_cvtsd_f64(_mm_unpackhi_pd(r, r))}; }
static TA__IK_INLINE d2 sqrt2(double a, double b) { return of_m128d(_mm_sqrt_pd(_mm_set_pd(b, a))); }
static TA__IK_INLINE d2 div2(double na, double da, double nb, double db)
{
    return of_m128d(_mm_div_pd(_mm_set_pd(nb, na), _mm_set_pd(db, da)));
}
#else
static TA__IK_INLINE d2 sqrt2(double a, double b) { return (d2){sqrt(a), sqrt(b)}; }
static TA__IK_INLINE d2 div2(double na, double da, double nb, double db) { return (d2){na / da, nb / db}; }
#endif
/* q times r, in float (r: the inverse of q's length, for a unit quaternion). */
static TA__IK_INLINE ta_quat to_float_scaled(qd q, double r)
{
    return (ta_quat){(float)(q.x * r), (float)(q.y * r), (float)(q.z * r), (float)(q.w * r)};
}
static TA__IK_INLINE ta_quat to_float(qd q, double len2) { return to_float_scaled(q, 1.0 / sqrt(len2)); }
/* The node's local quaternion after the world rotation g of squared length g2 about it, its parent's world
 * rotation being parent. */
static TA__IK_INLINE ta_quat corrected(qd parent, qd g, double g2, ta_quat local)
{
    /* parent is a product of float rotations, unit only to about 1e-7: made unit first (beside the chain's
     * steps, not after them) so that the turn keeps g's length, which the output is divided by. */
    v3 axis = q_rot(q_conj(q_normalize(parent)), (v3){g.x, g.y, g.z});
    qd l = {local.x, local.y, local.z, local.w};
    return to_float(q_mul((qd){axis.x, axis.y, axis.z, g.w}, l), g2 * q_len2(l));
}

/* g, then the turn by twist radians about the unit line. */
static TA__IK_INLINE qd twisted(qd g, v3 line, float twist)
{
    if (twist == 0.0f) return g;
    return q_mul(q_axis_cos_sin(line, ta__cos((double)twist), ta__sin((double)twist)), g);
}

static TA__IK_INLINE v3 unit_or(ta_vec3 v, v3 fallback)
{
    v3 d = v3_of(v);
    double l2 = dot(d, d);
    return l2 > 0 ? mul(d, 1.0 / sqrt(l2)) : fallback;
}

/* x - x is 0 for a finite x and NaN for an infinity or a NaN: one compare for the three. */
static TA__IK_INLINE bool finite3(ta_vec3 v)
{
    float z = (v.x - v.x) + (v.y - v.y) + (v.z - v.z);
    return z == z;
}

static ta_result check_vec(ta_vec3 v, const char *name, ta_error *err)
{
    if (finite3(v)) return TA_OK;
    return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.%s: (%g, %g, %g) is not finite", name, (double)v.x, (double)v.y,
                    (double)v.z);
}
static ta_result check_unit_interval(float f, const char *name, ta_error *err)
{
    if (isnan(f)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.%s: is NaN", name);
    if (f < 0.0f || f > 1.0f)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "desc.%s: %g is outside [0, 1]", name, (double)f);
    return TA_OK;
}
static ta_result check_node(const ta_scene *scene, ta_node_id node, const char *name, ta_error *err)
{
    if (node.index < scene->node_count) return TA_OK;
    return ta__fail(err, TA_ERROR_MISSING_TARGET, "desc.%s: node %u is not in the scene, which has %u nodes", name,
                    node.index, scene->node_count);
}

/* The node's uniform scale, or a refusal naming it (as ancestor of what when it is not what itself). */
static TA__IK_INLINE ta_result uniform_scale(const ta_scene *scene, uint32_t node, const char *what, bool ancestor, double *out,
                               ta_error *err)
{
    ta_vec3 s = scene->nodes[node].scale;
    /* The usual case first, in float compares only: one scale on every axis. */
    if (s.x == s.y && s.y == s.z && s.x > 0.0f && s.x <= FLT_MAX) {
        *out = s.x;
        return TA_OK;
    }
    *out = 1.0; /* written on a refusal too, so that no caller reads it unset (gcc -O3 checks) */
    double tol = 1e-6 * fabs((double)s.x);
    if (s.x > 0 && fabs((double)s.y - s.x) <= tol && fabs((double)s.z - s.x) <= tol && isfinite(s.x)) {
        *out = s.x;
        return TA_OK;
    }
    return ta__fail(err, TA_ERROR_UNSUPPORTED,
                    "desc.%s: %snode %u \"%s\" has scale (%g, %g, %g), not one positive scale on every axis; IK turns "
                    "only uniformly scaled joints and ancestors",
                    what, ancestor ? "its ancestor " : "", node, scene->nodes[node].name, (double)s.x, (double)s.y,
                    (double)s.z);
}

static TA__IK_INLINE qd node_q(const ta_node *n) { return (qd){n->quaternion.x, n->quaternion.y, n->quaternion.z, n->quaternion.w}; }

/* child's world transform, its local values under the world transform parent. */
static TA__IK_INLINE xf compose(xf parent, const ta_node *n, double k)
{
    xf w;
    w.t = add(parent.t, mul(q_rot(parent.q, v3_of(n->position)), parent.k));
    w.q = q_mul(parent.q, node_q(n));
    w.k = parent.k * k;
    return w;
}

/* The world transform of node's parent (the identity for a top-level node),
 * checking every ancestor's scale on the way up. Composed from the bottom:
 * acc takes the parent's space to that of the level reached. */
static TA__IK_INLINE ta_result parent_world(const ta_scene *scene, ta_node_id node, const char *what, xf *out, ta_error *err)
{
    xf acc = {{0, 0, 0}, q_identity, 1.0};
    for (ta_node_id p = scene->nodes[node.index].parent; !ta_node_is_none(p); p = scene->nodes[p.index].parent) {
        double k;
        ta_result r = uniform_scale(scene, p.index, what, true, &k, err);
        if (r != TA_OK) return r;
        const ta_node *n = &scene->nodes[p.index];
        qd q = node_q(n);
        acc = (xf){add(v3_of(n->position), mul(q_rot(q, acc.t), k)), q_mul(q, acc.q), k * acc.k};
    }
    *out = acc;
    return TA_OK;
}

/* The fields both two-bone jobs share, checked in the desc's order. */
static TA__IK_INLINE ta_result check_two_bone_fields(ta_vec3 target, ta_vec3 pole, ta_vec3 mid_axis, float weight,
                                                     float soften, float twist, ta_error *err)
{
    ta_result r;
    if ((r = check_vec(target, "target", err)) != TA_OK) return r;
    if ((r = check_vec(pole, "pole", err)) != TA_OK) return r;
    if ((r = check_vec(mid_axis, "mid_axis", err)) != TA_OK) return r;
    if ((r = check_unit_interval(weight, "weight", err)) != TA_OK) return r;
    if ((r = check_unit_interval(soften, "soften", err)) != TA_OK) return r;
    if (!isfinite(twist)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.twist: %g is not finite", (double)twist);
    return TA_OK;
}
/* The fields both aim jobs share. */
static TA__IK_INLINE ta_result check_aim_fields(const ta_vec3 vecs[5], float weight, float twist, ta_error *err)
{
    static const char *const names[5] = {"target", "forward", "up", "pole", "offset"};
    ta_result r;
    for (int i = 0; i < 5; ++i)
        if ((r = check_vec(vecs[i], names[i], err)) != TA_OK) return r;
    if ((r = check_unit_interval(weight, "weight", err)) != TA_OK) return r;
    if (!isfinite(twist)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.twist: %g is not finite", (double)twist);
    return TA_OK;
}

/* v, or fallback when v is zero: for a direction whose length nothing reads (a pole), or that is
 * normalized after a turn (the world job's mid axis). The test is on the bits (but the signs'), and the
 * choice one of addresses: no float compare and no branch. */
static const ta_vec3 y_axis = {0, 1, 0}, z_axis = {0, 0, 1};
static TA__IK_INLINE v3 nonzero_or(const ta_vec3 *v, const ta_vec3 *fallback)
{
    uint32_t bits[3];
    memcpy(bits, v, sizeof bits);
    return v3_of(*(((bits[0] | bits[1] | bits[2]) << 1) == 0 ? fallback : v));
}

/* The world turns of the start joint (squared length start2) and of the mid joint (unit) that bring a
 * chain's end onto the target, the chain bending in the plane of the pole. */
typedef struct two_bone_turns { qd start, mid; double start2; bool reached; } two_bone_turns;

/* s is the start joint's world position, u and v the bones (start to mid, mid to end) of squared
 * lengths a2 and b2, axis the mid joint's bending axis in world space at unit length; target, pole,
 * soften, twist and weight the desc's. */
static TA__IK_INLINE two_bone_turns solve_two_bone(v3 s, v3 u, v3 v, double a2, double b2, v3 axis, ta_vec3 target,
                                                   const ta_vec3 *pole_in, float soften, float twist, float weight)
{
    two_bone_turns t;
    /* The target, softened (ozz-animation's soften, counted from the far end):
     * past da = (1 - soften) of the chain's length L, a target at distance
     * da + ds x (ds = L - da) is taken at da + ds (1 - 3^4 / (x + 3)^4), which
     * leaves the line of reach with slope 1 and never gets to L. */
    d2 ab = sqrt2(a2, b2);
    double a = ab.a, b = ab.b, chain = a + b;
    double da = chain * (1.0 - (double)soften), ds = chain - da;
    v3 d = sub(v3_of(target), s);
    double dist2 = dot(d, d), dist = sqrt(dist2);
    /* The target line's direction, which soften does not change, and the law of cosines' 1 / 2ab. */
    d2 inv = div2(1.0, dist, 0.5, a * b);
    v3 line = mul(d, dist > 0.0 ? inv.a : 0.0);
    double half_rlen = inv.b;
    t.reached = !(dist > da) && dist > fabs(a - b) && weight >= 1.0f;
    if (dist > da && ds > 0.0) {
        double r3 = 3.0 * ds / (dist - da + 3.0 * ds), r3_2 = r3 * r3;
        dist = da + ds - ds * r3_2 * r3_2;
        d = mul(line, dist);
        dist2 = dist * dist;
    }

    /* The mid joint: from its present angle between the bones to the one whose
     * third side is the start-to-target distance (law of cosines), about the
     * mid axis. The present angle counts negative when the chain is bent
     * against the axis. */
    double cos_to = clamp1((a2 + b2 - dist2) * half_rlen);
    v3 se = add(u, v);
    double cos_from = clamp1((a2 + b2 - dot(se, se)) * half_rlen);
    /* Half angles straight from the cosines (four independent roots, not a
     * root of a root): the turn is half of to minus half of from. */
    d2 h_to = sqrt2(0.5 * (1.0 + cos_to), 0.5 * (1.0 - cos_to));
    d2 h_from = sqrt2(0.5 * (1.0 + cos_from), 0.5 * (1.0 - cos_from));
    double ch_to = h_to.a, sh_to = h_to.b, ch_from = h_from.a, sh_from = h_from.b;
    if (dot(cross(u, axis), v) < 0.0) sh_from = -sh_from;
    double half_c = ch_to * ch_from + sh_to * sh_from, half_s = sh_to * ch_from - ch_to * sh_from;
    t.mid = (qd){axis.x * half_s, axis.y * half_s, axis.z * half_s, half_c};

    /* The start joint: the bent chain's end onto the target, then the chain's
     * plane (its normal is the mid axis) about the start-to-target line onto
     * the plane of that line and the pole, the way that takes the normal to the
     * plane's in the shorter turn. The bent chain's end is as far from the
     * start as the target, or as the chain's reach allows (the cosine's
     * clamps): no root to wait for. */
    double from_len = fmin(fmax(dist, fabs(a - b)), chain);
    t.start = q_from_vectors_n(add(u, q_rot(t.mid, v)), d, from_len * dist);
    t.start2 = q_len2(t.start);
    if (dist2 > 0.0) {
        v3 pole = nonzero_or(pole_in, &y_axis);
        /* normal is the axis turned by t.start, so its length is start2 |axis| (the
         * axis is not unit to the last bit: the node rotations are floats). */
        v3 ref_normal = cross(d, pole), normal = q_rot_scaled(t.start, axis);
        double ref2 = dot(ref_normal, ref_normal);
        /* A pole along the start-to-target line gives no plane: what is left of their cross
         * product is rounding, which the batch's lanes (fused multiply-adds) leave otherwise than
         * this loop, and which turned the chain into a plane of its own (test_ik,
         * batch_and_call_agree_with_a_pole_along_the_line). Within 1e-10 radians of the line the
         * chain keeps the plane it bent in. */
        if (ref2 > 1e-20 * dot(d, d) * dot(pole, pole)) {
            qd turn = q_turn_about(normal, ref_normal, line, sqrt(ref2 * dot(axis, axis)) * t.start2);
            t.start = q_mul(turn, t.start);
            t.start2 *= q_len2(turn);
        }
        t.start = twisted(t.start, line, twist);
    }

    if (weight < 1.0f) {
        t.start = q_weighted(t.start, weight);
        t.mid = q_weighted(t.mid, weight);
        t.start2 = 1.0;
    }
    return t;
}

static TA__IK_INLINE ta_result two_bone(ta_scene *scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out_result, ta_error *err)
{
    if (scene == NULL || desc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "desc");
    ta_result r;
    if ((r = check_node(scene, desc->start, "start", err)) != TA_OK) return r;
    if ((r = check_node(scene, desc->mid, "mid", err)) != TA_OK) return r;
    if ((r = check_node(scene, desc->end, "end", err)) != TA_OK) return r;
    const ta_node *ns = &scene->nodes[desc->start.index], *nm = &scene->nodes[desc->mid.index],
                  *ne = &scene->nodes[desc->end.index];
    if (nm->parent.index != desc->start.index)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.mid: node %u \"%s\" is not a child of desc.start, node %u \"%s\"",
                        desc->mid.index, nm->name, desc->start.index, ns->name);
    if (ne->parent.index != desc->mid.index)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.end: node %u \"%s\" is not a child of desc.mid, node %u \"%s\"",
                        desc->end.index, ne->name, desc->mid.index, nm->name);
    if ((r = check_two_bone_fields(desc->target, desc->pole, desc->mid_axis, desc->weight, desc->soften, desc->twist,
                                   err)) != TA_OK)
        return r;

    xf parent;
    double ks, km;
    if ((r = parent_world(scene, desc->start, "start", &parent, err)) != TA_OK) return r;
    if ((r = uniform_scale(scene, desc->start.index, "start", false, &ks, err)) != TA_OK) return r;
    if ((r = uniform_scale(scene, desc->mid.index, "mid", false, &km, err)) != TA_OK) return r;
    xf ws = compose(parent, ns, ks), wm = compose(ws, nm, km);
    v3 s = ws.t, m = wm.t, e = add(m, mul(q_rot(wm.q, v3_of(ne->position)), wm.k));
    v3 u = sub(m, s), v = sub(e, m);
    double a2 = dot(u, u), b2 = dot(v, v);
    if (a2 == 0.0 || b2 == 0.0)
        return ta__fail(err, TA_ERROR_BAD_STATE, "desc.%s: the bone from node %u \"%s\" to node %u \"%s\" has length 0",
                        a2 == 0.0 ? "mid" : "end", a2 == 0.0 ? desc->start.index : desc->mid.index,
                        a2 == 0.0 ? ns->name : nm->name, a2 == 0.0 ? desc->mid.index : desc->end.index,
                        a2 == 0.0 ? nm->name : ne->name);
    if (desc->weight == 0.0f) {
        if (out_result) out_result->reached = false;
        return TA_OK;
    }

    v3 axis = q_rot(wm.q, unit_or(desc->mid_axis, (v3){0, 0, 1}));
    two_bone_turns t = solve_two_bone(s, u, v, a2, b2, axis, desc->target, &desc->pole, desc->soften, desc->twist,
                                      desc->weight);
    scene->nodes[desc->start.index].quaternion = corrected(parent.q, t.start, t.start2, ns->quaternion);
    scene->nodes[desc->mid.index].quaternion = corrected(ws.q, t.mid, q_len2(t.mid), nm->quaternion);
    if (out_result) out_result->reached = t.reached;
    return TA_OK;
}

/* ---- the world-matrix jobs ------------------------------------------------------------ */

/* Their checks come twice: first the usual case in a few compares, with no
 * branch a number at a time (a NaN or an infinity fails one of the compares
 * it flows into), then, only when that fails, every check in the order of
 * ik.h, for the first refusal's message. */

static ta_result check_not_null(const void *p, const char *name, ta_error *err)
{
    if (p != NULL) return TA_OK;
    return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.%s: is NULL", name);
}

/* A local rotation to correct: finite and of some length (it is normalized with the correction). */
static ta_result check_rotation(ta_quat q, const char *name, ta_error *err)
{
    double l2 = (double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w;
    if (l2 > 0.0 && l2 <= DBL_MAX) return TA_OK;
    return ta__fail(err, l2 == 0.0 ? TA_ERROR_BAD_STATE : TA_ERROR_NOT_A_NUMBER, "*desc.%s: (%g, %g, %g, %g) is %s",
                    name, (double)q.x, (double)q.y, (double)q.z, (double)q.w,
                    l2 == 0.0 ? "of length 0" : "not finite");
}

/* The world matrix's first three columns are a rotation times one positive scale, within a relative 1e-5 (as
 * ta_pose_world_pass makes of uniformly scaled nodes: their float rounding is about 1e-7); *k2 is the scale
 * squared. False for a column not finite, too. */
static TA__IK_INLINE bool similarity(const ta_mat4 *mat, double *k2, double sq[6])
{
    const float *m = mat->m;
    v3 c0 = {m[0], m[1], m[2]}, c1 = {m[4], m[5], m[6]}, c2 = {m[8], m[9], m[10]};
    double l0 = dot(c0, c0), tol = 1e-5 * l0;
    sq[0] = l0, sq[1] = dot(c1, c1), sq[2] = dot(c2, c2), sq[3] = dot(c0, c1), sq[4] = dot(c1, c2), sq[5] = dot(c2, c0);
    *k2 = l0;
    return l0 > 0.0 && l0 <= DBL_MAX && fabs(sq[1] - l0) <= tol && fabs(sq[2] - l0) <= tol && fabs(sq[3]) <= tol &&
           fabs(sq[4]) <= tol && fabs(sq[5]) <= tol && dot(cross(c0, c1), c2) > 0.0;
}

/* A world matrix: finite where it is read (its translation, and its first three columns when rotation), and
 * then a similarity. */
static ta_result check_matrix(const ta_mat4 *mat, const char *name, bool rotation, ta_error *err)
{
    for (int i = rotation ? 0 : 12; i < 15; ++i)
        if ((i & 3) != 3 && !isfinite(mat->m[i]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "*desc.%s: element %d (column %d, row %d) is %g", name, i,
                            i / 4, i % 4, (double)mat->m[i]);
    double k2, sq[6];
    if (!rotation || similarity(mat, &k2, sq)) return TA_OK;
    return ta__fail(err, TA_ERROR_UNSUPPORTED,
                    "*desc.%s: its columns' squared lengths (%g, %g, %g) and dot products (%g, %g, %g) are not a "
                    "rotation times one positive scale; IK turns only uniformly scaled joints",
                    name, sq[0], sq[1], sq[2], sq[3], sq[4], sq[5]);
}

static TA__IK_INLINE v3 mat_pos(const ta_mat4 *m) { return (v3){m->m[12], m->m[13], m->m[14]}; }
static TA__IK_INLINE v3 mat_col(const ta_mat4 *m, int c) { return (v3){m->m[4 * c], m->m[4 * c + 1], m->m[4 * c + 2]}; }
/* M v, the upper 3x3 of M. */
static TA__IK_INLINE v3 mat_dir(const ta_mat4 *mat, v3 v)
{
    const float *m = mat->m;
    return (v3){m[0] * v.x + m[4] * v.y + m[8] * v.z, m[1] * v.x + m[5] * v.y + m[9] * v.z,
                m[2] * v.x + m[6] * v.y + m[10] * v.z};
}
/* M^T v: for M = k R, k R^-1 v. */
static TA__IK_INLINE v3 mat_dir_t(const ta_mat4 *mat, v3 v)
{
    const float *m = mat->m;
    return (v3){m[0] * v.x + m[1] * v.y + m[2] * v.z, m[4] * v.x + m[5] * v.y + m[6] * v.z,
                m[8] * v.x + m[9] * v.y + m[10] * v.z};
}

/* The usual case's checks on four floats at a time, where the compiler has vector extensions with shuffles:
 * a few instructions for what is otherwise a compare and a branch a number. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#define TA__IK_F4 1
typedef float f4 __attribute__((vector_size(16)));
typedef int32_t m4 __attribute__((vector_size(16)));
static TA__IK_INLINE f4 f4_load(const float *p)
{
    f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}
static TA__IK_INLINE f4 f4_yzx(f4 v) { return __builtin_shufflevector(v, v, 1, 2, 0, 3); }
static TA__IK_INLINE f4 f4_abs(f4 v) { return (f4)((m4)v & 0x7fffffff); }
/* Every lane's test true; some lane's. */
#if defined(__SSE__) && defined(__x86_64__)
static TA__IK_INLINE bool m4_all(m4 m) { return __builtin_ia32_movmskps((f4)m) == 15; }
static TA__IK_INLINE bool m4_any(m4 m) { return __builtin_ia32_movmskps((f4)m) != 0; }
#else
static TA__IK_INLINE bool m4_all(m4 m) { return (m[0] & m[1] & m[2] & m[3]) != 0; }
static TA__IK_INLINE bool m4_any(m4 m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }
#endif
/* similarity, in float (its 1e-5 is far above float's rounding): the columns' squared lengths and their dot
 * products (0 with 1, 1 with 2, 2 with 0) a lane each, from the 3x3 part's rows; the determinant from the
 * rows too. Lane 3 is 0 in the rows, and its tolerance infinite. */
static TA__IK_INLINE bool f4_similarity(const ta_mat4 *mat)
{
    const float *m = mat->m;
    f4 c0 = f4_load(m), c1 = f4_load(m + 4), c2 = __builtin_shufflevector(f4_load(m + 8), (f4){0, 0, 0, 0}, 0, 1, 2, 4);
    f4 t0 = __builtin_shufflevector(c0, c1, 0, 4, 1, 5), t1 = __builtin_shufflevector(c0, c1, 2, 6, 3, 7);
    f4 x = __builtin_shufflevector(t0, c2, 0, 1, 4, 7), y = __builtin_shufflevector(t0, c2, 2, 3, 5, 7),
       z = __builtin_shufflevector(t1, c2, 0, 1, 6, 7);
    f4 len2 = x * x + y * y + z * z, dots = x * f4_yzx(x) + y * f4_yzx(y) + z * f4_yzx(z);
    float l0 = len2[0];
    f4 tol = (f4){1e-5f, 1e-5f, 1e-5f, INFINITY} * l0;
    f4 det = x * f4_yzx(y * f4_yzx(z) - f4_yzx(y) * z);
    return m4_all((f4_abs(len2 - l0) <= tol) & (f4_abs(dots) <= tol)) && l0 > 0.0f && l0 <= FLT_MAX &&
           det[0] + det[1] + det[2] > 0.0f;
}
/* 0 in every lane for finite numbers. */
static TA__IK_INLINE f4 f4_nan_if_not_finite(f4 v) { return v - v; }
#else
#define TA__IK_F4 0
/* 0 for finite numbers, NaN otherwise. */
static TA__IK_INLINE float nan_if_not_finite(const float *f, int n)
{
    float z = 0.0f;
    for (int i = 0; i < n; ++i) z += f[i] - f[i];
    return z;
}
#endif

/* Every check of ta_ik_two_bone_world, in ik.h's order. */
static ta_result two_bone_world_refusal(const ta_ik_two_bone_world_desc *desc, ta_error *err)
{
    ta_result r;
    if ((r = check_not_null(desc->start_world, "start_world", err)) != TA_OK) return r;
    if ((r = check_not_null(desc->mid_world, "mid_world", err)) != TA_OK) return r;
    if ((r = check_not_null(desc->end_world, "end_world", err)) != TA_OK) return r;
    if ((r = check_not_null(desc->start_rotation, "start_rotation", err)) != TA_OK) return r;
    if ((r = check_not_null(desc->mid_rotation, "mid_rotation", err)) != TA_OK) return r;
    if (desc->start_rotation == desc->mid_rotation)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "desc.mid_rotation: is desc.start_rotation; the two joints turn two rotations");
    if ((r = check_two_bone_fields(desc->target, desc->pole, desc->mid_axis, desc->weight, desc->soften, desc->twist,
                                   err)) != TA_OK)
        return r;
    if ((r = check_rotation(*desc->start_rotation, "start_rotation", err)) != TA_OK) return r;
    if ((r = check_rotation(*desc->mid_rotation, "mid_rotation", err)) != TA_OK) return r;
    if ((r = check_matrix(desc->start_world, "start_world", true, err)) != TA_OK) return r;
    if ((r = check_matrix(desc->mid_world, "mid_world", true, err)) != TA_OK) return r;
    if ((r = check_matrix(desc->end_world, "end_world", false, err)) != TA_OK) return r;
    v3 s = mat_pos(desc->start_world), m = mat_pos(desc->mid_world), e = mat_pos(desc->end_world);
    bool first = dot(sub(m, s), sub(m, s)) == 0.0;
    if (first || dot(sub(e, m), sub(e, m)) == 0.0)
        return ta__fail(err, TA_ERROR_BAD_STATE, "*desc.%s: its translation is that of *desc.%s: a bone of length 0",
                        first ? "mid_world" : "end_world", first ? "start_world" : "mid_world");
    return TA_OK;
}

/* Every check of ta_ik_two_bone_world: the usual case in a few compares, each check in ik.h's order only when
 * one of those fails (for the first refusal's message). */
static TA__IK_INLINE ta_result two_bone_world_check(const ta_ik_two_bone_world_desc *desc, ta_error *err)
{
    if (desc == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    const ta_mat4 *ms = desc->start_world, *mm = desc->mid_world, *me = desc->end_world;
    if (ms == NULL || mm == NULL || me == NULL || desc->start_rotation == NULL || desc->mid_rotation == NULL ||
        desc->start_rotation == desc->mid_rotation)
        return two_bone_world_refusal(desc, err);
    ta_quat qs = *desc->start_rotation, qm = *desc->mid_rotation;
    bool ok = desc->weight >= 0.0f && desc->weight <= 1.0f && desc->soften >= 0.0f && desc->soften <= 1.0f;
#if TA__IK_F4
    /* target, pole, mid_axis, weight, soften and twist: twelve floats in a row (see the static assert). */
    const float *fields = &desc->target.x;
    f4 q0 = f4_load(&qs.x), q1 = f4_load(&qm.x);
    f4 zero = f4_nan_if_not_finite(f4_load(fields)) + f4_nan_if_not_finite(f4_load(fields + 4)) +
              f4_nan_if_not_finite(f4_load(fields + 8)) + f4_nan_if_not_finite(q0) + f4_nan_if_not_finite(q1);
    ok &= m4_all(zero == 0.0f) && m4_any(q0 != 0.0f) && m4_any(q1 != 0.0f) && f4_similarity(ms) && f4_similarity(mm);
#else
    float fields = nan_if_not_finite(&desc->target.x, 9) + (desc->twist - desc->twist);
    double k2, sq[6];
    double ls2 = q_len2((qd){qs.x, qs.y, qs.z, qs.w}), lm2 = q_len2((qd){qm.x, qm.y, qm.z, qm.w});
    ok &= fields == 0.0f && ls2 > 0.0 && ls2 <= DBL_MAX && lm2 > 0.0 && lm2 <= DBL_MAX;
    ok &= similarity(ms, &k2, sq);
    ok &= similarity(mm, &k2, sq);
#endif
    v3 u = sub(mat_pos(mm), mat_pos(ms)), v = sub(mat_pos(me), mat_pos(mm));
    double a2 = dot(u, u), b2 = dot(v, v);
    ok &= a2 > 0.0 && a2 <= DBL_MAX && b2 > 0.0 && b2 <= DBL_MAX;
    return ok ? TA_OK : two_bone_world_refusal(desc, err);
}

/* descs[0 .. count) checked in turn; the first refused one's index into *out_index. */
static TA__IK_INLINE ta_result two_bone_world_check_all(const ta_ik_two_bone_world_desc *descs, uint32_t count,
                                                        uint32_t *out_index, ta_error *err)
{
    for (uint32_t i = 0; i < count; ++i) {
        ta_result r = two_bone_world_check(&descs[i], err);
        if (r != TA_OK) {
            *out_index = i;
            return r;
        }
    }
    return TA_OK;
}

static TA__IK_INLINE ta_result two_bone_world(const ta_ik_two_bone_world_desc *desc, ta_ik_result *out_result,
                                              ta_error *err)
{
    ta_result r = two_bone_world_check(desc, err);
    if (r != TA_OK) return r;
    const ta_mat4 *ms = desc->start_world, *mm = desc->mid_world, *me = desc->end_world;
    ta_quat qs = *desc->start_rotation, qm = *desc->mid_rotation;
    double ks2 = dot(mat_col(ms, 0), mat_col(ms, 0));
    v3 s = mat_pos(ms), m = mat_pos(mm), e = mat_pos(me);
    v3 u = sub(m, s), v = sub(e, m);
    double a2 = dot(u, u), b2 = dot(v, v);
    if (desc->weight == 0.0f) {
        if (out_result) out_result->reached = false;
        return TA_OK;
    }

    /* The roots of the scale and of the axis's lengths, beside the solve rather than in its way. */
    double ks = sqrt(ks2);
    v3 axis_local = nonzero_or(&desc->mid_axis, &z_axis), axis = mat_dir(mm, axis_local);
    d2 axis_len = sqrt2(dot(axis_local, axis_local), dot(axis, axis));
    d2 axis_inv = div2(1.0, axis_len.a, 1.0, axis_len.b);
    axis_local = mul(axis_local, axis_inv.a);
    axis = mul(axis, axis_inv.b);
    two_bone_turns t = solve_two_bone(s, u, v, a2, b2, axis, desc->target, &desc->pole, desc->soften, desc->twist,
                                      desc->weight);
    /* The start joint: the world turn seen from the joint (M = k R), local R^-1 g R, as (M^T g, k w): the
     * turn's axis in the joint's space times k, which the normalization below takes out. */
    v3 axis_s = mat_dir_t(ms, (v3){t.start.x, t.start.y, t.start.z});
    qd start = q_mul((qd){qs.x, qs.y, qs.z, qs.w}, (qd){axis_s.x, axis_s.y, axis_s.z, ks * t.start.w});
    /* The mid joint turns about the world axis, which is the mid axis seen from the joint: its local correction
     * is about the mid axis itself, by the same angle. */
    double turn = dot((v3){t.mid.x, t.mid.y, t.mid.z}, axis);
    qd mid = q_mul((qd){qm.x, qm.y, qm.z, qm.w}, (qd){axis_local.x * turn, axis_local.y * turn, axis_local.z * turn, t.mid.w});
    d2 len = sqrt2(q_len2(start), q_len2(mid));
    d2 inv_len = div2(1.0, len.a, 1.0, len.b);
    *desc->start_rotation = to_float_scaled(start, inv_len.a);
    *desc->mid_rotation = to_float_scaled(mid, inv_len.b);
    if (out_result) out_result->reached = t.reached;
    return TA_OK;
}

/* ---- aim ------------------------------------------------------------------------------ */

/* The turn, in the node's own space, that aims forward from offset at the target; target and pole are in that
 * space (pole of any length). False when no direction aims. */
static TA__IK_INLINE bool solve_aim(v3 target, v3 pole, ta_vec3 forward_in, ta_vec3 up_in, ta_vec3 offset_in,
                                    float twist, float weight, qd *out)
{
    /* The direction from the origin that, turned onto the target, puts the target
     * on the line from the offset point along forward. That direction ends where
     * the line meets the sphere through the target about the origin; a line that
     * misses the sphere (an offset farther from the aiming line than the
     * target is from the origin) has none. */
    v3 forward = unit_or(forward_in, (v3){1, 0, 0}), offset = v3_of(offset_in);
    double along = dot(forward, offset), aside2 = dot(offset, offset) - along * along, r2 = dot(target, target);
    if (!(!(aside2 > r2) && r2 > 0.0)) return false;
    v3 aim = add(offset, mul(forward, sqrt(r2 - aside2) - along));
    double aim2 = dot(aim, aim);
    qd g = q_from_vectors_n(aim, target, sqrt(aim2 * r2));

    /* Then about the aiming line, up onto the plane of that line and the pole. */
    v3 up = q_rot_scaled(g, unit_or(up_in, (v3){0, 1, 0}));
    v3 ref_normal = cross(pole, target), normal = cross(up, target);
    double ref2 = dot(ref_normal, ref_normal), n2 = dot(normal, normal);
    v3 line = mul(target, 1.0 / sqrt(r2));
    if (ref2 > 0.0 && n2 > 0.0) g = q_mul(q_turn_about(normal, ref_normal, line, sqrt(ref2 * n2)), g);
    *out = q_weighted(twisted(g, line, twist), weight);
    return true;
}

/* The local rotation, then the turn g of the node's own space (which multiplies it on the right). */
static TA__IK_INLINE ta_quat aimed(ta_quat local, qd g)
{
    qd out = q_mul((qd){local.x, local.y, local.z, local.w}, g);
    return to_float(out, q_len2(out));
}

static TA__IK_INLINE ta_result aim(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out_result, ta_error *err)
{
    if (scene == NULL || desc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "desc");
    ta_result r;
    if ((r = check_node(scene, desc->node, "node", err)) != TA_OK) return r;
    const ta_vec3 vecs[5] = {desc->target, desc->forward, desc->up, desc->pole, desc->offset};
    if ((r = check_aim_fields(vecs, desc->weight, desc->twist, err)) != TA_OK) return r;
    const ta_node *n = &scene->nodes[desc->node.index];
    xf parent;
    double k;
    if ((r = parent_world(scene, desc->node, "node", &parent, err)) != TA_OK) return r;
    if ((r = uniform_scale(scene, desc->node.index, "node", false, &k, err)) != TA_OK) return r;
    if (desc->weight == 0.0f) {
        if (out_result) out_result->reached = false;
        return TA_OK;
    }
    xf w = compose(parent, n, k);
    qd inv = q_conj(w.q), g;
    v3 target = mul(q_rot(inv, sub(v3_of(desc->target), w.t)), 1.0 / w.k);
    bool reached = solve_aim(target, q_rot(inv, nonzero_or(&desc->pole, &y_axis)), desc->forward, desc->up, desc->offset,
                             desc->twist, desc->weight, &g);
    if (out_result) out_result->reached = reached;
    if (reached) scene->nodes[desc->node.index].quaternion = aimed(n->quaternion, g);
    return TA_OK;
}

/* Every check of ta_ik_aim_world, in ik.h's order. */
static ta_result aim_world_refusal(const ta_ik_aim_world_desc *desc, ta_error *err)
{
    ta_result r;
    if ((r = check_not_null(desc->world, "world", err)) != TA_OK) return r;
    if ((r = check_not_null(desc->rotation, "rotation", err)) != TA_OK) return r;
    const ta_vec3 vecs[5] = {desc->target, desc->forward, desc->up, desc->pole, desc->offset};
    if ((r = check_aim_fields(vecs, desc->weight, desc->twist, err)) != TA_OK) return r;
    if ((r = check_rotation(*desc->rotation, "rotation", err)) != TA_OK) return r;
    return check_matrix(desc->world, "world", true, err);
}

static TA__IK_INLINE ta_result aim_world(const ta_ik_aim_world_desc *desc, ta_ik_result *out_result, ta_error *err)
{
    if (desc == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    const ta_mat4 *mat = desc->world;
    if (mat == NULL || desc->rotation == NULL) return aim_world_refusal(desc, err);
    ta_quat local = *desc->rotation;
    bool ok = desc->weight >= 0.0f && desc->weight <= 1.0f && desc->twist - desc->twist == 0.0f;
#if TA__IK_F4
    /* target, forward, up, pole, offset and weight: sixteen floats in a row (see the static assert); the
     * matrix's translation. */
    const float *fields = &desc->target.x;
    f4 q = f4_load(&local.x), t = __builtin_shufflevector(f4_load(&mat->m[12]), (f4){0, 0, 0, 0}, 0, 1, 2, 4);
    f4 zero = f4_nan_if_not_finite(f4_load(fields)) + f4_nan_if_not_finite(f4_load(fields + 4)) +
              f4_nan_if_not_finite(f4_load(fields + 8)) + f4_nan_if_not_finite(f4_load(fields + 12)) +
              f4_nan_if_not_finite(q) + f4_nan_if_not_finite(t);
    ok &= m4_all(zero == 0.0f) && m4_any(q != 0.0f) && f4_similarity(mat);
    double k2 = dot(mat_col(mat, 0), mat_col(mat, 0));
#else
    float fields = nan_if_not_finite(&desc->target.x, 15) + nan_if_not_finite(&mat->m[12], 3);
    double k2, sq[6], l2 = q_len2((qd){local.x, local.y, local.z, local.w});
    ok &= fields == 0.0f && l2 > 0.0 && l2 <= DBL_MAX;
    ok &= similarity(mat, &k2, sq);
#endif
    ta_result r;
    if (!ok && (r = aim_world_refusal(desc, err)) != TA_OK) return r;
    if (desc->weight == 0.0f) {
        if (out_result) out_result->reached = false;
        return TA_OK;
    }
    /* M = k R takes the node's space to the world: R^-1 x = M^T x / k, and a point back by 1 / k more. */
    v3 target = mul(mat_dir_t(mat, sub(v3_of(desc->target), mat_pos(mat))), 1.0 / k2);
    qd g;
    bool reached = solve_aim(target, mat_dir_t(mat, nonzero_or(&desc->pole, &y_axis)), desc->forward, desc->up,
                             desc->offset, desc->twist, desc->weight, &g);
    if (out_result) out_result->reached = reached;
    if (reached) *desc->rotation = aimed(local, g);
    return TA_OK;
}

/* ---- the jobs, one copy per instruction set ----------------------------------------- */

/* Each job JOB gets JOB_base and, on x86-64 with GCC, JOB_fma and JOB_avx512 (the same code for AVX2 and
 * FMA, and for AVX-512's 32 registers besides: the jobs hold more numbers at once than the 16 of AVX2, and
 * spill the rest); the public call API picks one per call. */
#if TA__IK_FMA
static bool has_fma(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }
static bool has_avx512(void) { return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"); }
#define TA__IK_JOB(api, job, params, args)                                                                   \
    static ta_result job##_base params { return job args; }                                                  \
    TA__IK_FMA_TARGET static ta_result job##_fma params { return job args; }                                 \
    TA__IK_AVX512_TARGET static ta_result job##_avx512 params { return job args; }                           \
    ta_result api params                                                                                     \
    {                                                                                                        \
        if (has_avx512()) return job##_avx512 args;                                                          \
        if (has_fma()) return job##_fma args;                                                                \
        return job##_base args;                                                                              \
    }
#else
#define TA__IK_JOB(api, job, params, args) \
    ta_result api params { return job args; }
#endif

TA__IK_JOB(ta_ik_two_bone, two_bone,
           (ta_scene * scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out_result, ta_error *err),
           (scene, desc, out_result, err))
TA__IK_JOB(ta_ik_aim, aim, (ta_scene * scene, const ta_ik_aim_desc *desc, ta_ik_result *out_result, ta_error *err),
           (scene, desc, out_result, err))
TA__IK_JOB(ta_ik_two_bone_world, two_bone_world,
           (const ta_ik_two_bone_world_desc *desc, ta_ik_result *out_result, ta_error *err), (desc, out_result, err))
TA__IK_JOB(ta__ik_two_bone_world_check_all, two_bone_world_check_all,
           (const ta_ik_two_bone_world_desc *descs, uint32_t count, uint32_t *out_index, ta_error *err),
           (descs, count, out_index, err))
TA__IK_JOB(ta_ik_aim_world, aim_world, (const ta_ik_aim_world_desc *desc, ta_ik_result *out_result, ta_error *err),
           (desc, out_result, err))
