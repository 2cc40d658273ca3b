# `threeanim replay` and `bake` with what goes beyond three.js (docs/replay.md):
# markers on an action's clip, a mask, root motion and a reporting seek, on a
# 1 s clip moving hips.x from 0 to 2 and arm.y from 0 to 8. Every expected
# number is worked out by hand in the comments; then the refusals.
. "$(dirname "$0")/lib.sh"

cd "$SRC" || exit 1
run 0 replay tests/cli/data/replay_extras.json && empty "$WORK/err"
cp "$WORK/out" "$WORK/first.out"
# step 3, t = 0.25: hips kept in place (P(0) = 0) and moved 2 * 0.25 = 0.5; arm at 8 * 0.25 = 2 under a
# mask of 0.5 rests halfway to its original 0: 1; the marker at 0 is passed by the first move
has "$WORK/out" '{"step": 3, "time": 0.25, "values": {"name:hips.position": [0, 0, 0], "name:arm.position": [0, 1, 0]}, "events": [{"type": "marker", "action": 0, "marker": 0, "name": "start", "loop": 0, "count": 1, "direction": 1}], "root_motion": [0.5, 0, 0, 0]}'
# step 4, 2 s on: [0.25, 2.25) passes end@0, start@1, end@1, start@2, then two loop ends; 2 m/s * 2 s = 4
has "$WORK/out" '"events": [{"type": "marker", "action": 0, "marker": 1, "name": "end", "loop": 0, "count": 1, "direction": 1}, {"type": "marker", "action": 0, "marker": 0, "name": "start", "loop": 1, "count": 1, "direction": 1}, {"type": "marker", "action": 0, "marker": 1, "name": "end", "loop": 1, "count": 1, "direction": 1}, {"type": "marker", "action": 0, "marker": 0, "name": "start", "loop": 2, "count": 1, "direction": 1}, {"type": "loop", "action": 0, "loop_delta": 2, "direction": 1}], "root_motion": [4, 0, 0, 0]}'
# step 5, the action alone 0.5 s on, the mixer's clock still: no marker in [0.25, 0.75), 1 m of motion
has "$WORK/out" '{"step": 5, "time": 2.25, "values": {"name:hips.position": [0, 0, 0], "name:arm.position": [0, 1, 0]}, "events": [], "root_motion": [1, 0, 0, 0]}'
# step 8, mask and root motion off: [0.75, 1) reaches the end (phase 0): three.js's pose, no root_motion key
has "$WORK/out" '{"step": 8, "time": 2.5, "values": {"name:hips.position": [0, 0, 0], "name:arm.position": [0, 0, 0]}, "events": [{"type": "marker", "action": 0, "marker": 1, "name": "end", "loop": 2, "count": 1, "direction": 1}, {"type": "loop", "action": 0, "loop_delta": 1, "direction": 1}]}'

# refusals name the step and the fault
sed 's/"name:arm": 0.5/"name:arm": 1.5/' tests/cli/data/replay_extras.json >"$WORK/bad_mask.json"
run 1 replay "$WORK/bad_mask.json" && has "$WORK/err" "step 1 (set_mask)" && has "$WORK/err" "1.5 is outside [0, 1]"
sed 's/"time": 1$/"time": 3/' tests/cli/data/replay_extras.json >"$WORK/bad_marker.json"
run 1 replay "$WORK/bad_marker.json" && has "$WORK/err" "actions[0]: markers:" && has "$WORK/err" "outside the clip"
sed 's/"node": "name:hips"/"node": "name:tail"/' tests/cli/data/replay_extras.json >"$WORK/bad_root.json"
run 1 replay "$WORK/bad_root.json" && has "$WORK/err" "step 0 (root_motion)"

# true-or-false fields take true or false, not anything else read as false; the
# message names the step, the field and the value
sed 's/"node": "name:hips"$/"node": "name:hips", "keep_vertical": "yes"/' tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 1 replay "$WORK/flag.json" && has "$WORK/err" 'step 0 (root_motion): keep_vertical is "yes", not true or false' &&
  empty "$WORK/out"
sed 's/"node": "name:hips"$/"node": "name:hips", "yaw": 1/' tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 1 replay "$WORK/flag.json" && has "$WORK/err" 'step 0 (root_motion): yaw is 1, not true or false'
sed 's/"report": true/"report": "yes"/' tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 1 replay "$WORK/flag.json" && has "$WORK/err" 'step 5 (seek_action): report is "yes", not true or false'
sed 's/"report": true/"report": null/' tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 1 replay "$WORK/flag.json" && has "$WORK/err" 'step 5 (seek_action): report is null, not true or false'
sed 's/"op": "clear_mask",/"op": "cross_fade_to", "other": 1, "duration": 0.5, "warp": "no",/' \
  tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 1 replay "$WORK/flag.json" && has "$WORK/err" 'step 6 (cross_fade_to): warp is "no", not true or false'
# false, and absent, still run
sed 's/"node": "name:hips"$/"node": "name:hips", "keep_vertical": false, "yaw": false/' \
  tests/cli/data/replay_extras.json >"$WORK/flag.json"
run 0 replay "$WORK/flag.json" && same "$WORK/out" "$WORK/first.out"

# an action's markers past 4,096 (once refused as "not a list"): 5,000 markers at 0.5 s, each
# passed twice by the update from 0.25 to 2.25 (at 0.5 in loop 0, at 1.5 in loop 1)
awk '/"markers": \[/ {
    printf "   \"markers\": ["
    for (i = 0; i < 5000; ++i) printf "%s{\"name\": \"m%d\", \"time\": 0.5}", (i ? ", " : ""), i
    print ""
    skip = 1
    next
  }
  skip && /^   \],?$/ { skip = 0 }
  !skip' tests/cli/data/replay_extras.json >"$WORK/many.json"
run 0 replay "$WORK/many.json" && empty "$WORK/err"
has "$WORK/out" '{"type": "marker", "action": 0, "marker": 4999, "name": "m4999", "loop": 0, "count": 1, "direction": 1}'
has "$WORK/out" '{"type": "marker", "action": 0, "marker": 4999, "name": "m4999", "loop": 1, "count": 1, "direction": 1}'
equal "marker events of step 4" "$(grep '"step": 4,' "$WORK/out" | tr '{' '\n' | grep -c '"type": "marker"')" 10000

# the node reference "" names no node (it once found glTF node 0, whose uuid is ""), wherever
# a node is named
cp examples/default.glb "$WORK/model.glb"
replay_with() {
  printf '{"format": "threeanim-replay/1", "model": {"gltf": "model.glb"}, %s}' "$1" >"$WORK/empty_ref.json"
  run 1 replay "$WORK/empty_ref.json" && has "$WORK/err" "$2: the node reference \"\" names no node" && empty "$WORK/out"
}
replay_with '"mixer": {"root": ""}, "steps": []' "mixer.root"
replay_with '"actions": [{"clip": "walk", "root": ""}], "steps": []' "actions[0]"
replay_with '"actions": [{"clip": "walk", "group": ["#1", ""]}], "steps": []' "actions[0]"
replay_with '"steps": [{"op": "root_motion", "node": ""}]' "step 0 (root_motion)"
replay_with '"actions": [{"clip": "walk"}], "steps": [{"op": "set_mask", "action": 0, "nodes": {"": 1}}]' \
  "step 0 (set_mask)"
# "#0" still names glTF node 0
printf '{"format": "threeanim-replay/1", "model": {"gltf": "model.glb"}, "record": ["#0.position"], "steps": [{"op": "update", "delta": 0}]}' \
  >"$WORK/node0.json"
run 0 replay "$WORK/node0.json" && has "$WORK/out" '"values": {"#0.position": [0, 0, 0]}'

# bake --root-motion on the same clip (its own marker "step" at 0.5 in its userData), 4 frames a second:
# every frame after the first moves the root 2 m/s * 0.25 s = 0.5 while the pose holds it at 0; the
# marker is passed by the frame running [0.5, 0.75) only (1.5 s ends before loop 1's 0.5)
run 0 bake tests/cli/data/walker.json --fps 4 --loop repeat --seconds 1.5 --root-motion hips --format jsonl
has "$WORK/out" '"frame": 0, "time": 0, "actions": [{"clip": "walk", "time": 0, "weight": 1}], "values": {"hips.position": [0, 0, 0], "arm.position": [0, 0, 0]}, "root_motion": [0, 0, 0, 0], "markers": []}'
has "$WORK/out" '"frame": 3, "time": 0.75, "actions": [{"clip": "walk", "time": 0.75, "weight": 1}], "values": {"hips.position": [0, 0, 0], "arm.position": [0, 6, 0]}, "root_motion": [0.5, 0, 0, 0], "markers": ["step"]}'
checks=$((checks + 1))
[ "$(grep -c '"root_motion": \[0.5, 0, 0, 0\]' "$WORK/out")" = 6 ] || fail "bake: six frames of 0.5 m"
[ "$(grep -c '"step"' "$WORK/out")" = 1 ] || fail "bake: the marker passed once"
run 0 bake tests/cli/data/walker.json --fps 4 --loop repeat --seconds 0.75 --root-motion hips
has "$WORK/out" "arm.position.z,root_motion.x,root_motion.y,root_motion.z,root_motion.yaw,markers"
has "$WORK/out" "walk,3,0.75,0,0,0,0,6,0,0.5,0,0,0,step"
run 1 bake tests/cli/data/walker.json --root-motion tail && has "$WORK/err" "tail"

# preview --root-motion at 4 frames a second over the 1 s clip: the root's path is its start (0) plus
# 0.5 m a frame; the marker at 0.5 is passed by the frame that ends at 0.75 s
run 0 preview tests/cli/data/walker.json --root-motion hips --fps 4 -o "$WORK/page.html"
has "$WORK/page.html" '"root": [0,0,0,0.5,0,0,1,0,0,1.5,0,0,2,0,0]'
has "$WORK/page.html" '"markers": [{"t": 0.75, "name": "step"}]'
has "$WORK/page.html" '<datalist id="marks"></datalist>'
# blend_space (docs/replay.md): three clips hold hips at (0, 0, 0), (1, 0, 0) and (0, 1, 0), placed at
# those same points of a 2D space, so the blend puts hips at the point of the triangle nearest the
# parameter: (0.25, 0.5) inside; (1, 1) beyond the long edge, its middle (0.5, 0.5); (-1, -3) beyond
# the corner (0, 0). Then 1D, points 0 and 2 for the first two: 0.5 gives x weight 0.25. Last, the
# square cut into (0, 1, 3) and (0, 3, 2), point 3 with no action: (0.5, 0.75) lies in (0, 3, 2)
# with weights 0.25, 0.5 and 0.25, so y has 0.25 and origin 0.25, and the half left over holds hips
# at its original 0: y = 0.25.
bs=tests/cli/data/replay_blend_space.json
run 0 replay $bs && empty "$WORK/err"
has "$WORK/out" '{"step": 4, "time": 0.10000000000000001, "values": {"name:hips.position": [0.25, 0.5, 0]}, "events": []}'
has "$WORK/out" '"step": 6, "time": 0.20000000000000001, "values": {"name:hips.position": [0.5, 0.5, 0]}'
has "$WORK/out" '"step": 8, "time": 0.30000000000000004, "values": {"name:hips.position": [0, 0, 0]}'
has "$WORK/out" '"step": 10, "time": 0.40000000000000002, "values": {"name:hips.position": [0.25, 0, 0]}'
has "$WORK/out" '"step": 12, "time": 0.5, "values": {"name:hips.position": [0, 0.25, 0]}'
# refusals: the library's (points on one line, a triangle past the points) and the format's
sed 's/"parameter": 0.5/"parameter": [0.5, 1]/' $bs >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): parameter is not a number"
tr -d ' \n' <$bs | sed 's/"points":\[0,2\]/"points":[[0,0],[1,1]]/; s/"parameter":0.5/"parameter":[0,0]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): desc.point_count: 2 points; a 2D blend space needs at least 3"
tr -d ' \n' <$bs | sed 's/"points":\[0,2\]/"points":[[0,0],[1,1],[2,2]],"triangles":[]/; s/"actions":\[0,1\]/"actions":[0,1,2]/; s/"parameter":0.5/"parameter":[0,0]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): desc.points: all 3 points lie on one line" &&
  has "$WORK/err" "make a 1D blend space along that line instead"
tr -d ' \n' <$bs | sed 's/\[0,3,2\]\]/[0,3,4]]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 11 (blend_space): desc.triangles[1]: corner 2 is point 4, past the 4 points"
tr -d ' \n' <$bs | sed 's/"points":\[0,2\]/"points":[0,[2,1]]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): points[1] is not a number, as points[0] is"
tr -d ' \n' <$bs | sed 's/"actions":\[0,1\]/"actions":[0]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): actions is not a list of 2 action indices (or null), one per point"
tr -d ' \n' <$bs | sed 's/"actions":\[0,1\]/"actions":[0,7]/' >"$WORK/bs.json"
run 1 replay "$WORK/bs.json" && has "$WORK/err" "step 9 (blend_space): actions[1]:"

# --each: every file's run as if on its own, its outputs beside it. The good
# file's lines equal those of its own run above ($WORK/first.out); the refused
# one's status, message and lines are those of its own run.
cp tests/cli/data/replay_extras.json "$WORK/each_good.json"
cp "$WORK/bad_mask.json" "$WORK/each_bad.json"
run 0 replay --each "$WORK/each_good.json" "$WORK/each_bad.json" && empty "$WORK/out" && empty "$WORK/err"
same "$WORK/each_good.json.stdout" "$WORK/first.out"
empty "$WORK/each_good.json.stderr"
equal "each_good.json.status" "$(cat "$WORK/each_good.json.status")" 0
equal "each_bad.json.status" "$(cat "$WORK/each_bad.json.status")" 1
has "$WORK/each_bad.json.stderr" "step 1 (set_mask)"
run 1 replay "$WORK/each_bad.json"
same "$WORK/each_bad.json.stdout" "$WORK/out"
run 2 replay --each "$WORK/no/such/folder.json" && empty "$WORK/out"

finish
