#!/bin/sh
# make install, then an example built out of tree against what was installed,
# both ways, for the shared and the static library:
#   - CMake: examples/ configured on its own (find_package(threeanim)), with
#     threeanim::threeanim and with threeanim::threeanim_static;
#   - pkg-config: a plain compiler command line, `pkg-config --cflags --libs
#     threeanim`, and for the static library `pkg-config --cflags --libs
#     threeanim-static` (the archive by its path, jansson and libm).
# The bundled model is installed where `threeanim example --path`, pkg-config's
# default_model and the CMake package's threeanim_DEFAULT_MODEL (set_and_check,
# so configure fails without it) say, and the README's example reads it from
# any folder.
# Each build of examples/crossfade must print what the in-tree build prints,
# byte for byte; a static build must not need libthreeanim.so, a shared one
# must load it from the prefix. ta_version(), pkg-config --modversion and the
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

"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"
for f in include/threeanim/threeanim.h include/threeanim/animation_mixer.h \
         "$libdir/libthreeanim.so.$version" "$libdir/libthreeanim.a" bin/threeanim \
         "$libdir/cmake/threeanim/threeanimConfig.cmake" "$libdir/cmake/threeanim/threeanimConfigVersion.cmake" \
         "$libdir/pkgconfig/threeanim.pc" "$libdir/pkgconfig/threeanim-static.pc" share/threeanim/default.glb; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done
[ "$(readlink "$prefix/$libdir/libthreeanim.so")" = "libthreeanim.so.$major" ] || fail "libthreeanim.so is not a link to libthreeanim.so.$major"
[ "$(readlink "$prefix/$libdir/libthreeanim.so.$major")" = "libthreeanim.so.$version" ] || fail "libthreeanim.so.$major is not a link to libthreeanim.so.$version"
readelf -d "$prefix/$libdir/libthreeanim.so.$version" | grep -q "SONAME.*\[libthreeanim.so.$major\]" || fail "the soname is not libthreeanim.so.$major"
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

# needs FILE LIBRARY: whether FILE's dynamic section needs LIBRARY.
needs() { readelf -d "$1" | grep -q "NEEDED.*\[$2"; }
check_run() { # check_run NAME EXE shared|static
  name=$1 exe=$2 kind=$3
  if [ "$kind" = static ]; then
    needs "$exe" libthreeanim.so && fail "$name: a static build needs libthreeanim.so"
  else
    needs "$exe" libthreeanim.so.$major || fail "$name: a shared build does not need libthreeanim.so.$major"
    ldd "$exe" | grep -q "libthreeanim.so.$major => $prefix/$libdir/" || fail "$name: libthreeanim.so.$major is not loaded from $prefix"
  fi
  "$exe" "$src/examples/default.glb" > "$work/$name.txt" || fail "$name: the example failed"
  cmp -s "$expected" "$work/$name.txt" || fail "$name: the output differs from the in-tree build's (diff $expected $work/$name.txt)"
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
case " $static_libs " in *" -lthreeanim "*) fail "pkg-config --libs threeanim-static names -lthreeanim: $static_libs" ;; esac
for kind in shared static; do
  if [ "$kind" = static ]; then libs=$static_libs; cflags="$cflags $(pkg-config --cflags threeanim-static)"; else libs=$shared_libs; fi
  dir=$work/pc-$kind
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  "$cc" $cflags -o "$dir/version_check" "$src/tests/package/version_check.c" -DTA_PACKAGE_VERSION="\"$pcversion\"" $extra $libs \
    || fail "pkg-config ($kind): cannot build version_check"
  got=$("$dir/version_check") || fail "pkg-config ($kind): ta_version() is not $pcversion"
  echo "ok   pc-$kind-version: ta_version() $got"
  # shellcheck disable=SC2086
  "$cc" $cflags -o "$dir/crossfade" "$src/examples/crossfade.c" $extra $libs -lm \
    || fail "pkg-config ($kind): cannot build crossfade"
  check_run "pc-$kind-crossfade" "$dir/crossfade" $kind
done
echo "installed $version into $prefix; the example builds and runs both ways, shared and static"
