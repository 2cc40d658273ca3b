/* tests/fuzz/fuzz_quiet.h -- for the fuzz targets that drive the command's code,
 * which prints as it goes: its standard output sent to /dev/null once, at
 * LLVMFuzzerInitialize, so that a run's log holds only libFuzzer's lines. */
#ifndef THREEANIM_TESTS_FUZZ_QUIET_H
#define THREEANIM_TESTS_FUZZ_QUIET_H

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static inline void fuzz_quiet_stdout(void)
{
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) {
        fflush(stdout);
        dup2(devnull, STDOUT_FILENO);
        close(devnull);
    }
}

#endif
