# `threeanim convert`: three.js Object JSON and clip JSON out, and the edits.
# (convert_vs_three.mjs reads the output with three.js itself.)
. "$(dirname "$0")/lib.sh"

# glTF to Object JSON: the same scene and clips, read back by our own reader;
# written again, the same text; baked, the same poses as the glTF.
run 0 convert "$MODEL" "$WORK/a.json" --clip walk --clip run && empty "$WORK/out" && empty "$WORK/err"
has "$WORK/a.json" '"generator": "threeanim ta_object_json_write"'
run 0 info "$WORK/a.json"
has "$WORK/out" "three.js Object JSON"
has "$WORK/out" "19 nodes (15 bones), 2 meshes, 1 skinned mesh, 3 materials, 0 lights, 0 cameras, 2 clips"
sed -n '/^clips$/,$p' "$WORK/out" >"$WORK/json_clips.txt"
sed -n '/^clips$/,/^  wave /p' "$GOLDEN/info_default.txt" | sed '$d' | sed '$d' >"$WORK/glb_clips.txt"
echo "" >>"$WORK/glb_clips.txt"
echo "0 things flagged" >>"$WORK/glb_clips.txt"
same "$WORK/json_clips.txt" "$WORK/glb_clips.txt"
run 0 convert "$WORK/a.json" "$WORK/b.json" && same "$WORK/b.json" "$WORK/a.json"
run 0 bake "$MODEL" --clip run --fps 30 && cp "$WORK/out" "$WORK/run_glb.csv"
run 0 bake "$WORK/a.json" --clip run --fps 30 && same "$WORK/out" "$WORK/run_glb.csv"
run 0 convert "$MODEL" - --clip walk --indent 0
equal "one line" "$(wc -l <"$WORK/out" | tr -d ' ')" 1

# Clip JSON: one clip, its tracks named by node name.
run 0 convert "$MODEL" "$WORK/walk.json" --format clip --clip walk --indent 0
has "$WORK/walk.json" '{"name":"walk","duration":1,"tracks":[{"name":"hips.position","times":[0,0.0625,'
has "$WORK/walk.json" '"type":"vector"'
has "$WORK/walk.json" '{"name":"thigh_L.quaternion",'
has "$WORK/walk.json" '"type":"quaternion"'
has "$WORK/walk.json" '"blendMode":2500'

# --subclip: frames [0, 15) at 30 fps keep the walk's keys before 0.5 s (8 of 17)
run 0 convert "$MODEL" "$WORK/half.json" --format clip --subclip half:0:15:30 --indent 0
has "$WORK/half.json" '{"name":"half","duration":0.4375,'
has "$WORK/half.json" '"times":[0,0.0625,0.125,0.1875,0.25,0.3125,0.375,0.4375]'
# --subclip cuts from --clip: the run's keys (every 0.05 s) in frames [6, 12) at
# 30 fps are those at 0.2, 0.25, 0.3 and 0.35 s, moved back to start at 0
run 0 convert "$MODEL" "$WORK/cut.json" --subclip cut:6:12:30 --clip run
run 0 info "$WORK/cut.json"
has "$WORK/out" "  cut  0.150 s, normal, 14 tracks"
has "$WORK/out" "hips.position           POSITION    LINEAR            4  0.000 - 0.150"

# --additive: the clip becomes additive
run 0 convert "$MODEL" "$WORK/add.json" --clip walk --additive 0
run 0 info "$WORK/add.json" && has "$WORK/out" "  walk  1.000 s, additive, 14 tracks"
# at frame 0 (its reference) an additive walk changes nothing: the rest pose
run 0 bake "$WORK/add.json" --fps 30 --format jsonl
has "$WORK/out" '"frame": 0, "time": 0, "actions": [{"clip": "walk", "time": 0, "weight": 1}], "values": {"hips.position": [0, 0.949999988, 0], "hips.quaternion": [0, 0, 0, 1]'

# --trim and --optimize: the key past the clip's end goes, and the key equal to
# both neighbours (at 1 s, between 0.5 s and 1.5 s, all (0, 1, 0)).
run 0 convert "$DATA/curves.json" "$WORK/o.json" --trim
run 0 info "$WORK/o.json" && has "$WORK/out" "mover.position     POSITION          LINEAR            4  0.000 - 1.500" &&
  lacks "$WORK/out" "past the clip's end"
run 0 convert "$DATA/curves.json" "$WORK/o.json" --trim --optimize
run 0 info "$WORK/o.json" && has "$WORK/out" "mover.position     POSITION          LINEAR            3  0.000 - 1.500" &&
  has "$WORK/out" "0 things flagged"
# Bezier control points and SMOOTH survive the round trip
has "$WORK/o.json" '"interpolation": 2303'
has "$WORK/o.json" '"interpolation": 2302'
has "$WORK/o.json" '"inTangents"'

# The clip's uuid is kept through the edits
has "$WORK/o.json" '7d0f1a52-0000-4000-8000-0000000000c1'
# --resample: the whole file converts, the wave's forearm as LINEAR keys at 10 a
# second (0 to 2 s: 21 keys), the other clips untouched and said nothing of
run 0 convert "$MODEL" "$WORK/resampled.json" --resample 10 &&
  has "$WORK/err" 'clip "wave": 1 CUBIC_SPLINE track resampled at 10 keys a second; largest difference from the curve: ' &&
  lacks "$WORK/err" 'clip "walk"'
run 0 info "$WORK/resampled.json" && has "$WORK/out" "lower_arm_R.quaternion             QUATERNION        LINEAR           21"
# A pose clip (one key at 0, as GLTFLoader makes it with duration 0) goes out
# with "duration": 0, which three.js's AnimationClip.parse keeps: it reads back.
cat >"$WORK/pose.gltf" <<'EOF'
{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"n"}],
"buffers":[{"byteLength":16,"uri":"data:application/octet-stream;base64,AAAAAAAAgD8AAABAAABAQA=="}],
"bufferViews":[{"buffer":0,"byteLength":4},{"buffer":0,"byteOffset":4,"byteLength":12}],
"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"SCALAR","min":[0],"max":[0]},
{"bufferView":1,"componentType":5126,"count":1,"type":"VEC3"}],
"animations":[{"name":"pose","channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}],
"samplers":[{"input":0,"output":1}]}]}
EOF
run 0 convert "$WORK/pose.gltf" "$WORK/pose.json" --indent 0 && has "$WORK/pose.json" '"name":"pose","duration":0,'
run 0 info "$WORK/pose.json" && has "$WORK/out" "n.position  POSITION  LINEAR            1  0.000 - 0.000"
run 0 convert "$WORK/pose.json" "$WORK/pose_again.json" --indent 0 && same "$WORK/pose_again.json" "$WORK/pose.json"
run 0 convert "$WORK/pose.gltf" "$WORK/pose_clip.json" --format clip --indent 0 &&
  has "$WORK/pose_clip.json" '{"name":"pose","duration":0,'
finish
