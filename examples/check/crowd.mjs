// examples/crowd, checked two ways.
//
// By hand: the clip repeats every 2 s. At phase p = t mod 2, the hop is the
// triangle wave y = 1 - |2 (p mod 1) - 1| (0 at whole seconds, 1 at halves)
// and the turn is the slerp of the keys (0,0,0,1) -> (0,1,0,0) -> (0,0,0,-1),
// which is the turn by pi p about y: (0, sin(pi p / 2), 0, cos(pi p / 2)).
// Every member reads the same, and no member's x or z moves.
//
// Against three.js 0.186.0: 100 Object3Ds in an AnimationObjectGroup, a
// mixer on the group, clipAction(clip).play() with tracks '.position[y]' and
// '.quaternion'.
//
//   node crowd.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import { run, loadThree, Comparer } from './lib.mjs';

const [modules, exe] = process.argv.slice(2);
const { THREE } = await loadThree(modules);

const { rows } = run(exe);
const fps = 30;
const hand = new Comparer('crowd of 100, by hand', 2e-6);
const three = new Comparer('crowd of 100, against three.js', 2e-6);
hand.equal(rows.length, 91, 'frame count');

const members = [];
for (let i = 0; i < 100; ++i) {
  const o = new THREE.Object3D();
  o.position.set(2 * (i % 10), 0, 2 * Math.floor(i / 10));
  members.push(o);
}
const group = new THREE.AnimationObjectGroup(...members);
const clip = new THREE.AnimationClip('hop_and_turn', -1, [
  new THREE.NumberKeyframeTrack('.position[y]', [0, 0.5, 1, 1.5, 2], [0, 1, 0, 1, 0]),
  new THREE.QuaternionKeyframeTrack('.quaternion', [0, 1, 2], [0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, -1]),
]);
const mixer = new THREE.AnimationMixer(group);
mixer.clipAction(clip).play();

let topY = 0;
for (let k = 0; k < rows.length; ++k) {
  const [frame, time, y0, y99, qy, qw, spreadY, spreadQ, moved] = rows[k];
  const where = `frame ${k}`;
  hand.equal(frame, k, where);
  // The time as the mixer adds it up: 1/30 at a time, in double.
  let t = 0;
  for (let j = 1; j <= k; ++j) t += 1 / fps;
  hand.near(time, t, `${where} time`);
  const p = t % 2;
  const wantY = 1 - Math.abs(2 * (p % 1) - 1);
  hand.near(y0, wantY, `${where} y of node 0`);
  hand.near(y99, wantY, `${where} y of node 99`);
  hand.nearQuat([0, qy, 0, qw], [0, Math.sin(Math.PI * p / 2), 0, Math.cos(Math.PI * p / 2)], `${where} turn`);
  hand.near(spreadY, 0, `${where} spread of y`);
  hand.near(spreadQ, 0, `${where} spread of the turn`);
  hand.near(moved, 0, `${where} x and z moved`);
  topY = Math.max(topY, y0);

  mixer.update(k === 0 ? 0 : 1 / fps);
  three.near(y0, members[0].position.y, `${where} y of node 0`);
  three.near(y99, members[99].position.y, `${where} y of node 99`);
  three.nearQuat([0, qy, 0, qw], members[0].quaternion.toArray(), `${where} turn`);
  three.near(members[57].position.x, 14, `${where} x of node 57 in three.js`);
}
hand.equal(topY > 0.99, true, 'the crowd hops up to 1 m');
const ok = hand.report() & three.report();
process.exit(ok ? 0 : 1);
