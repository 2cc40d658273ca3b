// examples/ik against three.js 0.186.0, which has no two-bone IK: the walk
// plays in three.js, the left arm's two quaternions are set to what the
// example printed for the frame, and three.js's own world matrices must put
// the hand on the printed target (within 1e-5) every frame.
//
//   node ik.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, loadGltf, Comparer } from './lib.mjs';

const [modules, exe, defaultGlb] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const gltf = await loadGltf(three, defaultGlb);
const upper = gltf.scene.getObjectByName('upper_arm_L');
const lower = gltf.scene.getObjectByName('lower_arm_L');
const hand = gltf.scene.getObjectByName('hand_L');
const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk')).play();

const { rows } = run(exe, [defaultGlb]);
const cmp = new Comparer('left hand on the target, walk at 30 fps', 1e-5);
cmp.equal(rows.length, 61, 'frame count');
const handAt = new THREE.Vector3();
let untouched = 0, moved = 0;
let first = null;
for (let k = 0; k < rows.length; ++k) {
  const r = rows[k];
  mixer.update(k === 0 ? 0 : 1 / 30);
  const target = new THREE.Vector3(r[2], r[3], r[4]);
  // Where the walk alone puts the hand: IK has to move it.
  gltf.scene.updateMatrixWorld();
  hand.getWorldPosition(handAt);
  untouched = Math.max(untouched, handAt.distanceTo(target));
  upper.quaternion.set(r[5], r[6], r[7], r[8]);
  lower.quaternion.set(r[9], r[10], r[11], r[12]);
  gltf.scene.updateMatrixWorld();
  hand.getWorldPosition(handAt);
  cmp.near(handAt.distanceTo(target), 0, `frame ${k}: hand to target`);
  cmp.equal(r[14], 1, `frame ${k}: reached`);
  if (first === null) first = target.clone();
  moved = Math.max(moved, target.distanceTo(first));
}
console.log(`the walk alone leaves the hand up to ${untouched.toFixed(3)} from the target; the target moves ${moved.toFixed(3)}`);
cmp.equal(untouched > 0.2 && moved > 0.1, true, 'IK moves the hand onto a moving target');
process.exit(cmp.report() ? 0 : 1);
