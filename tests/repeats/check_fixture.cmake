# cmake -DCHECK=path/to/repeat_check -DFIXTURE=fixture -P check_fixture.cmake
#
# repeat_check's own test: on fixture/ it must report the one repeat of six
# lines (laid out otherwise in b.c), pass over the repeat of five, and fail.
execute_process(COMMAND ${CHECK} ${FIXTURE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(expected "a.c:4 ~ b.c:5 (6 lines): int s = 0;\n1 repeated blocks of 6 or more lines: write each once and call it\n")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "repeat_check on the fixture exited ${rc}, not 1:\n${out}${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "repeat_check on the fixture said:\n${out}\nnot:\n${expected}")
endif()
