/* `threeanim example OUT.glb`: writes the bundled default model;
 * `threeanim example --path`: says where the installed copy is. */
#define _XOPEN_SOURCE 700 /* readlink, realpath */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_args.h"
#include "default_model.h"

/* make install puts the model in PREFIX/share/threeanim, the command in
 * PREFIX/bin: found from where the command is, so a prefix moved after the
 * build still works. A command run from its build tree finds the source
 * tree's copy (TA_SOURCE_MODEL, set by CMake). */
#define INSTALLED_MODEL "../share/threeanim/default.glb"

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The installed model beside the running command, into buf; NULL if not there. */
static const char *installed_model(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = '\0';
    char dir[4096];
    cli_join_path(cli_dirname(exe, dir, sizeof dir), INSTALLED_MODEL, buf, size);
    if (!is_file(buf)) return NULL;
    /* print it without the "bin/.." */
    char *real = realpath(buf, NULL);
    if (real != NULL && strlen(real) < size) memcpy(buf, real, strlen(real) + 1);
    free(real);
    return buf;
}

static int print_model_path(void)
{
    char buf[4096];
    const char *path = installed_model(buf, sizeof buf);
#ifdef TA_SOURCE_MODEL
    if (path == NULL && is_file(TA_SOURCE_MODEL)) path = TA_SOURCE_MODEL;
#endif
    if (path == NULL) {
        fprintf(stderr,
                "threeanim example: --path: the bundled model is not installed beside this command (no %s next to "
                "its folder); write a copy with `threeanim example OUT.glb`\n",
                INSTALLED_MODEL);
        return CLI_REFUSED;
    }
    printf("%s\n", path);
    return CLI_OK;
}

void cli_example_help(FILE *out)
{
    fputs("usage: threeanim example OUT.glb\n"
          "       threeanim example --path\n"
          "\n"
          "Writes the bundled default model as a binary glTF: a figure of 15 bones (hips,\n"
          "spine, head, arms of upper arm, lower arm and hand, legs of thigh, shin and foot)\n"
          "with a skinned body, a face with a \"smile\" morph target and a speech bubble whose\n"
          "material fades (a KHR_animation_pointer channel), and three clips: walk (1 s),\n"
          "run (0.6 s) and wave (2 s, with a CUBICSPLINE forearm and a STEP bubble scale).\n"
          "The file is the same on every run; the project ships it as examples/default.glb,\n"
          "and make install puts a copy in PREFIX/share/threeanim/default.glb.\n"
          "\n"
          "  --path   print where that copy is (found from where this command is), to give\n"
          "           it to a program: ./walk \"$(threeanim example --path)\"\n"
          "\n"
          "  threeanim example rig.glb && threeanim preview rig.glb -o rig.html\n"
          "\n"
          "Exit status: 0 written (or found); 1 the file cannot be written (or no copy is\n"
          "installed); 2 a usage error.\n",
          out);
}

int cli_example(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_example_help(stdout);
        return CLI_OK;
    }
    if (argc == 2 && strcmp(argv[1], "--path") == 0) return print_model_path();
    if (argc != 2) return cli_usage("example", argc < 2 ? "needs OUT.glb (or --path)" : "takes one file, OUT.glb");
    if (argv[1][0] == '-' && argv[1][1] != '\0') return cli_usage("example", "\"%s\" is not an option of example", argv[1]);
    ta_error err = {0};
    if (default_model_write(argv[1], &err) != TA_OK) return cli_refuse("example", "output", &err);
    return CLI_OK;
}
