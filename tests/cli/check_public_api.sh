#!/bin/sh
# check_public_api.sh SRC: the command (tools/threeanim), the mixer
# benchmark (bench/mixer) and its ozz-animation driver (bench/ozz) are users
# of the library like any other: they include the public headers
# (<threeanim/...> or "threeanim/..."), their own folder's headers, and system
# headers, never the library's src/. The build gives them include/ alone; this
# also catches a relative path into src/. bench/ozz also includes
# bench/mixer's workload.h and bench/ik_rig.h (by their names: the build adds
# those folders; ik_rig.h, the IK benchmarks' rig, is checked here too) and
# ozz-animation's own public headers ("ozz/...").
src=${1:?usage: check_public_api.sh SRC}
status=0
for dir in tools/threeanim bench/mixer bench/ozz bench; do
  files="$src/$dir/*.c $src/$dir/*.h $src/$dir/*.cc"
  [ "$dir" = bench ] && files="$src/bench/ik_rig.h"
  for f in $files; do
    [ -e "$f" ] || continue
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r line; do
      header=$(printf '%s\n' "$line" | sed 's/.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/')
      case "$header" in
        threeanim/*.h) ;;
        ozz/*) [ "$dir" = bench/ozz ] || echo "FAIL: $dir/${f##*/}: includes \"$header\", which is not a public header" ;;
        workload.h) [ "$dir" = bench/ozz ] || [ -e "$src/$dir/$header" ] || echo "FAIL: $dir/${f##*/}: includes \"$header\", not in $dir" ;;
        ik_rig.h) [ "$dir" = bench/ozz ] || [ -e "$src/$dir/$header" ] || echo "FAIL: $dir/${f##*/}: includes \"$header\", not in $dir" ;;
        */*) echo "FAIL: $dir/${f##*/}: includes \"$header\", which is not a public header" ;;
        *) [ -e "$src/$dir/$header" ] || { echo "FAIL: $dir/${f##*/}: includes \"$header\", not in $dir"; } ;;
      esac
    done
  done
done > "${TMPDIR:-/tmp}/check_public_api.$$"
if grep -q '^FAIL' "${TMPDIR:-/tmp}/check_public_api.$$"; then
  grep '^FAIL' "${TMPDIR:-/tmp}/check_public_api.$$"
  status=1
else
  echo "ok: tools/threeanim, bench/mixer and bench/ozz include public headers only"
fi
rm -f "${TMPDIR:-/tmp}/check_public_api.$$"
exit $status
