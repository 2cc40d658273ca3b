#!/bin/sh
# Remakes the exporter corpus in ../corpus (run from anywhere):
#   1. Blender's bundled glTF exporter, headless (Debian: apt-get install blender python3-numpy)
#   2. three.js 0.186.0's GLTFExporter under Node (the three.js of tests/package.json: run
#      `npm ci` in tests/ first)
#   3. gltfpack (pinned in this folder's package.json: `npm ci` here), which quantizes
#      the rotations (12 bits) and other outputs and resamples at 30 Hz, on some of the
#      files above
# The tests use the files only; none of these tools is needed to run them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
corpus=${1:-$here/../corpus}
rm -f "$corpus"/*.glb "$corpus"/*.gltf
mkdir -p "$corpus"
blender -b --factory-startup --python "$here/blender_corpus.py" -- "$corpus"
node "$here/three_corpus.mjs" "$corpus"
pack() { node "$here/node_modules/.bin/gltfpack" -i "$corpus/$1" -o "$corpus/$2" $3; }
pack blender_rig_sampled.glb gltfpack_rig_quantized.glb "-kn"
pack blender_rig_unsampled.glb gltfpack_rig_not_resampled.glb "-kn -af 0 -ar 16"
pack blender_keys_before_start_sampled.glb gltfpack_keys_before_start.glb "-kn"
pack blender_shape_keys_52.glb gltfpack_shape_keys_52.glb "-kn"
pack three_rig.glb gltfpack_three_rig.glb "-kn -at 12 -as 8"
ls -l "$corpus"
