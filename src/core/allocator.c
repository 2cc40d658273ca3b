/* The per-object allocator: the caller's, or the C library's. */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

static void *libc_alloc(void *user, size_t size)
{
    (void)user;
    return malloc(size != 0 ? size : 1);
}

static void *libc_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)old_size;
    return realloc(ptr, new_size != 0 ? new_size : 1);
}

static void libc_free(void *user, void *ptr, size_t size)
{
    (void)user;
    (void)size;
    free(ptr);
}

ta_result ta_allocator_check(const ta_allocator *allocator, ta_error *err)
{
    if (allocator == NULL) return TA_OK;
    if ((allocator->alloc == NULL) != (allocator->free == NULL))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "allocator: alloc and free come together, but only %s is set",
                        allocator->alloc != NULL ? "alloc" : "free");
    if (allocator->alloc == NULL && allocator->realloc != NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "allocator: realloc is set without alloc and free");
    return TA_OK;
}

ta_result ta__mem_init(ta__mem *mem, const ta_allocator *allocator, ta_error *err)
{
    ta_result r = ta_allocator_check(allocator, err);
    if (r != TA_OK) return r;
    if (allocator == NULL || allocator->alloc == NULL) {
        mem->a.alloc = libc_alloc;
        mem->a.realloc = libc_realloc;
        mem->a.free = libc_free;
        mem->a.user = NULL;
    } else {
        mem->a = *allocator;
    }
    return TA_OK;
}

void *ta__alloc(const ta__mem *mem, size_t size)
{
    return mem->a.alloc(mem->a.user, size);
}

void *ta__calloc(const ta__mem *mem, size_t count, size_t size)
{
    size_t total;
    if (!ta__mul_size(count, size, &total)) return NULL;
    void *p = mem->a.alloc(mem->a.user, total);
    if (p != NULL) memset(p, 0, total);
    return p;
}

void *ta__realloc(const ta__mem *mem, void *ptr, size_t old_size, size_t new_size)
{
    if (ptr == NULL) return mem->a.alloc(mem->a.user, new_size);
    if (mem->a.realloc != NULL) return mem->a.realloc(mem->a.user, ptr, old_size, new_size);
    void *p = mem->a.alloc(mem->a.user, new_size);
    if (p == NULL) return NULL;
    memcpy(p, ptr, old_size < new_size ? old_size : new_size);
    mem->a.free(mem->a.user, ptr, old_size);
    return p;
}

void ta__free(const ta__mem *mem, void *ptr, size_t size)
{
    if (ptr != NULL) mem->a.free(mem->a.user, ptr, size);
}

char *ta__strdup(const ta__mem *mem, const char *s)
{
    if (s == NULL) s = "";
    size_t n = strlen(s) + 1;
    char *p = (char *)ta__alloc(mem, n);
    if (p != NULL) memcpy(p, s, n);
    return p;
}

void ta__free_str(const ta__mem *mem, char *s)
{
    if (s != NULL) ta__free(mem, s, strlen(s) + 1);
}

static ta_result reserve_from(const ta__mem *mem, void **items, uint32_t *capacity, uint32_t need, size_t item_size,
                              uint32_t least, ta_error *err)
{
    if (need <= *capacity) return TA_OK;
    uint64_t grown = (uint64_t)*capacity * 2u;
    if (grown < least) grown = least;
    if (grown < need) grown = need;
    if (grown > UINT32_MAX) grown = UINT32_MAX;
    size_t old_bytes = (size_t)*capacity * item_size, new_bytes;
    if (!ta__mul_size((size_t)grown, item_size, &new_bytes))
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "cannot hold %u items of %zu bytes",
                        need, item_size);
    void *p = ta__realloc(mem, *items, old_bytes, new_bytes);
    if (p == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory growing to %u items", need);
    *items = p;
    *capacity = (uint32_t)grown;
    return TA_OK;
}

ta_result ta__reserve(const ta__mem *mem, void **items, uint32_t *capacity, uint32_t need, size_t item_size,
                      ta_error *err)
{
    return reserve_from(mem, items, capacity, need, item_size, 8, err);
}

ta_result ta__reserve_tight(const ta__mem *mem, void **items, uint32_t *capacity, uint32_t need, size_t item_size,
                            ta_error *err)
{
    return reserve_from(mem, items, capacity, need, item_size, 1, err);
}
