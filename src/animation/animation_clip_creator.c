/* Ready-made clips: three.js's AnimationClipCreator. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "animation/clip_util_internal.h"
#include "threeanim/animation_clip_creator.h"

static ta_result check_length(const char *arg, ta_duration d, ta_error *err)
{
    double s = d.seconds;
    if (isnan(s) || isinf(s)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: %g s is not a finite number", arg, s);
    if (s < 0.0) return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "%s: %g s is below zero", arg, s);
    if (s == 0.0)
        return ta__fail(err, TA_ERROR_EMPTY_CLIP, "%s: 0 s; a clip must last longer than no time", arg);
    return TA_OK;
}

/* The clip of one track made from desc, lasting `length` seconds. */
static ta_result one_track_clip(const ta_track_desc *desc, double length, const ta_allocator *allocator,
                                ta_clip **out_clip, ta_error *err)
{
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_track *track;
    r = ta_track_create(desc, &mem.a, &track, err);
    if (r != TA_OK) return r;
    ta_clip_options opts = {0};
    opts.allocator = &mem.a;
    opts.duration = length;
    r = ta_clip_create("", &track, 1, &opts, out_clip, err);
    if (r != TA_OK) ta_track_destroy(track);
    return r;
}

/* From 0 to `to` over period: the rotation and scale axis clips. */
static ta_result axis_clip(ta_node_id node, ta_duration period, uint32_t axis, ta_track_kind kind, float to,
                           const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = check_length("period", period, err);
    if (r != TA_OK) return r;
    ta_track_desc desc = {0};
    r = ta_track_target_node_element(node, kind, axis, &desc.target, err);
    if (r != TA_OK) return r;
    const float times[2] = {0.0f, (float)period.seconds};
    const float values[2] = {0.0f, to};
    desc.times = times;
    desc.key_count = 2;
    desc.values = values;
    desc.value_count = 2;
    return one_track_clip(&desc, period.seconds, allocator, out_clip, err);
}

ta_result ta_clip_create_rotation_animation(ta_node_id node, ta_duration period, uint32_t axis,
                                       const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    /* three.js's 360, which a rotation reads as radians. */
    return axis_clip(node, period, axis, TA_TRACK_KIND_ROTATION_ELEMENT, 360.0f, allocator, out_clip, err);
}

ta_result ta_clip_create_scale_axis_animation(ta_node_id node, ta_duration period, uint32_t axis,
                                         const ta_allocator *allocator, ta_clip **out_clip, ta_error *err)
{
    return axis_clip(node, period, axis, TA_TRACK_KIND_SCALE_ELEMENT, 1.0f, allocator, out_clip, err);
}

/* three.js makes a key at each i / 10 with i < duration * 10: that is
 * ceil(duration * 10) keys for a duration above zero. */
static ta_result tenth_keys(ta_duration duration, uint32_t *out_count, ta_error *err)
{
    ta_result r = check_length("duration", duration, err);
    if (r != TA_OK) return r;
    double tenths = duration.seconds * 10.0;
    if (!(tenths <= (double)TA_CLIP_CREATOR_MAX_KEYS))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE,
                        "duration: %g s makes %.17g keys a tenth of a second apart, more than %u (past which float32 "
                        "key times run together)",
                        duration.seconds, ceil(tenths), TA_CLIP_CREATOR_MAX_KEYS);
    *out_count = (uint32_t)ceil(tenths);
    return TA_OK;
}

typedef enum random_kind { SHAKE, PULSE } random_kind;

/* Shake and pulsation. Everything that can be refused is checked and every
 * array is made before the generator draws; if the clip still cannot be made
 * (memory), the generator is put back. */
static ta_result random_clip(random_kind kind, ta_node_id node, ta_duration duration, const double scale[3],
                             ta_seeded_random *random, const ta_allocator *allocator, ta_clip **out_clip,
                             ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    if (random == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "random: NULL");
    uint32_t count = 0;
    ta_result r = tenth_keys(duration, &count, err);
    if (r != TA_OK) return r;
    ta_track_desc desc = {0};
    r = ta_track_target_node(node, kind == SHAKE ? TA_TRACK_KIND_POSITION : TA_TRACK_KIND_SCALE, &desc.target, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    size_t bytes = (size_t)count * 4 * sizeof(float);
    float *times = (float *)ta__alloc(&mem, bytes);
    if (times == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making %u keys", count);
    float *values = times + count;
    for (uint32_t i = 0; i < count; i++) times[i] = (float)((double)i / 10.0);

    ta_seeded_random before = *random;
    if (kind == SHAKE) {
        for (uint32_t i = 0; i < count; i++)
            for (int c = 0; c < 3; c++) {
                double u = ta_seeded_random_next(random) * 2.0 - 1.0;
                values[3 * i + c] = (float)(u * scale[c]);
            }
    } else {
        for (uint32_t i = 0; i < count; i++) {
            float f = (float)(ta_seeded_random_next(random) * scale[0]);
            values[3 * i] = values[3 * i + 1] = values[3 * i + 2] = f;
        }
    }
    desc.times = times;
    desc.key_count = count;
    desc.values = values;
    desc.value_count = 3 * count;
    r = one_track_clip(&desc, duration.seconds, &mem.a, out_clip, err);
    if (r != TA_OK) *random = before;
    ta__free(&mem, times, bytes);
    return r;
}

ta_result ta_clip_create_shake_animation(ta_node_id node, ta_duration duration, ta_vec3 shake_scale,
                                    ta_seeded_random *random, const ta_allocator *allocator, ta_clip **out_clip,
                                    ta_error *err)
{
    const double s[3] = {shake_scale.x, shake_scale.y, shake_scale.z};
    for (int c = 0; c < 3; c++)
        if (isnan(s[c]) || isinf(s[c]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "shake_scale: number %d is %g, not a finite number", c, s[c]);
    return random_clip(SHAKE, node, duration, s, random, allocator, out_clip, err);
}

ta_result ta_clip_create_pulsation_animation(ta_node_id node, ta_duration duration, double pulse_scale,
                                        ta_seeded_random *random, const ta_allocator *allocator, ta_clip **out_clip,
                                        ta_error *err)
{
    if (isnan(pulse_scale) || isinf(pulse_scale))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "pulse_scale: %g is not a finite number", pulse_scale);
    if (fabs(pulse_scale) > (double)FLT_MAX)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "pulse_scale: %g is past the largest float", pulse_scale);
    /* three.js takes the product in double, with the scale as given. */
    const double s[3] = {pulse_scale, pulse_scale, pulse_scale};
    return random_clip(PULSE, node, duration, s, random, allocator, out_clip, err);
}

ta_result ta_clip_create_visibility_animation(ta_node_id node, ta_duration duration, const ta_allocator *allocator,
                                         ta_clip **out_clip, ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = check_length("duration", duration, err);
    if (r != TA_OK) return r;
    ta_track_desc desc = {0};
    r = ta_track_target_node(node, TA_TRACK_KIND_VISIBLE, &desc.target, err);
    if (r != TA_OK) return r;
    const float times[3] = {0.0f, (float)(duration.seconds / 2.0), (float)duration.seconds};
    const float values[3] = {1.0f, 0.0f, 1.0f};
    desc.times = times;
    desc.key_count = 3;
    desc.values = values;
    desc.value_count = 3;
    return one_track_clip(&desc, duration.seconds, allocator, out_clip, err);
}

ta_result ta_clip_create_material_color_animation(ta_material_id material, ta_duration duration, const float *colors,
                                             uint32_t color_count, const ta_allocator *allocator,
                                             ta_clip **out_clip, ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_clip: NULL");
    ta_result r = check_length("duration", duration, err);
    if (r != TA_OK) return r;
    if (color_count == 0 || colors == NULL)
        return ta__fail(err, TA_ERROR_NO_KEYS, "colors: a color clip needs at least one color, given %u", color_count);
    if (color_count > UINT32_MAX / 3)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "colors: %u colors are more numbers than a track holds",
                        color_count);
    for (uint32_t i = 0; i < 3 * color_count; i++)
        if (isnan(colors[i]) || isinf(colors[i]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "colors: color %u channel %u is %g, not a finite number",
                            i / 3, i % 3, (double)colors[i]);
    ta_track_desc desc = {0};
    r = ta_track_target_material(material, TA_TRACK_KIND_MATERIAL_COLOR, &desc.target, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    float *times = (float *)ta__calloc(&mem, color_count, sizeof *times);
    if (times == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making %u keys", color_count);
    double step = color_count > 1 ? duration.seconds / (double)(color_count - 1) : 0.0;
    for (uint32_t i = 0; i < color_count; i++) times[i] = (float)((double)i * step);
    desc.times = times;
    desc.key_count = color_count;
    desc.values = colors;
    desc.value_count = 3 * color_count;
    r = one_track_clip(&desc, duration.seconds, &mem.a, out_clip, err);
    ta__free(&mem, times, (size_t)color_count * sizeof *times);
    return r;
}
