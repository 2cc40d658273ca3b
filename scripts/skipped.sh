#!/bin/sh
# Says which tests did not run, and why, at the end of `make test`. ctest counts
# a skipped test (exit 77) among the passed ones in its "100% tests passed";
# this reads the JUnit report ctest wrote (--output-junit) and lists them with
# the first line each printed, then the tests that ran but skipped some of
# their checks (a line "note: ... skipped").
#   scripts/skipped.sh REPORT.xml [LABEL]
set -eu
report=$1
label=${2:-}
[ -f "$report" ] || { echo "skipped.sh: no report $report (ctest --output-junit writes it)" >&2; exit 2; }
awk -v label="$label" '
function unxml(s) {
  gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s); gsub(/&amp;/, "\\&", s)
  return s
}
/<testcase / {
  name = $0; sub(/.*<testcase name="/, "", name); sub(/".*/, "", name)
  notrun = ($0 ~ /status="(notrun|disabled)"/); inside = 0; why = ""; notes = 0; first_note = ""
}
/<system-out>/ { inside = 1; sub(/.*<system-out>/, "") }
inside {
  line = $0; done = sub(/<\/system-out>.*/, "", line)
  if (notrun && why == "" && line != "") why = line
  if (!notrun && tolower(line) ~ /^note: .*skipped/) { notes++; if (first_note == "") first_note = line }
  if (done) inside = 0
}
/<\/testcase>/ {
  if (notrun) skipped[++ns] = sprintf("  %-34s %s", name, unxml(why == "" ? "(it printed no reason)" : why))
  else if (notes) partly[++np] = sprintf("  %-34s %s%s", name, unxml(first_note), notes > 1 ? sprintf(" (and %d more)", notes - 1) : "")
}
END {
  where = label == "" ? "" : " (" label ")"
  if (ns == 0 && np == 0) { printf "Every test ran in full%s.\n", where; exit 0 }
  if (ns) { printf "%d test(s) skipped%s, counted as passed above:\n", ns, where; for (i = 1; i <= ns; i++) print skipped[i] }
  if (np) { printf "%d test(s) ran but skipped some checks%s:\n", np, where; for (i = 1; i <= np; i++) print partly[i] }
}' "$report"
