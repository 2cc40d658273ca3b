/* Subclips, additive clips and key ordering. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_internal.h"
#include "animation/clip_util_internal.h"
#include "threeanim/animation_utils.h"

/* Salts are only hashed; a long uuid may be cut. */
#define SALT_SIZE 160

ta_result ta__check_fps(double fps, ta_error *err)
{
    if (isnan(fps) || isinf(fps)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "fps: %g is not a finite number", fps);
    if (!(fps > 0.0)) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "fps: %g frames a second is not above zero", fps);
    return TA_OK;
}

static ta_result check_frame(const char *arg, double frame, ta_error *err)
{
    if (isnan(frame) || isinf(frame))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g is not a finite number", arg, frame);
    if (frame < 0.0) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: frame %g is below zero", arg, frame);
    return TA_OK;
}

/* ---- subclip ---------------------------------------------------------------------- */

/* The keys of one track that a subclip keeps: [lo, hi). Frames rise with
 * times, so the kept keys are one run. */
typedef struct kept_range {
    uint32_t lo, hi;
} kept_range;

static kept_range keys_in_frames(const ta_track *track, double start_frame, double end_frame, double fps)
{
    const float *times = ta_track_times(track);
    uint32_t n = ta_track_key_count(track);
    kept_range k = {0, 0};
    bool any = false;
    for (uint32_t j = 0; j < n; j++) {
        double frame = (double)times[j] * fps;
        if (frame < start_frame || frame >= end_frame) continue;
        if (!any) k.lo = j;
        any = true;
        k.hi = j + 1;
    }
    if (!any) k.lo = k.hi = 0;
    return k;
}

/* A track of the keys [lo, hi) of source, moved back by offset seconds. */
static ta_result cut_track(const ta_track *source, kept_range k, double offset, const ta__mem *mem,
                           ta_track **out_track, ta_error *err)
{
    uint32_t n = k.hi - k.lo, size = ta_track_value_size(source);
    ta_interpolation interp = ta_track_interpolation(source);
    bool bezier = interp == TA_INTERPOLATION_BEZIER, cubic = interp == TA_INTERPOLATION_CUBIC_SPLINE;
    uint32_t per_key_tangents = bezier ? 2 * size : (cubic ? size : 0);
    uint32_t tangent_count = per_key_tangents * n;
    size_t bytes = (size_t)n * sizeof(float) + 2 * (size_t)tangent_count * sizeof(float) +
                   (size_t)n * sizeof(const char *);
    unsigned char *scratch = (unsigned char *)ta__alloc(mem, bytes);
    if (scratch == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory cutting %u keys", n);
    const char **strings = (const char **)scratch;
    float *times = (float *)(scratch + (size_t)n * sizeof(const char *));
    float *in_t = times + n, *out_t = in_t + tangent_count;

    const float *src_times = ta_track_times(source);
    for (uint32_t j = 0; j < n; j++) times[j] = (float)((double)src_times[k.lo + j] - offset);
    if (tangent_count != 0) {
        memcpy(in_t, ta_track_in_tangents(source) + (size_t)k.lo * per_key_tangents, tangent_count * sizeof(float));
        memcpy(out_t, ta_track_out_tangents(source) + (size_t)k.lo * per_key_tangents, tangent_count * sizeof(float));
        if (bezier) /* a control point is (time, value): its time moves with its key */
            for (uint32_t j = 0; j < tangent_count; j += 2) {
                in_t[j] = (float)((double)in_t[j] - offset);
                out_t[j] = (float)((double)out_t[j] - offset);
            }
    }
    ta_track_desc desc = {0};
    desc.target = ta_track_target_of(source);
    desc.interpolation = interp;
    desc.times = times;
    desc.key_count = n;
    desc.in_tangents = tangent_count != 0 ? in_t : NULL;
    desc.out_tangents = tangent_count != 0 ? out_t : NULL;
    desc.tangent_count = tangent_count;
    ta_result r = TA_OK;
    if (ta_track_kind_value_type(desc.target.kind) == TA_VALUE_TYPE_STRING) {
        uint32_t all = ta_track_key_count(source);
        const char **every = (const char **)ta__calloc(mem, all, sizeof *every);
        if (every == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading %u strings", all);
        if (r == TA_OK) r = ta_track_key_strings(source, every, all, err);
        if (r == TA_OK) memcpy(strings, every + k.lo, (size_t)n * sizeof *strings);
        ta__free(mem, every, (size_t)all * sizeof *every);
        desc.strings = strings;
    } else {
        desc.values = ta_track_values(source) + (size_t)k.lo * size;
        desc.value_count = n * size;
    }
    if (r == TA_OK) r = ta_track_create(&desc, &mem->a, out_track, err);
    ta__free(mem, scratch, bytes);
    return r;
}

ta_result ta_clip_subclip(const ta_clip *clip, const char *name, double start_frame, double end_frame, double fps,
                     const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = ta__check_fps(fps, err);
    if (r == TA_OK) r = check_frame("start_frame", start_frame, err);
    if (r == TA_OK) r = check_frame("end_frame", end_frame, err);
    if (r != TA_OK) return r;
    if (end_frame < start_frame)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "end_frame: frame %g ends before start_frame %g", end_frame,
                        start_frame);
    if (name == NULL) name = "";
    ta__cc_window_sync(clip); /* a compressed clip's window: its keys as the mixer last read them */
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;

    uint32_t count = clip->track_count;
    kept_range *ranges = (kept_range *)ta__calloc(&mem, count, sizeof *ranges);
    ta_track **tracks = (ta_track **)ta__calloc(&mem, count, sizeof *tracks);
    if (ranges == NULL || tracks == NULL) {
        ta__free(&mem, ranges, (size_t)count * sizeof *ranges);
        ta__free(&mem, tracks, (size_t)count * sizeof *tracks);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making subclip \"%s\"", name);
    }
    /* three.js moves every kept key by the earliest kept time over all tracks. */
    double earliest = INFINITY;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < count; i++) {
        ranges[i] = keys_in_frames(clip->tracks[i], start_frame, end_frame, fps);
        if (ranges[i].hi == ranges[i].lo) continue;
        kept++;
        double first = ta_track_times(clip->tracks[i])[ranges[i].lo];
        if (first < earliest) earliest = first;
    }
    double longest = 0.0;
    for (uint32_t i = 0; i < count; i++) {
        if (ranges[i].hi == ranges[i].lo) continue;
        double last = (float)((double)ta_track_times(clip->tracks[i])[ranges[i].hi - 1] - earliest);
        if (last > longest) longest = last;
    }
    if (kept == 0)
        r = ta__fail(err, TA_ERROR_EMPTY_CLIP,
                     "subclip \"%s\": frames %g to %g at %g fps keep no key of the %u track%s of clip \"%s\"", name,
                     start_frame, end_frame, fps, count, count == 1 ? "" : "s", clip->name);
    else if (!(longest > 0.0))
        r = ta__fail(err, TA_ERROR_EMPTY_CLIP,
                     "subclip \"%s\": frames %g to %g at %g fps keep keys at one time only (%g s), so the subclip "
                     "would last no time",
                     name, start_frame, end_frame, fps, earliest);

    uint32_t made = 0;
    for (uint32_t i = 0; i < count && r == TA_OK; i++) {
        if (ranges[i].hi == ranges[i].lo) continue;
        r = cut_track(clip->tracks[i], ranges[i], earliest, &mem, &tracks[made], err);
        if (r != TA_OK) {
            ta__prefix(err, r, "subclip: track %u", i);
            break;
        }
        made++;
    }
    if (r == TA_OK) {
        ta_clip_options opts = {0};
        opts.allocator = &mem.a;
        opts.blend_mode = clip->blend_mode;
        opts.user_data = clip->user_data;
        opts.markers = clip->markers;
        opts.marker_count = clip->marker_count;
        char salt[SALT_SIZE];
        snprintf(salt, sizeof salt, "subclip of %s", clip->uuid);
        r = ta__clip_create_salted(name, tracks, made, &opts, salt, out_clip, err);
    }
    if (r != TA_OK) ta__destroy_tracks(tracks, made);
    ta__free(&mem, ranges, (size_t)count * sizeof *ranges);
    ta__free(&mem, tracks, (size_t)count * sizeof *tracks);
    return r;
}

/* ---- make_clip_additive ----------------------------------------------------------- */

#define MAX_VALUE_SIZE 16

/* The reference track's value at time `at`, as three.js's makeClipAdditive
 * reads it; a rotation is then normalized and conjugated, in double, and
 * stored as float32 as three.js stores it back into its reference array. */
static ta_result reference_value(const ta_track *ref, double at, float *out, ta_error *err)
{
    uint32_t size = ta_track_value_size(ref), n = ta_track_key_count(ref);
    const float *times = ta_track_times(ref), *values = ta_track_values(ref);
    if (at <= times[0]) {
        memcpy(out, values, size * sizeof(float));
    } else if (at >= times[n - 1]) {
        memcpy(out, values + (size_t)(n - 1) * size, size * sizeof(float));
    } else {
        ta_result r = ta_track_sample(ref, at, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, out, size, err);
        if (r != TA_OK) return r;
    }
    if (ta_track_kind_value_type(ta_track_target_of(ref).kind) == TA_VALUE_TYPE_ROTATION) {
        double x = out[0], y = out[1], z = out[2], w = out[3];
        double l = sqrt(x * x + y * y + z * z + w * w);
        if (l == 0.0) {
            x = y = z = 0.0;
            w = 1.0;
        } else {
            l = 1.0 / l;
            x *= l;
            y *= l;
            z *= l;
            w *= l;
        }
        out[0] = (float)-x;
        out[1] = (float)-y;
        out[2] = (float)-z;
        out[3] = (float)w;
    }
    return TA_OK;
}

/* Takes the reference off every key of track (a copy this call owns). */
static ta_result take_off(ta_track *track, const float *reference, uint32_t track_index, ta_error *err)
{
    uint32_t size = track->value_size, n = track->key_count;
    float *v = track->values;
    if (track->value_type == TA_VALUE_TYPE_ROTATION) {
        double ref[4] = {reference[0], reference[1], reference[2], reference[3]};
        for (uint32_t j = 0; j < n; j++) {
            double key[4] = {v[4 * j], v[4 * j + 1], v[4 * j + 2], v[4 * j + 3]}, out[4];
            ta_quat_multiply_flat(out, ref, key);
            for (int c = 0; c < 4; c++) v[4 * j + c] = (float)out[c];
        }
        return TA_OK;
    }
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t c = 0; c < size; c++) {
            float before = v[j * size + c];
            float after = (float)((double)before - (double)reference[c]);
            if (isinf(after))
                return ta__fail(err, TA_ERROR_NOT_A_NUMBER,
                                "make_clip_additive: track %u key %u number %u: %g minus the reference %g is past "
                                "the largest float",
                                track_index, j, c, (double)before, (double)reference[c]);
            v[j * size + c] = after;
        }
    return TA_OK;
}

ta_result ta_clip_make_additive(const ta_clip *clip, double reference_frame, const ta_clip *reference_clip,
                                double fps, const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    if (clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "clip: NULL");
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = ta__check_fps(fps, err);
    if (r == TA_OK) r = check_frame("reference_frame", reference_frame, err);
    if (r != TA_OK) return r;
    const ta_clip *ref = reference_clip != NULL ? reference_clip : clip;
    ta__cc_window_sync(clip); /* compressed clips' windows: their keys as the mixer last read them */
    ta__cc_window_sync(ref);
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;

    uint32_t count = clip->track_count;
    ta_track **tracks = (ta_track **)ta__calloc(&mem, count, sizeof *tracks);
    if (tracks == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying clip \"%s\"", clip->name);
    uint32_t made = 0;
    for (; made < count && r == TA_OK; made++) {
        r = ta_track_copy(clip->tracks[made], &mem.a, &tracks[made], err);
        if (r != TA_OK) break;
    }
    double at = reference_frame / fps;
    for (uint32_t i = 0; i < ref->track_count && r == TA_OK; i++) {
        const ta_track *rt = ref->tracks[i];
        ta_track_target target = ta_track_target_of(rt);
        ta_value_type type = ta_track_kind_value_type(target.kind);
        if (type == TA_VALUE_TYPE_FLAG || type == TA_VALUE_TYPE_STRING) continue;
        uint32_t j = 0;
        while (j < count && !ta_track_target_eq(ta_track_target_of(tracks[j]), target)) j++;
        if (j == count) continue;
        float value[MAX_VALUE_SIZE];
        if (ta_track_value_size(rt) > MAX_VALUE_SIZE || ta_track_value_size(rt) != tracks[j]->value_size) {
            r = ta__fail(err, TA_ERROR_BAD_VALUE_COUNT,
                         "reference_clip: track %u holds %u numbers a key, track %u of the clip %u", i,
                         ta_track_value_size(rt), j, tracks[j]->value_size);
            break;
        }
        r = reference_value(rt, at, value, err);
        if (r != TA_OK) {
            ta__prefix(err, r, "reference_clip: track %u at %g s", i, at);
            break;
        }
        r = take_off(tracks[j], value, j, err);
    }
    if (r == TA_OK) {
        ta_clip_options opts = {0};
        opts.allocator = &mem.a;
        opts.duration = clip->duration;
        opts.blend_mode = TA_BLEND_MODE_ADDITIVE;
        opts.user_data = clip->user_data;
        opts.markers = clip->markers;
        opts.marker_count = clip->marker_count;
        char salt[SALT_SIZE];
        snprintf(salt, sizeof salt, "additive of %s from %s at %.17g / %.17g", clip->uuid, ref->uuid,
                 reference_frame, fps);
        r = ta__clip_create_salted(clip->name, tracks, count, &opts, salt, out_clip, err);
    }
    if (r != TA_OK) ta__destroy_tracks(tracks, made);
    ta__free(&mem, tracks, (size_t)count * sizeof *tracks);
    return r;
}

/* ---- key order --------------------------------------------------------------------- */

/* Earlier time first, then lower index: the order of a stable sort, which is
 * what three.js gets from Array.prototype.sort. */
static bool key_before(const float *times, uint32_t a, uint32_t b)
{
    return times[a] < times[b] || (times[a] == times[b] && a < b);
}

static void sift_down(const float *times, uint32_t *heap, uint32_t root, uint32_t size)
{
    for (;;) {
        uint32_t child = 2 * root + 1;
        if (child >= size) return;
        if (child + 1 < size && key_before(times, heap[child], heap[child + 1])) child++;
        if (!key_before(times, heap[root], heap[child])) return;
        uint32_t t = heap[root];
        heap[root] = heap[child];
        heap[child] = t;
        root = child;
    }
}

ta_result ta_keyframe_compute_order(const float *times, uint32_t count, uint32_t *out_order, ta_error *err)
{
    if (count != 0 && (times == NULL || out_order == NULL))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL with a count of %u",
                        times == NULL ? "times" : "out_order", count);
    for (uint32_t i = 0; i < count; i++)
        if (isnan(times[i])) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "times: key %u is NaN", i);
    /* Heapsort on a total order: O(n log n) without scratch memory. */
    for (uint32_t i = 0; i < count; i++) out_order[i] = i;
    if (count < 2) return TA_OK;
    for (uint32_t i = count / 2; i-- > 0;) sift_down(times, out_order, i, count);
    for (uint32_t end = count - 1; end > 0; end--) {
        uint32_t t = out_order[0];
        out_order[0] = out_order[end];
        out_order[end] = t;
        sift_down(times, out_order, 0, end);
    }
    return TA_OK;
}

ta_result ta_keyframe_apply_order(const float *values, uint32_t value_count, uint32_t stride, const uint32_t *order,
                          uint32_t order_count, float *out_values, ta_error *err)
{
    if (stride == 0) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "stride: 0; a key holds at least one number");
    if (value_count % stride != 0)
        return ta__fail(err, TA_ERROR_BAD_VALUE_COUNT, "values: %u numbers do not divide into keys of %u", value_count,
                        stride);
    if (order_count != value_count / stride)
        return ta__fail(err, TA_ERROR_BAD_VALUE_COUNT, "order: %u indices for %u keys", order_count,
                        value_count / stride);
    if (value_count != 0 && (values == NULL || order == NULL || out_values == NULL))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL",
                        values == NULL ? "values" : (order == NULL ? "order" : "out_values"));
    if (value_count != 0 && out_values == values)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_values: the same array as values");
    for (uint32_t i = 0; i < order_count; i++)
        if (order[i] >= order_count)
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "order: index %u is %u, past the %u keys", i, order[i],
                            order_count);
    for (uint32_t i = 0; i < order_count; i++)
        memcpy(out_values + (size_t)i * stride, values + (size_t)order[i] * stride, stride * sizeof(float));
    return TA_OK;
}
