/* bench_ozz --compress [FILE[@METERS_PER_UNIT]]...: how small ozz-animation
 * makes the clips that bench_compress compresses with ta_clip_compress, for
 * make bench's section 9 (bench/run.mjs). Per clip: ozz's AnimationOptimizer
 * at the error bench_compress asks of threeanim (0.01 cm at a point 3 cm from
 * each joint, ozz's tolerance and distance, in the clip's units), then
 * AnimationBuilder (ozz's quantised keys), and every byte of the runtime
 * Animation (Animation::size(): the object and its one allocation; no name is
 * given) over bones times samples, as bench_compress counts a bone-sample:
 * bones = the nodes the clip drives, samples = the union of its tracks' key
 * times. The same clip built without the optimizer (its keys as given,
 * quantised by AnimationBuilder alone) is printed beside it, with its error.
 *
 * ozz's error is not ozz's to report, so it is measured here as
 * docs/compression.md measures threeanim's: at each key time, three points on
 * each driven bone's axes at 3 cm, carried into the skeleton's root space by
 * the raw keys (ozz's offline SampleAnimation) and by the built animation
 * (SamplingJob), both through LocalToModelJob; the largest distance and the
 * 99th percentile of the bone-samples' errors, in cm.
 *
 * The glTF files are read with threeanim's loader (the clip bench_compress
 * compresses, track for track): an ozz skeleton is made of the driven nodes and
 * the nodes between them (ozz's tracks cover every joint: an undriven one holds
 * its rest value in one key). A clip with a track ozz cannot hold (morph
 * influences, CUBICSPLINE, SMOOTH, BEZIER) is skipped, as ta_clip_compress
 * refuses it; STEP tracks are given to ozz as their keys (ozz interpolates
 * linearly only). */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "ozz/animation/offline/animation_builder.h"
#include "ozz/animation/offline/animation_optimizer.h"
#include "ozz/animation/offline/raw_animation.h"
#include "ozz/animation/offline/raw_animation_utils.h"
#include "ozz/animation/runtime/animation.h"
#include "ozz/animation/runtime/local_to_model_job.h"
#include "ozz/animation/runtime/sampling_job.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/soa_transform.h"

#include "bench_ozz.h"

#ifndef TA_SAMPLES_DIR_DEFAULT
#define TA_SAMPLES_DIR_DEFAULT ""
#endif

namespace {

const double MAX_ERROR_CM = 0.01, SHELL_CM = 3; /* ta_compress_options' defaults, bench_compress's */

/* One clip ready for ozz: its raw animation over the rig's joints, and which
 * joints and key times count as bone-samples. */
struct Clip {
    std::string file, name;
    bench_ozz::Rig rig;
    oa::offline::RawAnimation raw;
    std::vector<int> driven; /* joints of the bones the clip drives */
    std::vector<float> times; /* the union of the tracks' key times */
    double meters_per_unit = 1;
};

struct Row {
    uint32_t bones, samples, joints;
    size_t raw_bytes, bytes;
    double max_cm, p99_cm, raw_max_cm, raw_p99_cm; /* optimised; keys as given (ozz's quantisation alone) */
};

/* A pose's points: per joint, its origin moved 3 cm along x, y and z. */
void shell_points(const om::Float4x4 *models, const std::vector<int> &joints, float shell, std::vector<float> *out)
{
    out->clear();
    for (int j : joints)
        for (int axis = 0; axis < 3; ++axis) {
            float d[4] = {0, 0, 0, 1};
            d[axis] = shell;
            float p[4];
            om::StorePtrU(om::TransformPoint(models[j], om::simd_float4::LoadPtrU(d)), p);
            out->insert(out->end(), p, p + 3);
        }
}

/* The largest and the 99th percentile of the bone-samples' errors, in cm, of
 * `built` against `clip.raw`. */
bool measure(const Clip &clip, const oa::Animation &built, double *max_cm, double *p99_cm)
{
    const oa::Skeleton &sk = *clip.rig.skeleton;
    const int n = sk.num_joints(), soa = sk.num_soa_joints();
    const float shell = (float)(SHELL_CM / 100 / clip.meters_per_unit);
    ozz::vector<om::Transform> raw_local(n);
    ozz::vector<om::SoaTransform> raw_soa(soa), built_soa(soa);
    ozz::vector<om::Float4x4> raw_model(n), built_model(n);
    oa::SamplingJob::Context context(n);
    std::vector<float> a, b;
    std::vector<double> errors;
    for (float t : clip.times) {
        if (!oa::offline::SampleAnimation(clip.raw, t, ozz::make_span(raw_local))) return false;
        for (int s = 0; s < soa; ++s) {
            om::SimdFloat4 tr[4], ro[4], sc[4];
            for (int l = 0; l < 4; ++l) {
                const om::Transform &x = raw_local[std::min(4 * s + l, n - 1)];
                tr[l] = om::simd_float4::Load3PtrU(&x.translation.x);
                ro[l] = om::simd_float4::LoadPtrU(&x.rotation.x);
                sc[l] = om::simd_float4::Load3PtrU(&x.scale.x);
            }
            om::Transpose4x3(tr, &raw_soa[s].translation.x);
            om::Transpose4x4(ro, &raw_soa[s].rotation.x);
            om::Transpose4x3(sc, &raw_soa[s].scale.x);
        }
        oa::SamplingJob sampling;
        sampling.animation = &built;
        sampling.context = &context;
        sampling.ratio = clip.raw.duration > 0 ? t / clip.raw.duration : 0.f;
        sampling.output = ozz::make_span(built_soa);
        oa::LocalToModelJob l2m;
        l2m.skeleton = &sk;
        l2m.input = ozz::make_span(raw_soa);
        l2m.output = ozz::make_span(raw_model);
        if (!sampling.Run() || !l2m.Run()) return false;
        l2m.input = ozz::make_span(built_soa);
        l2m.output = ozz::make_span(built_model);
        if (!l2m.Run()) return false;
        shell_points(raw_model.data(), clip.driven, shell, &a);
        shell_points(built_model.data(), clip.driven, shell, &b);
        for (size_t bone = 0; bone < clip.driven.size(); ++bone) {
            double e = 0;
            for (size_t p = 9 * bone; p < 9 * bone + 9; p += 3)
                e = std::max(e, std::sqrt(std::pow((double)a[p] - b[p], 2) + std::pow((double)a[p + 1] - b[p + 1], 2) +
                                          std::pow((double)a[p + 2] - b[p + 2], 2)));
            errors.push_back(e * clip.meters_per_unit * 100);
        }
    }
    std::sort(errors.begin(), errors.end());
    *max_cm = errors.empty() ? 0 : errors.back();
    *p99_cm = errors.empty() ? 0 : errors[(size_t)std::ceil(0.99 * (double)errors.size()) - 1];
    return true;
}

bool compress(const Clip &clip, Row *out)
{
    const double bone_samples = (double)clip.driven.size() * clip.times.size();
    oa::offline::AnimationBuilder builder;
    oa::offline::AnimationOptimizer optimizer;
    optimizer.setting = oa::offline::AnimationOptimizer::Setting((float)(MAX_ERROR_CM / 100 / clip.meters_per_unit),
                                                                 (float)(SHELL_CM / 100 / clip.meters_per_unit));
    oa::offline::RawAnimation optimized;
    if (!clip.raw.Validate() || !optimizer(clip.raw, *clip.rig.skeleton, &optimized)) {
        fprintf(stderr, "bench_ozz: %s clip %s: AnimationOptimizer refused it\n", clip.file.c_str(), clip.name.c_str());
        return false;
    }
    ozz::unique_ptr<oa::Animation> plain = builder(clip.raw), built = builder(optimized);
    if (!plain || !built || bone_samples == 0) {
        fprintf(stderr, "bench_ozz: %s clip %s: AnimationBuilder refused it\n", clip.file.c_str(), clip.name.c_str());
        return false;
    }
    out->bones = (uint32_t)clip.driven.size();
    out->samples = (uint32_t)clip.times.size();
    out->joints = (uint32_t)clip.rig.skeleton->num_joints();
    out->raw_bytes = plain->size();
    out->bytes = built->size();
    return measure(clip, *built, &out->max_cm, &out->p99_cm) &&
           measure(clip, *plain, &out->raw_max_cm, &out->raw_p99_cm);
}

/* ---- the clips: the workload's, and a glTF file's -------------------------------------------------- */

bool workload_clips(std::vector<Clip> *out)
{
    bench_config cfg;
    bench_config_defaults(&cfg);
    bench_keys keys;
    if (bench_keys_make(&cfg, cfg.keys, &keys) != BENCH_OK) return false;
    static const char *const names[] = {"walk", "run"}; /* bench_mixer's names of clips 0 and 1 */
    bool ok = true;
    for (uint32_t c = 0; c < keys.clip_count && ok; ++c) {
        Clip clip;
        clip.file = "workload";
        clip.name = c < 2 ? names[c] : "clip" + std::to_string(c);
        ok = bench_ozz::workload_rig(cfg, keys, &clip.rig);
        if (!ok) break;
        bench_ozz::workload_raw_animation(cfg, keys, clip.rig, c, &clip.raw);
        for (uint32_t b = 0; b < keys.bone_count; ++b) clip.driven.push_back(clip.rig.joint_of[b]);
        clip.times.assign(keys.times, keys.times + keys.key_count);
        out->push_back(std::move(clip));
    }
    bench_keys_free(&keys);
    return ok;
}

/* A node's position, quaternion and scale tracks in a clip (NULL: none). */
struct NodeTracks {
    const ta_track *of[3] = {nullptr, nullptr, nullptr};
};

float max_abs3(ta_vec3 v)
{
    return std::max(std::fabs(v.x), std::max(std::fabs(v.y), std::fabs(v.z)));
}

/* The clips of one glTF file, each over the nodes it drives and those between
 * them; false when the file cannot be read. */
bool gltf_clips(const std::string &file, const std::string &path, double meters_per_unit, std::vector<Clip> *out)
{
    ta_model *model = NULL;
    ta_error err;
    memset(&err, 0, sizeof err);
    if (ta_gltf_load_file(path.c_str(), NULL, &model, &err) != TA_OK) {
        fprintf(stderr, "bench_ozz: %s skipped: %s\n", path.c_str(), err.message);
        return false;
    }
    const ta_scene *scene = model->scene;
    for (uint32_t a = 0; a < model->animation_count; ++a) {
        const ta_clip *tc = model->animations[a];
        Clip clip;
        clip.file = file;
        clip.name = ta_clip_name(tc);
        /* node -> its tracks (position, quaternion, scale) */
        std::map<uint32_t, NodeTracks> tracks;
        const char *refused = NULL;
        for (uint32_t i = 0; i < ta_clip_track_count(tc) && refused == NULL; ++i) {
            const ta_track *t = ta_clip_track(tc, i);
            const ta_track_target target = ta_track_target_of(t);
            const ta_interpolation interp = ta_track_interpolation(t);
            const int kind = target.kind == TA_TRACK_KIND_POSITION     ? 0
                             : target.kind == TA_TRACK_KIND_QUATERNION ? 1
                             : target.kind == TA_TRACK_KIND_SCALE      ? 2
                                                                       : -1;
            if (kind < 0 || target.family != TA_TARGET_FAMILY_NODE) refused = ta_track_kind_name(target.kind);
            else if (interp != TA_INTERPOLATION_LINEAR && interp != TA_INTERPOLATION_STEP)
                refused = ta_interpolation_name(interp);
            else {
                NodeTracks &node = tracks[target.index];
                if (node.of[kind] == nullptr) node.of[kind] = t;
                clip.times.insert(clip.times.end(), ta_track_times(t), ta_track_times(t) + ta_track_key_count(t));
            }
        }
        if (refused != NULL || tracks.empty()) {
            fprintf(stderr, "bench_ozz: %s clip %s skipped: %s\n", file.c_str(), clip.name.c_str(),
                    refused != NULL ? refused : "no node tracks");
            continue;
        }
        std::sort(clip.times.begin(), clip.times.end());
        clip.times.erase(std::unique(clip.times.begin(), clip.times.end()), clip.times.end());
        /* the rig: each driven node and the nodes up to its topmost driven ancestor */
        std::map<uint32_t, int> index_of; /* node -> bone of the rig */
        std::vector<uint32_t> nodes;
        for (const auto &kv : tracks) {
            uint32_t top = kv.first;
            for (uint32_t p = scene->nodes[top].parent.index; p != TA_NONE; p = scene->nodes[p].parent.index)
                if (tracks.count(p)) top = p;
            for (uint32_t p = kv.first;; p = scene->nodes[p].parent.index) {
                if (index_of.emplace(p, (int)nodes.size()).second) nodes.push_back(p);
                if (p == top) break;
            }
        }
        std::vector<int> parents(nodes.size());
        std::vector<om::Transform> rest(nodes.size());
        double top_scale = 0;
        for (size_t i = 0; i < nodes.size(); ++i) {
            const ta_node &n = scene->nodes[nodes[i]];
            const auto parent = index_of.find(n.parent.index);
            parents[i] = parent == index_of.end() ? -1 : parent->second;
            rest[i].translation = om::Float3(n.position.x, n.position.y, n.position.z);
            rest[i].rotation = om::Quaternion(n.quaternion.x, n.quaternion.y, n.quaternion.z, n.quaternion.w);
            rest[i].scale = om::Float3(n.scale.x, n.scale.y, n.scale.z);
            if (parents[i] < 0) { /* a topmost node: the scale of the space it sits in, as ta_clip_compress reads it */
                double s = 1;
                for (uint32_t p = n.parent.index; p != TA_NONE; p = scene->nodes[p].parent.index)
                    s *= max_abs3(scene->nodes[p].scale);
                top_scale = std::max(top_scale, s);
            }
        }
        clip.meters_per_unit = meters_per_unit > 0 ? meters_per_unit : top_scale > 0 ? top_scale : 1;
        if (!bench_ozz::make_rig(parents, rest, &clip.rig)) continue;
        const double duration = ta_clip_duration(tc).seconds;
        clip.raw.duration = duration > 0 ? (float)duration : 1.f;
        clip.raw.tracks.assign(nodes.size(), oa::offline::RawAnimation::JointTrack());
        for (size_t i = 0; i < nodes.size(); ++i) {
            oa::offline::RawAnimation::JointTrack &track = clip.raw.tracks[(size_t)clip.rig.joint_of[i]];
            const auto found = tracks.find(nodes[i]);
            const NodeTracks own = found != tracks.end() ? found->second : NodeTracks();
            if (found != tracks.end()) clip.driven.push_back(clip.rig.joint_of[i]);
            /* a channel the clip does not drive holds the node's rest value */
            const float at0[1] = {0.f};
            const float *times[3], *values[3];
            uint32_t counts[3];
            const om::Transform &r = rest[i];
            const float rest_values[3][4] = {{r.translation.x, r.translation.y, r.translation.z, 0},
                                             {r.rotation.x, r.rotation.y, r.rotation.z, r.rotation.w},
                                             {r.scale.x, r.scale.y, r.scale.z, 0}};
            for (int k = 0; k < 3; ++k) {
                times[k] = own.of[k] ? ta_track_times(own.of[k]) : at0;
                values[k] = own.of[k] ? ta_track_values(own.of[k]) : rest_values[k];
                counts[k] = own.of[k] ? ta_track_key_count(own.of[k]) : 1;
            }
            for (uint32_t k = 0; k < counts[0]; ++k)
                track.translations.push_back(
                    {times[0][k], om::Float3(values[0][3 * k], values[0][3 * k + 1], values[0][3 * k + 2])});
            for (uint32_t k = 0; k < counts[1]; ++k)
                track.rotations.push_back({times[1][k], om::Quaternion(values[1][4 * k], values[1][4 * k + 1],
                                                                       values[1][4 * k + 2], values[1][4 * k + 3])});
            for (uint32_t k = 0; k < counts[2]; ++k)
                track.scales.push_back(
                    {times[2][k], om::Float3(values[2][3 * k], values[2][3 * k + 1], values[2][3 * k + 2])});
        }
        out->push_back(std::move(clip));
    }
    ta_model_destroy(model);
    return true;
}

} // namespace

int bench_ozz::run_compress(int argc, char **argv)
{
    const char *env = getenv("TA_SAMPLES_DIR");
    const std::string samples = env != NULL && env[0] != '\0' ? env : TA_SAMPLES_DIR_DEFAULT;
    std::vector<Clip> clips;
    if (!workload_clips(&clips)) {
        fprintf(stderr, "bench_ozz: the workload's clips could not be made\n");
        return BENCH_REFUSED;
    }
    for (int i = 0; i < argc; ++i) {
        std::string file = argv[i];
        double mpu = 0;
        const size_t at = file.rfind('@');
        if (at != std::string::npos) {
            char *end = NULL;
            mpu = strtod(file.c_str() + at + 1, &end);
            if (end == file.c_str() + at + 1 || *end != '\0' || !(mpu > 0)) {
                fprintf(stderr, "bench_ozz: --compress %s: the meters a unit after @ is not a number above 0\n",
                        argv[i]);
                return BENCH_USAGE;
            }
            file.resize(at);
        }
        FILE *f = fopen(file.c_str(), "rb");
        const std::string path = f != NULL || samples.empty() ? file : samples + "/" + file;
        if (f != NULL) fclose(f);
        gltf_clips(file, path, mpu, &clips);
    }
    printf("{\"bench\":\"compress\",\"impl\":\"ozz-animation\",\"version\":\"%s\",\"max_error_cm\":%g,\"shell_cm\":%g,"
           "\"clips\":[",
           TA_OZZ_VERSION, MAX_ERROR_CM, SHELL_CM);
    int n = 0;
    for (const Clip &clip : clips) {
        Row r;
        if (!compress(clip, &r)) continue;
        const double bs = (double)r.bones * r.samples;
        printf("%s{\"file\":\"%s\",\"clip\":\"%s\",\"bones\":%u,\"samples\":%u,\"joints\":%u,\"meters_per_unit\":%g,"
               "\"ozz\":%.3f,\"max_cm\":%.6f,\"p99_cm\":%.6f,\"ozz_keys\":%.3f,\"keys_max_cm\":%.6f,"
               "\"keys_p99_cm\":%.6f}",
               n++ ? "," : "", clip.file.c_str(), clip.name.c_str(), r.bones, r.samples, r.joints, clip.meters_per_unit,
               r.bytes / bs, r.max_cm, r.p99_cm, r.raw_bytes / bs, r.raw_max_cm, r.raw_p99_cm);
    }
    puts("]}");
    return BENCH_OK;
}
