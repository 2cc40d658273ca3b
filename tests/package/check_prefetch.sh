#!/bin/sh
# ta_mixer_update_range asks for the next mixers' state ahead of their updates (mixer_batch.c):
# its compiled body calls ta__mixer_prefetch or holds the prefetch instructions inlined. GCC 12
# once dropped those calls, finding a function that only prefetches without effects
# (src/core/internal.h, ta__prefetch_lines); this looks at the build's own library.
#   check_prefetch.sh LIBRARY OBJDUMP
lib=$1
objdump=$2
if [ -z "$objdump" ] || ! command -v "$objdump" >/dev/null 2>&1; then
  echo "skipped: no objdump to read $lib with"
  exit 77
fi
case "$(uname -m)" in
  x86_64 | amd64) ;;
  *) echo "skipped: the prefetch is looked for in x86-64 code, and this is $(uname -m)"; exit 77 ;;
esac
# its body, and that of update_items where the compiler left it a function of its own (unoptimised
# builds, the sanitizers')
body=$("$objdump" -dr --no-show-raw-insn "$lib" |
  awk '/<(ta_mixer_update_range|update_items[.a-z0-9_]*)>:/ { on = 1; next } on && /^$/ { on = 0 } on')
if [ -z "$body" ]; then
  echo "FAIL: ta_mixer_update_range is not in $lib"
  exit 1
fi
if printf '%s\n' "$body" | grep -q -E 'ta__mixer_prefetch|prefetch'; then
  echo "ok: ta_mixer_update_range in $lib asks for the next mixers' state (ta__mixer_prefetch or its prefetches)"
  exit 0
fi
echo "FAIL: ta_mixer_update_range in $lib (with update_items) neither calls ta__mixer_prefetch nor prefetches: the compiler dropped them"
exit 1
