# Nothing half-written: each subcommand writes a temporary file beside its
# output and renames it into place only when every byte was written; a failure
# leaves the old file as it was and no temporary file behind.
. "$(dirname "$0")/lib.sh"

keep() { printf 'keep\n' >"$WORK/$1"; }
kept() {
  checks=$((checks + 1))
  [ "$(cat "$WORK/$1")" = "keep" ] || fail "$1 was changed by a failed call"
}

# refused input: the old files stay
for f in t.svg t.html t.json t.csv t.glb; do keep "$f"; done
run 1 plot "$MODEL" --clip nosuch -o "$WORK/t.svg" && kept t.svg
run 1 preview "$MODEL" --clip nosuch -o "$WORK/t.html" && kept t.html
run 1 convert "$MODEL" "$WORK/t.json" && kept t.json
run 1 bake "$MODEL" --clip nosuch -o "$WORK/t.csv" && kept t.csv
no_temp_files "$WORK"

# an output that cannot be put in place (a folder of that name): the folder is
# untouched and the temporary file is gone
mkdir -p "$WORK/folder.svg"
touch "$WORK/folder.svg/inside"
run 1 plot "$MODEL" -o "$WORK/folder.svg" && has "$WORK/err" "cannot be put in place"
checks=$((checks + 1))
[ -f "$WORK/folder.svg/inside" ] || fail "folder.svg was changed"
no_temp_files "$WORK"

# a write that fails part way (a file size limit of 8 KiB; SIGXFSZ ignored, so
# write returns EFBIG): the old file stays, the temporary file goes
for cmd in "plot $MODEL --clip wave -o $WORK/t.svg" "preview $MODEL -o $WORK/t.html" \
           "bake $MODEL --clip wave -o $WORK/t.csv" "example $WORK/t.glb"; do
  checks=$((checks + 1))
  # shellcheck disable=SC2086
  (trap '' XFSZ; ulimit -f 16; exec "$CLI" $cmd) >"$WORK/out" 2>"$WORK/err"
  rc=$?
  if [ "$rc" != 1 ]; then
    fail "threeanim $cmd over the size limit: exit status $rc, wanted 1"
  fi
  has "$WORK/err" "cannot be written"
done
kept t.svg
kept t.html
kept t.csv
kept t.glb
no_temp_files "$WORK"

# success replaces the file, with the permissions a plain create would give
run 0 plot "$MODEL" -o "$WORK/t.svg" && has "$WORK/t.svg" "<svg"
if stat -c %a "$WORK/t.svg" >/dev/null 2>&1; then
  want=$(printf '%o' $((0666 & ~$(umask))))
  equal "t.svg mode" "$(stat -c %a "$WORK/t.svg")" "$want"
fi
run 0 example "$WORK/t.glb" && same "$WORK/t.glb" "$MODEL"
no_temp_files "$WORK"
finish
