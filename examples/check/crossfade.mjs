// examples/crossfade against three.js 0.186.0: walk plays; after the update
// at which the mixer's time reaches 1 s, run.reset().play() and
// walk.crossFadeTo(run, 0.5, true). Each frame's effective weights and time
// scales, the hips' position and the left thigh's quaternion are compared.
//
//   node crossfade.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, loadGltf, Comparer } from './lib.mjs';

const [modules, exe, defaultGlb] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const gltf = await loadGltf(three, defaultGlb);
const mixer = new THREE.AnimationMixer(gltf.scene);
const walk = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'walk'));
const runAction = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, 'run'));
walk.play();
const hips = gltf.scene.getObjectByName('hips');
const thigh = gltf.scene.getObjectByName('thigh_L');

const { rows } = run(exe, [defaultGlb]);
const cmp = new Comparer('crossfade walk -> run, warp, 30 fps', 2e-5);
cmp.equal(rows.length, 76, 'frame count');
let fading = false, sawBlend = false;
for (let k = 0; k < rows.length; ++k) {
  mixer.update(k === 0 ? 0 : 1 / 30);
  const r = rows[k];
  const where = `frame ${k}`;
  cmp.equal(r[0], k, where);
  cmp.near(r[1], mixer.time, `${where} time`);
  cmp.near(r[2], walk.getEffectiveWeight(), `${where} walk weight`);
  cmp.near(r[3], runAction.getEffectiveWeight(), `${where} run weight`);
  cmp.near(r[4], walk.getEffectiveTimeScale(), `${where} walk time scale`);
  cmp.near(r[5], runAction.getEffectiveTimeScale(), `${where} run time scale`);
  ['x', 'y', 'z'].forEach((c, i) => cmp.near(r[6 + i], hips.position[c], `${where} hips.position.${c}`));
  cmp.nearQuat(r.slice(9, 13), thigh.quaternion.toArray(), `${where} thigh_L.quaternion`);
  if (r[2] > 0 && r[2] < 1) sawBlend = true;
  if (!fading && mixer.time >= 1 - 1e-9) {
    runAction.reset();
    runAction.play();
    walk.crossFadeTo(runAction, 0.5, true);
    fading = true;
  }
}
cmp.equal(sawBlend, true, 'a frame with both actions weighted');
process.exit(cmp.report() ? 0 : 1);
