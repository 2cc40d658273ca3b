// The crowd example (index.html): N clones of the bundled model on a grid. Each clone plays walk
// and run, cross-fading between them every few seconds, staggered. Mode "three": three.js's
// AnimationMixer per clone, then updateMatrixWorld and skeleton.update. Mode "threeanim": one
// Crowd (js/) runs every clone's mixer, world and skinning pass in wasm, and the bone matrices
// are copied into each clone's skeleton.boneMatrices (the renderer's own skeleton.update is
// switched off). The time of that work is what is shown, per mode.
//
// ?test: no switch; both engines run side by side for 90 frames on the same program, and the
// page writes PASS or FAIL (bone matrices of every clone within the replay tolerance) into
// #status, for tests/js/example-web.sh in headless Chromium.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import * as SkeletonUtils from 'three/addons/utils/SkeletonUtils.js';
import { Crowd } from 'threeanim';

const params = new URLSearchParams(location.search);
const N = Number(params.get('n') || 1000);
const testing = params.has('test');
const $ = (id) => document.getElementById(id);

let renderer = null;
try {
  renderer = new THREE.WebGLRenderer({ antialias: false });
  renderer.setPixelRatio(Math.min(2, devicePixelRatio));
  renderer.setSize(innerWidth, innerHeight);
  document.body.appendChild(renderer.domElement);
} catch (e) {
  $('status').textContent = `no WebGL here (${e.message}): animating without drawing\n`;
}
const scene = new THREE.Scene();
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 3));
const side = Math.ceil(Math.sqrt(N));
const camera = new THREE.PerspectiveCamera(45, innerWidth / innerHeight, 0.1, 1000);
camera.position.set(side * 0.6, side * 0.7, side * 1.4);
camera.lookAt(side * 0.6, 0, side * 0.6);

addEventListener('resize', () => {
  camera.aspect = innerWidth / innerHeight;
  camera.updateProjectionMatrix();
  if (renderer) renderer.setSize(innerWidth, innerHeight);
});

const gltf = await new GLTFLoader().loadAsync('../default.glb');
const [walk, run] = [gltf.animations.find((c) => c.name === 'walk') || gltf.animations[0],
  gltf.animations.find((c) => c.name === 'run') || gltf.animations[1]];
let rigMesh = null;
gltf.scene.traverse((o) => { if (o.isSkinnedMesh && !rigMesh) rigMesh = o; });

// floatLanes: the world and skinning passes in float32 (within 1e-6 of the double ones: docs/web.md)
const clones = [], mixers = [], crowd = new Crowd(gltf.scene, rigMesh, N, { floatLanes: true });
const B = rigMesh.skeleton.bones.length;
for (let i = 0; i < N; i++) {
  const clone = SkeletonUtils.clone(gltf.scene);
  const x = (i % side) * 1.2, z = Math.floor(i / side) * 1.2;
  clone.position.set(x, 0, z);
  crowd.setPosition(i, x, 0, z);
  scene.add(clone);
  let skeleton = null;
  clone.traverse((o) => { if (o.isSkinnedMesh && !skeleton) skeleton = o.skeleton; o.frustumCulled = false; });
  clones.push({ clone, skeleton, update: skeleton.update });
  const mixer = new THREE.AnimationMixer(clone);
  mixers.push(mixer);
  // Every action made and played up front (run at weight 0): the crowd allocates nothing later.
  for (const make of [(c) => mixer.clipAction(c), (c) => crowd.clipAction(i, c)]) {
    const w = make(walk).play(), r = make(run).play();
    r.setEffectiveWeight(0);
    w.time = r.time = (i * 0.618) % walk.duration;
  }
}

// Every clone cross-fades walk <-> run every 3 s of its own, staggered over the crowd.
const running = new Uint8Array(N), nextFade = Float64Array.from({ length: N }, (_, i) => 1 + (i % 97) / 97 * 3);
let clock = 0;
function crossFades(dt, engines) {
  clock += dt;
  for (let i = 0; i < N; i++) {
    if (clock < nextFade[i]) continue;
    nextFade[i] += 3;
    for (const clipAction of engines) {
      const [from, to] = running[i] ? [clipAction(i, run), clipAction(i, walk)] : [clipAction(i, walk), clipAction(i, run)];
      to.enabled = true;
      from.crossFadeTo(to, 0.5, false);
    }
    running[i] ^= 1;
  }
}
const threeAction = (i, c) => mixers[i].clipAction(c);
const crowdAction = (i, c) => crowd.clipAction(i, c);

function stepThree(dt) {
  for (const m of mixers) m.update(dt);
  scene.updateMatrixWorld();
  for (const c of clones) c.update.call(c.skeleton);
}
function stepCrowd(dt) {
  const bones = crowd.update(dt);
  for (let i = 0; i < N; i++) {
    const sk = clones[i].skeleton;
    sk.boneMatrices.set(bones.subarray(i * B * 16, (i + 1) * B * 16));
    if (sk.boneTexture) sk.boneTexture.needsUpdate = true;
  }
}

let mode = 'threeanim';
const ms = { three: null, threeanim: null };
function setMode(m) {
  mode = m;
  // threeanim's bone matrices must not be overwritten by the renderer's skeleton.update.
  for (const c of clones) c.skeleton.update = m === 'three' ? c.update : () => {};
  $('mode').textContent = `${N} characters, animated by ${m === 'three' ? "three.js's AnimationMixer" : "threeanim's crowd API (wasm)"}`;
  $('switch').textContent = `switch to ${m === 'three' ? 'threeanim' : 'three.js'}`;
}

if (testing) {
  // Both engines, the same program; compare every clone's bone matrices with three.js's.
  let worst = 0, tThree = 0, tCrowd = 0;
  for (let f = 0; f < 90; f++) {
    const dt = 1 / 60;
    crossFades(dt, [threeAction, crowdAction]);
    let t0 = performance.now(); stepThree(dt); tThree += performance.now() - t0;
    t0 = performance.now(); const bones = crowd.update(dt); tCrowd += performance.now() - t0;
    for (let i = 0; i < N; i++) {
      const want = clones[i].skeleton.boneMatrices;
      for (let k = 0; k < B * 16; k++) {
        const a = want[k], b = bones[i * B * 16 + k];
        worst = Math.max(worst, Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b)));
      }
    }
  }
  if (renderer) renderer.render(scene, camera);
  const ok = worst <= 1e-4;
  $('status').textContent += `${ok ? 'PASS' : 'FAIL'} ${N} characters, 90 frames: largest difference ${worst.toExponential(2)}; ` +
    `three.js ${(tThree / 90).toFixed(2)} ms/frame, threeanim ${(tCrowd / 90).toFixed(2)} ms/frame; ` +
    `renderer ${renderer ? 'WebGL' : 'none'}`;
  document.title = ok ? 'PASS' : 'FAIL';
} else {
  setMode('threeanim');
  $('switch').disabled = false;
  $('switch').onclick = () => setMode(mode === 'three' ? 'threeanim' : 'three');
  let last = performance.now();
  const frame = () => {
    const now = performance.now();
    const dt = Math.min(0.1, (now - last) / 1000);
    last = now;
    crossFades(dt, [threeAction, crowdAction]);
    const t0 = performance.now();
    if (mode === 'three') stepThree(dt); else stepCrowd(dt);
    const t = performance.now() - t0;
    ms[mode] = ms[mode] === null ? t : ms[mode] * 0.95 + t * 0.05;
    $('ms-three').textContent = ms.three === null ? '–' : ms.three.toFixed(2);
    $('ms-threeanim').textContent = ms.threeanim === null ? '–' : ms.threeanim.toFixed(2);
    if (renderer) renderer.render(scene, camera);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
