/* The glTF loader's scratch memory and error helpers. One arena per load: the
 * loader makes many small arrays whose lives all end with the load, so they
 * are carved from blocks and freed together. */
#define _POSIX_C_SOURCE 200809L /* fileno, strnlen */

#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

struct gltf_arena_block {
    gltf_arena_block *next;
    size_t size; /* bytes of the whole block, header included */
    size_t used;
};

#define ARENA_ALIGN 16u
#define ARENA_BLOCK 65536u
#define ARENA_HEADER ((sizeof(gltf_arena_block) + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN)

void *ta__gltf_arena_alloc(gltf_arena *arena, size_t count, size_t size)
{
    size_t bytes;
    if (!ta__mul_size(count, size, &bytes) || bytes > SIZE_MAX - 2 * ARENA_ALIGN - ARENA_HEADER) return NULL;
    bytes = (bytes + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
    if (bytes == 0) bytes = ARENA_ALIGN;
    gltf_arena_block *b = arena->head;
    if (b == NULL || b->size - b->used < bytes) {
        size_t block = bytes + ARENA_HEADER > ARENA_BLOCK ? bytes + ARENA_HEADER : ARENA_BLOCK;
        b = (gltf_arena_block *)ta__alloc(arena->mem, block);
        if (b == NULL) return NULL;
        b->size = block;
        b->used = ARENA_HEADER;
        /* A large request gets a block of its own behind the head, so the
         * head's free room stays usable for small ones. */
        if (arena->head != NULL && block > ARENA_BLOCK) {
            b->next = arena->head->next;
            arena->head->next = b;
        } else {
            b->next = arena->head;
            arena->head = b;
        }
    }
    void *p = (uint8_t *)b + b->used;
    b->used += bytes;
    memset(p, 0, bytes);
    return p;
}

char *ta__gltf_arena_strdup(gltf_arena *arena, const char *s)
{
    if (s == NULL) s = "";
    size_t n = strlen(s) + 1;
    char *p = (char *)ta__gltf_arena_alloc(arena, 1, n);
    if (p != NULL) memcpy(p, s, n);
    return p;
}

void ta__gltf_arena_free_all(gltf_arena *arena)
{
    gltf_arena_block *b = arena->head;
    while (b != NULL) {
        gltf_arena_block *next = b->next;
        ta__free(arena->mem, b, b->size);
        b = next;
    }
    arena->head = NULL;
}

ta_result ta__gltf_oom(gltf_ctx *g, const char *what)
{
    return ta__fail(g->err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading %s", what);
}

ta_result ta__gltf_grow(gltf_ctx *g, void **items, uint32_t *capacity, uint32_t need, size_t item_size)
{
    if (need <= *capacity) return TA_OK;
    uint64_t grown = (uint64_t)*capacity * 2u;
    if (grown < 8) grown = 8;
    if (grown < need) grown = need;
    if (grown > UINT32_MAX) grown = UINT32_MAX;
    void *p = ta__gltf_arena_alloc(&g->arena, (size_t)grown, item_size);
    if (p == NULL) return ta__gltf_oom(g, "a list");
    if (*capacity > 0) memcpy(p, *items, (size_t)*capacity * item_size);
    *items = p;
    *capacity = (uint32_t)grown;
    return TA_OK;
}
