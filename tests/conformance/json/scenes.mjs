// Object JSON round trips against three.js 0.186.0, over scenes made from
// fixed seeds: nodes of every type threeanim reads, meshes with morph targets
// and one or several materials with maps, skinned meshes with bones, lights,
// cameras, and clips on the scene and on objects whose tracks name their
// targets every way three.js allows (uuid, name, the holder itself, bones by
// name, material slots, maps, morph targets by index, by name and whole) and
// some that bind nothing.
//
// For each seed:
//   1. three.js writes the scene (Object3D.toJSON) as document D.
//   2. read: threeanim reads D (json_tool read); its model must be what three.js
//      holds after ObjectLoader.parse(D) (describe.mjs).
//   3. write: threeanim writes its model back (json_tool write) as D2; what
//      three.js holds after ObjectLoader.parse(D2) must again be the model.
// Then the same for a face of 12 morph targets, with its names and influences
// checked one by one.
//
//   node scenes.mjs JSON_TOOL WORK_DIR [SEEDS] [FIRST_SEED]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as THREE from 'three';
import { describe } from './describe.mjs';

const [tool, work, seedsArg, firstArg] = process.argv.slice(2);
if (!tool || !work) {
  console.error('usage: node scenes.mjs JSON_TOOL WORK_DIR [SEEDS] [FIRST_SEED]');
  process.exit(2);
}
const seeds = Number(seedsArg ?? 150);
const first = Number(firstArg ?? 1);

function mulberry32(seed) {
  return function () {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- the scenes -------------------------------------------------------------------------

const NAMES = ['', 'Cube', 'Cube', 'hips', 'spine', 'Armature.DEF_cog', 'light one', 'cam', 'node-7', 'näme',
  '日本', 'a.b.c', 'Group', 'x', 'foo.material', 'bone', 'bone', 'leaf'];
// The kinds with the most animated fields come up more often.
const MATERIALS = ['MeshBasicMaterial', 'MeshLambertMaterial', 'MeshPhongMaterial', 'MeshStandardMaterial',
  'MeshPhysicalMaterial', 'MeshToonMaterial', 'MeshNormalMaterial', 'MeshDepthMaterial', 'MeshMatcapMaterial',
  'LineBasicMaterial', 'PointsMaterial', 'SpriteMaterial', 'MeshPhysicalMaterial', 'MeshPhysicalMaterial',
  'MeshPhongMaterial', 'MeshStandardMaterial'];

function makeScene(seed) {
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (n) => Math.floor(rand() * n);
  const between = (a, b) => a + (b - a) * rand();
  const quat = () => new THREE.Quaternion(rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5).normalize();

  const scene = new THREE.Scene();
  scene.name = pick(NAMES);
  const objects = [];
  const textures = [];
  const materials = [];

  const texture = () => {
    if (textures.length && rand() < 0.3) return pick(textures);
    const t = new THREE.Texture({ data: new Uint8Array([255, 255, 255, 255]), width: 1, height: 1 });
    t.name = pick(NAMES);
    t.offset.set(between(-1, 1), between(-1, 1));
    t.repeat.set(between(0.5, 4), between(0.5, 4));
    t.center.set(rand(), rand());
    t.rotation = between(-3, 3);
    textures.push(t);
    return t;
  };
  const material = () => {
    if (materials.length && rand() < 0.25) return pick(materials);
    const m = new THREE[pick(MATERIALS)]();
    m.name = pick(NAMES);
    const set = (k, v) => { if (m[k] !== undefined) m[k] = v; };
    if (m.color) m.color.setHex(int(0x1000000));
    if (m.emissive) m.emissive.setHex(int(0x1000000));
    if (m.specular) m.specular.setHex(int(0x1000000));
    set('opacity', rand());
    set('emissiveIntensity', between(0, 4));
    set('roughness', rand());
    set('metalness', rand());
    set('shininess', between(0, 100));
    set('alphaTest', rand());
    set('envMapIntensity', between(0, 3));
    set('clearcoat', rand());
    set('clearcoatRoughness', rand());
    set('specularIntensity', rand());
    // Physical's reflectivity sets its ior; below 0.99 it stays under ior's top of 2.333.
    set('reflectivity', between(0, 0.99));
    m.transparent = rand() < 0.5;
    if (m.wireframe !== undefined) m.wireframe = rand() < 0.3;
    if (m.map !== undefined && rand() < 0.4) m.map = texture();
    materials.push(m);
    return m;
  };
  const geometry = () => {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0], 3));
    const morphs = rand() < 0.4 ? 0 : 1 + int(8);
    if (morphs) {
      g.morphAttributes.position = [];
      for (let i = 0; i < morphs; ++i) {
        const a = new THREE.Float32BufferAttribute([0, 0, 0, 0, 0, 0, 0, 0, 0], 3);
        if (rand() < 0.7) a.name = pick(['smile', 'blink', 'frown', 'open', `m${i}`, 'smile']);
        g.morphAttributes.position.push(a);
      }
    }
    return g;
  };
  const meshMaterial = () => (rand() < 0.3 ? Array.from({ length: 2 + int(2) }, material) : material());

  const count = 3 + int(14);
  for (let i = 0; i < count; ++i) {
    const kind = rand();
    let o;
    if (kind < 0.15) o = new THREE.Object3D();
    else if (kind < 0.25) o = new THREE.Group();
    else if (kind < 0.5) o = new THREE.Mesh(geometry(), meshMaterial());
    else if (kind < 0.6) o = new THREE.SkinnedMesh(geometry(), meshMaterial());
    else if (kind < 0.8) {
      const type = pick(['AmbientLight', 'DirectionalLight', 'PointLight', 'SpotLight', 'HemisphereLight']);
      o = new THREE[type](int(0x1000000), between(0, 5));
      if (o.distance !== undefined) o.distance = between(0, 50);
      if (o.decay !== undefined) o.decay = between(0, 3);
      if (o.angle !== undefined) o.angle = between(0.05, Math.PI / 2);
      if (o.penumbra !== undefined) o.penumbra = rand();
      if (o.groundColor) o.groundColor.setHex(int(0x1000000));
    } else if (kind < 0.9) {
      o = new THREE.PerspectiveCamera(between(10, 120), between(0.5, 2), between(0.01, 1), between(10, 1000));
      o.zoom = between(0.5, 2);
      o.filmOffset = between(-1, 1);
    } else {
      const w = between(0.5, 10), h = between(0.5, 10);
      o = new THREE.OrthographicCamera(-w, w, h, -h, between(0.01, 1), between(10, 1000));
      o.zoom = between(0.5, 2);
    }
    if (o.isMesh && o.morphTargetInfluences) for (let k = 0; k < o.morphTargetInfluences.length; ++k) o.morphTargetInfluences[k] = rand();
    o.name = pick(NAMES);
    o.position.set(between(-10, 10), between(-10, 10), between(-10, 10));
    o.quaternion.copy(quat());
    const r = rand();
    if (r < 0.05) o.scale.set(0, 1, 1);
    else if (r < 0.15) o.scale.set(-between(0.2, 2), between(0.2, 2), between(0.2, 2));
    else o.scale.set(between(0.2, 3), between(0.2, 3), between(0.2, 3));
    o.visible = rand() < 0.85;
    const parent = objects.length && rand() < 0.6 ? pick(objects) : scene;
    parent.add(o);
    objects.push(o);
  }
  scene.updateMatrixWorld(true);
  // Skeletons: a chain of bones below each skinned mesh or elsewhere.
  for (const o of objects.filter((x) => x.isSkinnedMesh)) {
    const bones = [];
    let parent = rand() < 0.7 ? o : pick(objects.filter((x) => !x.isSkinnedMesh).concat([scene]));
    for (let i = 0; i < 1 + int(4); ++i) {
      const b = new THREE.Bone();
      b.name = pick(NAMES);
      b.position.set(between(-1, 1), between(0, 2), between(-1, 1));
      b.quaternion.copy(quat());
      parent.add(b);
      bones.push(b);
      parent = b;
    }
    scene.updateMatrixWorld(true);
    o.bind(new THREE.Skeleton(bones));
  }
  scene.updateMatrixWorld(true);
  makeClips(scene, rand);
  return scene;
}

// ---- the clips ---------------------------------------------------------------------------

function makeClips(scene, rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (n) => Math.floor(rand() * n);
  const all = [];
  scene.traverse((o) => { if (o !== scene) all.push(o); });
  if (!all.length) return;
  // A name that parses back, and does not find the Scene (threeanim refuses a track on the Scene).
  const safe = (name) => name !== '' && name !== scene.name && THREE.PropertyBinding.sanitizeNodeName(name) === name;

  const times = () => {
    const n = 1 + int(5);
    const t = [];
    // A key at 0 only with a later one: a clip that lasts no time is refused.
    let x = n > 1 && rand() < 0.2 ? 0 : 0.05 + rand() * 0.5;
    for (let i = 0; i < n; ++i) { t.push(x); x += 0.1 + rand(); }
    return t;
  };
  const numbers = (n) => Array.from({ length: n }, () => (rand() - 0.5) * 10);
  const withInterpolation = (track, kind) => {
    const r = rand();
    if (kind === 'quaternion') { if (r < 0.2) track.setInterpolation(THREE.InterpolateDiscrete); return track; }
    if (kind === 'bool' || kind === 'string') return track;
    if (r < 0.15) track.setInterpolation(THREE.InterpolateDiscrete);
    else if (r < 0.3) track.setInterpolation(THREE.InterpolateSmooth);
    else if (r < 0.4) {
      track.setInterpolation(THREE.InterpolateBezier);
      const n = track.values.length * 2;
      const inT = new Float32Array(n), outT = new Float32Array(n);
      for (let i = 0; i < n; i += 2) {
        const k = Math.floor(i / 2 / (track.values.length / track.times.length));
        inT[i] = track.times[k] - 0.05; inT[i + 1] = rand();
        outT[i] = track.times[k] + 0.05; outT[i + 1] = rand();
      }
      track.settings = { inTangents: inT, outTangents: outT };
    }
    return track;
  };

  // A reference to o from holder: "" for the holder, its name, or its uuid.
  const reference = (holder, o) => {
    if (o === holder) return pick(['', o.uuid, ...(safe(o.name) ? [o.name] : [])]);
    return safe(o.name) && rand() < 0.5 ? o.name : o.uuid;
  };

  const trackFor = (holder) => {
    const below = [];
    holder.traverse((o) => { if (o !== scene) below.push(o); });
    if (rand() < 0.06) {
      // Paths three.js binds to nothing.
      const mesh = below.find((o) => o.isMesh);
      const t = times();
      const choices = [['NoSuchNode.position', 'vector', 3]];
      // The Scene has no skeleton and no material.
      if (holder === scene) choices.push(['.bones[hips].position', 'vector', 3], ['.material.opacity', 'number', 1]);
      if (mesh) {
        const ref = reference(holder, mesh);
        choices.push([`${ref}.material[7].opacity`, 'number', 1], [`${ref}.morphTargetInfluences[nosuch]`, 'number', 1],
          [`${ref}.materials[0].opacity`, 'number', 1]);
        if (!Array.isArray(mesh.material)) choices.push([`${ref}.material[0].opacity`, 'number', 1]);
        else choices.push([`${ref}.material.opacity`, 'number', 1], [`${ref}.map.offset`, 'vector', 2]);
      }
      const light = below.find((o) => o.isDirectionalLight);
      if (light) choices.push([`${reference(holder, light)}.distance`, 'number', 1]);
      const [name, kind, size] = pick(choices);
      const T = kind === 'vector' ? THREE.VectorKeyframeTrack : THREE.NumberKeyframeTrack;
      return new T(name, t, numbers(t.length * size));
    }
    let o = pick(below);
    if (o === scene) return null;
    let ref = reference(holder, o);
    // A bone of the holder's skeleton, by name.
    if (holder.isSkinnedMesh && holder.skeleton && rand() < 0.4) {
      const bone = pick(holder.skeleton.bones);
      if (safe(bone.name) || rand() < 0.5) {
        o = bone;
        ref = rand() < 0.5 ? `.bones[${bone.name}]` : bone.name;
        if (!safe(bone.name)) ref = `.bones[${bone.name}]`;
        // ".bones[]" does not parse: an unnamed bone is named by its uuid.
        if (bone.name === '') ref = bone.uuid;
      }
    }
    const t = times();
    const n = t.length;
    const options = ['position', 'scale', 'quaternion', 'element', 'visible', 'name'];
    if (o.isMesh && o.morphTargetInfluences && o.morphTargetInfluences.length) options.push('morph', 'morph', 'morphAll');
    if (o.isMesh) options.push('material', 'material', 'material', 'material', 'material');
    if (o.isLight) options.push('light', 'light');
    if (o.isCamera) options.push('camera', 'camera');
    const what = pick(options);
    const base = ref.startsWith('.bones[') ? ref : ref;
    const path = (p) => (base.startsWith('.bones[') ? `${base}.${p}` : `${base}.${p}`);
    switch (what) {
      case 'position':
      case 'scale': return withInterpolation(new THREE.VectorKeyframeTrack(path(what), t, numbers(3 * n)), 'vector');
      case 'quaternion': {
        const v = [];
        for (let i = 0; i < n; ++i) v.push(...new THREE.Quaternion(rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5).normalize().toArray());
        return withInterpolation(new THREE.QuaternionKeyframeTrack(path('quaternion'), t, v), 'quaternion');
      }
      case 'element':
        return withInterpolation(new THREE.NumberKeyframeTrack(path(`${pick(['position', 'scale', 'rotation'])}[${pick(['x', 'y', 'z'])}]`), t, numbers(n)), 'number');
      case 'visible': return new THREE.BooleanKeyframeTrack(path('visible'), t, t.map(() => rand() < 0.5));
      case 'name': return new THREE.StringKeyframeTrack(path('name'), t, t.map(() => pick(['idle', 'busy', 'a.b', ''])));
      case 'morph': {
        const names = Object.keys(o.morphTargetDictionary);
        const index = rand() < 0.5 ? String(int(o.morphTargetInfluences.length)) : pick(names);
        return withInterpolation(new THREE.NumberKeyframeTrack(path(`morphTargetInfluences[${index}]`), t, t.map(() => rand())), 'number');
      }
      case 'morphAll':
        return withInterpolation(new THREE.NumberKeyframeTrack(path('morphTargetInfluences'), t, t.flatMap(() => o.morphTargetInfluences.map(() => rand()))), 'number');
      case 'material': {
        const isArray = Array.isArray(o.material);
        const slot = isArray ? int(o.material.length) : -1;
        const m = isArray ? o.material[slot] : o.material;
        const head = isArray ? `material[${slot}]` : 'material';
        if (!isArray && m.map && rand() < 0.4) {
          const p = pick(['offset', 'repeat', 'center', 'rotation']);
          return p === 'rotation'
            ? withInterpolation(new THREE.NumberKeyframeTrack(path(`map.rotation`), t, numbers(n)), 'number')
            : withInterpolation(new THREE.VectorKeyframeTrack(path(`map.${p}`), t, numbers(2 * n)), 'vector');
        }
        const props = ['opacity', 'transparent'];
        for (const k of ['emissiveIntensity', 'roughness', 'metalness', 'shininess', 'alphaTest', 'reflectivity', 'envMapIntensity', 'clearcoat', 'clearcoatRoughness', 'specularIntensity', 'ior', 'wireframe', 'color', 'emissive', 'specular'])
          if (m[k] !== undefined) props.push(k);
        const p = pick(props);
        if (p === 'transparent' || p === 'wireframe') return new THREE.BooleanKeyframeTrack(path(`${head}.${p}`), t, t.map(() => rand() < 0.5));
        if (p === 'color' || p === 'emissive' || p === 'specular')
          return withInterpolation(new THREE.ColorKeyframeTrack(path(`${head}.${p}`), t, t.flatMap(() => [rand(), rand(), rand()])), 'color');
        return withInterpolation(new THREE.NumberKeyframeTrack(path(`${head}.${p}`), t, t.map(() => rand())), 'number');
      }
      case 'light': {
        const props = ['intensity', 'color'];
        if (o.distance !== undefined) props.push('distance');
        if (o.angle !== undefined) props.push('angle', 'penumbra');
        const p = pick(props);
        if (p === 'color') return withInterpolation(new THREE.ColorKeyframeTrack(path('color'), t, t.flatMap(() => [rand(), rand(), rand()])), 'color');
        return withInterpolation(new THREE.NumberKeyframeTrack(path(p), t, t.map(() => rand())), 'number');
      }
      case 'camera': {
        const p = pick(o.isPerspectiveCamera ? ['fov', 'zoom', 'near', 'far'] : ['zoom', 'near', 'far']);
        return withInterpolation(new THREE.NumberKeyframeTrack(path(p), t, t.map(() => 1 + rand())), 'number');
      }
    }
    return null;
  };

  const clips = 1 + int(4);
  for (let c = 0; c < clips; ++c) {
    const holder = rand() < 0.4 ? scene : pick(all);
    const tracks = [];
    const n = 1 + int(6);
    for (let i = 0; i < n; ++i) {
      const track = trackFor(holder);
      // The holder itself, when it is the Scene, is not animated: threeanim refuses such a track.
      const parsed = track && THREE.PropertyBinding.parseTrackName(track.name);
      if (track && !(holder === scene && !parsed.nodeName && !parsed.objectName)) tracks.push(track);
    }
    if (!tracks.length) continue;
    const clip = new THREE.AnimationClip(`clip${c}`, rand() < 0.3 ? 8 + rand() : -1, tracks,
      rand() < 0.2 ? THREE.AdditiveAnimationBlendMode : THREE.NormalAnimationBlendMode);
    if (rand() < 0.3) clip.userData = { tag: `t${c}`, n: c };
    holder.animations.push(clip);
    if (rand() < 0.1) {
      const other = pick(all);
      if (other !== holder) other.animations.push(clip);
    }
  }
}

// ---- comparing ---------------------------------------------------------------------------

const stats = { maxTrs: 0, maxOther: 0, maxKeys: 0, nodes: 0, tracks: 0, clips: 0, leftOut: 0, kinds: {} };

function near(a, b, tol, kind) {
  const d = Math.abs(a - b);
  const scale = Math.max(1, Math.abs(a), Math.abs(b));
  if (kind) stats[kind] = Math.max(stats[kind], d / scale);
  return d <= tol * scale;
}

function compare(expected, actual, path, problems, kind = 'maxOther', tol = 1e-5) {
  if (problems.length > 20) return;
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!near(expected, actual, tol, kind)) problems.push(`${path}: ${expected} != ${actual}`);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) { problems.push(`${path}: length ${expected.length} != ${actual.length}`); return; }
    expected.forEach((e, i) => compare(e, actual[i], `${path}[${i}]`, problems, kind, tol));
    return;
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      if (!(k in expected)) { problems.push(`${path}.${k}: not expected`); continue; }
      if (!(k in actual)) { problems.push(`${path}.${k}: missing`); continue; }
      compare(expected[k], actual[k], `${path}.${k}`, problems, kind, tol);
    }
    return;
  }
  if (expected !== actual) problems.push(`${path}: ${JSON.stringify(expected)} != ${JSON.stringify(actual)}`);
}

function compareQuaternion(e, a, path, problems) {
  const dot = e.reduce((s, x, i) => s + x * a[i], 0);
  const sign = dot < 0 ? -1 : 1;
  compare(e, a.map((x) => x * sign), path, problems, 'maxTrs');
}

// expected: describe() of three.js's objects; actual: json_tool's dump.
function compareModels(expected, actual, problems, { roots = true } = {}) {
  compare(expected.scene, actual.scene, 'scene', problems);
  if (expected.nodes.length !== actual.nodes.length) {
    problems.push(`nodes: ${expected.nodes.length} != ${actual.nodes.length}`);
    return;
  }
  expected.nodes.forEach((e, i) => {
    const a = actual.nodes[i];
    const p = `nodes[${i}] (${e.name})`;
    for (const k of ['uuid', 'name', 'type', 'parent', 'visible', 'mesh', 'light', 'camera']) compare(e[k], a[k], `${p}.${k}`, problems);
    compare(e.position, a.position, `${p}.position`, problems, 'maxTrs');
    compare(e.scale, a.scale, `${p}.scale`, problems, 'maxTrs');
    compareQuaternion(e.quaternion, a.quaternion, `${p}.quaternion`, problems);
  });
  stats.nodes += expected.nodes.length;
  compare(expected.materials, actual.materials, 'materials', problems);
  compare(expected.textures, actual.textures, 'textures', problems);
  if (expected.clips.length !== actual.clips.length) {
    problems.push(`clips: ${expected.clips.length} != ${actual.clips.length}`);
    return;
  }
  const seen = new Set();
  expected.clips.forEach((e, i) => {
    const a = actual.clips[i];
    const p = `clips[${i}] (${e.name})`;
    for (const k of ['name', 'blendMode']) compare(e[k], a[k], `${p}.${k}`, problems);
    if (!seen.has(a.uuid)) compare(e.uuid, a.uuid, `${p}.uuid`, problems);
    seen.add(a.uuid);
    if (roots) compare(e.root, a.root, `${p}.root`, problems);
    compare(e.duration, a.duration, `${p}.duration`, problems);
    compare(e.userData, JSON.parse(a.userData), `${p}.userData`, problems);
    if (e.tracks.length !== a.tracks.length) {
      problems.push(`${p}.tracks: ${e.tracks.length} (${e.tracks.map((t) => t.target)}) != ${a.tracks.length} (${a.tracks.map((t) => t.target)})`);
      return;
    }
    e.tracks.forEach((t, k) => {
      compare(t, a.tracks[k], `${p}.tracks[${k}]`, problems, 'maxKeys', 1e-6);
      const kind = (t.target.startsWith('material:') ? 'material.' : t.target.startsWith('texture:') ? 'map.' : '') +
        t.target.slice(t.target.lastIndexOf('.') + 1).replace(/\[[0-9]+\]$/, '[i]');
      stats.kinds[kind] = (stats.kinds[kind] ?? 0) + 1;
    });
    stats.tracks += e.tracks.length;
  });
  stats.clips += expected.clips.length;
}

// ---- running -------------------------------------------------------------------------------

mkdirSync(work, { recursive: true });
const loader = new THREE.ObjectLoader();
let failures = 0;
const run = (args) => spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
// One round trip of a scene (steps 1 to 3 above); the differences found.
function roundTrip(scene, name) {
  const problems = [];
  const doc = scene.toJSON();
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const expected = describe(loader.parse(JSON.parse(JSON.stringify(doc))), doc);
  const read = run(['read', file]);
  const ours = read.status === 0 ? JSON.parse(read.stdout) : { error: read.stderr };
  if (ours.error) problems.push(`read: ${ours.error}: ${ours.message}`);
  else {
    stats.leftOut += ours.warnings.filter((w) => w.includes('left out')).length;
    compareModels(expected, ours, problems);
    const file2 = join(work, `${name}.threeanim.json`);
    const write = run(['write', file, file2]);
    if (write.status !== 0) problems.push(`write: ${write.stderr.trim()}`);
    else {
      const doc2 = JSON.parse(readFileSync(file2, 'utf8'));
      const back = describe(loader.parse(doc2), doc2);
      compareModels(back, ours, problems.length ? [] : problems, { roots: false });
    }
  }
  if (problems.length) console.error(`${name}: ${problems.length} differences (${file})\n  ${problems.slice(0, 12).join('\n  ')}`);
  return { problems, ours, expected };
}

for (let seed = first; seed < first + seeds; ++seed) {
  if (roundTrip(makeScene(seed), `scene_${seed}`).problems.length) failures++;
}

// A face of 12 morph targets, more than three.js's old renderer took (8),
// with a clip that drives them all at once and one by name: three.js's
// ObjectLoader reads any number, and so must the reader and the writer.
{
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0], 3));
  g.morphAttributes.position = [];
  for (let i = 0; i < 12; ++i) {
    const a = new THREE.Float32BufferAttribute([0, 0, i, 0, 0, 0, 0, 0, 0], 3);
    a.name = `shape${i}`;
    g.morphAttributes.position.push(a);
  }
  const face = new THREE.Mesh(g, new THREE.MeshStandardMaterial());
  face.name = 'Face';
  for (let i = 0; i < 12; ++i) face.morphTargetInfluences[i] = (i + 1) / 13;
  const scene = new THREE.Scene();
  scene.add(face);
  scene.animations = [new THREE.AnimationClip('talk', 1, [
    new THREE.NumberKeyframeTrack('Face.morphTargetInfluences', [0, 1],
      [...Array(24).keys()].map((k) => k / 24)),
    new THREE.NumberKeyframeTrack('Face.morphTargetInfluences[shape11]', [0, 1], [0.25, 0.75]),
  ])];
  const { problems, ours } = roundTrip(scene, 'morph_12');
  const got = ours.error ? null : ours.nodes.map((n) => n.mesh).find((m) => m?.morph?.length === 12);
  if (!got) problems.push(`morph_12: threeanim has no mesh of 12 morph targets (${ours.error ?? ''})`);
  else {
    for (let i = 0; i < 12; ++i) {
      // The dump writes a float with 9 digits, which tell every float apart.
      if (Math.fround(got.morph[i]) !== Math.fround((i + 1) / 13)) problems.push(`morph_12: influence ${i} ${got.morph[i]}`);
      if (got.morphNames[i] !== `shape${i}`) problems.push(`morph_12: name ${i} ${got.morphNames[i]}`);
    }
  }
  if (problems.length) {
    failures++;
    console.error(`morph_12: ${problems.slice(0, 12).join('\n  ')}`);
  }
}
console.log(`object JSON round trips: ${seeds} seeds, ${failures} failing; ${stats.nodes} nodes, ${stats.clips} clips, ` +
  `${stats.tracks} tracks compared (${stats.leftOut} tracks left out as three.js binds them to nothing); largest ` +
  `relative differences: transforms ${stats.maxTrs.toExponential(2)}, keys ${stats.maxKeys.toExponential(2)}, ` +
  `other numbers ${stats.maxOther.toExponential(2)}`);
console.log(`tracks by property: ${Object.entries(stats.kinds).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
process.exit(failures ? 1 : 0);
