// The preview page in headless Chromium (Debian's `chromium`), driven through
// the DevTools protocol over a pipe (--remote-debugging-pipe: no port, no
// download): it loads, draws the figure, the figure moves between two times
// (screenshots of the first view compared pixel by pixel, and the joints'
// projected places), play, the clip picker and the scrubber work, nothing is
// fetched from the network, and no console error or exception is logged. Every
// view has the same zoom. The skinned body is drawn: its triangles are the
// file's, its vertices at a frame are where three.js's SkinnedMesh puts them
// (applyBoneTransform, after the same mixer updates; with NODE_MODULES), the
// mesh checkbox takes it away, and the first view at 0.2 s matches
// golden/preview_front.png (a screenshot looked at as an image when it was
// made) within a tolerance: at most 2% of its pixels differ by more than a
// little, which font rendering and antialiasing stay well inside.
//
//   node preview_chromium.mjs THREEANIM DEFAULT_GLB WORK_DIR [NODE_MODULES]
//
// Exit 77 (skipped) when no chromium is installed: scripts/deps.sh installs it
// with TA_DEPS_OPTIONAL=1.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [threeanim, defaultGlb, work, modules] = process.argv.slice(2);
const golden = new URL('golden/preview_front.png', import.meta.url).pathname;
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

function findChromium() {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    for (const dir of (process.env.PATH || '').split(':')) {
      const p = path.join(dir, name);
      try { fs.accessSync(p, fs.constants.X_OK); return p; } catch { /* next */ }
    }
  }
  return null;
}
const chromium = findChromium();
if (!chromium) {
  console.log('skipped: chromium is not installed (TA_DEPS_OPTIONAL=1 scripts/deps.sh installs it)');
  process.exit(77);
}

const page = path.join(work, 'preview.html');
execFileSync(threeanim, ['preview', defaultGlb, '--clip', 'walk', '--cross-fade-to', 'run', '-o', page]);

// ---- PNG, enough to compare screenshots ----------------------------------------------
function decodePng(buf) {
  let p = 8, width = 0, height = 0, type = 0;
  const idat = [];
  while (p < buf.length) {
    const len = buf.readUInt32BE(p), kind = buf.toString('latin1', p + 4, p + 8), data = buf.subarray(p + 8, p + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); type = data[9];
      if (data[8] !== 8 || data[12] !== 0 || (type !== 2 && type !== 6)) throw new Error('PNG: not 8-bit RGB(A), not interlaced');
    } else if (kind === 'IDAT') idat.push(data);
    p += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3, stride = width * bpp, raw = zlib.inflateSync(Buffer.concat(idat));
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= bpp ? px[y * stride + x - bpp] : 0, b = y ? px[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y ? px[(y - 1) * stride + x - bpp] : 0;
      let v = src[x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + x] = v & 255;
    }
  }
  return { width, height, bpp, px };
}

// ---- the DevTools protocol over fds 3 (to Chromium) and 4 (from it) --------------------
const profile = fs.mkdtempSync(path.join(work, 'profile-'));
const proc = spawn(chromium, ['--headless', '--remote-debugging-pipe', '--no-sandbox', '--disable-gpu',
  '--disable-background-networking', '--disable-component-update', '--no-first-run', '--no-default-browser-check',
  '--disable-extensions', '--hide-scrollbars', `--user-data-dir=${profile}`, '--window-size=1400,1000', 'about:blank'],
  { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let chromeLog = '';
proc.stderr.on('data', (d) => { chromeLog += d; });
const toChrome = proc.stdio[3], fromChrome = proc.stdio[4];
let nextId = 1, pending = new Map(), listeners = [], inbox = Buffer.alloc(0);
fromChrome.on('data', (chunk) => {
  inbox = Buffer.concat([inbox, chunk]);
  let end;
  while ((end = inbox.indexOf(0)) >= 0) {
    const msg = JSON.parse(inbox.subarray(0, end).toString('utf8'));
    inbox = inbox.subarray(end + 1);
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(JSON.stringify(msg.error))); else resolve(msg.result);
    } else listeners.forEach((fn) => fn(msg));
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  toChrome.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
function waitFor(pred, ms, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what)), ms);
    const fn = (msg) => { if (pred(msg)) { clearTimeout(timer); listeners = listeners.filter((f) => f !== fn); resolve(msg); } };
    listeners.push(fn);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let failed = false, checks = 0;
function check(what, ok, detail = '') {
  checks++;
  if (!ok) { failed = true; console.log(`FAIL: ${what}${detail ? ': ' + detail : ''}`); }
}
const guard = setTimeout(() => { console.log('FAIL: timed out\n' + chromeLog.slice(-2000)); proc.kill('SIGKILL'); process.exit(1); }, 90000);

try {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId: s } = await send('Target.attachToTarget', { targetId, flatten: true });
  const problems = [], requests = [];
  listeners.push((msg) => {
    if (msg.sessionId !== s) return;
    if (msg.method === 'Runtime.consoleAPICalled' && (msg.params.type === 'error' || msg.params.type === 'assert'))
      problems.push('console.' + msg.params.type + ': ' + msg.params.args.map((a) => a.value ?? a.description).join(' '));
    if (msg.method === 'Runtime.exceptionThrown') problems.push('exception: ' + JSON.stringify(msg.params.exceptionDetails).slice(0, 400));
    if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') problems.push('log: ' + msg.params.entry.text);
    if (msg.method === 'Network.requestWillBeSent') requests.push(msg.params.request.url);
  });
  for (const m of ['Page.enable', 'Runtime.enable', 'Log.enable', 'Network.enable']) await send(m, {}, s);
  await send('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1000, deviceScaleFactor: 1, mobile: false }, s);
  const loaded = waitFor((m) => m.sessionId === s && m.method === 'Page.loadEventFired', 30000, 'the page to load');
  await send('Page.navigate', { url: 'file://' + path.resolve(page) + '#paused&t=0.2' }, s);
  await loaded;
  const js = async (expr) => {
    const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true }, s);
    if (r.exceptionDetails) throw new Error('evaluating ' + expr + ': ' + JSON.stringify(r.exceptionDetails).slice(0, 300));
    return r.result.value;
  };
  check('the page says it is ready', (await js('document.documentElement.getAttribute("data-ready")')) === '1');
  check('the entries are the cross-fade and the clips',
    JSON.stringify(await js('taPreview.entries')) === JSON.stringify(['walk → run', 'walk', 'run', 'wave']),
    JSON.stringify(await js('taPreview.entries')));
  const st = await js('taPreview.state()');
  check('the link\'s #paused&t=0.2 is applied', st.t === 0.2 && st.playing === false, JSON.stringify(st));
  check('three views', (await js('document.querySelectorAll("#stage canvas").length')) === 3);
  const scales = await js('taPreview.scales()');
  check('one zoom for every view', scales.length === 3 && scales[0] > 0 && scales.every((x) => x === scales[0]), JSON.stringify(scales));
  const rect = await js('(() => { const r = document.querySelector("#stage canvas").getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })()');

  async function shoot(t, name) {
    await js(`taPreview.setTime(${t})`);
    await sleep(100);
    const joints = await js('taPreview.jointsOnScreen(0)');
    const shot = await send('Page.captureScreenshot', { format: 'png', clip: { ...rect, scale: 1 } }, s);
    const full = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false }, s);
    fs.writeFileSync(path.join(work, name + '-view.png'), Buffer.from(shot.data, 'base64'));
    fs.writeFileSync(path.join(work, name + '-page.png'), Buffer.from(full.data, 'base64'));
    return { joints, png: decodePng(Buffer.from(shot.data, 'base64')) };
  }
  const a = await shoot(0.2, 't0.2'), b = await shoot(0.7, 't0.7');
  const inked = (img) => { let n = 0; for (let i = 0; i < img.px.length; i += img.bpp) if (img.px[i] + img.px[i + 1] + img.px[i + 2] < 600) n++; return n; };
  check('the first view is drawn at 0.2 s', inked(a.png) > 300, `${inked(a.png)} dark pixels`);
  check('the first view is drawn at 0.7 s', inked(b.png) > 300, `${inked(b.png)} dark pixels`);
  let differ = 0;
  for (let i = 0; i < a.png.px.length; i += a.png.bpp) {
    const d = Math.abs(a.png.px[i] - b.png.px[i]) + Math.abs(a.png.px[i + 1] - b.png.px[i + 1]) + Math.abs(a.png.px[i + 2] - b.png.px[i + 2]);
    if (d > 60) differ++;
  }
  check('the figure moved between 0.2 s and 0.7 s (pixels)', differ > 150, `${differ} pixels changed`);
  let moved = 0;
  a.joints.forEach((p, i) => { moved = Math.max(moved, Math.hypot(p[0] - b.joints[i][0], p[1] - b.joints[i][1])); });
  check('the figure moved between 0.2 s and 0.7 s (joints)', moved > 0.05, `largest move ${moved}`);

  // play runs the clock; the picker changes the clip and its curves
  await js('taPreview.play()');
  await sleep(600);
  const playing = await js('taPreview.state()');
  check('play moves the time on', playing.playing === true && Math.abs(playing.t - 0.7) > 0.1, JSON.stringify(playing));
  await js('document.getElementById("play").click()');
  check('the button pauses', (await js('taPreview.state().playing')) === false);
  await js('(() => { const c = document.getElementById("clip"); c.value = "3"; c.dispatchEvent(new Event("change")); })()');
  check('the picker chooses wave', (await js('taPreview.state().entry')) === 'wave');
  check('the wave\'s curves show, the others\' do not',
    (await js('[...document.querySelectorAll("#curves > div")].map((d) => d.hidden ? 0 : 1).join("")')) === '001');
  check('the values panel lists the wave\'s morph and material',
    (await js('document.getElementById("value-list").textContent')).includes('Face.morphTargetInfluences[smile]'));
  await js('(() => { const r = document.getElementById("scrub"); r.value = "1.5"; r.dispatchEvent(new Event("input")); })()');
  check('the scrubber sets the time', Math.abs((await js('taPreview.state().t')) - 1.5) < 1e-9);
  check('a playhead is drawn on the curves',
    (await js('[...document.querySelectorAll("#curves > div:not([hidden]) .ta-playhead")].filter((l) => l.getAttribute("visibility") === "visible").length')) === 9);
  await shoot(1.0, 'wave-t1.0');

  // ---- the skinned body ---------------------------------------------------------------
  // its triangles: the Body primitive's index count / 3, read from the file here
  const glb = fs.readFileSync(defaultGlb), doc = JSON.parse(glb.toString('utf8', 20, 20 + glb.readUInt32LE(12)));
  const bodyNode = doc.nodes.find((n) => n.skin !== undefined);
  const bodyTris = doc.meshes[bodyNode.mesh].primitives.reduce((n, p) => n + doc.accessors[p.indices].count / 3, 0);
  check('the skinned body\'s triangles are the file\'s', (await js('taPreview.meshTriangles()')) === bodyTris,
    `${await js('taPreview.meshTriangles()')} vs ${bodyTris}`);
  check('the mesh is drawn', (await js('taPreview.meshDrawn()')) === true);
  await js('taPreview.setEntry("walk")');
  await js('taPreview.setTime(10 / 30)');
  const ours = (await js('taPreview.skinnedVertices()'))[0];
  if (modules && fs.existsSync(path.join(modules, 'three/package.json'))) {
    const { loadThree, loadGltf } = await import('./gltf_node.mjs');
    const three = await loadThree(modules);
    const gltf = await loadGltf(three, defaultGlb);
    const mixer = new three.THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(three.THREE.AnimationClip.findByName(gltf.animations, 'walk')).play();
    for (let k = 0; k <= 10; ++k) mixer.update(k === 0 ? 0 : 1 / 30);
    gltf.scene.updateMatrixWorld(true);
    let body = null;
    gltf.scene.traverse((o) => { if (o.isSkinnedMesh) body = o; });
    body.skeleton.update();
    const v = new three.THREE.Vector3();
    let worst = 0;
    for (let i = 0; i < ours.length / 3; ++i) {
      v.fromBufferAttribute(body.geometry.attributes.position, i);
      body.applyBoneTransform(i, v);
      v.applyMatrix4(body.matrixWorld);
      worst = Math.max(worst, Math.hypot(v.x - ours[i * 3], v.y - ours[i * 3 + 1], v.z - ours[i * 3 + 2]));
    }
    check('the skinned vertices are three.js\'s at the walk\'s frame 10', ours.length === body.geometry.attributes.position.count * 3 && worst < 1e-4,
      `${ours.length / 3} vertices, largest distance ${worst}`);
    console.log(`skinned body: ${ours.length / 3} vertices within ${worst.toExponential(1)} of three.js's SkinnedMesh`);
  } else {
    console.log('note: three.js is not in tests/node_modules; the skinned vertices were not compared with it');
  }

  // the first view at 0.2 s of the cross-fade, against the reference image
  await js('taPreview.setEntry("walk → run")');
  const withMesh = await shoot(0.2, 'mesh-t0.2');
  if (!fs.existsSync(golden)) {
    check(`the reference image ${golden} is there`, false);
  } else {
    const want = decodePng(fs.readFileSync(golden)), got = withMesh.png;
    check('the first view is the reference image\'s size', want.width === got.width && want.height === got.height,
      `${got.width}x${got.height} vs ${want.width}x${want.height}`);
    if (want.width === got.width && want.height === got.height) {
      let off = 0;
      for (let y = 0; y < got.height; ++y)
        for (let x = 0; x < got.width; ++x) {
          const i = (y * got.width + x) * got.bpp, j = (y * want.width + x) * want.bpp;
          const d = Math.abs(got.px[i] - want.px[j]) + Math.abs(got.px[i + 1] - want.px[j + 1]) + Math.abs(got.px[i + 2] - want.px[j + 2]);
          if (d > 48) off++;
        }
      const share = off / (got.width * got.height);
      check('the first view matches the reference image', share <= 0.02, `${(share * 100).toFixed(2)}% of pixels differ (see ${work}/mesh-t0.2-view.png)`);
      console.log(`reference image: ${(share * 100).toFixed(2)}% of pixels differ`);
    }
  }
  // the checkbox takes the mesh away: fewer inked pixels, the figure still there
  await js('(() => { const c = document.getElementById("mesh"); c.checked = false; c.dispatchEvent(new Event("change")); })()');
  check('the mesh checkbox turns the mesh off', (await js('taPreview.meshDrawn()')) === false);
  const bare = await shoot(0.2, 'bare-t0.2');
  const tinted = (img) => { let n = 0; for (let i = 0; i < img.px.length; i += img.bpp) { const r = img.px[i], g = img.px[i + 1], b = img.px[i + 2]; if (b > r + 8 && b < 240 && Math.abs(r - g) < 24 && r > 120) n++; } return n; };
  check('without the mesh, the body\'s grey-blue is gone', tinted(bare.png) * 4 < tinted(withMesh.png), `${tinted(bare.png)} vs ${tinted(withMesh.png)} tinted pixels`);
  check('without the mesh, the figure is still drawn', inked(bare.png) > 300);

  check('nothing fetched from the network', requests.every((u) => /^(file|data|about):/.test(u)), requests.filter((u) => !/^(file|data|about):/.test(u)).join(' '));
  check('no console error or exception', problems.length === 0, problems.join('\n  '));
  await send('Browser.close').catch(() => {});
} catch (e) {
  check('the run', false, e.stack || String(e));
}
clearTimeout(guard);
// Browser.close above asks it to go; wait for it before removing its profile.
if (proc.exitCode === null) {
  const gone = new Promise((r) => proc.once('exit', r));
  const late = setTimeout(() => proc.kill('SIGKILL'), 5000);
  proc.kill();
  await gone;
  clearTimeout(late);
}
// Chromium's helper processes can still write into the profile for a moment
// after the browser is gone: try again for a while, and leave it (saying so)
// rather than fail a test whose checks are done.
for (let attempt = 0; ; ++attempt) {
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    break;
  } catch (e) {
    if (attempt >= 20) {
      console.log(`note: the browser profile ${profile} was left behind (${e.code})`);
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
console.log(`${checks} checks, ${failed ? 'some failed' : 'all passed'}; screenshots in ${work}`);
process.exit(failed ? 1 : 0);
