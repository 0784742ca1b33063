#!/usr/bin/env bash
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
