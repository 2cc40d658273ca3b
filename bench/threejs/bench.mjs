#!/usr/bin/env node
/*
 * bench/threejs/bench.mjs -- the three.js side of threeanim's mixer benchmark
 * (three.js 0.186.0 AnimationMixer.update on the workload of
 * docs/benchmark-workload.md, key for key). bench_mixer (bench/mixer) builds the
 * same workload from the same flags; bench/run.sh runs both and compares.
 *
 *   node bench/threejs/bench.mjs [--three DIR] [--chars 100,1000] [--bones 64]
 *     [--branch 2] [--clips 2] [--keys 30] [--duration 1] [--weights 0.7,0.3]
 *     [--interp linear] [--frames 600] [--warmup 120] [--reps 5] [--dt 1/60]
 *     [--seed 1] [--stagger 1] [--rot-amp 0.5] [--scale-amp 0.05]
 *     [--variants blend,single] [--group-max 100] [--threads 1] [--morphs 0]
 *
 * Prints exactly one line of JSON on stdout; progress goes to stderr.
 *
 * Choices the workload leaves open, made identically in the C side
 * (bench/mixer/workload.c):
 *   - bones are named "b<i>" ("c<c>_b<i>" in the group variant); tracks come
 *     per bone in the order position, quaternion, scale;
 *   - the rest position is rounded to float32 (Math.fround), as a C node holds it;
 *   - tangents m_k are taken from the float32 keys and times, and stored as float32;
 *   - a Bezier key k has h_k = (t_{k+1} - t_k)/3 (the last key: (t_k - t_{k-1})/3)
 *     on both sides: in = (t_k - h_k, v_k - m_k h_k), out = (t_k + h_k, v_k + m_k h_k);
 *   - an action whose clip already has one in the mixer (more weights than
 *     clips) is made with new AnimationAction, since clipAction would return the
 *     first one; play() binds it as clipAction would;
 *   - checksum: for each character, for each bone, p.x+p.y+p.z+q.x+q.y+q.z+q.w+
 *     s.x+s.y+s.z, summed in double in that order. Also checksum_as_spec: the
 *     same of three.js with the port's intended differences that change this
 *     workload applied as threeanim has them (an action's time kept as a
 *     float32 phase; with --interp bezier also rotations made of unit length),
 *     from the same frames run again untimed (docs/benchmark-workload.md).
 *   - --threads: three.js runs on one thread; only 1 is accepted.
 *   - --morphs M: a Mesh "face" ("c<c>_face") of M morph targets under bone 0,
 *     and M NumberKeyframeTracks "face.morphTargetInfluences[j]" per clip after
 *     the bones', interpolated as the positions; their keys are drawn after
 *     every bone's; the checksum adds the influences after the bones.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TAU = 2 * Math.PI;
const GOLDEN = 0.6180339887498949;
const INTERPS = ['linear', 'step', 'smooth', 'bezier', 'cubicspline'];
const VARIANTS = ['blend', 'single', 'blend_l2m', 'single_l2m', 'group', 'blend_frame', 'single_frame'];

function usage(message) {
  process.stderr.write(`bench.mjs: ${message}\n`);
  process.exit(2);
}

function parseNumber(flag, text) {
  let v;
  const slash = text.indexOf('/');
  if (slash >= 0) v = Number(text.slice(0, slash)) / Number(text.slice(slash + 1));
  else v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) usage(`${flag}: "${text}" is not a number`);
  return v;
}

function parseInteger(flag, text, min) {
  const v = parseNumber(flag, text);
  if (!Number.isInteger(v) || v < min) usage(`${flag}: "${text}" is not an integer >= ${min}`);
  return v;
}

function parseArgs(argv) {
  const cfg = {
    three: path.join(HERE, 'node_modules', 'three'),
    chars: [100, 1000], bones: 64, branch: 2, clips: 2, keys: 30, duration: 1,
    weights: [0.7, 0.3], interp: 'linear', frames: 600, warmup: 120, reps: 5, dt: 1 / 60,
    seed: 1, stagger: 1, rotAmp: 0.5, scaleAmp: 0.05, variants: ['blend', 'single'],
    groupMax: 100, threads: 1, morphs: 0, paused: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') {
      process.stdout.write('usage: node bench.mjs [--three DIR] [--chars 100,1000] [--bones 64] [--branch 2]\n' +
        '  [--clips 2] [--keys 30] [--duration 1] [--weights 0.7,0.3] [--interp linear]\n' +
        '  [--frames 600] [--warmup 120] [--reps 5] [--dt 1/60] [--seed 1] [--stagger 1]\n' +
        '  [--rot-amp 0.5] [--scale-amp 0.05] [--variants blend,single] [--group-max 100]\n' +
        '  [--morphs 0] [--paused 0]\n');
      process.exit(0);
    }
    if (i + 1 >= argv.length) usage(`${flag}: needs a value`);
    const v = argv[++i];
    switch (flag) {
      case '--three': cfg.three = v; break;
      case '--chars': cfg.chars = v.split(',').map((s) => parseInteger(flag, s, 1)); break;
      case '--bones': cfg.bones = parseInteger(flag, v, 1); break;
      case '--branch': cfg.branch = parseInteger(flag, v, 1); break;
      case '--clips': cfg.clips = parseInteger(flag, v, 1); break;
      case '--keys': cfg.keys = parseInteger(flag, v, 2); break;
      case '--duration': cfg.duration = parseNumber(flag, v); break;
      case '--weights': cfg.weights = v.split(',').map((s) => parseNumber(flag, s)); break;
      case '--interp': cfg.interp = v; break;
      case '--frames': cfg.frames = parseInteger(flag, v, 1); break;
      case '--warmup': cfg.warmup = parseInteger(flag, v, 0); break;
      case '--reps': cfg.reps = parseInteger(flag, v, 1); break;
      case '--dt': cfg.dt = parseNumber(flag, v); break;
      case '--seed': cfg.seed = parseInteger(flag, v, 0); break;
      case '--stagger': cfg.stagger = parseInteger(flag, v, 0); break;
      case '--rot-amp': cfg.rotAmp = parseNumber(flag, v); break;
      case '--scale-amp': cfg.scaleAmp = parseNumber(flag, v); break;
      case '--variants': cfg.variants = v.split(','); break;
      case '--group-max': cfg.groupMax = parseInteger(flag, v, 0); break;
      case '--threads': cfg.threads = parseInteger(flag, v, 1); break;
      case '--morphs': cfg.morphs = parseInteger(flag, v, 0); break;
      case '--paused': cfg.paused = parseInteger(flag, v, 0); break;
      default: usage(`"${flag}" is not a flag (--help lists them)`);
    }
  }
  if (!INTERPS.includes(cfg.interp)) usage(`--interp: "${cfg.interp}" is not one of ${INTERPS.join(', ')}`);
  for (const name of cfg.variants)
    if (!VARIANTS.includes(name)) usage(`--variants: "${name}" is not one of ${VARIANTS.join(', ')}`);
  if (cfg.weights.some((w) => !(w >= 0))) usage('--weights: a weight is negative');
  if (cfg.weights.length === 0) usage('--weights: none given');
  if (!(cfg.duration > 0)) usage('--duration: must be above 0');
  if (!(cfg.dt > 0)) usage('--dt: must be above 0');
  if (cfg.threads !== 1) usage('--threads: three.js runs on one thread; only 1 is accepted');
  return cfg;
}

// ---- the workload's keys (docs/benchmark-workload.md) ---------------------------------------------

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* Tangents per key: central differences of the float32 values over the float32
 * times, one-sided at both ends. */
function tangents(times, values, n) {
  const K = times.length;
  const m = new Float32Array(K * n);
  for (let k = 0; k < K; k++) {
    const a = k > 0 ? k - 1 : 0, b = k < K - 1 ? k + 1 : K - 1;
    for (let j = 0; j < n; j++) m[k * n + j] = (values[b * n + j] - values[a * n + j]) / (times[b] - times[a]);
  }
  return m;
}

/* Bezier control points: (time, value) per number of each key. */
function bezierPoints(times, values, m, n) {
  const K = times.length;
  const inP = new Float32Array(2 * K * n), outP = new Float32Array(2 * K * n);
  for (let k = 0; k < K; k++) {
    const h = (k < K - 1 ? times[k + 1] - times[k] : times[k] - times[k - 1]) / 3;
    for (let j = 0; j < n; j++) {
      const o = 2 * (k * n + j), v = values[k * n + j], d = m[k * n + j] * h;
      inP[o] = times[k] - h; inP[o + 1] = v - d;
      outP[o] = times[k] + h; outP[o + 1] = v + d;
    }
  }
  return { inP, outP };
}

/* glTF CUBICSPLINE layout: [in-tangent, value, out-tangent] per key. */
function cubicSplineValues(values, m, n) {
  const K = values.length / n;
  const out = new Float32Array(3 * K * n);
  for (let k = 0; k < K; k++)
    for (let j = 0; j < n; j++) {
      out[3 * k * n + j] = m[k * n + j];
      out[3 * k * n + n + j] = values[k * n + j];
      out[3 * k * n + 2 * n + j] = m[k * n + j];
    }
  return out;
}

function makeKeys(cfg) {
  const rng = mulberry32(cfg.seed);
  const K = cfg.keys;
  const times = new Float32Array(K);
  for (let k = 0; k < K; k++) times[k] = cfg.duration * k / (K - 1);
  const clips = [];
  for (let c = 0; c < cfg.clips; c++) {
    const bones = [];
    for (let b = 0; b < cfg.bones; b++) {
      const posPhase = [TAU * rng(), TAU * rng(), TAU * rng()];
      const posAmp = [0.1 * rng(), 0.1 * rng(), 0.1 * rng()];
      const posOffset = [0.2 * rng() - 0.1, 0.2 * rng() - 0.1, 0.2 * rng() - 0.1];
      const ax = 2 * rng() - 1, ay = 2 * rng() - 1, az = 2 * rng() - 1;
      const len = Math.sqrt(ax * ax + ay * ay + az * az);
      const axis = [ax / len, ay / len, az / len];
      const rotPhase = TAU * rng(), scalePhase = TAU * rng();
      const pos = new Float32Array(3 * K), quat = new Float32Array(4 * K), scale = new Float32Array(3 * K);
      for (let k = 0; k < K; k++) {
        const u = k / (K - 1);
        for (let j = 0; j < 3; j++) pos[3 * k + j] = posOffset[j] + posAmp[j] * Math.sin(TAU * u + posPhase[j]);
        const angle = cfg.rotAmp * Math.sin(TAU * u + rotPhase);
        const s = Math.sin(angle / 2);
        quat[4 * k] = axis[0] * s; quat[4 * k + 1] = axis[1] * s; quat[4 * k + 2] = axis[2] * s;
        quat[4 * k + 3] = Math.cos(angle / 2);
        const sc = 1 + cfg.scaleAmp * Math.sin(TAU * u + scalePhase);
        scale[3 * k] = sc; scale[3 * k + 1] = sc; scale[3 * k + 2] = sc;
      }
      bones.push({ posOffset, pos, quat, scale });
    }
    clips.push(bones);
  }
  // the morph influences' keys after every bone's: the bones' keys stay the same
  const morphs = [];
  for (let c = 0; c < cfg.clips; c++) {
    const tracks = [];
    for (let j = 0; j < cfg.morphs; j++) {
      const phase = TAU * rng();
      const w = new Float32Array(K);
      for (let k = 0; k < K; k++) w[k] = 0.5 + 0.5 * Math.sin(TAU * (k / (K - 1)) + phase);
      tracks.push({ w });
    }
    morphs.push(tracks);
  }
  return { times, clips, morphs };
}

// ---- three.js objects ------------------------------------------------------------------

/* GLTFCubicSplineInterpolant and GLTFCubicSplineQuaternionInterpolant, copied
 * from three.js 0.186.0 examples/jsm/loaders/GLTFLoader.js (MIT License,
 * Copyright 2010-2025 three.js authors), with the loader's
 * _createCubicSplineTrackInterpolant. */
function gltfInterpolants(THREE) {
  class GLTFCubicSplineInterpolant extends THREE.Interpolant {

    constructor(parameterPositions, sampleValues, sampleSize, resultBuffer) {
      super(parameterPositions, sampleValues, sampleSize, resultBuffer);
    }

    copySampleValue_(index) {
      // Copies a sample value to the result buffer. See description of glTF
      // CUBICSPLINE values layout in interpolate_() function below.
      const result = this.resultBuffer,
        values = this.sampleValues,
        valueSize = this.valueSize,
        offset = index * valueSize * 3 + valueSize;
      for (let i = 0; i !== valueSize; i++) {
        result[i] = values[offset + i];
      }
      return result;
    }

    interpolate_(i1, t0, t, t1) {
      const result = this.resultBuffer;
      const values = this.sampleValues;
      const stride = this.valueSize;
      const stride2 = stride * 2;
      const stride3 = stride * 3;
      const td = t1 - t0;
      const p = (t - t0) / td;
      const pp = p * p;
      const ppp = pp * p;
      const offset1 = i1 * stride3;
      const offset0 = offset1 - stride3;
      const s2 = - 2 * ppp + 3 * pp;
      const s3 = ppp - pp;
      const s0 = 1 - s2;
      const s1 = s3 - pp + p;
      // Layout of keyframe output values for CUBICSPLINE animations:
      //   [ inTangent_1, splineVertex_1, outTangent_1, inTangent_2, splineVertex_2, ... ]
      for (let i = 0; i !== stride; i++) {
        const p0 = values[offset0 + i + stride]; // splineVertex_k
        const m0 = values[offset0 + i + stride2] * td; // outTangent_k * (t_k+1 - t_k)
        const p1 = values[offset1 + i + stride]; // splineVertex_k+1
        const m1 = values[offset1 + i] * td; // inTangent_k+1 * (t_k+1 - t_k)
        result[i] = s0 * p0 + s1 * m0 + s2 * p1 + s3 * m1;
      }
      return result;
    }

  }

  const _quaternion = new THREE.Quaternion();

  class GLTFCubicSplineQuaternionInterpolant extends GLTFCubicSplineInterpolant {

    interpolate_(i1, t0, t, t1) {
      const result = super.interpolate_(i1, t0, t, t1);
      _quaternion.fromArray(result).normalize().toArray(result);
      return result;
    }

  }

  return function createCubicSplineTrackInterpolant(track) {
    track.createInterpolant = function InterpolantFactoryMethodGLTFCubicSpline(result) {
      // A CUBICSPLINE keyframe in glTF has three output values for each input value,
      // representing inTangent, splineVertex, and outTangent. As a result, track.getValueSize()
      // must be divided by three to get the interpolant's sampleSize argument.
      const interpolantType = (this instanceof THREE.QuaternionKeyframeTrack) ?
        GLTFCubicSplineQuaternionInterpolant : GLTFCubicSplineInterpolant;
      return new interpolantType(this.times, this.values, this.getValueSize() / 3, result);
    };
    // Mark as CUBICSPLINE. `track.getInterpolation()` doesn't support custom interpolants.
    track.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline = true;
  };
}

/* threeanim makes a Bezier rotation of unit length after the curve, in double
 * (1 / sqrt(x^2 + y^2 + z^2 + w^2), times each number), where three.js passes
 * the curve's four numbers on as they are: an intended difference
 * (docs/three-js-to-threeanim.md). The keys held before the first and after the
 * last are copied as they are on both sides. A subclass, as GLTFLoader's, so
 * that three.js's own interpolants are left as they are. */
function unitBezierRotations(THREE) {
  class UnitBezierInterpolant extends THREE.BezierInterpolant {

    interpolate_(i1, t0, t, t1) {
      const q = super.interpolate_(i1, t0, t, t1);
      for (let o = 0; o < this.valueSize; o += 4) {
        const l = Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
        if (l === 0) { q[o] = q[o + 1] = q[o + 2] = 0; q[o + 3] = 1; continue; }
        const inv = 1 / l;
        q[o] *= inv; q[o + 1] *= inv; q[o + 2] *= inv; q[o + 3] *= inv;
      }
      return q;
    }

  }

  // KeyframeTrack.InterpolantFactoryMethodBezier, with the subclass
  return function (track) {
    track.createInterpolant = function (result) {
      const interpolant = new UnitBezierInterpolant(this.times, this.values, this.getValueSize(), result);
      if (this.settings) {
        interpolant.inTangents = this.settings.inTangents;
        interpolant.outTangents = this.settings.outTangents;
      }
      return interpolant;
    };
  };
}

/* threeanim stores an action's phase as a float32 (docs/three-js-to-threeanim.md,
 * "Float32 phase at clip boundaries"): it rounds the scaled step to float32, then the phase plus
 * that step, and a repeating action's residual past the clip's end is taken
 * exactly and rounded once (one that rounds up to the end is the float32 just
 * below it). three.js keeps AnimationAction.time as a double. This wraps one
 * action's _updateTime so that its time is kept that way: three.js's own
 * _updateTime is given the step that lands its double sum on the float32 one,
 * so that loops, events and endings stay its own, and the time it keeps is
 * then rounded. Starting from a time that is a float32, every operation in
 * three.js's wrap is exact when the clip's length is a float32 too (the
 * workload's 1 s), so the rounding here is the only one, as in threeanim.
 * PING_PONG is left out: threeanim's phase there runs over two lengths and is
 * not three.js's time, and the workload does not use it. */
function float32Phase(THREE) {
  const f32 = new Float32Array(1), i32 = new Int32Array(f32.buffer);
  const below = (x) => { // the largest float32 under x > 0
    f32[0] = x;
    while (f32[0] >= x) i32[0] -= 1;
    return f32[0];
  };
  return function (action) {
    if (action.loop === THREE.LoopPingPong) throw new Error('float32Phase: PING_PONG is not supported');
    const updateTime = action._updateTime;
    // threeanim moves a phase from 0 by one step of the offset: the float32 of it
    action.time = Math.fround(action.time);
    action._updateTime = function (deltaTime) {
      const step = Math.fround(deltaTime);
      if (step === 0) return updateTime.call(this, 0);
      const sum = Math.fround(this.time + step);
      const landing = sum - this.time;
      if (this.time + landing !== sum) throw new Error(`float32Phase: ${this.time} + ${landing} is not ${sum} in double`);
      updateTime.call(this, landing);
      const duration = this._clip.duration, phase = Math.fround(this.time);
      this.time = phase >= duration && this.enabled && !this.paused ? below(duration) : phase;
      return this.time;
    };
  };
}

/* The three tracks of one bone of one clip, named prefix + ".position" .... The
 * key arrays are made once per (clip, bone) and shared by the tracks that use
 * them (three.js keeps a Float32Array it is given). asSpec: with the port's
 * intended differences applied, when given ({ bezierRotation, action }). */
function boneTracks(THREE, cfg, keys, bone, prefix, cubicSpline, asSpec) {
  const specs = [
    [THREE.VectorKeyframeTrack, '.position', bone.pos, 3],
    [THREE.QuaternionKeyframeTrack, '.quaternion', bone.quat, 4],
    [THREE.VectorKeyframeTrack, '.scale', bone.scale, 3],
  ];
  return tracksOf(THREE, cfg, keys, bone, prefix, specs, cubicSpline, asSpec);
}

/* A clip's morph influence tracks on the face of `prefix` ("" or "c<c>_"). */
function morphTracks(THREE, cfg, keys, clip, prefix, cubicSpline) {
  const tracks = [];
  keys.morphs[clip].forEach((m, j) => tracks.push(...tracksOf(THREE, cfg, keys, m, `${prefix}face`,
    [[THREE.NumberKeyframeTrack, `.morphTargetInfluences[${j}]`, m.w, 1]], cubicSpline)));
  return tracks;
}

/* Tracks of [Type, suffix, values, n] specs on `prefix`, of cfg.interp; their
 * Bezier points and spline values kept in `bone` for the next clip set. */
function tracksOf(THREE, cfg, keys, bone, prefix, specs, cubicSpline, asSpec) {
  const { times } = keys;
  const tracks = [];
  for (const [Type, suffix, values, n] of specs) {
    const rotation = n === 4;
    let track;
    switch (cfg.interp) {
      case 'linear':
        track = new Type(prefix + suffix, times, values, THREE.InterpolateLinear);
        break;
      case 'step':
        track = new Type(prefix + suffix, times, values, THREE.InterpolateDiscrete);
        break;
      case 'smooth': // three.js has no smooth quaternion: it stays linear
        track = new Type(prefix + suffix, times, values, rotation ? THREE.InterpolateLinear : THREE.InterpolateSmooth);
        break;
      case 'bezier': {
        if (!bone.bezier) bone.bezier = {};
        if (!bone.bezier[suffix]) bone.bezier[suffix] = bezierPoints(times, values, tangents(times, values, n), n);
        const { inP, outP } = bone.bezier[suffix];
        track = new Type(prefix + suffix, times, values, THREE.InterpolateBezier);
        track.settings = { inTangents: inP, outTangents: outP };
        if (rotation && asSpec && asSpec.bezierRotation) asSpec.bezierRotation(track);
        break;
      }
      case 'cubicspline': {
        if (!bone.spline) bone.spline = {};
        if (!bone.spline[suffix]) bone.spline[suffix] = cubicSplineValues(values, tangents(times, values, n), n);
        track = new Type(prefix + suffix, times, bone.spline[suffix]);
        cubicSpline(track);
        break;
      }
    }
    tracks.push(track);
  }
  return tracks;
}

const CLIP_NAMES = (i) => (i === 0 ? 'walk' : i === 1 ? 'run' : `clip${i}`);

function makeClips(THREE, cfg, keys, cubicSpline, characters, asSpec) {
  const clips = [];
  for (let c = 0; c < cfg.clips; c++) {
    const tracks = [];
    if (characters === 0) {
      for (let b = 0; b < cfg.bones; b++)
        tracks.push(...boneTracks(THREE, cfg, keys, keys.clips[c][b], `b${b}`, cubicSpline, asSpec));
      tracks.push(...morphTracks(THREE, cfg, keys, c, '', cubicSpline));
    } else {
      for (let ch = 0; ch < characters; ch++)
        for (let b = 0; b < cfg.bones; b++)
          tracks.push(...boneTracks(THREE, cfg, keys, keys.clips[c][b], `c${ch}_b${b}`, cubicSpline, asSpec));
      for (let ch = 0; ch < characters; ch++) tracks.push(...morphTracks(THREE, cfg, keys, c, `c${ch}_`, cubicSpline));
    }
    clips.push(new THREE.AnimationClip(CLIP_NAMES(c), cfg.duration, tracks));
  }
  return clips;
}

/* B bones, bone i > 0 under bone floor((i-1)/branch), at clip 0's offsets. */
function makeBones(THREE, cfg, keys, prefix) {
  const bones = [];
  for (let i = 0; i < cfg.bones; i++) {
    const o = new THREE.Object3D();
    o.name = `${prefix}b${i}`;
    const off = keys.clips[0][i].posOffset;
    o.position.set(Math.fround(off[0]), Math.fround(off[1]), Math.fround(off[2]));
    if (i > 0) bones[Math.floor((i - 1) / cfg.branch)].add(o);
    bones.push(o);
  }
  if (cfg.morphs > 0) bones[0].add(makeFace(THREE, cfg, `${prefix}face`));
  return bones;
}

/* A mesh of cfg.morphs morph targets (influences 0), as bench_mixer's. */
function makeFace(THREE, cfg, name) {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0], 3));
  geometry.morphAttributes.position = [];
  for (let j = 0; j < cfg.morphs; j++) geometry.morphAttributes.position.push(new THREE.Float32BufferAttribute([0, 0, 0], 3));
  const mesh = new THREE.Mesh(geometry);
  mesh.name = name;
  mesh.updateMorphTargets();
  return mesh;
}

/* paused: each action paused as it starts, held at its first key (bench_mixer --paused 1) */
function addActions(THREE, mixer, clips, weights, offset, asSpec, paused) {
  const seen = new Set();
  for (let i = 0; i < weights.length; i++) {
    const clip = clips[i % clips.length];
    const action = seen.has(clip) ? new THREE.AnimationAction(mixer, clip) : mixer.clipAction(clip);
    seen.add(clip);
    action.setLoop(THREE.LoopRepeat, Infinity);
    action.setEffectiveWeight(weights[i]);
    action.play();
    action.time = paused ? 0 : offset;
    if (paused) action.paused = true;
    if (asSpec) asSpec.action(action);
  }
}

/* The characters of one (variant, C): what to update each frame. */
function buildVariant(THREE, cfg, keys, cubicSpline, variant, C, sharedClips, asSpec) {
  const single = variant.startsWith('single');
  const weights = single ? [1] : cfg.weights;
  if (variant === 'group') {
    const group = new THREE.Group();
    const bones = [];
    for (let ch = 0; ch < C; ch++) {
      const b = makeBones(THREE, cfg, keys, `c${ch}_`);
      group.add(b[0]);
      bones.push(b);
    }
    const clips = makeClips(THREE, cfg, keys, cubicSpline, C, asSpec);
    const mixer = new THREE.AnimationMixer(group);
    addActions(THREE, mixer, clips, weights, 0, asSpec, cfg.paused);
    return { mixers: [mixer], roots: [group], bones, actions: weights.length };
  }
  const mixers = [], roots = [], bones = [], skeletons = [];
  const frame = variant.endsWith('_frame');
  for (let ch = 0; ch < C; ch++) {
    const b = makeBones(THREE, cfg, keys, '');
    const mixer = new THREE.AnimationMixer(b[0]);
    const offset = cfg.stagger ? (ch * GOLDEN - Math.floor(ch * GOLDEN)) * cfg.duration : 0;
    addActions(THREE, mixer, sharedClips, weights, offset, asSpec, cfg.paused);
    mixers.push(mixer);
    roots.push(b[0]);
    bones.push(b);
    if (frame) {
      // a SkinnedMesh per character over all its bones, as a renderer draws it:
      // identity inverse binds (threeanim's side has the same; the multiply costs the same)
      const skeleton = new THREE.Skeleton(b, b.map(() => new THREE.Matrix4()));
      const mesh = new THREE.SkinnedMesh(new THREE.BufferGeometry());
      mesh.bind(skeleton, new THREE.Matrix4());
      skeletons.push(skeleton);
    }
  }
  return { mixers, roots, bones, skeletons, actions: weights.length };
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1] };
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function roundStats(st) {
  return { median: round(st.median, 2), min: round(st.min, 2), max: round(st.max, 2) };
}

function checksum(bones) {
  let sum = 0;
  for (const character of bones)
    for (const o of character) {
      const p = o.position, q = o.quaternion, s = o.scale;
      sum += p.x; sum += p.y; sum += p.z;
      sum += q.x; sum += q.y; sum += q.z; sum += q.w;
      sum += s.x; sum += s.y; sum += s.z;
    }
  for (const character of bones)
    for (const o of character[0].children)
      if (o.morphTargetInfluences) for (const w of o.morphTargetInfluences) sum += w;
  return sum;
}

/* One update of every character of a built variant. */
function frameOf(built, variant, dt) {
  const { mixers, roots, skeletons } = built;
  if (variant.endsWith('_frame'))
    return () => {
      for (let i = 0; i < mixers.length; i++) {
        mixers[i].update(dt);
        roots[i].updateMatrixWorld();
        skeletons[i].update();
      }
    };
  return variant.endsWith('_l2m')
    ? () => { for (let i = 0; i < mixers.length; i++) { mixers[i].update(dt); roots[i].updateMatrixWorld(); } }
    : () => { for (let i = 0; i < mixers.length; i++) mixers[i].update(dt); };
}

function runVariant(THREE, cfg, keys, cubicSpline, sharedClips, variant, C) {
  const built = buildVariant(THREE, cfg, keys, cubicSpline, variant, C, sharedClips, null);
  const frame = frameOf(built, variant, cfg.dt);
  for (let f = 0; f < cfg.warmup; f++) frame();
  const perChar = [];
  for (let r = 0; r < cfg.reps; r++) {
    const t0 = performance.now();
    for (let f = 0; f < cfg.frames; f++) frame();
    const ns = (performance.now() - t0) * 1e6;
    perChar.push(ns / (cfg.frames * C));
    process.stderr.write(`  ${variant} C=${C} rep ${r + 1}/${cfg.reps}: ${(ns / (cfg.frames * C)).toFixed(1)} ns per character update\n`);
  }
  const trackActions = (3 * cfg.bones + cfg.morphs) * built.actions;
  return {
    variant, chars: C, bones: cfg.bones, actions: built.actions, tracks_per_char: 3 * cfg.bones + cfg.morphs,
    ns_per_char_update: roundStats(stats(perChar)),
    ns_per_track_action: roundStats(stats(perChar.map((x) => x / trackActions))),
    checksum: checksum(built.bones),
  };
}

/* The pose threeanim is to match where docs/three-js-to-threeanim.md lists a difference as
 * intended: the frames of runVariant again, untimed, on other characters whose
 * tracks and actions have the differences applied (asSpec). */
function specChecksum(THREE, cfg, keys, cubicSpline, specClips, asSpec, variant, C) {
  const built = buildVariant(THREE, cfg, keys, cubicSpline, variant, C, specClips, asSpec);
  const frame = frameOf(built, variant, cfg.dt);
  for (let f = 0; f < cfg.warmup + cfg.reps * cfg.frames; f++) frame();
  return checksum(built.bones);
}

async function main() {
  const cfg = parseArgs(process.argv.slice(2));
  const modulePath = path.resolve(cfg.three, 'build', 'three.module.js');
  const THREE = await import(pathToFileURL(modulePath).href);
  process.stderr.write(`three.js r${THREE.REVISION} from ${modulePath}: interp ${cfg.interp}\n`);
  const keys = makeKeys(cfg);
  const cubicSpline = gltfInterpolants(THREE);
  const sharedClips = makeClips(THREE, cfg, keys, cubicSpline, 0, null);
  const results = [];
  for (const C of cfg.chars)
    for (const variant of cfg.variants) {
      if (variant === 'group' && C > cfg.groupMax) {
        process.stderr.write(`  group C=${C}: skipped (above --group-max ${cfg.groupMax})\n`);
        continue;
      }
      results.push(runVariant(THREE, cfg, keys, cubicSpline, sharedClips, variant, C));
    }
  /* The float32 phase changes every interpolation's pose (a STEP track reads
   * another key when the two clocks sit on either side of one), and Bezier
   * rotations of unit length the bezier rows besides. After every timing, so
   * that no timed run holds the other clips or has met the subclass or the
   * wrapped clock. */
  const asSpec = {
    bezierRotation: cfg.interp === 'bezier' ? unitBezierRotations(THREE) : null,
    action: float32Phase(THREE),
  };
  const specClips = makeClips(THREE, cfg, keys, cubicSpline, 0, asSpec);
  for (const r of results) {
    process.stderr.write(`  ${r.variant} C=${r.chars}: three.js with threeanim's float32 phase` +
      `${asSpec.bezierRotation ? ' and Bezier rotations of unit length' : ''}, untimed\n`);
    r.checksum_as_spec = specChecksum(THREE, cfg, keys, cubicSpline, specClips, asSpec, r.variant, r.chars);
  }
  const config = {
    chars: cfg.chars, bones: cfg.bones, branch: cfg.branch, clips: cfg.clips, keys: cfg.keys,
    duration: cfg.duration, weights: cfg.weights, interp: cfg.interp, frames: cfg.frames,
    warmup: cfg.warmup, reps: cfg.reps, dt: cfg.dt, seed: cfg.seed, stagger: cfg.stagger,
    rot_amp: cfg.rotAmp, scale_amp: cfg.scaleAmp, variants: cfg.variants, group_max: cfg.groupMax,
    threads: cfg.threads,
  };
  if (cfg.morphs > 0) config.morphs = cfg.morphs; // absent: the workload without morphs
  process.stdout.write(JSON.stringify({
    bench: 'mixer', impl: 'three.js', version: `0.${THREE.REVISION}.0`, runtime: `node ${process.version}`,
    config, results,
  }) + '\n');
}

main().catch((e) => {
  process.stderr.write(`bench.mjs: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
