/*
 * fuzz_replay -- libFuzzer target for the replay reader: the input is a replay
 * file (docs/replay.md) run through `threeanim replay`'s own code
 * (tools/threeanim/replay.c, cli_replay_memory), with its model inline or a
 * path relative to the project's folder (examples/default.glb,
 * tests/cli/data/...). Every input must run or be refused
 * with exit status 1 and a message, never crash, read out of bounds or leak.
 *
 * What the command prints goes to /dev/null: standard output is closed to it
 * here, and the scripts run this target with -close_fd_mask=2 so that the
 * refusal messages on standard error do not drown libFuzzer's own output
 * (libFuzzer keeps its reports on a copy of standard error).
 *
 * Seed corpus: tests/fuzz/corpus/replay/ (scenarios of
 * tests/conformance/replay/generate.mjs with their scene inlined, the
 * refusal scenarios, and every crash found); dictionary:
 * tests/fuzz/fuzz_replay.dict.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz_quiet.h"
#include "replay.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef TA_FUZZ_REPLAY_MODELS
#error "TA_FUZZ_REPLAY_MODELS: the folder of the models a replay may name"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_quiet_stdout();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 16)) return 0;
    int rc = cli_replay_memory((const char *)data, size, TA_FUZZ_REPLAY_MODELS);
    if (rc != CLI_OK && rc != CLI_REFUSED) __builtin_trap();
    return 0;
}
