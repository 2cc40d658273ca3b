// bench/web/bench.mjs (make bench's web section) runs on the module under test and prints every
// variant and ratio it names: a run of one character, three frames, one round (the figures
// themselves are make bench's, not asserted here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
  const variants = ['three', 'dropin', 'dropin_stale', 'dropin_fast', 'stale_update', 'stale_writes', 'three_full', 'crowd', 'crowd_float'];
  assert.deepEqual(Object.keys(res.ms).sort(), [...variants].sort());
  for (const v of variants) assert.ok(Number.isFinite(res.ms[v]) && res.ms[v] >= 0, `${v}: ${res.ms[v]} ms`);
  for (const [k, v] of Object.entries(res.ratios)) assert.ok(Number.isFinite(v) && v > 0, `ratio ${k}: ${v}`);
  assert.ok(res.bind_us.three > 0 && res.bind_us.dropin > 0, `binding: ${JSON.stringify(res.bind_us)}`);
});

// bench/web/ab.mjs: two builds in one process, a process for each order; here the module under
// test on both sides, given as a .wasm (a copy of js/ made around it, which the two processes
// take as a folder laid out as js/, and which is removed after).
test('bench/web/ab.mjs: both orders run, each side timed, the verdict a ratio; its copies removed', () => {
  const ab = path.join(here, '../../bench/web/ab.mjs');
  const wasm = process.env.THREEANIM_WASM;
  assert.ok(wasm, 'THREEANIM_WASM names the module under test (tests/js/run.sh)');
  const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('threeanim-ab-')).length;
  for (const variant of ['crowd_float', 'dropin_fast', 'binding']) {
    const r = spawnSync(process.execPath, [ab, wasm, wasm, '--variant', variant, '--chars', '2', '--rounds', '2', '--frames', '2'],
      { encoding: 'utf8', env: process.env });
    assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
    const lines = r.stdout.trim().split('\n');
    for (const [i, first] of [[0, 'A'], [1, 'B']]) {
      const m = lines[i].match(/^(\w) loaded first: A ([\d.]+), B ([\d.]+) us a character; B \/ A in the same round: median ([\d.]+)/);
      assert.ok(m && m[1] === first, `line ${i}: ${lines[i]}`);
      for (const x of m.slice(2)) assert.ok(Number(x) > 0, `line ${i}: ${lines[i]}`);
    }
    const clock = variant === 'binding' ? 'wall clock' : 'CPU time';
    const v = lines[2].match(new RegExp(`^${variant}, C = 2, 2 rounds of 2 frames, ${clock}: B / A = ([\\d.]+) `));
    assert.ok(v && Number(v[1]) > 0, lines[2]);
  }
  assert.equal(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('threeanim-ab-')).length, before, 'the copies of js/ are removed');
  const r = spawnSync(process.execPath, [ab, wasm], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^usage: node bench\/web\/ab.mjs A B/);
});

// bench/web/writeback.mjs: the drop-in's parts and its write-back in both orders, timed.
test('bench/web/writeback.mjs: every part timed', () => {
  const script = path.join(here, '../../bench/web/writeback.mjs');
  const r = spawnSync(process.execPath, [script, '--chars', '2', '--frames', '2', '--rounds', '1', '--json'], { encoding: 'utf8', env: process.env });
  assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(out.bench, 'writeback');
  assert.deepEqual(Object.keys(out.us).sort(), ['by_kind', 'by_node', 'update', 'wasm']);
  for (const [k, v] of Object.entries(out.us)) assert.ok(Number.isFinite(v) && v >= 0, `${k}: ${v}`);
});

// bench/web/scale.mjs: each side in its own process, every step timed, the crowd's stages.
test('bench/web/scale.mjs: three.js and the drop-in bound step by step, the crowd made, played and updated', () => {
  const script = path.join(here, '../../bench/web/scale.mjs');
  const r = spawnSync(process.execPath, [script, '--chars', '6', '--step', '3'], { encoding: 'utf8', env: process.env });
  assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
  const rows = r.stdout.split('\n').filter((l) => /^\| \d+ \|/.test(l));
  assert.equal(rows.length, 2, r.stdout);
  for (const row of rows) {
    const cells = row.split('|').slice(1, 4).map((c) => Number(c.trim()));
    assert.ok(cells.every((x) => Number.isFinite(x) && x >= 0), row);
  }
  assert.match(r.stdout, /Crowd of 6 \(floatLanes\): made \d+ ms, two actions an instance played \d+ ms, the first update \d+ ms/);
  assert.match(r.stdout, /wasm memory at the end: drop-in \d+ MB, crowd \d+ MB/);
});
