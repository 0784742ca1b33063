#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Runs llvm-mc-22 and gfxasm over every directive llvm's generic, ELF and AMDGPU parsers know,
each with typical and wrong arguments, in text and object output, and prints the cases whose
output (text or object bytes), exit status or diagnostics differ.

  tools/directive_diff.py [--gfxasm build/gfxasm] [--mcpu gfx1100] [--only REGEX] [--verbose]

The list of names was written from reading llvm's AsmParser.cpp (its directive kind map),
ELFAsmParser.cpp and AMDGPUAsmParser.cpp; the arguments are ours. One case per line; `\\n` in a
case separates lines of its file.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# name -> argument lists tried (first typical ones, then wrong ones)
CASES = {
    # data
    ".byte": ["1, 2", "x", "256"], ".short": ["1"], ".value": ["1"], ".2byte": ["1"],
    ".long": ["1, s"], ".int": ["1"], ".4byte": ["1"], ".quad": ["1"], ".8byte": ["1"],
    ".octa": ["1", "0x0123456789abcdef0123456789abcdef", "-1, 2", "x", "1 +", ""],
    ".single": ["1.5"], ".float": ["1.5"], ".double": ["1.5"],
    ".dc": ["1"], ".dc.a": ["1"], ".dc.b": ["1"], ".dc.d": ["1.0"], ".dc.l": ["1"],
    ".dc.s": ["1.0"], ".dc.w": ["1"], ".dc.x": ["1"], ".dcb": ["2, 1"], ".ds": ["2"],
    ".ascii": ['"ab"'], ".asciz": ['"ab"'], ".string": ['"ab"'],
    ".base64": ['"YWJj"', '"YWJjZA=="', '"YW"', '"!!!!"', "abc", '""', '"YWJj", "ZA=="'],
    ".zero": ["4"], ".space": ["4"], ".skip": ["4, 1"], ".fill": ["2, 4, 1"],
    ".incbin": ['"nofile"'],
    # layout
    ".align": ["4"], ".align32": ["4", "4, 1", "4, 1, 2", ""], ".balign": ["4"],
    ".balignw": ["4"], ".balignl": ["4"], ".p2align": ["2"], ".p2alignw": ["2"],
    ".p2alignl": ["2"], ".org": ["16"],
    ".bundle_align_mode": ["4"], ".bundle_lock": [""], ".bundle_unlock": [""],
    # symbols
    ".set": ["a, 1"], ".equ": ["a, 1"], ".equiv": ["a, 1"], ".eqv": ["a, 1"],
    ".globl": ["a"], ".global": ["a"], ".local": ["a"], ".weak": ["a"], ".hidden": ["a"],
    ".protected": ["a"], ".internal": ["a"], ".no_dead_strip": ["a"],
    ".extern": ["a", "", "a, b"], ".lazy_reference": ["a", ""], ".symbol_resolver": ["a"],
    ".private_extern": ["a", ""], ".reference": ["a", ""], ".weak_definition": ["a", ""],
    ".weak_reference": ["a", "", "a, b"], ".weak_def_can_be_hidden": ["a"], ".cold": ["a"],
    ".memtag": ["a", "", "a b"],
    ".comm": ["a, 4, 2"], ".common": ["a, 4", "a, 4, 2", "a", ""], ".lcomm": ["a, 4"],
    ".type": ["a, @function"], ".size": ["a, 4"], ".symver": ["a, a@V1", "a, a@@V1", "a, b",
                                                               "a", "", "a, a@@@V1, remove"],
    ".desc": ["a, 1"], ".lto_discard": ["a, b", "", "1"],
    ".lto_set_conditional": ["a, b", "a", "a, 1"],
    ".addrsig": [""], ".addrsig_sym": ["a"], ".ident": ['"x"'],
    # sections
    ".text": ["", "1"], ".data": ["", "2"], ".bss": [""], ".rodata": [""],
    ".tdata": ["", "1"], ".tbss": ["", "x"], ".data1": [""], ".rodata1": [""],
    ".section": [".foo"], ".pushsection": [".foo"], ".popsection": [""], ".previous": [""],
    ".subsection": ["1", "0", "", "x", "-1", "8192", "1\\n.byte 1\\n.subsection 0\\n.byte 2"],
    ".cg_profile": ["a, b, 10", "a, b", "a", "a, b, x"],
    # debug
    ".file": ['"a.c"'], ".line": ["3", "", "x"], ".loc": ["1 2"], ".stabs": ['"a",1,2,3,4'],
    ".loc_label": ["x", "", "1"],
    ".cv_file": ['1 "a"'], ".cv_loc": ["1 1 1"],
    ".cfi_sections": [".debug_frame"], ".cfi_startproc": [""], ".cfi_endproc": [""],
    ".cfi_label": ["x", ""],
    ".cfi_def_cfa": ["1, 2"], ".cfi_offset": ["1, 2"], ".cfi_val_offset": ["1, 2"],
    ".cfi_return_column": ["1"], ".cfi_negate_ra_state": [""], ".cfi_mte_tagged_frame": [""],
    ".cfi_b_key_frame": [""], ".cfi_window_save": [""], ".cfi_llvm_def_aspace_cfa": ["1, 2, 3"],
    ".cfi_llvm_register_pair": ["1, 2, 3, 4, 5"],
    ".pseudoprobe": ["1 2 3 4", ""], ".sleb128": ["-1"], ".uleb128": ["1"],
    # relocations
    ".reloc": ["0, R_AMDGPU_ABS32, a", "0, BFD_RELOC_32, a", "0, BFD_RELOC_NONE, a",
               "0, R_AMDGPU_NONE", ".", "0, R_AMDGPU_FOO, a", "x, R_AMDGPU_ABS32",
               "0, BFD_RELOC_64, a+4", "0", "0 R_AMDGPU_ABS32"],
    # macros and control
    ".macros_on": ["", "x"], ".macros_off": [""], ".altmacro": ["", "x"], ".noaltmacro": [""],
    ".abort": ["", "boom"], ".code16": [""], ".code16gcc": [""], ".err": [""],
    ".error": ['"x"'], ".warning": ['"x"'], ".print": ['"x"'], ".purgem": ["m"],
    ".end": [""], ".exitm": [""], ".endm": [""], ".endmacro": [""], ".endr": [""],
    ".rept": ["2\\n.byte 1\\n.endr"], ".rep": ["2\\n.byte 1\\n.endr"],
    ".irp": ["x,1,2\\n.byte \\x\\n.endr"], ".irpc": ["x,12\\n.byte \\x\\n.endr"],
    ".if": ["1\\n.endif"], ".ifeq": ["0\\n.endif"], ".ifge": ["0\\n.endif"],
    ".ifgt": ["0\\n.endif"], ".ifle": ["0\\n.endif"], ".iflt": ["0\\n.endif"],
    ".ifne": ["0\\n.endif"], ".ifb": ["\\n.endif"], ".ifnb": ["\\n.endif"],
    ".ifc": ["a,a\\n.endif"], ".ifeqs": ['"a","a"\\n.endif'], ".ifnc": ["a,b\\n.endif"],
    ".ifnes": ['"a","b"\\n.endif'], ".ifdef": ["a\\n.endif"], ".ifndef": ["a\\n.endif"],
    ".ifnotdef": ["a\\n.endif"], ".else": [""], ".elseif": ["1"], ".endif": [""],
    ".include": ['"nofile"'],
    # AMDGPU
    ".amdgcn_target": ['"amdgcn-amd-amdhsa--gfx1100"'], ".amdhsa_code_object_version": ["5"],
    ".amdgpu_lds": ["a, 4"], ".amdgpu_hsa_kernel": ["a"], ".amd_kernel_code_t": [""],
    ".amdgpu_metadata": [""], ".amdgpu_pal_metadata": [""], ".amd_amdgpu_isa": ['"x"'],
}

# Multi-line programs for directives whose effect shows only with others.
PROGRAMS = [
    ".altmacro\\n.macro m a\\n.byte \\a\\n.endm\\nm %1+2\\nm <3>",
    ".altmacro\\n.macro m a\\nlocal l\\nl: .byte \\a\\n.endm\\nm 1\\nm 2",
    ".altmacro\\n.macro m a\\n.ascii \"\\a\"\\n.endm\\nm <x!>y>",
    ".macros_off\\n.macro m\\n.endm\\n.macros_on\\n.macro m\\n.byte 1\\n.endm\\nm",
    ".text\\ns_nop 0\\n.subsection 1\\ns_nop 1\\n.subsection 0\\ns_nop 2",
    ".data\\n.byte 1\\n.subsection 2\\n.byte 2\\n.previous\\n.byte 3",
    "a:\\n.reloc a, R_AMDGPU_ABS32, b\\n.reloc 0, R_AMDGPU_ABS64, c\\n.long 0\\n.quad 0",
    ".reloc .+4, R_AMDGPU_ABS32_LO, x\\n.long 0, 0",
    "a: s_nop 0\\nb: s_nop 0\\n.cg_profile a, b, 32",
    ".tdata\\n.long 1\\n.tbss\\n.zero 4",
    ".octa 1, 0xffffffffffffffffffffffffffffffff, 340282366920938463463374607431768211455",
    "a: .byte 1\\n.symver a, a@@V1\\n.globl a",
    ".weak_reference w\\n.long w",
    ".cfi_startproc\\n.cfi_label x\\n.cfi_endproc",
    ".common c, 8, 4\\n.extern e\\n.long e",
    # .altmacro, \\+, GNU's binary '!', quoted names' escapes, generated labels, aliases
    ".altmacro\\n.macro m a, b=d\\n.ascii \"a|b|\\a&b\"\\n.endm\\nm %1+2, <3>\\nm <a!>b> %(2*3)",
    ".altmacro\\n.irp x, <a b>, %3\\n.ascii \"x\\x\\+\"\\n.endr\\n.irpc y, <a!>b>\\n.ascii \"y\"\\n.endr",
    ".altmacro\\n.macro m a\\n.byte a\\n.endm\\nm %(1",
    ".altmacro\\n.macro m a\\n.byte a\\n.endm\\nm %undefined",
    ".macro m\\n.byte \\+\\n.endm\\nm\\nm\\n.rept 2\\n.byte \\+\\n.endr",
    ".long 1 ! 2, 5 ! 0 + 1",
    "\"a\\\"b\": .long \"a\\\"b\"\\n\"e\\x41\":\\n.globl \"c\\\\d\"\\n.long \"c\\\\d\"",
    ".cfi_sections .eh_frame, .debug_frame\\n.cfi_startproc\\ns_nop 0\\n.cfi_label x\\n.cfi_endproc",
    "x:\\n.cfi_startproc\\n.cfi_label x\\n.cfi_endproc\\n.loc_label x",
    ".cfi_startproc\\n.cfi_personality 2, p\\n.cfi_lsda 0x1a, p\\n.cfi_endproc\\np: s_nop 0",
    ".cfi_startproc\\n.cfi_personality 2, p\\n.cfi_endproc",
    ".file 1 \"a.c\"\\n.loc 1 1\\ns_nop 0\\n.subsection 1\\n.loc 1 2\\ns_nop 1\\n.subsection 0\\ns_nop 2",
    "x:\\n.long 1\\n.size x, 4\\n.type x,@object\\ny = x\\n.globl y",
    ".macro m\\nl: .byte 1\\n.endm\\nm\\nm",
    ".macro m\\n.byte undefined_x\\n.endm\\nm",
    # unterminated blocks, nesting limits
    ".macro m\\n.byte 1", ".rept 2\\n.byte 1", ".irp x, 1\\n.byte 1", ".if 1\\n.byte 1",
    ".if 0\\n.else\\n.else\\n.endif", ".macro r\\nr\\n.endm\\nr",
]


def run(cmd, text, cwd):
    path = os.path.join(cwd, "in.s")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run(cmd + [path], cwd=cwd, capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr.replace(path.encode(), b"<in>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gfxasm", default="build/gfxasm")
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    ap.add_argument("--mcpu", default="gfx1100")
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    gfxasm = os.path.abspath(args.gfxasm)
    cases = [f"{name} {a}".rstrip() for name, lists in CASES.items() for a in lists]
    cases += PROGRAMS
    only = re.compile(args.only) if args.only else None
    differing = 0
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            if only and not only.search(case):
                continue
            text = case.replace("\\n", "\n") + "\n"
            for filetype in ("asm", "obj"):
                total += 1
                opts = [f"-triple=amdgcn-amd-amdhsa", f"-mcpu={args.mcpu}",
                        f"-filetype={filetype}", "-o", "-"]
                llvm = run([args.llvm_mc] + opts, text, tmp)
                ours = run([gfxasm] + opts, text, tmp)
                # (objects after errors are not compared: gfxasm writes none)
                same_out = llvm[1] == ours[1] or (filetype == "obj" and llvm[0] != 0)
                if llvm[0] == ours[0] and same_out and llvm[2] == ours[2]:
                    continue
                differing += 1
                print(f"--- {case!r} ({filetype}): status {llvm[0]} vs {ours[0]}")
                if llvm[2] != ours[2] or args.verbose:
                    print("  llvm:   " + llvm[2].decode(errors="replace").strip()[:300])
                    print("  gfxasm: " + ours[2].decode(errors="replace").strip()[:300])
                if not same_out and filetype == "asm":
                    print("  llvm out:   " + repr(llvm[1].decode(errors="replace"))[:300])
                    print("  gfxasm out: " + repr(ours[1].decode(errors="replace"))[:300])
                elif not same_out:
                    print(f"  object bytes differ ({len(llvm[1])} vs {len(ours[1])} bytes)")
    print(f"{differing} of {total} runs differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
