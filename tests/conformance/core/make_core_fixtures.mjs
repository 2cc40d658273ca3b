// Writes tests/unit/fixtures/core_three.json: the values three.js 0.186.0
// computes for the core and scene modules' unit tests (math, sRGB, cameras,
// mulberry32, constructor defaults, scene traversal and lookup, morph target
// dictionaries).
//
//     node make_core_fixtures.mjs [OUT]      (default: the committed fixture)
//
// Deterministic: every input comes from mulberry32 with fixed seeds, and the
// output is written in a fixed key order, one scenario per line, so that the
// ctest core_fixture_matches_threejs can regenerate it and compare bytes.
//
// Inputs that the C library stores as float32 are rounded with Math.fround
// before three.js sees them, so both sides start from the same numbers; where
// the C library stores an intermediate result as float32 (a quaternion made
// from Euler angles, a node's world matrix), the scenario does the same
// rounding between three.js calls and says so in its field names.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? resolve(here, '../../unit/fixtures/core_three.json');

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = Math.fround;
const rng = mulberry32(20260186);
const uni = (lo, hi) => lo + (hi - lo) * rng();
const pick = (list) => list[Math.floor(rng() * list.length)];
const q4 = (q) => [q.x, q.y, q.z, q.w];
const v3 = (v) => [v.x, v.y, v.z];

function randomUnitQuat() {
  // Uniform on the sphere (Shoemake), rounded to float32 as a scene stores it.
  const u1 = rng(), u2 = rng() * 2 * Math.PI, u3 = rng() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [f(a * Math.sin(u2)), f(a * Math.cos(u2)), f(b * Math.sin(u3)), f(b * Math.cos(u3))];
}

function quat(a) { return new THREE.Quaternion(a[0], a[1], a[2], a[3]); }

// ---- quaternions -------------------------------------------------------------

function quatOps() {
  const rows = [];
  const special = [
    [0, 0, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 0, -1], [1e-30, 0, 0, 0],
    [3, -4, 12, 84], [f(1e20), f(-1e20), 0, f(1e20)], [f(0.5), f(-0.5), f(0.5), f(-0.5)],
  ];
  for (let i = 0; i < 72; ++i) {
    const a = i < special.length ? special[i]
      : i % 3 === 0 ? randomUnitQuat() : [f(uni(-3, 3)), f(uni(-3, 3)), f(uni(-3, 3)), f(uni(-3, 3))];
    const b = i % 2 === 0 ? randomUnitQuat() : [f(uni(-2, 2)), f(uni(-2, 2)), f(uni(-2, 2)), f(uni(-2, 2))];
    const qa = quat(a);
    rows.push({
      a, b,
      length: qa.length(),
      normalize: q4(quat(a).normalize()),
      conjugate: q4(quat(a).conjugate()),
      multiply: q4(new THREE.Quaternion().multiplyQuaternions(quat(a), quat(b))),
    });
  }
  return rows;
}

// multiplyQuaternionsFlat on doubles (the mixer's flat arrays).
function multiplyFlat() {
  const rows = [];
  for (let i = 0; i < 48; ++i) {
    const a = [uni(-2, 2), uni(-2, 2), uni(-2, 2), uni(-2, 2)];
    const b = [uni(-2, 2), uni(-2, 2), uni(-2, 2), uni(-2, 2)];
    const d = [0, 0, 0, 0];
    THREE.Quaternion.multiplyQuaternionsFlat(d, 0, a, 0, b, 0);
    rows.push({ a, b, out: d });
  }
  return rows;
}

// slerpFlat: the kinds of pairs that take each branch, and t inside and outside [0, 1].
function slerp() {
  const rows = [];
  const ts = [0, 1, 0.5, 0.25, f(1 / 3), -0.5, 1.5, 2, -1, 3.75];
  const kinds = ['random', 'near', 'opposite', 'equal', 'negated', 'threshold', 'antipodal_near'];
  for (let i = 0; i < 196; ++i) {
    const kind = kinds[i % kinds.length];
    const a = randomUnitQuat();
    let b;
    if (kind === 'random') {
      b = randomUnitQuat();
    } else if (kind === 'near') {
      // within the lerp-then-normalize branch (dot >= 0.9995)
      const eps = pick([1e-7, 1e-5, 1e-3, 0.01]);
      b = quat([a[0] + eps * uni(-1, 1), a[1] + eps * uni(-1, 1), a[2] + eps * uni(-1, 1), a[3]]).normalize();
      b = [f(b.x), f(b.y), f(b.z), f(b.w)];
    } else if (kind === 'opposite') {
      // a turn more than 180 degrees away in 4D: dot < 0, so b is negated
      const r = randomUnitQuat();
      const dot = a[0] * r[0] + a[1] * r[1] + a[2] * r[2] + a[3] * r[3];
      b = dot < 0 ? r : r.map((c) => -c);
    } else if (kind === 'equal') {
      b = a.slice();
    } else if (kind === 'negated') {
      b = a.map((c) => -c);
    } else if (kind === 'threshold') {
      // dot close to 0.9995, either side
      const angle = 2 * Math.acos(0.9995) * (1 + pick([-1e-3, -1e-6, 1e-6, 1e-3]));
      const axis = new THREE.Vector3(uni(-1, 1), uni(-1, 1), uni(-1, 1)).normalize();
      const turn = new THREE.Quaternion().setFromAxisAngle(axis, angle);
      const r = new THREE.Quaternion().multiplyQuaternions(quat(a), turn);
      b = [f(r.x), f(r.y), f(r.z), f(r.w)];
    } else {
      // nearly opposite in 4D: dot close to -1
      const r = quat(a.map((c) => -c + 1e-4 * uni(-1, 1))).normalize();
      b = [f(r.x), f(r.y), f(r.z), f(r.w)];
    }
    const t = ts[Math.floor(i / kinds.length) % ts.length];
    const d = [0, 0, 0, 0];
    THREE.Quaternion.slerpFlat(d, 0, a, 0, b, 0, t);
    rows.push({ kind, a, b, t, out: d });
  }
  return rows;
}

// ---- Euler XYZ ---------------------------------------------------------------

const HALF_PI = Math.PI / 2;

function eulerAngles(i) {
  // Every third set sits at or near gimbal lock (y near +-pi/2).
  if (i % 3 === 0) {
    const sign = i % 2 === 0 ? 1 : -1;
    const delta = pick([0, 1e-9, -1e-9, 1e-7, -1e-7, 3e-5, -3e-5, 4.5e-4, -4.5e-4, 1e-3, -1e-3, 0.05]);
    return [f(uni(-Math.PI, Math.PI)), f(sign * (HALF_PI + delta)), f(uni(-Math.PI, Math.PI))];
  }
  return [f(uni(-Math.PI, Math.PI)), f(uni(-HALF_PI, HALF_PI)), f(uni(-Math.PI, Math.PI))];
}

function eulerRows() {
  const toQuat = [], fromQuat = [], roundTrip = [];
  for (let i = 0; i < 96; ++i) {
    const e = eulerAngles(i);
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(e[0], e[1], e[2], 'XYZ'));
    toQuat.push({ e, q: q4(q) });
  }
  const specialQ = [
    [0, 0, 0, 1], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, -1],
    [f(Math.SQRT1_2), 0, 0, f(Math.SQRT1_2)], [0, f(Math.SQRT1_2), 0, f(Math.SQRT1_2)],
    [0, f(-Math.SQRT1_2), 0, f(Math.SQRT1_2)], [f(0.5), f(0.5), f(0.5), f(0.5)],
  ];
  for (let i = 0; i < 96; ++i) {
    const q = i < specialQ.length ? specialQ[i] : randomUnitQuat();
    const e = new THREE.Euler().setFromQuaternion(quat(q), 'XYZ');
    fromQuat.push({ q, e: v3(e) });
  }
  // Euler -> quaternion (stored as float32) -> Euler (stored as float32) -> quaternion.
  for (let i = 0; i < 120; ++i) {
    const e = eulerAngles(i);
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(e[0], e[1], e[2], 'XYZ'));
    const qf = q4(q).map(f);
    const e2 = new THREE.Euler().setFromQuaternion(quat(qf), 'XYZ');
    const e2f = v3(e2).map(f);
    const q2 = new THREE.Quaternion().setFromEuler(new THREE.Euler(e2f[0], e2f[1], e2f[2], 'XYZ'));
    roundTrip.push({ e, q_f32: qf, e2: v3(e2), e2_f32: e2f, q2: q4(q2) });
  }
  return { toQuat, fromQuat, roundTrip };
}

// ---- Matrix4 compose / decompose -------------------------------------------

function composeRows() {
  const rows = [];
  const scales = [
    () => [f(uni(0.1, 3)), f(uni(0.1, 3)), f(uni(0.1, 3))],
    () => [f(-uni(0.1, 3)), f(uni(0.1, 3)), f(uni(0.1, 3))],
    () => [f(uni(0.1, 3)), f(-uni(0.1, 3)), f(uni(0.1, 3))],
    () => [f(-uni(0.1, 3)), f(-uni(0.1, 3)), f(uni(0.1, 3))],
    () => [f(-uni(0.1, 3)), f(-uni(0.1, 3)), f(-uni(0.1, 3))],
    () => [0, f(uni(0.1, 3)), f(uni(0.1, 3))],
    () => [f(uni(0.1, 3)), f(uni(0.1, 3)), 0],
    () => [0, 0, 0],
    () => [f(1e-20), f(1e-20), f(1e-20)],
    () => [f(1e15), f(2), f(1e-15)],
  ];
  for (let i = 0; i < 80; ++i) {
    const p = [f(uni(-100, 100)), f(uni(-100, 100)), f(uni(-100, 100))];
    const q = randomUnitQuat();
    const s = scales[i % scales.length]();
    const m = new THREE.Matrix4().compose(new THREE.Vector3(...p), quat(q), new THREE.Vector3(...s));
    rows.push({ p, q, s, m: m.elements.slice() });
  }
  return rows;
}

function decomposeRows(composed) {
  const rows = [];
  const mats = composed.map((r) => r.m.map(f));
  // Matrices no compose makes: a shear, axes in one plane (determinant 0 with
  // no zero column), and a projective bottom row.
  for (let i = 0; i < 8; ++i) {
    const m = [];
    for (let k = 0; k < 16; ++k) m.push(f(uni(-2, 2)));
    m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1;
    mats.push(m);
  }
  mats.push([1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0, 5, 6, 7, 1]); // columns 0 and 1 parallel
  mats.push([1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1]);  // column 2 in the plane of 0 and 1
  mats.push([2, 0, 0, f(0.5), 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1]);
  for (const m of mats) {
    const p = new THREE.Vector3(), q = new THREE.Quaternion(), s = new THREE.Vector3();
    new THREE.Matrix4().fromArray(m).decompose(p, q, s);
    rows.push({ m, p: v3(p), q: q4(q), s: v3(s) });
  }
  return rows;
}

// ---- sRGB --------------------------------------------------------------------

// three.js does not export SRGBToLinear / LinearToSRGB; ColorManagement runs
// them when a Color moves between sRGB and the linear working space.
function srgbToLinear(x) {
  return new THREE.Color().setRGB(x, 0, 0, THREE.SRGBColorSpace).r;
}
function linearToSrgb(x) {
  return new THREE.Color().setRGB(x, 0, 0, THREE.LinearSRGBColorSpace).getRGB({ r: 0, g: 0, b: 0 }, THREE.SRGBColorSpace).r;
}

function srgbRows() {
  const c = new THREE.Color();
  const byteToLinear = [], roundTrip = [];
  for (let b = 0; b < 256; ++b) {
    c.setHex(b * 0x010101);
    byteToLinear.push(c.r);
    // Each channel alone, so a byte cannot borrow from its neighbour.
    roundTrip.push(new THREE.Color().setHex(b << 8).getHex() >> 8);
  }
  // Linear -> byte: a grid, values outside [0, 1], and both sides of each
  // rounding boundary (the linear value whose sRGB * 255 is k + 0.5).
  const linear = [];
  for (let k = 0; k <= 1024; ++k) linear.push(k / 1024);
  linear.push(-1, -1e-9, 1 + 1e-9, 1.5, 1e6, 0.0031308, 0.0031307999, 0.00313080001);
  for (let k = 0; k < 255; ++k) {
    const mid = srgbToLinear((k + 0.5) / 255);
    linear.push(mid * (1 - 1e-9), mid * (1 + 1e-9));
  }
  const toByte = linear.map((l) => [l, new THREE.Color().setRGB(l, 0, 0, THREE.LinearSRGBColorSpace).getHex() >> 16]);
  // SRGBToLinear and LinearToSRGB themselves, for the double API.
  const fn = [];
  for (let k = 0; k <= 64; ++k) {
    const x = k / 64;
    fn.push([x, srgbToLinear(x), linearToSrgb(x)]);
  }
  return { byteToLinear, roundTrip, toByte, fn };
}

// ---- cameras -----------------------------------------------------------------

function perspectiveRows() {
  const rows = [];
  for (let i = 0; i < 64; ++i) {
    const cam = {
      fov: f(i < 8 ? [1, 10, 35, 50, 90, 120, 170, 179.5][i] : uni(0.5, 179)),
      zoom: f(pick([1, 1, 0.25, 2.5, uni(0.01, 10)])),
      near: f(pick([0.1, 0.01, 1, uni(0.001, 5)])),
      far: 0,
      aspect: f(pick([1, 0.5, 16 / 9, uni(0.1, 4)])),
      film_gauge: f(pick([35, 35, 24, uni(1, 70)])),
      film_offset: f(pick([0, 0, 3, -7, uni(-20, 20)])),
    };
    cam.far = f(cam.near * pick([2, 1000, 20000, uni(1.01, 1e5)]));
    const c = new THREE.PerspectiveCamera(cam.fov, cam.aspect, cam.near, cam.far);
    c.zoom = cam.zoom;
    c.filmGauge = cam.film_gauge;
    c.filmOffset = cam.film_offset;
    c.updateProjectionMatrix();
    rows.push({ ...cam, m: c.projectionMatrix.elements.slice() });
  }
  return rows;
}

function orthographicRows() {
  const rows = [];
  for (let i = 0; i < 64; ++i) {
    const w = uni(0.01, 200), h = uni(0.01, 200), cx = uni(-50, 50), cy = uni(-50, 50);
    const mirror = i % 7 === 3;
    const cam = {
      left: f(mirror ? cx + w / 2 : cx - w / 2),
      right: f(mirror ? cx - w / 2 : cx + w / 2),
      top: f(cy + h / 2),
      bottom: f(cy - h / 2),
      zoom: f(pick([1, 1, 0.5, 4, uni(0.01, 20)])),
      near: f(pick([0.1, 0, -10, uni(-100, 100)])),
      far: 0,
    };
    cam.far = f(cam.near + pick([1, 1000, uni(0.01, 5000)]));
    const c = new THREE.OrthographicCamera(cam.left, cam.right, cam.top, cam.bottom, cam.near, cam.far);
    c.zoom = cam.zoom;
    c.updateProjectionMatrix();
    rows.push({ ...cam, m: c.projectionMatrix.elements.slice() });
  }
  return rows;
}

// ---- mulberry32 --------------------------------------------------------------

function mulberryRows() {
  const seeds = [0, 1, 2, 42, 1234567, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xffffffff];
  return seeds.map((seed) => {
    const r = mulberry32(seed);
    const values = [];
    for (let i = 0; i < 40; ++i) values.push(r());
    return { seed, values };
  });
}

// ---- constructor defaults ------------------------------------------------------

function hexOf(c) { return c && c.isColor ? c.getHex() : undefined; }

function defaults() {
  const materialKinds = [
    'MeshBasicMaterial', 'MeshLambertMaterial', 'MeshPhongMaterial', 'MeshStandardMaterial',
    'MeshPhysicalMaterial', 'MeshToonMaterial', 'MeshNormalMaterial', 'MeshDepthMaterial',
    'MeshMatcapMaterial', 'LineBasicMaterial', 'PointsMaterial', 'SpriteMaterial',
  ];
  const fields = [
    ['color', 'color', hexOf], ['emissive', 'emissive', hexOf], ['specular', 'specular', hexOf],
    ['opacity', 'opacity'], ['emissive_intensity', 'emissiveIntensity'], ['roughness', 'roughness'],
    ['metalness', 'metalness'], ['shininess', 'shininess'], ['alpha_test', 'alphaTest'],
    ['reflectivity', 'reflectivity'], ['env_map_intensity', 'envMapIntensity'], ['clearcoat', 'clearcoat'],
    ['clearcoat_roughness', 'clearcoatRoughness'], ['specular_intensity', 'specularIntensity'], ['ior', 'ior'],
    ['transparent', 'transparent'], ['wireframe', 'wireframe'], ['has_map', 'map', (m) => m !== null],
  ];
  const materials = materialKinds.map((kind) => {
    const m = new THREE[kind]();
    const row = { kind };
    for (const [ours, theirs, conv] of fields) {
      if (m[theirs] === undefined) continue;
      row[ours] = conv ? conv(m[theirs]) : m[theirs];
    }
    return row;
  });
  const lightKinds = ['AmbientLight', 'DirectionalLight', 'PointLight', 'SpotLight', 'HemisphereLight'];
  const lights = lightKinds.map((kind) => {
    const l = new THREE[kind]();
    const row = { kind, color: l.color.getHex(), intensity: l.intensity };
    if (l.groundColor) row.ground_color = l.groundColor.getHex();
    for (const k of ['distance', 'angle', 'penumbra', 'decay']) if (l[k] !== undefined) row[k] = l[k];
    return row;
  });
  const p = new THREE.PerspectiveCamera();
  const o = new THREE.OrthographicCamera();
  const t = new THREE.Texture();
  const n = new THREE.Object3D();
  return {
    materials,
    lights,
    perspective_camera: {
      fov: p.fov, zoom: p.zoom, near: p.near, far: p.far, aspect: p.aspect,
      film_gauge: p.filmGauge, film_offset: p.filmOffset,
    },
    orthographic_camera: { left: o.left, right: o.right, top: o.top, bottom: o.bottom, zoom: o.zoom, near: o.near, far: o.far },
    texture: { offset: [t.offset.x, t.offset.y], repeat: [t.repeat.x, t.repeat.y], center: [t.center.x, t.center.y], rotation: t.rotation },
    node: { position: v3(n.position), quaternion: q4(n.quaternion), scale: v3(n.scale), visible: n.visible },
  };
}

// ---- scenes: add, move, traverse, find, world matrices --------------------------

const NAMES = ['', 'hips', 'spine', 'arm', 'Arm', 'arm.L', 'hand', 'x'];

function sceneRows() {
  const rows = [];
  for (let s = 0; s < 10; ++s) {
    const scene = new THREE.Scene();
    const nodes = [];
    const ops = [];
    const count = 4 + Math.floor(rng() * 20);
    for (let i = 0; i < count; ++i) {
      const parent = nodes.length === 0 || rng() < 0.25 ? -1 : Math.floor(rng() * nodes.length);
      const name = pick(NAMES);
      const uuid = rng() < 0.15 && nodes.length > 0 ? nodes[Math.floor(rng() * nodes.length)].uuid : `u-${s}-${i}`;
      const o = new THREE.Object3D();
      o.name = name;
      o.uuid = uuid;
      o.position.set(f(uni(-2, 2)), f(uni(-2, 2)), f(uni(-2, 2)));
      o.quaternion.fromArray(randomUnitQuat());
      o.scale.set(f(uni(0.5, 1.5) * (rng() < 0.1 ? -1 : 1)), f(uni(0.5, 1.5)), f(uni(0.5, 1.5)));
      (parent < 0 ? scene : nodes[parent]).add(o);
      nodes.push(o);
      ops.push(['add', parent, name, uuid, v3(o.position), q4(o.quaternion), v3(o.scale)]);
    }
    // Moves that three.js's add makes (it removes from the old parent and
    // appends), never under the node's own subtree.
    for (let k = 0; k < 1 + Math.floor(rng() * 5); ++k) {
      const node = Math.floor(rng() * nodes.length);
      const choices = [-1];
      for (let j = 0; j < nodes.length; ++j) {
        let below = false;
        nodes[j].traverseAncestors((a) => { if (a === nodes[node]) below = true; });
        if (j !== node && !below) choices.push(j);
      }
      const parent = pick(choices);
      (parent < 0 ? scene : nodes[parent]).add(nodes[node]);
      ops.push(['move', node, parent]);
    }
    const index = new Map(nodes.map((o, i) => [o, i]));
    const order = [];
    scene.traverse((o) => { if (o !== scene) order.push(index.get(o)); });
    const byName = NAMES.concat(['nobody']).map((n) => {
      const o = scene.getObjectByName(n);
      // The scene itself answers to '' in three.js; the C scene is not a node.
      return [n, o === undefined || o === scene ? (n === '' ? firstNamed(scene, '', index) : -1) : index.get(o)];
    });
    const uuids = [...new Set(nodes.map((o) => o.uuid))].slice(0, 6).concat(['no-such-uuid']);
    const byUuid = uuids.map((u) => {
      const o = scene.getObjectByProperty('uuid', u);
      return [u, o === undefined ? -1 : index.get(o)];
    });
    const below = [];
    for (let k = 0; k < 3; ++k) {
      // A root with children when there is one, and a name from its subtree
      // (the first found may not be the first in the whole scene).
      const parents = nodes.map((o, j) => j).filter((j) => nodes[j].children.length > 0);
      const root = parents.length > 0 && k < 2 ? pick(parents) : Math.floor(rng() * nodes.length);
      const sub = [];
      nodes[root].traverse((o) => sub.push(index.get(o)));
      const n = k === 2 ? pick(NAMES) : nodes[pick(sub)].name;
      const o = nodes[root].getObjectByName(n);
      below.push({ root, traverse: sub, name: n, found: o === undefined ? -1 : index.get(o) });
    }
    scene.updateMatrixWorld(true);
    const world = nodes.map((o) => o.matrixWorld.elements.slice());
    rows.push({ ops, traverse: order, by_name: byName, by_uuid: byUuid, below, world });
  }
  return rows;
}

// getObjectByName('') would return the scene itself; the first node named ''
// below it is what the C scene answers.
function firstNamed(scene, name, index) {
  let found = -1;
  for (const child of scene.children) {
    const o = child.getObjectByName(name);
    if (o !== undefined) { found = index.get(o); break; }
  }
  return found;
}

// ---- morph target dictionaries --------------------------------------------------

function morphRows() {
  const cases = [
    ['smile', 'frown', 'blink'],
    ['', '', 'a', ''],
    ['a', 'b', 'a', 'c', 'a'],
    ['1', '', '0', ''],
    ['x', 'y', 'z', 'w', 'v', 'u', 't', 's'],
    ['dup', 'dup', 'dup', 'dup', 'dup', 'dup', 'dup', 'dup'],
    [],
  ];
  return cases.map((names) => {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(3), 3));
    g.morphAttributes.position = names.map((n) => {
      const a = new THREE.BufferAttribute(new Float32Array(3), 3);
      a.name = n;
      return a;
    });
    const mesh = new THREE.Mesh(g);
    const dict = mesh.morphTargetDictionary ?? {};
    const keys = [...new Set(Object.keys(dict).concat(['', 'nothing', '7', '01', 'A']))];
    return { names, lookups: keys.map((k) => [k, Object.hasOwn(dict, k) ? dict[k] : -1]) };
  });
}

// ---- output ---------------------------------------------------------------------

const e = eulerRows();
const composed = composeRows();
const srgb = srgbRows();
const sections = [
  ['quat_ops', quatOps()],
  ['multiply_flat', multiplyFlat()],
  ['slerp_flat', slerp()],
  ['euler_to_quat', e.toQuat],
  ['quat_to_euler', e.fromQuat],
  ['euler_round_trip', e.roundTrip],
  ['compose', composed],
  ['decompose', decomposeRows(composed)],
  ['srgb_byte_to_linear', srgb.byteToLinear],
  ['srgb_byte_round_trip', srgb.roundTrip],
  ['linear_to_srgb_byte', srgb.toByte],
  ['srgb_functions', srgb.fn],
  ['perspective', perspectiveRows()],
  ['orthographic', orthographicRows()],
  ['mulberry32', mulberryRows()],
  ['scenes', sceneRows()],
  ['morph_dictionaries', morphRows()],
];
const d = defaults();

let text = '{\n';
text += `"three_revision": ${JSON.stringify(THREE.REVISION)},\n`;
text += `"generator": "tests/conformance/core/make_core_fixtures.mjs",\n`;
text += `"defaults": {\n`;
const dkeys = Object.keys(d);
dkeys.forEach((k, i) => {
  if (Array.isArray(d[k])) {
    text += `"${k}": [\n` + d[k].map((r) => JSON.stringify(r)).join(',\n') + '\n]';
  } else {
    text += `"${k}": ${JSON.stringify(d[k])}`;
  }
  text += i + 1 < dkeys.length ? ',\n' : '\n';
});
text += '},\n';
sections.forEach(([name, rows], i) => {
  text += `"${name}": [\n` + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]';
  text += i + 1 < sections.length ? ',\n' : '\n';
});
text += '}\n';
writeFileSync(out, text);
