#!/usr/bin/env bash
# The thread test (tests/reliability/test_threads.c) under ThreadSanitizer:
# configures a ThreadSanitizer build if there is none, builds the test, and
# runs it through ctest, where it fails on any TSan report.
#
#   tests/reliability/tsan.sh [BUILD_DIR]        (default: build-tsan)
#   TA_THREADS_N=8 TA_THREADS_ROUNDS=3000 tests/reliability/tsan.sh   a longer run
#
# Not part of `make test`. In an existing TSan build the same test runs with
#   ctest --test-dir BUILD_DIR -L tsan --output-on-failure
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build-tsan}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTA_TSAN=ON -DTA_BUILD_BENCH=OFF \
    -DTA_BUILD_EXAMPLES=OFF > /dev/null
fi
grep -q "TA_TSAN:BOOL=ON" "$build/CMakeCache.txt" || { echo "tsan.sh: $build is not a TSan build" >&2; exit 2; }
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target test_threads > /dev/null
env_args=()
[ -n "${TA_THREADS_N:-}" ] && env_args+=("TA_THREADS_N=$TA_THREADS_N")
[ -n "${TA_THREADS_ROUNDS:-}" ] && env_args+=("TA_THREADS_ROUNDS=$TA_THREADS_ROUNDS")
if [ "${#env_args[@]}" -gt 0 ]; then
  # a run of its own size, outside ctest's settings
  env TSAN_OPTIONS=halt_on_error=1:exitcode=66 "${env_args[@]}" CMOCKA_MESSAGE_OUTPUT=stdout \
    "$build/tests/reliability/test_threads"
else
  ctest --test-dir "$build" -L tsan --output-on-failure
fi
