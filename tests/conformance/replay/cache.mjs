// A folder of three.js's side of the replay scenarios, so that a scenario
// whose reference was worked out once is not worked out again by the same
// seeds run on another instruction set, or by the sanitizer build's run of
// the same suite.
//
// An entry is keyed by what decides its contents: the text of every script of
// this folder (the scenario builders and the reference), the three.js version
// installed, the kind of suite (random, refusal, glTF), the seed, and for glTF
// the samples folder and its files' sizes and times. Anything else changes no
// byte of a scenario, so a hit is the same as working it out again. An entry
// is written to a temporary name and renamed, so that tests running at once
// never read half of one.
//
//   const cache = await openCache(dir, { kind, gltfDir });   // dir null: no cache
//   const hit = cache.get(seed);                             // undefined on a miss
//   cache.put(seed, value);                                  // any structured-cloneable value
//   const store = openStore(dir);                            // keyed by strings (below)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The scripts of this folder, the three.js installed and kind (and a samples folder's files).
export async function harnessDigest(kind, gltfDir = null) {
  const h = crypto.createHash('sha256');
  for (const name of fs.readdirSync(here).filter((n) => n.endsWith('.mjs')).sort()) {
    h.update(name).update('\0').update(fs.readFileSync(path.join(here, name))).update('\0');
  }
  const { REVISION } = await import('three');
  const lock = path.join(here, '..', '..', 'package-lock.json');
  h.update(`three ${REVISION}\0`).update(fs.existsSync(lock) ? fs.readFileSync(lock) : '').update(`\0${kind}\0`);
  if (gltfDir) {
    h.update(gltfDir).update('\0');
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile()) {
          const st = fs.statSync(p);
          h.update(`${path.relative(gltfDir, p)} ${st.size} ${st.mtimeMs}\0`);
        }
      }
    };
    walk(gltfDir);
  }
  return h.digest('hex').slice(0, 24);
}

export async function openCache(dir, { kind, gltfDir = null }) {
  if (!dir) return { get: () => undefined, put: () => {}, hits: 0 };
  return openStore(path.join(path.resolve(dir), await harnessDigest(kind, gltfDir)), (seed) => `${seed}.v8`);
}

// The same folder for other suites' work that their inputs alone decide (gltf_meshopt's
// gltfpack outputs, gltf_playback's three.js lines): a value under a key string, which the
// caller makes of everything that decides the value. dir null: no cache.
export function openStore(dir, fileOf = (key) => `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}.v8`) {
  if (!dir) return { get: () => undefined, put: () => {}, hits: 0 };
  fs.mkdirSync(dir, { recursive: true });
  const store = {
    hits: 0,
    get(key) {
      let bytes;
      try { bytes = fs.readFileSync(path.join(dir, fileOf(key))); } catch { return undefined; }
      store.hits++;
      return v8.deserialize(bytes);
    },
    put(key, value) {
      const file = path.join(dir, fileOf(key));
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, v8.serialize(value));
      fs.renameSync(tmp, file);
    },
  };
  return store;
}

// What decides three.js's and gltfpack's work on a glTF file: its bytes and those of every
// file it names (buffers and images that are not data: URIs), so that a copy made again (a
// packed file written by each build tree) is the same key.
export function gltfDigest(file) {
  const h = crypto.createHash('sha256');
  const bytes = fs.readFileSync(file);
  h.update(bytes);
  let json = null;
  try {
    if (bytes.length >= 20 && bytes.toString('latin1', 0, 4) === 'glTF') json = JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12)));
    else json = JSON.parse(bytes.toString('utf8'));
  } catch { /* not glTF: its bytes alone */ }
  for (const item of [...((json && json.buffers) || []), ...((json && json.images) || [])]) {
    if (typeof item.uri !== 'string' || item.uri.startsWith('data:')) continue;
    const named = path.resolve(path.dirname(file), decodeURIComponent(item.uri));
    h.update(`\0${item.uri}\0`);
    try { h.update(fs.readFileSync(named)); } catch { h.update('missing'); }
  }
  return h.digest('hex');
}
