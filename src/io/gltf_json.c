/* Typed reads of glTF JSON members. A file is refused at the first member of
 * the wrong type, with the member's path ("nodes[3].mesh: ..."), never read
 * as something else. JavaScript does not tell 1 from 1.0, so a whole number
 * written as a real is taken as the integer it is. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

json_t *gltf__member(const json_t *obj, const char *key)
{
    if (obj == NULL || !json_is_object(obj)) return NULL;
    return json_object_get(obj, key);
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

ta_result gltf__get_array(gltf_ctx *g, const json_t *obj, const char *path, const char *key, json_t **out,
                          uint32_t *count)
{
    json_t *v = gltf__member(obj, key);
    *out = NULL;
    if (count) *count = 0;
    if (v == NULL) return TA_OK;
    if (!json_is_array(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not an array", path, *path ? "." : "", key, type_name(v));
    size_t n = json_array_size(v);
    if (n > UINT32_MAX)
        return gltf__fail(g, TA_ERROR_LIMIT_EXCEEDED, "%s%s%s: %zu entries", path, *path ? "." : "", key, n);
    *out = v;
    if (count) *count = (uint32_t)n;
    return TA_OK;
}

ta_result gltf__get_object(gltf_ctx *g, const json_t *obj, const char *path, const char *key, json_t **out)
{
    json_t *v = gltf__member(obj, key);
    *out = NULL;
    if (v == NULL) return TA_OK;
    if (!json_is_object(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not an object", path, *path ? "." : "", key, type_name(v));
    *out = v;
    return TA_OK;
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

static void describe(const json_t *v, char *buf, size_t size)
{
    if (json_is_integer(v))
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(buf, size, "%.17g", json_real_value(v));
    else
        snprintf(buf, size, "%s", type_name(v));
}

ta_result gltf__as_index(gltf_ctx *g, const json_t *v, const char *path, uint32_t limit, const char *what,
                         uint32_t *out)
{
    uint64_t i;
    char d[48];
    if (!whole_number(v, &i)) {
        describe(v, d, sizeof d);
        return gltf__fail(g, TA_ERROR_PARSE, "%s: %s is not an index into %s", path, d, what);
    }
    if (i >= limit) {
        if (limit == 0)
            return gltf__fail(g, TA_ERROR_PARSE, "%s: %llu, but the file has no %s", path, (unsigned long long)i, what);
        return gltf__fail(g, TA_ERROR_PARSE, "%s: %llu is not below the %u %s", path, (unsigned long long)i, limit,
                          what);
    }
    *out = (uint32_t)i;
    return TA_OK;
}

ta_result gltf__get_index(gltf_ctx *g, const json_t *obj, const char *path, const char *key, uint32_t limit,
                          const char *what, uint32_t *out)
{
    json_t *v = gltf__member(obj, key);
    *out = TA_NONE;
    if (v == NULL) return TA_OK;
    char p[GLTF_PATH_SIZE];
    gltf__pathf(p, "%s%s%s", path, *path ? "." : "", key);
    return gltf__as_index(g, v, p, limit, what, out);
}

ta_result gltf__get_uint(gltf_ctx *g, const json_t *obj, const char *path, const char *key, uint64_t def, uint64_t min,
                         uint64_t max, uint64_t *out)
{
    json_t *v = gltf__member(obj, key);
    if (v == NULL) {
        *out = def;
        return TA_OK;
    }
    uint64_t i;
    char d[48];
    if (!whole_number(v, &i)) {
        describe(v, d, sizeof d);
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: %s is not a whole number of at least 0", path, *path ? "." : "",
                          key, d);
    }
    if (i < min || i > max)
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: %llu is not in [%llu, %llu]", path, *path ? "." : "", key,
                          (unsigned long long)i, (unsigned long long)min, (unsigned long long)max);
    *out = i;
    return TA_OK;
}

ta_result gltf__get_number(gltf_ctx *g, const json_t *obj, const char *path, const char *key, double def, double *out,
                           bool *present)
{
    json_t *v = gltf__member(obj, key);
    if (present) *present = v != NULL;
    if (v == NULL) {
        *out = def;
        return TA_OK;
    }
    if (!json_is_number(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not a number", path, *path ? "." : "", key, type_name(v));
    double d = json_number_value(v);
    if (!isfinite(d))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: %g is not a finite number", path, *path ? "." : "", key, d);
    *out = d;
    return TA_OK;
}

ta_result gltf__get_numbers(gltf_ctx *g, const json_t *obj, const char *path, const char *key, uint32_t n, double *out,
                            bool *present)
{
    json_t *v = gltf__member(obj, key);
    if (present) *present = v != NULL;
    if (v == NULL) return TA_OK;
    if (!json_is_array(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not an array of %u numbers", path, *path ? "." : "", key,
                          type_name(v), n);
    if (json_array_size(v) != n)
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: holds %zu entries, not %u numbers", path, *path ? "." : "", key,
                          json_array_size(v), n);
    for (uint32_t i = 0; i < n; ++i) {
        json_t *e = json_array_get(v, i);
        if (!json_is_number(e))
            return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s[%u]: is %s, not a number", path, *path ? "." : "", key, i,
                              type_name(e));
        double d = json_number_value(e);
        if (!isfinite(d))
            return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s[%u]: %g is not a finite number", path, *path ? "." : "", key,
                              i, d);
        out[i] = d;
    }
    return TA_OK;
}

ta_result gltf__get_string(gltf_ctx *g, const json_t *obj, const char *path, const char *key, const char **out)
{
    json_t *v = gltf__member(obj, key);
    *out = NULL;
    if (v == NULL) return TA_OK;
    if (!json_is_string(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not a string", path, *path ? "." : "", key, type_name(v));
    *out = json_string_value(v);
    return TA_OK;
}

ta_result gltf__get_bool(gltf_ctx *g, const json_t *obj, const char *path, const char *key, bool def, bool *out)
{
    json_t *v = gltf__member(obj, key);
    if (v == NULL) {
        *out = def;
        return TA_OK;
    }
    if (!json_is_boolean(v))
        return gltf__fail(g, TA_ERROR_PARSE, "%s%s%s: is %s, not a boolean", path, *path ? "." : "", key, type_name(v));
    *out = json_is_true(v);
    return TA_OK;
}

/* Depth-first with an explicit stack of (container, next child) pairs, so a
 * deep document cannot exhaust the C stack here. jansson itself refuses
 * nesting past 2048 while parsing. */
typedef struct depth_frame {
    const json_t *value;
    void *iter;   /* objects */
    size_t index; /* arrays */
} depth_frame;

ta_result gltf__check_depth(gltf_ctx *g, const json_t *root)
{
    uint32_t max = g->lim.max_depth;
    /* jansson parses no deeper than 2048 levels, so no deeper stack is needed. */
    size_t frames = (max < 2048 ? max : 2048) + 1u;
    depth_frame *stack = (depth_frame *)gltf__arena_alloc(&g->arena, frames, sizeof(depth_frame));
    if (stack == NULL) return gltf__oom(g, "the JSON");
    uint32_t depth = 0;
    stack[0].value = root;
    stack[0].iter = json_is_object(root) ? json_object_iter((json_t *)root) : NULL;
    stack[0].index = 0;
    for (;;) {
        depth_frame *f = &stack[depth];
        const json_t *child = NULL;
        if (json_is_object(f->value)) {
            if (f->iter != NULL) {
                child = json_object_iter_value(f->iter);
                f->iter = json_object_iter_next((json_t *)f->value, f->iter);
            }
        } else if (json_is_array(f->value)) {
            if (f->index < json_array_size(f->value)) child = json_array_get(f->value, f->index++);
        }
        if (child == NULL) {
            if (depth == 0) return TA_OK;
            depth--;
            continue;
        }
        if (!json_is_object(child) && !json_is_array(child)) continue;
        if (depth + 1 >= max)
            return gltf__fail(g, TA_ERROR_LIMIT_EXCEEDED, "JSON: nesting deeper than limits.max_depth (%u levels)",
                              max);
        depth++;
        stack[depth].value = child;
        stack[depth].iter = json_is_object(child) ? json_object_iter((json_t *)child) : NULL;
        stack[depth].index = 0;
    }
}
