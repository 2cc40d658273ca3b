/*
 * src/core/json_text.h -- the text of a small JSON object, read and rewritten
 * by the runtime itself, with no JSON library.
 *
 * A clip's user data is such a text, and its "markers" key is read when the
 * clip is made and rewritten by ta_clip_set_markers. The runtime has no JSON
 * dependency (the loaders, above it, read whole documents with jansson), so
 * this is the little it needs: a check as strict as jansson's reader, lookups
 * in a checked text, and a compact writer whose output is what jansson's
 * json_dumps(JSON_COMPACT | JSON_PRESERVE_ORDER) gives for the same value, so
 * that a text written here reads the same to the loaders.
 *
 *     if (ta__json_text_check_object(text, "user_data", err) != TA_OK) return ...;
 *     ta__json_span v;
 *     if (ta__json_text_get(text, ta__json_text_root(text), "markers", &v)) ...
 *
 * Every lookup takes a text that passed the check; spans are byte offsets into
 * it. The writer's buffer is allocated with the caller's ta__mem and is the
 * caller's to free (ta__json_out_take gives it).
 */
#ifndef THREEANIM_SRC_CORE_JSON_TEXT_H
#define THREEANIM_SRC_CORE_JSON_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/internal.h"

/* A value's bytes in the text: [begin, end). */
typedef struct ta__json_span {
    size_t begin, end;
} ta__json_span;

/* Refuses (TA_ERROR_PARSE, the message naming what, the line and the column)
 * a text that is not one JSON object: what jansson's reader refuses (bad
 * syntax, invalid UTF-8, "\u0000", an integer past 64 bits, a real that
 * overflows, nesting deeper than 2048), and a valid array. */
ta_result ta__json_text_check_object(const char *text, const char *what, ta_error *err);

/* The text's one value. */
ta__json_span ta__json_text_root(const char *text);

/* '{', '[', '"', '0' (a number), 't', 'f' or 'n' (null). */
char ta__json_text_kind(const char *text, ta__json_span value);

/* The value of the object's member named key (the last one when repeated, as
 * jansson keeps it); false when there is none or value is not an object. */
bool ta__json_text_get(const char *text, ta__json_span object, const char *key, ta__json_span *out_value);

/* The members of an object (*cursor 0 to start), the items of an array. */
bool ta__json_text_next_member(const char *text, ta__json_span object, size_t *cursor, ta__json_span *out_key,
                               ta__json_span *out_value);
bool ta__json_text_next_item(const char *text, ta__json_span array, size_t *cursor, ta__json_span *out_item);

/* Whether the string at s decodes to key (UTF-8). */
bool ta__json_text_string_is(const char *text, ta__json_span s, const char *key);
/* Whether an earlier member of object has the name of the member at key. */
bool ta__json_text_key_repeats_earlier(const char *text, ta__json_span object, ta__json_span key);

double ta__json_text_number(const char *text, ta__json_span value);
/* The decoded string, NUL-terminated, allocated with mem; NULL when out of memory. */
char *ta__json_text_string_dup(const ta__mem *mem, const char *text, ta__json_span s);

/* Whether s is valid UTF-8, as a string given to the writer must be. */
bool ta__json_text_utf8_valid(const char *s);

/* ---- the writer ---------------------------------------------------------------- */

typedef struct ta__json_out {
    const ta__mem *mem;
    char *buf;
    size_t len, cap;
    bool failed; /* out of memory: every later write does nothing */
} ta__json_out;

void ta__json_out_raw(ta__json_out *o, const char *s, size_t n);
void ta__json_out_string(ta__json_out *o, const char *s);
void ta__json_out_real(ta__json_out *o, double v);
/* The value at span, compact; an object's repeated names written once, at the
 * first one's place with the last one's value. */
void ta__json_out_value(ta__json_out *o, const char *text, ta__json_span value);
/* "name":value for the object's member whose name is at key, the value the
 * last one of that name. */
void ta__json_out_member(ta__json_out *o, const char *text, ta__json_span object, ta__json_span key);
/* The text written, NUL-terminated, now the caller's (free with ta__free_str);
 * NULL if a write ran out of memory. */
char *ta__json_out_take(ta__json_out *o);
void ta__json_out_drop(ta__json_out *o);

#endif
