/* `threeanim compress IN OUT`: a file's clips compressed (threeanim/clip_compress.h), written as
 * the binary form of one clip (.tac) or as the file again with quantized glTF animations (.glb). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_out.h"
#include "glb_compressed.h"

void cli_compress_help(FILE *out)
{
    fputs("usage: threeanim compress IN OUT [--clip NAME]... [--max-error-cm E] [--shell-cm D]\n"
          "                          [--meters-per-unit M] [--smallest]\n"
          "\n"
          "Compresses clips of IN (glTF .gltf/.glb) over IN's scene, keeping each bone's error\n"
          "(points --shell-cm from it on its axes, through the hierarchy: docs/compression.md)\n"
          "under --max-error-cm, and prints per clip its bytes, bytes a bone-sample and the max\n"
          "and 99th percentile error in cm. OUT, by its name:\n"
          "  OUT.tac   the binary form of one clip (ta_compressed_clip_read reads it)\n"
          "  OUT.glb   IN again (nodes, meshes, skins, materials, images, as they were; external\n"
          "            buffers and images embedded) with its animations replaced by the clips as\n"
          "            glTF 2.0 holds them: per track the keys it keeps, rotations as normalized\n"
          "            SHORT, translations and scales float32, a constant track one key (none when\n"
          "            it is the node's own value); the old animations' data is dropped. Prints the\n"
          "            animation bytes before and after. Not for EXT_meshopt_compression files,\n"
          "            nor for files using an extension outside the list it knows (docs/compression.md).\n"
          "            Without --clip, a clip that cannot be compressed (morph weights, ...) is\n"
          "            kept as it was, and said so; with --clip, only the clips named are written,\n"
          "            in the file's order.\n"
          "\n"
          "  --clip NAME           a clip to compress (repeat for more; default: all)\n"
          "  --max-error-cm E      the largest error allowed (default 0.01)\n"
          "  --shell-cm D          the points' distance from each bone (default 3)\n"
          "  --meters-per-unit M   the clip's units (default: read from the scene; 0.01 for a\n"
          "                        file modelled in centimeters with no scale above its root)\n"
          "  --smallest            OUT.tac: drop keys wherever that saves a byte (default: keep\n"
          "                        every key, which plays faster in the mixer's window);\n"
          "                        OUT.glb always takes the fewest keys\n"
          "\n"
          "Exit status: 0 written; 1 a file that cannot be read or a clip the library refuses\n"
          "(its message says why: a morph weight track, a curve 64 lines a key do not follow,\n"
          "...); 2 a usage error (more than one clip for a .tac among them).\n",
          out);
}

#define MAX_CLIPS 256

typedef struct compress_opts {
    const char *in, *out;
    const char *clips[MAX_CLIPS];
    uint32_t clip_count;
    ta_compress_options options;
    bool glb;
} compress_opts;

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n > m && strcmp(s + n - m, tail) == 0;
}

static int parse_args(int argc, char **argv, compress_opts *o)
{
    memset(o, 0, sizeof *o);
    cli_argv a = {argc, argv, 1};
    static const char *const numbers[3] = {"--max-error-cm", "--shell-cm", "--meters-per-unit"};
    while (a.i < a.argc) {
        const char *v;
        int got = 0;
        if ((got = cli_take_value(&a, "--clip", &v)) != 0) {
            if (got < 0) return cli_usage("compress", "--clip needs a clip name");
            if (o->clip_count == MAX_CLIPS) return cli_usage("compress", "at most %d --clip", MAX_CLIPS);
            o->clips[o->clip_count++] = v;
            continue;
        }
        int n = 0;
        for (; n < 3; ++n)
            if ((got = cli_take_value(&a, numbers[n], &v)) != 0) break;
        if (n < 3) {
            double x;
            if (got < 0 || !cli_parse_number(v, &x) || x <= 0)
                return cli_usage("compress", "%s needs a number above 0", numbers[n]);
            double *field[3] = {&o->options.max_error_cm, &o->options.shell_distance_cm, &o->options.meters_per_unit};
            *field[n] = x;
            continue;
        }
        const char *arg = a.argv[a.i++];
        if (strcmp(arg, "--smallest") == 0) {
            o->options.smallest = true;
            continue;
        }
        if (arg[0] == '-' && arg[1] != '\0') return cli_usage("compress", "unknown option %s", arg);
        if (o->in == NULL) o->in = arg;
        else if (o->out == NULL) o->out = arg;
        else return cli_usage("compress", "one IN and one OUT (\"%s\" is a third)", arg);
    }
    if (o->in == NULL || o->out == NULL) return cli_usage("compress", "needs IN and OUT");
    o->glb = ends_with(o->out, ".glb");
    if (o->glb) o->options.smallest = true; /* glTF keys: played as float keys, the fewest the better */
    if (!o->glb && !ends_with(o->out, ".tac")) return cli_usage("compress", "OUT must end in .tac or .glb: %s", o->out);
    if (!cli_is_gltf_path(o->in)) return cli_usage("compress", "IN must be glTF (.gltf or .glb): %s", o->in);
    return CLI_OK;
}

static int write_tac(const compress_opts *o, const ta_compressed_clip *clip)
{
    ta_error err = {0};
    cli_out out;
    size_t size = 0;
    const void *data = ta_compressed_clip_data(clip, &size);
    if (cli_out_open(&out, o->out, &err) != TA_OK) return cli_refuse("compress", "output", &err);
    fwrite(data, 1, size, out.f);
    if (cli_out_commit(&out, &err) != TA_OK) return cli_refuse("compress", "output", &err);
    return CLI_OK;
}

/* Compresses the clips chosen, made[i] the compressed model->animations[i]; for a .glb without
 * --clip, a clip the library refuses is kept as it was (keep[i]), and said so. */
static int compress(const compress_opts *o, ta_model *model, ta_compressed_clip **made, bool *keep)
{
    ta_error err = {0};
    uint32_t chosen = o->clip_count > 0 ? o->clip_count : model->animation_count;
    if (!o->glb && chosen != 1)
        return cli_usage("compress", "a .tac holds one clip, and %s has %u to write; choose one with --clip", o->in, chosen);
    uint32_t compressed = 0, tac = 0;
    for (uint32_t i = 0; i < chosen; ++i) {
        uint32_t index = i;
        if (o->clip_count > 0 && ta_model_find_clip(model, o->clips[i], &index, &err) != TA_OK)
            return cli_refuse("compress", o->in, &err);
        if (made[index] != NULL) continue; /* named twice */
        const ta_clip *clip = model->animations[index];
        char what[320];
        snprintf(what, sizeof what, "clip \"%s\"", ta_clip_name(clip));
        ta_compress_stats st;
        if (ta_clip_compress(clip, model->scene, &o->options, &made[index], &st, &err) != TA_OK) {
            made[index] = NULL;
            if (!o->glb || o->clip_count > 0) return cli_refuse("compress", what, &err);
            keep[index] = true;
            printf("clip \"%s\": kept as it was (%s)\n", ta_clip_name(clip), err.message);
            continue;
        }
        compressed++;
        tac = index;
        printf("clip \"%s\": %u bones, %u key times, %zu bytes, %.2f bytes a bone-sample, max error %.4f cm, "
               "p99 %.4f cm (%g m a unit)\n",
               ta_clip_name(clip), st.bones, st.samples, st.bytes, st.bytes_per_bone_sample, st.max_error_cm,
               st.p99_error_cm, st.meters_per_unit);
    }
    if (compressed == 0) {
        fprintf(stderr, "threeanim compress: %s: no clip of it can be compressed\n", o->in);
        return CLI_REFUSED;
    }
    if (!o->glb) return write_tac(o, made[tac]);
    glb_compressed_report rep;
    if (glb_compressed_write(o->in, model, (const ta_compressed_clip *const *)made, keep, o->out, &rep, &err) != TA_OK)
        return cli_refuse("compress", o->out, &err);
    printf("animation bytes: %zu before, %zu after", rep.animation_bytes_before, rep.animation_bytes_after);
    if (rep.dead_bytes > 0) printf(" (and %zu of the old in buffer views kept for other data)", rep.dead_bytes);
    printf("\n");
    return CLI_OK;
}

int cli_compress(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_compress_help(stdout);
        return CLI_OK;
    }
    compress_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK) return rc;
    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(o.in, &model, &err) != TA_OK) return cli_refuse("compress", o.in, &err);
    ta_compressed_clip **made = calloc(model->animation_count + 1u, sizeof *made);
    bool *keep = calloc(model->animation_count + 1u, sizeof *keep);
    if (made == NULL || keep == NULL) {
        fprintf(stderr, "threeanim compress: out of memory\n");
        rc = CLI_REFUSED;
    } else {
        rc = compress(&o, model, made, keep);
    }
    for (uint32_t i = 0; made != NULL && i < model->animation_count; ++i) ta_compressed_clip_destroy(made[i]);
    free(made);
    free(keep);
    ta_model_destroy(model);
    return rc;
}
