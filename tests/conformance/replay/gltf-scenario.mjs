// Random replay scenarios on the Khronos glTF samples (TA_SAMPLES_DIR):
// the file's own clips, played by two to four actions with the same random steps
// as the object JSON scenarios, recorded by "#N" node references or "all".
// These exercise the port's glTF loader with the mixer; they need the samples
// folder, which is not part of the repository.
import path from 'node:path';
import * as THREE from 'three';
import { Rng } from './common.mjs';
import { loadGltf } from './gltf-node.mjs';
import { makeSteps } from './scenario.mjs';

// File, and how often to pick it. BrainStem (3 MB, 59 meshes) is left out for time.
const SAMPLES = [
  ['Fox/glTF-Binary/Fox.glb', 4],
  ['CesiumMan/glTF-Binary/CesiumMan.glb', 2],
  ['RiggedFigure/glTF-Binary/RiggedFigure.glb', 1],
  ['RiggedSimple/glTF-Binary/RiggedSimple.glb', 1],
  ['SimpleSkin/glTF/SimpleSkin.gltf', 1],
  ['BoxAnimated/glTF-Binary/BoxAnimated.glb', 1],
  ['InterpolationTest/glTF-Binary/InterpolationTest.glb', 3],
  ['InterpolationTest/glTF/InterpolationTest.gltf', 1],
  ['AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb', 1],
  ['AnimatedMorphCube/glTF-Quantized/AnimatedMorphCube.gltf', 1],
  ['AnimatedMorphSphere/glTF-Binary/AnimatedMorphSphere.glb', 1],
  ['MorphStressTest/glTF-Binary/MorphStressTest.glb', 2],
  ['SimpleMorph/glTF/SimpleMorph.gltf', 1],
  ['AnimatedTriangle/glTF/AnimatedTriangle.gltf', 1],
  ['AnimatedCube/glTF/AnimatedCube.gltf', 1],
];

const cache = new Map();

// What a scenario needs to know of a sample: its clips and its nodes.
async function describe(file) {
  if (cache.has(file)) return cache.get(file);
  const gltf = await loadGltf(file);
  const nodeOf = new Map(); // object -> glTF node index
  for (const [object, mapping] of gltf.parser.associations) {
    if (mapping && mapping.nodes !== undefined && object.isObject3D) nodeOf.set(object, mapping.nodes);
  }
  const names = new Map();
  gltf.scene.traverse((o) => { if (o !== gltf.scene && o.name) names.set(o.name, (names.get(o.name) || 0) + 1); });
  const defs = gltf.parser.json.animations || [];
  const clips = gltf.animations.map((clip, i) => {
    const targets = [];
    for (const t of clip.tracks) {
      const parsed = THREE.PropertyBinding.parseTrackName(t.name);
      let node = THREE.PropertyBinding.findNode(gltf.scene, parsed.nodeName);
      // A morph track on a primitive of a several-primitive mesh: its node is the Group.
      while (node && !nodeOf.has(node)) node = node.parent;
      if (node) targets.push({ node: nodeOf.get(node), object: node, property: parsed.propertyName });
    }
    const explicit = defs[i] && defs[i].name && defs.filter((d) => d.name === defs[i].name).length === 1;
    return {
      clip, index: i, name: explicit ? clip.name : null, targets,
      cubic: clip.tracks.some((t) => t.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline),
    };
  });
  const nodes = [...nodeOf.entries()].map(([object, index]) => {
    let mesh = object.isMesh ? object : object.children.find((c) => c.isMesh && !nodeOf.has(c)) || null;
    return { index, object, unique: object.name !== '' && names.get(object.name) === 1, morphs: mesh && mesh.morphTargetInfluences ? mesh.morphTargetInfluences.length : 0 };
  });
  const d = { clips, nodes };
  cache.set(file, d);
  return d;
}

function subclipFor(rng, clip) {
  const fps = rng.pick([30, 24, 60]);
  const total = clip.duration * fps;
  for (let tries = 0; tries < 6; tries++) {
    const start = rng.bool(0.4) ? 0 : rng.int(0, Math.max(0, Math.floor(total * 0.5)));
    const end = start + rng.int(Math.max(3, Math.floor(total * 0.3)), Math.max(4, Math.ceil(total + 2)));
    let ok = true;
    for (const t of clip.tracks) for (const time of t.times) {
      const f = time * fps;
      if ((Math.abs(f - start) < 0.01 && time !== 0) || Math.abs(f - end) < 0.01) ok = false;
    }
    if (!ok) continue;
    const sub = THREE.AnimationUtils.subclip(clip, clip.name, start, end, fps);
    if (sub.tracks.length === 0 || !(sub.duration > 0.2)) continue;
    return { spec: { start, end, fps }, clip: sub };
  }
  return null;
}

// Resolves to { replay } for scenario seed on the samples in samplesDir.
export async function buildGltfScenario(seed, samplesDir) {
  const rng = new Rng(seed);
  const rel = rng.weighted(SAMPLES.map(([f, w]) => [f, w]));
  const file = path.resolve(samplesDir, rel);
  const { clips, nodes } = await describe(file);
  const nActions = rng.int(2, 4);
  const actions = [];
  const info = [];
  let additive = 0;
  for (let i = 0; i < nActions; i++) {
    const c = rng.pick(clips);
    const spec = { clip: c.name !== null && rng.bool(0.7) ? c.name : { index: c.index } };
    let played = c.clip;
    if (rng.bool(0.15)) {
      const sub = subclipFor(rng, c.clip);
      if (sub) { spec.subclip = sub.spec; played = sub.clip; }
    }
    // differs: make_clip_additive on a CUBIC_SPLINE reference read between keys.
    let isAdditive = false;
    if (!c.cubic && additive < 2 && rng.bool(0.25)) {
      const fps = rng.pick([30, 24]);
      const frame = rng.bool(0.5) ? 0 : rng.int(0, Math.floor(played.duration * fps));
      let ok = true;
      for (const t of played.tracks) for (const time of t.times) if (Math.abs(time - frame / fps) < 1e-3 && frame !== 0) ok = false;
      if (ok) { spec.additive_reference = { frame, fps }; isAdditive = true; additive++; }
    }
    if (!isAdditive && rng.bool(0.2)) spec.blend_mode = 'normal';
    actions.push(spec);
    info.push({ clip: c.clip, additive: isAdditive, group: false, duration: played.duration });
  }

  let record;
  if (rng.bool(0.3)) {
    record = 'all';
  } else {
    const paths = new Set();
    const driven = [];
    for (const spec of actions) {
      const c = typeof spec.clip === 'string' ? clips.find((x) => x.name === spec.clip) : clips[spec.clip.index];
      driven.push(...c.targets);
    }
    for (const t of rng.sample(driven, rng.int(2, 8))) {
      const n = nodes.find((x) => x.index === t.node);
      const ref = n.unique && rng.bool(0.25) ? `name:${n.object.name}` : `#${n.index}`;
      if (t.property === 'morphTargetInfluences') {
        if (n.morphs > 0) paths.add(rng.bool(0.5) ? `${ref}.morphTargetInfluences` : `${ref}.morphTargetInfluences[${rng.int(0, n.morphs - 1)}]`);
      } else {
        paths.add(`${ref}.${t.property}`);
      }
    }
    for (const n of rng.sample(nodes, rng.int(0, 2))) paths.add(`#${n.index}.${rng.pick(['position', 'quaternion', 'scale'])}`);
    record = [...paths];
    if (record.length === 0) record = 'all';
  }
  const replay = {
    format: 'threeanim-replay/1',
    model: { gltf: file },
    mixer: { root: null, time_scale: rng.weighted([[1, 8], [0.5, 1], [1.5, 1]]) },
    actions,
    record,
    steps: makeSteps(rng, info),
  };
  return { replay, sample: rel };
}
