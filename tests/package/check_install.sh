#!/bin/sh
# make install, then programs built out of tree against what was installed,
# both ways, shared and static:
#   - CMake: examples/ configured on its own (find_package(threeanim)), with
#     threeanim::threeanim and with threeanim::threeanim_static (the runtime and
#     the loaders); tests/package/runtime_consumer (find_package(threeanim
#     COMPONENTS runtime)) with threeanim::runtime and threeanim::runtime_static;
#   - pkg-config: a plain compiler command line, `pkg-config --cflags --libs
#     threeanim` (both libraries), `threeanim-static` (both archives by their
#     paths, jansson and libm), `threeanim-runtime` and `threeanim-runtime-static`.
# The README's "Twenty lines" program and a program that only loads
# (load_only.c), built with the README's own pkg-config and rpath command,
# start from the prefix with no LD_LIBRARY_PATH.
# A runtime-only program (runtime_only.c) is linked with no jansson on its
# link line and needs neither jansson nor the loaders' library.
# The bundled model is installed where `threeanim example --path`, pkg-config's
# default_model and the CMake package's threeanim_DEFAULT_MODEL (set_and_check,
# so configure fails without it) say, and the README's example reads it from
# any folder.
# Each build of examples/crossfade must print what the in-tree build prints,
# byte for byte; a static build must not need libthreeanim.so, a shared one
# must load it from the prefix. ta_library_version(), pkg-config --modversion and the
# CMake package's version must all be the project's version.
#
# usage: check_install.sh BUILD_DIR SOURCE_DIR WORK_DIR VERSION LIBDIR CC CMAKE [EXTRA_FLAGS]
set -eu
build=$1 src=$2 work=$3 version=$4 libdir=$5 cc=$6 cmake=$7 extra=${8:-}
major=${version%%.*}
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# needs FILE LIBRARY: whether FILE's dynamic section needs LIBRARY.
needs() { readelf -d "$1" | grep -q "NEEDED.*\[$2"; }

"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"
for f in include/threeanim/threeanim.h include/threeanim/animation_mixer.h \
         "$libdir/libthreeanim-runtime.so.$version" "$libdir/libthreeanim-runtime.a" \
         "$libdir/libthreeanim-io.so.$version" "$libdir/libthreeanim-io.a" bin/threeanim \
         "$libdir/cmake/threeanim/threeanimConfig.cmake" "$libdir/cmake/threeanim/threeanimConfigVersion.cmake" \
         "$libdir/pkgconfig/threeanim.pc" "$libdir/pkgconfig/threeanim-static.pc" \
         "$libdir/pkgconfig/threeanim-runtime.pc" "$libdir/pkgconfig/threeanim-runtime-static.pc" \
         share/threeanim/default.glb; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done
for lib in libthreeanim-runtime libthreeanim-io; do
  [ "$(readlink "$prefix/$libdir/$lib.so")" = "$lib.so.$major" ] || fail "$lib.so is not a link to $lib.so.$major"
  [ "$(readlink "$prefix/$libdir/$lib.so.$major")" = "$lib.so.$version" ] || fail "$lib.so.$major is not a link to $lib.so.$version"
  readelf -d "$prefix/$libdir/$lib.so.$version" | grep -q "SONAME.*\[$lib.so.$major\]" || fail "the soname of $lib is not $lib.so.$major"
done
[ ! -e "$prefix/$libdir/libthreeanim_io_private.a" ] || fail "the loaders' private archive was installed"
headers=$(ls "$src"/include/threeanim/*.h | wc -l)
[ "$(ls "$prefix"/include/threeanim/*.h | wc -l)" -eq "$headers" ] || fail "not every public header was installed"
"$prefix/bin/threeanim" --help > /dev/null || fail "the installed threeanim command does not run"

cmp -s "$src/examples/default.glb" "$prefix/share/threeanim/default.glb" || fail "the installed default.glb differs from examples/default.glb"
got=$("$prefix/bin/threeanim" example --path) || fail "threeanim example --path failed in the prefix"
[ "$got" = "$(cd "$prefix/share/threeanim" && pwd -P)/default.glb" ] || fail "threeanim example --path said $got, not $prefix/share/threeanim/default.glb"
if [ -x "$build/examples/readme_example" ]; then
  frames=$(cd "$work" && "$build/examples/readme_example" "$("$prefix/bin/threeanim" example --path)" | wc -l)
  [ "$frames" -eq 31 ] || fail "the README example given threeanim example --path printed $frames lines, not 31"
  echo "ok   readme-example-outside-the-tree"
fi

expected=$work/expected.txt
"$build/examples/crossfade" "$src/examples/default.glb" > "$expected"
[ -s "$expected" ] || fail "the in-tree crossfade printed nothing"

needs "$prefix/$libdir/libthreeanim-runtime.so.$version" libjansson && fail "libthreeanim-runtime.so needs jansson"
needs "$prefix/$libdir/libthreeanim-io.so.$version" "libthreeanim-runtime.so.$major" ||
  fail "libthreeanim-io.so does not need libthreeanim-runtime.so.$major"

check_run() { # check_run NAME EXE shared|static
  name=$1 exe=$2 kind=$3
  if [ "$kind" = static ]; then
    needs "$exe" libthreeanim && fail "$name: a static build needs a libthreeanim shared library"
  else
    for lib in libthreeanim-io libthreeanim-runtime; do
      needs "$exe" $lib.so.$major || fail "$name: a shared build does not need $lib.so.$major"
      ldd "$exe" | grep -q "$lib.so.$major => $prefix/$libdir/" || fail "$name: $lib.so.$major is not loaded from $prefix"
    done
  fi
  "$exe" "$src/examples/default.glb" > "$work/$name.txt" || fail "$name: the example failed"
  cmp -s "$expected" "$work/$name.txt" || fail "$name: the output differs from the in-tree build's (diff $expected $work/$name.txt)"
  echo "ok   $name"
}
runtime_expected=$work/runtime-expected.txt
"$build/tests/package/runtime_only" > "$runtime_expected" || fail "the in-tree runtime_only failed"
check_runtime_run() { # check_runtime_run NAME EXE shared|static
  name=$1 exe=$2 kind=$3
  needs "$exe" libjansson && fail "$name: a runtime-only program needs jansson"
  needs "$exe" libthreeanim-io && fail "$name: a runtime-only program needs the loaders' library"
  if [ "$kind" = static ]; then
    needs "$exe" libthreeanim && fail "$name: a static build needs a libthreeanim shared library"
  else
    ldd "$exe" | grep -q "libthreeanim-runtime.so.$major => $prefix/$libdir/" ||
      fail "$name: libthreeanim-runtime.so.$major is not loaded from $prefix"
  fi
  "$exe" > "$work/$name.txt" || fail "$name: runtime_only failed"
  cmp -s "$runtime_expected" "$work/$name.txt" || fail "$name: the output differs from the in-tree build's"
  echo "ok   $name"
}

# ---- CMake: find_package(threeanim) ---------------------------------------------
for kind in shared static; do
  static=OFF
  [ "$kind" = static ] && static=ON
  dir=$work/cmake-$kind
  "$cmake" -S "$src/examples" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DTA_EXAMPLES_STATIC=$static \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$dir.log" 2>&1 || { cat "$dir.log"; fail "cmake ($kind): configure"; }
  grep -q "found threeanim $version " "$dir.log" || { cat "$dir.log"; fail "cmake ($kind): find_package did not give version $version"; }
  "$cmake" --build "$dir" > "$dir.build.log" 2>&1 || { cat "$dir.build.log"; fail "cmake ($kind): build"; }
  check_run "cmake-$kind-crossfade" "$dir/crossfade" $kind

  dir=$work/cmake-runtime-$kind
  "$cmake" -S "$src/tests/package/runtime_consumer" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DTA_RUNTIME_STATIC=$static \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$dir.log" 2>&1 || { cat "$dir.log"; fail "cmake (runtime, $kind): configure"; }
  grep -q "found threeanim $version" "$dir.log" || { cat "$dir.log"; fail "cmake (runtime, $kind): find_package did not give version $version"; }
  grep -qi jansson "$dir/CMakeCache.txt" && fail "cmake (runtime, $kind): find_package(threeanim COMPONENTS runtime) looked for jansson"
  "$cmake" --build "$dir" > "$dir.build.log" 2>&1 || { cat "$dir.build.log"; fail "cmake (runtime, $kind): build"; }
  check_runtime_run "cmake-runtime-$kind" "$dir/runtime_only" $kind
done

# ---- pkg-config: a plain compiler command line ------------------------------------
PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
export PKG_CONFIG_PATH
pcversion=$(pkg-config --modversion threeanim)
[ "$pcversion" = "$version" ] || fail "pkg-config --modversion threeanim is $pcversion, not $version"
cflags="-std=c11 -Wall -Wextra -Werror $extra $(pkg-config --cflags threeanim)"
shared_libs="$(pkg-config --libs threeanim) -Wl,-rpath,$(pkg-config --variable=libdir threeanim)"
[ "$(pkg-config --variable=default_model threeanim)" -ef "$prefix/share/threeanim/default.glb" ] ||
  fail "pkg-config --variable=default_model threeanim is $(pkg-config --variable=default_model threeanim)"
static_libs=$(pkg-config --libs threeanim-static)
case " $static_libs " in *" -lthreeanim"*) fail "pkg-config --libs threeanim-static names a -lthreeanim library: $static_libs" ;; esac
for kind in shared static; do
  if [ "$kind" = static ]; then libs=$static_libs; cflags="$cflags $(pkg-config --cflags threeanim-static)"; else libs=$shared_libs; fi
  dir=$work/pc-$kind
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  "$cc" $cflags -o "$dir/version_check" "$src/tests/package/version_check.c" -DTA_PACKAGE_VERSION="\"$pcversion\"" $extra $libs \
    || fail "pkg-config ($kind): cannot build version_check"
  got=$("$dir/version_check") || fail "pkg-config ($kind): ta_library_version() is not $pcversion"
  echo "ok   pc-$kind-version: ta_library_version() $got"
  # shellcheck disable=SC2086
  "$cc" $cflags -o "$dir/crossfade" "$src/examples/crossfade.c" $extra $libs -lm \
    || fail "pkg-config ($kind): cannot build crossfade"
  check_run "pc-$kind-crossfade" "$dir/crossfade" $kind
done

# The README's commands, word for word, from this prefix: its "Twenty lines"
# program and a program that only loads (load_only.c), each built with
# `cc FILE $(pkg-config --cflags --libs threeanim) -Wl,-rpath,$(pkg-config
# --variable=libdir threeanim)` and run with no LD_LIBRARY_PATH. The load-only
# program calls nothing of the runtime itself: where the linker drops unused
# libraries (--as-needed, the default of some distributions, and asked for
# here a second time), it needs only libthreeanim-io.so, which must find
# libthreeanim-runtime.so from its own RUNPATH ($ORIGIN).
readelf -d "$prefix/$libdir/libthreeanim-io.so.$version" | grep -q 'R.*PATH.*\[\$ORIGIN\]' ||
  fail "the installed libthreeanim-io.so has no RUNPATH \$ORIGIN: a program that needs only it cannot find libthreeanim-runtime.so"
dir=$work/readme
mkdir -p "$dir"
awk '$0 == "```c" { n++; inside = n == 1; next } /^```/ { inside = 0 } inside' "$src/README.md" > "$dir/walk.c"
[ -s "$dir/walk.c" ] || fail "README.md has no C block"
readme_build() { # readme_build OUT FILE [FLAGS]: the README's command line
  # shellcheck disable=SC2046,SC2086
  (cd "$dir" && env -u LD_LIBRARY_PATH "$cc" "$2" -o "$1" $(pkg-config --cflags --libs threeanim) \
    -Wl,-rpath,$(pkg-config --variable=libdir threeanim) ${3:-} $extra) || fail "the README's command cannot build $2"
}
readme_build walk walk.c
got=$(cd "$dir" && env -u LD_LIBRARY_PATH ./walk "$("$prefix/bin/threeanim" example --path)") ||
  fail "the README's program, built with the README's command, does not run from $prefix"
[ "$got" = "$("$build/examples/readme_example" "$src/examples/default.glb")" ] ||
  fail "the README's program built from $prefix prints what the in-tree one does not"
echo "ok   readme-twenty-lines: built with the README's pkg-config and rpath command, runs from $prefix"
cp "$src/tests/package/load_only.c" "$dir/load_only.c"
want=$("$build/tests/package/load_only" "$src/examples/default.glb") || fail "the in-tree load_only failed"
for asneeded in "" -Wl,--as-needed; do
  readme_build load_only load_only.c "$asneeded"
  got=$(cd "$dir" && env -u LD_LIBRARY_PATH ./load_only "$src/examples/default.glb") ||
    fail "a load-only program built with the README's command ${asneeded:+and $asneeded }does not start from $prefix"
  [ "$got" = "$want" ] || fail "load_only ${asneeded:+($asneeded) }printed $got, not $want"
  echo "ok   readme-load-only${asneeded:+ $asneeded}: $got"
done

# The runtime alone: no jansson on the link line, from either file.
for kind in shared static; do
  if [ "$kind" = static ]; then pc=threeanim-runtime-static; else pc=threeanim-runtime; fi
  libs=$(pkg-config --libs $pc)
  case " $libs " in *jansson*|*threeanim-io*) fail "pkg-config --libs $pc names jansson or the loaders: $libs" ;; esac
  [ "$kind" = shared ] && libs="$libs -Wl,-rpath,$(pkg-config --variable=libdir $pc)"
  dir=$work/pc-runtime-$kind
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  "$cc" -std=c11 -Wall -Wextra -Werror $extra $(pkg-config --cflags $pc) -o "$dir/runtime_only" \
    "$src/tests/package/runtime_only.c" $extra $libs || fail "pkg-config ($pc): cannot build runtime_only"
  check_runtime_run "pc-runtime-$kind" "$dir/runtime_only" $kind
done
echo "installed $version into $prefix; the programs build and run both ways, shared and static, with the runtime alone and with the loaders"
