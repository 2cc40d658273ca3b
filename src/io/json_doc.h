/*
 * src/io/json_doc.h -- what the JSON readers and writers share: the JSON path
 * that every message starts with, typed getters that refuse with that path,
 * parsing under ta_load_limits, and text handed to the caller. Not public.
 *
 * A reader keeps one ta__jpath, appends a key or an index on the way down and
 * truncates it on the way back:
 *
 *     size_t mark = ta__jpath_key(path, "tracks");
 *     ... ta__jfail(err, TA_ERROR_PARSE, path, "is %s, not an array", ta__jtype(v));
 *     ta__jpath_pop(path, mark);
 *
 * giving "animations[0].tracks: is a string, not an array".
 */
#ifndef THREEANIM_SRC_IO_JSON_DOC_H
#define THREEANIM_SRC_IO_JSON_DOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/internal.h"
#include "threeanim/model.h"

typedef struct ta__jpath {
    char text[320];
    size_t length;
} ta__jpath;

void ta__jpath_init(ta__jpath *path, const char *start); /* start may be NULL or "" */
/* Append ".key" ("key" at the start) or "[index]"; return the length to pop to. */
size_t ta__jpath_key(ta__jpath *path, const char *key);
size_t ta__jpath_index(ta__jpath *path, size_t index);
void ta__jpath_pop(ta__jpath *path, size_t mark);
/* The path, or "(document)" when empty. */
const char *ta__jpath_str(const ta__jpath *path);

/* "<path>: <message>" into err; returns code. */
ta_result ta__jfail(ta_error *err, ta_result code, const ta__jpath *path, const char *fmt, ...) TA_PRINTF(4, 5);
/* Puts "<path>: " before the message err already holds (from a call that
 * refused), keeping its code. Returns the code. */
ta_result ta__jprefix(ta_error *err, ta_result code, const ta__jpath *path);

/* "a string", "a number", "null", "an object", ... for messages. */
const char *ta__jtype(const json_t *value);

/* Members. A member that is absent gives *out NULL (or *present false) and
 * TA_OK unless required; a member of another type (null included) is refused
 * with TA_ERROR_PARSE. path is the object's path; the key is added for the
 * message. */
ta_result ta__jmember(const json_t *object, const char *key, json_type type, bool required, ta__jpath *path,
                      const json_t **out, ta_error *err);
ta_result ta__jstring(const json_t *object, const char *key, bool required, ta__jpath *path, const char **out,
                      ta_error *err);
ta_result ta__jnumber(const json_t *object, const char *key, bool required, ta__jpath *path, double *out,
                      bool *present, ta_error *err);
ta_result ta__jbool(const json_t *object, const char *key, bool required, ta__jpath *path, bool *out, bool *present,
                    ta_error *err);
/* A finite number that fits a float32, for a member (absent: *present false). */
ta_result ta__jfloat_member(const json_t *object, const char *key, bool required, ta__jpath *path, float *out,
                            bool *present, ta_error *err);

/* Values (path already names the value). */
ta_result ta__jvalue_number(const json_t *value, const ta__jpath *path, double *out, ta_error *err);
ta_result ta__jvalue_float(const json_t *value, const ta__jpath *path, float *out, ta_error *err);
/* An array of exactly n finite float32 numbers (the member key of object). */
ta_result ta__jfloats_member(const json_t *object, const char *key, size_t n, bool required, ta__jpath *path,
                             float *out, bool *present, ta_error *err);

/* The limits with their defaults filled in. */
ta_load_limits ta__limits_resolve(const ta_load_limits *limits);

/* Parses text under the limits: its size, and the nesting of [ and { (checked
 * before jansson allocates anything). Refuses a document whose root is not an
 * object. Numbers are all read as doubles. */
ta_result ta__json_parse(const char *text, size_t length, const ta_load_limits *limits, json_t **out_root,
                         ta_error *err);

/* Reads a whole file under limits->max_file_bytes into memory of the C library
 * (free with free()). */
ta_result ta__read_file(const char *path, uint64_t max_bytes, char **out_text, size_t *out_length, ta_error *err);

/* Dumps root as text owned by the caller (freed with ta_json_free), made with
 * allocator (NULL: the C library's). indent 0: compact. */
ta_result ta__json_dump(const json_t *root, const ta_allocator *allocator, int indent, char **out_text,
                        ta_error *err);

/* Adds a member, taking the reference to value; false when value is NULL (out
 * of memory, or a number that is not finite) or the set fails. */
bool ta__jset(json_t *object, const char *key, json_t *value);
bool ta__jpush(json_t *array, json_t *value);
/* A float32 written as the double it is, as three.js writes Float32Array
 * elements; NULL for NaN or an infinity. */
json_t *ta__jreal(double value);

/* True if s is a canonical JavaScript array index ("0", "1", ... without
 * leading zeros, below 2^32 - 1), with its value. */
bool ta__js_array_index(const char *s, uint32_t *out);

#endif
