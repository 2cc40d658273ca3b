#!/bin/sh
# simd_path.sh PATH CLI COMMAND...: runs COMMAND with TA_SIMD=PATH, the
# mixer's instruction set forced. Exits 77 (ctest's skip) when this CPU or
# build does not run PATH (the library refuses to make a mixer on it, which
# a replay of an empty scene with no steps is enough to show), and when PATH
# is the best fused path of this CPU: the unforced suites take that path on
# every one of their seeds, this run's seeds among them, so running it again
# would test nothing new.
path=$1
cli=$2
shift 2
probe=$(mktemp -d) || exit 1
printf '{"format": "threeanim-replay/1", "model": {"object_json": {"metadata": {"version": 4.7, "type": "Object"}, "object": {"uuid": "probe", "type": "Scene"}}}, "steps": []}' \
  > "$probe/probe.json"
runs() { TA_SIMD=$1 "$cli" replay "$probe/probe.json" >/dev/null 2>&1; }
if ! runs "$path"; then
  rm -rf "$probe"
  echo "TA_SIMD=$path: not run here, SKIPPED"
  exit 77
fi
# The best path is the widest set that runs (the library's own choice when
# TA_SIMD is unset: animation_mixer.h).
best=""
for p in avx512 avx2 sse2 scalar; do
  if runs "$p"; then best=$p; break; fi
done
rm -rf "$probe"
if [ "$path" = "$best" ]; then
  echo "TA_SIMD=$path: SKIPPED, covered: it is the path the unforced suites take on this CPU"
  exit 77
fi
TA_SIMD=$path exec "$@"
