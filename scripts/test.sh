#!/usr/bin/env bash
# make test: every phase in turn, each timed, and the times printed at the end
# (and in BUILD/test-phases.txt). A phase that fails stops the run; the times
# of the phases that ran are printed all the same.
#
# The Makefile passes MAKE, BUILD, ASAN_BUILD, FUZZ_BUILD and JOBS. The two ctest
# runs share one folder of three.js's side of the replay scenarios and of
# gltf_meshopt's packed files (TA_REPLAY_CACHE), so that the sanitizer build's
# run works none out again.
# The sanitizer build runs every test but the long ones (label slow) and those
# that read the source tree alone (label source), whose answer is the same in
# every build.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${MAKE:=make}" "${BUILD:=build}" "${ASAN_BUILD:=build-asan}" "${FUZZ_BUILD:=build-fuzz}"
: "${JOBS:=$(nproc 2>/dev/null || echo 2)}"
export TA_REPLAY_CACHE="$PWD/$BUILD/replay-cache"

names=()
times=()
total_start=$(date +%s)
report() {
  local i line
  {
    echo "make test: the time of each phase"
    for i in "${!names[@]}"; do
      printf '  %-28s %4d s\n' "${names[$i]}" "${times[$i]}"
    done
    printf '  %-28s %4d s (%d min %02d s)\n' "in all" $(( $(date +%s) - total_start )) \
      $(( ($(date +%s) - total_start) / 60 )) $(( ($(date +%s) - total_start) % 60 ))
  } > "$BUILD/test-phases.txt.tmp" 2>/dev/null || true
  echo
  if [ -f "$BUILD/test-phases.txt.tmp" ]; then
    mv "$BUILD/test-phases.txt.tmp" "$BUILD/test-phases.txt"
    cat "$BUILD/test-phases.txt"
  fi
}
phase() {
  local name=$1 start rc
  shift
  start=$(date +%s)
  "$@"
  rc=$?
  names+=("$name")
  times+=($(( $(date +%s) - start )))
  if [ "$rc" -ne 0 ]; then
    mkdir -p "$BUILD"
    report
    echo "make test: the phase \"$name\" failed (exit $rc)"
    exit "$rc"
  fi
}

phase "deps" "$MAKE" --no-print-directory deps
phase "build" "$MAKE" --no-print-directory build
phase "build (sanitizers)" "$MAKE" --no-print-directory build-asan
phase "tests" sh -c "cd '$BUILD' && ctest --output-on-failure -j '$JOBS' --output-junit ctest-junit.xml"
phase "tests (sanitizers)" sh -c "cd '$ASAN_BUILD' && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j '$JOBS' -LE 'slow|source' --output-junit ctest-junit.xml"
if [ -f tests/fuzz/run-smoke.sh ]; then
  phase "build (fuzz targets)" "$MAKE" --no-print-directory build-fuzz
  phase "fuzz smoke" tests/fuzz/run-smoke.sh "$FUZZ_BUILD"
fi
echo
scripts/skipped.sh "$BUILD/ctest-junit.xml" "$BUILD"
scripts/skipped.sh "$ASAN_BUILD/ctest-junit.xml" "$ASAN_BUILD"
report
