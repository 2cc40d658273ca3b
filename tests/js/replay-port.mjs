// The replay conformance scenarios (tests/conformance/replay) run through js/'s AnimationMixer:
// for each seed, the scenario the conformance suite makes (generate.mjs, three.js's reference
// lines), then the same reference runner with 'three' switched to a three.js whose
// AnimationMixer is js/'s (replay/hooks.mjs), compared line by line with the conformance's own
// comparison and tolerances (compare.mjs).
//
//   node --import ./replay/register.mjs replay-port.mjs --seeds A..B [--gltf SAMPLES] [--cache DIR]
//        [--min-pass N] [--cli PATH]
//
// --cache DIR (TA_REPLAY_CACHE, when set, wins, as for run.mjs): the scenarios and three.js's
// lines, read from the folder the native suites of the same seeds fill (cache.mjs keys it), or
// worked out and written there when they have not run. The drop-in runs each scenario once, in
// its own action order (the reference's second run, in index order, reorders three.js's action
// list, which the drop-in has not).
//
// --cli PATH: also run the native build's `threeanim replay` on each scenario that passed (all of
// them in one process, `replay --each`), and require the drop-in's numbers to be the native
// build's bit for bit (as float32: the same C code runs on both; only the loaders differ,
// three.js's GLTFLoader and ObjectLoader here). For a three.js JSON scene, the loaders decompose
// a node's matrix into position, quaternion and scale apart by an ulp now and then, before any
// mixer runs: when such a scenario is not the native build's bit for bit, a probe of it with no
// actions (one update by 0) reads each recorded number as each side loaded it, and a number
// loaded apart is left out of the bit-for-bit comparison (still compared with three.js's within
// the tolerance), a quaternion whole with its node's Euler angles; how many is printed. A node's
// recorded Euler angle (.rotation[x]) is three.js's own in the drop-in (Quaternion's change
// callback works it out from the quaternion written) and threeanim's in the native build: it is
// compared with three.js's only.
//
// A scenario passes, is refused by the drop-in (an Error naming what it cannot drive), or differs.
// Exit 1 when one differs, or when fewer than --min-pass passed; 77 when the samples folder of
// --gltf is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, parseSeedRange, parseLines, formatLine } from '../conformance/replay/common.mjs';
import { cachedScenario, writeScenario } from '../conformance/replay/generate.mjs';
import { compareOutputs } from '../conformance/replay/compare.mjs';
import { openCache } from '../conformance/replay/cache.mjs';
import { runBatch } from '../conformance/replay/batch.mjs';

const opts = parseArgs(process.argv.slice(2), []);
const seeds = parseSeedRange(opts.seeds);
const gltfDir = opts.gltf ? path.resolve(opts.gltf) : null;
if (gltfDir && !fs.existsSync(gltfDir)) {
  console.log(`replay-port: SKIPPED: the glTF samples folder ${gltfDir} does not exist`);
  process.exit(77);
}
const port = await import('../conformance/replay/reference.mjs?port');
const cache = await openCache(process.env.TA_REPLAY_CACHE || opts.cache || null, { kind: gltfDir ? 'gltf' : 'random', gltfDir });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threeanim-replay-port-'));
const tally = { passed: 0, refused: 0, differed: 0, native: 0, numbers: 0, loadedApart: 0, threes: 0 };
const refusals = new Map();
// A failure, printed in full for the first 20 (the rest are counted, and kept as these are).
function failed(text) {
  if (++tally.differed <= 20) console.log(text);
}
const runPort = (spec, dir, files) => port.runReference(spec, { baseDir: dir, files, oneOrder: true });
// The scenarios that agree with three.js, waiting for the native build's run.
const pending = [];
for (const seed of seeds) {
  const dir = path.join(root, `s${seed}`);
  const s = await cachedScenario(cache, seed, dir, gltfDir);
  const replay = JSON.parse(s.files['replay.json']);
  const files = s.files['scene.json'] ? new Map([[path.resolve(dir, 'scene.json'), s.files['scene.json'].trimEnd()]]) : null;
  let res;
  try {
    res = await runPort(replay, dir, files);
  } catch (e) {
    res = { lines: [], error: e.message };
  }
  if (res.error && /threeanim/.test(res.error)) {
    tally.refused++;
    const why = res.error.replace(/track "[^"]*"/, 'track').replace(/"[^"]*"/g, '"…"').slice(0, 140);
    refusals.set(why, (refusals.get(why) || 0) + 1);
    continue;
  }
  const c = compareOutputs(s.reference.lines, res.lines, { maxProblems: 4 });
  if (res.error || c.count > 0) {
    keep(dir, s.files, res.lines);
    failed(`DIFFERS seed ${seed} (${dir}): ${res.error || ''}\n  ${c.problems.join('\n  ')}`);
  } else if (opts.cli) {
    // What the native build reads; the rest of the scenario only if it fails.
    writeScenario(dir, Object.fromEntries(['replay.json', 'scene.json'].filter((n) => n in s.files).map((n) => [n, s.files[n]])));
    pending.push({ seed, dir, scenario: s.files, replay, files, lines: res.lines });
  } else {
    tally.passed++;
  }
}

// A failing scenario's files, three.js's lines (expected.jsonl) and the drop-in's (drop-in.jsonl).
function keep(dir, scenario, lines) {
  writeScenario(dir, { ...scenario, 'drop-in.jsonl': lines.map((l) => formatLine(l) + '\n').join('') });
}

// The scenario with no actions (one update by 0), written beside it for the native build, and
// the numbers the drop-in recorded: a number the two loaders load apart shows there.
async function probe(p) {
  const spec = { ...p.replay, actions: [], steps: [{ op: 'update', delta: 0 }] };
  const file = path.join(p.dir, 'probe.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  return { file, values: (await runPort(spec, p.dir, p.files)).lines[0].values };
}

// The native build's lines of a file of the batch, or why there are none.
function nativeLines(answer, file) {
  if (answer.status !== 0) return `threeanim replay ${file}: exit status ${answer.status} ${answer.signal || ''} ${answer.stderr.trim().slice(0, 300)}`;
  try { return parseLines(answer.stdout); } catch (e) { return `threeanim replay ${file}: ${e.message}`; }
}

// The set of "path[i]" whose number three.js's ObjectLoader and threeanim's reader load apart
// (as float32), from the probe's lines on both sides. A quaternion loaded apart in one number is
// left out whole, with its node's Euler angles: a track of one angle (.rotation[y]) makes every
// number of the quaternion again from all four (Euler angles from the quaternion, then back), so
// the numbers loaded alike then come out an ulp apart now and then too.
function loadedApart(three, native) {
  const apart = new Set();
  for (const [key, v] of Object.entries(three)) {
    if (!Array.isArray(v)) continue;
    v.forEach((x, i) => { if (Math.fround(x) !== Math.fround(native[key][i])) apart.add(`${key}[${i}]`); });
    if (key.endsWith('.quaternion') && v.some((x, i) => apart.has(`${key}[${i}]`))) {
      v.forEach((x, i) => apart.add(`${key}[${i}]`));
      apart.add(key.slice(0, -'quaternion'.length) + 'rotation'); // a prefix: .rotation, .rotation[x] ...
    }
  }
  return apart;
}

// Whether the number at key is left out: in apart, or an Euler angle of a node whose quaternion is.
function isApart(apart, key) {
  if (apart.has(key)) return true;
  const at = key.indexOf('.rotation');
  return at >= 0 && apart.has(key.slice(0, at + '.rotation'.length));
}

// The drop-in's lines beside the native build's (or why there are none), number for number as
// A node's Euler angle as recorded (".rotation[x]"): in the drop-in, three.js's own rotation,
// which Quaternion's change callback works out from the quaternion the drop-in wrote (in double,
// by its matrix); in the native build, threeanim's (ta_euler_from_quat, in float32). Not the same
// code, so compared with three.js's within the tolerance only; the quaternion itself is compared.
const threesEuler = (key) => /\.rotation\[[xyz]\]\[\d+\]$/.test(key);

// float32, but for the numbers in apart and three.js's Euler angles: { problems, numbers (equal),
// left (out, loaded apart), threes (three.js's own Euler angles) }.
function compareNative(lines, native, apart) {
  const r = { problems: [], numbers: 0, left: 0, threes: 0 };
  const walk = (a, b, where, key) => {
    if (typeof a === 'number' || typeof b === 'number') {
      if (isApart(apart, key)) r.left++;
      else if (threesEuler(key)) r.threes++;
      else if (Math.fround(a) !== Math.fround(b)) r.problems.push(`${where}: native ${b}, drop-in ${a}`);
      else r.numbers++;
    } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((x, i) => walk(x, b[i], `${where}[${i}]`, `${key}[${i}]`));
    } else if (a && b && typeof a === 'object' && typeof b === 'object') {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${where}.${k}`, k);
    } else if (a !== b) r.problems.push(`${where}: native ${JSON.stringify(b)}, drop-in ${JSON.stringify(a)}`);
  };
  if (typeof native === 'string') r.problems.push(native);
  else if (native.length !== lines.length) r.problems.push(`native ${native.length} lines, drop-in ${lines.length}`);
  else lines.forEach((l, i) => walk(JSON.parse(JSON.stringify({ values: l.values, events: l.events })), { values: native[i].values, events: native[i].events }, `line ${i}`, ''));
  return r;
}

function judgeNative(p, r) {
  if (r.problems.length === 0) {
    tally.passed++;
    tally.native++;
    tally.numbers += r.numbers;
    tally.loadedApart += r.left;
    tally.threes += r.threes;
    return;
  }
  keep(p.dir, p.scenario, p.lines);
  failed(`NOT BIT FOR BIT seed ${p.seed} (${p.dir}):\n  ${r.problems.slice(0, 4).join('\n  ')}`);
}

// Every scenario in one native process; those of a three.js JSON scene that are not the native
// build's bit for bit are probed (a second process for all), and compared again without the
// numbers the two loaders load apart.
if (pending.length > 0) {
  const answers = await runBatch(opts.cli, pending.map((p) => path.join(p.dir, 'replay.json')), 30000);
  const again = [];
  pending.forEach((p, i) => {
    p.native = nativeLines(answers[i], path.join(p.dir, 'replay.json'));
    const r = compareNative(p.lines, p.native, new Set());
    if (r.problems.length > 0 && typeof p.native !== 'string' && p.replay.model.object_json) again.push(p);
    else judgeNative(p, r);
  });
  for (const p of again) p.probe = await probe(p);
  const probes = again.length > 0 ? await runBatch(opts.cli, again.map((p) => p.probe.file), 30000) : [];
  again.forEach((p, i) => {
    const native = nativeLines(probes[i], p.probe.file);
    if (typeof native === 'string') judgeNative(p, { problems: [native] });
    else judgeNative(p, compareNative(p.lines, p.native, loadedApart(p.probe.values, native[0].values)));
  });
}

// The scenarios are removed but those that failed.
if (tally.differed === 0) fs.rmSync(root, { recursive: true, force: true });
else {
  for (const p of pending) if (!fs.existsSync(path.join(p.dir, 'drop-in.jsonl'))) fs.rmSync(p.dir, { recursive: true, force: true });
  console.log(`the failing scenarios are kept in ${root}`);
}
for (const [why, n] of refusals) console.log(`refused ${n}x: ${why}`);
if (opts.cli) {
  console.log(`replay-port: ${tally.native} scenarios the native build's bit for bit (${tally.numbers} numbers equal as float32; ${tally.loadedApart} left out, loaded apart by the two loaders; ${tally.threes} Euler angles three.js works out itself)`);
}
console.log(`replay-port${gltfDir ? ' (glTF samples)' : ''}: ${tally.passed} passed, ${tally.differed} failed, ${tally.refused} skipped (refused by the drop-in, naming what)`);
const minPass = Number(opts['min-pass'] || 0);
process.exit(tally.differed > 0 || tally.passed < minPass ? 1 : 0);
