/* The recycling allocator of the tests (ta_recycler.h). */
#include "ta_recycler.h"

#include <stdlib.h>
#include <string.h>

static void *recycle_alloc(void *user, size_t size)
{
    ta_recycler *r = (ta_recycler *)user;
    for (int i = r->n; i-- > 0;)
        if (r->size[i] == size) {
            void *p = r->ptr[i];
            memmove(&r->ptr[i], &r->ptr[i + 1], sizeof r->ptr[0] * (size_t)(r->n - i - 1));
            memmove(&r->size[i], &r->size[i + 1], sizeof r->size[0] * (size_t)(r->n - i - 1));
            r->n--;
            return p;
        }
    return malloc(size);
}

static void recycle_free(void *user, void *ptr, size_t size)
{
    ta_recycler *r = (ta_recycler *)user;
    if (r->n == TA_RECYCLER_BLOCKS) {
        free(ptr);
        return;
    }
    r->ptr[r->n] = ptr;
    r->size[r->n++] = size;
}

ta_allocator ta_recycler_allocator(ta_recycler *rec)
{
    ta_allocator a = {recycle_alloc, NULL, recycle_free, rec};
    return a;
}

void ta_recycler_release(ta_recycler *rec)
{
    for (int i = 0; i < rec->n; ++i) free(rec->ptr[i]);
    rec->n = 0;
}
