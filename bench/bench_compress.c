/*
 * bench_compress -- bytes a bone-sample (translation, rotation and scale of one
 * bone at one key time) of every clip of the bundled model and the Khronos
 * skinned samples: as three.js holds them (Float32Array times and values; a
 * times array counted once for the tracks that share it, as GLTFLoader shares
 * a sampler's input), as threeanim's float clip holds them (its tracks' keys and
 * the fused copy beside them) and compressed (ta_clip_compress, every byte),
 * with the compressed clip's largest and 99th-percentile error at 3 cm; and the
 * time of a mixer update playing the float clip and the compressed clip's window
 * (ta_compressed_clip_window) alone, 60 updates a second: CPU time, the two
 * alternated in 21 rounds of 2,000 updates within the process, the median round of each.
 *
 *   bench_compress [SAMPLES_DIR]   (default: $TA_SAMPLES_DIR, else the Khronos samples folder CMake was given)
 *
 * One JSON line on stdout (bench/run.mjs prints it as a table). Run from the
 * source tree (examples/default.glb). A file that is not there is skipped.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "animation/clip_fused.h"
#include "animation/clip_internal.h"
#include "threeanim/threeanim.h"

typedef struct file {
    const char *path;
    bool in_samples;
    double meters_per_unit; /* 0: the scene's; the Fox is in centimeters */
} file;

static const file files[] = {
    {"examples/default.glb", false, 0},
    {"SimpleSkin/glTF/SimpleSkin.gltf", true, 0},
    {"RiggedSimple/glTF-Binary/RiggedSimple.glb", true, 0},
    {"RiggedFigure/glTF-Binary/RiggedFigure.glb", true, 0},
    {"CesiumMan/glTF-Binary/CesiumMan.glb", true, 0},
    {"BrainStem/glTF-Binary/BrainStem.glb", true, 0},
    {"Fox/glTF-Binary/Fox.glb", true, 0.01},
};

/* Bytes of the Float32Arrays three.js keeps: values per track, times per distinct time array. */
static size_t threejs_bytes(const ta_clip *clip)
{
    size_t bytes = 0;
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        bytes += sizeof(float) * (size_t)ta_track_key_count(t) * ta_track_value_size(t);
        bool shared = false;
        for (uint32_t j = 0; j < i && !shared; ++j) {
            const ta_track *u = clip->tracks[j];
            shared = ta_track_key_count(u) == ta_track_key_count(t) &&
                     memcmp(ta_track_times(u), ta_track_times(t), sizeof(float) * ta_track_key_count(t)) == 0;
        }
        if (!shared) bytes += sizeof(float) * (size_t)ta_track_key_count(t);
    }
    return bytes;
}

/* threeanim's float clip: every track's times, values and tangents, and the fused copy. */
static size_t float_bytes(const ta_clip *clip)
{
    size_t bytes = clip->fused != NULL ? clip->fused->bytes : 0;
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        bytes += sizeof(float) * ((size_t)ta_track_key_count(t) * (1 + ta_track_value_size(t)) + ta_track_tangent_count(t) * 2);
    }
    return bytes;
}

static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

typedef struct player {
    ta_action *action;
    ta_mixer *mixer;
} player;

static bool player_make(const ta_clip *clip, player *p)
{
    ta_error err = {0};
    p->action = NULL;
    p->mixer = NULL;
    if (ta_action_create(clip, NULL, &p->action, &err) != TA_OK) return false;
    if (ta_mixer_create(ta_node_none(), NULL, &p->mixer, &err) != TA_OK || ta_mixer_add(p->mixer, p->action, ta_node_none(), NULL, &err) != TA_OK ||
        ta_action_play(p->action, &err) != TA_OK) {
        ta_mixer_destroy(p->mixer);
        return false;
    }
    return true;
}

static double play(player *p, ta_scene *scene, int updates)
{
    ta_error err = {0};
    const double t0 = cpu_ns();
    for (int u = 0; u < updates; ++u) ta_mixer_update(p->mixer, scene, ta_duration_from_seconds(1.0 / 60), &err);
    return cpu_ns() - t0;
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ns of CPU time per update of a mixer playing the float clip alone and one playing the window
 * alone (looping, 60 updates a second), the two alternated in ROUNDS rounds of `updates` / ROUNDS
 * within this process, so that the box's load falls on both alike; each the median of its
 * rounds, so that a round the box took elsewhere does not count. false when it cannot. */
enum { ROUNDS = 21 };
static bool update_ns(const ta_clip *clip, const ta_clip *window, ta_scene *scene, int updates, double *float_ns, double *window_ns)
{
    player a, b;
    if (!player_make(clip, &a)) return false;
    if (!player_make(window, &b)) {
        ta_mixer_destroy(a.mixer);
        return false;
    }
    const int per = updates / ROUNDS;
    double ta[ROUNDS], tb[ROUNDS];
    for (int r = 0; r < ROUNDS; ++r) {
        ta[r] = play(&a, scene, per) / per;
        tb[r] = play(&b, scene, per) / per;
    }
    ta_mixer_destroy(a.mixer);
    ta_mixer_destroy(b.mixer);
    qsort(ta, ROUNDS, sizeof ta[0], by_value);
    qsort(tb, ROUNDS, sizeof tb[0], by_value);
    *float_ns = ta[ROUNDS / 2];
    *window_ns = tb[ROUNDS / 2];
    return true;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("TA_SAMPLES_DIR");
    if (dir == NULL || dir[0] == '\0') dir = TA_SAMPLES_DIR_DEFAULT;
    printf("{\"bench\":\"compress\",\"clips\":[");
    int n = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; ++f) {
        char path[1024];
        snprintf(path, sizeof path, "%s%s%s", files[f].in_samples ? dir : "", files[f].in_samples ? "/" : "", files[f].path);
        ta_model *model = NULL;
        ta_error err = {0};
        if (ta_gltf_load_file(path, NULL, &model, &err) != TA_OK) {
            fprintf(stderr, "bench_compress: %s skipped: %s\n", path, err.message);
            continue;
        }
        for (uint32_t c = 0; c < model->animation_count; ++c) {
            const ta_clip *clip = model->animations[c];
            ta_compress_options o = {0};
            o.meters_per_unit = files[f].meters_per_unit;
            ta_compressed_clip *cc = NULL;
            ta_compress_stats st;
            if (ta_clip_compress(clip, model->scene, &o, &cc, &st, &err) != TA_OK) {
                fprintf(stderr, "bench_compress: %s clip %s not compressed: %s\n", files[f].path, ta_clip_name(clip), err.message);
                continue;
            }
            const double bs = (double)st.bones * st.samples;
            /* the mixer: the float clip, then the compressed clip's window (its keys decoded as the time moves) */
            ta_clip *window = NULL;
            double float_ns = -1, window_ns = -1;
            if (ta_compressed_clip_window(cc, NULL, &window, &err) == TA_OK) {
                if (!update_ns(clip, window, model->scene, 42000, &float_ns, &window_ns)) float_ns = window_ns = -1;
                ta_clip_release(window);
            }
            printf("%s{\"file\":\"%s\",\"clip\":\"%s\",\"bones\":%u,\"samples\":%u,\"threejs\":%.3f,\"float\":%.3f,"
                   "\"compressed\":%.3f,\"max_cm\":%.6f,\"p99_cm\":%.6f,\"float_ns\":%.1f,\"compressed_ns\":%.1f}",
                   n++ ? "," : "", files[f].path, ta_clip_name(clip), st.bones, st.samples, threejs_bytes(clip) / bs,
                   float_bytes(clip) / bs, st.bytes_per_bone_sample, st.max_error_cm, st.p99_error_cm, float_ns, window_ns);
            ta_compressed_clip_destroy(cc);
        }
        ta_model_destroy(model);
    }
    printf("]}\n");
    return 0;
}
