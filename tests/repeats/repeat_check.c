/*
 * repeat_check -- fails when a block of code stands twice in a source tree,
 * so that a piece of logic is written once and called, not copied.
 *
 *     repeat_check DIR [KNOWN]
 *
 * reads every .c and .h file below DIR and reports, as "core/a.c:10 ~
 * io/b.c:40 (7 lines)" (paths below DIR), each place where six or more lines
 * follow one another in two places, within one file or across two. Exit
 * status: 0 when there is none, 1 when there is, 2 when a file cannot be read.
 *
 * KNOWN, when given, is a file of lines "a.c ~ b.c" (paths below DIR; lines
 * starting with # are comments): repeats between those two files are listed
 * as known but do not fail the check. It is for a repeat that is waiting to
 * be folded, and an entry goes when its repeat does (the check says so).
 *
 * The rule, kept simple so that a reader can apply it by eye:
 *   - lines are compared to the letter after their leading and trailing white
 *     space is cut (indentation is layout, not content);
 *   - lines that are blank, or hold nothing but the punctuation { } ( ) ; ,
 *     are passed over: they close blocks everywhere and say nothing;
 *   - two places that overlap in one file (a line repeated in a row) do not
 *     count as a repeat.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, opendir */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct line {
    const char *text; /* trimmed, owned by the check's arena of lines */
    uint32_t file;    /* index into the file names */
    uint32_t number;  /* 1-based, in the file */
} line;

typedef struct tree {
    char **files;
    uint32_t file_count, file_cap;
    line *lines;
    size_t line_count, line_cap;
} tree;

#define MIN_LINES 6

typedef struct window {
    uint64_t hash;
    size_t first; /* index of its first line in tree.lines */
} window;

static void *grow(void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return items;
    size_t next = *cap ? *cap * 2 : 256;
    while (next < need) next *= 2;
    void *p = realloc(items, next * size);
    if (p == NULL) {
        fprintf(stderr, "repeat_check: out of memory\n");
        exit(2);
    }
    *cap = next;
    return p;
}

static int is_source(const char *name)
{
    size_t n = strlen(name);
    return (n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h'));
}

static int passed_over(const char *s)
{
    for (; *s; ++s)
        if (strchr("{}();,", *s) == NULL) return 0;
    return 1;
}

static void read_file(tree *t, const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "repeat_check: cannot read %s\n", path);
        exit(2);
    }
    size_t cap = t->file_cap;
    t->files = grow(t->files, &cap, (size_t)t->file_count + 1, sizeof *t->files);
    t->file_cap = (uint32_t)cap;
    uint32_t file = t->file_count++;
    t->files[file] = strdup(name);
    char buf[4096];
    uint32_t number = 0;
    while (fgets(buf, sizeof buf, f) != NULL) {
        ++number;
        char *s = buf;
        while (*s == ' ' || *s == '\t') ++s;
        size_t n = strlen(s);
        while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = '\0';
        if (passed_over(s)) continue;
        t->lines = grow(t->lines, &t->line_cap, t->line_count + 1, sizeof *t->lines);
        t->lines[t->line_count].text = strdup(s);
        t->lines[t->line_count].file = file;
        t->lines[t->line_count].number = number;
        t->line_count++;
    }
    fclose(f);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files in name order, so that the report is the same on every machine.
 * rel is dir's path below the tree's root ("" at the root). */
static void walk(tree *t, const char *dir, const char *rel)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "repeat_check: cannot open %s\n", dir);
        exit(2);
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        names = grow(names, &cap, count + 1, sizeof *names);
        names[count++] = strdup(e->d_name);
    }
    closedir(d);
    if (count > 0) qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; ++i) {
        size_t size = strlen(dir) + strlen(rel) + 2 * strlen(names[i]) + 4;
        char *path = malloc(size), *name = malloc(size);
        if (path == NULL || name == NULL) exit(2);
        snprintf(path, size, "%s/%s", dir, names[i]);
        snprintf(name, size, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            walk(t, path, name);
        else if (is_source(names[i]))
            read_file(t, path, name);
        free(path);
        free(name);
        free(names[i]);
    }
    free(names);
}

/* ---- known repeats ------------------------------------------------------------------ */

typedef struct known {
    char a[256], b[256];
    int used;
} known;

static known *read_known(const char *path, size_t *out_count)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "repeat_check: cannot read %s\n", path);
        exit(2);
    }
    known *k = NULL;
    size_t n = 0, cap = 0;
    char text[600];
    while (fgets(text, sizeof text, f) != NULL) {
        if (text[0] == '#' || text[0] == '\n') continue;
        k = grow(k, &cap, n + 1, sizeof *k);
        memset(&k[n], 0, sizeof k[n]);
        if (sscanf(text, "%255s ~ %255s", k[n].a, k[n].b) != 2) {
            fprintf(stderr, "repeat_check: %s: \"%s\" is not \"a.c ~ b.c\"\n", path, text);
            exit(2);
        }
        n++;
    }
    fclose(f);
    *out_count = n;
    return k;
}

static known *find_known(known *k, size_t n, const char *a, const char *b)
{
    for (size_t i = 0; i < n; ++i)
        if ((strcmp(k[i].a, a) == 0 && strcmp(k[i].b, b) == 0) || (strcmp(k[i].a, b) == 0 && strcmp(k[i].b, a) == 0))
            return &k[i];
    return NULL;
}

static uint64_t hash_text(uint64_t h, const char *s)
{
    for (; *s; ++s) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return (h ^ 0xffu) * 1099511628211ull;
}

static int by_hash(const void *a, const void *b)
{
    const window *x = a, *y = b;
    if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Lines a and b begin equal runs of how many lines (0: they differ)? */
static size_t run_length(const tree *t, size_t a, size_t b)
{
    size_t n = 0;
    while (a + n < t->line_count && b + n < t->line_count && t->lines[a + n].file == t->lines[a].file &&
           t->lines[b + n].file == t->lines[b].file && strcmp(t->lines[a + n].text, t->lines[b + n].text) == 0) {
        if (t->lines[a].file == t->lines[b].file && a + n >= b) break; /* overlapping */
        ++n;
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: repeat_check DIR [KNOWN]\n");
        return 2;
    }
    const size_t min = MIN_LINES;
    size_t known_count = 0;
    known *k = argc == 3 ? read_known(argv[2], &known_count) : NULL;
    tree t = {0};
    walk(&t, argv[1], "");

    /* Every window of min lines inside one file, hashed, then sorted so that
     * equal windows sit together. */
    window *w = NULL;
    size_t wn = 0, wcap = 0;
    for (size_t i = 0; i + min <= t.line_count; ++i) {
        if (t.lines[i + min - 1].file != t.lines[i].file) continue;
        uint64_t h = 14695981039346656037ull;
        for (size_t j = 0; j < min; ++j) h = hash_text(h, t.lines[i + j].text);
        w = grow(w, &wcap, wn + 1, sizeof *w);
        w[wn].hash = h;
        w[wn].first = i;
        wn++;
    }
    if (wn > 0) qsort(w, wn, sizeof *w, by_hash);

    size_t found = 0, excused = 0;
    for (size_t i = 0; i < wn; ++i) {
        for (size_t j = i + 1; j < wn && w[j].hash == w[i].hash; ++j) {
            size_t a = w[i].first, b = w[j].first;
            size_t n = run_length(&t, a, b);
            if (n < min) continue;
            /* Report a run once, from its first line. */
            if (a > 0 && b > 0 && t.lines[a - 1].file == t.lines[a].file && t.lines[b - 1].file == t.lines[b].file &&
                run_length(&t, a - 1, b - 1) > n)
                continue;
            const char *fa = t.files[t.lines[a].file], *fb = t.files[t.lines[b].file];
            known *kn = find_known(k, known_count, fa, fb);
            if (kn != NULL) kn->used = 1;
            printf("%s%s:%u ~ %s:%u (%zu lines): %s\n", kn != NULL ? "known, to fold: " : "", fa,
                   t.lines[a].number, fb, t.lines[b].number, n, t.lines[a].text);
            if (kn != NULL)
                excused++;
            else
                found++;
        }
    }
    for (size_t i = 0; i < known_count; ++i)
        if (!k[i].used) printf("note: %s ~ %s repeat nothing now; take the line out of %s\n", k[i].a, k[i].b, argv[2]);
    if (found > 0)
        printf("%zu repeated blocks of %zu or more lines: write each once and call it\n", found, min);
    else
        printf("no block of %zu or more lines stands twice in %u files (%zu known, to fold)\n", min, t.file_count,
               excused);
    free(w);
    free(k);
    for (size_t i = 0; i < t.line_count; ++i) free((void *)t.lines[i].text);
    for (uint32_t i = 0; i < t.file_count; ++i) free(t.files[i]);
    free(t.lines);
    free(t.files);
    return found > 0 ? 1 : 0;
}
