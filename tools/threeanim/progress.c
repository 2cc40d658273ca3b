/* The progress bar (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>

#include "progress.h"
#include "threeanim/units.h"

/* Work shorter than this shows no bar at all. */
#define PROGRESS_DELAY 0.4
#define PROGRESS_PERIOD 0.1
#define PROGRESS_WIDTH 30

void cli_progress_start(cli_progress *p, const char *what, const char *unit, uint64_t total)
{
    p->unit = unit;
    p->tty = isatty(STDERR_FILENO) == 1;
    p->shown = false;
    p->start = p->last = ta_clock_monotonic_seconds(NULL);
    p->total = total ? total : 1;
    p->done = 0;
    p->what = what;
}

void cli_progress_step(cli_progress *p)
{
    cli_progress_add(p, 1);
}

void cli_progress_add(cli_progress *p, uint64_t n)
{
    p->done += n;
    if (!p->tty) return;
    double now = ta_clock_monotonic_seconds(NULL);
    if (now - p->start < PROGRESS_DELAY || (p->shown && now - p->last < PROGRESS_PERIOD)) return;
    p->last = now;
    p->shown = true;
    uint64_t done = p->done < p->total ? p->done : p->total;
    int filled = (int)(done * PROGRESS_WIDTH / p->total);
    char bar[PROGRESS_WIDTH + 1];
    for (int i = 0; i < PROGRESS_WIDTH; ++i) bar[i] = i < filled ? '#' : '.';
    bar[PROGRESS_WIDTH] = '\0';
    fprintf(stderr, "\r%s [%s] %3d%% (%llu/%llu %s)", p->what, bar, (int)(done * 100 / p->total),
            (unsigned long long)done, (unsigned long long)p->total, p->unit);
    fflush(stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}
