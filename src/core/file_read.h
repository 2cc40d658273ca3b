/*
 * src/core/file_read.h -- reading a whole file named by a user, safely.
 *
 * Every reader of the library and of the command goes through here, so that a
 * path naming a named pipe, a device or a file larger than the caller allows
 * is refused before a byte is read:
 *
 *     ta__file f;
 *     if (ta__file_open(&f, path, "path", max_bytes, err) != TA_OK) return err->code;
 *     char *text = alloc(f.size + 1);
 *     ta_result r = ta__file_read(&f, text, err);   // reads f.size bytes and closes
 *
 * The file is opened without blocking (a FIFO with no writer would otherwise
 * wait forever in open), then fstat must report a regular file, then its size
 * is checked against max_bytes. ta__file_read reads exactly that many bytes;
 * a file that shrank meanwhile is refused, one that grew is read to the size
 * first seen. Either ta__file_read or ta__file_close must be called once.
 */
#ifndef THREEANIM_SRC_CORE_FILE_READ_H
#define THREEANIM_SRC_CORE_FILE_READ_H

#include <stddef.h>
#include <stdint.h>

#include "threeanim/result.h"

typedef struct ta__file {
    int fd;
    size_t size;      /* bytes, as fstat saw them when opened */
    const char *path; /* the caller's, for messages */
    const char *what; /* the argument or field that named it: "path", "buffers[0].uri", ... */
} ta__file;

/* Opens path read-only and without blocking and checks that it is a regular
 * file of at most max_bytes (TA_ERROR_IO, TA_ERROR_LIMIT_EXCEEDED naming
 * limits.max_file_bytes). O_NOFOLLOW when no_follow: the caller has resolved
 * every link already and a link now would be a swap. */
ta_result ta__file_open(ta__file *f, const char *path, const char *what, uint64_t max_bytes, int no_follow,
                        ta_error *err);

/* Reads f->size bytes into buf (at least f->size bytes) and closes f. */
ta_result ta__file_read(ta__file *f, void *buf, ta_error *err);

void ta__file_close(ta__file *f);

#endif
