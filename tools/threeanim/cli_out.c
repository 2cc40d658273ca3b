/* Files written whole or not at all (cli_out.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_out.h"

static ta_result io_fail(ta_error *err, const char *path, const char *what)
{
    if (err != NULL) {
        err->code = TA_ERROR_IO;
        snprintf(err->message, sizeof err->message, "%s: %s: %s", path, what, strerror(errno));
    }
    return TA_ERROR_IO;
}

ta_result cli_out_open(cli_out *out, const char *path, ta_error *err)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0) {
        out->f = stdout;
        return TA_OK;
    }
    size_t n = strlen(path);
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash == NULL ? 0 : (size_t)(slash - path) + 1;
    out->path = malloc(n + 1);
    out->tmp = malloc(n + 16);
    if (out->path == NULL || out->tmp == NULL) {
        free(out->path);
        free(out->tmp);
        memset(out, 0, sizeof *out);
        errno = ENOMEM;
        return io_fail(err, path, "cannot be written");
    }
    memcpy(out->path, path, n + 1);
    /* "dir/.name.XXXXXX": hidden, in the same folder, so rename is atomic. */
    snprintf(out->tmp, n + 16, "%.*s.%s.XXXXXX", (int)dir_len, path, path + dir_len);
    int fd = mkstemp(out->tmp);
    if (fd < 0) {
        ta_result r = io_fail(err, path, "cannot be written");
        free(out->path);
        free(out->tmp);
        memset(out, 0, sizeof *out);
        return r;
    }
    /* mkstemp makes the file 0600; give it what a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, (mode_t)(0666 & ~mask));
    out->f = fdopen(fd, "wb");
    if (out->f == NULL) {
        ta_result r = io_fail(err, path, "cannot be written");
        close(fd);
        unlink(out->tmp);
        free(out->path);
        free(out->tmp);
        memset(out, 0, sizeof *out);
        return r;
    }
    return TA_OK;
}

ta_result cli_out_commit(cli_out *out, ta_error *err)
{
    if (out->path == NULL) {
        bool bad = fflush(stdout) != 0 || ferror(stdout);
        memset(out, 0, sizeof *out);
        if (bad) return io_fail(err, "standard output", "cannot be written");
        return TA_OK;
    }
    bool bad = fflush(out->f) != 0 || ferror(out->f);
    if (fclose(out->f) != 0) bad = true;
    out->f = NULL;
    ta_result r = TA_OK;
    if (bad) {
        r = io_fail(err, out->path, "cannot be written");
        unlink(out->tmp);
    } else if (rename(out->tmp, out->path) != 0) {
        r = io_fail(err, out->path, "cannot be put in place");
        unlink(out->tmp);
    }
    free(out->path);
    free(out->tmp);
    memset(out, 0, sizeof *out);
    return r;
}

void cli_out_abort(cli_out *out)
{
    if (out->path != NULL) {
        if (out->f != NULL) fclose(out->f);
        unlink(out->tmp);
        free(out->path);
        free(out->tmp);
    } else if (out->f != NULL) {
        fflush(stdout);
    }
    memset(out, 0, sizeof *out);
}
