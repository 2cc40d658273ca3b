/*
 * bench_gltf_load [--seconds S] [--samples DIR] [--no-three] [FILE ...]
 *
 * Times loading and converting glTF files into a ta_model (ta_gltf_load_memory:
 * parsing, buffers, accessors, the scene, the clips) and, in the same run,
 * three.js 0.186.0's GLTFLoader.parse on the same files under Node
 * (bench/gltf/bench_gltf_load.mjs). Both sides start from the file's bytes in
 * memory and read external buffers inside the timing; each file is repeated
 * for at least S seconds (default 0.5) after warm-up runs, and the median is
 * reported. Prints one line per file: the milliseconds of each side and
 * three.js's time over threeanim's. Without FILEs: every .gltf and .glb under
 * the glTF samples folder beside the clone, by default (or --samples DIR). Nothing is asserted.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "threeanim/gltf.h"

/* The project's root, from this file's path (cmake compiles it by its full path). */
static void project_root(char *out, size_t size)
{
    snprintf(out, size, "%s", __FILE__);
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0'; /* bench */
    slash = strrchr(out, '/');
    if (slash)
        *slash = '\0'; /* the root */
    else
        snprintf(out, size, ".");
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct file_list {
    char **paths;
    size_t count, cap;
} file_list;

static void add_file(file_list *l, const char *path)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->paths = (char **)realloc(l->paths, l->cap * sizeof(char *));
    }
    size_t n = strlen(path) + 1;
    l->paths[l->count] = (char *)malloc(n);
    memcpy(l->paths[l->count++], path, n);
}

static void find_gltf(file_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            find_gltf(l, path);
        } else {
            const char *dot = strrchr(e->d_name, '.');
            if (dot && (strcmp(dot, ".gltf") == 0 || strcmp(dot, ".glb") == 0)) add_file(l, path);
        }
    }
    closedir(d);
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = (unsigned char *)malloc(n > 0 ? (size_t)n : 1);
    *size = fread(data, 1, (size_t)n, f);
    fclose(f);
    return data;
}

/* Median milliseconds of ta_gltf_load_memory on path, or a negative value
 * when the file is refused. */
static double time_threeanim(const char *path, double min_seconds, int *runs, const char **why)
{
    size_t size;
    unsigned char *data = read_all(path, &size);
    if (data == NULL) {
        *why = "cannot read the file";
        return -1;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    ta_load_options opts;
    memset(&opts, 0, sizeof opts);
    opts.base_dir = dir;
    static ta_error err;
    size_t cap = 1024, n = 0;
    double *times = (double *)malloc(cap * sizeof(double));
    for (int warm = 0; warm < 2; ++warm) {
        ta_model *model;
        if (ta_gltf_load_memory(data, size, &opts, &model, &err) != TA_OK) {
            *why = err.message;
            free(times);
            free(data);
            return -1;
        }
        ta_model_destroy(model);
    }
    double start = now_seconds();
    while (n < 3 || now_seconds() - start < min_seconds) {
        ta_model *model;
        double t0 = now_seconds();
        ta_gltf_load_memory(data, size, &opts, &model, &err);
        times[n++] = (now_seconds() - t0) * 1e3;
        ta_model_destroy(model);
        if (n == cap) {
            if (cap >= 1u << 20) break;
            cap *= 2;
            times = (double *)realloc(times, cap * sizeof(double));
        }
    }
    qsort(times, n, sizeof(double), compare_doubles);
    double median = times[n / 2];
    *runs = (int)n;
    free(times);
    free(data);
    return median;
}

/* Runs the Node side once on every file and reads back its medians. */
static void time_three(const char *root, const file_list *files, double min_seconds, double *out_ms)
{
    for (size_t i = 0; i < files->count; ++i) out_ms[i] = -1;
    /* three from the benchmarks' own install, else the tests'. */
    char modules[4200], script[4200];
    char three_pkg[4300];
    struct stat st;
    snprintf(modules, sizeof modules, "%.4000s/bench/threejs/node_modules", root);
    snprintf(three_pkg, sizeof three_pkg, "%.4200s/three/package.json", modules);
    if (stat(three_pkg, &st) != 0) {
        snprintf(modules, sizeof modules, "%.4000s/tests/node_modules", root);
        snprintf(three_pkg, sizeof three_pkg, "%.4200s/three/package.json", modules);
    }
    snprintf(script, sizeof script, "%.4000s/bench/gltf/bench_gltf_load.mjs", root);
    if (stat(three_pkg, &st) != 0) {
        fprintf(stderr, "three.js side skipped: %s is missing (run scripts/deps.sh)\n", three_pkg);
        return;
    }
    size_t len = strlen(script) + strlen(modules) + 64;
    for (size_t i = 0; i < files->count; ++i) len += strlen(files->paths[i]) + 3;
    char *cmd = (char *)malloc(len);
    int o = snprintf(cmd, len, "node '%s' '%s' %g", script, modules, min_seconds);
    for (size_t i = 0; i < files->count; ++i) o += snprintf(cmd + o, len - (size_t)o, " '%s'", files->paths[i]);
    FILE *p = popen(cmd, "r");
    free(cmd);
    if (p == NULL) {
        fprintf(stderr, "three.js side skipped: cannot run node\n");
        return;
    }
    char line[8192];
    while (fgets(line, sizeof line, p) != NULL) {
        /* {"file":"...","runs":N,"median_ms":M,...} */
        char *f = strstr(line, "\"file\":\""), *m = strstr(line, "\"median_ms\":");
        if (f == NULL || m == NULL) continue;
        f += 8;
        char *end = strchr(f, '"');
        if (end == NULL) continue;
        *end = '\0';
        for (size_t i = 0; i < files->count; ++i)
            if (strcmp(files->paths[i], f) == 0) out_ms[i] = strtod(m + 12, NULL);
    }
    if (pclose(p) != 0) fprintf(stderr, "three.js side: node did not finish cleanly\n");
}

int main(int argc, char **argv)
{
    char root[4096];
    project_root(root, sizeof root);
    double seconds = 0.5;
    bool three = true;
    char samples[4200];
    snprintf(samples, sizeof samples, "%.4000s/../shared/gltf-samples", root);
    file_list files = {0};
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            snprintf(samples, sizeof samples, "%s", argv[++i]);
        else if (strcmp(argv[i], "--no-three") == 0)
            three = false;
        else
            add_file(&files, argv[i]);
    }
    if (files.count == 0) find_gltf(&files, samples);
    if (files.count == 0) {
        printf("bench_gltf_load: no glTF files (looked in %s); nothing to time\n", samples);
        return 0;
    }
    qsort(files.paths, files.count, sizeof(char *), compare_strings);
    double *three_ms = (double *)malloc(files.count * sizeof(double));
    for (size_t i = 0; i < files.count; ++i) three_ms[i] = -1;
    if (three) time_three(root, &files, seconds, three_ms);
    printf("%-58s %12s %12s %8s\n", "file (load + convert, median)", "threeanim ms", "three.js ms", "ratio");
    double sum_ours = 0, sum_three = 0;
    for (size_t i = 0; i < files.count; ++i) {
        int runs = 0;
        const char *why = "";
        double ours = time_threeanim(files.paths[i], seconds, &runs, &why);
        const char *name = files.paths[i];
        size_t n = strlen(name);
        if (n > 58) name += n - 58;
        if (ours < 0) {
            printf("%-58s refused: %s\n", name, why);
            continue;
        }
        if (three_ms[i] >= 0) {
            printf("%-58s %12.4f %12.4f %7.1fx\n", name, ours, three_ms[i], three_ms[i] / ours);
            sum_ours += ours;
            sum_three += three_ms[i];
        } else {
            printf("%-58s %12.4f %12s %8s\n", name, ours, "-", "-");
        }
    }
    if (sum_ours > 0)
        printf("%-58s %12.4f %12.4f %7.1fx\n", "all files (sum of medians)", sum_ours, sum_three, sum_three / sum_ours);
    for (size_t i = 0; i < files.count; ++i) free(files.paths[i]);
    free(files.paths);
    free(three_ms);
    return 0;
}
