# The progress bar of bake: on standard error when it is a terminal and the
# work is long (here about 100,000 frames baked and written), never otherwise.
# Needs util-linux's `script` for a terminal; skipped without it.
. "$(dirname "$0")/lib.sh"

if ! command -v script >/dev/null 2>&1; then
  echo "skipped: no \`script\` command to run bake on a terminal"
  exit 77
fi
long="bake $MODEL --clip walk --loop repeat --seconds 420 --fps 240"

# on a terminal: the bar, and the file written as usual
script -qec "'$CLI' $long -o '$WORK/long.csv'" /dev/null >"$WORK/tty.txt" 2>&1
has "$WORK/tty.txt" "bake ["
has "$WORK/tty.txt" "frames baked and written)"
equal "rows" "$(wc -l <"$WORK/long.csv" | tr -d ' ')" 100802
# not on a pipe
"$CLI" $long -o "$WORK/long2.csv" 2>"$WORK/err"
empty "$WORK/err"
same "$WORK/long2.csv" "$WORK/long.csv"
# not when the rows themselves go to the terminal
script -qec "'$CLI' bake '$MODEL' --clip walk --loop repeat --seconds 60 --fps 240" /dev/null >"$WORK/rows.txt" 2>&1
lacks "$WORK/rows.txt" "bake ["
# not for short work
script -qec "'$CLI' bake '$MODEL' --clip walk -o '$WORK/short.csv'" /dev/null >"$WORK/short.txt" 2>&1
empty "$WORK/short.txt"
finish
