// The replay conformance scenarios (tests/conformance/replay) run through js/'s AnimationMixer:
// for each seed, the scenario the conformance suite makes (generate.mjs, three.js's reference
// lines), then the same reference runner with 'three' switched to a three.js whose
// AnimationMixer is js/'s (replay/hooks.mjs), compared line by line with the conformance's own
// comparison and tolerances (compare.mjs).
//
//   node --import ./replay/register.mjs replay-port.mjs --seeds A..B [--gltf SAMPLES] [--cache DIR]
//        [--min-pass N]
//
// A scenario passes, is refused by the drop-in (an Error naming what it cannot drive: material,
// light and camera tracks, groups), or differs. Exit 1 when one differs, or when fewer than
// --min-pass passed; 77 when the samples folder of --gltf is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, parseSeedRange } from '../conformance/replay/common.mjs';
import { cachedScenario, writeScenario } from '../conformance/replay/generate.mjs';
import { compareOutputs } from '../conformance/replay/compare.mjs';
import { openCache } from '../conformance/replay/cache.mjs';

const opts = parseArgs(process.argv.slice(2), []);
const seeds = parseSeedRange(opts.seeds);
const gltfDir = opts.gltf ? path.resolve(opts.gltf) : null;
if (gltfDir && !fs.existsSync(gltfDir)) {
  console.log(`replay-port: SKIPPED: the glTF samples folder ${gltfDir} does not exist`);
  process.exit(77);
}
const port = await import('../conformance/replay/reference.mjs?port');
const cache = await openCache(opts.cache || null, { kind: gltfDir ? 'gltf' : 'random', gltfDir });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threeanim-replay-port-'));
const tally = { passed: 0, refused: 0, differed: 0 };
const refusals = new Map();
for (const seed of seeds) {
  const dir = path.join(root, `s${seed}`);
  const s = await cachedScenario(cache, seed, dir, gltfDir);
  writeScenario(dir, s.files);
  const replay = JSON.parse(s.files['replay.json']);
  const files = s.files['scene.json'] ? new Map([[path.resolve(dir, 'scene.json'), s.files['scene.json'].trimEnd()]]) : null;
  let res;
  try {
    res = await port.runReference(replay, { baseDir: dir, files });
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
    tally.differed++;
    console.log(`DIFFERS seed ${seed} (${dir}): ${res.error || ''}\n  ${c.problems.join('\n  ')}`);
  } else {
    tally.passed++;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
for (const [why, n] of refusals) console.log(`refused ${n}x: ${why}`);
console.log(`replay-port${gltfDir ? ' (glTF samples)' : ''}: ${tally.passed} passed, ${tally.differed} failed, ${tally.refused} skipped (refused by the drop-in, naming what)`);
const minPass = Number(opts['min-pass'] || 0);
process.exit(tally.differed > 0 || tally.passed < minPass ? 1 : 0);
