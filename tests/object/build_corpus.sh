#!/bin/sh
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# Compile the OpenCL C corpus in kernels/ with clang-22 for every target variant.
# Usage: build_corpus.sh [--quick] [--check] OUTDIR
#   writes OUTDIR/<kernel>.<variant>.s for each kernel and variant, and
#   OUTDIR/manifest.tsv: one line per .s file, "<file>.s<TAB><llvm-mc-22 arguments>"
#   (the arguments llvm-mc-22 needs to assemble that file to the same target).
#   --quick : a subset (every kernel, CPU and variant at least once)
#   --check : also assemble every output with llvm-mc-22 -filetype=obj (to /dev/null)
# Prints the number of .s files produced; exits non-zero if any compile failed.
# Environment: CLANG (default clang-22), LLVM_MC (default llvm-mc-22), JOBS (default 2).
set -eu

CLANG=${CLANG:-clang-22}
LLVM_MC=${LLVM_MC:-llvm-mc-22}
JOBS=${JOBS:-2}

# Internal mode: compile one (kernel, variant); called through xargs.
if [ "${1:-}" = "--one" ]; then
    out=$2 src=$3 name=$4 variant=$5 cargs=$6 margs=$7 check=$8
    s="$out/$name.$variant.s"
    # shellcheck disable=SC2086
    if ! $CLANG -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -nogpulib -S -Wno-everything $cargs -o "$s" "$src" 2>"$s.err"; then
        echo "FAIL clang: $name.$variant ($cargs)" >&2; cat "$s.err" >&2; rm -f "$s"; exit 255
    fi
    rm -f "$s.err"
    if [ "$check" = 1 ]; then
        # shellcheck disable=SC2086
        if ! $LLVM_MC -triple=amdgcn-amd-amdhsa $margs -filetype=obj -o /dev/null "$s" 2>"$s.mcerr"; then
            echo "FAIL llvm-mc: $name.$variant ($margs)" >&2; head -5 "$s.mcerr" >&2; exit 255
        fi
        rm -f "$s.mcerr"
    fi
    exit 0
fi

quick=0 check=0
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1; shift ;;
    --check) check=1; shift ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--quick] [--check] OUTDIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"

CPUS="gfx900 gfx906 gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1101 gfx1102 gfx1103 gfx1150 gfx1151 gfx1152 gfx1153"

# Variant table: name|clang arguments|llvm-mc arguments
variants() {
    for cpu in $CPUS; do
        for o in O0 O3; do
            echo "$cpu-$o|-mcpu=$cpu -$o|-mcpu=$cpu"
        done
    done
    echo "gfx900-O3-cov4|-mcpu=gfx900 -O3 -mcode-object-version=4|-mcpu=gfx900"
    echo "gfx1100-O3-cov4|-mcpu=gfx1100 -O3 -mcode-object-version=4|-mcpu=gfx1100"
    echo "gfx90a-O0-cov5|-mcpu=gfx90a -O0 -mcode-object-version=5|-mcpu=gfx90a"
    echo "gfx1100-O3-cov5|-mcpu=gfx1100 -O3 -mcode-object-version=5|-mcpu=gfx1100"
    echo "gfx1100w64-O0|-mcpu=gfx1100 -mwavefrontsize64 -DCORPUS_WAVE64 -O0|-mcpu=gfx1100 -mattr=+wavefrontsize64"
    echo "gfx1100w64-O3|-mcpu=gfx1100 -mwavefrontsize64 -DCORPUS_WAVE64 -O3|-mcpu=gfx1100 -mattr=+wavefrontsize64"
    echo "gfx90a-xnack+-O3|-mcpu=gfx90a:xnack+ -O3|-mcpu=gfx90a -mattr=+xnack"
    echo "gfx90a-sramecc-xnack--O3|-mcpu=gfx90a:sramecc-:xnack- -O3|-mcpu=gfx90a -mattr=-sramecc,-xnack"
    echo "gfx942-xnack+-O3|-mcpu=gfx942:xnack+ -O3|-mcpu=gfx942 -mattr=+xnack"
    # generic processors (code object v6)
    echo "gfx9-generic-O3|-mcpu=gfx9-generic -O3|-mcpu=gfx9-generic"
    echo "gfx9-4-generic-O0|-mcpu=gfx9-4-generic -O0|-mcpu=gfx9-4-generic"
    echo "gfx11-generic-O3|-mcpu=gfx11-generic -O3|-mcpu=gfx11-generic"
    # debug information: .file/.loc line tables, .cfi_* frames, DWARF sections
    echo "gfx1100-O0-g|-mcpu=gfx1100 -O0 -g|-mcpu=gfx1100"
    echo "gfx90a-O3-g|-mcpu=gfx90a -O3 -g|-mcpu=gfx90a"
    echo "gfx942-O0-g|-mcpu=gfx942 -O0 -g|-mcpu=gfx942"
}

# Quick subset: kernel number k (0-based, NK kernels, NV variants) gets
# variants k mod NV and (k + NK) mod NV: with NK <= NV <= 2*NK every kernel,
# every variant (hence every CPU) is built at least once (2*NK files).
jobs() {
    nk=$(ls "$here"/kernels/*.cl | wc -l)
    nv=$(variants | wc -l)
    k=0
    for src in "$here"/kernels/*.cl; do
        name=$(basename "$src" .cl)
        v=0
        variants | while IFS='|' read -r vname cargs margs; do
            if [ $quick = 0 ] || [ $v = $((k % nv)) ] || [ $v = $(((k + nk) % nv)) ]; then
                printf '%s\0%s\0%s\0%s\0%s\0%s\0%s\0%s\0%s\0' "$self" --one "$out" "$src" "$name" "$vname" "$cargs" "$margs" "$check"
            fi
            v=$((v + 1))
        done
        k=$((k + 1))
    done
}

rm -f "$out"/*.s "$out"/manifest.tsv
status=0
jobs | xargs -0 -n 9 -P "$JOBS" sh || status=$?
: > "$out/manifest.tsv"
variants | while IFS='|' read -r vname cargs margs; do
    for s in "$out"/*."$vname".s; do
        [ -f "$s" ] && printf '%s\t%s\n' "$(basename "$s")" "-triple=amdgcn-amd-amdhsa $margs" >> "$out/manifest.tsv"
    done
done
n=$(wc -l < "$out/manifest.tsv")
echo "$n"
exit $status
