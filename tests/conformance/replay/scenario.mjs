// Builds one random replay scenario from a seed: a three.js scene with clips
// (written with scene.toJSON()) and a replay file. generate.mjs runs the
// reference on each and keeps only those that compare cleanly.
//
// Everything here stays clear of docs/three-js-to-threeanim.md's "Where this port
// differs from three.js" and of values a property cannot hold; the comments marked
// "differs:" say which difference a rule avoids. What cannot be avoided by
// construction (a loop boundary landing within float32 reach of the time, a
// flag pile at one half ...) the reference detects, and the scenario is dropped.
import * as THREE from 'three';
import { Rng, f32 } from './common.mjs';

const HALF_PI = Math.PI / 2;

// ---------------------------------------------------------------------------
// Value ranges. lo..hi is where keys and originals live; hardLo..hardHi is what
// the property can hold (threeanim refuses anything else at update). Additive
// noise (add) keeps two additive actions at weight 1 on top of a normal pile
// inside the hard range.

function range(lo, hi, hardLo = -Infinity, hardHi = Infinity, add = undefined) {
  const margin = Math.min(lo - hardLo, hardHi - hi);
  return { lo, hi, hardLo, hardHi, add: add !== undefined ? add : Number.isFinite(margin) ? margin / 7 : (hi - lo) * 0.1 };
}

const R = {
  position: range(-3, 3, -Infinity, Infinity, 0.3),
  scale: range(0.6, 1.6, -Infinity, Infinity, 0.08),
  rotXZ: range(-1.5, 1.5, -Infinity, Infinity, 0.15), // differs: ROTATION_ELEMENT past a right angle in y
  rotY: range(-0.6, 0.6, -Infinity, Infinity, 0.15),
  morph: range(0, 1, -Infinity, Infinity, 0.12),
  color: range(0.15, 0.85, 0, 1),
  opacity: range(0.2, 0.8, 0, 1),
  unit: range(0.15, 0.85, 0, 1),
  alphaTest: range(0.05, 0.5, 0, 1),
  emissiveIntensity: range(0.3, 2.5, 0),
  shininess: range(5, 80, 0),
  envMapIntensity: range(0.3, 2, 0),
  ior: range(1.2, 2.1, 1, 2.333),
  mapOffset: range(-1, 1, -Infinity, Infinity, 0.1),
  mapRepeat: range(0.5, 3, -Infinity, Infinity, 0.1),
  mapCenter: range(0, 1, -Infinity, Infinity, 0.1),
  mapRotation: range(-2, 2, -Infinity, Infinity, 0.15),
  intensity: range(0.5, 3, 0),
  distance: range(1, 20, 0),
  angle: range(0.2, 1.2, 0, HALF_PI),
  penumbra: range(0.15, 0.85, 0, 1),
  fov: range(25, 100, 0, 180),
  zoom: range(0.5, 2.5, 0),
  near: range(0.05, 0.5, 0, 50),
  far: range(50, 500, 0.5),
};

const MATERIAL_KINDS = {
  MeshBasicMaterial: { colors: ['color'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, reflectivity: R.unit } },
  MeshLambertMaterial: { colors: ['color', 'emissive'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, emissiveIntensity: R.emissiveIntensity, reflectivity: R.unit, envMapIntensity: R.envMapIntensity } },
  MeshPhongMaterial: { colors: ['color', 'emissive', 'specular'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, emissiveIntensity: R.emissiveIntensity, shininess: R.shininess, reflectivity: R.unit, envMapIntensity: R.envMapIntensity } },
  MeshStandardMaterial: { colors: ['color', 'emissive'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, emissiveIntensity: R.emissiveIntensity, roughness: R.unit, metalness: R.unit, envMapIntensity: R.envMapIntensity } },
  // Physical's reflectivity is a view of its ior in three.js, a field of its own
  // in the port: neither drive it nor record it.
  MeshPhysicalMaterial: { colors: ['color', 'emissive'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, emissiveIntensity: R.emissiveIntensity, roughness: R.unit, metalness: R.unit, envMapIntensity: R.envMapIntensity, clearcoat: R.unit, clearcoatRoughness: R.unit, specularIntensity: R.unit, ior: R.ior } },
  MeshToonMaterial: { colors: ['color', 'emissive'], numbers: { opacity: R.opacity, alphaTest: R.alphaTest, emissiveIntensity: R.emissiveIntensity } },
};

const MORPH_NAMES = ['smile', 'frown', 'blink', 'open', 'wide', 'puff', 'squint', 'sneer'];

// ---------------------------------------------------------------------------
// Scene

class SceneBuilder {
  constructor(rng) {
    this.rng = rng;
    this.scene = new THREE.Scene();
    this.scene.name = 'scene';
    this.usedNames = new Map(); // name -> count
    this.channels = []; // { owner, ... } see addChannel
    this.materialOwner = new Map(); // material -> mesh that drives it
    this.materials = [];
    this.nodeCount = 0;
  }

  name(base) {
    const rng = this.rng;
    // Now and then a name that an earlier node has, so that "name:" references
    // must find the first one depth first.
    if (this.usedNames.size > 0 && rng.bool(0.08)) {
      const n = rng.pick([...this.usedNames.keys()]);
      this.usedNames.set(n, this.usedNames.get(n) + 1);
      return n;
    }
    let n = base;
    while (this.usedNames.has(n)) n = base + '_' + rng.int(0, 999);
    this.usedNames.set(n, 1);
    return n;
  }

  place(node) {
    const rng = this.rng;
    node.position.set(rng.float(-2, 2), rng.float(-2, 2), rng.float(-2, 2));
    node.rotation.set(rng.float(-0.5, 0.5), rng.float(-0.5, 0.5), rng.float(-0.5, 0.5));
    const s = rng.bool(0.5) ? [1, 1, 1] : [rng.float(0.7, 1.4), rng.float(0.7, 1.4), rng.float(0.7, 1.4)];
    node.scale.set(...s);
    node.visible = rng.bool(0.9);
  }

  material() {
    const rng = this.rng;
    if (!this.noShare && this.materials.length > 0 && rng.bool(0.1)) return rng.pick(this.materials);
    const kind = rng.pick(Object.keys(MATERIAL_KINDS));
    const spec = MATERIAL_KINDS[kind];
    const m = new THREE[kind]();
    m.name = 'mat' + this.nodeCount;
    for (const c of spec.colors) m[c].setRGB(rng.float(0.15, 0.85), rng.float(0.15, 0.85), rng.float(0.15, 0.85));
    for (const [k, r] of Object.entries(spec.numbers)) m[k] = rng.float(r.lo, r.hi);
    m.transparent = rng.bool(0.3);
    m.wireframe = rng.bool(0.2);
    if (rng.bool(0.45)) {
      // A DataTexture carries its pixels in the JSON, so it loads without a DOM.
      const tex = new THREE.DataTexture(new Uint8Array([rng.int(0, 255), rng.int(0, 255), rng.int(0, 255), 255]), 1, 1);
      tex.offset.set(rng.float(-1, 1), rng.float(-1, 1));
      tex.repeat.set(rng.float(0.5, 3), rng.float(0.5, 3));
      tex.center.set(rng.float(0, 1), rng.float(0, 1));
      tex.rotation = rng.float(-2, 2);
      m.map = tex;
    }
    m.__kind = kind;
    this.materials.push(m);
    return m;
  }

  geometry(nMorph, skinned) {
    const rng = this.rng;
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], 3));
    g.setIndex([0, 1, 2, 2, 1, 3]);
    if (nMorph > 0) {
      const names = rng.sample(MORPH_NAMES, nMorph);
      g.morphAttributes.position = names.map((n) => {
        const a = new THREE.Float32BufferAttribute(Array.from({ length: 12 }, () => f32(rng.float(-0.5, 0.5))), 3);
        a.name = n;
        return a;
      });
    }
    if (skinned) {
      g.setAttribute('skinIndex', new THREE.Uint16BufferAttribute([0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 4));
      g.setAttribute('skinWeight', new THREE.Float32BufferAttribute([0.5, 0.5, 0, 0, 0.7, 0.3, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 4));
    }
    return g;
  }

  mesh(skinned = false) {
    const rng = this.rng;
    const nMorph = rng.weighted([[0, 3], [1, 2], [2, 3], [3, 2], [4, 1], [8, 0.5]]);
    const g = this.geometry(nMorph, skinned);
    let material;
    if (!skinned && rng.bool(0.15)) {
      material = [this.material(), this.material()];
      if (rng.bool(0.4)) material.push(this.material());
      g.addGroup(0, 3, 0);
      g.addGroup(3, 3, 1);
    } else {
      material = this.material();
    }
    const mesh = skinned ? new THREE.SkinnedMesh(g, material) : new THREE.Mesh(g, material);
    if (mesh.morphTargetInfluences) {
      for (let i = 0; i < mesh.morphTargetInfluences.length; i++) mesh.morphTargetInfluences[i] = rng.bool(0.5) ? 0 : rng.float(0, 1);
    }
    return mesh;
  }

  light() {
    const rng = this.rng;
    const kind = rng.pick(['PointLight', 'SpotLight', 'DirectionalLight', 'AmbientLight', 'HemisphereLight']);
    const l = new THREE[kind]();
    l.color.setRGB(rng.float(0.15, 0.85), rng.float(0.15, 0.85), rng.float(0.15, 0.85));
    l.intensity = rng.float(R.intensity.lo, R.intensity.hi);
    if (l.distance !== undefined) l.distance = rng.float(R.distance.lo, R.distance.hi);
    if (l.angle !== undefined) l.angle = rng.float(R.angle.lo, R.angle.hi);
    if (l.penumbra !== undefined) l.penumbra = rng.float(R.penumbra.lo, R.penumbra.hi);
    return l;
  }

  camera() {
    const rng = this.rng;
    let c;
    if (rng.bool(0.6)) {
      c = new THREE.PerspectiveCamera(rng.float(R.fov.lo, R.fov.hi), rng.float(0.5, 2), rng.float(R.near.lo, R.near.hi), rng.float(R.far.lo, R.far.hi));
    } else {
      const w = rng.float(1, 5), h = rng.float(1, 5);
      c = new THREE.OrthographicCamera(-w, w, h, -h, rng.float(R.near.lo, R.near.hi), rng.float(R.far.lo, R.far.hi));
    }
    c.zoom = rng.float(R.zoom.lo, R.zoom.hi);
    c.updateProjectionMatrix();
    return c;
  }

  // A character: a Group with a random hierarchy below it.
  character(c) {
    const rng = this.rng;
    const root = new THREE.Group();
    root.name = this.name(`char${c}`);
    this.place(root);
    root.visible = true;
    this.scene.add(root);
    const nodes = [root];
    const n = rng.int(2, 6);
    let skinnedDone = false;
    for (let k = 0; k < n; k++) {
      const kind = rng.weighted([['object', 3], ['mesh', 4], ['skinned', skinnedDone ? 0 : 1], ['light', 1.5], ['camera', 1]]);
      let node;
      if (kind === 'skinned') {
        skinnedDone = true;
        const bones = [];
        const nb = rng.int(2, 3);
        for (let b = 0; b < nb; b++) {
          const bone = new THREE.Bone();
          bone.name = this.name(`bone${c}_${b}`);
          this.place(bone);
          bone.visible = true;
          (b === 0 ? root : bones[b - 1]).add(bone);
          bones.push(bone);
          nodes.push(bone);
        }
        node = this.mesh(true);
        node.__bones = bones;
        node.name = this.name(`skin${c}_${k}`);
        this.place(node);
        root.add(node);
        node.bind(new THREE.Skeleton(bones));
        nodes.push(node);
        continue;
      }
      if (kind === 'object') node = rng.bool(0.5) ? new THREE.Object3D() : new THREE.Group();
      else if (kind === 'mesh') node = this.mesh(false);
      else if (kind === 'light') node = this.light();
      else node = this.camera();
      node.name = this.name(`${kind}${c}_${k}`);
      this.place(node);
      rng.pick(nodes.filter((x) => !x.isBone)).add(node);
      nodes.push(node);
      this.nodeCount++;
    }
    return { root, nodes, index: c };
  }

  // Group members: two or three nodes alike in every property a group clip drives.
  groupMembers() {
    const rng = this.rng;
    const kind = rng.pick(['object', 'mesh', 'light']);
    const n = rng.int(2, 3);
    const parent = this.scene;
    this.noShare = true;
    const first = kind === 'object' ? new THREE.Object3D() : kind === 'mesh' ? this.mesh(false) : new THREE.PointLight();
    if (kind === 'light') {
      first.color.setRGB(rng.float(0.15, 0.85), rng.float(0.15, 0.85), rng.float(0.15, 0.85));
      first.intensity = rng.float(R.intensity.lo, R.intensity.hi);
      first.distance = rng.float(R.distance.lo, R.distance.hi);
    }
    if (kind === 'mesh' && Array.isArray(first.material)) first.material = first.material[0];
    this.place(first);
    first.visible = true;
    this.noShare = false;
    const sharedMaterial = kind === 'mesh' && rng.bool(0.5);
    const members = [first];
    for (let k = 1; k < n; k++) {
      const m = first.clone();
      if (kind === 'mesh' && !sharedMaterial) {
        m.material = first.material.clone();
        if (first.material.map) m.material.map = first.material.map.clone();
      }
      if (kind === 'mesh' && first.morphTargetInfluences) m.morphTargetInfluences = first.morphTargetInfluences.slice();
      members.push(m);
    }
    // Quaternion tracks turn the members: their Euler angles are not recorded.
    members.forEach((m, k) => { m.name = this.name(`member${k}`); m.__rotationByQuaternion = true; parent.add(m); });
    return { kind, members };
  }
}

// ---------------------------------------------------------------------------
// Channels: one drivable property, with its track path, record path and values.

function nodeRef(node, rng, names) {
  // Tracks name a node by uuid or, when its name is unique, by name.
  if (names.get(node.name) === 1 && rng.bool(0.2)) return node.name;
  return node.uuid;
}

class Channels {
  constructor(builder) {
    this.b = builder;
    this.rng = builder.rng;
    this.list = [];
  }

  add(ch) { this.list.push(ch); return ch; }

  // type: vector | quaternion | number | color | bool | string.
  numeric(owner, node, trackPath, recordPath, type, ranges, extra = {}) {
    return this.add({ owner, node, trackPath, recordPath, type, ranges, size: ranges.length, ...extra });
  }

  node(owner, node) {
    const rng = this.rng, names = this.b.usedNames;
    const ref = nodeRef(node, rng, names);
    const p = (prop) => `${ref}.${prop}`;
    const base = { nodeKey: node.uuid };
    // One form per property of a node: three.js gives .position and
    // .position[x] two bindings that overwrite each other, the port one.
    if (rng.bool(0.75)) {
      this.numeric(owner, node, p('position'), 'position', 'vector', [R.position, R.position, R.position], base);
    } else {
      for (const a of ['x', 'y', 'z']) this.numeric(owner, node, p(`position[${a}]`), `position[${a}]`, 'number', [R.position], base);
    }
    if (rng.bool(0.75)) {
      this.add({ owner, node, trackPath: p('quaternion'), recordPath: 'quaternion', type: 'quaternion', size: 4, ...base });
      node.__rotationByQuaternion = true;
    } else {
      // Euler elements. Rotation from a quaternion reads back the same angles
      // only while y stays inside a right angle (differs: ROTATION_ELEMENT).
      for (const a of ['x', 'y', 'z']) this.numeric(owner, node, p(`rotation[${a}]`), `rotation[${a}]`, 'number', [a === 'y' ? R.rotY : R.rotXZ], base);
    }
    if (rng.bool(0.7)) {
      this.numeric(owner, node, p('scale'), 'scale', 'vector', [R.scale, R.scale, R.scale], base);
    } else {
      for (const a of ['x', 'y', 'z']) this.numeric(owner, node, p(`scale[${a}]`), `scale[${a}]`, 'number', [R.scale], base);
    }
    this.add({ owner, node, trackPath: p('visible'), recordPath: 'visible', type: 'bool', size: 1, ...base });
    this.add({ owner, node, trackPath: p('name'), recordPath: 'name', type: 'string', size: 1, renames: true, ...base });
  }

  bone(owner, skinned, bone) {
    // A bone through its skinned mesh: <mesh>.bones[<name>].<property>.
    const rng = this.rng;
    if (this.b.usedNames.get(bone.name) !== 1 || !rng.bool(0.35)) { this.node(owner, bone); return; }
    const ref = skinned.uuid;
    const p = (prop) => `${ref}.bones[${bone.name}].${prop}`;
    const base = { nodeKey: bone.uuid };
    this.numeric(owner, bone, p('position'), 'position', 'vector', [R.position, R.position, R.position], { ...base, recordNode: bone });
    this.add({ owner, node: bone, trackPath: p('quaternion'), recordPath: 'quaternion', type: 'quaternion', size: 4, ...base });
    bone.__rotationByQuaternion = true;
    this.numeric(owner, bone, p('scale'), 'scale', 'vector', [R.scale, R.scale, R.scale], base);
  }

  morph(owner, mesh, ref) {
    const rng = this.rng;
    const n = mesh.morphTargetInfluences ? mesh.morphTargetInfluences.length : 0;
    if (n === 0) return;
    const names = Object.keys(mesh.morphTargetDictionary);
    const form = rng.weighted([['index', 3], ['name', 2], ['mixed', 2], ['whole', 1]]);
    const base = { nodeKey: mesh.uuid, morph: true };
    if (form === 'whole') {
      this.numeric(owner, mesh, `${ref}.morphTargetInfluences`, 'morphTargetInfluences', 'number', Array(n).fill(R.morph), base);
      return;
    }
    for (let i = 0; i < n; i++) {
      const useName = form === 'name' || (form === 'mixed' && rng.bool(0.5));
      const sel = useName ? names.find((k) => mesh.morphTargetDictionary[k] === i) : String(i);
      const rec = rng.bool(0.5) ? sel : String(i);
      this.numeric(owner, mesh, `${ref}.morphTargetInfluences[${sel}]`, `morphTargetInfluences[${rec}]`, 'number', [R.morph], base);
    }
  }

  material(owner, mesh, ref, mat, slot) {
    // A material shared by two meshes is driven through one of them only:
    // three.js binds each path on its own, the port once per material.
    const owners = this.b.materialOwner;
    const key = `${mesh.uuid}/${slot}`;
    if (owners.has(mat) && owners.get(mat) !== key) return;
    owners.set(mat, key);
    const spec = MATERIAL_KINDS[mat.__kind];
    const obj = slot === null ? 'material' : `material[${slot}]`;
    const base = { nodeKey: mesh.uuid, material: mat };
    for (const c of spec.colors) this.numeric(owner, mesh, `${ref}.${obj}.${c}`, `${obj}.${c}`, 'color', [R.color, R.color, R.color], base);
    for (const [k, r] of Object.entries(spec.numbers)) this.numeric(owner, mesh, `${ref}.${obj}.${k}`, `${obj}.${k}`, 'number', [r], base);
    this.add({ owner, node: mesh, trackPath: `${ref}.${obj}.transparent`, recordPath: `${obj}.transparent`, type: 'bool', size: 1, ...base });
    this.add({ owner, node: mesh, trackPath: `${ref}.${obj}.wireframe`, recordPath: `${obj}.wireframe`, type: 'bool', size: 1, ...base });
    if (mat.map && slot === null) {
      // three.js parses "<node>.material.map.offset" as a node named
      // "<node>.material"; ".map.offset" reaches the map of the node's material.
      this.numeric(owner, mesh, `${ref}.map.offset`, 'material.map.offset', 'vector', [R.mapOffset, R.mapOffset], base);
      this.numeric(owner, mesh, `${ref}.map.repeat`, 'material.map.repeat', 'vector', [R.mapRepeat, R.mapRepeat], base);
      this.numeric(owner, mesh, `${ref}.map.center`, 'material.map.center', 'vector', [R.mapCenter, R.mapCenter], base);
      this.numeric(owner, mesh, `${ref}.map.rotation`, 'material.map.rotation', 'number', [R.mapRotation], base);
    }
  }

  light(owner, light, ref) {
    const base = { nodeKey: light.uuid };
    this.numeric(owner, light, `${ref}.color`, 'color', 'color', [R.color, R.color, R.color], base);
    this.numeric(owner, light, `${ref}.intensity`, 'intensity', 'number', [R.intensity], base);
    if (light.isPointLight || light.isSpotLight) this.numeric(owner, light, `${ref}.distance`, 'distance', 'number', [R.distance], base);
    if (light.isSpotLight) {
      this.numeric(owner, light, `${ref}.angle`, 'angle', 'number', [R.angle], base);
      this.numeric(owner, light, `${ref}.penumbra`, 'penumbra', 'number', [R.penumbra], base);
    }
  }

  camera(owner, cam, ref) {
    const base = { nodeKey: cam.uuid };
    if (cam.isPerspectiveCamera) this.numeric(owner, cam, `${ref}.fov`, 'fov', 'number', [R.fov], base);
    this.numeric(owner, cam, `${ref}.zoom`, 'zoom', 'number', [R.zoom], base);
    this.numeric(owner, cam, `${ref}.near`, 'near', 'number', [R.near], base);
    this.numeric(owner, cam, `${ref}.far`, 'far', 'number', [R.far], base);
  }

  character(ch) {
    const owner = `char${ch.index}`;
    const rng = this.rng;
    for (const node of ch.nodes) {
      if (node.isBone) continue;
      this.node(owner, node);
      const ref = nodeRef(node, rng, this.b.usedNames);
      if (node.isMesh) {
        this.morph(owner, node, ref);
        if (Array.isArray(node.material)) node.material.forEach((m, k) => this.material(owner, node, ref, m, k));
        else this.material(owner, node, ref, node.material, null);
      }
      if (node.isSkinnedMesh) for (const bone of node.__bones) this.bone(owner, node, bone);
      if (node.isLight) this.light(owner, node, ref);
      if (node.isCamera) this.camera(owner, node, ref);
    }
  }

  // Group clips name no node: each track plays on every member.
  group(g) {
    const owner = 'group';
    const first = g.members[0];
    const base = { group: true };
    this.numeric(owner, first, '.position', 'position', 'vector', [R.position, R.position, R.position], base);
    this.add({ owner, node: first, trackPath: '.quaternion', recordPath: 'quaternion', type: 'quaternion', size: 4, ...base });
    this.numeric(owner, first, '.scale', 'scale', 'vector', [R.scale, R.scale, R.scale], base);
    this.add({ owner, node: first, trackPath: '.visible', recordPath: 'visible', type: 'bool', size: 1, ...base });
    if (g.kind === 'mesh') {
      const n = first.morphTargetInfluences ? first.morphTargetInfluences.length : 0;
      for (let i = 0; i < n; i++) this.numeric(owner, first, `.morphTargetInfluences[${i}]`, `morphTargetInfluences[${i}]`, 'number', [R.morph], base);
      const mat = first.material;
      const spec = MATERIAL_KINDS[mat.__kind];
      this.numeric(owner, first, '.material.color', 'material.color', 'color', [R.color, R.color, R.color], base);
      for (const k of ['opacity', 'emissiveIntensity', 'roughness']) {
        if (spec.numbers[k]) this.numeric(owner, first, `.material.${k}`, `material.${k}`, 'number', [spec.numbers[k]], base);
      }
    }
    if (g.kind === 'light') {
      this.numeric(owner, first, '.intensity', 'intensity', 'number', [R.intensity], base);
      this.numeric(owner, first, '.color', 'color', 'color', [R.color, R.color, R.color], base);
      this.numeric(owner, first, '.distance', 'distance', 'number', [R.distance], base);
    }
  }
}

// ---------------------------------------------------------------------------
// Tracks and clips

function randomQuaternion(rng) {
  const u1 = rng.next(), u2 = rng.next() * 2 * Math.PI, u3 = rng.next() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return new THREE.Quaternion(a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3));
}

function smallRotation(rng, maxAngle) {
  const axis = new THREE.Vector3(rng.float(-1, 1), rng.float(-1, 1), rng.float(-1, 1));
  if (axis.lengthSq() < 1e-6) axis.set(0, 1, 0);
  axis.normalize();
  return new THREE.Quaternion().setFromAxisAngle(axis, rng.float(-maxAngle, maxAngle));
}

function keyTimes(rng, n) {
  const times = [];
  let t = rng.bool(0.7) ? 0 : f32(rng.float(0.02, 0.3));
  for (let k = 0; k < n; k++) {
    times.push(t);
    // Keys 0.25 s to 0.6 s apart keep every curve's slope modest, so a float32
    // clock gives values within the comparison tolerance.
    t = f32(t + rng.float(0.25, 0.6));
  }
  return times;
}

// Values of one track; mode 'normal' draws over the range, 'near' stays within
// the additive noise of one base value per component.
function trackValues(rng, ch, n, mode) {
  const values = [];
  if (ch.type === 'quaternion') {
    let q = mode === 'near' ? randomQuaternion(rng) : randomQuaternion(rng);
    const base = q.clone();
    for (let k = 0; k < n; k++) {
      if (k > 0) q = mode === 'near' ? base.clone().multiply(smallRotation(rng, 0.35)) : q.clone().multiply(smallRotation(rng, 1.4));
      values.push(q.x, q.y, q.z, q.w);
    }
    return values;
  }
  if (ch.type === 'bool') { for (let k = 0; k < n; k++) values.push(rng.bool(0.5)); return values; }
  if (ch.type === 'string') {
    for (let k = 0; k < n; k++) values.push(`${ch.node.name}_v${rng.int(0, 3)}`);
    return values;
  }
  const bases = ch.ranges.map((r) => rng.float(r.lo, r.hi));
  for (let k = 0; k < n; k++) {
    ch.ranges.forEach((r, i) => {
      values.push(mode === 'near' ? bases[i] + rng.float(-r.add, r.add) : rng.float(r.lo, r.hi));
    });
  }
  return values;
}

const TRACK_CLASS = {
  vector: THREE.VectorKeyframeTrack, quaternion: THREE.QuaternionKeyframeTrack, number: THREE.NumberKeyframeTrack,
  color: THREE.ColorKeyframeTrack, bool: THREE.BooleanKeyframeTrack, string: THREE.StringKeyframeTrack,
};

function makeTrack(rng, ch, mode) {
  const numeric = ch.type !== 'bool' && ch.type !== 'string';
  let interp = 'linear';
  if (!numeric) interp = 'discrete';
  else {
    // differs: a SMOOTH rotation track (three.js falls back to LINEAR, the port refuses it).
    const canSmooth = ch.type !== 'quaternion';
    interp = rng.weighted([['linear', 6], ['discrete', 2], ['smooth', canSmooth ? 2.5 : 0]]);
  }
  // differs: a SMOOTH track of two keys keeps its first endings in three.js (a
  // REPEAT clip never wraps); three keys or more.
  const n = interp === 'smooth' ? rng.int(3, 6) : rng.weighted([[1, 0.5], [2, 3], [3, 3], [4, 2], [5, 1], [6, 0.5]]);
  const times = keyTimes(rng, n);
  const values = trackValues(rng, ch, n, mode);
  const track = new TRACK_CLASS[ch.type](ch.trackPath, times, values);
  if (interp === 'discrete' && numeric) track.setInterpolation(THREE.InterpolateDiscrete);
  if (interp === 'smooth') track.setInterpolation(THREE.InterpolateSmooth);
  track.__channel = ch;
  return track;
}

// ---------------------------------------------------------------------------
// The scenario

export function buildScenario(seed, opts = {}) {
  const rng = new Rng(seed);
  // three.js draws uuids from Math.random; a seeded stream makes the files the
  // same on every run.
  const uuidRng = new Rng((seed ^ 0x5bd1e995) >>> 0);
  const savedRandom = Math.random;
  Math.random = uuidRng.next;
  try {
    return build(rng, opts);
  } finally {
    Math.random = savedRandom;
  }
}

function build(rng, opts) {
  const b = new SceneBuilder(rng);
  const nChars = rng.weighted([[1, 2], [2, 1]]);
  const chars = [];
  for (let c = 0; c < nChars; c++) chars.push(b.character(c));
  const group = rng.bool(opts.groupChance ?? 0.25) ? b.groupMembers() : null;

  const channels = new Channels(b);
  for (const ch of chars) channels.character(ch);
  if (group) channels.group(group);

  // Mixer root: the scene, or the one character's root.
  const mixerRootChar = nChars === 1 && rng.bool(0.25) ? chars[0] : null;
  const owners = [];
  for (const ch of chars) if (!mixerRootChar || ch === mixerRootChar) owners.push(`char${ch.index}`);
  if (group) owners.push('group');

  // Clips
  const nClips = rng.int(2, 5);
  const clips = [];
  for (let k = 0; k < nClips; k++) {
    const owner = rng.pick(owners);
    const pool = channels.list.filter((c) => c.owner === owner);
    const kind = rng.weighted([['normal', 6], ['near', 2.5], ['additive', 1.5]]);
    const chosen = rng.sample(pool, rng.weighted([[1, 1], [2, 2], [3, 3], [4, 2], [6, 1], [9, 0.5]]));
    const tracks = chosen.map((ch) => makeTrack(rng, ch, kind === 'normal' ? 'normal' : 'near'));
    const clip = new THREE.AnimationClip(`clip${k}`, -1, tracks);
    // A clip of no length is refused (tracks of one key at zero); otherwise some
    // clips last longer than their last key.
    if (clip.duration < 0.2) clip.duration = f32(rng.float(0.3, 1));
    else if (rng.bool(0.2)) clip.duration = f32(clip.duration + rng.float(0.05, 0.4));
    if (kind === 'additive') {
      THREE.AnimationUtils.makeClipAdditive(clip, 0, clip, 30);
    }
    clip.__kind = kind;
    clip.__owner = owner;
    clips.push(clip);
    // Where the clip is kept: the scene, or the node its tracks are relative to.
    if (owner === 'group') group.members[0].animations.push(clip);
    else {
      const ch = chars[Number(owner.slice(4))];
      if (rng.bool(0.35)) ch.root.animations.push(clip);
      else b.scene.animations.push(clip);
    }
  }
  // Order of clips in the JSON: three.js writes them as toJSON meets them.
  const json = b.scene.toJSON();
  const clipOrder = (json.animations || []).map((a) => a.uuid);

  // Actions
  const nActions = rng.int(2, 5);
  const actionSpecs = [];
  const actionInfo = [];
  const rootMode = new Map(); // owner -> explicit root ref or null (one root per owner)
  let additiveCount = 0;
  for (let i = 0; i < nActions; i++) {
    let clip = rng.pick(clips);
    // At most two additive actions: their changes add up, and must stay inside
    // what each property can hold.
    for (let tries = 0; clip.__kind === 'additive' && additiveCount >= 2 && tries < 8; tries++) clip = rng.pick(clips);
    if (clip.__kind === 'additive' && additiveCount >= 2) break;
    const spec = {};
    const info = { clip, additive: false, group: clip.__owner === 'group' };
    // clip by name (names are unique) or by its index among the document's clips
    spec.clip = rng.bool(0.75) ? clip.name : { index: clipOrder.indexOf(clip.uuid) };
    const owner = clip.__owner;
    if (owner === 'group') {
      spec.group = group.members.map((m) => (b.usedNames.get(m.name) === 1 && rng.bool(0.3) ? `name:${m.name}` : m.uuid));
    } else {
      // Every action of one character files under one root: three.js binds a
      // property once per root, so two roots would drive it twice.
      if (!rootMode.has(owner)) {
        const ch = chars[Number(owner.slice(4))];
        rootMode.set(owner, mixerRootChar ? (rng.bool(0.5) ? ch.root.uuid : null) : (rng.bool(0.3) ? (b.usedNames.get(ch.root.name) === 1 && rng.bool(0.5) ? `name:${ch.root.name}` : ch.root.uuid) : null));
      }
      const r = rootMode.get(owner);
      if (r !== null) spec.root = r;
    }
    let playedClip = clip;
    if (rng.bool(0.15)) {
      const sub = pickSubclip(rng, clip);
      if (sub) { spec.subclip = sub.spec; playedClip = sub.clip; }
    }
    const canAdd = additiveCount < 2;
    if (clip.__kind === 'additive') {
      info.additive = true;
      if (rng.bool(0.5)) spec.blend_mode = 'additive';
    } else if (clip.__kind === 'near' && canAdd && rng.bool(0.6)) {
      const ref = pickReferenceFrame(rng, playedClip);
      if (ref) {
        spec.additive_reference = ref;
        info.additive = true;
        if (rng.bool(0.3)) spec.blend_mode = 'additive';
      }
    } else if (rng.bool(0.2)) {
      spec.blend_mode = 'normal';
    }
    if (info.additive) additiveCount++;
    info.duration = playedClip.duration;
    actionSpecs.push(spec);
    actionInfo.push(info);
  }

  // Record
  const usedChannels = new Set();
  for (const clip of clips) for (const t of clip.tracks) usedChannels.add(t.__channel);
  const record = rng.bool(0.15) ? 'all' : chooseRecord(rng, b, channels, usedChannels, group, chars);

  const replay = {
    format: 'threeanim-replay/1',
    model: { object_json: 'scene.json' },
    mixer: { root: mixerRootChar ? (b.usedNames.get(mixerRootChar.root.name) === 1 && rng.bool(0.5) ? `name:${mixerRootChar.root.name}` : mixerRootChar.root.uuid) : null, time_scale: rng.weighted([[1, 8], [0.5, 1], [1.5, 1]]) },
    actions: actionSpecs,
    record,
    steps: makeSteps(rng, actionInfo, opts),
  };
  return { sceneJson: json, replay };
}

// subclip: frames whose cuts fall well between keys and keep some length.
function pickSubclip(rng, clip) {
  const fps = rng.pick([30, 24, 60, 25, 10]);
  const total = clip.duration * fps;
  for (let tries = 0; tries < 6; tries++) {
    const start = rng.bool(0.4) ? 0 : rng.int(0, Math.max(0, Math.floor(total * 0.5)));
    const end = start + rng.int(Math.max(2, Math.floor(total * 0.3)), Math.max(3, Math.ceil(total + 2)));
    let ok = true;
    for (const t of clip.tracks) for (const time of t.times) {
      const f = time * fps;
      if (Math.abs(f - start) < 0.01 && start !== 0) ok = false;
      if (Math.abs(f - end) < 0.01) ok = false;
    }
    if (!ok) continue;
    const sub = THREE.AnimationUtils.subclip(clip, clip.name, start, end, fps);
    // differs: a subclip of no length (three.js makes one; threeanim refuses it).
    if (sub.tracks.length === 0 || !(sub.duration > 0.2)) continue;
    return { spec: { start, end, fps }, clip: sub };
  }
  return null;
}

// A reference frame away from every key time (a discrete value there could go
// either way); fps above zero (differs: fps <= 0 means 30 in three.js).
function pickReferenceFrame(rng, clip) {
  const fps = rng.pick([30, 24, 60, 10]);
  for (let tries = 0; tries < 6; tries++) {
    const frame = rng.bool(0.4) ? 0 : rng.int(0, Math.ceil(clip.duration * fps));
    const t = frame / fps;
    let ok = true;
    for (const tr of clip.tracks) for (const time of tr.times) if (Math.abs(time - t) < 1e-3 && !(frame === 0 && time === 0)) ok = false;
    if (ok) return { frame, fps };
  }
  return null;
}

function chooseRecord(rng, b, channels, used, group, chars) {
  const paths = new Set();
  const refOf = (node) => {
    // A node whose name a track changes is named by uuid: a "name:" lookup
    // must not depend on when the port resolves it.
    const renamed = channels.list.some((c) => c.renames && c.node === node && used.has(c));
    if (!renamed && b.usedNames.get(node.name) >= 1 && rng.bool(0.15)) {
      // The first node of the name, depth first, may be another one.
      const first = firstByName(b.scene, node.name);
      const firstRenamed = channels.list.some((c) => c.renames && c.node === first && used.has(c));
      if (first && !firstRenamed) return { ref: `name:${node.name}`, node: first };
    }
    return { ref: node.uuid, node };
  };
  const usedList = [...used];
  for (const ch of rng.sample(usedList, rng.int(3, 9))) {
    if (ch.group) {
      for (const m of group.members) paths.add(`${m.uuid}.${ch.recordPath}`);
      continue;
    }
    const target = ch.recordNode || ch.node;
    const { ref, node } = refOf(target);
    if (node !== target) {
      // Record whatever the named node offers that is safe to read.
      paths.add(`${ref}.position`);
      continue;
    }
    paths.add(`${ref}.${ch.recordPath}`);
  }
  // A few properties nothing drives, and the Euler angles of a node turned only
  // by rotation elements.
  const all = [];
  b.scene.traverse((o) => { if (o !== b.scene) all.push(o); });
  for (const node of rng.sample(all, rng.int(1, 3))) {
    paths.add(`${node.uuid}.${rng.pick(['position', 'quaternion', 'scale', 'visible', 'name'])}`);
    if (!node.__rotationByQuaternion && rng.bool(0.3)) paths.add(`${node.uuid}.rotation[${rng.pick(['x', 'y', 'z'])}]`);
    if (node.isOrthographicCamera && rng.bool(0.5)) paths.add(`${node.uuid}.${rng.pick(['left', 'right', 'top', 'bottom'])}`);
    if (node.isMesh && node.morphTargetInfluences && node.morphTargetInfluences.length && rng.bool(0.4)) paths.add(`${node.uuid}.morphTargetInfluences`);
  }
  return [...paths];
}

function firstByName(root, name) {
  let found = null;
  const visit = (o) => { for (const c of o.children) { if (found) return; if (c.name === name) { found = c; return; } visit(c); } };
  visit(root);
  return found;
}

// ---------------------------------------------------------------------------
// Steps

// Random steps for the actions. Besides the rules marked "differs:" below:
// - differs: an uncached action keeps its index and the port refuses it, where
//   three.js would bind it again: no step names an action after its uncache.
// - differs: an action keeps its own copy of a group: no step changes a group.
// - differs: a finished PING_PONG action, set_time on a PING_PONG return leg,
//   reset on a disabled action: the reference detects these (they depend on the
//   run) and the candidate is dropped.
export function makeSteps(rng, actionInfo, opts = {}) {
  const steps = [];
  const n = actionInfo.length;
  const st = actionInfo.map(() => ({ played: false, loop: 'repeat', fresh: true, tsZero: false, uncached: false }));
  let mixerTime = 0;
  let mixerTimeScale = 1;
  const live = () => st.map((s, i) => i).filter((i) => !st[i].uncached);
  const pickAction = () => rng.pick(live());
  const weightValue = () => rng.weighted([[1, 3], [0.5, 2], [0.25, 1], [0.75, 1], [0, 0.5], [rng.float(0.05, 1.2), 4]]);
  const push = (s) => steps.push(s);
  const durationValue = () => rng.weighted([[rng.float(0.05, 1.5), 8], [0, 0.5], [rng.float(1.5, 4), 1]]);

  const setLoop = (i, mode) => {
    // differs: the port's PING_PONG phase says which leg an action is on, three.js's
    // loop count does; switch into or out of PING_PONG only before the action moves.
    const from = st[i].loop;
    if ((from === 'ping_pong') !== (mode === 'ping_pong') && !st[i].fresh) return;
    const reps = rng.weighted([[null, 5], [1, 2], [2, 2], [3, 1], [4, 0.5], [0, 0.3]]);
    const s = { op: 'set_loop', action: i, loop: mode };
    if (reps !== null || rng.bool(0.5)) s.repetitions = reps;
    push(s);
    st[i].loop = mode;
  };

  // Setup
  for (const i of rng.shuffle([...Array(n).keys()])) {
    if (rng.bool(0.5)) setLoop(i, rng.weighted([['repeat', 3], ['once', 2], ['ping_pong', 2]]));
    if (rng.bool(0.3)) push({ op: 'set', action: i, field: 'clamp_when_finished', value: true });
    if (rng.bool(0.3)) push({ op: 'set', action: i, field: 'weight', value: weightValue() });
    if (rng.bool(0.25)) {
      const ts = rng.weighted([[-1, 2], [0.5, 1], [2, 1], [rng.float(-2, 2), 3], [0, 0.2]]);
      push({ op: 'set', action: i, field: 'time_scale', value: ts });
      st[i].tsZero = ts === 0;
    }
    if (rng.bool(0.1)) push({ op: 'set', action: i, field: rng.pick(['zero_slope_at_start', 'zero_slope_at_end']), value: false });
    if (rng.bool(0.85)) { push({ op: 'play', action: i }); st[i].played = true; }
    if (rng.bool(0.15)) push({ op: 'fade_in', action: i, duration: durationValue() });
    if (rng.bool(0.1)) push({ op: 'start_at', action: i, time: rng.float(0, 1) });
  }

  const update = () => {
    const delta = rng.weighted([
      [1 / 60, 30], [1 / 30, 12], [rng.float(0.003, 0.12), 35], [0, 4],
      [rng.float(0.5, 5), 7], [rng.float(5, 20), 1.5], [-rng.float(0.005, 0.1), 1.5],
    ]);
    push({ op: 'update', delta });
    mixerTime += delta * mixerTimeScale;
    for (const s of st) if (s.played) s.fresh = false;
  };

  const nMain = rng.int(opts.minSteps ?? 20, opts.maxSteps ?? 70);
  const uncacheAt = rng.bool(0.08) ? rng.int(Math.floor(nMain * 0.6), nMain - 1) : -1;
  for (let k = 0; k < nMain; k++) {
    // three.js cannot uncache an action on a group (see reference.mjs).
    const uncachable = live().filter((j) => !actionInfo[j].group);
    if (k === uncacheAt && live().length > 1 && uncachable.length > 0) {
      const i = rng.pick(uncachable);
      push({ op: 'uncache_action', action: i });
      st[i].uncached = true; st[i].played = false;
      continue;
    }
    if (rng.bool(0.55)) { update(); continue; }
    const i = pickAction();
    const s = st[i];
    const others = live().filter((j) => j !== i);
    const op = rng.weighted([
      ['play', 6], ['pause', 2], ['unpause', 2], ['stop', 2], ['reset', 1.5], ['set_loop', 2], ['set', 5],
      ['set_effective_weight', 1.5], ['set_effective_time_scale', 1], ['set_duration', 1], ['fade_in', 2], ['fade_out', 2],
      ['warp', 1.5], ['halt', 1], ['stop_fading', 1], ['stop_warping', 1], ['start_at', 1], ['sync_with', 1],
      ['cross_fade_from', 2], ['cross_fade_to', 2], ['stop_all_action', 0.3], ['mixer_time_scale', 0.5], ['set_time', 0.6],
    ]);
    switch (op) {
      case 'play':
        // differs: reset and stop leave a disabled action disabled in the port
        // (three.js re-enables it), and play enables it in the port (not in
        // three.js); a careful caller sets enabled before playing.
        if (rng.bool(0.85)) push({ op: 'set', action: i, field: 'enabled', value: true });
        push({ op: 'play', action: i }); s.played = true;
        break;
      case 'pause': case 'unpause': push({ op, action: i }); break;
      case 'stop': push({ op, action: i }); s.played = false; s.fresh = true; break;
      case 'reset':
        push({ op, action: i }); s.fresh = true;
        // differs: three.js's reset enables the action, the port's does not.
        if (rng.bool(0.5)) push({ op: 'set', action: i, field: 'enabled', value: true });
        break;
      case 'set_loop': setLoop(i, rng.weighted([['repeat', 3], ['once', 2], ['ping_pong', 2]])); break;
      case 'set': {
        const field = rng.weighted([['weight', 4], ['time_scale', 3], ['clamp_when_finished', 2], ['zero_slope_at_start', 0.5], ['zero_slope_at_end', 0.5], ['enabled', 2]]);
        let value;
        if (field === 'weight') value = weightValue();
        else if (field === 'time_scale') { value = rng.weighted([[1, 3], [-1, 2], [rng.float(-2, 2), 4], [0, 0.5]]); s.tsZero = value === 0; }
        else value = rng.bool(field === 'enabled' ? 0.7 : 0.5);
        push({ op: 'set', action: i, field, value });
        break;
      }
      case 'set_effective_weight': push({ op, action: i, value: weightValue() }); break;
      case 'set_effective_time_scale': {
        const value = rng.weighted([[1, 3], [rng.float(-2, 2), 4], [0, 0.5]]);
        s.tsZero = value === 0;
        push({ op, action: i, value });
        break;
      }
      case 'set_duration': {
        const d = rng.bool(0.8) ? rng.float(0.3, 4) : -rng.float(0.3, 4);
        push({ op, action: i, duration: d }); s.tsZero = false;
        break;
      }
      case 'fade_in': case 'fade_out': push({ op, action: i, duration: durationValue() }); break;
      case 'warp':
        if (s.tsZero) break; // refused: a warp on a time scale of zero
        push({ op, action: i, start: rng.weighted([[1, 2], [rng.float(0.2, 2), 3], [-rng.float(0.2, 1.5), 0.5]]), end: rng.weighted([[0, 1], [rng.float(0.2, 2), 3], [-rng.float(0.2, 1.5), 0.5]]), duration: durationValue() });
        break;
      case 'halt':
        if (s.tsZero) break;
        push({ op, action: i, duration: durationValue() });
        break;
      case 'stop_fading': case 'stop_warping': push({ op, action: i }); break;
      case 'start_at': push({ op, action: i, time: mixerTime + rng.float(-0.3, 1.5) }); break;
      case 'sync_with': {
        if (others.length === 0) break;
        const j = rng.pick(others);
        // differs: sync_with copies the PING_PONG leg in the port, not in three.js.
        if (s.loop === 'ping_pong' || st[j].loop === 'ping_pong') break;
        push({ op, action: i, other: j });
        s.tsZero = st[j].tsZero; s.fresh = false;
        break;
      }
      case 'cross_fade_from': case 'cross_fade_to': {
        if (others.length === 0) break;
        const j = rng.pick(others);
        const warp = !s.tsZero && !st[j].tsZero && rng.bool(0.4);
        const step = { op, action: i, other: j, duration: durationValue() };
        if (warp || rng.bool(0.5)) step.warp = warp;
        push(step);
        break;
      }
      case 'stop_all_action':
        push({ op });
        for (const x of st) { if (x.played) { x.played = false; x.fresh = true; } }
        break;
      case 'mixer_time_scale': {
        mixerTimeScale = rng.weighted([[1, 4], [0.5, 2], [2, 1], [-1, 0.5], [0, 0.3]]);
        push({ op, value: mixerTimeScale });
        break;
      }
      case 'set_time': {
        const t = rng.float(0, 3);
        push({ op, time: t });
        mixerTime = t * mixerTimeScale;
        for (const x of st) x.fresh = false;
        break;
      }
      default: break;
    }
  }
  for (let k = rng.int(2, 6); k > 0; k--) update();
  return steps;
}
