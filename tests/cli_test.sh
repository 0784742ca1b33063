#!/usr/bin/env bash
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
# Runs the gfxasm command line and llvm-mc-22 with the same llvm-mc style arguments and checks
# that both write the same output and agree on success or failure.
#   cli_test.sh GFXASM LLVM_MC EXAMPLES_DIR
set -uo pipefail
gfxasm="$1" llvm_mc="$2" examples="$3"
command -v "$llvm_mc" >/dev/null || { echo "FAIL: $llvm_mc not found (install llvm-22)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
example="$examples/scalar_loop.s"
failures=0 passes=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# run TOOL ARGS... : stdout to $work/TOOLNAME.out, exit status to $work/TOOLNAME.rc
run() {
  local name="$1"
  shift
  "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null
  echo $? >"$work/$name.rc"
}

# same_output ARGS... : both tools print the same text and both succeed or both fail.
same_output() {
  run llvm "$llvm_mc" "$@"
  run ours "$gfxasm" "$@"
  compare "$*"
}

# same_output_stdin FILE ARGS... : as same_output, with FILE on standard input.
same_output_stdin() {
  local input="$1"
  shift
  "$llvm_mc" "$@" <"$input" >"$work/llvm.out" 2>"$work/llvm.err"
  echo $? >"$work/llvm.rc"
  "$gfxasm" "$@" <"$input" >"$work/ours.out" 2>"$work/ours.err"
  echo $? >"$work/ours.rc"
  compare "$* < $(basename "$input")"
}

compare() {
  local what="$1" ok=1
  if ! cmp -s "$work/llvm.out" "$work/ours.out"; then
    fail "[$what] output differs:"
    diff "$work/llvm.out" "$work/ours.out" | head -20
    ok=0
  fi
  local llvm_rc ours_rc
  llvm_rc=$(cat "$work/llvm.rc") ours_rc=$(cat "$work/ours.rc")
  if [ "$((llvm_rc == 0))" != "$((ours_rc == 0))" ]; then
    fail "[$what] exit status: llvm-mc $llvm_rc, gfxasm $ours_rc"
    sed 's/^/  gfxasm stderr: /' "$work/ours.err" | head -5
    ok=0
  fi
  [ $ok = 1 ] && passes=$((passes + 1))
}

# same_file ARGS... : both tools write the same file given by -o "$work/OUT" (substituted).
same_output_file() {
  local args=("$@")
  run llvm "$llvm_mc" "${args[@]/OUT/$work/llvm.s}"
  run ours "$gfxasm" "${args[@]/OUT/$work/ours.s}"
  if [ ! -f "$work/ours.s" ] || ! cmp -s "$work/llvm.s" "$work/ours.s"; then
    fail "[$*] output file differs"
    diff "$work/llvm.s" "$work/ours.s" 2>&1 | head -20
  elif [ -s "$work/ours.out" ]; then
    fail "[$*] wrote to standard output as well"
  else
    passes=$((passes + 1))
  fi
  rm -f "$work/llvm.s" "$work/ours.s"
}

# The example kernel, with every spelling of the options llvm-mc accepts.
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding "$example"
same_output --triple=amdgcn-amd-amdhsa --mcpu=gfx1100 --show-encoding "$example"
same_output -triple amdgcn -mcpu gfx1100 "$example"
same_output --triple amdgcn-amd-amdhsa --mcpu gfx1151 -show-encoding "$example"
same_output -arch=amdgcn -mcpu=gfx1100 -show-encoding "$example"
same_output --arch amdgcn -mcpu=gfx1102 "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -show-encoding "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr +wavefrontsize64 "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 --mattr=+wavefrontsize64,-real-true16 "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -mattr=-real-true16 "$example"
# an empty feature list (the option after it stays an option), names in any case, unknown names
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr= -show-encoding "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+WavefrontSize64,+foo -show-encoding "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=null "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=null -show-encoding "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=asm "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 --filetype asm "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding -o - "$example"
same_output "$example" -mcpu=gfx1153 -triple=amdgcn-amd-amdhsa
same_output_file -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding -o OUT "$example"
same_output_file -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -o=OUT "$example"
same_output_file -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 "$example" -o OUT
same_output_file -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=null -o OUT "$example"
same_output_stdin "$example" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding
same_output_stdin "$example" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding -

# gfx9: the gfx90a example, target ids with xnack/sramecc (and llvm-mc's warnings where the
# processor lacks one: the output compared, the warning on standard error checked below).
gfx9_example="$examples/gfx90a_scalar.s"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -show-encoding "$gfx9_example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=+xnack,-sramecc -show-encoding "$gfx9_example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -mattr=-xnack "$gfx9_example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -mattr=+sramecc -show-encoding "$gfx9_example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+xnack "$example"
# the gfx90a matrix-core example: memory, MFMA and AGPRs, packed f32, DPP, LDS
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -show-encoding "$examples/gfx90a_mfma.s"
for tool in "$llvm_mc" "$gfxasm"; do
  "$tool" -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -mattr=+sramecc -filetype=null "$gfx9_example" \
    2>"$work/$(basename "$tool").warn"
done
if ! cmp -s "$work/$(basename "$llvm_mc").warn" "$work/$(basename "$gfxasm").warn"; then
  fail "[-mcpu=gfx900 -mattr=+sramecc] warnings differ"
  diff "$work/$(basename "$llvm_mc").warn" "$work/$(basename "$gfxasm").warn" | head -5
else
  passes=$((passes + 1))
fi

# Triples: llvm prints .amdgcn_target (with the normalized triple) only for the amdhsa OS.
for triple in amdgcn amdgcn-amd-amdhsa amdgcn--amdhsa amdgcn-unknown-amdhsa amdgcn-amdhsa \
  amdgcn-amd-amdhsa-gnu amdgcn-amd-amdpal amdgcn-amd-mesa3d amdgcn-- amdgcn-amd-amdhsa-; do
  same_output -triple="$triple" -mcpu=gfx1100 "$example"
done

# A repeated option: the last value counts, as in llvm's option parser.
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -mcpu=gfx1100 -show-encoding "$example"
same_output -triple=amdgcn -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=null -filetype=asm "$example"

# Failures: llvm-mc and gfxasm both fail (messages differ in their program name).
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 "$work/no-such-file.s"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -no-such-option "$example"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 "$example" "$example"
printf 's_add_u32 s0, s1\ns_nop 0\n' >"$work/bad.s"
same_output -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding "$work/bad.s"

# A command line gfxasm refuses: one line "gfxasm[ SUBCOMMAND]: error: ...", exit status 1 (as
# llvm's tools), never the option parser's own status codes.
for args in "-filetype=foo $example" "--no-such-option $example" "objdump --no-such-option" \
  "analyze -mcpu=gfx1100 --no-such-option $example" "link --no-such-option"; do
  # shellcheck disable=SC2086
  "$gfxasm" $args >/dev/null 2>"$work/refused.err"
  rc=$?
  lines=$(wc -l <"$work/refused.err")
  if [ "$rc" != 1 ] || [ "$lines" != 1 ] || ! grep -q '^gfxasm[a-z ]*: error: ' "$work/refused.err"; then
    fail "[gfxasm $args] exit status $rc, message: $(cat "$work/refused.err")"
  else
    passes=$((passes + 1))
  fi
done

# An output file is not kept when assembling fails.
for tool in "$llvm_mc" "$gfxasm"; do
  echo stale >"$work/failed.s"
  "$tool" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -o "$work/failed.s" "$work/bad.s" 2>/dev/null
  if [ -e "$work/failed.s" ]; then
    fail "[$(basename "$tool") -o FILE with an error] FILE kept"
  else
    passes=$((passes + 1))
  fi
done

# --amdhsa-code-object-version: the object's ABI version and flags before any directive
# (xnack "any" on gfx900 below version 6, as llvm's header says).
printf 's_nop 0\n' >"$work/nop.s"
for v in 4 5 6; do
  for cpu in gfx1100 gfx900; do
    same_output_file --amdhsa-code-object-version=$v -triple=amdgcn-amd-amdhsa -mcpu=$cpu \
      -filetype=obj -o OUT "$work/nop.s"
  done
done

# Target ids: .amdgcn_target on every OS, .amd_amdgpu_isa on all but HSA, checked against the
# triple (its environment kept), the processor and, for HSA, the features; errors alike.
for triple in amdgcn-amd-amdhsa amdgcn-amd-amdhsa-llvm amdgcn-amd-amdpal amdgcn-amd-amdpal-llvm \
  amdgcn-mesa-mesa3d amdgcn--; do
  "$llvm_mc" -triple=$triple -mcpu=gfx90a -mattr=+xnack "$work/nop.s" >"$work/id.out" 2>/dev/null
  id=$(sed -n 's/.*amdgcn_target "\(.*\)"/\1/p' "$work/id.out")
  [ -n "$id" ] || id="$(echo "$triple" | sed 's/--$/-unknown-unknown/')--gfx90a"
  printf '.amdgcn_target "%s"\n.amd_amdgpu_isa "%s"\n.amdgcn_target "x"\n.amd_amdgpu_isa "y"\n' \
    "$id" "$id" >"$work/ids.s"
  printf '.amd_amdgpu_isa\n.amd_amdgpu_isa foo\n' >>"$work/ids.s"
  same_output -triple=$triple -mcpu=gfx90a -mattr=+xnack "$work/ids.s"
  if ! diff <(grep -o '^[^ ]*ids.s:.*' "$work/llvm.err") <(grep -o '^[^ ]*ids.s:.*' "$work/ours.err"); then
    fail "[$triple target ids] diagnostics differ"
  fi
done

# The README's first command: the shipped kernel to an object and a code object, equal to what
# llvm-mc-22 -filetype=obj and ld.lld-22 -shared make of it.
kernel="$examples/saxpy_gfx1100.s"
lld="$(dirname "$(command -v "$llvm_mc")")/ld.lld-22"
command -v "$lld" >/dev/null || lld=ld.lld-22
"$llvm_mc" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj -o "$work/llvm.o" "$kernel"
"$lld" -shared -o "$work/llvm.hsaco" "$work/llvm.o"
"$gfxasm" -mcpu=gfx1100 -filetype=obj -o "$work/ours.o" "$kernel"
"$gfxasm" -mcpu=gfx1100 -filetype=obj -shared -o "$work/ours.hsaco" "$kernel"
for f in o hsaco; do
  if cmp -s "$work/llvm.$f" "$work/ours.$f"; then
    passes=$((passes + 1))
  else
    fail "[$kernel -> .$f] differs from llvm-mc-22 / ld.lld-22's"
  fi
done

echo "$passes passed, $failures failed"
[ "$failures" = 0 ]
