#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# Installs the test dependencies (llvm-22 is the oracle), builds everything and runs all tests:
# unit tests, the CLI tests and the differential tests against llvm-mc-22.
#   BUILD_DIR (default build), JOBS (default: number of cores), extra arguments go to ctest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/deps.sh"
install_packages test
build_dir="${BUILD_DIR:-$root/build}"
jobs="${JOBS:-$(nproc)}"
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DGFXASM_TESTS=ON -DGFXASM_BENCH=ON >/dev/null
cmake --build "$build_dir" -j "$jobs"
ctest --test-dir "$build_dir" -j "$jobs" --output-on-failure "$@"
