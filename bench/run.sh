#!/usr/bin/env bash
# bench/run.sh [BUILD_DIR] [--quick]: the benchmarks (docs/benchmark-workload.md), threeanim
# beside three.js 0.186.0 in one run (called by `make bench` with its build
# dir). Benchmarks run on a Release build: BUILD_DIR when it is one, else
# build-release (configured here, without tests or examples), built first.
# The tables go to stdout and to <build>/bench-report.md, the raw JSON lines to
# <build>/bench-results.jsonl (see bench/run.mjs). --quick: about a minute.
# OZZ_DIR=DIR (environment): an ozz-animation 0.16 you built with its own
# CMake (docs/benchmark-workload.md); the tree is configured with it and
# bench_ozz runs as a third engine. Unset: the tree is configured without it.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
extra=()
for arg in "$@"; do
  case "$arg" in
    --quick) extra+=(--quick) ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/run.sh: \"$arg\" is not a flag: [BUILD_DIR] [--quick]" >&2; exit 2 ;;
    *) build="$arg" ;;
  esac
done

ozz_dir=${OZZ_DIR:-}
if [ -n "$ozz_dir" ] && [ -d "$ozz_dir" ]; then ozz_dir=$(cd "$ozz_dir" && pwd); fi

type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
if [ "$type" != Release ]; then
  build=build-release
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DTA_BUILD_TESTS=OFF -DTA_BUILD_EXAMPLES=OFF \
      -DOZZ_DIR="$ozz_dir" | { grep 'bench_ozz' >&2 || true; }
  fi
fi
# The environment says whether ozz runs: the tree follows OZZ_DIR, set or unset.
if [ "$(sed -n 's/^OZZ_DIR:PATH=//p' "$build/CMakeCache.txt")" != "$ozz_dir" ]; then
  cmake -S . -B "$build" -DOZZ_DIR="$ozz_dir" | { grep 'bench_ozz' >&2 || true; }
fi
# Made again by the build when the tree has ozz: none left from another OZZ_DIR.
rm -f "$build/bench/bench_ozz"
echo "bench: building $build (Release)" >&2
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
if [ -n "$ozz_dir" ]; then extra+=(--ozz-dir "$ozz_dir"); fi

if [ ! -d bench/threejs/node_modules/three ]; then
  echo "bench: npm ci in bench/threejs" >&2
  (cd bench/threejs && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

# The web side (bench/web/bench.mjs): three.js's mixer beside js/'s drop-in and crowd API on
# threeanim.wasm, alternated in one run at C = 1, 100 and 1000; its table also goes to
# <build>/bench-web.md.
[ -e js/node_modules ] || ln -s ../tests/node_modules js/node_modules
if make -s wasm >/dev/null 2>&1 && [ -e js/node_modules/three ]; then
  web=()
  [ "${#extra[@]}" -gt 0 ] && [[ " ${extra[*]} " == *" --quick "* ]] && web=(--reps 3 --frames 20)
  node bench/web/bench.mjs "${web[@]+"${web[@]}"}" | tee "$build/bench-web.md"
else
  echo "bench: the web benchmark is skipped: threeanim.wasm or three.js (tests/node_modules) is missing (make wasm, make deps)" >&2
fi

exec node bench/run.mjs --build "$build" "${extra[@]+"${extra[@]}"}"
