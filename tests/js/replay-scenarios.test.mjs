// The replay scenarios replay-port.mjs makes on a cache miss, in a process where the drop-in has
// run, are the ones the conformance suite makes (they share its cache): the same candidates
// kept and dropped, seed for seed (replay/made.mjs). Seeds 106, 201 and 260 keep a candidate
// the suite drops, or drop another, when the drop-in's copy of the reference takes three.js's
// console or discrete interpolant from the suite's copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

test('replay scenarios made beside the drop-in are the conformance suite\'s', () => {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'threeanim-made-'));
  const made = (...extra) => execFileSync(process.execPath,
    ['--import', path.join(here, 'replay', 'register.mjs'), path.join(here, 'replay', 'made.mjs'), ...extra, '106', '201', '260'],
    { cwd, encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
  try {
    const alone = made(), afterPort = made('--after-port');
    assert.equal(alone.length, 3);
    for (let i = 0; i < alone.length; i++) {
      assert.equal(afterPort[i].attempt, alone[i].attempt, `seed ${alone[i].seed}: the candidate kept`);
      assert.deepEqual(afterPort[i].files, alone[i].files, `seed ${alone[i].seed}: the scenario`);
    }
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
