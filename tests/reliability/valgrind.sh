#!/usr/bin/env bash
# The unit and reliability tests under Valgrind memcheck: every tests/test_*
# and tests/reliability/test_* program of a build without sanitizers (Valgrind
# and ASan do not mix), and `threeanim replay` over the fuzz seeds of the
# replay reader when the build has the command. A test passes when it passes
# and memcheck finds no error and no leak (definite, indirect or possible).
#
#   tests/reliability/valgrind.sh BUILD_DIR      (e.g. build, or build-rel)
#   VALGRIND_SLOW=1    also the tests labelled slow (the day-long clock soak)
#   VALGRIND_JOBS=N    programs at once (default: nproc)
#
# Not part of `make test` (it takes minutes); `make test`'s second pass runs
# the whole suite under AddressSanitizer with LeakSanitizer instead. Prints one
# line per program and a summary, and keeps each log in BUILD_DIR/valgrind/.
set -uo pipefail
build=${1:?usage: tests/reliability/valgrind.sh BUILD_DIR}
here=$(cd "$(dirname "$0")/../.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
if grep -q "TA_SANITIZE:BOOL=ON\|TA_TSAN:BOOL=ON" "$build/CMakeCache.txt" 2>/dev/null; then
  echo "valgrind.sh: $build is a sanitizer build; give a plain one" >&2
  exit 2
fi
build=$(cd "$build" && pwd)
out="$build/valgrind"
rm -rf "$out"
mkdir -p "$out"
jobs=${VALGRIND_JOBS:-$(nproc 2>/dev/null || echo 2)}

programs=()
for t in "$build"/tests/test_* "$build"/tests/reliability/test_*; do
  [ -x "$t" ] || continue
  case "$(basename "$t")" in
    *_soak) [ "${VALGRIND_SLOW:-0}" = 1 ] || continue ;;
  esac
  programs+=("$t")
done
if [ "${#programs[@]}" -eq 0 ]; then
  echo "valgrind.sh: no test programs in $build/tests (build it first)" >&2
  exit 2
fi

vg=(valgrind --tool=memcheck --error-exitcode=99 --leak-check=full
    --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible
    --num-callers=30)

# One program: its line of the summary.
run_one() {
  local prog=$1 name log t0=$SECONDS
  name=$(basename "$prog")
  log="$out/$name.log"
  (cd "$build" && CMOCKA_MESSAGE_OUTPUT=stdout "${vg[@]}" --log-file="$log.vg" "$prog" > "$log" 2>&1)
  local rc=$? errors leaked verdict=ok
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log.vg" | tail -n 1)
  leaked=$(grep -E "(definitely|indirectly|possibly) lost: [1-9]" "$log.vg" | head -n 1)
  [ "$rc" -eq 0 ] || verdict="FAILED (exit $rc)"
  printf '%-34s %4d s  errors %-3s %s%s\n' "$name" $((SECONDS - t0)) "${errors:-?}" "$verdict" "${leaked:+, leak: $leaked}"
}

start=$SECONDS
echo "valgrind memcheck: ${#programs[@]} test programs, $jobs at a time; logs in $out"
: > "$out/summary.txt"
running=0
for prog in "${programs[@]}"; do
  run_one "$prog" >> "$out/summary.txt" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
sort -o "$out/summary.txt" "$out/summary.txt"

# The replay command over the replay reader's seeds: a whole program, from
# parsing the file to the last update.
cli="$build/threeanim"
replays=0
if [ -x "$cli" ] && [ -d "$here/tests/fuzz/corpus/replay" ]; then
  for f in "$here"/tests/fuzz/corpus/replay/*; do
    replays=$((replays + 1))
    name="replay-$(basename "$f")"
    (cd "$here" && "${vg[@]}" --log-file="$out/$name.log.vg" "$cli" replay "$f" > /dev/null 2>&1)
    rc=$?
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$out/$name.log.vg" | tail -n 1)
    # exit 1 is a refused replay file, which is fine; 99 is memcheck's
    if [ "$rc" = 99 ] || [ "${errors:-1}" != 0 ]; then
      printf '%-34s errors %s FAILED (exit %d)\n' "$name" "${errors:-?}" "$rc" >> "$out/summary.txt"
    fi
  done
fi

cat "$out/summary.txt"
failed=$(grep -c "FAILED" "$out/summary.txt")
echo "valgrind memcheck: ${#programs[@]} test programs and $replays replay files in $((SECONDS - start)) s;" \
     "$failed failed"
[ "$failed" -eq 0 ]
