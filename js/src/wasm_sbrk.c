/* The modules' sbrk, in place of wasi-libc's, under their malloc (wasi-libc's dlmalloc): the
 * linear memory grows by at least a quarter of its size at a time, not by the 64 KiB pages each
 * malloc asks for.
 *
 * Why: V8 counts each growth of a WebAssembly memory as external memory, and past its limit each
 * growth starts a full collection of the page's JavaScript heap. A program that made a drop-in
 * mixer for each of 3,000 characters grew the memory by a page or two some thousand times, and
 * with the characters' three.js objects on the heap (550 MB) each collection took 0.3 s: binding
 * a character went from 0.5 ms to 65 to 195 ms past the 2,300th (docs/performance.md, "The wasm
 * memory's growth"). By a quarter it grows about twenty times from 1 MB to 100 MB, and leaves at
 * most a quarter of the memory unused above the heap's top.
 *
 * The break (the top of what malloc was given) is the one piece of state, as in wasi-libc's,
 * whose break is the memory's end: the module's heap is the module's own, and JS calls it on one
 * thread. */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

enum { TW_PAGE = 65536 };

static uintptr_t tw_break; /* 0 until the first call: then the memory's end */

void *sbrk(intptr_t increment)
{
    const uintptr_t end = __builtin_wasm_memory_size(0) * TW_PAGE;
    if (tw_break == 0) tw_break = end;
    if (increment == 0) return (void *)tw_break;
    /* the memory does not shrink, and malloc here never asks it to */
    if (increment < 0 || tw_break + (uintptr_t)increment < tw_break) {
        errno = ENOMEM;
        return (void *)-1;
    }
    const uintptr_t top = tw_break + (uintptr_t)increment;
    if (top > end) {
        const uintptr_t need = (top - end + TW_PAGE - 1) / TW_PAGE, quarter = end / TW_PAGE / 4;
        /* a quarter more when the memory has room for it, else what is needed */
        if (__builtin_wasm_memory_grow(0, need > quarter ? need : quarter) == SIZE_MAX &&
            (need >= quarter || __builtin_wasm_memory_grow(0, need) == SIZE_MAX)) {
            errno = ENOMEM;
            return (void *)-1;
        }
    }
    void *old = (void *)tw_break;
    tw_break = top;
    return old;
}

/* Room for `bytes` more above the break, made by one growth when the memory lacks it (a
 * program that knows its size pays the growth's collection once, before its frames: js/'s
 * reserveMemory). The break stays: malloc takes the room as it needs it. 0: made, or there
 * already; -1: the memory cannot grow so far. */
int tw_sbrk_reserve(uint32_t bytes);
int tw_sbrk_reserve(uint32_t bytes)
{
    const uintptr_t end = __builtin_wasm_memory_size(0) * TW_PAGE;
    if (tw_break == 0) tw_break = end;
    if (tw_break + (uintptr_t)bytes < tw_break) return -1;
    const uintptr_t top = tw_break + (uintptr_t)bytes;
    if (top <= end) return 0;
    return __builtin_wasm_memory_grow(0, (top - end + TW_PAGE - 1) / TW_PAGE) == SIZE_MAX ? -1 : 0;
}
