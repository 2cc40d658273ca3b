// examples/instances, checked three ways.
//
// - Threads change nothing: the per-instance sums of every world and bone
//   matrix number are the same, to the last digit, on 2 threads and on 1.
// - The threaded frames allocate nothing, and the bytes per instance are
//   reported.
// - Against three.js 0.186.0: instances 0, 1 and the last are played by
//   GLTFLoader + AnimationMixer as the example plays them (clip i mod the clip
//   count, LoopRepeat, update((i mod 7) * 0.05), then one update of 1/30 s a
//   frame); after scene.updateMatrixWorld() and skeleton.update(), every
//   node's matrixWorld (found by name) and every boneMatrices number agree
//   within 1e-4 of its size (the replay tolerance: the two mixers' times and
//   rotations differ by float32 roundings).
//
//   node instances.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
//
// It prints the bytes per instance, of the bundled rig and of the Fox of the
// glTF samples (when they are there): the figures of docs/for-engine-authors.md.
import path from 'node:path';
import { run, loadThree, loadGltf, Comparer, sampleExists } from './lib.mjs';

const [modules, exe, glb, samples] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;
THREE.setConsoleFunction(() => {});

const count = 200, seconds = 2, fps = 30;
const two = run(exe, [glb, String(count), String(seconds), '2']);
const one = run(exe, [glb, String(count), String(seconds), '1']);
const same = new Comparer('2 threads against 1', 0);
const sums = (out) => out.split('\n').filter((l) => l.startsWith('sum '));
same.equal(sums(two.out).length, count, 'instances summed');
same.equal(JSON.stringify(sums(two.out)), JSON.stringify(sums(one.out)), 'every instance\'s sum');
const allocs = two.comments.find((c) => c.startsWith('# allocations during the threaded frames:'));
same.equal(allocs, '# allocations during the threaded frames: 0', 'allocations while threaded');
const bytes = two.comments.find((c) => c.startsWith('# bytes per instance:'));
same.equal(bytes !== undefined && Number(bytes.split(':')[1].trim().split(' ')[0]) > 0, true, 'bytes per instance');
if (bytes) console.log(bytes.replace('#', '# the bundled rig:'));
// The figure of docs/for-engine-authors.md for the Fox (Khronos glTF samples), when they are here.
const fox = 'Fox/glTF-Binary/Fox.glb';
if (samples && sampleExists(samples, fox)) {
  const foxBytes = run(exe, [path.join(samples, fox), '4', '0', '1']).comments.find((c) => c.startsWith('# bytes per instance:'));
  same.equal(foxBytes !== undefined, true, 'bytes per Fox instance');
  if (foxBytes) console.log(foxBytes.replace('#', '# Fox:'));
} else {
  console.log(`# Fox: not in the glTF samples (${samples || 'TA_SAMPLES_DIR not set'}), its bytes per instance not printed`);
}

const cmp = new Comparer('instances against three.js', 1e-4);
const lines = two.out.split('\n');
const shown = [...new Set([0, 1, count - 1])];
for (const i of shown) {
  const gltf = await loadGltf(three, glb);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const action = mixer.clipAction(gltf.animations[i % gltf.animations.length]);
  action.setLoop(THREE.LoopRepeat, Infinity);
  action.play();
  mixer.update((i % 7) * 0.05);
  for (let f = 0; f < Math.round(seconds * fps); ++f) mixer.update(1 / fps);
  gltf.scene.updateMatrixWorld();
  const skeletons = [];
  gltf.scene.traverse((o) => { if (o.isSkinnedMesh && !skeletons.includes(o.skeleton)) skeletons.push(o.skeleton); });
  skeletons.forEach((s) => s.update());
  let worlds = 0, bones = 0;
  for (const line of lines) {
    const w = line.split(' ');
    if (w[0] === 'world' && Number(w[1]) === i) {
      const o = gltf.scene.getObjectByName(w[3]);
      if (!o) { cmp.equal(w[3], 'a node three.js has', `instance ${i} node ${w[2]}`); continue; }
      w.slice(4).map(Number).forEach((x, k) => cmp.near(x, o.matrixWorld.elements[k], `instance ${i} world ${w[3]}[${k}]`));
      worlds++;
    } else if (w[0] === 'bone' && Number(w[1]) === i) {
      const s = skeletons[Number(w[2])], j = Number(w[3]);
      w.slice(4).map(Number).forEach((x, k) => cmp.near(x, s.boneMatrices[j * 16 + k], `instance ${i} bone ${j}[${k}]`));
      bones++;
    }
  }
  cmp.equal(worlds > 0 && bones > 0, true, `instance ${i} printed its matrices`);
}
const ok = [same.report(), cmp.report()].every(Boolean);
process.exit(ok ? 0 : 1);
