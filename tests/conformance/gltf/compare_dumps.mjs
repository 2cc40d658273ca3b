// node compare_dumps.mjs THREE_DUMP OURS_DUMP [--allow-refusal]
//
// Compares, file by file, what dump_three.mjs printed from three.js's
// GLTFLoader with what gltf_dump printed from threeanim. Numbers match when
// |a - b| <= 1e-4 * max(1, |a|, |b|) (docs/replay.md), quaternions up to sign;
// colors are sRGB bytes and may differ by one step per channel. Morph names
// are compared as three.js's morphTargetDictionary (name -> last index).
// Clip i is glTF animation i on both sides. threeanim leaves out (with a
// warning) a weights channel with fewer weights per key than a mesh it drives
// has morph targets, which three.js's binding would fill from its mixer's other
// slots: the morph tracks of such a clip are skipped on both sides (they cannot
// be lined up channel by channel).
// Prints what it compared and the largest difference; exits 1 on a mismatch.
import fs from 'node:fs';

const [threeFile, oursFile, ...flags] = process.argv.slice(2);
const allowRefusal = flags.includes('--allow-refusal');
const read = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const three = read(threeFile);
const ours = read(oursFile);

const TOL = 1e-4;
let failures = 0;
const stats = { files: 0, nodes: 0, tracks: 0, keys: 0, samples: 0, maxDiff: 0, maxWhere: '' };
const problems = [];

function fail(where, msg) {
  failures++;
  if (problems.length < 60) problems.push(`${where}: ${msg}`);
}

function near(a, b, where, tol = TOL) {
  if (a === null || b === null || a === undefined || b === undefined) {
    if (a !== b) fail(where, `${a} vs ${b}`);
    return;
  }
  const d = Math.abs(a - b);
  const scale = Math.max(1, Math.abs(a), Math.abs(b));
  if (d / scale > stats.maxDiff) {
    stats.maxDiff = d / scale;
    stats.maxWhere = where;
  }
  if (!(d <= tol * scale)) fail(where, `${a} vs ${b}`);
}

function nearArray(a, b, where, quaternion = false) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) {
    fail(where, `lengths ${a && a.length} vs ${b && b.length}`);
    return;
  }
  if (quaternion && a.length % 4 === 0) {
    for (let i = 0; i < a.length; i += 4) {
      const dot = a[i] * b[i] + a[i + 1] * b[i + 1] + a[i + 2] * b[i + 2] + a[i + 3] * b[i + 3];
      const s = dot < 0 ? -1 : 1;
      for (let c = 0; c < 4; ++c) near(a[i + c], s * b[i + c], `${where}[${i + c}]`);
    }
    return;
  }
  for (let i = 0; i < a.length; ++i) near(a[i], b[i], `${where}[${i}]`);
}

function hexNear(a, b, where) {
  if (a === null || b === null) {
    if (a !== b) fail(where, `${a} vs ${b}`);
    return;
  }
  for (const shift of [16, 8, 0]) {
    const x = (a >> shift) & 255, y = (b >> shift) & 255;
    if (Math.abs(x - y) > 1) fail(where, `#${a.toString(16)} vs #${b.toString(16)}`);
  }
}

function dictionary(names) {
  const d = {};
  (names || []).forEach((n, i) => {
    if (n !== null) d[n] = i;
  });
  return JSON.stringify(Object.keys(d).sort().map((k) => [k, d[k]]));
}

function compareNode(t, o, where) {
  for (const key of ['path', 'name', 'type', 'gltf'])
    if (t[key] !== o[key]) fail(`${where}.${key}`, `${JSON.stringify(t[key])} vs ${JSON.stringify(o[key])}`);
  nearArray(t.position, o.position, `${where}.position`);
  nearArray(t.quaternion, o.quaternion, `${where}.quaternion`, true);
  nearArray(t.scale, o.scale, `${where}.scale`);
  if ((t.morph ?? null) === null || (o.morph ?? null) === null) {
    if ((t.morph ?? null) !== (o.morph ?? null)) fail(`${where}.morph`, `${JSON.stringify(t.morph)} vs ${JSON.stringify(o.morph)}`);
  } else {
    nearArray(t.morph.influences, o.morph.influences, `${where}.morph.influences`);
    if (dictionary(t.morph.names) !== dictionary(o.morph.names))
      fail(`${where}.morph.names`, `${dictionary(t.morph.names)} vs ${dictionary(o.morph.names)}`);
  }
  if (t.bones && t.bones.includes('?') && o.bones && o.bones.length === 0) {
    // A joint outside the default scene: three.js keeps a bone that is not in
    // the scene, threeanim keeps no bones rather than a list with a gap.
    stats.bonesOutside = (stats.bonesOutside || 0) + 1;
  } else if (t.bones !== undefined || o.bones !== undefined)
    if (JSON.stringify(t.bones) !== JSON.stringify(o.bones))
      fail(`${where}.bones`, `${JSON.stringify(t.bones)} vs ${JSON.stringify(o.bones)}`);
  if (t.material === 'line-or-points') {
    stats.linesOrPoints = (stats.linesOrPoints || 0) + 1;
  } else if (t.material || o.material) {
    const tm = t.material || {}, om = o.material || {};
    for (const key of ['type', 'name', 'transparent'])
      if (tm[key] !== om[key]) fail(`${where}.material.${key}`, `${tm[key]} vs ${om[key]}`);
    hexNear(tm.color, om.color, `${where}.material.color`);
    hexNear(tm.emissive, om.emissive, `${where}.material.emissive`);
    for (const key of ['opacity', 'alphaTest', 'roughness', 'metalness', 'emissiveIntensity'])
      near(tm[key], om[key], `${where}.material.${key}`);
    if (tm.map || om.map) {
      if (!tm.map || !om.map) fail(`${where}.material.map`, `${JSON.stringify(tm.map)} vs ${JSON.stringify(om.map)}`);
      else {
        nearArray(tm.map.offset, om.map.offset, `${where}.material.map.offset`);
        nearArray(tm.map.repeat, om.map.repeat, `${where}.material.map.repeat`);
        near(tm.map.rotation, om.map.rotation, `${where}.material.map.rotation`);
      }
    }
  }
  for (const part of ['camera', 'light']) {
    if (!t[part] && !o[part]) continue;
    if (!t[part] || !o[part]) {
      fail(`${where}.${part}`, `${JSON.stringify(t[part])} vs ${JSON.stringify(o[part])}`);
      continue;
    }
    for (const key of Object.keys(t[part])) {
      if (key === 'color') hexNear(t[part][key], o[part][key], `${where}.${part}.color`);
      else near(t[part][key], o[part][key], `${where}.${part}.${key}`);
    }
  }
}

function compareTrack(t, o, where, names) {
  if (t.node !== o.node && t.name === names.get(o.node)) {
    // three.js binds the track by name, to the first node of that name; when
    // createUniqueName gave two nodes one name ("Cube" twice and a "Cube_1"),
    // that is not the glTF node the channel names. threeanim binds the node.
    stats.ambiguous = (stats.ambiguous || 0) + 1;
    o = { ...o, node: t.node };
  }
  for (const key of ['node', 'property', 'interpolation'])
    if (t[key] !== o[key]) fail(`${where}.${key}`, `${t[key]} vs ${o[key]}`);
  const quat = t.property === 'quaternion';
  nearArray(t.times, o.times, `${where}.times`);
  nearArray(t.values, o.values, `${where}.values`, quat);
  if (t.in || o.in) {
    nearArray(t.in, o.in, `${where}.in`);
    nearArray(t.out, o.out, `${where}.out`);
  }
  stats.keys += t.times.length;
  if (!o.samples) return;
  if (t.samples.length !== o.samples.length) {
    fail(`${where}.samples`, `${t.samples.length} vs ${o.samples.length} samples`);
    return;
  }
  for (let i = 0; i < t.samples.length; ++i) {
    near(t.samples[i][0], o.samples[i][0], `${where}.samples[${i}].time`, 1e-9);
    nearArray(t.samples[i][1], o.samples[i][1], `${where}.samples[${i}] at t=${t.samples[i][0]}`, quat);
    stats.samples++;
  }
}

if (three.length !== ours.length) fail('files', `${three.length} vs ${ours.length} dumps`);
for (let f = 0; f < Math.min(three.length, ours.length); ++f) {
  const t = three[f], o = ours[f];
  const where = t.file;
  stats.files++;
  if (t.error || o.error) {
    if (t.error && o.error) continue;
    if (o.error && allowRefusal) continue;
    fail(where, `three.js: ${t.error ?? 'loaded'}; threeanim: ${o.error ?? 'loaded'}`);
    continue;
  }
  if (t.scene !== o.scene) fail(`${where} scene`, `${t.scene} vs ${o.scene}`);
  if (t.nodes.length !== o.nodes.length) fail(`${where} nodes`, `${t.nodes.length} vs ${o.nodes.length}`);
  for (let i = 0; i < Math.min(t.nodes.length, o.nodes.length); ++i) {
    compareNode(t.nodes[i], o.nodes[i], `${where} node ${t.nodes[i].path}`);
    stats.nodes++;
  }
  // Clips by the glTF animation they come from; threeanim leaves out those
  // left with no track, which three.js may have only through shared names.
  const byIndex = new Map(o.clips.map((c) => [c.index, c]));
  const tclips = [];
  const oclips = [];
  for (const c of t.clips) {
    const oc = byIndex.get(c.index);
    if (oc) {
      tclips.push(c);
      oclips.push(oc);
      byIndex.delete(c.index);
    } else if (!c.tracks.every((x) => x.ambiguous)) {
      fail(`${where} clip ${c.index} "${c.name}"`, `three.js has ${c.tracks.length} tracks; threeanim left it out`);
    }
  }
  for (const oc of byIndex.values()) fail(`${where} clip ${oc.index} "${oc.name}"`, 'only threeanim has it');
  tclips.forEach((tc, c) => {
    const oc = oclips[c];
    const cw = `${where} clip ${c} "${tc.name}"`;
    if (tc.name !== oc.name) fail(`${cw}.name`, `${tc.name} vs ${oc.name}`);
    near(tc.duration, oc.duration, `${cw}.duration`);
    const names = new Map(o.nodes.map((n) => [n.path, n.name]));
    // A three.js track bound by a name that several objects carry may come
    // from a channel on another node (even one outside the scene) than the
    // node it binds, or bind a node without the property; threeanim binds the
    // channel's node. Such tracks are matched when they line up with ours,
    // and skipped on either side when they do not.
    const ambiguous = new Set(tc.ambiguousNames || []);
    const weightsLeftOut = (o.warnings || []).some((w) => w.startsWith(`animations[${tc.index}].channels[`) &&
      /fewer than the \d+ morph targets of a mesh it drives; left out/.test(w));
    let i = 0, k = 0;
    while (i < tc.tracks.length || k < oc.tracks.length) {
      const tt = tc.tracks[i], ot = oc.tracks[k];
      const morph = (x) => x && weightsLeftOut && x.property.startsWith('morphTargetInfluences');
      if (morph(tt) || morph(ot)) {
        stats.weightsLeftOut = (stats.weightsLeftOut || 0) + 1;
        if (morph(tt)) i++;
        else k++;
        continue;
      }
      if (tt && ot && ot.property === tt.property && (ot.node === tt.node || names.get(ot.node) === tt.name)) {
        compareTrack(tt, ot, `${cw} track ${i} ${tt.node}.${tt.property}`, names);
        stats.tracks++;
        i++;
        k++;
      } else if (tt && tt.ambiguous) {
        stats.ambiguousSkipped = (stats.ambiguousSkipped || 0) + 1;
        i++;
      } else if (ot && ambiguous.has(names.get(ot.node))) {
        stats.ambiguousSkipped = (stats.ambiguousSkipped || 0) + 1;
        k++;
      } else {
        fail(`${cw} track ${i}/${k}`, `three.js ${tt ? tt.node + '.' + tt.property : 'has no more'}; ` +
          `threeanim ${ot ? ot.node + '.' + ot.property : 'has no more'}`);
        break;
      }
    }
  });
}

console.log(
  `compared ${stats.files} files: ${stats.nodes} nodes, ${stats.tracks} tracks, ${stats.keys} keys, ` +
    `${stats.samples} samples; largest relative difference ${stats.maxDiff.toExponential(3)} (${stats.maxWhere})`,
);
if (stats.ambiguous)
  console.log(`${stats.ambiguous} tracks that three.js binds by a name two nodes share were taken as the channel's node`);
if (stats.weightsLeftOut)
  console.log(`${stats.weightsLeftOut} morph tracks of clips with a weights channel left out (too few weights) were skipped`);
if (stats.ambiguousSkipped)
  console.log(`${stats.ambiguousSkipped} tracks bound (by three.js) through a name several nodes share, not lined up, were skipped`);
if (stats.bonesOutside) console.log(`${stats.bonesOutside} skinned meshes with a joint outside the default scene (no bones kept)`);
if (stats.linesOrPoints) console.log(`${stats.linesOrPoints} line or point objects: materials not compared`);
if (failures > 0) {
  for (const p of problems) console.log('MISMATCH ' + p);
  console.log(`${failures} mismatches`);
  process.exit(1);
}
