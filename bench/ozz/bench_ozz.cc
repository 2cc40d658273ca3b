/* bench_ozz [flags]: ozz-animation 0.16 on the mixer benchmark's workload
 * (docs/benchmark-workload.md), the third engine of bench/run.sh beside
 * three.js and threeanim. It takes bench_mixer's flags and prints the same
 * JSON line, built key for key from the same seeded draws (bench/mixer's
 * workload.c, linked in), so that the three checksums can be compared.
 *
 * This driver is ours; ozz-animation is not in the repository. It is built
 * only when OZZ_DIR names an ozz-animation the user built with ozz's own CMake
 * (bench/ozz/CMakeLists.txt), and uses ozz's public API as its samples do:
 * RawSkeleton, RawAnimation and their builders offline, then per character and
 * frame a SamplingJob per action (each with its own Context, ozz's cursor
 * cache) into local-space SoA transforms, for "blend" a BlendingJob of those
 * layers, and for the _frame variants a LocalToModelJob into model matrices
 * and the skinning multiply (model matrix times inverse bind matrix, ozz's
 * Float4x4 SIMD product, as ozz's skinning sample) into one palette of every
 * character, as bench_mixer's ta_frame_update writes. Only LINEAR
 * interpolation exists in ozz, so only --interp linear runs, and only the
 * variants blend, single, blend_frame and single_frame, on one thread.
 *
 * After the timing, with --compare 1, the same characters are run again
 * through threeanim's mixer for the same frames, and the largest difference
 * of each kind of number (position, quaternion, scale; and a palette matrix's
 * element against threeanim's world matrix for the _frame variants) is printed
 * beside the checksum: where ozz's pose differs from three.js's and why is
 * read there (key quantisation, normalised lerp), as
 * docs/benchmark-workload.md says.
 *
 * bench_ozz --compress [FILE[@METERS_PER_UNIT]]...: ozz's compressed animation
 * instead (compress.cc): bytes a bone-sample of the workload's clips and of
 * each glTF file's clips, built by AnimationOptimizer at 0.01 cm at 3 cm.
 *
 * bench_ozz --ik [FLAGS]: ozz's IKTwoBoneJob and IKAimJob on bench_ik's chains,
 * alternated with threeanim's world-matrix IK calls (ik.cc). */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "ozz/animation/offline/animation_builder.h"
#include "ozz/animation/offline/raw_animation.h"
#include "ozz/animation/offline/raw_skeleton.h"
#include "ozz/animation/offline/skeleton_builder.h"
#include "ozz/animation/runtime/animation.h"
#include "ozz/animation/runtime/blending_job.h"
#include "ozz/animation/runtime/local_to_model_job.h"
#include "ozz/animation/runtime/sampling_job.h"
#include "ozz/animation/runtime/skeleton.h"
#include "ozz/base/containers/vector.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/soa_transform.h"
#include "ozz/base/memory/unique_ptr.h"
#include "ozz/base/span.h"

#include "bench_ozz.h"
#include "workload.h"

/* ---- the skeleton (bench_ozz.h) ------------------------------------------------------------------- */

namespace {

oa::offline::RawSkeleton::Joint make_joint(int bone, const std::vector<std::vector<int>> &children,
                                           const std::vector<om::Transform> &rest)
{
    oa::offline::RawSkeleton::Joint joint;
    joint.name = ozz::string("j") + std::to_string(bone).c_str();
    joint.transform = rest[bone];
    for (int child : children[bone]) joint.children.push_back(make_joint(child, children, rest));
    return joint;
}

} // namespace

bool bench_ozz::make_rig(const std::vector<int> &parents, const std::vector<om::Transform> &rest, Rig *out)
{
    const int n = (int)parents.size();
    std::vector<std::vector<int>> children(n);
    oa::offline::RawSkeleton raw;
    for (int i = 0; i < n; ++i)
        if (parents[i] >= 0) children[parents[i]].push_back(i);
    for (int i = 0; i < n; ++i)
        if (parents[i] < 0) raw.roots.push_back(make_joint(i, children, rest));
    out->skeleton = oa::offline::SkeletonBuilder()(raw);
    if (!out->skeleton || out->skeleton->num_joints() != n) {
        fprintf(stderr, "bench_ozz: SkeletonBuilder refused a skeleton of %d bones (at most %d)\n", n,
                (int)oa::Skeleton::kMaxJoints);
        return false;
    }
    /* ozz lists its joints depth-first: find each bone by the name it was given */
    out->joint_of.assign(n, -1);
    const ozz::span<const char *const> names = out->skeleton->joint_names();
    for (int j = 0; j < n; ++j) out->joint_of[(size_t)atoi(names[j] + 1)] = j;
    return true;
}

namespace {

const double GOLDEN = 0.6180339887498949;

void help(FILE *out)
{
    fputs("usage: bench_ozz [bench_mixer's flags] [--compare 1]\n"
          "       bench_ozz --compress [FILE[@METERS_PER_UNIT]]...\n"
          "\n"
          "ozz-animation on the mixer benchmark's workload, built key for key as\n"
          "bench_mixer builds it (bench_mixer --help lists the flags). Only --interp linear,\n"
          "--variants blend, single, blend_frame and single_frame and --threads 1 run: ozz\n"
          "interpolates linearly only. Each character samples each of its actions with a\n"
          "SamplingJob (a Context each), for blend blends them with a BlendingJob, and for the\n"
          "_frame variants makes its model matrices (LocalToModelJob) and its skinning\n"
          "matrices (model times inverse bind) into one palette; prints one JSON line as\n"
          "bench_mixer does. --compare 1 (the default) then runs threeanim's mixer over the\n"
          "same frames and prints the largest difference of ozz's pose from it per kind of\n"
          "number (vs_threeanim); --compare 0 skips that.\n"
          "\n"
          "--compress: ozz's compressed animations (AnimationOptimizer at 0.01 cm at 3 cm,\n"
          "then AnimationBuilder) of the workload's clips (bench_mixer's defaults) and of\n"
          "each glTF FILE's clips (a path, else one under the Khronos samples folder:\n"
          "$TA_SAMPLES_DIR or the one CMake was given), in units of METERS_PER_UNIT meters\n"
          "(default: read from the scene as ta_clip_compress does); bytes a bone-sample\n"
          "counted as bench_compress counts them. One JSON line.\n",
          out);
}

double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double now_seconds()
{
    return clock_seconds(CLOCK_MONOTONIC);
}

/* ---- the shared skeleton, clips and rest pose, as ozz holds them ------------------------------------ */

struct Shared {
    bench_ozz::Rig rig;                                      /* bone b is ozz's joint rig.joint_of[b] */
    std::vector<ozz::unique_ptr<oa::Animation>> animations; /* one per clip */
    ozz::vector<om::SoaTransform> rest;                      /* the nodes before any update, ozz's joint order */
    ozz::vector<om::Float4x4> inverse_bind;                  /* the skin's, per bone (identity, as bench_mixer's) */
    uint32_t soa_count = 0;                                  /* SoA transforms of 4 bones for B bones */
    size_t animation_bytes = 0;
};

} // namespace

/* bench_mixer's bones as an ozz skeleton: bone i > 0 under bone (i - 1) /
 * --branch, at rest at clip 0's offsets (float32), no rotation, unit scale. */
bool bench_ozz::workload_rig(const bench_config &cfg, const bench_keys &keys, Rig *out)
{
    std::vector<int> parents(keys.bone_count);
    std::vector<om::Transform> rest(keys.bone_count, om::Transform::identity());
    for (uint32_t b = 0; b < keys.bone_count; ++b) {
        parents[b] = b == 0 ? -1 : (int)((b - 1) / cfg.branch);
        const double *off = keys.bones[b].pos_offset;
        rest[b].translation = om::Float3((float)off[0], (float)off[1], (float)off[2]);
    }
    return bench_ozz::make_rig(parents, rest, out);
}

/* Clip c of the workload as an ozz RawAnimation of the rig's joints: the keys
 * exactly as bench_mixer gives them to ta_track_create (the same float32 times
 * and values), bone b's on the track of its joint. */
void bench_ozz::workload_raw_animation(const bench_config &cfg, const bench_keys &keys, const Rig &rig, uint32_t c,
                                       ozz::animation::offline::RawAnimation *out)
{
    const uint32_t B = keys.bone_count, K = keys.key_count;
    oa::offline::RawAnimation &raw = *out;
    raw.duration = (float)cfg.duration;
    raw.tracks.assign(B, oa::offline::RawAnimation::JointTrack());
    for (uint32_t b = 0; b < B; ++b) {
        const bench_bone_keys &bk = keys.bones[(size_t)c * B + b];
        oa::offline::RawAnimation::JointTrack &track = raw.tracks[(size_t)rig.joint_of[b]];
        for (uint32_t k = 0; k < K; ++k) {
            const float t = keys.times[k];
            track.translations.push_back({t, om::Float3(bk.pos[3 * k], bk.pos[3 * k + 1], bk.pos[3 * k + 2])});
            track.rotations.push_back(
                {t, om::Quaternion(bk.quat[4 * k], bk.quat[4 * k + 1], bk.quat[4 * k + 2], bk.quat[4 * k + 3])});
            track.scales.push_back({t, om::Float3(bk.scale[3 * k], bk.scale[3 * k + 1], bk.scale[3 * k + 2])});
        }
    }
}

namespace {

bool build_shared(const bench_config &cfg, const bench_keys &keys, Shared *out)
{
    const uint32_t B = keys.bone_count;
    if (!bench_ozz::workload_rig(cfg, keys, &out->rig)) return false;
    oa::offline::AnimationBuilder builder;
    for (uint32_t c = 0; c < keys.clip_count; ++c) {
        oa::offline::RawAnimation raw;
        bench_ozz::workload_raw_animation(cfg, keys, out->rig, c, &raw);
        if (!raw.Validate()) {
            fprintf(stderr, "bench_ozz: clip %u: RawAnimation::Validate refused it\n", c);
            return false;
        }
        ozz::unique_ptr<oa::Animation> animation = builder(raw);
        if (!animation) {
            fprintf(stderr, "bench_ozz: clip %u: AnimationBuilder refused it\n", c);
            return false;
        }
        out->animation_bytes += animation->size();
        out->animations.push_back(std::move(animation));
    }
    /* The rest pose is bench_mixer's nodes at rest, the skeleton's (the lanes
     * past B are identity). */
    out->soa_count = (B + 3) / 4;
    const ozz::span<const om::SoaTransform> rest = out->rig.skeleton->joint_rest_poses();
    out->rest.assign(rest.begin(), rest.end());
    out->inverse_bind.assign(B, om::Float4x4::identity());
    return true;
}

/* ---- the characters ------------------------------------------------------------------------------ */

/* Every character's state side by side: per action a Context, a time and a
 * local pose; per character the blended pose (blend) or none (single: the
 * one sampled pose is the result, as an ozz program playing one animation
 * would use it); for the _frame variants, per character its model matrices
 * and, in one palette of every character, its skinning matrices. */
struct Characters {
    uint32_t count = 0, actions = 0;
    bool blend = false, frame = false;
    std::vector<ozz::unique_ptr<oa::SamplingJob::Context>> contexts; /* count * actions */
    std::vector<double> times;                                         /* count * actions, seconds */
    ozz::vector<om::SoaTransform> locals;                              /* count * actions * soa_count */
    ozz::vector<om::SoaTransform> blended;                             /* count * soa_count */
    std::vector<oa::BlendingJob::Layer> layers;                        /* count * actions */
    ozz::vector<om::Float4x4> models;                                  /* count * B, ozz's joint order */
    ozz::vector<om::Float4x4> palette;                                 /* count * B, the skin's (bone) order */
};

bool is_blend(bench_variant variant)
{
    return variant == BENCH_BLEND || variant == BENCH_BLEND_FRAME;
}

void make_characters(const bench_config &cfg, const Shared &sh, bench_variant variant, uint32_t C, Characters *out)
{
    const uint32_t S = sh.soa_count;
    out->count = C;
    out->blend = is_blend(variant);
    out->frame = bench_variant_is_frame(variant);
    out->actions = out->blend ? cfg.weight_count : 1;
    const size_t n = (size_t)C * out->actions;
    out->contexts.clear();
    for (size_t i = 0; i < n; ++i) out->contexts.push_back(ozz::make_unique<oa::SamplingJob::Context>((int)cfg.bones));
    out->times.assign(n, 0.0);
    out->locals.assign(n * S, sh.rest[0]);
    for (size_t i = 0; i < n; ++i) std::copy(sh.rest.begin(), sh.rest.end(), out->locals.begin() + i * S);
    out->blended.assign(out->blend ? (size_t)C * S : 0, sh.rest[0]);
    out->layers.assign(out->blend ? n : 0, oa::BlendingJob::Layer());
    const size_t matrices = out->frame ? (size_t)C * cfg.bones : 0;
    out->models.assign(matrices, om::Float4x4::identity());
    out->palette.assign(matrices, om::Float4x4::identity());
    for (uint32_t c = 0; c < C; ++c) {
        /* three.js sets action.time to the phase; ozz plays from a time of ours */
        const double offset = cfg.stagger ? (c * GOLDEN - std::floor(c * GOLDEN)) * cfg.duration : 0.0;
        for (uint32_t a = 0; a < out->actions; ++a) {
            const size_t i = (size_t)c * out->actions + a;
            out->times[i] = offset;
            if (out->blend) {
                out->layers[i].weight = (float)cfg.weights[a];
                out->layers[i].transform = ozz::span<const om::SoaTransform>(&out->locals[i * S], S);
            }
        }
    }
}

const om::SoaTransform *pose_of(const Characters &ch, const Shared &sh, uint32_t c)
{
    return ch.blend ? &ch.blended[(size_t)c * sh.soa_count] : &ch.locals[(size_t)c * ch.actions * sh.soa_count];
}

/* One frame of every character: advance each action's time by dt, wrapped as
 * a REPEAT action's is, sample, blend; for the _frame variants, the model
 * matrices (LocalToModelJob) and the skinning matrices, model matrix times
 * inverse bind matrix per bone of the skin, as ozz's skinning sample does. */
bool run_frame(const bench_config &cfg, const Shared &sh, Characters *ch)
{
    const uint32_t S = sh.soa_count, A = ch->actions, B = cfg.bones;
    const double duration = cfg.duration;
    for (uint32_t c = 0; c < ch->count; ++c) {
        for (uint32_t a = 0; a < A; ++a) {
            const size_t i = (size_t)c * A + a;
            double t = ch->times[i] + cfg.dt;
            if (t >= duration) t -= duration * std::floor(t / duration);
            ch->times[i] = t;
            oa::SamplingJob job;
            job.animation = sh.animations[a % sh.animations.size()].get();
            job.context = ch->contexts[i].get();
            job.ratio = (float)(t / duration);
            job.output = ozz::span<om::SoaTransform>(&ch->locals[i * S], S);
            if (!job.Run()) return false;
        }
        if (ch->blend) {
            oa::BlendingJob job;
            job.layers = ozz::span<const oa::BlendingJob::Layer>(&ch->layers[(size_t)c * A], A);
            job.rest_pose = ozz::make_span(sh.rest);
            job.output = ozz::span<om::SoaTransform>(&ch->blended[(size_t)c * S], S);
            if (!job.Run()) return false;
        }
        if (ch->frame) {
            om::Float4x4 *models = &ch->models[(size_t)c * B];
            oa::LocalToModelJob job;
            job.skeleton = sh.rig.skeleton.get();
            job.input = ozz::span<const om::SoaTransform>(pose_of(*ch, sh, c), S);
            job.output = ozz::span<om::Float4x4>(models, B);
            if (!job.Run()) return false;
            om::Float4x4 *skin = &ch->palette[(size_t)c * B];
            for (uint32_t b = 0; b < B; ++b) skin[b] = models[sh.rig.joint_of[b]] * sh.inverse_bind[b];
        }
    }
    return true;
}

/* Bone b's ten numbers in the checksum's order: position x y z, quaternion
 * x y z w, scale x y z, read from the lane of its joint. */
void numbers_of(const om::SoaTransform *pose, int joint, float out[10])
{
    const om::SoaTransform &t = pose[joint / 4];
    const om::SimdFloat4 v[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                                  t.rotation.z,    t.rotation.w,    t.scale.x,       t.scale.y,    t.scale.z};
    float lanes[4];
    for (int j = 0; j < 10; ++j) {
        om::StorePtrU(v[j], lanes);
        out[j] = lanes[joint % 4];
    }
}

/* bench_character_checksum's sum over ozz's pose of one character, bone by bone. */
double checksum_of(const Shared &sh, const om::SoaTransform *pose, uint32_t bones)
{
    double sum = 0;
    float v[10];
    for (uint32_t b = 0; b < bones; ++b) {
        numbers_of(pose, sh.rig.joint_of[b], v);
        for (int j = 0; j < 10; ++j) sum += v[j];
    }
    return sum;
}

/* ---- the comparison with threeanim's mixer -------------------------------------------------------- */

struct Comparison {
    double checksum = 0;
    double max_diff[4] = {0, 0, 0, 0}; /* position, quaternion, scale, skinning matrix (_frame variants) */
};

/* The same characters through threeanim's mixer (bench_mixer's build), updated
 * as many frames as ozz's, then compared number by number; for the _frame
 * variants also ozz's skinning matrices against threeanim's world matrices of
 * the same nodes (the inverse binds are the identity), computed as
 * bench_mixer's _l2m variants do. */
bool compare_with_threeanim(const bench_config &cfg, const bench_keys &keys, ta_clip *const *clips,
                            bench_variant variant, uint32_t frames, const Shared &sh, const Characters &ch,
                            Comparison *out)
{
    ta_error err;
    memset(&err, 0, sizeof err);
    const ta_duration dt = ta_duration_from_seconds(cfg.dt);
    const bench_variant as = ch.frame ? (ch.blend ? BENCH_BLEND_L2M : BENCH_SINGLE_L2M) : variant;
    for (uint32_t c = 0; c < ch.count; ++c) {
        bench_character tc;
        if (bench_character_make(&cfg, &keys, as, c, 0, clips, NULL, &tc, &err) != TA_OK) {
            fprintf(stderr, "bench_ozz: threeanim character %u: %s\n", c, err.message);
            return false;
        }
        bool ok = true;
        for (uint32_t f = 0; f < frames && ok; ++f) ok = ta_mixer_update(tc.mixer, tc.scene, dt, &err) == TA_OK;
        if (!ok) {
            fprintf(stderr, "bench_ozz: threeanim update: %s\n", err.message);
            bench_character_free(&tc);
            return false;
        }
        out->checksum += bench_character_checksum(&tc);
        const om::SoaTransform *pose = pose_of(ch, sh, c);
        float v[10];
        for (uint32_t b = 0; b < cfg.bones; ++b) {
            numbers_of(pose, sh.rig.joint_of[b], v);
            const ta_node *n = &tc.scene->nodes[tc.first_bone + b];
            const float ta[10] = {n->position.x,   n->position.y,   n->position.z, n->quaternion.x, n->quaternion.y,
                                  n->quaternion.z, n->quaternion.w, n->scale.x,    n->scale.y,      n->scale.z};
            for (int j = 0; j < 10; ++j) {
                const int kind = j < 3 ? 0 : j < 7 ? 1 : 2;
                out->max_diff[kind] = std::max(out->max_diff[kind], std::fabs((double)v[j] - ta[j]));
            }
        }
        if (ch.frame) {
            bench_character_world(&tc);
            for (uint32_t b = 0; b < cfg.bones; ++b) {
                const om::Float4x4 &skin = ch.palette[(size_t)c * cfg.bones + b];
                float m[16];
                for (int col = 0; col < 4; ++col) om::StorePtrU(skin.cols[col], m + 4 * col);
                const ta_mat4 &w = tc.world[tc.first_bone + b];
                for (int e = 0; e < 16; ++e)
                    out->max_diff[3] = std::max(out->max_diff[3], std::fabs((double)m[e] - w.m[e]));
            }
        }
        bench_character_free(&tc);
    }
    return true;
}

/* ---- one (variant, C) ------------------------------------------------------------------------------ */

struct Stats {
    double median, min, max;
};

Stats stats_of(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const size_t n = samples.size();
    return {n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2, samples.front(), samples.back()};
}

struct Result {
    bench_variant variant;
    uint32_t chars, actions;
    Stats per_char, per_track_action;
    double cpu_per_char; /* the process's CPU time over the timed frames, per character update */
    double checksum;
    bool compared;
    Comparison vs;
};

/* `frames` frames; false (said on standard error) when a job refused to run. */
bool run_frames(const bench_config &cfg, const Shared &sh, Characters *ch, uint32_t frames)
{
    for (uint32_t f = 0; f < frames; ++f)
        if (!run_frame(cfg, sh, ch)) {
            fprintf(stderr, "bench_ozz: a SamplingJob, BlendingJob or LocalToModelJob refused to run (Validate)\n");
            return false;
        }
    return true;
}

bool run_variant(const bench_config &cfg, const bench_keys &keys, ta_clip *const *clips, const Shared &sh,
                 bench_variant variant, uint32_t C, bool compare, Result *out)
{
    Characters ch;
    make_characters(cfg, sh, variant, C, &ch);
    /* The first frame fills the contexts, as bench_mixer's binds the tracks. */
    if (!run_frames(cfg, sh, &ch, cfg.warmup)) return false;
    std::vector<double> samples(cfg.reps);
    const double cpu0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (uint32_t r = 0; r < cfg.reps; ++r) {
        const double t0 = now_seconds();
        if (!run_frames(cfg, sh, &ch, cfg.frames)) return false;
        samples[r] = (now_seconds() - t0) * 1e9 / ((double)cfg.frames * C);
        fprintf(stderr, "  %s C=%u rep %u/%u: %.1f ns per character update\n", bench_variant_names[variant], C, r + 1,
                cfg.reps, samples[r]);
    }
    out->cpu_per_char = (clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0) * 1e9 / ((double)cfg.frames * cfg.reps * C);
    out->variant = variant;
    out->chars = C;
    out->actions = ch.actions;
    out->per_char = stats_of(samples);
    for (double &s : samples) s /= 3.0 * cfg.bones * ch.actions;
    out->per_track_action = stats_of(samples);
    out->checksum = 0;
    for (uint32_t c = 0; c < C; ++c) out->checksum += checksum_of(sh, pose_of(ch, sh, c), cfg.bones);
    out->compared = compare;
    return !compare ||
           compare_with_threeanim(cfg, keys, clips, variant, cfg.warmup + cfg.reps * cfg.frames, sh, ch, &out->vs);
}

/* ---- the JSON line ------------------------------------------------------------------------------------ */

void print_stats(const char *name, const Stats &s)
{
    printf("\"%s\":{\"median\":%.2f,\"min\":%.2f,\"max\":%.2f}", name, s.median, s.min, s.max);
}

void print_json(const bench_config &cfg, const Shared &sh, const std::vector<Result> &results)
{
    printf("{\"bench\":\"mixer\",\"impl\":\"ozz-animation\",\"version\":\"%s\",\"config\":{\"chars\":[", TA_OZZ_VERSION);
    for (uint32_t i = 0; i < cfg.char_count; ++i) printf("%s%u", i ? "," : "", cfg.chars[i]);
    printf("],\"bones\":%u,\"branch\":%u,\"clips\":%u,\"keys\":%u,\"duration\":%.15g,\"weights\":[", cfg.bones,
           cfg.branch, cfg.clips, cfg.keys, cfg.duration);
    for (uint32_t i = 0; i < cfg.weight_count; ++i) printf("%s%.15g", i ? "," : "", cfg.weights[i]);
    printf("],\"interp\":\"%s\",\"frames\":%u,\"warmup\":%u,\"reps\":%u,\"dt\":%.17g,\"seed\":%u,\"stagger\":%u,"
           "\"rot_amp\":%.15g,\"scale_amp\":%.15g,\"variants\":[",
           bench_interp_names[cfg.interp], cfg.frames, cfg.warmup, cfg.reps, cfg.dt, cfg.seed, cfg.stagger,
           cfg.rot_amp, cfg.scale_amp);
    for (uint32_t i = 0; i < cfg.variant_count; ++i)
        printf("%s\"%s\"", i ? "," : "", bench_variant_names[cfg.variants[i]]);
    const double keys = (double)cfg.clips * 3 * cfg.bones * cfg.keys;
    printf("],\"threads\":1},\"bytes_per_key\":%.3f,\"results\":[", (double)sh.animation_bytes / keys);
    for (size_t i = 0; i < results.size(); ++i) {
        const Result &r = results[i];
        printf("%s{\"variant\":\"%s\",\"chars\":%u,\"bones\":%u,\"actions\":%u,\"tracks_per_char\":%u,\"threads\":1,",
               i ? "," : "", bench_variant_names[r.variant], r.chars, cfg.bones, r.actions, 3 * cfg.bones);
        print_stats("ns_per_char_update", r.per_char);
        putchar(',');
        print_stats("ns_per_track_action", r.per_track_action);
        printf(",\"checksum\":%.17g,\"cpu_ns_per_char_update\":%.2f", r.checksum, r.cpu_per_char);
        if (r.compared) {
            printf(",\"vs_threeanim\":{\"checksum\":%.17g,\"max_abs_diff\":{\"position\":%.3g,\"quaternion\":%.3g,"
                   "\"scale\":%.3g",
                   r.vs.checksum, r.vs.max_diff[0], r.vs.max_diff[1], r.vs.max_diff[2]);
            if (bench_variant_is_frame(r.variant)) printf(",\"skinning_matrix\":%.3g", r.vs.max_diff[3]);
            printf("}}");
        }
        putchar('}');
    }
    puts("]}");
}

/* The flags bench_mixer takes, checked for what ozz can run, and --compare. */
int parse(int argc, char **argv, bench_config *cfg, bool *compare)
{
    std::vector<char *> rest;
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && strcmp(argv[i], "--compare") == 0 && i + 1 < argc) {
            *compare = strcmp(argv[++i], "0") != 0;
            continue;
        }
        rest.push_back(argv[i]);
    }
    bench_config_defaults(cfg);
    int status = bench_parse_args(cfg, (int)rest.size(), rest.data());
    if (status != BENCH_OK) return status;
    if (cfg->interp != BENCH_LINEAR) {
        fprintf(stderr, "bench_ozz: --interp %s: ozz-animation interpolates linearly only\n",
                bench_interp_names[cfg->interp]);
        return BENCH_USAGE;
    }
    if (cfg->threads != 1) {
        fprintf(stderr, "bench_ozz: --threads %u: this driver runs on one thread\n", cfg->threads);
        return BENCH_USAGE;
    }
    for (uint32_t v = 0; v < cfg->variant_count; ++v)
        if (cfg->variants[v] != BENCH_BLEND && cfg->variants[v] != BENCH_SINGLE &&
            cfg->variants[v] != BENCH_BLEND_FRAME && cfg->variants[v] != BENCH_SINGLE_FRAME) {
            fprintf(stderr, "bench_ozz: --variants %s: only blend, single, blend_frame and single_frame run here\n",
                    bench_variant_names[cfg->variants[v]]);
            return BENCH_USAGE;
        }
    return BENCH_OK;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--compress") == 0) return bench_ozz::run_compress(argc - 2, argv + 2);
    if (argc > 1 && strcmp(argv[1], "--ik") == 0) return bench_ozz::run_ik(argc - 2, argv + 2);
    for (int i = 1; i < argc; ++i)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            help(stdout);
            return BENCH_OK;
        }
    bench_config cfg;
    bool compare = true;
    int status = parse(argc, argv, &cfg, &compare);
    if (status != BENCH_OK) return status;
    bench_keys keys;
    if (bench_keys_make(&cfg, cfg.keys, &keys) != BENCH_OK) {
        fprintf(stderr, "bench_ozz: out of memory making the keys\n");
        return BENCH_REFUSED;
    }
    fprintf(stderr, "ozz-animation %s: interp linear, 1 thread\n", TA_OZZ_VERSION);
    Shared sh;
    ta_clip **clips = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    std::vector<Result> results;
    if (!build_shared(cfg, keys, &sh)) status = BENCH_REFUSED;
    if (status == BENCH_OK && compare && bench_make_clips(&cfg, &keys, NULL, 0, &clips, &err) != TA_OK) {
        fprintf(stderr, "bench_ozz: threeanim clips: %s\n", err.message);
        status = BENCH_REFUSED;
    }
    for (uint32_t c = 0; status == BENCH_OK && c < cfg.char_count; ++c)
        for (uint32_t v = 0; status == BENCH_OK && v < cfg.variant_count; ++v) {
            Result r;
            if (run_variant(cfg, keys, clips, sh, cfg.variants[v], cfg.chars[c], compare, &r)) results.push_back(r);
            else status = BENCH_REFUSED;
        }
    if (status == BENCH_OK) print_json(cfg, sh, results);
    if (clips != NULL) bench_free_clips(clips, cfg.clips);
    bench_keys_free(&keys);
    return status;
}
