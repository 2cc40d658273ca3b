// ta_track_name_parse and ta_track_name_sanitize against three.js 0.186.0's
// PropertyBinding.parseTrackName and sanitizeNodeName, on a corpus made from a
// fixed seed: names built from the parts three.js knows (directories, node names
// with dots, the object names it special-cases, brackets holding anything), and
// random strings over an alphabet rich in reserved characters and line
// terminators.
//
//   node track_names.mjs JSON_TOOL WORK_DIR [COUNT]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PropertyBinding } from 'three';

const [tool, work, countArg] = process.argv.slice(2);
if (!tool || !work) {
  console.error('usage: node track_names.mjs JSON_TOOL WORK_DIR [COUNT]');
  process.exit(2);
}
const count = Number(countArg ?? 1500);

function mulberry32(seed) {
  return function () {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20260807);
const pick = (list) => list[Math.floor(rand() * list.length)];

const dirs = ['', '', '', 'a/', 'parent/child/', 'scene:', 'scene:helium_balloon_model:', 'x:y/', 'a.b/', '/', ':'];
const nodes = ['', '', 'Cube', 'Armature.DEF_cog', 'node.with.dots', 'my-node', 'näme', '日本語', 'a b',
  '7F4C1A20-5A4B-4C2E-9D1F-0123456789AB', 'material', 'foo.material', 'foo.bones', 'x.map', 'x.materials',
  'x.other', '.', '..', 'a..b', 'bones', 'map.map', 'x\u2028y', 'tab\there', '-', '0', 'a[b', 'c]d'];
const objects = ['', '', '', '.material', '.materials', '.bones', '.map', '.foo', '.children', '.'];
const indices = ['', '', '[0]', '[12]', '[hips]', '[Armature.DEF_cog]', '[a]b]', '[x[y]', '[]', '[.]', '[a/b]',
  '[\n]', '[\u2029]', '[ ]', '[[]]', '[a.b.c]'];
const properties = ['.position', '.quaternion', '.morphTargetInfluences', '.opacity', '', '.pos-ition', '.a.b',
  '.x', '.', '.material', '.map', '.bones', '.日本'];
const alphabet = ['a', 'b', 'x', '.', '.', '[', ']', ':', '/', ' ', '_', '-', '\n', '\r', '\u2028', '\u00a0', 'é',
  '0', '1', 'material', 'bones', 'map', 'position', '\u3000', '\ufeff', '\t'];

const corpus = new Set([
  'Cube.position', '.position', '.material.opacity', '.material[1].opacity', '.map.offset', '.material.map.offset',
  'uuid.material.map.offset', '.bones[hips].position', '.morphTargetInfluences[smile]', '.morphTargetInfluences',
  'scene:helium_balloon_model:helium_balloon_model.position', 'parentName/nodeName.property',
  'parentName/parentName/nodeName.property[index]', 'uuid.objectName[objectIndex].propertyName[propertyIndex]',
  'a.bones.b[c].d', 'foo.bones[3].position', 'x.y.z', 'position', '', '.', '..', '[x]', '.a[', '.a[]', '.a]',
  '.a[b]c', 'a.b[c]d.e', '.material[0][1].x', '.a[b].c[d]', '.a[b]].c[d]]', '.a[\n].b', '.a[b].c[\u2028]',
]);
while (corpus.size < count) {
  if (rand() < 0.65) {
    corpus.add(pick(dirs) + pick(nodes) + pick(objects) + (rand() < 0.5 ? pick(indices) : '') + pick(properties) +
      (rand() < 0.4 ? pick(indices) : ''));
  } else {
    let s = '';
    const n = 1 + Math.floor(rand() * 10);
    for (let i = 0; i < n; ++i) s += pick(alphabet);
    corpus.add(s);
  }
}
const names = [...corpus];

mkdirSync(work, { recursive: true });
const file = join(work, 'track_names.json');
writeFileSync(file, JSON.stringify(names));
const run = spawnSync(tool, ['names', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.error(`json_tool names failed (${run.status}): ${run.stderr}`);
  process.exit(1);
}
const ours = JSON.parse(run.stdout);

const fields = ['nodeName', 'objectName', 'objectIndex', 'propertyName', 'propertyIndex'];
let failures = 0, valid = 0;
names.forEach((name, i) => {
  let three;
  try {
    const r = PropertyBinding.parseTrackName(name);
    three = { ok: true };
    for (const f of fields) three[f] = r[f] === undefined ? null : r[f];
  } catch (e) {
    three = { ok: false };
  }
  const mine = ours[i];
  const problems = [];
  if (mine.ok !== three.ok) problems.push(`ok: three.js ${three.ok}, threeanim ${mine.ok}`);
  else if (three.ok) {
    valid++;
    for (const f of fields) if (mine[f] !== three[f]) problems.push(`${f}: three.js ${JSON.stringify(three[f])}, threeanim ${JSON.stringify(mine[f])}`);
  }
  const clean = PropertyBinding.sanitizeNodeName(name);
  if (mine.sanitized !== clean) problems.push(`sanitized: three.js ${JSON.stringify(clean)}, threeanim ${JSON.stringify(mine.sanitized)}`);
  if (problems.length) {
    failures++;
    if (failures <= 20) console.error(`${JSON.stringify(name)}: ${problems.join('; ')}`);
  }
});
console.log(`track names: ${names.length} names (${valid} that three.js parses), ${failures} disagreements`);
process.exit(failures ? 1 : 0);
