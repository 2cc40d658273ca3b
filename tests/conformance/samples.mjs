// The glTF files of the Khronos samples folder (TA_SAMPLES_DIR): every .gltf and
// .glb of each model's glTF* variants (glTF, glTF-Binary, glTF-Embedded, ...),
// in a fixed order. Shared by the conformance scripts that walk the samples.
import fs from 'node:fs';
import path from 'node:path';

export function sampleFiles(samples) {
  const out = [];
  for (const model of fs.readdirSync(samples).sort()) {
    const dir = path.join(samples, model);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const variant of fs.readdirSync(dir).sort()) {
      const vdir = path.join(dir, variant);
      if (!variant.startsWith('glTF') || !fs.statSync(vdir).isDirectory()) continue;
      for (const f of fs.readdirSync(vdir).sort()) if (/\.(gltf|glb)$/.test(f)) out.push(path.join(vdir, f));
    }
  }
  return out;
}
