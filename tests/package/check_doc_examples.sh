#!/bin/sh
# The C blocks of the two guides in docs/ build and do what they say:
#   - for-threejs-users.md: the C block, made a program, runs on the bundled
#     model and prints the hips' height after one frame of a walk cross-faded
#     into a run; the three.js block beside it, run by three.js 0.186.0 in Node
#     (its GLTFLoader given the file through tests/cli/gltf_node.mjs), must
#     print the same height (skipped, exit 77, without node and three.js);
#   - for-engine-authors.md: the program builds without a warning and runs on
#     the bundled model; every world, bone and bind matrix inverse it prints
#     is three.js's (check_engine_doc.mjs; skipped, exit 77, without node).
#
# usage: check_doc_examples.sh SOURCE_DIR WORK_DIR CC LIBRARIES NODE [EXTRA_FLAGS]
# (LIBRARIES: the static archives, space-separated, the loaders' first)
set -eu
src=$1 work=$2 cc=$3 lib=$4 node=$5 extra=${6:-}
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# block FILE N: the Nth ```c block of FILE
block() { awk -v lang="${3:-c}" -v want="$2" '$0 == "```" lang { n++; inside = n == want; next } /^```/ { inside = 0 } inside' "$1"; }

flags="-std=c11 -Wall -Wextra -Werror -I$src/include $extra"

# ---- for engine authors ------------------------------------------------------------------
block "$src/docs/for-engine-authors.md" 1 > "$work/engine.c"
[ "$(wc -l < "$work/engine.c")" -gt 40 ] || fail "for-engine-authors.md has no C program"
# shellcheck disable=SC2086
"$cc" $flags -o "$work/engine" "$work/engine.c" $lib -ljansson -lmeshoptimizer -lm -lpthread ||
  fail "the C program of for-engine-authors.md does not build"
"$work/engine" "$src/examples/default.glb" > "$work/engine.txt" || fail "the C program of for-engine-authors.md failed"
echo "ok   for-engine-authors.md: the program builds and runs"

# ---- for three.js users ----------------------------------------------------------------
{
  echo '#include <stdio.h>'
  echo '#include "threeanim/threeanim.h"'
  echo 'int main(void)'
  echo '{'
  block "$src/docs/for-threejs-users.md" 1
  echo '    return ok ? 0 : 1;'
  echo '}'
} > "$work/threejs_users.c"
[ "$(wc -l < "$work/threejs_users.c")" -gt 20 ] || fail "for-threejs-users.md has no C block"
# shellcheck disable=SC2086
"$cc" $flags -o "$work/threejs_users" "$work/threejs_users.c" $lib -ljansson -lmeshoptimizer -lm -lpthread ||
  fail "the C block of for-threejs-users.md does not build"
cp "$src/examples/default.glb" "$work/default.glb"
got=$(cd "$work" && ./threejs_users) || fail "the C block of for-threejs-users.md failed: $got"
if [ -z "$node" ] || ! [ -f "$src/tests/node_modules/three/package.json" ]; then
  echo "skipped: the three.js block needs node and tests/node_modules/three (scripts/deps.sh)"
  exit 77
fi
{
  echo "import { loadThree, loadGltf } from '$src/tests/cli/gltf_node.mjs';"
  echo "const three = await loadThree('$src/tests/node_modules');"
  echo "const { THREE } = three;"
  block "$src/docs/for-threejs-users.md" 1 js | sed "s|await new GLTFLoader().loadAsync('default.glb')|await loadGltf(three, '$work/default.glb')|"
} > "$work/threejs_users.mjs"
grep -q "loadGltf(three" "$work/threejs_users.mjs" || fail "the three.js block of for-threejs-users.md does not load default.glb as expected"
want=$("$node" "$work/threejs_users.mjs") || fail "the three.js block of for-threejs-users.md failed"
awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(b != "" && d * d < 1e-12) }' ||
  fail "for-threejs-users.md's C block prints $got, its three.js block $want"
echo "ok   for-threejs-users.md: hips at $got after a frame of walk into run, in C and in three.js ($want)"
"$node" "$src/tests/package/check_engine_doc.mjs" "$src/tests/node_modules" "$src/examples/default.glb" "$work/engine.txt" ||
  fail "the numbers of for-engine-authors.md's program are not three.js's"

