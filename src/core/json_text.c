/* A small JSON object's text, checked, read and rewritten: see json_text.h.
 * The rules (what is refused, how numbers and strings are written) follow
 * jansson's, so that the runtime and the loaders agree on every text. */
#include "core/json_text.h"

#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 2048 };

/* ---- characters ------------------------------------------------------------------ */

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t skip_ws(const char *t, size_t i)
{
    while (is_ws(t[i])) ++i;
    return i;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The four hex digits at s, or -1. */
static int32_t hex4(const char *s)
{
    int32_t v = 0;
    for (int k = 0; k < 4; ++k) {
        int h = hex_value(s[k]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* The length of the UTF-8 sequence at s (1 to 4), 0 when it is not valid:
 * overlong forms, surrogates and code points past U+10FFFF are not. */
static size_t utf8_length(const unsigned char *s, uint32_t *out_cp)
{
    unsigned char c = s[0];
    size_t n;
    uint32_t cp;
    if (c < 0x80) {
        *out_cp = c;
        return 1;
    }
    if (c < 0xC2) return 0;
    if (c < 0xE0) n = 2, cp = c & 0x1Fu;
    else if (c < 0xF0) n = 3, cp = c & 0x0Fu;
    else if (c <= 0xF4) n = 4, cp = c & 0x07u;
    else return 0;
    for (size_t k = 1; k < n; ++k) {
        if ((s[k] & 0xC0u) != 0x80u) return 0;
        cp = (cp << 6) | (s[k] & 0x3Fu);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    *out_cp = cp;
    return n;
}

static size_t utf8_encode(uint32_t cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

bool ta__json_text_utf8_valid(const char *s)
{
    uint32_t cp;
    for (const unsigned char *p = (const unsigned char *)s; *p != 0;) {
        size_t n = utf8_length(p, &cp);
        if (n == 0) return false;
        p += n;
    }
    return true;
}

/* The next code point of the checked string whose bytes start at *i (just
 * past the opening quote); UINT32_MAX at the closing quote. */
static uint32_t next_code_point(const char *t, size_t *i)
{
    char c = t[*i];
    if (c == '"') return UINT32_MAX;
    if (c != '\\') {
        uint32_t cp = 0;
        *i += utf8_length((const unsigned char *)t + *i, &cp);
        return cp;
    }
    char e = t[*i + 1];
    *i += 2;
    switch (e) {
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'u': break;
    default: return (uint32_t)(unsigned char)e; /* " \ / */
    }
    uint32_t cp = (uint32_t)hex4(t + *i);
    *i += 4;
    if (cp >= 0xD800 && cp <= 0xDBFF) { /* the check saw its low half follow */
        uint32_t low = (uint32_t)hex4(t + *i + 2);
        *i += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    return cp;
}

/* ---- the check ------------------------------------------------------------------- */

typedef struct parser {
    const char *t;
    size_t i;
    int depth;
    const char *why; /* set on the first error */
    size_t at;
} parser;

static bool refuse(parser *p, size_t at, const char *why)
{
    p->why = why;
    p->at = at;
    return false;
}

static bool check_value(parser *p);

static bool check_string(parser *p)
{
    size_t start = p->i++;
    for (;;) {
        unsigned char c = (unsigned char)p->t[p->i];
        if (c == 0) return refuse(p, start, "premature end of input");
        if (c == '"') break;
        if (c < 0x20) return refuse(p, p->i, "control character in a string");
        if (c == '\\') {
            char e = p->t[p->i + 1];
            if (e != 'u') {
                if (strchr("\"\\/bfnrt", e) == NULL || e == 0) return refuse(p, p->i, "invalid escape");
                p->i += 2;
                continue;
            }
            int32_t cp = hex4(p->t + p->i + 2);
            if (cp < 0) return refuse(p, p->i, "invalid escape");
            if (cp == 0) return refuse(p, p->i, "\\u0000 is not allowed");
            if (cp >= 0xDC00 && cp <= 0xDFFF) return refuse(p, p->i, "invalid Unicode (a lone low surrogate)");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                int32_t low = p->t[p->i + 6] == '\\' && p->t[p->i + 7] == 'u' ? hex4(p->t + p->i + 8) : -1;
                if (low < 0xDC00 || low > 0xDFFF) return refuse(p, p->i, "invalid Unicode (a lone high surrogate)");
                p->i += 6;
            }
            p->i += 6;
            continue;
        }
        uint32_t cp;
        size_t n = utf8_length((const unsigned char *)p->t + p->i, &cp);
        if (n == 0) return refuse(p, p->i, "invalid UTF-8");
        p->i += n;
    }
    ++p->i;
    return true;
}

/* strtod on the number at t, whatever the C locale's decimal point. */
static double read_number(const char *t, size_t len)
{
    const char *point = localeconv()->decimal_point;
    if (point[0] == '.' && point[1] == 0) return strtod(t, NULL);
    char buf[512];
    if (len >= sizeof buf) len = sizeof buf - 1; /* far past a double's precision */
    memcpy(buf, t, len);
    buf[len] = 0;
    char *dot = strchr(buf, '.');
    if (dot != NULL) *dot = point[0];
    return strtod(buf, NULL);
}

static bool check_number(parser *p)
{
    const char *t = p->t;
    size_t start = p->i, i = p->i;
    bool negative = t[i] == '-';
    if (negative) ++i;
    size_t digits = i;
    if (t[i] == '0') {
        ++i;
        if (is_digit(t[i])) return refuse(p, start, "invalid token");
    } else if (is_digit(t[i])) {
        while (is_digit(t[i])) ++i;
    } else {
        return refuse(p, start, "invalid token");
    }
    size_t digits_end = i;
    bool real = false;
    if (t[i] == '.') {
        real = true;
        if (!is_digit(t[++i])) return refuse(p, start, "invalid token");
        while (is_digit(t[i])) ++i;
    }
    if (t[i] == 'e' || t[i] == 'E') {
        real = true;
        ++i;
        if (t[i] == '+' || t[i] == '-') ++i;
        if (!is_digit(t[i])) return refuse(p, start, "invalid token");
        while (is_digit(t[i])) ++i;
    }
    p->i = i;
    if (!real) {
        /* A 64-bit integer, as jansson keeps them: compared digit by digit. */
        static const char max[] = "9223372036854775807", min[] = "9223372036854775808";
        size_t n = digits_end - digits;
        const char *limit = negative ? min : max;
        if (n > 19 || (n == 19 && memcmp(t + digits, limit, 19) > 0))
            return refuse(p, start, negative ? "too big negative integer" : "too big integer");
        return true;
    }
    double v = read_number(t + start, i - start);
    if (isinf(v)) return refuse(p, start, "real number overflow");
    return true;
}

static bool check_literal(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(p->t + p->i, word, n) != 0) return refuse(p, p->i, "invalid token");
    p->i += n;
    return true;
}

static bool check_container(parser *p, char close)
{
    if (++p->depth > MAX_DEPTH) return refuse(p, p->i, "maximum parsing depth reached");
    ++p->i;
    p->i = skip_ws(p->t, p->i);
    if (p->t[p->i] == close) {
        ++p->i;
        --p->depth;
        return true;
    }
    for (;;) {
        if (close == '}') {
            if (p->t[p->i] != '"') return refuse(p, p->i, "string or '}' expected");
            if (!check_string(p)) return false;
            p->i = skip_ws(p->t, p->i);
            if (p->t[p->i] != ':') return refuse(p, p->i, "':' expected");
            p->i = skip_ws(p->t, p->i + 1);
        }
        if (!check_value(p)) return false;
        p->i = skip_ws(p->t, p->i);
        if (p->t[p->i] == close) break;
        if (p->t[p->i] != ',') return refuse(p, p->i, close == '}' ? "'}' expected" : "']' expected");
        p->i = skip_ws(p->t, p->i + 1);
    }
    ++p->i;
    --p->depth;
    return true;
}

static bool check_value(parser *p)
{
    switch (p->t[p->i]) {
    case '{': return check_container(p, '}');
    case '[': return check_container(p, ']');
    case '"': return check_string(p);
    case 't': return check_literal(p, "true");
    case 'f': return check_literal(p, "false");
    case 'n': return check_literal(p, "null");
    case 0: return refuse(p, p->i, "premature end of input");
    default: return check_number(p);
    }
}

ta_result ta__json_text_check_object(const char *text, const char *what, ta_error *err)
{
    parser p = {text, skip_ws(text, 0), 0, NULL, 0};
    char first = text[p.i];
    bool ok = first == '{' || first == '[' ? check_value(&p) : refuse(&p, p.i, "'[' or '{' expected");
    if (ok) {
        p.i = skip_ws(text, p.i);
        if (text[p.i] != 0) ok = refuse(&p, p.i, "end of file expected");
    }
    if (!ok) {
        int line = 1;
        size_t line_start = 0;
        for (size_t k = 0; k < p.at; ++k)
            if (text[k] == '\n') ++line, line_start = k + 1;
        return ta__fail(err, TA_ERROR_PARSE, "%s: not the text of a JSON object (line %d column %zu: %s)", what, line,
                        p.at - line_start + 1, p.why);
    }
    if (first != '{') return ta__fail(err, TA_ERROR_PARSE, "%s: the text of a JSON array, not of an object", what);
    return TA_OK;
}

/* ---- reading a checked text ------------------------------------------------------ */

/* The end of the checked value that starts at i. */
static size_t value_end(const char *t, size_t i)
{
    char c = t[i];
    if (c == '"') {
        ++i;
        while (next_code_point(t, &i) != UINT32_MAX) {}
        return i + 1;
    }
    if (c == '{' || c == '[') {
        int depth = 0;
        do {
            c = t[i];
            if (c == '"') {
                i = value_end(t, i);
                continue;
            }
            if (c == '{' || c == '[') ++depth;
            if (c == '}' || c == ']') --depth;
            ++i;
        } while (depth > 0);
        return i;
    }
    while (t[i] != 0 && t[i] != ',' && t[i] != ']' && t[i] != '}' && !is_ws(t[i])) ++i;
    return i;
}

ta__json_span ta__json_text_root(const char *text)
{
    size_t b = skip_ws(text, 0);
    ta__json_span s = {b, value_end(text, b)};
    return s;
}

char ta__json_text_kind(const char *text, ta__json_span value)
{
    char c = text[value.begin];
    return c == '-' || is_digit(c) ? '0' : c;
}

/* One step through a container: *cursor is 0 before the first item, then the
 * offset just past the last one read. */
static bool next_in(const char *t, ta__json_span c, size_t *cursor, bool members, ta__json_span *key,
                    ta__json_span *value)
{
    size_t i = *cursor == 0 ? c.begin + 1 : *cursor;
    i = skip_ws(t, i);
    if (t[i] == ',') i = skip_ws(t, i + 1);
    if (i + 1 >= c.end) return false; /* at the closing bracket */
    if (members) {
        key->begin = i;
        key->end = value_end(t, i);
        i = skip_ws(t, key->end);
        i = skip_ws(t, i + 1); /* past ':' */
    }
    value->begin = i;
    value->end = value_end(t, i);
    *cursor = value->end;
    return true;
}

bool ta__json_text_next_member(const char *text, ta__json_span object, size_t *cursor, ta__json_span *out_key,
                               ta__json_span *out_value)
{
    return text[object.begin] == '{' && next_in(text, object, cursor, true, out_key, out_value);
}

bool ta__json_text_next_item(const char *text, ta__json_span array, size_t *cursor, ta__json_span *out_item)
{
    ta__json_span unused;
    return text[array.begin] == '[' && next_in(text, array, cursor, false, &unused, out_item);
}

bool ta__json_text_string_is(const char *text, ta__json_span s, const char *key)
{
    size_t i = s.begin + 1, k = 0;
    for (uint32_t cp; (cp = next_code_point(text, &i)) != UINT32_MAX;) {
        char bytes[4];
        size_t n = utf8_encode(cp, bytes);
        if (strncmp(key + k, bytes, n) != 0) return false;
        k += n;
    }
    return key[k] == 0;
}

static bool same_string(const char *t, ta__json_span a, ta__json_span b)
{
    size_t i = a.begin + 1, j = b.begin + 1;
    for (;;) {
        uint32_t x = next_code_point(t, &i), y = next_code_point(t, &j);
        if (x != y) return false;
        if (x == UINT32_MAX) return true;
    }
}

bool ta__json_text_key_repeats_earlier(const char *text, ta__json_span object, ta__json_span key)
{
    size_t cursor = 0;
    ta__json_span k, v;
    while (ta__json_text_next_member(text, object, &cursor, &k, &v) && k.begin < key.begin)
        if (same_string(text, k, key)) return true;
    return false;
}

/* The value of the last member named as the string at key. */
static ta__json_span last_value_of(const char *t, ta__json_span object, ta__json_span key)
{
    size_t cursor = 0;
    ta__json_span k, v, found = {0, 0};
    while (ta__json_text_next_member(t, object, &cursor, &k, &v))
        if (same_string(t, k, key)) found = v;
    return found;
}

bool ta__json_text_get(const char *text, ta__json_span object, const char *key, ta__json_span *out_value)
{
    size_t cursor = 0;
    ta__json_span k, v;
    bool found = false;
    while (ta__json_text_next_member(text, object, &cursor, &k, &v)) {
        if (ta__json_text_string_is(text, k, key)) {
            *out_value = v;
            found = true;
        }
    }
    return found;
}

double ta__json_text_number(const char *text, ta__json_span value)
{
    return read_number(text + value.begin, value.end - value.begin);
}

char *ta__json_text_string_dup(const ta__mem *mem, const char *text, ta__json_span s)
{
    /* Measured first: the exact size is what ta__free_str will free. */
    char bytes[4];
    size_t i = s.begin + 1, n = 0;
    for (uint32_t cp; (cp = next_code_point(text, &i)) != UINT32_MAX;) n += utf8_encode(cp, bytes);
    char *out = (char *)ta__alloc(mem, n + 1);
    if (out == NULL) return NULL;
    i = s.begin + 1;
    n = 0;
    for (uint32_t cp; (cp = next_code_point(text, &i)) != UINT32_MAX;) n += utf8_encode(cp, out + n);
    out[n] = 0;
    return out;
}

/* ---- the writer ------------------------------------------------------------------ */

void ta__json_out_raw(ta__json_out *o, const char *s, size_t n)
{
    if (o->failed) return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 64;
        while (cap < o->len + n + 1) cap *= 2;
        char *b = (char *)ta__realloc(o->mem, o->buf, o->cap, cap);
        if (b == NULL) {
            o->failed = true;
            return;
        }
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = 0;
}

static void out_code_point(ta__json_out *o, uint32_t cp)
{
    char b[8];
    size_t n;
    switch (cp) {
    case '"': n = 2, memcpy(b, "\\\"", 2); break;
    case '\\': n = 2, memcpy(b, "\\\\", 2); break;
    case '\b': n = 2, memcpy(b, "\\b", 2); break;
    case '\f': n = 2, memcpy(b, "\\f", 2); break;
    case '\n': n = 2, memcpy(b, "\\n", 2); break;
    case '\r': n = 2, memcpy(b, "\\r", 2); break;
    case '\t': n = 2, memcpy(b, "\\t", 2); break;
    default:
        if (cp < 0x20) {
            char u[7];
            snprintf(u, sizeof u, "\\u%04X", (unsigned)cp);
            n = 6, memcpy(b, u, 6);
        } else {
            n = utf8_encode(cp, b);
        }
    }
    ta__json_out_raw(o, b, n);
}

void ta__json_out_string(ta__json_out *o, const char *s)
{
    ta__json_out_raw(o, "\"", 1);
    uint32_t cp;
    for (const unsigned char *p = (const unsigned char *)s; *p != 0;) {
        size_t n = utf8_length(p, &cp);
        if (n == 0) { /* the caller checked: never reached */
            o->failed = true;
            return;
        }
        out_code_point(o, cp);
        p += n;
    }
    ta__json_out_raw(o, "\"", 1);
}

void ta__json_out_real(ta__json_out *o, double v)
{
    /* jansson's form: 17 significant digits, a ".0" when it would read as an
     * integer, and the exponent without '+' or leading zeros. */
    char b[40];
    int n = snprintf(b, sizeof b - 2, "%.17g", v);
    const char *point = localeconv()->decimal_point;
    char *dot = point[0] != '.' ? strchr(b, point[0]) : NULL;
    if (dot != NULL) *dot = '.';
    if (strchr(b, '.') == NULL && strchr(b, 'e') == NULL) {
        memcpy(b + n, ".0", 3);
        n += 2;
    }
    char *e = strchr(b, 'e');
    if (e != NULL) {
        char *start = e + 1, *end = e + 2;
        if (*start == '-') ++start;
        while (*end == '0') ++end;
        if (end != start) {
            memmove(start, end, strlen(end) + 1);
            n = (int)strlen(b);
        }
    }
    ta__json_out_raw(o, b, (size_t)n);
}

static void out_string_at(ta__json_out *o, const char *t, ta__json_span s)
{
    ta__json_out_raw(o, "\"", 1);
    size_t i = s.begin + 1;
    for (uint32_t cp; (cp = next_code_point(t, &i)) != UINT32_MAX;) out_code_point(o, cp);
    ta__json_out_raw(o, "\"", 1);
}

void ta__json_out_member(ta__json_out *o, const char *text, ta__json_span object, ta__json_span key)
{
    out_string_at(o, text, key);
    ta__json_out_raw(o, ":", 1);
    ta__json_out_value(o, text, last_value_of(text, object, key));
}

void ta__json_out_value(ta__json_out *o, const char *text, ta__json_span v)
{
    const char *t = text;
    size_t cursor = 0;
    bool first = true;
    ta__json_span k, item;
    switch (ta__json_text_kind(t, v)) {
    case '"': out_string_at(o, t, v); return;
    case '[':
        ta__json_out_raw(o, "[", 1);
        while (ta__json_text_next_item(t, v, &cursor, &item)) {
            if (!first) ta__json_out_raw(o, ",", 1);
            first = false;
            ta__json_out_value(o, t, item);
        }
        ta__json_out_raw(o, "]", 1);
        return;
    case '{':
        ta__json_out_raw(o, "{", 1);
        while (ta__json_text_next_member(t, v, &cursor, &k, &item)) {
            if (ta__json_text_key_repeats_earlier(t, v, k)) continue;
            if (!first) ta__json_out_raw(o, ",", 1);
            first = false;
            ta__json_out_member(o, t, v, k);
        }
        ta__json_out_raw(o, "}", 1);
        return;
    case '0': {
        size_t n = v.end - v.begin;
        bool integer = strcspn(t + v.begin, ".eE") >= n;
        if (!integer)
            ta__json_out_real(o, ta__json_text_number(t, v));
        else if (n == 2 && t[v.begin] == '-' && t[v.begin + 1] == '0')
            ta__json_out_raw(o, "0", 1); /* an integer: minus zero is zero */
        else
            ta__json_out_raw(o, t + v.begin, n);
        return;
    }
    default: ta__json_out_raw(o, t + v.begin, v.end - v.begin); return;
    }
}

char *ta__json_out_take(ta__json_out *o)
{
    char *s = o->failed || o->buf == NULL ? NULL : ta__strdup(o->mem, o->buf);
    ta__json_out_drop(o);
    return s;
}

void ta__json_out_drop(ta__json_out *o)
{
    if (o->buf != NULL) ta__free(o->mem, o->buf, o->cap);
    o->buf = NULL;
    o->len = o->cap = 0;
}
