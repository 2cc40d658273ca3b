# threeanim --help, each subcommand's --help and -h, and the usage errors of a
# bare call.
. "$(dirname "$0")/lib.sh"

run 0 --help && has "$WORK/out" "usage: threeanim COMMAND"
for cmd in info bake convert plot preview example replay; do
  has "$WORK/out" "  $cmd "
done
run 0 -h && has "$WORK/out" "usage: threeanim COMMAND"
run 0 --version && has "$WORK/out" "threeanim "
run 2 && has "$WORK/err" "usage: threeanim COMMAND" && empty "$WORK/out"
run 2 frobnicate && has "$WORK/err" '"frobnicate" is not a command'

for cmd in info bake convert plot preview example replay; do
  run 0 "$cmd" --help && has "$WORK/out" "usage: threeanim $cmd" && has "$WORK/out" "Exit status" && empty "$WORK/err"
  run 0 "$cmd" -h && has "$WORK/out" "usage: threeanim $cmd"
  # --help wins wherever it is
  if [ "$cmd" != replay ]; then
    run 0 "$cmd" "$MODEL" --help && has "$WORK/out" "usage: threeanim $cmd"
  fi
  # no arguments: a usage error, on standard error only
  run 2 "$cmd" && empty "$WORK/out"
done
run 2 info && has "$WORK/err" "threeanim info: needs a FILE" && has "$WORK/err" "threeanim info --help"

# what the help promises
run 0 bake --help && has "$WORK/out" "--cross-fade-to" && has "$WORK/out" "--format F" && has "$WORK/out" "progress bar"
run 0 convert --help && has "$WORK/out" "--subclip NAME:START:END:FPS" && has "$WORK/out" "--additive FRAME" &&
  has "$WORK/out" "--trim" && has "$WORK/out" "--optimize"
run 0 plot --help && has "$WORK/out" "-o OUT.svg" && has "$WORK/out" "BEZIER"
run 0 preview --help && has "$WORK/out" "-o OUT.html" && has "$WORK/out" "--views"
finish
