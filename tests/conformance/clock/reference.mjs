// Exact-arithmetic reference for the action clock's rules for large advances
// (a float32 phase; animation_action.h). It does not share code or method with the
// C clock: every count and residual here is a BigInt rational, every float32
// rounding is Math.fround or a hand-rounded BigInt. Writes cases with the
// expected results as JSON to the path given.
//
//   node reference.mjs OUT.json [--count N] [--seed S]
import { writeFileSync } from 'node:fs';

const INT64_MAX = (1n << 63n) - 1n;
const ENDLESS = 'endless';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// x (a finite double) = m * 2^e exactly, m a BigInt.
function split(x) {
  if (x === 0) return { m: 0n, e: 0 };
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0), lo = buf.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e;
  if (exp === 0) e = -1074; else { mant |= 1n << 52n; e = exp - 1075; }
  return { m: sign * mant, e };
}

// floor division for BigInt
function fdiv(a, b) { const q = a / b; return (a % b !== 0n && ((a < 0n) !== (b < 0n))) ? q - 1n : q; }

// The float32 nearest to m * 2^e (m >= 0), ties to even; Infinity past the range.
function toF32(m, e) {
  if (m === 0n) return 0;
  let bits = m.toString(2).length;
  // normalise to 24 significant bits (the subnormal range keeps fewer)
  let top = bits + e - 1;                  // exponent of the leading bit
  let keep = 24;
  if (top < -126) keep = 24 - (-126 - top);
  if (keep <= 0) keep = 0;
  let shift = bits - keep;
  let q = m, exp = e;
  if (shift > 0) {
    const mask = (1n << BigInt(shift)) - 1n;
    const rem = m & mask;
    q = m >> BigInt(shift);
    const half = 1n << BigInt(shift - 1);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
    exp = e + shift;
  }
  const v = Number(q) * Math.pow(2, exp);
  return Math.fround(v) === v ? v : Infinity;
}

function f32Below(bound) {               // largest float32 strictly below a positive double
  let f = Math.fround(bound);
  const a = new Float32Array(1), i = new Int32Array(a.buffer);
  a[0] = f;
  while (a[0] >= bound) i[0] -= 1;
  return a[0];
}

// exact floor(x / d) and x - floor(x/d) * d as {q, rm, re}: residual = rm * 2^re
function divmod(x, d) {
  const X = split(x), D = split(d);
  let q, rm, re;
  if (X.e >= D.e) {
    const N = X.m << BigInt(X.e - D.e);
    q = fdiv(N, D.m); rm = N - q * D.m; re = D.e;
  } else {
    const Dk = D.m << BigInt(D.e - X.e);
    q = fdiv(X.m, Dk); rm = X.m - q * Dk; re = X.e;
  }
  return { q, rm, re };
}

// a * 2^ea + b * 2^eb exactly
function addScaled(a, ea, b, eb) {
  const e = Math.min(ea, eb);
  return { m: (a << BigInt(ea - e)) + (b << BigInt(eb - e)), e };
}

function parity(v) { return Number(((v % 2n) + 2n) % 2n); }

const ZERO_CURVATURE = 0, ZERO_SLOPE = 1, WRAP = 2;

function endings(p, st, atStart, atEnd, pp) {
  if (pp) { st.endingStart = ZERO_SLOPE; st.endingEnd = ZERO_SLOPE; return; }
  st.endingStart = atStart ? (p.zeroSlopeAtStart ? ZERO_SLOPE : ZERO_CURVATURE) : WRAP;
  st.endingEnd = atEnd ? (p.zeroSlopeAtEnd ? ZERO_SLOPE : ZERO_CURVATURE) : WRAP;
}

function readTime(p, st) {
  if (p.loop === 'ping_pong' && st.phase >= p.duration) return 2 * p.duration - st.phase;
  return st.phase;
}

// One move, by the clock's rules. Returns {refused} or {state, event, loopDelta, direction}.
function advance(p, st0, step) {
  const st = { ...st0 };
  if (!Number.isFinite(step)) return { refused: 'step' };
  const s = Math.fround(step);
  if (!Number.isFinite(s)) return { refused: 'step' };
  if (s === 0) return { state: st, event: 'none', read: readTime(p, st) };
  const dir = s > 0 ? 1 : -1;
  const sum = Math.fround(st.phase + s);
  if (!Number.isFinite(sum)) return { refused: 'sum' };
  const D = p.duration;
  if (p.loop === 'once') {
    if (st.loopCount === -1n) { st.loopCount = 0n; endings(p, st, true, true, false); }
    st.started = true;
    let event = 'none';
    if (sum >= D || sum < 0) {
      st.phase = sum < 0 ? 0 : Math.fround(D);
      if (p.clamp) st.paused = true; else st.enabled = false;
      event = 'finished';
    } else st.phase = sum;
    st.direction = dir;
    return { state: st, event, loopDelta: 0n, direction: dir, read: readTime(p, st) };
  }
  const pp = p.loop === 'ping_pong';
  const finite = p.repetitions !== ENDLESS;
  const reps = finite ? BigInt(p.repetitions) : 0n;
  const storedCount = st.loopCount, storedStarted = st.started;
  let shift = false;
  if (st.loopCount === -1n) {
    if (dir > 0) { st.loopCount = 0n; endings(p, st, true, finite && reps === 0n, pp); }
    else { endings(p, st, finite && reps === 0n, true, pp); if (pp && !st.started) shift = true; }
  }
  st.started = true;
  const ds = divmod(sum, D);
  let nStart = 0n;
  if (pp) {
    nStart = divmod(st.phase, D).q;
    if (nStart > INT64_MAX || nStart < -INT64_MAX) return { refused: 'start' };
  }
  const c = ds.q - nStart;
  if (c === 0n) {
    if (shift) {
      const v = addScaled(...Object.values(split(sum)), ...Object.values(split(D)));
      let f = v.m === 0n ? 0 : toF32(v.m, v.e);
      if (!Number.isFinite(f)) return { refused: 'phase' };
      if (f >= 2 * D) f = f32Below(2 * D);
      st.phase = f;
    } else st.phase = sum;
    st.direction = dir;
    return { state: st, event: 'none', read: readTime(p, st) };
  }
  const absC = c < 0n ? -c : c;
  const count = st.loopCount;
  if (finite && count + absC >= reps) {
    if (p.clamp) st.paused = true; else st.enabled = false;
    if (!pp) st.phase = dir > 0 ? Math.fround(D) : 0;
    else {
      let j = reps - count; if (j < 1n) j = 1n;
      const legStart = nStart + (shift ? 1n : 0n);
      if (shift && j === 1n) st.phase = 0;
      else if (dir > 0) st.phase = parity(legStart + j - 1n) === 0 ? Math.fround(D) : 0;
      else st.phase = parity(legStart - j + 1n) === 0 ? 0 : Math.fround(D);
    }
    st.loopCount = storedCount; st.started = storedStarted; st.direction = dir;
    return { state: st, event: 'finished', loopDelta: 0n, direction: dir, read: readTime(p, st) };
  }
  if (absC > INT64_MAX) return { refused: 'crossings' };
  if (count + absC > INT64_MAX) return { refused: 'count' };
  // residual r = sum - q*D in [0, D), exact, then float32 kept below D
  let r = ds.rm === 0n ? 0 : toF32(ds.rm, ds.re);
  if (!Number.isFinite(r)) return { refused: 'residual' };
  if (r >= D) r = f32Below(D);
  if (pp) {
    const leg = parity(ds.q + (shift ? 1n : 0n));
    if (leg === 1) {
      const R = split(r), DD = split(D);
      const v = addScaled(R.m, R.e, DD.m, DD.e);
      let f = toF32(v.m, v.e);
      if (!Number.isFinite(f)) return { refused: 'phase' };
      if (f >= 2 * D) f = f32Below(2 * D);
      r = f;
    }
  }
  const newCount = count + absC;
  if (finite && reps - newCount === 1n) { const atStart = dir < 0; endings(p, st, atStart, !atStart, pp); }
  else endings(p, st, false, false, pp);
  st.loopCount = newCount; st.phase = r; st.direction = dir;
  return { state: st, event: 'looped', loopDelta: c, direction: dir, read: readTime(p, st) };
}

// ---- cases -------------------------------------------------------------------------

const args = process.argv.slice(2);
const out = args[0];
const flag = (name, fallback) => { const i = args.indexOf(name); return i > 0 ? Number(args[i + 1]) : fallback; };
const count = flag('--count', 2000);
const seed = flag('--seed', 7);
const rng = mulberry32(seed);
const pick = (a) => a[Math.floor(rng() * a.length)];

function randomDuration() {
  switch (Math.floor(rng() * 5)) {
    case 0: return Math.fround(0.05 + rng() * 10);          // a float32 length, like key times
    case 1: return 0.05 + rng() * 10;                       // any double
    case 2: return pick([1.5, 1, 2, 0.1, 1 / 3, 4.199997, 1.0833333333333333]);
    case 3: return Math.pow(2, -20 + rng() * 40);           // tiny to large
    default: return Math.fround(Math.pow(10, -3 + rng() * 6));
  }
}

function randomStep(D) {
  const sign = rng() < 0.3 ? -1 : 1;
  switch (Math.floor(rng() * 6)) {
    case 0: return sign * rng() * D * 3;
    case 1: return sign * Math.pow(2, Math.floor(rng() * 60)) * (0.5 + rng());   // large jumps
    case 2: return sign * D * Math.floor(1 + rng() * 5);                           // whole lengths
    case 3: return sign * (D - Math.fround(D) + rng() * 1e-6);                     // near boundaries
    case 4: return sign * Math.pow(10, 30 + rng() * 8);                            // astronomical
    default: return sign * 1 / 60;
  }
}

const cases = [];
// a worked example
cases.push({ params: { loop: 'repeat', repetitions: ENDLESS, duration: 1.5, clamp: false, zeroSlopeAtStart: true, zeroSlopeAtEnd: true },
  state: { phase: 0, loopCount: -1n, started: false, enabled: true, paused: false, direction: 0, endingStart: 0, endingEnd: 0 },
  steps: [Math.pow(2, 25)] });
for (let k = 0; k < count; ++k) {
  const D = randomDuration();
  const loop = pick(['repeat', 'repeat', 'ping_pong', 'ping_pong', 'once']);
  const repetitions = rng() < 0.5 ? ENDLESS : pick([0, 1, 2, 3, 7, 1000, 2 ** 40, Number.MAX_SAFE_INTEGER]);
  const params = { loop, repetitions, duration: D, clamp: rng() < 0.5, zeroSlopeAtStart: rng() < 0.7, zeroSlopeAtEnd: rng() < 0.7 };
  const state = { phase: 0, loopCount: -1n, started: false, enabled: true, paused: false, direction: 0, endingStart: 0, endingEnd: 0 };
  if (rng() < 0.3) {
    state.started = true;
    state.loopCount = BigInt(Math.floor(rng() * 10));
    if (rng() < 0.2) state.loopCount = INT64_MAX - BigInt(Math.floor(rng() * 4));
    const span = loop === 'ping_pong' ? 2 * D : D;
    state.phase = Math.fround(rng() * span);
    if (state.phase >= span) state.phase = f32Below(span);
  }
  const steps = [];
  const n = 1 + Math.floor(rng() * 6);
  for (let i = 0; i < n; ++i) steps.push(randomStep(D));
  cases.push({ params, state, steps });
}

// run the reference over each case
const big = (k, v) => (typeof v === 'bigint' ? v.toString() : v);
for (const c of cases) {
  let st = { ...c.state };
  c.expected = [];
  for (const step of c.steps) {
    const r = advance(c.params, st, step);
    if (r.refused) { c.expected.push({ refused: r.refused }); continue; }
    st = r.state;
    c.expected.push({ phase: st.phase, loopCount: st.loopCount, started: st.started, enabled: st.enabled,
      paused: st.paused, endingStart: st.endingStart, endingEnd: st.endingEnd, event: r.event,
      loopDelta: r.loopDelta ?? 0n, direction: r.direction ?? 0, read: r.read });
  }
}
writeFileSync(out, JSON.stringify({ seed, cases }, big));
console.log(`clock reference: ${cases.length} cases, ${cases.reduce((a, c) => a + c.steps.length, 0)} moves -> ${out}`);
