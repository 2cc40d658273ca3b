#!/bin/sh
# simd_path.sh PATH CLI COMMAND...: runs COMMAND with TA_SIMD=PATH, the
# mixer's instruction set forced; exits 77 (ctest's skip) when this CPU or
# build does not run PATH (the library refuses to make a mixer on it, which
# a replay of an empty scene with no steps is enough to show).
path=$1
cli=$2
shift 2
probe=$(mktemp -d) || exit 1
printf '{"format": "threeanim-replay/1", "model": {"object_json": {"metadata": {"version": 4.7, "type": "Object"}, "object": {"uuid": "probe", "type": "Scene"}}}, "steps": []}' \
  > "$probe/probe.json"
if ! TA_SIMD=$path "$cli" replay "$probe/probe.json" >/dev/null 2>&1; then
  rm -rf "$probe"
  echo "TA_SIMD=$path: not run here, SKIPPED"
  exit 77
fi
rm -rf "$probe"
TA_SIMD=$path exec "$@"
