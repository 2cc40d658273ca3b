# `threeanim example` writes the bundled default model, the same bytes on
# every run, and examples/default.glb is that output; the loader reads it as
# the rig it is meant to be.
. "$(dirname "$0")/lib.sh"

run 0 example "$WORK/a.glb" && empty "$WORK/out" && empty "$WORK/err"
run 0 example "$WORK/b.glb"
same "$WORK/a.glb" "$WORK/b.glb"
same "$WORK/a.glb" "$MODEL"
checks=$((checks + 1))
[ "$(head -c 4 "$WORK/a.glb")" = "glTF" ] || fail "a.glb does not start with the glTF magic"

# --path from the build tree names the source tree's copy (installed: PREFIX/share,
# which tests/package/check_install.sh checks).
run 0 example --path && has "$WORK/out" "examples/default.glb" && empty "$WORK/err"
same "$(cat "$WORK/out")" "$MODEL"
run 2 example --path extra && has "$WORK/err" "takes one file, OUT.glb"

run 0 info "$WORK/a.glb"
has "$WORK/out" "19 nodes (15 bones), 2 meshes, 1 skinned mesh, 3 materials, 0 lights, 0 cameras, 3 clips"
has "$WORK/out" "SkinnedMesh  [skinned mesh, material Skin (MeshStandardMaterial), 15 bones]"
has "$WORK/out" "morph targets smile"
has "$WORK/out" "  walk  1.000 s, normal, 14 tracks"
has "$WORK/out" "  run  0.600 s, normal, 14 tracks"
has "$WORK/out" "  wave  2.000 s, normal, 9 tracks"
has "$WORK/out" "lower_arm_R.quaternion             QUATERNION        CUBIC_SPLINE     21"
has "$WORK/out" "Bubble.scale                       SCALE             STEP              3"
has "$WORK/out" "Bubble.material.opacity            MATERIAL_OPACITY  LINEAR            4"
has "$WORK/out" "0 things flagged"

# Bones at their rest places (from the numbers in default_model.c): hips at
# 0.95, the left hand at (0.19, 1.45 - 0.28 - 0.25) = (0.19, 0.92).
run 0 bake "$WORK/a.glb" --clip wave --fps 1 --seconds 0.5 --format jsonl
has "$WORK/out" '"Bubble.scale": [0.5, 0.5, 0.5]'
has "$WORK/out" '"Bubble.material.opacity": 0}'
finish
