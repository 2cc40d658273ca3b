# The hostile corpus through every command: hostile_corpus writes the inputs
# for a seed, and each goes through info, bake, convert, plot, preview and a
# replay (a replay input through replay), each run under a time limit
# (timeout) and a memory limit (ulimit -v on this shell, which every run
# inherits; under the sanitizers, whose shadow memory needs the address space,
# ASan's hard_rss_limit_mb instead). Every run must end with status 0 or 1,
# say why on standard error when 1, and neither be killed nor report a
# sanitizer finding. Under the sanitizers, where a run starts ten times
# slower, each input goes through one of the commands in turn (every command
# sees a sixth of the corpus; fuzz_cli_files runs the readers under them too).
#
#   sh run_hostile.sh THREEANIM HOSTILE_CORPUS WORK_DIR SEED plain|sanitized
set -u
CLI=$1
GEN=$2
WORK=$3
SEED=$4
MODE=$5
SECONDS_EACH=${HOSTILE_SECONDS:-10}
MEMORY_KB=${HOSTILE_MEMORY_KB:-1048576}

command -v timeout >/dev/null 2>&1 || { echo "hostile: skipped, needs timeout(1)"; exit 77; }
rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/out"
"$GEN" "$SEED" "$WORK/in" || { echo "FAIL: the generator failed"; exit 1; }
runs=0
failures=0
if [ "$MODE" = plain ]; then
  ulimit -v "$MEMORY_KB"
else
  ASAN_OPTIONS="${ASAN_OPTIONS:-}:hard_rss_limit_mb=$((MEMORY_KB / 1024))"
  export ASAN_OPTIONS
fi
started=$(date +%s)

# check WHAT ARGS...: one run of threeanim ARGS under the limits.
check() {
  what=$1
  shift
  runs=$((runs + 1))
  timeout -s KILL "$SECONDS_EACH" "$CLI" "$@" >"$WORK/stdout" 2>"$WORK/stderr" </dev/null
  rc=$?
  why=""
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    if [ "$rc" -eq 137 ]; then why="killed after ${SECONDS_EACH} s (a hang) or by the memory limit"
    elif [ "$rc" -gt 128 ]; then why="killed by signal $((rc - 128))"
    else why="exit status $rc"; fi
  elif [ "$rc" -eq 1 ] && [ ! -s "$WORK/stderr" ]; then
    why="exit status 1 without a message"
  elif [ -s "$WORK/stderr" ] && grep -q -e 'Sanitizer' -e 'runtime error:' "$WORK/stderr"; then
    why="a sanitizer report"
  fi
  if [ -n "$why" ]; then
    failures=$((failures + 1))
    echo "FAIL: $what: $why"
    head -n 5 "$WORK/stderr" | sed 's/^/    /'
  fi
}

# wants K: whether the input's K-th command (0 to 5) runs.
wants() {
  [ "$MODE" = plain ] || [ $((inputs % 6)) -eq "$1" ]
}

inputs=0
while IFS="$(printf '\t')" read -r kind name; do
  inputs=$((inputs + 1))
  case $name in
  /*) file=$name ;;
  *) file="$WORK/in/$name" ;;
  esac
  out="$WORK/out/$inputs"
  if [ "$kind" = replay ]; then
    check "replay $name" replay "$file"
    continue
  fi
  wants 0 && check "info $name" info "$file"
  wants 1 && check "bake $name" bake "$file" -o "$out.csv"
  wants 2 && check "convert $name" convert "$file" "$out.json"
  wants 3 && check "plot $name" plot "$file" -o "$out.svg"
  wants 4 && check "preview $name" preview "$file" -o "$out.html"
  wants 5 || continue
  case $name in
  *.json) key=object_json ;;
  *) key=gltf ;;
  esac
  printf '{"format":"threeanim-replay/1","model":{"%s":"%s"},"actions":[{"clip":{"index":0}}],"record":"all",
"steps":[{"op":"play","action":0},{"op":"update","delta":0.5},{"op":"update","delta":1e30}]}' \
    "$key" "$file" >"$out.replay"
  check "replay of $name" replay "$out.replay"
done <"$WORK/in/INPUTS"

echo "hostile: seed $SEED ($MODE), $inputs inputs, $runs runs, $failures failed, $(($(date +%s) - started)) s"
[ "$inputs" -ge 100 ] || { echo "FAIL: only $inputs inputs"; exit 1; }
[ "$failures" -eq 0 ]
