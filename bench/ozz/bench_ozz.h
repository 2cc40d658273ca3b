/* bench_ozz.h: what bench_ozz.cc (the mixer workload on ozz-animation) and
 * compress.cc (ozz's compressed animations, bench_ozz --compress) share: an
 * ozz Skeleton made from a list of bones with their parents, and where each
 * bone went in it (ozz orders its joints depth-first, whatever order the
 * bones were given in); and the workload's clips as ozz's raw animations. C++17, ozz-animation 0.16's public API. */
#ifndef TA_BENCH_OZZ_H
#define TA_BENCH_OZZ_H

#include <vector>

#include "ozz/animation/offline/raw_animation.h"
#include "ozz/animation/runtime/skeleton.h"
#include "ozz/base/maths/transform.h"
#include "ozz/base/memory/unique_ptr.h"

#include "workload.h"

#ifndef TA_OZZ_VERSION
#define TA_OZZ_VERSION "unknown"
#endif

namespace oa = ozz::animation;
namespace om = ozz::math;

namespace bench_ozz {

struct Rig {
    ozz::unique_ptr<ozz::animation::Skeleton> skeleton;
    std::vector<int> joint_of; /* bone i of the list given -> its ozz joint */
};

/* A skeleton of bones 0 .. parents.size() - 1, bone i under bones[parents[i]]
 * (-1: a root), children in the order of the list, at rest at rest[i]. False
 * (said on standard error) when ozz refuses it (more than 1024 bones). */
bool make_rig(const std::vector<int> &parents, const std::vector<ozz::math::Transform> &rest, Rig *out);

/* bench_mixer's bones as an ozz skeleton: bone i > 0 under bone (i - 1) /
 * --branch, at rest at clip 0's offsets (float32), no rotation, unit scale. */
bool workload_rig(const bench_config &cfg, const bench_keys &keys, Rig *out);

/* Clip c of the workload as an ozz RawAnimation of the rig's joints (the rig
 * of the workload's bones): the float32 keys bench_mixer gives threeanim. */
void workload_raw_animation(const bench_config &cfg, const bench_keys &keys, const Rig &rig, uint32_t c,
                            ozz::animation::offline::RawAnimation *out);

/* bench_ozz --compress ...: prints one JSON line; the process's exit status. */
int run_compress(int argc, char **argv);

/* bench_ozz --ik ...: ozz's IK jobs beside threeanim's (ik.cc); prints one JSON line; the exit status. */
int run_ik(int argc, char **argv);

} // namespace bench_ozz

#endif
