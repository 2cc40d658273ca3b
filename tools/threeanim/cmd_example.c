/* `threeanim example OUT.glb`: writes the bundled default model. */
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "default_model.h"

void cli_example_help(FILE *out)
{
    fputs("usage: threeanim example OUT.glb\n"
          "\n"
          "Writes the bundled default model as a binary glTF: a figure of 15 bones (hips,\n"
          "spine, head, arms of upper arm, lower arm and hand, legs of thigh, shin and foot)\n"
          "with a skinned body, a face with a \"smile\" morph target and a speech bubble whose\n"
          "material fades (a KHR_animation_pointer channel), and three clips: walk (1 s),\n"
          "run (0.6 s) and wave (2 s, with a CUBICSPLINE forearm and a STEP bubble scale).\n"
          "The file is the same on every run; the project ships it as examples/default.glb.\n"
          "\n"
          "  threeanim example rig.glb && threeanim preview rig.glb -o rig.html\n"
          "\n"
          "Exit status: 0 written; 1 the file cannot be written; 2 a usage error.\n",
          out);
}

int cli_example(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_example_help(stdout);
        return CLI_OK;
    }
    if (argc != 2) return cli_usage("example", argc < 2 ? "needs OUT.glb" : "takes one file, OUT.glb");
    if (argv[1][0] == '-' && argv[1][1] != '\0') return cli_usage("example", "\"%s\" is not an option of example", argv[1]);
    ta_error err = {0};
    if (default_model_write(argv[1], &err) != TA_OK) return cli_refuse("example", "output", &err);
    return CLI_OK;
}
