/*
 * src/core/internal.h -- helpers shared by the library's sources, not public.
 *
 * ta__fail fills an optional ta_error and returns its code, so a refusal is one
 * line:  return ta__fail(err, TA_ERROR_NO_KEYS, "times: a track needs at least one key");
 *
 * ta__prefix adds where to a message a deeper call already wrote:
 *     if (r != TA_OK) return ta__prefix(err, r, "animations[%u]", i);
 * These are the only functions that write a ta_error; every module uses them.
 *
 * ta__mem is the allocator an object keeps; every object copies the caller's
 * allocator (or the C library's) into one when it is made.
 */
#ifndef THREEANIM_SRC_CORE_INTERNAL_H
#define THREEANIM_SRC_CORE_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/result.h"

#define TA_PI 3.14159265358979323846

#if defined(__GNUC__) || defined(__clang__)
#define TA_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define TA_LIKELY(x) __builtin_expect(!!(x), 1)
#define TA_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TA_PRINTF(a, b)
#define TA_LIKELY(x) (x)
#define TA_UNLIKELY(x) (x)
#endif

ta_result ta__fail(ta_error *err, ta_result code, const char *fmt, ...) TA_PRINTF(3, 4);
ta_result ta__vfail(ta_error *err, ta_result code, const char *fmt, va_list ap) TA_PRINTF(3, 0);
/* Puts "<context>: " before the message err already holds (from a call that
 * refused), so that a message says where as well as what: a loader adds the
 * JSON path of the object whose scene call refused. Sets the code to code and
 * returns it; does nothing but return code when err is NULL. */
ta_result ta__prefix(ta_error *err, ta_result code, const char *fmt, ...) TA_PRINTF(3, 4);

/* Clears err to TA_OK with an empty message. */
void ta__clear(ta_error *err);

typedef struct ta__mem {
    ta_allocator a; /* always complete: alloc and free set */
} ta__mem;

/* Copies the caller's allocator, or the C library's when NULL or zeroed.
 * Refuses an allocator with only one of alloc and free. */
ta_result ta__mem_init(ta__mem *mem, const ta_allocator *allocator, ta_error *err);

void *ta__alloc(const ta__mem *mem, size_t size);
void *ta__calloc(const ta__mem *mem, size_t count, size_t size); /* zeroed; NULL on overflow */
void *ta__realloc(const ta__mem *mem, void *ptr, size_t old_size, size_t new_size);
void ta__free(const ta__mem *mem, void *ptr, size_t size);
char *ta__strdup(const ta__mem *mem, const char *s); /* NULL s gives "" */
void ta__free_str(const ta__mem *mem, char *s);

/* Grows *items (of item_size bytes each) so that it holds at least need items.
 * *capacity is updated; on failure nothing changes. */
ta_result ta__reserve(const ta__mem *mem, void **items, uint32_t *capacity, uint32_t need,
                      size_t item_size, ta_error *err);
/* As ta__reserve, from exactly `need` up when empty: for lists that hold a
 * few items per object made by the thousand (a mixer's actions, its events). */
ta_result ta__reserve_tight(const ta__mem *mem, void **items, uint32_t *capacity, uint32_t need, size_t item_size,
                            ta_error *err);

/* count * size without overflow, or false. */
static inline bool ta__mul_size(size_t count, size_t size, size_t *out)
{
    if (size != 0 && count > SIZE_MAX / size) return false;
    *out = count * size;
    return true;
}

/* A cache line's bytes, and p moved up to the start of the next one (p itself if it starts one):
 * where vector data goes in a block allocated TA__LINE bytes longer, so that no vector load or
 * store of it splits two lines (the C library's allocator gives 16 bytes of alignment). */
enum { TA__LINE = 64 };
static inline void *ta__line_up(void *p)
{
    return (char *)p + (TA__LINE - ((uintptr_t)p & (TA__LINE - 1))) % TA__LINE;
}

/* The lines of [p, p + bytes) asked for ahead of their use, for writing or
 * reading: a loop over many objects past the caches asks for the next ones'
 * while it works on this one. A prefetch never faults. */
static inline void ta__prefetch_lines(const void *p, size_t bytes, bool write)
{
#if defined(__GNUC__) && !defined(__wasm__) /* wasm has no prefetch */
    const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63), *end = (const char *)p + bytes;
    if (write)
        for (; c < end; c += 64) __builtin_prefetch(c, 1, 3);
    else
        for (; c < end; c += 64) __builtin_prefetch(c, 0, 3);
    /* GCC counts a prefetch as no effect: a function that only prefetches (ta__mixer_prefetch)
     * has no side effects to its analysis (-fipa-modref), and a call to it, its result unused, was
     * dropped, prefetches and all (ta_mixer_update_range's, in GCC 12's -O2 and -O3 builds). An
     * empty volatile asm is an effect it keeps: no instruction, and the calls stay. */
    __asm__ __volatile__("");
#elif defined(__wasm__)
    /* wasm has no prefetch: a load of each line, its value dropped (volatile, so that it stays),
     * starts the misses side by side; every address of the linear memory below its end reads */
    (void)write;
    for (const volatile char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63), *end = (const char *)p + bytes;
         c < end; c += 64)
        (void)*c;
#else
    (void)p;
    (void)bytes;
    (void)write;
#endif
}

#endif
