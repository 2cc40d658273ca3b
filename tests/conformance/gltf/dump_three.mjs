// node dump_three.mjs NODE_MODULES FILE [FILE ...]
//
// Loads each glTF file with three.js 0.186.0's GLTFLoader and prints, one JSON
// object per line, what threeanim's loader must reproduce (gltf_dump prints the
// same for threeanim; compare_dumps.mjs compares them):
//   nodes: every object below the scene, depth first, with its path (child
//     indices from the scene), name, type, glTF node index (from
//     parser.associations), position, quaternion, scale, morph influences and
//     names, skeleton bones, material, camera and light numbers;
//   clips: name, duration, and tracks, each with the path of the node it binds
//     to (PropertyBinding.findNode from the scene, as a mixer on the scene
//     binds it), its property, interpolation, times, values (a cubic spline's
//     in-tangents, values and out-tangents apart), and its value sampled
//     before the first key, at each key, at a third and two thirds between
//     keys and after the last. A whole ".morphTargetInfluences" track is split
//     into one track per target, as threeanim makes them.
// A file three.js refuses prints {"file": ..., "error": "..."}.
import { importThree, loadGltf } from './three_gltf.mjs';

const [nodeModules, ...files] = process.argv.slice(2);
const { THREE, GLTFLoader } = await importThree(nodeModules);
const { PropertyBinding, InterpolateDiscrete } = THREE;

const num = (v) => (Number.isFinite(v) ? Math.fround(v) : null);
const arr = (a) => Array.from(a, num);

function nodeType(o) {
  if (o.isLineSegments || o.isLine || o.isPoints) return 'Mesh';
  return o.type;
}

function dumpMaterial(m) {
  const out = {
    type: m.type,
    name: m.name,
    color: m.color ? m.color.getHex() : null,
    emissive: m.emissive ? m.emissive.getHex() : 0,
    opacity: num(m.opacity),
    transparent: m.transparent,
    alphaTest: num(m.alphaTest),
  };
  if (m.type !== 'MeshBasicMaterial') {
    out.roughness = num(m.roughness);
    out.metalness = num(m.metalness);
    out.emissiveIntensity = num(m.emissiveIntensity);
  }
  if (m.map) {
    out.map = {
      offset: [num(m.map.offset.x), num(m.map.offset.y)],
      repeat: [num(m.map.repeat.x), num(m.map.repeat.y)],
      rotation: num(m.map.rotation),
    };
  }
  return out;
}

function sampleTimes(times) {
  const out = [];
  const k = times.length;
  for (let i = 0; i <= k; ++i) {
    if (i === 0) out.push(times[0] - 0.25);
    else if (i === k) out.push(times[k - 1] + 0.25);
    else {
      const a = times[i - 1], b = times[i];
      out.push(a + (b - a) / 3, a + (2 * (b - a)) / 3);
    }
    if (i < k) out.push(times[i]);
  }
  return out;
}

function dumpFile(file, gltf, nodeObjects) {
  const scene = gltf.scene;
  const paths = new Map();
  const nodes = [];
  // The object made for each glTF node (parser.associations is cut down to one
  // scene when a file has several, so ask the parser's cache instead).
  const gltfIndex = new Map();
  for (let i = (gltf.parser.json.nodes || []).length - 1; i >= 0; --i) gltfIndex.set(nodeObjects[i], i);
  const walk = (obj, prefix) => {
    obj.children.forEach((c, i) => {
      const p = prefix ? `${prefix}/${i}` : `${i}`;
      paths.set(c, p);
      walk(c, p);
    });
  };
  walk(scene, '');
  scene.traverse((o) => {
    if (o === scene) return;
    const n = {
      path: paths.get(o),
      name: o.name,
      type: nodeType(o),
      gltf: gltfIndex.has(o) ? gltfIndex.get(o) : null,
      position: arr(o.position.toArray()),
      quaternion: arr(o.quaternion.toArray()),
      scale: arr(o.scale.toArray()),
    };
    if (o.isMesh || o.isLine || o.isPoints) {
      if (o.morphTargetInfluences) {
        const names = o.morphTargetInfluences.map(() => null);
        for (const [name, i] of Object.entries(o.morphTargetDictionary || {})) names[i] = name;
        n.morph = { influences: arr(o.morphTargetInfluences), names };
      } else n.morph = null;
      if (o.isSkinnedMesh) n.bones = o.skeleton ? o.skeleton.bones.map((b) => paths.get(b) ?? '?') : [];
      // Lines and points draw with a LineBasicMaterial or PointsMaterial copy;
      // threeanim keeps the glTF material (its scene has meshes only).
      n.material = o.isMesh ? dumpMaterial(o.material) : 'line-or-points';
    }
    if (o.isPerspectiveCamera)
      n.camera = { fov: num(o.fov), aspect: num(o.aspect), near: num(o.near), far: num(o.far), zoom: num(o.zoom) };
    if (o.isOrthographicCamera)
      n.camera = {
        left: num(o.left), right: num(o.right), top: num(o.top), bottom: num(o.bottom),
        near: num(o.near), far: num(o.far), zoom: num(o.zoom),
      };
    if (o.isLight) {
      n.light = { color: o.color.getHex(), intensity: num(o.intensity), distance: num(o.distance ?? 0),
        decay: num(o.decay ?? 2) };
      if (o.isSpotLight) {
        n.light.angle = num(o.angle);
        n.light.penumbra = num(o.penumbra);
      }
    }
    nodes.push(n);
  });

  // How many objects (in the scene or made for nodes outside it) carry each
  // name: a track bound by a shared name may bind another node than its channel's.
  const nameCount = new Map();
  const counted = new Set();
  const countNames = (root) =>
    root.traverse((o) => {
      if (counted.has(o)) return;
      counted.add(o);
      nameCount.set(o.name, (nameCount.get(o.name) || 0) + 1);
    });
  countNames(scene);
  for (const o of nodeObjects) if (o) countNames(o);

  const clips = [];
  for (const [index, clip] of gltf.animations.entries()) {
    const tracks = [];
    const ambiguousNames = new Set();
    for (const track of clip.tracks) {
      const parsed = PropertyBinding.parseTrackName(track.name);
      if ((nameCount.get(parsed.nodeName) || 0) > 1) ambiguousNames.add(parsed.nodeName);
      const node = PropertyBinding.findNode(scene, parsed.nodeName);
      if (!node || (node !== scene && !paths.has(node))) continue; // binds nothing in the scene
      // The scene itself when its name is the track's (a name collision).
      const property = parsed.propertyName;
      if (!['position', 'quaternion', 'scale', 'morphTargetInfluences'].includes(property)) continue;
      const cubic = !!(track.createInterpolant && track.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline);
      const interpolation = cubic ? 'CUBICSPLINE' : track.getInterpolation() === InterpolateDiscrete ? 'STEP' : 'LINEAR';
      const times = Array.from(track.times);
      const keys = times.length;
      const size = track.getValueSize() / (cubic ? 3 : 1);
      const v = track.values;
      const interpolant = track.createInterpolant(new Float32Array(size));
      const at = sampleTimes(track.times);
      const sampled = at.map((t) => Array.from(interpolant.evaluate(t)));
      const emit = (prop, first, count) => {
        const values = [], ins = [], outs = [];
        for (let k = 0; k < keys; ++k) {
          for (let c = 0; c < count; ++c) {
            if (cubic) {
              ins.push(v[k * 3 * size + first + c]);
              values.push(v[k * 3 * size + size + first + c]);
              outs.push(v[k * 3 * size + 2 * size + first + c]);
            } else values.push(v[k * size + first + c]);
          }
        }
        const t = { node: node === scene ? '(scene)' : paths.get(node), name: parsed.nodeName, property: prop,
          interpolation, times: arr(times), values: arr(values) };
        if ((nameCount.get(parsed.nodeName) || 0) > 1) t.ambiguous = true;
        if (cubic) {
          t.in = arr(ins);
          t.out = arr(outs);
        }
        t.samples = at.map((time, i) => [time, arr(sampled[i].slice(first, first + count))]);
        tracks.push(t);
      };
      if (property === 'morphTargetInfluences' && parsed.propertyIndex === undefined) {
        const m = node.morphTargetInfluences ? node.morphTargetInfluences.length : 0;
        for (let t = 0; t < Math.min(m, size); ++t) emit(`morphTargetInfluences[${t}]`, t, 1);
      } else {
        emit(property, 0, size);
      }
    }
    clips.push({ index, name: clip.name, duration: num(clip.duration), tracks, ambiguousNames: [...ambiguousNames] });
  }
  return { file, scene: scene.name, nodes, clips };
}

for (const file of files) {
  try {
    const gltf = await loadGltf(THREE, GLTFLoader, file);
    const nodeObjects = [];
    for (let i = 0; i < (gltf.parser.json.nodes || []).length; ++i)
      nodeObjects.push(await gltf.parser.getDependency('node', i));
    process.stdout.write(JSON.stringify(dumpFile(file, gltf, nodeObjects)) + '\n');
  } catch (e) {
    process.stdout.write(JSON.stringify({ file, error: String(e && e.message ? e.message : e) }) + '\n');
  }
}
