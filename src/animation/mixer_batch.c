/* Many mixers in one call: ranges for a job system, a small pool of threads
 * started per call, and a worker pool's threads, made once (animation_mixer.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "animation/mixer_internal.h"

/* With many mixers, the next ones' state has left the cache by the time
 * their updates start, and an update's first loads are a chain (the mixer,
 * its list of actions, each action), each waiting for the one before. So the
 * loop asks for them a few mixers ahead, one link of the chain per mixer:
 * three ahead the mixer and the scene, two ahead the actions' list and the
 * fused path's own (its actions and their layouts, its time groups, its last
 * written values), one ahead the actions (with their cursors) and the nodes
 * the update writes. A prefetch never faults, but the pointers it follows are
 * read: each stage reads only what the stage before asked for. */
void ta__mixer_prefetch(const ta_mixer *m, const ta_scene *s, unsigned stage)
{
    if (m == NULL || s == NULL) return;
    if (stage == 3) {
        ta__prefetch_lines(m, sizeof *m, false);
        ta__prefetch_lines(s, sizeof *s, false);
        return;
    }
    if (stage == 2) {
        ta__prefetch_lines(m->actions, sizeof(ta_action *) * m->live_count, false);
        const ta__mixer_fused *f = &m->fused;
        if (!f->valid) return;
        if (!m->write_always) { /* else not read */
            ta__prefetch_lines(f->vlast, sizeof(float) * 3 * f->vec_lanes, true);
            ta__prefetch_lines(f->rlast, sizeof(float) * 4 * f->rot_lanes, true);
        }
        ta__prefetch_lines(f->groups, sizeof(ta__lane_group) * f->group_count, false);
        ta__prefetch_lines(f->actions, sizeof *f->actions * f->action_count, false);
        ta__prefetch_lines(f->layouts, sizeof *f->layouts * f->action_count, false);
        return;
    }
    for (uint32_t i = 0; i < m->live_count; ++i) ta__prefetch_lines(m->actions[i], TA__ACTION_PREFETCH_BYTES, true);
    if (m->fused.valid) ta__prefetch_lines(s->nodes, sizeof(ta_node) * s->node_count, true);
}

/* Items [begin, end), the next ones' state asked for when many: the first refused item's index
 * in *first_index, its result returned. */
static ta_result update_items(ta_mixer_batch_item *items, uint32_t begin, uint32_t end, ta_duration delta, bool many,
                              uint32_t *first_index)
{
    ta_result first = TA_OK;
    for (uint32_t i = begin; i < end; ++i) {
        ta_mixer_batch_item *it = &items[i];
        for (unsigned ahead = 1; ahead <= 3 && many; ++ahead)
            if (i + ahead < end) ta__mixer_prefetch(items[i + ahead].mixer, items[i + ahead].targets.scene, ahead);
        it->error.code = TA_OK;
        it->error.message[0] = '\0';
        it->result = ta_mixer_update_targets(it->mixer, &it->targets, delta, &it->error);
        if (it->result != TA_OK && first == TA_OK) {
            first = it->result;
            *first_index = i;
        }
    }
    return first;
}

ta_result ta_mixer_update_range(ta_mixer_batch_item *items, uint32_t begin, uint32_t end, ta_duration delta,
                                ta_error *err)
{
    if (begin > end)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "begin: %u is after end %u", begin, end);
    if (items == NULL && end > begin)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "items: is NULL for the range %u to %u", begin, end);
    uint32_t first_index = 0;
    /* a few hundred characters' state stays in the caches from one frame to the next */
    const ta_result first = update_items(items, begin, end, delta, end - begin > TA__MIXER_RANGE_PREFETCH_FROM, &first_index);
    if (first != TA_OK)
        return ta__fail(err, first, "item %u: %s", first_index, items[first_index].error.message);
    return TA_OK;
}

typedef struct batch_share {
    ta_mixer_batch_item *items;
    uint32_t begin, end;
    ta_duration delta;
    pthread_t thread;
    bool started;
} batch_share;

static void *run_share(void *arg)
{
    batch_share *s = (batch_share *)arg;
    ta_mixer_update_range(s->items, s->begin, s->end, s->delta, NULL);
    return NULL;
}

enum { TA__BATCH_THREADS_MAX = 256 };

ta_result ta_mixer_update_batch(ta_mixer_batch_item *items, uint32_t count, ta_duration delta, uint32_t threads,
                                ta_error *err)
{
    if (items == NULL && count > 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "items: is NULL for %u items", count);
    if (threads == 0 || threads > TA__BATCH_THREADS_MAX)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "threads: %u is not between 1 and %d", threads,
                        TA__BATCH_THREADS_MAX);
    if (threads > count) threads = count > 0 ? count : 1;
    /* the shares live on this stack: no allocation per call */
    batch_share shares[TA__BATCH_THREADS_MAX];
    for (uint32_t t = 0; t < threads; ++t) {
        shares[t].items = items;
        shares[t].begin = (uint32_t)((uint64_t)count * t / threads);
        shares[t].end = (uint32_t)((uint64_t)count * (t + 1) / threads);
        shares[t].delta = delta;
        shares[t].started = false;
    }
    for (uint32_t t = 1; t < threads; ++t)
        shares[t].started = pthread_create(&shares[t].thread, NULL, run_share, &shares[t]) == 0;
    run_share(&shares[0]);
    for (uint32_t t = 1; t < threads; ++t) {
        if (shares[t].started)
            pthread_join(shares[t].thread, NULL);
        else
            run_share(&shares[t]); /* no thread: its share on this one */
    }
    for (uint32_t i = 0; i < count; ++i)
        if (items[i].result != TA_OK)
            return ta__fail(err, items[i].result, "item %u: %s", i, items[i].error.message);
    return TA_OK;
}

typedef struct pool_job {
    ta_mixer_batch_item *items;
    uint32_t count;
    ta_duration delta;
    atomic_ullong next; /* the first item no thread has taken */
} pool_job;

/* Guided ranges, as the frame's pool takes them (frame.c): each a quarter of a thread's part of
 * what is left, never under TA__BATCH_CHUNK_MIN, so that a thread another process holds back
 * leaves its part to the others, and a long range keeps its prefetch of the next mixers going. */
enum { TA__BATCH_CHUNK_MIN = 8 };

static void run_pool_share(void *user, uint32_t worker, uint32_t workers)
{
    (void)worker;
    pool_job *j = (pool_job *)user;
    for (;;) {
        const unsigned long long seen = atomic_load_explicit(&j->next, memory_order_relaxed);
        if (seen >= j->count) return;
        uint32_t chunk = (uint32_t)((j->count - seen) / (4ull * (workers > 0 ? workers : 1)));
        if (chunk < TA__BATCH_CHUNK_MIN) chunk = TA__BATCH_CHUNK_MIN;
        const unsigned long long begin = atomic_fetch_add_explicit(&j->next, chunk, memory_order_relaxed);
        if (begin >= j->count) return;
        const uint32_t first = (uint32_t)begin, end = j->count - first < chunk ? j->count : first + chunk;
        uint32_t refused;
        update_items(j->items, first, end, j->delta, j->count > TA__MIXER_RANGE_PREFETCH_FROM, &refused);
    }
}

ta_result ta_mixer_update_batch_pool(ta_mixer_batch_item *items, uint32_t count, ta_duration delta,
                                     ta_worker_pool *pool, ta_error *err)
{
    if (items == NULL && count > 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "items: is NULL for %u items", count);
    pool_job job;
    job.items = items;
    job.count = count;
    job.delta = delta;
    atomic_init(&job.next, 0);
    ta_result r = ta_worker_pool_run(pool, run_pool_share, &job, err);
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < count; ++i)
        if (items[i].result != TA_OK)
            return ta__fail(err, items[i].result, "item %u: %s", i, items[i].error.message);
    return TA_OK;
}
