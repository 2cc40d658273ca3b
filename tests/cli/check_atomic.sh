# Nothing half-written: each subcommand writes a temporary file beside its
# output and renames it into place only when every byte was written; a failure
# leaves the old file as it was and no temporary file behind. What is not a
# regular file (a link, a pipe, a device) is written, not replaced.
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

# an output that is not a regular file is written, never replaced
# a symbolic link: written through, the file it leads to replaced, the link kept
keep target.svg
ln -s target.svg "$WORK/link.svg"
run 0 plot "$MODEL" -o "$WORK/link.svg" && has "$WORK/target.svg" "<svg"
checks=$((checks + 1))
[ -L "$WORK/link.svg" ] || fail "link.svg is no longer a symbolic link"
# a link that leads nowhere yet: the file it names is made, the link kept
ln -s made.csv "$WORK/dangling.csv"
run 0 bake "$MODEL" --clip wave -o "$WORK/dangling.csv" && has "$WORK/made.csv" "clip,frame"
checks=$((checks + 1))
[ -L "$WORK/dangling.csv" ] || fail "dangling.csv is no longer a symbolic link"
no_temp_files "$WORK"

# a named pipe: opened and written, read by the other end; a pipe replaced instead would
# leave the reader waiting for ever, so it is ended after 20 s
if mkfifo "$WORK/pipe.csv" 2>/dev/null; then
  cat "$WORK/pipe.csv" >"$WORK/from_pipe" &
  reader=$!
  run 0 bake "$MODEL" --clip wave -o "$WORK/pipe.csv"
  n=0
  while kill -0 "$reader" 2>/dev/null && [ "$n" -lt 20 ]; do
    sleep 1
    n=$((n + 1))
  done
  checks=$((checks + 1))
  if kill -0 "$reader" 2>/dev/null; then
    kill "$reader"
    fail "nothing was written into the named pipe"
  fi
  wait "$reader"
  has "$WORK/from_pipe" "wave,0,0,"
  checks=$((checks + 1))
  [ -p "$WORK/pipe.csv" ] || fail "pipe.csv is no longer a named pipe"
else
  echo "note: mkfifo failed; the named pipe checks were skipped"
fi

# character devices: a null device stays one, a full one is an error naming it. Were this to
# regress, the command run as root (as in CI) would put a regular file in place of /dev/null:
# as root the devices are ones of its own, made in $WORK; otherwise /dev's, which only root
# can replace.
null=
full=
if [ "$(id -u)" = 0 ]; then
  if mknod "$WORK/null" c 1 3 2>/dev/null && mknod "$WORK/full" c 1 7 2>/dev/null &&
     (: >"$WORK/null") 2>/dev/null; then
    null=$WORK/null
    full=$WORK/full
  else
    echo "note: cannot make devices in $WORK (no mknod, or a nodev mount); the device checks were skipped"
  fi
elif [ ! -w /dev ] && [ -c /dev/null ] && [ -c /dev/full ]; then
  null=/dev/null
  full=/dev/full
else
  echo "note: no /dev/full, or /dev is writable; the device checks were skipped"
fi
if [ -n "$null" ]; then
  for cmd in "bake $MODEL --clip wave -o" "plot $MODEL -o" "preview $MODEL -o" "convert $MODEL --resample 30" \
             "example"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$CLI" $cmd "$null" >"$WORK/out" 2>"$WORK/err" || fail "threeanim $cmd $null: exit status $?, wanted 0"
    checks=$((checks + 1))
    test -c "$null" || fail "threeanim $cmd $null: $null is no longer a character device"
    # shellcheck disable=SC2086
    "$CLI" $cmd "$full" >"$WORK/out" 2>"$WORK/err"
    equal "threeanim $cmd $full: exit status" "$?" 1
    has "$WORK/err" "$full: cannot be written: No space left on device"
    checks=$((checks + 1))
    test -c "$full" || fail "threeanim $cmd $full: $full is no longer a character device"
  done
  # what goes to standard output: a full device is an error too
  for cmd in "info $MODEL" "bake $MODEL --clip wave" "replay $SRC/tests/cli/data/replay_extras.json" "--help"; do
    # shellcheck disable=SC2086
    "$CLI" $cmd >"$full" 2>"$WORK/err"
    equal "threeanim $cmd >$full: exit status" "$?" 1
    has "$WORK/err" "standard output: cannot be written: No space left on device"
  done
fi
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
