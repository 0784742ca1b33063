#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian packages a step needs, only those missing (sourced by the other scripts).
#   install_packages build|test|fuzz|bench|format ...
# Uses apt-get directly as root, sudo otherwise; `apt-get update` runs only when something is missing.

# yaml-cpp reads the `.amdgpu_metadata` YAML, msgpack-cxx (header-only) writes its note.
BUILD_PACKAGES=(cmake g++ make pkg-config libfmt-dev libcli11-dev libyaml-cpp-dev libmsgpack-cxx-dev)
# llvm-22 provides llvm-mc-22 and llvm-objdump-22, the oracles of the tests (never linked);
# clang-22 and lld-22 build the objects the objdump test lists; chromium (headless) opens the
# page `gfxasm analyze --format=html` writes (tests/analyze_html_test.sh).
TEST_PACKAGES=("${BUILD_PACKAGES[@]}" libgtest-dev libgmock-dev libbenchmark-dev llvm-22 clang-22
  lld-22 python3 chromium)
# clang-22's libFuzzer lives in libclang-rt-22-dev.
FUZZ_PACKAGES=("${BUILD_PACKAGES[@]}" clang-22 libclang-rt-22-dev)
BENCH_PACKAGES=("${TEST_PACKAGES[@]}" hyperfine time)
FORMAT_PACKAGES=(clang-format-14 git)

install_packages() {
  local wanted=() missing=() group pkg
  for group in "$@"; do
    case "$group" in
      build) wanted+=("${BUILD_PACKAGES[@]}") ;;
      test) wanted+=("${TEST_PACKAGES[@]}") ;;
      fuzz) wanted+=("${FUZZ_PACKAGES[@]}") ;;
      bench) wanted+=("${BENCH_PACKAGES[@]}") ;;
      format) wanted+=("${FORMAT_PACKAGES[@]}") ;;
      *) echo "install_packages: unknown group '$group'" >&2; return 1 ;;
    esac
  done
  for pkg in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}"
  [ -n "${GFXASM_APT_UPDATED:-}" ] || "${sudo[@]}" apt-get update -qq
  GFXASM_APT_UPDATED=1
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
