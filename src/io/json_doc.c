/* JSON paths in messages, typed getters, parsing under limits, and text for the caller. */
#include "io/json_doc.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/file_read.h"
#include "threeanim/animation_json.h"

/* ---- paths ------------------------------------------------------------------------ */

void ta__jpath_init(ta__jpath *path, const char *start)
{
    path->length = 0;
    path->text[0] = '\0';
    if (start != NULL && start[0] != '\0') {
        snprintf(path->text, sizeof path->text, "%s", start);
        path->length = strlen(path->text);
    }
}

static size_t jpath_append(ta__jpath *path, const char *piece)
{
    size_t mark = path->length;
    size_t room = sizeof path->text - path->length;
    int n = snprintf(path->text + path->length, room, "%s", piece);
    if (n < 0 || (size_t)n >= room) {
        /* A path this deep is cut, and says so, rather than overflowing. */
        size_t keep = sizeof path->text - 4;
        memcpy(path->text + keep, "...", 4);
        path->length = keep + 3;
    } else {
        path->length += (size_t)n;
    }
    return mark;
}

size_t ta__jpath_key(ta__jpath *path, const char *key)
{
    if (path->length == 0) return jpath_append(path, key);
    size_t mark = jpath_append(path, ".");
    jpath_append(path, key);
    return mark;
}

size_t ta__jpath_index(ta__jpath *path, size_t index)
{
    char piece[32];
    snprintf(piece, sizeof piece, "[%zu]", index);
    return jpath_append(path, piece);
}

void ta__jpath_pop(ta__jpath *path, size_t mark)
{
    if (mark < path->length) {
        path->length = mark;
        path->text[mark] = '\0';
    }
}

void ta__jpath_format(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, TA__JPATH_SIZE, fmt, ap);
    va_end(ap);
}

const char *ta__jpath_str(const ta__jpath *path)
{
    return path->length == 0 ? "(document)" : path->text;
}

ta_result ta__jfail(ta_error *err, ta_result code, const char *path, const char *fmt, ...)
{
    if (err == NULL) return code;
    va_list ap;
    va_start(ap, fmt);
    ta__vfail(err, code, fmt, ap);
    va_end(ap);
    return ta__prefix(err, code, "%s", path[0] != '\0' ? path : "(document)");
}

static const char *type_word(json_type type)
{
    switch (type) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "a value of no JSON type";
}

const char *ta__jtype(const json_t *value)
{
    return type_word(json_typeof(value));
}

static bool type_matches(const json_t *value, json_type type)
{
    switch (type) {
    case JSON_INTEGER:
    case JSON_REAL: return json_is_number(value);
    case JSON_TRUE:
    case JSON_FALSE: return json_is_boolean(value);
    default: return json_typeof(value) == type;
    }
}

/* ---- members ------------------------------------------------------------------------ */

/* "path.key", or "key" at the document. */
typedef struct member_path {
    char text[TA__JPATH_SIZE];
} member_path;

static member_path path_of(const char *path, const char *key)
{
    member_path m;
    snprintf(m.text, sizeof m.text, "%s%s%s", path, path[0] != '\0' ? "." : "", key);
    return m;
}

json_t *ta__jget(const json_t *obj, const char *key)
{
    if (obj == NULL || !json_is_object(obj)) return NULL;
    return json_object_get(obj, key);
}

/* The member, or NULL when absent (then "is missing" when required); a member
 * of another type is refused. */
static ta_result typed(ta_error *err, const json_t *obj, const char *path, const char *key, json_type type,
                       bool required, json_t **out)
{
    json_t *v = ta__jget(obj, key);
    *out = NULL;
    if (v == NULL) {
        if (!required) return TA_OK;
        return ta__jfail(err, TA_ERROR_PARSE, path_of(path, key).text, "is missing");
    }
    if (!type_matches(v, type))
        return ta__jfail(err, TA_ERROR_PARSE, path_of(path, key).text, "is %s, not %s", ta__jtype(v),
                         type_word(type));
    *out = v;
    return TA_OK;
}

ta_result ta__jget_member(ta_error *err, const json_t *obj, const char *path, const char *key, json_type type,
                          bool required, const json_t **out)
{
    json_t *v;
    ta_result r = typed(err, obj, path, key, type, required, &v);
    *out = v;
    return r;
}

ta_result ta__jget_array(ta_error *err, const json_t *obj, const char *path, const char *key, json_t **out,
                         uint32_t *count)
{
    if (count) *count = 0;
    ta_result r = typed(err, obj, path, key, JSON_ARRAY, false, out);
    if (r != TA_OK || *out == NULL) return r;
    size_t n = json_array_size(*out);
    if (n > UINT32_MAX) {
        *out = NULL;
        return ta__jfail(err, TA_ERROR_LIMIT_EXCEEDED, path_of(path, key).text, "%zu entries", n);
    }
    if (count) *count = (uint32_t)n;
    return TA_OK;
}

ta_result ta__jget_object(ta_error *err, const json_t *obj, const char *path, const char *key, json_t **out)
{
    return typed(err, obj, path, key, JSON_OBJECT, false, out);
}

ta_result ta__jget_string(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                          const char **out)
{
    json_t *v;
    ta_result r = typed(err, obj, path, key, JSON_STRING, required, &v);
    *out = v != NULL ? json_string_value(v) : NULL;
    return r;
}

ta_result ta__jget_bool(ta_error *err, const json_t *obj, const char *path, const char *key, bool def, bool *out,
                        bool *present)
{
    json_t *v;
    ta_result r = typed(err, obj, path, key, JSON_TRUE, false, &v);
    if (present) *present = v != NULL;
    if (r == TA_OK) *out = v != NULL ? json_is_true(v) : def;
    return r;
}

/* A finite number, and one that fits a float32 when float32 is set. */
static ta_result value_number(ta_error *err, const json_t *value, const char *path, bool float32, double *out)
{
    return float32 ? ta__jvalue_float32(err, value, path, out) : ta__jvalue_number(err, value, path, out);
}

static ta_result number_member(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                               double def, bool float32, double *out, bool *present)
{
    json_t *v;
    ta_result r = typed(err, obj, path, key, JSON_REAL, required, &v);
    if (present) *present = v != NULL;
    if (r != TA_OK) return r;
    if (v == NULL) {
        *out = def;
        return TA_OK;
    }
    return value_number(err, v, path_of(path, key).text, float32, out);
}

ta_result ta__jget_number(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                          double def, double *out, bool *present)
{
    return number_member(err, obj, path, key, required, def, false, out, present);
}

ta_result ta__jget_number_f32(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                              double def, double *out, bool *present)
{
    return number_member(err, obj, path, key, required, def, true, out, present);
}

static ta_result numbers_member(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t n,
                                bool float32, double *out, bool *present)
{
    json_t *v = ta__jget(obj, key);
    if (present) *present = v != NULL;
    if (v == NULL) return TA_OK;
    member_path p = path_of(path, key);
    if (!json_is_array(v))
        return ta__jfail(err, TA_ERROR_PARSE, p.text, "is %s, not an array of %u numbers", ta__jtype(v), n);
    if (json_array_size(v) != n)
        return ta__jfail(err, TA_ERROR_PARSE, p.text, "holds %zu entries, not %u numbers", json_array_size(v), n);
    for (uint32_t i = 0; i < n; ++i) {
        char e[sizeof p.text + 16];
        snprintf(e, sizeof e, "%s[%u]", p.text, i);
        ta_result r = value_number(err, json_array_get(v, i), e, float32, &out[i]);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

ta_result ta__jget_numbers(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t n,
                           double *out, bool *present)
{
    return numbers_member(err, obj, path, key, n, false, out, present);
}

ta_result ta__jget_numbers_f32(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t n,
                               double *out, bool *present)
{
    return numbers_member(err, obj, path, key, n, true, out, present);
}

ta_result ta__jget_float(ta_error *err, const json_t *obj, const char *path, const char *key, bool required,
                         float *out, bool *present)
{
    json_t *v;
    ta_result r = typed(err, obj, path, key, JSON_REAL, required, &v);
    if (present) *present = false;
    if (r != TA_OK || v == NULL) return r;
    r = ta__jvalue_float(err, v, path_of(path, key).text, out);
    if (present) *present = (r == TA_OK);
    return r;
}

ta_result ta__jget_floats(ta_error *err, const json_t *obj, const char *path, const char *key, size_t n,
                          bool required, float *out, bool *present)
{
    json_t *arr;
    ta_result r = typed(err, obj, path, key, JSON_ARRAY, required, &arr);
    if (present) *present = false;
    if (r != TA_OK || arr == NULL) return r;
    member_path p = path_of(path, key);
    if (json_array_size(arr) != n)
        return ta__jfail(err, TA_ERROR_PARSE, p.text, "holds %zu numbers, not %zu", json_array_size(arr), n);
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        char e[sizeof p.text + 24];
        snprintf(e, sizeof e, "%s[%zu]", p.text, i);
        r = ta__jvalue_float(err, json_array_get(arr, i), e, &out[i]);
    }
    if (present) *present = (r == TA_OK);
    return r;
}

/* A JSON number that is a whole number in [0, 2**53]. */
static bool whole_number(const json_t *v, uint64_t *out)
{
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        if (i < 0) return false;
        *out = (uint64_t)i;
        return true;
    }
    if (json_is_real(v)) {
        double d = json_real_value(v);
        if (!(d >= 0 && d <= 9007199254740992.0) || floor(d) != d) return false;
        *out = (uint64_t)d;
        return true;
    }
    return false;
}

/* A value as a message shows it: the number itself, or its JSON type. */
static void describe(const json_t *v, char *buf, size_t size)
{
    if (json_is_integer(v))
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(buf, size, "%.17g", json_real_value(v));
    else
        snprintf(buf, size, "%s", ta__jtype(v));
}

ta_result ta__jget_index(ta_error *err, const json_t *obj, const char *path, const char *key, uint32_t limit,
                         const char *what, uint32_t *out)
{
    json_t *v = ta__jget(obj, key);
    *out = TA_NONE;
    if (v == NULL) return TA_OK;
    return ta__jvalue_index(err, v, path_of(path, key).text, limit, what, out);
}

ta_result ta__jget_uint(ta_error *err, const json_t *obj, const char *path, const char *key, uint64_t def,
                        uint64_t min, uint64_t max, uint64_t *out)
{
    json_t *v = ta__jget(obj, key);
    if (v == NULL) {
        *out = def;
        return TA_OK;
    }
    uint64_t i;
    if (!whole_number(v, &i)) {
        char d[48];
        describe(v, d, sizeof d);
        return ta__jfail(err, TA_ERROR_PARSE, path_of(path, key).text, "%s is not a whole number of at least 0", d);
    }
    if (i < min || i > max)
        return ta__jfail(err, TA_ERROR_PARSE, path_of(path, key).text, "%llu is not in [%llu, %llu]",
                         (unsigned long long)i, (unsigned long long)min, (unsigned long long)max);
    *out = i;
    return TA_OK;
}

/* ---- values ------------------------------------------------------------------------- */

ta_result ta__jvalue_number(ta_error *err, const json_t *value, const char *path, double *out)
{
    if (!json_is_number(value))
        return ta__jfail(err, TA_ERROR_PARSE, path, "is %s, not a number", ta__jtype(value));
    double d = json_number_value(value);
    /* jansson reads no infinity, but a value may come from elsewhere. */
    if (!isfinite(d)) return ta__jfail(err, TA_ERROR_PARSE, path, "%g is not a finite number", d);
    *out = d;
    return TA_OK;
}

ta_result ta__jvalue_float32(ta_error *err, const json_t *value, const char *path, double *out)
{
    double d = 0;
    ta_result r = ta__jvalue_number(err, value, path, &d);
    if (r != TA_OK) return r;
    /* Rounding to float32 must not make an infinity out of a finite number. */
    if (fabs(d) > (double)FLT_MAX) return ta__jfail(err, TA_ERROR_NOT_A_NUMBER, path, "%g does not fit a float32", d);
    *out = d;
    return TA_OK;
}

ta_result ta__jvalue_float(ta_error *err, const json_t *value, const char *path, float *out)
{
    double d = 0;
    ta_result r = ta__jvalue_float32(err, value, path, &d);
    if (r == TA_OK) *out = (float)d;
    return r;
}

ta_result ta__jvalue_index(ta_error *err, const json_t *value, const char *path, uint32_t limit, const char *what,
                           uint32_t *out)
{
    uint64_t i;
    if (!whole_number(value, &i)) {
        char d[48];
        describe(value, d, sizeof d);
        return ta__jfail(err, TA_ERROR_PARSE, path, "%s is not an index into %s", d, what);
    }
    if (i >= limit) {
        if (limit == 0)
            return ta__jfail(err, TA_ERROR_PARSE, path, "%llu, but the file has no %s", (unsigned long long)i, what);
        return ta__jfail(err, TA_ERROR_PARSE, path, "%llu is not below the %u %s", (unsigned long long)i, limit, what);
    }
    *out = (uint32_t)i;
    return TA_OK;
}

/* ---- limits and parsing ------------------------------------------------------------ */

ta_load_limits ta__limits_resolve(const ta_load_limits *limits)
{
    ta_load_limits l;
    memset(&l, 0, sizeof l);
    if (limits != NULL) l = *limits;
    if (l.max_file_bytes == 0) l.max_file_bytes = (uint64_t)1 << 30;
    if (l.max_total_keys == 0) l.max_total_keys = (uint64_t)1 << 26;
    if (l.max_nodes == 0) l.max_nodes = 1u << 20;
    if (l.max_tracks == 0) l.max_tracks = 1u << 20;
    if (l.max_clips == 0) l.max_clips = 1u << 16;
    if (l.max_depth == 0) l.max_depth = 1024;
    if (l.max_markers == 0) l.max_markers = 1u << 20;
    return l;
}

/* The deepest nesting of arrays and objects, outside strings; stops early past limit. */
static uint64_t nesting_depth(const char *text, size_t length, uint64_t limit, size_t *where)
{
    uint64_t depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (size_t i = 0; i < length; ++i) {
        char c = text[i];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > deepest) {
                deepest = depth;
                if (deepest > limit) {
                    *where = i;
                    return deepest;
                }
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

ta_result ta__json_parse(const char *text, size_t length, const ta_load_limits *limits, json_t **out_root,
                         ta_error *err)
{
    if (text == NULL && length > 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "text: is NULL");
    if ((uint64_t)length > limits->max_file_bytes)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED,
                        "document: %zu bytes pass the limit of %llu (limits.max_file_bytes)", length,
                        (unsigned long long)limits->max_file_bytes);
    size_t where = 0;
    if (nesting_depth(text, length, limits->max_depth, &where) > limits->max_depth)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED,
                        "document: arrays and objects nest deeper than the limit of %u (limits.max_depth) at byte %zu",
                        limits->max_depth, where);
    json_error_t jerr;
    json_t *doc = json_loadb(text ? text : "", length, JSON_DECODE_INT_AS_REAL, &jerr);
    if (doc == NULL)
        return ta__fail(err, TA_ERROR_PARSE, "document: line %d column %d: %s", jerr.line, jerr.column, jerr.text);
    if (!json_is_object(doc)) {
        ta_result r = ta__jfail(err, TA_ERROR_PARSE, "", "is %s, not an object", ta__jtype(doc));
        json_decref(doc);
        return r;
    }
    *out_root = doc;
    return TA_OK;
}

ta_result ta__read_file(const char *path, uint64_t max_bytes, char **out_text, size_t *out_length, ta_error *err)
{
    if (path == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "path: is NULL");
    ta__file f;
    ta_result r = ta__file_open(&f, path, "path", max_bytes, 0, err);
    if (r != TA_OK) return r;
    char *text = (char *)malloc(f.size + 1);
    if (text == NULL) {
        ta__file_close(&f);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory reading \"%s\" (%zu bytes)", path, f.size);
    }
    size_t length = f.size;
    if ((r = ta__file_read(&f, text, err)) != TA_OK) {
        free(text);
        return r;
    }
    text[length] = '\0';
    *out_text = text;
    *out_length = length;
    return TA_OK;
}

/* ---- text for the caller --------------------------------------------------------- */

/* Text handed out remembers its allocator and size just before its first byte,
 * so that ta_json_destroy needs nothing else. */
typedef union text_header {
    struct {
        ta__mem mem;
        size_t size;
    } h;
    max_align_t align;
} text_header;

ta_result ta__json_dump(const json_t *root, const ta_allocator *allocator, int indent, char **out_text,
                        ta_error *err)
{
    if (indent < 0 || indent > 31)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.indent: %d is not in [0, 31]", indent);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    size_t flags = (indent > 0 ? JSON_INDENT(indent) : JSON_COMPACT) | JSON_REAL_PRECISION(17);
    char *dumped = json_dumps(root, flags);
    if (dumped == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing JSON text");
    size_t length = strlen(dumped);
    size_t size = sizeof(text_header) + length + 1;
    text_header *block = (text_header *)ta__alloc(&mem, size);
    if (block == NULL) {
        free(dumped);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes of JSON text", length);
    }
    block->h.mem = mem;
    block->h.size = size;
    char *text = (char *)(block + 1);
    memcpy(text, dumped, length + 1);
    free(dumped);
    *out_text = text;
    return TA_OK;
}

void ta_json_destroy(char *text)
{
    if (text == NULL) return;
    text_header *block = (text_header *)text - 1;
    ta__mem mem = block->h.mem;
    ta__free(&mem, block, block->h.size);
}

bool ta__jset(json_t *object, const char *key, json_t *value)
{
    if (value == NULL) return false;
    return json_object_set_new(object, key, value) == 0;
}

bool ta__jpush(json_t *array, json_t *value)
{
    if (value == NULL) return false;
    return json_array_append_new(array, value) == 0;
}

json_t *ta__jreal(double value)
{
    if (!isfinite(value)) return NULL;
    /* Whole numbers are written as three.js writes them (1, not 1.0). */
    if (value == floor(value) && fabs(value) < 9007199254740992.0 && !(value == 0 && signbit(value)))
        return json_integer((json_int_t)value);
    return json_real(value);
}

bool ta__js_array_index(const char *s, uint32_t *out)
{
    if (s == NULL || s[0] == '\0') return false;
    if (s[0] == '0') {
        if (s[1] != '\0') return false;
        *out = 0;
        return true;
    }
    uint64_t v = 0;
    for (const char *p = s; *p; ++p) {
        if (*p < '0' || *p > '9') return false;
        v = v * 10 + (uint64_t)(*p - '0');
        if (v >= 4294967295ull) return false;
    }
    *out = (uint32_t)v;
    return true;
}
