#!/bin/sh
# scripts/skipped.sh, the list at the end of make test, on a JUnit report
# written the way ctest writes it: a skipped test with its reason, a passed one
# that skipped some checks, an escaped character, a passed one left out.
#   check_skipped.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
mkdir -p "$work"
cat > "$work/report.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="(empty)" tests="3" failures="0" disabled="0" skipped="1">
	<testcase name="test_gltf_samples" classname="test_gltf_samples" time="0.01" status="notrun">
		<skipped message="SKIP_RETURN_CODE=77"/>
		<system-out>skipped: the glTF samples are not in /x &amp; /y (set TA_SAMPLES_DIR when CMake runs)
second line
</system-out>
	</testcase>
	<testcase name="cli_info" classname="cli_info" time="0.1" status="run">
		<system-out>note: /x is not there; the glTF sample checks were skipped
11 checks, 0 failed
</system-out>
	</testcase>
	<testcase name="test_math" classname="test_math" time="0.1" status="run">
		<system-out>[ PASSED ] 12 test(s).
</system-out>
	</testcase>
</testsuite>
XML
cat > "$work/expected.txt" <<'TXT'
1 test(s) skipped (build), counted as passed above:
  test_gltf_samples                  skipped: the glTF samples are not in /x & /y (set TA_SAMPLES_DIR when CMake runs)
1 test(s) ran but skipped some checks (build):
  cli_info                           note: /x is not there; the glTF sample checks were skipped
TXT
sh "$src/scripts/skipped.sh" "$work/report.xml" build > "$work/got.txt" || { echo "skipped.sh failed"; exit 1; }
if ! cmp -s "$work/expected.txt" "$work/got.txt"; then
  echo "skipped.sh printed:"; cat "$work/got.txt"; echo "expected:"; cat "$work/expected.txt"; exit 1
fi
# A report where everything ran says so in one line.
sed -e 's/status="notrun"/status="run"/' -e 's/note: /said: /' "$work/report.xml" > "$work/all.xml"
got=$(sh "$src/scripts/skipped.sh" "$work/all.xml")
[ "$got" = "Every test ran in full." ] || { echo "on a full run: $got"; exit 1; }
echo "3 checks, 0 failed"
