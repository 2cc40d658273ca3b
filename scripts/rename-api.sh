#!/bin/sh
# Applies the naming style of docs/CONTRIBUTING.md: renames every public name listed in
# scripts/rename-api.map (old new, one a line) in every tracked text file of the repository.
#
#   scripts/rename-api.sh            rename, and say how many names in how many files
#   scripts/rename-api.sh --check    rename nothing; exit 1 if an old name is still used
#
# Only whole identifiers are replaced (perl \b on both sides), so a name inside a longer one
# (test_ta_subclip_keeps, TA_TRACK_KIND_POSITION) is left alone, and only names starting with
# ta_ or TA_ are in the map, so no three.js text, JSON key or command word can change. The map
# is checked first: no name twice, and no new name that is also an old one. A new name never
# holds an old one as a whole word, so running the script twice changes nothing the second time.
#
# A C preprocessor paste (TA_ ## name) makes names that no whole-word rule can see. One such
# list is foreseen, the track kinds' X-macro table (TA_TRACK_KIND_LIST): in a file that names it
# and pastes a bare TA_ onto the kind, the paste becomes TA_TRACK_KIND_ ## kind. (A table that
# spells each value in full, X(TA_MATERIAL_IOR, ...), needs no such rule.)
#
# Left out: the map and this script, tests/node_modules, and the fuzz corpora (inputs, named by
# the hash of their bytes).
set -eu
cd "$(dirname "$0")/.."
map=scripts/rename-api.map
mode=${1:-apply}
case $mode in
  apply | --check) ;;
  *) echo "usage: scripts/rename-api.sh [--check]" >&2; exit 2 ;;
esac
[ -f "$map" ] || { echo "rename-api: $map not found" >&2; exit 2; }

pairs=$(mktemp)
files=$(mktemp)
trap 'rm -f "$pairs" "$files"' EXIT

# The map, checked: two public identifiers a line, no old name twice, no new name twice, and no
# new name that is an old name (which would make a second run rename again).
awk -v map="$map" '
  /^[ \t]*(#|$)/ { next }
  {
    if (NF != 2) { printf "%s:%d: want two names, got %d fields\n", map, FNR, NF > "/dev/stderr"; bad = 1; next }
    for (i = 1; i <= 2; i++)
      if ($i !~ /^(ta|TA)_[A-Za-z0-9][A-Za-z0-9_]*$/ || $i ~ /^(ta__|TA__)/) {
        printf "%s:%d: %s is not a public ta_/TA_ identifier\n", map, FNR, $i > "/dev/stderr"; bad = 1
      }
    if ($1 in old) { printf "%s:%d: %s is renamed twice\n", map, FNR, $1 > "/dev/stderr"; bad = 1 }
    if ($2 in new) { printf "%s:%d: %s is the new name of two names\n", map, FNR, $2 > "/dev/stderr"; bad = 1 }
    old[$1] = FNR; new[$2] = FNR
    print $1, $2
  }
  END {
    for (n in new) if (n in old) {
      printf "%s: %s is a new name (line %d) and an old one (line %d)\n", map, n, new[n], old[n] > "/dev/stderr"; bad = 1
    }
    exit bad
  }' "$map" > "$pairs" || exit 2

# The tracked text files (-I: not binary) that may hold an old name or a TA_ paste; perl below
# decides, whole words only.
pattern=$(awk '{ print $1 }' "$pairs" | paste -sd '|' -)
git grep -lIzE -e "$pattern" -e 'TA_[[:space:]]*##' -- . \
    ':(exclude)scripts/rename-api.map' ':(exclude)scripts/rename-api.sh' \
    ':(exclude)tests/node_modules' ':(exclude)tests/fuzz/corpus' ':(exclude)build*' > "$files" || true

if [ "$mode" = --check ]; then
  left=$(xargs -0 -r git grep -cwE -e "$pattern" -- < "$files" || true)
  pasted=$(xargs -0 -r perl -0777 -ne 'print "$ARGV: TA_ ## pasted beside TA_TRACK_KIND_LIST\n"
      if /\bTA_TRACK_KIND_LIST\b/ && /\bTA_\s*##/' < "$files")
  left=$(printf '%s\n%s' "$left" "$pasted" | sed '/^$/d')
  if [ -n "$left" ]; then
    echo "rename-api: old names still used (file:lines; git grep -nw NAME to see them):" >&2
    echo "$left" >&2
    exit 1
  fi
  echo "rename-api: no old name is used"
  exit 0
fi

# A new name already in use in the C sources beside its old one is either code written ahead in
# the new style or another thing of that name, which the rename would merge with the renamed one:
# say which, so that a build error after the rename is easy to place.
both=$(awk '{ print $2 }' "$pairs" | paste -sd '|' -)
git grep -hIowE -e "$pattern" -e "$both" -- '*.c' '*.h' ':(exclude)tests/node_modules' \
    ':(exclude)build*' 2>/dev/null | sort -u |
  awk 'NR == FNR { used[$1] = 1; next }
       ($1 in used) && ($2 in used) { print "rename-api: warning: " $2 " is used already, beside " $1 }' - "$pairs" >&2

# One pass per file: each whole-word old name, longest first, replaced by its new name; a
# replaced name is not looked at again, so no rename applies on top of another.
RENAME_PAIRS=$pairs xargs -0 -r perl -0777 -pi -e '
  BEGIN {
    open(my $fh, "<", $ENV{RENAME_PAIRS}) or die "rename-api: $ENV{RENAME_PAIRS}: $!";
    local $/ = "\n";  # -0777 reads whole files; the pairs are read a line at a time
    while (<$fh>) { my ($o, $n) = split; $to{$o} = $n if defined $n; }
    die "rename-api: no pairs read" unless %to;
    my $alt = join "|", map { quotemeta } sort { length($b) <=> length($a) || $a cmp $b } keys %to;
    $re = qr/\b($alt)\b/;
  }
  # -0777: $_ is a whole file, so that the paste rule can ask what the file defines.
  my $n = s/$re/$to{$1}/g || 0;
  # The track kinds made by an X-macro table: a bare TA_ pasted onto the kind names the old
  # enumerator (TA_ ## MATERIAL_IOR); the new one is TA_TRACK_KIND_ ## MATERIAL_IOR.
  $n += s/\bTA_(\s*##)/TA_TRACK_KIND_$1/g || 0 if /\bTA_TRACK_KIND_LIST\b/;
  if ($n) { $total += $n; $changed++; }
  END { printf STDERR "rename-api: %d names replaced in %d files\n", $total || 0, $changed || 0; }
' < "$files"
