/*
 * tools/threeanim/cli_out.h -- files written whole or not at all.
 *
 * A subcommand writes into a temporary file beside the target (same folder,
 * so that rename is atomic) and renames it over the target only when
 * everything was written; on any failure the temporary file is removed and
 * the target is left as it was.
 *
 *     cli_out out;
 *     if (cli_out_open(&out, "curves.svg", &err) != TA_OK) ...
 *     fprintf(out.f, ...);
 *     if (cli_out_commit(&out, &err) != TA_OK) ...   // or cli_out_abort(&out)
 *
 * The path "-" writes to standard output (nothing to rename).
 */
#ifndef THREEANIM_TOOLS_CLI_OUT_H
#define THREEANIM_TOOLS_CLI_OUT_H

#include <stdio.h>

#include "threeanim/result.h"

typedef struct cli_out {
    FILE *f;
    char *path; /* the target; NULL for standard output */
    char *tmp;  /* the temporary file */
} cli_out;

ta_result cli_out_open(cli_out *out, const char *path, ta_error *err);
/* Flushes, closes and renames; TA_ERROR_IO (and the temporary file removed) if
 * any write failed. */
ta_result cli_out_commit(cli_out *out, ta_error *err);
/* Closes and removes the temporary file; the target is untouched. */
void cli_out_abort(cli_out *out);

#endif
