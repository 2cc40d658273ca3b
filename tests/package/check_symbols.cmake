cmake_minimum_required(VERSION 3.25)
# cmake -DLIBRARY=libthreeanim.so -DNM=nm -DINCLUDE_DIR=include -P check_symbols.cmake
#
# The shared library exports exactly the public API: every function a public
# header declares with TA_API, and nothing else (no ta__ internals, no helper
# of a source file, no symbol of jansson). Symbols the toolchain or a
# sanitizer adds (_init, __bss_start, __asan_*, ...) are not the library's
# and are left out of the comparison.
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE errout)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -D ${LIBRARY} failed: ${errout}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(exported "")
foreach(line ${lines})
  if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ @]+)")
    set(sym ${CMAKE_MATCH_1})
    if(sym MATCHES "^(_init|_fini|_edata|_end|__bss_start|__(asan|ubsan|tsan|sanitizer|odr_asan|lsan|msan|sancov)[A-Za-z0-9_.]*)$")
      continue()
    endif()
    list(APPEND exported ${sym})
  endif()
endforeach()
list(REMOVE_DUPLICATES exported)

file(GLOB headers ${INCLUDE_DIR}/threeanim/*.h)
set(declared "")
foreach(h ${headers})
  file(READ ${h} text)
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

set(problems "")
foreach(sym ${exported})
  if(NOT sym MATCHES "^ta_" OR sym MATCHES "^ta__")
    string(APPEND problems "  exported but not ta_ API: ${sym}\n")
  elseif(NOT sym IN_LIST declared)
    string(APPEND problems "  exported but declared in no public header with TA_API: ${sym}\n")
  endif()
endforeach()
foreach(sym ${declared})
  if(NOT sym IN_LIST exported)
    string(APPEND problems "  declared with TA_API but not exported (not defined, or hidden): ${sym}\n")
  endif()
endforeach()
list(LENGTH exported n_exported)
list(LENGTH declared n_declared)
if(n_declared LESS 100)
  string(APPEND problems "  only ${n_declared} TA_API declarations found in ${INCLUDE_DIR}: the header scan is broken\n")
endif()
if(problems)
  message(FATAL_ERROR "${LIBRARY}: ${n_exported} symbols exported, ${n_declared} TA_API functions declared\n${problems}")
endif()
message("${LIBRARY}: exports exactly the ${n_declared} TA_API functions of the public headers, all ta_")
