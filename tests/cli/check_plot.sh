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

# --euler: a turn about z of 0, 135 and 270 degrees (three keys, slerped) reads
# as z angles 0, 135, 270: unwrapped (atan2 would give -90 at the end), x = y = 0.
# The key circles' heights are read back through the y axis's labels.
run 0 plot tests/cli/data/turn.json --euler -o "$WORK/turn.svg" && empty "$WORK/err"
has "$WORK/turn.svg" 'QUATERNION · LINEAR · 3 keys · 0.000–2.000 s · as Euler XYZ angles'
has "$WORK/turn.svg" '>degrees</text>'
has "$WORK/turn.svg" '>x = y</text>'
checks=$((checks + 1))
got=$(sed 's/>/>\n/g' "$WORK/turn.svg" | awk 'BEGIN { n = 0 }
  /<g class="ylab"/ { inlab = 1 }
  inlab && /<text / { match($0, /y="[-0-9.]+"/); y = substr($0, RSTART + 3, RLENGTH - 4); getline; v = $0; sub(/<.*/, "", v)
                      if (n < 2) { ly[n] = y - 4; lv[n] = v; n++ } }
  inlab && /<\/g/ { inlab = 0 }
  /<g class="keys" stroke="#2f6fdb"/ { blue = 1 }
  blue && /<circle / { match($0, /cy="[-0-9.]+"/); cy = substr($0, RSTART + 4, RLENGTH - 5)
                       out = out sprintf("%s%.0f", out == "" ? "" : " ", lv[0] + (cy - ly[0]) * (lv[1] - lv[0]) / (ly[1] - ly[0])) }
  blue && /<\/g/ { blue = 0 }
  END { print out }')
[ "$got" = "0 135 270" ] || fail "the turn's z angles at its keys read $got, not 0 135 270"
run 0 plot tests/cli/data/turn.json -o "$WORK/turn_q.svg" && has "$WORK/turn_q.svg" '>unit quaternion</text>' &&
  lacks "$WORK/turn_q.svg" 'Euler'

# Dense keys and long names: 5000 keys of a wiggle on a node with a 100-letter name,
# at 700 pixels. The curve keeps at most 4 points a pixel column (its first, lowest,
# highest and last) and still reaches the highest and lowest key; the key ticks are
# one per column; the title is cut in the middle with the whole in a tooltip.
long=a_node_with_a_remarkably_long_name_that_goes_on_and_on_past_any_reasonable_width_of_a_panel_title
awk -v name="$long" 'BEGIN {
  printf "{\"metadata\": {\"version\": 4.7, \"type\": \"Object\"}, \"object\": {\"uuid\": \"7d0f1a52-0000-4000-8000-0000000000f1\", \"type\": \"Scene\", \"children\": [{\"uuid\": \"7d0f1a52-0000-4000-8000-0000000000f2\", \"type\": \"Object3D\", \"name\": \"%s\"}], \"animations\": [\"7d0f1a52-0000-4000-8000-0000000000f3\"]}, \"animations\": [{\"uuid\": \"7d0f1a52-0000-4000-8000-0000000000f3\", \"name\": \"wiggle\", \"tracks\": [{\"name\": \"%s.position[x]\", \"type\": \"number\", \"times\": [", name, name
  for (i = 0; i < 5000; ++i) printf "%s%.3f", i ? "," : "", i / 1000
  printf "], \"values\": ["
  for (i = 0; i < 5000; ++i) printf "%s%s", i ? "," : "", (i == 2500 ? "3" : (i == 4000 ? "-2" : sprintf("%.4f", sin(i / 25))))
  printf "]}]}]}\n" }' > "$WORK/dense.json"
run 0 plot "$WORK/dense.json" --width 700 -o "$WORK/dense.svg" && empty "$WORK/err"
has "$WORK/dense.svg" "<title>$long.position[x]</title>"
has "$WORK/dense.svg" 'a_node_with_a_remarkably_long_name_…'
checks=$((checks + 1))
points=$(grep -o '<polyline class="curve"[^>]*' "$WORK/dense.svg" | tr ' ' '\n' | grep -c ',')
ticks=$(grep -o 'class="keyticks" d="[^"]*' "$WORK/dense.svg" | grep -o 'M' | wc -l)
# the plot is 700 - 2 * 24 - 66 - 20 = 566 pixels wide
[ "$points" -le $((4 * 567)) ] && [ "$points" -ge 567 ] || fail "the dense curve has $points points for 566 pixels"
[ "$ticks" -le 567 ] || fail "the dense keys have $ticks ticks for 566 pixels"
# the spike up to 3 and the dip to -2 survive the thinning: the curve's highest and
# lowest points, read back through the y axis's labels
checks=$((checks + 1))
got=$(sed 's/>/>\n/g' "$WORK/dense.svg" | awk 'BEGIN { n = 0 }
  /<g class="ylab"/ { inlab = 1 }
  inlab && /<text / { match($0, /y="[-0-9.]+"/); y = substr($0, RSTART + 3, RLENGTH - 4); getline; v = $0; sub(/<.*/, "", v)
                      if (n < 2) { ly[n] = y - 4; lv[n] = v; n++ } }
  inlab && /<\/g/ { inlab = 0 }
  /<polyline class="curve"/ { s = $0; sub(/.*points="/, "", s); sub(/".*/, "", s); np = split(s, p, " ")
                              lo = 1e9; hi = -1e9
                              for (i = 1; i <= np; ++i) { split(p[i], xy, ","); if (xy[2] < lo) lo = xy[2]; if (xy[2] > hi) hi = xy[2] } }
  END { k = (lv[1] - lv[0]) / (ly[1] - ly[0]); printf "%.1f %.1f", lv[0] + (lo - ly[0]) * k, lv[0] + (hi - ly[0]) * k }')
[ "$got" = "3.0 -2.0" ] || fail "the dense curve reaches $got (highest, lowest), not 3.0 -2.0"

if have_samples; then
  run 0 plot "$SAMPLES/Fox/glTF-Binary/Fox.glb" --clip Run -o "$WORK/fox.svg"
  equal "Fox Run panels" "$(grep -c '<g class="panel"' "$WORK/fox.svg")" 21
fi
finish
