/* Suggestions for a name that matched nothing (suggest.h). */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "core/suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define NAME_CAP 64

unsigned ta__edit_distance(const char *a, const char *b)
{
    size_t la = strnlen(a, NAME_CAP), lb = strnlen(b, NAME_CAP);
    unsigned row[NAME_CAP + 1];
    for (size_t j = 0; j <= lb; ++j) row[j] = (unsigned)j;
    for (size_t i = 1; i <= la; ++i) {
        unsigned diagonal = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= lb; ++j) {
            unsigned above = row[j];
            unsigned cost = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0u : 1u;
            unsigned best = diagonal + cost;
            if (above + 1 < best) best = above + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb];
}

void ta__suggest_init(ta__suggest *s, const char *key)
{
    memset(s, 0, sizeof *s);
    s->key = key;
}

void ta__suggest_offer(ta__suggest *s, const char *name)
{
    if (name == NULL || name[0] == '\0') return;
    for (uint32_t i = 0; i < s->count; ++i)
        if (strcmp(s->names[i], name) == 0) return; /* once each */
    unsigned d = ta__edit_distance(s->key, name);
    uint32_t at = s->count;
    while (at > 0 && s->distances[at - 1] > d) --at;
    if (at >= TA__SUGGEST_MAX) return;
    uint32_t last = s->count < TA__SUGGEST_MAX ? s->count : TA__SUGGEST_MAX - 1;
    for (uint32_t i = last; i > at; --i) {
        s->names[i] = s->names[i - 1];
        s->distances[i] = s->distances[i - 1];
    }
    s->names[at] = name;
    s->distances[at] = d;
    if (s->count < TA__SUGGEST_MAX) ++s->count;
}

void ta__append_names(char *buf, size_t size, const char *const *names, uint32_t count)
{
    size_t len = strlen(buf);
    /* room kept for ", and 4294967295 more" */
    const size_t tail = 24;
    for (uint32_t i = 0; i < count; ++i) {
        size_t need = strlen(names[i]) + 4;
        if (len + need + tail >= size) {
            snprintf(buf + len, size - len, "%sand %u more", i ? ", " : "", count - i);
            return;
        }
        len += (size_t)snprintf(buf + len, size - len, "%s\"%s\"", i ? ", " : "", names[i]);
    }
}
