#!/bin/sh
# Every ta_ and TA_ name the Markdown docs of the API (docs/*.md) mention is
# declared in a public header, so that a guide cannot send its reader to a
# function that does not exist. Needs nothing but a shell: it runs in every
# build, with or without doxygen.
#
# usage: check_doc_names.sh SOURCE_DIR
set -eu
cd "$1"
# Every ta_ and TA_ name the Markdown docs of the API mention is in a public
# header (a name that ends in '_' is a prefix, as in "the TA_MATERIAL_ kinds").
# RELIABILITY.md is about the tests: it names their files and variables.
stale=""
api_docs=$(ls docs/*.md | grep -v '/RELIABILITY\.md$')
# An internal name (ta__, TA__: performance.md uses them to say how the mixer
# works, CONTRIBUTING.md as examples of the house style) is looked for in src/,
# where it lives.
for id in $(grep -oh '\bta_[a-z0-9_]*[a-z0-9]\b\|\bTA_[A-Z0-9_]*[A-Z0-9]\b' $api_docs | sort -u); do
  case "$id" in
    ta__* | TA__*) grep -rqw "$id" src --include=*.h --include=*.c || stale="$stale $id" ;;
    *) grep -q "\b$id\b" include/threeanim/*.h || stale="$stale $id" ;;
  esac
done
if [ -n "$stale" ]; then
  echo "FAIL: the API docs (docs/*.md) name what no public header declares (nor src/, for a ta__ name):$stale" >&2
  exit 1
fi
echo "ok: every ta_ and TA_ name of $(echo $api_docs | wc -w) docs is declared in include/threeanim"
