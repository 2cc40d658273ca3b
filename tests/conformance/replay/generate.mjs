// Seeded random replay scenarios, checked against three.js as they are made.
//
//   node generate.mjs --seed S --count N --out DIR [--max-attempts 60] [--keep-dropped] [--gltf SAMPLES]
//
// Writes DIR/s<S>-<k>/ for k = 0..N-1, each holding scene.json (three.js's
// scene.toJSON(), clips in scene.animations or on objects), replay.json,
// expected.jsonl (the reference's output) and meta.json; and DIR/manifest.json
// with how many candidates were dropped, and why. A candidate is dropped when
// its outcome depends on three.js's action order, when it meets a place where
// the port is allowed to differ from three.js, or when a value comes within
// float32 reach of a threshold (see reference.mjs); the next attempt for the
// same k uses the next seed. The same seed writes byte-identical files.
// With --gltf SAMPLES (the Khronos glTF samples folder), each scenario plays
// the clips of one Khronos sample instead (g<S>-<k>/, no scene.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mixSeed, parseArgs, formatLine } from './common.mjs';
import { buildScenario } from './scenario.mjs';
import { buildGltfScenario } from './gltf-scenario.mjs';
import { runReference } from './reference.mjs';

export const ORDER_DEPENDENT = 'order-dependent';

// Makes scenario k of seed; resolves to { name, files, reference, drops } where
// drops counts the reasons of the candidates thrown away before it.
export async function makeScenario(seed, k, { maxAttempts = 60, dir = '.', opts = {} } = {}) {
  const drops = {};
  const dropped = [];
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    let replay, sceneText = null;
    if (opts.gltfDir) {
      ({ replay } = await buildGltfScenario(mixSeed(seed, k, attempt, 0x91f), opts.gltfDir));
    } else {
      const built = buildScenario(mixSeed(seed, k, attempt), opts);
      replay = built.replay;
      sceneText = JSON.stringify(built.sceneJson);
    }
    const files = sceneText === null ? null : new Map([[path.resolve(dir, 'scene.json'), sceneText]]);
    const ref = await runReference(replay, { baseDir: path.resolve(dir), files });
    const reasons = [];
    if (ref.error) reasons.push(/is outside|is not a finite|is not below/.test(ref.error) ? 'out-of-range' : 'refused');
    if (ref.orderDependent) reasons.push(ORDER_DEPENDENT);
    reasons.push(...Object.keys(ref.flags));
    const out = {
      files: {
        ...(sceneText === null ? {} : { 'scene.json': sceneText + '\n' }),
        'replay.json': JSON.stringify(replay, null, 1) + '\n',
        'expected.jsonl': ref.lines.map((l) => formatLine(l) + '\n').join(''),
      },
      reference: ref,
      attempt,
    };
    if (reasons.length === 0) {
      out.files['meta.json'] = JSON.stringify({ seed, index: k, attempt, tags: ref.tags, dropped_before: dropped }, null, 1) + '\n';
      return { ...out, drops };
    }
    for (const r of reasons) drops[r] = (drops[r] || 0) + 1;
    dropped.push({ attempt, reasons, detail: ref.error || Object.values(ref.flags)[0] || '' });
    if (opts.onDrop) opts.onDrop(out, reasons);
  }
  throw new Error(`seed ${seed} scenario ${k}: no candidate kept in ${maxAttempts} attempts (${JSON.stringify(drops)})`);
}

// Seed's random (or glTF, with gltfDir) scenario as run.mjs keeps it: from the cache when it
// holds it, else made (three.js's reference included) and put there.
export async function cachedScenario(cache, seed, dir, gltfDir) {
  let s = cache.get(seed);
  if (s === undefined) {
    const made = await makeScenario(seed, 0, { dir, opts: gltfDir ? { gltfDir } : {} });
    s = { files: made.files, attempt: made.attempt, drops: made.drops,
      reference: { lines: made.reference.lines, tags: made.reference.tags } };
    cache.put(seed, s);
  }
  return s;
}

export function writeScenario(dir, files) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

export async function generate({ seed, count, out, maxAttempts = 60, keepDropped = false, gltfDir = null }) {
  const manifest = { seed, count, scenarios: [], candidates: 0, dropped: {} };
  for (let k = 0; k < count; k++) {
    const name = `${gltfDir ? 'g' : 's'}${seed}-${k}`;
    const dir = path.join(out, name);
    const opts = gltfDir ? { gltfDir } : {};
    if (keepDropped) {
      opts.onDrop = (cand, reasons) => {
        writeScenario(path.join(out, 'dropped', `${name}-a${cand.attempt}`), {
          ...cand.files, 'why.json': JSON.stringify({ reasons, flags: cand.reference.flags, error: cand.reference.error }, null, 1) + '\n',
        });
      };
    }
    const s = await makeScenario(seed, k, { maxAttempts, dir, opts });
    writeScenario(dir, s.files);
    manifest.scenarios.push(name);
    manifest.candidates += s.attempt + 1;
    for (const [r, n] of Object.entries(s.drops)) manifest.dropped[r] = (manifest.dropped[r] || 0) + n;
  }
  fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2), ['keep-dropped']);
    for (const k of ['seed', 'count', 'out']) if (opts[k] === undefined) throw new Error(`--${k} is missing`);
    if (!/^-?\d+$/.test(opts.seed)) throw new Error(`--seed ${opts.seed} is not an integer`);
    if (!/^\d+$/.test(opts.count)) throw new Error(`--count ${opts.count} is not a count`);
  } catch (e) {
    process.stderr.write(`generate: ${e.message}\nusage: node generate.mjs --seed S --count N --out DIR [--max-attempts 60] [--keep-dropped] [--gltf SAMPLES]\n`);
    process.exit(2);
  }
  const manifest = await generate({
    seed: Number(opts.seed), count: Number(opts.count), out: opts.out,
    maxAttempts: opts['max-attempts'] ? Number(opts['max-attempts']) : 60, keepDropped: !!opts['keep-dropped'],
    gltfDir: opts.gltf ? path.resolve(opts.gltf) : null,
  });
  process.stdout.write(`generate: ${manifest.scenarios.length} scenarios in ${opts.out} from ${manifest.candidates} candidates; dropped ${JSON.stringify(manifest.dropped)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { process.stderr.write(`generate: ${e.stack || e}\n`); process.exit(1); });
}
