/* The options bake and preview share (bake_args.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bake_args.h"
#include "cli.h"

void bake_args_init(bake_args *b)
{
    memset(b, 0, sizeof *b);
    b->at = -1;
    b->over = 0.5;
    b->fps = 30;
    b->max_frames = BAKE_DEFAULT_MAX_FRAMES;
}

static int take_number(cli_argv *a, const char *name, const char *cmd, double min, bool above, double *out)
{
    const char *v = NULL;
    int got = cli_take_value(a, name, &v);
    if (got == 0) return 0;
    if (got < 0) return -cli_usage(cmd, "%s needs a value", name);
    double x;
    if (!cli_parse_number(v, &x) || (above ? x <= min : x < min))
        return -cli_usage(cmd, "%s: \"%s\" is not a decimal number %s %g", name, v, above ? "above" : "of at least", min);
    *out = x;
    return 1;
}

/* "X,Y,Z" into out. */
static int take_vec(cli_argv *a, const char *name, const char *cmd, float *out)
{
    const char *v = NULL;
    int got = cli_take_value(a, name, &v);
    if (got == 0) return 0;
    if (got < 0) return -cli_usage(cmd, "%s needs X,Y,Z", name);
    char buf[3][64];
    if (strlen(v) >= sizeof buf[0] * 3 || sscanf(v, "%63[^,],%63[^,],%63s", buf[0], buf[1], buf[2]) != 3)
        return -cli_usage(cmd, "%s: \"%s\" is not X,Y,Z", name, v);
    for (int k = 0; k < 3; ++k) {
        double x;
        if (!cli_parse_number(buf[k], &x)) return -cli_usage(cmd, "%s: \"%s\" is not X,Y,Z", name, v);
        out[k] = (float)x;
    }
    return 1;
}

int bake_args_take(cli_argv *a, bake_args *b, const char *cmd)
{
    const char *v = NULL;
    int got;
    if ((got = cli_take_value(a, "--clip", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--clip needs a clip's name");
        b->clip = v;
        return 1;
    }
    if (cli_take_flag(a, "--all")) {
        b->all = true;
        return 1;
    }
    if ((got = cli_take_value(a, "--cross-fade-to", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--cross-fade-to needs a clip's name");
        b->fade_to = v;
        return 1;
    }
    if (cli_take_flag(a, "--warp")) {
        b->warp = true;
        return 1;
    }
    if ((got = take_number(a, "--fps", cmd, 0, true, &b->fps)) != 0) return got;
    if ((got = take_number(a, "--at", cmd, 0, false, &b->at)) != 0) return got;
    if ((got = take_number(a, "--over", cmd, 0, false, &b->over)) != 0) return got;
    if ((got = take_number(a, "--seconds", cmd, 0, true, &b->seconds)) != 0) return got;
    if ((got = take_number(a, "--max-frames", cmd, 1, false, &b->max_frames)) != 0) {
        if (got > 0 && (b->max_frames != floor(b->max_frames) || b->max_frames > BAKE_MAX_MAX_FRAMES))
            return -cli_usage(cmd, "--max-frames: %.17g is not a whole number from 1 to %.0f", b->max_frames,
                              BAKE_MAX_MAX_FRAMES);
        return got;
    }
    if ((got = cli_take_value(a, "--root-motion", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--root-motion needs a node's name");
        b->root_motion = v;
        return 1;
    }
    if ((got = cli_take_value(a, "--blend-with", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--blend-with needs a clip's name");
        b->blend_with = v;
        return 1;
    }
    if (cli_take_flag(a, "--sync")) {
        b->sync = true;
        return 1;
    }
    if ((got = cli_take_value(a, "--ik", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--ik needs START,MID,END");
        b->ik = v;
        return 1;
    }
    if ((got = cli_take_value(a, "--aim", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--aim needs a node's name");
        b->aim = v;
        return 1;
    }
    if ((got = take_vec(a, "--ik-target", cmd, b->ik_target)) != 0) {
        b->has_target = got > 0;
        return got;
    }
    if ((got = take_vec(a, "--ik-axis", cmd, b->ik_axis)) != 0) return got;
    if ((got = take_vec(a, "--ik-pole", cmd, b->ik_pole)) != 0) return got;
    if ((got = cli_take_value(a, "--loop", &v)) != 0) {
        if (got < 0) return -cli_usage(cmd, "--loop needs once, repeat or pingpong");
        if (strcmp(v, "once") == 0) b->loop = TA_LOOP_MODE_ONCE;
        else if (strcmp(v, "repeat") == 0) b->loop = TA_LOOP_MODE_REPEAT;
        else if (strcmp(v, "pingpong") == 0 || strcmp(v, "ping_pong") == 0) b->loop = TA_LOOP_MODE_PING_PONG;
        else return -cli_usage(cmd, "--loop: \"%s\" is not once, repeat or pingpong", v);
        return 1;
    }
    return 0;
}

int bake_args_check(const bake_args *b, const char *cmd)
{
    if (b->fps > 1000) return cli_usage(cmd, "--fps: %g is more than 1000 frames a second", b->fps);
    if (b->seconds > 3600) return cli_usage(cmd, "--seconds: %g is more than an hour", b->seconds);
    if (b->all && b->clip != NULL) return cli_usage(cmd, "--clip and --all do not go together");
    if (b->all && b->fade_to != NULL) return cli_usage(cmd, "--cross-fade-to takes one clip (--clip), not --all");
    if (b->fade_to == NULL && (b->warp || b->at >= 0))
        return cli_usage(cmd, "--at and --warp go with --cross-fade-to");
    if (b->blend_with != NULL && (b->fade_to != NULL || b->all))
        return cli_usage(cmd, "--blend-with takes one clip (--clip), and no --cross-fade-to");
    if (b->sync && b->blend_with == NULL) return cli_usage(cmd, "--sync goes with --blend-with");
    if ((b->ik != NULL || b->aim != NULL) != b->has_target)
        return cli_usage(cmd, "--ik-target goes with --ik or --aim, and they need it");
    return CLI_OK;
}

static int find_clip(const ta_model *model, const char *name, const char *cmd, const char *file, uint32_t *out)
{
    ta_error err = {0};
    if (ta_model_find_clip(model, name, out, &err) != TA_OK) return cli_refuse(cmd, file, &err);
    return CLI_OK;
}

int bake_args_plans(const bake_args *b, const ta_model *model, const char *cmd, const char *file, bake_plan **out,
                    uint32_t *out_count)
{
    *out = NULL;
    *out_count = 0;
    if (model->animation_count == 0) {
        fprintf(stderr, "threeanim %s: %s: the file has no animations to play\n", cmd, file);
        return CLI_REFUSED;
    }
    uint32_t count = b->all ? model->animation_count : 1;
    bake_plan *plans = calloc(count, sizeof *plans);
    if (plans == NULL) {
        fprintf(stderr, "threeanim %s: out of memory\n", cmd);
        return CLI_REFUSED;
    }
    ta_node_id root = ta_node_none();
    if (b->root_motion != NULL) {
        ta_error err = {0};
        if (ta_scene_find_by_name(model->scene, b->root_motion, &root, &err) != TA_OK) {
            free(plans);
            return cli_refuse(cmd, file, &err);
        }
    }
    ta_node_id chain[3] = {ta_node_none(), ta_node_none(), ta_node_none()}, aim = ta_node_none();
    if (b->ik != NULL || b->aim != NULL) {
        ta_error err = {0};
        char names[3][128];
        if (b->ik != NULL && (strlen(b->ik) >= sizeof names ||
                              sscanf(b->ik, "%127[^,],%127[^,],%127s", names[0], names[1], names[2]) != 3)) {
            free(plans);
            return cli_usage(cmd, "--ik: \"%s\" is not START,MID,END (three nodes' names)", b->ik);
        }
        for (int k = 0; b->ik != NULL && k < 3; ++k)
            if (ta_scene_find_by_name(model->scene, names[k], &chain[k], &err) != TA_OK) {
                free(plans);
                return cli_refuse(cmd, file, &err);
            }
        if (b->aim != NULL && ta_scene_find_by_name(model->scene, b->aim, &aim, &err) != TA_OK) {
            free(plans);
            return cli_refuse(cmd, file, &err);
        }
    }
    for (uint32_t i = 0; i < count; ++i) {
        plans[i].ik = b->ik != NULL;
        plans[i].aim = b->aim != NULL;
        memcpy(plans[i].ik_chain, chain, sizeof chain);
        plans[i].aim_node = aim;
        plans[i].ik_target = ta_vec3_make(b->ik_target[0], b->ik_target[1], b->ik_target[2]);
        plans[i].ik_axis = ta_vec3_make(b->ik_axis[0], b->ik_axis[1], b->ik_axis[2]);
        plans[i].ik_pole = ta_vec3_make(b->ik_pole[0], b->ik_pole[1], b->ik_pole[2]);
        plans[i].root_motion = b->root_motion != NULL;
        plans[i].root = root;
        plans[i].clip = i;
        plans[i].fps = b->fps;
        plans[i].loop = b->loop;
        plans[i].seconds = b->seconds;
    }
    if (!b->all) {
        if (b->clip != NULL && find_clip(model, b->clip, cmd, file, &plans[0].clip) != CLI_OK) {
            free(plans);
            return CLI_REFUSED;
        }
        if (b->blend_with != NULL) {
            if (find_clip(model, b->blend_with, cmd, file, &plans[0].fade_to) != CLI_OK) {
                free(plans);
                return CLI_REFUSED;
            }
            plans[0].fade = plans[0].blend = true;
            plans[0].sync = b->sync;
            if (plans[0].loop == TA_LOOP_MODE_DEFAULT) plans[0].loop = TA_LOOP_MODE_REPEAT;
        }
        if (b->fade_to != NULL) {
            if (find_clip(model, b->fade_to, cmd, file, &plans[0].fade_to) != CLI_OK) {
                free(plans);
                return CLI_REFUSED;
            }
            plans[0].fade = true;
            plans[0].fade_at = b->at >= 0 ? b->at : ta_clip_duration(model->animations[plans[0].clip]).seconds;
            plans[0].fade_over = b->over;
            plans[0].warp = b->warp;
        }
    }
    *out = plans;
    *out_count = count;
    return CLI_OK;
}

int bake_args_check_frames(const bake_args *b, const ta_model *model, const bake_plan *plans, uint32_t count,
                           const char *cmd, const char *file)
{
    uint64_t total = 0;
    for (uint32_t p = 0; p < count; ++p) {
        uint64_t frames = bake_frame_count(model, &plans[p]);
        total = frames > BAKE_FRAMES_HUGE - total ? BAKE_FRAMES_HUGE : total + frames;
        if ((double)total <= b->max_frames) continue;
        const ta_clip *clip = model->animations[plans[p].clip];
        double seconds = bake_seconds(model, &plans[p]);
        char many[64];
        if (frames >= BAKE_FRAMES_HUGE)
            snprintf(many, sizeof many, "%.3g", seconds * plans[p].fps);
        else
            snprintf(many, sizeof many, "%llu", (unsigned long long)frames);
        fprintf(stderr,
                "threeanim %s: %s: clip \"%s\" runs %.9g s at %g fps, %s frames%s, past --max-frames (%.0f); "
                "give --max-frames or --seconds to run it\n",
                cmd, file, ta_clip_name(clip), seconds, plans[p].fps, many,
                p > 0 ? " (with the runs before it, more)" : "", b->max_frames);
        return CLI_REFUSED;
    }
    return CLI_OK;
}
