#!/bin/sh
# Runs three.js's GLTFLoader and threeanim's loader on the same glTF files and
# compares what they made (see dump_three.mjs, gltf_dump.c, compare_dumps.mjs).
#   run.sh NODE NODE_MODULES GLTF_DUMP WORK_DIR samples SHARED_DIR
#   run.sh NODE NODE_MODULES GLTF_DUMP WORK_DIR generated SEED COUNT [SEED COUNT ...]
# Exit 77 (skipped) when Node, three or the shared samples are missing.
set -eu
node=$1 modules=$2 dump=$3 work=$4 mode=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$node" ] || ! [ -f "$modules/three/package.json" ]; then
  echo "skipped: needs node and tests/node_modules/three (run scripts/deps.sh)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
list="$work/files.txt"
: > "$list"
if [ "$mode" = samples ]; then
  shared=$1
  if ! [ -d "$shared" ]; then
    echo "skipped: the glTF samples folder $shared does not exist (set TA_SAMPLES_DIR when CMake runs)"
    exit 77
  fi
  find "$shared" \( -name '*.gltf' -o -name '*.glb' \) | LC_ALL=C sort > "$list"
else
  while [ $# -ge 2 ]; do
    "$node" "$here/gen_scenarios.mjs" "$work" "$1" "$2" >> "$list"
    shift 2
  done
fi
echo "$(wc -l < "$list") files"
# shellcheck disable=SC2046
"$node" "$here/dump_three.mjs" "$modules" $(cat "$list") > "$work/three.jsonl" 2> "$work/three.log"
# shellcheck disable=SC2046
"$dump" $(cat "$list") > "$work/threeanim.jsonl"
"$node" "$here/compare_dumps.mjs" "$work/three.jsonl" "$work/threeanim.jsonl"
