// js/'s AnimationMixer (threeanim.wasm) against three.js 0.186's, on the same clips from three.js's
// own GLTFLoader: the bundled model and the Khronos samples (skipped, saying so, without them).
// Tolerance: the replay conformance's (tests/conformance/replay/compare.mjs, NUMBER_TOLERANCE).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { AnimationMixer, wasmAllocCount, wasmLiveBytes, reserveMemory } from '../../js/index.js';
import { collect } from './collect.mjs';
import { wasm } from '../../js/src/wasm.js';
import { nodeFinder, parsedName } from '../../js/src/mixer.js';
import { loadGltf } from '../conformance/replay/gltf-node.mjs';
import { NUMBER_TOLERANCE } from '../conformance/replay/compare.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = path.join(here, '../../examples/default.glb');

function objects(root) { const out = []; root.traverse((o) => out.push(o)); return out; }

// The largest relative difference over every object's position, quaternion, scale and morph
// influences, and whether visible differs anywhere.
function compareScenes(a, b) {
  const oa = objects(a), ob = objects(b);
  assert.equal(oa.length, ob.length);
  let worst = 0;
  const see = (x, y) => { worst = Math.max(worst, Math.abs(x - y) / Math.max(1, Math.abs(x), Math.abs(y))); };
  for (let k = 0; k < oa.length; k++) {
    for (const p of ['position', 'scale']) {
      const x = oa[k][p].toArray(), y = ob[k][p].toArray();
      for (let j = 0; j < x.length; j++) see(x[j], y[j]);
    }
    // Up to sign, as the replay comparison (q and -q are one rotation).
    const x = oa[k].quaternion.toArray(), y = ob[k].quaternion.toArray();
    const s = x.reduce((acc, v, j) => acc + v * y[j], 0) < 0 ? -1 : 1;
    for (let j = 0; j < 4; j++) see(x[j], s * y[j]);
    assert.equal(oa[k].visible, ob[k].visible, `${oa[k].name}.visible`);
    if (oa[k].morphTargetInfluences) oa[k].morphTargetInfluences.forEach((v, j) => see(v, ob[k].morphTargetInfluences[j]));
  }
  return worst;
}

// Runs the same program on three.js's mixer and ours, comparing every object after each update
// and the events of the run.
async function sameRun(file, program, options = undefined) {
  const [g1, g2] = [await loadGltf(file), await loadGltf(file)];
  const sides = [
    { g: g1, mixer: new THREE.AnimationMixer(g1.scene), events: [] },
    { g: g2, mixer: new AnimationMixer(g2.scene, options), events: [] },
  ];
  for (const s of sides) {
    s.mixer.addEventListener('loop', (e) => s.events.push(['loop', s.g.animations.indexOf(e.action.getClip()), e.loopDelta]));
    s.mixer.addEventListener('finished', (e) => s.events.push(['finished', s.g.animations.indexOf(e.action.getClip()), e.direction]));
  }
  let worst = 0;
  const frames = program((fn) => { for (const s of sides) fn(s.mixer, s.g.animations, s.g.scene); });
  for (const f of frames) {
    for (const s of sides) f(s.mixer, s.g.animations, s.g.scene);
    worst = Math.max(worst, compareScenes(g1.scene, g2.scene));
    assert.ok(Math.abs(sides[0].mixer.time - sides[1].mixer.time) < 1e-9, 'mixer.time');
  }
  assert.deepEqual(sides[1].events, sides[0].events);
  sameRun.lastEvents = sides[0].events;
  return worst;
}

// The bundled model's program: play, cross-fade, fade, warp, loop once, stop. allDriven, when
// given, collects after each update of ours whether it wrote every vector and quaternion
// without comparing (writeAlways).
const bundledProgram = (allDriven) => (both) => {
  const frames = [];
  both((m, clips) => m.clipAction(clips[0]).play());
  for (let i = 0; i < 150; i++) {
    frames.push((m, clips) => {
      if (i === 20) m.clipAction(clips[0]).crossFadeTo(m.clipAction(clips[1]).play(), 0.5, true);
      if (i === 50) m.clipAction(clips[2]).setLoop(THREE.LoopOnce).play().fadeIn(0.3);
      if (i === 60) m.clipAction(clips[1]).warp(1, 2, 0.5);
      if (i === 90) m.clipAction(clips[1]).setEffectiveWeight(0.5);
      if (i === 100) m.timeScale = 0.5;
      if (i === 145) m.clipAction(clips[2]).stop();
      m.update(0.0311); // meets no clip end exactly (see the samples below)
      if (allDriven && m instanceof AnimationMixer) allDriven.push(m._allDriven);
    });
  }
  return frames;
};

test('bundled model: play, cross-fade, fade, warp, loop once, events', async () => {
  const worst = await sameRun(model, bundledProgram());
  assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
  const types = new Set(sameRun.lastEvents.map((e) => e[0]));
  assert.ok(types.has('loop') && types.has('finished'), `events ${[...types]}`);
});

// writeAlways (docs/three-js-to-threeanim.md) writes the same numbers where the program sets
// nothing between updates: the bundled model's program, with and without updateRotation, its
// updates both on the path that writes all (every bound vector and quaternion driven) and on the
// comparing one (after the stop, the stopped clip's bindings are not).
for (const options of [{ writeAlways: true }, { writeAlways: true, updateRotation: false }]) {
  test(`bundled model with ${JSON.stringify(options)}: three.js's numbers and events`, async () => {
    const allDriven = [];
    const worst = await sameRun(model, bundledProgram(allDriven), options);
    assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
    assert.ok(allDriven.slice(0, 140).every((d) => d), 'every update before the stop writes all');
    assert.ok(allDriven.slice(145).every((d) => !d), 'the updates after it compare');
    const types = new Set(sameRun.lastEvents.map((e) => e[0]));
    assert.ok(types.has('loop') && types.has('finished'), `events ${[...types]}`);
  });
}

for (const options of [undefined, { writeAlways: true }]) {
  test(`setTime and uncacheAction follow three.js${options ? ' (writeAlways)' : ''}`, async () => {
    const worst = await sameRun(model, () => [
      (m, clips) => { m.clipAction(clips[0]).play(); m.clipAction(clips[2]).play(); m.update(0.1); },
      (m) => m.setTime(0.7),
      (m) => m.setTime(1.3),
      (m, clips) => { m.uncacheAction(clips[2]); m.update(0.05); },
      (m) => m.update(0.05),
      (m) => { m.stopAllAction(); m.update(0.05); },
    ], options);
    assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
  });
}

// The Khronos samples that the glTF replay scenarios use, every clip played at once.
const SAMPLES = ['Fox/glTF-Binary/Fox.glb', 'CesiumMan/glTF-Binary/CesiumMan.glb', 'RiggedFigure/glTF-Binary/RiggedFigure.glb',
  'BoxAnimated/glTF-Binary/BoxAnimated.glb', 'InterpolationTest/glTF-Binary/InterpolationTest.glb',
  'AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb', 'AnimatedMorphSphere/glTF-Binary/AnimatedMorphSphere.glb',
  'MorphStressTest/glTF-Binary/MorphStressTest.glb', 'SimpleMorph/glTF/SimpleMorph.gltf', 'AnimatedCube/glTF/AnimatedCube.gltf'];
// The samples folder CMake was given (TA_SAMPLES_DIR; tests/js/run.sh passes it on).
const samplesDir = process.env.TA_SAMPLES_DIR || '';
for (const rel of SAMPLES) {
  const file = path.join(samplesDir, rel);
  test(`glTF sample ${rel}: every clip, blended`, { skip: samplesDir && fs.existsSync(file) ? false : `the glTF samples are not in "${samplesDir}" (TA_SAMPLES_DIR)` }, async () => {
    const worst = await sameRun(file, () => {
      const frames = [(m, clips) => clips.forEach((c, i) => m.clipAction(c).setEffectiveWeight(1 / (i + 1)).play())];
      // a step that meets no loop boundary exactly (there the float32 action clock and three.js's
      // double may fall on either side: docs/three-js-to-threeanim.md)
      for (let i = 0; i < 90; i++) frames.push((m) => m.update(0.0371));
      return frames;
    });
    assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
  });
}

test('what it cannot drive is refused with an Error that names it', () => {
  const root = new THREE.Object3D();
  const box = new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial());
  box.name = 'box';
  root.add(box);
  const lamp = new THREE.RectAreaLight();
  lamp.name = 'lamp';
  const eye = new THREE.OrthographicCamera();
  eye.name = 'eye';
  root.add(lamp, eye);
  const mixer = new AnimationMixer(root);
  const clip = (name, track) => new THREE.AnimationClip(name, 1, [track]);
  const spin = clip('spin', new THREE.VectorKeyframeTrack('box.rotation', [0, 1], [0, 0, 0, 0, 1, 0]));
  assert.throws(() => mixer.clipAction(spin), /track "box\.rotation".*\.rotation is not supported/);
  const area = clip('area', new THREE.NumberKeyframeTrack('lamp.intensity', [0, 1], [1, 2]));
  assert.throws(() => mixer.clipAction(area), /track "lamp\.intensity".*a RectAreaLight is not driven/);
  const wide = clip('wide', new THREE.NumberKeyframeTrack('eye.left', [0, 1], [-1, -2]));
  assert.throws(() => mixer.clipAction(wide), /track "eye\.left".*\.left is not supported/);
  const side = clip('side', new THREE.NumberKeyframeTrack('box.material.side', [0, 1], [0, 1]));
  assert.throws(() => mixer.clipAction(side), /track "box\.material\.side".*\.side of a MeshBasicMaterial is not driven/);
  const ok = clip('move', new THREE.VectorKeyframeTrack('box.position', [0, 1], [0, 0, 0, 1, 0, 0]));
  assert.throws(() => mixer.clipAction(ok).setLoop(9999), /setLoop: loop mode 9999/);
});

// Materials (shared as three.js shares them), their maps, lights, cameras, names and a group.
test('materials, maps, lights, cameras, names and groups are driven as three.js drives them', () => {
  const make = (Mixer) => {
    const root = new THREE.Object3D();
    const map = new THREE.Texture();
    const shared = new THREE.MeshStandardMaterial({ color: 0x336699, map });
    const a = new THREE.Mesh(new THREE.BufferGeometry(), shared);
    const b = new THREE.Mesh(new THREE.BufferGeometry(), shared);
    a.name = 'a'; b.name = 'b';
    const lamp = new THREE.SpotLight(0xffffff, 2, 10, 0.5);
    lamp.name = 'lamp';
    const eye = new THREE.PerspectiveCamera(50, 1, 0.1, 100);
    eye.name = 'eye';
    const m1 = new THREE.Object3D(), m2 = new THREE.Object3D();
    m1.name = 'm1'; m2.name = 'm2';
    root.add(a, b, lamp, eye, m1, m2);
    const clip = new THREE.AnimationClip('all', 2, [
      new THREE.ColorKeyframeTrack('a.material.color', [0, 2], [0.2, 0.4, 0.6, 0.8, 0.1, 0.3]),
      new THREE.NumberKeyframeTrack('a.material.opacity', [0, 2], [1, 0.25]),
      new THREE.BooleanKeyframeTrack('a.material.transparent', [0, 1], [false, true]),
      new THREE.VectorKeyframeTrack('a.map.offset', [0, 2], [0, 0, 0.5, -0.5]),
      new THREE.NumberKeyframeTrack('a.map.rotation', [0, 2], [0, 1]),
      new THREE.ColorKeyframeTrack('lamp.color', [0, 2], [1, 0, 0, 0, 0, 1]),
      new THREE.NumberKeyframeTrack('lamp.angle', [0, 2], [0.5, 1]),
      new THREE.NumberKeyframeTrack('eye.fov', [0, 2], [50, 80]),
      new THREE.NumberKeyframeTrack('eye.far', [0, 2], [100, 300]),
      new THREE.StringKeyframeTrack('b.name', [0, 1], ['b', 'renamed']),
    ]);
    const wave = new THREE.AnimationClip('wave', 2, [new THREE.VectorKeyframeTrack('.position', [0, 2], [0, 0, 0, 2, 4, 6])]);
    const mixer = new Mixer(root);
    mixer.clipAction(clip).play();
    mixer.clipAction(wave, new THREE.AnimationObjectGroup(m1, m2)).play();
    mixer.update(1.5);
    return { a, b, lamp, eye, m1, m2, shared, map };
  };
  const three = make(THREE.AnimationMixer), ours = make(AnimationMixer);
  const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: three.js ${x}, drop-in ${y}`);
  // Colors are kept as sRGB bytes: within the replay's color tolerance.
  ['r', 'g', 'b'].forEach((c) => {
    close(three.shared.color[c], ours.shared.color[c], 0.005, `material color.${c}`);
    close(three.lamp.color[c], ours.lamp.color[c], 0.005, `light color.${c}`);
  });
  assert.ok(ours.a.material === ours.b.material, 'the shared material stays shared');
  assert.ok(ours.shared.version > 0, 'the material is flagged needsUpdate');
  close(three.shared.opacity, ours.shared.opacity, 1e-6, 'opacity');
  assert.equal(ours.shared.transparent, true);
  close(three.map.offset.x, ours.map.offset.x, 1e-6, 'map offset x');
  close(three.map.offset.y, ours.map.offset.y, 1e-6, 'map offset y');
  close(three.map.rotation, ours.map.rotation, 1e-6, 'map rotation');
  close(three.lamp.angle, ours.lamp.angle, 1e-6, 'angle');
  close(three.eye.fov, ours.eye.fov, 1e-4, 'fov');
  close(three.eye.far, ours.eye.far, 1e-4, 'far');
  assert.equal(ours.b.name, 'renamed');
  for (const m of ['m1', 'm2']) {
    assert.deepEqual(ours[m].position.toArray(), three[m].position.toArray(), `${m}.position`);
  }
  assert.deepEqual(ours.m1.position.toArray(), [1.5, 3, 4.5]);
});

// The mirror's node list moves as nodes are added: bindings made before and after stay right.
// three.js's PropertyBinding flags the object it writes: matrixWorldNeedsUpdate on an Object3D (a
// node's transform, visible, morph influences, name; a light's or a camera's fields),
// needsUpdate on a material. The same objects are flagged on both sides, frame after frame.
test('what it writes is flagged as three.js flags it: matrixWorldNeedsUpdate, material needsUpdate', async () => {
  const make = async (Mixer) => {
    const g = await loadGltf(model);
    const root = g.scene;
    const lamp = new THREE.PointLight(0xffffff, 1);
    lamp.name = 'lamp';
    const eye = new THREE.PerspectiveCamera(50, 1, 0.1, 100);
    eye.name = 'eye';
    const mat = new THREE.MeshBasicMaterial();
    const panel = new THREE.Mesh(new THREE.BufferGeometry(), mat);
    panel.name = 'panel';
    root.add(lamp, eye, panel);
    const extra = new THREE.AnimationClip('extra', 2, [
      new THREE.NumberKeyframeTrack('lamp.intensity', [0, 2], [1, 3]),
      new THREE.NumberKeyframeTrack('eye.fov', [0, 2], [50, 80]),
      new THREE.NumberKeyframeTrack('panel.material.opacity', [0, 2], [1, 0.25]),
      new THREE.BooleanKeyframeTrack('panel.visible', [0, 0.12, 0.22], [true, false, true]), // not at a frame's time: an action's time is a float32 phase
    ]);
    const mixer = new Mixer(root);
    for (const clip of g.animations) {
      if (clip.tracks.some((t) => t.name.includes('.material') || t.name.includes('.map'))) continue;
      mixer.clipAction(clip).play();
    }
    mixer.clipAction(extra).play();
    return { root, mixer, mat };
  };
  const sides = [await make(THREE.AnimationMixer), await make(AnimationMixer)];
  const flagged = (side) => objects(side.root).filter((o) => o.matrixWorldNeedsUpdate).map((o) => o.name || o.uuid);
  let seen = 0;
  for (let frame = 0; frame < 6; frame++) {
    const versions = [];
    for (const side of sides) {
      side.root.traverse((o) => { o.matrixWorldNeedsUpdate = false; });
      versions.push(side.mat.version);
      side.mixer.update(0.043); // no frame on a key time: an action's time is a float32 phase
    }
    const [three, ours] = sides.map(flagged);
    // uuids differ between the two loads: compare the names, and the counts.
    assert.equal(ours.length, three.length, `frame ${frame}: ${ours.length} objects flagged, three.js ${three.length}`);
    assert.deepEqual([...ours].sort(), [...three].sort(), `frame ${frame}: the objects flagged`);
    assert.equal(sides[1].mat.version > versions[1], sides[0].mat.version > versions[0], `frame ${frame}: material needsUpdate`);
    seen += ours.length;
  }
  assert.ok(seen > 6 * 4, `objects were flagged (${seen})`);
});

test('actions made between updates, on objects mirrored later, beside three.js', () => {
  const run = (Mixer) => {
    const root = new THREE.Object3D();
    const parts = Array.from({ length: 40 }, (_, i) => { const o = new THREE.Object3D(); o.name = `p${i}`; root.add(o); return o; });
    const clip = (i) => new THREE.AnimationClip(`c${i}`, 1, [
      new THREE.VectorKeyframeTrack(`p${i}.position`, [0, 1], [0, 0, 0, i, 1, 2]),
      new THREE.QuaternionKeyframeTrack(`p${i}.quaternion`, [0, 1], [0, 0, 0, 1, 0, Math.sin(0.1 * i), 0, Math.cos(0.1 * i)]),
      new THREE.BooleanKeyframeTrack(`p${i}.visible`, [0, 0.4567], [true, false]),
    ]);
    const mixer = new Mixer(root);
    const out = [];
    for (let i = 0; i < parts.length; i++) {
      mixer.clipAction(clip(i)).play();
      mixer.update(0.0123 * (i % 5 + 1)); // no sum of these falls on the flag's key
      out.push(...parts.flatMap((o) => [...o.position.toArray(), ...o.quaternion.toArray(), o.visible ? 1 : 0]));
    }
    return out;
  };
  const a = run(THREE.AnimationMixer), b = run(AnimationMixer);
  a.forEach((x, i) => assert.ok(Math.abs(x - b[i]) <= NUMBER_TOLERANCE * Math.max(1, Math.abs(x)), `value ${i}: three.js ${x}, drop-in ${b[i]}`));
});

// The write-back goes node by node where a node's position, quaternion and scale are all bound
// (mixer._trs), and property by property for the rest: both beside three.js, with each option,
// as a node's third property is bound by a later action and as weights leave room for the
// originals.
for (const options of [undefined, { writeAlways: true }, { updateRotation: false }, { writeAlways: true, updateRotation: false }]) {
  test(`the write-back, by node and by property, beside three.js (${JSON.stringify(options)})`, () => {
    // rotation as well where the drop-in keeps it up to date
    const euler = !(options && options.updateRotation === false);
    const run = (Mixer, opts) => {
      const root = new THREE.Object3D();
      const parts = Array.from({ length: 6 }, (_, i) => {
        const o = new THREE.Object3D(); o.name = `p${i}`; o.position.set(i, -i, 0.5 * i); o.scale.set(1, 2, 3); root.add(o); return o;
      });
      const pos = (i, d) => new THREE.VectorKeyframeTrack(`p${i}.position`, [0, 1], [0, 0, 0, i + d, 1, 2]);
      const rot = (i, d) => new THREE.QuaternionKeyframeTrack(`p${i}.quaternion`, [0, 1],
        [0, 0, 0, 1, Math.sin(0.1 * i + d), 0, 0, Math.cos(0.1 * i + d)]);
      const scl = (i, d) => new THREE.VectorKeyframeTrack(`p${i}.scale`, [0, 1], [1, 1, 1, 2 + d, 0.5, 1 + i]);
      const first = new THREE.AnimationClip('first', 1, [
        pos(0, 0), rot(0, 0), scl(0, 0), // a whole node
        rot(1, 0), // a quaternion alone
        pos(2, 0), // a position alone
        pos(3, 0), scl(3, 0), // no quaternion
        rot(4, 0), // whole once the second clip's tracks are bound
        rot(5, 0), scl(5, 0), // whole once the third's are
      ]);
      const second = new THREE.AnimationClip('second', 1, [pos(4, 1), scl(4, 1), rot(0, 0.5), pos(2, 0.3)]);
      // a vector driven in part: from then on writeAlways compares (_drivesEvery)
      const third = new THREE.AnimationClip('third', 1, [new THREE.NumberKeyframeTrack('p5.position[y]', [0, 1], [0, 4])]);
      const mixer = opts === undefined ? new Mixer(root) : new Mixer(root, opts);
      const out = [], all = [];
      const look = () => all.push(mixer._allDriven) && out.push(...parts.flatMap((o) => [...o.position.toArray(), ...o.quaternion.toArray(), ...o.scale.toArray(),
        ...(euler ? o.rotation.toArray().slice(0, 3) : [])]));
      mixer.clipAction(first).play();
      for (let f = 0; f < 5; f++) { mixer.update(0.05); look(); }
      mixer.clipAction(second).play().setEffectiveWeight(0.4);
      mixer.clipAction(first).setEffectiveWeight(0.3);
      for (let f = 0; f < 5; f++) { mixer.update(0.07); look(); }
      mixer.clipAction(first).setEffectiveWeight(1);
      mixer.clipAction(second).setEffectiveWeight(1);
      mixer.clipAction(third).play();
      for (let f = 0; f < 5; f++) { mixer.update(0.03); look(); }
      return { out, mixer, all };
    };
    const a = run(THREE.AnimationMixer, undefined).out, ours = run(AnimationMixer, options), b = ours.out;
    assert.equal(a.length, b.length);
    a.forEach((x, i) => assert.ok(Math.abs(x - b[i]) <= NUMBER_TOLERANCE * Math.max(1, Math.abs(x)), `value ${i}: three.js ${x}, drop-in ${b[i]}`));
    // the first two clips' updates write all with writeAlways, the third's compare
    const always = options !== undefined && options.writeAlways === true;
    assert.deepEqual(ours.all, [...Array(10).fill(always), ...Array(5).fill(false)]);
    // with updateRotation false, nodes 0, 4 and 5 go whole (5's position is bound whole for its
    // [y]); 2's and 3's vectors and 1's quaternion apart; with it, no plan is made
    const t = ours.mixer._trs;
    if (euler) { assert.equal(t, null); return; }
    assert.equal(t.n, 3);
    assert.equal(t.v3Rest.length, 3);
    assert.equal(t.qRest.length, 1);
  });
}

// docs/web.md: a value a program sets between updates stays until the mixer changes it, and is
// what an action played afterwards blends from; the other numbers of a vector one of whose
// numbers a track drives stay the program's.
test('values set between updates: kept until the mixer changes them, the original of a later action', () => {
  const run = (Mixer) => {
    const root = new THREE.Object3D();
    const b = new THREE.Object3D(), c = new THREE.Object3D();
    b.name = 'b'; c.name = 'c';
    root.add(b, c);
    const move = new THREE.AnimationClip('move', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 1, 2, 3])]);
    const lift = new THREE.AnimationClip('lift', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 10, 0, 0, 20, 0])]);
    const slide = new THREE.AnimationClip('slide', 1, [new THREE.NumberKeyframeTrack('c.position[x]', [0, 1], [0, 4])]);
    const mixer = new Mixer(root);
    const out = [];
    const see = () => out.push(...b.position.toArray(), ...c.position.toArray());
    const a = mixer.clipAction(move).play();
    mixer.clipAction(slide).play();
    mixer.update(0.1); see();
    c.position.y = 7;
    b.position.set(9, 9, 9);
    mixer.update(0.1); see(); // b: the mixer's again; c.y: the program's
    a.paused = true;
    mixer.update(0.1); see();
    b.position.set(5, 5, 5);
    mixer.update(0.1); see(); // paused: nothing changes, 5, 5, 5 stays
    mixer.update(0.1); see();
    a.stop();
    mixer.update(0.1); see(); // the original back
    b.position.set(2, 3, 4);
    mixer.update(0.1); see();
    mixer.clipAction(lift).setEffectiveWeight(0.5).play();
    mixer.update(0.25); see(); // half of lift, half of the original (2, 3, 4)
    c.position.y = -1;
    mixer.update(0.25); see();
    return out;
  };
  const a = run(THREE.AnimationMixer), b = run(AnimationMixer);
  assert.equal(a.length, b.length);
  a.forEach((x, i) => assert.ok(Math.abs(x - b[i]) <= NUMBER_TOLERANCE * Math.max(1, Math.abs(x)), `value ${i}: three.js ${x}, drop-in ${b[i]}`));
});

// docs/web.md: a group action plays on the group's objects as they were when it was made.
test('group objects: those added to the group after the action is made are not followed', () => {
  const run = (Mixer) => {
    const root = new THREE.Object3D();
    const [m1, m2, m3] = [new THREE.Object3D(), new THREE.Object3D(), new THREE.Object3D()];
    root.add(m1, m2, m3);
    const group = new THREE.AnimationObjectGroup(m1, m2);
    const clip = new THREE.AnimationClip('up', 1, [new THREE.VectorKeyframeTrack('.position', [0, 1], [0, 0, 0, 0, 2, 0])]);
    const mixer = new Mixer(root);
    mixer.clipAction(clip, group).play();
    group.add(m3);
    mixer.update(0.5);
    return [m1, m2, m3].map((m) => m.position.y);
  };
  assert.deepEqual(run(THREE.AnimationMixer), [1, 1, 1]);
  assert.deepEqual(run(AnimationMixer), [1, 1, 0]);
});

// A value a program sets that float32 does not hold (0.1) stays as it was set while the mixer
// does not change it (a paused action), as three.js's mixer leaves it: not rounded to the
// mirror's float32 by the write back.
// A bone b under root and a clip that moves its position and quaternion (and scale, withScale).
function movingBone(withScale) {
  const root = new THREE.Object3D();
  const b = new THREE.Object3D();
  b.name = 'b';
  root.add(b);
  const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0.3);
  const tracks = [
    new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 1, 2, 3]),
    new THREE.QuaternionKeyframeTrack('b.quaternion', [0, 1], [0, 0, 0, 1, ...q.toArray()]),
  ];
  if (withScale) tracks.push(new THREE.VectorKeyframeTrack('b.scale', [0, 1], [1, 1, 1, 2, 2, 2]));
  return { root, b, clip: new THREE.AnimationClip('move', 1, tracks) };
}

test('values set between updates that float32 does not hold: left exactly as set while the mixer holds still', () => {
  const run = (Mixer) => {
    const { root, b, clip } = movingBone(true);
    const mixer = new Mixer(root);
    const a = mixer.clipAction(clip).play();
    mixer.update(0.1);
    a.paused = true;
    mixer.update(0.1);
    b.position.set(0.1, 0.2, 0.3);
    b.quaternion.setFromAxisAngle(new THREE.Vector3(1, 0, 0), 0.1);
    b.scale.set(1.1, 1.3, 1.7);
    const set = [...b.position.toArray(), ...b.quaternion.toArray(), ...b.scale.toArray()];
    const out = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) a.setEffectiveWeight(1); // a call on an action: the next update reads every bound value
      mixer.update(0.1);
      out.push(...b.position.toArray(), ...b.quaternion.toArray(), ...b.scale.toArray());
    }
    return { set, out };
  };
  const three = run(THREE.AnimationMixer), ours = run(AnimationMixer);
  assert.ok(three.set.some((x) => Math.fround(x) !== x), 'the values set are not float32 numbers');
  assert.deepEqual(three.out, [...three.set, ...three.set, ...three.set], "three.js's mixer leaves them");
  assert.deepEqual(ours.out, three.out);
});

// docs/web.md: with { writeAlways: true } a value the program sets on a driven property between
// two updates that mix the same value is written over, where three.js's mixer (and ours without
// the option) leaves it.
test('writeAlways: a value set while the mix holds still is written over, as the differences list says', () => {
  const run = (Mixer, options) => {
    const { root, b, clip } = movingBone(false);
    const mixer = new Mixer(root, options);
    const a = mixer.clipAction(clip).play();
    mixer.update(0.1);
    a.paused = true;
    mixer.update(0.1);
    const mixed = [...b.position.toArray(), ...b.quaternion.toArray()];
    b.position.set(5, 6, 7);
    b.quaternion.set(0, 0, 0, 1);
    mixer.update(0.1);
    return { mixed, out: [...b.position.toArray(), ...b.quaternion.toArray()] };
  };
  const three = run(THREE.AnimationMixer), ours = run(AnimationMixer), always = run(AnimationMixer, { writeAlways: true });
  assert.deepEqual(three.out, [5, 6, 7, 0, 0, 0, 1], "three.js's mixer leaves the values set");
  assert.deepEqual(ours.out, three.out);
  assert.ok(always.mixed[0] > 0.1 && always.mixed[0] < 0.3, `the mix ${always.mixed}`);
  assert.deepEqual(always.out, always.mixed, 'writeAlways writes the mix over them');
});

// writeAlways writes all only while the actions playing drive every bound vector and quaternion:
// a value the program sets on one that nothing drives (its action stopped) stays, before and
// after updates that write all, as in three.js; and from one way of writing to the other the
// values are three.js's.
test('writeAlways: what no playing action drives is left as the program set it, beside three.js', () => {
  const run = (Mixer, options) => {
    const root = new THREE.Object3D();
    const b = new THREE.Object3D(), c = new THREE.Object3D();
    b.name = 'b'; c.name = 'c';
    root.add(b, c);
    const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), 0.7);
    const both = new THREE.AnimationClip('both', 1, [
      new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 1, 2, 3]),
      new THREE.QuaternionKeyframeTrack('c.quaternion', [0, 1], [0, 0, 0, 1, ...q.toArray()]),
      new THREE.VectorKeyframeTrack('c.scale', [0, 1], [1, 1, 1, 2, 3, 4]),
    ]);
    const onlyB = new THREE.AnimationClip('onlyB', 0.8, [new THREE.VectorKeyframeTrack('b.position', [0, 0.8], [0, 5, 0, 4, 0, 0])]);
    const mixer = new Mixer(root, options);
    const out = [], writesAll = [];
    const step = (dt) => {
      mixer.update(dt);
      out.push(...b.position.toArray(), ...c.quaternion.toArray(), ...c.scale.toArray());
      if (mixer instanceof AnimationMixer) writesAll.push(mixer._allDriven);
    };
    const whole = mixer.clipAction(both).play();
    step(0.1); step(0.1);
    mixer.clipAction(onlyB).play();
    step(0.1);                 // both play: all driven
    whole.stop();              // c's bindings go back to their originals
    step(0.1);
    c.scale.set(7, 8, 9);      // nothing drives c now: it stays
    c.quaternion.set(0, 1, 0, 0);
    step(0.1); step(0.1);
    whole.play();              // all driven again, from c's values as set
    step(0.1); step(0.1);
    b.position.set(-1, -1, -1); // driven, and the mix moves: written over on both sides
    step(0.1);
    b.position.set(6, 6, 6);   // still driven by `whole` after the stop: no call writes it before the update
    mixer.clipAction(onlyB).stop();
    out.push(...b.position.toArray());
    step(0.1); step(0.1);
    whole.stop();
    step(0.1);
    c.scale.set(3, 3, 3);
    step(0.1); step(0.1);
    return { out, writesAll };
  };
  const three = run(THREE.AnimationMixer), ours = run(AnimationMixer, { writeAlways: true });
  assert.equal(ours.out.length, three.out.length);
  ours.out.forEach((x, i) => assert.ok(Math.abs(x - three.out[i]) <= NUMBER_TOLERANCE * Math.max(1, Math.abs(three.out[i])),
    `value ${i}: three.js ${three.out[i]}, drop-in ${x}`));
  assert.deepEqual(ours.writesAll, [true, true, true, false, false, false, true, true, true, true, true, false, false, false],
    'which updates wrote all');
  // c as the program set it, while nothing drove it (updates 4 and 5)
  assert.deepEqual(three.out.slice(40 + 3, 50), [0, 1, 0, 0, 7, 8, 9]);
});

// three.js's stop, stopAllAction and uncacheAction write the originals of what no playing action
// drives any more in the call, and leave what others drive as the last update wrote it; a value set
// right after stays (threeanim's mixer alone writes them at the next update: the drop-in asks for
// them at once, ta_mixer_restore_stopped).
for (const options of [undefined, { writeAlways: true }]) {
  test(`stop, stopAllAction and uncacheAction write the originals in the call, beside three.js${options ? ' (writeAlways)' : ''}`, () => {
    const run = (Mixer, opts) => {
      const root = new THREE.Object3D();
      const b = new THREE.Object3D(), c = new THREE.Object3D();
      b.name = 'b'; c.name = 'c';
      b.position.set(1, 2, 3); c.scale.set(2, 2, 2);
      root.add(b, c);
      const slide = new THREE.AnimationClip('slide', 1, [
        new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 4, 0, 0]),
        new THREE.VectorKeyframeTrack('c.scale', [0, 1], [1, 1, 1, 3, 3, 3]),
      ]);
      const lift = new THREE.AnimationClip('lift', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 0, 6, 0])]);
      const mixer = new Mixer(root, opts);
      const out = [];
      const see = () => out.push(...b.position.toArray(), ...c.scale.toArray());
      const s = mixer.clipAction(slide).play();
      mixer.clipAction(lift).setEffectiveWeight(0.5).play();
      mixer.update(0.2); see();
      s.stop(); see();                // c back to (2, 2, 2) now; b still lift's, as last written
      c.scale.set(7, 7, 7);
      mixer.update(0.2); see();       // c stays as set
      s.play();
      mixer.update(0.2); see();
      mixer.stopAllAction(); see();   // both back now
      b.position.set(-1, -1, -1);
      mixer.update(0.2); see();
      mixer.clipAction(slide).play();
      mixer.update(0.2); see();
      mixer.uncacheAction(slide); see();
      c.scale.set(5, 5, 5);
      mixer.update(0.2); see();
      return out;
    };
    const three = run(THREE.AnimationMixer), ours = run(AnimationMixer, options);
    assert.equal(ours.length, three.length);
    ours.forEach((x, i) => assert.ok(Math.abs(x - three[i]) <= NUMBER_TOLERANCE * Math.max(1, Math.abs(three[i])),
      `value ${i} (after step ${Math.floor(i / 6)}): three.js ${three[i]}, drop-in ${x}`));
    assert.deepEqual(three.slice(9, 12), [2, 2, 2], "three.js's stop writes c's original");
  });
}

// What only reads an action (its time, weight, whether it runs) starts no binding: the next update
// pulls no bound value again, and with writeAlways it still writes all without comparing; a call
// that changes the action makes the next one pull every value.
test('reading an action between updates leaves the next update as it was', () => {
  const root = new THREE.Object3D();
  const b = new THREE.Object3D();
  b.name = 'b';
  root.add(b);
  const clip = new THREE.AnimationClip('move', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 1, 2, 3])]);
  const mixer = new AnimationMixer(root, { writeAlways: true });
  const a = mixer.clipAction(clip).play();
  mixer.update(0.1);
  assert.equal(mixer._allDriven, true);
  const read = [a.time, a.timeScale, a.weight, a.enabled, a.paused, a.isRunning(), a.isScheduled(),
    a.getEffectiveWeight(), a.getEffectiveTimeScale()];
  assert.ok(Math.abs(read[0] - 0.1) < 1e-6 && read[5] === true, `read ${read}`);
  assert.equal(mixer._pullEvery, false, 'reading starts nothing');
  mixer.update(0.1);
  assert.equal(mixer._allDriven, true);
  a.setEffectiveWeight(1);
  assert.equal(mixer._pullEvery, true, 'a change makes the next update pull every value');
  mixer.update(0.1);
  assert.deepEqual(b.position.toArray().map((x) => Math.round(x * 1e5) / 1e5), [0.3, 0.6, 0.9]);
});

// docs/three-js-to-threeanim.md: { updateRotation: false } leaves `rotation` stale.
test('updateRotation false: quaternions written without their change callback, rotation stale until updateRotations', () => {
  const make = () => {
    const root = new THREE.Object3D();
    const bone = new THREE.Object3D();
    bone.name = 'bone';
    root.add(bone);
    const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1);
    const clip = new THREE.AnimationClip('turn', 1, [new THREE.QuaternionKeyframeTrack('bone.quaternion', [0, 1], [0, 0, 0, 1, ...q.toArray()])]);
    return { root, bone, clip };
  };
  const a = make(), b = make();
  const drop = new AnimationMixer(a.root);
  const stale = new AnimationMixer(b.root, { updateRotation: false });
  drop.clipAction(a.clip).play(); stale.clipAction(b.clip).play();
  drop.update(0.5); stale.update(0.5);
  assert.ok(Math.abs(a.bone.rotation.y - 0.5) < 1e-6, `three.js's writes: rotation.y ${a.bone.rotation.y}`);
  assert.deepEqual(b.bone.quaternion.toArray(), a.bone.quaternion.toArray());
  assert.equal(b.bone.rotation.y, 0, 'rotation is left as it was');
  stale.updateRotations();
  assert.ok(Math.abs(b.bone.rotation.y - 0.5) < 1e-6, `after updateRotations: ${b.bone.rotation.y}`);
});

// docs/three-js-to-threeanim.md: { updateRotation: false } leaves matrixWorldNeedsUpdate to
// updateMatrix; the world matrices that updateMatrixWorld makes are three.js's all the same.
test('updateRotation false: transforms not flagged, the world matrices as three.js makes them', async () => {
  const make = async (Mixer, options) => {
    const g = await loadGltf(model);
    const root = g.scene;
    const fixed = new THREE.Object3D(); // its matrix is the program's: a flag changes nothing
    fixed.name = 'fixed';
    fixed.matrixAutoUpdate = false;
    root.add(fixed);
    const mixer = new Mixer(root, options);
    for (const clip of g.animations) {
      if (clip.tracks.some((t) => t.name.includes('.material') || t.name.includes('.map'))) continue;
      mixer.clipAction(clip).play();
    }
    mixer.clipAction(new THREE.AnimationClip('slide', 2, [new THREE.VectorKeyframeTrack('fixed.position', [0, 2], [0, 0, 0, 4, 0, 0])])).play();
    return { root, mixer };
  };
  const three = await make(THREE.AnimationMixer), ours = await make(AnimationMixer, { updateRotation: false });
  const moved = new Set();
  for (const c of (await loadGltf(model)).animations) {
    for (const t of c.tracks) if (/\.(position|quaternion|scale)$/.test(t.name)) moved.add(THREE.PropertyBinding.parseTrackName(t.name).nodeName);
  }
  moved.add('fixed');
  let compared = 0;
  for (let frame = 0; frame < 6; frame++) {
    for (const side of [three, ours]) {
      side.root.traverse((o) => { o.matrixWorldNeedsUpdate = false; });
      side.mixer.update(0.043);
    }
    const flaggedThree = objects(three.root).filter((o) => o.matrixWorldNeedsUpdate && moved.has(o.name));
    const flaggedOurs = objects(ours.root).filter((o) => o.matrixWorldNeedsUpdate && moved.has(o.name));
    assert.ok(flaggedThree.length > 4, `frame ${frame}: three.js flags the moved objects (${flaggedThree.length})`);
    assert.deepEqual(flaggedOurs.map((o) => o.name), [], `frame ${frame}: no moved object flagged`);
    three.root.updateMatrixWorld();
    ours.root.updateMatrixWorld();
    const a = objects(three.root), b = objects(ours.root);
    assert.equal(a.length, b.length);
    for (let i = 0; i < a.length; i++) {
      const ea = a[i].matrixWorld.elements, eb = b[i].matrixWorld.elements;
      const big = Math.max(1, ...ea.map(Math.abs));
      for (let k = 0; k < 16; k++) {
        assert.ok(Math.abs(ea[k] - eb[k]) <= 1e-6 * big, `frame ${frame}: "${a[i].name}" matrixWorld[${k}]: ${eb[k]}, three.js ${ea[k]}`);
      }
      compared++;
    }
  }
  assert.ok(compared > 6 * 10, `matrices compared (${compared})`);
});

test('a frame of a bound mixer allocates nothing in the wasm heap', async () => {
  const g = await loadGltf(model);
  const m = new AnimationMixer(g.scene);
  m.clipAction(g.animations[0]).play();
  m.clipAction(g.animations[1]).play().setEffectiveWeight(0.5);
  m.update(0.016);
  const before = wasmAllocCount();
  for (let i = 0; i < 100; i++) m.update(0.016);
  assert.equal(wasmAllocCount() - before, 0);
});

test('a mixer the program drops gives its wasm heap back when it is collected', async () => {
  const g = await loadGltf(model);
  // the clips' threeanim copies are made once for the module and shared (as three.js's mixers
  // share a clip): made by this mixer, kept, before the count starts
  const kept = new AnimationMixer(g.scene);
  kept.clipAction(g.animations[0]).play();
  kept.clipAction(g.animations[1]).play();
  kept.update(0.016);
  await collect();
  const base = wasmLiveBytes();
  (() => {
    for (let i = 0; i < 10; i++) {
      const m = new AnimationMixer(g.scene, { updateRotation: i % 2 === 0 });
      m.clipAction(g.animations[0]).play();
      m.clipAction(g.animations[1]).play().fadeOut(0.5);
      m.update(0.016);
    }
  })();
  const grown = wasmLiveBytes();
  assert.ok(grown > base + 10 * 1000, `ten mixers hold their scenes and actions (${grown - base} bytes)`);
  await collect(() => wasmLiveBytes() === base);
  assert.equal(wasmLiveBytes(), base, 'bytes still held after the ten mixers were collected');
  // the mixer kept still runs, on the shared clips
  kept.update(0.016);
  assert.ok(kept.time > 0.03);
});

test('an action keeps its mixer, and the mixer its wasm heap, while the program holds it', async () => {
  const g = await loadGltf(model);
  await collect(); // what earlier tests dropped
  const action = (() => {
    const m = new AnimationMixer(g.scene);
    const a = m.clipAction(g.animations[0]).play();
    m.update(0.1);
    return a;
  })();
  const held = wasmLiveBytes();
  await collect();
  assert.equal(wasmLiveBytes(), held, 'the mixer of a reachable action was freed');
  action.getMixer().update(0.1);
  assert.ok(Math.abs(action.time - 0.2) < 1e-6, `the action's time after two updates (${action.time})`);
});

test('a clip the program drops is freed with the mixers that played it', async () => {
  const g = await loadGltf(model);
  await collect(); // what earlier tests dropped
  const base = wasmLiveBytes();
  (() => {
    // clips of their own (clone: new AnimationClip objects, new uuids, new tracks), three mixers each
    const clips = g.animations.slice(0, 2).map((c) => c.clone());
    for (let i = 0; i < 3; i++) {
      const m = new AnimationMixer(g.scene);
      m.clipAction(clips[0]).play();
      m.clipAction(clips[1]).play();
      m.update(0.016);
    }
  })();
  const grown = wasmLiveBytes();
  assert.ok(grown > base + 10000, `the clips' copies and the mixers held (${grown - base} bytes)`);
  await collect(() => wasmLiveBytes() === base);
  assert.equal(wasmLiveBytes(), base, 'bytes still held after the clips and their mixers were collected');
});

// three.js's mixer forgets a clip with its last action (uncacheAction deletes its entry by uuid):
// the drop-in gives back its copy then, and a clip of that uuid made again is bound afresh.
test('uncaching a clip\'s last action gives its copy back; a clip of its uuid made again plays as three.js', async () => {
  const [g1, g2, g3] = [await loadGltf(model), await loadGltf(model), await loadGltf(model)];
  const held = {};
  await collect(); // what earlier tests dropped
  const m = (() => {
    const mixer = new AnimationMixer(g2.scene);
    const clip = g2.animations[0].clone();
    held.uuid = clip.uuid;
    mixer.clipAction(clip).play();
    mixer.update(0.1);
    mixer.uncacheAction(clip); // the mixer's last path to the clip object
    return mixer;
  })();
  const made = wasmLiveBytes();
  await collect(); // the clone is collected, and the shared copy's reference given back
  assert.ok(made - wasmLiveBytes() > 5000, `the copy freed with the clip object and the mixer's last action on it (${made - wasmLiveBytes()} bytes)`);
  // other clips made and freed, so that memory freed too early would be written over
  (() => {
    for (let i = 0; i < 3; i++) {
      const x = new AnimationMixer(g3.scene);
      x.clipAction(g3.animations[1].clone()).play();
      x.update(0.016);
    }
  })();
  await collect();
  // three.js finds a clip by its uuid: so does the drop-in, and it plays the copy it kept
  const again = g2.animations[0].clone();
  again.uuid = held.uuid;
  m.clipAction(again).play();
  const t = new THREE.AnimationMixer(g1.scene);
  t.clipAction(g1.animations[0]).play();
  t.update(0.1);
  m.update(0.1);
  assert.ok(compareScenes(g1.scene, g2.scene) < NUMBER_TOLERANCE);
});

// A program that streams clips through one long-lived mixer (play, uncacheClip, drop the clip)
// keeps none of them: the drop-in gives its copy back and threeanim's uncached action its clip,
// so what stays per clip is the forgotten action's few hundred bytes (three.js keeps nothing).
// Before, each clip of 16 tracks of 200 keys stayed in the wasm heap: about 189 KB.
test('a mixer that streams clips through play and uncacheClip keeps none of them', async (t) => {
  const root = new THREE.Object3D();
  const bones = [];
  for (let i = 0; i < 8; i++) { const b = new THREE.Bone(); b.name = `b${i}`; (i ? bones[i - 1] : root).add(b); bones.push(b); }
  const m = new AnimationMixer(root);
  const keys = 200, times = Float32Array.from({ length: keys }, (_, i) => i / 30);
  const stream = (from, to) => {
    for (let k = from; k < to; k++) {
      const tracks = [];
      for (const b of bones) {
        tracks.push(new THREE.VectorKeyframeTrack(`${b.name}.position`, times, Float32Array.from({ length: 3 * keys }, (_, i) => (i * 7 + k) % 5)));
        tracks.push(new THREE.QuaternionKeyframeTrack(`${b.name}.quaternion`, times, Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0))));
      }
      const clip = new THREE.AnimationClip(`c${k}`, -1, tracks);
      m.clipAction(clip).play();
      m.update(0.1);
      assert.ok(m.existingAction(clip).isRunning());
      m.uncacheClip(clip);
      assert.equal(m.existingAction(clip), null);
    }
  };
  stream(0, 10);
  await collect();
  const base = wasmLiveBytes();
  stream(10, 60);
  await collect(() => (wasmLiveBytes() - base) / 50 < 2048);
  const perClip = (wasmLiveBytes() - base) / 50;
  t.diagnostic(`wasm bytes kept per streamed clip: ${perClip.toFixed(0)}`);
  assert.ok(perClip < 2048, `bytes kept per streamed clip: ${perClip}`);
});

// three.js's crossFadeFrom and syncWith take an action of another mixer as well: a fade (or a copy
// of time and time scale) on each action, each on its own mixer's clock. The drop-in once passed
// the other action's index to this action's mixer, which then faded (or synced with) whichever of
// its own actions had that index.
test('crossFadeFrom and syncWith with an action of another mixer, as three.js', async () => {
  const three = [await loadGltf(model), await loadGltf(model)];
  const ours = [await loadGltf(model), await loadGltf(model)];
  const run = (Mixer, pair) => {
    const [m1, m2] = pair.map((g) => new Mixer(g.scene));
    const clips = pair[0].animations, clips2 = pair[1].animations;
    const a = m1.clipAction(clips[0]).play(), b = m1.clipAction(clips[1]).play().setEffectiveWeight(0.4);
    const c = m2.clipAction(clips2[2]).play();
    const d = m2.clipAction(clips2[0]).play().setEffectiveWeight(0.6);
    m1.update(0.3); m2.update(0.7);
    a.crossFadeFrom(d, 0.5); // d (index 1 in m2; b has index 1 in m1) fades out
    b.syncWith(c); // c's time and time scale (index 0 in m2; a has index 0 in m1)
    // steps that land on no fade's end (three.js keeps a fade's end as a float32, threeanim as a
    // double: a listed difference, which a step ending on it shows)
    for (let f = 0; f < 22; f++) { m1.update(0.045); m2.update(0.045); }
    return [a, b, c, d].map((x) => [x.getEffectiveWeight(), x.time, x.timeScale, x.isRunning()]);
  };
  const want = run(THREE.AnimationMixer, three), got = run(AnimationMixer, ours);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 3; j++) assert.ok(Math.abs(got[i][j] - want[i][j]) < 1e-5, `action ${i}, ${['weight', 'time', 'timeScale'][j]}: ${got[i][j]} against ${want[i][j]}`);
    assert.equal(got[i][3], want[i][3], `action ${i} running`);
  }
  for (const k of [0, 1]) assert.ok(compareScenes(three[k].scene, ours[k].scene) <= NUMBER_TOLERANCE, `scene ${k}`);
});

test('a warped cross-fade between actions of two mixers, each on its own clock, as three.js', async () => {
  const three = [await loadGltf(model), await loadGltf(model)];
  const ours = [await loadGltf(model), await loadGltf(model)];
  const run = (Mixer, pair) => {
    const [m1, m2] = pair.map((g) => new Mixer(g.scene));
    const x = m1.clipAction(pair[0].animations[0]).play(), y = m2.clipAction(pair[1].animations[1]).play();
    y.timeScale = 1.5;
    m1.update(0.3); m2.update(0.7); // the two clocks apart
    x.crossFadeFrom(y, 0.5, true);
    const seen = [];
    for (let f = 0; f < 16; f++) {
      m1.update(0.045); m2.update(0.045);
      seen.push([x, y].map((a) => [a.getEffectiveWeight(), a.getEffectiveTimeScale(), a.timeScale, a.time]));
    }
    return seen;
  };
  const want = run(THREE.AnimationMixer, three), got = run(AnimationMixer, ours);
  want.forEach((step, f) => step.forEach((action, i) => action.forEach((v, j) =>
    assert.ok(Math.abs(got[f][i][j] - v) < 1e-5, `step ${f}, action ${i}, ${['weight', 'effective time scale', 'timeScale', 'time'][j]}: ${got[f][i][j]} against ${v}`))));
  assert.equal(got[15][1][2], 1.5, 'the faded-out action has its own time scale back');
  for (const k of [0, 1]) assert.ok(compareScenes(three[k].scene, ours[k].scene) <= NUMBER_TOLERANCE, `scene ${k}`);
});

// three.js's mixer.time is a field a program may assign, moving the clock its fades read;
// threeanim's clock is moved by update and setTime alone, so an assignment is refused at once
// (before, it was silently overwritten by the next update).
test('mixer.time: read as three.js, an assignment of another value refused naming it', async () => {
  const g = await loadGltf(model);
  const m = new AnimationMixer(g.scene);
  m.clipAction(g.animations[0]).play();
  m.update(0.25);
  assert.equal(m.time, 0.25);
  m.time = 0.25; // the same value: nothing to refuse
  assert.throws(() => { m.time = 0; }, /mixer\.time = 0: the clock cannot be set \(it is 0\.25\); update\(deltaTime\) moves it, setTime\(time\)/);
  assert.equal(m.time, 0.25);
  m.setTime(1);
  assert.equal(m.time, 1);
});

test('uncacheAction lets go of the action and its clip object, as three.js', async () => {
  const g = await loadGltf(model);
  const m = new AnimationMixer(g.scene);
  const held = {};
  (() => {
    const clip = g.animations[0].clone();
    held.ref = new WeakRef(clip);
    m.clipAction(clip).play();
    m.update(0.1);
    m.uncacheAction(clip);
  })();
  await collect(() => held.ref.deref() === undefined);
  assert.equal(held.ref.deref(), undefined, 'the clip object is still held after uncacheAction');
  m.update(0.1);
});

// what the counting allocator does not see (buffers from plain malloc, such as each mixer's event
// buffer): mixers made and dropped, round after round, must not grow the wasm memory
test('mixers made and dropped round after round do not grow the wasm memory', async () => {
  const g = await loadGltf(model);
  const round = () => {
    for (let i = 0; i < 40; i++) {
      const m = new AnimationMixer(g.scene);
      m.clipAction(g.animations[0]).play();
      m.update(0.016);
    }
  };
  for (let r = 0; r < 3; r++) { round(); await collect(); }
  const pages = wasm.memory.buffer.byteLength;
  for (let r = 0; r < 12; r++) { round(); await collect(); }
  assert.equal(wasm.memory.buffer.byteLength, pages, 'the wasm memory grew');
});

test('a clip refused at its second track gives back what its first track made', () => {
  const root = new THREE.Object3D();
  const box = new THREE.Object3D();
  box.name = 'box';
  root.add(box);
  const mixer = new AnimationMixer(root);
  // the mixer mirrors its objects at the first clip: bound before the count starts
  mixer.clipAction(new THREE.AnimationClip('warm', 1, [new THREE.VectorKeyframeTrack('box.position', [0, 1], [0, 0, 0, 1, 0, 0])]));
  const base = wasmLiveBytes();
  // A program's own interpolant: three.js's getInterpolation has no name for it.
  const own = new THREE.VectorKeyframeTrack('box.scale', [0, 1], [1, 1, 1, 2, 2, 2]);
  own.createInterpolant = function (result) { return new THREE.LinearInterpolant(this.times, this.values, this.getValueSize(), result); };
  const long = new Float32Array(3000).map((_, i) => i);
  const clip = new THREE.AnimationClip('mixed', 1, [
    new THREE.VectorKeyframeTrack('box.position', new Float32Array(1000).map((_, i) => i / 999), long), own]);
  assert.throws(() => mixer.clipAction(clip), /track "box\.scale".*interpolation undefined is not supported/);
  assert.equal(wasmLiveBytes(), base, 'bytes kept by the refused clip');
  assert.equal(mixer.existingAction(clip), null);
});

test("the binding's node lookup finds the node three.js's PropertyBinding.findNode finds, on random trees", () => {
  let seed = 7;
  const rand = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
  const pool = ['a', 'b', 'c', 'a.b', '', 'bone'];
  for (let round = 0; round < 200; round++) {
    const all = [];
    const root = round % 3 === 0 ? new THREE.SkinnedMesh(new THREE.BufferGeometry()) : new THREE.Object3D();
    root.name = pool[Math.floor(rand() * pool.length)];
    all.push(root);
    for (let i = 0, n = 1 + Math.floor(rand() * 30); i < n; i++) {
      const o = rand() < 0.3 ? new THREE.Bone() : new THREE.Object3D();
      o.name = rand() < 0.7 ? pool[Math.floor(rand() * pool.length)] : `n${i}`;
      all[Math.floor(rand() * all.length)].add(o);
      all.push(o);
    }
    // a name that is another node's uuid, found as three.js finds it: by name or by uuid, first in its search
    all[1 + Math.floor(rand() * (all.length - 1))].name = all[Math.floor(rand() * all.length)].uuid;
    if (root.isSkinnedMesh) {
      const bones = all.filter((o) => o.isBone);
      // a skeleton's bone (searched before the tree), not always in the tree
      if (rand() < 0.5) { const loose = new THREE.Bone(); loose.name = pool[Math.floor(rand() * pool.length)]; bones.push(loose); }
      root.bind(new THREE.Skeleton(bones));
    }
    const names = [...pool, undefined, '.', 'missing', ...all.map((o) => o.uuid), ...all.map((o) => o.name)];
    const find = nodeFinder(root);
    for (const name of names) assert.equal(find(name), THREE.PropertyBinding.findNode(root, name), `round ${round}, name ${JSON.stringify(name)}`);
  }
});

test('a track renamed after a mixer bound it is bound by its new name by the next mixer', () => {
  const root = new THREE.Object3D();
  const a = new THREE.Object3D(), b = new THREE.Object3D();
  a.name = 'a'; b.name = 'b';
  root.add(a, b);
  const track = new THREE.VectorKeyframeTrack('a.position', [0, 1], [0, 0, 0, 2, 4, 6]);
  const clip = new THREE.AnimationClip('move', 1, [track]);
  assert.equal(parsedName(track).nodeName, 'a');
  new AnimationMixer(root).clipAction(clip).play().getMixer().update(0.5);
  assert.deepEqual(a.position.toArray(), [1, 2, 3]);
  track.name = 'b.position';
  const other = new THREE.AnimationClip('move', 1, [track]);
  new AnimationMixer(root).clipAction(other).play().getMixer().update(0.25);
  assert.deepEqual(b.position.toArray(), [0.5, 1, 1.5]);
  assert.equal(parsedName(track).nodeName, 'b');
});

test('uncacheClip stops and forgets every action on the clip, an earlier one of the other blend mode too, as three.js', () => {
  const run = (Mixer) => {
    const root = new THREE.Object3D(), other = new THREE.Object3D(), b = new THREE.Object3D(), c = new THREE.Object3D();
    b.name = 'b'; c.name = 'b';
    root.add(b); other.add(c);
    const clip = new THREE.AnimationClip('c', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 1, 2, 3])]);
    const m = new Mixer(root);
    const normal = m.clipAction(clip).play();
    const additive = m.clipAction(clip, root, THREE.AdditiveAnimationBlendMode).play();
    const elsewhere = m.clipAction(clip, other).play();
    m.update(0.5);
    const before = [...b.position.toArray(), ...c.position.toArray()];
    m.uncacheClip(clip);
    b.position.set(9, 9, 9);
    c.position.set(8, 8, 8);
    m.update(0.25);
    let refused = 0;
    for (const a of [normal, additive, elsewhere]) { try { if (a.isScheduled()) return 'scheduled'; } catch { refused++; } }
    return { before, after: [...b.position.toArray(), ...c.position.toArray()], existing: m.existingAction(clip), refused };
  };
  const three = run(THREE.AnimationMixer), ours = run(AnimationMixer);
  assert.deepEqual(ours.before, three.before);
  assert.deepEqual(ours.after, three.after);
  assert.deepEqual(ours.after, [9, 9, 9, 8, 8, 8]);
  assert.equal(ours.existing, null);
  assert.equal(ours.refused, 3, 'each uncached action refuses a call, naming why');
});

// Random sequences of calls on three.js's mixer and the drop-in, side by side, step by step: the
// stats always; with deep, every live action's state and every object's position and scale too.
// mixedBlend: a clip's actions on one root of both blend modes, where three.js's existingAction
// finds only the later one and its uncacheRoot restores (or, never played, zeroes) the bindings
// of the other, which it leaves playing: stats only then.
function randomRounds({ seed, rounds, deep, mixedBlend }) {
  const rand = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 2 ** 32; };
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const scene = () => {
    const root = new THREE.Object3D(), arm = new THREE.Object3D(), a = new THREE.Object3D(), b = new THREE.Object3D();
    a.name = 'a'; b.name = 'b'; arm.name = 'arm';
    // an 'a' and a 'b' of the root's own, found from the root before the arm's: the actions on
    // the two roots drive apart (three.js keeps a binding a root and track name, each writing its
    // own mix where two reach one object; threeanim mixes them into one, a listed difference)
    const ra = new THREE.Object3D(), rb = new THREE.Object3D();
    ra.name = 'a'; rb.name = 'b';
    root.add(ra, rb, arm); arm.add(a, b);
    return { root, arm };
  };
  const clips = [
    new THREE.AnimationClip('walk', 1, [new THREE.VectorKeyframeTrack('a.position', [0, 1], [0, 0, 0, 1, 1, 1]),
      new THREE.QuaternionKeyframeTrack('b.quaternion', [0, 1], [0, 0, 0, 1, 0, 0, 1, 0])]),
    new THREE.AnimationClip('wave', 0.5, [new THREE.VectorKeyframeTrack('a.position', [0, 0.5], [1, 0, 0, 0, 1, 0]),
      new THREE.VectorKeyframeTrack('a.scale', [0, 0.5], [1, 1, 1, 2, 2, 2])]),
    new THREE.AnimationClip('nod', 2, [new THREE.VectorKeyframeTrack('b.position', [0, 2], [0, 0, 0, 0, 1, 0])]),
  ];
  const loops = [THREE.LoopOnce, THREE.LoopRepeat, THREE.LoopPingPong];
  let steps = 0, broken = 0, apart = 0;
  for (let round = 0; round < rounds; round++) {
    const sides = [THREE.AnimationMixer, AnimationMixer].map((Mixer) => { const s = scene(); return { ...s, mixer: new Mixer(s.root), actions: [] }; });
    const live = []; // indices of actions not uncached
    const log = [];
    for (let step = 0; step < 40; step++) {
      const r = rand();
      const i = live.length > 0 ? pick(live) : -1, j = live.length > 0 ? pick(live) : -1;
      // deltas and times on multiples of 0.025, a fade's or warp's length (ramp) off them: an
      // update lands on a ramp's end (see below) only by the rounding of the clock's sums
      const d = pick([0.1, 0.25, 0.5, 1]), ramp = pick([0.13, 0.37, 0.71, 1.09]);
      let op;
      if (r < 0.15 || i < 0) {
        const clip = pick(clips), onArm = rand() < 0.3;
        const blend = (mixedBlend ? rand() < 0.3 : clip === clips[1]) ? THREE.AdditiveAnimationBlendMode : undefined;
        op = (s) => { const a = s.mixer.clipAction(clip, onArm ? s.arm : undefined, blend); if (!s.actions.includes(a)) s.actions.push(a); return s.actions.indexOf(a); };
        const made = sides.map(op);
        assert.equal(made[0], made[1]);
        if (!live.includes(made[0])) live.push(made[0]);
        log.push(`clipAction ${clip.name}${onArm ? ' arm' : ''}${blend ? ' additive' : ''}`);
      } else {
        // three.js keeps a LoopPingPong action's leg in the parity of its loop count, which counts
        // the wraps made under any loop mode and which setTime leaves as it is; threeanim keeps it
        // in the phase, which a loop mode keeps and setTime zeroes (a listed difference). So no
        // setLoop once three.js's action has run, no syncWith with a LoopPingPong action (threeanim
        // copies the phase, three.js the time), and no setTime while one is on its way back.
        const t = sides[0].actions[i], u = sides[0].actions[j];
        const fresh = t && t._loopCount === -1 && t.time === 0;
        const pingPong = (a) => a.loop === THREE.LoopPingPong;
        const returning = sides[0].actions.some((a) => pingPong(a) && (a._loopCount & 1) === 1);
        const calls = [
          ['play', (a) => a.play()], ['stop', (a) => a.stop()], ['reset', (a) => a.reset()],
          ['fadeIn', (a) => a.fadeIn(ramp)], ['fadeOut', (a) => a.fadeOut(ramp)],
          ['crossFadeFrom', (a, b) => a.crossFadeFrom(b, ramp, false), t !== u],
          ['crossFadeTo warped', (a, b) => a.crossFadeTo(b, ramp, true), t !== u],
          ['warp', (a) => a.warp(1, 2, ramp)], ['halt', (a) => a.halt(ramp)],
          ['stopFading', (a) => a.stopFading()], ['stopWarping', (a) => a.stopWarping()],
          ['setEffectiveWeight', (a) => a.setEffectiveWeight(0.5)], ['setEffectiveTimeScale', (a) => a.setEffectiveTimeScale(1.5)],
          ['setDuration', (a) => a.setDuration(2)],
          ['syncWith', (a, b) => a.syncWith(b), !pingPong(t) && !pingPong(u)],
          ['setLoop', (a) => a.setLoop(loops[Math.floor(d * 4) % 3], d < 0.3 ? 1 : Infinity), fresh],
          ['clampWhenFinished', (a) => { a.clampWhenFinished = !a.clampWhenFinished; }],
          ['enabled', (a) => { a.enabled = !a.enabled; }], ['paused', (a) => { a.paused = !a.paused; }],
          ['startAt', (a, b, s) => a.startAt(s.mixer.time + d)],
          ['update half', (a, b, s) => s.mixer.update(d / 2)], ['update', (a, b, s) => s.mixer.update(d)],
          ['update back', (a, b, s) => s.mixer.update(-d / 4)], ['setTime', (a, b, s) => s.mixer.setTime(d), !returning],
          ['timeScale', (a, b, s) => { s.mixer.timeScale = s.mixer.timeScale === 1 ? 2 : 1; }],
          ['stopAllAction', (a, b, s) => s.mixer.stopAllAction()],
          ['uncacheAction', (a, b, s) => s.mixer.uncacheAction(a.getClip(), a.getRoot())],
          ['uncacheClip', (a, b, s) => s.mixer.uncacheClip(a.getClip())],
          ['uncacheRoot', (a, b, s) => s.mixer.uncacheRoot(a.getRoot())],
        ];
        const [name, call, allowed = true] = pick(calls);
        if (!allowed) continue;
        // three.js's own mixer breaks on some sequences (its uncacheRoot drops the bindings of an
        // action of the other blend mode on the clip, which a later uncache drops again): the round ends
        try { call(sides[0].actions[i], sides[0].actions[j], sides[0]); } catch { broken++; break; }
        // or leaves its own books wrong (an action it still knows whose bindings it dropped)
        const known = new Set(sides[0].mixer._bindings);
        if (sides[0].mixer._actions.some((a) => a._propertyBindings.some((b) => !known.has(b)))) { broken++; break; }
        call(sides[1].actions[i], sides[1].actions[j], sides[1]);
        log.push(`${name} ${i} ${j} ${d} ${ramp}`);
        // the actions three.js's mixer still knows: uncached ones are left alone from here on
        for (let k = live.length - 1; k >= 0; k--) {
          // (in its list of actions: its uncacheClip leaves _cacheIndex set on the last one it removes)
          if (!sides[0].mixer._actions.includes(sides[0].actions[live[k]])) live.splice(k, 1);
        }
      }
      // play enables and reset does not, where three.js's play does not and reset does (a listed
      // difference): from there the two mixers' fades and warps may end apart, and the round ends;
      // so where the mixer's time reaches within float32 of a fade's or warp's start or end, which
      // three.js keeps in float32 and threeanim in double (a listed difference)
      const t = sides[0].mixer.time;
      const edge = (ip) => ip !== null && Math.abs(ip.parameterPositions[1] - t) <= 1e-6 * Math.max(1, Math.abs(t));
      // and where an action's time is within float32 of its clip's ends but not on them (threeanim's
      // phase is a float32 (animation_action.h): it wraps, or stops, where three.js's double has not)
      const nearEnd = (a) => [0, a.getClip().duration].some((e) => a.time !== e && Math.abs(a.time - e) <= 1e-6);
      if (live.some((k) => sides[0].actions[k].enabled !== sides[1].actions[k].enabled)
        || sides[0].actions.some((a) => edge(a._weightInterpolant) || edge(a._timeScaleInterpolant) || nearEnd(a))) { apart++; break; }
      if (deep) {
        const near = (x, y) => Math.abs(x - y) <= 1e-4 * Math.max(1, Math.abs(x), Math.abs(y));
        for (const k of live) {
          const [p, q] = [sides[0].actions[k], sides[1].actions[k]];
          const what = [['isScheduled', (a) => a.isScheduled()], ['isRunning', (a) => a.isRunning()], ['paused', (a) => a.paused]];
          for (const [n, f] of what) assert.equal(f(q), f(p), `round ${round} action ${k} ${n}, after:\n${log.join('\n')}`);
          for (const [n, f] of [['time', (a) => a.time], ['weight', (a) => a.getEffectiveWeight()], ['timeScale', (a) => a.getEffectiveTimeScale()]]) {
            assert.ok(near(f(q), f(p)), `round ${round} action ${k} ${n} ${f(q)} against ${f(p)}, after:\n${log.join('\n')}`);
          }
        }
        const objs = (s) => { const o = []; s.root.traverse((x) => o.push(x)); return o; };
        const [oa, ob] = [objs(sides[0]), objs(sides[1])];
        oa.forEach((x, k) => {
          const y = ob[k];
          const xs = [...x.position.toArray(), ...x.scale.toArray()], ys = [...y.position.toArray(), ...y.scale.toArray()];
          xs.forEach((v, e) => assert.ok(near(v, ys[e]), `round ${round} ${x.name} ${v} against ${ys[e]}, after:\n${log.join('\n')}`));
        });
        for (const c of clips) for (const r of ['root', 'arm']) {
          const [ea, eb] = sides.map((s) => s.mixer.existingAction(c, r === 'root' ? undefined : s.arm));
          assert.equal(eb === null ? -1 : sides[1].actions.indexOf(eb), ea === null ? -1 : sides[0].actions.indexOf(ea), `round ${round} existingAction ${c.name} ${r}`);
        }
      }
      const count = (m) => [m.stats.actions.total, m.stats.actions.inUse, m.stats.bindings.total, m.stats.bindings.inUse,
        m.stats.controlInterpolants.total, m.stats.controlInterpolants.inUse];
      assert.deepEqual(count(sides[1].mixer), count(sides[0].mixer), `round ${round}, after:\n${log.join('\n')}`);
      steps++;
    }
  }
  return { steps, broken, apart };
}

test('mixer.stats counts as three.js counts: actions, bindings and control interpolants, on 300 random call sequences', () => {
  const { steps, broken, apart } = randomRounds({ seed: 20261207, rounds: 300, deep: false, mixedBlend: true });
  assert.ok(steps > 300 * 25 && broken < 60, `${steps} steps compared, ${broken} rounds ended by three.js's mixer, ${apart} by enabled`);
});

test("the drop-in beside three.js's mixer on 300 random call sequences: each action's state, the objects, existingAction and stats", () => {
  const { steps, broken, apart } = randomRounds({ seed: 7120, rounds: 300, deep: true, mixedBlend: false });
  assert.ok(steps > 300 * 25 && broken === 0, `${steps} steps compared, ${broken} rounds ended by three.js's mixer, ${apart} by enabled`);
});

test("mixer.stats: a fade that ends in the update that finishes its action, a disabled action's fade and a paused action's warp stay lent, as in three.js", () => {
  const run = (Mixer, script) => {
    const { clip, m } = oneTrack(Mixer);
    const a = m.clipAction(clip);
    script(m, a);
    return [m.stats.controlInterpolants.total, m.stats.controlInterpolants.inUse, a.enabled, a.paused];
  };
  const finishing = (m, a) => { a.setLoop(THREE.LoopOnce, 1).play(); m.update(0.7); a.fadeOut(0.5); m.update(0.6); };
  const paused = (m, a) => { a.play(); a.warp(1, 2, 0.5); a.paused = true; m.update(1); };
  const ended = (m, a) => { a.play(); a.warp(1, 2, 0.5); a.fadeIn(0.25); m.update(1); };
  const disabled = (m, a) => { a.play(); a.fadeOut(0.5); a.enabled = false; m.update(1); };
  for (const [name, script, expected] of [['finishing', finishing, [1, 1, false, false]], ['paused', paused, [1, 1, true, true]],
    ['ended', ended, [2, 0, true, false]], ['disabled', disabled, [1, 1, false, false]]]) {
    const three = run(THREE.AnimationMixer, script);
    assert.deepEqual(three, expected, `three.js, ${name}`);
    assert.deepEqual(run(AnimationMixer, script), three, name);
  }
});

test('two roots reaching one node: one pile by weight, where three.js writes one root\'s mix (a listed difference)', () => {
  const run = (Mixer) => {
    const root = new THREE.Object3D(), arm = new THREE.Object3D(), a = new THREE.Object3D();
    arm.name = 'arm'; a.name = 'a';
    root.add(arm); arm.add(a);
    const c1 = new THREE.AnimationClip('one', 1, [new THREE.VectorKeyframeTrack('a.position', [0, 1], [2, 0, 0, 2, 0, 0])]);
    const c2 = new THREE.AnimationClip('two', 1, [new THREE.VectorKeyframeTrack('a.position', [0, 1], [4, 0, 0, 4, 0, 0])]);
    const m = new Mixer(root);
    m.clipAction(c1).play();
    m.clipAction(c2, arm).play();
    m.update(0.1);
    return a.position.x;
  };
  assert.equal(run(THREE.AnimationMixer), 4, "three.js: the arm's binding, applied last");
  assert.equal(run(AnimationMixer), 3, 'the drop-in: the mean of 2 and 4 at weights 1 and 1');
});

test("the wasm memory grows by a quarter at a time, not by malloc's pages: a few growths for hundreds of mixers", async (t) => {
  const g = await loadGltf(model);
  const before = wasm.memory.buffer.byteLength;
  let buffer = wasm.memory.buffer, growths = 0;
  const kept = [];
  // at least 400 mixers, and as many more as fill what earlier tests freed until the memory grew
  for (let i = 0; i < 6000 && (i < 400 || wasm.memory.buffer.byteLength - before <= 40 * 65536); i++) {
    const m = new AnimationMixer(g.scene.clone());
    m.clipAction(g.animations[0]).play();
    m.clipAction(g.animations[1]).play();
    m.update(0.016);
    kept.push(m);
    if (wasm.memory.buffer !== buffer) { buffer = wasm.memory.buffer; growths++; } // a growth detaches the old buffer
  }
  const grown = wasm.memory.buffer.byteLength - before;
  // each growth at least a quarter of the memory (or what one malloc needs): from before to now
  // that takes at most log(now / before) / log(1.25) of them, where 64 KiB pages took grown / 64 KiB
  const most = Math.ceil(Math.log(wasm.memory.buffer.byteLength / before) / Math.log(1.25)) + 1;
  assert.ok(grown > 40 * 65536, `${kept.length} mixers grew the memory by ${grown} bytes`);
  assert.ok(growths <= most, `${growths} growths for ${grown} bytes (at most ${most}; ${Math.ceil(grown / 65536)} pages)`);
  t.diagnostic(`${kept.length} mixers: ${growths} growths for ${grown} bytes`);
  kept.length = 0;
});

// reserveMemory: a program that knows its size makes the room in one growth, before its frames.
test('reserveMemory makes room in one growth: the mixers made after it grow the memory no more', async () => {
  const g = await loadGltf(model);
  const before = wasm.memory.buffer.byteLength;
  reserveMemory(before); // more than is free above the heap now: it must grow, once
  const reserved = wasm.memory.buffer;
  assert.ok(reserved.byteLength > before, `reserveMemory(${before}) left the memory at ${reserved.byteLength} bytes`);
  const live = wasmLiveBytes(), kept = [];
  while (wasmLiveBytes() - live < before / 2) { // half the room, in mixers
    const m = new AnimationMixer(g.scene.clone());
    m.clipAction(g.animations[0]).play();
    m.update(0.016);
    kept.push(m);
  }
  assert.equal(wasm.memory.buffer, reserved, `${kept.length} mixers made in the room grew the memory`);
  reserveMemory(0);
  assert.equal(wasm.memory.buffer, reserved, 'reserveMemory(0) grew the memory');
  for (const bad of [-1, 1.5, 2 ** 32, NaN]) assert.throws(() => reserveMemory(bad), new RegExp(`reserveMemory: ${bad} is not a byte count`));
  kept.length = 0;
});

// A root with one child 'b', a mixer of the kind given on it, and a clip of 1 s moving b.position
// along x from 0 to 4.
function oneTrack(Mixer) {
  const root = new THREE.Object3D(), b = new THREE.Object3D();
  b.name = 'b';
  root.add(b);
  const clip = new THREE.AnimationClip('c', 1, [new THREE.VectorKeyframeTrack('b.position', [0, 1], [0, 0, 0, 4, 0, 0])]);
  return { b, clip, m: new Mixer(root) };
}

test("LoopPingPong's time on the way back is three.js's (forward along the leg), and assigning it back moves nothing", () => {
  const run = (Mixer) => {
    const { b, clip, m } = oneTrack(Mixer);
    const a = m.clipAction(clip).setLoop(THREE.LoopPingPong, Infinity).play();
    const seen = [];
    for (const dt of [1.25, 0.5, 0.5, -1.5, -0.5]) {
      m.update(dt);
      seen.push(a.time, b.position.x);
      a.time = a.time; // eslint-disable-line no-self-assign
      m.update(0);
      seen.push(a.time, b.position.x);
    }
    return seen;
  };
  const three = run(THREE.AnimationMixer), ours = run(AnimationMixer);
  assert.deepEqual(three.slice(0, 4), [0.25, 3, 0.25, 3], 'three.js: time 0.25 on the way back, read at 0.75');
  ours.forEach((v, i) => assert.ok(Math.abs(v - three[i]) <= 1e-6, `value ${i}: ${v} against three.js's ${three[i]}\n${ours}\n${three}`));
  // finished after 1, 2 or 3 legs, running forward or back: three.js's time is the end it ran toward
  for (const reps of [1, 2, 3]) {
    for (const dts of [[0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.2], [-0.3, -0.4, -0.5, -0.6, -0.7, -0.8]]) {
      const legs = (Mixer) => {
        const { b, clip, m } = oneTrack(Mixer);
        const a = m.clipAction(clip).setLoop(THREE.LoopPingPong, reps).play();
        const seen = [];
        m.addEventListener('finished', (e) => seen.push('finished', e.action.time));
        for (const dt of dts) { m.update(dt); seen.push(a.time, b.position.x); }
        a.reset();
        seen.push(a.time);
        return seen;
      };
      const t = legs(THREE.AnimationMixer), o = legs(AnimationMixer);
      assert.equal(o.length, t.length, `${reps} legs, ${dts[0] > 0 ? 'forward' : 'back'}: ${o} against ${t}`);
      o.forEach((v, i) => assert.ok(v === t[i] || Math.abs(v - t[i]) <= 1e-6, `${reps} legs, ${dts[0] > 0 ? 'forward' : 'back'}, value ${i}: ${o} against three.js's ${t}`));
    }
  }
});

test("LoopPingPong's leg after setTime or a change of loop mode: threeanim's phase, not three.js's loop count (a listed difference)", () => {
  const run = (Mixer, script) => {
    const { b, clip, m } = oneTrack(Mixer);
    script(m, m.clipAction(clip).play());
    return b.position.x;
  };
  // on the way back when setTime(0.25) runs: three.js starts again on the way back (read at 0.75)
  const afterSetTime = (m, a) => { a.setLoop(THREE.LoopPingPong, Infinity); m.update(1.5); m.setTime(0.25); };
  // one REPEAT wrap, then PING_PONG: three.js's odd count puts it on the way back
  const afterLoopChange = (m, a) => { m.update(1.25); a.setLoop(THREE.LoopPingPong, Infinity); m.update(0.5); };
  assert.equal(run(THREE.AnimationMixer, afterSetTime), 3);
  assert.equal(run(AnimationMixer, afterSetTime), 1, 'threeanim: the outward leg, read at 0.25');
  assert.equal(run(THREE.AnimationMixer, afterLoopChange), 1);
  assert.equal(run(AnimationMixer, afterLoopChange), 3, 'threeanim: the phase 0.75 is on the outward leg');
});

test("mixer.stats at a fade's end: lent until the drop-in's own fade ends, a listed difference", () => {
  const run = (Mixer) => {
    const { clip, m } = oneTrack(Mixer);
    const a = m.clipAction(clip).play().fadeOut(0.7);
    m.update(0.7); // on the end: three.js's float32 end (0.69999999) is behind it, threeanim's double one is not
    const inUse = m.stats.controlInterpolants.inUse;
    m.update(0.01);
    return [inUse, m.stats.controlInterpolants.inUse, a.getEffectiveWeight()];
  };
  assert.deepEqual(run(THREE.AnimationMixer), [0, 0, 0]);
  assert.deepEqual(run(AnimationMixer), [1, 0, 0]);
});
