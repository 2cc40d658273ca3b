// `threeanim compress IN OUT.glb` read back by three.js 0.186.0's GLTFLoader and by threeanim's own
// loader, and played against IN: for default.glb's walk and run and, when the Khronos samples are
// there, CesiumMan and the Fox (--meters-per-unit 0.01), at every key time of IN's clip, each bone's
// three points at the shell distance (3 cm, in the clip's units) on its axes are carried into the
// space of the parent of the clip's topmost bones by the mixer's pose of IN and of OUT, as
// ta_clip_compress measures its error (src/animation/clip_compress_error.c); the largest distance
// (cm) must stay under
//
//   bound = E + reach * depth * (int16 + blend)
//
// where E is the error the compressor printed for the clip (at most 0.01 cm); int16 = 2 * 2 * 0.5 /
// 32767 radians, the most a rotation moves when each of its 4 components is rounded to a 32767th
// (|dq| <= 2 * 0.5 / 32767, the angle twice that); blend: at a key the compressed clip dropped,
// glTF slerps the two kept keys around it where the decoder mixed them by nlerp, and the two differ
// by at most atan(u sin t / (1 - u + u cos t)) - u t radians for keys t radians apart at u of the
// way, the largest over the written rotations' intervals and IN's key times in them; depth: the
// most rotated bones on one chain; reach: the farthest any measured point lies from a bone, in cm.
// Each mesh's vertex data, skin and material are checked to be IN's. default.glb is also read as a .gltf with an external buffer. Also: the .glb's animation bytes are fewer than IN's, and threeanim bake plays OUT as it plays IN
// within the same bound (at 60 frames a second).
//
//   node compress_vs_three.mjs NODE_MODULES THREEANIM DEFAULT_GLB SAMPLES_DIR WORK_DIR
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadThree, loadGltf } from './gltf_node.mjs';

const [modules, threeanim, defaultGlb, samples, work] = process.argv.slice(2);
fs.mkdirSync(work, { recursive: true });
const three = await loadThree(modules);
const { THREE } = three;
let failed = false;
const check = (what, ok) => { if (!ok) { console.log(`  FAIL ${what}`); failed = true; } };

// default.glb split into a .gltf and its buffer beside it, for the embedding of an external buffer.
function splitGlb(glb, dir) {
  const b = fs.readFileSync(glb), jsonLength = b.readUInt32LE(12);
  const doc = JSON.parse(b.toString('utf8', 20, 20 + jsonLength));
  const binAt = 20 + jsonLength, binLength = b.readUInt32LE(binAt);
  fs.writeFileSync(path.join(dir, 'split.bin'), b.subarray(binAt + 8, binAt + 8 + binLength));
  doc.buffers[0].uri = 'split.bin';
  fs.writeFileSync(path.join(dir, 'split.gltf'), JSON.stringify(doc));
  return path.join(dir, 'split.gltf');
}
// default_all: no --clip, so the wave (morph weights, which no compressed clip holds) is kept as it was.
const cases = [{ name: 'default', file: defaultGlb, args: ['--clip', 'walk', '--clip', 'run'] },
  { name: 'default_all', file: defaultGlb, args: [] },
  { name: 'split', file: splitGlb(defaultGlb, work), args: ['--clip', 'run'] }];
const sample = (p) => (samples && fs.existsSync(path.join(samples, p)) ? path.join(samples, p) : null);
const cesium = sample('CesiumMan/glTF-Binary/CesiumMan.glb'), fox = sample('Fox/glTF-Binary/Fox.glb');
if (cesium) cases.push({ name: 'CesiumMan', file: cesium, args: [] });
if (fox) cases.push({ name: 'Fox', file: fox, args: ['--meters-per-unit', '0.01'] });
if (!cesium || !fox) console.log(`the Khronos samples are not in "${samples}": CesiumMan and the Fox skipped`);

const nodeIndex = (g) => {
  const byIndex = new Map(), ofObject = new Map();
  g.scene.traverse((o) => {
    const a = g.parser.associations.get(o);
    if (a && a.nodes !== undefined && !byIndex.has(a.nodes)) { byIndex.set(a.nodes, o); ofObject.set(o, a.nodes); }
  });
  return { byIndex, ofObject };
};

// The rig of IN's clip: the glTF nodes it drives, the parent of its topmost ones (null: the scene), each bone's depth.
function rigOf(g, clip) {
  const { ofObject } = nodeIndex(g);
  const objects = new Set();
  for (const t of clip.tracks) objects.add(THREE.PropertyBinding.findNode(g.scene, THREE.PropertyBinding.parseTrackName(t.name).nodeName));
  const bones = [...objects].map((o) => ofObject.get(o));
  let parent = null, depth = 0;
  for (const o of objects) {
    let top = o, d = 0;
    for (let p = o.parent; p; p = p.parent) if (objects.has(p)) { top = p; d++; }
    depth = Math.max(depth, d + 1);
    parent = top.parent && ofObject.has(top.parent) ? ofObject.get(top.parent) : null;
  }
  return { bones, parent, depth };
}

// World matrices of the rig's nodes at each time, three.js's mixer playing the clip once, held at its end.
function poseThree(g, clip, rig, times) {
  const { byIndex } = nodeIndex(g);
  const mixer = new THREE.AnimationMixer(g.scene);
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return times.map((t) => {
    mixer.setTime(t);
    g.scene.updateMatrixWorld(true);
    const m = new Map();
    for (const b of [...rig.bones, rig.parent]) if (b !== null) m.set(b, byIndex.get(b).matrixWorld.clone());
    return m;
  });
}

// threeanim's: bake --world at 60 frames a second.
function poseBake(file, clip, rig) {
  const text = execFileSync(threeanim, ['bake', file, '--clip', clip, '--world', '--format', 'jsonl', '--fps', '60'],
    { maxBuffer: 1 << 28 }).toString();
  return text.trim().split('\n').map((line) => {
    const w = JSON.parse(line).world, m = new Map();
    for (const b of [...rig.bones, rig.parent]) if (b !== null) m.set(b, new THREE.Matrix4().fromArray(w[String(b)]));
    return m;
  });
}

// Each bone-sample's error (cm) between two poses, and the farthest point from a bone (cm).
function errors(a, b, rig, cmPerUnit, shellCm) {
  const d = shellCm / cmPerUnit, out = [];
  let reach = 0;
  const axes = [new THREE.Vector3(d, 0, 0), new THREE.Vector3(0, d, 0), new THREE.Vector3(0, 0, d)];
  for (let k = 0; k < a.length; ++k) {
    const ia = rig.parent === null ? new THREE.Matrix4() : a[k].get(rig.parent).clone().invert();
    const ib = rig.parent === null ? new THREE.Matrix4() : b[k].get(rig.parent).clone().invert();
    const origins = rig.bones.map((bone) => new THREE.Vector3().setFromMatrixPosition(a[k].get(bone)).applyMatrix4(ia));
    for (const bone of rig.bones) {
      let e = 0;
      for (const axis of axes) {
        const pa = axis.clone().applyMatrix4(a[k].get(bone)).applyMatrix4(ia);
        const pb = axis.clone().applyMatrix4(b[k].get(bone)).applyMatrix4(ib);
        e = Math.max(e, pa.distanceTo(pb) * cmPerUnit);
        for (const o of origins) reach = Math.max(reach, pa.distanceTo(o) * cmPerUnit);
      }
      out.push(e);
    }
  }
  const sorted = [...out].sort((x, y) => x - y);
  return { max: sorted[sorted.length - 1], p99: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))], reach };
}

// The most glTF's slerp and the decoder's nlerp part, over OUT's rotations at IN's key times.
function blendBound(outClip, times) {
  let worst = 0;
  for (const t of outClip.tracks) {
    if (!t.name.endsWith('.quaternion')) continue;
    const v = t.values;
    for (let i = 0; i + 1 < t.times.length; ++i) {
      const t0 = t.times[i], t1 = t.times[i + 1];
      let dot = 0;
      for (let c = 0; c < 4; ++c) dot += v[4 * i + c] * v[4 * i + 4 + c];
      const theta = 2 * Math.acos(Math.min(1, Math.abs(dot)));
      for (const time of times) {
        if (!(time > t0 && time < t1)) continue;
        const u = (time - t0) / (t1 - t0), h = theta / 2;
        worst = Math.max(worst, 2 * Math.abs(Math.atan2(u * Math.sin(h), 1 - u + u * Math.cos(h)) - u * h));
      }
    }
  }
  return worst;
}

const int16 = (2 * 2 * 0.5) / 32767;
for (const c of cases) {
  const out = path.join(work, `${c.name}.glb`);
  const printed = execFileSync(threeanim, ['compress', c.file, out, ...c.args]).toString();
  process.stdout.write(printed);
  const bytes = /animation bytes: (\d+) before, (\d+) after/.exec(printed);
  check(`${c.name}: animation bytes printed`, bytes !== null);
  if (bytes) check(`${c.name}: animation bytes ${bytes[2]} fewer than ${bytes[1]}`, Number(bytes[2]) < Number(bytes[1]));
  const inG = await loadGltf(three, c.file), outG = await loadGltf(three, out);
  // The rest of the file as it was: each mesh's vertex data, its skin and material.
  const meshes = (g) => { const m = []; g.scene.traverse((o) => { if (o.isMesh) m.push(o); }); return m; };
  const mi = meshes(inG), mo = meshes(outG);
  check(`${c.name}: ${mo.length} meshes, as IN's ${mi.length}`, mi.length === mo.length && mi.length > 0);
  for (let i = 0; i < Math.min(mi.length, mo.length); ++i) {
    const a = mi[i].geometry, b = mo[i].geometry;
    for (const name of Object.keys(a.attributes))
      check(`${c.name}: mesh ${i}'s ${name}`, b.attributes[name] && String(a.attributes[name].array) === String(b.attributes[name].array));
    check(`${c.name}: mesh ${i}'s index`, String(a.index && a.index.array) === String(b.index && b.index.array));
    check(`${c.name}: mesh ${i}'s skin`, !!mi[i].skeleton === !!mo[i].skeleton &&
      (!mi[i].skeleton || mi[i].skeleton.bones.length === mo[i].skeleton.bones.length));
    check(`${c.name}: mesh ${i}'s material`, JSON.stringify(mi[i].material.color) === JSON.stringify(mo[i].material.color) &&
      !!mi[i].material.map === !!mo[i].material.map);
  }
  for (const m of printed.matchAll(/clip "([^"]*)": .* max error ([\d.]+) cm, .*\(([\d.e-]+) m a unit\)/g)) {
    const [, name, maxCm, mpu] = m;
    const inClip = inG.animations.find((a) => a.name === name), outClip = outG.animations.find((a) => a.name === name);
    check(`${c.name} ${name}: in the written file`, outClip !== undefined);
    if (!outClip) continue;
    const rig = rigOf(inG, inClip);
    const times = [...new Set(inClip.tracks.flatMap((t) => [...t.times]))].sort((a, b) => a - b);
    const cmPerUnit = Number(mpu) * 100;
    const blend = blendBound(outClip, times);
    const e3 = errors(poseThree(inG, inClip, rig, times), poseThree(outG, outClip, rig, times), rig, cmPerUnit, 3);
    const bound = Number(maxCm) + e3.reach * rig.depth * (int16 + blend);
    console.log(`${c.name} ${name}: three.js, ${times.length} key times x ${rig.bones.length} bones: max ${e3.max.toFixed(4)} cm, ` +
      `p99 ${e3.p99.toFixed(4)} cm; bound ${bound.toFixed(4)} cm (compressor ${maxCm}, reach ${e3.reach.toFixed(1)} cm, ` +
      `depth ${rig.depth}, int16 ${int16.toExponential(2)} rad, blend ${blend.toExponential(2)} rad)`);
    check(`${c.name} ${name}: three.js's error ${e3.max} cm under ${bound}`, e3.max <= bound);
    const bin = poseBake(c.file, name, rig), bout = poseBake(out, name, rig);
    check(`${c.name} ${name}: bake frames ${bin.length} and ${bout.length}`, bin.length === bout.length);
    const eb = errors(bin, bout, rig, cmPerUnit, 3);
    console.log(`${c.name} ${name}: threeanim bake at 60 fps, ${bin.length} frames: max ${eb.max.toFixed(4)} cm, p99 ${eb.p99.toFixed(4)} cm`);
    check(`${c.name} ${name}: threeanim's error ${eb.max} cm under ${bound}`, eb.max <= bound);
  }
  // A clip the library did not compress (without --clip): in OUT as in IN, key for key.
  const keys = (clip) => JSON.stringify(clip.tracks.map((t) => [t.name, t.getInterpolation(), [...t.times], [...t.values]]));
  for (const m of printed.matchAll(/clip "([^"]*)": kept as it was/g)) {
    const inClip = inG.animations.find((a) => a.name === m[1]), outClip = outG.animations.find((a) => a.name === m[1]);
    check(`${c.name} ${m[1]}: kept in the written file`, outClip !== undefined);
    if (outClip) check(`${c.name} ${m[1]}: its tracks as IN's`, keys(inClip) === keys(outClip) && inClip.tracks.length > 0);
  }
  if (!c.args.includes('--clip'))
    check(`${c.name}: every clip, in IN's order`, outG.animations.map((a) => a.name).join() === inG.animations.map((a) => a.name).join());
}
console.log(failed ? 'compress_vs_three: FAILED' : 'compress_vs_three: ok');
process.exit(failed ? 1 : 0);
