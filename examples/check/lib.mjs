// Shared by the example checks: run an example, read its lines of numbers,
// load three.js 0.186.0 (and its GLTFLoader under Node), compare numbers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The lines of an example's output that are not comments, as arrays of numbers.
export function run(exe, args = []) {
  const out = execFileSync(exe, args, { maxBuffer: 1 << 26 }).toString();
  const comments = [];
  const rows = [];
  for (const line of out.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) { comments.push(line); continue; }
    rows.push(line.trim().split(/\s+/).map(Number));
  }
  return { out, comments, rows };
}

export async function loadThree(modules) {
  const THREE = await import(path.join(path.resolve(modules), 'three/build/three.module.js'));
  const { GLTFLoader } = await import(path.join(path.resolve(modules), 'three/examples/jsm/loaders/GLTFLoader.js'));
  return { THREE, GLTFLoader };
}

// GLTFLoader in Node: `self`, ProgressEvent, and images that "load" at once
// (never decoded; nothing here draws). Files are handed over as data: URIs.
function installShims() {
  if (globalThis.self === undefined) globalThis.self = globalThis;
  if (globalThis.ProgressEvent === undefined) {
    globalThis.ProgressEvent = class ProgressEvent {
      constructor(type, init = {}) { this.type = type; Object.assign(this, init); }
    };
  }
  if (globalThis.document === undefined) {
    class FakeImage {
      constructor() { this.listeners = {}; this.width = 1; this.height = 1; }
      addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
      removeEventListener(type, fn) { this.listeners[type] = (this.listeners[type] || []).filter((g) => g !== fn); }
      set src(v) {
        this._src = v;
        setTimeout(() => { for (const fn of this.listeners.load || []) fn.call(this, { type: 'load' }); }, 0);
      }
      get src() { return this._src; }
    }
    globalThis.document = { createElementNS(ns, name) { return name === 'img' ? new FakeImage() : { style: {} }; } };
  }
}

export function loadGltf({ THREE, GLTFLoader }, file) {
  installShims();
  return new Promise((resolve, reject) => {
    const manager = new THREE.LoadingManager();
    manager.setURLModifier((url) => /^(data|blob):/.test(url) ? url
      : 'data:application/octet-stream;base64,' + fs.readFileSync(decodeURIComponent(url)).toString('base64'));
    const bytes = fs.readFileSync(file);
    const glb = bytes.toString('latin1', 0, 4) === 'glTF';
    const data = glb ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes.toString('utf8');
    new GLTFLoader(manager).parse(data, path.dirname(path.resolve(file)) + '/', resolve,
      (e) => reject(e instanceof Error ? e : new Error(String((e && e.message) || e))));
  });
}

// Counts comparisons and keeps the largest difference; |a - b| is measured
// relative to max(1, |a|, |b|).
export class Comparer {
  constructor(name, tolerance) {
    this.name = name; this.tolerance = tolerance;
    this.count = 0; this.worst = 0; this.where = ''; this.failures = 0;
  }
  near(got, want, where) {
    const d = Math.abs(got - want) / Math.max(1, Math.abs(got), Math.abs(want));
    this.count++;
    if (!(d <= this.worst)) { this.worst = d; this.where = where; }
    if (!(d <= this.tolerance)) {
      if (++this.failures <= 5) console.log(`  MISMATCH ${where}: example ${got}, expected ${want}`);
    }
  }
  // Quaternions up to sign (q and -q are one turn).
  nearQuat(got, want, where) {
    const dot = got.reduce((a, g, i) => a + g * want[i], 0);
    const s = dot < 0 ? -1 : 1;
    got.forEach((g, i) => this.near(g * s, want[i], `${where}[${i}]`));
  }
  equal(got, want, where) {
    this.count++;
    if (got !== want) {
      if (++this.failures <= 5) console.log(`  MISMATCH ${where}: example ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  }
  report() {
    const ok = this.failures === 0 && this.count > 0;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${this.name}: ${this.count} numbers compared, largest difference ` +
      `${this.worst.toExponential(2)}${this.where ? ' (' + this.where + ')' : ''}`);
    return ok;
  }
}

export function sampleExists(samples, rel) {
  return fs.existsSync(path.join(samples, rel));
}
