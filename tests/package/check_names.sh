#!/bin/sh
# The naming style of docs/CONTRIBUTING.md, checked on the public headers:
#   - every value of an enum ta_<enum> is TA_<ENUM>_<VALUE> (ta_result's codes excepted: TA_OK,
#     TA_ERROR_<WHAT>, TA_RESULT_COUNT);
#   - every function starts with a module, ta_<module>_..., where a module is a public type or
#     enum without its ta_, or one of the few modules that are not types (the loaders' formats,
#     keyframe arrays, JSON text, colors, the library);
#   - no getter says get_, no lifetime is other than create/destroy (a clip's retain/release
#     excepted), no handle type ends in _index;
#   - scripts/rename-api.sh --check: no name the style changed is used again.
#
# usage: check_names.sh SOURCE_DIR
set -eu
cd "$1"
headers=$(ls include/threeanim/*.h)

problems=$(awk '
  # Comments out, line by line (a header comment never holds code).
  { sub(/\/\*.*\*\//, ""); sub(/\/\*.*$/, ""); sub(/^[ \t]*\*.*$/, "") }
  /typedef enum ta_[a-z0-9_]+/ {
    name = $0; sub(/.*typedef enum ta_/, "", name); sub(/[^a-z0-9_].*/, "", name)
    prefix = "TA_" toupper(name) "_"; inside = 1; next
  }
  inside && /^\}/ { inside = 0; next }
  inside {
    n = split($0, words, /[^A-Za-z0-9_]+/)
    for (i = 1; i <= n; i++) {
      w = words[i]
      if (w !~ /^TA_/ || w ~ /^TA__/) continue
      if (name == "result" && (w == "TA_OK" || w ~ /^TA_ERROR_/ || w == "TA_RESULT_COUNT")) continue
      if (index(w, prefix) != 1) print FILENAME ": enum ta_" name ": " w " is not " prefix "<VALUE>"
    }
  }
' $headers)

# The modules: every public type and enum, and the modules that are not types.
# A handle's calls are its thing's: ta_skinned_mesh_at makes a ta_skinned_mesh_id.
modules=$(grep -ohE '(\}|typedef [a-z_ ]*\(\*|typedef struct ta_[a-z0-9_]+) *ta_[a-z0-9_]+' $headers |
  sed -E 's/.*(ta_[a-z0-9_]+)$/\1/; s/^ta_//; p; s/_id$//' | sort -u)
# A header's own name is a module too (file.h: ta_file_read).
modules="$modules $(for h in $headers; do basename "$h" .h; done) gltf object_json keyframe json color library"
functions=$(grep -ohE '^(TA_API|static inline)[^(]*[ *]ta_[a-z0-9_]+ *\(' $headers | sed -E 's/.*(ta_[a-z0-9_]+) *\($/\1/' | sort -u)
for f in $functions; do
  ok=""
  for m in $modules; do
    case $f in "ta_${m}_"*) ok=1; break ;; esac
  done
  [ -n "$ok" ] || problems="$problems
$f: no module first (ta_<module>_<verb>)"
  case $f in
    *_get_*) problems="$problems
$f: a getter is ta_<module>_<noun>, without get_" ;;
    *_init | *_free | *_new | *_delete | *_alloc | *_dispose) problems="$problems
$f: lifetimes are ta_<module>_create and ta_<module>_destroy" ;;
    *_retain | *_release) [ "$f" = ta_clip_retain ] || [ "$f" = ta_clip_release ] || problems="$problems
$f: only a clip is reference counted" ;;
  esac
done
for t in $(grep -ohE 'ta_[a-z0-9_]+_index\b' $headers | sort -u); do
  grep -qE "(\} *$t;|typedef struct $t\b)" $headers && problems="$problems
$t: a handle is ta_<thing>_id"
done

if [ -n "$problems" ]; then
  echo "FAIL: names out of the style of docs/CONTRIBUTING.md:" >&2
  echo "$problems" | sed '/^$/d' >&2
  exit 1
fi
count=$(echo "$functions" | wc -w)
if [ "$count" -lt 200 ]; then
  echo "FAIL: only $count public functions found in include/threeanim: the scan is broken" >&2
  exit 1
fi
sh scripts/rename-api.sh --check
echo "ok: $count public functions and every enum value of include/threeanim in the naming style"
