#!/usr/bin/env node
/*
 * bench/web/bench.mjs -- three.js's AnimationMixer beside js/'s drop-in and crowd API
 * (threeanim.wasm), alternated in one run, on the workload of docs/benchmark-workload.md
 * (variant blend, linear; the same keys as bench/threejs/bench.mjs and bench_mixer).
 *
 *   node bench/web/bench.mjs [--chars 1,100,1000] [--frames 60] [--reps 5] [--dt 1/60]
 *                            [--bones 64] [--keys 30] [--weights 0.7,0.3] [--json]
 *                            [--only crowd,dropin_stale] [--cpu]
 *
 * For each C, one set of characters per engine, then --reps rounds in which each variant runs
 * --frames frames in turn (so that the machine's drift falls on all alike):
 *   three          three.js's mixer.update, each character
 *   dropin         js/'s AnimationMixer.update (writes as three.js's: Quaternion's change callback)
 *   dropin_stale   the same made with { updateRotation: false } (rotation left stale)
 *   dropin_fast    the same made with { updateRotation: false, writeAlways: true } (every
 *                  driven value written at each update, with no comparison with the last mix)
 *   stale_update   dropin_stale's mixers' wasm update alone, nothing written back (its parts:
 *                  with stale_writes, a floor that no drop-in writing these objects passes)
 *   stale_writes   a new value written into the same objects' fields alone (position, the
 *                  quaternion's _x.._w, scale; no flag, no read of the wasm heap)
 *   three_full     three.js's mixer.update + root.updateMatrixWorld() + skeleton.update()
 *   crowd          js/'s Crowd.update: mixer + world + skinning in wasm, into the bone matrices
 *   crowd_float    the same made with { floatLanes: true } (the passes in float32, four
 *                  instances a pass on WebAssembly SIMD; within 1e-6 of the default's)
 * and prints per variant the median ms per frame, us per character, its share of the round's
 * time, and the ratios the issue asks about; and the time that making the mixer and its
 * playing actions took a character, three.js's and the drop-in's (wall clock, the median of
 * five rounds over min(C, 100) characters of each made for it first, alternated, and dropped:
 * timed while every variant's characters were being made, at C = 1000 the garbage collector's
 * work on a heap of several thousand rigs took most of it, seven to forty times a small heap's).
 * --json prints one JSON line instead. --only runs the variants named (for a profile:
 * node --cpu-prof bench/web/bench.mjs --only crowd); a ratio of a variant left out is NaN. --cpu times each round by the process's CPU time (user and
 * system, process.cpuUsage) rather than the wall clock: on a shared machine other programs'
 * turns then fall on no variant, though their effect on the caches still does.
 */
import { performance } from 'node:perf_hooks';

const here = new URL('.', import.meta.url);
const THREE = await import(new URL('../../js/node_modules/three/build/three.module.js', here));
const { AnimationMixer, Crowd } = await import(new URL('../../js/index.js', here));
const { wasm: taWasm, ctx: taCtx } = await import(new URL('../../js/src/wasm.js', here));

const cfg = { chars: [1, 100, 1000], frames: 60, reps: 5, dt: 1 / 60, bones: 64, keys: 30, clips: 2, branch: 2,
  duration: 1, weights: [0.7, 0.3], seed: 1, rotAmp: 0.5, scaleAmp: 0.05, json: false, only: null, cpu: false };
for (let i = 2; i < process.argv.length; i++) {
  const flag = process.argv[i], v = process.argv[i + 1];
  const num = (t) => { const [a, b] = t.split('/'); return b === undefined ? Number(a) : Number(a) / Number(b); };
  if (flag === '--json') { cfg.json = true; continue; }
  if (flag === '--cpu') { cfg.cpu = true; continue; }
  i++;
  if (flag === '--chars') cfg.chars = v.split(',').map(Number);
  else if (flag === '--only') cfg.only = v.split(',');
  else if (flag === '--weights') cfg.weights = v.split(',').map(Number);
  else if (['--frames', '--reps', '--dt', '--bones', '--keys'].includes(flag)) cfg[flag.slice(2)] = num(v);
  else { process.stderr.write(`bench.mjs: "${flag}" is not a flag (see the header)\n`); process.exit(2); }
}

const W = await import(new URL('./workload.mjs', here));
const makeClips = () => W.makeClips(THREE, cfg);
const makeCharacter = (offsets) => W.makeCharacter(THREE, cfg, offsets);
const play = (clipAction, clips, ch) => W.play(THREE, cfg, clipAction, clips, ch);

// stale_writes: what writing the drop-in's results into three.js's objects costs by itself.
let written = 0;
// In the drop-in's order (its write-back's plan, mixer._trs): a node's position, quaternion and
// scale together, then the vectors and quaternions of no such node.
function writeFields(mixer, e) {
  // the drop-in plans its write-back at its first one; run alone (--only stale_writes), no update made it
  if (mixer._trs === null) mixer._trs = mixer._planTrs();
  const t = mixer._trs, v3 = mixer._v3, qs = mixer._q;
  for (let i = 0, n = t.n; i < n; i++) {
    const p = t.p[i], q = t.q[i], s = t.s[i];
    p.x = e; p.y = e + 1; p.z = e + 2;
    q._x = e; q._y = e; q._z = e; q._w = 1 - e;
    s.x = e; s.y = e + 1; s.z = e + 2;
  }
  for (const i of t.v3Rest) { const v = v3[i]; v.x = e; v.y = e + 1; v.z = e + 2; }
  for (const i of t.qRest) { const q = qs[i]; q._x = e; q._y = e; q._z = e; q._w = 1 - e; }
}

function median(xs) { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; }

const { clips, offsets } = makeClips();
const results = [];
for (const C of cfg.chars) {
  process.stderr.write(`bench: C = ${C}: building\n`);
  const wanted = (n) => cfg.only === null || cfg.only.includes(n);
  const three = [], drop = [], stale = [], fast = [];
  // binding: new mixer, clipAction and play of each action, a character's rig made before; on
  // characters of its own, made first (the heap small), rounds alternated, the median round
  const bindRounds = { three: [], dropin: [] }, nBind = Math.min(C, 100);
  for (let r = 0; r < 5; r++) {
    for (const [side, Mixer] of r % 2 ? [['dropin', AnimationMixer], ['three', THREE.AnimationMixer]]
      : [['three', THREE.AnimationMixer], ['dropin', AnimationMixer]]) {
      const rigs = [];
      for (let ch = 0; ch < nBind; ch++) rigs.push(makeCharacter(offsets));
      const made = [];
      const t0 = performance.now();
      for (let ch = 0; ch < nBind; ch++) {
        const m = new Mixer(rigs[ch].root);
        play((c) => m.clipAction(c), clips, ch);
        made.push(m);
      }
      bindRounds[side].push((performance.now() - t0) / nBind);
      for (const m of made) if (m.dispose) m.dispose();
    }
  }
  const bindMs = { three: median(bindRounds.three), dropin: median(bindRounds.dropin) };
  for (let ch = 0; ch < C; ch++) {
    if (wanted('three') || wanted('three_full')) {
      const t = makeCharacter(offsets);
      t.mixer = new THREE.AnimationMixer(t.root);
      play((c) => t.mixer.clipAction(c), clips, ch);
      three.push(t);
    }
    if (wanted('dropin')) {
      const d = makeCharacter(offsets);
      d.mixer = new AnimationMixer(d.root);
      play((c) => d.mixer.clipAction(c), clips, ch);
      drop.push(d);
    }
    if (wanted('dropin_stale') || wanted('stale_update') || wanted('stale_writes')) {
      const s = makeCharacter(offsets);
      s.mixer = new AnimationMixer(s.root, { updateRotation: false });
      play((c) => s.mixer.clipAction(c), clips, ch);
      stale.push(s);
    }
    if (wanted('dropin_fast')) {
      const s = makeCharacter(offsets);
      s.mixer = new AnimationMixer(s.root, { updateRotation: false, writeAlways: true });
      play((c) => s.mixer.clipAction(c), clips, ch);
      fast.push(s);
    }
  }
  const crowdOf = (options) => {
    const rig = makeCharacter(offsets);
    const k = new Crowd(rig.root, rig.mesh, C, options);
    for (let ch = 0; ch < C; ch++) play((c) => k.clipAction(ch, c), clips, ch);
    return k;
  };
  const crowd = wanted('crowd') ? crowdOf({}) : null;
  const crowdFloat = wanted('crowd_float') ? crowdOf({ floatLanes: true }) : null;
  const dt = cfg.dt;
  const variants = {
    three: () => { for (const t of three) t.mixer.update(dt); },
    dropin: () => { for (const d of drop) d.mixer.update(dt); },
    dropin_stale: () => { for (const s of stale) s.mixer.update(dt); },
    dropin_fast: () => { for (const s of fast) s.mixer.update(dt); },
    three_full: () => { for (const t of three) { t.mixer.update(dt); t.root.updateMatrixWorld(); t.mesh.skeleton.update(); } },
    stale_update: () => { for (const s of stale) taWasm.tw_mixer_update(taCtx, s.mixer._mixer, s.mixer._scene, 0, 0, dt); },
    stale_writes: () => { written += 1e-6; for (const s of stale) writeFields(s.mixer, written); },
    crowd: () => { crowd.update(dt); },
    crowd_float: () => { crowdFloat.update(dt); },
  };
  const names = Object.keys(variants).filter(wanted);
  for (const n of names) for (let f = 0; f < 10; f++) variants[n](); // first frames bind; warm up
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  // ms since an arbitrary start: the wall clock, or the process's CPU time (--cpu)
  const now = cfg.cpu ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
  for (let r = 0; r < cfg.reps; r++) {
    for (const n of names) {
      const t0 = now();
      for (let f = 0; f < cfg.frames; f++) variants[n]();
      samples[n].push((now() - t0) / cfg.frames);
    }
  }
  const ms = Object.fromEntries(names.map((n) => [n, median(samples[n])]));
  const total = names.reduce((acc, n) => acc + ms[n], 0);
  results.push({ C, ms, total, bind_us: { three: 1000 * bindMs.three, dropin: 1000 * bindMs.dropin },
    ratios: { dropin: ms.three / ms.dropin, dropin_stale: ms.three / ms.dropin_stale, dropin_fast: ms.three / ms.dropin_fast,
      stale_floor: ms.three / (ms.stale_update + ms.stale_writes), crowd_vs_three_full: ms.three_full / ms.crowd,
      crowd_vs_three: ms.three / ms.crowd, crowd_float_vs_three_full: ms.three_full / ms.crowd_float } });
  if (crowd) crowd.dispose();
  if (crowdFloat) crowdFloat.dispose();
}

if (cfg.json) {
  process.stdout.write(JSON.stringify({ bench: 'web', impl: 'threeanim.wasm', config: cfg, results }) + '\n');
} else {
  const p = (x, d = 2) => x.toFixed(d);
  console.log(`# three.js vs threeanim.wasm (js/), ${cfg.bones} bones, weights ${cfg.weights}, median of ${cfg.reps} x ${cfg.frames} frames, ${cfg.cpu ? 'CPU time' : 'wall clock'}, Node ${process.version}`);
  for (const r of results) {
    console.log(`\nC = ${r.C}`);
    console.log('| variant | ms/frame | us/character | share of the round |');
    console.log('|---|---:|---:|---:|');
    for (const [n, v] of Object.entries(r.ms)) console.log(`| ${n} | ${p(v, 3)} | ${p(1000 * v / r.C, 2)} | ${p(100 * v / r.total, 1)}% |`);
    console.log(`drop-in: ${p(r.ratios.dropin)}x three.js's mixer.update; with updateRotation false: ${p(r.ratios.dropin_stale)}x;` +
      ` with updateRotation false and writeAlways: ${p(r.ratios.dropin_fast)}x;` +
      ` crowd: ${p(r.ratios.crowd_vs_three_full, 1)}x three.js's update + updateMatrixWorld + skeleton.update (${p(r.ratios.crowd_vs_three, 1)}x mixer.update alone);` +
      ` with floatLanes: ${p(r.ratios.crowd_float_vs_three_full, 1)}x;` +
      ` updateRotation false's floor (its wasm update + the field writes alone): ${p(r.ratios.stale_floor)}x`);
    console.log(`binding (new mixer, clipAction and play, wall clock, on min(C, 100) characters of their own made first): three.js ${p(r.bind_us.three, 1)} us a character, the drop-in ${p(r.bind_us.dropin, 1)} us`);
  }
}
