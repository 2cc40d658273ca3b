/*
 * fuzz_cli_files -- libFuzzer target for the command's own file readers: the
 * input is written to a file in a private folder, beside a small buffer file
 * and a link out of the folder, and put through `threeanim info`, `bake` and
 * `convert` as the command runs them (tools/threeanim/cmd_*.c): cli_read_file,
 * the sniffing of glTF against Object JSON (cli_load_model), the loaders'
 * file readers with their URI containment, bake's frame limit and streamed
 * output, convert's writer. Every input must give exit status 0 or 1 (1 with
 * a message), never crash, hang, read out of bounds or leak.
 *
 * The first byte picks the file's name: .gltf, .glb or .json, so that both
 * the name and the content decide which loader reads it. What the commands
 * print goes to /dev/null (standard output here; standard error with
 * -close_fd_mask=2 in fuzz_cli_files.options).
 *
 * Seed corpus: tests/fuzz/corpus/cli_files/ (inputs of the hostile corpus,
 * tests/hostile/hostile_corpus.c, with the first byte prepended);
 * dictionary: the glTF target's.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz_quiet.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char g_dir[256];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_quiet_stdout();
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/fuzz_cli_files.XXXXXX", tmp != NULL && *tmp ? tmp : "/tmp");
    if (mkdtemp(g_dir) == NULL) abort();
    /* A buffer a .gltf may name ("buffer.bin"), and a link out of the folder. */
    char path[400];
    static const float bin[8] = {0, 1, 0, 0, 0, 1, 2, 3};
    snprintf(path, sizeof path, "%s/buffer.bin", g_dir);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(bin, sizeof bin, 1, f) != 1 || fclose(f) != 0) abort();
    snprintf(path, sizeof path, "%s/out.bin", g_dir);
    unlink(path);
    if (symlink("/etc/hostname", path) != 0) abort();
    return 0;
}

static void run(int (*cmd)(int, char **), int argc, char **argv)
{
    int rc = cmd(argc, argv);
    if (rc != CLI_OK && rc != CLI_REFUSED) __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1u << 16)) return 0;
    static const char *const names[] = {"model.gltf", "model.glb", "model.json"};
    char file[400], out[400], json[400];
    snprintf(file, sizeof file, "%s/%s", g_dir, names[data[0] % 3]);
    snprintf(out, sizeof out, "%s/out.csv", g_dir);
    snprintf(json, sizeof json, "%s/out.json", g_dir);
    FILE *f = fopen(file, "wb");
    if (f == NULL) abort();
    if (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1) abort();
    if (fclose(f) != 0) abort();

    char *info[] = {"info", file, NULL};
    run(cli_info, 2, info);
    char *bake[] = {"bake", file, "--max-frames", "400", "--fps", "30", "-o", out, NULL};
    run(cli_bake, 8, bake);
    char *jsonl[] = {"bake", file, "--all", "--max-frames", "400", "--format", "jsonl", "-o", out, NULL};
    run(cli_bake, 9, jsonl);
    char *convert[] = {"convert", file, json, NULL};
    run(cli_convert, 3, convert);
    unlink(file);
    unlink(out);
    unlink(json);
    return 0;
}
