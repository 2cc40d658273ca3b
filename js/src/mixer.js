// AnimationMixer and AnimationAction: three.js 0.186's, drop-in, running threeanim's mixer in wasm.
//
// A mixer mirrors the three.js objects its clips' tracks bind to into one threeanim scene (one
// node per Object3D, one mesh per object with morphTargetInfluences), binds each track once, by
// three.js's own PropertyBinding rules (parseTrackName, findNode), when its action is made, and
// after every update writes back into the three.js objects the values threeanim's mixer changed,
// through the same properties three.js's mixer writes (position, quaternion with its change
// callback, scale, visible, morphTargetInfluences[i]).
//
// Before an update, values a program set on the three.js objects since the last write are copied
// into the mirror, so that the mixer starts from what three.js's would (its original state is the
// object's value when the binding is made, and a value set between updates stays until the mixer
// changes it).
//
// What it cannot drive is refused with an Error that names the track and why: material, bone
// and other sub-object tracks (".material.opacity", ".bones[hand].position"), rotation (Euler)
// tracks, and any property other than position, quaternion, scale, visible and
// morphTargetInfluences.
import {
  EventDispatcher, PropertyBinding, AnimationClip, LoopOnce, LoopRepeat, LoopPingPong,
  NormalAnimationBlendMode, AdditiveAnimationBlendMode,
  InterpolateDiscrete, InterpolateLinear, InterpolateSmooth,
} from 'three';
import { wasm, ctx, heap, check, checkPtr, checkIndex, cString, allocFloats, NODE } from './wasm.js';

const KIND = { position: 0, scale: 1, quaternion: 2, visible: 3, morph: 5, skinnedMorph: 6 };
const ELEMENT_KIND = { position: 7, scale: 8, rotation: 9 };
const AXES = { x: 0, y: 1, z: 2 };
const FAMILY = { node: 0, mesh: 1, skinnedMesh: 2 };
const LOOP_TO_TA = { [LoopOnce]: 1, [LoopRepeat]: 2, [LoopPingPong]: 3 };
const LOOP_FROM_TA = [LoopRepeat, LoopOnce, LoopRepeat, LoopPingPong];
const BLEND_TO_TA = { [NormalAnimationBlendMode]: 1, [AdditiveAnimationBlendMode]: 2 };
const INTERP = { [InterpolateDiscrete]: 2, [InterpolateLinear]: 1, [InterpolateSmooth]: 3 };
const CUBIC_SPLINE_INTERP = 4;
// threeanim clips by what they drive (see _clip); a clip lives as long as the page: three.js's
// clips are kept by the program, which may make actions of them again at any time.
const SHARED_CLIPS = new Map();
const EVENT_LOOPED = 1, EVENT_FINISHED = 2;

function refuse(track, why) {
  throw new Error(`threeanim AnimationMixer: track "${track.name}": ${why}`);
}

function isGltfCubic(track) {
  const f = track.createInterpolant;
  return f !== undefined && f.isInterpolantFactoryMethodGLTFCubicSpline === true;
}

// One binding: a three.js property and where its value sits in the mirror.
//   kind 0..2: a vector/quaternion of the node `node`; 3: visible; 5: morph influence `element`
//   of the mesh `mesh`. shadow: the value the three.js side held after the last sync or write.
class Prop {
  constructor(object, kind, node, mesh, element, skinned) {
    this.object = object; this.kind = kind; this.node = node; this.mesh = mesh; this.element = element;
    this.skinned = skinned;
    this.shadow = new Float64Array(4);
    this.written = false;
  }
}

export class AnimationMixer extends EventDispatcher {
  // options.updateRotation (default true): write quaternions as three.js does, through
  // Quaternion's change callback, which recomputes `rotation`. false: set the quaternion's
  // fields alone and leave `rotation` stale until updateRotations() (docs/three-js-to-threeanim.md).
  constructor(root, options = {}) {
    super();
    this._root = root;
    this.time = 0;
    this.timeScale = 1.0;
    this._updateRotation = options.updateRotation !== false;
    this._scene = checkPtr(wasm.tw_scene_create(ctx), 'new AnimationMixer');
    this._mixer = checkPtr(wasm.tw_mixer_create(ctx, -1), 'new AnimationMixer');
    this._nodes = new Map();   // Object3D -> node index
    this._meshes = new Map();  // Object3D -> { id, skinned, count }
    this._props = [];          // every Prop, in binding order
    this._propKeys = new Map(); // `${node}|${kind}|${mesh}|${element}` -> Prop
    this._clips = new Map();   // `${clip.uuid}|${root.uuid}` -> ta_clip pointer
    this._byIndex = [];        // by threeanim action index
    this._byClip = new Map();  // clip.uuid -> Map(root.uuid -> AnimationAction)
    this._eventsPtr = wasm.tw_malloc(64 * 4 * 8);
    this._appliedScale = NaN;
  }

  getRoot() { return this._root; }

  // ---- binding ------------------------------------------------------------------------------

  _node(object) {
    let n = this._nodes.get(object);
    if (n !== undefined) return n;
    const name = cString(object.name || '');
    n = checkIndex(wasm.tw_scene_add_node(ctx, this._scene, -1, name, 0), `mirroring "${object.name}"`);
    wasm.tw_free(name);
    this._nodes.set(object, n);
    return n;
  }

  // Mirrors root and everything below it with their parents (the crowd's rig, whose world
  // pass needs the tree), with a mesh for each object that has morph targets.
  _mirrorTree(root) {
    root.traverse((object) => {
      if (this._nodes.has(object)) throw new Error(`threeanim Crowd: "${object.name}" is in the rig twice`);
      const parent = object === root ? -1 : this._nodes.get(object.parent);
      const name = cString(object.name || '');
      const n = checkIndex(wasm.tw_scene_add_node(ctx, this._scene, parent, name, object.isBone ? 2 : 0), `mirroring "${object.name}"`);
      wasm.tw_free(name);
      this._nodes.set(object, n);
      const base = (wasm.tw_scene_nodes(this._scene) + n * NODE.size);
      const { f32, u8 } = heap();
      f32.set([object.position.x, object.position.y, object.position.z], (base + NODE.position) >> 2);
      const q = object.quaternion;
      f32.set([q.x, q.y, q.z, q.w], (base + NODE.quaternion) >> 2);
      f32.set([object.scale.x, object.scale.y, object.scale.z], (base + NODE.scale) >> 2);
      u8[base + NODE.visible] = object.visible ? 1 : 0;
      if (object.morphTargetInfluences) {
        this._mesh(object, n);
        const m = this._meshes.get(object);
        const ptr = wasm.tw_mesh_influences(this._scene, m.id, m.skinned ? 1 : 0);
        heap().f32.set(object.morphTargetInfluences, ptr >> 2);
      }
    });
  }

  _mesh(object, node) {
    let m = this._meshes.get(object);
    if (m !== undefined) return m;
    const count = object.morphTargetInfluences.length;
    const skinned = object.isSkinnedMesh === true;
    const id = checkIndex(wasm.tw_scene_add_mesh(ctx, this._scene, node, count, skinned ? 1 : 0),
      `mirroring the morph targets of "${object.name}"`);
    m = { id, skinned, count };
    this._meshes.set(object, m);
    return m;
  }

  _prop(object, kind, element) {
    const node = this._node(object);
    let mesh = -1, skinned = false;
    if (kind === KIND.morph) {
      const m = this._mesh(object, node);
      mesh = m.id; skinned = m.skinned;
    }
    const key = `${node}|${kind}|${mesh}|${element}`;
    let p = this._propKeys.get(key);
    if (p === undefined) {
      p = new Prop(object, kind, node, mesh, element, skinned);
      this._propKeys.set(key, p);
      this._props.push(p);
      this._pull(p, true);
    }
    return p;
  }

  // The track's targets in the mirror: [{kind, family, index, element, stride offset}], or null
  // when three.js would bind it to nothing (no such node: three.js warns and skips it too).
  _bindTrack(track, root) {
    const pn = PropertyBinding.parseTrackName(track.name);
    // glTF's CUBICSPLINE keeps (in-tangent, value, out-tangent) per key: three times the value size.
    const valueSize = isGltfCubic(track) ? track.getValueSize() / 3 : track.getValueSize();
    const object = PropertyBinding.findNode(root, pn.nodeName);
    if (!object) return null;
    if (pn.objectName) refuse(track, `the sub-object ".${pn.objectName}" is not driven by threeanim's mixer (only an object's position, quaternion, scale, visible and morphTargetInfluences)`);
    const prop = pn.propertyName;
    if ((prop === 'position' || prop === 'scale' || prop === 'rotation') && pn.propertyIndex !== undefined) {
      // One number of a vector or of the Euler angles: its axis; written back as the whole
      // vector (rotation: as the quaternion, whose change callback sets rotation).
      const axis = AXES[pn.propertyIndex];
      if (axis === undefined) refuse(track, `.${prop}[${pn.propertyIndex}] names no axis (x, y or z)`);
      if (valueSize !== 1) refuse(track, `${valueSize} values a key, .${prop}[${pn.propertyIndex}] takes 1`);
      const whole = prop === 'rotation' ? KIND.quaternion : KIND[prop];
      return [{ prop: this._prop(object, whole, 0), kind: ELEMENT_KIND[prop], family: FAMILY.node, element: axis, offset: 0 }];
    }
    if (prop === 'position' || prop === 'scale' || prop === 'quaternion') {
      if (pn.propertyIndex !== undefined) refuse(track, `.${prop}[${pn.propertyIndex}] is not supported; animate the whole .${prop}`);
      const size = prop === 'quaternion' ? 4 : 3;
      if (valueSize !== size) refuse(track, `${valueSize} values a key, .${prop} takes ${size}`);
      return [{ prop: this._prop(object, KIND[prop], 0), kind: KIND[prop], family: FAMILY.node, offset: 0 }];
    }
    if (prop === 'visible') {
      return [{ prop: this._prop(object, KIND.visible, 0), kind: KIND.visible, family: FAMILY.node, offset: 0 }];
    }
    if (prop === 'morphTargetInfluences') {
      if (!object.morphTargetInfluences) refuse(track, `"${object.name}" has no morphTargetInfluences`);
      const count = object.morphTargetInfluences.length;
      const make = (element, offset) => {
        const p = this._prop(object, KIND.morph, element);
        return { prop: p, kind: p.skinned ? KIND.skinnedMorph : KIND.morph,
          family: p.skinned ? FAMILY.skinnedMesh : FAMILY.mesh, element, offset };
      };
      if (pn.propertyIndex === undefined) {
        if (valueSize !== count) refuse(track, `${valueSize} values a key for ${count} morph targets`);
        const out = [];
        for (let j = 0; j < count; j++) out.push(make(j, j));
        return out;
      }
      let index = pn.propertyIndex;
      if (!/^\d+$/.test(String(index))) {
        const dict = object.morphTargetDictionary;
        if (!dict || dict[index] === undefined) refuse(track, `"${object.name}" has no morph target named "${index}"`);
        index = dict[index];
      } else index = Number(index);
      if (index >= count) refuse(track, `morph target ${index} of "${object.name}", which has ${count}`);
      return [make(index, 0)];
    }
    refuse(track, `the property .${prop} is not supported (threeanim drives position, quaternion, scale, visible and morphTargetInfluences)`);
  }

  // Makes the ta_track(s) of one three.js track, pushing them to out.
  _makeTracks(track, targets, out) {
    if (targets === null) return;
    const cubic = isGltfCubic(track);
    let interp;
    if (cubic) interp = CUBIC_SPLINE_INTERP;
    else {
      interp = INTERP[track.getInterpolation()];
      if (interp === undefined) refuse(track, `interpolation ${track.getInterpolation()} is not supported`);
    }
    const times = track.times, values = track.values, keys = times.length;
    const stride = cubic ? track.getValueSize() / 3 : track.getValueSize();
    for (const t of targets) {
      const size = t.kind === KIND.quaternion ? 4 : t.kind === KIND.position || t.kind === KIND.scale ? 3 : 1;
      const v = new Float32Array(keys * size);
      let inT = null, outT = null;
      if (cubic) {
        inT = new Float32Array(keys * size); outT = new Float32Array(keys * size);
        for (let k = 0; k < keys; k++) for (let j = 0; j < size; j++) {
          inT[k * size + j] = values[k * stride * 3 + t.offset + j];
          v[k * size + j] = values[k * stride * 3 + stride + t.offset + j];
          outT[k * size + j] = values[k * stride * 3 + 2 * stride + t.offset + j];
        }
      } else if (t.kind === KIND.visible) {
        for (let k = 0; k < keys; k++) v[k] = values[k] ? 1 : 0;
      } else {
        for (let k = 0; k < keys; k++) for (let j = 0; j < size; j++) v[k * size + j] = values[k * stride + t.offset + j];
      }
      const index = t.family === FAMILY.node ? t.prop.node : t.prop.mesh;
      const pt = allocFloats(times), pv = allocFloats(v);
      const pi = inT ? allocFloats(inT) : 0, po = outT ? allocFloats(outT) : 0;
      const tr = wasm.tw_track_create(ctx, t.kind, t.family, index, t.element || 0, interp, pt, keys, pv, v.length,
        pi, po, inT ? inT.length : 0);
      wasm.tw_free(pt); wasm.tw_free(pv); if (pi) wasm.tw_free(pi); if (po) wasm.tw_free(po);
      try { checkPtr(tr, `track "${track.name}"`); } catch (e) { for (const x of out) wasm.tw_track_destroy(x); throw e; }
      out.push(tr);
    }
  }

  _clip(clip, root) {
    const key = `${clip.uuid}|${root.uuid}`;
    let c = this._clips.get(key);
    if (c !== undefined) return c;
    // Bound once per mixer; the threeanim clip is shared by every mixer whose tracks land on the
    // same places of its mirror (characters of one rig: the same nodes in the same order), as
    // three.js's mixers share one clip.
    const bound = clip.tracks.map((t) => this._bindTrack(t, root));
    const shape = `${clip.uuid}|${bound.map((b) => (b === null ? '-' : b.map((t) => `${t.kind}:${t.family === FAMILY.node ? t.prop.node : t.prop.mesh}:${t.element || 0}`).join(','))).join(';')}`;
    c = SHARED_CLIPS.get(shape);
    if (c === undefined) {
      const tracks = [];
      clip.tracks.forEach((t, i) => this._makeTracks(t, bound[i], tracks));
      const arr = wasm.tw_malloc(Math.max(1, tracks.length) * 4);
      heap().u32.set(tracks, arr >> 2);
      const name = cString(clip.name || '');
      c = wasm.tw_clip_create(ctx, name, arr, tracks.length, clip.duration, BLEND_TO_TA[clip.blendMode] || 1);
      wasm.tw_free(arr); wasm.tw_free(name);
      if (!c) for (const t of tracks) wasm.tw_track_destroy(t);
      checkPtr(c, `clip "${clip.name}"`);
      SHARED_CLIPS.set(shape, c);
    }
    this._clips.set(key, c);
    return c;
  }

  // ---- three.js's API ------------------------------------------------------------------------

  clipAction(clip, optionalRoot, blendMode) {
    const root = optionalRoot || this._root;
    if (root && root.isAnimationObjectGroup) throw new Error('threeanim AnimationMixer: clipAction: an AnimationObjectGroup root is not supported (one action per object)');
    let clipObject = typeof clip === 'string' ? AnimationClip.findByName(root, clip) : clip;
    const clipUuid = clipObject !== null ? clipObject.uuid : clip;
    const forClip = this._byClip.get(clipUuid);
    if (blendMode === undefined) blendMode = clipObject !== null ? clipObject.blendMode : NormalAnimationBlendMode;
    if (forClip !== undefined) {
      const existing = forClip.get(root.uuid);
      if (existing !== undefined && existing.blendMode === blendMode) return existing;
      if (clipObject === null) clipObject = forClip.values().next().value._clip;
    }
    if (clipObject === null || clipObject === undefined) return null;
    if (BLEND_TO_TA[blendMode] === undefined) throw new Error(`threeanim AnimationMixer: clipAction: blend mode ${blendMode} is not NormalAnimationBlendMode or AdditiveAnimationBlendMode`);
    const c = this._clip(clipObject, root);
    const index = checkIndex(wasm.tw_action_create(ctx, this._mixer, c, BLEND_TO_TA[blendMode], -1), `clipAction("${clipObject.name}")`);
    const action = new AnimationAction(this, clipObject, root, blendMode, index);
    this._byIndex[index] = action;
    let m = this._byClip.get(clipObject.uuid);
    if (m === undefined) { m = new Map(); this._byClip.set(clipObject.uuid, m); }
    m.set(root.uuid, action);
    return action;
  }

  existingAction(clip, optionalRoot) {
    const root = optionalRoot || this._root;
    const clipObject = typeof clip === 'string' ? AnimationClip.findByName(root, clip) : clip;
    const uuid = clipObject ? clipObject.uuid : clip;
    const m = this._byClip.get(uuid);
    return (m && m.get(root.uuid)) || null;
  }

  stopAllAction() {
    wasm.tw_mixer_stop_all_action(this._mixer);
    this._writeBack();
    return this;
  }

  _syncScale() {
    if (this.timeScale !== this._appliedScale) {
      check(wasm.tw_mixer_set_time_scale(ctx, this._mixer, this.timeScale), 'timeScale');
      this._appliedScale = this.timeScale;
    }
  }

  update(deltaTime) {
    this._syncScale();
    this._pullAll();
    check(wasm.tw_mixer_update(ctx, this._mixer, this._scene, deltaTime), 'update');
    this.time = wasm.tw_mixer_time(this._mixer);
    this._writeBack();
    this._dispatchEvents();
    return this;
  }

  setTime(timeInSeconds) {
    this._syncScale();
    this._pullAll();
    check(wasm.tw_mixer_set_time(ctx, this._mixer, this._scene, timeInSeconds), 'setTime');
    this.time = wasm.tw_mixer_time(this._mixer);
    this._writeBack();
    this._dispatchEvents();
    return this;
  }

  uncacheClip(clip) {
    const m = this._byClip.get(clip.uuid);
    if (m === undefined) return;
    for (const a of [...m.values()]) this._uncache(a);
  }

  uncacheRoot(root) {
    for (const m of [...this._byClip.values()]) {
      const a = m.get(root.uuid);
      if (a !== undefined) this._uncache(a);
    }
  }

  uncacheAction(clip, optionalRoot) {
    const a = this.existingAction(clip, optionalRoot);
    if (a !== null) this._uncache(a);
  }

  _uncache(action) {
    check(wasm.tw_mixer_uncache_action(ctx, this._mixer, action._index), 'uncacheAction');
    this._writeBack();
    const m = this._byClip.get(action._clip.uuid);
    if (m && m.get(action._localRoot.uuid) === action) {
      m.delete(action._localRoot.uuid);
      if (m.size === 0) this._byClip.delete(action._clip.uuid);
    }
    action._ptr = 0;
  }

  // Brings every bound object's `rotation` up to date with its quaternion (the mixer made with
  // { updateRotation: false } leaves it stale).
  updateRotations() {
    for (const p of this._props) {
      if (p.kind === KIND.quaternion) p.object.rotation.setFromQuaternion(p.object.quaternion, undefined, false);
    }
  }

  // ---- the mirror ----------------------------------------------------------------------------

  // Copies into the mirror a three.js value that changed since the mirror last saw it.
  _pull(p, force) {
    const { f32 } = heap();
    const o = p.object, s = p.shadow;
    if (p.kind === KIND.morph) {
      const v = o.morphTargetInfluences[p.element];
      if (force || v !== s[0]) {
        s[0] = v;
        f32[(wasm.tw_mesh_influences(this._scene, p.mesh, p.skinned ? 1 : 0) >> 2) + p.element] = v;
      }
      return;
    }
    const base = wasm.tw_scene_nodes(this._scene) + p.node * NODE.size;
    if (p.kind === KIND.visible) {
      const v = o.visible ? 1 : 0;
      if (force || v !== s[0]) { s[0] = v; heap().u8[base + NODE.visible] = v; }
      return;
    }
    const vec = p.kind === KIND.position ? o.position : p.kind === KIND.scale ? o.scale : o.quaternion;
    const x = p.kind === KIND.quaternion ? vec._x : vec.x, y = p.kind === KIND.quaternion ? vec._y : vec.y;
    const z = p.kind === KIND.quaternion ? vec._z : vec.z, w = p.kind === KIND.quaternion ? vec._w : 0;
    if (force || x !== s[0] || y !== s[1] || z !== s[2] || w !== s[3]) {
      s[0] = x; s[1] = y; s[2] = z; s[3] = w;
      const at = (base + (p.kind === KIND.position ? NODE.position : p.kind === KIND.scale ? NODE.scale : NODE.quaternion)) >> 2;
      f32[at] = x; f32[at + 1] = y; f32[at + 2] = z;
      if (p.kind === KIND.quaternion) f32[at + 3] = w;
    }
  }

  // _pull over every binding, with the heap's views and the node list read once.
  _pullAll() {
    const { f32 } = heap();
    const nodes = wasm.tw_scene_nodes(this._scene);
    for (const p of this._props) {
      const k = p.kind;
      if (k === KIND.position || k === KIND.scale) {
        const v = k === KIND.position ? p.object.position : p.object.scale, s = p.shadow;
        if (v.x !== s[0] || v.y !== s[1] || v.z !== s[2]) {
          s[0] = v.x; s[1] = v.y; s[2] = v.z;
          const at = (nodes + p.node * NODE.size + (k === KIND.position ? NODE.position : NODE.scale)) >> 2;
          f32[at] = v.x; f32[at + 1] = v.y; f32[at + 2] = v.z;
        }
      } else if (k === KIND.quaternion) {
        const q = p.object.quaternion, s = p.shadow;
        if (q._x !== s[0] || q._y !== s[1] || q._z !== s[2] || q._w !== s[3]) {
          s[0] = q._x; s[1] = q._y; s[2] = q._z; s[3] = q._w;
          const at = (nodes + p.node * NODE.size + NODE.quaternion) >> 2;
          f32[at] = q._x; f32[at + 1] = q._y; f32[at + 2] = q._z; f32[at + 3] = q._w;
        }
      } else {
        this._pull(p, false);
      }
    }
  }

  // Writes into three.js each mirrored value that differs from what three.js last held.
  _writeBack() {
    const { f32, u8 } = heap();
    const nodes = wasm.tw_scene_nodes(this._scene);
    let meshPtrs = null;
    for (const p of this._props) {
      const o = p.object, s = p.shadow;
      if (p.kind === KIND.morph) {
        if (meshPtrs === null) meshPtrs = new Map();
        let ptr = meshPtrs.get(p.mesh);
        if (ptr === undefined) { ptr = wasm.tw_mesh_influences(this._scene, p.mesh, p.skinned ? 1 : 0); meshPtrs.set(p.mesh, ptr); }
        const v = f32[(ptr >> 2) + p.element];
        if (v !== s[0]) { s[0] = v; o.morphTargetInfluences[p.element] = v; }
        continue;
      }
      const base = nodes + p.node * NODE.size;
      if (p.kind === KIND.visible) {
        const v = u8[base + NODE.visible];
        if (v !== s[0]) { s[0] = v; o.visible = v !== 0; }
        continue;
      }
      if (p.kind === KIND.quaternion) {
        const at = (base + NODE.quaternion) >> 2;
        const x = f32[at], y = f32[at + 1], z = f32[at + 2], w = f32[at + 3];
        if (x !== s[0] || y !== s[1] || z !== s[2] || w !== s[3]) {
          s[0] = x; s[1] = y; s[2] = z; s[3] = w;
          const q = o.quaternion;
          if (this._updateRotation) q.set(x, y, z, w);
          else { q._x = x; q._y = y; q._z = z; q._w = w; }
        }
        continue;
      }
      const at = (base + (p.kind === KIND.position ? NODE.position : NODE.scale)) >> 2;
      const x = f32[at], y = f32[at + 1], z = f32[at + 2];
      if (x !== s[0] || y !== s[1] || z !== s[2]) {
        s[0] = x; s[1] = y; s[2] = z;
        const v = p.kind === KIND.position ? o.position : o.scale;
        v.x = x; v.y = y; v.z = z;
      }
    }
  }

  _dispatchEvents() {
    for (;;) {
      const n = wasm.tw_mixer_drain_events(this._mixer, this._eventsPtr, 64);
      if (n === 0) return;
      const { f64 } = heap();
      const b = this._eventsPtr >> 3;
      for (let i = 0; i < n; i++) {
        const kind = f64[b + 4 * i], action = this._byIndex[f64[b + 4 * i + 1]];
        if (kind === EVENT_LOOPED) this.dispatchEvent({ type: 'loop', action, loopDelta: f64[b + 4 * i + 2], direction: f64[b + 4 * i + 3] });
        else if (kind === EVENT_FINISHED) this.dispatchEvent({ type: 'finished', action, direction: f64[b + 4 * i + 3] });
      }
      if (n < 64) return;
    }
  }
}

export class AnimationAction {
  constructor(mixer, clip, localRoot, blendMode, index) {
    this._mixer = mixer;
    this._clip = clip;
    this._localRoot = localRoot;
    this._index = index;
    this._ptr = checkPtr(wasm.tw_mixer_action(ctx, mixer._mixer, index), 'clipAction');
    this._blendMode = blendMode;
    this._repetitions = Infinity;
    this._zeroSlopeAtStart = true;
    this._zeroSlopeAtEnd = true;
    this._clampWhenFinished = false;
  }

  _a() {
    if (!this._ptr) throw new Error('threeanim AnimationAction: this action was uncached from its mixer');
    return this._ptr;
  }

  play() { check(wasm.tw_action_play(ctx, this._a()), 'play'); return this; }
  stop() { check(wasm.tw_action_stop(ctx, this._a()), 'stop'); this._mixer._writeBack(); return this; }
  reset() { wasm.tw_action_reset(this._a()); return this; }
  isRunning() { return wasm.tw_action_is_playing(this._a()) !== 0; }
  isScheduled() { return wasm.tw_action_is_active(this._a()) !== 0; }
  startAt(time) { check(wasm.tw_action_start_at(ctx, this._a(), time), 'startAt'); return this; }
  setLoop(mode, repetitions) {
    const m = LOOP_TO_TA[mode];
    if (m === undefined) throw new Error(`threeanim AnimationAction: setLoop: loop mode ${mode} is not LoopOnce, LoopRepeat or LoopPingPong`);
    // three.js keeps any repetitions; one that no loop count can equal (undefined) never ends.
    const r = typeof repetitions === 'number' && !Number.isNaN(repetitions) ? repetitions : Infinity;
    check(wasm.tw_action_set_loop(ctx, this._a(), m, r), 'setLoop');
    this._repetitions = repetitions;
    this._loopMode = m;
    return this;
  }
  setEffectiveWeight(weight) { check(wasm.tw_action_set_effective_weight(ctx, this._a(), weight), 'setEffectiveWeight'); return this; }
  getEffectiveWeight() { return wasm.tw_action_effective_weight(this._a()); }
  fadeIn(duration) { check(wasm.tw_action_fade(ctx, this._a(), 0, duration), 'fadeIn'); return this; }
  fadeOut(duration) { check(wasm.tw_action_fade(ctx, this._a(), 1, duration), 'fadeOut'); return this; }
  crossFadeFrom(fadeOutAction, duration, warp = false) {
    check(wasm.tw_mixer_cross_fade_from(ctx, this._mixer._mixer, this._index, fadeOutAction._index, duration, warp ? 1 : 0), 'crossFadeFrom');
    return this;
  }
  crossFadeTo(fadeInAction, duration, warp = false) { fadeInAction.crossFadeFrom(this, duration, warp); return this; }
  stopFading() { wasm.tw_action_stop_fading(this._a()); return this; }
  setEffectiveTimeScale(timeScale) { check(wasm.tw_action_set_effective_time_scale(ctx, this._a(), timeScale), 'setEffectiveTimeScale'); return this; }
  getEffectiveTimeScale() { return wasm.tw_action_effective_time_scale(this._a()); }
  setDuration(duration) { check(wasm.tw_action_set_duration(ctx, this._a(), duration), 'setDuration'); return this; }
  syncWith(action) { check(wasm.tw_mixer_sync_with(ctx, this._mixer._mixer, this._index, action._index), 'syncWith'); return this; }
  halt(duration) { check(wasm.tw_action_halt(ctx, this._a(), duration), 'halt'); return this; }
  warp(startTimeScale, endTimeScale, duration) { check(wasm.tw_action_warp(ctx, this._a(), startTimeScale, endTimeScale, duration), 'warp'); return this; }
  stopWarping() { wasm.tw_action_stop_warping(this._a()); return this; }
  getMixer() { return this._mixer; }
  getClip() { return this._clip; }
  getRoot() { return this._localRoot; }

  get time() { return wasm.tw_action_time(this._a()); }
  set time(t) { check(wasm.tw_action_set_time(ctx, this._a(), t), 'time'); }
  get timeScale() { return wasm.tw_action_time_scale(this._a()); }
  set timeScale(s) { check(wasm.tw_action_set_time_scale(ctx, this._a(), s), 'timeScale'); }
  get weight() { return wasm.tw_action_weight(this._a()); }
  set weight(w) { check(wasm.tw_action_set_weight(ctx, this._a(), w), 'weight'); }
  get loop() { return LOOP_FROM_TA[this._loopTa()]; }
  set loop(mode) { this.setLoop(mode, this._repetitions); }
  _loopTa() { return this._loopMode === undefined ? 2 : this._loopMode; }
  get repetitions() { return this._repetitions; }
  set repetitions(r) { check(wasm.tw_action_set_loop(ctx, this._a(), LOOP_TO_TA[this.loop], r), 'repetitions'); this._repetitions = r; }
  get clampWhenFinished() { return this._clampWhenFinished; }
  set clampWhenFinished(v) { this._clampWhenFinished = !!v; wasm.tw_action_set_clamp(this._a(), v ? 1 : 0); }
  get zeroSlopeAtStart() { return this._zeroSlopeAtStart; }
  set zeroSlopeAtStart(v) { this._zeroSlopeAtStart = !!v; wasm.tw_action_set_zero_slope(this._a(), 0, v ? 1 : 0); }
  get zeroSlopeAtEnd() { return this._zeroSlopeAtEnd; }
  set zeroSlopeAtEnd(v) { this._zeroSlopeAtEnd = !!v; wasm.tw_action_set_zero_slope(this._a(), 1, v ? 1 : 0); }
  get enabled() { return wasm.tw_action_enabled(this._a()) !== 0; }
  set enabled(v) { wasm.tw_action_set_enabled(this._a(), v ? 1 : 0); }
  get paused() { return wasm.tw_action_paused(this._a()) !== 0; }
  set paused(v) { wasm.tw_action_set_paused(this._a(), v ? 1 : 0); }
  get blendMode() { return this._blendMode; }
  set blendMode(mode) {
    if (BLEND_TO_TA[mode] === undefined) throw new Error(`threeanim AnimationAction: blendMode ${mode} is not NormalAnimationBlendMode or AdditiveAnimationBlendMode`);
    check(wasm.tw_action_set_blend_mode(ctx, this._a(), BLEND_TO_TA[mode]), 'blendMode');
    this._blendMode = mode;
  }
}
