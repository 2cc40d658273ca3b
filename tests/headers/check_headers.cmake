# cmake -DCOMPILER=cc -DLANG=c|c++ -DINCLUDE_DIR=... -DWORK_DIR=... [-DLAYERS=cmake/Layers.cmake] -P check_headers.cmake
#
# For each include/threeanim/*.h, compiles a file that includes only that
# header (so it must bring what it uses), with -Werror. Given LAYERS, the
# compiler sees only the headers of the header's own layer and those below it
# (copied into WORK_DIR/<layer>/threeanim/), so a header that needs a higher
# layer's does not compile. Lists every header that fails, with the
# compiler's words, and fails if there is one.
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
# include_dir_<header>: where the compiler looks for that header's includes.
if(LAYERS)
  include(${LAYERS})
  set(below "")
  foreach(layer ${TA_LAYERS})
    foreach(h ${TA_LAYER_HEADERS_${layer}})
      if(EXISTS ${INCLUDE_DIR}/threeanim/${h})
        list(APPEND below ${INCLUDE_DIR}/threeanim/${h})
        set(include_dir_${h} ${WORK_DIR}/${layer})
      endif()
    endforeach()
    file(REMOVE_RECURSE ${WORK_DIR}/${layer})
    file(COPY ${below} DESTINATION ${WORK_DIR}/${layer}/threeanim)
  endforeach()
endif()
set(failed "")
list(LENGTH headers count)
foreach(h ${headers})
  get_filename_component(name ${h} NAME_WE)
  set(src ${WORK_DIR}/${name}.${ext})
  # The typedef keeps a header with no declarations (export.h) from making
  # an empty translation unit, which -Wpedantic refuses in C.
  file(WRITE ${src} "#include \"threeanim/${name}.h\"\ntypedef int ta_header_check_${name};\n")
  set(dir ${INCLUDE_DIR})
  if(DEFINED include_dir_${name}.h)
    set(dir ${include_dir_${name}.h})
  endif()
  execute_process(
    COMMAND ${COMPILER} ${flags} -fsyntax-only -I${dir} ${src}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(APPEND failed ${name}.h)
    message("${name}.h does not compile on its own as ${LANG}:\n${out}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "headers that fail as ${LANG}: ${failed}")
endif()
if(LAYERS)
  message("${count} public headers compile on their own as ${LANG} (${COMPILER}), each with its layer's headers and those below only")
else()
  message("${count} public headers compile on their own as ${LANG} (${COMPILER})")
endif()
