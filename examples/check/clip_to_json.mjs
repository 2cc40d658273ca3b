// examples/clip_to_json against three.js 0.186.0.
//
// 1. The clip's JSON equals what AnimationClip.toJSON writes for the same
//    clip built in three.js (every field but the uuid, which is made; the
//    numbers as float32, as three.js's typed arrays hold them).
// 2. ObjectLoader reads the scene file the example writes, and a mixer on it
//    plays the clip to the same pose, color and opacity as the clip built in
//    three.js on a mesh of its own, at times across the clip; every track
//    binds (three.js says so on the console when one does not).
//
//   node clip_to_json.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import fs from 'node:fs';
import path from 'node:path';
import { run, loadThree, Comparer } from './lib.mjs';

const [modules, exe, , , outDir] = process.argv.slice(2);
const { THREE } = await loadThree(modules);
fs.mkdirSync(outDir, { recursive: true });
const sceneFile = path.join(outDir, 'scene.json');
const { out } = run(exe, [sceneFile]);
const got = JSON.parse(out);

const box = '6a1f7c1e-0b2d-4c4e-9a6b-3f1d2e5c7b80';
const opacity = new THREE.NumberKeyframeTrack(`${box}.material.opacity`, [0, 1], [1, 0], THREE.InterpolateBezier);
opacity.settings = { inTangents: new Float32Array([-0.4, 1, 0.6, 0]), outTangents: new Float32Array([0.4, 1, 1.4, 0]) };
const want = new THREE.AnimationClip('pop', -1, [
  new THREE.VectorKeyframeTrack(`${box}.position`, [0, 0.5, 1], [0, 0, 0, 0, 2, 0, 0, 0, 0]),
  new THREE.QuaternionKeyframeTrack(`${box}.quaternion`, [0, 1], [0, 0, 0, 1, 0, Math.SQRT1_2, 0, Math.SQRT1_2]),
  new THREE.VectorKeyframeTrack(`${box}.scale`, [0, 0.25, 0.5, 1],
    [1, 1, 1, 1.5, 1.5, 1.5, 1.2, 1.2, 1.2, 1, 1, 1], THREE.InterpolateSmooth),
  new THREE.BooleanKeyframeTrack(`${box}.visible`, [0, 0.8], [true, false]),
  new THREE.ColorKeyframeTrack(`${box}.material.color`, [0, 1], [1, 0, 0, 0, 0, 1]),
  opacity,
]);
want.userData = { author: 'clip_to_json' };
const wantJson = JSON.parse(JSON.stringify(THREE.AnimationClip.toJSON(want)));

// ---- 1. the JSON ------------------------------------------------------------
const json = new Comparer('clip JSON against AnimationClip.toJSON', 0);
const f32 = (x) => (typeof x === 'number' ? Math.fround(x) : x);
function same(a, b, where) {
  if (Array.isArray(b)) {
    json.equal(Array.isArray(a) && a.length, b.length, `${where}.length`);
    if (Array.isArray(a)) b.forEach((x, i) => same(a[i], x, `${where}[${i}]`));
  } else if (b !== null && typeof b === 'object') {
    json.equal(JSON.stringify(Object.keys(a || {}).sort()), JSON.stringify(Object.keys(b).sort()), `${where} keys`);
    for (const k of Object.keys(b)) same(a && a[k], b[k], `${where}.${k}`);
  } else {
    json.equal(f32(a), f32(b), where);
  }
}
same({ ...got, uuid: undefined, userData: JSON.parse(got.userData) },
     { ...wantJson, uuid: undefined, userData: JSON.parse(wantJson.userData) }, 'clip');
json.equal(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(got.uuid), true, 'clip.uuid is a v4 uuid');
let ok = json.report();

// ---- 2. ObjectLoader, and the clip played --------------------------------------
const complaints = [];
for (const level of ['warn', 'error']) {
  const original = console[level];
  console[level] = (...args) => { complaints.push(args.join(' ')); original(...args); };
}
const loaded = new THREE.ObjectLoader().parse(JSON.parse(fs.readFileSync(sceneFile, 'utf8')));
const loadedBox = loaded.getObjectByProperty('uuid', box);
const reference = new THREE.Scene();
const refBox = new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshStandardMaterial({ transparent: true }));
refBox.uuid = box;
reference.add(refBox);

const play = new Comparer('scene JSON through ObjectLoader, played', 1e-6);
play.equal(loaded.animations.length, 1, 'animations in the scene');
play.equal(Boolean(loadedBox && loadedBox.isMesh), true, 'the box is a mesh');
if (loadedBox && loaded.animations.length === 1) {
  const a = new THREE.AnimationMixer(loaded);
  a.clipAction(loaded.animations[0]).play();
  const b = new THREE.AnimationMixer(reference);
  b.clipAction(want).play();
  const step = 0.05;
  for (let k = 0; k <= 19; ++k) {
    a.update(k === 0 ? 0 : step);
    b.update(k === 0 ? 0 : step);
    const where = `t ${(k * step).toFixed(2)}`;
    for (const p of ['position', 'quaternion', 'scale']) {
      loadedBox[p].toArray().forEach((v, i) => play.near(v, refBox[p].toArray()[i], `${where} ${p}[${i}]`));
    }
    play.equal(loadedBox.visible, refBox.visible, `${where} visible`);
    loadedBox.material.color.toArray().forEach((v, i) => play.near(v, refBox.material.color.toArray()[i], `${where} color[${i}]`));
    play.near(loadedBox.material.opacity, refBox.material.opacity, `${where} opacity`);
  }
  play.near(refBox.position.y, 0.2, 'the reference box ends near the floor');
}
play.equal(complaints.length, 0, 'three.js console warnings and errors');
ok = play.report() && ok;
process.exit(ok ? 0 : 1);
