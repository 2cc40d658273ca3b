#!/usr/bin/env bash
# Runs every fuzz target briefly over its seed corpus (and a few seconds of new
# inputs), as `make test` does. Usage: tests/fuzz/run-smoke.sh BUILD_DIR
set -euo pipefail
build=${1:?build dir}
here=$(cd "$(dirname "$0")" && pwd)
seconds=${FUZZ_SMOKE_SECONDS:-10}
status=0
for bin in "$build"/tests/fuzz/fuzz_*; do
  [ -x "$bin" ] || continue
  name=$(basename "$bin")
  corpus="$here/corpus/${name#fuzz_}"
  work=$(mktemp -d)
  args=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/")
  [ -f "$here/${name}.dict" ] && args+=(-dict="$here/${name}.dict")
  if [ -d "$corpus" ]; then
    cp -r "$corpus"/. "$work/" 2>/dev/null || true
  fi
  mkdir -p "$work/new"
  echo "fuzz smoke: $name (${seconds}s)"
  if ! "$bin" "${args[@]}" "$work/new" "$corpus" > "$work/log" 2>&1; then
    echo "fuzz smoke: $name FAILED"; tail -n 40 "$work/log"; status=1
  else
    grep -E "stat::number_of_executed_units|Done" "$work/log" | tail -n 2 || true
  fi
  rm -rf "$work"
done
exit $status
