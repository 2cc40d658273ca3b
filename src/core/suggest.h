/*
 * src/core/suggest.h -- what to say when a name matches nothing: the names
 * that are there (a model's clips) or the few nearest to the one asked for (a
 * scene's nodes), so that "Walk" for "walk" or "hip" for "hips" is a moment's
 * fix. Works on the stack: a refusal never allocates.
 */
#ifndef THREEANIM_SRC_CORE_SUGGEST_H
#define THREEANIM_SRC_CORE_SUGGEST_H

#include <stddef.h>
#include <stdint.h>

#define TA__SUGGEST_MAX 3

/* The nearest names offered so far (by edit distance, letter case ignored;
 * ties keep the first offered). The names are borrowed, not copied. */
typedef struct ta__suggest {
    const char *key;
    const char *names[TA__SUGGEST_MAX];
    unsigned distances[TA__SUGGEST_MAX];
    uint32_t count;
} ta__suggest;

void ta__suggest_init(ta__suggest *s, const char *key);
void ta__suggest_offer(ta__suggest *s, const char *name);

/* Edit distance between a and b, letter case ignored; each is read up to its
 * first 64 bytes (names longer than that compare by their start). */
unsigned ta__edit_distance(const char *a, const char *b);

/* Appends to the NUL-terminated text in buf (of size bytes): the names,
 * quoted and separated by ", ". When they do not all fit, it ends with
 * "and N more" in place of the ones left out. */
void ta__append_names(char *buf, size_t size, const char *const *names, uint32_t count);

#endif
