#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# Builds the gfxasm command line (build/gfxasm), installing the build dependencies if missing.
#   BUILD_DIR (default build), BUILD_TYPE (default Release), JOBS (default: number of cores)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/deps.sh"
install_packages build
build_dir="${BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
  -DGFXASM_TESTS=OFF -DGFXASM_BENCH=OFF >/dev/null
# Build progress to stderr: standard output stays for the program run after this script.
cmake --build "$build_dir" --target gfxasm_cli -j "${JOBS:-$(nproc)}" >&2
