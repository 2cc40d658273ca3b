// examples/play_gltf against three.js 0.186.0: GLTFLoader, an AnimationMixer
// on the scene, clipAction(clip).play(), then update(0) and update(1/fps) per
// frame, reading the node's position. Scenarios on the bundled model, and on
// the Khronos samples in TA_SAMPLES_DIR when they are there.
//
//   node play_gltf.mjs NODE_MODULES EXAMPLE DEFAULT_GLB SAMPLES_DIR OUT_DIR
import path from 'node:path';
import { run, loadThree, loadGltf, Comparer, sampleExists } from './lib.mjs';

const [modules, exe, defaultGlb, samples] = process.argv.slice(2);
const three = await loadThree(modules);
const { THREE } = three;

const scenarios = [
  { file: defaultGlb, args: [] },                                   // walk, hips, 2 s at 30 fps
  { file: defaultGlb, args: [defaultGlb, 'run', 'hips', '1.7', '24'] },
  { file: defaultGlb, args: [defaultGlb, 'wave', 'Bubble', '2.5', '30'] },
];
const optional = [
  ['Fox/glTF-Binary/Fox.glb', ['Walk', 'b_Hip_01', '2', '30']],
  ['BoxAnimated/glTF-Binary/BoxAnimated.glb', []],
  ['CesiumMan/glTF-Binary/CesiumMan.glb', [undefined, 'Skeleton_torso_joint_1', '2.5', '60']],
];
for (const [rel, rest] of optional) {
  if (!sampleExists(samples, rel)) { console.log(`note: ${rel} is not there; skipped`); continue; }
  const file = path.join(samples, rel);
  const args = [file, ...rest];
  if (args[1] === undefined) args.splice(1, 1, '');   // the first clip, by an empty name below
  scenarios.push({ file, args });
}

// The example's own default: the node of the clip's first position track,
// else of its first track.
function defaultNode(root, clip) {
  const track = clip.tracks.find((t) => t.name.endsWith('.position')) || clip.tracks[0];
  return THREE.PropertyBinding.findNode(root, THREE.PropertyBinding.parseTrackName(track.name).nodeName);
}

let ok = true;
for (const s of scenarios) {
  // An empty clip name stands for "the first clip": the example takes no
  // empty name, so ask for the first clip by its name.
  const gltf = await loadGltf(three, s.file);
  const args = s.args.slice();
  if (args[1] === '') args[1] = gltf.animations[0].name;
  const clip = args[1] ? THREE.AnimationClip.findByName(gltf.animations, args[1]) : gltf.animations[0];
  const node = args[2] ? gltf.scene.getObjectByName(args[2]) : defaultNode(gltf.scene, clip);
  const seconds = args[3] ? Number(args[3]) : 2, fps = args[4] ? Number(args[4]) : 30;
  const { rows } = run(exe, args);
  const cmp = new Comparer(`${path.basename(s.file)} ${clip.name} ${node.name || '(unnamed)'} ${fps} fps`, 2e-5);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(clip).play();
  const frames = Math.round(seconds * fps);
  cmp.equal(rows.length, frames + 1, 'frame count');
  for (let k = 0; k < rows.length; ++k) {
    mixer.update(k === 0 ? 0 : 1 / fps);
    const [frame, time, x, y, z] = rows[k];
    cmp.equal(frame, k, `frame ${k}`);
    cmp.near(time, mixer.time, `frame ${k} time`);
    const p = node.position;
    cmp.near(x, p.x, `frame ${k} x`);
    cmp.near(y, p.y, `frame ${k} y`);
    cmp.near(z, p.z, `frame ${k} z`);
  }
  ok = cmp.report() && ok;
}
process.exit(ok ? 0 : 1);
