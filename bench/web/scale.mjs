#!/usr/bin/env node
/*
 * bench/web/scale.mjs -- setting up many characters, on the workload of bench.mjs: three.js's
 * mixers and js/'s drop-in bound one character after another and kept (as a program adds its
 * characters), and js/'s Crowd of as many instances made, its actions played and its first update.
 * Each side runs in a process of its own beside as many rigs of the program's own, so that each
 * has the same JavaScript heap to collect and neither the other's.
 *
 *   node bench/web/scale.mjs [--chars 3000] [--step 100]
 *
 * Prints, every --step characters, the wall-clock us a character that step's binding took on each
 * side, and the crowd's times; then the wasm memory the drop-in's and the crowd's processes ended
 * with. THREEANIM_WASM names another module for js/ (as for the tests).
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const cfg = { bones: 64, keys: 30, clips: 2, branch: 2, duration: 1, weights: [0.7, 0.3], seed: 1, rotAmp: 0.5,
  scaleAmp: 0.05, chars: 3000, step: 100, side: null };
for (let i = 2; i < process.argv.length; i += 2) {
  const flag = process.argv[i], v = process.argv[i + 1];
  if (flag === '--chars' || flag === '--step') cfg[flag.slice(2)] = Number(v);
  else if (flag === '--side') cfg.side = v;
  else { process.stderr.write(`scale.mjs: "${flag}" is not a flag (see the header)\n`); process.exit(2); }
}

if (cfg.side === null) {
  const runs = {};
  for (const side of ['three', 'dropin', 'crowd']) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--chars', String(cfg.chars), '--step', String(cfg.step), '--side', side],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (r.status !== 0) process.exit(r.status ?? 1);
    runs[side] = JSON.parse(r.stdout);
  }
  console.log(`# setting up ${cfg.chars} characters of ${cfg.bones} bones (bench/web/scale.mjs), wall clock\n`);
  console.log('| characters bound | three.js us a character | drop-in us a character |\n|---:|---:|---:|');
  runs.three.steps.forEach((t, k) => console.log(`| ${(k + 1) * cfg.step} | ${t.toFixed(0)} | ${runs.dropin.steps[k].toFixed(0)} |`));
  const c = runs.crowd;
  console.log(`\nCrowd of ${cfg.chars} (floatLanes): made ${c.made.toFixed(0)} ms, two actions an instance played ${c.actions.toFixed(0)} ms, the first update ${c.first.toFixed(0)} ms`);
  console.log(`wasm memory at the end: drop-in ${(runs.dropin.memory / 1e6).toFixed(0)} MB, crowd ${(c.memory / 1e6).toFixed(0)} MB`);
  process.exit(0);
}

const here = new URL('.', import.meta.url);
const THREE = await import(new URL('../../js/node_modules/three/build/three.module.js', here));
const js = await import(new URL('../../js/index.js', here));
const { wasm } = await import(new URL('../../js/src/wasm.js', here));
const W = await import(new URL('./workload.mjs', here));
const { clips, offsets } = W.makeClips(THREE, cfg);
const theirs = [];
for (let i = 0; i < cfg.chars; i++) theirs.push(W.makeCharacter(THREE, cfg, offsets)); // the program's own
if (cfg.side === 'crowd') {
  const rig = W.makeCharacter(THREE, cfg, offsets);
  const t0 = performance.now();
  const k = new js.Crowd(rig.root, rig.mesh, cfg.chars, { floatLanes: true });
  const t1 = performance.now();
  for (let ch = 0; ch < cfg.chars; ch++) W.play(THREE, cfg, (c) => k.clipAction(ch, c), clips, ch);
  const t2 = performance.now();
  k.update(1 / 60);
  const t3 = performance.now();
  console.log(JSON.stringify({ made: t1 - t0, actions: t2 - t1, first: t3 - t2, memory: wasm.memory.buffer.byteLength }));
} else {
  const Mixer = cfg.side === 'three' ? THREE.AnimationMixer : js.AnimationMixer;
  const kept = [], steps = [];
  for (let at = 0; at < cfg.chars; at += cfg.step) {
    const rigs = [];
    for (let i = 0; i < cfg.step; i++) rigs.push(W.makeCharacter(THREE, cfg, offsets));
    const t0 = performance.now();
    for (let i = 0; i < cfg.step; i++) {
      const m = new Mixer(rigs[i].root);
      W.play(THREE, cfg, (c) => m.clipAction(c), clips, at + i);
      kept.push(m);
    }
    steps.push((1000 * (performance.now() - t0)) / cfg.step);
  }
  console.log(JSON.stringify({ steps, memory: wasm.memory.buffer.byteLength }));
}
