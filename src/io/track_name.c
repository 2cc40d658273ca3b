/*
 * three.js PropertyBinding.parseTrackName and sanitizeNodeName.
 *
 * three.js matches a track name against
 *
 *     ^((?:W+[/:])*)(WD+)?(?:\.(W+)(?:\[(.+)\])?)?\.(W+)(?:\[(.+)\])?$
 *
 * where W is any character but [ ] . : / and WD also allows '.'. The groups
 * are directory, node, object, object index, property and property index.
 * The match below tries the same alternatives in the same order as a
 * backtracking regular expression engine, so it captures what JavaScript
 * captures; the choices that can never succeed are skipped:
 *   - the directory is always as long as it can be: a shorter one leaves a
 *     "name/" or "name:" that nothing after it can match;
 *   - a W+ run is always whole: a shorter one is followed by a W character,
 *     which is neither '[' nor '.';
 *   - the property's (.+) must end at the last ']' of the name.
 * JavaScript's '.' matches anything but a line terminator (\n, \r, U+2028,
 * U+2029), which the bracket groups refuse.
 */
#include <string.h>

#include "core/internal.h"
#include "threeanim/animation_json.h"

static bool is_reserved(unsigned char c)
{
    return c == '[' || c == ']' || c == '.' || c == ':' || c == '/';
}

static bool is_word(unsigned char c) { return !is_reserved(c); }
static bool is_word_or_dot(unsigned char c) { return c == '.' || !is_reserved(c); }

/* The byte length of a line terminator starting at s[i] (0 if none). */
static size_t terminator_at(const unsigned char *s, size_t n, size_t i)
{
    if (s[i] == '\n' || s[i] == '\r') return 1;
    if (s[i] == 0xE2 && i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9)) return 3;
    return 0;
}

/* The first line terminator at or after from (n if none). */
static size_t first_terminator(const unsigned char *s, size_t n, size_t from)
{
    for (size_t i = from; i < n; ++i)
        if (terminator_at(s, n, i)) return i;
    return n;
}

typedef struct span {
    size_t begin, end;
    bool present;
} span;

typedef struct match {
    span node, object, object_index, property, property_index;
} match;

typedef struct subject {
    const unsigned char *s;
    size_t n;
    size_t last_terminator; /* n if none */
} subject;

/* The end of the W run starting at i. */
static size_t word_end(const subject *x, size_t i)
{
    while (i < x->n && is_word(x->s[i])) ++i;
    return i;
}

/* \.(W+)(?:\[(.+)\])?$ at q. */
static bool match_property(const subject *x, size_t q, match *m)
{
    if (q >= x->n || x->s[q] != '.') return false;
    size_t k = word_end(x, q + 1);
    if (k == q + 1) return false;
    span none = {0, 0, false};
    if (k == x->n) {
        m->property = (span){q + 1, k, true};
        m->property_index = none;
        return true;
    }
    /* "[" (.+) "]" then the end: the closing bracket is the last byte. */
    size_t close = x->n - 1;
    if (x->s[k] != '[' || x->s[close] != ']' || close <= k + 1) return false;
    if (x->last_terminator != x->n && x->last_terminator > k) return false;
    m->property = (span){q + 1, k, true};
    m->property_index = (span){k + 1, close, true};
    return true;
}

/* (?:\.(W+)(?:\[(.+)\])?)? then the property, at p. */
static bool match_object_and_property(const subject *x, size_t p, match *m)
{
    span none = {0, 0, false};
    if (p < x->n && x->s[p] == '.') {
        size_t r = word_end(x, p + 1);
        if (r > p + 1) {
            if (r < x->n && x->s[r] == '[') {
                /* (.+) is greedy: the farthest ']' first, never past a line terminator. */
                size_t stop = first_terminator(x->s, x->n, r + 1);
                for (size_t t = x->n; t-- > r + 2;) {
                    if (x->s[t] != ']' || t > stop) continue;
                    if (match_property(x, t + 1, m)) {
                        m->object = (span){p + 1, r, true};
                        m->object_index = (span){r + 1, t, true};
                        return true;
                    }
                }
            }
            if (match_property(x, r, m)) {
                m->object = (span){p + 1, r, true};
                m->object_index = none;
                return true;
            }
        }
    }
    if (match_property(x, p, m)) {
        m->object = none;
        m->object_index = none;
        return true;
    }
    return false;
}

static bool match_track_name(const subject *x, match *m)
{
    /* The directory: as many "W+[/:]" as there are. */
    size_t d = 0;
    for (;;) {
        size_t j = word_end(x, d);
        if (j > d && j < x->n && (x->s[j] == '/' || x->s[j] == ':')) {
            d = j + 1;
            continue;
        }
        break;
    }
    size_t e = d;
    while (e < x->n && is_word_or_dot(x->s[e])) ++e;
    /* The node: longest first, then none. */
    for (size_t p = e; p > d; --p) {
        if (match_object_and_property(x, p, m)) {
            m->node = (span){d, p, true};
            return true;
        }
    }
    if (match_object_and_property(x, d, m)) {
        m->node = (span){0, 0, false};
        return true;
    }
    return false;
}

/* Copies the span into buf at *used, for a part of the result. */
static const char *put(const char *s, span sp, char *buffer, size_t *used)
{
    if (!sp.present) return NULL;
    char *out = buffer + *used;
    memcpy(out, s + sp.begin, sp.end - sp.begin);
    out[sp.end - sp.begin] = '\0';
    *used += sp.end - sp.begin + 1;
    return out;
}

static const char *const supported_object_names[] = {"material", "materials", "bones", "map"};

ta_result ta_track_name_parse(const char *track_name, ta_track_name *out_name, char *buffer, size_t buffer_size,
                              ta_error *err)
{
    if (track_name == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track_name: is NULL");
    if (out_name == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_name: is NULL");
    size_t n = strlen(track_name);
    if (buffer == NULL || buffer_size < TA_TRACK_NAME_BUFFER_SIZE(n))
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "buffer_size: %zu bytes is less than the %zu a name of %zu bytes needs",
                        buffer == NULL ? (size_t)0 : buffer_size, TA_TRACK_NAME_BUFFER_SIZE(n), n);
    subject x = {(const unsigned char *)track_name, n, n};
    for (size_t i = n; i-- > 0;)
        if (terminator_at(x.s, n, i)) {
            x.last_terminator = i;
            break;
        }
    match m;
    memset(&m, 0, sizeof m);
    if (!match_track_name(&x, &m)) {
        if (n > 200)
            return ta__fail(err, TA_ERROR_PARSE, "track name: cannot parse \"%.200s...\" (%zu bytes)", track_name, n);
        return ta__fail(err, TA_ERROR_PARSE, "track name: cannot parse \"%s\"", track_name);
    }
    /* "foo.bar.baz": three.js takes "bar" as the object only if it is one of
     * the names it knows, since a node name may hold dots. */
    if (m.node.present) {
        size_t last_dot = m.node.end;
        for (size_t i = m.node.end; i-- > m.node.begin;)
            if (track_name[i] == '.') {
                last_dot = i;
                break;
            }
        if (last_dot != m.node.end) {
            size_t len = m.node.end - last_dot - 1;
            for (size_t k = 0; k < sizeof supported_object_names / sizeof supported_object_names[0]; ++k) {
                const char *name = supported_object_names[k];
                if (strlen(name) == len && memcmp(track_name + last_dot + 1, name, len) == 0) {
                    m.object = (span){last_dot + 1, m.node.end, true};
                    m.node.end = last_dot;
                    break;
                }
            }
        }
    }
    size_t used = 0;
    out_name->node_name = put(track_name, m.node, buffer, &used);
    out_name->object_name = put(track_name, m.object, buffer, &used);
    out_name->object_index = put(track_name, m.object_index, buffer, &used);
    out_name->property_name = put(track_name, m.property, buffer, &used);
    out_name->property_index = put(track_name, m.property_index, buffer, &used);
    return TA_OK;
}

/* ---- sanitizeNodeName ------------------------------------------------------------ */

/* The byte length of a JavaScript \s character starting at s[i] (0 if none). */
static size_t space_at(const unsigned char *s, size_t n, size_t i)
{
    unsigned char c = s[i];
    if (c == ' ' || (c >= 0x09 && c <= 0x0D)) return 1;
    if (c == 0xC2 && i + 1 < n && s[i + 1] == 0xA0) return 2; /* U+00A0 */
    if (i + 2 >= n) return 0;
    unsigned char b = s[i + 1], d = s[i + 2];
    if (c == 0xE1 && b == 0x9A && d == 0x80) return 3; /* U+1680 */
    if (c == 0xE2 && b == 0x80 && ((d >= 0x80 && d <= 0x8A) || d == 0xA8 || d == 0xA9 || d == 0xAF))
        return 3;                                             /* U+2000..200A, 2028, 2029, 202F */
    if (c == 0xE2 && b == 0x81 && d == 0x9F) return 3;        /* U+205F */
    if (c == 0xE3 && b == 0x80 && d == 0x80) return 3;        /* U+3000 */
    if (c == 0xEF && b == 0xBB && d == 0xBF) return 3;        /* U+FEFF */
    return 0;
}

ta_result ta_track_name_sanitize(const char *name, char *out, size_t out_size, ta_error *err)
{
    if (name == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "name: is NULL");
    size_t n = strlen(name);
    if (out == NULL || out_size < n + 1)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_size: %zu bytes is less than the %zu the name needs",
                        out == NULL ? (size_t)0 : out_size, n + 1);
    const unsigned char *s = (const unsigned char *)name;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        size_t sp = space_at(s, n, i);
        if (sp) {
            out[w++] = '_';
            i += sp;
        } else if (is_reserved(s[i])) {
            ++i;
        } else {
            out[w++] = name[i++];
        }
    }
    out[w] = '\0';
    return TA_OK;
}
