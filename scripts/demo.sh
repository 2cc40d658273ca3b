#!/usr/bin/env sh
# make demo: runs threeanim on the bundled default model (examples/default.glb,
# written by `threeanim example`): its info, a walk cross-faded into a run
# baked through the mixer, the curves of the walk as SVG, and the HTML preview.
# Usage: scripts/demo.sh [BUILD_DIR]   (default: build)
set -eu
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/threeanim"
if [ ! -x "$cli" ]; then
  echo "demo: $cli is not built; run make build first" >&2
  exit 1
fi
out="$build/demo"
mkdir -p "$out"
model=examples/default.glb
if [ ! -f "$model" ]; then
  model="$out/default.glb"
  "$cli" example "$model"
fi

echo "== threeanim info $model"
"$cli" info "$model"

echo
echo "== threeanim bake: walk, cross-faded into run at 1.0 s over 0.5 s, 30 fps"
"$cli" bake "$model" --clip walk --cross-fade-to run --at 1.0 --over 0.5 --fps 30 --format csv -o "$out/walk-to-run.csv"
frames=$(($(wc -l < "$out/walk-to-run.csv") - 1))
echo "$frames frames; a few of the columns, every sixth frame:"
# the columns by name: the weights of the two actions, the hips' height, the left thigh's swing
awk -F, -v want="clip,frame,time,action0.weight,action1.weight,hips.position.y,thigh_L.quaternion.x" '
  NR == 1 { n = split(want, w, ","); for (i = 1; i <= NF; ++i) col[$i] = i }
  NR == 1 || NR % 6 == 2 {
    line = ""
    for (i = 1; i <= n; ++i) line = line sprintf(i <= 2 ? "%-10s" : "%-22s", $(col[w[i]]))
    print line
  }' "$out/walk-to-run.csv"

echo
"$cli" plot "$model" --clip walk -o "$out/walk-curves.svg"
"$cli" plot "$model" --clip wave -o "$out/wave-curves.svg"
"$cli" preview "$model" --clip walk --cross-fade-to run --at 1.0 --over 0.5 -o "$out/preview.html"
echo "== written"
echo "  $out/walk-to-run.csv     the baked cross-fade, one row per frame"
echo "  $out/walk-curves.svg     the walk's curves, one panel per track"
echo "  $out/wave-curves.svg     the wave's (a cubic spline, a step, a morph, a material fade)"
echo "  $out/preview.html        open it in a browser: the figure and its skinned body from three sides, with the curves"
