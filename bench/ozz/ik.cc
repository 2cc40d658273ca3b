/* bench_ozz --ik: ozz-animation's IKTwoBoneJob and IKAimJob on the chains of
 * bench_ik (bench/ik_rig.h: the same scene, world matrices and targets),
 * alternated in one process with threeanim's ta_ik_two_bone_world and
 * ta_ik_aim_world on the same chains, nanoseconds a call (CPU time, the median
 * of --reps rounds, each round ozz's calls then threeanim's).
 *
 * Both read the world (model-space) matrices of one world pass and neither
 * walks the hierarchy. ozz's jobs give corrections; as its samples do, each is
 * multiplied into the joint's local rotation (local * correction), which is
 * what threeanim's calls write, so both timings end with the rotations
 * written. (threeanim's calls read the rotation they write, so with one
 * chain each call waits for the one before; ozz's calls do not.) ozz's soften counts from the other end (ozz 0.9 is threeanim's
 * 0.1); its pole, mid axis and offset are threeanim's.
 *
 *     bench_ozz --ik [--depth 5] [--calls 200000] [--reps 7] [--seed 1] [--chains 8]
 *
 * One JSON line on stdout; nothing is asserted. */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "ozz/animation/runtime/ik_aim_job.h"
#include "ozz/animation/runtime/ik_two_bone_job.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/simd_quaternion.h"

#include "bench_ozz.h"
#include "ik_rig.h"

namespace bench_ozz {
namespace {

double cpu_ns()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

om::Float4x4 to_ozz(const ta_mat4 &m)
{
    om::Float4x4 r;
    for (int c = 0; c < 4; ++c) r.cols[c] = om::simd_float4::LoadPtrU(m.m + 4 * c);
    return r;
}

om::SimdQuaternion to_ozz(const ta_quat &q) { return om::SimdQuaternion{om::simd_float4::LoadPtrU(&q.x)}; }

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int run_ik(int argc, char **argv)
{
    ik_rig_flags flags = {5, 200000, 7, 1, 8}; /* depth, calls, reps, seed, chains */
    if (!ik_rig_parse(argc, argv, "bench_ozz --ik", &flags)) return 2;
    long depth = flags.depth, calls = flags.calls, reps = flags.reps, seed = flags.seed, chains = flags.chains;
    static ik_rig rig; /* 12 KB of targets: off the stack; main's only rig */
    if (!ik_rig_make(depth, chains, seed, &rig)) return 1;
    ta_scene *s = rig.scene;
    std::vector<om::Float4x4> model(s->node_count);
    for (uint32_t n = 0; n < s->node_count; ++n) model[n] = to_ozz(rig.world[n]);
    /* ozz's local rotations, as sampled (its samples keep them in SoA transforms; a joint's own quaternion
     * here), and as corrected: each call writes local * correction, from the sampled rotation, as a frame
     * does (corrections multiplied into one another call after call would drift from unit length). */
    std::vector<om::SimdQuaternion> sampled(s->node_count), local(s->node_count);
    for (uint32_t n = 0; n < s->node_count; ++n) sampled[n] = local[n] = to_ozz(s->nodes[n].quaternion);

    const size_t nc = static_cast<size_t>(chains);
    std::vector<oa::IKTwoBoneJob> arms(nc);
    std::vector<oa::IKAimJob> heads(nc);
    std::vector<om::SimdQuaternion> start_fix(nc), mid_fix(nc), aim_fix(nc);
    std::vector<ta_ik_two_bone_world_desc> arms_w(nc);
    std::vector<ta_ik_aim_world_desc> heads_w(nc);
    for (long k = 0; k < chains; ++k) {
        const ta_ik_two_bone_desc &arm = rig.arms[k];
        oa::IKTwoBoneJob &job = arms[static_cast<size_t>(k)];
        job.pole_vector = om::simd_float4::Load3PtrU(&arm.pole.x);
        job.mid_axis = om::simd_float4::z_axis();
        job.soften = 1.0f - arm.soften;
        job.weight = arm.weight;
        job.start_joint = &model[arm.start.index];
        job.mid_joint = &model[arm.mid.index];
        job.end_joint = &model[arm.end.index];
        job.start_joint_correction = &start_fix[static_cast<size_t>(k)];
        job.mid_joint_correction = &mid_fix[static_cast<size_t>(k)];
        const ta_ik_aim_desc &head = rig.heads[k];
        oa::IKAimJob &aim = heads[static_cast<size_t>(k)];
        aim.offset = om::simd_float4::Load3PtrU(&head.offset.x);
        aim.weight = head.weight;
        aim.joint = &model[head.node.index];
        aim.joint_correction = &aim_fix[static_cast<size_t>(k)];
        arms_w[static_cast<size_t>(k)] = ta_ik_two_bone_world_desc{};
        arms_w[static_cast<size_t>(k)].start_world = &rig.world[arm.start.index];
        arms_w[static_cast<size_t>(k)].mid_world = &rig.world[arm.mid.index];
        arms_w[static_cast<size_t>(k)].end_world = &rig.world[arm.end.index];
        arms_w[static_cast<size_t>(k)].start_rotation = &s->nodes[arm.start.index].quaternion;
        arms_w[static_cast<size_t>(k)].mid_rotation = &s->nodes[arm.mid.index].quaternion;
        arms_w[static_cast<size_t>(k)].pole = arm.pole;
        arms_w[static_cast<size_t>(k)].weight = arm.weight;
        arms_w[static_cast<size_t>(k)].soften = arm.soften;
        heads_w[static_cast<size_t>(k)] = ta_ik_aim_world_desc{};
        heads_w[static_cast<size_t>(k)].world = &rig.world[head.node.index];
        heads_w[static_cast<size_t>(k)].rotation = &s->nodes[head.node.index].quaternion;
        heads_w[static_cast<size_t>(k)].offset = head.offset;
        heads_w[static_cast<size_t>(k)].weight = head.weight;
    }

    std::vector<double> ozz_two, ozz_aim, ta_two, ta_aim;
    long failed = 0, ozz_reached = 0, ta_reached = 0;
    ta_error err;
    memset(&err, 0, sizeof err);
    for (long rep = 0; rep < reps; ++rep) {
        double t0 = cpu_ns();
        for (long c = 0; c < calls; ++c) {
            size_t k = static_cast<size_t>(c % chains);
            oa::IKTwoBoneJob &job = arms[k];
            bool reached = false;
            job.target = om::simd_float4::Load3PtrU(&rig.targets[c % IK_RIG_TARGETS].x);
            job.reached = &reached;
            failed += !job.Run();
            ozz_reached += reached;
            const ta_ik_two_bone_desc &arm = rig.arms[k];
            local[arm.start.index] = sampled[arm.start.index] * start_fix[k];
            local[arm.mid.index] = sampled[arm.mid.index] * mid_fix[k];
        }
        double t1 = cpu_ns();
        for (long c = 0; c < calls; ++c) {
            size_t k = static_cast<size_t>(c % chains);
            oa::IKAimJob &job = heads[k];
            job.target = om::simd_float4::Load3PtrU(&rig.targets[c % IK_RIG_TARGETS].x);
            failed += !job.Run();
            uint32_t n = rig.heads[k].node.index;
            local[n] = sampled[n] * aim_fix[k];
        }
        double t2 = cpu_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_two_bone_world_desc &arm = arms_w[static_cast<size_t>(c % chains)];
            ta_ik_result res;
            arm.target = rig.targets[c % IK_RIG_TARGETS];
            failed += ta_ik_two_bone_world(&arm, &res, &err) != TA_OK;
            ta_reached += res.reached;
        }
        double t3 = cpu_ns();
        for (long c = 0; c < calls; ++c) {
            ta_ik_aim_world_desc &head = heads_w[static_cast<size_t>(c % chains)];
            head.target = rig.targets[c % IK_RIG_TARGETS];
            failed += ta_ik_aim_world(&head, NULL, &err) != TA_OK;
        }
        double t4 = cpu_ns();
        ozz_two.push_back((t1 - t0) / double(calls));
        ozz_aim.push_back((t2 - t1) / double(calls));
        ta_two.push_back((t3 - t2) / double(calls));
        ta_aim.push_back((t4 - t3) / double(calls));
    }
    /* Keeps ozz's rotations live: a compiler may not drop the multiplies. */
    float sink[4] = {0, 0, 0, 0};
    for (const om::SimdQuaternion &q : local) {
        float f[4];
        om::StorePtrU(q.xyzw, f);
        for (int i = 0; i < 4; ++i) sink[i] += f[i];
    }
    if (failed != 0) {
        fprintf(stderr, "bench_ozz --ik: %ld calls failed (%s)\n", failed, err.message);
        ik_rig_free(&rig);
        return 1;
    }
    printf("{\"bench\":\"ozz_ik\",\"ozz_version\":\"%s\",\"depth\":%ld,\"chains\":%ld,\"calls\":%ld,\"reps\":%ld,"
           "\"ozz_two_bone_ns_per_chain\":%.1f,\"ozz_aim_ns_per_node\":%.1f,"
           "\"two_bone_world_ns_per_chain\":%.1f,\"aim_world_ns_per_node\":%.1f,"
           "\"ozz_reached_share\":%.3f,\"reached_share\":%.3f,\"sink\":%g}\n",
           TA_OZZ_VERSION, depth, chains, calls, reps, median(ozz_two), median(ozz_aim), median(ta_two), median(ta_aim),
           double(ozz_reached) / double(calls * reps), double(ta_reached) / double(calls * reps),
           double(sink[0] + sink[1] + sink[2] + sink[3]));
    ik_rig_free(&rig);
    return 0;
}

} // namespace bench_ozz
