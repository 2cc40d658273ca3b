// GLTFLoader under Node, with the four shims it needs there: `self`, a
// ProgressEvent class, a `document` whose images "load" as soon as their src is
// set (images are never decoded), and a URL modifier that turns a plain file
// path into a base64 data: URI (Node's fetch takes no file paths).
import fs from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

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
    globalThis.document = {
      createElementNS(ns, name) { return name === 'img' ? new FakeImage() : { style: {} }; },
    };
  }
}

// Reads FILE (.gltf or .glb) and resolves to three.js's gltf result
// ({ scene, animations, parser, ... }).
export function loadGltf(file) {
  installShims();
  return new Promise((resolve, reject) => {
    const manager = new THREE.LoadingManager();
    manager.setURLModifier((url) => {
      if (/^(data|blob):/.test(url)) return url;
      const p = decodeURIComponent(url);
      return 'data:application/octet-stream;base64,' + fs.readFileSync(p).toString('base64');
    });
    // EXT/KHR_meshopt_compression, as a three.js page decodes them.
    const loader = new GLTFLoader(manager).setMeshoptDecoder(MeshoptDecoder);
    const bytes = fs.readFileSync(file);
    const isGlb = bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'glTF';
    const data = isGlb ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes.toString('utf8');
    loader.parse(data, path.dirname(path.resolve(file)) + '/', resolve, (e) => reject(e instanceof Error ? e : new Error(String(e && e.message || e))));
  });
}
