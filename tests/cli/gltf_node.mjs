// three.js's GLTFLoader under Node, with the shims it needs there: `self`,
// a ProgressEvent class, a `document` whose images "load" as soon as their src
// is set (never decoded), and a URL modifier that reads a plain file path and
// hands it over as a data: URI (Node's fetch takes no file paths).
import fs from 'node:fs';
import path from 'node:path';

export async function loadThree(modules) {
  const THREE = await import(path.join(modules, 'three/build/three.module.js'));
  const { GLTFLoader } = await import(path.join(modules, 'three/examples/jsm/loaders/GLTFLoader.js'));
  return { THREE, GLTFLoader };
}

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
        setTimeout(() => {
          for (const fn of this.listeners.load || []) fn.call(this, { type: 'load' });
          if (this.onload) this.onload();
        }, 0);
      }
      get src() { return this._src; }
    }
    globalThis.document = { createElementNS(ns, name) { return name === 'img' ? new FakeImage() : { style: {} }; } };
  }
}

// Resolves to GLTFLoader's result ({ scene, animations, parser, ... }).
export function loadGltf(three, file) {
  installShims();
  const { THREE, GLTFLoader } = three;
  return new Promise((resolve, reject) => {
    const manager = new THREE.LoadingManager();
    manager.setURLModifier((url) => {
      if (/^(data|blob):/.test(url)) return url;
      return 'data:application/octet-stream;base64,' + fs.readFileSync(decodeURIComponent(url)).toString('base64');
    });
    const loader = new GLTFLoader(manager);
    const bytes = fs.readFileSync(file);
    const glb = bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'glTF';
    const data = glb ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes.toString('utf8');
    loader.parse(data, path.dirname(path.resolve(file)) + '/', resolve,
      (e) => reject(e instanceof Error ? e : new Error(String((e && e.message) || e))));
  });
}
