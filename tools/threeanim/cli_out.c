/* Where output files go (cli_out.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_out.h"

static ta_result io_fail(ta_error *err, const char *path, const char *what, int code)
{
    if (err != NULL) {
        err->code = TA_ERROR_IO;
        snprintf(err->message, sizeof err->message, "%s: %s: %s", path, what, strerror(code));
    }
    return TA_ERROR_IO;
}

static void release(cli_out *out)
{
    free(out->path);
    free(out->dest);
    free(out->tmp);
    memset(out, 0, sizeof *out);
}

static char *dup_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c != NULL) memcpy(c, s, n);
    return c;
}

/* A temporary file beside out->dest; 0 or an errno. */
static int open_temporary(cli_out *out)
{
    const char *dest = out->dest;
    size_t n = strlen(dest);
    const char *slash = strrchr(dest, '/');
    size_t dir_len = slash == NULL ? 0 : (size_t)(slash - dest) + 1;
    out->tmp = malloc(n + 16);
    if (out->tmp == NULL) return ENOMEM;
    /* "dir/.name.XXXXXX": hidden, in the same folder, so rename is atomic. */
    snprintf(out->tmp, n + 16, "%.*s.%s.XXXXXX", (int)dir_len, dest, dest + dir_len);
    int fd = mkstemp(out->tmp);
    if (fd < 0) {
        int code = errno;
        free(out->tmp);
        out->tmp = NULL;
        return code;
    }
    /* mkstemp makes the file 0600; give it what a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, (mode_t)(0666 & ~mask));
    out->f = fdopen(fd, "wb");
    if (out->f == NULL) {
        int code = errno;
        close(fd);
        unlink(out->tmp);
        free(out->tmp);
        out->tmp = NULL;
        return code;
    }
    return 0;
}

/* The target itself, opened for writing (a device, a pipe, a link that leads
 * nowhere yet); 0 or an errno. */
static int open_in_place(cli_out *out)
{
    int fd = open(out->path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY, 0666);
    if (fd < 0) return errno;
    out->f = fdopen(fd, "wb");
    if (out->f == NULL) {
        int code = errno;
        close(fd);
        return code;
    }
    return 0;
}

ta_result cli_out_open(cli_out *out, const char *path, ta_error *err)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0) {
        out->f = stdout;
        return TA_OK;
    }
    out->path = dup_text(path);
    if (out->path == NULL) return io_fail(err, path, "cannot be written", ENOMEM);
    struct stat link_st = {0}, st = {0};
    bool there = lstat(path, &link_st) == 0;
    bool link = there && S_ISLNK(link_st.st_mode);
    bool leads = link && stat(path, &st) == 0;
    if (!link) st = link_st;
    int code;
    /* st is what the path leads to: nothing yet for a dangling link, which
     * is written through (its target made), as a link to a device is. */
    if ((link ? leads : there) && S_ISDIR(st.st_mode)) {
        release(out);
        return io_fail(err, path, "cannot be put in place", EISDIR);
    }
    if (!there || (!link && S_ISREG(st.st_mode)) || (leads && S_ISREG(st.st_mode))) {
        out->dest = link ? realpath(path, NULL) : dup_text(path);
        code = out->dest == NULL ? errno : open_temporary(out);
    } else {
        code = open_in_place(out);
    }
    if (code != 0) {
        release(out);
        return io_fail(err, path, "cannot be written", code);
    }
    return TA_OK;
}

ta_result cli_out_commit(cli_out *out, ta_error *err)
{
    if (out->path == NULL) {
        int code = ferror(stdout) ? (errno ? errno : EIO) : 0;
        errno = 0;
        if (code == 0 && fflush(stdout) != 0) code = errno ? errno : EIO;
        memset(out, 0, sizeof *out);
        if (code != 0) return io_fail(err, "standard output", "cannot be written", code);
        return TA_OK;
    }
    /* A write that failed earlier left its errno (stdio keeps only the error
     * flag), unless a later call changed it: the best reason there is. */
    int code = ferror(out->f) ? (errno ? errno : EIO) : 0;
    errno = 0;
    if (code == 0 && fflush(out->f) != 0) code = errno ? errno : EIO;
    if (fclose(out->f) != 0 && code == 0) code = errno ? errno : EIO;
    out->f = NULL;
    ta_result r = TA_OK;
    if (code != 0) {
        r = io_fail(err, out->path, "cannot be written", code);
        if (out->tmp != NULL) unlink(out->tmp);
    } else if (out->tmp != NULL && rename(out->tmp, out->dest) != 0) {
        r = io_fail(err, out->path, "cannot be put in place", errno);
        unlink(out->tmp);
    }
    release(out);
    return r;
}

void cli_out_abort(cli_out *out)
{
    if (out->path != NULL) {
        if (out->f != NULL) fclose(out->f);
        if (out->tmp != NULL) unlink(out->tmp);
        release(out);
    } else {
        if (out->f != NULL) fflush(stdout);
        memset(out, 0, sizeof *out);
    }
}
