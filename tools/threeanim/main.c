/* threeanim: look inside animated files, and play them through the mixer. */
#include <string.h>

#include "cli.h"
#include "cli_out.h"

static const cli_command commands[] = {
    {"info", "the scene tree and each clip's tracks, with what looks wrong", cli_info, cli_info_help},
    {"bake", "the pose of every driven property at each frame, through the mixer", cli_bake, cli_bake_help},
    {"convert", "glTF or three.js JSON in; three.js Object JSON or clip JSON out", cli_convert, cli_convert_help},
    {"compress", "clips compressed: one as .tac, or the file as a .glb of quantized glTF clips", cli_compress,
     cli_compress_help},
    {"plot", "a clip's curves as an SVG, one panel per track", cli_plot, cli_plot_help},
    {"preview", "a self-contained HTML page that plays the baked animation", cli_preview, cli_preview_help},
    {"example", "write the bundled default model (a rig with walk, run, wave)", cli_example, cli_example_help},
    {"replay", "run a replay file through the mixer, one JSON line per update", cli_replay, cli_replay_help},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void help(FILE *out)
{
    fprintf(out, "usage: threeanim COMMAND [ARGS]   (threeanim COMMAND --help for more)\n\n"
                 "threeanim %s -- three.js's animation system in C.\n\ncommands:\n",
            ta_library_version());
    for (size_t i = 0; i < COMMAND_COUNT; ++i) fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fputs("\nAn output file (-o OUT, convert's OUT, example's OUT.glb) that is a regular file, or\n"
          "is not there yet, is written whole or not at all: into a temporary file beside it,\n"
          "renamed over it once every byte is written. A symbolic link is written through:\n"
          "the file it leads to is replaced the same way (the link stays), and a link that\n"
          "leads nowhere yet is written in place. Anything else (/dev/null, a named pipe, a\n"
          "device) is opened and written in place, never replaced. A write, flush or close\n"
          "that fails, to a file or to standard output, is an error (exit status 1).\n",
          out);
}

/* Standard output written by any command: a full disk or a closed pipe is
 * an error, not a silent success (the same check as cli_out's "-"). */
static int check_stdout(int rc)
{
    cli_out out;
    ta_error err = {0};
    if (cli_out_open(&out, "-", &err) == TA_OK && cli_out_commit(&out, &err) == TA_OK) return rc;
    if (rc == CLI_OK) {
        fprintf(stderr, "threeanim: %s\n", err.message);
        rc = CLI_REFUSED;
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        help(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        help(stdout);
        return check_stdout(CLI_OK);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("threeanim %s\n", ta_library_version());
        return check_stdout(CLI_OK);
    }
    for (size_t i = 0; i < COMMAND_COUNT; ++i)
        if (strcmp(argv[1], commands[i].name) == 0) return check_stdout(commands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "threeanim: \"%s\" is not a command\n\n", argv[1]);
    help(stderr);
    return CLI_USAGE;
}
