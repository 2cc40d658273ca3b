/*
 * fuzz_meshopt -- libFuzzer target for the meshopt stream decoders
 * (src/io/meshopt_decode.h): the ATTRIBUTES bitstream of vertex codec
 * versions 0 and 1 (meshopt_vertex.c, the library for version 0), the
 * TRIANGLES and INDICES modes (the library) and every filter
 * (meshopt_filter.c). Every input must decode or be refused with a reason,
 * never read past the stream nor write past count * stride bytes (the
 * destination is allocated to exactly that, so ASan sees a byte too many).
 *
 * It is also a differential check: a version 0 stream goes through both the
 * library's decoder and ours (which reads version 0 too), and both must
 * accept or refuse it alike and give the same bytes, or the target aborts.
 *
 * Input: byte 0 the mode (% 3), byte 1 the filter (% 5), byte 2 the stride
 * (for ATTRIBUTES 4 * (1 + b % 64); else 2 or 4), bytes 3-4 the count (little
 * endian, at most 65535), the rest the stream. Layouts the extensions do not
 * allow are refused by ta__meshopt_check first, as the loader does.
 *
 * Seed corpus: tests/fuzz/corpus/meshopt/ (streams of every mode and filter,
 * versions 0 and 1, written by the npm meshoptimizer encoder:
 * make_meshopt_seeds.mjs); dictionary: tests/fuzz/fuzz_meshopt.dict.
 */
#include <meshoptimizer.h>
#include <stdlib.h>
#include <string.h>

#include "io/meshopt_decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5) return 0;
    ta__meshopt_mode mode = (ta__meshopt_mode)(data[0] % 3);
    ta__meshopt_filter filter = (ta__meshopt_filter)(data[1] % 5);
    size_t stride = mode == TA__MESHOPT_ATTRIBUTES ? 4u * (1u + data[2] % 64u) : (data[2] & 1) ? 4u : 2u;
    size_t count = (size_t)data[3] | (size_t)data[4] << 8;
    const uint8_t *src = data + 5;
    size_t n = size - 5;
    if (ta__meshopt_check(count, stride, mode, filter) != NULL) return 0;
    uint8_t *dst = (uint8_t *)malloc(count * stride ? count * stride : 1);
    if (dst == NULL) return 0;
    bool unsupported = false;
    const char *why = ta__meshopt_decode(dst, count, stride, src, n, mode, filter, &unsupported);
    if (why != NULL && *why == '\0') abort(); /* a refusal says why */

    if (mode == TA__MESHOPT_ATTRIBUTES && n > 0 && src[0] == 0xA0) {
        uint8_t *ours = (uint8_t *)malloc(count * stride ? count * stride : 1);
        uint8_t *lib = (uint8_t *)malloc(count * stride ? count * stride : 1);
        if (ours != NULL && lib != NULL) {
            bool ours_ok = ta__meshopt_decode_vertex(ours, count, stride, src, n) == NULL;
            bool lib_ok = meshopt_decodeVertexBuffer(lib, count, stride, src, n) == 0;
            if (ours_ok != lib_ok) abort();
            if (ours_ok && count > 0 && memcmp(ours, lib, count * stride) != 0) abort();
        }
        free(ours);
        free(lib);
    }
    free(dst);
    return 0;
}
