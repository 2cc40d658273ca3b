#!/usr/bin/env bash
# Installs what threeanim needs on a Debian machine, when it is missing:
# the Debian packages (compiler, CMake, jansson, cmocka, meshoptimizer, clang for the fuzz
# targets, lld, wasi-libc and clang's wasm32 builtins for threeanim.wasm, Node.js and npm for
# the conformance tests), then three.js pinned by
# tests/package-lock.json (npm ci). Safe to run again: it only installs what is
# not there. make deps, make demo and make test run it; nothing else does.
#
# scripts/deps.sh --check installs nothing: it says what a build needs and is
# missing (a C compiler, CMake, pkg-config, jansson, cmocka, meshoptimizer, and for make wasm
# wasm-ld, wasi-libc and clang's wasm32 builtins), and fails if anything is. make build runs it before configuring.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --check ]; then
  missing=()
  for c in cc cmake pkg-config; do
    command -v "$c" >/dev/null 2>&1 || missing+=("the command $c")
  done
  if command -v pkg-config >/dev/null 2>&1; then
    for m in jansson cmocka; do
      pkg-config --exists "$m" || missing+=("$m (pkg-config $m)")
    done
  fi
  # meshoptimizer ships no .pc file (Debian's has a CMake package): its header.
  if command -v cc >/dev/null 2>&1; then
    echo '#include <meshoptimizer.h>' | cc -E -x c - >/dev/null 2>&1 ||
      missing+=("meshoptimizer (the header meshoptimizer.h; Debian: libmeshoptimizer-dev)")
  fi
  # threeanim.wasm (make wasm, and the js tests of make test): wasi-libc and clang's wasm32 builtins.
  [ -f /usr/include/wasm32-wasi/stdlib.h ] || missing+=("wasi-libc (for make wasm; Debian: wasi-libc)")
  command -v wasm-ld >/dev/null 2>&1 || missing+=("the command wasm-ld (for make wasm; Debian: lld)")
  if command -v clang >/dev/null 2>&1; then
    [ -f "$(clang --print-resource-dir)/lib/wasi/libclang_rt.builtins-wasm32.a" ] ||
      missing+=("clang's wasm32 builtins (for make wasm; Debian: libclang-rt-14-dev-wasm32)")
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "threeanim cannot build: missing ${missing[*]}." >&2
    echo "Run 'make deps' (scripts/deps.sh) to install what is missing, then 'make build' again." >&2
    exit 1
  fi
  exit 0
fi

packages=(build-essential cmake pkg-config libjansson-dev libcmocka-dev libmeshoptimizer-dev clang libclang-rt-dev lld wasi-libc libclang-rt-14-dev-wasm32 nodejs npm python3)
optional=(doxygen chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js may come from elsewhere (nodesource ships npm inside nodejs).
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  kept=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || kept+=("$p"); done
  missing=("${kept[@]+"${kept[@]}"}")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Optional: doxygen for make docs, chromium for the preview test (tests/cli,
# which skips without it). TA_DEPS_OPTIONAL=1 installs them.
if [ "${TA_DEPS_OPTIONAL:-0}" = 1 ]; then
  updated=0
  for p in "${optional[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && continue
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    if [ "$updated" = 0 ] && [ "${#missing[@]}" -eq 0 ]; then
      $SUDO apt-get update -qq || true
      updated=1
    fi
    echo "deps: installing $p" >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$p" >/dev/null || echo "deps: could not install $p" >&2
  done
fi

# three.js for the conformance tests and the benchmark, pinned by lock files.
for dir in tests bench/threejs; do
  if [ -f "$dir/package-lock.json" ]; then
    if [ ! -d "$dir/node_modules/three" ] || ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.package-lock.json.copy" 2>/dev/null; then
      echo "deps: npm ci in $dir" >&2
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
      cp "$dir/package-lock.json" "$dir/node_modules/.package-lock.json.copy"
    fi
  fi
done
