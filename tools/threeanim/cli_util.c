/* Files, paths and JSON printing for the command. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

char *cli_read_file(const char *path, size_t *out_size, ta_error *err)
{
    /* The loaders' default limit: a pipe, a device or a file past it is
     * refused before anything is read. */
    char *bytes = NULL;
    size_t size = 0;
    if (ta_file_read(path, CLI_MAX_FILE_BYTES, NULL, &bytes, &size, err) != TA_OK) return NULL;
    if (out_size) *out_size = size;
    return bytes;
}

bool cli_is_gltf_path(const char *path)
{
    size_t n = strlen(path);
    return (n >= 5 && strcmp(path + n - 5, ".gltf") == 0) || (n >= 4 && strcmp(path + n - 4, ".glb") == 0);
}

const char *cli_join_path(const char *dir, const char *rel, char *buf, size_t size)
{
    if (rel[0] == '/' || dir == NULL || dir[0] == '\0')
        snprintf(buf, size, "%s", rel);
    else
        snprintf(buf, size, "%s/%s", dir, rel);
    return buf;
}

const char *cli_dirname(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        snprintf(buf, size, ".");
    } else if (slash == path) {
        snprintf(buf, size, "/");
    } else {
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
    }
    return buf;
}

void cli_print_csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; ++s) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void cli_print_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

void cli_print_float(FILE *out, double v)
{
    if (!isfinite(v)) {
        fputs("null", out);
        return;
    }
    if (v == 0) v = 0; /* no "-0" */
    fprintf(out, "%.9g", v);
}

ta_result cli_fail(ta_error *err, ta_result code, const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}
