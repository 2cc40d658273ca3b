// Compares two replay outputs line by line, as docs/replay.md's "Comparing with three.js" says.
//
//   node compare.mjs EXPECTED ACTUAL [--max N]
//
// Numbers match when |a - b| <= 1e-4 * max(1, |a|, |b|); a path ending in
// .quaternion matches up to sign; a material's or a light's color (paths ending
// in .color, .emissive or .specular) within 0.005 per linear channel, since the
// port stores sRGB bytes; flags and strings exactly; events exactly in type,
// action, loop_delta and direction; the step index exactly and the mixer's time
// as a number. Prints the first N differences (default 10) with the step, the
// path and both values, and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLines, parseArgs } from './common.mjs';

export const NUMBER_TOLERANCE = 1e-4;
export const COLOR_TOLERANCE = 0.005;

const COLOR_RE = /(?:^|\.)(?:material(?:\[\d+\])?\.(?:color|emissive|specular)|color)$/;
export function kindOfPath(p) {
  if (/\.quaternion$/.test(p)) return 'quaternion';
  // "<ref>.color" is a light's color; material colors sit under material.
  const dot = p.indexOf('.');
  if (COLOR_RE.test(p.slice(dot + 1))) return 'color';
  return 'number';
}

const show = (v) => JSON.stringify(v);
const relDiff = (a, b) => Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b));

// Largest scaled difference of two equally long number arrays: relative for
// numbers and quaternions (smaller of the two signs), absolute for colors.
function arrayDiff(kind, e, a) {
  if (kind === 'quaternion') {
    let plus = 0, minus = 0;
    for (let i = 0; i < e.length; i++) {
      plus = Math.max(plus, relDiff(e[i], a[i]));
      minus = Math.max(minus, relDiff(e[i], -a[i]));
    }
    return Math.min(plus, minus);
  }
  let d = 0;
  for (let i = 0; i < e.length; i++) d = Math.max(d, kind === 'color' ? Math.abs(e[i] - a[i]) : relDiff(e[i], a[i]));
  return d;
}

const isNumberArray = (v) => Array.isArray(v) && v.every((x) => typeof x === 'number');

// Compares parsed lines; returns { ok, problems, maxNumberDiff, maxColorDiff, lines }.
export function compareOutputs(expected, actual, { maxProblems = 10 } = {}) {
  const problems = [];
  let count = 0;
  const report = (msg) => { count++; if (problems.length < maxProblems) problems.push(msg); };
  let maxNumberDiff = 0, maxColorDiff = 0;
  const n = Math.min(expected.length, actual.length);
  for (let k = 0; k < n; k++) {
    const e = expected[k], a = actual[k];
    const at = `line ${k + 1}, step ${e.step}`;
    if (e.step !== a.step) { report(`${at}: the actual line is for step ${show(a.step)}`); continue; }
    if (typeof a.time !== 'number') report(`${at}: time ${show(a.time)} is not a number`);
    else {
      const d = relDiff(e.time, a.time);
      maxNumberDiff = Math.max(maxNumberDiff, d);
      if (!(d <= NUMBER_TOLERANCE)) report(`${at}: time: expected ${e.time}, got ${a.time}`);
    }
    const ev = e.values || {}, av = a.values || {};
    if (a.values === null || typeof a.values !== 'object') report(`${at}: values is not an object`);
    for (const p of Object.keys(ev)) {
      if (!Object.hasOwn(av, p)) { report(`${at}: ${p}: missing (expected ${show(ev[p])})`); continue; }
      const x = ev[p], y = av[p];
      if (isNumberArray(x)) {
        if (!isNumberArray(y) || y.length !== x.length) { report(`${at}: ${p}: expected ${show(x)}, got ${show(y)}`); continue; }
        const kind = kindOfPath(p);
        const d = arrayDiff(kind, x, y);
        if (kind === 'color') {
          maxColorDiff = Math.max(maxColorDiff, d);
          if (!(d <= COLOR_TOLERANCE)) report(`${at}: ${p}: expected ${show(x)}, got ${show(y)} (channel difference ${d.toExponential(2)} > ${COLOR_TOLERANCE})`);
        } else {
          maxNumberDiff = Math.max(maxNumberDiff, d);
          if (!(d <= NUMBER_TOLERANCE)) report(`${at}: ${p}: expected ${show(x)}, got ${show(y)} (scaled difference ${d.toExponential(2)})`);
        }
      } else if (x !== y) {
        report(`${at}: ${p}: expected ${show(x)}, got ${show(y)}`);
      }
    }
    for (const p of Object.keys(av)) if (!Object.hasOwn(ev, p)) report(`${at}: ${p}: not expected (got ${show(av[p])})`);
    const ee = e.events || [], ae = Array.isArray(a.events) ? a.events : null;
    if (!ae) { report(`${at}: events is not a list`); continue; }
    const same = (x, y) => x && y && x.type === y.type && x.action === y.action && x.loop_delta === y.loop_delta && x.direction === y.direction;
    if (ee.length !== ae.length || ee.some((x, i) => !same(x, ae[i]))) report(`${at}: events: expected ${show(ee)}, got ${show(ae)}`);
  }
  if (expected.length !== actual.length) {
    const which = expected.length > actual.length ? `the first missing is for step ${expected[n].step}` : `the first extra is for step ${actual[n].step}`;
    report(`expected ${expected.length} lines, got ${actual.length} (${which})`);
  }
  return { ok: count === 0, problems, count, maxNumberDiff, maxColorDiff, lines: n };
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
    if (opts._.length !== 2) throw new Error('expected two files');
  } catch (e) {
    process.stderr.write(`compare: ${e.message}\nusage: node compare.mjs EXPECTED ACTUAL [--max N]\n`);
    process.exit(2);
  }
  const [ef, af] = opts._;
  let expected, actual;
  try {
    expected = parseLines(fs.readFileSync(ef, 'utf8'));
    actual = parseLines(fs.readFileSync(af, 'utf8'));
  } catch (e) {
    process.stderr.write(`compare: ${e.message}\n`);
    process.exit(1);
  }
  const r = compareOutputs(expected, actual, { maxProblems: opts.max ? Number(opts.max) : 10 });
  for (const p of r.problems) process.stdout.write(p + '\n');
  if (r.count > r.problems.length) process.stdout.write(`... and ${r.count - r.problems.length} more\n`);
  process.stdout.write(`compare: ${r.ok ? 'match' : 'MISMATCH'}: ${r.lines} lines, ${r.count} differences, largest scaled number difference ${r.maxNumberDiff.toExponential(2)}, largest color difference ${r.maxColorDiff.toExponential(2)}\n`);
  process.exit(r.ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { process.stderr.write(`compare: ${e.stack || e}\n`); process.exit(1); });
}
