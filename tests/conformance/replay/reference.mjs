// The three.js 0.186.0 side of the replay conformance test.
//
//   node reference.mjs FILE [--order three|index] [--report] [--strict]
//
// Runs a replay file (docs/replay.md) in three.js and prints
// the lines `threeanim replay FILE` must print. A step that threeanim refuses
// (the table of refusals, "What is refused") ends the run as the CLI does: a
// message naming the step on standard error and exit status 1, after the lines
// of the earlier steps.
//
// The scenario is run twice: in three.js's own action order (play order, which
// three.js reorders as actions stop), and with the mixer's active list forced
// into action index order before every update, which is the port's order. When
// the two disagree the scenario is "order-dependent" and the generator drops it.
// The runner also watches for the places where the port and three.js are allowed
// to differ (docs/three-js-to-threeanim.md, "Where this port differs from three.js") and for values
// so close to a threshold that float32 rounding could tip them; each is a reason
// to drop a scenario. --report prints both on standard error as one JSON object.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { formatLine, parseArgs } from './common.mjs';

// ---------------------------------------------------------------------------
// Watching three.js. The patches below only observe, except one (SMOOTH endings),
// and they report into CTX, the run in progress.

let CTX = null;

function flag(reason, detail) {
  if (CTX && !CTX.flags.has(reason)) CTX.flags.set(reason, detail === undefined ? '' : String(detail));
}

// How far the port's float32 clock can drift from three.js's double clock over a
// scenario, with margin: a loop boundary, a discrete key or a subclip cut closer
// than this to the time may be crossed on one side and not the other.
const EPS_CLIP_TIME = 5e-5;
function epsClip(t) { return EPS_CLIP_TIME + 2e-7 * Math.abs(t); }
// Fades, warps and start times compare the mixer's clock (a double on both sides)
// with an end that three.js keeps as float32.
function epsMixer(t) { return 2e-6 * Math.max(1, Math.abs(t)); }

const dyadic = (w) => Number.isInteger(w * 1024);

// A rotation pile's slerp takes the shorter arc by the sign of its dot product. three.js's piles
// are doubles, the port's float32 (docs/three-js-to-threeanim.md): where the dot is within their
// rounding of 0, the two can take opposite arcs, a whole quaternion apart.
function slerpSignTie(dot, t) {
  if (t !== 0 && t !== 1 && Math.abs(dot) < 1e-5) flag('slerp-sign-tie', `a rotation pile slerps at a dot product of ${dot}`);
}

// installPatches runs once in each copy of this module that a process imports (js/'s replay-port
// imports a second, whose 'three' is three.js with the drop-in's AnimationMixer, the same
// three.js), so that each patch, outside a run of its own copy (CTX null), hands the call to the
// one it replaced: a run of either copy sees the watches of its own.
let patched = false;
// When set, action times follow the port's float32 phase (large advances):
// the scaled step is rounded to float32, then the time plus the step, and the
// stored time is a float32. The port does that; three.js adds doubles. Used
// where long runs at a fixed rate make the two drift measurably apart (the
// glTF sample playback), to test the port as it is documented.
let PHASE32 = false;
function installPatches() {
  if (patched) return;
  patched = true;

  const previousConsole = THREE.getConsoleFunction();
  THREE.setConsoleFunction((type, message, ...params) => {
    if (CTX) flag('three-warning', `${type}: ${message}`);
    else if (previousConsole) previousConsole(type, message, ...params);
    else if (type !== 'log') process.stderr.write(`three.js ${type}: ${message}\n`);
  });

  const AP = THREE.AnimationAction.prototype;

  const origUpdate = AP._update;
  AP._update = function (time, deltaTime, timeDirection, accuIndex) {
    const st = this.__ta;
    if (CTX && st) {
      if (this.enabled && this._startTime !== null && Math.abs(time - this._startTime) < epsMixer(time)) {
        flag('start-time', `action ${st.index}: mixer time ${time} at start time ${this._startTime}`);
      }
    }
    const wasEnabled = this.enabled;
    const ppFinishedBefore = st ? st.ppFinished : false;
    if (CTX && st && st.portEnabled !== this.enabled) {
      // the port: "reset does not make an action active. play does that. In three.js,
      // reset sets enabled to true." (and three.js's play leaves enabled alone).
      flag('enabled-differs', `action ${st.index} is ${this.enabled ? 'enabled' : 'disabled'} in three.js only (after a reset, stop or play)`);
    }
    const r = origUpdate.call(this, time, deltaTime, timeDirection, accuIndex);
    if (CTX && st) {
      // A fade-out's end and a finish without clamping disable the action on both sides.
      if (wasEnabled && !this.enabled) st.portEnabled = false;
      if ((ppFinishedBefore && wasEnabled) || (st.ppFinished && this._effectiveWeight > 0)) {
        // the port: "A finished PING_PONG action reads the end its last leg ran to."
        // three.js reads the other end in the update that finishes it, and keeps a
        // time and a loop count from which it goes on differently.
        flag('pingpong-finished-read', `action ${st.index} is read or moved after its PING_PONG finished`);
      }
    }
    return r;
  };

  const origUpdateTime = AP._updateTime;
  AP._updateTime = function (deltaTime) {
    const st = this.__ta;
    // The direction of a loop event is the sign of the action's move (docs/replay.md);
    // three.js's loop event carries none.
    if (st) st.moveSign = Math.sign(deltaTime);
    if (CTX && st && deltaTime !== 0) {
      const D = this._clip.duration;
      const t = this.time + deltaTime;
      const eps = epsClip(t);
      if (this.loop === THREE.LoopOnce) {
        if (Math.abs(t - D) < eps || Math.abs(t) < eps) flag('boundary', `action ${st.index}: time ${t} at an end of ${D}`);
      } else {
        const k = Math.round(t / D);
        if (Math.abs(t - k * D) < eps) flag('boundary', `action ${st.index}: time ${t} at a multiple of ${D}`);
      }
      if (Math.abs(deltaTime) > 1e6 || Math.abs(t) > 1e6) flag('large-advance', `action ${st.index}: step ${deltaTime}`);
    }
    if (PHASE32 && deltaTime !== 0) {
      const sum = Math.fround(this.time + Math.fround(deltaTime));
      const r = origUpdateTime.call(this, sum - this.time);
      this.time = Math.fround(this.time);
      return r;
    }
    return origUpdateTime.call(this, deltaTime);
  };

  const origUpdateWeight = AP._updateWeight;
  AP._updateWeight = function (time) {
    const st = this.__ta;
    if (CTX && st && this.enabled && this._weightInterpolant !== null) {
      const [start, end] = this._weightInterpolant.parameterPositions;
      if (Math.abs(time - end) < epsMixer(time)) flag('fade-end', `action ${st.index}: mixer time ${time} at fade end ${end}`);
      // At the start of a fade from 0, one side's weight can be 0 and the other's a few 1e-7:
      // on an additive action that drives a flag or a string, enough to turn its pile on (apply
      // then takes that pile whole) or to leave it off. Elsewhere such a weight moves nothing
      // the tolerances see.
      if (Math.abs(time - start) < epsMixer(time) && this._weightInterpolant.sampleValues[0] === 0 &&
          this.blendMode === THREE.AdditiveAnimationBlendMode &&
          this._clip.tracks.some((t) => t.ValueTypeName === 'bool' || t.ValueTypeName === 'string')) {
        flag('fade-start', `action ${st.index}: mixer time ${time} at the start ${start} of a fade from 0`);
      }
    }
    return origUpdateWeight.call(this, time);
  };

  const origUpdateTimeScale = AP._updateTimeScale;
  AP._updateTimeScale = function (time) {
    const st = this.__ta;
    if (CTX && st && !this.paused && this._timeScaleInterpolant !== null) {
      const end = this._timeScaleInterpolant.parameterPositions[1];
      if (Math.abs(time - end) < epsMixer(time)) flag('warp-end', `action ${st.index}: mixer time ${time} at warp end ${end}`);
    }
    return origUpdateTimeScale.call(this, time);
  };

  const origReset = AP.reset;
  AP.reset = function () {
    const st = this.__ta;
    if (st) {
      st.ppFinished = false;
      st.endingsStale = true;
    }
    return origReset.call(this);
  };

  const origSetEndings = AP._setEndings;
  AP._setEndings = function (atStart, atEnd, pingPong) {
    if (this.__ta) this.__ta.endingsStale = false;
    return origSetEndings.call(this, atStart, atEnd, pingPong);
  };

  // A discrete value read within float32 reach of the key where it changes.
  const DI = THREE.DiscreteInterpolant.prototype;
  const origEvaluate = DI.evaluate;
  DI.evaluate = function (t) {
    if (CTX) checkDiscrete(this, t);
    return origEvaluate.call(this, t);
  };

  // SMOOTH: the port reads the action's endings on every frame; three.js keeps a
  // pair's weights until the time moves to another pair. The reference follows
  // the port (recompute on every read) and tags the scenario when that changed a
  // value, so the comparison checks the port's behaviour there.
  const CI = THREE.CubicInterpolant.prototype;
  const origCubic = CI.interpolate_;
  CI.interpolate_ = function (i1, t0, t, t1) {
    if (!CTX) return origCubic.call(this, i1, t0, t, t1);
    const st = this.__taAction;
    const n = this.parameterPositions.length;
    if (st && st.endingsStale && (i1 === 1 || i1 === n - 1) && t !== t0) {
      flag('smooth-endings-after-reset', `action ${st.index}: SMOOTH track read before its endings are set again`);
    }
    const wP = this._weightPrev, oP = this._offsetPrev, wN = this._weightNext, oN = this._offsetNext;
    this.intervalChanged_(i1, t0, t1);
    if (wP !== this._weightPrev || oP !== this._offsetPrev || wN !== this._weightNext || oN !== this._offsetNext) {
      const fresh = [this._weightPrev, this._offsetPrev, this._weightNext, this._offsetNext];
      this._weightPrev = wP; this._offsetPrev = oP; this._weightNext = wN; this._offsetNext = oN;
      const stale = Array.from(origCubic.call(this, i1, t0, t, t1));
      [this._weightPrev, this._offsetPrev, this._weightNext, this._offsetNext] = fresh;
      const result = origCubic.call(this, i1, t0, t, t1);
      for (let i = 0; i < stale.length; i++) {
        if (Math.abs(stale[i] - result[i]) > 1e-9 * Math.max(1, Math.abs(result[i]))) {
          CTX.tags.add('smooth-endings');
          break;
        }
      }
      return result;
    }
    return origCubic.call(this, i1, t0, t, t1);
  };

  // Flag and string piles: a share within rounding of one half.
  const PM = THREE.PropertyMixer.prototype;
  const origSelect = PM._select;
  PM._select = function (buffer, dstOffset, srcOffset, t, stride) {
    if (CTX && Math.abs(t - 0.5) < 1e-5) {
      let differ = false;
      for (let i = 0; i !== stride; ++i) if (buffer[dstOffset + i] !== buffer[srcOffset + i]) differ = true;
      // Exactly one half from weights that are short binary fractions (1, 0.5 ...)
      // is one half in float32 too; anything else could round either way.
      if (differ && !(t === 0.5 && this.__taDyadic)) flag('select-tie', `a flag or string pile at share ${t}`);
    }
    return origSelect.call(this, buffer, dstOffset, srcOffset, t, stride);
  };
  // Rotation piles: three.js copies a quaternion equal to the pile and normalizes a
  // nearly equal one, so keys that are not of unit length (some glTF files) give
  // results that differ by their length's error depending on the last bit.
  const origSlerp = PM._slerp;
  PM._slerp = function (buffer, dstOffset, srcOffset, t) {
    if (CTX) {
      let n0 = 0, n1 = 0, dot = 0;
      for (let i = 0; i < 4; i++) {
        n0 += buffer[dstOffset + i] * buffer[dstOffset + i];
        n1 += buffer[srcOffset + i] * buffer[srcOffset + i];
        dot += buffer[dstOffset + i] * buffer[srcOffset + i];
      }
      if ((Math.abs(n0 - 1) > 4e-5 || Math.abs(n1 - 1) > 4e-5) && Math.abs(dot) >= 0.9994 * Math.sqrt(n0 * n1)) {
        flag('non-unit-quaternion-blend', `a rotation pile blends nearly equal quaternions of lengths ${Math.sqrt(n0)} and ${Math.sqrt(n1)}`);
      }
      slerpSignTie(dot, t);
    }
    return origSlerp.call(this, buffer, dstOffset, srcOffset, t);
  };
  // The additive pile's move toward the pile times the incoming change (three.js's
  // _slerpAdditive: the product into the work slot, then slerpFlat toward it).
  const origSlerpAdditive = PM._slerpAdditive;
  PM._slerpAdditive = function (buffer, dstOffset, srcOffset, t, stride) {
    if (CTX) {
      const w = new Float64Array(4);
      THREE.Quaternion.multiplyQuaternionsFlat(w, 0, buffer, dstOffset, buffer, srcOffset);
      let dot = 0;
      for (let i = 0; i < 4; i++) dot += buffer[dstOffset + i] * w[i];
      slerpSignTie(dot, t);
    }
    return origSlerpAdditive.call(this, buffer, dstOffset, srcOffset, t, stride);
  };
  const origAccumulate = PM.accumulate;
  PM.accumulate = function (accuIndex, weight) {
    this.__taDyadicAll = (this.cumulativeWeight === 0 ? true : this.__taDyadicAll !== false) && dyadic(weight);
    this.__taDyadic = this.__taDyadicAll;
    return origAccumulate.call(this, accuIndex, weight);
  };
  const origAccumulateAdditive = PM.accumulateAdditive;
  PM.accumulateAdditive = function (weight) {
    this.__taDyadic = dyadic(weight);
    return origAccumulateAdditive.call(this, weight);
  };
  const origApply = PM.apply;
  PM.apply = function (accuIndex) {
    this.__taDyadic = this.cumulativeWeight === 0 ? true : this.__taDyadicAll !== false;
    const r = origApply.call(this, accuIndex);
    this.__taDyadicAll = true;
    return r;
  };
}

function checkDiscrete(interp, t) {
  const pp = interp.parameterPositions;
  const n = pp.length;
  if (n < 2) return;
  // A time of exactly zero or exactly the clip's length comes from a reset, a
  // clamp or a finish, and is exact on both sides.
  const st = interp.__taAction;
  if (t === 0 || (st && t === st.duration)) return;
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (pp[mid] <= t) lo = mid; else hi = mid;
  }
  const eps = epsClip(t);
  for (const k of [lo, hi]) {
    if (k < 1 || Math.abs(t - pp[k]) >= eps) continue;
    const s = interp.valueSize, v = interp.sampleValues;
    for (let i = 0; i < s; i++) {
      if (v[(k - 1) * s + i] !== v[k * s + i]) {
        flag('discrete-key', `a discrete track read at ${t}, by its key at ${pp[k]}`);
        return;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Errors. A RefusedError ends the run with exit status 1, as the CLI does.

class RefusedError extends Error {}
const fail = (msg) => { throw new RefusedError(msg); };

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isInt = (v) => Number.isInteger(v);

// ---------------------------------------------------------------------------
// Models

const LOOP = { once: THREE.LoopOnce, repeat: THREE.LoopRepeat, ping_pong: THREE.LoopPingPong };
const BLEND = { normal: THREE.NormalAnimationBlendMode, additive: THREE.AdditiveAnimationBlendMode };

async function loadModel(modelSpec, baseDir, files) {
  if (modelSpec === null || typeof modelSpec !== 'object') fail('model: is not an object');
  const keys = ['object_json', 'gltf'].filter((k) => modelSpec[k] !== undefined);
  if (keys.length !== 1) fail('model: needs exactly one of "object_json" and "gltf"');
  if (keys[0] === 'object_json') {
    let json = modelSpec.object_json;
    if (typeof json === 'string') {
      const p = path.resolve(baseDir, json);
      let text = files ? files.get(p) : undefined;
      if (text === undefined) {
        try { text = fs.readFileSync(p, 'utf8'); } catch (e) { fail(`model.object_json: cannot read ${json}: ${e.message}`); }
      }
      try { json = JSON.parse(text); } catch (e) { fail(`model.object_json: ${json} is not JSON: ${e.message}`); }
    } else if (json === null || typeof json !== 'object') {
      fail('model.object_json: is neither a path nor an object');
    } else {
      json = structuredClone(json);
    }
    const root = new THREE.ObjectLoader().parse(json);
    const clips = (json.animations || []).map((a) => THREE.AnimationClip.parse(a));
    const byUuid = new Map();
    root.traverse((o) => { if (!byUuid.has(o.uuid)) byUuid.set(o.uuid, o); });
    const nodes = [];
    walkBelow(root, (o) => nodes.push({ key: o.uuid, object: o }));
    return {
      kind: 'object_json', root, clips, nodes,
      byRef(ref) { return byUuid.get(ref) || null; },
      firstMesh(node) { return node.isMesh ? node : null; },
    };
  }
  if (typeof modelSpec.gltf !== 'string') fail('model.gltf: is not a path');
  const { loadGltf } = await import('./gltf-node.mjs');
  let gltf;
  try { gltf = await loadGltf(path.resolve(baseDir, modelSpec.gltf)); } catch (e) { fail(`model.gltf: cannot load ${modelSpec.gltf}: ${e.message}`); }
  const root = gltf.scene;
  const byIndex = new Map();
  const isNode = new Set();
  for (const [object, mapping] of gltf.parser.associations) {
    if (mapping && mapping.nodes !== undefined && object.isObject3D) { byIndex.set(mapping.nodes, object); isNode.add(object); }
  }
  // GLTFLoader keeps the associations of the last scene it loaded only: in a
  // file of several scenes, the default scene's nodes come from its node cache.
  const gltfNodes = (gltf.parser.json.nodes || []).length;
  for (let n = 0; n < gltfNodes && gltf.scenes.length > 1; ++n) {
    if (byIndex.has(n)) continue;
    const object = await gltf.parser.getDependency('node', n);
    if (object && object.isObject3D) { byIndex.set(n, object); isNode.add(object); }
  }
  const nodes = [];
  walkBelow(root, (o) => {
    if (!isNode.has(o)) return;
    for (const [n, obj] of byIndex) if (obj === o) { nodes.push({ key: '#' + n, object: o }); break; }
  });
  return {
    kind: 'gltf', root, clips: gltf.animations, nodes,
    byRef(ref) {
      const m = /^#(\d+)$/.exec(ref);
      return m ? byIndex.get(Number(m[1])) || null : null;
    },
    // A glTF mesh of several primitives is a Group of meshes at the node.
    firstMesh(node) {
      if (node.isMesh) return node;
      for (const c of node.children) if (c.isMesh && !isNode.has(c)) return c;
      return null;
    },
  };
}

// Depth first, parents before children, the root itself left out.
function walkBelow(root, fn) {
  const visit = (o) => { for (const c of o.children) { fn(c); visit(c); } };
  visit(root);
}

function findByName(root, name) {
  let found = null;
  const visit = (o) => {
    for (const c of o.children) {
      if (found) return;
      if (c.name === name) { found = c; return; }
      visit(c);
    }
  };
  visit(root);
  return found;
}

function resolveRef(model, ref, where) {
  if (typeof ref !== 'string' || ref === '') fail(`${where}: node reference ${JSON.stringify(ref)} is not a string`);
  let o = null;
  if (ref.startsWith('name:')) o = findByName(model.root, ref.slice(5));
  else o = model.byRef(ref);
  if (!o) fail(`${where}: node reference "${ref}" names nothing`);
  return o;
}

// ---------------------------------------------------------------------------
// Record paths

const MATERIAL_NUMBERS = ['opacity', 'emissiveIntensity', 'roughness', 'metalness', 'shininess', 'alphaTest',
  'reflectivity', 'envMapIntensity', 'clearcoat', 'clearcoatRoughness', 'specularIntensity', 'ior'];
const MATERIAL_COLORS = ['color', 'emissive', 'specular'];
const LIGHT_FIELDS = ['intensity', 'distance', 'angle', 'penumbra'];
const CAMERA_FIELDS = ['fov', 'zoom', 'near', 'far', 'left', 'right', 'top', 'bottom'];
const AXIS = { x: 'x', y: 'y', z: 'z' };

function splitPath(p) {
  // The reference ends at the first '.' (a uuid, #N or a sanitized name holds none).
  const dot = p.indexOf('.');
  if (dot <= 0) return null;
  return { ref: p.slice(0, dot), prop: p.slice(dot + 1) };
}

function valueOf(v) {
  if (typeof v === 'number') return [v];
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.slice();
  if (v && typeof v.toArray === 'function') return v.toArray();
  return undefined;
}

function makeReader(model, p, where) {
  if (typeof p !== 'string') fail(`${where}: is not a string`);
  const parts = splitPath(p);
  if (!parts) fail(`${where}: "${p}" is not <node reference>.<property>`);
  const node = resolveRef(model, parts.ref, where);
  const prop = parts.prop;
  const none = () => fail(`${where}: "${p}" names nothing`);
  let m;
  if (prop === 'position' || prop === 'quaternion' || prop === 'scale') return () => node[prop].toArray();
  if (prop === 'visible') return () => node.visible;
  if (prop === 'name') return () => node.name;
  if ((m = /^(position|scale|rotation)\[([xyz])\]$/.exec(prop))) return () => [node[m[1]][AXIS[m[2]]]];
  if ((m = /^morphTargetInfluences(?:\[([^\]]+)\])?$/.exec(prop))) {
    const mesh = model.firstMesh(node);
    if (!mesh || !mesh.morphTargetInfluences || mesh.morphTargetInfluences.length === 0) none();
    if (m[1] === undefined) return () => mesh.morphTargetInfluences.slice();
    let idx = /^\d+$/.test(m[1]) ? Number(m[1]) : mesh.morphTargetDictionary && mesh.morphTargetDictionary[m[1]];
    if (idx === undefined || idx >= mesh.morphTargetInfluences.length) none();
    return () => [mesh.morphTargetInfluences[idx]];
  }
  if ((m = /^material(?:\[(\d+)\])?\.(.+)$/.exec(prop))) {
    const mesh = model.firstMesh(node);
    if (!mesh) none();
    let mat = mesh.material;
    if (m[1] !== undefined) {
      if (!Array.isArray(mat) || Number(m[1]) >= mat.length) none();
      mat = mat[Number(m[1])];
    } else if (Array.isArray(mat)) none();
    if (!mat) none();
    const field = m[2];
    let mm;
    if ((mm = /^map\.(offset|repeat|center|rotation)$/.exec(field))) {
      if (!mat.map) none();
      return () => valueOf(mat.map[mm[1]]);
    }
    if (MATERIAL_NUMBERS.includes(field) || MATERIAL_COLORS.includes(field) || field === 'transparent' || field === 'wireframe') {
      if (mat[field] === undefined) none();
      return () => valueOf(mat[field]);
    }
    none();
  }
  if (prop === 'color' || LIGHT_FIELDS.includes(prop)) {
    if (!node.isLight || node[prop] === undefined) none();
    return () => valueOf(node[prop]);
  }
  if (CAMERA_FIELDS.includes(prop)) {
    if (!node.isCamera || node[prop] === undefined) none();
    return () => [node[prop]];
  }
  none();
}

function makeRecorder(model, record) {
  const readers = [];
  if (record === 'all') {
    for (const { key, object } of model.nodes) {
      readers.push([key + '.position', () => object.position.toArray()]);
      readers.push([key + '.quaternion', () => object.quaternion.toArray()]);
      readers.push([key + '.scale', () => object.scale.toArray()]);
      const mesh = model.firstMesh(object);
      if (mesh && mesh.morphTargetInfluences && mesh.morphTargetInfluences.length > 0) {
        readers.push([key + '.morphTargetInfluences', () => mesh.morphTargetInfluences.slice()]);
      }
    }
  } else if (Array.isArray(record)) {
    record.forEach((p, i) => readers.push([p, makeReader(model, p, `record[${i}]`)]));
  } else if (record !== undefined) {
    fail('record: is neither a list of paths nor "all"');
  }
  return () => {
    const values = {};
    for (const [key, read] of readers) values[key] = read();
    return values;
  };
}

// ---------------------------------------------------------------------------
// Values a property cannot hold (the table of refusals: "A value that its property cannot hold.
// An error at update."), checked on every property a mixer binding drives.

const MATERIAL_RANGE = {
  opacity: [0, 1], roughness: [0, 1], metalness: [0, 1], alphaTest: [0, 1], reflectivity: [0, 1],
  clearcoat: [0, 1], clearcoatRoughness: [0, 1], specularIntensity: [0, 1],
  emissiveIntensity: [0, Infinity], shininess: [0, Infinity], envMapIntensity: [0, Infinity], ior: [1, 2.333],
};
const LIGHT_RANGE = { intensity: [0, Infinity], distance: [0, Infinity], penumbra: [0, 1] };

function propertyBindingsOf(pm) {
  const b = pm.binding;
  if (b instanceof THREE.PropertyBinding) return [b];
  return b._bindings.slice(b._targetGroup.nCachedObjects_);
}

// Returns a message for a value threeanim refuses; flags values within float32
// reach of a limit. Only the properties the active bindings drive are read.
function checkRanges(mixer) {
  for (let i = 0; i < mixer._nActiveBindings; i++) {
    const pm = mixer._bindings[i];
    if (pm.__taChecks === undefined) {
      pm.__taChecks = [];
      for (const b of propertyBindingsOf(pm)) {
        const check = checkerFor(b.targetObject, b.parsedPath.propertyName);
        if (check) pm.__taChecks.push(check);
      }
    }
    for (const check of pm.__taChecks) {
      const msg = check();
      if (msg) return msg;
    }
  }
  return null;
}

function near(v, bound) { return Number.isFinite(bound) && Math.abs(v - bound) < 1e-5 * Math.max(1, Math.abs(bound)); }

function checkRange(what, v, lo, hi, loOpen = false, hiOpen = false) {
  if (!Number.isFinite(v)) return `${what} ${v} is not a finite number`;
  const below = loOpen ? v <= lo : v < lo;
  const above = hiOpen ? v >= hi : v > hi;
  if (below || above) return `${what} ${v} is outside ${loOpen ? '(' : '['}${lo}, ${hi}${hiOpen ? ')' : ']'}`;
  if (near(v, lo) || near(v, hi)) flag('near-range-bound', `${what} ${v}`);
  return null;
}

function colorCheck(what, color) {
  return () => checkRange(`${what}.r`, color.r, 0, 1) || checkRange(`${what}.g`, color.g, 0, 1) || checkRange(`${what}.b`, color.b, 0, 1);
}

// The check of one driven property, or null when threeanim sets it no limit.
function checkerFor(obj, prop) {
  if (!obj) return null;
  if (obj.isMaterial) {
    if (MATERIAL_COLORS.includes(prop)) return colorCheck(`material ${prop}`, obj[prop]);
    const r = MATERIAL_RANGE[prop];
    if (!r) return null;
    return () => checkRange(`material ${prop}`, obj[prop], r[0], r[1]);
  }
  if (obj.isLight) {
    if (prop === 'color') return colorCheck('light color', obj.color);
    if (prop === 'angle') return () => checkRange('light angle', obj.angle, 0, Math.PI / 2, true, false);
    const r = LIGHT_RANGE[prop];
    return r ? () => checkRange(`light ${prop}`, obj[prop], r[0], r[1]) : null;
  }
  if (obj.isCamera) {
    if (prop === 'fov') return () => checkRange('camera fov', obj.fov, 0, 180, true, true);
    if (prop === 'zoom') return () => checkRange('camera zoom', obj.zoom, 0, Infinity, true);
    if (prop === 'near' || prop === 'far') {
      return () => {
        if (obj.isPerspectiveCamera) { const m = checkRange('camera near', obj.near, 0, Infinity, true); if (m) return m; }
        if (!Number.isFinite(obj.far)) return `camera far ${obj.far} is not a finite number`;
        if (!(obj.near < obj.far)) return `camera near ${obj.near} is not below far ${obj.far}`;
        if (near(obj.near, obj.far)) flag('near-range-bound', `camera near ${obj.near} far ${obj.far}`);
        return null;
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Steps

const ACTION_OPS = new Set(['play', 'pause', 'unpause', 'stop', 'reset', 'set_loop', 'set', 'set_effective_weight',
  'set_effective_time_scale', 'set_duration', 'fade_in', 'fade_out', 'warp', 'halt', 'stop_fading', 'stop_warping',
  'start_at', 'sync_with', 'cross_fade_from', 'cross_fade_to', 'uncache_action']);
const MIXER_OPS = new Set(['stop_all_action', 'mixer_time_scale', 'set_time', 'update']);
const SET_FIELDS = {
  weight: ['weight', 'number'], time_scale: ['timeScale', 'number'], clamp_when_finished: ['clampWhenFinished', 'boolean'],
  zero_slope_at_start: ['zeroSlopeAtStart', 'boolean'], zero_slope_at_end: ['zeroSlopeAtEnd', 'boolean'], enabled: ['enabled', 'boolean'],
};

// threeanim's refusals for one step, before anything changes. Returns the
// three.js action objects the step needs.
function checkStep(step, i, actions) {
  if (step === null || typeof step !== 'object') fail(`step ${i}: is not an object`);
  const op = step.op;
  const at = `step ${i} (${op})`;
  if (!ACTION_OPS.has(op) && !MIXER_OPS.has(op)) fail(`step ${i}: op ${JSON.stringify(op)} is not known`);
  const actionArg = (name) => {
    const v = step[name];
    if (!isInt(v) || v < 0 || v >= actions.length) fail(`${at}: ${name} ${JSON.stringify(v)} is not an action index (0 to ${actions.length - 1})`);
    if (actions[v].__ta.uncached) fail(`${at}: ${name} ${v} is an uncached action`);
    return actions[v];
  };
  const num = (name, { min = -Infinity, minOpen = false } = {}) => {
    const v = step[name];
    if (!isNum(v)) fail(`${at}: ${name} ${JSON.stringify(v)} is not a number`);
    if (minOpen ? v <= min : v < min) fail(`${at}: ${name} ${v} is below ${minOpen ? 'or at ' : ''}${min}`);
    return v;
  };
  const a = ACTION_OPS.has(op) ? actionArg('action') : null;
  switch (op) {
    case 'set_loop': {
      if (!Object.hasOwn(LOOP, step.loop)) fail(`${at}: loop ${JSON.stringify(step.loop)} is not once, repeat or ping_pong`);
      const r = step.repetitions;
      if (r !== undefined && r !== null && (!isInt(r) || r < 0)) fail(`${at}: repetitions ${JSON.stringify(r)} is not an integer of 0 or more`);
      break;
    }
    case 'set': {
      const f = SET_FIELDS[step.field];
      if (!f) fail(`${at}: field ${JSON.stringify(step.field)} is not known`);
      if (f[1] === 'number') num('value', step.field === 'weight' ? { min: 0 } : {});
      else if (typeof step.value !== 'boolean') fail(`${at}: value ${JSON.stringify(step.value)} of ${step.field} is not true or false`);
      break;
    }
    case 'set_effective_weight': num('value', { min: 0 }); break;
    case 'set_effective_time_scale': num('value'); break;
    case 'set_duration':
      num('duration');
      if (step.duration === 0) fail(`${at}: duration 0 would make an infinite time scale`);
      break;
    case 'fade_in': case 'fade_out': num('duration', { min: 0 }); break;
    case 'warp':
      num('start'); num('end'); num('duration', { min: 0 });
      if (a.timeScale === 0) fail(`${at}: action ${step.action} has a time scale of 0, which a warp cannot scale`);
      break;
    case 'halt':
      num('duration', { min: 0 });
      if (a.timeScale === 0) fail(`${at}: action ${step.action} has a time scale of 0, which a halt cannot scale`);
      break;
    case 'start_at': num('time'); break;
    case 'sync_with': actionArg('other'); break;
    case 'cross_fade_from': case 'cross_fade_to': {
      const o = actionArg('other');
      num('duration', { min: 0 });
      if (step.warp !== undefined && typeof step.warp !== 'boolean') fail(`${at}: warp ${JSON.stringify(step.warp)} is not true or false`);
      if (o === a) fail(`${at}: action ${step.action} cannot cross-fade with itself`);
      if (step.warp === true && (a.timeScale === 0 || o.timeScale === 0)) {
        fail(`${at}: a warped cross-fade needs time scales other than 0 (action ${step.action}: ${a.timeScale}, other ${step.other}: ${o.timeScale})`);
      }
      break;
    }
    case 'mixer_time_scale': num('value'); break;
    case 'set_time': num('time'); break;
    case 'update': num('delta'); break;
    default: break;
  }
  return a;
}

function isFresh(a) { return a._loopCount === -1 && a.time === 0; }

function runStep(step, i, ctx) {
  const { mixer, actions } = ctx;
  const a = checkStep(step, i, actions);
  const st = a && a.__ta;
  switch (step.op) {
    case 'play': a.play(); st.portEnabled = true; break;
    case 'pause': a.paused = true; break;
    case 'unpause': a.paused = false; break;
    case 'stop': a.stop(); break;
    case 'reset': a.reset(); break;
    case 'set_loop': {
      const mode = LOOP[step.loop];
      if ((a.loop === THREE.LoopPingPong) !== (mode === THREE.LoopPingPong) && !isFresh(a)) {
        // The port's PING_PONG phase says which leg the action is on; three.js's loop count does.
        flag('set-loop-pingpong', `step ${i}: action ${step.action} changes into or out of PING_PONG after it moved`);
      }
      a.setLoop(mode, step.repetitions === undefined || step.repetitions === null ? Infinity : step.repetitions);
      break;
    }
    case 'set': {
      a[SET_FIELDS[step.field][0]] = step.value;
      if (step.field === 'enabled') st.portEnabled = step.value;
      break;
    }
    case 'set_effective_weight': a.setEffectiveWeight(step.value); break;
    case 'set_effective_time_scale': a.setEffectiveTimeScale(step.value); break;
    case 'set_duration': a.setDuration(step.duration); break;
    case 'fade_in': a.fadeIn(step.duration); break;
    case 'fade_out': a.fadeOut(step.duration); break;
    case 'warp': a.warp(step.start, step.end, step.duration); break;
    case 'halt': a.halt(step.duration); break;
    case 'stop_fading': a.stopFading(); break;
    case 'stop_warping': a.stopWarping(); break;
    case 'start_at': a.startAt(step.time); break;
    case 'sync_with': {
      const o = actions[step.other];
      if (a.loop === THREE.LoopPingPong || o.loop === THREE.LoopPingPong) {
        // the port: sync_with copies the phase (and so the PING_PONG leg); three.js copies the time.
        flag('sync-pingpong', `step ${i}: sync_with on a PING_PONG action`);
      }
      if (o.__ta.endingsStale) st.endingsStale = true;
      a.syncWith(o);
      break;
    }
    case 'cross_fade_from': a.crossFadeFrom(actions[step.other], step.duration, step.warp === true); break;
    case 'cross_fade_to': a.crossFadeTo(actions[step.other], step.duration, step.warp === true); break;
    case 'uncache_action': {
      const root = a._localRoot;
      st.uncached = true;
      if (root && root.isAnimationObjectGroup) {
        // three.js 0.186 cannot forget a group's action (_removeInactiveBinding reads
        // the rootNode of a Composite binding, which has none): stop it only.
        flag('uncache-group', `step ${i}: three.js cannot uncache the group action ${step.action}`);
        mixer._deactivateAction(a);
        break;
      }
      if (mixer.existingAction(a._clip, root) !== a) throw new Error(`step ${i}: three.js would uncache another action`);
      mixer.uncacheAction(a._clip, root);
      break;
    }
    case 'stop_all_action': mixer.stopAllAction(); break;
    case 'mixer_time_scale': mixer.timeScale = step.value; break;
    case 'set_time':
    case 'update': {
      if (step.op === 'set_time') {
        for (const x of actions) {
          if (x.loop === THREE.LoopPingPong && x._loopCount > 0 && (x._loopCount & 1) === 1) {
            // three.js keeps the loop count and zeroes the time, which on a return leg reads the far end.
            flag('set-time-pingpong', `step ${i}: action ${x.__ta.index} is on a PING_PONG return leg`);
          }
        }
      }
      if (ctx.order === 'index') forceIndexOrder(mixer);
      ctx.events.length = 0;
      if (step.op === 'set_time') mixer.setTime(step.time); else mixer.update(step.delta);
      const bad = checkRanges(mixer);
      if (bad) fail(`step ${i} (${step.op}): ${bad}`);
      const events = ctx.events.slice().sort((x, y) => x.action - y.action).map(({ seq, ...e }) => e);
      return { step: i, time: mixer.time, values: ctx.record(), events };
    }
    default: break;
  }
  return null;
}

function forceIndexOrder(mixer) {
  const n = mixer._nActiveActions;
  const active = mixer._actions.slice(0, n).sort((x, y) => x.__ta.index - y.__ta.index);
  for (let k = 0; k < n; k++) { mixer._actions[k] = active[k]; active[k]._cacheIndex = k; }
}

// ---------------------------------------------------------------------------
// One run

function checkSubclipCuts(clip, start, end, fps, where) {
  for (const track of clip.tracks) {
    for (const t of track.times) {
      if (t === 0) continue; // frame 0 in any precision
      const frame = t * fps;
      if (Math.abs(frame - start) < 1e-4 || Math.abs(frame - end) < 1e-4) {
        flag('subclip-boundary', `${where}: key at ${t} is frame ${frame}, at a cut`);
        return;
      }
    }
  }
}

function makeActions(model, spec, mixer, mixerRoot) {
  const actionSpecs = spec.actions;
  if (!Array.isArray(actionSpecs)) fail('actions: is not a list');
  const groups = new Map();
  const used = new Set();
  const actions = [];
  actionSpecs.forEach((as, i) => {
    const where = `actions[${i}]`;
    if (as === null || typeof as !== 'object') fail(`${where}: is not an object`);
    let clip;
    if (typeof as.clip === 'string') {
      clip = model.clips.find((c) => c.name === as.clip);
      if (!clip) fail(`${where}.clip: no clip is named "${as.clip}"`);
    } else if (as.clip && isInt(as.clip.index)) {
      clip = model.clips[as.clip.index];
      if (!clip) fail(`${where}.clip: index ${as.clip.index} is past the ${model.clips.length} clips`);
    } else {
      fail(`${where}.clip: is neither a name nor {"index": N}`);
    }
    const source = clip;
    if (as.subclip !== undefined) {
      const { start, end, fps } = as.subclip || {};
      if (!isNum(start) || !isNum(end) || !isNum(fps)) fail(`${where}.subclip: start, end and fps must be numbers`);
      if (fps <= 0) fail(`${where}.subclip.fps: ${fps} is not above zero`);
      if (start < 0) fail(`${where}.subclip.start: frame ${start} is below zero`);
      if (end <= start) fail(`${where}.subclip: range ${start} to ${end} ends before it starts`);
      checkSubclipCuts(clip, start, end, fps, `${where}.subclip`);
      clip = THREE.AnimationUtils.subclip(clip, clip.name, start, end, fps);
      if (clip.tracks.length === 0 || !(clip.duration > 0)) fail(`${where}.subclip: frames ${start} to ${end} keep no clip`);
    }
    if (as.additive_reference !== undefined) {
      const { frame, fps } = as.additive_reference || {};
      if (!isNum(frame) || !isNum(fps)) fail(`${where}.additive_reference: frame and fps must be numbers`);
      if (fps <= 0) fail(`${where}.additive_reference.fps: ${fps} is not above zero`);
      if (frame < 0) fail(`${where}.additive_reference.frame: ${frame} is below zero`);
      // three.js changes the clip it is given; threeanim returns a new one.
      if (clip === source) clip = clip.clone();
      THREE.AnimationUtils.makeClipAdditive(clip, frame, clip, fps);
    }
    let blendMode = clip.blendMode;
    if (as.blend_mode !== undefined) {
      if (!Object.hasOwn(BLEND, as.blend_mode)) fail(`${where}.blend_mode: ${JSON.stringify(as.blend_mode)} is not normal or additive`);
      blendMode = BLEND[as.blend_mode];
    }
    let localRoot = null, rootKey;
    if (as.group !== undefined) {
      if (!Array.isArray(as.group) || as.group.length === 0) fail(`${where}.group: is not a list of node references`);
      const members = [];
      as.group.forEach((r, k) => {
        const o = resolveRef(model, r, `${where}.group[${k}]`);
        if (!members.includes(o)) members.push(o);
      });
      const key = members.map((o) => o.uuid).join(' ');
      if (!groups.has(key)) groups.set(key, new THREE.AnimationObjectGroup(...members));
      localRoot = groups.get(key);
      rootKey = localRoot.uuid;
    } else {
      if (as.root !== undefined && as.root !== null) localRoot = resolveRef(model, as.root, `${where}.root`);
      rootKey = (localRoot || mixerRoot).uuid;
    }
    // A second action on one clip and root plays a copy: three.js keys its cache
    // by clip and root, and clipAction would hand back the first.
    if (used.has(clip.uuid + ' ' + rootKey)) clip = clip.clone();
    used.add(clip.uuid + ' ' + rootKey);
    const action = new THREE.AnimationAction(mixer, clip, localRoot, blendMode);
    mixer._bindAction(action, null);
    mixer._addInactiveAction(action, clip.uuid, rootKey);
    const st = { index: i, duration: clip.duration, uncached: false, portEnabled: true, ppFinished: false, endingsStale: false };
    action.__ta = st;
    for (const interp of action._interpolants) interp.__taAction = st;
    actions.push(action);
  });
  return actions;
}

async function runOnce(spec, baseDir, files, order) {
  CTX = { flags: new Map(), tags: new Set() };
  const lines = [];
  let error = null;
  try {
    if (spec === null || typeof spec !== 'object') fail('the replay file is not a JSON object');
    if (spec.format !== 'threeanim-replay/1') fail(`format: ${JSON.stringify(spec.format)} is not "threeanim-replay/1"`);
    const model = await loadModel(spec.model, baseDir, files);
    const mixerSpec = spec.mixer || {};
    let mixerRoot = model.root;
    if (mixerSpec.root !== undefined && mixerSpec.root !== null) mixerRoot = resolveRef(model, mixerSpec.root, 'mixer.root');
    const mixer = new THREE.AnimationMixer(mixerRoot);
    if (mixerSpec.time_scale !== undefined) {
      if (!isNum(mixerSpec.time_scale)) fail(`mixer.time_scale: ${JSON.stringify(mixerSpec.time_scale)} is not a number`);
      mixer.timeScale = mixerSpec.time_scale;
    }
    const actions = makeActions(model, spec, mixer, mixerRoot);
    const record = makeRecorder(model, spec.record);
    if (!Array.isArray(spec.steps)) fail('steps: is not a list');
    const events = [];
    let seq = 0;
    mixer.addEventListener('loop', (e) => {
      events.push({ type: 'loop', action: e.action.__ta.index, loop_delta: e.loopDelta, direction: e.action.__ta.moveSign, seq: seq++ });
    });
    mixer.addEventListener('finished', (e) => {
      if (e.action.loop === THREE.LoopPingPong) e.action.__ta.ppFinished = true;
      events.push({ type: 'finished', action: e.action.__ta.index, loop_delta: 0, direction: e.direction, seq: seq++ });
    });
    const ctx = { mixer, actions, record, events, order };
    for (let i = 0; i < spec.steps.length; i++) {
      const line = runStep(spec.steps[i], i, ctx);
      if (line) lines.push(line);
    }
  } catch (e) {
    if (!(e instanceof RefusedError)) { CTX = null; throw e; }
    error = e.message;
  }
  const result = { lines, error, flags: CTX.flags, tags: CTX.tags };
  CTX = null;
  return result;
}

// Two outputs that agree to far below the comparison tolerance.
function sameRun(x, y) {
  if (x.error !== y.error || x.lines.length !== y.lines.length) return false;
  const close = (a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(a), Math.abs(b));
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, k) => close(v, b[k]));
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      const ka = Object.keys(a), kb = Object.keys(b);
      return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && close(a[k], b[k]));
    }
    return a === b;
  };
  return x.lines.every((l, k) => close(l, y.lines[k]));
}

// Runs a replay (a parsed file) in three.js, in three.js's action order and in
// index order. baseDir resolves relative model paths; files (optional) maps
// absolute paths to file text already in memory. oneOrder: three.js's order
// alone (orderDependent is then null), for a mixer that has one order only
// (js/'s drop-in, whose action list the index order cannot reach).
export async function runReference(spec, { baseDir = '.', files = null, phase = 'double', oneOrder = false } = {}) {
  installPatches();
  PHASE32 = phase === 'float32';
  const natural = await runOnce(spec, baseDir, files, 'three');
  const indexed = oneOrder ? natural : await runOnce(spec, baseDir, files, 'index');
  const flags = new Map([...indexed.flags, ...natural.flags]);
  const tags = new Set([...natural.tags, ...indexed.tags]);
  return {
    lines: natural.lines,
    error: natural.error,
    orderDependent: oneOrder ? null : !sameRun(natural, indexed),
    flags: Object.fromEntries(flags),
    tags: [...tags].sort(),
  };
}


async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2), ['report', 'strict']);
    if (opts._.length !== 1) throw new Error('expected one replay file');
  } catch (e) {
    process.stderr.write(`reference: ${e.message}\nusage: node reference.mjs FILE [--order three|index] [--phase double|float32] [--report] [--strict]\n`);
    process.exit(2);
  }
  const file = opts._[0];
  let spec;
  try {
    spec = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`reference: ${file}: ${e.message}\n`);
    process.exit(1);
  }
  const baseDir = path.dirname(path.resolve(file));
  let out;
  const phase = opts.phase === 'float32' ? 'float32' : 'double';
  if (opts.order === 'index' || opts.order === 'three') {
    installPatches();
    PHASE32 = phase === 'float32';
    const r = await runOnce(spec, baseDir, null, opts.order);
    out = { lines: r.lines, error: r.error, orderDependent: null, flags: Object.fromEntries(r.flags), tags: [...r.tags] };
  } else if (opts.order === undefined) {
    out = await runReference(spec, { baseDir, phase });
  } else {
    process.stderr.write(`reference: --order ${opts.order} is not three or index\n`);
    process.exit(2);
  }
  process.stdout.write(out.lines.map((l) => formatLine(l) + '\n').join(''));
  if (opts.report) {
    process.stderr.write(JSON.stringify({ order_dependent: out.orderDependent, flags: out.flags, tags: out.tags, error: out.error }) + '\n');
  }
  if (out.error) {
    process.stderr.write(`reference: ${out.error}\n`);
    process.exit(1);
  }
  if (opts.strict && (out.orderDependent || Object.keys(out.flags).length > 0)) process.exit(3);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { process.stderr.write(`reference: ${e.stack || e}\n`); process.exit(1); });
}
