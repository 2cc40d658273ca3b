/*
 * src/io/json_doc.h -- the one JSON reader of the loaders (glTF and three.js
 * JSON alike), and what the JSON writers share: the JSON path that every
 * message starts with, typed getters that refuse with that path, parsing under
 * ta_load_limits, and text handed to the caller. Not public.
 *
 * A path is plain text of at most TA__JPATH_SIZE bytes ("animations[0].tracks",
 * "" for the document itself). A reader that walks down keeps one ta__jpath,
 * appends a key or an index on the way down and truncates it on the way back;
 * a reader that names objects by index formats the text with
 * ta__jpath_format. Either way the getters take the text:
 *
 *     size_t mark = ta__jpath_key(path, "tracks");
 *     ... ta__jfail(err, TA_ERROR_PARSE, path->text, "is %s, not an array", ta__jtype(v));
 *     ta__jpath_pop(path, mark);
 *
 * giving "animations[0].tracks: is a string, not an array".
 *
 * Every getter reads obj[key] (obj may be NULL or not an object: the member
 * is then absent), names "path.key" ("key" at the document) in a refusal, and
 * refuses a member of another type (null included) with TA_ERROR_PARSE, never
 * reading it as something else. JavaScript does not tell 1 from 1.0, so a
 * whole number written as a real is taken as the integer it is.
 */
#ifndef THREEANIM_SRC_IO_JSON_DOC_H
#define THREEANIM_SRC_IO_JSON_DOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "threeanim/model.h"

/* ---- paths ---------------------------------------------------------------------- */

/* The longest path a message names, with its terminating zero; a longer one
 * is cut. */
#define TA__JPATH_SIZE 320

typedef struct ta__jpath {
    char text[TA__JPATH_SIZE];
    size_t length;
} ta__jpath;

void ta__jpath_init(ta__jpath *path, const char *start); /* start may be NULL or "" */
/* Append ".key" ("key" at the start) or "[index]"; return the length to pop to. */
size_t ta__jpath_key(ta__jpath *path, const char *key);
size_t ta__jpath_index(ta__jpath *path, size_t index);
void ta__jpath_pop(ta__jpath *path, size_t mark);
/* Formats a path into out (TA__JPATH_SIZE bytes), cut short if longer:
 *     char cp[TA__JPATH_SIZE];
 *     ta__jpath_format(cp, "cameras[%u].%s", c, type); */
void ta__jpath_format(char *out, const char *fmt, ...) TA_PRINTF(2, 3);
/* The path, or "(document)" when empty. */
const char *ta__jpath_str(const ta__jpath *path);

/* "<path>: <message>" into err ("(document)" for an empty path); returns code. */
ta_result ta__jfail(ta_error *err, ta_result code, const char *path, const char *fmt, ...) TA_PRINTF(4, 5);

/* "a string", "a number", "null", "an object", ... for messages. */
const char *ta__jtype(const json_t *value);

/* ---- members -------------------------------------------------------------------- */

/* obj[key], or NULL when obj is NULL, not an object, or has no such member. */
json_t *ta__jget(const json_t *obj, const char *key);
/* A member of a JSON type (JSON_REAL: any number; JSON_TRUE: a boolean).
 * Absent: *out NULL and TA_OK, or "is missing" when required. */
ta_result ta__jget_member(ta_error *err, const json_t *obj, const char *path, const char *key, json_type type,
                          bool required, const json_t **out);
/* Absent: *out NULL and *count 0 (count may be NULL). */
ta_result ta__jget_array(ta_error *err, const json_t *obj, const char *path, const char *key, json_t **out,
                         uint32_t *count);
/* Absent: *out NULL. */
ta_result ta__jget_object(ta_error *err, const json_t *obj, const char *path, const char *key, json_t **out);
/* Absent: *out NULL, or "is missing" when required. */
ta_result ta__jget_string(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                          const char **out);
/* Absent: *out def, *present false (present may be NULL). */
ta_result ta__jget_bool(ta_error *err, const json_t *obj, const char *path, const char *key, bool def, bool *out,
                        bool *present);
/* A finite number. Absent: *out def and *present false (present may be NULL),
 * or "is missing" when required. */
ta_result ta__jget_number(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                          double def, double *out, bool *present);
/* An array of exactly n finite numbers. Absent: out untouched, *present false. */
ta_result ta__jget_numbers(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t n,
                           double *out, bool *present);
/* As ta__jget_number and ta__jget_numbers, refusing a number that does not
 * fit a float32 ("1e+39 does not fit a float32", TA_ERROR_NOT_A_NUMBER), for
 * a value kept as a float: it is handed out as the double it is, so that what
 * is worked out from it is worked out as three.js does, in double. */
ta_result ta__jget_number_f32(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                              double def, double *out, bool *present);
ta_result ta__jget_numbers_f32(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t n,
                               double *out, bool *present);
/* A finite number that fits a float32 (absent: *present false). */
ta_result ta__jget_float(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                         float *out, bool *present);
/* An array of exactly n finite float32 numbers (absent: *present false). */
ta_result ta__jget_floats(ta_error *err, const json_t *obj, const char *path, const char *key, size_t n,
                          bool required, float *out, bool *present);
/* An index below limit into what ("nodes", ...). Absent: TA_NONE. */
ta_result ta__jget_index(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t limit,
                         const char *what, uint32_t *out);
/* A whole number in [min, max]. Absent: def. */
ta_result ta__jget_uint(ta_error *err, const json_t *obj, const char *path, const char *key, uint64_t def,
                        uint64_t min, uint64_t max, uint64_t *out);

/* ---- values (path names the value itself) ----------------------------------------- */

ta_result ta__jvalue_number(ta_error *err, const json_t *value, const char *path, double *out);
ta_result ta__jvalue_float(ta_error *err, const json_t *value, const char *path, float *out);
/* A number that fits a float32, as the double it is. */
ta_result ta__jvalue_float32(ta_error *err, const json_t *value, const char *path, double *out);
ta_result ta__jvalue_index(ta_error *err, const json_t *value, const char *path, uint32_t limit, const char *what,
                           uint32_t *out);

/* ---- documents ------------------------------------------------------------------ */

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

/* Dumps root as text owned by the caller (freed with ta_json_destroy), made with
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
