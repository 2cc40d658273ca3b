/* A frame of many characters in one call (frame.h): update, world pass,
 * skinning pass into the caller's palette; and the pose's choice of
 * instruction set, made here because the mixer's choice lives in this layer. */
#include <stdint.h>
#include <stdlib.h>

#include "animation/mixer_internal.h"
#include "scene/pose_internal.h"
#include "threeanim/frame.h"

ta_result ta_pose_use_best_simd(ta_pose *pose, ta_error *err)
{
    if (pose == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "pose: is NULL");
    ta__simd simd;
    ta_result r = ta__fused_choose(getenv("TA_SIMD"), &simd, err);
    if (r != TA_OK) return r;
    /* the pose's levels are numbered as ta__simd from SCALAR on; GENERAL has no loops of its own */
    int level = simd == TA__SIMD_GENERAL ? TA__POSE_SCALAR : (int)simd;
    if (!ta__pose_use(pose, level))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "TA_SIMD: \"%s\" has no pose loops in this build",
                        ta__simd_name(simd));
    return TA_OK;
}

const char *ta_pose_simd_name(const ta_pose *pose)
{
    return pose ? ta__simd_name((ta__simd)ta__pose_level(pose)) : "?";
}

uint32_t ta_frame_bone_floats(ta_palette_layout layout)
{
    switch (layout) {
    case TA_PALETTE_LAYOUT_MAT4: return 16;
    case TA_PALETTE_LAYOUT_ROWS_3X4: return 12;
    default: return 0;
    }
}

/* Everything of one character that can be checked before it changes. */
static ta_result check_character(const ta_frame_character *c, const ta_frame_options *o, ta_error *err)
{
    const ta_scene *scene = c->targets.scene;
    if (scene == NULL || c->pose == NULL || c->world == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        scene == NULL ? "targets.scene" : c->pose == NULL ? "pose" : "world");
    if (scene->node_count > ta__pose_capacity(c->pose))
        return ta__fail(err, TA_ERROR_BAD_STATE, "pose: holds %u nodes, fewer than the scene's %u",
                        ta__pose_capacity(c->pose), scene->node_count);
    if (c->skin_offsets == NULL) return TA_OK;
    if (o->palette == NULL && scene->skin_count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.palette: is NULL, and skin_offsets is not");
    size_t per = ta_frame_bone_floats(o->layout);
    for (uint32_t s = 0; s < scene->skin_count; ++s) {
        size_t at = c->skin_offsets[s];
        if (at == SIZE_MAX) continue;
        size_t n = (size_t)scene->skins[s].joint_count * per;
        if (at > o->palette_floats || n > o->palette_floats - at)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "skin_offsets[%u]: %zu, with %u bones of %zu floats, is past the palette's %zu floats", s,
                            at, scene->skins[s].joint_count, per, o->palette_floats);
    }
    return TA_OK;
}

static ta_result one_character(ta_frame_character *c, ta_duration delta, const ta_frame_options *o, ta_error *err)
{
    ta_result r = check_character(c, o, err);
    if (r != TA_OK) return r;
    const ta_scene *scene = c->targets.scene;
    if (c->mixer != NULL && (r = ta_mixer_update_targets(c->mixer, &c->targets, delta, err)) != TA_OK) return r;
    r = ta_pose_world_pass(c->pose, scene, ta_node_none(), c->world, scene->node_count, err);
    if (r != TA_OK || c->skin_offsets == NULL) return r;
    for (uint32_t s = 0; s < scene->skin_count; ++s) {
        size_t at = c->skin_offsets[s];
        if (at == SIZE_MAX) continue;
        uint32_t n = scene->skins[s].joint_count;
        r = o->layout == TA_PALETTE_LAYOUT_MAT4
                ? ta_pose_skinning_pass(c->pose, scene, ta_skin_at(s), (ta_mat4 *)(void *)(o->palette + at), n, err)
                : ta_pose_skinning_pass_rows(c->pose, scene, ta_skin_at(s), o->palette + at, n, err);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

static ta_result check_call(const ta_frame_character *chars, uint32_t first, uint32_t count,
                            const ta_frame_options *options, ta_error *err)
{
    if (chars == NULL && count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "chars: is NULL for %u characters", count);
    if (count > UINT32_MAX - first)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "count: %u from %u is past the last index", count, first);
    if (options == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options: is NULL");
    if (ta_frame_bone_floats(options->layout) == 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.layout: %d is none of the palette layouts",
                        (int)options->layout);
    return TA_OK;
}

static ta_result run_range(ta_frame_character *chars, uint32_t first, uint32_t count, ta_duration delta,
                           const ta_frame_options *options)
{
    ta_result worst = TA_OK;
    for (uint32_t i = first; i < first + count; ++i) {
        ta_frame_character *c = &chars[i];
        ta__clear(&c->error);
        c->result = one_character(c, delta, options, &c->error);
        if (c->result != TA_OK && worst == TA_OK) worst = c->result;
    }
    return worst;
}

/* The first refused character of [first, first + count), into err. */
static ta_result first_refused(const ta_frame_character *chars, uint32_t first, uint32_t count, ta_error *err)
{
    for (uint32_t i = first; i < first + count; ++i)
        if (chars[i].result != TA_OK)
            return ta__fail(err, chars[i].result, "character %u: %s", i, chars[i].error.message);
    return TA_OK;
}

ta_result ta_frame_update_range(ta_frame_character *chars, uint32_t first, uint32_t count, ta_duration delta,
                                const ta_frame_options *options, ta_error *err)
{
    ta_result r = check_call(chars, first, count, options, err);
    if (r != TA_OK) return r;
    if (run_range(chars, first, count, delta, options) == TA_OK) return TA_OK;
    return first_refused(chars, first, count, err);
}

typedef struct frame_job {
    ta_frame_character *chars;
    uint32_t count;
    ta_duration delta;
    const ta_frame_options *options;
} frame_job;

static void run_share(void *user, uint32_t worker, uint32_t workers)
{
    frame_job *j = (frame_job *)user;
    uint32_t begin = (uint32_t)((uint64_t)j->count * worker / workers);
    uint32_t end = (uint32_t)((uint64_t)j->count * (worker + 1) / workers);
    run_range(j->chars, begin, end - begin, j->delta, j->options);
}

ta_result ta_frame_update(ta_frame_character *chars, uint32_t count, ta_duration delta,
                          const ta_frame_options *options, ta_worker_pool *pool, ta_error *err)
{
    ta_result r = check_call(chars, 0, count, options, err);
    if (r != TA_OK) return r;
    frame_job job = {chars, count, delta, options};
    r = ta_worker_pool_run(pool, run_share, &job, err);
    if (r != TA_OK) return r;
    return first_refused(chars, 0, count, err);
}
