// Writes the three.js part of the exporter corpus with three.js 0.186.0's
// GLTFExporter (the three.js pinned in tests/package.json), run under Node:
//
//     node gen/three_corpus.mjs corpus      (from tests/, where three is installed)
//
// Varies: several clips on one hierarchy, LINEAR / DISCRETE tracks, a mesh
// with 14 morph targets driven by a clip, names with spaces, dots, colons and
// non-ASCII, a clip whose tracks start after 0, a held pose (one key), and
// both .glb and .gltf.
import fs from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';

// GLTFExporter reads its Blobs with a FileReader, which Node does not have.
globalThis.FileReader ??= class FileReader {
  readAsArrayBuffer(blob) {
    blob.arrayBuffer().then((b) => { this.result = b; this.onloadend?.(); this.onload?.({ target: this }); });
  }
  readAsDataURL(blob) {
    blob.arrayBuffer().then((b) => {
      this.result = `data:${blob.type || 'application/octet-stream'};base64,` + Buffer.from(b).toString('base64');
      this.onloadend?.();
      this.onload?.({ target: this });
    });
  }
};

const out = path.resolve(process.argv[2] || 'corpus');
fs.mkdirSync(out, { recursive: true });

function write(name, scene, animations, binary) {
  return new Promise((resolve, reject) => {
    new GLTFExporter().parse(scene, (result) => {
      const file = path.join(out, name);
      if (binary) fs.writeFileSync(file, Buffer.from(result));
      else fs.writeFileSync(file, JSON.stringify(result));
      console.log('wrote', name);
      resolve();
    }, reject, { binary, animations, onlyVisible: false });
  });
}

function quat(axis, deg) {
  return new THREE.Quaternion().setFromAxisAngle(axis, THREE.MathUtils.degToRad(deg)).toArray();
}

// A hierarchy of three named groups and a mesh, with three clips.
function rigScene() {
  const scene = new THREE.Scene();
  const hips = new THREE.Group();
  hips.name = 'Hips Root';
  const spine = new THREE.Group();
  spine.name = 'Spine.001';
  const arm = new THREE.Group();
  arm.name = 'Arm_L';
  const hand = new THREE.Mesh(new THREE.BoxGeometry(0.2, 0.2, 0.2), new THREE.MeshStandardMaterial());
  hand.name = 'Hand ✋';
  scene.add(hips);
  hips.add(spine);
  spine.add(arm);
  arm.add(hand);
  const Z = new THREE.Vector3(0, 0, 1), X = new THREE.Vector3(1, 0, 0);
  const walk = new THREE.AnimationClip('Walk Cycle', -1, [
    new THREE.VectorKeyframeTrack('Hips Root.position', [0, 0.5, 1], [0, 0, 0, 0, 0.1, 0.2, 0, 0, 0]),
    new THREE.QuaternionKeyframeTrack('Spine.001.quaternion', [0, 0.25, 0.75, 1],
      [...quat(Z, 0), ...quat(Z, 20), ...quat(Z, -20), ...quat(Z, 0)]),
  ]);
  const wave = new THREE.AnimationClip('wave:v2.final', -1, [
    new THREE.QuaternionKeyframeTrack('Arm_L.quaternion', [0.2, 0.6, 1.4], [...quat(X, 0), ...quat(X, 120), ...quat(X, 10)]),
    new THREE.VectorKeyframeTrack('Hand ✋.scale', [0.2, 0.8], [1, 1, 1, 1.5, 1.5, 1.5], THREE.InterpolateDiscrete),
  ]);
  const pose = new THREE.AnimationClip('Pose', -1, [
    new THREE.QuaternionKeyframeTrack('Spine.001.quaternion', [0], quat(Z, 33)),
    new THREE.VectorKeyframeTrack('Hand ✋.position', [0], [0.1, 0.2, 0.3]),
  ]);
  return { scene, animations: [walk, wave, pose] };
}

// A mesh with 14 morph targets (past the eighth) and a clip on all of them.
function faceScene() {
  const scene = new THREE.Scene();
  const geometry = new THREE.BoxGeometry(1, 1, 1);
  const position = geometry.attributes.position;
  const targets = [];
  for (let k = 0; k < 14; ++k) {
    const a = position.clone();
    for (let i = 0; i < a.count; ++i) a.setY(i, a.getY(i) + (i % 14 === k ? 0.3 : 0.01 * k));
    a.name = `shape ${k}`;
    targets.push(a);
  }
  geometry.morphAttributes.position = targets;
  const face = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial());
  face.name = 'Face';
  face.updateMorphTargets();
  scene.add(face);
  const tracks = [];
  for (let k = 0; k < 14; ++k) {
    tracks.push(new THREE.NumberKeyframeTrack(`Face.morphTargetInfluences[shape ${k}]`, [0, 0.3 + k * 0.05, 1.2],
      [0, (k + 1) / 14, 0]));
  }
  return { scene, animations: [new THREE.AnimationClip('Expressions', -1, tracks)] };
}

{
  const { scene, animations } = rigScene();
  await write('three_rig.glb', scene, animations, true);
  await write('three_rig.gltf', scene, animations, false);
}
{
  const { scene, animations } = faceScene();
  await write('three_morph_14.glb', scene, animations, true);
}
