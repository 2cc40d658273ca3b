# `threeanim replay` with a sync group and IK chains (docs/replay.md): the walk
# and the run of the bundled model, each with two "foot" markers, in a sync
# group while their weights cross; the left arm reaching a point and the head
# aiming at it, then the left leg given a point out of reach. three.js has none
# of these: the checks are the properties each must hold, read from the lines
# ("sync": the members' phases; "ik": each chain's miss and bone lengths, or
# the aim's angle, measured on the world matrices after the IK).
. "$(dirname "$0")/lib.sh"

cd "$SRC" || exit 1
rig=tests/cli/data/replay_rig.json
# variant SED OUT: the file edited by SED into OUT, its model named from here (OUT is elsewhere)
variant() {
  sed -e "s|../../../examples/default.glb|$SRC/examples/default.glb|" -e "$1" "$rig" >"$2"
}
run 0 replay "$rig" && empty "$WORK/err"
if command -v node >/dev/null; then
  # Phases agree (mod 2 steps) within 1e-5; the heavier leads (the walk at 0.7 for steps 7 to 9,
  # the run at 0.8 from step 12); the arm reaches within 1e-5 with its bones' lengths within 1e-6
  # of the first line's; the aim is within 1e-5 rad; the leg, asked for a point out of reach, does
  # not reach it, and its lengths stay; after ik_clear and an empty sync_group, no "sync" or "ik".
  checks=$((checks + 1))
  node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
    const bad = [];
    const want = (ok, what) => { if (!ok) bad.push(what); };
    want(lines.length === 7, `7 lines, got ${lines.length}`);
    let arm = null, leg = null;
    for (const l of lines.slice(0, 6)) {
      const [a, b] = l.sync.phases, d = Math.abs(a - b) % 2;
      want(Math.min(d, 2 - d) <= 1e-5, `step ${l.step}: phases ${a} ${b}`);
      want(l.sync.leader === (l.step < 10 ? 0 : 1), `step ${l.step}: leader ${l.sync.leader}`);
      for (const c of l.ik) {
        if (c.kind === "aim") { want(c.reached && c.angle <= 1e-5, `step ${l.step}: aim ${c.angle}`); continue; }
        if (c.lengths[0] > 0.4) {
          leg ??= c.lengths;
          want(!c.reached && c.miss > 1, `step ${l.step}: the leg reached ${c.miss}`);
          want(Math.abs(c.lengths[0] - leg[0]) <= 1e-6 && Math.abs(c.lengths[1] - leg[1]) <= 1e-6, `step ${l.step}: leg lengths`);
          continue;
        }
        arm ??= c.lengths;
        want(c.reached && c.miss <= 1e-5, `step ${l.step}: arm miss ${c.miss}`);
        want(Math.abs(c.lengths[0] - arm[0]) <= 1e-6 && Math.abs(c.lengths[1] - arm[1]) <= 1e-6, `step ${l.step}: arm lengths`);
      }
    }
    want(leg !== null, "the leg chain ran");
    const last = lines[6];
    want(last.sync === undefined && last.ik === undefined, "step 18 still has sync or ik");
    if (bad.length) { console.log(bad.join("\n")); process.exit(1); }
  ' "$WORK/out" || fail "replay_rig.json: the properties above"
  # An empty sync_group is no group: the lines carry no "sync".
  variant 's/"op": "sync_group", "actions": \[0, 1\]/"op": "sync_group", "actions": []/' "$WORK/nosync.json"
  run 0 replay "$WORK/nosync.json" && lacks "$WORK/out" '"sync"'
fi

# Refusals name the step and the fault, and nothing past them is printed.
variant 's/"marker_name": "foot"/"marker_name": "heel"/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" 'step 2 (sync_group): actions[0]: action: its clip has no marker named "heel"' &&
  empty "$WORK/out"
variant 's/"mode": "markers"/"mode": "beats"/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" 'step 2 (sync_group): mode is not "markers" or "normalized_time"'
variant 's/{"name": "foot", "time": 0.4}/{"name": "foot", "time": 0.4}, {"name": "foot", "time": 0.5}/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" "step 2 (sync_group): actions[1]: action: its clip has 3 sync markers, the group's members 2"
variant 's/"mid": "name:lower_arm_L"/"mid": "name:spine"/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" 'step 3 (ik_two_bone): desc.mid: node' && has "$WORK/err" 'is not a child of desc.start'
variant 's/"target": \[0.34, 1.37, 0.31\], "pole"/"target": [0.34, 1.37], "pole"/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" 'step 3 (ik_two_bone): target is not a list of three numbers'
variant 's/"node": "name:head"/"node": "name:tail"/' "$WORK/bad.json"
run 1 replay "$WORK/bad.json" && has "$WORK/err" 'step 4 (ik_aim): node:'

finish
