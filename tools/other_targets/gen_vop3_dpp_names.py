#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Writes src/isa/other_vop3_dpp_names.inc: the VALU names of gfxasm's tables (isa/gfx9, isa/gfx11)
that have a VOP3 DPP form (`NAME_e64_dpp`) in llvm-mc-22's match table on gfx12 or gfx1250/gfx1251
but none on gfx1100 or gfx1150, found by assembling each `NAME_e64_dpp` alone: a processor without
the form says "e64_dpp variant of this instruction is not supported" (or knows no such name).

With each name: whether those forms' src0 takes a VGPR pair on a processor without DP ALU DPP
(most take a 32-bit VGPR there: llvm's VRegWithInputMods class), found on gfx1100 by a statement
of the name's VOP3 operands with a pair as src0 and one operand too many.

llvm's matcher tries the variants of a name without an encoding suffix in turn and reports the
operand of the last one that has entries of the name (VOP3 DPP, of any processor), so these forms
decide where a VOP3 statement of such a name that matches nothing fails (assembler.cpp,
lastVariantError).

    tools/other_targets/gen_vop3_dpp_names.py
"""
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
OTHER_CPUS = ["gfx1200", "gfx1250", "gfx1251"]
GFX11_CPUS = ["gfx1100", "gfx1150"]
SUFFIXES = ("_e64_dpp", "_e32", "_e64", "_dpp", "_sdwa")


def candidates():
    names = set()
    for arch in ("gfx9", "gfx11"):
        d = os.path.join(ROOT, "isa", arch)
        for f in sorted(os.listdir(d)):
            if not f.endswith(".isa"):
                continue
            for line in open(os.path.join(d, f)):
                m = re.match(r"inst\s+(VOP\w*)\s+(v_\w+)", line)
                if not m or m.group(1) == "VOPD":
                    continue
                name = m.group(2)
                for s in SUFFIXES:
                    if name.endswith(s):
                        name = name[: -len(s)]
                        break
                names.add(name)
    return sorted(names)


def has_vop3_dpp(cpu, names):
    """The names whose `_e64_dpp` form llvm-mc-22 knows on `cpu` (one run, a line per name)."""
    text = "".join(f"{n}_e64_dpp\n" for n in names)
    p = subprocess.run(["llvm-mc-22", "-triple=amdgcn", f"-mcpu={cpu}", "-filetype=null"],
                       input=text, capture_output=True, text=True)
    missing = set()
    for line in p.stderr.splitlines():
        m = re.match(r"<stdin>:(\d+):\d+: error: (.*)", line)
        if m and ("variant of this instruction is not supported" in m.group(2)
                  or m.group(2) in ("invalid instruction", "instruction not supported on this GPU")
                  or m.group(2).startswith("invalid instruction,")):
            missing.add(int(m.group(1)) - 1)
    return {n for i, n in enumerate(names) if i not in missing}


def e64_operands(name):
    """The positional operands (field, width in dwords) of gfx11's VOP3 entry of `name`."""
    for f in sorted(os.listdir(os.path.join(ROOT, "isa", "gfx11"))):
        if not f.endswith(".isa"):
            continue
        for line in open(os.path.join(ROOT, "isa", "gfx11", f)):
            m = re.match(r"inst\s+VOP3(SD)?\s+(v_\w+)\s+\S+\s+(.*)", line)
            if not m or m.group(2) not in (name, name + "_e64"):
                continue
            ops = []
            for word in m.group(3).split():
                parts = word.split(":")
                if len(parts) == 3 and parts[0] in ("vdst", "sdst", "src0", "src1", "src2"):
                    ops.append((parts[0], 2 if parts[2].endswith("64") else 1))
            return ops
    return None


def src0_takes_pair(names):
    """The names whose other VOP3 DPP forms take a VGPR pair as src0 on gfx1100, which lacks DP
    ALU DPP (llvm's class of most of them takes a 32-bit VGPR there): a statement of the name's
    VOP3 operands, src0 a pair, and one operand too many fails after src0 (one line per name)."""
    probes = []
    for n in names:
        ops = e64_operands(n)
        if not ops or not any(f == "src0" and w == 2 for f, w in ops):
            continue
        text = []
        for k, (f, w) in enumerate(ops):
            if f == "sdst":
                text.append("vcc_lo")
            elif w == 2:
                text.append(f"v[{2 * k}:{2 * k + 1}]")
            else:
                text.append(f"v{2 * k}")
        probes.append((n, f"{n} {', '.join(text)}, v99\n", len(n) + 2 + len(", ".join(
            text[: [f for f, _ in ops].index("src0")])) + 2))
    p = subprocess.run(["llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1100", "-filetype=null"],
                       input="".join(t for _, t, _ in probes), capture_output=True, text=True)
    cols = {}
    for line in p.stderr.splitlines():
        m = re.match(r"<stdin>:(\d+):(\d+): error: (.*)", line)
        if m:
            cols.setdefault(int(m.group(1)) - 1, int(m.group(2)))
    return {n for i, (n, _, src0) in enumerate(probes) if cols.get(i, 0) > src0}


def main():
    names = candidates()
    other = set().union(*(has_vop3_dpp(cpu, names) for cpu in OTHER_CPUS))
    gfx11 = set().union(*(has_vop3_dpp(cpu, names) for cpu in GFX11_CPUS))
    found = sorted(other - gfx11)
    pair = src0_takes_pair(found)
    out = os.path.join(ROOT, "src", "isa", "other_vop3_dpp_names.inc")
    with open(out, "w") as f:
        f.write("// Copyright 2026 The gfxasm Authors\n// SPDX-License-Identifier: Apache-2.0\n")
        f.write("// Generated by tools/other_targets/gen_vop3_dpp_names.py from llvm-mc-22's "
                f"assembler ({', '.join(OTHER_CPUS)}; not {', '.join(GFX11_CPUS)}). Do not edit.\n")
        f.write("// {name, whether src0 takes a VGPR pair without DP ALU DPP}\n")
        for n in found:
            f.write(f'{{"{n}", {"true" if n in pair else "false"}}},\n')


if __name__ == "__main__":
    main()
