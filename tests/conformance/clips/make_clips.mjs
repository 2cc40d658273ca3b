// Makes seeded random clips, runs them through three.js 0.186.0's clip
// functions, and writes the inputs and what three.js made as JSON for
// compare_clips.c, which rebuilds the same inputs through the public API.
//
//   node make_clips.mjs <tests/node_modules> <out.json> [cases per operation]
//
// Operations: AnimationUtils.subclip, makeClipAdditive, getKeyframeOrder and
// sortedArray, AnimationClip.CreateClipsFromMorphTargetSequences, optimize and
// trim on clips, and AnimationClipCreator (rotation, scale axis, visibility,
// material color; shake and pulsation with Math.random replaced by the seeded
// mulberry32 that ta_seeded_random is, so even they compare number by number).
//
// Where a case meets a difference that docs/three-js-to-threeanim.md lists, the
// expected result is the port's, and the case says which difference in "difference":
//   subclip_no_length     three.js returns a clip of no length (or no tracks); refused here.
//   bezier_control_points three.js leaves a Bezier track's control points as they were when
//                         subclip, trim or optimize drop keys; here they go with their keys and
//                         move with them, and optimize keeps every Bezier key.
//   cubic_reference       makeClipAdditive with a CUBIC_SPLINE reference read between keys:
//                         three.js reads past its result and makes NaN; here the curve's value
//                         is taken off. The expected numbers come from three.js's own
//                         makeClipAdditive with that one read corrected.
//   sequence_same_time    a morph sequence of one or two targets: three.js makes keys at one
//                         time; only the later is kept here.
//   sequence_no_length    a sequence of one target with no loop: a clip of no length, refused.

import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [modulesDir, outPath, casesArg] = process.argv.slice(2);
if (!modulesDir || !outPath) {
	console.error('usage: node make_clips.mjs <node_modules> <out.json> [cases per operation]');
	process.exit(2);
}
const CASES = Number(casesArg ?? 400);

const THREE = await import(pathToFileURL(`${modulesDir}/three/build/three.module.js`).href);
const {
	REVISION, AnimationClip, AnimationUtils, Interpolant, Quaternion, AdditiveAnimationBlendMode,
	NormalAnimationBlendMode, NumberKeyframeTrack, VectorKeyframeTrack, QuaternionKeyframeTrack,
	ColorKeyframeTrack, BooleanKeyframeTrack, StringKeyframeTrack,
	InterpolateLinear, InterpolateDiscrete, InterpolateSmooth, InterpolateBezier,
} = THREE;
if (REVISION !== '186') throw new Error(`three.js revision ${REVISION}, want 186`);
const { AnimationClipCreator } = await import(
	pathToFileURL(`${modulesDir}/three/examples/jsm/animation/AnimationClipCreator.js`).href);

// GLTFCubicSplineInterpolant is not exported by GLTFLoader.js: take its source
// from the pinned file, as the loader's CUBICSPLINE tracks use it.
function sliceClass(src, head, next) {
	const begin = src.indexOf(head);
	const end = src.indexOf('\n}\n', src.indexOf(next));
	if (begin < 0 || end < 0) throw new Error(`${head} not found`);
	return src.slice(begin, end + 3);
}
const gltfSrc = readFileSync(`${modulesDir}/three/examples/jsm/loaders/GLTFLoader.js`, 'utf8');
const { GLTFCubicSplineInterpolant, GLTFCubicSplineQuaternionInterpolant } = new Function(
	'Interpolant', 'Quaternion',
	`${sliceClass(gltfSrc, 'class GLTFCubicSplineInterpolant extends Interpolant {',
		'class GLTFCubicSplineQuaternionInterpolant extends GLTFCubicSplineInterpolant {')}
	return { GLTFCubicSplineInterpolant, GLTFCubicSplineQuaternionInterpolant };`)(Interpolant, Quaternion);

// three.js's makeClipAdditive, from the pinned source, with the one read the
// port corrects: the result of a CUBIC_SPLINE reference's interpolant holds
// only the value, so it is read from 0, not from the in-tangent's length.
const utilsSrc = readFileSync(`${modulesDir}/three/src/animation/AnimationUtils.js`, 'utf8');
const additiveBegin = utilsSrc.indexOf('function makeClipAdditive(');
const additiveEnd = utilsSrc.indexOf('\n}\n', additiveBegin);
const wrongRead = 'referenceValue = interpolant.resultBuffer.slice( startIndex, endIndex );';
let additiveSrc = utilsSrc.slice(additiveBegin, additiveEnd + 3);
if (!additiveSrc.includes(wrongRead)) throw new Error('makeClipAdditive: the interpolant read is not where expected');
additiveSrc = additiveSrc.replace(wrongRead,
	'referenceValue = interpolant.resultBuffer.slice( 0, endIndex - startIndex );');
const makeClipAdditiveSpec = new Function('Quaternion', 'AdditiveAnimationBlendMode',
	`${additiveSrc}\nreturn makeClipAdditive;`)(Quaternion, AdditiveAnimationBlendMode);

// ---- seeded random numbers (mulberry32, as ta_seeded_random) ----------------------------

function mulberry32(seed) {
	let a = seed >>> 0;
	const next = function () {
		a = (a + 0x6D2B79F5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		next.draws++;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	next.draws = 0;
	return next;
}
const f32 = Math.fround;
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const uniform = (rng, lo, hi) => lo + (hi - lo) * rng();
const int = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));

// ---- targets and tracks ----------------------------------------------------------------

// kind: [family, numbers per key, track class, value type]
const KINDS = {
	POSITION: ['node', 3, VectorKeyframeTrack, 'number'],
	SCALE: ['node', 3, VectorKeyframeTrack, 'number'],
	QUATERNION: ['node', 4, QuaternionKeyframeTrack, 'rotation'],
	VISIBLE: ['node', 1, BooleanKeyframeTrack, 'flag'],
	NODE_NAME: ['node', 1, StringKeyframeTrack, 'string'],
	POSITION_ELEMENT: ['node_element', 1, NumberKeyframeTrack, 'number'],
	SCALE_ELEMENT: ['node_element', 1, NumberKeyframeTrack, 'number'],
	ROTATION_ELEMENT: ['node_element', 1, NumberKeyframeTrack, 'number'],
	MORPH_INFLUENCE: ['mesh', 1, NumberKeyframeTrack, 'number'],
	SKINNED_MORPH_INFLUENCE: ['skinned_mesh', 1, NumberKeyframeTrack, 'number'],
	MATERIAL_COLOR: ['material', 3, ColorKeyframeTrack, 'color'],
	MATERIAL_OPACITY: ['material', 1, NumberKeyframeTrack, 'number'],
	MATERIAL_MAP_OFFSET: ['material', 2, VectorKeyframeTrack, 'number'],
	LIGHT_INTENSITY: ['light', 1, NumberKeyframeTrack, 'number'],
	LIGHT_COLOR: ['light', 3, ColorKeyframeTrack, 'color'],
};
const KIND_NAMES = Object.keys(KINDS);

function randomTarget(rng) {
	const kind = pick(rng, KIND_NAMES);
	const family = KINDS[kind][0];
	const index = int(rng, 0, 4);
	const element = family === 'node_element' ? int(rng, 0, 2) : (family.endsWith('mesh') ? int(rng, 0, 7) : 0);
	return { kind, family, index, element };
}
const targetKey = (t) => `${t.family}${t.index}.${t.kind}[${t.element}]`;

function distinctTargets(rng, count) {
	const seen = new Set(), out = [];
	while (out.length < count) {
		const t = randomTarget(rng);
		if (seen.has(targetKey(t))) continue;
		seen.add(targetKey(t));
		out.push(t);
	}
	return out;
}

function interpolationsFor(kind) {
	const type = KINDS[kind][3];
	if (type === 'flag' || type === 'string') return ['STEP'];
	if (type === 'rotation') return ['LINEAR', 'LINEAR', 'STEP', 'CUBIC_SPLINE', 'BEZIER'];
	return ['LINEAR', 'LINEAR', 'STEP', 'SMOOTH', 'CUBIC_SPLINE', 'BEZIER'];
}

function unitQuaternion(rng) {
	const q = [uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)];
	const l = Math.hypot(...q) || 1;
	return q.map((c) => f32(c / l));
}

const WORDS = ['idle', 'busy', 'walk', 'done'];

// A plain description of a track, the form the JSON carries. opts.plateaus
// repeats keys (for optimize), opts.start puts the first key after 0,
// opts.noBezierRotation and opts.keys bound what is made.
function randomTrackDesc(rng, target, opts = {}) {
	const [, size, , type] = KINDS[target.kind];
	let interps = interpolationsFor(target.kind);
	if (opts.noBezierRotation && type === 'rotation') interps = interps.filter((i) => i !== 'BEZIER');
	const interp = pick(rng, interps);
	const keys = opts.keys ?? (rng() < 0.15 ? 1 : int(rng, 2, rng() < 0.2 ? 14 : 7));
	const times = [];
	if (opts.onFrames) {
		// Keys on whole frames, so that ranges can start and end exactly at a key.
		let frame = rng() < 0.5 ? 0 : int(rng, 1, 6);
		for (let k = 0; k < keys; k++) {
			times.push(f32(frame / opts.fps));
			frame += int(rng, 1, 3);
		}
	}
	let t = opts.start === false || rng() < 0.4 ? 0 : f32(uniform(rng, 0, 1));
	for (let k = times.length; k < keys; k++) {
		if (k > 0) {
			const gap = rng() < 0.2 && opts.fps ? Math.max(1, int(rng, 1, 4)) / opts.fps : uniform(rng, 0.02, 0.6);
			t = f32(t + gap);
			if (!(t > times[k - 1])) t = f32(times[k - 1] + 0.05);
		}
		times.push(t);
	}
	const values = [], strings = [];
	for (let k = 0; k < keys; k++) {
		const repeat = opts.plateaus && k > 0 && rng() < 0.55;
		if (type === 'string') {
			strings.push(repeat ? strings[k - 1] : pick(rng, WORDS));
			continue;
		}
		if (repeat) {
			values.push(...values.slice((k - 1) * size, k * size));
			continue;
		}
		if (type === 'rotation') values.push(...unitQuaternion(rng));
		else if (type === 'flag') values.push(rng() < 0.5 ? 0 : 1);
		else if (type === 'color') for (let c = 0; c < size; c++) values.push(f32(rng()));
		else for (let c = 0; c < size; c++) values.push(f32(uniform(rng, -3, 3)));
	}
	const desc = { target, interp, times, values: type === 'string' ? null : values, strings: type === 'string' ? strings : null };
	if (interp === 'CUBIC_SPLINE') {
		// Zero tangents let optimize drop plateau keys; three.js and the port agree there.
		const zero = opts.plateaus && rng() < 0.5;
		desc.in = values.map(() => (zero ? 0 : f32(uniform(rng, -4, 4))));
		desc.out = values.map(() => (zero ? 0 : f32(uniform(rng, -4, 4))));
	} else if (interp === 'BEZIER') {
		desc.in = [];
		desc.out = [];
		for (let k = 0; k < keys; k++)
			for (let c = 0; c < size; c++) {
				const v = values[k * size + c];
				desc.in.push(f32(times[k] - uniform(rng, 0.01, 0.3)), f32(v + uniform(rng, -1, 1)));
				desc.out.push(f32(times[k] + uniform(rng, 0.01, 0.3)), f32(v + uniform(rng, -1, 1)));
			}
	}
	return desc;
}

// A clip that lasts some time: one of no length is refused where clips are built.
function randomClipDesc(rng, opts = {}) {
	const count = opts.tracks ?? int(rng, 1, 5);
	const targets = opts.targets ?? distinctTargets(rng, count);
	let tracks;
	do tracks = targets.map((t) => randomTrackDesc(rng, t, opts));
	while (!tracks.some((t) => t.times[t.times.length - 1] > 0));
	return { name: opts.name ?? `clip${int(rng, 0, 999)}`, duration: 0, blend: rng() < 0.2 ? 'additive' : 'normal', tracks };
}

// A three.js track from a description, laid out as three.js lays it out:
// CUBIC_SPLINE as the glTF loader makes it (in-tangent, value, out-tangent per
// key, and its interpolant), BEZIER with settings.inTangents / outTangents.
function toThree(desc) {
	const { target, interp } = desc;
	const [, size, Track, type] = KINDS[target.kind];
	const name = targetKey(target);
	let values;
	if (type === 'string') values = desc.strings.slice();
	else if (type === 'flag') values = desc.values.map((v) => v === 1);
	else if (interp === 'CUBIC_SPLINE') {
		values = [];
		for (let k = 0; k < desc.times.length; k++)
			values.push(...desc.in.slice(k * size, (k + 1) * size), ...desc.values.slice(k * size, (k + 1) * size),
				...desc.out.slice(k * size, (k + 1) * size));
	} else values = desc.values.slice();
	const mode = { LINEAR: InterpolateLinear, STEP: InterpolateDiscrete, SMOOTH: InterpolateSmooth,
		BEZIER: InterpolateBezier, CUBIC_SPLINE: undefined }[interp];
	const track = new Track(name, desc.times.slice(), values, mode);
	track.target = target;
	track.interp = interp;
	if (interp === 'CUBIC_SPLINE') {
		track.createInterpolant = function InterpolantFactoryMethodGLTFCubicSpline(result) {
			const Type = this instanceof QuaternionKeyframeTrack ? GLTFCubicSplineQuaternionInterpolant : GLTFCubicSplineInterpolant;
			return new Type(this.times, this.values, this.getValueSize() / 3, result);
		};
		track.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline = true;
	} else if (interp === 'BEZIER') {
		track.settings = { inTangents: new Float32Array(desc.in), outTangents: new Float32Array(desc.out) };
	}
	return track;
}

function clipToThree(desc) {
	const tracks = desc.tracks.map(toThree);
	const blend = desc.blend === 'additive' ? AdditiveAnimationBlendMode : NormalAnimationBlendMode;
	return new AnimationClip(desc.name, desc.duration > 0 ? desc.duration : -1, tracks, blend);
}

// A three.js track back to a description; clone() and subclip keep the
// target and interpolation names we hung on it.
function fromThree(track) {
	const target = track.target, interp = track.interp;
	const [, size, , type] = KINDS[target.kind];
	const out = { target, interp, times: Array.from(track.times), values: null, strings: null };
	if (type === 'string') out.strings = Array.from(track.values);
	else if (type === 'flag') out.values = Array.from(track.values, (v) => (v ? 1 : 0));
	else if (interp === 'CUBIC_SPLINE') {
		out.values = [];
		out.in = [];
		out.out = [];
		for (let k = 0; k < out.times.length; k++) {
			const o = k * size * 3;
			out.in.push(...track.values.slice(o, o + size));
			out.values.push(...track.values.slice(o + size, o + 2 * size));
			out.out.push(...track.values.slice(o + 2 * size, o + 3 * size));
		}
	} else out.values = Array.from(track.values);
	if (interp === 'BEZIER') {
		out.in = Array.from(track.settings.inTangents);
		out.out = Array.from(track.settings.outTangents);
	}
	return out;
}

function clipFromThree(clip) {
	return {
		name: clip.name, duration: clip.duration,
		blend: clip.blendMode === AdditiveAnimationBlendMode ? 'additive' : 'normal',
		tracks: clip.tracks.map(fromThree),
	};
}

// clone() drops our tags; keep them by name.
function retag(clip, source) {
	const byName = new Map(source.tracks.map((t) => [t.name, t]));
	for (const t of clip.tracks) {
		const s = byName.get(t.name);
		t.target = s.target;
		t.interp = s.interp;
	}
	return clip;
}

// The control points of keys [from, to) of a Bezier description, moved by offset.
function bezierKeys(desc, from, to, offset) {
	const size = KINDS[desc.target.kind][1];
	const cut = (list) => list.slice(from * 2 * size, to * 2 * size).map((v, i) => (i % 2 === 0 ? f32(v + offset) : v));
	return { in: cut(desc.in), out: cut(desc.out) };
}

// Where kept keys came from: times rise, so a kept run is found by its first time.
function keptRun(sourceTimes, keptTimes, offset) {
	const from = sourceTimes.findIndex((t) => f32(t + offset) === keptTimes[0]);
	if (from < 0) throw new Error('kept key not found');
	return [from, from + keptTimes.length];
}

// ---- the cases -----------------------------------------------------------------------------

const tally = {};

const cases = [];
function push(c) {
	cases.push(c);
	tally[c.op] = (tally[c.op] ?? 0) + 1;
	if (c.difference) tally[`difference ${c.difference}`] = (tally[`difference ${c.difference}`] ?? 0) + 1;
}

// subclip
for (let i = 0; i < CASES; i++) {
	const seed = 1000 + i;
	const rng = mulberry32(seed);
	// On frames, a rate whose frame times float32 holds exactly (k / fps * fps is k).
	const onFrames = rng() < 0.4;
	const fps = onFrames ? pick(rng, [4, 8, 16, 32, 64]) : pick(rng, [24, 25, 30, 60, 12.5, f32(uniform(rng, 1, 120))]);
	const clipDesc = randomClipDesc(rng, { fps, onFrames });
	const longest = Math.max(...clipDesc.tracks.map((t) => t.times[t.times.length - 1]));
	const lastFrame = Math.ceil(longest * fps) + 2;
	let start, end;
	const how = rng();
	if (how < 0.45) {
		start = int(rng, 0, Math.floor(lastFrame / 2));
		end = start + int(rng, 1, lastFrame);
	} else if (how < 0.9) {
		start = uniform(rng, 0, lastFrame / 2);
		end = start + uniform(rng, 0.5, lastFrame);
	} else {
		// Narrow and empty ranges, past the end too.
		start = int(rng, 0, lastFrame + 3);
		end = start + int(rng, 0, 2);
	}
	if (onFrames && rng() < 0.7) {
		// Start and end on key frames: the start key stays, the end key goes.
		const frames = clipDesc.tracks.flatMap((x) => x.times.map((k) => Math.round(k * fps)));
		start = pick(rng, frames);
		end = pick(rng, frames);
		if (end <= start) end = start + int(rng, 1, 3);
	}
	const onEdge = clipDesc.tracks.some((x) => x.times.some((k) => k * fps === start || k * fps === end));
	if (onEdge) tally['subclip keys exactly on a range edge'] = (tally['subclip keys exactly on a range edge'] ?? 0) + 1;
	const source = clipToThree(clipDesc);
	const sub = AnimationUtils.subclip(source, `sub${i}`, start, end, fps);
	retag(sub, source);
	const c = { op: 'subclip', seed, clip: clipDesc, name: `sub${i}`, start, end, fps };
	if (sub.tracks.length === 0 || !(sub.duration > 0)) {
		c.expect = { refused: 'EMPTY_CLIP' };
		c.difference = 'subclip_no_length';
	} else {
		c.expect = clipFromThree(sub);
		// three.js moved every kept key by the earliest kept time; its Bezier control points stayed.
		let earliest = Infinity;
		for (const t of clipDesc.tracks) {
			const first = t.times.find((x) => !(x * fps < start || x * fps >= end));
			if (first !== undefined && first < earliest) earliest = first;
		}
		for (const t of c.expect.tracks) {
			if (t.interp !== 'BEZIER') continue;
			const src = clipDesc.tracks.find((x) => targetKey(x.target) === targetKey(t.target));
			const [from, to] = keptRun(src.times, t.times, -earliest);
			Object.assign(t, bezierKeys(src, from, to, -earliest));
			c.difference = 'bezier_control_points';
		}
	}
	push(c);
}

// makeClipAdditive
let threeNaN = 0;
for (let i = 0; i < CASES; i++) {
	const seed = 5000 + i;
	const rng = mulberry32(seed);
	const fps = pick(rng, [24, 30, 60, f32(uniform(rng, 1, 90))]);
	const clipDesc = randomClipDesc(rng, { noBezierRotation: true, fps });
	let refDesc = null;
	if (rng() < 0.5) {
		// Another clip sharing some of the targets, with tracks of its own.
		const shared = clipDesc.tracks.filter(() => rng() < 0.7).map((t) => t.target);
		const own = distinctTargets(rng, int(rng, 0, 2)).filter((t) => !shared.some((s) => targetKey(s) === targetKey(t)));
		const targets = [...own, ...shared];
		for (let k = targets.length - 1; k > 0; k--) {
			const j = int(rng, 0, k);
			[targets[k], targets[j]] = [targets[j], targets[k]];
		}
		if (targets.length === 0) targets.push(clipDesc.tracks[0].target);
		refDesc = randomClipDesc(rng, { targets, noBezierRotation: true, fps });
	}
	const refTracks = (refDesc ?? clipDesc).tracks;
	const longest = Math.max(...refTracks.map((t) => t.times[t.times.length - 1]));
	let frame;
	const how = rng();
	if (how < 0.15) frame = 0;
	else if (how < 0.3) frame = Math.round(pick(rng, refTracks).times[0] * fps);
	else if (how < 0.4) frame = longest * fps + int(rng, 0, 10);
	else frame = uniform(rng, 0, longest * fps);
	const referenceTime = frame / fps;
	const cubicBetween = refTracks.some((t) => t.interp === 'CUBIC_SPLINE' && KINDS[t.target.kind][3] !== 'flag'
		&& referenceTime > t.times[0] && referenceTime < t.times[t.times.length - 1]
		&& clipDesc.tracks.some((s) => targetKey(s.target) === targetKey(t.target)));
	const target = clipToThree(clipDesc);
	const reference = refDesc ? clipToThree(refDesc) : undefined;
	const c = { op: 'additive', seed, clip: clipDesc, reference: refDesc, frame, fps };
	if (cubicBetween) {
		// three.js itself, to show the difference is there ...
		const plain = clipToThree(clipDesc);
		AnimationUtils.makeClipAdditive(plain, frame, refDesc ? clipToThree(refDesc) : undefined, fps);
		if (plain.tracks.some((t) => Array.from(t.values).some((v) => Number.isNaN(v)))) threeNaN++;
		// ... and the port's numbers.
		makeClipAdditiveSpec(target, frame, reference, fps);
		c.difference = 'cubic_reference';
	} else {
		AnimationUtils.makeClipAdditive(target, frame, reference, fps);
	}
	c.expect = clipFromThree(target);
	push(c);
}

// getKeyframeOrder and sortedArray
for (let i = 0; i < CASES; i++) {
	const seed = 9000 + i;
	const rng = mulberry32(seed);
	const n = int(rng, 0, 40);
	const ties = rng() < 0.6;
	const times = [];
	for (let k = 0; k < n; k++) times.push(ties ? int(rng, 0, 6) * 0.5 : f32(uniform(rng, -1, 5)));
	if (n > 2 && rng() < 0.3) { times[0] = -0; times[n - 1] = 0; }
	const stride = int(rng, 1, 4);
	const values = [];
	for (let k = 0; k < n * stride; k++) values.push(f32(uniform(rng, -10, 10)));
	const order = AnimationUtils.getKeyframeOrder(times);
	const sorted = AnimationUtils.sortedArray(new Float32Array(values), stride, order);
	push({ op: 'order', seed, times, stride, values, expect: { order, sorted: Array.from(sorted) } });
}

// CreateClipsFromMorphTargetSequences
const PREFIXES = ['Walk_', 'Run_', 'crdeath', 'fly-A_', '', 'jump', 'a-b_c', 'x y', 'idle.', 'Turn-'];
for (let i = 0; i < CASES; i++) {
	const seed = 13000 + i;
	const rng = mulberry32(seed);
	const n = int(rng, 1, 12);
	const names = [], targets = [];
	for (let k = 0; k < n; k++) {
		const prefix = k > 0 && rng() < 0.5 ? names[k - 1].replace(/\d+$/, '') : pick(rng, PREFIXES);
		const digits = rng() < 0.1 ? '' : String(int(rng, 0, 120)).padStart(int(rng, 1, 4), '0');
		names.push(prefix + digits);
		targets.push(rng() < 0.5 ? { kind: 'MORPH_INFLUENCE', family: 'mesh', index: int(rng, 0, 3), element: int(rng, 0, 7) }
			: { kind: 'SKINNED_MORPH_INFLUENCE', family: 'skinned_mesh', index: int(rng, 0, 3), element: int(rng, 0, 7) });
	}
	const fps = pick(rng, [10, 24, 30, f32(uniform(rng, 1, 60))]);
	const noLoop = rng() < 0.25;
	const morphTargets = names.map((name) => ({ name }));
	const clips = AnimationClip.CreateClipsFromMorphTargetSequences(morphTargets, fps, noLoop);
	const pattern = /^([\w-]*?)([\d]+)$/;
	const c = { op: 'morph', seed, names, targets, fps, no_loop: noLoop };
	if (clips.some((clip) => !(clip.duration > 0))) {
		c.expect = { refused: 'EMPTY_CLIP' };
		c.difference = 'sequence_no_length';
	} else {
		c.expect = { clips: clips.map((clip) => {
			const members = names.map((nm, k) => [nm.match(pattern), k]).filter(([m]) => m && m[1] === clip.name).map(([, k]) => k);
			if (members.length !== clip.tracks.length) throw new Error('grouping mismatch');
			return {
				name: clip.name, duration: clip.duration, blend: 'normal',
				tracks: clip.tracks.map((track, k) => {
					const times = Array.from(track.times), values = Array.from(track.values);
					const keep = times.map((t, j) => j + 1 >= times.length || times[j + 1] !== t);
					if (keep.includes(false)) c.difference = 'sequence_same_time';
					return {
						target: targets[members[k]], interp: 'LINEAR',
						times: times.filter((_, j) => keep[j]), values: values.filter((_, j) => keep[j]), strings: null,
					};
				}),
			};
		}) };
	}
	push(c);
}

// optimize, and trim to a duration given
for (let i = 0; i < CASES; i++) {
	const seed = 17000 + i;
	const rng = mulberry32(seed);
	const clipDesc = randomClipDesc(rng, { plateaus: true });
	const clip = clipToThree(clipDesc);
	clip.optimize();
	const c = { op: 'optimize', seed, clip: clipDesc, expect: clipFromThree(clip) };
	c.expect.tracks.forEach((t, k) => {
		if (t.interp === 'BEZIER' && t.times.length !== clipDesc.tracks[k].times.length) {
			c.expect.tracks[k] = clipDesc.tracks[k]; // every Bezier key stays
			c.difference = 'bezier_control_points';
		}
	});
	push(c);
}
for (let i = 0; i < CASES; i++) {
	const seed = 21000 + i;
	const rng = mulberry32(seed);
	const clipDesc = randomClipDesc(rng);
	const longest = Math.max(...clipDesc.tracks.map((t) => t.times[t.times.length - 1]));
	clipDesc.duration = longest > 0 ? longest * uniform(rng, 0.1, 1.2) : uniform(rng, 0.1, 2);
	const clip = clipToThree(clipDesc);
	clip.trim();
	const c = { op: 'trim', seed, clip: clipDesc, expect: clipFromThree(clip) };
	c.expect.tracks.forEach((t, k) => {
		const src = clipDesc.tracks[k];
		if (t.interp !== 'BEZIER' || t.times.length === src.times.length) return;
		const [from, to] = keptRun(src.times, t.times, 0);
		Object.assign(t, bezierKeys(src, from, to, 0));
		c.difference = 'bezier_control_points';
	});
	push(c);
}

// AnimationClipCreator
const AXES = ['x', 'y', 'z'];
for (let i = 0; i < CASES; i++) {
	const seed = 25000 + i;
	const rng = mulberry32(seed);
	const fn = pick(rng, ['rotation', 'scale_axis', 'visibility', 'material_color', 'shake', 'pulsation']);
	const length = pick(rng, [uniform(rng, 0.01, 30), 0.1 * int(rng, 1, 40), int(rng, 1, 12), uniform(rng, 0.001, 0.2)]);
	const c = { op: 'creator', seed, fn, duration: length };
	let clip;
	if (fn === 'rotation' || fn === 'scale_axis') {
		c.axis = int(rng, 0, 2);
		clip = fn === 'rotation' ? AnimationClipCreator.CreateRotationAnimation(length, AXES[c.axis])
			: AnimationClipCreator.CreateScaleAxisAnimation(length, AXES[c.axis]);
	} else if (fn === 'visibility') {
		clip = AnimationClipCreator.CreateVisibilityAnimation(length);
	} else if (fn === 'material_color') {
		const count = int(rng, 1, 8);
		c.colors = [];
		for (let k = 0; k < 3 * count; k++) c.colors.push(f32(rng()));
		const colors = [];
		for (let k = 0; k < count; k++) colors.push(new THREE.Color(c.colors[3 * k], c.colors[3 * k + 1], c.colors[3 * k + 2]));
		clip = AnimationClipCreator.CreateMaterialColorAnimation(length, colors);
	} else {
		c.random_seed = int(rng, 0, 0xffffffff);
		const draw = mulberry32(c.random_seed);
		const saved = Math.random;
		Math.random = draw;
		try {
			if (fn === 'shake') {
				c.scale = [f32(uniform(rng, -2, 2)), f32(uniform(rng, 0, 3)), f32(rng() < 0.2 ? 0 : uniform(rng, 0, 1))];
				clip = AnimationClipCreator.CreateShakeAnimation(length, new THREE.Vector3(...c.scale));
			} else {
				c.scale = [uniform(rng, 0, 4)];
				clip = AnimationClipCreator.CreatePulsationAnimation(length, c.scale[0]);
			}
		} finally {
			Math.random = saved;
		}
		// The clip's constructor draws four more for its uuid (MathUtils.generateUUID); ours has
		// no random uuid, so the clip's keys account for every draw.
		c.draws = draw.draws - 4;
		if (c.draws !== clip.tracks[0].times.length * (fn === 'shake' ? 3 : 1)) throw new Error(`${fn}: ${draw.draws} draws`);
	}
	const track = clip.tracks[0];
	const size = track.getValueSize();
	c.expect = {
		name: clip.name, duration: clip.duration, blend: 'normal',
		tracks: [{ interp: fn === 'visibility' ? 'STEP' : 'LINEAR', times: Array.from(track.times),
			values: Array.from(track.values, (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)), strings: null, size }],
	};
	push(c);
}

writeFileSync(outPath, JSON.stringify({ revision: REVISION, three_nan_cubic_reference: threeNaN, tally, cases }));
console.log(`make_clips: ${cases.length} cases written to ${outPath}: ${JSON.stringify(tally)}; `
	+ `three.js made NaN in ${threeNaN} cubic reference cases`);
