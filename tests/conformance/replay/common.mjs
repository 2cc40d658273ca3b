// Shared pieces of the replay conformance harness: the seeded random generator,
// the output line format, and small helpers. No three.js here, so compare.mjs
// can run without it.

// mulberry32, exactly as the benchmark workload uses it (threeanim/random.h): the same
// seed draws the same numbers on every machine and Node version.
export function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One 32-bit seed from several integers (seed, scenario index, attempt), so that
// scenario k of seed s does not depend on how many scenarios came before it.
export function mixSeed(...parts) {
  let h = 0x811c9dc5;
  for (const p of parts) {
    let v = p | 0;
    for (let i = 0; i < 4; i++) {
      h ^= v & 0xff;
      h = Math.imul(h, 0x01000193);
      v >>>= 8;
    }
  }
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// A random source with the helpers the generator needs. Every draw goes through
// next(), so the sequence is fixed by the seed alone.
export class Rng {
  constructor(seed) { this.next = mulberry32(seed); }
  float(lo = 0, hi = 1) { return lo + (hi - lo) * this.next(); }
  int(lo, hi) { return lo + Math.floor(this.next() * (hi - lo + 1)); } // inclusive
  bool(p = 0.5) { return this.next() < p; }
  pick(list) { return list[Math.floor(this.next() * list.length)]; }
  // weights: [[value, weight], ...]
  weighted(pairs) {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [v, w] of pairs) { if ((r -= w) < 0) return v; }
    return pairs[pairs.length - 1][0];
  }
  shuffle(list) {
    const a = list.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  sample(list, n) { return this.shuffle(list).slice(0, Math.max(0, Math.min(n, list.length))); }
}

export const f32 = Math.fround;

// Numbers are written with JavaScript's shortest round-trip form, which reads
// back the same double (and so the same float32 for a float32 value).
function jsonValue(v) {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`cannot print a non-finite number (${v})`);
    return Object.is(v, -0) ? '0' : String(v);
  }
  if (Array.isArray(v)) return '[' + v.map(jsonValue).join(', ') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).map((k) => JSON.stringify(k) + ': ' + jsonValue(v[k])).join(', ') + '}';
  }
  return JSON.stringify(v);
}

// One output line, as docs/replay.md's "Output" shows it.
export function formatLine(line) {
  return jsonValue({ step: line.step, time: line.time, values: line.values, events: line.events });
}

export function parseLines(text) {
  const out = [];
  const rows = text.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].trim();
    if (row === '') continue;
    try {
      out.push(JSON.parse(row));
    } catch (e) {
      throw new Error(`line ${i + 1} is not JSON: ${e.message}: ${row.slice(0, 120)}`);
    }
  }
  return out;
}

// Seeds "A..B" or "A" to a list of integers.
export function parseSeedRange(text) {
  const m = /^(-?\d+)(?:\.\.(-?\d+))?$/.exec(String(text));
  if (!m) throw new Error(`--seeds: "${text}" is not A or A..B`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (b < a) throw new Error(`--seeds: ${b} is below ${a}`);
  const out = [];
  for (let s = a; s <= b; s++) out.push(s);
  return out;
}

// Minimal flag parser: --name value, --flag (boolean), positional arguments.
export function parseArgs(argv, booleans = []) {
  const opts = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) { opts[a.slice(2, eq)] = a.slice(eq + 1); continue; }
      const name = a.slice(2);
      if (booleans.includes(name)) { opts[name] = true; continue; }
      if (i + 1 >= argv.length) throw new Error(`${a}: needs a value`);
      opts[name] = argv[++i];
    } else {
      opts._.push(a);
    }
  }
  return opts;
}
