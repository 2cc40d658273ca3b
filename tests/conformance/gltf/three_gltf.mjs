// Loading a glTF file with three.js 0.186.0's GLTFLoader under Node, with the
// four shims it needs under Node:
//   - globalThis.self (GLTFLoader uses self.URL for the images of a .glb),
//   - a ProgressEvent class (FileLoader makes them; Node has none),
//   - a document whose createElementNS gives an image that fires "load" when
//     its src is set (images are never decoded),
//   - a LoadingManager URL modifier that reads a plain file path from disk and
//     hands it on as a base64 data: URI (Node's fetch takes no file paths).
// Used by dump_three.mjs and bench/gltf/bench_gltf_load.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

let shimmed = false;

function installShims() {
  if (shimmed) return;
  shimmed = true;
  globalThis.self = globalThis;
  if (typeof globalThis.ProgressEvent === 'undefined') {
    globalThis.ProgressEvent = class ProgressEvent {
      constructor(type, init = {}) {
        this.type = type;
        this.lengthComputable = !!init.lengthComputable;
        this.loaded = init.loaded || 0;
        this.total = init.total || 0;
      }
    };
  }
  class FakeImage {
    constructor() {
      this.listeners = {};
      this.width = 1;
      this.height = 1;
    }
    addEventListener(type, fn) {
      (this.listeners[type] ||= []).push(fn);
    }
    removeEventListener(type, fn) {
      const list = this.listeners[type] || [];
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    }
    set src(value) {
      this._src = value;
      setTimeout(() => {
        for (const fn of [...(this.listeners.load || [])]) fn.call(this, { type: 'load' });
      }, 0);
    }
    get src() {
      return this._src;
    }
  }
  globalThis.document = {
    createElementNS(ns, name) {
      if (name === 'img') return new FakeImage();
      return { style: {} };
    },
  };
}

// Returns { THREE, GLTFLoader } from a node_modules folder holding three; the
// loader decodes EXT/KHR_meshopt_compression with three.js's MeshoptDecoder.
export async function importThree(nodeModules) {
  installShims();
  const threeDir = path.join(nodeModules, 'three');
  const THREE = await import(pathToFileURL(path.join(threeDir, 'build', 'three.module.js')).href);
  const { GLTFLoader: Base } = await import(
    pathToFileURL(path.join(threeDir, 'examples', 'jsm', 'loaders', 'GLTFLoader.js')).href
  );
  const { MeshoptDecoder } = await import(
    pathToFileURL(path.join(threeDir, 'examples', 'jsm', 'libs', 'meshopt_decoder.module.js')).href
  );
  class GLTFLoader extends Base {
    constructor(manager) {
      super(manager);
      this.setMeshoptDecoder(MeshoptDecoder);
    }
  }
  return { THREE, GLTFLoader };
}

function fileModifier(url) {
  if (/^(data|blob|https?):/i.test(url)) return url;
  const file = decodeURI(url);
  const bytes = fs.readFileSync(file);
  return 'data:application/octet-stream;base64,' + bytes.toString('base64');
}

// Parses the bytes of a .gltf or .glb; resourceDir is the folder of its
// relative URIs. Resolves to GLTFLoader's result.
export function parseGltf(THREE, GLTFLoader, bytes, resourceDir) {
  const manager = new THREE.LoadingManager();
  manager.setURLModifier(fileModifier);
  const loader = new GLTFLoader(manager);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return new Promise((resolve, reject) => {
    loader.parse(data, resourceDir.endsWith('/') ? resourceDir : resourceDir + '/', resolve, reject);
  });
}

export async function loadGltf(THREE, GLTFLoader, file) {
  const bytes = fs.readFileSync(file);
  return parseGltf(THREE, GLTFLoader, bytes, path.dirname(path.resolve(file)));
}
