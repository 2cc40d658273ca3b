/*
 * tools/threeanim/progress.h -- a progress bar on standard error, shown only
 * when standard error is a terminal and the work has already taken a while,
 * so that pipes, logs and quick runs see nothing of it.
 */
#ifndef THREEANIM_TOOLS_PROGRESS_H
#define THREEANIM_TOOLS_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct cli_progress {
    bool tty;
    bool shown;
    double start, last;
    uint64_t total, done;
    const char *what;
    const char *unit; /* "frames" */
} cli_progress;

/* what: the bar's label; unit: what total counts. */
void cli_progress_start(cli_progress *p, const char *what, const char *unit, uint64_t total);
/* One more unit done; n more. */
void cli_progress_step(cli_progress *p);
void cli_progress_add(cli_progress *p, uint64_t n);
/* Clears the bar if it was drawn. */
void cli_progress_end(cli_progress *p);

#endif
