#!/bin/sh
# The API reference: doxygen runs on docs/Doxyfile without a warning, the
# Doxyfile's PROJECT_NUMBER is the project's version, and the comment above
# every public function (TA_API, and the static inline helpers of the headers)
# says its ownership, its errors and its three.js counterpart (@ownership,
# @errors, @threejs). (check_doc_names.sh checks the names docs/*.md use.)
#
# usage: check_docs.sh DOXYGEN SOURCE_DIR WORK_DIR VERSION
# DOXYGEN "-": the Doxyfile's number and the comments alone (no doxygen needed), so that a
# machine without doxygen still checks every public function's comment.
set -eu
doxygen=$1 src=$2 work=$3 version=$4
rm -rf "$work"
mkdir -p "$work"
cd "$src"

number=$(sed -n 's/^PROJECT_NUMBER *= *//p' docs/Doxyfile)
if [ "$number" != "$version" ]; then
  echo "FAIL: docs/Doxyfile's PROJECT_NUMBER is $number, the project's version is $version" >&2
  exit 1
fi

# Every public function's comment, from the headers themselves.
missing=$(awk '
  FNR == 1 { block = ""; inblock = 0; last = -1 }
  /^[ \t]*\/\*\*/ { inblock = 1; block = "" }
  inblock { block = block $0 "\n" }
  inblock && /\*\// { inblock = 0; last = FNR; next }
  inblock { next }
  /^[ \t]*(TA_API|static inline)[ \t]/ {
    name = $0
    sub(/\(.*/, "", name)
    n = split(name, parts, /[ \t*]+/)
    name = parts[n]
    if (last != FNR - 1) { print FILENAME ": " name ": no comment"; next }
    if (block !~ /@ownership/) print FILENAME ": " name ": no @ownership"
    if (block !~ /@errors/) print FILENAME ": " name ": no @errors"
    if (block !~ /@threejs/) print FILENAME ": " name ": no @threejs"
    checked++
  }
  END { print "checked " checked > "/dev/stderr" }
' include/threeanim/*.h 2> "$work/checked.txt")
if [ -n "$missing" ]; then
  echo "FAIL: public functions without ownership, errors or three.js counterpart:" >&2
  echo "$missing" >&2
  exit 1
fi
count=$(sed -n 's/^checked //p' "$work/checked.txt")
if [ "${count:-0}" -lt 200 ]; then
  echo "FAIL: only ${count:-0} public functions found in include/threeanim: the scan is broken" >&2
  exit 1
fi

if [ "$doxygen" = - ]; then
  echo "ok: $count public functions documented with ownership, errors and three.js (doxygen not run here)"
  exit 0
fi

# doxygen, into the work folder, with every warning in a log.
{
  cat docs/Doxyfile
  echo "OUTPUT_DIRECTORY = $work"
  echo "WARN_LOGFILE = $work/warnings.log"
  echo "WARN_AS_ERROR = NO"
} | "$doxygen" - > "$work/doxygen.out" 2>&1 || { cat "$work/doxygen.out" >&2; echo "FAIL: doxygen failed" >&2; exit 1; }
if [ -s "$work/warnings.log" ]; then
  echo "FAIL: doxygen warned:" >&2
  cat "$work/warnings.log" >&2
  exit 1
fi
[ -f "$work/html/index.html" ] || { echo "FAIL: doxygen wrote no html/index.html" >&2; exit 1; }
echo "ok: $count public functions documented with ownership, errors and three.js; doxygen $("$doxygen" --version) without a warning"
