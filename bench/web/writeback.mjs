#!/usr/bin/env node
/*
 * bench/web/writeback.mjs -- where the drop-in's update goes, and the order of its write-back,
 * on bench.mjs's characters (docs/benchmark-workload.md; js/'s AnimationMixer made with
 * { updateRotation: false, writeAlways: true }, as bench.mjs's dropin_fast).
 *
 *   node bench/web/writeback.mjs [--chars 1000] [--frames 30] [--rounds 5] [--json]
 *
 * Each round times in turn, CPU µs a character and frame:
 *   update      mixer.update: the whole drop-in
 *   wasm        its wasm update alone (tw_mixer_update), nothing written back
 *   by_node     mixer._writeAll alone: a node's position, quaternion and scale together, as shipped
 *   by_kind     the same stores and loads in two loops, every vector then every quaternion, in
 *               binding order (the write-back before 2026-12-06)
 * and prints the medians over rounds. by_node and by_kind write the same numbers from the wasm
 * heap into the same objects: only the order differs.
 */
const here = new URL('.', import.meta.url);
const THREE = await import(new URL('../../js/node_modules/three/build/three.module.js', here));
const { AnimationMixer } = await import(new URL('../../js/index.js', here));
const { wasm, ctx } = await import(new URL('../../js/src/wasm.js', here));
const W = await import(new URL('./workload.mjs', here));

const cfg = { chars: 1000, frames: 30, rounds: 5, json: false, dt: 1 / 60, bones: 64, keys: 30, clips: 2, branch: 2,
  duration: 1, weights: [0.7, 0.3], seed: 1, rotAmp: 0.5, scaleAmp: 0.05 };
for (let i = 2; i < process.argv.length; i++) {
  const flag = process.argv[i];
  if (flag === '--json') { cfg.json = true; continue; }
  const v = Number(process.argv[++i]);
  if (['--chars', '--frames', '--rounds'].includes(flag) && Number.isInteger(v) && v > 0) cfg[flag.slice(2)] = v;
  else { process.stderr.write(`writeback.mjs: "${flag}" is not a flag with a count (see the header)\n`); process.exit(2); }
}

const { clips, offsets } = W.makeClips(THREE, cfg);
const mixers = [];
for (let ch = 0; ch < cfg.chars; ch++) {
  const c = W.makeCharacter(THREE, cfg, offsets);
  const mixer = new AnimationMixer(c.root, { updateRotation: false, writeAlways: true });
  W.play(THREE, cfg, (clip) => mixer.clipAction(clip), clips, ch);
  mixers.push(mixer);
}
for (let f = 0; f < 10; f++) for (const m of mixers) m.update(cfg.dt); // binds, and makes the plan

// mixer._writeAll's loads and stores, every vector then every quaternion
function byKind(m, f32, base) {
  const v3 = m._v3, at3 = m._v3At;
  for (let i = 0, n = v3.length; i < n; i++) {
    const at = base + at3[i], v = v3[i];
    v.x = f32[at]; v.y = f32[at + 1]; v.z = f32[at + 2];
  }
  const qs = m._q, atq = m._qAt;
  for (let i = 0, n = qs.length; i < n; i++) {
    const at = base + atq[i], q = qs[i];
    q._x = f32[at]; q._y = f32[at + 1]; q._z = f32[at + 2]; q._w = f32[at + 3];
  }
}

const parts = {
  update: () => { for (const m of mixers) m.update(cfg.dt); },
  wasm: () => { for (const m of mixers) wasm.tw_mixer_update(ctx, m._mixer, m._scene, 0, 0, cfg.dt); },
  by_node: () => { const f32 = new Float32Array(wasm.memory.buffer); for (const m of mixers) m._writeAll(f32, m._nodesBase); },
  by_kind: () => { const f32 = new Float32Array(wasm.memory.buffer); for (const m of mixers) byKind(m, f32, m._nodesBase); },
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const samples = Object.fromEntries(Object.keys(parts).map((k) => [k, []]));
for (let r = 0; r < cfg.rounds; r++) {
  for (const [k, fn] of Object.entries(parts)) {
    const t0 = cpu();
    for (let f = 0; f < cfg.frames; f++) fn();
    samples[k].push((1000 * (cpu() - t0)) / cfg.frames / cfg.chars);
  }
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const us = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
if (cfg.json) {
  console.log(JSON.stringify({ bench: 'writeback', chars: cfg.chars, frames: cfg.frames, rounds: cfg.rounds, us }));
} else {
  console.log(`# the drop-in's update and its write-back, C = ${cfg.chars}, CPU µs a character, median of ${cfg.rounds} rounds of ${cfg.frames} frames`);
  for (const [k, v] of Object.entries(us)) console.log(`${k.padEnd(8)} ${v.toFixed(2)}`);
  console.log(`by_kind / by_node: ${(us.by_kind / us.by_node).toFixed(3)}`);
}
