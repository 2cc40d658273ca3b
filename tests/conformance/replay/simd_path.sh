#!/bin/sh
# simd_path.sh PATH CLI COMMAND...: runs COMMAND with TA_SIMD=PATH, the
# mixer's instruction set forced; exits 77 (ctest's skip) when this CPU or
# build does not run PATH (the library refuses to make a mixer on it).
path=$1
cli=$2
shift 2
if ! TA_SIMD=$path "$cli" bench mixer --chars 1 --frames 1 --warmup 0 --reps 1 --variants single >/dev/null 2>&1; then
  echo "TA_SIMD=$path: not run here, SKIPPED"
  exit 77
fi
TA_SIMD=$path exec "$@"
