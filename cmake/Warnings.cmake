# The warning set every target of the project builds with.
function(ta_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
    -Wpointer-arith -Wvla -Wformat=2)
endfunction()
