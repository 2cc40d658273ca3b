#!/bin/sh
# Runs a conformance command only when what it compares against is there:
#   sh need.sh NAME NODE MODULES three|node -- COMMAND [ARG...]
# "three" needs Node and MODULES/three (three.js 0.186.0, which scripts/deps.sh
# installs); "node" needs Node alone. When one is missing it prints which and
# exits 77, ctest's skip, so a test never fails for want of a tool nor passes
# without having run.
name=$1
node=$2
modules=$3
needs=$4
shift 4
[ "$1" = "--" ] && shift
if [ -z "$node" ] || ! command -v "$node" >/dev/null 2>&1; then
    echo "$name skipped: Node.js is not installed (node was not found when CMake ran, or is gone); install it and run scripts/deps.sh"
    exit 77
fi
if [ "$needs" = three ] && [ ! -f "$modules/three/package.json" ]; then
    echo "$name skipped: three.js is not installed ($modules/three/package.json is missing); run scripts/deps.sh"
    exit 77
fi
exec "$@"
