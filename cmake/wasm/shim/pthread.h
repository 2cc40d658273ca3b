/* pthread.h for threeanim.wasm, which has no threads (wasi-libc without them has no pthread.h):
 * pthread_create always fails, so that ta_mixer_update_batch runs every share on the calling
 * thread, as it does when a thread cannot be made, and a worker pool (worker_pool.c) of more than
 * one worker is refused; a pool of one runs its job on the caller and never locks or waits, so the
 * mutex and condition calls below are no-ops that only let worker_pool.c compile. */
#ifndef TA_WASM_PTHREAD_SHIM_H
#define TA_WASM_PTHREAD_SHIM_H
#include <errno.h>
typedef int pthread_t;
static inline int pthread_create(pthread_t *t, const void *attr, void *(*fn)(void *), void *arg)
{
    (void)t; (void)attr; (void)fn; (void)arg;
    return EAGAIN;
}
static inline int pthread_join(pthread_t t, void **ret)
{
    (void)t; (void)ret;
    return 0;
}
typedef int pthread_mutex_t;
typedef int pthread_cond_t;
static inline int pthread_mutex_init(pthread_mutex_t *m, const void *attr) { (void)attr; *m = 0; return 0; }
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_mutex_unlock(pthread_mutex_t *m) { (void)m; return 0; }
static inline int pthread_cond_init(pthread_cond_t *c, const void *attr) { (void)attr; *c = 0; return 0; }
static inline int pthread_cond_destroy(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_signal(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_broadcast(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) { (void)c; (void)m; return 0; }
#endif
