// meshopt compression against the npm meshoptimizer decoder and three.js.
//
// 1. Streams: data of every mode and filter, vertex codec versions 0 and 1,
//    encoded by the npm meshoptimizer encoder, and raw bytes run through every
//    filter as they are (the cases a filter's specification leaves open):
//    decoded by threeanim's decoder (meshopt_decode_tool), by the npm decoder
//    and by three.js's copy of it (examples/jsm/libs/meshopt_decoder.module.js):
//    the same bytes, every one, the OCTAHEDRAL, QUATERNION and COLOR filters
//    too (their specification allows one unit apart; three.js plays the npm
//    decoder's units, so threeanim gives those).
// 2. Files: gltfpack (npm gltfpack) with -c, -cc, -cc -ce khr (vertex codec
//    version 1 and KHR_meshopt_compression) and -c -cf (fallback buffers) on
//    the Khronos samples (--samples, skipped with a message when absent), on
//    the Blender and three.js GLTFExporter files of
//    tests/conformance/exporters/corpus and on examples/default.glb; every
//    compressed buffer view of every packed file decoded by the three
//    decoders: the same bytes.
// 3. The packed files of different content (playedContent) played by three.js
//    0.186.0 with its MeshoptDecoder and by `threeanim replay`
//    (../gltf_playback/playback.mjs --corpus), and (all but the exporter
//    corpus) loaded by both and compared (../gltf/run.sh); -cf files loaded
//    by threeanim's loader (gltf_dump) with their fallback buffer file removed.
//
//   node run.mjs --tool meshopt_decode_tool --cli threeanim --dump gltf_dump
//                --src SOURCE_DIR --work DIR [--samples DIR] [--cache DIR]
// Exit 0 all match, 1 a difference, 77 skipped (no gltfpack or meshoptimizer).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sampleFiles } from '../samples.mjs';
import { openStore, gltfDigest } from '../replay/cache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const tool = flag('--tool'), cli = flag('--cli'), dump = flag('--dump'), src = flag('--src');
const work = flag('--work'), samples = flag('--samples', '');
// --cache DIR (TA_REPLAY_CACHE, when set, wins, as for the replay suite, which keeps its own
// work in the same folder): gltfpack's outputs are kept in DIR/gltf_meshopt, keyed by what
// decides them, so that the sanitizer build's run packs nothing again.
const cacheRoot = process.env.TA_REPLAY_CACHE || flag('--cache', '');
if (!tool || !cli || !dump || !src || !work) { console.error('usage: see run.mjs'); process.exit(2); }
const modules = path.join(src, 'tests', 'node_modules');
let MeshoptDecoder, MeshoptEncoder, ThreeDecoder, pack;
try {
  // gltfpack's library, run in this process: a process each would spend
  // most of the test's time starting node and compiling its WebAssembly.
  ({ pack } = await import(path.join(modules, 'gltfpack', 'library.js')));
  ({ MeshoptDecoder } = await import(path.join(modules, 'meshoptimizer', 'meshopt_decoder.mjs')));
  ({ MeshoptDecoder: ThreeDecoder } = await import(path.join(modules, 'three', 'examples', 'jsm', 'libs', 'meshopt_decoder.module.js')));
  ({ MeshoptEncoder } = await import(path.join(modules, 'meshoptimizer', 'meshopt_encoder.js')));
} catch (e) {
  console.log(`gltf meshopt: skipped: needs npm meshoptimizer and gltfpack in tests/node_modules (${e.message})`);
  process.exit(77);
}
await MeshoptDecoder.ready;
await ThreeDecoder.ready;
await MeshoptEncoder.ready;

fs.rmSync(work, { recursive: true, force: true });
const streamDir = path.join(work, 'streams'), packed = path.join(work, 'packed'), same = path.join(work, 'same');
fs.mkdirSync(streamDir, { recursive: true });
fs.mkdirSync(packed, { recursive: true });
fs.mkdirSync(same, { recursive: true });
let failures = 0;
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const fail = (msg) => { console.log('FAIL: ' + msg); failures++; };

// Runs threeanim's decoder on jobs [{ name, count, stride, mode, filter, stream }]:
// { name: bytes | why } for each.
function ourDecode(jobs, tag) {
  const lines = jobs.map((j, k) => {
    const base = path.join(streamDir, `${tag}-${k}`);
    fs.writeFileSync(base + '.in', j.stream);
    fs.rmSync(base + '.out', { force: true });
    return `${j.count} ${j.stride} ${j.mode} ${j.filter} ${base}.in ${base}.out`;
  });
  const manifest = path.join(streamDir, `${tag}.txt`);
  fs.writeFileSync(manifest, lines.join('\n') + '\n');
  const said = execFileSync(tool, [manifest], { encoding: 'utf8' });
  return jobs.map((j, k) => {
    const base = path.join(streamDir, `${tag}-${k}`);
    if (fs.existsSync(base + '.out')) return fs.readFileSync(base + '.out');
    const line = said.split('\n').find((l) => l.startsWith(base + '.in: '));
    return line ? line.slice(base.length + 5) : 'no output';
  });
}

// A decoder's bytes, or why it threw.
function refDecode(decoder, j) {
  const out = new Uint8Array(j.count * j.stride);
  try {
    decoder.decodeGltfBuffer(out, j.count, j.stride, j.stream, j.mode, j.filter === 'NONE' ? undefined : j.filter);
  } catch (e) {
    return String(e.message || e);
  }
  return Buffer.from(out);
}

function firstDifference(want, got) {
  let at = 0;
  while (at < want.length && want[at] === got[at]) ++at;
  return at;
}

// Every job decoded by threeanim, the npm decoder and three.js's: the number
// whose bytes are the same in all three (a failure for each other one).
function compare(jobs, tag) {
  const ours = ourDecode(jobs, tag);
  let same = 0;
  jobs.forEach((j, k) => {
    const want = refDecode(MeshoptDecoder, j), three = refDecode(ThreeDecoder, j), got = ours[k];
    if (typeof want === 'string') return fail(`${j.name}: the npm decoder refuses it: ${want}`);
    if (typeof three === 'string') return fail(`${j.name}: three.js's decoder refuses it: ${three}`);
    if (typeof got === 'string') return fail(`${j.name}: threeanim does not decode it: ${got}`);
    if (!want.equals(three)) {
      const at = firstDifference(want, three);
      return fail(`${j.name}: the npm and three.js decoders differ from byte ${at} (${want[at]}, ${three[at]})`);
    }
    if (!want.equals(got)) {
      const at = firstDifference(want, got);
      return fail(`${j.name}: the bytes differ from byte ${at} (npm ${want[at]}, threeanim ${got[at]})`);
    }
    same++;
  });
  return same;
}

// ---- 1. streams made here --------------------------------------------------------
let seed = 12345;
const rand = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 4294967296; };
const jobs = [];
const attributes = (name, data, count, stride, filter, version) => jobs.push({
  name: `${name} v${version} ${count}x${stride}`, count, stride, mode: 'ATTRIBUTES', filter,
  stream: MeshoptEncoder.encodeVertexBufferLevel(data, count, stride, version === 0 ? 2 : 3, version) });
for (const count of [1, 3, 17, 255, 256, 257, 1000]) {
  for (const stride of [4, 8, 12, 16, 64, 256]) {
    // Smooth data, as vertex data is, and some noise; and floats, 16-bit
    // ramps and constant bytes, which version 1's channel and control modes
    // take (2-byte deltas, XOR deltas, literal and zero bytes).
    const raw = new Uint8Array(count * stride);
    for (let i = 0; i < raw.length; ++i) raw[i] = ((i / stride) * (1 + (i % stride)) + (rand() < 0.2 ? rand() * 255 : 0)) & 255;
    const mixed = new Uint8Array(count * stride), view = new DataView(mixed.buffer);
    for (let e = 0; e < count; ++e)
      for (let c = 0; c < stride; c += 4) {
        const at = e * stride + c, kind = (c / 4) % 4;
        if (kind === 0) view.setFloat32(at, Math.sin(e * 0.05 + c) * 10, true);
        else if (kind === 1) { view.setUint16(at, (e * 37 + c) & 0xffff, true); view.setUint16(at + 2, (e * 300) & 0xffff, true); }
        else if (kind === 2) view.setUint32(at, (rand() * 4294967296) >>> 0, true);
        else view.setUint32(at, 0x01020304, true);
      }
    for (const version of [0, 1]) {
      attributes('ATTRIBUTES', raw, count, stride, 'NONE', version);
      attributes('ATTRIBUTES mixed', mixed, count, stride, 'NONE', version);
    }
  }
  const floats = new Float32Array(count * 4);
  for (let i = 0; i < floats.length; ++i) floats[i] = rand() * 2 - 1;
  const unit = new Float32Array(count * 4), colors = new Float32Array(count * 4);
  for (let e = 0; e < count; ++e) {
    const v = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5];
    const n = Math.hypot(...v) || 1;
    for (let c = 0; c < 4; ++c) unit[e * 4 + c] = v[c] / n;
    for (let c = 0; c < 4; ++c) colors[e * 4 + c] = rand();
  }
  const filtered = [
    ['OCTAHEDRAL', 4, MeshoptEncoder.encodeFilterOct(unit, count, 4, 8)],
    ['OCTAHEDRAL', 8, MeshoptEncoder.encodeFilterOct(unit, count, 8, 12)],
    ['OCTAHEDRAL', 8, MeshoptEncoder.encodeFilterOct(unit, count, 8, 16)],
    ['QUATERNION', 8, MeshoptEncoder.encodeFilterQuat(unit, count, 8, 12)],
    ['QUATERNION', 8, MeshoptEncoder.encodeFilterQuat(unit, count, 8, 16)],
    ['EXPONENTIAL', 4, MeshoptEncoder.encodeFilterExp(floats, count * 4, 4, 15)],
    ['EXPONENTIAL', 16, MeshoptEncoder.encodeFilterExp(floats, count, 16, 23)],
    ['COLOR', 4, MeshoptEncoder.encodeFilterColor(colors, count, 4, 8)],
    ['COLOR', 4, MeshoptEncoder.encodeFilterColor(colors, count, 4, 5)],
    ['COLOR', 8, MeshoptEncoder.encodeFilterColor(colors, count, 8, 12)],
    ['COLOR', 8, MeshoptEncoder.encodeFilterColor(colors, count, 8, 16)],
  ];
  for (const [filter, stride, data] of filtered)
    for (const version of [0, 1]) attributes(filter, data, data.length / stride, stride, filter, version);
  // Bytes no encoder writes, through every filter: inputs the filters'
  // specifications leave unspecified (a zero or negative "one", components
  // out of range, every alpha) must still give three.js's bytes.
  const noise = new Uint8Array(count * 8);
  for (let i = 0; i < noise.length; ++i) noise[i] = rand() * 256;
  for (const [filter, stride] of [['OCTAHEDRAL', 4], ['OCTAHEDRAL', 8], ['QUATERNION', 8], ['EXPONENTIAL', 8], ['COLOR', 4], ['COLOR', 8]])
    attributes(`${filter} noise`, noise.subarray(0, count * stride), count, stride, filter, 1);
  const tris = count - (count % 3) || 3;
  for (const stride of [2, 4]) {
    const idx = stride === 2 ? new Uint16Array(tris) : new Uint32Array(tris);
    // Each triangle's three indices distinct, as the encoder expects.
    for (let t = 0; t < tris; t += 3) { idx[t] = t; idx[t + 1] = t + 1; idx[t + 2] = Math.max(0, t - 1); }
    const bytes = new Uint8Array(idx.buffer);
    jobs.push({ name: `TRIANGLES ${tris}x${stride}`, count: tris, stride, mode: 'TRIANGLES', filter: 'NONE',
      stream: MeshoptEncoder.encodeGltfBuffer(bytes, tris, stride, 'TRIANGLES') });
    jobs.push({ name: `INDICES ${tris}x${stride}`, count: tris, stride, mode: 'INDICES', filter: 'NONE',
      stream: MeshoptEncoder.encodeGltfBuffer(bytes, tris, stride, 'INDICES') });
  }
}
const madeSame = compare(jobs, 'made');
const v1Count = jobs.filter((j) => j.stream[0] === 0xa1).length;
console.log(`[${seconds()} s] streams: ${madeSame} of ${jobs.length} made here (${v1Count} of vertex codec version 1) decode to the bytes of the npm decoder and of three.js's`);

// ---- 2. files packed by gltfpack -------------------------------------------------
const inputs = [path.join(src, 'examples', 'default.glb')];
const corpus = path.join(src, 'tests', 'conformance', 'exporters', 'corpus');
for (const f of fs.readdirSync(corpus).sort())
  if (/^(blender|three)_.*\.(glb|gltf)$/.test(f)) inputs.push(path.join(corpus, f));
if (samples && fs.existsSync(samples)) {
  inputs.push(...sampleFiles(samples));
} else {
  console.log(`the Khronos samples: skipped: the folder ${samples || '(none given)'} does not exist (set TA_SAMPLES_DIR when CMake runs)`);
}

function glbParts(bytes) {
  const jsonLength = bytes.readUInt32LE(12);
  const json = JSON.parse(bytes.toString('utf8', 20, 20 + jsonLength));
  const binAt = 20 + jsonLength;
  const bin = binAt + 8 <= bytes.length ? bytes.subarray(binAt + 8, binAt + 8 + bytes.readUInt32LE(binAt)) : null;
  return { json, bin };
}

// gltfpack's outputs: EXT_meshopt_compression at both levels (vertex codec
// version 0), KHR_meshopt_compression (version 1, the COLOR filter where a
// model has colors), and -cf's fallback buffer beside the compressed one.
const variants = [['c', ['-c']], ['khr', ['-cc', '-ce', 'khr']], ['cc', ['-cc']], ['cf', ['-c', '-cf']]];
// What a packed file plays: the JSON a player reads and every view's bytes,
// decoded (by the npm decoder, which every decoder was just found to match).
// -c and -cf files, and -ce khr and -cc ones, differ only in how the bytes
// are stored, so the first of each is played (and a .gltf's twin .glb's
// content likewise): -c (EXT_meshopt_compression, vertex codec version 0)
// and -ce khr (KHR_meshopt_compression, version 1).
function playedContent(json, bin) {
  const h = crypto.createHash('sha256');
  h.update(JSON.stringify(['scene', 'scenes', 'nodes', 'meshes', 'skins', 'accessors', 'animations'].map((k) => json[k])));
  for (const bv of json.bufferViews || []) {
    const ext = bv.extensions && (bv.extensions.EXT_meshopt_compression || bv.extensions.KHR_meshopt_compression);
    if (ext) {
      const decoded = refDecode(MeshoptDecoder, { count: ext.count, stride: ext.byteStride, mode: ext.mode, filter: ext.filter || 'NONE',
        stream: bin.subarray(ext.byteOffset || 0, (ext.byteOffset || 0) + ext.byteLength) });
      h.update(decoded);
    } else if (bv.buffer === 0) {
      h.update(bin.subarray(bv.byteOffset || 0, (bv.byteOffset || 0) + bv.byteLength));
    } else {
      h.update(`buffer ${bv.buffer}`);
    }
  }
  return h.digest('hex');
}

// gltfpack on input, writing out: from the cache when it holds what these options make of
// this input (its bytes and those of the files it names) with this gltfpack.
const store = openStore(cacheRoot ? path.join(path.resolve(cacheRoot), 'gltf_meshopt') : null);
const gltfpackIdentity = crypto.createHash('sha256').update(fs.readFileSync(path.join(modules, 'gltfpack', 'package.json')))
  .update(fs.existsSync(path.join(modules, '..', 'package-lock.json')) ? fs.readFileSync(path.join(modules, '..', 'package-lock.json')) : '').digest('hex');
async function cachedPack(input, out, options) {
  const key = JSON.stringify(['gltfpack', gltfpackIdentity, options, path.basename(input), path.basename(out), gltfDigest(input)]);
  const kept = store.get(key);
  if (kept) {
    for (const [name, bytes] of kept) fs.writeFileSync(path.join(path.dirname(out), name), bytes);
    return;
  }
  const written = [];
  await pack(['-i', input, '-o', out, ...options], {
    read: (p) => fs.readFileSync(p),
    write: (p, d) => { fs.writeFileSync(p, d); written.push([path.relative(path.dirname(out), p), Buffer.from(d)]); },
  });
  store.put(key, written);
}

const played = new Map();
let packedCount = 0, viewsV1 = 0;
// Every compressed view of every packed file, decoded by threeanim in one run after the
// packing (a process each file cost a tenth of a second of CPU under the sanitizers), and the
// -cf files, loaded by threeanim (gltf_dump, one process) with their fallback buffer removed.
const fileJobs = [], unread = [];
for (const input of inputs) {
  const rel = path.relative(samples && input.startsWith(samples) ? samples : path.dirname(input), input);
  const stem = rel.replace(/[\/\\]/g, '-').replace(/\.(glb|gltf)$/, '');
  for (const [tag, options] of variants) {
    const out = path.join(packed, `${stem}-${tag}.glb`);
    try {
      await cachedPack(input, out, options);
    } catch (e) {
      fail(`gltfpack ${options.join(' ')} ${rel}: ${e.message}`);
      continue;
    }
    if (!fs.existsSync(out)) { fail(`gltfpack ${options.join(' ')} ${rel}: wrote no ${out}`); continue; }
    packedCount++;
    const { json, bin } = glbParts(fs.readFileSync(out));
    (json.bufferViews || []).forEach((bv, i) => {
      const ext = bv.extensions && (bv.extensions.EXT_meshopt_compression || bv.extensions.KHR_meshopt_compression);
      if (!ext) return;
      if (ext.buffer !== 0 || json.buffers[0].uri !== undefined) return fail(`${out}: bufferViews[${i}] reads a buffer not in the BIN chunk`);
      if (bin[ext.byteOffset || 0] === 0xa1) viewsV1++;
      const stream = bin.subarray(ext.byteOffset || 0, (ext.byteOffset || 0) + ext.byteLength);
      fileJobs.push({ name: `${path.basename(out)} bufferViews[${i}] (${ext.mode} ${ext.filter || 'NONE'})`,
        count: ext.count, stride: ext.byteStride, mode: ext.mode, filter: ext.filter || 'NONE', stream });
    });
    // -cf's fallback buffer is a file beside: a loader that decodes the
    // views never reads it (three.js does not), so the file loads without it.
    if (tag === 'cf') for (const b of json.buffers) if (b.uri) fs.rmSync(path.join(packed, b.uri), { force: true });
    const content = playedContent(json, bin);
    let at = out;
    if (played.has(content)) fs.renameSync(out, at = path.join(same, path.basename(out)));
    else played.set(content, out);
    if (tag === 'cf') unread.push(at);
  }
}
const views = fileJobs.length, viewsSame = compare(fileJobs, 'files');
let fallbacksUnread = 0;
if (unread.length > 0) {
  const loaded = spawnSync(dump, unread, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (loaded.status !== 0) fail(`gltf_dump on the -cf files (their fallback buffer removed): exit ${loaded.status} ${loaded.stderr}`);
  for (const line of loaded.stdout.split('\n').filter((l) => l.trim() !== '')) {
    const r = JSON.parse(line);
    if (r.error !== undefined) fail(`threeanim does not load ${r.file} (its fallback buffer removed): ${r.error}`);
    else fallbacksUnread++;
  }
}
console.log(`[${seconds()} s] files: ${packedCount} packed from ${inputs.length} inputs (${store.hits} kept from an earlier run); ${viewsSame} of ${views} compressed buffer views (${viewsV1} of vertex codec version 1) decode to the bytes of the npm decoder and of three.js's; ${fallbacksUnread} -cf files loaded with their fallback buffer removed; ${played.size} files of different content to play`);
if (packedCount === 0 || viewsSame === 0 || viewsV1 === 0) fail('no compressed buffer view (or none of version 1) was compared');

// ---- 3. the packed files played and loaded against three.js ------------------------
const node = process.execPath;
const play = spawnSync(node, [path.join(here, '..', 'gltf_playback', 'playback.mjs'), '--cli', cli, '--corpus', packed,
  ...(cacheRoot ? ['--cache', cacheRoot] : []),
  '--keep', path.join(work, 'playback')], { encoding: 'utf8', maxBuffer: 1 << 28 });
process.stdout.write(play.stdout.split('\n').filter((l) => !/^\S+: ok/.test(l)).join('\n'));
if (play.status !== 0) fail(`playback of the packed files: exit ${play.status} ${play.stderr}`);
console.log(`[${seconds()} s] played`);
// The load comparison on the packed samples and default.glb: the exporter
// corpus has keys before time 0, which threeanim cuts and three.js keeps (a
// listed difference its own playback test covers).
const loadInput = path.join(work, 'load-input');
fs.mkdirSync(loadInput, { recursive: true });
for (const f of fs.readdirSync(packed)) if (/\.glb$/.test(f) && !/^(blender|three)_/.test(f)) fs.linkSync(path.join(packed, f), path.join(loadInput, f));
const load = spawnSync('sh', [path.join(here, '..', 'gltf', 'run.sh'), node, modules, dump, path.join(work, 'load'), 'samples', loadInput],
  { encoding: 'utf8', maxBuffer: 1 << 28 });
process.stdout.write(load.stdout);
if (load.status !== 0) fail(`loading the packed files (gltf/run.sh): exit ${load.status} ${load.stderr}`);

console.log(`[${seconds()} s] loaded`);
console.log(failures === 0 ? 'gltf meshopt: all match' : `gltf meshopt: ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
