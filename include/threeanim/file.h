/**
 * @file
 * threeanim/file.h -- reading a whole file named by a user, safely, as the loaders do.
 *
 * A path from a user can name a named pipe (open would wait forever), a device, a folder or a file
 * far larger than a program means to hold. ta_file_read refuses all of these before it reads a
 * byte: it opens without blocking, asks that the path be a regular file of at most max_bytes, then
 * reads exactly that many bytes into one buffer with a NUL after them (so a text file is a string).
 *
 *     char *text;
 *     size_t size;
 *     if (ta_file_read(path, 64u << 20, NULL, &text, &size, &err) != TA_OK) ...  // err names path
 *     ...
 *     free(text);   // NULL allocator: the C library's
 *
 * Ownership: the bytes are the caller's, allocated with the allocator given (size + 1 bytes).
 */
#ifndef THREEANIM_FILE_H
#define THREEANIM_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/export.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The whole of the regular file at path, with a NUL after its last byte. A file that shrinks while
 * it is read is refused; one that grows is read to the size first seen.
 *
 * @ownership The caller owns *out_bytes (size + 1 bytes from allocator, or from malloc when
 * allocator is NULL or zeroed): free it with allocator->free(allocator->user, bytes, size + 1), or
 * with free. Writes *out_bytes and *out_size only on TA_OK.
 * @errors TA_ERROR_INVALID_ARGUMENT (path, out_bytes or out_size NULL, an allocator with only one
 * of alloc and free), TA_ERROR_IO (a path that cannot be opened or read, or that is not a regular
 * file: the message says what it is), TA_ERROR_LIMIT_EXCEEDED (a file of more than max_bytes),
 * TA_ERROR_OUT_OF_MEMORY.
 * @threejs FileLoader.load, minus the network: a local file, read at once.
 */
TA_API ta_result ta_file_read(const char *path, uint64_t max_bytes, const ta_allocator *allocator, char **out_bytes,
                              size_t *out_size, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
