// The garbage collector, for the tests of what a collected mixer, crowd or clip gives back in the
// wasm heap (js/'s FinalizationRegistry callbacks): collect(done) runs it, then lets the turns in
// which those callbacks run go by, until done() holds or after 50 tries.
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

export async function collect(done = () => false) {
  for (let i = 0; i < 50; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 0));
    if (done()) return;
    // a WeakRef's deref() in done() keeps its target until the job ends: collect in the next one
    await new Promise((r) => setTimeout(r, 0));
  }
}
