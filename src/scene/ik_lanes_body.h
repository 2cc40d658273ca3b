/*
 * src/scene/ik_lanes_body.h -- the two-bone solve of ta_ik_two_bone_world
 * (ik.c), a chain a lane: included by ik_lanes.c once per width, with
 * IK_W (lanes), IK_TARGET (the function attribute), IK_SQRT (a vector's square
 * roots) and IK_L(name) (the width's suffix) defined. Not a header to include
 * anywhere else.
 *
 * Each step is ik.c's, in its order; a branch of ik.c is here both sides
 * worked out and one chosen a lane at a time (IK_SEL), so that a lane gives
 * the single call's numbers up to the fusing of multiplies and adds, which
 * the compiler decides for each copy.
 */

typedef double IK_L(vd) __attribute__((vector_size(IK_W * 8)));
typedef long long IK_L(vm) __attribute__((vector_size(IK_W * 8)));
#define V IK_L(vd)
#define M IK_L(vm)
typedef struct IK_L(lv3) { V x, y, z; } IK_L(lv3);
typedef struct IK_L(lq) { V x, y, z, w; } IK_L(lq);
#define LV3 IK_L(lv3)
#define LQ IK_L(lq)
#define IK_FN IK_TARGET static inline __attribute__((always_inline))

/* m's lanes of a, the others of b. */
#define IK_SEL(m, a, b) ((V)(((M)(a) & (m)) | ((M)(b) & ~(m))))

IK_FN V IK_L(vabs)(V x) { return (V)((M)x & ((M){0} + 0x7fffffffffffffffLL)); }
IK_FN V IK_L(splat)(double x) { return (V){0} + x; }
IK_FN LV3 IK_L(sel3)(M m, LV3 a, LV3 b) { return (LV3){IK_SEL(m, a.x, b.x), IK_SEL(m, a.y, b.y), IK_SEL(m, a.z, b.z)}; }
IK_FN LQ IK_L(selq)(M m, LQ a, LQ b)
{
    return (LQ){IK_SEL(m, a.x, b.x), IK_SEL(m, a.y, b.y), IK_SEL(m, a.z, b.z), IK_SEL(m, a.w, b.w)};
}
IK_FN LV3 IK_L(add)(LV3 a, LV3 b) { return (LV3){a.x + b.x, a.y + b.y, a.z + b.z}; }
IK_FN LV3 IK_L(sub)(LV3 a, LV3 b) { return (LV3){a.x - b.x, a.y - b.y, a.z - b.z}; }
IK_FN LV3 IK_L(mul)(LV3 a, V s) { return (LV3){a.x * s, a.y * s, a.z * s}; }
IK_FN V IK_L(dot)(LV3 a, LV3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
IK_FN LV3 IK_L(cross)(LV3 a, LV3 b)
{
    return (LV3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
IK_FN V IK_L(clamp1)(V c)
{
    V one = IK_L(splat)(1.0);
    c = IK_SEL(c < -one, -one, c);
    return IK_SEL(c > one, one, c);
}
IK_FN LQ IK_L(q_mul)(LQ a, LQ b)
{
    return (LQ){a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
IK_FN LV3 IK_L(q_rot)(LQ q, LV3 v)
{
    LV3 u = {q.x, q.y, q.z};
    LV3 t = IK_L(mul)(IK_L(cross)(u, v), IK_L(splat)(2.0));
    return IK_L(add)(IK_L(add)(v, IK_L(mul)(t, q.w)), IK_L(cross)(u, t));
}
IK_FN LV3 IK_L(q_rot_scaled)(LQ q, LV3 v)
{
    LV3 u = {q.x, q.y, q.z};
    return IK_L(add)(IK_L(add)(IK_L(mul)(v, q.w * q.w - IK_L(dot)(u, u)), IK_L(mul)(u, 2.0 * IK_L(dot)(u, v))),
                     IK_L(mul)(IK_L(cross)(u, v), 2.0 * q.w));
}
IK_FN V IK_L(q_len2)(LQ q) { return q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w; }
IK_FN LQ IK_L(q_normalize)(LQ q)
{
    V r = 1.0 / IK_SQRT(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return (LQ){q.x * r, q.y * r, q.z * r, q.w * r};
}
/* ik.c's q_from_vectors_n. */
IK_FN LQ IK_L(q_from_vectors_n)(LV3 from, LV3 to, V norms)
{
    V zero = IK_L(splat)(0.0), real = norms + IK_L(dot)(from, to);
    LV3 a = IK_L(cross)(from, to);
    LQ q = {a.x, a.y, a.z, real};
    M bigger_x = IK_L(vabs)(from.x) > IK_L(vabs)(from.z);
    LQ half = {IK_SEL(bigger_x, -from.y, zero), IK_SEL(bigger_x, from.x, -from.z), IK_SEL(bigger_x, zero, from.y), zero};
    q = IK_L(selq)(real < 1e-12 * norms, half, q);
    return IK_L(selq)(norms == zero, (LQ){zero, zero, zero, IK_L(splat)(1.0)}, q);
}
/* ik.c's q_turn_about. */
IK_FN LQ IK_L(q_turn_about)(LV3 from, LV3 to, LV3 line, V norms)
{
    V real = norms + IK_L(dot)(from, to), s = IK_L(dot)(IK_L(cross)(from, to), line);
    LQ q = {line.x * s, line.y * s, line.z * s, real};
    return IK_L(selq)(real < 1e-12 * norms, (LQ){line.x, line.y, line.z, IK_L(splat)(0.0)}, q);
}
/* ik.c's q_weighted, for the lanes whose weight is below 1. */
IK_FN LQ IK_L(q_weighted)(LQ g, V weight)
{
    LQ n = IK_L(q_normalize)(g);
    n = IK_L(selq)(n.w < 0.0, (LQ){-n.x, -n.y, -n.z, -n.w}, n);
    LQ w = IK_L(q_normalize)((LQ){n.x * weight, n.y * weight, n.z * weight, 1.0 + (n.w - 1.0) * weight});
    return IK_L(selq)(weight >= 1.0, g, w);
}

/* The inputs of IK_W chains, a row a lane (ik_lanes.c fills them): */
typedef struct IK_L(lanes_in) {
    V ms[12];          /* the start matrix's columns 0 .. 2 (rows 0 .. 2) and translation */
    V mm[12];          /* the mid matrix's, the same way */
    V me[3];           /* the end matrix's translation */
    V qs[4], qm[4];    /* the rotations */
    V target[3], pole[3], mid_axis[3]; /* pole and mid_axis: the defaults in place of zero */
    V weight, soften;
    V twist_cos, twist_sin; /* the twist's rotation: cos and sin of its half angle, (1, 0) for none */
    M twisted;         /* the lanes with a twist */
} IK_L(lanes_in);

/* The local rotations of each lane, out[0 .. 3] start, out[4 .. 7] mid, and whether it reached. */
IK_TARGET static void IK_L(solve_lanes)(const IK_L(lanes_in) *in, V out[8], M *reached)
{
    const V *ms = in->ms, *mm = in->mm;
    V zero = IK_L(splat)(0.0), one = IK_L(splat)(1.0);
    LV3 s = {ms[9], ms[10], ms[11]}, m = {mm[9], mm[10], mm[11]}, e = {in->me[0], in->me[1], in->me[2]};
    LV3 u = IK_L(sub)(m, s), v = IK_L(sub)(e, m);
    V a2 = IK_L(dot)(u, u), b2 = IK_L(dot)(v, v);
    V ks2 = ms[0] * ms[0] + ms[1] * ms[1] + ms[2] * ms[2];
    V ks = IK_SQRT(ks2);
    LV3 axis_local = {in->mid_axis[0], in->mid_axis[1], in->mid_axis[2]};
    LV3 axis = {mm[0] * axis_local.x + mm[3] * axis_local.y + mm[6] * axis_local.z,
                mm[1] * axis_local.x + mm[4] * axis_local.y + mm[7] * axis_local.z,
                mm[2] * axis_local.x + mm[5] * axis_local.y + mm[8] * axis_local.z};
    axis_local = IK_L(mul)(axis_local, 1.0 / IK_SQRT(IK_L(dot)(axis_local, axis_local)));
    axis = IK_L(mul)(axis, 1.0 / IK_SQRT(IK_L(dot)(axis, axis)));

    /* solve_two_bone */
    V weight = in->weight;
    V a = IK_SQRT(a2), b = IK_SQRT(b2), chain = a + b;
    V da = chain * (1.0 - in->soften), ds = chain - da;
    LV3 target = {in->target[0], in->target[1], in->target[2]};
    LV3 d = IK_L(sub)(target, s);
    V dist2 = IK_L(dot)(d, d), dist = IK_SQRT(dist2);
    V inv_dist = 1.0 / dist, half_rlen = 0.5 / (a * b);
    LV3 line = IK_L(mul)(d, IK_SEL(dist > zero, inv_dist, zero));
    V a_b = IK_L(vabs)(a - b);
    *reached = ~(dist > da) & (dist > a_b) & (weight >= one);
    M soft = (dist > da) & (ds > zero);
    V r3 = 3.0 * ds / (dist - da + 3.0 * ds), r3_2 = r3 * r3;
    V soft_dist = da + ds - ds * r3_2 * r3_2;
    dist = IK_SEL(soft, soft_dist, dist);
    d = IK_L(sel3)(soft, IK_L(mul)(line, soft_dist), d);
    dist2 = IK_SEL(soft, soft_dist * soft_dist, dist2);

    V cos_to = IK_L(clamp1)((a2 + b2 - dist2) * half_rlen);
    LV3 se = IK_L(add)(u, v);
    V cos_from = IK_L(clamp1)((a2 + b2 - IK_L(dot)(se, se)) * half_rlen);
    V ch_to = IK_SQRT(0.5 * (1.0 + cos_to)), sh_to = IK_SQRT(0.5 * (1.0 - cos_to));
    V ch_from = IK_SQRT(0.5 * (1.0 + cos_from)), sh_from = IK_SQRT(0.5 * (1.0 - cos_from));
    sh_from = IK_SEL(IK_L(dot)(IK_L(cross)(u, axis), v) < zero, -sh_from, sh_from);
    V half_c = ch_to * ch_from + sh_to * sh_from, half_s = sh_to * ch_from - ch_to * sh_from;
    LQ tmid = {axis.x * half_s, axis.y * half_s, axis.z * half_s, half_c};

    V from_len = IK_SEL(dist > a_b, dist, a_b);
    from_len = IK_SEL(from_len < chain, from_len, chain);
    LQ tstart = IK_L(q_from_vectors_n)(IK_L(add)(u, IK_L(q_rot)(tmid, v)), d, from_len * dist);
    V start2 = IK_L(q_len2)(tstart);
    {
        LV3 pole = {in->pole[0], in->pole[1], in->pole[2]};
        LV3 ref_normal = IK_L(cross)(d, pole), normal = IK_L(q_rot_scaled)(tstart, axis);
        V ref2 = IK_L(dot)(ref_normal, ref_normal);
        LQ turn = IK_L(q_turn_about)(normal, ref_normal, line, IK_SQRT(ref2 * IK_L(dot)(axis, axis)) * start2);
        /* ik.c's test of a pole along the line, in the same operations */
        M turns = (dist2 > zero) & (ref2 > IK_L(splat)(1e-20) * IK_L(dot)(d, d) * IK_L(dot)(pole, pole));
        tstart = IK_L(selq)(turns, IK_L(q_mul)(turn, tstart), tstart);
        start2 = IK_SEL(turns, start2 * IK_L(q_len2)(turn), start2);
        LQ twist = {line.x * in->twist_sin, line.y * in->twist_sin, line.z * in->twist_sin, in->twist_cos};
        tstart = IK_L(selq)((dist2 > zero) & in->twisted, IK_L(q_mul)(twist, tstart), tstart);
    }
    tstart = IK_L(q_weighted)(tstart, weight);
    tmid = IK_L(q_weighted)(tmid, weight);

    /* two_bone_world's write-back */
    LV3 axis_s = {ms[0] * tstart.x + ms[1] * tstart.y + ms[2] * tstart.z,
                  ms[3] * tstart.x + ms[4] * tstart.y + ms[5] * tstart.z,
                  ms[6] * tstart.x + ms[7] * tstart.y + ms[8] * tstart.z};
    LQ qs = {in->qs[0], in->qs[1], in->qs[2], in->qs[3]}, qm = {in->qm[0], in->qm[1], in->qm[2], in->qm[3]};
    LQ start = IK_L(q_mul)(qs, (LQ){axis_s.x, axis_s.y, axis_s.z, ks * tstart.w});
    V turn = IK_L(dot)((LV3){tmid.x, tmid.y, tmid.z}, axis);
    LQ mid = IK_L(q_mul)(qm, (LQ){axis_local.x * turn, axis_local.y * turn, axis_local.z * turn, tmid.w});
    V inv_s = 1.0 / IK_SQRT(IK_L(q_len2)(start)), inv_m = 1.0 / IK_SQRT(IK_L(q_len2)(mid));
    out[0] = start.x * inv_s, out[1] = start.y * inv_s, out[2] = start.z * inv_s, out[3] = start.w * inv_s;
    out[4] = mid.x * inv_m, out[5] = mid.y * inv_m, out[6] = mid.z * inv_m, out[7] = mid.w * inv_m;
}

/* descs[0 .. n) (n <= IK_W, checked, no rotation shared) solved a lane each and written, as
 * ta_ik_two_bone_world writes them; their results into out (NULL: none). Lanes past n repeat the last. */
IK_TARGET static void IK_L(run_group)(const ta_ik_two_bone_world_desc *descs, uint32_t n, ta_ik_result *out)
{
    IK_L(lanes_in) in;
    for (uint32_t l = 0; l < IK_W; ++l) {
        const ta_ik_two_bone_world_desc *d = &descs[l < n ? l : n - 1];
        const float *ms = d->start_world->m, *mm = d->mid_world->m, *me = d->end_world->m;
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r) in.ms[3 * c + r][l] = ms[4 * c + r], in.mm[3 * c + r][l] = mm[4 * c + r];
        for (int r = 0; r < 3; ++r) in.ms[9 + r][l] = ms[12 + r], in.mm[9 + r][l] = mm[12 + r], in.me[r][l] = me[12 + r];
        const float *qs = &d->start_rotation->x, *qm = &d->mid_rotation->x;
        for (int k = 0; k < 4; ++k) in.qs[k][l] = qs[k], in.qm[k][l] = qm[k];
        ta_vec3 pole = ta__ik_nonzero_or(d->pole, ta_vec3_make(0, 1, 0)),
                axis = ta__ik_nonzero_or(d->mid_axis, ta_vec3_make(0, 0, 1));
        in.target[0][l] = d->target.x, in.target[1][l] = d->target.y, in.target[2][l] = d->target.z;
        in.pole[0][l] = pole.x, in.pole[1][l] = pole.y, in.pole[2][l] = pole.z;
        in.mid_axis[0][l] = axis.x, in.mid_axis[1][l] = axis.y, in.mid_axis[2][l] = axis.z;
        in.weight[l] = d->weight, in.soften[l] = d->soften;
        in.twist_cos[l] = 1.0, in.twist_sin[l] = 0.0, in.twisted[l] = 0;
        if (d->twist != 0.0f) {
            double c, s;
            ta__sincos((double)d->twist, &s, &c);
            in.twist_cos[l] = sqrt(fmax(0.0, 0.5 * (1.0 + c)));
            in.twist_sin[l] = copysign(sqrt(fmax(0.0, 0.5 * (1.0 - c))), s);
            in.twisted[l] = -1;
        }
    }
    V q[8];
    M reached;
    IK_L(solve_lanes)(&in, q, &reached);
    for (uint32_t l = 0; l < n; ++l) {
        const ta_ik_two_bone_world_desc *d = &descs[l];
        if (d->weight != 0.0f) {
            *d->start_rotation = (ta_quat){(float)q[0][l], (float)q[1][l], (float)q[2][l], (float)q[3][l]};
            *d->mid_rotation = (ta_quat){(float)q[4][l], (float)q[5][l], (float)q[6][l], (float)q[7][l]};
        }
        if (out != NULL) out[l].reached = d->weight != 0.0f && reached[l] != 0;
    }
}

#undef IK_FN
#undef LQ
#undef LV3
#undef M
#undef V
