// three.js with js/'s AnimationMixer in place of its own, for the replay reference
// (tests/conformance/replay/reference.mjs) run on the drop-in. The reference watches three.js's
// internals to drop scenarios; on the drop-in those watches see empty lists (no active
// bindings to range-check, no active list to reorder), and the direction of a "loop" event,
// which it reads from its own watch of three.js's clock, is taken from the event. Its actions
// are made by the drop-in's clipAction.
export * from 'three';
import { AnimationMixer as DropIn } from '../../../js/index.js';

export class AnimationMixer extends DropIn {
  constructor(root) {
    super(root);
    this._actions = [];
    this._nActiveActions = 0;
    this._bindings = [];
    this._nActiveBindings = 0;
  }

  // The reference files its actions into three.js's mixer itself (below); the drop-in's
  // clipAction has done both.
  _bindAction() {}
  _addInactiveAction() {}

  dispatchEvent(event) {
    if (event.type === 'loop' && event.action.__ta) event.action.__ta.moveSign = event.direction;
    super.dispatchEvent(event);
  }
}

// The reference makes its actions with `new AnimationAction(mixer, clip, root, blendMode)`: on the
// drop-in, that is clipAction (the reference gives each action its own clip or root).
export class AnimationAction {
  constructor(mixer, clip, localRoot, blendMode) {
    const action = mixer.clipAction(clip, localRoot || undefined, blendMode);
    action._interpolants = [];
    return action;
  }
}
