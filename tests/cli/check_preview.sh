# `threeanim preview`: one self-contained file, the same on every run, with the
# data the page plays. (test_preview_chromium.mjs loads it in Chromium.)
. "$(dirname "$0")/lib.sh"

run 0 preview "$MODEL" --clip walk --cross-fade-to run -o "$WORK/p.html" && empty "$WORK/out" && empty "$WORK/err"
run 0 preview "$MODEL" --clip walk --cross-fade-to run -o "$WORK/p2.html"
same "$WORK/p2.html" "$WORK/p.html"
P="$WORK/p.html"
has "$P" '<!DOCTYPE html>'
has "$P" '<script id="ta-data" type="application/json">'
# nothing from the network: no external scripts, styles, images, fonts or fetches
lacks "$P" '<script src'
lacks "$P" '<link rel="stylesheet"'
lacks "$P" '<img'
lacks "$P" 'url(http'
lacks "$P" '@import'
lacks "$P" 'fetch('
lacks "$P" 'XMLHttpRequest'
checks=$((checks + 1))
if grep -o 'https\?://[^"'"'"' )]*' "$P" | grep -v '^http://www.w3.org/2000/svg$' | grep -q .; then
  fail "p.html names a URL other than the SVG namespace: $(grep -o 'https\?://[^"'"'"' )]*' "$P" | sort -u | head -n 3)"
fi
# the controls
has "$P" 'id="play"'
has "$P" 'id="speed"'
has "$P" 'id="scrub"'
has "$P" 'id="clip"'
# the entries: the cross-fade first, then each clip; the curves of every clip
has "$P" '{"name": "walk → run", "seconds": 2.1'
has "$P" '{"name": "walk", "seconds": 1, "frames": 31'
has "$P" '{"name": "run", "seconds": 0.60000002'
has "$P" '{"name": "wave", "seconds": 2, "frames": 61'
equal "curve blocks" "$(grep -c '^<div data-clip=' "$P")" 3
equal "nodes" "$(grep -c '^{"name": .*"parent": ' "$P")" 19
has "$P" '{"name": "hips", "parent": 0, "bone": true, "mesh": false, "side": "mid"}'
has "$P" '{"name": "thigh_L", "parent": 1, "bone": true, "mesh": false, "side": "left"}'
has "$P" '{"name": "Face", "parent": 3, "bone": false, "mesh": true, "side": "mid"}'
has "$P" '"views": [{"name": "front"'
has "$P" '"label": "Bubble.material.opacity"'
# the embedded curves keep their style to themselves
has "$P" 'svg.ta-curves .card{'
has "$P" 'class="ta-playhead"'

# other views, a title; a name that could end the script block is escaped
run 0 preview "$MODEL" --views top,left -o "$WORK/q.html" --title '</script><b>x'
has "$WORK/q.html" '"views": [{"name": "top"'
has "$WORK/q.html" '<title>&lt;/script&gt;&lt;b&gt;x — threeanim preview</title>'
lacks "$WORK/q.html" '</script><b>'

# the skinned body's geometry: the file's 144 vertices, 15 joints, and per entry
# the joints' matrices (12 numbers each a frame); a three.js JSON file has no
# vertex data here, and says nothing of a mesh
has "$P" '"meshNote": "",'
has "$P" '"mesh": {"joints": 15, "prims": ['
checks=$((checks + 1))
n=$(sed -n 's/^"joints": \[\(.*\)\],$/\1/p' "$P" | head -1 | tr ',' '\n' | wc -l)
[ "$n" -eq $((144 * 4)) ] || fail "the body has $n joint indices, not 144 * 4"
run 0 preview "$DATA/curves.json" -o "$WORK/curves.html" && has "$WORK/curves.html" '"mesh": null'
# --euler: the rotation curves in degrees
run 0 preview "$MODEL" --euler -o "$WORK/e.html" && has "$WORK/e.html" 'as Euler XYZ angles' && lacks "$P" 'as Euler XYZ angles'

if have_samples; then
  run 0 preview "$SAMPLES/BoxAnimated/glTF-Binary/BoxAnimated.glb" -o "$WORK/box.html"
  # a scene without bones draws every node as a joint
  has "$WORK/box.html" '"bone": true'
fi
finish
