/* Decodes meshoptimizer streams with threeanim's decoder (io/meshopt_decode.h)
 * for run.mjs, which compares the bytes with the npm meshoptimizer decoder's.
 *   meshopt_decode_tool MANIFEST
 * Each line of MANIFEST: COUNT STRIDE MODE FILTER IN OUT -- the stream is read
 * from IN, the decoded bytes are written to OUT; a stream that does not decode
 * writes no OUT and prints "IN: why" on stdout. Exit 0 unless a file cannot
 * be read or written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/meshopt_decode.h"

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(n > 0 ? (size_t)n : 1);
    if (data != NULL && n > 0 && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return data;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: meshopt_decode_tool MANIFEST\n");
        return 2;
    }
    FILE *m = fopen(argv[1], "r");
    if (m == NULL) {
        perror(argv[1]);
        return 1;
    }
    char mode[32], filter[32], in[4096], out[4096];
    unsigned long count, stride;
    int status = 0;
    while (fscanf(m, "%lu %lu %31s %31s %4095s %4095s", &count, &stride, mode, filter, in, out) == 6) {
        int mo = ta__meshopt_mode_parse(mode), fi = ta__meshopt_filter_parse(filter);
        const char *bad = mo < 0 || fi < 0 ? "unknown mode or filter"
                                           : ta__meshopt_check(count, stride, (ta__meshopt_mode)mo,
                                                               (ta__meshopt_filter)fi);
        if (bad != NULL) {
            printf("%s: %s\n", in, bad);
            continue;
        }
        size_t size;
        unsigned char *src = read_all(in, &size);
        unsigned char *dst = malloc(count * stride + 1);
        if (src == NULL || dst == NULL) {
            fprintf(stderr, "%s: cannot be read\n", in);
            status = 1;
        } else {
            const char *why = ta__meshopt_decode(dst, count, stride, src, size, (ta__meshopt_mode)mo,
                                                 (ta__meshopt_filter)fi, NULL);
            if (why != NULL) {
                printf("%s: %s\n", in, why);
            } else {
                FILE *o = fopen(out, "wb");
                if (o == NULL || fwrite(dst, 1, count * stride, o) != count * stride) status = 1;
                if (o != NULL) fclose(o);
            }
        }
        free(src);
        free(dst);
    }
    fclose(m);
    return status;
}
