// examples/additive_nod against three.js 0.186.0: the same nod built from the
// loaded head's rest pose (QuaternionKeyframeTrack, times 0 0.3 0.6 1.2, turns
// about x of 0 0.35 -0.1 0), AnimationUtils.makeClipAdditive(nod), played at
// weight 0.75 over the walk; the head's quaternion is compared at each frame.
//
//   node additive_nod.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, loadGltf, Comparer } from './lib.mjs';

const [modules, exe, defaultGlb] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const gltf = await loadGltf(three, defaultGlb);
const head = gltf.scene.getObjectByName('head');
const times = [0, 0.3, 0.6, 1.2], angles = [0, 0.35, -0.1, 0];
const values = [];
for (const a of angles) {
  const turn = new THREE.Quaternion().setFromEuler(new THREE.Euler(Math.fround(a), 0, 0));
  values.push(...head.quaternion.clone().multiply(turn).toArray());
}
const nod = new THREE.AnimationClip('nod', -1, [new THREE.QuaternionKeyframeTrack('head.quaternion', times, values)]);
THREE.AnimationUtils.makeClipAdditive(nod);

const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk')).play();
const nodding = mixer.clipAction(nod);
nodding.weight = 0.75;
nodding.play();

const { rows } = run(exe, [defaultGlb]);
const cmp = new Comparer('additive nod on walk, weight 0.75, 30 fps', 2e-5);
cmp.equal(rows.length, 73, 'frame count');
// The walk alone on a copy of the scene, to see that the nod turns the head.
const aloneScene = gltf.scene.clone();
const aloneHead = aloneScene.getObjectByName('head');
const alone = new THREE.AnimationMixer(aloneScene);
alone.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk')).play();
let largestNod = 0;
for (let k = 0; k < rows.length; ++k) {
  mixer.update(k === 0 ? 0 : 1 / 30);
  alone.update(k === 0 ? 0 : 1 / 30);
  const r = rows[k];
  cmp.equal(r[0], k, `frame ${k}`);
  cmp.near(r[1], mixer.time, `frame ${k} time`);
  cmp.nearQuat(r.slice(2, 6), head.quaternion.toArray(), `frame ${k} head.quaternion`);
  largestNod = Math.max(largestNod, head.quaternion.angleTo(aloneHead.quaternion));
}
// 0.75 of the 0.35 rad peak, give or take where the frames fall.
console.log(`largest turn the nod adds to the walk's head: ${largestNod.toFixed(4)} rad`);
cmp.equal(largestNod > 0.2 && largestNod < 0.27, true, 'the nod turns the head by about 0.26 rad at most');
process.exit(cmp.report() ? 0 : 1);
