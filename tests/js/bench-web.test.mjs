// bench/web/bench.mjs (make bench's web section) runs on the module under test and prints every
// variant and ratio it names: a run of one character, three frames, one round (the figures
// themselves are make bench's, not asserted here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bench = path.join(here, '../../bench/web/bench.mjs');

test('bench/web/bench.mjs: every variant timed, every ratio a number, the binding timed', () => {
  const r = spawnSync(process.execPath, [bench, '--chars', '1', '--frames', '3', '--reps', '1', '--json'], { encoding: 'utf8', env: process.env });
  assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(out.bench, 'web');
  const [res] = out.results;
  assert.equal(res.C, 1);
  const variants = ['three', 'dropin', 'dropin_stale', 'stale_update', 'stale_writes', 'three_full', 'crowd', 'crowd_float'];
  assert.deepEqual(Object.keys(res.ms).sort(), [...variants].sort());
  for (const v of variants) assert.ok(Number.isFinite(res.ms[v]) && res.ms[v] >= 0, `${v}: ${res.ms[v]} ms`);
  for (const [k, v] of Object.entries(res.ratios)) assert.ok(Number.isFinite(v) && v > 0, `ratio ${k}: ${v}`);
  assert.ok(res.bind_us.three > 0 && res.bind_us.dropin > 0, `binding: ${JSON.stringify(res.bind_us)}`);
});
