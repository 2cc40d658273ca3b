#!/bin/sh
# The README stays a guide: at most 250 lines (what threeanim is, the two
# set-up commands, the "Twenty lines" example, its features and the links to
# docs/; the speed notes and the benchmark tables live in docs/performance.md).
# And every relative link of README.md and docs/*.md leads somewhere: to a
# file or folder of the repository, and, with a #anchor, to a heading of that
# file (GitHub's anchors: lower case, punctuation dropped, spaces as '-').
#
# usage: check_readme.sh SOURCE_DIR
set -eu
cd "$1"
fail=0
max=250
lines=$(wc -l < README.md)
if [ "$lines" -gt "$max" ]; then
  echo "FAIL: README.md has $lines lines, more than $max: move details to docs/ and link to them" >&2
  fail=1
fi

anchors() { # the GitHub anchors of FILE's headings, one a line
  awk '/^```/ { code = !code; next } !code && /^#+ / { sub(/^#+ +/, ""); print }' "$1" |
    tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}
for doc in README.md docs/*.md; do
  dir=$(dirname "$doc")
  # Markdown links outside code blocks: ](target), target without a scheme.
  for link in $(awk '/^```/ { code = !code; next } !code' "$doc" | grep -o '](\([^)]*\))' | sed 's/^](\(.*\))$/\1/'); do
    case "$link" in http://*|https://*|mailto:*) continue ;; esac
    file=${link%%#*}
    anchor=
    case "$link" in *'#'*) anchor=${link#*#} ;; esac
    if [ -z "$file" ]; then target=$doc; else target=$dir/$file; fi
    if [ ! -e "$target" ]; then
      echo "FAIL: $doc links to $link: $target does not exist" >&2
      fail=1
      continue
    fi
    if [ -n "$anchor" ] && ! anchors "$target" | grep -qx "$anchor"; then
      echo "FAIL: $doc links to $link: $target has no heading with that anchor" >&2
      fail=1
    fi
  done
done
[ $fail = 0 ] || exit 1
echo "ok: README.md has $lines lines (at most $max); every relative link of README.md and docs/*.md leads to a file and heading"
