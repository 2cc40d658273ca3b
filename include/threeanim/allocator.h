/**
 * @file
 * threeanim/allocator.h -- an optional caller allocator, per object.
 *
 * Objects that allocate (scenes, assets, tracks, clips, actions, mixers,
 * loaders) take a `const ta_allocator *` when they are made and keep a copy of
 * it for their whole life: everything they allocate later goes through it, and
 * they free with it. NULL, or a zeroed struct, means the C library's malloc,
 * realloc and free. There is no process-wide allocator.
 *
 * alloc and free come together: give both or neither (refused with
 * TA_ERROR_INVALID_ARGUMENT otherwise). realloc is optional; without it the
 * library allocates, copies and frees.
 *
 *     static void *my_alloc(void *user, size_t size) { ... }
 *     static void my_free(void *user, void *ptr, size_t size) { ... }
 *     ta_allocator a = { my_alloc, NULL, my_free, &my_arena };
 */
#ifndef THREEANIM_ALLOCATOR_H
#define THREEANIM_ALLOCATOR_H

#include <stddef.h>

#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A caller's allocator. Copied by each object made with it; zeroed (or a NULL pointer in its place)
 * means the C library's malloc, realloc and free.
 */
typedef struct ta_allocator {
    /** Returns size bytes aligned for any type, or NULL. */
    void *(*alloc)(void *user, size_t size);
    /** Optional. Grows or shrinks ptr (never NULL here) from old_size to new_size. */
    void *(*realloc)(void *user, void *ptr, size_t old_size, size_t new_size);
    /** Frees ptr (never NULL here), which was size bytes. */
    void (*free)(void *user, void *ptr, size_t size);
    void *user; /**< given back to every call of alloc, realloc and free */
} ta_allocator;

/**
 * Whether an allocator can be given to a constructor: TA_OK if allocator is NULL, all zero, or has
 * both alloc and free (realloc optional). Every constructor that takes an allocator runs this check
 * first.
 *
 * @ownership Reads allocator only.
 * @errors TA_ERROR_INVALID_ARGUMENT: only one of alloc and free is set, or realloc is set without
 * them.
 * @threejs None: JavaScript has a garbage collector.
 */
TA_API ta_result ta_allocator_check(const ta_allocator *allocator, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
