/* The object reader's helpers: a uuid map, hex colors, and freeing a mesh's view. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "io/object_json_internal.h"

/* ---- the uuid map ------------------------------------------------------------------ */

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; ++s) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}

void ta__strmap_init(ta__strmap *map, const ta__mem *mem)
{
    memset(map, 0, sizeof *map);
    map->mem = mem;
}

void ta__strmap_free(ta__strmap *map)
{
    ta__free(map->mem, (void *)map->keys, sizeof(char *) * map->capacity);
    ta__free(map->mem, map->values, sizeof(uint32_t) * map->capacity);
    map->keys = NULL;
    map->values = NULL;
    map->capacity = map->count = 0;
}

static uint32_t slot_of(const ta__strmap *map, const char *key)
{
    uint32_t mask = map->capacity - 1;
    uint32_t i = (uint32_t)hash_str(key) & mask;
    while (map->keys[i] != NULL && strcmp(map->keys[i], key) != 0) i = (i + 1) & mask;
    return i;
}

static bool grow(ta__strmap *map)
{
    uint32_t capacity = map->capacity ? map->capacity * 2 : 64;
    if (capacity == 0 || capacity > (1u << 30)) return false;
    const char **keys = (const char **)ta__calloc(map->mem, capacity, sizeof(char *));
    uint32_t *values = (uint32_t *)ta__calloc(map->mem, capacity, sizeof(uint32_t));
    if (keys == NULL || values == NULL) {
        ta__free(map->mem, (void *)keys, sizeof(char *) * capacity);
        ta__free(map->mem, values, sizeof(uint32_t) * capacity);
        return false;
    }
    ta__strmap old = *map;
    map->keys = keys;
    map->values = values;
    map->capacity = capacity;
    for (uint32_t i = 0; i < old.capacity; ++i)
        if (old.keys[i] != NULL) {
            uint32_t s = slot_of(map, old.keys[i]);
            map->keys[s] = old.keys[i];
            map->values[s] = old.values[i];
        }
    ta__free(map->mem, (void *)old.keys, sizeof(char *) * old.capacity);
    ta__free(map->mem, old.values, sizeof(uint32_t) * old.capacity);
    return true;
}

static bool put(ta__strmap *map, const char *key, uint32_t value, bool replace)
{
    if ((map->count + 1) * 10 > map->capacity * 7 && !grow(map)) return false;
    uint32_t s = slot_of(map, key);
    if (map->keys[s] == NULL) {
        map->keys[s] = key;
        map->values[s] = value;
        map->count++;
    } else if (replace) {
        map->values[s] = value;
    }
    return true;
}

bool ta__strmap_set(ta__strmap *map, const char *key, uint32_t value) { return put(map, key, value, true); }
bool ta__strmap_add(ta__strmap *map, const char *key, uint32_t value) { return put(map, key, value, false); }

bool ta__strmap_get(const ta__strmap *map, const char *key, uint32_t *out)
{
    if (map->capacity == 0 || key == NULL) return false;
    uint32_t s = slot_of(map, key);
    if (map->keys[s] == NULL) return false;
    if (out) *out = map->values[s];
    return true;
}

/* ---- colors ------------------------------------------------------------------------- */

ta_result ta__ojr_hex_color(const json_t *object, const char *key, ta__jpath *path, uint8_t out[3], bool *present,
                            ta_error *err)
{
    double hex = 0;
    bool has = false;
    ta_result r = ta__jget_number(err, object, path->text, key, false, 0, &hex, &has);
    if (present) *present = has;
    if (r != TA_OK || !has) return r;
    /* Color.setHex: Math.floor, then JavaScript's int32 shifts and masks. */
    double f = floor(hex);
    double m = isfinite(f) ? fmod(f, 4294967296.0) : 0;
    if (m < 0) m += 4294967296.0;
    uint32_t u = (uint32_t)m;
    out[0] = (uint8_t)((u >> 16) & 255u);
    out[1] = (uint8_t)((u >> 8) & 255u);
    out[2] = (uint8_t)(u & 255u);
    return TA_OK;
}

void ta__mesh_view_free(const ta__mem *mem, ta__mesh_view *view)
{
    ta__free(mem, (void *)view->dict_names, sizeof(char *) * view->dict_count);
    ta__free(mem, view->dict_values, sizeof(double) * view->dict_count);
    memset(view, 0, sizeof *view);
}

void ta__ojr_warn(ta__ojreader *rd, const char *fmt, ...)
{
    if (rd->warnings++ >= TA__OJR_WARNING_LIMIT) return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    ta__model_warn(rd->model, "%s", line);
}
