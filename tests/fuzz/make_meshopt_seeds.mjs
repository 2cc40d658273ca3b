// Writes the seed corpus of fuzz_meshopt (tests/fuzz/corpus/meshopt/): small
// streams of every mode and filter, vertex codec versions 0 and 1, written by
// the npm meshoptimizer encoder, each behind the 5 bytes fuzz_meshopt.c reads
// first (mode, filter, stride, count). Run from the repository:
//   node tests/fuzz/make_meshopt_seeds.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { MeshoptEncoder } = await import(path.join(here, '..', 'node_modules', 'meshoptimizer', 'meshopt_encoder.js'));
await MeshoptEncoder.ready;
const out = path.join(here, 'corpus', 'meshopt');
fs.mkdirSync(out, { recursive: true });

const modes = { ATTRIBUTES: 0, TRIANGLES: 1, INDICES: 2 };
const filters = { NONE: 0, OCTAHEDRAL: 1, QUATERNION: 2, EXPONENTIAL: 3, COLOR: 4 };
function seed(name, mode, filter, stride, count, stream) {
  // The stride byte: ATTRIBUTES 4 * (1 + b % 64); the index modes 2 or 4 by its low bit.
  const b = mode === 'ATTRIBUTES' ? stride / 4 - 1 : stride === 4 ? 1 : 0;
  const head = Buffer.from([modes[mode], filters[filter], b, count & 255, count >> 8]);
  fs.writeFileSync(path.join(out, name), Buffer.concat([head, Buffer.from(stream)]));
}

let s = 7;
const rand = () => { s = (s * 1103515245 + 12345) >>> 0; return s / 4294967296; };
const count = 40;
const unit = new Float32Array(count * 4), floats = new Float32Array(count * 4), colors = new Float32Array(count * 4);
for (let e = 0; e < count; ++e) {
  const v = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5], n = Math.hypot(...v);
  for (let c = 0; c < 4; ++c) { unit[e * 4 + c] = v[c] / n; floats[e * 4 + c] = Math.sin(e * 0.1 + c) * 5; colors[e * 4 + c] = rand(); }
}
const raw = new Uint8Array(count * 12);
for (let i = 0; i < raw.length; ++i) raw[i] = (i * 7 + (rand() < 0.1 ? rand() * 255 : 0)) & 255;
for (const version of [0, 1]) {
  const enc = (data, stride) => MeshoptEncoder.encodeVertexBufferLevel(data, data.length / stride, stride, 2, version);
  seed(`none_v${version}`, 'ATTRIBUTES', 'NONE', 12, count, enc(raw, 12));
  seed(`float_v${version}`, 'ATTRIBUTES', 'NONE', 16, count, enc(new Uint8Array(floats.buffer), 16));
  seed(`oct8_v${version}`, 'ATTRIBUTES', 'OCTAHEDRAL', 4, count, enc(MeshoptEncoder.encodeFilterOct(unit, count, 4, 8), 4));
  seed(`oct16_v${version}`, 'ATTRIBUTES', 'OCTAHEDRAL', 8, count, enc(MeshoptEncoder.encodeFilterOct(unit, count, 8, 12), 8));
  seed(`quat_v${version}`, 'ATTRIBUTES', 'QUATERNION', 8, count, enc(MeshoptEncoder.encodeFilterQuat(unit, count, 8, 12), 8));
  seed(`exp_v${version}`, 'ATTRIBUTES', 'EXPONENTIAL', 16, count, enc(MeshoptEncoder.encodeFilterExp(floats, count, 16, 15), 16));
  seed(`color8_v${version}`, 'ATTRIBUTES', 'COLOR', 4, count, enc(MeshoptEncoder.encodeFilterColor(colors, count, 4, 6), 4));
  seed(`color16_v${version}`, 'ATTRIBUTES', 'COLOR', 8, count, enc(MeshoptEncoder.encodeFilterColor(colors, count, 8, 12), 8));
}
const idx = new Uint16Array(36);
for (let t = 0; t < 36; t += 3) { idx[t] = t; idx[t + 1] = t + 1; idx[t + 2] = t > 0 ? t - 1 : 2; }
seed('triangles', 'TRIANGLES', 'NONE', 2, 36, MeshoptEncoder.encodeGltfBuffer(new Uint8Array(idx.buffer), 36, 2, 'TRIANGLES'));
seed('indices', 'INDICES', 'NONE', 2, 36, MeshoptEncoder.encodeGltfBuffer(new Uint8Array(idx.buffer), 36, 2, 'INDICES'));
console.log(`wrote ${fs.readdirSync(out).length} seeds to ${out}`);
