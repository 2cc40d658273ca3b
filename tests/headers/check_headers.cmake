# cmake -DCOMPILER=cc -DLANG=c|c++ -DINCLUDE_DIR=... -DWORK_DIR=... -P check_headers.cmake
#
# For each include/threeanim/*.h, compiles a file that includes only that
# header (so it must bring what it uses), with -Werror. Lists every header that
# fails, with the compiler's words, and fails if there is one.
if(LANG STREQUAL "c")
  set(ext c)
  set(flags -x c -std=c11 -Wall -Wextra -Werror -Wpedantic -Wshadow -Wstrict-prototypes
            -Wmissing-prototypes -Wpointer-arith -Wvla -Wformat=2)
else()
  set(ext cpp)
  set(flags -x c++ -std=c++11 -Wall -Wextra -Werror -Wpedantic -Wshadow -Wpointer-arith
            -Wvla -Wformat=2)
endif()
file(GLOB headers ${INCLUDE_DIR}/threeanim/*.h)
file(MAKE_DIRECTORY ${WORK_DIR})
set(failed "")
list(LENGTH headers count)
foreach(h ${headers})
  get_filename_component(name ${h} NAME_WE)
  set(src ${WORK_DIR}/${name}.${ext})
  # The typedef keeps a header with no declarations (export.h) from making
  # an empty translation unit, which -Wpedantic refuses in C.
  file(WRITE ${src} "#include \"threeanim/${name}.h\"\ntypedef int ta_header_check_${name};\n")
  execute_process(
    COMMAND ${COMPILER} ${flags} -fsyntax-only -I${INCLUDE_DIR} ${src}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(APPEND failed ${name}.h)
    message("${name}.h does not compile on its own as ${LANG}:\n${out}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "headers that fail as ${LANG}: ${failed}")
endif()
message("${count} public headers compile on their own as ${LANG} (${COMPILER})")
