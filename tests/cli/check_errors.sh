# Exit statuses and messages: 1 with the library's message for input it
# refuses, 2 for a usage error; nothing on standard output either way.
. "$(dirname "$0")/lib.sh"

printf '{ "metadata": { "version": 4.7, "type": "Object" }, "object": [1, 2' >"$WORK/broken.json"
head -c 200 "$MODEL" >"$WORK/truncated.glb"
printf 'glTF\002\000\000\000\377\377\000\000' >"$WORK/badlength.glb"

# refused input
for cmd in info bake; do
  run 1 "$cmd" "$WORK/missing.glb" && has "$WORK/err" "threeanim $cmd: $WORK/missing.glb: " &&
    has "$WORK/err" "No such file" && empty "$WORK/out"
done
run 1 info "$WORK/broken.json" && has "$WORK/err" "threeanim info: $WORK/broken.json: " && empty "$WORK/out"
run 1 info "$WORK/truncated.glb" && has "$WORK/err" "threeanim info: $WORK/truncated.glb: "
run 1 info "$WORK/badlength.glb" && has "$WORK/err" "threeanim info: $WORK/badlength.glb: "
run 1 bake "$MODEL" --clip nosuch && empty "$WORK/out" &&
  has "$WORK/err" "threeanim bake: $MODEL: no clip named \"nosuch\"; the model has \"walk\", \"run\", \"wave\""
run 1 bake "$MODEL" --clip Walk && has "$WORK/err" 'no clip named "Walk"; the model has "walk", "run", "wave"'
# the library's C argument names ("path:", "name:", "reference_frame:") do not show
run 1 info "$WORK/missing.glb" && lacks "$WORK/err" "path: " && has "$WORK/err" "cannot open"
run 1 convert "$MODEL" "$WORK/x.json" --clip walk --additive -3 &&
  has "$WORK/err" 'threeanim convert: clip "walk": --additive: frame -3 is below zero'
# replay given a model says what it wants, and shows a replay file that plays it, which runs
mkdir -p "$WORK/r" && cp "$MODEL" "$WORK/r/model.glb"
run 1 replay "$WORK/r/model.glb" && empty "$WORK/out" && has "$WORK/err" "is a binary glTF file, not a replay file" &&
  has "$WORK/err" '"model": {"gltf": "model.glb"}' && has "$WORK/err" "threeanim bake $WORK/r/model.glb"
sed -n '/^  {"format"/,/}]}$/p' "$WORK/err" > "$WORK/r/play.json"
run 0 replay "$WORK/r/play.json" && has "$WORK/out" '{"step": 2, "time": 0.5, "values": {'
run 0 convert "$MODEL" "$WORK/r/model.json" --clip walk
run 1 replay "$WORK/r/model.json" && has "$WORK/err" "is a three.js JSON file, not a replay file" &&
  has "$WORK/err" '"model": {"object_json": "model.json"}'
run 1 replay "$WORK/broken.json" && has "$WORK/err" "broken.json:1:" && lacks "$WORK/err" "not a replay file"
# a replay file's clip and node names that miss: what is there, the nearest names
printf '{"format": "threeanim-replay/1", "model": {"gltf": "model.glb"}, "actions": [{"clip": "Walk"}], "steps": []}' > "$WORK/r/clip.json"
run 1 replay "$WORK/r/clip.json" && has "$WORK/err" 'threeanim replay: actions[0]: no clip named "Walk"; the model has "walk", "run", "wave"'
printf '{"format": "threeanim-replay/1", "model": {"gltf": "model.glb"}, "record": ["name:hip.position"], "steps": []}' > "$WORK/r/node.json"
run 1 replay "$WORK/r/node.json" && has "$WORK/err" 'no node is named "hip"; the nearest are "hips", '
run 1 bake "$MODEL" --clip walk --cross-fade-to nosuch && has "$WORK/err" 'no clip named "nosuch"'
run 1 bake "$DATA/still.json" && has "$WORK/err" "the file has no animations to play"
run 1 plot "$MODEL" --clip nosuch -o "$WORK/x.svg" && has "$WORK/err" 'no clip named "nosuch"'
run 1 plot "$DATA/still.json" -o "$WORK/x.svg" && has "$WORK/err" "the file has no animations to plot"
run 1 preview "$MODEL" --clip nosuch -o "$WORK/x.html" && has "$WORK/err" 'no clip named "nosuch"'
run 1 plot "$MODEL" -o "$WORK/no/such/dir/x.svg" && has "$WORK/err" "threeanim plot: output: " &&
  has "$WORK/err" "cannot be written"
run 1 convert "$MODEL" "$WORK/wave.json" --format clip --clip wave &&
  has "$WORK/err" 'threeanim convert: clip "wave": tracks[4]: a CUBIC_SPLINE track has no three.js JSON form'
run 1 convert "$MODEL" "$WORK/all.json" && has "$WORK/err" "CUBIC_SPLINE" &&
  has "$WORK/err" "(threeanim convert --resample FPS writes CUBIC_SPLINE tracks as LINEAR keys)"
run 1 convert "$MODEL" "$WORK/x.json" --format clip --subclip "late:40:50:30" --clip walk &&
  has "$WORK/err" "threeanim convert: --subclip late: "
run 1 convert "$MODEL" "$WORK/x.json" --format clip --subclip "back:20:10:30" --clip walk &&
  has "$WORK/err" "--subclip back: "
# compress to .glb: an extension whose accessor indices the writer would not renumber is refused
sed '1s/^{/{ "extensionsUsed": ["VENDOR_point_cloud"],/' "$DATA/nonunit.gltf" > "$WORK/vendor.gltf"
run 0 compress "$DATA/nonunit.gltf" "$WORK/nonunit.glb"
run 1 compress "$WORK/vendor.gltf" "$WORK/vendor.glb" &&
  has "$WORK/err" "vendor.gltf: extension VENDOR_point_cloud: " && has "$WORK/err" "(write a .tac)"
run 0 compress "$WORK/vendor.gltf" "$WORK/vendor.tac"
[ -s "$WORK/nonunit.glb" ] && [ -s "$WORK/vendor.tac" ] || fail "compress wrote no .glb or .tac"
# --smallest: keys dropped wherever that saves a byte, where the default keeps every key: the
# bundled run's .tac is smaller with it (its five rotations that drop a key or two)
run 0 compress "$MODEL" "$WORK/run.tac" --clip run
run 0 compress "$MODEL" "$WORK/run-small.tac" --clip run --smallest
checks=$((checks + 1))
[ "$(stat -c %s "$WORK/run-small.tac")" -lt "$(stat -c %s "$WORK/run.tac")" ] || fail "--smallest wrote no fewer bytes"
run 2 compress "$MODEL" "$WORK/run.tac" --clip run --smallest=1 && has "$WORK/err" "unknown option --smallest=1"
run 1 example "$WORK/no/such/dir/x.glb" && has "$WORK/err" "threeanim example: output: "
for f in x.svg x.html wave.json all.json x.json vendor.glb; do
  checks=$((checks + 1))
  [ ! -e "$WORK/$f" ] || fail "$f was written by a refused call"
done
no_temp_files "$WORK"

# usage errors
run 2 bake "$MODEL" --fps 0 && has "$WORK/err" "--fps" && empty "$WORK/out"
run 2 bake "$MODEL" --fps fast && has "$WORK/err" '"fast" is not a decimal number'
run 2 bake "$MODEL" --fps && has "$WORK/err" "--fps needs a value"
run 2 bake "$MODEL" --fps 5000 && has "$WORK/err" "more than 1000 frames a second"
run 2 bake "$MODEL" --format xml && has "$WORK/err" '--format: "xml" is not csv, json or jsonl'
run 2 bake "$MODEL" --clip walk --all && has "$WORK/err" "--clip and --all do not go together"
run 2 bake "$MODEL" --all --cross-fade-to run && has "$WORK/err" "--cross-fade-to takes one clip"
run 2 bake "$MODEL" --at 1 && has "$WORK/err" "--at and --warp go with --cross-fade-to"
run 2 bake "$MODEL" --loop sideways && has "$WORK/err" '"sideways" is not once, repeat or pingpong'
run 2 bake "$MODEL" --over -1 --cross-fade-to run && has "$WORK/err" "--over"
run 2 bake "$MODEL" --frobnicate && has "$WORK/err" '"--frobnicate" is not an option of bake'
run 2 bake "$MODEL" "$MODEL" && has "$WORK/err" "takes one FILE"
run 2 info "$MODEL" "$MODEL" && has "$WORK/err" "takes one FILE"
run 2 info --frobnicate && has "$WORK/err" "is not an option of info"
run 2 plot "$MODEL" && has "$WORK/err" "needs -o OUT.svg"
run 2 plot "$MODEL" -o "$WORK/x.svg" --width 10 && has "$WORK/err" "--width"
run 2 preview "$MODEL" && has "$WORK/err" "needs -o OUT.html"
run 2 preview "$MODEL" -o "$WORK/x.html" --views front,up && has "$WORK/err" '--views: "up" is not'
run 2 preview "$MODEL" -o "$WORK/x.html" --views front,back,left,right,top && has "$WORK/err" "at most 4 views"
run 2 preview "$MODEL" -o "$WORK/x.html" --all && has "$WORK/err" "--all is for bake"
run 2 convert "$MODEL" && has "$WORK/err" "needs IN and OUT"
run 2 convert "$MODEL" "$WORK/x.json" "$WORK/y.json" && has "$WORK/err" "takes IN and OUT"
run 2 convert "$MODEL" "$WORK/x.json" --format yaml && has "$WORK/err" '"yaml" is not object or clip'
run 2 convert "$MODEL" "$WORK/x.json" --subclip walk:0:10 && has "$WORK/err" "is not NAME:START:END:FPS"
run 2 convert "$MODEL" "$WORK/x.json" --subclip :0:10:30 && has "$WORK/err" "is not NAME:START:END:FPS"
run 2 convert "$MODEL" "$WORK/x.json" --format clip && has "$WORK/err" "clip JSON holds one clip, and 3 are to be written"
run 2 convert "$MODEL" "$WORK/x.json" --fps 24 && has "$WORK/err" "--fps goes with --additive"
run 2 convert "$MODEL" "$WORK/x.json" --indent 40 && has "$WORK/err" "--indent"
run 2 convert "$MODEL" "$WORK/x.json" --resample 0 && has "$WORK/err" "--resample: 0 is not a rate from above 0 to 1000"
run 2 convert "$MODEL" "$WORK/x.json" --resample fast && has "$WORK/err" '--resample: "fast" is not a decimal number'
# decimal only: strtod alone would read "0x10" as 16
run 2 convert "$MODEL" "$WORK/x.json" --resample 0x10 && has "$WORK/err" '--resample: "0x10" is not a decimal number'
run 2 convert "$MODEL" "$WORK/x.json" --resample inf && has "$WORK/err" '--resample: "inf" is not a decimal number'
run 2 bake "$MODEL" --fps 0x1e && has "$WORK/err" '--fps: "0x1e" is not a decimal number'
run 2 bake "$MODEL" --seconds " 1" && has "$WORK/err" '--seconds: " 1" is not a decimal number'
run 0 bake "$MODEL" --clip wave --fps 1.5e1 --seconds .2 && has "$WORK/out" "wave,3,0.2,"
run 2 convert "$MODEL" "$WORK/x.json" --resample && has "$WORK/err" "--resample needs keys a second"
run 2 convert "$MODEL" "$WORK/x.json" --clip walk --clip run --subclip a:0:5:30 && has "$WORK/err" "at most one --clip"
run 2 example && has "$WORK/err" "needs OUT.glb"
run 2 example a.glb b.glb && has "$WORK/err" "takes one file"
for f in x.svg x.html x.json y.json; do
  checks=$((checks + 1))
  [ ! -e "$WORK/$f" ] || fail "$f was written by a call with a usage error"
done
finish
