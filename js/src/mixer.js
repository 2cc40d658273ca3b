// AnimationMixer and AnimationAction: three.js 0.186's, drop-in, running threeanim's mixer in wasm.
//
// A mixer mirrors the three.js objects its clips' tracks bind to into one threeanim scene (one
// node per Object3D, one mesh per object with morphTargetInfluences or a material, one light per
// Light), its assets (one material per Material and one texture per map Texture, each mirrored
// once however many objects share it, as three.js shares them) and its camera list (one camera
// per Camera). Each track is bound once, by three.js's own PropertyBinding rules
// (parseTrackName, findNode, and its sub-objects: .material, .material[i], .map, .bones[name]),
// when its action is made; an AnimationObjectGroup root plays every track on each of its objects
// (ta_action_set_group). After every update the values threeanim's mixer changed are written
// back into the three.js objects, through the properties three.js's mixer writes: position,
// quaternion (with its change callback), scale, visible, name, morphTargetInfluences[i], a
// material's colors, numbers and flags (then material.needsUpdate = true, as three.js), its map's
// offset, repeat, center and rotation, a light's color, intensity, distance, angle and penumbra,
// a camera's fov, zoom, near and far. Colors are kept as sRGB bytes, as threeanim's materials and
// lights keep them: what is written back is the byte's linear value (within the replay tolerance
// of three.js's, and the native build's number bit for bit).
//
// Before an update, values a program set on the three.js objects since the last write are copied
// into the mirror, so that the mixer starts from what three.js's would (its original state is the
// object's value when the binding starts being driven, and a value set between updates stays
// until the mixer changes it): every bound value before an update that follows a call on an
// action or a new binding (when threeanim's mixer reads originals), else the few it may read
// (see _pullAll).
//
// Its wasm objects (the mirror scene, threeanim's mixer and its actions, assets, cameras) are given
// back when the garbage collector collects the mixer, as three.js's mixer is simply dropped: a
// FinalizationRegistry (MIXER_HEAP below) frees them. An action holds its mixer, so a mixer is
// collected only when none of its actions is reachable either. A clip's threeanim copy goes when
// the AnimationClip and every mixer that used it are collected (SHARED_CLIPS).
//
// What it cannot drive is refused with an Error that names the track and why: a whole rotation
// (Euler) track, .material.materials, the properties threeanim has no kind for (a camera's left,
// right, top and bottom, a light's groundColor, ...), lights other than ambient, directional,
// point, spot and hemisphere, and a group whose objects do not all bind a track alike.
import {
  EventDispatcher, PropertyBinding, AnimationClip, LoopOnce, LoopRepeat, LoopPingPong,
  NormalAnimationBlendMode, AdditiveAnimationBlendMode,
  InterpolateDiscrete, InterpolateLinear, InterpolateSmooth,
} from 'three';
import { wasm, ctx, heap, check, checkPtr, checkIndex, cString, readCString, allocFloats, allocU32, NODE } from './wasm.js';
import { MixerStats } from './stats.js';

const KIND = { position: 0, scale: 1, quaternion: 2, visible: 3, name: 4, morph: 5, skinnedMorph: 6 };
const ELEMENT_KIND = { position: 7, scale: 8, rotation: 9 };
const AXES = { x: 0, y: 1, z: 2 };
const FAMILY = { node: 0, mesh: 1, skinnedMesh: 2, material: 3, light: 4, perspective: 5, orthographic: 6 };
// ta_material_kind and ta_light_kind by three.js class (a material class not listed is mirrored
// as a basic one: the kind changes no track, only the defaults, which are overwritten).
const MATERIAL_KINDS = ['MeshBasicMaterial', 'MeshLambertMaterial', 'MeshPhongMaterial', 'MeshStandardMaterial',
  'MeshPhysicalMaterial', 'MeshToonMaterial', 'MeshNormalMaterial', 'MeshDepthMaterial', 'MeshMatcapMaterial',
  'LineBasicMaterial', 'PointsMaterial', 'SpriteMaterial'];
const LIGHT_KINDS = ['AmbientLight', 'DirectionalLight', 'PointLight', 'SpotLight', 'HemisphereLight'];
const LIGHT_PROPS = ['color', 'intensity', 'distance', 'angle', 'penumbra'];
const CAMERA_PROPS = ['fov', 'zoom', 'near', 'far'];
// How a field of the assets, a light or a camera is held: a float, two floats (a map's offset,
// repeat, center), a bool byte (a material flag), three sRGB bytes (a color).
const FIELD = { number: 0, vec2: 1, flag: 2, color: 3 };
const FIELD_SIZE = [1, 2, 1, 3];
const LOOP_TO_TA = { [LoopOnce]: 1, [LoopRepeat]: 2, [LoopPingPong]: 3 };
const LOOP_FROM_TA = [LoopRepeat, LoopOnce, LoopRepeat, LoopPingPong];
const BLEND_TO_TA = { [NormalAnimationBlendMode]: 1, [AdditiveAnimationBlendMode]: 2 };
const INTERP = { [InterpolateDiscrete]: 2, [InterpolateLinear]: 1, [InterpolateSmooth]: 3 };
const CUBIC_SPLINE_INTERP = 4;
// threeanim's copies of a three.js AnimationClip, by what they drive (see _clip): made once and
// shared by every mixer, as three.js's mixers share the clip. The copies hold one reference each,
// given back when the AnimationClip is collected (the program can make no action of it then);
// each mixer that uses a copy holds one of its own (its _heap.clips), and each action one (in C).
const SHARED_CLIPS = new WeakMap(); // AnimationClip -> Map(hash of what it drives -> [{ sig, c: ta_clip pointer }])
const CLIP_HEAP = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((copies) => { for (const same of copies.values()) for (const e of same) wasm.tw_clip_release(e.c); copies.clear(); })
  : null;
const EVENT_LOOPED = 1, EVENT_FINISHED = 2;
const NO_ACTIONS = new Set();

// PropertyBinding.parseTrackName of a track, kept with the name it parsed (a program may rename
// a track): a clip's tracks are bound by every mixer that plays it.
const PARSED = new WeakMap(); // KeyframeTrack -> { name, pn }
export function parsedName(track) {
  const c = PARSED.get(track);
  if (c !== undefined && c.name === track.name) return c.pn;
  const pn = PropertyBinding.parseTrackName(track.name);
  PARSED.set(track, { name: track.name, pn });
  return pn;
}

// PropertyBinding.findNode(root, name) for the tracks of one call (the scene may change between
// calls): its checks of the root and its skeleton's bones, then, for its search of the subtree,
// the names and uuids indexed in one walk in the search's order (the first met kept, as the
// search returns it), made when a name first needs it; not a search of the tree a track.
export function nodeFinder(root) {
  let index = null;
  return (name) => {
    if (name === undefined || name === '' || name === '.' || name === -1 || name === root.name || name === root.uuid) return root;
    if (root.skeleton) {
      const bone = root.skeleton.getBoneByName(name);
      if (bone !== undefined) return bone;
    }
    if (!root.children) return null;
    if (index === null) {
      index = new Map();
      const stack = [root.children], at = [0];
      while (stack.length > 0) {
        const children = stack[stack.length - 1], i = at[at.length - 1]++;
        if (i >= children.length) { stack.pop(); at.pop(); continue; }
        const c = children[i];
        if (!index.has(c.name)) index.set(c.name, c);
        if (!index.has(c.uuid)) index.set(c.uuid, c);
        if (c.children) { stack.push(c.children); at.push(0); }
      }
    }
    const n = index.get(name);
    return n === undefined ? null : n;
  };
}

function refuse(track, why) {
  throw new Error(`threeanim AnimationMixer: track "${track.name}": ${why}`);
}

// The ta_track_kind of a property of family (path as threeanim names it: "opacity", "map.offset"),
// or -1.
const KIND_CACHE = new Map();
function kindOf(family, path) {
  const key = `${family}|${path}`;
  let k = KIND_CACHE.get(key);
  if (k === undefined) {
    const p = cString(path);
    k = wasm.tw_track_kind_find(ctx, family, p, 0);
    wasm.tw_free(p);
    KIND_CACHE.set(key, k);
  }
  return k;
}

// The linear value of each sRGB byte, as threeanim reads its colors (ta_color_srgb_byte_to_linear).
const BYTE_TO_LINEAR = Float64Array.from({ length: 256 }, (_, b) => wasm.tw_color_byte_to_linear(b));

function isGltfCubic(track) {
  const f = track.createInterpolant;
  return f !== undefined && f.isInterpolantFactoryMethodGLTFCubicSpline === true;
}

// One binding: a three.js property and where its value sits in the mirror.
//   kind 0..2: a vector/quaternion of the node `node`, the slot-th of the mixer's packed vectors
//   or quaternions (their shadows are one array a kind: see _pack); 3: visible; 5: morph
//   influence `element` of the mesh `mesh` (its influences at f32 index ptr). shadow (visible and
//   morph): the value the three.js side held after the last sync or write.
class Prop {
  constructor(object, kind, node, mesh, element, skinned) {
    this._stamp = 0; // _clip's mark
    this.object = object; this.kind = kind; this.node = node; this.mesh = mesh; this.element = element;
    this.skinned = skinned;
    this.slot = -1;
    this.ptr = 0;
    this.partial = false; // a track drives one of its numbers (.position[x], .rotation[y])
    this.shadow = kind > KIND.quaternion ? new Float64Array(1) : null;
  }
}

// A binding to a material, texture, light or camera property: holder[name], held as `type`
// (FIELD) at ptr in the wasm heap (found again after the list it is in grows). shadow: what the
// three.js side held after the last sync or write. material: set material.needsUpdate after a
// write (three.js's NeedsUpdate versioning); object3d (a light, a camera): set its
// matrixWorldNeedsUpdate (MatrixWorldNeedsUpdate versioning).
class FieldProp {
  constructor(holder, name, type, family, index, kind) {
    this._stamp = 0; // _clip's mark
    this.holder = holder; this.name = name; this.type = type;
    this.family = family; this.index = index; this.kind = kind;
    this.ptr = 0;
    this.shadow = new Float64Array(3);
    this.material = holder.isMaterial === true;
    this.object3d = holder.isObject3D === true;
  }
}

// A node's name, driven by a string track: the mirror's node and the name last synced.
class NameProp {
  constructor(object, node) { this._stamp = 0; this.object = object; this.node = node; this.shadow = null; }
}

// Whether two lists of numbers are equal, number for number.
function sameNumbers(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// a (an Int32Array or Float32Array) with room for n, doubled when it grows, what it held kept.
function growTo(a, n, Type) {
  if (a.length >= n) return a;
  const b = new Type(Math.max(n, 2 * a.length));
  b.set(a);
  return b;
}
const growInt = (a, n) => growTo(a, n, Int32Array);
// The vectors' and quaternions' shadows are float32, as the mirror is: a value a program sets that
// float32 does not hold (0.1) differs from its shadow, and is copied into the mirror again at each
// pull (the same float), while the mirror, unchanged by the mixer, equals its shadow and is not
// written back: the program's 0.1 stays, as three.js's mixer leaves it.
const growShadow = (a, n) => growTo(a, n, Float32Array);

// What a collected mixer held in the wasm heap: `held` is the mixer's _heap, which names only wasm
// pointers (never the mixer, which would keep it alive), and the mixer sets its assets and
// cameras there when it makes them. The callback runs as a task of its own, never inside a call
// into the module.
function freeMixerHeap(held) {
  if (held.mixer) wasm.tw_mixer_destroy(held.mixer); // its actions give their clips back
  for (const c of held.clips) wasm.tw_clip_release(c);
  held.clips = [];
  if (held.scene) wasm.tw_scene_destroy(held.scene);
  if (held.assets) wasm.tw_assets_destroy(held.assets);
  if (held.cameras) wasm.tw_cameras_destroy(held.cameras);
  if (held.events) wasm.tw_free(held.events);
  held.mixer = held.scene = held.assets = held.cameras = held.events = 0;
}
const MIXER_HEAP = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(freeMixerHeap) : null;

export class AnimationMixer extends EventDispatcher {
  // options.updateRotation (default true): write quaternions as three.js does, through
  // Quaternion's change callback, which recomputes `rotation`, and flag each object whose
  // position, quaternion or scale is written matrixWorldNeedsUpdate. false: set the fields alone,
  // leave `rotation` stale until updateRotations() and the flag unset (updateMatrixWorld
  // recomputes these objects' matrices anyway: docs/three-js-to-threeanim.md).
  // options.writeAlways (default false): while every bound position, quaternion and scale is
  // driven by a playing action, write each of them at every update, without three.js's
  // comparison with the value mixed last (PropertyMixer.apply): a value the program sets on one
  // between two updates that mix the same value is written over (docs/web.md).
  constructor(root, options = {}) {
    super();
    this._root = root;
    this._time = 0; // the mixer's clock as the last update or setTime left it (mixer.time)
    this.timeScale = 1.0;
    this._updateRotation = options.updateRotation !== false;
    this._writeAlways = options.writeAlways === true;
    this._scene = checkPtr(wasm.tw_scene_create(ctx), 'new AnimationMixer');
    this._mixer = checkPtr(wasm.tw_mixer_create(ctx, -1), 'new AnimationMixer');
    if (this._writeAlways) {
      const r = wasm.tw_mixer_set_write_always(ctx, this._mixer, 1);
      if (r !== 0) { wasm.tw_mixer_destroy(this._mixer); wasm.tw_scene_destroy(this._scene); }
      check(r, 'new AnimationMixer: writeAlways');
    }
    this._nodes = new Map();   // Object3D -> node index
    this._meshes = new Map();  // Object3D -> { id, skinned, count }
    this._props = [];          // every Prop, in binding order
    // The hot loops' lists: the position and scale vectors (v3) and quaternions (q) bound, each
    // with its place in the node list (f32 index from its start, which stays when nodes are
    // added) and one shadow array of what three.js held after the last sync or write, grown as
    // Props are added; the other Props (rest). _pack finds the node list and the morph
    // influences again after a node, mesh or Prop is added (_packed false).
    this._v3 = []; this._v3Obj = []; this._v3At = new Int32Array(0); this._v3S = new Float32Array(0);
    this._q = []; this._qObj = []; this._qAt = new Int32Array(0); this._qS = new Float32Array(0);
    this._rest = [];
    // The write-back's plan with { updateRotation: false } (_planTrs; null after a Prop is added):
    // the nodes whose position, quaternion and scale are all bound, in node order, whose three
    // objects are written together (three.js makes them one after the other, so that they share
    // lines of its heap: two passes, by kind, took a fifth longer at C = 1000, docs/performance.md),
    // with their slots and the f32 index of each one's position from the node list's start; and
    // the slots of the vectors and quaternions of no such node (v3Rest, qRest).
    this._trs = null;
    this._nodesBase = 0;       // f32 index of the node list
    this._packed = false;
    // threeanim's mixer reads the bound values (as the originals of bindings that start being
    // driven) only in the first update after an action or the bindings changed: only then are all
    // of them pulled into the mirror (_pullAll). Else only the vectors and quaternions one of
    // whose numbers a track drives (partial), whose other numbers are the program's.
    this._pullEvery = true;
    this._partial = [];
    // writeAlways: whether every vector and quaternion bound is driven by a playing action (found
    // at the first update after a call on the mixer or its actions, which alone change that), so
    // that the write-back copies them all with no comparison; and whether the shadows are then
    // behind (the mirror holds what three.js was last given: _freshen copies it before anything
    // else may change the mirror).
    this._allDriven = false;
    this._stale = false;
    this._stamp = 0; // marks a clip's Props as _clip lists them
    this._clipProps = new Map(); // `${clip.uuid}|${root.uuid}` -> the Props its tracks bound (null: a group's)
    this._propKeys = new Map(); // node * 16 + kind (a morph target's: `${node}|${kind}|${mesh}|${element}`; a name's: `${node}|name`) -> Prop
    this._clips = new Map();   // `${clip.uuid}|${root.uuid}` -> ta_clip pointer
    this._byIndex = new Map(); // threeanim action index -> action (the uncached ones deleted)
    this._byClip = new Map();  // clip.uuid -> Map(root.uuid -> AnimationAction): existingAction's
    this._known = new Map();   // clip.uuid -> Set of every action on it not uncached (three.js's knownActions)
    this._eventsPtr = wasm.tw_malloc(64 * 4 * 8);
    this._stats = new MixerStats();
    this._events = []; // an update's events, drained before they are dispatched
    this._heap = { mixer: this._mixer, scene: this._scene, assets: 0, cameras: 0, events: this._eventsPtr, clips: [] };
    if (MIXER_HEAP !== null) MIXER_HEAP.register(this, this._heap);
    this._appliedScale = NaN;
    // Materials, textures, lights and cameras, made when first bound.
    this._assets = 0;          // ta_assets, when a mesh's materials are mirrored
    this._cameras = 0;         // ta_camera_list, when a camera is
    this._useAssets = false;   // a material property is driven: the updates take the assets
    this._materials = new Map(); // Material -> material index
    this._textures = new Map();  // Texture -> texture index
    this._lights = new Map();    // Light -> light index
    this._cameraIds = new Map(); // Camera -> index in its list
    this._fields = [];           // every FieldProp
    this._fieldKeys = new Map(); // `${family}|${index}|${kind}` -> FieldProp
    this._names = [];            // every NameProp
    this._layout = 0;            // rises with every add to a list a FieldProp points into
    this._fieldLayout = 0;       // the _layout the FieldProps' pointers were found at
  }

  getRoot() { return this._root; }

  // three.js's counts of its actions, bindings and control interpolants (stats.js)
  get stats() { return this._stats.view; }

  // three.js's mixer.time is a plain field that its update adds to, so a program may move the
  // clock by assigning it; threeanim's clock moves by update and setTime alone. An assignment of
  // another value is refused at once, naming what to call, rather than lost at the next update.
  get time() { return this._time; }
  set time(t) {
    if (t === this._time) return;
    throw new Error(`threeanim AnimationMixer: mixer.time = ${t}: the clock cannot be set (it is ${this._time}); update(deltaTime) moves it, setTime(time) sets it and every action's time`);
  }

  // ---- binding ------------------------------------------------------------------------------

  _node(object) {
    let n = this._nodes.get(object);
    if (n !== undefined) return n;
    const name = cString(object.name || '');
    n = checkIndex(wasm.tw_scene_add_node(ctx, this._scene, -1, name, 0), `mirroring "${object.name}"`);
    wasm.tw_free(name);
    this._nodes.set(object, n);
    this._packed = false;
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
      this._packed = false;
      const base = (wasm.tw_scene_nodes(this._scene) + n * NODE.size);
      const { f32, u8 } = heap();
      f32.set([object.position.x, object.position.y, object.position.z], (base + NODE.position) >> 2);
      const q = object.quaternion;
      f32.set([q.x, q.y, q.z, q.w], (base + NODE.quaternion) >> 2);
      f32.set([object.scale.x, object.scale.y, object.scale.z], (base + NODE.scale) >> 2);
      u8[base + NODE.visible] = object.visible ? 1 : 0;
      if (object.morphTargetInfluences) {
        const m = this._mesh(object, n, false);
        const ptr = wasm.tw_mesh_influences(this._scene, m.id, m.skinned ? 1 : 0);
        heap().f32.set(object.morphTargetInfluences, ptr >> 2);
      }
    });
  }

  // The mesh of object (with its morph targets and, unless withMaterials is false, its
  // materials: what a group's material tracks drive), made once.
  _mesh(object, node, withMaterials = true) {
    let m = this._meshes.get(object);
    if (m !== undefined) return m;
    const count = object.morphTargetInfluences ? object.morphTargetInfluences.length : 0;
    const skinned = object.isSkinnedMesh === true;
    const mats = !withMaterials || !object.material ? [] : Array.isArray(object.material) ? object.material : [object.material];
    const ids = mats.filter((mat) => mat && mat.isMaterial).map((mat) => this._material(mat));
    const pm = allocU32(ids);
    const id = wasm.tw_scene_add_mesh(ctx, this._scene, node, count, skinned ? 1 : 0, pm, ids.length);
    wasm.tw_free(pm);
    checkIndex(id, `mirroring the mesh "${object.name}"`);
    m = { id, skinned, count };
    this._meshes.set(object, m);
    this._packed = false;
    return m;
  }

  _material(material) {
    let id = this._materials.get(material);
    if (id !== undefined) return id;
    const map = material.map && material.map.isTexture ? this._texture(material.map) : -1;
    const kind = Math.max(0, MATERIAL_KINDS.indexOf(material.type));
    id = checkIndex(wasm.tw_assets_add_material(ctx, this._assetList(), kind, map), `mirroring the material "${material.name}"`);
    this._materials.set(material, id);
    this._layout++;
    return id;
  }

  _texture(texture) {
    let id = this._textures.get(texture);
    if (id !== undefined) return id;
    id = checkIndex(wasm.tw_assets_add_texture(ctx, this._assetList()), `mirroring the texture "${texture.name}"`);
    this._textures.set(texture, id);
    this._layout++;
    return id;
  }

  _assetList() {
    if (!this._assets) this._heap.assets = this._assets = checkPtr(wasm.tw_assets_create(ctx), 'mirroring the materials');
    return this._assets;
  }

  _light(light, track) {
    let id = this._lights.get(light);
    if (id !== undefined) return id;
    const kind = LIGHT_KINDS.indexOf(light.type);
    if (kind < 0) refuse(track, `a ${light.type} is not driven by threeanim's mixer (only ${LIGHT_KINDS.join(', ')})`);
    id = checkIndex(wasm.tw_scene_add_light(ctx, this._scene, this._node(light), kind), `mirroring the light "${light.name}"`);
    this._lights.set(light, id);
    this._layout++;
    return id;
  }

  _camera(camera) {
    let id = this._cameraIds.get(camera);
    if (id !== undefined) return id;
    if (!this._cameras) this._heap.cameras = this._cameras = checkPtr(wasm.tw_cameras_create(ctx), 'mirroring the cameras');
    id = checkIndex(wasm.tw_cameras_add(ctx, this._cameras, this._node(camera), camera.isOrthographicCamera ? 1 : 0),
      `mirroring the camera "${camera.name}"`);
    this._cameraIds.set(camera, id);
    this._layout++;
    return id;
  }

  _field(holder, name, type, family, index, kind) {
    const key = `${family}|${index}|${kind}`;
    let f = this._fieldKeys.get(key);
    if (f === undefined) {
      f = new FieldProp(holder, name, type, family, index, kind);
      this._fieldKeys.set(key, f);
      this._fields.push(f);
      this._refreshFields();
      const { f32, u8 } = heap();
      this._pullField(f, f32, u8, true);
    }
    return f;
  }

  _nameProp(object) {
    const node = this._node(object);
    let p = this._propKeys.get(`${node}|name`);
    if (p === undefined) {
      p = new NameProp(object, node);
      this._propKeys.set(`${node}|name`, p);
      this._names.push(p);
      this._pullName(p);
    }
    return p;
  }

  _prop(object, kind, element) {
    const node = this._node(object);
    let mesh = -1, skinned = false;
    if (kind === KIND.morph) {
      const m = this._mesh(object, node);
      mesh = m.id; skinned = m.skinned;
    }
    // a number but for a morph target (a node's kinds are fewer than 16)
    const key = kind === KIND.morph ? `${node}|${kind}|${mesh}|${element}` : node * 16 + kind;
    let p = this._propKeys.get(key);
    if (p === undefined) {
      p = new Prop(object, kind, node, mesh, element, skinned);
      this._propKeys.set(key, p);
      this._props.push(p);
      if (kind === KIND.quaternion) {
        p.slot = this._q.push(object.quaternion) - 1; this._qObj.push(object);
        this._qAt = growInt(this._qAt, p.slot + 1);
        this._qAt[p.slot] = (node * NODE.size + NODE.quaternion) >> 2;
        this._qS = growShadow(this._qS, 4 * (p.slot + 1));
      } else if (kind <= KIND.scale) {
        p.slot = this._v3.push(kind === KIND.position ? object.position : object.scale) - 1; this._v3Obj.push(object);
        this._v3At = growInt(this._v3At, p.slot + 1);
        this._v3At[p.slot] = (node * NODE.size + (kind === KIND.position ? NODE.position : NODE.scale)) >> 2;
        this._v3S = growShadow(this._v3S, 3 * (p.slot + 1));
      } else this._rest.push(p);
      if (kind <= KIND.quaternion) this._trs = null;
      this._packed = false;
      this._pull(p, true);
    }
    return p;
  }

  // The track's targets in the mirror: [{kind, family, index, element, stride offset}], or null
  // when three.js would bind it to nothing (no such node: three.js warns and skips it too).
  _bindTrack(track, root, find = nodeFinder(root)) {
    const pn = parsedName(track);
    // glTF's CUBICSPLINE keeps (in-tangent, value, out-tangent) per key: three times the value size.
    const valueSize = isGltfCubic(track) ? track.getValueSize() / 3 : track.getValueSize();
    const node = find(pn.nodeName);
    if (!node) return null;
    let object = node, material = null;
    if (pn.objectName) {
      const sub = this._subObject(track, node, pn);
      if (sub === null) return null;
      ({ object, material } = sub);
    }
    const prop = pn.propertyName;
    if (!object.isObject3D || (object.isLight && LIGHT_PROPS.includes(prop)) || (object.isCamera && CAMERA_PROPS.includes(prop))) {
      return this._bindField(track, pn, object, material, valueSize);
    }
    if (prop === 'name') {
      if (pn.propertyIndex !== undefined || valueSize !== 1) refuse(track, `.name[${pn.propertyIndex}] is not a name`);
      const p = this._nameProp(object);
      return [{ prop: p, kind: KIND.name, family: FAMILY.node, index: p.node, element: 0, offset: 0, size: 1, at: object }];
    }
    if ((prop === 'position' || prop === 'scale' || prop === 'rotation') && pn.propertyIndex !== undefined) {
      // One number of a vector or of the Euler angles: its axis; written back as the whole
      // vector (rotation: as the quaternion, whose change callback sets rotation).
      const axis = AXES[pn.propertyIndex];
      if (axis === undefined) refuse(track, `.${prop}[${pn.propertyIndex}] names no axis (x, y or z)`);
      if (valueSize !== 1) refuse(track, `${valueSize} values a key, .${prop}[${pn.propertyIndex}] takes 1`);
      const whole = prop === 'rotation' ? KIND.quaternion : KIND[prop];
      const p = this._prop(object, whole, 0);
      if (!p.partial) { p.partial = true; this._partial.push(p); }
      return [{ prop: p, kind: ELEMENT_KIND[prop], family: FAMILY.node, index: p.node, element: axis, offset: 0, size: 1, at: object }];
    }
    if (prop === 'position' || prop === 'scale' || prop === 'quaternion') {
      if (pn.propertyIndex !== undefined) refuse(track, `.${prop}[${pn.propertyIndex}] is not supported; animate the whole .${prop}`);
      const size = prop === 'quaternion' ? 4 : 3;
      if (valueSize !== size) refuse(track, `${valueSize} values a key, .${prop} takes ${size}`);
      const p = this._prop(object, KIND[prop], 0);
      return [{ prop: p, kind: KIND[prop], family: FAMILY.node, index: p.node, element: 0, offset: 0, size, at: object }];
    }
    if (prop === 'visible') {
      const p = this._prop(object, KIND.visible, 0);
      return [{ prop: p, kind: KIND.visible, family: FAMILY.node, index: p.node, element: 0, offset: 0, size: 1, at: object }];
    }
    if (prop === 'morphTargetInfluences') {
      if (!object.morphTargetInfluences) refuse(track, `"${object.name}" has no morphTargetInfluences`);
      const count = object.morphTargetInfluences.length;
      const make = (element, offset) => {
        const p = this._prop(object, KIND.morph, element);
        return { prop: p, kind: p.skinned ? KIND.skinnedMorph : KIND.morph,
          family: p.skinned ? FAMILY.skinnedMesh : FAMILY.mesh, index: p.mesh, element, offset, size: 1, at: object };
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
    refuse(track, `the property .${prop} is not supported (threeanim drives an object's position, quaternion, scale, visible, name and morphTargetInfluences, a light's ${LIGHT_PROPS.join(', ')}, a camera's ${CAMERA_PROPS.join(', ')}, and materials and their maps)`);
  }

  // The object a track's ".objectName[objectIndex]" reaches from node, by three.js's
  // PropertyBinding.bind (material, material[i], map, bones[name], any other field), and for a
  // map the material it is the map of; null where three.js binds nothing.
  _subObject(track, node, pn) {
    let object, material = null, index = pn.objectIndex;
    switch (pn.objectName) {
      case 'materials':
        refuse(track, '.materials (a material\'s array of materials) is not supported');
        break;
      case 'bones': {
        if (!node.skeleton) return null;
        object = node.skeleton.bones;
        const i = object.findIndex((b) => b.name === index);
        if (i >= 0) index = i;
        break;
      }
      case 'map':
        if ('map' in node) {
          object = node.map;
          if (node.isMaterial) material = node;
          break;
        }
        if (!node.material || !node.material.map) return null;
        material = node.material;
        object = node.material.map;
        break;
      default:
        object = node[pn.objectName];
    }
    if (object !== undefined && object !== null && index !== undefined) object = object[index];
    return object === undefined || object === null || typeof object !== 'object' ? null : { object, material };
  }

  // A track on a material, a material's map, a light or a camera: one FieldProp.
  _bindField(track, pn, object, material, valueSize) {
    const prop = pn.propertyName;
    const value = object[prop];
    if (value === undefined) return null; // three.js: no such property, and it binds nothing
    if (pn.propertyIndex !== undefined) refuse(track, `.${prop}[${pn.propertyIndex}] is not supported; animate the whole .${prop}`);
    let family, path = prop;
    if (object.isMaterial) family = FAMILY.material;
    else if (object.isTexture) {
      if (material === null) refuse(track, 'a texture is driven only as the map of a material (".map.offset")');
      family = FAMILY.material;
      path = `map.${prop}`;
    } else if (object.isLight) family = FAMILY.light;
    else if (object.isCamera && (object.isPerspectiveCamera || object.isOrthographicCamera)) {
      family = object.isOrthographicCamera ? FAMILY.orthographic : FAMILY.perspective;
    } else refuse(track, `a ${object.type || typeof object} is not driven by threeanim's mixer (only objects, materials, their maps, lights and cameras)`);
    const kind = kindOf(family, path);
    const type = value && value.isColor ? FIELD.color : value && value.isVector2 ? FIELD.vec2
      : typeof value === 'boolean' ? FIELD.flag : typeof value === 'number' ? FIELD.number : -1;
    if (kind < 0 || type < 0) refuse(track, `the property .${prop} of a ${object.type} is not driven by threeanim's mixer`);
    if (valueSize !== FIELD_SIZE[type]) refuse(track, `${valueSize} values a key, .${prop} takes ${FIELD_SIZE[type]}`);
    let index;
    if (family === FAMILY.material) {
      index = this._material(object.isTexture ? material : object);
      this._useAssets = true;
    } else index = family === FAMILY.light ? this._light(object, track) : this._camera(object);
    const f = this._field(object, prop, type, family, index, kind);
    return [{ prop: f, kind, family, index, element: 0, offset: 0, size: FIELD_SIZE[type], at: object.isObject3D ? object : null }];
  }

  // The objects of an AnimationObjectGroup the group plays on now.
  _groupMembers(group) { return group._objects.slice(group.nCachedObjects_); }

  // Each track of clip bound on every object of the group, as three.js's composite binding does;
  // threeanim's group action plays a track on the member itself (its node, its mesh's morph
  // targets and materials, the light or camera it is), so every object must bind it there, alike.
  _bindGroup(clip, members) {
    const finders = members.map((m) => nodeFinder(m));
    return clip.tracks.map((track) => {
      const per = members.map((m, k) => {
        const b = this._bindTrack(track, m, finders[k]);
        if (b === null) return null;
        for (const t of b) {
          const onMember = t.family === FAMILY.material ? m.material && !Array.isArray(m.material) && (t.prop.holder === m.material || t.prop.holder === m.material.map) : t.at === m;
          if (!onMember) refuse(track, `in an AnimationObjectGroup, it binds to something other than the group's object "${m.name}" itself (threeanim plays a group's tracks on each object)`);
        }
        if (b.length > 0 && b[0].family === FAMILY.material) this._mesh(m, this._node(m));
        return b;
      });
      const shape = (b) => (b === null ? 'nothing' : b.map((t) => `${t.kind}:${t.family}`).join(','));
      for (let k = 1; k < per.length; k++) {
        if (shape(per[k]) !== shape(per[0])) refuse(track, `the objects of its AnimationObjectGroup bind it unlike ("${members[0].name}": ${shape(per[0])}, "${members[k].name}": ${shape(per[k])})`);
      }
      return per.length > 0 ? per[0] : null;
    });
  }

  // Makes the ta_track(s) of one three.js track, pushing them to out; the caller frees out's
  // tracks when this throws.
  _makeTracks(track, targets, out) {
    if (targets === null) return;
    const times = track.times, values = track.values, keys = times.length;
    if (targets.length === 1 && targets[0].kind === KIND.name) {
      // One string a key: STEP, as three.js's StringKeyframeTrack.
      const strings = Array.from(values, (v) => cString(String(v)));
      const pt = allocFloats(times), ps = allocU32(strings);
      const tr = wasm.tw_track_create_strings(ctx, KIND.name, targets[0].index, pt, keys, ps);
      wasm.tw_free(pt); wasm.tw_free(ps); for (const p of strings) wasm.tw_free(p);
      checkPtr(tr, `track "${track.name}"`);
      out.push(tr);
      return;
    }
    const cubic = isGltfCubic(track);
    let interp;
    if (cubic) interp = CUBIC_SPLINE_INTERP;
    else {
      interp = INTERP[track.getInterpolation()];
      if (interp === undefined) refuse(track, `interpolation ${track.getInterpolation()} is not supported`);
    }
    const flags = track.ValueTypeName === 'bool';
    const stride = cubic ? track.getValueSize() / 3 : track.getValueSize();
    for (const t of targets) {
      const size = t.size;
      const v = new Float32Array(keys * size);
      let inT = null, outT = null;
      if (cubic) {
        inT = new Float32Array(keys * size); outT = new Float32Array(keys * size);
        for (let k = 0; k < keys; k++) for (let j = 0; j < size; j++) {
          inT[k * size + j] = values[k * stride * 3 + t.offset + j];
          v[k * size + j] = values[k * stride * 3 + stride + t.offset + j];
          outT[k * size + j] = values[k * stride * 3 + 2 * stride + t.offset + j];
        }
      } else if (flags) {
        for (let k = 0; k < keys; k++) v[k] = values[k] ? 1 : 0;
      } else {
        for (let k = 0; k < keys; k++) for (let j = 0; j < size; j++) v[k * size + j] = values[k * stride + t.offset + j];
      }
      const pt = allocFloats(times), pv = allocFloats(v);
      const pi = inT ? allocFloats(inT) : 0, po = outT ? allocFloats(outT) : 0;
      const tr = wasm.tw_track_create(ctx, t.kind, t.family, t.index, t.element || 0, interp, pt, keys, pv, v.length,
        pi, po, inT ? inT.length : 0);
      wasm.tw_free(pt); wasm.tw_free(pv); if (pi) wasm.tw_free(pi); if (po) wasm.tw_free(po);
      checkPtr(tr, `track "${track.name}"`);
      out.push(tr);
    }
  }

  // onlyObjects (the crowd, which writes no three.js object): a track on a material, light or
  // camera is refused.
  _clip(clip, root, onlyObjects = false) {
    const key = `${clip.uuid}|${root.uuid}`;
    let c = this._clips.get(key);
    if (c !== undefined) return c;
    const find = nodeFinder(root);
    if (onlyObjects) {
      for (const track of clip.tracks) {
        const pn = parsedName(track);
        const node = find(pn.nodeName);
        const object = node && pn.objectName ? this._subObject(track, node, pn) : null;
        if ((object !== null && !object.object.isObject3D) || (node && (node.isLight || node.isCamera) && (LIGHT_PROPS.includes(pn.propertyName) || CAMERA_PROPS.includes(pn.propertyName)))) {
          refuse(track, 'a crowd drives objects only, not materials, lights or cameras');
        }
      }
    }
    // Bound once per mixer; the threeanim clip is shared by every mixer whose tracks land on the
    // same places of its mirror (characters of one rig: the same nodes in the same order), as
    // three.js's mixers share one clip.
    const bound = root.isAnimationObjectGroup ? this._bindGroup(clip, this._groupMembers(root))
      : clip.tracks.map((t) => this._bindTrack(t, root, find));
    // The Props its tracks bound, each once, in their order; and what they drive, as numbers
    // (per track -1 for nothing, else its target count and each target's kind, family, index and
    // element), the key of a copy with its hash. Plain loops: a mixer binds each clip's few
    // hundred tracks, and a crowd of drop-in mixers binds them a thousand times.
    const props = root.isAnimationObjectGroup ? null : [], stamp = ++this._stamp;
    const sig = [];
    for (let i = 0; i < bound.length; i++) {
      const b = bound[i];
      if (b === null) { sig.push(-1); continue; }
      sig.push(b.length);
      for (let j = 0; j < b.length; j++) {
        const t = b[j];
        sig.push(t.kind, t.family, t.index, t.element || 0);
        if (props !== null && t.prop._stamp !== stamp) { t.prop._stamp = stamp; props.push(t.prop); }
      }
    }
    this._clipProps.set(key, props);
    let hash = 0x811c9dc5;
    for (let i = 0; i < sig.length; i++) hash = Math.imul(hash ^ sig[i], 0x01000193);
    let copies = SHARED_CLIPS.get(clip);
    if (copies === undefined) {
      copies = new Map();
      SHARED_CLIPS.set(clip, copies);
      if (CLIP_HEAP !== null) CLIP_HEAP.register(clip, copies);
    }
    let same = copies.get(hash);
    const found = same === undefined ? undefined : same.find((e) => sameNumbers(e.sig, sig));
    c = found === undefined ? undefined : found.c;
    if (c === undefined) {
      const tracks = [];
      // A track refused (or not made) after others were: those made are freed, none kept.
      try { clip.tracks.forEach((t, i) => this._makeTracks(t, bound[i], tracks)); } catch (e) { for (const x of tracks) wasm.tw_track_destroy(x); throw e; }
      const arr = wasm.tw_malloc(Math.max(1, tracks.length) * 4);
      heap().u32.set(tracks, arr >> 2);
      const name = cString(clip.name || '');
      c = wasm.tw_clip_create(ctx, name, arr, tracks.length, clip.duration, BLEND_TO_TA[clip.blendMode] || 1);
      wasm.tw_free(arr); wasm.tw_free(name);
      if (!c) for (const t of tracks) wasm.tw_track_destroy(t);
      checkPtr(c, `clip "${clip.name}"`);
      if (same === undefined) { same = []; copies.set(hash, same); }
      same.push({ sig: Int32Array.from(sig), c });
    }
    wasm.tw_clip_retain(c);
    this._heap.clips.push(c);
    this._clips.set(key, c);
    return c;
  }

  // ---- three.js's API ------------------------------------------------------------------------

  clipAction(clip, optionalRoot, blendMode) {
    const root = optionalRoot || this._root;
    let clipObject = typeof clip === 'string' ? AnimationClip.findByName(root, clip) : clip;
    const clipUuid = clipObject !== null ? clipObject.uuid : clip;
    const forClip = this._byClip.get(clipUuid);
    if (blendMode === undefined) blendMode = clipObject !== null ? clipObject.blendMode : NormalAnimationBlendMode;
    if (forClip !== undefined) {
      const existing = forClip.get(root.uuid);
      if (existing !== undefined && existing.blendMode === blendMode) return existing;
    }
    const known = this._known.get(clipUuid);
    if (known !== undefined && clipObject === null) clipObject = known.values().next().value._clip;
    if (clipObject === null || clipObject === undefined) return null;
    if (BLEND_TO_TA[blendMode] === undefined) throw new Error(`threeanim AnimationMixer: clipAction: blend mode ${blendMode} is not NormalAnimationBlendMode or AdditiveAnimationBlendMode`);
    const c = this._clip(clipObject, root);
    // A group's objects as the action is made (threeanim's action keeps its own copy of them).
    const members = root.isAnimationObjectGroup ? this._groupMembers(root).map((m) => this._node(m)) : [];
    const pm = allocU32(members);
    const index = wasm.tw_action_create(ctx, this._mixer, c, BLEND_TO_TA[blendMode], -1, pm, members.length);
    wasm.tw_free(pm);
    checkIndex(index, `clipAction("${clipObject.name}")`);
    const action = new AnimationAction(this, clipObject, root, blendMode, index);
    this._byIndex.set(index, action);
    let m = this._byClip.get(clipObject.uuid);
    if (m === undefined) { m = new Map(); this._byClip.set(clipObject.uuid, m); }
    m.set(root.uuid, action);
    let all = this._known.get(clipObject.uuid);
    if (all === undefined) { all = new Set(); this._known.set(clipObject.uuid, all); }
    all.add(action);
    this._stats.bind(action, root.uuid, clipObject.tracks.map((t) => t.name));
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
    this._touched();
    wasm.tw_mixer_stop_all_action(this._mixer);
    for (const a of this._byIndex.values()) a._endTime = undefined;
    // three.js's stops each active action: deactivated and reset (its fade and warp given back)
    for (const a of [...this._stats.active]) {
      this._stats.deactivate(a);
      a._stopTimed('weightEnd', 'scaleEnd');
    }
    this._restoreStopped('stopAllAction');
    return this;
  }

  // What a stop or an uncache leaves no action driving goes back to its original in the call, as
  // three.js's stop writes it (threeanim's mixer would write it at the next update).
  _restoreStopped(what) {
    check(wasm.tw_mixer_restore_stopped(ctx, this._mixer, this._scene, this._useAssets ? this._assets : 0, this._cameras), what);
    this._writeBack();
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
    const seen = this._stats.lent === 0 ? null : this._stats.before(); // (most updates: no fade or warp)
    check(wasm.tw_mixer_update(ctx, this._mixer, this._scene, this._useAssets ? this._assets : 0, this._cameras, deltaTime), 'update');
    if (this._pullEvery) this._allDriven = this._drivesEvery();
    this._pullEvery = false;
    this._time = wasm.tw_mixer_time(this._mixer);
    this._writeBack(this._allDriven);
    this._dispatchEvents(seen);
    return this;
  }

  setTime(timeInSeconds) {
    this._syncScale();
    this._pullAll();
    const seen = this._stats.lent === 0 ? null : this._stats.before(); // (most updates: no fade or warp)
    for (const a of this._byIndex.values()) a._endTime = undefined; // three.js zeroes every action's time
    check(wasm.tw_mixer_set_time(ctx, this._mixer, this._scene, this._useAssets ? this._assets : 0, this._cameras, timeInSeconds), 'setTime');
    if (this._pullEvery) this._allDriven = this._drivesEvery();
    this._pullEvery = false;
    this._time = wasm.tw_mixer_time(this._mixer);
    this._writeBack(this._allDriven);
    this._dispatchEvents(seen);
    return this;
  }

  // Every action on the clip, as three.js's: of every root, and an earlier one of the other blend
  // mode on the same root, which existingAction no longer finds.
  uncacheClip(clip) {
    const all = this._known.get(clip.uuid);
    if (all === undefined) return;
    for (const a of [...all]) this._uncache(a);
  }

  uncacheRoot(root) {
    for (const m of [...this._byClip.values()]) {
      const a = m.get(root.uuid);
      if (a !== undefined) this._uncache(a);
    }
    this._stats.dropRoot(root.uuid);
  }

  uncacheAction(clip, optionalRoot) {
    const a = this.existingAction(clip, optionalRoot);
    if (a !== null) this._uncache(a);
  }

  _uncache(action) {
    this._touched();
    check(wasm.tw_mixer_uncache_action(ctx, this._mixer, action._index), 'uncacheAction');
    this._restoreStopped('uncacheAction');
    const m = this._byClip.get(action._clip.uuid);
    if (m && m.get(action._localRoot.uuid) === action) {
      m.delete(action._localRoot.uuid);
      if (m.size === 0) this._byClip.delete(action._clip.uuid);
    }
    const all = this._known.get(action._clip.uuid);
    if (all !== undefined) {
      all.delete(action);
      if (all.size === 0) this._known.delete(action._clip.uuid);
    }
    this._dropClip(action._clip, action._localRoot, all);
    this._stats.deactivate(action);
    this._stats.remove(action);
    action._ptr = 0;
    // as three.js's uncacheAction forgets the action: nothing of the mixer's holds it, or its clip
    this._byIndex.delete(action._index);
  }

  // The mixer's reference to the threeanim copy of clip bound under root, given back when the
  // last action on them is uncached (threeanim's action gave its own back): a program that streams
  // clips through one mixer keeps none of them.
  _dropClip(clip, root, others) {
    if (others !== undefined) for (const a of others) if (a._localRoot.uuid === root.uuid) return;
    const key = `${clip.uuid}|${root.uuid}`, c = this._clips.get(key);
    if (c === undefined) return;
    this._clips.delete(key);
    this._clipProps.delete(key);
    const at = this._heap.clips.indexOf(c);
    if (at >= 0) this._heap.clips.splice(at, 1);
    wasm.tw_clip_release(c);
  }

  // Brings every bound object's `rotation` up to date with its quaternion (the mixer made with
  // { updateRotation: false } leaves it stale).
  updateRotations() {
    for (const p of this._props) {
      if (p.kind === KIND.quaternion) p.object.rotation.setFromQuaternion(p.object.quaternion, undefined, false);
    }
  }

  // ---- the mirror ----------------------------------------------------------------------------

  // Finds again what moves as nodes and meshes are added: the node list, the morph influences'
  // places. (The vectors' and quaternions' places and shadows grow as their Props are added: a
  // rig's binding stays linear in its tracks.)
  _pack() {
    for (const p of this._rest) if (p.kind === KIND.morph) p.ptr = wasm.tw_mesh_influences(this._scene, p.mesh, p.skinned ? 1 : 0) >> 2;
    this._nodesBase = wasm.tw_scene_nodes(this._scene) >> 2;
    this._packed = true;
    this._touched();
  }

  // The write-back's plan (this._trs, in the constructor), from the Props bound so far.
  _planTrs() {
    const byNode = new Map(); // node -> [position slot, quaternion slot, scale slot]
    for (const p of this._props) {
      if (p.kind > KIND.quaternion) continue;
      let e = byNode.get(p.node);
      if (e === undefined) { e = [-1, -1, -1]; byNode.set(p.node, e); }
      e[p.kind === KIND.position ? 0 : p.kind === KIND.quaternion ? 1 : 2] = p.slot;
    }
    const nodes = [...byNode.keys()].filter((n) => { const e = byNode.get(n); return e[0] >= 0 && e[1] >= 0 && e[2] >= 0; });
    nodes.sort((a, b) => a - b);
    const n = nodes.length;
    const plan = {
      n, p: new Array(n), q: new Array(n), s: new Array(n), at: new Int32Array(n),
      ps: new Int32Array(n), qs: new Int32Array(n), ss: new Int32Array(n), v3Rest: null, qRest: null,
    };
    const inV3 = new Uint8Array(this._v3.length), inQ = new Uint8Array(this._q.length);
    for (let i = 0; i < n; i++) {
      const [ps, qs, ss] = byNode.get(nodes[i]);
      plan.p[i] = this._v3[ps]; plan.q[i] = this._q[qs]; plan.s[i] = this._v3[ss];
      plan.ps[i] = ps; plan.qs[i] = qs; plan.ss[i] = ss;
      plan.at[i] = (nodes[i] * NODE.size + NODE.position) >> 2;
      inV3[ps] = 1; inV3[ss] = 1; inQ[qs] = 1;
    }
    plan.v3Rest = Int32Array.from(inV3.keys()).filter((i) => inV3[i] === 0);
    plan.qRest = Int32Array.from(inQ.keys()).filter((i) => inQ[i] === 0);
    return plan;
  }

  // A call on the mixer or an action: the next update pulls every bound value and finds again
  // whether all are driven; the shadows catch up first, while the mirror still holds what
  // three.js was last given.
  _touched() {
    this._pullEvery = true;
    if (this._stale) this._freshen();
  }

  _freshen() {
    const f32 = heap().f32, base = wasm.tw_scene_nodes(this._scene) >> 2; // nodes may have moved
    const at3 = this._v3At, s3 = this._v3S;
    for (let i = 0, j = 0, n = this._v3.length; i < n; i++, j += 3) {
      const at = base + at3[i];
      s3[j] = f32[at]; s3[j + 1] = f32[at + 1]; s3[j + 2] = f32[at + 2];
    }
    const atq = this._qAt, sq = this._qS;
    for (let i = 0, j = 0, n = this._q.length; i < n; i++, j += 4) {
      const at = base + atq[i];
      sq[j] = f32[at]; sq[j + 1] = f32[at + 1]; sq[j + 2] = f32[at + 2]; sq[j + 3] = f32[at + 3];
    }
    this._stale = false;
  }

  // writeAlways: whether the actions playing drive every vector and quaternion bound, whole
  // (no track of one axis, no group's action), so that each update writes them all into the
  // mirror (the wasm mixer writes always).
  _drivesEvery() {
    const nv = this._v3.length, nq = this._q.length;
    if (!this._writeAlways || this._partial.length > 0 || nv + nq === 0) return false;
    const seen = new Uint8Array(nv + nq);
    let count = 0;
    for (const a of this._byIndex.values()) {
      if (!a._ptr || wasm.tw_action_is_active(a._ptr) === 0) continue;
      const props = this._clipProps.get(`${a._clip.uuid}|${a._localRoot.uuid}`);
      if (!props) return false;
      for (const p of props) {
        const k = p.kind === KIND.quaternion ? nv + p.slot : p.kind <= KIND.scale ? p.slot : -1;
        if (k >= 0 && seen[k] === 0) { seen[k] = 1; count++; }
      }
    }
    return count === nv + nq;
  }

  // Copies into the mirror a three.js value that changed since the mirror last saw it.
  _pull(p, force) {
    if (!this._packed) this._pack();
    const { f32, u8 } = heap();
    const k = p.kind;
    if (k === KIND.quaternion) {
      const q = this._q[p.slot], s = this._qS, j = 4 * p.slot;
      if (force || q._x !== s[j] || q._y !== s[j + 1] || q._z !== s[j + 2] || q._w !== s[j + 3]) {
        s[j] = q._x; s[j + 1] = q._y; s[j + 2] = q._z; s[j + 3] = q._w;
        const at = this._nodesBase + this._qAt[p.slot];
        f32[at] = q._x; f32[at + 1] = q._y; f32[at + 2] = q._z; f32[at + 3] = q._w;
      }
    } else if (k <= KIND.scale) {
      const v = this._v3[p.slot], s = this._v3S, j = 3 * p.slot;
      if (force || v.x !== s[j] || v.y !== s[j + 1] || v.z !== s[j + 2]) {
        s[j] = v.x; s[j + 1] = v.y; s[j + 2] = v.z;
        const at = this._nodesBase + this._v3At[p.slot];
        f32[at] = v.x; f32[at + 1] = v.y; f32[at + 2] = v.z;
      }
    } else if (k === KIND.morph) {
      const v = p.object.morphTargetInfluences[p.element];
      if (force || v !== p.shadow[0]) { p.shadow[0] = v; f32[p.ptr + p.element] = v; }
    } else {
      const v = p.object.visible ? 1 : 0;
      if (force || v !== p.shadow[0]) { p.shadow[0] = v; u8[4 * this._nodesBase + p.node * NODE.size + NODE.visible] = v; }
    }
  }

  // _pull over every binding: the vectors and quaternions in two flat loops.
  _pullAll() {
    if (!this._packed) this._pack();
    if (!this._pullEvery) {
      for (const p of this._partial) this._pull(p, false);
      this._pullRest();
      return;
    }
    const f32 = heap().f32, base = this._nodesBase;
    const v3 = this._v3, at3 = this._v3At, s3 = this._v3S;
    for (let i = 0, j = 0, n = v3.length; i < n; i++, j += 3) {
      const v = v3[i], x = v.x, y = v.y, z = v.z;
      if (x !== s3[j] || y !== s3[j + 1] || z !== s3[j + 2]) {
        s3[j] = x; s3[j + 1] = y; s3[j + 2] = z;
        const at = base + at3[i];
        f32[at] = x; f32[at + 1] = y; f32[at + 2] = z;
      }
    }
    const qs = this._q, atq = this._qAt, sq = this._qS;
    for (let i = 0, j = 0, n = qs.length; i < n; i++, j += 4) {
      const q = qs[i], x = q._x, y = q._y, z = q._z, w = q._w;
      if (x !== sq[j] || y !== sq[j + 1] || z !== sq[j + 2] || w !== sq[j + 3]) {
        sq[j] = x; sq[j + 1] = y; sq[j + 2] = z; sq[j + 3] = w;
        const at = base + atq[i];
        f32[at] = x; f32[at + 1] = y; f32[at + 2] = z; f32[at + 3] = w;
      }
    }
    this._pullRest();
  }

  // The bindings pulled before every update: visible, morph influences, fields and names (few).
  _pullRest() {
    const rest = this._rest;
    for (let i = 0; i < rest.length; i++) this._pull(rest[i], false);
    if (this._fields.length > 0) this._pullFields();
    for (const p of this._names) this._pullName(p);
  }

  // ---- materials, textures, lights, cameras and names ---------------------------------------

  // Finds again where each FieldProp's value sits (its list grew since).
  _refreshFields() {
    for (const f of this._fields) {
      f.ptr = checkPtr(wasm.tw_target_field(ctx, this._scene, this._assets, this._cameras, f.family, f.index, f.kind),
        `.${f.name} of "${f.holder.name}"`);
    }
    this._fieldLayout = this._layout;
  }

  _pullFields() {
    if (this._fieldLayout !== this._layout) this._refreshFields();
    const { f32, u8 } = heap();
    for (const f of this._fields) this._pullField(f, f32, u8, false);
  }

  // Copies holder[name] into the mirror when it changed since the mirror last saw it (a color
  // as its sRGB bytes).
  _pullField(f, f32, u8, force) {
    const v = f.holder[f.name], s = f.shadow, at = f.ptr;
    if (f.type === FIELD.number) {
      if (force || v !== s[0]) { s[0] = v; f32[at >> 2] = v; }
    } else if (f.type === FIELD.vec2) {
      if (force || v.x !== s[0] || v.y !== s[1]) { s[0] = v.x; s[1] = v.y; f32[at >> 2] = v.x; f32[(at >> 2) + 1] = v.y; }
    } else if (f.type === FIELD.flag) {
      const b = v ? 1 : 0;
      if (force || b !== s[0]) { s[0] = b; u8[at] = b; }
    } else if (force || v.r !== s[0] || v.g !== s[1] || v.b !== s[2]) {
      s[0] = v.r; s[1] = v.g; s[2] = v.b;
      u8[at] = wasm.tw_color_linear_to_byte(v.r);
      u8[at + 1] = wasm.tw_color_linear_to_byte(v.g);
      u8[at + 2] = wasm.tw_color_linear_to_byte(v.b);
    }
  }

  // Writes into three.js each mirrored field that differs from what three.js last held; a
  // material written is flagged needsUpdate, as three.js's mixer does.
  _writeFields() {
    if (this._fieldLayout !== this._layout) this._refreshFields();
    const { f32, u8 } = heap();
    for (const f of this._fields) {
      const s = f.shadow, at = f.ptr;
      let changed = false;
      if (f.type === FIELD.number) {
        const v = f32[at >> 2];
        if (v !== s[0]) { s[0] = v; f.holder[f.name] = v; changed = true; }
      } else if (f.type === FIELD.vec2) {
        const x = f32[at >> 2], y = f32[(at >> 2) + 1];
        if (x !== s[0] || y !== s[1]) { s[0] = x; s[1] = y; const v = f.holder[f.name]; v.x = x; v.y = y; changed = true; }
      } else if (f.type === FIELD.flag) {
        const b = u8[at];
        if (b !== s[0]) { s[0] = b; f.holder[f.name] = b !== 0; changed = true; }
      } else {
        const r = BYTE_TO_LINEAR[u8[at]], g = BYTE_TO_LINEAR[u8[at + 1]], b = BYTE_TO_LINEAR[u8[at + 2]];
        if (r !== s[0] || g !== s[1] || b !== s[2]) {
          s[0] = r; s[1] = g; s[2] = b;
          const c = f.holder[f.name];
          c.r = r; c.g = g; c.b = b;
          changed = true;
        }
      }
      if (changed && f.material) f.holder.needsUpdate = true;
      else if (changed && f.object3d) f.holder.matrixWorldNeedsUpdate = true;
    }
  }

  _pullName(p) {
    const name = p.object.name;
    if (name === p.shadow) return;
    p.shadow = name;
    const c = cString(name);
    const r = wasm.tw_scene_set_node_name(ctx, this._scene, p.node, c);
    wasm.tw_free(c);
    check(r, `the name "${name}"`);
  }

  _writeNames() {
    for (const p of this._names) {
      const name = readCString(wasm.tw_node_name(this._scene, p.node));
      if (name !== p.shadow) { p.shadow = name; p.object.name = name; p.object.matrixWorldNeedsUpdate = true; }
    }
  }

  // Writes into three.js each mirrored value that differs from what three.js last held; every
  // vector and quaternion, with no comparison, when the update wrote them all (all: writeAlways).
  _writeBack(all = false) {
    if (!this._packed) this._pack();
    const { f32, u8 } = heap();
    const base = this._nodesBase;
    // An object written is flagged matrixWorldNeedsUpdate, as three.js's bindings to an Object3D
    // do; { updateRotation: false } leaves the flag to updateMatrix, which sets it anyway for an
    // object whose matrixAutoUpdate is true (and one whose is false keeps its matrix).
    const threes = this._updateRotation;
    if (threes) {
      if (all) this._writeAllByKind(f32, base);
      else this._writeChangedByKind(f32, base);
    } else {
      if (this._trs === null) this._trs = this._planTrs();
      if (all) this._writeAll(f32, base);
      else this._writeChanged(f32, base);
    }
    this._writeRest(f32, u8, base);
  }

  // The fields alone (updateRotation false), a node's three objects together (this._trs). The
  // shadows are left behind (_stale): reading and writing them was a sixth of the drop-in's
  // update (docs/performance.md).
  _writeAll(f32, base) {
    const t = this._trs, P = t.p, Q = t.q, S = t.s, atn = t.at;
    const dq = (NODE.quaternion - NODE.position) >> 2, ds = (NODE.scale - NODE.position) >> 2;
    for (let i = 0, n = t.n; i < n; i++) {
      const at = base + atn[i], p = P[i], q = Q[i], s = S[i];
      p.x = f32[at]; p.y = f32[at + 1]; p.z = f32[at + 2];
      const aq = at + dq;
      q._x = f32[aq]; q._y = f32[aq + 1]; q._z = f32[aq + 2]; q._w = f32[aq + 3];
      const as = at + ds;
      s.x = f32[as]; s.y = f32[as + 1]; s.z = f32[as + 2];
    }
    const v3 = this._v3, at3 = this._v3At, r3 = t.v3Rest;
    for (let k = 0, n = r3.length; k < n; k++) {
      const i = r3[k], at = base + at3[i], v = v3[i];
      v.x = f32[at]; v.y = f32[at + 1]; v.z = f32[at + 2];
    }
    const qs = this._q, atq = this._qAt, rq = t.qRest;
    for (let k = 0, n = rq.length; k < n; k++) {
      const i = rq[k], at = base + atq[i], q = qs[i];
      q._x = f32[at]; q._y = f32[at + 1]; q._z = f32[at + 2]; q._w = f32[at + 3];
    }
    this._stale = true;
  }

  // Each vector and quaternion whose mirrored value differs from its shadow (what three.js last
  // held) is written, its fields alone (updateRotation false); a node's three at once
  // (this._trs), then the rest.
  _writeChanged(f32, base) {
    const t = this._trs, P = t.p, Q = t.q, S = t.s, atn = t.at, ps = t.ps, qs = t.qs, ss = t.ss;
    const s3 = this._v3S, sq = this._qS;
    const dq = (NODE.quaternion - NODE.position) >> 2, ds = (NODE.scale - NODE.position) >> 2;
    for (let i = 0, n = t.n; i < n; i++) {
      const at = base + atn[i];
      let x = f32[at], y = f32[at + 1], z = f32[at + 2], j = 3 * ps[i];
      if (x !== s3[j] || y !== s3[j + 1] || z !== s3[j + 2]) {
        s3[j] = x; s3[j + 1] = y; s3[j + 2] = z;
        const p = P[i];
        p.x = x; p.y = y; p.z = z;
      }
      const aq = at + dq;
      x = f32[aq]; y = f32[aq + 1]; z = f32[aq + 2];
      const w = f32[aq + 3];
      j = 4 * qs[i];
      if (x !== sq[j] || y !== sq[j + 1] || z !== sq[j + 2] || w !== sq[j + 3]) {
        sq[j] = x; sq[j + 1] = y; sq[j + 2] = z; sq[j + 3] = w;
        const q = Q[i];
        q._x = x; q._y = y; q._z = z; q._w = w;
      }
      const as = at + ds;
      x = f32[as]; y = f32[as + 1]; z = f32[as + 2]; j = 3 * ss[i];
      if (x !== s3[j] || y !== s3[j + 1] || z !== s3[j + 2]) {
        s3[j] = x; s3[j + 1] = y; s3[j + 2] = z;
        const s = S[i];
        s.x = x; s.y = y; s.z = z;
      }
    }
    const v3 = this._v3, at3 = this._v3At, r3 = t.v3Rest;
    for (let k = 0, n = r3.length; k < n; k++) {
      const i = r3[k], j = 3 * i, at = base + at3[i], x = f32[at], y = f32[at + 1], z = f32[at + 2];
      if (x !== s3[j] || y !== s3[j + 1] || z !== s3[j + 2]) {
        s3[j] = x; s3[j + 1] = y; s3[j + 2] = z;
        const v = v3[i];
        v.x = x; v.y = y; v.z = z;
      }
    }
    const qv = this._q, atq = this._qAt, rq = t.qRest;
    for (let k = 0, n = rq.length; k < n; k++) {
      const i = rq[k], j = 4 * i, at = base + atq[i], x = f32[at], y = f32[at + 1], z = f32[at + 2], w = f32[at + 3];
      if (x !== sq[j] || y !== sq[j + 1] || z !== sq[j + 2] || w !== sq[j + 3]) {
        sq[j] = x; sq[j + 1] = y; sq[j + 2] = z; sq[j + 3] = w;
        const q = qv[i];
        q._x = x; q._y = y; q._z = z; q._w = w;
      }
    }
  }

  // With updateRotation: every vector, then every quaternion through its set (whose change
  // callback brings rotation up to date), each object flagged, in binding order: a node at a
  // time, with the callback in the loop, took a tenth longer (docs/performance.md).
  _writeAllByKind(f32, base) {
    const v3 = this._v3, at3 = this._v3At, o3 = this._v3Obj;
    for (let i = 0, n = v3.length; i < n; i++) {
      const at = base + at3[i], v = v3[i];
      v.x = f32[at]; v.y = f32[at + 1]; v.z = f32[at + 2];
      o3[i].matrixWorldNeedsUpdate = true;
    }
    const qs = this._q, atq = this._qAt, oq = this._qObj;
    for (let i = 0, n = qs.length; i < n; i++) {
      const at = base + atq[i], q = qs[i];
      q.set(f32[at], f32[at + 1], f32[at + 2], f32[at + 3]);
      oq[i].matrixWorldNeedsUpdate = true;
    }
    this._stale = true;
  }

  _writeChangedByKind(f32, base) {
    const v3 = this._v3, at3 = this._v3At, s3 = this._v3S, o3 = this._v3Obj;
    for (let i = 0, j = 0, n = v3.length; i < n; i++, j += 3) {
      const at = base + at3[i], x = f32[at], y = f32[at + 1], z = f32[at + 2];
      if (x !== s3[j] || y !== s3[j + 1] || z !== s3[j + 2]) {
        s3[j] = x; s3[j + 1] = y; s3[j + 2] = z;
        const v = v3[i];
        v.x = x; v.y = y; v.z = z;
        o3[i].matrixWorldNeedsUpdate = true;
      }
    }
    const qs = this._q, atq = this._qAt, sq = this._qS, oq = this._qObj;
    for (let i = 0, j = 0, n = qs.length; i < n; i++, j += 4) {
      const at = base + atq[i], x = f32[at], y = f32[at + 1], z = f32[at + 2], w = f32[at + 3];
      if (x !== sq[j] || y !== sq[j + 1] || z !== sq[j + 2] || w !== sq[j + 3]) {
        sq[j] = x; sq[j + 1] = y; sq[j + 2] = z; sq[j + 3] = w;
        const q = qs[i];
        q.set(x, y, z, w);
        oq[i].matrixWorldNeedsUpdate = true;
      }
    }
  }

  _writeRest(f32, u8, base) {
    for (const p of this._rest) {
      const s = p.shadow;
      if (p.kind === KIND.morph) {
        const v = f32[p.ptr + p.element];
        if (v !== s[0]) { s[0] = v; p.object.morphTargetInfluences[p.element] = v; p.object.matrixWorldNeedsUpdate = true; }
      } else {
        const v = u8[4 * base + p.node * NODE.size + NODE.visible];
        if (v !== s[0]) { s[0] = v; p.object.visible = v !== 0; p.object.matrixWorldNeedsUpdate = true; }
      }
    }
    if (this._fields.length > 0) this._writeFields();
    if (this._names.length > 0) this._writeNames();
  }

  // The update's events: the stats' take-backs first (seen: MixerStats.before's), which read
  // which actions finished, then the listeners.
  _dispatchEvents(seen) {
    let n = wasm.tw_mixer_drain_events(this._mixer, this._eventsPtr, 64);
    if (n === 0) { // most updates: none
      if (seen !== null) this._stats.after(seen, this._time, NO_ACTIONS);
      return;
    }
    const events = this._events;
    events.length = 0;
    for (;; n = wasm.tw_mixer_drain_events(this._mixer, this._eventsPtr, 64)) {
      const { f64 } = heap();
      const b = this._eventsPtr >> 3;
      for (let i = 0; i < n; i++) events.push([f64[b + 4 * i], this._byIndex.get(f64[b + 4 * i + 1]), f64[b + 4 * i + 2], f64[b + 4 * i + 3]]);
      if (n < 64) break;
    }
    if (seen !== null) this._stats.after(seen, this._time, new Set(events.filter((e) => e[0] === EVENT_FINISHED).map((e) => e[1])));
    // a listener may update the mixer again, which refills this._events
    for (const [kind, action, loopDelta, direction] of events.splice(0)) {
      if (kind === EVENT_LOOPED) this.dispatchEvent({ type: 'loop', action, loopDelta, direction });
      else if (kind === EVENT_FINISHED) {
        if (action !== undefined && action._loopTa() === LOOP_TO_TA[LoopPingPong]) action._endTime = direction > 0 ? wasm.tw_action_clip_duration(action._ptr) : 0;
        this.dispatchEvent({ type: 'finished', action, direction });
      }
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
    this._endTime = undefined; // a finished LoopPingPong's time (get time)
  }

  // Every call that changes the action goes through here: it may start bindings, so the mixer's
  // next update pulls every bound value.
  _a() {
    const ptr = this._r();
    this._mixer._touched();
    return ptr;
  }

  // What only reads the action: no update need pull again for it (a program that reads
  // action.time every frame keeps writeAlways's path).
  _r() {
    if (!this._ptr) throw new Error(`threeanim AnimationAction: this action ${this._gone || 'was uncached from its mixer'}`);
    return this._ptr;
  }

  play() { check(wasm.tw_action_play(ctx, this._a()), 'play'); this._mixer._stats?.activate(this); return this; }
  stop() { check(wasm.tw_action_stop(ctx, this._a()), 'stop'); this._mixer._restoreStopped('stop'); this._mixer._stats?.deactivate(this); this._stopTimed('weightEnd', 'scaleEnd'); this._endTime = undefined; return this; }
  reset() { wasm.tw_action_reset(this._a()); this._stopTimed('weightEnd', 'scaleEnd'); this._endTime = undefined; return this; }
  isRunning() { return wasm.tw_action_is_playing(this._r()) !== 0; }
  isScheduled() { return wasm.tw_action_is_scheduled(this._r()) !== 0; }
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
  setEffectiveWeight(weight) { check(wasm.tw_action_set_effective_weight(ctx, this._a(), weight), 'setEffectiveWeight'); this._stopTimed('weightEnd'); return this; }
  getEffectiveWeight() { return wasm.tw_action_effective_weight(this._r()); }
  fadeIn(duration) { check(wasm.tw_action_fade(ctx, this._a(), 0, duration), 'fadeIn'); this._timed('weightEnd', duration); return this; }
  fadeOut(duration) { check(wasm.tw_action_fade(ctx, this._a(), 1, duration), 'fadeOut'); this._timed('weightEnd', duration); return this; }
  crossFadeFrom(fadeOutAction, duration, warp = false) {
    fadeOutAction._r();
    this._a();
    if (fadeOutAction._mixer !== this._mixer) {
      // three.js's takes an action of any mixer: each fades and warps on its own mixer's clock
      fadeOutAction._mixer._touched();
      check(wasm.tw_action_cross_fade_from(ctx, this._ptr, fadeOutAction._ptr, duration, warp ? 1 : 0), 'crossFadeFrom');
    } else {
      check(wasm.tw_mixer_cross_fade_from(ctx, this._mixer._mixer, this._index, fadeOutAction._index, duration, warp ? 1 : 0), 'crossFadeFrom');
    }
    // three.js's: fadeOut on the other, fadeIn on this, and a warp of each when warped
    fadeOutAction._timed('weightEnd', duration);
    this._timed('weightEnd', duration);
    if (warp) {
      fadeOutAction._timed('scaleEnd', duration);
      this._timed('scaleEnd', duration);
    }
    return this;
  }
  crossFadeTo(fadeInAction, duration, warp = false) { fadeInAction.crossFadeFrom(this, duration, warp); return this; }
  stopFading() { wasm.tw_action_stop_fading(this._a()); this._stopTimed('weightEnd'); return this; }
  setEffectiveTimeScale(timeScale) { check(wasm.tw_action_set_effective_time_scale(ctx, this._a(), timeScale), 'setEffectiveTimeScale'); this._stopTimed('scaleEnd'); return this; }
  getEffectiveTimeScale() { return wasm.tw_action_effective_time_scale(this._r()); }
  setDuration(duration) { check(wasm.tw_action_set_duration(ctx, this._a(), duration), 'setDuration'); this._stopTimed('scaleEnd'); return this; }
  // the other action may be of another mixer, as in three.js
  syncWith(action) { check(wasm.tw_action_sync_with(ctx, this._a(), action._r()), 'syncWith'); this._stopTimed('scaleEnd'); return this; }
  halt(duration) { check(wasm.tw_action_halt(ctx, this._a(), duration), 'halt'); this._timed('scaleEnd', duration); return this; }
  warp(startTimeScale, endTimeScale, duration) { check(wasm.tw_action_warp(ctx, this._a(), startTimeScale, endTimeScale, duration), 'warp'); this._timed('scaleEnd', duration); return this; }
  stopWarping() { wasm.tw_action_stop_warping(this._a()); this._stopTimed('scaleEnd'); return this; }
  // The mixer's stats (stats.js): a fade's or warp's interpolant lent from the mixer's time now, or taken back.
  _timed(which, duration) { this._mixer._stats?.lend(this, which, this._mixer._time, duration); }
  _stopTimed(...which) { for (const w of which) this._mixer._stats?.takeBack(this, w); }
  getMixer() { return this._mixer; }
  getClip() { return this._clip; }
  getRoot() { return this._localRoot; }

  // three.js's time runs forward on each leg of a LoopPingPong (its _loopCount says which, and the
  // clip is read at duration - time on the way back); threeanim's ta_action_time answers where the
  // clip is read: on the way back, three.js's is the phase less the duration.
  // A finished one's is the end it ran toward (the clip's duration forward, 0 back), whichever leg
  // it finished on (_endTime, from its finished event, until a reset, a stop or a time is set).
  get time() {
    const ptr = this._r();
    if (this._endTime !== undefined) return this._endTime;
    if (this._loopTa() === LOOP_TO_TA[LoopPingPong]) {
      const phase = wasm.tw_action_phase(ptr), d = wasm.tw_action_clip_duration(ptr);
      if (phase >= d) return phase - d;
    }
    return wasm.tw_action_time(ptr);
  }
  set time(t) { check(wasm.tw_action_set_time(ctx, this._a(), t), 'time'); this._endTime = undefined; }
  get timeScale() { return wasm.tw_action_time_scale(this._r()); }
  set timeScale(s) { check(wasm.tw_action_set_time_scale(ctx, this._a(), s), 'timeScale'); }
  get weight() { return wasm.tw_action_weight(this._r()); }
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
  get enabled() { return wasm.tw_action_enabled(this._r()) !== 0; }
  set enabled(v) { wasm.tw_action_set_enabled(this._a(), v ? 1 : 0); }
  get paused() { return wasm.tw_action_paused(this._r()) !== 0; }
  set paused(v) { wasm.tw_action_set_paused(this._a(), v ? 1 : 0); }
  get blendMode() { return this._blendMode; }
  set blendMode(mode) {
    if (BLEND_TO_TA[mode] === undefined) throw new Error(`threeanim AnimationAction: blendMode ${mode} is not NormalAnimationBlendMode or AdditiveAnimationBlendMode`);
    check(wasm.tw_action_set_blend_mode(ctx, this._a(), BLEND_TO_TA[mode]), 'blendMode');
    this._blendMode = mode;
  }
}
