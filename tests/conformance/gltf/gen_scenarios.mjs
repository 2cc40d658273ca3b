// node gen_scenarios.mjs OUTDIR SEED COUNT
//
// Writes COUNT random glTF files made from the fixed SEED (mulberry32) into
// OUTDIR and prints their paths, one a line. Each file mixes what the loader
// must reproduce from GLTFLoader: forests of nodes in several scenes (the
// default one not always the first), names that collide, need sanitizing or
// are missing, meshes of one or several primitives shared by several nodes,
// morph targets with mesh and node weights and extras.targetNames, skins,
// cameras and lights (shared too), materials with factors, alpha modes and a
// texture transform, TRS and matrices, and animations with STEP, LINEAR and
// CUBICSPLINE samplers whose outputs are FLOAT or normalized BYTE, UNSIGNED_BYTE,
// SHORT, UNSIGNED_SHORT, sometimes sparse, with weights channels on meshes and
// on Groups. The container is a .glb, a .gltf with an external .bin, or a
// .gltf with a data: URI.
//
// Left out on purpose (known, documented differences): strided animation
// accessors (three.js hands the whole interleaved array to a track), rotation
// keys that are not unit length (threeanim normalizes them), more than 8 morph
// targets (threeanim keeps 8), clips whose every key is at 0.
import fs from 'node:fs';
import path from 'node:path';

const [outDir, seedArg, countArg] = process.argv.slice(2);
const seed = Number(seedArg ?? 1), count = Number(countArg ?? 20);

function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Cube', 'Cube', 'Cube.001', 'Arm L', 'Arm:R', 'a/b', '[x]', '', 'mesh_0', 'light_0', 'Cube_1',
  'constructor', '名前', 'tab\tname', 'nbsp\u00a0x', 'Bone', 'Root', 'mesh_1', 'toString', 'Main'];

class Builder {
  constructor(rng) {
    this.rng = rng;
    this.bytes = [];
    this.length = 0;
    this.json = { asset: { version: '2.0', generator: 'threeanim gen_scenarios' }, accessors: [], bufferViews: [] };
  }
  align() {
    while (this.length % 4) {
      this.bytes.push(Buffer.alloc(1));
      this.length++;
    }
  }
  view(buf) {
    this.align();
    const v = { buffer: 0, byteOffset: this.length, byteLength: buf.length };
    this.bytes.push(buf);
    this.length += buf.length;
    this.json.bufferViews.push(v);
    return this.json.bufferViews.length - 1;
  }
  static encode(componentType, values) {
    const T = { 5120: Int8Array, 5121: Uint8Array, 5122: Int16Array, 5123: Uint16Array, 5125: Uint32Array, 5126: Float32Array }[componentType];
    const a = new T(values.length);
    for (let i = 0; i < values.length; ++i) a[i] = values[i];
    return Buffer.from(a.buffer);
  }
  // values are the numbers as stored (already quantized for integer types).
  accessor(componentType, type, values, { normalized = false, sparse = null, noView = false } = {}) {
    const comps = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 }[type];
    const acc = { componentType, type, count: values.length / comps };
    if (normalized) acc.normalized = true;
    if (!noView) acc.bufferView = this.view(Builder.encode(componentType, values));
    if (sparse) {
      const iv = this.view(Builder.encode(sparse.indexType, sparse.indices));
      const vv = this.view(Builder.encode(componentType, sparse.values));
      acc.sparse = { count: sparse.indices.length, indices: { bufferView: iv, componentType: sparse.indexType }, values: { bufferView: vv } };
    }
    this.json.accessors.push(acc);
    return this.json.accessors.length - 1;
  }
  binary() {
    this.align();
    return Buffer.concat(this.bytes);
  }
}

function scenario(index) {
  const rng = mulberry32(seed * 7919 + index * 104729 + 13);
  const r = () => rng();
  const ri = (n) => Math.floor(r() * n);
  const pick = (a) => a[ri(a.length)];
  const chance = (p) => r() < p;
  const b = new Builder(rng);
  const j = b.json;
  const name = () => (chance(0.75) ? pick(NAMES) : undefined);
  const setName = (o) => {
    const n = name();
    if (n !== undefined) o.name = n;
    return o;
  };
  const round = (v) => Math.fround(v);

  // Materials.
  const textureTransformUsed = chance(0.7);
  const materialCount = ri(4);
  j.materials = [];
  let needImage = false;
  for (let m = 0; m < materialCount; ++m) {
    const mat = setName({});
    const pbr = {};
    if (chance(0.7)) pbr.baseColorFactor = [r(), r(), r(), round(0.2 + 0.8 * r())];
    if (chance(0.5)) pbr.metallicFactor = r();
    if (chance(0.5)) pbr.roughnessFactor = r();
    if (chance(0.3)) {
      needImage = true;
      pbr.baseColorTexture = { index: 0 };
      if (chance(0.7))
        pbr.baseColorTexture.extensions = {
          KHR_texture_transform: { offset: [r() - 0.5, r()], scale: [0.5 + r(), 0.5 + r()], rotation: r() * 3 },
        };
    }
    if (Object.keys(pbr).length || chance(0.5)) mat.pbrMetallicRoughness = pbr;
    if (chance(0.4)) mat.emissiveFactor = [r(), r(), r()];
    const mode = pick(['OPAQUE', 'MASK', 'BLEND', undefined]);
    if (mode) mat.alphaMode = mode;
    if (mode === 'MASK' && chance(0.6)) mat.alphaCutoff = r();
    if (chance(0.2)) mat.extensions = { KHR_materials_emissive_strength: { emissiveStrength: 1 + 3 * r() } };
    j.materials.push(mat);
  }
  if (needImage) {
    j.images = [{ uri: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' }];
    j.textures = [setName({ source: 0 })];
  }
  if (!j.materials.length) delete j.materials;

  // Meshes.
  const meshCount = ri(5);
  j.meshes = [];
  const meshTargets = [];
  for (let m = 0; m < meshCount; ++m) {
    const mesh = setName({ primitives: [] });
    const prims = chance(0.35) ? 2 + ri(2) : 1;
    const targets = chance(0.5) ? 1 + ri(4) : 0;
    meshTargets.push(targets);
    const skinAttrs = chance(0.4);
    for (let p = 0; p < prims; ++p) {
      const pos = b.accessor(5126, 'VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0]);
      const prim = { attributes: { POSITION: pos } };
      if (skinAttrs) {
        prim.attributes.JOINTS_0 = b.accessor(5121, 'VEC4', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        prim.attributes.WEIGHTS_0 = b.accessor(5126, 'VEC4', [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
      }
      if (targets) {
        prim.targets = [];
        for (let t = 0; t < targets; ++t) prim.targets.push({ POSITION: b.accessor(5126, 'VEC3', [0, t, 0, 0, 0, 0, 0, 0, 0]) });
      }
      if (materialCount && chance(0.8)) prim.material = ri(materialCount);
      if (chance(0.1)) prim.mode = pick([0, 1, 3]);
      mesh.primitives.push(prim);
    }
    if (targets && chance(0.5)) mesh.weights = Array.from({ length: targets }, () => r());
    if (targets && chance(0.5)) {
      const n = chance(0.8) ? targets : targets + 1;
      mesh.extras = { targetNames: Array.from({ length: n }, (_, t) => (chance(0.2) ? 'dup' : `key ${t}`)) };
    }
    j.meshes.push(mesh);
  }
  if (!j.meshes.length) delete j.meshes;

  // Cameras and lights.
  j.cameras = [];
  for (let c = ri(3); c > 0; --c) {
    const cam = setName({});
    if (chance(0.6)) {
      cam.type = 'perspective';
      cam.perspective = { yfov: 0.3 + 1.2 * r(), znear: 0.01 + r() };
      if (chance(0.5)) cam.perspective.zfar = 100 + 100 * r();
      if (chance(0.5)) cam.perspective.aspectRatio = 0.5 + r();
    } else {
      cam.type = 'orthographic';
      cam.orthographic = { xmag: 0.5 + r(), ymag: 0.5 + r(), znear: 0.01 + r(), zfar: 10 + 10 * r() };
    }
    j.cameras.push(cam);
  }
  if (!j.cameras.length) delete j.cameras;
  const lights = [];
  for (let l = ri(3); l > 0; --l) {
    const light = setName({ type: pick(['directional', 'point', 'spot']) });
    if (chance(0.7)) light.color = [r(), r(), r()];
    if (chance(0.7)) light.intensity = 10 * r();
    if (light.type !== 'directional' && chance(0.5)) light.range = 1 + 10 * r();
    if (light.type === 'spot' && chance(0.7)) {
      const outer = 0.2 + 1.3 * r();
      light.spot = { outerConeAngle: outer };
      if (chance(0.7)) light.spot.innerConeAngle = outer * r();
    }
    lights.push(light);
  }
  if (lights.length) {
    j.extensions = { KHR_lights_punctual: { lights } };
  }

  // Nodes: a forest.
  const nodeCount = 1 + ri(14);
  j.nodes = [];
  const parent = [];
  for (let i = 0; i < nodeCount; ++i) {
    const node = setName({});
    parent.push(i > 0 && chance(0.7) ? ri(i) : -1);
    if (meshCount && chance(0.55)) node.mesh = ri(meshCount);
    if (j.cameras && chance(0.15)) node.camera = ri(j.cameras.length);
    if (lights.length && chance(0.15)) node.extensions = { KHR_lights_punctual: { light: ri(lights.length) } };
    if (node.mesh !== undefined && meshTargets[node.mesh] && chance(0.25))
      node.weights = Array.from({ length: meshTargets[node.mesh] }, () => r());
    const t = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
    const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
    const len = Math.hypot(...axis) || 1;
    const ang = 6 * r();
    const q = [...axis.map((a) => (a / len) * Math.sin(ang / 2)), Math.cos(ang / 2)];
    const s = [0.5 + r(), 0.5 + r(), 0.5 + r()];
    if (chance(0.2)) {
      // column-major compose
      const [x, y, z, w] = q;
      const x2 = x + x, y2 = y + y, z2 = z + z;
      const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
      const wx = w * x2, wy = w * y2, wz = w * z2;
      node.matrix = [
        (1 - (yy + zz)) * s[0], (xy + wz) * s[0], (xz - wy) * s[0], 0,
        (xy - wz) * s[1], (1 - (xx + zz)) * s[1], (yz + wx) * s[1], 0,
        (xz + wy) * s[2], (yz - wx) * s[2], (1 - (xx + yy)) * s[2], 0,
        t[0], t[1], t[2], 1,
      ];
    } else {
      if (chance(0.6)) node.translation = t;
      if (chance(0.6)) node.rotation = q;
      if (chance(0.4)) node.scale = s;
    }
    j.nodes.push(node);
  }
  for (let i = 0; i < nodeCount; ++i)
    if (parent[i] >= 0) (j.nodes[parent[i]].children ||= []).push(i);

  // Skins.
  const skinCount = ri(3);
  if (skinCount) {
    j.skins = [];
    for (let s = 0; s < skinCount; ++s) {
      const joints = [];
      for (let k = 1 + ri(4); k > 0; --k) {
        const n = ri(nodeCount);
        if (!joints.includes(n)) joints.push(n);
      }
      const skin = { joints };
      if (chance(0.5)) {
        const id = [];
        for (let k = 0; k < joints.length; ++k) id.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
        skin.inverseBindMatrices = b.accessor(5126, 'MAT4', id);
      }
      j.skins.push(skin);
    }
    for (const node of j.nodes) if (node.mesh !== undefined && chance(0.4)) node.skin = ri(skinCount);
  }

  // Scenes.
  const roots = [];
  for (let i = 0; i < nodeCount; ++i) if (parent[i] < 0) roots.push(i);
  const sceneCount = chance(0.25) ? 2 : 1;
  j.scenes = [];
  for (let s = 0; s < sceneCount; ++s) j.scenes.push(setName({ nodes: [] }));
  for (const root of roots) j.scenes[sceneCount > 1 && chance(0.4) ? 1 : 0].nodes.push(root);
  if (sceneCount > 1 || chance(0.5)) j.scene = ri(sceneCount);

  // Animations.
  const animCount = ri(4);
  j.animations = [];
  for (let a = 0; a < animCount; ++a) {
    const anim = setName({ channels: [], samplers: [] });
    let sharedInput = null;
    for (let c = 1 + ri(5); c > 0; --c) {
      const node = ri(nodeCount);
      const pathName = pick(['translation', 'rotation', 'scale', 'weights', 'weights']);
      const interpolation = pick(['LINEAR', 'STEP', 'CUBICSPLINE', undefined]);
      const cubic = interpolation === 'CUBICSPLINE';
      let keys = (cubic ? 2 : 1) + ri(6);
      let input;
      if (sharedInput && chance(0.4)) {
        input = sharedInput.accessor;
        keys = sharedInput.keys;
      } else {
        const times = [];
        let t = chance(0.5) ? 0 : 0.05 + 0.4 * r();
        for (let k = 0; k < keys; ++k) {
          times.push(Math.fround(t));
          t += 0.05 + r();
        }
        if (keys === 1 && times[0] === 0) times[0] = Math.fround(0.1);
        input = b.accessor(5126, 'SCALAR', times);
        sharedInput = { accessor: input, keys };
      }
      const size = pathName === 'rotation' ? 4 : pathName === 'weights' ? 1 + ri(5) : 3;
      const type = pathName === 'rotation' ? 'VEC4' : pathName === 'weights' ? 'SCALAR' : 'VEC3';
      let ctype = 5126;
      if (pathName === 'rotation' && chance(0.3)) ctype = 5122;
      if (pathName === 'weights' && chance(0.6)) ctype = pick([5120, 5121, 5122, 5123]);
      if ((pathName === 'translation' || pathName === 'scale') && chance(0.3)) ctype = pick([5120, 5122]);
      const max = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 }[ctype];
      const lo = ctype === 5121 || ctype === 5123 ? 0 : -1;
      const quant = (v) => (ctype === 5126 ? v : Math.round(Math.max(lo, Math.min(1, v)) * max));
      const values = [];
      const oneKey = () => {
        if (pathName === 'rotation') {
          const ax = [r() - 0.5, r() - 0.5, r() - 0.5];
          const l = Math.hypot(...ax) || 1;
          const an = 6 * r();
          return [...ax.map((x) => (x / l) * Math.sin(an / 2)), Math.cos(an / 2)];
        }
        if (pathName === 'weights') return Array.from({ length: size }, () => r());
        return Array.from({ length: 3 }, () => 2 * r() - 1);
      };
      const tangent = () => Array.from({ length: size }, () => (2 * r() - 1) * 0.5);
      for (let k = 0; k < keys; ++k) {
        if (cubic) values.push(...tangent(), ...oneKey(), ...tangent());
        else values.push(...oneKey());
      }
      const normalized = ctype !== 5126;
      const stored = values.map(quant);
      const count = stored.length / (type === 'SCALAR' ? 1 : size);
      let output;
      if (chance(0.15) && type !== 'SCALAR') {
        // Sparse: a zero (or given) base with some elements replaced.
        const n = 1 + ri(Math.max(1, count - 1));
        const idx = [];
        for (let e = 0; e < count && idx.length < n; ++e) if (chance(0.6)) idx.push(e);
        if (!idx.length) idx.push(0);
        const comps = size;
        const base = stored.slice();
        const sv = [];
        for (const e of idx) for (let c = 0; c < comps; ++c) sv.push(stored[e * comps + c]);
        const noView = chance(0.3) && pathName !== 'rotation';
        output = b.accessor(ctype, type, noView ? new Array(stored.length).fill(0) : base, {
          normalized, noView, sparse: { indexType: pick([5121, 5123, 5125]), indices: idx, values: sv },
        });
        if (noView) {
          // Elements not replaced read as zero; keep rotation out of this (not unit).
        }
      } else {
        output = b.accessor(ctype, type, stored, { normalized });
      }
      const sampler = { input, output };
      if (interpolation) sampler.interpolation = interpolation;
      anim.samplers.push(sampler);
      anim.channels.push({ sampler: anim.samplers.length - 1, target: { node, path: pathName } });
    }
    j.animations.push(anim);
  }
  if (!j.animations.length) delete j.animations;
  if (textureTransformUsed && needImage) j.extensionsUsed = ['KHR_texture_transform'];
  if (lights.length) j.extensionsUsed = [...(j.extensionsUsed || []), 'KHR_lights_punctual'];

  const bin = b.binary();
  const container = pick(['glb', 'bin', 'data']);
  const base = path.join(outDir, `scenario_${seed}_${index}`);
  if (container === 'glb') {
    j.buffers = [{ byteLength: bin.length }];
    let text = Buffer.from(JSON.stringify(j));
    const pad = (4 - (text.length % 4)) % 4;
    text = Buffer.concat([text, Buffer.alloc(pad, 0x20)]);
    const total = 12 + 8 + text.length + (bin.length ? 8 + bin.length : 0);
    const header = Buffer.alloc(12);
    header.writeUInt32LE(0x46546c67, 0);
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(total, 8);
    const jh = Buffer.alloc(8);
    jh.writeUInt32LE(text.length, 0);
    jh.writeUInt32LE(0x4e4f534a, 4);
    const parts = [header, jh, text];
    if (bin.length) {
      const bh = Buffer.alloc(8);
      bh.writeUInt32LE(bin.length, 0);
      bh.writeUInt32LE(0x004e4942, 4);
      parts.push(bh, bin);
    }
    fs.writeFileSync(base + '.glb', Buffer.concat(parts));
    return base + '.glb';
  }
  if (container === 'bin') {
    const binName = `scenario_${seed}_${index} data.bin`;
    fs.writeFileSync(path.join(outDir, binName), bin);
    j.buffers = [{ byteLength: bin.length, uri: encodeURI(binName) }];
  } else {
    j.buffers = [{ byteLength: bin.length, uri: 'data:application/octet-stream;base64,' + bin.toString('base64') }];
  }
  fs.writeFileSync(base + '.gltf', JSON.stringify(j, null, 1));
  return base + '.gltf';
}

fs.mkdirSync(outDir, { recursive: true });
for (let i = 0; i < count; ++i) console.log(scenario(i));
