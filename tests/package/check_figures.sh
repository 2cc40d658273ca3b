#!/bin/sh
# Every figure of bytes in README.md and docs/*.md (but RELIABILITY.md, whose
# figures are the tests' own, each said where it is measured) says what
# prints it: the paragraph, list item or table row that holds it names a
# test, "printed by `TEST`" (a ctest name), or the benchmark, `make bench`.
# Figures that are not measurements (limits, sizes of types, the sizes of
# test files) are listed, with why, in figures-not-measured.txt, one
# "FILE<TAB>TEXT<TAB>WHY" a line: a paragraph holding TEXT is not checked.
# A named test must exist: a tests/unit/TEST.c, or an add_test(NAME TEST ...),
# or examples/check/NAME.mjs for example_NAME.
#
# usage: check_figures.sh SOURCE_DIR
set -eu
cd "$1"
list=tests/package/figures-not-measured.txt
fail=0
for doc in README.md $(ls docs/*.md | grep -v '/RELIABILITY\.md$'); do
  # One record a paragraph, list item or table row, with its first line number.
  awk -v doc="$doc" '
    function flush() { if (text != "") print doc ":" first "\t" text; text = "" }
    /^```/ { flush(); code = !code; next }
    code { next }
    /^[ \t]*$/ { flush(); next }
    /^\|/ || /^[ \t]*- / || /^#/ { flush() }
    { if (text == "") first = NR; text = text " " $0 }
    END { flush() }
  ' "$doc"
done > "${TMPDIR:-/tmp}/figures.$$"
while IFS='	' read -r where text; do
  printf '%s\n' "$text" | grep -Eq '[0-9][0-9,.]*[ -]?(bytes?|KB|KiB|MB|MiB|GB|GiB)\b' || continue
  file=${where%%:*}
  skip=0
  while IFS='	' read -r lfile ltext lwhy; do
    [ "$lfile" = "$file" ] || continue
    case "$text" in *"$ltext"*) skip=1 ;; esac
  done < "$list"
  [ $skip = 1 ] && continue
  sources=$(printf '%s\n' "$text" | grep -o 'printed by `[A-Za-z0-9_]*`' | sed 's/.*`\(.*\)`/\1/' || true)
  case "$text" in *'`make bench`'*) sources="$sources make_bench" ;; esac
  if [ -z "$sources" ]; then
    echo "FAIL: $where: a figure of bytes that does not say what prints it (printed by \`TEST\`, or \`make bench\`):$(printf '%s' "$text" | cut -c1-160)" >&2
    fail=1
    continue
  fi
  for t in $sources; do
    [ "$t" = make_bench ] && continue
    if [ -f "tests/unit/$t.c" ] || grep -rqs "add_test(NAME $t\b" --include=CMakeLists.txt . ||
       { case "$t" in example_*) [ -f "examples/check/${t#example_}.mjs" ] ;; *) false ;; esac; }; then :; else
      echo "FAIL: $where: names $t, which is no test" >&2
      fail=1
    fi
  done
done < "${TMPDIR:-/tmp}/figures.$$"
rm -f "${TMPDIR:-/tmp}/figures.$$"
[ $fail = 0 ] || exit 1
echo "ok: every figure of bytes in README.md and docs/*.md names the test or benchmark that prints it"
