// The crowd API: N characters of one rig, each with its own actions, whose poses go through
// threeanim's mixer, world pass and skinning pass in wasm, straight into one Float32Array of
// bone matrices: instance after instance, each its skeleton's bones in order, 16 floats each
// (column-major, three.js's skeleton.boneMatrices), ready for a DataTexture (createBoneTexture)
// as instanced and batched skinned meshes read it. A frame is one call into wasm for every
// instance (ta_frame_update_range). Nothing is written back to three.js objects, and after the
// first frame nothing is allocated in the wasm heap, cross-fades included, for the actions played
// by then (the first frame readies each mixer for its first faded-out action: js/src/ta_wasm.c).
//
//   const crowd = new Crowd(gltf.scene, skinnedMesh, 1000);   // options: { floatLanes: true }
//   crowd.clipAction(i, gltf.animations[0]).play();   // an AnimationAction, as three.js's
//   crowd.update(dt);                                   // -> crowd.boneMatrices
//
// The rig is what is below root when the crowd is made (its tracks bind by three.js's rules);
// the bone matrices are relative to root's parent, as three.js's would be for root at the top.
import { DataTexture, RGBAFormat, FloatType, NormalAnimationBlendMode } from 'three';
import { wasm, ctx, heap, check, checkPtr, checkIndex, NODE } from './wasm.js';
import { AnimationMixer, AnimationAction, nodeFinder, parsedName } from './mixer.js';

const BLEND_TO_TA = { 2500: 1, 2501: 2 };

// A crowd the program drops without dispose() is destroyed when the garbage collector collects
// it: `held` names its tw_crowd alone (never the Crowd). Its instances' actions hold the crowd
// (through their member's _crowd), so it is not collected while one of them is reachable.
const CROWD_HEAP = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((held) => { if (held.crowd) wasm.tw_crowd_destroy(held.crowd); held.crowd = 0; })
  : null;

export class Crowd {
  // options.floatLanes (default false): the world and skinning passes in float32, four instances
  // at a time on WebAssembly SIMD, for rigs whose inverse binds allow it (else, and in the module
  // without SIMD, the double passes): bone matrices within 1e-6 of each matrix's largest element
  // of the default's, not bit for bit (docs/web.md).
  constructor(root, skinnedMesh, count, options = {}) {
    if (!skinnedMesh || !skinnedMesh.isSkinnedMesh) throw new Error('threeanim Crowd: the second argument is not a SkinnedMesh');
    if (!(Number.isInteger(count) && count > 0)) throw new Error(`threeanim Crowd: count ${count} is not a whole number above 0`);
    this._root = root;
    this._rig = new AnimationMixer(root); // binds the clips, on the rig's scene
    this._rig._mirrorTree(root);
    const bones = skinnedMesh.skeleton.bones;
    const joints = bones.map((b, i) => {
      const n = this._rig._nodes.get(b);
      if (n === undefined) throw new Error(`threeanim Crowd: bone ${i} ("${b.name}") is not below the root`);
      return n;
    });
    const inv = new Float32Array(bones.length * 16);
    skinnedMesh.skeleton.boneInverses.forEach((m, i) => inv.set(m.elements, i * 16));
    const pj = wasm.tw_malloc(joints.length * 4), pi = wasm.tw_malloc(inv.length * 4);
    heap().u32.set(joints, pj >> 2);
    heap().f32.set(inv, pi >> 2);
    const skin = wasm.tw_scene_add_skin(ctx, this._rig._scene, pj, joints.length, pi);
    wasm.tw_free(pj); wasm.tw_free(pi);
    checkIndex(skin, 'Crowd: the skeleton');
    this._crowd = checkPtr(wasm.tw_crowd_create(ctx, this._rig._scene, skin, count), `Crowd of ${count}`);
    this._heap = { crowd: this._crowd };
    if (CROWD_HEAP !== null) CROWD_HEAP.register(this, this._heap, this._heap);
    this.floatLanes = options.floatLanes === true;
    wasm.tw_crowd_set_float_lanes(this._crowd, this.floatLanes ? 1 : 0);
    this.count = count;
    this.boneCount = bones.length;
    // Each instance answers to its actions as a mixer does (crossFade, syncWith).
    this._members = Array.from({ length: count }, (_, i) => ({
      _mixer: wasm.tw_crowd_mixer(this._crowd, i), _crowd: this, _restoreStopped() {}, _touched() {}, _byClip: new Map(), _all: [], _drivesRoot: false,
    }));
    this._bonesPtr = wasm.tw_crowd_bones(this._crowd);
    this._view = null;
    this._rootClips = new Map();
  }

  // Instance i's action on clip (made once per clip and instance), three.js's AnimationAction API.
  _live(what) {
    if (!this._crowd) throw new Error(`threeanim Crowd: ${what} after dispose()`);
  }

  clipAction(i, clip, blendMode) {
    this._live('clipAction');
    const member = this._members[i];
    if (member === undefined) throw new Error(`threeanim Crowd: instance ${i} is not between 0 and ${this.count - 1}`);
    if (blendMode === undefined) blendMode = clip.blendMode ?? NormalAnimationBlendMode;
    const known = member._byClip.get(clip.uuid);
    if (known && known.blendMode === blendMode) return known;
    const c = this._rig._clip(clip, this._root, true);
    if (this._drivesRoot(clip)) member._drivesRoot = true;
    const index = checkIndex(wasm.tw_action_create(ctx, member._mixer, c, BLEND_TO_TA[blendMode] || 1, -1, 0, 0), `Crowd.clipAction(${i}, "${clip.name}")`);
    const action = new AnimationAction(member, clip, this._root, blendMode, index);
    member._byClip.set(clip.uuid, action);
    member._all.push(action); // every action made, those of another blend mode on the clip too (dispose)
    return action;
  }

  // Whether a track of clip binds to the root (by three.js's findNode), once per clip.
  _drivesRoot(clip) {
    let d = this._rootClips.get(clip.uuid);
    if (d === undefined) {
      const find = nodeFinder(this._root);
      d = clip.tracks.some((t) => find(parsedName(t).nodeName) === this._root);
      this._rootClips.set(clip.uuid, d);
    }
    return d;
  }

  // Places instance i: the position of its copy of the root (node 0 of the rig), which its bone
  // matrices then include, as a clone's root position is in three.js's.
  // Each instance's mixer writes every property it drives every frame, comparing nothing
  // (js/src/ta_wasm.c): three.js's result while nothing else writes them. Where an action drives
  // the root, three.js's mixer leaves the position set here until its own value changes: that
  // instance's mixer compares, as three.js's, from the first such call on.
  setPosition(i, x, y, z) {
    this._live('setPosition');
    const member = this._members[i];
    if (member === undefined) throw new Error(`threeanim Crowd: instance ${i} is not between 0 and ${this.count - 1}`);
    if (member._drivesRoot) check(wasm.tw_crowd_compare(this._crowd, i), `Crowd.setPosition(${i})`);
    const at = (wasm.tw_scene_nodes(wasm.tw_crowd_scene(this._crowd, i)) + NODE.position) >> 2;
    const { f32 } = heap();
    f32[at] = x; f32[at + 1] = y; f32[at + 2] = z;
    return this;
  }

  // Every instance: mixer, world pass, skinning pass. Returns boneMatrices.
  update(deltaTime) {
    this._live('update');
    check(wasm.tw_crowd_update(this._crowd, deltaTime), 'Crowd.update');
    return this.boneMatrices;
  }

  // count * boneCount * 16 floats in the wasm heap (a view: valid until the heap grows, which it
  // does not after the first frame; read it again after adding actions).
  get boneMatrices() {
    this._live('boneMatrices');
    const buf = wasm.memory.buffer;
    if (this._view === null || this._view.buffer !== buf) {
      this._view = new Float32Array(buf, this._bonesPtr, this.count * this.boneCount * 16);
      // the view (and a texture over it) keeps the crowd, whose memory it shows, from being collected
      Object.defineProperty(this._view, '_crowd', { value: this });
      if (this._texture) this._texture.image.data = this._view;
    }
    return this._view;
  }

  // A DataTexture over boneMatrices: one row an instance, 4 RGBA float texels a bone. Set its
  // needsUpdate after each update.
  createBoneTexture() {
    this._texture = new DataTexture(this.boneMatrices, this.boneCount * 4, this.count, RGBAFormat, FloatType);
    Object.defineProperty(this._texture, '_crowd', { value: this });
    this._texture.needsUpdate = true;
    return this._texture;
  }

  // Frees the crowd's wasm objects now (the garbage collector would, later); its actions and
  // boneMatrices must not be used after.
  dispose() {
    if (this._crowd) wasm.tw_crowd_destroy(this._crowd);
    this._crowd = 0;
    // its actions refuse every call from now on, naming why, as an uncached action does
    for (const member of this._members) {
      member._mixer = 0;
      for (const a of member._all) { a._ptr = 0; a._gone = 'belongs to a Crowd that was disposed'; }
    }
    this._heap.crowd = 0;
    if (CROWD_HEAP !== null) CROWD_HEAP.unregister(this._heap);
  }
}
