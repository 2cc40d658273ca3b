#!/bin/sh
# The repository stands alone: no file of it names where things lay on one
# machine (an absolute path under /work, /home or /root) or a document outside
# the repository (the folder beside the clone, ../shared and its spec, replay,
# workload and samples files, or a numbered issue of the project's tracker); a
# file says what it means in its own words ("the Khronos glTF samples folder,
# TA_SAMPLES_DIR"). The few lines of code that default to the folder beside the
# clone are listed, with why, in standalone-allowed.txt, one
# "FILE<TAB>TEXT<TAB>WHY" a line: a line of FILE holding TEXT is not checked.
#
# usage: check_standalone.sh SOURCE_DIR
set -eu
cd "$1"
list=tests/package/standalone-allowed.txt
me=tests/package/check_standalone.sh
# An absolute machine path starts a word: /work/... but not build/work/...
pattern='(^|[^A-Za-z0-9_.}>)/-])/(work|home|root)/|\.\./shared\b|\bshared/(spec|conformance|bench|gltf-samples)\b|\b(REPLAY|WORKLOAD|ANIMATION|ARCHITECTURE)\.md\b|\b[Ii]ssues? [0-9]+\b|\b[Tt]he spec\b'
files=$(find README.md CMakeLists.txt Makefile cmake src include tools tests bench docs scripts examples \
  \( -name node_modules -o -path tests/fuzz/corpus \) -prune -o -type f -print 2>/dev/null | sort)
fail=0
found=0
for f in $files; do
  [ "$f" = "$me" ] && continue
  [ "$f" = "$list" ] && continue
  found=$((found + 1))
  grep -InE "$pattern" "$f" 2>/dev/null | while IFS= read -r hit; do
    text=${hit#*:}
    allowed=0
    while IFS='	' read -r lfile ltext lwhy; do
      [ "$lfile" = "$f" ] || continue
      case "$text" in *"$ltext"*) allowed=1 ;; esac
    done < "$list"
    [ $allowed = 1 ] || echo "$f:$hit"
  done
done > "${TMPDIR:-/tmp}/standalone.$$"
if [ -s "${TMPDIR:-/tmp}/standalone.$$" ]; then
  echo "FAIL: these lines name a path of one machine or a document outside the repository; say what is meant in the repository's own words (or list a code default in $list, with why):" >&2
  cat "${TMPDIR:-/tmp}/standalone.$$" >&2
  fail=1
fi
rm -f "${TMPDIR:-/tmp}/standalone.$$"
if [ "$found" -lt 200 ]; then
  echo "FAIL: only $found files scanned: the scan is broken" >&2
  fail=1
fi
# Every allowed line is still there, so that the list does not outlive its lines.
while IFS='	' read -r lfile ltext lwhy; do
  [ -n "$lfile" ] || continue
  if ! grep -qF "$ltext" "$lfile" 2>/dev/null; then
    echo "FAIL: $list allows \"$ltext\" in $lfile, which no longer holds it: drop the line" >&2
    fail=1
  fi
done < "$list"
[ $fail = 0 ] || exit 1
echo "ok: $found files name no path of one machine and no document outside the repository ($(grep -c . "$list") code defaults allowed)"
