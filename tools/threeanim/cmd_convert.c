/* `threeanim convert IN OUT`: glTF or three.js JSON in; three.js Object JSON
 * or clip JSON out, with clip edits on the way. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_out.h"
#include "cli_target.h"
#include "resample.h"

void cli_convert_help(FILE *out)
{
    fputs("usage: threeanim convert IN OUT [--format object|clip] [--clip NAME]...\n"
          "                         [--subclip NAME:START:END:FPS]... [--additive FRAME [--fps N]]\n"
          "                         [--resample FPS] [--trim] [--optimize] [--indent N]\n"
          "\n"
          "Reads IN (glTF .gltf/.glb or three.js Object JSON) and writes OUT:\n"
          "  --format object   (default) three.js Object JSON, as Object3D.toJSON writes it: the\n"
          "                    scene, its materials and cameras, and the clips as the Scene's\n"
          "                    animations (tracks named by uuid; ObjectLoader reads it back)\n"
          "  --format clip     one clip as AnimationClip.toJSON writes it, its tracks named by\n"
          "                    node name (or uuid where a name is not unique), for\n"
          "                    AnimationClip.parse\n"
          "\n"
          "Which clips are written: the --subclip clips if any, else the --clip ones, else all.\n"
          "  --clip NAME               a clip to write (repeat for more), or the clip to cut\n"
          "                            --subclip from (default: the first)\n"
          "  --subclip NAME:START:END:FPS\n"
          "                            the frames [START, END) at FPS, moved to start at 0, as\n"
          "                            three.js's AnimationUtils.subclip; named NAME\n"
          "  --resample FPS            sample each CUBIC_SPLINE track (which three.js JSON cannot\n"
          "                            hold) at FPS keys a second into LINEAR keys, and say on\n"
          "                            standard error how far they stray from the curve at most\n"
          "                            (rotations in degrees)\n"
          "  --additive FRAME          make each clip additive against its own pose at FRAME\n"
          "                            (three.js's makeClipAdditive), at --fps N (default 30)\n"
          "  --trim                    drop keys outside each clip's [0, duration]\n"
          "  --optimize                drop each key equal to both neighbours\n"
          "  --indent N                spaces per level (default 2; 0 for one line)\n"
          "The edits run in that order: subclip, resample, additive, trim, optimize. OUT is written whole or\n"
          "not at all; \"-\" writes to standard output.\n"
          "\n"
          "Exit status: 0 written; 1 a file that cannot be read, an edit or a conversion the\n"
          "library refuses (its message says why: a CUBIC_SPLINE track has no three.js JSON\n"
          "form, a subclip that keeps nothing, ...); 2 a usage error.\n",
          out);
}

#define MAX_SUBCLIPS 64
#define MAX_CLIPS 256

typedef struct subclip_spec {
    char name[256];
    double start, end, fps;
} subclip_spec;

typedef struct convert_opts {
    const char *in, *out;
    bool clip_format;
    const char *clips[MAX_CLIPS];
    uint32_t clip_count;
    subclip_spec subclips[MAX_SUBCLIPS];
    uint32_t subclip_count;
    bool additive;
    double additive_frame, fps;
    double resample_fps; /* 0: no --resample */
    bool trim, optimize;
    int indent;
} convert_opts;

/* NAME:START:END:FPS, read from the right so that a name may hold ':'. */
static bool parse_subclip(const char *text, subclip_spec *out)
{
    const char *p[3];
    const char *end = text + strlen(text);
    for (int i = 2; i >= 0; --i) {
        const char *c = end;
        while (c > text && c[-1] != ':') --c;
        if (c == text) return false;
        p[i] = c;
        end = c - 1;
    }
    size_t name_len = (size_t)(end - text);
    if (name_len == 0 || name_len >= sizeof out->name) return false;
    memcpy(out->name, text, name_len);
    out->name[name_len] = '\0';
    double v[3];
    for (int i = 0; i < 3; ++i) {
        const char *stop = i < 2 ? p[i + 1] - 1 : text + strlen(text);
        char num[64];
        size_t n = (size_t)(stop - p[i]);
        if (n == 0 || n >= sizeof num) return false;
        memcpy(num, p[i], n);
        num[n] = '\0';
        if (!cli_parse_number(num, &v[i])) return false;
    }
    out->start = v[0];
    out->end = v[1];
    out->fps = v[2];
    return true;
}

static int parse_args(int argc, char **argv, convert_opts *o)
{
    memset(o, 0, sizeof *o);
    o->fps = 30;
    o->indent = 2;
    bool fps_set = false;
    cli_argv a = {argc, argv, 1};
    while (a.i < a.argc) {
        const char *v = NULL;
        int got;
        if ((got = cli_take_value(&a, "--format", &v)) != 0) {
            if (got < 0) return cli_usage("convert", "--format needs object or clip");
            if (strcmp(v, "object") == 0) o->clip_format = false;
            else if (strcmp(v, "clip") == 0) o->clip_format = true;
            else return cli_usage("convert", "--format: \"%s\" is not object or clip", v);
            continue;
        }
        if ((got = cli_take_value(&a, "--clip", &v)) != 0) {
            if (got < 0) return cli_usage("convert", "--clip needs a clip's name");
            if (o->clip_count == MAX_CLIPS) return cli_usage("convert", "at most %d --clip options", MAX_CLIPS);
            o->clips[o->clip_count++] = v;
            continue;
        }
        if ((got = cli_take_value(&a, "--subclip", &v)) != 0) {
            if (got < 0) return cli_usage("convert", "--subclip needs NAME:START:END:FPS");
            if (o->subclip_count == MAX_SUBCLIPS) return cli_usage("convert", "at most %d --subclip options", MAX_SUBCLIPS);
            if (!parse_subclip(v, &o->subclips[o->subclip_count]))
                return cli_usage("convert", "--subclip: \"%s\" is not NAME:START:END:FPS (three numbers after the name)", v);
            o->subclip_count++;
            continue;
        }
        if ((got = cli_take_value(&a, "--additive", &v)) != 0) {
            if (got < 0 || !cli_parse_number(v, &o->additive_frame))
                return cli_usage("convert", "--additive needs a frame number");
            o->additive = true;
            continue;
        }
        if ((got = cli_take_value(&a, "--resample", &v)) != 0) {
            if (got < 0) return cli_usage("convert", "--resample needs keys a second (FPS)");
            if (!cli_parse_number(v, &o->resample_fps))
                return cli_usage("convert", "--resample: \"%s\" is not a decimal number", v);
            if (!(o->resample_fps > 0) || o->resample_fps > 1000)
                return cli_usage("convert", "--resample: %s is not a rate from above 0 to 1000 keys a second", v);
            continue;
        }
        if ((got = cli_take_value(&a, "--fps", &v)) != 0) {
            if (got < 0 || !cli_parse_number(v, &o->fps)) return cli_usage("convert", "--fps needs a number");
            fps_set = true;
            continue;
        }
        if ((got = cli_take_value(&a, "--indent", &v)) != 0) {
            double n;
            if (got < 0 || !cli_parse_number(v, &n) || n < 0 || n > 31 || n != (int)n)
                return cli_usage("convert", "--indent needs a whole number from 0 to 31");
            o->indent = (int)n;
            continue;
        }
        if (cli_take_flag(&a, "--trim")) {
            o->trim = true;
            continue;
        }
        if (cli_take_flag(&a, "--optimize")) {
            o->optimize = true;
            continue;
        }
        const char *arg = a.argv[a.i++];
        if (arg[0] == '-' && arg[1] != '\0') return cli_usage("convert", "\"%s\" is not an option of convert", arg);
        if (o->in == NULL) o->in = arg;
        else if (o->out == NULL) o->out = arg;
        else return cli_usage("convert", "takes IN and OUT (got a third, \"%s\")", arg);
    }
    if (o->in == NULL || o->out == NULL) return cli_usage("convert", "needs IN and OUT");
    if (fps_set && !o->additive) return cli_usage("convert", "--fps goes with --additive");
    if (o->subclip_count > 0 && o->clip_count > 1)
        return cli_usage("convert", "--subclip cuts from one clip; give at most one --clip");
    return CLI_OK;
}

/* A clip made again from copies of its tracks, trimmed and or optimized, with
 * its name, duration, blend mode, user data, markers and uuid. */
static ta_result rebuild(const ta_clip *clip, bool trim, bool optimize, ta_clip **out, ta_error *err)
{
    uint32_t n = ta_clip_track_count(clip);
    double duration = ta_clip_duration(clip).seconds;
    ta_track **tracks = calloc(n, sizeof *tracks);
    if (tracks == NULL) {
        if (err) {
            err->code = TA_ERROR_OUT_OF_MEMORY;
            snprintf(err->message, sizeof err->message, "out of memory");
        }
        return TA_ERROR_OUT_OF_MEMORY;
    }
    ta_result r = TA_OK;
    for (uint32_t i = 0; i < n && r == TA_OK; ++i) {
        r = ta_track_copy(ta_clip_track(clip, i), NULL, &tracks[i], err);
        if (r == TA_OK && trim) r = ta_track_trim(tracks[i], 0, duration, err);
        if (r == TA_OK && optimize) r = ta_track_optimize(tracks[i], err);
    }
    if (r == TA_OK) {
        ta_clip_options co = {NULL, duration, ta_clip_blend_mode(clip), ta_clip_user_data(clip), ta_clip_uuid(clip),
                               true, ta_clip_markers(clip), ta_clip_marker_count(clip)};
        r = ta_clip_create(ta_clip_name(clip), tracks, n, &co, out, err);
    }
    if (r != TA_OK)
        for (uint32_t i = 0; i < n; ++i) ta_track_destroy(tracks[i]);
    free(tracks);
    return r;
}

/* Says what --resample did to a clip, on standard error (standard output may
 * be the file). */
static void report_resample(const convert_opts *o, const cli_names *names, const ta_clip *clip,
                            const resample_report *rep)
{
    char label[320];
    fprintf(stderr, "threeanim convert: clip \"%s\": %u CUBIC_SPLINE track%s resampled at %g keys a second;",
            ta_clip_name(clip), rep->tracks, rep->tracks == 1 ? "" : "s", o->resample_fps);
    const char *sep = " largest difference from the curve:";
    for (int rotation = 1; rotation >= 0; --rotation) {
        uint32_t index = rotation ? rep->rotation_track : rep->value_track;
        const ta_track *t = ta_clip_track(clip, index);
        if ((ta_track_kind_value_type(ta_track_target_of(t).kind) == TA_VALUE_TYPE_ROTATION) != (rotation == 1)) continue;
        if (ta_track_interpolation(t) != TA_INTERPOLATION_LINEAR) continue;
        cli_target_label(names, ta_track_target_of(t), label, sizeof label);
        if (rotation) {
            fprintf(stderr, "%s %.3g degrees (%s at %.3f s)", sep, rep->rotation_degrees, label, rep->rotation_at);
        } else {
            const char *unit = cli_kind_unit(ta_track_target_of(t).kind);
            fprintf(stderr, "%s %.3g%s%s (%s at %.3f s)", sep, rep->value, unit[0] ? " " : "", unit, label,
                    rep->value_at);
        }
        sep = ",";
    }
    fputc('\n', stderr);
}

static ta_result edit(const convert_opts *o, const cli_names *names, ta_clip **clip, ta_error *err)
{
    ta_clip *made = NULL;
    ta_result r;
    if (o->resample_fps > 0) {
        resample_report rep;
        r = resample_clip(*clip, o->resample_fps, &made, &rep, err);
        if (r != TA_OK) return r;
        if (made != NULL) {
            ta_clip_release(*clip);
            *clip = made;
            report_resample(o, names, *clip, &rep);
        }
    }
    if (o->additive) {
        r = ta_clip_make_additive(*clip, o->additive_frame, NULL, o->fps, NULL, &made, err);
        if (r != TA_OK) return r;
        ta_clip_release(*clip);
        *clip = made;
    }
    if (o->trim || o->optimize) {
        r = rebuild(*clip, o->trim, o->optimize, &made, err);
        if (r != TA_OK) return r;
        ta_clip_release(*clip);
        *clip = made;
    }
    return TA_OK;
}

/* A clip the JSON writers refuse; for a cubic spline, the way out. */
static int refuse_write(const char *what, const ta_error *err)
{
    int rc = cli_refuse("convert", what, err);
    if (strstr(err->message, "CUBIC_SPLINE") != NULL)
        fputs("(threeanim convert --resample FPS writes CUBIC_SPLINE tracks as LINEAR keys)\n", stderr);
    return rc;
}

static int convert(const convert_opts *o, ta_model *model, ta_clip **clips, uint32_t *count)
{
    ta_error err = {0};
    char what[320];
    if (o->subclip_count > 0) {
        uint32_t source = 0;
        if (o->clip_count == 1 && ta_model_find_clip(model, o->clips[0], &source, &err) != TA_OK)
            return cli_refuse("convert", o->in, &err);
        if (model->animation_count == 0) {
            fprintf(stderr, "threeanim convert: %s: the file has no clip to cut a subclip from\n", o->in);
            return CLI_REFUSED;
        }
        for (uint32_t i = 0; i < o->subclip_count; ++i) {
            const subclip_spec *s = &o->subclips[i];
            snprintf(what, sizeof what, "--subclip %s", s->name);
            if (ta_clip_subclip(model->animations[source], s->name, s->start, s->end, s->fps, NULL, &clips[*count], &err) != TA_OK)
                return cli_refuse("convert", what, &err);
            (*count)++;
        }
    } else if (o->clip_count > 0) {
        for (uint32_t i = 0; i < o->clip_count; ++i) {
            uint32_t index;
            if (ta_model_find_clip(model, o->clips[i], &index, &err) != TA_OK) return cli_refuse("convert", o->in, &err);
            ta_clip_retain(model->animations[index]);
            clips[(*count)++] = model->animations[index];
        }
    } else {
        for (uint32_t i = 0; i < model->animation_count; ++i) {
            ta_clip_retain(model->animations[i]);
            clips[(*count)++] = model->animations[i];
        }
    }
    cli_names names;
    if (cli_names_init(&names, model, &err) != TA_OK) return cli_refuse("convert", o->in, &err);
    for (uint32_t i = 0; i < *count; ++i) {
        snprintf(what, sizeof what, "clip \"%s\"", ta_clip_name(clips[i]));
        if (edit(o, &names, &clips[i], &err) != TA_OK) {
            cli_names_free(&names);
            return cli_refuse("convert", what, &err);
        }
    }
    if (o->clip_format && *count != 1) {
        cli_names_free(&names);
        return cli_usage("convert", "clip JSON holds one clip, and %u are to be written; choose one with --clip or "
                                    "--subclip",
                         *count);
    }

    char *text = NULL;
    if (o->clip_format) {
        ta_clip_write_options wo = {cli_target_owner, &names, NULL, o->indent};
        snprintf(what, sizeof what, "clip \"%s\"", ta_clip_name(clips[0]));
        ta_result r = ta_clip_write(clips[0], &wo, &text, &err);
        cli_names_free(&names);
        if (r != TA_OK) return refuse_write(what, &err);
    } else {
        cli_names_free(&names);
        ta_object_json_options oo = {NULL, o->indent};
        if (ta_object_json_write(model->scene, model->assets, model->cameras, (const ta_clip *const *)clips, *count, &oo,
                              &text, &err) != TA_OK)
            return refuse_write(o->in, &err);
    }
    cli_out out;
    int rc = CLI_OK;
    if (cli_out_open(&out, o->out, &err) != TA_OK) {
        rc = cli_refuse("convert", "output", &err);
    } else {
        fputs(text, out.f);
        fputc('\n', out.f);
        if (cli_out_commit(&out, &err) != TA_OK) rc = cli_refuse("convert", "output", &err);
    }
    ta_json_destroy(text);
    return rc;
}

int cli_convert(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_convert_help(stdout);
        return CLI_OK;
    }
    convert_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK) return rc;
    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(o.in, &model, &err) != TA_OK) return cli_refuse("convert", o.in, &err);
    ta_clip **clips = calloc(model->animation_count + MAX_SUBCLIPS + MAX_CLIPS + 1u, sizeof *clips);
    uint32_t count = 0;
    if (clips == NULL) {
        fprintf(stderr, "threeanim convert: out of memory\n");
        rc = CLI_REFUSED;
    } else {
        rc = convert(&o, model, clips, &count);
    }
    for (uint32_t i = 0; i < count; ++i) ta_clip_release(clips[i]);
    free(clips);
    ta_model_destroy(model);
    return rc;
}
