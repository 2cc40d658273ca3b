// Replay files whose step (or field) threeanim refuses (the table of refusals,
// "What is refused"). The expected result is threeanim's, not three.js's
// (three.js goes on): `threeanim replay` prints the lines of the earlier steps,
// which must match three.js, then exits 1 with a message naming the step's
// index and op (or the field).
import { Rng, mixSeed } from './common.mjs';
import { buildScenario } from './scenario.mjs';

// Each kind gives the refused step (and any steps it needs before it); it goes
// partway through a clean random scenario, after its first update.
const STEP_KINDS = {
  fade_in_negative: (r) => ({ steps: [{ op: 'fade_in', action: r.a, duration: -r.d }] }),
  fade_out_negative: (r) => ({ steps: [{ op: 'fade_out', action: r.a, duration: -r.d }] }),
  warp_negative: (r) => ({ steps: [{ op: 'warp', action: r.a, start: 1, end: 0.5, duration: -r.d }] }),
  halt_negative: (r) => ({ steps: [{ op: 'halt', action: r.a, duration: -r.d }] }),
  cross_fade_negative: (r) => ({ steps: [{ op: 'cross_fade_from', action: r.a, other: r.b, duration: -r.d, warp: false }] }),
  weight_negative: (r) => ({ steps: [{ op: 'set', action: r.a, field: 'weight', value: -1 }] }),
  effective_weight_negative: (r) => ({ steps: [{ op: 'set_effective_weight', action: r.a, value: -0.5 }] }),
  cross_fade_self_from: (r) => ({ steps: [{ op: 'cross_fade_from', action: r.a, other: r.a, duration: 0.5, warp: false }] }),
  cross_fade_self_to: (r) => ({ steps: [{ op: 'cross_fade_to', action: r.a, other: r.a, duration: 0.5, warp: true }] }),
  repetitions_negative: (r) => ({ steps: [{ op: 'set_loop', action: r.a, loop: 'repeat', repetitions: -1 }] }),
  loop_unnamed: (r) => ({ steps: [{ op: 'set_loop', action: r.a, loop: 'bounce', repetitions: null }] }),
  set_duration_zero: (r) => ({ steps: [{ op: 'set_duration', action: r.a, duration: 0 }] }),
  warp_time_scale_zero: (r) => ({ before: [{ op: 'set', action: r.a, field: 'time_scale', value: 0 }], steps: [{ op: 'warp', action: r.a, start: 1, end: 2, duration: 0.5 }] }),
  halt_time_scale_zero: (r) => ({ before: [{ op: 'set_effective_time_scale', action: r.a, value: 0 }], steps: [{ op: 'halt', action: r.a, duration: 0.5 }] }),
  cross_fade_warp_time_scale_zero: (r) => ({ before: [{ op: 'set', action: r.b, field: 'time_scale', value: 0 }], steps: [{ op: 'cross_fade_to', action: r.a, other: r.b, duration: 0.5, warp: true }] }),
  action_index_out_of_range: (r) => ({ steps: [{ op: 'play', action: r.n }] }),
  uncached_action: (r) => ({ before: [{ op: 'uncache_action', action: r.a }], steps: [{ op: 'play', action: r.a }] }),
  uncached_other: (r) => ({ before: [{ op: 'uncache_action', action: r.b }], steps: [{ op: 'sync_with', action: r.a, other: r.b }] }),
  delta_not_a_number: (r) => ({ steps: [{ op: 'update', delta: 'fast' }] }),
  weight_not_a_number: (r) => ({ steps: [{ op: 'set', action: r.a, field: 'weight', value: null }] }),
  start_time_not_a_number: (r) => ({ steps: [{ op: 'start_at', action: r.a, time: '1s' }] }),
};

// Values a property cannot hold: a clip that drives one past its limit, played
// from the start; the update that first writes it is refused.
const VALUE_KINDS = {
  opacity_above_one: { want: (o) => o.material && !Array.isArray(o.material), path: (o) => `${o.uuid}.material.opacity`, type: 'number', values: [0.5, 1.6] },
  color_above_one: { want: (o) => o.material && !Array.isArray(o.material), path: (o) => `${o.uuid}.material.color`, type: 'color', values: [0.5, 0.5, 0.5, 1.7, 0.2, 0.2] },
  light_intensity_negative: { want: (o) => o.isLight, path: (o) => `${o.uuid}.intensity`, type: 'number', values: [1, -1.3] },
  camera_fov_too_wide: { want: (o) => o.isPerspectiveCamera, path: (o) => `${o.uuid}.fov`, type: 'number', values: [60, 250] },
};

// Fields refused before any step: no line is printed.
const FIELD_KINDS = {
  subclip_fps_zero: (spec) => { spec.actions[0].subclip = { start: 0, end: 30, fps: 0 }; delete spec.actions[0].additive_reference; return 'fps'; },
  additive_fps_negative: (spec) => { spec.actions[0].additive_reference = { frame: 0, fps: -30 }; return 'fps'; },
  subclip_keeps_nothing: (spec) => { spec.actions[0].subclip = { start: 100000, end: 100001, fps: 30 }; delete spec.actions[0].additive_reference; return 'subclip'; },
  blend_mode_unnamed: (spec) => { spec.actions[0].blend_mode = 'multiply'; return 'blend_mode'; },
  clip_unknown: (spec) => { spec.actions[0].clip = 'no such clip'; return 'clip'; },
  record_names_nothing: (spec) => { spec.record = ['00000000-0000-4000-8000-000000000000.position']; return 'record'; },
};

export const REFUSAL_KINDS = [...Object.keys(STEP_KINDS), ...Object.keys(VALUE_KINDS), ...Object.keys(FIELD_KINDS)];

// A refusal scenario of the given kind, from seed. Returns { sceneJson, replay,
// expect: { step, op } or { field } }.
export function buildRefusal(kind, seed, attempt) {
  const { sceneJson, replay } = buildScenario(mixSeed(seed, 0x7e5, attempt), { groupChance: 0.1, minSteps: 12, maxSteps: 30 });
  const rng = new Rng(mixSeed(seed, 0x7e6, attempt));
  const n = replay.actions.length;
  const steps = replay.steps;
  const firstUpdate = steps.findIndex((s) => s.op === 'update');
  const at = rng.int(Math.max(firstUpdate + 1, Math.floor(steps.length * 0.3)), Math.floor(steps.length * 0.8));
  if (FIELD_KINDS[kind]) {
    const field = FIELD_KINDS[kind](replay);
    return { sceneJson, replay, expect: { field } };
  }
  if (VALUE_KINDS[kind]) {
    const v = VALUE_KINDS[kind];
    // Nodes the mixer reaches: those below its root.
    const objs = [];
    const visit = (o) => { objs.push(o); for (const c of o.children || []) visit(c); };
    const rootRef = replay.mixer.root;
    let top = sceneJson.object.children || [];
    if (rootRef) {
      const all = [];
      const collect = (o) => { all.push(o); for (const c of o.children || []) collect(c); };
      top.forEach(collect);
      const r = all.find((o) => (rootRef.startsWith('name:') ? o.name === rootRef.slice(5) : o.uuid === rootRef));
      top = r ? [r] : [];
    }
    top.forEach(visit);
    // Count the meshes of each material: a shared one is reached through all of
    // them, and three.js would bind the new path beside the old ones.
    const users = new Map();
    for (const o of objs) if (typeof o.material === 'string') users.set(o.material, (users.get(o.material) || 0) + 1);
    // Nodes a track or a group already drives: a second path to one property is a
    // second binding in three.js.
    const driven = new Set();
    for (const c of sceneJson.animations || []) for (const t of c.tracks) driven.add(t.name.slice(0, t.name.indexOf('.')));
    for (const a of replay.actions) for (const m of a.group || []) driven.add(m.startsWith('name:') ? m.slice(5) : m);
    const fit = objs.filter((o) => v.want({ ...o, isLight: /Light$/.test(o.type), isPerspectiveCamera: o.type === 'PerspectiveCamera' })
      && !(typeof o.material === 'string' && users.get(o.material) > 1) && !driven.has(o.uuid) && !driven.has(o.name));
    if (fit.length === 0) return null;
    const target = rng.pick(fit);
    const hex = () => rng.int(0, 0xffff).toString(16).padStart(4, '0');
    const uuid = `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
    const clipJson = { name: 'overdrive', duration: 1, tracks: [{ name: v.path(target), type: v.type, times: [0, 1], values: v.values }], uuid, blendMode: 2500 };
    sceneJson.animations = [...(sceneJson.animations || []), clipJson];
    sceneJson.object.animations = [...(sceneJson.object.animations || []), clipJson.uuid];
    replay.actions.push({ clip: 'overdrive' });
    const idx = replay.actions.length - 1;
    // Play it partway through, alone on its property at full weight; an update
    // about half a second later writes a value past the limit.
    replay.steps = steps.slice(0, at).concat([{ op: 'play', action: idx }], Array.from({ length: 40 }, () => ({ op: 'update', delta: 1 / 30 })));
    return { sceneJson, replay, expect: { op: 'update', value: true } };
  }
  const r = { a: rng.int(0, n - 1), b: 0, n, d: rng.float(0.01, 2) };
  r.b = (r.a + rng.int(1, n - 1)) % n;
  const made = STEP_KINDS[kind](r);
  const before = made.before || [];
  const head = steps.slice(0, at);
  const tail = steps.slice(at, at + rng.int(0, 6));
  replay.steps = [...head, ...before, ...made.steps, ...tail];
  return { sceneJson, replay, expect: { step: head.length + before.length, op: made.steps[0].op } };
}
