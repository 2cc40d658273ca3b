# `threeanim bake`: its three formats, its frames and what the cross-fade
# does to the weights. The poses themselves are checked against three.js in
# bake_vs_three.mjs; here the expected numbers come from the clips' own
# definitions (default_model.c) and from the cross-fade's arithmetic.
. "$(dirname "$0")/lib.sh"

# CSV: a header, then one row per frame from 0 to the clip's end (10 fps, 2 s: 21).
run 0 bake "$MODEL" --clip wave --fps 10 && empty "$WORK/err"
cp "$WORK/out" "$WORK/wave.csv"
equal "wave rows" "$(wc -l <"$WORK/wave.csv" | tr -d ' ')" 22
same_header=$(head -n 1 "$WORK/wave.csv")
equal "wave header" "$same_header" "$(cat "$GOLDEN/bake_wave_header.csv")"
# Frame 0 is the rest pose: every wave curve starts at zero (identity
# rotations), the smile at 0, the bubble at its first STEP key (0.5) and its
# card white and transparent.
equal "wave frame 0" "$(sed -n 2p "$WORK/wave.csv")" "wave,0,0,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0.5,0.5,0.5,1,1,1,0"
# At 1 s the smile is full (keys 1 at 0.5 s and 1.5 s) and the card opaque.
row=$(awk -F, 'NR == 12' "$WORK/wave.csv")
equal "wave frame 10 time" "$(echo "$row" | cut -d, -f3)" 1
equal "wave frame 10 smile" "$(echo "$row" | cut -d, -f24)" 1
equal "wave frame 10 opacity" "$(echo "$row" | cut -d, -f31)" 1
equal "wave frame 10 bubble scale" "$(echo "$row" | cut -d, -f25-27)" "1,1,1"
# Every row has as many fields as the header.
checks=$((checks + 1))
awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' "$WORK/wave.csv" || fail "wave.csv rows of uneven width"

# The walk is a cycle: its last frame (1 s, held at the end) is its first.
run 0 bake "$MODEL" --clip walk --fps 30
checks=$((checks + 1))
awk -F, 'NR == 2 { for (i = 4; i <= NF; ++i) a[i] = $i }
         END { for (i = 4; i <= NF; ++i) if ((a[i] - $i) > 1e-6 || ($i - a[i]) > 1e-6) exit 1 }' "$WORK/out" ||
  fail "walk: the last frame is not the first"
equal "walk rows" "$(wc -l <"$WORK/out" | tr -d ' ')" 32

# -o writes what standard output gets.
run 0 bake "$MODEL" --clip walk --fps 30 -o "$WORK/walk.csv" && empty "$WORK/out" && empty "$WORK/err"
run 0 bake "$MODEL" --clip walk --fps 30
same "$WORK/walk.csv" "$WORK/out"

# The cross-fade: from 1 s over 0.5 s the walk's weight falls as 1 - (t - 1) / 0.5
# and the run's rises as (t - 1) / 0.5; before, the run is not playing.
run 0 bake "$MODEL" --clip walk --cross-fade-to run --at 1 --over 0.5 --fps 10
cp "$WORK/out" "$WORK/fade.csv"
has "$WORK/fade.csv" "clip,frame,time,action0.time,action0.weight,action1.time,action1.weight,hips.position.x"
equal "fade frames" "$(wc -l <"$WORK/fade.csv" | tr -d ' ')" 23
equal "fade t=0.5" "$(awk -F, 'NR == 7 { print $1 "," $3 "," $5 "," $7 }' "$WORK/fade.csv")" "walk->run,0.5,1,"
equal "fade t=1.0" "$(awk -F, 'NR == 12 { print $3 "," $5 "," $7 }' "$WORK/fade.csv")" "1,1,"
checks=$((checks + 1))
awk -F, 'NR >= 13 && NR <= 17 {
           t = $3; w = 1 - (t - 1) / 0.5; if (w < 0) w = 0
           if ((($5 - w) > 1e-6) || ((w - $5) > 1e-6) || (($7 - (1 - w)) > 1e-6) || (((1 - w) - $7) > 1e-6)) exit 1
         }' "$WORK/fade.csv" || fail "fade: the weights are not 1 - (t - 1) / 0.5 and (t - 1) / 0.5"
equal "fade t=1.6" "$(awk -F, 'NR == 18 { print $5 "," $7 }' "$WORK/fade.csv")" "0,1"
# the run's clock starts with the fade
equal "fade run time at 1.1" "$(awk -F, 'NR == 13 { print $6 }' "$WORK/fade.csv")" "0.100000001"

# JSON lines: one object per frame, in order.
run 0 bake "$MODEL" --clip run --fps 30 --format jsonl
equal "jsonl lines" "$(wc -l <"$WORK/out" | tr -d ' ')" 19
has "$WORK/out" '{"clip": "run", "frame": 0, "time": 0, "actions": [{"clip": "run", "time": 0, "weight": 1}], "values": {"hips.position": [0, 0.949999988, 0]'
has "$WORK/out" '{"clip": "run", "frame": 18, "time": 0.6'

# JSON: every clip with --all, each from the rest pose.
run 0 bake "$MODEL" --all --fps 5 --format json
has "$WORK/out" '{"path": "Face.morphTargetInfluences[smile]", "kind": "MORPH_INFLUENCE", "size": 1}'
has "$WORK/out" '{"name": "walk", "frames": 6,'
has "$WORK/out" '{"name": "run", "frames": 4,'
has "$WORK/out" '{"name": "wave", "frames": 11,'
equal "json runs" "$(grep -c '"name": ' "$WORK/out")" 3

# Longer runs, and the loop modes.
run 0 bake "$MODEL" --clip run --loop repeat --seconds 2 --fps 10
equal "repeat rows" "$(wc -l <"$WORK/out" | tr -d ' ')" 22
run 0 bake "$MODEL" --clip run --loop pingpong --seconds 1.2 --fps 10 --format jsonl
# ping-pong: at 0.9 s the run (0.6 s) reads its clip at 1.2 - 0.9 = 0.3 s, on the way back
back=$(sed -n 10p "$WORK/out" | sed 's/.*"actions": \[{"clip": "run", "time": \([^,]*\),.*/\1/')
checks=$((checks + 1))
awk -v x="$back" 'BEGIN { exit !((x - 0.3) < 1e-6 && (0.3 - x) < 1e-6) }' || fail "pingpong: at 0.9 s the run reads $back, not 0.3"


# No progress bar when standard error is not a terminal.
run 0 bake "$MODEL" --clip walk --loop repeat --seconds 120 --fps 240 -o "$WORK/long.csv" && empty "$WORK/err"

# World and bone matrices: JSON lines only; one line per frame; the rig's one
# skin has one bone matrix per joint (15 bones in the default model). Their
# numbers are checked against three.js in tests/conformance/skinning.
run 2 bake "$MODEL" --clip walk --world --skinning
has "$WORK/err" "--world and --skinning write JSON lines: add --format jsonl"
run 0 bake "$MODEL" --clip walk --fps 10 --world --skinning --format jsonl
equal "matrix lines" "$(wc -l <"$WORK/out" | tr -d ' ')" 11
if command -v node >/dev/null; then
checks=$((checks + 1))
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
  const l = lines[3];
  if (l.frame !== 3 || Object.keys(l.world).length !== 19 || l.world["0"].length !== 16) process.exit(1);
  if (Object.keys(l.skins).join() !== "0" || l.skins["0"].bone_matrices.length !== 15) process.exit(1);
  if (l.skins["0"].bone_matrices.some((m) => m.length !== 16 || m.some((x) => !Number.isFinite(x)))) process.exit(1);
' "$WORK/out" || fail "bake --world --skinning: not a line per frame with 19 world matrices and 15 bone matrices"
fi
run 0 bake "$MODEL" --clip walk --fps 10 --world --format jsonl
lacks "$WORK/out" '"skins"'

if have_samples; then
  run 0 bake "$SAMPLES/InterpolationTest/glTF-Binary/InterpolationTest.glb" --all --fps 10 --format jsonl
  equal "InterpolationTest runs" "$(cut -d'"' -f4 "$WORK/out" | sort -u | wc -l | tr -d ' ')" 9
fi
finish
