# The warning set every target of the project builds with. The prototype
# warnings are C's: a C++ source of the target (bench/ozz) gets the rest.
function(ta_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wvla -Wformat=2
    $<$<COMPILE_LANGUAGE:C>:-Wstrict-prototypes -Wmissing-prototypes>)
endfunction()
