// examples/blend_space against three.js 0.186.0: walk and run both play; each
// frame the speed 0.5 + 2 t gives the run the weight (speed - 1.5) / 2.5,
// clamped to [0, 1], and the walk the rest (worked out here from the
// definition of a 1D blend space), set as action.weight before the update.
// The weights and the hips' position are compared.
//
//   node blend_space.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, loadGltf, Comparer } from './lib.mjs';

const [modules, exe, defaultGlb] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const gltf = await loadGltf(three, defaultGlb);
const mixer = new THREE.AnimationMixer(gltf.scene);
const walk = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk'));
const runAction = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'run'));
walk.play();
runAction.play();
const hips = gltf.scene.getObjectByName('hips');

const { rows } = run(exe, [defaultGlb]);
const cmp = new Comparer('blend space walk/run by speed, 30 fps', 2e-5);
cmp.equal(rows.length, 76, 'frame count');
let sawWalk = false, sawRun = false, sawBlend = false;
for (let k = 0; k < rows.length; ++k) {
  const speed = Math.fround(0.5 + 2 * k / 30);
  const w = Math.min(1, Math.max(0, (speed - 1.5) / 2.5));
  walk.weight = 1 - w;
  runAction.weight = w;
  mixer.update(k === 0 ? 0 : 1 / 30);
  const r = rows[k];
  const where = `frame ${k}`;
  cmp.equal(r[0], k, where);
  cmp.near(r[1], mixer.time, `${where} time`);
  cmp.near(r[2], speed, `${where} speed`);
  cmp.near(r[3], 1 - w, `${where} walk weight`);
  cmp.near(r[4], w, `${where} run weight`);
  ['x', 'y', 'z'].forEach((c, i) => cmp.near(r[5 + i], hips.position[c], `${where} hips.position.${c}`));
  if (w === 0) sawWalk = true;
  else if (w === 1) sawRun = true;
  else sawBlend = true;
}
cmp.equal(sawWalk && sawRun && sawBlend, true, 'frames of the walk alone, the run alone and a blend');
process.exit(cmp.report() ? 0 : 1);
