#!/bin/sh
# The README's example (the walk of the bundled model, the hips' height at 30
# frames a second) prints what examples/play_gltf prints for the same clip and
# node, which examples/check/play_gltf.mjs checks against three.js.
#
# usage: readme.sh README_EXAMPLE PLAY_GLTF DEFAULT_GLB
set -eu
readme=$1 play=$2 model=$3
got=$("$readme" "$model")
want=$("$play" "$model" walk hips 1 30 | grep -v '^#' | awk '{ printf "%.4f %.6f\n", $2, $4 }')
lines=$(printf '%s\n' "$got" | wc -l)
if [ "$lines" -ne 31 ]; then
  echo "FAIL: the README example printed $lines lines, not 31 (frames 0 to 30)" >&2
  printf '%s\n' "$got" >&2
  exit 1
fi
if [ "$got" != "$want" ]; then
  echo "FAIL: the README example and play_gltf differ:" >&2
  printf '%s\n' "$got" > /tmp/readme_example_got.$$
  printf '%s\n' "$want" > /tmp/readme_example_want.$$
  diff /tmp/readme_example_got.$$ /tmp/readme_example_want.$$ >&2 || true
  rm -f /tmp/readme_example_got.$$ /tmp/readme_example_want.$$
  exit 1
fi
echo "ok: the README example prints the walk's 31 frames of hips height as play_gltf does"
