/*
 * tools/threeanim/cli.h -- what the subcommands of `threeanim` share.
 *
 * Exit status: 0 done, 1 refused input (the library's message on standard
 * error), 2 a usage error. A subcommand is `int run(int argc, char **argv)`
 * with argv[0] its own name.
 */
#ifndef THREEANIM_TOOLS_CLI_H
#define THREEANIM_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "threeanim/threeanim.h"

#define CLI_OK 0
#define CLI_REFUSED 1
#define CLI_USAGE 2

typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
    void (*help)(FILE *out);
} cli_command;

/* What the command reads of one file at most: the loaders' default limit. */
#define CLI_MAX_FILE_BYTES ((uint64_t)1 << 30)

/* Reads a whole regular file (not a pipe or a device: opened without
 * blocking, checked before reading); NULL (with err filled) on failure. The
 * caller frees. */
char *cli_read_file(const char *path, size_t *out_size, ta_error *err);
/* Loads a .gltf, .glb or three.js Object JSON file by its extension and content. */
ta_result cli_load_model(const char *path, ta_model **out_model, ta_error *err);
/* True if the text looks like a glTF or GLB file rather than three.js JSON. */
bool cli_is_gltf_path(const char *path);
/* dir/rel, or rel when it is absolute; into buf. */
const char *cli_join_path(const char *dir, const char *rel, char *buf, size_t size);
/* The folder of path ("." if none), into buf. */
const char *cli_dirname(const char *path, char *buf, size_t size);
/* Writes s as a JSON string (with quotes) to out. */
void cli_print_json_string(FILE *out, const char *s);
/* s as one CSV field: quoted, with its quotes doubled, when it holds a comma, a quote or a line break. */
void cli_print_csv_field(FILE *out, const char *s);
/* Fills err (when not NULL) with code and the message; returns code. */
ta_result cli_fail(ta_error *err, ta_result code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Prints a float so that it reads back the same float32 ("%.9g"), JSON-safe. */
void cli_print_float(FILE *out, double v);

/* The subcommands. */
int cli_replay(int argc, char **argv);
void cli_replay_help(FILE *out);
/* info, bake, convert, plot, preview, example, compress (cmd_*.c). */
int cli_info(int argc, char **argv);
void cli_info_help(FILE *out);
int cli_bake(int argc, char **argv);
void cli_bake_help(FILE *out);
int cli_convert(int argc, char **argv);
void cli_convert_help(FILE *out);
int cli_plot(int argc, char **argv);
void cli_plot_help(FILE *out);
int cli_preview(int argc, char **argv);
void cli_preview_help(FILE *out);
int cli_example(int argc, char **argv);
void cli_example_help(FILE *out);
int cli_compress(int argc, char **argv);
void cli_compress_help(FILE *out);

#endif
