cmake_minimum_required(VERSION 3.25)
# cmake -DNM=nm -DLAYERS=cmake/Layers.cmake -DOBJECTS_core="a.o|b.o|..." ... -DOBJECTS_io=...
#       -P check_layer_symbols.cmake
#
# The calls between the layers, read from the object files of each layer's
# object library (threeanim_<layer>, cmake/Layers.cmake): fails, naming the
# object, the symbol and both layers, when an object of a layer uses (nm: U)
# a symbol that an object of a higher layer defines. The include check
# (check_layers.cmake) sees what a file includes; this sees what it calls,
# even through a declaration written by hand.
include(${LAYERS})
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/NmSymbols.cmake)

# A path as a message names it: from the layer's folder on (io/model.c.o).
function(short_name path out)
  string(REGEX REPLACE "^.*/threeanim_[a-z]+\\.dir/" "" p "${path}")
  set(${out} ${p} PARENT_SCOPE)
endfunction()

set(rank 0)
set(object_count 0)
set(defined_count 0)
foreach(layer ${TA_LAYERS})
  set(rank_${layer} ${rank})
  math(EXPR rank "${rank} + 1")
  string(REPLACE "|" ";" objects "${OBJECTS_${layer}}")
  if(NOT objects)
    message(FATAL_ERROR "no object files given for the ${layer} layer (-DOBJECTS_${layer})")
  endif()
  list(LENGTH objects n)
  math(EXPR object_count "${object_count} + ${n}")
  ta_nm_symbols(symbols -g ${objects})
  set(uses_${layer} "")
  foreach(entry ${symbols})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 object)
    list(GET entry 1 type)
    list(GET entry 2 sym)
    if(type STREQUAL "U")
      # "object|symbol", read below once every layer's definitions are known.
      list(APPEND uses_${layer} "${object}|${sym}")
    elseif(NOT DEFINED defined_by_${sym})
      set(defined_by_${sym} ${layer})
      set(defined_in_${sym} ${object})
      math(EXPR defined_count "${defined_count} + 1")
    endif()
  endforeach()
endforeach()

set(problems "")
set(checked 0)
foreach(layer ${TA_LAYERS})
  foreach(use ${uses_${layer}})
    string(REPLACE "|" ";" use "${use}")
    list(GET use 0 object)
    list(GET use 1 sym)
    math(EXPR checked "${checked} + 1")
    if(NOT DEFINED defined_by_${sym})
      continue() # libc, libm, jansson, a sanitizer's runtime
    endif()
    set(to ${defined_by_${sym}})
    if(rank_${to} GREATER rank_${layer})
      short_name(${object} from)
      short_name(${defined_in_${sym}} in)
      string(APPEND problems "  ${from} (${layer} layer) uses ${sym}, which ${in} (${to} layer, above it) defines\n")
    endif()
  endforeach()
endforeach()

if(object_count LESS 50 OR defined_count LESS 200 OR checked LESS 500)
  string(APPEND problems "  only ${object_count} objects, ${defined_count} symbols defined and ${checked} used: the scan of nm's output is broken\n")
endif()
if(problems)
  message(FATAL_ERROR "calls that go up the layers (${TA_LAYERS}, bottom to top):\n${problems}")
endif()
message("${object_count} objects of the layers (${TA_LAYERS}) use ${checked} symbols, none defined by a layer above their own")
