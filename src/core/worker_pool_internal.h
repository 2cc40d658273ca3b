/*
 * src/core/worker_pool_internal.h -- a scratch per worker, kept by the pool (worker_pool.h), for
 * the calls that run their job on it and need more room than a thread's stack should give (the
 * frame's lane passes of rigs past 128 nodes). Not public.
 *
 * Grown on the calling thread between jobs (a pool runs one job at a time), read by the job's
 * workers, each its own; freed with the pool.
 */
#ifndef THREEANIM_SRC_CORE_WORKER_POOL_INTERNAL_H
#define THREEANIM_SRC_CORE_WORKER_POOL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/worker_pool.h"

/* Worker `index`'s scratch (64-byte aligned) and its bytes in *out_bytes; NULL and 0 when none
 * was grown yet. */
void *ta__worker_pool_scratch(const ta_worker_pool *pool, uint32_t index, size_t *out_bytes);
/* Every worker's scratch grown to at least bytes (a multiple of 64 kept); false, nothing changed,
 * out of memory. */
bool ta__worker_pool_grow_scratch(ta_worker_pool *pool, size_t bytes);

#endif
