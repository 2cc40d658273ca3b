/**
 * @file
 * threeanim/clip_compress.h -- clips kept compressed in memory, opt-in.
 *
 * A float clip holds 40 bytes a bone-sample (translation, rotation and scale
 * of one bone at one key time, as three.js holds them), and more beside it.
 * ta_clip_compress makes a compressed copy of a clip of node tracks: keys
 * quantized to the fewest bits (and, with ta_compress_options.smallest, keys
 * dropped where the two kept around them give the same pose), within an error
 * measured as the Animation Compression Library (nfrechette/acl) measures it:
 *
 *   - three virtual points at the shell distance (3 cm by default) on each
 *     bone's axes, in the bone's own frame;
 *   - each point carried into object space by the raw pose and by the
 *     compressed pose, through the whole hierarchy: a parent's error moves its
 *     children's points too;
 *   - the error of a bone at a sample is the largest distance between a point's
 *     two places; the clip's error is the largest over bones and samples.
 *
 * Object space is the space of the parent of the clip's topmost bones (nodes
 * between two animated bones count at their values in the scene given).
 * Distances are in the clip's units: the caller says how many meters a unit
 * is (ta_compress_options.meters_per_unit); 0 reads it from the scene, as the
 * scale of the space the topmost bones sit in, the scene's own units being
 * meters (glTF's), so that an armature node of scale 0.01 makes the clip's
 * units centimeters.
 *
 *     ta_compressed_clip *small;
 *     ta_compress_stats stats;
 *     if (ta_clip_compress(walk, scene, NULL, &small, &stats, &err) != TA_OK) ...
 *     printf("%.2f bytes a bone-sample, max error %.4f cm\n", stats.bytes_per_bone_sample, stats.max_error_cm);
 *     ta_compressed_clip_sample(small, 0.5, scene, &err);   // the pose at 0.5 s into the scene's nodes
 *     ta_compressed_clip_destroy(small);
 *
 * The compressed clip keeps no float keys; its bytes are one block in the
 * project's own binary form (ta_compressed_clip_write / _read, docs/compression.md).
 */
#ifndef THREEANIM_CLIP_COMPRESS_H
#define THREEANIM_CLIP_COMPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/animation_clip.h"
#include "threeanim/result.h"
#include "threeanim/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How ta_clip_compress works; zeroed (or NULL) means the defaults. */
typedef struct ta_compress_options {
    double shell_distance_cm;      /**< the virtual points' distance from each bone; 0: 3 cm */
    double max_error_cm;           /**< the largest error allowed; 0: 0.01 cm */
    double meters_per_unit;        /**< how many meters the clip's unit is; 0: read from the scene (see above) */
    const ta_allocator *allocator; /**< NULL: the C library's */
    bool smallest;                 /**< false: every track keeps every key (uniformly sampled, as ACL's clips; a window reads them faster); true: keys dropped wherever that saves a byte */
} ta_compress_options;

/** What ta_clip_compress made, measured. */
typedef struct ta_compress_stats {
    size_t bytes;                 /**< every byte the compressed clip holds, its handle included */
    uint32_t bones;               /**< nodes the clip drives */
    uint32_t samples;             /**< key times of the clip (the union of its tracks') */
    double bytes_per_bone_sample; /**< bytes / (bones * samples) */
    double max_error_cm;          /**< the largest error over bones and samples, in cm */
    double p99_error_cm;          /**< the 99th percentile of the bone-samples' errors, in cm */
    double meters_per_unit;       /**< the units the error was measured in (the option, or read from the scene) */
} ta_compress_stats;

/** A compressed clip: read-only once made; share it between threads freely. */
typedef struct ta_compressed_clip ta_compressed_clip;

/**
 * Compresses clip within the options' error, measured over scene's hierarchy. A CUBIC_SPLINE
 * track is kept as lines between points on its curve (each key interval split in 4, 8, ... 64,
 * the fewest that hold), measured against the curve at those points and halfway between; a curve
 * that 64 lines a key interval do not follow within the error is refused.
 *
 * @ownership *out_clip is the caller's (ta_compressed_clip_destroy); the clip is only read.
 * @errors TA_ERROR_INVALID_ARGUMENT (NULL clip, scene or out_clip; an option negative or not
 * finite; a track that is not a node's position, rotation or scale, or not LINEAR, STEP or CUBIC_SPLINE,
 * named by its index; two tracks on one target; more than 65535 key times or driven nodes), TA_ERROR_MISSING_TARGET
 * (a track's node not in scene), TA_ERROR_OUT_OF_MEMORY. Nothing is made when refused.
 * @threejs None: three.js keeps Float32Array keys.
 */
TA_API ta_result ta_clip_compress(const ta_clip *clip, const ta_scene *scene, const ta_compress_options *options,
                                  ta_compressed_clip **out_clip, ta_compress_stats *out_stats, ta_error *err);

/**
 * Frees it. NULL does nothing.
 *
 * @ownership Frees what ta_clip_compress or ta_compressed_clip_read made; the windows made from it
 * (ta_compressed_clip_window) must be released first.
 * @errors None.
 * @threejs None: three.js has no compressed clips.
 */
TA_API void ta_compressed_clip_destroy(ta_compressed_clip *clip);

/**
 * Every byte it holds, its handle included (what stats.bytes said). 0 for NULL.
 *
 * @ownership None.
 * @errors None.
 * @threejs None.
 */
TA_API size_t ta_compressed_clip_bytes(const ta_compressed_clip *clip);

/**
 * Its duration, the source clip's.
 *
 * @ownership None.
 * @errors None (a zero duration for NULL).
 * @threejs AnimationClip.duration of the clip it was made from.
 */
TA_API ta_duration ta_compressed_clip_duration(const ta_compressed_clip *clip);

/**
 * Writes its pose at `time` seconds (held before the first key and after the last) into the
 * scene's nodes it drives: LINEAR tracks lerped (rotations slerped) between the two key times
 * around `time`, STEP tracks held.
 *
 * @ownership Writes the nodes' position, quaternion and scale; keeps no pointer.
 * @errors TA_ERROR_INVALID_ARGUMENT (NULL, time not finite), TA_ERROR_MISSING_TARGET (a node not
 * in scene: nothing written).
 * @threejs None: three.js has no compressed clips (for a clip, an action's pose at one time).
 */
TA_API ta_result ta_compressed_clip_sample(const ta_compressed_clip *clip, double time, ta_scene *scene, ta_error *err);

/**
 * A clip a mixer plays as the compressed clip: the keys of up to nine key times of it a track
 * (eight intervals; fewer in a short clip, one when a moving track is STEP), which the mixer makes,
 * before each update's sampling, those around the action's time, decoded (only when the time
 * leaves them). Both of the mixer's paths read it as any clip.
 *
 * @ownership The caller holds the window's one reference (ta_clip_release). One action plays a
 * window (each action its own: the keys are that action's time's): ta_action_create refuses a
 * second while the first lives (TA_ERROR_BAD_STATE); the compressed clip must
 * outlive it. Root motion on a root it drives is refused (root_motion.h). Editing it (trim,
 * optimize) drops what makes it a window.
 * @errors TA_ERROR_INVALID_ARGUMENT (NULL, a clip of one key time), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js plays whole keyframe tracks.
 */
TA_API ta_result ta_compressed_clip_window(const ta_compressed_clip *clip, const ta_allocator *allocator,
                                           ta_clip **out_clip, ta_error *err);

/**
 * Its bytes in the binary form (docs/compression.md: magic "TAC1", version 5, little-endian),
 * which are the bytes it holds: write them to a file as they are.
 *
 * @ownership *out_data points into the clip and lives as long as it does. NULL for NULL.
 * @errors None (NULL, and a size of 0, for NULL).
 * @threejs None.
 */
TA_API const void *ta_compressed_clip_data(const ta_compressed_clip *clip, size_t *out_size);

/**
 * How many tracks it holds (one a node's position, rotation or scale). 0 for NULL.
 *
 * @ownership None.
 * @errors None.
 * @threejs AnimationClip.tracks.length, of the tracks it kept.
 */
TA_API uint32_t ta_compressed_clip_track_count(const ta_compressed_clip *clip);

/** What ta_compressed_clip_track says of a track. */
typedef struct ta_compressed_track_info {
    ta_node_id node;                /**< the scene node it drives (the scene the clip was compressed over) */
    ta_track_kind kind;             /**< TA_TRACK_KIND_POSITION, TA_TRACK_KIND_QUATERNION or TA_TRACK_KIND_SCALE */
    ta_interpolation interpolation; /**< LINEAR (a CUBIC_SPLINE track's lines too) or STEP */
    bool constant;                  /**< one value at every time: one key */
    uint32_t keys;                  /**< the keys it keeps (the others are made from the two around them) */
    uint32_t components;            /**< numbers a key: 3, or 4 for a rotation */
} ta_compressed_track_info;

/**
 * Track `index`'s kept keys, decoded: their times (seconds, as float32) and values (x y z, a
 * rotation's x y z w, unit) as ta_compressed_clip_sample plays them at those times. A
 * format that says "fewer keys" (glTF's samplers) holds the track as these keys; between two of
 * them the compressed clip's samples mix the two (a rotation's nlerp), the rest of its time
 * interpolates them (slerp). A constant track gives one key, at the clip's first key time.
 *
 * @ownership out_times (info.keys floats) and out_values (info.keys * info.components floats)
 * are the caller's and may be NULL: call with both NULL for the info, then with room.
 * @errors TA_ERROR_INVALID_ARGUMENT (NULL clip or out_info, index past the tracks). Nothing is
 * written when refused.
 * @threejs None.
 */
TA_API ta_result ta_compressed_clip_track(const ta_compressed_clip *clip, uint32_t index, ta_compressed_track_info *out_info,
                                         float *out_times, float *out_values, ta_error *err);

/** What ta_compressed_clip_read accepts before it refuses with TA_ERROR_LIMIT_EXCEEDED; zero fields: the defaults. */
typedef struct ta_compressed_read_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
    uint64_t max_bytes;            /**< 0: 1 GiB (the loaders' max_file_bytes) */
    uint32_t max_tracks;           /**< 0: 2**20 (the loaders' max_tracks) */
    uint64_t max_total_keys;       /**< 0: 2**26 (the loaders' max_total_keys): samples times tracks */
    uint32_t max_nodes;            /**< 0: 2**16: a track's node must be below it */
} ta_compressed_read_options;

/**
 * Reads a compressed clip from the bytes ta_compressed_clip_data gave: every size, count, flag
 * and number checked against the data's length and the limits before anything is allocated, so
 * that what is read decodes inside its bytes.
 *
 * @ownership data is copied; *out_clip is the caller's.
 * @errors TA_ERROR_INVALID_ARGUMENT (NULL data or out_clip), TA_ERROR_PARSE (not the form: the
 * message names the field and its value), TA_ERROR_UNSUPPORTED (another version),
 * TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY.
 * @threejs None.
 */
TA_API ta_result ta_compressed_clip_read(const void *data, size_t size, const ta_compressed_read_options *options,
                                         ta_compressed_clip **out_clip, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
