/* `threeanim plot FILE --clip NAME -o curves.svg`: a clip's curves as SVG. */
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_out.h"
#include "plot.h"

void cli_plot_help(FILE *out)
{
    fputs("usage: threeanim plot FILE [--clip NAME] -o OUT.svg [--width PIXELS] [--euler]\n"
          "\n"
          "Draws the curves of one clip of FILE (glTF .gltf/.glb or three.js Object JSON) as\n"
          "an SVG image: one panel per track, titled with its target (a three.js path), its\n"
          "kind, interpolation, key count and time range. Each curve is sampled densely\n"
          "through the track's own interpolation (LINEAR, STEP, SMOOTH, CUBIC_SPLINE,\n"
          "BEZIER), one color per number (x y z w, or r g b); keys are circles, and the\n"
          "tangents of CUBIC_SPLINE keys and the control points of BEZIER keys are dashed\n"
          "handles. The time axis is in seconds and the value axis in the property's unit;\n"
          "a dashed line marks the clip's end when a track runs past it. Past two samples\n"
          "a pixel a curve keeps each pixel column's first, lowest, highest and last point,\n"
          "and dense keys are ticks, one per column; a title too long for its place is cut\n"
          "in the middle (whole in its tooltip). The same input gives the same file, byte\n"
          "for byte.\n"
          "\n"
          "  --clip NAME     the clip (default: the file's first)\n"
          "  -o OUT.svg      where to write (whole, or not at all); \"-\" for standard output\n"
          "  --width PIXELS  the image's width (default 1200; 400 to 4000)\n"
          "  --euler         rotations (quaternion tracks) as Euler angles in degrees: x, y\n"
          "                  and z in three.js's default XYZ order, unwrapped past 180\n"
          "\n"
          "Exit status: 0 written; 1 a file that cannot be read, a clip that is not there, or\n"
          "an output that cannot be written (the library's message); 2 a usage error.\n",
          out);
}

int cli_plot(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_plot_help(stdout);
        return CLI_OK;
    }
    const char *file = NULL, *output = NULL, *clip_name = NULL;
    double width = 1200;
    bool euler = false;
    cli_argv a = {argc, argv, 1};
    while (a.i < a.argc) {
        const char *v = NULL;
        int got;
        if ((got = cli_take_value(&a, "--clip", &v)) != 0) {
            if (got < 0) return cli_usage("plot", "--clip needs a clip's name");
            clip_name = v;
            continue;
        }
        if ((got = cli_take_value(&a, "-o", &v)) != 0 || (got = cli_take_value(&a, "--output", &v)) != 0) {
            if (got < 0) return cli_usage("plot", "-o needs a file name");
            output = v;
            continue;
        }
        if ((got = cli_take_value(&a, "--width", &v)) != 0) {
            if (got < 0 || !cli_parse_number(v, &width) || width < 400 || width > 4000)
                return cli_usage("plot", "--width needs a number of pixels from 400 to 4000");
            continue;
        }
        if (cli_take_flag(&a, "--euler")) {
            euler = true;
            continue;
        }
        const char *arg = a.argv[a.i++];
        if (arg[0] == '-' && arg[1] != '\0') return cli_usage("plot", "\"%s\" is not an option of plot", arg);
        if (file != NULL) return cli_usage("plot", "takes one FILE (got \"%s\" and \"%s\")", file, arg);
        file = arg;
    }
    if (file == NULL) return cli_usage("plot", "needs a FILE");
    if (output == NULL) return cli_usage("plot", "needs -o OUT.svg");

    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(file, &model, &err) != TA_OK) return cli_refuse("plot", file, &err);
    int rc = CLI_OK;
    uint32_t index = 0;
    if (model->animation_count == 0) {
        fprintf(stderr, "threeanim plot: %s: the file has no animations to plot\n", file);
        rc = CLI_REFUSED;
    } else if (clip_name != NULL && ta_model_find_clip(model, clip_name, &index, &err) != TA_OK) {
        rc = cli_refuse("plot", file, &err);
    }
    cli_names names = {0};
    if (rc == CLI_OK && cli_names_init(&names, model, &err) != TA_OK) rc = cli_refuse("plot", file, &err);
    if (rc == CLI_OK) {
        cli_out out;
        const char *base = strrchr(file, '/');
        plot_options po = {base ? base + 1 : file, false, (int)width, NULL, euler};
        if (cli_out_open(&out, output, &err) != TA_OK) {
            rc = cli_refuse("plot", "output", &err);
        } else if (plot_write_svg(out.f, model, &names, model->animations[index], &po, &err) != TA_OK) {
            cli_out_abort(&out);
            rc = cli_refuse("plot", file, &err);
        } else if (cli_out_commit(&out, &err) != TA_OK) {
            rc = cli_refuse("plot", "output", &err);
        }
    }
    cli_names_free(&names);
    ta_model_destroy(model);
    return rc;
}
