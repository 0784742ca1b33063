#!/bin/sh
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# `gfxasm analyze --format=html` in headless Chromium: clang-22 kernels (gfx90a MFMA, gfx900,
# gfx1100) analysed to a page, which must load without script errors and draw every block the
# analyzer found (the page's script counts the drawn blocks into body data-drawn-blocks).
# Usage: analyze_html_test.sh GFXASM SOURCE_DIR
set -eu
gfxasm=$1 src=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
status=0
for case in "18_mfma gfx90a" "03_matmul_tiled gfx900" "12_divergent gfx1100"; do
    set -- $case
    clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -nogpulib -S -Wno-everything -O3 \
        -mcpu="$2" -o "$d/$1.s" "$src/tests/object/kernels/$1.cl"
    "$gfxasm" analyze --mcpu="$2" --format=html "$d/$1.s" > "$d/$1.html"
    blocks=$("$gfxasm" analyze --mcpu="$2" --format=json "$d/$1.s" |
             sed -n 's/^  "blocks": \([0-9]*\),$/\1/p')
    timeout 120 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
        --dump-dom "file://$d/$1.html" > "$d/$1.dom" 2> "$d/$1.log" || true
    body=$(grep -o '<body[^>]*>' "$d/$1.dom" || true)
    if [ -z "$blocks" ] || [ "$body" != "<body data-drawn-blocks=\"$blocks\">" ] ||
       grep -q 'Uncaught' "$d/$1.log"; then
        echo "FAIL $1 $2: $blocks blocks expected, page body: $body"
        grep 'CONSOLE\|Uncaught' "$d/$1.log" | head -5
        status=1
    else
        echo "ok $1 $2: $blocks blocks drawn"
    fi
done
exit $status
