/*
 * tools/threeanim/cli_args.h -- reading a subcommand's options, and the two
 * ways it fails (a usage error, exit 2; refused input, exit 1).
 *
 *     cli_argv a = {argc, argv, 1};
 *     while (a.i < a.argc) {
 *         const char *v;
 *         int got;
 *         if ((got = cli_take_value(&a, "--fps", &v)) != 0) { if (got < 0) return usage...; ... continue; }
 *         if (cli_take_flag(&a, "--all")) { ...; continue; }
 *         positional: a.argv[a.i++]
 *     }
 *
 * Options take "--name VALUE" or "--name=VALUE".
 */
#ifndef THREEANIM_TOOLS_CLI_ARGS_H
#define THREEANIM_TOOLS_CLI_ARGS_H

#include <stdbool.h>
#include <stdio.h>

#include "threeanim/result.h"

typedef struct cli_argv {
    int argc;
    char **argv;
    int i; /* the next argument to read */
} cli_argv;

/* True if any argument is --help or -h. */
bool cli_wants_help(int argc, char **argv);
/* 1 and *value if argv[i] is the option (the index moves past it), 0 if it is
 * not, -1 if it is but has no value. */
int cli_take_value(cli_argv *a, const char *name, const char **value);
/* True (and the index moves on) if argv[i] is the flag. */
bool cli_take_flag(cli_argv *a, const char *name);
/* A whole finite decimal number ([+-]digits[.digits][e[+-]digits]), or
 * false: no hex ("0x10"), "inf" or spaces, which strtod alone would take. */
bool cli_parse_number(const char *text, double *out);

/* Prints "threeanim CMD: MESSAGE" and a pointer to --help on standard error;
 * returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "threeanim CMD: WHAT: the library's message" on standard error,
 * without the prefix that names a C argument (cli_user_message); returns
 * CLI_REFUSED. */
int cli_refuse(const char *cmd, const char *what, const ta_error *err);
/* message without a leading "name: ", "path: " ... that names the library's C
 * argument and means nothing on the command line (into buf when it changes). */
const char *cli_user_message(const char *message, char *buf, size_t size);

#endif
