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
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

async function harnessDigest(kind, gltfDir) {
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
  const folder = path.join(path.resolve(dir), await harnessDigest(kind, gltfDir));
  fs.mkdirSync(folder, { recursive: true });
  const cache = {
    hits: 0,
    get(seed) {
      let bytes;
      try { bytes = fs.readFileSync(path.join(folder, `${seed}.v8`)); } catch { return undefined; }
      cache.hits++;
      return v8.deserialize(bytes);
    },
    put(seed, value) {
      const file = path.join(folder, `${seed}.v8`);
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, v8.serialize(value));
      fs.renameSync(tmp, file);
    },
  };
  return cache;
}
