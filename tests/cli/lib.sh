# Shared by the check_*.sh tests of the threeanim command (tests/cli).
# Each test is run as: sh check_X.sh THREEANIM SOURCE_DIR WORK_DIR SAMPLES_DIR
# and exits 0 (all passed), 1 (a check failed) or 77 (skipped).
set -u
CLI=$1
SRC=$2
WORK=$3
SAMPLES=$4
DATA="$SRC/tests/cli/data"
GOLDEN="$SRC/tests/cli/golden"
MODEL="$SRC/examples/default.glb"
rm -rf "$WORK"
mkdir -p "$WORK"
checks=0
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# run RC ARGS...: runs threeanim ARGS with stdout in $WORK/out and stderr in
# $WORK/err, and checks its exit status.
run() {
  want=$1
  shift
  checks=$((checks + 1))
  "$CLI" "$@" >"$WORK/out" 2>"$WORK/err"
  got=$?
  # under the sanitizers a fault may also exit 1: look for their report
  if grep -q -e 'Sanitizer' -e 'runtime error:' "$WORK/err"; then
    fail "threeanim $*: the sanitizers reported"
    head -n 20 "$WORK/err" | sed 's/^/    /'
    return 1
  fi
  if [ "$got" != "$want" ]; then
    fail "threeanim $*: exit status $got, wanted $want"
    sed 's/^/    stderr: /' "$WORK/err" | head -n 5
    return 1
  fi
  return 0
}

# has FILE TEXT / lacks FILE TEXT: a fixed string is (not) in the file.
has() {
  checks=$((checks + 1))
  if ! grep -qF -- "$2" "$1"; then
    fail "$(basename "$1") lacks \"$2\""
    head -n 6 "$1" | sed 's/^/    /'
    return 1
  fi
}
lacks() {
  checks=$((checks + 1))
  if grep -qF -- "$2" "$1"; then
    fail "$(basename "$1") holds \"$2\""
    grep -F -- "$2" "$1" | head -n 3 | sed 's/^/    /'
    return 1
  fi
}

# empty FILE: the file has no bytes.
empty() {
  checks=$((checks + 1))
  if [ -s "$1" ]; then
    fail "$(basename "$1") is not empty"
    head -n 3 "$1" | sed 's/^/    /'
    return 1
  fi
}

# same FILE GOLDEN: byte for byte.
same() {
  checks=$((checks + 1))
  if ! cmp -s "$1" "$2"; then
    fail "$1 differs from $2"
    diff -u "$2" "$1" | head -n 30 | sed 's/^/    /'
    return 1
  fi
}

# equal WHAT GOT WANT: two strings.
equal() {
  checks=$((checks + 1))
  if [ "$2" != "$3" ]; then
    fail "$1: got \"$2\", wanted \"$3\""
    return 1
  fi
}

# no_temp_files DIR: nothing half-written left behind (cli_out's ".NAME.XXXXXX").
no_temp_files() {
  checks=$((checks + 1))
  left=$(find "$1" -maxdepth 1 -name '.*.??????' | head -n 3)
  if [ -n "$left" ]; then
    fail "temporary files left in $1: $left"
    return 1
  fi
}

# True when the glTF samples are there; says so when they are not, for the
# list of skipped checks at the end of make test.
have_samples() {
  [ -f "$SAMPLES/INDEX.md" ] && return 0
  echo "note: $SAMPLES is not there (set TA_SAMPLES_DIR when CMake runs); the glTF sample checks were skipped"
  return 1
}

finish() {
  echo "$checks checks, $failures failed"
  [ "$failures" -eq 0 ]
}
