/* tests/support/ta_recycler.h -- an allocator that gives back the block of a
 * size freed last, as malloc's caches do and the sanitizer's quarantine does
 * not: an object made after one is destroyed is made in its place. For tests
 * of what must not take a new object in an old one's place for the old one
 * (a pose, a rig memo).
 *
 *     ta_recycler rec = {0};
 *     ta_allocator alloc = ta_recycler_allocator(&rec);
 *     ... objects made with &alloc ...
 *     ta_recycler_release(&rec);  // frees the blocks it still holds
 */
#ifndef THREEANIM_TESTS_SUPPORT_TA_RECYCLER_H
#define THREEANIM_TESTS_SUPPORT_TA_RECYCLER_H

#include <stddef.h>

#include "threeanim/allocator.h"

#define TA_RECYCLER_BLOCKS 256

typedef struct ta_recycler {
    void *ptr[TA_RECYCLER_BLOCKS];
    size_t size[TA_RECYCLER_BLOCKS];
    int n;
} ta_recycler;

/* The allocator over rec (which must outlive what it makes). */
ta_allocator ta_recycler_allocator(ta_recycler *rec);
/* Frees the blocks rec holds. */
void ta_recycler_release(ta_recycler *rec);

#endif
