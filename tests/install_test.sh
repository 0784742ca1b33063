#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# The installed package as a user meets it: `cmake --install` of the build into a temporary
# prefix, then examples/api/ built against that prefix twice, with find_package(gfxasm) and with
# pkg-config, and each program's output compared with llvm-mc-22's and ld.lld-22's; the installed
# command's --version; and a project that takes gfxasm through add_subdirectory() gets the library
# alone (no command line, no tests).
#   install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$(cd "$1" && pwd)" src="$(cd "$2" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

# find_package(gfxasm)
cmake -S "$src/examples/api" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/cmake-build" >/dev/null
# pkg-config (the .pc file finds its prefix from where it is)
pc_dir="$(dirname "$(find "$prefix" -name gfxasm.pc)")"
mkdir "$tmp/pc-build"
for example in assemble disassemble code_object; do
  # shellcheck disable=SC2046
  c++ -std=c++20 -O1 -o "$tmp/pc-build/$example" "$src/examples/api/$example.cpp" \
    $(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs gfxasm)
done

kernel="$src/examples/saxpy_gfx1100.s"
llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj -o "$tmp/llvm.o" "$kernel"
llvm-objcopy-22 -O binary --only-section=.text "$tmp/llvm.o" "$tmp/llvm.text"
ld.lld-22 -shared -o "$tmp/llvm.hsaco" "$tmp/llvm.o"
# What llvm-mc-22 --disassemble prints for the same bytes.
od -An -v -tx1 "$tmp/llvm.text" | sed -e 's/ \([0-9a-f][0-9a-f]\)/0x\1 /g' >"$tmp/llvm.bytes"
llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 --disassemble "$tmp/llvm.bytes" |
  grep -v '^\s*\.text$' >"$tmp/llvm.dis"
[ -s "$tmp/llvm.dis" ]

for dir in cmake-build pc-build; do
  bin="$tmp/$dir"
  "$bin/assemble" gfx1100 <"$kernel" >"$tmp/$dir.text"
  cmp "$tmp/$dir.text" "$tmp/llvm.text"
  "$bin/disassemble" gfx1100 <"$tmp/llvm.text" >"$tmp/$dir.dis"
  diff -u "$tmp/llvm.dis" "$tmp/$dir.dis"
  "$bin/code_object" "$kernel" "$tmp/$dir.hsaco" >/dev/null
  cmp "$tmp/$dir.hsaco" "$tmp/llvm.hsaco"
done

# The installed command: the version, the commit (in a git checkout) and the processors.
# (the commit the build was made at: a commit of the repository, not necessarily its HEAD)
version="$("$prefix/bin/gfxasm" --version)"
if ! echo "$version" | grep -q "^gfxasm version [0-9]" || ! echo "$version" | grep -q "^    gfx1100$"; then
  echo "unexpected --version output: $version" >&2
  exit 1
fi
if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
  commit="$(echo "$version" | sed -n 's/.*(git commit \([0-9a-f]*\))$/\1/p')"
  if [ -z "$commit" ] || ! git -C "$src" cat-file -e "$commit^{commit}"; then
    echo "--version names no commit of the repository: $version" >&2
    exit 1
  fi
fi

# add_subdirectory(): the library alone by default (configured, not built: its targets listed).
mkdir "$tmp/embed"
cat >"$tmp/embed/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(embed LANGUAGES CXX)
add_subdirectory("$src" gfxasm)
add_executable(code_object "$src/examples/api/code_object.cpp")
target_link_libraries(code_object PRIVATE gfxasm::gfxasm)
CMAKE
cmake -S "$tmp/embed" -B "$tmp/embed-build" >/dev/null
targets="$(cmake --build "$tmp/embed-build" --target help)"
echo "$targets" | grep -q '\.\.\. gfxasm$'
if echo "$targets" | grep -E '\.\.\. (gfxasm_cli|gfxasm_tests|gfxasm_bench|install)$'; then
  echo "add_subdirectory(gfxasm) defines more than the library" >&2
  exit 1
fi
echo "install test: find_package and pkg-config builds of examples/api match llvm-mc-22 and ld.lld-22"
