// World matrices and bone matrices against three.js 0.186.0.
//
// Each scenario is played by `threeanim bake FILE --world --skinning --format
// jsonl` and by three.js (GLTFLoader + AnimationMixer, stepped as bake steps:
// update(0), then update(1/fps) per frame, a cross-fade as b.reset().play();
// a.crossFadeTo(b, over, warp) once the mixer's time reaches `at`). After each
// update three.js runs gltf.scene.updateMatrixWorld() and skeleton.update() on
// every skin; then every glTF node's matrixWorld (the object
// parser.associations gives for it) and every skin's boneMatrices must agree
// within 1e-5: |a - b| <= 1e-5 * max(1, |a|, |b|, T), where T is 0 for the
// rotation and scale part and, for the translation column, the size of the
// lengths it is the sum of (three.js's): for a world matrix the length of its
// translation; for a bone matrix W * B^-1 (W the joint's world matrix), the
// length of W's translation plus that of the rotated inverse-bind translation
// (the bone matrix's translation minus W's). A bone matrix's translation is
// near 0 when its joint is near its bind pose, yet it is the difference of
// two lengths of the model's size (the Fox's are up to 170 units): a node's
// float32 rotation (three.js keeps doubles) alone moves it by 1e-5 of the
// unit, while it is 2e-7 of the lengths that made it. Held to the unit
// instead, no float32 scene could agree with three.js's on the Fox.
//
// In the "passes" run each matrix is also held to 1e-6 of its largest
// element: |a - b| <= 1e-6 * max_k |b_k| (three.js's b), the world and
// skinning passes' own bound. And the bake is run on every instruction set
// this CPU runs (TA_SIMD: scalar, sse2, avx2, avx512; pose.h): its output must
// be the default's, byte for byte; so must the bake with --frame-lanes, the
// frame call's lane pass over the scene and three instances of it. The bake
// with --frame-float-lanes (that frame with ta_frame_options.float_lanes: the
// float32 lane pass with FMA, on the widest set this CPU runs) is held to
// three.js's in the "passes" run, each matrix within 1e-6 of its largest
// element, and must differ from the default somewhere (it ran). The Fox's
// rig takes the double lanes there (frame.c's FLOAT_LEVER): rounding
// three.js's own world matrices to float32 once puts its bones 2.6e-6 off.
//
// Two runs per scenario, both held to 1e-5:
// - "passes": three.js's scene takes, at each frame, the node values
//   threeanim's mixer gave (`bake --format jsonl`), and every other node's
//   value as the library stores it (float32); what is compared is then the
//   world pass and the skinning pass alone.
// - "end to end": three.js's own mixer, its action times kept as float32 as
//   the library keeps them (as the glTF playback conformance does), its node
//   values in double.
//
//   node skinning_vs_three.mjs NODE_MODULES THREEANIM SAMPLES_DIR
// Exit: 0 all agree, 1 a difference, 77 skipped (no three.js).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [modules, threeanim, samples] = process.argv.slice(2);
let three;
try {
  const { loadThree } = await import(path.join(here, '..', '..', 'cli', 'gltf_node.mjs'));
  three = await loadThree(modules);
} catch (e) {
  console.log(`skinning: skipped: three.js is not installed (${e.message})`);
  process.exit(77);
}
const { loadGltf } = await import(path.join(here, '..', '..', 'cli', 'gltf_node.mjs'));
const { THREE } = three;
THREE.setConsoleFunction(() => {});

const AP = THREE.AnimationAction.prototype;
const origUpdateTime = AP._updateTime;
AP._updateTime = function (deltaTime) {
  if (deltaTime === 0) return origUpdateTime.call(this, deltaTime);
  const sum = Math.fround(this.time + Math.fround(deltaTime));
  const r = origUpdateTime.call(this, sum - this.time);
  this.time = Math.fround(this.time);
  return r;
};

// ---- small files of our own: what the samples do not cover ----------------------------
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skinning-'));
function dataUri(typed) {
  return 'data:application/octet-stream;base64,' + Buffer.from(typed.buffer).toString('base64');
}
function ownFile() {
  // Node 0: a root given as a matrix (turned, scaled, moved); 1: its child given
  // as a zero-determinant matrix; 2: a mesh node, moved, with a two-primitive
  // skinned mesh on skin 0; 3..5: a chain of joints; 6: a mesh node on skin 1,
  // which has no inverseBindMatrices; 7: a second mesh node sharing skin 0.
  const c = Math.cos(0.4), s = Math.sin(0.4);
  const ibm = [];
  for (let j = 0; j < 3; ++j) ibm.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -0.1 * j, -1 - j, 0.2, 1);
  const times = [0, 0.5, 1, 1.5];
  const rot = [];
  for (const t of times) { const a = t * 0.9; rot.push(0, Math.sin(a / 2), 0, Math.cos(a / 2)); }
  const trans = [];
  for (const t of times) trans.push(0.3 * t, 1 + Math.sin(t), -0.2 * t);
  const tri = [0, 0, 0, 1, 0, 0, 0, 1, 0];
  const joints = new Uint16Array([0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0]);
  const weights = [0.5, 0.3, 0.2, 0, 0.2, 0.5, 0.3, 0, 0.1, 0.1, 0.8, 0];
  const buffers = [times, rot, trans, ibm, tri, joints, weights].map((a) => {
    const typed = a instanceof Uint16Array ? a : new Float32Array(a);
    return { uri: dataUri(typed), byteLength: typed.byteLength };
  });
  const views = buffers.map((b, i) => ({ buffer: i, byteLength: b.byteLength }));
  const acc = (v, count, type) => ({ bufferView: v, componentType: 5126, count, type });
  const accessors = [acc(0, 4, 'SCALAR'), acc(1, 4, 'VEC4'), acc(2, 4, 'VEC3'), acc(3, 3, 'MAT4'), acc(4, 3, 'VEC3'),
    { ...acc(5, 3, 'VEC4'), componentType: 5123 }, acc(6, 3, 'VEC4')];
  accessors[0].min = [0]; accessors[0].max = [1.5];
  accessors[4].min = [0, 0, 0]; accessors[4].max = [1, 1, 0];
  const prim = { attributes: { POSITION: 4, JOINTS_0: 5, WEIGHTS_0: 6 } };
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: 'root', matrix: [2 * c, 0, -2 * s, 0, 0, 2, 0, 0, 2 * s, 0, 2 * c, 0, 1, -2, 3, 1], children: [1, 2, 3, 6, 7] },
      { name: 'flat', matrix: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1] },
      { name: 'body', mesh: 0, skin: 0, translation: [0.5, 0, -1], rotation: [0, 0, Math.sin(0.3), Math.cos(0.3)] },
      { name: 'j0', translation: [0, 1, 0], children: [4] },
      { name: 'j1', translation: [0, 1, 0], rotation: [Math.sin(0.1), 0, 0, Math.cos(0.1)], children: [5] },
      { name: 'j2', translation: [0.1, 1, 0], scale: [1, 1.5, 1] },
      { name: 'other', mesh: 1, skin: 1, scale: [0.5, 0.5, 0.5] },
      { name: 'twin', mesh: 1, skin: 0, translation: [-1, 0, 0] },
    ],
    meshes: [{ primitives: [prim, prim] }, { primitives: [prim] }],
    skins: [{ joints: [3, 4, 5], inverseBindMatrices: 3 }, { joints: [5, 3] }],
    animations: [{
      name: 'move',
      samplers: [{ input: 0, output: 1 }, { input: 0, output: 2 }, { input: 0, output: 1 }],
      channels: [{ sampler: 0, target: { node: 4, path: 'rotation' } }, { sampler: 1, target: { node: 3, path: 'translation' } },
        { sampler: 2, target: { node: 0, path: 'rotation' } }],
    }],
    buffers, bufferViews: views, accessors,
  };
  const file = path.join(work, 'own.gltf');
  fs.writeFileSync(file, JSON.stringify(gltf));
  return file;
}

const sample = (rel) => path.join(samples, rel);
const haveSamples = fs.existsSync(path.join(samples, 'INDEX.md'));
if (!haveSamples) console.log(`note: ${samples} is not there; only the test's own files run`);
const own = ownFile();
const defaultGlb = path.join(here, '..', '..', '..', 'examples', 'default.glb');
const scenarios = [
  { file: own, fps: 30, loop: 'pingpong', seconds: 4 },
  { file: defaultGlb, clip: 'walk', fps: 30, to: 'run', at: 0.7, over: 0.5 },
  ...(haveSamples ? [
    { file: sample('Fox/glTF-Binary/Fox.glb'), clip: 'Survey', fps: 30 },
    { file: sample('Fox/glTF-Binary/Fox.glb'), clip: 'Walk', fps: 30, to: 'Run', at: 1.4, over: 0.5, warp: true },
    { file: sample('CesiumMan/glTF-Binary/CesiumMan.glb'), fps: 30 },
    { file: sample('BrainStem/glTF-Binary/BrainStem.glb'), fps: 30 },
    { file: sample('RiggedFigure/glTF-Binary/RiggedFigure.glb'), fps: 30, loop: 'pingpong', seconds: 3 },
    { file: sample('RiggedSimple/glTF-Binary/RiggedSimple.glb'), fps: 30 },
    { file: sample('SimpleSkin/glTF/SimpleSkin.gltf'), fps: 30 },
  ] : []),
];

function bakeArgs(s, matrices = true) {
  const args = ['bake', s.file, ...(matrices ? ['--world', '--skinning'] : []), '--format', 'jsonl', '--fps', String(s.fps)];
  if (s.clip) args.push('--clip', s.clip);
  if (s.to) args.push('--cross-fade-to', s.to, '--at', String(s.at), '--over', String(s.over));
  if (s.warp) args.push('--warp');
  if (s.loop) args.push('--loop', s.loop);
  if (s.seconds) args.push('--seconds', String(s.seconds));
  return args;
}

const loops = { once: THREE.LoopOnce, repeat: THREE.LoopRepeat, pingpong: THREE.LoopPingPong };
const TOL = 1e-5;
const f32 = Math.fround;
function roundNodes(root) {
  root.traverse((o) => {
    o.position.set(f32(o.position.x), f32(o.position.y), f32(o.position.z));
    o.quaternion.set(f32(o.quaternion.x), f32(o.quaternion.y), f32(o.quaternion.z), f32(o.quaternion.w));
    o.scale.set(f32(o.scale.x), f32(o.scale.y), f32(o.scale.z));
  });
}
let failed = false, worstAll = 0, worstUnrounded = 0, worstLargest = 0, worstFloat = 0, floatDiffered = false;
let floatRan = false;
const LARGEST_TOL = 1e-6;
// The bake on each instruction set against the default's output; and with
// --frame-lanes (the scene and three instances of it in one
// ta_frame_update_range: on AVX2 and wider, the lane pass, a character a
// lane), whose matrices must be the default's too, so held to three.js's as
// they are.
function sameOnEverySet(s, text, name) {
  for (const simd of ['scalar', 'sse2', 'avx2', 'avx512']) {
    for (const lanes of [false, true]) {
      let other;
      try {
        other = execFileSync(threeanim, [...bakeArgs(s), ...(lanes ? ['--frame-lanes'] : [])], { maxBuffer: 1 << 30,
          env: { ...process.env, TA_SIMD: simd }, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
      } catch (e) {
        if (/is not run by this CPU/.test(String(e.stderr))) { console.log(`  ${name}: ${simd} skipped (not run here)`); break; }
        throw e;
      }
      if (other !== text) {
        console.log(`  MISMATCH ${name}: TA_SIMD=${simd}${lanes ? ' --frame-lanes' : ''} bakes other matrices than the default`);
        failed = true;
      }
    }
  }
}
// The float lane bake of s on the widest of AVX-512 and AVX2 this CPU runs
// (test_frame holds both widths): its parsed lines, or none.
function floatLaneBakes(s, text, name) {
  for (const simd of ['avx512', 'avx2']) {
    let other;
    try {
      other = execFileSync(threeanim, [...bakeArgs(s), '--frame-float-lanes'], { maxBuffer: 1 << 30,
        env: { ...process.env, TA_SIMD: simd }, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    } catch (e) {
      if (/is not run by this CPU/.test(String(e.stderr))) continue;
      throw e;
    }
    floatRan = true;
    if (other !== text) floatDiffered = true;
    return [{ simd, lines: other.trim().split('\n').map((l) => JSON.parse(l)) }];
  }
  console.log(`  ${name}: float lanes skipped (no AVX2 here)`);
  return [];
}
function findObject(gltf, ref) {
  if (ref.startsWith('#')) {
    const n = Number(ref.slice(1));
    let found = null;
    gltf.scene.traverse((o) => {
      const a = gltf.parser.associations.get(o);
      if (!found && a && a.nodes === n) found = o;
    });
    return found;
  }
  return gltf.scene.getObjectByName(ref) || gltf.scene.getObjectByProperty('uuid', ref);
}
for (const s of scenarios) {
  const valueLines = execFileSync(threeanim, bakeArgs(s, false), { maxBuffer: 1 << 30 }).toString().trim().split('\n')
    .map((l) => JSON.parse(l));
  for (const rounded of [true, false]) {
  const name = `${path.basename(s.file)}${s.clip ? ' ' + s.clip : ''}${s.to ? '->' + s.to : ''}`;
  const text = execFileSync(threeanim, bakeArgs(s), { maxBuffer: 1 << 30 }).toString();
  if (rounded) sameOnEverySet(s, text, name);
  const floatRuns = rounded ? floatLaneBakes(s, text, name) : [];
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  const gltf = await loadGltf(three, s.file);
  if (rounded) roundNodes(gltf.scene);
  // glTF node index -> object, glTF skin index -> skeleton
  const nodes = new Map();
  gltf.scene.traverse((o) => {
    const a = gltf.parser.associations.get(o);
    if (a && a.nodes !== undefined && !nodes.has(a.nodes)) nodes.set(a.nodes, o);
  });
  const skeletons = new Map();
  (gltf.parser.json.nodes || []).forEach((def, i) => {
    if (def.skin === undefined || !nodes.has(i) || skeletons.has(def.skin)) return;
    let sk = null;
    nodes.get(i).traverse((o) => { if (!sk && o.isSkinnedMesh) sk = o.skeleton; });
    if (sk) skeletons.set(def.skin, sk);
  });
  const setters = [];
  if (rounded) {
    for (const label of Object.keys(valueLines[0].values)) {
      const m = /^(.*)\.(position|quaternion|scale)$/.exec(label);
      if (!m) continue;
      const o = findObject(gltf, m[1]);
      if (!o) { console.log(`  ${label}: no such object in three.js's scene`); failed = true; continue; }
      setters.push([label, o[m[2]]]);
    }
  }
  const clipA = s.clip ? THREE.AnimationClip.findByName(gltf.animations, s.clip) : gltf.animations[0];
  const mode = loops[s.loop || (s.to ? 'repeat' : 'once')];
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const a = mixer.clipAction(clipA);
  a.setLoop(mode, Infinity);
  a.clampWhenFinished = mode === THREE.LoopOnce;
  a.play();
  let b = null, fading = false;
  if (s.to) {
    b = mixer.clipAction(THREE.AnimationClip.findByName(gltf.animations, s.to));
    b.setLoop(mode, Infinity);
    b.clampWhenFinished = mode === THREE.LoopOnce;
  }
  let compared = 0, worst = 0, where = '', problems = 0;
  // translationScale: T above, for elements 12..14 (column-major)
  // each element within 1e-6 of want's largest; returns the worst of them in that unit
  const checkLargest = (got, want, label) => {
    let largest = 0, worstHere = 0;
    for (let i = 0; i < want.length; ++i) largest = Math.max(largest, Math.abs(want[i]));
    for (let i = 0; i < want.length; ++i) {
      const d = Math.abs(got[i] - want[i]) / (largest || 1);
      worstHere = Math.max(worstHere, d);
      if (!(d <= LARGEST_TOL)) {
        if (problems++ < 5) console.log(`  MISMATCH ${label}[${i}]: threeanim ${got[i]}, three.js ${want[i]}, past 1e-6 of ${largest}`);
        failed = true;
      }
    }
    return worstHere;
  };
  const check = (got, want, label, translationScale) => {
    if (rounded) worstLargest = Math.max(worstLargest, checkLargest(got, want, label));
    for (let i = 0; i < want.length; ++i) {
      const x = got[i], y = want[i];
      const t = i >= 12 && i <= 14 ? translationScale : 0;
      const d = Math.abs(x - y) / Math.max(1, Math.abs(x), Math.abs(y), t);
      if (!(d <= TOL)) {
        if (problems++ < 5) console.log(`  MISMATCH ${label}[${i}]: threeanim ${x}, three.js ${y}`);
        failed = true;
      }
      if (d > worst) { worst = d; where = label; }
      compared++;
    }
  };
  for (let k = 0; k < lines.length; ++k) {
    if (rounded) {
      for (const [label, v] of setters) v.fromArray(valueLines[k].values[label]);
    } else {
      mixer.update(k === 0 ? 0 : 1 / s.fps);
    }
    gltf.scene.updateMatrixWorld();
    for (const sk of skeletons.values()) sk.update();
    const line = lines[k];
    if (line.frame !== k) { console.log(`  line ${k} has frame ${line.frame}`); failed = true; }
    const worldKeys = Object.keys(line.world).map(Number).sort((p, q) => p - q);
    const wantKeys = [...nodes.keys()].sort((p, q) => p - q);
    if (JSON.stringify(worldKeys) !== JSON.stringify(wantKeys)) {
      console.log(`  frame ${k}: world nodes ${worldKeys} where three.js has ${wantKeys}`);
      failed = true;
    }
    const length = (e) => Math.hypot(e[12], e[13], e[14]);
    for (const [n, o] of nodes) {
      if (line.world[n]) check(line.world[n], o.matrixWorld.elements, `frame ${k} world ${n}`, length(o.matrixWorld.elements));
    }
    const skinKeys = Object.keys(line.skins).map(Number).sort((p, q) => p - q);
    const wantSkins = [...skeletons.keys()].sort((p, q) => p - q);
    if (JSON.stringify(skinKeys) !== JSON.stringify(wantSkins)) {
      console.log(`  frame ${k}: skins ${skinKeys} where three.js has ${wantSkins}`);
      failed = true;
    }
    for (const fr of floatRuns) {
      const fl = fr.lines[k], tag = `frame ${k} float lanes ${fr.simd}`;
      for (const [n, o] of nodes)
        if (fl.world[n]) worstFloat = Math.max(worstFloat, checkLargest(fl.world[n], o.matrixWorld.elements, `${tag} world ${n}`));
      for (const [i, sk] of skeletons)
        (fl.skins[i] ? fl.skins[i].bone_matrices : []).forEach((m, j) => {
          worstFloat = Math.max(worstFloat, checkLargest(m, sk.boneMatrices.subarray(j * 16, j * 16 + 16), `${tag} skin ${i} bone ${j}`));
        });
    }
    for (const [i, sk] of skeletons) {
      const got = line.skins[i] && line.skins[i].bone_matrices;
      if (!got || got.length !== sk.bones.length) {
        console.log(`  frame ${k}: skin ${i} has ${got ? got.length : 'no'} bone matrices, three.js ${sk.bones.length}`);
        failed = true;
        continue;
      }
      got.forEach((m, j) => {
        const want = sk.boneMatrices.subarray(j * 16, j * 16 + 16);
        const w = sk.bones[j].matrixWorld.elements;
        const rotatedInverse = Math.hypot(want[12] - w[12], want[13] - w[13], want[14] - w[14]);
        check(m, want, `frame ${k} skin ${i} bone ${j}`, length(w) + rotatedInverse);
      });
    }
    if (s.to && !fading && mixer.time >= s.at - 1e-9) {
      b.reset();
      b.play();
      a.crossFadeTo(b, s.over, !!s.warp);
      fading = true;
    }
  }
  if (compared === 0 || skeletons.size === 0) { console.log(`  ${name}: nothing compared`); failed = true; }
  console.log(`${problems === 0 && compared ? 'ok  ' : 'FAIL'} ${name}${rounded ? ' (passes)' : ' (end to end)'}: ${lines.length} frames, ` +
    `${nodes.size} nodes, ${skeletons.size} skins, ${compared} numbers, largest relative difference ${worst.toExponential(2)} (${where})`);
  if (rounded) worstAll = Math.max(worstAll, worst);
  else worstUnrounded = Math.max(worstUnrounded, worst);
  }
}
// The skins written as three.js JSON (`threeanim convert`), read by three.js's
// ObjectLoader: every skeleton's boneInverses, and every skinned mesh's bind
// mode and bind matrix, are GLTFLoader's for the same file, and the bone
// matrices at rest agree.
const jsonFiles = [own, defaultGlb, ...(haveSamples ? ['Fox/glTF-Binary/Fox.glb', 'CesiumMan/glTF-Binary/CesiumMan.glb',
  'BrainStem/glTF-Binary/BrainStem.glb', 'RiggedFigure/glTF-Binary/RiggedFigure.glb',
  'RiggedSimple/glTF-Binary/RiggedSimple.glb', 'SimpleSkin/glTF/SimpleSkin.gltf'].map(sample) : [])];
for (const file of jsonFiles) {
  const out = path.join(work, path.basename(file) + '.json');
  // (the bundled rig's wave clip is a cubic spline, which three.js JSON cannot hold)
  execFileSync(threeanim, ['convert', file, out, ...(file === defaultGlb ? ['--clip', 'walk'] : [])]);
  const object = new THREE.ObjectLoader().parse(JSON.parse(fs.readFileSync(out, 'utf8')));
  const gltf = await loadGltf(three, file);
  const mine = [], theirs = [];
  object.traverse((o) => { if (o.isSkinnedMesh) mine.push(o); });
  gltf.scene.traverse((o) => { if (o.isSkinnedMesh) theirs.push(o); });
  let compared = 0, worst = 0, problems = 0;
  const near = (x, y, label) => {
    const d = Math.abs(x - y) / Math.max(1, Math.abs(x), Math.abs(y));
    worst = Math.max(worst, d);
    compared++;
    if (!(d <= TOL) && problems++ < 5) console.log(`  MISMATCH ${label}: threeanim JSON ${x}, GLTFLoader ${y}`);
  };
  if (mine.length !== theirs.length) {
    console.log(`  ${path.basename(file)}: ${mine.length} skinned meshes from JSON, ${theirs.length} from GLTFLoader`);
    problems++;
  }
  object.updateMatrixWorld();
  gltf.scene.updateMatrixWorld();
  mine.forEach((m, i) => {
    const t = theirs[i];
    if (!t || m.bindMode !== t.bindMode || m.skeleton.bones.length !== t.skeleton.bones.length) {
      console.log(`  ${path.basename(file)} skinned mesh ${i}: bind mode or bone count differs`);
      problems++;
      return;
    }
    m.bindMatrix.elements.forEach((x, k) => near(x, t.bindMatrix.elements[k], `mesh ${i} bindMatrix[${k}]`));
    m.skeleton.boneInverses.forEach((b, j) =>
      b.elements.forEach((x, k) => near(x, t.skeleton.boneInverses[j].elements[k], `mesh ${i} boneInverses[${j}][${k}]`)));
    m.skeleton.update();
    t.skeleton.update();
    m.skeleton.boneMatrices.forEach((x, k) => near(x, t.skeleton.boneMatrices[k], `mesh ${i} boneMatrices[${k}]`));
  });
  if (problems) failed = true;
  if (compared === 0) { console.log(`  ${path.basename(file)}: nothing compared`); failed = true; }
  console.log(`${problems === 0 && compared ? 'ok  ' : 'FAIL'} ${path.basename(file)} as three.js JSON, read by ObjectLoader: ` +
    `${mine.length} skinned meshes, ${compared} numbers, largest relative difference ${worst.toExponential(2)}`);
}

fs.rmSync(work, { recursive: true, force: true });
console.log(`passes: largest difference over each matrix's largest element ${worstLargest.toExponential(2)} (bound 1e-6)`);
if (floatRan) {
  console.log(`float lanes (--frame-float-lanes): largest difference over each matrix's largest element ` +
    `${worstFloat.toExponential(2)} (bound 1e-6)`);
  if (!floatDiffered) { console.log('  FAIL the float lane bakes gave the default\'s bytes everywhere: the float pass did not run'); failed = true; }
}
console.log(`${scenarios.length} scenarios, largest difference ${worstAll.toExponential(2)} (passes), ` +
  `${worstUnrounded.toExponential(2)} (end to end)`);
process.exit(failed ? 1 : 0);
