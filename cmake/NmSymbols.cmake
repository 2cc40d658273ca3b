# ta_nm_symbols(OUT ARG...): runs ${NM} -A ARG... (an object or an archive
# each) and sets OUT to one "<file>|<type>|<symbol>" per symbol, <file> being
# "object" or "archive:member". Read by the layer test (tests/layers) and
# the symbols check (tests/package), in script mode.
function(ta_nm_symbols out)
  execute_process(COMMAND ${NM} -A ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE errout)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} -A ${ARGN} failed: ${errout}")
  endif()
  string(REPLACE "\n" ";" lines "${text}")
  set(symbols "")
  foreach(line ${lines})
    # "<file>:<value> <type> <symbol>[@version]", the value blank for an undefined one
    if(line MATCHES "^(.+):[0-9a-fA-F]* *([A-Za-z]) ([^ @]+)(@.*)?$")
      list(APPEND symbols "${CMAKE_MATCH_1}|${CMAKE_MATCH_2}|${CMAKE_MATCH_3}")
    endif()
  endforeach()
  set(${out} ${symbols} PARENT_SCOPE)
endfunction()
