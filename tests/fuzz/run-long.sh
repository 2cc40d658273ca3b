#!/usr/bin/env bash
# `make fuzz`: every fuzz target of BUILD_DIR for FUZZ_SECONDS each (default
# 60), one after the other, under ASan, LSan and UBSan, starting from its seed
# corpus (tests/fuzz/corpus/<name>/) and from what earlier runs found, which is
# kept in BUILD_DIR/fuzz-corpus/<name>/.
#
#   tests/fuzz/run-long.sh BUILD_DIR
#   FUZZ_SECONDS=N         seconds per target (default 60)
#   FUZZ_TARGETS="api gltf"  only these targets (default: all)
#
# At the end a table gives each target's runs, runs a second, new inputs and
# result; the exit status is 1 if any target crashed, leaked, hung or ran out
# of memory. A crash input is kept in BUILD_DIR/fuzz-artifacts/<target>/: to
# turn it into a regression, fix the cause and copy the input into
# tests/fuzz/corpus/<name>/ (run-smoke.sh, in `make test`, replays the corpus).
# fuzz_api explains a crash input step by step with TA_FUZZ_TRACE=1:
#   TA_FUZZ_TRACE=1 BUILD_DIR/tests/fuzz/fuzz_api INPUT
set -uo pipefail
build=${1:?usage: tests/fuzz/run-long.sh BUILD_DIR}
seconds=${FUZZ_SECONDS:-60}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/fuzz-common.sh"

mapfile -t targets < <(fuzz_targets "$build")
if [ -n "${FUZZ_TARGETS:-}" ]; then
  chosen=()
  for bin in "${targets[@]}"; do
    for want in $FUZZ_TARGETS; do
      [ "$(basename "$bin")" = "fuzz_${want#fuzz_}" ] && chosen+=("$bin")
    done
  done
  targets=("${chosen[@]+"${chosen[@]}"}")
fi
if [ "${#targets[@]}" -eq 0 ]; then
  echo "fuzz: no fuzz targets to run in $build/tests/fuzz (configure with CC=clang -DTA_BUILD_FUZZ=ON; make build-fuzz)" >&2
  exit 1
fi
build=$(cd "$build" && pwd)
logs="$build/fuzz-logs"
mkdir -p "$logs"
status=0
summary=()
echo "fuzz: ${#targets[@]} targets, ${seconds} s each; logs in $logs"
for bin in "${targets[@]}"; do
  name=$(basename "$bin")
  work="$build/fuzz-corpus/$name"
  artifacts="$build/fuzz-artifacts/$name"
  log="$logs/$name.log"
  echo "fuzz: $name ..."
  fuzz_run "$bin" "$seconds" "$work" "$artifacts" "$log"
  rc=$?
  read -r runs new < <(fuzz_stats "$log")
  rate=$(( runs / (seconds > 0 ? seconds : 1) ))
  if [ "$rc" -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $rc), input in $artifacts"
    grep -E "ERROR|SUMMARY|runtime error|fuzz_api:|Test unit written" "$log" | head -n 12
    status=1
  fi
  summary+=("$(printf '%-18s %11s %9s %7s  %s' "$name" "$runs" "$rate" "$new" "$result")")
done
echo
printf '%-18s %11s %9s %7s  %s\n' target runs runs/s new result
printf '%s\n' "${summary[@]}"
exit $status
