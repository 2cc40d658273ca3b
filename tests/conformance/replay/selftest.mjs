// Checks the harness itself, without threeanim: the generator is deterministic,
// the reference reproduces its own expected files, a small hand-made replay gives
// the values worked out by hand, and compare.mjs accepts what the tolerances allow
// and rejects perturbations just past them.
//
//   node selftest.mjs
//
// Exit 0 when every check passes, 1 otherwise, 77 when three.js is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseLines, formatLine } from './common.mjs';

let failed = 0;
const check = (ok, what) => {
  if (!ok) { failed++; process.stdout.write(`FAIL ${what}\n`); }
};

async function main() {
  try { await import('three'); } catch {
    process.stdout.write('selftest: SKIPPED: three.js is not installed in tests/node_modules\n');
    return 77;
  }
  const THREE = await import('three');
  const { generate } = await import('./generate.mjs');
  const { runReference } = await import('./reference.mjs');
  const { compareOutputs } = await import('./compare.mjs');

  // 1. Same seed, same bytes; the reference run from the files gives expected.jsonl.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'threeanim-replay-selftest-'));
  try {
    const a = path.join(tmp, 'a'), b = path.join(tmp, 'b');
    await generate({ seed: 7, count: 6, out: a });
    await generate({ seed: 7, count: 6, out: b });
    const names = fs.readdirSync(a).filter((n) => n.startsWith('s7-')).sort();
    check(names.length === 6, `6 scenarios written (got ${names.length})`);
    for (const n of names) {
      for (const f of ['scene.json', 'replay.json', 'expected.jsonl', 'meta.json']) {
        const x = fs.readFileSync(path.join(a, n, f)), y = fs.readFileSync(path.join(b, n, f));
        check(x.equals(y), `${n}/${f} is the same from the same seed`);
      }
      const replay = JSON.parse(fs.readFileSync(path.join(a, n, 'replay.json'), 'utf8'));
      const ref = await runReference(replay, { baseDir: path.join(a, n) });
      const text = ref.lines.map((l) => formatLine(l) + '\n').join('');
      check(text === fs.readFileSync(path.join(a, n, 'expected.jsonl'), 'utf8'), `${n}: the reference run from the files gives expected.jsonl`);
      check(!ref.orderDependent && Object.keys(ref.flags).length === 0 && ref.error === null, `${n}: a kept scenario is clean`);
    }

    // 2. Perturbations against compare.mjs, on real output.
    const outputs = names.map((n) => parseLines(fs.readFileSync(path.join(a, n, 'expected.jsonl'), 'utf8')));
    const lines = outputs[0];
    check(lines.length > 5, 'the first scenario prints lines');
    for (const o of outputs) check(compareOutputs(o, o).ok, 'an output matches itself');
    let perturbed = 0;
    const perturb = (pred, fn, expectOk, what) => {
      for (const out of outputs) {
        for (let k = 0; k < out.length; k++) {
          for (const [p, v] of Object.entries(out[k].values)) {
            if (!pred(p, v)) continue;
            const c = JSON.parse(JSON.stringify(out));
            c[k].values[p] = fn(v);
            const r = compareOutputs(out, c);
            check(r.ok === expectOk, `${what} (${p}) ${expectOk ? 'is accepted' : 'is rejected'}`);
            perturbed++;
            return;
          }
        }
      }
      check(false, `no output has a value for: ${what}`);
    };
    const clone = () => JSON.parse(JSON.stringify(lines));
    const isNum = (p, v) => Array.isArray(v) && typeof v[0] === 'number' && !/\.(quaternion|color|emissive|specular)$/.test(p);
    perturb(isNum, (v) => v.map((x, i) => (i === 0 ? x + 5e-5 * Math.max(1, Math.abs(x)) : x)), true, 'a number off by 5e-5, scaled');
    perturb(isNum, (v) => v.map((x, i) => (i === 0 ? x + 2e-4 * Math.max(1, Math.abs(x)) : x)), false, 'a number off by 2e-4, scaled');
    const isQuat = (p) => p.endsWith('.quaternion');
    perturb(isQuat, (v) => v.map((x) => -x), true, 'a quaternion of the other sign');
    perturb(isQuat, (v) => v.map((x, i) => (i === 3 ? -x : x)), false, 'a quaternion with one component negated');
    perturb(isQuat, (v) => v.map((x, i) => (i === 1 ? x + 3e-4 : x)), false, 'a quaternion off by 3e-4');
    const isColor = (p, v) => /\.(color|emissive|specular)$/.test(p) && Array.isArray(v);
    perturb(isColor, (v) => v.map((x, i) => (i === 2 ? x + 0.004 : x)), true, 'a color off by 0.004');
    perturb(isColor, (v) => v.map((x, i) => (i === 2 ? x - 0.006 : x)), false, 'a color off by 0.006');
    perturb((p, v) => typeof v === 'boolean', (v) => !v, false, 'a flipped flag');
    perturb((p, v) => typeof v === 'string', (v) => v + 'x', false, 'a changed string');
    {
      const c = clone(); c[1].time += 1e-3; check(!compareOutputs(lines, c).ok, 'a time off by 1e-3 is rejected');
      const d = clone(); d.pop(); check(!compareOutputs(lines, d).ok, 'a missing last line is rejected');
      const e = clone(); e[0].values['x.position'] = [0, 0, 0]; check(!compareOutputs(lines, e).ok, 'an extra path is rejected');
      const f = clone(); delete f[0].values[Object.keys(f[0].values)[0]]; check(!compareOutputs(lines, f).ok, 'a missing path is rejected');
      const g = clone(); g[0].events.push({ type: 'loop', action: 0, loop_delta: 1, direction: 1 }); check(!compareOutputs(lines, g).ok, 'an extra event is rejected');
      const h = clone(); h[2].step += 1; check(!compareOutputs(lines, h).ok, 'a wrong step index is rejected');
    }
    check(perturbed === 9, `9 value perturbations tried (${perturbed})`);
    const withEvents = outputs.find((o) => o.some((l) => l.events.length > 0));
    check(withEvents !== undefined, 'some output has events');
    if (withEvents) {
      const c = JSON.parse(JSON.stringify(withEvents));
      const l = c.find((x) => x.events.length > 0);
      l.events[0].direction *= -1;
      check(!compareOutputs(withEvents, c).ok, 'a reversed event direction is rejected');
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  // 3. A replay worked out by hand: one node slides x from 0 to 2 over 1 s (LINEAR),
  // a second action flips its visibility at 0.5 s (STEP); REPEAT, then ONCE.
  const scene = new THREE.Scene();
  const box = new THREE.Object3D();
  box.name = 'box';
  scene.add(box);
  const slide = new THREE.AnimationClip('slide', -1, [new THREE.VectorKeyframeTrack('box.position', [0, 1], [0, 0, 0, 2, 0, 0])]);
  const blink = new THREE.AnimationClip('blink', -1, [new THREE.BooleanKeyframeTrack('box.visible', [0, 0.5, 1], [true, false, false])]);
  scene.animations.push(slide, blink);
  const replay = {
    format: 'threeanim-replay/1',
    model: { object_json: scene.toJSON() },
    mixer: { root: null, time_scale: 1 },
    actions: [{ clip: 'slide' }, { clip: { index: 1 } }],
    record: ['name:box.position', `${box.uuid}.visible`],
    steps: [
      { op: 'play', action: 0 },
      { op: 'update', delta: 0.25 },
      { op: 'update', delta: 1 },
      { op: 'set_loop', action: 0, loop: 'once', repetitions: null },
      { op: 'play', action: 1 },
      { op: 'set', action: 1, field: 'weight', value: 0.75 },
      { op: 'update', delta: 0.6 },
      { op: 'update', delta: 0.5 },
      { op: 'fade_in', action: 1, duration: -1 },
    ],
  };
  const ref = await runReference(replay);
  const L = ref.lines;
  const pos = (k) => L[k].values['name:box.position'];
  const vis = (k) => L[k].values[`${box.uuid}.visible`];
  check(L.length === 4, `hand replay: 4 lines (got ${L.length})`);
  check(L[0] && L[0].step === 1 && Math.abs(pos(0)[0] - 0.5) < 1e-12 && L[0].time === 0.25, 'hand replay: x is 0.5 at 0.25 s');
  // 1.25 s into a 1 s REPEAT clip: one loop, x = 2 * 0.25.
  check(L[1] && Math.abs(pos(1)[0] - 0.5) < 1e-6 && L[1].events.length === 1 && L[1].events[0].type === 'loop' && L[1].events[0].loop_delta === 1 && L[1].events[0].direction === 1,
    'hand replay: REPEAT loops once at 1.25 s');
  // ONCE from 0.25: reaches 0.85 (x = 1.7); blink at weight 0.75 reads false at 0.6 s, so the flag pile
  // holds false, which keeps it against the original (true) since the missing weight 0.25 is below one half.
  check(L[2] && Math.abs(pos(2)[0] - 1.7) < 1e-6 && vis(2) === false, 'hand replay: ONCE at 0.85, flag false at weight 0.75');
  // ONCE passes its end: finished and, not clamped, lets go (x back to its original 0); blink wraps
  // to 0.1 s (true). Events in action order.
  const ev = L[3] ? L[3].events : [];
  check(ev.length === 2 && ev[0].type === 'finished' && ev[0].action === 0 && ev[0].direction === 1 && ev[0].loop_delta === 0
    && ev[1].type === 'loop' && ev[1].action === 1 && ev[1].loop_delta === 1 && Math.abs(pos(3)[0]) < 1e-12 && vis(3) === true,
    'hand replay: ONCE finishes and lets go of the node; the blink loops');
  check(ref.error && /^step 8 \(fade_in\)/.test(ref.error), `hand replay: fade_in of -1 s is refused at step 8 (${ref.error})`);

  // 4. A fade from 0 on an additive action that drives a string, and an update that leaves the
  // mixer's clock at the fade's start (0.7 s, which float32 rounds down): three.js's weight is
  // (0.7 - fround(0.7)) / 1, about 1.2e-8, so its additive pile (the original name, the weight
  // being under one half) replaces the normal action's name; the port keeps the start as a
  // double and its weight is 0. The reference flags such a run (fade-start), so that it is
  // dropped; the same fade on a normal action moves nothing and is not flagged.
  for (const additive of [true, false]) {
    const s2 = new THREE.Scene();
    const node = new THREE.Object3D();
    node.name = 'box';
    s2.add(node);
    s2.animations.push(
      new THREE.AnimationClip('walk', 1, [new THREE.StringKeyframeTrack('box.name', [0], ['walk'])]),
      new THREE.AnimationClip('nod', 1, [new THREE.StringKeyframeTrack('box.name', [0], ['nod'])]));
    const r2 = await runReference({
      format: 'threeanim-replay/1',
      model: { object_json: s2.toJSON() },
      mixer: { root: null, time_scale: 1 },
      actions: [{ clip: 'walk' }, additive ? { clip: 'nod', blend_mode: 'additive' } : { clip: 'nod' }],
      record: [`${node.uuid}.name`],
      steps: [
        { op: 'play', action: 0 },
        { op: 'update', delta: 0.7 },
        { op: 'play', action: 1 },
        { op: 'fade_in', action: 1, duration: 1 },
        { op: 'update', delta: 0 },
      ],
    });
    const name = r2.lines[1] ? r2.lines[1].values[`${node.uuid}.name`] : undefined;
    if (additive) {
      check(name === 'box' && 'fade-start' in r2.flags, `fade from 0 at 0.7 s, additive: three.js writes the original name (got ${name}) and the run is flagged fade-start (${Object.keys(r2.flags)})`);
    } else {
      check(name === 'walk' && !('fade-start' in r2.flags), `fade from 0 at 0.7 s, normal: "walk" (got ${name}), not flagged (${Object.keys(r2.flags)})`);
    }
  }

  // 5. Two actions of a rotation at a right angle in 4D (a dot product of exactly 0): the pile's
  // slerp takes its arc by the dot's sign, which rounding decides, so the run is flagged
  // (slerp-sign-tie) and dropped; at a dot of 0.5 it is not.
  for (const [b, tied] of [[[0, Math.SQRT1_2, 0, Math.SQRT1_2], true], [[0, 0.5, 0, Math.sqrt(0.75)], false]]) {
    const s3 = new THREE.Scene();
    const node = new THREE.Object3D();
    node.name = 'box';
    s3.add(node);
    const a = [0, -Math.SQRT1_2, 0, Math.SQRT1_2];
    s3.animations.push(
      new THREE.AnimationClip('a', 1, [new THREE.QuaternionKeyframeTrack('box.quaternion', [0], a)]),
      new THREE.AnimationClip('b', 1, [new THREE.QuaternionKeyframeTrack('box.quaternion', [0], b)]));
    const r3 = await runReference({
      format: 'threeanim-replay/1',
      model: { object_json: s3.toJSON() },
      mixer: { root: null, time_scale: 1 },
      actions: [{ clip: 'a' }, { clip: 'b' }],
      record: [`${node.uuid}.quaternion`],
      steps: [{ op: 'play', action: 0 }, { op: 'play', action: 1 }, { op: 'update', delta: 0.1 }],
    });
    check(('slerp-sign-tie' in r3.flags) === tied, `a pile slerped at a dot of ${a[1] * b[1] + a[3] * b[3]}: ${tied ? '' : 'not '}flagged slerp-sign-tie (${Object.keys(r3.flags)})`);
  }
  // The additive pile's slerp (_slerpAdditive): from the identity toward the identity times a
  // half turn (a dot of 0) by the weight 0.5, flagged; toward a third of a turn, not.
  for (const [q, tied] of [[[0, 1, 0, 0], true], [[0, 0.5, 0, Math.sqrt(0.75)], false]]) {
    const s4 = new THREE.Scene();
    const node = new THREE.Object3D();
    node.name = 'box';
    s4.add(node);
    s4.animations.push(new THREE.AnimationClip('turn', 1, [new THREE.QuaternionKeyframeTrack('box.quaternion', [0], q)]));
    const r4 = await runReference({
      format: 'threeanim-replay/1',
      model: { object_json: s4.toJSON() },
      mixer: { root: null, time_scale: 1 },
      actions: [{ clip: 'turn', blend_mode: 'additive' }],
      record: [`${node.uuid}.quaternion`],
      steps: [{ op: 'play', action: 0 }, { op: 'set', action: 0, field: 'weight', value: 0.5 }, { op: 'update', delta: 0.1 }],
    });
    check(('slerp-sign-tie' in r4.flags) === tied, `an additive pile slerped at a dot of ${q[3]}: ${tied ? '' : 'not '}flagged slerp-sign-tie (${Object.keys(r4.flags)})`);
  }

  // 6. The cache's key of a glTF file (cache.mjs gltfDigest) is its content and that of the
  // files it names: the same for a copy elsewhere, another when a named buffer changes; and a
  // store gives back what was put under a key, nothing under another.
  const { gltfDigest, openStore } = await import('./cache.mjs');
  const g = fs.mkdtempSync(path.join(os.tmpdir(), 'threeanim-replay-selftest-'));
  try {
    const doc = JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'a%20b.bin', byteLength: 4 }, { uri: 'data:application/octet-stream;base64,AAAAAA==', byteLength: 4 }] });
    for (const d of ['x', 'y']) {
      fs.mkdirSync(path.join(g, d));
      fs.writeFileSync(path.join(g, d, 'm.gltf'), doc);
      fs.writeFileSync(path.join(g, d, 'a b.bin'), Buffer.from([1, 2, 3, 4]));
    }
    const before = gltfDigest(path.join(g, 'x', 'm.gltf'));
    check(before === gltfDigest(path.join(g, 'y', 'm.gltf')), 'gltfDigest: a copy in another folder has the same key');
    fs.writeFileSync(path.join(g, 'y', 'a b.bin'), Buffer.from([1, 2, 3, 5]));
    check(before !== gltfDigest(path.join(g, 'y', 'm.gltf')), 'gltfDigest: a named buffer changed changes the key');
    fs.rmSync(path.join(g, 'y', 'a b.bin'));
    check(before !== gltfDigest(path.join(g, 'y', 'm.gltf')), 'gltfDigest: a named buffer missing changes the key');
    const store = openStore(path.join(g, 'store'));
    store.put('k', { lines: [1.5] });
    check(JSON.stringify(store.get('k')) === '{"lines":[1.5]}' && store.get('k2') === undefined, 'openStore: a value under its key alone');
  } finally {
    fs.rmSync(g, { recursive: true, force: true });
  }

  process.stdout.write(`selftest: ${failed === 0 ? 'passed' : `${failed} checks FAILED`}\n`);
  return failed === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (e) => { process.stderr.write(`selftest: ${e.stack || e}\n`); process.exit(1); });
