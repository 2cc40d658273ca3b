/* Inverse kinematics (ik.h), checked on what the world pass makes of the
 * corrected scene: a two-bone chain under random uniformly scaled ancestors
 * puts its end on every reachable target with its bones' lengths kept and its
 * middle joint in the pole's plane, on the pole's side; lies straight towards
 * a target out of reach; falls behind a far target as the soften formula of
 * ik.h says; an aimed node points its forward axis from its offset point at
 * the target, its up axis in the plane of the aiming line and the pole; weight
 * 0 leaves every bit of the scene; and each refusal names what it refuses and
 * changes nothing. The batch of world chains gives each chain what one call
 * gives. Random cases come from fixed seeds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ta_test.h"
#include "threeanim/threeanim.h"

#define CASES 1000

typedef struct d3 { double x, y, z; } d3;
static d3 d3_sub(d3 a, d3 b) { return (d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static d3 d3_add(d3 a, d3 b) { return (d3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static d3 d3_mul(d3 a, double s) { return (d3){a.x * s, a.y * s, a.z * s}; }
static double d3_dot(d3 a, d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double d3_len(d3 a) { return sqrt(d3_dot(a, a)); }
static d3 d3_cross(d3 a, d3 b) { return (d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static d3 d3_unit(d3 a) { return d3_mul(a, 1.0 / d3_len(a)); }
static double angle(d3 a, d3 b) { return atan2(d3_len(d3_cross(a, b)), d3_dot(a, b)); }
static ta_vec3 to_vec3(d3 a) { return ta_vec3_make((float)a.x, (float)a.y, (float)a.z); }
static d3 of_vec3(ta_vec3 v) { return (d3){v.x, v.y, v.z}; }

static double uniform(ta_seeded_random *r, double lo, double hi) { return lo + (hi - lo) * ta_seeded_random_next(r); }
static d3 random_unit(ta_seeded_random *r)
{
    for (;;) {
        d3 v = {uniform(r, -1, 1), uniform(r, -1, 1), uniform(r, -1, 1)};
        double l = d3_len(v);
        if (l > 0.1 && l <= 1.0) return d3_mul(v, 1.0 / l);
    }
}
static ta_quat random_quat(ta_seeded_random *r)
{
    for (;;) {
        double q[4], l2 = 0;
        for (int k = 0; k < 4; ++k) {
            q[k] = uniform(r, -1, 1);
            l2 += q[k] * q[k];
        }
        if (l2 > 0.01 && l2 <= 1.0) {
            double l = sqrt(l2);
            return ta_quat_make((float)(q[0] / l), (float)(q[1] / l), (float)(q[2] / l), (float)(q[3] / l));
        }
    }
}
/* v turned by the inverse of q. */
static d3 unrotate(ta_quat q, d3 v)
{
    d3 u = {-q.x, -q.y, -q.z};
    d3 t = d3_mul(d3_cross(u, v), 2.0);
    return d3_add(d3_add(v, d3_mul(t, q.w)), d3_cross(u, t));
}

/* A node under parent with a random rotation, position (at distance lo..hi) and uniform scale. */
static ta_node_id random_node(ta_scene *scene, ta_node_id parent, ta_seeded_random *r, double lo, double hi)
{
    ta_error err = {0};
    ta_node_id id;
    TA_ASSERT_OK(ta_scene_add_node(scene, parent, "joint", &id, &err), &err);
    ta_node *n = ta_scene_node(scene, id);
    n->position = to_vec3(d3_mul(random_unit(r), uniform(r, lo, hi)));
    n->quaternion = random_quat(r);
    float k = (float)uniform(r, 0.7, 1.4);
    n->scale = ta_vec3_make(k, k, k);
    return id;
}

typedef struct chain {
    ta_scene *scene;
    ta_pose *pose;
    ta_mat4 *world;
    ta_node_id start, mid, end;
    ta_vec3 mid_axis; /* opens the angle between the bones, square to both */
} chain;

/* A chain of three joints under 0 to 3 random ancestors. */
static chain random_chain(ta_seeded_random *r)
{
    chain c;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(NULL, &c.scene, &err), &err);
    ta_node_id parent = ta_node_none();
    uint32_t depth = ta_seeded_random_next_u32(r) % 4;
    for (uint32_t k = 0; k < depth; ++k) parent = random_node(c.scene, parent, r, 0.0, 0.5);
    c.start = random_node(c.scene, parent, r, 0.0, 0.5);
    c.mid = random_node(c.scene, c.start, r, 0.4, 1.2);
    c.end = random_node(c.scene, c.mid, r, 0.4, 1.2);
    /* In the mid joint's space the first bone runs along R^-1 position(mid), the second along position(end). */
    const ta_node *mid = ta_scene_node_const(c.scene, c.mid), *end = ta_scene_node_const(c.scene, c.end);
    d3 first = unrotate(mid->quaternion, of_vec3(mid->position));
    c.mid_axis = to_vec3(d3_unit(d3_cross(of_vec3(end->position), first)));
    TA_ASSERT_OK(ta_pose_create(c.scene, NULL, &c.pose, &err), &err);
    c.world = calloc(c.scene->node_count, sizeof *c.world);
    assert_non_null(c.world);
    return c;
}
static void chain_free(chain *c)
{
    free(c->world);
    ta_pose_destroy(c->pose);
    ta_scene_destroy(c->scene);
}
static void world_pass(chain *c)
{
    ta_error err = {0};
    TA_ASSERT_OK(ta_pose_world_pass(c->pose, c->scene, ta_node_none(), c->world, c->scene->node_count, &err), &err);
}
static d3 world_pos(const chain *c, ta_node_id n)
{
    const float *m = c->world[n.index].m;
    return (d3){m[12], m[13], m[14]};
}
/* A world direction of node n's local axis. */
static d3 world_dir(const chain *c, ta_node_id n, ta_vec3 axis)
{
    const float *m = c->world[n.index].m;
    return d3_unit((d3){m[0] * axis.x + m[4] * axis.y + m[8] * axis.z, m[1] * axis.x + m[5] * axis.y + m[9] * axis.z,
                        m[2] * axis.x + m[6] * axis.y + m[10] * axis.z});
}
/* A pole not within ~6 degrees of the line along dir. */
static d3 random_pole(ta_seeded_random *r, d3 dir)
{
    for (;;) {
        d3 p = random_unit(r);
        if (d3_len(d3_cross(p, d3_unit(dir))) > 0.1) return p;
    }
}

typedef struct before { double a, b; d3 s; } before;
static before measure(chain *c)
{
    world_pass(c);
    d3 s = world_pos(c, c->start), m = world_pos(c, c->mid), e = world_pos(c, c->end);
    return (before){d3_len(d3_sub(m, s)), d3_len(d3_sub(e, m)), s};
}
static ta_ik_two_bone_desc two_bone_desc(const chain *c, d3 target, d3 pole)
{
    ta_ik_two_bone_desc d = {0};
    d.start = c->start;
    d.mid = c->mid;
    d.end = c->end;
    d.target = to_vec3(target);
    d.pole = to_vec3(pole);
    d.mid_axis = c->mid_axis;
    d.weight = 1.0f;
    return d;
}

/* The two ways to run IK: on the scene's nodes (ta_ik_two_bone, ta_ik_aim), or from the world matrices of a
 * world pass made just before (ta_ik_two_bone_world, ta_ik_aim_world), correcting the same nodes'
 * quaternions. Every property below is asserted of both. */
typedef enum route { NODES, WORLD } route;
static ta_ik_two_bone_world_desc two_bone_world_desc(chain *c, const ta_ik_two_bone_desc *d)
{
    return (ta_ik_two_bone_world_desc){.start_world = &c->world[d->start.index],
                                       .mid_world = &c->world[d->mid.index],
                                       .end_world = &c->world[d->end.index],
                                       .start_rotation = &c->scene->nodes[d->start.index].quaternion,
                                       .mid_rotation = &c->scene->nodes[d->mid.index].quaternion,
                                       .target = d->target, .pole = d->pole, .mid_axis = d->mid_axis,
                                       .weight = d->weight, .soften = d->soften, .twist = d->twist};
}
static ta_ik_aim_world_desc aim_world_desc(chain *c, const ta_ik_aim_desc *d)
{
    return (ta_ik_aim_world_desc){.world = &c->world[d->node.index],
                                  .rotation = &c->scene->nodes[d->node.index].quaternion,
                                  .target = d->target, .forward = d->forward, .up = d->up, .pole = d->pole,
                                  .offset = d->offset, .weight = d->weight, .twist = d->twist};
}
static ta_result run_two_bone(chain *c, route how, const ta_ik_two_bone_desc *d, ta_ik_result *res, ta_error *err)
{
    if (how == NODES) return ta_ik_two_bone(c->scene, d, res, err);
    world_pass(c);
    ta_ik_two_bone_world_desc w = two_bone_world_desc(c, d);
    return ta_ik_two_bone_world(&w, res, err);
}
static ta_result run_aim(chain *c, route how, const ta_ik_aim_desc *d, ta_ik_result *res, ta_error *err)
{
    if (how == NODES) return ta_ik_aim(c->scene, d, res, err);
    world_pass(c);
    ta_ik_aim_world_desc w = aim_world_desc(c, d);
    return ta_ik_aim_world(&w, res, err);
}

static void two_bone_reaches_every_reachable_target_in_the_poles_plane_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34001);
    double worst_reach = 0, worst_len = 0, worst_plane = 0;
    for (int i = 0; i < CASES; ++i) {
        chain c = random_chain(&r);
        before b = measure(&c);
        double lo = fabs(b.a - b.b), hi = b.a + b.b, margin = 1e-3 * hi;
        d3 dir = random_unit(&r);
        d3 target = d3_add(b.s, d3_mul(dir, uniform(&r, lo + margin, hi - margin)));
        d3 pole = random_pole(&r, dir);
        ta_ik_two_bone_desc desc = two_bone_desc(&c, target, pole);
        target = of_vec3(desc.target);
        /* Every other chain starts bent against its axis: the joint then bends the other way. */
        if (i % 2) desc.mid_axis = ta_vec3_make(-desc.mid_axis.x, -desc.mid_axis.y, -desc.mid_axis.z);
        ta_ik_result res = {false};
        ta_error err = {0};
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, &res, &err), &err);
        assert_true(res.reached);
        world_pass(&c);
        d3 s = world_pos(&c, c.start), m = world_pos(&c, c.mid), e = world_pos(&c, c.end);
        double reach = d3_len(d3_sub(e, target));
        double da = fabs(d3_len(d3_sub(m, s)) - b.a) / b.a, db = fabs(d3_len(d3_sub(e, m)) - b.b) / b.b;
        /* The plane of the start, the target and the pole, and the pole's side of the start-target line. */
        d3 line = d3_unit(d3_sub(target, s));
        d3 normal = d3_unit(d3_cross(line, pole));
        d3 side = d3_sub(pole, d3_mul(line, d3_dot(pole, line)));
        double plane = fabs(d3_dot(d3_sub(m, s), normal));
        assert_true(d3_dot(d3_sub(m, s), side) > 0);
        worst_reach = fmax(worst_reach, reach);
        worst_len = fmax(worst_len, fmax(da, db));
        worst_plane = fmax(worst_plane, plane);
        if (reach > 1e-5 || da > 1e-6 || db > 1e-6 || plane > 1e-5)
            fail_msg("case %d: end %.3g from the target, bones changed by %.3g and %.3g, mid %.3g off the plane", i,
                     reach, da, db, plane);
        chain_free(&c);
    }
    print_message("worst of %d chains: end %.3g from the target, bone length %.3g relative, mid %.3g off the plane\n",
                  CASES, worst_reach, worst_len, worst_plane);
}

static void two_bone_lies_straight_towards_a_target_out_of_reach_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34002);
    for (int i = 0; i < CASES; ++i) {
        chain c = random_chain(&r);
        before b = measure(&c);
        d3 dir = random_unit(&r);
        d3 target = d3_add(b.s, d3_mul(dir, (b.a + b.b) * uniform(&r, 1.001, 3.0)));
        ta_ik_two_bone_desc desc = two_bone_desc(&c, target, random_pole(&r, dir));
        target = of_vec3(desc.target);
        ta_ik_result res = {true};
        ta_error err = {0};
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, &res, &err), &err);
        assert_false(res.reached);
        world_pass(&c);
        d3 s = world_pos(&c, c.start), m = world_pos(&c, c.mid), e = world_pos(&c, c.end);
        double to_end = angle(d3_sub(e, s), d3_sub(target, s)), to_mid = angle(d3_sub(m, s), d3_sub(target, s));
        if (to_end > 1e-5 || to_mid > 1e-5)
            fail_msg("case %d: end %.3g rad and mid %.3g rad off the line to the target", i, to_end, to_mid);
        assert_true(fabs(d3_len(d3_sub(e, s)) - (b.a + b.b)) < 1e-5);
        chain_free(&c);
    }
}

/* ik.h's formula, written again from its words: past da = (1 - soften) L, a
 * target at da + ds x is taken at da + ds (1 - 3^4 / (x + 3)^4). */
static void two_bone_soften_falls_behind_far_targets_by_the_formula_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34003);
    int softened = 0;
    for (int i = 0; i < CASES; ++i) {
        chain c = random_chain(&r);
        before b = measure(&c);
        double chain_len = b.a + b.b, soften = uniform(&r, 0.05, 0.5);
        double da = chain_len * (1 - soften), ds = chain_len - da;
        double dist = uniform(&r, fmax(fabs(b.a - b.b) * 1.01, da * 0.8), chain_len * 2);
        d3 dir = random_unit(&r);
        ta_ik_two_bone_desc desc = two_bone_desc(&c, d3_add(b.s, d3_mul(dir, dist)), random_pole(&r, dir));
        desc.soften = (float)soften;
        soften = desc.soften;
        da = chain_len * (1 - soften);
        ds = chain_len - da;
        d3 target = of_vec3(desc.target);
        dist = d3_len(d3_sub(target, b.s));
        double expect = dist;
        if (dist > da) {
            double x = (dist - da) / ds;
            expect = da + ds * (1 - pow(3.0, 4) / pow(x + 3.0, 4));
            softened++;
        }
        ta_ik_result res;
        ta_error err = {0};
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, &res, &err), &err);
        assert_int_equal(res.reached, dist <= da);
        world_pass(&c);
        d3 e = world_pos(&c, c.end);
        d3 want = d3_add(b.s, d3_mul(d3_unit(d3_sub(target, b.s)), expect));
        double off = d3_len(d3_sub(e, want));
        if (off > 1e-5) fail_msg("case %d: end %.3g from where soften %.3g puts it", i, off, soften);
        chain_free(&c);
    }
    assert_true(softened > CASES / 3);
}

static void two_bone_twist_turns_the_chain_about_the_target_line_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34004);
    for (int i = 0; i < CASES / 4; ++i) {
        chain c = random_chain(&r);
        before b = measure(&c);
        d3 dir = random_unit(&r);
        d3 target = d3_add(b.s, d3_mul(dir, uniform(&r, fabs(b.a - b.b) + 0.01, b.a + b.b - 0.01)));
        ta_ik_two_bone_desc desc = two_bone_desc(&c, target, random_pole(&r, dir));
        target = of_vec3(desc.target);
        ta_node saved[3] = {c.scene->nodes[c.start.index], c.scene->nodes[c.mid.index], c.scene->nodes[c.end.index]};
        ta_error err = {0};
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, NULL, &err), &err);
        world_pass(&c);
        d3 m0 = world_pos(&c, c.mid);
        c.scene->nodes[c.start.index] = saved[0];
        c.scene->nodes[c.mid.index] = saved[1];
        desc.twist = (float)uniform(&r, -3, 3);
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, NULL, &err), &err);
        world_pass(&c);
        d3 m1 = world_pos(&c, c.mid), e = world_pos(&c, c.end);
        assert_true(d3_len(d3_sub(e, target)) < 1e-5);
        /* The angle from the untwisted mid to the twisted one about the start-to-target line. */
        d3 line = d3_unit(d3_sub(target, b.s));
        d3 p0 = d3_sub(d3_sub(m0, b.s), d3_mul(line, d3_dot(d3_sub(m0, b.s), line)));
        d3 p1 = d3_sub(d3_sub(m1, b.s), d3_mul(line, d3_dot(d3_sub(m1, b.s), line)));
        double turned = atan2(d3_dot(d3_cross(p0, p1), line), d3_dot(p0, p1));
        if (fabs(turned - desc.twist) > 1e-4)
            fail_msg("case %d: twist %.6f turned the mid by %.6f", i, (double)desc.twist, turned);
        chain_free(&c);
    }
}

static void aim_points_forward_at_the_target_and_up_towards_the_pole_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34005);
    double worst = 0;
    for (int i = 0; i < CASES; ++i) {
        chain c = random_chain(&r);
        world_pass(&c);
        ta_node_id node = c.mid;
        d3 origin = world_pos(&c, node);
        d3 dir = random_unit(&r);
        d3 target = d3_add(origin, d3_mul(dir, uniform(&r, 1.0, 3.0)));
        ta_ik_aim_desc desc = {0};
        desc.node = node;
        desc.target = to_vec3(target);
        desc.forward = to_vec3(random_unit(&r));
        desc.up = to_vec3(random_pole(&r, of_vec3(desc.forward)));
        desc.pole = to_vec3(random_pole(&r, dir));
        desc.offset = to_vec3(d3_mul(random_unit(&r), uniform(&r, 0.0, 0.3)));
        desc.weight = 1.0f;
        target = of_vec3(desc.target);
        ta_ik_result res = {false};
        ta_error err = {0};
        TA_ASSERT_OK(run_aim(&c, how, &desc, &res, &err), &err);
        assert_true(res.reached);
        world_pass(&c);
        const float *m = c.world[node.index].m;
        d3 o = of_vec3(desc.offset);
        d3 from = {m[0] * o.x + m[4] * o.y + m[8] * o.z + m[12], m[1] * o.x + m[5] * o.y + m[9] * o.z + m[13],
                   m[2] * o.x + m[6] * o.y + m[10] * o.z + m[14]};
        double off = angle(world_dir(&c, node, desc.forward), d3_sub(target, from));
        d3 line = d3_unit(d3_sub(target, world_pos(&c, node))), pole = of_vec3(desc.pole);
        d3 up = world_dir(&c, node, desc.up);
        double plane = fabs(d3_dot(up, d3_unit(d3_cross(line, pole))));
        d3 side = d3_sub(pole, d3_mul(line, d3_dot(pole, line)));
        assert_true(d3_dot(up, side) > 0);
        if (off > 1e-5 || plane > 1e-5) fail_msg("case %d: forward %.3g rad off, up %.3g off the plane", i, off, plane);
        worst = fmax(worst, off);
        chain_free(&c);
    }
    print_message("worst of %d aims: %.3g rad\n", CASES, worst);
}

static void aim_cannot_aim_at_a_target_inside_its_offset_by(route how)
{
    chain c;
    ta_seeded_random r = ta_seeded_random_make(34006);
    c = random_chain(&r);
    world_pass(&c);
    ta_ik_aim_desc desc = {0};
    desc.node = c.start;
    desc.offset = ta_vec3_make(0, 2, 0); /* 2 (times the scale) from the aiming line along x */
    desc.target = to_vec3(world_pos(&c, c.start));
    desc.target.x += 0.1f;
    desc.weight = 1.0f;
    ta_node kept = c.scene->nodes[c.start.index];
    ta_ik_result res = {true};
    ta_error err = {0};
    TA_ASSERT_OK(run_aim(&c, how, &desc, &res, &err), &err);
    assert_false(res.reached);
    assert_memory_equal(&kept, &c.scene->nodes[c.start.index], sizeof kept);
    chain_free(&c);
}

static void weight_zero_leaves_every_bit_and_weight_between_blends_by(route how)
{
    ta_seeded_random r = ta_seeded_random_make(34007);
    for (int i = 0; i < CASES; ++i) {
        chain c = random_chain(&r);
        before b = measure(&c);
        d3 dir = random_unit(&r);
        ta_ik_two_bone_desc desc = two_bone_desc(&c, d3_add(b.s, d3_mul(dir, b.a)), random_pole(&r, dir));
        desc.weight = 0.0f;
        desc.soften = 0.3f;
        desc.twist = 1.0f;
        size_t bytes = c.scene->node_count * sizeof(ta_node);
        ta_node *copy = malloc(bytes);
        assert_non_null(copy);
        memcpy(copy, c.scene->nodes, bytes);
        ta_ik_result res = {true};
        ta_error err = {0};
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, &res, &err), &err);
        assert_false(res.reached);
        assert_memory_equal(copy, c.scene->nodes, bytes);
        ta_ik_aim_desc aim = {0};
        aim.node = c.mid;
        aim.target = desc.target;
        res.reached = true;
        TA_ASSERT_OK(run_aim(&c, how, &aim, &res, &err), &err);
        assert_false(res.reached);
        assert_memory_equal(copy, c.scene->nodes, bytes);

        /* Half the weight: the start joint turns by about half the full correction, and reaches nothing. */
        desc.weight = 1.0f;
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, NULL, &err), &err);
        ta_quat full = c.scene->nodes[c.start.index].quaternion;
        memcpy(c.scene->nodes, copy, bytes);
        desc.weight = 0.5f;
        TA_ASSERT_OK(run_two_bone(&c, how, &desc, &res, &err), &err);
        assert_false(res.reached);
        ta_quat half = c.scene->nodes[c.start.index].quaternion, q0 = copy[c.start.index].quaternion;
        double cos_full = fabs(q0.x * full.x + q0.y * full.y + q0.z * full.z + q0.w * full.w);
        double cos_half = fabs(q0.x * half.x + q0.y * half.y + q0.z * half.z + q0.w * half.w);
        double turn_full = 2 * acos(fmin(1.0, cos_full)), turn_half = 2 * acos(fmin(1.0, cos_half));
        /* nlerp's half is half the angle when the correction is small, and no more than it otherwise. */
        if (turn_full > 1e-3) {
            assert_true(turn_half < turn_full);
            assert_true(turn_half > 0.25 * turn_full);
        }
        free(copy);
        chain_free(&c);
    }
}

static void two_bone_reaches_every_reachable_target_in_the_poles_plane(void **state)
{
    (void)state;
    two_bone_reaches_every_reachable_target_in_the_poles_plane_by(NODES);
}
static void two_bone_world_reaches_every_reachable_target_in_the_poles_plane(void **state)
{
    (void)state;
    two_bone_reaches_every_reachable_target_in_the_poles_plane_by(WORLD);
}
static void two_bone_lies_straight_towards_a_target_out_of_reach(void **state)
{
    (void)state;
    two_bone_lies_straight_towards_a_target_out_of_reach_by(NODES);
}
static void two_bone_world_lies_straight_towards_a_target_out_of_reach(void **state)
{
    (void)state;
    two_bone_lies_straight_towards_a_target_out_of_reach_by(WORLD);
}
static void two_bone_soften_falls_behind_far_targets_by_the_formula(void **state)
{
    (void)state;
    two_bone_soften_falls_behind_far_targets_by_the_formula_by(NODES);
}
static void two_bone_world_soften_falls_behind_far_targets_by_the_formula(void **state)
{
    (void)state;
    two_bone_soften_falls_behind_far_targets_by_the_formula_by(WORLD);
}
static void two_bone_twist_turns_the_chain_about_the_target_line(void **state)
{
    (void)state;
    two_bone_twist_turns_the_chain_about_the_target_line_by(NODES);
}
static void two_bone_world_twist_turns_the_chain_about_the_target_line(void **state)
{
    (void)state;
    two_bone_twist_turns_the_chain_about_the_target_line_by(WORLD);
}
static void aim_points_forward_at_the_target_and_up_towards_the_pole(void **state)
{
    (void)state;
    aim_points_forward_at_the_target_and_up_towards_the_pole_by(NODES);
}
static void aim_world_points_forward_at_the_target_and_up_towards_the_pole(void **state)
{
    (void)state;
    aim_points_forward_at_the_target_and_up_towards_the_pole_by(WORLD);
}
static void aim_cannot_aim_at_a_target_inside_its_offset(void **state)
{
    (void)state;
    aim_cannot_aim_at_a_target_inside_its_offset_by(NODES);
}
static void aim_world_cannot_aim_at_a_target_inside_its_offset(void **state)
{
    (void)state;
    aim_cannot_aim_at_a_target_inside_its_offset_by(WORLD);
}
static void weight_zero_leaves_every_bit_and_weight_between_blends(void **state)
{
    (void)state;
    weight_zero_leaves_every_bit_and_weight_between_blends_by(NODES);
}
static void world_weight_zero_leaves_every_bit_and_weight_between_blends(void **state)
{
    (void)state;
    weight_zero_leaves_every_bit_and_weight_between_blends_by(WORLD);
}

/* What a refusal test starts from: a chain, a desc of each kind that passes, and a copy of the nodes to
 * compare with. */
typedef struct refusal_case {
    chain c;
    ta_ik_two_bone_desc two_bone;
    ta_ik_aim_desc aim;
    ta_node *copy;
    size_t bytes;
} refusal_case;
static refusal_case refusal_case_make(uint32_t seed)
{
    refusal_case k;
    ta_seeded_random r = ta_seeded_random_make(seed);
    k.c = random_chain(&r);
    before b = measure(&k.c);
    k.two_bone = two_bone_desc(&k.c, d3_add(b.s, (d3){b.a, 0, 0}), (d3){0, 1, 0});
    k.aim = (ta_ik_aim_desc){.node = k.c.mid, .target = ta_vec3_make(5, 5, 5), .weight = 1.0f};
    k.bytes = k.c.scene->node_count * sizeof(ta_node);
    k.copy = malloc(k.bytes);
    assert_non_null(k.copy);
    memcpy(k.copy, k.c.scene->nodes, k.bytes);
    return k;
}

/* Each refusal: its code, a message naming the argument and value, and the nodes unchanged. */
static void refusals_name_what_they_refuse_and_change_nothing(void **state)
{
    (void)state;
    refusal_case k = refusal_case_make(34008);
    chain c = k.c;
    const ta_ik_two_bone_desc good = k.two_bone;
    const ta_ik_aim_desc aim = k.aim;
    ta_node *copy = k.copy;
    size_t bytes = k.bytes;
    ta_error err = {0};
    ta_ik_two_bone_desc d;
    ta_ik_aim_desc a;

    TA_ASSERT_REFUSED(ta_ik_two_bone(NULL, &good, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    d = good, d.end = ta_node_at(99);
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_MISSING_TARGET,
                      "desc.end: node 99 is not in the scene");
    d = good, d.mid = good.end, d.end = good.mid;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "is not a child of desc.start");
    d = good, d.end = good.start;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "is not a child of desc.mid");
    d = good, d.target.y = NAN;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.target: (");
    d = good, d.pole.z = INFINITY;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.pole: (0, 1, inf)");
    d = good, d.mid_axis.x = NAN;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.mid_axis");
    d = good, d.weight = 1.5f;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.weight: 1.5 is outside [0, 1]");
    d = good, d.weight = NAN;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.weight: is NaN");
    d = good, d.soften = -0.25f;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.soften: -0.25 is outside [0, 1]");
    d = good, d.twist = INFINITY;
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.twist: inf");
    assert_memory_equal(copy, c.scene->nodes, bytes);

    /* Scales: a non-uniform one on an ancestor, then on the mid joint; a bone of length 0. */
    ta_node_id top = c.start;
    while (!ta_node_is_none(c.scene->nodes[top.index].parent)) top = c.scene->nodes[top.index].parent;
    ta_node *n = top.index == c.start.index ? &c.scene->nodes[c.start.index] : &c.scene->nodes[top.index];
    n->scale.y *= 2.0f;
    memcpy(copy, c.scene->nodes, bytes);
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &good, NULL, &err), &err, TA_ERROR_UNSUPPORTED,
                      "not one positive scale on every axis");
    TA_ASSERT_CONTAINS(err.message, "desc.start: ");
    assert_memory_equal(copy, c.scene->nodes, bytes);
    a = aim, a.node = c.end;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_UNSUPPORTED, "desc.node: its ancestor node");
    n->scale.y = n->scale.x;
    c.scene->nodes[c.mid.index].scale.z = -c.scene->nodes[c.mid.index].scale.z;
    memcpy(copy, c.scene->nodes, bytes);
    char named[64];
    snprintf(named, sizeof named, "desc.mid: node %u \"joint\" has scale (", c.mid.index);
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &good, NULL, &err), &err, TA_ERROR_UNSUPPORTED, named);
    assert_memory_equal(copy, c.scene->nodes, bytes);
    c.scene->nodes[c.mid.index].scale.z = -c.scene->nodes[c.mid.index].scale.z;
    c.scene->nodes[c.end.index].position = ta_vec3_make(0, 0, 0);
    memcpy(copy, c.scene->nodes, bytes);
    TA_ASSERT_REFUSED(ta_ik_two_bone(c.scene, &good, NULL, &err), &err, TA_ERROR_BAD_STATE, "has length 0");
    assert_memory_equal(copy, c.scene->nodes, bytes);

    TA_ASSERT_REFUSED(ta_ik_aim(NULL, &aim, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    a = aim, a.node = ta_node_at(7);
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_MISSING_TARGET, "desc.node: node 7");
    a = aim, a.forward.x = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.forward");
    a = aim, a.up.y = INFINITY;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.up");
    a = aim, a.offset.z = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.offset");
    a = aim, a.weight = -0.5f;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.weight: -0.5 is outside [0, 1]");
    a = aim, a.twist = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim(c.scene, &a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.twist");
    assert_memory_equal(copy, c.scene->nodes, bytes);
    free(copy);
    chain_free(&c);
}

/* The world calls' refusals: each names the field (and the matrix element), and writes no rotation. */
static void world_refusals_name_what_they_refuse_and_change_nothing(void **state)
{
    (void)state;
    refusal_case k = refusal_case_make(34009);
    chain c = k.c;
    const ta_ik_two_bone_world_desc good = two_bone_world_desc(&c, &k.two_bone);
    const ta_ik_aim_world_desc aim = aim_world_desc(&c, &k.aim);
    ta_node *copy = k.copy;
    size_t bytes = k.bytes;
    ta_error err = {0};
    ta_ik_two_bone_world_desc d;
    ta_ik_aim_world_desc a;
    ta_mat4 m;

    TA_ASSERT_REFUSED(ta_ik_two_bone_world(NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    d = good, d.mid_world = NULL;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc.mid_world: is NULL");
    d = good, d.end_world = NULL;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc.end_world: is NULL");
    d = good, d.start_rotation = NULL;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.start_rotation: is NULL");
    d = good, d.mid_rotation = d.start_rotation;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.mid_rotation: is desc.start_rotation");
    d = good, d.target.y = NAN;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.target: (");
    d = good, d.pole.z = INFINITY;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.pole: (0, 1, inf)");
    d = good, d.mid_axis.x = NAN;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.mid_axis");
    d = good, d.weight = 1.5f;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.weight: 1.5 is outside [0, 1]");
    d = good, d.soften = -0.25f;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.soften: -0.25 is outside [0, 1]");
    d = good, d.twist = INFINITY;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.twist: inf");
    assert_memory_equal(copy, c.scene->nodes, bytes);

    /* The rotations and the matrices: a NaN, a zero quaternion, each matrix's element, a scale that is not
     * uniform, a mirror, a bone of length 0. */
    ta_quat q = {NAN, 0, 0, 1};
    d = good, d.mid_rotation = &q;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "*desc.mid_rotation: (nan, 0, 0, 1) is not finite");
    q = (ta_quat){0, 0, 0, 0};
    d = good, d.start_rotation = &q;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_BAD_STATE,
                      "*desc.start_rotation: (0, 0, 0, 0) is of length 0");
    m = *good.start_world, m.m[6] = INFINITY;
    d = good, d.start_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "*desc.start_world: element 6 (column 1, row 2) is inf");
    m = *good.end_world, m.m[13] = NAN;
    d = good, d.end_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "*desc.end_world: element 13 (column 3, row 1) is nan");
    m = *good.mid_world;
    for (int i = 4; i < 8; ++i) m.m[i] *= 1.01f; /* a second column 1% longer than the others */
    d = good, d.mid_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_UNSUPPORTED,
                      "*desc.mid_world: its columns' squared lengths (");
    m = *good.mid_world;
    for (int i = 0; i < 4; ++i) m.m[i] = -m.m[i]; /* a mirror: columns square and of one length */
    d = good, d.mid_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_UNSUPPORTED, "not a rotation times one");
    m = *good.end_world;
    memcpy(&m.m[12], &good.mid_world->m[12], 3 * sizeof(float));
    d = good, d.end_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world(&d, NULL, &err), &err, TA_ERROR_BAD_STATE,
                      "*desc.end_world: its translation is that of *desc.mid_world: a bone of length 0");
    assert_memory_equal(copy, c.scene->nodes, bytes);

    TA_ASSERT_REFUSED(ta_ik_aim_world(NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    a = aim, a.world = NULL;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc.world: is NULL");
    a = aim, a.rotation = NULL;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc.rotation: is NULL");
    a = aim, a.forward.x = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.forward");
    a = aim, a.offset.z = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.offset");
    a = aim, a.weight = -0.5f;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "desc.weight: -0.5 is outside [0, 1]");
    a = aim, a.twist = NAN;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "desc.twist");
    q = (ta_quat){0, INFINITY, 0, 1};
    a = aim, a.rotation = &q;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER, "*desc.rotation: (0, inf, 0, 1)");
    m = *aim.world, m.m[14] = -INFINITY;
    a = aim, a.world = &m;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "*desc.world: element 14 (column 3, row 2) is -inf");
    m = *aim.world, m.m[8] += 0.1f * (fabsf(m.m[0]) + fabsf(m.m[1]) + fabsf(m.m[2])); /* columns not square */
    a = aim, a.world = &m;
    TA_ASSERT_REFUSED(ta_ik_aim_world(&a, NULL, &err), &err, TA_ERROR_UNSUPPORTED, "*desc.world: its columns'");
    assert_memory_equal(copy, c.scene->nodes, bytes);
    free(copy);
    chain_free(&c);
}

/* A pole along the line from the start joint to the target gives no plane to bend in. What is left
 * of their cross product is rounding, which the batch's lanes (fused multiply-adds) and the one call
 * left differently: the batch turned the chain into a plane of its own, a component 0.7 from the
 * call's (found by fuzzing the batch against the calls; these are that input's numbers: the start
 * at the origin, the target and the pole on the line through (1, 1, 1)). Both now keep the plane
 * the chain bent in. Two copies, so that the batch takes its lanes. */
static void batch_and_call_agree_with_a_pole_along_the_line(void **state)
{
    (void)state;
    const ta_mat4 start = {{0.133912653f, 1.3853941f, -0.673721552f, 0, -1.04911649f, 0.5772205f, 0.978427649f, 0,
                            1.12808323f, 0.372357041f, 0.989913285f, 0, 0, 0, 0, 1}};
    const ta_mat4 mid = {{-0.28596434f, -0.618750274f, 1.464921f, 0, -0.95528543f, 1.25677013f, 0.344352752f, 0,
                          -1.27132809f, -0.805169046f, -0.58825922f, 0, 0.8796978f, -1.53705657f, -1.77079427f, 1}};
    const ta_mat4 end = {{0.0882196203f, -0.144509852f, -0.0921702012f, 0, 0.119895883f, -0.0220519807f,
                          0.149331316f, 0, -0.122488476f, -0.125665262f, 0.0797869861f, 0, -1.32941175f,
                          -1.32941175f, -1.33344018f, 1}};
    ta_quat one[2][2], many[2][2];
    ta_ik_two_bone_world_desc d[2];
    ta_error err = {0};
    for (int i = 0; i < 2; ++i) {
        one[i][0] = many[i][0] = ta_quat_make(0.25874722f, 0.94790566f, 0.247058868f, 0.555931926f);
        one[i][1] = many[i][1] = ta_quat_make(0.666620851f, 0.447135091f, -0.419272125f, 0.881864667f);
        d[i] = (ta_ik_two_bone_world_desc){.start_world = &start, .mid_world = &mid, .end_world = &end,
                                          .start_rotation = &one[i][0], .mid_rotation = &one[i][1],
                                          .target = ta_vec3_make(-2.65882349f, -2.65882349f, -2.65882349f),
                                          .pole = ta_vec3_make(-0.886274457f, -0.886274457f, -0.886274457f),
                                          .mid_axis = ta_vec3_make(-0.447486043f, -1.43315792f, -0.886274457f),
                                          .weight = 1.0f, .soften = 0.806591868f, .twist = -1.82917547f};
        TA_ASSERT_OK(ta_ik_two_bone_world(&d[i], NULL, &err), &err);
        d[i].start_rotation = &many[i][0], d[i].mid_rotation = &many[i][1];
    }
    TA_ASSERT_OK(ta_ik_two_bone_world_batch(d, 2, NULL, &err), &err);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            const float *a = &one[i][j].x, *b = &many[i][j].x;
            for (int k = 0; k < 4; ++k)
                if (!(fabsf(a[k] - b[k]) <= 1e-6f)) fail_msg("chain %d, rotation %d, component %d: %.9g, the batch %.9g", i, j, k, (double)a[k], (double)b[k]);
        }
}

/* ta_ik_two_bone_world_batch: groups of random chains (every kind of desc: reachable and out of reach,
 * weights 0, 0.5 and 1, soften, twist, zero poles and mid axes), in batches of every length from 1 to 19 so
 * that the lanes' groups end full and part full. Each chain's rotations equal one call's within 1e-6 a
 * component and its reached flag is the call's; weight 0 writes nothing; a reachable target, at full weight
 * with no soften, is reached within 1e-5 after the world pass. */
enum { BATCH_MAX = 19 };
static void batch_gives_each_chain_what_one_call_gives(void **state)
{
    (void)state;
    ta_seeded_random r = ta_seeded_random_make(34011);
    double worst = 0, worst_reach = 0;
    int reached_checked = 0;
    for (int round = 0; round < 60; ++round) {
        uint32_t n = 1 + (uint32_t)round % BATCH_MAX;
        chain c[BATCH_MAX];
        ta_ik_two_bone_world_desc d[BATCH_MAX];
        ta_quat before_s[BATCH_MAX], before_m[BATCH_MAX], one_s[BATCH_MAX], one_m[BATCH_MAX];
        ta_ik_result one[BATCH_MAX], many[BATCH_MAX];
        bool plain[BATCH_MAX];
        d3 target[BATCH_MAX];
        for (uint32_t i = 0; i < n; ++i) {
            c[i] = random_chain(&r);
            before b = measure(&c[i]);
            d3 dir = random_unit(&r);
            double reach = ta_seeded_random_next(&r) < 0.7 ? uniform(&r, fabs(b.a - b.b) * 1.01 + 1e-3, (b.a + b.b) * 0.99)
                                                           : uniform(&r, (b.a + b.b) * 1.01, (b.a + b.b) * 2);
            target[i] = d3_add(b.s, d3_mul(dir, reach));
            ta_ik_two_bone_desc nd = two_bone_desc(&c[i], target[i], random_pole(&r, dir));
            uint32_t kind = ta_seeded_random_next_u32(&r) % 8;
            if (kind == 1) nd.weight = 0.0f;
            if (kind == 2) nd.weight = 0.5f;
            if (kind == 3) nd.soften = 0.3f;
            if (kind == 4) nd.twist = (float)uniform(&r, -3, 3);
            if (kind == 5) nd.pole = ta_vec3_make(0, 0, 0);
            if (kind == 6) nd.mid_axis = ta_vec3_make(0, 0, 0);
            plain[i] = kind == 0 || kind == 7;
            d[i] = two_bone_world_desc(&c[i], &nd);
            before_s[i] = *d[i].start_rotation, before_m[i] = *d[i].mid_rotation;
            ta_error err = {0};
            TA_ASSERT_OK(ta_ik_two_bone_world(&d[i], &one[i], &err), &err);
            one_s[i] = *d[i].start_rotation, one_m[i] = *d[i].mid_rotation;
            *d[i].start_rotation = before_s[i], *d[i].mid_rotation = before_m[i];
        }
        ta_error err = {0};
        TA_ASSERT_OK(ta_ik_two_bone_world_batch(d, n, many, &err), &err);
        for (uint32_t i = 0; i < n; ++i) {
            assert_int_equal(one[i].reached, many[i].reached);
            const float *a = &one_s[i].x, *b = &d[i].start_rotation->x, *am = &one_m[i].x, *bm = &d[i].mid_rotation->x;
            for (int k = 0; k < 4; ++k) {
                worst = fmax(worst, fmax(fabs((double)a[k] - b[k]), fabs((double)am[k] - bm[k])));
            }
            if (d[i].weight == 0.0f) {
                assert_memory_equal(&before_s[i], d[i].start_rotation, sizeof(ta_quat));
                assert_memory_equal(&before_m[i], d[i].mid_rotation, sizeof(ta_quat));
            }
            if (plain[i] && many[i].reached) {
                world_pass(&c[i]);
                worst_reach = fmax(worst_reach, d3_len(d3_sub(world_pos(&c[i], c[i].end), target[i])));
                ++reached_checked;
            }
            chain_free(&c[i]);
        }
    }
    printf("batch: worst component from one call's %.3g, worst reach %.3g (%d targets)\n", worst, worst_reach,
           reached_checked);
    assert_true(worst <= 1e-6);
    assert_true(worst_reach <= 1e-5);
    assert_true(reached_checked > 80);
}

/* Two descs that share rotations (one chain, two targets) in one group: the batch does what two calls in a
 * row do, bit for bit, since the second reads what the first wrote. */
static void batch_with_shared_rotations_is_the_calls_in_order(void **state)
{
    (void)state;
    ta_seeded_random r = ta_seeded_random_make(34012);
    chain c = random_chain(&r), o = random_chain(&r);
    before b = measure(&c), bo = measure(&o);
    ta_ik_two_bone_desc n1 = two_bone_desc(&c, d3_add(b.s, (d3){b.a, 0.2, 0}), (d3){0, 1, 0});
    ta_ik_two_bone_desc n2 = two_bone_desc(&c, d3_add(b.s, (d3){0, b.a, 0.3}), (d3){0, 0, 1});
    ta_ik_two_bone_desc n3 = two_bone_desc(&o, d3_add(bo.s, (d3){0.1, 0, bo.a}), (d3){1, 0, 0});
    ta_ik_two_bone_world_desc d[3] = {two_bone_world_desc(&c, &n1), two_bone_world_desc(&o, &n3),
                                      two_bone_world_desc(&c, &n2)};
    ta_quat s0 = *d[0].start_rotation, m0 = *d[0].mid_rotation, s1 = *d[1].start_rotation, m1 = *d[1].mid_rotation;
    ta_error err = {0};
    for (int k = 0; k < 3; ++k) TA_ASSERT_OK(ta_ik_two_bone_world(&d[k], NULL, &err), &err);
    ta_quat want[4] = {*d[0].start_rotation, *d[0].mid_rotation, *d[1].start_rotation, *d[1].mid_rotation};
    *d[0].start_rotation = s0, *d[0].mid_rotation = m0, *d[1].start_rotation = s1, *d[1].mid_rotation = m1;
    TA_ASSERT_OK(ta_ik_two_bone_world_batch(d, 3, NULL, &err), &err);
    ta_quat got[4] = {*d[0].start_rotation, *d[0].mid_rotation, *d[1].start_rotation, *d[1].mid_rotation};
    assert_memory_equal(want, got, sizeof want);
    chain_free(&c);
    chain_free(&o);
}

/* A refused batch names the desc by its index and writes no chain's rotations, the good ones' before it
 * included. */
static void batch_refusals_name_the_desc_and_change_nothing(void **state)
{
    (void)state;
    ta_seeded_random r = ta_seeded_random_make(34013);
    chain c[6];
    ta_ik_two_bone_world_desc d[6];
    ta_quat copy[12];
    for (int i = 0; i < 6; ++i) {
        c[i] = random_chain(&r);
        before b = measure(&c[i]);
        ta_ik_two_bone_desc nd = two_bone_desc(&c[i], d3_add(b.s, (d3){b.a, 0.1, 0}), (d3){0, 1, 0});
        d[i] = two_bone_world_desc(&c[i], &nd);
        copy[2 * i] = *d[i].start_rotation, copy[2 * i + 1] = *d[i].mid_rotation;
    }
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_ik_two_bone_world_batch(NULL, 3, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "descs: is NULL for 3 chains");
    TA_ASSERT_OK(ta_ik_two_bone_world_batch(NULL, 0, NULL, &err), &err);
    d[5].weight = 1.5f;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world_batch(d, 6, NULL, &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "descs[5].weight: 1.5 is outside [0, 1]");
    d[5].weight = 1.0f;
    ta_mat4 m = *d[4].end_world;
    m.m[13] = NAN;
    d[4].end_world = &m;
    TA_ASSERT_REFUSED(ta_ik_two_bone_world_batch(d, 6, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "*descs[4].end_world: element 13 (column 3, row 1) is nan");
    for (int i = 0; i < 6; ++i) {
        assert_memory_equal(&copy[2 * i], d[i].start_rotation, sizeof(ta_quat));
        assert_memory_equal(&copy[2 * i + 1], d[i].mid_rotation, sizeof(ta_quat));
        chain_free(&c[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_bone_reaches_every_reachable_target_in_the_poles_plane),
        cmocka_unit_test(two_bone_lies_straight_towards_a_target_out_of_reach),
        cmocka_unit_test(two_bone_soften_falls_behind_far_targets_by_the_formula),
        cmocka_unit_test(two_bone_twist_turns_the_chain_about_the_target_line),
        cmocka_unit_test(aim_points_forward_at_the_target_and_up_towards_the_pole),
        cmocka_unit_test(aim_cannot_aim_at_a_target_inside_its_offset),
        cmocka_unit_test(weight_zero_leaves_every_bit_and_weight_between_blends),
        cmocka_unit_test(refusals_name_what_they_refuse_and_change_nothing),
        cmocka_unit_test(world_refusals_name_what_they_refuse_and_change_nothing),
        cmocka_unit_test(batch_gives_each_chain_what_one_call_gives),
        cmocka_unit_test(batch_and_call_agree_with_a_pole_along_the_line),
        cmocka_unit_test(batch_with_shared_rotations_is_the_calls_in_order),
        cmocka_unit_test(batch_refusals_name_the_desc_and_change_nothing),
        cmocka_unit_test(two_bone_world_reaches_every_reachable_target_in_the_poles_plane),
        cmocka_unit_test(two_bone_world_lies_straight_towards_a_target_out_of_reach),
        cmocka_unit_test(two_bone_world_soften_falls_behind_far_targets_by_the_formula),
        cmocka_unit_test(two_bone_world_twist_turns_the_chain_about_the_target_line),
        cmocka_unit_test(aim_world_points_forward_at_the_target_and_up_towards_the_pole),
        cmocka_unit_test(aim_world_cannot_aim_at_a_target_inside_its_offset),
        cmocka_unit_test(world_weight_zero_leaves_every_bit_and_weight_between_blends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
