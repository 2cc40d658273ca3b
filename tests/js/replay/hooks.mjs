// Module hooks for replay-port.mjs: the replay reference imported as "reference.mjs?port" sees
// three-shim.mjs for 'three', in which AnimationMixer is js/'s. Every other importer, and the
// reference imported without the query, gets three.js itself.
const shim = new URL('./three-shim.mjs', import.meta.url).href;
export async function resolve(specifier, context, next) {
  if (specifier === 'three' && context.parentURL && context.parentURL.includes('reference.mjs?port')) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
