# `threeanim plot`: the same bytes on every run, equal to golden files that
# were looked at as images once (golden/plot_wave.svg: the default model's wave,
# with a CUBIC_SPLINE, a STEP, a morph and a material fade; golden/plot_curves.svg:
# LINEAR, SMOOTH, BEZIER with its control points, a flag and a string, and a
# track past its clip's end).
. "$(dirname "$0")/lib.sh"

cd "$SRC" || exit 1
run 0 plot examples/default.glb --clip wave -o "$WORK/wave.svg" && empty "$WORK/out" && empty "$WORK/err"
same "$WORK/wave.svg" "$GOLDEN/plot_wave.svg"
run 0 plot tests/cli/data/curves.json -o "$WORK/curves.svg"
same "$WORK/curves.svg" "$GOLDEN/plot_curves.svg"
run 0 plot examples/default.glb --clip wave -o "$WORK/wave2.svg"
same "$WORK/wave2.svg" "$WORK/wave.svg"
run 0 plot examples/default.glb --clip wave -o - && same "$WORK/out" "$WORK/wave.svg"

# One panel per track, titled with its target; keys as circles: the walk's
# 14 tracks of 17 keys, each of 3 or 4 numbers, less the components drawn once
# because they equal another (hips.position x = z: 2 of 3 drawn).
run 0 plot examples/default.glb --clip walk -o "$WORK/walk.svg"
equal "walk panels" "$(grep -c '<g class="panel"' "$WORK/walk.svg")" 14
has "$WORK/walk.svg" '>hips.position</text>'
has "$WORK/walk.svg" '>thigh_L.quaternion</text>'
has "$WORK/walk.svg" 'QUATERNION · LINEAR · 17 keys · 0.000–1.000 s'
has "$WORK/walk.svg" '>time (s)</text>'
has "$WORK/walk.svg" '>x = z</text>'
lacks "$WORK/walk.svg" 'class="handles"'
# the default (no --clip) is the first clip
run 0 plot examples/default.glb -o "$WORK/first.svg" && same "$WORK/first.svg" "$WORK/walk.svg"

# Handles where the interpolation has them: CUBIC_SPLINE tangents and BEZIER
# control points, a dashed line each.
has "$WORK/wave.svg" 'class="handles"'
has "$WORK/curves.svg" 'class="handles"'
# the Bezier track's out control point of its first key is (0.25 s, 0.9 rad)
has "$WORK/curves.svg" 'ROTATION_ELEMENT · BEZIER · 3 keys'
has "$WORK/curves.svg" '>clip end</text>'
has "$WORK/curves.svg" '>off</text>'
has "$WORK/curves.svg" '>tip-up</text>'

# A standalone file: an XML declaration and the SVG namespace; the width asked for.
run 0 plot examples/default.glb --clip run --width 800 -o "$WORK/run.svg"
has "$WORK/run.svg" '<?xml version="1.0" encoding="UTF-8"?>'
has "$WORK/run.svg" '<svg xmlns="http://www.w3.org/2000/svg" width="800"'

if have_samples; then
  run 0 plot "$SAMPLES/Fox/glTF-Binary/Fox.glb" --clip Run -o "$WORK/fox.svg"
  equal "Fox Run panels" "$(grep -c '<g class="panel"' "$WORK/fox.svg")" 21
fi
finish
