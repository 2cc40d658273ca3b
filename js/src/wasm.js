// Loads threeanim.wasm (built by `make wasm` next to index.js) once, at import: the drop-in mixer
// must be usable as soon as it is made, as three.js's is. The module needs none of WASI but a
// few calls the C library links (the environment, writing to a file): they are answered here
// with "nothing", so no output and no environment reach it.
// threeanim-simd.wasm where the engine has WebAssembly SIMD (this probe: i8x16.popcnt), else
// threeanim.wasm; the two give the same numbers bit for bit. THREEANIM_WASM (Node only) names
// another file: the tests load the build tree's.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
export const simd = WebAssembly.validate(SIMD_PROBE);
const envPath = typeof process !== 'undefined' && process.env ? process.env.THREEANIM_WASM : undefined;
const url = envPath ? new URL(`file://${envPath.startsWith('/') ? '' : process.cwd() + '/'}${envPath}`)
  : new URL(simd ? '../threeanim-simd.wasm' : '../threeanim.wasm', import.meta.url);

async function readBytes() {
  if (url.protocol === 'file:') {
    const fs = await import('node:fs');
    return fs.readFileSync(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`threeanim: cannot load ${url}: HTTP ${res.status} (run make wasm)`);
  return new Uint8Array(await res.arrayBuffer());
}

function wasiStubs(getMemory) {
  const view = () => new DataView(getMemory().buffer);
  return {
    environ_sizes_get(countPtr, sizePtr) { view().setUint32(countPtr, 0, true); view().setUint32(sizePtr, 0, true); return 0; },
    environ_get() { return 0; },
    fd_write(fd, iovs, iovsLen, nwrittenPtr) {
      let n = 0;
      for (let i = 0; i < iovsLen; i++) n += view().getUint32(iovs + 8 * i + 4, true);
      view().setUint32(nwrittenPtr, n, true);
      return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return 70; /* ESPIPE */ },
    proc_exit(code) { throw new Error(`threeanim.wasm exited (${code})`); },
  };
}

async function instantiate() {
  let bytes;
  try {
    bytes = await readBytes();
  } catch (e) {
    throw new Error(`threeanim: cannot read ${url} (${e.message}); build it with make wasm`);
  }
  let memory = null;
  const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasiStubs(() => memory) });
  memory = instance.exports.memory;
  if (instance.exports._initialize) instance.exports._initialize();
  return instance.exports;
}

export const wasm = await instantiate();
const enc = new TextEncoder();
const dec = new TextDecoder();

// Views of the heap, made again whenever the memory has grown (growth detaches the old buffer).
// One object, changed in place, so that asking for them each frame makes no garbage.
const views = { buffer: null, f32: null, u32: null, f64: null, u8: null, i32: null };
export function heap() {
  const buf = wasm.memory.buffer;
  if (views.buffer !== buf) {
    views.buffer = buf;
    views.f32 = new Float32Array(buf); views.u32 = new Uint32Array(buf); views.f64 = new Float64Array(buf);
    views.u8 = new Uint8Array(buf); views.i32 = new Int32Array(buf);
  }
  return views;
}

// One context for the module: its ta_error and its counting allocator.
export const ctx = wasm.tw_ctx_create();

export function cString(s) {
  const bytes = enc.encode(s);
  const p = wasm.tw_malloc(bytes.length + 1);
  const { u8: h } = heap();
  h.set(bytes, p);
  h[p + bytes.length] = 0;
  return p;
}

export function readCString(p) {
  const { u8: h } = heap();
  let e = p;
  while (h[e] !== 0) e++;
  return dec.decode(h.subarray(p, e));
}

export function lastError() { return readCString(wasm.tw_error_message(ctx)); }

// Throws an Error with the library's message when r is not TA_OK (0).
export function check(r, what) {
  if (r !== 0) throw new Error(`threeanim: ${what}: ${lastError()}`);
  return r;
}

export function checkPtr(p, what) {
  if (!p) throw new Error(`threeanim: ${what}: ${lastError()}`);
  return p;
}

export function checkIndex(i, what) {
  if (i < 0) throw new Error(`threeanim: ${what}: ${lastError()}`);
  return i;
}

export function allocU32(values) {
  const p = wasm.tw_malloc(Math.max(1, values.length) * 4);
  heap().u32.set(values, p >> 2);
  return p;
}

export function allocFloats(values) {
  const p = wasm.tw_malloc(Math.max(1, values.length) * 4);
  heap().f32.set(values, p >> 2);
  return p;
}

// The layout of ta_node (byte offsets): position, quaternion, scale, visible, size.
const layoutPtr = wasm.tw_malloc(20);
wasm.tw_node_layout(layoutPtr);
export const NODE = (() => {
  const l = heap().u32.subarray(layoutPtr >> 2, (layoutPtr >> 2) + 5);
  return { position: l[0], quaternion: l[1], scale: l[2], visible: l[3], size: l[4] };
})();
wasm.tw_free(layoutPtr);

export const allocCount = () => wasm.tw_alloc_count(ctx);
export const liveBytes = () => wasm.tw_live_bytes(ctx);
// Makes room for `bytes` more in the wasm heap now, in one growth of its memory: each growth of a
// WebAssembly memory may start a full collection of the page's JavaScript heap (V8 counts it as
// external memory), so a program that knows its size (N mixers or a crowd of N) pays it once,
// before its frames, rather than at the growths the heap would make as it fills.
export function reserveMemory(bytes) {
  if (!Number.isInteger(bytes) || bytes < 0 || bytes > 0xffffffff) throw new Error(`threeanim reserveMemory: ${bytes} is not a byte count (an integer from 0 to 2^32 - 1)`);
  if (wasm.tw_reserve(bytes) !== 0) throw new Error(`threeanim reserveMemory: the wasm memory cannot grow by ${bytes} bytes`);
}
