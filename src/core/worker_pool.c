/* Threads made once and reused (worker_pool.h). A job is handed over by a
 * generation number, and its worker indices are claimed one by one from a
 * ticket (the generation and the next index in one word): the caller claims
 * too, and runs whatever index no thread has claimed by the time it is free.
 * So a worker that is slow to wake (asleep, or off its core on a loaded
 * machine) costs its share of the parallelism, never a wait for it: the
 * caller waits only for jobs a thread has begun. Workers spin a little on the
 * generation (about 5 us: back-to-back jobs find them awake), then sleep on a
 * condition variable, so that an idle pool takes no core from others. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "core/internal.h"
#include "core/worker_pool_internal.h"
#include "threeanim/worker_pool.h"

typedef struct worker {
    struct ta_worker_pool *pool;
    pthread_t thread;
} worker;

struct ta_worker_pool {
    ta__mem mem;
    uint32_t workers;
    worker *threads; /* workers - 1 */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    atomic_uint generation;  /* rises with every job; the stop is one too */
    atomic_ullong ticket;    /* generation << 32 | the next worker index to claim */
    atomic_uint finished;    /* worker indices whose job has returned, this generation */
    atomic_bool stop;
    void (*job)(void *user, uint32_t worker, uint32_t workers);
    void *user;
    /* worker_pool_internal.h: `scratch_each` bytes a worker from the first line of `scratch` */
    unsigned char *scratch;
    size_t scratch_alloc, scratch_each;
};

/* Pauses of a spin before sleeping: about 5 us (a pause is some 40 to 140 cycles). */
enum { SPINS = 200 };
#define NO_CLAIM UINT32_MAX

static void relax(void)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#endif
}

/* The next unclaimed worker index of generation g, taken; NO_CLAIM when all
 * are taken or the pool has moved on to another generation. */
static uint32_t claim(struct ta_worker_pool *p, unsigned g)
{
    unsigned long long t = atomic_load_explicit(&p->ticket, memory_order_acquire);
    for (;;) {
        if ((unsigned)(t >> 32) != g || (uint32_t)t >= p->workers) return NO_CLAIM;
        if (atomic_compare_exchange_weak_explicit(&p->ticket, &t, t + 1, memory_order_acq_rel, memory_order_acquire))
            return (uint32_t)t;
    }
}

/* Runs every index of generation g this thread can claim. */
static void run_claims(struct ta_worker_pool *p, unsigned g)
{
    for (uint32_t w; (w = claim(p, g)) != NO_CLAIM;) {
        p->job(p->user, w, p->workers);
        if (atomic_fetch_add_explicit(&p->finished, 1, memory_order_acq_rel) + 1 == p->workers) {
            pthread_mutex_lock(&p->lock);
            pthread_cond_signal(&p->done);
            pthread_mutex_unlock(&p->lock);
        }
    }
}

static void *worker_main(void *arg)
{
    worker *w = (worker *)arg;
    struct ta_worker_pool *p = w->pool;
    unsigned seen = 0;
    for (;;) {
        unsigned g = atomic_load_explicit(&p->generation, memory_order_acquire);
        for (int i = 0; g == seen && i < SPINS; ++i) {
            relax();
            g = atomic_load_explicit(&p->generation, memory_order_acquire);
        }
        if (g == seen) {
            pthread_mutex_lock(&p->lock);
            while ((g = atomic_load_explicit(&p->generation, memory_order_acquire)) == seen)
                pthread_cond_wait(&p->wake, &p->lock);
            pthread_mutex_unlock(&p->lock);
        }
        seen = g;
        if (atomic_load_explicit(&p->stop, memory_order_acquire)) return NULL;
        run_claims(p, g);
    }
}

/* Wakes the threads for what is set in the pool (a job, with claimable
 * indices may be claimed (claimable), or the stop (none may); its generation. */
static unsigned start_generation(struct ta_worker_pool *p, uint32_t claimable)
{
    pthread_mutex_lock(&p->lock);
    unsigned g = atomic_load_explicit(&p->generation, memory_order_relaxed) + 1;
    atomic_store_explicit(&p->ticket, (unsigned long long)g << 32 | (claimable ? 0 : p->workers),
                          memory_order_release);
    atomic_store_explicit(&p->generation, g, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    return g;
}

static void stop_threads(struct ta_worker_pool *p, uint32_t started)
{
    atomic_store_explicit(&p->stop, true, memory_order_release);
    start_generation(p, 0);
    for (uint32_t t = 0; t < started; ++t) pthread_join(p->threads[t].thread, NULL);
}

ta_result ta_worker_pool_create(uint32_t workers, const ta_allocator *allocator, ta_worker_pool **out_pool,
                                ta_error *err)
{
    if (out_pool == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_pool: is NULL");
    if (workers == 0 || workers > TA_WORKER_POOL_MAX)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "workers: %u is not between 1 and %d", workers,
                        TA_WORKER_POOL_MAX);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    struct ta_worker_pool *p = (struct ta_worker_pool *)ta__calloc(&mem, 1, sizeof *p);
    worker *threads = workers > 1 ? (worker *)ta__calloc(&mem, workers - 1, sizeof *threads) : NULL;
    if (p == NULL || (workers > 1 && threads == NULL)) {
        ta__free(&mem, p, sizeof *p);
        ta__free(&mem, threads, (workers - 1) * sizeof *threads);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a pool of %u workers", workers);
    }
    p->mem = mem;
    p->workers = workers;
    p->threads = threads;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    atomic_init(&p->generation, 0u);
    atomic_init(&p->ticket, (unsigned long long)workers); /* generation 0: nothing to claim */
    atomic_init(&p->finished, 0u);
    atomic_init(&p->stop, false);
    for (uint32_t t = 0; t + 1 < workers; ++t) {
        threads[t].pool = p;
        int e = pthread_create(&threads[t].thread, NULL, worker_main, &threads[t]);
        if (e != 0) {
            stop_threads(p, t);
            pthread_cond_destroy(&p->done);
            pthread_cond_destroy(&p->wake);
            pthread_mutex_destroy(&p->lock);
            ta__free(&mem, threads, (workers - 1) * sizeof *threads);
            ta__free(&mem, p, sizeof *p);
            return ta__fail(err, TA_ERROR_BAD_STATE, "workers: thread %u of %u could not be started: %s", t + 1,
                            workers, strerror(e));
        }
    }
    *out_pool = p;
    return TA_OK;
}

void ta_worker_pool_destroy(ta_worker_pool *pool)
{
    if (pool == NULL) return;
    stop_threads(pool, pool->workers - 1);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    ta__mem mem = pool->mem;
    if (pool->scratch) ta__free(&mem, pool->scratch, pool->scratch_alloc);
    if (pool->threads) ta__free(&mem, pool->threads, (pool->workers - 1) * sizeof *pool->threads);
    ta__free(&mem, pool, sizeof *pool);
}

void *ta__worker_pool_scratch(const ta_worker_pool *pool, uint32_t index, size_t *out_bytes)
{
    *out_bytes = pool->scratch != NULL && index < pool->workers ? pool->scratch_each : 0;
    return *out_bytes ? (unsigned char *)ta__line_up(pool->scratch) + (size_t)index * pool->scratch_each : NULL;
}

bool ta__worker_pool_grow_scratch(ta_worker_pool *pool, size_t bytes)
{
    if (bytes <= pool->scratch_each) return true;
    size_t each = (bytes + 63) & ~(size_t)63, all;
    if (each < bytes || !ta__mul_size(each, pool->workers, &all) || all > SIZE_MAX - 64) return false;
    unsigned char *block = (unsigned char *)ta__alloc(&pool->mem, all + 64);
    if (block == NULL) return false;
    if (pool->scratch) ta__free(&pool->mem, pool->scratch, pool->scratch_alloc);
    pool->scratch = block;
    pool->scratch_alloc = all + 64;
    pool->scratch_each = each;
    return true;
}

uint32_t ta_worker_pool_workers(const ta_worker_pool *pool)
{
    return pool ? pool->workers : 0;
}

ta_result ta_worker_pool_run(ta_worker_pool *pool, void (*job)(void *user, uint32_t worker, uint32_t workers),
                             void *user, ta_error *err)
{
    if (job == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "job: is NULL");
    if (pool == NULL || pool->workers == 1) {
        job(user, 0, 1);
        return TA_OK;
    }
    pool->job = job;
    pool->user = user;
    atomic_store_explicit(&pool->finished, 0u, memory_order_relaxed);
    unsigned g = start_generation(pool, 1);
    run_claims(pool, g);
    for (int i = 0; atomic_load_explicit(&pool->finished, memory_order_acquire) != pool->workers && i < SPINS; ++i)
        relax();
    if (atomic_load_explicit(&pool->finished, memory_order_acquire) != pool->workers) {
        pthread_mutex_lock(&pool->lock);
        while (atomic_load_explicit(&pool->finished, memory_order_acquire) != pool->workers)
            pthread_cond_wait(&pool->done, &pool->lock);
        pthread_mutex_unlock(&pool->lock);
    }
    return TA_OK;
}
