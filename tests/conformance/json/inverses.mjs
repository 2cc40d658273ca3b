// The inverse bind matrices ta_object_json_write makes for bones without a
// skin (Skeleton.calculateInverses: the inverse of each bone's world matrix)
// against three.js 0.186.0's Matrix4.invert itself, to the last bit: the
// writer and the pose share one port of it (ta__mat4d_invert). Random bone
// transforms from a fixed seed; for a few of them an inverse by cofactors
// (what the writer once used) differs from three.js's in the last bits, and
// this test would find it.
//
//   node inverses.mjs JSON_TOOL WORK_DIR [COUNT]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as THREE from 'three';

const [tool, work, countArg] = process.argv.slice(2);
if (!tool || !work) {
  console.error('usage: node inverses.mjs JSON_TOOL WORK_DIR [COUNT]');
  process.exit(2);
}
const count = Number(countArg ?? 400);
let seed = 29;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (a, b) => Math.fround(a + (b - a) * rand());
const bones = [];
for (let i = 0; i < count; ++i) {
  const q = new THREE.Quaternion(rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5).normalize();
  bones.push([between(-50, 50), between(-50, 50), between(-50, 50), ...q.toArray().map(Math.fround),
    between(0.1, 4), between(0.1, 4), between(-4, -0.1)]);
}
mkdirSync(work, { recursive: true });
const file = join(work, 'bones.json');
writeFileSync(file, JSON.stringify(bones));
const run = spawnSync(tool, ['inverses', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.error(`json_tool inverses failed: ${run.stderr}`);
  process.exit(1);
}
const { worlds, inverses } = JSON.parse(run.stdout);
let differing = 0;
const shown = [];
worlds.forEach((w, i) => {
  // The writer inverts the world matrix the library holds (float32s), as
  // three.js inverts the matrixWorld it holds.
  const expected = new THREE.Matrix4().fromArray(w).invert().elements.map((v) => (v === 0 ? 0 : v));
  const got = inverses[i];
  const bad = expected.findIndex((v, k) => v !== got[k]);
  if (bad >= 0) {
    differing++;
    if (shown.length < 5) shown.push(`bone ${i}: element ${bad}: threeanim ${got[bad]}, three.js ${expected[bad]}`);
  }
});
console.log(`inverse bind matrices: ${worlds.length} bones, ${differing} differing from three.js's Matrix4.invert`);
if (shown.length) console.error(shown.join('\n'));
process.exit(differing || worlds.length !== count ? 1 : 0);
