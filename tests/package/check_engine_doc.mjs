// The program of docs/for-engine-authors.md against three.js 0.186.0: the
// bundled model's walk played for 30 frames of 1/30 s by GLTFLoader +
// AnimationMixer, then scene.updateMatrixWorld() and skeleton.update(). Every
// node's world matrix (found by name), every bone matrix (the joint found by
// name in the skeleton), the skinned mesh's bindMatrixInverse, and the world
// matrices of the engine's rig the walk was rebound onto (the same nodes under
// an identity root) must agree within 1e-4 of their size (the replay
// tolerance: the two mixers' times and rotations differ by float32 roundings).
//
//   node check_engine_doc.mjs NODE_MODULES DEFAULT_GLB OUTPUT_FILE
import fs from 'node:fs';
import { loadThree, loadGltf, Comparer } from '../../examples/check/lib.mjs';

const [modules, glb, output] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;
THREE.setConsoleFunction(() => {});
const gltf = await loadGltf(three, glb);
const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk')).play();
mixer.update(0);
for (let f = 1; f <= 30; ++f) mixer.update(1 / 30);
gltf.scene.updateMatrixWorld();
let mesh = null;
gltf.scene.traverse((o) => { if (o.isSkinnedMesh && !mesh) mesh = o; });
mesh.skeleton.update();

const cmp = new Comparer('docs/for-engine-authors.md against three.js', 1e-4);
const seen = { world: 0, bone: 0, bind_inverse: 0, rig: 0, missing: 0 };
for (const line of fs.readFileSync(output, 'utf8').split('\n')) {
  if (line === '') continue;
  const [what, name, ...rest] = line.split(' ');
  const got = rest.map(Number);
  let want = null;
  if (what === 'world' || what === 'rig') {
    const o = gltf.scene.getObjectByName(name);
    if (!o) { cmp.equal(name, 'a node three.js has', `${what} ${name}`); continue; }
    want = o.matrixWorld.elements;
  } else if (what === 'bone') {
    const j = mesh.skeleton.bones.findIndex((b) => b.name === name);
    if (j < 0) { cmp.equal(name, 'a bone three.js has', `bone ${name}`); continue; }
    want = mesh.skeleton.boneMatrices.slice(j * 16, j * 16 + 16);
  } else if (what === 'bind_inverse') {
    want = mesh.bindMatrixInverse.elements;
  } else if (what === 'missing') {
    cmp.equal(Number(name), 0, 'tracks the rebind left out');
  } else {
    cmp.equal(what, 'world, bone, bind_inverse, rig or missing', 'a line of the program');
    continue;
  }
  seen[what]++;
  if (want) got.forEach((x, k) => cmp.near(x, want[k], `${what} ${name}[${k}]`));
  if (want) cmp.equal(got.length, 16, `${what} ${name}: numbers`);
}
let nodes = 0;
gltf.scene.traverse(() => nodes++);
cmp.equal(seen.world, nodes - 1, 'world matrices printed (every node below the scene)');
cmp.equal(seen.rig, nodes - 1, 'rig world matrices printed');
cmp.equal(seen.bone, mesh.skeleton.bones.length, 'bone matrices printed');
cmp.equal(seen.bind_inverse, 1, 'bind matrix inverses printed');
cmp.equal(seen.missing, 1, 'the rebind\'s count printed');
process.exit(cmp.report() ? 0 : 1);
