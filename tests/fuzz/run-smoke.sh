#!/usr/bin/env bash
# The fuzz smoke run of `make test`: every fuzz target of BUILD_DIR runs over
# its whole seed corpus (tests/fuzz/corpus/<name>/, crash regressions included)
# and then on new inputs for a short fixed time, under ASan, LSan and UBSan.
# New inputs go to a temporary folder; the corpus is only read.
#
#   tests/fuzz/run-smoke.sh BUILD_DIR
#   FUZZ_SMOKE_SECONDS=N   seconds per target (default 9)
#   FUZZ_SMOKE_JOBS=N      targets at once (default: the number of cores)
#
# Prints one line per target (runs, corpus size, result) and exits 1 if any
# target crashed, leaked, hung or ran out of memory; the input that did it is
# kept in BUILD_DIR/fuzz-artifacts/<target>/ and the log's tail is printed.
set -uo pipefail
build=${1:?usage: tests/fuzz/run-smoke.sh BUILD_DIR}
seconds=${FUZZ_SMOKE_SECONDS:-9}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/fuzz-common.sh"

mapfile -t targets < <(fuzz_targets "$build")
if [ "${#targets[@]}" -eq 0 ]; then
  echo "fuzz smoke: no fuzz targets in $build/tests/fuzz (configure with CC=clang -DTA_BUILD_FUZZ=ON; make build-fuzz)" >&2
  exit 1
fi
build=$(cd "$build" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
start=$(date +%s)
# Targets run side by side, as many at once as there are cores (FUZZ_SMOKE_JOBS):
# each libFuzzer process uses one. Each writes its report to a file; the
# reports are printed in the targets' order once all have ended.
jobs=${FUZZ_SMOKE_JOBS:-$(nproc 2>/dev/null || echo 2)}
echo "fuzz smoke: ${#targets[@]} targets, ${seconds} s each, ${jobs} at a time, over their corpora"
smoke_one() {
  local bin=$1 name corpus files artifacts log t0 rc runs new took
  name=$(basename "$bin")
  corpus="$here/corpus/${name#fuzz_}"
  files=0
  [ -d "$corpus" ] && files=$(find "$corpus" -type f | wc -l)
  artifacts="$build/fuzz-artifacts/$name"
  log="$scratch/$name.log"
  t0=$(date +%s)
  fuzz_run "$bin" "$seconds" "$scratch/$name" "$artifacts" "$log"
  rc=$?
  read -r runs new < <(fuzz_stats "$log")
  took=$(( $(date +%s) - t0 ))
  if [ "$rc" -eq 0 ]; then
    printf 'fuzz smoke: %-18s %3d s  %9s runs  %4d corpus files  %4s new  ok\n' "$name" "$took" "$runs" "$files" "$new"
  else
    printf 'fuzz smoke: %-18s %3d s  %9s runs  FAILED (exit %d); input kept in %s\n' "$name" "$took" "$runs" "$rc" "$artifacts"
    grep -E "ERROR|SUMMARY|runtime error|fuzz_api:|Test unit written" "$log" | head -n 12
    echo "---- last lines of the log:"
    tail -n 30 "$log"
  fi
  return "$rc"
}
pids=()
for bin in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  name=$(basename "$bin")
  smoke_one "$bin" > "$scratch/$name.report" 2>&1 &
  pids+=("$!")
done
for i in "${!targets[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$scratch/$(basename "${targets[$i]}").report"
done
echo "fuzz smoke: done in $(( $(date +%s) - start )) s: $([ $status -eq 0 ] && echo 'no crash, no leak, no sanitizer report' || echo 'FAILED')"
exit $status
