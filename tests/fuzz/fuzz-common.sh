# Shared by run-smoke.sh and run-long.sh (sourced, not run): finds the fuzz
# targets of a build and runs one with its corpus, dictionary and options.
#
#   fuzz_targets BUILD_DIR      prints the paths of the built targets, one a line
#   fuzz_run BIN SECONDS WORK ARTIFACTS LOG
#                               runs BIN for SECONDS over WORK (where new inputs
#                               go) and tests/fuzz/corpus/<name> (only read),
#                               crash inputs into ARTIFACTS; returns its status
#   fuzz_stats LOG              prints "RUNS NEW_UNITS" from a log
#
# Every target runs under AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer, stopping at the first report of any of them.

fuzz_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# UBSan halts on its first report (the build also says -fno-sanitize-recover).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}

fuzz_targets() {
  local build=$1 bin
  for bin in "$build"/tests/fuzz/fuzz_*; do
    [ -f "$bin" ] && [ -x "$bin" ] && echo "$bin"
  done
}

fuzz_run() {
  local bin=$1 seconds=$2 work=$3 artifacts=$4 log=$5
  local name corpus args extra
  name=$(basename "$bin")
  corpus="$fuzz_here/corpus/${name#fuzz_}"
  mkdir -p "$work" "$artifacts"
  args=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -print_final_stats=1
        -artifact_prefix="$artifacts/")
  [ -f "$fuzz_here/$name.dict" ] && args+=(-dict="$fuzz_here/$name.dict")
  if [ -f "$fuzz_here/$name.options" ]; then
    read -r -a extra < "$fuzz_here/$name.options"
    args+=("${extra[@]}")
  fi
  if [ -d "$corpus" ]; then
    "$bin" "${args[@]}" "$work" "$corpus" > "$log" 2>&1
  else
    echo "fuzz: $name has no corpus folder ($corpus): starting from nothing" >> "$log"
    "$bin" "${args[@]}" "$work" >> "$log" 2>&1
  fi
}

fuzz_stats() {
  local log=$1 runs new
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  new=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -n 1)
  echo "${runs:-0} ${new:-0}"
}
