/* Node names as three.js makes them: PropertyBinding.sanitizeNodeName, then
 * GLTFParser.createUniqueName, which keeps a count per sanitized name in a
 * plain JavaScript object. Because that object inherits Object.prototype, a
 * name such as "constructor" counts as already used and its count is NaN: the
 * first such node is called "constructor_NaN". That is reproduced, since track
 * targets and replay references use the names three.js gives. */
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"

/* One UTF-8 sequence from s (valid UTF-8: jansson checks every string). */
static uint32_t next_code_point(const unsigned char *s, size_t *len)
{
    if (s[0] < 0x80) {
        *len = 1;
        return s[0];
    }
    if ((s[0] & 0xE0) == 0xC0 && s[1]) {
        *len = 2;
        return ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
    }
    if ((s[0] & 0xF0) == 0xE0 && s[1] && s[2]) {
        *len = 3;
        return ((uint32_t)(s[0] & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    if ((s[0] & 0xF8) == 0xF0 && s[1] && s[2] && s[3]) {
        *len = 4;
        return ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) |
               (s[3] & 0x3F);
    }
    *len = 1;
    return s[0];
}

/* JavaScript's \s: WhiteSpace and LineTerminator. */
static bool js_space(uint32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

char *ta__gltf_sanitize_name(gltf_arena *arena, const char *name)
{
    size_t n = strlen(name);
    char *out = (char *)ta__gltf_arena_alloc(arena, 1, n + 1);
    if (out == NULL) return NULL;
    const unsigned char *s = (const unsigned char *)name;
    size_t o = 0;
    while (*s) {
        size_t len;
        uint32_t c = next_code_point(s, &len);
        if (js_space(c)) {
            out[o++] = '_';
        } else if (c == '[' || c == ']' || c == '.' || c == ':' || c == '/') {
            /* dropped */
        } else {
            memcpy(out + o, s, len);
            o += len;
        }
        s += len;
    }
    out[o] = '\0';
    return out;
}

static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; ++s) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static const char *const inherited_names[] = {
    "constructor", "hasOwnProperty", "isPrototypeOf",    "propertyIsEnumerable", "toLocaleString",   "toString",
    "valueOf",     "__proto__",      "__defineGetter__", "__defineSetter__",     "__lookupGetter__", "__lookupSetter__",
};

static bool inherited(const char *name)
{
    for (size_t i = 0; i < sizeof inherited_names / sizeof inherited_names[0]; ++i)
        if (strcmp(inherited_names[i], name) == 0) return true;
    return false;
}

static gltf_name_entry *find_slot(gltf_names *names, const char *key, uint32_t h)
{
    uint32_t mask = names->capacity - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        gltf_name_entry *e = &names->slots[i];
        if (e->key == NULL || (e->hash == h && strcmp(e->key, key) == 0)) return e;
    }
}

static ta_result grow_names(gltf_ctx *g)
{
    gltf_names *names = &g->names;
    uint32_t cap = names->capacity ? names->capacity * 2 : 64;
    gltf_name_entry *slots = (gltf_name_entry *)ta__gltf_arena_alloc(&g->arena, cap, sizeof *slots);
    if (slots == NULL) return ta__gltf_oom(g, "node names");
    gltf_names bigger = {slots, cap, names->count};
    for (uint32_t i = 0; i < names->capacity; ++i) {
        const gltf_name_entry *e = &names->slots[i];
        if (e->key != NULL) *find_slot(&bigger, e->key, e->hash) = *e;
    }
    *names = bigger;
    return TA_OK;
}

const char *ta__gltf_unique_name(gltf_ctx *g, const char *original)
{
    char *sanitized = ta__gltf_sanitize_name(&g->arena, original ? original : "");
    if (sanitized == NULL) {
        ta__gltf_oom(g, "node names");
        return NULL;
    }
    if ((g->names.count + 1) * 2 > g->names.capacity && grow_names(g) != TA_OK) return NULL;
    uint32_t h = hash_name(sanitized);
    gltf_name_entry *e = find_slot(&g->names, sanitized, h);
    if (e->key == NULL) {
        if (!inherited(sanitized)) {
            e->key = sanitized;
            e->hash = h;
            e->counter = 0;
            g->names.count++;
            return sanitized;
        }
        e->key = sanitized;
        e->hash = h;
        e->nan = true;
        g->names.count++;
    }
    char suffix[40];
    if (e->nan) {
        snprintf(suffix, sizeof suffix, "_NaN");
    } else {
        e->counter += 1;
        snprintf(suffix, sizeof suffix, "_%.0f", e->counter);
    }
    size_t a = strlen(sanitized), b = strlen(suffix);
    char *out = (char *)ta__gltf_arena_alloc(&g->arena, 1, a + b + 1);
    if (out == NULL) {
        ta__gltf_oom(g, "node names");
        return NULL;
    }
    memcpy(out, sanitized, a);
    memcpy(out + a, suffix, b + 1);
    return out;
}
