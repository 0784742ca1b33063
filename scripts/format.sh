#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# clang-format (.clang-format) over the C++ sources.
#   scripts/format.sh           reformat the files in place
#   scripts/format.sh --check   only report files that are not formatted (exit 1 if any)
#   scripts/format.sh [--check] FILE...   only these files
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
clang_format="${CLANG_FORMAT:-clang-format-14}"
command -v "$clang_format" >/dev/null || {
  echo "$clang_format not found (apt-get install clang-format-14)" >&2
  exit 1
}
mode=(-i)
if [ "${1:-}" = "--check" ]; then
  mode=(--dry-run -Werror)
  shift
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'include/*.h' 'tests/*.cpp' 'tests/*.h' \
    'bench/*.cpp' 'fuzz/*.cpp' 'tools/*.cpp')
fi
"$clang_format" "${mode[@]}" "${files[@]}"
# Every source file names its license in its first lines (the README's License section).
if [ "${mode[0]}" != -i ] && [ $# -eq 0 ]; then
  missing=$(git ls-files '*.cpp' '*.h' '*.def' '*.inc' '*.cl' '*.py' '*.sh' '*CMakeLists.txt' .ci/run |
    while read -r f; do head -n 4 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || echo "$f"; done)
  if [ -n "$missing" ]; then
    echo "no SPDX-License-Identifier line in the first lines of:" >&2
    echo "$missing" >&2
    exit 1
  fi
fi
