/**
 * @file
 * threeanim/worker_pool.h -- threads made once and reused, for the calls that
 * split work over many characters (ta_mixer_update_batch, ta_frame_update).
 *
 * A pool of N workers runs a job on the caller's thread and N - 1 threads it
 * started when it was made; they spin some microseconds after a job, then sleep. Nothing here is global:
 * each pool is its own, made with the caller's allocator. A program with its
 * own job system needs no pool: the range calls (ta_mixer_update_range,
 * ta_frame_update_range) are the units to hand it.
 *
 *     ta_worker_pool *pool;
 *     ta_worker_pool_create(2, NULL, &pool, &err);
 *     for (;;) ta_frame_update(chars, count, dt, &opts, pool, &err);
 *     ta_worker_pool_destroy(pool);
 *
 * Ownership: the caller owns the pool. One job at a time: a pool is used by
 * one thread at a time (the calls that take one run their job to the end
 * before they return).
 */
#ifndef THREEANIM_WORKER_POOL_H
#define THREEANIM_WORKER_POOL_H

#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/export.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Threads made once and reused (opaque). */
typedef struct ta_worker_pool ta_worker_pool;

/** The most workers a pool has. */
#define TA_WORKER_POOL_MAX 256

/**
 * A pool of `workers` workers: the caller's thread and workers - 1 threads started now.
 *
 * @ownership The caller owns *out_pool (ta_worker_pool_destroy).
 * @errors TA_ERROR_INVALID_ARGUMENT (out_pool NULL, workers 0 or above TA_WORKER_POOL_MAX, an
 * allocator with only one of alloc and free), TA_ERROR_OUT_OF_MEMORY, TA_ERROR_BAD_STATE (a thread
 * could not be started: the message gives the errno text; nothing is left running).
 * @threejs None: JavaScript has no threads here.
 */
TA_API ta_result ta_worker_pool_create(uint32_t workers, const ta_allocator *allocator, ta_worker_pool **out_pool,
                                       ta_error *err);

/**
 * Stops and joins the pool's threads and frees it. NULL does nothing.
 *
 * @ownership Frees what ta_worker_pool_create made.
 * @errors None.
 * @threejs None.
 */
TA_API void ta_worker_pool_destroy(ta_worker_pool *pool);

/**
 * How many workers the pool has, the caller's thread among them (0 for NULL).
 *
 * @ownership None.
 * @errors None.
 * @threejs None.
 */
TA_API uint32_t ta_worker_pool_workers(const ta_worker_pool *pool);

/**
 * Runs job(user, w, workers) once for each worker w in [0, workers), and returns when all have
 * returned. Each w runs on whichever thread claims it first, the calling thread among them: the
 * caller runs every w no pool thread has begun by the time it is free, so a thread slow to wake
 * (asleep, or off its core on a busy machine) is never waited for, unless it began a job. With pool
 * NULL, runs job(user, 0, 1) on the calling thread.
 *
 * @ownership Keeps no pointer once it returns.
 * @errors TA_ERROR_INVALID_ARGUMENT (job NULL).
 * @threejs None.
 */
TA_API ta_result ta_worker_pool_run(ta_worker_pool *pool, void (*job)(void *user, uint32_t worker, uint32_t workers),
                                    void *user, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
