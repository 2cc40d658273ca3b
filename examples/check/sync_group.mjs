// examples/sync_group against three.js 0.186.0, which has no sync groups: the
// walk and the run play in three.js at the times and weights the example
// printed for each frame, and the hips must be where the example put them
// (within 2e-5). Of the group itself (worked out here, not by three.js): the
// feet stay together, the walk's phase 2 t / 1 s and the run's 2 t / 0.6 s
// agree within 1e-5 steps every frame; the heavier leads; and the leader
// moves at its own speed, one frame of 1/30 s of its clip per frame.
//
//   node sync_group.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, loadGltf, Comparer } from './lib.mjs';

const [modules, exe, defaultGlb] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const gltf = await loadGltf(three, defaultGlb);
const mixer = new THREE.AnimationMixer(gltf.scene);
const walkClip = THREE.AnimationClip.findByName(gltf.animations, 'walk');
const runClip = THREE.AnimationClip.findByName(gltf.animations, 'run');
const walk = mixer.clipAction(walkClip);
const runAction = mixer.clipAction(runClip);
walk.play();
runAction.play();
const hips = gltf.scene.getObjectByName('hips');

const { rows } = run(exe, [defaultGlb]);
const cmp = new Comparer('sync group walk/run by speed, 30 fps', 2e-5);
cmp.equal(rows.length, 76, 'frame count');
const circular = (a, b, n) => { const d = Math.abs(a - b) % n; return Math.min(d, n - d); };
const leaders = new Set();
for (let k = 0; k < rows.length; ++k) {
  const r = rows[k];
  const where = `frame ${k}`;
  walk.time = r[5];
  runAction.time = r[6];
  walk.weight = r[2];
  runAction.weight = r[3];
  mixer.update(0);
  cmp.equal(r[0], k, where);
  ['x', 'y', 'z'].forEach((c, i) => cmp.near(r[9 + i], hips.position[c], `${where} hips.position.${c}`));
  const pw = 2 * r[5] / walkClip.duration, pr = 2 * r[6] / runClip.duration;
  cmp.near(circular(pw, pr, 2), 0, `${where} walk and run phases`);
  cmp.near(circular(r[7], pw, 2), 0, `${where} walk phase printed`);
  cmp.equal(r[4], r[2] >= r[3] ? 0 : 1, `${where} the heavier leads`);
  leaders.add(r[4]);
  if (k >= 2 && rows[k - 1][4] === r[4] && rows[k - 2][4] === r[4]) {
    const len = r[4] === 0 ? walkClip.duration : runClip.duration;
    const t = r[5 + r[4]], before = rows[k - 1][5 + r[4]];
    cmp.near(circular(t - before, 1 / 30, len), 0, `${where} the leader at its own speed`);
  }
}
cmp.equal(leaders.size, 2, 'both lead in turn');
process.exit(cmp.report() ? 0 : 1);
