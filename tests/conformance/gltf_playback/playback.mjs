// Playback conformance on the Khronos glTF samples:
// every animation of every sample file is played by three.js 0.186.0's
// GLTFLoader + AnimationMixer and by `threeanim replay`, recording "all" at 30
// updates a second over the clip's length plus a second, and the two outputs
// are compared with the replay tolerances (docs/replay.md).
//
// The port stores an action's phase as float32 (large advances: the step and
// the phase sum each rounded to float32, time lost there not recovered), while
// three.js adds doubles. Over hundreds of updates at 1/30 s the two read times
// drift apart by up to about 1e-4 s, which on a fast clip (BrainStem) moves a
// rotation by more than the tolerance, and at an update that lands on a clip
// end one side loops an update before the other. So the reference runs with
// its action times kept as the port keeps them (reference.mjs --phase
// float32: three.js's own mixer, its times rounded as the port rounds them), and
// every update is compared. With --phase double the drift is measured against
// three.js's double times, and updates within 2e-5 s of a clip end or a STEP
// key are left out and counted.
//
//   node playback.mjs --cli PATH/threeanim [--samples DIR | --corpus DIR] [--keep DIR] [--cache DIR]
// --corpus plays every .gltf and .glb directly in DIR (the exporter corpus)
// instead of the Khronos samples' MODEL/glTF*/ layout. --cache DIR
// (TA_REPLAY_CACHE, when set, wins, as for the replay suite): three.js's lines
// of each file are kept in DIR/gltf_playback, keyed by the file's content (and
// that of the files it names) and the scripts that make them, so that a
// sanitizer build's run of the same files works none out again.
// Exit: 0 all match, 1 a difference, 77 skipped (no samples or no three.js).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleFiles } from '../samples.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const replayDir = path.join(here, '..', 'replay');

const args = process.argv.slice(2);
const flag = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const cli = flag('--cli');
const samples = flag('--samples', path.resolve(here, '../../../../shared/gltf-samples'));
const keep = flag('--keep', null);
const corpus = flag('--corpus', null);
const phase = flag('--phase', 'float32');
if (!cli) { console.error('usage: node playback.mjs --cli PATH [--samples DIR] [--keep DIR]'); process.exit(2); }
if (!corpus && !fs.existsSync(samples)) { console.log(`gltf playback: skipped: the glTF samples folder ${samples} does not exist (set TA_SAMPLES_DIR when CMake runs)`); process.exit(77); }

let THREE, loadGltf, runReference, compareOutputs, parseLines, runBatches, store, harness, gltfDigest;
try {
  ({ runBatches } = await import(path.join(replayDir, 'batch.mjs')));
  const cache = await import(path.join(replayDir, 'cache.mjs'));
  const cacheRoot = process.env.TA_REPLAY_CACHE || flag('--cache', '');
  store = cache.openStore(cacheRoot ? path.join(path.resolve(cacheRoot), 'gltf_playback') : null);
  gltfDigest = cache.gltfDigest;
  harness = await cache.harnessDigest(`gltf_playback ${fs.readFileSync(fileURLToPath(import.meta.url), 'utf8')}`);
  THREE = await import('three');
  ({ loadGltf } = await import(path.join(replayDir, 'gltf-node.mjs')));
  ({ runReference } = await import(path.join(replayDir, 'reference.mjs')));
  ({ compareOutputs } = await import(path.join(replayDir, 'compare.mjs')));
  ({ parseLines } = await import(path.join(replayDir, 'common.mjs')));
} catch (e) {
  console.log(`gltf playback: skipped: three.js is not installed (${e.message})`);
  process.exit(77);
}

const FPS = 30;
// How close (seconds) an update must land to a clip end or a STEP key for the
// float32 phase to matter: over a few hundred float32 steps the phase and
// three.js's double time drift apart by a few 1e-7 s.
const NEAR = 2e-5;

function files() {
  if (corpus) return fs.readdirSync(corpus).sort().filter((f) => /\.(gltf|glb)$/.test(f)).map((f) => path.join(corpus, f));
  return sampleFiles(samples);
}

function near(t, marks) {
  for (const m of marks) if (Math.abs(t - m) < NEAR) return true;
  return false;
}

const work = keep || fs.mkdtempSync(path.join(os.tmpdir(), 'gltf-playback-'));
let clips = 0, lines = 0, skipped = 0, failures = 0, worst = 0, poseLoops = 0;
const played = [];
const specOf = (file, i, D) => ({
  format: 'threeanim-replay/1',
  model: { gltf: file },
  actions: [{ clip: { index: i } }],
  record: 'all',
  steps: [{ op: 'play', action: 0 }, ...Array.from({ length: Math.ceil((D + 1) * FPS) }, () => ({ op: 'update', delta: 1 / FPS }))],
});
// three.js's side of a file: for each clip its length, the marks where float32 and double can
// part (its ends and, for STEP tracks, their keys) and the lines, from the cache when it holds
// them.
async function reference(file) {
  const key = JSON.stringify([harness, phase, FPS, gltfDigest(file)]);
  const kept = store.get(key);
  if (kept) return kept;
  const gltf = await loadGltf(file);
  const clips = [];
  for (let i = 0; i < gltf.animations.length; ++i) {
    const clip = gltf.animations[i];
    const marks = [0, clip.duration];
    for (const t of clip.tracks)
      if (t.getInterpolation() === THREE.InterpolateDiscrete) for (const k of t.times) marks.push(k);
    const ref = await runReference(specOf(file, i, clip.duration), { baseDir: work, phase });
    clips.push({ D: clip.duration, marks, expected: ref.lines });
  }
  store.put(key, clips);
  return clips;
}

for (const file of files()) {
  const clips = await reference(file);
  for (let i = 0; i < clips.length; ++i) {
    const { D, marks, expected } = clips[i];
    const name = `${path.basename(file)}#${i}`;
    const sdir = path.join(work, `${path.basename(file)}-${i}`);
    fs.mkdirSync(sdir, { recursive: true });
    const replay = path.join(sdir, 'replay.json');
    fs.writeFileSync(replay, JSON.stringify(specOf(file, i, D)));
    // A pose clip (no length): three.js sends one "loop" with loopDelta
    // Infinity (its time is NaN from then on); threeanim holds time 0 and
    // sends none (the differences list). The values are compared as they are.
    if (D === 0)
      for (const line of expected) {
        const before = line.events.length;
        line.events = line.events.filter((e) => e.type !== 'loop');
        poseLoops += before - line.events.length;
      }
    played.push({ name, sdir, replay, marks, D, expected });
  }
}
// threeanim plays them all in a process a core (batch.mjs): a process start
// is most of a clip's time under the sanitizers.
const answers = await runBatches(cli, played.map((p) => p.replay), os.cpus().length || 2, 300000);
for (let n = 0; n < played.length; ++n) {
  const { name, sdir, marks, D, expected } = played[n];
  const answer = answers[n];
  if (answer.status !== 0) {
    console.log(`${name}: threeanim replay failed (status ${answer.status}${answer.signal ? `, ${answer.signal}` : ''}): ${answer.stderr}`);
    failures++;
    continue;
  }
  const actualText = answer.stdout;
  const actual = parseLines(actualText);
  const drop = new Set();
  if (phase === 'double') expected.forEach((line, k) => {
    const phase = line.time - D * Math.floor(line.time / D);
    if (near(phase, marks) || near(line.time - D * Math.round(line.time / D), [0])) { drop.add(k); drop.add(k + 1); }
  });
  const e2 = expected.filter((_, k) => !drop.has(k)), a2 = actual.filter((_, k) => !drop.has(k));
  const r = compareOutputs(e2, a2, { maxProblems: 5 });
  clips++;
  lines += e2.length;
  skipped += expected.length - e2.length;
  worst = Math.max(worst, r.maxNumberDiff);
  if (!r.ok || actual.length !== expected.length) {
    failures++;
    console.log(`${name}: MISMATCH`);
    for (const p of r.problems) console.log('  ' + p);
    fs.writeFileSync(path.join(sdir, 'expected.jsonl'), expected.map((l) => JSON.stringify(l)).join('\n') + '\n');
    fs.writeFileSync(path.join(sdir, 'actual.jsonl'), actualText);
  }
}
console.log(`gltf playback: ${files().length} files (three.js's lines of ${store.hits} kept from an earlier run), ${clips} clips, ${lines} updates compared, ${skipped} updates at a float32 boundary left out, ` +
  `largest scaled difference ${worst.toExponential(2)}, ${failures} failing (reference phase: ${phase})` +
  (poseLoops ? `; ${poseLoops} "loop" events of three.js on pose clips not expected (the differences list)` : ''));
if (!keep && failures === 0) fs.rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
