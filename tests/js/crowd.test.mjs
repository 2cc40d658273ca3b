// js/'s Crowd against three.js 0.186: per instance, three.js's mixer on a SkeletonUtils clone,
// then updateMatrixWorld and skeleton.update, whose boneMatrices the crowd's must match.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import * as SkeletonUtils from 'three/examples/jsm/utils/SkeletonUtils.js';
import { Crowd, wasmAllocCount, wasmLiveBytes } from '../../js/index.js';
import { collect } from './collect.mjs';
import { wasm, simd } from '../../js/src/wasm.js';
import { loadGltf } from '../conformance/replay/gltf-node.mjs';
import { NUMBER_TOLERANCE } from '../conformance/replay/compare.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const model = path.join(here, '../../examples/default.glb');

function skinnedMeshOf(root) {
  let found = null;
  root.traverse((o) => { if (o.isSkinnedMesh && !found) found = o; });
  return found;
}

// One frame of the crowd and of three.js's clones ({ clone, mixer, mesh } each: mixer.update,
// updateMatrixWorld, skeleton.update): the largest difference of a bone matrix element,
// relative to the larger of the two and 1.
function stepAndCompare(crowd, three, dt) {
  const bones = crowd.update(dt), B = crowd.boneCount;
  let worst = 0;
  three.forEach((t, i) => {
    t.mixer.update(dt);
    t.clone.updateMatrixWorld(true);
    t.mesh.skeleton.update();
    const want = t.mesh.skeleton.boneMatrices;
    for (let k = 0; k < B * 16; k++) {
      const a = want[k], b = bones[(i * B) * 16 + k];
      worst = Math.max(worst, Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b)));
    }
  });
  return worst;
}

// Instance i plays clip i % clips with its own speed; odd instances cross-fade to the next clip.
function program(i, clipAction, clips) {
  const a = clipAction(clips[i % clips.length]).play();
  a.timeScale = 1 + 0.1 * i;
  return (frame) => {
    if (frame === 10 && i % 2 === 1) a.crossFadeTo(clipAction(clips[(i + 1) % clips.length]).play(), 0.4, false);
  };
}

test('bone matrices of every instance match three.js (mixer, updateMatrixWorld, skeleton.update)', async () => {
  const g = await loadGltf(model);
  const mesh = skinnedMeshOf(g.scene);
  assert.ok(mesh, 'the bundled model has a skinned mesh');
  const N = 5;
  const crowd = new Crowd(g.scene, mesh, N);
  const three = [];
  const ours = [];
  for (let i = 0; i < N; i++) {
    const clone = SkeletonUtils.clone(g.scene);
    const mixer = new THREE.AnimationMixer(clone);
    three.push({ clone, mixer, mesh: skinnedMeshOf(clone), step: program(i, (c) => mixer.clipAction(c), g.animations) });
    ours.push(program(i, (c) => crowd.clipAction(i, c), g.animations));
  }
  const B = mesh.skeleton.bones.length;
  let worst = 0;
  for (let frame = 0; frame < 40; frame++) {
    for (let i = 0; i < N; i++) { three[i].step(frame); ours[i](frame); }
    worst = Math.max(worst, stepAndCompare(crowd, three, 0.0311));
  }
  assert.equal(bones_length(crowd), N * B * 16);
  assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
  crowd.dispose();
});

function bones_length(crowd) { return crowd.boneMatrices.length; }

// The largest difference of a bone matrix of got from want's, in units of that matrix's largest
// element (the bound the native float lanes are held to: docs/performance.md, "Float lanes").
function matrixOff(got, want) {
  let worst = 0;
  for (let m = 0; m < want.length; m += 16) {
    let largest = 0;
    for (let k = 0; k < 16; k++) largest = Math.max(largest, Math.abs(want[m + k]));
    for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(got[m + k] - want[m + k]) / (largest || 1));
  }
  return worst;
}

// floatLanes: the float32 lane pass (four instances a pass on WebAssembly SIMD; nine instances
// here, so a pass of four padded, and one instance alone through the double loops), beside the
// default crowd: within 1e-6 of each matrix's largest element of its bone matrices, from the same
// poses; and beside three.js within the replay's tolerance, as the default crowd (whose poses are
// three.js's to the float32 phase of each action: about 3e-6 of the largest element here).
test('floatLanes: bone matrices within 1e-6 of the double passes\', and of three.js\'s as the default', async () => {
  const g = await loadGltf(model);
  const mesh = skinnedMeshOf(g.scene);
  const N = 9, B = mesh.skeleton.bones.length;
  const fast = new Crowd(g.scene, mesh, N, { floatLanes: true }), exact = new Crowd(g.scene, mesh, N);
  assert.equal(fast.floatLanes, true);
  assert.equal(exact.floatLanes, false);
  const three = [], a = [], b = [];
  for (let i = 0; i < N; i++) {
    const clone = SkeletonUtils.clone(g.scene);
    const mixer = new THREE.AnimationMixer(clone);
    three.push({ clone, mixer, mesh: skinnedMeshOf(clone), step: program(i, (c) => mixer.clipAction(c), g.animations) });
    a.push(program(i, (c) => fast.clipAction(i, c), g.animations));
    b.push(program(i, (c) => exact.clipAction(i, c), g.animations));
  }
  let offThree = 0, offExact = 0, differ = 0, worstThree = 0;
  for (let frame = 0; frame < 30; frame++) {
    for (let i = 0; i < N; i++) { three[i].step(frame); a[i](frame); b[i](frame); }
    fast.update(0.0311);
    exact.update(0.0311);
    const got = fast.boneMatrices, want = exact.boneMatrices; // views taken after both: an update may grow the heap
    for (let i = 0; i < N; i++) {
      const t = three[i];
      t.mixer.update(0.0311);
      t.clone.updateMatrixWorld(true);
      t.mesh.skeleton.update();
      const mine = got.subarray(i * B * 16, (i + 1) * B * 16);
      const want3 = t.mesh.skeleton.boneMatrices;
      offThree = Math.max(offThree, matrixOff(mine, want3));
      for (let k = 0; k < mine.length; k++)
        worstThree = Math.max(worstThree, Math.abs(mine[k] - want3[k]) / Math.max(1, Math.abs(mine[k]), Math.abs(want3[k])));
      const double = want.subarray(i * B * 16, (i + 1) * B * 16);
      offExact = Math.max(offExact, matrixOff(mine, double));
      for (let k = 0; k < mine.length; k++) differ += mine[k] !== double[k];
    }
  }
  assert.ok(offExact <= 1e-6, `float lanes ${offExact} of the largest element from the double passes'`);
  assert.ok(worstThree <= NUMBER_TOLERANCE, `float lanes: largest difference from three.js ${worstThree}`);
  // In the SIMD module the float pass ran (its numbers are not the double ones); in the other, the
  // double passes stand in for it, bit for bit. The module is THREEANIM_WASM's (tests/js/run.sh
  // names the SIMD one), else the one wasm.js picks.
  const file = process.env.THREEANIM_WASM;
  const simdModule = file ? path.basename(file).includes('simd') : simd;
  if (simdModule) assert.ok(differ > 0, 'the float lane pass ran');
  else assert.equal(differ, 0);
  console.log(`# floatLanes (${simdModule ? 'SIMD' : 'no SIMD'} module): ${offThree.toExponential(2)} from three.js, ${offExact.toExponential(2)} from the double passes, ${differ} numbers not theirs`);
  fast.dispose();
  exact.dispose();
});

// Both passes: the float lane pass (floatLanes) must not take scratch of its own a frame either.
for (const options of [{}, { floatLanes: true }]) test(`after the first frame, a crowd of 1000${options.floatLanes ? ' with floatLanes' : ''} allocates nothing and the heap does not grow`, async () => {
  const g = await loadGltf(model);
  const crowd = new Crowd(g.scene, skinnedMeshOf(g.scene), 1000, options);
  // Every action a character will use is made and played before the first frame (those for
  // later at weight 0): a play of an action never played binds it, once, as in C.
  const A = [], B = [];
  for (let i = 0; i < 1000; i++) {
    A.push(crowd.clipAction(i, g.animations[i % 2]).play());
    B.push(crowd.clipAction(i, g.animations[(i + 1) % 2]).play().setEffectiveWeight(0));
    if (i % 3 === 0) crowd.clipAction(i, g.animations[2]).play().setEffectiveWeight(0.5);
  }
  const cycle = (f, from) => {
    for (let i = 0; i < 1000; i += 7) {
      if (f === from) { B[i].enabled = true; A[i].crossFadeTo(B[i], 0.3, false); }
      if (f === from + 40) { A[i].enabled = true; B[i].crossFadeTo(A[i], 0.3, false); }
    }
  };
  crowd.update(0.016);
  const frame1 = wasmAllocCount(), bytes = wasm.memory.buffer.byteLength;
  for (let f = 0; f < 30; f++) crowd.update(0.016);
  assert.equal(wasmAllocCount() - frame1, 0, 'allocations in frames that change no action');
  // Cross-fades there and back, from the first: the first time a faded-out action stops, the
  // mixer makes its general piles again (animation_mixer.h); the crowd has them made in its first
  // frame, so that no cross-fade allocates.
  for (let f = 0; f < 240; f++) { cycle(f % 80, 0); crowd.update(0.016); }
  assert.equal(wasmAllocCount() - frame1, 0, 'allocations in cross-fades, the first one included');
  assert.equal(wasm.memory.buffer.byteLength, bytes, 'the heap grew');
  const tex = crowd.createBoneTexture();
  assert.equal(tex.image.width, crowd.boneCount * 4);
  assert.equal(tex.image.height, 1000);
  crowd.dispose();
});

test('the crowd refuses what it cannot take, naming it', async () => {
  const g = await loadGltf(model);
  const mesh = skinnedMeshOf(g.scene);
  assert.throws(() => new Crowd(g.scene, g.scene, 10), /not a SkinnedMesh/);
  assert.throws(() => new Crowd(g.scene, mesh, 0), /count 0/);
  const crowd = new Crowd(g.scene, mesh, 2);
  assert.throws(() => crowd.clipAction(2, g.animations[0]), /instance 2 is not between 0 and 1/);
  // It writes no object: a material track has nowhere to go (the drop-in mixer takes it).
  const fade = new THREE.AnimationClip('fade', 1, [new THREE.NumberKeyframeTrack(`${mesh.name}.material.opacity`, [0, 1], [1, 0])]);
  assert.throws(() => crowd.clipAction(0, fade), /\.material\.opacity".*a crowd drives objects only/);
  crowd.dispose();
});

// setPosition beside three.js's root.position.set on a clone. Each instance's mixer writes always
// (no comparison); one whose root an action drives compares from its first setPosition on, with
// what it wrote last, so that the position set stays until the mixer's own value for it changes,
// as with three.js's mixer: after frames (instance 1) and before the first (instance 2).
test('setPosition: the root placed as a clone\'s, driven or not', async () => {
  const g = await loadGltf(model);
  const mesh = skinnedMeshOf(g.scene);
  // A clip that drives the root (".position": three.js's findNode gives the root) with a value
  // that does not change (one key), so that three.js's mixer writes it once and then leaves it.
  const still = new THREE.AnimationClip('still', 1, [new THREE.VectorKeyframeTrack('.position', [0], [1, 2, 3])]);
  const N = 3;
  const crowd = new Crowd(g.scene, mesh, N);
  const three = [];
  for (let i = 0; i < N; i++) {
    const clone = SkeletonUtils.clone(g.scene);
    const mixer = new THREE.AnimationMixer(clone);
    three.push({ clone, mixer, mesh: skinnedMeshOf(clone) });
    mixer.clipAction(g.animations[i % g.animations.length]).play();
    crowd.clipAction(i, g.animations[i % g.animations.length]).play();
    if (i > 0) { mixer.clipAction(still).play(); crowd.clipAction(i, still).play(); }
  }
  const always = () => crowd._members.map((m) => wasm.tw_mixer_write_always(m._mixer));
  assert.deepEqual(always(), [1, 1, 1], 'every instance writes always');
  const place = (i, x, y, z) => { crowd.setPosition(i, x, y, z); three[i].clone.position.set(x, y, z); };
  place(2, -4, 0, 9);
  let worst = 0;
  for (let frame = 0; frame < 6; frame++) {
    if (frame === 2) for (let i = 0; i < N; i++) place(i, 5 + i, -2, 7 * i);
    worst = Math.max(worst, stepAndCompare(crowd, three, 0.05));
  }
  assert.deepEqual(always(), [1, 0, 0], 'the instances whose root an action drives compare once placed');
  assert.ok(worst <= NUMBER_TOLERANCE, `largest difference ${worst}`);
  crowd.dispose();
});

test('a crowd gives its wasm heap back: at dispose(), or when collected without it', async () => {
  const g = await loadGltf(model);
  const make = () => {
    const k = new Crowd(g.scene, skinnedMeshOf(g.scene), 20);
    for (let i = 0; i < 20; i++) k.clipAction(i, g.animations[i % 2]).play();
    k.update(0.016);
    return k;
  };
  make().dispose(); // the clips' shared copies made once, before the count starts
  await collect();
  const base = wasmLiveBytes();
  let k = make();
  assert.ok(wasmLiveBytes() > base + 20 * 1000, 'twenty instances hold their scenes, mixers and poses');
  k.dispose();
  k = null;
  const afterDispose = wasmLiveBytes();
  // what is left until the crowd is collected: its rig's mirror, which binds the clips
  assert.ok(afterDispose < base + 20 * 1000, `dispose() freed the instances (${afterDispose - base} bytes left)`);
  await collect(() => wasmLiveBytes() === base);
  assert.equal(wasmLiveBytes(), base, 'bytes held after the disposed crowd was collected');
  (() => { make(); })(); // dropped without dispose()
  await collect(() => wasmLiveBytes() === base);
  assert.equal(wasmLiveBytes(), base, 'bytes held after a crowd dropped without dispose() was collected');
  // an action keeps its crowd
  await collect();
  const action = (() => make().clipAction(3, g.animations[0]))();
  const held = wasmLiveBytes();
  await collect();
  assert.equal(wasmLiveBytes(), held, 'the crowd of a reachable action was freed');
  action.stop();
});

test('a disposed crowd and its actions refuse every call, naming why', async () => {
  const g = await loadGltf(model);
  const k = new Crowd(g.scene, skinnedMeshOf(g.scene), 3);
  const a = k.clipAction(1, g.animations[0]).play();
  const additive = k.clipAction(1, g.animations[0], THREE.AdditiveAnimationBlendMode); // the clip's second action
  k.update(0.016);
  k.dispose();
  assert.throws(() => additive.play(), /this action belongs to a Crowd that was disposed/);
  assert.throws(() => k.update(0.016), /Crowd: update after dispose\(\)/);
  assert.throws(() => k.clipAction(0, g.animations[0]), /Crowd: clipAction after dispose\(\)/);
  assert.throws(() => k.setPosition(0, 1, 2, 3), /Crowd: setPosition after dispose\(\)/);
  assert.throws(() => k.boneMatrices, /Crowd: boneMatrices after dispose\(\)/);
  assert.throws(() => k.createBoneTexture(), /Crowd: boneMatrices after dispose\(\)/);
  assert.throws(() => a.play(), /this action belongs to a Crowd that was disposed/);
  assert.throws(() => a.time, /this action belongs to a Crowd that was disposed/);
  k.dispose(); // a second time: nothing to do
});

test('a bone texture keeps its crowd, whose memory it shows', async () => {
  const g = await loadGltf(model);
  const held = {};
  const texture = (() => {
    const k = new Crowd(g.scene, skinnedMeshOf(g.scene), 4);
    for (let i = 0; i < 4; i++) k.clipAction(i, g.animations[i % 2]).play();
    k.update(0.3);
    held.ref = new WeakRef(k);
    return k.createBoneTexture();
  })();
  const before = Float32Array.from(texture.image.data);
  await collect(() => held.ref.deref() === undefined);
  assert.ok(held.ref.deref() !== undefined, 'the crowd was collected while its bone texture was held');
  // other crowds made and dropped, which would take memory given back
  (() => { for (let j = 0; j < 3; j++) new Crowd(g.scene, skinnedMeshOf(g.scene), 4).update(0.1); })();
  await collect();
  assert.deepEqual(Array.from(texture.image.data), Array.from(before));
});
