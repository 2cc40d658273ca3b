/*
 * tools/threeanim/cli_out.h -- where every subcommand's output file goes, so
 * that all of them write a path the same way.
 *
 * A regular file (or a path that is not there yet) is written whole or not at
 * all: into a temporary file beside it (same folder, so that rename is
 * atomic), renamed over it only when everything was written; on any failure
 * the temporary file is removed and the old file is left as it was.
 * A symbolic link is written through, never replaced: when it leads to a
 * regular file, the temporary file goes beside that file (the link resolved)
 * and is renamed over it; a link that leads nowhere yet is opened and written
 * in place, as the shell's > would. Anything else that is there (/dev/null, a
 * named pipe, a terminal or other device) is opened and written in place:
 * renaming over it would put a regular file where the device was. A folder is
 * refused before anything is written.
 *
 *     cli_out out;
 *     if (cli_out_open(&out, "curves.svg", &err) != TA_OK) ...
 *     fprintf(out.f, ...);
 *     if (cli_out_commit(&out, &err) != TA_OK) ...   // or cli_out_abort(&out)
 *
 * The path "-" writes to standard output (nothing to rename). Any write,
 * flush or close that fails is TA_ERROR_IO with a message naming the file and
 * the system's reason ("/dev/full: cannot be written: No space left on device").
 */
#ifndef THREEANIM_TOOLS_CLI_OUT_H
#define THREEANIM_TOOLS_CLI_OUT_H

#include <stdio.h>

#include "threeanim/result.h"

typedef struct cli_out {
    FILE *f;
    char *path; /* the target as given; NULL for standard output */
    char *dest; /* what the temporary file is renamed over (the link resolved) */
    char *tmp;  /* the temporary file; NULL when written in place */
} cli_out;

ta_result cli_out_open(cli_out *out, const char *path, ta_error *err);
/* Flushes, closes and renames; TA_ERROR_IO (and the temporary file removed) if
 * any write failed. */
ta_result cli_out_commit(cli_out *out, ta_error *err);
/* Closes and removes the temporary file; the target is untouched (a target
 * written in place keeps what was written to it). */
void cli_out_abort(cli_out *out);

#endif
