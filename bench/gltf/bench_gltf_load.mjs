// node bench_gltf_load.mjs NODE_MODULES MIN_SECONDS FILE [FILE ...]
//
// The three.js side of bench_gltf_load: times GLTFLoader.parse on each file's
// bytes (already in memory; external buffers and images are read inside the
// timing, through the loader's URL modifier), repeating each file for at
// least MIN_SECONDS after two warm-up runs. Prints one JSON line per file:
// {"file": ..., "runs": N, "median_ms": M, "min_ms": m}. Loading uses the
// shims of tests/conformance/gltf/three_gltf.mjs (see the samples' INDEX.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { importThree, parseGltf } = await import(path.join(here, '..', '..', 'tests', 'conformance', 'gltf', 'three_gltf.mjs'));

const [nodeModules, minSecondsArg, ...files] = process.argv.slice(2);
const minSeconds = Number(minSecondsArg || 0.5);
const { THREE, GLTFLoader } = await importThree(nodeModules);
// GLTFLoader warns on stderr for what it skips; keep the output to the figures.
console.warn = () => {};

for (const file of files) {
  const bytes = fs.readFileSync(file);
  const dir = path.dirname(path.resolve(file));
  for (let i = 0; i < 2; ++i) await parseGltf(THREE, GLTFLoader, bytes, dir);
  const times = [];
  const start = performance.now();
  while (times.length < 3 || performance.now() - start < minSeconds * 1000) {
    const t0 = performance.now();
    await parseGltf(THREE, GLTFLoader, bytes, dir);
    times.push(performance.now() - t0);
    if (times.length >= 10000) break;
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ file, runs: times.length, median_ms: times[times.length >> 1], min_ms: times[0] }));
}
