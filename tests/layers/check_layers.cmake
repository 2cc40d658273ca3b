cmake_minimum_required(VERSION 3.25)
# cmake -DSOURCE_DIR=<the repository> -P check_layers.cmake
#
# Reads cmake/Layers.cmake (the layers, bottom to top, and each public
# header's layer) and every #include of src/ and include/threeanim/, and fails,
# naming each file, line and header, when
#   - a file includes a header of a higher layer: a public header
#     ("threeanim/x.h") of a higher layer, or an internal one ("<layer>/x.h")
#     of a higher layer's folder;
#   - a public header is in no layer, or a file of src/ in no layer's folder;
#   - a file of a runtime layer includes jansson (only io may);
#   - a file of a layer that lists the internal headers of lower layers it may
#     include (TA_LAYER_SHARED_HEADERS_<layer>: io) includes another one, or
#     one of those listed includes an internal header not listed (the layer's
#     include path holds only the list: it would not compile either);
#   - an include climbs out of its folder ("../").
# A bare "x.h" is a header of the file's own folder, so of its own layer.
include(${SOURCE_DIR}/cmake/Layers.cmake)

set(rank 0)
foreach(layer ${TA_LAYERS})
  set(rank_${layer} ${rank})
  math(EXPR rank "${rank} + 1")
  foreach(h ${TA_LAYER_HEADERS_${layer}})
    set(header_layer_${h} ${layer})
  endforeach()
endforeach()

set(problems "")
set(checked 0)

# check_file(FILE LAYER WHERE): WHERE is how the file is named in a message.
function(check_file file layer where)
  file(STRINGS ${file} lines)
  set(n 0)
  set(found "")
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*[<\"]([^\">]+)[\">]")
      continue()
    endif()
    set(inc ${CMAKE_MATCH_1})
    if(inc MATCHES "\\.\\./")
      string(APPEND found "  ${where}:${n}: includes ${inc}: a header is named from the include path (<layer>/x.h), never by climbing out of a folder\n")
      continue()
    endif()
    set(to "")
    set(dir "")
    if(inc MATCHES "^([a-z_]+)/[^/]+$")
      set(dir ${CMAKE_MATCH_1})
    endif()
    if(inc MATCHES "^threeanim/([^/]+)$")
      set(h ${CMAKE_MATCH_1})
      if(NOT DEFINED header_layer_${h})
        string(APPEND found "  ${where}:${n}: includes ${inc}, a public header in no layer of cmake/Layers.cmake\n")
        continue()
      endif()
      set(to ${header_layer_${h}})
    elseif(dir AND DEFINED rank_${dir})
      set(to ${dir})
      if(NOT dir STREQUAL layer AND DEFINED TA_LAYER_SHARED_HEADERS_${layer}
         AND NOT inc IN_LIST TA_LAYER_SHARED_HEADERS_${layer} AND NOT rank_${dir} GREATER rank_${layer})
        string(APPEND found "  ${where}:${n}: includes ${inc}, an internal header of the ${dir} layer that ${layer} does not share (TA_LAYER_SHARED_HEADERS_${layer}: ${TA_LAYER_SHARED_HEADERS_${layer}}); use the public API, or add it to the list in cmake/Layers.cmake\n")
        continue()
      endif()
    elseif(inc MATCHES "jansson" AND layer IN_LIST TA_RUNTIME_LAYERS)
      string(APPEND found "  ${where}:${n}: includes ${inc}: the runtime (${TA_RUNTIME_LAYERS}) has no JSON dependency, only io reads JSON\n")
      continue()
    endif()
    if(to AND rank_${to} GREATER rank_${layer})
      string(APPEND found "  ${where}:${n}: includes ${inc}, of the ${to} layer, above its own (${layer})\n")
    endif()
  endforeach()
  set(problems "${problems}${found}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}/src ${SOURCE_DIR}/src/*.c ${SOURCE_DIR}/src/*.h)
foreach(rel ${sources})
  string(REGEX MATCH "^([^/]+)/" m "${rel}")
  set(layer ${CMAKE_MATCH_1})
  if(NOT layer OR NOT DEFINED rank_${layer})
    string(APPEND problems "  src/${rel}: in no layer's folder (src/<layer>/, layers: ${TA_LAYERS})\n")
    continue()
  endif()
  check_file(${SOURCE_DIR}/src/${rel} ${layer} src/${rel})
  math(EXPR checked "${checked} + 1")
endforeach()

file(GLOB headers RELATIVE ${SOURCE_DIR}/include/threeanim ${SOURCE_DIR}/include/threeanim/*.h)
foreach(h ${headers})
  if(NOT DEFINED header_layer_${h})
    string(APPEND problems "  include/threeanim/${h}: in no layer of cmake/Layers.cmake\n")
    continue()
  endif()
  check_file(${SOURCE_DIR}/include/threeanim/${h} ${header_layer_${h}} include/threeanim/${h})
  math(EXPR checked "${checked} + 1")
endforeach()

# A shared header is reached from the sharing layer's include path, which holds
# only the list: it may include public headers and others of the list.
set(shared_checked 0)
foreach(layer ${TA_LAYERS})
  foreach(h ${TA_LAYER_SHARED_HEADERS_${layer}})
    if(NOT EXISTS ${SOURCE_DIR}/src/${h})
      string(APPEND problems "  cmake/Layers.cmake: TA_LAYER_SHARED_HEADERS_${layer} names src/${h}, which does not exist\n")
      continue()
    endif()
    string(REGEX MATCH "^([^/]+)/" m "${h}")
    set(owner ${CMAKE_MATCH_1})
    if(NOT DEFINED rank_${owner} OR NOT rank_${owner} LESS rank_${layer})
      string(APPEND problems "  cmake/Layers.cmake: TA_LAYER_SHARED_HEADERS_${layer} names ${h}, not a header of a layer below ${layer}\n")
      continue()
    endif()
    file(STRINGS ${SOURCE_DIR}/src/${h} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX MATCH "\"([^\"]+)\"" m "${line}")
      set(inc ${CMAKE_MATCH_1})
      if(NOT inc MATCHES "/")
        set(inc ${owner}/${inc})
      endif()
      if(inc MATCHES "^threeanim/" OR inc IN_LIST TA_LAYER_SHARED_HEADERS_${layer})
        continue()
      endif()
      string(APPEND problems "  src/${h}: shared with ${layer} (TA_LAYER_SHARED_HEADERS_${layer}) but includes ${inc}, which is not: ${layer}'s include path does not hold it\n")
    endforeach()
    math(EXPR shared_checked "${shared_checked} + 1")
  endforeach()
endforeach()

if(checked LESS 50)
  string(APPEND problems "  only ${checked} files checked: the scan of ${SOURCE_DIR} is broken\n")
endif()
if(problems)
  message(FATAL_ERROR "includes that break the layers (${TA_LAYERS}, bottom to top):\n${problems}")
endif()
message("${checked} files of src/ and include/threeanim/ include only their own layer and those below it (${TA_LAYERS}); "
        "io includes of the runtime's internal headers only the ${shared_checked} it shares (${TA_LAYER_SHARED_HEADERS_io})")
