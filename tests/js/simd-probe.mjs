// Prints a hash of every number a crowd and a drop-in mixer give over a run, with the module
// THREEANIM_WASM names: simd.test.mjs runs it on threeanim.wasm and threeanim-simd.wasm.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Crowd, AnimationMixer } from '../../js/index.js';
import { loadGltf } from '../conformance/replay/gltf-node.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const g = await loadGltf(path.join(here, '../../examples/default.glb'));
let mesh = null;
g.scene.traverse((o) => { if (o.isSkinnedMesh && !mesh) mesh = o; });
const h = crypto.createHash('sha256');
const crowd = new Crowd(g.scene, mesh, 37); // not a multiple of the lane count
for (let i = 0; i < 37; i++) {
  crowd.clipAction(i, g.animations[i % 3]).play().timeScale = 1 + i / 37;
  crowd.clipAction(i, g.animations[(i + 1) % 3]).play().setEffectiveWeight(i / 37);
}
const g2 = await loadGltf(path.join(here, '../../examples/default.glb'));
const mixer = new AnimationMixer(g2.scene);
mixer.clipAction(g2.animations[0]).play();
mixer.clipAction(g2.animations[1]).play().setEffectiveWeight(0.3);
const objects = [];
g2.scene.traverse((o) => objects.push(o));
for (let f = 0; f < 90; f++) {
  h.update(new Uint8Array(crowd.update(0.0173).slice().buffer));
  mixer.update(0.0173);
  h.update(new Float64Array(objects.flatMap((o) => [...o.position.toArray(), ...o.quaternion.toArray(), ...o.scale.toArray()])));
}
console.log(h.digest('hex'));
