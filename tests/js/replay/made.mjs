// Prints the files of the random replay scenarios of the seeds given, as generate.mjs makes them
// (one JSON line a seed). With --after-port, they are made after js/'s drop-in has run a
// scenario through the reference imported for it (reference.mjs?port), as replay-port.mjs makes
// them on a cache miss: the two copies of the reference patch one three.js, and the scenarios
// must be the conformance suite's all the same (replay-scenarios.test.mjs).
//
//   node --import ./replay/register.mjs replay/made.mjs [--after-port] SEED...
import path from 'node:path';
import { makeScenario } from '../../conformance/replay/generate.mjs';

const args = process.argv.slice(2);
if (args[0] === '--after-port') {
  args.shift();
  const port = await import('../../conformance/replay/reference.mjs?port');
  const dir = path.resolve('made-first');
  const first = await makeScenario(1, 0, { dir });
  const files = new Map([[path.join(dir, 'scene.json'), first.files['scene.json'].trimEnd()]]);
  const res = await port.runReference(JSON.parse(first.files['replay.json']), { baseDir: dir, files, oneOrder: true });
  if (res.error || res.lines.length === 0) throw new Error(`the drop-in did not run seed 1: ${res.error}`);
}
for (const seed of args.map(Number)) {
  const s = await makeScenario(seed, 0, { dir: path.resolve(`made-${seed}`) });
  process.stdout.write(JSON.stringify({ seed, attempt: s.attempt, files: s.files }) + '\n');
}
