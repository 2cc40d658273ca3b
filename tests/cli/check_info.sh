# `threeanim info`: the whole report on the default model and on a hand-made
# file, compared with golden files that were read through by eye once; and the
# flags (keys optimize would drop, a track past its clip's end, rotations the
# loader normalized).
. "$(dirname "$0")/lib.sh"

cd "$SRC" || exit 1
run 0 info examples/default.glb && same "$WORK/out" "$GOLDEN/info_default.txt" && empty "$WORK/err"
run 0 info tests/cli/data/curves.json && same "$WORK/out" "$GOLDEN/info_curves.txt"
has "$WORK/out" "! mover.position: optimize would drop 1 of its 5 keys"
has "$WORK/out" "! mover.position: its last key (2.000 s) is past the clip's end (1.500 s)"
has "$WORK/out" "2 things flagged"
run 0 info tests/cli/data/nonunit.gltf && same "$WORK/out" "$GOLDEN/info_nonunit.txt"
has "$WORK/out" "rotation keys were not of unit length and were normalized"
# What the loader left out or changed is said on stderr, with its code, by every command.
has "$WORK/err" "threeanim: tests/cli/data/nonunit.gltf: warning ROTATION_NORMALIZED: animations[0].channels[0]: "
run 0 info tests/conformance/exporters/corpus/blender_two_scenes.gltf
has "$WORK/err" "warning NOT_IN_SCENE: animations[1].channels[0].target.node: node 1 is not in the loaded scene; left out"
has "$WORK/out" "Hip:Joint TwoAction"

if have_samples; then
  cd "$SAMPLES" || exit 1
  run 0 info InterpolationTest/glTF-Binary/InterpolationTest.glb && same "$WORK/out" "$GOLDEN/info_interpolation.txt"
  run 0 info Fox/glTF-Binary/Fox.glb && has "$WORK/out" "  Survey  3.417 s, normal, 21 tracks" &&
    has "$WORK/out" "b_Hip_01.position"
  # gltfpack -c puts every buffer view, the animations' too, under
  # EXT_meshopt_compression, its own buffer a fallback with no uri: decoded.
  # gltfpack resamples at 30 Hz, so Survey's 3.417 s becomes 103 steps.
  gltfpack="$SRC/tests/node_modules/gltfpack/cli.js"
  if command -v node >/dev/null 2>&1 && [ -f "$gltfpack" ]; then
    for level in c cc; do
      if node "$gltfpack" -i Fox/glTF-Binary/Fox.glb -o "$WORK/fox_$level.glb" "-$level" >/dev/null 2>&1; then
        run 0 info "$WORK/fox_$level.glb" && has "$WORK/out" "  Survey  3.433 s, normal, 21 tracks" &&
          has "$WORK/out" "b_Hip_01.position              POSITION    LINEAR          104  0.000 - 3.433" &&
          has "$WORK/out" "1 skinned mesh, 1 material, 0 lights, 0 cameras, 3 clips"
      else
        fail "gltfpack -$level on Fox.glb failed"
      fi
    done
  else
    echo "the gltfpack -c Fox: skipped (needs node and tests/node_modules/gltfpack)"
  fi
fi
finish
