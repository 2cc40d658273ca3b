#!/usr/bin/env node
/*
 * bench/run.mjs -- the mixer benchmark report, run by bench/run.sh (which
 * builds first): threeanim (bench_mixer, bench/mixer) against three.js 0.186.0
 * (bench/threejs/bench.mjs) on the same workload in the same run, A B A B;
 * and ozz-animation (bench_ozz, bench/ozz) as a third engine in the same
 * rounds when the build has it (OZZ_DIR, docs/benchmark-workload.md).
 *
 *   node bench/run.mjs --build DIR [--quick] [--out FILE] [--ozz-dir DIR]
 *
 * Sections, each with the targets it measures:
 *   1. the mixer, three.js / threeanim (median ns per character update) for
 *      single and blend (0.7, 0.3), C in {1, 100, 1000}, B = 64, K = 30, each
 *      interpolation, with the checksum agreement (1e-6 relative, against
 *      three.js's pose with the port's intended differences applied: the
 *      float32 action phase, and for bezier unit-length Bezier rotations,
 *      bench.mjs's checksum_as_spec); then, for
 *      linear, ozz-animation beside both (threeanim's blend at C = 1000 at
 *      least 5x ozz), with its checksum's distance from three.js's;
 *   2. memory: bytes_per_character (B = 64, two actions) and bytes_per_key;
 *   3. track sampling alone (bench_track_sampling, if built);
 *   4. the floor (bench_floor) and how far threeanim's track evaluation is from it;
 *   5. linearity: the fitted slope and worst deviation of the cost in C, B and
 *      the number of actions;
 *   6. --threads 2 against 1;
 *   7. the world and skinning passes (bench_pose) beside three.js's
 *      updateMatrixWorld and skeleton.update on the workload rig;
 *   8. the frame (update, world, skinning) beside three.js's at C = 1000, and
 *      beside ozz-animation's (sampling, blending, LocalToModelJob, skinning
 *      multiply) at C = 1, 100 and 1000 (threeanim's blend frame at C = 1000
 *      at least 2x ozz's);
 *   9. compressed clips (bench_compress): bytes a bone-sample of the sample files
 *      as three.js, the float clip and ta_clip_compress hold them, and as
 *      ozz-animation's AnimationOptimizer does at the same error (bench_ozz
 *      --compress), with the error each reaches;
 *      Beside section 1: the update held at a key (bench.mjs --paused), and
 *      one action with a mask or root motion against it plain, and a second
 *      action masked over a first against the two unmasked
 *      (bench_mask_root_motion), on the fused path and the general path;
 *  10. inverse kinematics (bench_ik): two-bone and aim IK a call, from the
 *      nodes and from world matrices, beside ozz-animation's IKTwoBoneJob and
 *      IKAimJob (bench_ozz --ik); two-bone IK at most 100 ns a chain.
 * The tables go to stdout (and to --out, default DIR/bench-report.md); every
 * JSON line measured goes to DIR/bench-results.jsonl. --quick: linear only,
 * one A B pass, fewer frames (about a minute). --ozz-dir: the OZZ_DIR
 * bench/run.sh was given, named in the report (bench_ozz runs when it is in
 * DIR/bench, and only when bench/run.sh was given OZZ_DIR).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INTERPS = ['linear', 'step', 'smooth', 'bezier', 'cubicspline'];

function parseArgs(argv) {
  const o = { build: path.join(ROOT, 'build-release'), quick: false, out: null, ozzDir: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--quick') o.quick = true;
    else if (argv[i] === '--build' && i + 1 < argv.length) o.build = path.resolve(argv[++i]);
    else if (argv[i] === '--out' && i + 1 < argv.length) o.out = path.resolve(argv[++i]);
    else if (argv[i] === '--ozz-dir' && i + 1 < argv.length) o.ozzDir = argv[++i];
    else {
      process.stderr.write(`run.mjs: "${argv[i]}" is not a flag: --build DIR [--quick] [--out FILE] [--ozz-dir DIR]\n`);
      process.exit(2);
    }
  }
  o.out = o.out || path.join(o.build, 'bench-report.md');
  return o;
}

const started = Date.now();
const opts = parseArgs(process.argv.slice(2));
const TA = path.join(opts.build, 'bench', 'bench_mixer');
const FLOOR = path.join(opts.build, 'bench', 'bench_floor');
const SAMPLING = path.join(opts.build, 'bench', 'bench_track_sampling');
const JS = path.join(ROOT, 'bench', 'threejs', 'bench.mjs');
/* ozz-animation's driver: built by bench/run.sh only when OZZ_DIR was given */
const OZZ = path.join(opts.build, 'bench', 'bench_ozz');
const OZZ_IN = opts.ozzDir !== null && fs.existsSync(OZZ);
const rawPath = path.join(opts.build, 'bench-results.jsonl');
fs.writeFileSync(rawPath, '');

let report = '';
function out(line = '') {
  process.stdout.write(line + '\n');
  report += line + '\n';
}
function progress(text) {
  process.stderr.write(`bench [${((Date.now() - started) / 1000).toFixed(0)} s]: ${text}\n`);
}

function runJson(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, env });
  if (r.status !== 0) {
    process.stderr.write(r.stderr || '');
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${r.status ?? r.signal})`);
  }
  const line = r.stdout.trim().split('\n').pop();
  fs.appendFileSync(rawPath, line + '\n');
  return JSON.parse(line);
}

const threeanim = (flags) => runJson(TA, [...flags]);
/* threeanim with its mixers forced onto one instruction set (TA_SIMD) */
const threeanimOn = (simd, flags) => runJson(TA, [...flags], { ...process.env, TA_SIMD: simd });
const threejs = (flags) => runJson(process.execPath, [JS, ...flags]);
const ozz = (flags) => runJson(OZZ, [...flags]);

function flagList(o) {
  const f = [];
  for (const [k, v] of Object.entries(o)) f.push(`--${k}`, String(v));
  return f;
}

const fmt = (x, d = 1) => (x === undefined || x === null || Number.isNaN(x) ? '-' : x.toFixed(d));
const us = (ns) => fmt(ns / 1000, ns < 10000 ? 2 : 1);
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padStart(widths[i])).join(' | ') + ' |';
  out(line(header));
  out('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of rows) out(line(r));
}

/* y = a + b x by least squares on the relative error (weights 1 / y^2), so
 * that points three decades apart count alike; the worst |y - fit| / fit. */
function linearFit(xs, ys) {
  let sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = 1 / (ys[i] * ys[i]);
    sw += w; sx += w * xs[i]; sy += w * ys[i]; sxx += w * xs[i] * xs[i]; sxy += w * xs[i] * ys[i];
  }
  const slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx), intercept = (sy - slope * sx) / sw;
  let worst = 0;
  for (let i = 0; i < xs.length; i++) {
    const fit = intercept + slope * xs[i];
    worst = Math.max(worst, Math.abs(ys[i] - fit) / Math.abs(fit));
  }
  return { slope, intercept, worst };
}

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

// ---- the machine -------------------------------------------------------------------

const cpu = (sh('lscpu', []).match(/Model name:\s*(.*)/) || [])[1] || os.cpus()[0]?.model || '?';
const commit = sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']) || '?';
const dirty = sh('git', ['-C', ROOT, 'status', '--porcelain', '--untracked-files=no']) !== '';
out(`# threeanim mixer benchmark${opts.quick ? ' (--quick)' : ''}`);
out();
out(`- date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; commit ${commit}${dirty ? ' (with uncommitted changes)' : ''}`);
out(`- machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ${os.type()} ${os.release()}`);
out(`- load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} (other processes share these cores)`);
out(`- threeanim: ${TA} (${sh('grep', ['-E', '^CMAKE_BUILD_TYPE:', path.join(opts.build, 'CMakeCache.txt')]).split('=')[1] || '?'}); three.js 0.186.0 on node ${process.version}`);
/* ozz-animation's targets: threeanim's mixer alone at least 5x
 * ozz's sampling and blending, its frame at least 2x ozz's, linear blend at C = 1000 */
const OZZ_MIXER_TARGET = 5, OZZ_FRAME_TARGET = 2;
const OZZ_HOWTO = 'build ozz-animation 0.16 with its own CMake, then run OZZ_DIR=<its install prefix> bench/run.sh ' +
  '(docs/benchmark-workload.md, "ozz-animation")';
if (OZZ_IN)
  out(`- ozz-animation: ${OZZ} (OZZ_DIR=${opts.ozzDir}), in the same rounds for linear`);
else if (opts.ozzDir !== null)
  out(`- ozz-animation: not in this run: OZZ_DIR=${opts.ozzDir} was given, but CMake found no ozz-animation build there (bench_ozz not built); ${OZZ_HOWTO}`);
else
  out(`- ozz-animation: not in this run (OZZ_DIR unset); to include it, ${OZZ_HOWTO}`);
out();

// ---- 1. the mixer, side by side ----------------------------------------------------------

// A repetition of the big rows lasts some tens of milliseconds on each side:
// shorter ones (6 frames of 1000 characters) moved by a factor of two from one
// run to the next on the shared cores.
const sizing = opts.quick
  ? { 1: { frames: 300, warmup: 100, reps: 3 }, 100: { frames: 20, warmup: 5, reps: 3 }, 1000: { frames: 4, warmup: 2, reps: 3 } }
  : { 1: { frames: 600, warmup: 300, reps: 5 }, 100: { frames: 60, warmup: 20, reps: 5 }, 1000: { frames: 20, warmup: 6, reps: 5 } };
const interps = opts.quick ? ['linear'] : INTERPS;
const passes = opts.quick ? 1 : 2;
const CHARS = [1, 100, 1000];
const base = { bones: 64, keys: 30, clips: 2, weights: '0.7,0.3', variants: 'single,blend' };

/* The fast path's instruction set when TA_SIMD is unset; where it is AVX-512,
 * every row is also run on AVX2, which the targets name separately. */
const BEST = threeanim(flagList({ ...base, chars: 1, frames: 1, warmup: 0, reps: 1, variants: 'single' })).config.simd;
const AVX2_RUNS = spawnSync(TA, ['--chars', '1', '--frames', '1', '--warmup', '0', '--reps', '1', '--variants', 'single'],
  { env: { ...process.env, TA_SIMD: 'avx2' } }).status === 0;
out(`- threeanim's fast path: ${BEST} (the best this CPU runs)${BEST !== 'avx2' && AVX2_RUNS ? '; each row also run with TA_SIMD=avx2' : ''}`);
out();
const main = {}; // main[interp][C] = { ta: [json...], js: [json...], avx2: [json...] }
for (const interp of interps) {
  main[interp] = {};
  for (const C of CHARS) {
    const flags = flagList({ ...base, interp, chars: C, ...sizing[C] });
    const runs = { ta: [], js: [], avx2: [], oz: [] };
    for (let p = 0; p < passes; p++) {
      progress(`${interp} C=${C} pass ${p + 1}/${passes}: threeanim`);
      runs.ta.push(threeanim(flags));
      if (BEST !== 'avx2' && AVX2_RUNS) {
        progress(`${interp} C=${C} pass ${p + 1}/${passes}: threeanim, TA_SIMD=avx2`);
        runs.avx2.push(threeanimOn('avx2', flags));
      }
      progress(`${interp} C=${C} pass ${p + 1}/${passes}: three.js`);
      runs.js.push(threejs(flags));
      if (OZZ_IN && interp === 'linear') {
        progress(`${interp} C=${C} pass ${p + 1}/${passes}: ozz-animation`);
        runs.oz.push(ozz(flags));
      }
    }
    main[interp][C] = runs;
  }
}

/* The mean of the passes' medians, for one variant. */
function medianOf(runs, variant, field = 'ns_per_char_update') {
  const m = runs.map((j) => j.results.find((r) => r.variant === variant)[field].median);
  return m.reduce((a, b) => a + b, 0) / m.length;
}
function resultOf(runs, variant) {
  return runs[0].results.find((r) => r.variant === variant);
}

/* ratio targets, at C = 1000 unless named: linear blend 100x on AVX2 and 150x
 * on AVX-512 (the mixer alone, as the frame's issue asks; 60x and 100x before it), linear blend
 * C = 1 40x, linear single 80x, the other interpolations 20x */
function targetOf(interp, variant, C, simd) {
  if (interp === 'linear') {
    if (variant === 'blend' && C === 1000) return simd === 'avx512' ? 150 : 100;
    if (variant === 'blend' && C === 1) return 40;
    if (variant === 'single' && C === 1000) return 80;
    return null;
  }
  return C === 1000 ? 20 : null;
}
const verdicts = [];
out('## 1. Mixer update: three.js / threeanim (median ns per character update, B = 64, K = 30, 2 clips)');
out();
out(`A B ${passes > 1 ? 'A B ' : ''}runs per row; each side's figure is the mean of its passes' medians. ` +
  `threeanim on ${BEST}${runsAvx2() ? ', and on AVX2 (TA_SIMD=avx2)' : ''}. Targets at C = 1000: linear blend 100x on AVX2 ` +
  'and 150x on AVX-512, linear single 80x, every other interpolation 20x; linear blend at C = 1: 40x. Checksums: ' +
  '"ok" within 1e-6 relative of three.js, "loose" within 1e-3. three.js\'s checksum is that of its pose ' +
  'with the port\'s intended differences applied as threeanim has them (docs/three-js-to-threeanim.md): each ' +
  'action\'s time kept as a float32 phase, and for bezier Bezier rotations made of unit length; from the same ' +
  'frames run again untimed. The times are plain three.js\'s, and the distance from plain three.js\'s checksum ' +
  'is given in brackets (docs/benchmark-workload.md).');
out();
function runsAvx2() { return BEST !== 'avx2' && AVX2_RUNS; }
{
  const rows = [];
  let worstChecksum = 0;
  for (const interp of interps)
    for (const variant of ['single', 'blend'])
      for (const C of CHARS) {
        const runs = main[interp][C];
        const ta = medianOf(runs.ta, variant), js = medianOf(runs.js, variant);
        const ratio = js / ta;
        const ta2 = runsAvx2() ? medianOf(runs.avx2, variant) : null;
        const ratio2 = ta2 ? js / ta2 : null;
        const target = targetOf(interp, variant, C, BEST), target2 = targetOf(interp, variant, C, 'avx2');
        const js0 = resultOf(runs.js, variant), cta = resultOf(runs.ta, variant).checksum;
        const cjs = js0.checksum_as_spec ?? js0.checksum;
        const rel = Math.abs(cta - cjs) / Math.abs(cjs);
        const plain = js0.checksum_as_spec === undefined ? ''
          : ` (plain three.js: ${(Math.abs(cta - js0.checksum) / Math.abs(js0.checksum)).toExponential(1)})`;
        worstChecksum = Math.max(worstChecksum, rel);
        const taTrack = medianOf(runs.ta, variant, 'ns_per_track_action');
        const verdict = (r, t) => (t ? (r >= t ? `>= ${t}: yes` : `>= ${t}: NO`) : '');
        rows.push([interp, variant, C, us(js), us(ta), fmt(taTrack, 1), fmt(ratio, 1) + 'x', verdict(ratio, target),
          ta2 ? us(ta2) : '-', ratio2 ? fmt(ratio2, 1) + 'x' : '-', ratio2 ? verdict(ratio2, target2) : '',
          rel.toExponential(1) + (rel <= 1e-6 ? ' ok' : rel <= 1e-3 ? ' loose' : ' FAIL') + plain]);
        if (target) verdicts.push({ what: `${interp} ${variant} C=${C} on ${BEST}: ${fmt(ratio, 1)}x (target ${target}x)`, ok: ratio >= target });
        if (ratio2 && target2 && target2 !== target) verdicts.push({ what: `${interp} ${variant} C=${C} on avx2: ${fmt(ratio2, 1)}x (target ${target2}x)`, ok: ratio2 >= target2 });
      }
  table(['interp', 'variant', 'C', 'three.js us', `threeanim us (${BEST})`, 'ta ns/track*action', 'ratio', 'target',
    'threeanim us (avx2)', 'ratio (avx2)', 'target (avx2)', 'checksum rel diff'], rows);
  verdicts.push({ what: `checksums agree to 1e-6 relative (worst ${worstChecksum.toExponential(1)})`, ok: worstChecksum <= 1e-6 });
  const allocs = Math.max(...interps.flatMap((i) => CHARS.flatMap((C) => main[i][C].ta.flatMap((j) => j.results.map((r) => r.allocs_after_first_frame)))));
  out();
  out(`Allocations by threeanim after the first frame, worst over every run above: ${allocs}.`);
  verdicts.push({ what: `update allocates nothing after the first frame (${allocs} allocations seen)`, ok: allocs === 0 });
}
out();
ozzSection();
heldSection();
maskRootSection();

/* Masks and root motion: one action with a mask, with root motion, with root motion and yaw,
 * against the same action plain (bench_mask_root_motion), on the fused path and on the general
 * path (TA_SIMD=general), alternated round by round. threeanim's own extensions: no three.js
 * beside them. */
function maskRootSection() {
  const BIN = path.join(opts.build, 'bench', 'bench_mask_root_motion');
  if (!fs.existsSync(BIN)) return;
  out('### Masks and root motion (64 nodes, 128 tracks a clip)');
  out();
  const rounds = opts.quick ? 1 : 3, updates = opts.quick ? '5000' : '20000';
  const modes = ['plain', 'mask', 'root', 'root_yaw', 'blend', 'layer'], paths = ['', 'general'];
  /* what each mode is measured against: one action plain; the layer (an upper body masked over a
   * walk) against the same two actions unmasked */
  const base = { layer: 'blend' };
  const ns = {};
  for (const m of modes) for (const p of paths) ns[m + p] = [];
  for (let r = 0; r < rounds; r++) {
    progress(`masks and root motion, round ${r + 1}/${rounds}`);
    for (const m of modes)
      for (const p of paths) {
        const env = p ? { ...process.env, TA_SIMD: p } : process.env;
        const res = spawnSync(BIN, [m, updates], { encoding: 'utf8', env });
        const hit = res.status === 0 ? res.stdout.match(/([0-9.]+) ns per update/) : null;
        if (!hit) throw new Error(`bench_mask_root_motion ${m} failed (${res.status ?? res.signal})`);
        ns[m + p].push(Number(hit[1]));
      }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  table(['mode', `threeanim ns (${BEST})`, 'over plain (layer: over blend)', 'general path ns', 'general over fused'],
    modes.map((m) => [m, fmt(median(ns[m]), 0), fmt(median(ns[m]) / median(ns[base[m] ?? 'plain']), 2) + 'x',
      fmt(median(ns[m + 'general']), 0), fmt(median(ns[m + 'general']) / median(ns[m]), 2) + 'x']));
  out();
  out(`Medians of ${rounds} alternated round${rounds > 1 ? 's' : ''} of bench_mask_root_motion MODE ${updates} ` +
    '(wall time an update; the general path with TA_SIMD=general): one action plain, with a mask (the upper half ' +
    'of the rig), with root motion, with root motion and yaw; two actions of two clips (blend), and the second ' +
    'masked to the upper half over the first (layer, an upper body over a walk). No target: the rows keep the ' +
    'masked and root motion updates in sight, which took the general path, about ten times the plain update, ' +
    'before the fused path took them (docs/performance.md, "Masks on the fused path", "Root motion on the fused ' +
    'path", "The masked mix in the kernels\' loops").');
  out();
}

/* Held at a key: every action paused as it starts, so that each rotation is read at its interval's
 * end, where slerpFlat is taken without its acos and sines (docs/performance.md, "An action held at
 * a key"); beside the same characters playing, in the same alternated rounds. */
function heldSection() {
  out('### Held at a key (linear, C = 100, every action paused as it starts)');
  out();
  const rounds = opts.quick ? 1 : 3;
  const common = { ...base, interp: 'linear', chars: 100, frames: opts.quick ? 20 : 100, warmup: 5, reps: 3 };
  const held = { ta: [], js: [] }, playing = { ta: [], js: [] };
  for (let r = 0; r < rounds; r++) {
    progress(`held at a key, round ${r + 1}/${rounds}: threeanim, three.js, held and playing`);
    held.ta.push(threeanim(flagList({ ...common, paused: 1 })));
    held.js.push(threejs(flagList({ ...common, paused: 1 })));
    playing.ta.push(threeanim(flagList(common)));
    playing.js.push(threejs(flagList(common)));
  }
  const rows = [];
  for (const variant of ['single', 'blend']) {
    const hta = medianOf(held.ta, variant), hjs = medianOf(held.js, variant);
    const pta = medianOf(playing.ta, variant), pjs = medianOf(playing.js, variant);
    const cta = resultOf(held.ta, variant).checksum, js0 = resultOf(held.js, variant);
    const cjs = js0.checksum_as_spec ?? js0.checksum;
    const rel = Math.abs(cta - cjs) / Math.abs(cjs);
    rows.push([variant, us(hjs), us(hta), fmt(hjs / hta, 1) + 'x', us(pjs), us(pta), fmt(pjs / pta, 1) + 'x',
      fmt(hta / pta, 2), rel.toExponential(1) + (rel <= 1e-6 ? ' ok' : rel <= 1e-3 ? ' loose' : ' FAIL')]);
  }
  table(['variant', 'held: three.js us', `threeanim us (${BEST})`, 'ratio', 'playing: three.js us', 'threeanim us',
    'ratio', 'threeanim held / playing', 'held checksum rel diff'], rows);
  out();
  out(`Medians of ${rounds} alternated round${rounds > 1 ? 's' : ''} (bench_mixer and bench.mjs --paused 1: a paused game, a ` +
    'pose held at time 0, and for one frame every action that starts). No target: the row keeps the held update ' +
    'in sight, which took seven times the playing one before slerpFlat\'s ends were taken without their sines.');
  out();
}

/* ozz-animation beside three.js and threeanim, linear, from the same rounds. */
function ozzSection() {
  out('### ozz-animation beside them (linear)');
  out();
  if (!OZZ_IN || !main.linear) {
    out(`ozz-animation was not in this run. To include it, ${OZZ_HOWTO}.`);
    out();
    return;
  }
  const version = main.linear[CHARS[0]].oz[0].version;
  out(`ozz-animation ${version} (OZZ_DIR=${opts.ozzDir}), run in the same ${passes > 1 ? 'A B C A B C' : 'A B C'} rounds ` +
    'as the rows above: per character a SamplingJob per action (a Context each) into local-space SoA transforms, ' +
    'and for blend a BlendingJob of the two layers. Target: threeanim\'s blend at C = 1000 at least 5x ozz-animation. ' +
    'Checksum: ozz\'s distance from three.js\'s, relative; max |diff|: the largest difference of one number of ' +
    'ozz\'s final pose from threeanim\'s (position, quaternion, scale), which is three.js\'s to about 1e-6: ' +
    'ozz quantises its keys and interpolates and blends rotations by normalised lerp (docs/benchmark-workload.md).');
  out();
  const rows = [];
  for (const variant of ['single', 'blend'])
    for (const C of CHARS) {
      const runs = main.linear[C];
      const js = medianOf(runs.js, variant), ta = medianOf(runs.ta, variant), oz = medianOf(runs.oz, variant);
      const ta2 = runsAvx2() ? medianOf(runs.avx2, variant) : null;
      const r = resultOf(runs.oz, variant), cjs = resultOf(runs.js, variant).checksum;
      const rel = Math.abs(r.checksum - cjs) / Math.abs(cjs);
      const d = r.vs_threeanim ? r.vs_threeanim.max_abs_diff : null;
      const target = variant === 'blend' && C === 1000 ? OZZ_MIXER_TARGET : null;
      rows.push([variant, C, us(js), us(oz), us(ta), fmt(js / oz, 1) + 'x', fmt(oz / ta, 1) + 'x',
        target ? (oz / ta >= target ? `>= ${target}: yes` : `>= ${target}: NO`) : '',
        ta2 ? fmt(oz / ta2, 1) + 'x' : '-', rel.toExponential(1),
        d ? `${d.position.toExponential(1)} / ${d.quaternion.toExponential(1)} / ${d.scale.toExponential(1)}` : '-']);
      if (target) {
        verdicts.push({ what: `mixer alone, linear blend C=1000: threeanim (${BEST}) ${fmt(oz / ta, 1)}x ozz-animation ${version} (target ${target}x)`, ok: oz / ta >= target });
        if (ta2) verdicts.push({ what: `mixer alone, linear blend C=1000: threeanim (avx2) ${fmt(oz / ta2, 1)}x ozz-animation ${version} (target ${target}x)`, ok: oz / ta2 >= target });
      }
    }
  table(['variant', 'C', 'three.js us', 'ozz us', `threeanim us (${BEST})`, 'three.js / ozz', 'ozz / threeanim',
    'target', 'ozz / threeanim (avx2)', 'ozz checksum rel diff', 'ozz max |diff| pos / quat / scale'], rows);
  out();
}

// ---- 2. memory -----------------------------------------------------------------------------

out('## 2. Memory (threeanim, counted by the allocator given to each object)');
out();
{
  const rows = [];
  for (const interp of interps) {
    const j = main[interp][100].ta[0];
    const blend = j.results.find((r) => r.variant === 'blend'), single = j.results.find((r) => r.variant === 'single');
    rows.push([interp, fmt(blend.bytes_per_character, 0), fmt(single.bytes_per_character, 0),
      fmt(j.bytes_per_key, 2), fmt(j.bytes_per_key_marginal, 2), fmt(j.bytes_per_key_ideal, 2)]);
  }
  table(['interp', 'bytes/character (blend, 2 actions)', 'bytes/character (single)', 'bytes/key (all)',
    'bytes/key (marginal)', 'bytes/key (key data)'], rows);
  out();
  out('bytes/character: the scene (64 nodes), the mixer and its actions of one character after the first frames ' +
    '(clips excluded: shared). bytes/key (all): the shared clips\' bytes over their keys; marginal: what one more key ' +
    'costs (clips rebuilt with 2K keys); key data: the time and the values (and tangents) alone, 4 + 4 x value size for ' +
    'linear, averaged over the vec3, quaternion and vec3 tracks.');
  const lin = main[interps[0]][100].ta[0];
  const bpc = lin.results.find((r) => r.variant === 'blend').bytes_per_character;
  verdicts.push({ what: `bytes_per_character ${fmt(bpc, 0)} at most 12 KiB (B = 64, two actions)`, ok: bpc <= 12288 });
  verdicts.push({ what: `bytes_per_key ${fmt(lin.bytes_per_key, 2)} (marginal ${fmt(lin.bytes_per_key_marginal, 2)}) equal to 4 + 4 x value size = ${fmt(lin.bytes_per_key_ideal, 2)}`, ok: Math.abs(lin.bytes_per_key - lin.bytes_per_key_ideal) < 0.01 });
}
out();

// ---- 3. track sampling -------------------------------------------------------------------------

let kernelMix = null;
out('## 3. Track sampling alone (bench_track_sampling)');
out();
if (fs.existsSync(SAMPLING)) {
  progress('track sampling');
  const r = spawnSync(SAMPLING, opts.quick ? ['500000'] : [], { encoding: 'utf8' });
  if (r.status === 0) {
    out('```');
    out(r.stdout.trim());
    out('```');
    const col = (name) => {
      const m = r.stdout.match(new RegExp(`^${name}\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'm'));
      return m ? Number(m[3]) : null;
    };
    const v = col('linear vec3'), q = col('linear quaternion');
    if (v !== null && q !== null) kernelMix = (2 * v + q) / 3;
  } else {
    out(`bench_track_sampling failed (${r.status}): ${(r.stderr || '').trim()}`);
  }
} else {
  out(`not built (${SAMPLING} is missing).`);
}
out();

// ---- 4. the floor -------------------------------------------------------------------------------

let floorRun = null; /* bench_floor's JSON line, for §8's memory floor */

out('## 4. The floor (bench_floor) and threeanim\'s distance from it');
out();
if (fs.existsSync(FLOOR)) {
  progress('floor');
  const f = runJson(FLOOR, opts.quick ? ['--quick'] : []);
  floorRun = f;
  out(`Read bandwidth: L1 ${fmt(f.read_gbps.l1)} GB/s, L2 ${fmt(f.read_gbps.l2)} GB/s, memory ${fmt(f.read_gbps.memory)} GB/s. ` +
    `Write bandwidth to memory: ${fmt(f.write_gbps.memory)} GB/s with plain stores, ${fmt(f.write_gbps.stream)} GB/s ` +
    'with non-temporal ones (the frame\'s lane passes past the caches, §8).');
  out();
  table(['flat float32 kernel (1000 characters x 64 bones, keys shared)', 'ns per track'],
    Object.entries(f.ns_per_track).map(([k, v]) => [k, fmt(v, 3)]));
  out();
  const lin = main.linear[1000];
  const single = medianOf(lin.ta, 'single', 'ns_per_track_action');
  const blend = medianOf(lin.ta, 'blend', 'ns_per_track_action');
  const rows = [
    ['floor (2 lerp3 + fastest nlerp4) / 3', fmt(f.floor_ns_per_track, 3), '1.0x'],
    ['floor_exact (2 lerp3 + slerp4_f64) / 3: three.js\'s numbers', fmt(f.floor_exact_ns_per_track, 3), fmt(f.floor_exact_ns_per_track / f.floor_ns_per_track, 1) + 'x'],
    ['bandwidth bound (bytes written / memory bandwidth)', fmt(f.bandwidth_floor_ns_per_track, 3), fmt(f.bandwidth_floor_ns_per_track / f.floor_ns_per_track, 2) + 'x'],
    ['threeanim mixer, single, C = 1000, linear (ns per track*action)', fmt(single, 2), fmt(single / f.floor_ns_per_track, 1) + 'x'],
    ['threeanim mixer, blend, C = 1000, linear (ns per track*action)', fmt(blend, 2), fmt(blend / f.floor_ns_per_track, 1) + 'x'],
  ];
  if (kernelMix !== null)
    rows.push(['threeanim sampling kernel alone, (2 linear vec3 + linear quaternion) / 3', fmt(kernelMix, 2), fmt(kernelMix / f.floor_ns_per_track, 1) + 'x']);
  table(['', 'ns per track evaluation', 'x floor'], rows);
  verdicts.push({ what: `track evaluation within 4x of the floor: the mixer (single, C = 1000) is at ${fmt(single / f.floor_ns_per_track, 1)}x` +
    (kernelMix !== null ? `, the sampling kernel alone at ${fmt(kernelMix / f.floor_ns_per_track, 1)}x` : ''), ok: single / f.floor_ns_per_track <= 4 });
} else {
  out(`not built (${FLOOR} is missing).`);
}
out();

// ---- 5. linearity --------------------------------------------------------------------------------

out('## 5. Linearity of threeanim\'s cost (blend, linear; y = a + b x fitted on relative error, worst relative deviation from it)');
out();
{
  const reps = opts.quick ? 3 : 5;
  const rows = [];
  /* Each point's repetitions last some tens of milliseconds (they lasted about 2 ms, which one slow
   * moment of a shared core can double), on one core where taskset can pin them, so that the points
   * are measured on the same core (this machine's two differ: §8). */
  const pinLinearity = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const linearRun = (flags) => (pinLinearity ? runJson('taskset', ['-c', '0', TA, ...flags]) : threeanim(flags));
  // C: total time per frame against C.
  const cs = opts.quick ? [1, 100, 1000] : [1, 10, 100, 300, 1000];
  const cy = cs.map((C) => {
    progress(`linearity C=${C}`);
    const frames = Math.max(20, Math.round(100000 / C));
    const j = linearRun(flagList({ ...base, variants: 'blend', interp: 'linear', chars: C, frames, warmup: Math.ceil(frames / 3), reps }));
    return j.results[0].ns_per_char_update.median * C;
  });
  const fc = linearFit(cs, cy);
  rows.push(['C (characters), 64 bones, 2 actions', cs.join(', '), cy.map((y) => us(y)).join(', ') + ' us/frame',
    `${fmt(fc.slope, 0)} ns per character`, `${us(fc.intercept)} us`, fmt(100 * fc.worst, 1) + '%']);
  // B: per character update against bones.
  const bs = opts.quick ? [16, 64, 128] : [16, 32, 64, 128];
  const by = bs.map((B) => {
    progress(`linearity B=${B}`);
    const j = linearRun(flagList({ ...base, variants: 'blend', interp: 'linear', bones: B, chars: 100, frames: 400, warmup: 40, reps }));
    return j.results[0].ns_per_char_update.median;
  });
  const fb = linearFit(bs, by);
  rows.push(['B (bones), 100 characters, 2 actions', bs.join(', '), by.map((y) => us(y)).join(', ') + ' us/char',
    `${fmt(fb.slope, 1)} ns per bone`, `${us(fb.intercept)} us`, fmt(100 * fb.worst, 1) + '%']);
  // actions: one clip each, weights summing to exactly 1.
  const weights = { 1: '1', 2: '0.5,0.5', 3: '0.5,0.25,0.25', 4: '0.25,0.25,0.25,0.25' };
  const as = opts.quick ? [1, 2, 4] : [1, 2, 3, 4];
  const ay = as.map((n) => {
    progress(`linearity actions=${n}`);
    const j = linearRun(flagList({ ...base, variants: 'blend', interp: 'linear', clips: n, weights: weights[n], chars: 100, frames: 400, warmup: 40, reps }));
    return j.results[0].ns_per_char_update.median;
  });
  const fa = linearFit(as, ay);
  rows.push(['actions, 100 characters, 64 bones', as.join(', '), ay.map((y) => us(y)).join(', ') + ' us/char',
    `${fmt(fa.slope, 0)} ns per action`, `${us(fa.intercept)} us`, fmt(100 * fa.worst, 1) + '%']);
  table(['cost in', 'points', 'measured', 'slope', 'intercept', 'worst deviation'], rows);
  verdicts.push({ what: `linear in C, B and actions: worst deviations ${fmt(100 * fc.worst, 1)}%, ${fmt(100 * fb.worst, 1)}%, ${fmt(100 * fa.worst, 1)}%`, ok: Math.max(fc.worst, fb.worst, fa.worst) <= 0.1 });
}
out();

// ---- 6. threads ------------------------------------------------------------------------------------

out('## 6. --threads: disjoint characters\' mixers on 2 threads over shared clips (blend, linear)');
out();
{
  const rows = [];
  let scale1000 = null;
  for (const C of opts.quick ? [1000] : [100, 1000]) {
    const frames = C === 1000 ? 30 : 200;
    const common = { ...base, variants: 'blend', interp: 'linear', chars: C, frames, warmup: 10, reps: opts.quick ? 3 : 5 };
    /* 1 and 2 threads alternated over rounds, so that a burst of load falls on
     * both sides: each side's figure is the median of its rounds' medians. */
    const rounds = opts.quick ? 2 : 5;
    const ones = [], twos = [];
    for (let r = 0; r < rounds; r++) {
      progress(`threads C=${C} round ${r + 1}/${rounds}`);
      ones.push(threeanim(flagList({ ...common, threads: 1 })));
      twos.push(threeanim(flagList({ ...common, threads: 2 })));
    }
    const mid = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
    const field = (runs, f) => runs.map((j) => f(j.results[0]));
    const t1 = mid(field(ones, (x) => x.ns_per_char_update.median)), t2 = mid(field(twos, (x) => x.ns_per_char_update.median));
    const b1 = Math.min(...field(ones, (x) => x.ns_per_char_update.min)), b2 = Math.min(...field(twos, (x) => x.ns_per_char_update.min));
    const sums = [...field(ones, (x) => x.checksum), ...field(twos, (x) => x.checksum)];
    const same = sums.every((s) => Math.abs(s - sums[0]) <= 1e-9 * Math.abs(sums[0]));
    const c1 = mid(field(ones, (x) => x.cpu_ns_per_char_update)), c2 = mid(field(twos, (x) => x.cpu_ns_per_char_update));
    rows.push([C, fmt(1e9 / t1 / 1000, 0), fmt(1e9 / t2 / 1000, 0), fmt(t1 / t2, 2) + 'x', fmt(b1 / b2, 2) + 'x',
      `${us(c1)} / ${us(c2)}`, fmt(c2 / t2, 2), same ? 'same' : 'DIFFERENT']);
    if (C === 1000) scale1000 = t1 / t2;
  }
  table(['C', '1 thread (k updates/s)', '2 threads (k updates/s)', 'scaling (medians)', 'scaling (best reps)',
    'CPU us per update, 1 / 2 threads', 'cores busy (2 threads)', 'checksum 1 vs 2 threads'], rows);
  out();
  out(`This machine has ${os.cpus().length} cores; a frame ends at a barrier, so a thread that another process\n` +
    'holds back holds the frame back: the scaling needs the cores free (see the load averages above). ' +
    'CPU time per update that stays the same from 1 to 2 threads says the threads do not contend; ' +
    '"cores busy" (CPU time over wall time with 2 threads) near 1 says the second core was taken by another process. ' +
    'Target: at least 1.8x at C = 1000. Each thread updates its share of the mixers with ta_mixer_update_range, ' +
    `as a job system would. 1 and 2 threads run alternately, ${opts.quick ? 2 : 5} rounds each; a figure is the median ` +
    'of the rounds\' medians (best reps: the fastest repetition of any round).');
  verdicts.push({ what: `--threads 2 scaling ${fmt(scale1000, 2)}x at C = 1000 (target 1.8x)`, ok: scale1000 >= 1.8 });
}
out();

// ---- 7. world and skinning passes ----------------------------------------------------------------------

out('## 7. World and skinning passes (bench_pose beside bench/pose/bench_pose.mjs)');
out();
{
  const POSE = path.join(opts.build, 'bench', 'bench_pose');
  if (fs.existsSync(POSE)) {
    const flags = ['--chars', '100', '--bones', '64', '--branch', '2', '--frames', opts.quick ? '60' : '300',
      '--reps', opts.quick ? '3' : '5'];
    const rows = [];
    for (let k = 0; k < (opts.quick ? 1 : 3); ++k) {
      progress(`pose passes ${k + 1}`);
      const ta = runJson(POSE, flags);
      const js = runJson(process.execPath, [path.join(ROOT, 'bench', 'pose', 'bench_pose.mjs'), ...flags]);
      rows.push([k + 1, fmt(ta.world_ns_per_bone.median, 1), fmt(js.world_ns_per_bone.median, 1),
        fmt(ta.skinning_ns_per_bone.median, 1), fmt(js.skinning_ns_per_bone.median, 1),
        Math.abs(ta.checksum - js.checksum) <= 1e-6 * Math.abs(js.checksum) ? 'same' : 'DIFFERENT']);
    }
    table(['run', 'threeanim world (ns/bone)', 'three.js updateMatrixWorld (ns/bone)', 'threeanim skinning (ns/bone)',
      'three.js skeleton.update (ns/bone)', 'bone matrix checksum'], rows);
    out();
    out('100 characters of the workload rig (64 bones, branch 2), medians over the repetitions of each run.');
  } else {
    out(`not built (${POSE} is missing).`);
  }
}
out();

// ---- 8. the frame ------------------------------------------------------------------------------------

out('## 8. The frame: update + world + skinning (blend_frame, linear, C = 1000)');
out();
{
  /* threeanim (ta_frame_update) and three.js (mixer.update, updateMatrixWorld,
   * skeleton.update of a SkinnedMesh per character) alternated over rounds;
   * then threeanim on a pool of 2 workers against 1, alternated too. */
  const rounds = opts.quick ? 2 : 3;
  const common = { ...base, variants: 'blend,blend_frame', interp: 'linear', chars: 1000, frames: opts.quick ? 6 : 20,
    warmup: 4, reps: 3 };
  const mid = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
  const pick = (runs, v) => mid(runs.map((j) => j.results.find((r) => r.variant === v).ns_per_char_update.median));
  const ta = [], js = [], one = [], two = [], lean = [], leanFloat = [], inst = [];
  /* the default and the palettes-only float frame on AVX2 too (the 5 ns a bone is asked on AVX2), and one
   * thread pinned to each of the first two cores (taskset), whose speeds may differ on a shared machine */
  const taAvx2 = [], leanFloatAvx2 = [], onCpu = [[], []];
  const PIN = os.cpus().length >= 2 && [0, 1].every((c) => spawnSync('taskset', ['-c', String(c), 'true']).status === 0);
  const pinned = (cpu, flags) => runJson('taskset', ['-c', String(cpu), TA, ...flags]);
  /* The frame that keeps only what a renderer reads: the palettes (no float world copy, no double
   * world matrices left in the poses), the mixer writing without three.js's comparison. */
  const leanFlags = { 'write-always': 1, 'frame-world': 0, 'frame-pose-world': 0 };
  for (let r = 0; r < rounds; r++) {
    progress(`frame round ${r + 1}/${rounds}: threeanim, three.js, 1 and 2 workers`);
    ta.push(threeanim(flagList(common)));
    /* the same frame over instances of one scene (ta_scene_instantiate), as an engine makes a crowd of one model */
    inst.push(threeanim(flagList({ ...common, instances: 1 })));
    lean.push(threeanim(flagList({ ...common, ...leanFlags })));
    leanFloat.push(threeanim(flagList({ ...common, ...leanFlags, 'frame-float-lanes': 1 })));
    js.push(threejs(flagList(common)));
    one.push(threeanim(flagList({ ...common, variants: 'blend_frame', threads: 1 })));
    two.push(threeanim(flagList({ ...common, variants: 'blend_frame', threads: 2 })));
    if (runsAvx2()) {
      taAvx2.push(threeanimOn('avx2', flagList(common)));
      leanFloatAvx2.push(threeanimOn('avx2', flagList({ ...common, ...leanFlags, 'frame-float-lanes': 1 })));
    }
    if (PIN) for (const c of [0, 1]) onCpu[c].push(pinned(c, flagList({ ...common, variants: 'blend_frame', threads: 1 })));
  }
  const taF = pick(ta, 'blend_frame'), jsF = pick(js, 'blend_frame'), taU = pick(ta, 'blend'), jsU = pick(js, 'blend');
  const t1 = pick(one, 'blend_frame'), t2 = pick(two, 'blend_frame');
  const leanF = pick(lean, 'blend_frame'), leanU = pick(lean, 'blend'), floatF = pick(leanFloat, 'blend_frame');
  const instF = pick(inst, 'blend_frame');
  /* world + skinning a bone: a frame less the update alone of the same runs, over 64 bones */
  const perBone = (runs) => (pick(runs, 'blend_frame') - pick(runs, 'blend')) / 64;
  const wsRows = [['the default frame', BEST, perBone(ta)], ['palettes only, float lanes (write-always)', BEST, perBone(leanFloat)]];
  if (runsAvx2())
    wsRows.push(['the default frame', 'avx2', perBone(taAvx2)], ['palettes only, float lanes (write-always)', 'avx2', perBone(leanFloatAvx2)]);
  table(['what', 'three.js us', 'threeanim us', 'ratio'], [
    ['update alone (blend)', us(jsU), us(taU), fmt(jsU / taU, 1) + 'x'],
    ['frame (blend_frame)', us(jsF), us(taF), fmt(jsF / taF, 1) + 'x'],
    ...(runsAvx2() ? [['frame (blend_frame), AVX2', us(jsF), us(pick(taAvx2, 'blend_frame')), fmt(jsF / pick(taAvx2, 'blend_frame'), 1) + 'x']] : []),
    ['world + skinning (frame - update)', us(jsF - jsU), us(taF - taU), fmt((jsF - jsU) / (taF - taU), 1) + 'x'],
    ['frame, the characters instances of one scene', us(jsF), us(instF), fmt(jsF / instF, 1) + 'x'],
    ['update alone, write-always', us(jsU), us(leanU), fmt(jsU / leanU, 1) + 'x'],
    ['frame, palettes only (write-always)', us(jsF), us(leanF), fmt(jsF / leanF, 1) + 'x'],
    ['frame, palettes only, float lanes (write-always)', us(jsF), us(floatF), fmt(jsF / floatF, 1) + 'x'],
  ]);
  out();
  out(`Per character, medians of ${rounds} alternated rounds. World + skinning per bone: ` +
    `${fmt((taF - taU) / 64, 1)} ns (threeanim, the pose's best set), ${fmt((jsF - jsU) / 64, 1)} ns (three.js). ` +
    `Pool of 2 workers against 1 (ta_frame_update): ${us(t1)} / ${us(t2)} us a character, ${fmt(t1 / t2, 2)}x ` +
    `(target 1.8x; ${os.cpus().length} cores, shared). "Instances of one scene": bench_mixer --instances 1, the ` +
    'default frame over characters 1 to C - 1 made by ta_scene_instantiate from character 0 (the skin\'s joints and ' +
    'inverse binds shared, so that the rig check compares pointers; built alike, each character has its own copy, ' +
    'which the check compares in its first frame and then remembers); the other rows\' characters are built alike, ' +
    'as three.js\'s are. ' +
    'The last three rows: bench_mixer --write-always 1 ' +
    '--frame-world 0 --frame-pose-world 0, the frame that keeps only the palettes a renderer reads and a mixer ' +
    'that writes without three.js\'s comparison (the differences list); the last with --frame-float-lanes 1 too, ' +
    'the float32 lane pass (within 1e-6 of the largest element, not bit for bit: the differences list); ' +
    'the verdict below is on the default frame.');
  out();
  table(['world + skinning a bone (frame less update, over 64)', 'set', 'ns', 'target'],
    wsRows.map(([what, set, ns]) => [what, set, fmt(ns, 2), set === 'avx2' ? 'at most 5' : '']));
  for (const [what, set, ns] of wsRows)
    if (set === 'avx2') verdicts.push({ what: `world + skinning a bone at C = 1000, ${what}, AVX2: ${fmt(ns, 2)} ns (target at most 5 ns)`, ok: ns <= 5 });
  if (PIN) {
    const c0 = pick(onCpu[0], 'blend_frame'), c1 = pick(onCpu[1], 'blend_frame');
    /* two threads that shared the frame perfectly would take the inverse of the two cores' rates summed */
    const ideal = 1 / (1 / c0 + 1 / c1);
    out();
    out(`One thread pinned to each core (taskset -c 0, -c 1), the same frame: ${us(c0)} and ${us(c1)} us a character ` +
      `(the unpinned one above: ${us(t1)}). The pool's two workers: ${us(t2)} us, against ${us(ideal)} for the two ` +
      `cores' rates summed (${fmt(100 * ideal / t2, 0)}% of it); against each pinned thread ${fmt(c0 / t2, 2)}x and ` +
      `${fmt(c1 / t2, 2)}x. Where the cores differ, the unpinned ratio (the verdict's) depends on the core one thread ran on.`);
  }
  if (floorRun !== null && floorRun.write_gbps.stream > 0) {
    /* What the default frame writes a character past the caches (non-temporal stores, §4's streamed
     * bandwidth): each node's world matrix in double (128 bytes) and in float (64), each bone's 4x4 (64). */
    const nodes = 64, bones = 64, gbps = floorRun.write_gbps.stream;
    const full = nodes * 128 + nodes * 64 + bones * 64, palettes = bones * 64;
    const floorNs = (bytes) => bytes / gbps; /* bytes over GB/s: ns */
    out();
    out(`The memory floor: the default frame writes ${full.toLocaleString('en-US')} bytes a character to memory (the ` +
      `poses' double world matrices, the float world matrices and the 4x4 palette), ${us(floorNs(full))} us at ` +
      `§4's ${fmt(gbps)} GB/s of non-temporal stores, so that no frame writing them passes ` +
      `${fmt(jsF / floorNs(full), 1)}x three.js's frame on this machine, before it reads or writes anything ` +
      `else (each character's scene, mixer and pose, read and written from the caches or from memory); the palettes-only rows ` +
      `write ${palettes.toLocaleString('en-US')} (${us(floorNs(palettes))} us, ` +
      `${fmt(jsF / floorNs(palettes), 1)}x).`);
  }
  /* 100x asked on AVX-512, 60x on AVX2 (and on any other set) */
  const frameTarget = BEST === 'avx512' ? 100 : 60;
  verdicts.push({ what: `frame at C = 1000 on ${BEST}: ${fmt(jsF / taF, 1)}x three.js's (target ${frameTarget}x; 60x on AVX2, 100x on AVX-512)`, ok: jsF / taF >= frameTarget });
  if (runsAvx2()) {
    const taF2 = pick(taAvx2, 'blend_frame');
    verdicts.push({ what: `frame at C = 1000 on avx2: ${fmt(jsF / taF2, 1)}x three.js's (${us(taF2)} us; target 60x)`, ok: jsF / taF2 >= 60 });
  }
  verdicts.push({ what: `frame on a pool of 2 workers: ${fmt(t1 / t2, 2)}x one (target 1.8x)`, ok: t1 / t2 >= 1.8 });
}
out();
ozzFrameSection();

/* threeanim's frame beside ozz-animation's, C = 1, 100 and 1000, one thread:
 * threeanim (its best set, and AVX2 when that is not the best) and ozz
 * alternated over rounds, each the median of its rounds' medians. */
function ozzFrameSection() {
  out('### ozz-animation\'s frame beside threeanim\'s (linear, one thread)');
  out();
  if (!OZZ_IN) {
    out(`ozz-animation was not in this run: no ozz rows or ratios here. To include it, ${OZZ_HOWTO}.`);
    out();
    return;
  }
  const rounds = opts.quick ? 2 : 3;
  const size = opts.quick
    ? { 1: { frames: 300, warmup: 100 }, 100: { frames: 20, warmup: 5 }, 1000: { frames: 6, warmup: 4 } }
    : { 1: { frames: 600, warmup: 300 }, 100: { frames: 60, warmup: 20 }, 1000: { frames: 20, warmup: 4 } };
  const variants = ['single', 'blend', 'single_frame', 'blend_frame'];
  const mid = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
  const pick = (runs, v, field = 'ns_per_char_update') => mid(runs.map((j) => {
    const x = j.results.find((r) => r.variant === v)[field];
    return typeof x === 'number' ? x : x.median;
  }));
  const rows = [];
  let version = '?';
  for (const C of CHARS) {
    const flags = { ...base, variants: variants.join(','), interp: 'linear', chars: C, ...size[C], reps: 3, threads: 1 };
    /* threeanim's frame making what ozz's makes: float world matrices and the palette, the locals
     * written without three.js's comparison, no double world matrices kept in the poses */
    const alike = { ...flags, variants: 'single_frame,blend_frame', 'write-always': 1, 'frame-world': 1, 'frame-pose-world': 0 };
    /* the same in float32, as ozz computes (the float lane pass) */
    const alikeF = { ...alike, 'frame-float-lanes': 1 };
    const ta = [], ta2 = [], oz = [], al = [], al2 = [], alF = [], alF2 = [];
    for (let r = 0; r < rounds; r++) {
      progress(`ozz frame C=${C} round ${r + 1}/${rounds}: threeanim${runsAvx2() ? ', threeanim avx2' : ''}, ozz-animation, threeanim with ozz's outputs`);
      ta.push(threeanim(flagList(flags)));
      if (runsAvx2()) ta2.push(threeanimOn('avx2', flagList(flags)));
      /* ozz's pose and palette against threeanim's once; the other rounds time only */
      oz.push(ozz(flagList({ ...flags, compare: r === 0 ? 1 : 0 })));
      al.push(threeanim(flagList(alike)));
      if (runsAvx2()) al2.push(threeanimOn('avx2', flagList(alike)));
      alF.push(threeanim(flagList(alikeF)));
      if (runsAvx2()) alF2.push(threeanimOn('avx2', flagList(alikeF)));
    }
    version = oz[0].version;
    const d = (v) => oz[0].results.find((x) => x.variant === v).vs_threeanim?.max_abs_diff;
    for (const [what, v] of [['mixer alone', 'single'], ['mixer alone', 'blend'], ['frame', 'single_frame'], ['frame', 'blend_frame']]) {
      const t = pick(ta, v), o = pick(oz, v), t2 = runsAvx2() ? pick(ta2, v) : null;
      const tc = pick(ta, v, 'cpu_ns_per_char_update'), oc = pick(oz, v, 'cpu_ns_per_char_update');
      const target = C === 1000 && v === 'blend' ? OZZ_MIXER_TARGET : C === 1000 && v === 'blend_frame' ? OZZ_FRAME_TARGET : null;
      const verdict = (r) => (target ? (r >= target ? `>= ${target}: yes` : `>= ${target}: NO`) : '');
      const diff = d(v);
      rows.push([what, v, C, us(o), us(t), fmt(o / t, 2) + 'x', verdict(o / t), t2 ? us(t2) : '-', t2 ? fmt(o / t2, 2) + 'x' : '-',
        t2 ? verdict(o / t2) : '', fmt(oc / tc, 2) + 'x',
        diff ? (diff.skinning_matrix !== undefined ? diff.skinning_matrix.toExponential(1) : diff.quaternion.toExponential(1)) : '-']);
      /* the mixer alone's verdict is section 1's (the same rounds as three.js) */
      if (target && what === 'frame') {
        verdicts.push({ what: `${what}, linear ${v} C=1000: threeanim (${BEST}) ${fmt(o / t, 2)}x ozz-animation ${version}'s (target ${target}x)`, ok: o / t >= target });
        if (t2) verdicts.push({ what: `${what}, linear ${v} C=1000: threeanim (avx2) ${fmt(o / t2, 2)}x ozz-animation ${version}'s (target ${target}x)`, ok: o / t2 >= target });
      }
    }
    for (const [what, a, a2] of [['frame, ozz\'s outputs', al, al2], ['frame, ozz\'s outputs, float32', alF, alF2]])
      for (const v of ['single_frame', 'blend_frame']) {
        const t = pick(a, v), o = pick(oz, v), t2 = runsAvx2() ? pick(a2, v) : null;
        const tc = pick(a, v, 'cpu_ns_per_char_update'), oc = pick(oz, v, 'cpu_ns_per_char_update');
        const target = C === 1000 && v === 'blend_frame' ? OZZ_FRAME_TARGET : null;
        const verdict = (r) => (target ? (r >= target ? `>= ${target}: yes` : `>= ${target}: NO`) : '');
        rows.push([what, v, C, us(o), us(t), fmt(o / t, 2) + 'x', verdict(o / t), t2 ? us(t2) : '-',
          t2 ? fmt(o / t2, 2) + 'x' : '-', t2 ? verdict(o / t2) : '', fmt(oc / tc, 2) + 'x', '-']);
        if (target) {
          verdicts.push({ what: `${what}, linear ${v} C=1000: threeanim (${BEST}) ${fmt(o / t, 2)}x ozz-animation ${version}'s (target ${target}x)`, ok: o / t >= target });
          if (t2) verdicts.push({ what: `${what}, linear ${v} C=1000: threeanim (avx2) ${fmt(o / t2, 2)}x ozz-animation ${version}'s (target ${target}x)`, ok: o / t2 >= target });
        }
      }
  }
  table(['what', 'variant', 'C', 'ozz us', `threeanim us (${BEST})`, 'ozz / threeanim', 'target', 'threeanim us (avx2)',
    'ozz / threeanim (avx2)', 'target (avx2)', 'CPU time: ozz / threeanim', 'ozz max |diff|'], rows);
  out();
  out(`ozz-animation ${version} (OZZ_DIR=${opts.ozzDir}) and threeanim (bench_mixer, ta_frame_update with no pool) on the ` +
    `same characters, alternated over ${rounds} rounds; per character, the median of the rounds' medians (wall time; ` +
    'the CPU-time ratio is of the medians of cpu_ns_per_char_update). ozz\'s frame: a SamplingJob per action, a ' +
    'BlendingJob (blend), a LocalToModelJob over the 64-joint skeleton and per bone the product of its model matrix ' +
    'and its inverse bind matrix (identity, as the workload\'s skin; ozz\'s Float4x4 SIMD product) into one palette ' +
    'of every character. ozz max |diff|: the largest difference of one element of ozz\'s skinning matrix from ' +
    'threeanim\'s world matrix of the bone (frame rows; ozz quantises its keys and blends by normalised lerp), or of ' +
    'one quaternion component of the pose (mixer rows). The rows "frame, ozz\'s outputs": threeanim making what ' +
    'ozz\'s frame makes, in the same rounds (bench_mixer --write-always 1 --frame-world 1 --frame-pose-world 0): ' +
    'float world matrices and the palette of every character, the locals written every frame (ozz keeps no ' +
    'values to compare with) and no double world matrices in the poses; "float32": the same through the float ' +
    'lane pass (--frame-float-lanes 1), in float32 as ozz computes, within 1e-6 of the largest element of the ' +
    'double passes\' matrices (the differences list); the default frame (the "frame" rows) ' +
    'also keeps three.js\'s comparison and its double world matrices (docs/performance.md). ' +
    'Targets (C = 1000): the mixer alone at least ' +
    `${OZZ_MIXER_TARGET}x ozz's sampling and blending, the frame at least ${OZZ_FRAME_TARGET}x ozz's frame.`);
  out();
}

// ---- 9. compressed clips -----------------------------------------------------------------------

out('## 9. Compressed clips (bench_compress)');
out();
{
  const COMPRESS = path.join(opts.build, 'bench', 'bench_compress');
  if (fs.existsSync(COMPRESS)) {
    progress('compressed clips');
    const j = runJson(COMPRESS, []);
    /* ozz-animation's compressed animations of the same files' clips (bench_ozz --compress), matched by
     * file and clip; the Fox in its centimeters, as bench_compress.c's files[] gives it */
    const OZZ_UNITS = { 'Fox/glTF-Binary/Fox.glb': 0.01 };
    let oz = null;
    if (OZZ_IN) {
      progress('compressed clips: ozz-animation');
      const files = [...new Set(j.clips.map((c) => c.file))].map((f) => (OZZ_UNITS[f] ? `${f}@${OZZ_UNITS[f]}` : f));
      oz = runJson(OZZ, ['--compress', ...files]);
    }
    const ozOf = (c) => oz?.clips.find((o) => o.file === c.file && o.clip === c.clip);
    const rows = j.clips.map((c) => {
      const o = ozOf(c);
      const ozCells = oz === null ? [] : o === undefined ? ['-', '-'] : [fmt(o.ozz, 2), fmt(o.max_cm, 4)];
      return [c.file.startsWith('examples/') ? path.basename(c.file) : c.file.split('/')[0], c.clip, c.bones, c.samples, fmt(c.threejs, 2), fmt(c.float, 2),
        fmt(c.compressed, 2), fmt(c.max_cm, 4), fmt(c.p99_cm, 4), c.compressed <= 3.5 ? 'yes' : 'no', ...ozCells,
        fmt(c.float_ns, 0), fmt(c.compressed_ns, 0), c.float_ns > 0 ? fmt(c.compressed_ns / c.float_ns, 2) : '-',
        c.float_ns > 0 && c.compressed_ns / c.float_ns <= 1.3 ? 'yes' : 'no'];
    });
    table(['file', 'clip', 'bones', 'samples', 'three.js B/bone-sample', 'float clip', 'compressed', 'max error cm',
      'p99 error cm', '<= 3.5', ...(oz === null ? [] : ['ozz B/bone-sample', 'ozz max error cm']),
      'float ns/update', 'compressed ns/update', 'ratio', '<= 1.3'], rows);
    out();
    out('A bone-sample: the translation, rotation and scale the clip has of one bone at one key time. three.js: ' +
      'its Float32Array values and times (one times array per sampler input, as GLTFLoader shares it); float clip: ' +
      'threeanim\'s tracks and the fused copy beside them; compressed: every byte ta_clip_compress\'s clip holds, ' +
      'at 0.01 cm at 3 cm (docs/compression.md); each divided by the same count, the bones the clip drives times ' +
      'its key times (the union of its tracks\'). The Fox is measured in its centimeters.');
    if (oz !== null) {
      out(`ozz-animation ${oz.version} (bench_ozz --compress): the clip read by threeanim's loader, given to ozz's ` +
        `AnimationOptimizer at ${oz.max_error_cm} cm at ${oz.shell_cm} cm (its tolerance and distance, in the clip's ` +
        'units), built by AnimationBuilder; every byte of the runtime Animation (Animation::size()) over the same ' +
        'bones times samples. Its error is measured as threeanim\'s (the same points, from its SamplingJob against ' +
        'the raw keys): ozz quantises its keys (half-float translations and scales, 15-bit rotation components), ' +
        'which alone puts it above 0.01 cm, so its bytes are at the larger error shown. A "-": ozz has no row for ' +
        'the clip (see bench_ozz\'s messages). Without the optimizer (keys as given, quantised):');
      out();
      table(['file', 'clip', 'bones', 'samples', 'ozz B/bone-sample', 'max error cm', 'p99 error cm',
        'keys as given: B/bone-sample', 'max error cm'], oz.clips.map((o) => [
        o.file === 'workload' ? 'workload (section 1)' : o.file.startsWith('examples/') ? path.basename(o.file) : o.file.split('/')[0],
        o.clip, o.bones, o.samples, fmt(o.ozz, 2), fmt(o.max_cm, 4), fmt(o.p99_cm, 4), fmt(o.ozz_keys, 2), fmt(o.keys_max_cm, 4)]));
      out();
    } else {
      out(`ozz-animation was not in this run: no ozz column here. To include it, ${OZZ_HOWTO}.`);
    }
    out('ns/update: CPU time of a mixer playing the clip alone, 60 updates a second (the compressed clip through its window, ' +
      'ta_compressed_clip_window, its keys decoded when the time leaves their interval), the two alternated in 21 rounds ' +
      'of 2,000 updates within bench_compress, the median round of each.');
  } else {
    out(`not built (${COMPRESS} is missing).`);
  }
}
out();

// ---- 10. inverse kinematics ---------------------------------------------------------------------

out('## 10. Inverse kinematics (bench_ik; ozz-animation\'s IK jobs beside it with bench_ozz --ik)');
out();
{
  const IK = path.join(opts.build, 'bench', 'bench_ik');
  const IK_TARGET = 100;
  if (fs.existsSync(IK)) {
    const size = opts.quick ? ['--calls', '50000', '--reps', '5'] : ['--calls', '200000', '--reps', '9'];
    const rows = [];
    let worldTwoBone = null;
    for (const chains of [1, 8]) {
      const flags = ['--depth', '5', '--chains', String(chains), ...size];
      progress(`inverse kinematics, ${chains} chain${chains > 1 ? 's' : ''}`);
      const j = runJson(IK, flags);
      let o = null;
      if (OZZ_IN) {
        progress(`inverse kinematics, ${chains} chain${chains > 1 ? 's' : ''}: ozz-animation`);
        o = runJson(OZZ, ['--ik', ...flags]);
      }
      if (chains === 8) worldTwoBone = j;
      rows.push([chains, fmt(j.two_bone_ns_per_chain), fmt(j.aim_ns_per_node), fmt(j.two_bone_world_ns_per_chain),
        fmt(j.aim_world_ns_per_node), fmt(j.two_bone_world_batch_ns_per_chain), ...(o === null ? [] : [fmt(o.ozz_two_bone_ns_per_chain), fmt(o.ozz_aim_ns_per_node),
          fmt(o.two_bone_world_ns_per_chain), fmt(o.aim_world_ns_per_node),
          fmt(o.ozz_two_bone_ns_per_chain / o.two_bone_world_ns_per_chain, 2)])]);
    }
    table(['chains', 'ta_ik_two_bone ns', 'ta_ik_aim ns', 'ta_ik_two_bone_world ns', 'ta_ik_aim_world ns',
      'ta_ik_two_bone_world_batch ns',
      ...(OZZ_IN ? ['ozz IKTwoBoneJob ns', 'ozz IKAimJob ns', 'ta two-bone world, same run', 'ta aim world, same run',
        'ozz / ta two-bone'] : [])], rows);
    out();
    out('CPU time a call, the median of the rounds: arms of three joints under 5 ancestors (bench/ik_rig.h), 1024 ' +
      'targets around them, some out of reach; pole, soften 0.1, weight 1; aim on the mid joint with an offset. The ' +
      'node calls (ta_ik_two_bone, ta_ik_aim) walk up the ancestors for the world transforms; the world calls ' +
      '(ta_ik_two_bone_world, ta_ik_aim_world) read the matrices of one world pass, as a frame has them after its ' +
      'world pass, and as ozz-animation\'s jobs read its model matrices. With one chain, each threeanim call reads ' +
      'the rotation the one before wrote; with 8, neighbouring calls are independent, as a frame\'s characters\' chains are. ' +
      'The batch (ta_ik_two_bone_world_batch) takes all the chains in one call, a chain a SIMD lane (8 on AVX-512, 4 on ' +
      'AVX2); with one chain it is one call.');
    if (OZZ_IN) {
      out('ozz-animation (bench_ozz --ik): IKTwoBoneJob and IKAimJob on the same world matrices and targets, each ' +
        'correction multiplied into the joint\'s rotation as ozz\'s samples do, alternated round by round with ' +
        'threeanim\'s world calls in one process.');
    } else {
      out(`ozz-animation was not in this run: no ozz columns here. To include them, ${OZZ_HOWTO}.`);
    }
    if (worldTwoBone !== null) {
      verdicts.push({ what: `two-bone IK from world matrices, one call a chain: ${fmt(worldTwoBone.two_bone_world_ns_per_chain)} ns a chain (8 chains, depth 5; target at most ${IK_TARGET} ns)`,
        ok: worldTwoBone.two_bone_world_ns_per_chain <= IK_TARGET });
      verdicts.push({ what: `two-bone IK from world matrices, a batch of 8 chains: ${fmt(worldTwoBone.two_bone_world_batch_ns_per_chain)} ns a chain (depth 5; target at most ${IK_TARGET} ns)`,
        ok: worldTwoBone.two_bone_world_batch_ns_per_chain <= IK_TARGET });
    }
  } else {
    out(`not built (${IK} is missing).`);
  }
}
out();

// ---- the targets -------------------------------------------------------------------------------------

out('## Targets');
out();
for (const v of verdicts) out(`- [${v.ok ? 'x' : ' '}] ${v.what}`);
out();
out(`(${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}; raw JSON lines in ${path.relative(ROOT, rawPath)})`);
fs.writeFileSync(opts.out, report);
