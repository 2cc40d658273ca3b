# make install: the headers, the two libraries (the runtime, and the loaders
# on top of it), each shared and static, the threeanim command, a CMake
# package and pkg-config files.
#
#   find_package(threeanim 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE threeanim::threeanim)         # both: libthreeanim-io.so, libthreeanim-runtime.so
#   target_link_libraries(app PRIVATE threeanim::runtime)           # the runtime alone, no jansson
#   target_link_libraries(app PRIVATE threeanim::threeanim_static)  # both, static (brings jansson)
#   target_link_libraries(app PRIVATE threeanim::runtime_static)    # the runtime alone, static
#
#   cc app.c $(pkg-config --cflags --libs threeanim)                  # both, shared
#   cc app.c $(pkg-config --cflags --libs threeanim-runtime)          # the runtime alone, shared
#   cc app.c $(pkg-config --cflags --libs threeanim-static)           # both, static (the archives, jansson, libm)
#   cc app.c $(pkg-config --cflags --libs threeanim-runtime-static)   # the runtime alone, static
#   cc -static app.c $(pkg-config --cflags --static --libs threeanim) # all static
#
# Both files are relocatable: they find the prefix from where they are, so
# `cmake --install build --prefix DIR` (make install PREFIX=DIR) gives a
# working package in DIR whatever CMAKE_INSTALL_PREFIX was at configure time.
include(CMakePackageConfigHelpers)

set(TA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/threeanim CACHE STRING
    "Where the CMake package files go, below the prefix")
set(TA_INSTALL_PKGCONFIGDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig CACHE STRING
    "Where the pkg-config files go, below the prefix")

# A consumer of a static library compiles its headers without dllimport
# (export.h); on ELF platforms this changes nothing.
target_compile_definitions(threeanim_runtime_static INTERFACE TA_STATIC)
target_compile_definitions(threeanim_static INTERFACE TA_STATIC)

# The loaders' library needs the runtime's, installed beside it: it looks for
# it in its own folder, so that a program that needs only the loaders (one
# that just loads) starts from any prefix with the README's one -rpath.
set_target_properties(threeanim PROPERTIES INSTALL_RPATH "$ORIGIN")
install(TARGETS threeanim_runtime threeanim_runtime_static threeanim threeanim_static EXPORT threeanimTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Every public header, whichever layer it belongs to: a runtime-only program
# includes the runtime's headers and never calls a loader.
file(GLOB TA_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/threeanim/*.h)
install(FILES ${TA_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/threeanim)
if(TARGET threeanim_cli)
  install(TARGETS threeanim_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# The bundled model, which `threeanim example --path`, pkg-config's
# default_model variable and the CMake package's threeanim_DEFAULT_MODEL name.
install(FILES ${PROJECT_SOURCE_DIR}/examples/default.glb DESTINATION ${CMAKE_INSTALL_DATADIR}/threeanim)

install(EXPORT threeanimTargets
  NAMESPACE threeanim::
  FILE threeanimTargets.cmake
  DESTINATION ${TA_INSTALL_CMAKEDIR})

set(TA_DEFAULT_MODEL ${CMAKE_INSTALL_DATADIR}/threeanim/default.glb)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/threeanimConfig.cmake.in
  ${PROJECT_BINARY_DIR}/threeanimConfig.cmake
  INSTALL_DESTINATION ${TA_INSTALL_CMAKEDIR}
  PATH_VARS TA_DEFAULT_MODEL)
# Before 1.0 a minor release may change the API, so 0.x accepts only the
# same minor version; from 1.0, any later version of the same major one.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(TA_VERSION_COMPATIBILITY SameMinorVersion)
else()
  set(TA_VERSION_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/threeanimConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${TA_VERSION_COMPATIBILITY})
install(FILES
  ${PROJECT_BINARY_DIR}/threeanimConfig.cmake
  ${PROJECT_BINARY_DIR}/threeanimConfigVersion.cmake
  DESTINATION ${TA_INSTALL_CMAKEDIR})

# pkg-config: the prefix is worked out from the .pc file's own folder.
if(IS_ABSOLUTE "${TA_INSTALL_PKGCONFIGDIR}")
  set(TA_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH TA_PC_UP "/prefix/${TA_INSTALL_PKGCONFIGDIR}" "/prefix")
  string(REGEX REPLACE "/$" "" TA_PC_UP "${TA_PC_UP}")
  set(TA_PC_PREFIX "\${pcfiledir}/${TA_PC_UP}")
endif()
foreach(dir INCLUDEDIR LIBDIR DATADIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(TA_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(TA_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
set(TA_PC_FILES threeanim threeanim-static threeanim-runtime threeanim-runtime-static)
foreach(pc ${TA_PC_FILES})
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${TA_INSTALL_PKGCONFIGDIR})
endforeach()
