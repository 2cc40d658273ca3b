// Makes seeded random keyframe tracks, samples and edits them in three.js
// 0.186.0, and writes the tracks and the expected numbers as JSON for
// compare_tracks.c.
//
//   node make_tracks.mjs <tests/node_modules> <out.json> [sampling cases] [edit cases]
//
// Sampling: every interpolation (LINEAR, STEP, SMOOTH with all nine pairs of
// endings, CUBIC_SPLINE, BEZIER), value sizes 1, 2, 3 and quaternions, flags
// and strings; 1, 2, a few and many keys, unevenly spaced; sample times before
// the first key, on keys, inside intervals and after the last key.
//
// Editing: chains of shift, scale, trim and optimize run on three.js tracks.
// Where docs/three-js-to-threeanim.md lists a difference from three.js the
// expected arrays follow the port instead (each place says so): Bezier control points move with
// shift and are kept with their keys by trim; optimize keeps every BEZIER key
// and drops a CUBIC_SPLINE key only when its and its neighbours' values match
// and all their tangents are zero; scale divides CUBIC_SPLINE tangents; a
// shift before zero and a scale not above zero are refused; a Bezier rotation
// is normalized after it is sampled.
//
// The interpolants are three.js's own. GLTFCubicSplineInterpolant and its
// quaternion form are not exported by GLTFLoader.js, so their source is read
// from the pinned examples/jsm/loaders/GLTFLoader.js and evaluated here.

import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [modulesDir, outPath, samplingArg, editArg] = process.argv.slice(2);
if (!modulesDir || !outPath) {
	console.error('usage: node make_tracks.mjs <node_modules> <out.json> [sampling cases] [edit cases]');
	process.exit(2);
}
const SAMPLING_CASES = Number(samplingArg ?? 800);
const EDIT_CASES = Number(editArg ?? 600);

const THREE = await import(pathToFileURL(`${modulesDir}/three/build/three.core.js`).href);
const {
	Interpolant, Quaternion, REVISION,
	NumberKeyframeTrack, VectorKeyframeTrack, QuaternionKeyframeTrack, ColorKeyframeTrack,
	BooleanKeyframeTrack, StringKeyframeTrack,
	InterpolateLinear, InterpolateDiscrete, InterpolateSmooth, InterpolateBezier,
	ZeroCurvatureEnding, ZeroSlopeEnding, WrapAroundEnding,
} = THREE;
if (REVISION !== '186') throw new Error(`three.js revision ${REVISION}, want 186`);

function loadGltfCubicSpline() {
	const src = readFileSync(`${modulesDir}/three/examples/jsm/loaders/GLTFLoader.js`, 'utf8');
	const begin = src.indexOf('class GLTFCubicSplineInterpolant extends Interpolant {');
	const endMarker = src.indexOf('class GLTFCubicSplineQuaternionInterpolant extends GLTFCubicSplineInterpolant {');
	const end = src.indexOf('\n}\n', endMarker);
	if (begin < 0 || endMarker < 0 || end < 0) throw new Error('GLTFCubicSplineInterpolant not found in GLTFLoader.js');
	const body = src.slice(begin, end + 3);
	// eslint-disable-next-line no-new-func
	return new Function('Interpolant', 'Quaternion',
		`${body}\nreturn { GLTFCubicSplineInterpolant, GLTFCubicSplineQuaternionInterpolant };`)(Interpolant, Quaternion);
}
const { GLTFCubicSplineInterpolant, GLTFCubicSplineQuaternionInterpolant } = loadGltfCubicSpline();

// ---- seeded random numbers (mulberry32) --------------------------------------------

function mulberry32(seed) {
	let a = seed >>> 0;
	return function () {
		a = (a + 0x6D2B79F5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const f32 = Math.fround;

// ---- what a track can be -------------------------------------------------------------

// kind, numbers per key, three.js track class, value type
const SHAPES = [
	{ kind: 'MORPH_INFLUENCE', n: 1, cls: NumberKeyframeTrack, type: 'number' },
	{ kind: 'MATERIAL_OPACITY', n: 1, cls: NumberKeyframeTrack, type: 'number' },
	{ kind: 'LIGHT_INTENSITY', n: 1, cls: NumberKeyframeTrack, type: 'number' },
	{ kind: 'POSITION_ELEMENT', n: 1, cls: NumberKeyframeTrack, type: 'number' },
	{ kind: 'CAMERA_FOV', n: 1, cls: NumberKeyframeTrack, type: 'number' },
	{ kind: 'MATERIAL_MAP_OFFSET', n: 2, cls: VectorKeyframeTrack, type: 'number' },
	{ kind: 'POSITION', n: 3, cls: VectorKeyframeTrack, type: 'number' },
	{ kind: 'SCALE', n: 3, cls: VectorKeyframeTrack, type: 'number' },
	{ kind: 'MATERIAL_COLOR', n: 3, cls: ColorKeyframeTrack, type: 'color' },
	{ kind: 'QUATERNION', n: 4, cls: QuaternionKeyframeTrack, type: 'rotation' },
	{ kind: 'QUATERNION', n: 4, cls: QuaternionKeyframeTrack, type: 'rotation' },
	{ kind: 'VISIBLE', n: 1, cls: BooleanKeyframeTrack, type: 'flag' },
	{ kind: 'MATERIAL_WIREFRAME', n: 1, cls: BooleanKeyframeTrack, type: 'flag' },
	{ kind: 'NODE_NAME', n: 1, cls: StringKeyframeTrack, type: 'string' },
];

function interpolationsOf(shape) {
	if (shape.type === 'flag' || shape.type === 'string') return ['STEP'];
	if (shape.type === 'rotation') return ['LINEAR', 'STEP', 'CUBIC_SPLINE', 'BEZIER'];
	return ['LINEAR', 'STEP', 'SMOOTH', 'CUBIC_SPLINE', 'BEZIER'];
}

const ENDINGS = {
	ZERO_CURVATURE_ENDING: ZeroCurvatureEnding,
	ZERO_SLOPE_ENDING: ZeroSlopeEnding,
	WRAP_AROUND_ENDING: WrapAroundEnding,
};
const ENDING_NAMES = Object.keys(ENDINGS);
const WORDS = ['idle', 'walk', 'run', 'jump', 'Armature|Take 001', 'héllo', ''];

function pick(rng, list) {
	return list[Math.floor(rng() * list.length)];
}

function keyCountOf(rng) {
	const r = rng();
	if (r < 0.1) return 1;
	if (r < 0.25) return 2;
	if (r < 0.6) return 3 + Math.floor(rng() * 5);
	return 8 + Math.floor(rng() * 50);
}

function makeTimes(rng, count) {
	const times = new Float32Array(count);
	let t = rng() < 0.3 ? 0 : f32(rng() * 2);
	const mode = Math.floor(rng() * 3);
	for (let k = 0; k < count; k++) {
		if (k > 0) {
			let step;
			if (mode === 0) step = 0.1 + rng();                       // fairly even
			else if (mode === 1) step = Math.pow(10, rng() * 3 - 2);  // 0.01 .. 10 seconds
			else step = rng() < 0.5 ? 0.001 + rng() * 0.01 : 1 + rng() * 3; // short and long
			let next = f32(t + step);
			while (!(next > t)) next = f32(next + 1e-3);
			t = next;
		}
		times[k] = t;
	}
	return times;
}

function randomQuaternion(rng) {
	for (;;) {
		const q = [rng() * 2 - 1, rng() * 2 - 1, rng() * 2 - 1, rng() * 2 - 1];
		const l = Math.hypot(...q);
		if (l > 0.1) return q.map((x) => x / l);
	}
}

// values (numbers, or strings for a string track), with runs of repeated keys
// now and then so that optimize has something to remove.
function makeValues(rng, shape, count) {
	if (shape.type === 'string') {
		const out = [];
		for (let k = 0; k < count; k++) out.push(k > 0 && rng() < 0.4 ? out[k - 1] : pick(rng, WORDS));
		return out;
	}
	const n = shape.n;
	const values = new Float32Array(count * n);
	const scale = pick(rng, [1, 10, 100]);
	const repeat = rng() < 0.5 ? 0.45 : 0.05;
	for (let k = 0; k < count; k++) {
		const o = k * n;
		if (k > 0 && rng() < repeat) {
			for (let i = 0; i < n; i++) values[o + i] = values[o - n + i];
			continue;
		}
		if (shape.type === 'flag') {
			values[o] = rng() < 0.5 ? 0 : 1;
		} else if (shape.type === 'color') {
			for (let i = 0; i < n; i++) values[o + i] = f32(rng());
		} else if (shape.type === 'rotation') {
			let q;
			if (k > 0 && rng() < 0.25) {
				// close to the key before: slerpFlat's lerp branch
				const p = Array.from(values.subarray(o - 4, o));
				q = p.map((x) => x + (rng() * 2 - 1) * 0.01);
				const l = Math.hypot(...q);
				q = q.map((x) => x / l);
			} else {
				q = randomQuaternion(rng);
			}
			for (let i = 0; i < 4; i++) values[o + i] = f32(q[i]);
		} else {
			for (let i = 0; i < n; i++) values[o + i] = f32((rng() * 2 - 1) * scale);
		}
	}
	return values;
}

// Tangents, zero now and then, and mostly zero on a run of equal keys (a
// hold), so that optimize has keys it may remove.
function makeCubicTangents(rng, count, n, values) {
	const inT = new Float32Array(count * n), outT = new Float32Array(count * n);
	const zeroKeys = rng() < 0.5 ? 0.5 : 0.1;
	const same = (a, b) => b >= 0 && b < count && values.subarray(a * n, a * n + n).every((x, i) => x === values[b * n + i]);
	for (let k = 0; k < count; k++) {
		const hold = same(k, k - 1) || same(k, k + 1);
		const zero = rng() < (hold ? 0.85 : zeroKeys);
		for (let i = 0; i < n; i++) {
			inT[k * n + i] = zero ? 0 : f32((rng() * 2 - 1) * 3);
			outT[k * n + i] = zero ? 0 : f32((rng() * 2 - 1) * 3);
		}
	}
	return [inT, outT];
}

// (time, value) per number of each key; the out point of key k lies in the
// interval after it and the in point of key k in the interval before it, as
// COLLADA and Maya write them; now and then one strays outside, which the
// Newton solve clamps.
function makeBezierPoints(rng, times, values, n) {
	const count = times.length;
	const inP = new Float32Array(count * n * 2), outP = new Float32Array(count * n * 2);
	for (let k = 0; k < count; k++) {
		const before = k > 0 ? times[k] - times[k - 1] : 1;
		const after = k + 1 < count ? times[k + 1] - times[k] : 1;
		for (let i = 0; i < n; i++) {
			const v = values[k * n + i];
			const spread = Math.max(1, Math.abs(v)) * (rng() * 2);
			const stray = rng() < 0.05 ? 1.6 : 0.95;
			const o = (k * n + i) * 2;
			inP[o] = f32(times[k] - rng() * stray * before);
			inP[o + 1] = f32(v + (rng() * 2 - 1) * spread);
			outP[o] = f32(times[k] + rng() * stray * after);
			outP[o + 1] = f32(v + (rng() * 2 - 1) * spread);
		}
	}
	return [inP, outP];
}

function makeTrack(seed, editing) {
	const rng = mulberry32(seed);
	const shape = pick(rng, SHAPES);
	const interpolation = pick(rng, interpolationsOf(shape));
	const count = keyCountOf(rng);
	const times = makeTimes(rng, count);
	const values = makeValues(rng, shape, count);
	let inT = null, outT = null;
	if (interpolation === 'CUBIC_SPLINE') [inT, outT] = makeCubicTangents(rng, count, shape.n, values);
	if (interpolation === 'BEZIER') [inT, outT] = makeBezierPoints(rng, times, values, shape.n);
	return { rng, seed, shape, interpolation, times, values, inT, outT, editing };
}

// ---- three.js sampling -------------------------------------------------------------------

function interleave(track) {
	const n = track.shape.n, count = track.times.length;
	const out = new Float32Array(count * n * 3);
	for (let k = 0; k < count; k++)
		for (let i = 0; i < n; i++) {
			out[k * n * 3 + i] = track.inT[k * n + i];
			out[k * n * 3 + n + i] = track.values[k * n + i];
			out[k * n * 3 + 2 * n + i] = track.outT[k * n + i];
		}
	return out;
}

function threeTrack(track) {
	const { shape, interpolation } = track;
	if (interpolation === 'CUBIC_SPLINE')
		return new shape.cls('x', track.times.slice(), interleave(track), InterpolateLinear);
	const values = shape.type === 'flag' ? Array.from(track.values, (v) => v === 1)
		: shape.type === 'string' ? track.values.slice() : track.values.slice();
	const mode = { LINEAR: InterpolateLinear, STEP: InterpolateDiscrete, SMOOTH: InterpolateSmooth, BEZIER: InterpolateBezier }[interpolation];
	const t = new shape.cls('x', track.times.slice(), values, mode);
	if (interpolation === 'BEZIER') t.settings = { inTangents: track.inT.slice(), outTangents: track.outT.slice() };
	return t;
}

// An interpolant of three.js writing doubles (its PropertyMixer's buffer type).
function interpolantOf(track, start, end) {
	const n = track.shape.n;
	if (track.interpolation === 'CUBIC_SPLINE') {
		const cls = track.shape.type === 'rotation' ? GLTFCubicSplineQuaternionInterpolant : GLTFCubicSplineInterpolant;
		return new cls(track.times, interleave(track), n, new Float64Array(n));
	}
	if (track.shape.type === 'string') return threeTrack(track).createInterpolant(new Array(1));
	const interpolant = threeTrack(track).createInterpolant(new Float64Array(n));
	if (track.interpolation === 'SMOOTH') interpolant.settings = { endingStart: ENDINGS[start], endingEnd: ENDINGS[end] };
	return interpolant;
}

function normalizeQuaternion(r) {
	// three.js Quaternion.normalize
	let l = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
	if (l === 0) { r[0] = r[1] = r[2] = 0; r[3] = 1; return; }
	l = 1 / l;
	for (let i = 0; i < 4; i++) r[i] *= l;
}

function sampleAll(track, at, start, end) {
	const interpolant = interpolantOf(track, start, end);
	const out = [];
	for (const t of at) {
		const r = interpolant.evaluate(t);
		if (track.shape.type === 'string') { out.push(r[0]); continue; }
		const v = Array.from(r);
		// listed difference: a Bezier rotation is made of unit length between
		// keys (as GLTFCubicSplineQuaternionInterpolant does; the ends copy a key)
		const inside = t >= track.times[0] && t < track.times[track.times.length - 1];
		if (track.interpolation === 'BEZIER' && track.shape.type === 'rotation' && inside) normalizeQuaternion(v);
		out.push(...v);
	}
	return out;
}

function sampleTimes(track) {
	const { rng, times } = track;
	const first = times[0], last = times[times.length - 1];
	const at = [first - 0.5 - rng(), first - 1e-4, last + 1e-4, last + rng() * 3];
	const keys = times.length <= 12 ? [...times.keys()] : Array.from({ length: 10 }, () => Math.floor(rng() * times.length));
	for (const k of keys) at.push(times[k]);
	const inside = times.length <= 2 ? 8 : 16;
	for (let j = 0; j < inside; j++) {
		const t = first + rng() * (last - first);
		at.push(rng() < 0.5 ? f32(t) : t);
	}
	if (times.length >= 2) {
		const k = Math.floor(rng() * (times.length - 1));
		at.push((times[k] + times[k + 1]) / 2);
	}
	// shuffled: the sampler must not depend on order
	for (let i = at.length - 1; i > 0; i--) {
		const j = Math.floor(rng() * (i + 1));
		[at[i], at[j]] = [at[j], at[i]];
	}
	return at;
}

function trackJson(track) {
	const j = {
		seed: track.seed,
		kind: track.shape.kind,
		interpolation: track.interpolation,
		times: Array.from(track.times),
	};
	if (track.shape.type === 'string') j.strings = track.values.slice();
	else j.values = Array.from(track.values);
	if (track.inT) {
		j.in_tangents = Array.from(track.inT);
		j.out_tangents = Array.from(track.outT);
	}
	return j;
}

function samplingCase(seed) {
	const track = makeTrack(seed, false);
	const at = sampleTimes(track);
	const pairs = track.interpolation === 'SMOOTH'
		? ENDING_NAMES.flatMap((s) => ENDING_NAMES.map((e) => [s, e]))
		: [['ZERO_CURVATURE_ENDING', 'ZERO_CURVATURE_ENDING']];
	return {
		...trackJson(track),
		at,
		samples: pairs.map(([start, end]) => ({ start, end, expect: sampleAll(track, at, start, end) })),
	};
}

// ---- editing -------------------------------------------------------------------------------

function deinterleave(track, values) {
	const n = track.shape.n, count = values.length / (3 * n);
	const inT = new Float32Array(count * n), v = new Float32Array(count * n), outT = new Float32Array(count * n);
	for (let k = 0; k < count; k++)
		for (let i = 0; i < n; i++) {
			inT[k * n + i] = values[k * n * 3 + i];
			v[k * n + i] = values[k * n * 3 + n + i];
			outT[k * n + i] = values[k * n * 3 + 2 * n + i];
		}
	return [inT, v, outT];
}

// The track three.js's method leaves, read back into our layout.
function readBack(track, t) {
	const next = { ...track, times: Float32Array.from(t.times) };
	if (track.interpolation === 'CUBIC_SPLINE') {
		[next.inT, next.values, next.outT] = deinterleave(track, t.values);
	} else if (track.shape.type === 'flag') {
		next.values = Float32Array.from(t.values, (b) => (b ? 1 : 0));
	} else if (track.shape.type === 'string') {
		next.values = Array.from(t.values);
	} else {
		next.values = Float32Array.from(t.values);
	}
	if (track.interpolation === 'BEZIER') {
		next.inT = Float32Array.from(t.settings.inTangents);
		next.outT = Float32Array.from(t.settings.outTangents);
	}
	return next;
}

// The keys of `before` that `after` kept (times are unique, so by time).
function keptKeys(before, after) {
	const kept = [];
	let k = 0;
	for (const t of after.times) {
		while (before.times[k] !== t) k++;
		kept.push(k++);
	}
	return kept;
}

function slicePoints(points, kept, perKey) {
	const out = new Float32Array(kept.length * perKey);
	kept.forEach((k, j) => out.set(points.subarray(k * perKey, (k + 1) * perKey), j * perKey));
	return out;
}

function rising(times) {
	for (let k = 1; k < times.length; k++) if (!(times[k] > times[k - 1])) return false;
	return true;
}

// The port's optimize for CUBIC_SPLINE: a key goes when its values equal both
// neighbours' and every in- and out-tangent of the three keys is zero.
function optimizeCubicSpline(track) {
	const n = track.shape.n, count = track.times.length;
	const same = (a, b) => { for (let i = 0; i < n; i++) if (track.values[a * n + i] !== track.values[b * n + i]) return false; return true; };
	const zero = (k) => { for (let i = 0; i < n; i++) if (track.inT[k * n + i] !== 0 || track.outT[k * n + i] !== 0) return false; return true; };
	const kept = [0];
	for (let k = 1; k + 1 < count; k++)
		if (!(same(k, k - 1) && same(k, k + 1) && zero(k - 1) && zero(k) && zero(k + 1))) kept.push(k);
	if (count > 1) kept.push(count - 1);
	return kept;
}

function applyKept(track, kept) {
	const n = track.shape.n, per = track.interpolation === 'BEZIER' ? 2 * n : n;
	const next = { ...track, times: Float32Array.from(kept, (k) => track.times[k]) };
	next.values = track.shape.type === 'string' ? kept.map((k) => track.values[k]) : slicePoints(track.values, kept, n);
	if (track.inT) {
		next.inT = slicePoints(track.inT, kept, per);
		next.outT = slicePoints(track.outT, kept, per);
	}
	return next;
}

// One edit: the expected track after it, or the code it is refused with.
function edit(track, op) {
	const t = threeTrack(track);
	if (op.op === 'shift') {
		for (const time of track.times) if (time + op.offset < 0) return { refused: 'BAD_TIMES' };
		t.shift(op.offset);
		const next = readBack(track, t);
		if (!rising(next.times)) return { refused: 'BAD_TIMES' };
		if (track.interpolation === 'BEZIER') {
			// listed difference: control points move with their keys
			next.inT = track.inT.map((x, i) => (i % 2 === 0 && op.offset !== 0 ? f32(x + op.offset) : x));
			next.outT = track.outT.map((x, i) => (i % 2 === 0 && op.offset !== 0 ? f32(x + op.offset) : x));
		}
		return { track: next };
	}
	if (op.op === 'scale') {
		if (!(op.factor > 0)) return { refused: 'OUT_OF_RANGE' };
		t.scale(op.factor);
		const next = readBack(track, t);
		if (!rising(next.times)) return { refused: 'BAD_TIMES' };
		if (track.interpolation === 'CUBIC_SPLINE' && op.factor !== 1) {
			// listed difference: a tangent is value per second
			next.inT = track.inT.map((x) => f32(x / op.factor));
			next.outT = track.outT.map((x) => f32(x / op.factor));
		}
		return { track: next };
	}
	if (op.op === 'trim') {
		t.trim(op.start, op.end);
		const next = readBack(track, t);
		if (track.interpolation === 'BEZIER') {
			// listed difference: the kept keys keep their control points
			const kept = keptKeys(track, next);
			next.inT = slicePoints(track.inT, kept, 2 * track.shape.n);
			next.outT = slicePoints(track.outT, kept, 2 * track.shape.n);
		}
		return { track: next };
	}
	// optimize
	if (track.interpolation === 'BEZIER') return { track }; // the port: every BEZIER key stays
	if (track.interpolation === 'CUBIC_SPLINE') return { track: applyKept(track, optimizeCubicSpline(track)) };
	t.optimize();
	return { track: readBack(track, t) };
}

function randomOp(rng, track) {
	const first = track.times[0], last = track.times[track.times.length - 1];
	const r = rng();
	if (r < 0.25) {
		const u = rng();
		const offset = u < 0.1 ? 0 : u < 0.25 ? -first - 0.01 - rng() : -first + rng() * (first + 3);
		return { op: 'shift', offset };
	}
	if (r < 0.5) {
		const u = rng();
		const factor = u < 0.05 ? 1 : u < 0.12 ? -rng() : u < 0.15 ? 0 : Math.pow(10, rng() * 1.5 - 0.75);
		return { op: 'scale', factor };
	}
	if (r < 0.75) {
		const a = first - 0.5 + rng() * (last - first + 1), b = first - 0.5 + rng() * (last - first + 1);
		const on = rng() < 0.3 ? track.times[Math.floor(rng() * track.times.length)] : null;
		return { op: 'trim', start: on ?? Math.min(a, b), end: rng() < 0.1 ? Math.min(a, b) - 0.1 : Math.max(a, b) };
	}
	return { op: 'optimize' };
}

function editCase(seed) {
	let track = makeTrack(seed, true);
	const json = trackJson(track);
	json.ops = [];
	const steps = 1 + Math.floor(track.rng() * 3);
	for (let s = 0; s < steps; s++) {
		const op = randomOp(track.rng, track);
		const result = edit(track, op);
		if (result.refused) {
			json.ops.push({ ...op, refused: result.refused });
			continue;
		}
		track = result.track;
		const at = sampleTimes(track);
		const [start, end] = track.interpolation === 'SMOOTH' ? [pick(track.rng, ENDING_NAMES), pick(track.rng, ENDING_NAMES)]
			: ['ZERO_CURVATURE_ENDING', 'ZERO_CURVATURE_ENDING'];
		const after = trackJson(track);
		delete after.seed; delete after.kind; delete after.interpolation;
		json.ops.push({ ...op, expect_track: after, at, start_ending: start, end_ending: end, expect: sampleAll(track, at, start, end) });
	}
	return json;
}

// ---- the file ------------------------------------------------------------------------------

const sampling = [];
for (let i = 0; i < SAMPLING_CASES; i++) sampling.push(samplingCase(1000 + i));
const edits = [];
for (let i = 0; i < EDIT_CASES; i++) edits.push(editCase(500000 + i));
writeFileSync(outPath, JSON.stringify({ three_revision: REVISION, sampling, edits }));
const samples = sampling.reduce((s, c) => s + c.at.length * c.samples.length, 0);
console.log(`three.js r${REVISION}: ${sampling.length} sampling tracks (${samples} samples), ${edits.length} edit chains -> ${outPath}`);
