/**
 * @file
 * threeanim/random.h -- a seeded random generator, the same on every platform.
 *
 * mulberry32, as the benchmark workload and the conformance scripts use it in
 * JavaScript, so a sequence drawn here can be drawn again in Node. The state is
 * the caller's: there is no hidden generator.
 *
 *     ta_seeded_random rng = ta_seeded_random_make(42);
 *     double u = ta_seeded_random_next(&rng);   // [0, 1)
 */
#ifndef THREEANIM_RANDOM_H
#define THREEANIM_RANDOM_H

#include <stdint.h>

#include "threeanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** mulberry32's state: copy it to replay a sequence. */
typedef struct ta_seeded_random { uint32_t state; /**< the whole state */ } ta_seeded_random;

/**
 * A generator in the state seed.
 *
 * @ownership A value; the caller keeps it (no hidden state anywhere).
 * @errors None.
 * @threejs None: three.js draws from Math.random, which cannot be seeded.
 */
static inline ta_seeded_random ta_seeded_random_make(uint32_t seed) { ta_seeded_random r = {seed}; return r; }

/**
 * A number in [0, 1) with 32 random bits (the next u32 / 2^32), and the generator moves on.
 *
 * @ownership Changes random only.
 * @errors None; random must not be NULL.
 * @threejs Math.random, where AnimationClipCreator uses it.
 */
TA_API double ta_seeded_random_next(ta_seeded_random *random);

/**
 * The next 32 bits of mulberry32, and the generator moves on.
 *
 * @ownership Changes random only.
 * @errors None; random must not be NULL.
 * @threejs None.
 */
TA_API uint32_t ta_seeded_random_next_u32(ta_seeded_random *random);

#ifdef __cplusplus
}
#endif

#endif
