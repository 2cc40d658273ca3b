// Types of threeanim's JavaScript package (js/index.js): the drop-in AnimationMixer and the
// crowd API over threeanim.wasm. The classes follow three.js 0.186's AnimationMixer and
// AnimationAction (objects, materials and their maps, lights, cameras, names, and
// AnimationObjectGroup roots); docs/web.md says what differs and what is refused.
import {
  AnimationClip, AnimationActionLoopStyles, AnimationBlendMode, EventDispatcher, Object3D,
  SkinnedMesh, DataTexture, AnimationMixerEventMap, AnimationObjectGroup,
} from 'three';

export interface AnimationMixerOptions {
  /** true (the default): write quaternions as three.js does, through their change callback, which
   * recomputes `rotation`, and flag each object written `matrixWorldNeedsUpdate`. false: leave
   * `rotation` stale until updateRotations() and the flag to `updateMatrix` (the world matrices
   * that updateMatrixWorld makes are the same). */
  updateRotation?: boolean;
  /** false (the default): a bound value is written when its mix differs from the last, as
   * three.js's PropertyMixer.apply. true: while the playing actions drive every bound position,
   * quaternion and scale, each is written at every update with no comparison, so that a value the
   * program sets on one between two updates that mix the same value is written over (as
   * threeanim's ta_mixer_set_write_always; docs/three-js-to-threeanim.md). */
  writeAlways?: boolean;
}

/** three.js's AnimationMixer, running threeanim's mixer in wasm. Dropped as three.js's is: its
 * wasm objects are freed when the garbage collector collects it (an action holds its mixer). */
export class AnimationMixer extends EventDispatcher<AnimationMixerEventMap> {
  constructor(root: Object3D, options?: AnimationMixerOptions);
  /** The clock, as update and setTime leave it. Assigning another value throws (three.js lets a
   * program move its clock so; threeanim's moves by update and setTime alone). */
  time: number;
  timeScale: number;
  /** three.js's counts, by its rules: the actions it knows and those active, its bindings (one a
   * root and track name) and those in use, and its control interpolants (one a fade or warp
   * running; total, the most at once). threeanim's mixer holds no such objects. */
  readonly stats: {
    readonly actions: { readonly total: number; readonly inUse: number };
    readonly bindings: { readonly total: number; readonly inUse: number };
    readonly controlInterpolants: { readonly total: number; readonly inUse: number };
  };
  /** Throws an Error naming the track when one of the clip's tracks cannot be driven. A group
   * root plays on the objects the group holds now. */
  clipAction(clip: AnimationClip | string, root?: Object3D | AnimationObjectGroup, blendMode?: AnimationBlendMode): AnimationAction;
  existingAction(clip: AnimationClip | string, root?: Object3D | AnimationObjectGroup): AnimationAction | null;
  stopAllAction(): this;
  update(deltaTime: number): this;
  setTime(timeInSeconds: number): this;
  getRoot(): Object3D;
  uncacheClip(clip: AnimationClip): void;
  uncacheRoot(root: Object3D | AnimationObjectGroup): void;
  uncacheAction(clip: AnimationClip | string, root?: Object3D | AnimationObjectGroup): void;
  /** Brings `rotation` up to date with `quaternion` on every bound object. */
  updateRotations(): void;
}

export class AnimationAction {
  blendMode: AnimationBlendMode;
  loop: AnimationActionLoopStyles;
  time: number;
  timeScale: number;
  weight: number;
  repetitions: number;
  paused: boolean;
  enabled: boolean;
  clampWhenFinished: boolean;
  zeroSlopeAtStart: boolean;
  zeroSlopeAtEnd: boolean;
  play(): this;
  stop(): this;
  reset(): this;
  isRunning(): boolean;
  isScheduled(): boolean;
  startAt(time: number): this;
  setLoop(mode: AnimationActionLoopStyles, repetitions: number): this;
  setEffectiveWeight(weight: number): this;
  getEffectiveWeight(): number;
  fadeIn(duration: number): this;
  fadeOut(duration: number): this;
  /** As three.js's, fadeOutAction of this mixer or another (each fades and warps on its own mixer's clock). */
  crossFadeFrom(fadeOutAction: AnimationAction, duration: number, warp?: boolean): this;
  crossFadeTo(fadeInAction: AnimationAction, duration: number, warp?: boolean): this;
  stopFading(): this;
  setEffectiveTimeScale(timeScale: number): this;
  getEffectiveTimeScale(): number;
  setDuration(duration: number): this;
  syncWith(action: AnimationAction): this;
  halt(duration: number): this;
  warp(startTimeScale: number, endTimeScale: number, duration: number): this;
  stopWarping(): this;
  getMixer(): AnimationMixer;
  getClip(): AnimationClip;
  getRoot(): Object3D | AnimationObjectGroup;
}

export interface CrowdOptions {
  /**
   * The world and skinning passes in float32, four instances at a time on WebAssembly SIMD, where
   * the rig's inverse binds allow it: bone matrices within 1e-6 of each matrix's largest element
   * of the default double passes', not theirs bit for bit. Default false.
   */
  floatLanes?: boolean;
}

export class Crowd {
  /** count instances of the rig below root, skinned by skinnedMesh's skeleton. */
  constructor(root: Object3D, skinnedMesh: SkinnedMesh, count: number, options?: CrowdOptions);
  readonly count: number;
  readonly boneCount: number;
  /** Whether the crowd asked for the float passes (options.floatLanes). */
  readonly floatLanes: boolean;
  /** count * boneCount * 16 floats: instance after instance, the skeleton's bones in order. */
  readonly boneMatrices: Float32Array;
  clipAction(instance: number, clip: AnimationClip, blendMode?: AnimationBlendMode): AnimationAction;
  setPosition(instance: number, x: number, y: number, z: number): this;
  update(deltaTime: number): Float32Array;
  createBoneTexture(): DataTexture;
  /** Frees the instances' wasm objects now (a crowd dropped without it is freed when collected);
   * afterwards the crowd and its actions throw an Error at every call, and a bone texture made
   * before views memory given back. */
  dispose(): void;
}

/** Allocations made in the wasm heap so far (to check that frames make none). */
export function wasmAllocCount(): number;
/** Bytes held in the wasm heap by threeanim's objects. */
export function wasmLiveBytes(): number;
/** Makes room for `bytes` more in the wasm heap now, in one growth of its memory (each growth may
 * cost a full collection of the page's JavaScript heap): for a program that knows its size, before
 * its mixers or crowd are made. Throws an Error naming the count when it is not an integer from 0
 * to 2^32 - 1, or when the memory cannot grow so far. */
export function reserveMemory(bytes: number): void;
