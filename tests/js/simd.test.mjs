// threeanim-simd.wasm (-msimd128) and threeanim.wasm give the same numbers bit for bit, and
// each stays within the size (150 KB gzipped).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const simdFile = process.env.THREEANIM_WASM, scalarFile = process.env.THREEANIM_WASM_SCALAR;
const skip = simdFile && scalarFile ? false : 'THREEANIM_WASM and THREEANIM_WASM_SCALAR are not both set (tests/js/run.sh sets them)';

test('the SIMD and scalar modules agree bit for bit', { skip }, () => {
  const run = (file) => execFileSync(process.execPath, [path.join(here, 'simd-probe.mjs')],
    { env: { ...process.env, THREEANIM_WASM: file }, encoding: 'utf8' }).trim();
  const a = run(scalarFile), b = run(simdFile);
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.equal(b, a);
});

test('the SIMD module holds 128-bit SIMD instructions', { skip }, () => {
  // v128 values (type 0x7b) appear in the SIMD module's code only.
  const v128 = (file) => WebAssembly.validate(fs.readFileSync(file)) && fs.readFileSync(file).includes(Buffer.from([0xfd, 0x0b]));
  assert.ok(v128(simdFile), 'v128.store (0xfd 0x0b) in threeanim-simd.wasm');
});

test('each module is at most 150 KB gzipped', { skip }, () => {
  for (const f of [scalarFile, simdFile]) {
    const gz = zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
    assert.ok(gz <= 150 * 1024, `${path.basename(f)}: ${gz} bytes gzipped`);
  }
});
