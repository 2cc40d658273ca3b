/* Reading a whole file named by a user (file_read.h). */
#define _POSIX_C_SOURCE 200809L

#include "core/file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/internal.h"
#include "threeanim/file.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

static const char *kind_of(mode_t mode)
{
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a named pipe";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "of another kind";
}

ta_result ta__file_open(ta__file *f, const char *path, const char *what, uint64_t max_bytes, int no_follow,
                        ta_error *err)
{
    f->fd = -1;
    f->size = 0;
    f->path = path;
    f->what = what;
    int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
#ifdef O_NOFOLLOW
    if (no_follow) flags |= O_NOFOLLOW;
#else
    (void)no_follow;
#endif
    int fd = open(path, flags);
    if (fd < 0) return ta__fail(err, TA_ERROR_IO, "%s: cannot open \"%s\": %s", what, path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return ta__fail(err, TA_ERROR_IO, "%s: cannot read \"%s\": %s", what, path, strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        const char *kind = kind_of(st.st_mode);
        return ta__fail(err, TA_ERROR_IO, "%s: \"%s\" is not a regular file (it is %s)", what, path, kind);
    }
    if (st.st_size < 0 || (uint64_t)st.st_size > max_bytes || (uint64_t)st.st_size > SIZE_MAX - 1) {
        close(fd);
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "%s: \"%s\" holds %llu bytes, past limits.max_file_bytes (%llu)",
                        what, path, (unsigned long long)st.st_size, (unsigned long long)max_bytes);
    }
    /* A regular file never blocks; reads are plain from here. */
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    f->fd = fd;
    f->size = (size_t)st.st_size;
    return TA_OK;
}

ta_result ta__file_read(ta__file *f, void *buf, ta_error *err)
{
    size_t got = 0;
    while (got < f->size) {
        ssize_t n = read(f->fd, (char *)buf + got, f->size - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int e = n < 0 ? errno : 0;
            ta__file_close(f);
            if (e != 0) return ta__fail(err, TA_ERROR_IO, "%s: cannot read \"%s\": %s", f->what, f->path, strerror(e));
            return ta__fail(err, TA_ERROR_IO, "%s: read %zu of the %zu bytes of \"%s\"", f->what, got, f->size,
                            f->path);
        }
        got += (size_t)n;
    }
    ta__file_close(f);
    return TA_OK;
}

void ta__file_close(ta__file *f)
{
    if (f->fd >= 0) close(f->fd);
    f->fd = -1;
}

/* ---- the public read: open, check and read in one call ---------------------------- */

ta_result ta_file_read(const char *path, uint64_t max_bytes, const ta_allocator *allocator, char **out_bytes,
                       size_t *out_size, ta_error *err)
{
    if (path == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "path: is NULL");
    if (out_bytes == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_bytes: is NULL");
    if (out_size == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_size: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta__file f;
    if ((r = ta__file_open(&f, path, "path", max_bytes, 0, err)) != TA_OK) return r;
    size_t size = f.size;
    char *bytes = (char *)ta__alloc(&mem, size + 1);
    if (bytes == NULL) {
        ta__file_close(&f);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "path: out of memory for the %zu bytes of \"%s\"", size, path);
    }
    if ((r = ta__file_read(&f, bytes, err)) != TA_OK) {
        ta__free(&mem, bytes, size + 1);
        return r;
    }
    bytes[size] = '\0';
    *out_bytes = bytes;
    *out_size = size;
    return TA_OK;
}
