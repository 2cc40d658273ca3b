// The canonical description of what three.js holds after ObjectLoader.parse, in
// the form json_tool's "read" prints for a threeanim model: nodes depth first,
// materials and textures by uuid, and the clips bound as three.js binds them
// (PropertyBinding), each track's target named "<object uuid>.<property>",
// "material:<uuid>.<property>" or "texture:<uuid>.<property>". A track three.js
// binds to nothing visible (no object, no property, a morph index past the end)
// is left out, and a clip with no track left, as the reader leaves them out.
import * as THREE from 'three';

const bytes = (color) => {
  const h = color.getHex();
  return [(h >> 16) & 255, (h >> 8) & 255, h & 255];
};

const MATERIAL_NUMBERS = ['opacity', 'emissiveIntensity', 'roughness', 'metalness', 'shininess', 'alphaTest',
  'reflectivity', 'envMapIntensity', 'clearcoat', 'clearcoatRoughness', 'specularIntensity', 'ior'];

function morphNames(o) {
  const n = o.morphTargetInfluences ? o.morphTargetInfluences.length : 0;
  const names = [];
  const dict = o.morphTargetDictionary ?? {};
  for (let i = 0; i < n; ++i) {
    const key = Object.keys(dict).find((k) => dict[k] === i);
    names.push(key ?? '');
  }
  return names;
}

function describeMaterial(m) {
  const d = { name: m.name, type: m.type };
  for (const c of ['color', 'emissive', 'specular']) if (m[c] !== undefined && m[c].isColor) d[c] = bytes(m[c]);
  for (const k of MATERIAL_NUMBERS) if (m[k] !== undefined) d[k] = m[k];
  d.transparent = m.transparent;
  if (m.wireframe !== undefined) d.wireframe = m.wireframe;
  d.map = m.map ? m.map.uuid : null;
  return d;
}

function describeNode(o, parent, out) {
  const node = {
    uuid: o.uuid, name: o.name, type: o.type, parent: parent ? parent.uuid : null, visible: o.visible,
    position: o.position.toArray(), quaternion: o.quaternion.toArray(), scale: o.scale.toArray(),
    mesh: null, light: null, camera: null,
  };
  if (o.isMesh) {
    const mats = o.material === undefined ? [] : Array.isArray(o.material) ? o.material : [o.material];
    node.mesh = {
      skinned: o.isSkinnedMesh === true, materials: mats.map((m) => m.uuid),
      morph: o.morphTargetInfluences ? [...o.morphTargetInfluences] : [], morphNames: morphNames(o),
      bones: o.skeleton ? o.skeleton.bones.map((b) => b.uuid) : [],
    };
    for (const m of mats) {
      out.materials[m.uuid] = describeMaterial(m);
      if (m.map) {
        const t = m.map;
        out.textures[t.uuid] = { name: t.name, offset: t.offset.toArray(), repeat: t.repeat.toArray(),
          center: t.center.toArray(), rotation: t.rotation };
      }
    }
  }
  if (o.isLight) {
    node.light = { kind: o.type, color: bytes(o.color),
      groundColor: o.groundColor ? bytes(o.groundColor) : [255, 255, 255], intensity: o.intensity,
      distance: o.distance ?? 0, angle: o.angle ?? Math.PI / 3, penumbra: o.penumbra ?? 0, decay: o.decay ?? 2 };
  }
  if (o.isPerspectiveCamera) {
    node.camera = { kind: 'perspective', fov: o.fov, zoom: o.zoom, near: o.near, far: o.far, aspect: o.aspect,
      filmGauge: o.filmGauge, filmOffset: o.filmOffset };
  } else if (o.isOrthographicCamera) {
    node.camera = { kind: 'orthographic', zoom: o.zoom, left: o.left, right: o.right, top: o.top,
      bottom: o.bottom, near: o.near, far: o.far };
  }
  out.nodes.push(node);
  for (const c of o.children) describeNode(c, o, out);
}

// The tracks of one three.js track, bound from root.
function describeTrack(root, track) {
  const pb = new THREE.PropertyBinding(root, track.name);
  pb.bind();
  if (pb.setValue === THREE.PropertyBinding.prototype._setValue_unavailable) return [];
  const t = pb.targetObject;
  const parsed = pb.parsedPath;
  const prop = parsed.propertyName;
  const prefix = t.isMaterial ? `material:${t.uuid}.` : t.isTexture ? `texture:${t.uuid}.` : `${t.uuid}.`;
  const times = [...track.times];
  const interpolation = track.getInterpolation();
  const extra = (values, inT, outT) => {
    const d = { interpolation, times, values };
    if (inT) { d.inTangents = inT; d.outTangents = outT; }
    return d;
  };
  const settings = track.settings && track.settings.inTangents ? track.settings : null;
  if (prop === 'morphTargetInfluences') {
    const n = t.morphTargetInfluences.length;
    if (parsed.propertyIndex === undefined) {
      const stride = track.values.length / track.times.length;
      const out = [];
      for (let i = 0; i < n; ++i) {
        const col = [], inT = [], outT = [];
        for (let k = 0; k < times.length; ++k) {
          col.push(track.values[k * stride + i]);
          if (settings) for (const c of [0, 1]) {
            inT.push(settings.inTangents[(k * stride + i) * 2 + c]);
            outT.push(settings.outTangents[(k * stride + i) * 2 + c]);
          }
        }
        out.push({ target: `${prefix}morphTargetInfluences[${i}]`, ...extra(col, settings && inT, settings && outT) });
      }
      return out;
    }
    const index = pb.propertyIndex;
    const i = typeof index === 'number' ? index : /^(0|[1-9][0-9]*)$/.test(index) ? Number(index) : -1;
    if (!(i >= 0 && i < n && Number.isInteger(i))) return [];
    return [{ target: `${prefix}morphTargetInfluences[${i}]`,
      ...extra([...track.values], settings && [...settings.inTangents], settings && [...settings.outTangents]) }];
  }
  const target = prefix + prop + (parsed.propertyIndex !== undefined ? `[${parsed.propertyIndex}]` : '');
  return [{ target, ...extra([...track.values], settings && [...settings.inTangents],
    settings && [...settings.outTangents]) }];
}

function describeClip(clip, root, rootIsScene) {
  const tracks = clip.tracks.flatMap((track) => describeTrack(root, track));
  if (tracks.length === 0) return null;
  return { name: clip.name, uuid: clip.uuid, duration: clip.duration, blendMode: clip.blendMode,
    root: rootIsScene ? null : root.uuid, userData: clip.userData, tracks };
}

// root: what ObjectLoader.parse returned; json: the document it parsed.
export function describe(root, json) {
  const out = { scene: { name: '', uuid: '' }, nodes: [], materials: {}, textures: {}, clips: [] };
  if (root.isScene) {
    out.scene = { name: root.name, uuid: root.uuid };
    for (const c of root.children) describeNode(c, null, out);
  } else {
    describeNode(root, null, out);
  }
  const quiet = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    const list = json.animations ?? [];
    const holders = [];
    root.traverse((o) => o.animations.forEach((clip) => holders.push({ uuid: clip.uuid, node: o })));
    // The last clip of a uuid is the one objects list (parseAnimations).
    const live = new Map();
    list.forEach((c, i) => { if (c.uuid !== undefined) live.set(c.uuid, i); });
    list.forEach((c, i) => {
      const holder = live.get(c.uuid) === i ? holders.find((h) => h.uuid === c.uuid) : undefined;
      const at = holder ? holder.node : root;
      const d = describeClip(THREE.AnimationClip.parse(c), at, at.isScene === true);
      if (d) out.clips.push(d);
    });
    holders.forEach((h, k) => {
      if (holders.findIndex((x) => x.uuid === h.uuid) === k) return;
      const d = describeClip(THREE.AnimationClip.parse(list[live.get(h.uuid)]), h.node, h.node.isScene === true);
      if (d) out.clips.push(d);
    });
  } finally {
    [console.warn, console.error] = quiet;
  }
  return out;
}
