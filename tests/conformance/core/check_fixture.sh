#!/bin/sh
# Regenerates the core fixture with three.js and checks that it is the one
# committed in tests/unit/fixtures, so that the unit tests' expected values
# cannot drift from three.js 0.186.0.
#   sh check_fixture.sh NODE SCRIPT COMMITTED OUT
# Exit 77 (skipped) when Node or tests/node_modules/three is missing.
node=$1
script=$2
committed=$3
out=$4
if [ -z "$node" ] || ! command -v "$node" >/dev/null 2>&1; then
    echo "skipped: no node (run scripts/deps.sh)"
    exit 77
fi
three=$(dirname "$script")/../../node_modules/three/package.json
if [ ! -f "$three" ]; then
    echo "skipped: $three is missing (run scripts/deps.sh)"
    exit 77
fi
"$node" "$script" "$out" || exit 1
if ! cmp -s "$out" "$committed"; then
    echo "the fixture made from three.js differs from $committed:"
    diff -u "$committed" "$out" | head -40
    echo "if three.js or the generator changed on purpose: node $script"
    exit 1
fi
echo "$committed matches three.js $(sed -n 's/^"three_revision": "\(.*\)",$/r\1/p' "$out")"
