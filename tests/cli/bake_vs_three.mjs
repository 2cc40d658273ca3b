// Bakes clips of glTF files with `threeanim bake --format json` and with
// three.js 0.186.0 (GLTFLoader + AnimationMixer) stepped the same way
// (update(0), then update(1/fps) per frame; a cross-fade as
// b.reset().play(); a.crossFadeTo(b, over, warp) once the mixer's time reaches
// `at`), and compares every node position, quaternion (up to sign), scale and
// morph influence at every frame: |a - b| <= 1e-4 * max(1, |a|, |b|).
//
// One documented difference is left out: an action keeps its time as a
// float32 (docs/three-js-to-threeanim.md, the float32 phase), three.js as a
// double, so where a STEP track's key falls within 1e-5 s of a frame's clip
// time the two can read the keys on either side of the step. Such a property
// is skipped at such a frame, and the skips are counted and printed.
//
//   node bake_vs_three.mjs NODE_MODULES THREEANIM DEFAULT_GLB SAMPLES_DIR
//
// Prints one line per scenario and the largest differences; exit 1 on any
// mismatch (or a scenario that compares nothing).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadThree, loadGltf } from './gltf_node.mjs';

const [modules, threeanim, defaultGlb, samples] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const sample = (rel) => path.join(samples, rel);
const haveSamples = fs.existsSync(path.join(samples, 'INDEX.md'));
if (!haveSamples) console.log(`note: ${samples} is not there; only the default model's scenarios run, the glTF sample ones were skipped`);
const allScenarios = [
  { file: defaultGlb, clip: 'walk', fps: 30 },
  { file: defaultGlb, clip: 'run', fps: 30 },
  { file: defaultGlb, clip: 'wave', fps: 30 },
  { file: defaultGlb, clip: 'wave', fps: 24, loop: 'pingpong', seconds: 5 },
  { file: defaultGlb, clip: 'walk', fps: 30, to: 'run', at: 1, over: 0.5 },
  { file: defaultGlb, clip: 'walk', fps: 30, to: 'run', at: 0.7, over: 0.8, warp: true },
  { file: defaultGlb, clip: 'run', fps: 60, to: 'wave', at: 0.3, over: 0.25 },
  { file: defaultGlb, clip: 'walk', fps: 30, loop: 'repeat', seconds: 3.5 },
  { file: sample('Fox/glTF-Binary/Fox.glb'), clip: 'Survey', fps: 30 },
  { file: sample('Fox/glTF-Binary/Fox.glb'), clip: 'Walk', fps: 30, to: 'Run', at: 1.4, over: 0.5, warp: true },
  { file: sample('Fox/glTF-Binary/Fox.glb'), clip: 'Run', fps: 30, loop: 'repeat', seconds: 3 },
  { file: sample('CesiumMan/glTF-Binary/CesiumMan.glb'), fps: 30 },
  { file: sample('RiggedFigure/glTF-Binary/RiggedFigure.glb'), fps: 30, loop: 'pingpong', seconds: 4 },
  { file: sample('BoxAnimated/glTF-Binary/BoxAnimated.glb'), fps: 30 },
  { file: sample('AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb'), fps: 30 },
  { file: sample('MorphStressTest/glTF-Binary/MorphStressTest.glb'), clip: 'TheWave', fps: 30 },
  { file: sample('SimpleSkin/glTF/SimpleSkin.gltf'), fps: 30 },
  ...['Step Scale', 'Linear Scale', 'CubicSpline Scale', 'Step Rotation', 'Linear Rotation', 'CubicSpline Rotation',
    'Step Translation', 'Linear Translation', 'CubicSpline Translation'].map((clip) =>
    ({ file: sample('InterpolationTest/glTF-Binary/InterpolationTest.glb'), clip, fps: 30 })),
];
const scenarios = allScenarios.filter((s) => haveSamples || s.file === defaultGlb);

function bakeArgs(s) {
  const args = ['bake', s.file, '--format', 'json', '--fps', String(s.fps)];
  if (s.clip) args.push('--clip', s.clip);
  if (s.to) args.push('--cross-fade-to', s.to, '--at', String(s.at), '--over', String(s.over));
  if (s.warp) args.push('--warp');
  if (s.loop) args.push('--loop', s.loop);
  if (s.seconds) args.push('--seconds', String(s.seconds));
  return args;
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
  return gltf.scene.getObjectByName(ref);
}

// { object, property, read } for a bake path, or null for one this test does not read.
function resolve(gltf, p) {
  let m = /^(.*)\.(position|quaternion|scale)$/.exec(p);
  if (m) {
    const o = findObject(gltf, m[1]);
    return o && { object: o, property: m[2], read: () => o[m[2]].toArray() };
  }
  m = /^(.*)\.morphTargetInfluences\[(.*)\]$/.exec(p);
  if (m) {
    const o = findObject(gltf, m[1]);
    if (!o || !o.morphTargetInfluences) return null;
    const i = o.morphTargetDictionary && m[2] in o.morphTargetDictionary ? o.morphTargetDictionary[m[2]] : Number(m[2]);
    return { object: o, property: 'morphTargetInfluences', read: () => o.morphTargetInfluences[i] };
  }
  return null;
}

// "object/property" of each STEP track of the action whose key is within
// 1e-5 s of where the action reads its clip now.
function stepsAtKeys(gltf, action, out) {
  if (!action || !action.isScheduled()) return;
  for (const track of action.getClip().tracks) {
    if (track.getInterpolation() !== THREE.InterpolateDiscrete) continue;
    if (!Array.from(track.times).some((t) => Math.abs(t - action.time) < 1e-5)) continue;
    const parsed = THREE.PropertyBinding.parseTrackName(track.name);
    const o = THREE.PropertyBinding.findNode(gltf.scene, parsed.nodeName);
    if (o) out.add(o.uuid + '/' + parsed.propertyName);
  }
}

const loops = { once: THREE.LoopOnce, repeat: THREE.LoopRepeat, pingpong: THREE.LoopPingPong };

let failed = false, totalValues = 0, worst = 0;
for (const s of scenarios) {
  const ours = JSON.parse(execFileSync(threeanim, bakeArgs(s), { maxBuffer: 1 << 28 }).toString());
  const run = ours.runs[0];
  const gltf = await loadGltf(three, s.file);
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
  const readers = [];
  for (const p of ours.properties) {
    const r = resolve(gltf, p.path);
    if (r) readers.push([p.path, r]);
  }
  let compared = 0, maxDiff = 0, where = '', skipped = 0;
  for (let k = 0; k < run.frames; ++k) {
    mixer.update(k === 0 ? 0 : 1 / s.fps);
    const ambiguous = new Set();
    stepsAtKeys(gltf, a, ambiguous);
    stepsAtKeys(gltf, b, ambiguous);
    for (const [p, r] of readers) {
      if (ambiguous.has(r.object.uuid + '/' + r.property)) { skipped++; continue; }
      let want = r.read(), got = run.values[p][k];
      if (!Array.isArray(want)) { want = [want]; got = [got]; }
      let sign = 1;
      if (p.endsWith('.quaternion')) {
        const dot = want.reduce((acc, w, i) => acc + w * got[i], 0);
        if (dot < 0) sign = -1;
      }
      for (let i = 0; i < want.length; ++i) {
        const x = got[i] * sign, y = want[i];
        const d = Math.abs(x - y) / Math.max(1, Math.abs(x), Math.abs(y));
        if (!(d <= 1e-4)) {
          if (!failed || compared < 5) console.log(`  MISMATCH ${p}[${i}] frame ${k}: threeanim ${got[i]}, three.js ${y}`);
          failed = true;
        }
        if (d > maxDiff) { maxDiff = d; where = `${p} frame ${k}`; }
        compared++;
      }
    }
    if (s.to && !fading && mixer.time >= s.at - 1e-9) {
      b.reset();
      b.play();
      a.crossFadeTo(b, s.over, !!s.warp);
      fading = true;
    }
  }
  if (compared === 0) { console.log('  nothing compared'); failed = true; }
  const name = `${path.basename(s.file)} ${run.name}${s.loop ? ' ' + s.loop : ''}${s.warp ? ' warp' : ''} @${s.fps}fps`;
  console.log(`${maxDiff <= 1e-4 && compared ? 'ok  ' : 'FAIL'} ${name}: ${run.frames} frames, ${readers.length} properties, ` +
    `${compared} numbers${skipped ? ` (${skipped} STEP values at a key skipped)` : ''}, max relative difference ${maxDiff.toExponential(2)}${where ? ' (' + where + ')' : ''}`);
  totalValues += compared;
  worst = Math.max(worst, maxDiff);
}
console.log(`${scenarios.length} scenarios, ${totalValues} numbers compared, largest difference ${worst.toExponential(2)}`);
process.exit(failed ? 1 : 0);
