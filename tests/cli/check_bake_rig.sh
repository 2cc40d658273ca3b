# `threeanim bake` and `preview` with a blend space, a sync group and IK: the
# bundled model's walk (1 s) blended into its run (0.6 s) over the run, kept in
# one phase by normalised time, with the left arm reaching a fixed point and
# the head aimed at it on every frame. three.js has none of these: the checks
# are the properties each must hold, read from bake's JSON lines (the actions'
# times and weights; the world matrices after the IK).
. "$(dirname "$0")/lib.sh"

cd "$SRC" || exit 1
model=examples/default.glb
rig="--clip walk --blend-with run --sync --ik upper_arm_L,lower_arm_L,hand_L --ik-target 0.34,1.37,0.31"
rig="$rig --ik-axis 1,0,0 --ik-pole 0.5,0,-1 --aim head --fps 30"
# shellcheck disable=SC2086
run 0 bake "$model" $rig --format jsonl && empty "$WORK/err" && cp "$WORK/out" "$WORK/actions.jsonl"
# shellcheck disable=SC2086
run 0 bake "$model" $rig --format jsonl --world && empty "$WORK/err" && cp "$WORK/out" "$WORK/world.jsonl"
if command -v node >/dev/null; then
  # 31 frames over the walk's 1 s; the run's weight is frame / 30 and the walk's the rest, within
  # 1e-6; the phases (time / duration) agree within 1e-5 (mod 1); the hand is on the target within
  # 1e-5 and the head's +z points at it within 1e-5 rad on every frame, from the world matrices.
  checks=$((checks + 1))
  node -e '
    const fs = require("fs");
    const [actionsFile, worldFile, glb] = process.argv.slice(1);
    const bytes = fs.readFileSync(glb);
    const gltf = JSON.parse(bytes.toString("utf8", 20, 20 + bytes.readUInt32LE(12)));
    const index = (name) => String(gltf.nodes.findIndex((n) => n.name === name));
    const hand = index("hand_L"), head = index("head");
    const rows = fs.readFileSync(actionsFile, "utf8").trim().split("\n").map(JSON.parse);
    const worlds = fs.readFileSync(worldFile, "utf8").trim().split("\n").map(JSON.parse);
    const bad = [];
    const want = (ok, what) => { if (!ok) bad.push(what); };
    want(rows.length === 31 && worlds.length === 31, `31 frames, got ${rows.length} and ${worlds.length}`);
    const target = [0.34, 1.37, 0.31];
    for (let k = 0; k < rows.length; ++k) {
      const [walk, run] = rows[k].actions;
      want(walk.clip === "walk" && run.clip === "run", `frame ${k}: clips`);
      want(Math.abs(run.weight - k / 30) <= 1e-6 && Math.abs(walk.weight - (1 - k / 30)) <= 1e-6, `frame ${k}: weights`);
      const d = Math.abs(walk.time / 1 - run.time / 0.600000024) % 1;
      want(Math.min(d, 1 - d) <= 1e-5, `frame ${k}: phases ${walk.time} ${run.time}`);
      const h = worlds[k].world[hand], m = worlds[k].world[head];
      const miss = Math.hypot(h[12] - target[0], h[13] - target[1], h[14] - target[2]);
      want(miss <= 1e-5, `frame ${k}: the hand ${miss} from the target`);
      const to = [target[0] - m[12], target[1] - m[13], target[2] - m[14]], z = [m[8], m[9], m[10]];
      const dot = to[0] * z[0] + to[1] * z[1] + to[2] * z[2];
      const cross = Math.hypot(to[1] * z[2] - to[2] * z[1], to[2] * z[0] - to[0] * z[2], to[0] * z[1] - to[1] * z[0]);
      want(Math.atan2(cross, dot) <= 1e-5, `frame ${k}: the head ${Math.atan2(cross, dot)} rad off`);
    }
    if (bad.length) { console.log(bad.slice(0, 10).join("\n")); process.exit(1); }
  ' "$WORK/actions.jsonl" "$WORK/world.jsonl" "$model" || fail "bake with a blend, a sync group and IK: the properties above"
fi
# csv names the run after both clips, and lists each action's time and weight
# shellcheck disable=SC2086
run 0 bake "$model" $rig && has "$WORK/out" "walk+run,30,1," && has "$WORK/out" "action1.weight"

# preview: the blend is the first entry, named after both clips
# shellcheck disable=SC2086
run 0 preview "$model" $rig -o "$WORK/page.html" && has "$WORK/page.html" "walk + run"

# what goes together and what does not
run 2 bake "$model" --sync && has "$WORK/err" "--sync goes with --blend-with"
run 2 bake "$model" --ik upper_arm_L,lower_arm_L,hand_L && has "$WORK/err" "--ik-target goes with --ik or --aim"
run 2 bake "$model" --blend-with run --cross-fade-to run && has "$WORK/err" "--blend-with takes one clip"
run 2 bake "$model" --ik upper_arm_L,hand_L --ik-target 0,1,0 && has "$WORK/err" "is not START,MID,END"
run 2 bake "$model" --aim head --ik-target 0,1 && has "$WORK/err" '--ik-target: "0,1" is not X,Y,Z'
run 1 bake "$model" --aim tail --ik-target 0,1,0 && has "$WORK/err" "tail"
run 1 bake "$model" --ik upper_arm_L,spine,hand_L --ik-target 0,1,0 && has "$WORK/err" "is not a child of desc.start"
run 1 bake "$model" --blend-with sprint && has "$WORK/err" "sprint"

finish
