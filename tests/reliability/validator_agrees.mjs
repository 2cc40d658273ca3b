// The Khronos glTF validator's opinion of the files test_gltf_validity wrote:
// for each line of DIR/MANIFEST ("FILE<TAB>valid" or "FILE<TAB>CODE"), a
// valid file must have no error, and an invalid one the named error. The
// loader's own outcome for each file is checked in test_gltf_validity.c.
// Usage: node validator_agrees.mjs NODE_MODULES DIR
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const [modules, dir] = process.argv.slice(2);
const require = createRequire(join(resolve(modules), 'noop.js'));
const validator = require('gltf-validator');

const lines = readFileSync(join(dir, 'MANIFEST'), 'utf8').split('\n').filter((l) => l.length > 0);
let failures = 0;
for (const line of lines) {
  const [file, want] = line.split('\t');
  const bytes = new Uint8Array(readFileSync(join(dir, file)));
  const report = await validator.validateBytes(bytes, {
    uri: file,
    maxIssues: 100,
    externalResourceFunction: () => Promise.reject(new Error('no external files here')),
  });
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  const codes = errors.map((m) => m.code);
  let ok;
  if (want === 'valid') ok = errors.length === 0;
  else ok = codes.includes(want);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${file}: wanted ${want}, the validator says ${codes.length ? codes.join(', ') : 'valid'}`);
  if (!ok) {
    failures++;
    for (const m of errors) console.log(`       ${m.code} ${m.pointer ?? ''}: ${m.message}`);
  }
}
if (lines.length < 10) {
  console.log(`FAIL: only ${lines.length} files in the manifest`);
  failures++;
}
console.log(`${lines.length} files, ${failures} disagreements`);
process.exit(failures === 0 ? 0 : 1);
