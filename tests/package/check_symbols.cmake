cmake_minimum_required(VERSION 3.25)
# cmake -DRUNTIME=libthreeanim-runtime.so -DLOADERS=libthreeanim-io.so -DNM=nm -DREADELF=readelf
#       -DSTATIC_RUNTIME=libthreeanim-runtime.a -DSTATIC_LOADERS=libthreeanim-io.a
#       -DINCLUDE_DIR=include -DLAYERS=cmake/Layers.cmake -P check_symbols.cmake
#
# The two shared libraries export exactly the public API, each its own part:
#   - the runtime every function a runtime layer's header (core, scene,
#     animation; cmake/Layers.cmake) declares with TA_API, the loaders every
#     one of io's headers, and nothing else (no ta__ internals, no helper of a
#     source file, no symbol of jansson, not the other library's functions);
#   - the runtime does not need jansson (no NEEDED entry for it), the loaders
#     need the runtime;
#   - every global symbol the two static libraries define carries the
#     library's prefix, since a program links all of them: a TA_API function
#     of the library's headers, or an internal ta__<module>_<name> (a
#     file-local one is static, and not global).
# Symbols the toolchain or a sanitizer adds (_init, __bss_start, __asan_*, ...)
# are not the library's and are left out of the comparison.
include(${LAYERS})
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/NmSymbols.cmake)

# exported_symbols(LIBRARY OUT): the functions and data LIBRARY defines and exports.
function(exported_symbols library out)
  ta_nm_symbols(symbols -D --defined-only ${library})
  set(exported "")
  foreach(entry ${symbols})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 2 sym)
    if(sym MATCHES "^(_init|_fini|_edata|_end|__bss_start|__(asan|ubsan|tsan|sanitizer|odr_asan|lsan|msan|sancov)[A-Za-z0-9_.]*)$")
      continue()
    endif()
    list(APPEND exported ${sym})
  endforeach()
  list(REMOVE_DUPLICATES exported)
  set(${out} ${exported} PARENT_SCOPE)
endfunction()

# declared_functions(OUT HEADER...): every "TA_API <type> name(" of the headers.
function(declared_functions out)
  set(declared "")
  foreach(h ${ARGN})
    if(NOT EXISTS ${INCLUDE_DIR}/threeanim/${h})
      continue() # in the table, not (or no longer) in the tree: it declares nothing
    endif()
    file(READ ${INCLUDE_DIR}/threeanim/${h} text)
    # Preprocessor lines (export.h's own #define TA_API ...) declare nothing.
    string(REGEX REPLACE "#[ \t]*define[^\n]*" "" text "${text}")
    # Comments out, then every "TA_API <type> name(" -- a declaration may span lines.
    string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" "" text "${text}")
    string(REGEX MATCHALL "TA_API[^;(]*[ *]([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*\\(" decls "${text}")
    foreach(d ${decls})
      string(REGEX MATCH "([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*\\($" m "${d}")
      list(APPEND declared ${CMAKE_MATCH_1})
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES declared)
  set(${out} ${declared} PARENT_SCOPE)
endfunction()

# Every public header must be in the table, or its functions would be checked nowhere.
file(GLOB all_headers RELATIVE ${INCLUDE_DIR}/threeanim ${INCLUDE_DIR}/threeanim/*.h)
set(runtime_headers "")
foreach(layer ${TA_RUNTIME_LAYERS})
  list(APPEND runtime_headers ${TA_LAYER_HEADERS_${layer}})
endforeach()
set(loader_headers ${TA_LAYER_HEADERS_io})
set(problems "")
foreach(h ${all_headers})
  if(NOT h IN_LIST runtime_headers AND NOT h IN_LIST loader_headers)
    string(APPEND problems "  include/threeanim/${h} is in no layer of ${LAYERS}\n")
  endif()
endforeach()

declared_functions(runtime_declared ${runtime_headers})
declared_functions(loader_declared ${loader_headers})
exported_symbols(${RUNTIME} runtime_exported)
exported_symbols(${LOADERS} loader_exported)

# check(LIBRARY EXPORTED DECLARED OTHER_DECLARED)
macro(check library exported declared other)
  foreach(sym ${${exported}})
    if(NOT sym MATCHES "^ta_" OR sym MATCHES "^ta__")
      string(APPEND problems "  ${library}: exported but not ta_ API: ${sym}\n")
    elseif(sym IN_LIST ${other})
      string(APPEND problems "  ${library}: exports ${sym}, which the other library's headers declare\n")
    elseif(NOT sym IN_LIST ${declared})
      string(APPEND problems "  ${library}: exported but declared in none of its public headers with TA_API: ${sym}\n")
    endif()
  endforeach()
  foreach(sym ${${declared}})
    if(NOT sym IN_LIST ${exported})
      string(APPEND problems "  ${library}: declared with TA_API but not exported (not defined, or hidden): ${sym}\n")
    endif()
  endforeach()
endmacro()
check(${RUNTIME} runtime_exported runtime_declared loader_declared)
check(${LOADERS} loader_exported loader_declared runtime_declared)

# check_static(ARCHIVE DECLARED): each global symbol ARCHIVE's members define.
macro(check_static archive declared)
  ta_nm_symbols(symbols -g --defined-only ${archive})
  get_filename_component(archive_name ${archive} NAME)
  set(n_static 0)
  foreach(entry ${symbols})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 member)  # "<archive>:<member>"
    list(GET entry 2 sym)
    string(REGEX REPLACE "^.*:" "" member "${member}")
    if(sym MATCHES "^__(asan|ubsan|tsan|sanitizer|odr_asan|lsan|msan|sancov|gcov|llvm_prf|llvm_profile|profc|profd)")
      continue() # a sanitizer's or a coverage tool's, not the library's
    endif()
    math(EXPR n_static "${n_static} + 1")
    if(NOT sym MATCHES "^ta_")
      string(APPEND problems "  ${archive_name}(${member}): defines ${sym}, a global symbol without the ta_ prefix (an internal one is ta__<module>_<name>; one used in its file alone is static)\n")
    elseif(NOT sym MATCHES "^ta__" AND NOT sym IN_LIST ${declared})
      string(APPEND problems "  ${archive_name}(${member}): defines ${sym}, named as public API (ta_) but declared with TA_API in none of its headers: an internal name is ta__<module>_<name>\n")
    endif()
  endforeach()
  if(n_static LESS 100)
    string(APPEND problems "  only ${n_static} global symbols found in ${archive}: the scan of nm's output is broken\n")
  endif()
endmacro()
check_static(${STATIC_RUNTIME} runtime_declared)
check_static(${STATIC_LOADERS} loader_declared)

# needs(LIBRARY OUT): the libraries LIBRARY's dynamic section names.
function(needs library out)
  execute_process(COMMAND ${READELF} -d ${library}
    RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE errout)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${READELF} -d ${library} failed: ${errout}")
  endif()
  string(REGEX MATCHALL "\\(NEEDED\\)[^[]*\\[[^]]*\\]" entries "${text}")
  set(names "")
  foreach(e ${entries})
    string(REGEX MATCH "\\[([^]]*)\\]" m "${e}")
    list(APPEND names ${CMAKE_MATCH_1})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()
needs(${RUNTIME} runtime_needs)
needs(${LOADERS} loader_needs)
if(runtime_needs MATCHES "jansson")
  string(APPEND problems "  ${RUNTIME} needs jansson (${runtime_needs}): the runtime must have no JSON dependency\n")
endif()
if(NOT loader_needs MATCHES "libthreeanim-runtime\\.so")
  string(APPEND problems "  ${LOADERS} does not need libthreeanim-runtime.so (${loader_needs})\n")
endif()

list(LENGTH runtime_declared n_runtime)
list(LENGTH loader_declared n_loaders)
if(n_runtime LESS 100 OR n_loaders LESS 5)
  string(APPEND problems "  only ${n_runtime} + ${n_loaders} TA_API declarations found in ${INCLUDE_DIR}: the header scan is broken\n")
endif()
if(problems)
  message(FATAL_ERROR "the exported symbols:\n${problems}")
endif()
message("${RUNTIME}: exports exactly the ${n_runtime} TA_API functions of the runtime's headers, needs no jansson\n"
        "${LOADERS}: exports exactly the ${n_loaders} TA_API functions of the loaders' headers, on the runtime\n"
        "${STATIC_RUNTIME}, ${STATIC_LOADERS}: every global symbol is ta_ API or a ta__ internal")
