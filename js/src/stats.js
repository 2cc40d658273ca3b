// three.js's AnimationMixer.stats for the drop-in: how many actions, bindings and control
// interpolants three.js's mixer would hold and have in use, counted by its own rules at the same
// calls (AnimationMixer.js 0.186: _bindAction, _activateAction, _deactivateAction, the uncache
// calls, _lendControlInterpolant and AnimationAction's _scheduleFading, warp, stopFading,
// stopWarping and the take-backs of _updateWeight and _updateTimeScale). threeanim's mixer holds
// no such objects; these are three.js's numbers, for a program that reads them.
//
// A binding is three.js's PropertyMixer: one per root and track name, made when an action on a
// clip is made, in use while an active action uses it. A control interpolant is lent to an action
// for a fade (its weight) or a warp (its time scale), from the call until an update passes its
// end, or a call stops it; three.js's pool of them never shrinks, so `total` is the most lent at
// once. The end is the drop-in's own, kept in double as its mixer keeps it (three.js rounds it to
// float32: an update that lands on it ends the ramp there and not here, a listed difference).
export class MixerStats {
  constructor() {
    this.actions = 0;
    this.activeActions = 0;
    this.bindings = 0;
    this.activeBindings = 0;
    this.interpolants = 0;
    this.lent = 0;
    this.byRoot = new Map(); // root uuid -> Map(track name -> { refs, uses })
    this.active = new Set(); // the active actions, in no order
    const s = this;
    this.view = Object.freeze({
      actions: Object.freeze({ get total() { return s.actions; }, get inUse() { return s.activeActions; } }),
      bindings: Object.freeze({ get total() { return s.bindings; }, get inUse() { return s.activeBindings; } }),
      controlInterpolants: Object.freeze({ get total() { return s.interpolants; }, get inUse() { return s.lent; } }),
    });
  }

  // A new action on a clip: a binding per track name, made or shared (clipAction).
  bind(action, rootUuid, trackNames) {
    let byName = this.byRoot.get(rootUuid);
    if (byName === undefined) { byName = new Map(); this.byRoot.set(rootUuid, byName); }
    action._stat = { root: rootUuid, names: trackNames, bindings: [], active: false, weightEnd: null, scaleEnd: null };
    for (const name of trackNames) {
      let b = byName.get(name);
      if (b === undefined) { b = { refs: 0, uses: 0 }; byName.set(name, b); this.bindings++; }
      b.refs++;
      action._stat.bindings.push(b);
    }
    this.actions++;
  }

  activate(action) {
    const st = action._stat;
    if (st === undefined || st.active) return;
    st.active = true;
    this.active.add(action);
    this.activeActions++;
    for (const b of st.bindings) if (b.uses++ === 0) this.activeBindings++;
  }

  deactivate(action) {
    const st = action._stat;
    if (st === undefined || !st.active) return;
    st.active = false;
    this.active.delete(action);
    this.activeActions--;
    for (const b of st.bindings) if (--b.uses === 0) this.activeBindings--;
  }

  // An uncached action (after deactivate): its bindings that no other action holds go. What it
  // was lent stays lent, as in three.js (its uncache calls do not reset the action).
  remove(action) {
    const st = action._stat;
    if (st === undefined) return;
    this.actions--;
    st.bindings.forEach((b, i) => { if (--b.refs === 0) this._drop(st.root, st.names[i]); });
  }

  // uncacheRoot's last step: every binding left under the root goes.
  dropRoot(rootUuid) {
    const byName = this.byRoot.get(rootUuid);
    if (byName !== undefined) for (const name of [...byName.keys()]) this._drop(rootUuid, name);
  }

  _drop(rootUuid, name) {
    this.bindings--;
    const byName = this.byRoot.get(rootUuid);
    if (byName === undefined) return;
    byName.delete(name);
    if (byName.size === 0) this.byRoot.delete(rootUuid);
  }

  // A fade (which 'weightEnd') or a warp ('scaleEnd') scheduled at the mixer's time now.
  lend(action, which, now, duration) {
    const st = action._stat;
    if (st === undefined) return;
    if (st[which] === null && ++this.lent > this.interpolants) this.interpolants = this.lent;
    st[which] = now + duration;
  }

  takeBack(action, which) {
    const st = action._stat;
    if (st === undefined || st[which] === null) return;
    st[which] = null;
    this.lent--;
  }

  // Before an update: what each active action that holds an interpolant will read, as three.js's
  // _update reads it (enabled, then paused) before it moves the action.
  before() {
    if (this.lent === 0) return null;
    const seen = [];
    for (const a of this.active) {
      const st = a._stat;
      if (st.weightEnd !== null || st.scaleEnd !== null) seen.push({ action: a, enabled: a.enabled, paused: a.paused });
    }
    return seen;
  }

  // After the update to mixer time `time`: the take-backs of _updateTimeScale and _updateWeight.
  // finished: the actions that finished in it, which three.js disables (clampWhenFinished off)
  // before it reads the weight.
  after(seen, time, finished) {
    for (const { action, enabled, paused } of seen) {
      if (!enabled) continue;
      const st = action._stat;
      if (!paused && st.scaleEnd !== null && time > st.scaleEnd) this.takeBack(action, 'scaleEnd');
      const disabled = finished.has(action) && !action.clampWhenFinished;
      if (!disabled && st.weightEnd !== null && time > st.weightEnd) this.takeBack(action, 'weightEnd');
    }
  }
}
