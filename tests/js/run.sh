#!/usr/bin/env bash
# Builds threeanim.wasm into WASM_DIR and runs js/'s tests on it (tests/js/*.test.mjs), or, with
# "replay ARGS...", the replay scenarios through js/'s mixer (replay-port.mjs ARGS).
#   run.sh SOURCE_DIR WASM_DIR NODE [SAMPLES_DIR [replay ARGS...]]
set -euo pipefail
src=$1 wasm_dir=$2 node=$3 samples=${4:-}
shift 4 2>/dev/null || shift $#
skip() { echo "js tests SKIPPED: $1"; exit 77; }
[ -d "$src/tests/node_modules/three" ] || skip "three.js is not installed in tests/node_modules (scripts/deps.sh)"
# One build at a time: the replay tests run beside js_wasm under ctest -j. The stamp, written
# when a build starts and kept when it ends well, lets a run after it skip the build tools and
# cmake (half a second of CPU, the replay tests' longest fixed cost) while no source the
# modules are built from (cmake/wasm/CMakeLists.txt) is newer.
exec 9>"$wasm_dir.lock"
flock 9
stamp=$wasm_dir/built.stamp
if [ ! -f "$stamp" ] || [ -n "$(find "$src/src" "$src/include" "$src/js/src" "$src/cmake" -newer "$stamp" -print -quit)" ]; then
  command -v clang >/dev/null 2>&1 || skip "clang is not installed (scripts/deps.sh)"
  [ -f /usr/include/wasm32-wasi/stdlib.h ] || skip "wasi-libc is not installed (scripts/deps.sh)"
  command -v wasm-ld >/dev/null 2>&1 || skip "wasm-ld is not installed (Debian: lld; scripts/deps.sh)"
  [ -f "$(clang --print-resource-dir)/lib/wasi/libclang_rt.builtins-wasm32.a" ] ||
    skip "clang's wasm32 builtins are not installed (libclang-rt-14-dev-wasm32; scripts/deps.sh)"
  mkdir -p "$wasm_dir"
  touch "$stamp.new"
  cmake -S "$src/cmake/wasm" -B "$wasm_dir" -DCMAKE_TOOLCHAIN_FILE="$src/cmake/wasm32-wasi.cmake" >/dev/null
  cmake --build "$wasm_dir" -j 2 >/dev/null
  mv "$stamp.new" "$stamp"
fi
if [ "${1:-}" != replay ]; then
  for f in threeanim threeanim-simd; do
    echo "$f.wasm: $(wc -c < "$wasm_dir/$f.wasm") bytes, $(gzip -9 -c "$wasm_dir/$f.wasm" | wc -c) gzipped"
  done
fi
# js/ finds three.js as a package would: through a node_modules beside it (git-ignored).
[ -e "$src/js/node_modules" ] || ln -s ../tests/node_modules "$src/js/node_modules"
# The SIMD module by default; simd.test.mjs also runs the scalar one (THREEANIM_WASM_SCALAR).
export THREEANIM_WASM="$wasm_dir/threeanim-simd.wasm" THREEANIM_WASM_SCALAR="$wasm_dir/threeanim.wasm" TA_SAMPLES_DIR="$samples"
flock -u 9
cd "$src/tests/js"
if [ "${1:-}" = replay ]; then
  shift
  exec "$node" --import ./replay/register.mjs replay-port.mjs "$@"
fi
exec "$node" --test --test-concurrency=1 ./*.test.mjs
