/* `threeanim replay FILE`: run a replay file (its format: docs/replay.md) through
 * the mixer and print one JSON line per update. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_extras.h"
#include "replay_rig.h"

typedef struct replay {
    const char *file;
    json_t *doc;
    ta_model *model;
    bool gltf;
    ta_mixer *mixer;
    rec_path *paths;
    size_t path_count;
    ta_clip **made_clips; /* subclips and additive clips we made */
    size_t made_count;
    bool root_motion_on; /* lines carry "root_motion" (replay_extras.h) */
    replay_rig rig;      /* the sync group and IK chains (replay_rig.h) */
} replay;

void cli_replay_help(FILE *out)
{
    fputs("usage: threeanim replay FILE\n"
          "       threeanim replay --each FILE...\n"
          "\n"
          "Runs a replay file: loads its model (three.js Object JSON or glTF), makes its\n"
          "actions, runs its steps through the mixer, and prints one JSON line per update\n"
          "or set_time step: {\"step\", \"time\", \"values\", \"events\"}. The format is\n"
          "threeanim-replay/1, described in docs/replay.md.\n"
          "\n"
          "Exit status: 0 done; 1 a file that is not valid, a step the mixer refuses, or a\n"
          "path that names nothing (a message names the step or the field; lines of the\n"
          "earlier steps stay printed); 2 a usage error.\n"
          "\n"
          "--each runs every FILE in turn in this one process, as if each had its own\n"
          "run: its lines go to FILE.stdout, its messages to FILE.stderr and its exit\n"
          "status, a number, to FILE.status, written last. The command's own status is 0\n"
          "when every FILE ran (whatever each one's status), 2 when one of its outputs\n"
          "could not be opened. The conformance tests use it to start one process for a\n"
          "batch of scenarios instead of one each.\n",
          out);
}

static int refuse(const char *what, const ta_error *err)
{
    /* what already names the field; the library's own "name: " would only repeat it */
    const char *m = strncmp(err->message, "name: ", 6) == 0 ? err->message + 6 : err->message;
    fprintf(stderr, "threeanim replay: %s: %s\n", what, m);
    return CLI_REFUSED;
}

static int refuse_text(const char *what, const char *message)
{
    fprintf(stderr, "threeanim replay: %s: %s\n", what, message);
    return CLI_REFUSED;
}

/* ---- the model -------------------------------------------------------------------- */

static int load_model(replay *rp, const char *dir)
{
    json_t *model = json_object_get(rp->doc, "model");
    if (!json_is_object(model)) return refuse_text("model", "is missing or not an object");
    json_t *oj = json_object_get(model, "object_json"), *gl = json_object_get(model, "gltf");
    if ((oj != NULL) == (gl != NULL)) return refuse_text("model", "needs exactly one of object_json and gltf");
    ta_error err = {0};
    char path[4096];
    if (gl != NULL) {
        if (!json_is_string(gl)) return refuse_text("model.gltf", "is not a path");
        rp->gltf = true;
        cli_join_path(dir, json_string_value(gl), path, sizeof path);
        if (ta_gltf_load_file(path, NULL, &rp->model, &err) != TA_OK) return refuse("model.gltf", &err);
        return CLI_OK;
    }
    rp->gltf = false;
    if (json_is_string(oj)) {
        cli_join_path(dir, json_string_value(oj), path, sizeof path);
        if (ta_object_json_read_file(path, NULL, &rp->model, &err) != TA_OK) return refuse("model.object_json", &err);
        return CLI_OK;
    }
    if (!json_is_object(oj)) return refuse_text("model.object_json", "is neither a path nor an object");
    char *text = json_dumps(oj, JSON_COMPACT);
    if (text == NULL) return refuse_text("model.object_json", "cannot be written out");
    ta_result r = ta_object_json_read(text, strlen(text), NULL, &rp->model, &err);
    free(text);
    if (r != TA_OK) return refuse("model.object_json", &err);
    return CLI_OK;
}

static int node_ref(replay *rp, json_t *value, const char *field, ta_node_id *out)
{
    if (value == NULL || json_is_null(value)) {
        *out = ta_node_none();
        return CLI_OK;
    }
    if (!json_is_string(value)) return refuse_text(field, "is not a node reference");
    ta_error err = {0};
    if (replay_find_node(rp->model, rp->gltf, json_string_value(value), out, &err) != TA_OK)
        return refuse(field, &err);
    return CLI_OK;
}

/* ---- actions ----------------------------------------------------------------------- */

static int keep_clip(replay *rp, ta_clip *clip)
{
    ta_clip **grown = realloc(rp->made_clips, (rp->made_count + 1) * sizeof *grown);
    if (grown == NULL) {
        ta_clip_release(clip);
        return refuse_text("actions", "out of memory");
    }
    rp->made_clips = grown;
    rp->made_clips[rp->made_count++] = clip;
    return CLI_OK;
}

static bool get_number(json_t *obj, const char *key, double *out)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_number(v)) return false;
    *out = json_number_value(v);
    return true;
}

static int make_action(replay *rp, size_t i, json_t *spec)
{
    char field[64];
    snprintf(field, sizeof field, "actions[%zu]", i);
    if (!json_is_object(spec)) return refuse_text(field, "is not an object");
    ta_error err = {0};
    json_t *clip_spec = json_object_get(spec, "clip");
    uint32_t index = 0;
    if (json_is_string(clip_spec)) {
        if (ta_model_find_clip(rp->model, json_string_value(clip_spec), &index, &err) != TA_OK)
            return refuse(field, &err);
    } else if (json_is_object(clip_spec) && json_is_integer(json_object_get(clip_spec, "index"))) {
        json_int_t n = json_integer_value(json_object_get(clip_spec, "index"));
        if (n < 0 || (uint64_t)n >= rp->model->animation_count)
            return refuse_text(field, "clip.index is not the place of a clip");
        index = (uint32_t)n;
    } else {
        return refuse_text(field, "clip is neither a name nor {\"index\": N}");
    }
    const ta_clip *clip = rp->model->animations[index];

    json_t *sub = json_object_get(spec, "subclip");
    if (sub != NULL) {
        double start, end, fps;
        if (!get_number(sub, "start", &start) || !get_number(sub, "end", &end) || !get_number(sub, "fps", &fps))
            return refuse_text(field, "subclip needs start, end and fps");
        ta_clip *made = NULL;
        if (ta_clip_subclip(clip, ta_clip_name(clip), start, end, fps, NULL, &made, &err) != TA_OK)
            return refuse(field, &err);
        if (keep_clip(rp, made) != CLI_OK) return CLI_REFUSED;
        clip = made;
    }
    json_t *ref = json_object_get(spec, "additive_reference");
    if (ref != NULL) {
        double frame, fps;
        if (!get_number(ref, "frame", &frame) || !get_number(ref, "fps", &fps))
            return refuse_text(field, "additive_reference needs frame and fps");
        ta_clip *made = NULL;
        if (ta_clip_make_additive(clip, frame, NULL, fps, NULL, &made, &err) != TA_OK) return refuse(field, &err);
        if (keep_clip(rp, made) != CLI_OK) return CLI_REFUSED;
        clip = made;
    }
    ta_clip *marked = NULL;
    if (replay_marked_clip(spec, field, &clip, &marked) != CLI_OK) return CLI_REFUSED;
    if (marked != NULL && keep_clip(rp, marked) != CLI_OK) return CLI_REFUSED;
    ta_action_options opts = {NULL, TA_BLEND_MODE_DEFAULT};
    json_t *mode = json_object_get(spec, "blend_mode");
    if (mode != NULL) {
        const char *m = json_string_value(mode);
        if (m != NULL && strcmp(m, "normal") == 0) opts.blend_mode = TA_BLEND_MODE_NORMAL;
        else if (m != NULL && strcmp(m, "additive") == 0) opts.blend_mode = TA_BLEND_MODE_ADDITIVE;
        else return refuse_text(field, "blend_mode is neither \"normal\" nor \"additive\"");
    }
    ta_node_id root;
    if (node_ref(rp, json_object_get(spec, "root"), field, &root) != CLI_OK) return CLI_REFUSED;
    ta_action *action = NULL;
    if (ta_action_create(clip, &opts, &action, &err) != TA_OK) return refuse(field, &err);
    json_t *group = json_object_get(spec, "group");
    if (group != NULL) {
        if (!json_is_array(group)) {
            ta_action_destroy(action);
            return refuse_text(field, "group is not a list of node references");
        }
        ta_object_group g;
        ta_object_group_create(&g, NULL, NULL);
        size_t k;
        json_t *member;
        json_array_foreach(group, k, member)
        {
            ta_node_id node;
            if (node_ref(rp, member, field, &node) != CLI_OK ||
                ta_object_group_add(&g, node, &err) != TA_OK) {
                ta_object_group_destroy(&g);
                ta_action_destroy(action);
                return err.code ? refuse(field, &err) : CLI_REFUSED;
            }
        }
        ta_result r = ta_action_set_group(action, &g, &err);
        ta_object_group_destroy(&g);
        if (r != TA_OK) {
            ta_action_destroy(action);
            return refuse(field, &err);
        }
    }
    uint32_t added;
    if (ta_mixer_add(rp->mixer, action, root, &added, &err) != TA_OK) {
        ta_action_destroy(action);
        return refuse(field, &err);
    }
    return CLI_OK;
}

/* ---- steps ------------------------------------------------------------------------- */

static void print_line(replay *rp, size_t step)
{
    printf("{\"step\": %zu, \"time\": %.17g, \"values\": {", step, ta_mixer_time(rp->mixer).seconds);
    for (size_t i = 0; i < rp->path_count; ++i) {
        if (i) fputs(", ", stdout);
        cli_print_json_string(stdout, rp->paths[i].key);
        fputs(": ", stdout);
        replay_print_value(stdout, rp->model, &rp->paths[i]);
    }
    fputs("}, \"events\": [", stdout);
    ta_animation_event ev;
    bool first = true;
    while (ta_mixer_drain_events(rp->mixer, &ev, 1) == 1) {
        if (!first) fputs(", ", stdout);
        first = false;
        if (ev.kind == TA_EVENT_KIND_LOOPED)
            printf("{\"type\": \"loop\", \"action\": %u, \"loop_delta\": %lld, \"direction\": %d}", ev.action,
                   (long long)ev.loop_delta, ev.direction);
        else if (ev.kind == TA_EVENT_KIND_MARKER)
            replay_print_marker(stdout, rp->mixer, &ev);
        else
            printf("{\"type\": \"finished\", \"action\": %u, \"direction\": %d, \"loop_delta\": 0}", ev.action,
                   ev.direction);
    }
    fputs("]", stdout);
    replay_print_root_motion(stdout, rp->mixer, rp->root_motion_on);
    replay_rig_print(stdout, &rp->rig, rp->model->scene);
    fputs("}\n", stdout);
    fflush(stdout);
}

static bool number_arg(json_t *step, const char *key, double *out)
{
    json_t *v = json_object_get(step, key);
    if (!json_is_number(v)) return false;
    *out = json_number_value(v);
    return true;
}

/* The ops on one action (or two): checked before the action index, so an op
 * that is not in the format is reported as that, not as a missing index. */
static bool is_action_op(const char *op)
{
    static const char *const ops[] = {
        "uncache_action", "sync_with",   "cross_fade_from", "cross_fade_to", "play",
        "pause",          "unpause",     "stop",            "reset",         "set_loop",
        "set",            "set_effective_weight", "set_effective_time_scale", "set_duration", "fade_in",
        "fade_out",       "warp",        "halt",            "stop_fading",   "stop_warping",
        "start_at",
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; ++k)
        if (strcmp(ops[k], op) == 0) return true;
    return false;
}

static bool is_flag_field(const char *f)
{
    return strcmp(f, "clamp_when_finished") == 0 || strcmp(f, "zero_slope_at_start") == 0 ||
           strcmp(f, "zero_slope_at_end") == 0 || strcmp(f, "enabled") == 0;
}

/* Runs one step; CLI_OK, or a refusal already reported. */
static int run_step(replay *rp, size_t i, json_t *step)
{
    char what[96];
    const char *op = json_string_value(json_object_get(step, "op"));
    snprintf(what, sizeof what, "step %zu (%.60s)", i, op ? op : "?");
    if (op == NULL) return refuse_text(what, "has no op");
    ta_error err = {0};
    ta_mixer_targets targets = {rp->model->scene, rp->model->assets, rp->model->cameras};
    double x = 0, y = 0, z = 0;

    if (strcmp(op, "update") == 0) {
        if (!number_arg(step, "delta", &x)) return refuse_text(what, "needs a number delta");
        if (replay_rig_before_update(&rp->rig, rp->mixer, x, what) != CLI_OK) return CLI_REFUSED;
        if (ta_mixer_update_targets(rp->mixer, &targets, ta_duration_from_seconds(x), &err) != TA_OK) return refuse(what, &err);
        if (replay_rig_after_update(&rp->rig, rp->model->scene, what) != CLI_OK) return CLI_REFUSED;
        print_line(rp, i);
        return CLI_OK;
    }
    if (strcmp(op, "set_time") == 0) {
        if (!number_arg(step, "time", &x)) return refuse_text(what, "needs a number time");
        if (ta_mixer_set_time(rp->mixer, &targets, ta_duration_from_seconds(x), &err) != TA_OK) return refuse(what, &err);
        if (replay_rig_after_update(&rp->rig, rp->model->scene, what) != CLI_OK) return CLI_REFUSED;
        print_line(rp, i);
        return CLI_OK;
    }
    /* three.js's stop, stopAllAction and uncacheAction write the originals they free in the call */
    if (strcmp(op, "stop_all_action") == 0) {
        ta_mixer_stop_all_action(rp->mixer);
        if (ta_mixer_restore_stopped(rp->mixer, &targets, &err) != TA_OK) return refuse(what, &err);
        return CLI_OK;
    }
    if (strcmp(op, "mixer_time_scale") == 0) {
        if (!number_arg(step, "value", &x)) return refuse_text(what, "needs a number value");
        if (ta_mixer_set_time_scale(rp->mixer, x, &err) != TA_OK) return refuse(what, &err);
        return CLI_OK;
    }

    bool handled = false, print = false;
    if (replay_rig_op(&rp->rig, rp->mixer, rp->model, rp->gltf, step, what, &handled) != CLI_OK) return CLI_REFUSED;
    if (handled) return CLI_OK;
    if (replay_extra_op(rp->mixer, rp->model, rp->gltf, step, what, &handled, &print, &rp->root_motion_on) != CLI_OK)
        return CLI_REFUSED;
    if (handled) {
        if (print) print_line(rp, i);
        return CLI_OK;
    }

    if (!is_action_op(op)) {
        char message[200];
        snprintf(message, sizeof message, "op \"%.120s\" is not an op of the replay format", op);
        return refuse_text(what, message);
    }
    json_t *ja = json_object_get(step, "action");
    if (!json_is_integer(ja) || json_integer_value(ja) < 0 || json_integer_value(ja) > UINT32_MAX)
        return refuse_text(what, "needs an action index");
    uint32_t index = (uint32_t)json_integer_value(ja);
    if (strcmp(op, "uncache_action") == 0) {
        if (ta_mixer_uncache_action(rp->mixer, index, &err) != TA_OK) return refuse(what, &err);
        if (ta_mixer_restore_stopped(rp->mixer, &targets, &err) != TA_OK) return refuse(what, &err);
        return CLI_OK;
    }
    json_t *jo = json_object_get(step, "other");
    if (strcmp(op, "sync_with") == 0 || strcmp(op, "cross_fade_from") == 0 || strcmp(op, "cross_fade_to") == 0) {
        if (!json_is_integer(jo) || json_integer_value(jo) < 0 || json_integer_value(jo) > UINT32_MAX)
            return refuse_text(what, "needs an other action index");
        uint32_t other = (uint32_t)json_integer_value(jo);
        ta_result r;
        if (strcmp(op, "sync_with") == 0) {
            r = ta_mixer_sync_with(rp->mixer, index, other, &err);
        } else {
            if (!number_arg(step, "duration", &x)) return refuse_text(what, "needs a number duration");
            bool warp = false;
            if (replay_flag(step, "warp", what, &warp) != CLI_OK) return CLI_REFUSED;
            r = strcmp(op, "cross_fade_from") == 0
                    ? ta_mixer_cross_fade_from(rp->mixer, index, other, ta_duration_from_seconds(x), warp, &err)
                    : ta_mixer_cross_fade_to(rp->mixer, index, other, ta_duration_from_seconds(x), warp, &err);
        }
        if (r != TA_OK) return refuse(what, &err);
        return CLI_OK;
    }

    ta_action *a = NULL;
    if (ta_mixer_action(rp->mixer, index, &a, &err) != TA_OK) return refuse(what, &err);
    ta_result r = TA_OK;
    if (strcmp(op, "play") == 0) {
        r = ta_action_play(a, &err);
    } else if (strcmp(op, "pause") == 0) {
        ta_action_pause(a);
    } else if (strcmp(op, "unpause") == 0) {
        ta_action_unpause(a);
    } else if (strcmp(op, "stop") == 0) {
        r = ta_action_stop(a, &err);
        if (r == TA_OK) r = ta_mixer_restore_stopped(rp->mixer, &targets, &err);
    } else if (strcmp(op, "reset") == 0) {
        ta_action_reset(a);
    } else if (strcmp(op, "set_loop") == 0) {
        const char *mode = json_string_value(json_object_get(step, "loop"));
        ta_loop_mode m = TA_LOOP_MODE_DEFAULT;
        if (mode != NULL && strcmp(mode, "once") == 0) m = TA_LOOP_MODE_ONCE;
        else if (mode != NULL && strcmp(mode, "repeat") == 0) m = TA_LOOP_MODE_REPEAT;
        else if (mode != NULL && strcmp(mode, "ping_pong") == 0) m = TA_LOOP_MODE_PING_PONG;
        json_t *reps = json_object_get(step, "repetitions");
        int64_t n = TA_ACTION_ENDLESS;
        if (reps != NULL && !json_is_null(reps)) {
            if (!json_is_integer(reps)) return refuse_text(what, "repetitions is neither an integer nor null");
            n = json_integer_value(reps);
        }
        r = ta_action_set_loop(a, m, n, &err);
    } else if (strcmp(op, "set") == 0) {
        const char *f = json_string_value(json_object_get(step, "field"));
        json_t *v = json_object_get(step, "value");
        if (f == NULL || v == NULL) return refuse_text(what, "needs a field and a value");
        bool number = strcmp(f, "weight") == 0 || strcmp(f, "time_scale") == 0;
        if (!number && !is_flag_field(f)) {
            char message[300];
            snprintf(message, sizeof message,
                     "field \"%.120s\" is not one the replay format sets (weight, time_scale, clamp_when_finished, "
                     "zero_slope_at_start, zero_slope_at_end, enabled)",
                     f);
            return refuse_text(what, message);
        }
        if (number || strcmp(f, "time_scale") == 0) {
            if (!json_is_number(v)) return refuse_text(what, "value is not a number");
            r = strcmp(f, "weight") == 0 ? ta_action_set_weight(a, (float)json_number_value(v), &err)
                                         : ta_action_set_time_scale(a, (float)json_number_value(v), &err);
        } else {
            if (!json_is_boolean(v)) {
                char message[200];
                snprintf(message, sizeof message, "field \"%s\" takes true or false; its value is %s", f,
                         json_is_number(v) ? "a number" : json_is_string(v) ? "a string" : "neither");
                return refuse_text(what, message);
            }
            bool b = json_is_true(v);
            if (strcmp(f, "clamp_when_finished") == 0) ta_action_set_clamp_when_finished(a, b);
            else if (strcmp(f, "zero_slope_at_start") == 0) ta_action_set_zero_slope_at_start(a, b);
            else if (strcmp(f, "zero_slope_at_end") == 0) ta_action_set_zero_slope_at_end(a, b);
            else ta_action_set_enabled(a, b);
        }
    } else if (strcmp(op, "set_effective_weight") == 0 || strcmp(op, "set_effective_time_scale") == 0) {
        if (!number_arg(step, "value", &x)) return refuse_text(what, "needs a number value");
        r = op[14] == 'w' ? ta_action_set_effective_weight(a, (float)x, &err)
                          : ta_action_set_effective_time_scale(a, (float)x, &err);
    } else if (strcmp(op, "set_duration") == 0) {
        if (!number_arg(step, "duration", &x)) return refuse_text(what, "needs a number duration");
        r = ta_action_set_duration(a, ta_duration_from_seconds(x), &err);
    } else if (strcmp(op, "fade_in") == 0 || strcmp(op, "fade_out") == 0) {
        if (!number_arg(step, "duration", &x)) return refuse_text(what, "needs a number duration");
        r = op[5] == 'i' ? ta_action_fade_in(a, ta_duration_from_seconds(x), &err) : ta_action_fade_out(a, ta_duration_from_seconds(x), &err);
    } else if (strcmp(op, "warp") == 0) {
        if (!number_arg(step, "start", &x) || !number_arg(step, "end", &y) || !number_arg(step, "duration", &z))
            return refuse_text(what, "needs numbers start, end and duration");
        r = ta_action_warp(a, (float)x, (float)y, ta_duration_from_seconds(z), &err);
    } else if (strcmp(op, "halt") == 0) {
        if (!number_arg(step, "duration", &x)) return refuse_text(what, "needs a number duration");
        r = ta_action_halt(a, ta_duration_from_seconds(x), &err);
    } else if (strcmp(op, "stop_fading") == 0) {
        ta_action_stop_fading(a);
    } else if (strcmp(op, "stop_warping") == 0) {
        ta_action_stop_warping(a);
    } else if (strcmp(op, "start_at") == 0) {
        if (!number_arg(step, "time", &x)) return refuse_text(what, "needs a number time");
        r = ta_action_start_at(a, ta_duration_from_seconds(x), &err);
    } else {
        return refuse_text(what, "is not an op of the replay format");
    }
    if (r != TA_OK) return refuse(what, &err);
    return CLI_OK;
}

/* ---- the command ------------------------------------------------------------------- */

static void replay_free(replay *rp)
{
    for (size_t i = 0; i < rp->path_count; ++i) free(rp->paths[i].key);
    free(rp->paths);
    replay_rig_free(&rp->rig);
    ta_mixer_destroy(rp->mixer);
    for (size_t i = 0; i < rp->made_count; ++i) ta_clip_release(rp->made_clips[i]);
    free(rp->made_clips);
    ta_model_destroy(rp->model);
    json_decref(rp->doc);
}

/* Runs rp->doc; relative model paths are looked up in dir. */
static int run(replay *rp, const char *dir)
{
    if (rp->doc == NULL) return CLI_REFUSED;
    const char *format = json_string_value(json_object_get(rp->doc, "format"));
    if (format == NULL || strcmp(format, "threeanim-replay/1") != 0)
        return refuse_text("format", "is not \"threeanim-replay/1\"");
    int rc = load_model(rp, dir);
    if (rc != CLI_OK) return rc;

    ta_error err = {0};
    json_t *mixer = json_object_get(rp->doc, "mixer");
    ta_node_id root = ta_node_none();
    if (mixer != NULL && !json_is_object(mixer)) return refuse_text("mixer", "is not an object");
    if (mixer != NULL && node_ref(rp, json_object_get(mixer, "root"), "mixer.root", &root) != CLI_OK)
        return CLI_REFUSED;
    if (ta_mixer_create(root, NULL, &rp->mixer, &err) != TA_OK) return refuse("mixer", &err);
    json_t *ts = mixer ? json_object_get(mixer, "time_scale") : NULL;
    if (ts != NULL) {
        if (!json_is_number(ts)) return refuse_text("mixer.time_scale", "is not a number");
        if (ta_mixer_set_time_scale(rp->mixer, json_number_value(ts), &err) != TA_OK)
            return refuse("mixer.time_scale", &err);
    }

    json_t *actions = json_object_get(rp->doc, "actions");
    if (actions != NULL && !json_is_array(actions)) return refuse_text("actions", "is not a list");
    size_t i;
    json_t *spec;
    json_array_foreach(actions, i, spec)
    {
        if (make_action(rp, i, spec) != CLI_OK) return CLI_REFUSED;
    }

    json_t *record = json_object_get(rp->doc, "record");
    if (json_is_string(record) && strcmp(json_string_value(record), "all") == 0) {
        if (replay_all_paths(rp->model, rp->gltf, &rp->paths, &rp->path_count, &err) != TA_OK)
            return refuse("record", &err);
    } else if (json_is_array(record)) {
        rp->paths = calloc(json_array_size(record) + 1, sizeof *rp->paths);
        if (rp->paths == NULL) return refuse_text("record", "out of memory");
        json_t *p;
        json_array_foreach(record, i, p)
        {
            char field[64];
            snprintf(field, sizeof field, "record[%zu]", i);
            if (!json_is_string(p)) return refuse_text(field, "is not a path");
            if (replay_parse_path(rp->model, rp->gltf, json_string_value(p), &rp->paths[i], &err) != TA_OK)
                return refuse(field, &err);
            rp->path_count = i + 1;
        }
    } else if (record != NULL) {
        return refuse_text("record", "is neither \"all\" nor a list of paths");
    }

    json_t *steps = json_object_get(rp->doc, "steps");
    if (!json_is_array(steps)) return refuse_text("steps", "is missing or not a list");
    json_t *step;
    json_array_foreach(steps, i, step)
    {
        if (!json_is_object(step)) {
            char what[64];
            snprintf(what, sizeof what, "step %zu", i);
            return refuse_text(what, "is not an object");
        }
        if (run_step(rp, i, step) != CLI_OK) return CLI_REFUSED;
    }
    return CLI_OK;
}

static int replay_file(const char *file)
{
    replay rp;
    memset(&rp, 0, sizeof rp);
    rp.file = file;
    json_error_t jerr;
    ta_error err = {0};
    size_t size = 0;
    char *text = cli_read_file(rp.file, &size, &err);
    if (text == NULL) {
        fprintf(stderr, "threeanim replay: %s\n", err.message);
        return CLI_REFUSED;
    }
    rp.doc = json_loadb(text, size, 0, &jerr);
    free(text);
    if (replay_refuse_model(rp.file, rp.doc) != CLI_OK) {
        replay_free(&rp);
        return CLI_REFUSED;
    }
    if (rp.doc == NULL)
        fprintf(stderr, "threeanim replay: %s:%d:%d: %s\n", rp.file, jerr.line, jerr.column, jerr.text);
    char dir[4096];
    cli_dirname(rp.file, dir, sizeof dir);
    int rc = run(&rp, dir);
    replay_free(&rp);
    return rc;
}

/* FILE's stream NAME ("stdout", "stderr" or "status") is FILE.NAME. */
static FILE *reopen_beside(const char *file, const char *name, FILE *stream)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s.%s", file, name);
    if (n < 0 || (size_t)n >= sizeof path) return NULL;
    return stream != NULL ? freopen(path, "w", stream) : fopen(path, "w");
}

/* --each: the streams are pointed at each file's own outputs in turn, so that
 * everything below prints to stdout and stderr as in a run of its own. */
static int replay_each(int count, char **files)
{
    for (int i = 0; i < count; ++i) {
        fflush(stdout);
        fflush(stderr);
        if (reopen_beside(files[i], "stdout", stdout) == NULL || reopen_beside(files[i], "stderr", stderr) == NULL)
            return CLI_USAGE; /* nowhere left to say so */
        int rc = replay_file(files[i]);
        fflush(stdout);
        fflush(stderr);
        FILE *status = reopen_beside(files[i], "status", NULL);
        if (status == NULL) return CLI_USAGE;
        fprintf(status, "%d\n", rc);
        if (fclose(status) != 0) return CLI_USAGE;
    }
    return CLI_OK;
}

int cli_replay(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        cli_replay_help(stdout);
        return CLI_OK;
    }
    if (argc >= 3 && strcmp(argv[1], "--each") == 0) return replay_each(argc - 2, argv + 2);
    if (argc != 2) {
        cli_replay_help(stderr);
        return CLI_USAGE;
    }
    return replay_file(argv[1]);
}

int cli_replay_memory(const char *text, size_t size, const char *dir)
{
    replay rp;
    memset(&rp, 0, sizeof rp);
    rp.file = "(memory)";
    json_error_t jerr;
    rp.doc = json_loadb(text, size, 0, &jerr);
    if (rp.doc == NULL) fprintf(stderr, "threeanim replay: %d:%d: %s\n", jerr.line, jerr.column, jerr.text);
    int rc = run(&rp, dir);
    replay_free(&rp);
    return rc;
}
