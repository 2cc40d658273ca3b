#!/usr/bin/env node
/*
 * bench/web/ab.mjs -- two builds of js/ in one Node process, on the workload of bench.mjs,
 * alternated block by block: which of two changes to the wasm (or to js/) is faster.
 *
 *   node bench/web/ab.mjs A B [--variant crowd_float] [--chars 1000] [--rounds 40] [--frames 50]
 *                             [--rot-amp 0.5]
 *
 * A and B: each a .wasm file (put into a copy of this js/ as both its modules) or a folder laid
 * out as js/ (index.js, src/, the .wasm files). --variant: crowd, crowd_float (the default),
 * dropin, dropin_stale or dropin_fast, as bench.mjs has them, or binding: a "frame" makes each of
 * --chars characters' drop-in mixer, clipAction and play of its actions, on rigs made just before
 * (untimed), and keeps them, so that the heaps grow as a program's that adds characters (so
 * --chars 100 --frames 1, say: 20 frames to warm up, then the rounds'). --rot-amp: the workload's
 * rotation amplitude (radians; bench_mixer's flag of that name), 3 for poses far apart. Prints, for each of two processes (one loads
 * A first, the other B), the median CPU us a character of each side and the median over rounds of
 * B's time over A's in the same round, with its quartiles; then the geometric mean of the two
 * processes' medians, the verdict.
 *
 * Why so: from one process to the next the same module's time moves by up to a half on this
 * machine (where the heaps lie, how V8 tiers the modules), far more than most changes to measure.
 * Within one process, both builds' characters made side by side and the blocks alternated (A B,
 * then B A), that moves both sides alike: the same module on both sides gives 1.000 (quartiles
 * 0.98 to 1.03). But which module is loaded first still counts when they differ (one change
 * measured here: 0.888 one way, 0.969 the other), so each order runs in a process of its own and
 * the verdict is their mean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const jsDir = path.resolve(here, '../../js');
const cfg = { bones: 64, keys: 30, clips: 2, branch: 2, duration: 1, weights: [0.7, 0.3], seed: 1, rotAmp: 0.5,
  scaleAmp: 0.05, chars: 1000, rounds: 40, frames: 50, variant: 'crowd_float' };
const args = process.argv.slice(2), sides = [];
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  if (!flag.startsWith('--')) { sides.push(flag); continue; }
  const v = args[++i];
  if (flag === '--variant') cfg.variant = v;
  else if (['--chars', '--rounds', '--frames'].includes(flag)) cfg[flag.slice(2)] = Number(v);
  else if (flag === '--rot-amp') cfg.rotAmp = Number(v);
  else { process.stderr.write(`ab.mjs: "${flag}" is not a flag (see the header)\n`); process.exit(2); }
}
const VARIANTS = ['crowd', 'crowd_float', 'dropin', 'dropin_stale', 'dropin_fast', 'binding'];
const DROPIN_OPTIONS = { dropin: undefined, dropin_stale: { updateRotation: false }, dropin_fast: { updateRotation: false, writeAlways: true } };
if (sides.length !== 2 || !VARIANTS.includes(cfg.variant)) {
  process.stderr.write(`usage: node bench/web/ab.mjs A B [--variant ${VARIANTS.join('|')}] [--chars N] [--rounds N] [--frames N] [--rot-amp R]\n`);
  process.exit(2);
}

// A .wasm file becomes a copy of js/ with that module; a folder is used as it is.
function packageOf(side, name) {
  if (fs.statSync(side).isDirectory()) return path.resolve(side);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `threeanim-ab-${name}-`));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  for (const f of ['index.js', 'package.json']) fs.copyFileSync(path.join(jsDir, f), path.join(dir, f));
  fs.cpSync(path.join(jsDir, 'src'), path.join(dir, 'src'), { recursive: true });
  for (const f of ['threeanim.wasm', 'threeanim-simd.wasm']) fs.copyFileSync(side, path.join(dir, f));
  fs.symlinkSync(path.join(jsDir, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
const dirs = [packageOf(sides[0], 'A'), packageOf(sides[1], 'B')];

// The parent: one process for each order, then the verdict.
if (process.env.THREEANIM_AB_FIRST === undefined) {
  const medians = [];
  const env = { ...process.env };
  delete env.THREEANIM_WASM; // js/'s own choice of module would stand in for both sides'
  for (const first of ['A', 'B']) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...dirs, ...process.argv.slice(2).filter((a) => !sides.includes(a))],
      { env: { ...env, THREEANIM_AB_FIRST: first }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (r.status !== 0) process.exit(r.status ?? 1);
    const line = JSON.parse(r.stdout);
    medians.push(line.median);
    console.log(`${first} loaded first: A ${line.a.toFixed(3)}, B ${line.b.toFixed(3)} us a character; B / A in the same round: ` +
      `median ${line.median.toFixed(3)} (quartiles ${line.q1.toFixed(3)} to ${line.q3.toFixed(3)})`);
  }
  console.log(`${cfg.variant}, C = ${cfg.chars}, ${cfg.rounds} rounds of ${cfg.frames} frames, ${cfg.variant === 'binding' ? 'wall clock' : 'CPU time'}: B / A = ` +
    `${Math.sqrt(medians[0] * medians[1]).toFixed(3)} (the geometric mean of the two orders)`);
  console.log(`A: ${sides[0]}\nB: ${sides[1]}`);
  process.exit(0);
}
const order = process.env.THREEANIM_AB_FIRST === 'B' ? [1, 0] : [0, 1];

const THREE = await import(pathToFileURL(path.join(jsDir, 'node_modules/three/build/three.module.js')));
const W = await import(new URL('./workload.mjs', import.meta.url));
const pkgs = [];
for (const i of order) pkgs[i] = await import(pathToFileURL(path.join(dirs[i], 'index.js')));
const { clips, offsets } = W.makeClips(THREE, cfg);
const dt = 1 / 60;
const WARM = 20; // frames before the rounds
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

// One side's characters, and its frame.
function build(pkg) {
  const C = cfg.chars;
  if (cfg.variant.startsWith('crowd')) {
    const rig = W.makeCharacter(THREE, cfg, offsets);
    const k = new pkg.Crowd(rig.root, rig.mesh, C, { floatLanes: cfg.variant === 'crowd_float' });
    for (let ch = 0; ch < C; ch++) W.play(THREE, cfg, (c) => k.clipAction(ch, c), clips, ch);
    return () => k.update(dt);
  }
  if (cfg.variant === 'binding') {
    // its rigs made first, untimed: the frame gives back the ms of the binding alone, by the
    // wall clock (the process's CPU time would count the garbage collector's threads too); the
    // mixers kept, as a program keeps its characters' (the wasm heap grows with them)
    const kept = [];
    return () => {
      const rigs = [];
      for (let ch = 0; ch < C; ch++) rigs.push(W.makeCharacter(THREE, cfg, offsets));
      const t0 = performance.now();
      for (let ch = 0; ch < C; ch++) {
        const m = new pkg.AnimationMixer(rigs[ch].root);
        W.play(THREE, cfg, (c) => m.clipAction(c), clips, ch);
        kept.push(m);
      }
      return performance.now() - t0;
    };
  }
  const chars = [];
  for (let ch = 0; ch < C; ch++) {
    const d = W.makeCharacter(THREE, cfg, offsets);
    d.mixer = new pkg.AnimationMixer(d.root, DROPIN_OPTIONS[cfg.variant]);
    W.play(THREE, cfg, (c) => d.mixer.clipAction(c), clips, ch);
    chars.push(d);
  }
  return () => { for (const d of chars) d.mixer.update(dt); };
}
const frames = [];
for (const i of order) frames[i] = build(pkgs[i]);
for (const i of order) for (let f = 0; f < WARM; f++) frames[i](); // the first frames bind; warm up

const us = [[], []];
for (let r = 0; r < cfg.rounds; r++) {
  for (const s of r % 2 ? [order[1], order[0]] : order) {
    const t0 = cpuMs();
    let own = 0, timed = true; // a frame that times itself returns its CPU ms
    for (let f = 0; f < cfg.frames; f++) { const t = frames[s](); if (typeof t === 'number') own += t; else timed = false; }
    us[s].push((1000 * (timed ? own : cpuMs() - t0)) / cfg.frames / cfg.chars);
  }
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const q = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ratio = us[1].map((b, i) => b / us[0][i]);
console.log(JSON.stringify({ a: q(us[0], 0.5), b: q(us[1], 0.5), median: q(ratio, 0.5), q1: q(ratio, 0.25), q3: q(ratio, 0.75) }));
