#!/usr/bin/env bash
# Every figure of memory or time in README.md and docs/*.md (RELIABILITY.md
# included) says where it comes from, so that prose cannot drift from what is
# measured. A figure is a number followed by a unit of bytes (bytes, KB, KiB,
# MB, MiB, GB, GiB), of time (ns, us, µs, ms, s, sec, seconds, min, minutes,
# h, hours, and a rate per second, "284/s") or a speed ratio ("2.5x", "3×").
# The paragraph, list item or table row that holds it must say one of:
#
#   printed by `TEST`         a ctest name: a tests/unit/TEST.c, an
#                             add_test(NAME TEST ...), or example_NAME for
#                             examples/check/NAME.mjs;
#   printed by `PATH`         a script of the repository (PATH holds a '/')
#                             that prints the figure when run;
#   `make bench`              the benchmark (bench/run.sh);
#   measured by hand on YYYY-MM-DD with `COMMAND`
#                             a figure kept as history, measured once by the
#                             command given, which nothing reruns; a path of
#                             the repository the command names must exist.
#
# Figures that are not measurements (limits, settings, timeouts, sizes of
# types, the sizes of test files, the inputs a test feeds) are listed, with
# why, in figures-not-measured.txt, one "FILE<TAB>TEXT<TAB>WHY" a line: a
# record of FILE holding TEXT is not checked, so an entry's TEXT should be the
# figure's own words and its record hold no measurement. An entry whose TEXT
# is nowhere in FILE fails (the list follows the docs).
#
# A table row may take its source from the table: from its header row, or
# from the paragraph right above the table (its caption), so a table of
# benchmark results says `make bench` once.
#
# usage: check_figures.sh SOURCE_DIR
#
# The records are checked in bash's own regular expressions (glibc's, as
# grep's), a subprocess only for a record that fails: a few seconds where a
# pipeline a record took half a minute on a loaded machine.
set -eu
cd "$1"
list=tests/package/figures-not-measured.txt
records="${TMPDIR:-/tmp}/figures.$$"
tests="${TMPDIR:-/tmp}/figures-tests.$$"
trap 'rm -f "$records" "$tests"' EXIT
# The names of the tests the CMake files add, found once (a search of the tree
# for each name read the build folders and node_modules as many times).
find . \( -name node_modules -o -name .git -o -path './build*' \) -prune -o -name CMakeLists.txt -print |
  xargs grep -ohE 'add_test\(NAME [A-Za-z0-9_]+' | sed 's/^add_test(NAME //' > "$tests"
bytes='[0-9][0-9,.]*[ -]?(bytes?|KB|KiB|MB|MiB|GB|GiB)\b'
times='[0-9][0-9,.]*[ -]?(ns|us|µs|ms|s|sec|seconds?|min|minutes?|h|hours?)\b|[0-9]/s\b'
ratios='[0-9][0-9,.]*(x|×)([^A-Za-z0-9_]|$)'
figure="$bytes|$times|$ratios"
fail=0
for doc in README.md docs/*.md; do
  # One record a paragraph, list item or table row, with its first line number.
  # A table row carries its table's header row and caption as a third field.
  awk -v doc="$doc" '
    function flush() {
      if (text == "") return
      if (text ~ /^ \|/) {
        if (!intable) { intable = 1; header = text; above = last }
        print doc ":" first "\t" text "\t" above " " header
      } else {
        intable = 0; last = text
        print doc ":" first "\t" text
      }
      text = ""
    }
    /^```/ { flush(); code = !code; last = ""; next }
    code { next }
    /^[ \t]*$/ { flush(); intable = 0; next }
    /^\|/ || /^[ \t]*- / || /^#/ { flush() }
    { if (text == "") first = NR; text = text " " $0 }
    END { flush() }
  ' "$doc"
done > "$records"

# Every entry of the list still names text of its file.
while IFS='	' read -r lfile ltext lwhy; do
  [ -n "$lfile" ] || continue
  if [ -z "$ltext" ] || [ -z "$lwhy" ]; then
    echo "FAIL: $list: an entry for $lfile without TEXT or WHY" >&2
    fail=1
  elif ! grep -F "$lfile:" "$records" | grep -Fq -- "$ltext"; then
    echo "FAIL: $list: \"$ltext\" is no longer in $lfile: drop or update the entry" >&2
    fail=1
  fi
done < "$list"

# The list and the tests' names, read once.
lfiles=() ltexts=()
while IFS='	' read -r lfile ltext lwhy; do
  [ -n "$lfile" ] && [ -n "$ltext" ] || continue
  lfiles+=("$lfile") ltexts+=("$ltext")
done < "$list"
declare -A known=()
while read -r t; do known[$t]=1; done < "$tests"

printed='printed by `([A-Za-z0-9_./-]*)`'
by_hand='measured by hand on +[0-9]{4}-[0-9]{2}-[0-9]{2} +with +`([^`]+)`'
set -f # a by-hand command's words are split, not globbed
while IFS='	' read -r where text table; do
  file=${where%%:*}
  [[ $text =~ $figure ]] || continue
  skip=0
  for i in "${!lfiles[@]}"; do
    [ "${lfiles[$i]}" = "$file" ] || continue
    case "$text" in *"${ltexts[$i]}"*) skip=1 ;; esac
  done
  [ $skip = 1 ] && continue
  own=$text
  text="$text $table"
  sources=""
  rest=$text
  while [[ $rest =~ $printed ]]; do
    sources="$sources ${BASH_REMATCH[1]}"
    rest=${rest#*"${BASH_REMATCH[0]}"}
  done
  case "$text" in *'`make bench`'*) sources="$sources make_bench" ;; esac
  rest=$text
  while [[ $rest =~ $by_hand ]]; do
    case "$sources" in *by_hand*) ;; *) sources="$sources by_hand" ;; esac
    for p in ${BASH_REMATCH[1]}; do
      case "$p" in
        tests/* | scripts/* | bench/* | examples/* | tools/*)
          [ -e "$p" ] || { echo "FAIL: $where: measured by hand with $p, which is not in the repository" >&2; fail=1; } ;;
      esac
    done
    rest=${rest#*"${BASH_REMATCH[0]}"}
  done
  if [ -z "$sources" ]; then
    found=$(printf '%s\n' "$own" | grep -Eo -- "$figure" | head -3 | tr '\n' ';' || true)
    echo "FAIL: $where: figures ($found) that do not say what prints them (printed by \`TEST\` or \`SCRIPT\`, \`make bench\`, or measured by hand on DATE with \`COMMAND\`):$(printf '%s' "$own" | cut -c1-140)" >&2
    fail=1
    continue
  fi
  for t in $sources; do
    case "$t" in
      make_bench|by_hand) continue ;;
      */*) [ -f "$t" ] || { echo "FAIL: $where: names $t, which is no file of the repository" >&2; fail=1; }
           continue ;;
    esac
    if [ -f "tests/unit/$t.c" ] || [ -n "${known[$t]+1}" ] ||
       { case "$t" in example_*) [ -f "examples/check/${t#example_}.mjs" ] ;; *) false ;; esac; }; then :; else
      echo "FAIL: $where: names $t, which is no test" >&2
      fail=1
    fi
  done
done < "$records"
set +f
[ $fail = 0 ] || exit 1
echo "ok: every figure of memory or time in README.md and docs/*.md names the test, script or benchmark that prints it, or when it was measured by hand"
