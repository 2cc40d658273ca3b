// three.js 0.186.0's side of bench/bench_pose.c: the same rig (see there),
// timed per frame as root.updateMatrixWorld() for every character, then
// skeleton.update() for every character, in nanoseconds per bone. One JSON
// line on stdout.
//
//   node bench/pose/bench_pose.mjs [--three DIR] [--chars 100] [--bones 64] [--branch 2] [--frames 300]
//                                  [--warmup 30] [--reps 5] [--seed 1]
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const threeDir = flag('--three', path.join(here, '..', 'threejs', 'node_modules', 'three'));
const THREE = await import(path.join(path.resolve(threeDir), 'build', 'three.module.js'));
const chars = Number(flag('--chars', 100)), bones = Number(flag('--bones', 64)), branch = Number(flag('--branch', 2));
const frames = Number(flag('--frames', 300)), warmup = Number(flag('--warmup', 30)), reps = Number(flag('--reps', 5));
const seed = Number(flag('--seed', 1));

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const roots = [], skeletons = [];
for (let c = 0; c < chars; ++c) {
  const rng = mulberry32(seed);
  const list = [];
  for (let b = 0; b < bones; ++b) {
    const phase = [0, 1, 2].map(() => 2 * Math.PI * rng()), amp = [0, 1, 2].map(() => 0.1 * rng());
    void phase; void amp;
    const off = [0, 1, 2].map(() => 0.2 * rng() - 0.1);
    const axis = [0, 1, 2].map(() => 2 * rng() - 1);
    const len = Math.hypot(...axis);
    const angle = 0.5 * Math.sin(2 * Math.PI * rng());
    const bone = new THREE.Bone();
    bone.position.set(Math.fround(off[0]), Math.fround(off[1]), Math.fround(off[2]));
    const h = Math.sin(angle / 2) / len;
    bone.quaternion.set(Math.fround(axis[0] * h), Math.fround(axis[1] * h), Math.fround(axis[2] * h), Math.fround(Math.cos(angle / 2)));
    if (b > 0) list[Math.floor((b - 1) / branch)].add(bone);
    list.push(bone);
  }
  list[0].updateMatrixWorld(true);
  const skeleton = new THREE.Skeleton(list); // boneInverses: the inverses of the rest world matrices
  roots.push(list[0]);
  skeletons.push(skeleton);
}

const worldNs = [], skinNs = [];
let turn = 0;
for (let rep = -1; rep < reps; ++rep) {
  const n = rep < 0 ? warmup : frames;
  let tw = 0n, ts = 0n;
  for (let f = 0; f < n; ++f) {
    turn += 0.001;
    for (const r of roots) r.quaternion.set(0, Math.fround(Math.sin(turn / 2)), 0, Math.fround(Math.cos(turn / 2)));
    const t0 = process.hrtime.bigint();
    for (const r of roots) r.updateMatrixWorld();
    const t1 = process.hrtime.bigint();
    for (const s of skeletons) s.update();
    const t2 = process.hrtime.bigint();
    tw += t1 - t0; ts += t2 - t1;
  }
  if (rep >= 0) {
    worldNs.push(Number(tw) / (n * chars * bones));
    skinNs.push(Number(ts) / (n * chars * bones));
  }
}
const stat = (a) => { const s = [...a].sort((x, y) => x - y); return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] }; };
let checksum = 0;
for (const s of skeletons) for (const v of s.boneMatrices) checksum += v;
console.log(JSON.stringify({ side: 'three.js', chars, bones, branch, frames, reps, world_ns_per_bone: stat(worldNs),
  skinning_ns_per_bone: stat(skinNs), checksum }));
