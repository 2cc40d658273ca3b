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
 * twist's, when there is one). */
#include <float.h>
#include <math.h>

#include "core/internal.h"
#include "threeanim/ik.h"

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
static TA__IK_INLINE ta_quat to_float(qd q, double len2)
{
    double r = 1.0 / sqrt(len2);
    return (ta_quat){(float)(q.x * r), (float)(q.y * r), (float)(q.z * r), (float)(q.w * r)};
}
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
    return q_mul(q_axis_cos_sin(line, cos((double)twist), sin((double)twist)), g);
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
    if ((r = check_vec(desc->target, "target", err)) != TA_OK) return r;
    if ((r = check_vec(desc->pole, "pole", err)) != TA_OK) return r;
    if ((r = check_vec(desc->mid_axis, "mid_axis", err)) != TA_OK) return r;
    if ((r = check_unit_interval(desc->weight, "weight", err)) != TA_OK) return r;
    if ((r = check_unit_interval(desc->soften, "soften", err)) != TA_OK) return r;
    if (!isfinite(desc->twist)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.twist: %g is not finite", (double)desc->twist);

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

    /* The target, softened (ozz-animation's soften, counted from the far end):
     * past da = (1 - soften) of the chain's length L, a target at distance
     * da + ds x (ds = L - da) is taken at da + ds (1 - 3^4 / (x + 3)^4), which
     * leaves the line of reach with slope 1 and never gets to L. */
    double a = sqrt(a2), b = sqrt(b2), chain = a + b;
    double da = chain * (1.0 - (double)desc->soften), ds = chain - da;
    v3 d = sub(v3_of(desc->target), s);
    double dist2 = dot(d, d), dist = sqrt(dist2);
    bool reached = !(dist > da) && dist > fabs(a - b);
    if (dist > da && dist > 0.0 && ds > 0.0) {
        double r3 = 3.0 / ((dist - da) / ds + 3.0), r3_2 = r3 * r3;
        double reach = da + ds - ds * r3_2 * r3_2;
        d = mul(d, reach / dist);
        dist2 = reach * reach;
    }

    /* The mid joint: from its present angle between the bones to the one whose
     * third side is the start-to-target distance (law of cosines), about the
     * mid axis. The present angle counts negative when the chain is bent
     * against the axis. */
    v3 axis = q_rot(wm.q, unit_or(desc->mid_axis, (v3){0, 0, 1}));
    double half_rlen = 0.5 / (a * b);
    double cos_to = clamp1((a2 + b2 - dist2) * half_rlen);
    v3 se = add(u, v);
    double cos_from = clamp1((a2 + b2 - dot(se, se)) * half_rlen);
    /* Half angles straight from the cosines (four independent roots, not a
     * root of a root): the turn is half of to minus half of from. */
    double ch_to = sqrt(0.5 * (1.0 + cos_to)), sh_to = sqrt(0.5 * (1.0 - cos_to));
    double ch_from = sqrt(0.5 * (1.0 + cos_from)), sh_from = sqrt(0.5 * (1.0 - cos_from));
    if (dot(cross(u, axis), v) < 0.0) sh_from = -sh_from;
    double half_c = ch_to * ch_from + sh_to * sh_from, half_s = sh_to * ch_from - ch_to * sh_from;
    qd g_mid = {axis.x * half_s, axis.y * half_s, axis.z * half_s, half_c};

    /* The start joint: the bent chain's end onto the target, then the chain's
     * plane (its normal is the mid axis) about the start-to-target line onto
     * the plane of that line and the pole, the way that takes the normal to the
     * plane's in the shorter turn. The bent chain's end is as far from the
     * start as the law of cosines says, worked out beside the bend. */
    double from2 = a2 + b2 - 2.0 * a * b * cos_to, from_len = sqrt(from2 > 0.0 ? from2 : 0.0);
    qd g_start = q_from_vectors_n(add(u, q_rot(g_mid, v)), d, from_len * sqrt(dist2));
    double g2_start = q_len2(g_start);
    if (dist2 > 0.0) {
        v3 pole = unit_or(desc->pole, (v3){0, 1, 0});
        /* normal is the axis turned by g_start, so its length is g2_start |axis| (the
         * axis is not unit to the last bit: the node rotations are floats). */
        v3 ref_normal = cross(d, pole), normal = q_rot_scaled(g_start, axis);
        double ref2 = dot(ref_normal, ref_normal);
        v3 line = mul(d, 1.0 / sqrt(dist2));
        if (ref2 > 0.0) {
            qd turn = q_turn_about(normal, ref_normal, line, sqrt(ref2 * dot(axis, axis)) * g2_start);
            g_start = q_mul(turn, g_start);
            g2_start *= q_len2(turn);
        }
        g_start = twisted(g_start, line, desc->twist);
    }

    if (desc->weight < 1.0f) {
        g_start = q_weighted(g_start, desc->weight);
        g_mid = q_weighted(g_mid, desc->weight);
        g2_start = 1.0;
    }
    scene->nodes[desc->start.index].quaternion = corrected(parent.q, g_start, g2_start, ns->quaternion);
    scene->nodes[desc->mid.index].quaternion = corrected(ws.q, g_mid, q_len2(g_mid), nm->quaternion);
    if (out_result) out_result->reached = reached && desc->weight >= 1.0f;
    return TA_OK;
}

static TA__IK_INLINE ta_result aim(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out_result, ta_error *err)
{
    if (scene == NULL || desc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "desc");
    ta_result r;
    if ((r = check_node(scene, desc->node, "node", err)) != TA_OK) return r;
    if ((r = check_vec(desc->target, "target", err)) != TA_OK) return r;
    if ((r = check_vec(desc->forward, "forward", err)) != TA_OK) return r;
    if ((r = check_vec(desc->up, "up", err)) != TA_OK) return r;
    if ((r = check_vec(desc->pole, "pole", err)) != TA_OK) return r;
    if ((r = check_vec(desc->offset, "offset", err)) != TA_OK) return r;
    if ((r = check_unit_interval(desc->weight, "weight", err)) != TA_OK) return r;
    if (!isfinite(desc->twist)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.twist: %g is not finite", (double)desc->twist);
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

    /* In the node's own space (its rotation and scale): the target, and the
     * direction from the origin that, turned onto the target, puts the target
     * on the line from the offset point along forward. That direction ends where
     * the line meets the sphere through the target about the origin; a line that
     * misses the sphere (an offset farther from the aiming line than the
     * target is from the origin) has none. */
    v3 target = mul(q_rot(q_conj(w.q), sub(v3_of(desc->target), w.t)), 1.0 / w.k);
    v3 forward = unit_or(desc->forward, (v3){1, 0, 0}), offset = v3_of(desc->offset);
    double along = dot(forward, offset), aside2 = dot(offset, offset) - along * along, r2 = dot(target, target);
    bool reached = !(aside2 > r2) && r2 > 0.0;
    if (out_result) out_result->reached = reached;
    if (!reached) return TA_OK;
    v3 aim = add(offset, mul(forward, sqrt(r2 - aside2) - along));
    double aim2 = dot(aim, aim);
    qd g = q_from_vectors_n(aim, target, sqrt(aim2 * r2));

    /* Then about the aiming line, up onto the plane of that line and the pole. */
    v3 up = q_rot_scaled(g, unit_or(desc->up, (v3){0, 1, 0}));
    v3 pole = q_rot(q_conj(w.q), unit_or(desc->pole, (v3){0, 1, 0}));
    v3 ref_normal = cross(pole, target), normal = cross(up, target);
    double ref2 = dot(ref_normal, ref_normal), n2 = dot(normal, normal);
    v3 line = mul(target, 1.0 / sqrt(r2));
    if (ref2 > 0.0 && n2 > 0.0) g = q_mul(q_turn_about(normal, ref_normal, line, sqrt(ref2 * n2)), g);
    g = twisted(g, line, desc->twist);

    /* g is in the node's own space: it multiplies the local rotation on the right. */
    g = q_weighted(g, desc->weight);
    qd out = q_mul(node_q(n), g);
    scene->nodes[desc->node.index].quaternion = to_float(out, q_len2(out));
    return TA_OK;
}

/* ---- the jobs, one copy per instruction set ----------------------------------------- */

static ta_result two_bone_base(ta_scene *scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out, ta_error *err)
{
    return two_bone(scene, desc, out, err);
}
static ta_result aim_base(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out, ta_error *err)
{
    return aim(scene, desc, out, err);
}
#if TA__IK_FMA
TA__IK_FMA_TARGET static ta_result two_bone_fma(ta_scene *scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out,
                                                ta_error *err)
{
    return two_bone(scene, desc, out, err);
}
TA__IK_FMA_TARGET static ta_result aim_fma(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out, ta_error *err)
{
    return aim(scene, desc, out, err);
}
static bool has_fma(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }
#endif

ta_result ta_ik_two_bone(ta_scene *scene, const ta_ik_two_bone_desc *desc, ta_ik_result *out_result, ta_error *err)
{
#if TA__IK_FMA
    if (has_fma()) return two_bone_fma(scene, desc, out_result, err);
#endif
    return two_bone_base(scene, desc, out_result, err);
}

ta_result ta_ik_aim(ta_scene *scene, const ta_ik_aim_desc *desc, ta_ik_result *out_result, ta_error *err)
{
#if TA__IK_FMA
    if (has_fma()) return aim_fma(scene, desc, out_result, err);
#endif
    return aim_base(scene, desc, out_result, err);
}
