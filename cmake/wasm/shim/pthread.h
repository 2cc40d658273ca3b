/* pthread.h for threeanim.wasm, which has no threads (wasi-libc without them has no pthread.h):
 * pthread_create always fails, so that ta_mixer_update_batch runs every share on the calling
 * thread, as it does when a thread cannot be made. */
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
#endif
