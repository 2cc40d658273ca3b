/*
 * bench/web/workload.mjs -- the workload of docs/benchmark-workload.md (variant blend, linear) in
 * three.js's objects, for bench.mjs and ab.mjs: the same keys as bench/threejs/bench.mjs and
 * bench_mixer. cfg: bones, keys, clips, branch, duration, weights, seed, rotAmp, scaleAmp.
 */
const { mulberry32 } = await import(new URL('../../tests/conformance/replay/common.mjs', import.meta.url));

const TAU = 2 * Math.PI, GOLDEN = 0.6180339887498949;


// The clips of docs/benchmark-workload.md ("Key values"), three tracks a bone.
export function makeClips(THREE, cfg) {
  const rng = mulberry32(cfg.seed), K = cfg.keys;
  const times = new Float32Array(K);
  for (let k = 0; k < K; k++) times[k] = cfg.duration * k / (K - 1);
  const clips = [], offsets = [];
  for (let c = 0; c < cfg.clips; c++) {
    const tracks = [];
    for (let b = 0; b < cfg.bones; b++) {
      const pp = [TAU * rng(), TAU * rng(), TAU * rng()], pa = [0.1 * rng(), 0.1 * rng(), 0.1 * rng()];
      const po = [0.2 * rng() - 0.1, 0.2 * rng() - 0.1, 0.2 * rng() - 0.1];
      let ax = 2 * rng() - 1, ay = 2 * rng() - 1, az = 2 * rng() - 1;
      const len = Math.hypot(ax, ay, az); ax /= len; ay /= len; az /= len;
      const rp = TAU * rng(), sp = TAU * rng();
      const pos = new Float32Array(3 * K), quat = new Float32Array(4 * K), scale = new Float32Array(3 * K);
      for (let k = 0; k < K; k++) {
        const u = k / (K - 1);
        for (let j = 0; j < 3; j++) pos[3 * k + j] = po[j] + pa[j] * Math.sin(TAU * u + pp[j]);
        const angle = cfg.rotAmp * Math.sin(TAU * u + rp), s = Math.sin(angle / 2);
        quat.set([ax * s, ay * s, az * s, Math.cos(angle / 2)], 4 * k);
        scale.fill(1 + cfg.scaleAmp * Math.sin(TAU * u + sp), 3 * k, 3 * k + 3);
      }
      if (c === 0) offsets.push(po);
      tracks.push(new THREE.VectorKeyframeTrack(`b${b}.position`, times, pos),
        new THREE.QuaternionKeyframeTrack(`b${b}.quaternion`, times, quat),
        new THREE.VectorKeyframeTrack(`b${b}.scale`, times, scale));
    }
    clips.push(new THREE.AnimationClip(c === 0 ? 'walk' : c === 1 ? 'run' : `clip${c}`, cfg.duration, tracks));
  }
  return { clips, offsets };
}

// One character: B bones (bone i > 0 under bone floor((i-1)/branch)) and a skinned mesh on them.
export function makeCharacter(THREE, cfg, offsets) {
  const bones = [];
  for (let i = 0; i < cfg.bones; i++) {
    const o = new THREE.Bone();
    o.name = `b${i}`;
    o.position.set(Math.fround(offsets[i][0]), Math.fround(offsets[i][1]), Math.fround(offsets[i][2]));
    if (i > 0) bones[Math.floor((i - 1) / cfg.branch)].add(o);
    bones.push(o);
  }
  bones[0].updateMatrixWorld(true);
  const mesh = new THREE.SkinnedMesh(new THREE.BufferGeometry());
  mesh.bind(new THREE.Skeleton(bones));
  return { root: bones[0], mesh };
}

export function play(THREE, cfg, clipAction, clips, ch) {
  const offset = (ch * GOLDEN - Math.floor(ch * GOLDEN)) * cfg.duration;
  cfg.weights.forEach((w, i) => {
    const a = clipAction(clips[i % clips.length]);
    a.setLoop(THREE.LoopRepeat, Infinity).setEffectiveWeight(w).play();
    a.time = offset;
  });
}
