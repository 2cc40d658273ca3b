# A CMake toolchain for threeanim.wasm: the machine's clang and wasm-ld, with Debian's wasi-libc
# (/usr/include/wasm32-wasi, /usr/lib/wasm32-wasi) and clang's wasm32 builtins
# (libclang-rt-14-dev-wasm32). scripts/deps.sh installs both; cmake/wasm/CMakeLists.txt uses it.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(TA_WASI_INCLUDE /usr/include/wasm32-wasi CACHE PATH "wasi-libc's headers")
set(TA_WASI_LIB /usr/lib/wasm32-wasi CACHE PATH "wasi-libc's libraries")
# No sysroot: Debian keeps wasi-libc beside the host's headers, which must not be seen.
set(CMAKE_C_FLAGS_INIT "-nostdlibinc -isystem ${TA_WASI_INCLUDE}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-L${TA_WASI_LIB} -fuse-ld=lld -Wno-unused-command-line-argument")
set(CMAKE_EXECUTABLE_SUFFIX .wasm)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
