// threeanim for three.js: a drop-in AnimationMixer (change the import) and a crowd API, both
// running threeanim's mixer compiled to WebAssembly (threeanim.wasm, built by `make wasm`).
//
//   import { AnimationMixer } from 'threeanim';   // in place of three's
//   import { Crowd } from 'threeanim';            // N characters of one rig -> bone matrices
export { AnimationMixer, AnimationAction } from './src/mixer.js';
export { Crowd } from './src/crowd.js';
export { allocCount as wasmAllocCount, liveBytes as wasmLiveBytes, reserveMemory } from './src/wasm.js';
